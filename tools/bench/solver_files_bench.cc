// Loading the bundled strategy files (data/strategies/): reading, checking the checksum and
// rebuilding the betting tree and card abstraction, as `agent --policy cfr` and
// `bot --style cfr` do once per process. Part of solver_bench.
#include <string>

#include "benchmark/benchmark.h"
#include "solver/strategy_file.h"

namespace {

void BM_LoadBlueprint(benchmark::State& state, const std::string& file) {
  const std::string path = std::string(POKER_SOURCE_DIR) + "/data/strategies/" + file;
  int64_t infosets = 0;
  for (auto _ : state) {
    absl::StatusOr<std::unique_ptr<solver::Blueprint>> blueprint = solver::Blueprint::Load(path);
    if (!blueprint.ok()) {
      state.SkipWithError(std::string(blueprint.status().message()).c_str());
      return;
    }
    infosets = (*blueprint)->header().num_infosets();
    benchmark::DoNotOptimize(blueprint);
  }
  state.counters["infosets"] = static_cast<double>(infosets);
}
BENCHMARK_CAPTURE(BM_LoadBlueprint, limit, std::string("holdem.limit.2p.strategy"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LoadBlueprint, nolimit, std::string("holdem.nolimit.2p.strategy"))
    ->Unit(benchmark::kMillisecond);

}  // namespace
