// Players: Python objects as poker::Players (one method, act), seated in the in-process arena
// against the project's players or speaking the ACPC protocol through AcpcSession; the project's
// players (bots, strategies, the agent) and the agent's policies called from Python.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "acpc/acpc_client.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "poker/player.h"
#include "poker/player_registry.h"
#include "python/src/common.h"
#include "python/src/games.h"
#include "python/src/players.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"
#include "tools/arena/ring_summary.h"

namespace poker_py {
namespace {

// The Python objects seated in the arena calls under way, by slot (spec `python:slot=K`).
struct Slot {
  py::object maker;  // a player, or a class / factory called for a fresh player per rotation
  bool is_factory = false;
  GamePtr game;
  std::shared_ptr<PythonErrors> errors;
};
std::mutex g_slots_mutex;
std::map<int, Slot>* g_slots = new std::map<int, Slot>;  // never destroyed: py::objects inside
int g_next_slot = 0;

bool IsFactory(py::handle player) {
  return py::isinstance<py::type>(player) || (!py::hasattr(player, "act") && PyCallable_Check(player.ptr()));
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakePythonPlayer(const poker::PlayerContext& context,
                                                                 absl::string_view params) {
  int slot = -1;
  if (!absl::ConsumePrefix(&params, "slot=") || !absl::SimpleAtoi(params, &slot)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "python: players of this kind are seated by poker_ai.play_match, not by a spec ('", params, "')"));
  }
  py::gil_scoped_acquire acquire;
  std::lock_guard<std::mutex> lock(g_slots_mutex);
  auto it = g_slots->find(slot);
  if (it == g_slots->end()) return absl::NotFoundError(absl::StrCat("python: no player in slot ", slot));
  const Slot& s = it->second;
  if (&s.game->def != context.game) {
    return absl::InternalError("python: the player's game is not the match's");
  }
  try {
    py::object player = s.is_factory ? s.maker() : s.maker;
    if (!py::hasattr(player, "act")) {
      return absl::InvalidArgumentError(absl::StrCat(
          "python: the player of seat ", context.seat, " (", context.name, ") has no act method"));
    }
    return std::unique_ptr<poker::Player>(new PythonPlayer(player, s.game, s.errors));
  } catch (py::error_already_set& e) {
    s.errors->Capture(e);
    return absl::CancelledError("python: making the player raised");
  }
}

const bool kRegistered = poker::RegisterPlayerFactory("python", &MakePythonPlayer);

// Seats Python players in slots for one match and frees the slots after it.
class SeatedPlayers {
 public:
  ~SeatedPlayers() {
    std::lock_guard<std::mutex> lock(g_slots_mutex);
    for (int slot : slots_) g_slots->erase(slot);
  }
  std::string Seat(py::object player, GamePtr game, std::shared_ptr<PythonErrors> errors) {
    std::lock_guard<std::mutex> lock(g_slots_mutex);
    const int slot = g_next_slot++;
    (*g_slots)[slot] = Slot{player, IsFactory(player), std::move(game), std::move(errors)};
    slots_.push_back(slot);
    return absl::StrCat("python:slot=", slot);
  }

 private:
  std::vector<int> slots_;
};

std::string DefaultName(py::handle player, int seat) {
  if (py::isinstance<py::str>(player)) {
    const std::string spec = player.cast<std::string>();
    return absl::StrCat(spec.substr(0, spec.find(':')), seat);
  }
  const py::handle type = py::isinstance<py::type>(player) ? player : py::handle(py::type::of(player));
  return absl::StrCat(py::str(type.attr("__name__")).cast<std::string>(), seat);
}

py::object PlayMatch(py::handle game, py::list players, py::object names, uint32_t hands,
                     uint32_t seed, bool duplicate, bool fixed_seats, uint32_t first_hand,
                     const std::string& log_path) {
  const GamePtr g = GameArg(game);
  if (!names.is_none() && py::len(names) != players.size()) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        py::len(names), " names for ", players.size(), " players")));
  }
  auto errors = std::make_shared<PythonErrors>();
  SeatedPlayers seated;
  std::vector<arena::PlayerSpec> specs;
  for (size_t i = 0; i < players.size(); ++i) {
    py::handle p = players[i];
    arena::PlayerSpec spec;
    spec.name = names.is_none() ? DefaultName(p, static_cast<int>(i))
                                : py::str(names.cast<py::list>()[i]).cast<std::string>();
    spec.spec = py::isinstance<py::str>(p) ? p.cast<std::string>()
                                           : seated.Seat(py::reinterpret_borrow<py::object>(p), g, errors);
    specs.push_back(spec);
  }
  arena::RingOptions options;
  options.hands = hands;
  options.seed = seed;
  options.duplicate = duplicate;
  options.fixed_seats = fixed_seats;
  options.first_hand = first_hand;
  options.log_path = log_path;
  options.game_file = g->path;
  int64_t played = 0;
  options.after_hand = [&errors, &played]() -> absl::Status {
    // Ctrl-C: Python's handler only sets a flag, looked at here now and then (with the GIL).
    if (++played % 64 == 0 && !errors->failed()) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        py::error_already_set e;
        errors->Capture(e);
      }
    }
    return errors->failed() ? absl::CancelledError("a Python player raised") : absl::OkStatus();
  };
  absl::StatusOr<arena::RingResult> result;
  {
    py::gil_scoped_release release;
    result = arena::RunRing(g->def, specs, options);
  }
  errors->RaiseIfAny();
  arena::RingResult r = Unwrap(std::move(result));
  const arena::RingSummary summary = arena::SummarizeRing(g->def, g->path, specs, options, r);
  return py::cast(PyMatchResult{std::move(r), arena::FormatRingJson(summary), g->def.num_players});
}

