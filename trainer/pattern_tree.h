// A per-street opponent pattern tree (003 section 2.1, SPEC 5): action sequences within a street
// with how often the modelled player was at each, and the player's decisions there, overall and
// per strength bucket of its cards.
#ifndef TRAINER_PATTERN_TREE_H_
#define TRAINER_PATTERN_TREE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/types/span.h"
#include "trainer/action_abstraction.h"
#include "trainer/strength_buckets.h"

namespace trainer {

// A node's action sequence from its street's root, packed in 64 bits. Step i (0-based) sits in
// bits [59 - 5i, 64 - 5i) as 1 + code, code = abstract action * 2 + (1 if the modelled player
// took it); bits 0..3 hold the depth. With the first step in the top bits and unused steps zero,
// integer order is lexicographic path order with a parent before its children, which is the
// order of nodes in the model file.
class PathKey {
 public:
  static constexpr int kMaxDepth = 12;

  constexpr PathKey() = default;  // the root
  static constexpr PathKey FromBits(uint64_t bits) { return PathKey(bits); }

  int depth() const { return static_cast<int>(bits_ & 15); }
  // The path extended by one action (depth() < kMaxDepth).
  PathKey Child(AbstractAction action, bool own) const {
    const int d = depth();
    const uint64_t code = 1 + uint64_t{action} * 2 + (own ? 1 : 0);
    return PathKey(((bits_ & ~uint64_t{15}) | code << (59 - 5 * d)) | uint64_t(d + 1));
  }
  // The first `depth` steps (all of them if the path is shorter).
  PathKey Prefix(int depth) const;
  // The path without its first `steps` steps (the root when it has no more).
  PathKey Tail(int steps) const {
    if (steps <= 0) return *this;
    if (steps >= depth()) return PathKey();
    return PathKey(((bits_ & ~uint64_t{15}) << (5 * steps)) | uint64_t(depth() - steps));
  }
  // Step i's code: action * 2 + own.
  uint32_t code(int i) const { return static_cast<uint32_t>((bits_ >> (59 - 5 * i)) & 31) - 1; }
  AbstractAction action(int i) const { return static_cast<AbstractAction>(code(i) >> 1); }
  bool own(int i) const { return code(i) & 1; }
  uint64_t bits() const { return bits_; }

  // "root" or the steps as "me:call other:r<0.6 ...".
  std::string ToString(const ActionAbstraction& abstraction) const;

  bool operator==(const PathKey& other) const = default;
  bool operator<(const PathKey& other) const { return bits_ < other.bits_; }

 private:
  constexpr explicit PathKey(uint64_t bits) : bits_(bits) {}
  uint64_t bits_ = 0;
};

// One action of a street as the tree walk needs it.
struct StreetAction {
  uint8_t actor = 0;  // position in the hand
  AbstractAction action = kCheck;
};

class PatternTree;

// Read-only counts of one node; a view of an absent node reads as all zeros. Valid while the
// tree is not modified.
class NodeView {
 public:
  NodeView() = default;

  // False for a node never observed (all counts zero).
  bool found() const { return found_; }
  PathKey path() const { return path_; }
  // How often the modelled player was at this node.
  uint64_t times() const { return times_; }
  // The modelled player's decisions here with action `action`, cards known or not.
  uint64_t action_count(AbstractAction action) const {
    return decisions_ != nullptr ? decisions_[action] : 0;
  }
  // Sum of action_count over actions.
  uint64_t decisions() const;
  // Decisions with action `action` while holding cards of strength bucket `bucket`.
  uint64_t bucket_action_count(int bucket, AbstractAction action) const {
    return decisions_ != nullptr && num_buckets_ > 0
               ? decisions_[num_actions_ * (1 + bucket) + action]
               : 0;
  }
  // Sum of bucket_action_count over actions.
  uint64_t bucket_decisions(int bucket) const;
  int num_actions() const { return num_actions_; }
  int num_buckets() const { return num_buckets_; }

 private:
  friend class PatternTree;
  NodeView(PathKey path, bool found, uint64_t times, const uint64_t* decisions, int num_actions,
           int num_buckets)
      : path_(path),
        found_(found),
        times_(times),
        decisions_(decisions),
        num_actions_(num_actions),
        num_buckets_(num_buckets) {}

