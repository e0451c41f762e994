// What every part of the poker_ai extension module shares: errors as Python exceptions, the
// game a state points into kept alive by the state, and card arguments given as text or numbers.
#ifndef PYTHON_SRC_COMMON_H_
#define PYTHON_SRC_COMMON_H_

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace poker_py {

namespace py = pybind11;

// Creates the module's exception classes (PokerError and its subclasses); once, at import.
void BindErrors(py::module_& m);

// Raises the Python exception of a failed status: InvalidArgumentError (also a ValueError) for
// INVALID_ARGUMENT, NotFoundError (also a FileNotFoundError) for NOT_FOUND, PokerError for the
// rest; the message is the status's, and the exception's `code` is the status code's name
// ("FAILED_PRECONDITION"). Needs the GIL.
[[noreturn]] void ThrowStatus(const absl::Status& status);

inline void Check(const absl::Status& status) {
  if (!status.ok()) ThrowStatus(status);
}
template <typename T>
T Unwrap(absl::StatusOr<T> value) {
  if (!value.ok()) ThrowStatus(value.status());
  return *std::move(value);
}

// A game definition with the name and path it was loaded from. Held by shared_ptr: every State
// made for it keeps it alive (poker::State points into its GameDef).
struct Game {
  poker::GameDef def;
  std::string name;  // file base name, e.g. "holdem.nolimit.2p.reverse_blinds.game"; "" if parsed
  std::string path;  // "" if parsed from text
};
using GamePtr = std::shared_ptr<Game>;

// A poker::State with the game it points into. Invariant: &state.game() == &game->def.
struct PyState {
  GamePtr game;
  poker::State state;

  explicit PyState(GamePtr g, uint32_t hand_number = 0)
      : game(std::move(g)), state(game->def, hand_number) {}
  // A copy of `other` (a state of a game equal to g->def) pointing into g->def: its actions
  // replayed and its cards copied.
  PyState(GamePtr g, const poker::State& other);
};

// Cards from Python: text ("AhKs7d", spaces allowed) or a sequence of card numbers 0..51.
// Raises InvalidArgumentError naming the card for anything else.
std::vector<poker::Card> CardsArg(py::handle value);
// Exactly two cards (text or numbers), low card first.
poker::PairCards PairArg(py::handle value);

// The protocol's text of an action: `f`, `c`, `r` (limit) or `r<raise_to>` (no-limit).
std::string ActionText(const poker::GameDef& game, const poker::Action& action);

}  // namespace poker_py

#endif  // PYTHON_SRC_COMMON_H_
