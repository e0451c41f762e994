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
              "--model",
              "none",
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
    ASSERT_TRUE(absl::StartsWith(line, "{\"hand\": ") && absl::EndsWith(line, "}")) << line;
  }
  const poker::GameDef game = *poker::ParseGameDef(c.game_text);
  absl::StatusOr<trainer::OpponentModel> learned =
      trainer::OpponentModel::Load(dir.File("learned.pb"), &game);
  ASSERT_TRUE(learned.ok()) << learned.status();
  EXPECT_EQ(learned->provenance().online_hands, static_cast<uint64_t>(c.hands));
  EXPECT_EQ(learned->num_players(), n - 1);  // "seat<k>" for every other seat
}

INSTANTIATE_TEST_SUITE_P(
    Games, AgentEndToEndTest,
    ::testing::Values(
        MatchCase{"nolimit2p", kNoLimit2p, 300, 0, {"ta"}, "fold"},
        MatchCase{"nolimit2p_joker", kNoLimit2p, 150, 1, {"la"}, "joker"},
        MatchCase{"nolimit3p", kNoLimit3p, 150, 1, {"tp", "random"}, "fold"},
        MatchCase{"nolimit6p", kNoLimit6p, 60, 3, {"ta", "la", "tp", "lp", "random"}, "fold"},
        MatchCase{"limit2p", kLimit2p, 300, 1, {"raiser"}, "fold"}),
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

}  // namespace
}  // namespace agentplay_test
