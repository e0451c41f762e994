#include "tools/eval/pair_rerank.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tools/eval/class_calibration.h"
#include "trainer/strength_buckets.h"

namespace eval {
namespace {

static_assert(trainer::StrengthBuckets::kStraightDraw == kDrawKinds - 1);

// The layout of one street's parameters: w_0 .. w_s, then class (or bucket) x aggression on
// each street t <= s, then (flop and turn) draw x aggression on s, then class x raises.
struct Layout {
  int street = 0;
  int classes = 0;
  bool buckets = false;
  int rows = 0;  // classes, or buckets, in the first block
  bool draws = false;
  int class_aggression = 0;  // first index of each block
  int draw_aggression = 0;
  int class_raises = 0;
  int size = 0;
  int cells = 0;  // pair cells: group x bucket

  Layout(int s, bool by_bucket)
      : street(s),
        classes(NumClasses(s)),
        buckets(by_bucket),
        rows(by_bucket ? kRerankBuckets : NumClasses(s)),
        draws(s == 1 || s == 2) {
    class_aggression = s + 1;
    draw_aggression = class_aggression + (s + 1) * rows * kAggressionLevels;
    class_raises = draw_aggression + (draws ? (kDrawKinds - 1) * kAggressionLevels : 0);
    size = class_raises + classes * kRaiseCounts;
    cells = classes * kDrawKinds * kRerankBuckets;
  }

