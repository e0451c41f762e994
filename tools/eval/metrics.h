// Scoring of predictions: top-Z hits over classes, the true pair's log-likelihood and percentile
// rank, Wilson intervals, and the per-street tallies they are summed in.
#ifndef TOOLS_EVAL_METRICS_H_
#define TOOLS_EVAL_METRICS_H_

#include <array>
#include <cstdint>

#include "absl/types/span.h"
#include "poker/card.h"
#include "tools/arena/stats.h"

namespace eval {

// Streets scored: preflop, flop, turn, river.
inline constexpr int kNumStreets = 4;
// Top-Z accuracy is reported for Z = 1 .. kMaxZ.
inline constexpr int kMaxZ = 3;

// A 95% Wilson score interval for `hits` successes in `cases` trials ([0, 1] when cases is 0).
struct Interval {
  double low = 0;
  double high = 1;
};
Interval WilsonInterval(int64_t hits, int64_t cases);

// The 0-based place of class `truth` when the classes are ordered by probability, largest first,
// ties in class order; -1 when the truth has probability 0 (it was not predicted at all). The
// truth is in the top Z when 0 <= place < Z.
int ClassPlace(absl::Span<const double> probabilities, int truth);

// The class ranked first by ClassPlace (the most probable, ties to the lower class); -1 when
// every probability is 0.
int TopClass(absl::Span<const double> probabilities);

// How a pair-level prediction (weights over the 1326 pairs) scored the true pair, over the pairs
// that do not conflict with the board (`live`, bit set per pair index through `classes` >= 0).
struct PairScore {
  double log_likelihood = 0;  // ln(weight of truth / total live weight)
  double percentile = 0;      // 100 * (live pairs weighted below the truth, ties half) / (live - 1)
};
// `classes[i]` < 0 marks pair i as dead (it shares a card with the board). The truth must be live
// and the total live weight positive; a zero truth weight scores ln of the smallest positive float.
PairScore ScorePair(absl::Span<const float> weights, absl::Span<const int8_t> classes, int truth);

// Counts of one predictor on one street.
struct ClassTally {
  int64_t cases = 0;
  std::array<int64_t, kMaxZ> hits{};  // hits[z - 1]: truth in the top z
  void Add(int place) {
    ++cases;
    for (int z = 1; z <= kMaxZ; ++z) hits[z - 1] += (place >= 0 && place < z);
  }
  void Merge(const ClassTally& other) {
    cases += other.cases;
    for (int z = 0; z < kMaxZ; ++z) hits[z] += other.hits[z];
  }
};

// Two predictors scored on the same cases: how often each one alone had the truth in its top Z
// (the discordant cases that decide the difference between their accuracies).
struct PairedTally {
  int64_t cases = 0;
  std::array<int64_t, kMaxZ> only_first{};
  std::array<int64_t, kMaxZ> only_second{};
  void Add(int first_place, int second_place) {
    ++cases;
    for (int z = 1; z <= kMaxZ; ++z) {
      const bool a = first_place >= 0 && first_place < z;
      const bool b = second_place >= 0 && second_place < z;
      only_first[z - 1] += a && !b;
      only_second[z - 1] += b && !a;
    }
  }
  void Merge(const PairedTally& other) {
    cases += other.cases;
    for (int z = 0; z < kMaxZ; ++z) {
      only_first[z] += other.only_first[z];
      only_second[z] += other.only_second[z];
    }
  }
};

// The difference of two accuracies measured on the same cases (first minus second) with its 95%
// interval for paired proportions (Wald, from the discordant counts): tighter than comparing the
// two Wilson intervals, because both predictors face the same hands.
struct Difference {
  double value = 0;
  double low = 0;
  double high = 0;
};
Difference PairedDifference(int64_t only_first, int64_t only_second, int64_t cases);

// Sums of a pair-level predictor on one street.
struct PairTally {
  int64_t cases = 0;
  double log_likelihood = 0;
  double percentile = 0;
  void Add(const PairScore& score) {
    ++cases;
    log_likelihood += score.log_likelihood;
    percentile += score.percentile;
  }
  void Merge(const PairTally& other) {
    cases += other.cases;
    log_likelihood += other.log_likelihood;
    percentile += other.percentile;
  }
  double mean_log_likelihood() const { return cases == 0 ? 0 : log_likelihood / cases; }
  double mean_percentile() const { return cases == 0 ? 0 : percentile / cases; }
};

// The mean of a per-case quantity with its 95% normal interval (e.g. the ln-likelihood gain of a
// reader over the board's card count, case by case): the arena's moment sums (n cases).
struct MeanTally : arena::MomentSums {
  double mean() const { return n == 0 ? 0 : sum / n; }
  // Half-width of the 95% interval of the mean (0 with fewer than 2 cases).
  double HalfWidth95() const { return arena::NormalHalfWidth95(*this); }
};

}  // namespace eval

#endif  // TOOLS_EVAL_METRICS_H_
