// The agent's default `search` policy reports its strategy for every pair (LBR can play against
// it): the report against Decide itself with each pair, and a report that changes nothing Decide
// later does; asked for some sets only, it gives them the same rows.
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/strategy_report.h"
#include "tests/common/test_support.h"
#include "tests/lbr/state_at.h"

namespace lbr {
namespace {

using poker::Action;
using poker::Card;
using poker::State;

// A search small enough for a test (a report is one search per pair), with `extra` parameters.
std::unique_ptr<agent::Policy> CheapSearch(const std::map<std::string, double>& extra = {}) {
  agent::PolicyParams params;
  for (const auto& [name, value] : extra) params.extra[name] = value;
  params.extra["search_nodes"] = 150;
  params.extra["search_preflop_runouts"] = 200;
  params.extra["search_root_flops"] = 2;
  params.extra["search_root_flop_runouts"] = 4;
  absl::StatusOr<std::unique_ptr<agent::Policy>> policy = agent::MakePolicy("search", params);
  EXPECT_TRUE(policy.ok()) << policy.status();
  return policy.ok() ? *std::move(policy) : nullptr;
}

// `state` with `pair` as our hole cards (Decide reads the opponent's range with their removal).
State Holding(State state, int me, poker::PairCards pair) {
  state.set_hole_card(me, 0, pair.low);
  state.set_hole_card(me, 1, pair.high);
  return state;
}

// Decide with `pair` drawn `draws` times (the anchor's draw from the blueprint varies): each
// action taken must have the report's support for that pair, an action the report gives the pair
// wholly must be the one taken every time, and the shares taken follow the report's.
TEST(SearchPolicyReport, MatchesDecideForEachPair) {
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  // The blueprint mixed (not purified as its file asks) and a small margin: some pairs keep the
  // anchor's draw, some play the search's best instead.
  const std::map<std::string, double> extra = {{"search_anchor_play", 0},
                                               {"search_margin", 0},
                                               {"search_margin_near", 0},
                                               {"search_margin_floor", 0.02}};
  std::unique_ptr<agent::Policy> policy = CheapSearch(extra);
  ASSERT_NE(policy, nullptr);
  constexpr uint64_t kSeed = 77;
  constexpr int kDraws = 12;
  int mixed_rows = 0;
  int search_overrides = 0;  // pairs whose report differs from the blueprint's own
  for (const char* betting : {"r250", "r300c/", "r300c/r600", "r300c/cr900c/"}) {
    const State state = StateOf(game, betting, "|/Th9h2c/5s");
    const int me = state.CurrentPlayer();
    poker::StrategyReport report;
    ASSERT_TRUE(policy->ReportStrategy(agent::ReportQuery{state, me, nullptr, kSeed}, &report))
        << betting;
    ASSERT_GT(report.num_actions(), 0) << betting;
    poker::CardSet board;
    for (int i = 0; i < state.NumBoardCardsVisible(); ++i) board.Add(state.board_card(i));
    std::mt19937_64 rng(5);
    int checked = 0;
    for (int p = 11; p < poker::kNumPairs && checked < 8; p += 163) {
      const poker::PairCards pair = poker::PairFromIndex(p);
      if (board.Contains(pair.low) || board.Contains(pair.high)) continue;
      ++checked;
      double sum = 0;
      double top = 0;
      for (int a = 0; a < report.num_actions(); ++a) {
        sum += report.at(p, a);
        top = std::max(top, report.at(p, a));
      }
      EXPECT_NEAR(sum, 1.0, 1e-9) << betting << " pair " << p;
      mixed_rows += top < 0.999;
      const State holding = Holding(state, me, pair);
      const Card cards[2] = {pair.low, pair.high};
      agent::Decision d{holding, me, pair, agent::EquityResult{}, 1, &rng};
      d.seed = kSeed;
      d.hole_cards = cards;
      // Decide reads the opponent's range once a hand, with the hand's hole cards: a policy of
      // its own for each pair.
      std::unique_ptr<agent::Policy> deciding = CheapSearch(extra);
      ASSERT_NE(deciding, nullptr);
      std::vector<int> taken(report.num_actions(), 0);
      for (int i = 0; i < kDraws; ++i) {
        const Action action =
            poker::RecordedAction(holding, agent::MakeLegal(holding, deciding->Decide(d)));
        const int a = report.IndexOf(action);
        ASSERT_GE(a, 0) << betting << " pair " << p;
        EXPECT_GT(report.at(p, a), 0) << betting << " pair " << p << " action " << a;
        ++taken[a];
        search_overrides += deciding->explanation().find(": search ") != std::string::npos;
      }
      for (int a = 0; a < report.num_actions(); ++a) {
        if (report.at(p, a) >= 0.999) {
          EXPECT_EQ(taken[a], kDraws) << betting << " pair " << p;
        }
        EXPECT_NEAR(static_cast<double>(taken[a]) / kDraws, report.at(p, a), 0.35)
            << betting << " pair " << p << " action " << a;
      }
    }
    EXPECT_EQ(checked, 8) << betting;
    // Asked for a few sets only, the report gives them the same rows.
    poker::StrategyReport few;
    few.wanted.assign(poker::kNumPairs, 0);
    for (int p : {11, 174, 500}) few.wanted[p] = 1;
    ASSERT_TRUE(policy->ReportStrategy(agent::ReportQuery{state, me, nullptr, kSeed}, &few));
    for (int p : {11, 174, 500}) {
      const poker::PairCards pair = poker::PairFromIndex(p);
      if (board.Contains(pair.low) || board.Contains(pair.high)) continue;
      for (int a = 0; a < report.num_actions(); ++a) {
        const int b = few.IndexOf(report.actions[a]);
        EXPECT_EQ(b < 0 ? 0.0 : few.at(p, b), report.at(p, a)) << betting << " pair " << p;
      }
    }
  }
  // The blueprint mixes somewhere, and the search overrides it somewhere: both paths are checked.
  EXPECT_GT(mixed_rows, 0);
  EXPECT_GT(search_overrides, 0);
}

// A report between decisions changes nothing the policy decides afterwards.
TEST(SearchPolicyReport, ChangesNothingDecideDoes) {
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  std::unique_ptr<agent::Policy> plain = CheapSearch();
  std::unique_ptr<agent::Policy> asked = CheapSearch();
  ASSERT_NE(plain, nullptr);
  ASSERT_NE(asked, nullptr);
  const poker::PairCards pair = poker::PairFromIndex(900);
  for (const char* betting : {"r250", "r300c/r600"}) {
    const State state = Holding(StateOf(game, betting, "|/Th9h2c/5s"), 0, pair);
    const int me = state.CurrentPlayer();
    const State holding = Holding(state, me, pair);
    const Card cards[2] = {pair.low, pair.high};
    std::mt19937_64 rng_plain(3), rng_asked(3);
    agent::Decision a{holding, me, pair, agent::EquityResult{}, 1, &rng_plain};
    agent::Decision b{holding, me, pair, agent::EquityResult{}, 1, &rng_asked};
    a.seed = b.seed = 91;
    a.hole_cards = b.hole_cards = cards;
    const Action before = plain->Decide(a);
    poker::StrategyReport report;
    ASSERT_TRUE(asked->ReportStrategy(agent::ReportQuery{state, me, nullptr, 12345}, &report));
    const Action after = asked->Decide(b);
    EXPECT_EQ(before, after) << betting;
    EXPECT_EQ(plain->action_values(), asked->action_values()) << betting;
    EXPECT_EQ(plain->explanation(), asked->explanation()) << betting;
  }
}

}  // namespace
}  // namespace lbr
