// A strategy profile over an abstract game: for every decision node and bucket the probability of
// each action, in the solver's flat layout (node.offset + bucket * node.num_actions + action).
#ifndef SOLVER_PROFILE_H_
#define SOLVER_PROFILE_H_

#include <cstdint>
#include <vector>

#include "solver/betting_tree.h"

namespace solver {

struct Profile {
  std::vector<float> probs;  // tree.num_entries() values; each infoset's sum is 1

  const float* At(const Node& node, int bucket) const {
    return probs.data() + node.offset + int64_t{bucket} * node.num_actions;
  }
};

// Normalises per infoset: sums[e] / infoset total; uniform where the total is 0 (never reached).
Profile ProfileFromSums(const BettingTree& tree, const CardAbstraction& cards,
                        const std::vector<double>& sums);

}  // namespace solver

#endif  // SOLVER_PROFILE_H_
