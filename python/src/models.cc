// Opponent models: training from logs, files (load, save, merge), the pattern trees' counts, and
// the hand reader that turns a model and a hand into every player's 1326 pair weights.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "agent/hand_reader.h"
#include "logs_parser/log_reader.h"
#include "python/src/common.h"
#include "python/src/games.h"
#include "python/src/models.h"
#include "trainer/opponent_model.h"
#include "trainer/pattern_tree.h"
#include "trainer/train.h"

namespace poker_py {
namespace {

using trainer::NodeView;
using trainer::OpponentModel;
using trainer::PathKey;

// A tree node's counts, copied out of the model.
struct PyNode {
  std::string path;
  std::vector<std::pair<std::string, bool>> steps;
  bool found = false;
  uint64_t times = 0;
  py::array_t<uint64_t> action_counts;
  py::array_t<uint64_t> bucket_counts;
};

PyNode MakeNode(const OpponentModel& model, const NodeView& view) {
  PyNode n;
  const trainer::ActionAbstraction& abstraction = model.abstraction();
  n.path = view.path().ToString(abstraction);
  for (int i = 0; i < view.path().depth(); ++i) {
    const trainer::AbstractAction a = view.path().action(i);
    n.steps.emplace_back(a < abstraction.num_actions() ? abstraction.Name(a) : absl::StrCat(int{a}),
                         view.path().own(i));
  }
  n.found = view.found();
  n.times = view.times();
  const int na = abstraction.num_actions();
  const int nb = view.num_buckets();
  n.action_counts = py::array_t<uint64_t>(na);
  n.bucket_counts = py::array_t<uint64_t>({nb, na});
  auto counts = n.action_counts.mutable_unchecked<1>();
  auto buckets = n.bucket_counts.mutable_unchecked<2>();
  for (int a = 0; a < na; ++a) {
    counts(a) = view.action_count(static_cast<trainer::AbstractAction>(a));
    for (int b = 0; b < nb; ++b) buckets(b, a) = view.bucket_action_count(b, static_cast<trainer::AbstractAction>(a));
  }
  return n;
}

// A player's model (or the population) inside a Model; keeps the model alive.
struct PyPlayerModel {
  ModelPtr model;
  const trainer::PlayerModel* player;
};

// One street's tree of a player's model.
struct PyTree {
  ModelPtr model;
  const trainer::PatternTree* tree;
};

trainer::AbstractAction ActionIndex(const OpponentModel& model, py::handle action) {
  const trainer::ActionAbstraction& abstraction = model.abstraction();
  if (py::isinstance<py::str>(action)) {
    const std::string name = action.cast<std::string>();
    for (int a = 0; a < abstraction.num_actions(); ++a) {
      if (abstraction.Name(static_cast<trainer::AbstractAction>(a)) == name) {
        return static_cast<trainer::AbstractAction>(a);
      }
    }
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "unknown abstract action '", name, "' (the model's: ", absl::StrJoin(abstraction.names(), ", "), ")")));
  }
  const int a = action.cast<int>();
  if (a < 0 || a >= abstraction.num_actions()) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat("abstract action ", a, " is out of range")));
  }
  return static_cast<trainer::AbstractAction>(a);
}

PathKey PathArg(const OpponentModel& model, py::handle steps) {
  PathKey path;
  for (py::handle step : steps) {
    py::tuple t = py::reinterpret_borrow<py::object>(step).cast<py::tuple>();
    if (t.size() != 2) ThrowStatus(absl::InvalidArgumentError("a path step is (action, own)"));
    if (path.depth() >= PathKey::kMaxDepth) ThrowStatus(absl::InvalidArgumentError("path too deep"));
    path = path.Child(ActionIndex(model, t[0]), t[1].cast<bool>());
  }
  return path;
}

const trainer::PlayerModel& PlayerOrPopulation(const OpponentModel& model, py::handle player) {
  if (player.is_none()) return model.population();
  const std::string name = player.cast<std::string>();
  const trainer::PlayerModel* p = model.FindPlayer(name);
  if (p == nullptr) {
    ThrowStatus(absl::NotFoundError(absl::StrCat("the model has no player '", name, "'")));
  }
  return *p;
}

void CheckStateGame(const OpponentModel& model, const PyState& s) {
  Check(trainer::CompareGames(model.game(), s.game->def));
}

