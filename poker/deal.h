// The dealer's deal: the cards of every hand exactly as the ACPC server deals them from a seed.
#ifndef POKER_DEAL_H_
#define POKER_DEAL_H_

#include <cstdint>
#include <random>

#include "poker/game_def.h"
#include "poker/state.h"

namespace poker {

// Deals hands in order from one MT19937 seeded with the match seed and carried across hands:
// per hand the deck is laid out suit by suit (suits 4-numSuits..3, ranks 13-numRanks..12), hole
// cards are drawn for position 0, 1, ..., then every board card, each draw taking index
// `genrand_int32() % cardsLeft` and moving the last card into its place.
class Dealer {
 public:
  Dealer(const GameDef& game, uint32_t seed) : game_(&game), rng_(seed) {}

  // Deals the next hand's cards into `state` (hole cards of every position and the whole board).
  void DealNext(State* state);

 private:
  const GameDef* game_;
  std::mt19937 rng_;
};

}  // namespace poker

#endif  // POKER_DEAL_H_
