#include "poker/codec.h"

#include <random>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/poker/test_util.h"

namespace poker {
namespace {

using ::poker::testing::ProjectGame;
using ::testing::HasSubstr;

const GameDef& NoLimit2p() { return ProjectGame("holdem.nolimit.2p.reverse_blinds.game"); }
const GameDef& NoLimit3p() { return ProjectGame("holdem.nolimit.3p.game"); }
const GameDef& Limit2p() { return ProjectGame("holdem.limit.2p.reverse_blinds.game"); }
const GameDef& Kuhn3p() { return ProjectGame("kuhn.limit.3p.game"); }

std::string BettingError(const GameDef& game, absl::string_view betting) {
  State s(game, 0);
  absl::Status st = ApplyBetting(betting, &s);
  EXPECT_FALSE(st.ok()) << betting;
  return std::string(st.message());
}

std::string Replayed(const GameDef& game, absl::string_view betting) {
  State s(game, 0);
  absl::Status st = ApplyBetting(betting, &s);
  EXPECT_TRUE(st.ok()) << betting << ": " << st;
  return FormatBetting(s);
}

TEST(CodecTest, BettingRoundTrips) {
  for (const char* b : {"", "c", "cc/", "cr300r500c/cr600r20000", "cc/cc/r200r300c/cc",
                        "r20000c///", "f", "cc/r250f"}) {
    EXPECT_EQ(Replayed(NoLimit2p(), b), b);
  }
  EXPECT_EQ(Replayed(Limit2p(), "rrrc/rrrrc/c"), "rrrc/rrrrc/c");
}

TEST(CodecTest, BettingSynonymsAndCase) {
  EXPECT_EQ(Replayed(NoLimit2p(), "Kb300B500C/kR600"), "cr300r500c/cr600");
  EXPECT_EQ(Replayed(Limit2p(), "BRrK/bF"), "rrrc/rf");
}

TEST(CodecTest, BettingErrors) {
  EXPECT_EQ(BettingError(NoLimit2p(), "cr300x"), "action 3: unknown action letter 'x'");
  EXPECT_EQ(BettingError(NoLimit2p(), "cr300r400"),
            "action 3 'r400' (round 1): raise to 400 is below the minimum 500");
  EXPECT_EQ(BettingError(NoLimit2p(), "cr300r20001"),
            "action 3 'r20001' (round 1): raise to 20001 is above the maximum 20000 (the stack)");
  EXPECT_EQ(BettingError(NoLimit2p(), "cr"),
            "action 2 'r': a no-limit raise needs a raise-to size");
  EXPECT_EQ(BettingError(NoLimit2p(), "r99999999999"),
            "action 1 'r99999999999': the raise size does not fit in 32 bits");
  EXPECT_EQ(BettingError(NoLimit2p(), "cf"), "action 2 'f' (round 1): fold with nothing to call");
  EXPECT_EQ(BettingError(NoLimit2p(), "cc"),
            "ends in round 1 but the hand has reached round 2 "
            "(a '/' is missing)");
  EXPECT_EQ(BettingError(NoLimit2p(), "ccc"),
            "action 3 'c': round 1 has ended, a '/' is missing before this action");
  EXPECT_EQ(BettingError(NoLimit2p(), "c/c"), "'/' at character 2: round 1 has not ended");
  EXPECT_EQ(BettingError(NoLimit2p(), "cc//"), "'/' at character 4: round 2 has not ended");
  EXPECT_EQ(BettingError(NoLimit2p(), "f/"), "'/' at character 2: the hand is over");
  EXPECT_EQ(BettingError(NoLimit2p(), "fc"), "action 2 'c': the hand is already over");
  EXPECT_EQ(BettingError(NoLimit2p(), "r20000r20000"),
            "action 2 'r20000' (round 1): raise when no other player can still act");
  EXPECT_EQ(BettingError(Limit2p(), "rrrr"),
            "action 4 'r' (round 1): raise after the round's cap of 3 raises");
  EXPECT_EQ(BettingError(Limit2p(), "r10"), "action 1 'r10': a limit raise has no size");
  EXPECT_EQ(BettingError(NoLimit2p(), "c\xff"), "action 2: unknown action letter '\\xff'");
}

TEST(CodecTest, ParseActionLikeTheServer) {
  State s(NoLimit2p(), 0);
  EXPECT_EQ(*ParseAction(s, "f"), Action::Fold());
  EXPECT_EQ(*ParseAction(s, "K"), Action::Call());
  EXPECT_EQ(*ParseAction(s, "c"), Action::Call());
  EXPECT_EQ(*ParseAction(s, "r400"), Action::Raise(400));
  EXPECT_EQ(*ParseAction(s, "B250"), Action::Raise(250));
  EXPECT_FALSE(ParseAction(s, "").ok());
  EXPECT_FALSE(ParseAction(s, "r").ok());
  EXPECT_FALSE(ParseAction(s, "x").ok());
  EXPECT_FALSE(ParseAction(s, "c1").ok());
  EXPECT_FALSE(ParseAction(s, "r400 ").ok());
  EXPECT_FALSE(ParseAction(s, "r4294967296").ok());
  State limit(Limit2p(), 0);
  EXPECT_EQ(*ParseAction(limit, "r"), Action::Raise(20));
  EXPECT_FALSE(ParseAction(limit, "r20").ok());
}

TEST(CodecTest, CardsRoundTripAndViews) {
  State s(NoLimit2p(), 0);
  ASSERT_TRUE(ApplyBetting("cc/cc/r200r300c/cc", &s).ok());
  ASSERT_TRUE(ApplyCards("Ah8s|2h4c/Qd7h6c/4s/Jc", true, &s).ok());
  EXPECT_EQ(FormatCards(s), "Ah8s|2h4c/Qd7h6c/4s/Jc");
  // A showdown: each viewer sees both hands.
  EXPECT_EQ(FormatCards(s, 0), "Ah8s|2h4c/Qd7h6c/4s/Jc");
  EXPECT_EQ(FormatCards(s, 1), "Ah8s|2h4c/Qd7h6c/4s/Jc");

  State folded(NoLimit2p(), 0);
  ASSERT_TRUE(ApplyBetting("cc/r300f", &folded).ok());
  ASSERT_TRUE(ApplyCards("Ah8s|2h4c/Qd7h6c", true, &folded).ok());
  EXPECT_EQ(FormatCards(folded), "Ah8s|2h4c/Qd7h6c");
  EXPECT_EQ(FormatCards(folded, 0), "Ah8s|/Qd7h6c");
  EXPECT_EQ(FormatCards(folded, 1), "|2h4c/Qd7h6c");

  // Three players, one folded, two at a showdown: the folded hand stays hidden.
  State three(NoLimit3p(), 0);
  ASSERT_TRUE(ApplyBetting("fcc/cc/cc/cc", &three).ok());
  ASSERT_TRUE(ApplyCards("AhAs|KhKs|QhQs/2c3c4d/9s/Td", true, &three).ok());
  EXPECT_EQ(FormatCards(three, 0), "AhAs|KhKs|/2c3c4d/9s/Td");
  EXPECT_EQ(FormatCards(three, 2), "AhAs|KhKs|QhQs/2c3c4d/9s/Td");
  EXPECT_EQ(FormatCards(three, 1), "AhAs|KhKs|/2c3c4d/9s/Td");
}

std::string CardsError(const GameDef& game, absl::string_view betting, absl::string_view cards,
                       bool all = true) {
  State s(game, 0);
  EXPECT_TRUE(ApplyBetting(betting, &s).ok());
  absl::Status st = ApplyCards(cards, all, &s);
  EXPECT_FALSE(st.ok()) << cards;
  return std::string(st.message());
}

TEST(CodecTest, CardErrors) {
  EXPECT_EQ(CardsError(NoLimit2p(), "cc/", "Ah8s|2h4c"),
            "cards 'Ah8s|2h4c': the board of round 2 is missing");
  EXPECT_EQ(CardsError(NoLimit2p(), "cc/", "Ah8s|2h4c/Qd7h"),
            "cards: board of round 2 'Qd7h' should be 3 card(s)");
  EXPECT_EQ(CardsError(NoLimit2p(), "cc/", "Ah8s|2h4c/Qd7h6c/4s"),
            "cards 'Ah8s|2h4c/Qd7h6c/4s': board cards beyond round 2, the last one reached");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ah8s|2h"),
            "cards: position 1 and first-round board '2h' should be 2 card(s)");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ah8|2h4c"),
            "cards: position 0 'Ah8' should be 2 card(s)");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ah8s"),
            "cards 'Ah8s': 1 hole section(s), the game has 2");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ah8s|2h4c|3c3d"),
            "cards 'Ah8s|2h4c|3c3d': more than 2 hole sections");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ah8s|"),
            "cards: the hole cards of position 1 are missing");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ah8s|Ah4c"), "cards: position 1: Ah appears twice");
  EXPECT_EQ(CardsError(NoLimit2p(), "cc/", "Ah8s|2h4c/Qd7h8s"),
            "cards: board of round 2: 8s appears twice");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "Ax8s|2h4c"), "cards: position 0: 'Ax' is not a card");
  EXPECT_EQ(CardsError(NoLimit2p(), "f", "1h8s|2h4c"), "cards: position 0: '1h' is not a card");
  EXPECT_EQ(CardsError(Kuhn3p(), "ccc", "Js|As|2c"),
            "cards: position 2: 2c is not in this game's deck");
  EXPECT_EQ(CardsError(Kuhn3p(), "ccc", "Js|As|Ks/"),
            "cards 'Js|As|Ks/': board cards beyond round 1, the last one reached");
}

