// The player side of the ACPC protocol (library `acpc_client`, one layer above poker/, used by
// the agent and the bots): connect to a dealer, send `VERSION:2.0.0`, give every
// MATCHSTATE to a poker::Player and reply with its action when it is that player's turn.
#ifndef ACPC_ACPC_CLIENT_H_
#define ACPC_ACPC_CLIENT_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"

namespace acpc {

// Options of a client connection.
struct AcpcClientOptions {
  // Receives a message for each line that is skipped as malformed (the library never prints;
  // programs pass a function writing to stderr). Empty: messages are dropped.
  std::function<void(absl::string_view)> warn;
  // How long to retry a refused connection (the dealer may not listen yet), in milliseconds.
  int64_t connect_retry_ms = 2000;
  // Give up (DeadlineExceeded) when the dealer sends nothing for this long; <= 0: wait forever.
  int64_t silence_timeout_ms = 0;
  // Malformed lines reported through `warn` one by one; after that they are only counted.
  int max_warnings = 10;
};

// The protocol without the socket: turns each line from the dealer into the reply to send.
// Not thread-safe.
class AcpcSession {
 public:
  // `game` and `player` must outlive the session.
  AcpcSession(const poker::GameDef& game, poker::Player* player, AcpcClientOptions options = {});

  // Handles one line from the dealer (a trailing "\r\n" or "\n" is ignored). `#` and `;` lines
  // are ignored; a line that is not framed as a MATCHSTATE (MATCHSTATE:<position>:<hand>:
  // <betting>:<cards>) is reported through options.warn (escaped, cut to 200 bytes, at most
  // options.max_warnings times) and skipped. A valid state goes to Player::Observe; when the
  // player is to act (computed from the rules: the protocol does not say so), its action,
  // normalized to a legal one as the dealer would apply it, is returned as
  // `<state>:<action>\r\n`. Otherwise returns "".
  // A MATCHSTATE that the game's rules refuse, at any point of the match (cards outside its deck
  // or another number of them, another number of seats, bets beyond its stacks, limit raises in a
  // no-limit game or the reverse, more raises than it allows), sets error(): the player was
  // started with another game than the dealer's and would otherwise skip every state until the
  // dealer's timeout.
  std::string HandleLine(absl::string_view line);

  // FailedPrecondition after a state of another game (see HandleLine); OK otherwise.
  const absl::Status& error() const { return error_; }
  // True while the last valid state seen is a hand not yet finished.
  bool mid_hand() const { return mid_hand_; }
  // The hand number of the last valid state (0 before any).
  uint32_t last_hand() const { return last_hand_; }
  // Valid states seen so far.
  int64_t states_seen() const { return states_seen_; }

  // The protocol text of an action: `f`, `c`, `r` (limit) or `r<raise_to>` (no-limit).
  static std::string FormatAction(const poker::GameDef& game, const poker::Action& action);

  // Lines skipped as malformed so far.
  int64_t lines_skipped() const { return lines_skipped_; }

 private:
  const poker::GameDef* game_;
  poker::Player* player_;
  // Reports a skipped line (rate-limited: see AcpcClientOptions::max_warnings).
  void Skip(absl::string_view line, absl::string_view why);

  AcpcClientOptions options_;
  int64_t lines_skipped_ = 0;
  absl::Status error_;
  bool mid_hand_ = false;
  uint32_t last_hand_ = 0;
  int64_t states_seen_ = 0;
};

// Connects to `host`:`port` (TCP_NODELAY), sends `VERSION:2.0.0\r\n` and plays until the dealer
// closes the connection after a finished hand, which is the normal end (OK). Each reply goes out
// in one write. A line longer than 64 KiB is skipped whole (up to its newline). Errors:
// the connection cannot be made (Internal/Unavailable); the connection is lost or closed before
// the first state or in the middle of a hand, or a reply cannot be sent (Unavailable: the match
// was aborted); nothing from the dealer for options.silence_timeout_ms (DeadlineExceeded); the
// dealer's states are of another game (FailedPrecondition).
absl::Status PlayAcpcMatch(const poker::GameDef& game, const std::string& host, uint16_t port,
                           poker::Player* player, const AcpcClientOptions& options = {});

}  // namespace acpc

#endif  // ACPC_ACPC_CLIENT_H_
