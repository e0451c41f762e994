// Re-solving the river (as DeepStack, Libratus and Pluribus re-solve the rest of the hand in real
// time): at a heads-up river decision, the betting that remains is a small game of its own,
// solved for an equilibrium between the two players' ranges rather than played against a fixed
// model of the opponent. Its parts:
//
//   ranges     a weight per hole-card pair for each player (ours as the blueprint reads our
//              actions this hand, the opponent's as the model reads its), pairs that share a card
//              with the board left out, and pairs below `min_share` of the largest weight dropped
//   tree       the betting that follows the current state: check/call, fold, bets of
//              `fractions` of the pot and all-in (no-limit; the game's raise in limit), at most
//              `max_raises` raises in the round before only all-in is left
//   terminals  fold: the folder loses what it put in; showdown: the better hand wins what the
//              other put in, exact for every pair of pairs on the board (card removal included)
//   solving    discounted CFR (alternating updates; see Walk), every pair of a player at once
//
// The solution is an equilibrium of the river given the ranges: a bet is called by the hands that
// beat the betting range often enough for the price, whatever a model says about folding, which is
// what an opponent outside the blueprint's family does. It is unsafe re-solving (no gadget keeps
// the opponent's values at or below the blueprint's); its quality is measured by the subgame's
// exploitability (`Exploitability`).
#ifndef AGENT_RIVER_SOLVER_H_
#define AGENT_RIVER_SOLVER_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"
#include "poker/state.h"

namespace agent {

struct RiverSolveOptions {
  // Bet and raise sizes as pot fractions (no-limit), all-in always added.
  std::vector<double> fractions = {0.5, 1.0};
  // Raises in the river round past which only all-in remains (no-limit).
  int max_raises = 2;
  // Our bets and raises (those of the player to act at the root) of more than this many pots
  // (the pot once we have called) are left out of the tree; the opponent keeps every size. A
  // river overbet is good play only against the ranges as read: where the reading is off (our own
  // range read by the blueprint gives every pair some weight), the equilibrium's 100-pot bluffs
  // into a capped range lose to an opponent that calls with the top of it.
  double our_max_pots = 1e9;
  // Discounted CFR iterations, at most; fewer when the tree's nodes x the pairs of both ranges x
  // the iterations would pass `max_work` (a bound on time that does not depend on the machine:
  // about 1 ms per 200,000 on one core).
  int iterations = 200;
  double max_work = 2e7;
  // Pairs whose weight is below this share of the player's largest are left out of its range
  // (ours is always kept).
  double min_share = 1e-3;
};

struct RiverSolution {
  std::vector<poker::Action> actions;  // ours at the root
  std::vector<double> strategy;        // our hand's average strategy over them
  // Our hand's expected net chips for the hand after each root action, the opponent playing the
  // average strategy and we playing best from there on.
  std::vector<double> values;
  int nodes = 0;               // decision and terminal nodes of the tree
  int iterations = 0;          // iterations run
  std::array<int, 2> pairs{};  // pairs in each position's range
};

// One river subgame. Not thread-safe; reuses its buffers.
class RiverSolver {
 public:
  // `state`: a heads-up river state (the last round; board cards known) with a player to act.
  // `weights[p]`: position p's range (unnormalised; indexed by pair). `hole`: the cards of the
  // player to act, whose strategy the solution reports. InvalidArgument when the state is not
  // such a state or a range is empty.
  absl::StatusOr<RiverSolution> Solve(
      const poker::State& state,
      const std::array<const std::array<float, poker::kNumPairs>*, 2>& weights,
      poker::PairCards hole, const RiverSolveOptions& options);

  // Of the last Solve: how much each player would gain by a best response to the other's average
  // strategy, summed and halved (chips per unit of joint range weight; 0 at an equilibrium).
  double Exploitability();

  // For tests: position p's counterfactual showdown (or fold) values, per pair of its range, with
  // the opponent's reach `reach` (per pair of the opponent's range), as the solver computes them.
  // `fold`: -1 showdown, else the position that folded. `stake`: chips won or lost.
  void TerminalValues(int p, int fold, double stake, const std::vector<float>& reach,
                      std::vector<float>* out) const;
  // The pairs of position p's range in the last Solve.
  const std::vector<int>& pairs(int p) const { return hands_[p].pair; }

 private:
  struct Node {
    int player = -1;  // to act; -1 at a terminal
    int folder = -1;  // at a fold terminal
    int32_t spent[2] = {0, 0};
    int first_child = 0;
    int num_children = 0;
    int offset = 0;  // of its regrets and average strategy (num_children x the actor's pairs)
  };
  struct Hands {
    // In increasing rank.
    std::vector<int> pair;  // pair index of each hand
    std::vector<poker::Card> low, high;
    std::vector<float> weight;  // normalised to sum 1
    std::vector<poker::HandRank> rank;
  };

  int Build(const poker::State& state, const RiverSolveOptions& options);
  // Position p's counterfactual values at `node` (into `out`, per hand of p) given the other's
  // reach `opp` and p's own `mine`: training at iteration t (the current strategies, regrets and
  // average updated), or with `best_response` p's best response to the other's average strategy.
  void Walk(int node, int p, const std::vector<float>& mine, const std::vector<float>& opp,
            bool best_response, double t, std::vector<float>* out, int depth = 0);
  void Strategy(const Node& node, int n, bool average, std::vector<float>* sigma);

  // Buffers of Walk by depth.
  struct Scratch {
    std::vector<float> sigma, reach, child, values;
  };
  std::vector<Scratch> scratch_;
  std::vector<float> totals_;
  std::vector<Node> nodes_;
  std::vector<poker::Action> actions_;  // the action into each node (by node index)
  std::vector<int> children_;
  std::array<Hands, 2> hands_;
  // Index in the other position's hands of each pair (-1: not in its range), by position.
  std::array<std::array<int, poker::kNumPairs>, 2> index_of_pair_{};
  std::vector<float> regrets_[2];
  std::vector<float> average_[2];
  int root_player_ = 0;
};

}  // namespace agent

#endif  // AGENT_RIVER_SOLVER_H_
