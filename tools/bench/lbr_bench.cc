// Speed of local best response's parts (docs/lbr.md): our equity against all 1326 opponent
// pairs on a board of 0 (the class table, filled once and kept), 3 (exact and sampled run-outs),
// 4 and 5 cards, and a no-limit blueprint's strategy report for every pair.
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "solver/cfr_player.h"
#include "tools/bench/bench_main.h"
#include "tools/lbr/lbr.h"
#include "tools/lbr/showdown_equity.h"

namespace {

using poker::Card;

poker::GameDef Game(const std::string& name) {
  return *poker::LoadGameDef(std::string(POKER_SOURCE_DIR) + "/data/games/" + name);
}

std::vector<Card> Cards(const char* text) { return *poker::ParseCards(text); }

// state.range(0): board cards (0, 3, 4, 5); state.range(1): flop run-outs (0 = all 1081).
void BM_LbrEquityVector(benchmark::State& state) {
  const poker::GameDef game = Game("holdem.nolimit.2p.reverse_blinds.game");
  lbr::EquityOptions options;
  options.flop_runouts = static_cast<int>(state.range(1));
  std::unique_ptr<lbr::ShowdownEquity> engine = *lbr::ShowdownEquity::Create(game, options);
  const std::vector<Card> hole = Cards("AhKh");
  const std::vector<Card> full = Cards("Qh7h2c5dTs");
  const std::vector<Card> board(full.begin(), full.begin() + state.range(0));
  std::vector<double> equity;
  for (auto _ : state) {
    engine->Compute(hole, board, &equity);
    benchmark::DoNotOptimize(equity.data());
  }
}
BENCHMARK(BM_LbrEquityVector)
    ->Args({0, 0})
    ->Args({3, 0})
    ->Args({3, 100})
    ->Args({4, 0})
    ->Args({5, 0})
    ->Unit(benchmark::kMicrosecond);

// One report of the bundled no-limit blueprint on a flop whose bucket table is filled (after the
// first iteration).
void BM_CfrReportFlop(benchmark::State& state) {
  const poker::GameDef game = Game("holdem.nolimit.2p.reverse_blinds.game");
  auto blueprint = *solver::LoadSharedBlueprint(
      std::string(POKER_SOURCE_DIR) + "/data/strategies/holdem.nolimit.2p.strategy", &game);
  const solver::CfrDecider decider(blueprint, 1);
  poker::State s(game, 0);
  (void)poker::ApplyBetting("r300c/", &s);
  (void)poker::ApplyCards("|/Qh7h2c", false, &s);
  poker::StrategyReport report;
  for (auto _ : state) {
    decider.Report(s, &report);
    benchmark::DoNotOptimize(report.probabilities.data());
  }
}
BENCHMARK(BM_CfrReportFlop)->Unit(benchmark::kMicrosecond);

}  // namespace

POKER_BENCHMARK_MAIN("lbr_bench");
