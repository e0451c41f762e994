// Speed of river re-solving (agent/river_solver.h) in the bundled no-limit game: a river checked
// to the player first to act (pot 2 bb, 200 bb stacks), both ranges every pair (1081 each, the
// largest case) or a third of them, by CFR iterations; the `exploitability` counter is the
// subgame's, in chips (the pot is 200). The work bound is lifted: every iteration is run.
#include <array>
#include <string>

#include "agent/river_solver.h"
#include "benchmark/benchmark.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "tools/bench/bench_main.h"

namespace {

// state.range(0): iterations; state.range(1): 1 = every pair in both ranges, 3 = every third.
void BM_RiverResolve(benchmark::State& state) {
  const poker::GameDef game = *poker::LoadGameDef(
      std::string(POKER_SOURCE_DIR) + "/data/games/holdem.nolimit.2p.reverse_blinds.game");
  poker::State s(game, 0);
  (void)poker::ApplyBetting("cc/cc/cc/", &s);
  (void)poker::ApplyCards("|/2c7d9h/Jc/3s", false, &s);
  std::array<float, poker::kNumPairs> weights{};
  for (int pair = 0; pair < poker::kNumPairs; pair += static_cast<int>(state.range(1))) {
    weights[pair] = 1;
  }
  const poker::PairCards hole = *poker::ParsePair("AhKd");
  weights[poker::PairIndex(hole.low, hole.high)] = 1;
  agent::RiverSolver solver;
  agent::RiverSolveOptions options;
  options.iterations = static_cast<int>(state.range(0));
  options.max_work = 1e12;  // every iteration asked for (the agent's default bound is 2e7)
  int nodes = 0;
  for (auto _ : state) {
    absl::StatusOr<agent::RiverSolution> solved =
        solver.Solve(s, {&weights, &weights}, hole, options);
    if (solved.ok()) nodes = solved->nodes;
    benchmark::DoNotOptimize(solved);
  }
  state.counters["exploitability"] = solver.Exploitability();
  state.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK(BM_RiverResolve)
    ->Args({50, 1})
    ->Args({100, 1})
    ->Args({200, 1})
    ->Args({400, 1})
    ->Args({100, 3})
    ->Args({200, 3})
    ->Args({1000, 3})
    ->Unit(benchmark::kMillisecond);

}  // namespace

POKER_BENCHMARK_MAIN("river_bench");
