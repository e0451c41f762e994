// PHH hand histories read through ReadLogs: hands written by hand for each feature real files
// hold (antes, straddles, side pots, all-ins, unknown cards, decimal amounts, heads-up's reversed
// blinds, fixed limit, mucks, commentary, optional fields), hands that do not add up, TOML that
// is not valid, and the mapping onto a given game.
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/log_stats.h"
#include "logs_parser/phh_file.h"
#include "logs_parser/phh_hand.h"
#include "logs_parser/phh_record.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::TempDir;

// What a test checks of a record (the record itself is reused by the reader).
struct Seen {
  int64_t line = 0;
  uint32_t hand_number = 0;
  int num_players = 0;
  std::vector<std::string> names;
  std::vector<double> values;
  bool values_known = true;
  double chip_unit = 1;
  std::vector<std::string> actions;  // "<position><kind>[:<raise_to>]"
  std::vector<std::string> holes;    // cards text per position, "????" unknown
  std::vector<int32_t> stacks;       // the record's game
  std::vector<int32_t> blinds;
  int first_player = 0;
  bool showdown = false;
};

std::vector<Seen> Read(const std::vector<std::string>& paths, ReadSummary* summary,
                       const poker::GameDef* game = nullptr) {
  std::vector<Seen> seen;
  ReadOptions options;
  options.game = game;
  absl::StatusOr<ReadSummary> read = ReadLogs(paths, options, [&](int, const HandRecord& hand) {
    Seen s;
    s.line = hand.line;
    s.hand_number = hand.hand_number;
    s.num_players = hand.num_players();
    s.names = hand.names;
    s.values = hand.values;
    s.values_known = hand.values_known;
    s.chip_unit = hand.chip_unit;
    for (const ActionRecord& a : hand.actions) {
      std::string text = absl::StrCat(a.player, ActionKindName(a.kind));
      if (a.kind == ActionKind::kRaise || a.kind == ActionKind::kAllIn) {
        absl::StrAppend(&text, ":", a.raise_to);
      }
      s.actions.push_back(text);
    }
    for (int p = 0; p < hand.num_players(); ++p) {
      s.holes.push_back(poker::CardToString(hand.state.hole_card(p, 0)) +
                        poker::CardToString(hand.state.hole_card(p, 1)));
      s.stacks.push_back(hand.game->stack[p]);
      s.blinds.push_back(hand.game->blind[p]);
    }
    s.first_player = hand.game->first_player[0];
    s.showdown = hand.state.IsShowdown();
    seen.push_back(s);
  });
  EXPECT_TRUE(read.ok()) << read.status();
  if (read.ok()) *summary = *read;
  return seen;
}

std::string Problems(const ReadSummary& summary) {
  std::string text;
  for (const Problem& problem : summary.problems) absl::StrAppend(&text, problem.message, "\n");
  return text;
}

// Three players, antes, two all-ins of different sizes and a call: a main pot and a side pot.
constexpr char kSidePots[] = R"(
[1]
variant = "NT"
antes = [1, 1, 1]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [100, 300, 50]
actions = [
  "d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd",
  "p3 cbr 49",  # all in for 49 (50 less the ante)
  "p1 cbr 99",  # all in over the top
  "p2 cc",
  "d db 2c7s9h", "d db 3c", "d db 4d",
  "p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd",
]
hand = 17
players = ["Ann", "Bob", "Cat"]
seats = [1, 4, 6]
table = 'Main'
winnings = [250, 0, 0]
finishing_stacks = [250, 200, 0]
_note = "kept as written"
)";

TEST(PhhReaderTest, AntesSidePotsAndAllInsAddUp) {
  TempDir dir;
  ReadSummary summary;
  std::vector<Seen> seen = Read({dir.Write("side.phhs", kSidePots)}, &summary);
  ASSERT_EQ(seen.size(), 1u) << Problems(summary);
  const Seen& hand = seen[0];
  EXPECT_EQ(hand.line, 2);
  EXPECT_EQ(hand.hand_number, 17u);
  EXPECT_THAT(hand.names, ElementsAre("Ann", "Bob", "Cat"));
  // The main pot (3 antes + 3 x 49) and the side pot (2 x 50) both go to the aces.
  EXPECT_THAT(hand.values, ElementsAre(150, -100, -50));
  EXPECT_THAT(hand.actions, ElementsAre("2all-in:49", "0all-in:99", "1call"));
  // The record's own game: stacks less the antes, the forced bets, p3 first preflop.
  EXPECT_THAT(hand.stacks, ElementsAre(99, 299, 49));
  EXPECT_THAT(hand.blinds, ElementsAre(5, 10, 0));
  EXPECT_EQ(hand.first_player, 2);
  EXPECT_TRUE(hand.showdown);
  EXPECT_THAT(hand.holes, ElementsAre("AhAd", "KhKd", "QhQd"));
}

