#include "tools/eval/metrics.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace eval {

Interval WilsonInterval(int64_t hits, int64_t cases) {
  if (cases <= 0) return {};
  constexpr double kZ = 1.959963984540054;  // the normal 97.5% quantile
  const double n = static_cast<double>(cases);
  const double p = static_cast<double>(hits) / n;
  const double z2 = kZ * kZ;
  const double denominator = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = kZ / denominator * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Difference PairedDifference(int64_t only_first, int64_t only_second, int64_t cases) {
  if (cases <= 0) return {};
  constexpr double kZ = 1.959963984540054;
  const double n = static_cast<double>(cases);
  const double b = static_cast<double>(only_first);
  const double c = static_cast<double>(only_second);
  const double d = (b - c) / n;
  const double se = std::sqrt(std::max(0.0, b + c - (b - c) * (b - c) / n)) / n;
  return {d, d - kZ * se, d + kZ * se};
}

int ClassPlace(absl::Span<const double> probabilities, int truth) {
  const double p = probabilities[truth];
  if (!(p > 0)) return -1;
  int place = 0;
  for (int c = 0; c < static_cast<int>(probabilities.size()); ++c) {
    place += probabilities[c] > p || (probabilities[c] == p && c < truth);
  }
  return place;
}

int TopClass(absl::Span<const double> probabilities) {
  int top = -1;
  for (int c = 0; c < static_cast<int>(probabilities.size()); ++c) {
    if (probabilities[c] > 0 && (top < 0 || probabilities[c] > probabilities[top])) top = c;
  }
  return top;
}

PairScore ScorePair(absl::Span<const float> weights, absl::Span<const int8_t> classes, int truth) {
  const float w_truth = weights[truth];
  double total = 0;
  int64_t live = 0, below = 0, tied = 0;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    if (classes[i] < 0) continue;
    const float w = weights[i];
    total += w;
    ++live;
    below += w < w_truth;
    tied += w == w_truth;
  }
  PairScore score;
  const double share = total > 0 ? w_truth / total : 0.0;
  score.log_likelihood = std::log(share > 0 ? share : static_cast<double>(FLT_MIN));
  const double others = static_cast<double>(live - 1);
  score.percentile = others > 0 ? 100.0 * (below + 0.5 * (tied - 1)) / others : 50.0;
  return score;
}

}  // namespace eval
