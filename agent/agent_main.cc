// agent: the ACPC client that reads opponents' hands with the opponent model, decides, and learns
// during the match. Run `agent --help` for the options.
// Exit status: 0 when the dealer ends the match (and --save-model, if given, was written);
// 1 on a game, model, connection or save error; 2 for a bad command line.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "acpc/acpc_client.h"
#include "agent/agent_player.h"
#include "agent/policies.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "logs_parser/log_reader.h"
#include "poker/file_io.h"
#include "poker/game_def.h"

namespace po = boost::program_options;

namespace {

constexpr char kUsage[] =
    R"(agent: plays an ACPC match: reads each opponent's hand from its actions with the opponent
model, computes its equity against those ranges, decides with a policy, and keeps learning the
opponents' pattern trees during the match.

Usage: agent --game FILE [options] <host> <port>

Opponents are identified by seat: in hand h, position p is seat (p + h) mod N (our own seat
follows from our first position). --opponents names the model players of the other seats in seat
order (or of every seat, ours ignored); unnamed seats are "seat<k>" (k from 0), which the model
does not know, so they are read with the population until online learning has seen enough.

Exit status: 0 the dealer ended the match (and --save-model was written), 1 a game, model,
connection or save error, 2 a bad command line.

Options)";

double Percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t i = std::min(values.size() - 1, static_cast<size_t>(q * (values.size() - 1) + 0.5));
  return values[i];
}

// Applies the command line's agent settings to `options` and `client` (after --config, then
// --param, in that order). Returns the exit status of a bad value or unreadable config file.
std::optional<int> ApplyCommandLine(const po::variables_map& vm, agent::AgentOptions* options,
                                    acpc::AcpcClientOptions* client) {
  options->policy = vm["policy"].as<std::string>();
  options->seed = vm["seed"].as<uint64_t>();
  options->fixed_seats = vm.count("fixed-seats") > 0;
  if (vm.count("opponents")) {
    options->opponents = absl::StrSplit(vm["opponents"].as<std::string>(), ',');
  }
  if (vm.count("config")) {
    if (absl::Status s = agent::LoadParamFile(vm["config"].as<std::string>(), options); !s.ok()) {
      // A file that cannot be read or holds a bad line (its data, not the command line): 1.
      std::cerr << "agent: " << s.message() << "\n";
      return 1;
    }
  }
  if (vm.count("param")) {
    for (const std::string& assignment : vm["param"].as<std::vector<std::string>>()) {
      if (absl::Status s = agent::ApplyParamAssignment(assignment, options); !s.ok()) {
        std::cerr << "agent: " << s.message() << "\n";
        return 2;
      }
    }
  }
  if (vm.count("strategy")) {
    options->policy_params.extra_text["strategy"] = vm["strategy"].as<std::string>();
  }
  if (vm.count("time-per-action-ms")) {
    const double ms = vm["time-per-action-ms"].as<double>();
    if (!(ms > 0)) return cli::UsageError("agent", "--time-per-action-ms must be positive");
    options->params.time_per_action_ms = ms;
  }
  client->warn = [](absl::string_view message) { std::cerr << "agent: " << message << "\n"; };
  if (vm.count("dealer-timeout")) {
    const double seconds = vm["dealer-timeout"].as<double>();
    if (!(seconds > 0) || seconds > 1e6) {
      return cli::UsageError("agent", "--dealer-timeout must be a number of seconds in (0, 1e6]");
    }
    client->silence_timeout_ms = std::max<int64_t>(1, std::llround(seconds * 1000));
  }
  return std::nullopt;
}

