#include "trainer/model_report.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/log_stats.h"
#include "tests/trainer/ten_hands.h"
#include "tests/trainer/test_util.h"
#include "trainer/train.h"

namespace trainer {
namespace {

using ::testing::HasSubstr;

TEST(ModelReportTest, JsonStringEscapesAndKeepsUtf8) {
  EXPECT_EQ(logs_parser::JsonQuote("laak.phil"), "\"laak.phil\"");
  EXPECT_EQ(logs_parser::JsonQuote("b\\\xc3\xb6s"),
            "\"b\\\\\xc3\xb6s\"");  // backslash, then UTF-8 o-umlaut
  EXPECT_EQ(logs_parser::JsonQuote("a\"b\n"), "\"a\\\"b\\n\"");
  EXPECT_EQ(logs_parser::JsonQuote("x\xf6y"), "\"x\\u00f6y\"");  // a Latin-1 byte is no UTF-8
  EXPECT_EQ(logs_parser::JsonQuote(std::string("\x01", 1)), "\"\\u0001\"");
}

TEST(ModelReportTest, StreetNames) {
  EXPECT_EQ(StreetName(0, 4), "preflop");
  EXPECT_EQ(StreetName(3, 4), "river");
  EXPECT_EQ(StreetName(0, 1), "round 0");
  EXPECT_EQ(ParseStreet("Turn", 4), 2);
  EXPECT_EQ(ParseStreet("1", 4), 1);
  EXPECT_EQ(ParseStreet("flop", 1), -1);
  EXPECT_EQ(ParseStreet("5", 4), -1);
}

TEST(ModelReportTest, SummaryAndPopulationViews) {
  testing::TempDir dir;
  TrainOptions options;
  options.log_paths = {dir.Write("ten.log", testing::kTenHandsLog)};
  options.game = *poker::ParseGameDef(testing::kTenHandsGame);
  absl::StatusOr<TrainResult> result = Train(options);
  ASSERT_TRUE(result.ok()) << result.status();
  const OpponentModel& model = result->model;

  const std::string summary = FormatSummary(model, false);
  EXPECT_THAT(summary, HasSubstr("game: no-limit, 2 players, 4 rounds, blinds 100 50, stacks "
                                 "20000 20000, first player 2 1 1 1 (1-based)"));
  EXPECT_THAT(summary, HasSubstr("  flop HS edges: 0.1250 0.2500 0.3750 0.5000 0.6250 0.7500 "
                                 "0.8750\n"));
  EXPECT_THAT(summary, HasSubstr("provenance: 1 files (0 failed), 10 lines, 10 hands read, 10 "
                                 "used, 0 lines rejected\n"));
  // alice entered 7 of 10 hands: rear 4/5, blinds 3/5.
  EXPECT_THAT(summary, HasSubstr("alice                           10       42        -        -"
                                 "    80.0%    60.0%    70.0%\n"));

  const std::string json = FormatSummary(model, true);
  EXPECT_THAT(json, HasSubstr("\"game\":{\"betting\":\"nolimit\",\"players\":2,\"rounds\":4,"
                              "\"blinds\":[100,50],\"stacks\":[20000,20000]}"));
  EXPECT_THAT(json, HasSubstr("{\"name\":\"bob\",\"hands\":10,\"nodes\":42,\"entry\":{\"front\":"
                              "{\"dealt\":0,\"entered\":0},\"middle\":{\"dealt\":0,\"entered\":0},"
                              "\"rear\":{\"dealt\":5,\"entered\":3},\"blinds\":{\"dealt\":5,"
                              "\"entered\":2}}}"));

  PlayerReportOptions report;
  report.street = 0;
  report.max_depth = 0;
  report.buckets = false;
  const std::string population = FormatPlayer(model, model.population(), report, false);
  EXPECT_THAT(population, HasSubstr("population (all players pooled): 20 hands\n"));
  // Preflop root over both players: 10 decisions: 2 folds, 3 calls, 1 r<0.6, 1 r0.6-1, 2 r>=1,
  // 1 all-in.
  EXPECT_THAT(population, HasSubstr("root                                20        10   20.0%"
                                    "       -   30.0%   10.0%   10.0%   20.0%   10.0%\n"));
  // 17 preflop nodes each (hand_log_test), of which root, other:fold and me:fold are common.
  EXPECT_THAT(population, HasSubstr("== preflop: 31 nodes, 1 shown\n"));
}

}  // namespace
}  // namespace trainer
