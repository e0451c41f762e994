// The abstract betting tree the solver works on (SPEC 13): for limit games the real game's
// betting, for no-limit an action abstraction (fold, call, raises to fractions of the pot, all-in,
// at most a few abstract raises per round). Built once from poker::State; nodes are numbered and
// every decision node owns a block of NumBuckets(round) * num_actions entries in the solver's flat
// arrays. MapHistory finds the abstract node for a real hand's betting (for playing), translating
// off-tree raises with the pseudo-harmonic mapping.
#ifndef SOLVER_BETTING_TREE_H_
#define SOLVER_BETTING_TREE_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "poker/rng.h"
#include "poker/state.h"
#include "solver/card_abstraction.h"

namespace solver {

inline constexpr int kMaxTreeActions = 8;

// The no-limit action abstraction. Ignored for limit games.
struct ActionAbstraction {
  // Raise sizes as fractions of the pot after calling: raise to max_spent + f * (pot + to_call).
  std::vector<double> pot_fractions = {0.5, 1.0, 2.0};
  bool all_in = true;
  // Abstract raises allowed per round (the real game's cap applies too); past it only all-in
  // (when `all_in`).
  int max_raises = 2;

  // "nl:0.5,1,2:allin:cap2:v2" (no-limit) or "limit"; written into strategy files.
  std::string Name(const poker::GameDef& game) const;
};

// Parses "0.5,1,2" (pot fractions, each in (0, 100], no empty item) or "none" (no sized raises)
// into `out->pot_fractions`.
absl::Status ParsePotFractions(absl::string_view text, ActionAbstraction* out);

// What an edge of the tree does, independent of chip amounts (for making our own bets legal in a
// real state that differs from the abstract one).
enum class EdgeKind : uint8_t { kFold, kCall, kRaiseFraction, kAllIn, kLimitRaise };

struct Edge {
  EdgeKind kind = EdgeKind::kCall;
  float fraction = 0;    // kRaiseFraction: the pot fraction
  poker::Action action;  // the action in the abstract state
};

struct Node {
  int8_t player = -1;  // to act; -1 at a terminal
  int8_t round = 0;
  uint8_t num_actions = 0;
  bool showdown = false;     // terminal: reached a showdown (else one player is left)
  uint16_t folded_mask = 0;  // terminal: bit p = position p folded
  int32_t first_child = 0;   // decision: children are first_child .. first_child+num_actions-1
  int64_t offset = 0;        // decision: first entry in the flat arrays
  std::array<int32_t, 2> spent2{};  // 2-player games: chips put in (terminal: fast payoff)
  int32_t terminal = -1;            // terminal: index into spent()
};

class BettingTree {
 public:
  // Builds the tree for `game` (limit: the real betting; no-limit: `actions`, 2 players with
  // equal stacks). An error when the tree would exceed `max_nodes`.
  static absl::StatusOr<BettingTree> Build(const poker::GameDef& game,
                                           const ActionAbstraction& actions,
                                           const CardAbstraction& cards,
                                           int64_t max_nodes = 20'000'000);

  const poker::GameDef& game() const { return game_; }
  const ActionAbstraction& actions() const { return actions_; }
  std::string Name() const { return actions_.Name(game_); }
  int num_nodes() const { return static_cast<int>(nodes_.size()); }
  const Node& node(int i) const { return nodes_[i]; }
  const Edge& edge(int child) const { return edges_[child]; }  // the edge into `child`
  int64_t num_entries() const { return num_entries_; }
  int64_t num_infosets() const { return num_infosets_; }
  int num_decision_nodes() const { return num_decision_nodes_; }
  // Chips each position put in at terminal `t` (node.terminal).
  const int32_t* spent(int t) const { return &terminal_spent_[t * game_.num_players]; }

  // The abstract node for the betting of `state` (a real hand in progress): every action walked
  // from the root; a real raise between two abstract raise sizes goes to one of them by the
  // pseudo-harmonic mapping, drawn from `rng`. When the real betting leaves the tree (a raise
  // where the tree has none, or the tree ended), the walk stops and `*in_tree` is false; the
  // returned node is the last one matched.
  int MapHistory(const poker::State& state, poker::Rng* rng, bool* in_tree) const;

  // For a real state the tree does not reach (MapHistory's `in_tree` false, 2-player games): the
  // decision node of the same round and player, facing a bet when the real player does, whose
  // pot and bet to call (as a share of the pot) are nearest the real ones:
  // min |ln(pot / real pot)| + 2 |to_call / pot - real to_call / real pot|. -1 when there is
  // none (or the game has more than 2 players).
  int NearestNode(const poker::State& state) const;

  // The real action for edge `child` at `state` (whose player is to act): fold/call as such, a
  // raise sized by the edge's kind in the real state and made legal (clamped into the raise
  // range; a raise that cannot be made becomes a call, a fold with nothing to call a call).
  static poker::Action RealAction(const Edge& edge, const poker::State& state);

 private:
  void Fill(int index, const poker::State& state, const CardAbstraction& cards, int64_t max_nodes,
            absl::Status* status);

  poker::GameDef game_;
  ActionAbstraction actions_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;  // indexed by child node
  std::vector<int32_t> terminal_spent_;
  int64_t num_entries_ = 0;
  int64_t num_infosets_ = 0;
  int num_decision_nodes_ = 0;
};

// The pot fraction a raise to `raise_to` makes in `state` (before the raise):
// (raise_to - max_spent) / (pot + to_call).
double RaiseFraction(const poker::State& state, int32_t raise_to);

}  // namespace solver

#endif  // SOLVER_BETTING_TREE_H_
