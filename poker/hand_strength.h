// Hand strength of two hole cards on a board: exact HS against one random (or weighted) opponent
// pair, HS_n, positive potential and EHS, outs, and the hit probability (SPEC section 6).
#ifndef POKER_HAND_STRENGTH_H_
#define POKER_HAND_STRENGTH_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/types/span.h"
#include "poker/card.h"

namespace poker {

// Counts of opponent pairs (or their total weight) that our hand is ahead of, tied with, behind.
struct StrengthCounts {
  double ahead = 0;
  double tied = 0;
  double behind = 0;
  double total() const { return ahead + tied + behind; }
  // (ahead + tied / 2) / total; 0 when total is 0.
  double hs() const;
};

// Exact HS of `hole` on a board of 3, 4 or 5 cards against every opponent pair that shares no card
// with hole or board, each weighted by weights[PairIndex] (null = uniform).
StrengthCounts HandStrengthCounts(PairCards hole, absl::Span<const Card> board,
                                  const float* weights = nullptr);
// HS as above; preflop (empty board) it is the all-in equity of the starting-hand class against a
// uniformly random hand, from a table of the 169 classes.
double HandStrength(PairCards hole, absl::Span<const Card> board);
// HS against n opponents: HS^n (003 eq. 2).
double HandStrengthN(double hs, int num_opponents);

// Preflop all-in equity of a starting hand against one random hand (ties count half).
double PreflopEquity(PairCards hole);
// Class index 0..168 of a starting hand: pairs, suited, offsuit (see hand_strength.cc).
int StartingHandClass(PairCards hole);

// The 169 starting-hand classes: 0..12 pairs 22..AA (by rank); 13..90 suited and 91..168 offsuit,
// each ordered by hi * (hi - 1) / 2 + lo over ranks hi > lo.
inline constexpr int kNumStartingHandClasses = 169;
// "AA", "AKs", "72o"; "??" out of range.
std::string StartingHandClassName(int cls);
// How many of the 1326 pairs fall in a class: 6 (pair), 4 (suited) or 12 (offsuit).
int StartingHandClassCombos(int cls);

// HS of every one of the 1326 pairs on a board of 3, 4 or 5 cards against a uniform opponent
// (preflop: PreflopEquity). Pairs that conflict with the board get -1. One evaluation per pair,
// a radix sort by rank, then per-card inclusion-exclusion counts: ~15 us for a whole board.
void AllPairsHandStrength(absl::Span<const Card> board, std::array<float, kNumPairs>* hs);

// The exact integers behind AllPairsHandStrength (board of 3, 4 or 5 cards): 2 * ahead + tied for
// every pair against the C(50 - |board|, 2) opponent pairs it does not conflict with; -1 for pairs
// that conflict with the board. Used where floats are not exact enough (the preflop table).
void AllPairsStrengthNumerators(absl::Span<const Card> board,
                                std::array<int32_t, kNumPairs>* twice_ahead_plus_tied);

// Every pair's all-in equity against one random opponent pair with the rest of the board dealt at
// random (ties count half), exactly: preflop (empty board) PreflopEquity; on 3, 4 or 5 board cards
// the mean over every completion of the board of AllPairsStrengthNumerators / 1980. Pairs that
// conflict with the board get -1. ~16 ms on a flop (1081 completions), ~0.7 ms on a turn.
void AllPairsEquity(absl::Span<const Card> board, std::array<double, kNumPairs>* equity);

// Positive potential and EHS on a flop or turn board: Ppot = P(behind or tied now -> ahead or
// tied after the remaining board) against a uniform opponent; EHS = HS + (1 - HS) * Ppot.
struct Potential {
  double hs = 0;
  double ppot = 0;
  double npot = 0;
  double ehs() const { return hs + (1 - hs) * ppot; }
};
// Exact over the next card only (flop: one card ahead, turn: the river), uniform opponent.
// Billings' form: over (opponent pair, next card) combinations, Ppot = (HP[behind][ahead] +
// HP[behind][tied] / 2 + HP[tied][ahead] / 2) / (total[behind] + total[tied] / 2), Npot the mirror.
// Other board sizes: only hs is set.
Potential HandPotential(PairCards hole, absl::Span<const Card> board);

// Outs (000 eq. 29): undealt cards c with HS(board + c) - HS(board) >= 0.6 * (1 - HS(board)),
// HS exact against a uniform opponent; a card must also raise HS, so the nuts have no outs.
// Board of 3 or 4 cards, else 0. As HS is measured against a random hand, cards that pair a weak
// holding count too: 9h8h on 2h 5h Kc has 15 outs (9 hearts, three 9s, three 8s), not 9.
int CountOuts(PairCards hole, absl::Span<const Card> board);

// CountOuts for every pair at once (board of 3 or 4 cards): one AllPairsStrengthNumerators per
// possible next card instead of one HandStrengthCounts per pair and card, well under a
// millisecond for a whole flop. Pairs that conflict with the board get -1. Other board sizes: all
// live pairs get 0.
void AllPairsOuts(absl::Span<const Card> board, std::array<int8_t, kNumPairs>* outs);

// Probability of hitting at least one of k outs with c cards to come from u unseen:
// 1 - C(u - k, c) / C(u, c).
double HitProbability(int outs, int cards_to_come, int unseen);

}  // namespace poker

#endif  // POKER_HAND_STRENGTH_H_
