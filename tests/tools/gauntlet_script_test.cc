// tools/experiments/gauntlet.sh (docs/strength.md): a spec that does not parse is refused before
// anything is played; a small run against every opponent built prints the table and the all-in
// statistics; the same seed plays the same hands (byte-identical logs), and a baseline equal to
// the player gives a paired difference of exactly zero. Skipped without python3.
#include <cstdlib>
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class GauntletScriptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  }
  // Runs the script with `args` (stderr into stdout), the test's build programs.
  test_support::ProgramRun Gauntlet(const std::string& args) {
    return test_support::RunCommand(std::string(POKER_SOURCE_DIR) +
                                    "/tools/experiments/gauntlet.sh " + args + " --bin " +
                                    POKER_BIN_DIR + " 2>&1");
  }
  test_support::TempDir dir_;
};

const std::string kBlueprint = std::string("agent:policy=cfr,strategy=") + POKER_SOURCE_DIR +
                               "/data/strategies/holdem.nolimit.2p.strategy";

TEST_F(GauntletScriptTest, RefusesASpecThatDoesNotParseBeforePlaying) {
  const std::string out = dir_.File("bad");
  const test_support::ProgramRun bad =
      Gauntlet("'agent:policy=nosuchpolicy' --hands 10 --out " + out);
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_THAT(bad.out, HasSubstr("unknown policy 'nosuchpolicy'"));
  EXPECT_THAT(bad.out, HasSubstr("was refused; nothing was played"));
  EXPECT_FALSE(std::filesystem::exists(out));
  // A baseline that does not parse is refused too, and so is a strategy file that is not there
  // (exit 1: a file, not the command line).
  const test_support::ProgramRun baseline =
      Gauntlet("bot:style=ta --baseline bot:style=xx --hands 10 --out " + out);
  EXPECT_EQ(baseline.exit_code, 2) << baseline.out;
  EXPECT_THAT(baseline.out, HasSubstr("unknown bot style 'xx'"));
  const test_support::ProgramRun missing =
      Gauntlet("bot:style=cfr,strategy=" + dir_.File("none.strategy") + " --out " + out);
  EXPECT_EQ(missing.exit_code, 1) << missing.out;
  EXPECT_FALSE(std::filesystem::exists(out));
  const test_support::ProgramRun usage = Gauntlet("bot:style=ta --game poker --out " + out);
  EXPECT_EQ(usage.exit_code, 2) << usage.out;
  EXPECT_THAT(usage.out, HasSubstr("--game must be nolimit or limit"));
}

