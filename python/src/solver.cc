// Solver strategies: loading a strategy file, its action probabilities at a real state for a
// hand, exploitability of small games, and training a strategy with a budget.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "poker/state.h"
#include "python/src/common.h"
#include "python/src/games.h"
#include "python/src/solver.h"
#include "solver/best_response.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/cfr_player.h"
#include "solver/mccfr.h"
#include "solver/strategy_file.h"

namespace poker_py {
namespace {

using solver::Blueprint;

std::vector<poker::Card> HoleOrOwn(const PyState& s, py::handle hole) {
  if (!hole.is_none()) return CardsArg(hole);
  const int p = s.state.CurrentPlayer();
  if (p < 0) ThrowStatus(absl::InvalidArgumentError("the hand is finished: nobody is to act"));
  std::vector<poker::Card> cards;
  for (int i = 0; i < s.game->def.num_hole_cards; ++i) {
    const poker::Card c = s.state.hole_card(p, i);
    if (c == poker::kNoCard) {
      ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
          "the hole cards of position ", p, " (to act) are unknown; pass hole=")));
    }
    cards.push_back(c);
  }
  return cards;
}

solver::PlayOptions PlayArg(const PyStrategy& s, py::handle play) {
  if (play.is_none()) return Unwrap(solver::DefaultPlayOptions(*s.blueprint));
  return Unwrap(solver::ParsePlaySetting(play.cast<std::string>()));
}

void CheckDecision(const PyStrategy& s, const PyState& state, const std::vector<poker::Card>& hole) {
  if (!(state.game->def == s.blueprint->game())) {
    ThrowStatus(absl::InvalidArgumentError("the state is of another game than the strategy's"));
  }
  if (state.state.finished()) ThrowStatus(absl::InvalidArgumentError("the hand is finished"));
  if (static_cast<int>(hole.size()) != state.game->def.num_hole_cards) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "the game deals ", state.game->def.num_hole_cards, " hole cards, got ", hole.size())));
  }
}

py::dict Probabilities(const PyStrategy& s, const PyState& state, py::handle hole, py::handle play,
                       uint64_t seed) {
  const std::vector<poker::Card> cards = HoleOrOwn(state, hole);
  CheckDecision(s, state, cards);
  const solver::CfrDecider decider(s.blueprint, seed, PlayArg(s, play));
  solver::StrategyAtState at;
  {
    py::gil_scoped_release release;
    at = decider.Strategy(state.state, cards);
  }
  py::dict d;
  d["node"] = at.node;
  d["bucket"] = at.bucket;
  d["off_tree"] = at.off_tree;
  py::list actions;
  for (size_t a = 0; a < at.actions.size(); ++a) {
    actions.append(py::make_tuple(at.actions[a], at.stored[a], at.played[a]));
  }
  d["actions"] = actions;
  return d;
}

py::object Exploitability(const PyStrategy& s, int64_t max_deals) {
  absl::StatusOr<solver::ExploitabilityReport> report;
  {
    py::gil_scoped_release release;
    report = solver::ComputeExploitability(s.blueprint->tree(), s.blueprint->cards(),
                                           s.blueprint->ToProfile(), max_deals);
  }
  const solver::ExploitabilityReport r = Unwrap(std::move(report));
  py::dict d;
  d["values"] = r.values;
  d["br_values"] = r.br_values;
  d["nash_conv"] = r.nash_conv;
  d["exploitability"] = r.exploitability;
  return d;
}

PyStrategy TrainStrategy(py::handle game, const std::string& out, std::optional<int64_t> iterations,
                         std::optional<double> seconds, int threads, uint64_t seed,
                         std::optional<std::string> abstraction, const std::string& actions_text,
                         bool all_in, int max_raises, const std::string& weighting) {
  const GamePtr g = GameArg(game);
  if (!iterations.has_value() && !seconds.has_value()) {
    ThrowStatus(absl::InvalidArgumentError("train_strategy needs iterations or seconds (a budget)"));
  }
  if ((iterations.has_value() && *iterations < 1) || (seconds.has_value() && !(*seconds > 0)) ||
      threads < 1 || max_raises < 0 || (weighting != "uniform" && weighting != "linear")) {
    ThrowStatus(absl::InvalidArgumentError(
        "iterations >= 1, seconds > 0, threads >= 1, max_raises >= 0 and weighting 'uniform' or "
        "'linear' are needed"));
  }
  const std::string spec = abstraction.value_or(g->def.DeckSize() <= 13 ? "exact" : "holdem");
  std::unique_ptr<solver::CardAbstraction> cards = Unwrap(solver::MakeCardAbstraction(g->def, spec));
  solver::ActionAbstraction actions;
  Check(solver::ParsePotFractions(actions_text, &actions));
  actions.all_in = all_in;
  actions.max_raises = max_raises;
  solver::BettingTree tree = Unwrap(solver::BettingTree::Build(g->def, actions, *cards));
  solver::MccfrOptions options;
  options.threads = threads;
  options.seed = seed;
  options.weighting = weighting == "linear" ? solver::Weighting::kLinear : solver::Weighting::kUniform;
  solver::Mccfr mccfr(tree, *cards, options);
  const int64_t target = iterations.value_or(int64_t{1} << 60);
  const double budget = seconds.value_or(0);
  double spent = 0;
  // One-second slices, so that Ctrl-C (checked between slices, with the GIL) stops the run.
  while (mccfr.iterations() < target && (budget <= 0 || spent < budget)) {
    const double slice = budget > 0 ? std::min(1.0, budget - spent) : 1.0;
    const auto start = std::chrono::steady_clock::now();
    absl::Status run;
    {
      py::gil_scoped_release release;
      run = mccfr.Run(target, slice);
    }
    Check(run);
    spent += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
  solver::TrainingInfo info;
  info.card_spec = spec;
  info.iterations = mccfr.iterations();
  info.seed = seed;
  info.weighting = weighting;
  info.seconds = spent;
  info.threads = threads;
  absl::StatusOr<std::unique_ptr<Blueprint>> loaded;
  {
    py::gil_scoped_release release;
    absl::Status written = solver::WriteStrategyFile(out, tree, *cards, mccfr.AverageProfile(), info);
    if (written.ok()) {
      loaded = Blueprint::Load(out, &g->def);
    } else {
      loaded = written;
    }
  }
  return PyStrategy{std::shared_ptr<const Blueprint>(Unwrap(std::move(loaded))), g, out};
}

}  // namespace

