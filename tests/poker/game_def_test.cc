#include "poker/game_def.h"

#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/common/test_support.h"
#include "tests/poker/test_util.h"

namespace poker {
namespace {

using ::poker::testing::ProjectGame;
using ::poker::testing::ProjectGamePath;
using ::testing::HasSubstr;

const char* const kProjectGames[] = {
    "holdem.limit.2p.reverse_blinds.game",
    "holdem.limit.3p.game",
    "holdem.nolimit.2p.reverse_blinds.game",
    "holdem.nolimit.3p.game",
    "holdem.nolimit.6p.game",
    "holdem.nolimit.6p.10000.game",
    "holdem.nolimit.10p.game",
    "kuhn.limit.3p.game",
};

TEST(GameDefTest, HeadsUpNoLimitReverseBlinds) {
  const GameDef& g = ProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  EXPECT_EQ(g.betting_type, BettingType::kNoLimit);
  EXPECT_EQ(g.num_players, 2);
  EXPECT_EQ(g.num_rounds, 4);
  EXPECT_EQ(g.stack[0], 20000);
  EXPECT_EQ(g.stack[1], 20000);
  EXPECT_EQ(g.blind[0], 100);
  EXPECT_EQ(g.blind[1], 50);
  EXPECT_EQ(g.BigBlind(), 100);
  EXPECT_EQ(g.first_player[0], 1);
  EXPECT_EQ(g.first_player[1], 0);
  EXPECT_EQ(g.first_player[3], 0);
  EXPECT_EQ(g.max_raises[0], kUnlimitedRaises);
  EXPECT_EQ(g.max_raises[3], kUnlimitedRaises);
  EXPECT_EQ(g.num_hole_cards, 2);
  EXPECT_EQ(g.DeckSize(), 52);
  EXPECT_EQ(g.BoardCardsThrough(0), 0);
  EXPECT_EQ(g.BoardCardsThrough(1), 3);
  EXPECT_EQ(g.BoardCardsThrough(2), 4);
  EXPECT_EQ(g.TotalBoardCards(), 5);
}

TEST(GameDefTest, HeadsUpLimit) {
  const GameDef& g = ProjectGame("holdem.limit.2p.reverse_blinds.game");
  EXPECT_EQ(g.betting_type, BettingType::kLimit);
  EXPECT_EQ(g.stack[0], kUnlimitedStack);
  EXPECT_EQ(g.stack[1], kUnlimitedStack);
  EXPECT_EQ(g.blind[0], 10);
  EXPECT_EQ(g.blind[1], 5);
  EXPECT_EQ(g.raise_size[0], 10);
  EXPECT_EQ(g.raise_size[2], 20);
  EXPECT_EQ(g.max_raises[0], 3);
  EXPECT_EQ(g.max_raises[1], 4);
}

TEST(GameDefTest, ManyPlayerGames) {
  const GameDef& six = ProjectGame("holdem.nolimit.6p.10000.game");
  EXPECT_EQ(six.num_players, 6);
  for (int p = 0; p < 6; ++p) EXPECT_EQ(six.stack[p], 10000) << p;
  EXPECT_EQ(six.blind[0], 50);
  EXPECT_EQ(six.blind[1], 100);
  EXPECT_EQ(six.blind[2], 0);
  EXPECT_EQ(six.first_player[0], 2);

  const GameDef& ten = ProjectGame("holdem.nolimit.10p.game");
  EXPECT_EQ(ten.num_players, 10);
  for (int p = 0; p < 10; ++p) EXPECT_EQ(ten.stack[p], 20000) << p;
  EXPECT_EQ(ten.BigBlind(), 100);
  EXPECT_EQ(ten.first_player[0], 2);
  EXPECT_EQ(ten.first_player[1], 0);
}

TEST(GameDefTest, KuhnSmallerDeck) {
  const GameDef& g = ProjectGame("kuhn.limit.3p.game");
  EXPECT_EQ(g.num_players, 3);
  EXPECT_EQ(g.num_rounds, 1);
  EXPECT_EQ(g.num_suits, 1);
  EXPECT_EQ(g.num_ranks, 4);
  EXPECT_EQ(g.DeckSize(), 4);
  EXPECT_EQ(g.num_hole_cards, 1);
  EXPECT_EQ(g.TotalBoardCards(), 0);
  EXPECT_EQ(g.max_raises[0], 1);
  EXPECT_EQ(g.raise_size[0], 1);
  EXPECT_EQ(g.BigBlind(), 1);
}

// The one "is this hold'em" test: every project hold'em game, limit or no-limit, 2 to 10
// players; not Kuhn, not a hold'em with another deck or board.
TEST(GameDefTest, IsHoldemCards) {
  for (const char* name : kProjectGames) {
    EXPECT_EQ(ProjectGame(name).IsHoldemCards(), std::string(name).rfind("holdem", 0) == 0) << name;
  }
  GameDef short_deck = ProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  short_deck.num_ranks = 9;
  EXPECT_FALSE(short_deck.IsHoldemCards());
  GameDef two_flops = ProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  two_flops.num_board_cards[1] = 4;
  two_flops.num_board_cards[2] = 0;
  EXPECT_FALSE(two_flops.IsHoldemCards());
}

// The project's files carry the same numbers as the server's own files.
TEST(GameDefTest, ProjectFilesMatchTheServersFiles) {
  POKER_SKIP_WITHOUT_SHARED_DATA();
  int compared = 0;
  for (const char* name : kProjectGames) {
    const std::string reference = ::poker::testing::SharedDataDir() + "/games/" + name;
    if (!std::filesystem::exists(reference)) continue;  // the project ships more games
    absl::StatusOr<GameDef> theirs = LoadGameDef(reference);
    ASSERT_TRUE(theirs.ok()) << theirs.status();
    EXPECT_EQ(ProjectGame(name), *theirs) << name;
    ++compared;
  }
  EXPECT_EQ(compared, 6);
}

TEST(GameDefTest, FormatParsesBackToTheSameGame) {
  for (const char* name : kProjectGames) {
    const GameDef& g = ProjectGame(name);
    const std::string text = FormatGameDef(g);
    absl::StatusOr<GameDef> back = ParseGameDef(text, "formatted");
    ASSERT_TRUE(back.ok()) << name << ": " << back.status() << "\n" << text;
    EXPECT_EQ(*back, g) << name;
  }
}

TEST(GameDefTest, FormatText) {
  EXPECT_EQ(FormatGameDef(ProjectGame("holdem.nolimit.2p.reverse_blinds.game")),
            "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\n"
            "blind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
            "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n");
}

TEST(GameDefTest, CaseEqualsCommentsAndLineEndings) {
  const char* text =
      "# a comment before\r\n"
      "\r\n"
      "gamedef\r\n"
      "NOLIMIT\r\n"
      "  # indented comment\r\n"
      "NUMPLAYERS 3   # three seats\r\n"
      "numrounds=2\r\n"
      "Stack = 500 = 600 700\r\n"
      "blind 5 10 0\r\n"
      "firstplayer 3 1\r\n"
      "maxraises = 2 3\r\n"
      "numSuits 2\r\n"
      "numRanks 6\r\n"
      "numHoleCards 1\r\n"
      "numBoardCards 0 2\r\n"
      "End   GameDef # done\r\n"
      "anything after the end is ignored\r\n";
  absl::StatusOr<GameDef> g = ParseGameDef(text, "mixed.game");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_TRUE(g->is_no_limit());
  EXPECT_EQ(g->num_players, 3);
  EXPECT_EQ(g->num_rounds, 2);
  EXPECT_EQ(g->stack[0], 500);
  EXPECT_EQ(g->stack[1], 600);
  EXPECT_EQ(g->stack[2], 700);
  EXPECT_EQ(g->blind[1], 10);
  EXPECT_EQ(g->first_player[0], 2);
  EXPECT_EQ(g->first_player[1], 0);
  EXPECT_EQ(g->max_raises[0], 2);
  EXPECT_EQ(g->max_raises[1], 3);
  EXPECT_EQ(g->DeckSize(), 12);
  EXPECT_EQ(g->num_board_cards[1], 2);
}

TEST(GameDefTest, Defaults) {
  // No stack: unlimited; no firstPlayer: position 0; no maxRaises: no cap; no betting type: limit.
  absl::StatusOr<GameDef> g = ParseGameDef(
      "GAMEDEF\nnumPlayers 2\nnumRounds 1\nblind 1 2\nraiseSize 2\nnumSuits 4\nnumRanks 13\n"
      "numHoleCards 2\nnumBoardCards 0\nEND GAMEDEF\n");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_FALSE(g->is_no_limit());
  EXPECT_EQ(g->stack[0], kUnlimitedStack);
  EXPECT_EQ(g->first_player[0], 0);
  EXPECT_EQ(g->max_raises[0], kUnlimitedRaises);
}

// A minimal valid game to break one line at a time.
std::string Game(const std::string& replace_from = "", const std::string& replace_to = "") {
  std::string text =
      "GAMEDEF\n"
      "limit\n"
      "numPlayers = 2\n"
      "numRounds = 4\n"
      "stack = 1000 1000\n"
      "blind = 10 5\n"
      "raiseSize = 10 10 20 20\n"
      "firstPlayer = 2 1 1 1\n"
      "maxRaises = 3 4 4 4\n"
      "numSuits = 4\n"
      "numRanks = 13\n"
      "numHoleCards = 2\n"
      "numBoardCards = 0 3 1 1\n"
      "END GAMEDEF\n";
  if (!replace_from.empty()) {
    const size_t at = text.find(replace_from);
    EXPECT_NE(at, std::string::npos) << replace_from;
    text.replace(at, replace_from.size(), replace_to);
  }
  return text;
}

// The error for a broken game text, which must name the source and line.
std::string ErrorOf(const std::string& text) {
  absl::StatusOr<GameDef> g = ParseGameDef(text, "bad.game");
  EXPECT_FALSE(g.ok()) << text;
  if (g.ok()) return "";
  EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(g.status().message());
}

TEST(GameDefTest, TheBaseGameIsValid) { EXPECT_TRUE(ParseGameDef(Game()).ok()); }

TEST(GameDefTest, Errors) {
  EXPECT_EQ(ErrorOf(Game("END GAMEDEF\n", "")), "bad.game:13: missing END GAMEDEF");
  EXPECT_EQ(ErrorOf(Game("GAMEDEF\n", "")), "bad.game:1: expected GAMEDEF, found 'limit'");
  EXPECT_EQ(ErrorOf(""), "bad.game:1: no GAMEDEF line");
  EXPECT_EQ(ErrorOf(Game("numPlayers = 2", "numPlayers = 11")),
            "bad.game:3: numPlayers: value 1 (11) is out of range 2..10");
  EXPECT_EQ(ErrorOf(Game("numPlayers = 2", "numPlayers = 1")),
            "bad.game:3: numPlayers: value 1 (1) is out of range 2..10");
  EXPECT_EQ(ErrorOf(Game("numRounds = 4", "numRounds = 5")),
            "bad.game:4: numRounds: value 1 (5) is out of range 1..4");
  EXPECT_EQ(ErrorOf(Game("blind = 10 5", "blind = 10 1001")),
            "bad.game:6: blind: position 2's blind 1001 is larger than its stack 1000");
  EXPECT_EQ(ErrorOf(Game("raiseSize = 10 10 20 20\n", "")),
            "bad.game:13: raiseSize: missing (a limit game needs one per round)");
  EXPECT_EQ(ErrorOf(Game("raiseSize = 10 10 20 20", "raiseSize = 10 10 20")),
            "bad.game:7: raiseSize: has 3 value(s), needs 4");
  EXPECT_EQ(ErrorOf(Game("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1")),
            "bad.game:8: firstPlayer: value 1 (3) is out of range 1..2");
  EXPECT_EQ(ErrorOf(Game("firstPlayer = 2 1 1 1", "firstPlayer = 0 1 1 1")),
            "bad.game:8: firstPlayer: value 1 (0) is out of range 1..2");
  EXPECT_EQ(ErrorOf(Game("numSuits = 4", "numSuits = 5")),
            "bad.game:10: numSuits: value 1 (5) is out of range 1..4");
  EXPECT_EQ(ErrorOf(Game("numRanks = 13", "numRanks = 14")),
            "bad.game:11: numRanks: value 1 (14) is out of range 1..13");
  EXPECT_EQ(ErrorOf(Game("numHoleCards = 2", "numHoleCards = 4")),
            "bad.game:12: numHoleCards: value 1 (4) is out of range 1..3");
  EXPECT_EQ(ErrorOf(Game("numHoleCards = 2", "numHoleCards = 0")),
            "bad.game:12: numHoleCards: value 1 (0) is out of range 1..3");
  EXPECT_EQ(ErrorOf(Game("numRanks = 13", "numRanks = 2")),
            "bad.game:13: numBoardCards: 9 hole and board cards do not fit in a deck of 8 "
            "(numSuits x numRanks)");
  EXPECT_EQ(ErrorOf(Game("numBoardCards = 0 3 1 1", "numBoardCards = 0 3 1 4")),
            "bad.game:13: numBoardCards: 8 board cards in all, at most 7");
  EXPECT_EQ(ErrorOf(Game("numBoardCards = 0 3 1 1\n", "")), "bad.game:13: numBoardCards: missing");
  EXPECT_EQ(ErrorOf(Game("numPlayers = 2\n", "")), "bad.game:13: numPlayers: missing");
  EXPECT_EQ(ErrorOf(Game("blind = 10 5\n", "")), "bad.game:13: blind: missing");
  EXPECT_EQ(ErrorOf(Game("blind = 10 5", "blind = 10 5 0")),
            "bad.game:6: blind: has 3 value(s), needs 2");
  EXPECT_EQ(ErrorOf(Game("blind = 10 5", "blind = 10 five")),
            "bad.game:6: blind: 'five' is not a whole number");
  EXPECT_EQ(ErrorOf(Game("blind = 10 5", "blind = 10 -5")),
            "bad.game:6: blind: -5 is out of range 0..2147483647");
  EXPECT_EQ(ErrorOf(Game("stack = 1000 1000", "stack = 1000 99999999999999999999")),
            "bad.game:5: stack: '99999999999999999999' is not a whole number");
  EXPECT_EQ(ErrorOf(Game("stack = 1000 1000", "stack = 1000 2147483648")),
            "bad.game:5: stack: 2147483648 is out of range 0..2147483647");
  EXPECT_EQ(ErrorOf(Game("maxRaises = 3 4 4 4", "maxRaises = 3 4 4 256")),
            "bad.game:9: maxRaises: value 4 (256) is out of range 0..255");
  EXPECT_EQ(ErrorOf(Game("limit\n", "limit\nnolimit\n")),
            "bad.game:3: nolimit: given twice (first on line 2)");
  EXPECT_EQ(ErrorOf(Game("numSuits = 4\n", "numSuits = 4\nnumSuits = 3\n")),
            "bad.game:11: numSuits: given twice (first on line 10)");
  EXPECT_EQ(ErrorOf(Game("limit\n", "limit\nante = 5\n")), "bad.game:3: unknown field 'ante'");
  EXPECT_EQ(ErrorOf(Game("limit\n", "limit 3\n")), "bad.game:2: limit: takes no value");
  EXPECT_EQ(ErrorOf(Game("numSuits = 4", "numSuits =")), "bad.game:10: numSuits: no value given");
}

TEST(GameDefTest, LoadMissingFile) {
  absl::StatusOr<GameDef> g = LoadGameDef("/nonexistent/dir/x.game");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(g.status().message(), HasSubstr("/nonexistent/dir/x.game"));
}

TEST(GameDefTest, LoadNamesThePathInErrors) {
  const test_support::TempDir dir;
  const std::string path = dir.File("broken.game");
  {
    std::ofstream out(path);
    out << "GAMEDEF\nnolimit\nnumPlayers = 12\n";
  }
  absl::StatusOr<GameDef> g = LoadGameDef(path);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().message(), path + ":3: missing END GAMEDEF");
  std::filesystem::remove(path);
}

TEST(GameDefTest, ProjectFilesLoadFromDisk) {
  for (const char* name : kProjectGames) {
    EXPECT_TRUE(LoadGameDef(ProjectGamePath(name)).ok()) << name;
  }
}

}  // namespace
}  // namespace poker
