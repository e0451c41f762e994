// The `solver` program's command line: `solver train` refuses counts and times that cannot mean
// anything (exit 2, naming the option) before any work, and fails (exit 1, naming the file) when
// the --curve file it was asked for cannot be written, instead of training without it; it takes
// game names; inspect and exploitability print JSON with --json.
#include <filesystem>
#include <string>

#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"

namespace solver {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

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
      {"--iterations -5", "--iterations must be a whole number in [1, 1e+15] (got -5)"},
      {"--iterations 0", "--iterations must be a whole number in [1, "},
      {"--seconds 0", "--seconds must be a number in (0, 1000000000]"},  // alone: train forever
      {"--seconds -1", "--seconds must be a number in (0, "},
      {"--seconds nan", "--seconds must be a finite number ('nan')"},
      {"--iterations 100 --threads -1", "--threads must be a whole number in [1, 256]"},
      {"--iterations 100 --threads 0", "--threads must be a whole number in [1, 256]"},
      // Once accepted: every progress line re-created 5000 threads, and a thread the system
      // refused aborted the program.
      {"--iterations 100 --threads 5000", "--threads must be a whole number in [1, 256]"},
      {"--iterations 100 --max-raises -1", "--max-raises must be a whole number in [0, 16]"},
      {"--iterations 100 --progress-every 0", "--progress-every must be a number in [0.1, "},
      // Once a livelock: 0 iterations and a million progress lines in 10 s.
      {"--iterations 100 --progress-every 1e-300", "--progress-every must be a number in [0.1, "},
      {"--iterations 100 --checkpoint-every -2", "--checkpoint-every must be a number in [0, "},
      {"--iterations 100 --checkpoint-every inf", "--checkpoint-every must be a finite number"},
      // Once an all-in-only tree.
      {"--iterations 100 --actions ,", "bad pot fraction '' in ','"},
      {"--iterations 100 --actions 1,,2", "bad pot fraction '' in '1,,2'"},
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
  EXPECT_THAT(run.out, HasSubstr("--curve " + curve + ": the folder"));
  EXPECT_FALSE(std::filesystem::exists(out_));

  // A writable curve gets its header and a row per progress line.
  const std::string good = (std::filesystem::path(dir_.path()) / "curve.csv").string();
  const test_support::ProgramRun ok = Train("--iterations 1000 --curve " + good);
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_THAT(test_support::ReadFileBytes(good), HasSubstr("iterations,seconds,exploitability\n"));
}

