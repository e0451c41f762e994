// The policies: betting arithmetic, 000's thresholds with SPEC 9's adjustments, 001's joker,
// parameters by name, and the legality property over many random states of several games.
#include "agent/policies.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "agent/agent_player.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "tests/agentplay/agent_test_util.h"
#include "tests/common/test_support.h"

namespace agent {
namespace {

using agentplay_test::Game;
using poker::Action;
using poker::State;

// A state of `game` after `betting`, with `cards` (ACPC card section) applied.
State MakeState(const poker::GameDef& game, const std::string& betting, const std::string& cards) {
  State state(game, 0);
  EXPECT_TRUE(poker::ApplyBetting(betting, &state).ok()) << betting;
  EXPECT_TRUE(poker::ApplyCards(cards, false, &state).ok()) << cards;
  return state;
}

PolicyParams Deterministic() {
  PolicyParams p;
  p.threshold_noise = 0;
  p.fold_equity = 0;
  p.semibluff_prob = 0;
  return p;
}

Decision MakeDecision(const State& state, double equity, std::mt19937_64* rng) {
  const int me = state.CurrentPlayer();
  Decision d{state, me, {state.hole_card(me, 0), state.hole_card(me, 1)}, EquityResult{}, 0, rng};
  d.equity.equity = equity;
  for (int p = 0; p < state.game().num_players; ++p) d.opponents_in += p != me && !state.folded(p);
  return d;
}

TEST(MultiwayScaleTest, MapsThePapersSeventyPercentHeadsUpToFiftyFiveThreeWay) {
  EXPECT_DOUBLE_EQ(MultiwayScale(1, 0.6), 1.0);
  EXPECT_NEAR(0.70 * MultiwayScale(2, 0.6), 0.549, 0.001);
  EXPECT_LT(MultiwayScale(5, 0.6), MultiwayScale(2, 0.6));
}

TEST(BetArithmeticTest, HalfPotAndPotAreRaiseToTotalsClampedToLegal) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  // Preflop, the small blind (position 1) to act: 50 to call, pot 150, pot after call 200.
  const State preflop = MakeState(game, "", "|AhKh");
  EXPECT_EQ(ToCall(preflop), 50);
  EXPECT_EQ(BetFraction(preflop, 0.5), Action::Raise(200));     // 100 + 100
  EXPECT_EQ(BetFraction(preflop, 1.0), Action::Raise(300));     // 100 + 200
  EXPECT_EQ(BetFraction(preflop, 0.01), Action::Raise(200));    // the minimum raise-to
  EXPECT_EQ(BetFraction(preflop, 1000), Action::Raise(20000));  // the stack
  EXPECT_EQ(AllIn(preflop), Action::Raise(20000));
  // Flop after r300c: pot 600, nothing to call.
  const State flop = MakeState(game, "r300c/", "Kd2c|/7h8h9c");
  EXPECT_EQ(ToCall(flop), 0);
  EXPECT_EQ(BetFraction(flop, 0.5), Action::Raise(600));
  EXPECT_EQ(BetFraction(flop, 1.0), Action::Raise(900));
  EXPECT_DOUBLE_EQ(EffectiveStackBb(flop, 0), 197.0);
  // Facing an all-in: no raise is legal.
  const State all_in = MakeState(game, "r20000", "Kd2c|");
  EXPECT_EQ(BetFraction(all_in, 0.5), Action::Call());
  EXPECT_EQ(AllIn(all_in), Action::Call());
}

TEST(BetArithmeticTest, LimitHasOneRaiseSize) {
  const poker::GameDef game = Game(agentplay_test::kLimit2p);
  const State state = MakeState(game, "", "|AhKh");
  EXPECT_EQ(BetFraction(state, 0.5), Action::Raise(20));
  EXPECT_EQ(BetFraction(state, 1.0), Action::Raise(20));
  EXPECT_TRUE(std::isinf(EffectiveStackBb(state, 1)));
  // After three raises (the preflop cap) a raise becomes a call.
  const State capped = MakeState(game, "rrr", "|AhKh");
  EXPECT_EQ(MakeLegal(capped, Action::Raise(100)), Action::Call());
}

TEST(BetArithmeticTest, MakeLegalRepairsEveryKindOfMistake) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  const State flop = MakeState(game, "r300c/", "Kd2c|/7h8h9c");
  EXPECT_EQ(MakeLegal(flop, Action::Fold()), Action::Call());         // nothing to call
  EXPECT_EQ(MakeLegal(flop, Action::Raise(50)), Action::Raise(400));  // below the minimum
  EXPECT_EQ(MakeLegal(flop, Action::Raise(99999)), Action::Raise(20000));
  EXPECT_EQ(MakeLegal(flop, Action::Raise(700)), Action::Raise(700));
}

