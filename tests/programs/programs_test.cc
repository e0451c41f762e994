// The programs as a user runs them: every program answers --version; a person plays through our
// dealer with `human` (scripted through a pipe) against the agent, alone and seated by
// tools/play_match.sh; play_match.sh gives an outside dealer a game file's path for a game name
// and prints JSON. Everything on 127.0.0.1, bounded in time, processes stopped by pid.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/tools/process_util.h"

namespace tools_test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using std::chrono::milliseconds;

constexpr char kGame[] = "holdem.nolimit.2p.reverse_blinds";

std::string Script(const std::string& name) {
  return std::string(POKER_SOURCE_DIR) + "/tools/" + name;
}

// The lines a scripted person types: a few that are not decisions, then calls and checks with a
// minimum raise now and then (refused with the reason where no raise is allowed), then `q`.
std::string ScriptedInput() {
  std::string input = "hello\n?\nr 1\n";
  for (int i = 0; i < 120; ++i) input += i % 4 == 3 ? "m\n" : "c\n";
  return input;
}

// The chips of seat `name` in a SCORE:<values>:<names> line.
double ScoreOf(const std::string& score, const std::string& name) {
  const std::vector<std::string> fields = absl::StrSplit(score, ':');
  if (fields.size() < 3) return 1e30;
  const std::vector<std::string> values = absl::StrSplit(fields[1], '|');
  const std::vector<std::string> names = absl::StrSplit(fields[2], '|');
  for (size_t i = 0; i < names.size() && i < values.size(); ++i) {
    double value = 0;
    if (names[i] == name && absl::SimpleAtod(values[i], &value)) return value;
  }
  return 1e30;
}

// The chips in `Match over: N hands, +X chips (...)`.
double TotalOf(const std::string& human_out) {
  const size_t at = human_out.find("Match over: 20 hands, ");
  if (at == std::string::npos) return -1e30;
  const std::string rest = human_out.substr(at + 22);
  double value = 0;
  if (!absl::SimpleAtod(rest.substr(0, rest.find(' ')), &value)) return -1e30;
  return value;
}

TEST(ProgramsTest, EveryProgramAnswersVersion) {
  const std::string bin = POKER_BIN_DIR;
  std::vector<std::string> programs;
  for (const auto& entry : std::filesystem::directory_iterator(bin)) {
    const std::string name = entry.path().filename().string();
    // The test binaries are GoogleTest's, not the project's programs.
    // python_reference is the Python tests' C++ side of their comparisons, not a program.
    if (absl::EndsWith(name, "_test") || name == "python_reference" || !entry.is_regular_file()) {
      continue;
    }
    programs.push_back(name);
  }
  ASSERT_GE(programs.size(), 9u) << "programs not built in " << bin;
  for (const std::string& program : programs) {
    TempDir dir;
    Subprocess run({bin + "/" + program, "--version"}, dir.path(), dir.File("err"));
    const std::string out = run.ReadRest(milliseconds(20000));
    EXPECT_EQ(run.Wait(milliseconds(10000)), 0) << program << ": " << ReadFile(dir.File("err"));
    EXPECT_EQ(out, program + " (poker_ai) 0.1.0\n") << program;
  }
  for (const std::string script : {"play_match.sh"}) {
    TempDir dir;
    Subprocess run({"/bin/bash", Script(script), "--version"}, dir.path(), dir.File("err"));
    EXPECT_EQ(run.ReadRest(milliseconds(20000)), script + " (poker_ai) 0.1.0\n");
    EXPECT_EQ(run.Wait(milliseconds(10000)), 0);
  }
}

// The agent's time options say what they bound: --time-per-action-ms the equity estimates only,
// search_cap_ms the search's look-ahead (decisions of the default policy took up to 1 s where the
// help promised a 40 ms cap per decision).
TEST(ProgramsTest, TheAgentsTimeOptionsAreDescribedAsTheyBehave) {
  TempDir dir;
  Subprocess run({BinPath("agent"), "--help"}, dir.path(), dir.File("err"));
  // Boost wraps the help in columns: compare with every run of spaces and newlines as one space.
  std::string help;
  for (const char c : run.ReadRest(milliseconds(20000))) {
    const char one = c == '\n' ? ' ' : c;
    if (!(one == ' ' && !help.empty() && help.back() == ' ')) help += one;
  }
  EXPECT_EQ(run.Wait(milliseconds(10000)), 0);
  EXPECT_THAT(help, Not(HasSubstr("time cap per decision")));
  EXPECT_THAT(help, HasSubstr("wall-clock cap of one decision's equity estimates in ms (default "
                              "40). It does not bound the search policy's look-ahead, which has "
                              "its own cap, --param search_cap_ms=MS (default 1000)"));
  EXPECT_THAT(help, HasSubstr("search_cap_ms"));
  EXPECT_THAT(help, HasSubstr("what bounds a decision's time"));
}

