#include "tools/report/match_report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "html/html_page.h"
#include "logs_parser/json_input.h"
#include "logs_parser/line_reader.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/log_stats.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "tools/arena/stats.h"

namespace report {
namespace {

using google::protobuf::Struct;
using google::protobuf::Value;

// The rank (0 = deuce .. 12 = ace) drawn at a row or column.
int RankAt(int index) { return kGridSize - 1 - index; }

// Field access on a parsed JSON object, with errors that name the field.
class Fields {
 public:
  explicit Fields(const Struct& object, std::string where = "")
      : object_(object), where_(std::move(where)) {}

  absl::StatusOr<const Value*> Get(const std::string& key, Value::KindCase kind,
                                   bool required = true) const {
    auto it = object_.fields().find(key);
    if (it == object_.fields().end()) {
      if (!required) return nullptr;
      return absl::InvalidArgumentError(absl::StrCat("missing field '", where_, key, "'"));
    }
    if (it->second.kind_case() != kind &&
        !(kind == Value::kNumberValue && it->second.kind_case() == Value::kNullValue)) {
      return absl::InvalidArgumentError(
          absl::StrCat("field '", where_, key, "' has the wrong type"));
    }
    return &it->second;
  }
  absl::Status Number(const std::string& key, double* out, bool required = true) const {
    absl::StatusOr<const Value*> v = Get(key, Value::kNumberValue, required);
    if (!v.ok()) return v.status();
    if (*v != nullptr) *out = (*v)->kind_case() == Value::kNullValue ? NAN : (*v)->number_value();
    return absl::OkStatus();
  }
  template <typename Int>
  absl::Status Integer(const std::string& key, Int* out, bool required = true) const {
    double d = static_cast<double>(*out);
    if (absl::Status s = Number(key, &d, required); !s.ok()) return s;
    if (!std::isfinite(d) || d != std::floor(d)) {
      return absl::InvalidArgumentError(
          absl::StrCat("field '", where_, key, "' is not an integer"));
    }
    // Out of the field's range the cast is undefined (and a hand 2^32 became hand 0).
    if (d < static_cast<double>(std::numeric_limits<Int>::min()) ||
        d >= std::ldexp(1.0, std::numeric_limits<Int>::digits)) {  // max + 1, exactly
      return absl::InvalidArgumentError(absl::StrCat(
          "field '", where_, key, "' is ", absl::StrFormat("%.17g", d), ", out of range"));
    }
    *out = static_cast<Int>(d);
    return absl::OkStatus();
  }
  absl::Status String(const std::string& key, std::string* out, bool required = true) const {
    absl::StatusOr<const Value*> v = Get(key, Value::kStringValue, required);
    if (!v.ok()) return v.status();
    if (*v != nullptr) *out = (*v)->string_value();
    return absl::OkStatus();
  }
  absl::Status Bool(const std::string& key, bool* out, bool required = true) const {
    absl::StatusOr<const Value*> v = Get(key, Value::kBoolValue, required);
    if (!v.ok()) return v.status();
    if (*v != nullptr) *out = (*v)->bool_value();
    return absl::OkStatus();
  }

