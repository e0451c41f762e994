// The agent side of the ACPC protocol: connect to a dealer, send `VERSION:2.0.0`, give every
// MATCHSTATE to a poker::Player and reply with its action when it is that player's turn.
#ifndef AGENT_ACPC_CLIENT_H_
#define AGENT_ACPC_CLIENT_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"

namespace agent {

// Options of a client connection.
struct AcpcClientOptions {
  // Receives a message for each line that is skipped as malformed (the library never prints;
  // programs pass a function writing to stderr). Empty: messages are dropped.
  std::function<void(absl::string_view)> warn;
  // How long to retry a refused connection (the dealer may not listen yet), in milliseconds.
  int64_t connect_retry_ms = 2000;
};

// The protocol without the socket: turns each line from the dealer into the reply to send.
// Not thread-safe.
class AcpcSession {
 public:
  // `game` and `player` must outlive the session.
  AcpcSession(const poker::GameDef& game, poker::Player* player, AcpcClientOptions options = {});

  // Handles one line from the dealer (a trailing "\r\n" or "\n" is ignored). `#` and `;` lines
  // are ignored; a line that is not a valid MATCHSTATE is reported through options.warn and
  // skipped. A valid state goes to Player::Observe; when the player is to act (computed from the
  // rules: the protocol does not say so), its action, normalized to a legal one as the dealer
  // would apply it, is returned as `<state>:<action>\r\n`. Otherwise returns "".
  std::string HandleLine(absl::string_view line);

  // The protocol text of an action: `f`, `c`, `r` (limit) or `r<raise_to>` (no-limit).
  static std::string FormatAction(const poker::GameDef& game, const poker::Action& action);

  // Lines skipped as malformed so far.
  int64_t lines_skipped() const { return lines_skipped_; }

 private:
  const poker::GameDef* game_;
  poker::Player* player_;
  AcpcClientOptions options_;
  int64_t lines_skipped_ = 0;
};

// Connects to `host`:`port` (TCP_NODELAY), sends `VERSION:2.0.0\r\n` and plays until the dealer
// closes the connection, which is the normal end (OK). Each reply goes out in one write. Errors:
// the connection cannot be made, or a read/write fails other than by the dealer closing.
absl::Status PlayAcpcMatch(const poker::GameDef& game, const std::string& host, uint16_t port,
                           poker::Player* player, const AcpcClientOptions& options = {});

}  // namespace agent

#endif  // AGENT_ACPC_CLIENT_H_
