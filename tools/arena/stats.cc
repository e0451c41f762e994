#include "tools/arena/stats.h"

#include <algorithm>
#include <cmath>

namespace arena {

double StudentT975(int64_t df) {
  // t(0.975, df) for df = 1..30.
  static constexpr double kTable[] = {12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912,
                                      2.364624,  2.306004, 2.262157, 2.228139, 2.200985, 2.178813,
                                      2.160369,  2.144787, 2.131450, 2.119905, 2.109816, 2.100922,
                                      2.093024,  2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
                                      2.059539,  2.055529, 2.051831, 2.048407, 2.045230, 2.042272};
  if (df < 1) return 0;
  if (df <= 30) return kTable[df - 1];
  // Cornish-Fisher expansion of t around the normal quantile z.
  const double z = 1.959963984540054;
  const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
  const double v = static_cast<double>(df);
  return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
         (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

MeanInterval MeanCi95(absl::Span<const double> samples) {
  MeanInterval out;
  out.n = static_cast<int64_t>(samples.size());
  if (out.n == 0) return out;
  // Two passes: the sum of squared deviations stays exact enough for millions of hands.
  double sum = 0;
  for (double x : samples) sum += x;
  out.mean = sum / out.n;
  if (out.n < 2) return out;
  double squares = 0;
  for (double x : samples) squares += (x - out.mean) * (x - out.mean);
  out.stddev = std::sqrt(squares / (out.n - 1));
  out.std_error = out.stddev / std::sqrt(static_cast<double>(out.n));
  out.half_width = StudentT975(out.n - 1) * out.std_error;
  return out;
}

MeanInterval MeanCi95OfSums(const MomentSums& sums) {
  MeanInterval out;
  out.n = sums.n;
  if (out.n == 0) return out;
  out.mean = sums.sum / out.n;
  if (out.n < 2) return out;
  const double squares = std::max(0.0, sums.sum_squares - sums.sum * out.mean);
  out.stddev = std::sqrt(squares / (out.n - 1));
  out.std_error = out.stddev / std::sqrt(static_cast<double>(out.n));
  out.half_width = StudentT975(out.n - 1) * out.std_error;
  return out;
}

double NormalHalfWidth95(const MomentSums& sums) {
  if (sums.n < 2) return 0;
  const double mean = sums.sum / sums.n;
  const double variance = std::max(0.0, (sums.sum_squares - sums.n * mean * mean) / (sums.n - 1));
  return 1.96 * std::sqrt(variance / sums.n);
}

}  // namespace arena
