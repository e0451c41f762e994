// End to end on 127.0.0.1: our dealer program with bot programs for 2-, 3- and 6-player no-limit
// and 2-player limit (exit codes 0, every hand logged, SCORE sums to zero); the same match in the
// arena gives the same log; tools/play_match.sh runs a match and prints its SCORE line.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"
#include "tools/arena/ring.h"

namespace tools_test {
namespace {

using std::chrono::milliseconds;

struct EndToEndCase {
  const char* label;
  const char* game_text;
  int hands;
  std::vector<std::string> styles;  // one bot per seat
};

// Sum of the SCORE line's totals; checks it has one per seat.
double ScoreSum(const std::string& score, int seats) {
  const std::vector<std::string> parts = absl::StrSplit(score, ':');
  EXPECT_EQ(parts.size(), 3u) << score;
  if (parts.size() != 3) return 1e9;
  const std::vector<std::string> values = absl::StrSplit(parts[1], '|');
  EXPECT_EQ(static_cast<int>(values.size()), seats) << score;
  double sum = 0;
  for (const std::string& v : values) {
    double x = 0;
    EXPECT_TRUE(absl::SimpleAtod(v, &x)) << v;
    sum += x;
  }
  return sum;
}

// Runs the dealer and one bot process per seat; returns the log text ("" on failure).
std::string RunDealerWithBots(const TempDir& dir, const EndToEndCase& c, uint32_t seed) {
  WriteFile(dir.File("game.game"), c.game_text);
  const int n = static_cast<int>(c.styles.size());
  std::vector<std::string> argv = {BinPath("dealer"), "match", "game.game", std::to_string(c.hands),
                                   std::to_string(seed)};
  for (int s = 0; s < n; ++s) argv.push_back(absl::StrCat("P", s + 1));
  argv.push_back("-q");
  Subprocess dealer(argv, dir.path(), dir.File("dealer.err"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  EXPECT_TRUE(ports_line.has_value());
  if (!ports_line) return "";
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  EXPECT_EQ(static_cast<int>(ports.size()), n);
  std::vector<std::unique_ptr<Subprocess>> bots;
  for (int s = 0; s < n && s < static_cast<int>(ports.size()); ++s) {
    bots.push_back(std::make_unique<Subprocess>(
        std::vector<std::string>{BinPath("bot"), "--style", c.styles[s], "--seed",
                                 std::to_string(s + 1), "--trials", "300", "--game",
                                 dir.File("game.game"), "127.0.0.1", ports[s]},
        dir.path(), dir.File(absl::StrCat("bot", s, ".err"))));
  }
  const std::string score = dealer.ReadRest(milliseconds(120000));
  EXPECT_EQ(dealer.Wait(milliseconds(10000)), 0) << ReadFile(dir.File("dealer.err"));
  for (int s = 0; s < static_cast<int>(bots.size()); ++s) {
    EXPECT_EQ(bots[s]->Wait(milliseconds(10000)), 0)
        << "bot " << s << ": " << ReadFile(dir.File(absl::StrCat("bot", s, ".err")));
  }
  EXPECT_TRUE(absl::StartsWith(score, "SCORE:")) << score;
  EXPECT_NEAR(ScoreSum(score.substr(0, score.find('\n')), n), 0.0, 1e-6);
  return ReadFile(dir.File("match.log"));
}

class EndToEndTest : public ::testing::TestWithParam<EndToEndCase> {};

TEST_P(EndToEndTest, DealerAndBotsPlayAFullMatch) {
  const EndToEndCase& c = GetParam();
  TempDir dir;
  const std::string log = RunDealerWithBots(dir, c, 11);
  const std::vector<std::string> lines = SplitLines(log);
  ASSERT_EQ(static_cast<int>(lines.size()), 4 + c.hands + 1);
  EXPECT_TRUE(absl::StartsWith(lines[4], "STATE:0:"));
  EXPECT_TRUE(absl::StartsWith(lines[4 + c.hands - 1], absl::StrCat("STATE:", c.hands - 1, ":")));
  EXPECT_TRUE(absl::StartsWith(lines.back(), "SCORE:"));
}

INSTANTIATE_TEST_SUITE_P(
    Games, EndToEndTest,
    ::testing::Values(EndToEndCase{"nolimit2p", kNoLimit2pGame, 300, {"ta", "la"}},
                      EndToEndCase{"nolimit3p", kNoLimit3pGame, 200, {"tp", "random", "lp"}},
                      EndToEndCase{"nolimit6p",
                                   kNoLimit6pGame,
                                   100,
                                   {"ta", "la", "tp", "lp", "random", "station"}},
                      EndToEndCase{"limit2p", kLimit2pGame, 300, {"raiser", "ta"}}),
    [](const ::testing::TestParamInfo<EndToEndCase>& info) { return info.param.label; });

TEST(EndToEndTest, ArenaWritesTheSameLogAsDealerWithBots) {
  // Same seed, same bots, same seeds: the in-process match equals the one over sockets.
  const EndToEndCase c{"nolimit2p", kNoLimit2pGame, 200, {"ta", "random"}};
  TempDir dir;
  const std::string dealer_log = RunDealerWithBots(dir, c, 5);
  ASSERT_FALSE(dealer_log.empty());

  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  arena::RingOptions options;
  options.hands = 200;
  options.seed = 5;
  options.match_name = "match";
  options.game_file = "game.game";
  options.log_path = dir.File("arena.log");
  const std::vector<arena::PlayerSpec> players = {{"P1", "bot:style=ta,seed=1,trials=300"},
                                                  {"P2", "bot:style=random,seed=2"}};
  absl::StatusOr<arena::RingResult> result = arena::RunRing(game, players, options);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(ReadFile(dir.File("arena.log")), dealer_log);
}

TEST(EndToEndTest, ArenaJsonQuotesNames) {
  // Player names are free text: quotes, backslashes, UTF-8 and stray bytes come back as valid
  // JSON strings.
  TempDir dir;
  WriteFile(dir.File("game.game"), kNoLimit2pGame);
  Subprocess run({BinPath("arena"), "--game", dir.File("game.game"), "--hands", "50", "--seed", "4",
                  "--player", "Zo\xc3\xab \"Q\"=bot:style=ta,trials=200", "--player",
                  "back\\slash\xff=bot:style=random", "--json", "-q"},
                 dir.path(), dir.File("arena.err"));
  const std::string out = run.ReadRest(milliseconds(60000));
  ASSERT_EQ(run.Wait(milliseconds(10000)), 0) << out << ReadFile(dir.File("arena.err"));
  // The stray byte 0xff is read as Latin-1: U+00FF, written as UTF-8.
  EXPECT_NE(out.find("{\"name\":\"Zo\xc3\xab \\\"Q\\\"\",\"chips\":"), std::string::npos) << out;
  EXPECT_NE(out.find("{\"name\":\"back\\\\slash\xc3\xbf\",\"chips\":"), std::string::npos) << out;
}

TEST(EndToEndTest, PlayMatchScriptPrintsScore) {
  const std::string script = std::string(POKER_SOURCE_DIR) + "/tools/play_match.sh";
  TempDir dir;
  WriteFile(dir.File("game.game"), kNoLimit2pGame);
  const std::string bot = BinPath("bot");
  Subprocess run({"/bin/bash", script, "--dealer", BinPath("dealer"), "--timeout", "60",
                  dir.File("pm"), dir.File("game.game"), "100", "3", "Alpha",
                  absl::StrCat(bot, " --style ta --game ", dir.File("game.game")), "Beta",
                  absl::StrCat(bot, " --style lp --seed 9 --game ", dir.File("game.game"))},
                 dir.path(), dir.File("script.err"));
  const std::string out = run.ReadRest(milliseconds(90000));
  ASSERT_EQ(run.Wait(milliseconds(10000)), 0) << out << ReadFile(dir.File("script.err"));
  const std::vector<std::string> lines = SplitLines(out);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(absl::StartsWith(lines.back(), "SCORE:")) << out;
  EXPECT_TRUE(absl::EndsWith(lines.back(), ":Alpha|Beta")) << out;
  EXPECT_NEAR(ScoreSum(lines.back(), 2), 0.0, 1e-6);
  EXPECT_EQ(SplitLines(ReadFile(dir.File("pm.log"))).size(), 4u + 100 + 1);
  // Before SCORE, each player's mbb/hand with its 95% interval (sorted by name).
  ASSERT_GE(lines.size(), 3u);
  EXPECT_TRUE(absl::StartsWith(lines[lines.size() - 3], "Alpha ")) << out;
  EXPECT_TRUE(absl::StartsWith(lines[lines.size() - 2], "Beta ")) << out;
  EXPECT_TRUE(absl::StrContains(lines[lines.size() - 3], "in 100 hands =")) << out;
  EXPECT_TRUE(absl::StrContains(lines[lines.size() - 3], "mbb/hand +- ")) << out;
  EXPECT_TRUE(absl::StrContains(lines[lines.size() - 3], "(95% interval)")) << out;
}

// A player that fails makes the script fail, even though the dealer finished or never started:
// here a bot with an unknown style exits 2 at once and the script stops (exit 1) instead of
// waiting for the dealer's timeout.
TEST(EndToEndTest, PlayMatchScriptFailsWhenAPlayerFails) {
  const std::string script = std::string(POKER_SOURCE_DIR) + "/tools/play_match.sh";
  TempDir dir;
  WriteFile(dir.File("game.game"), kNoLimit2pGame);
  const std::string bot = BinPath("bot");
  Subprocess run({"/bin/bash", script, "--dealer", BinPath("dealer"), "--timeout", "60",
                  dir.File("pm"), dir.File("game.game"), "20", "3", "Alpha",
                  absl::StrCat(bot, " --style ta --game ", dir.File("game.game")), "Broken",
                  absl::StrCat(bot, " --style nonsense --game ", dir.File("game.game"))},
                 dir.path(), dir.File("script.err"));
  run.ReadRest(milliseconds(60000));
  EXPECT_EQ(run.Wait(milliseconds(10000)), 1);
  EXPECT_TRUE(
      absl::StrContains(ReadFile(dir.File("script.err")), "player Broken exited with status 2"))
      << ReadFile(dir.File("script.err"));
}

TEST(EndToEndTest, ScriptsHelpExitsZero) {
  for (const char* name : {"play_match.sh", "demo.sh", "experiments/make_corpus.sh"}) {
    const std::string script = std::string(POKER_SOURCE_DIR) + "/tools/" + name;
    TempDir dir;
    Subprocess help({"/bin/bash", script, "--help"}, dir.path(), dir.File("err.txt"));
    const std::string out = help.ReadRest(milliseconds(20000));
    EXPECT_EQ(help.Wait(milliseconds(20000)), 0) << name << ReadFile(dir.File("err.txt"));
    EXPECT_TRUE(absl::StrContains(out, "Usage:")) << name << ": " << out;
  }
}

// Bad inputs to the dealer, bot and arena: a folder where the game file is expected (it used to
// abort with std::ios_failure, exit 134), negative numbers (that used to wrap), and game names
// accepted as trainer accepts them; the bot's --strategy missing or not a strategy.
TEST(EndToEndTest, BadInputsToTheProgramsGetAClearErrorAndExitCode) {
  TempDir dir;
  struct Case {
    std::vector<std::string> argv;
    int status;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{BinPath("dealer"), "m", dir.path(), "10", "1", "A", "B"}, 1, "is a folder"},
      {{BinPath("bot"), "--style", "ta", "--game", dir.path(), "127.0.0.1", "1"}, 1, "is a folder"},
      {{BinPath("arena"), "--game", dir.path(), "--player", "a=bot:style=ta", "--player",
        "b=bot:style=la"},
       1,
       "is a folder"},
      {{BinPath("arena"), "--game", "holdem.nolimit.2p.reverse_blinds", "--hands", "-1", "--player",
        "a=bot:style=ta", "--player", "b=bot:style=la"},
       2,
       "--hands must be in"},
      {{BinPath("arena"), "--game", "holdem.nolimit.2p.reverse_blinds", "--seed", "-1", "--player",
        "a=bot:style=ta", "--player", "b=bot:style=la"},
       2,
       "--seed must be in"},
      {{BinPath("dealer"), "m", "no_such_game", "10", "1", "A", "B"}, 1, "not found"},
      // bot --style cfr: a strategy file that is missing or not a strategy is a failure (1), as
      // the arena and agent exit for the same file; a bad option value is a usage error (2).
      {{BinPath("bot"), "--style", "cfr", "--strategy", dir.File("none.strategy"), "--game",
        "holdem.nolimit.2p.reverse_blinds", "127.0.0.1", "1"},
       1,
       "cannot open"},
      {{BinPath("bot"), "--style", "cfr", "--strategy", dir.File("junk.txt"), "--game",
        "holdem.nolimit.2p.reverse_blinds", "127.0.0.1", "1"},
       1,
       "not a solver strategy file"},
      {{BinPath("bot"), "--style", "cfr", "--strategy", dir.File("junk.txt"), "--threshold", "2",
        "--game", "holdem.nolimit.2p.reverse_blinds", "127.0.0.1", "1"},
       2,
       "--threshold"},
      {{BinPath("bot"), "--style", "xx", "--game", "holdem.nolimit.2p.reverse_blinds", "127.0.0.1",
        "1"},
       2,
       "unknown bot style 'xx'"},
  };
  WriteFile(dir.File("junk.txt"), "garbage\n");
  for (const Case& c : cases) {
    const std::string err = dir.File("err.txt");
    std::remove(err.c_str());
    Subprocess run(c.argv, dir.path(), err);
    run.ReadRest(milliseconds(20000));
    EXPECT_EQ(run.Wait(milliseconds(20000)), c.status) << c.argv[0] << ": " << ReadFile(err);
    EXPECT_TRUE(absl::StrContains(ReadFile(err), c.message)) << c.argv[0] << ": " << ReadFile(err);
  }
  // A game name as trainer takes it, in the arena (the dealer and bot share the resolver).
  Subprocess named(
      {BinPath("arena"), "--game", "holdem.nolimit.2p.reverse_blinds", "--hands", "20", "--player",
       "a=bot:style=ta,trials=50", "--player", "b=bot:style=la,trials=50", "--json", "-q"},
      dir.path(), dir.File("named.err"));
  const std::string out = named.ReadRest(milliseconds(30000));
  EXPECT_EQ(named.Wait(milliseconds(10000)), 0) << ReadFile(dir.File("named.err"));
  EXPECT_TRUE(absl::StrContains(out, "\"hands\":20")) << out;
}

}  // namespace
}  // namespace tools_test
