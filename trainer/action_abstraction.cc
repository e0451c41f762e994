#include "trainer/action_abstraction.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace trainer {
namespace {

// "0.6", "1", "1.25": the shortest text that names an edge in a column header.
std::string EdgeText(double edge) { return absl::StrCat(edge); }

}  // namespace

ActionAbstraction::ActionAbstraction(std::vector<double> raise_edges, bool all_in_class)
    : raise_edges_(std::move(raise_edges)), all_in_class_(all_in_class) {
  num_actions_ = 3 + num_raise_classes() + (all_in_class_ ? 1 : 0);
  names_ = {"fold", "check", "call"};
  if (raise_edges_.empty()) {
    names_.push_back("raise");
  } else {
    names_.push_back(absl::StrCat("r<", EdgeText(raise_edges_.front())));
    for (size_t i = 1; i < raise_edges_.size(); ++i) {
      names_.push_back(
          absl::StrCat("r", EdgeText(raise_edges_[i - 1]), "-", EdgeText(raise_edges_[i])));
    }
    names_.push_back(absl::StrCat("r>=", EdgeText(raise_edges_.back())));
  }
  if (all_in_class_) names_.push_back("all-in");
}

ActionAbstraction ActionAbstraction::ForGame(const poker::GameDef& game) {
  if (game.is_no_limit()) return ActionAbstraction({0.6, 1.0}, true);
  return ActionAbstraction({}, false);
}

absl::StatusOr<ActionAbstraction> ActionAbstraction::Create(std::vector<double> raise_edges,
                                                            bool all_in_class) {
  if (static_cast<int>(raise_edges.size()) > kMaxRaiseEdges) {
    return absl::InvalidArgumentError(
        absl::StrCat("raise edges: ", raise_edges.size(), " given, at most ", kMaxRaiseEdges));
  }
  for (size_t i = 0; i < raise_edges.size(); ++i) {
    // Written as a negation so that NaN is refused too.
    if (!(raise_edges[i] > 0) || (i > 0 && !(raise_edges[i] > raise_edges[i - 1]))) {
      return absl::InvalidArgumentError(absl::StrCat(
          "raise edges must be positive and ascending; edge ", i, " is ", raise_edges[i]));
    }
  }
  return ActionAbstraction(std::move(raise_edges), all_in_class);
}

AbstractAction ActionAbstraction::RaiseClass(int64_t beyond_call, int64_t pot_after_call) const {
  // A pot can only be empty in degenerate games without blinds; treat such a raise as huge.
  const double fraction =
      pot_after_call > 0 ? static_cast<double>(beyond_call) / static_cast<double>(pot_after_call)
                         : 1e300;
  int raise_class = 0;
  for (double edge : raise_edges_) {
    if (fraction >= edge) ++raise_class;
  }
  return static_cast<AbstractAction>(kFirstRaise + raise_class);
}

AbstractAction ActionAbstraction::Classify(const logs_parser::ActionRecord& action) const {
  switch (action.kind) {
    case logs_parser::ActionKind::kFold:
      return kFold;
    case logs_parser::ActionKind::kCheck:
      return kCheck;
    case logs_parser::ActionKind::kCall:
      return kCall;
    case logs_parser::ActionKind::kAllIn:
      if (all_in_class_) return all_in();
      break;
    case logs_parser::ActionKind::kRaise:
      break;
  }
  const int64_t beyond_call = int64_t{action.raise_to} - action.spent_before - action.to_call;
  return RaiseClass(beyond_call, int64_t{action.pot_before} + action.to_call);
}

AbstractAction ActionAbstraction::Classify(const poker::State& state,
                                           const poker::Action& action) const {
  const int32_t to_call = state.AmountToCall();
  switch (action.type) {
    case poker::ActionType::kFold:
      return kFold;
    case poker::ActionType::kCall:
      return to_call > 0 ? kCall : kCheck;
    case poker::ActionType::kRaise:
      break;
  }
  const int player = state.CurrentPlayer();
  if (all_in_class_ && state.game().is_no_limit() &&
      action.raise_to >= state.game().stack[player]) {
    return all_in();
  }
  const int64_t beyond_call = int64_t{action.raise_to} - state.spent(player) - to_call;
  return RaiseClass(beyond_call, int64_t{state.pot()} + to_call);
}

}  // namespace trainer
