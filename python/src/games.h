// Games and states shared by the parts that take or return them (logs, models, players).
#ifndef PYTHON_SRC_GAMES_H_
#define PYTHON_SRC_GAMES_H_

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "poker/state.h"
#include "python/src/common.h"

namespace poker_py {

// A MATCHSTATE: the viewer's position and the state as it sees it.
struct PyMatchState {
  int viewer = 0;
  PyState state;
};

// A STATE line of a log.
struct PyLogLine {
  PyState state;
  std::vector<double> values;
  std::vector<std::string> names;
  std::string comment;
};

// A game by path, or by name in `games_dir` (empty: the project's data/games).
GamePtr LoadGame(const std::string& path_or_name, const std::string& games_dir);
// A Game, or a path or name loaded with LoadGame.
GamePtr GameArg(py::handle value);
// An Action, or its protocol text parsed in `state`.
poker::Action ActionArg(const PyState& state, py::handle value);

void BindGames(py::module_& m);

}  // namespace poker_py

#endif  // PYTHON_SRC_GAMES_H_
