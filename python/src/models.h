// Models and the hand reader, shared by the parts that take a model (the reader, the agent).
#ifndef PYTHON_SRC_MODELS_H_
#define PYTHON_SRC_MODELS_H_

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>

#include "agent/hand_reader.h"
#include "logs_parser/log_reader.h"
#include "python/src/common.h"
#include "trainer/opponent_model.h"

namespace poker_py {

using ModelPtr = std::shared_ptr<trainer::OpponentModel>;

// A model, and the read summary of the logs it was just trained on (none when loaded).
struct PyModel {
  ModelPtr model;
  std::optional<logs_parser::ReadSummary> summary;
};

// A model argument: a Model, or the path of a model file loaded for `game`; null for None.
ModelPtr ModelArg(py::handle value, const poker::GameDef& game);

// agent::HandReader with the game and model it reads with.
struct PyReader {
  GamePtr game;
  ModelPtr model;  // may be null (DFmodel only)
  std::unique_ptr<agent::HandReader> reader;
};

PyReader MakeReader(py::handle game, py::handle model, const py::dict& options);
py::array_t<float> ReadRanges(PyReader& reader, const PyState& state, int observer, py::handle names);
py::array_t<float> Likelihoods(PyReader& reader, const PyState& state, int position,
                               py::handle action);

void BindModels(py::module_& m);

}  // namespace poker_py

#endif  // PYTHON_SRC_MODELS_H_
