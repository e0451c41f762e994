// `trainer train`: reads match logs and writes the opponent model file.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "cli/progress.h"
#include "logs_parser/game_detect.h"
#include "logs_parser/log_reader.h"
#include "nlohmann/json.hpp"
#include "poker/file_io.h"
#include "trainer/command.h"
#include "trainer/model_report.h"
#include "trainer/opponent_model.h"
#include "trainer/train.h"

namespace trainer {
namespace {

namespace po = boost::program_options;

constexpr char kUsage[] = R"(Usage: trainer train --logs PATH... --game FILE --out MODEL [options]

Reads match logs (ACPC STATE: lines or PHH hand histories, mapped onto --game as docs/phh.md
says; files and folders, plain, .gz or .bz2) and writes one
opponent model file (Protocol Buffers, proto/opponent_model.proto): for every player named in
the logs and for the population of all players pooled, per street a pattern tree (action
sequences within the street, how often the player was at each, its actions there overall and per
strength bucket of the cards it held) and entry rates by position class. See docs/trainer.md.

The game: --game FILE reads every log with that game (a header naming another game is a
notice), except files whose lines are of another game: fewer than half of their first 200 STATE
lines fit --game and more fit a game of --games-dir. Those are skipped and named with the reason,
so a folder of mixed games trains on the files of --game. --game auto takes each file's game
from its own lines and header (as `trainer stats` does) and trains on the game of the most hands,
skipping the files of other games. The summary says, per file, what was read and skipped and why
(the files worth a look; --files: every file). Lines that do not parse or break the rules are
counted by reason, reported on stderr (the first 5 in all, then how many more) and skipped.

Sharding: --shard I/N trains on every N-th file (I, I+N, ...) of the sorted file list; `trainer
merge` adds the N outputs into exactly the model a single run would write. Shard outputs keep
every player (--min-hands is applied by merge).

Progress goes to stderr for runs longer than a second; the summary (hands, players, hands/s) to
stdout (--json: one JSON object). The model is written atomically (a temporary file, fsynced,
then renamed). Logs with no usable hand write no model (exit 1).

Exit codes: 0 model written, 1 failure (no logs, no usable hand, bad game, unreadable input, a
problem under --strict, cannot write), 2 usage error.

Options)";

// Parses "I/N".
bool ParseShard(const std::string& text, int* index, int* count) {
  std::vector<std::string> parts = absl::StrSplit(text, '/');
  return parts.size() == 2 && absl::SimpleAtoi(parts[0], index) &&
         absl::SimpleAtoi(parts[1], count) && *count >= 1 && *index >= 0 && *index < *count;
}

// The first kShown problems (or notices) on stderr, then how many of `total` were left out (the
// reader keeps only the first few problems of each file, so `problems` may hold fewer).
void PrintFirst(const std::vector<logs_parser::Problem>& problems, int64_t total, const char* what,
                const char* hint) {
  constexpr size_t kShown = 5;
  for (size_t i = 0; i < problems.size() && i < kShown; ++i) {
    std::cerr << problems[i].message << "\n";
  }
  const int64_t shown = static_cast<int64_t>(std::min(problems.size(), kShown));
  total = std::max<int64_t>(total, static_cast<int64_t>(problems.size()));
  if (total > shown) {
    std::cerr << "... and " << total - shown << " more " << what << " (" << hint << ")\n";
  }
}

int Usage(const std::string& message) { return cli::UsageError("trainer train", message); }

// The rejected lines by reason, one `  rejected REASON COUNT` line each: in the summary (stdout),
// and on stderr when no hand was usable.
void PrintRejectedByReason(const logs_parser::ReadSummary& summary, std::ostream& out) {
  for (const auto& [reason, count] : summary.rejected_by_reason) {
    out << absl::StrFormat("  rejected %-24s %d\n", reason, count);
  }
}

void PrintSummary(const TrainResult& result, const std::string& out_path, int threads,
                  const std::string& game_name) {
  const OpponentModel& model = result.model;
  const logs_parser::ReadSummary& summary = result.summary;
  std::cout << absl::StrFormat(
      "read %d files (%d failed%s), %d lines: %d hands, %d rejected, %d other lines\n",
      summary.files, summary.files_failed,
      summary.files_skipped > 0
          ? absl::StrFormat("; %d skipped: another game, see below", summary.files_skipped)
          : "",
      summary.lines, summary.hands, summary.rejected, summary.other_lines);
  std::cout << absl::StrFormat("game: %s\n", game_name);
  PrintRejectedByReason(summary, std::cout);
  std::cout << absl::StrFormat("players with a model: %d; population: %d player-hands\n",
                               model.num_players(), model.population().hands());
  int nodes = 0;
  std::string per_street;
  for (int r = 0; r < model.game().num_rounds; ++r) {
    const int n = model.population().street(r).num_nodes();
    nodes += n;
    per_street +=
        absl::StrFormat("%s%s %d", r > 0 ? ", " : "", StreetName(r, model.game().num_rounds), n);
  }
  std::cout << absl::StrFormat("population tree nodes: %d (%s)\n", nodes, per_street);
  std::cout << absl::StrFormat("wrote %s\n", out_path);
  std::cout << absl::StrFormat("time %.3f s, %.0f hands/s (%d thread%s)\n", result.seconds,
                               result.seconds > 0 ? summary.hands / result.seconds : 0.0, threads,
                               threads == 1 ? "" : "s");
}

// The summary as one JSON object (--json).
nlohmann::json SummaryJson(const TrainResult& result, const std::string& out_path, int threads,
                           const std::string& game_name) {
  const OpponentModel& model = result.model;
  const logs_parser::ReadSummary& summary = result.summary;
  nlohmann::json rejected = nlohmann::json::object();
  for (const auto& [reason, count] : summary.rejected_by_reason) rejected[reason] = count;
  nlohmann::json nodes = nlohmann::json::object();
  for (int r = 0; r < model.game().num_rounds; ++r) {
    nodes[StreetName(r, model.game().num_rounds)] = model.population().street(r).num_nodes();
  }
  return {{"game", game_name},
          {"files", summary.files},
          {"files_failed", summary.files_failed},
          {"files_skipped", summary.files_skipped},
          {"lines", summary.lines},
          {"hands", summary.hands},
          {"rejected", summary.rejected},
          {"rejected_by_reason", rejected},
          {"other_lines", summary.other_lines},
          {"players", model.num_players()},
          {"population_hands", model.population().hands()},
          {"tree_nodes", nodes},
          {"out", out_path},
          {"seconds", result.seconds},
          {"hands_per_second", result.seconds > 0 ? summary.hands / result.seconds : 0.0},
          {"threads", threads}};
}

int RunTrain(int argc, char** argv) {
  TrainOptions options;
  std::string game_argument;
  std::string out_path;
  std::string shard;
  std::vector<double> raise_edges;
  int buckets = 8;
  int max_depth = 6;
  double draw_max_hs = StrengthBuckets::kDefaultDrawMaxHs;
  int threads = 1;
  int64_t min_hands = 0;
  bool quiet = false;
  bool json = false;
  bool no_small_pairs = false;
  bool no_street_context = false;
  bool every_file = false;

  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")(
      "logs", po::value(&options.log_paths)->multitoken(),
      "log files and folders (folders: *.log, *.phh, *.phhs, each also .gz, .bz2, recursively)")(
      "game", po::value(&game_argument),
      "game of the logs: a .game file, or the name of one in --games-dir, or auto: the game of "
      "most of the logs' hands, told by their lines and headers (required)")(
      "files", po::bool_switch(&every_file),
      "list every file in the summary (what was read, skipped and why), not only those worth a "
      "look")(
      "games-dir", po::value(&options.games_dir),
      "folder of known game files (default: the project's data/games)")(
      "out", po::value(&out_path), "model file to write (required)")(
      "players", po::value(&options.players)->multitoken(),
      "give only these players a model of their own (names after --strip-name-suffix); "
      "everyone counts in the population")(
      "min-hands", po::value(&min_hands)->default_value(0),
      "players with fewer hands get no model of their own (they stay in the population)")(
      "buckets", po::value(&buckets)->default_value(8),
      "K: hand-strength buckets (plus a draw bucket on the flop and turn); 0 = no buckets "
      "(needed for games other than 52-card hold'em)")(
      "max-depth", po::value(&max_depth)->default_value(6),
      "deepest tree node, in actions from the street's start (1..12); the player's later "
      "decisions in the street are counted at the deepest node")(
      "raise-edges", po::value(&raise_edges)->multitoken(),
      "no-limit raise-size class edges as fractions of the pot after calling (default 0.6 1: "
      "half pot < 0.6 <= 3/4 pot < 1 <= pot+; all-in is its own class)")(
      "draw-max-hs",
      po::value(&draw_max_hs)->default_value(draw_max_hs, absl::StrFormat("%g", draw_max_hs)),
      "a flop or turn hand with a flush or 8-out straight draw goes to the draw bucket when "
      "its HS is below this")(
      "no-street-context", po::bool_switch(&no_street_context),
      "the trees after the first street do not start with the street context (default: they "
      "start with the earlier streets' raises, 0, 1, 2+, and whether the player made the last "
      "of them, so a raised pot and a limped one do not share nodes; context version 2, model "
      "format 2)")(
      "no-preflop-small-pairs", po::bool_switch(&no_small_pairs),
      "the small pocket pairs (22..88) share the preflop bucket of their equity (bucket function "
      "version 1) instead of having a bucket of their own")(
      "strip-name-suffix", po::bool_switch(&options.strip_name_suffix),
      logs_parser::kStripNameSuffixHelp)(
      "threads", po::value(&threads)->default_value(1),
      "worker threads (0 or more than the cores: one per core); the model does not depend on it")(
      "json", po::bool_switch(&json), "print the summary as one JSON object on stdout")(
      "shard", po::value(&shard), "I/N: train on files I, I+N, I+2N, ... of the sorted list")(
      "strict", po::bool_switch(&options.strict), "stop at the first bad line or file (exit 1)")(
      "quiet,q", po::bool_switch(&quiet), "no progress on stderr");

