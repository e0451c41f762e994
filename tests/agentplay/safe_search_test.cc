// The `search` policy's all-in discipline: after the flop it considers a raise the blueprint does
// not make with our hand (an all-in into a small pot) only once the opponent has answered enough
// raises of that size, and answers an overbet only as the blueprint does until the opponent has
// made enough of them; the candidates it searched are the decision log's `values`.
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "agent/bet_evidence.h"
#include "agent/equity.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/random_deal.h"
#include "poker/state.h"
#include "tests/agentplay/agent_test_util.h"

namespace agent {
namespace {

using poker::Action;
using poker::State;

using agentplay_test::C;

using agentplay_test::CheckedRiver;

using agentplay_test::SearchPolicy;

std::unique_ptr<Policy> SearchWith(double robust_k, const poker::GameDef& game,
                                   double anchor_play = 1, double unproven = 0,
                                   double unproven_margin = 0, double defends = 1) {
  return SearchPolicy(game, {{"search_unproven_margin", unproven_margin},
                             {"search_robust_k", robust_k},
                             {"search_anchor_play", anchor_play},
                             {"search_unproven", unproven},
                             {"search_unproven_defends", defends},
                             {"search_robust_off_floor", 1}});
}

// The policy's decision at `state`, with the candidates it searched and their values.
struct Searching {
  Action chosen;
  std::vector<std::pair<std::string, double>> values;
  double ValueOf(const std::string& action) const {
    for (const auto& [a, v] : values) {
      if (a == action) return v;
    }
    ADD_FAILURE() << action << " was not searched";
    return 0;
  }
};

Searching Search(Policy* policy, const State& state) {
  std::mt19937_64 rng(5);
  Decision d{state, 0, {state.hole_card(0, 0), state.hole_card(0, 1)}, EquityResult{}, 1, &rng};
  d.seed = 99;
  Searching searching;
  searching.chosen = policy->Decide(d);
  searching.values = policy->action_values();
  return searching;
}

// The candidates the policy searched at `state` (its decision's values).
std::vector<std::string> Searched(Policy* policy, const State& state) {
  std::vector<std::string> actions;
  for (const auto& [action, value] : Search(policy, state).values) actions.push_back(action);
  return actions;
}

// A figure of the policy's explanation of its decision at `spot` (`largest`, `floor`).
double Explained(Policy* policy, const State& spot, const std::string& name) {
  Search(policy, spot);
  const std::string why = policy->explanation();
  const size_t at = why.find(name + " ");
  EXPECT_NE(at, std::string::npos) << why;
  return at == std::string::npos ? 0.0 : std::atof(why.c_str() + at + name.size() + 1);
}

// A river hand checked to us in which we bet half the pot (1 bb) and the opponent calls holding `c`
// `d` and shows them.
State CalledRiverBet(const poker::GameDef& game, const char* c, const char* d, uint32_t hand) {
  State state = CheckedRiver(game, "Jh", "Ah", hand);
  state.set_hole_card(1, 0, C(c));
  state.set_hole_card(1, 1, C(d));
  EXPECT_TRUE(state.Apply(Action::Raise(200)).ok());
  EXPECT_TRUE(state.Apply(Action::Call()).ok());
  EXPECT_TRUE(state.finished());
  return state;
}

TEST(SafeSearchTest, AnAllInIntoASmallPotWaitsForTheOpponentsAnswers) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  // Top pair, weak kicker: the blueprint bets half the pot, never all-in.
  const State spot = CheckedRiver(game, "Jh", "4h", 3);
  std::unique_ptr<Policy> model_alone = SearchWith(0, game);
  std::unique_ptr<Policy> safe = SearchWith(10, game);
  ASSERT_NE(model_alone, nullptr);
  ASSERT_NE(safe, nullptr);
  EXPECT_THAT(Searched(model_alone.get(), spot), testing::Contains("r20000"));
  EXPECT_THAT(Searched(safe.get(), spot), testing::ElementsAre("c", "r200", "r300"));
  // Ten hands in which the opponent answered our river all-in into 2 bb (it folded): enough
  // evidence at search_robust_k = 10.
  for (uint32_t hand = 10; hand < 20; ++hand) {
    State shoved = CheckedRiver(game, "Jh", "4h", hand);
    ASSERT_TRUE(shoved.Apply(Action::Raise(20000)).ok());
    ASSERT_TRUE(shoved.Apply(Action::Fold()).ok());
    ASSERT_TRUE(shoved.finished());
    safe->EndHand(shoved, 0, 100);
    if (hand < 18) {
      EXPECT_THAT(Searched(safe.get(), spot), testing::Not(testing::Contains("r20000")));
    }
  }
  EXPECT_THAT(Searched(safe.get(), spot), testing::Contains("r20000"));
}

// By default a raise without evidence is searched, at the least of its values against the model,
// a best response to the blueprint's raising range and an opponent that never folds. A bluff (five
// high) is worth what it loses when called, not the folds the model predicts; with the nut straight
// the model's own value (it has the opponent call with worse less often) is already the least.
// search_unproven_margin lowers those values by that many pots before the choice.
TEST(SafeSearchTest, AnAllInWithoutEvidenceIsValuedAgainstTheOpponentsThatCallIt) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<Policy> model_alone = SearchWith(0, game);
  std::unique_ptr<Policy> safe = SearchWith(10, game, 1, 1);
  ASSERT_NE(model_alone, nullptr);
  ASSERT_NE(safe, nullptr);
  const State bluff = CheckedRiver(game, "5h", "4h", 3);
  const Searching alone = Search(model_alone.get(), bluff);
  const Searching robust = Search(safe.get(), bluff);
  EXPECT_THAT(Searched(safe.get(), bluff), testing::Contains("r20000"));
  EXPECT_LT(robust.ValueOf("r20000"), alone.ValueOf("r20000") - 5000);
  EXPECT_LT(robust.ValueOf("r20000"), -10000);  // 200 bb called by almost every hand
  EXPECT_NE(robust.chosen, Action::Raise(20000));
  // The blueprint's own sizes are valued against the model as before.
  EXPECT_NEAR(robust.ValueOf("c"), alone.ValueOf("c"), 1e-6);
  // A fresh policy per search below: a policy reads our range on from its last decision of the
  // same hand.
  // (Without the opponent defending at the minimum, below.)
  const State nuts = CheckedRiver(game, "Td", "8s", 4);
  const Searching nuts_alone = Search(SearchWith(0, game).get(), nuts);
  const Searching nuts_robust = Search(SearchWith(10, game, 1, 1, 0, 0).get(), nuts);
  EXPECT_NEAR(nuts_robust.ValueOf("r20000"), nuts_alone.ValueOf("r20000"), 1e-6);
  const Searching lowered = Search(SearchWith(10, game, 1, 1, 1.5, 0).get(), nuts);
  EXPECT_NEAR(lowered.ValueOf("r20000"), nuts_robust.ValueOf("r20000") - 1.5 * 200,
              1e-6);  // the pot is 2 bb
  EXPECT_NEAR(lowered.ValueOf("r200"), nuts_robust.ValueOf("r200"), 1e-6);
}

