// Text codecs of the ACPC protocol and logs: betting strings, card sections, `MATCHSTATE:` lines
// (an agent's view) and `STATE:` log lines (all cards, values, names).
#ifndef POKER_CODEC_H_
#define POKER_CODEC_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/state.h"

namespace poker {

// Replays a betting string (`cr300r500c/cr600r20000`) onto a fresh state of the game. Accepts
// `f c r r<N>` and the server's synonyms `k` (call) and `b` (raise), either case. An action
// that breaks the rules, or a missing/extra `/`, is an error naming the action (1-based index and
// round) and why.
absl::Status ApplyBetting(absl::string_view betting, State* state);

// Reads one action as the server reads an agent's reply: `f`, `c`/`k`, `r`/`b` (either case),
// with a raise-to size in no-limit (`r400`). A limit raise gets its fixed raise-to total. Errors
// for an empty or unknown action, a no-limit raise without a size, or text after the action; the
// server plays every such reply as a call. Legality is not checked: see State::Normalize.
absl::StatusOr<Action> ParseAction(const State& state, absl::string_view text);

// The action a betting letter stands for: `f`, `c` or `k` (call), `r` or `b` (raise), either
// case; false for any other character.
bool ActionOfLetter(char c, ActionType* type);

// The betting of a state as the server prints it: `f c r` (limit) or `r<raise_to>` (no-limit),
// rounds separated by `/`, with empty sections for the rounds skipped by an all-in runout.
std::string FormatBetting(const State& state);

// Sets cards from a card section: hole cards by position separated by `|` (empty for unknown),
// then `/` and the board cards of each round reached. `require_all_hole` demands every player's
// cards (log lines). Wrong counts, bad text and duplicate cards are errors.
absl::Status ApplyCards(absl::string_view cards, bool require_all_hole, State* state);

// The card section: holes in position order (unknown ones empty), then each visible round's board.
// With viewer >= 0, shows only what that position may see (its own, and others' at a showdown).
std::string FormatCards(const State& state, int viewer = -1);

// `MATCHSTATE:<position>:<hand>:<betting>:<cards>`: what the dealer sends one seat.
struct MatchState {
  int viewer = 0;  // this agent's position in the hand
  State state;
};

// Parses one MATCHSTATE line (a trailing `\r`/`\n` is ignored). Errors name the field. Any
// position's hole cards may be absent (the viewer's own included: check HoleCardsKnown).
absl::StatusOr<MatchState> ParseMatchState(const GameDef& game, absl::string_view line);
// The line without a line ending.
std::string FormatMatchState(const MatchState& match_state);

// Formats a chip value as the dealer does: `%.6f` with trailing zeros and point removed.
std::string FormatValue(double value);

// `STATE:<hand>:<betting>:<cards>:<values>:<names>[ # comment]` from a dealer's log.
struct LogLine {
  State state;                     // finished, every card known
  std::vector<double> values;      // per position, as logged
  std::vector<std::string> names;  // per position
  std::string comment;             // text after ` # `, if any (without the marker)
};

// Parses one STATE line, replays it under the rules and checks the logged values equal the
// computed ones (to 1e-6). Tolerates CRLF and a trailing ` # comment`.
absl::StatusOr<LogLine> ParseLogLine(const GameDef& game, absl::string_view line);

// ParseLogLine into an existing record, reusing its vectors and strings (no allocation once they
// have grown): the form for reading millions of lines.
absl::Status ParseLogLineInto(const GameDef& game, absl::string_view line, LogLine* out);

// The line as the dealer writes it (no comment, no line ending).
std::string FormatLogLine(const LogLine& log_line);

}  // namespace poker

#endif  // POKER_CODEC_H_
