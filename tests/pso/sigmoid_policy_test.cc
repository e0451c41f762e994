// 004's sigmoid policy: the shift formula's worked values, the mean of 1 - risk over I uniform on
// [0, 1] equal to the target, and distributions over the legal actions for every I and X in
// bounds (with the x2 > x1 clamp).
#include <array>
#include <cmath>
#include <random>

#include "agent/pso_policy.h"
#include "agent/swarm.h"
#include "gtest/gtest.h"
#include "poker/card.h"

namespace agent {
namespace {

// The mean of 1 - risk(I) over I uniform on [0, 1] by Simpson's rule.
double MeanAcceptance(double expected, double d) {
  constexpr int kIntervals = 20000;  // even
  double sum = 0;
  for (int i = 0; i <= kIntervals; ++i) {
    const double x = static_cast<double>(i) / kIntervals;
    const double w = (i == 0 || i == kIntervals) ? 1 : (i % 2 == 1 ? 4 : 2);
    sum += w * (1 - ActionRisk(x, expected, d));
  }
  return sum / (3.0 * kIntervals);
}

TEST(SigmoidShiftTest, MatchesThePapersWorkedValues) {
  EXPECT_NEAR(SigmoidShift(0.7, 5), 0.2556, 5e-5);
  EXPECT_NEAR(SigmoidShift(0.5, 3), 0.5, 1e-12);
}

TEST(SigmoidShiftTest, EqualsTheDirectFormulaWhereThatDoesNotOverflow) {
  for (double d : {1.0, 2.5, 7.0, 20.0, 60.0}) {
    for (double e : {0.05, 0.3, 0.5, 0.8, 0.97}) {
      const double direct = std::log((std::exp(d) - std::exp(d * e)) / (std::exp(d * e) - 1)) / d;
      EXPECT_NEAR(SigmoidShift(e, d), direct, 1e-9) << "d=" << d << " E=" << e;
    }
  }
}

TEST(SigmoidShiftTest, MeanAcceptanceOverUniformEquityEqualsTheTarget) {
  for (double d : {1.0, 3.0, 5.0, 15.11, 61.78, 90.96, 100.0}) {
    for (double e : {0.01, 0.14, 0.41, 0.5, 0.7, 0.86, 0.99}) {
      EXPECT_NEAR(MeanAcceptance(e, d), e, 1e-7) << "d=" << d << " E=" << e;
    }
  }
}

TEST(SigmoidShiftTest, LargeSlopesStayFinite) {
  EXPECT_TRUE(std::isfinite(SigmoidShift(0.99, 1000)));
  EXPECT_NEAR(SigmoidShift(0.3, 1000), 0.7, 1e-3);  // a step at 1 - E
  EXPECT_NEAR(ActionRisk(0.69, 0.3, 1000), 1, 1e-3);
  EXPECT_NEAR(ActionRisk(0.71, 0.3, 1000), 0, 1e-3);
}

TEST(SigmoidPolicyTest, ClassAFollowsEquationOne) {
  const PsoPoint x = {0.7, 0.3, 5, 0.5, 3};
  for (double equity : {0.0, 0.2, 0.5, 0.8, 1.0}) {
    const ActionProbabilities p = SigmoidPolicy(x, equity, /*facing_bet=*/true, true);
    const double risk_call = ActionRisk(equity, 0.7, 5);
    const double risk_raise = ActionRisk(equity, 0.3, 5);
    EXPECT_DOUBLE_EQ(p.fold, risk_call);
    EXPECT_DOUBLE_EQ(p.call, risk_raise - risk_call);
    EXPECT_DOUBLE_EQ(p.raise, 1 - risk_raise);
  }
  // Stronger hands fold less and raise more.
  EXPECT_GT(SigmoidPolicy(x, 0.2, true, true).fold, SigmoidPolicy(x, 0.8, true, true).fold);
  EXPECT_LT(SigmoidPolicy(x, 0.2, true, true).raise, SigmoidPolicy(x, 0.8, true, true).raise);
}

TEST(SigmoidPolicyTest, ClassBChecksOrRaisesNeverFolds) {
  const PsoPoint x = {0.7, 0.3, 5, 0.4, 8};
  const ActionProbabilities p = SigmoidPolicy(x, 0.75, /*facing_bet=*/false, true);
  EXPECT_EQ(p.fold, 0);
  EXPECT_DOUBLE_EQ(p.raise, 1 - ActionRisk(0.75, 0.4, 8));
  EXPECT_DOUBLE_EQ(p.call + p.raise, 1);
}

TEST(SigmoidPolicyTest, RaiseAboveCallCurveClampsCallAndKeepsTheRatio) {
  const PsoPoint x = {0.3, 0.8, 4, 0.5, 3};  // x2 > x1: risk(raise) < risk(call) everywhere
  for (double equity : {0.1, 0.5, 0.9}) {
    const double risk_call = ActionRisk(equity, 0.3, 4);
    const double risk_raise = ActionRisk(equity, 0.8, 4);
    ASSERT_LT(risk_raise, risk_call);
    const ActionProbabilities p = SigmoidPolicy(x, equity, true, true);
    EXPECT_EQ(p.call, 0);
    EXPECT_NEAR(p.fold + p.raise, 1, 1e-15);
    EXPECT_NEAR(p.fold / p.raise, risk_call / (1 - risk_raise), 1e-12);
  }
}

TEST(SigmoidPolicyTest, WithoutALegalRaiseTheRaiseShareGoesToCall) {
  const PsoPoint x = {0.7, 0.3, 5, 0.5, 3};
  const ActionProbabilities with = SigmoidPolicy(x, 0.8, true, true);
  const ActionProbabilities without = SigmoidPolicy(x, 0.8, true, false);
  EXPECT_EQ(without.raise, 0);
  EXPECT_DOUBLE_EQ(without.fold, with.fold);
  EXPECT_DOUBLE_EQ(without.call, with.call + with.raise);
  const ActionProbabilities b = SigmoidPolicy(x, 0.8, false, false);
  EXPECT_EQ(b.raise, 0);
  EXPECT_EQ(b.call, 1);
}

TEST(SigmoidPolicyTest, DistributionsForEveryEquityAndVectorInBounds) {
  const SwarmOptions bounds;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  for (int trial = 0; trial < 2000; ++trial) {
    PsoPoint x;
    for (int d = 0; d < kPsoDims; ++d) {
      // The corners of the box a fifth of the time, else anywhere inside.
      const double t = u(rng);
      const double f = t < 0.1 ? 0.0 : t < 0.2 ? 1.0 : u(rng);
      x[d] = bounds.lower[d] + f * (bounds.upper[d] - bounds.lower[d]);
    }
    for (int i = 0; i <= 100; ++i) {
      const double equity = i / 100.0;
      for (bool facing : {true, false}) {
        for (bool can_raise : {true, false}) {
          const ActionProbabilities p = SigmoidPolicy(x, equity, facing, can_raise);
          ASSERT_GE(p.fold, 0);
          ASSERT_GE(p.call, 0);
          ASSERT_GE(p.raise, 0);
          ASSERT_NEAR(p.fold + p.call + p.raise, 1, 1e-12);
          if (!facing) {
            ASSERT_EQ(p.fold, 0);  // folding with nothing to call is not legal
          }
          if (!can_raise) {
            ASSERT_EQ(p.raise, 0);
          }
        }
      }
    }
  }
}

TEST(CheapEquityTest, PreflopTableAndExactStrengthAgainstRandomHands) {
  const poker::PairCards aces{*poker::ParseCard("Ah"), *poker::ParseCard("As")};
  EXPECT_NEAR(CheapEquity(aces, {}, 1), 0.8520, 5e-4);
  EXPECT_NEAR(CheapEquity(aces, {}, 2), 0.8520 * 0.8520, 1e-3);
  // The nuts on the river beat or tie every hand.
  const std::vector<poker::Card> board = *poker::ParseCards("AdAc2h7s9d");
  EXPECT_NEAR(CheapEquity(aces, board, 1), 1.0, 1e-12);
}

}  // namespace
}  // namespace agent