// An overbet without evidence is also valued against an opponent that goes on with only the share
// of its range that keeps a bluff from profiting (pot / (pot + bet): 1% against an all-in into
// 2 bb), its best pairs. The model and the best response to the blueprint's (weak) raising range
// value a top pair's all-in into 2 bb at about what checking is worth (at more than checking in
// some turn spots against blueprints of our family); against that opponent it wins the pot when
// it is folded to and loses 200 bb to the few hands that call. The nuts win 200 bb from them.
TEST(SafeSearchTest, AnOverbetWithoutEvidenceIsCalledOnlyByWhatBeatsIt) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const char* hands[][2] = {{"Ah", "Jd"}, {"Jh", "4h"}, {"Td", "8s"}};
  for (const auto& cards : hands) {
    const State spot = CheckedRiver(game, cards[0], cards[1], 3);
    const Searching without = Search(SearchWith(10, game, 1, 1, 0, 0).get(), spot);
    const Searching with = Search(SearchWith(10, game, 1, 1, 0, 1).get(), spot);
    // The opponent goes on with 200 / 20,100 of its range: we win the 1 bb we put in the pot
    // when it folds, and lose or win 200 bb when it calls.
    const double calls = 200.0 / 20100;
    const bool nuts = std::string(cards[0]) == "Td";
    EXPECT_NEAR(with.ValueOf("r20000"), (1 - calls) * 100 + (nuts ? 1 : -1) * calls * 20000, 15)
        << cards[0] << cards[1];
    EXPECT_LT(with.ValueOf("r20000"), without.ValueOf("r20000") - 70) << cards[0] << cards[1];
    EXPECT_NEAR(with.ValueOf("c"), without.ValueOf("c"), 1e-6);
    EXPECT_NE(with.chosen, Action::Raise(20000));
  }
}

