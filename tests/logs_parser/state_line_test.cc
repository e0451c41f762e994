#include "logs_parser/state_line.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/hand_record.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::LoadProjectGame;

// Compact text of an action record for golden comparisons:
// `<player>:<round>:<kind>[:<raise_to>] pot=<pot_before> call=<to_call> spent=<spent_before>`.
std::string Describe(const ActionRecord& a) {
  std::string text = absl::StrCat(a.player, ":", a.round, ":", ActionKindName(a.kind));
  if (a.kind == ActionKind::kRaise || a.kind == ActionKind::kAllIn) {
    absl::StrAppend(&text, ":", a.raise_to);
  }
  absl::StrAppend(&text, " pot=", a.pot_before, " call=", a.to_call, " spent=", a.spent_before);
  return text;
}

std::vector<std::string> DescribeAll(const HandRecord& record) {
  std::vector<std::string> out;
  for (const ActionRecord& a : record.actions) out.push_back(Describe(a));
  return out;
}

class StateLineTest : public ::testing::Test {
 protected:
  // Parses `line`, expecting success.
  HandRecord Parse(const poker::GameDef& game, const std::string& line, bool strip = false) {
    HandRecord record(game);
    const char* reason = nullptr;
    absl::Status status = ParseHandLine(line, game, NameOptions{strip}, &record, &reason);
    EXPECT_TRUE(status.ok()) << status << " reason " << (reason ? reason : "");
    return record;
  }
  // Parses `line`, expecting a rejection; returns "<reason>: <message>".
  std::string Reject(const poker::GameDef& game, const std::string& line) {
    HandRecord record(game);
    const char* reason = nullptr;
    absl::Status status = ParseHandLine(line, game, NameOptions{}, &record, &reason);
    EXPECT_FALSE(status.ok()) << line;
    if (status.ok()) return "";
    return std::string(reason) + ": " + std::string(status.message());
  }

  poker::GameDef nl2p_ = LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  poker::GameDef nl3p_ = LoadProjectGame("holdem.nolimit.3p.game");
  poker::GameDef l3p_ = LoadProjectGame("holdem.limit.3p.game");
  poker::GameDef kuhn_ = LoadProjectGame("kuhn.limit.3p.game");
  poker::GameDef nl6p_10000_ = LoadProjectGame("holdem.nolimit.6p.10000.game");
};

// Shaped like the DeepStack log's first line (player renamed; the real logs are read from
// ../shared). Heads-up reverse blinds: position 0 posts the big blind (100), position 1 the small
// blind (50) and acts first preflop, position 0 first on the flop.
TEST_F(StateLineTest, DeepStackRaisesCallAndFold) {
  HandRecord hand = Parse(nl2p_,
                          "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:pro.player.1|"
                          "DeepStack # 1478520223.88075");
  EXPECT_EQ(hand.hand_number, 0u);
  EXPECT_THAT(hand.names, ElementsAre("pro.player.1", "DeepStack"));
  EXPECT_THAT(hand.values, ElementsAre(900, -900));
  EXPECT_THAT(DescribeAll(hand), ElementsAre("1:0:raise:300 pot=150 call=50 spent=50",
                                             "0:0:raise:900 pot=400 call=200 spent=100",
                                             "1:0:call pot=1200 call=600 spent=300",
                                             "0:1:raise:2250 pot=1800 call=0 spent=900",
                                             "1:1:fold pot=3150 call=1350 spent=900"));
  EXPECT_FALSE(hand.SawShowdown(0));
  EXPECT_FALSE(hand.SawShowdown(1));
  EXPECT_EQ(poker::CardToString(hand.state.hole_card(1, 0)), "3d");
  EXPECT_EQ(hand.state.NumBoardCardsVisible(), 3);
  EXPECT_EQ(poker::CardToString(hand.state.board_card(2)), "Qc");
}

TEST_F(StateLineTest, CheckIsACallWithNothingToCall) {
  HandRecord hand = Parse(nl2p_,
                          "STATE:4:cr500c/cc/cc/cc:ThAs|Ac6c/Qd2h7c/5d/6d:-500|500:pro.player.1|"
                          "DeepStack # 1478520357.77433\r");
  EXPECT_THAT(
      DescribeAll(hand),
      ElementsAre("1:0:call pot=150 call=50 spent=50", "0:0:raise:500 pot=200 call=0 spent=100",
                  "1:0:call pot=600 call=400 spent=100", "0:1:check pot=1000 call=0 spent=500",
                  "1:1:check pot=1000 call=0 spent=500", "0:2:check pot=1000 call=0 spent=500",
                  "1:2:check pot=1000 call=0 spent=500", "0:3:check pot=1000 call=0 spent=500",
                  "1:3:check pot=1000 call=0 spent=500"));
  EXPECT_TRUE(hand.SawShowdown(0));
  EXPECT_TRUE(hand.SawShowdown(1));
  EXPECT_THAT(hand.values, ElementsAre(-500, 500));
}

