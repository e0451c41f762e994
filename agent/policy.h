// Decision policies: given our equity against the opponents' read ranges and the betting state,
// choose an action. `fold` (000 Algorithm 2), `joker` (001 pot-odds EV), `static` (fold's
// thresholds against uniform ranges), `pso` (004's sigmoid policy, optimised online).
#ifndef AGENT_POLICY_H_
#define AGENT_POLICY_H_

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "agent/equity.h"
#include "agent/range.h"
#include "poker/card.h"
#include "poker/state.h"
#include "poker/strategy_report.h"

namespace agent {

class HandReader;

// What one bet size is expected to bring, from the opponent model: the probability that every
// opponent still in folds to it, that someone raises it, and our equity against the ranges that
// just call. Filled by the agent only when the policy asks (Policy::wants_bet_outcomes) and a
// model is loaded.
struct BetOutcome {
  bool valid = false;
  poker::Action action;          // the legal raise (raise-to total in chips)
  double fold_probability = 0;   // P(every opponent folds to it)
  double called_equity = 0;      // our equity against the ranges that call it
  double raise_probability = 0;  // P(some opponent raises it)
};

// The bet sizes of the abstraction the agent uses (SPEC 9): half the pot and the pot, as pot
// fractions of the pot after calling.
inline constexpr int kNumBetSizes = 2;
inline constexpr std::array<double, kNumBetSizes> kBetFractions = {0.5, 1.0};

// What a policy sees at a decision. References are valid for the call only.
struct Decision {
  const poker::State& state;       // we (state.CurrentPlayer()) are to act
  int me = 0;                      // our position
  poker::PairCards hole{};         // our cards in hold'em; see hole_cards
  EquityResult equity;             // vs the opponents' read ranges (not hold'em: uniform deals)
  int opponents_in = 0;            // opponents not folded
  std::mt19937_64* rng = nullptr;  // seeded by the agent
  // Outs (000 eq. 29) on the flop and turn; -1 when not computed (preflop, river, other games).
  int outs = -1;
  // Per kBetFractions entry; valid only when the policy wants them and a model is loaded.
  std::array<BetOutcome, kNumBetSizes> bets{};
  // For policies that look ahead (agent/search.h), set when the game is read: the hand reader
  // (P(action | node, pair) at any state of this hand), each opponent's read range by position
  // (null for us, folded players, or when nothing is read), this decision's seed, and when the
  // decision started if a wall-clock safety cap applies (over TCP; none in the arena, where only
  // work budgets bind: AgentOptions::wall_clock_cap).
  HandReader* reader = nullptr;
  std::array<const Range*, poker::kMaxPlayers> ranges{};
  uint64_t seed = 0;
  std::optional<std::chrono::steady_clock::time_point> started = std::nullopt;
  // Our hole cards in any game, as many as it deals (hold'em: hole.low, hole.high); empty when
  // the caller set only `hole`.
  absl::Span<const poker::Card> hole_cards = {};
};

// What a policy is given to report its strategy (Policy::ReportStrategy). References are valid
// for the call only.
struct ReportQuery {
  const poker::State& state;  // `me` is to act; hole cards are not read
  int me = 0;
  // The hand reader as of the last state the agent observed (null when the agent reads no hands:
  // policies that do not want read ranges, games other than hold'em). `state` may go beyond that
  // state: a best response asks what we would do after bets it did not make.
  const HandReader* reader = nullptr;
  // The seed the agent would give Decision::seed at this state (the same per hand and decision
  // count as a real decision's only when `state` is the one the agent is about to act on).
  uint64_t seed = 0;
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
  // Whether the policy reads Decision::equity and Decision::outs (false: the agent skips those
  // computations, e.g. for a policy that estimates its own cheap equity).
  virtual bool wants_equity() const { return true; }
  // The same for a decision with `opponents_in` opponents still in (a policy that needs the
  // equity only in some situations, e.g. multiway).
  virtual bool wants_equity_for(int opponents_in) const {
    (void)opponents_in;
    return wants_equity();
  }
  // The game the policy plays, once before the first hand (policies whose needs depend on it).
  virtual void SetGame(const poker::GameDef& game) { (void)game; }
  // Whether the policy can play `game`: a policy that plays a file the user named (a strategy)
  // refuses a file made for another game here, so the agent fails before the match
  // (FailedPrecondition, exit 1) instead of playing something else. OK by default.
  virtual absl::Status CheckGame(const poker::GameDef& game) const {
    (void)game;
    return absl::OkStatus();
  }
  // A hand starts: the seat of every position in it (policies that learn per opponent).
  virtual void SeatsOfHand(absl::Span<const int> seat_of_position) { (void)seat_of_position; }
  // Whether the policy uses Decision::bets (fold probabilities from the model cost extra work;
  // computed only where wants_equity_for is true too).
  virtual bool wants_bet_outcomes() const { return false; }
  // Whether opponents are read with their learned models (loaded plus online counts) from the
  // first hand instead of after AgentParams::static_hands (the search adapts within the match).
  virtual bool reads_learned_models_at_once() const { return false; }
  // Why the last Decide chose what it did, in a few words (for the decision log); may be empty.
  virtual std::string explanation() const { return ""; }
  // The value the last Decide gave each candidate action, as (action in the protocol's text,
  // value); empty for policies that do not value actions (logged as "values").
  virtual std::vector<std::pair<std::string, double>> action_values() const { return {}; }
  // Whether the last Decide was cut short by its wall-clock safety cap (Decision::started).
  virtual bool clock_cap_fired() const { return false; }

