// The `search` policy's opponent model (SPEC 13, a data-biased response in the spirit of Johanson
// and Bowling 2009): a blueprint (solver/) tilted toward what one opponent has been seen to do.
// At a node where the opponent is to act, pair h's probability of candidate action a is
//
//   p(a | h) ~ ((1 - floor) bp(a | h) + floor / #candidates) exp(theta[c][s(h)][kind(a)])
//
// with bp the blueprint's strategy for h's bucket on the node's (real or sampled) board, kind(a)
// fold, call or raise, c the situation: the street times whether the player faces nothing,
// a bet (or one raise, or the blinds), or more, and s(h) h's strength class on that board (the
// tercile of its hand strength among the live pairs), so that a tight player's extra folds are
// read as folds of weak hands and its raises as raises of strong ones. theta starts at 0 (the
// blueprint as it is) and is fitted to the opponent's actions, hand by hand, by a gradient step
// on their log-likelihood (theta = a part per strength class shared by all situations + each
// situation's own, both stepped, each class by its share of the evidence):
// with the opponent's cards when a showdown shows them (the exact term), else with its range read
// by the same model (the posterior's expected probabilities). Against the blueprint itself theta
// stays near 0; against an opponent that raises everything theta's raise term grows within a few
// dozen decisions.
//
// The floor is fitted too (a data-biased mixture weight): how much of the opponent's play the
// blueprint's hand-by-hand strategy explains at all. It starts at TiltOptions::floor and is
// moved, per situation (a shared part + each situation's own, in log-odds), by the same gradient
// steps: an opponent whose actions do not depend on its cards the way the blueprint's do (e.g.
// one that raises every hand) drives it toward 1, where the model is the tilt alone (an action
// frequency per strength class), and the blueprint playing itself drives it toward 0.
#ifndef AGENT_TILTED_BLUEPRINT_H_
#define AGENT_TILTED_BLUEPRINT_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "absl/types/span.h"
#include "agent/range.h"
#include "poker/card.h"
#include "poker/state.h"
#include "solver/strategy_file.h"

