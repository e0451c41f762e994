#include "poker/random_deal.h"

#include <algorithm>
#include <utility>

#include "poker/rng.h"

namespace poker {

std::vector<HeadsUpDeal> RandomHeadsUpDeals(int n, uint64_t seed) {
  Rng rng(seed);
  std::vector<HeadsUpDeal> deals(n);
  for (HeadsUpDeal& d : deals) {
    Card deck[kNumCards];
    for (int c = 0; c < kNumCards; ++c) deck[c] = static_cast<Card>(c);
    for (int i = 0; i < 9; ++i) std::swap(deck[i], deck[i + rng.Below(kNumCards - i)]);
    std::copy(deck, deck + 4, d.holes.begin());
    std::copy(deck + 4, deck + 9, d.board.begin());
  }
  return deals;
}

}  // namespace poker