TEST(PhhReaderTest, WinningsThatDoNotAddUpAreRefused) {
  TempDir dir;
  std::string text = kSidePots;
  text.replace(text.find("winnings = [250, 0, 0]"), 22, "winnings = [150, 100, 0]");
  ReadSummary summary;
  EXPECT_TRUE(Read({dir.Write("bad.phhs", text)}, &summary).empty());
  EXPECT_EQ(summary.rejected_by_reason["value mismatch"], 1);
  EXPECT_THAT(Problems(summary), HasSubstr("bad.phhs:2: value mismatch: hand [1]: winnings: p1"));
}

// Heads-up: the forced bets are reversed (p1 posts the big blind, the button p2 acts first
// preflop and last after), amounts are decimals, hole cards unknown.
constexpr char kHeadsUpDecimal[] = R"(variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [60.00, 55.25]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 1.50', 'p1 cc', 'd db Jc8d2s', 'p1 cc',
           'p2 cbr 1.25', 'p1 f']
players = ['bb', 'btn']
winnings = [0, 3.00]
)";

TEST(PhhReaderTest, HeadsUpReversedBlindsAndDecimalAmounts) {
  TempDir dir;
  ReadSummary summary;
  std::vector<Seen> seen = Read({dir.Write("hu.phh", kHeadsUpDecimal)}, &summary);
  ASSERT_EQ(seen.size(), 1u) << Problems(summary);
  const Seen& hand = seen[0];
  // Chips of 0.01: the big blind p1 posts 50, the button 25 and acts first.
  EXPECT_DOUBLE_EQ(hand.chip_unit, 0.01);
  EXPECT_THAT(hand.blinds, ElementsAre(50, 25));
  EXPECT_THAT(hand.stacks, ElementsAre(6000, 5525));
  EXPECT_EQ(hand.first_player, 1);
  EXPECT_THAT(hand.actions, ElementsAre("1raise:150", "0call", "0check", "1raise:275", "0fold"));
  EXPECT_THAT(hand.values, ElementsAre(-150, 150));
  EXPECT_THAT(hand.holes, ElementsAre("????", "????"));
  EXPECT_EQ(summary.hands, 1);
}

// An under-the-gun straddle: the player after it acts first; the raise to 8 is legal under PHH's
// rules (the straddle plus the minimum bet of 2) and under ACPC's (twice the largest blind).
constexpr char kStraddle[] = R"(
# A comment before the first hand.
[1]
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 4, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????",
  "p4 cbr 8 # opens", "p1 f", "p2 f", "p3 cc",
  "# a lone commentary is a no-op",
  "d db AsKsQs", "p3 cc", "p4 cbr 10", "p3 f"]
)";

TEST(PhhReaderTest, StraddleMovesTheFirstPlayer) {
  TempDir dir;
  ReadSummary summary;
  std::vector<Seen> seen = Read({dir.Write("straddle.phhs", kStraddle)}, &summary);
  ASSERT_EQ(seen.size(), 1u) << Problems(summary);
  EXPECT_EQ(seen[0].first_player, 3);
  EXPECT_THAT(seen[0].actions,
              ElementsAre("3raise:8", "0fold", "1fold", "2call", "2check", "3raise:18", "2fold"));
  EXPECT_THAT(seen[0].values, ElementsAre(-1, -2, -8, 11));
  // No players field: positions are named p1, p2, ...
  EXPECT_THAT(seen[0].names, ElementsAre("p1", "p2", "p3", "p4"));
  // Onto a two-blind game the hand does not map: skipped and counted, not rejected.
  poker::GameDef game = testing::LoadProjectGame("holdem.nolimit.6p.game");
  game.num_players = 4;
  EXPECT_TRUE(Read({dir.File("straddle.phhs")}, &summary, &game).empty());
  EXPECT_EQ(summary.skipped_by_reason[kSkipStraddle], 1);
  EXPECT_EQ(summary.rejected, 0);
}

// Fixed limit, a muck at the showdown (the mucked hand forfeits), a folded small blind.
constexpr char kFixedLimit[] = R"([1]
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ["d dh p1 2c3d", "d dh p2 AsAc", "d dh p3 KdKc",
  "p3 cbr 4", "p1 f", "p2 cbr 6", "p3 cc",
  "d db 7h8h9c", "p2 cbr 2", "p3 cc",
  "d db Ts", "p2 cbr 4", "p3 cc",
  "d db 2h", "p2 cc", "p3 cc",
  "p2 sm AsAc", "p3 sm"]
)";