// An opponent that has called our smaller bets after the flop (40 half-pot river bets called, none
// folded, with two pair: no weak continues, so the best response keeps its place) does not defend
// at the minimum against an overbet either: that opponent gives way to the model, and the nuts'
// all-in into 2 bb is worth again what it is worth without it. (The tilt switch is held off: the
// 40 calls tilt the model far enough to turn the whole discipline off.)
TEST(SafeSearchTest, AnOpponentCallingOurSmallerBetsIsNotAMinimumDefender) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const auto policy = [&game](double defends) {
    return SearchPolicy(game, {{"search_robust_k", 10},
                               {"search_unproven", 1},
                               {"search_unproven_margin", 0},
                               {"search_unproven_defends", defends},
                               {"search_robust_off_floor", 1},
                               {"search_robust_off_tilt", 100}});
  };
  const State nuts = CheckedRiver(game, "Td", "8s", 4);
  std::unique_ptr<Policy> defended = policy(1);
  std::unique_ptr<Policy> without = policy(0);
  ASSERT_NE(defended, nullptr);
  ASSERT_NE(without, nullptr);
  const double fresh = Search(defended.get(), nuts).ValueOf("r20000");
  EXPECT_LT(fresh, Search(without.get(), nuts).ValueOf("r20000") - 300);
  for (uint32_t hand = 10; hand < 50; ++hand) {
    const State called = CalledRiverBet(game, "Jd", "9d", hand);
    ASSERT_TRUE(called.finished());
    defended->EndHand(called, 0, -200);
    without->EndHand(called, 0, -200);
  }
  EXPECT_NEAR(Search(defended.get(), nuts).ValueOf("r20000"),
              Search(without.get(), nuts).ValueOf("r20000"), 1e-6);
}

// An overbet counts as the blueprint's only where the anchor plays it: the bundled blueprint is
// played purified, and its mixed strategy keeps a little all-in mass (2% or more) in buckets whose
// purified play never shoves. Over river hands facing a pot-size bet into 2 bb, the all-in searched
// with the purified anchor is searched with the mixed one too, and some hands have it only with
// the mixed.
TEST(SafeSearchTest, AnOverbetNeedsTheAnchorsOwnSupport) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<Policy> purified = SearchWith(1000, game, 1);
  std::unique_ptr<Policy> mixed = SearchWith(1000, game, 0);
  ASSERT_NE(purified, nullptr);
  ASSERT_NE(mixed, nullptr);
  int mixed_only = 0;
  int both = 0;
  const char* hands[][2] = {{"Ah", "Kh"}, {"Jh", "Jd"}, {"9c", "9d"}, {"7c", "7h"}, {"2d", "2h"},
                            {"Jh", "4h"}, {"Js", "Qd"}, {"Ac", "4c"}, {"8c", "Td"}, {"Kd", "Qd"},
                            {"5c", "6c"}, {"4d", "5d"}, {"Ad", "2s"}, {"Th", "8h"}, {"Qh", "Jd"},
                            {"9s", "Js"}, {"3h", "3d"}, {"Ks", "9d"}, {"6h", "8d"}, {"As", "Qs"}};
  uint32_t hand = 100;
  for (const auto& cards : hands) {
    State spot = CheckedRiver(game, cards[0], cards[1], ++hand);
    EXPECT_TRUE(spot.Apply(Action::Call()).ok());  // we check, the opponent bets the pot
    EXPECT_TRUE(spot.Apply(Action::Raise(300)).ok());
    const bool in_purified =
        testing::Value(Searched(purified.get(), spot), testing::Contains("r20000"));
    const bool in_mixed = testing::Value(Searched(mixed.get(), spot), testing::Contains("r20000"));
    EXPECT_TRUE(in_mixed || !in_purified) << cards[0] << cards[1];
    mixed_only += in_mixed && !in_purified;
    both += in_mixed && in_purified;
  }
  EXPECT_GT(mixed_only, 0) << "all-in searched with both anchors in " << both << " hands";
}