// A project player (bot, strategy, agent) from its spec, for Python to call.
struct CppPlayer {
  GamePtr game;
  std::unique_ptr<poker::Player> player;
};

poker::MatchState View(const CppPlayer& p, const PyMatchState& view) {
  if (!(view.state.game->def == p.game->def)) {
    ThrowStatus(absl::InvalidArgumentError("the state is of another game than the player's"));
  }
  return poker::MatchState{view.viewer, PyState(p.game, view.state.state).state};
}

// An ACPC session of a Python player.
struct PySession {
  GamePtr game;
  std::shared_ptr<PythonErrors> errors;
  std::unique_ptr<PythonPlayer> player;
  std::unique_ptr<acpc::AcpcSession> session;
  std::vector<std::string> warnings;
};

// agent::Policy from Python.
struct PyPolicy {
  std::unique_ptr<agent::Policy> policy;
  std::mt19937_64 rng;
};

poker::Action Decide(PyPolicy& p, const PyState& s, double equity, py::handle hole, int outs,
                     int opponents_in) {
  if (s.state.finished()) ThrowStatus(absl::InvalidArgumentError("the hand is finished"));
  const int me = s.state.CurrentPlayer();
  std::vector<poker::Card> cards;
  if (hole.is_none()) {
    for (int i = 0; i < s.game->def.num_hole_cards; ++i) cards.push_back(s.state.hole_card(me, i));
  } else {
    cards = CardsArg(hole);
  }
  poker::PairCards pair{};
  if (cards.size() == 2 && cards[0] != poker::kNoCard && cards[1] != poker::kNoCard) {
    pair = cards[0] < cards[1] ? poker::PairCards{cards[0], cards[1]} : poker::PairCards{cards[1], cards[0]};
  }
  if (opponents_in < 0) {
    opponents_in = 0;
    for (int q = 0; q < s.game->def.num_players; ++q) opponents_in += q != me && !s.state.folded(q);
  }
  agent::Decision d{s.state, 0, {}, {}, 0, nullptr};
  d.me = me;
  d.hole = pair;
  d.equity.equity = equity;
  d.opponents_in = opponents_in;
  d.rng = &p.rng;
  d.outs = outs;
  d.hole_cards = cards;
  return p.policy->Decide(d);
}

}  // namespace

void PythonErrors::Capture(py::error_already_set& e) {
  if (failed_.load()) return;
  type_ = e.type();
  value_ = e.value();
  trace_ = e.trace();
  failed_.store(true);
}

void PythonErrors::RaiseIfAny() {
  if (!failed_.load()) return;
  failed_.store(false);
  PyErr_Restore(type_.release().ptr(), value_.release().ptr(), trace_.release().ptr());
  throw py::error_already_set();
}

PythonPlayer::PythonPlayer(py::object player, GamePtr game, std::shared_ptr<PythonErrors> errors)
    : player_(std::move(player)), game_(std::move(game)), errors_(std::move(errors)) {
  act_ = player_.attr("act");
  if (py::hasattr(player_, "observe")) observe_ = player_.attr("observe");
}

PythonPlayer::~PythonPlayer() {
  py::gil_scoped_acquire acquire;
  act_ = py::object();
  observe_ = py::object();
  player_ = py::object();
}

void PythonPlayer::Observe(const poker::MatchState& view) {
  if (errors_->failed()) return;
  py::gil_scoped_acquire acquire;
  if (!observe_) return;
  try {
    observe_(PyMatchState{view.viewer, PyState(game_, view.state)});
  } catch (py::error_already_set& e) {
    errors_->Capture(e);
  }
}

