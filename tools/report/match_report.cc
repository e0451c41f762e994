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
  REPORT_RETURN_IF_ERROR(f.Integer("trials", &d.trials, false));
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
  absl::StatusOr<const Value*> values = f.Get("values", Value::kListValue, false);
  if (!values.ok()) return values.status();
  if (*values != nullptr) {
    index = 0;
    for (const Value& v : (*values)->list_value().values()) {
      if (v.kind_case() != Value::kStructValue) {
        return absl::InvalidArgumentError(
            absl::StrCat("field 'values[", index, "]' is not an object"));
      }
      const Fields b(v.struct_value(), absl::StrCat("values[", index, "]."));
      std::pair<std::string, double> value;
      REPORT_RETURN_IF_ERROR(b.String("action", &value.first));
      REPORT_RETURN_IF_ERROR(b.Number("value", &value.second));
      d.values.push_back(std::move(value));
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

absl::StatusOr<MatchLog> ReadMatchLog(const std::string& path, const std::string& game,
                                      bool strip_name_suffix) {
  logs_parser::ReadOptions options;
  options.strip_name_suffix = strip_name_suffix;
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
        HandSummary summary = SummarizeHand(hand);
        if (!log.hands.empty()) {
          const HandSummary& last = log.hands.back();
          summary.run = last.run + (summary.hand_number <= last.hand_number ? 1 : 0);
        }
        log.runs = summary.run;
        log.hands.push_back(std::move(summary));
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

double HandValue(const HandSummary& hand, size_t position) {
  return position < hand.values.size() ? hand.values[position] : 0;
}

// The players sorted by result (most chips won first; ties by name) with their tallies, and which
// of them are drawn: ours and the `top` - 1 others with the biggest results, won or lost (all of
// them when at most one would be left over).
void TallyPlayers(const MatchLog& log, const std::string& ours, int top, MatchReport* report) {
  const int num_streets = log.num_rounds + 1;  // ended in round r by folds; the last: showdowns
  absl::flat_hash_map<std::string, int> first_seen;
  std::vector<PlayerSummary> players;
  for (const HandSummary& hand : log.hands) {
    for (size_t p = 0; p < hand.names.size(); ++p) {
      auto [it, added] = first_seen.try_emplace(hand.names[p], players.size());
      if (added) {
        PlayerSummary player;
        player.name = hand.names[p];
        player.by_street.resize(num_streets);
        player.by_position.resize(log.num_players);
        players.push_back(std::move(player));
      }
      players[it->second].total.Add(HandValue(hand, p));
    }
  }
  std::sort(players.begin(), players.end(), [](const PlayerSummary& a, const PlayerSummary& b) {
    return a.total.chips != b.total.chips ? a.total.chips > b.total.chips : a.name < b.name;
  });
  report->players = std::move(players);
  const int n = static_cast<int>(report->players.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (top > 0 && n > top + 1) {
    // Ours first, then by the size of the result.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const bool a_ours = report->players[a].name == ours;
      const bool b_ours = report->players[b].name == ours;
      if (a_ours != b_ours) return a_ours;
      return std::abs(report->players[a].total.chips) > std::abs(report->players[b].total.chips);
    });
    order.resize(top);
    std::sort(order.begin(), order.end());
  }
  report->drawn = order;
  report->others_count = n - static_cast<int64_t>(order.size());
  report->others = PlayerSummary{};
  report->others.name = absl::StrCat("others (", report->others_count, " players)");
  report->others.by_street.resize(num_streets);
  report->others.by_position.resize(log.num_players);
}

// The tallies by street and position, and the running totals after each hand of every drawn
// player (cumulative[k][h] for drawn[k]; the last row: the others summed) and the hands each
// played so far (played[k][h]).
void TallyHands(const MatchLog& log, MatchReport* report,
                std::vector<std::vector<double>>* cumulative,
                std::vector<std::vector<int64_t>>* played) {
  const int num_hands = static_cast<int>(log.hands.size());
  const int num_streets = log.num_rounds + 1;
  absl::flat_hash_map<std::string, int> index;
  for (size_t i = 0; i < report->players.size(); ++i) index[report->players[i].name] = i;
  std::vector<int> drawn_row(report->players.size(), -1);
  const int rows = static_cast<int>(report->drawn.size()) + 1;
  for (int k = 0; k + 1 < rows; ++k) drawn_row[report->drawn[k]] = k;
  cumulative->assign(rows, std::vector<double>(num_hands, 0));
  played->assign(rows, std::vector<int64_t>(num_hands, 0));
  std::vector<double> running(rows, 0);
  std::vector<int64_t> running_hands(rows, 0);
  PlayerSummary& others = report->others;
  for (int h = 0; h < num_hands; ++h) {
    const HandSummary& hand = log.hands[h];
    const bool showdown =
        std::find(hand.showdown.begin(), hand.showdown.end(), true) != hand.showdown.end();
    const int street = showdown ? num_streets - 1 : hand.last_round;
    double others_value = 0;
    bool others_played = false;
    for (size_t p = 0; p < hand.names.size(); ++p) {
      const int i = index.at(hand.names[p]);
      PlayerSummary& player = report->players[i];
      const double value = HandValue(hand, p);
      player.by_street[street].Add(value);
      player.by_position[p].Add(value);
      const int k = drawn_row[i];
      if (k >= 0) {
        running[k] += value;
        ++running_hands[k];
      } else {
        others_value += value;
        others_played = true;
        others.by_position[p].Add(value);
      }
    }
    if (others_played) {
      others.total.Add(others_value);
      others.by_street[street].Add(others_value);
      running[rows - 1] += others_value;
      ++running_hands[rows - 1];
    }
    for (int k = 0; k < rows; ++k) {
      (*cumulative)[k][h] = running[k];
      (*played)[k][h] = running_hands[k];
    }
  }
}

// A curve at the sampled hands, with the 95% band of a player whose results are `total`.
Series SampleCurve(const std::vector<int>& sampled, const std::vector<double>& cumulative,
                   const std::vector<int64_t>& played, const Tally& total) {
  const double mean = total.Mean();
  const double variance =
      total.hands < 2
          ? 0
          : std::max(0.0, (total.sum_squares - total.hands * mean * mean) / (total.hands - 1));
  Series series;
  for (int h : sampled) {
    series.hand_index.push_back(h);
    series.cumulative.push_back(cumulative[h]);
    series.band.push_back(1.96 * std::sqrt(variance * static_cast<double>(played[h])));
  }
  return series;
}

// The drawn players' curves (and the others') at about `max_points` evenly spaced hands, the last
// hand always one.
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
  report->series.clear();
  for (size_t k = 0; k < report->drawn.size(); ++k) {
    report->series.push_back(SampleCurve(sampled, cumulative[k], played[k],
                                         report->players[report->drawn[k]].total));
  }
  if (report->others_count > 0) {
    report->others_series =
        SampleCurve(sampled, cumulative.back(), played.back(), report->others.total);
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
  const std::map<std::string, int64_t> ours =
      JoinDecisions(log, decisions, options.player, &report);
  if (!options.player.empty()) {
    const bool plays = std::any_of(log.hands.begin(), log.hands.end(), [&](const HandSummary& h) {
      return std::find(h.names.begin(), h.names.end(), options.player) != h.names.end();
    });
    if (!plays) {
      return absl::InvalidArgumentError(
          absl::StrCat("--player '", options.player, "' does not play in the log"));
    }
    report.player = options.player;
  } else if (!ours.empty()) {
    report.player = std::max_element(ours.begin(), ours.end(), [](auto& a, auto& b) {
                      return a.second < b.second;
                    })->first;
  }
  TallyPlayers(log, report.player, options.top_players, &report);
  std::vector<std::vector<double>> cumulative;
  std::vector<std::vector<int64_t>> played;
  TallyHands(log, &report, &cumulative, &played);
  SampleCurves(cumulative, played, options.max_points, &report);
  report.biggest_pots = BiggestPots(log, options.biggest_pots);
  return report;
}

}  // namespace report
