// One `STATE:` line of a match log parsed, replayed under the rules and checked into a
// HandRecord, with the category of the problem when a line is rejected.
#ifndef LOGS_PARSER_STATE_LINE_H_
#define LOGS_PARSER_STATE_LINE_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "logs_parser/hand_record.h"
#include "poker/game_def.h"

namespace logs_parser {

// Why a line is rejected: the keys of ReadSummary::rejected_by_reason.
inline constexpr char kReasonNotLogLine[] = "not a log line";  // neither STATE, SCORE nor `#`
inline constexpr char kReasonMalformed[] = "malformed line";   // fields, counts, hand number
inline constexpr char kReasonIllegalAction[] = "illegal action";
inline constexpr char kReasonUnfinished[] = "unfinished hand";  // betting stops mid-hand
inline constexpr char kReasonBadCards[] = "bad cards";
inline constexpr char kReasonBadValue[] = "bad value";  // a value that is not a number
inline constexpr char kReasonValueMismatch[] = "value mismatch";
inline constexpr char kReasonUnknownGame[] = "unknown game";
inline constexpr char kReasonTooLong[] = "line too long";
// Why a whole file (or the rest of it) could not be read.
inline constexpr char kReasonUnreadable[] = "unreadable file";
inline constexpr char kReasonCorrupt[] = "truncated or corrupt file";
// Not a rejection: the file's header names another game than the one the user chose.
inline constexpr char kNoticeHeaderGame[] = "header game differs from --game";

// Values may be printed with at most 6 decimals; anything further apart is a wrong value.
inline constexpr double kValueTolerance = 1e-6;

// Name mapping applied to the names of every line.
struct NameOptions {
  bool strip_name_suffix = false;  // `laak.phil.2` -> `laak.phil`
};

// The name after mapping: with strip_name_suffix, a trailing `.<digits>` (a table number) is
// removed unless that would leave nothing.
absl::string_view MapName(absl::string_view name, const NameOptions& options);

// Parses `line` (a STATE line without its line ending) of `game` into `record`: hand number,
// names, values, replayed state (every action legal, the hand finished, every card valid and
// distinct) and action records, and checks that the logged values equal the rules' payoffs.
// Allocates nothing once `record`'s vectors and strings have grown to size. On error `*reason`
// is one of the kReason constants above and the status message says what is wrong, quoting the
// field; `record` is then unspecified. `record->source`/`line` are left to the caller.
absl::Status ParseHandLine(absl::string_view line, const poker::GameDef& game,
                           const NameOptions& options, HandRecord* record, const char** reason);

// If `line` is a dealer header `# name/game/hands/seed <match> <game path> <hands> <seed>`,
// sets `*game_path` to the game path as written and returns true.
bool ParseGameHeader(absl::string_view line, absl::string_view* game_path);

// `text` for a message: non-printable bytes as \xNN, cut to `max_bytes` with `...`.
std::string QuoteForMessage(absl::string_view text, size_t max_bytes = 80);

}  // namespace logs_parser

#endif  // LOGS_PARSER_STATE_LINE_H_
