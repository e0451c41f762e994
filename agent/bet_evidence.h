// Evidence about an opponent's answers to bets of each size, for the `search` policy's all-in
// discipline: raises are put in classes by size, and the policy counts, per opponent, how many of
// our raises of each class it answered and how many raises of each class it made.
#ifndef AGENT_BET_EVIDENCE_H_
#define AGENT_BET_EVIDENCE_H_

#include <array>

#include "agent/equity.h"
#include "poker/state.h"

namespace agent {

// Classes of bets by size: the chips a raise adds beyond the call, in pots after the call: below
// 0.75, below 1.5, below 3, and 3 or more (the overbets: an all-in into a small pot). Preflop
// bets are classes of their own (kSizeClasses + size).
inline constexpr int kSizeClasses = 4;
inline constexpr int kBetClasses = 2 * kSizeClasses;
using BetEvidence = std::array<double, kBetClasses>;

// The class of `raise`, made by the player to act in `s`.
int BetClass(const poker::State& s, const poker::Action& raise);

// Counts, in the finished hand `final_state`, every raise of `me` that `opponent` answered (it
// acted after it) in `answered`, those it answered by folding in `folded`, and every raise of
// `opponent` in `made`, by class.
void CountBets(const poker::State& final_state, int me, int opponent, BetEvidence* answered,
               BetEvidence* folded, BetEvidence* made);

// The class of the raise faced in `s` (the round's last action, a raise of `opponent`), or -1.
int FacedBetClass(const poker::State& s, int opponent);

// What showdowns told about how loosely an opponent calls our bets: of our turn and river raises
// that add at least half the pot (after the call) and that it called or re-raised and then showed
// its cards, how many (`calls`) and how many with a hand whose equity against a random hand, on
// the board of that round, was under one half (`weak`). Equilibrium-style players continue with
// such hands 10-20% of the time (as often on the river as on the turn); a bot that calls or
// raises with anything, about half of the time.
struct CallEvidence {
  double calls = 0;
  double weak = 0;
};

// Adds the finished hand `final_state`'s calls of `opponent` to raises of `me` to `evidence`
// (nothing when the opponent's cards are not known: it folded, or the hand ended before a
// showdown). Heads-up hold'em only; `calculator` computes the equities (exact).
void CountShownCalls(const poker::State& final_state, int me, int opponent,
                     EquityCalculator* calculator, CallEvidence* evidence);

}  // namespace agent

#endif  // AGENT_BET_EVIDENCE_H_
