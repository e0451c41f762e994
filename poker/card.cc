#include "poker/card.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace poker {
namespace {

int RankIndex(char c) {
  switch (c) {
    case 't':
      return 8;
    case 'j':
      return 9;
    case 'q':
      return 10;
    case 'k':
      return 11;
    case 'a':
      return 12;
    default:
      break;
  }
  for (int r = 0; r < kNumRanks; ++r) {
    if (kRankChars[r] == c) return r;
  }
  return -1;
}

int SuitIndex(char c) {
  for (int s = 0; s < kNumSuits; ++s) {
    if (kSuitChars[s] == c || kSuitChars[s] - 'a' + 'A' == c) return s;
  }
  return -1;
}

}  // namespace

absl::StatusOr<Card> ParseCard(absl::string_view text) {
  if (text.size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "card '", text, "' must be two characters: a rank (23456789TJQKA) and a suit (cdhs)"));
  }
  const int rank = RankIndex(text[0]);
  if (rank < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("card '", text, "': '", text.substr(0, 1), "' is not a rank (23456789TJQKA)"));
  }
  const int suit = SuitIndex(text[1]);
  if (suit < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("card '", text, "': '", text.substr(1, 1), "' is not a suit (cdhs)"));
  }
  return MakeCard(rank, suit);
}

absl::StatusOr<std::vector<Card>> ParseCards(absl::string_view text) {
  if (text.size() % 2 != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cards '", text, "' have an odd number of characters"));
  }
  std::vector<Card> cards;
  cards.reserve(text.size() / 2);
  for (size_t i = 0; i < text.size(); i += 2) {
    absl::StatusOr<Card> card = ParseCard(text.substr(i, 2));
    if (!card.ok()) return card.status();
    cards.push_back(*card);
  }
  return cards;
}

absl::StatusOr<PairCards> ParsePair(absl::string_view text) {
  absl::StatusOr<std::vector<Card>> cards = ParseCards(text);
  if (!cards.ok()) return cards.status();
  if (cards->size() != 2 || (*cards)[0] == (*cards)[1]) {
    return absl::InvalidArgumentError(absl::StrCat("'", text, "' is not two distinct cards"));
  }
  return PairCards{std::min((*cards)[0], (*cards)[1]), std::max((*cards)[0], (*cards)[1])};
}

std::string CardToString(Card card) {
  if (card >= kNumCards) return "??";
  return std::string{kRankChars[RankOf(card)], kSuitChars[SuitOf(card)]};
}

std::string CardsToString(absl::Span<const Card> cards) {
  std::string out;
  out.reserve(cards.size() * 2);
  for (Card c : cards) out += CardToString(c);
  return out;
}

std::vector<Card> CardSet::ToVector() const {
  std::vector<Card> cards;
  for (uint64_t m = mask_; m != 0; m &= m - 1)
    cards.push_back(static_cast<Card>(__builtin_ctzll(m)));
  return cards;
}

}  // namespace poker

namespace poker {

PairCards PairFromIndex(int index) {
  static const auto* table = [] {
    auto* t = new PairCards[kNumPairs];
    for (int b = 1; b < kNumCards; ++b) {
      for (int a = 0; a < b; ++a) t[PairIndex(a, b)] = {static_cast<Card>(a), static_cast<Card>(b)};
    }
    return t;
  }();
  return table[index];
}

}  // namespace poker
