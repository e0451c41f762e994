// 004's 5-parameter sigmoid policy (SPEC 10) and the agent's `pso` policy, which plays it with the
// position of the swarm's current particle and optimises it online (agent/swarm.h), or plays one
// fixed vector.
#ifndef AGENT_PSO_POLICY_H_
#define AGENT_PSO_POLICY_H_

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/equity.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "agent/range.h"
#include "agent/swarm.h"
#include "poker/card.h"
#include "poker/state.h"

namespace agent {

// --- The sigmoid policy (004 eq. 1-3). X = (x1..x5): x1 = Ec, the expected P(call or raise)
// facing a bet; x2 = Er, the expected P(raise) facing a bet; x3 = d of both class-A curves;
// x4 = the expected P(raise) with nothing to call; x5 = its d. I is our equity (0..1).

// The shift e(E) of a curve with slope d (> 0) such that the mean of s(d (I - e)) over I uniform
// on [0, 1] is E (0 < E < 1): e = (1/d) ln((exp(d) - exp(d E)) / (exp(d E) - 1)) (004 eq. 3),
// computed in a form that does not overflow for large d.
double SigmoidShift(double expected, double d);
// risk(I) = 1 - s(d (I - e(E))) with s the logistic (004 eq. 2).
double ActionRisk(double equity, double expected, double d);

// A distribution over fold, call (check) and raise.
struct ActionProbabilities {
  double fold = 0;
  double call = 0;
  double raise = 0;
};

// The policy's distribution for equity I. Facing a bet (class A): fold = risk(call), call =
// risk(raise) - risk(call), raise = 1 - risk(raise), with risk(call) from (x1, x3) and
// risk(raise) from (x2, x3). When x2 > x1 the raise curve lies left of the call curve and
// risk(raise) < risk(call) for every I: call is then 0 and fold and raise are divided by their sum
// (> 1), i.e. the two curves' ratio is kept. Nothing to call (class B): raise = 1 - risk(raise)
// from (x4, x5), check the rest, fold 0. Without a legal raise, raise's share goes to call.
ActionProbabilities SigmoidPolicy(const PsoPoint& x, double equity, bool facing_bet,
                                  bool can_raise);

// How the `pso` policy gets its equity I.
enum class PsoEquity {
  // Cheap, against random hands: preflop the exact table of the 169 classes (heads-up all-in
  // equity), after the flop the exact hand strength now (ahead + tied / 2 over every opponent
  // pair); with n opponents in, raised to the power n. No Monte Carlo.
  kHandStrength,
  // Monte Carlo to the river against random hands (PsoPolicyOptions::trials; preflop the table
  // as above for one opponent), as 004's bots measure their win rate.
  kMonteCarlo,
  // The agent's equity (Decision::equity, against the read ranges): slow, needs the agent's
  // hand reading.
  kAgent,
};

// Equity of `hole` on `board` against `opponents` random hands, as kHandStrength describes.
double CheapEquity(poker::PairCards hole, absl::Span<const poker::Card> board, int opponents);

// Everything that configures the `pso` policy.
struct PsoPolicyOptions {
  // true: optimise online with `swarm`; false: play `fixed` throughout.
  bool optimise = true;
  // SwarmOptions::seed also seeds the policy's own draws (Monte Carlo seeds; the actions when
  // the agent gives no generator).
  SwarmOptions swarm;
  // The fixed policy (default: the TA exploit 004 found with m = 40).
  PsoPoint fixed = {0.86, 0.85, 90.96, 0.99, 15.11};
  PsoEquity equity = PsoEquity::kMonteCarlo;
  int trials = 300;
  // When not empty: the swarm is written here (atomically) after every update and at every
  // `save_every_hands` hands (0: updates only); with `resume`, a swarm already in the file is
  // continued instead of starting a new one.
  std::string state_path;
  int save_every_hands = 0;
  bool resume = true;
  // Put the swarm's whole state (JSON) into the explanation of the first decision after each
  // update (and of the first decision of the match).
  bool log_swarm = true;
};

// The `pso` policy. Not thread-safe.
class PsoPolicy : public Policy {
 public:
  // Fails on invalid options, or when `resume` and the state file exists but cannot be read.
  static absl::StatusOr<std::unique_ptr<PsoPolicy>> Create(const PsoPolicyOptions& options);

  std::string name() const override { return "pso"; }
  poker::Action Decide(const Decision& decision) override;
  void EndHand(const poker::State& final_state, int me, double chips) override;
  bool wants_read_ranges() const override { return options_.equity == PsoEquity::kAgent; }
  // The agent's own equity (and outs) only for kAgent: the other modes are the cheap path, which
  // is hold'em only (outside hold'em the agent's equity is used whatever the mode).
  bool wants_equity() const override { return options_.equity == PsoEquity::kAgent || !holdem_; }
  void SetGame(const poker::GameDef& game) override { holdem_ = game.IsHoldemCards(); }
  std::string explanation() const override { return explanation_; }

  // The vector played now (the current particle's position, or the fixed one).
  PsoPoint current() const;
  // The swarm (null when not optimising).
  const Swarm* swarm() const { return swarm_ ? &*swarm_ : nullptr; }
  // The equity the last decision used.
  double last_equity() const { return last_equity_; }
  // The last error saving the swarm (OK if none): EndHand cannot return it.
  const absl::Status& save_status() const { return save_status_; }

 private:
  explicit PsoPolicy(const PsoPolicyOptions& options);
  double Equity(const Decision& decision);
  void Save();

  PsoPolicyOptions options_;
  std::optional<Swarm> swarm_;
  bool log_swarm_next_ = true;
  std::mt19937_64 own_rng_;
  EquityCalculator calculator_;
  Range uniform_;
  double last_equity_ = 0;
  bool holdem_ = true;
  std::string explanation_;
  absl::Status save_status_;
};

// --- The `pso` kind of the agent's policy registry (agent/policies.h). ---

// The pso_* parameters (PolicyParams::extra) with their defaults and help.
std::vector<ExtraParam> PsoExtraParams();
// One line describing the policy for --help.
extern const char kPsoDescription[];
// Builds PsoPolicyOptions from the pso_* parameters (unset ones take PsoExtraParams' defaults;
// the text parameter pso_state is the state file). InvalidArgument for out-of-range values.
absl::StatusOr<PsoPolicyOptions> PsoOptionsFromParams(const PolicyParams& params);
// The factory registered as "pso": PsoOptionsFromParams, then PsoPolicy::Create.
absl::StatusOr<std::unique_ptr<Policy>> MakePsoPolicy(const PolicyParams& params);

}  // namespace agent

#endif  // AGENT_PSO_POLICY_H_
