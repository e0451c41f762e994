// Equity against opponents dealt uniformly from the unseen cards, in any game the rules engine
// plays (any deck, hole and board sizes, 2 to 10 players): exact enumeration of the deals where
// they are few (Kuhn, Leduc), Monte Carlo otherwise. The agent's estimate outside hold'em (where
// agent::EquityCalculator, over the 1326 hold'em pairs, does not apply) and the rule-based bots'
// generic path (tools/bots/equity.h).
#ifndef AGENT_UNIFORM_EQUITY_H_
#define AGENT_UNIFORM_EQUITY_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/equity.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/rng.h"

namespace agent {

// Monte Carlo from `trials` deals (at least 1): each deals the rest of the board and every
// opponent's hole cards from the cards of `game`'s deck not in `hole` or `board`, by a partial
// Fisher-Yates shuffle drawing from `rng`; a win counts 1, a tie among k best hands 1/k. Cards
// are taken as given (no checks); 0.5 when the deck has too few cards for the deal. The bots'
// generic path: the same draws and the same sums as before it moved here from tools/bots (only
// trials <= 0 differs: one trial now, where the old code divided 0 by 0).
double UniformMonteCarloEquity(const poker::GameDef& game, absl::Span<const poker::Card> hole,
                               absl::Span<const poker::Card> board, int num_opponents, int trials,
                               poker::Rng* rng);

// How many deals exact enumeration visits from a board of `board_size` cards against
// `num_opponents` (ordered: the rest of the board card by card, then each opponent's hole cards),
// or -1 when that is more than `cap` or the deck has too few cards.
int64_t UniformDealCount(const poker::GameDef& game, int board_size, int num_opponents,
                         int64_t cap);

// The agent's estimate outside hold'em: exact (every deal, EquityResult::exact) when the deals
// times the players' hand evaluations are at most options.max_exact_evaluations, else Monte
// Carlo with options.max_trials deals (and options.max_micros, 0 = none) from options.seed.
// InvalidArgument when `hole` does not hold the game's hole cards, the board is longer than the
// game's, a card is repeated or not in the game's deck, num_opponents is outside [1, players - 1],
// or the deck cannot deal the rest.
absl::StatusOr<EquityResult> ComputeUniformEquity(const poker::GameDef& game,
                                                  absl::Span<const poker::Card> hole,
                                                  absl::Span<const poker::Card> board,
                                                  int num_opponents,
                                                  const EquityOptions& options = {});

}  // namespace agent

#endif  // AGENT_UNIFORM_EQUITY_H_
