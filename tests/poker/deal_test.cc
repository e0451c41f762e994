#include "poker/deal.h"

#include <string>

#include "gtest/gtest.h"
#include "poker/codec.h"
#include "tests/poker/test_util.h"

namespace poker {
namespace {

using ::poker::testing::ProjectGame;

// All cards of a dealt hand as text (as in a finished STATE line: every board card shown).
std::string Dealt(Dealer* dealer, const GameDef& game, uint32_t hand) {
  State s(game, hand);
  dealer->DealNext(&s);
  std::string out;
  for (int p = 0; p < game.num_players; ++p) {
    if (p > 0) out += '|';
    for (int i = 0; i < game.num_hole_cards; ++i) out += CardToString(s.hole_card(p, i));
  }
  int b = 0;
  for (int r = 0; r < game.num_rounds; ++r) {
    if (r > 0) out += '/';
    for (int i = 0; i < game.num_board_cards[r]; ++i) out += CardToString(s.board_card(b++));
  }
  return out;
}

// ACPC.md's check value: seed 0, hand 0, heads-up.
TEST(DealTest, SeedZeroHeadsUp) {
  const GameDef& g = ProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  Dealer dealer(g, 0);
  EXPECT_EQ(Dealt(&dealer, g, 0), "5d5c|9hQd/8dAs8s/4h/6d");
  // The generator carries over: the reference log's next hands.
  EXPECT_EQ(Dealt(&dealer, g, 1), "6sKs|5dJd/2sTh2h/Qh/8h");
  EXPECT_EQ(Dealt(&dealer, g, 2), "Ah8s|2h4c/Qd7h6c/4s/Jc");
  EXPECT_EQ(Dealt(&dealer, g, 3), "4s8s|6hJd/QhJs9d/Qc/9h");
}

// The deal does not depend on the betting type: the limit game with seed 0 deals the same.
TEST(DealTest, SameCardsForTheLimitGame) {
  const GameDef& g = ProjectGame("holdem.limit.2p.reverse_blinds.game");
  Dealer dealer(g, 0);
  EXPECT_EQ(Dealt(&dealer, g, 0), "5d5c|9hQd/8dAs8s/4h/6d");
}

// The smaller Kuhn deck holds only Js Qs Ks As (highest ranks, last suit).
TEST(DealTest, KuhnSmallerDeck) {
  const GameDef& g = ProjectGame("kuhn.limit.3p.game");
  Dealer dealer(g, 0);
  EXPECT_EQ(Dealt(&dealer, g, 0), "Js|As|Qs");
  EXPECT_EQ(Dealt(&dealer, g, 1), "Js|Qs|Ks");
  Dealer many(g, 12345);
  for (int h = 0; h < 200; ++h) {
    State s(g, h);
    many.DealNext(&s);
    CardSet seen;
    for (int p = 0; p < 3; ++p) {
      const Card c = s.hole_card(p, 0);
      EXPECT_EQ(SuitOf(c), 3);
      EXPECT_GE(RankOf(c), 9);
      EXPECT_FALSE(seen.Contains(c));
      seen.Add(c);
    }
  }
}

TEST(DealTest, TenPlayersDistinctCards) {
  const GameDef& g = ProjectGame("holdem.nolimit.10p.game");
  Dealer dealer(g, 7);
  for (int h = 0; h < 100; ++h) {
    State s(g, h);
    dealer.DealNext(&s);
    CardSet seen;
    for (int p = 0; p < 10; ++p) {
      for (int i = 0; i < 2; ++i) {
        ASSERT_LT(s.hole_card(p, i), kNumCards);
        EXPECT_FALSE(seen.Contains(s.hole_card(p, i)));
        seen.Add(s.hole_card(p, i));
      }
    }
    for (int i = 0; i < 5; ++i) {
      EXPECT_FALSE(seen.Contains(s.board_card(i)));
      seen.Add(s.board_card(i));
    }
    EXPECT_EQ(seen.size(), 25);
  }
}

TEST(DealTest, SameSeedSameSequence) {
  const GameDef& g = ProjectGame("holdem.nolimit.6p.game");
  Dealer a(g, 99), b(g, 99), c(g, 100);
  bool any_difference = false;
  for (int h = 0; h < 20; ++h) {
    const std::string da = Dealt(&a, g, h);
    EXPECT_EQ(da, Dealt(&b, g, h));
    any_difference |= da != Dealt(&c, g, h);
  }
  EXPECT_TRUE(any_difference);
}

}  // namespace
}  // namespace poker
