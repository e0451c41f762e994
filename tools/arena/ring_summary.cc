#include "tools/arena/ring_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "boost/property_tree/json_parser.hpp"
#include "boost/property_tree/ptree.hpp"
#include "logs_parser/log_stats.h"
#include "nlohmann/json.hpp"
#include "poker/file_io.h"

namespace arena {

namespace {

namespace pt = boost::property_tree;

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
  explicit Reader(absl::string_view source) : source_(source) {}

  template <typename T>
  bool Get(const pt::ptree& tree, const std::string& key, const std::string& where, T* out) {
    if (!status_.ok()) return false;
    const boost::optional<const pt::ptree&> child = tree.get_child_optional(pt::path(key, '\0'));
    if (!child) return Fail(absl::StrCat("no field \"", where, key, "\""));
    const boost::optional<T> value = child->get_value_optional<T>();
    if (!value || !child->empty()) {
      return Fail(absl::StrCat("field \"", where, key, "\" is not a ", TypeName<T>(), ": '",
                               child->data(), "'"));
    }
    *out = *value;
    return true;
  }

  const pt::ptree* Child(const pt::ptree& tree, const std::string& key, const std::string& where) {
    if (!status_.ok()) return nullptr;
    const boost::optional<const pt::ptree&> child = tree.get_child_optional(pt::path(key, '\0'));
    if (!child) {
      Fail(absl::StrCat("no field \"", where, key, "\""));
      return nullptr;
    }
    return &*child;
  }

  bool Sums(const pt::ptree& tree, const std::string& key, const std::string& where,
            MomentSums* sums) {
    const pt::ptree* child = Child(tree, key, where);
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
  return logs_parser::DumpJson(out);
}

absl::StatusOr<RingSummary> ParseRingJson(absl::string_view text, absl::string_view source) {
  pt::ptree tree;
  try {
    std::istringstream in{std::string(text)};
    pt::read_json(in, tree);
  } catch (const pt::json_parser_error& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ":", e.line(), ": not JSON: ", e.message()));
  }
  Reader read(source);
  RingSummary s;
  std::string format;
  if (read.Get(tree, "format", "", &format) && format != "ring") {
    read.Fail(absl::StrCat("format is \"", format, "\": only ring matches can be merged"));
  }
  if (!read.status().ok() && tree.get_child_optional("ranges") == boost::none &&
      tree.get_child_optional("format") == boost::none) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": no \"format\" and \"ranges\": written by an arena without merge support?"));
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
  read.Check(s.rotations >= 1 && s.big_blind > 0 && s.deals >= 0,
             "rotations, big_blind or deals out of range");
  read.Check(s.hands == s.deals * s.rotations,
             absl::StrCat("hands ", s.hands, " is not deals x rotations (", s.deals, " x ",
                          s.rotations, ")"));
  if (const pt::ptree* ranges = read.Child(tree, "ranges", "")) {
    int64_t deals = 0;
    for (const auto& [key, item] : *ranges) {
      const std::string where = absl::StrCat("ranges[", s.ranges.size(), "].");
      DealRange r;
      int64_t seed = 0, first = 0;
      read.Get(item, "seed", where, &seed);
      read.Get(item, "first_hand", where, &first);
      read.Get(item, "deals", where, &r.deals);
      read.Check(seed >= 0 && seed <= UINT32_MAX && first >= 0 && r.deals >= 1 &&
                     first + r.deals <= (int64_t{1} << 32),
                 absl::StrCat("field \"", where, "\" is not a range of deals of a seed"));
      r.seed = static_cast<uint32_t>(seed);
      r.first_hand = static_cast<uint32_t>(first);
      deals += r.deals;
      s.ranges.push_back(r);
    }
    read.Check(deals == s.deals, absl::StrCat("the ranges hold ", deals, " deals, not ", s.deals));
  }
  if (const pt::ptree* players = read.Child(tree, "players", "")) {
    for (const auto& [key, item] : *players) {
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
      spec.name = seat.name;
      SetSeatFigures(s.big_blind, std::max(1, s.rotations), &seat);
      s.specs.push_back(std::move(spec));
      s.players.push_back(std::move(seat));
    }
    read.Check(!s.players.empty(), "no players");
  }
  if (!read.status().ok()) return read.status();
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
