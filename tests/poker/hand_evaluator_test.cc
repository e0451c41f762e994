#include "poker/hand_evaluator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/hand_evaluator_batch.h"
#include "tests/poker/reference_evaluator.h"

namespace poker {
namespace {

using ::poker::reference::ScoreBest;
using ::poker::reference::ScoreCategory;

std::vector<Card> Cards(const std::string& text) {
  absl::StatusOr<std::vector<Card>> cards = ParseCards(text);
  EXPECT_TRUE(cards.ok()) << cards.status();
  return cards.ok() ? *cards : std::vector<Card>();
}

HandRank Rank(const std::string& text) { return EvaluateCards(Cards(text)); }
HandCategory CategoryOfCards(const std::string& text) { return CategoryOf(Rank(text)); }
uint32_t AnyOf(const std::string& text) { return EvaluateAny(Cards(text)); }

int Sign(int64_t x) { return (x > 0) - (x < 0); }

// `count` distinct random cards at the front of `deck` (any permutation of the 52 cards).
void Deal(std::mt19937_64& rng, int count, std::array<Card, kNumCards>& deck) {
  for (int i = 0; i < count; ++i) std::swap(deck[i], deck[i + rng() % (kNumCards - i)]);
}

std::array<Card, kNumCards> NewDeck() {
  std::array<Card, kNumCards> deck;
  for (int c = 0; c < kNumCards; ++c) deck[c] = static_cast<Card>(c);
  return deck;
}

// Calls visit(rank_key, number_of_cards) for every multiset of at most 7 ranks (at most 4 each).
template <typename Visit>
void ForEachRankMultiset(int rank, int cards, uint32_t key, Visit& visit) {
  if (rank == kNumRanks) {
    visit(key, cards);
    return;
  }
  for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
    ForEachRankMultiset(rank + 1, cards + n, key + n * hand_internal::kRankKeys[rank], visit);
  }
}

// The first-fit row-displacement packing that produced hand_internal::kRowOffsets (rank
// multisets of 5 to 7 cards, see hand_evaluator_offsets.cc) and kSevenRowOffsets (exactly 7 cards,
// see hand_evaluator_batch.h): the rank key's low `row_bits` bits are the row and the rest the
// column; rows from the most to the fewest keys (ties by row number) each get the smallest offset
// that puts all of their columns on free slots.
std::vector<uint32_t> FirstFitRowOffsets(int row_bits, int min_cards) {
  const uint32_t num_rows = uint32_t{1} << row_bits;
  std::vector<std::vector<uint32_t>> columns(num_rows);
  auto add = [&](uint32_t key, int cards) {
    if (cards >= min_cards) columns[key & (num_rows - 1)].push_back(key >> row_bits);
  };
  ForEachRankMultiset(0, 0, 0, add);
  std::vector<int> order(num_rows);
  for (uint32_t row = 0; row < num_rows; ++row) order[row] = static_cast<int>(row);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return columns[a].size() > columns[b].size(); });
  // used[] is a bit per slot; 64 candidate offsets are tried at once: bit i of `blocked` says
  // that offset + i would put some column on a used slot.
  std::vector<uint64_t> used(1 << 12, 0);  // 2^18 slots, far more than either packing reaches
  auto slots_from = [&](uint32_t slot) {   // the 64 bits of used[] starting at `slot`
    const uint64_t low = used[slot / 64] >> (slot % 64);
    return slot % 64 == 0 ? low : low | used[slot / 64 + 1] << (64 - slot % 64);
  };
  std::vector<uint32_t> offsets(num_rows, 0);
  for (int row : order) {
    uint32_t offset = 0;
    for (;; offset += 64) {
      uint64_t blocked = 0;
      for (uint32_t column : columns[row]) blocked |= slots_from(column + offset);
      if (~blocked != 0) {
        offset += std::countr_zero(~blocked);
        break;
      }
    }
    for (uint32_t column : columns[row]) {
      used[(column + offset) / 64] |= uint64_t{1} << ((column + offset) % 64);
    }
    offsets[row] = offset;
  }
  return offsets;
}

TEST(HandEvaluatorTablesTest, RankKeysAreUniqueForEveryMultisetOfUpToSevenRanks) {
  std::vector<uint32_t> keys;
  auto add = [&](uint32_t key, int) { keys.push_back(key); };
  ForEachRankMultiset(0, 0, 0, add);
  EXPECT_EQ(keys.size(), 76155u);  // multisets of 0..7 ranks, at most 4 of each
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end());
  EXPECT_EQ(keys.back(), hand_internal::kMaxRankKey);
  EXPECT_EQ(keys.back(), 18393157u);
  EXPECT_LT(keys.back(), 1u << 25);
}

