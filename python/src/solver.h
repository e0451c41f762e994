// Solver strategies, shared with the players (a strategy seated in the arena).
#ifndef PYTHON_SRC_SOLVER_H_
#define PYTHON_SRC_SOLVER_H_

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "python/src/common.h"
#include "solver/strategy_file.h"

namespace poker_py {

// A loaded strategy file.
struct PyStrategy {
  std::shared_ptr<const solver::Blueprint> blueprint;
  GamePtr game;
  std::string path;
};

// Loads a strategy; with `game` (not None), refuses one of another game.
PyStrategy LoadStrategy(const std::string& path, py::handle game);

void BindSolver(py::module_& m);

}  // namespace poker_py

#endif  // PYTHON_SRC_SOLVER_H_
