#include "tools/eval/class_calibration.h"

#include <cmath>
#include <vector>

#include "gtest/gtest.h"
#include "poker/rng.h"

namespace eval {
namespace {

// Flop cases whose class sums M and board counts N are random and whose true class is drawn from
// softmax(a ln M + b ln N + bias): what a reader with that miscalibration would give.
std::vector<CaseRecord> DrawCases(int n, double a, double b,
                                  const std::array<double, kMaxClasses>& bias, uint64_t seed) {
  poker::Rng rng(seed);
  std::vector<CaseRecord> cases;
  for (int i = 0; i < n; ++i) {
    CaseRecord& r = cases.emplace_back();
    r.street = 1;
    std::array<double, kMaxClasses> score{};
    double total = 0, top = -1e300;
    for (int c = 0; c < kNumPostflopClasses; ++c) {
      // Classes 9 and 10 impossible on every second board, as on real boards.
      r.board[c] = (c >= 9 && i % 2 == 0) ? 0.0f : static_cast<float>(1 + rng.Below(300));
      r.model[c] = static_cast<float>(std::exp(3 * rng.Uniform()));
      total += r.model[c];
    }
    for (int c = 0; c < kNumPostflopClasses; ++c) {
      r.model[c] = static_cast<float>(r.model[c] / total);
      if (r.board[c] == 0) continue;
      score[c] = a * std::log(r.model[c]) + b * std::log(r.board[c]) + bias[c];
      top = std::max(top, score[c]);
    }
    double z = 0;
    for (int c = 0; c < kNumPostflopClasses; ++c) {
      score[c] = r.board[c] > 0 ? std::exp(score[c] - top) : 0.0;
      z += score[c];
    }
    double u = rng.Uniform() * z;
    r.truth = kNumPostflopClasses - 1;
    for (int c = 0; c < kNumPostflopClasses; ++c) {
      if (r.board[c] > 0 && u < score[c]) {
        r.truth = c;
        break;
      }
      u -= score[c];
    }
  }
  return cases;
}

TEST(ClassCalibrationTest, FitRecoversTheTemperatureTheCardCountWeightAndTheBiases) {
  std::array<double, kMaxClasses> bias{};
  bias[2] = 0.8;
  bias[3] = -0.6;
  const std::vector<CaseRecord> cases = DrawCases(40000, 0.6, 0.3, bias, 7);
  CalibrationFitOptions options;
  options.ridge = 1e-3;
  const ClassCalibration fit = FitClassCalibration(cases, options);
  EXPECT_NEAR(fit.model_weight[1], 0.6, 0.03);
  EXPECT_NEAR(fit.board_weight[1], 0.3, 0.03);
  // Biases are identified up to a constant: compare differences.
  EXPECT_NEAR(fit.bias[1][2] - fit.bias[1][0], 0.8, 0.08);
  EXPECT_NEAR(fit.bias[1][3] - fit.bias[1][0], -0.6, 0.08);
  EXPECT_NEAR(fit.bias[1][5] - fit.bias[1][0], 0.0, 0.08);
  EXPECT_EQ(fit.cases[1], 40000);
  // The other streets had no cases: identity.
  EXPECT_EQ(fit.model_weight[0], 1);
  EXPECT_EQ(fit.cases[2], 0);
  // The fit explains the cases better than the reader as it is.
  EXPECT_GT(MeanClassLogLikelihood(fit, cases, 1),
            MeanClassLogLikelihood(ClassCalibration(), cases, 1) + 0.01);

  // Without biases only a and b move.
  options.biases = false;
  const ClassCalibration plain = FitClassCalibration(cases, options);
  for (double b : plain.bias[1]) EXPECT_EQ(b, 0);
  EXPECT_LT(plain.model_weight[1], 0.8);
}

TEST(ClassCalibrationTest, ACalibratedReaderFitsTheIdentity) {
  const std::vector<CaseRecord> cases = DrawCases(40000, 1.0, 0.0, {}, 11);
  const ClassCalibration fit = FitClassCalibration(cases);
  EXPECT_NEAR(fit.model_weight[1], 1.0, 0.03);
  EXPECT_NEAR(fit.board_weight[1], 0.0, 0.03);
  for (int c = 0; c < 9; ++c) EXPECT_NEAR(fit.bias[1][c] - fit.bias[1][0], 0.0, 0.08) << c;
}

TEST(ClassCalibrationTest, ApplyAndTooFewCases) {
  ClassCalibration identity;
  EXPECT_TRUE(identity.IsIdentity());
  // The identity returns the model's class sums normalised over the board's possible classes.
  const std::vector<double> p = identity.Apply(0, {2, 1, 1, 0}, {960, 288, 42, 36});
  ASSERT_EQ(p.size(), 4u);
  EXPECT_NEAR(p[0], 0.5, 1e-12);
  EXPECT_NEAR(p[1], 0.25, 1e-12);
  EXPECT_NEAR(p[3], 0.0, 1e-12);
  // A class the board rules out gets 0 whatever the model says.
  EXPECT_EQ(identity.Apply(0, {1, 1, 1, 1}, {960, 288, 0, 36})[2], 0.0);

  // a 0, b 1: the board's card count.
  ClassCalibration board;
  board.model_weight[0] = 0;
  board.board_weight[0] = 1;
  EXPECT_FALSE(board.IsIdentity());
  const std::vector<double> q = board.Apply(0, {0.1, 0.2, 0.3, 0.4}, {960, 288, 42, 36});
  EXPECT_NEAR(q[0], 960.0 / 1326, 1e-9);
  EXPECT_NEAR(q[3], 36.0 / 1326, 1e-9);

  // Fewer than min_cases on a street: identity there.
  std::vector<CaseRecord> few = DrawCases(100, 0.5, 0.5, {}, 3);
  EXPECT_TRUE(FitClassCalibration(few).IsIdentity());
}

}  // namespace
}  // namespace eval
