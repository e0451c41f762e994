#include "tools/eval/class_calibration.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace eval {
namespace {

constexpr double kFloor = 1e-30;  // ln of a class sum of 0 (never for a live class in practice)

// Parameters of one street: a, b, then the biases of its classes when fitted.
int NumParameters(int classes, bool biases) { return 2 + (biases ? classes : 0); }

// The features of class c of a case: ln M(c), ln N(c), then the indicator of c.
struct CaseFeatures {
  int classes = 0;
  std::array<bool, kMaxClasses> possible{};
  std::array<double, kMaxClasses> log_model{};
  std::array<double, kMaxClasses> log_board{};
};

CaseFeatures Features(int street, absl::Span<const double> model, absl::Span<const double> board) {
  CaseFeatures f;
  f.classes = NumClasses(street);
  double total = 0;
  for (int c = 0; c < f.classes; ++c) {
    f.possible[c] = board[c] > 0;
    if (f.possible[c]) total += std::max(0.0, model[c]);
  }
  for (int c = 0; c < f.classes; ++c) {
    if (!f.possible[c]) continue;
    f.log_model[c] = std::log(std::max(kFloor, total > 0 ? model[c] / total : 0.0));
    f.log_board[c] = std::log(board[c]);
  }
  return f;
}

// Class probabilities of one case under parameters `theta` (a, b, biases...).
void Probabilities(const CaseFeatures& f, const std::vector<double>& theta, bool biases,
                   std::array<double, kMaxClasses>* p) {
  double top = -1e300;
  std::array<double, kMaxClasses> score{};
  for (int c = 0; c < f.classes; ++c) {
    if (!f.possible[c]) continue;
    score[c] = theta[0] * f.log_model[c] + theta[1] * f.log_board[c] + (biases ? theta[2 + c] : 0);
    top = std::max(top, score[c]);
  }
  double z = 0;
  for (int c = 0; c < f.classes; ++c) {
    (*p)[c] = f.possible[c] ? std::exp(score[c] - top) : 0.0;
    z += (*p)[c];
  }
  for (int c = 0; c < f.classes; ++c) (*p)[c] /= z;
}

double FeatureOf(const CaseFeatures& f, int c, int j) {
  if (j == 0) return f.log_model[c];
  if (j == 1) return f.log_board[c];
  return j - 2 == c ? 1.0 : 0.0;
}

struct FitCase {
  CaseFeatures features;
  int truth = 0;
};

// The penalised log-likelihood of the street's cases.
double Objective(const std::vector<FitCase>& cases, const std::vector<double>& theta,
                 const std::vector<double>& identity, bool biases, double ridge) {
  double sum = 0;
  std::array<double, kMaxClasses> p{};
  for (const FitCase& c : cases) {
    Probabilities(c.features, theta, biases, &p);
    sum += std::log(std::max(p[c.truth], 1e-300));
  }
  for (size_t j = 0; j < theta.size(); ++j) {
    sum -= 0.5 * ridge * (theta[j] - identity[j]) * (theta[j] - identity[j]);
  }
  return sum;
}

}  // namespace

bool ClassCalibration::IsIdentity() const {
  for (int s = 0; s < kNumStreets; ++s) {
    if (model_weight[s] != 1 || board_weight[s] != 0) return false;
    for (double b : bias[s]) {
      if (b != 0) return false;
    }
  }
  return true;
}

std::vector<double> ClassCalibration::Apply(int street, absl::Span<const double> model,
                                            absl::Span<const double> board) const {
  const CaseFeatures f = Features(street, model, board);
  std::vector<double> theta = {model_weight[street], board_weight[street]};
  for (int c = 0; c < f.classes; ++c) theta.push_back(bias[street][c]);
  std::array<double, kMaxClasses> p{};
  bool any = false;
  for (int c = 0; c < f.classes; ++c) any |= f.possible[c];
  if (!any) return std::vector<double>(f.classes, 0.0);
  Probabilities(f, theta, /*biases=*/true, &p);
  return std::vector<double>(p.begin(), p.begin() + f.classes);
}

std::string ClassCalibration::Describe() const {
  std::vector<std::string> streets;
  for (int s = 0; s < kNumStreets; ++s) {
    double spread = 0;
    for (double b : bias[s]) spread = std::max(spread, std::abs(b));
    streets.push_back(absl::StrFormat("a %.3f b %.3f max |bias| %.2f (%d cases)", model_weight[s],
                                      board_weight[s], spread, cases[s]));
  }
  return absl::StrJoin(streets, "; ");
}

