// Random heads-up hold'em deals for tests and benchmarks of the card abstraction: uniformly drawn,
// reproducible from a seed.
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

}  // namespace poker

#endif  // POKER_RANDOM_DEAL_H_
