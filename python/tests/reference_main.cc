// python_reference: the C++ libraries' answers that the Python tests compare the package's with,
// bit for bit (test_reference.py). Not a user program.
//
//   python_reference equity HOLE BOARD TRIALS SEED MAX_EXACT [WEIGHTS_FILE|uniform]...
//     prints equity, std_error, trials, exact, rejections (%.17g)
//   python_reference read GAME MODEL|none LINE OBSERVER [NAME|-]...
//     LINE is a MATCHSTATE or STATE line; prints one line of 1326 weights (%.9g) per position
//
// A WEIGHTS_FILE holds 1326 numbers (one per pair, by pair index). Exit 0 on success, 1 on a
// failure (message on stderr), 2 on bad usage.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "agent/equity.h"
#include "agent/hand_reader.h"
#include "agent/range.h"
#include "logs_parser/log_reader.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "trainer/opponent_model.h"

namespace {

int Fail(const std::string& message) {
  std::cerr << "python_reference: " << message << "\n";
  return 1;
}

int Usage() {
  std::cerr << "usage: python_reference equity HOLE BOARD TRIALS SEED MAX_EXACT RANGE...\n"
               "       python_reference read GAME MODEL|none LINE OBSERVER [NAME|-]...\n";
  return 2;
}

int Equity(const std::vector<std::string>& args) {
  if (args.size() < 6) return Usage();
  absl::StatusOr<poker::PairCards> hole = poker::ParsePair(args[0]);
  absl::StatusOr<std::vector<poker::Card>> board = poker::ParseCards(args[1] == "-" ? "" : args[1]);
  agent::EquityOptions options;
  if (!hole.ok() || !board.ok() || !absl::SimpleAtoi(args[2], &options.max_trials) ||
      !absl::SimpleAtoi(args[3], &options.seed) ||
      !absl::SimpleAtoi(args[4], &options.max_exact_evaluations)) {
    return Usage();
  }
  std::vector<std::unique_ptr<agent::Range>> ranges;
  std::vector<const agent::Range*> opponents;
  for (size_t i = 5; i < args.size(); ++i) {
    auto range = std::make_unique<agent::Range>();
    if (args[i] != "uniform") {
      std::ifstream in(args[i]);
      for (int p = 0; p < poker::kNumPairs; ++p) {
        float w = 0;
        if (!(in >> w)) return Fail(args[i] + ": fewer than 1326 weights");
        range->set_weight(p, w);
      }
    }
    opponents.push_back(range.get());
    ranges.push_back(std::move(range));
  }
  absl::StatusOr<agent::EquityResult> r = agent::ComputeEquity(*hole, *board, opponents, options);
  if (!r.ok()) return Fail(std::string(r.status().message()));
  std::printf("%.17g %.17g %lld %d %lld\n", r->equity, r->std_error,
              static_cast<long long>(r->trials), r->exact ? 1 : 0,
              static_cast<long long>(r->rejections));
  return 0;
}

int Read(const std::vector<std::string>& args) {
  if (args.size() < 4) return Usage();
  absl::StatusOr<logs_parser::NamedGame> game = logs_parser::LoadGameArgument(args[0], "");
  if (!game.ok()) return Fail(std::string(game.status().message()));
  std::unique_ptr<trainer::OpponentModel> model;
  if (args[1] != "none") {
    absl::StatusOr<trainer::OpponentModel> loaded = trainer::OpponentModel::Load(args[1], &game->game);
    if (!loaded.ok()) return Fail(std::string(loaded.status().message()));
    model = std::make_unique<trainer::OpponentModel>(*std::move(loaded));
  }
  std::optional<poker::State> state;
  if (absl::StartsWith(args[2], "MATCHSTATE")) {
    absl::StatusOr<poker::MatchState> ms = poker::ParseMatchState(game->game, args[2]);
    if (!ms.ok()) return Fail(std::string(ms.status().message()));
    state.emplace(ms->state);
  } else {
    absl::StatusOr<poker::LogLine> line = poker::ParseLogLine(game->game, args[2]);
    if (!line.ok()) return Fail(std::string(line.status().message()));
    state.emplace(line->state);
  }
  int observer = -1;
  if (!absl::SimpleAtoi(args[3], &observer)) return Usage();
  std::vector<const trainer::PlayerModel*> models(game->game.num_players, nullptr);
  for (size_t i = 4; i < args.size() && i - 4 < models.size(); ++i) {
    if (args[i] != "-" && model != nullptr) models[i - 4] = model->FindPlayer(args[i]);
  }
  agent::HandReader reader(model.get(), game->game);
  reader.StartHand(*state, observer, models);
  reader.Update(*state);
  for (int p = 0; p < game->game.num_players; ++p) {
    for (int i = 0; i < poker::kNumPairs; ++i) {
      std::printf(i == 0 ? "%.9g" : " %.9g", reader.range(p).weight(i));
    }
    std::printf("\n");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage();
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "equity") return Equity(args);
  if (command == "read") return Read(args);
  return Usage();
}
