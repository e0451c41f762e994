#include "solver/betting_tree.h"

#include <algorithm>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "solver/action_translation.h"

namespace solver {

std::string ActionAbstraction::Name(const poker::GameDef& game) const {
  if (!game.is_no_limit()) return "limit";
  std::vector<std::string> parts;
  for (double f : pot_fractions) parts.push_back(absl::StrCat(f));
  // v2: all-in stays available past the raise cap.
  return absl::StrCat("nl:", absl::StrJoin(parts, ","), all_in ? ":allin" : "", ":cap", max_raises,
                      ":v2");
}

absl::Status ParsePotFractions(absl::string_view text, ActionAbstraction* out) {
  std::vector<double> fractions;
  // "none": no sized raises. Anything else is a list with no empty item (",", "1,,2" and "" were
  // once read as no raises at all, silently).
  const std::vector<absl::string_view> parts =
      text == "none" ? std::vector<absl::string_view>{}
                     : std::vector<absl::string_view>(absl::StrSplit(text, ','));
  for (absl::string_view part : parts) {
    double f = 0;
    if (!absl::SimpleAtod(part, &f) || !(f > 0 && f <= 100)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad pot fraction '", part, "' in '", text,
                       "' (want numbers in (0, 100] separated by commas, or none)"));
    }
    fractions.push_back(f);
  }
  if (fractions.size() + 3 > kMaxTreeActions) {
    return absl::InvalidArgumentError(
        absl::StrCat("too many pot fractions in '", text, "' (at most ", kMaxTreeActions - 3, ")"));
  }
  std::sort(fractions.begin(), fractions.end());
  fractions.erase(std::unique(fractions.begin(), fractions.end()), fractions.end());
  out->pot_fractions = fractions;
  return absl::OkStatus();
}

double RaiseFraction(const poker::State& state, int32_t raise_to) {
  const int p = state.CurrentPlayer();
  const double to_call = state.max_spent() - state.spent(p);
  return (raise_to - state.max_spent()) / std::max(1.0, state.pot() + to_call);
}

namespace {

// The abstract actions at `state`, in a fixed order: fold, call, raises by increasing size.
int AbstractEdges(const poker::State& state, const ActionAbstraction& abstraction,
                  std::array<Edge, kMaxTreeActions>* edges) {
  int n = 0;
  if (state.CanFold()) (*edges)[n++] = {EdgeKind::kFold, 0, poker::Action::Fold()};
  (*edges)[n++] = {EdgeKind::kCall, 0, poker::Action::Call()};
  int32_t min_to = 0, max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return n;
  if (!state.game().is_no_limit()) {
    (*edges)[n++] = {EdgeKind::kLimitRaise, 0, poker::Action::Raise(min_to)};
    return n;
  }
  if (state.num_raises(state.round()) >= abstraction.max_raises) {
    // Past the cap only all-in is left, so that an opponent's further raise still maps onto a
    // raise of the tree (the all-in) instead of leaving it.
    if (abstraction.all_in) (*edges)[n++] = {EdgeKind::kAllIn, 0, poker::Action::Raise(max_to)};
    return n;
  }
  const int first_raise = n;
  const int p = state.CurrentPlayer();
  const double pot_after_call = state.pot() + (state.max_spent() - state.spent(p));
  for (double f : abstraction.pot_fractions) {
    const double to = state.max_spent() + f * pot_after_call;
    const int32_t raise_to =
        static_cast<int32_t>(std::clamp<double>(std::round(to), min_to, max_to));
    if (raise_to >= max_to && abstraction.all_in) break;  // the all-in edge covers it
    bool seen = false;
    for (int i = first_raise; i < n; ++i) seen |= (*edges)[i].action.raise_to == raise_to;
    if (!seen) {
      (*edges)[n++] = {EdgeKind::kRaiseFraction, static_cast<float>(f),
                       poker::Action::Raise(raise_to)};
    }
  }
  if (abstraction.all_in) (*edges)[n++] = {EdgeKind::kAllIn, 0, poker::Action::Raise(max_to)};
  return n;
}

}  // namespace

