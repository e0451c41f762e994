// `trainer stats` end to end: the program run on a small made-up log, its JSON checked exactly.
#include <algorithm>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/common/program_run.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

using ::testing::EndsWith;
using testing::GamesDir;
using ::testing::HasSubstr;
using testing::TempDir;
using Json = nlohmann::ordered_json;

// The keys of a JSON object, in order.
std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  return keys;
}

// The player named `name` in a stats summary (null when absent).
Json PlayerNamed(const Json& summary, const std::string& name) {
  for (const Json& player : summary["players"]) {
    if (player["name"] == name) return player;
  }
  return nullptr;
}

using test_support::ProgramRun;

// Runs `trainer stats <args>` and captures stdout, stderr and the exit code.
ProgramRun RunStats(const TempDir& dir, const std::string& args) {
  return test_support::RunCommand(std::string(POKER_BIN_DIR) + "/trainer stats " + args,
                                  dir.File("stderr.txt"));
}

// Heads-up no-limit, 50/100 blinds, position 0 the big blind. Hand by hand, with Alice's two
// table names mapped to one and Bob named with a backslash and UTF-8 (`B\öb`):
//   0: Bob raises, Alice re-raises, Bob calls; Alice bets the flop, Bob folds.  Alice +900
//   1: Alice (small blind) moves all-in, Bob folds.                            Alice +100
//   2: Bob limps, Alice raises, Bob calls, checked down; Bob's pair of sixes.   Bob   +500
//   3: Alice (small blind) folds.                                               Bob   +50
//   4: an illegal re-raise (to 350 where 500 is the minimum): rejected.
// Alice: 4 hands, 2+1+4+1 = 8 decisions, 1 showdown, VPIP 3 (hands 0-2), PFR 3, +450 chips =
// 1000 * 450 / (100 * 4) = 1125 mbb/hand. Bob: 3+1+5+0 = 9 decisions, VPIP 2 (hands 0, 2),
// PFR 1 (hand 0), -450 chips, -1125 mbb/hand.
constexpr char kLog[] =
    "# name/game/hands/seed test holdem.nolimit.2p.reverse_blinds.game 5 0\n"
    "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:Alice.1|B\\\xc3\xb6"
    "b\n"
    "STATE:1:r20000f:Jd2c|2d2h:-100|100:B\\\xc3\xb6"
    "b|Alice.2\r\n"
    "STATE:2:cr500c/cc/cc/cc:ThAs|Ac6c/Qd2h7c/5d/6d:-500|500:Alice.1|B\\\xc3\xb6"
    "b\n"
    "STATE:3:f:As8d|8c3h:50|-50:B\\\xc3\xb6"
    "b|Alice.2 # 1478520305.48839\n"
    "STATE:4:r300r350c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:Alice.1|B\\\xc3\xb6"
    "b\n"
    "SCORE:450|-450:Alice|B\\\xc3\xb6"
    "b";

TEST(StatsCommandTest, JsonNumbersOfAMadeUpLog) {
  TempDir dir;
  const std::string log = dir.Write("logs/match.log", kLog);
  ProgramRun run =
      RunStats(dir, dir.path() + "/logs --strip-name-suffix --json --games-dir " + GamesDir());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  // One line of JSON: the summary's fields in this order, then the players.
  ASSERT_THAT(run.out, EndsWith("}\n"));
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1);
  const Json json = Json::parse(run.out);
  EXPECT_EQ(Keys(json), (std::vector<std::string>{"files", "files_failed", "lines", "hands",
                                                  "rejected", "other_lines", "rejected_by_reason",
                                                  "skipped", "skipped_by_reason", "problems",
                                                  "notices", "seconds", "players", "files_skipped",
                                                  "games", "file_reports"}));
  EXPECT_EQ(json["files"], 1);
  EXPECT_EQ(json["files_failed"], 0);
  EXPECT_EQ(json["lines"], 7);
  EXPECT_EQ(json["hands"], 4);
  EXPECT_EQ(json["rejected"], 1);
  EXPECT_EQ(json["other_lines"], 2);
  EXPECT_EQ(json["skipped"], 0);
  EXPECT_EQ(json["rejected_by_reason"], Json::parse(R"({"illegal action": 1})"));
  ASSERT_EQ(json["problems"].size(), 1u);
  EXPECT_EQ(Keys(json["problems"][0]),
            (std::vector<std::string>{"file", "line", "reason", "message"}));
  EXPECT_EQ(json["problems"][0]["file"], log);
  EXPECT_EQ(json["problems"][0]["line"], 6);
  EXPECT_EQ(json["problems"][0]["reason"], "illegal action");
  // Integers stay integers (450, not 450.0); the name's backslash and UTF-8 survive.
  EXPECT_THAT(run.out, HasSubstr("\"net_chips\":450,\"mbb_per_hand\":1125}"));
  EXPECT_EQ(json["players"],
            Json::parse("["
                        R"({"name": "Alice", "hands": 4, "decisions": 8, )"
                        R"("showdowns": 1, "vpip_hands": 3, "pfr_hands": 3, )"
                        R"("vpip": 0.75, "pfr": 0.75, "net_chips": 450, )"
                        R"("mbb_per_hand": 1125}, )"
                        "{\"name\": \"B\\\\\xc3\xb6"
                        R"(b", "hands": 4, "decisions": 9, "showdowns": 1, )"
                        R"("vpip_hands": 2, "pfr_hands": 1, "vpip": 0.5, )"
                        R"("pfr": 0.25, "net_chips": -450, "mbb_per_hand": -1125}])"));
  // The rejected line is reported on stderr with its file and line.
  EXPECT_THAT(run.err, HasSubstr(log + ":6: illegal action: betting 'r300r350c/r2250f'"));
}