// --game takes a game name from data/games as in every other program (it said "cannot open"), and
// the progress lines give the total and the time left.
TEST_F(SolverCliTest, TrainTakesAGameNameAndReportsTheTotalAndTimeLeft) {
  const test_support::ProgramRun run = test_support::RunCommand(
      "timeout 60 " + SolverPath() + " train --game leduc.limit.2p --out " + out_ +
      " --iterations 1000000 --progress-every 0.1 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_TRUE(std::filesystem::exists(out_));
  EXPECT_THAT(run.out, HasSubstr(" (of 1000000, "));
  EXPECT_THAT(run.out, HasSubstr("ETA "));
  const test_support::ProgramRun unknown = test_support::RunCommand(
      "timeout 30 " + SolverPath() + " train --game no_such_game --out " + out_ +
      "x --iterations 10 2>&1");
  EXPECT_EQ(unknown.exit_code, 1) << unknown.out;
  EXPECT_THAT(unknown.out, HasSubstr("game file 'no_such_game' not found (tried"));
}

// inspect and exploitability print one JSON object with --json, holding what the text shows.
TEST_F(SolverCliTest, InspectAndExploitabilityPrintJson) {
  const std::string kuhn = std::string(POKER_SOURCE_DIR) + "/data/strategies/kuhn.limit.2p.strategy";
  const test_support::ProgramRun inspect =
      test_support::RunCommand(SolverPath() + " inspect " + kuhn + " --json");
  ASSERT_EQ(inspect.exit_code, 0);
  const nlohmann::json info = nlohmann::json::parse(inspect.out);
  EXPECT_EQ(info["file"], kuhn);
  EXPECT_EQ(info["card_spec"], "exact");
  EXPECT_GT(info["iterations"].get<int64_t>(), 0);
  // Kuhn: 12 infosets (6 histories x 3 cards); each strategy row is a distribution.
  ASSERT_EQ(info["nodes"].size(), 4u);
  int rows = 0;
  for (const nlohmann::json& node : info["nodes"]) {
    for (const auto& [cards, probabilities] : node["strategy"].items()) {
      double sum = 0;
      for (const nlohmann::json& p : probabilities) sum += p.get<double>();
      EXPECT_NEAR(sum, 1, 0.006) << node["history"] << " " << cards;
      EXPECT_EQ(probabilities.size(), node["actions"].size());
      ++rows;
    }
  }
  EXPECT_EQ(rows, 12);
  const test_support::ProgramRun text =
      test_support::RunCommand(SolverPath() + " exploitability " + kuhn);
  const test_support::ProgramRun json =
      test_support::RunCommand(SolverPath() + " exploitability " + kuhn + " --json");
  ASSERT_EQ(json.exit_code, 0);
  const nlohmann::json report = nlohmann::json::parse(json.out);
  EXPECT_EQ(report["positions"].size(), 2u);
  EXPECT_EQ(report["unit"], "chips/hand");
  EXPECT_THAT(text.out, HasSubstr(absl::StrFormat("exploitability %.6f chips/hand",
                                                  report["exploitability"].get<double>())));
  // Hold'em: the root's 13x13 table per action.
  const test_support::ProgramRun holdem = test_support::RunCommand(
      SolverPath() + " inspect " + POKER_SOURCE_DIR +
      "/data/strategies/holdem.limit.2p.strategy --json");
  ASSERT_EQ(holdem.exit_code, 0);
  const nlohmann::json root = nlohmann::json::parse(holdem.out)["preflop_root"];
  ASSERT_EQ(root["actions"].size(), root["tables"].size());
  for (const auto& [action, table] : root["tables"].items()) {
    ASSERT_EQ(table.size(), 13u) << action;
    EXPECT_EQ(table[0].size(), 13u) << action;
  }
}

// Where the work goes is checked before the work: --out in a folder that does not exist fails at
// once (it used to fail after training), as --checkpoint does.
TEST_F(SolverCliTest, OutputPathsAreCheckedBeforeTraining) {
  const std::string missing = dir_.File("no/such/folder/s.strategy");
  const test_support::ProgramRun run = test_support::RunCommand(
      "timeout 30 " + SolverPath() + " train --game " + POKER_SOURCE_DIR +
      "/data/games/kuhn.limit.2p.game --seconds 600 --out " + missing + " 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_THAT(run.out, HasSubstr("solver: --out " + missing + ": the folder "));
  EXPECT_THAT(run.out, Not(HasSubstr("iterations")));  // no training started
  const test_support::ProgramRun checkpoint =
      Train("--seconds 600 --checkpoint " + dir_.File("none/x.ckpt"));
  EXPECT_EQ(checkpoint.exit_code, 1) << checkpoint.out;
  EXPECT_THAT(checkpoint.out, HasSubstr("--checkpoint " + dir_.File("none/x.ckpt")));
  const test_support::ProgramRun tables =
      test_support::RunCommand("timeout 30 " + SolverPath() + " flop-tables " + POKER_SOURCE_DIR +
                               "/data/strategies/holdem.limit.2p.strategy " + missing + " 2>&1");
  EXPECT_EQ(tables.exit_code, 1) << tables.out;
  EXPECT_THAT(tables.out, HasSubstr(missing + ": the folder "));
}

// A run stopped by SIGTERM (Slurm's time limit) or SIGINT (Ctrl-C) before its budget keeps its
// work in the checkpoint, does not write --out and exits 1 saying so (it used to exit 0 with the
// partial strategy in --out); the checkpoint resumes it to the budget. The signal is sent twice
// at once, as `timeout` does (to the process, then to its group): one request, not a second
// "stop now".
TEST_F(SolverCliTest, AnInterruptedRunKeepsItsCheckpointAndWritesNoStrategy) {
  for (const char* signal_name : {"TERM", "INT"}) {
    SCOPED_TRACE(signal_name);
    std::filesystem::remove(out_);
    std::filesystem::remove(out_ + ".ckpt");
    // The signal comes after 3 s of a 600 s budget.
    const test_support::ProgramRun run = test_support::RunCommand(
        "timeout 120 sh -c '" + SolverPath() + " train --game " + POKER_SOURCE_DIR +
        "/data/games/leduc.limit.2p.game --out " + out_ +
        " --seconds 600 --progress-every 0.5 & pid=$!; sleep 3; kill -" + signal_name +
        " $pid; kill -" + signal_name + " $pid; wait $pid' 2>&1");
    EXPECT_EQ(run.exit_code, 1) << run.out;
    EXPECT_THAT(run.out, HasSubstr(std::string("solver: interrupted by SIG") + signal_name));
    EXPECT_THAT(run.out, HasSubstr("the checkpoint " + out_ + ".ckpt holds them"));
    EXPECT_THAT(run.out, HasSubstr(out_ + " was not written"));
    EXPECT_FALSE(std::filesystem::exists(out_));
    ASSERT_TRUE(std::filesystem::exists(out_ + ".ckpt"));
  }
  const test_support::ProgramRun resumed =
      test_support::RunCommand("timeout 120 " + SolverPath() + " train --game " + POKER_SOURCE_DIR +
                               "/data/games/leduc.limit.2p.game --out " + out_ +
                               " --iterations 1 --resume " + out_ + ".ckpt 2>&1");
  EXPECT_EQ(resumed.exit_code, 0) << resumed.out;
  EXPECT_THAT(resumed.out, HasSubstr("solver: resumed at "));
  EXPECT_TRUE(std::filesystem::exists(out_));
}

}  // namespace
}  // namespace solver
