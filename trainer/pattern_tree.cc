#include "trainer/pattern_tree.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"

namespace trainer {

PathKey PathKey::Prefix(int depth) const {
  if (depth >= this->depth()) return *this;
  if (depth <= 0) return PathKey();
  // Keep the top 5 * depth bits (the first `depth` steps) and write the new depth.
  const uint64_t steps = bits_ & ~((uint64_t{1} << (64 - 5 * depth)) - 1);
  return PathKey(steps | uint64_t(depth));
}

std::string PathKey::ToString(const ActionAbstraction& abstraction) const {
  if (depth() == 0) return "root";
  std::string text;
  for (int i = 0; i < depth(); ++i) {
    if (i > 0) text += ' ';
    absl::StrAppend(&text, own(i) ? "me:" : "other:", abstraction.Name(action(i)));
  }
  return text;
}

std::string StreetContextName(PathKey step, int version) {
  const int a = step.depth() > 0 ? step.action(0) : 0;
  if (version == 1)
    return absl::StrCat("context: ", a == 0 ? "no" : (a == 1 ? "1" : "2+"),
                        a == 1 ? " raise" : " raises");
  if (a == 0) return "context: no raise";
  return absl::StrCat(
      "context: ", a == 3 ? "raise last street" : (a == 1 ? "1 raise" : "2+ raises"),
      step.own(0) ? ", mine" : ", another's");
}

uint64_t NodeView::decisions() const {
  if (decisions_ == nullptr) return 0;
  uint64_t sum = 0;
  for (int a = 0; a < num_actions_; ++a) sum += action_count(static_cast<AbstractAction>(a));
  return sum;
}

uint64_t NodeView::bucket_decisions(int bucket) const {
  if (decisions_ == nullptr || num_buckets_ == 0) return 0;
  uint64_t sum = 0;
  for (int a = 0; a < num_actions_; ++a) {
    sum += bucket_action_count(bucket, static_cast<AbstractAction>(a));
  }
  return sum;
}

PatternTree::PatternTree(int num_actions, int num_buckets, int max_depth)
    : num_actions_(num_actions),
      num_buckets_(num_buckets),
      max_depth_(std::min(max_depth, PathKey::kMaxDepth)),
      block_size_(num_actions + num_buckets * num_actions) {}

NodeView PatternTree::Lookup(PathKey path) const {
  path = path.Prefix(max_depth_);
  auto it = index_.find(path.bits());
  if (it == index_.end()) return NodeView(path, false, 0, nullptr, num_actions_, num_buckets_);
  return Node(it->second);
}

NodeView PatternTree::Node(int index) const {
  const int32_t block = block_[index];
  return NodeView(paths_[index], true, times_[index],
                  block < 0 ? nullptr : &decisions_[static_cast<size_t>(block)], num_actions_,
                  num_buckets_);
}

std::vector<int> PatternTree::SortedNodes() const {
  std::vector<int> order(paths_.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [this](int a, int b) { return paths_[a] < paths_[b]; });
  return order;
}

int PatternTree::FindOrAdd(PathKey path) {
  auto [it, inserted] = index_.try_emplace(path.bits(), static_cast<int>(paths_.size()));
  if (inserted) {
    paths_.push_back(path);
    times_.push_back(0);
    block_.push_back(-1);
  }
  return it->second;
}

uint64_t* PatternTree::Decisions(int node) {
  if (block_[node] < 0) {
    block_[node] = static_cast<int32_t>(decisions_.size());
    decisions_.resize(decisions_.size() + block_size_, 0);
  }
  return &decisions_[static_cast<size_t>(block_[node])];
}

void PatternTree::AddStreet(absl::Span<const StreetAction> actions, int position, uint8_t bucket,
                            PathKey start) {
  PathKey path = start.depth() <= max_depth_ ? start : PathKey();
  int node = FindOrAdd(path);
  ++times_[node];
  const bool bucket_known = bucket != kNoBucket && bucket < num_buckets_;
  for (const StreetAction& step : actions) {
    const bool own = step.actor == position;
    if (own) {
      uint64_t* decisions = Decisions(node);
      ++decisions[step.action];
      if (bucket_known) ++decisions[num_actions_ * (1 + bucket) + step.action];
    }
    if (path.depth() < max_depth_) {
      path = path.Child(step.action, own);
      node = FindOrAdd(path);
      ++times_[node];
    }
    if (own && step.action == kFold) break;
  }
}

void PatternTree::AddTimes(PathKey path, uint64_t times) { times_[FindOrAdd(path)] += times; }

void PatternTree::AddDecisions(PathKey path, AbstractAction action, uint64_t count) {
  if (count == 0) return;
  Decisions(FindOrAdd(path))[action] += count;
}

void PatternTree::AddBucketDecisions(PathKey path, int bucket, AbstractAction action,
                                     uint64_t count) {
  if (count == 0) return;
  Decisions(FindOrAdd(path))[num_actions_ * (1 + bucket) + action] += count;
}

absl::Status PatternTree::Merge(const PatternTree& other) {
  if (other.num_actions_ != num_actions_ || other.num_buckets_ != num_buckets_ ||
      other.max_depth_ != max_depth_) {
    return absl::InvalidArgumentError(absl::StrCat("pattern trees differ in shape: ", num_actions_,
                                                   " actions, ", num_buckets_, " buckets, depth ",
                                                   max_depth_, " vs ", other.num_actions_, ", ",
                                                   other.num_buckets_, ", ", other.max_depth_));
  }
  for (int i = 0; i < other.num_nodes(); ++i) {
    const int node = FindOrAdd(other.paths_[i]);
    times_[node] += other.times_[i];
    if (other.block_[i] < 0) continue;
    const uint64_t* from = &other.decisions_[static_cast<size_t>(other.block_[i])];
    uint64_t* to = Decisions(node);
    for (int j = 0; j < block_size_; ++j) to[j] += from[j];
  }
  return absl::OkStatus();
}

}  // namespace trainer
