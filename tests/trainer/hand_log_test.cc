// Training on a hand-made 10-hand log whose trees are worked out by hand below.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/trainer/ten_hands.h"
#include "tests/trainer/test_util.h"
#include "trainer/opponent_model.h"
#include "trainer/train.h"

namespace trainer {
namespace {

constexpr AbstractAction F = kFold, K = kCheck, C = kCall, H = 3, T = 4, P = 5, A = 6;

// A path from steps written as "m" (the modelled player) or "o" (another) and an action.
PathKey Path(std::initializer_list<std::pair<char, AbstractAction>> steps) {
  PathKey path;
  for (const auto& [who, action] : steps) path = path.Child(action, who == 'm');
  return path;
}

class HandLogTest : public ::testing::Test {
 protected:
  OpponentModel Train(int buckets, int max_depth) {
    TrainOptions options;
    options.log_paths = {dir_.Write("hands.log", testing::kTenHandsLog)};
    options.game = *poker::ParseGameDef(testing::kTenHandsGame);
    options.game_name = "test.game";
    options.model.num_buckets = buckets;
    options.model.max_depth = max_depth;
    absl::StatusOr<TrainResult> result = trainer::Train(options);
    EXPECT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(result->summary.hands, 10);
    EXPECT_EQ(result->summary.rejected, 0);
    return std::move(result->model);
  }

  // Expects a node's times and the player's decision counts there (all 7 actions).
  static void ExpectNode(const PatternTree& tree, PathKey path, uint64_t times,
                         std::vector<uint64_t> decisions = {0, 0, 0, 0, 0, 0, 0}) {
    const NodeView node = tree.Lookup(path);
    EXPECT_EQ(node.times(), times) << "times at " << path.bits();
    for (int a = 0; a < 7; ++a) {
      EXPECT_EQ(node.action_count(static_cast<AbstractAction>(a)), decisions[a])
          << "action " << a << " at node of depth " << path.depth();
    }
  }