  // The feature indices a pair of cell `cell` (CellOf) turns on in `context`; returns how many.
  int Features(const RerankContext& context, int cell,
               std::array<int, kNumStreets + 2>* out) const {
    const int g = cell / kRerankBuckets;
    const int c = g / kDrawKinds;
    const int draw = g % kDrawKinds;
    const int row = buckets ? cell % kRerankBuckets : c;
    int n = 0;
    for (int t = 0; t <= street; ++t) {
      (*out)[n++] = class_aggression + (t * rows + row) * kAggressionLevels + context.aggression[t];
    }
    if (draws && draw > 0) {
      (*out)[n++] = draw_aggression + (draw - 1) * kAggressionLevels + context.aggression[street];
    }
    (*out)[n++] = class_raises + c * kRaiseCounts + context.raises;
    return n;
  }
};

// The cell of live pair i of a case: its group and its bucket.
int CellOf(const RerankCase& c, size_t i) {
  return c.group[i] * kRerankBuckets + (c.bucket.empty() ? 0 : c.bucket[i]);
}
int ClassOfCell(int cell) { return cell / (kDrawKinds * kRerankBuckets); }

// Per cell: the summed weight of the features it turns on in a case.
std::array<double, kRerankCells> CellScores(const Layout& layout, const RerankContext& context,
                                            const std::vector<double>& theta) {
  std::array<double, kRerankCells> out{};
  std::array<int, kNumStreets + 2> f{};
  for (int g = 0; g < layout.cells; ++g) {
    const int n = layout.Features(context, g, &f);
    for (int k = 0; k < n; ++k) out[g] += theta[f[k]];
  }
  return out;
}

// Scores of a case's live pairs into `score`; returns the largest.
double CaseScores(const Layout& layout, const RerankCase& c, const std::vector<double>& theta,
                  std::vector<double>* score) {
  const std::array<double, kRerankCells> cell = CellScores(layout, c.context, theta);
  const int t_count = layout.street + 1;
  const size_t n = c.group.size();
  score->resize(n);
  double top = -1e300;
  for (size_t i = 0; i < n; ++i) {
    double s = cell[CellOf(c, i)];
    const float* l = &c.loglik[i * t_count];
    for (int t = 0; t < t_count; ++t) s += theta[t] * l[t];
    (*score)[i] = s;
    top = std::max(top, s);
  }
  return top;
}

// ln P(the case's true pair), or of its class (`by_class`), under the softmax of `score` (the
// scores of its live pairs).
double CaseLogLikelihood(absl::Span<const double> score, const RerankCase& c, bool by_class) {
  const double top = *std::max_element(score.begin(), score.end());
  double z = 0, in_class = 0;
  const int truth_class = c.group[c.truth] / kDrawKinds;
  for (size_t i = 0; i < score.size(); ++i) {
    const double e = std::exp(score[i] - top);
    z += e;
    if (c.group[i] / kDrawKinds == truth_class) in_class += e;
  }
  return (by_class ? std::log(in_class) : score[c.truth] - top) - std::log(z);
}

// The penalised ln-likelihood of the true pairs of `cases`.
double Objective(const Layout& layout, const std::vector<const RerankCase*>& cases,
                 const std::vector<double>& theta, const std::vector<double>& identity,
                 double ridge, bool class_objective) {
  double sum = 0;
  std::vector<double> score;
  for (const RerankCase* c : cases) {
    CaseScores(layout, *c, theta, &score);
    sum += CaseLogLikelihood(score, *c, class_objective);
  }
  for (size_t j = 0; j < theta.size(); ++j) {
    sum -= 0.5 * ridge * (theta[j] - identity[j]) * (theta[j] - identity[j]);
  }
  return sum;
}

// Adds one case's gradient of ln P(truth) to `gradient` and its covariance of the features under
// P (minus the Hessian) to `hessian` (d x d, row-major).
void AddCase(const Layout& layout, const RerankCase& c, const std::vector<double>& theta,
             bool class_objective, std::vector<double>* gradient, std::vector<double>* hessian,
             std::vector<int>* stamp, int case_stamp) {
  const int d = layout.size;
  const int t_count = layout.street + 1;
  std::vector<double> score;
  const double top = CaseScores(layout, c, theta, &score);
  double z = 0;
  for (double& s : score) z += (s = std::exp(s - top));
  // Per cell: probability mass and its ln-likelihood moments; over all pairs: the second moments
  // of the ln-likelihoods.
  std::array<double, kRerankCells> mass{};
  std::array<std::array<double, kNumStreets>, kRerankCells> moment{};
  std::array<std::array<double, kNumStreets>, kNumStreets> second{};
  const size_t n = c.group.size();
  for (size_t i = 0; i < n; ++i) {
    const double p = score[i] / z;
    const int g = CellOf(c, i);
    const float* l = &c.loglik[i * t_count];
    mass[g] += p;
    for (int t = 0; t < t_count; ++t) {
      moment[g][t] += p * l[t];
      for (int u = 0; u <= t; ++u) second[t][u] += p * l[t] * l[u];
    }
  }
  // The mean feature vector, over the dimensions this case touches.
  std::vector<int> local;
  std::vector<double> mean(d, 0.0);
  for (int t = 0; t < t_count; ++t) local.push_back(t);
  std::array<int, kNumStreets + 2> f{};
  double* h = hessian->data();
  for (int g = 0; g < layout.cells; ++g) {
    if (mass[g] == 0) continue;
    const int nf = layout.Features(c.context, g, &f);
    for (int t = 0; t < t_count; ++t) mean[t] += moment[g][t];
    for (int a = 0; a < nf; ++a) {
      const int j = f[a];
      if ((*stamp)[j] != case_stamp) {
        (*stamp)[j] = case_stamp;
        local.push_back(j);
      }
      mean[j] += mass[g];
      for (int t = 0; t < t_count; ++t) {
        h[j * d + t] += moment[g][t];
        h[t * d + j] += moment[g][t];
      }
      for (int b = 0; b < nf; ++b) h[j * d + f[b]] += mass[g];
    }
  }
  for (int t = 0; t < t_count; ++t) {
    for (int u = 0; u <= t; ++u) {
      h[t * d + u] += second[t][u];
      if (u != t) h[u * d + t] += second[t][u];
    }
  }
  for (int j : local) {
    for (int k : local) h[j * d + k] -= mean[j] * mean[k];
  }
  // Gradient: the truth's features (the class objective: their mean over the true class) minus
  // their mean.
  if (class_objective) {
    // The true class's cells are consecutive.
    const int first = ClassOfCell(CellOf(c, c.truth)) * kDrawKinds * kRerankBuckets;
    const int last = first + kDrawKinds * kRerankBuckets;
    double class_mass = 0;
    for (int g = first; g < last; ++g) class_mass += mass[g];
    for (int g = first; g < last; ++g) {
      if (mass[g] == 0) continue;
      for (int t = 0; t < t_count; ++t) (*gradient)[t] += moment[g][t] / class_mass;
      const int nf = layout.Features(c.context, g, &f);
      for (int a = 0; a < nf; ++a) (*gradient)[f[a]] += mass[g] / class_mass;
    }
  } else {
    const float* l = &c.loglik[static_cast<size_t>(c.truth) * t_count];
    for (int t = 0; t < t_count; ++t) (*gradient)[t] += l[t];
    const int nf = layout.Features(c.context, CellOf(c, c.truth), &f);
    for (int a = 0; a < nf; ++a) (*gradient)[f[a]] += 1;
  }
  for (int j : local) (*gradient)[j] -= mean[j];
}

}  // namespace

RerankContext ContextOf(const trainer::HandObservation& hand, int position, int street,
                        const trainer::ActionAbstraction& abstraction) {
  RerankContext context;
  int raises = 0;
  for (int t = 0; t <= street && t < hand.num_rounds; ++t) {
    uint8_t level = 0;
    for (const trainer::StreetAction& a : hand.Street(t)) {
      raises += trainer::ActionAbstraction::IsRaise(a.action);
      if (a.actor != position) continue;
      uint8_t mine = 0;
      if (a.action == trainer::kCheck) {
        mine = 1;
      } else if (a.action == trainer::kCall) {
        mine = 2;
      } else if (abstraction.has_all_in_class() && a.action == abstraction.all_in()) {
        mine = 5;
      } else if (a.action == trainer::kFirstRaise) {
        mine = 3;
      } else if (trainer::ActionAbstraction::IsRaise(a.action)) {
        mine = 4;
      }
      level = std::max(level, mine);
    }
    context.aggression[t] = level;
  }
  context.raises = static_cast<uint8_t>(std::min(raises, kRaiseCounts - 1));
  return context;
}

void AllPairDraws(absl::Span<const poker::Card> board, std::array<uint8_t, poker::kNumPairs>* out) {
  out->fill(0);
  if (board.size() != 3 && board.size() != 4) return;
  const int round = board.size() == 3 ? 1 : 2;
  const trainer::BoardFeatures features =
      trainer::StrengthBuckets::Features(round, /*num_rounds=*/4, board);
  uint64_t used = 0;
  for (poker::Card c : board) used |= uint64_t{1} << c;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const poker::PairCards hole = poker::PairFromIndex(i);
    if ((used >> hole.low & 1) || (used >> hole.high & 1)) continue;
    (*out)[i] = static_cast<uint8_t>(trainer::StrengthBuckets::DrawKind(hole, features));
  }
}