TEST(HandEvaluatorTablesTest, PerfectHashSendsEveryRankMultisetToItsOwnSlot) {
  using namespace hand_internal;
  std::vector<int> hits(kRankTableSize, 0);
  int in_table = 0;
  uint32_t highest_slot = 0;
  bool all_in_bounds = true;
  auto visit = [&](uint32_t key, int cards) {
    const uint32_t slot = (key >> kRowBits) + kRowOffsets[key & kRowMask];
    all_in_bounds = all_in_bounds && slot < static_cast<uint32_t>(kRankTableSize);
    if (cards < 5 || slot >= static_cast<uint32_t>(kRankTableSize)) return;
    ++hits[slot];
    ++in_table;
    highest_slot = std::max(highest_slot, slot);
  };
  ForEachRankMultiset(0, 0, 0, visit);
  EXPECT_TRUE(all_in_bounds);  // hands of 0..4 cards too: Evaluate never reads out of bounds
  EXPECT_EQ(in_table, 6175 + 18395 + 49205);
  EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), in_table);
  EXPECT_EQ(std::count_if(hits.begin(), hits.end(), [](int n) { return n > 1; }), 0);
  EXPECT_EQ(highest_slot + 1, 82009u);
  EXPECT_EQ(kRankTableSize, 82653);
}

TEST(HandEvaluatorTablesTest, RowOffsetsAreTheFirstFitPacking) {
  const std::vector<uint32_t> expected = FirstFitRowOffsets(hand_internal::kRowBits, 5);
  const std::vector<uint32_t> embedded(hand_internal::kRowOffsets,
                                       hand_internal::kRowOffsets + hand_internal::kNumRows);
  EXPECT_TRUE(embedded == expected)
      << "poker/hand_evaluator_offsets.cc is stale; print the packing with --gtest_filter="
         "HandEvaluatorTablesTest.DISABLED_PrintRowOffsets --gtest_also_run_disabled_tests";
  EXPECT_EQ(*std::max_element(expected.begin(), expected.end()), hand_internal::kMaxRowOffset);
}

TEST(HandEvaluatorTablesTest, DISABLED_PrintRowOffsets) {
  const std::vector<uint32_t> offsets = FirstFitRowOffsets(hand_internal::kRowBits, 5);
  for (size_t i = 0; i < offsets.size(); ++i) {
    printf("%s%u,%s", i % 10 == 0 ? "    " : "", offsets[i], i % 10 == 9 ? "\n" : " ");
  }
  printf("\n");
}

TEST(HandEvaluatorTablesTest, SevenCardRowOffsetsAreTheFirstFitPacking) {
  using namespace hand_internal;
  const std::vector<uint32_t> expected = FirstFitRowOffsets(kSevenRowBits, 7);
  const std::vector<uint32_t> embedded(kSevenRowOffsets, kSevenRowOffsets + kSevenNumRows);
  EXPECT_TRUE(embedded == expected)
      << "poker/hand_evaluator_batch_offsets.cc is stale; print the packing with --gtest_filter="
         "HandEvaluatorTablesTest.DISABLED_PrintSevenCardRowOffsets "
         "--gtest_also_run_disabled_tests";
  EXPECT_EQ(*std::max_element(expected.begin(), expected.end()), 61511u);  // fits 16 bits
}

TEST(HandEvaluatorTablesTest, SevenCardHashSendsEverySevenCardMultisetToItsOwnSlot) {
  using namespace hand_internal;
  std::vector<int> hits(kSevenTableSize, 0);
  int sevens = 0;
  int out_of_bounds = 0;
  int highest_slot = 0;
  auto visit = [&](uint32_t key, int cards) {
    if (cards != 7) return;
    ++sevens;
    const int slot =
        static_cast<int>((key >> kSevenRowBits) + kSevenRowOffsets[key & kSevenRowMask]);
    if (slot >= kSevenTableSize) {
      ++out_of_bounds;
      return;
    }
    ++hits[slot];
    highest_slot = std::max(highest_slot, slot);
  };
  ForEachRankMultiset(0, 0, 0, visit);
  EXPECT_EQ(sevens, 49205);
  EXPECT_EQ(out_of_bounds, 0);
  EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), sevens);
  EXPECT_EQ(highest_slot + 1, kSevenTableSize);
}

