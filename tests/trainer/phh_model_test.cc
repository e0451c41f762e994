// The model trained from the Pluribus hands is the same whether they are read as the ACPC logs
// or as their PHH conversion.
#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/phh_convert.h"
#include "tests/trainer/test_util.h"
#include "trainer/opponent_model.h"
#include "trainer/train.h"

namespace trainer {
namespace {

namespace fs = std::filesystem;

TEST(PhhModelTest, PluribusHandsAsLogsAndAsPhhGiveTheSameModel) {
  const std::string logs = testing::SharedDataDir() + "/logs/pluribus";
  if (!fs::is_directory(logs)) GTEST_SKIP() << logs << " not found (shared data); skipping";
  absl::StatusOr<logs_parser::NamedGame> game =
      logs_parser::LoadGameArgument("holdem.nolimit.6p.10000", "");
  ASSERT_TRUE(game.ok()) << game.status();
  testing::TempDir dir;
  logs_parser::ConvertOptions convert;
  convert.game = &game->game;
  convert.game_name = game->name;
  for (const auto& entry : fs::directory_iterator(logs)) {
    logs_parser::ConvertCounts counts;
    absl::StatusOr<std::string> phh =
        logs_parser::AcpcLogToPhh(entry.path().string(), convert, &counts);
    ASSERT_TRUE(phh.ok()) << phh.status();
    dir.Write("phh/" + entry.path().stem().string() + ".phhs", *phh);
  }
  TrainOptions options;
  options.game = game->game;
  options.game_name = game->name;
  options.threads = 2;
  options.log_paths = {logs};
  absl::StatusOr<TrainResult> from_logs = Train(options);
  ASSERT_TRUE(from_logs.ok()) << from_logs.status();
  options.log_paths = {dir.File("phh")};
  absl::StatusOr<TrainResult> from_phh = Train(options);
  ASSERT_TRUE(from_phh.ok()) << from_phh.status();
  EXPECT_EQ(from_logs->summary.hands, 10000);
  EXPECT_EQ(from_phh->summary.hands, 10000);
  EXPECT_EQ(from_phh->summary.skipped, 0);
  // Everything but where the hands came from (file names, lines read).
  from_logs->model.mutable_provenance() = Provenance{};
  from_phh->model.mutable_provenance() = Provenance{};
  const std::string a = from_logs->model.SerializeCanonical();
  const std::string b = from_phh->model.SerializeCanonical();
  EXPECT_GT(a.size(), 1000u);
  EXPECT_TRUE(a == b) << "the models differ (" << a.size() << " and " << b.size() << " bytes)";
}

}  // namespace
}  // namespace trainer