// Facing an all-in into a small pot, the answers the search weighs are the blueprint's until the
// opponent has made enough such bets: the model's range behind the shove is only the blueprint's
// reading of it.
TEST(SafeSearchTest, AnAnswerToAnUnknownOverbetKeepsToTheBlueprintsActions) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const auto facing_shove = [&game](uint32_t hand) {
    State state = CheckedRiver(game, "Jh", "4h", hand);
    EXPECT_TRUE(state.Apply(Action::Call()).ok());  // we check, the opponent shoves 200 bb
    EXPECT_TRUE(state.Apply(Action::Raise(20000)).ok());
    return state;
  };
  const State spot = facing_shove(3);
  std::unique_ptr<Policy> model_alone = SearchWith(0, game);
  std::unique_ptr<Policy> safe = SearchWith(10, game);
  ASSERT_NE(model_alone, nullptr);
  ASSERT_NE(safe, nullptr);
  EXPECT_THAT(Searched(model_alone.get(), spot), testing::ElementsAre("f", "c"));
  // Top pair with a 4 kicker facing 100 pots: the blueprint folds it.
  EXPECT_THAT(Searched(safe.get(), spot), testing::ElementsAre("f"));
  // Ten hands in which the opponent shoved the river into 2 bb (we folded): enough evidence.
  for (uint32_t hand = 10; hand < 20; ++hand) {
    State shoved = facing_shove(hand);
    ASSERT_TRUE(shoved.Apply(Action::Fold()).ok());
    ASSERT_TRUE(shoved.finished());
    safe->EndHand(shoved, 0, -100);
    if (hand < 19) {
      EXPECT_THAT(Searched(safe.get(), spot), testing::ElementsAre("f")) << hand;
    }
  }
  EXPECT_THAT(Searched(safe.get(), spot), testing::ElementsAre("f", "c"));
}

