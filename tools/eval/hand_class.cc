#include "tools/eval/hand_class.h"

#include <algorithm>

#include "poker/hand_evaluator.h"

namespace eval {
namespace {

constexpr int kNine = 7;  // rank indices: 0 = deuce .. 12 = ace
constexpr int kTen = 8;
constexpr int kAce = 12;

int PreflopClassOf(poker::PairCards hole) {
  const int a = poker::RankOf(hole.low);
  const int b = poker::RankOf(hole.high);
  if (a == b) return a >= kNine ? kBigPair : kSmallPair;
  const bool big = (std::min(a, b) >= kTen) || std::max(a, b) == kAce;
  return big ? kBigHighCard : kSmallHighCard;
}

// The class of a pair from its category and the board's highest rank.
int PostflopClassOf(poker::HandCategory category, int low_rank, int high_rank, int board_top) {
  switch (category) {
    case poker::HandCategory::kHighCard:
      return std::max(low_rank, high_rank) > board_top ? kHighCardBig : kHighCardSmall;
    case poker::HandCategory::kOnePair: {
      // With exactly one pair in the seven cards, a hole card of the board's top rank makes it
      // (top pair), and a pocket pair over the board is the pair (overpair).
      const bool top_pair = low_rank == board_top || high_rank == board_top;
      const bool overpair = low_rank == high_rank && low_rank > board_top;
      return top_pair || overpair ? kOnePairBig : kOnePairSmall;
    }
    case poker::HandCategory::kTwoPair:
      return kTwoPair;
    case poker::HandCategory::kThreeOfAKind:
      return kThreeOfAKind;
    case poker::HandCategory::kStraight:
      return kStraight;
    case poker::HandCategory::kFlush:
      return kFlush;
    case poker::HandCategory::kFullHouse:
      return kFullHouse;
    case poker::HandCategory::kFourOfAKind:
      return kFourOfAKind;
    case poker::HandCategory::kStraightFlush:
      return kStraightFlush;
  }
  return kHighCardSmall;
}

int BoardTop(absl::Span<const poker::Card> board) {
  int top = -1;
  for (poker::Card c : board) top = std::max(top, poker::RankOf(c));
  return top;
}

}  // namespace

const char* ClassName(int round, int cls) {
  static constexpr const char* kPreflop[kNumPreflopClasses] = {"small high card", "big high card",
                                                               "small pair", "big pair"};
  static constexpr const char* kPostflop[kNumPostflopClasses] = {
      "high card small", "high card big",   "one pair small", "one pair big",
      "two pair",        "three of a kind", "straight",       "flush",
      "full house",      "four of a kind",  "straight flush"};
  if (cls < 0 || cls >= NumClasses(round)) return "?";
  return round == 0 ? kPreflop[cls] : kPostflop[cls];
}

int HandClass(poker::PairCards hole, absl::Span<const poker::Card> board) {
  if (board.empty()) return PreflopClassOf(hole);
  poker::Hand hand = poker::Hand::Of(board);
  hand.Add(hole.low).Add(hole.high);
  return PostflopClassOf(poker::CategoryOf(poker::Evaluate(hand)), poker::RankOf(hole.low),
                         poker::RankOf(hole.high), BoardTop(board));
}

void AllPairClasses(absl::Span<const poker::Card> board,
                    std::array<int8_t, poker::kNumPairs>* out) {
  const poker::CardSet board_set(board);
  const poker::Hand board_hand = poker::Hand::Of(board);
  const int board_top = BoardTop(board);
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const poker::PairCards pair = poker::PairFromIndex(i);
    if (board_set.Contains(pair.low) || board_set.Contains(pair.high)) {
      (*out)[i] = -1;
      continue;
    }
    if (board.empty()) {
      (*out)[i] = static_cast<int8_t>(PreflopClassOf(pair));
      continue;
    }
    const poker::Hand hand = board_hand + poker::Hand::Of(pair.low) + poker::Hand::Of(pair.high);
    (*out)[i] = static_cast<int8_t>(PostflopClassOf(poker::CategoryOf(poker::Evaluate(hand)),
                                                    poker::RankOf(pair.low),
                                                    poker::RankOf(pair.high), board_top));
  }
}

uint32_t PossibleClasses(const std::array<int8_t, poker::kNumPairs>& classes) {
  uint32_t bits = 0;
  for (int8_t c : classes) {
    if (c >= 0) bits |= 1u << c;
  }
  return bits;
}

std::vector<double> ClassCounts(const std::array<int8_t, poker::kNumPairs>& classes, int round) {
  std::vector<double> counts(NumClasses(round), 0.0);
  for (int8_t c : classes) {
    if (c >= 0 && c < static_cast<int>(counts.size())) counts[c] += 1;
  }
  return counts;
}

}  // namespace eval
