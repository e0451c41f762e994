// Tests of agent/uniform_equity: equities in Kuhn (2 and 3 players) and Leduc worked out by hand
// (the deals counted below), exact and by Monte Carlo, and the inputs it refuses.
#include "agent/uniform_equity.h"

#include <cmath>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/rng.h"
#include "tests/common/test_support.h"

namespace agent {
namespace {

using poker::Card;

std::vector<Card> Cards(const char* text) { return poker::ParseCards(text).value(); }

double Exact(const poker::GameDef& game, const char* hole, const char* board, int opponents) {
  const std::vector<Card> h = Cards(hole);
  const std::vector<Card> b = Cards(board);
  absl::StatusOr<EquityResult> result = ComputeUniformEquity(game, h, b, opponents);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return -1;
  EXPECT_TRUE(result->exact);
  EXPECT_EQ(result->std_error, 0);
  return result->equity;
}

// Kuhn 2p (Qs Ks As): the other card is either of the two left, so Q never wins, K wins half the
// deals, A all of them.
TEST(UniformEquityTest, KuhnTwoPlayers) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.2p.game");
  EXPECT_DOUBLE_EQ(Exact(game, "Qs", "", 1), 0.0);
  EXPECT_DOUBLE_EQ(Exact(game, "Ks", "", 1), 0.5);
  EXPECT_DOUBLE_EQ(Exact(game, "As", "", 1), 1.0);
  absl::StatusOr<EquityResult> result = ComputeUniformEquity(game, Cards("Ks"), {}, 1);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->trials, 2);  // Qs or As
}

// Kuhn 3p (Js Qs Ks As): the two opponents hold 2 of the 3 other cards (6 ordered deals); Q loses
// to K or A, which one of them always holds; K wins only against {J, Q}: 2 of the 6 deals.
TEST(UniformEquityTest, KuhnThreePlayers) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.3p.game");
  EXPECT_DOUBLE_EQ(Exact(game, "Js", "", 2), 0.0);
  EXPECT_DOUBLE_EQ(Exact(game, "Qs", "", 2), 0.0);
  EXPECT_DOUBLE_EQ(Exact(game, "Ks", "", 2), 1.0 / 3);
  EXPECT_DOUBLE_EQ(Exact(game, "As", "", 2), 1.0);
  // Against one of the two (a heads-up pot at the 3-player table): K beats J and Q of J, Q, A.
  EXPECT_DOUBLE_EQ(Exact(game, "Ks", "", 1), 2.0 / 3);
}

// Leduc (Q K A in hearts and spades): preflop the opponent's card and the board card are 20
// ordered deals of the 5 unseen cards. With Ah: the board pairs us (As, 4 deals) and we win;
// the opponent pairs the board (QQ or KK, 4 deals) and we lose; the opponent holds As (4 deals):
// a split; the other 8 deals (Q or K against a board of the other rank) we win with the ace:
// (4 + 8 + 4/2) / 20 = 0.7. The same counts give Kh 0.5 and Qh 0.3 (a Q wins only when paired:
// 4 + 2 split halves).
TEST(UniformEquityTest, LeducPreflopAndFlop) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  EXPECT_DOUBLE_EQ(Exact(game, "Ah", "", 1), 0.7);
  EXPECT_DOUBLE_EQ(Exact(game, "Kh", "", 1), 0.5);
  EXPECT_DOUBLE_EQ(Exact(game, "Qh", "", 1), 0.3);
  absl::StatusOr<EquityResult> result = ComputeUniformEquity(game, Cards("Ah"), {}, 1);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->trials, 20);
  // Paired with the board: no K is left for the opponent.
  EXPECT_DOUBLE_EQ(Exact(game, "Kh", "Ks", 1), 1.0);
  // Kh on a Qs board against Qh (loses), Ks (splits), Ah, As (lose): 0.5 / 4.
  EXPECT_DOUBLE_EQ(Exact(game, "Kh", "Qs", 1), 0.125);
}

// With exact enumeration off the estimate is Monte Carlo, within 4 standard errors of the exact
// value, and the same seed repeats it.
TEST(UniformEquityTest, MonteCarloAgreesWithTheExactValue) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  EquityOptions options;
  options.max_exact_evaluations = 0;
  options.max_trials = 20000;
  options.seed = 7;
  absl::StatusOr<EquityResult> a = ComputeUniformEquity(game, Cards("Ah"), {}, 1, options);
  absl::StatusOr<EquityResult> b = ComputeUniformEquity(game, Cards("Ah"), {}, 1, options);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_FALSE(a->exact);
  EXPECT_EQ(a->trials, 20000);
  EXPECT_GT(a->std_error, 0.001);
  EXPECT_NEAR(a->equity, 0.7, 4 * a->std_error);
  EXPECT_EQ(a->equity, b->equity);
  // The bots' entry point draws the same way: 0.7 within the same tolerance.
  poker::Rng rng(7);
  EXPECT_NEAR(UniformMonteCarloEquity(game, Cards("Ah"), {}, 1, 20000, &rng), 0.7,
              4 * a->std_error);
}

TEST(UniformEquityTest, DealCounts) {
  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  EXPECT_EQ(UniformDealCount(leduc, 0, 1, 1000), 20);  // 5 x 4
  EXPECT_EQ(UniformDealCount(leduc, 1, 1, 1000), 4);
  EXPECT_EQ(UniformDealCount(leduc, 0, 1, 19), -1);    // over the cap
  EXPECT_EQ(UniformDealCount(leduc, 0, 5, 1000), -1);  // 6 cards for 5 opponents and a board
  const poker::GameDef holdem =
      test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  EXPECT_EQ(UniformDealCount(holdem, 5, 1, 10000), 45 * 44);  // river: the opponent's 2 cards
}

TEST(UniformEquityTest, RefusesBadInput) {
  const poker::GameDef kuhn = test_support::LoadProjectGame("kuhn.limit.2p.game");
  EXPECT_FALSE(ComputeUniformEquity(kuhn, Cards("QsKs"), {}, 1).ok());         // two hole cards
  EXPECT_FALSE(ComputeUniformEquity(kuhn, Cards("2c"), {}, 1).ok());           // not in Kuhn's deck
  EXPECT_FALSE(ComputeUniformEquity(kuhn, Cards("Qs"), Cards("Ks"), 1).ok());  // no board
  EXPECT_FALSE(ComputeUniformEquity(kuhn, Cards("Qs"), {}, 2).ok());  // 2 opponents heads-up
  EXPECT_FALSE(ComputeUniformEquity(kuhn, Cards("Qs"), {}, 0).ok());
  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  const absl::StatusOr<EquityResult> repeated =
      ComputeUniformEquity(leduc, Cards("Kh"), Cards("Kh"), 1);
  ASSERT_FALSE(repeated.ok());
  EXPECT_NE(repeated.status().message().find("Kh is repeated"), std::string::npos)
      << repeated.status();
}

}  // namespace
}  // namespace agent