TEST(PhhReaderTest, FixedLimitWithAMuck) {
  TempDir dir;
  ReadSummary summary;
  std::vector<Seen> seen = Read({dir.Write("limit.phhs", kFixedLimit)}, &summary);
  ASSERT_EQ(seen.size(), 1u) << Problems(summary);
  EXPECT_THAT(seen[0].values, ElementsAre(-1, 13, -12));
  EXPECT_THAT(seen[0].actions, ElementsAre("2raise:4", "0fold", "1raise:6", "2call", "1raise:8",
                                           "2call", "1raise:12", "2call", "1check", "2check"));
}

// A showdown of cards nobody knows, without winnings: read, with its result unknown.
constexpr char kUnknownShowdown[] = R"([1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cc', 'p2 cc',
  'd db 9s7h2c', 'p1 cc', 'p2 cc', 'd db 9d', 'p1 cc', 'p2 cc', 'd db 9c', 'p1 cc', 'p2 cc',
  'p1 sm 8dAs', 'p2 sm ????']
)";

TEST(PhhReaderTest, UnknownCardsAtTheShowdownLeaveTheResultUnknown) {
  TempDir dir;
  ReadSummary summary;
  std::vector<Seen> seen = Read({dir.Write("unknown.phhs", kUnknownShowdown)}, &summary);
  ASSERT_EQ(seen.size(), 1u) << Problems(summary);
  EXPECT_FALSE(seen[0].values_known);
  EXPECT_THAT(seen[0].holes, ElementsAre("8dAs", "????", "????"));
  EXPECT_TRUE(seen[0].showdown);
}

// A walk: the button folds to the big blind. Some sites' winnings count the big blind's own
// uncalled half back (1.50), others only the pot (1): both read as the same result.
TEST(PhhReaderTest, WinningsMayCountTheUncalledBetBack) {
  TempDir dir;
  for (const std::string winnings : {"[1.50, 0]", "[1, 0]"}) {
    const std::string text = absl::StrCat(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\nmin_bet = 1\n"
        "starting_stacks = [80, 200]\nactions = ['d dh p1 ?\?\?\?', 'd dh p2 ?\?\?\?', 'p2 f']\n"
        "winnings = ",
        winnings, "\n");
    ReadSummary summary;
    std::vector<Seen> seen = Read({dir.Write("walk.phh", text)}, &summary);
    ASSERT_EQ(seen.size(), 1u) << winnings << "\n" << Problems(summary);
    // Chips of 0.1 (the most decimals is one: 0.50 is 0.5).
    EXPECT_THAT(seen[0].values, ElementsAre(5, -5)) << winnings;
    EXPECT_DOUBLE_EQ(seen[0].chip_unit, 0.1);
  }
}

TEST(PhhReaderTest, HandsThatDoNotAddUpAreRefusedWithFileLineAndReason) {
  struct Case {
    std::string from, to, reason, message;
  };
  const std::vector<Case> cases = {
      {"'p2 cbr 1.50', 'p1 cc'", "'p1 cc', 'p2 cbr 1.50'", "illegal action",
       "p1 acts but p2 is to act"},
      {"'p2 cbr 1.50'", "'p2 cbr 0.75'", "illegal action", "the legal range is 1 to 55.25"},
      {"winnings = [0, 3.00]", "winnings = [0, 3.50]", "value mismatch", "more than the pot"},
      {"'d db Jc8d2s'", "'d db Jc8d8d'", "bad cards", "8d is dealt twice"},
      {", 'p1 f']", "]", "unfinished hand", "while p1 is to act on street 1"},
      {"variant = 'NT'", "variant = 'PO'", "unsupported variant", "variant 'PO' is not read"},
      {"'p1 f'", "'p1 raise'", "malformed action", "unknown action"},
      {"min_bet = 0.50", "min_bet = 0.5.0", "malformed hand", "is not a TOML value"},
      {"min_bet = 0.50", "min_bet = 0.50\nmin_bet = 1", "malformed hand", "given twice"},
      {"starting_stacks = [60.00, 55.25]", "starting_stacks = [50.00]", "malformed hand",
       "has 1 values"},
  };
  TempDir dir;
  for (const Case& c : cases) {
    std::string text = kHeadsUpDecimal;
    ASSERT_NE(text.find(c.from), std::string::npos) << c.from;
    text.replace(text.find(c.from), c.from.size(), c.to);
    ReadSummary summary;
    EXPECT_TRUE(Read({dir.Write("bad.phh", text)}, &summary).empty()) << c.to;
    EXPECT_EQ(summary.rejected_by_reason[c.reason], 1) << c.to << "\n" << Problems(summary);
    EXPECT_THAT(Problems(summary), HasSubstr(c.message)) << c.to;
    EXPECT_THAT(Problems(summary), HasSubstr("bad.phh:1: " + c.reason + ": hand: ")) << c.to;
  }
}