TEST(HandEvaluatorTablesTest, DISABLED_PrintSevenCardRowOffsets) {
  const std::vector<uint32_t> offsets = FirstFitRowOffsets(hand_internal::kSevenRowBits, 7);
  for (size_t i = 0; i < offsets.size(); ++i) {
    printf("%s%u,%s", i % 10 == 0 ? "    " : "", offsets[i], i % 10 == 9 ? "\n" : " ");
  }
  printf("\n");
}

// The category counts of all 133,784,560 7-card hands, and the number of distinct ranks.
void ExpectSevenCardCategoryCounts(const std::array<int64_t, kNumHandCategories>& count,
                                   const std::bitset<1 << 16>& seen) {
  int64_t total = 0;
  for (int64_t n : count) total += n;
  EXPECT_EQ(total, 133784560);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kStraightFlush)], 41584);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFourOfAKind)], 224848);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFullHouse)], 3473184);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFlush)], 4047644);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kStraight)], 6180020);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kThreeOfAKind)], 6461620);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kTwoPair)], 31433400);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kOnePair)], 58627800);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kHighCard)], 23294460);
  EXPECT_EQ(seen.count(), 4824u);  // the best five of seven never is, e.g., 7-5-4-3-2
}

// An order-sensitive digest of a sequence of ranks.
uint64_t Digest(uint64_t digest, HandRank rank) { return digest * 0x9E3779B97F4A7C15u + rank + 1; }

TEST(HandEvaluatorTest, SevenCardCategoryCountsOverAllHands) {
  std::array<int64_t, kNumHandCategories> count{};
  std::bitset<1 << 16> seen;
  ForEachSevenCardHand([&](const Hand& hand) {
    const HandRank rank = Evaluate(hand);
    ++count[static_cast<int>(CategoryOf(rank))];
    seen.set(rank);
  });
  ExpectSevenCardCategoryCounts(count, seen);
}

// ForEachSevenCardRank gives every hand the rank Evaluate gives it, in the same order.
TEST(HandEvaluatorTest, RankEnumerationMatchesTheHandEnumerationHandByHand) {
  uint64_t expected = 0;
  ForEachSevenCardHand([&](const Hand& hand) { expected = Digest(expected, Evaluate(hand)); });
  std::array<int64_t, kNumHandCategories> count{};
  std::bitset<1 << 16> seen;
  uint64_t digest = 0;
  ForEachSevenCardRank([&](HandRank rank) {
    digest = Digest(digest, rank);
    ++count[static_cast<int>(CategoryOf(rank))];
    seen.set(rank);
  });
  EXPECT_EQ(digest, expected);
  ExpectSevenCardCategoryCounts(count, seen);
}

// Every 7-card hand given as card indices (EvaluateSevenCards, and EvaluateCards, which uses it
// for 7 cards; and EvaluateSevenCardHands, in batches of kBatch hands) against Evaluate of the
// same cards as a Hand.
TEST(HandEvaluatorTest, EveryHandFromCardsMatchesEvaluate) {
  std::array<int64_t, kNumHandCategories> count{};
  std::bitset<1 << 16> seen;
  int64_t mismatches = 0;
  // An odd batch size, so that the batches' last hands go every way the batch code has.
  constexpr int kBatch = 4093;
  std::vector<Card> batch_cards;
  std::vector<HandRank> batch_expected;
  std::vector<HandRank> batch_ranks(kBatch);
  int64_t batched = 0;
  int64_t batch_mismatches = 0;
  auto check_batch = [&] {
    const size_t n = batch_expected.size();
    EvaluateSevenCardHands(batch_cards, absl::MakeSpan(batch_ranks.data(), n));
    for (size_t i = 0; i < n; ++i) {
      if (batch_ranks[i] != batch_expected[i] && ++batch_mismatches <= 5) {
        ADD_FAILURE() << CardsToString(absl::MakeConstSpan(&batch_cards[7 * i], 7))
                      << ": EvaluateSevenCardHands " << batch_ranks[i] << ", Evaluate "
                      << batch_expected[i];
      }
    }
    batched += n;
    batch_cards.clear();
    batch_expected.clear();
  };
  Card c[7];
  for (c[0] = 0; c[0] < kNumCards; ++c[0]) {
    const Hand h0 = Hand::Of(c[0]);
    for (c[1] = c[0] + 1; c[1] < kNumCards; ++c[1]) {
      const Hand h1 = h0 + Hand::Of(c[1]);
      for (c[2] = c[1] + 1; c[2] < kNumCards; ++c[2]) {
        const Hand h2 = h1 + Hand::Of(c[2]);
        for (c[3] = c[2] + 1; c[3] < kNumCards; ++c[3]) {
          const Hand h3 = h2 + Hand::Of(c[3]);
          for (c[4] = c[3] + 1; c[4] < kNumCards; ++c[4]) {
            const Hand h4 = h3 + Hand::Of(c[4]);
            for (c[5] = c[4] + 1; c[5] < kNumCards; ++c[5]) {
              const Hand h5 = h4 + Hand::Of(c[5]);
              for (c[6] = c[5] + 1; c[6] < kNumCards; ++c[6]) {
                const HandRank expected = Evaluate(h5 + Hand::Of(c[6]));
                const HandRank rank = EvaluateSevenCards(c);
                if (rank != expected && ++mismatches <= 5) {
                  ADD_FAILURE() << CardsToString(c) << ": EvaluateSevenCards " << rank
                                << ", Evaluate " << expected;
                }
                ++count[static_cast<int>(CategoryOf(rank))];
                seen.set(rank);
                batch_cards.insert(batch_cards.end(), c, c + 7);
                batch_expected.push_back(expected);
                if (batch_expected.size() == kBatch) check_batch();
              }
            }
          }
        }
      }
    }
  }
  check_batch();
  EXPECT_EQ(mismatches, 0);
  EXPECT_EQ(batch_mismatches, 0);
  EXPECT_EQ(batched, 133784560);
  ExpectSevenCardCategoryCounts(count, seen);
}

