// The `trainer` program end to end: train, inspect, merge, exit codes.
#include <algorithm>
#include <filesystem>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"
#include "tests/trainer/ten_hands.h"
#include "tests/trainer/test_util.h"

namespace trainer {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

struct Result {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(TrainerPath())) {
      GTEST_SKIP() << TrainerPath() << " not built; skipping";
    }
    log_ = dir_.Write("ten.log", testing::kTenHandsLog);
    game_ = dir_.Write("ten.game", testing::kTenHandsGame);
  }

  static std::string TrainerPath() { return std::string(POKER_BIN_DIR) + "/trainer"; }

  Result Trainer(const std::string& arguments) {
    const test_support::ProgramRun run =
        test_support::RunCommand(TrainerPath() + " " + arguments + " 2>&1");
    return {run.exit_code, run.out};
  }

  testing::TempDir dir_;
  std::string log_;
  std::string game_;
};

TEST_F(CliTest, HelpAndUsageErrors) {
  const Result help = Trainer("train --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.output, HasSubstr("--shard"));
  EXPECT_THAT(help.output, HasSubstr("Exit codes"));
  EXPECT_EQ(Trainer("train").exit_code, 2);
  EXPECT_EQ(Trainer("train --logs x --game y --out z --shard 3/3").exit_code, 2);
  // A stray argument is a usage error, not silently ignored.
  const Result stray = Trainer("train stray --logs x --game y --out z");
  EXPECT_EQ(stray.exit_code, 2);
  EXPECT_THAT(stray.output, HasSubstr("(trainer train --help for usage)"));
  EXPECT_EQ(Trainer("inspect").exit_code, 2);
  EXPECT_EQ(Trainer("merge a.pb").exit_code, 2);
  EXPECT_EQ(Trainer("inspect --help").exit_code, 0);
  // --depth takes -1 (all) or a depth; other negatives were taken as -1 silently.
  const Result depth = Trainer("inspect any.pb --population --depth -5");
  EXPECT_EQ(depth.exit_code, 2) << depth.output;
  EXPECT_THAT(depth.output, HasSubstr("--depth must be -1 (every node) or at least 0"));
  EXPECT_EQ(Trainer("merge --help").exit_code, 0);
}

TEST_F(CliTest, TrainInspectMerge) {
  // By default the model has street context version 2 (model format 2).
  const std::string context = dir_.File("context.pb");
  ASSERT_EQ(Trainer("train --logs " + log_ + " --game " + game_ + " --out " + context).exit_code,
            0);
  const Result context_summary = Trainer("inspect " + context);
  EXPECT_THAT(context_summary.output, HasSubstr("model format 2,"));
  EXPECT_THAT(context_summary.output, HasSubstr("; street context v2"));
  // Trees after the first street start with the context step, shown by its meaning.
  const Result context_river = Trainer("inspect " + context + " --player alice --street river");
  EXPECT_THAT(context_river.output, HasSubstr("\n  context: no raise "));
  EXPECT_THAT(context_river.output, Not(HasSubstr("\n  other:fold")));

  // The rest reads trees without it (their paths start at the street's root).
  const std::string model = dir_.File("ten.pb");
  const Result train = Trainer("train --logs " + log_ + " --game " + game_ + " --out " + model +
                               " --threads 2 --no-street-context");
  ASSERT_EQ(train.exit_code, 0) << train.output;
  EXPECT_THAT(train.output, HasSubstr("10 hands, 0 rejected"));
  EXPECT_THAT(train.output, HasSubstr("players with a model: 2; population: 20 player-hands"));
  EXPECT_THAT(train.output, HasSubstr("hands/s (2 threads)"));

  const Result summary = Trainer("inspect " + model);
  ASSERT_EQ(summary.exit_code, 0) << summary.output;
  EXPECT_THAT(summary.output, HasSubstr("players: 2; population: 20 player-hands"));
  EXPECT_THAT(summary.output, HasSubstr("model format 1,"));
  EXPECT_THAT(summary.output, Not(HasSubstr("street context")));
  EXPECT_THAT(summary.output, HasSubstr("actions: fold check call r<0.6 r0.6-1 r>=1 all-in"));

  // Alice on the river: 3 hands, one 3/4-pot bet (hand 2, bucket b2), two checks behind.
  const Result river = Trainer("inspect " + model + " --player alice --street river");
  ASSERT_EQ(river.exit_code, 0) << river.output;
  EXPECT_THAT(river.output, HasSubstr("== river: 5 nodes, 5 shown"));
  EXPECT_THAT(river.output,
              HasSubstr("\nroot                                 3         1       -       -       -"
                        "       -  100.0%       -       -\n"
                        "  b2 [0.250,0.375)                             1       -       -       -"
                        "       -  100.0%       -       -\n"
                        "  other:check                        2         2       -  100.0%"));

  const Result json = Trainer("inspect " + model + " --player bob --street flop --json");
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_THAT(json.output, HasSubstr("{\"name\":\"bob\",\"population\":false,\"hands\":10"));
  EXPECT_THAT(json.output, HasSubstr("\"path\":[],\"times\":6,\"decisions\":4"));
  EXPECT_EQ(Trainer("inspect " + model + " --player nobody").exit_code, 1);

  // Another game (30000-chip stacks: the same log is valid in it) cannot be merged in.
  const std::string deep_game = dir_.Write(
      "deep.game", absl::StrReplaceAll(testing::kTenHandsGame, {{"20000 20000", "30000 30000"}}));
  const std::string deep_log = dir_.Write("deep/ten.log", testing::kTenHandsLog);
  const std::string deep = dir_.File("deep.pb");
  ASSERT_EQ(
      Trainer("train --logs " + deep_log + " --game " + deep_game + " --out " + deep).exit_code, 0);
  const Result foreign = Trainer("merge " + model + " " + deep + " --out " + dir_.File("m.pb"));
  EXPECT_EQ(foreign.exit_code, 1);
  EXPECT_THAT(foreign.output, HasSubstr("the model is for another game: stack[0] is 30000"));
  EXPECT_FALSE(std::filesystem::exists(dir_.File("m.pb")));

  // A second log of the same game merges: counts double.
  const std::string other_log = dir_.Write("other/ten.log", testing::kTenHandsLog);
  const std::string other = dir_.File("other.pb");
  ASSERT_EQ(Trainer("train --logs " + other_log + " --game " + game_ + " --out " + other +
                    " --no-street-context")
                .exit_code,
            0);
  const Result merge = Trainer("merge " + model + " " + other + " --out " + dir_.File("m.pb"));
  ASSERT_EQ(merge.exit_code, 0) << merge.output;
  EXPECT_THAT(merge.output, HasSubstr("merged 2 models: 2 players with a model (0 left out for "
                                      "fewer than 0 hands), 40 player-hands"));
  EXPECT_THAT(Trainer("inspect " + dir_.File("m.pb")).output, HasSubstr("20 hands read"));
}

// A merge of pruned merges must not lose players silently. Shards: A alice|bob, B alice|carol,
// C bob|dave, D carol|erin, 10 hands each. Merged with --min-hands 15, A+B keeps alice (20 hands)
// and drops bob and carol (10 each); adding C and D to that would keep bob and carol (20 each)
// with half their hands' counts, and gave 1 player where merging the four shards gives 3.
TEST_F(CliTest, MergeOfAPrunedMergeRefusesPlayersItWouldKeepInPart) {
  const auto shard = [&](const std::string& name, const std::string& first,
                         const std::string& second) {
    const std::string log = dir_.Write(
        name + "/log.log",
        absl::StrReplaceAll(testing::kTenHandsLog, {{"alice", first}, {"bob", second}}));
    const std::string model = dir_.File(name + ".pb");
    const Result train = Trainer("train --logs " + log + " --game " + game_ + " --out " + model +
                                 " --shard 0/1 --no-street-context");
    EXPECT_EQ(train.exit_code, 0) << train.output;
    return model;
  };
  const std::string a = shard("a", "alice", "bob"), b = shard("b", "alice", "carol");
  const std::string c = shard("c", "bob", "dave"), d = shard("d", "carol", "erin");
  const std::string ab = dir_.File("ab.pb");
  const Result first = Trainer("merge " + a + " " + b + " --min-hands 15 --out " + ab);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_THAT(first.output, HasSubstr("1 players with a model (2 left out for fewer than 15 "
                                      "hands; they stay in the population)"));

  const std::string all = dir_.File("all.pb");
  const Result again = Trainer("merge " + ab + " " + c + " " + d + " --out " + all);
  EXPECT_EQ(again.exit_code, 1) << again.output;
  EXPECT_THAT(again.output, HasSubstr("2 players would keep only part of their hands' counts"));
  EXPECT_THAT(again.output, HasSubstr("bob (10 of its 20 hands), carol (10 of its 20 hands)"));
  EXPECT_FALSE(std::filesystem::exists(all));

  // The unpruned shards give every player; --drop-partial leaves the two out, named.
  const Result shards = Trainer("merge " + a + " " + b + " " + c + " " + d +
                                " --min-hands 15 --out " + all + " --json");
  ASSERT_EQ(shards.exit_code, 0) << shards.output;
  EXPECT_THAT(shards.output, HasSubstr("\"players\":3,\"players_dropped\":2"));
  const Result dropped =
      Trainer("merge " + ab + " " + c + " " + d + " --drop-partial --out " + all + " --json");
  ASSERT_EQ(dropped.exit_code, 0) << dropped.output;
  EXPECT_THAT(dropped.output, HasSubstr("left out 2 players whose counts a pruned input dropped in "
                                        "part: bob (10 of its 20 hands), carol"));
  EXPECT_THAT(dropped.output, HasSubstr("\"players\":1,"));
  // Below the threshold in all, a dropped player loses nothing: no refusal (dave and erin have
  // 10 hands each; bob and carol 10 + 10 < 25).
  const Result below = Trainer("merge " + ab + " " + c + " " + d + " --min-hands 25 --out " + all);
  EXPECT_EQ(below.exit_code, 0) << below.output;
  EXPECT_THAT(below.output, HasSubstr("0 players with a model (5 left out for fewer than 25"));
}

TEST_F(CliTest, RefusesBrokenModels) {
  const std::string broken = dir_.Write("broken.pb", "garbage, not a model");
  const Result inspect = Trainer("inspect " + broken);
  EXPECT_EQ(inspect.exit_code, 1);
  EXPECT_THAT(inspect.output, HasSubstr("broken.pb"));
  const Result missing = Trainer("inspect " + dir_.File("none.pb"));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.output, HasSubstr("cannot open"));
}