TEST_F(StateLineTest, AllInRaiseIsItsOwnKind) {
  HandRecord hand =
      Parse(nl2p_, "STATE:3:r20000f:Jd2c|2d2h:-100|100:DeepStack|pro.player.1 # 1478520319.01331");
  EXPECT_THAT(DescribeAll(hand), ElementsAre("1:0:all-in:20000 pot=150 call=50 spent=50",
                                             "0:0:fold pot=20100 call=19900 spent=100"));
}

// manual_nl3p.log hand 0: three players, re-raises, a fold, an all-in and its call, then the
// empty sections of the runout. Position 0 small blind (50), 1 big blind (100), 2 acts first.
TEST_F(StateLineTest, ThreePlayerAllInRunoutWithEmptyRounds) {
  HandRecord hand = Parse(nl3p_,
                          "STATE:0:ccr1762r4247cr17081fr20000c///:7d3d|2hAc|5sKs/7s9s6h/4h/Ts:"
                          "24247|-20000|-4247:Alice|Bob|Carol");
  EXPECT_THAT(DescribeAll(hand),
              ElementsAre("2:0:call pot=150 call=100 spent=0", "0:0:call pot=250 call=50 spent=50",
                          "1:0:raise:1762 pot=300 call=0 spent=100",
                          "2:0:raise:4247 pot=1962 call=1662 spent=100",
                          "0:0:call pot=6109 call=4147 spent=100",
                          "1:0:raise:17081 pot=10256 call=2485 spent=1762",
                          "2:0:fold pot=25575 call=12834 spent=4247",
                          "0:0:all-in:20000 pot=25575 call=12834 spent=4247",
                          "1:0:call pot=41328 call=2919 spent=17081"));
  EXPECT_TRUE(hand.SawShowdown(0));
  EXPECT_TRUE(hand.SawShowdown(1));
  EXPECT_FALSE(hand.SawShowdown(2));
  EXPECT_EQ(hand.state.NumBoardCardsVisible(), 5);
  EXPECT_THAT(hand.values, ElementsAre(24247, -20000, -4247));
}

// l3p.log hand 0: limit raises are fixed (10 preflop), a raise is never an all-in.
TEST_F(StateLineTest, LimitRaisesCarryTheirRaiseToTotal) {
  HandRecord hand =
      Parse(l3p_, "STATE:0:rrrfc/cc/rf:5d5c|9hQd|8dAs/8s4h6d/5s:60|-40|-20:Alice|Bob|Carol");
  EXPECT_THAT(
      DescribeAll(hand),
      ElementsAre("2:0:raise:20 pot=15 call=10 spent=0", "0:0:raise:30 pot=35 call=15 spent=5",
                  "1:0:raise:40 pot=60 call=20 spent=10", "2:0:fold pot=90 call=20 spent=20",
                  "0:0:call pot=90 call=10 spent=30", "0:1:check pot=100 call=0 spent=40",
                  "1:1:check pot=100 call=0 spent=40", "0:2:raise:60 pot=100 call=0 spent=40",
                  "1:2:fold pot=120 call=20 spent=40"));
  EXPECT_THAT(hand.values, ElementsAre(60, -40, -20));
}

TEST_F(StateLineTest, KuhnAntesAndOneRound) {
  HandRecord hand = Parse(kuhn_, "STATE:0:rcc:Js|As|Qs:-2|4|-2:Alice|Bob|Carol");
  EXPECT_THAT(DescribeAll(hand),
              ElementsAre("0:0:raise:2 pot=3 call=0 spent=1", "1:0:call pot=4 call=1 spent=1",
                          "2:0:call pot=5 call=1 spent=1"));
  EXPECT_TRUE(hand.SawShowdown(1));
}

