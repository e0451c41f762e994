// The default opponent model DFmodel (000 section 4.2, eq. 6): how likely a player with no data
// takes each abstract action given its cards' win rate, from "perfect match" intervals.
#ifndef AGENT_DF_MODEL_H_
#define AGENT_DF_MODEL_H_

#include <array>

#include "absl/types/span.h"
#include "poker/card.h"
#include "trainer/action_abstraction.h"

namespace agent {

// The win-rate interval where an action "perfectly matches" a hand, and its baseline inside it.
struct DfInterval {
  double low = 0;
  double high = 1;
  double baseline = 0.5;
};

// For a pair with win rate P (HS against a uniform random hand on the board):
//   P_rel(a) = theta                                  if P is in [low_a, high_a]
//            = baseline_a / (baseline_a - P)          if P < baseline_a (outside the interval)
//            = (1 - baseline_a) / (P - baseline_a)    if P > baseline_a (outside the interval)
// then normalised over the actions available at the decision. The intervals of every abstract
// action are documented in df_model.cc. Value type; const methods thread-safe.
class DfModel {
 public:
  // Online adaptation's reference rates: the share of decisions facing a bet that a typical
  // player calls, and that it folds (df_model.cc says where they come from).
  static constexpr double kTypicalCallRate = 0.45;
  static constexpr double kTypicalFoldRate = 0.35;

  // The project's documented intervals for an abstraction (theta = 50).
  static DfModel Default(const trainer::ActionAbstraction& abstraction);

  // The win rate eq. 6 is applied to when `num_opponents` other players are in the pot (not
  // folded): the heads-up win rate P raised to 1 + (num_opponents - 1) / 2 (see df_model.cc).
  static double FieldWinRate(double win_rate, int num_opponents);

  double theta() const { return theta_; }
  void set_theta(double theta) { theta_ = theta; }
  int num_actions() const { return num_actions_; }
  const DfInterval& interval(trainer::AbstractAction action) const { return intervals_[action]; }
  void set_interval(trainer::AbstractAction action, const DfInterval& interval) {
    intervals_[action] = interval;
  }

  // Eq. 6 before normalisation (the paper's example: call [0.57, 0.68], baseline 0.61,
  // theta 50, P = 0.55 gives 10.17).
  double Relative(trainer::AbstractAction action, double win_rate) const;

  // P(action | win rate) normalised over the actions whose bit is set in `available`
  // (bit a = abstract action a).
  double Probability(trainer::AbstractAction action, double win_rate, uint32_t available) const;

  // Online adaptation (000 section 4.2): a player who calls more often than `typical_call_rate`
  // gets its call interval shifted down (his calls mean weaker hands), one who folds more often
  // than `typical_fold_rate` gets it shifted up; the shift is documented in df_model.cc.
  DfModel AdaptedTo(double call_rate, double fold_rate, int decisions) const;

 private:
  double theta_ = 50;
  int num_actions_ = 0;
  std::array<DfInterval, trainer::kMaxAbstractActions> intervals_{};
};

}  // namespace agent

#endif  // AGENT_DF_MODEL_H_