// The evidence of loose calls: our turn and river raises of half the pot or more that the
// opponent called (or re-raised) and showed, and which of them it called with a hand under one half against a
// random hand on that round's board.
TEST(SafeSearchTest, ShownCallsCountTheWeakOnes) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  EquityCalculator calculator;
  CallEvidence evidence;
  CountShownCalls(CalledRiverBet(game, "6d", "4c", 1), 0, 1, &calculator, &evidence);  // jack high
  EXPECT_EQ(evidence.calls, 1);
  EXPECT_EQ(evidence.weak, 1);
  CountShownCalls(CalledRiverBet(game, "Jd", "9d", 2), 0, 1, &calculator, &evidence);  // two pair
  EXPECT_EQ(evidence.calls, 2);
  EXPECT_EQ(evidence.weak, 1);
  // A re-raise continues too.
  State raised = CheckedRiver(game, "Jh", "Ah", 7);
  raised.set_hole_card(1, 0, C("6d"));
  raised.set_hole_card(1, 1, C("4c"));
  ASSERT_TRUE(raised.Apply(Action::Raise(200)).ok());
  ASSERT_TRUE(raised.Apply(Action::Raise(600)).ok());
  ASSERT_TRUE(raised.Apply(Action::Call()).ok());
  CountShownCalls(raised, 0, 1, &calculator, &evidence);
  EXPECT_EQ(evidence.calls, 3);
  EXPECT_EQ(evidence.weak, 2);
  // Not counted: cards not shown, a fold, a bet on the flop.
  State unknown = CheckedRiver(game, "Jh", "Ah", 3);
  ASSERT_TRUE(unknown.Apply(Action::Raise(300)).ok());
  ASSERT_TRUE(unknown.Apply(Action::Call()).ok());
  CountShownCalls(unknown, 0, 1, &calculator, &evidence);
  State folded = CheckedRiver(game, "Jh", "Ah", 4);
  folded.set_hole_card(1, 0, C("6d"));
  folded.set_hole_card(1, 1, C("4c"));
  ASSERT_TRUE(folded.Apply(Action::Raise(300)).ok());
  ASSERT_TRUE(folded.Apply(Action::Fold()).ok());
  CountShownCalls(folded, 0, 1, &calculator, &evidence);
  State flop(game, 6);
  const char* board[] = {"2c", "7d", "9h", "Jc", "3s"};
  for (int i = 0; i < 5; ++i) flop.set_board_card(i, C(board[i]));
  flop.set_hole_card(0, 0, C("Jh"));
  flop.set_hole_card(0, 1, C("Ah"));
  flop.set_hole_card(1, 0, C("6d"));
  flop.set_hole_card(1, 1, C("4c"));
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(flop.Apply(Action::Call()).ok());
  ASSERT_TRUE(flop.Apply(Action::Raise(400)).ok());  // position 0 acts first after the flop
  ASSERT_EQ(flop.actor(1, 0), 0);
  ASSERT_TRUE(flop.Apply(Action::Call()).ok());
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(flop.Apply(Action::Call()).ok());
  ASSERT_TRUE(flop.finished());
  CountShownCalls(flop, 0, 1, &calculator, &evidence);
  EXPECT_EQ(evidence.calls, 3);
  EXPECT_EQ(evidence.weak, 2);
}

// Against an opponent seen calling our bets with weak hands, the best response gives way to the
// model in the value of a raise without evidence (search_loose): the raise is then valued as
// without that response. With top pair, top kicker, the river overbet to 3 bb into 2 bb is worth
// less against the best response than against the model; after ten river bets called with jack
// high it is worth what the model says.
TEST(SafeSearchTest, ABotThatCallsWithAnythingIsNotTheBestResponse) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const auto policy = [&](double best_response, double loose = 0.3) {
    return SearchPolicy(game, {{"search_loose", loose},
                               {"search_robust_k", 10},
                               {"search_unproven", 1},
                               {"search_unproven_margin", 0},
                               {"search_unproven_best_response", best_response}});
  };
  const State spot = CheckedRiver(game, "Jh", "Ah", 3);
  // 0 hands, 10 hands, 10 hands with search_loose=1 (never).
  for (const int hands : {0, 10, -10}) {
    SCOPED_TRACE(hands);
    std::unique_ptr<Policy> with = policy(1, hands < 0 ? 1 : 0.3);
    std::unique_ptr<Policy> without = policy(0);
    // The same hands for both (the model's tilt learns from them too).
    for (int hand = 0; hand < std::abs(hands); ++hand) {
      const State called = CalledRiverBet(game, "6d", "4c", 10 + hand);
      with->EndHand(called, 0, 0);
      without->EndHand(called, 0, 0);
    }
    const double robust = Search(with.get(), spot).ValueOf("r300");
    const double model = Search(without.get(), spot).ValueOf("r300");
    if (hands <= 0) {
      EXPECT_LT(robust, model - 20);
    } else {
      EXPECT_NEAR(robust, model, 1e-6);
    }
  }
}