TEST(CodecTest, PairsFromText) {
  absl::StatusOr<PairCards> pair = ParsePair("KsAh");
  ASSERT_TRUE(pair.ok()) << pair.status();
  EXPECT_EQ(CardToString(pair->low), "Ks");
  EXPECT_EQ(CardToString(pair->high), "Ah");
  EXPECT_EQ(PairIndex(pair->low, pair->high), PairIndex(*ParseCard("Ah"), *ParseCard("Ks")));
  EXPECT_EQ(ParsePair("AhAh").status().message(), "'AhAh' is not two distinct cards");
  EXPECT_EQ(ParsePair("Ah").status().message(), "'Ah' is not two distinct cards");
  EXPECT_EQ(ParsePair("AhKsQd").status().message(), "'AhKsQd' is not two distinct cards");
  EXPECT_FALSE(ParsePair("AhKx").ok());
}

TEST(CodecTest, CardsAcceptCaseAndPartialViews) {
  State s(NoLimit2p(), 0);
  ASSERT_TRUE(ApplyBetting("c", &s).ok());
  ASSERT_TRUE(ApplyCards("|tDkS", false, &s).ok());
  EXPECT_EQ(FormatCards(s), "|TdKs");
  EXPECT_FALSE(s.HoleCardsKnown(0));
  EXPECT_TRUE(s.HoleCardsKnown(1));
}

