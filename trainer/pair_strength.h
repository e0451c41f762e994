// Exact hand strength of a few pairs on one board at once, for training: the trainer needs the
// HS of the 2 to 6 players of a hand, not of all 1326 pairs.
#ifndef TRAINER_PAIR_STRENGTH_H_
#define TRAINER_PAIR_STRENGTH_H_

#include <cstdint>

#include "absl/types/span.h"
#include "poker/card.h"

namespace trainer {

// For each pair, 2 * ahead + tied against every opponent pair that shares no card with it or
// the board (a board of 3 to 5 cards): the same integers as poker::HandStrengthCounts and
// poker::AllPairsStrengthNumerators. Enumerates the C(52 - |board|, 2) opponent pairs once for
// all pairs, so k pairs cost about one HandStrengthCounts instead of k (2 players on a flop:
// ~3 us instead of ~8). Allocates nothing; at most poker::kMaxPlayers pairs.
void FewPairsStrengthNumerators(absl::Span<const poker::Card> board,
                                absl::Span<const poker::PairCards> pairs,
                                absl::Span<int32_t> numerators);

}  // namespace trainer

#endif  // TRAINER_PAIR_STRENGTH_H_
