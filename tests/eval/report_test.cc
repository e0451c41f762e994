#include "tools/eval/report.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace eval {
namespace {

int Count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// A result with known tallies: on the flop the model hits 6 of 10 top-1, Markov 4 of 10.
EvalResult Result() {
  EvalResult result;
  for (int i = 0; i < 10; ++i) {
    const int model = i < 6 ? 0 : (i < 8 ? 1 : 5);
    const int markov = i < 4 ? 0 : 2;
    result.classes[kModel][1].Add(model);
    result.classes[kMarkov][1].Add(markov);
    result.model_vs[kMarkov][1].Add(model, markov);
    result.classes[kDfModel][1].Add(1);
    result.classes[kPrior][1].Add(-1);
  }
  result.pairs[kPairModel][1].Add({-6.5, 70});
  result.pairs[kPairUniform][1].Add({-7.07, 50});
  result.gain[kPairModel][1].Add(0.57);
  return result;
}

TEST(ReportTest, RowsAndCsv) {
  const std::vector<AccuracyRow> rows = AccuracyRows(Result());
  const std::string csv = FormatCsv(rows);
  EXPECT_EQ(Count(csv, "\n"), 1 + kNumClassPredictors * 5 * 3);
  EXPECT_NE(csv.find("model,flop,1,10,0.600000,0.312674,0.831820\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("model,flop,2,10,0.800000,"), std::string::npos);
  EXPECT_NE(csv.find("markov,all,1,10,0.400000,"), std::string::npos);
  EXPECT_NE(csv.find("prior,flop,3,10,0.000000,0.000000,"), std::string::npos);
  EXPECT_NE(csv.find("model,turn,1,0,0.000000,0.000000,1.000000\n"), std::string::npos);
}

TEST(ReportTest, TableShowsTheLeadOverMarkov) {
  const EvalResult result = Result();
  const std::string table = FormatTable({{"hands", "10", true}}, AccuracyRows(result),
                                        LeadRows(result), PairRows(result));
  EXPECT_EQ(table.substr(0, 10), "hands: 10\n");
  EXPECT_NE(table.find("flop          10   60.0 [31.3, 83.2]"), std::string::npos) << table;
  // Top-1: the model alone hits 2 cases, Markov alone none: +20 points, paired interval
  // 0.2 -+ 1.96 * sqrt(2 - 0.4) / 10.
  EXPECT_NE(table.find("+20.0 [ -4.8, +44.8]"), std::string::npos) << table;
  EXPECT_NE(table.find("-6.50 /  70.0"), std::string::npos);
  // The pair-level gain over board (one case: no interval width).
  EXPECT_NE(table.find("+0.570 [+0.570,+0.570]"), std::string::npos) << table;
}

TEST(ReportTest, JsonAndSvg) {
  const EvalResult result = Result();
  const std::vector<AccuracyRow> rows = AccuracyRows(result);
  const std::string json = FormatJson({{"logs", "a \"b\"", false}, {"hands", "10", true}}, rows,
                                      LeadRows(result), PairRows(result));
  const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(json);
  EXPECT_EQ(parsed["setup"], nlohmann::ordered_json::parse(R"({"logs": "a \"b\"", "hands": 10})"));
  std::vector<std::string> keys;
  for (const auto& item : parsed.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"setup", "rows", "lead_rows", "pair_rows"}));
  EXPECT_EQ(Count(json, "\"predictor\""), kNumClassPredictors * 15 + 15);
  EXPECT_EQ(Count(json, "\"lead\""), 3 * 15);  // over markov, markov-paper, board
  EXPECT_NE(json.find("{\"predictor\":\"model\",\"street\":\"flop\",\"z\":1,\"cases\":10,"
                      "\"accuracy\":0.6,\"ci_low\":0.312674,\"ci_high\":0.83182}"),
            std::string::npos)
      << json;
  const std::string svg = FormatSvg("A & B <test>", "sub", rows);
  EXPECT_EQ(svg.substr(0, 4), "<svg");
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  EXPECT_NE(svg.find("A &amp; B &lt;test&gt;"), std::string::npos);
  // One line per predictor with cases in each of the 3 panels; only the flop has cases, so each
  // line is a single point.
  EXPECT_EQ(Count(svg, "<polyline"), 4 * 3);
  // The legend's markers (every predictor) and the points.
  EXPECT_EQ(Count(svg, "<circle"), kNumClassPredictors + 4 * 3);
  EXPECT_NE(svg.find(">+20.0<"), std::string::npos);
}

}  // namespace
}  // namespace eval
