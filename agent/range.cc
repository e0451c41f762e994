#include "agent/range.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace agent {

using poker::kNumPairs;
using poker::PairCards;
using poker::PairFromIndex;

void Range::RemoveConflicts(poker::CardSet known) {
  for (int i = 0; i < kNumPairs; ++i) {
    const PairCards p = PairFromIndex(i);
    if (known.Contains(p.low) || known.Contains(p.high)) weights_[i] = 0;
  }
}

void Range::Multiply(absl::Span<const float> factors) {
  // Plain indexed loop over restrict pointers so the compiler emits packed multiplies.
  float* __restrict w = weights_.data();
  const float* __restrict f = factors.data();
  const int n = std::min<int>(kNumPairs, static_cast<int>(factors.size()));
  for (int i = 0; i < n; ++i) w[i] *= f[i];
}

double Range::Total() const {
  // Eight running sums let the loop vectorise without changing results between builds.
  double partial[8] = {0};
  int i = 0;
  for (; i + 8 <= kNumPairs; i += 8) {
    for (int k = 0; k < 8; ++k) partial[k] += weights_[i + k];
  }
  double total = 0;
  for (; i < kNumPairs; ++i) total += weights_[i];
  for (double p : partial) total += p;
  return total;
}

int Range::NumPositive() const {
  int n = 0;
  for (float w : weights_) n += w > 0;
  return n;
}

bool Range::Normalize() {
  const double total = Total();
  if (!(total > 0)) return false;
  const float scale = static_cast<float>(1.0 / total);
  for (float& w : weights_) w *= scale;
  return true;
}

std::array<float, kNumPairs> Range::Normalized() const {
  std::array<float, kNumPairs> out;
  const double total = Total();
  const float scale = total > 0 ? static_cast<float>(1.0 / total) : 0.0f;
  for (int i = 0; i < kNumPairs; ++i) out[i] = weights_[i] * scale;
  return out;
}

std::vector<Range::PairWeight> Range::Top(int k) const {
  std::vector<int> order(kNumPairs);
  std::iota(order.begin(), order.end(), 0);
  k = std::clamp(k, 0, kNumPairs);
  // Ties broken by pair index so the listing is deterministic.
  std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) {
    return weights_[a] != weights_[b] ? weights_[a] > weights_[b] : a < b;
  });
  const double total = Total();
  std::vector<PairWeight> top;
  top.reserve(k);
  for (int i = 0; i < k; ++i) {
    top.push_back({order[i], total > 0 ? weights_[order[i]] / total : 0.0});
  }
  return top;
}

std::array<double, poker::kNumStartingHandClasses> Range::ClassWeights() const {
  std::array<double, poker::kNumStartingHandClasses> by_class{};
  double total = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    by_class[poker::StartingHandClass(PairFromIndex(i))] += weights_[i];
    total += weights_[i];
  }
  if (total > 0) {
    for (double& w : by_class) w /= total;
  }
  return by_class;
}

Range::GroupWeights Range::Groups() const {
  GroupWeights groups;
  double total = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    const PairCards p = PairFromIndex(i);
    const double w = weights_[i];
    total += w;
    if (poker::RankOf(p.low) == poker::RankOf(p.high)) {
      groups.pairs += w;
    } else if (poker::SuitOf(p.low) == poker::SuitOf(p.high)) {
      groups.suited += w;
    } else {
      groups.offsuit += w;
    }
  }
  if (total > 0) {
    groups.pairs /= total;
    groups.suited /= total;
    groups.offsuit /= total;
  }
  return groups;
}

std::string Range::Summary(int top_k) const {
  std::string out;
  for (const PairWeight& pw : Top(top_k)) {
    const PairCards p = PairFromIndex(pw.pair);
    // High card first, as players write hands.
    absl::StrAppend(&out, out.empty() ? "" : ", ", poker::CardToString(p.high),
                    poker::CardToString(p.low), absl::StrFormat(" %.1f%%", 100 * pw.weight));
  }
  const auto classes = ClassWeights();
  std::vector<int> order(classes.size());
  std::iota(order.begin(), order.end(), 0);
  const int k = std::clamp(top_k, 0, static_cast<int>(classes.size()));
  std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) {
    return classes[a] != classes[b] ? classes[a] > classes[b] : a < b;
  });
  absl::StrAppend(&out, " |");
  for (int i = 0; i < k; ++i) {
    absl::StrAppend(&out, " ", poker::StartingHandClassName(order[i]),
                    absl::StrFormat(" %.1f%%", 100 * classes[order[i]]));
  }
  const GroupWeights g = Groups();
  absl::StrAppend(&out,
                  absl::StrFormat(" | pairs %.1f%% suited %.1f%% offsuit %.1f%% | %d pairs",
                                  100 * g.pairs, 100 * g.suited, 100 * g.offsuit, NumPositive()));
  return out;
}

}  // namespace agent
