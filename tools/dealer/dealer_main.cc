// dealer: an ACPC-compatible dealer with the competition server's command line, deal, log format
// and treatment of replies. Usage: see DealerUsage() (`dealer --help`).
// Exit status: 0 match complete, 1 aborted or could not start, 2 bad command line.
#include <csignal>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/command_line.h"
#include "cli/terminal.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/phh_convert.h"
#include "poker/file_io.h"
#include "poker/game_def.h"
#include "tools/dealer/dealer_options.h"
#include "tools/dealer/match_log.h"
#include "tools/dealer/match_runner.h"
#include "tools/dealer/seat_channel.h"

namespace {

int Run(int argc, char** argv) {
  // The dealer keeps the server's own command line (not cli::ParseCommandLine), and its messages
  // quote game files and players' replies: the terminal is protected the same way.
  cli::ProtectTerminalOutput();
  std::vector<std::string> args(argv + 1, argv + argc);
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << dealer::DealerUsage();
      return 0;
    }
    if (arg == "--version") {
      std::cout << cli::VersionLine("dealer");
      return 0;
    }
  }
  absl::StatusOr<dealer::DealerOptions> parsed = dealer::ParseDealerArgs(args);
  if (!parsed.ok()) {
    std::cerr << "ERROR: " << parsed.status().message() << "\n" << dealer::DealerUsage();
    return 2;
  }
  dealer::DealerOptions& options = *parsed;
  // A path, or a game name from data/games (the log header shows the argument as given).
  absl::StatusOr<logs_parser::NamedGame> named =
      logs_parser::LoadGameArgument(options.game_file, "");
  if (!named.ok()) {
    std::cerr << "ERROR: could not read game " << options.game_file << ": "
              << named.status().message() << "\n";
    return 1;
  }
  const poker::GameDef* game = &named->game;
  const int n = game->num_players;
  // One name per player, no more: an extra name was once dropped without a word (a seat count
  // that differs from what the caller meant).
  if (static_cast<int>(options.names.size()) != n) {
    std::cerr << "ERROR: the game has " << n << " players but " << options.names.size()
              << " names were given\n"
              << dealer::DealerUsage();
    return 2;
  }
  // -T: <matchName>.tlog records every action; with -a, what it already holds is replayed first.
  // (The replay reads the file to its end before the first new line is appended.)
  std::ifstream earlier_transactions;
  std::ofstream transactions;
  const std::string transactions_path = absl::StrCat(options.match_name, ".tlog");
  if (options.transaction_log) {
    if (options.append) {
      // Read only when it is a regular file (a FIFO would block, a device never end); a missing
      // one is a match not started yet.
      const absl::Status readable = poker::CheckRegularFile(transactions_path);
      if (!readable.ok() && !absl::IsNotFound(readable)) {
        std::cerr << "ERROR: " << readable.message() << "\n";
        return 1;
      }
      if (readable.ok()) earlier_transactions.open(transactions_path, std::ios::binary);
    }
    transactions.open(transactions_path,
                      std::ios::binary | (options.append ? std::ios::app : std::ios::trunc));
    if (!transactions) {
      std::cerr << "ERROR: could not open transaction file " << transactions_path << "\n";
      return 1;
    }
  }

  std::ofstream log;
  if (options.log) {
    const std::string path = absl::StrCat(options.match_name, ".log");
    log.open(path, options.append ? std::ios::app : std::ios::trunc);
    if (!log) {
      std::cerr << "ERROR: could not open log file " << path << "\n";
      return 1;
    }
  }

  std::vector<dealer::TcpListener> listeners;
  std::vector<uint16_t> ports;
  for (int seat = 0; seat < n; ++seat) {
    const uint16_t port = seat < static_cast<int>(options.ports.size()) ? options.ports[seat] : 0;
    absl::StatusOr<dealer::TcpListener> listener =
        dealer::TcpListener::Listen(options.bind_address, port);
    if (!listener.ok()) {
      std::cerr << "ERROR: could not create listen socket for player " << seat + 1 << ": "
                << listener.status().message() << "\n";
      return 1;
    }
    ports.push_back(listener->port());
    listeners.push_back(std::move(*listener));
  }
  std::cout << absl::StrJoin(ports, " ") << "\n" << std::flush;

  const std::string header = dealer::FormatLogHeader(
      options.match_name, options.game_file, options.num_hands, options.seed, options.t_response_ms,
      options.t_hand_ms, options.t_per_hand_ms);
  std::cerr << header;
  if (log.is_open()) log << header << std::flush;

  const dealer::Clock::time_point start = dealer::Clock::now();
  std::vector<std::unique_ptr<dealer::TcpSeatChannel>> channels;
  std::vector<dealer::SeatChannel*> seats;
  for (int seat = 0; seat < n; ++seat) {
    const dealer::Clock::time_point deadline =
        options.start_timeout_ms < 0 || options.start_timeout_ms > int64_t{100'000'000'000}
            ? dealer::Clock::time_point::max()
            : start + std::chrono::milliseconds(options.start_timeout_ms);
    absl::StatusOr<int> fd = listeners[seat].Accept(deadline);
    if (!fd.ok()) {
      std::cerr << (absl::IsDeadlineExceeded(fd.status())
                        ? absl::StrCat("ERROR: timed out waiting for seat ", seat + 1,
                                       " to connect\n")
                        : absl::StrCat("ERROR: seat ", seat + 1, " could not connect\n"));
      return 1;
    }
    listeners[seat].Close();
    channels.push_back(std::make_unique<dealer::TcpSeatChannel>(*fd, options.t_response_ms));
    seats.push_back(channels.back().get());
  }

  dealer::MatchIo io;
  io.log = log.is_open() ? &log : nullptr;
  io.message = [](absl::string_view line) { std::cerr << line << "\n"; };
  if (transactions.is_open()) {
    io.transactions = &transactions;
    if (earlier_transactions.is_open()) {
      io.resume = &earlier_transactions;
      io.resume_name = transactions_path;
    }
  }
  absl::StatusOr<std::vector<double>> totals = dealer::RunMatch(*game, options, seats, io);
  if (!totals.ok()) return 1;  // RunMatch has printed the server's error line(s)
  const std::string score = dealer::FormatScoreLine(*totals, options.names);
  std::cout << score << "\n" << std::flush;
  std::cerr << score << "\n";
  if (log.is_open()) log << score << "\n" << std::flush;
  if (options.phh && log.is_open()) {
    log.close();
    absl::StatusOr<std::string> phh = logs_parser::WritePhhBesideLog(
        absl::StrCat(options.match_name, ".log"), *game, named->name);
    if (!phh.ok()) {
      std::cerr << "ERROR: could not write the PHH file: " << phh.status().message() << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A seat that hangs up must surface as a send error, not kill the dealer.
  std::signal(SIGPIPE, SIG_IGN);
  return Run(argc, argv);
}
