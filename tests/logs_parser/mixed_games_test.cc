// A folder of logs of several games, as `trainer stats` and `trainer train` read it: each file
// with its own game told by its lines and header (stats: players of different games apart),
// or only the files of the game asked for, the others skipped and named with the reason, and
// the per-file summary of what was read and skipped.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/common/program_run.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::GamesDir;
using testing::TempDir;
using Json = nlohmann::ordered_json;

// 6 players, blinds 50/100, 10000 chips (the Pluribus game). Hand 0: four folds, the small blind
// moves all-in for 10000, the big blind calls: the betting ends and the board runs out, which
// the 20000-chip game refuses (`r10000` is not all-in there). Hand 1: everyone folds to the big
// blind, valid in both.
constexpr char kAllInHand[] =
    "STATE:0:ffffr10000c///:AsAh|KsKh|2s3s|4s5s|6s7s|8s9s/2c7d9h/Jd/3c:"
    "10000|-10000|0|0|0|0:P1|P2|P3|P4|P5|P6\n";
constexpr char kFoldHand[] =
    "STATE:1:fffff:AsAh|KsKh|2s3s|4s5s|6s7s|8s9s:-50|50|0|0|0|0:P1|P2|P3|P4|P5|P6\n";

// Heads-up no-limit: 5 hands of which one is illegal (a re-raise below the minimum).
constexpr char kHeadsUp[] =
    "# name/game/hands/seed hu holdem.nolimit.2p.reverse_blinds.game 5 0\n"
    "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:Alice.1|Bob\n"
    "STATE:1:r20000f:Jd2c|2d2h:-100|100:Bob|Alice.1\n"
    "STATE:2:cr500c/cc/cc/cc:ThAs|Ac6c/Qd2h7c/5d/6d:-500|500:Alice.1|Bob\n"
    "STATE:3:f:As8d|8c3h:50|-50:Bob|Alice.1\n"
    "STATE:4:r300r350c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:Alice.1|Bob\n";

// 3-player Kuhn: Alice.1 is a name of the heads-up file too, and must stay apart.
constexpr char kKuhn[] =
    "# name/game/hands/seed k kuhn.limit.3p.game 2 0\n"
    "STATE:0:rcc:Js|As|Qs:-2|4|-2:Alice.1|Bob|Carol\n"
    "STATE:1:ccc:Js|As|Qs:-1|2|-1:Alice.1|Bob|Carol\n";

class MixedGamesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // The 6-player file whose header names the 20000-chip game, as the Pluribus logs' do.
    dir_.Write("logs/six_header.log",
               std::string("# name/game/hands/seed six ../lib/holdem.nolimit.6p.game 2 0\n") +
                   kAllInHand + kFoldHand);
    // Another without a header and without an all-in: both 6-player games read it.
    dir_.Write("logs/six_plain.log", std::string(kFoldHand) + kFoldHand);
    dir_.Write("logs/hu.log", kHeadsUp);
    dir_.Write("logs/kuhn.log", kKuhn);
  }

  test_support::ProgramRun Trainer(const std::string& args) {
    return test_support::RunCommand(std::string(POKER_BIN_DIR) + "/trainer " + args +
                                        " --games-dir " + GamesDir(),
                                    dir_.File("stderr.txt"));
  }

  std::string logs() const { return dir_.File("logs"); }

  TempDir dir_;
};

const Json* Report(const Json& json, const std::string& file_suffix) {
  for (const Json& report : json["file_reports"]) {
    const std::string file = report["file"];
    if (file.size() >= file_suffix.size() &&
        file.compare(file.size() - file_suffix.size(), file_suffix.size(), file_suffix) == 0) {
      return &report;
    }
  }
  return nullptr;
}