TEST(SpeculativeHandsTest, SmallPairsAndSuitedConnectors) {
  auto pair = [](const char* text) {
    const std::vector<poker::Card> c = *poker::ParseCards(text);
    return poker::PairCards{std::min(c[0], c[1]), std::max(c[0], c[1])};
  };
  EXPECT_TRUE(IsSpeculative(pair("2c2d")));
  EXPECT_TRUE(IsSpeculative(pair("9h9s")));
  EXPECT_FALSE(IsSpeculative(pair("ThTs")));
  EXPECT_TRUE(IsSpeculative(pair("5h4h")));
  EXPECT_TRUE(IsSpeculative(pair("6s4s")));
  EXPECT_FALSE(IsSpeculative(pair("4h3h")));
  EXPECT_FALSE(IsSpeculative(pair("9h8d")));
  EXPECT_FALSE(IsSpeculative(pair("9h5h")));
}

TEST(FoldPolicyTest, ThresholdsWhenCheckedTo) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  const State flop = MakeState(game, "r300c/", "Kd2c|/7h8h9c");  // position 0 to act
  std::mt19937_64 rng(1);
  FoldPolicy policy(Deterministic(), false);
  EXPECT_EQ(policy.Decide(MakeDecision(flop, 0.90, &rng)), Action::Raise(900));  // pot
  EXPECT_EQ(policy.Decide(MakeDecision(flop, 0.65, &rng)), Action::Raise(600));  // half pot
  EXPECT_EQ(policy.Decide(MakeDecision(flop, 0.40, &rng)), Action::Call());      // check
  EXPECT_FALSE(policy.explanation().empty());
}

TEST(FoldPolicyTest, FacingAPotSizedBet) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  // Flop: position 0 bet 600 into 600; position 1 to call 600 into 1200: pot odds 1/3.
  const State state = MakeState(game, "r300c/r900", "|Kd2c/7h8h9c");
  std::mt19937_64 rng(1);
  FoldPolicy policy(Deterministic(), false);
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.30, &rng)), Action::Fold());
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.40, &rng)), Action::Call());  // pot odds + 0.05
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.55, &rng)), Action::Call());
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.70, &rng)).type, poker::ActionType::kRaise);
  // A draw with 9 outs calls with less than the pot odds (implied odds).
  Decision draw = MakeDecision(state, 0.27, &rng);
  draw.outs = 9;
  EXPECT_EQ(policy.Decide(draw), Action::Call());
  draw.outs = 4;
  EXPECT_EQ(policy.Decide(draw), Action::Fold());
}

TEST(FoldPolicyTest, MoreOpponentsLowerTheThresholds) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit3p);
  // Flop, three players in, checked to position 0... position 0 acts first after the flop.
  const State state = MakeState(game, "ccc/", "AhKd||/7h8h9c");
  std::mt19937_64 rng(1);
  FoldPolicy policy(Deterministic(), false);
  // 0.55 is below the heads-up half-pot threshold (0.62) but above 0.62 * 0.784 = 0.486.
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.55, &rng)).type, poker::ActionType::kRaise);
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.40, &rng)), Action::Call());
}

TEST(FoldPolicyTest, ShortStackIsAllInOrFoldPreflop) {
  const poker::GameDef game = Game(agentplay_test::kShortStacks3p);
  // Position 2 (15000 chips) first to act; position 0 has 800 = 8 big blinds.
  State state = MakeState(game, "c", "AhAd||");  // position 0 (small blind) to act
  ASSERT_EQ(state.CurrentPlayer(), 0);
  std::mt19937_64 rng(1);
  FoldPolicy policy(Deterministic(), false);
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.60, &rng)), Action::Raise(800));
  EXPECT_EQ(policy.Decide(MakeDecision(state, 0.20, &rng)), Action::Fold());
}

TEST(FoldPolicyTest, DeepStacksCallWithSpeculativeHandsPreflop) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  // The big blind (position 0) faces a raise to 300: 200 to call into 400, pot odds 1/3.
  const State small_pair = MakeState(game, "r300", "3c3d|");
  std::mt19937_64 rng(1);
  FoldPolicy policy(Deterministic(), false);
  EXPECT_EQ(policy.Decide(MakeDecision(small_pair, 0.30, &rng)), Action::Call());
  const State junk = MakeState(game, "r300", "Jc3d|");
  EXPECT_EQ(policy.Decide(MakeDecision(junk, 0.30, &rng)), Action::Fold());
  // A raise to 5000 costs more than 5% of the effective stack: no speculation.
  const State big = MakeState(game, "r5000", "3c3d|");
  EXPECT_EQ(policy.Decide(MakeDecision(big, 0.30, &rng)), Action::Fold());
}

