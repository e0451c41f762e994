// Training on the real logs of ../shared: counts agree with what the log reader reports, trees
// are consistent, the population is the sum of the players, and the model does not depend on
// threads or sharding.
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "tests/trainer/test_util.h"
#include "trainer/opponent_model.h"
#include "trainer/train.h"

namespace trainer {
namespace {

struct Corpus {
  std::string logs;  // under shared data
  std::string game;  // project game file
  bool strip_name_suffix;
};

const Corpus kDeepStack{"logs/deepstack_ifp", "holdem.nolimit.2p.reverse_blinds.game", true};
const Corpus kPluribus{"logs/pluribus", "holdem.nolimit.6p.10000.game", false};

TrainOptions OptionsFor(const Corpus& corpus, const poker::GameDef& game) {
  TrainOptions options;
  options.log_paths = {testing::SharedDataDir() + "/" + corpus.logs};
  options.game = game;
  options.game_name = corpus.game;
  options.strip_name_suffix = corpus.strip_name_suffix;
  return options;
}

// Hands per player name as the log reader itself reports them.
std::map<std::string, uint64_t> HandsByPlayer(const TrainOptions& options, int64_t* hands) {
  logs_parser::ReadOptions read;
  read.game = &options.game;
  read.game_name = options.game_name;
  read.strip_name_suffix = options.strip_name_suffix;
  std::map<std::string, uint64_t> by_player;
  absl::StatusOr<logs_parser::ReadSummary> summary = logs_parser::ReadLogs(
      options.log_paths, read, [&](int, const logs_parser::HandRecord& record) {
        for (const std::string& name : record.names) ++by_player[name];
      });
  EXPECT_TRUE(summary.ok()) << summary.status();
  *hands = summary.ok() ? summary->hands : -1;
  return by_player;
}

// Every node's parent exists and was visited at least as often as all its children together; a
// child reached by the player's own action was visited exactly as often as the player took that
// action at the parent; with every hole card in the logs, bucket rows add up to action counts.
void ExpectConsistentTrees(const OpponentModel& model, const PlayerModel& player) {
  const int num_actions = model.abstraction().num_actions();
  int problems = 0;
  for (int round = 0; round < player.num_rounds(); ++round) {
    const PatternTree& tree = player.street(round);
    std::map<uint64_t, uint64_t> children_times;  // parent path bits -> sum of children's times
    for (int i = 0; i < tree.num_nodes(); ++i) {
      const NodeView node = tree.Node(i);
      const PathKey path = node.path();
      for (int a = 0; a < num_actions; ++a) {
        uint64_t sum = 0;
        for (int b = 0; b < tree.num_buckets(); ++b) {
          sum += node.bucket_action_count(b, static_cast<AbstractAction>(a));
        }
        if (sum != node.action_count(static_cast<AbstractAction>(a)) && ++problems < 5) {
          ADD_FAILURE() << player.name() << " round " << round << " node "
                        << path.ToString(model.abstraction()) << ": bucket rows " << sum
                        << " != action count";
        }
      }
      if (path.depth() == 0) {
        EXPECT_LE(node.times(), player.hands());
        continue;
      }
      const PathKey parent_path = path.Prefix(path.depth() - 1);
      const NodeView parent = tree.Lookup(parent_path);
      ASSERT_TRUE(parent.found()) << path.ToString(model.abstraction());
      children_times[parent_path.bits()] += node.times();
      if (path.own(path.depth() - 1) &&
          node.times() != parent.action_count(path.action(path.depth() - 1)) && ++problems < 5) {
        ADD_FAILURE() << player.name() << " round " << round << " node "
                      << path.ToString(model.abstraction()) << ": times " << node.times()
                      << " != the parent's count of that action";
      }
    }
    for (const auto& [parent_bits, sum] : children_times) {
      const NodeView parent = tree.Lookup(PathKey::FromBits(parent_bits));
      if (sum > parent.times() && ++problems < 5) {
        ADD_FAILURE() << player.name() << " round " << round << " node "
                      << parent.path().ToString(model.abstraction()) << ": children's times " << sum
                      << " exceed its times " << parent.times();
      }
    }
  }
  EXPECT_EQ(problems, 0) << player.name();
}

void ExpectPopulationIsTheSum(const OpponentModel& model, const ModelOptions& options) {
  OpponentModel sum = *OpponentModel::Create(model.game(), options);
  for (const PlayerModel* player : model.players()) {
    ASSERT_TRUE(sum.mutable_population().Merge(*player).ok());
  }
  EXPECT_TRUE(sum.ToProto().population().SerializeAsString() ==
              model.ToProto().population().SerializeAsString());
}

void CheckCorpus(const Corpus& corpus, int threads, int expected_players, int64_t expected_hands) {
  const poker::GameDef game = testing::LoadProjectGame(corpus.game);
  TrainOptions options = OptionsFor(corpus, game);
  options.threads = threads;
  absl::StatusOr<TrainResult> result = Train(options);
  ASSERT_TRUE(result.ok()) << result.status();
  const OpponentModel& model = result->model;

  int64_t hands = 0;
  const std::map<std::string, uint64_t> expected = HandsByPlayer(options, &hands);
  EXPECT_EQ(hands, expected_hands);
  EXPECT_EQ(result->summary.hands, expected_hands);
  EXPECT_EQ(model.provenance().hands_read, static_cast<uint64_t>(expected_hands));
  EXPECT_EQ(model.provenance().hands_used, static_cast<uint64_t>(expected_hands));
  EXPECT_EQ(model.num_players(), expected_players);
  ASSERT_EQ(expected.size(), static_cast<size_t>(model.num_players()));
  for (const PlayerModel* player : model.players()) {
    auto it = expected.find(player->name());
    ASSERT_NE(it, expected.end()) << player->name();
    EXPECT_EQ(player->hands(), it->second) << player->name();
    // Every hand has preflop actions in which the player starts able to act.
    EXPECT_EQ(player->street(0).Root().times(), it->second) << player->name();
    ExpectConsistentTrees(model, *player);
  }
  EXPECT_EQ(model.population().hands(), static_cast<uint64_t>(expected_hands * game.num_players));
  ExpectConsistentTrees(model, model.population());
  ExpectPopulationIsTheSum(model, options.model);
}

TEST(RealLogsTest, DeepStack) {
  TRAINER_SKIP_WITHOUT_SHARED_DATA();
  // DeepStack and 33 professionals (table suffixes stripped).
  CheckCorpus(kDeepStack, 2, 34, 45037);
}

TEST(RealLogsTest, Pluribus) {
  TRAINER_SKIP_WITHOUT_SHARED_DATA();
  CheckCorpus(kPluribus, 1, 14, 10000);
}

// Shards 0/3, 1/3 and 2/3 merged equal one run byte for byte, min-hands included, and the
// number of threads changes nothing.
TEST(RealLogsTest, ShardsMergeToTheSingleRunAndThreadsDoNotMatter) {
  TRAINER_SKIP_WITHOUT_SHARED_DATA();
  const poker::GameDef game = testing::LoadProjectGame(kPluribus.game);
  TrainOptions options = OptionsFor(kPluribus, game);
  options.min_hands = 1000;
  absl::StatusOr<TrainResult> single = Train(options);
  ASSERT_TRUE(single.ok()) << single.status();
  EXPECT_TRUE(single->model.pruned());
  EXPECT_LT(single->model.num_players(), 14);

  testing::TempDir dir;
  std::vector<std::string> shard_files;
  for (int i = 0; i < 3; ++i) {
    TrainOptions shard = options;
    shard.shard_index = i;
    shard.shard_count = 3;
    shard.threads = 2;
    absl::StatusOr<TrainResult> part = Train(shard);
    ASSERT_TRUE(part.ok()) << part.status();
    EXPECT_FALSE(part->model.pruned());
    shard_files.push_back(dir.File("shard" + std::to_string(i) + ".pb"));
    ASSERT_TRUE(part->model.Save(shard_files.back()).ok());
  }
  absl::StatusOr<OpponentModel> merged = OpponentModel::Load(shard_files[2], &game);
  ASSERT_TRUE(merged.ok()) << merged.status();
  for (int i = 0; i < 2; ++i) {
    absl::StatusOr<OpponentModel> part = OpponentModel::Load(shard_files[i], &game);
    ASSERT_TRUE(part.ok()) << part.status();
    ASSERT_TRUE(merged->Merge(*part).ok());
  }
  merged->Prune();
  EXPECT_EQ(merged->provenance().files.size(), 92u);
  EXPECT_TRUE(merged->SerializeCanonical() == single->model.SerializeCanonical());

  options.threads = 3;
  absl::StatusOr<TrainResult> threaded = Train(options);
  ASSERT_TRUE(threaded.ok()) << threaded.status();
  EXPECT_TRUE(threaded->model.SerializeCanonical() == single->model.SerializeCanonical());
}

}  // namespace
}  // namespace trainer
