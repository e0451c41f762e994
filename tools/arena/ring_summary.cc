#include "tools/arena/ring_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "logs_parser/json_input.h"
#include "logs_parser/log_stats.h"
#include "nlohmann/json.hpp"
#include "poker/file_io.h"

namespace arena {

namespace {

// Figures for people; sums round-trip.

// A JSON number that reads back as the same double (integers as integers).
nlohmann::ordered_json ExactValue(double value) {
  if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < 9e15) {
    return static_cast<int64_t>(value);
  }
  return value;
}

nlohmann::ordered_json SumsJson(const MomentSums& sums) {
  return {
      {"n", sums.n}, {"sum", ExactValue(sums.sum)}, {"sum_squares", ExactValue(sums.sum_squares)}};
}

// Sorts ranges and joins adjacent ones of the same seed; an overlap is reported through
// `overlap` (the two ranges' indices before sorting) and stops the join.
struct Tagged {
  DealRange range;
  size_t owner;
};

absl::Status JoinRanges(std::vector<Tagged> tagged, absl::Span<const std::string> names,
                        std::vector<DealRange>* out) {
  std::sort(tagged.begin(), tagged.end(), [](const Tagged& a, const Tagged& b) {
    return std::tie(a.range.seed, a.range.first_hand) < std::tie(b.range.seed, b.range.first_hand);
  });
  out->clear();
  for (size_t i = 0; i < tagged.size(); ++i) {
    const DealRange& r = tagged[i].range;
    if (i > 0) {
      const DealRange& prev = tagged[i - 1].range;
      const int64_t prev_end = static_cast<int64_t>(prev.first_hand) + prev.deals;
      if (prev.seed == r.seed && r.first_hand < prev_end) {
        const int64_t last = std::min(prev_end, static_cast<int64_t>(r.first_hand) + r.deals) - 1;
        const std::string& a = names[tagged[i - 1].owner];
        const std::string& b = names[tagged[i].owner];
        return absl::InvalidArgumentError(absl::StrCat(
            "deals ", r.first_hand, "..", last, " of seed ", r.seed, " are in ", a,
            a == b ? " twice" : absl::StrCat(" and in ", b), ": shards must not overlap"));
      }
    }
    if (!out->empty() && out->back().seed == r.seed &&
        static_cast<int64_t>(out->back().first_hand) + out->back().deals == r.first_hand) {
      out->back().deals += r.deals;
    } else {
      out->push_back(r);
    }
  }
  return absl::OkStatus();
}

// Field access with messages naming the field.
class Reader {
 public:
  using Json = nlohmann::ordered_json;
  explicit Reader(absl::string_view source) : source_(source) {}

  template <typename T>
  bool Get(const Json& object, const std::string& key, const std::string& where, T* out) {
    const Json* child = Child(object, key, where);
    if (child == nullptr) return false;
    bool ok = false;
    if constexpr (std::is_same_v<T, bool>) {
      ok = child->is_boolean();
      if (ok) *out = child->get<bool>();
    } else if constexpr (std::is_same_v<T, std::string>) {
      ok = child->is_string();
      if (ok) *out = child->get<std::string>();
    } else if constexpr (std::is_integral_v<T>) {
      // Whole numbers within the field's type (a double such as 1e300 is not one).
      if (child->is_number_integer()) {
        const bool fits =
            child->is_number_unsigned()
                ? child->get<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<T>::max())
                : child->get<int64_t>() >= std::numeric_limits<T>::min() &&
                      child->get<int64_t>() <= std::numeric_limits<T>::max();
        ok = fits;
        if (ok) *out = child->get<T>();
      }
    } else {
      ok = child->is_number() && std::isfinite(child->get<double>());
      if (ok) *out = child->get<double>();
    }
    if (!ok) {
      return Fail(absl::StrCat("field \"", where, key, "\" is not a ", TypeName<T>(), ": '",
                               logs_parser::DumpJson(*child).substr(0, 40), "'"));
    }
    return true;
  }

  const Json* Child(const Json& object, const std::string& key, const std::string& where) {
    if (!status_.ok()) return nullptr;
    if (!object.is_object()) {
      Fail(absl::StrCat("\"", where.empty() ? "the file" : where, "\" is not an object"));
      return nullptr;
    }
    auto it = object.find(key);
    if (it == object.end()) {
      Fail(absl::StrCat("no field \"", where, key, "\""));
      return nullptr;
    }
    return &*it;
  }