// The bad inputs a new user tries: each is one clear line and exit 1 (bad data) or 2 (bad
// command line), never an abort or an empty model.
TEST_F(CliTest, BadInputsGetAClearErrorAndTheRightExitCode) {
  const std::string out = dir_.File("bad.pb");
  const Result negative =
      Trainer("train --logs " + log_ + " --game " + game_ + " --out " + out + " --min-hands -5");
  EXPECT_EQ(negative.exit_code, 2) << negative.output;
  EXPECT_THAT(negative.output, HasSubstr("--min-hands must not be negative"));
  EXPECT_EQ(Trainer("merge a.pb --out b.pb --min-hands -1").exit_code, 2);

  // No usable hand: an empty log, a binary file, the wrong --game. No model is written.
  const std::string empty = dir_.Write("empty.log", "");
  const std::string binary = dir_.Write("binary.log", std::string("\x7f"
                                                                  "ELF\0\1\2\3\xff",
                                                                  9));
  const std::string six = dir_.Write(
      "six.game", absl::StrReplaceAll(testing::kTenHandsGame, {{"numPlayers = 2", "numPlayers = 3"},
                                                               {"20000 20000", "20000 20000 20000"},
                                                               {"100 50", "100 50 0"}}));
  for (const std::string& arguments :
       {"--logs " + empty + " --game " + game_, "--logs " + binary + " --game " + game_,
        "--logs " + log_ + " --game " + six}) {
    const Result none = Trainer("train " + arguments + " --out " + out);
    EXPECT_EQ(none.exit_code, 1) << arguments << "\n" << none.output;
    EXPECT_THAT(none.output, HasSubstr("no usable hand")) << arguments;
    EXPECT_FALSE(std::filesystem::exists(out)) << arguments;
  }

  // A shard with no file (more shards than files) says so instead of suspecting the game.
  const Result empty_shard =
      Trainer("train --logs " + log_ + " --game " + game_ + " --out " + out + " --shard 1/2");
  EXPECT_EQ(empty_shard.exit_code, 1) << empty_shard.output;
  EXPECT_THAT(empty_shard.output, HasSubstr("shard 1/2 holds no log file"));
  EXPECT_FALSE(std::filesystem::exists(out));

  // A folder where a model file is expected: an error naming it, not an abort (exit 134).
  const Result inspect = Trainer("inspect " + dir_.path());
  EXPECT_EQ(inspect.exit_code, 1) << inspect.output;
  EXPECT_THAT(inspect.output, HasSubstr("is a folder, not a file"));
  const Result merge = Trainer("merge " + dir_.path() + " --out " + out);
  EXPECT_EQ(merge.exit_code, 1) << merge.output;
  EXPECT_THAT(merge.output, HasSubstr("is a folder, not a file"));

  // --threads beyond the cores is capped (5000 threads took 3.2 GB).
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const Result many =
      Trainer("train --logs " + log_ + " --game " + game_ + " --out " + out + " --threads 5000");
  ASSERT_EQ(many.exit_code, 0) << many.output;
  EXPECT_THAT(many.output, HasSubstr(absl::StrCat("(", cores, " thread")));
}

