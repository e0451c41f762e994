// The interface every decision maker implements (rule-based bots, the agent), so that the same
// object plays in the in-process arena and behind an ACPC connection.
#ifndef POKER_PLAYER_H_
#define POKER_PLAYER_H_

#include "poker/codec.h"
#include "poker/state.h"
#include "poker/strategy_report.h"

namespace poker {

// Receives every state of every hand from its seat's point of view, in order, and is asked for an
// action when it is to act. Not thread-safe; one match at a time.
class Player {
 public:
  virtual ~Player() = default;

  // Every state the seat sees, its own actions echoed included, and the final state of each hand
  // (with opponents' cards at a showdown). Called before Act for the state it acts on.
  virtual void Observe(const MatchState& view) { (void)view; }

  // The action for `view`, where view.viewer is to act. It need not be legal: the caller applies
  // State::Normalize as the dealer would; a good player returns legal actions.
  virtual Action Act(const MatchState& view) = 0;

  // What Act would do at `view` (view.viewer to act; its hole cards, if any, are ignored) with
  // each hole-card set it could hold: the actions and, per set of HoleSets(game), their
  // probabilities (see StrategyReport). A query, not a decision: it changes nothing the player
  // would later do (no draws from its generators, nothing learned), and `view` may be a state the
  // player never observed (a best response asks about bets that were not made). The report is of
  // the player as it is now: for a player that learns during a match, of what it has seen so far.
  // Returns false, and leaves `report` in any state, when the player cannot report (the default;
  // e.g. a policy whose decision would cost a search per hand).
  virtual bool ReportStrategy(const MatchState& view, StrategyReport* report) const {
    (void)view, (void)report;
    return false;
  }
};

}  // namespace poker

#endif  // POKER_PLAYER_H_
