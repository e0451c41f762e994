// A reader's class probabilities recalibrated against the board's card count (eval only; the
// agent's ranges are not touched). Per street, a multinomial logit over the classes the board
// allows:
//
//   score(c) = a * ln M(c) + b * ln N(c) + bias(c),   P(c) = exp(score(c)) / sum over possible c'
//
// M(c) the reader's range summed over the pairs of class c (normalised), N(c) the board's live
// pairs of class c. a = 1, b = 0, bias = 0 is the reader as it is (the identity); a is a
// temperature on the likelihood against the board's prior (the range is the prior over live
// pairs times the likelihood, so its class sums weigh the prior once and the likelihood a
// times), b moves weight back toward or away from the card count, and the biases correct what
// the reader gets wrong class by class. Fitted by maximum likelihood of the true classes of cases
// the reader scored out of sample (CrossFittedCases, tools/eval/prediction_eval.h).
#ifndef TOOLS_EVAL_CLASS_CALIBRATION_H_
#define TOOLS_EVAL_CLASS_CALIBRATION_H_

#include <array>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "tools/eval/hand_class.h"
#include "tools/eval/metrics.h"

namespace eval {

// One scored case (EvalOptions::keep_cases): per class of its street, the scores the predictors
// gave and two oracles' (what a reader that knew the true pair's strength bucket on every street
// so far would count: the live pairs sharing those buckets).
struct CaseRecord {
  int street = 0;
  int player = -1;                          // modelled player id
  int truth = 0;                            // the true class
  std::array<float, kMaxClasses> board{};   // live pairs of each class
  std::array<float, kMaxClasses> model{};   // the model reader's range summed by class, sum 1
  std::array<float, kMaxClasses> markov{};  // the card-counting chain, sum 1
  // Live pairs of each class whose buckets equal the true pair's on every street so far, at the
  // resolution the reader reads (fine buckets preflop and coarse ones after it when the reader
  // backs off so; the model's buckets otherwise), and at the model's full resolution.
  std::array<float, kMaxClasses> oracle{};
  std::array<float, kMaxClasses> oracle_fine{};
};

struct ClassCalibration {
  std::array<double, kNumStreets> model_weight{1, 1, 1, 1};  // a
  std::array<double, kNumStreets> board_weight{};            // b
  std::array<std::array<double, kMaxClasses>, kNumStreets> bias{};
  std::array<int64_t, kNumStreets> cases{};  // cases fitted on, per street (0: identity kept)

  bool IsIdentity() const;
  // The calibrated class probabilities on `street`: `model` the reader's class sums (any
  // scale), `board` the live pairs per class; classes with board 0 get 0.
  std::vector<double> Apply(int street, absl::Span<const double> model,
                            absl::Span<const double> board) const;
  // "a 1.02 b -0.03 | ..." per street, for the report's facts.
  std::string Describe() const;
};

struct CalibrationFitOptions {
  // Fit the per-class biases (else only a and b).
  bool biases = true;
  // Ridge penalty on the distance from the identity (in the summed log-likelihood): keeps the
  // bias of a class that never wins finite and the fit stable with few cases.
  double ridge = 1.0;
  // A street with fewer cases keeps the identity.
  int min_cases = 200;
  int max_iterations = 50;
};

// Maximum (penalised) likelihood fit, per street, of the true classes of `cases` by Newton's
// method (the log-likelihood is concave in a, b and the biases).
ClassCalibration FitClassCalibration(absl::Span<const CaseRecord> cases,
                                     const CalibrationFitOptions& options = {});

// Mean ln P(true class) of `cases` on `street` under the calibration.
double MeanClassLogLikelihood(const ClassCalibration& calibration,
                              absl::Span<const CaseRecord> cases, int street);

// Solves h x = g (Gaussian elimination with partial pivoting; h positive definite, as the
// Newton systems of these fits are).
std::vector<double> SolveLinearSystem(std::vector<std::vector<double>> h, std::vector<double> g);

}  // namespace eval

#endif  // TOOLS_EVAL_CLASS_CALIBRATION_H_
