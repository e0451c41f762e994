// The experiment scripts the docs show (tools/experiments/*.py): their command line and errors.
// Skipped without python3.
#include <cstdlib>
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"

namespace {

using ::testing::HasSubstr;

std::string Script(const char* name) {
  return std::string(POKER_SOURCE_DIR) + "/tools/experiments/" + name;
}

class ExperimentScriptsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  }
  // The decision-log script `name` answers --help with its usage; a missing log is one line
  // naming it, exit 1; so is the log `bad`, whose second line is not a decision (no traceback).
  void ExpectUsageAndBadLogsNamed(const std::string& name, const std::string& bad) {
    const test_support::ProgramRun help =
        test_support::RunCommand(Script(name.c_str()) + " --help");
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_THAT(help.out, HasSubstr("usage: " + name));
    const std::string missing = dir_.path() + "/none.jsonl";
    const test_support::ProgramRun none =
        test_support::RunCommand(Script(name.c_str()) + " " + missing + " 2>&1");
    EXPECT_EQ(none.exit_code, 1) << none.out;
    EXPECT_EQ(none.out, name + ": " + missing + ": cannot read: No such file or directory\n");
    const test_support::ProgramRun malformed =
        test_support::RunCommand(Script(name.c_str()) + " " + bad + " 2>&1");
    EXPECT_EQ(malformed.exit_code, 1) << malformed.out;
    EXPECT_THAT(malformed.out, HasSubstr(bad + ":2: not a decision-log line"));
    EXPECT_THAT(malformed.out, ::testing::Not(HasSubstr("Traceback")));
  }
  // `command` (a script and its options) run on a log of `lines` exits 0 and prints exactly the
  // log's path followed by `printed`.
  void ExpectPrintedForLog(const std::string& command, const std::string& lines,
                           const std::string& printed) {
    const std::string log = dir_.Write("good.jsonl", lines);
    const test_support::ProgramRun ok = test_support::RunCommand(command + " " + log + " 2>&1");
    EXPECT_EQ(ok.exit_code, 0) << ok.out;
    EXPECT_EQ(ok.out, log + printed);
  }
  test_support::TempDir dir_;
};

// timing.py (docs/agent.md): --help is the usage, a missing or malformed log is one line naming
// it and exit 1 (it was a Python traceback, and --help was opened as a file).
TEST_F(ExperimentScriptsTest, TimingReadsDecisionLogsAndNamesBadOnes) {
  ExpectUsageAndBadLogsNamed("timing.py",
                             dir_.Write("bad.jsonl", "{\"time_ms\": 1, \"round\": 0}\nnot json\n"));

  ExpectPrintedForLog(Script("timing.py"),
                      "{\"time_ms\": 2.0, \"cpu_ms\": 1.5, \"round\": 0}\n"
                      "{\"time_ms\": 4.0, \"cpu_ms\": 3.5, \"round\": 0}\n"
                      "{\"time_ms\": 1.0, \"round\": 1}\n",
                      ": 3 decisions\n"
                      "  wall ms: p50   2.00  p90   4.00  p99   4.00  max   4.00\n"
                      "  cpu  ms: p50   1.50  p90   3.50  p99   3.50  max   3.50\n"
                      "  round 0 wall ms: p50   4.00  p99   4.00  (2)\n"
                      "  round 1 wall ms: p50   1.00  p99   1.00  (1)\n");
}

// discipline.py (docs/discipline.md): counts the decisions after the flop by where the all-in
// discipline was, over the log and by stretch of hands; the others are left out; a missing or
// malformed log is one line naming it and exit 1.
TEST_F(ExperimentScriptsTest, DisciplineCountsTheSwitchesOfADecisionLog) {
  ExpectUsageAndBadLogsNamed("discipline.py",
                             dir_.Write("bad.jsonl", "{\"hand\": 1}\n{\"explanation\": \"\"}\n"));

  ExpectPrintedForLog(Script("discipline.py") + " --stretch 2",
                      "{\"hand\": 0, \"explanation\": \"search (largest 0.10) (discipline on)\"}\n"
                      "{\"hand\": 1, \"explanation\": \"search, preflop\"}\n"
                      "{\"hand\": 1, \"explanation\": \"x (discipline off: weak continues)\"}\n"
                      "{\"hand\": 2, \"explanation\": \"x (discipline off: tilt)\"}\n"
                      "{\"hand\": 3, \"explanation\": \"x (discipline off: floor)\"}\n",
                      ": 4 decisions after the flop with the discipline in use: on 1 tilt 1 "
                      "floor 1 weak continues 1\n"
                      "  hands 0-1: on 1 tilt 0 floor 0 weak continues 1\n"
                      "  hands 2-3: on 0 tilt 1 floor 1 weak continues 0\n");
}

