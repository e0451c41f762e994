// The ACPC dealer's shuffle, draw for draw, so that a seed gives the server's cards.
#include "poker/deal.h"

#include <array>

namespace poker {

void Dealer::DealNext(State* state) {
  // The deck is rebuilt in the same order for every hand; only the generator carries over.
  std::array<Card, kNumCards> deck;
  int left = 0;
  for (int suit = kNumSuits - game_->num_suits; suit < kNumSuits; ++suit) {
    for (int rank = kNumRanks - game_->num_ranks; rank < kNumRanks; ++rank) {
      deck[left++] = MakeCard(rank, suit);
    }
  }
  // Each draw takes a uniform index and fills the hole with the last card (no reshuffle).
  auto draw = [&]() {
    const uint32_t i = static_cast<uint32_t>(rng_()) % static_cast<uint32_t>(left);
    const Card card = deck[i];
    deck[i] = deck[--left];
    return card;
  };
  for (int p = 0; p < game_->num_players; ++p) {
    for (int i = 0; i < game_->num_hole_cards; ++i) state->set_hole_card(p, i, draw());
  }
  const int board = game_->TotalBoardCards();
  for (int i = 0; i < board; ++i) state->set_board_card(i, draw());
}

}  // namespace poker