py::dict ProvenanceDict(const trainer::Provenance& p) {
  py::dict d;
  d["files"] = std::vector<std::string>(p.files.begin(), p.files.end());
  d["hands_read"] = p.hands_read;
  d["hands_used"] = p.hands_used;
  d["lines"] = p.lines;
  d["lines_rejected"] = p.lines_rejected;
  d["rejected_by_reason"] = p.rejected_by_reason;
  d["files_failed"] = p.files_failed;
  d["trainer_versions"] = std::vector<std::string>(p.trainer_versions.begin(), p.trainer_versions.end());
  d["strip_name_suffix"] = p.strip_name_suffix;
  d["player_filter"] = std::vector<std::string>(p.player_filter.begin(), p.player_filter.end());
  d["online_hands"] = p.online_hands;
  return d;
}

PyModel TrainModel(py::handle logs, py::handle game, int threads, int buckets, int max_depth,
                   std::optional<std::vector<double>> raise_edges, double draw_max_hs,
                   bool street_context, bool preflop_small_pairs,
                   std::optional<std::vector<std::string>> players, uint64_t min_hands,
                   bool strip_name_suffix, bool strict, std::optional<std::pair<int, int>> shard,
                   const std::string& games_dir) {
  trainer::TrainOptions options;
  if (py::isinstance<py::str>(logs) || py::hasattr(logs, "__fspath__")) {
    options.log_paths.push_back(py::str(logs).cast<std::string>());
  } else {
    for (py::handle p : logs) options.log_paths.push_back(py::str(p).cast<std::string>());
  }
  const GamePtr g = GameArg(game);
  options.game = g->def;
  options.game_name = g->name;
  options.games_dir = games_dir;
  if (threads < 1 || buckets < 0) {
    ThrowStatus(absl::InvalidArgumentError("threads must be at least 1 and buckets not negative"));
  }
  options.threads = threads;
  options.model.num_buckets = buckets;
  options.model.max_depth = max_depth;
  if (raise_edges.has_value()) options.model.raise_edges = *raise_edges;
  options.model.draw_max_hs = draw_max_hs;
  options.model.street_context = street_context;
  options.model.preflop_small_pairs = preflop_small_pairs;
  if (players.has_value()) options.players = *players;
  options.min_hands = min_hands;
  options.strip_name_suffix = strip_name_suffix;
  options.strict = strict;
  if (shard.has_value()) {
    if (shard->second < 1 || shard->first < 0 || shard->first >= shard->second) {
      ThrowStatus(absl::InvalidArgumentError("shard must be (I, N) with 0 <= I < N"));
    }
    options.shard_index = shard->first;
    options.shard_count = shard->second;
  }
  absl::StatusOr<trainer::TrainResult> result;
  {
    py::gil_scoped_release release;
    result = trainer::Train(options);
  }
  trainer::TrainResult r = Unwrap(std::move(result));
  if (r.summary.hands == 0) {
    // As `trainer train`: an empty model would read every opponent as DFmodel, hiding the mistake.
    ThrowStatus(absl::FailedPreconditionError(absl::StrCat(
        "no usable hand in ", r.summary.files, " file(s) (", r.summary.lines, " lines, ",
        r.summary.rejected, " rejected: wrong game?)")));
  }
  PyModel out{std::make_shared<OpponentModel>(std::move(r.model)), std::move(r.summary)};
  return out;
}

GamePtr ModelGame(const PyModel& m) {
  return std::make_shared<Game>(Game{m.model->game(), "", ""});
}

}  // namespace

