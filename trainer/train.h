// Training: reads ACPC match logs with logs_parser and counts every hand into an OpponentModel.
#ifndef TRAINER_TRAIN_H_
#define TRAINER_TRAIN_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "logs_parser/log_reader.h"
#include "poker/game_def.h"
#include "trainer/opponent_model.h"

namespace trainer {

// What to train on and how.
struct TrainOptions {
  std::vector<std::string> log_paths;  // files and folders
  poker::GameDef game;                 // the game of every log
  std::string game_name;               // its file base name (header comparison, messages)
  std::string games_dir;               // for logs_parser; empty = the project's data/games
  ModelOptions model;
  // Players to give their own model (after name mapping); empty = every player. Everyone
  // counts in the population.
  std::vector<std::string> players;
  // Players with fewer hands keep no model of their own (they stay in the population). Applied
  // at the end of an unsharded run; sharded runs leave it to `merge` (see Model.pruned).
  uint64_t min_hands = 0;
  bool strip_name_suffix = false;
  bool strict = false;  // the first rejected line or unreadable file fails the run
  // Worker threads. 1: hands are counted on the reading thread. N > 1: up to N threads read files
  // (one file is read by one thread) and N threads bucket and count the hands they queue, so even
  // a single big file uses every thread. The model does not depend on N.
  int threads = 1;
  int shard_index = 0;  // train on files i of the sorted list with i % shard_count == shard_index
  int shard_count = 1;
  // The game of each file (logs_parser::PlanGames for the files these options list, with `game`
  // as its chosen game): files it skips (their lines are of another game) are not read and not
  // recorded in the provenance. Null: every file is read with `game`. Not owned.
  const logs_parser::GamePlan* plan = nullptr;
};

// A trained model and what the reading saw.
struct TrainResult {
  OpponentModel model;
  logs_parser::ReadSummary summary;
  int64_t files_listed = 0;  // files of this shard
  double seconds = 0;        // wall time of reading and counting
};

// Reads the logs and builds the model: one accumulator per counting thread, added up at the end,
// so the result is the same for any number of threads. Memory does not grow with the number of
// hands (only with the number of players and tree nodes). `progress`, if set, is called now and
// then (from a worker thread, serialised) with the running read summary.
absl::StatusOr<TrainResult> Train(
    const TrainOptions& options,
    const std::function<void(const logs_parser::ReadSummary&)>& progress = {});

}  // namespace trainer

#endif  // TRAINER_TRAIN_H_