// EvaluateSevenCardHands for every batch size up to 80 (the vector code works on chunks of up to
// 256 hands in groups of 8 and leaves the last 0 to 7 to the one-hand path) and a few larger ones
// around the chunk size, on random hands.
TEST(HandEvaluatorTest, BatchesOfEverySizeMatchEvaluateSevenCards) {
  std::mt19937_64 rng(15);
  std::array<Card, kNumCards> deck = NewDeck();
  std::vector<Card> cards;
  constexpr int kMaxHands = 1500;
  for (int h = 0; h < kMaxHands; ++h) {
    Deal(rng, 7, deck);
    cards.insert(cards.end(), deck.begin(), deck.begin() + 7);
  }
  int flushes = 0;
  for (int h = 0; h < kMaxHands; ++h) {
    flushes += CategoryOf(EvaluateSevenCards(&cards[7 * h])) == HandCategory::kFlush;
  }
  EXPECT_GT(flushes, 20);  // the flush patching is exercised
  std::vector<int> sizes;
  for (int n = 0; n <= 80; ++n) sizes.push_back(n);
  for (int n : {255, 256, 257, 263, 264, 265, 1000, kMaxHands}) sizes.push_back(n);
  for (const int n : sizes) {
    // Start at an odd hand, so the cards are not aligned.
    const int first = n == kMaxHands ? 0 : 3;
    std::vector<HandRank> ranks(n + 1, 0xFFFF);
    EvaluateSevenCardHands(absl::MakeConstSpan(&cards[7 * first], 7 * n),
                           absl::MakeSpan(ranks.data(), n));
    for (int i = 0; i < n; ++i) {
      ASSERT_EQ(ranks[i], EvaluateSevenCards(&cards[7 * (first + i)]))
          << "size " << n << ", hand " << i;
    }
    EXPECT_EQ(ranks[n], 0xFFFF) << "size " << n << ": wrote past the end";
  }
}

TEST(HandEvaluatorTest, SixCardCategoryCountsOverAllHands) {
  std::array<int64_t, kNumHandCategories> count{};
  std::bitset<1 << 16> seen;
  std::vector<Card> six(6);
  for (six[0] = 0; six[0] < kNumCards; ++six[0]) {
    for (six[1] = six[0] + 1; six[1] < kNumCards; ++six[1]) {
      for (six[2] = six[1] + 1; six[2] < kNumCards; ++six[2]) {
        for (six[3] = six[2] + 1; six[3] < kNumCards; ++six[3]) {
          for (six[4] = six[3] + 1; six[4] < kNumCards; ++six[4]) {
            for (six[5] = six[4] + 1; six[5] < kNumCards; ++six[5]) {
              const HandRank rank = EvaluateCards(six);
              ++count[static_cast<int>(CategoryOf(rank))];
              seen.set(rank);
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(count[static_cast<int>(HandCategory::kStraightFlush)], 1844);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFourOfAKind)], 14664);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFullHouse)], 165984);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFlush)], 205792);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kStraight)], 361620);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kThreeOfAKind)], 732160);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kTwoPair)], 2532816);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kOnePair)], 9730740);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kHighCard)], 6612900);
  EXPECT_EQ(seen.count(), 6075u);
}