 private:
  const Struct& object_;
  std::string where_;
};

#define REPORT_RETURN_IF_ERROR(expr)          \
  do {                                        \
    if (absl::Status s_ = (expr); !s_.ok()) { \
      return s_;                              \
    }                                         \
  } while (false)

absl::StatusOr<OpponentRead> ParseOpponent(const Struct& object, int index) {
  const Fields f(object, absl::StrCat("opponents[", index, "].", ""));
  OpponentRead read;
  REPORT_RETURN_IF_ERROR(f.Integer("position", &read.position));
  REPORT_RETURN_IF_ERROR(f.Integer("seat", &read.seat));
  REPORT_RETURN_IF_ERROR(f.String("name", &read.name));
  REPORT_RETURN_IF_ERROR(f.String("model", &read.model, false));
  REPORT_RETURN_IF_ERROR(f.String("range", &read.summary, false));
  absl::StatusOr<const Value*> classes = f.Get("classes", Value::kListValue, false);
  if (!classes.ok()) return classes.status();
  if (*classes != nullptr) {
    const auto& list = (*classes)->list_value().values();
    if (list.size() != poker::kNumStartingHandClasses) {
      return absl::InvalidArgumentError(absl::StrCat("field 'opponents[", index, "].classes' has ",
                                                     list.size(), " values, not ",
                                                     poker::kNumStartingHandClasses));
    }
    for (int c = 0; c < poker::kNumStartingHandClasses; ++c) {
      if (list[c].kind_case() != Value::kNumberValue || !(list[c].number_value() >= 0)) {
        return absl::InvalidArgumentError(
            absl::StrCat("field 'opponents[", index, "].classes[", c, "]' is not a share >= 0"));
      }
      read.classes[c] = list[c].number_value();
    }
    read.has_classes = true;
  }
  return read;
}

// Hole cards of position p as text ("AsKd").
std::string HoleText(const poker::State& state, int p, int num_hole) {
  std::string out;
  for (int i = 0; i < num_hole; ++i) out += poker::CardToString(state.hole_card(p, i));
  return out;
}

// Our hole cards in a decision's cards string: the text before the first '|' or '/' that is not
// empty (the protocol shows only the viewer's cards, at its position).
std::string OwnCards(const std::string& cards, int position) {
  const std::string hole_part = cards.substr(0, cards.find('/'));
  int p = 0;
  size_t start = 0;
  while (p < position) {
    const size_t bar = hole_part.find('|', start);
    if (bar == std::string::npos) return "";
    start = bar + 1;
    ++p;
  }
  const size_t end = hole_part.find('|', start);
  return hole_part.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The same two cards in either order.
bool SameCards(const std::string& a, const std::string& b) {
  if (a == b) return true;
  absl::StatusOr<poker::PairCards> pa = poker::ParsePair(a);
  absl::StatusOr<poker::PairCards> pb = poker::ParsePair(b);
  return pa.ok() && pb.ok() && pa->low == pb->low && pa->high == pb->high;
}

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

}  // namespace

int GridClass(int row, int col) {
  const int r = RankAt(row);
  const int c = RankAt(col);
  if (r == c) return r;
  const int hi = std::max(r, c);
  const int lo = std::min(r, c);
  const int offset = hi * (hi - 1) / 2 + lo;
  return (col > row ? 13 : 91) + offset;  // above the diagonal: suited
}

int GridCell(int cls) {
  if (cls < 13) return (kGridSize - 1 - cls) * (kGridSize + 1);
  const bool suited = cls < 91;
  const int offset = cls - (suited ? 13 : 91);
  int hi = 1;
  while ((hi + 1) * hi / 2 <= offset) ++hi;
  const int lo = offset - hi * (hi - 1) / 2;
  const int high_index = kGridSize - 1 - hi;
  const int low_index = kGridSize - 1 - lo;
  return suited ? high_index * kGridSize + low_index : low_index * kGridSize + high_index;
}

std::array<double, kGridCells> RangeGrid(
    const std::array<double, poker::kNumStartingHandClasses>& classes) {
  std::array<double, kGridCells> grid{};
  for (int cell = 0; cell < kGridCells; ++cell) {
    grid[cell] = classes[GridClass(cell / kGridSize, cell % kGridSize)];
  }
  return grid;
}

absl::StatusOr<Decision> ParseDecisionLine(absl::string_view line) {
  Struct object;
  google::protobuf::util::JsonParseOptions parse_options;
  if (!google::protobuf::util::JsonStringToMessage(std::string(line), &object, parse_options)
           .ok()) {
    return absl::InvalidArgumentError("not a JSON object");
  }
  const Fields f(object);
  Decision d;
  REPORT_RETURN_IF_ERROR(f.Integer("hand", &d.hand));
  if (d.hand < 0 || d.hand > int64_t{UINT32_MAX}) {
    return absl::InvalidArgumentError(
        absl::StrCat("field 'hand' is ", d.hand, ": not a hand number 0..", UINT32_MAX));
  }
  REPORT_RETURN_IF_ERROR(f.Integer("position", &d.position));
  REPORT_RETURN_IF_ERROR(f.Integer("seat", &d.seat, false));
  REPORT_RETURN_IF_ERROR(f.Integer("round", &d.round));
  REPORT_RETURN_IF_ERROR(f.String("betting", &d.betting));
  REPORT_RETURN_IF_ERROR(f.String("cards", &d.cards));
  REPORT_RETURN_IF_ERROR(f.Integer("pot", &d.pot, false));
  REPORT_RETURN_IF_ERROR(f.Integer("to_call", &d.to_call, false));
  REPORT_RETURN_IF_ERROR(f.String("policy", &d.policy, false));
  REPORT_RETURN_IF_ERROR(f.Number("equity", &d.equity, false));
  REPORT_RETURN_IF_ERROR(f.Number("std_error", &d.std_error, false));
  REPORT_RETURN_IF_ERROR(f.Bool("exact", &d.exact, false));
  REPORT_RETURN_IF_ERROR(f.Integer("outs", &d.outs, false));
  REPORT_RETURN_IF_ERROR(f.String("action", &d.action));
  REPORT_RETURN_IF_ERROR(f.String("explanation", &d.explanation, false));
  REPORT_RETURN_IF_ERROR(f.Number("time_ms", &d.time_ms, false));
  if (d.position < 0 || d.position >= poker::kMaxPlayers) {
    return absl::InvalidArgumentError(
        absl::StrCat("field 'position' ", d.position, " out of range"));
  }
  absl::StatusOr<const Value*> opponents = f.Get("opponents", Value::kListValue);
  if (!opponents.ok()) return opponents.status();
  int index = 0;
  for (const Value& v : (*opponents)->list_value().values()) {
    if (v.kind_case() != Value::kStructValue) {
      return absl::InvalidArgumentError(
          absl::StrCat("field 'opponents[", index, "]' is not an object"));
    }
    absl::StatusOr<OpponentRead> read = ParseOpponent(v.struct_value(), index);
    if (!read.ok()) return read.status();
    d.opponents.push_back(*std::move(read));
    ++index;
  }
  absl::StatusOr<const Value*> legal = f.Get("legal", Value::kStructValue, false);
  if (!legal.ok()) return legal.status();
  if (*legal != nullptr) {
    const Fields l((*legal)->struct_value(), "legal.");
    REPORT_RETURN_IF_ERROR(l.Bool("fold", &d.can_fold, false));
    REPORT_RETURN_IF_ERROR(l.Bool("raise", &d.can_raise, false));
    REPORT_RETURN_IF_ERROR(l.Integer("raise_min", &d.raise_min, false));
    REPORT_RETURN_IF_ERROR(l.Integer("raise_max", &d.raise_max, false));
  }
  absl::StatusOr<const Value*> bets = f.Get("bets", Value::kListValue, false);
  if (!bets.ok()) return bets.status();
  if (*bets != nullptr) {
    index = 0;
    for (const Value& v : (*bets)->list_value().values()) {
      if (v.kind_case() != Value::kStructValue) {
        return absl::InvalidArgumentError(
            absl::StrCat("field 'bets[", index, "]' is not an object"));
      }
      const Fields b(v.struct_value(), absl::StrCat("bets[", index, "]."));
      BetEstimate bet;
      REPORT_RETURN_IF_ERROR(b.Integer("to", &bet.to));
      REPORT_RETURN_IF_ERROR(b.Number("p_fold", &bet.p_fold, false));
      REPORT_RETURN_IF_ERROR(b.Number("p_raise", &bet.p_raise, false));
      REPORT_RETURN_IF_ERROR(b.Number("called_equity", &bet.called_equity, false));
      d.bets.push_back(bet);
      ++index;
    }
  }
  return d;
}

absl::StatusOr<std::vector<Decision>> ReadDecisionLog(const std::string& path) {
  // The project's one way to read lines: regular files only (a device would never end), each
  // line held to a limit far above a decision's (a 6-player decision is about 10 KB).
  constexpr size_t kMaxDecisionLineBytes = 1 << 20;
  absl::StatusOr<std::unique_ptr<logs_parser::ByteSource>> source =
      logs_parser::OpenByteSource(path);
  if (!source.ok()) return source.status();
  logs_parser::LineReader reader(source->get(), kMaxDecisionLineBytes);
  std::vector<Decision> out;
  absl::string_view line;
  while (true) {
    const logs_parser::LineReader::Result result = reader.Next(&line);
    if (result == logs_parser::LineReader::Result::kEnd) break;
    if (result == logs_parser::LineReader::Result::kError) return reader.status();
    const int64_t number = reader.line_number();
    if (result == logs_parser::LineReader::Result::kTooLong) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", number, ": a line of ", reader.too_long_bytes(),
                       " bytes, more than a decision's ", kMaxDecisionLineBytes));
    }
    if (line.find_first_not_of(" \t") == absl::string_view::npos) continue;
    // Nesting is bounded before any parser sees the line (a decision nests 4 levels).
    if (logs_parser::JsonNestingDepth(line, logs_parser::kMaxJsonDepth, nullptr) >
        logs_parser::kMaxJsonDepth) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", number, ": nested deeper than ",
                                                     logs_parser::kMaxJsonDepth,
                                                     " levels: not a decision"));
    }
    absl::StatusOr<Decision> d = ParseDecisionLine(line);
    if (!d.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", number, ": ", d.status().message()));
    }
    d->line = number;
    out.push_back(*std::move(d));
  }
  return out;
}

