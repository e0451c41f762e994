#include "tools/eval/pair_rerank.h"

#include <cmath>
#include <vector>

#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/rng.h"

namespace eval {
namespace {

constexpr int kStreet = 2;  // turn: three likelihood weights, the draw block on
constexpr int kPairs = 60;

// The true weights of the simulation: w = 0.7 / 1.2 / 0.5, and three features on.
// Layout of the turn (pair_rerank.cc): w_0..w_2, class x aggression on streets 0..2, draw x
// aggression on the turn, class x raises.
int ClassAggression(int t, int c, int a) {
  return kStreet + 1 + (t * kNumPostflopClasses + c) * kAggressionLevels + a;
}
int DrawAggression(int draw, int a) {
  return ClassAggression(kStreet + 1, 0, 0) + (draw - 1) * kAggressionLevels + a;
}
int ClassRaises(int c, int r) { return DrawAggression(kDrawKinds, 0) + c * kRaiseCounts + r; }

std::vector<double> TrueWeights() {
  std::vector<double> theta(PairReranker::NumParameters(kStreet), 0.0);
  theta[0] = 0.7;
  theta[1] = 1.2;
  theta[2] = 0.5;
  theta[ClassAggression(2, 4, 3)] = 1.0;  // two pair, small raise on the turn
  theta[DrawAggression(1, 4)] = -0.8;     // flush draw, large raise on the turn
  theta[ClassRaises(6, 2)] = 0.7;         // straight, two raises in the hand
  return theta;
}

// Turn cases of kPairs live pairs with random groups, ln-likelihoods and contexts, the truth
// drawn from the log-linear model with `theta`.
std::vector<RerankCase> DrawCases(int n, const std::vector<double>& theta, uint64_t seed) {
  poker::Rng rng(seed);
  PairReranker truth;
  truth.weights[kStreet] = theta;
  std::vector<RerankCase> cases;
  std::vector<double> score(kPairs);
  for (int i = 0; i < n; ++i) {
    RerankCase& c = cases.emplace_back();
    c.street = kStreet;
    for (int t = 0; t <= kStreet; ++t) c.context.aggression[t] = rng.Below(kAggressionLevels);
    c.context.raises = rng.Below(kRaiseCounts);
    for (int k = 0; k < kPairs; ++k) {
      c.group.push_back(rng.Below(kNumPostflopClasses * kDrawKinds));
      for (int t = 0; t <= kStreet; ++t) c.loglik.push_back(-3 * rng.Uniform());
    }
    truth.Scores(c, absl::MakeSpan(score));
    double z = 0;
    for (double& s : score) z += (s = std::exp(s));
    double u = rng.Uniform() * z;
    c.truth = kPairs - 1;
    for (int k = 0; k < kPairs; ++k) {
      if (u < score[k]) {
        c.truth = k;
        break;
      }
      u -= score[k];
    }
  }
  return cases;
}

TEST(PairRerankTest, FitRecoversTheStreetWeightsAndTheFeatureEffects) {
  const std::vector<double> theta = TrueWeights();
  const std::vector<RerankCase> cases = DrawCases(30000, theta, 11);
  RerankFitOptions options;
  options.ridge = 1e-2;
  const PairReranker fit = FitPairReranker(cases, options);
  ASSERT_EQ(fit.weights[kStreet].size(), theta.size());
  const std::vector<double>& w = fit.weights[kStreet];
  EXPECT_NEAR(w[0], 0.7, 0.05);
  EXPECT_NEAR(w[1], 1.2, 0.05);
  EXPECT_NEAR(w[2], 0.5, 0.05);
  // Indicators are identified up to constants shared within a context (every pair turns on one
  // class cell per street): compare contrasts against class 0 and aggression 1.
  const auto contrast = [&](int t, int c, int a) {
    return w[ClassAggression(t, c, a)] - w[ClassAggression(t, 0, a)] - w[ClassAggression(t, c, 1)] +
           w[ClassAggression(t, 0, 1)];
  };
  EXPECT_NEAR(contrast(2, 4, 3), 1.0, 0.2);
  EXPECT_NEAR(contrast(2, 5, 3), 0.0, 0.2);
  EXPECT_NEAR(contrast(1, 4, 3), 0.0, 0.2);
  EXPECT_NEAR(w[DrawAggression(1, 4)] - w[DrawAggression(1, 1)], -0.8, 0.2);
  EXPECT_NEAR(w[DrawAggression(2, 4)] - w[DrawAggression(2, 1)], 0.0, 0.2);
  EXPECT_NEAR(
      w[ClassRaises(6, 2)] - w[ClassRaises(0, 2)] - w[ClassRaises(6, 0)] + w[ClassRaises(0, 0)],
      0.7, 0.2);
  EXPECT_EQ(fit.cases[kStreet], 30000);
  EXPECT_TRUE(fit.weights[1].empty());  // no flop cases: identity
  EXPECT_EQ(fit.cases[1], 0);

  // On fresh cases the fit reads almost as well as the truth, and better than the identity.
  const std::vector<RerankCase> fresh = DrawCases(5000, theta, 12);
  PairReranker truth;
  truth.weights[kStreet] = theta;
  const double best = MeanPairLogLikelihood(truth, fresh, kStreet);
  EXPECT_GT(MeanPairLogLikelihood(fit, fresh, kStreet), best - 0.01);
  EXPECT_LT(MeanPairLogLikelihood(PairReranker(), fresh, kStreet), best - 0.05);
}

TEST(PairRerankTest, TheClassObjectiveFitsTheTrueClassesBetter) {
  const std::vector<double> theta = TrueWeights();
  const std::vector<RerankCase> cases = DrawCases(12000, theta, 13);
  RerankFitOptions options;
  options.ridge = 1e-2;
  const PairReranker by_pair = FitPairReranker(cases, options);
  options.class_objective = true;
  const PairReranker by_class = FitPairReranker(cases, options);
  ASSERT_EQ(by_class.cases[kStreet], 12000);
  // Each fit is best at its own objective on the cases it was fitted on.
  EXPECT_GE(MeanClassLogLikelihood(by_class, cases, kStreet),
            MeanClassLogLikelihood(by_pair, cases, kStreet));
  EXPECT_GE(MeanPairLogLikelihood(by_pair, cases, kStreet),
            MeanPairLogLikelihood(by_class, cases, kStreet));
  EXPECT_GT(MeanClassLogLikelihood(by_class, cases, kStreet),
            MeanClassLogLikelihood(PairReranker(), cases, kStreet) + 0.02);
  // The class effects are what the class objective sees: the two-pair contrast is recovered.
  const std::vector<double>& w = by_class.weights[kStreet];
  EXPECT_NEAR(w[ClassAggression(2, 4, 3)] - w[ClassAggression(2, 0, 3)] -
                  w[ClassAggression(2, 4, 1)] + w[ClassAggression(2, 0, 1)],
              1.0, 0.3);
}

TEST(PairRerankTest, TheIdentityScoresTheReadersLikelihoods) {
  PairReranker identity;
  EXPECT_TRUE(identity.IsIdentity());
  identity.weights[kStreet] = PairReranker::Identity(kStreet);
  EXPECT_TRUE(identity.IsIdentity());
  RerankCase c;
  c.street = kStreet;
  c.group = {0, 5, 32};
  c.loglik = {-1, -2, -0.5f, -0.25f, 0, -4, -3, -3, -3};
  std::vector<double> score(3);
  identity.Scores(c, absl::MakeSpan(score));
  EXPECT_DOUBLE_EQ(score[0], -3.5);
  EXPECT_DOUBLE_EQ(score[1], -4.25);
  EXPECT_DOUBLE_EQ(score[2], -9);
  identity.weights[kStreet][ClassRaises(10, 0)] = 2;  // group 32 is class 10
  EXPECT_FALSE(identity.IsIdentity());
  identity.Scores(c, absl::MakeSpan(score));
  EXPECT_DOUBLE_EQ(score[2], -7);
  EXPECT_DOUBLE_EQ(score[0], -3.5);
  // A street with too few cases keeps the identity, and the facts say how many it had.
  const PairReranker few = FitPairReranker({c});
  EXPECT_TRUE(few.IsIdentity());
  EXPECT_EQ(few.cases[kStreet], 1);
  EXPECT_EQ(few.Describe(),
            "identity (0 < 200 cases); identity (0 < 200 cases); identity (1 < 200 cases); "
            "identity (0 < 200 cases)");
}

// The penalised mean ln-likelihood per case that the fit maximises.
double PenalisedMean(const PairReranker& fit, const std::vector<RerankCase>& cases, double ridge) {
  const std::vector<double> identity = PairReranker::Identity(kStreet);
  double penalty = 0;
  for (size_t j = 0; j < fit.weights[kStreet].size(); ++j) {  // none: the identity
    const double d = fit.weights[kStreet][j] - identity[j];
    penalty += 0.5 * ridge * d * d;
  }
  return MeanPairLogLikelihood(fit, cases, kStreet) - penalty / static_cast<double>(cases.size());
}

// Newton's method converges quadratically only with the right Hessian: 4 steps from the identity
// already reach the optimum of 30. (With the step halving, a Hessian missing its likelihood x
// indicator terms still climbs, but only linearly: it fails this.)
TEST(PairRerankTest, NewtonConvergesInAFewSteps) {
  const std::vector<RerankCase> cases = DrawCases(5000, TrueWeights(), 14);
  RerankFitOptions options;
  options.ridge = 1e-2;
  const PairReranker converged = FitPairReranker(cases, options);
  // The optimum is the truth's neighbourhood (a fit stuck near the identity is no optimum).
  ASSERT_EQ(converged.weights[kStreet].size(), TrueWeights().size());
  EXPECT_NEAR(converged.weights[kStreet][2], 0.5, 0.1);
  const double best = PenalisedMean(converged, cases, options.ridge);
  EXPECT_GT(best, PenalisedMean(PairReranker(), cases, options.ridge) + 0.05);
  options.max_iterations = 4;
  const PairReranker four = FitPairReranker(cases, options);
  EXPECT_NEAR(PenalisedMean(four, cases, options.ridge), best, 1e-6);
  options.max_iterations = 1;
  EXPECT_LT(PenalisedMean(FitPairReranker(cases, options), cases, options.ridge), best - 1e-4);
}

TEST(PairRerankTest, BucketFeaturesReadTheBucketNotTheClass) {
  PairReranker by_bucket;
  by_bucket.buckets = true;
  // Bucket rows replace the 11 class rows: 9 x 6 cells per street.
  EXPECT_EQ(PairReranker::NumParameters(kStreet, true),
            PairReranker::NumParameters(kStreet) -
                3 * (kNumPostflopClasses - kRerankBuckets) * kAggressionLevels);
  by_bucket.weights[kStreet] = PairReranker::Identity(kStreet, true);
  EXPECT_TRUE(by_bucket.IsIdentity());
  RerankCase c;
  c.street = kStreet;
  c.context.aggression = {2, 1, 4, 0};
  c.group = {4 * kDrawKinds, 4 * kDrawKinds, 0};  // two pair, two pair, small high card
  c.bucket = {7, 3, 7};
  c.loglik.assign(9, 0.0f);
  // Bucket 7 after a large raise on the turn (aggression[2] = 4).
  by_bucket.weights[kStreet][kStreet + 1 + (2 * kRerankBuckets + 7) * kAggressionLevels + 4] = 1.5;
  std::vector<double> score(3);
  by_bucket.Scores(c, absl::MakeSpan(score));
  EXPECT_DOUBLE_EQ(score[0], 1.5);
  EXPECT_DOUBLE_EQ(score[1], 0);
  EXPECT_DOUBLE_EQ(score[2], 1.5);
}

TEST(PairRerankTest, ContextsReadTheMostAggressiveActionPerStreetAndTheRaises) {
  absl::StatusOr<trainer::ActionAbstraction> nolimit =
      trainer::ActionAbstraction::Create({0.6, 1.0}, /*all_in_class=*/true);
  ASSERT_TRUE(nolimit.ok());
  trainer::HandObservation hand;
  hand.num_players = 2;
  hand.num_rounds = 4;
  // Preflop: 0 raises small, 1 raises large, 0 calls. Flop: 1 checks, 0 goes all-in, 1 calls.
  const std::vector<std::vector<trainer::StreetAction>> streets = {
      {{0, trainer::kFirstRaise}, {1, trainer::kFirstRaise + 1}, {0, trainer::kCall}},
      {{1, trainer::kCheck}, {0, nolimit->all_in()}, {1, trainer::kCall}}};
  int k = 0;
  for (int r = 0; r <= poker::kMaxRounds; ++r) {
    hand.begin[r] = static_cast<uint16_t>(k);
    if (r < static_cast<int>(streets.size())) {
      for (const trainer::StreetAction& a : streets[r]) hand.actions[k++] = a;
    }
  }
  const RerankContext zero = ContextOf(hand, 0, 1, *nolimit);
  EXPECT_EQ(zero.aggression[0], 3);  // small raise (then a call)
  EXPECT_EQ(zero.aggression[1], 5);  // all-in
  EXPECT_EQ(zero.raises, 3);
  const RerankContext one = ContextOf(hand, 1, 1, *nolimit);
  EXPECT_EQ(one.aggression[0], 4);
  EXPECT_EQ(one.aggression[1], 2);  // a check then a call: the call
  EXPECT_EQ(ContextOf(hand, 1, 0, *nolimit).raises, 2);
  EXPECT_EQ(ContextOf(hand, 1, 0, *nolimit).aggression[1], 0);
}

TEST(PairRerankTest, DrawsTellFlushDrawsFromStraightDraws) {
  const auto pair = [](const char* text) {
    absl::StatusOr<poker::PairCards> p = poker::ParsePair(text);
    EXPECT_TRUE(p.ok()) << text;
    return poker::PairIndex(p->low, p->high);
  };
  std::array<uint8_t, poker::kNumPairs> draws;
  absl::StatusOr<std::vector<poker::Card>> flop = poker::ParseCards("9h8h2c");
  ASSERT_TRUE(flop.ok());
  AllPairDraws(*flop, &draws);
  EXPECT_EQ(draws[pair("Ah3h")], 1);  // four hearts
  EXPECT_EQ(draws[pair("JcTd")], 2);  // 8-9-T-J: open-ended
  EXPECT_EQ(draws[pair("JhTh")], 1);  // both: the flush draw counts
  EXPECT_EQ(draws[pair("AcKd")], 0);
  EXPECT_EQ(draws[pair("9c9d")], 0);
  EXPECT_EQ(draws[pair("9hAh")], 0);  // shares a card with the board
  absl::StatusOr<std::vector<poker::Card>> river = poker::ParseCards("9h8h2c3d4s");
  ASSERT_TRUE(river.ok());
  AllPairDraws(*river, &draws);
  EXPECT_EQ(draws[pair("Ah3h")], 0);  // no draws on the river
}

}  // namespace
}  // namespace eval