// All 2,598,960 five-card hands: category counts, and the ranks order exactly like the
// reference scores (equal scores get equal ranks, higher scores higher ranks).
TEST(HandEvaluatorTest, FiveCardHandsCountAndOrderExactlyLikeTheReference) {
  std::array<int64_t, kNumHandCategories> count{};
  std::map<reference::Score, HandRank> rank_of_score;
  bool consistent = true;
  Card five[5];
  for (five[0] = 0; five[0] < kNumCards; ++five[0]) {
    for (five[1] = five[0] + 1; five[1] < kNumCards; ++five[1]) {
      for (five[2] = five[1] + 1; five[2] < kNumCards; ++five[2]) {
        for (five[3] = five[2] + 1; five[3] < kNumCards; ++five[3]) {
          for (five[4] = five[3] + 1; five[4] < kNumCards; ++five[4]) {
            const HandRank rank = EvaluateCards(five);
            ++count[static_cast<int>(CategoryOf(rank))];
            const reference::Score score = reference::ScoreFive(five);
            const auto [it, inserted] = rank_of_score.emplace(score, rank);
            consistent = consistent && it->second == rank;
          }
        }
      }
    }
  }
  EXPECT_TRUE(consistent) << "hands with equal reference scores got different ranks";
  EXPECT_EQ(count[static_cast<int>(HandCategory::kStraightFlush)], 40);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFourOfAKind)], 624);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFullHouse)], 3744);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kFlush)], 5108);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kStraight)], 10200);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kThreeOfAKind)], 54912);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kTwoPair)], 123552);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kOnePair)], 1098240);
  EXPECT_EQ(count[static_cast<int>(HandCategory::kHighCard)], 1302540);

  // 7,462 distinct ranks, strictly increasing with the score, numbered 1, 2, ... within each
  // category without gaps.
  ASSERT_EQ(rank_of_score.size(), 7462u);
  const int expected_per_category[kNumHandCategories] = {1277, 2860, 858, 858, 10,
                                                         1277, 156,  156, 10};
  std::array<int, kNumHandCategories> per_category{};
  HandRank previous = 0;
  for (const auto& [score, rank] : rank_of_score) {
    ASSERT_GT(rank, previous) << "score " << std::hex << score;
    ASSERT_EQ(static_cast<int>(CategoryOf(rank)), ScoreCategory(score));
    const int category = static_cast<int>(CategoryOf(rank));
    ASSERT_EQ(rank & 0xFFF, ++per_category[category])
        << "gap in " << CategoryName(CategoryOf(rank));
    previous = rank;
  }
  for (int c = 0; c < kNumHandCategories; ++c) {
    EXPECT_EQ(per_category[c], expected_per_category[c]) << c;
  }
}