  po::variables_map vm;
  if (std::optional<int> done = cli::ParseCommandLine("trainer train", argc, argv, visible, &vm)) {
    return *done;
  }
  if (options.log_paths.empty()) return Usage("--logs is required");
  if (game_argument.empty()) return Usage("--game is required");
  if (out_path.empty()) return Usage("--out is required");
  if (!shard.empty() && !ParseShard(shard, &options.shard_index, &options.shard_count)) {
    return Usage("--shard must be I/N with 0 <= I < N");
  }
  if (threads < 0) return Usage("--threads must not be negative");
  if (min_hands < 0) return Usage("--min-hands must not be negative");
  options.min_hands = static_cast<uint64_t>(min_hands);
  if (buckets < 0) return Usage("--buckets must not be negative");
  options.threads = cli::ThreadCount(threads);
  options.model.num_buckets = buckets;
  options.model.max_depth = max_depth;
  options.model.draw_max_hs = draw_max_hs;
  options.model.preflop_small_pairs = !no_small_pairs;
  options.model.street_context = !no_street_context;
  if (!raise_edges.empty()) options.model.raise_edges = raise_edges;

  // Each file's game, decided before reading: files of another game are skipped.
  logs_parser::ReadOptions listing;
  listing.games_dir = options.games_dir;
  listing.threads = options.threads;
  listing.shard_index = options.shard_index;
  listing.shard_count = options.shard_count;
  absl::StatusOr<std::vector<std::string>> files =
      logs_parser::ListLogFiles(options.log_paths, listing);
  if (!files.ok()) {
    std::cerr << "trainer train: " << files.status().message() << "\n";
    return 1;
  }
  logs_parser::NamedGame chosen;
  const bool auto_game = game_argument == "auto";
  if (!auto_game) {
    absl::StatusOr<logs_parser::NamedGame> game =
        logs_parser::LoadGameArgument(game_argument, options.games_dir);
    if (!game.ok()) {
      std::cerr << "trainer train: " << game.status().message() << "\n";
      return 1;
    }
    chosen = *std::move(game);
  }
  absl::StatusOr<std::unique_ptr<logs_parser::GamePlan>> plan =
      logs_parser::PlanGames(*files, listing, auto_game ? nullptr : &chosen);
  if (!plan.ok()) {
    std::cerr << "trainer train: " << plan.status().message() << "\n";
    return 1;
  }
  if (auto_game) {
    if (!logs_parser::ChooseOneGame(plan->get())) {
      std::cerr << "trainer train: --game auto: no game of " << (*plan)->games_dir
                << " reads the logs' lines; give --game FILE\n";
      for (const logs_parser::FileGame& file : (*plan)->games) {
        std::cerr << "  " << file.file << ": "
                  << (file.skipped ? file.skip_reason : std::string("no STATE lines")) << "\n";
      }
      return 1;
    }
    chosen = *(*plan)->chosen;
    if (!quiet) std::cerr << "trainer train: --game auto: " << chosen.name << "\n";
  }
  options.game = chosen.game;
  options.game_name = chosen.name;
  options.plan = plan->get();
  if (absl::Status s = poker::CheckOutputPath(out_path, "--out"); !s.ok()) {
    std::cerr << "trainer train: " << s.message() << "\n";
    return 1;
  }

