// Random deals for tests and benchmarks (the card abstraction's heads-up deals, the evaluator's
// hands of n cards): uniformly drawn, reproducible from a seed.
#ifndef POKER_RANDOM_DEAL_H_
#define POKER_RANDOM_DEAL_H_

#include <array>
#include <cstdint>
#include <vector>

#include "poker/card.h"

namespace poker {

// One heads-up hold'em deal: 2 players' hole cards (player 0's two, then player 1's) then the 5
// board cards, all distinct.
struct HeadsUpDeal {
  std::array<Card, 4> holes;
  std::array<Card, 5> board;
};

// `n` deals, each the first 9 cards of a fresh deck partially shuffled (Fisher-Yates) by one
// poker::Rng seeded with `seed`: the same seed gives the same deals.
std::vector<HeadsUpDeal> RandomHeadsUpDeals(int n, uint64_t seed);

// `num_hands` deals of `size` distinct cards (size <= kNumCards) laid out one deal after another:
// per deal, the first `size` cards of a deck partially shuffled (Fisher-Yates, each draw
// `rng() % cards left`) by one std::mt19937_64 seeded with `seed` and carried from deal to deal;
// the deck is not reset between deals. The hands of poker_bench's random-hand benchmarks and of
// the Python package's random_deals.
std::vector<Card> RandomCardDeals(int size, uint64_t seed, int num_hands);

}  // namespace poker

#endif  // POKER_RANDOM_DEAL_H_
