#include "solver/action_translation.h"

#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace solver {
namespace {

// f(x) = ((B - x)(1 + A)) / ((B - A)(1 + x)), worked by hand.
TEST(ActionTranslationTest, PseudoHarmonicValues) {
  // A = 0.5, B = 1, x = 0.75: (0.25 * 1.5) / (0.5 * 1.75) = 3/7.
  EXPECT_DOUBLE_EQ(PseudoHarmonicLowerProbability(0.5, 1, 0.75), 3.0 / 7);
  // A = 1, B = 2, x = 1.5: (0.5 * 2) / (1 * 2.5) = 0.4.
  EXPECT_DOUBLE_EQ(PseudoHarmonicLowerProbability(1, 2, 1.5), 0.4);
  // A = 0 (check), B = 1, x = 0.5: 0.5 / 1.5 = 1/3.
  EXPECT_DOUBLE_EQ(PseudoHarmonicLowerProbability(0, 1, 0.5), 1.0 / 3);
  // A = 0.5, B = 2, x = 1: (1 * 1.5) / (1.5 * 2) = 0.5: a pot bet is a coin flip between them.
  EXPECT_DOUBLE_EQ(PseudoHarmonicLowerProbability(0.5, 2, 1), 0.5);
}

TEST(ActionTranslationTest, PseudoHarmonicEdges) {
  EXPECT_EQ(PseudoHarmonicLowerProbability(0.5, 1, 0.5), 1);
  EXPECT_EQ(PseudoHarmonicLowerProbability(0.5, 1, 0.2), 1);
  EXPECT_EQ(PseudoHarmonicLowerProbability(0.5, 1, 1), 0);
  EXPECT_EQ(PseudoHarmonicLowerProbability(0.5, 1, 7), 0);
  // Continuous at both ends.
  EXPECT_NEAR(PseudoHarmonicLowerProbability(0.5, 1, 0.5 + 1e-9), 1, 1e-8);
  EXPECT_NEAR(PseudoHarmonicLowerProbability(0.5, 1, 1 - 1e-9), 0, 1e-8);
}

TEST(ActionTranslationTest, PseudoHarmonicDecreasesWithTheSize) {
  for (const auto& [a, b] : std::vector<std::pair<double, double>>{{0, 0.5}, {0.5, 1}, {1, 4}}) {
    double previous = 1;
    for (int i = 1; i < 100; ++i) {
      const double x = a + (b - a) * i / 100;
      const double f = PseudoHarmonicLowerProbability(a, b, x);
      EXPECT_LT(f, previous) << a << " " << b << " " << x;
      EXPECT_GT(f, 0);
      previous = f;
    }
  }
}

}  // namespace
}  // namespace solver
