#include "poker/state.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "tests/poker/test_util.h"

namespace poker {
namespace {

using ::poker::testing::ProjectGame;

const GameDef& NoLimit2p() { return ProjectGame("holdem.nolimit.2p.reverse_blinds.game"); }
const GameDef& NoLimit3p() { return ProjectGame("holdem.nolimit.3p.game"); }
const GameDef& Limit2p() { return ProjectGame("holdem.limit.2p.reverse_blinds.game"); }
const GameDef& Kuhn3p() { return ProjectGame("kuhn.limit.3p.game"); }

GameDef MustParse(const std::string& text) {
  absl::StatusOr<GameDef> g = ParseGameDef(text, "test");
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *g : GameDef{};
}

// A 3-player no-limit game with the given stacks, blinds 50/100.
GameDef ThreePlayerStacks(int s0, int s1, int s2) {
  return MustParse("GAMEDEF\nnolimit\nnumPlayers 3\nnumRounds 4\nstack " + std::to_string(s0) +
                   " " + std::to_string(s1) + " " + std::to_string(s2) +
                   "\nblind 50 100 0\nfirstPlayer 3 1 1 1\nnumSuits 4\nnumRanks 13\n"
                   "numHoleCards 2\nnumBoardCards 0 3 1 1\nEND GAMEDEF\n");
}

std::pair<int32_t, int32_t> Range(const State& s) {
  int32_t lo = -1, hi = -1;
  EXPECT_TRUE(s.RaiseRange(&lo, &hi));
  return {lo, hi};
}

void MustApply(State* s, Action a) {
  absl::Status st = s->Apply(a);
  ASSERT_TRUE(st.ok()) << st;
}

std::string ErrorOf(const State& s, Action a) {
  absl::Status st = s.CheckAction(a);
  EXPECT_FALSE(st.ok());
  return std::string(st.message());
}

TEST(StateTest, BlindsPostedAtConstruction) {
  State s(NoLimit2p(), 7);
  EXPECT_EQ(s.hand_number(), 7u);
  EXPECT_EQ(s.spent(0), 100);
  EXPECT_EQ(s.spent(1), 50);
  EXPECT_EQ(s.max_spent(), 100);
  EXPECT_EQ(s.pot(), 150);
  EXPECT_EQ(s.round(), 0);
  EXPECT_FALSE(s.finished());
  EXPECT_EQ(s.hole_card(0, 0), kNoCard);
  EXPECT_EQ(s.board_card(4), kNoCard);
}

// The worked example `cr300r500c/cr600r20000`, heads-up no-limit, reverse blinds.
TEST(StateTest, WorkedExampleAllInOnTheFlop) {
  State s(NoLimit2p(), 0);
  // The button (position 1, small blind) acts first before the flop.
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_TRUE(s.CanFold());
  EXPECT_EQ(s.AmountToCall(), 50);
  EXPECT_EQ(Range(s), std::make_pair(200, 20000));  // 2 x big blind .. the stack
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.spent(1), 100);
  EXPECT_EQ(s.round(), 0);  // the big blind still has its option
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_FALSE(s.CanFold());
  EXPECT_EQ(s.AmountToCall(), 0);
  EXPECT_EQ(Range(s), std::make_pair(200, 20000));
  MustApply(&s, Action::Raise(300));
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_EQ(Range(s), std::make_pair(500, 20000));  // 300 + (300 - 100)
  MustApply(&s, Action::Raise(500));
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(Range(s), std::make_pair(700, 20000));  // 500 + (500 - 300)
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(s.spent(0), 500);
  EXPECT_EQ(s.spent(1), 500);
  // After the flop position 0 acts first, and the minimum resets to the bet plus the big blind.
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(Range(s), std::make_pair(600, 20000));
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.CurrentPlayer(), 1);
  MustApply(&s, Action::Raise(600));
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(Range(s), std::make_pair(700, 20000));
  MustApply(&s, Action::Raise(20000));
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_TRUE(s.all_in(0));
  EXPECT_EQ(s.NumActing(), 1);
  EXPECT_FALSE(s.CanRaise());
  EXPECT_EQ(ErrorOf(s, Action::Raise(20000)), "raise when no other player can still act");
  EXPECT_TRUE(s.CanFold());
  EXPECT_EQ(s.AmountToCall(), 19400);
  EXPECT_FALSE(s.finished());
  EXPECT_EQ(FormatBetting(s), "cr300r500c/cr600r20000");
  EXPECT_EQ(s.num_raises(0), 2);
  EXPECT_EQ(s.num_raises(1), 2);
  EXPECT_EQ(s.actor(1, 2), 0);
  EXPECT_EQ(s.action(1, 2), Action::Raise(20000));