  testing::TempDir dir_;
};

TEST_F(HandLogTest, AliceTreesWorkedByHand) {
  const OpponentModel model = Train(0, 6);
  const PlayerModel* alice = model.FindPlayer("alice");
  ASSERT_NE(alice, nullptr);
  EXPECT_EQ(alice->hands(), 10u);

  // Preflop, alice's view of each hand: 0 [o:F]; 1 [m:C o:K]; 2 [o:P m:C]; 3 [m:H o:P m:C];
  // 4 [o:P m:F]; 5 [m:C o:P m:C]; 6 [o:A m:C]; 7 [m:C o:K]; 8 [o:T m:C]; 9 [m:F].
  const PatternTree& pre = alice->street(0);
  EXPECT_EQ(pre.num_nodes(), 17);
  ExpectNode(pre, Path({}), 10, {1, 0, 3, 1, 0, 0, 0});
  ExpectNode(pre, Path({{'o', F}}), 1);
  ExpectNode(pre, Path({{'m', C}}), 3);
  ExpectNode(pre, Path({{'m', C}, {'o', K}}), 2);
  ExpectNode(pre, Path({{'m', C}, {'o', P}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(pre, Path({{'m', C}, {'o', P}, {'m', C}}), 1);
  ExpectNode(pre, Path({{'o', P}}), 2, {1, 0, 1, 0, 0, 0, 0});
  ExpectNode(pre, Path({{'o', P}, {'m', C}}), 1);
  ExpectNode(pre, Path({{'o', P}, {'m', F}}), 1);
  ExpectNode(pre, Path({{'m', H}}), 1);
  ExpectNode(pre, Path({{'m', H}, {'o', P}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(pre, Path({{'m', H}, {'o', P}, {'m', C}}), 1);
  ExpectNode(pre, Path({{'o', A}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(pre, Path({{'o', A}, {'m', C}}), 1);
  ExpectNode(pre, Path({{'o', T}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(pre, Path({{'o', T}, {'m', C}}), 1);
  ExpectNode(pre, Path({{'m', F}}), 1);

  // Flop (hands 1 2 3 5 7 8; hand 6 was all-in preflop): 1 [o:K m:K]; 2 [m:H o:C];
  // 3 [o:K m:H o:A m:C]; 5 [o:K m:K]; 7 [o:H m:F]; 8 [m:K o:H m:C].
  const PatternTree& flop = alice->street(1);
  EXPECT_EQ(flop.num_nodes(), 13);
  ExpectNode(flop, Path({}), 6, {0, 1, 0, 1, 0, 0, 0});
  ExpectNode(flop, Path({{'o', K}}), 3, {0, 2, 0, 1, 0, 0, 0});
  ExpectNode(flop, Path({{'o', K}, {'m', K}}), 2);
  ExpectNode(flop, Path({{'o', K}, {'m', H}}), 1);
  ExpectNode(flop, Path({{'o', K}, {'m', H}, {'o', A}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(flop, Path({{'o', K}, {'m', H}, {'o', A}, {'m', C}}), 1);
  ExpectNode(flop, Path({{'m', H}}), 1);
  ExpectNode(flop, Path({{'m', H}, {'o', C}}), 1);
  ExpectNode(flop, Path({{'o', H}}), 1, {1, 0, 0, 0, 0, 0, 0});
  ExpectNode(flop, Path({{'o', H}, {'m', F}}), 1);
  ExpectNode(flop, Path({{'m', K}}), 1);
  ExpectNode(flop, Path({{'m', K}, {'o', H}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(flop, Path({{'m', K}, {'o', H}, {'m', C}}), 1);

  // Turn: 1 [o:K m:K]; 2 [m:K o:K]; 5 [o:K m:K]; 8 [m:P o:F].
  const PatternTree& turn = alice->street(2);
  EXPECT_EQ(turn.num_nodes(), 7);
  ExpectNode(turn, Path({}), 4, {0, 1, 0, 0, 0, 1, 0});
  ExpectNode(turn, Path({{'o', K}}), 2, {0, 2, 0, 0, 0, 0, 0});
  ExpectNode(turn, Path({{'o', K}, {'m', K}}), 2);
  ExpectNode(turn, Path({{'m', K}, {'o', K}}), 1);
  ExpectNode(turn, Path({{'m', P}, {'o', F}}), 1);

  // River: 1 [o:K m:K]; 2 [m:T o:F]; 5 [o:K m:K].
  const PatternTree& river = alice->street(3);
  EXPECT_EQ(river.num_nodes(), 5);
  ExpectNode(river, Path({}), 3, {0, 0, 0, 0, 1, 0, 0});
  ExpectNode(river, Path({{'o', K}}), 2, {0, 2, 0, 0, 0, 0, 0});
  ExpectNode(river, Path({{'m', T}}), 1);
  ExpectNode(river, Path({{'m', T}, {'o', F}}), 1);

  // Entry: big blind (class "blinds") in hands 0 2 4 6 8, entering in 2 6 8 (called); small
  // blind (the button: "rear") in 1 3 5 7 9, entering in all but 9 (folded).
  EXPECT_EQ(alice->entry(PositionClass::kBlinds).dealt, 5u);
  EXPECT_EQ(alice->entry(PositionClass::kBlinds).entered, 3u);
  EXPECT_EQ(alice->entry(PositionClass::kRear).dealt, 5u);
  EXPECT_EQ(alice->entry(PositionClass::kRear).entered, 4u);
  EXPECT_EQ(alice->entry(PositionClass::kFront).dealt, 0u);
}

TEST_F(HandLogTest, BobTreesWorkedByHand) {
  const OpponentModel model = Train(0, 6);
  const PlayerModel* bob = model.FindPlayer("bob");
  ASSERT_NE(bob, nullptr);
  EXPECT_EQ(bob->hands(), 10u);

  // Preflop: 0 [m:F]; 1 [o:C m:K]; 2 [m:P o:C]; 3 [o:H m:P o:C]; 4 [m:P o:F]; 5 [o:C m:P o:C];
  // 6 [m:A o:C]; 7 [o:C m:K]; 8 [m:T o:C]; 9 [o:F].
  const PatternTree& pre = bob->street(0);
  EXPECT_EQ(pre.num_nodes(), 17);
  ExpectNode(pre, Path({}), 10, {1, 0, 0, 0, 1, 2, 1});
  ExpectNode(pre, Path({{'o', C}}), 3, {0, 2, 0, 0, 0, 1, 0});
  ExpectNode(pre, Path({{'o', C}, {'m', K}}), 2);
  ExpectNode(pre, Path({{'o', C}, {'m', P}, {'o', C}}), 1);
  ExpectNode(pre, Path({{'m', P}}), 2);
  ExpectNode(pre, Path({{'m', P}, {'o', C}}), 1);
  ExpectNode(pre, Path({{'m', P}, {'o', F}}), 1);
  ExpectNode(pre, Path({{'o', H}}), 1, {0, 0, 0, 0, 0, 1, 0});
  ExpectNode(pre, Path({{'o', H}, {'m', P}, {'o', C}}), 1);
  ExpectNode(pre, Path({{'m', A}, {'o', C}}), 1);
  ExpectNode(pre, Path({{'m', T}, {'o', C}}), 1);
  ExpectNode(pre, Path({{'o', F}}), 1);

  // Flop: 1 [m:K o:K]; 2 [o:H m:C]; 3 [m:K o:H m:A o:C]; 5 [m:K o:K]; 7 [m:H o:F];
  // 8 [o:K m:H o:C].
  const PatternTree& flop = bob->street(1);
  EXPECT_EQ(flop.num_nodes(), 13);
  ExpectNode(flop, Path({}), 6, {0, 3, 0, 1, 0, 0, 0});
  ExpectNode(flop, Path({{'m', K}}), 3);
  ExpectNode(flop, Path({{'m', K}, {'o', K}}), 2);
  ExpectNode(flop, Path({{'m', K}, {'o', H}}), 1, {0, 0, 0, 0, 0, 0, 1});
  ExpectNode(flop, Path({{'m', K}, {'o', H}, {'m', A}, {'o', C}}), 1);
  ExpectNode(flop, Path({{'o', H}}), 1, {0, 0, 1, 0, 0, 0, 0});
  ExpectNode(flop, Path({{'o', K}}), 1, {0, 0, 0, 1, 0, 0, 0});

  // Turn: 1 [m:K o:K]; 2 [o:K m:K]; 5 [m:K o:K]; 8 [o:P m:F]. River: 1, 5 [m:K o:K]; 2 [o:T m:F].
  EXPECT_EQ(bob->street(2).num_nodes(), 7);
  ExpectNode(bob->street(2), Path({}), 4, {0, 2, 0, 0, 0, 0, 0});
  ExpectNode(bob->street(2), Path({{'o', P}}), 1, {1, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(bob->street(3).num_nodes(), 5);
  ExpectNode(bob->street(3), Path({}), 3, {0, 2, 0, 0, 0, 0, 0});
  ExpectNode(bob->street(3), Path({{'o', T}}), 1, {1, 0, 0, 0, 0, 0, 0});

  // Button ("rear") in 0 2 4 6 8: entered in 2 6 8 (in 4 alice folded: no flop). Big blind in
  // 1 3 5 7 9: entered in 3 5 (raised); in 1 and 7 it only checked.
  EXPECT_EQ(bob->entry(PositionClass::kRear).entered, 3u);
  EXPECT_EQ(bob->entry(PositionClass::kBlinds).entered, 2u);
  EXPECT_EQ(bob->entry(PositionClass::kBlinds).dealt, 5u);
}

TEST_F(HandLogTest, PopulationIsTheSumOfThePlayers) {
  const OpponentModel model = Train(8, 6);
  const PlayerModel& population = model.population();
  EXPECT_EQ(population.hands(), 20u);
  EXPECT_EQ(model.num_players(), 2);
  ExpectNode(population.street(0), Path({}), 20, {2, 0, 3, 1, 1, 2, 1});
  ExpectNode(population.street(0), Path({{'o', P}}), 2, {1, 0, 1, 0, 0, 0, 0});
  ExpectNode(population.street(1), Path({}), 12, {0, 4, 0, 2, 0, 0, 0});
  EXPECT_EQ(population.entry(PositionClass::kRear).entered, 7u);
  EXPECT_EQ(population.entry(PositionClass::kBlinds).entered, 5u);
  EXPECT_EQ(model.provenance().hands_read, 10u);
  EXPECT_EQ(model.provenance().hands_used, 10u);
}

TEST_F(HandLogTest, BucketCountsFollowTheCards) {
  const OpponentModel model = Train(8, 6);
  const StrengthBuckets& buckets = model.buckets();
  const PlayerModel* alice = model.FindPlayer("alice");
  ASSERT_NE(alice, nullptr);
  // Every decision had visible cards, so the bucket rows add up to the action counts.
  for (int round = 0; round < 4; ++round) {
    const PatternTree& tree = alice->street(round);
    for (int i = 0; i < tree.num_nodes(); ++i) {
      const NodeView node = tree.Node(i);
      for (int a = 0; a < 7; ++a) {
        uint64_t sum = 0;
        for (int b = 0; b < 9; ++b)
          sum += node.bucket_action_count(b, static_cast<AbstractAction>(a));
        EXPECT_EQ(sum, node.action_count(static_cast<AbstractAction>(a)));
      }
    }
  }
  // Preflop root: alice limped with 7c2h (hand 1: the weakest bucket), JhJs (hand 5) and 5h4h
  // (hand 7), raised with QcJc (hand 3) and folded Kc8c (hand 9).
  const NodeView root = alice->street(0).Root();
  EXPECT_EQ(root.bucket_action_count(0, kCall), 1u);
  const auto pre = [&](const char* text) {
    const std::vector<poker::Card> c = *poker::ParseCards(text);
    return buckets.PreflopBucket({std::min(c[0], c[1]), std::max(c[0], c[1])});
  };
  EXPECT_EQ(pre("JhJs"), 7);
  EXPECT_EQ(root.bucket_action_count(7, kCall), 1u);
  EXPECT_EQ(root.bucket_action_count(pre("QcJc"), H), 1u);
  EXPECT_EQ(root.bucket_action_count(pre("Kc8c"), kFold), 1u);
  // The HS values below are poker::HandStrength's, computed once by hand.
  // River, hand 2: alice bet 3/4 pot with KsQs on 2c5d9hTc3s: king high, HS 0.2712, in
  // [0.25, 0.375).
  EXPECT_EQ(alice->street(3).Root().bucket_action_count(2, T), 1u);
  EXPECT_EQ(alice->street(3).Root().bucket_decisions(2), 1u);
  // Flop, hand 7: alice folded 5h4h on QcTs3c: HS 0.0264 and no 8-out draw.
  EXPECT_EQ(alice->street(1).Lookup(Path({{'o', H}})).bucket_action_count(0, kFold), 1u);
  // Bob checked the river with AsAd on Kd9s4c3hJc (hand 1): HS 0.8773, the top bucket; in
  // hand 5 with 7c5d on 2h8cQdKs3s: HS 0.0571, the bottom one.
  const NodeView bob_river = model.FindPlayer("bob")->street(3).Root();
  EXPECT_EQ(bob_river.bucket_action_count(7, kCheck), 1u);
  EXPECT_EQ(bob_river.bucket_action_count(0, kCheck), 1u);
  // Alice checked behind with 7c2h (bucket 0) and JhJs (HS 0.7056: [0.625, 0.75)).
  const NodeView alice_behind = alice->street(3).Lookup(Path({{'o', K}}));
  EXPECT_EQ(alice_behind.bucket_action_count(0, kCheck), 1u);
  EXPECT_EQ(alice_behind.bucket_action_count(5, kCheck), 1u);
}

TEST_F(HandLogTest, DepthCapCountsDeeperDecisionsAtTheCappedNode) {
  const OpponentModel model = Train(0, 2);
  const PlayerModel* alice = model.FindPlayer("alice");
  ASSERT_NE(alice, nullptr);
  // Flop of hand 3 for alice: [o:K m:H o:A m:C]; with depth 2 her call (4th action) counts at
  // o:K m:H, and no deeper node exists.
  const PatternTree& flop = alice->street(1);
  ExpectNode(flop, Path({{'o', K}, {'m', H}}), 1, {0, 0, 1, 0, 0, 0, 0});
  EXPECT_EQ(flop.num_nodes(), 10);  // the 13 nodes less the 3 deeper than 2
  for (int i = 0; i < flop.num_nodes(); ++i) EXPECT_LE(flop.Node(i).path().depth(), 2);
  EXPECT_EQ(flop.Lookup(Path({{'o', K}, {'m', H}, {'o', A}})).path(), Path({{'o', K}, {'m', H}}));
}

TEST_F(HandLogTest, MinHandsAndPlayerFilterLeavePlayersInThePopulation) {
  TrainOptions options;
  options.log_paths = {dir_.Write("hands.log", testing::kTenHandsLog)};
  options.game = *poker::ParseGameDef(testing::kTenHandsGame);
  options.players = {"alice"};
  absl::StatusOr<TrainResult> filtered = trainer::Train(options);
  ASSERT_TRUE(filtered.ok()) << filtered.status();
  EXPECT_EQ(filtered->model.num_players(), 1);
  EXPECT_EQ(filtered->model.FindPlayer("bob"), nullptr);
  EXPECT_EQ(filtered->model.population().hands(), 20u);
  EXPECT_THAT(filtered->model.provenance().player_filter, ::testing::ElementsAre("alice"));

  options.players.clear();
  options.min_hands = 11;
  absl::StatusOr<TrainResult> pruned = trainer::Train(options);
  ASSERT_TRUE(pruned.ok()) << pruned.status();
  EXPECT_EQ(pruned->model.num_players(), 0);
  EXPECT_TRUE(pruned->model.pruned());
  EXPECT_EQ(pruned->model.population().hands(), 20u);
}

}  // namespace
}  // namespace trainer