// Hold'em showdowns: a 5-card board and two pairs of hole cards, dealt at random.
TEST(HandEvaluatorTest, SevenCardHandsAgreeWithTheReferenceOnAMillionRandomShowdowns) {
  std::mt19937_64 rng(20240611);
  std::array<Card, kNumCards> deal = NewDeck();
  int disagreements = 0;
  int ties = 0;
  // Both hands of every showdown, and their ranks, for the batched path after the loop.
  std::vector<Card> all_cards;
  std::vector<HandRank> all_ranks;
  for (int trial = 0; trial < 1000000; ++trial) {
    Deal(rng, 9, deal);
    const Card first[7] = {deal[0], deal[1], deal[2], deal[3], deal[4], deal[5], deal[6]};
    const Card second[7] = {deal[0], deal[1], deal[2], deal[3], deal[4], deal[7], deal[8]};
    const HandRank a = EvaluateCards(first);
    const HandRank b = EvaluateCards(second);
    all_cards.insert(all_cards.end(), first, first + 7);
    all_cards.insert(all_cards.end(), second, second + 7);
    all_ranks.push_back(a);
    all_ranks.push_back(b);
    // The other 7-card paths, with the cards in random order: from card indices, and through a
    // Hand.
    const HandRank via_hand = Evaluate(Hand::Of(first));
    if ((EvaluateSevenCards(first) != a || EvaluateSevenCards(second) != b || via_hand != a) &&
        ++disagreements <= 5) {
      ADD_FAILURE() << CardsToString(first) << " / " << CardsToString(second)
                    << ": the 7-card paths disagree";
    }
    const reference::Score ra = ScoreBest(first);
    const reference::Score rb = ScoreBest(second);
    const bool agree = Sign(int64_t{a} - b) == Sign(int64_t{ra} - rb) &&
                       static_cast<int>(CategoryOf(a)) == ScoreCategory(ra) &&
                       static_cast<int>(CategoryOf(b)) == ScoreCategory(rb);
    if (!agree && ++disagreements <= 5) {
      ADD_FAILURE() << CardsToString(first) << " vs " << CardsToString(second) << ": ranks " << a
                    << " " << b << ", reference " << std::hex << ra << " " << rb;
    }
    ties += a == b;
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_GT(ties, 10000);  // ties (often the board plays) are exercised too
  // The batched path on the same 2,000,000 hands in one batch: the ranks checked above.
  std::vector<HandRank> batch_ranks(all_ranks.size());
  EvaluateSevenCardHands(all_cards, absl::MakeSpan(batch_ranks));
  int batch_disagreements = 0;
  for (size_t i = 0; i < all_ranks.size(); ++i) {
    if (batch_ranks[i] != all_ranks[i] && ++batch_disagreements <= 5) {
      ADD_FAILURE() << CardsToString(absl::MakeConstSpan(&all_cards[7 * i], 7))
                    << ": EvaluateSevenCardHands " << batch_ranks[i] << ", EvaluateCards "
                    << all_ranks[i];
    }
  }
  EXPECT_EQ(batch_disagreements, 0);
}

TEST(HandEvaluatorTest, SixCardHandsAgreeWithTheReferenceOnRandomShowdowns) {
  std::mt19937_64 rng(6);
  std::array<Card, kNumCards> deal = NewDeck();
  int disagreements = 0;
  for (int trial = 0; trial < 300000; ++trial) {
    Deal(rng, 8, deal);
    const Card first[6] = {deal[0], deal[1], deal[2], deal[3], deal[4], deal[5]};
    const Card second[6] = {deal[0], deal[1], deal[2], deal[3], deal[6], deal[7]};
    const HandRank a = EvaluateCards(first);
    const HandRank b = EvaluateCards(second);
    const reference::Score ra = ScoreBest(first);
    const reference::Score rb = ScoreBest(second);
    const bool agree = Sign(int64_t{a} - b) == Sign(int64_t{ra} - rb) &&
                       static_cast<int>(CategoryOf(a)) == ScoreCategory(ra);
    if (!agree && ++disagreements <= 5) {
      ADD_FAILURE() << CardsToString(first) << " vs " << CardsToString(second);
    }
  }
  EXPECT_EQ(disagreements, 0);
}

TEST(HandEvaluatorTest, EightCardsRankAsTheBestFiveLikeTheReference) {
  std::mt19937_64 rng(8);
  std::array<Card, kNumCards> deal = NewDeck();
  int disagreements = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Deal(rng, 11, deal);
    const std::vector<Card> first(deal.begin(), deal.begin() + 8);
    std::vector<Card> second(deal.begin(), deal.begin() + 5);
    second.insert(second.end(), deal.begin() + 8, deal.begin() + 11);
    const uint32_t a = EvaluateAny(first);
    const uint32_t b = EvaluateAny(second);
    const reference::Score ra = ScoreBest(first);
    const reference::Score rb = ScoreBest(second);
    const bool agree = Sign(int64_t{a} - b) == Sign(int64_t{ra} - rb) &&
                       static_cast<int>(CategoryOf(static_cast<HandRank>(a))) == ScoreCategory(ra);
    if (!agree && ++disagreements <= 5) {
      ADD_FAILURE() << CardsToString(first) << " vs " << CardsToString(second);
    }
  }
  EXPECT_EQ(disagreements, 0);
}

TEST(HandEvaluatorTest, LowestAndHighestRanks) {
  EXPECT_EQ(Rank("7c5d4h3s2c"), 1);               // the weakest five-card hand
  EXPECT_EQ(Rank("AsKsQsJsTs"), (8 << 12) | 10);  // a royal flush is the best
  EXPECT_EQ(Rank("AsKsQsJsTs2c3d"), Rank("AsKsQsJsTs"));
  EXPECT_EQ(CategoryOfCards("AsKsQsJsTs"), HandCategory::kStraightFlush);
}