TEST(CodecTest, MatchStateRoundTrip) {
  const char* lines[] = {
      "MATCHSTATE:0:0::5d5c|",
      "MATCHSTATE:1:0:c:|9hQd",
      "MATCHSTATE:1:31:cr300r500c/cr600:|9hQd/8dAs8s",
      "MATCHSTATE:0:2:cc/cc/r200r300c/cc:Ah8s|2h4c/Qd7h6c/4s/Jc",
      "MATCHSTATE:1:2:r20000c///:Ah8s|2h4c/Qd7h6c/4s/Jc",
      "MATCHSTATE:0:4294967295:cc/r300f:Ah8s|/Qd7h6c",
  };
  for (const char* line : lines) {
    absl::StatusOr<MatchState> ms = ParseMatchState(NoLimit2p(), line);
    ASSERT_TRUE(ms.ok()) << line << ": " << ms.status();
    EXPECT_EQ(FormatMatchState(*ms), line);
  }
  absl::StatusOr<MatchState> ms =
      ParseMatchState(NoLimit2p(), "MATCHSTATE:1:31:cr300r500c/cr600:|9hQd/8dAs8s\r\n");
  ASSERT_TRUE(ms.ok()) << ms.status();
  EXPECT_EQ(ms->viewer, 1);
  EXPECT_EQ(ms->state.hand_number(), 31u);
  EXPECT_EQ(ms->state.CurrentPlayer(), 0);
  EXPECT_EQ(ms->state.round(), 1);
  EXPECT_EQ(ms->state.hole_card(1, 1), MakeCard(10, 1));  // Qd
  EXPECT_EQ(ms->state.board_card(2), MakeCard(6, 3));     // 8s
}

