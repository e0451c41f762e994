#include "acpc/acpc_client.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "poker/codec.h"

namespace acpc {
namespace {

constexpr size_t kMaxLineBytes = 1 << 16;

absl::StatusOr<int> ConnectOnce(const std::string& host, uint16_t port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* result = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &result); rc != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot resolve '", host, "': ", gai_strerror(rc)));
  }
  std::string last_error = "no address";
  bool refused = false;
  for (addrinfo* ai = result; ai != nullptr; ai = ai->ai_next) {
    const int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) continue;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
      freeaddrinfo(result);
      // Replies are small lines: without TCP_NODELAY they were seen to arrive ~40 ms late.
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      return fd;
    }
    refused = refused || errno == ECONNREFUSED;
    last_error = std::strerror(errno);
    close(fd);
  }
  freeaddrinfo(result);
  const std::string message = absl::StrCat("cannot connect to ", host, ":", port, ": ", last_error);
  return refused ? absl::UnavailableError(message) : absl::InternalError(message);
}

absl::StatusOr<int> Connect(const std::string& host, uint16_t port, int64_t retry_ms) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(retry_ms);
  while (true) {
    absl::StatusOr<int> fd = ConnectOnce(host, port);
    if (fd.ok() || !absl::IsUnavailable(fd.status()) ||
        std::chrono::steady_clock::now() >= give_up) {
      return fd;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

absl::Status WriteAll(int fd, absl::string_view data) {
  size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::UnavailableError(absl::StrCat("send: ", std::strerror(errno)));
    sent += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

// Why `line`, a MATCHSTATE that `game` cannot parse, is one of another game; nullopt when it is
// just malformed. Looks at what differs between the usual games: the number of seats (the
// card section has one '|'-separated field per seat) and limit or no-limit raises.
std::optional<std::string> OtherGame(const poker::GameDef& game, absl::string_view line) {
  const std::vector<absl::string_view> fields = absl::StrSplit(line, ':');
  if (fields.size() != 5 || fields[0] != "MATCHSTATE") return std::nullopt;
  const absl::string_view hands = fields[4].substr(0, fields[4].find('/'));
  const int seats = static_cast<int>(absl::c_count(hands, '|')) + 1;
  if (seats != game.num_players) {
    return absl::StrCat("its states have ", seats, " seats, the game file ", game.num_players,
                        " players");
  }
  const absl::string_view betting = fields[3];
  for (size_t i = 0; i < betting.size(); ++i) {
    if (betting[i] != 'r' && betting[i] != 'b') continue;
    const bool sized = i + 1 < betting.size() && absl::ascii_isdigit(betting[i + 1]);
    if (sized && !game.is_no_limit()) {
      return std::string("its raises have sizes (no-limit), the game file is limit");
    }
    if (!sized && game.is_no_limit()) {
      return std::string("its raises have no sizes (limit), the game file is no-limit");
    }
  }
  return std::nullopt;
}

// Whether `line` is framed as a MATCHSTATE (5 fields, a position and a hand number): such a line
// that the game cannot parse is a state of another game (or a dealer out of step with the game
// file), not noise on the line.
bool IsMatchStateFrame(absl::string_view line) {
  const std::vector<absl::string_view> fields = absl::StrSplit(line, ':');
  if (fields.size() != 5 || fields[0] != "MATCHSTATE") return false;
  uint32_t number = 0;
  return absl::SimpleAtoi(fields[1], &number) && absl::SimpleAtoi(fields[2], &number);
}

}  // namespace

AcpcSession::AcpcSession(const poker::GameDef& game, poker::Player* player,
                         AcpcClientOptions options)
    : game_(&game), player_(player), options_(std::move(options)) {}

std::string AcpcSession::FormatAction(const poker::GameDef& game, const poker::Action& action) {
  switch (action.type) {
    case poker::ActionType::kFold:
      return "f";
    case poker::ActionType::kCall:
      return "c";
    case poker::ActionType::kRaise:
      return game.is_no_limit() ? absl::StrCat("r", action.raise_to) : "r";
  }
  return "c";
}

void AcpcSession::Skip(absl::string_view line, absl::string_view why) {
  ++lines_skipped_;
  if (!options_.warn || lines_skipped_ > options_.max_warnings) return;
  constexpr size_t kShown = 200;
  std::string text = absl::CHexEscape(line.substr(0, kShown));
  if (line.size() > kShown) absl::StrAppend(&text, "... (", line.size(), " bytes)");
  options_.warn(absl::StrCat("skipping malformed line '", text, "': ", why));
  if (lines_skipped_ == options_.max_warnings) {
    options_.warn("further malformed lines are skipped without a message");
  }
}

std::string AcpcSession::HandleLine(absl::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (line.empty() || line[0] == '#' || line[0] == ';') return "";
  absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(*game_, line);
  if (!view.ok()) {
    // A state this game's rules refuse (cards outside its deck, another number of seats, bets
    // beyond its stacks, betting it does not allow), at any point of the match: the player cannot
    // be in this match, and skipping every such state left the dealer waiting out its timeout.
    if (IsMatchStateFrame(line) && error_.ok()) {
      const std::optional<std::string> why = OtherGame(*game_, line);
      error_ = absl::FailedPreconditionError(
          absl::StrCat("the dealer's state '", absl::CHexEscape(line.substr(0, 200)),
                       "' cannot be one of the game of --game (",
                       why.has_value() ? *why : std::string(view.status().message()),
                       "): it plays another game; leaving the match"));
      return "";
    }
    Skip(line, view.status().message());
    return "";
  }
  ++states_seen_;
  mid_hand_ = !view->state.finished();
  last_hand_ = view->state.hand_number();
  player_->Observe(*view);
  const poker::State& state = view->state;
  if (state.finished() || state.CurrentPlayer() != view->viewer) return "";
  const poker::Action action = state.Normalize(player_->Act(*view));
  return absl::StrCat(line, ":", FormatAction(*game_, action), "\r\n");
}

absl::Status PlayAcpcMatch(const poker::GameDef& game, const std::string& host, uint16_t port,
                           poker::Player* player, const AcpcClientOptions& options) {
  absl::StatusOr<int> fd = Connect(host, port, options.connect_retry_ms);
  if (!fd.ok()) return fd.status();
  struct Closer {
    int fd;
    ~Closer() { close(fd); }
  } closer{*fd};
  if (absl::Status s = WriteAll(*fd, "VERSION:2.0.0\r\n"); !s.ok()) return s;

  AcpcSession session(game, player, options);
  // Why the connection ended early (OK when the dealer closed it after a finished hand).
  const auto lost = [&session](absl::string_view what) {
    const std::string where = session.states_seen() == 0
                                  ? std::string("before the first hand")
                                  : absl::StrCat("in the middle of hand ", session.last_hand());
    return absl::UnavailableError(absl::StrCat("lost the connection to the dealer ", where, ": ",
                                               what, " (the match was aborted)"));
  };
  std::string buffer;
  bool discarding = false;  // inside an over-long line: skip up to its newline
  char chunk[4096];
  while (true) {
    if (options.silence_timeout_ms > 0) {
      pollfd pfd{*fd, POLLIN, 0};
      const int ready =
          poll(&pfd, 1, static_cast<int>(std::min<int64_t>(options.silence_timeout_ms, 1 << 30)));
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) {
        return absl::DeadlineExceededError(
            absl::StrFormat("the dealer sent nothing for %.3g s (--dealer-timeout); giving up",
                            options.silence_timeout_ms / 1000.0));
      }
    }
    const ssize_t n = recv(*fd, chunk, sizeof(chunk), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || (n < 0 && errno == ECONNRESET)) {
      if (session.states_seen() > 0 && !session.mid_hand()) return absl::OkStatus();  // the end
      return lost(n == 0 ? "it closed the connection" : "it reset the connection");
    }
    if (n < 0) return lost(absl::StrCat("recv: ", std::strerror(errno)));
    buffer.append(chunk, static_cast<size_t>(n));
    size_t start = 0;
    while (true) {
      const size_t newline = buffer.find('\n', start);
      if (newline == std::string::npos) break;
      if (discarding) {
        discarding = false;
        start = newline + 1;
        continue;
      }
      const std::string reply =
          session.HandleLine(absl::string_view(buffer).substr(start, newline - start));
      start = newline + 1;
      if (!session.error().ok()) return session.error();
      if (reply.empty()) continue;
      if (absl::Status s = WriteAll(*fd, reply); !s.ok()) {
        return lost(absl::StrCat("could not send our action (", s.message(), ")"));
      }
    }
    buffer.erase(0, start);
    if (buffer.size() > kMaxLineBytes) {
      if (!discarding && options.warn) {
        options.warn("skipping an over-long line from the dealer (more than 64 KiB)");
      }
      discarding = true;  // the rest of this line, up to its newline, is skipped too
      buffer.clear();
    }
  }
}

}  // namespace acpc