absl::StatusOr<BettingTree> BettingTree::Build(const poker::GameDef& game,
                                               const ActionAbstraction& actions,
                                               const CardAbstraction& cards, int64_t max_nodes) {
  if (game.num_players > 16) return absl::InvalidArgumentError("too many players for the solver");
  // What a node can hold (a strategy file's header names the abstraction: checked here, not only
  // where a command line is parsed).
  if (actions.pot_fractions.size() + 3 > static_cast<size_t>(kMaxTreeActions) ||
      actions.max_raises < 0 || actions.max_raises > 255) {
    return absl::InvalidArgumentError(
        absl::StrCat("betting abstraction out of range: ", actions.pot_fractions.size(),
                     " pot fractions (at most ", kMaxTreeActions - 3, "), ", actions.max_raises,
                     " raises a round (0..255)"));
  }
  for (double f : actions.pot_fractions) {
    if (!(f > 0 && f <= 100)) {
      return absl::InvalidArgumentError(
          absl::StrCat("betting abstraction out of range: pot fraction ", f, " (want (0, 100])"));
    }
  }
  if (game.is_no_limit()) {
    if (game.num_players != 2 || game.stack[0] != game.stack[1]) {
      return absl::InvalidArgumentError(
          "the solver handles no-limit games for 2 players with equal stacks only");
    }
  }
  BettingTree tree;
  tree.game_ = game;
  tree.actions_ = actions;
  tree.nodes_.emplace_back();
  tree.edges_.emplace_back();
  absl::Status status;
  poker::State root(tree.game_, 0);
  tree.Fill(0, root, cards, max_nodes, &status);
  if (!status.ok()) return status;
  return tree;
}

void BettingTree::Fill(int index, const poker::State& state, const CardAbstraction& cards,
                       int64_t max_nodes, absl::Status* status) {
  if (!status->ok()) return;
  Node node;
  node.round = static_cast<int8_t>(state.round());
  if (state.finished()) {
    node.showdown = state.IsShowdown();
    for (int p = 0; p < game_.num_players; ++p) {
      if (state.folded(p)) node.folded_mask |= 1u << p;
      terminal_spent_.push_back(state.spent(p));
      if (p < 2) node.spent2[p] = state.spent(p);
    }
    node.terminal = static_cast<int32_t>(terminal_spent_.size() / game_.num_players - 1);
    nodes_[index] = node;
    return;
  }
  std::array<Edge, kMaxTreeActions> edges;
  const int n = AbstractEdges(state, actions_, &edges);
  node.player = static_cast<int8_t>(state.CurrentPlayer());
  for (int p = 0; p < std::min(game_.num_players, 2); ++p) node.spent2[p] = state.spent(p);
  node.num_actions = static_cast<uint8_t>(n);
  node.first_child = static_cast<int32_t>(nodes_.size());
  node.offset = num_entries_;
  num_entries_ += int64_t{cards.NumBuckets(state.round())} * n;
  num_infosets_ += cards.NumBuckets(state.round());
  ++num_decision_nodes_;
  nodes_[index] = node;
  if (static_cast<int64_t>(nodes_.size()) + n > max_nodes) {
    *status = absl::ResourceExhaustedError(
        absl::StrCat("the betting tree has more than ", max_nodes,
                     " nodes: use fewer pot fractions or a lower raise cap"));
    return;
  }
  for (int i = 0; i < n; ++i) {
    nodes_.emplace_back();
    edges_.push_back(edges[i]);
  }
  for (int i = 0; i < n; ++i) {
    poker::State child = state;
    if (absl::Status s = child.Apply(edges[i].action); !s.ok()) {
      *status = absl::InternalError(absl::StrCat("betting tree: ", s.message()));
      return;
    }
    Fill(node.first_child + i, child, cards, max_nodes, status);
  }
}

