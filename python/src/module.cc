// The poker_ai extension module (poker_ai._core): the project's C++ libraries from Python.
// poker_ai/__init__.py re-exports it with the few pure-Python functions.
#include <pybind11/pybind11.h>

#include "python/src/common.h"

namespace poker_py {
void BindCards(py::module_& m);
void BindEquity(py::module_& m);
void BindGames(py::module_& m);
void BindLogs(py::module_& m);
void BindModels(py::module_& m);
void BindSolver(py::module_& m);
void BindPlayers(py::module_& m);
}  // namespace poker_py

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "The poker_ai C++ libraries: cards and the hand evaluator, equity, games and states, ACPC "
      "logs, opponent models and hand reading, solver strategies, players and the arena.";
  poker_py::BindErrors(m);
  poker_py::BindCards(m);
  poker_py::BindGames(m);
  poker_py::BindEquity(m);
  poker_py::BindLogs(m);
  poker_py::BindModels(m);
  poker_py::BindSolver(m);
  poker_py::BindPlayers(m);
}