// Rejected lines: the first 5 are printed, then how many more there were in all (the reader keeps
// only the first 10 of a file, which the count must not stop at), and the counts by reason, also
// when no hand was usable.
TEST_F(CliTest, ProblemsArePrintedFirstFiveThenCountedInAll) {
  std::string junk;
  for (int i = 0; i < 30; ++i) junk += absl::StrCat("junk line ", i, "\n");
  const Result help = Trainer("train --help");
  EXPECT_THAT(help.output, HasSubstr("(the first 5 in all, then how many more)"));

  const std::string mixed = dir_.Write("mixed.log", std::string(testing::kTenHandsLog) + junk);
  const Result some =
      Trainer("train --logs " + mixed + " --game " + game_ + " --out " + dir_.File("m.pb"));
  ASSERT_EQ(some.exit_code, 0) << some.output;
  EXPECT_THAT(some.output, HasSubstr("junk line 4'"));
  EXPECT_THAT(some.output, Not(HasSubstr("junk line 5'")));
  EXPECT_THAT(some.output, HasSubstr("... and 25 more problems (rejected lines by reason below)"));
  // The same line as below, where no hand is usable (one function prints both).
  EXPECT_THAT(some.output, HasSubstr("  rejected not a log line           30\n"));

  const std::string only_junk = dir_.Write("junk.log", junk);
  const Result none =
      Trainer("train --logs " + only_junk + " --game " + game_ + " --out " + dir_.File("n.pb"));
  EXPECT_EQ(none.exit_code, 1) << none.output;
  EXPECT_THAT(none.output, HasSubstr("... and 25 more problems (rejected lines by reason below)"));
  EXPECT_THAT(none.output, HasSubstr("  rejected not a log line           30\n"));
  EXPECT_THAT(none.output, HasSubstr("no usable hand in 1 file(s) (30 lines, 30 rejected"));
}

