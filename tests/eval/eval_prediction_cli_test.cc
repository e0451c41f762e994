// The `eval_prediction` program's command line: help, and the usage errors (exit 2, one line
// naming the option) that refuse combinations it cannot honour. Usage is checked before any log
// is read, so the paths here need not exist.
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"

namespace eval {
namespace {

using ::testing::HasSubstr;

std::string ProgramPath() { return std::string(POKER_BIN_DIR) + "/eval_prediction"; }

class EvalPredictionCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(ProgramPath())) {
      GTEST_SKIP() << ProgramPath() << " not built; skipping";
    }
  }

  // Runs eval_prediction with `arguments` after a minimal valid command line.
  static test_support::ProgramRun Run(const std::string& arguments) {
    return test_support::RunCommand(ProgramPath() + " --logs no_such.log --game no_such.game " +
                                    arguments + " 2>&1");
  }
};

TEST_F(EvalPredictionCliTest, HelpNamesTheRescoringOptions) {
  const test_support::ProgramRun help = test_support::RunCommand(ProgramPath() + " --help 2>&1");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* option : {"--rerank", "--rerank-by-class", "--rerank-buckets", "--rerank-folds",
                             "--rerank-ridge", "--rerank-in-sample", "Exit codes"}) {
    EXPECT_THAT(help.out, HasSubstr(option)) << option;
  }
}

TEST_F(EvalPredictionCliTest, RefusesRescoringOptionsItCannotHonour) {
  struct Case {
    const char* arguments;
    const char* message;
  };
  const Case cases[] = {
      {"--rerank --calibrate", "give --rerank or --calibrate, not both"},
      {"--rerank-by-class", "need --rerank"},
      {"--rerank-buckets", "need --rerank"},
      {"--rerank-folds 3", "need --rerank"},
      {"--rerank-ridge 5", "need --rerank"},
      {"--rerank-in-sample", "--rerank-in-sample needs --rerank"},
      {"--rerank --rerank-in-sample --rerank-folds 3", "no --rerank-folds"},
      {"--rerank --rerank-ridge 0", "--rerank-ridge must be positive"},
      {"--rerank --range-exponent 0.9", "--range-exponent, not both"},
      {"--rerank --rerank-buckets --bucket-prior 0 --buckets 32", "--rerank-buckets reads"},
  };
  for (const Case& c : cases) {
    const test_support::ProgramRun run = Run(c.arguments);
    EXPECT_EQ(run.exit_code, 2) << c.arguments << "\n" << run.out;
    EXPECT_THAT(run.out, HasSubstr(c.message)) << c.arguments;
  }
  // The same options in a valid combination get past the usage checks: the missing log is then
  // a failure (exit 1), not a usage error.
  EXPECT_EQ(Run("--rerank --rerank-by-class --rerank-folds 3 --rerank-ridge 5").exit_code, 1);
}

// The defaults of the model are trainer's (it counted 32 buckets where `trainer train` counts 8).
TEST_F(EvalPredictionCliTest, TheModelsDefaultsAreTrainers) {
  const test_support::ProgramRun help = test_support::RunCommand(ProgramPath() + " --help 2>&1");
  EXPECT_THAT(help.out, HasSubstr("--buckets arg (=8)"));
  const test_support::ProgramRun trainer =
      test_support::RunCommand(std::string(POKER_BIN_DIR) + "/trainer train --help 2>&1");
  EXPECT_THAT(trainer.out, HasSubstr("--buckets arg (=8)"));
}

// --model measures a model trained with `trainer train` (there was no way to), refuses one trained
// on the evaluated hands' file, and refuses the options that shape a model counted here.
TEST_F(EvalPredictionCliTest, MeasuresAModelFileTrainedOnOtherLogs) {
  const std::string bin = POKER_BIN_DIR;
  if (!std::filesystem::exists(bin + "/arena") || !std::filesystem::exists(bin + "/trainer")) {
    GTEST_SKIP() << "arena or trainer not built";
  }
  test_support::TempDir dir;
  const std::string game = std::string(POKER_SOURCE_DIR) +
                           "/data/games/holdem.nolimit.2p.reverse_blinds.game";
  for (const char* part : {"train", "test"}) {
    std::filesystem::create_directories(dir.File(part));
    const test_support::ProgramRun arena = test_support::RunCommand(
        bin + "/arena --game " + game + " --hands 300 --seed " +
        (std::string(part) == "train" ? "1" : "2") +
        " --player TA=bot:style=ta,trials=50 --player LP=bot:style=lp,trials=50 -q --log " +
        dir.File(std::string(part) + "/match.log") + " >/dev/null 2>&1");
    ASSERT_EQ(arena.exit_code, 0) << part;
  }
  const std::string model = dir.File("model.pb");
  ASSERT_EQ(test_support::RunCommand(bin + "/trainer train -q --logs " + dir.File("train") +
                                     " --game " + game + " --out " + model + " >/dev/null 2>&1")
                .exit_code,
            0);
  const test_support::ProgramRun run = test_support::RunCommand(
      ProgramPath() + " --model " + model + " --logs " + dir.File("train") + " --test-logs " +
      dir.File("test") + " --game " + game + " --json -q 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_THAT(run.out, HasSubstr("\"model_file\":\"file " + model + ": trained on 1 files, 300 "
                                 "hands; buckets 8, max depth 6, raise edges 0.6 1, street "
                                 "context version 2\""));
  EXPECT_THAT(run.out, HasSubstr("\"predictor\":\"model\""));

  // The model has seen the evaluated hands' file: refused, naming it.
  const test_support::ProgramRun seen = test_support::RunCommand(
      ProgramPath() + " --model " + model + " --logs " + dir.File("test") + " --test-logs " +
      dir.File("train") + " --game " + game + " -q 2>&1");
  EXPECT_EQ(seen.exit_code, 1) << seen.out;
  EXPECT_THAT(seen.out, HasSubstr("was trained on " + dir.File("train/match.log") +
                                  ", which holds evaluated hands"));
  const test_support::ProgramRun shaped = Run("--model " + model + " --buckets 32");
  EXPECT_EQ(shaped.exit_code, 2);
  EXPECT_THAT(shaped.out, HasSubstr("--buckets is about a model counted here"));
}

}  // namespace
}  // namespace eval