// Once the opponent has answered enough raises of a size class, such a raise is valued at the
// lesser of its values against the model (mixed with the best response) and against the opponent
// as observed: folding its weakest pairs as often as it folded to that class (search_observed).
// With five high, a river all-in into 2 bb after ten all-ins the opponent called loses about what
// it risks; after ten it folded to, it is worth what the mixed model says.
TEST(SafeSearchTest, AProvenRaiseIsValuedAtTheOpponentsObservedFolds) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const auto policy = [&](double observed) {
    return SearchPolicy(
        game, {{"search_robust_k", 10}, {"search_unproven", 0}, {"search_observed", observed}});
  };
  const State spot = CheckedRiver(game, "5h", "4h", 3);
  for (const bool calls : {true, false}) {
    SCOPED_TRACE(calls ? "called" : "folded to");
    std::unique_ptr<Policy> with = policy(1);
    std::unique_ptr<Policy> without = policy(0);
    for (uint32_t hand = 10; hand < 20; ++hand) {
      State shoved = CheckedRiver(game, "5h", "4h", hand);
      shoved.set_hole_card(1, 0, C("Jd"));
      shoved.set_hole_card(1, 1, C("9d"));
      ASSERT_TRUE(shoved.Apply(Action::Raise(20000)).ok());
      ASSERT_TRUE(shoved.Apply(calls ? Action::Call() : Action::Fold()).ok());
      ASSERT_TRUE(shoved.finished());
      with->EndHand(shoved, 0, 0);
      without->EndHand(shoved, 0, 0);
    }
    const double observed = Search(with.get(), spot).ValueOf("r20000");
    const double mixed = Search(without.get(), spot).ValueOf("r20000");
    if (calls) {
      EXPECT_LT(observed, -15000);  // 200 bb called by every hand that beats five high
      EXPECT_LT(observed, mixed - 1000);
    } else {
      EXPECT_NEAR(observed, mixed, 1e-6);
    }
  }
}

// At the checked river `spot` the discipline holds the all-in back: no answers to our all-ins.
void ExpectTheAllInHeldBack(Policy* policy, const State& spot) {
  EXPECT_THAT(Searched(policy, spot), testing::ElementsAre("c", "r200", "r300"));
}

// Two search policies with the discipline on (robust_k 10, no unproven raises): `switched` with
// its switches at `off_tilt`, `off_floor` and `off_loose_floor`, `never` with all three out of
// reach; fed the same hands.
struct SwitchedAndNever {
  SwitchedAndNever(const poker::GameDef& game, double off_tilt, double off_floor,
                   double off_loose_floor = 1, double off_loose_share = 0.3)
      : switched(Make(game, off_tilt, off_floor, off_loose_floor, off_loose_share)),
        never(Make(game, 100, 1, 1)) {}
  static std::unique_ptr<Policy> Make(const poker::GameDef& game, double off_tilt, double off_floor,
                                      double off_loose_floor, double off_loose_share = 0.3) {
    return SearchPolicy(game, {{"search_robust_k", 10},
                               {"search_unproven", 0},
                               {"search_robust_off_tilt", off_tilt},
                               {"search_robust_off_floor", off_floor},
                               {"search_robust_off_loose_floor", off_loose_floor},
                               {"search_robust_off_loose_share", off_loose_share}});
  }
  void EndHand(const State& final_state, double chips) {
    switched->EndHand(final_state, 0, chips);
    never->EndHand(final_state, 0, chips);
  }
  // At the start of a match both hold the all-in back at `spot`.
  void ExpectBothHoldBack(const State& spot) {
    ExpectTheAllInHeldBack(switched.get(), spot);
    ExpectTheAllInHeldBack(never.get(), spot);
  }
  // The explanation's `figure` is over `above` for both, and only `switched` (its switch at
  // `above` or under) searches the all-in at `spot`; its explanation names the switch `off_by`.
  void ExpectOnlyTheSwitchedSearchesTheAllIn(const State& spot, const std::string& figure,
                                             double above, const std::string& off_by) {
    EXPECT_GT(Explained(switched.get(), spot, figure), above);
    EXPECT_THAT(switched->explanation(), testing::HasSubstr("(discipline off: " + off_by + ")"));
    EXPECT_THAT(Searched(switched.get(), spot), testing::Contains("r20000"));
    EXPECT_GT(Explained(never.get(), spot, figure), above);
    EXPECT_THAT(never->explanation(), testing::HasSubstr("(discipline on)"));
    ExpectTheAllInHeldBack(never.get(), spot);
  }
  std::unique_ptr<Policy> switched;
  std::unique_ptr<Policy> never;
};

