// agent: the ACPC client that reads opponents' hands with the opponent model, decides, and learns
// during the match. Run `agent --help` for the options.
// Exit status: 0 when the dealer ends the match (and --save-model, if given, was written);
// 1 on a game, model, connection or save error; 2 for a bad command line.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "agent/acpc_client.h"
#include "agent/agent_player.h"
#include "agent/policies.h"
#include "boost/program_options.hpp"
#include "poker/game_def.h"
#include "tools/cli/command_line.h"

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

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "this help, with every parameter")(
      "game", po::value<std::string>(), "the ACPC .game file of the match (required)")(
      "model", po::value<std::string>(),
      "opponent model file from `trainer train`; `none` for DFmodel only (default: the bundled "
      "data/models/default.pb if present and of this game, else DFmodel)")(
      "opponents", po::value<std::string>(), "model names of the other seats, NAME,NAME,...")(
      "policy", po::value<std::string>()->default_value("fold"),
      "fold (000's thresholds, read ranges), joker (001's pot-odds EV, randomised), static "
      "(fold's thresholds against uniform ranges)")("seed", po::value<uint64_t>()->default_value(1),
                                                    "seeds randomisation and Monte Carlo")(
      "time-per-action-ms", po::value<double>(),
      "time cap per decision in ms (default 40; the ACPC average allows 7 s per hand)")(
      "save-model", po::value<std::string>(),
      "write the model with what was learned online here at the end (atomically)")(
      "decision-log", po::value<std::string>(), "one JSON object per decision to this file")(
      "param", po::value<std::vector<std::string>>()->composing(),
      "NAME=VALUE, repeatable: any parameter listed below")(
      "config", po::value<std::string>(), "a file of NAME=VALUE lines (# comments)")(
      "fixed-seats", "the dealer does not rotate seats (its -f): position p is seat p")(
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
  if (!vm.count("game") || !vm.count("host") || !vm.count("port") ||
      vm["port"].as<uint32_t>() > 65535) {
    return cli::UsageError("agent", "--game, <host> and <port> are required");
  }
  options.policy = vm["policy"].as<std::string>();
  options.seed = vm["seed"].as<uint64_t>();
  options.fixed_seats = vm.count("fixed-seats") > 0;
  if (vm.count("opponents")) {
    options.opponents = absl::StrSplit(vm["opponents"].as<std::string>(), ',');
  }
  if (vm.count("config")) {
    if (absl::Status s = agent::LoadParamFile(vm["config"].as<std::string>(), &options); !s.ok()) {
      std::cerr << "agent: " << s.message() << "\n";
      return 2;
    }
  }
  if (vm.count("param")) {
    for (const std::string& assignment : vm["param"].as<std::vector<std::string>>()) {
      if (absl::Status s = agent::ApplyParamAssignment(assignment, &options); !s.ok()) {
        std::cerr << "agent: " << s.message() << "\n";
        return 2;
      }
    }
  }
  if (vm.count("strategy")) {
    options.policy_params.extra_text["strategy"] = vm["strategy"].as<std::string>();
  }
  if (vm.count("time-per-action-ms")) {
    const double ms = vm["time-per-action-ms"].as<double>();
    if (!(ms > 0)) {
      std::cerr << "agent: --time-per-action-ms must be positive\n";
      return 2;
    }
    options.params.time_per_action_ms = ms;
  }

  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(vm["game"].as<std::string>());
  if (!game.ok()) {
    std::cerr << "agent: " << game.status().message() << "\n";
    return 1;
  }
  std::string notice;
  absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> model = agent::ChooseAgentModel(
      vm.count("model") ? std::optional(vm["model"].as<std::string>()) : std::nullopt, *game,
      &notice);
  if (!model.ok()) {
    std::cerr << "agent: " << model.status().message() << "\n";
    return 1;
  }
  if (!notice.empty() && !vm.count("quiet")) std::cerr << "agent: " << notice << "\n";

  std::ofstream decision_log;
  if (vm.count("decision-log")) {
    decision_log.open(vm["decision-log"].as<std::string>(), std::ios::trunc);
    if (!decision_log) {
      std::cerr << "agent: cannot write " << vm["decision-log"].as<std::string>() << "\n";
      return 1;
    }
    options.decision_log = &decision_log;
  }

  absl::StatusOr<std::unique_ptr<agent::AgentPlayer>> player =
      agent::AgentPlayer::Create(*game, *std::move(model), std::move(options));
  if (!player.ok()) {
    std::cerr << "agent: " << player.status().message() << "\n";
    return absl::IsInvalidArgument(player.status()) ? 2 : 1;
  }
  agent::AcpcClientOptions client_options;
  client_options.warn = [](absl::string_view message) {
    std::cerr << "agent: " << message << "\n";
  };
  const absl::Status status = agent::PlayAcpcMatch(*game, vm["host"].as<std::string>(),
                                                   static_cast<uint16_t>(vm["port"].as<uint32_t>()),
                                                   player->get(), client_options);
  decision_log.flush();
  if (!status.ok()) {
    std::cerr << "agent: " << status.message() << "\n";
    return 1;
  }
  const std::vector<double>& times = (*player)->decision_times_ms();
  if (!vm.count("quiet")) {
    std::cerr << absl::StrFormat(
        "agent: %d hands, %d decisions, decision time p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
        (*player)->hands_played(), times.size(), Percentile(times, 0.5), Percentile(times, 0.99),
        times.empty() ? 0.0 : *std::max_element(times.begin(), times.end()));
  }
  if (vm.count("save-model")) {
    const std::string path = vm["save-model"].as<std::string>();
    if (absl::Status s = (*player)->SaveModel(path); !s.ok()) {
      std::cerr << "agent: cannot save the model: " << s.message() << "\n";
      return 1;
    }
    if (!vm.count("quiet")) std::cerr << "agent: wrote the learned model to " << path << "\n";
  }
  return 0;
}