int PairReranker::NumParameters(int street, bool buckets) { return Layout(street, buckets).size; }

std::vector<double> PairReranker::Identity(int street, bool buckets) {
  std::vector<double> theta(NumParameters(street, buckets), 0.0);
  for (int t = 0; t <= street; ++t) theta[t] = 1;
  return theta;
}

bool PairReranker::IsIdentity() const {
  for (int s = 0; s < kNumStreets; ++s) {
    if (!weights[s].empty() && weights[s] != Identity(s, buckets)) return false;
  }
  return true;
}

void PairReranker::Scores(const RerankCase& c, absl::Span<double> out) const {
  const Layout layout(c.street, buckets);
  const std::vector<double> theta =
      weights[c.street].empty() ? Identity(c.street, buckets) : weights[c.street];
  std::vector<double> score;
  CaseScores(layout, c, theta, &score);
  std::copy(score.begin(), score.end(), out.begin());
}

std::string PairReranker::Describe() const {
  std::vector<std::string> streets;
  for (int s = 0; s < kNumStreets; ++s) {
    if (weights[s].empty()) {
      streets.push_back(cases[s] < min_cases
                            ? absl::StrFormat("identity (%d < %d cases)", cases[s], min_cases)
                            : absl::StrFormat("identity (%d cases)", cases[s]));
      continue;
    }
    const std::vector<double>& theta = weights[s];
    std::string w = "w";
    for (int t = 0; t <= s; ++t) absl::StrAppendFormat(&w, " %.2f", theta[t]);
    double spread = 0;
    for (size_t j = s + 1; j < theta.size(); ++j) spread = std::max(spread, std::abs(theta[j]));
    streets.push_back(absl::StrFormat("%s max |theta| %.2f (%d cases)", w, spread, cases[s]));
  }
  return absl::StrJoin(streets, "; ");
}

