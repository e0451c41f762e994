// `report`: a match log (dealer or arena) and the agent's decision log as one self-contained HTML
// page: results with intervals, hands with their actions and cards, our decisions with the read
// ranges as 13x13 grids. docs/report.md.
#include <iostream>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "html/html_page.h"
#include "logs_parser/log_reader.h"
#include "poker/file_io.h"
#include "tools/report/match_report.h"

namespace {

namespace po = boost::program_options;

constexpr char kProgram[] = "report";
constexpr char kUsage[] =
    R"(Usage: report --log MATCH.log [--decisions DECISIONS.jsonl] --out report.html
              [--player NAME] [--game FILE] [--title T] [--top N] [--strip-name-suffix]

Writes one self-contained HTML page (inline CSS, script, SVG and data: it opens without a network)
about a match: the players by result with mbb/hand and 95% intervals, cumulative winnings with a
95% band (ours and the --top players with the biggest results drawn one by one, the rest summed),
by street and by position, the biggest pots; then hand by hand the actions and cards and, with
--decisions (the agent's --decision-log, or log=FILE of the arena's agent spec), each of our
decisions: the value the search gave each candidate action, or the equity when the policy
computed one, legal actions, fold-equity estimates, the reason in words and every opponent's read
range as a 13x13 grid with the cards it really held marked. Filters by street, opponent and pot
size; keys j/k (or arrows) move between hands. docs/report.md.

Exit codes: 0 written, 1 a file cannot be read or written (the reason is printed), 2 usage error.

Options)";

int Fail(const std::string& message) {
  std::cerr << kProgram << ": " << message << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string log_path, decisions_path, out_path, game;
  bool strip_name_suffix = false;
  report::ReportOptions options;
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")(
      "log", po::value(&log_path), "the match log (STATE lines or PHH hands; plain, .gz or .bz2)")(
      "decisions", po::value(&decisions_path), "the agent's decision log (JSON lines)")(
      "out", po::value(&out_path), "the HTML file to write")(
      "player", po::value(&options.player),
      "our player's name in the log (default: the one the decisions belong to)")(
      "game", po::value(&game),
      "the game file or its name in data/games (default: from the log's header)")(
      "title", po::value(&options.title), "the page's title (default: Match report: <log>)")(
      "points",
      po::value(&options.max_points)
          ->default_value(800)
          ->notifier(cli::Within<int>("points", cli::WholeBetween(2, 1e6))),
      "points per winnings curve, 2..1e6")(
      "top", po::value(&options.top_players)->default_value(8),
      "players drawn one by one: ours and those with the biggest results, won or lost; the others "
      "are summed into one curve and row (0: everyone)")(
      "strip-name-suffix", po::bool_switch(&strip_name_suffix), logs_parser::kStripNameSuffixHelp);
  po::variables_map vm;
  if (std::optional<int> done = cli::ParseCommandLine(kProgram, argc, argv, visible, &vm)) {
    return *done;
  }
  if (log_path.empty()) return cli::UsageError(kProgram, "no --log given");
  if (out_path.empty()) return cli::UsageError(kProgram, "no --out given");
  if (options.max_points < 2) return cli::UsageError(kProgram, "--points must be at least 2");
  if (options.top_players < 0) return cli::UsageError(kProgram, "--top must be 0 or more");
  if (options.title.empty()) options.title = "Match report: " + log_path;
  if (absl::Status s = poker::CheckOutputPath(out_path, "--out"); !s.ok()) {
    return Fail(std::string(s.message()));
  }

  absl::StatusOr<report::MatchLog> log = report::ReadMatchLog(log_path, game, strip_name_suffix);
  if (!log.ok()) return Fail(std::string(log.status().message()));
  std::vector<report::Decision> decisions;
  if (!decisions_path.empty()) {
    absl::StatusOr<std::vector<report::Decision>> read = report::ReadDecisionLog(decisions_path);
    if (!read.ok()) return Fail(std::string(read.status().message()));
    decisions = *std::move(read);
  }
  absl::StatusOr<report::MatchReport> built = report::BuildMatchReport(*log, decisions, options);
  if (!built.ok()) return Fail(std::string(built.status().message()));
  const std::string page = report::MatchReportHtml(*log, decisions, *built);
  if (absl::Status s = poker::WriteFileAtomically(out_path, page); !s.ok()) {
    return Fail(std::string(s.message()));
  }
  int64_t grids = 0;
  for (const auto& hand : built->hand_decisions) {
    for (int d : hand) grids += static_cast<int64_t>(decisions[d].opponents.size());
  }
  std::cout << out_path << ": " << log->hands.size() << " hands, " << built->decisions_matched
            << " decisions (" << built->decisions_unmatched << " unmatched), " << grids
            << " ranges, " << page.size() << " bytes\n";
  return 0;
}
