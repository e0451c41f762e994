// Games and states: game definitions, the rules engine's State with its legal actions, the
// MATCHSTATE and STATE line codecs, and the dealer's deal.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "logs_parser/log_reader.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "python/src/games.h"

namespace poker_py {
namespace {

using poker::Action;
using poker::ActionType;

const char* TypeName(ActionType type) {
  switch (type) {
    case ActionType::kFold:
      return "fold";
    case ActionType::kCall:
      return "call";
    case ActionType::kRaise:
      return "raise";
  }
  return "?";
}

std::string ActionString(const Action& a) {
  switch (a.type) {
    case ActionType::kFold:
      return "f";
    case ActionType::kCall:
      return "c";
    case ActionType::kRaise:
      return absl::StrCat("r", a.raise_to);
  }
  return "?";
}

std::vector<int32_t> PerPlayer(const Game& g, const int32_t* values) {
  return std::vector<int32_t>(values, values + g.def.num_players);
}

template <typename T, size_t N>
std::vector<int> PerRound(const Game& g, const std::array<T, N>& values) {
  return std::vector<int>(values.begin(), values.begin() + g.def.num_rounds);
}

void CheckPosition(const PyState& s, int p) {
  if (p < 0 || p >= s.game->def.num_players) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "position ", p, " is out of range (the game has ", s.game->def.num_players, " players)")));
  }
}

std::vector<Action> LegalActions(const poker::State& s) {
  std::vector<Action> out;
  if (s.finished()) return out;
  if (s.CanFold()) out.push_back(Action::Fold());
  out.push_back(Action::Call());
  int32_t min_to = 0, max_to = 0;
  if (s.RaiseRange(&min_to, &max_to)) {
    out.push_back(Action::Raise(min_to));
    if (max_to != min_to) out.push_back(Action::Raise(max_to));
  }
  return out;
}

py::list Cards(const poker::State& s, int p) {
  py::list out;
  for (int i = 0; i < s.game().num_hole_cards; ++i) {
    const poker::Card c = s.hole_card(p, i);
    if (c == poker::kNoCard) {
      out.append(py::none());
    } else {
      out.append(int{c});
    }
  }
  return out;
}

std::string StateRepr(const PyState& s) {
  return absl::StrCat("<State hand ", s.state.hand_number(), " round ", s.state.round(),
                      " betting '", poker::FormatBetting(s.state), "' cards '",
                      poker::FormatCards(s.state), "'", s.state.finished() ? " finished" : "", ">");
}

}  // namespace

GamePtr LoadGame(const std::string& path_or_name, const std::string& games_dir) {
  logs_parser::NamedGame named = Unwrap(logs_parser::LoadGameArgument(path_or_name, games_dir));
  return std::make_shared<Game>(Game{named.game, named.name, named.path});
}

GamePtr GameArg(py::handle value) {
  if (py::isinstance<Game>(value)) return value.cast<GamePtr>();
  return LoadGame(value.cast<std::string>(), "");
}

Action ActionArg(const PyState& s, py::handle value) {
  if (py::isinstance<Action>(value)) return value.cast<Action>();
  if (py::isinstance<py::str>(value)) {
    return Unwrap(poker::ParseAction(s.state, value.cast<std::string>()));
  }
  ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
      "an action must be an Action or its protocol text ('f', 'c', 'r300'), got ",
      std::string(py::str(py::type::of(value))))));
}

