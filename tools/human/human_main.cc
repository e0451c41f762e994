// human: a person plays through any ACPC dealer, as the agent and the bots do: the terminal
// shows each hand and reads the person's decisions (tools/human/human_player.h).
// Exit status: 0 when the dealer ends the match, 1 on a game file or connection error (the
// dealer aborted, or could not be reached), 2 for a bad command line.
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "acpc/acpc_client.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "logs_parser/log_reader.h"
#include "poker/game_def.h"
#include "tools/human/human_player.h"

namespace po = boost::program_options;

namespace {

constexpr char kUsage[] = R"(human: play poker yourself through an ACPC dealer.

Usage: human --game FILE <host> <port>

Connects to the dealer's port for your seat (the dealer prints one port per seat), then shows
every hand: your cards, the board, the pot, every stack, the betting so far and your legal
actions; type a key and Enter: f fold, c check/call, r AMOUNT raise to AMOUNT (no-limit; r alone
in limit games), m minimum raise, p pot-size raise, a all-in, ? help, q quit. A line that is not
a legal action is explained and asked again. After each hand: how it ended, your result and your
running total. When the input ends (Ctrl-D, or q) the rest of the match is played check/fold
without asking, so the dealer's match still ends normally.

With tools/play_match.sh (a player whose command is `human ...` gets this terminal):
  tools/play_match.sh --timeout 7200 me holdem.nolimit.2p.reverse_blinds 20 7 \
    you "build/bin/human --game holdem.nolimit.2p.reverse_blinds" \
    agent "build/bin/agent --game holdem.nolimit.2p.reverse_blinds"

Exit status: 0 the dealer ended the match, 1 a game file or connection error, 2 a bad command
line.

Options)";

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "this help")(
      "game", po::value<std::string>(),
      "the ACPC .game file of the match, or a game name from data/games (required)");
  po::options_description hidden;
  hidden.add_options()("host", po::value<std::string>())("port", po::value<uint32_t>());
  po::positional_options_description positional;
  positional.add("host", 1).add("port", 1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("human", argc, argv, visible, hidden, positional, &vm)) {
    return *done;
  }
  if (!vm.count("game") || !vm.count("host") || !vm.count("port")) {
    return cli::UsageError("human", "--game, <host> and <port> are required");
  }
  if (std::optional<int> bad = cli::CheckPort("human", vm["port"].as<uint32_t>())) return *bad;
  absl::StatusOr<logs_parser::NamedGame> named =
      logs_parser::LoadGameArgument(vm["game"].as<std::string>(), "");
  if (!named.ok()) {
    std::cerr << "human: " << named.status().message() << "\n";
    return 1;
  }
  const poker::GameDef& game = named->game;
  std::cout << "Game " << named->name << ": " << game.num_players << " players, "
            << (game.is_no_limit() ? "no-limit" : "limit") << ", big blind " << game.BigBlind()
            << (game.is_no_limit() ? absl::StrCat(", stacks ", game.stack[0]) : std::string())
            << ". Connecting to " << vm["host"].as<std::string>() << ":"
            << vm["port"].as<uint32_t>() << " (type ? at a decision for the keys)\n"
            << std::flush;
  human::HumanPlayer player(game, &std::cin, &std::cout);
  acpc::AcpcClientOptions options;
  options.warn = [](absl::string_view message) { std::cerr << "human: " << message << "\n"; };
  const absl::Status status =
      acpc::PlayAcpcMatch(game, vm["host"].as<std::string>(),
                          static_cast<uint16_t>(vm["port"].as<uint32_t>()), &player, options);
  std::cout << "\nMatch " << (status.ok() ? "over" : "stopped") << ": " << player.TotalText()
            << "\n"
            << std::flush;
  if (!status.ok()) {
    std::cerr << "human: " << status.message() << "\n";
    return 1;
  }
  return 0;
}
