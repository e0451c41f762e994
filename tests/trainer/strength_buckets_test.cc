#include "trainer/strength_buckets.h"

#include <array>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/hand_strength.h"
#include "tests/trainer/test_util.h"
#include "trainer/pair_strength.h"

namespace trainer {
namespace {

using poker::Card;
using poker::PairCards;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<Card> Cards(const std::string& text) { return *poker::ParseCards(text); }

PairCards Pair(const std::string& text) {
  const std::vector<Card> cards = Cards(text);
  return PairCards{std::min(cards[0], cards[1]), std::max(cards[0], cards[1])};
}

StrengthBuckets Default() {
  return *StrengthBuckets::HsDraw(testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game"),
                                  8);
}

bool Draw(const std::string& hole, const std::string& board, int round) {
  const std::vector<Card> cards = Cards(board);
  return StrengthBuckets::HasDraw(Pair(hole), StrengthBuckets::Features(round, 4, cards));
}

TEST(StrengthBucketsTest, EdgesPerStreet) {
  const StrengthBuckets buckets = Default();
  EXPECT_EQ(buckets.num_strength_buckets(), 8);
  EXPECT_EQ(buckets.num_buckets(), 9);
  EXPECT_EQ(buckets.draw_bucket(), 8);
  EXPECT_THAT(buckets.edges(1), ElementsAre(0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875));
  EXPECT_EQ(buckets.edges(3), buckets.edges(1));
  ASSERT_EQ(buckets.edges(0).size(), 7u);
  // Preflop equities against a random hand span about 0.32 (72o) to 0.85 (AA).
  EXPECT_GT(buckets.edges(0).front(), 0.32);
  EXPECT_LT(buckets.edges(0).back(), 0.85);
  EXPECT_EQ(buckets.BucketName(8), "draw");
  EXPECT_EQ(buckets.BucketRange(1, 2), "[0.250,0.375)");
  EXPECT_EQ(buckets.BucketRange(1, 7), "[0.875,1.000]");
}

// Preflop edges are the 8-quantiles of the equity table over the 1326 pairs: every bucket holds
// about 1326 / 8 = 166 pairs (whole starting-hand classes of 4, 6 or 12 pairs move together).
TEST(StrengthBucketsTest, PreflopBucketsHoldEqualShares) {
  const StrengthBuckets buckets = Default();
  std::array<uint8_t, poker::kNumPairs> all;
  buckets.AllPairs(0, {}, &all);
  std::array<int, 8> counts{};
  for (uint8_t b : all) {
    ASSERT_LT(b, 8);
    ++counts[b];
  }
  for (int b = 0; b < 8; ++b) {
    EXPECT_GE(counts[b], 166 - 12) << "bucket " << b;
    EXPECT_LE(counts[b], 166 + 12) << "bucket " << b;
  }
  EXPECT_EQ(buckets.PreflopBucket(Pair("AsAh")), 7);
  EXPECT_EQ(buckets.PreflopBucket(Pair("KdKc")), 7);
  EXPECT_EQ(buckets.PreflopBucket(Pair("7c2d")), 0);
  EXPECT_EQ(buckets.PreflopBucket(Pair("3c2d")), 0);
  EXPECT_EQ(all[poker::PairIndex(Cards("As")[0], Cards("Ah")[0])], 7);
}

TEST(StrengthBucketsTest, DetectsFlushAndEightOutStraightDraws) {
  EXPECT_TRUE(Draw("AhKh", "2h7h9c", 1));     // four hearts
  EXPECT_TRUE(Draw("Ah5c", "2h7h9h", 1));     // one heart and three on the board: 9 outs
  EXPECT_FALSE(Draw("AcKd", "2h7h9h", 1));    // no heart: the board's three are no draw
  EXPECT_TRUE(Draw("8c9d", "6s7hKd", 1));     // open-ended 6789: a 5 or a T
  EXPECT_TRUE(Draw("9c5d", "7s8hJd", 1));     // double gutshot: a 6 or a T
  EXPECT_FALSE(Draw("5c9d", "6s7h2d", 1));    // gutshot only (an 8)
  EXPECT_FALSE(Draw("8c9d", "6s7hTd", 1));    // a made straight is no draw
  EXPECT_TRUE(Draw("6c3d", "4s5hKd", 1));     // open-ended 3456: a 2 or a 7
  EXPECT_FALSE(Draw("Ac3d", "4s5hKd", 1));    // the wheel needs a 2: a gutshot
  EXPECT_FALSE(Draw("AcKd", "5s6h7d8c", 2));  // the board alone draws to the straight
  EXPECT_TRUE(Draw("2d3c", "4s5hKdQs", 2));   // 23 45: an A or a 6
}

TEST(StrengthBucketsTest, DrawBucketOnlyOnFlopAndTurnBelowTheHsLimit) {
  const StrengthBuckets buckets = Default();
  std::array<uint8_t, poker::kNumPairs> all;
  // 5h4h on Ah9h2c: five high with a flush draw and a wheel gutshot.
  buckets.AllPairs(1, Cards("Ah9h2c"), &all);
  EXPECT_EQ(all[poker::PairIndex(Cards("5h")[0], Cards("4h")[0])], 8);
  // A set of nines with the same flush draw is far above the limit: a strength bucket.
  EXPECT_EQ(all[poker::PairIndex(Cards("9s")[0], Cards("9d")[0])], 7);
  // Conflicting pairs.
  EXPECT_EQ(all[poker::PairIndex(Cards("Ah")[0], Cards("Kd")[0])], kNoBucket);
  // No draw bucket on the river.
  buckets.AllPairs(3, Cards("Ah9h2c5h4c"), &all);
  for (uint8_t b : all) EXPECT_TRUE(b == kNoBucket || b < 8);
}

// The trainer buckets a player's pair from its own HandStrengthCounts, the agent every pair from
// AllPairsStrengthNumerators: the results must be identical.
TEST(StrengthBucketsTest, OnePairAndAllPairsAgree) {
  const StrengthBuckets buckets = Default();
  std::mt19937 rng(7);
  for (int round = 1; round <= 3; ++round) {
    for (int trial = 0; trial < 2; ++trial) {
      std::vector<Card> deck;
      for (int c = 0; c < poker::kNumCards; ++c) deck.push_back(static_cast<Card>(c));
      std::shuffle(deck.begin(), deck.end(), rng);
      const std::vector<Card> board(deck.begin(), deck.begin() + 2 + round);
      std::array<uint8_t, poker::kNumPairs> all;
      buckets.AllPairs(round, board, &all);
      const BoardFeatures features = StrengthBuckets::Features(round, 4, board);
      const poker::CardSet used(board);
      int checked = 0;
      for (int i = 0; i < poker::kNumPairs; ++i) {
        const PairCards pair = poker::PairFromIndex(i);
        if (used.Contains(pair.low) || used.Contains(pair.high)) {
          EXPECT_EQ(all[i], kNoBucket);
          continue;
        }
        const poker::StrengthCounts counts = poker::HandStrengthCounts(pair, board);
        const double hs = StrengthBuckets::HsFromNumerator(
            static_cast<int32_t>(2 * counts.ahead + counts.tied), static_cast<int>(board.size()));
        EXPECT_DOUBLE_EQ(hs, counts.hs());
        ASSERT_EQ(all[i], buckets.Bucket(pair, features, hs))
            << poker::CardsToString(board) << " pair " << i;
        ++checked;
      }
      const int live = poker::kNumCards - static_cast<int>(board.size());
      EXPECT_EQ(checked, live * (live - 1) / 2);
    }
  }
}

// The trainer's batched HS of a hand's players equals poker::HandStrengthCounts pair by pair.
TEST(PairStrengthTest, FewPairsMatchHandStrengthCounts) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<Card> deck;
    for (int c = 0; c < poker::kNumCards; ++c) deck.push_back(static_cast<Card>(c));
    std::shuffle(deck.begin(), deck.end(), rng);
    const int board_size = 3 + trial % 3;
    const int k = 1 + trial % 6;
    const std::vector<Card> board(deck.begin(), deck.begin() + board_size);
    std::vector<PairCards> pairs;
    for (int p = 0; p < k; ++p) {
      const Card a = deck[board_size + 2 * p];
      const Card b = deck[board_size + 2 * p + 1];
      pairs.push_back({std::min(a, b), std::max(a, b)});
    }
    std::vector<int32_t> numerators(k, -1);
    FewPairsStrengthNumerators(board, pairs, absl::MakeSpan(numerators));
    for (int p = 0; p < k; ++p) {
      const poker::StrengthCounts counts = poker::HandStrengthCounts(pairs[p], board);
      EXPECT_EQ(numerators[p], static_cast<int32_t>(2 * counts.ahead + counts.tied))
          << poker::CardsToString(board) << " pair " << p;
    }
  }
}