TEST(FoldPolicyTest, LimitGamesHaveNoStackDepthRules) {
  // In limit games stacks are unbounded (StartingStackBb is infinite): neither the deep-stack
  // speculation nor the short-stack all-in applies. The big blind faces a raise to 20 (10 to
  // call into 30, pot odds 0.25) with 33: at equity 0.2 it folds like any other hand.
  const poker::GameDef game = Game(agentplay_test::kLimit2p);
  const State small_pair = MakeState(game, "r", "3c3d|");
  ASSERT_EQ(small_pair.CurrentPlayer(), 0);
  EXPECT_TRUE(std::isinf(StartingStackBb(small_pair, 0)));
  std::mt19937_64 rng(1);
  FoldPolicy policy(Deterministic(), false);
  EXPECT_EQ(policy.Decide(MakeDecision(small_pair, 0.20, &rng)), Action::Fold());
  const State suited = MakeState(game, "r", "6s5s|");
  EXPECT_EQ(policy.Decide(MakeDecision(suited, 0.20, &rng)), Action::Fold());
  // A strong hand still raises (limit: one size).
  const State aces = MakeState(game, "r", "AcAd|");
  EXPECT_EQ(policy.Decide(MakeDecision(aces, 0.85, &rng)).type, poker::ActionType::kRaise);
}

TEST(FoldPolicyTest, ModelFoldEquityTurnsACheckIntoABet) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  const State flop = MakeState(game, "r300c/", "Kd2c|/7h8h9c");
  std::mt19937_64 rng(1);
  PolicyParams params = Deterministic();
  params.fold_equity = 1;
  FoldPolicy policy(params, false);
  EXPECT_TRUE(policy.wants_bet_outcomes());
  Decision d = MakeDecision(flop, 0.30, &rng);
  d.bets[0] = BetOutcome{true, Action::Raise(600), 0.8, 0.2};
  // EV(bet) = 0.8 * 600 + 0.2 * (0.2 * 1200 - 300) = 468 > EV(check) = 180 + 0.05 * 600.
  EXPECT_EQ(policy.Decide(d), Action::Raise(600));
  d.bets[0].fold_probability = 0.1;
  EXPECT_EQ(policy.Decide(d), Action::Call());
  // `static` never uses the model.
  FoldPolicy baseline(params, true);
  EXPECT_FALSE(baseline.wants_bet_outcomes());
  EXPECT_FALSE(baseline.wants_read_ranges());
  d.bets[0].fold_probability = 0.8;
  EXPECT_EQ(baseline.Decide(d), Action::Call());
}

TEST(JokerPolicyTest, MarginDrivesRandomisedChoices) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  const State state = MakeState(game, "r300c/r900", "|Kd2c/7h8h9c");
  std::mt19937_64 rng(7);
  JokerPolicy policy(PolicyParams{});
  int folds_weak = 0;
  int folds_strong = 0;
  int raises_strong = 0;
  for (int i = 0; i < 200; ++i) {
    folds_weak += policy.Decide(MakeDecision(state, 0.10, &rng)) == Action::Fold();
    const Action strong = policy.Decide(MakeDecision(state, 0.95, &rng));
    folds_strong += strong == Action::Fold();
    raises_strong += strong.type == poker::ActionType::kRaise;
  }
  EXPECT_GT(folds_weak, 190);
  EXPECT_EQ(folds_strong, 0);
  EXPECT_GT(raises_strong, 150);
}

TEST(PolicyRegistryTest, BuiltInsAndUnknownNames) {
  for (const char* name : {"fold", "static", "joker"}) {
    absl::StatusOr<std::unique_ptr<Policy>> policy = MakePolicy(name, PolicyParams{});
    ASSERT_TRUE(policy.ok()) << name;
    EXPECT_EQ((*policy)->name(), name);
  }
  absl::StatusOr<std::unique_ptr<Policy>> unknown = MakePolicy("nope", PolicyParams{});
  EXPECT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("fold"), std::string::npos);
}