// A three-way split of an odd pot (the small blind's 50 is dead): the dealer prints the thirds
// with 6 decimals, which must pass the value check.
TEST_F(StateLineTest, FractionalValuesOfSplitPots) {
  HandRecord hand = Parse(nl6p_10000_,
                          "STATE:7:ccfffc/ccc/ccc/ccc:2c3d|4h2s|4d2h|3h3c|KdKh|AdAh/6s7s8h/9c/Tc:"
                          "-50|16.666667|16.666667|16.666667|0|0:A|B|C|D|E|F");
  EXPECT_THAT(hand.values, ElementsAre(-50, 16.666667, 16.666667, 16.666667, 0, 0));
  EXPECT_FALSE(hand.SawShowdown(0));
  EXPECT_TRUE(hand.SawShowdown(3));
  EXPECT_FALSE(hand.SawShowdown(4));
  EXPECT_EQ(hand.actions.size(), 15u);
  EXPECT_THAT(Reject(nl6p_10000_,
                     "STATE:7:ccfffc/ccc/ccc/ccc:2c3d|4h2s|4d2h|3h3c|KdKh|AdAh/6s7s8h/9c/Tc:"
                     "-50|16.67|16.67|16.66|0|0:A|B|C|D|E|F"),
              HasSubstr("value mismatch: position 1 logged 16.67 but the rules give 16.666667"));
}

TEST_F(StateLineTest, NamesWithOddBytesAndSuffixMapping) {
  const std::string line =
      "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:b\\\xc3\xb6s.alexander.1|DeepStack";
  HandRecord plain = Parse(nl2p_, line);
  EXPECT_EQ(plain.names[0], "b\\\xc3\xb6s.alexander.1");
  HandRecord stripped = Parse(nl2p_, line, /*strip=*/true);
  EXPECT_EQ(stripped.names[0], "b\\\xc3\xb6s.alexander");
  EXPECT_EQ(stripped.names[1], "DeepStack");
}

TEST(MapNameTest, StripsOnlyANumericTableSuffix) {
  NameOptions strip{true};
  EXPECT_EQ(MapName("laak.phil.2", strip), "laak.phil");
  EXPECT_EQ(MapName("laak.phil.12", strip), "laak.phil");
  EXPECT_EQ(MapName("laak.phil", strip), "laak.phil");
  EXPECT_EQ(MapName("hyperborean3pk.RMPUE", strip), "hyperborean3pk.RMPUE");
  EXPECT_EQ(MapName("bot.", strip), "bot.");
  EXPECT_EQ(MapName(".7", strip), ".7");
  EXPECT_EQ(MapName("laak.phil.2", NameOptions{false}), "laak.phil.2");
}

TEST(GameHeaderTest, ReadsTheGamePath) {
  absl::string_view game;
  ASSERT_TRUE(ParseGameHeader(
      "# name/game/hands/seed sample_game_45 ../lib/python-client/acpc_infrastructure/"
      "holdem.nolimit.6p.game 10000 45",
      &game));
  EXPECT_EQ(game, "../lib/python-client/acpc_infrastructure/holdem.nolimit.6p.game");
  EXPECT_FALSE(ParseGameHeader("#--t_response 600000", &game));
  EXPECT_FALSE(ParseGameHeader("# name/game/hands/seed onlyname", &game));
}

TEST_F(StateLineTest, RejectionsSayWhy) {
  const std::string good_cards = ":AcJs|3d2d/Kc5sQc:900|-900:a|b";
  EXPECT_THAT(Reject(nl2p_, "\x01\x02garbage\xff"),
              HasSubstr("not a log line: not a STATE line: '\\x01\\x02garbage\\xff'"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5s"),
              HasSubstr("malformed line: expected STATE:<hand>"));
  EXPECT_THAT(Reject(nl2p_, "STATE:x1:r300r900c/r2250f" + good_cards),
              HasSubstr("malformed line: hand number 'x1'"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:a"),
              HasSubstr("malformed line: names have 1 fields, the game has 2 players"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900|0:a|b"),
              HasSubstr("malformed line: values have more fields"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:9x0|-900:a|b"),
              HasSubstr("bad value: value '9x0' of position 0"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r350c/r2250f" + good_cards),
              HasSubstr("illegal action: betting 'r300r350c/r2250f'"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250" + good_cards),
              HasSubstr("unfinished hand: betting 'r300r900c/r2250' does not end the hand"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2x/Kc5sQc:900|-900:a|b"),
              HasSubstr("bad cards: cards 'AcJs|3d2x/Kc5sQc'"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3dAc/Kc5sQc:900|-900:a|b"),
              HasSubstr("bad cards"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:901|-901:a|b"),
              HasSubstr("value mismatch: position 0 logged 901 but the rules give 900"));
  EXPECT_THAT(Reject(nl2p_, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:|b"),
              HasSubstr("malformed line: position 0 has an empty name"));
  // A line of the 3-player game read as heads-up.
  EXPECT_THAT(Reject(nl2p_, "STATE:0:rcc:Js|As|Qs:-2|4|-2:Alice|Bob|Carol"),
              HasSubstr("malformed line: values have more fields than the game's 2 players"));
}

}  // namespace
}  // namespace logs_parser