std::string MatchStateError(const GameDef& game, absl::string_view line) {
  absl::StatusOr<MatchState> ms = ParseMatchState(game, line);
  EXPECT_FALSE(ms.ok()) << line;
  return ms.ok() ? "" : std::string(ms.status().message());
}

TEST(CodecTest, MatchStateErrors) {
  EXPECT_THAT(MatchStateError(NoLimit2p(), "MATCHSTATE:0:0:cc"), HasSubstr("truncated"));
  EXPECT_THAT(MatchStateError(NoLimit2p(), "MATCHSTATE:0:0:c"), HasSubstr("truncated"));
  EXPECT_THAT(MatchStateError(NoLimit2p(), ""), HasSubstr("does not start with"));
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0:3:cr200:|Kh2c:r400"),
            "MATCHSTATE cards: extra field after the cards '|Kh2c:r400'");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:2:0::5d5c|"),
            "MATCHSTATE position: '2' is not a position 0..1");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:-1:0::5d5c|"),
            "MATCHSTATE position: '-1' is not a position 0..1");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0:4294967296::5d5c|"),
            "MATCHSTATE hand: '4294967296' is not a hand number");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0: 1::5d5c|"),
            "MATCHSTATE hand: ' 1' is not a hand number");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0:0:cz:5d5c|"),
            "MATCHSTATE betting 'cz': action 2: unknown action letter 'z'");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0:0:r100:5d5c|"),
            "MATCHSTATE betting 'r100': action 1 'r100' (round 1): raise to 100 is below the "
            "minimum 200");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0:0:cc/:5d5c|"),
            "MATCHSTATE cards '5d5c|': the board of round 2 is missing");
  EXPECT_EQ(MatchStateError(NoLimit2p(), "MATCHSTATE:0:0::5d5d|"),
            "MATCHSTATE cards: position 0: 5d appears twice");
}

TEST(CodecTest, FormatValueLikeTheDealer) {
  EXPECT_EQ(FormatValue(20000), "20000");
  EXPECT_EQ(FormatValue(-20000), "-20000");
  EXPECT_EQ(FormatValue(0), "0");
  EXPECT_EQ(FormatValue(8832.5), "8832.5");
  EXPECT_EQ(FormatValue(-79922.75), "-79922.75");
  EXPECT_EQ(FormatValue(1.0 / 3.0), "0.333333");
  EXPECT_EQ(FormatValue(2.0 / 3.0), "0.666667");
  EXPECT_EQ(FormatValue(100.0000004), "100");
  EXPECT_EQ(FormatValue(1e20), "100000000000000000000");
}

const char* const kDeepStackLine =
    "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:pro.player.1|DeepStack # "
    "1478520223.88075\r\n";