TEST_F(GauntletScriptTest, SmallRunPrintsEveryOpponentAndRepeatsExactly) {
  const test_support::ProgramRun first =
      Gauntlet("'" + kBlueprint + "' --hands 10 --seed 5 --out " + dir_.File("a"));
  ASSERT_EQ(first.exit_code, 0) << first.out;
  // The bundled sparring partners and the rule bots always play; blueprints built on demand
  // are either played or skipped with the command that builds them.
  for (const char* name : {"CAP3", "PUSHFOLD", "TA", "TP", "LA", "LP", "STATION", "RAISER",
                           "RANDOM"}) {
    EXPECT_THAT(first.out, HasSubstr(std::string("\n") + name + " ")) << name;
  }
  for (const char* name : {"PA", "POT3", "SMALL", "FINE"}) {
    const bool played = first.out.find(std::string("\n") + name + " ") != std::string::npos;
    const bool skipped = first.out.find(std::string("skipping ") + name + ":") != std::string::npos;
    EXPECT_NE(played, skipped) << name << "\n" << first.out;
    if (skipped) {
      EXPECT_THAT(first.out, HasSubstr("gauntlet_blueprints.sh nolimit-"));
    }
  }
  EXPECT_THAT(first.out, HasSubstr("20 hands per opponent (10 deals x 2 seats)"));
  EXPECT_THAT(first.out, HasSubstr("\npooled    all "));
  EXPECT_THAT(first.out, HasSubstr("\npooled    eq "));
  EXPECT_THAT(first.out, HasSubstr("SPEC's all-ins over"));
  EXPECT_THAT(first.out, HasSubstr("turn and river all-ins into pots under 10% of its stack"));
  EXPECT_THAT(first.out, HasSubstr("facing the opponents' all-ins"));

  // The same seed again, one shard after the other, with the player as its own baseline: the
  // same logs byte for byte, and a paired difference of exactly zero.
  const test_support::ProgramRun second =
      Gauntlet("'" + kBlueprint + "' --hands 10 --seed 5 --jobs 1 --opponents pushfold,random,cap3" +
               " --baseline '" + kBlueprint + "' --out " + dir_.File("b"));
  ASSERT_EQ(second.exit_code, 0) << second.out;
  EXPECT_THAT(second.out, HasSubstr("SPEC - SPEC2"));
  EXPECT_THAT(second.out, Not(HasSubstr("TA ")));
  for (const char* name : {"PUSHFOLD", "RANDOM", "CAP3"}) {
    for (const char* part : {".s0.log", ".s0.rot1.log", ".s1.log", ".s1.rot1.log"}) {
      const std::string a = test_support::ReadFileBytes(dir_.File("a/spec/") + name + part);
      EXPECT_FALSE(a.empty()) << name << part;
      EXPECT_EQ(a, test_support::ReadFileBytes(dir_.File("b/spec/") + name + part)) << name << part;
      EXPECT_EQ(a, test_support::ReadFileBytes(dir_.File("b/baseline/") + name + part))
          << name << part;
    }
    EXPECT_THAT(second.out, ::testing::ContainsRegex(std::string("\n") + name +
                                                     " +[a-z]+ .* +0\\.0 \\+- +0\\.0\n"))
        << name;
  }
}

// --common-draws: every opponent plays with draws=hand (recorded in the run's opponents.tsv),
// and a run repeats exactly.
TEST_F(GauntletScriptTest, CommonDrawsGoToEveryOpponent) {
  const auto run = [&](const std::string& out) {
    return Gauntlet("'" + kBlueprint + "' --hands 6 --seed 3 --jobs 1 --opponents random,ta,cap3" +
                    " --common-draws --out " + out);
  };
  const test_support::ProgramRun first = run(dir_.File("c1"));
  ASSERT_EQ(first.exit_code, 0) << first.out;
  const std::string manifest = test_support::ReadFileBytes(dir_.File("c1/opponents.tsv"));
  for (const char* name : {"RANDOM\trule\tbot:style=random,seed=15,draws=hand",
                           "TA\trule\tbot:style=ta,seed=11,draws=hand"}) {
    EXPECT_THAT(manifest, HasSubstr(name)) << manifest;
  }
  EXPECT_THAT(manifest, ::testing::ContainsRegex("CAP3\teq\tbot:style=cfr,strategy=[^\t]*,draws=hand"));
  const test_support::ProgramRun second = run(dir_.File("c2"));
  ASSERT_EQ(second.exit_code, 0) << second.out;
  for (const char* log : {"RANDOM.s0.log", "TA.s1.rot1.log", "CAP3.s0.rot1.log"}) {
    EXPECT_EQ(test_support::ReadFileBytes(dir_.File("c1/spec/") + log),
              test_support::ReadFileBytes(dir_.File("c2/spec/") + log))
        << log;
  }
}

