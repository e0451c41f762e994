// Speed of local best response's parts (docs/lbr.md): our equity against all 1326 opponent
// pairs on a board of 0 (the class table, filled once and kept), 3 (exact and sampled run-outs),
// 4 and 5 cards, and the strategy report for every pair of a no-limit blueprint and of the
// default agent's `search` policy (one search per pair).
#include <memory>
#include <string>
#include <vector>

#include "agent/policies.h"
#include "agent/policy.h"
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

// One report of the `search` policy (default parameters, bundled blueprint, nothing learned yet):
// one search per pair the board leaves. state.range(0): 0 preflop (the small blind's first
// action), 1 on a flop checked to us, 2 on that flop facing a pot-size bet. Each iteration is a
// whole report (3 to 100 s of CPU): two iterations each, about 4 minutes in all.
void BM_SearchReport(benchmark::State& state) {
  const poker::GameDef game = Game("holdem.nolimit.2p.reverse_blinds.game");
  std::unique_ptr<agent::Policy> policy = *agent::MakePolicy("search", agent::PolicyParams{});
  const char* betting[] = {"", "r300c/", "r300c/r900"};
  poker::State s(game, 0);
  (void)poker::ApplyBetting(betting[state.range(0)], &s);
  if (s.round() > 0) (void)poker::ApplyCards("|/Qh7h2c", false, &s);
  poker::StrategyReport report;
  for (auto _ : state) {
    if (!policy->ReportStrategy(agent::ReportQuery{s, s.CurrentPlayer(), nullptr, 7}, &report)) {
      state.SkipWithError("no report");
      break;
    }
    benchmark::DoNotOptimize(report.probabilities.data());
  }
}
BENCHMARK(BM_SearchReport)->DenseRange(0, 2)->Iterations(2)->Unit(benchmark::kMillisecond);

}  // namespace

POKER_BENCHMARK_MAIN("lbr_bench");