  // The array `key` of `object`.
  const Json* Array(const Json& object, const std::string& key, const std::string& where) {
    const Json* child = Child(object, key, where);
    if (child != nullptr && !child->is_array()) {
      Fail(absl::StrCat("field \"", where, key, "\" is not a list"));
      return nullptr;
    }
    return child;
  }

  bool Sums(const Json& object, const std::string& key, const std::string& where,
            MomentSums* sums) {
    const Json* child = Child(object, key, where);
    if (child == nullptr) return false;
    const std::string inner = absl::StrCat(where, key, ".");
    return Get(*child, "n", inner, &sums->n) && Get(*child, "sum", inner, &sums->sum) &&
           Get(*child, "sum_squares", inner, &sums->sum_squares) &&
           Check(sums->n >= 0 && sums->sum_squares >= 0,
                 absl::StrCat("field \"", inner, "\" has a negative count or sum of squares"));
  }

  bool Check(bool ok, const std::string& message) { return ok || Fail(message); }
  bool Fail(const std::string& message) {
    if (status_.ok()) status_ = absl::InvalidArgumentError(absl::StrCat(source_, ": ", message));
    return false;
  }
  const absl::Status& status() const { return status_; }

 private:
  template <typename T>
  static const char* TypeName() {
    if constexpr (std::is_same_v<T, bool>) return "true/false";
    if constexpr (std::is_same_v<T, std::string>) return "string";
    if constexpr (std::is_integral_v<T>) return "whole number";
    return "number";
  }

  std::string source_;
  absl::Status status_;
};

// The file's checksum: FNV-1a 64 of every byte before it, written as the last field so that a
// reader checks the bytes as they are (see FormatRingJson).
constexpr absl::string_view kChecksumKey = ",\"checksum\":\"";

std::string ChecksumText(absl::string_view body) {
  return absl::StrFormat("%016x", poker::Fnv1a64(body));
}

// Checks the checksum of `text` when it has one (files written before it have none and are read
// on their cross-checks alone).
absl::Status VerifyChecksum(absl::string_view text, absl::string_view source) {
  const size_t at = text.rfind(kChecksumKey);
  if (at == absl::string_view::npos) return absl::OkStatus();
  absl::string_view rest = text.substr(at + kChecksumKey.size());
  const absl::string_view stored = rest.substr(0, 16);
  rest.remove_prefix(stored.size());
  if (stored.size() != 16 || !absl::ConsumePrefix(&rest, "\"}") ||
      !absl::StripAsciiWhitespace(rest).empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": the checksum is not the file's last field: edited or corrupted"));
  }
  const std::string computed = ChecksumText(text.substr(0, at));
  if (stored != computed) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": checksum mismatch (", stored, " stored, ", computed,
                     " computed): the file was edited or corrupted after arena wrote it"));
  }
  return absl::OkStatus();
}

// The cross-checks of a result's sums against each other and the game (whatever the checksum
// says: files without one, and a merge's parts). Chips move between players, so every hand's
// values sum to 0 over the seats; a deal's sum is the sum of its hands; no hand moves more chips
// than the players' stacks hold; and a sum of squares bounds its sum (Cauchy-Schwarz).
absl::Status CheckSums(const RingSummary& s, const poker::GameDef& game, absl::string_view source) {
  const auto fail = [&source](const std::string& message) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ", message));
  };
  double most_per_hand = 0;  // chips one hand can move to or from a seat
  for (int p = 0; p < game.num_players; ++p) most_per_hand += game.stack[p];
  double total = 0, scale = 0, deal_total = 0;
  for (size_t seat = 0; seat < s.players.size(); ++seat) {
    const SeatResult& p = s.players[seat];
    const std::string where = absl::StrCat("players[", seat, "] ('", p.name, "')");
    for (const auto& [sums, count, bound, name] :
         {std::tuple(p.hand_sums, s.hands, most_per_hand, "hand_sums"),
          std::tuple(p.deal_sums, s.deals, most_per_hand * s.rotations, "deal_sums")}) {
      if (!(std::fabs(sums.sum) <= count * bound) || !(sums.sum_squares <= count * bound * bound)) {
        return fail(absl::StrCat(where, ": ", name, " ", sums.sum, " (squares ", sums.sum_squares,
                                 ") over ", count, " are more than ", bound,
                                 " chips can give: not a result of this game"));
      }
      if (sums.n > 0 && sums.sum * sums.sum > sums.n * sums.sum_squares * (1 + 1e-9) + 1e-6) {
        return fail(absl::StrCat(where, ": ", name, ": the sum ", sums.sum,
                                 " is too large for its sum of squares ", sums.sum_squares));
      }
    }
    if (std::fabs(p.hand_sums.sum - p.deal_sums.sum) >
        1e-9 * std::sqrt(s.hands * p.hand_sums.sum_squares) + 1e-6) {
      return fail(absl::StrCat(where, ": its hands sum to ", p.hand_sums.sum,
                               " chips, its deals to ", p.deal_sums.sum));
    }
    total += p.hand_sums.sum;
    deal_total += p.deal_sums.sum;
    scale += std::sqrt(s.hands * p.hand_sums.sum_squares);
  }
  if (std::fabs(total) > 1e-9 * scale + 1e-6 || std::fabs(deal_total) > 1e-9 * scale + 1e-6) {
    return fail(absl::StrCat("the players' chips sum to ", total,
                             ", not 0: every chip one player wins another loses"));
  }
  return absl::OkStatus();
}

}  // namespace