TEST(StatsCommandTest, NamesStayApartWithoutSuffixStripping) {
  TempDir dir;
  dir.Write("match.log", kLog);
  ProgramRun run = RunStats(dir, dir.path() + "/match.log --json --game " + GamesDir() +
                                     "/holdem.nolimit.2p.reverse_blinds.game");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const Json json = Json::parse(run.out);
  ASSERT_EQ(json["players"].size(), 3u);
  EXPECT_EQ(PlayerNamed(json, "Alice.1"),
            Json::parse(R"({"name": "Alice.1", "hands": 2, "decisions": 6, )"
                        R"("showdowns": 1, "vpip_hands": 2, "pfr_hands": 2, )"
                        R"("vpip": 1, "pfr": 1, "net_chips": 400, )"
                        R"("mbb_per_hand": 2000})"));
  EXPECT_EQ(PlayerNamed(json, "Alice.2"),
            Json::parse(R"({"name": "Alice.2", "hands": 2, "decisions": 2, )"
                        R"("showdowns": 0, "vpip_hands": 1, "pfr_hands": 1, )"
                        R"("vpip": 0.5, "pfr": 0.5, "net_chips": 50, )"
                        R"("mbb_per_hand": 250})"));
  // --game names the header's own game: no notice.
  EXPECT_EQ(json["notices"], Json::array());
}

TEST(StatsCommandTest, TextSummaryAndTable) {
  TempDir dir;
  dir.Write("match.log", kLog);
  ProgramRun run = RunStats(dir, dir.path() + " --strip-name-suffix --games-dir " + GamesDir());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("files: 1 read, 0 failed\n"
                                 "lines: 7 read: 4 hands, 1 rejected, 2 headers/comments/SCORE\n"
                                 "rejected by reason:\n  illegal action: 1\n"));
  EXPECT_THAT(run.out, HasSubstr("Alice          4          8          1    75.0    75.0"
                                 "         450.00      1125.0\n"));
}

TEST(StatsCommandTest, ExitCodes) {
  TempDir dir;
  dir.Write("match.log", kLog);
  EXPECT_EQ(RunStats(dir, "").exit_code, 2);
  EXPECT_EQ(RunStats(dir, "--no-such-option " + dir.path()).exit_code, 2);
  ProgramRun help = RunStats(dir, "--help");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* option : {"--game", "--games-dir", "--strip-name-suffix", "--threads", "--json",
                             "--strict", "--max-problems", "Exit codes"}) {
    EXPECT_THAT(help.out, HasSubstr(option));
  }
  ProgramRun missing = RunStats(dir, dir.path() + "/nothing_here");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("nothing_here: no such file or folder"));
  ProgramRun bad_game = RunStats(dir, dir.path() + " --game no_such_game");
  EXPECT_EQ(bad_game.exit_code, 1);
  EXPECT_THAT(bad_game.err, HasSubstr("game file 'no_such_game' not found"));
  ProgramRun strict = RunStats(dir, dir.path() + " --strict --games-dir " + GamesDir());
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_THAT(strict.err, HasSubstr("match.log:6: illegal action"));
}

}  // namespace
}  // namespace logs_parser
