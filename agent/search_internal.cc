#include "agent/search_internal.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

#include "absl/types/span.h"
#include "poker/hand_evaluator.h"
#include "poker/rng.h"

namespace agent::search_internal {

const std::array<poker::PairCards, poker::kNumPairs>& AllPairs() {
  static const std::array<poker::PairCards, poker::kNumPairs> pairs = [] {
    std::array<poker::PairCards, poker::kNumPairs> p{};
    for (int i = 0; i < poker::kNumPairs; ++i) p[i] = poker::PairFromIndex(i);
    return p;
  }();
  return pairs;
}

uint64_t PairMask(int pair) {
  const poker::PairCards& p = AllPairs()[pair];
  return (uint64_t{1} << p.low) | (uint64_t{1} << p.high);
}

uint64_t DeadCards(poker::PairCards hole, const poker::Card* board, int board_size) {
  uint64_t dead = PairMask(poker::PairIndex(hole.low, hole.high));
  for (int i = 0; i < board_size; ++i) dead |= uint64_t{1} << board[i];
  return dead;
}

// Adds to wins[i] 2 (ahead) or 1 (tied) and to counts[i] 1 for every pair i without a card of
// `dead` (the full board and our cards), on the five cards of `board`.
void CompareOnBoard(const poker::Card* board, uint64_t dead, poker::PairCards hole,
                    std::array<float, poker::kNumPairs>* wins,
                    std::array<float, poker::kNumPairs>* counts) {
  const std::array<poker::PairCards, poker::kNumPairs>& pairs = AllPairs();
  const poker::Hand cards = poker::Hand::Of(absl::MakeConstSpan(board, 5));
  const poker::HandRank mine =
      poker::Evaluate(cards + poker::Hand::Of(hole.low) + poker::Hand::Of(hole.high));
  for (int i = 0; i < poker::kNumPairs; ++i) {
    if ((PairMask(i) & dead) != 0) continue;
    const poker::HandRank theirs =
        poker::Evaluate(cards + poker::Hand::Of(pairs[i].low) + poker::Hand::Of(pairs[i].high));
    (*wins)[i] += mine > theirs ? 2.0f : mine == theirs ? 1.0f : 0.0f;
    (*counts)[i] += 1;
  }
}

int LiveDeck(uint64_t dead, std::array<poker::Card, poker::kNumCards>* deck) {
  int size = 0;
  for (int c = 0; c < poker::kNumCards; ++c) {
    if (((dead >> c) & 1) == 0) (*deck)[size++] = static_cast<poker::Card>(c);
  }
  return size;
}

double SoftenedBest(const std::array<double, kMaxCandidates>& values, int count, double best,
                    double temperature) {
  if (temperature <= 0) return best;
  double weight_sum = 0;
  double value = 0;
  for (int i = 0; i < count; ++i) {
    if (values[i] <= -1e299) continue;
    const double w = std::exp((values[i] - best) / temperature);
    weight_sum += w;
    value += w * values[i];
  }
  return value / weight_sum;
}

double NormaliseAndWeigh(const std::array<float, poker::kNumPairs>& range, int count,
                         std::vector<std::array<float, poker::kNumPairs>>* probs,
                         std::array<double, kMaxCandidates>* mass) {
  std::vector<std::array<float, poker::kNumPairs>>& p = *probs;
  double total = 0;
  for (int h = 0; h < poker::kNumPairs; ++h) {
    if (range[h] <= 0) continue;
    float s = 0;
    for (int i = 0; i < count; ++i) s += p[i][h];
    if (s <= 0) {
      for (int i = 0; i < count; ++i) p[i][h] = 1.0f / count;
    } else {
      const float inv = 1.0f / s;
      for (int i = 0; i < count; ++i) p[i][h] *= inv;
    }
    total += range[h];
    for (int i = 0; i < count; ++i) (*mass)[i] += range[h] * p[i][h];
  }
  return total;
}

uint64_t DrawCards(int count, int deck_size, std::mt19937_64* rng,
                   std::array<poker::Card, poker::kNumCards>* deck) {
  uint64_t drawn = 0;
  for (int j = 0; j < count; ++j) {
    const int pick = j + static_cast<int>((*rng)() % static_cast<uint64_t>(deck_size - j));
    std::swap((*deck)[j], (*deck)[pick]);
    drawn |= uint64_t{1} << (*deck)[j];
  }
  return drawn;
}

int RunoutCount(int known, uint64_t dead, int sampled) {
  if (known < 0 || known > 5) return 0;
  if (known == 5) return 1;
  if (known == 4) return poker::kNumCards - std::popcount(dead);
  return std::max(1, sampled);
}

int ForEachRunout(const poker::Card* board, int known, uint64_t ours, int sampled, uint64_t seed,
                  absl::FunctionRef<void(const poker::Card* full, uint64_t full_mask)> visit) {
  if (known < 0 || known > 5) return 0;  // hold'em boards only
  std::array<poker::Card, 5> full{};
  uint64_t board_mask = 0;
  for (int i = 0; i < known; ++i) {
    full[i] = board[i];
    board_mask |= uint64_t{1} << board[i];
  }
  std::array<poker::Card, poker::kNumCards> deck{};
  const int deck_size = LiveDeck(board_mask | ours, &deck);
  const int need = 5 - known;
  if (need == 0) {
    visit(full.data(), board_mask);
    return 1;
  }
  if (need == 1) {
    for (int k = 0; k < deck_size; ++k) {
      full[4] = deck[k];
      visit(full.data(), board_mask | uint64_t{1} << deck[k]);
    }
    return deck_size;
  }
  std::mt19937_64 rng(seed);
  const int runouts = RunoutCount(known, board_mask | ours, sampled);
  for (int r = 0; r < runouts; ++r) {
    const uint64_t drawn = DrawCards(need, deck_size, &rng, &deck);
    std::copy(deck.begin(), deck.begin() + need, full.begin() + known);
    visit(full.data(), board_mask | drawn);
  }
  return runouts;
}

}  // namespace agent::search_internal