TEST(CodecTest, LogLineWithCommentAndCrlf) {
  absl::StatusOr<LogLine> log = ParseLogLine(NoLimit2p(), kDeepStackLine);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->comment, "1478520223.88075");
  EXPECT_EQ(log->names, (std::vector<std::string>{"pro.player.1", "DeepStack"}));
  EXPECT_EQ(log->values, (std::vector<double>{900, -900}));
  EXPECT_TRUE(log->state.finished());
  EXPECT_EQ(log->state.round(), 1);
  EXPECT_EQ(FormatLogLine(*log),
            "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:pro.player.1|DeepStack");
}

TEST(CodecTest, LogLineShowdownAndFractions) {
  // A six-player hand (10000-chip stacks) with a split pot.
  const char* line =
      "STATE:0:ffr225fcc/ccc/ccc/ccr562cf:2cAc|9sTc|4c6s|Ks2d|6dAd|Jh5d/Qs9c4s/As/8d:"
      "112.5|-225|0|0|112.5|0:p1|p2|p3|p4|p5|bot";
  absl::StatusOr<LogLine> log = ParseLogLine(ProjectGame("holdem.nolimit.6p.10000.game"), line);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->values[0], 112.5);
  EXPECT_EQ(FormatLogLine(*log), line);
}

std::string LogError(const GameDef& game, absl::string_view line) {
  absl::StatusOr<LogLine> log = ParseLogLine(game, line);
  EXPECT_FALSE(log.ok()) << line;
  return log.ok() ? "" : std::string(log.status().message());
}

TEST(CodecTest, LogLineErrors) {
  const GameDef& g = NoLimit2p();
  EXPECT_EQ(LogError(g, "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900"),
            "STATE line is truncated (needs hand:betting:cards:values:names): "
            "'STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQ...'");
  EXPECT_THAT(LogError(g, "STATE:0:r300r900c/r2250f"), HasSubstr("truncated"));
  EXPECT_THAT(LogError(g, "SCORE:1|-1:a|b"), HasSubstr("does not start with 'STATE:'"));
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-50:a|b:c"), "STATE names: extra field in 'a|b:c'");
  EXPECT_EQ(LogError(g, "STATE:x:f:AcJs|3d2d:50|-50:a|b"), "STATE hand: 'x' is not a hand number");
  EXPECT_EQ(LogError(g, "STATE:99999999999:f:AcJs|3d2d:50|-50:a|b"),
            "STATE hand: '99999999999' is not a hand number");
  EXPECT_EQ(LogError(g, "STATE:0:q:AcJs|3d2d:50|-50:a|b"),
            "STATE betting 'q': action 1: unknown action letter 'q'");
  EXPECT_EQ(LogError(g, "STATE:0:r20001f:AcJs|3d2d:50|-50:a|b"),
            "STATE betting 'r20001f': action 1 'r20001' (round 1): raise to 20001 is above the "
            "maximum 20000 (the stack)");
  EXPECT_EQ(LogError(g, "STATE:0:cc/c:AcJs|3d2d/Kc5sQc:50|-50:a|b"),
            "STATE betting 'cc/c' does not finish the hand");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d:50|-50:a|b"),
            "STATE cards: position 1 and first-round board '3d' should be 2 card(s)");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|:50|-50:a|b"),
            "STATE cards: the hole cards of position 1 are missing");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|AcJd:50|-50:a|b"),
            "STATE cards: position 1: Ac appears twice");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-51:a|b"),
            "STATE values: position 1 is logged as -51 but the rules give -50");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50:a|b"),
            "STATE values: '50' has 1 value(s), the game has 2 players");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-50|0:a|b"),
            "STATE values: '50|-50|0' has more than 2 values");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|x:a|b"),
            "STATE values: value 2 'x' is not a number");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|1e999:a|b"),
            "STATE values: value 2 '1e999' is not a number");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-50:a"),
            "STATE names: 'a' has 1 name(s), the game has 2 players");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-50:a|b|c"),
            "STATE names: 'a|b|c' has more than 2 names");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-50:a|"),
            "STATE names: the name of position 1 is empty");
  // The fuzzer's line: names "\0" and "\n" (before " #") would not survive a write and re-read.
  EXPECT_EQ(LogError(g, std::string("STATE:1:f:AcJs|3d2d:50|-50:\0|\n #", 32)),
            "STATE names: the name of position 0 has a control byte ('\\x00')");
  EXPECT_EQ(LogError(g, "STATE:0:f:AcJs|3d2d:50|-50:a|b\tc"),
            "STATE names: the name of position 1 has a control byte ('b\\x09c')");
  // UTF-8 and a backslash are names as real logs have them; they round-trip.
  const std::string odd = "STATE:0:f:AcJs|3d2d:50|-50:caf\xc3\xa9|a\\b";
  absl::StatusOr<LogLine> parsed = ParseLogLine(g, odd);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(FormatLogLine(*parsed), odd);
}