TEST(PhhReaderTest, ABadHandLosesNothingElseAndCompressedFilesRead) {
  // Hand 2 is not TOML; hands 1 and 3 are read, and the lines stay counted.
  std::string third = kFixedLimit;
  third[1] = '3';  // [1] -> [3]
  const std::string text = absl::StrCat(kStraddle, "\n[2]\nvariant = \"NT\nantes = [0]\n", third);
  TempDir dir;
  for (const std::string& name : {std::string("plain.phhs"), std::string("z.phhs.gz"),
                                  std::string("z.phhs.bz2"), std::string("no_suffix")}) {
    std::string bytes = text;
    if (name == "z.phhs.gz") bytes = testing::Gzip(text);
    if (name == "z.phhs.bz2") bytes = testing::Bzip2(text);
    ReadSummary summary;
    std::vector<Seen> seen = Read({dir.Write(name, bytes)}, &summary);
    ASSERT_EQ(seen.size(), 2u) << name << "\n" << Problems(summary);
    EXPECT_EQ(seen[0].line, 3) << name;
    EXPECT_EQ(seen[1].line, 17) << name;
    EXPECT_EQ(summary.lines, 3);
    EXPECT_EQ(summary.rejected_by_reason["malformed hand"], 1);
    EXPECT_THAT(Problems(summary), HasSubstr(name + ":14: malformed hand: hand: line 15: "));
    std::filesystem::remove(dir.File(name));
  }
}

TEST(PhhReaderTest, FoldersListPhhFilesAndFormatsAreToldByContent) {
  TempDir dir;
  dir.Write("a/one.phh", kHeadsUpDecimal);
  dir.Write("a/two.phhs", kStraddle);
  dir.Write("a/readme.txt", "not a log");
  ReadSummary summary;
  EXPECT_EQ(Read({dir.File("a")}, &summary).size(), 2u) << Problems(summary);
  EXPECT_EQ(*DetectLogFormat(dir.Write("x.txt", kStraddle)), LogFormat::kPhh);
  EXPECT_EQ(*DetectLogFormat(dir.Write("y.txt", "# header\nSTATE:0:f:AsKs|2c3c:-50|50:a|b\n")),
            LogFormat::kAcpc);
}

TEST(PhhReaderTest, MappingOntoAGameScalesAndSkipsWhatDoesNotFit) {
  poker::GameDef game = testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  TempDir dir;
  // 110.5 big blinds deep against the game's 200: within the default tolerance of 2.
  std::string text = kHeadsUpDecimal;
  ReadSummary summary;
  std::vector<Seen> seen = Read({dir.Write("hu.phh", text)}, &summary, &game);
  ASSERT_EQ(seen.size(), 1u) << Problems(summary);
  // In the game's chips (big blind 100): 1.50 is 3 big blinds, 300 chips.
  EXPECT_THAT(seen[0].actions, ElementsAre("1raise:300", "0call", "0check", "1raise:550", "0fold"));
  EXPECT_THAT(seen[0].values, ElementsAre(-300, 300));
  EXPECT_DOUBLE_EQ(seen[0].chip_unit, 0.005);
  // 20 big blinds deep is too far from 200.
  text.replace(text.find("[60.00, 55.25]"), 14, "[10.00, 10.00]");
  EXPECT_TRUE(Read({dir.Write("short.phh", text)}, &summary, &game).empty());
  EXPECT_EQ(summary.skipped_by_reason[kSkipStacks], 1);
  // Three players do not fit a heads-up game.
  EXPECT_TRUE(Read({dir.Write("three.phhs", kSidePots)}, &summary, &game).empty());
  EXPECT_EQ(summary.skipped_by_reason[kSkipPlayers], 1);
}

TEST(PhhDecimalTest, AmountsAreExactInTheSmallestUnit) {
  int64_t nano = 0;
  int decimals = 0;
  ASSERT_TRUE(ParseDecimalNano("0.50", &nano, &decimals));
  EXPECT_EQ(nano, 500000000);
  EXPECT_EQ(decimals, 1);
  ASSERT_TRUE(ParseDecimalNano("1_000.25", &nano, &decimals));
  EXPECT_EQ(nano, 1000250000000);
  EXPECT_EQ(decimals, 2);
  ASSERT_TRUE(ParseDecimalNano("2.5e3", &nano, &decimals));
  EXPECT_EQ(nano, 2500000000000);
  EXPECT_EQ(decimals, 0);
  EXPECT_FALSE(ParseDecimalNano("0.0000000001", &nano, &decimals));
  EXPECT_FALSE(ParseDecimalNano("1.2.3", &nano, &decimals));
  EXPECT_EQ(FormatPhhAmount(25, 2), "0.25");
  EXPECT_EQ(FormatPhhAmount(1050, 2), "10.5");
  EXPECT_EQ(FormatPhhAmount(7, 0), "7");
}

}  // namespace
}  // namespace logs_parser
