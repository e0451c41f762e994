// The hand classes of the prediction experiment (SPEC 12, 000 section 5.2): 4 preflop classes
// from the two hole cards, 11 post-flop classes from the best five of hole cards and board.
#ifndef TOOLS_EVAL_HAND_CLASS_H_
#define TOOLS_EVAL_HAND_CLASS_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "poker/card.h"

namespace eval {

// Preflop classes. A pair is big from nines up (99..AA, 36 of the 1326 pairs; 22..88 are small,
// 42 pairs). Two different ranks are a big high card when both are ten or higher (AK..JT) or one
// is an ace (A9..A2): 288 pairs, the hands most players continue with; the other 960 are small.
enum PreflopClass : uint8_t {
  kSmallHighCard = 0,
  kBigHighCard = 1,
  kSmallPair = 2,
  kBigPair = 3,
};
inline constexpr int kNumPreflopClasses = 4;

// Post-flop classes from the category of the best five cards of hole + board. The small/big cut
// is relative to the board, because what a pair or a high card is worth depends on it:
//   high card big: a hole card ranks above every board card (an overcard), else small;
//   one pair big:  top pair (a hole card pairs the highest board card) or an overpair (a pocket
//                  pair above every board card); else small, including a pair that lies on the
//                  board alone.
// The other categories are one class each.
enum PostflopClass : uint8_t {
  kHighCardSmall = 0,
  kHighCardBig = 1,
  kOnePairSmall = 2,
  kOnePairBig = 3,
  kTwoPair = 4,
  kThreeOfAKind = 5,
  kStraight = 6,
  kFlush = 7,
  kFullHouse = 8,
  kFourOfAKind = 9,
  kStraightFlush = 10,
};
inline constexpr int kNumPostflopClasses = 11;
// The most classes of any street (array bounds).
inline constexpr int kMaxClasses = kNumPostflopClasses;

// Classes of a street: 4 preflop (round 0), 11 afterwards.
inline int NumClasses(int round) { return round == 0 ? kNumPreflopClasses : kNumPostflopClasses; }

// Short class name of a street's class: "small high card", "big pair", "one pair big", ...
const char* ClassName(int round, int cls);

// The class of hole cards on a board of 0 (preflop), 3, 4 or 5 cards. The cards must be
// distinct valid cards.
int HandClass(poker::PairCards hole, absl::Span<const poker::Card> board);

// The class of every one of the 1326 pairs on a board of 0, 3, 4 or 5 cards; -1 for pairs that
// share a card with the board.
void AllPairClasses(absl::Span<const poker::Card> board, std::array<int8_t, poker::kNumPairs>* out);

// Bit c set: class c is held by at least one pair that does not conflict with the board (what a
// spectator knows is possible on it).
uint32_t PossibleClasses(const std::array<int8_t, poker::kNumPairs>& classes);

// The live pairs in each of the street's classes (`classes` as AllPairClasses fills it, for a
// board of `round`): the action-blind card count, i.e. a uniform range over the pairs the board
// allows summed by class (the `board` predictor).
std::vector<double> ClassCounts(const std::array<int8_t, poker::kNumPairs>& classes, int round);

}  // namespace eval

#endif  // TOOLS_EVAL_HAND_CLASS_H_
