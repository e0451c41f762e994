// The hold'em card abstraction (SPEC 13): preflop the 169 starting-hand classes (lossless up to
// suit isomorphism); flop, turn and river buckets by hand strength and potential on the board.
//
// What decides a bucket (all values exact integers, so equal cards always give equal buckets, and
// isomorphic hands (suits relabelled) exactly equal ones):
// - Preflop: poker::StartingHandClass (0..168).
// - River: HS against one uniformly random opponent pair, as the integer 2 * ahead + tied over the
//   990 opponent pairs (0..1980), computed per deal (one evaluation per opponent pair, shared by
//   all players of the deal); percentile buckets.
// - Flop and turn: two dimensions, strength and potential. Over every roll-out of the remaining
//   board (1081 turn-river pairs on the flop, 46 rivers on the turn), the river HS of the hand:
//   its mean E[HS] and its spread sd(HS). K buckets are G = K / L percentile groups of E[HS], each
//   split into L percentile levels of sd(HS) within the group (L = HoldemPotentialLevels(K): 4
//   for K = 64, so 16 x 4); bucket = group * L + level. A drawing hand and a made hand of the same
//   E[HS] thus land in different buckets.
//   Why not E[HS^2] (one dimension)? Measured by `solver_bench --quality 100` (100 random boards,
//   every live pair, 64 buckets; share of the variance left within buckets, smaller is better):
//     flop:  E[HS^2] 0.543 of river HS, 0.494 of sd(HS); E[HS] 16 x sd 4: 0.531, 0.088
//     turn:  E[HS^2] 0.338,             0.497;           E[HS] 16 x sd 4: 0.321, 0.073
//   i.e. the 2-D buckets separate both final strength and potential better, at the same cost.
//   Cost: ~17 ms per flop and ~0.7 ms per turn board for all 1326 pairs at once, too slow per
//   deal, but there are only 1755 flops and 16432 turn boards up to suit isomorphism: each
//   round's table of buckets is computed the first time its canonical board is met and kept
//   (2.6 KB a board, ~48 MB with every board seen; ~45 s of CPU in all, spread over the start of
//   a run). Afterwards a deal costs two lookups per player and round plus the river pass.
// - Edges: percentile bucket b of K holds the values whose upper cumulative share in a fixed
//   sample of random deals, #(sample <= v) / n, is in (b / K, (b + 1) / K]: equal populations. An
//   atom of equal values stays whole in one bucket; the best value seen is always in K - 1 and
//   anything at or below the smallest sample value's share in 0. The sample (river 2000 boards,
//   turn 256, flop 32, every live pair on each; poker::Rng seeded with kHoldemSampleSeed) is
//   drawn the same way on every machine, so the edges are fixed by the version in Name().
//   Drawing it costs ~1.5 s, so strategy files keep the edges (Tables(), K - 1 integers per
//   percentile list, a few KB) and loading rebuilds the abstraction from them
//   (MakeHoldemBucketsFromTables, no sampling).
// - Versions ("...:vN" in Name()): a strategy file keeps its edges, but not how a hand's values
//   are computed (river HS, E[HS], sd(HS), the canonical boards) nor how an edge list turns a
//   value into a bucket. Any change to those, or to what draws the edges (sample seed and sizes,
//   the percentile rule, HoldemPotentialLevels), bumps N; a file of another N is refused on load.
//   holdem_buckets_test pins a fingerprint of the default counts' edges, so a change to the
//   sample that forgets the bump fails there; a checkpoint whose edges differ from the ones the
//   program draws is refused on --resume.
//
// Thread-safety: Bucket and DealBuckets may be called from any number of threads; the lazily
// filled tables are published with atomic pointers (two threads meeting a new board at once both
// compute it, and one copy is kept).
#ifndef SOLVER_HOLDEM_BUCKETS_H_
#define SOLVER_HOLDEM_BUCKETS_H_

#include <array>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "solver/card_abstraction.h"

