// The data the report pages are built from: the 13x13 grid layout, decision-log parsing, the
// match summaries (curves, breakdowns, biggest pots) and the join of decisions to hands.
#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "agent/range.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "html/html_page.h"
#include "poker/card.h"
#include "poker/hand_strength.h"
#include "tests/common/test_support.h"
#include "tools/report/match_report.h"

namespace report {
namespace {

constexpr char kGame[] = "holdem.nolimit.2p.reverse_blinds";

// Hands of an arena log (heads-up no-limit 50/100): positions swap every hand.
constexpr char kLog[] =
    "# name/game/hands/seed arena holdem.nolimit.2p.reverse_blinds.game 5 3\n"
    "STATE:0:r300c/cr900c/cr2700f:4cKs|KhKc/3s2hAh/9d:-900|900:me|ta\n"
    "STATE:1:cc/cc/cc/cr200c:8d3c|4s4h/Qs6d9h/6h/8c:200|-200:ta|me\n"
    "STATE:2:f:2c5h|8c9d:50|-50:me|ta\n"
    "STATE:3:cc/cc/cc/cr300f:3d9c|9d2s/7hKcKs/Kd/2h:-100|100:ta|me\n"
    "STATE:4:r300f:4s7h|AcAd:-100|100:me|ta\n";

int Class(const char* cards) {
  absl::StatusOr<poker::PairCards> pair = poker::ParsePair(cards);
  EXPECT_TRUE(pair.ok()) << cards;
  return poker::StartingHandClass(*pair);
}

// A decision-log line as the agent writes it (docs/agent.md), with one opponent's classes.
std::string DecisionLine(int hand, int position, const std::string& cards,
                         const agent::Range& range) {
  std::vector<std::string> classes;
  for (double share : range.ClassWeights()) classes.push_back(absl::StrFormat("%.4g", share));
  return absl::StrCat(
      "{\"hand\": ", hand, ", \"position\": ", position, ", \"seat\": 0, \"round\": 0, ",
      "\"betting\": \"\", \"cards\": \"", cards, "\", \"pot\": 150, \"to_call\": 50, ",
      "\"stack_bb\": 199, \"policy\": \"fold\", \"opponents\": [{\"position\": ", 1 - position,
      ", \"seat\": 1, \"name\": \"seat1\", \"model\": \"population\", \"range\": \"AA 1%\", ",
      "\"top\": [[\"AcAd\", 0.1]], \"classes\": [", absl::StrJoin(classes, ","), "]}], ",
      "\"equity\": 0.5, \"std_error\": 0.01, \"trials\": 100, \"exact\": false, \"outs\": -1, ",
      "\"legal\": {\"fold\": true, \"call\": true, \"raise\": true, \"raise_min\": 200, ",
      "\"raise_max\": 20000}, \"bets\": [{\"to\": 300, \"p_fold\": 0.4, \"p_raise\": 0.1, ",
      "\"called_equity\": 0.45}], \"action\": \"c\", \"explanation\": \"call\", ",
      "\"time_ms\": 1.5, \"cpu_ms\": 1.4}");
}

TEST(GridTest, LayoutPutsPairsOnTheDiagonalAndSuitedAbove) {
  EXPECT_EQ(GridClass(0, 0), Class("AcAd"));
  EXPECT_EQ(GridClass(12, 12), Class("2c2d"));
  EXPECT_EQ(GridClass(0, 1), Class("AsKs"));   // suited: above the diagonal
  EXPECT_EQ(GridClass(1, 0), Class("AsKd"));   // offsuit: below
  EXPECT_EQ(GridClass(12, 7), Class("7c2d"));  // row 2, column 7
  EXPECT_EQ(GridClass(7, 12), Class("7c2c"));
  for (int cell = 0; cell < kGridCells; ++cell) {
    EXPECT_EQ(GridCell(GridClass(cell / kGridSize, cell % kGridSize)), cell) << cell;
  }
}

TEST(GridTest, CellsHoldTheRangesClassWeights) {
  agent::Range range;
  range.Fill(0);
  range.set_weight(poker::PairIndex(poker::MakeCard(12, 0), poker::MakeCard(12, 1)), 3);  // AcAd
  range.set_weight(poker::PairIndex(poker::MakeCard(12, 2), poker::MakeCard(11, 2)), 1);  // AhKh
  range.set_weight(poker::PairIndex(poker::MakeCard(5, 0), poker::MakeCard(0, 3)), 4);    // 7c2s
  const auto classes = range.ClassWeights();
  const std::array<double, kGridCells> grid = RangeGrid(classes);
  double sum = 0;
  for (double w : grid) sum += w;
  EXPECT_NEAR(sum, 1.0, 1e-9);
  EXPECT_NEAR(grid[0], 0.375, 1e-9);                 // AA
  EXPECT_NEAR(grid[1], 0.125, 1e-9);                 // AKs
  EXPECT_NEAR(grid[12 * kGridSize + 7], 0.5, 1e-9);  // 72o
  EXPECT_EQ(grid[kGridSize], 0);                     // AKo
}

TEST(GridTest, GridFromTheDecisionLogSumsToTheClassWeights) {
  agent::Range range;  // uniform, minus our cards
  poker::CardSet ours;
  ours.Add(poker::MakeCard(12, 0));
  ours.Add(poker::MakeCard(0, 0));
  range.RemoveConflicts(ours);
  range.Normalize();
  absl::StatusOr<Decision> d = ParseDecisionLine(DecisionLine(0, 0, "Ac2c|", range));
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->opponents.size(), 1u);
  ASSERT_TRUE(d->opponents[0].has_classes);
  const auto expected = range.ClassWeights();
  const std::array<double, kGridCells> grid = RangeGrid(d->opponents[0].classes);
  double sum = 0;
  for (int cell = 0; cell < kGridCells; ++cell) {
    const int cls = GridClass(cell / kGridSize, cell % kGridSize);
    EXPECT_NEAR(grid[cell], expected[cls], 1e-4 * expected[cls] + 1e-9) << cell;
    sum += grid[cell];
  }
  EXPECT_NEAR(sum, 1.0, 1e-3);
  EXPECT_EQ(d->bets.size(), 1u);
  EXPECT_EQ(d->raise_max, 20000);
  EXPECT_DOUBLE_EQ(d->equity, 0.5);
}

TEST(DecisionLogTest, ErrorsNameTheField) {
  agent::Range range;
  std::string line = DecisionLine(0, 0, "Ac2c|", range);
  absl::StatusOr<Decision> d = ParseDecisionLine("{\"position\": 0}");
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("'hand'"), std::string::npos) << d.status();
  d = ParseDecisionLine("{\"hand\": \"x\"}");
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("'hand' has the wrong type"), std::string::npos);
  d = ParseDecisionLine("not json");
  ASSERT_FALSE(d.ok());
  const size_t at = line.find("\"classes\": [") + 12;
  line.insert(at, "0.5,");  // 170 values
  d = ParseDecisionLine(line);
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("opponents[0].classes"), std::string::npos) << d.status();

  test_support::TempDir dir;
  const std::string path = dir.Write("d.jsonl", DecisionLine(0, 0, "Ac2c|", range) + "\n{}\n");
  absl::StatusOr<std::vector<Decision>> all = ReadDecisionLog(path);
  ASSERT_FALSE(all.ok());
  EXPECT_NE(all.status().message().find(path + ":2: missing field 'hand'"), std::string::npos)
      << all.status();
}