// A person plays 20 hands against the agent through our dealer: the scripted lines are read
// through a pipe, the bad ones are answered and asked again, the end of the input plays on
// check/fold, every hand's result and the running total are shown, and the person's total is
// the dealer's.
TEST(ProgramsTest, HumanPlaysTheAgentThroughOurDealer) {
  TempDir dir;
  WriteFile(dir.File("input.txt"), ScriptedInput());
  Subprocess dealer({BinPath("dealer"), "m", kGame, "20", "7", "you", "agent", "-q", "--bind",
                     "127.0.0.1", "--start_timeout", "30000"},
                    dir.path(), dir.File("dealer.err"));
  const std::optional<std::string> ports = dealer.ReadLine(milliseconds(20000));
  ASSERT_TRUE(ports.has_value()) << ReadFile(dir.File("dealer.err"));
  const std::vector<std::string> port = absl::StrSplit(*ports, ' ');
  ASSERT_EQ(port.size(), 2u) << *ports;
  Subprocess agent({BinPath("agent"), "--game", kGame, "--seed", "3", "127.0.0.1", port[1]},
                   dir.path(), dir.File("agent.err"));
  Subprocess person({"/bin/sh", "-c",
                     absl::StrCat("cat input.txt | exec ", BinPath("human"), " --game ", kGame,
                                  " 127.0.0.1 ", port[0])},
                    dir.path(), dir.File("human.err"));
  const std::string shown = person.ReadRest(milliseconds(240000));
  ASSERT_EQ(person.Wait(milliseconds(20000)), 0) << shown << ReadFile(dir.File("human.err"));
  const std::string score = dealer.ReadRest(milliseconds(30000));
  ASSERT_EQ(dealer.Wait(milliseconds(20000)), 0) << ReadFile(dir.File("dealer.err"));
  EXPECT_EQ(agent.Wait(milliseconds(20000)), 0) << ReadFile(dir.File("agent.err"));

  for (const char* part : {"Game holdem.nolimit.2p.reverse_blinds.game: 2 players, no-limit",
                           "== Hand 1: your cards ", "Your cards: ", "Board: ", "Pot: ",
                           "Stacks: ", "Betting so far:\n  preflop: ", "Legal: ", "[c] ",
                           "not understood: 'hello'", "Keys (then Enter):", "Running total: ",
                           "== Hand 20: "}) {
    EXPECT_THAT(shown, HasSubstr(part)) << part;
  }
  EXPECT_TRUE(absl::StrContains(shown, "is not in it") ||
              absl::StrContains(shown, "no raise is allowed"))
      << "the bad raise was not refused";
  EXPECT_EQ(SplitLines(ReadFile(dir.File("m.log"))).size(), 4u + 20 + 1);
  EXPECT_DOUBLE_EQ(TotalOf(shown), ScoreOf(score.substr(0, score.find('\n')), "you")) << shown;
}

// The same through tools/play_match.sh: the `human` seat reads the script's input, the dealer's
// limits are a person's, the result is printed as JSON.
TEST(ProgramsTest, PlayMatchSeatsAPersonAndPrintsJson) {
  TempDir dir;
  WriteFile(dir.File("input.txt"), ScriptedInput());
  const std::string command = absl::StrCat(
      "exec /bin/bash ", Script("play_match.sh"), " --timeout 240 --json pm ", kGame,
      " 20 11 you '", BinPath("human"), " --game ", kGame, "' agent '", BinPath("agent"),
      " --game ", kGame, "' < input.txt");
  Subprocess run({"/bin/sh", "-c", command}, dir.path(), dir.File("script.err"));
  const std::string out = run.ReadRest(milliseconds(240000));
  ASSERT_EQ(run.Wait(milliseconds(20000)), 0) << out << ReadFile(dir.File("script.err"));
  const nlohmann::json result = nlohmann::json::parse(out);
  EXPECT_EQ(result["hands"], 20);
  EXPECT_EQ(result["complete"], true);
  ASSERT_EQ(result["players"].size(), 2u);
  const std::string seen = ReadFile(dir.File("script.err"));
  EXPECT_THAT(seen, HasSubstr("Match over: 20 hands, "));
  EXPECT_THAT(seen, HasSubstr("Legal: "));
  // A person's time: an hour a reply, as the dealer's header records.
  EXPECT_THAT(ReadFile(dir.File("pm.log")), HasSubstr("#--t_response 3600000"));
  for (const nlohmann::json& player : result["players"]) {
    EXPECT_EQ(player["hands"], 20);
    if (player["name"] == "you") {
      EXPECT_DOUBLE_EQ(player["chips"].get<double>(),
                       ScoreOf(result["score"].get<std::string>(), "you"));
    }
  }
}

