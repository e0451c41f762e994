// The `solver` program's command line: `solver train` refuses counts and times that cannot mean
// anything (exit 2, naming the option) before any work, and fails (exit 1, naming the file) when
// the --curve file it was asked for cannot be written, instead of training without it.
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"

namespace solver {
namespace {

using ::testing::HasSubstr;

std::string SolverPath() { return std::string(POKER_BIN_DIR) + "/solver"; }

class SolverCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(SolverPath())) {
      GTEST_SKIP() << SolverPath() << " not built; skipping";
    }
    out_ = (std::filesystem::path(dir_.path()) / "kuhn.strategy").string();
  }

  // `solver train` on 2-player Kuhn writing out_, with `arguments` added; stopped after 30 s
  // (a run that would never end exits 124).
  test_support::ProgramRun Train(const std::string& arguments) {
    return test_support::RunCommand("timeout 30 " + SolverPath() + " train --game " +
                                    POKER_SOURCE_DIR + "/data/games/kuhn.limit.2p.game --out " +
                                    out_ + " " + arguments + " 2>&1");
  }

  test_support::TempDir dir_;
  std::string out_;
};

TEST_F(SolverCliTest, TrainRefusesMeaninglessCountsAndTimes) {
  const struct {
    const char* arguments;
    const char* message;
  } cases[] = {
      {"--iterations -5", "--iterations must be at least 1"},
      {"--iterations 0", "--iterations must be at least 1"},
      {"--seconds 0", "--seconds must be positive"},  // alone it would train forever
      {"--seconds -1", "--seconds must be positive"},
      {"--iterations 100 --threads -1", "--threads must be at least 1"},
      {"--iterations 100 --threads 0", "--threads must be at least 1"},
      {"--iterations 100 --max-raises -1", "--max-raises must not be negative"},
      {"--iterations 100 --progress-every 0", "--progress-every must be positive"},
      {"--iterations 100 --checkpoint-every -2", "--checkpoint-every must not be negative"},
  };
  for (const auto& c : cases) {
    const test_support::ProgramRun run = Train(c.arguments);
    EXPECT_EQ(run.exit_code, 2) << c.arguments << "\n" << run.out;
    EXPECT_THAT(run.out, HasSubstr(c.message)) << c.arguments;
    EXPECT_FALSE(std::filesystem::exists(out_)) << c.arguments << ": a strategy was written";
  }
}

TEST_F(SolverCliTest, TrainFailsWhenTheCurveCannotBeWritten) {
  const std::string curve =
      (std::filesystem::path(dir_.path()) / "no_such_folder" / "curve.csv").string();
  const test_support::ProgramRun run = Train("--iterations 1000 --curve " + curve);
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_THAT(run.out, HasSubstr(curve + ": cannot write the --curve file"));
  EXPECT_FALSE(std::filesystem::exists(out_));

  // A writable curve gets its header and a row per progress line.
  const std::string good = (std::filesystem::path(dir_.path()) / "curve.csv").string();
  const test_support::ProgramRun ok = Train("--iterations 1000 --curve " + good);
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_THAT(test_support::ReadFileBytes(good), HasSubstr("iterations,seconds,exploitability\n"));
}

}  // namespace
}  // namespace solver
