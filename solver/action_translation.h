// Mapping an opponent's bet that is not in our action abstraction onto the abstraction's sizes:
// the pseudo-harmonic mapping (Ganzfried and Sandholm 2013; SPEC 13).
#ifndef SOLVER_ACTION_TRANSLATION_H_
#define SOLVER_ACTION_TRANSLATION_H_

namespace solver {

// With neighbouring abstract sizes a < x < b, all as fractions of the pot, the probability of
// mapping x to a: f(x) = ((b - x)(1 + a)) / ((b - a)(1 + x)); x to b with 1 - f(x).
// x <= a gives 1, x >= b gives 0. Requires 0 <= a < b.
double PseudoHarmonicLowerProbability(double a, double b, double x);

}  // namespace solver

#endif  // SOLVER_ACTION_TRANSLATION_H_