// An outside dealer reads game files only: play_match.sh gives it the path of a game named from
// data/games (here a stand-in that refuses anything but a file, then runs ours).
TEST(ProgramsTest, PlayMatchGivesAnOutsideDealerTheGameFilesPath) {
  TempDir dir;
  WriteFile(dir.File("outside_dealer.sh"),
            absl::StrCat("#!/bin/sh\n[ -f \"$2\" ] || { echo \"cannot open $2\" >&2; exit 1; }\n"
                         "exec ",
                         BinPath("dealer"), " \"$@\"\n"));
  ASSERT_EQ(std::system(("chmod +x " + dir.File("outside_dealer.sh")).c_str()), 0);
  const std::string bot = BinPath("bot");
  Subprocess run({"/bin/bash", Script("play_match.sh"), "--dealer", dir.File("outside_dealer.sh"),
                  "--timeout", "60", "--json", "pm", kGame, "30", "5", "A",
                  absl::StrCat(bot, " --style ta --trials 100 --game ", kGame), "B",
                  absl::StrCat(bot, " --style lp --trials 100 --game ", kGame)},
                 dir.path(), dir.File("script.err"));
  const std::string out = run.ReadRest(milliseconds(90000));
  ASSERT_EQ(run.Wait(milliseconds(10000)), 0) << out << ReadFile(dir.File("script.err"));
  const nlohmann::json result = nlohmann::json::parse(out);
  EXPECT_TRUE(absl::EndsWith(result["game"].get<std::string>(),
                             "/data/games/holdem.nolimit.2p.reverse_blinds.game"))
      << result["game"];
  EXPECT_EQ(result["big_blind"], 100);
  double sum = 0;
  for (const nlohmann::json& player : result["players"]) sum += player["chips"].get<double>();
  EXPECT_NEAR(sum, 0, 1e-6);
  // A name that is neither a file nor a game: refused before any dealer starts.
  Subprocess bad({"/bin/bash", Script("play_match.sh"), "pm2", "no_such_game", "10", "1", "A",
                  "x", "B", "y"},
                 dir.path(), dir.File("bad.err"));
  bad.ReadRest(milliseconds(20000));
  EXPECT_EQ(bad.Wait(milliseconds(10000)), 1);
  EXPECT_THAT(ReadFile(dir.File("bad.err")), HasSubstr("game 'no_such_game' is neither a file"));
}

// The demo on small sizes with the programs already built: steps 1/6 to 6/6 in order, each with
// its time and one line of meaning; the agent's decision times once; no extra match.
TEST(ProgramsTest, TheDemoTimesAndExplainsEveryNumberedStep) {
  TempDir dir;
  const std::string build = std::filesystem::path(POKER_BIN_DIR).parent_path().string();
  Subprocess run({"/usr/bin/env", "BUILD_DIR=" + build, "/bin/bash", Script("demo.sh"),
                  "--no-build", "--out", dir.File("demo"), "--hands", "30", "--corpus-hands",
                  "20"},
                 dir.path(), dir.File("demo.err"));
  const std::string out = run.ReadRest(milliseconds(240000));
  ASSERT_EQ(run.Wait(milliseconds(10000)), 0) << out << ReadFile(dir.File("demo.err"));
  size_t at = 0;
  for (int step = 1; step <= 6; ++step) {
    const size_t header = out.find(absl::StrCat("\n== ", step, "/6 "), at);
    ASSERT_NE(header, std::string::npos) << "step " << step << " missing or out of order\n" << out;
    const size_t meaning = out.find(" s) Meaning: ", header);
    const size_t next = out.find("\n== ", header + 1);
    ASSERT_NE(meaning, std::string::npos) << "step " << step;
    EXPECT_LT(meaning, next) << "step " << step << " has no meaning line of its own\n" << out;
    at = header + 1;
  }
  EXPECT_EQ(out.find("\n== 7"), std::string::npos) << out;
  EXPECT_EQ(out.find("Extra"), std::string::npos) << out;
  size_t decision_lines = 0;
  for (const std::string& line : SplitLines(out)) {
    if (absl::StrContains(line, "decision time")) ++decision_lines;
  }
  EXPECT_EQ(decision_lines, 1u) << out;
  EXPECT_THAT(out, HasSubstr("mbb/hand (thousandths of a big blind per hand)"));
  EXPECT_THAT(out, HasSubstr("entry: the same over all its hands"));
  EXPECT_THAT(out, HasSubstr("Done in "));
  EXPECT_TRUE(std::filesystem::exists(dir.File("demo/report.html")));
}

}  // namespace
}  // namespace tools_test
