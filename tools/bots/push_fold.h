// The push/fold (shove-or-fold) game of heads-up hold'em and the bot that plays its equilibrium
// ranges in any heads-up no-limit hold'em game, whatever the real stacks.
//
// The game: both players have `stack_bb` big blinds (blinds included). The small blind, first to
// act, moves all-in or folds; facing the shove the big blind calls or folds; the board is then
// dealt out. The equilibrium is solved by fictitious play over the 169 starting-hand classes with
// exact card-removal weights and Monte Carlo all-in equities of class against class.
//
// The bot (style `pushfold`, rule_bot.h) plays those ranges with its real stack, usually much
// deeper (200 big blinds in the bundled no-limit game), so it shoves a short-stack range and
// calls shoves with a short-stack calling range: a loose, all-in-heavy opponent unlike the
// blueprints.
#ifndef TOOLS_BOTS_PUSH_FOLD_H_
#define TOOLS_BOTS_PUSH_FOLD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "poker/game_def.h"
#include "poker/hand_strength.h"
#include "poker/player.h"
#include "poker/rng.h"
#include "tools/bots/equity.h"

namespace bots {

inline constexpr int kClasses = poker::kNumStartingHandClasses;

// All-in equities of the 169 starting-hand classes against each other, heads-up, preflop.
struct ClassMatchups {
  // equity[i * kClasses + j]: probability that a pair of class i beats a pair of class j dealt
  // with no shared card, the five board cards at random, ties counting half; equity[i][j] +
  // equity[j][i] = 1, and 0.5 on the diagonal.
  std::vector<float> equity;
  // combos[i * kClasses + j]: how many (pair of class i, pair of class j) share no card (the
  // weight of the matchup among all deals; symmetric).
  std::vector<int32_t> combos;

  float Equity(int i, int j) const { return equity[i * kClasses + j]; }
  int32_t Combos(int i, int j) const { return combos[i * kClasses + j]; }
};

// Monte Carlo over `boards` random boards (from `seed`): on each board one random pair of every
// class that the board leaves possible is evaluated, and every two classes whose pairs share no
// card are compared; each comparison is weighted by the numbers of pairs of both classes the board
// leaves, so that every (pair, pair, board) deal of distinct cards counts alike. The combos are
// counted exactly. 10,000 boards leave a standard error of about 0.005 per equity.
ClassMatchups ComputeClassMatchups(int boards, uint64_t seed);

// ComputeClassMatchups(kMatchupBoards, kMatchupSeed), computed once per process on first use
// (about a second of CPU) and shared; thread-safe.
inline constexpr int kMatchupBoards = 10000;
inline constexpr uint64_t kMatchupSeed = 0x5EED'F01D;
const ClassMatchups& SharedClassMatchups();

// The equilibrium of the push/fold game, as pure ranges over the 169 classes.
struct PushFoldRanges {
  double stack_bb = 0;
  double small_blind_bb = 0;
  std::array<bool, kClasses> push{};  // the small blind shoves
  std::array<bool, kClasses> call{};  // the big blind calls a shove
  // Shares of the 1326 pairs in each range.
  double push_share = 0;
  double call_share = 0;
  // The small blind's value per hand (in big blinds) when both play the ranges above, and the most
  // either player gains by deviating from its range alone (big blinds per hand): 0 at an exact
  // equilibrium of the pure game; small here (fictitious play averages, rounded to pure ranges).
  double small_blind_value_bb = 0;
  double gain_bb = 0;
};

// Solves the push/fold game of `stack_bb` big blinds a player (blinds included) with a small blind
// of `small_blind_bb` big blinds by `iterations` rounds of fictitious play (both players best
// respond to the other's average strategy); a class is in a range when its average is at least 1/2.
// Requires stack_bb >= 1 and 0 <= small_blind_bb <= 1.
PushFoldRanges SolvePushFold(const ClassMatchups& matchups, double stack_bb,
                             double small_blind_bb, int iterations = 2000);

// The small blind's value (big blinds per hand) of `push` against `call`, and the largest gain of
// a best response of either player against the other's range (the ranges' distance from an
// equilibrium of the pure game).
void PushFoldValues(const ClassMatchups& matchups, double stack_bb, double small_blind_bb,
                    const std::array<bool, kClasses>& push, const std::array<bool, kClasses>& call,
                    double* small_blind_value_bb, double* gain_bb);

// SolvePushFold on SharedClassMatchups, cached per (stack, small blind); thread-safe.
const PushFoldRanges& SharedPushFoldRanges(double stack_bb, double small_blind_bb);

// Why `game` cannot seat a push/fold bot (it needs heads-up no-limit hold'em), or OK.
absl::Status CheckPushFoldGame(const poker::GameDef& game);

// The bot. Preflop: first in (the small blind facing only the blinds) it shoves its push range and
// folds the rest; as the big blind after a limp it shoves the push range and checks the rest;
// facing any raise it moves all-in (calls when it cannot raise) with its calling range and folds
// the rest. After the flop (only after a limp checked through) it moves all-in with an equity
// against a random hand of at least `shove_equity` (Monte Carlo, `trials` deals from `seed`) and
// otherwise checks or folds. `game` must pass CheckPushFoldGame and outlive the bot.
class PushFoldBot : public poker::Player {
 public:
  // `hand_draws`: every decision's Monte Carlo draws seeded by (seed, hand, actions so far).
  PushFoldBot(const poker::GameDef& game, double stack_bb, double shove_equity, int trials,
              uint32_t seed, bool hand_draws = false);
  poker::Action Act(const poker::MatchState& view) override;

  const PushFoldRanges& ranges() const { return *ranges_; }

 private:
  poker::Action AllIn(const poker::State& state) const;

  const PushFoldRanges* ranges_;
  double shove_equity_;
  int trials_;
  int32_t big_blind_;
  EquityEstimator equity_;
  uint64_t seed_;  // of rng_ (and of every decision's, with hand_draws_)
  poker::Rng rng_;
  bool hand_draws_;
};

}  // namespace bots

#endif  // TOOLS_BOTS_PUSH_FOLD_H_
