// Strategy files: round trip, refusal of truncated, corrupt and mismatched files, and a checkpoint
// resume that continues exactly as an uninterrupted run.
#include "solver/strategy_file.h"

#include <filesystem>
#include <fstream>
#include <memory>

#include "gtest/gtest.h"
#include "solver/best_response.h"
#include "tests/common/test_support.h"
#include "tests/solver/test_util.h"

namespace solver {
namespace {

TrainingInfo Info() {
  TrainingInfo info;
  info.card_spec = "exact";
  info.seed = 3;
  info.weighting = "linear";
  return info;
}

TEST(StrategyFile, RoundTripKeepsTheStrategy) {
  SmallGame s("leduc.limit.2p.game");
  Mccfr solver(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  solver.Run(50'000);
  test_support::TempDir dir;
  const std::string path = dir.File("leduc.strategy");
  const Profile profile = solver.AverageProfile();
  ASSERT_TRUE(WriteStrategyFile(path, *s.tree, *s.cards, profile, Info()).ok());
  absl::StatusOr<std::unique_ptr<Blueprint>> bp = Blueprint::Load(path, &s.game);
  ASSERT_TRUE(bp.ok()) << bp.status();
  EXPECT_EQ((*bp)->header().card_abstraction(), "exact:v1");
  EXPECT_EQ((*bp)->header().betting_abstraction(), "limit");
  EXPECT_EQ((*bp)->tree().num_entries(), s.tree->num_entries());
  const Profile loaded = (*bp)->ToProfile();
  for (size_t i = 0; i < profile.probs.size(); ++i) {
    ASSERT_NEAR(loaded.probs[i], profile.probs[i], 1.0 / 255 + 1e-6)
        << i;  // largest-remainder rounding
  }
  // Every infoset sums to exactly 255.
  for (int n = 0; n < s.tree->num_nodes(); ++n) {
    const Node& node = s.tree->node(n);
    if (node.player < 0) continue;
    for (int b = 0; b < s.cards->NumBuckets(node.round); ++b) {
      int sum = 0;
      for (int a = 0; a < node.num_actions; ++a) sum += (*bp)->At(node, b)[a];
      ASSERT_EQ(sum, 255);
    }
  }
  // Exploitability survives the quantisation nearly unchanged.
  const double before = ComputeExploitability(*s.tree, *s.cards, profile)->exploitability;
  const double after = ComputeExploitability(*s.tree, *s.cards, loaded)->exploitability;
  EXPECT_NEAR(before, after, 0.01);
}

TEST(StrategyFile, RefusesDamagedAndMismatchedFiles) {
  SmallGame s("kuhn.limit.2p.game");
  Mccfr solver(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  solver.Run(1000);
  test_support::TempDir dir;
  const std::string path = dir.File("kuhn.strategy");
  ASSERT_TRUE(WriteStrategyFile(path, *s.tree, *s.cards, solver.AverageProfile(), Info()).ok());
  const std::string bytes = test_support::ReadFileBytes(path);
  ASSERT_GT(bytes.size(), 40u);

  const std::string truncated = dir.Write("truncated", bytes.substr(0, bytes.size() - 3));
  absl::StatusOr<std::unique_ptr<Blueprint>> bp = Blueprint::Load(truncated);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("truncated"), std::string::npos) << bp.status();

  const std::string short_header = dir.Write("short", bytes.substr(0, 20));
  bp = Blueprint::Load(short_header);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("truncated"), std::string::npos) << bp.status();

  std::string flipped = bytes;
  flipped[flipped.size() - 2] ^= 0x11;
  bp = Blueprint::Load(dir.Write("corrupt", flipped));
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("checksum"), std::string::npos) << bp.status();

  bp = Blueprint::Load(dir.Write("junk", "hello world, not a strategy"));
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("magic"), std::string::npos) << bp.status();

  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  bp = Blueprint::Load(path, &leduc);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("another game"), std::string::npos) << bp.status();

  // A checkpoint of another abstraction (Leduc's tree) is refused by a Kuhn solver.
  SmallGame l("leduc.limit.2p.game");
  Mccfr leduc_solver(*l.tree, *l.cards, MccfrOptions{.threads = 1, .seed = 3});
  const std::string ckpt = dir.File("leduc.ckpt");
  ASSERT_TRUE(WriteCheckpoint(ckpt, *l.tree, *l.cards, leduc_solver, Info()).ok());
  absl::StatusOr<solver_proto::StrategyHeader> h = ReadCheckpoint(ckpt, *s.tree, *s.cards, &solver);
  ASSERT_FALSE(h.ok());
  EXPECT_NE(h.status().message().find("another game"), std::string::npos) << h.status();
  // A strategy is not a checkpoint.
  h = ReadCheckpoint(path, *s.tree, *s.cards, &solver);
  ASSERT_FALSE(h.ok());
}

TEST(StrategyFile, ResumeEqualsUninterrupted) {
  SmallGame s("leduc.limit.2p.game");
  Mccfr straight(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  straight.Run(30'000);

  test_support::TempDir dir;
  const std::string ckpt = dir.File("run.ckpt");
  {
    Mccfr first(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
    first.Run(12'000);
    ASSERT_TRUE(WriteCheckpoint(ckpt, *s.tree, *s.cards, first, Info()).ok());
  }
  Mccfr resumed(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  absl::StatusOr<solver_proto::StrategyHeader> h =
      ReadCheckpoint(ckpt, *s.tree, *s.cards, &resumed);
  ASSERT_TRUE(h.ok()) << h.status();
  EXPECT_EQ(resumed.iterations(), 12'032);  // whole chunks of 256
  resumed.Run(30'000);
  EXPECT_EQ(resumed.iterations(), straight.iterations());
  EXPECT_EQ(resumed.regrets(), straight.regrets());
  EXPECT_EQ(resumed.average(), straight.average());

  // Another seed is refused.
  Mccfr other(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 4});
  EXPECT_FALSE(ReadCheckpoint(ckpt, *s.tree, *s.cards, &other).ok());
}

}  // namespace
}  // namespace solver
