#include "tools/dealer/seat_channel.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"

namespace dealer {
namespace {

// Milliseconds until `deadline` for poll(): -1 for "forever", at least 0.
int PollTimeoutMs(Clock::time_point deadline) {
  if (deadline == Clock::time_point::max()) return -1;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - Clock::now() + std::chrono::microseconds(999));
  if (left.count() <= 0) return 0;
  return static_cast<int>(std::min<int64_t>(left.count(), 1 << 30));
}

std::string ErrnoText() { return std::strerror(errno); }

}  // namespace

absl::StatusOr<TcpListener> TcpListener::Listen(const std::string& address, uint16_t port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (inet_pton(AF_INET, address.c_str(), &addr.sin_addr) != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--bind: '", address, "' is not an IPv4 address"));
  }
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return absl::InternalError(absl::StrCat("socket: ", ErrnoText()));
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 || listen(fd, 8) != 0) {
    const std::string why = ErrnoText();
    close(fd);
    return absl::UnavailableError(absl::StrCat("cannot listen on ", address, ":", port, ": ", why));
  }
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  return TcpListener(fd, ntohs(addr.sin_port));
}

TcpListener::TcpListener(TcpListener&& other) noexcept : fd_(other.fd_), port_(other.port_) {
  other.fd_ = -1;
}

TcpListener& TcpListener::operator=(TcpListener&& other) noexcept {
  if (this != &other) {
    Close();
    fd_ = other.fd_;
    port_ = other.port_;
    other.fd_ = -1;
  }
  return *this;
}

TcpListener::~TcpListener() { Close(); }

void TcpListener::Close() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
}

absl::StatusOr<int> TcpListener::Accept(Clock::time_point deadline) {
  while (true) {
    pollfd pfd{fd_, POLLIN, 0};
    const int ready = poll(&pfd, 1, PollTimeoutMs(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return absl::InternalError(absl::StrCat("poll: ", ErrnoText()));
    if (ready == 0) return absl::DeadlineExceededError("nobody connected in time");
    const int fd = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      return absl::UnavailableError(absl::StrCat("accept: ", ErrnoText()));
    }
    // Small protocol lines must not wait for Nagle's algorithm (~40 ms each otherwise).
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    return fd;
  }
}

TcpSeatChannel::TcpSeatChannel(int fd, int64_t send_timeout_ms) : fd_(fd) {
  if (send_timeout_ms > 0) {
    timeval tv{};
    tv.tv_sec = send_timeout_ms / 1000;
    tv.tv_usec = (send_timeout_ms % 1000) * 1000;
    setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
  }
}

TcpSeatChannel::~TcpSeatChannel() {
  if (fd_ >= 0) close(fd_);
}

absl::Status TcpSeatChannel::Send(absl::string_view data) {
  size_t sent = 0;
  while (sent < data.size()) {
    // MSG_NOSIGNAL: a seat that hung up is an error to report, not a SIGPIPE that kills us.
    const ssize_t n = send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::UnavailableError(absl::StrCat("send: ", ErrnoText()));
    sent += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> TcpSeatChannel::ReadLine(Clock::time_point deadline) {
  char chunk[4096];
  while (true) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos || buffer_.size() >= kMaxLineBytes) {
      const size_t end = std::min(newline, kMaxLineBytes);
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end == newline ? end + 1 : end);
      return line;
    }
    pollfd pfd{fd_, POLLIN, 0};
    const int ready = poll(&pfd, 1, PollTimeoutMs(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return absl::InternalError(absl::StrCat("poll: ", ErrnoText()));
    if (ready == 0) return absl::DeadlineExceededError("no reply in time");
    const ssize_t n = recv(fd_, chunk, sizeof(chunk), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::UnavailableError(absl::StrCat("recv: ", ErrnoText()));
    if (n == 0) return absl::UnavailableError("connection closed");
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

}  // namespace dealer
