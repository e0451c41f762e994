// ACPC logs -> PHH -> ACPC gives back every shared log byte for byte, and the PHH conversion of
// a hold'em log reads into the same hands (actions, cards, values) as the log itself.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/phh_convert.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing::GamesDir;
using testing::TempDir;

struct Corpus {
  std::string folder;  // under the shared data
  std::string game;    // empty: the files' headers name it
  bool holdem;
};

const std::vector<Corpus>& Corpora() {
  static const auto* corpora = new std::vector<Corpus>{
      {"logs/deepstack_ifp", "holdem.nolimit.2p.reverse_blinds", true},
      {"logs/pluribus", "holdem.nolimit.6p.10000", true},
      {"logs/kuhn3p_acpc", "", false},
      {"reference_logs", "", false},  // hold'em and Kuhn files
  };
  return *corpora;
}

// Every hand's content as the reader gives it, in file order.
std::string Digest(const std::string& path, const poker::GameDef* game, ReadSummary* summary) {
  std::string digest;
  ReadOptions options;
  options.game = game;
  options.games_dir = GamesDir();
  absl::StatusOr<ReadSummary> read = ReadLogs({path}, options, [&](int, const HandRecord& hand) {
    absl::StrAppend(&digest, hand.hand_number, ":");
    for (const ActionRecord& a : hand.actions) {
      absl::StrAppend(&digest, a.player, ActionKindName(a.kind), a.raise_to, "/", a.pot_before,
                      ",");
    }
    for (int p = 0; p < hand.num_players(); ++p) {
      absl::StrAppend(&digest, poker::CardToString(hand.state.hole_card(p, 0)),
                      poker::CardToString(hand.state.hole_card(p, 1)), hand.names[p], "=",
                      hand.values[p], "|");
    }
    digest += "\n";
  });
  EXPECT_TRUE(read.ok()) << read.status();
  if (read.ok()) *summary = *read;
  return digest;
}

TEST(PhhConvertTest, EverySharedLogComesBackByteForByte) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  TempDir dir;
  int files = 0;
  for (const Corpus& corpus : Corpora()) {
    std::optional<NamedGame> game;
    ConvertOptions options;
    options.games_dir = GamesDir();
    if (!corpus.game.empty()) {
      absl::StatusOr<NamedGame> loaded = LoadGameArgument(corpus.game, GamesDir());
      ASSERT_TRUE(loaded.ok()) << loaded.status();
      game = *loaded;
      options.game = &game->game;
      options.game_name = game->name;
    }
    for (const auto& entry : fs::directory_iterator(testing::SharedDataDir() + "/" + corpus.folder)) {
      const std::string path = entry.path().string();
      if (entry.path().extension() != ".log") continue;
      ConvertCounts to_phh;
      absl::StatusOr<std::string> phh = AcpcLogToPhh(path, options, &to_phh);
      ASSERT_TRUE(phh.ok()) << phh.status();
      const std::string phh_path = dir.Write(entry.path().stem().string() + ".phhs", *phh);
      // Back without --game: each hand names its game.
      ConvertOptions back_options;
      back_options.games_dir = GamesDir();
      ConvertCounts back;
      absl::StatusOr<std::string> log = PhhToAcpcLog(phh_path, back_options, &back);
      ASSERT_TRUE(log.ok()) << log.status();
      EXPECT_EQ(back.refused, 0) << path;
      EXPECT_EQ(back.hands, to_phh.hands) << path;
      const std::string original = testing::ReadFileBytes(path);
      ASSERT_EQ(log->size(), original.size()) << path;
      EXPECT_TRUE(*log == original) << path;
      ++files;
    }
  }
  EXPECT_EQ(files, 92 + 1 + 6 + 8);
}

TEST(PhhConvertTest, ConvertedHandsReadLikeTheLogs) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  TempDir dir;
  for (const Corpus& corpus : Corpora()) {
    if (!corpus.holdem) continue;
    absl::StatusOr<NamedGame> game = LoadGameArgument(corpus.game, GamesDir());
    ASSERT_TRUE(game.ok());
    ConvertOptions options;
    options.games_dir = GamesDir();
    options.game = &game->game;
    options.game_name = game->name;
    const std::string folder = testing::SharedDataDir() + "/" + corpus.folder;
    for (const auto& entry : fs::directory_iterator(folder)) {
      ConvertCounts counts;
      absl::StatusOr<std::string> phh = AcpcLogToPhh(entry.path().string(), options, &counts);
      ASSERT_TRUE(phh.ok()) << phh.status();
      dir.Write(corpus.folder + "/" + entry.path().stem().string() + ".phhs", *phh);
    }
    ReadSummary from_log, from_phh, own_game;
    const std::string log_digest = Digest(folder, &game->game, &from_log);
    // Onto the same game, and as each hand's own game: the same hands either way (in the
    // hand's own chips, which are the log's unless a split pot's half chips made the unit finer).
    EXPECT_EQ(Digest(dir.File(corpus.folder), &game->game, &from_phh), log_digest);
    const std::string own_digest = Digest(dir.File(corpus.folder), nullptr, &own_game);
    if (corpus.game == "holdem.nolimit.2p.reverse_blinds") {
      EXPECT_EQ(own_digest, log_digest);
    }
    EXPECT_EQ(own_game.hands, from_log.hands);
    EXPECT_EQ(from_phh.hands, from_log.hands);
    EXPECT_EQ(from_phh.rejected + from_phh.skipped, 0);
    EXPECT_GE(from_log.hands, 10000);
  }
}

TEST(PhhConvertTest, KuhnHandsAreKeptButNotReadForModels) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  TempDir dir;
  ConvertOptions options;
  options.games_dir = GamesDir();
  ConvertCounts counts;
  absl::StatusOr<std::string> phh =
      AcpcLogToPhh(testing::SharedDataDir() + "/reference_logs/kuhn3p.log", options, &counts);
  ASSERT_TRUE(phh.ok()) << phh.status();
  EXPECT_THAT(*phh, HasSubstr("variant = \"_ACPC\""));
  EXPECT_THAT(*phh, HasSubstr("_acpc_game = \"kuhn.limit.3p.game\""));
  ReadSummary summary;
  Digest(dir.Write("kuhn.phhs", *phh), nullptr, &summary);
  EXPECT_EQ(summary.hands, 0);
  EXPECT_EQ(summary.rejected_by_reason["unsupported variant"], 1000);
}

// What `dealer --phh` and `arena --phh` call when a match ends.
TEST(PhhConvertTest, WritesPhhBesideALog) {
  TempDir dir;
  const std::string log = dir.Write(
      "match.log",
      "# name/game/hands/seed m holdem.nolimit.2p.reverse_blinds.game 2 0\n"
      "STATE:0:r300c/cc/cc/cc:AsKs|2c2d/7h8h2s/Td/3c:-300|300:Ann|Bob\n"
      "STATE:1:f:AsKs|2c2d:50|-50:Bob|Ann\n"
      "SCORE:-250|250:Ann|Bob\n");
  const poker::GameDef game = testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  absl::StatusOr<std::string> written =
      WritePhhBesideLog(log, game, "holdem.nolimit.2p.reverse_blinds.game");
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(*written, dir.File("match.phhs"));
  ReadSummary summary;
  const std::string digest = Digest(*written, nullptr, &summary);
  EXPECT_EQ(summary.hands, 2);
  EXPECT_THAT(digest, HasSubstr("AsKsAnn=-300|2c2dBob=300|"));
  EXPECT_THAT(digest, HasSubstr("AsKsBob=50|2c2dAnn=-50|"));
}

}  // namespace
}  // namespace logs_parser
