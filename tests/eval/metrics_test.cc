#include "tools/eval/metrics.h"

#include <array>
#include <cmath>
#include <vector>

#include "gtest/gtest.h"

namespace eval {
namespace {

TEST(MetricsTest, WilsonInterval) {
  // Reference values (Wilson 1927; e.g. 50 of 100: [0.4038, 0.5962]).
  Interval half = WilsonInterval(50, 100);
  EXPECT_NEAR(half.low, 0.40383, 1e-5);
  EXPECT_NEAR(half.high, 0.59617, 1e-5);
  Interval none = WilsonInterval(0, 10);
  EXPECT_EQ(none.low, 0);
  EXPECT_NEAR(none.high, 0.27753, 1e-5);
  Interval all = WilsonInterval(10, 10);
  EXPECT_NEAR(all.low, 0.72247, 1e-5);
  EXPECT_NEAR(all.high, 1, 1e-12);
  Interval empty = WilsonInterval(0, 0);
  EXPECT_EQ(empty.low, 0);
  EXPECT_EQ(empty.high, 1);
}

TEST(MetricsTest, ClassPlaceOrdersByProbabilityThenClass) {
  const std::vector<double> p = {0.1, 0.4, 0.4, 0.0, 0.1};
  EXPECT_EQ(ClassPlace(p, 1), 0);
  EXPECT_EQ(ClassPlace(p, 2), 1);  // tied with class 1, which comes first
  EXPECT_EQ(ClassPlace(p, 0), 2);
  EXPECT_EQ(ClassPlace(p, 4), 3);
  EXPECT_EQ(ClassPlace(p, 3), -1);  // not predicted at all
  EXPECT_EQ(TopClass(p), 1);
  EXPECT_EQ(TopClass(std::vector<double>{0, 0}), -1);
  ClassTally tally;
  tally.Add(ClassPlace(p, 2));
  tally.Add(ClassPlace(p, 3));
  EXPECT_EQ(tally.cases, 2);
  EXPECT_EQ(tally.hits[0], 0);
  EXPECT_EQ(tally.hits[1], 1);
  EXPECT_EQ(tally.hits[2], 1);
}

TEST(MetricsTest, PairedDifference) {
  PairedTally tally;
  tally.Add(0, 0);   // both right
  tally.Add(0, 3);   // only the first
  tally.Add(1, -1);  // only the first at Z >= 2
  tally.Add(2, 0);   // only the second at Z <= 2
  EXPECT_EQ(tally.cases, 4);
  EXPECT_EQ(tally.only_first[0], 1);
  EXPECT_EQ(tally.only_second[0], 1);
  EXPECT_EQ(tally.only_first[1], 2);
  EXPECT_EQ(tally.only_second[1], 1);
  EXPECT_EQ(tally.only_first[2], 2);
  EXPECT_EQ(tally.only_second[2], 0);
  // 30 of 100 cases only the first, 10 only the second: +0.2 -+ 1.96 * sqrt(40 - 4) / 100.
  const Difference d = PairedDifference(30, 10, 100);
  EXPECT_DOUBLE_EQ(d.value, 0.2);
  EXPECT_NEAR(d.low, 0.2 - 1.959964 * 0.06, 1e-6);
  EXPECT_NEAR(d.high, 0.2 + 1.959964 * 0.06, 1e-6);
}

TEST(MetricsTest, PairScore) {
  std::vector<float> weights(poker::kNumPairs, 1.0f);
  std::vector<int8_t> classes(poker::kNumPairs, 0);
  // Uniform over all 1326 pairs: ln(1/1326), the middle percentile.
  PairScore uniform = ScorePair(weights, classes, 10);
  EXPECT_NEAR(uniform.log_likelihood, -std::log(1326.0), 1e-9);
  EXPECT_NEAR(uniform.percentile, 50.0, 1e-9);
  // The truth weighted 10, one dead pair (ignored even with a large weight).
  weights[10] = 10;
  weights[20] = 1000;
  classes[20] = -1;
  PairScore top = ScorePair(weights, classes, 10);
  EXPECT_NEAR(top.log_likelihood, std::log(10.0 / (1324 + 10)), 1e-9);
  EXPECT_NEAR(top.percentile, 100.0, 1e-9);
  PairScore low = ScorePair(weights, classes, 11);
  EXPECT_NEAR(low.percentile, 100.0 * 0.5 * 1323 / 1324, 1e-9);  // ties with 1323 others
}

}  // namespace
}  // namespace eval
