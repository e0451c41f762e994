// The hold'em card abstraction (SPEC 13): preflop the 169 starting-hand classes (lossless up to
// suit isomorphism); flop, turn and river buckets by hand strength and potential on the board.
#ifndef SOLVER_HOLDEM_BUCKETS_H_
#define SOLVER_HOLDEM_BUCKETS_H_

#include <array>
#include <memory>

#include "absl/status/statusor.h"
#include "poker/game_def.h"
#include "solver/card_abstraction.h"

namespace solver {

// Buckets per round (preflop, flop, turn, river). Preflop must be 169 (the classes).
struct HoldemBucketCounts {
  std::array<int, 4> per_round = {169, 64, 64, 64};
};

// The hold'em abstraction for a 52-card, two-hole-card, four-round game; an error for other games
// or counts out of range.
absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeHoldemBuckets(
    const poker::GameDef& game, const HoldemBucketCounts& counts);

}  // namespace solver

#endif  // SOLVER_HOLDEM_BUCKETS_H_