  // The call puts both all-in: the hand jumps to the river with empty sections.
  State called = s;
  MustApply(&called, Action::Call());
  EXPECT_TRUE(called.finished());
  EXPECT_EQ(called.round(), 3);
  EXPECT_EQ(called.CurrentPlayer(), -1);
  EXPECT_TRUE(called.IsShowdown());
  EXPECT_EQ(FormatBetting(called), "cr300r500c/cr600r20000c//");

  MustApply(&s, Action::Fold());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.round(), 1);
  EXPECT_FALSE(s.IsShowdown());
  EXPECT_EQ(*s.Value(0), 600.0);
  EXPECT_EQ(*s.Value(1), -600.0);
}

// The worked example `cc/cc/r200r300c/cc`: minimum raises at later rounds.
TEST(StateTest, WorkedExampleMinimumRaisesOnLaterRounds) {
  State s(NoLimit2p(), 0);
  MustApply(&s, Action::Call());
  MustApply(&s, Action::Call());  // the big blind checks: the flop
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(s.CurrentPlayer(), 0);
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(s.CurrentPlayer(), 1);
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 2);
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(Range(s), std::make_pair(200, 20000));  // 100 + the big blind
  EXPECT_EQ(ErrorOf(s, Action::Raise(199)), "raise to 199 is below the minimum 200");
  MustApply(&s, Action::Raise(200));
  EXPECT_EQ(Range(s), std::make_pair(300, 20000));
  EXPECT_EQ(ErrorOf(s, Action::Raise(250)), "raise to 250 is below the minimum 300");
  EXPECT_EQ(ErrorOf(s, Action::Raise(20001)),
            "raise to 20001 is above the maximum 20000 (the stack)");
  MustApply(&s, Action::Raise(300));
  EXPECT_EQ(s.CurrentPlayer(), 0);
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 3);
  EXPECT_EQ(s.spent(0), 300);
  EXPECT_EQ(s.spent(1), 300);
  EXPECT_EQ(Range(s), std::make_pair(400, 20000));
  MustApply(&s, Action::Call());
  EXPECT_FALSE(s.finished());
  MustApply(&s, Action::Call());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.round(), 3);
  EXPECT_TRUE(s.IsShowdown());
  EXPECT_EQ(FormatBetting(s), "cc/cc/r200r300c/cc");
  // A showdown needs the cards.
  EXPECT_FALSE(s.Value(0).ok());
}

TEST(StateTest, PlayerOrderThreeHanded) {
  State s(NoLimit3p(), 0);
  EXPECT_EQ(s.spent(0), 50);
  EXPECT_EQ(s.spent(1), 100);
  EXPECT_EQ(s.spent(2), 0);
  EXPECT_EQ(s.CurrentPlayer(), 2);  // firstPlayer = 3
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.CurrentPlayer(), 0);
  MustApply(&s, Action::Fold());
  EXPECT_EQ(s.CurrentPlayer(), 1);
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 1);
  // Position 0 would act first on the flop, but it folded: the next one acts.
  EXPECT_EQ(s.CurrentPlayer(), 1);
  MustApply(&s, Action::Raise(300));
  EXPECT_EQ(s.CurrentPlayer(), 2);
  MustApply(&s, Action::Fold());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(FormatBetting(s), "cfc/r300f");
  EXPECT_EQ(*s.Value(0), -50.0);
  EXPECT_EQ(*s.Value(1), 150.0);
  EXPECT_EQ(*s.Value(2), -100.0);
}