TEST(MatchReportTest, CurvesEndAtTheLogsTotalsAndBreakdownsAddUp) {
  test_support::TempDir dir;
  absl::StatusOr<MatchLog> log = ReadMatchLog(dir.Write("m.log", kLog), kGame);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(log->hands.size(), 5u);
  EXPECT_EQ(log->big_blind, 100);
  ReportOptions options;
  options.max_points = 3;
  options.biggest_pots = 2;
  absl::StatusOr<MatchReport> report = BuildMatchReport(*log, {}, options);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->players.size(), 2u);
  EXPECT_EQ(report->players[0].name, "ta");  // by result, the winner first
  EXPECT_EQ(report->players[1].name, "me");
  EXPECT_EQ(report->drawn, (std::vector<int>{0, 1}));
  // me: -900 -200 +50 +100 -100 = -1050.
  const double totals[] = {1050, -1050};
  for (int i = 0; i < 2; ++i) {
    const PlayerSummary& p = report->players[i];
    EXPECT_EQ(p.total.hands, 5);
    EXPECT_DOUBLE_EQ(p.total.chips, totals[i]);
    const Series& s = report->series[i];
    ASSERT_EQ(s.hand_index.size(), 3u);  // 3 points: hands 0, 2, 4
    EXPECT_EQ(s.hand_index.back(), 4);
    EXPECT_DOUBLE_EQ(s.cumulative.back(), totals[i]);
    double streets = 0, positions = 0;
    for (const Tally& t : p.by_street) streets += t.chips;
    for (const Tally& t : p.by_position) positions += t.chips;
    EXPECT_DOUBLE_EQ(streets, totals[i]);
    EXPECT_DOUBLE_EQ(positions, totals[i]);
    EXPECT_GT(s.band.back(), 0);
  }
  EXPECT_DOUBLE_EQ(report->series[1].cumulative[1], -900 - 200 + 50);  // after hand 2
  // Hand 1 went to a showdown (the last by-street entry), hand 2 ended preflop.
  EXPECT_DOUBLE_EQ(report->players[1].by_street[4].chips, -200);
  EXPECT_EQ(report->players[1].by_street[0].hands, 2);
  // Pots: 3600 (hand 0), then 400 (hands 1, 3 and 4: the earliest first).
  EXPECT_EQ(report->biggest_pots, (std::vector<int>{0, 1}));
  EXPECT_EQ(log->hands[0].pot, 3600);
  EXPECT_TRUE(log->hands[1].showdown[0]);
  EXPECT_FALSE(log->hands[0].showdown[0]);
}

