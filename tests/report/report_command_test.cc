// The `report` program end to end: a page from a log and a decision log, and the errors and exit
// codes of bad command lines and bad inputs. The model and prediction pages' data.
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"
#include "tools/eval/html_report.h"
#include "trainer/model_page.h"
#include "trainer/opponent_model.h"

namespace report {
namespace {

using ::testing::HasSubstr;

using test_support::ProgramRun;

ProgramRun RunReport(const test_support::TempDir& dir, const std::string& args) {
  return test_support::RunCommand(std::string(POKER_BIN_DIR) + "/report " + args,
                                  dir.File("stderr.txt"));
}

constexpr char kLog[] =
    "# name/game/hands/seed arena holdem.nolimit.2p.reverse_blinds.game 2 3\n"
    "STATE:0:r300c/cr900c/cr2700f:4cKs|KhKc/3s2hAh/9d:-900|900:me|ta\n"
    "STATE:1:cc/cc/cc/cr200c:8d3c|4s4h/Qs6d9h/6h/8c:200|-200:ta|me\n";

constexpr char kDecision[] =
    "{\"hand\": 1, \"position\": 1, \"seat\": 0, \"round\": 3, \"betting\": \"cc/cc/cc/c\", "
    "\"cards\": \"|4s4h/Qs6d9h/6h/8c\", \"pot\": 200, \"to_call\": 0, \"policy\": \"fold\", "
    "\"opponents\": [{\"position\": 0, \"seat\": 1, \"name\": \"seat1\", \"model\": "
    "\"population\", \"range\": \"x\"}], \"equity\": 0.61, \"action\": \"r200\", "
    "\"explanation\": \"bet\"}\n";

TEST(ReportCommandTest, WritesOnePageAndNamesBadInput) {
  test_support::TempDir dir;
  const std::string log = dir.Write("m.log", kLog);
  const std::string decisions = dir.Write("d.jsonl", kDecision);
  const std::string page = dir.File("r.html");
  ProgramRun run = RunReport(dir, absl::StrCat("--log ", log, " --decisions ", decisions, " --out ",
                                               page, " --title 'A <b> test'"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("2 hands, 1 decisions (0 unmatched), 1 ranges"));
  const std::string html = test_support::ReadFileBytes(page);
  EXPECT_THAT(html, HasSubstr("<title>A &lt;b&gt; test</title>"));
  EXPECT_THAT(html, HasSubstr("\"me\":\"me\""));
  EXPECT_THAT(html, HasSubstr("\"why\":\"bet\""));
  // Nothing is fetched: no external script, style or image.
  EXPECT_THAT(html, ::testing::Not(HasSubstr("src=\"http")));
  EXPECT_THAT(html, ::testing::Not(HasSubstr("href=\"http")));

  run = RunReport(dir, "--out x.html");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("report: no --log given"));
  run = RunReport(dir, absl::StrCat("--log ", dir.File("none.log"), " --out ", page));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.err, HasSubstr("none.log"));
  const std::string bad = dir.Write("bad.jsonl", std::string(kDecision) + "{\"hand\": 2}\n");
  run = RunReport(dir, absl::StrCat("--log ", log, " --decisions ", bad, " --out ", page));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.err, HasSubstr("bad.jsonl:2: missing field 'position'"));
  run = RunReport(dir, absl::StrCat("--log ", log, " --player zed --out ", page));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.err, HasSubstr("--player 'zed' does not play in the log"));
  run = RunReport(dir, absl::StrCat("--log ", log, " --out ", dir.File("no/such/r.html")));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.err, HasSubstr("no/such/r.html"));
  run = RunReport(dir, absl::StrCat("--log ", log, " --top -1 --out ", page));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("--top must be 0 or more"));
  run = RunReport(dir, "--help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr("Usage: report --log MATCH.log"));
  EXPECT_THAT(run.out, HasSubstr("--strip-name-suffix"));
  EXPECT_THAT(run.out, HasSubstr("--top"));
}

TEST(ModelPageTest, HoldsThePopulationAndEveryPlayer) {
  absl::StatusOr<trainer::OpponentModel> model =
      trainer::OpponentModel::Load(std::string(POKER_SOURCE_DIR) + "/data/models/default.pb");
  ASSERT_TRUE(model.ok()) << model.status();
  trainer::PlayerReportOptions options;
  options.street = 0;
  const std::string json = ModelPageJson(*model, "m", options);
  google::protobuf::Struct data;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &data).ok());
  const auto& trees = data.fields().at("trees").list_value();
  ASSERT_EQ(trees.values_size(), model->num_players() + 1);
  EXPECT_TRUE(trees.values(0).struct_value().fields().at("population").bool_value());
  const auto& streets = trees.values(0).struct_value().fields().at("streets").list_value();
  ASSERT_EQ(streets.values_size(), 1);
  EXPECT_EQ(streets.values(0).struct_value().fields().at("nodes").list_value().values_size(),
            model->population().street(0).num_nodes());
}

// The heat strips' columns: the strength buckets of each street, the draw bucket only where a
// card is to come (flop, turn), and its short labels.
TEST(ModelPageTest, BucketColumnsPerStreet) {
  absl::StatusOr<trainer::OpponentModel> model =
      trainer::OpponentModel::Load(std::string(POKER_SOURCE_DIR) + "/data/models/default.pb");
  ASSERT_TRUE(model.ok()) << model.status();
  ASSERT_EQ(model->buckets().num_strength_buckets(), 8);
  ASSERT_FALSE(model->buckets().preflop_small_pairs());
  google::protobuf::Struct data;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(ModelPageJson(*model, "m", {}), &data).ok());
  const auto& buckets = data.fields().at("buckets").struct_value().fields();
  const int columns[] = {8, 9, 9, 8};  // preflop flop turn river
  const char* streets[] = {"preflop", "flop", "turn", "river"};
  for (int s = 0; s < 4; ++s) {
    const auto& labels = buckets.at(streets[s]).list_value();
    ASSERT_EQ(labels.values_size(), columns[s]) << streets[s];
    const auto& last = labels.values(columns[s] - 1).list_value();
    EXPECT_EQ(last.values(2).string_value(), columns[s] == 9 ? "d" : "7") << streets[s];
    EXPECT_EQ(last.values(0).string_value(), columns[s] == 9 ? "draw" : "b7") << streets[s];
  }
  EXPECT_EQ(buckets.at("flop").list_value().values(0).list_value().values(1).string_value(),
            "[0.000,0.125)");
}

TEST(PredictionPageTest, ConfusionCountsAreTheResults) {
  eval::EvalResult result;
  result.confusion[eval::kModel][1][2][3] = 7;
  result.confusion[eval::kMarkov][0][1][1] = 5;
  google::protobuf::Struct data;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(eval::ConfusionJson(result), &data).ok());
  const auto& streets = data.fields().at("streets").list_value();
  ASSERT_EQ(streets.values_size(), eval::kNumStreets);
  auto cell = [&](int street, int predictor, int t, int c) {
    return streets.values(street)
        .struct_value()
        .fields()
        .at("matrices")
        .list_value()
        .values(predictor)
        .list_value()
        .values(t)
        .list_value()
        .values(c)
        .number_value();
  };
  EXPECT_EQ(cell(1, eval::kModel, 2, 3), 7);
  EXPECT_EQ(cell(0, eval::kMarkov, 1, 1), 5);
  EXPECT_EQ(cell(1, eval::kModel, 3, 2), 0);
  EXPECT_EQ(data.fields().at("predictors").list_value().values_size(), eval::kNumClassPredictors);
}

}  // namespace
}  // namespace report