// The report's figures on hand-made logs of one opponent X (2 deals x 2 seats, the bundled
// no-limit game: position 0 posts the big blind of 100 and acts first after the flop; stacks
// 20000): a river shove into 2 big blinds called and lost (-20000), X's preflop shove folded to
// (-100), a flop shove into 6 big blinds folded to (+300), a hand without all-ins (-200).
TEST_F(GauntletScriptTest, ReportCountsAllInsFromLogs) {
  dir_.Write("r/opponents.tsv", "X\teq\tbot:style=ta\n");
  dir_.Write("r/spec/X.s0.log",
             "# name/game/hands/seed arena x 2 1\n"
             "STATE:0:cc/cc/cc/r20000c:AsKs|QhQd/2c8d9h/Js/3c:-20000|20000:SPEC|X\n"
             "STATE:1:r20000f:7c2d|AhAd:-100|100:SPEC|X\n");
  dir_.Write("r/spec/X.s0.rot1.log",
             "STATE:0:r300c/cr20000f:QhQd|AsKs/2c8d9h:-300|300:X|SPEC\n"
             "STATE:1:cc/cc/cc/cc:AhAd|7c2d/2c8d9h/Js/3c:200|-200:X|SPEC\n");
  dir_.Write("r/spec/X.json",
             "{\"hands\": 4, \"players\": [{\"name\": \"SPEC\", \"mbb_per_hand\": -50000, "
             "\"ci95\": 1.5}]}");
  const test_support::ProgramRun run = test_support::RunCommand(
      std::string("python3 ") + POKER_SOURCE_DIR + "/tools/experiments/gauntlet_report.py --game " +
      POKER_SOURCE_DIR + "/data/games/holdem.nolimit.2p.reverse_blinds.game --dir " +
      dir_.File("r") + " --spec S 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  // The arena's figure as its JSON has it; pooled from the logs: per deal (-20000 + 300) and
  // (-100 - 200) chips over 2 seats, i.e. -50000 mbb/hand, +- 1.96 x 13717.9 / sqrt(2) x 5.
  EXPECT_THAT(run.out, HasSubstr("\nX         eq    -50000.0 +-    1.5\n"));
  EXPECT_THAT(run.out, HasSubstr("\npooled    all   -50000.0 +- 95060.0\n"));
  EXPECT_THAT(run.out, HasSubstr("\npreflop         0       0.0          -       0%     0-0 "));
  EXPECT_THAT(run.out, HasSubstr("\nflop            1     250.0        6.0       0%     0-0 "
                                 "           3.0        750.0\n"));
  EXPECT_THAT(run.out, HasSubstr("\nriver           1     250.0        2.0     100%     0-1 "
                                 "        -200.0     -50000.0\n"));
  EXPECT_THAT(run.out, HasSubstr("pots under 10% of its stack: 1 (250.00 per 1000 hands), net "
                                 "-200.0 bb = -50000.0 mbb/hand"));
  EXPECT_THAT(run.out, HasSubstr("facing the opponents' all-ins: 1 (250.0 per 1000 hands), called "
                                 "0 (0%), net -1.0 bb = -250.0 mbb/hand"));
  // The same by street: X's preflop shove into 1.5 big blinds, folded to.
  EXPECT_THAT(run.out, ::testing::ContainsRegex("\nfaced +all-ins +median pot +called +net called "
                                                "bb +net folded bb\npreflop +1 +1\\.5 +0% +0\\.0 "
                                                "+-1\\.0\nflop +0 +- +0% +0\\.0 +0\\.0\n"));
  // A log that names no SPEC is an error naming the file, not a traceback.
  dir_.Write("r/spec/X.s0.log", "STATE:0:cc/cc/cc/cc:AsKs|QhQd/2c8d9h/Js/3c:-200|200:A|X\n");
  const test_support::ProgramRun bad = test_support::RunCommand(
      std::string("python3 ") + POKER_SOURCE_DIR + "/tools/experiments/gauntlet_report.py --game " +
      POKER_SOURCE_DIR + "/data/games/holdem.nolimit.2p.reverse_blinds.game --dir " +
      dir_.File("r") + " --spec S 2>&1");
  EXPECT_EQ(bad.exit_code, 1) << bad.out;
  EXPECT_THAT(bad.out, HasSubstr("X.s0.log:1: no player 'SPEC'"));
  EXPECT_THAT(bad.out, Not(HasSubstr("Traceback")));
}

}  // namespace
