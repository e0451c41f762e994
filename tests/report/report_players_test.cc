// The match report on logs of many players: names merged across tables, players sorted by
// result, the --top players drawn and the rest summed, hand numbers that start again per table.
#include <string>

#include "absl/strings/str_cat.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "tests/common/test_support.h"
#include "tools/report/match_report.h"

namespace report {
namespace {

constexpr char kGame[] = "holdem.nolimit.2p.reverse_blinds";

// Two tables of "hero" against pro.1 and pro.2 (one player at two tables), then a table against
// lucky and one against fish, each numbering its hands from 0.
constexpr char kLog[] =
    "STATE:0:r300f:4cKs|KhKc:-100|100:hero|pro.1\n"
    "STATE:1:r300c/cc/cc/cc:AsAd|8c3h/Qs6d9h/6h/2c:300|-300:hero|pro.1\n"
    "STATE:0:r300c/cc/cc/cc:AsAd|8c3h/Qs6d9h/6h/2c:300|-300:hero|pro.2\n"
    "STATE:1:r300f:4cKs|KhKc:-100|100:hero|pro.2\n"
    "STATE:0:r300f:4cKs|KhKc:-100|100:hero|lucky\n"
    "STATE:1:f:2c5h|8c9d:50|-50:hero|fish\n";

absl::StatusOr<MatchLog> ReadLog(const test_support::TempDir& dir, bool strip) {
  return ReadMatchLog(dir.Write("m.log", kLog), kGame, strip);
}

TEST(ManyPlayersTest, TableSuffixesMergeAndPlayersAreSortedByResult) {
  test_support::TempDir dir;
  absl::StatusOr<MatchLog> log = ReadLog(dir, true);
  ASSERT_TRUE(log.ok()) << log.status();
  ReportOptions options;
  options.top_players = 0;
  absl::StatusOr<MatchReport> report = BuildMatchReport(*log, {}, options);
  ASSERT_TRUE(report.ok()) << report.status();
  // hero: -100 +300 +300 -100 -100 +50 = +350; pro: +100 -300 -300 +100 = -400; lucky +100;
  // fish -50.
  ASSERT_EQ(report->players.size(), 4u);
  const std::string names[] = {"hero", "lucky", "fish", "pro"};
  const double chips[] = {350, 100, -50, -400};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(report->players[i].name, names[i]);
    EXPECT_DOUBLE_EQ(report->players[i].total.chips, chips[i]);
  }
  EXPECT_EQ(report->players[3].total.hands, 4);
  EXPECT_EQ(report->drawn, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(report->others_count, 0);

  // Without stripping, the two tables are two players.
  log = ReadLog(dir, false);
  ASSERT_TRUE(log.ok()) << log.status();
  report = BuildMatchReport(*log, {}, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->players.size(), 5u);
}

TEST(ManyPlayersTest, TopPlayersDrawnAndTheRestSummedHandByHand) {
  test_support::TempDir dir;
  absl::StatusOr<MatchLog> log = ReadLog(dir, true);
  ASSERT_TRUE(log.ok()) << log.status();
  ReportOptions options;
  options.top_players = 2;
  options.max_points = 100;
  options.player = "lucky";  // ours: always drawn
  absl::StatusOr<MatchReport> report = BuildMatchReport(*log, {}, options);
  ASSERT_TRUE(report.ok()) << report.status();
  // Ours (lucky, +100) and the biggest result other than ours (pro, -400: lost), in result
  // order.
  EXPECT_EQ(report->drawn, (std::vector<int>{1, 3}));
  EXPECT_EQ(report->players[report->drawn[0]].name, "lucky");
  EXPECT_EQ(report->players[report->drawn[1]].name, "pro");
  ASSERT_EQ(report->series.size(), 2u);
  EXPECT_DOUBLE_EQ(report->series[1].cumulative.back(), -400);
  // The others (hero and fish) summed: one hand each time any of them played (hero: all 6).
  EXPECT_EQ(report->others_count, 2);
  EXPECT_EQ(report->others.name, "others (2 players)");
  EXPECT_EQ(report->others.total.hands, 6);
  EXPECT_DOUBLE_EQ(report->others.total.chips, 300);
  EXPECT_DOUBLE_EQ(report->others_series.cumulative.back(), 300);
  EXPECT_DOUBLE_EQ(report->others_series.cumulative[1], -100 + 300);  // after hand 1
  double positions = 0, streets = 0;
  for (const Tally& t : report->others.by_position) positions += t.chips;
  for (const Tally& t : report->others.by_street) streets += t.chips;
  EXPECT_DOUBLE_EQ(positions, 300);
  EXPECT_DOUBLE_EQ(streets, 300);

  // One player left over is drawn, not summed.
  options.top_players = 3;
  report = BuildMatchReport(*log, {}, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->drawn.size(), 4u);
  EXPECT_EQ(report->others_count, 0);
}

TEST(ManyPlayersTest, HandNumbersStartingAgainGetRuns) {
  test_support::TempDir dir;
  absl::StatusOr<MatchLog> log = ReadLog(dir, true);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(log->hands.size(), 6u);
  // Numbers 0 1 | 0 1 | 0 | 1: a run starts where a number does not grow (fish's table, 1 after
  // lucky's 0, reads as the same run; its labels 3.0 and 3.1 are still unique).
  const int runs[] = {1, 1, 2, 2, 3, 3};
  for (int h = 0; h < 6; ++h) EXPECT_EQ(log->hands[h].run, runs[h]) << h;
  EXPECT_EQ(log->runs, 3);
  absl::StatusOr<MatchReport> report = BuildMatchReport(*log, {}, {});
  ASSERT_TRUE(report.ok()) << report.status();
  const std::string json = MatchReportJson(*log, {}, *report);
  google::protobuf::Struct data;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &data).ok()) << json.substr(0, 300);
  const auto& hands = data.fields().at("hands").list_value();
  EXPECT_EQ(hands.values(2).struct_value().fields().at("k").number_value(), 2);
  EXPECT_EQ(hands.values(2).struct_value().fields().at("n").number_value(), 0);
  // A log whose numbers only grow has no runs in its data.
  const std::string one_table = dir.Write(
      "t.log", "STATE:0:f:2c5h|8c9d:50|-50:a|b\nSTATE:1:f:2c5h|8c9d:50|-50:b|a\n");
  log = ReadMatchLog(one_table, kGame);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(log->runs, 1);
  report = BuildMatchReport(*log, {}, {});
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(MatchReportJson(*log, {}, *report).find("\"k\":"), std::string::npos);
}

}  // namespace
}  // namespace report