HandSummary SummarizeHand(const logs_parser::HandRecord& hand) {
  const poker::GameDef& game = *hand.game;
  const poker::State& state = hand.state;
  const int n = game.num_players;
  HandSummary s;
  s.hand_number = hand.hand_number;
  s.names = hand.names;
  s.values = hand.values;
  const bool holdem = game.num_hole_cards == 2 && game.DeckSize() == poker::kNumCards;
  for (int p = 0; p < n; ++p) {
    s.hole.push_back(HoleText(state, p, game.num_hole_cards));
    int cls = -1;
    if (holdem) {
      const poker::Card a = state.hole_card(p, 0);
      const poker::Card b = state.hole_card(p, 1);
      if (a < poker::kNumCards && b < poker::kNumCards && a != b) {
        cls = poker::StartingHandClass(poker::PairCards{std::min(a, b), std::max(a, b)});
      }
    }
    s.hole_class.push_back(cls);
    s.showdown.push_back(hand.SawShowdown(p));
    s.pot += state.spent(p);
  }
  int dealt = 0;
  for (int r = 1; r <= state.round() && r < game.num_rounds; ++r) {
    std::string cards;
    for (int i = 0; i < game.num_board_cards[r]; ++i) {
      cards += poker::CardToString(state.board_card(dealt + i));
    }
    dealt += game.num_board_cards[r];
    s.board.push_back(cards);
  }
  for (const logs_parser::ActionRecord& a : hand.actions) {
    s.actions.push_back(HandAction{a.player, a.round, a.kind, a.raise_to});
  }
  s.last_round = state.round();
  return s;
}

