// The `eval_prediction` program's command line: help, and the usage errors (exit 2, one line
// naming the option) that refuse combinations it cannot honour. Usage is checked before any log
// is read, so the paths here need not exist.
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"

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

}  // namespace
}  // namespace eval
