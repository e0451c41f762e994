// River re-solving (agent/river_solver.h): the terminal values against a brute-force sum over
// every pair of pairs, the subgame's exploitability falling with iterations to a small share of
// the pot, calls and folds facing an all-in that follow from the ranges, and the `search` policy
// deciding river spots by it with search_resolve=1 (the same action for the same seed), and with
// search_resolve=2 until the opponent is seen calling loosely, and the re-solved action as the
// search's anchor with search_resolve=3.
#include "agent/river_solver.h"

#include <array>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "agent/policies.h"
#include "agent/policy.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"
#include "poker/state.h"
#include "tests/agentplay/agent_test_util.h"

namespace agent {
namespace {

using agentplay_test::C;
using poker::Action;
using poker::State;
using Weights = std::array<float, poker::kNumPairs>;

// Heads-up no-limit (blinds 50/100, stacks 20000), 2c 7d 9h Jc 3s, checked to the river: pot 200,
// position 0 to act, holding `a` `b`.
State CheckedRiver(const poker::GameDef& game, const char* a, const char* b) {
  return agentplay_test::CheckedRiver(game, a, b, 7);
}

Weights Uniform() {
  Weights w;
  w.fill(1.0f);
  return w;
}

TEST(RiverSolverTest, TerminalValuesEqualTheSumOverEveryPairOfPairs) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const State spot = CheckedRiver(game, "Ah", "Kd");
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::array<Weights, 2> weights;
  for (Weights& w : weights) {
    for (float& x : w) x = unit(rng) < 0.3f ? 0.0f : unit(rng);
  }
  RiverSolver solver;
  RiverSolveOptions options;
  options.iterations = 1;
  options.min_share = 0;
  ASSERT_TRUE(solver.Solve(spot, {&weights[0], &weights[1]}, {C("Kd"), C("Ah")}, options).ok());
  std::array<poker::Card, 7> cards{};
  for (int i = 0; i < 5; ++i) cards[i + 2] = spot.board_card(i);
  auto rank = [&cards](int pair) {
    const poker::PairCards c = poker::PairFromIndex(pair);
    cards[0] = c.low;
    cards[1] = c.high;
    return poker::EvaluateSevenCards(cards.data());
  };
  for (int p = 0; p < 2; ++p) {
    const std::vector<int>& mine = solver.pairs(p);
    const std::vector<int>& theirs = solver.pairs(1 - p);
    std::vector<float> reach(theirs.size());
    for (float& r : reach) r = unit(rng);
    for (int fold : {-1, 0, 1}) {
      std::vector<float> values;
      solver.TerminalValues(p, fold, 300, reach, &values);
      ASSERT_EQ(values.size(), mine.size());
      for (size_t h = 0; h < mine.size(); h += 7) {
        const poker::PairCards a = poker::PairFromIndex(mine[h]);
        const poker::CardSet ours({a.low, a.high});
        double expected = 0;
        for (size_t j = 0; j < theirs.size(); ++j) {
          const poker::PairCards b = poker::PairFromIndex(theirs[j]);
          if (ours.Contains(b.low) || ours.Contains(b.high)) continue;
          double u = 0;
          if (fold >= 0) {
            u = fold == p ? -300 : 300;
          } else {
            const auto ra = rank(mine[h]);
            const auto rb = rank(theirs[j]);
            u = ra > rb ? 300 : ra < rb ? -300 : 0;
          }
          expected += reach[j] * u;
        }
        ASSERT_NEAR(values[h], expected, 1e-3 * (1 + std::abs(expected)))
            << "position " << p << " fold " << fold << " hand " << h;
      }
    }
  }
}

TEST(RiverSolverTest, ExploitabilityFallsToASmallShareOfThePot) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const State spot = CheckedRiver(game, "Ah", "Kd");
  const Weights uniform = Uniform();
  RiverSolver solver;
  RiverSolveOptions options;
  options.max_work = 1e12;
  std::vector<double> exploitability;
  for (int iterations : {2, 20, 400}) {
    options.iterations = iterations;
    absl::StatusOr<RiverSolution> solved =
        solver.Solve(spot, {&uniform, &uniform}, {C("Kd"), C("Ah")}, options);
    ASSERT_TRUE(solved.ok()) << solved.status();
    EXPECT_EQ(solved->iterations, iterations);
    exploitability.push_back(solver.Exploitability());
  }
  // The work bound: nodes x pairs of both ranges x iterations.
  options.max_work = 1e6;
  absl::StatusOr<RiverSolution> bounded =
      solver.Solve(spot, {&uniform, &uniform}, {C("Kd"), C("Ah")}, options);
  ASSERT_TRUE(bounded.ok());
  EXPECT_EQ(bounded->iterations,
            static_cast<int>(1e6 / (bounded->nodes * (bounded->pairs[0] + bounded->pairs[1]))));
  EXPECT_GT(exploitability[0], exploitability[1]);
  EXPECT_GT(exploitability[1], exploitability[2]);
  EXPECT_GE(exploitability[2], -1e-3);
  // The pot is 200 chips; the joint weight of compatible pairs is about 0.9.
  EXPECT_LT(exploitability[2], 0.01 * 200) << exploitability[0] << " " << exploitability[1];
}

