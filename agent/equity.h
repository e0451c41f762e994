// Equity of our hole cards against 1 to 9 opponents, each holding a weighted Range: Monte Carlo
// with alias-table draws, or exact enumeration where that is cheap (SPEC section 8).
#ifndef AGENT_EQUITY_H_
#define AGENT_EQUITY_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/alias_table.h"
#include "agent/range.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"

namespace agent {

inline constexpr int kMaxOpponents = 9;

// How much work to spend and how.
struct EquityOptions {
  // Monte Carlo: stop after this many trials...
  int64_t max_trials = 100'000;
  // ...or after this many microseconds, whichever comes first (0 = no time limit). Only a trial
  // budget repeats exactly for a seed: with a time limit the trial count depends on the machine.
  int64_t max_micros = 0;
  // Seed of the Monte Carlo generator: the same seed and inputs give the same estimate.
  uint64_t seed = 1;
  // Enumerate exactly (heads-up, board of 3 to 5 cards) when that takes at most this many hand
  // evaluations: about 1 K on the river, 45 K on the turn, 1.1 M on the flop against a full range.
  // 0 = always Monte Carlo.
  int64_t max_exact_evaluations = 2'000'000;
};

// An equity estimate.
struct EquityResult {
  // Our expected share of the pot at showdown: a win counts 1, a tie among k players 1/k.
  double equity = 0;
  // Standard error of `equity`; 0 when exact.
  double std_error = 0;
  // Monte Carlo trials, or (opponent pair, runout) combinations enumerated when exact.
  int64_t trials = 0;
  bool exact = false;
  // Redraws because two opponents' pairs shared a card: whole trials, or single opponents when
  // all ranges but one are flat (see equity.cc).
  int64_t rejections = 0;
  // False when ranges blocked each other so much that whole-trial rejection stalled and the
  // opponents were drawn one after the other from their conditional ranges instead (slightly
  // biased toward the first opponents' own weights; see equity.cc).
  bool unbiased_card_removal = true;
};

// Computes equities, reusing its tables between calls: after the first call with a given number
// of opponents nothing is allocated. Not thread-safe: one calculator per thread.
class EquityCalculator {
 public:
  EquityCalculator();

  // Equity of `hole` on `board` (0, 3, 4 or 5 cards) against opponents[i] (1 to kMaxOpponents
  // ranges; pairs that conflict with hole or board are ignored). InvalidArgument when cards
  // repeat or are out of range, the board size or the number of opponents is wrong, or a range has
  // no weight on any pair compatible with the known cards.
  absl::StatusOr<EquityResult> Compute(poker::PairCards hole, absl::Span<const poker::Card> board,
                                       absl::Span<const Range* const> opponents,
                                       const EquityOptions& options = {});

 private:
  // One live opponent pair for exact enumeration.
  struct WeightedPair {
    poker::Hand hand;
    uint64_t mask;
    double weight;
  };

  absl::Status Prepare(poker::PairCards hole, absl::Span<const poker::Card> board,
                       absl::Span<const Range* const> opponents);
  EquityResult Enumerate() const;
  absl::StatusOr<EquityResult> MonteCarlo(const EquityOptions& options);

  // Set by Prepare for the current call.
  int num_opponents_ = 0;
  int cards_to_deal_ = 0;
  poker::Hand hole_hand_;
  poker::Hand board_hand_;
  uint64_t dead_mask_ = 0;  // hole + board
  int deck_size_ = 0;
  std::array<poker::Card, poker::kNumCards> deck_{};  // the cards not in dead_mask_
  std::array<AliasTable, kMaxOpponents> alias_;
  std::array<bool, kMaxOpponents> flat_{};    // same weight on every live pair
  bool redraw_each_ = false;                  // at most one non-flat range, and it is opponent 0
  std::vector<WeightedPair> heads_up_pairs_;  // live pairs of opponent 0
  // Each opponent's weights with the pairs that conflict with hole or board zeroed.
  std::array<std::array<float, poker::kNumPairs>, kMaxOpponents> live_weights_{};
};

// A one-off EquityCalculator::Compute (allocates its tables each call).
absl::StatusOr<EquityResult> ComputeEquity(poker::PairCards hole,
                                           absl::Span<const poker::Card> board,
                                           absl::Span<const Range* const> opponents,
                                           const EquityOptions& options = {});

}  // namespace agent

#endif  // AGENT_EQUITY_H_
