// solver: trains, inspects and evaluates CFR strategies of abstract poker games (docs/solver.md).
// Usage: solver train --game FILE [--abstraction SPEC] [--actions 0.5,1,2] (--iterations N |
//                     --seconds S) [--threads 2] [--seed S] --out FILE [--resume CKPT]
//        solver inspect FILE
//        solver exploitability FILE
//        solver convert OLD_FILE NEW_FILE
//        solver set-play FILE NEW_FILE --play plain|threshold=T|purify
//        solver flop-tables FILE NEW_FILE
// Exit status: 0 success, 1 failure (files, abstractions), 2 bad command line.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "cli/progress.h"
#include "logs_parser/log_reader.h"
#include "poker/card.h"
#include "poker/file_io.h"
#include "poker/game_def.h"
#include "solver/best_response.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/cfr_player.h"
#include "solver/holdem_buckets.h"
#include "solver/mccfr.h"
#include "solver/strategy_file.h"
#include "solver/strategy_report.h"

namespace po = boost::program_options;

namespace {

// More worker threads than this are refused: each holds its own buffers, and thousands of them
// only exhaust the system's threads.
constexpr int kMaxThreads = 256;

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
std::atomic<std::int64_t> g_first_signal_ns{0};

// Monotonic time in nanoseconds; clock_gettime may be called from a signal handler.
std::int64_t MonotonicNs() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// The first SIGINT or SIGTERM asks training to stop at the next whole chunk (the checkpoint is
// then written); a second one at least a second later ends the process at once, as without a
// handler (atomic writes leave no partial file). A copy of the first arriving within that second
// is ignored: `timeout` and some schedulers signal the process and then its whole group, so one
// request can be delivered twice.
void OnSignal(int signal_number) {
  if (g_stop.exchange(true)) {
    if (MonotonicNs() - g_first_signal_ns.load() < 1'000'000'000) return;
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
    return;
  }
  g_first_signal_ns.store(MonotonicNs());
  g_signal.store(signal_number);
}

int Fail(const absl::Status& status) {
  std::cerr << "solver: " << status.message() << "\n";
  return 1;
}

const char kHelpTail[] =
    "Commands:\n"
    "  train           trains a strategy (options above); progress on stderr\n"
    "  inspect FILE    prints a strategy: every infoset of a small game, the preflop 13x13\n"
    "                  table per action at the root for hold'em\n"
    "  exploitability FILE  exact best responses, values and exploitability (small games)\n"
    "  convert OLD NEW rewrites a strategy file of format 1 or 2 in the current format 3 (same\n"
    "                  strategy; the payload deflated; format 1: the card abstraction's tables\n"
    "                  added to the header)\n"
    "  set-play FILE NEW --play SETTING  copies a strategy file with the play setting the cfr\n"
    "                  players use by default: plain, threshold=T (drop actions below\n"
    "                  probability T) or purify (the most probable action only)\n"
    "  flop-tables FILE NEW  writes the flop bucket table of every canonical flop of a hold'em\n"
    "                  strategy's card abstraction (~35 s on one core) for the search policy's\n"
    "                  search_flop_tables (by default FILE with .flop_tables for .strategy)\n"
    "Exit status: 0 success, 1 failure, 2 bad command line.\n";

// Small games with the exact abstraction can be walked for exploitability.
bool Walkable(const poker::GameDef& game) {
  double deals = 1;
  for (int i = 0; i < game.num_players * game.num_hole_cards + game.TotalBoardCards(); ++i) {
    deals *= game.DeckSize() - i;
  }
  return deals <= 200'000;
}

int Train(const po::variables_map& vm) {
  if (!vm.count("game") || !vm.count("out") || (!vm.count("iterations") && !vm.count("seconds"))) {
    return cli::UsageError("solver", "train needs --game, --out and --iterations or --seconds");
  }
  // Numbers are checked by the options' ranges (main); where the work will be written is checked
  // before any work: a typo must not cost the run.
  const std::string out = vm["out"].as<std::string>();
  const std::string checkpoint =
      vm.count("checkpoint") ? vm["checkpoint"].as<std::string>() : out + ".ckpt";
  for (const auto& [path, what] :
       {std::pair(out, "--out"), std::pair(checkpoint, "--checkpoint")}) {
    if (absl::Status s = poker::CheckOutputPath(path, what); !s.ok()) return Fail(s);
  }
  if (vm.count("curve")) {
    if (absl::Status s = poker::CheckOutputPath(vm["curve"].as<std::string>(), "--curve");
        !s.ok()) {
      return Fail(s);
    }
  }
  // A path, or the name of a game in data/games, as in every program.
  absl::StatusOr<logs_parser::NamedGame> named =
      logs_parser::LoadGameArgument(vm["game"].as<std::string>(), "");
  if (!named.ok()) return Fail(named.status());
  const poker::GameDef* game = &named->game;
  std::string spec = vm.count("abstraction") ? vm["abstraction"].as<std::string>()
                                             : (game->DeckSize() <= 13 ? "exact" : "holdem");
  absl::StatusOr<std::unique_ptr<solver::CardAbstraction>> cards =
      solver::MakeCardAbstraction(*game, spec);
  if (!cards.ok()) return Fail(cards.status());
  solver::ActionAbstraction actions;
  if (absl::Status s = solver::ParsePotFractions(vm["actions"].as<std::string>(), &actions);
      !s.ok()) {
    return cli::UsageError("solver", std::string(s.message()));
  }
  actions.all_in = !vm.count("no-allin");
  actions.max_raises = vm["max-raises"].as<int>();
  absl::StatusOr<solver::BettingTree> tree = solver::BettingTree::Build(*game, actions, **cards);
  if (!tree.ok()) return Fail(tree.status());
  const std::string weighting = vm["weighting"].as<std::string>();
  if (weighting != "linear" && weighting != "uniform") {
    return cli::UsageError("solver", "--weighting must be linear or uniform");
  }
  solver::MccfrOptions options;
  options.threads = vm["threads"].as<int>();
  options.seed = vm["seed"].as<uint64_t>();
  options.weighting =
      weighting == "linear" ? solver::Weighting::kLinear : solver::Weighting::kUniform;
  solver::Mccfr mccfr(*tree, **cards, options);
  solver::TrainingInfo info;
  info.card_spec = spec;
  info.seed = options.seed;
  info.weighting = weighting;
  info.threads = options.threads;
  double seconds_before = 0;
  if (vm.count("resume")) {
    absl::StatusOr<solver_proto::StrategyHeader> header =
        solver::ReadCheckpoint(vm["resume"].as<std::string>(), *tree, **cards, &mccfr);
    if (!header.ok()) return Fail(header.status());
    seconds_before = header->train_seconds();
    std::cerr << "solver: resumed at " << mccfr.iterations() << " iterations\n";
  }
  const bool walkable = Walkable(*game) && spec == "exact";
  std::cerr << absl::StrFormat(
      "solver: %s, cards %s, betting %s: %d nodes, %d decision nodes, %d infosets, %d entries\n",
      vm["game"].as<std::string>(), (*cards)->Name(), tree->Name(), tree->num_nodes(),
      tree->num_decision_nodes(), tree->num_infosets(), tree->num_entries());
  const int64_t target = vm.count("iterations") ? vm["iterations"].as<int64_t>() : int64_t{1} << 60;
  const double budget = vm.count("seconds") ? vm["seconds"].as<double>() : 0;
  const double every = vm["progress-every"].as<double>();
  const double checkpoint_every = vm["checkpoint-every"].as<double>();
  std::ofstream curve;
  if (vm.count("curve")) {
    const std::string curve_path = vm["curve"].as<std::string>();
    curve.open(curve_path);
    if (!curve.is_open()) {
      return Fail(absl::UnavailableError(
          absl::StrCat(curve_path, ": cannot write the --curve file: ", std::strerror(errno))));
    }
    curve << "iterations,seconds,exploitability\n";
  }
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  double solve_seconds = 0;  // this run's time inside Run (progress and checkpoints excluded)
  double last_checkpoint = 0;
  const int64_t start_iterations = mccfr.iterations();
  const auto report = [&](const char* what) {
    // The total and the time left: of --iterations at this run's speed, or of --seconds.
    const double rate = (mccfr.iterations() - start_iterations) / std::max(1e-9, solve_seconds);
    std::string line = absl::StrFormat(
        "solver: %s %d iterations, %.1f s, %.0f it/s", what, mccfr.iterations(),
        seconds_before + solve_seconds, solve_seconds > 0 ? rate : 0.0);
    if (vm.count("iterations") && rate > 0) {
      const int64_t left = std::max<int64_t>(0, target - mccfr.iterations());
      absl::StrAppendFormat(&line, " (of %d, %.0f%%; ETA %s)", target,
                            100.0 * (target - left) / target, cli::DurationText(left / rate));
    } else if (budget > 0) {
      absl::StrAppendFormat(&line, " (of a %s budget; ETA %s)", cli::DurationText(budget),
                            cli::DurationText(std::max(0.0, budget - solve_seconds)));
    }
    if (walkable) {
      absl::StatusOr<solver::ExploitabilityReport> r =
          solver::ComputeExploitability(*tree, **cards, mccfr.AverageProfile());
      if (r.ok()) {
        absl::StrAppend(&line, absl::StrFormat(", exploitability %.6f (value p0 %.6f)",
                                               r->exploitability, r->values[0]));
        if (curve.is_open()) {
          curve << mccfr.iterations() << "," << seconds_before + solve_seconds << ","
                << r->exploitability << "\n"
                << std::flush;
        }
      }
    }
    std::cerr << line << "\n";
  };
  while (mccfr.iterations() < target && !g_stop.load()) {
    double slice = every;
    if (budget > 0) {
      if (solve_seconds >= budget) break;
      slice = std::min(slice, budget - solve_seconds);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const absl::Status ran = mccfr.Run(target, slice, &g_stop);
    solve_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!ran.ok()) return Fail(ran);
    report("at");
    if (checkpoint_every > 0 && solve_seconds - last_checkpoint >= checkpoint_every) {
      last_checkpoint = solve_seconds;
      info.iterations = mccfr.iterations();
      info.seconds = seconds_before + solve_seconds;
      if (absl::Status s = solver::WriteCheckpoint(checkpoint, *tree, **cards, mccfr, info);
          !s.ok()) {
        return Fail(s);
      }
    }
  }
  info.iterations = mccfr.iterations();
  info.seconds = seconds_before + solve_seconds;
  // Stopped by a signal before the budget: the work so far is kept in the checkpoint, and --out
  // is not written (a partial strategy recorded as the finished one is a wrong result).
  const bool reached = mccfr.iterations() >= target || (budget > 0 && solve_seconds >= budget);
  if (!reached) {
    if (absl::Status s = solver::WriteCheckpoint(checkpoint, *tree, **cards, mccfr, info);
        !s.ok()) {
      return Fail(s);
    }
    const std::string of_budget = vm.count("iterations")
                                      ? absl::StrCat(" of ", target, " iterations")
                                      : absl::StrFormat(" (%.1f of %.1f s)", solve_seconds, budget);
    std::cerr << absl::StrFormat(
        "solver: interrupted by %s after %d iterations%s: the checkpoint %s holds them (go on "
        "with --resume %s); %s was not written\n",
        g_signal.load() == SIGINT ? "SIGINT" : "SIGTERM", mccfr.iterations(), of_budget, checkpoint,
        checkpoint, out);
    return 1;
  }
  if (checkpoint_every > 0 || vm.count("checkpoint")) {
    if (absl::Status s = solver::WriteCheckpoint(checkpoint, *tree, **cards, mccfr, info);
        !s.ok()) {
      return Fail(s);
    }
  }
  if (absl::Status s = solver::WriteStrategyFile(out, *tree, **cards, mccfr.AverageProfile(), info);
      !s.ok()) {
    return Fail(s);
  }
  std::cerr << absl::StrFormat(
      "solver: done: %d iterations in %.1f s this run (%.0f it/s on %d threads), wrote %s\n",
      mccfr.iterations(), solve_seconds,
      (mccfr.iterations() - start_iterations) / std::max(1e-9, solve_seconds), options.threads,
      out);
  return 0;
}

int Inspect(const std::string& path, bool json) {
  absl::StatusOr<std::unique_ptr<solver::Blueprint>> bp = solver::Blueprint::Load(path);
  if (!bp.ok()) return Fail(bp.status());
  if (json) {
    std::cout << solver::InspectJson(**bp, path).dump() << "\n";
  } else {
    std::cout << solver::InspectText(**bp, path);
  }
  return 0;
}

int Exploitability(const std::string& path, bool json) {
  absl::StatusOr<std::unique_ptr<solver::Blueprint>> bp = solver::Blueprint::Load(path);
  if (!bp.ok()) return Fail(bp.status());
  absl::StatusOr<solver::ExploitabilityReport> r =
      solver::ComputeExploitability((*bp)->tree(), (*bp)->cards(), (*bp)->ToProfile());
  if (!r.ok()) return Fail(r.status());
  std::cout << (json ? solver::ExploitabilityJson(*r, path).dump() + "\n"
                     : solver::ExploitabilityText(*r));
  return 0;
}

int FlopTables(const std::string& path, const std::string& out) {
  absl::StatusOr<std::unique_ptr<solver::Blueprint>> bp = solver::Blueprint::Load(path);
  if (!bp.ok()) return Fail(bp.status());
  absl::StatusOr<std::string> data = solver::FlopTablesData((*bp)->cards());
  if (!data.ok()) return Fail(data.status());
  if (absl::Status s = poker::WriteFileAtomically(out, *data); !s.ok()) return Fail(s);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(
      "solver: CFR strategies for abstract poker games.\n"
      "Usage: solver train --game FILE --out FILE (--iterations N | --seconds S) [options]\n"
      "       solver inspect FILE\n       solver exploitability FILE\n"
      "       solver convert OLD_FILE NEW_FILE\n"
      "       solver set-play FILE NEW_FILE --play SETTING\n"
      "       solver flop-tables FILE NEW_FILE\nOptions");
  visible.add_options()("help,h", "this help")("game", po::value<std::string>(),
                                               "train: the ACPC .game file, or a game name from data/games")(
      "abstraction", po::value<std::string>(),
      "train: card abstraction: exact (small decks; the default there) or "
      "holdem[:PRE,FLOP,TURN,RIVER] (the default for 52 cards)")(
      "actions", po::value<std::string>()->default_value("0.5,1,2"),
      "train, no-limit: raise sizes as pot fractions in (0, 100], separated by commas; none: no "
      "sized raises (with the all-in, push or fold)")("no-allin",
                                                      "train, no-limit: no all-in action")(
      "max-raises",
      po::value<int>()->default_value(2)->notifier(
          cli::Within<int>("max-raises", cli::WholeBetween(0, 16))),
      "train, no-limit: abstract raises per round, 0..16")(
      "iterations",
      po::value<int64_t>()->notifier(
          cli::Within<int64_t>("iterations", cli::WholeBetween(1, 1e15))),
      "train: total iterations (one traversal per player each), 1..1e15")(
      "seconds", po::value<double>()->notifier(cli::Within<double>("seconds", cli::Positive(1e9))),
      "train: wall-clock budget of this run, seconds > 0")(
      "threads",
      po::value<int>()->default_value(2)->notifier(
          cli::Within<int>("threads", cli::WholeBetween(1, kMaxThreads))),
      "train: worker threads, 1..256 (more than the cores only slows it)")(
      "seed", po::value<uint64_t>()->default_value(1), "train: random seed")(
      "weighting", po::value<std::string>()->default_value("uniform"),
      "train: linear (iteration t weighs t) or uniform")("out", po::value<std::string>(),
                                                         "train: the strategy file to write")(
      "resume", po::value<std::string>(), "train: continue from this checkpoint")(
      "checkpoint", po::value<std::string>(), "train: checkpoint file (default OUT.ckpt)")(
      "checkpoint-every",
      po::value<double>()->default_value(0)->notifier(
          cli::Within<double>("checkpoint-every", cli::Between(0, 1e9))),
      "train: seconds between checkpoints (0: only at the end when --checkpoint is given, and "
      "when stopped by SIGINT or SIGTERM)")(
      "progress-every",
      po::value<double>()->default_value(10)->notifier(
          cli::Within<double>("progress-every", cli::Between(0.1, 1e9))),
      "train: seconds between progress lines, at least 0.1")(
      "curve", po::value<std::string>(),
      "train: CSV of iterations, seconds, exploitability at every progress line (small games)")(
      "play", po::value<std::string>(), "set-play: plain, threshold=T or purify")(
      "json", "inspect, exploitability: print one JSON object instead of text");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("file", po::value<std::string>())(
      "new-file", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("command", 1).add("file", 1).add("new-file", 1);
  po::variables_map vm;
  if (std::optional<int> done = cli::ParseCommandLine("solver", argc, argv, visible, hidden,
                                                      positional, &vm, [] { return kHelpTail; })) {
    return *done;
  }
  if (!vm.count("command")) return cli::UsageError("solver", "a command is required");
  const std::string command = vm["command"].as<std::string>();
  if (command == "train") {
    if (vm.count("file")) return cli::UsageError("solver", "train takes no file argument");
    return Train(vm);
  }
  if (command == "inspect" || command == "exploitability") {
    if (!vm.count("file")) return cli::UsageError("solver", command + " needs a strategy file");
    return command == "inspect" ? Inspect(vm["file"].as<std::string>(), vm.count("json") > 0)
                                : Exploitability(vm["file"].as<std::string>(), vm.count("json"));
  }
  if ((command == "convert" || command == "set-play" || command == "flop-tables") &&
      vm.count("new-file")) {
    if (absl::Status s = poker::CheckOutputPath(vm["new-file"].as<std::string>()); !s.ok()) {
      return Fail(s);
    }
  }
  if (command == "convert") {
    if (!vm.count("new-file")) return cli::UsageError("solver", "convert needs OLD_FILE NEW_FILE");
    if (absl::Status s = solver::ConvertStrategyFile(vm["file"].as<std::string>(),
                                                     vm["new-file"].as<std::string>());
        !s.ok()) {
      return Fail(s);
    }
    return 0;
  }
  if (command == "set-play") {
    if (!vm.count("new-file") || !vm.count("play")) {
      return cli::UsageError("solver", "set-play needs FILE NEW_FILE --play SETTING");
    }
    absl::StatusOr<solver::PlayOptions> play =
        solver::ParsePlaySetting(vm["play"].as<std::string>());
    if (!play.ok()) return cli::UsageError("solver", std::string(play.status().message()));
    if (absl::Status s =
            solver::SetStrategyPlay(vm["file"].as<std::string>(), vm["new-file"].as<std::string>(),
                                    solver::FormatPlaySetting(*play));
        !s.ok()) {
      return Fail(s);
    }
    return 0;
  }
  if (command == "flop-tables") {
    if (!vm.count("new-file")) return cli::UsageError("solver", "flop-tables needs FILE NEW_FILE");
    return FlopTables(vm["file"].as<std::string>(), vm["new-file"].as<std::string>());
  }
  if (vm.count("new-file")) return cli::UsageError("solver", command + " takes one file");
  return cli::UsageError("solver", "unknown command '" + command + "'");
}