TEST(StateTest, FoldOnlyFacingABet) {
  State s(NoLimit2p(), 0);
  MustApply(&s, Action::Call());
  EXPECT_EQ(ErrorOf(s, Action::Fold()), "fold with nothing to call");
  EXPECT_FALSE(s.Apply(Action::Fold()).ok());
  EXPECT_EQ(s.num_actions(0), 1);  // the refused action changed nothing
  EXPECT_EQ(s.Normalize(Action::Fold()), Action::Call());
}

TEST(StateTest, AllInShortOfAFullRaiseKeepsTheMinimum) {
  // Position 0 (small blind) has only 450 chips.
  const GameDef g = ThreePlayerStacks(450, 20000, 20000);
  State s(g, 0);
  MustApply(&s, Action::Raise(400));  // position 2: the next raise must reach 700
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(Range(s), std::make_pair(450, 450));  // cannot reach 700: all-in only
  EXPECT_EQ(ErrorOf(s, Action::Raise(449)), "raise to 449 is below the minimum 450");
  MustApply(&s, Action::Raise(450));
  EXPECT_TRUE(s.all_in(0));
  EXPECT_EQ(s.CurrentPlayer(), 1);
  // 450 + 50 = 500 would be lower: the minimum stays 700.
  EXPECT_EQ(Range(s), std::make_pair(700, 20000));
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.CurrentPlayer(), 2);
  EXPECT_EQ(Range(s), std::make_pair(700, 20000));
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 1);
  // The all-in player is skipped on the flop.
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_EQ(Range(s), std::make_pair(550, 20000));
}

TEST(StateTest, FacingABetThatCoversTheStack) {
  const GameDef g = ThreePlayerStacks(20000, 1000, 20000);
  State s(g, 0);
  MustApply(&s, Action::Raise(5000));  // position 2
  MustApply(&s, Action::Call());       // position 0
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_FALSE(s.CanRaise());
  EXPECT_EQ(ErrorOf(s, Action::Raise(1000)),
            "raise facing a bet of 5000 that covers the stack of 1000");
  EXPECT_EQ(s.AmountToCall(), 900);
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.spent(1), 1000);
  EXPECT_TRUE(s.all_in(1));
  EXPECT_EQ(s.round(), 1);
}

// Position 2 shoves 5000, position 0 (1001 chips) and 1 (3000 chips) call all-in. Positions 0
// and 1 tie with a straight, position 2 has a pair: the main pot of 3 x 1001 is split (a
// fractional value), the side pot of 2 x 1999 goes to position 1, and position 2 gets its
// uncalled 2000 back.
TEST(StateTest, SidePotsAndASplitPot) {
  const GameDef g = ThreePlayerStacks(1001, 3000, 5000);
  State s(g, 0);
  MustApply(&s, Action::Raise(5000));
  MustApply(&s, Action::Call());
  EXPECT_FALSE(s.finished());
  MustApply(&s, Action::Call());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.round(), 3);
  ASSERT_TRUE(ApplyCards("Tc3d|Td4c|2h2d/AsKsQd/Jc/8h", true, &s).ok());
  EXPECT_EQ(*s.Value(0), 500.5);
  EXPECT_EQ(*s.Value(1), 2499.5);
  EXPECT_EQ(*s.Value(2), -3000.0);
  double values[3];
  ASSERT_TRUE(s.Values(absl::MakeSpan(values)).ok());
  EXPECT_EQ(values[0] + values[1] + values[2], 0.0);
  EXPECT_EQ(FormatValue(values[0]), "500.5");
}