namespace solver {

// Buckets per round (preflop, flop, turn, river). Preflop must be 169 (the classes); the others
// 1..kMaxHoldemBuckets.
struct HoldemBucketCounts {
  std::array<int, 4> per_round = {169, 64, 64, 64};
};
inline constexpr int kMaxHoldemBuckets = 4096;

// Potential levels per E[HS] group for K flop or turn buckets: 4 when K >= 24 and K % 4 == 0,
// else 2 when K >= 4 is even, else 1 (E[HS] alone). Measured (solver_bench --quality 100 K): with
// fewer than 6 groups the E[HS] grip weakens (K = 16: 4 x 4 leaves 0.555 of the flop's river HS
// variance, 8 x 2 0.541, E[HS^2] 0.546), from K = 24 on 4 levels beat E[HS^2] on both measures.
int HoldemPotentialLevels(int num_buckets);

// The seed of the sample that fixes the percentile edges (part of the abstraction's version).
inline constexpr uint64_t kHoldemSampleSeed = 0x5EED'B0C4'E75ULL;

// The hold'em abstraction for a 52-card, two-hole-card, four-round game with 0, 3, 1, 1 board
// cards; Name() is "holdem_ehs_pot:169,F,T,R:v1". An error for other games or counts out of range.
// Construction draws the sample (~1.5 s on one core).
absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeHoldemBuckets(
    const poker::GameDef& game, const HoldemBucketCounts& counts);

// The same abstraction from its edges as Tables() gave them (a serialized proto HoldemEdges, kept
// in strategy files): no sampling, ~0.1 s. An error when they do not parse or do not fit
// `counts`.
absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeHoldemBucketsFromTables(
    const poker::GameDef& game, const HoldemBucketCounts& counts, absl::string_view tables);

// The roll-out sums behind the flop and turn buckets, for every pair at once: over every
// roll-out of a 3- or 4-card board to five cards, the sum of (2 * ahead + tied)^2 from
// poker::AllPairsStrengthNumerators (the roll-outs that share a card with the pair left out; every
// live pair has C(47, 2) = 1081 of them on the flop, 46 on the turn), so E[HS^2] =
// sum / (roll-outs * (2 * 990)^2). With `sums` (may be null) also the sum of 2 * ahead + tied, for
// E[HS]. Pairs that conflict with the board, and every pair for other board sizes, get -1.
// ~17 ms on a flop, ~0.7 ms on a turn board.
void AllPairsRolloutStrength(absl::Span<const poker::Card> board,
                             std::array<int64_t, poker::kNumPairs>* sums_of_squares,
                             std::array<int64_t, poker::kNumPairs>* sums = nullptr);

// The flop bucket tables of a hold'em abstraction (every canonical flop's bucket of every pair),
// kept in a file beside the strategy (data/strategies/*.flop_tables): a new canonical flop's table
// costs ~20 ms of roll-outs, so a search that samples many flops per decision spends most of a
// match's first few hundred decisions filling them (1755 tables, ~35 s of CPU). FlopTablesData
// fills the missing ones and returns the file's contents: the abstraction's name and edges
// (Tables()), then the tables by canonical flop, deflated. LoadFlopTables installs a file's tables
// into `cards` (they are a cache: the same buckets as computing them, so play does not change);
// refused (InvalidArgument, naming the field) for a file made for another name or other edges, or
// malformed. Both need a MakeHoldemBuckets* abstraction.
absl::StatusOr<std::string> FlopTablesData(const CardAbstraction& cards);
absl::Status LoadFlopTables(const CardAbstraction& cards, absl::string_view data);
// How many canonical flops' bucket tables `cards` holds (1755 = every flop): installed by
// LoadFlopTables, kept from MakeHoldemBuckets' percentile sample, or filled when first needed
// (AllPairsBuckets, DealBuckets; Bucket() computes its one hand alone). 0 for an abstraction that
// is not a MakeHoldemBuckets* one. For tests and diagnostics.
int FlopTablesHeld(const CardAbstraction& cards);

}  // namespace solver

#endif  // SOLVER_HOLDEM_BUCKETS_H_
