// The push/fold bot: class-against-class all-in equities against exact enumerations, the combo
// counts, the equilibrium of the push/fold game (limits worked out by hand, its distance from an
// equilibrium), and the bot's decisions in real spots, through the spec parser as the arena does.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/hand_strength.h"
#include "tests/tools/process_util.h"
#include "tools/bots/push_fold.h"
#include "tools/bots/rule_bot.h"

namespace bots {
namespace {

using poker::Action;
using poker::ActionType;

int Class(const std::string& name) {
  for (int c = 0; c < kClasses; ++c) {
    if (poker::StartingHandClassName(c) == name) return c;
  }
  ADD_FAILURE() << "no class " << name;
  return 0;
}

TEST(PushFoldTest, MatchupEquitiesMatchExactEnumeration) {
  const ClassMatchups& m = SharedClassMatchups();
  // Exact values: every pair of the first class against every pair of the second sharing no
  // card, on each of the C(48, 5) boards (enumerated once with poker::Evaluate; ties half).
  // The Monte Carlo's standard error is about 0.005, so 0.02 is four of them.
  struct Known {
    const char* a;
    const char* b;
    double equity;
  };
  for (const Known& k : {Known{"AA", "KK", 0.81946}, Known{"AKo", "QQ", 0.43242},
                         Known{"72o", "AA", 0.11800}, Known{"22", "AKs", 0.50107},
                         Known{"AKo", "AQo", 0.74394}, Known{"T9s", "22", 0.53639},
                         Known{"K2o", "Q3o", 0.60041}}) {
    EXPECT_NEAR(m.Equity(Class(k.a), Class(k.b)), k.equity, 0.02) << k.a << " vs " << k.b;
    EXPECT_NEAR(m.Equity(Class(k.b), Class(k.a)), 1.0 - k.equity, 0.02) << k.b << " vs " << k.a;
  }
  EXPECT_FLOAT_EQ(m.Equity(Class("QJs"), Class("QJs")), 0.5f);
}

TEST(PushFoldTest, CombosCountPairsWithoutSharedCards) {
  const ClassMatchups& m = SharedClassMatchups();
  EXPECT_EQ(m.Combos(Class("AA"), Class("KK")), 36);
  EXPECT_EQ(m.Combos(Class("AA"), Class("AA")), 6);    // each AA leaves exactly one other AA
  EXPECT_EQ(m.Combos(Class("AA"), Class("AKo")), 36);   // 2 aces left x 3 kings of another suit
  EXPECT_EQ(m.Combos(Class("AKs"), Class("AKs")), 12);  // the other three suits
  for (int i = 0; i < kClasses; ++i) {
    int64_t total = 0;
    for (int j = 0; j < kClasses; ++j) {
      total += m.Combos(i, j);
      EXPECT_EQ(m.Combos(i, j), m.Combos(j, i));
    }
    // Every pair of class i meets each of the C(50, 2) = 1225 pairs left.
    EXPECT_EQ(total, int64_t{poker::StartingHandClassCombos(i)} * 1225) << i;
  }
}

TEST(PushFoldTest, OneBigBlindShovesAndCallsEverything) {
  // With 1 big blind each, folding the small blind loses 0.5 while a shove loses at most
  // (1 - 2 x 0.12) = 0.76 when called by AA, and never less than +1 when not called: every hand
  // shoves. The big blind calls 0.5 more for a pot of 2, so any hand with equity above 1/4 calls,
  // i.e. all of them against a range of every hand.
  const PushFoldRanges& ranges = SharedPushFoldRanges(1.0, 0.5);
  EXPECT_DOUBLE_EQ(ranges.push_share, 1.0);
  EXPECT_DOUBLE_EQ(ranges.call_share, 1.0);
  // Every hand all-in: each player's equity averages one half, so the small blind's value is 0
  // (up to the Monte Carlo equities' error).
  EXPECT_NEAR(ranges.small_blind_value_bb, 0.0, 0.01);
  EXPECT_LT(ranges.gain_bb, 1e-9);
}

TEST(PushFoldTest, RangesNarrowAsStacksGrowAndAreNearEquilibrium) {
  double last_push = 1.1;
  double last_call = 1.1;
  for (double stack : {5.0, 10.0, 15.0, 25.0}) {
    const PushFoldRanges& r = SharedPushFoldRanges(stack, 0.5);
    EXPECT_LT(r.push_share, last_push) << stack;
    EXPECT_LT(r.call_share, last_call) << stack;
    last_push = r.push_share;
    last_call = r.call_share;
    // The small blind, who acts first with a shove, shoves wider than the big blind calls.
    EXPECT_GT(r.push_share, r.call_share) << stack;
    // Rounding fictitious play's averages to pure ranges leaves only marginal hands off: neither
    // player gains a hundredth of a big blind a hand by changing its range.
    EXPECT_LT(r.gain_bb, 0.01) << stack;
    EXPECT_TRUE(r.push[Class("AA")] && r.call[Class("AA")]) << stack;
    EXPECT_TRUE(r.push[Class("AKo")] && r.call[Class("AKo")]) << stack;
    EXPECT_FALSE(r.call[Class("72o")]) << stack;
  }
  const PushFoldRanges& fifteen = SharedPushFoldRanges(15.0, 0.5);
  // The bot's default: a wide shoving range, a narrower calling one.
  EXPECT_GT(fifteen.push_share, 0.3);
  EXPECT_LT(fifteen.push_share, 0.6);
  EXPECT_GT(fifteen.call_share, 0.15);
  EXPECT_LT(fifteen.call_share, 0.45);
  // The small blind can fold everything (-0.5) and the big blind can fold everything (+1 to the
  // small blind); the game's value lies strictly between.
  EXPECT_GT(fifteen.small_blind_value_bb, -0.5);
  EXPECT_LT(fifteen.small_blind_value_bb, 1.0);
  // Published heads-up push/fold equilibrium charts (no ante) give about 58% shoves and 37% calls
  // at 10 big blinds; measured here 57.8% and 37.3%.
  const PushFoldRanges& ten = SharedPushFoldRanges(10.0, 0.5);
  EXPECT_NEAR(ten.push_share, 0.58, 0.02);
  EXPECT_NEAR(ten.call_share, 0.37, 0.02);
  EXPECT_FALSE(fifteen.push[Class("72o")]);
}

class PushFoldBotTest : public ::testing::Test {
 protected:
  PushFoldBotTest() : game_(*poker::ParseGameDef(tools_test::kNoLimit2pGame)) {}
  Action Decide(const std::string& spec, const std::string& line) {
    absl::StatusOr<BotConfig> config = ParseBotSpec(spec);
    EXPECT_TRUE(config.ok()) << config.status();
    EXPECT_TRUE(CheckBotGame(game_, *config).ok());
    absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(game_, line);
    EXPECT_TRUE(view.ok()) << line << ": " << view.status();
    return MakeBot(game_, *config)->Act(*view);
  }
  poker::GameDef game_;
};

TEST_F(PushFoldBotTest, ShovesFoldsAndCallsFromItsRanges) {
  // Position 1 is the small blind and acts first; stacks are 20000 chips (200 big blinds).
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:1:0::|AsAh"), Action::Raise(20000));
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:1:0::|7s2h"), Action::Fold());
  // K9o shoves at 15 big blinds (the default) and not at 100.
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:1:0::|Ks9h"), Action::Raise(20000));
  EXPECT_EQ(Decide("style=pushfold,stack_bb=100", "MATCHSTATE:1:0::|Ks9h"), Action::Fold());
  // The big blind facing a shove: calls with its calling range, folds the rest.
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:0:0:r20000:KdKc|"), Action::Call());
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:0:0:r20000:7d2c|"), Action::Fold());
  // Facing a small raise, the calling range moves all-in.
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:0:0:r300:AdKc|"), Action::Raise(20000));
  // After a limp the big blind checks what it would not shove.
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:0:0:c:7d2c|"), Action::Call());
  // After the flop: all-in with the nuts, check with nothing, fold to a bet with nothing.
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:0:0:cc/:7d2c|/7s7h2d"), Action::Raise(20000));
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:0:0:cc/:3d4c|/KsQh9d"), Action::Call());
  EXPECT_EQ(Decide("style=pushfold", "MATCHSTATE:1:0:cc/r200:|3d4c/KsQh9d"), Action::Fold());
}

TEST_F(PushFoldBotTest, SpecAndGameErrors) {
  EXPECT_THAT(ParseBotSpec("style=pushfold,stack_bb=0").status().message(),
              ::testing::HasSubstr("stack_bb must be a number in [1, 1000] (got 0)"));
  EXPECT_THAT(ParseBotSpec("style=ta,stack_bb=10").status().message(),
              ::testing::HasSubstr("unknown key 'stack_bb'"));
  EXPECT_EQ(ParseBotSpec("style=pushfold,stack_bb=25")->push_fold_stack_bb, 25);
  const poker::GameDef limit = *poker::ParseGameDef(tools_test::kLimit2pGame);
  EXPECT_THAT(CheckBotGame(limit, *ParseBotSpec("style=pushfold")).message(),
              ::testing::HasSubstr("heads-up no-limit hold'em only"));
  EXPECT_TRUE(CheckBotGame(limit, *ParseBotSpec("style=ta")).ok());
}

}  // namespace
}  // namespace bots
