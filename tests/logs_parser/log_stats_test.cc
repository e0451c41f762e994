#include "logs_parser/log_stats.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/state_line.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

using testing::LoadProjectGame;

TEST(JsonQuoteTest, EscapesAndKeepsValidUtf8) {
  EXPECT_EQ(JsonQuote("plain"), "\"plain\"");
  EXPECT_EQ(JsonQuote("b\\\xc3\xb6s"), "\"b\\\\\xc3\xb6s\"");
  EXPECT_EQ(JsonQuote("a\"b\n\t\r"), "\"a\\\"b\\n\\t\\r\"");
  EXPECT_EQ(JsonQuote(std::string("\x00\x1f", 2)), "\"\\u0000\\u001f\"");
  // Three- and four-byte sequences pass; lone, truncated or overlong bytes become \u00XX.
  EXPECT_EQ(JsonQuote("\xe2\x82\xac\xf0\x9f\x82\xa1"), "\"\xe2\x82\xac\xf0\x9f\x82\xa1\"");
  EXPECT_EQ(JsonQuote("\xff"), "\"\\u00ff\"");
  EXPECT_EQ(JsonQuote("x\xc3"), "\"x\\u00c3\"");
  EXPECT_EQ(JsonQuote("\xc0\xaf"), "\"\\u00c0\\u00af\"");
  EXPECT_EQ(JsonQuote("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");  // a surrogate
}

TEST(JsonNumberTest, IntegersAndSixDecimals) {
  EXPECT_EQ(JsonNumber(450), "450");
  EXPECT_EQ(JsonNumber(-1125), "-1125");
  EXPECT_EQ(JsonNumber(0.75), "0.75");
  EXPECT_EQ(JsonNumber(8832.5), "8832.5");
  EXPECT_EQ(JsonNumber(1000.0 / 3), "333.333333");
  EXPECT_EQ(JsonNumber(-0.0000001), "0");
  EXPECT_EQ(JsonNumber(1.0 / 0.0), "null");
}

// Hands added by different workers merge; big blinds differ per game.
TEST(StatsCollectorTest, MergesWorkersAndCountsPerGameBigBlinds) {
  poker::GameDef nl2p = LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  poker::GameDef kuhn = LoadProjectGame("kuhn.limit.3p.game");
  HandRecord heads_up(nl2p), three(kuhn);
  const char* reason = nullptr;
  ASSERT_TRUE(ParseHandLine("STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:X|Y", nl2p,
                            NameOptions{}, &heads_up, &reason)
                  .ok());
  ASSERT_TRUE(
      ParseHandLine("STATE:0:rcc:Js|As|Qs:-2|4|-2:Y|X|Z", kuhn, NameOptions{}, &three, &reason)
          .ok());
  StatsCollector collector(2);
  collector.Add(0, heads_up);
  collector.Add(1, three);
  collector.Add(1, heads_up);
  std::vector<NamedPlayerStats> players = collector.Players();
  ASSERT_EQ(players.size(), 3u);
  EXPECT_EQ(players[0].name, "X");
  EXPECT_EQ(players[0].stats.hands, 3);
  EXPECT_EQ(players[0].stats.decisions, 2 + 1 + 2);
  EXPECT_EQ(players[0].stats.showdowns, 1);  // the Kuhn hand
  EXPECT_EQ(players[0].stats.vpip_hands, 3);
  EXPECT_EQ(players[0].stats.pfr_hands, 2);
  EXPECT_DOUBLE_EQ(players[0].stats.net_chips, 900 + 4 + 900);
  // 9 + 4 + 9 big blinds over 3 hands (Kuhn's big blind is its 1-chip ante).
  EXPECT_DOUBLE_EQ(players[0].stats.mbb_per_hand(), 1000.0 * 22 / 3);
  EXPECT_EQ(players[1].name, "Y");
  EXPECT_EQ(players[1].stats.vpip_hands, 3);  // raised twice heads-up, raised first in Kuhn
  EXPECT_EQ(players[1].stats.pfr_hands, 3);
  EXPECT_EQ(players[2].name, "Z");
  EXPECT_EQ(players[2].stats.hands, 1);
  EXPECT_DOUBLE_EQ(players[2].stats.vpip(), 1.0);
  EXPECT_DOUBLE_EQ(players[2].stats.pfr(), 0.0);
}

}  // namespace
}  // namespace logs_parser
