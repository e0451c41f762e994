// Hand reading (000 sections 4.2-4.3, 003 Algorithm 1, SPEC 7): a weight for each of an
// opponent's 1326 pairs, multiplied by P(action | node, pair) for every action it takes.
#ifndef AGENT_HAND_READER_H_
#define AGENT_HAND_READER_H_

#include <array>
#include <vector>

#include "absl/types/span.h"
#include "agent/df_model.h"
#include "agent/range.h"
#include "poker/state.h"
#include "trainer/opponent_model.h"

namespace agent {

// Parameters of P(a | node, pair): a hierarchical backoff with pseudo-counts (SPEC 7).
struct ReaderOptions {
  // A player's bucket counts at a node are smoothed toward the population's distribution there
  // with this many pseudo-decisions.
  double player_prior = 10;
  // The population's bucket counts are smoothed toward DFmodel with this many pseudo-decisions.
  double population_prior = 5;
  // A player without bucket counts at a node (learned online: cards rarely seen) but with at
  // least this many node decisions gets 003's deviation: the population's bucket-conditional
  // distribution shifted by O_T - B_T and renormalised.
  int deviation_min_decisions = 20;
  // Likelihood floor, so that one surprising action never rules a pair out entirely.
  float min_likelihood = 1e-3f;
  // Use the model's entry rate by position class as a preflop prior (000 eq. 5).
  bool entry_prior = true;
};

// The ranges of every opponent in one hand. Not thread-safe; one reader per agent.
class HandReader {
 public:
  // `model` may be null (DFmodel only); it must outlive the reader and may grow between hands
  // (online learning).
  HandReader(const trainer::OpponentModel* model, const poker::GameDef& game,
             ReaderOptions options = {});

  // Starts a hand. `observer` is our position (its hole cards, if known in `state`, are removed
  // from every range), or -1 for a spectator who knows no hole cards (evaluation).
  // `models[p]` is the model of position p's player (null: unknown player, population + DFmodel).
  void StartHand(const poker::State& state, int observer,
                 absl::Span<const trainer::PlayerModel* const> models);

  // Reads every action in `state` not read yet (call with each new state of the hand; the state
  // must extend the one seen before). Strength buckets of all pairs are computed once per street.
  void Update(const poker::State& state);

  // Position p's current range (unnormalised weights; conflicts with known cards are 0).
  const Range& range(int position) const { return ranges_[position]; }

  // P(action | the node where `position` is to act in `state`, pair) for all 1326 pairs: the
  // factor Update multiplies the range by (exposed for tests and evaluation).
  void ActionLikelihoods(const poker::State& state, int position, trainer::AbstractAction action,
                         std::array<float, poker::kNumPairs>* likelihood);

  const ReaderOptions& options() const { return options_; }

 private:
  const trainer::OpponentModel* model_;
  const poker::GameDef* game_;
  ReaderOptions options_;
  std::array<Range, poker::kMaxPlayers> ranges_;
  // Implementation state (buckets per street, actions read so far, ...) is the implementer's.
};

}  // namespace agent

#endif  // AGENT_HAND_READER_H_
