// Equity of a hand against weighted ranges (hold'em) or against uniform deals (any game).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "agent/equity.h"
#include "agent/range.h"
#include "agent/uniform_equity.h"
#include "python/src/common.h"
#include "python/src/games.h"

namespace poker_py {
namespace {

using agent::EquityOptions;
using agent::EquityResult;
using agent::Range;

EquityOptions Options(int64_t trials, uint64_t seed, int64_t max_exact_evaluations,
                      int64_t max_micros) {
  if (trials < 1 || max_exact_evaluations < 0 || max_micros < 0) {
    ThrowStatus(absl::InvalidArgumentError(
        "trials must be at least 1; max_exact_evaluations and max_micros must not be negative"));
  }
  EquityOptions o;
  o.max_trials = trials;
  o.seed = seed;
  o.max_exact_evaluations = max_exact_evaluations;
  o.max_micros = max_micros;
  return o;
}

// The opponents of an equity call: a list of Ranges, or a number of uniform ranges. The ranges
// live in `storage` (uniform ones) or in the Python objects the caller keeps alive.
std::vector<const Range*> Opponents(py::handle opponents, std::vector<std::unique_ptr<Range>>* storage) {
  std::vector<const Range*> out;
  if (py::isinstance<py::int_>(opponents)) {
    const int n = opponents.cast<int>();
    for (int i = 0; i < n; ++i) {
      storage->push_back(std::make_unique<Range>());
      out.push_back(storage->back().get());
    }
    return out;
  }
  if (py::isinstance<Range>(opponents)) {
    out.push_back(&opponents.cast<const Range&>());
    return out;
  }
  for (py::handle item : opponents) {
    if (!py::isinstance<Range>(item)) {
      ThrowStatus(absl::InvalidArgumentError(
          "opponents must be a number of uniform opponents, a Range or a list of Ranges"));
    }
    out.push_back(&item.cast<const Range&>());
  }
  return out;
}

// A calculator that keeps its tables between calls (agent::EquityCalculator).
class Calculator {
 public:
  EquityResult Compute(py::handle hole, py::handle board, py::handle opponents, int64_t trials,
                       uint64_t seed, int64_t max_exact, int64_t max_micros) {
    const poker::PairCards h = PairArg(hole);
    const std::vector<poker::Card> b = CardsArg(board);
    std::vector<std::unique_ptr<Range>> storage;
    const std::vector<const Range*> ranges = Opponents(opponents, &storage);
    const EquityOptions options = Options(trials, seed, max_exact, max_micros);
    absl::StatusOr<EquityResult> result;
    {
      py::gil_scoped_release release;
      result = calculator_.Compute(h, b, ranges, options);
    }
    return Unwrap(std::move(result));
  }

 private:
  agent::EquityCalculator calculator_;
};

constexpr char kEquityDoc[] =
    "Our equity (expected share of the pot at showdown; a tie among k players counts 1/k) "
    "holding `hole` on `board` (0, 3, 4 or 5 cards) against `opponents`: a Range, a list of 1 "
    "to 9 Ranges, or a number of uniform opponents. Exact enumeration when it takes at most "
    "`max_exact_evaluations` hand evaluations (heads-up on the flop, turn or river), else Monte "
    "Carlo with `trials` trials from `seed` (the same seed and inputs give the same result, the "
    "same as the C++ library's; a `max_micros` time limit makes it depend on the machine). "
    "Releases the GIL.";

}  // namespace

void BindEquity(py::module_& m) {
  py::class_<EquityResult>(m, "EquityResult", "An equity estimate.")
      .def_readonly("equity", &EquityResult::equity, "Our expected share of the pot (0..1).")
      .def_readonly("std_error", &EquityResult::std_error, "Standard error (0 when exact).")
      .def_readonly("trials", &EquityResult::trials,
                    "Monte Carlo trials, or the combinations enumerated when exact.")
      .def_readonly("exact", &EquityResult::exact)
      .def_readonly("rejections", &EquityResult::rejections,
                    "Redraws because two opponents' pairs shared a card.")
      .def_readonly("unbiased_card_removal", &EquityResult::unbiased_card_removal)
      .def("__float__", [](const EquityResult& r) { return r.equity; })
      .def("__repr__", [](const EquityResult& r) {
        return absl::StrCat("<EquityResult ", r.equity, r.exact ? " exact" : " +- ",
                            r.exact ? "" : absl::StrCat(r.std_error), ", ", r.trials,
                            r.exact ? " combinations>" : " trials>");
      });

  m.def(
      "equity",
      [](py::handle hole, py::handle board, py::handle opponents, int64_t trials, uint64_t seed,
         int64_t max_exact, int64_t max_micros) {
        Calculator calculator;
        return calculator.Compute(hole, board, opponents, trials, seed, max_exact, max_micros);
      },
      py::arg("hole"), py::arg("board") = "", py::arg("opponents") = 1,
      py::arg("trials") = 100'000, py::arg("seed") = 1,
      py::arg("max_exact_evaluations") = 2'000'000, py::arg("max_micros") = 0, kEquityDoc);

  py::class_<Calculator>(m, "EquityCalculator",
                         "equity() that keeps its tables between calls: after the first call "
                         "with a number of opponents it allocates nothing. One per thread.")
      .def(py::init<>())
      .def("compute", &Calculator::Compute, py::arg("hole"), py::arg("board") = "",
           py::arg("opponents") = 1, py::arg("trials") = 100'000, py::arg("seed") = 1,
           py::arg("max_exact_evaluations") = 2'000'000, py::arg("max_micros") = 0, kEquityDoc);

  m.def(
      "uniform_equity",
      [](py::handle game, py::handle hole, py::handle board, int num_opponents, int64_t trials,
         uint64_t seed, int64_t max_exact) {
        const GamePtr g = GameArg(game);
        const std::vector<poker::Card> h = CardsArg(hole);
        const std::vector<poker::Card> b = CardsArg(board);
        const EquityOptions options = Options(trials, seed, max_exact, 0);
        absl::StatusOr<EquityResult> result;
        {
          py::gil_scoped_release release;
          result = agent::ComputeUniformEquity(g->def, h, b, num_opponents, options);
        }
        return Unwrap(std::move(result));
      },
      py::arg("game"), py::arg("hole"), py::arg("board") = "", py::arg("num_opponents") = 1,
      py::arg("trials") = 100'000, py::arg("seed") = 1, py::arg("max_exact_evaluations") = 2'000'000,
      "Equity in any game (Kuhn, Leduc, hold'em, ...) against `num_opponents` opponents dealt "
      "uniformly from the unseen cards: exact over every deal where that is cheap, else Monte "
      "Carlo from `seed`.");
}

}  // namespace poker_py
