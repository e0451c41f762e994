// The `search` policy's all-in discipline at the root of its search (docs/discipline.md): which
// of our candidate actions the search values, and against what answers of the opponent.
#ifndef AGENT_SEARCH_DISCIPLINE_H_
#define AGENT_SEARCH_DISCIPLINE_H_

#include <array>

#include "agent/bet_evidence.h"
#include "agent/range.h"
#include "agent/range_equity.h"
#include "agent/search.h"
#include "agent/search_params.h"
#include "agent/tilted_blueprint.h"
#include "poker/card.h"
#include "poker/state.h"
#include "solver/cfr_player.h"

namespace agent {

// Our root candidates and the robust responses to our root raises (SearchOptions::
// root_candidates, root_robust), after the flop: the blueprint's sizes until data says otherwise.
// A raise is searched where the blueprint takes it with our hand (probability at least
// search_min_support, floor left out): among those the model's values choose, as the blueprint
// itself would be indifferent; an overbet (1.5 pots or more) counts as taken only where the
// anchor plays it (as its file asks). A raise the blueprint does not make with our hand has no
// betting range behind it from which an opponent's answer could be predicted (the leak a
// model-based search exploits in blueprints of its own family: over-folding to overbets). Once
// this opponent has answered at least search_robust_k raises of its size class it is valued
// against the model mixed with a best response to our range by the confidence
// n / (n + search_robust_k), n those answers: the best response calls with the pairs whose
// equity against our range, checked down, beats the pot odds; with search_observed, at the
// lesser of that value and its value against the opponent folding to it as often as it folded
// to raises of that class (its weakest pairs). Until then it is searched at the
// least of its values against the model, a best response to the blueprint's raising range and
// an opponent that never folds (search_unproven 1; 2: only against an opponent seen calling
// loosely; 0: not searched), and against an opponent whose shown calls of our bets were often
// made with weak hands (search_loose) that best response gives way to the model: such an
// opponent is not one. Facing a bet of 1.5 pots or more of which this opponent has made fewer
// than search_robust_k, every answer (fold and call too) must have the blueprint's support: the
// model's range behind a bet it has no evidence of is the blueprint's, read at whatever node the
// bet translates to. Preflop: every candidate.
// Not thread-safe: it keeps scratch buffers between calls (nothing that changes a later result).
class RootDiscipline {
 public:
  struct Inputs {
    const SearchPolicyParams* params = nullptr;
    TiltedBlueprint* model = nullptr;             // the opponent model (the tilted blueprint)
    const solver::CfrDecider* decider = nullptr;  // the anchor: the blueprint as it is played
    const Range* our_range = nullptr;       // ours as the blueprint reads our actions this hand
    const Range* opponent_range = nullptr;  // the opponent's, without the board's pairs
    // This opponent's answers to our raises, those that were folds, and its own raises, by class.
    const BetEvidence* answered = nullptr;
    const BetEvidence* folded = nullptr;
    const BetEvidence* made = nullptr;
    double loose = 0;  // how far the best response has given way to the model (search_loose)
  };

  // Sets options->root_candidates and options->root_robust for `hole` in `s` (we are to act,
  // heads-up against `opponent`); leaves them empty where the discipline does not act.
  void Apply(const Inputs& in, const poker::State& s, int opponent, poker::PairCards hole,
             SearchOptions* options);

 private:
  std::array<PairProbs, kMaxTiltCandidates> our_probs_{};
  RangeEquityBoard range_board_;
};

}  // namespace agent

#endif  // AGENT_SEARCH_DISCIPLINE_H_
