// Speed of in-process ring matches (hands per second on one core), heads-up no-limit and limit.
// Run: build/bin/arena_benchmark  (items_per_second = hands/s).
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "poker/game_def.h"
#include "tools/arena/ring.h"
#include "tools/bench/bench_main.h"

namespace {

constexpr char kNoLimit2p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr char kLimit2p[] =
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";

void RunRing(benchmark::State& bench, const char* game_text, const std::string& a,
             const std::string& b) {
  const poker::GameDef game = *poker::ParseGameDef(game_text);
  const std::vector<arena::PlayerSpec> players = {{"A", a}, {"B", b}};
  arena::RingOptions options;
  options.hands = 2000;
  uint32_t seed = 0;
  for (auto _ : bench) {
    options.seed = seed++;
    benchmark::DoNotOptimize(arena::RunRing(game, players, options));
  }
  bench.SetItemsProcessed(bench.iterations() * options.hands);
}

void BM_RingNoLimitTaVsLa(benchmark::State& bench) {
  RunRing(bench, kNoLimit2p, "bot:style=ta,seed=1", "bot:style=la,seed=2");
}
BENCHMARK(BM_RingNoLimitTaVsLa)->Unit(benchmark::kMillisecond);

void BM_RingNoLimitTpVsLp(benchmark::State& bench) {
  RunRing(bench, kNoLimit2p, "bot:style=tp,seed=1", "bot:style=lp,seed=2");
}
BENCHMARK(BM_RingNoLimitTpVsLp)->Unit(benchmark::kMillisecond);

void BM_RingLimitTaVsLa(benchmark::State& bench) {
  RunRing(bench, kLimit2p, "bot:style=ta,seed=1", "bot:style=la,seed=2");
}
BENCHMARK(BM_RingLimitTaVsLa)->Unit(benchmark::kMillisecond);

void BM_RingRandomVsRandom(benchmark::State& bench) {
  RunRing(bench, kNoLimit2p, "bot:style=random,seed=1", "bot:style=random,seed=2");
}
BENCHMARK(BM_RingRandomVsRandom)->Unit(benchmark::kMillisecond);

}  // namespace

POKER_BENCHMARK_MAIN("arena_benchmark");
