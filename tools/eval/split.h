// Seeded splits of a corpus into training and held-out hands, by hand or by whole file.
#ifndef TOOLS_EVAL_SPLIT_H_
#define TOOLS_EVAL_SPLIT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace eval {

// kPlayer: whole players held out (MakePlayerSplit; MakeSplit refuses it).
enum class SplitKind { kHand, kFile, kPlayer };

// Parses "hand", "file" or "player".
absl::StatusOr<SplitKind> ParseSplitKind(const std::string& text);
const char* SplitKindName(SplitKind kind);

// Indices into the hands that were split, each in exactly one part, both sorted.
struct Split {
  std::vector<int> train;
  std::vector<int> test;
};

// Splits hands 0..n-1, given the file of each (`file_of[i]`, files numbered 0..). By hand:
// round(fraction * n) hands chosen uniformly at random go to the test part. By file: the files
// are shuffled and taken whole into the test part until it holds at least fraction * n hands
// (at least one file, never all of them). The shuffle is a Fisher-Yates over a SplitMix64
// stream of `seed`, so a seed gives the same split on every platform. Fails when the fraction
// is not in (0, 1), or a part would be empty (fewer than 2 hands, or 2 files for a file split).
absl::StatusOr<Split> MakeSplit(absl::Span<const int> file_of, int num_files, SplitKind kind,
                                double fraction, uint64_t seed);

// The same split applied to a subset: `indices` (hand indices) are split as if they were the
// whole corpus, and the parts hold elements of `indices`. Used to carve a validation part from
// a training part.
absl::StatusOr<Split> SplitSubset(absl::Span<const int> indices, absl::Span<const int> file_of,
                                  int num_files, SplitKind kind, double fraction, uint64_t seed);

// A split by player: the players of `indices` (players_of[i]: the players of hand i, as small
// integers below num_players) are shuffled (SplitMix64 stream of `seed`, as above) and held out
// one after another; every hand with a held-out player goes to the test part, so the training
// part holds no hand of theirs. A player whose hands would leave no training hand is passed over
// (heads-up, the one who plays every hand). Stops once the test part holds at least
// fraction * n hands and `min_players` players are held out. Fails when nobody can be held out.
struct PlayerSplit {
  Split split;
  std::vector<int> held_out;  // the held-out players, in the order they were drawn
};
absl::StatusOr<PlayerSplit> MakePlayerSplit(absl::Span<const int> indices,
                                            absl::Span<const std::vector<int>> players_of,
                                            int num_players, double fraction, int min_players,
                                            uint64_t seed);

}  // namespace eval

#endif  // TOOLS_EVAL_SPLIT_H_
