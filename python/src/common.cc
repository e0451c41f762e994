#include "python/src/common.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "acpc/acpc_client.h"
#include "pybind11/stl.h"

namespace poker_py {
namespace {

// The exception classes, created at import and kept for the life of the process.
PyObject* g_poker_error = nullptr;
PyObject* g_invalid_argument_error = nullptr;
PyObject* g_not_found_error = nullptr;

PyObject* NewException(py::module_& m, const char* name, const char* doc, PyObject* bases) {
  const std::string qualified = absl::StrCat("poker_ai.", name);
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  if (type == nullptr) throw py::error_already_set();
  m.add_object(name, py::handle(type));
  return type;
}

}  // namespace

void BindErrors(py::module_& m) {
  g_poker_error = NewException(
      m, "PokerError",
      "An error of the poker_ai library, carrying the library's message (which names the file, "
      "line or field at fault). `code` is the kind of error, e.g. 'FAILED_PRECONDITION' for a "
      "file that holds bad data.",
      PyExc_Exception);
  py::tuple invalid_bases = py::make_tuple(py::handle(g_poker_error), py::handle(PyExc_ValueError));
  g_invalid_argument_error = NewException(
      m, "InvalidArgumentError",
      "A bad argument: a card, an action, a line or an option that does not parse or is not "
      "allowed. Also a ValueError.",
      invalid_bases.ptr());
  py::tuple not_found_bases =
      py::make_tuple(py::handle(g_poker_error), py::handle(PyExc_FileNotFoundError));
  g_not_found_error = NewException(
      m, "NotFoundError",
      "A file, game or player that does not exist. Also a FileNotFoundError.",
      not_found_bases.ptr());
}

void ThrowStatus(const absl::Status& status) {
  PyObject* type = g_poker_error;
  if (status.code() == absl::StatusCode::kInvalidArgument) type = g_invalid_argument_error;
  if (status.code() == absl::StatusCode::kNotFound) type = g_not_found_error;
  const std::string message(status.message());
  py::object error = py::reinterpret_borrow<py::object>(type)(message);
  error.attr("code") = absl::StatusCodeToString(status.code());
  PyErr_SetObject(type, error.ptr());
  throw py::error_already_set();
}

namespace {

// `other` replayed on a state of `game` (a game equal to other's): its actions and its cards.
// Every action was legal in `other`, so it is in an equal game; nothing here needs the GIL (the
// log reader's thread calls it).
poker::State Rebind(const poker::GameDef& game, const poker::State& other) {
  if (&other.game() == &game) return other;
  poker::State state(game, other.hand_number());
  for (int r = 0; r <= other.round() && r < game.num_rounds; ++r) {
    for (int i = 0; i < other.num_actions(r); ++i) (void)state.Apply(other.action(r, i));
  }
  for (int p = 0; p < game.num_players && p < poker::kMaxPlayers; ++p) {
    for (int i = 0; i < poker::kMaxHoleCards; ++i) state.set_hole_card(p, i, other.hole_card(p, i));
  }
  for (int i = 0; i < poker::kMaxBoardCards; ++i) state.set_board_card(i, other.board_card(i));
  return state;
}

}  // namespace

PyState::PyState(GamePtr g, const poker::State& other)
    : game(std::move(g)), state(Rebind(game->def, other)) {}

std::vector<poker::Card> CardsArg(py::handle value) {
  if (py::isinstance<py::str>(value)) {
    std::string text = value.cast<std::string>();
    text = absl::StrReplaceAll(text, {{" ", ""}, {",", ""}});
    return Unwrap(poker::ParseCards(text));
  }
  std::vector<poker::Card> cards;
  for (py::handle item : value) {
    if (py::isinstance<py::str>(item)) {
      cards.push_back(Unwrap(poker::ParseCard(item.cast<std::string>())));
      continue;
    }
    const long card = item.cast<long>();
    if (card < 0 || card >= poker::kNumCards) {
      ThrowStatus(absl::InvalidArgumentError(
          absl::StrCat("card number ", card, " is out of range (0..51: rank * 4 + suit)")));
    }
    cards.push_back(static_cast<poker::Card>(card));
  }
  return cards;
}

poker::PairCards PairArg(py::handle value) {
  const std::vector<poker::Card> cards = CardsArg(value);
  if (cards.size() != 2 || cards[0] == cards[1]) {
    ThrowStatus(absl::InvalidArgumentError(
        absl::StrCat("a hole-card pair needs two distinct cards, got '",
                     poker::CardsToString(cards), "'")));
  }
  return cards[0] < cards[1] ? poker::PairCards{cards[0], cards[1]}
                             : poker::PairCards{cards[1], cards[0]};
}

std::string ActionText(const poker::GameDef& game, const poker::Action& action) {
  return acpc::AcpcSession::FormatAction(game, action);
}

}  // namespace poker_py
