// Streams match logs (files and folders, plain, .gz or .bz2) into validated HandRecords: ACPC
// logs (`STATE:` lines) and PHH hand histories (`.phh`, `.phhs`), told apart by name and content.
#ifndef LOGS_PARSER_LOG_READER_H_
#define LOGS_PARSER_LOG_READER_H_

#include <atomic>
#include <cstddef>
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

// The help of the programs' --strip-name-suffix option (ReadOptions::strip_name_suffix).
inline constexpr char kStripNameSuffixHelp[] =
    "remove a trailing .N table suffix from names (laak.phil.2 -> laak.phil): one player's "
    "tables count as one player";

struct GamePlan;  // logs_parser/game_detect.h

struct ReadOptions {
  // The game of all files when set (the user's --game wins over headers: a header that names
  // another game is reported once per file in ReadSummary::notices, and the file is still read
  // with this game). When null, each file's `# name/game/hands/seed` header must name a game file
  // of games_dir; the lines of files without one are rejected as "unknown game".
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
  // Longer lines are rejected as they stream by, never held whole.
  size_t max_line_bytes = 64 * 1024;
  // PHH: a longer hand is rejected (skipped as it streams by).
  size_t max_hand_bytes = 1 << 20;
  // PHH hands onto `game`: the effective stack in big blinds may differ from the game's by this
  // factor (phh_record.h). Without `game`, each hand is a record of its own game.
  double phh_stack_tolerance = 2.0;
  // When set, ReadLogs stops reading (between lines) once it becomes true and returns what was
  // read so far: a consumer that wants no more hands (the Python package's hand iterator).
  const std::atomic<bool>* stop = nullptr;
  // The game of every file, decided beforehand from the files' headers and lines (PlanGames,
  // logs_parser/game_detect.h): when set, each file is read with the plan's game (headers then
  // change nothing and give no notice: the plan says how it chose) and the files it skips are
  // not read. It must be made for the files these paths and options list. Not owned.
  const GamePlan* plan = nullptr;
};

// A rejected line or unreadable file.
struct Problem {
  std::string file;
  int64_t line = 0;     // 0 for a whole-file problem
  std::string reason;   // short category, e.g. "bad card", "illegal action", "value mismatch"
  std::string message;  // `file:line: reason: full message` (PHH: `... reason: hand [n]: ...`)
};

// What became of one file.
struct FileReport {
  std::string file;
  std::string game;  // the game it was read with (file base name); "" when none
  std::string how;   // how that game was chosen ("its header", "--game", "its lines (...)")
  int64_t hands = 0;
  int64_t rejected = 0;
  std::string top_reason;  // the most frequent reason of its rejected lines
  bool failed = false;     // unreadable or truncated
  bool skipped = false;    // not read: its lines are of another game (skip_reason says which)
  std::string skip_reason;
  std::string skipped_game;  // the game a skipped file's lines are of ("" when none is known)
};

struct ReadSummary {
  int64_t files = 0;  // files read (skipped files not counted)
  int64_t lines = 0;         // non-empty lines read
  int64_t hands = 0;         // STATE lines used
  int64_t rejected = 0;      // lines rejected: bad STATE lines, garbage, over-long lines
  int64_t files_failed = 0;  // unreadable / truncated files (their good lines before still count)
  std::map<std::string, int64_t> rejected_by_reason;
  std::vector<Problem> problems;  // the first max_problems_kept_per_file per file
  double seconds = 0;
  // Lines that are neither hands nor rejected: `#` headers and comments, `SCORE:` lines. Every
  // line read is counted once: lines == hands + rejected + other_lines + skipped. A PHH hand
  // counts as one line.
  int64_t other_lines = 0;
  // Valid PHH hands that do not fit the game they are read for (another player count, a
  // straddle, stacks too far off: phh_record.h), by reason. Not problems.
  int64_t skipped = 0;
  std::map<std::string, int64_t> skipped_by_reason;
  // Not problems and never fatal, even with `strict`: a header naming another game than the
  // user's --game (one per file), a game file in games_dir that does not parse.
  std::vector<Problem> notices;
  // Files not read because the plan (ReadOptions::plan) gives them another game than the run's.
  int64_t files_skipped = 0;
  // Bytes of the files as stored (compressed or not): read so far (files skipped count whole),
  // and of all the files listed. For progress: bytes / bytes_total is the share done.
  int64_t bytes = 0;
  int64_t bytes_total = 0;
  // One report per file listed, in the sorted file order (not kept in progress summaries).
  std::vector<FileReport> file_reports;
};

// Called once per valid hand. `worker` is in [0, threads): calls with the same worker never run
// concurrently, so consumers keep one accumulator per worker and merge at the end.
using HandCallback = std::function<void(int worker, const HandRecord& hand)>;

// The folder of the project's game files (`<source>/data/games`), used when games_dir is empty.
std::string DefaultGamesDir();

// A game chosen by the user.
struct NamedGame {
  poker::GameDef game;
  std::string name;  // file base name, e.g. `holdem.nolimit.2p.reverse_blinds.game`
  std::string path;
};

// Loads the game of a --game argument: a path to a game file, or else the name of one in
// `games_dir` (empty: DefaultGamesDir()), with or without `.game`.
absl::StatusOr<NamedGame> LoadGameArgument(const std::string& argument,
                                           const std::string& games_dir);

// Lists the files under `paths`, sorted, with the shard applied. A path named directly is read
// whatever its name; inside folders (recursively, symlinked folders not followed) only
// `*.log`, `*.phh`, `*.phhs` files (each also `.gz`, `.bz2`) are, so READMEs and game files next
// to logs are not mistaken for logs. A path that does not exist is an error.
absl::StatusOr<std::vector<std::string>> ListLogFiles(const std::vector<std::string>& paths,
                                                      const ReadOptions& options);

// Reads every file; returns the summary, or an error if `strict` and a problem occurred, or if
// no file could be listed. Optional `progress` is called at most once a second with the running
// summary.
// Thread-safe as a whole; `on_hand` and `progress` are called from the worker threads (progress
// calls are serialised, and their summary carries counts only, no problems).
absl::StatusOr<ReadSummary> ReadLogs(const std::vector<std::string>& paths,
                                     const ReadOptions& options, const HandCallback& on_hand,
                                     const std::function<void(const ReadSummary&)>& progress = {});

// The summary as text for people: files, lines read / used / rejected, rejected by reason, the
// kept problems and notices.
std::string FormatReadSummary(const ReadSummary& summary);

// The per-file part for people: files and hands by game (with how many of those files have a
// header naming another game), then one line per file saying what was read, skipped and why
// (the game, how it was chosen, hands, rejected lines). `every_file` false: only the files worth
// a look (skipped, failed or with rejected lines), at most `max_lines` of them, then how many
// more.
std::string FormatFileReports(const ReadSummary& summary, bool every_file, size_t max_lines = 20);

}  // namespace logs_parser

#endif  // LOGS_PARSER_LOG_READER_H_
