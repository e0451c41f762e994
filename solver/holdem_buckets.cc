#include "solver/holdem_buckets.h"

#include "absl/status/status.h"

namespace solver {

// Placeholder until the hold'em buckets land (same branch, in progress).
absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeHoldemBuckets(
    const poker::GameDef& game, const HoldemBucketCounts& counts) {
  (void)game, (void)counts;
  return absl::UnimplementedError("hold'em buckets are not implemented yet");
}

}  // namespace solver