// paired_diff.py (docs/lbr.md, docs/strength.md) on two `lbr --log` files, each deal in both
// seat orders in one file: the two plays of a deal are its rotations (per hand, not per deal),
// and a log whose deals are played unevenly is refused by name.
TEST_F(ExperimentScriptsTest, PairedDiffCountsALogsRepeatedDealsAsRotations) {
  const std::string a = dir_.Write("a.log",
                                   "STATE:0:r300f:AhKh|2c3d:100|-100:LBR|opponent\n"
                                   "STATE:1:r300f:AsKs|2h3h:100|-100:LBR|opponent\n"
                                   "STATE:0:r300f:2c3d|AhKh:-100|100:opponent|LBR\n"
                                   "STATE:1:r300f:2h3h|AsKs:-100|100:opponent|LBR\n");
  const std::string b = dir_.Write("b.log",
                                   "STATE:0:f:AhKh|2c3d:-50|50:LBR|opponent\n"
                                   "STATE:1:f:AsKs|2h3h:-50|50:LBR|opponent\n"
                                   "STATE:0:r300c///:2c3d|AhKh:-300|300:opponent|LBR\n"
                                   "STATE:1:r300c///:2h3h|AsKs:300|-300:opponent|LBR\n");
  const std::string command = Script("paired_diff.py") + " --player LBR --big-blind 100 ";
  const test_support::ProgramRun ok = test_support::RunCommand(command + a + " " + b + " 2>&1");
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  // LBR's sums per deal: A 200 and 200, B 250 and -350; 1000 / (100 x 2) mbb/hand per chip.
  EXPECT_EQ(ok.out,
            "2 deals x 2 rotations = 4 hands per run\n"
            "A a.log: 1000.0 +- 0.0 mbb/hand\n"
            "B b.log: -250.0 +- 2940.0 mbb/hand\n"
            "A - B (paired by deal): 1250.0 +- 2940.0 mbb/hand\n");
  const std::string uneven = dir_.Write("uneven.log",
                                        "STATE:0:f:AhKh|2c3d:-50|50:LBR|opponent\n"
                                        "STATE:1:f:AsKs|2h3h:-50|50:LBR|opponent\n"
                                        "STATE:0:f:2c3d|AhKh:50|-50:opponent|LBR\n");
  const test_support::ProgramRun bad =
      test_support::RunCommand(command + uneven + " " + b + " 2>&1");
  EXPECT_EQ(bad.exit_code, 1) << bad.out;
  EXPECT_EQ(bad.out, "paired_diff.py: " + uneven + ": its deals are played 1 or 2 times\n");
}

// pso_experiments.py --plot-only (docs/pso.md) with no run CSV to draw is an error naming the
// folder; it exited 0 having drawn nothing (a mistyped --out passed silently).
TEST_F(ExperimentScriptsTest, PsoPlotOnlyWithNothingToDrawFails) {
  const std::string empty = dir_.path() + "/no_results";
  const test_support::ProgramRun run = test_support::RunCommand(
      Script("pso_experiments.py") + " --plot-only --out " + empty + " --seeds 1,2,3 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_THAT(run.out, HasSubstr("no run CSV"));
  EXPECT_THAT(run.out, HasSubstr(empty));
}

// pso_compare.py --swarm FILE that cannot be read: one line naming it, exit 1 (was a traceback).
TEST_F(ExperimentScriptsTest, PsoCompareNamesAnUnreadableSwarm) {
  const std::string missing = dir_.path() + "/none.swarm";
  const test_support::ProgramRun run =
      test_support::RunCommand(Script("pso_compare.py") + " --out " + dir_.path() +
                               "/out --hands 10 --swarm " + missing + " 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_EQ(run.out, "pso_compare.py: --swarm " + missing + ": No such file or directory\n");
}

// Every experiment script answers --help with its usage and exit 0 before running anything (some
// started their experiment, make_default_model.sh wrote its model to a file named --help), and
// an argument it does not take is a usage error (exit 2).
TEST_F(ExperimentScriptsTest, ShellScriptsPrintTheirUsageOnHelp) {
  const std::string folder = std::string(POKER_SOURCE_DIR) + "/tools/experiments";
  int scripts = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".sh" || name == "common.sh") continue;
    ++scripts;
    // Run from an empty folder with a time limit: a script that ignores --help fails the test
    // (exit 124) without writing into the project.
    const test_support::ProgramRun help = test_support::RunCommand(
        "cd " + dir_.path() + " && timeout 10 " + entry.path().string() + " --help 2>&1");
    EXPECT_EQ(help.exit_code, 0) << name << "\n" << help.out;
    EXPECT_THAT(help.out, HasSubstr("tools/experiments/" + name)) << name << ": no usage line";
    EXPECT_THAT(help.out, ::testing::Not(HasSubstr("#!/"))) << name;
  }
  EXPECT_GE(scripts, 10);
  // tools/fuzz.sh (docs/project.md) too: it took --help for a bad number of seconds (exit 2).
  const test_support::ProgramRun fuzz = test_support::RunCommand(
      "timeout 10 " + std::string(POKER_SOURCE_DIR) + "/tools/fuzz.sh --help 2>&1");
  EXPECT_EQ(fuzz.exit_code, 0) << fuzz.out;
  EXPECT_THAT(fuzz.out, HasSubstr("Usage: tools/fuzz.sh [seconds per target, default 30]"));
  const test_support::ProgramRun bad = test_support::RunCommand(
      "timeout 10 " + folder + "/make_bundled_models.sh --no-such-option 2>&1");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_THAT(bad.out, HasSubstr("make_bundled_models.sh: unknown argument --no-such-option"));
}

}  // namespace
