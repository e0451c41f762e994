// lbr: local best response against any heads-up player that reports its strategy
// (docs/lbr.md). Exit status: 0 success, 1 failure, 2 bad command line.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "logs_parser/log_reader.h"
#include "poker/file_io.h"
#include "poker/game_def.h"
#include "tools/arena/player_registry.h"
#include "tools/lbr/lbr.h"
#include "tools/lbr/lbr_match.h"

namespace po = boost::program_options;

namespace {

// Progress on stderr about every `every_seconds`, with the rate and the time left.
class Progress {
 public:
  Progress(bool enabled, double every_seconds) : enabled_(enabled), every_(every_seconds) {}
  void Report(int64_t done, int64_t total) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - last_ < std::chrono::duration<double>(every_)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? done / seconds : 0.0;
    const double left = rate > 0 ? (total - done) / rate : 0.0;
    std::cerr << absl::StrFormat("lbr: %d/%d hands (%.1f%%), %.0f s, %.1f hands/s, ETA %s\n", done,
                                 total, 100.0 * done / std::max<int64_t>(total, 1), seconds, rate,
                                 Duration(left));
  }

  static std::string Duration(double seconds) {
    const int64_t s = static_cast<int64_t>(std::llround(seconds));
    if (s >= 3600) return absl::StrFormat("%dh%02dm", s / 3600, s % 3600 / 60);
    if (s >= 60) return absl::StrFormat("%dm%02ds", s / 60, s % 60);
    return absl::StrFormat("%ds", s);
  }

 private:
  bool enabled_;
  double every_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_;
};

bool ParseShard(const std::string& text, uint32_t* index, uint32_t* count) {
  const std::vector<std::string> parts = absl::StrSplit(text, '/');
  return parts.size() == 2 && absl::SimpleAtoi(parts[0], index) &&
         absl::SimpleAtoi(parts[1], count) && *count >= 1 && *index < *count;
}

void PrintResult(const lbr::LbrResult& result, double big_blind) {
  const lbr::LbrFigures f = lbr::FiguresOf(result, big_blind);
  std::cout << absl::StrFormat("LBR against %s\n", result.opponent);
  std::cout << absl::StrFormat("  %s, seed %d, deals %d..%d\n", result.settings, result.seed,
                               result.first_deal, result.first_deal + result.deals - 1);
  std::cout << absl::StrFormat(
      "  %.1f +- %.1f mbb/hand (%.4f +- %.4f chips/hand), 95%% interval%s, %d hands (%d deals "
      "x %d) in %.1f s\n",
      f.mbb_per_hand, f.ci95_mbb, f.chips_per_hand, f.ci95_chips,
      result.rotations > 1 ? " paired by deal" : "", result.hands, result.deals, result.rotations,
      result.seconds);
  const lbr::LbrCounts& c = result.counts;
  const double d = std::max<int64_t>(c.lbr_decisions, 1);
  std::cout << absl::StrFormat(
      "  LBR decisions %d: fold %.1f%%, check/call %.1f%%, raise %.1f%% (all-in %.1f%%); "
      "opponent decisions %d; showdowns %d; inconsistent updates %d%s\n",
      c.lbr_decisions, 100 * c.lbr_folds / d, 100 * c.lbr_calls / d, 100 * c.lbr_raises / d,
      100 * c.lbr_all_ins / d, c.opponent_decisions, c.showdowns, c.inconsistent_updates,
      c.translated_raises > 0
          ? absl::StrFormat("; raises read as the stand-in's nearest %d", c.translated_raises)
          : "");
  if (c.lbr_all_ins > 0) {
    std::cout << absl::StrFormat(
        "  LBR's all-ins called: %d of %d (%.1f%%), LBR's net in those hands %.1f big blinds "
        "each\n",
        c.lbr_all_ins_called, c.lbr_all_ins, 100.0 * c.lbr_all_ins_called / c.lbr_all_ins,
        c.lbr_all_ins_called > 0 ? c.called_all_in_chips / c.lbr_all_ins_called / big_blind : 0.0);
  }
}

// A run that could not be done: exit 2 for a spec or setting the command line got wrong (the
// player factories call only a spec that does not parse InvalidArgument), else 1.
int RunFailure(const absl::Status& status) {
  std::cerr << "lbr: " << status.message() << "\n";
  return absl::IsInvalidArgument(status) ? 2 : 1;
}