  // What Decide would do at query.state with each hole-card set we could hold (the rows of
  // poker::HoleSets of the game; hold'em: the 1326 pairs by PairIndex): the distinct actions it
  // may return, made legal as the agent makes them (MakeLegal) and recorded as State records
  // them (poker::RecordedAction), and each set's probability of each (poker::StrategyReport).
  // The agent's poker::Player::ReportStrategy asks its policy this; best-response tools
  // (tools/lbr) track our range from it and ask it about states after bets nobody made. Return
  // false (the default) when the policy cannot afford it.
  //
  // How to implement it: a const query that changes nothing Decide later uses (no draws from the
  // agent's generator or the policy's own, nothing learned, no cached state that alters later
  // decisions; scratch buffers are fine). For each set h, the probability that Decide, given
  // hole = h and everything else as at query.state, returns each action: 1 on the action of a
  // deterministic decision; the policy's own mixing probabilities where it draws (e.g. `cfr`:
  // the strategy's probabilities; a threshold perturbed by uniform noise: the share of the
  // noise that crosses it). Sets that share a card with the board may be left at 0. What the
  // policy computes from the opponents' read ranges must come from query.reader and query.state
  // without updating the reader: where query.state has actions after the reader's last state,
  // apply their likelihoods (HandReader::ActionLikelihoods) to copies of the ranges. The work is
  // per set, 1326 times a decision in hold'em: share what does not depend on our hand (the
  // opponents' ranges, a search of their replies valued for every pair at once) and compute
  // only the per-hand part per set. Where that is not possible (the search: one search per set),
  // compute only the sets report->Wanted(set) names and leave the others at 0.
  virtual bool ReportStrategy(const ReportQuery& query, poker::StrategyReport* report) const {
    (void)query, (void)report;
    return false;
  }
};

// The two random and smooth functions every policy uses, defined once: a uniform double in [0, 1)
// from 53 bits of `rng` (0.5 when there is no generator: a deterministic middle), and the logistic
// function 1 / (1 + e^-z).
inline double Uniform(std::mt19937_64* rng) {
  if (rng == nullptr) return 0.5;
  return static_cast<double>((*rng)() >> 11) * 0x1.0p-53;
}
inline double Logistic(double z) { return 1.0 / (1.0 + std::exp(-z)); }

}  // namespace agent

#endif  // AGENT_POLICY_H_
