// The dealer's connection to one seat: send a line, read the next line before a deadline. An
// interface so that the match loop runs over TCP in the dealer and over in-memory fakes in tests.
#ifndef TOOLS_DEALER_SEAT_CHANNEL_H_
#define TOOLS_DEALER_SEAT_CHANNEL_H_

#include <chrono>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dealer {

using Clock = std::chrono::steady_clock;

// One seat's byte stream. Not thread-safe.
class SeatChannel {
 public:
  virtual ~SeatChannel() = default;
  // Sends `data` (the caller includes the "\r\n") in one write; an error when the seat is gone.
  virtual absl::Status Send(absl::string_view data) = 0;
  // The next line without its "\n" (a "\r" before it is kept: the verbose transcript shows
  // lines as received, as the server's does). DeadlineExceeded when nothing complete arrived by
  // `deadline` (Clock::time_point::max(): wait forever), Unavailable when the seat disconnected.
  virtual absl::StatusOr<std::string> ReadLine(Clock::time_point deadline) = 0;
};

// A listening IPv4 TCP socket for one seat. Move-only; closes its socket.
class TcpListener {
 public:
  // Listens on `address` (dotted IPv4) and `port` (0: the OS picks one).
  static absl::StatusOr<TcpListener> Listen(const std::string& address, uint16_t port);
  TcpListener(TcpListener&& other) noexcept;
  TcpListener& operator=(TcpListener&& other) noexcept;
  TcpListener(const TcpListener&) = delete;
  TcpListener& operator=(const TcpListener&) = delete;
  ~TcpListener();

  uint16_t port() const { return port_; }
  // Accepts one connection (TCP_NODELAY set) and returns its socket, which the caller owns.
  // DeadlineExceeded when nobody connected by `deadline`.
  absl::StatusOr<int> Accept(Clock::time_point deadline);
  // Stops listening (also done by the destructor).
  void Close();

 private:
  TcpListener(int fd, uint16_t port) : fd_(fd), port_(port) {}
  int fd_ = -1;
  uint16_t port_ = 0;
};

// A seat behind a connected TCP socket, which it owns and closes. Lines longer than
// kMaxLineBytes are cut there (the rest comes as the next line), so garbage cannot exhaust memory.
class TcpSeatChannel : public SeatChannel {
 public:
  static constexpr size_t kMaxLineBytes = 1 << 16;

  // `send_timeout_ms` bounds one blocked write (a seat that stops reading); <= 0: no bound.
  TcpSeatChannel(int fd, int64_t send_timeout_ms);
  TcpSeatChannel(const TcpSeatChannel&) = delete;
  TcpSeatChannel& operator=(const TcpSeatChannel&) = delete;
  ~TcpSeatChannel() override;

  absl::Status Send(absl::string_view data) override;
  absl::StatusOr<std::string> ReadLine(Clock::time_point deadline) override;

 private:
  int fd_;
  std::string buffer_;  // bytes received and not yet returned as lines
};

}  // namespace dealer

#endif  // TOOLS_DEALER_SEAT_CHANNEL_H_
