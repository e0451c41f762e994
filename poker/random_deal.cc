#include "poker/random_deal.h"

#include <algorithm>
#include <array>
#include <random>
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

std::vector<Card> RandomCardDeals(int size, uint64_t seed, int num_hands) {
  std::mt19937_64 rng(seed);
  std::array<Card, kNumCards> deck;
  for (int c = 0; c < kNumCards; ++c) deck[c] = static_cast<Card>(c);
  std::vector<Card> cards;
  cards.reserve(static_cast<size_t>(size) * num_hands);
  for (int h = 0; h < num_hands; ++h) {
    for (int i = 0; i < size; ++i) {
      std::swap(deck[i], deck[i + rng() % (kNumCards - i)]);
      cards.push_back(deck[i]);
    }
  }
  return cards;
}

}  // namespace poker
