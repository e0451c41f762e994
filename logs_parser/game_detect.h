// Which game each log file is of, decided before reading, from the file's own header and lines:
// what lets a folder of mixed games be read (each file with its game, or only the files of one
// game, the others skipped with the reason) instead of rejecting whole files line by line.
//
//   std::unique_ptr<GamePlan> plan = PlanGames(files, options, /*chosen=*/nullptr);  // --game auto
//   options.plan = plan.get();
//   ReadLogs(paths, options, on_hand);   // every file with the game the plan gives it
#ifndef LOGS_PARSER_GAME_DETECT_H_
#define LOGS_PARSER_GAME_DETECT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "logs_parser/log_reader.h"
#include "poker/game_def.h"

namespace logs_parser {

// The game files of a folder (data/games by default), by base name; the games stay where they
// are for the catalog's lifetime.
class GameCatalog {
 public:
  // Loads every `*.game` of `dir` (sorted); a file that does not parse is skipped with a notice.
  void Load(const std::string& dir, std::vector<Problem>* notices);
  // The game whose file has the base name of `game_path` (with or without `.game`), or null.
  const NamedGame* Find(absl::string_view game_path) const;
  // The game with the same rules as `game`, or null.
  const NamedGame* FindSame(const poker::GameDef& game) const;
  const std::vector<std::unique_ptr<NamedGame>>& games() const { return games_; }

 private:
  std::vector<std::unique_ptr<NamedGame>> games_;
};

// The game one file is read with, and why.
struct FileGame {
  std::string file;
  // The game to read the file with; null when the file is skipped.
  const NamedGame* game = nullptr;
  // How the game was chosen, for people: "its header", "--game", "its lines (...)".
  std::string how;
  // Skipped files are not read: their lines are of another game than the one asked for, or of
  // no known game.
  bool skipped = false;
  std::string skip_reason;
  std::string skipped_game;  // the game a skipped file's lines are of ("" when none is known)
  // STATE lines the detection looked at, and how many of them the chosen game reads.
  int64_t lines_checked = 0;
  int64_t lines_fitting = 0;
  // STATE lines of the whole file (counted only when every line was looked at; else -1).
  int64_t state_lines = -1;
};

// The games of a set of files.
struct GamePlan {
  GameCatalog catalog;
  std::string games_dir;
  std::vector<std::string> files;  // as ListLogFiles lists them
  std::vector<FileGame> games;     // one per file, same order
  // The one game of the run (--game, or the auto choice of ChooseOneGame); null: every file its
  // own game.
  const NamedGame* chosen = nullptr;
  // Notices of the catalog (game files that do not parse).
  std::vector<Problem> notices;
};

// STATE lines read from the start of each file to decide its game. When several games read
// them all (the same lines can be valid with 10000 and 20000 stacks), the rest of the file is
// read too (auto mode only).
inline constexpr int kDetectionLines = 200;

// Decides the game of every file of `files` (ListLogFiles' list).
//  - `chosen` given (--game): a file is read with it unless fewer than half of its first lines fit
//    it and more fit a game of the catalog: then it is skipped as "another game: X".
//  - `chosen` null (auto): a file is read with the game of the catalog that reads most of its
//    lines (every STATE line of the file when the first ones leave a tie); a tie left at the
//    end of the file goes to the game most other files were found to be of, then to the game
//    its header names, then to the first by name. A file no known game reads a line of is read
//    with its header's game (so its lines are rejected with their reasons), else skipped.
// Errors only when the catalog folder cannot be read and `chosen` is null.
absl::StatusOr<std::unique_ptr<GamePlan>> PlanGames(const std::vector<std::string>& files,
                                                    const ReadOptions& options,
                                                    const NamedGame* chosen);

// For a run that needs one game (training) in auto mode: the game of the most STATE lines
// becomes plan->chosen and the files of other games are skipped as "another game". False when
// no file has a game.
bool ChooseOneGame(GamePlan* plan);

}  // namespace logs_parser

#endif  // LOGS_PARSER_GAME_DETECT_H_