TEST(PolicyRegistryTest, RegisteredPoliciesDeclareTheirParameters) {
  RegisterPolicy("test_policy", "a test",
                 [](const PolicyParams& p) -> absl::StatusOr<std::unique_ptr<Policy>> {
                   EXPECT_EQ(p.extra.at("test_x"), 2.5);
                   return std::make_unique<FoldPolicy>(p, true);
                 },
                 {{"test_x", 2.5, "a test parameter"}});
  PolicyParams params;
  EXPECT_TRUE(MakePolicy("test_policy", params).ok());
  EXPECT_TRUE(SetPolicyParam("test_x", 3, &params).ok());
  EXPECT_EQ(*GetPolicyParam("test_x", params), 3);
}

TEST(ParamsTest, ByNameFromAssignmentsAndConfigFiles) {
  AgentOptions options;
  EXPECT_TRUE(SetAgentParam("call_thr", 0.55, &options).ok());
  EXPECT_EQ(options.policy_params.call_thr, 0.55);
  EXPECT_TRUE(ApplyParamAssignment("trials = 5000", &options).ok());
  EXPECT_EQ(options.params.trials, 5000);
  EXPECT_FALSE(ApplyParamAssignment("no_such_thing=1", &options).ok());
  EXPECT_FALSE(ApplyParamAssignment("call_thr", &options).ok());
  EXPECT_FALSE(ApplyParamAssignment("call_thr=abc", &options).ok());
  EXPECT_FALSE(ApplyParamAssignment("trials=-5", &options).ok());

  const test_support::TempDir dir;
  const std::string path = dir.File("agent_params.cfg");
  std::ofstream(path) << "# tuned\n\nraise_pot_thr = 0.8\nstatic_hands=100\n";
  ASSERT_TRUE(LoadParamFile(path, &options).ok());
  EXPECT_EQ(options.policy_params.raise_pot_thr, 0.8);
  EXPECT_EQ(options.params.static_hands, 100);
  std::ofstream(path) << "call_thr = 0.5\nbogus = 1\n";
  const absl::Status bad = LoadParamFile(path, &options);
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("agent_params.cfg: unknown parameter 'bogus'"), std::string::npos)
      << bad.message();
  // A bad line is the file's data (the programs exit 1), not a bad command line (InvalidArgument).
  EXPECT_FALSE(absl::IsInvalidArgument(bad)) << bad;
  // A folder is not a config file: an error, not an exception.
  const absl::Status folder = LoadParamFile(dir.path(), &options);
  EXPECT_THAT(std::string(folder.message()), ::testing::HasSubstr("is a folder, not a file"));
  std::remove(path.c_str());
  const std::string help = DescribeParams(options);
  for (const ParamSpec& spec : PolicyParamSpecs()) {
    EXPECT_NE(help.find(spec.name), std::string::npos) << spec.name;
  }
}

// The property: whatever the state and the inputs, every policy's action is legal as returned.
class PolicyLegalityTest : public ::testing::TestWithParam<const char*> {};

TEST_P(PolicyLegalityTest, EveryActionIsLegalOverManyRandomStates) {
  const poker::GameDef game = Game(GetParam());
  const std::vector<State> states = agentplay_test::RandomStates(game, 4000, 17);
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1);
  PolicyParams params;
  params.semibluff_prob = 0.5;
  std::vector<std::unique_ptr<Policy>> policies;
  for (const char* name : {"fold", "static", "joker"})
    policies.push_back(*MakePolicy(name, params));
  int checked = 0;
  for (const State& state : states) {
    for (auto& policy : policies) {
      Decision d = MakeDecision(state, u(rng), &rng);
      d.outs = static_cast<int>(rng() % 20) - 1;
      for (int i = 0; i < kNumBetSizes; ++i) {
        d.bets[i] = BetOutcome{u(rng) < 0.7, BetFraction(state, kBetFractions[i]), u(rng), u(rng)};
      }
      const Action action = policy->Decide(d);
      ASSERT_TRUE(state.IsLegal(action))
          << policy->name() << " in " << poker::FormatBetting(state) << ": type "
          << static_cast<int>(action.type) << " to " << action.raise_to << " ("
          << state.CheckAction(action).message() << ")";
      ++checked;
    }
    // MakeLegal repairs any action whatever.
    const Action wild{static_cast<poker::ActionType>(rng() % 3),
                      static_cast<int32_t>(rng() % 40000) - 100};
    ASSERT_TRUE(state.IsLegal(MakeLegal(state, wild)));
  }
  EXPECT_EQ(checked, 3 * 4000);
}

INSTANTIATE_TEST_SUITE_P(Games, PolicyLegalityTest,
                         ::testing::Values(agentplay_test::kNoLimit2p, agentplay_test::kNoLimit3p,
                                           agentplay_test::kNoLimit6p, agentplay_test::kLimit2p,
                                           agentplay_test::kShortStacks3p));

}  // namespace
}  // namespace agent