PairReranker FitPairReranker(absl::Span<const RerankCase> cases, const RerankFitOptions& options) {
  PairReranker out;
  out.buckets = options.buckets;
  out.min_cases = options.min_cases;
  for (int street = 0; street < kNumStreets; ++street) {
    std::vector<const RerankCase*> fit;
    for (const RerankCase& c : cases) {
      if (c.street == street && !c.group.empty()) fit.push_back(&c);
    }
    out.cases[street] = static_cast<int64_t>(fit.size());
    if (static_cast<int>(fit.size()) < options.min_cases) continue;
    const Layout layout(street, options.buckets);
    const int d = layout.size;
    const std::vector<double> identity = PairReranker::Identity(street, options.buckets);
    std::vector<double> theta = identity;
    const bool by_class = options.class_objective;
    double value = Objective(layout, fit, theta, identity, options.ridge, by_class);
    std::vector<int> stamp(d, -1);
    for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
      std::vector<double> g(d, 0.0);
      std::vector<double> h(static_cast<size_t>(d) * d, 0.0);
      for (size_t k = 0; k < fit.size(); ++k) {
        AddCase(layout, *fit[k], theta, by_class, &g, &h, &stamp,
                static_cast<int>(k + iteration * fit.size()));
      }
      std::vector<std::vector<double>> rows(d, std::vector<double>(d));
      for (int j = 0; j < d; ++j) {
        g[j] -= options.ridge * (theta[j] - identity[j]);
        for (int k = 0; k < d; ++k) rows[j][k] = h[j * d + k];
        rows[j][j] += options.ridge;
      }
      const std::vector<double> step = SolveLinearSystem(std::move(rows), g);
      // Newton's step, halved until the objective does not fall.
      double scale = 1;
      std::vector<double> next(d);
      double next_value = value;
      for (int tries = 0; tries < 30; ++tries, scale /= 2) {
        for (int j = 0; j < d; ++j) next[j] = theta[j] + scale * step[j];
        next_value = Objective(layout, fit, next, identity, options.ridge, by_class);
        if (next_value >= value) break;
      }
      if (!(next_value >= value)) break;
      double largest = 0;
      for (int j = 0; j < d; ++j) largest = std::max(largest, std::abs(next[j] - theta[j]));
      theta = next;
      const double gained = next_value - value;
      value = next_value;
      if (largest < 1e-6 || gained < 1e-7 * fit.size()) break;
    }
    out.weights[street] = theta;
  }
  return out;
}

namespace {

// Mean over the `street` cases of ln P(truth's pair), or of its class.
double MeanLogLikelihood(const PairReranker& reranker, absl::Span<const RerankCase> cases,
                         int street, bool by_class) {
  double sum = 0;
  int64_t n = 0;
  std::vector<double> score;
  for (const RerankCase& c : cases) {
    if (c.street != street || c.group.empty()) continue;
    score.resize(c.group.size());
    reranker.Scores(c, absl::MakeSpan(score));
    sum += CaseLogLikelihood(score, c, by_class);
    ++n;
  }
  return n > 0 ? sum / static_cast<double>(n) : 0.0;
}

}  // namespace

double MeanPairLogLikelihood(const PairReranker& reranker, absl::Span<const RerankCase> cases,
                             int street) {
  return MeanLogLikelihood(reranker, cases, street, /*by_class=*/false);
}

double MeanClassLogLikelihood(const PairReranker& reranker, absl::Span<const RerankCase> cases,
                              int street) {
  return MeanLogLikelihood(reranker, cases, street, /*by_class=*/true);
}

}  // namespace eval
