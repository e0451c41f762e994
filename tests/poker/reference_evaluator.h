// A slow, obviously correct hand evaluator: the oracle for the fast one's tests. It scores every
// 5-card subset from first principles (sort, group, look for a flush and a straight) and keeps
// the best; nothing is shared with poker/hand_evaluator.cc.
#ifndef TESTS_POKER_REFERENCE_EVALUATOR_H_
#define TESTS_POKER_REFERENCE_EVALUATOR_H_

#include <algorithm>
#include <cstdint>
#include <utility>

#include "absl/types/span.h"
#include "poker/card.h"

namespace poker::reference {

// A comparable score: category (0 high card .. 8 straight flush, the HandCategory numbering) in
// bits 20..23, then up to five tie-break ranks, most significant first, 4 bits each.
using Score = uint32_t;

inline int ScoreCategory(Score score) { return static_cast<int>(score >> 20); }

// The score of exactly five cards.
inline Score ScoreFive(const Card* five) {
  int ranks[5];
  bool flush = true;
  for (int i = 0; i < 5; ++i) {
    ranks[i] = RankOf(five[i]);
    flush = flush && SuitOf(five[i]) == SuitOf(five[0]);
  }
  std::sort(ranks, ranks + 5, [](int a, int b) { return a > b; });

  // Groups of equal ranks as (size, rank), largest group first, then higher rank first.
  std::pair<int, int> groups[5];
  int num_groups = 0;
  for (int i = 0; i < 5;) {
    int j = i;
    while (j < 5 && ranks[j] == ranks[i]) ++j;
    groups[num_groups++] = {j - i, ranks[i]};
    i = j;
  }
  for (int i = 1; i < num_groups; ++i) {  // insertion sort, largest first
    for (int j = i; j > 0 && groups[j - 1] < groups[j]; --j) std::swap(groups[j - 1], groups[j]);
  }

  int straight_top = -1;
  if (num_groups == 5) {
    if (ranks[0] - ranks[4] == 4) straight_top = ranks[0];
    if (ranks[0] == 12 && ranks[1] == 3) straight_top = 3;  // A-5-4-3-2 plays five-high
  }

  int category;
  if (straight_top >= 0 && flush) {
    category = 8;
  } else if (groups[0].first == 4) {
    category = 7;
  } else if (groups[0].first == 3 && groups[1].first == 2) {
    category = 6;
  } else if (flush) {
    category = 5;
  } else if (straight_top >= 0) {
    category = 4;
  } else if (groups[0].first == 3) {
    category = 3;
  } else if (groups[0].first == 2 && groups[1].first == 2) {
    category = 2;
  } else if (groups[0].first == 2) {
    category = 1;
  } else {
    category = 0;
  }

  Score score = static_cast<Score>(category) << 20;
  if (straight_top >= 0) return score | static_cast<Score>(straight_top) << 16;
  int shift = 16;
  for (int g = 0; g < num_groups && g < 5; ++g, shift -= 4) {  // (5: for GCC's bounds check)
    score |= static_cast<Score>(groups[g].second) << shift;
  }
  return score;
}

// The best score over all 5-card subsets of 5 or more cards.
inline Score ScoreBest(absl::Span<const Card> cards) {
  const int n = static_cast<int>(cards.size());
  Score best = 0;
  Card five[5];
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int c = b + 1; c < n; ++c) {
        for (int d = c + 1; d < n; ++d) {
          for (int e = d + 1; e < n; ++e) {
            five[0] = cards[a];
            five[1] = cards[b];
            five[2] = cards[c];
            five[3] = cards[d];
            five[4] = cards[e];
            best = std::max(best, ScoreFive(five));
          }
        }
      }
    }
  }
  return best;
}

}  // namespace poker::reference

#endif  // TESTS_POKER_REFERENCE_EVALUATOR_H_
