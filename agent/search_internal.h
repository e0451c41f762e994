// Functions shared by the heads-up search (agent/search.h) and the multiway search
// (agent/multiway_search.h): seeds, pair masks, showdown comparisons over every pair, the values
// of our nodes and the opponents' nodes, and the card drawing (the partial Fisher-Yates shuffle of
// the live deck that samples boards, and the run-outs of a board that leaf equities are averaged
// over).
#ifndef AGENT_SEARCH_INTERNAL_H_
#define AGENT_SEARCH_INTERNAL_H_

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "absl/functional/function_ref.h"
#include "poker/card.h"

namespace agent::search_internal {

// Every pair's cards by pair index.
const std::array<poker::PairCards, poker::kNumPairs>& AllPairs();
// The two cards of pair `pair` as a bit mask of card indices.
uint64_t PairMask(int pair);
// Our hole cards and board[0, board_size) as a card mask.
uint64_t DeadCards(poker::PairCards hole, const poker::Card* board, int board_size);
// Adds to wins[i] 2 (ahead) or 1 (tied) and to counts[i] 1 for every pair i without a card of
// `dead` (the full board and our cards), on the five cards of `board`.
void CompareOnBoard(const poker::Card* board, uint64_t dead, poker::PairCards hole,
                    std::array<float, poker::kNumPairs>* wins,
                    std::array<float, poker::kNumPairs>* counts);
// Most candidate actions at a search node: fold, call, and the raises.
inline constexpr int kMaxCandidates = 8;
// The cards not in the mask `dead`, in index order, written to the front of `deck`; returns
// how many.
int LiveDeck(uint64_t dead, std::array<poker::Card, poker::kNumCards>* deck);
// The value of a node where we choose among values[0..count) (entries at or below -1e299 are
// actions that could not be applied): `best` when temperature <= 0, else the mean weighted by
// exp((value - best) / temperature), a softened best.
double SoftenedBest(const std::array<double, kMaxCandidates>& values, int count, double best,
                    double temperature);
// At an opponent node: normalises each pair's probabilities over the `count` candidates (a pair
// the model gives no probability plays them evenly), adds each candidate's probability weighted
// by `range` to (*mass)[i], and returns the range's total weight.
double NormaliseAndWeigh(const std::array<float, poker::kNumPairs>& range, int count,
                         std::vector<std::array<float, poker::kNumPairs>>* probs,
                         std::array<double, kMaxCandidates>* mass);

// Draws `count` cards from the live deck (*deck)[0, deck_size) by a partial Fisher-Yates shuffle
// (step j swaps card j with card j + rng() % (deck_size - j)): the drawn cards end at
// (*deck)[0, count), the others stay behind them, so the deck can be drawn from again. Returns
// the drawn cards as a card mask.
uint64_t DrawCards(int count, int deck_size, std::mt19937_64* rng,
                   std::array<poker::Card, poker::kNumCards>* deck);

// How many run-outs ForEachRunout gives for a board of `known` cards, with `dead` the mask of the
// board and our hole cards: 1 for a complete board, the live cards for a turn, else
// max(1, sampled); 0 unless 0 <= known <= 5. (To size what is filled per run-out.)
int RunoutCount(int known, uint64_t dead, int sampled);

// Calls visit(full, full_mask) for each run-out of the board board[0, known) to five cards, with
// `full` its five cards and `full_mask` their card mask: the board itself when it is complete,
// every live river card in card order when one card is missing, else max(1, sampled) run-outs
// drawn one after the other by DrawCards from a generator seeded with `seed`. No run-out holds a
// card of `ours` (our hole cards' mask). Returns the number of run-outs (RunoutCount); a hold'em
// board has 0 <= known <= 5, anything else visits nothing and returns 0.
int ForEachRunout(const poker::Card* board, int known, uint64_t ours, int sampled, uint64_t seed,
                  absl::FunctionRef<void(const poker::Card* full, uint64_t full_mask)> visit);

}  // namespace agent::search_internal

#endif  // AGENT_SEARCH_INTERNAL_H_