constexpr char kMergeUsage[] =
    "lbr merge: pools the JSON results of shards of one LBR run (`lbr --shard I/N --out F`) into\n"
    "the result of one run over all their deals (sums added: the interval is the long run's).\n"
    "Refuses parts of other games, opponents, settings or seeds, and overlapping deals.\n"
    "Usage: lbr merge A.json B.json ... [--out ALL.json] [--json]\nOptions";

int Merge(int argc, char** argv) {
  po::options_description visible(kMergeUsage);
  visible.add_options()("help,h", "this help")("out", po::value<std::string>(),
                                               "write the merged JSON here (atomically)")(
      "json", "print the merged JSON on stdout instead of the summary");
  po::options_description hidden;
  hidden.add_options()("input", po::value<std::vector<std::string>>()->composing());
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("lbr merge", argc, argv, visible, hidden, positional, &vm)) {
    return *done;
  }
  if (!vm.count("input")) return cli::UsageError("lbr merge", "give the JSON files to merge");
  std::vector<lbr::LbrResult> parts;
  if (vm.count("out")) {
    if (absl::Status s = poker::CheckOutputPath(vm["out"].as<std::string>(), "--out"); !s.ok()) {
      std::cerr << "lbr merge: " << s.message() << "\n";
      return 1;
    }
  }
  for (const std::string& input : vm["input"].as<std::vector<std::string>>()) {
    absl::StatusOr<std::string> text = poker::ReadFileToString(input);
    if (!text.ok()) {
      std::cerr << "lbr merge: " << text.status().message() << "\n";
      return 1;
    }
    absl::StatusOr<lbr::LbrResult> part = lbr::ParseResultJson(*text, input);
    if (!part.ok()) {
      std::cerr << "lbr merge: " << part.status().message() << "\n";
      return 1;
    }
    parts.push_back(*std::move(part));
  }
  absl::StatusOr<lbr::LbrResult> merged = lbr::MergeResults(parts);
  if (!merged.ok()) {
    std::cerr << "lbr merge: " << merged.status().message() << "\n";
    return 1;
  }
  if (vm.count("out")) {
    if (absl::Status s =
            poker::WriteFileAtomically(vm["out"].as<std::string>(), lbr::FormatResultJson(*merged));
        !s.ok()) {
      std::cerr << "lbr merge: " << s.message() << "\n";
      return 1;
    }
  }
  if (vm.count("json")) {
    std::cout << lbr::FormatResultJson(*merged) << "\n";
    return 0;
  }
  absl::StatusOr<poker::GameDef> game = poker::ParseGameDef(merged->game, "the merged result");
  if (!game.ok()) {
    std::cerr << "lbr merge: " << game.status().message() << "\n";
    return 1;
  }
  PrintResult(*merged, game->BigBlind());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "merge") return Merge(argc - 1, argv + 1);
  po::options_description options(
      "lbr: local best response (Lisy and Bowling 2017) against a heads-up player that reports\n"
      "its action probabilities for every hand it could hold (solver strategies: bot:style=cfr,\n"
      "agent:policy=cfr; bot:style=station and raiser). LBR tracks the player's range by Bayes'\n"
      "rule and at each decision takes the action with the best one-step value (fold, call, or a\n"
      "raise valued by the player's fold probability and our equity against the hands that go\n"
      "on, the hand then checked down). Its mean winnings are a lower bound on the player's\n"
      "exploitability. docs/lbr.md has the method and measured values.\n"
      "Usage: lbr --game FILE --opponent SPEC [--deals N] [--seed S] [options]\n"
      "       lbr merge A.json B.json ... [--out ALL.json]   (lbr merge --help)\nOptions");
  options.add_options()("help,h", "this help")(
      "game", po::value<std::string>(),
      "ACPC .game file, or a game name from data/games (heads-up games only)")(
      "opponent", po::value<std::string>(), "the player, as an arena spec (KIND:PARAMS)")(
      "ranges-from", po::value<std::string>(),
      "a stand-in player (arena spec) whose reports LBR reads in place of the opponent's: LBR "
      "exploits the stand-in (e.g. the blueprint a search stands on) and plays the opponent, "
      "which need not report; the winnings still bound the opponent's exploitability from "
      "below")(
      "deals", po::value<int64_t>()->default_value(1000),
      "deals to play, each in both seat orders (2 hands a deal); with --shard, of all shards")(
      "seed", po::value<int64_t>()->default_value(1), "deal seed (as the dealer's rngSeed)")(
      "first-deal", po::value<int64_t>()->default_value(0),
      "the first deal played (the earlier deals of the seed are skipped)")(
      "actions", po::value<std::string>(),
      "LBR's actions: no-limit default fold,call,pot,allin (also min and pot fractions such as "
      "0.5); limit default fold,call,raise (fold,call: never raise)")(
      "preflop", po::value<std::string>()->default_value("act"),
      "act: LBR decides preflop too (equity from per-class tables); call: it only checks and "
      "calls preflop, as in the paper")(
      "called-equity", po::value<std::string>()->default_value("continuing"),
      "equity a raise is valued with when called: continuing (against the hands that do not "
      "fold) or range (against the whole range, the paper's form)")(
      "flop-runouts", po::value<int>()->default_value(0),
      "hold'em flop equity: 0 = all 1081 turn-river run-outs (exact), else that many sampled")(
      "preflop-boards", po::value<int>()->default_value(10000),
      "hold'em preflop equity: boards sampled per starting-hand class table")(
      "flop-tables", po::value<std::string>()->default_value("auto"),
      "flop bucket tables for the opponent's strategy files (a cache: play is unchanged): auto = "
      "each FILE.strategy's FILE.flop_tables if there, none, or a file")(
      "threads", po::value<int>()->default_value(1),
      "play the deals as this many shards at once (the same result as --shard i/N merged)")(
      "shard", po::value<std::string>(),
      "I/N: play only the I-th of N consecutive parts of the deals; `lbr merge` pools the parts")(
      "out", po::value<std::string>(), "also write the result as JSON here (atomically)")(
      "log", po::value<std::string>(),
      "write every hand as a STATE line of the dealer's log format (with --threads 1)")(
      "exact", "small games: the exact expected value over every deal instead of sampled hands")(
      "json", "print the JSON result instead of the summary")(
      "progress-every", po::value<double>()->default_value(30),
      "seconds between progress lines on stderr")("quiet,q", "no progress on stderr");
  po::variables_map vm;
  if (std::optional<int> done = cli::ParseCommandLine("lbr", argc, argv, options, &vm, [] {
        return absl::StrCat("Player kinds: ", absl::StrJoin(arena::RegisteredPlayerKinds(), ", "),
                            "\nExit status: 0 success, 1 failure, 2 bad command line.\n");
      })) {
    return *done;
  }
  if (!vm.count("game") || !vm.count("opponent")) {
    return cli::UsageError("lbr", "--game and --opponent are required");
  }
  const int64_t deals = vm["deals"].as<int64_t>();
  const int64_t seed = vm["seed"].as<int64_t>();
  const int64_t first = vm["first-deal"].as<int64_t>();
  if (deals < 1 || deals > 1'000'000'000)
    return cli::UsageError("lbr", "--deals must be in [1, 1e9]");
  if (seed < 0 || seed > 4294967295) return cli::UsageError("lbr", "--seed must be in [0, 2^32)");
  if (first < 0 || first + deals > 4294967295) {
    return cli::UsageError("lbr", "--first-deal must be >= 0 and the deals within 2^32");
  }
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 64) return cli::UsageError("lbr", "--threads must be in [1, 64]");
  if (!(vm["progress-every"].as<double>() > 0)) {
    return cli::UsageError("lbr", "--progress-every must be positive");
  }
  absl::StatusOr<logs_parser::NamedGame> named =
      logs_parser::LoadGameArgument(vm["game"].as<std::string>(), "");
  if (!named.ok()) {
    std::cerr << "lbr: " << named.status().message() << "\n";
    return 1;
  }
  const poker::GameDef& game = named->game;
  if (game.num_players != 2) {
    return cli::UsageError("lbr", absl::StrCat("the game has ", game.num_players,
                                               " players; local best response is heads-up"));
  }
  lbr::LbrOptions lbr_options;
  const std::string actions = vm.count("actions")  ? vm["actions"].as<std::string>()
                              : game.is_no_limit() ? "fold,call,pot,allin"
                                                   : "fold,call,raise";
  if (absl::Status s = lbr::ParseActionList(actions, game, &lbr_options); !s.ok()) {
    return cli::UsageError("lbr", std::string(s.message()));
  }
  const std::string preflop = vm["preflop"].as<std::string>();
  if (preflop != "act" && preflop != "call") {
    return cli::UsageError("lbr", "--preflop must be act or call");
  }
  lbr_options.preflop_call_only = preflop == "call";
  const std::string called = vm["called-equity"].as<std::string>();
  if (called != "continuing" && called != "range") {
    return cli::UsageError("lbr", "--called-equity must be continuing or range");
  }
  lbr_options.called_equity =
      called == "range" ? lbr::CalledEquity::kWholeRange : lbr::CalledEquity::kContinuing;
  lbr_options.equity.flop_runouts = vm["flop-runouts"].as<int>();
  lbr_options.equity.preflop_boards = vm["preflop-boards"].as<int>();
  lbr_options.equity.seed = static_cast<uint64_t>(seed);
  if (lbr_options.equity.flop_runouts < 0 || lbr_options.equity.preflop_boards < 1) {
    return cli::UsageError("lbr", "--flop-runouts must be >= 0 and --preflop-boards positive");
  }
  // Where the results go is checked before the work.
  for (const char* output : {"out", "log"}) {
    if (!vm.count(output)) continue;
    if (absl::Status s =
            poker::CheckOutputPath(vm[output].as<std::string>(), absl::StrCat("--", output));
        !s.ok()) {
      std::cerr << "lbr: " << s.message() << "\n";
      return 1;
    }
  }
  const std::string spec = vm["opponent"].as<std::string>();
  if (vm.count("ranges-from")) lbr_options.ranges_from = vm["ranges-from"].as<std::string>();
  std::vector<std::string> notes;
  for (const std::string& named_spec : {spec, lbr_options.ranges_from}) {
    if (absl::Status s =
            lbr::PreloadFlopTables(game, named_spec, vm["flop-tables"].as<std::string>(), &notes);
        !s.ok()) {
      return RunFailure(s);
    }
  }
  for (const std::string& note : notes) std::cerr << "lbr: " << note << "\n";
  if (vm.count("exact")) {
    for (const char* sampled_only : {"shard", "out", "ranges-from"}) {
      if (vm.count(sampled_only)) {
        return cli::UsageError("lbr", absl::StrCat("--", sampled_only, " is for sampled runs"));
      }
    }
    absl::StatusOr<lbr::ExactLbr> exact = lbr::ComputeExactLbr(game, spec, lbr_options);
    if (!exact.ok()) return RunFailure(exact.status());
    std::cout << absl::StrFormat(
        "LBR against %s\n  %s\n  exact: %.6f chips/hand (%.1f mbb/hand); LBR in position 0: "
        "%.6f, in position 1: %.6f; %d deals\n",
        spec, lbr::DescribeSettings(lbr_options, game), exact->value,
        1000 * exact->value / game.BigBlind(), exact->by_position[0], exact->by_position[1],
        exact->deals);
    return 0;
  }
  lbr::MatchOptions match;
  match.seed = static_cast<uint32_t>(seed);
  match.first_deal = static_cast<uint32_t>(first);
  match.deals = static_cast<uint32_t>(deals);
  if (vm.count("shard")) {
    uint32_t index = 0, count = 1;
    if (!ParseShard(vm["shard"].as<std::string>(), &index, &count)) {
      return cli::UsageError("lbr", "--shard must be I/N with 0 <= I < N");
    }
    if (count > match.deals) {
      return cli::UsageError("lbr", "--shard: more shards than deals");
    }
    lbr::ShardRange(match.first_deal, match.deals, index, count, &match.first_deal, &match.deals);
  }
  std::ofstream log;
  if (vm.count("log")) {
    if (threads > 1) return cli::UsageError("lbr", "--log needs --threads 1");
    log.open(vm["log"].as<std::string>(), std::ios::trunc);
    if (!log) {
      std::cerr << "lbr: cannot write " << vm["log"].as<std::string>() << "\n";
      return 1;
    }
    match.log = &log;
  }
  Progress progress(!vm.count("quiet"), vm["progress-every"].as<double>());
  match.progress = [&progress](int64_t done, int64_t total) { progress.Report(done, total); };
  absl::StatusOr<lbr::LbrResult> result =
      lbr::RunLbrThreads(game, spec, lbr_options, match, threads);
  if (!result.ok()) return RunFailure(result.status());
  if (vm.count("out")) {
    if (absl::Status s =
            poker::WriteFileAtomically(vm["out"].as<std::string>(), lbr::FormatResultJson(*result));
        !s.ok()) {
      std::cerr << "lbr: " << s.message() << "\n";
      return 1;
    }
  }
  if (vm.count("json")) {
    std::cout << lbr::FormatResultJson(*result) << "\n";
  } else {
    PrintResult(*result, game.BigBlind());
  }
  return 0;
}