void BindGames(py::module_& m) {
  py::class_<Game, GamePtr>(m, "Game",
                            "An ACPC game definition (.game file): betting, players, blinds, "
                            "stacks, deck, rounds. Chip amounts are in chips.")
      .def_static("load", &LoadGame, py::arg("path_or_name"), py::arg("games_dir") = "",
                  "Loads a .game file by path, or by the name of one in `games_dir` (default: the "
                  "project's data/games), with or without '.game': "
                  "Game.load('holdem.nolimit.2p.reverse_blinds').")
      .def_static(
          "parse",
          [](const std::string& text, const std::string& source) {
            return std::make_shared<Game>(Game{Unwrap(poker::ParseGameDef(text, source)), "", ""});
          },
          py::arg("text"), py::arg("source") = "<game>",
          "Parses the text of a game file (GAMEDEF ... END GAMEDEF); errors name `source`:line.")
      .def_property_readonly("name", [](const Game& g) { return g.name; },
                             "The file's base name ('' when parsed from text).")
      .def_property_readonly("path", [](const Game& g) { return g.path; })
      .def_property_readonly("num_players", [](const Game& g) { return g.def.num_players; })
      .def_property_readonly("num_rounds", [](const Game& g) { return g.def.num_rounds; })
      .def_property_readonly("is_no_limit", [](const Game& g) { return g.def.is_no_limit(); })
      .def_property_readonly("betting",
                             [](const Game& g) { return g.def.is_no_limit() ? "nolimit" : "limit"; })
      .def_property_readonly("stacks", [](const Game& g) { return PerPlayer(g, g.def.stack.data()); },
                             "Chips per position for each hand (2147483647: no limit).")
      .def_property_readonly("blinds", [](const Game& g) { return PerPlayer(g, g.def.blind.data()); })
      .def_property_readonly("big_blind", [](const Game& g) { return g.def.BigBlind(); })
      .def_property_readonly("raise_sizes", [](const Game& g) { return PerRound(g, g.def.raise_size); },
                             "Per round, limit games: the chips one raise adds.")
      .def_property_readonly("first_player", [](const Game& g) { return PerRound(g, g.def.first_player); },
                             "Per round: the 0-based position acting first.")
      .def_property_readonly("max_raises", [](const Game& g) { return PerRound(g, g.def.max_raises); },
                             "Per round: raises allowed (255: no cap).")
      .def_property_readonly("num_suits", [](const Game& g) { return g.def.num_suits; })
      .def_property_readonly("num_ranks", [](const Game& g) { return g.def.num_ranks; })
      .def_property_readonly("num_hole_cards", [](const Game& g) { return g.def.num_hole_cards; })
      .def_property_readonly("num_board_cards",
                             [](const Game& g) { return PerRound(g, g.def.num_board_cards); },
                             "Per round: the board cards dealt at its start.")
      .def_property_readonly("is_holdem_cards", [](const Game& g) { return g.def.IsHoldemCards(); },
                             "52 cards, 2 hole cards, board 0/3/1/1: the games ranges and models "
                             "of 1326 pairs apply to.")
      .def("to_text", [](const Game& g) { return poker::FormatGameDef(g.def); },
           "The game as .game file text (Game.parse reads it back to an equal game).")
      .def("__eq__", [](const Game& a, const Game& b) { return a.def == b.def; })
      .def("__hash__", [](const Game& g) { return py::hash(py::str(poker::FormatGameDef(g.def))); })
      .def("__repr__", [](const Game& g) {
        return absl::StrCat("<Game ", g.name.empty() ? "(parsed)" : g.name, ": ",
                            g.def.num_players, " players, ", g.def.is_no_limit() ? "no-limit" : "limit",
                            ">");
      });

  py::class_<Action>(m, "Action",
                     "One betting action: fold, call (check included) or a raise to a total "
                     "(the actor's chips in the pot for the whole hand after it, in limit games "
                     "too). str() is the protocol text: 'f', 'c', 'r300'.")
      .def_static("fold", &Action::Fold)
      .def_static("call", &Action::Call, "Call, or check when nothing is to be called.")
      .def_static("raise_to", &Action::Raise, py::arg("total"),
                  "A raise to `total` chips (raise-to, not the increment).")
      .def_property_readonly("kind", [](const Action& a) { return TypeName(a.type); },
                             "'fold', 'call' or 'raise'.")
      .def_property_readonly("amount", [](const Action& a) { return a.raise_to; },
                             "The raise-to total in chips (0 for fold and call).")
      .def("__eq__", [](const Action& a, const Action& b) { return a == b; })
      .def("__hash__", [](const Action& a) { return py::hash(py::str(ActionString(a))); })
      .def("__str__", &ActionString)
      .def("__repr__", [](const Action& a) { return absl::StrCat("Action('", ActionString(a), "')"); });

  py::class_<PyState>(m, "State",
                      "One hand under the ACPC rules, exactly as the competition server plays "
                      "it: betting, the player to act, legal actions, pot, payoffs. Cards may be "
                      "unknown (None). Positions are 0-based; amounts are chips.")
      .def(py::init([](py::handle game, uint32_t hand_number) {
             return PyState(GameArg(game), hand_number);
           }),
           py::arg("game"), py::arg("hand_number") = 0,
           "A new hand of `game` (a Game, or a game's path or name) with the blinds posted and "
           "no cards known.")
      .def_property_readonly("game", [](const PyState& s) { return s.game; })
      .def_property_readonly("hand_number", [](const PyState& s) { return s.state.hand_number(); })
      .def_property_readonly("round", [](const PyState& s) { return s.state.round(); },
                             "0 = preflop.")
      .def_property_readonly("finished", [](const PyState& s) { return s.state.finished(); })
      .def_property_readonly("current_player", [](const PyState& s) { return s.state.CurrentPlayer(); },
                             "The position to act; -1 when finished.")
      .def_property_readonly("pot", [](const PyState& s) { return s.state.pot(); },
                             "Chips put in by everyone so far.")
      .def_property_readonly("spent",
                             [](const PyState& s) {
                               std::vector<int32_t> out;
                               for (int p = 0; p < s.game->def.num_players; ++p) out.push_back(s.state.spent(p));
                               return out;
                             },
                             "Per position: chips put in this hand (blinds included).")
      .def_property_readonly("stacks",
                             [](const PyState& s) {
                               std::vector<int64_t> out;
                               for (int p = 0; p < s.game->def.num_players; ++p) {
                                 out.push_back(int64_t{s.game->def.stack[p]} - s.state.spent(p));
                               }
                               return out;
                             },
                             "Per position: chips still behind (the game's stack minus spent).")
      .def_property_readonly("max_spent", [](const PyState& s) { return s.state.max_spent(); })
      .def_property_readonly("amount_to_call", [](const PyState& s) { return s.state.AmountToCall(); },
                             "Chips the player to act must add to call (capped at its stack).")
      .def_property_readonly("folded",
                             [](const PyState& s) {
                               std::vector<bool> out;
                               for (int p = 0; p < s.game->def.num_players; ++p) out.push_back(s.state.folded(p));
                               return out;
                             })
      .def_property_readonly("all_in",
                             [](const PyState& s) {
                               std::vector<bool> out;
                               for (int p = 0; p < s.game->def.num_players; ++p) out.push_back(s.state.all_in(p));
                               return out;
                             })
      .def_property_readonly("can_fold", [](const PyState& s) { return s.state.CanFold(); })
      .def_property_readonly("can_raise", [](const PyState& s) { return s.state.CanRaise(); })
      .def_property_readonly(
          "raise_range",
          [](const PyState& s) -> py::object {
            int32_t lo = 0, hi = 0;
            if (!s.state.RaiseRange(&lo, &hi)) return py::none();
            return py::make_tuple(lo, hi);
          },
          "(min, max) raise-to totals for the player to act, or None when it cannot raise.")
      .def("legal_actions", [](const PyState& s) { return LegalActions(s.state); },
           "The distinct kinds of legal action: fold (when facing a bet), call, and the smallest "
           "and largest raise (any total between them is legal too in no-limit). Empty when "
           "finished.")
      .def("is_legal", [](const PyState& s, py::handle a) { return s.state.IsLegal(ActionArg(s, a)); },
           py::arg("action"))
      .def("check_action", [](const PyState& s, py::handle a) { Check(s.state.CheckAction(ActionArg(s, a))); },
           py::arg("action"), "Raises InvalidArgumentError saying why if `action` is illegal.")
      .def(
          "apply",
          [](PyState& s, py::handle a) -> PyState& {
            Check(s.state.Apply(ActionArg(s, a)));
            return s;
          },
          py::arg("action"), py::return_value_policy::reference_internal,
          "Applies a legal action (an Action or its protocol text 'f', 'c', 'r300') and returns "
          "the state; an illegal one raises InvalidArgumentError and changes nothing.")
      .def("normalize", [](const PyState& s, py::handle a) { return s.state.Normalize(ActionArg(s, a)); },
           py::arg("action"),
           "What the dealer plays for a reply: an illegal action becomes a call, a no-limit raise "
           "is clamped into the legal range.")
      .def("parse_action", [](const PyState& s, const std::string& text) {
             return Unwrap(poker::ParseAction(s.state, text)); },
           py::arg("text"), "An action from the protocol's text ('f', 'c', 'r', 'r300').")
      .def("action_text", [](const PyState& s, const Action& a) { return ActionText(s.game->def, a); },
           py::arg("action"), "The protocol's text of `action` in this game ('r' for a limit raise).")
      .def_property_readonly("betting", [](const PyState& s) { return poker::FormatBetting(s.state); },
                             "The betting as the server prints it: 'cr300c/r600f'.")
      .def("apply_betting", [](PyState& s, const std::string& b) { Check(poker::ApplyBetting(b, &s.state)); },
           py::arg("betting"), "Replays a betting string onto this state.")
      .def_property_readonly(
          "history",
          [](const PyState& s) {
            py::list out;
            for (int r = 0; r <= s.state.round() && r < s.game->def.num_rounds; ++r) {
              for (int i = 0; i < s.state.num_actions(r); ++i) {
                out.append(py::make_tuple(r, s.state.actor(r, i), s.state.action(r, i)));
              }
            }
            return out;
          },
          "Every action so far as (round, position, Action).")
      .def("num_raises", [](const PyState& s, int round) { return s.state.num_raises(round); },
           py::arg("round"))
      .def("hole_cards", [](const PyState& s, int p) { CheckPosition(s, p); return Cards(s.state, p); },
           py::arg("position"), "Card numbers of a position's hole cards (None where unknown).")
      .def(
          "set_hole_cards",
          [](PyState& s, int p, py::handle cards) {
            CheckPosition(s, p);
            const std::vector<poker::Card> c = CardsArg(cards);
            if (static_cast<int>(c.size()) != s.game->def.num_hole_cards) {
              ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
                  "the game deals ", s.game->def.num_hole_cards, " hole cards, got ", c.size())));
            }
            for (size_t i = 0; i < c.size(); ++i) s.state.set_hole_card(p, static_cast<int>(i), c[i]);
          },
          py::arg("position"), py::arg("cards"))
      .def_property_readonly(
          "board",
          [](const PyState& s) {
            std::vector<int> out;
            for (int i = 0; i < s.state.NumBoardCardsVisible(); ++i) {
              if (s.state.board_card(i) != poker::kNoCard) out.push_back(s.state.board_card(i));
            }
            return out;
          },
          "The board cards visible in the current round (known ones).")
      .def(
          "set_board",
          [](PyState& s, py::handle cards) {
            const std::vector<poker::Card> c = CardsArg(cards);
            if (static_cast<int>(c.size()) > s.game->def.TotalBoardCards()) {
              ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
                  "the game has ", s.game->def.TotalBoardCards(), " board cards, got ", c.size())));
            }
            for (size_t i = 0; i < c.size(); ++i) s.state.set_board_card(static_cast<int>(i), c[i]);
          },
          py::arg("cards"), "Sets the first board cards (later rounds' cards may be set early).")
      .def("cards_text", [](const PyState& s, int viewer) { return poker::FormatCards(s.state, viewer); },
           py::arg("viewer") = -1,
           "The card section of a MATCHSTATE or STATE line ('Ah2c|/Td9s8h'); with viewer >= 0 only "
           "what that position may see.")
      .def("apply_cards",
           [](PyState& s, const std::string& cards, bool all) { Check(poker::ApplyCards(cards, all, &s.state)); },
           py::arg("cards"), py::arg("require_all_hole") = false,
           "Sets cards from a card section ('Ah2c|/Td9s8h').")
      .def_property_readonly("is_showdown", [](const PyState& s) { return s.state.IsShowdown(); })
      .def(
          "values",
          [](const PyState& s) {
            std::vector<double> out(s.game->def.num_players);
            Check(s.state.Values(absl::MakeSpan(out)));
            return out;
          },
          "Per position: chips won (negative: lost) in a finished hand; at a showdown every "
          "player still in must have known cards.")
      .def("copy", [](const PyState& s) { return PyState(s); })
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def("__deepcopy__", [](const PyState& s, py::dict) { return PyState(s); }, py::arg("memo"))
      .def("__repr__", &StateRepr);

  py::class_<PyMatchState>(m, "MatchState",
                           "What the dealer sends one seat: `MATCHSTATE:<position>:<hand>:"
                           "<betting>:<cards>`. `viewer` is the seat's position in the hand.")
      .def(py::init([](int viewer, const PyState& s) { return PyMatchState{viewer, s}; }),
           py::arg("viewer"), py::arg("state"))
      .def_static("parse",
                  [](py::handle game, const std::string& line) {
                    GamePtr g = GameArg(game);
                    poker::MatchState ms = Unwrap(poker::ParseMatchState(g->def, line));
                    return PyMatchState{ms.viewer, PyState(g, ms.state)};
                  },
                  py::arg("game"), py::arg("line"), "Parses one MATCHSTATE line of `game`.")
      .def_readwrite("viewer", &PyMatchState::viewer)
      .def_readwrite("state", &PyMatchState::state)
      .def_property_readonly("is_my_turn",
                             [](const PyMatchState& v) { return v.state.state.CurrentPlayer() == v.viewer; })
      .def("hole_cards", [](const PyMatchState& v) { return Cards(v.state.state, v.viewer); },
           "The viewer's own hole cards.")
      .def("to_line", [](const PyMatchState& v) {
             return poker::FormatMatchState(poker::MatchState{v.viewer, v.state.state}); },
           "The line, without a line ending.")
      .def("__str__", [](const PyMatchState& v) {
             return poker::FormatMatchState(poker::MatchState{v.viewer, v.state.state}); })
      .def("__repr__", [](const PyMatchState& v) {
        return absl::StrCat("MatchState('", poker::FormatMatchState(poker::MatchState{v.viewer, v.state.state}), "')");
      });

  py::class_<PyLogLine>(m, "LogLine",
                        "One `STATE:` line of a dealer's log: the finished hand with every card, "
                        "the values per position and the players' names.")
      .def_static("parse",
                  [](py::handle game, const std::string& line) {
                    GamePtr g = GameArg(game);
                    poker::LogLine l = Unwrap(poker::ParseLogLine(g->def, line));
                    return PyLogLine{PyState(g, l.state), l.values, l.names, l.comment};
                  },
                  py::arg("game"), py::arg("line"),
                  "Parses and replays one STATE line, checking the logged values against the "
                  "rules' payoffs.")
      .def_readwrite("state", &PyLogLine::state)
      .def_readwrite("values", &PyLogLine::values)
      .def_readwrite("names", &PyLogLine::names)
      .def_readwrite("comment", &PyLogLine::comment)
      .def("to_line",
           [](const PyLogLine& l) {
             return poker::FormatLogLine(poker::LogLine{l.state.state, l.values, l.names, l.comment});
           },
           "The line as the dealer writes it.")
      .def("__str__", [](const PyLogLine& l) {
        return poker::FormatLogLine(poker::LogLine{l.state.state, l.values, l.names, l.comment});
      });

  m.def("format_value", &poker::FormatValue, py::arg("chips"),
        "A chip value as the dealer prints it ('%.6f' without trailing zeros).");

  struct PyDealer {
    GamePtr game;
    poker::Dealer dealer;
    uint32_t next = 0;
  };
  py::class_<PyDealer>(m, "Dealer",
                       "The ACPC dealer's deal: the cards of every hand of a match exactly as the "
                       "server deals them from its seed.")
      .def(py::init([](py::handle game, uint32_t seed) {
             GamePtr g = GameArg(game);
             return std::make_unique<PyDealer>(PyDealer{g, poker::Dealer(g->def, seed), 0});
           }),
           py::arg("game"), py::arg("seed"))
      .def(
          "deal_next",
          [](PyDealer& d) {
            PyState s(d.game, d.next++);
            d.dealer.DealNext(&s.state);
            return s;
          },
          "The next hand (numbered from 0) as a new State with every card dealt.");
}

}  // namespace poker_py