TEST(HandEvaluatorTest, StraightsIncludingTheWheel) {
  EXPECT_EQ(CategoryOfCards("Ac2d3h4s5c"), HandCategory::kStraight);
  EXPECT_LT(Rank("Ac2d3h4s5c"), Rank("2d3h4s5c6d"));  // the wheel is five-high
  EXPECT_LT(Rank("2d3h4s5c6d"), Rank("TdJhQsKcAd"));
  EXPECT_EQ(CategoryOfCards("KcAd2h3s4c"), HandCategory::kHighCard);  // no wrap-around
  EXPECT_EQ(Rank("Ac2d3h4s5c9d9h"), Rank("Ad2c3s4h5d"));  // the wheel, not the nines, plays
  EXPECT_EQ(Rank("Ac2d3h4s5c6s"), Rank("2d3h4s5c6d"));    // six-high beats the wheel
  EXPECT_LT(Rank("As2s3s4s5s"), Rank("2h3h4h5h6h"));      // steel wheel, lowest SF
  EXPECT_EQ(CategoryOfCards("As2s3s4s5s"), HandCategory::kStraightFlush);
  // A straight and a flush in different cards make only a flush.
  EXPECT_EQ(CategoryOfCards("2h3h4h5s6h9hKh"), HandCategory::kFlush);
}

TEST(HandEvaluatorTest, FlushesCompareByTheirHighestCards) {
  EXPECT_GT(Rank("Ah9h7h4h2h"), Rank("KhQhJh9h7h"));        // ace-high beats king-high
  EXPECT_GT(Rank("Ah9h7h4h3h"), Rank("Ah9h7h4h2h"));        // down to the fifth card
  EXPECT_EQ(Rank("Ah9h7h4h3h2hKc"), Rank("Ah9h7h4h3hKc"));  // a sixth suited card is moot
  EXPECT_EQ(Rank("Ah9h7h4h3h2h8h"), Rank("Ah9h8h7h4h"));
  EXPECT_GT(Rank("2c3c4c5c7c"), Rank("AdAhAsKcQd"));  // the lowest flush beats trips
  EXPECT_LT(Rank("AcKcQcJc9c"), Rank("2c2d2h3s3c"));  // ...and loses to a full house
}

TEST(HandEvaluatorTest, KickersDecide) {
  EXPECT_GT(Rank("AcAdKh9s5c"), Rank("AhAsQh9c5d"));      // pair: first kicker
  EXPECT_GT(Rank("AcAdKh9s6c"), Rank("AhAsKc9c5d"));      // pair: third kicker
  EXPECT_EQ(Rank("AcAdKh9s6c2d3h"), Rank("AhAsKc9c6d"));  // only three kickers play
  EXPECT_GT(Rank("KcKdQhQs2c"), Rank("KhKsJhJcAd"));      // two pair: second pair first
  EXPECT_GT(Rank("KhKsQcQdAs"), Rank("KcKdQhQs3c"));      // two pair: then the kicker
  // Three pairs: the third pair's rank can be the kicker.
  EXPECT_EQ(Rank("KcKdQhQs5c5dJh"), Rank("KcKdQhQsJh"));
  EXPECT_EQ(Rank("KcKdQhQs5c5d2h"), Rank("KcKdQhQs5c"));
  EXPECT_GT(Rank("7c7d7hAs2c"), Rank("7c7d7hKsQc"));      // trips: kicker
  EXPECT_GT(Rank("8c8d8h2s3c"), Rank("7c7d7hAsKc"));      // trips: the set first
  EXPECT_GT(Rank("3c3d3h2s2c"), Rank("2c2d2hAsAc"));      // full house: the trips first
  EXPECT_EQ(Rank("3c3d3h2s2cAdAh"), Rank("3c3d3hAdAh"));  // best pair of two
  EXPECT_EQ(Rank("3c3d3h2s2c2d9h"), Rank("3c3d3h2s2c"));  // two sets of trips
  EXPECT_EQ(CategoryOfCards("3c3d3h2s2c2d9h"), HandCategory::kFullHouse);
  EXPECT_GT(Rank("5c5d5h5sAc"), Rank("5c5d5h5sKc"));      // quads: kicker
  EXPECT_EQ(Rank("5c5d5h5sKcKdKh"), Rank("5c5d5h5sKc"));  // quads beat the full house
  EXPECT_EQ(CategoryOfCards("5c5d5h5sKcKdKh"), HandCategory::kFourOfAKind);
  EXPECT_GT(Rank("AcKdQh9s7c"), Rank("AcKdQh9s6c"));  // high card: down to the last
}

