// Internals of the batched evaluator (EvaluateSevenCardHands in hand_evaluator.cc), shared with
// the generated data in hand_evaluator_batch_offsets.cc and with the tests. Not API.
//
// The batch's own perfect hash of the rank key (see hand_internal in hand_evaluator.h), of the
// 49,205 rank multisets of exactly 7 cards only: row displacement as kRowOffsets, with the low
// kSevenRowBits bits of the rank key as the row, the remaining bits as the column, and 16-bit
// row offsets, so that the offsets take 8 KB and the ranks 64,238 slots (126 KB), against 32 KB
// and 164 KB for the hash of 5 to 7 cards.
#ifndef POKER_HAND_EVALUATOR_BATCH_H_
#define POKER_HAND_EVALUATOR_BATCH_H_

#include <cstdint>

namespace poker::hand_internal {

inline constexpr int kSevenRowBits = 12;
inline constexpr int kSevenNumRows = 1 << kSevenRowBits;
inline constexpr uint32_t kSevenRowMask = kSevenNumRows - 1;
// One past the highest slot that a 7-card rank multiset occupies.
inline constexpr int kSevenTableSize = 64238;

// Generated data (hand_evaluator_batch_offsets.cc): rows taken from the most to the fewest keys
// (ties by row number), each given the smallest offset that lands all of its columns on free
// slots; empty rows get 0. HandEvaluatorTablesTest.SevenCardRowOffsetsAreTheFirstFitPacking
// reproduces them.
extern const uint16_t kSevenRowOffsets[kSevenNumRows];

}  // namespace poker::hand_internal

#endif  // POKER_HAND_EVALUATOR_BATCH_H_