namespace agent {

inline constexpr int kTiltKinds = 3;  // fold, call, raise
inline constexpr int kTiltClassesPerRound = 3;
inline constexpr int kTiltClasses = poker::kMaxRounds * kTiltClassesPerRound;
inline constexpr int kMaxTiltCandidates = 8;
inline constexpr int kTiltStrengths = 3;  // weakest, middle, strongest third of the live pairs

// theta[strength class][kind] of one situation.
using TiltTheta = std::array<std::array<double, kTiltKinds>, kTiltStrengths>;

// 0 fold, 1 check or call, 2 bet or raise.
int TiltKindOf(const poker::Action& action);
// The situation of the player to act in `state`: round * 3 + (0 nothing to call, 1 facing the
// blinds, a bet or one raise, 2 facing two raises or more in the round).
int TiltClassOf(const poker::State& state);

// What has been learned about one opponent: theta of a situation and strength class is a part
// shared by all situations (learned from every decision, so a consistent style is read quickly
// everywhere) plus the situation's own.
struct OpponentTilt {
  TiltTheta shared{};
  std::array<TiltTheta, kTiltClasses> own{};
  std::array<double, kTiltClasses> decisions{};  // fitted decisions per situation
  double total = 0;                              // all of them
  // The evidence per strength class (posterior shares of the decisions), for the step sizes.
  std::array<std::array<double, kTiltStrengths>, kTiltClasses> class_decisions{};
  std::array<double, kTiltStrengths> class_total{};
  // The fitted floor's shift in log-odds from TiltOptions::floor: shared + own[situation].
  double floor_shared = 0;
  std::array<double, kTiltClasses> floor_own{};
  double FloorShift(int cls) const { return floor_shared + floor_own[cls]; }
  // The size tilt (TiltOptions::size_prior): after the preflop, this opponent's raises where an
  // all-in was one of several raise sizes, by situation (0 nothing to call, 1 facing a bet), how
  // many were all-in, and how many the blueprint would have made all-in (the sum of its all-in
  // share of raising, over the pairs the opponent may have held); and the shift it gives.
  std::array<double, 2> sized_raises{};
  std::array<double, 2> sized_allins{};
  std::array<double, 2> expected_allins{};
  std::array<double, 2> allin_shift{};
  double AllinShift(int cls) const {
    return cls < kTiltClassesPerRound ? 0.0 : allin_shift[cls % kTiltClassesPerRound == 0 ? 0 : 1];
  }
  // The largest tilt weight, in log-odds, over the situations and strengths: how far this
  // opponent's fitted play departs from the blueprint's (0 at the start of a match).
  double Largest() const {
    double largest = 0;
    for (int cls = 0; cls < kTiltClasses; ++cls) {
      const TiltTheta theta = Theta(cls);
      for (const auto& row : theta) {
        for (double w : row) largest = std::max(largest, std::abs(w));
      }
    }
    return largest;
  }
  // The largest floor shift over the situations from `first` on (kTiltClassesPerRound: after
  // the preflop): TiltedBlueprint::FloorAt of it is the highest fitted floor, the largest share
  // of this opponent's play the blueprint does not explain.
  double HighestFloorShift(int first = 0) const {
    double highest = FloorShift(first);
    for (int cls = first + 1; cls < kTiltClasses; ++cls) {
      highest = std::max(highest, FloorShift(cls));
    }
    return highest;
  }
  TiltTheta Theta(int cls) const {
    TiltTheta theta;
    for (int j = 0; j < kTiltStrengths; ++j) {
      for (int k = 0; k < kTiltKinds; ++k) theta[j][k] = shared[j][k] + own[cls][j][k];
    }
    return theta;
  }
};

struct TiltOptions {
  // Share of the blueprint's probabilities spread evenly over the candidates, so that an action
  // the blueprint never takes with a hand can still be explained (and tilted toward), at the
  // start of a match (then fitted per opponent, within [min_floor, max_floor]).
  double floor = 0.05;
  double min_floor = 0.005;
  double max_floor = 0.995;
  // Whether the floor is fitted (false: it stays at `floor`).
  bool fit_floor = true;
  // Nested tilt: theta's fold term scales the odds of folding against continuing, its raise
  // term the odds of raising against calling among the continuing (its call term is unused).
  // Flat (false): each kind's probability is scaled by exp(its term) and renormalised.
  bool nested = true;
  // Gradient step: rate * sqrt(half / (half + decisions of the class)) per decision.
  double rate = 0.5;
  double half = 20;
  // Pull of theta toward 0 (the blueprint) per step, as a share of theta.
  double decay = 0.01;
  // The size tilt: an opponent's share of all-ins among its raises after the preflop, shrunk
  // toward the blueprint's by this many raises of the blueprint's share, sets how the model
  // splits a pair's raising between all-in and the other sizes (0: the blueprint's split, off).
  // Above the blueprint's share, a part a of every pair's raising goes all-in whatever the pair
  // (q = s + a (1 - s), s the blueprint's all-in share of the pair's raising), so that the
  // model's all-in range widens to its raising range as this opponent shoves more; below, every
  // pair's share shrinks in proportion (q = s (1 + a), a < 0).
  double size_prior = 0;
};

using PairProbs = std::array<float, poker::kNumPairs>;

// Not thread-safe (caches per-board buckets); one per agent.
class TiltedBlueprint {
 public:
  // `translation_seed` fixes how off-tree raises map onto the blueprint's tree (per hand).
  TiltedBlueprint(const solver::Blueprint& blueprint, TiltOptions options,
                  uint64_t translation_seed = 1)
      : blueprint_(blueprint), options_(options), translation_seed_(translation_seed) {}