absl::StatusOr<MatchLog> ReadMatchLog(const std::string& path, const std::string& game) {
  logs_parser::ReadOptions options;
  std::optional<logs_parser::NamedGame> named;
  if (!game.empty()) {
    absl::StatusOr<logs_parser::NamedGame> loaded = logs_parser::LoadGameArgument(game, "");
    if (!loaded.ok()) return loaded.status();
    named = *std::move(loaded);
    options.game = &named->game;
    options.game_name = named->name;
  }
  MatchLog log;
  bool first = true;
  absl::StatusOr<logs_parser::ReadSummary> summary =
      logs_parser::ReadLogs({path}, options, [&](int, const logs_parser::HandRecord& hand) {
        if (first) {
          const poker::GameDef& g = *hand.game;
          log.num_players = g.num_players;
          log.num_rounds = g.num_rounds;
          log.no_limit = g.is_no_limit();
          log.big_blind = g.BigBlind();
          log.blinds.assign(g.blind.begin(), g.blind.begin() + g.num_players);
          log.holdem =
              g.num_hole_cards == 2 && g.DeckSize() == poker::kNumCards && g.num_rounds == 4;
          first = false;
        }
        if (hand.game->num_players != log.num_players) return;  // one game per report
        log.hands.push_back(SummarizeHand(hand));
      });
  if (!summary.ok()) return summary.status();
  if (summary->files_failed > 0 && !summary->problems.empty()) {
    return absl::InvalidArgumentError(summary->problems.front().message);
  }
  if (log.hands.empty()) {
    std::string why = summary->problems.empty() ? "" : ": " + summary->problems.front().message;
    return absl::InvalidArgumentError(absl::StrCat(path, ": no valid hand", why));
  }
  log.rejected_lines = summary->rejected;
  log.game_name = named ? named->name : "";
  return log;
}

