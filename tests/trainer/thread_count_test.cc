// The model trained from the real DeepStack log is the same file, byte for byte, whether 1, 2 or
// 4 threads read and count the hands (the log is one file: one reader, up to 4 counting threads),
// and so is the model of a corpus of several files read in parallel.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/file_io.h"
#include "tests/trainer/test_util.h"
#include "trainer/train.h"

namespace trainer {
namespace {

// The bytes of the model file that Train with `threads` threads writes for `paths`.
std::string TrainedModelBytes(const std::vector<std::string>& paths, int threads,
                              const std::string& out) {
  TrainOptions options;
  options.log_paths = paths;
  options.game = testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  options.game_name = "holdem.nolimit.2p.reverse_blinds.game";
  options.strip_name_suffix = true;
  options.threads = threads;
  absl::StatusOr<TrainResult> result = Train(options);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return "";
  EXPECT_EQ(result->summary.hands, 45037 * static_cast<int64_t>(paths.size()));
  EXPECT_TRUE(result->model.Save(out).ok());
  absl::StatusOr<std::string> bytes = poker::ReadFileToString(out);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : "";
}

TEST(TrainThreadsTest, DeepStackModelIsByteIdenticalFor1And2And4Threads) {
  TRAINER_SKIP_WITHOUT_SHARED_DATA();
  testing::TempDir dir;
  const std::vector<std::string> log = {testing::SharedDataDir() +
                                        "/logs/deepstack_ifp/all_hands.log"};
  const std::string one = TrainedModelBytes(log, 1, dir.File("1.pb"));
  ASSERT_GT(one.size(), 1000u);
  EXPECT_TRUE(TrainedModelBytes(log, 2, dir.File("2.pb")) == one);
  EXPECT_TRUE(TrainedModelBytes(log, 4, dir.File("4.pb")) == one);
}

// The same log named three times counts three times; here the files are read in parallel too.
TEST(TrainThreadsTest, SeveralFilesGiveTheSameModelFor1And2And4Threads) {
  TRAINER_SKIP_WITHOUT_SHARED_DATA();
  testing::TempDir dir;
  const std::string source = testing::SharedDataDir() + "/logs/deepstack_ifp/all_hands.log";
  absl::StatusOr<std::string> text = poker::ReadFileToString(source);
  ASSERT_TRUE(text.ok()) << text.status();
  std::vector<std::string> logs;
  for (int i = 0; i < 3; ++i) {
    logs.push_back(dir.File("copy" + std::to_string(i) + ".log"));
    ASSERT_TRUE(poker::WriteFileAtomically(logs.back(), *text).ok());
  }
  const std::string one = TrainedModelBytes(logs, 1, dir.File("1.pb"));
  ASSERT_GT(one.size(), 1000u);
  EXPECT_TRUE(TrainedModelBytes(logs, 2, dir.File("2.pb")) == one);
  EXPECT_TRUE(TrainedModelBytes(logs, 4, dir.File("4.pb")) == one);
}

}  // namespace
}  // namespace trainer
