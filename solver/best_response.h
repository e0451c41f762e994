// Exact best response, expected values and exploitability of a profile by walking the whole game
// tree over every deal (SPEC 13): for games small enough to enumerate (Kuhn, Leduc) and a card
// abstraction with perfect recall (the "exact" one), so that the abstract game is the real game.
#ifndef SOLVER_BEST_RESPONSE_H_
#define SOLVER_BEST_RESPONSE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/profile.h"

namespace solver {

struct ExploitabilityReport {
  std::vector<double> values;     // per position: expected chips per hand of the profile
  std::vector<double> br_values;  // per position: chips per hand of a best response to the others
  // Sum over positions of br_values - values (NashConv); 0 exactly at a Nash equilibrium.
  double nash_conv = 0;
  // nash_conv / num_players: what a best responder wins per hand on average over the positions
  // (chips per hand; the usual "exploitability" of 2-player games).
  double exploitability = 0;
};

// Errors when the game has more than `max_deals` deals (ordered card assignments).
absl::StatusOr<ExploitabilityReport> ComputeExploitability(const BettingTree& tree,
                                                           const CardAbstraction& cards,
                                                           const Profile& profile,
                                                           int64_t max_deals = 2'000'000);

}  // namespace solver

#endif  // SOLVER_BEST_RESPONSE_H_