TEST(RiverSolverTest, FacingAnAllInTheRangesDecide) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  // Position 0 checks, position 1 moves all-in: position 0 to answer.
  State spot = CheckedRiver(game, "8s", "Td");
  ASSERT_TRUE(spot.Apply(Action::Call()).ok());
  int32_t min_to = 0;
  int32_t max_to = 0;
  ASSERT_TRUE(spot.RaiseRange(&min_to, &max_to));
  ASSERT_TRUE(spot.Apply(Action::Raise(max_to)).ok());
  ASSERT_EQ(spot.CurrentPlayer(), 0);
  // The shover holds sets (nines or threes); we hold every pair.
  Weights shover{};
  for (const char* pair : {"9c9d", "9c9s", "9d9s", "3c3d", "3c3h", "3d3h"}) {
    const poker::PairCards c = poker::ParsePair(pair).value();
    shover[poker::PairIndex(c.low, c.high)] = 1;
  }
  const Weights ours = Uniform();
  RiverSolver solver;
  RiverSolveOptions options;
  options.iterations = 300;
  auto call_share = [&](const char* hole) {
    const poker::PairCards c = poker::ParsePair(hole).value();
    absl::StatusOr<RiverSolution> solved = solver.Solve(spot, {&ours, &shover}, c, options);
    EXPECT_TRUE(solved.ok()) << solved.status();
    if (!solved.ok()) return -1.0;
    for (size_t i = 0; i < solved->actions.size(); ++i) {
      if (solved->actions[i].type == poker::ActionType::kCall) return solved->strategy[i];
    }
    return -1.0;
  };
  EXPECT_GT(call_share("8sTd"), 0.99);  // the straight beats every hand of the range
  EXPECT_LT(call_share("AhAd"), 0.01);  // aces lose to every hand of the range
}

// The `search` policy with search_resolve=`mode`, seated heads-up in `game`.
std::unique_ptr<Policy> Resolving(const poker::GameDef& game, double mode) {
  return agentplay_test::SearchPolicy(
      game, {{"search_resolve", mode}, {"search_resolve_iterations", 50}});
}

// The policy's action at `spot` (position 0 to act), with a fixed seed.
Action DecideAt(Policy* policy, const State& spot) {
  std::mt19937_64 rng(5);
  Decision d{spot, 0, {spot.hole_card(0, 0), spot.hole_card(0, 1)}, EquityResult{}, 1, &rng};
  d.seed = 99;
  return policy->Decide(d);
}

TEST(RiverSolverTest, TheSearchPolicyResolvesTheRiverWhenAsked) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<Policy> policy = Resolving(game, 1);
  ASSERT_NE(policy, nullptr);
  const State spot = CheckedRiver(game, "Jh", "4h");
  std::vector<Action> chosen;
  for (int run = 0; run < 2; ++run) {
    chosen.push_back(DecideAt(policy.get(), spot));
    EXPECT_TRUE(spot.IsLegal(chosen.back()));
    EXPECT_NE(policy->explanation().find("river re-solved"), std::string::npos)
        << policy->explanation();
    EXPECT_GE(policy->action_values().size(), 3u);
  }
  EXPECT_EQ(chosen[0], chosen[1]);
}

// search_resolve=2: the river is re-solved until the opponent has been seen calling our bets with
// weak hands (ten river bets of half the pot called with six high), then searched.
TEST(RiverSolverTest, ALooseCallerIsSearchedNotResolved) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<Policy> policy = Resolving(game, 2);
  ASSERT_NE(policy, nullptr);
  const State spot = CheckedRiver(game, "Jh", "Ah");
  DecideAt(policy.get(), spot);
  EXPECT_NE(policy->explanation().find("river re-solved"), std::string::npos);
  for (uint32_t hand = 10; hand < 20; ++hand) {
    State called = CheckedRiver(game, "Jh", "Ah");
    called.set_hole_card(1, 0, C("6d"));
    called.set_hole_card(1, 1, C("4c"));
    ASSERT_TRUE(called.Apply(Action::Raise(200)).ok());
    ASSERT_TRUE(called.Apply(Action::Call()).ok());
    ASSERT_TRUE(called.finished());
    policy->EndHand(called, 0, 0);
  }
  DecideAt(policy.get(), spot);
  const std::string searched = policy->explanation();
  EXPECT_EQ(searched.find("river re-solved"), std::string::npos) << searched;
  EXPECT_NE(searched.find("search"), std::string::npos) << searched;
}

// search_resolve=3: the search decides the river as elsewhere, with the re-solved action as its
// anchor (the explanation names both).
TEST(RiverSolverTest, TheReSolvedActionCanBeTheSearchsAnchor) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<Policy> policy = Resolving(game, 3);
  ASSERT_NE(policy, nullptr);
  const State spot = CheckedRiver(game, "Jh", "Ah");
  EXPECT_TRUE(spot.IsLegal(DecideAt(policy.get(), spot)));
  const std::string why = policy->explanation();
  EXPECT_EQ(why.rfind("search ", 0), 0u) << why;
  EXPECT_NE(why.find("(river re-solved"), std::string::npos) << why;
}

}  // namespace
}  // namespace agent