// Hands, decisions and decision times on stderr at the end.
void PrintSummary(const agent::AgentPlayer& player) {
  const std::vector<double>& times = player.decision_times_ms();
  std::cerr << absl::StrFormat(
      "agent: %d hands, %d decisions, decision time p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
      player.hands_played(), times.size(), Percentile(times, 0.5), Percentile(times, 0.99),
      times.empty() ? 0.0 : *std::max_element(times.begin(), times.end()));
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "this help, with every parameter")(
      "game", po::value<std::string>(),
      "the ACPC .game file of the match, or a game name from data/games (required)")(
      "model", po::value<std::string>(),
      "opponent model file from `trainer train`; `none`: start from DFmodel with an empty model "
      "(learned online unless learn=0). Default: the first bundled model of data/models/*.pb "
      "trained for this game (default.pb first, then by name), else as `none` (a notice on "
      "stderr)")("opponents", po::value<std::string>(),
                 "model names of the other seats, NAME,NAME,...")(
      "policy", po::value<std::string>()->default_value("search"),
      "fold (000's thresholds, read ranges), joker (001's pot-odds EV, randomised), static "
      "(fold's thresholds against uniform ranges), search (looks ahead over the betting tree "
      "with the opponents' models, safe by the bundled blueprint; docs/agent.md), cfr (plays "
      "--strategy FILE)")("seed", po::value<uint64_t>()->default_value(1),
                          "seeds randomisation and Monte Carlo")(
      "time-per-action-ms", po::value<double>(),
      "wall-clock cap of one decision's equity estimates in ms (default 40). It does not bound "
      "the search policy's look-ahead, which has its own cap, --param search_cap_ms=MS (default "
      "1000): a decision of the default policy can take up to about a second over TCP (the "
      "ACPC dealers allow 7 s per hand on average). Neither applies in the arena")(
      "save-model", po::value<std::string>(),
      "write the model with what was learned online here at the end (atomically)")(
      "decision-log", po::value<std::string>(), "one JSON object per decision to this file")(
      "param", po::value<std::vector<std::string>>()->composing(),
      "NAME=VALUE, repeatable: any parameter listed below")(
      "config", po::value<std::string>(), "a file of NAME=VALUE lines (# comments)")(
      "fixed-seats", "the dealer does not rotate seats (its -f): position p is seat p")(
      "dealer-timeout", po::value<double>(),
      "give up (exit 1) when the dealer sends nothing for this many seconds (default: wait "
      "forever, as the dealer bounds every wait itself)")(
      "strategy", po::value<std::string>(),
      "policy cfr: the solver strategy file to play (same as --param strategy=FILE)")(
      "quiet,q", "no summary on stderr at the end");
  po::options_description hidden;
  hidden.add_options()("host", po::value<std::string>())("port", po::value<uint32_t>());
  po::positional_options_description positional;
  positional.add("host", 1).add("port", 1);

  agent::AgentOptions options;
  const auto help_tail = [&options] {
    std::string text = "Policies:\n";
    for (const auto& [name, description] : agent::RegisteredPolicies()) {
      absl::StrAppendFormat(&text, "  %-8s %s\n", name, description);
    }
    return absl::StrCat(text,
                        "\nParameters (--param NAME=VALUE or --config FILE; current defaults):\n",
                        agent::DescribeParams(options));
  };
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("agent", argc, argv, visible, hidden, positional, &vm, help_tail)) {
    return *done;
  }
  if (!vm.count("game")) return cli::UsageError("agent", "--game is required");
  if (!vm.count("host") || !vm.count("port")) {
    return cli::UsageError("agent", "<host> and <port> are required");
  }
  if (std::optional<int> bad = cli::CheckPort("agent", vm["port"].as<uint32_t>())) return *bad;
  acpc::AcpcClientOptions client_options;
  if (std::optional<int> failed = ApplyCommandLine(vm, &options, &client_options)) return *failed;

  absl::StatusOr<logs_parser::NamedGame> named =
      logs_parser::LoadGameArgument(vm["game"].as<std::string>(), "");
  if (!named.ok()) {
    std::cerr << "agent: " << named.status().message() << "\n";
    return 1;
  }
  const poker::GameDef* game = &named->game;
  std::string notice;
  absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> model = agent::ChooseAgentModel(
      vm.count("model") ? std::optional(vm["model"].as<std::string>()) : std::nullopt, *game,
      &notice);
  if (!model.ok()) {
    std::cerr << "agent: " << model.status().message() << "\n";
    return 1;
  }
  if (!notice.empty() && !vm.count("quiet")) std::cerr << "agent: " << notice << "\n";

  if (vm.count("save-model")) {
    // Checked now, not only at the end: a match's learning must not be lost to a typo.
    if (absl::Status s = poker::CheckOutputPath(vm["save-model"].as<std::string>(), "--save-model");
        !s.ok()) {
      std::cerr << "agent: " << s.message() << "\n";
      return 1;
    }
  }
  std::ofstream decision_log;
  if (vm.count("decision-log")) {
    decision_log.open(vm["decision-log"].as<std::string>(), std::ios::trunc);
    if (!decision_log) {
      std::cerr << "agent: cannot write " << vm["decision-log"].as<std::string>() << ": "
                << std::strerror(errno) << "\n";
      return 1;
    }
    options.decision_log = &decision_log;
  }

  absl::StatusOr<std::unique_ptr<agent::AgentPlayer>> player =
      agent::AgentPlayer::Create(*game, *std::move(model), std::move(options));
  if (!player.ok()) {
    // InvalidArgument is the command line's (an unknown policy, a policy's missing or bad
    // parameter, --opponents of the wrong length): 2. A file a policy names that cannot be read or
    // holds bad data comes with another code (poker::FileDataFailure): 1.
    std::cerr << "agent: " << player.status().message() << "\n";
    return absl::IsInvalidArgument(player.status()) ? 2 : 1;
  }
  const absl::Status status = acpc::PlayAcpcMatch(*game, vm["host"].as<std::string>(),
                                                  static_cast<uint16_t>(vm["port"].as<uint32_t>()),
                                                  player->get(), client_options);
  decision_log.flush();
  if (!status.ok()) std::cerr << "agent: " << status.message() << "\n";
  if (!vm.count("quiet")) PrintSummary(**player);
  // --save-model is written whether or not the match ended normally: what was learned from the
  // hands finished before a lost connection is kept (the exit status still says the match failed).
  if (vm.count("save-model")) {
    const std::string path = vm["save-model"].as<std::string>();
    if (absl::Status s = (*player)->SaveModel(path); !s.ok()) {
      std::cerr << "agent: cannot save the model: " << s.message() << "\n";
      return 1;
    }
    if (!vm.count("quiet")) std::cerr << "agent: wrote the learned model to " << path << "\n";
  }
  if (!status.ok()) return 1;
  return 0;
}
