// Card drawing of the multiway search (agent/multiway_search.h): the partial Fisher-Yates shuffle
// of the live deck that samples boards, and the run-outs of a board that leaf equities are
// averaged over. (The heads-up search, agent/search.cc, still draws the same way with its own
// loops; moving it here must keep its arena logs byte-identical.)
#ifndef AGENT_SEARCH_INTERNAL_H_
#define AGENT_SEARCH_INTERNAL_H_

#include <array>
#include <cstdint>
#include <random>

#include "absl/functional/function_ref.h"
#include "poker/card.h"

namespace agent::search_internal {

// Draws `count` cards from the live deck (*deck)[0, deck_size) by a partial Fisher-Yates shuffle
// (step j swaps card j with card j + rng() % (deck_size - j)): the drawn cards end at
// (*deck)[0, count), the others stay behind them, so the deck can be drawn from again. Returns
// the drawn cards as a card mask.
uint64_t DrawCards(int count, int deck_size, std::mt19937_64* rng,
                   std::array<poker::Card, poker::kNumCards>* deck);

// Calls visit(full, full_mask) for each run-out of the board board[0, known) to five cards, with
// `full` its five cards and `full_mask` their card mask: the board itself when it is complete,
// every live river card in card order when one card is missing, else max(1, sampled) run-outs
// drawn one after the other by DrawCards from a generator seeded with `seed`. No run-out holds a
// card of `ours` (our hole cards' mask). Returns the number of run-outs; a hold'em board has
// 0 <= known <= 5, anything else visits nothing and returns 0.
int ForEachRunout(const poker::Card* board, int known, uint64_t ours, int sampled, uint64_t seed,
                  absl::FunctionRef<void(const poker::Card* full, uint64_t full_mask)> visit);

}  // namespace agent::search_internal

#endif  // AGENT_SEARCH_INTERNAL_H_
