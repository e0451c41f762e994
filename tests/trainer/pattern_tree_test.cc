#include "trainer/pattern_tree.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace trainer {
namespace {

constexpr int kActions = 7;  // fold check call r<0.6 r0.6-1 r>=1 all-in
constexpr int kBuckets = 9;
constexpr AbstractAction kHalf = 3;
constexpr AbstractAction kPot = 5;

PathKey Path(std::initializer_list<std::pair<AbstractAction, bool>> steps) {
  PathKey path;
  for (const auto& [action, own] : steps) path = path.Child(action, own);
  return path;
}

TEST(PathKeyTest, PacksStepsInOrder) {
  const PathKey root;
  EXPECT_EQ(root.depth(), 0);
  EXPECT_EQ(root.bits(), 0u);
  const PathKey path = Path({{kCheck, false}, {kHalf, true}, {kCall, false}});
  EXPECT_EQ(path.depth(), 3);
  EXPECT_EQ(path.code(0), 2u);  // check by another: 1 * 2 + 0
  EXPECT_EQ(path.code(1), 7u);  // r<0.6 by the player: 3 * 2 + 1
  EXPECT_EQ(path.action(2), kCall);
  EXPECT_FALSE(path.own(2));
  EXPECT_TRUE(path.own(1));
  // Step codes + 1 in 5-bit groups from bit 59 down, depth in the low bits.
  EXPECT_EQ(path.bits(), (uint64_t{3} << 59) | (uint64_t{8} << 54) | (uint64_t{5} << 49) | 3);
  EXPECT_EQ(path.Prefix(1), Path({{kCheck, false}}));
  EXPECT_EQ(path.Prefix(0), root);
  EXPECT_EQ(path.Prefix(5), path);
  const ActionAbstraction abstraction = *ActionAbstraction::Create({0.6, 1.0}, true);
  EXPECT_EQ(path.ToString(abstraction), "other:check me:r<0.6 other:call");
  EXPECT_EQ(root.ToString(abstraction), "root");
}

TEST(PathKeyTest, OrderIsParentFirstThenLexicographic) {
  const PathKey a = Path({{kCheck, false}});
  const PathKey a_child = Path({{kCheck, false}, {kFold, true}});
  const PathKey b = Path({{kCheck, true}});
  const PathKey c = Path({{kCall, false}});
  EXPECT_LT(PathKey(), a);
  EXPECT_LT(a, a_child);
  EXPECT_LT(a_child, b);
  EXPECT_LT(b, c);
  PathKey deep;
  for (int i = 0; i < PathKey::kMaxDepth; ++i) deep = deep.Child(6, true);
  EXPECT_EQ(deep.depth(), PathKey::kMaxDepth);
  EXPECT_EQ(deep.action(PathKey::kMaxDepth - 1), 6);
  EXPECT_TRUE(deep.own(PathKey::kMaxDepth - 1));
}

// Position 0 is modelled. The street: 1 checks, 0 bets half pot, 1 raises pot, 0 calls.
TEST(PatternTreeTest, WalkCountsTimesAndOwnDecisions) {
  PatternTree tree(kActions, kBuckets, 6);
  const std::vector<StreetAction> street = {{1, kCheck}, {0, kHalf}, {1, kPot}, {0, kCall}};
  tree.AddStreet(street, 0, 4);
  tree.AddStreet(street, 0, kNoBucket);  // same actions, cards unknown
  EXPECT_EQ(tree.num_nodes(), 5);
  EXPECT_EQ(tree.Root().times(), 2u);
  EXPECT_EQ(tree.Root().decisions(), 0u);
  const NodeView after_check = tree.Lookup(Path({{kCheck, false}}));
  EXPECT_EQ(after_check.times(), 2u);
  EXPECT_EQ(after_check.action_count(kHalf), 2u);
  EXPECT_EQ(after_check.bucket_action_count(4, kHalf), 1u);
  EXPECT_EQ(after_check.bucket_decisions(4), 1u);
  EXPECT_EQ(after_check.bucket_decisions(3), 0u);
  const NodeView facing_raise = tree.Lookup(Path({{kCheck, false}, {kHalf, true}, {kPot, false}}));
  EXPECT_EQ(facing_raise.times(), 2u);
  EXPECT_EQ(facing_raise.action_count(kCall), 2u);
  EXPECT_EQ(
      tree.Lookup(Path({{kCheck, false}, {kHalf, true}, {kPot, false}, {kCall, true}})).times(),
      2u);
  EXPECT_FALSE(tree.Lookup(Path({{kCall, false}})).found());
  EXPECT_EQ(tree.Lookup(Path({{kCall, false}})).times(), 0u);
}

TEST(PatternTreeTest, WalkStopsWhenThePlayerFolds) {
  PatternTree tree(kActions, 0, 6);
  // 3 players: 0 folds, then 1 and 2 go on.
  tree.AddStreet({{0, kFold}, {1, kPot}, {2, kCall}}, 0, kNoBucket);
  EXPECT_EQ(tree.num_nodes(), 2);
  EXPECT_EQ(tree.Root().action_count(kFold), 1u);
  EXPECT_EQ(tree.Lookup(Path({{kFold, true}})).times(), 1u);
  // Modelled as player 1, the same street reaches every node.
  PatternTree other(kActions, 0, 6);
  other.AddStreet({{0, kFold}, {1, kPot}, {2, kCall}}, 1, kNoBucket);
  EXPECT_EQ(other.num_nodes(), 4);
  EXPECT_EQ(other.Lookup(Path({{kFold, false}})).action_count(kPot), 1u);
}

TEST(PatternTreeTest, DecisionsBeyondTheDepthCapCountAtTheCappedNode) {
  PatternTree tree(kActions, 0, 2);
  tree.AddStreet({{1, kCheck}, {0, kHalf}, {1, kPot}, {0, kCall}}, 0, kNoBucket);
  EXPECT_EQ(tree.num_nodes(), 3);  // root, other:check, other:check me:r<0.6
  const NodeView capped = tree.Lookup(Path({{kCheck, false}, {kHalf, true}}));
  EXPECT_EQ(capped.times(), 1u);
  EXPECT_EQ(capped.action_count(kCall), 1u);  // the call at depth 3
  // A deeper lookup lands on the capped node.
  const NodeView deeper = tree.Lookup(Path({{kCheck, false}, {kHalf, true}, {kPot, false}}));
  EXPECT_EQ(deeper.path(), capped.path());
  EXPECT_EQ(deeper.action_count(kCall), 1u);
}

TEST(PatternTreeTest, MergeAddsAndRefusesOtherShapes) {
  PatternTree a(kActions, kBuckets, 6);
  PatternTree b(kActions, kBuckets, 6);
  a.AddStreet({{0, kCheck}, {1, kCheck}}, 0, 2);
  b.AddStreet({{0, kCheck}, {1, kHalf}, {0, kFold}}, 0, 2);
  b.AddStreet({{1, kPot}, {0, kCall}}, 0, 5);
  ASSERT_TRUE(a.Merge(b).ok());
  EXPECT_EQ(a.Root().times(), 3u);
  EXPECT_EQ(a.Root().action_count(kCheck), 2u);
  EXPECT_EQ(a.Root().bucket_action_count(2, kCheck), 2u);
  EXPECT_EQ(a.Lookup(Path({{kPot, false}})).bucket_action_count(5, kCall), 1u);
  EXPECT_EQ(a.num_nodes(), 7);
  PatternTree shallow(kActions, kBuckets, 3);
  EXPECT_FALSE(a.Merge(shallow).ok());
  // Sorted nodes come parent first.
  const std::vector<int> order = a.SortedNodes();
  for (size_t i = 1; i < order.size(); ++i) {
    EXPECT_LT(a.Node(order[i - 1]).path(), a.Node(order[i]).path());
  }
}

}  // namespace
}  // namespace trainer