TEST_F(CliTest, JsonSummariesAndStatsTakeLogsLikeTrain) {
  const std::string model = dir_.File("ten.pb");
  const Result train =
      Trainer("train --logs " + log_ + " --game " + game_ + " --out " + model + " --json");
  ASSERT_EQ(train.exit_code, 0) << train.output;
  EXPECT_THAT(train.output, HasSubstr("\"hands\":10"));
  EXPECT_THAT(train.output, HasSubstr("\"players\":2"));
  EXPECT_THAT(train.output, HasSubstr("\"population_hands\":20"));
  const Result merge = Trainer("merge " + model + " --out " + dir_.File("m.pb") + " --json");
  ASSERT_EQ(merge.exit_code, 0) << merge.output;
  EXPECT_THAT(merge.output, HasSubstr("\"models\":1,\"out\":"));
  EXPECT_THAT(merge.output, HasSubstr("\"players_dropped\":0,"));
  EXPECT_THAT(merge.output, HasSubstr("\"population_hands\":20"));
  // stats: --logs as for train, and plain arguments as before.
  const Result with_option = Trainer("stats --logs " + log_ + " --game " + game_ + " --json");
  const Result positional = Trainer("stats " + log_ + " --game " + game_ + " --json");
  ASSERT_EQ(with_option.exit_code, 0) << with_option.output;
  EXPECT_THAT(with_option.output, HasSubstr("\"hands\":10"));
  EXPECT_EQ(with_option.output.substr(0, with_option.output.find("seconds")),
            positional.output.substr(0, positional.output.find("seconds")));
  // --help shows defaults as written, no build paths.
  const Result help = Trainer("train --help");
  EXPECT_THAT(help.output, HasSubstr("(=0.6)"));
  EXPECT_THAT(help.output, ::testing::Not(HasSubstr("0.599999")));
  EXPECT_THAT(help.output, ::testing::Not(HasSubstr(POKER_SOURCE_DIR)));
}

}  // namespace
}  // namespace trainer