  PathKey path_;
  bool found_ = false;
  uint64_t times_ = 0;
  const uint64_t* decisions_ = nullptr;  // actions[A], buckets[B][A]; null: no decision here
  int num_actions_ = 0;
  int num_buckets_ = 0;
};

// The tree of one street for one player (or the population).
//
// Update rule (AddStreet), 003's walk extended so that `times` means "the modelled player was
// at this node": for a street the player starts able to act in (not folded, not all-in) and in
// which at least one action was taken,
//   1. the root's times += 1;
//   2. for each action of the street in order, by any player: if the modelled player took it,
//      its decision is counted at the current node (action_count, and bucket_action_count when
//      its bucket is known); then the current node moves to the child for (action, own) and
//      that child's times += 1;
//   3. the walk stops after the modelled player folds (it is no longer at any later node).
// So the root and the nodes reached by the player's own actions are counted exactly as in 003
// (a child reached by own action a has times = the parent's action_count(a)), and nodes reached
// by others' actions count the hands in which the player was there; a child's times never
// exceeds its parent's.
// Depth cap: nodes are at most max_depth actions deep. Actions beyond the cap do not create
// nodes; the player's decisions there are counted at the node of depth max_depth (so, there
// only, decisions() may exceed times()), and Lookup truncates a longer path the same way.
// Not thread-safe for concurrent modification; const methods may run concurrently.
class PatternTree {
 public:
  PatternTree(int num_actions, int num_buckets, int max_depth);

  int num_actions() const { return num_actions_; }
  int num_buckets() const { return num_buckets_; }
  int max_depth() const { return max_depth_; }
  int num_nodes() const { return static_cast<int>(paths_.size()); }

  // The node for the action sequence so far in the street (truncated to max_depth).
  NodeView Lookup(PathKey path) const;
  NodeView Root() const { return Lookup(PathKey()); }
  // Node i in insertion order; SortedNodes() lists indices in path order.
  NodeView Node(int index) const;
  std::vector<int> SortedNodes() const;

  // Counts one street of one hand for the modelled `position` (the update rule above).
  // `bucket` is the strength bucket of its cards on this street, or kNoBucket if unknown.
  // `start` is the path the street begins at: the root, or its street-context step.
  void AddStreet(absl::Span<const StreetAction> actions, int position, uint8_t bucket,
                 PathKey start = PathKey());

  // Raw additions (for loading and merging): a node's times and decision counts.
  void AddTimes(PathKey path, uint64_t times);
  void AddDecisions(PathKey path, AbstractAction action, uint64_t count);
  void AddBucketDecisions(PathKey path, int bucket, AbstractAction action, uint64_t count);

  // Adds every count of `other` (same shape required).
  absl::Status Merge(const PatternTree& other);

 private:
  int FindOrAdd(PathKey path);
  // The decision counts of a node, allocated (zero) on first use.
  uint64_t* Decisions(int node);

  int num_actions_;
  int num_buckets_;
  int max_depth_;
  int block_size_;                            // A + B * A: the decision counts of one node
  absl::flat_hash_map<uint64_t, int> index_;  // path bits -> node index
  std::vector<PathKey> paths_;                // per node
  std::vector<uint64_t> times_;               // per node
  // Per node, the start of its decision counts in decisions_, or -1: the many nodes where the
  // player never acted (only others act next, or the street ended) take no room.
  std::vector<int32_t> block_;
  std::vector<uint64_t> decisions_;  // blocks of actions[A], buckets[B][A]
};

// Street context: the first step of a street's path when the model separates streets by what
// happened before them, as a step that no real street begins with (every path of such a tree
// starts with it). The root when `round` is 0 or `version` is 0 (no context).
// Version 1: the raises (raise classes and all-in) of the earlier streets, 0, 1 or 2 and more,
//   as the step (action 0, 1 or 2, own).
// Version 2: also who made the last of those raises and whether the previous street had one:
//   no raise before: (0, not own); on the turn and river after a street with a raise:
//   (3, own = the modelled player made the last raise); otherwise one raise (1, own), two or
//   more (2, own). So the preflop raiser and its caller do not share flop nodes, nor a turn
//   after a flop bet and one after a checked flop. The step's action stays below 4, the fewest
//   abstract actions a game has (limit), so every game's model file can hold it.
inline constexpr int kStreetContextVersion = 2;
inline PathKey StreetContext(int raises_before, bool last_raise_own, int round, int version,
                             bool previous_raised) {
  if (version <= 0 || round == 0) return PathKey();
  if (version == 1) {
    return PathKey().Child(static_cast<AbstractAction>(raises_before < 2 ? raises_before : 2),
                           true);
  }
  if (raises_before == 0) return PathKey().Child(0, false);
  if (round >= 2 && previous_raised) return PathKey().Child(3, last_raise_own);
  return PathKey().Child(static_cast<AbstractAction>(raises_before < 2 ? 1 : 2), last_raise_own);
}
// A context step's name for reports, e.g. "context: 1 raise, mine" (version 2: "no raise",
// "1 raise" or "2+ raises", or "raise last street", with who made the last one).
std::string StreetContextName(PathKey step, int version);
// Every first step a street-context path may have, of either version: context c is the step
// (action c / 2, own c % 2). Summing a node's counts over them gives the context-free node.
inline constexpr int kNumStreetContexts = 8;
inline PathKey StreetContextStep(int c) {
  return PathKey().Child(static_cast<AbstractAction>(c / 2), c % 2 == 1);
}

}  // namespace trainer

#endif  // TRAINER_PATTERN_TREE_H_
