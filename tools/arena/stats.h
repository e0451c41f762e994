// Honest summaries of match results: means with 95% confidence intervals (Student's t), and the
// mbb/hand convention of SPEC section 12.
#ifndef TOOLS_ARENA_STATS_H_
#define TOOLS_ARENA_STATS_H_

#include <cstdint>

#include "absl/types/span.h"

namespace arena {

// A sample mean with its spread.
struct MeanInterval {
  int64_t n = 0;
  double mean = 0;
  double stddev = 0;      // sample standard deviation (n - 1 in the denominator); 0 when n < 2
  double std_error = 0;   // stddev / sqrt(n)
  double half_width = 0;  // of the two-sided 95% interval: t(0.975, n - 1) * std_error; 0 if n < 2
};

// Mean and 95% interval of independent samples.
MeanInterval MeanCi95(absl::Span<const double> samples);

// The sufficient statistics of a sample: count, sum and sum of squares. Sums of shards add up
// to the sums of the whole, so a result pooled from shards has the interval of one long run. Sums
// of whole numbers (chips) are exact while they stay below 2^53, and then the pooled interval is
// bit for bit the long run's.
struct MomentSums {
  int64_t n = 0;
  double sum = 0;
  double sum_squares = 0;

  void Add(double x) {
    ++n;
    sum += x;
    sum_squares += x * x;
  }
  void Merge(const MomentSums& other) {
    n += other.n;
    sum += other.sum;
    sum_squares += other.sum_squares;
  }
  bool operator==(const MomentSums&) const = default;
};

// Mean and 95% interval from sums: variance (sum_squares - sum^2 / n) / (n - 1), never below 0.
// One pass, so it loses precision when the mean is large against the spread (not the case for
// poker results, whose mean is a small fraction of their standard deviation).
MeanInterval MeanCi95OfSums(const MomentSums& sums);

// Half-width of the 95% interval of the mean by the normal approximation, 1.96 standard errors
// from the same one-pass variance (0 with fewer than 2 samples): for the large samples of the
// prediction and match reports.
double NormalHalfWidth95(const MomentSums& sums);

// The 0.975 quantile of Student's t with `df` degrees of freedom (12.706 for 1, 1.960 in the
// limit): exact table values up to 30, a Cornish-Fisher expansion beyond (error < 1e-4).
double StudentT975(int64_t df);

// mbb/hand = 1000 * chips per hand / big blind.
inline double MilliBigBlinds(double chips_per_hand, double big_blind) {
  return 1000.0 * chips_per_hand / big_blind;
}

}  // namespace arena

#endif  // TOOLS_ARENA_STATS_H_