// A folded player's chips stay in the layers but it cannot win them.
TEST(StateTest, FoldedChipsInASplitPot) {
  const GameDef g = ThreePlayerStacks(20000, 20000, 20000);
  State s(g, 0);
  MustApply(&s, Action::Raise(301));  // position 2
  MustApply(&s, Action::Fold());      // position 0 leaves its 50
  MustApply(&s, Action::Call());      // position 1
  EXPECT_EQ(s.round(), 1);
  for (int i = 0; i < 6; ++i) MustApply(&s, Action::Call());
  ASSERT_TRUE(s.finished());
  ASSERT_TRUE(ApplyCards("2c2d|Tc3d|Td4c/AsKsQd/Jc/8h", true, &s).ok());
  // The pot of 652 is split: each gets 326 for 301 put in.
  EXPECT_EQ(*s.Value(0), -50.0);
  EXPECT_EQ(*s.Value(1), 25.0);
  EXPECT_EQ(*s.Value(2), 25.0);
}

TEST(StateTest, ThreeWaySplitIsFractional) {
  State s(NoLimit3p(), 0);
  MustApply(&s, Action::Raise(301));
  MustApply(&s, Action::Call());
  MustApply(&s, Action::Call());
  for (int i = 0; i < 9; ++i) MustApply(&s, Action::Call());
  ASSERT_TRUE(s.finished());
  // The board plays for everyone, and nobody folded: 903 chips / 3 = 301 each, net 0.
  ASSERT_TRUE(ApplyCards("2c3d|2d3c|2h3h/AsKsQs/Js/Ts", true, &s).ok());
  EXPECT_EQ(*s.Value(0), 0.0);
  // With the small blind folded, only the two who did not fold share its 50 chips.
  State t(NoLimit3p(), 0);
  MustApply(&t, Action::Raise(301));
  MustApply(&t, Action::Fold());
  MustApply(&t, Action::Call());
  for (int i = 0; i < 6; ++i) MustApply(&t, Action::Call());
  ASSERT_TRUE(ApplyCards("2c3d|2d3c|2h3h/AsKsQs/Js/Ts", true, &t).ok());
  EXPECT_EQ(*t.Value(1), 25.0);
  EXPECT_EQ(*t.Value(2), 25.0);
  // 51 chips from the folded small blind split between two: 25.5 each.
  const GameDef odd = MustParse(
      "GAMEDEF\nnolimit\nnumPlayers 3\nnumRounds 1\nstack 1000 1000 1000\nblind 51 100 0\n"
      "firstPlayer 3\nnumSuits 4\nnumRanks 13\nnumHoleCards 2\nnumBoardCards 5\nEND GAMEDEF\n");
  State u(odd, 0);
  MustApply(&u, Action::Call());
  MustApply(&u, Action::Fold());
  MustApply(&u, Action::Call());
  ASSERT_TRUE(u.finished());
  ASSERT_TRUE(ApplyCards("2c3d|2d3c|2h3hAsKsQsJsTs", true, &u).ok());
  EXPECT_EQ(*u.Value(0), -51.0);
  EXPECT_EQ(*u.Value(1), 25.5);
  EXPECT_EQ(*u.Value(2), 25.5);
}

TEST(StateTest, LimitRaisesAndTheCap) {
  State s(Limit2p(), 0);
  EXPECT_EQ(Range(s), std::make_pair(20, 20));  // raise sizes are fixed
  MustApply(&s, Action::Raise(0));              // 0: "the fixed size"
  EXPECT_EQ(s.action(0, 0), Action::Raise(20));
  EXPECT_EQ(ErrorOf(s, Action::Raise(40)), "limit raise to 40, the only raise is to 30");
  MustApply(&s, Action::Raise(30));
  MustApply(&s, Action::Raise(40));
  EXPECT_EQ(s.num_raises(0), 3);  // the blinds do not count
  EXPECT_FALSE(s.CanRaise());
  EXPECT_EQ(ErrorOf(s, Action::Raise(50)), "raise after the round's cap of 3 raises");
  EXPECT_EQ(s.Normalize(Action::Raise(50)), Action::Call());
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(Range(s), std::make_pair(50, 50));
  MustApply(&s, Action::Raise(50));
  MustApply(&s, Action::Raise(60));
  MustApply(&s, Action::Raise(70));
  MustApply(&s, Action::Raise(80));
  EXPECT_FALSE(s.CanRaise());  // 4 raises after the flop
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 2);
  EXPECT_EQ(Range(s), std::make_pair(100, 100));  // big bets on the turn
  EXPECT_EQ(s.Normalize(Action::Raise(12345)), Action::Raise(100));
  EXPECT_EQ(FormatBetting(s), "rrrc/rrrrc/");
}

