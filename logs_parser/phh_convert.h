// Converts between ACPC match logs and PHH hand histories, losslessly for logs: ACPC -> PHH ->
// ACPC gives back the same bytes.
//
// ACPC -> PHH: each valid `STATE:` line becomes one hand (`[1]`, `[2]`, ...) of a `.phhs` file:
// variant NT or FT for hold'em games whose order of play PHH's rules give (every ACPC hold'em
// game of data/games), else the project's own code `_ACPC` (Kuhn, Leduc: PHH has no variant for
// them). Whatever else the log holds rides along in user-defined fields of the hands: the lines
// before a hand (headers, comments, SCORE lines, lines that are not valid hands) in
// `_acpc_before`, those after the last hand in `_acpc_after`, a ` # comment` after the names in
// `_acpc_comment`, a line ending other than `\n` in `_acpc_eol`, the game's file name in
// `_acpc_game`, and the line itself in `_acpc_line` when the dealer's formatting would not write
// it back byte for byte.
//
// PHH -> ACPC: each hand becomes a `STATE:` line of an ACPC game (--game, else the hand's
// `_acpc_game`, else the game its carried header names). A hand whose forced bets, stacks and
// player count are the game's is replayed exactly (chips divided by the file's unit); any other
// NT/FT hand goes through the mapping of phh_record.h (amounts in big blinds, stacks within a
// tolerance). Hands with unknown hole cards (a STATE line carries every card), or that do not
// fit the game, are refused with a reason and counted.
#ifndef LOGS_PARSER_PHH_CONVERT_H_
#define LOGS_PARSER_PHH_CONVERT_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/codec.h"
#include "poker/game_def.h"

namespace logs_parser {

struct ConvertOptions {
  const poker::GameDef* game = nullptr;  // --game; null: from headers or `_acpc_game`
  std::string game_name;                 // its file name, written as `_acpc_game`
  std::string games_dir;                 // where header and `_acpc_game` names are looked up
  double stack_tolerance = 2.0;          // PHH -> ACPC, hands that are mapped (phh_record.h)
};

struct ConvertCounts {
  int64_t hands = 0;          // hands written
  int64_t carried_lines = 0;  // ACPC -> PHH: lines kept in user-defined fields
  int64_t refused = 0;        // PHH -> ACPC: hands not written
  std::map<std::string, int64_t> refused_by_reason;
  std::vector<std::string> problems;  // the first few `file:line: reason: detail`
};

// The bytes of an ACPC log (plain, .gz or .bz2) as the text of a `.phhs` file.
absl::StatusOr<std::string> AcpcLogToPhh(const std::string& path, const ConvertOptions& options,
                                         ConvertCounts* counts);

// A PHH file (`.phh`, `.phhs`, plain or compressed) as the text of an ACPC log.
absl::StatusOr<std::string> PhhToAcpcLog(const std::string& path, const ConvertOptions& options,
                                         ConvertCounts* counts);

// One hand of `log_line`'s game as PHH fields and actions (no table header), as AcpcLogToPhh
// writes it. `names` may be empty (then p1, p2, ...). For the dealer and the arena, which write
// PHH beside their logs.
std::string AcpcHandToPhh(const poker::LogLine& log_line, const std::string& game_name);

// Converts the finished log at `log_path` (of `game`, named `game_name`) and writes it beside as
// `<log_path less .log>.phhs`, atomically; returns that path. For `dealer --phh`, `arena --phh`.
absl::StatusOr<std::string> WritePhhBesideLog(const std::string& log_path,
                                              const poker::GameDef& game,
                                              const std::string& game_name);

}  // namespace logs_parser

#endif  // LOGS_PARSER_PHH_CONVERT_H_
