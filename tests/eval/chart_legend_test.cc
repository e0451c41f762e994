// The prediction chart's legend: every entry named in words and inside the picture, none over
// another, in the wide (3 panels) and the narrow (1 panel) layout; long titles wrapped.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/eval/prediction_eval.h"
#include "tools/eval/report.h"

namespace eval {
namespace {

TEST(ChartLegendTest, EntriesAreWordsInsideThePictureWithoutOverlap) {
  for (int p = 0; p < kNumClassPredictors; ++p) {
    const std::string label = PredictorLabel(p);
    EXPECT_EQ(label.find("000"), std::string::npos) << label;  // no paper's file code
    EXPECT_NE(label, ClassPredictorName(p));
  }
  EXPECT_EQ(std::string(PredictorLabel(kMarkov)), "Markov (card counting)");
  // The pictures' widths: 60 + 3 x 330 + 2 x 40 + 20 and 60 + 330 + 20.
  for (const int width : {1150, 410}) {
    const std::vector<LegendEntry> entries = LegendLayout(width, 60, 80);
    ASSERT_EQ(entries.size(), static_cast<size_t>(kNumClassPredictors));
    for (size_t i = 0; i < entries.size(); ++i) {
      const LegendEntry& a = entries[i];
      EXPECT_GE(a.x, 0);
      EXPECT_LE(a.x + a.width, width - 10) << width << " " << PredictorLabel(a.predictor);
      for (size_t j = i + 1; j < entries.size(); ++j) {
        const LegendEntry& b = entries[j];
        const bool apart = a.y != b.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
        EXPECT_TRUE(apart) << PredictorLabel(a.predictor) << " / " << PredictorLabel(b.predictor);
      }
    }
    // Each label is at least 7 px a character wide (13 px text): no entry squeezed.
    for (const LegendEntry& e : entries) {
      EXPECT_GE(e.width, 36 + 7 * static_cast<int>(std::string(PredictorLabel(e.predictor)).size()));
    }
  }
  // The 1150 px picture needs two rows, the 410 px one more.
  EXPECT_GT(LegendLayout(1150, 60, 80).back().y, 80);
  EXPECT_GT(LegendLayout(410, 60, 80).back().y, LegendLayout(1150, 60, 80).back().y);
}

TEST(ChartLegendTest, NarrowChartStacksThePanelsAndWrapsTheTitle) {
  // 340 px at 11.5 px a character: lines of at most 29 characters.
  const std::vector<std::string> lines =
      WrapForWidth("Hand-prediction accuracy: a rather long title that needs two lines", 340, 11.5);
  EXPECT_EQ(lines, (std::vector<std::string>{"Hand-prediction accuracy: a",
                                             "rather long title that needs", "two lines"}));
  std::vector<AccuracyRow> rows;
  const std::string narrow = FormatSvg("Accuracy of the hand readers on 300 held-out hands", "sub",
                                       rows, 1);
  EXPECT_NE(narrow.find("width=\"410\""), std::string::npos);
  const std::string wide = FormatSvg("t", "sub", rows, 3);
  EXPECT_NE(wide.find("width=\"1150\""), std::string::npos);
  size_t at = 0;
  int entries = 0;
  while ((at = wide.find("class=\"legend-entry\"", at)) != std::string::npos) ++entries, ++at;
  EXPECT_EQ(entries, kNumClassPredictors);
}

}  // namespace
}  // namespace eval
