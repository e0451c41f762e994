#include "agent/range_equity.h"

#include <algorithm>

#include "agent/search_internal.h"
#include "poker/hand_evaluator.h"

namespace agent {

using search_internal::AllPairs;
using search_internal::PairMask;

int RangeEquityBoard::Prepare(const poker::Card* board, int known, int sampled, uint64_t seed) {
  runouts_.clear();
  known_mask_ = 0;
  if (known < 3 || known > 5) return 0;
  for (int i = 0; i < known; ++i) known_mask_ |= uint64_t{1} << board[i];
  const std::array<poker::PairCards, poker::kNumPairs>& pairs = AllPairs();
  std::vector<uint32_t> keyed;
  keyed.reserve(poker::kNumPairs);
  search_internal::ForEachRunout(
      board, known, /*ours=*/0, sampled, seed, [&](const poker::Card* full, uint64_t full_mask) {
        const poker::Hand cards = poker::Hand::Of(absl::MakeConstSpan(full, 5));
        keyed.clear();
        for (int i = 0; i < poker::kNumPairs; ++i) {
          if ((PairMask(i) & full_mask) != 0) continue;
          const poker::HandRank rank = poker::Evaluate(cards + poker::Hand::Of(pairs[i].low) +
                                                       poker::Hand::Of(pairs[i].high));
          keyed.push_back(uint32_t{rank} << 16 | static_cast<uint32_t>(i));
        }
        std::sort(keyed.begin(), keyed.end());
        Runout& runout = runouts_.emplace_back();
        runout.pairs.resize(keyed.size());
        for (size_t k = 0; k < keyed.size(); ++k) {
          runout.pairs[k] = static_cast<int16_t>(keyed[k] & 0xFFFF);
          if (k == 0 || (keyed[k] >> 16) != (keyed[k - 1] >> 16)) {
            runout.groups.push_back(static_cast<int16_t>(k));
          }
        }
        runout.groups.push_back(static_cast<int16_t>(keyed.size()));
      });
  return runouts();
}

void RangeEquityBoard::Equity(const PairWeights& range, PairWeights* equity) const {
  const std::array<poker::PairCards, poker::kNumPairs>& pairs = AllPairs();
  // Sums over the run-outs of (wins + ties / 2) and of the live weight, per pair, in double:
  // weights of a narrowed range span many orders of magnitude.
  std::array<double, poker::kNumPairs> won{};
  std::array<double, poker::kNumPairs> total{};
  for (const Runout& runout : runouts_) {
    // The range's live weight in all, and per card (the weight of the live pairs holding it).
    double all = 0;
    std::array<double, poker::kNumCards> per_card{};
    for (int16_t i : runout.pairs) {
      const double w = range[i];
      all += w;
      per_card[pairs[i].low] += w;
      per_card[pairs[i].high] += w;
    }
    // The same for the pairs ranked below the current group, and within it.
    double below = 0;
    std::array<double, poker::kNumCards> below_card{};
    std::array<double, poker::kNumCards> group_card{};
    for (size_t g = 0; g + 1 < runout.groups.size(); ++g) {
      const int begin = runout.groups[g];
      const int end = runout.groups[g + 1];
      double group = 0;
      for (int k = begin; k < end; ++k) {
        const int i = runout.pairs[k];
        const double w = range[i];
        group += w;
        group_card[pairs[i].low] += w;
        group_card[pairs[i].high] += w;
      }
      for (int k = begin; k < end; ++k) {
        const int i = runout.pairs[k];
        const poker::Card a = pairs[i].low;
        const poker::Card b = pairs[i].high;
        const double w = range[i];
        // Only pair i itself holds both a and b: it is subtracted twice where it is counted once.
        const double wins = below - below_card[a] - below_card[b];
        const double ties = group - group_card[a] - group_card[b] + w;
        won[i] += wins + 0.5 * ties;
        total[i] += all - per_card[a] - per_card[b] + w;
      }
      below += group;
      for (int k = begin; k < end; ++k) {
        const int i = runout.pairs[k];
        for (poker::Card c : {pairs[i].low, pairs[i].high}) {
          below_card[c] += group_card[c];
          group_card[c] = 0;
        }
      }
    }
  }
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const bool live = (PairMask(i) & known_mask_) == 0 && total[i] > 0;
    (*equity)[i] = live ? static_cast<float>(won[i] / total[i]) : 0.5f;
  }
}

}  // namespace agent