void BindModels(py::module_& m) {
  py::class_<PyNode>(m, "TreeNode",
                     "The counts of one pattern-tree node (copied out of the model): how often "
                     "the player was there (`times`) and its decisions, overall "
                     "(`action_counts`, by abstract action) and per strength bucket of its cards "
                     "(`bucket_counts`, buckets x actions).")
      .def_readonly("path", &PyNode::path, "'root' or the steps, e.g. 'other:r0.6-1 me:call'.")
      .def_readonly("steps", &PyNode::steps, "The path as (abstract action name, own) pairs.")
      .def_readonly("found", &PyNode::found, "False for a node never observed (all zeros).")
      .def_readonly("times", &PyNode::times)
      .def_readonly("action_counts", &PyNode::action_counts)
      .def_readonly("bucket_counts", &PyNode::bucket_counts)
      .def("__repr__", [](const PyNode& n) {
        return absl::StrCat("<TreeNode ", n.path, " times ", n.times, ">");
      });

  py::class_<PyTree>(m, "PatternTree", "One street's pattern tree of a player (or the population).")
      .def_property_readonly("num_nodes", [](const PyTree& t) { return t.tree->num_nodes(); })
      .def_property_readonly("num_buckets", [](const PyTree& t) { return t.tree->num_buckets(); })
      .def_property_readonly("max_depth", [](const PyTree& t) { return t.tree->max_depth(); })
      .def("root", [](const PyTree& t) { return MakeNode(*t.model, t.tree->Root()); })
      .def("nodes",
           [](const PyTree& t) {
             std::vector<PyNode> out;
             for (int i : t.tree->SortedNodes()) out.push_back(MakeNode(*t.model, t.tree->Node(i)));
             return out;
           },
           "Every node, in path order (a parent before its children).")
      .def("lookup",
           [](const PyTree& t, py::handle steps) {
             return MakeNode(*t.model, t.tree->Lookup(PathArg(*t.model, steps)));
           },
           py::arg("steps"),
           "The node of a path given as (abstract action name or index, own) steps; a path "
           "never seen gives a node with found False.");

  py::class_<PyPlayerModel>(m, "PlayerModel", "One player's (or the population's) trees and entry counts.")
      .def_property_readonly("name", [](const PyPlayerModel& p) { return p.player->name(); })
      .def_property_readonly("hands", [](const PyPlayerModel& p) { return p.player->hands(); })
      .def("street", [](const PyPlayerModel& p, int round) {
             if (round < 0 || round >= p.player->num_rounds()) {
               ThrowStatus(absl::InvalidArgumentError(absl::StrCat("round ", round, " is out of range")));
             }
             return PyTree{p.model, &p.player->street(round)};
           },
           py::arg("round"), "The pattern tree of a round (0 = preflop).")
      .def("entry",
           [](const PyPlayerModel& p, int position_class) {
             if (position_class < 0 || position_class >= trainer::kNumPositionClasses) {
               ThrowStatus(absl::InvalidArgumentError("position class is 0..3 (front, middle, rear, blinds)"));
             }
             const trainer::EntryCounts& e = p.player->entry(static_cast<trainer::PositionClass>(position_class));
             return py::make_tuple(e.dealt, e.entered);
           },
           py::arg("position_class"),
           "(hands dealt, hands entered voluntarily) in a position class: 0 front, 1 middle, 2 "
           "rear, 3 blinds.");

  py::class_<PyModel>(m, "Model",
                      "An opponent model: per-street pattern trees for every named player and "
                      "the population, entry rates, the abstraction they were counted in. Counts "
                      "add up: models trained on different logs merge.")
      .def_static("load",
                  [](const std::string& path, py::handle game) {
                    GamePtr g = game.is_none() ? nullptr : GameArg(game);
                    absl::StatusOr<OpponentModel> model;
                    {
                      py::gil_scoped_release release;
                      model = OpponentModel::Load(path, g == nullptr ? nullptr : &g->def);
                    }
                    return PyModel{std::make_shared<OpponentModel>(Unwrap(std::move(model))), std::nullopt};
                  },
                  py::arg("path"), py::arg("game") = py::none(),
                  "Reads a model file; with `game`, refuses a model of another game.")
      .def("save",
           [](const PyModel& p, const std::string& path) {
             absl::Status status;
             {
               py::gil_scoped_release release;
               status = p.model->Save(path);
             }
             Check(status);
           },
           py::arg("path"), "Writes the model atomically (temporary file, fsync, rename).")
      .def("serialize", [](const PyModel& p) { return py::bytes(p.model->SerializeCanonical()); },
           "The file's bytes (equal models give equal bytes).")
      .def("merge", [](PyModel& p, const PyModel& other) { Check(p.model->Merge(*other.model)); },
           py::arg("other"),
           "Adds `other`'s counts (same game and abstraction; no common log file).")
      .def("prune", [](PyModel& p, uint64_t min_hands) {
             p.model->set_min_hands(min_hands);
             p.model->Prune();
           },
           py::arg("min_hands"), "Drops players with fewer hands (they stay in the population).")
      .def_property_readonly("game", &ModelGame, "The model's game (a new Game object).")
      .def_property_readonly("action_names", [](const PyModel& p) { return p.model->abstraction().names(); },
                             "The abstract actions, by index: fold, check, call, raise classes, all-in.")
      .def_property_readonly("raise_edges", [](const PyModel& p) { return p.model->abstraction().raise_edges(); })
      .def_property_readonly("num_buckets", [](const PyModel& p) { return p.model->buckets().num_buckets(); },
                             "Bucket slots of the counts: K strength buckets plus the draw bucket.")
      .def_property_readonly("num_strength_buckets",
                             [](const PyModel& p) { return p.model->buckets().num_strength_buckets(); })
      .def_property_readonly("max_depth", [](const PyModel& p) { return p.model->max_depth(); })
      .def_property_readonly("street_context_version",
                             [](const PyModel& p) { return p.model->street_context_version(); })
      .def_property_readonly("format_version", [](const PyModel& p) { return p.model->format_version(); })
      .def_property_readonly("provenance", [](const PyModel& p) { return ProvenanceDict(p.model->provenance()); })
      .def_property_readonly("train_summary", [](const PyModel& p) { return p.summary; },
                             "The ReadSummary of the logs a model was just trained on (None for a "
                             "loaded model).")
      .def_property_readonly("player_names",
                             [](const PyModel& p) {
                               std::vector<std::string> names;
                               for (const trainer::PlayerModel* pm : p.model->players()) names.push_back(pm->name());
                               return names;
                             },
                             "Players with a model of their own, sorted.")
      .def("player",
           [](const PyModel& p, const std::string& name) -> py::object {
             const trainer::PlayerModel* pm = p.model->FindPlayer(name);
             if (pm == nullptr) return py::none();
             return py::cast(PyPlayerModel{p.model, pm});
           },
           py::arg("name"), "A player's model, or None.")
      .def_property_readonly("population",
                             [](const PyModel& p) { return PyPlayerModel{p.model, &p.model->population()}; })
      .def("node",
           [](const PyModel& p, const PyState& s, int position, py::handle player) {
             CheckStateGame(*p.model, s);
             const trainer::PlayerModel& pm = PlayerOrPopulation(*p.model, player);
             const PathKey path = trainer::StreetPath(s.state, p.model->abstraction(), position,
                                                      p.model->street_context_version());
             return MakeNode(*p.model, pm.street(s.state.round()).Lookup(path));
           },
           py::arg("state"), py::arg("position"), py::arg("player") = py::none(),
           "The node of `player`'s tree (None: the population) where `position` stands in "
           "`state`: its street so far seen from that position.");

  m.def("train_model", &TrainModel, py::arg("logs"), py::arg("game"), py::arg("threads") = 1,
        py::arg("buckets") = 8, py::arg("max_depth") = 6, py::arg("raise_edges") = py::none(),
        py::arg("draw_max_hs") = trainer::StrengthBuckets::kDefaultDrawMaxHs,
        py::arg("street_context") = true, py::arg("preflop_small_pairs") = true,
        py::arg("players") = py::none(), py::arg("min_hands") = 0,
        py::arg("strip_name_suffix") = false, py::arg("strict") = false,
        py::arg("shard") = py::none(), py::arg("games_dir") = "",
        "Builds an opponent model from ACPC logs (files or folders) of `game`, as `trainer "
        "train` does with the same options (the same bytes for the same logs; the defaults are "
        "the program's). `threads` read and count in parallel (the model does not depend on "
        "it); the GIL is released. `shard=(i, n)` trains on files i, i+n, ... of the sorted "
        "list. Raises when no hand is usable.");

  py::class_<PyReader>(m, "HandReader",
                       "Hand reading: every player's weights over the 1326 pairs, multiplied by "
                       "P(action | node, pair) from the model for each action it took (DFmodel "
                       "alone without a model). Weights are rescaled to sum to 1 after each "
                       "action; pairs that meet known cards get 0.")
      .def(py::init(&MakeReader), py::arg("game"), py::arg("model") = py::none(),
           py::arg("options") = py::dict(),
           "A reader for `game` with `model` (a Model or a model file's path; None: DFmodel "
           "only). `options` sets ReaderOptions fields by name, e.g. {'player_prior': 10, "
           "'df_theta': 3} (docs/hand_reading.md).")
      .def("read", &ReadRanges, py::arg("state"), py::arg("observer") = -1, py::arg("names") = py::none(),
           "Reads the hand in `state` (replayed from its start, with the board it shows) and "
           "returns a float32 array (players, 1326) of weights. `observer` is the position "
           "whose hole cards are known (removed from every range; -1: a spectator); "
           "`names[p]` names the model of position p's player (None or absent: the population).")
      .def("likelihoods", &Likelihoods, py::arg("state"), py::arg("position"), py::arg("action"),
           "P(action | the node where `position` is to act in `state`, pair) for all 1326 pairs "
           "(float32): the factor a read multiplies the range by. `action` is an abstract "
           "action's name or index.");
}

}  // namespace poker_py