PyStrategy LoadStrategy(const std::string& path, py::handle game) {
  GamePtr g = game.is_none() ? nullptr : GameArg(game);
  absl::StatusOr<std::unique_ptr<Blueprint>> loaded;
  {
    py::gil_scoped_release release;
    loaded = Blueprint::Load(path, g == nullptr ? nullptr : &g->def);
  }
  std::shared_ptr<const Blueprint> bp(Unwrap(std::move(loaded)));
  if (g == nullptr) g = std::make_shared<Game>(Game{bp->game(), "", ""});
  return PyStrategy{std::move(bp), g, path};
}

void BindSolver(py::module_& m) {
  py::class_<PyStrategy>(m, "Strategy",
                         "A solver strategy (a blueprint): an abstract game's betting tree, its "
                         "card abstraction and the probability of every action at every "
                         "decision for every bucket, as `solver train` writes it.")
      .def_static("load", &LoadStrategy, py::arg("path"), py::arg("game") = py::none(),
                  "Loads a strategy file (e.g. data/strategies/leduc.limit.2p.strategy); with "
                  "`game`, refuses one of another game.")
      .def_readonly("path", &PyStrategy::path)
      .def_readonly("game", &PyStrategy::game)
      .def_property_readonly("card_abstraction", [](const PyStrategy& s) { return s.blueprint->cards().Name(); })
      .def_property_readonly("betting", [](const PyStrategy& s) { return s.blueprint->tree().Name(); },
                             "The betting abstraction's name, e.g. 'nl:0.5,1,2:allin:cap2:v2'.")
      .def_property_readonly("num_nodes", [](const PyStrategy& s) { return s.blueprint->tree().num_nodes(); })
      .def_property_readonly("num_infosets", [](const PyStrategy& s) { return s.blueprint->tree().num_infosets(); })
      .def_property_readonly("iterations", [](const PyStrategy& s) { return s.blueprint->header().iterations(); })
      .def_property_readonly("seed", [](const PyStrategy& s) { return s.blueprint->header().seed(); })
      .def_property_readonly("play", [](const PyStrategy& s) {
             return solver::FormatPlaySetting(Unwrap(solver::DefaultPlayOptions(*s.blueprint))); },
             "The play setting the file asks for: 'plain', 'threshold=T' or 'purify'.")
      .def("probabilities", &Probabilities, py::arg("state"), py::arg("hole") = py::none(),
           py::arg("play") = py::none(), py::arg("seed") = 1,
           "The strategy at the decision of `state` for `hole` (default: the hole cards of the "
           "player to act): {'node', 'bucket', 'off_tree', 'actions': [(Action, stored "
           "probability, played probability)]}. `play` is 'plain', 'threshold=T' or 'purify' "
           "(default: the file's); `seed` fixes how off-tree raises are translated, as the "
           "players' seed= does.")
      .def("decide",
           [](const PyStrategy& s, const PyState& state, py::handle hole, double u, py::handle play,
              uint64_t seed) {
             const std::vector<poker::Card> cards = HoleOrOwn(state, hole);
             CheckDecision(s, state, cards);
             if (!(u >= 0 && u < 1)) ThrowStatus(absl::InvalidArgumentError("u must be in [0, 1)"));
             const solver::CfrDecider decider(s.blueprint, seed, PlayArg(s, play));
             py::gil_scoped_release release;
             return decider.Decide(state.state, cards, u);
           },
           py::arg("state"), py::arg("hole") = py::none(), py::arg("u") = 0.5,
           py::arg("play") = py::none(), py::arg("seed") = 1,
           "The action the cfr players take at `state` with the uniform draw `u` in [0, 1).")
      .def("exploitability", &Exploitability, py::arg("max_deals") = 2'000'000,
           "Exact best responses of a small game (Kuhn, Leduc with the exact abstraction): "
           "{'values', 'br_values', 'nash_conv', 'exploitability'} in chips per hand.");

  m.def("train_strategy", &TrainStrategy, py::arg("game"), py::arg("out"),
        py::arg("iterations") = py::none(), py::arg("seconds") = py::none(), py::arg("threads") = 1,
        py::arg("seed") = 1, py::arg("abstraction") = py::none(), py::arg("actions") = "0.5,1,2",
        py::arg("all_in") = true, py::arg("max_raises") = 2, py::arg("weighting") = "uniform",
        "Trains a Monte Carlo CFR strategy of `game` as `solver train` does and writes it to "
        "`out`: until `iterations` (rounded up to chunks of 256) or `seconds` of training, "
        "whichever comes first. With one thread a seed repeats exactly. `abstraction`: 'exact' "
        "(the default for small decks) or 'holdem[:PRE,FLOP,TURN,RIVER]'; `actions`, `all_in` "
        "and `max_raises` shape no-limit betting. Returns the loaded Strategy. The GIL is "
        "released; Ctrl-C stops within a second.");
}

}  // namespace poker_py