poker::Action PythonPlayer::Act(const poker::MatchState& view) {
  if (errors_->failed()) return poker::Action::Call();
  py::gil_scoped_acquire acquire;
  try {
    PyState state(game_, view.state);
    py::object reply = act_(PyMatchState{view.viewer, state});
    if (py::isinstance<poker::Action>(reply)) return reply.cast<poker::Action>();
    if (py::isinstance<py::str>(reply)) return ActionArg(state, reply);
    PyErr_SetString(PyExc_TypeError,
                    absl::StrCat("act() must return an Action or its protocol text ('f', 'c', "
                                 "'r300'), not ", std::string(py::str(py::type::of(reply).attr("__name__"))))
                        .c_str());
    throw py::error_already_set();
  } catch (py::error_already_set& e) {
    errors_->Capture(e);
  }
  return poker::Action::Call();
}

void BindPlayers(py::module_& m) {
  (void)kRegistered;
  py::class_<PyMatchResult>(m, "MatchResult",
                            "The result of play_match: per seat chips, mbb/hand and 95% "
                            "intervals, and every hand's values.")
      .def_property_readonly("players",
                             [](const PyMatchResult& r) {
                               py::list out;
                               for (const arena::SeatResult& s : r.result.players) {
                                 py::dict d;
                                 d["name"] = s.name;
                                 d["chips"] = s.chips;
                                 d["mbb_per_hand"] = s.mbb_per_hand;
                                 d["ci95"] = s.ci95;
                                 d["ci95_unpaired"] = s.ci95_unpaired;
                                 out.append(d);
                               }
                               return out;
                             },
                             "Per seat: name, chips won, mbb_per_hand, ci95 (the 95% interval's "
                             "half-width, paired by deal when duplicate), ci95_unpaired.")
      .def_property_readonly("hands", [](const PyMatchResult& r) { return r.result.hands; })
      .def_property_readonly("deals", [](const PyMatchResult& r) { return r.result.deals; })
      .def_property_readonly("rotations", [](const PyMatchResult& r) { return r.result.rotations; })
      .def_property_readonly("seconds", [](const PyMatchResult& r) { return r.result.seconds; })
      .def_property_readonly(
          "values",
          [](const PyMatchResult& r) {
            const py::ssize_t seats = r.num_players;
            py::array_t<double> out({static_cast<py::ssize_t>(r.result.values.size()) / seats, seats});
            std::copy(r.result.values.begin(), r.result.values.end(), out.mutable_data());
            return out;
          },
          "Chips won per hand and seat: an array (hands, seats), rotation by rotation.")
      .def("to_json", [](const PyMatchResult& r) { return r.json; },
           "The JSON object `arena --json` writes (arena merge pools such files).")
      .def("__repr__", [](const PyMatchResult& r) {
        std::string text = absl::StrCat("<MatchResult ", r.result.hands, " hands:");
        for (const arena::SeatResult& s : r.result.players) {
          absl::StrAppend(&text, " ", s.name, " ", absl::StrFormat("%+.1f +- %.1f", s.mbb_per_hand, s.ci95), " mbb/hand;");
        }
        return text + ">";
      });

  m.def("play_match", &PlayMatch, py::arg("game"), py::arg("players"), py::arg("names") = py::none(),
        py::arg("hands") = 1000, py::arg("seed") = 0, py::arg("duplicate") = false,
        py::arg("fixed_seats") = false, py::arg("first_hand") = 0, py::arg("log_path") = "",
        "Plays a match in the in-process arena, exactly as the `arena` program does (the "
        "dealer's deal from `seed`, seats rotating, stacks reset every hand). `players` holds "
        "one entry per seat: a spec of the project's players ('bot:style=ta', "
        "'bot:style=cfr,strategy=FILE', 'agent:policy=search,model=FILE', ...) or a Python "
        "player: an object with act(view) -> Action or protocol text, and optionally "
        "observe(view), or a class (or function) that makes one (called once per rotation, so "
        "that duplicate rotations start fresh). `log_path` writes the dealer's log. An "
        "exception in a Python player (or Ctrl-C) ends the match and is raised. The GIL is "
        "released while C++ players think.");

  m.def("player_kinds", &arena::RegisteredPlayerKinds, "The kinds of player spec play_match knows.");

  py::class_<CppPlayer>(m, "Player",
                        "One of the project's players (a bot, a strategy, the agent) built from "
                        "an arena spec, to be called from Python with MatchStates.")
      .def(py::init([](py::handle game, const std::string& spec, int seat, const std::string& name) {
             CppPlayer p;
             p.game = GameArg(game);
             poker::PlayerContext context{&p.game->def, seat, name, 0};
             absl::StatusOr<std::unique_ptr<poker::Player>> made;
             {
               py::gil_scoped_release release;
               made = arena::MakePlayer(spec, context);
             }
             p.player = Unwrap(std::move(made));
             return p;
           }),
           py::arg("game"), py::arg("spec"), py::arg("seat") = 0, py::arg("name") = "player",
           "A player from an arena spec ('bot:style=ta', 'agent:policy=search', ...); `seat` is "
           "its seat for the dealer's rotation.")
      .def("observe",
           [](CppPlayer& p, const PyMatchState& view) {
             const poker::MatchState ms = View(p, view);
             py::gil_scoped_release release;
             p.player->Observe(ms);
           },
           py::arg("view"), "Shows the player a state of its hand (every state, in order).")
      .def("act",
           [](CppPlayer& p, const PyMatchState& view) {
             const poker::MatchState ms = View(p, view);
             if (ms.state.CurrentPlayer() != ms.viewer) {
               ThrowStatus(absl::InvalidArgumentError("the viewer is not the player to act"));
             }
             py::gil_scoped_release release;
             return p.player->Act(ms);
           },
           py::arg("view"),
           "The player's action where the viewer is to act (observe the state first, as the "
           "arena and the ACPC client do).");

  py::class_<PyPolicy>(m, "Policy",
                       "One of the agent's decision policies (fold, static, joker, pso, cfr, "
                       "search, ...) given the equity; the agent computes that from its hand "
                       "reading (use Player(game, 'agent:...') for the whole agent). `search` "
                       "needs the agent's reading and falls back to its blueprint here.")
      .def(py::init([](const std::string& name, const py::dict& params, uint64_t seed) {
             agent::PolicyParams p;
             for (auto item : params) {
               Check(agent::SetPolicyParam(item.first.cast<std::string>(), item.second.cast<double>(), &p));
             }
             return PyPolicy{Unwrap(agent::MakePolicy(name, p)), std::mt19937_64(seed)};
           }),
           py::arg("name"), py::arg("params") = py::dict(), py::arg("seed") = 1,
           "The policy `name` with parameters by name (docs/agent.md), e.g. {'call_thr': 0.55}.")
      .def_property_readonly("name", [](const PyPolicy& p) { return p.policy->name(); })
      .def("decide", &Decide, py::arg("state"), py::arg("equity"), py::arg("hole") = py::none(),
           py::arg("outs") = -1, py::arg("opponents_in") = -1,
           "The action for the player to act in `state` with our `equity` (0..1) against the "
           "opponents still in; `hole` defaults to its hole cards in the state, `outs` (-1: "
           "unknown) and `opponents_in` (-1: counted from the state) as the agent gives them.")
      .def("explanation", [](const PyPolicy& p) { return p.policy->explanation(); },
           "Why the last decide chose what it did, in a few words.");
  m.def("policy_names",
        []() {
          std::vector<std::string> names;
          for (const auto& [name, description] : agent::RegisteredPolicies()) names.push_back(name);
          return names;
        },
        "The agent's registered policies.");

  py::class_<PySession>(m, "AcpcSession",
                        "The ACPC protocol without the socket (play_acpc_match does the "
                        "socket): each line from the dealer in, the reply to send out.")
      .def(py::init([](py::handle game, py::object player) {
             auto s = std::make_unique<PySession>();
             s->game = GameArg(game);
             s->errors = std::make_shared<PythonErrors>();
             if (!py::hasattr(player, "act")) {
               ThrowStatus(absl::InvalidArgumentError("the player needs an act(view) method"));
             }
             s->player = std::make_unique<PythonPlayer>(player, s->game, s->errors);
             acpc::AcpcClientOptions options;
             PySession* raw = s.get();
             options.warn = [raw](absl::string_view message) { raw->warnings.emplace_back(message); };
             s->session = std::make_unique<acpc::AcpcSession>(s->game->def, s->player.get(), options);
             return s;
           }),
           py::arg("game"), py::arg("player"),
           "A session of `game` for a Python player (an object with act, and optionally observe).")
      .def("handle_line",
           [](PySession& s, const std::string& line) {
             std::string reply = s.session->HandleLine(line);
             s.errors->RaiseIfAny();
             Check(s.session->error());
             return reply;
           },
           py::arg("line"),
           "Handles one line from the dealer: MATCHSTATEs go to the player (observe, and act when "
           "it is to act); returns the reply to send ('' when none). The player's exceptions are "
           "raised here; a line of another game raises PokerError.")
      .def_property_readonly("mid_hand", [](const PySession& s) { return s.session->mid_hand(); })
      .def_property_readonly("states_seen", [](const PySession& s) { return s.session->states_seen(); })
      .def_property_readonly("lines_skipped", [](const PySession& s) { return s.session->lines_skipped(); })
      .def("take_warnings",
           [](PySession& s) {
             std::vector<std::string> out;
             out.swap(s.warnings);
             return out;
           },
           "The messages about skipped malformed lines since the last call.");
}

}  // namespace poker_py
