// The main function of the benchmark programs: Google Benchmark's, plus `--version` as every
// program of the project answers it (cli/version.h).
#ifndef TOOLS_BENCH_BENCH_MAIN_H_
#define TOOLS_BENCH_BENCH_MAIN_H_

#include <iostream>

#include "benchmark/benchmark.h"
#include "cli/version.h"

// Use at namespace scope instead of BENCHMARK_MAIN(): POKER_BENCHMARK_MAIN("poker_bench").
#define POKER_BENCHMARK_MAIN(program)                          \
  int main(int argc, char** argv) {                            \
    if (cli::AsksForVersion(argc, argv)) {                     \
      std::cout << cli::VersionLine(program);                  \
      return 0;                                                \
    }                                                          \
    benchmark::Initialize(&argc, argv);                        \
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {  \
      return 2;                                                \
    }                                                          \
    benchmark::RunSpecifiedBenchmarks();                       \
    benchmark::Shutdown();                                     \
    return 0;                                                  \
  }

#endif  // TOOLS_BENCH_BENCH_MAIN_H_