// The discipline guards against opponents that play like a blueprint. Once the opponent's fitted
// play is far from the blueprint's (its largest tilt weight, the decision log's `largest`, at
// search_robust_off_tilt or more), every action is searched and valued by the model alone, as
// with search_robust_k 0. Here the opponent moves all-in first in every hand, which no blueprint
// does with every hand.
TEST(SafeSearchTest, AnOpponentFarFromTheBlueprintIsValuedByTheModelAlone) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  SwitchedAndNever policies(game, 1.5, 1);
  ASSERT_NE(policies.switched, nullptr);
  ASSERT_NE(policies.never, nullptr);
  const State spot = CheckedRiver(game, "Jh", "4h", 3);
  // At the start of a match the tilt is 0: the discipline holds.
  policies.ExpectBothHoldBack(spot);
  for (uint32_t hand = 10; hand < 70; ++hand) {
    State shoved(game, hand);
    while (!shoved.finished()) {
      const bool opponent = shoved.CurrentPlayer() == 1;
      ASSERT_TRUE(shoved.Apply(opponent ? Action::Raise(20000) : Action::Fold()).ok());
    }
    policies.EndHand(shoved, -100);
  }
  // With the switch never on: no all-in searched (no answers to our all-ins).
  policies.ExpectOnlyTheSwitchedSearchesTheAllIn(spot, "largest", 1.5, "tilt");
}

// An opponent acting at random is absorbed by the model's fitted floor more than by its tilt
// weights: from search_robust_off_floor of the floor after the flop (the decision log's `after
// the flop`) the discipline is off too. Here the opponent folds, calls, min-raises or moves
// all-in at random; we call.
TEST(SafeSearchTest, AnOpponentActingAtRandomIsValuedByTheModelAlone) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  SwitchedAndNever policies(game, 100, 0.65);
  ASSERT_NE(policies.switched, nullptr);
  ASSERT_NE(policies.never, nullptr);
  const State spot = CheckedRiver(game, "Jh", "4h", 3);
  policies.ExpectBothHoldBack(spot);
  const std::vector<poker::HeadsUpDeal> deals = poker::RandomHeadsUpDeals(100, 17);
  std::mt19937_64 rng(17);
  for (uint32_t hand = 0; hand < deals.size(); ++hand) {
    State played(game, 10 + hand);
    for (int i = 0; i < 5; ++i) played.set_board_card(i, deals[hand].board[i]);
    for (int i = 0; i < 4; ++i) played.set_hole_card(i / 2, i % 2, deals[hand].holes[i]);
    while (!played.finished()) {
      Action action = Action::Call();
      int32_t min_to = 0;
      int32_t max_to = 0;
      if (played.CurrentPlayer() == 1) {
        const int pick = static_cast<int>(rng() % 4);
        if (pick == 0 && played.CanFold()) action = Action::Fold();
        if (pick >= 2 && played.RaiseRange(&min_to, &max_to)) {
          action = Action::Raise(pick == 2 ? min_to : max_to);
        }
      }
      ASSERT_TRUE(played.Apply(action).ok());
    }
    policies.EndHand(played, 0);
  }
  policies.ExpectOnlyTheSwitchedSearchesTheAllIn(spot, "after the flop", 0.65, "floor");
}