  const bool tty = isatty(STDERR_FILENO);
  const auto start = std::chrono::steady_clock::now();
  bool progress_printed = false;
  const int64_t total_files = static_cast<int64_t>(files->size());
  auto progress = [&](const logs_parser::ReadSummary& running) {
    if (quiet || std::chrono::steady_clock::now() - start < std::chrono::seconds(1)) return;
    std::cerr << absl::StrFormat(
        "%s%s; %d hands, %.0f hands/s%s", tty ? "\r" : "",
        absl::StrCat(running.files + running.files_skipped, " / ", total_files, " files, ",
                     cli::ShareProgressText(static_cast<double>(running.bytes),
                                            static_cast<double>(running.bytes_total),
                                            cli::BytesText(running.bytes_total),
                                            running.seconds)),
        running.hands, running.seconds > 0 ? running.hands / running.seconds : 0.0,
        tty ? "" : "\n");
    progress_printed = true;
  };
  absl::StatusOr<TrainResult> result = Train(options, progress);
  if (progress_printed && tty) std::cerr << "\n";
  if (!result.ok()) {
    std::cerr << "trainer train: " << result.status().message() << "\n";
    return 1;
  }
  // A corpus often repeats one problem or notice in every file (Pluribus: 66 headers naming
  // the 20000-chip game), so only the first few are printed; the summary counts all rejections.
  const logs_parser::ReadSummary& summary = result->summary;
  PrintFirst(summary.problems, summary.rejected + summary.files_failed, "problems",
             "rejected lines by reason below");
  PrintFirst(summary.notices, static_cast<int64_t>(summary.notices.size()), "notices",
             "headers naming another game");
  if (result->summary.hands == 0) {
    // An empty log, a binary file or the wrong --game: an empty model would load fine and read
    // every opponent as the DFmodel, hiding the mistake.
    PrintRejectedByReason(summary, std::cerr);
    if (summary.files == 0 && options.shard_count > 1) {
      // Not the game's fault: the sorted file list has no file at this shard's places.
      std::cerr << absl::StrFormat(
          "trainer train: shard %d/%d holds no log file (a shard is files %d, %d, ... of the "
          "sorted list; use at most as many shards as files); no model written\n",
          options.shard_index, options.shard_count, options.shard_index,
          options.shard_index + options.shard_count);
      return 1;
    }
    std::cerr << logs_parser::FormatFileReports(summary, every_file)
              << absl::StrFormat(
                     "trainer train: no usable hand in %d file(s) (%d lines, %d rejected; %d "
                     "file(s) of another game skipped: wrong --game?); no model written\n",
                     result->summary.files, result->summary.lines, result->summary.rejected,
                     result->summary.files_skipped);
    return 1;
  }
  // A name of --players the logs never show (a typo, a suffix not stripped) is said; when none
  // of them is there the model would hold no player at all: refused.
  if (!options.players.empty()) {
    std::vector<std::string> unseen;
    for (const std::string& name : options.players) {
      if (result->model.FindPlayer(name) == nullptr) unseen.push_back(name);
    }
    if (unseen.size() == options.players.size()) {
      std::cerr << "trainer train: no model for --players " << absl::StrJoin(unseen, ", ")
                << ": no hand in the logs (names are exact and case-sensitive; `trainer stats` "
                   "lists the players), or fewer than --min-hands; no model written\n";
      return 1;
    }
    for (const std::string& name : unseen) {
      std::cerr << "trainer train: warning: no model for --players " << name
                << ": no hand in the logs, or fewer than --min-hands\n";
    }
  }
  if (absl::Status status = result->model.Save(out_path); !status.ok()) {
    std::cerr << "trainer train: " << status.message() << "\n";
    return 1;
  }
  if (json) {
    std::cout << SummaryJson(*result, out_path, options.threads, options.game_name).dump() << "\n";
  } else {
    PrintSummary(*result, out_path, options.threads, options.game_name);
    std::cout << logs_parser::FormatFileReports(result->summary, every_file);
  }
  return 0;
}

const bool kRegistered =
    RegisterCommand("train", "build an opponent model file from match logs", &RunTrain);

}  // namespace
}  // namespace trainer