// Without --game (auto): the 6-player files are the 10000-chip game (their all-in hand is read,
// not rejected), each game's players are counted apart, and every file says how.
TEST_F(MixedGamesTest, StatsReadsEachFileWithItsOwnGame) {
  const test_support::ProgramRun run = Trainer("stats " + logs() + " --json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const Json json = Json::parse(run.out);
  EXPECT_EQ(json["files"], 4);
  EXPECT_EQ(json["files_skipped"], 0);
  EXPECT_EQ(json["hands"], 4 + 4 + 2);
  EXPECT_EQ(json["rejected"], 1);  // the heads-up file's illegal re-raise, nothing else
  ASSERT_EQ(json["games"].size(), 3u);
  EXPECT_EQ(json["games"][0]["game"], "holdem.nolimit.2p.reverse_blinds.game");
  EXPECT_EQ(json["games"][0]["hands"], 4);
  EXPECT_EQ(json["games"][1]["game"], "holdem.nolimit.6p.10000.game");
  EXPECT_EQ(json["games"][1]["files"], 2);
  EXPECT_EQ(json["games"][1]["hands"], 4);
  EXPECT_EQ(json["games"][2]["game"], "kuhn.limit.3p.game");
  // Alice.1 of Kuhn is not Alice.1 of hold'em: two entries, each with its game.
  int alices = 0;
  for (const Json& player : json["players"]) {
    if (player["name"] == "Alice.1") {
      ++alices;
      EXPECT_EQ(player["hands"], player["game"] == "kuhn.limit.3p.game" ? 2 : 4) << player;
    }
  }
  EXPECT_EQ(alices, 2);
  const Json* header = Report(json, "six_header.log");
  ASSERT_NE(header, nullptr);
  EXPECT_EQ((*header)["game"], "holdem.nolimit.6p.10000.game");
  EXPECT_EQ((*header)["how"],
            "its lines: 2 of 2 read as this game; its header names holdem.nolimit.6p.game, "
            "which reads 1 of them");
  const Json* plain = Report(json, "six_plain.log");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ((*plain)["game"], "holdem.nolimit.6p.10000.game");
  EXPECT_THAT((*plain)["how"].get<std::string>(),
              HasSubstr("taken as the game most other files of this run were found to be of"));
  EXPECT_EQ((*Report(json, "kuhn.log"))["how"],
            "its lines: 2 of 2 read as this game; its header names it too");

  // The text: a table per game, and the files worth a look.
  const test_support::ProgramRun text = Trainer("stats " + logs());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("players of kuhn.limit.3p.game (1 file, 2 hands):"));
  EXPECT_THAT(text.out, HasSubstr("players of holdem.nolimit.6p.10000.game (2 files, 4 hands):"));
  EXPECT_THAT(text.out, HasSubstr("  holdem.nolimit.6p.10000.game: 2 files, 4 hands (1 of these "
                                  "files' headers name another game)\n"));
  EXPECT_THAT(text.out, HasSubstr("files worth a look:\n"));
  EXPECT_THAT(text.out, HasSubstr("hu.log: holdem.nolimit.2p.reverse_blinds.game (its lines: "
                                  "4 of 5 read as this game; its header names it too): 4 hands, "
                                  "1 rejected (mostly illegal action)"));
}

// --game holdem.nolimit.2p.reverse_blinds: the files of other games are skipped (not read line
// by line as "malformed"), each named with the game its lines are of.
TEST_F(MixedGamesTest, TrainSkipsTheFilesOfAnotherGameAndSaysWhy) {
  const std::string model = dir_.File("hu.pb");
  const test_support::ProgramRun run =
      Trainer("train --logs " + logs() + " --game holdem.nolimit.2p.reverse_blinds --out " +
              model + " --no-street-context");
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_THAT(run.out, HasSubstr("read 1 files (0 failed; 3 skipped: another game, see below), "
                                 "6 lines: 4 hands, 1 rejected"));
  EXPECT_THAT(run.out, HasSubstr("kuhn.log: SKIPPED: another game: kuhn.limit.3p.game reads 2 "
                                 "of its first 2 STATE lines, --game "
                                 "holdem.nolimit.2p.reverse_blinds.game 0"));
  EXPECT_THAT(run.out, HasSubstr("six_header.log: SKIPPED: another game: "
                                 "holdem.nolimit.6p.10000.game reads 2"));
  EXPECT_THAT(run.out, HasSubstr("skipped: 3 files, their lines of another game: 2 of "
                                 "holdem.nolimit.6p.10000.game, 1 of kuhn.limit.3p.game"));
  EXPECT_THAT(run.out, Not(HasSubstr("malformed")));
  // The model's provenance names the file read, not the skipped ones.
  const test_support::ProgramRun inspect =
      test_support::RunCommand(std::string(POKER_BIN_DIR) + "/trainer inspect " + model);
  EXPECT_THAT(inspect.out, HasSubstr("provenance: 1 files"));

  // --game auto: the game of the most hands (the heads-up file's 5 STATE lines).
  const test_support::ProgramRun automatic = Trainer(
      "train --logs " + logs() + " --game auto --out " + model + " --no-street-context --json");
  ASSERT_EQ(automatic.exit_code, 0) << automatic.out << automatic.err;
  const Json json = Json::parse(automatic.out);
  EXPECT_EQ(json["game"], "holdem.nolimit.2p.reverse_blinds.game");
  EXPECT_EQ(json["files"], 1);
  EXPECT_EQ(json["files_skipped"], 3);
  EXPECT_THAT(automatic.err, HasSubstr("--game auto: holdem.nolimit.2p.reverse_blinds.game"));
}

}  // namespace
}  // namespace logs_parser
