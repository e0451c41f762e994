// What a player would do at a decision with each private hand it could hold: the hole-card sets
// of a game in one fixed order (HoleSets) and a player's action probabilities for every one of
// them (StrategyReport), as poker::Player::ReportStrategy returns them. Best-response tools
// (tools/lbr) track an opponent's range by Bayes' rule from these reports and ask what it would
// do after bets that were not made.
#ifndef POKER_STRATEGY_REPORT_H_
#define POKER_STRATEGY_REPORT_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace poker {

// Every set of game.num_hole_cards distinct cards of the game's deck, indexed 0..size()-1 in
// colex order of the cards' positions in the deck (the deck's cards sorted by card index): the set
// of positions p_0 < p_1 < ... has index C(p_0, 1) + C(p_1, 2) + .... In hold'em (a 52-card deck,
// two hole cards) the index of a pair is its PairIndex; Leduc's 6 cards (Qh Qs Kh Ks Ah As) and
// Kuhn's 3 (Qs Ks As) are their own sets, in that order. Immutable; about 10 bytes a set (hold'em:
// 1326 sets, games with three hole cards at most 22,100).
class HoleSets {
 public:
  explicit HoleSets(const GameDef& game);

  int size() const { return size_; }
  int cards_per_set() const { return per_set_; }
  // The cards of set `index`, in increasing card order.
  absl::Span<const Card> cards(int index) const {
    return absl::MakeConstSpan(cards_.data() + static_cast<size_t>(index) * per_set_, per_set_);
  }
  CardSet mask(int index) const { return masks_[index]; }
  // The index of a set of cards (any order); -1 when a card repeats, is not in the deck, or the
  // count is not cards_per_set().
  int IndexOf(absl::Span<const Card> cards) const;

 private:
  int per_set_ = 0;
  int size_ = 0;
  std::vector<Card> cards_;
  std::vector<CardSet> masks_;
  std::vector<int8_t> deck_position_;  // by card index; -1: not in the deck
};

// A player's strategy at one decision for every hole-card set it could hold: the distinct actions
// it may take (each legal in the state, as State records it: a raise as its raise-to total, in
// limit games too) and, per hole-card set of HoleSets(game) and action, the probability of that
// action. Each row of a set that shares no card with the visible board sums to 1; rows of sets
// that do are not read (a player may leave any values there). Reused between calls: Reset keeps
// the vectors' capacity, so a caller that reports many times allocates only at first.
struct StrategyReport {
  std::vector<Action> actions;
  std::vector<double> probabilities;  // [set * actions.size() + action]
  // The sets whose rows the caller will read (nonzero), set by the caller before it asks (a best
  // response: the sets its tracked range still holds); empty: every set. A player whose report
  // costs much per set (the agent's `search`: a search each) may leave the other rows at 0.
  std::vector<uint8_t> wanted;

  bool Wanted(int set) const { return wanted.empty() || wanted[set] != 0; }

  int num_actions() const { return static_cast<int>(actions.size()); }
  double at(int set, int action) const {
    return probabilities[static_cast<size_t>(set) * actions.size() + action];
  }
  double& at(int set, int action) {
    return probabilities[static_cast<size_t>(set) * actions.size() + action];
  }
  // The index of `action` among `actions`, or -1.
  int IndexOf(const Action& action) const;
  // Sets the actions and zeroes num_sets rows of probabilities.
  void Reset(absl::Span<const Action> new_actions, int num_sets);
  // Adds `action` when it is not there yet; returns its index. Call before Resize.
  int AddAction(const Action& action);
  // Zeroes num_sets rows for the current actions.
  void ZeroRows(int num_sets);
};

// The action `action` becomes in `state` as the dealer plays it (State::Normalize) and as State
// records it (a limit raise as its raise-to total): what a report's actions and a played action
// are compared as. `state` must not be finished.
Action RecordedAction(const State& state, const Action& action);

}  // namespace poker

#endif  // POKER_STRATEGY_REPORT_H_
