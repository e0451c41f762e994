// The evaluator's tables and the slow paths (EvaluateAny, Hand::Of(span)).
//
// Ranks are computed by category with closed formulas rather than by sorting all hands: within a
// category, hands order by their group ranks, then by their kickers, and a set of kickers of a
// given size orders like its rank bit mask read as an integer (highest rank first), i.e. in
// colexicographic order, whose position has a closed form (ColexIndex).
#include "poker/hand_evaluator.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace poker {
namespace hand_internal {
namespace {

constexpr int kCategoryShift = 12;

HandRank MakeRank(HandCategory category, int index) {
  return static_cast<HandRank>((static_cast<int>(category) << kCategoryShift) | (index + 1));
}

constexpr uint32_t Bit(int rank) { return uint32_t{1} << rank; }
int Highest(uint32_t ranks) { return 31 - std::countl_zero(ranks); }

// The `n` highest ranks of `ranks`.
uint32_t HighestN(uint32_t ranks, int n) {
  while (std::popcount(ranks) > n) ranks &= ranks - 1;  // drop the lowest
  return ranks;
}

// C(n, k) for the small n used here.
constexpr int Choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  int result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

// Position of a set of ranks among all sets of the same size in increasing integer order of their
// masks (0 for the lowest): sum over its members p_1 < p_2 < ... of C(p_i, i).
int ColexIndex(uint32_t ranks) {
  int index = 0;
  for (int i = 1; ranks != 0; ++i, ranks &= ranks - 1) index += Choose(std::countr_zero(ranks), i);
  return index;
}

// `ranks` renumbered as if rank `gone` were not in the deck: higher ranks move down one.
uint32_t WithoutRank(uint32_t ranks, int gone) {
  const uint32_t below = Bit(gone) - 1;
  return (ranks & below) | ((ranks >> 1) & ~below);
}

// The top card of the best straight in `ranks` (3 for the five-high wheel A-2-3-4-5), or -1.
int StraightTop(uint32_t ranks) {
  for (int top = kNumRanks - 1; top >= 4; --top) {
    if (((ranks >> (top - 4)) & 0x1F) == 0x1F) return top;
  }
  constexpr uint32_t kWheel = Bit(12) | 0xF;
  return (ranks & kWheel) == kWheel ? 3 : -1;
}

// Index of five distinct ranks that make no straight among the C(13, 5) - 10 = 1277 such sets.
int NoStraightIndex(uint32_t five) {
  int straights_below = (Bit(12) | 0xF) < five ? 1 : 0;
  for (int top = 4; top < kNumRanks; ++top) straights_below += (0x1Fu << (top - 4)) < five;
  return ColexIndex(five) - straights_below;
}

// The best five-card hand without a flush, from the sets of ranks held at least once, twice,
// three and four times.
HandRank RankOfGroups(uint32_t singles, uint32_t pairs, uint32_t trips, uint32_t quads) {
  if (quads != 0) {
    const int quad = Highest(quads);
    const int kicker = Highest(singles & ~Bit(quad));
    return MakeRank(HandCategory::kFourOfAKind, quad * 12 + kicker - (kicker > quad));
  }
  if (trips != 0) {
    const int trip = Highest(trips);
    const uint32_t other_pairs = pairs & ~Bit(trip);  // a second set of trips counts as a pair
    if (other_pairs != 0) {
      const int pair = Highest(other_pairs);
      return MakeRank(HandCategory::kFullHouse, trip * 12 + pair - (pair > trip));
    }
  }
  if (const int top = StraightTop(singles); top >= 0) {
    return MakeRank(HandCategory::kStraight, top - 3);
  }
  if (trips != 0) {
    const int trip = Highest(trips);
    const uint32_t kickers = HighestN(singles & ~Bit(trip), 2);
    return MakeRank(HandCategory::kThreeOfAKind,
                    trip * Choose(12, 2) + ColexIndex(WithoutRank(kickers, trip)));
  }
  if (std::popcount(pairs) >= 2) {
    const uint32_t two = HighestN(pairs, 2);  // a third pair may still give the kicker
    const int high = Highest(two);
    const int low = std::countr_zero(two);
    const int kicker = Highest(singles & ~two);
    const int kicker_index = kicker - (kicker > low) - (kicker > high);
    return MakeRank(HandCategory::kTwoPair, ColexIndex(two) * 11 + kicker_index);
  }
  if (pairs != 0) {
    const int pair = Highest(pairs);
    const uint32_t kickers = HighestN(singles & ~Bit(pair), 3);
    return MakeRank(HandCategory::kOnePair,
                    pair * Choose(12, 3) + ColexIndex(WithoutRank(kickers, pair)));
  }
  return MakeRank(HandCategory::kHighCard, NoStraightIndex(HighestN(singles, 5)));
}

// The best hand made of 5 or more cards of one suit with these ranks.
HandRank RankOfFlush(uint32_t suited) {
  if (const int top = StraightTop(suited); top >= 0) {
    return MakeRank(HandCategory::kStraightFlush, top - 3);
  }
  return MakeRank(HandCategory::kFlush, NoStraightIndex(HighestN(suited, 5)));
}

// Fills `table` for every multiset of 5 to 7 ranks that extends the groups chosen for the ranks
// below `rank`.
void FillRankTable(int rank, int cards, uint32_t key, uint32_t singles, uint32_t pairs,
                   uint32_t trips, uint32_t quads, HandRank* table) {
  if (rank == kNumRanks) {
    if (cards >= 5) {
      table[(key >> kRowBits) + kRowOffsets[key & kRowMask]] =
          RankOfGroups(singles, pairs, trips, quads);
    }
    return;
  }
  const uint32_t bit = Bit(rank);
  for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
    FillRankTable(rank + 1, cards + n, key + n * kRankKeys[rank], n >= 1 ? singles | bit : singles,
                  n >= 2 ? pairs | bit : pairs, n >= 3 ? trips | bit : trips,
                  n >= 4 ? quads | bit : quads, table);
  }
}

}  // namespace