TEST(StateTest, KuhnOneRoundOneRaise) {
  State s(Kuhn3p(), 0);
  EXPECT_EQ(s.pot(), 3);  // everyone antes one chip
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_FALSE(s.CanFold());
  MustApply(&s, Action::Raise(2));
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_FALSE(s.CanRaise());
  EXPECT_EQ(ErrorOf(s, Action::Raise(3)), "raise after the round's cap of 1 raises");
  MustApply(&s, Action::Call());
  MustApply(&s, Action::Call());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.round(), 0);
  // One card each; the highest wins (the reference log's first hand).
  ASSERT_TRUE(ApplyCards("Js|As|Qs", true, &s).ok());
  EXPECT_EQ(*s.Value(0), -2.0);
  EXPECT_EQ(*s.Value(1), 4.0);
  EXPECT_EQ(*s.Value(2), -2.0);
}

TEST(StateTest, NormalizeLikeTheServer) {
  State s(NoLimit2p(), 0);
  EXPECT_EQ(s.Normalize(Action::Raise(150)), Action::Raise(200));      // clamped up
  EXPECT_EQ(s.Normalize(Action::Raise(-5)), Action::Raise(200));       // clamped up
  EXPECT_EQ(s.Normalize(Action::Raise(99999)), Action::Raise(20000));  // clamped down
  EXPECT_EQ(s.Normalize(Action::Raise(0)), Action::Call());            // no size
  EXPECT_EQ(s.Normalize(Action::Raise(300)), Action::Raise(300));
  EXPECT_EQ(s.Normalize(Action::Fold()), Action::Fold());
  EXPECT_EQ(s.Normalize(Action{static_cast<ActionType>(7), 0}), Action::Call());
  MustApply(&s, Action::Raise(20000));
  EXPECT_EQ(s.Normalize(Action::Raise(20000)), Action::Call());  // facing an all-in
}

TEST(StateTest, ActionsAfterTheEndAreRefused) {
  State s(NoLimit2p(), 0);
  MustApply(&s, Action::Fold());
  ASSERT_TRUE(s.finished());
  EXPECT_EQ(s.CheckAction(Action::Call()).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_FALSE(s.CanFold());
  EXPECT_FALSE(s.CanRaise());
  EXPECT_EQ(s.AmountToCall(), 0);
  EXPECT_EQ(*s.Value(0), 50.0);
  EXPECT_EQ(*s.Value(1), -50.0);
}

TEST(StateTest, UnfinishedHandHasNoValue) {
  State s(NoLimit2p(), 0);
  EXPECT_EQ(s.Value(0).status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(StateTest, BlindsThatPutEveryoneAllInEndTheHand) {
  const GameDef g = MustParse(
      "GAMEDEF\nnolimit\nnumPlayers 2\nnumRounds 2\nstack 100 50\nblind 100 50\n"
      "numSuits 4\nnumRanks 13\nnumHoleCards 2\nnumBoardCards 0 3\nEND GAMEDEF\n");
  State s(g, 0);
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(FormatBetting(s), "/");
}

TEST(StateTest, ALongNoLimitRoundStaysInsideItsArrays) {
  State s(NoLimit2p(), 0);
  // Minimum raises of 100 chips each: the round would need ~200 actions; raising stops first.
  int raises = 0;
  while (!s.finished() && s.round() == 0) {
    int32_t lo = 0, hi = 0;
    if (!s.RaiseRange(&lo, &hi)) break;
    MustApply(&s, Action::Raise(lo));
    ++raises;
  }
  EXPECT_EQ(raises, kMaxActionsPerRound - 1);  // the last raise leaves room for one call
  EXPECT_FALSE(s.CanRaise());
  MustApply(&s, Action::Call());
  EXPECT_EQ(s.round(), 1);
}

}  // namespace
}  // namespace poker
