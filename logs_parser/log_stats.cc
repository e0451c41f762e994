#include "logs_parser/log_stats.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "poker/game_def.h"

namespace logs_parser {

void PlayerStats::Add(const PlayerStats& other) {
  hands += other.hands;
  decisions += other.decisions;
  showdowns += other.showdowns;
  vpip_hands += other.vpip_hands;
  pfr_hands += other.pfr_hands;
  net_chips += other.net_chips;
  net_big_blinds += other.net_big_blinds;
  valued_hands += other.valued_hands;
}

StatsCollector::StatsCollector(int workers) : per_worker_(std::max(workers, 1)) {}

void StatsCollector::Add(int worker, const HandRecord& hand) {
  const int num_players = hand.num_players();
  std::array<int, poker::kMaxPlayers> decisions{};
  std::array<bool, poker::kMaxPlayers> vpip{};
  std::array<bool, poker::kMaxPlayers> pfr{};
  for (const ActionRecord& action : hand.actions) {
    ++decisions[action.player];
    if (action.round != 0) continue;
    const bool raised = action.kind == ActionKind::kRaise || action.kind == ActionKind::kAllIn;
    if (raised || action.kind == ActionKind::kCall) vpip[action.player] = true;
    if (raised) pfr[action.player] = true;
  }
  const double big_blind = std::max(hand.game->BigBlind(), 1);
  auto& players = per_worker_[worker];
  for (int p = 0; p < num_players; ++p) {
    auto it = players.find(hand.names[p]);
    if (it == players.end()) it = players.try_emplace(hand.names[p]).first;
    PlayerStats& stats = it->second;
    ++stats.hands;
    stats.decisions += decisions[p];
    stats.showdowns += hand.SawShowdown(p) ? 1 : 0;
    stats.vpip_hands += vpip[p] ? 1 : 0;
    stats.pfr_hands += pfr[p] ? 1 : 0;
    if (!hand.values_known) continue;
    ++stats.valued_hands;
    stats.net_chips += hand.values[p] * hand.chip_unit;
    stats.net_big_blinds += hand.values[p] / big_blind;
  }
}

std::vector<NamedPlayerStats> StatsCollector::Players() const {
  absl::flat_hash_map<std::string, PlayerStats> merged;
  for (const auto& players : per_worker_) {
    for (const auto& [name, stats] : players) merged[name].Add(stats);
  }
  std::vector<NamedPlayerStats> out;
  out.reserve(merged.size());
  for (auto& [name, stats] : merged) out.push_back(NamedPlayerStats{name, stats});
  std::sort(out.begin(), out.end(), [](const NamedPlayerStats& a, const NamedPlayerStats& b) {
    if (a.stats.hands != b.stats.hands) return a.stats.hands > b.stats.hands;
    return a.name < b.name;
  });
  return out;
}

namespace {

// Length of the valid UTF-8 sequence at text[i], or 0 if the bytes there are not one.
size_t Utf8SequenceLength(absl::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

std::string Utf8OrLatin1(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    size_t length = c < 0x80 ? 1 : Utf8SequenceLength(text, i);
    if (length > 0) {
      out.append(text.data() + i, length);
      i += length;
    } else {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
      ++i;
    }
  }
  return out;
}

std::string JsonQuote(absl::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      if (size_t length = Utf8SequenceLength(text, i); length > 0) {
        out.append(text.data() + i, length);
        i += length;
      } else {
        absl::StrAppendFormat(&out, "\\u%04x", c);
        ++i;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          absl::StrAppendFormat(&out, "\\u%04x", c);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  out += "\"";
  return out;
}

nlohmann::ordered_json JsonNumberValue(double value) {
  if (!std::isfinite(value)) return nullptr;
  const double rounded = std::round(value * 1e6) / 1e6;
  if (rounded == std::trunc(rounded) && std::fabs(rounded) < 1e15) {
    return static_cast<int64_t>(rounded);  // also turns -0 into 0
  }
  return rounded;
}

std::string JsonNumber(double value) { return JsonNumberValue(value).dump(); }

nlohmann::ordered_json JsonSignificant(double value, int digits) {
  if (!std::isfinite(value)) return nullptr;
  const double rounded = std::stod(absl::StrFormat("%.*g", digits, value));
  if (rounded == std::trunc(rounded) && std::fabs(rounded) < 1e15) {
    return static_cast<int64_t>(rounded);
  }
  return rounded;
}

std::string DumpJson(const nlohmann::ordered_json& json) {
  return json.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

namespace {

nlohmann::ordered_json ProblemsJson(const std::vector<Problem>& problems) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Problem& problem : problems) {
    out.push_back({{"file", Utf8OrLatin1(problem.file)},
                   {"line", problem.line},
                   {"reason", Utf8OrLatin1(problem.reason)},
                   {"message", Utf8OrLatin1(problem.message)}});
  }
  return out;
}

}  // namespace

namespace {

nlohmann::ordered_json PlayerJson(const NamedPlayerStats& player) {
  const PlayerStats& s = player.stats;
  return {{"name", Utf8OrLatin1(player.name)},
          {"hands", s.hands},
          {"decisions", s.decisions},
          {"showdowns", s.showdowns},
          {"vpip_hands", s.vpip_hands},
          {"pfr_hands", s.pfr_hands},
          {"vpip", JsonNumberValue(s.vpip())},
          {"pfr", JsonNumberValue(s.pfr())},
          {"net_chips", JsonNumberValue(s.net_chips)},
          {"mbb_per_hand", JsonNumberValue(s.mbb_per_hand())}};
}

nlohmann::ordered_json SummaryJson(const ReadSummary& summary) {
  nlohmann::ordered_json out;
  out["files"] = summary.files;
  out["files_failed"] = summary.files_failed;
  out["lines"] = summary.lines;
  out["hands"] = summary.hands;
  out["rejected"] = summary.rejected;
  out["other_lines"] = summary.other_lines;
  nlohmann::ordered_json& by_reason = out["rejected_by_reason"] = nlohmann::ordered_json::object();
  for (const auto& [reason, count] : summary.rejected_by_reason)
    by_reason[Utf8OrLatin1(reason)] = count;
  out["skipped"] = summary.skipped;
  nlohmann::ordered_json& skipped = out["skipped_by_reason"] = nlohmann::ordered_json::object();
  for (const auto& [reason, count] : summary.skipped_by_reason) skipped[reason] = count;
  out["problems"] = ProblemsJson(summary.problems);
  out["notices"] = ProblemsJson(summary.notices);
  out["seconds"] = JsonNumberValue(summary.seconds);
  return out;
}

}  // namespace

std::string FormatStatsJson(const ReadSummary& summary,
                            const std::vector<NamedPlayerStats>& players) {
  nlohmann::ordered_json out = SummaryJson(summary);
  nlohmann::ordered_json& list = out["players"] = nlohmann::ordered_json::array();
  for (const NamedPlayerStats& player : players) list.push_back(PlayerJson(player));
  return DumpJson(out) + "\n";
}

std::string FormatStatsJson(const ReadSummary& summary, const std::vector<GameStats>& games) {
  nlohmann::ordered_json out = SummaryJson(summary);
  nlohmann::ordered_json& list = out["players"] = nlohmann::ordered_json::array();
  nlohmann::ordered_json by_game = nlohmann::ordered_json::array();
  for (const GameStats& game : games) {
    nlohmann::ordered_json players = nlohmann::ordered_json::array();
    for (const NamedPlayerStats& player : game.players) {
      players.push_back(PlayerJson(player));
      nlohmann::ordered_json flat = PlayerJson(player);
      if (games.size() > 1) flat["game"] = game.game;
      list.push_back(std::move(flat));
    }
    by_game.push_back({{"game", game.game},
                       {"files", game.files},
                       {"hands", game.hands},
                       {"players", std::move(players)}});
  }
  out["files_skipped"] = summary.files_skipped;
  out["games"] = std::move(by_game);
  nlohmann::ordered_json reports = nlohmann::ordered_json::array();
  for (const FileReport& report : summary.file_reports) {
    if (report.file.empty()) continue;
    reports.push_back({{"file", Utf8OrLatin1(report.file)},
                       {"game", report.game},
                       {"how", report.how},
                       {"hands", report.hands},
                       {"rejected", report.rejected},
                       {"top_reason", report.top_reason},
                       {"failed", report.failed},
                       {"skipped", report.skipped},
                       {"skip_reason", report.skip_reason},
                       {"skipped_game", report.skipped_game}});
  }
  out["file_reports"] = std::move(reports);
  return DumpJson(out) + "\n";
}

std::string FormatStatsTable(const std::vector<NamedPlayerStats>& players) {
  size_t width = 6;
  for (const NamedPlayerStats& player : players) width = std::max(width, player.name.size());
  std::string out =
      absl::StrFormat("%-*s %9s %10s %10s %7s %7s %14s %11s\n", width, "player", "hands",
                      "decisions", "showdowns", "VPIP%", "PFR%", "net chips", "mbb/hand");
  for (const NamedPlayerStats& player : players) {
    const PlayerStats& s = player.stats;
    absl::StrAppendFormat(&out, "%-*s %9d %10d %10d %7.1f %7.1f %14.2f %11.1f\n", width,
                          player.name, s.hands, s.decisions, s.showdowns, 100 * s.vpip(),
                          100 * s.pfr(), s.net_chips, s.mbb_per_hand());
  }
  return out;
}

}  // namespace logs_parser