void Tally::Add(double value) {
  ++hands;
  chips += value;
  sum_squares += value * value;
}

double Tally::Mean() const { return hands == 0 ? 0 : chips / hands; }

double Tally::HalfWidth95() const {
  return arena::NormalHalfWidth95({.n = hands, .sum = chips, .sum_squares = sum_squares});
}

namespace {

// The players in order of first appearance, each with its tallies, and every player's running
// total after each hand (cumulative[i][h]) and hands played so far (played[i][h]).
void TallyResults(const MatchLog& log, MatchReport* report,
                  absl::flat_hash_map<std::string, int>* player_index,
                  std::vector<std::vector<double>>* cumulative,
                  std::vector<std::vector<int64_t>>* played) {
  const int num_hands = static_cast<int>(log.hands.size());
  const int num_streets = log.num_rounds + 1;  // ended in round r by folds; the last: showdowns
  for (const HandSummary& hand : log.hands) {
    for (const std::string& name : hand.names) {
      if (player_index->try_emplace(name, report->players.size()).second) {
        PlayerSummary p;
        p.name = name;
        p.by_street.resize(num_streets);
        p.by_position.resize(log.num_players);
        report->players.push_back(std::move(p));
      }
    }
  }
  const int num_players = static_cast<int>(report->players.size());
  cumulative->assign(num_players, std::vector<double>(num_hands, 0));
  played->assign(num_players, std::vector<int64_t>(num_hands, 0));
  std::vector<double> running(num_players, 0);
  std::vector<int64_t> running_hands(num_players, 0);
  for (int h = 0; h < num_hands; ++h) {
    const HandSummary& hand = log.hands[h];
    const bool showdown =
        std::find(hand.showdown.begin(), hand.showdown.end(), true) != hand.showdown.end();
    const int street = showdown ? num_streets - 1 : hand.last_round;
    for (size_t p = 0; p < hand.names.size(); ++p) {
      const int i = player_index->at(hand.names[p]);
      PlayerSummary& player = report->players[i];
      const double value = p < hand.values.size() ? hand.values[p] : 0;
      player.total.Add(value);
      player.by_street[street].Add(value);
      player.by_position[p].Add(value);
      running[i] += value;
      ++running_hands[i];
    }
    for (int i = 0; i < num_players; ++i) {
      (*cumulative)[i][h] = running[i];
      (*played)[i][h] = running_hands[i];
    }
  }
}

// Every player's curve at about `max_points` evenly spaced hands, the last hand always one.
void SampleCurves(const std::vector<std::vector<double>>& cumulative,
                  const std::vector<std::vector<int64_t>>& played, int max_points,
                  MatchReport* report) {
  const int num_hands = cumulative.empty() ? 0 : static_cast<int>(cumulative[0].size());
  const int points = std::max(2, max_points);
  const double step = num_hands <= points ? 1.0 : static_cast<double>(num_hands - 1) / (points - 1);
  std::vector<int> sampled;
  for (double x = 0; x < num_hands; x += step) {
    const int h = static_cast<int>(std::lround(x));
    if (h < num_hands && (sampled.empty() || sampled.back() != h)) sampled.push_back(h);
  }
  if (num_hands > 0 && sampled.back() != num_hands - 1) sampled.push_back(num_hands - 1);
  for (size_t i = 0; i < report->players.size(); ++i) {
    const Tally& t = report->players[i].total;
    const double mean = t.Mean();
    const double variance =
        t.hands < 2 ? 0 : std::max(0.0, (t.sum_squares - t.hands * mean * mean) / (t.hands - 1));
    Series series;
    for (int h : sampled) {
      series.hand_index.push_back(h);
      series.cumulative.push_back(cumulative[i][h]);
      series.band.push_back(1.96 * std::sqrt(variance * static_cast<double>(played[i][h])));
    }
    report->series.push_back(std::move(series));
  }
}

// The `top` hands with the biggest pots, biggest first (ties: the earlier hand).
std::vector<int> BiggestPots(const MatchLog& log, int top) {
  std::vector<int> order(log.hands.size());
  std::iota(order.begin(), order.end(), 0);
  top = std::clamp(top, 0, static_cast<int>(order.size()));
  std::partial_sort(order.begin(), order.begin() + top, order.end(), [&](int a, int b) {
    return log.hands[a].pot != log.hands[b].pot ? log.hands[a].pot > log.hands[b].pot : a < b;
  });
  order.resize(top);
  return order;
}

// The hand of a decision: same number, our cards at the decision's position, `player` there when
// given, not yet claimed by an earlier run of decisions. -1 when none.
int FindHand(const MatchLog& log, const std::multimap<uint32_t, int>& by_number,
             const std::vector<bool>& claimed, const Decision& decision,
             const std::string& player) {
  const std::string ours = OwnCards(decision.cards, decision.position);
  auto [begin, end] = by_number.equal_range(static_cast<uint32_t>(decision.hand));
  for (auto it = begin; it != end; ++it) {
    const HandSummary& hand = log.hands[it->second];
    if (claimed[it->second] || decision.position >= static_cast<int>(hand.hole.size())) continue;
    if (!ours.empty() && !SameCards(ours, hand.hole[decision.position])) continue;
    if (!player.empty() && hand.names[decision.position] != player) continue;
    return it->second;
  }
  return -1;
}

// Fills hand_decisions and the matched counts; returns how many decisions each name made.
std::map<std::string, int64_t> JoinDecisions(const MatchLog& log,
                                             const std::vector<Decision>& decisions,
                                             const std::string& player, MatchReport* report) {
  std::multimap<uint32_t, int> by_number;
  for (int h = 0; h < static_cast<int>(log.hands.size()); ++h) {
    by_number.emplace(log.hands[h].hand_number, h);
  }
  report->hand_decisions.assign(log.hands.size(), {});
  std::vector<bool> claimed(log.hands.size(), false);
  std::map<std::string, int64_t> names;
  // Consecutive decisions with the same hand number and position belong to the same hand.
  int last_hand = -1;
  const Decision* last = nullptr;
  for (int d = 0; d < static_cast<int>(decisions.size()); ++d) {
    const Decision& decision = decisions[d];
    const bool same_run = last != nullptr && decision.hand == last->hand &&
                          decision.position == last->position && last_hand >= 0;
    const int match = same_run ? last_hand : FindHand(log, by_number, claimed, decision, player);
    if (match < 0) {
      ++report->decisions_unmatched;
      continue;
    }
    claimed[match] = true;
    last_hand = match;
    last = &decision;
    report->hand_decisions[match].push_back(d);
    ++report->decisions_matched;
    ++names[log.hands[match].names[decision.position]];
  }
  return names;
}

}  // namespace

