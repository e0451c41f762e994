// An opponent's range: a weight for each of the 1326 hole-card pairs (SPEC section 7).
#ifndef AGENT_RANGE_H_
#define AGENT_RANGE_H_

#include <array>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/hand_strength.h"

namespace agent {

// Unnormalised weights over the pairs, indexed by poker::PairIndex. A weight is proportional to
// the probability that the opponent holds the pair; they are normalised on demand. Hand reading
// multiplies in one likelihood per observed action (Multiply), which is why the weights are kept
// unnormalised: normalise now and then (Normalize) so that long products do not underflow.
// A value type (5 KB); not thread-safe for concurrent writes.
class Range {
 public:
  // One pair with its share of the range's total weight.
  struct PairWeight {
    int pair = 0;
    double weight = 0;
  };
  // Shares of the total weight by kind of starting hand.
  struct GroupWeights {
    double pairs = 0;
    double suited = 0;
    double offsuit = 0;
  };

  // Weight 1 on every pair (a uniformly random hand).
  Range() { weights_.fill(1.0f); }

  float weight(int pair) const { return weights_[pair]; }
  void set_weight(int pair, float weight) { weights_[pair] = weight; }
  const std::array<float, poker::kNumPairs>& weights() const { return weights_; }
  std::array<float, poker::kNumPairs>& mutable_weights() { return weights_; }

  // Sets every weight to `weight`.
  void Fill(float weight) { weights_.fill(weight); }

  // Zeroes every pair that shares a card with `known` (our hole cards, the board).
  void RemoveConflicts(poker::CardSet known);

  // weights[i] *= factors[i] for all 1326 pairs (one action's likelihood P(action | pair)).
  // `factors` must hold kNumPairs values. Vectorised: well under a microsecond.
  void Multiply(absl::Span<const float> factors);

  // Sum of the weights.
  double Total() const;
  // How many pairs have a positive weight.
  int NumPositive() const;
  // Scales the weights to sum to 1; returns false and changes nothing when the total is 0.
  bool Normalize();
  // weight / Total() of every pair (all 0 when the total is 0).
  std::array<float, poker::kNumPairs> Normalized() const;

  // The k pairs with the largest weights, largest first, with their shares of the total.
  std::vector<PairWeight> Top(int k) const;
  // Share of the total weight in each of the 169 classes (index poker::StartingHandClass).
  std::array<double, poker::kNumStartingHandClasses> ClassWeights() const;
  // Share of the total weight in pocket pairs, suited and offsuit hands.
  GroupWeights Groups() const;
  // One line for logs: "AhAs 4.1%, KdKc 3.9%, ... | AA 20.5% KK 18.0% ... | pairs 31.0% suited
  // 22.0% offsuit 47.0% | 312 pairs". `top_k` pairs and classes are listed.
  std::string Summary(int top_k = 5) const;

 private:
  alignas(64) std::array<float, poker::kNumPairs> weights_;
};

}  // namespace agent

#endif  // AGENT_RANGE_H_
