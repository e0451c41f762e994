// Python objects as poker::Players, and the errors they raise while C++ code is calling them.
#ifndef PYTHON_SRC_PLAYERS_H_
#define PYTHON_SRC_PLAYERS_H_

#include <pybind11/pybind11.h>

#include <atomic>
#include <memory>
#include <string>

#include "poker/player.h"
#include "python/src/common.h"
#include "tools/arena/ring.h"

namespace poker_py {

// The first exception a Python player raised during a C++ call (a match, a dealer's line): kept
// so that the call can end early and the exception be raised when it returns.
class PythonErrors {
 public:
  // Keeps `e` unless an error is kept already. Needs the GIL.
  void Capture(py::error_already_set& e);
  // Whether an error is kept (any thread, no GIL).
  bool failed() const { return failed_.load(); }
  // Raises the kept error, if any, and forgets it. Needs the GIL.
  void RaiseIfAny();

 private:
  std::atomic<bool> failed_{false};
  py::object type_, value_, trace_;
};

// A Python object with act(view) (and optionally observe(view)) as a poker::Player. Called from
// C++ threads that do not hold the GIL: each call takes it. After an exception (kept in
// `errors`) it calls Python no more and checks or calls, so that the caller can wind down.
class PythonPlayer : public poker::Player {
 public:
  // Needs the GIL.
  PythonPlayer(py::object player, GamePtr game, std::shared_ptr<PythonErrors> errors);
  ~PythonPlayer() override;

  void Observe(const poker::MatchState& view) override;
  poker::Action Act(const poker::MatchState& view) override;

 private:
  py::object player_, act_, observe_;
  GamePtr game_;
  std::shared_ptr<PythonErrors> errors_;
};

// A match's result with its `arena --json` text.
struct PyMatchResult {
  arena::RingResult result;
  std::string json;
  int num_players = 0;
};

void BindPlayers(py::module_& m);

}  // namespace poker_py

#endif  // PYTHON_SRC_PLAYERS_H_
