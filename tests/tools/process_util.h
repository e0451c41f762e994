// Test utilities: child processes started and killed by pid with bounded waits, a line-oriented
// TCP client for 127.0.0.1, temporary directories, and the game files the tests use.
#ifndef TESTS_TOOLS_PROCESS_UTIL_H_
#define TESTS_TOOLS_PROCESS_UTIL_H_

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/common/test_support.h"

namespace tools_test {

using Clock = std::chrono::steady_clock;

// A child process with its stdout on a pipe and stderr in a file. Killed (by pid) and reaped on
// destruction if still running.
class Subprocess {
 public:
  // Starts argv[0] (a path) in `cwd` with stderr appended to `stderr_path` ("" = /dev/null).
  Subprocess(const std::vector<std::string>& argv, const std::string& cwd,
             const std::string& stderr_path) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) return;
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const std::string err = stderr_path.empty() ? "/dev/null" : stderr_path;
    pid_ = fork();
    if (pid_ == 0) {
      // Only async-signal-safe calls between fork and exec.
      if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
      dup2(pipe_fds[1], 1);
      const int err_fd = open(err.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (err_fd >= 0) dup2(err_fd, 2);
      close(pipe_fds[0]);
      execv(args[0], args.data());
      _exit(127);
    }
    close(pipe_fds[1]);
    stdout_fd_ = pipe_fds[0];
  }
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;
  ~Subprocess() {
    Kill();
    if (stdout_fd_ >= 0) close(stdout_fd_);
  }

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // The next stdout line (without '\n'), or nullopt at EOF or after `timeout`.
  std::optional<std::string> ReadLine(std::chrono::milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    while (true) {
      const size_t nl = out_.find('\n');
      if (nl != std::string::npos) {
        std::string line = out_.substr(0, nl);
        out_.erase(0, nl + 1);
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd pfd{stdout_fd_, POLLIN, 0};
      if (poll(&pfd, 1, static_cast<int>(left)) <= 0) continue;
      char buf[4096];
      const ssize_t n = read(stdout_fd_, buf, sizeof(buf));
      if (n <= 0) return std::nullopt;
      out_.append(buf, static_cast<size_t>(n));
    }
  }

  // Everything left on stdout until EOF (bounded by `timeout`).
  std::string ReadRest(std::chrono::milliseconds timeout) {
    std::string all;
    while (std::optional<std::string> line = ReadLine(timeout)) all += *line + "\n";
    return all + out_;
  }

  // The exit status, or nullopt if it did not exit within `timeout` (then it is killed).
  std::optional<int> Wait(std::chrono::milliseconds timeout) {
    if (pid_ <= 0) return exit_status_;
    const Clock::time_point deadline = Clock::now() + timeout;
    while (true) {
      int status = 0;
      const pid_t r = waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        pid_ = -1;
        exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return exit_status_;
      }
      if (Clock::now() >= deadline) {
        Kill();
        return std::nullopt;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  void Kill() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::string out_;
  std::optional<int> exit_status_;
};

// A blocking line client with read timeouts, on 127.0.0.1 unless another of this machine's own
// IPv4 addresses is given (network byte order).
class LineClient {
 public:
  bool Connect(int port, in_addr_t address = htonl(INADDR_LOOPBACK)) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = address;
    if (connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) return false;
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    return true;
  }
  ~LineClient() { Close(); }
  void Close() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }
  bool Send(const std::string& data) {
    return send(fd_, data.data(), data.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(data.size());
  }
  // The next line without "\r\n"; nullopt on EOF or timeout.
  std::optional<std::string> ReadLine(std::chrono::milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    while (true) {
      const size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd pfd{fd_, POLLIN, 0};
      if (poll(&pfd, 1, static_cast<int>(left)) <= 0) continue;
      char buf[4096];
      const ssize_t n = recv(fd_, buf, sizeof(buf), 0);
      if (n <= 0) return std::nullopt;
      buffer_.append(buf, static_cast<size_t>(n));
    }
  }

 private:
  int fd_ = -1;
  std::string buffer_;
};

// A fresh folder under the system temp folder, removed with the object.
using test_support::TempDir;

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream ss(text);
  std::string line;
  while (std::getline(ss, line)) lines.push_back(line);
  return lines;
}

inline std::string BinPath(const std::string& program) {
  return std::string(POKER_BIN_DIR) + "/" + program;
}

// Game definitions the tests write into their temp dirs (the ACPC games' numbers).
inline constexpr char kNoLimit2pGame[] =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kNoLimit3pGame[] =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\n"
    "blind = 50 100 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kNoLimit6pGame[] =
    "GAMEDEF\nnolimit\nnumPlayers = 6\nnumRounds = 4\n"
    "stack = 20000 20000 20000 20000 20000 20000\nblind = 50 100 0 0 0 0\n"
    "firstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kLimit2pGame[] =
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";

}  // namespace tools_test

#endif  // TESTS_TOOLS_PROCESS_UTIL_H_
