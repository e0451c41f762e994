#include "solver/action_translation.h"

namespace solver {

double PseudoHarmonicLowerProbability(double a, double b, double x) {
  if (x <= a) return 1;
  if (x >= b) return 0;
  return ((b - x) * (1 + a)) / ((b - a) * (1 + x));
}

}  // namespace solver
