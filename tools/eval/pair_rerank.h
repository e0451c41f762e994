// A discriminative re-scoring of the model reader's pairs (eval only; the agent's ranges are not
// touched): a conditional log-linear model over the live pairs of a case. On street s,
//
//   score(i) = sum_{t <= s} w_t * l_t(i) + sum_k theta_k * f_k(i, observation)
//   P(i)     = exp(score(i)) / sum over the live pairs j of exp(score(j))
//
// l_t(i) is the reader's ln-likelihood of the player's actions on street t for pair i (its range
// at the end of street t over its range at the end of street t - 1, the preflop entry prior
// included in l_0); the board's prior over the live pairs is uniform, so its ln term is the same
// for every pair and drops out. w_t tempers each street's likelihood. The features are
// indicators that pool evidence the pattern tree splits into sparse nodes:
//   (the pair's class on the current board) x (the player's most aggressive action on street t),
//     for every t <= s;
//   (the pair's draw on the current board: flush draw, straight draw) x (its most aggressive
//     action on s), on the flop and turn;
//   (the pair's class) x (the raises in the hand so far: 0, 1, 2, 3 or more).
// w = 1 and theta = 0 is the reader as it is (the identity). Each street has its own weights,
// fitted by maximising the ridge-penalised conditional ln-likelihood of the true pairs of cases
// the reader scored out of sample (CrossFittedRerankCases, tools/eval/prediction_eval.h), by
// Newton's method (the objective is concave). The class posterior is the pair posterior summed by
// class, as for the reader.
#ifndef TOOLS_EVAL_PAIR_RERANK_H_
#define TOOLS_EVAL_PAIR_RERANK_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "tools/eval/hand_class.h"
#include "tools/eval/metrics.h"
#include "trainer/action_abstraction.h"
#include "trainer/hand_observation.h"

namespace eval {

// A player's most aggressive action on a street: none (did not act), check, call, a raise of the
// first raise class (under 0.6 pot by default), a larger raise, all-in.
inline constexpr int kAggressionLevels = 6;
// Raises in the hand so far: 0, 1, 2, 3 or more.
inline constexpr int kRaiseCounts = 4;
// A pair's draw on the board: none, flush draw, straight draw (8 outs), as the strength buckets'
// draw rule tells them (trainer::StrengthBuckets::DrawKind, whose values these are).
inline constexpr int kDrawKinds = 3;
// Pair groups: class * kDrawKinds + draw kind.
inline constexpr int kRerankGroups = kMaxClasses * kDrawKinds;
// A pair's strength bucket as the reader reads it after backing off to the coarse buckets (8, and
// the draw bucket, or before the flop the small pairs' slot): 0 .. kRerankBuckets - 1.
inline constexpr int kRerankBuckets = 9;
// Pair cells: group * kRerankBuckets + bucket. The features depend on a pair through its cell.
inline constexpr int kRerankCells = kRerankGroups * kRerankBuckets;

// What the features read of the observation, besides the pair.
struct RerankContext {
  std::array<uint8_t, kNumStreets> aggression{};  // per street t <= the case's street
  uint8_t raises = 0;                             // 0 .. kRaiseCounts - 1
};

// The context of `position` at the end of `street` in `hand` (its actions through that street).
RerankContext ContextOf(const trainer::HandObservation& hand, int position, int street,
                        const trainer::ActionAbstraction& abstraction);

// The draw kind of every pair on a flop or turn board (`board` its 3 or 4 cards); 0 everywhere
// preflop and on the river, and for pairs that share a card with the board.
void AllPairDraws(absl::Span<const poker::Card> board, std::array<uint8_t, poker::kNumPairs>* out);

// One case for the fit: the live pairs of a street with their groups and per-street
// ln-likelihoods, and which of them is the truth.
struct RerankCase {
  int street = 0;
  int truth = 0;  // index into the live pairs
  RerankContext context;
  std::vector<uint8_t> group;   // per live pair
  std::vector<uint8_t> bucket;  // per live pair, < kRerankBuckets (empty: all 0)
  std::vector<float> loglik;    // per live pair, street + 1 values (l_0 .. l_street)
};

struct PairReranker {
  // The first feature block reads the pair's bucket instead of its class
  // (RerankFitOptions::buckets).
  bool buckets = false;
  // Per street: w_0 .. w_s then the feature weights (NumParameters); empty: the identity.
  std::array<std::vector<double>, kNumStreets> weights;
  std::array<int64_t, kNumStreets> cases{};  // cases of each street given to the fit
  int min_cases = 0;  // a street with fewer kept the identity (RerankFitOptions::min_cases)

  // Parameters of a street, and the identity's values.
  static int NumParameters(int street, bool buckets = false);
  static std::vector<double> Identity(int street, bool buckets = false);

  bool IsIdentity() const;
  // The scores (ln P up to a constant) of the case's live pairs (its truth is not read).
  void Scores(const RerankCase& c, absl::Span<double> out) const;
  // "w 1.00 0.85 max |theta| 0.41 (9000 cases)" per street, for the report's facts; a street
  // without weights: "identity (150 < 200 cases)".
  std::string Describe() const;
};

struct RerankFitOptions {
  // Ridge penalty on the distance from the identity (in the summed ln-likelihood). Must be
  // positive: at 0 a feature no case turns on makes Newton's system singular, and the fit stays
  // at the identity without saying so.
  double ridge = 10;
  // A street with fewer cases keeps the identity.
  int min_cases = 200;
  int max_iterations = 30;
  // Maximise the ln-likelihood of the true pair's class (the pairs' probabilities summed by
  // class) instead of the true pair's: what top-1 counts. Not concave; the step uses the pair
  // objective's curvature (the features' covariance), a bound on the class objective's, and is
  // halved until the objective does not fall.
  bool class_objective = false;
  // (the pair's bucket) x (aggression on each street) instead of (its class) x (aggression). The
  // cases need their buckets (RerankCase::bucket; empty reads as bucket 0).
  bool buckets = false;
};

// Maximum penalised conditional likelihood of the true pairs (or their classes), street by street
// (Newton's method with step halving).
PairReranker FitPairReranker(absl::Span<const RerankCase> cases,
                             const RerankFitOptions& options = {});

// Mean ln P(true pair), and mean ln P(true pair's class), of the `street` cases under
// `reranker`.
double MeanPairLogLikelihood(const PairReranker& reranker, absl::Span<const RerankCase> cases,
                             int street);
double MeanClassLogLikelihood(const PairReranker& reranker, absl::Span<const RerankCase> cases,
                              int street);

}  // namespace eval

#endif  // TOOLS_EVAL_PAIR_RERANK_H_