absl::StatusOr<MatchReport> BuildMatchReport(const MatchLog& log,
                                             const std::vector<Decision>& decisions,
                                             const ReportOptions& options) {
  MatchReport report;
  report.title = options.title;
  absl::flat_hash_map<std::string, int> player_index;
  std::vector<std::vector<double>> cumulative;
  std::vector<std::vector<int64_t>> played;
  TallyResults(log, &report, &player_index, &cumulative, &played);
  SampleCurves(cumulative, played, options.max_points, &report);
  report.biggest_pots = BiggestPots(log, options.biggest_pots);
  const std::map<std::string, int64_t> ours =
      JoinDecisions(log, decisions, options.player, &report);
  if (!options.player.empty()) {
    if (!player_index.contains(options.player)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--player '", options.player, "' does not play in the log"));
    }
    report.player = options.player;
  } else if (!ours.empty()) {
    report.player = std::max_element(ours.begin(), ours.end(), [](auto& a, auto& b) {
                      return a.second < b.second;
                    })->first;
  }
  return report;
}

namespace {

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

// Per player: name, total [hands, chips, ci half-width], by street, by position, and the curve
// as flat triples [hand index, cumulative chips, band half-width].
std::string PlayersJson(const MatchReport& report) {
  std::vector<std::string> players;
  for (size_t i = 0; i < report.players.size(); ++i) {
    const PlayerSummary& p = report.players[i];
    const Series& s = report.series[i];
    std::vector<std::string> street_parts, position_parts, curve;
    for (const Tally& t : p.by_street) street_parts.push_back(TallyJson(t));
    for (const Tally& t : p.by_position) position_parts.push_back(TallyJson(t));
    for (size_t k = 0; k < s.hand_index.size(); ++k) {
      curve.push_back(
          absl::StrCat(s.hand_index[k], ",", Fixed(s.cumulative[k], 2), ",", Fixed(s.band[k], 1)));
    }
    players.push_back(absl::StrCat(
        "{\"name\":", logs_parser::JsonQuote(p.name), ",\"total\":", TallyJson(p.total),
        ",\"streets\":[", absl::StrJoin(street_parts, ","), "],\"positions\":[",
        absl::StrJoin(position_parts, ","), "],\"curve\":[", absl::StrJoin(curve, ","), "]}"));
  }
  return absl::StrCat("[", absl::StrJoin(players, ","), "]");
}

// n number, p player indexes per position, h hole cards, b board per street, x actions
// "<position><kind letter><round>[:<raise-to>]", v values, pot, r last round, s positions at the
// showdown, d decision indexes.
std::string HandJson(const HandSummary& hand, const std::vector<int>& decisions,
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
      "{\"n\":", hand.hand_number, ",\"p\":[", absl::StrJoin(who, ","), "],\"h\":[",
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

std::string DecisionJson(const Decision& dec, const HandSummary& hand,
                         const absl::flat_hash_map<std::string, int>& player_index) {
  std::string out =
      absl::StrCat("{\"r\":", dec.round, ",\"pos\":", dec.position,
                   ",\"bet\":", logs_parser::JsonQuote(dec.betting),
                   ",\"cards\":", logs_parser::JsonQuote(dec.cards), ",\"pot\":", dec.pot,
                   ",\"call\":", dec.to_call, ",\"eq\":", Fixed(dec.equity, 4),
                   ",\"se\":", Fixed(dec.std_error, 4), ",\"exact\":", dec.exact ? 1 : 0,
                   ",\"outs\":", dec.outs, ",\"fold\":", dec.can_fold ? 1 : 0);
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
  std::vector<std::string> opponents;
  for (const OpponentRead& read : dec.opponents) {
    opponents.push_back(OpponentJson(read, hand, player_index));
  }
  absl::StrAppend(&out, ",\"act\":", logs_parser::JsonQuote(dec.action),
                  ",\"why\":", logs_parser::JsonQuote(dec.explanation),
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
      ",\"decisions_unmatched\":", report.decisions_unmatched, ",\"players\":", PlayersJson(report),
      ",\"biggest\":[", absl::StrJoin(report.biggest_pots, ","), "],\"hands\":[");
  for (size_t h = 0; h < log.hands.size(); ++h) {
    absl::StrAppend(&out, h == 0 ? "" : ",",
                    HandJson(log.hands[h], report.hand_decisions[h], player_index));
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