RingSummary SummarizeRing(const poker::GameDef& game, const std::string& game_file,
                          absl::Span<const PlayerSpec> specs, const RingOptions& options,
                          const RingResult& result) {
  RingSummary summary;
  summary.game_file = game_file;
  summary.game_def = poker::FormatGameDef(game);
  summary.big_blind = game.BigBlind();
  summary.duplicate = options.duplicate;
  summary.fixed_seats = options.fixed_seats;
  summary.rotations = result.rotations;
  summary.ranges = {{options.seed, result.first_hand, result.deals}};
  summary.deals = result.deals;
  summary.hands = result.hands;
  summary.seconds = result.seconds;
  summary.specs.assign(specs.begin(), specs.end());
  summary.players = result.players;
  return summary;
}

nlohmann::ordered_json JsonNumber10(double value) {
  return logs_parser::JsonSignificant(value, 10);
}

std::string FormatRingJson(const RingSummary& summary) {
  using Json = nlohmann::ordered_json;
  Json players = Json::array();
  for (size_t seat = 0; seat < summary.players.size(); ++seat) {
    const SeatResult& p = summary.players[seat];
    players.push_back({{"name", logs_parser::Utf8OrLatin1(p.name)},
                       {"chips", JsonNumber10(p.chips)},
                       {"mbb_per_hand", JsonNumber10(p.mbb_per_hand)},
                       {"ci95", JsonNumber10(p.ci95)},
                       {"ci95_unpaired", JsonNumber10(p.ci95_unpaired)},
                       {"spec", logs_parser::Utf8OrLatin1(summary.specs[seat].spec)},
                       {"hand_sums", SumsJson(p.hand_sums)},
                       {"deal_sums", SumsJson(p.deal_sums)}});
  }
  Json ranges = Json::array();
  for (const DealRange& r : summary.ranges) {
    ranges.push_back({{"seed", r.seed}, {"first_hand", r.first_hand}, {"deals", r.deals}});
  }
  Json out;
  out["hands"] = summary.hands;
  out["deals"] = summary.deals;
  out["rotations"] = summary.rotations;
  out["seconds"] = JsonNumber10(summary.seconds);
  out["players"] = std::move(players);
  out["format"] = "ring";
  out["game"] = logs_parser::Utf8OrLatin1(summary.game_file);
  out["game_def"] = logs_parser::Utf8OrLatin1(summary.game_def);
  out["big_blind"] = ExactValue(summary.big_blind);
  out["duplicate"] = summary.duplicate;
  out["fixed_seats"] = summary.fixed_seats;
  out["ranges"] = std::move(ranges);
  // The checksum closes the object: the bytes before it as written, then the field.
  std::string body = logs_parser::DumpJson(out);
  body.pop_back();  // the closing brace
  const std::string checksum = ChecksumText(body);
  return absl::StrCat(body, kChecksumKey, checksum, "\"}");
}

