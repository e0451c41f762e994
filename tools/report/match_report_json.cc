// The match report's data as JSON (MatchReportJson): what the page's script draws.
#include <cmath>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "logs_parser/log_stats.h"
#include "tools/report/decision_reason.h"
#include "tools/report/match_report.h"

namespace report {
namespace {

std::string Fixed(double value, int digits) {
  if (!std::isfinite(value)) return "null";
  std::string s = absl::StrFormat("%.*f", digits, value);
  // Trim trailing zeros (and the point) to keep the page small.
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string TallyJson(const Tally& t) {
  return absl::StrCat("[", t.hands, ",", Fixed(t.chips, 2), ",", Fixed(t.HalfWidth95(), 3), "]");
}


std::string GameJson(const MatchLog& log) {
  std::vector<std::string> streets;
  for (int r = 0; r < log.num_rounds; ++r) {
    static const char* const kHoldem[] = {"preflop", "flop", "turn", "river"};
    streets.push_back(
        logs_parser::JsonQuote(log.num_rounds == 4 ? kHoldem[r] : absl::StrCat("round ", r)));
  }
  return absl::StrCat(
      "{\"name\":", logs_parser::JsonQuote(log.game_name), ",\"players\":", log.num_players,
      ",\"rounds\":", log.num_rounds, ",\"no_limit\":", log.no_limit ? "true" : "false",
      ",\"big_blind\":", log.big_blind, ",\"holdem\":", log.holdem ? "true" : "false",
      ",\"blinds\":[", absl::StrJoin(log.blinds, ","), "],\"streets\":[",
      absl::StrJoin(streets, ","), "]}");
}

// A player (or the others summed): name, total [hands, chips, ci half-width], by street, by
// position, and for a drawn one the curve as flat triples [hand index, cumulative chips, band
// half-width].
std::string PlayerJson(const PlayerSummary& p, const Series* s) {
  std::vector<std::string> street_parts, position_parts, curve;
  for (const Tally& t : p.by_street) street_parts.push_back(TallyJson(t));
  for (const Tally& t : p.by_position) position_parts.push_back(TallyJson(t));
  std::string out = absl::StrCat(
      "{\"name\":", logs_parser::JsonQuote(p.name), ",\"total\":", TallyJson(p.total),
      ",\"streets\":[", absl::StrJoin(street_parts, ","), "],\"positions\":[",
      absl::StrJoin(position_parts, ","), "]");
  if (s != nullptr) {
    for (size_t k = 0; k < s->hand_index.size(); ++k) {
      curve.push_back(absl::StrCat(s->hand_index[k], ",", Fixed(s->cumulative[k], 2), ",",
                                   Fixed(s->band[k], 1)));
    }
    absl::StrAppend(&out, ",\"curve\":[", absl::StrJoin(curve, ","), "]");
  }
  return out + "}";
}

// "players": every player by result; "drawn": the indexes drawn one by one; "others": the rest
// summed (null when every player is drawn).
std::string PlayersJson(const MatchReport& report) {
  std::vector<std::string> players;
  std::vector<const Series*> series(report.players.size(), nullptr);
  for (size_t k = 0; k < report.drawn.size(); ++k) series[report.drawn[k]] = &report.series[k];
  for (size_t i = 0; i < report.players.size(); ++i) {
    players.push_back(PlayerJson(report.players[i], series[i]));
  }
  return absl::StrCat(
      "\"players\":[", absl::StrJoin(players, ","), "],\"drawn\":[",
      absl::StrJoin(report.drawn, ","), "],\"others\":",
      report.others_count > 0 ? PlayerJson(report.others, &report.others_series) : "null",
      ",\"others_count\":", report.others_count);
}

// n number, k the run of hand numbers (only when the log's numbers start again), p player
// indexes per position, h hole cards, b board per street, x actions
// "<position><kind letter><round>[:<raise-to>]", v values, pot, r last round, s positions at the
// showdown, d decision indexes.
std::string HandJson(const HandSummary& hand, bool runs, const std::vector<int>& decisions,
                     const absl::flat_hash_map<std::string, int>& player_index) {
  static const char kKind[] = "fkcra";  // fold check call raise all-in
  std::vector<int> who;
  for (const std::string& name : hand.names) who.push_back(player_index.at(name));
  std::vector<std::string> hole, board, actions, values;
  for (const std::string& c : hand.hole) hole.push_back(absl::StrCat("\"", c, "\""));
  for (const std::string& c : hand.board) board.push_back(absl::StrCat("\"", c, "\""));
  for (const HandAction& a : hand.actions) {
    const bool sized =
        a.kind == logs_parser::ActionKind::kRaise || a.kind == logs_parser::ActionKind::kAllIn;
    actions.push_back(absl::StrCat("\"", a.position,
                                   absl::string_view(&kKind[static_cast<int>(a.kind)], 1), a.round,
                                   sized ? absl::StrCat(":", a.raise_to) : "", "\""));
  }
  for (double v : hand.values) values.push_back(Fixed(v, 2));
  std::vector<int> shown;
  for (size_t p = 0; p < hand.showdown.size(); ++p) {
    if (hand.showdown[p]) shown.push_back(static_cast<int>(p));
  }
  std::string out = absl::StrCat(
      "{\"n\":", hand.hand_number, runs ? absl::StrCat(",\"k\":", hand.run) : "", ",\"p\":[", absl::StrJoin(who, ","), "],\"h\":[",
      absl::StrJoin(hole, ","), "],\"b\":[", absl::StrJoin(board, ","), "],\"x\":[",
      absl::StrJoin(actions, ","), "],\"v\":[", absl::StrJoin(values, ","), "],\"pot\":", hand.pot,
      ",\"r\":", hand.last_round, ",\"s\":[", absl::StrJoin(shown, ","), "]");
  if (!decisions.empty()) absl::StrAppend(&out, ",\"d\":[", absl::StrJoin(decisions, ","), "]");
  return out + "}";
}

// One opponent of a decision: who it is in the log, the grid as 169 integers (class shares in
// units of 1e-5, row-major from AA), t the cell of the cards it really held, shown or not.
std::string OpponentJson(const OpponentRead& read, const HandSummary& hand,
                         const absl::flat_hash_map<std::string, int>& player_index) {
  std::string out =
      absl::StrCat("{\"pos\":", read.position, ",\"name\":", logs_parser::JsonQuote(read.name),
                   ",\"model\":", logs_parser::JsonQuote(read.model));
  if (read.position >= 0 && read.position < static_cast<int>(hand.names.size())) {
    const int cls = hand.hole_class[read.position];
    absl::StrAppend(&out, ",\"who\":", player_index.at(hand.names[read.position]));
    if (cls >= 0) {
      absl::StrAppend(&out, ",\"t\":", GridCell(cls),
                      ",\"shown\":", hand.showdown[read.position] ? 1 : 0);
    }
  }
  if (read.has_classes) {
    std::vector<int64_t> cells;
    for (double w : RangeGrid(read.classes)) cells.push_back(std::llround(w * 1e5));
    absl::StrAppend(&out, ",\"g\":[", absl::StrJoin(cells, ","), "]");
  } else if (!read.summary.empty()) {
    absl::StrAppend(&out, ",\"sum\":", logs_parser::JsonQuote(read.summary));
  }
  return out + "}";
}

// A decision: r round, pos, bet the betting, cards, pot, call (to call), pol the policy; eq, se,
// exact only when the policy computed an equity; outs, fold and raise [min, max] (legal), bets
// (fold-equity estimates), vals [[action as sent, value], ...] (the candidates the policy valued),
// act, why (the explanation in words) and raw (as logged), ms, opps (the read ranges).
std::string DecisionJson(const Decision& dec, const HandSummary& hand,
                         const absl::flat_hash_map<std::string, int>& player_index) {
  std::string out =
      absl::StrCat("{\"r\":", dec.round, ",\"pos\":", dec.position,
                   ",\"bet\":", logs_parser::JsonQuote(dec.betting),
                   ",\"cards\":", logs_parser::JsonQuote(dec.cards), ",\"pot\":", dec.pot,
                   ",\"call\":", dec.to_call, ",\"pol\":", logs_parser::JsonQuote(dec.policy));
  if (dec.HasEquity()) {
    absl::StrAppend(&out, ",\"eq\":", Fixed(dec.equity, 4), ",\"se\":", Fixed(dec.std_error, 4),
                    ",\"exact\":", dec.exact ? 1 : 0);
  }
  absl::StrAppend(&out, ",\"outs\":", dec.outs, ",\"fold\":", dec.can_fold ? 1 : 0);
  if (dec.can_raise) {
    absl::StrAppend(&out, ",\"raise\":[", dec.raise_min, ",", dec.raise_max, "]");
  }
  if (!dec.bets.empty()) {
    std::vector<std::string> bets;
    for (const BetEstimate& b : dec.bets) {
      bets.push_back(absl::StrCat("[", b.to, ",", Fixed(b.p_fold, 4), ",", Fixed(b.p_raise, 4), ",",
                                  Fixed(b.called_equity, 4), "]"));
    }
    absl::StrAppend(&out, ",\"bets\":[", absl::StrJoin(bets, ","), "]");
  }
  if (!dec.values.empty()) {
    std::vector<std::string> values;
    for (const auto& [action, value] : dec.values) {
      values.push_back(absl::StrCat("[", logs_parser::JsonQuote(action), ",", Fixed(value, 1), "]"));
    }
    absl::StrAppend(&out, ",\"vals\":[", absl::StrJoin(values, ","), "]");
  }
  std::vector<std::string> opponents;
  for (const OpponentRead& read : dec.opponents) {
    opponents.push_back(OpponentJson(read, hand, player_index));
  }
  const std::string why = ReadableReason(dec.explanation, dec.to_call);
  if (why != dec.explanation) absl::StrAppend(&out, ",\"raw\":", logs_parser::JsonQuote(dec.explanation));
  absl::StrAppend(&out, ",\"act\":", logs_parser::JsonQuote(dec.action),
                  ",\"why\":", logs_parser::JsonQuote(why),
                  ",\"ms\":", Fixed(dec.time_ms, 2), ",\"opps\":[", absl::StrJoin(opponents, ","),
                  "]}");
  return out;
}

}  // namespace

std::string MatchReportJson(const MatchLog& log, const std::vector<Decision>& decisions,
                            const MatchReport& report) {
  absl::flat_hash_map<std::string, int> player_index;
  for (size_t i = 0; i < report.players.size(); ++i) player_index[report.players[i].name] = i;
  std::string out = absl::StrCat(
      "{\"title\":", logs_parser::JsonQuote(report.title), ",\"game\":", GameJson(log),
      ",\"me\":", logs_parser::JsonQuote(report.player), ",\"rejected_lines\":", log.rejected_lines,
      ",\"decisions_matched\":", report.decisions_matched,
      ",\"decisions_unmatched\":", report.decisions_unmatched, ",", PlayersJson(report),
      ",\"biggest\":[", absl::StrJoin(report.biggest_pots, ","), "],\"hands\":[");
  for (size_t h = 0; h < log.hands.size(); ++h) {
    absl::StrAppend(&out, h == 0 ? "" : ",",
                    HandJson(log.hands[h], log.runs > 1, report.hand_decisions[h], player_index));
  }
  // Decisions (only those matched to a hand), keyed by their index in the decision list.
  absl::StrAppend(&out, "],\"decisions\":{");
  bool first = true;
  for (size_t h = 0; h < log.hands.size(); ++h) {
    for (int d : report.hand_decisions[h]) {
      absl::StrAppend(&out, first ? "" : ",", "\"", d,
                      "\":", DecisionJson(decisions[d], log.hands[h], player_index));
      first = false;
    }
  }
  absl::StrAppend(&out, "}}");
  return out;
}

}  // namespace report
