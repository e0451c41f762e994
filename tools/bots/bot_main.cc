// bot: a rule-based ACPC agent (SPEC section 11).
// Usage: bot --style la|lp|ta|tp|station|raiser|random|pushfold [--alpha A --beta B] [--seed S]
//            [--trials T] [--raise pot|min|allin] [--stack-bb N] --game FILE <host> <port>
//        bot --style cfr --strategy FILE [--threshold T | --purify] --game FILE <host> <port>
// Exit status: 0 when the dealer ends the match, 1 on a connection or game file error,
// 2 for a bad command line.
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "acpc/acpc_client.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "logs_parser/log_reader.h"
#include "poker/game_def.h"
#include "solver/cfr_player.h"
#include "tools/bots/rule_bot.h"

namespace po = boost::program_options;

int main(int argc, char** argv) {
  po::options_description visible(
      "bot: a rule-based ACPC agent.\n"
      "Usage: bot --style STYLE --game FILE [options] <host> <port>\nOptions");
  visible.add_options()("help,h", "this help")(
      "style", po::value<std::string>(),
      "la (alpha 0.30, beta 0.45), lp (0.30, 0.85), ta (0.55, 0.65), tp (0.55, 0.85), "
      "station (always call), raiser (always raise), random (the ACPC example player), pushfold "
      "(shoves or folds from the push/fold equilibrium of --stack-bb big blinds; heads-up "
      "no-limit hold'em), cfr (plays --strategy FILE from `solver train`)")("strategy", po::value<std::string>(),
                                                     "style cfr: the solver strategy file")(
      "threshold",
      po::value<double>()->notifier(cli::Within<double>("threshold", cli::Between(0, 1))),
      "style cfr: drop actions played with probability below this and renormalise the rest "
      "(the most probable always stays; 0: the plain mixed strategy). Without --threshold and "
      "--purify: as the strategy file's header asks (solver set-play; else plain)")(
      "purify",
      "style cfr: always play the strategy's most probable action (ties: the most "
      "passive)")("alpha",
                  po::value<double>()->notifier(cli::Within<double>("alpha", cli::Between(0, 1))),
                  "least equity vs random hands to keep playing, in [0, 1]")(
      "beta", po::value<double>()->notifier(cli::Within<double>("beta", cli::Between(0, 1))),
      "least equity vs random hands to raise, in [0, 1] (pushfold: to move all-in after the "
      "flop)")(
      "stack-bb",
      po::value<double>()->notifier(cli::Within<double>("stack-bb", cli::Between(1, 1000))),
      "style pushfold: the stack of the push/fold game whose ranges it plays, in [1, 1000] "
      "(default 15)")(
      "seed", po::value<uint32_t>()->default_value(1), "seeds every random choice")(
      "trials",
      po::value<int>()->default_value(1000)->notifier(
          cli::Within<int>("trials", cli::WholeBetween(1, 1e8))),
      "Monte Carlo deals per decision, 1..1e8")(
      "raise", po::value<std::string>()->default_value("pot"),
      "no-limit raise size: pot (raise by the pot after calling), min, allin; clamped to legal")(
      "game", po::value<std::string>(),
      "the ACPC .game file of the match, or a game name from data/games");
  po::options_description hidden;
  hidden.add_options()("host", po::value<std::string>())("port", po::value<uint32_t>());
  po::positional_options_description positional;
  positional.add("host", 1).add("port", 1);

  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("bot", argc, argv, visible, hidden, positional, &vm, [] {
            return std::string(
                "Exit status: 0 when the dealer ends the match, 1 on a connection or game file "
                "error, 2 for a bad command line.\n");
          })) {
    return *done;
  }
  if (!vm.count("style") || !vm.count("game") || !vm.count("host") || !vm.count("port")) {
    return cli::UsageError("bot", "--style, --game, <host> and <port> are required");
  }
  if (std::optional<int> bad = cli::CheckPort("bot", vm["port"].as<uint32_t>())) return *bad;
  absl::StatusOr<logs_parser::NamedGame> named =
      logs_parser::LoadGameArgument(vm["game"].as<std::string>(), "");
  if (!named.ok()) {
    std::cerr << "bot: " << named.status().message() << "\n";
    return 1;
  }
  const poker::GameDef* game = &named->game;
  std::unique_ptr<poker::Player> player;
  if (vm["style"].as<std::string>() == "cfr") {
    if (!vm.count("strategy")) return cli::UsageError("bot", "--style cfr needs --strategy FILE");
    std::string play;
    if (vm.count("threshold")) {
      const double threshold = vm["threshold"].as<double>();
      if (!(threshold >= 0 && threshold <= 1)) {
        return cli::UsageError("bot", "--threshold wants a probability in [0, 1]");
      }
      play = absl::StrCat(",threshold=", threshold);
    }
    if (vm.count("purify")) play += ",purify";
    absl::StatusOr<std::unique_ptr<poker::Player>> cfr =
        solver::MakeCfrBot(*game, absl::StrCat("strategy=", vm["strategy"].as<std::string>(),
                                               ",seed=", vm["seed"].as<uint32_t>(), play));
    if (!cfr.ok()) {
      std::cerr << "bot: " << cfr.status().message() << "\n";
      return 1;
    }
    player = *std::move(cfr);
  } else {
    std::string spec =
        absl::StrCat("style=", vm["style"].as<std::string>(), ",seed=", vm["seed"].as<uint32_t>(),
                     ",trials=", vm["trials"].as<int>(), ",raise=", vm["raise"].as<std::string>());
    if (vm.count("alpha")) absl::StrAppend(&spec, ",alpha=", vm["alpha"].as<double>());
    if (vm.count("beta")) absl::StrAppend(&spec, ",beta=", vm["beta"].as<double>());
    if (vm.count("stack-bb")) absl::StrAppend(&spec, ",stack_bb=", vm["stack-bb"].as<double>());
    absl::StatusOr<bots::BotConfig> config = bots::ParseBotSpec(spec);
    if (!config.ok()) {
      std::cerr << "bot: " << config.status().message() << "\n";
      return 2;
    }
    if (absl::Status fits = bots::CheckBotGame(*game, *config); !fits.ok()) {
      std::cerr << "bot: " << fits.message() << "\n";
      return 2;
    }
    player = bots::MakeBot(*game, *config);
  }
  acpc::AcpcClientOptions options;
  options.warn = [](absl::string_view message) { std::cerr << "bot: " << message << "\n"; };
  const absl::Status status =
      acpc::PlayAcpcMatch(*game, vm["host"].as<std::string>(),
                          static_cast<uint16_t>(vm["port"].as<uint32_t>()), player.get(), options);
  if (!status.ok()) {
    std::cerr << "bot: " << status.message() << "\n";
    return 1;
  }
  return 0;
}
