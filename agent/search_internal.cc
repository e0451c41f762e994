#include "agent/search_internal.h"

#include <algorithm>
#include <utility>

#include "agent/search.h"

namespace agent::search_internal {

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
  const int runouts = std::max(1, sampled);
  for (int r = 0; r < runouts; ++r) {
    const uint64_t drawn = DrawCards(need, deck_size, &rng, &deck);
    std::copy(deck.begin(), deck.begin() + need, full.begin() + known);
    visit(full.data(), board_mask | drawn);
  }
  return runouts;
}

}  // namespace agent::search_internal