absl::StatusOr<RingSummary> ParseRingJson(absl::string_view text, absl::string_view source) {
  absl::StatusOr<nlohmann::ordered_json> parsed = logs_parser::ParseJson(text, source);
  if (!parsed.ok()) return parsed.status();
  if (absl::Status s = VerifyChecksum(text, source); !s.ok()) return s;
  const nlohmann::ordered_json& tree = *parsed;
  Reader read(source);
  RingSummary s;
  if (!tree.is_object())
    return absl::InvalidArgumentError(absl::StrCat(source, ": not a JSON object"));
  if (!tree.contains("ranges") && !tree.contains("format")) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": no \"format\" and \"ranges\": written by an arena without merge support?"));
  }
  std::string format;
  if (read.Get(tree, "format", "", &format) && format != "ring") {
    read.Fail(absl::StrCat("format is \"", format, "\": only ring matches can be merged"));
  }
  read.Get(tree, "game", "", &s.game_file);
  read.Get(tree, "game_def", "", &s.game_def);
  read.Get(tree, "big_blind", "", &s.big_blind);
  read.Get(tree, "duplicate", "", &s.duplicate);
  read.Get(tree, "fixed_seats", "", &s.fixed_seats);
  read.Get(tree, "rotations", "", &s.rotations);
  read.Get(tree, "deals", "", &s.deals);
  read.Get(tree, "hands", "", &s.hands);
  read.Get(tree, "seconds", "", &s.seconds);
  read.Check(s.rotations >= 1 && s.big_blind > 0 && s.deals >= 0 && s.seconds >= 0,
             "rotations, big_blind, deals or seconds out of range");
  read.Check(s.deals <= (int64_t{1} << 40) && s.hands == s.deals * s.rotations,
             absl::StrCat("hands ", s.hands, " is not deals x rotations (", s.deals, " x ",
                          s.rotations, ")"));
  if (const nlohmann::ordered_json* ranges = read.Array(tree, "ranges", "")) {
    int64_t deals = 0;
    for (const nlohmann::ordered_json& item : *ranges) {
      const std::string where = absl::StrCat("ranges[", s.ranges.size(), "].");
      DealRange r;
      int64_t seed = 0, first = 0;
      read.Get(item, "seed", where, &seed);
      read.Get(item, "first_hand", where, &first);
      read.Get(item, "deals", where, &r.deals);
      if (!read.Check(seed >= 0 && seed <= UINT32_MAX && first >= 0 && r.deals >= 1 &&
                          first <= UINT32_MAX && r.deals <= (int64_t{1} << 32) &&
                          first + r.deals <= (int64_t{1} << 32),
                      absl::StrCat("field \"", where, "\" is not a range of deals of a seed"))) {
        break;
      }
      r.seed = static_cast<uint32_t>(seed);
      r.first_hand = static_cast<uint32_t>(first);
      deals += r.deals;
      s.ranges.push_back(r);
    }
    read.Check(deals == s.deals, absl::StrCat("the ranges hold ", deals, " deals, not ", s.deals));
  }
  if (const nlohmann::ordered_json* players = read.Array(tree, "players", "")) {
    for (const nlohmann::ordered_json& item : *players) {
      const std::string where = absl::StrCat("players[", s.players.size(), "].");
      SeatResult seat;
      PlayerSpec spec;
      read.Get(item, "name", where, &seat.name);
      read.Get(item, "spec", where, &spec.spec);
      read.Sums(item, "hand_sums", where, &seat.hand_sums);
      read.Sums(item, "deal_sums", where, &seat.deal_sums);
      read.Check(seat.hand_sums.n == s.hands && seat.deal_sums.n == s.deals,
                 absl::StrCat("field \"", where, "\" counts ", seat.hand_sums.n, " hands and ",
                              seat.deal_sums.n, " deals, not ", s.hands, " and ", s.deals));
      if (!read.status().ok()) break;
      spec.name = seat.name;
      SetSeatFigures(s.big_blind, std::max(1, s.rotations), &seat);
      s.specs.push_back(std::move(spec));
      s.players.push_back(std::move(seat));
    }
    read.Check(!s.players.empty(), "no players");
  }
  if (!read.status().ok()) return read.status();
  // The game the file names, and what it implies for the rest.
  absl::StatusOr<poker::GameDef> game = poker::ParseGameDef(s.game_def, "game_def");
  if (!game.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": field \"game_def\": ", game.status().message()));
  }
  if (static_cast<int>(s.players.size()) != game->num_players || s.big_blind != game->BigBlind() ||
      s.rotations != (s.duplicate ? game->num_players : 1)) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": ", s.players.size(), " players, big blind ", s.big_blind, " and ", s.rotations,
        " rotations do not fit its game (", game->num_players, " players, big blind ",
        game->BigBlind(), s.duplicate ? ", duplicate" : "", ")"));
  }
  if (absl::Status sums = CheckSums(s, *game, source); !sums.ok()) return sums;
  std::vector<Tagged> tagged;
  for (const DealRange& r : s.ranges) tagged.push_back({r, 0});
  const std::string name(source);
  if (absl::Status joined = JoinRanges(tagged, {&name, 1}, &s.ranges); !joined.ok()) {
    return joined;
  }
  return s;
}