// Against an opponent seen continuing against our bets with weak hands (its shrunk share of weak
// continues at least search_robust_off_loose_share) the discipline is off from a lower floor after
// the flop, search_robust_off_loose_floor (here 0.01: any floor). Twenty river bets called and
// shown with two pair leave it on; twenty called with jack high turn it off, unless the switch
// needs a larger share than their 0.67.
TEST(SafeSearchTest, AnOpponentSeenCallingWithWeakHandsIsValuedByTheModelAlone) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  const State spot = CheckedRiver(game, "Jh", "4h", 3);
  // Weak continues or strong ones, and the share the switch needs (search_robust_off_loose_share)
  // under or over the opponent's.
  for (const auto& [weak, share] : {std::pair{false, 0.3}, {true, 0.3}, {true, 0.7}}) {
    SCOPED_TRACE(testing::Message() << weak << " " << share);
    SwitchedAndNever policies(game, 100, 1, 0.01, share);
    ASSERT_NE(policies.switched, nullptr);
    ASSERT_NE(policies.never, nullptr);
    policies.ExpectBothHoldBack(spot);
    for (uint32_t hand = 0; hand < 20; ++hand) {
      policies.EndHand(CalledRiverBet(game, weak ? "6d" : "Jd", weak ? "4c" : "9d", 10 + hand),
                       -200);
    }
    // The shrunk share: 20 / (20 + 10), or none.
    EXPECT_NEAR(Explained(policies.switched.get(), spot, "weak continues"), weak ? 0.67 : 0, 0.01);
    if (weak && share < 0.67) {
      policies.ExpectOnlyTheSwitchedSearchesTheAllIn(spot, "after the flop", 0.01,
                                                     "weak continues");
    } else {
      policies.ExpectBothHoldBack(spot);
    }
  }
  // Preflop, where the discipline does not act, the explanation says nothing of it.
  State preflop(game, 5);
  preflop.set_hole_card(0, 0, C("Jh"));
  preflop.set_hole_card(0, 1, C("4h"));
  ASSERT_TRUE(preflop.Apply(Action::Call()).ok());
  ASSERT_EQ(preflop.CurrentPlayer(), 0);
  std::unique_ptr<Policy> policy = SwitchedAndNever::Make(game, 100, 1, 1);
  ASSERT_NE(policy, nullptr);
  Search(policy.get(), preflop);
  EXPECT_THAT(policy->explanation(), testing::HasSubstr("weak continues"));
  EXPECT_THAT(policy->explanation(), testing::Not(testing::HasSubstr("discipline")));
}

// The opponent decisions the policy's model has been fitted to (the explanation's "after N
// decisions").
double DecisionsFitted(Policy* policy, const State& spot) {
  Search(policy, spot);
  const std::string why = policy->explanation();
  const size_t end = why.find(" decisions");
  const size_t at = end == std::string::npos ? end : why.rfind(' ', end - 1);
  EXPECT_NE(at, std::string::npos) << why;
  return at == std::string::npos ? -1.0 : std::atof(why.c_str() + at + 1);
}

// A finished hand whose board is not shown (not one a dealer sends): its decisions after the flop
// are left out of the model's fit (they crashed it), those before it are fitted.
TEST(SafeSearchTest, AHandWhoseBoardIsNotShownIsLeftOutOfTheFit) {
  const poker::GameDef game = agentplay_test::Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<Policy> hidden_fit = SearchWith(50, game);
  std::unique_ptr<Policy> shown_fit = SearchWith(50, game);
  ASSERT_NE(hidden_fit, nullptr);
  ASSERT_NE(shown_fit, nullptr);
  const State spot = CheckedRiver(game, "Jh", "4h", 3);
  EXPECT_EQ(DecisionsFitted(hidden_fit.get(), spot), 0);
  EXPECT_EQ(DecisionsFitted(shown_fit.get(), spot), 0);
  const State shown = CalledRiverBet(game, "7c", "6c", 10);
  State hidden = shown;
  for (int i = 0; i < 5; ++i) hidden.set_board_card(i, poker::kNoCard);
  hidden_fit->EndHand(hidden, 0, 0);
  shown_fit->EndHand(shown, 0, 0);
  const double preflop_only = DecisionsFitted(hidden_fit.get(), spot);
  EXPECT_GT(preflop_only, 0);
  EXPECT_LT(preflop_only, DecisionsFitted(shown_fit.get(), spot));
}

}  // namespace
}  // namespace agent