TEST(MatchReportTest, DecisionsJoinTheHandWithTheirCards) {
  test_support::TempDir dir;
  absl::StatusOr<MatchLog> log = ReadMatchLog(dir.Write("m.log", kLog), kGame);
  ASSERT_TRUE(log.ok()) << log.status();
  agent::Range range;
  std::vector<Decision> decisions;
  for (const std::string& line : {DecisionLine(0, 0, "4cKs|", range),     // me in hand 0
                                  DecisionLine(1, 1, "|4s4h", range),     // me in hand 1
                                  DecisionLine(2, 0, "AsAd|", range),     // wrong cards
                                  DecisionLine(9, 0, "2c5h|", range)}) {  // no such hand
    absl::StatusOr<Decision> d = ParseDecisionLine(line);
    ASSERT_TRUE(d.ok()) << d.status();
    decisions.push_back(*d);
  }
  absl::StatusOr<MatchReport> report = BuildMatchReport(*log, decisions, {});
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->player, "me");
  EXPECT_EQ(report->decisions_matched, 2);
  EXPECT_EQ(report->decisions_unmatched, 2);
  EXPECT_EQ(report->hand_decisions[0], std::vector<int>{0});
  EXPECT_EQ(report->hand_decisions[1], std::vector<int>{1});
  EXPECT_TRUE(report->hand_decisions[2].empty());

  ReportOptions options;
  options.player = "nobody";
  EXPECT_FALSE(BuildMatchReport(*log, decisions, options).ok());

  // The page's data is JSON with every hand and, for hand 1 (a showdown), the opponent's true
  // cards (position 0 held 8d3c) marked as shown on the grid.
  const std::string json = MatchReportJson(*log, decisions, *report);
  google::protobuf::Struct data;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &data).ok()) << json.substr(0, 200);
  EXPECT_EQ(data.fields().at("hands").list_value().values_size(), 5);
  const auto& d1 = data.fields().at("decisions").struct_value().fields().at("1").struct_value();
  const auto& opp = d1.fields().at("opps").list_value().values(0).struct_value();
  EXPECT_EQ(opp.fields().at("t").number_value(), GridCell(Class("8d3c")));
  EXPECT_EQ(opp.fields().at("shown").number_value(), 1);
  EXPECT_EQ(opp.fields().at("g").list_value().values_size(), kGridCells);
  const std::string page = MatchReportHtml(*log, decisions, *report);
  EXPECT_NE(page.find("<script type=\"application/json\" id=\"data\">{"), std::string::npos);
  EXPECT_EQ(page.find("http://cdn"), std::string::npos);
}

TEST(HtmlPageTest, EmbeddedJsonCannotCloseTheScript) {
  EXPECT_EQ(html::ScriptSafeJson("{\"a\":\"</script>\"}"), "{\"a\":\"\\u003c/script\\u003e\"}");
  EXPECT_EQ(html::Escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

}  // namespace
}  // namespace report