TEST(StrengthBucketsTest, ProtoRoundTripAndRefusals) {
  const StrengthBuckets buckets = Default();
  opponent_model::BucketFunction proto;
  buckets.ToProto(&proto);
  EXPECT_EQ(proto.name(), "hs_draw");
  EXPECT_EQ(proto.version(), 1u);
  absl::StatusOr<StrengthBuckets> back = StrengthBuckets::FromProto(proto, 4);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE(*back == buckets);
  EXPECT_EQ(back->PreflopBucket(Pair("AsAh")), 7);

  opponent_model::BucketFunction bad = proto;
  bad.set_version(3);
  EXPECT_THAT(std::string(StrengthBuckets::FromProto(bad, 4).status().message()),
              HasSubstr("version 3"));
  bad = proto;
  bad.set_name("ehs");
  EXPECT_THAT(std::string(StrengthBuckets::FromProto(bad, 4).status().message()),
              HasSubstr("unknown bucket function 'ehs'"));
  bad = proto;
  bad.mutable_edges(2)->add_edges(0.9);
  EXPECT_THAT(std::string(StrengthBuckets::FromProto(bad, 4).status().message()),
              HasSubstr("round 2 has 8 edges, expected 7"));
  EXPECT_FALSE(StrengthBuckets::FromProto(proto, 3).ok());

  StrengthBuckets none;
  none.ToProto(&proto);
  EXPECT_EQ(proto.name(), "none");
  EXPECT_FALSE(StrengthBuckets::FromProto(proto, 4)->enabled());
}

TEST(StrengthBucketsTest, RefusesGamesOtherThanHoldem) {
  EXPECT_THAT(std::string(StrengthBuckets::HsDraw(testing::LoadProjectGame("kuhn.limit.3p.game"), 8)
                              .status()
                              .message()),
              HasSubstr("hold'em"));
  EXPECT_FALSE(
      StrengthBuckets::HsDraw(testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game"), 0)
          .ok());
}

}  // namespace
}  // namespace trainer