Tables::Tables() : rank{}, flush{} {
  FillRankTable(0, 0, 0, 0, 0, 0, 0, rank);
  for (uint32_t suited = 0; suited < kFlushTableSize; ++suited) {
    if (std::popcount(suited) >= 5) flush[suited] = RankOfFlush(suited);
  }
}

}  // namespace hand_internal

HandCategory CategoryOf(HandRank rank) {
  return static_cast<HandCategory>(rank >> hand_internal::kCategoryShift);
}

const char* CategoryName(HandCategory category) {
  switch (category) {
    case HandCategory::kHighCard:
      return "high card";
    case HandCategory::kOnePair:
      return "one pair";
    case HandCategory::kTwoPair:
      return "two pair";
    case HandCategory::kThreeOfAKind:
      return "three of a kind";
    case HandCategory::kStraight:
      return "straight";
    case HandCategory::kFlush:
      return "flush";
    case HandCategory::kFullHouse:
      return "full house";
    case HandCategory::kFourOfAKind:
      return "four of a kind";
    case HandCategory::kStraightFlush:
      return "straight flush";
  }
  return "unknown";
}

Hand Hand::Of(absl::Span<const Card> cards) {
  Hand hand;
  for (Card card : cards) hand.Add(card);
  return hand;
}

HandRank EvaluateCards(absl::Span<const Card> cards) {
  if (cards.size() == 7) return EvaluateSevenCards(cards.data());
  return Evaluate(Hand::Of(cards));
}

namespace {

// Groups then kickers, for 0 to 4 cards (no straights or flushes exist with so few).
uint32_t EvaluateFewCards(absl::Span<const Card> cards) {
  int count[kNumRanks] = {};
  for (Card card : cards) ++count[RankOf(card)];
  int largest = 0;
  int num_pairs = 0;
  for (int n : count) {
    largest = std::max(largest, n);
    num_pairs += n == 2;
  }
  HandCategory category = HandCategory::kHighCard;
  if (largest == 4) {
    category = HandCategory::kFourOfAKind;
  } else if (largest == 3) {
    category = HandCategory::kThreeOfAKind;
  } else if (num_pairs == 2) {
    category = HandCategory::kTwoPair;
  } else if (num_pairs == 1) {
    category = HandCategory::kOnePair;
  }
  uint32_t value = static_cast<uint32_t>(category) << 16;
  int shift = 12;
  for (int group = 4; group >= 1; --group) {
    for (int rank = kNumRanks - 1; rank >= 0; --rank) {
      if (count[rank] == group) {
        value |= static_cast<uint32_t>(rank) << shift;
        shift -= 4;
      }
    }
  }
  return value;
}

// The best rank over the 7-card subsets of cards[from..] added to `chosen` (`need` more to pick).
HandRank BestOfSevens(absl::Span<const Card> cards, size_t from, int need, Hand chosen) {
  if (need == 0) return Evaluate(chosen);
  HandRank best = 0;
  for (size_t i = from; i + need <= cards.size(); ++i) {
    best = std::max(best, BestOfSevens(cards, i + 1, need - 1, chosen + Hand::Of(cards[i])));
  }
  return best;
}

}  // namespace

uint32_t EvaluateAny(absl::Span<const Card> cards) {
  if (cards.size() < 5) return EvaluateFewCards(cards);
  if (cards.size() <= 7) return EvaluateCards(cards);
  return BestOfSevens(cards, 0, 7, Hand());
}

}  // namespace poker
