#include "trainer/pair_strength.h"

#include <array>

#include "poker/game_def.h"
#include "poker/hand_evaluator.h"

namespace trainer {
namespace {

// The rank of every two-card completion of a board: row i holds the ranks of (live[i], live[j])
// for j > i at index i * kNumCards + j. 52 x 52 entries of 2 bytes: 5.4 KB on the stack.
using RankTable = std::array<poker::HandRank, poker::kNumCards * poker::kNumCards>;

}  // namespace

void FewPairsStrengthNumerators(absl::Span<const poker::Card> board,
                                absl::Span<const poker::PairCards> pairs,
                                absl::Span<int32_t> numerators) {
  const poker::Hand board_hand = poker::Hand::Of(board);
  uint64_t board_mask = 0;
  for (poker::Card c : board) board_mask |= uint64_t{1} << c;
  std::array<poker::Card, poker::kNumCards> live;
  std::array<int8_t, poker::kNumCards> live_index;  // card -> index in live, -1 on the board
  int n = 0;
  for (int c = 0; c < poker::kNumCards; ++c) {
    live_index[c] = -1;
    if (!(board_mask >> c & 1)) {
      live_index[c] = static_cast<int8_t>(n);
      live[n++] = static_cast<poker::Card>(c);
    }
  }
  // One evaluation per opponent pair, shared by every pair asked about.
  RankTable ranks;
  for (int i = 0; i < n; ++i) {
    const poker::Hand with_first = board_hand + poker::Hand::Of(live[i]);
    poker::HandRank* row = &ranks[i * poker::kNumCards];
    for (int j = i + 1; j < n; ++j) row[j] = poker::Evaluate(with_first + poker::Hand::Of(live[j]));
  }
  for (size_t p = 0; p < pairs.size(); ++p) {
    const poker::HandRank ours = poker::Evaluate(board_hand + poker::Hand::Of(pairs[p].low) +
                                                 poker::Hand::Of(pairs[p].high));
    const int a = live_index[pairs[p].low];
    const int b = live_index[pairs[p].high];
    int32_t sum = 0;
    for (int i = 0; i < n; ++i) {
      if (i == a || i == b) continue;
      const poker::HandRank* row = &ranks[i * poker::kNumCards];
      // 2 when ahead, 1 when tied: a branch-free sum the compiler vectorises.
      int32_t row_sum = 0;
      for (int j = i + 1; j < n; ++j) row_sum += (ours > row[j]) * 2 + (ours == row[j]);
      // Opponent pairs holding one of our cards are impossible: take them back out.
      if (a > i) row_sum -= (ours > row[a]) * 2 + (ours == row[a]);
      if (b > i) row_sum -= (ours > row[b]) * 2 + (ours == row[b]);
      sum += row_sum;
    }
    numerators[p] = sum;
  }
}

}  // namespace trainer
