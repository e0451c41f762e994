// Cards and card sets in the ACPC numbering: index = rank * 4 + suit.
#ifndef POKER_CARD_H_
#define POKER_CARD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace poker {

// A card index 0..51: rank * 4 + suit; rank 0 = '2' .. 12 = 'A'; suit c=0 d=1 h=2 s=3.
using Card = uint8_t;

inline constexpr int kNumRanks = 13;
inline constexpr int kNumSuits = 4;
inline constexpr int kNumCards = 52;
inline constexpr Card kNoCard = 0xFF;

inline constexpr char kRankChars[] = "23456789TJQKA";
inline constexpr char kSuitChars[] = "cdhs";

constexpr Card MakeCard(int rank, int suit) { return static_cast<Card>(rank * 4 + suit); }
constexpr int RankOf(Card c) { return c >> 2; }
constexpr int SuitOf(Card c) { return c & 3; }

// Parses exactly two characters such as "Ah" or "td" (rank letters in either case).
absl::StatusOr<Card> ParseCard(absl::string_view text);

// Parses a run of concatenated cards ("AhKs7d"); the empty string is zero cards.
absl::StatusOr<std::vector<Card>> ParseCards(absl::string_view text);

// "Ah"; "??" for kNoCard or an out-of-range value.
std::string CardToString(Card card);

// Concatenated text of the cards, in the given order ("AhKs").
std::string CardsToString(absl::Span<const Card> cards);

// A set of cards as a 52-bit mask (bit i = card i).
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t mask) : mask_(mask) {}
  explicit CardSet(absl::Span<const Card> cards) {
    for (Card c : cards) Add(c);
  }

  constexpr void Add(Card c) { mask_ |= uint64_t{1} << c; }
  constexpr void Remove(Card c) { mask_ &= ~(uint64_t{1} << c); }
  constexpr bool Contains(Card c) const { return (mask_ >> c) & 1; }
  constexpr bool Intersects(CardSet other) const { return (mask_ & other.mask_) != 0; }
  constexpr CardSet operator|(CardSet other) const { return CardSet(mask_ | other.mask_); }
  constexpr CardSet operator&(CardSet other) const { return CardSet(mask_ & other.mask_); }
  constexpr bool operator==(const CardSet&) const = default;
  int size() const { return __builtin_popcountll(mask_); }
  constexpr bool empty() const { return mask_ == 0; }
  constexpr uint64_t mask() const { return mask_; }

  // The cards in increasing index order.
  std::vector<Card> ToVector() const;

 private:
  uint64_t mask_ = 0;
};

// The 1326 two-card pairs, indexed 0..1325. For cards a < b the index is b*(b-1)/2 + a.
inline constexpr int kNumPairs = 1326;
constexpr int PairIndex(Card a, Card b) {
  return a < b ? b * (b - 1) / 2 + a : a * (a - 1) / 2 + b;
}
// The cards of pair `index` (low card first).
struct PairCards {
  Card low;
  Card high;
};
PairCards PairFromIndex(int index);
// Parses two distinct cards ("AhKs", either order) into a pair, low card first.
absl::StatusOr<PairCards> ParsePair(absl::string_view text);

}  // namespace poker

#endif  // POKER_CARD_H_
