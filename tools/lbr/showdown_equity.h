// Our equity against every hand an opponent could hold when the hand is checked down: what local
// best response (tools/lbr/lbr.h) weighs with the opponent's range. One vector per (our cards,
// visible board), every opponent hole-card set at once (poker::HoleSets order).
#ifndef TOOLS_LBR_SHOWDOWN_EQUITY_H_
#define TOOLS_LBR_SHOWDOWN_EQUITY_H_

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/hand_evaluator.h"
#include "poker/strategy_report.h"

namespace lbr {

struct EquityOptions {
  // Hold'em flop: 0 = every one of the C(47, 2) = 1081 turn-river run-outs (exact, ~4 ms); k > 0 =
  // k run-outs drawn without replacement (seeded by `seed` and the cards).
  int flop_runouts = 0;
  // Hold'em preflop: boards drawn per starting-hand class for its table (seeded by `seed` and the
  // class; filled on first use and kept): each opponent pair's equity has a standard error of
  // about 0.5 / sqrt(0.8 * boards) (0.6% at 10,000).
  int preflop_boards = 10000;
  uint64_t seed = 1;
};

// Not thread-safe (one per thread): it keeps the preflop tables and scratch buffers.
class ShowdownEquity {
 public:
  // Heads-up games whose showdown poker::EvaluateAny ranks (every ACPC game); hold'em has a fast
  // path. An error for more than 2 players.
  static absl::StatusOr<std::unique_ptr<ShowdownEquity>> Create(const poker::GameDef& game,
                                                                const EquityOptions& options);

  const poker::HoleSets& sets() const { return sets_; }

  // equity[s]: our share of the pot against opponent set s with the rest of the board dealt at
  // random (a tie counts half); 0 for sets that share a card with `hole` or `board`. Exact on the
  // river and turn, on the flop unless flop_runouts > 0, and in the small games (every
  // completion of the board); preflop in hold'em from the class table. `equity` is resized to
  // sets().size().
  void Compute(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
               std::vector<double>* equity);

 private:
  ShowdownEquity(const poker::GameDef& game, const EquityOptions& options);

  void HoldemPostflop(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
                      std::vector<double>* equity);
  void HoldemPreflop(absl::Span<const poker::Card> hole, std::vector<double>* equity);
  // Adds one complete 5-card board's showdowns to wins2/counts (2 a win, 1 a tie).
  void AddShowdowns(poker::Hand ours_with_board, const poker::Hand& board, uint64_t dead);
  void Generic(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
               std::vector<double>* equity);

  poker::GameDef game_;
  EquityOptions options_;
  poker::HoleSets sets_;
  bool holdem_ = false;
  std::vector<poker::Card> deck_;  // the game's cards, increasing
  // Hold'em scratch: per pair, twice the wins plus the ties, and the run-outs counted.
  std::array<int32_t, poker::kNumPairs> wins2_{};
  std::array<int32_t, poker::kNumPairs> counts_{};
  std::vector<int> live_pairs_;
  std::vector<std::pair<poker::Card, poker::Card>> runouts_;  // flop: turn-river pairs
  std::vector<poker::Card> pool_;    // small games: cards left for a board completion
  std::vector<poker::Card> chosen_;  // small games: the completion being tried  // pairs sharing no
                                     // card with our cards and the visible board
  std::array<poker::Hand, poker::kNumPairs> pair_hands_;
  std::array<uint64_t, poker::kNumPairs> pair_masks_{};  // bit per card index
  // Preflop tables by the canonical pair (suits renamed in order of appearance) of our hand.
  std::unordered_map<int, std::array<float, poker::kNumPairs>> preflop_tables_;
};

}  // namespace lbr

#endif  // TOOLS_LBR_SHOWDOWN_EQUITY_H_
