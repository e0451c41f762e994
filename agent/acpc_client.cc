#include "agent/acpc_client.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "poker/codec.h"

namespace agent {
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

std::string AcpcSession::HandleLine(absl::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (line.empty() || line[0] == '#' || line[0] == ';') return "";
  absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(*game_, line);
  if (!view.ok()) {
    ++lines_skipped_;
    if (options_.warn) {
      options_.warn(
          absl::StrCat("skipping malformed line '", line, "': ", view.status().message()));
    }
    return "";
  }
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
  std::string buffer;
  char chunk[4096];
  while (true) {
    const ssize_t n = recv(*fd, chunk, sizeof(chunk), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || (n < 0 && errno == ECONNRESET)) return absl::OkStatus();  // the match is over
    if (n < 0) return absl::UnavailableError(absl::StrCat("recv: ", std::strerror(errno)));
    buffer.append(chunk, static_cast<size_t>(n));
    size_t start = 0;
    while (true) {
      const size_t newline = buffer.find('\n', start);
      if (newline == std::string::npos) break;
      const std::string reply =
          session.HandleLine(absl::string_view(buffer).substr(start, newline - start));
      start = newline + 1;
      if (reply.empty()) continue;
      if (absl::Status s = WriteAll(*fd, reply); !s.ok()) {
        // The dealer may close right after the last hand; that is the normal end, not an error.
        return absl::OkStatus();
      }
    }
    buffer.erase(0, start);
    if (buffer.size() > kMaxLineBytes) {
      if (options.warn) options.warn("skipping an over-long line from the dealer");
      buffer.clear();
    }
  }
}

}  // namespace agent
