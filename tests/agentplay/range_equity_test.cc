// Every pair's equity against a weighted range (agent/range_equity.h), against a brute-force
// double loop over the pairs and the run-outs: on a river, on a turn (every river card) and on a
// flop's sampled run-outs, with a range of uneven weights, card removal and ties.
#include "agent/range_equity.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "absl/status/statusor.h"
#include "agent/search_internal.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"

namespace agent {
namespace {

using poker::Card;
using search_internal::AllPairs;
using search_internal::PairMask;

std::vector<Card> Cards(const char* text) {
  absl::StatusOr<std::vector<Card>> cards = poker::ParseCards(text);
  EXPECT_TRUE(cards.ok()) << text;
  return cards.ok() ? *cards : std::vector<Card>{};
}

// The equity of every pair against `range` by the definition: over the same run-outs, every
// (pair, range pair) without a shared card or a board card, weighted by the range.
PairWeights BruteForce(const std::vector<Card>& board, int sampled, uint64_t seed,
                       const PairWeights& range) {
  std::array<double, poker::kNumPairs> won{};
  std::array<double, poker::kNumPairs> total{};
  const auto& pairs = AllPairs();
  search_internal::ForEachRunout(
      board.data(), static_cast<int>(board.size()), 0, sampled, seed,
      [&](const Card* full, uint64_t full_mask) {
        const poker::Hand cards = poker::Hand::Of(absl::MakeConstSpan(full, 5));
        std::array<int, poker::kNumPairs> rank{};
        for (int i = 0; i < poker::kNumPairs; ++i) {
          rank[i] = poker::Evaluate(cards + poker::Hand::Of(pairs[i].low) +
                                    poker::Hand::Of(pairs[i].high));
        }
        for (int h = 0; h < poker::kNumPairs; ++h) {
          if ((PairMask(h) & full_mask) != 0) continue;
          for (int g = 0; g < poker::kNumPairs; ++g) {
            if ((PairMask(g) & (full_mask | PairMask(h))) != 0) continue;
            won[h] += range[g] * (rank[h] > rank[g] ? 1.0 : rank[h] == rank[g] ? 0.5 : 0.0);
            total[h] += range[g];
          }
        }
      });
  uint64_t known = 0;
  for (Card c : board) known |= uint64_t{1} << c;
  PairWeights out;
  for (int h = 0; h < poker::kNumPairs; ++h) {
    out[h] = (PairMask(h) & known) == 0 && total[h] > 0 ? static_cast<float>(won[h] / total[h])
                                                         : 0.5f;
  }
  return out;
}

PairWeights UnevenRange(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0, 1);
  PairWeights range;
  // A third of the pairs out, the rest spread over three orders of magnitude.
  for (float& w : range) w = u(rng) < 0.33f ? 0.0f : std::pow(10.0f, -3 * u(rng));
  return range;
}

void ExpectSame(const char* board_text, int sampled) {
  const std::vector<Card> board = Cards(board_text);
  const PairWeights range = UnevenRange(11);
  RangeEquityBoard prepared;
  ASSERT_GT(prepared.Prepare(board.data(), static_cast<int>(board.size()), sampled, 5), 0);
  PairWeights fast;
  prepared.Equity(range, &fast);
  const PairWeights slow = BruteForce(board, sampled, 5, range);
  int checked = 0;
  for (int h = 0; h < poker::kNumPairs; ++h) {
    EXPECT_NEAR(fast[h], slow[h], 2e-5) << board_text << " pair " << h;
    checked += fast[h] != 0.5f;
  }
  EXPECT_GT(checked, 1000) << board_text;
}

TEST(RangeEquityTest, RiverMatchesBruteForce) { ExpectSame("AhKh7c7d2s", 0); }
// Quads on the board: the kicker decides, and pairs tie in groups.
TEST(RangeEquityTest, RiverWithManyTiesMatchesBruteForce) { ExpectSame("7c7d7h7s2c", 0); }
TEST(RangeEquityTest, TurnMatchesBruteForce) { ExpectSame("9c8c2d2h", 0); }
TEST(RangeEquityTest, FlopRunoutsMatchBruteForce) { ExpectSame("QdJh4s", 6); }

TEST(RangeEquityTest, KnownValuesOnARiver) {
  // Board 2c3d8h9sKc. Against a range of exactly AhAs, the pair KdKh (a set) wins always, QdQh
  // loses always, and a pair holding an ace of the range's (AhQd) has nothing live: 0.5.
  const std::vector<Card> board = Cards("2c3d8h9sKc");
  PairWeights range{};
  const std::vector<Card> aces = Cards("AhAs");
  range[poker::PairIndex(aces[0], aces[1])] = 1;
  RangeEquityBoard prepared;
  prepared.Prepare(board.data(), 5, 0, 1);
  PairWeights equity;
  prepared.Equity(range, &equity);
  const auto pair = [](const char* text) {
    const std::vector<Card> c = Cards(text);
    return poker::PairIndex(c[0], c[1]);
  };
  EXPECT_EQ(equity[pair("KdKh")], 1.0f);
  EXPECT_EQ(equity[pair("QdQh")], 0.0f);
  EXPECT_EQ(equity[pair("AhQd")], 0.5f);
  EXPECT_EQ(equity[pair("AdAc")], 0.5f);  // the same two aces' rank: a tie
  EXPECT_EQ(equity[pair("Kc2d")], 0.5f);  // holds a board card
}

TEST(RangeEquityTest, PreflopHasNoRunouts) {
  RangeEquityBoard prepared;
  EXPECT_EQ(prepared.Prepare(nullptr, 0, 10, 1), 0);
}

}  // namespace
}  // namespace agent
