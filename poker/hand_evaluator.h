// A fast 5-, 6- and 7-card hand evaluator with an incremental hand type.
//
// Public surface: `Hand` (add cards, add hands) and `Evaluate` (a rank, higher is better).
// The data layout of Hand and the tables are documented in hand_evaluator.cc.
#ifndef POKER_HAND_EVALUATOR_H_
#define POKER_HAND_EVALUATOR_H_

#include <cstdint>

#include "absl/types/span.h"
#include "poker/card.h"

namespace poker {

// A hand's strength; compares as an integer (higher wins, equal ties). The category is in the top
// bits: CategoryOf(rank) recovers it.
using HandRank = uint16_t;

enum class HandCategory : uint8_t {
  kHighCard = 0,
  kOnePair = 1,
  kTwoPair = 2,
  kThreeOfAKind = 3,
  kStraight = 4,
  kFlush = 5,
  kFullHouse = 6,
  kFourOfAKind = 7,
  kStraightFlush = 8,
};
inline constexpr int kNumHandCategories = 9;

HandCategory CategoryOf(HandRank rank);
const char* CategoryName(HandCategory category);  // "straight flush", "one pair", ...

// A multiset of up to 7 cards as packed sums (see hand_evaluator.cc). Adding is a few integer
// additions, so a board can be added once and each player's hole cards on top of it.
class Hand {
 public:
  constexpr Hand() = default;
  // The one-card hand (a table lookup).
  static Hand Of(Card card);
  static Hand Of(absl::Span<const Card> cards);

  Hand& Add(Card card) { return *this += Of(card); }
  Hand& operator+=(const Hand& other) {
    key_ += other.key_;
    mask_ |= other.mask_;
    return *this;
  }
  Hand operator+(const Hand& other) const {
    Hand h = *this;
    h += other;
    return h;
  }

  int size() const;
  // Bit (suit * 16 + rank) per card.
  uint64_t suit_mask() const { return mask_; }
  uint64_t key() const { return key_; }

 private:
  friend HandRank Evaluate(const Hand& hand);
  constexpr Hand(uint64_t key, uint64_t mask) : key_(key), mask_(mask) {}
  uint64_t key_ = 0;   // layout documented in hand_evaluator.cc
  uint64_t mask_ = 0;  // layout documented in hand_evaluator.cc
};

// Rank of a hand of 5, 6 or 7 cards (the best five). Behaviour for other sizes is undefined.
HandRank Evaluate(const Hand& hand);

// Rank of 5 to 7 cards given as indices.
HandRank EvaluateCards(absl::Span<const Card> cards);

// Rank of 0 to 7 cards for showdowns in games with fewer cards (Kuhn, tiny decks): with 5 or more
// cards it equals EvaluateCards; with fewer, hands rank by groups (quads, trips, two pair, pair,
// high cards) then kickers. Only hands of the same size are comparable.
uint32_t EvaluateAny(absl::Span<const Card> cards);

}  // namespace poker

#endif  // POKER_HAND_EVALUATOR_H_
