// The dealer's match loop: deals every hand from the seed, sends each seat its MATCHSTATE after
// every action, reads the acting seat's reply and treats it exactly as the ACPC competition server
// does (see ../shared/docs/ACPC.md): comments and replies to other states ignored, unparseable or
// illegal actions played as a call, no-limit raise sizes clamped, time limits enforced.
#ifndef TOOLS_DEALER_MATCH_RUNNER_H_
#define TOOLS_DEALER_MATCH_RUNNER_H_

#include <cstdint>
#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "tools/dealer/dealer_options.h"
#include "tools/dealer/seat_channel.h"

namespace dealer {

// What the dealer makes of one line received from the acting seat.
struct Reply {
  enum class Kind {
    kComment,        // starts with '#' or ';': ignored, no warning
    kBadState,       // the echoed MATCHSTATE cannot be parsed: ignored
    kUnrequested,    // a valid MATCHSTATE but not the current one: ignored
    kBadAction,      // the current state with no ':' after it, or a no-limit raise without a
                     // size: played as a call (`bad action format in response`)
    kInvalidAction,  // the current state with an empty action or an unknown letter: played as a
                     // call (`invalid action`, as the server, whose letter table maps it so)
    kAction,         // the current state and a parsed action (legality not yet checked)
  };
  Kind kind = Kind::kBadState;
  poker::Action action;  // kAction only, as sent (before State::Normalize)
};

// Classifies `line` (no line ending) as a reply to `current`. The echoed state is the text up to
// the fifth ':'; it matches when the viewer, hand, betting, visible board and the viewer's hole
// cards are the same (the server's test). The action is read like the server reads it: one of
// `fcrkb` in either case, a no-limit raise followed by a decimal raise-to size; what follows is
// ignored.
Reply ParseReply(const poker::GameDef& game, const poker::MatchState& current,
                 absl::string_view line);

// Where the match loop reports. `message` receives the lines the server prints on stderr
// (`WARNING: ...`, `ERROR: ...`, and unless quiet the `TO`/`FROM` traffic), without a newline.
struct MatchIo {
  std::ostream* log = nullptr;  // receives one STATE line per finished hand, flushed at once
  std::function<void(absl::string_view)> message;
  // -T: receives the server's transaction lines, one per action played and flushed at once:
  // `<action> <hand> <sent> <received>` where the action is `f`, `c`, `r` (limit) or `r<to>`
  // (no-limit) and the times are wall-clock `seconds.microseconds` when the state went to the
  // acting seat and when its reply arrived.
  std::ostream* transactions = nullptr;
  // -a with -T: the transaction lines of an interrupted run of the same match. They are replayed
  // after the version check, without messages to the seats and without log lines (the appended
  // log already holds those hands), counting their time against the limits as the server does;
  // play then goes on from the hand and action where they stop. A line that does not parse, is
  // for another hand, is illegal, or is incomplete (no newline: the run stopped while writing
  // it) aborts the match with an error naming `resume_name` and the line.
  std::istream* resume = nullptr;
  std::string resume_name = "transactions";
};

// One transaction line (without the newline) for `action` played in `hand`.
std::string FormatTransaction(const poker::GameDef& game, const poker::Action& action,
                              uint32_t hand, int64_t sent_micros, int64_t received_micros);

// Plays options.num_hands hands between `seats` (command-line order; one per player of `game`),
// after checking each seat's `VERSION:` line and replaying io.resume. In hand h, position p is
// played by seat (p + h) mod N unless options.fixed_seats. Returns each seat's total winnings in
// chips. A timeout, a disconnect or an unparseable version aborts the match with an error; the
// hands already finished are in the log.
absl::StatusOr<std::vector<double>> RunMatch(const poker::GameDef& game,
                                             const DealerOptions& options,
                                             absl::Span<SeatChannel* const> seats,
                                             const MatchIo& io);

}  // namespace dealer

#endif  // TOOLS_DEALER_MATCH_RUNNER_H_