  // Finds the blueprint's node for the player to act in `state` and the candidates its edges
  // play as (legal, distinct). False when the tree has no node for it or the state does not
  // show the board cards of its round.
  bool Prepare(const poker::State& state);
  // The prepared node's candidates.
  const std::vector<poker::Action>& candidates() const { return candidates_; }
  // The candidate a real action plays as: the same kind, the nearest raise size (a check where
  // a bet was expected: the call).
  int CandidateFor(const poker::Action& action) const;
  // probs[i][h]: pair h's probability of candidate i at the prepared node (summing to 1; 0 for
  // pairs that share a card with the board), tilted by `theta` (null: untilted, floor included),
  // with the floor shifted by `floor_shift` in log-odds (OpponentTilt::FloorShift) and each
  // pair's raising split between all-in and the other sizes by `allin_shift`
  // (OpponentTilt::AllinShift; see TiltOptions::size_prior).
  void Probabilities(const poker::State& state, const TiltTheta* theta, absl::Span<PairProbs> probs,
                     double floor_shift = 0, double allin_shift = 0);
  // The floor in use at a shift (log-odds) from the options' floor.
  double FloorAt(double floor_shift) const;
  // Pair h's strength class on the board of `state` (-1: it shares a card with the board).
  int StrengthClass(const poker::State& state, int pair) { return Cards(state).strength[pair]; }

  // Multiplies `range` by the likelihood of every action of `opponent` in `state` from the
  // `skip`-th action of the hand on (rescaled to sum 1 after each); returns the number of
  // actions in the hand (the next call's `skip`).
  int ReadActions(const poker::State& state, int opponent, const OpponentTilt& tilt, int skip,
                  Range* range);
  // Fits `tilt` to the actions of `opponent` in a finished heads-up hand, seen by `me`.
  void FitHand(const poker::State& final_state, int me, int opponent, OpponentTilt* tilt);

  // Every pair without a card of `me`'s hole cards or the first `board_cards` board cards, 1.
  static void StartRange(const poker::State& state, int me, int board_cards, Range* range);
  // The same with `hole` as our cards (a pair we might hold: a report of every pair's play).
  static void StartRange(const poker::State& state, poker::PairCards hole, int board_cards,
                         Range* range);

  // Forgets the cached boards when there are many (a match meets thousands).
  void TrimCache() {
    if (buckets_.size() > 2048) buckets_.clear();
  }

 private:
  static constexpr int kMaxEdges = 16;
  struct BoardCards {
    std::array<int, poker::kNumPairs> buckets;
    std::array<int8_t, poker::kNumPairs> strength;
  };
  const BoardCards& Cards(const poker::State& state);
  // FitHand's count for the size tilt of a raise (`taken`) at the prepared node, `scratch_`
  // holding the model's probabilities there.
  void CountSize(const poker::State& before, int cls, const TiltTheta& theta, double floor_shift,
                 double allin_shift, int shown, const Range& range, int taken, OpponentTilt* tilt);

  const solver::Blueprint& blueprint_;
  TiltOptions options_;
  uint64_t translation_seed_;
  const solver::Node* node_ = nullptr;
  int edges_ = 0;
  std::array<int, kMaxEdges> target_{};
  std::vector<poker::Action> candidates_;
  std::array<PairProbs, kMaxTiltCandidates> scratch_{};
  // The model at the floor's log-odds plus and minus a step (its derivative, in FitHand).
  std::array<PairProbs, kMaxTiltCandidates> plain_{};
  std::array<PairProbs, kMaxTiltCandidates> minus_{};
  // The model without the size tilt (the blueprint's all-in share, in FitHand).
  std::array<PairProbs, kMaxTiltCandidates> unsized_{};
  std::unordered_map<uint64_t, BoardCards> buckets_;
};

}  // namespace agent

#endif  // AGENT_TILTED_BLUEPRINT_H_
