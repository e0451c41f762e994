#include "agent/df_model.h"

#include <algorithm>
#include <cmath>

namespace agent {
namespace {

using trainer::AbstractAction;

// The win rate P that the intervals below are written in is the pair's HS against one uniformly
// random hand on the current board (SPEC 6). Post-flop HS is spread fairly evenly over [0, 1]
// across the 1326 pairs, so an interval [a, b] says roughly "the hands between the a and b
// quantiles". Preflop the hand reader feeds the pair's percentile of preflop equity instead of
// the raw equity (which only spans 0.32..0.85), so that the same intervals mean the same share of
// hands on every street (hand_reader.cc).
//
// The intervals, with the reasoning behind each (theta = 50 everywhere, as in the paper):
//   fold   [0.00, 0.55] baseline 0.35  weak hands give up. Folding is only possible facing a
//                                      bet, and there the fold, call and raise domains tile
//                                      [0, 1] (but for a 0.02 seam where fold and call blend):
//                                      a gap would leave its hands equally likely to do anything.
//   check  [0.00, 0.66] baseline 0.35  weak to medium hands take the free card; the strong
//                                      hands that check (slow plays) score about 1, i.e. ~2%.
//   call   [0.57, 0.68] baseline 0.61  the paper's worked example (000 section 4.2): medium
//                                      to strong hands call; P = 0.55 scores 0.61 / 0.06.
//   raises [0.66, top] cut into one domain per raise class, bigger raises on stronger parts:
//          class i of R spans [0.66 + i w, 0.66 + (i + 1) w] widened by w/4 on each side
//          (w = (top - 0.66) / R, top = 0.94 with an all-in class, else 1), baseline its
//          centre. Heads-up no-limit's default 3 classes: r<0.6 [0.66, 0.78] base 0.71,
//          r0.6-1 [0.73, 0.87] base 0.80, r>=1 [0.82, 0.96] base 0.89. The overlap makes
//          neighbouring sizes blend instead of switching abruptly.
//          Limit (one raise class): [0.66, 1.00] baseline 0.83.
//   all-in [0.90, 1.00] baseline 0.95  the strongest hands.
// Outside its domain an action scores baseline / (baseline - P) below it and
// (1 - baseline) / (P - baseline) above it: 1 at P = 0 and at P = 1, rising toward the domain.
// So bluffs and slow plays keep a few percent of the mass and no action ever rules a hand out.
constexpr double kRaiseLow = 0.66;
constexpr double kRaiseTopWithAllIn = 0.94;

// Online adaptation: the call interval moves by
//   shift = clamp(kAdaptGain * ((fold_rate - typical fold) - (call_rate - typical call))
//                 * decisions / (decisions + kAdaptPseudoDecisions), -kMaxShift, kMaxShift).
// A calling station (calls 75% and folds 15% of the bets it faces, against a typical 45% and 35%)
// has shift 0.5 * (-0.2 - 0.3) = -0.25 before shrinkage: after a few hundred decisions its call
// domain is lowered by the cap, 0.15, to [0.42, 0.53], so its calls no longer suggest
// medium-strong hands; a player folding 65% gets it raised, by at most 0.15 too. The typical rates
// are round figures for a facing-a-bet decision in heads-up play (fold about a third, call a bit
// under half, raise the rest); the shrinkage by decisions keeps a few hands from moving it.
constexpr double kAdaptGain = 0.5;
constexpr double kAdaptPseudoDecisions = 50;
constexpr double kMaxShift = 0.15;

// Extra opponents raise the win-rate exponent by this much each (FieldWinRate).
constexpr double kExponentPerExtraOpponent = 0.5;

}  // namespace

DfModel DfModel::Default(const trainer::ActionAbstraction& abstraction) {
  DfModel model;
  model.num_actions_ = abstraction.num_actions();
  model.intervals_[trainer::kFold] = {0.0, 0.55, 0.35};
  model.intervals_[trainer::kCheck] = {0.0, 0.66, 0.35};
  model.intervals_[trainer::kCall] = {0.57, 0.68, 0.61};
  const int raise_classes = abstraction.num_raise_classes();
  const bool all_in = abstraction.has_all_in_class();
  const double top = all_in ? kRaiseTopWithAllIn : 1.0;
  const double width = (top - kRaiseLow) / raise_classes;
  for (int i = 0; i < raise_classes; ++i) {
    const double low = kRaiseLow + i * width;
    const double high = low + width;
    DfInterval interval;
    interval.low = i == 0 ? low : low - width / 4;
    interval.high = (!all_in && i == raise_classes - 1) ? 1.0 : std::min(1.0, high + width / 4);
    interval.baseline = (low + high) / 2;
    model.intervals_[trainer::kFirstRaise + i] = interval;
  }
  if (all_in) model.intervals_[abstraction.all_in()] = {0.90, 1.0, 0.95};
  return model;
}

double DfModel::FieldWinRate(double win_rate, int num_opponents) {
  // HS_n = HS^n (003 eq. 2) is the chance to beat n random hands, but the hands left in a pot
  // are not random and a player does not need to beat everyone to continue: the full exponent
  // would make AA a folding hand for the first actor at a 6-player table (0.85^5 = 0.44). Half
  // the exponent per extra opponent keeps the direction (a multiway call or raise means a
  // stronger hand: heads-up 0.8 stays 0.8, 3-way 0.8^1.5 = 0.72, 6-way 0.8^3.5 = 0.46) with a
  // plausible size: with preflop percentiles, the first of six acts with about the top 20%.
  if (num_opponents <= 1 || win_rate <= 0) return win_rate;
  return std::pow(win_rate, 1 + kExponentPerExtraOpponent * (num_opponents - 1));
}

double DfModel::Relative(AbstractAction action, double win_rate) const {
  const DfInterval& in = intervals_[action];
  if (win_rate >= in.low && win_rate <= in.high) return theta_;
  // Eq. 6 outside the domain. Capped at theta (and the denominators kept positive) so that an
  // interval set with its baseline at the domain's edge never scores a near miss above a
  // perfect match.
  constexpr double kTiny = 1e-9;
  const double value = win_rate < in.baseline
                           ? in.baseline / std::max(in.baseline - win_rate, kTiny)
                           : (1 - in.baseline) / std::max(win_rate - in.baseline, kTiny);
  return std::min(value, theta_);
}

double DfModel::Probability(AbstractAction action, double win_rate, uint32_t available) const {
  if (!((available >> action) & 1)) return 0;
  double total = 0;
  for (uint32_t bits = available; bits != 0; bits &= bits - 1) {
    const AbstractAction a = static_cast<AbstractAction>(__builtin_ctz(bits));
    if (a < trainer::kMaxAbstractActions) total += Relative(a, win_rate);
  }
  return total > 0 ? Relative(action, win_rate) / total : 0;
}

DfModel DfModel::AdaptedTo(double call_rate, double fold_rate, int decisions) const {
  DfModel adapted = *this;
  if (decisions <= 0) return adapted;
  const double confidence = decisions / (decisions + kAdaptPseudoDecisions);
  const double deviation = (fold_rate - kTypicalFoldRate) - (call_rate - kTypicalCallRate);
  const double shift = std::clamp(kAdaptGain * deviation * confidence, -kMaxShift, kMaxShift);
  DfInterval& call = adapted.intervals_[trainer::kCall];
  call.low = std::clamp(call.low + shift, 0.0, 1.0);
  call.high = std::clamp(call.high + shift, 0.0, 1.0);
  call.baseline = std::clamp(call.baseline + shift, call.low, call.high);
  return adapted;
}

}  // namespace agent