ClassCalibration FitClassCalibration(absl::Span<const CaseRecord> cases,
                                     const CalibrationFitOptions& options) {
  ClassCalibration out;
  for (int street = 0; street < kNumStreets; ++street) {
    std::vector<FitCase> fit;
    for (const CaseRecord& r : cases) {
      if (r.street != street) continue;
      const int n = NumClasses(street);
      std::vector<double> model(r.model.begin(), r.model.begin() + n);
      std::vector<double> board(r.board.begin(), r.board.begin() + n);
      FitCase& c = fit.emplace_back();
      c.features = Features(street, model, board);
      c.truth = r.truth;
      if (!c.features.possible[r.truth]) fit.pop_back();  // cannot happen with real cases
    }
    if (static_cast<int>(fit.size()) < options.min_cases) continue;
    const int classes = NumClasses(street);
    const int d = NumParameters(classes, options.biases);
    std::vector<double> identity(d, 0.0);
    identity[0] = 1;
    std::vector<double> theta = identity;
    double value = Objective(fit, theta, identity, options.biases, options.ridge);
    for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
      std::vector<double> g(d, 0.0);
      std::vector<std::vector<double>> h(d, std::vector<double>(d, 0.0));
      std::array<double, kMaxClasses> p{};
      for (const FitCase& c : fit) {
        Probabilities(c.features, theta, options.biases, &p);
        std::vector<double> mean(d, 0.0);
        for (int k = 0; k < classes; ++k) {
          if (p[k] == 0) continue;
          for (int j = 0; j < d; ++j) mean[j] += p[k] * FeatureOf(c.features, k, j);
        }
        for (int j = 0; j < d; ++j) g[j] += FeatureOf(c.features, c.truth, j) - mean[j];
        for (int k = 0; k < classes; ++k) {
          if (p[k] == 0) continue;
          for (int i = 0; i < d; ++i) {
            const double di = FeatureOf(c.features, k, i) - mean[i];
            if (di == 0) continue;
            for (int j = 0; j < d; ++j)
              h[i][j] += p[k] * di * (FeatureOf(c.features, k, j) - mean[j]);
          }
        }
      }
      for (int j = 0; j < d; ++j) {
        g[j] -= options.ridge * (theta[j] - identity[j]);
        h[j][j] += options.ridge;
      }
      const std::vector<double> step = SolveLinearSystem(h, g);
      // Newton's step, halved until the objective does not fall.
      double scale = 1;
      std::vector<double> next(d);
      double next_value = value;
      for (int tries = 0; tries < 30; ++tries, scale /= 2) {
        for (int j = 0; j < d; ++j) next[j] = theta[j] + scale * step[j];
        next_value = Objective(fit, next, identity, options.biases, options.ridge);
        if (next_value >= value) break;
      }
      if (!(next_value >= value)) break;
      double largest = 0;
      for (int j = 0; j < d; ++j) largest = std::max(largest, std::abs(next[j] - theta[j]));
      theta = next;
      value = next_value;
      if (largest < 1e-9) break;
    }
    out.model_weight[street] = theta[0];
    out.board_weight[street] = theta[1];
    if (options.biases) {
      for (int c = 0; c < classes; ++c) out.bias[street][c] = theta[2 + c];
    }
    out.cases[street] = static_cast<int64_t>(fit.size());
  }
  return out;
}

std::vector<double> SolveLinearSystem(std::vector<std::vector<double>> h, std::vector<double> g) {
  const int n = static_cast<int>(g.size());
  for (int i = 0; i < n; ++i) {
    int pivot = i;
    for (int k = i + 1; k < n; ++k) {
      if (std::abs(h[k][i]) > std::abs(h[pivot][i])) pivot = k;
    }
    std::swap(h[i], h[pivot]);
    std::swap(g[i], g[pivot]);
    for (int k = i + 1; k < n; ++k) {
      const double factor = h[k][i] / h[i][i];
      for (int j = i; j < n; ++j) h[k][j] -= factor * h[i][j];
      g[k] -= factor * g[i];
    }
  }
  std::vector<double> x(n);
  for (int i = n - 1; i >= 0; --i) {
    double sum = g[i];
    for (int j = i + 1; j < n; ++j) sum -= h[i][j] * x[j];
    x[i] = sum / h[i][i];
  }
  return x;
}

double MeanClassLogLikelihood(const ClassCalibration& calibration,
                              absl::Span<const CaseRecord> cases, int street) {
  double sum = 0;
  int64_t n = 0;
  const int classes = NumClasses(street);
  for (const CaseRecord& r : cases) {
    if (r.street != street) continue;
    const std::vector<double> model(r.model.begin(), r.model.begin() + classes);
    const std::vector<double> board(r.board.begin(), r.board.begin() + classes);
    const std::vector<double> p = calibration.Apply(street, model, board);
    sum += std::log(std::max(p[r.truth], 1e-300));
    ++n;
  }
  return n > 0 ? sum / static_cast<double>(n) : 0.0;
}

}  // namespace eval
