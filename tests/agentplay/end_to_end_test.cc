// End to end on 127.0.0.1: our dealer program, the agent program and bot programs in 2-, 3- and
// 6-player no-limit and 2-player limit. Every process exits 0, the dealer never warns about an
// invalid action, every hand is logged, the decision log has one line per decision and
// --save-model writes a model.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "tests/agentplay/agent_test_util.h"
#include "tests/tools/process_util.h"
#include "trainer/opponent_model.h"

namespace agentplay_test {
namespace {

using std::chrono::milliseconds;
using tools_test::BinPath;
using tools_test::ReadFile;
using tools_test::SplitLines;
using tools_test::Subprocess;
using tools_test::TempDir;
using tools_test::WriteFile;

struct MatchCase {
  const char* label;
  const char* game_text;
  int hands;
  int agent_seat;
  std::vector<std::string> bots;  // styles of the other seats, in seat order
  std::string policy;
  bool bundled_model = false;  // the agent's default model instead of --model none
};

class AgentEndToEndTest : public ::testing::TestWithParam<MatchCase> {};

TEST_P(AgentEndToEndTest, TheAgentPlaysAFullMatchThroughOurDealer) {
  const MatchCase& c = GetParam();
  TempDir dir;
  const std::string game_file = dir.File("game.game");
  WriteFile(game_file, c.game_text);
  const int n = static_cast<int>(c.bots.size()) + 1;
  std::vector<std::string> argv = {BinPath("dealer"), "match", "game.game", std::to_string(c.hands),
                                   "7"};
  for (int s = 0; s < n; ++s) argv.push_back(s == c.agent_seat ? "agent" : absl::StrCat("bot", s));
  argv.push_back("-q");
  Subprocess dealer(argv, dir.path(), dir.File("dealer.err"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  ASSERT_TRUE(ports_line.has_value()) << ReadFile(dir.File("dealer.err"));
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  ASSERT_EQ(static_cast<int>(ports.size()), n);

  std::vector<std::unique_ptr<Subprocess>> players;
  int bot = 0;
  for (int s = 0; s < n; ++s) {
    std::vector<std::string> args;
    if (s == c.agent_seat) {
      args = {BinPath("agent"),
              "--game",
              game_file,
              "--policy",
              c.policy,
              "--seed",
              "3",
              "--decision-log",
              dir.File("decisions.jsonl"),
              "--save-model",
              dir.File("learned.pb"),
              "--param",
              "trials=3000",
              "127.0.0.1",
              ports[s]};
      if (!c.bundled_model) args.insert(args.begin() + 3, {"--model", "none"});
    } else {
      args = {BinPath("bot"), "--style", c.bots[bot++], "--seed",  std::to_string(s + 1),
              "--trials",     "200",     "--game",      game_file, "127.0.0.1",
              ports[s]};
    }
    players.push_back(
        std::make_unique<Subprocess>(args, dir.path(), dir.File(absl::StrCat("seat", s, ".err"))));
  }
  const std::string score = dealer.ReadRest(milliseconds(90000));
  ASSERT_EQ(dealer.Wait(milliseconds(10000)), 0) << ReadFile(dir.File("dealer.err"));
  for (int s = 0; s < n; ++s) {
    EXPECT_EQ(players[s]->Wait(milliseconds(20000)), 0)
        << "seat " << s << ": " << ReadFile(dir.File(absl::StrCat("seat", s, ".err")));
  }
  const std::string dealer_err = ReadFile(dir.File("dealer.err"));
  EXPECT_FALSE(absl::StrContains(dealer_err, "WARNING")) << dealer_err;
  EXPECT_TRUE(absl::StartsWith(score, "SCORE:")) << score;

  const std::vector<std::string> log = SplitLines(ReadFile(dir.File("match.log")));
  ASSERT_EQ(static_cast<int>(log.size()), 4 + c.hands + 1);
  const std::vector<std::string> decisions = SplitLines(ReadFile(dir.File("decisions.jsonl")));
  EXPECT_GT(static_cast<int>(decisions.size()), c.hands / 3);
  for (const std::string& line : decisions) {
    ASSERT_TRUE(absl::StartsWith(line, "{\"hand\":") && absl::EndsWith(line, "}")) << line;
  }
  const poker::GameDef game = *poker::ParseGameDef(c.game_text);
  absl::StatusOr<trainer::OpponentModel> learned =
      trainer::OpponentModel::Load(dir.File("learned.pb"), &game);
  ASSERT_TRUE(learned.ok()) << learned.status();
  EXPECT_EQ(learned->provenance().online_hands, static_cast<uint64_t>(c.hands));
  if (c.bundled_model) {
    // The bundled model's players (the bots it was trained on) plus "seat<k>" for the others.
    EXPECT_GT(learned->num_players(), n - 1);
  } else {
    EXPECT_EQ(learned->num_players(), n - 1);  // "seat<k>" for every other seat
  }
}

INSTANTIATE_TEST_SUITE_P(
    Games, AgentEndToEndTest,
    ::testing::Values(
        MatchCase{"nolimit2p", kNoLimit2p, 300, 0, {"ta"}, "fold"},
        MatchCase{"nolimit2p_joker", kNoLimit2p, 150, 1, {"la"}, "joker"},
        MatchCase{"nolimit3p", kNoLimit3p, 150, 1, {"tp", "random"}, "fold"},
        MatchCase{"nolimit6p", kNoLimit6p, 60, 3, {"ta", "la", "tp", "lp", "random"}, "fold"},
        MatchCase{"limit2p", kLimit2p, 300, 1, {"raiser"}, "fold"},
        MatchCase{"nolimit2p_bundled_model", kNoLimit2p, 200, 1, {"ta"}, "fold", true}),
    [](const ::testing::TestParamInfo<MatchCase>& info) { return info.param.label; });

TEST(AgentProgramTest, UsageErrorsExitTwo) {
  TempDir dir;
  Subprocess no_args({BinPath("agent")}, dir.path(), "");
  EXPECT_EQ(no_args.Wait(milliseconds(10000)), 2);
  WriteFile(dir.File("game.game"), kNoLimit2p);
  Subprocess bad_param(
      {BinPath("agent"), "--game", dir.File("game.game"), "--param", "nope=1", "127.0.0.1", "1"},
      dir.path(), "");
  EXPECT_EQ(bad_param.Wait(milliseconds(10000)), 2);
  Subprocess help({BinPath("agent"), "--help"}, dir.path(), "");
  const std::string text = help.ReadRest(milliseconds(10000));
  EXPECT_EQ(help.Wait(milliseconds(10000)), 0);
  EXPECT_TRUE(absl::StrContains(text, "call_thr")) << text;
  EXPECT_TRUE(absl::StrContains(text, "Exit status")) << text;
  // Nobody listening: a connection error, exit 1.
  Subprocess refused(
      {BinPath("agent"), "--game", dir.File("game.game"), "--model", "none", "127.0.0.1", "1"},
      dir.path(), "");
  EXPECT_EQ(refused.Wait(milliseconds(20000)), 1);
}

// Bad inputs: a folder where a file is expected (it used to abort with std::ios_failure, exit
// 134), an unwritable --save-model (refused before connecting, not after the match), a bad
// --dealer-timeout, files with bad contents. Each: one line naming the problem, exit 1 (a file that
// cannot be read or holds bad data) or 2 (bad command line).
TEST(AgentProgramTest, BadInputsGetAClearErrorBeforeConnecting) {
  TempDir dir;
  WriteFile(dir.File("game.game"), kNoLimit2p);
  struct Case {
    std::vector<std::string> args;
    int status;
    const char* message;
  };
  const std::string game = dir.File("game.game");
  const std::vector<Case> cases = {
      {{"--game", dir.path()}, 1, "is a folder, not a game file"},
      {{"--game", game, "--model", dir.path()}, 1, "is a folder, not a file"},
      {{"--game", game, "--model", "none", "--save-model", dir.File("no/such/folder/m.pb")},
       1,
       "/no/such/folder does not exist"},
      {{"--game", game, "--model", "none", "--save-model", dir.path()}, 1, "is a folder"},
      {{"--game", game, "--model", "none", "--dealer-timeout", "0"}, 2, "--dealer-timeout"},
      {{"--game", game, "--config", dir.path()}, 1, "is a folder, not a file"},
      // A config file, or a file a policy names, with bad contents: its data, exit 1 (the README's
      // rule; a bad config line used to exit 2). A bad command line: 2.
      {{"--game", game, "--config", game}, 1, "game.game: "},
      {{"--game", game, "--model", "none", "--policy", "cfr", "--strategy", game},
       1,
       "game.game: not a solver strategy file"},
      {{"--game", game, "--model", "none", "--policy", "cfr"}, 2, "needs a strategy file"},
      {{"--game", game, "--model", "none", "--policy", "nope"}, 2, "unknown policy 'nope'"},
      {{"--game", game, "--model", game}, 1, "game.game"},
      // A strategy of another game: refused before the match (it used to check and call every
      // hand with exit 0), as by `bot --style cfr`; the same for the search's named blueprint.
      {{"--game", game, "--model", "none", "--policy", "cfr", "--strategy",
        std::string(POKER_SOURCE_DIR) + "/data/strategies/kuhn.limit.2p.strategy"},
       1,
       "kuhn.limit.2p.strategy: made for another game than the match's"},
      {{"--game", game, "--model", "none", "--param",
        "search_strategy=" + std::string(POKER_SOURCE_DIR) +
            "/data/strategies/kuhn.limit.2p.strategy"},
       1,
       "search_strategy: "},
      // Parameters outside their range (a switch of 7, a probability of 2): usage errors.
      {{"--game", game, "--model", "none", "--param", "cfr_purify=7"},
       2,
       "parameter cfr_purify must be a whole number in [-1, 1] (got 7)"},
      {{"--game", game, "--model", "none", "--param", "min_likelihood=2"},
       2,
       "parameter min_likelihood must be a number in [0, 1] (got 2)"},
      {{"--game", game, "--model", "none", "--param", "trials=nan"}, 2, "parameter trials: 'nan'"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {BinPath("agent")};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    argv.insert(argv.end(), {"127.0.0.1", "1"});
    const std::string err = dir.File("err.txt");
    std::remove(err.c_str());
    Subprocess agent(argv, dir.path(), err);
    EXPECT_EQ(agent.Wait(milliseconds(20000)), c.status) << c.message << ": " << ReadFile(err);
    EXPECT_TRUE(absl::StrContains(ReadFile(err), c.message)) << ReadFile(err);
  }
}

// The game can be named as trainer takes it: a name from data/games.
TEST(AgentProgramTest, GameByName) {
  TempDir dir;
  Subprocess agent({BinPath("agent"), "--game", "holdem.nolimit.2p.reverse_blinds", "--model",
                    "none", "--quiet", "127.0.0.1", "1"},
                   dir.path(), dir.File("err.txt"));
  // Nobody listens on port 1: the game was found, the connection fails (exit 1, not "not found").
  EXPECT_EQ(agent.Wait(milliseconds(20000)), 1);
  const std::string err = ReadFile(dir.File("err.txt"));
  EXPECT_TRUE(absl::StrContains(err, "cannot connect")) << err;
}

// The dealer aborts the match (the other seat went silent) while a hand is being played: the
// agent says so and exits 1, and still writes --save-model with what it learned.
TEST(AgentProgramTest, LostConnectionMidMatchExitsOne) {
  TempDir dir;
  WriteFile(dir.File("game.game"), kNoLimit2p);
  Subprocess dealer({BinPath("dealer"), "m", "game.game", "50", "3", "silent", "agent", "-q",
                     "--t_response", "1500"},
                    dir.path(), dir.File("dealer.err"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  ASSERT_TRUE(ports_line.has_value());
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  ASSERT_EQ(ports.size(), 2u);
  tools_test::LineClient silent;
  ASSERT_TRUE(silent.Connect(std::stoi(ports[0])));
  silent.Send("VERSION:2.0.0\r\n");
  Subprocess agent({BinPath("agent"), "--game", dir.File("game.game"), "--model", "none",
                    "--save-model", dir.File("learned.pb"), "127.0.0.1", ports[1]},
                   dir.path(), dir.File("agent.err"));
  // Hand 0: the agent (small blind) acts first, then the silent seat never answers.
  EXPECT_EQ(dealer.Wait(milliseconds(20000)), 1);
  EXPECT_EQ(agent.Wait(milliseconds(20000)), 1) << ReadFile(dir.File("agent.err"));
  const std::string err = ReadFile(dir.File("agent.err"));
  EXPECT_TRUE(absl::StrContains(err, "lost the connection to the dealer in the middle of hand 0"))
      << err;
  EXPECT_TRUE(absl::StrContains(err, "wrote the learned model")) << err;
}

}  // namespace
// An agent started with another game than the dealer's leaves at once, saying so (it used to skip
// every state and leave the dealer waiting out its 600 s timeout): here a hold'em agent at a Kuhn
// dealer, whose first state already shows one card where hold'em deals two.
TEST(AgentProgramTest, LeavesAMatchOfAnotherGameAtOnce) {
  TempDir dir;
  const std::string kuhn = std::string(POKER_SOURCE_DIR) + "/data/games/kuhn.limit.2p.game";
  Subprocess dealer(
      {BinPath("dealer"), "m", kuhn, "20", "7", "agent", "random", "-q", "--t_response", "20000"},
      dir.path(), dir.File("dealer.err"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  ASSERT_TRUE(ports_line.has_value());
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  ASSERT_EQ(ports.size(), 2u);
  Subprocess bot({BinPath("bot"), "--style", "random", "--game", kuhn, "127.0.0.1", ports[1]},
                 dir.path(), dir.File("bot.err"));
  const auto start = std::chrono::steady_clock::now();
  Subprocess agent({BinPath("agent"), "--game", "holdem.limit.2p.reverse_blinds", "--model", "none",
                    "--quiet", "127.0.0.1", ports[0]},
                   dir.path(), dir.File("agent.err"));
  EXPECT_EQ(agent.Wait(milliseconds(30000)), 1) << ReadFile(dir.File("agent.err"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  const std::string err = ReadFile(dir.File("agent.err"));
  EXPECT_TRUE(absl::StrContains(err, "cannot be one of the game of --game")) << err;
  EXPECT_TRUE(absl::StrContains(err, "leaving the match")) << err;
  dealer.Wait(milliseconds(20000));
  bot.Wait(milliseconds(20000));
}

}  // namespace agentplay_test