namespace {

// A player spec without the options that only name where it writes (`log=FILE`): shards of one
// experiment differ in those and are still the same players.
std::string SpecWithoutOutputs(absl::string_view spec) {
  const size_t colon = spec.find(':');
  if (colon == absl::string_view::npos) return std::string(spec);
  std::vector<absl::string_view> kept;
  for (absl::string_view option : absl::StrSplit(spec.substr(colon + 1), ',')) {
    if (!absl::StartsWith(option, "log=")) kept.push_back(option);
  }
  if (kept.empty()) return std::string(spec.substr(0, colon));
  return absl::StrCat(spec.substr(0, colon + 1), absl::StrJoin(kept, ","));
}

}  // namespace

absl::StatusOr<RingSummary> MergeRingSummaries(absl::Span<const RingSummary> parts,
                                               absl::Span<const std::string> names) {
  if (parts.empty()) return absl::InvalidArgumentError("nothing to merge");
  if (names.size() != parts.size()) return absl::InvalidArgumentError("one name per part");
  const RingSummary& first = parts[0];
  auto players_text = [](const RingSummary& s) {
    std::vector<std::string> items;
    for (const PlayerSpec& p : s.specs) {
      items.push_back(absl::StrCat(p.name, "=", SpecWithoutOutputs(p.spec)));
    }
    return absl::StrJoin(items, " ");
  };
  RingSummary merged = first;
  // Each shard writes its decision log to its own file; the merged report names none of them.
  for (PlayerSpec& p : merged.specs) p.spec = SpecWithoutOutputs(p.spec);
  merged.seconds = 0;
  merged.deals = 0;
  merged.hands = 0;
  for (SeatResult& seat : merged.players) seat.hand_sums = seat.deal_sums = MomentSums();
  std::vector<Tagged> tagged;
  for (size_t i = 0; i < parts.size(); ++i) {
    const RingSummary& part = parts[i];
    const std::string mismatch = absl::StrCat(names[i], " and ", names[0], " ");
    if (part.game_def != first.game_def) {
      return absl::InvalidArgumentError(absl::StrCat(mismatch, "are matches of different games (",
                                                     part.game_file, ", ", first.game_file, ")"));
    }
    if (players_text(part) != players_text(first)) {
      return absl::InvalidArgumentError(absl::StrCat(mismatch, "have different players: '",
                                                     players_text(part), "' and '",
                                                     players_text(first), "'"));
    }
    if (part.duplicate != first.duplicate || part.rotations != first.rotations) {
      return absl::InvalidArgumentError(absl::StrCat(mismatch, "differ in --duplicate (rotations ",
                                                     part.rotations, " and ", first.rotations,
                                                     ")"));
    }
    if (part.fixed_seats != first.fixed_seats) {
      return absl::InvalidArgumentError(absl::StrCat(mismatch, "differ in --fixed-seats"));
    }
    for (const DealRange& r : part.ranges) tagged.push_back({r, i});
    merged.seconds += part.seconds;
    merged.deals += part.deals;
    merged.hands += part.hands;
    for (size_t seat = 0; seat < merged.players.size(); ++seat) {
      merged.players[seat].hand_sums.Merge(part.players[seat].hand_sums);
      merged.players[seat].deal_sums.Merge(part.players[seat].deal_sums);
    }
  }
  if (absl::Status joined = JoinRanges(std::move(tagged), names, &merged.ranges); !joined.ok()) {
    return joined;
  }
  for (SeatResult& seat : merged.players) {
    SetSeatFigures(merged.big_blind, merged.rotations, &seat);
  }
  return merged;
}

absl::Status WriteRingJson(const std::string& path, const RingSummary& summary) {
  return poker::WriteFileAtomically(path, FormatRingJson(summary) + "\n");
}

}  // namespace arena
