// Every pair's equity against a weighted range on one board (heads-up hold'em): what a player
// holding pair h wins on average against the other player's range if the hand is checked down,
// for all 1326 h at once. The search's robust opponent (agent/search.h) needs it: an opponent that
// best-responds to our bet calls with exactly the pairs whose equity against our betting range
// beats the pot odds.
//
// The board is completed by the run-outs of search_internal::ForEachRunout (the river itself, every
// river card on the turn, sampled run-outs on the flop). On each complete board the live pairs
// are ranked once and sorted (RangeEquityBoard); then one sweep in rank order per range gives
// every pair's wins, ties and total weight of the range, card removal included: the range's
// pairs that share a card with h are left out, by per-card running sums (a pair shares a card
// with h through h's first card, its second card, or both: only h itself holds both).
#ifndef AGENT_RANGE_EQUITY_H_
#define AGENT_RANGE_EQUITY_H_

#include <array>
#include <cstdint>
#include <vector>

#include "poker/card.h"

namespace agent {

using PairWeights = std::array<float, poker::kNumPairs>;

// The sorted pairs of each run-out of one board, to sweep many ranges against. Not thread-safe.
class RangeEquityBoard {
 public:
  // board[0, known): the known cards (3 to 5 for the flop, turn and river; preflop is not
  // supported: 0 is refused with no run-outs). `sampled` and `seed`: the flop's run-outs.
  // Returns the number of run-outs.
  int Prepare(const poker::Card* board, int known, int sampled, uint64_t seed);

  // equity[h] for every pair h: the share of the pots h wins against `range` (ties half) over the
  // run-outs, each run-out's share weighted by the range's weight live on it. 0.5 for a pair that
  // shares a card with the known board, or against which no weight of the range is live.
  void Equity(const PairWeights& range, PairWeights* equity) const;

  int runouts() const { return static_cast<int>(runouts_.size()); }

 private:
  // One complete board: its live pairs by increasing rank, and where each group of equal ranks
  // starts (groups[g] .. groups[g + 1]).
  struct Runout {
    std::vector<int16_t> pairs;
    std::vector<int16_t> groups;
  };
  std::vector<Runout> runouts_;
  uint64_t known_mask_ = 0;
};

}  // namespace agent

#endif  // AGENT_RANGE_EQUITY_H_
