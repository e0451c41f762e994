// The data of a match report (`report`): a dealer or arena log read with logs_parser, joined with
// the agent's decision log (docs/agent.md), summarised per player (cumulative winnings with a 95%
// band, mbb/hand with intervals, by street and by position, the biggest pots) and hand by hand
// (actions, cards, each of our decisions with every opponent's read range as a 13x13 grid).
// The page itself is a fixed script (match_report_page.cc) that draws this data.
#ifndef TOOLS_REPORT_MATCH_REPORT_H_
#define TOOLS_REPORT_MATCH_REPORT_H_

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "logs_parser/hand_record.h"
#include "poker/hand_strength.h"

namespace report {

inline constexpr int kGridSize = 13;
inline constexpr int kGridCells = kGridSize * kGridSize;

// The starting-hand class (poker::StartingHandClass index) drawn at a cell of the 13x13 grid:
// rows and columns run A, K, ..., 2; pairs on the diagonal, suited above it (row = high card),
// offsuit below (column = high card).
int GridClass(int row, int col);
// The grid cell (row * 13 + col) of a class; GridClass's inverse.
int GridCell(int cls);
// The 169 class shares laid out on the grid, row-major: cell i holds classes[GridClass(i)].
std::array<double, kGridCells> RangeGrid(
    const std::array<double, poker::kNumStartingHandClasses>& classes);

// One opponent in a decision-log line.
struct OpponentRead {
  int position = 0;
  int seat = 0;
  std::string name;     // the agent's name for the seat (model name or seat<k>)
  std::string model;    // which model read it: player, learned, population, dfmodel, uniform
  std::string summary;  // the logged "range" line
  bool has_classes = false;
  std::array<double, poker::kNumStartingHandClasses> classes{};  // shares, sum 1
};

// A fold-equity estimate of the decision log.
struct BetEstimate {
  int32_t to = 0;
  double p_fold = 0;
  double p_raise = 0;
  double called_equity = 0;
};

// One line of the decision log (only what the report uses).
struct Decision {
  int64_t line = 0;  // 1-based line in its file
  int64_t hand = 0;
  int position = 0;
  int seat = 0;
  int round = 0;
  std::string betting;
  std::string cards;  // the protocol's cards string, ours first: "4cKs|/3s2hAh"
  int64_t pot = 0;
  int64_t to_call = 0;
  std::string policy;
  std::vector<OpponentRead> opponents;
  double equity = 0;
  double std_error = 0;
  int64_t trials = -1;  // Monte Carlo trials; -1: not logged (older logs)
  bool exact = false;
  int outs = -1;
  bool can_fold = false;
  bool can_raise = false;
  int64_t raise_min = 0;
  int64_t raise_max = 0;
  std::vector<BetEstimate> bets;
  std::string action;
  std::string explanation;
  // Each candidate action's value as the policy computed it ("values": the search's expected
  // net chips of the hand), as (action as sent, value); empty for policies that value none.
  std::vector<std::pair<std::string, double>> values;
  double time_ms = 0;

