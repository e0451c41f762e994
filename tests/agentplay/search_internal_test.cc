// The searches' card drawing (agent/search_internal.h): the partial Fisher-Yates draw against the
// documented step, the run-outs of a river, a turn, a flop and an empty board, and their count.
#include "agent/search_internal.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "poker/card.h"

namespace agent::search_internal {
namespace {

using poker::Card;

std::vector<Card> Cards(const char* text) {
  absl::StatusOr<std::vector<Card>> cards = poker::ParseCards(text);
  EXPECT_TRUE(cards.ok()) << text;
  return cards.ok() ? *cards : std::vector<Card>{};
}

uint64_t Mask(absl::Span<const Card> cards) {
  uint64_t mask = 0;
  for (Card c : cards) mask |= uint64_t{1} << c;
  return mask;
}

// One run-out as ForEachRunout shows it.
struct Runout {
  std::array<Card, 5> cards;
  uint64_t mask;
};

std::vector<Runout> Runouts(const std::vector<Card>& board, uint64_t ours, int sampled,
                            uint64_t seed, int* count) {
  std::vector<Runout> seen;
  *count = ForEachRunout(board.data(), static_cast<int>(board.size()), ours, sampled, seed,
                         [&](const Card* full, uint64_t full_mask) {
                           Runout& r = seen.emplace_back();
                           std::copy(full, full + 5, r.cards.begin());
                           r.mask = full_mask;
                         });
  return seen;
}

TEST(DrawCardsTest, FollowsTheDocumentedStepAndKeepsTheDeck) {
  std::array<Card, poker::kNumCards> deck{};
  for (int c = 0; c < poker::kNumCards; ++c) deck[c] = static_cast<Card>(c);
  std::mt19937_64 rng(7);
  std::mt19937_64 copy(7);
  // Only the 40 first cards are live: the draw never looks past them.
  const uint64_t drawn = DrawCards(3, 40, &rng, &deck);
  // Step 0 swaps card 0 with card rng() % 40: the first drawn card is the card that was there.
  EXPECT_EQ(deck[0], static_cast<Card>(copy() % 40));
  EXPECT_EQ(std::popcount(drawn), 3);
  for (int j = 0; j < 3; ++j) EXPECT_NE(drawn & (uint64_t{1} << deck[j]), 0u) << j;
  std::array<Card, poker::kNumCards> sorted = deck;
  std::sort(sorted.begin(), sorted.begin() + 40);
  for (int c = 0; c < 40; ++c) ASSERT_EQ(sorted[c], c);
  for (int c = 40; c < poker::kNumCards; ++c) ASSERT_EQ(deck[c], c);
  EXPECT_EQ(drawn >> 40, 0u);
  // Both generators took three numbers.
  copy();
  copy();
  EXPECT_EQ(rng(), copy());
}

TEST(ForEachRunoutTest, ARiverIsItsOwnRunout) {
  const std::vector<Card> board = Cards("2c7d9hJc3s");
  int count = 0;
  const std::vector<Runout> seen = Runouts(board, Mask(Cards("AsKs")), 24, 1, &count);
  EXPECT_EQ(count, 1);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_TRUE(std::equal(board.begin(), board.end(), seen[0].cards.begin()));
  EXPECT_EQ(seen[0].mask, Mask(board));
}

TEST(ForEachRunoutTest, ATurnRunsOutEveryLiveRiverCardInOrder) {
  const std::vector<Card> board = Cards("2c7d9hJc");
  const uint64_t ours = Mask(Cards("AsKs"));
  int count = 0;
  const std::vector<Runout> seen = Runouts(board, ours, 24, 1, &count);
  EXPECT_EQ(count, 46);
  ASSERT_EQ(seen.size(), 46u);
  for (size_t r = 0; r < seen.size(); ++r) {
    EXPECT_TRUE(std::equal(board.begin(), board.end(), seen[r].cards.begin())) << r;
    const uint64_t river = uint64_t{1} << seen[r].cards[4];
    EXPECT_EQ(river & (ours | Mask(board)), 0u) << r;
    EXPECT_EQ(seen[r].mask, Mask(board) | river) << r;
    if (r > 0) {
      EXPECT_LT(seen[r - 1].cards[4], seen[r].cards[4]) << r;
    }
  }
}

TEST(ForEachRunoutTest, AFlopSamplesLiveRunoutsFromTheSeed) {
  const std::vector<Card> board = Cards("2c7d9h");
  const uint64_t dead = Mask(board) | Mask(Cards("AsKs"));
  int count = 0;
  const std::vector<Runout> seen = Runouts(board, Mask(Cards("AsKs")), 5, 11, &count);
  EXPECT_EQ(count, 5);
  ASSERT_EQ(seen.size(), 5u);
  for (const Runout& r : seen) {
    EXPECT_TRUE(std::equal(board.begin(), board.end(), r.cards.begin()));
    const uint64_t drawn = Mask({r.cards[3], r.cards[4]});
    EXPECT_EQ(std::popcount(drawn), 2);
    EXPECT_EQ(drawn & dead, 0u);
    EXPECT_EQ(r.mask, Mask(board) | drawn);
  }
  // The first run-out's turn card: step 0 of the draw from the 47 live cards in index order.
  std::vector<Card> live;
  for (int c = 0; c < poker::kNumCards; ++c) {
    if (((dead >> c) & 1) == 0) live.push_back(static_cast<Card>(c));
  }
  std::mt19937_64 rng(11);
  EXPECT_EQ(seen[0].cards[3], live[rng() % 47]);
  // The same seed gives the same run-outs, another seed others; at least one run-out always.
  int again = 0;
  const std::vector<Runout> repeat = Runouts(board, Mask(Cards("AsKs")), 5, 11, &again);
  const std::vector<Runout> other = Runouts(board, Mask(Cards("AsKs")), 5, 12, &again);
  bool differs = false;
  for (int r = 0; r < 5; ++r) {
    EXPECT_EQ(repeat[r].mask, seen[r].mask) << r;
    differs = differs || other[r].mask != seen[r].mask;
  }
  EXPECT_TRUE(differs);
  EXPECT_EQ(Runouts(board, Mask(Cards("AsKs")), 0, 11, &again).size(), 1u);
  EXPECT_EQ(again, 1);
}

TEST(ForEachRunoutTest, AnEmptyBoardDrawsFiveLiveCards) {
  const uint64_t ours = Mask(Cards("AsKs"));
  int count = 0;
  const std::vector<Runout> seen = Runouts({}, ours, 3, 5, &count);
  EXPECT_EQ(count, 3);
  ASSERT_EQ(seen.size(), 3u);
  for (const Runout& r : seen) {
    const uint64_t mask = Mask(r.cards);
    EXPECT_EQ(std::popcount(mask), 5);
    EXPECT_EQ(mask & ours, 0u);
    EXPECT_EQ(r.mask, mask);
  }
}

// RunoutCount (what the multiway search sizes its tables by) is the count ForEachRunout gives.
TEST(RunoutCountTest, IsTheCountForEachRunoutGives) {
  const uint64_t ours = Mask(Cards("AsKs"));
  for (const char* text : {"2c7d9hJc3s", "2c7d9hJc", "2c7d9h", ""}) {
    const std::vector<Card> board = Cards(text);
    for (int sampled : {0, 1, 5}) {
      int count = 0;
      Runouts(board, ours, sampled, 3, &count);
      EXPECT_EQ(RunoutCount(static_cast<int>(board.size()), Mask(board) | ours, sampled), count)
          << text << " sampled " << sampled;
    }
  }
  EXPECT_EQ(RunoutCount(4, Mask(Cards("2c7d9hJc")) | ours, 5), 46);
  EXPECT_EQ(RunoutCount(3, Mask(Cards("2c7d9h")) | ours, 0), 1);
  EXPECT_EQ(RunoutCount(6, 0, 5), 0);
}

}  // namespace
}  // namespace agent::search_internal