// Mutated and truncated lines must give errors, never crashes (a quick deterministic cousin of
// the libFuzzer targets in tools/fuzz/).
TEST(CodecTest, GarbageNeverCrashes) {
  const GameDef& g = NoLimit2p();
  const std::string seeds[] = {
      "STATE:3:r3209c/cr4209c/cr11450r19133c/cr19317r19903c:4s8s|6hJd/QhJs9d/Qc/9h:-19903|19903:"
      "Bob|Alice",
      "STATE:0:r10158r20000c///:5d5c|9hQd/8dAs8s/4h/6d:20000|-20000:Alice|Bob",
      "MATCHSTATE:1:31:cr300r500c/cr600:|9hQd/8dAs8s",
  };
  const char alphabet[] = "0123456789:|/rcfkbRCFKB#\r\n -.AKQJT2cdhsx\xff";
  std::mt19937 rng(1);
  int parsed = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::string line = seeds[iter % 3];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !line.empty(); ++e) {
      const size_t at = rng() % line.size();
      switch (rng() % 4) {
        case 0:
          line[at] = alphabet[rng() % (sizeof(alphabet) - 1)];
          break;
        case 1:
          line.erase(at, 1 + rng() % 3);
          break;
        case 2:
          line.insert(at, 1, alphabet[rng() % (sizeof(alphabet) - 1)]);
          break;
        case 3:
          line.resize(at);
          break;
      }
    }
    parsed += ParseLogLine(g, line).ok();
    parsed += ParseMatchState(g, line).ok();
  }
  // Some mutations are harmless (a changed name), most are errors.
  EXPECT_GT(parsed, 0);
  EXPECT_LT(parsed, 20000);
}

}  // namespace
}  // namespace poker

namespace poker {
namespace {

TEST(ActionOfLetterTest, ServerLettersAndSynonymsInEitherCase) {
  ActionType type = ActionType::kFold;
  ASSERT_TRUE(ActionOfLetter('k', &type));
  EXPECT_EQ(type, ActionType::kCall);
  ASSERT_TRUE(ActionOfLetter('C', &type));
  EXPECT_EQ(type, ActionType::kCall);
  ASSERT_TRUE(ActionOfLetter('b', &type));
  EXPECT_EQ(type, ActionType::kRaise);
  ASSERT_TRUE(ActionOfLetter('R', &type));
  EXPECT_EQ(type, ActionType::kRaise);
  ASSERT_TRUE(ActionOfLetter('F', &type));
  EXPECT_EQ(type, ActionType::kFold);
  EXPECT_FALSE(ActionOfLetter('x', &type));
  EXPECT_FALSE(ActionOfLetter('1', &type));
  EXPECT_FALSE(ActionOfLetter('\0', &type));
}

}  // namespace
}  // namespace poker
