// `trainer stats`: reads match logs and prints what is in them, per player.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "cli/progress.h"
#include "logs_parser/game_detect.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/log_stats.h"
#include "trainer/command.h"

namespace trainer {
namespace {

namespace po = boost::program_options;

constexpr char kUsage[] = R"(Usage: trainer stats [--logs] PATH... [options]

Reads match logs (ACPC STATE: lines, PHH hand histories) and prints: files, lines read / used /
rejected (by reason), and per player: hands, decisions (actions taken), showdowns, VPIP (hands in which it
called or raised preflop), PFR (hands in which it raised preflop) and its net result in chips and
in mbb/hand (1000 * chips / (big blind * hands)).

PATH: log files and folders, in any mix, given after --logs (as to `trainer train` and
`eval_prediction`) or as plain arguments. Folders are read recursively for *.log, *.phh and
*.phhs (each also .gz, .bz2); a file named directly is read whatever its name. Compression
(gzip, bzip2) is told by the file's first bytes, the format by the name or else the content.

PHH hands (NT, FT) are replayed under PHH's rules; without --game each is read as its own game
(its stacks and blinds; net chips in the file's unit), with --game mapped onto it (amounts in big
blinds; hands of another player count, with straddles, or effective stacks beyond
--phh-stack-tolerance times the game's are skipped and counted by reason).

The game of each file (the default, or --game auto) is told by the file itself: of the games in
--games-dir, the one that reads most of its STATE lines (its first 200, and the rest of the file
while two games read them alike); a tie the whole file leaves goes to the game most other files
were found to be of, then to the game its `# name/game/hands/seed` header names. So a folder of
mixed games is read right: the Pluribus logs, whose headers name holdem.nolimit.6p.game (20000
stacks) but were played with 10000 stacks, are read as holdem.nolimit.6p.10000.game (their
all-in hands end the betting at 10000), DeepStack's log without a header as the heads-up game,
and each game's players are counted apart. --game FILE reads every file with that game (a
header naming another is a notice), except files whose lines are of another game: fewer than
half of their first 200 STATE lines fit --game and more fit a game of --games-dir. Those are
skipped, named with the reason.

Per file, what was read and skipped and why (the game, how it was chosen, hands, rejected lines)
goes to stdout: the files worth a look (skipped, unreadable or with rejected lines), or every
file with --files. PHH files without --game are one table ("PHH hand histories").

Bad lines (malformed, illegal betting, bad cards, wrong values, garbage, lines over 64 KB) are
reported as file:line: reason on stderr (the first 10 per file), counted by reason, and skipped;
an unreadable or truncated file is reported and the run goes on. With --strict the first
problem stops the run (exit 1); notices never do.

Output: a summary and a table per game on stdout, or with --json one JSON object:
  {"files", "files_failed", "lines", "hands", "rejected", "other_lines", "rejected_by_reason",
   "skipped", "skipped_by_reason", "problems": [{"file", "line", "reason", "message"}],
   "notices", "seconds",
   "players": [{"name", "hands", "decisions", "showdowns", "vpip_hands", "pfr_hands", "vpip",
                "pfr", "net_chips", "mbb_per_hand"} (and "game" when there are several)],
   "files_skipped", "games": [{"game", "files", "hands", "players"}],
   "file_reports": [{"file", "game", "how", "hands", "rejected", "top_reason", "failed",
                     "skipped", "skip_reason", "skipped_game"}]}
Players are sorted by hands, most first. Problems and progress (for runs over a second) go to
stderr.

Exit codes: 0 the logs were read (even if some lines or files were rejected: see the summary),
1 failure (no log files, bad --game, a problem under --strict), 2 usage error.

Options)";

int RunStats(int argc, char** argv) {
  std::vector<std::string> paths;
  std::string game_argument;
  logs_parser::ReadOptions options;
  bool json = false;
  bool quiet = false;
  bool every_file = false;

  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")(
      "logs", po::value(&paths)->multitoken()->composing(),
      "log files and folders (also accepted without --logs)")(
      "game", po::value(&game_argument),
      "auto (the default): each file's game from its lines and header; or the game file of "
      "every log (path, or name of a file in --games-dir): overrides headers, files of another "
      "game are skipped")("files", po::bool_switch(&every_file),
                         "list every file (what was read, skipped and why), not only those "
                         "worth a look")(
      "games-dir", po::value(&options.games_dir),
      "folder of known game files, matched against header game names by base name (default: "
      "the project's data/games)")(
      "phh-stack-tolerance", po::value(&options.phh_stack_tolerance)->default_value(2.0),
      "PHH hands onto --game: the largest factor between a hand's effective stack and the "
      "game's, in big blinds")(
      "strip-name-suffix", po::bool_switch(&options.strip_name_suffix),
      logs_parser::kStripNameSuffixHelp)(
      "threads", po::value(&options.threads)->default_value(1),
      "files read in parallel (0: one per core)")("json", po::bool_switch(&json),
                                                  "print one JSON object on stdout")(
      "strict", po::bool_switch(&options.strict), "stop at the first problem (exit 1)")(
      "max-problems", po::value(&options.max_problems_kept_per_file)->default_value(10),
      "problems printed per file (all are counted)")("quiet,q", po::bool_switch(&quiet),
                                                     "no progress on stderr");
  po::positional_options_description positional;
  positional.add("logs", -1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("trainer stats", argc, argv, visible, {}, positional, &vm)) {
    return *done;
  }
  if (paths.empty()) return cli::UsageError("trainer stats", "no PATH given (--logs PATH...)");
  if (!(options.phh_stack_tolerance >= 1.0)) {
    return cli::UsageError("trainer stats", "--phh-stack-tolerance must be at least 1");
  }
  if (options.threads < 0 || options.max_problems_kept_per_file < 0) {
    return cli::UsageError("trainer stats", "--threads and --max-problems must not be negative");
  }