  // Whether the policy computed the equity: an exact or Monte Carlo figure (the search and the
  // blueprint leave it at 0 with no trials; an older log without `trials`: a nonzero equity).
  bool HasEquity() const { return exact || trials > 0 || (trials < 0 && equity != 0); }
};

// Parses one JSON line of the decision log. The error names the missing or mistyped field.
absl::StatusOr<Decision> ParseDecisionLine(absl::string_view line);
// Every non-empty line of a decision log; the error names the file and line.
absl::StatusOr<std::vector<Decision>> ReadDecisionLog(const std::string& path);

// One action of a hand as the page shows it.
struct HandAction {
  int position = 0;
  int round = 0;
  logs_parser::ActionKind kind = logs_parser::ActionKind::kCheck;
  int32_t raise_to = 0;
};

// What the report keeps of a hand of the match log.
struct HandSummary {
  uint32_t hand_number = 0;
  // 1 + how many times the hand numbers started again before this hand (a log of several
  // tables or matches one after the other: each restarts at 0).
  int run = 1;
  std::vector<std::string> names;  // per position
  std::vector<std::string> hole;   // per position, e.g. "AsKd"
  std::vector<int> hole_class;     // per position, the starting-hand class (-1: not hold'em)
  std::vector<std::string> board;  // per round from the flop: "Qs6d9h", "6h", "8c"
  std::vector<HandAction> actions;
  std::vector<double> values;  // per position, chips won
  std::vector<bool> showdown;  // per position: reached a showdown (cards shown)
  int64_t pot = 0;
  int last_round = 0;  // the round the hand ended in
};

// The hand record as the report keeps it.
HandSummary SummarizeHand(const logs_parser::HandRecord& hand);

// The match log at `path` (a dealer or arena log), in order. `game` is a game file or the name of
// one in data/games; empty: every file's header names its game. `strip_name_suffix`: a trailing
// table number is removed from names (logs_parser::ReadOptions::strip_name_suffix), so one
// player's tables count as one player.
struct MatchLog {
  std::string game_name;
  int num_players = 0;
  int num_rounds = 0;
  bool no_limit = false;
  int32_t big_blind = 0;
  std::vector<int32_t> blinds;  // per position
  bool holdem = false;          // 52 cards, 2 hole cards: ranges are read and drawn
  std::vector<HandSummary> hands;
  int runs = 1;  // the largest HandSummary::run
  int64_t rejected_lines = 0;
};
absl::StatusOr<MatchLog> ReadMatchLog(const std::string& path, const std::string& game,
                                      bool strip_name_suffix = false);

// One player's result over a set of hands.
struct Tally {
  int64_t hands = 0;
  double chips = 0;
  double sum_squares = 0;
  void Add(double value);
  double Mean() const;
  // Half-width of the 95% interval of the mean (normal approximation; 0 below 2 hands).
  double HalfWidth95() const;
};

struct PlayerSummary {
  std::string name;
  Tally total;
  std::vector<Tally> by_street;    // the round the hand ended in; the last entry: showdowns
  std::vector<Tally> by_position;  // per position
};

// The cumulative winnings of one player at sampled hands.
struct Series {
  std::vector<int> hand_index;  // 0-based index into the match's hands (the hand just played)
  std::vector<double> cumulative;
  std::vector<double> band;  // half-width of the 95% band: 1.96 * sd * sqrt(hands played)
};

struct ReportOptions {
  std::string title;
  std::string player;    // "us": whose decisions are shown; empty: inferred from the decisions
  int max_points = 800;  // points per winnings curve (the last hand is always one)
  int biggest_pots = 10;
  // Players drawn one by one (curves, tables): ours and those with the biggest results, won or
  // lost; the others are summed into one. 0: everyone.
  int top_players = 8;
};

struct MatchReport {
  std::string title;
  std::string player;                  // ours ("" when no decisions)
  std::vector<PlayerSummary> players;  // by result: most chips won first (ties: by name)
  std::vector<int> drawn;              // indexes into players drawn one by one, in that order
  std::vector<Series> series;          // per drawn player
  // The players not drawn, summed hand by hand: a hand counts when any of them played it.
  int64_t others_count = 0;
  PlayerSummary others;
  Series others_series;
  std::vector<int> biggest_pots;  // hand indexes, biggest first
  int64_t decisions_matched = 0;
  int64_t decisions_unmatched = 0;  // hand not in the log, or cards that do not agree
  // decisions[i]: indexes into the decision list of hand i, in order.
  std::vector<std::vector<int>> hand_decisions;
};

// Joins the log and the decisions and computes the summaries. A decision belongs to the hand of
// the same number whose hole cards at the decision's position are the decision's; with repeated
// hand numbers (duplicate rotations appended) the first such hand not yet claimed wins.
absl::StatusOr<MatchReport> BuildMatchReport(const MatchLog& log,
                                             const std::vector<Decision>& decisions,
                                             const ReportOptions& options);

// The page's data as JSON (what the page's script draws).
std::string MatchReportJson(const MatchLog& log, const std::vector<Decision>& decisions,
                            const MatchReport& report);

// The whole self-contained page.
std::string MatchReportHtml(const MatchLog& log, const std::vector<Decision>& decisions,
                            const MatchReport& report);

}  // namespace report

#endif  // TOOLS_REPORT_MATCH_REPORT_H_
