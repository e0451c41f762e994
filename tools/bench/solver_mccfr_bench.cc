// Monte Carlo CFR speed on the heads-up limit hold'em abstraction of the bundled blueprint
// (holdem:169,64,64,64, the real limit betting): sampled iterations per second (one external-
// sampling traversal per player each) on 1 and 2 threads, wall clock. The bucket tables are
// filled first by a warm-up of 400 K iterations (not timed; ~1 minute), so the figure is the
// steady rate of a long run. Part of solver_bench; run it with both CPU slots to itself (an idle
// machine) and report the load.
#include <memory>
#include <string>

#include "benchmark/benchmark.h"
#include "poker/game_def.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/mccfr.h"

namespace {

struct LimitSetup {
  std::unique_ptr<solver::CardAbstraction> cards;
  std::unique_ptr<solver::BettingTree> tree;
};

const LimitSetup* WarmLimitSetup() {
  static const LimitSetup* setup = [] {
    auto* s = new LimitSetup;
    absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(
        std::string(POKER_SOURCE_DIR) + "/data/games/holdem.limit.2p.reverse_blinds.game");
    if (!game.ok()) return s;
    s->cards = solver::MakeCardAbstraction(*game, "holdem:169,64,64,64").value();
    s->tree = std::make_unique<solver::BettingTree>(
        solver::BettingTree::Build(*game, solver::ActionAbstraction{}, *s->cards).value());
    solver::Mccfr warm(*s->tree, *s->cards, solver::MccfrOptions{.threads = 2, .seed = 9});
    warm.Run(400'000).IgnoreError();
    return s;
  }();
  return setup;
}

void BM_MccfrLimitHoldem(benchmark::State& state) {
  const LimitSetup* s = WarmLimitSetup();
  if (s->tree == nullptr) {
    state.SkipWithError("data/games/holdem.limit.2p.reverse_blinds.game not found");
    return;
  }
  solver::Mccfr mccfr(*s->tree, *s->cards,
                      solver::MccfrOptions{.threads = static_cast<int>(state.range(0)),
                                           .seed = 1,
                                           .weighting = solver::Weighting::kLinear});
  constexpr int64_t kBatch = 131'072;
  for (auto _ : state) mccfr.Run(mccfr.iterations() + kBatch).IgnoreError();
  state.SetItemsProcessed(mccfr.iterations());
  state.counters["threads"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_MccfrLimitHoldem)
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(5);

}  // namespace