  logs_parser::NamedGame game;
  const bool auto_game = game_argument.empty() || game_argument == "auto";
  if (!auto_game) {
    absl::StatusOr<logs_parser::NamedGame> loaded =
        logs_parser::LoadGameArgument(game_argument, options.games_dir);
    if (!loaded.ok()) {
      std::cerr << "trainer stats: " << loaded.status().message() << "\n";
      return 1;
    }
    game = *std::move(loaded);
    options.game = &game.game;
    options.game_name = game.name;
  }

  options.threads = cli::ThreadCount(options.threads);
  // Each file's game, decided before reading (see the help).
  absl::StatusOr<std::vector<std::string>> files = logs_parser::ListLogFiles(paths, options);
  if (!files.ok()) {
    std::cerr << "trainer stats: " << files.status().message() << "\n";
    return 1;
  }
  absl::StatusOr<std::unique_ptr<logs_parser::GamePlan>> plan =
      logs_parser::PlanGames(*files, options, auto_game ? nullptr : &game);
  if (!plan.ok()) {
    std::cerr << "trainer stats: " << plan.status().message() << "\n";
    return 1;
  }
  options.plan = plan->get();
  // One collector per game: players of different games are counted apart. PHH hands read as
  // their own games (no --game) share the collector of key null.
  std::map<const poker::GameDef*, std::unique_ptr<logs_parser::StatsCollector>> collectors;
  std::map<const poker::GameDef*, std::string> game_names;
  collectors[nullptr] = std::make_unique<logs_parser::StatsCollector>(options.threads);
  game_names[nullptr] = "PHH hand histories (each hand its own game)";
  for (const logs_parser::FileGame& file : (*plan)->games) {
    if (file.game == nullptr || file.skipped) continue;
    auto& collector = collectors[&file.game->game];
    if (collector == nullptr) {
      collector = std::make_unique<logs_parser::StatsCollector>(options.threads);
    }
    game_names[&file.game->game] = file.game->name;
  }
  const bool tty = isatty(STDERR_FILENO);
  bool progress_printed = false;
  const int64_t total_files = static_cast<int64_t>(files->size());
  auto progress = [&](const logs_parser::ReadSummary& running) {
    if (quiet) return;
    std::cerr << absl::StrFormat(
        "%s%s; %d hands, %d rejected, %.0f hands/s%s", tty ? "\r" : "",
        absl::StrCat(running.files + running.files_skipped, " / ", total_files, " files, ",
                     cli::ShareProgressText(static_cast<double>(running.bytes),
                                            static_cast<double>(running.bytes_total),
                                            cli::BytesText(running.bytes_total),
                                            running.seconds)),
        running.hands, running.rejected,
        running.seconds > 0 ? running.hands / running.seconds : 0.0, tty ? "" : "\n");
    progress_printed = true;
  };
  // Progress only for runs long enough to need it.
  auto start = std::chrono::steady_clock::now();
  auto maybe_progress = [&](const logs_parser::ReadSummary& running) {
    if (std::chrono::steady_clock::now() - start >= std::chrono::seconds(1)) progress(running);
  };
  absl::StatusOr<logs_parser::ReadSummary> summary = logs_parser::ReadLogs(
      paths, options,
      [&collectors](int worker, const logs_parser::HandRecord& hand) {
        auto it = collectors.find(hand.game);
        if (it == collectors.end()) it = collectors.find(nullptr);
        it->second->Add(worker, hand);
      },
      maybe_progress);
  if (progress_printed && tty) std::cerr << "\n";
  if (!summary.ok()) {
    std::cerr << "trainer stats: " << summary.status().message() << "\n";
    return 1;
  }
  for (const logs_parser::Problem& problem : summary->problems) {
    std::cerr << problem.message << "\n";
  }
  // A corpus often repeats one notice in every file (Pluribus: 65 headers naming the
  // 20000-chip game); a few show what it is, --json lists them all.
  constexpr size_t kNoticesShown = 3;
  for (size_t i = 0; i < summary->notices.size() && i < kNoticesShown; ++i) {
    std::cerr << summary->notices[i].message << "\n";
  }
  if (summary->notices.size() > kNoticesShown) {
    std::cerr << "... and " << summary->notices.size() - kNoticesShown
              << " more notices (--json lists them all)\n";
  }
  // The games, most hands first (then by name).
  std::vector<logs_parser::GameStats> games;
  for (const auto& [game_def, collector] : collectors) {
    logs_parser::GameStats stats;
    stats.game = game_names[game_def];
    for (const logs_parser::FileReport& report : summary->file_reports) {
      // PHH files read without --game have no one game: theirs is the null collector.
      const bool own_games = report.game.empty() && absl::StartsWith(report.how, "PHH");
      if (!report.skipped && (game_def == nullptr ? own_games : report.game == stats.game)) {
        ++stats.files;
        stats.hands += report.hands;
      }
    }
    stats.players = collector->Players();
    // Every game with hands; with none, the table of the one game asked for.
    if (stats.hands > 0 || (game_def != nullptr && collectors.size() == 2)) {
      games.push_back(std::move(stats));
    }
  }
  std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) {
    return a.hands != b.hands ? a.hands > b.hands : a.game < b.game;
  });
  if (json) {
    std::cout << logs_parser::FormatStatsJson(*summary, games);
  } else {
    // The problems went to stderr above; the summary here keeps to counts.
    logs_parser::ReadSummary counts = *summary;
    counts.problems.clear();
    counts.notices.clear();
    std::cout << logs_parser::FormatReadSummary(counts);
    if (!summary->problems.empty() || !summary->notices.empty()) {
      std::cout << absl::StrFormat("(%d problems and %d notices: see stderr)\n",
                                   summary->problems.size(), summary->notices.size());
    }
    std::cout << logs_parser::FormatFileReports(*summary, every_file);
    for (const logs_parser::GameStats& stats : games) {
      std::cout << absl::StrFormat("\nplayers of %s (%d file%s, %d hands):\n", stats.game,
                                   stats.files, stats.files == 1 ? "" : "s", stats.hands)
                << logs_parser::FormatStatsTable(stats.players);
    }
  }
  std::cout.flush();
  return std::cout.good() ? 0 : 1;
}

const bool kRegistered = RegisterCommand(
    "stats", "read match logs; print hands, rejections and per-player statistics", &RunStats);

}  // namespace
}  // namespace trainer
