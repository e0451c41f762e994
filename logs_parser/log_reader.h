// Streams ACPC match logs (files and folders, plain, .gz or .bz2) into validated HandRecords.
#ifndef LOGS_PARSER_LOG_READER_H_
#define LOGS_PARSER_LOG_READER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "logs_parser/hand_record.h"
#include "poker/game_def.h"

namespace logs_parser {

struct ReadOptions {
  // The game of files without a recognisable `# name/game/hands/seed` header (or of all files when
  // set: a header that names another known game is reported as a problem). May be null if every
  // file's header names a known game.
  const poker::GameDef* game = nullptr;
  std::string game_name;  // file base name of `game`, for messages and header comparison
  // Folder of known game files matched against header game names (base name); default data/games.
  std::string games_dir;
  bool strip_name_suffix = false;  // `laak.phil.2` -> `laak.phil`
  bool strict = false;             // the first problem is fatal
  int threads = 1;                 // files read in parallel
  int shard_index = 0;             // read only files i with i % shard_count == shard_index
  int shard_count = 1;             //   (in the sorted list of all files)
  int max_problems_kept_per_file = 10;
};

// A rejected line or unreadable file.
struct Problem {
  std::string file;
  int64_t line = 0;     // 0 for a whole-file problem
  std::string reason;   // short category, e.g. "bad card", "illegal action", "value mismatch"
  std::string message;  // `file:line: full message`
};

struct ReadSummary {
  int64_t files = 0;
  int64_t lines = 0;           // non-empty lines read
  int64_t hands = 0;           // STATE lines used
  int64_t rejected = 0;        // STATE-like lines rejected
  int64_t files_failed = 0;    // unreadable / truncated files
  std::map<std::string, int64_t> rejected_by_reason;
  std::vector<Problem> problems;  // the first max_problems_kept_per_file per file
  double seconds = 0;
};

// Called once per valid hand. `worker` is in [0, threads): calls with the same worker never run
// concurrently, so consumers keep one accumulator per worker and merge at the end.
using HandCallback = std::function<void(int worker, const HandRecord& hand)>;

// Lists the files under `paths` (folders recursively), sorted, with the shard applied.
absl::StatusOr<std::vector<std::string>> ListLogFiles(const std::vector<std::string>& paths,
                                                      const ReadOptions& options);

// Reads every file; returns the summary, or an error if `strict` and a problem occurred, or if
// no file could be listed. Optional `progress` is called now and then with the running summary.
absl::StatusOr<ReadSummary> ReadLogs(const std::vector<std::string>& paths,
                                     const ReadOptions& options, const HandCallback& on_hand,
                                     const std::function<void(const ReadSummary&)>& progress = {});

}  // namespace logs_parser

#endif  // LOGS_PARSER_LOG_READER_H_
