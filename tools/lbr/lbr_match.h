// Local best response against a player built from an arena spec (`bot:style=cfr,strategy=F`,
// `agent:policy=cfr,...`): sampled matches with duplicate seats and 95% intervals, shards that add
// up to one long run, and an exact expected value for the small games (every deal, the opponent's
// actions weighted by its reported probabilities).
#ifndef TOOLS_LBR_LBR_MATCH_H_
#define TOOLS_LBR_LBR_MATCH_H_

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "tools/arena/stats.h"
#include "tools/lbr/lbr.h"

namespace lbr {

struct MatchOptions {
  uint32_t seed = 1;        // the deal's seed, as the dealer's rngSeed
  uint32_t first_deal = 0;  // deals first_deal .. first_deal + deals - 1 of the seed's sequence
  uint32_t deals = 1000;
  // Every deal twice, LBR in each position with that position's cards (a fresh opponent for the
  // second pass, as the arena's duplicate rotations), so the luck of the cards cancels.
  bool duplicate = true;
  // Every hand in the dealer's log format (STATE lines, LBR named "LBR", the opponent
  // "opponent"), or null. One thread only.
  std::ostream* log = nullptr;
  // Called after every hand with (hands played, hands to play) of this run.
  std::function<void(int64_t, int64_t)> progress;
};

// What LBR did and met, summed over hands (shards add up).
struct LbrCounts {
  int64_t lbr_decisions = 0;
  int64_t lbr_folds = 0;
  int64_t lbr_calls = 0;  // checks included
  int64_t lbr_raises = 0;
  int64_t lbr_all_ins = 0;  // raises of the whole stack (no-limit), also counted in lbr_raises
  // Sampled matches: LBR's all-ins the opponent called, and LBR's chips summed over those hands.
  int64_t lbr_all_ins_called = 0;
  double called_all_in_chips = 0;
  int64_t opponent_decisions = 0;
  // Opponent actions its report gave probability 0 over LBR's range (or did not hold): the range
  // was left as it was. Non-zero means the report and the play disagree.
  int64_t inconsistent_updates = 0;
  // With a stand-in (LbrOptions::ranges_from): opponent raises of a size its report does not
  // hold, read as the report's nearest raise (by the chips raised to).
  int64_t translated_raises = 0;
  int64_t showdowns = 0;

  void Add(const LbrCounts& other);
};

struct LbrResult {
  // What was measured, for merging only like with like: the game file's text
  // (poker::FormatGameDef), the opponent's spec and LBR's settings (DescribeSettings).
  std::string game;
  std::string opponent;
  std::string settings;
  uint32_t seed = 0;
  uint32_t first_deal = 0;
  int64_t deals = 0;
  int64_t hands = 0;
  int rotations = 2;
  // LBR's chips per hand, and per deal the sum over its rotations (the paired sample).
  arena::MomentSums hand_sums;
  arena::MomentSums deal_sums;
  LbrCounts counts;
  double seconds = 0;
};

// LBR's settings in one line ("actions=fold,call,pot,allin preflop=act called_equity=continuing
// flop_runouts=0 preflop_boards=10000").
std::string DescribeSettings(const LbrOptions& options, const poker::GameDef& game);

// The result as JSON (sums, counts, provenance) and back; errors name `source` and the field.
std::string FormatResultJson(const LbrResult& result);
absl::StatusOr<LbrResult> ParseResultJson(absl::string_view text, absl::string_view source);

// LBR's figures from its sums: mean chips per hand and the 95% half-width (paired by deal when
// rotations > 1), in chips and mbb/hand.
struct LbrFigures {
  double chips_per_hand = 0;
  double ci95_chips = 0;
  double mbb_per_hand = 0;
  double ci95_mbb = 0;
};
LbrFigures FiguresOf(const LbrResult& result, double big_blind);

// Plays options.deals deals against a player built from `opponent_spec` (seat 1; LBR is seat 0).
// Deal h is played with LBR in position (h + rotation) mod 2, so over the two rotations LBR holds
// each position's cards once. Errors: the spec does not build (as MakePlayer says), the opponent
// does not report its strategy at one of its decisions or after a candidate raise.
absl::StatusOr<LbrResult> RunLbrMatch(const poker::GameDef& game, absl::string_view opponent_spec,
                                      const LbrOptions& lbr_options, const MatchOptions& options);

// The same deals split into `threads` contiguous shards run at once (each with its own LBR and
// opponent, seat seed offsets as separate runs of those shards would have), then merged: the
// result of `--shard i/threads` runs merged. `progress` gets the hands of all threads together.
absl::StatusOr<LbrResult> RunLbrThreads(const poker::GameDef& game, absl::string_view opponent_spec,
                                        const LbrOptions& lbr_options, const MatchOptions& options,
                                        int threads);

// Installs flop bucket tables (solver flop-tables) into the abstraction of every strategy file a
// spec names (`strategy=FILE`, as bot:style=cfr and agent:policy=cfr take it; the blueprint shared
// by every player of the process): `tables` = "auto" reads FILE with .flop_tables for .strategy
// when it exists, "none" nothing, any other value that file. They are a cache (the same buckets as
// computing each flop's table, ~20 ms, when first met), so play does not change; a file that does
// not fit is skipped with a line in `*notes`. Errors only for a strategy file that does not load.
absl::Status PreloadFlopTables(const poker::GameDef& game, absl::string_view spec,
                               const std::string& tables, std::vector<std::string>* notes);

// Deals of shard `index` of `count` of deals [first, first + deals): contiguous ranges whose sizes
// differ by at most one.
void ShardRange(uint32_t first, uint32_t deals, uint32_t index, uint32_t count,
                uint32_t* shard_first, uint32_t* shard_deals);

// Pools results of disjoint deal ranges of one experiment: refused (InvalidArgument, naming what
// differs) for other games, opponents, settings, seeds or rotations, and overlapping deals.
absl::StatusOr<LbrResult> MergeResults(const std::vector<LbrResult>& parts);

// The exact expected value of LBR against the player, in chips per hand averaged over the two
// positions, for games small enough to enumerate (at most `max_deals` ordered deals): every deal,
// LBR's decisions as in play, the opponent's actions weighted by its reported probabilities (the
// opponent is only asked for reports: what it would learn by playing is not modelled).
struct ExactLbr {
  double value = 0;                 // chips per hand, mean of the positions
  std::vector<double> by_position;  // LBR in position 0, 1
  int64_t deals = 0;
  LbrCounts counts;  // decisions over every deal and branch (not frequencies of play)
};
absl::StatusOr<ExactLbr> ComputeExactLbr(const poker::GameDef& game,
                                         absl::string_view opponent_spec,
                                         const LbrOptions& lbr_options,
                                         int64_t max_deals = 1'000'000);

}  // namespace lbr

#endif  // TOOLS_LBR_LBR_MATCH_H_