TEST(HandEvaluatorTest, HandsAddUpTheSameInAnyOrder) {
  const std::vector<Card> board = Cards("Ah9h7d4c2s");
  const std::vector<Card> all = Cards("Ah9h7d4c2sKhQh");
  const Hand whole = Hand::Of(all);
  const Hand board_hand = Hand::Of(board);
  const Hand hole = Hand::Of(Cards("Kh")[0]) + Hand::Of(Cards("Qh")[0]);
  const Hand combined = board_hand + hole;
  EXPECT_EQ(combined.key(), whole.key());
  EXPECT_EQ(combined.suit_mask(), whole.suit_mask());
  EXPECT_EQ((hole + board_hand).key(), whole.key());
  Hand added = board_hand;
  added.Add(Cards("Qh")[0]).Add(Cards("Kh")[0]);
  EXPECT_EQ(added.key(), whole.key());
  EXPECT_EQ(whole.size(), 7);
  EXPECT_EQ(board_hand.size(), 5);
  EXPECT_EQ(Hand().size(), 0);
  EXPECT_EQ((Hand() + Hand()).key(), Hand().key());
  EXPECT_EQ((Hand() + board_hand).key(), board_hand.key());
  EXPECT_EQ(Evaluate(combined), Rank("Ah9h7d4c2sKhQh"));
  EXPECT_EQ(Hand::Of(MakeCard(12, 3)).suit_mask(), uint64_t{1} << (3 * 16 + 12));  // As
}

TEST(HandEvaluatorTest, CategoryNames) {
  EXPECT_STREQ(CategoryName(HandCategory::kStraightFlush), "straight flush");
  EXPECT_STREQ(CategoryName(HandCategory::kOnePair), "one pair");
  EXPECT_STREQ(CategoryName(HandCategory::kHighCard), "high card");
  EXPECT_STREQ(CategoryName(CategoryOf(Rank("5c5d5h5sKc"))), "four of a kind");
}

TEST(EvaluateAnyTest, OneCardRanksByRank) {
  EXPECT_GT(AnyOf("As"), AnyOf("Kh"));
  EXPECT_GT(AnyOf("Kh"), AnyOf("Qd"));
  EXPECT_GT(AnyOf("Qd"), AnyOf("Jc"));
  EXPECT_EQ(AnyOf("Qd"), AnyOf("Qs"));  // suits never matter
  EXPECT_EQ(AnyOf("As"), 12u << 12);
  EXPECT_EQ(AnyOf(""), 0u);
}

TEST(EvaluateAnyTest, TwoToFourCardsRankByGroupsThenKickers) {
  EXPECT_GT(AnyOf("2c2d"), AnyOf("AcKd"));  // any pair beats any high cards
  EXPECT_GT(AnyOf("3c3d"), AnyOf("2h2s"));
  EXPECT_GT(AnyOf("AcKd"), AnyOf("AhQd"));
  EXPECT_EQ(AnyOf("AcKd"), AnyOf("AhKs"));
  EXPECT_EQ(AnyOf("AcKd"), (12u << 12) | (11u << 8));
  EXPECT_EQ(AnyOf("2c2d"), (1u << 16) | (0u << 12));
  EXPECT_GT(AnyOf("2c2d2h"), AnyOf("AcAdKh"));  // trips beat a pair
  EXPECT_GT(AnyOf("AcAd3h"), AnyOf("AhAs2h"));  // pair, then the kicker
  EXPECT_GT(AnyOf("KcKdQh"), AnyOf("AcQdJh"));
  EXPECT_GT(AnyOf("5c5d5h5s"), AnyOf("AcAdAhKs"));  // quads beat trips
  EXPECT_GT(AnyOf("2c2d2h3s"), AnyOf("AcAdKhKs"));  // trips beat two pair
  EXPECT_GT(AnyOf("AcAdKhKs"), AnyOf("AcAdQhQs"));
  EXPECT_GT(AnyOf("3c3d2h2s"), AnyOf("AcAdKhQs"));  // two pair beat one pair
  EXPECT_GT(AnyOf("AcAd3h2s"), AnyOf("KcKdAhQs"));
  EXPECT_EQ(AnyOf("AcAd3h2s"), (1u << 16) | (12u << 12) | (1u << 8) | (0u << 4));
  EXPECT_EQ(AnyOf("2c3d4h5s"), (3u << 12) | (2u << 8) | (1u << 4));  // no straights
  EXPECT_EQ(AnyOf("2c3c4c5c"), AnyOf("2c3d4h5s"));                   // no flushes
}

TEST(EvaluateAnyTest, FiveToSevenCardsEqualEvaluateCards) {
  for (const char* text : {"7c5d4h3s2c", "Ah9h7h4h2hKc", "5c5d5h5sKcKdKh", "AcAd3h2sKd"}) {
    EXPECT_EQ(AnyOf(text), Rank(text)) << text;
  }
}

}  // namespace
}  // namespace poker
