// Equity of a hand against uniformly random opponent hands, for the rule-based bots: in Texas
// hold'em the agent's engine (agent::EquityCalculator, with uniform ranges) and a cached preflop
// table; a slower generic path for other ACPC games (Kuhn, small decks: agent/uniform_equity.h,
// shared with the agent).
#ifndef TOOLS_BOTS_EQUITY_H_
#define TOOLS_BOTS_EQUITY_H_

#include <array>
#include <cstdint>

#include "absl/types/span.h"
#include "agent/equity.h"
#include "agent/range.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/rng.h"

namespace bots {

// Equity = probability of winning the pot against `num_opponents` hands dealt uniformly from the
// unseen cards, with the rest of the board dealt at random; a tie among k best hands counts 1/k.
// Holds per-game tables; not thread-safe (one per bot).
class EquityEstimator {
 public:
  // The game fixes the deck, hole and board sizes; it must outlive the estimator.
  explicit EquityEstimator(const poker::GameDef& game);

  // Monte Carlo estimate from `trials` deals. `hole` has the game's hole cards, `board` the
  // visible board cards; 1 <= num_opponents < kMaxPlayers. In hold'em, exact (heads-up, from the
  // flop on) when enumerating takes no more hand evaluations than the trials would.
  double MonteCarlo(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
                    int num_opponents, int trials, poker::Rng* rng) const;

  // The estimate the bots use: preflop in hold'em, a cached per (starting-hand class, number of
  // opponents) value computed once by kPreflopTrials deals from a fixed seed (so results do not
  // depend on the order of calls); on later rounds, or in other games, MonteCarlo.
  double Equity(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
                int num_opponents, int trials, poker::Rng* rng);

  // Hold'em: the preflop value Equity uses for starting-hand class `cls` (0..168) against
  // `num_opponents` (a cache filled on first use; the value does not depend on when).
  double PreflopClassEquity(int cls, int num_opponents) const;

  // True for standard Texas hold'em cards: 52-card deck, 2 hole cards, 5 board cards.
  bool is_holdem() const { return holdem_; }

  static constexpr int kPreflopTrials = 20000;

 private:
  double HoldemMonteCarlo(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
                          int num_opponents, int trials, poker::Rng* rng) const;
  double GenericMonteCarlo(absl::Span<const poker::Card> hole, absl::Span<const poker::Card> board,
                           int num_opponents, int trials, poker::Rng* rng) const;

  const poker::GameDef* game_;
  bool holdem_;
  // Hold'em: the agent's engine, every opponent on `uniform_`.
  mutable agent::EquityCalculator calculator_;
  agent::Range uniform_;
  // Preflop equity per (poker::StartingHandClass 0..168) * kMaxPlayers + opponents; negative = not
  // computed yet.
  mutable std::array<float, 169 * poker::kMaxPlayers> preflop_;
};

}  // namespace bots

#endif  // TOOLS_BOTS_EQUITY_H_
