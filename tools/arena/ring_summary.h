// A ring match's result as `arena --json` writes it, with what is needed to pool shards of one
// experiment (the same players and game, disjoint deal ranges or seeds) into the result of one
// long run: per seat the sufficient statistics (count, sum, sum of squares of the chips per hand,
// and per deal over its rotations, so duplicate intervals stay paired), the game's rules and the
// deal ranges played.
#ifndef TOOLS_ARENA_RING_SUMMARY_H_
#define TOOLS_ARENA_RING_SUMMARY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "nlohmann/json.hpp"
#include "poker/game_def.h"
#include "tools/arena/ring.h"

namespace arena {

// Deals first_hand .. first_hand + deals - 1 of the deal sequence of `seed`.
struct DealRange {
  uint32_t seed = 0;
  uint32_t first_hand = 0;
  int64_t deals = 0;
  bool operator==(const DealRange&) const = default;
};

struct RingSummary {
  std::string game_file;  // as given on the command line (for people; not compared)
  std::string game_def;   // poker::FormatGameDef of the game: shards must agree on it
  double big_blind = 0;
  bool duplicate = false;
  bool fixed_seats = false;
  int rotations = 1;
  std::vector<DealRange> ranges;  // sorted by seed then first hand; adjacent ranges joined
  int64_t deals = 0;
  int64_t hands = 0;                // deals * rotations
  double seconds = 0;               // summed over shards: CPU-ish time, not wall time
  std::vector<PlayerSpec> specs;    // in seat order
  std::vector<SeatResult> players;  // in seat order, figures set from the sums
};

// The summary of one ring match played with `options`.
RingSummary SummarizeRing(const poker::GameDef& game, const std::string& game_file,
                          absl::Span<const PlayerSpec> specs, const RingOptions& options,
                          const RingResult& result);

// A JSON number to 10 significant digits (integers as integers, null when not finite).
nlohmann::ordered_json JsonNumber10(double value);

// One JSON object on one line (no newline). Keys: hands, deals, rotations, seconds, players
// (name, chips, mbb_per_hand, ci95, ci95_unpaired, spec, hand_sums, deal_sums; each sums object
// n, sum, sum_squares), then format "ring", game, game_def, big_blind, duplicate, fixed_seats,
// ranges (seed, first_hand, deals), and last "checksum": 16 hex digits of the FNV-1a 64 of every
// byte before `,"checksum"`. Sums are written exactly (the shortest form that reads back to the
// same double), through nlohmann-json.
std::string FormatRingJson(const RingSummary& summary);

// The most bytes a match result file may have (one line of a few KB per player).
inline constexpr int64_t kMaxRingJsonBytes = int64_t{16} << 20;

// Reads what FormatRingJson wrote, checked whole: the checksum when the file has one (files of
// arenas before it have none), then every field (type, range), and the sums against each other
// and the game (players' chips sum to 0, a deal's to its hands', no hand moves more than the
// stacks, sums of squares bound the sums). Errors name the field and what is wrong with it;
// `source` (a file name) starts every message.
absl::StatusOr<RingSummary> ParseRingJson(absl::string_view text, absl::string_view source);

// Pools shards: refuses (naming the files, `names[i]` for parts[i]) different games, players,
// duplicate or fixed-seat settings, and deal ranges that overlap (the same deals of the same
// seed in two shards, or twice in one). The result's sums are the sums of the parts.
absl::StatusOr<RingSummary> MergeRingSummaries(absl::Span<const RingSummary> parts,
                                               absl::Span<const std::string> names);

// Writes FormatRingJson(summary) and a newline to `path` atomically (poker::WriteFileAtomically).
absl::Status WriteRingJson(const std::string& path, const RingSummary& summary);

}  // namespace arena

#endif  // TOOLS_ARENA_RING_SUMMARY_H_
