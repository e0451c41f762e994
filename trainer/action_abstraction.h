// The action abstraction of the opponent model (SPEC 4, 000 eq. 4): fold, check, call, raises
// bucketed by their size relative to the pot, and all-in as its own class in no-limit games.
#ifndef TRAINER_ACTION_ABSTRACTION_H_
#define TRAINER_ACTION_ABSTRACTION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "logs_parser/hand_record.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace trainer {

// An abstract action index: 0 fold, 1 check, 2 call, then one index per raise class (3, 4, ...),
// then all-in when the abstraction has an all-in class. Indices are stable within one
// abstraction and are what the model file stores.
using AbstractAction = uint8_t;
inline constexpr AbstractAction kFold = 0;
inline constexpr AbstractAction kCheck = 1;
inline constexpr AbstractAction kCall = 2;
inline constexpr AbstractAction kFirstRaise = 3;
// Upper bound on num_actions(), so per-action arrays can live on the stack.
inline constexpr int kMaxAbstractActions = 12;
// Upper bound on raise-size edges (3 fixed actions + edges + 1 classes + all-in <= 12).
inline constexpr int kMaxRaiseEdges = kMaxAbstractActions - 5;

// Maps concrete actions to abstract ones. A raise's size fraction is
//   f = (chips added beyond calling) / (pot after calling)
// in chips over chips; raise class i is the number of edges e with f >= e, so the default edges
// {0.6, 1.0} give "half pot" (f < 0.6), "3/4 pot" (0.6 <= f < 1) and "pot+" (f >= 1, a pot-sized
// bet included). An all-in raise is the all-in class (no-limit); a call that puts the caller
// all-in stays a call. Limit games have one raise class and no all-in class. Immutable;
// thread-safe.
class ActionAbstraction {
 public:
  // The project's default for a game: edges {0.6, 1.0} plus all-in (no-limit), one raise class
  // (limit).
  static ActionAbstraction ForGame(const poker::GameDef& game);
  // Custom raise edges: ascending, positive, at most kMaxRaiseEdges; `all_in_class` adds the
  // all-in index.
  static absl::StatusOr<ActionAbstraction> Create(std::vector<double> raise_edges,
                                                  bool all_in_class);

  // Number of abstract actions: 3 + raise classes + (all-in class ? 1 : 0).
  int num_actions() const { return num_actions_; }
  int num_raise_classes() const { return static_cast<int>(raise_edges_.size()) + 1; }
  bool has_all_in_class() const { return all_in_class_; }
  // The all-in index (only meaningful when has_all_in_class()).
  AbstractAction all_in() const { return static_cast<AbstractAction>(num_actions_ - 1); }
  const std::vector<double>& raise_edges() const { return raise_edges_; }
  // True for raise classes and all-in.
  static bool IsRaise(AbstractAction action) { return action >= kFirstRaise; }

  // Short name: "fold", "check", "call", "r<0.6", "r0.6-1", "r>=1" (or "raise" with one class),
  // "all-in".
  const std::string& Name(AbstractAction action) const { return names_[action]; }
  const std::vector<std::string>& names() const { return names_; }

  // The raise class of a raise adding `beyond_call` chips over the call into a pot of
  // `pot_after_call` chips.
  AbstractAction RaiseClass(int64_t beyond_call, int64_t pot_after_call) const;
  // The abstract action of a logged action (its betting arithmetic as the log replay computed).
  AbstractAction Classify(const logs_parser::ActionRecord& action) const;
  // The abstract action of `action` taken by the player to act in `state` (before it is
  // applied); `action` must be legal there (apply State::Normalize first).
  AbstractAction Classify(const poker::State& state, const poker::Action& action) const;

  bool operator==(const ActionAbstraction& other) const {
    return raise_edges_ == other.raise_edges_ && all_in_class_ == other.all_in_class_;
  }

 private:
  ActionAbstraction(std::vector<double> raise_edges, bool all_in_class);

  std::vector<double> raise_edges_;
  bool all_in_class_ = false;
  int num_actions_ = 0;
  std::vector<std::string> names_;
};

}  // namespace trainer

#endif  // TRAINER_ACTION_ABSTRACTION_H_
