// Decision policies: given our equity against the opponents' read ranges and the betting state,
// choose an action. `fold` (000 Algorithm 2), `joker` (001 pot-odds EV), `static` (fold's
// thresholds against uniform ranges), `pso` (004's sigmoid policy, optimised online).
#ifndef AGENT_POLICY_H_
#define AGENT_POLICY_H_

#include <cstdint>
#include <random>
#include <string>

#include "agent/equity.h"
#include "poker/card.h"
#include "poker/state.h"

namespace agent {

// What a policy sees at a decision. References are valid for the call only.
struct Decision {
  const poker::State& state;     // we (state.CurrentPlayer()) are to act
  int me = 0;                    // our position
  poker::PairCards hole{};       // our cards
  EquityResult equity;           // against the read ranges of the opponents still in
  int opponents_in = 0;          // opponents not folded
  std::mt19937_64* rng = nullptr;  // seeded by the agent
};

// Chooses actions. Implementations return legal actions (the caller still normalises).
// Not thread-safe.
class Policy {
 public:
  virtual ~Policy() = default;
  virtual std::string name() const = 0;
  // The action to take.
  virtual poker::Action Decide(const Decision& decision) = 0;
  // A hand ended; `chips` is what we won (negative: lost). Online policies learn here.
  virtual void EndHand(const poker::State& final_state, int me, double chips) {
    (void)final_state, (void)me, (void)chips;
  }
  // Whether the policy wants equity against read ranges (false: uniform ranges suffice).
  virtual bool wants_read_ranges() const { return true; }
};

}  // namespace agent

#endif  // AGENT_POLICY_H_
