// Local best response (Lisy and Bowling 2017, "Equilibrium approximation quality of current
// no-limit poker bots"): a heads-up player that exploits an opponent whose strategy it can read.
// It tracks the opponent's range exactly by Bayes' rule from the opponent's reported action
// probabilities for every hand it could hold (poker::Player::ReportStrategy), and at each of its
// own decisions picks the action with the highest value under a one-step look-ahead that assumes
// the hand is then checked down:
//
//   wp        our equity against the range (tools/lbr/showdown_equity.h), pot = chips in the pot,
//             to_call = chips we must add to call; a raise of `a` chips beyond the call
//   U(fold)   0 (everything is measured against folding now)
//   U(call)   wp * pot - (1 - wp) * to_call
//   U(raise)  fp * pot + (1 - fp) * (wp_c * (pot + a) - (1 - wp_c) * (to_call + a)), where fp is
//             the range-weighted probability that the opponent folds to it (from its report in
//             the state after the raise) and wp_c our equity against the hands that do not fold
//             (CalledEquity::kContinuing, the default) or against the whole range (kWholeRange,
//             the paper's form)
//
// Ties go to the more passive action; with nothing positive it folds (checks when free). An
// opponent's raise after ours is treated as a call. What LBR wins against a player is a lower
// bound on that player's exploitability (a best response wins at least as much): a strategy that
// LBR beats by a lot is far from an equilibrium, whatever it wins against other players.
#ifndef TOOLS_LBR_LBR_H_
#define TOOLS_LBR_LBR_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"
#include "poker/strategy_report.h"
#include "tools/lbr/showdown_equity.h"

namespace lbr {

enum class CalledEquity { kContinuing, kWholeRange };

struct LbrOptions {
  // No-limit raise sizes: fractions of the pot after calling (raise to max_spent + f * (pot +
  // to_call)), clamped into the legal range. Limit games raise their one size when `limit_raise`.
  std::vector<double> pot_fractions = {1.0};
  bool all_in = true;
  bool min_raise = false;   // no-limit: also the minimum legal raise
  bool limit_raise = true;  // limit: raise at all (false: fold or call only)
  // Check or call every preflop decision, as the paper did to save computation.
  bool preflop_call_only = false;
  CalledEquity called_equity = CalledEquity::kContinuing;
  EquityOptions equity;
  // Sampled matches: an arena spec of a stand-in whose reports LBR reads in place of the
  // opponent's (its range updates and its folds to LBR's raises), while the opponent plays; empty:
  // the opponent's own. LBR is then a fixed exploiter of the stand-in (e.g. the blueprint a search
  // stands on) played against the opponent: its winnings are still a lower bound on the
  // opponent's exploitability, and the opponent need not report.
  std::string ranges_from;
};

// Parses an action list such as "fold,call,pot,allin" (no-limit) or "fold,call,raise" (limit):
// `fold` and `call` are always played and may be left out; `pot` (= 1), a positive number (a pot
// fraction), `min`, `allin` for no-limit; `raise` for limit (in no-limit: the minimum raise).
// Errors name the bad item.
absl::Status ParseActionList(absl::string_view text, const poker::GameDef& game,
                             LbrOptions* options);
// The list as ParseActionList reads it back ("fold,call,1,allin").
std::string FormatActionList(const LbrOptions& options, const poker::GameDef& game);

// The opponent's range: a weight per hole-card set (poker::HoleSets order), updated by Bayes'
// rule. Sets that share a card with our cards or the board are never read (card removal is
// applied where the weights are used).
class RangeTracker {
 public:
  explicit RangeTracker(int num_sets) : weights_(num_sets, 1.0) {}

  void Reset() { std::fill(weights_.begin(), weights_.end(), 1.0); }
  // The opponent took report.actions[action] (-1: an action its report does not hold):
  // weights[s] *= P(action | s). Returns false, and keeps the weights, when the action is not in
  // the report or has probability 0 for every set still live (sharing no card with `known`): the
  // report and the play disagree.
  bool Update(const poker::StrategyReport& report, int action, poker::CardSet known,
              const poker::HoleSets& sets);
  absl::Span<const double> weights() const { return weights_; }
  std::vector<double>& mutable_weights() { return weights_; }

 private:
  std::vector<double> weights_;
};

// One candidate's value at the last decision.
struct ActionValue {
  poker::Action action;
  double value = 0;             // chips, against folding now
  double fold_probability = 0;  // raises: fp
  double called_equity = 0;     // raises: wp_c
};

// LBR's decisions. Not thread-safe (one per thread): it keeps the equity engine and scratch.
class LbrDecider {
 public:
  static absl::StatusOr<std::unique_ptr<LbrDecider>> Create(const poker::GameDef& game,
                                                            const LbrOptions& options);

  const poker::HoleSets& sets() const { return equity_->sets(); }
  const LbrOptions& options() const { return options_; }

  // The action for `me` (to act in `state`) holding `hole`, against an opponent in position
  // 1 - me whose range is `range` (weights per set) and which is asked (ReportStrategy, with
  // every hole card hidden) what it would do after each candidate raise. An error when it cannot
  // report there.
  absl::StatusOr<poker::Action> Decide(const poker::State& state, int me,
                                       absl::Span<const poker::Card> hole,
                                       absl::Span<const double> range,
                                       const poker::Player& opponent);

  // The candidates of the last Decide with their values (empty after a preflop call-only
  // decision), and our equity against the whole range there.
  const std::vector<ActionValue>& last_values() const { return values_; }
  double last_equity() const { return last_equity_; }
  // Decisions made and equity vectors computed (one per street of a hand, at most).
  int64_t decisions() const { return decisions_; }
  int64_t equity_vectors() const { return equity_vectors_; }

  // The raises LBR considers in `state` (legal, as State records them, without duplicates, by
  // increasing size).
  std::vector<poker::Action> CandidateRaises(const poker::State& state) const;

 private:
  LbrDecider(const poker::GameDef& game, const LbrOptions& options,
             std::unique_ptr<ShowdownEquity> equity)
      : game_(game), options_(options), equity_(std::move(equity)) {}

  // equity_vector_ for (hole, board of `state`), recomputed when they change.
  void PrepareEquity(const poker::State& state, absl::Span<const poker::Card> hole);

  poker::GameDef game_;
  LbrOptions options_;
  std::unique_ptr<ShowdownEquity> equity_;
  std::vector<double> equity_vector_;
  std::vector<poker::Card> equity_key_;  // hole then board of equity_vector_
  bool equity_valid_ = false;
  poker::StrategyReport report_;
  std::vector<ActionValue> values_;
  double last_equity_ = 0;
  int64_t decisions_ = 0;
  int64_t equity_vectors_ = 0;
};

// What `viewer` is told when asked for a report: the betting and the visible board, every hole
// card hidden.
poker::MatchState PublicView(const poker::State& state, int viewer);

}  // namespace lbr

#endif  // TOOLS_LBR_LBR_H_