int BettingTree::MapHistory(const poker::State& state, poker::Rng* rng, bool* in_tree) const {
  *in_tree = true;
  poker::State real(game_, state.hand_number());
  int current = 0;
  for (int r = 0; r <= state.round(); ++r) {
    for (int i = 0; i < state.num_actions(r); ++i) {
      const Node& node = nodes_[current];
      const poker::Action& action = state.action(r, i);
      if (node.player < 0 || node.player != real.CurrentPlayer()) {
        *in_tree = false;
        return current;
      }
      int chosen = -1;
      int lower = -1, upper = -1;  // neighbouring raise edges
      double lower_f = 0, upper_f = 0;
      const double x =
          action.type == poker::ActionType::kRaise ? RaiseFraction(real, action.raise_to) : 0;
      for (int a = 0; a < node.num_actions; ++a) {
        const Edge& edge = edges_[node.first_child + a];
        if (action.type == poker::ActionType::kFold && edge.kind == EdgeKind::kFold) chosen = a;
        if (action.type == poker::ActionType::kCall && edge.kind == EdgeKind::kCall) chosen = a;
        if (action.type != poker::ActionType::kRaise) continue;
        if (edge.kind == EdgeKind::kLimitRaise) chosen = a;
        if (edge.kind != EdgeKind::kRaiseFraction && edge.kind != EdgeKind::kAllIn) continue;
        // The edge's size in the real state.
        const double f = RaiseFraction(real, RealAction(edge, real).raise_to);
        if (f <= x && (lower < 0 || f >= lower_f)) lower = a, lower_f = f;
        if (f >= x && (upper < 0 || f < upper_f)) upper = a, upper_f = f;
      }
      if (action.type == poker::ActionType::kRaise && chosen < 0) {
        if (lower < 0) {
          chosen = upper;
        } else if (upper < 0 || upper_f <= lower_f) {
          chosen = lower;
        } else {
          const double p_lower = PseudoHarmonicLowerProbability(lower_f, upper_f, x);
          chosen = rng->Uniform() < p_lower ? lower : upper;
        }
      }
      if (chosen < 0) {
        *in_tree = false;
        return current;
      }
      if (!real.Apply(action).ok()) {
        *in_tree = false;
        return current;
      }
      current = node.first_child + chosen;
    }
  }
  if (nodes_[current].player != state.CurrentPlayer()) *in_tree = false;
  return current;
}

int BettingTree::NearestNode(const poker::State& state) const {
  if (game_.num_players != 2 || state.finished()) return -1;
  const int me = state.CurrentPlayer();
  const double real_pot = state.spent(0) + state.spent(1);
  const double real_call = state.spent(1 - me) - state.spent(me);
  const bool real_facing = real_call > 0;
  int best = -1;
  double best_distance = 0;
  for (int i = 0; i < num_nodes(); ++i) {
    const Node& node = nodes_[i];
    if (node.player != me || node.round != state.round()) continue;
    const double pot = node.spent2[0] + node.spent2[1];
    const double call = node.spent2[1 - me] - node.spent2[me];
    if ((call > 0) != real_facing) continue;
    const double distance =
        std::abs(std::log(pot / real_pot)) + 2 * std::abs(call / pot - real_call / real_pot);
    if (best < 0 || distance < best_distance) best = i, best_distance = distance;
  }
  return best;
}

poker::Action BettingTree::RealAction(const Edge& edge, const poker::State& state) {
  switch (edge.kind) {
    case EdgeKind::kFold:
      return state.CanFold() ? poker::Action::Fold() : poker::Action::Call();
    case EdgeKind::kCall:
      return poker::Action::Call();
    default:
      break;
  }
  int32_t min_to = 0, max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return poker::Action::Call();
  if (edge.kind == EdgeKind::kLimitRaise || !state.game().is_no_limit()) {
    return poker::Action::Raise(min_to);
  }
  if (edge.kind == EdgeKind::kAllIn) return poker::Action::Raise(max_to);
  const int p = state.CurrentPlayer();
  const double pot_after_call = state.pot() + (state.max_spent() - state.spent(p));
  const double to = state.max_spent() + edge.fraction * pot_after_call;
  return poker::Action::Raise(
      static_cast<int32_t>(std::clamp<double>(std::round(to), min_to, max_to)));
}

}  // namespace solver
