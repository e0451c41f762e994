// The hand reader from Python: a model and a hand in, every player's 1326 pair weights out.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "agent/hand_reader.h"
#include "python/src/common.h"
#include "python/src/games.h"
#include "python/src/models.h"
#include "trainer/opponent_model.h"

namespace poker_py {
namespace {

// Sets one ReaderOptions field by its C++ name.
void SetReaderOption(const std::string& name, py::handle value, agent::ReaderOptions* o) {
  struct Number {
    const char* name;
    double agent::ReaderOptions::*field;
  };
  static const Number kNumbers[] = {
      {"player_prior", &agent::ReaderOptions::player_prior},
      {"population_prior", &agent::ReaderOptions::population_prior},
      {"df_theta", &agent::ReaderOptions::df_theta},
      {"df_uniform_share", &agent::ReaderOptions::df_uniform_share},
      {"context_prior", &agent::ReaderOptions::context_prior},
      {"bucket_prior", &agent::ReaderOptions::bucket_prior},
      {"player_bucket_prior", &agent::ReaderOptions::player_bucket_prior},
  };
  for (const Number& n : kNumbers) {
    if (name == n.name) {
      o->*n.field = value.cast<double>();
      return;
    }
  }
  if (name == "min_likelihood") {
    o->min_likelihood = value.cast<float>();
  } else if (name == "deviation_min_decisions") {
    o->deviation_min_decisions = value.cast<int>();
  } else if (name == "coarse_buckets") {
    o->coarse_buckets = value.cast<int>();
  } else if (name == "entry_prior") {
    o->entry_prior = value.cast<bool>();
  } else if (name == "fit_player_prior") {
    o->fit_player_prior = value.cast<bool>();
  } else if (name == "fit_population_prior") {
    o->fit_population_prior = value.cast<bool>();
  } else if (name == "fine_buckets_preflop_only") {
    o->fine_buckets_preflop_only = value.cast<bool>();
  } else {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "unknown hand reader option '", name,
        "' (see agent/hand_reader.h ReaderOptions: player_prior, population_prior, df_theta, ...)")));
  }
}

void CheckReaderState(const PyReader& r, const PyState& s) {
  Check(trainer::CompareGames(r.game->def, s.game->def));
  if (!r.game->def.IsHoldemCards()) {
    ThrowStatus(absl::InvalidArgumentError(
        "hand reading needs a hold'em game (52 cards, 2 hole cards, board 0/3/1/1)"));
  }
}

// Starts the hand of `state` and reads all of it.
void ReadHand(PyReader& r, const PyState& state, int observer, py::handle names) {
  CheckReaderState(r, state);
  const int n = r.game->def.num_players;
  if (observer < -1 || observer >= n) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat("observer ", observer, " is out of range")));
  }
  std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models{};
  if (!names.is_none()) {
    int p = 0;
    for (py::handle name : names) {
      if (p >= n) ThrowStatus(absl::InvalidArgumentError("more names than players"));
      if (!name.is_none() && r.model != nullptr) models[p] = r.model->FindPlayer(name.cast<std::string>());
      ++p;
    }
  }
  py::gil_scoped_release release;
  r.reader->StartHand(state.state, observer, absl::MakeConstSpan(models.data(), n));
  r.reader->Update(state.state);
}

}  // namespace

ModelPtr ModelArg(py::handle value, const poker::GameDef& game) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<PyModel>(value)) return value.cast<const PyModel&>().model;
  const std::string path = py::str(value).cast<std::string>();
  absl::StatusOr<trainer::OpponentModel> model;
  {
    py::gil_scoped_release release;
    model = trainer::OpponentModel::Load(path, &game);
  }
  return std::make_shared<trainer::OpponentModel>(Unwrap(std::move(model)));
}

PyReader MakeReader(py::handle game, py::handle model, const py::dict& options) {
  PyReader r;
  r.game = GameArg(game);
  r.model = ModelArg(model, r.game->def);
  if (r.model != nullptr) Check(trainer::CompareGames(r.model->game(), r.game->def));
  agent::ReaderOptions o;
  for (auto item : options) SetReaderOption(item.first.cast<std::string>(), item.second, &o);
  r.reader = std::make_unique<agent::HandReader>(r.model.get(), r.game->def, o);
  return r;
}

py::array_t<float> ReadRanges(PyReader& r, const PyState& state, int observer, py::handle names) {
  ReadHand(r, state, observer, names);
  const int n = r.game->def.num_players;
  py::array_t<float> out({n, poker::kNumPairs});
  auto w = out.mutable_unchecked<2>();
  for (int p = 0; p < n; ++p) {
    const auto& weights = r.reader->range(p).weights();
    for (int i = 0; i < poker::kNumPairs; ++i) w(p, i) = weights[i];
  }
  return out;
}

py::array_t<float> Likelihoods(PyReader& r, const PyState& state, int position, py::handle action) {
  ReadHand(r, state, -1, py::none());
  const trainer::ActionAbstraction& abstraction = r.reader->abstraction();
  trainer::AbstractAction a = 0;
  if (py::isinstance<py::str>(action)) {
    const std::string name = action.cast<std::string>();
    int found = -1;
    for (int i = 0; i < abstraction.num_actions(); ++i) {
      if (abstraction.Name(static_cast<trainer::AbstractAction>(i)) == name) found = i;
    }
    if (found < 0) {
      ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
          "unknown abstract action '", name, "' (", absl::StrJoin(abstraction.names(), ", "), ")")));
    }
    a = static_cast<trainer::AbstractAction>(found);
  } else {
    const int i = action.cast<int>();
    if (i < 0 || i >= abstraction.num_actions()) {
      ThrowStatus(absl::InvalidArgumentError(absl::StrCat("abstract action ", i, " is out of range")));
    }
    a = static_cast<trainer::AbstractAction>(i);
  }
  if (position < 0 || position >= r.game->def.num_players) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat("position ", position, " is out of range")));
  }
  py::array_t<float> out(poker::kNumPairs);
  std::array<float, poker::kNumPairs> likelihood{};
  {
    py::gil_scoped_release release;
    r.reader->ActionLikelihoods(state.state, position, a, &likelihood);
  }
  std::copy(likelihood.begin(), likelihood.end(), out.mutable_data());
  return out;
}

}  // namespace poker_py
