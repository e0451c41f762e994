// Per-player statistics of match logs (hands, decisions, showdowns, VPIP, PFR, mbb/hand): what
// `trainer stats` prints, as text or JSON.
#ifndef LOGS_PARSER_LOG_STATS_H_
#define LOGS_PARSER_LOG_STATS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "logs_parser/hand_record.h"
#include "logs_parser/log_reader.h"
#include "nlohmann/json.hpp"

namespace logs_parser {

// One player's totals over the hands it played.
struct PlayerStats {
  int64_t hands = 0;
  int64_t decisions = 0;   // actions it took (fold, check, call, raise, all-in)
  int64_t showdowns = 0;   // hands it was still in when several players reached the end
  int64_t vpip_hands = 0;  // hands it called or raised preflop (a blind's check is not voluntary)
  int64_t pfr_hands = 0;   // hands it raised (all-in included) preflop
  double net_chips = 0;    // sum of its values, chips (PHH: in the file's unit, chips * unit)
  double net_big_blinds = 0;  // sum of value / big blind of each hand's game
  // Hands whose result is known (all but PHH showdowns of unknown cards without winnings).
  int64_t valued_hands = 0;

  double vpip() const { return hands > 0 ? static_cast<double>(vpip_hands) / hands : 0; }
  double pfr() const { return hands > 0 ? static_cast<double>(pfr_hands) / hands : 0; }
  // 1000 * chips / (big blind * hands) over the hands with a known result; summed per hand, so
  // games with other blinds mix right.
  double mbb_per_hand() const {
    return valued_hands > 0 ? 1000 * net_big_blinds / valued_hands : 0;
  }
  void Add(const PlayerStats& other);
};

struct NamedPlayerStats {
  std::string name;
  PlayerStats stats;
};

// Accumulates PlayerStats from hands. Add() for one worker index must not run concurrently
// (ReadLogs guarantees this per worker); different workers may.
class StatsCollector {
 public:
  explicit StatsCollector(int workers);

  void Add(int worker, const HandRecord& hand);

  // All workers merged; players sorted by hands (most first), then by name.
  std::vector<NamedPlayerStats> Players() const;

 private:
  std::vector<absl::flat_hash_map<std::string, PlayerStats>> per_worker_;
};

// `text` as a quoted JSON string. Valid UTF-8 is kept; other bytes are written as the code point
// of the same value (\u00XX, i.e. read as Latin-1) so the output is always valid JSON.
std::string JsonQuote(absl::string_view text);

// `text` with every byte that is not part of valid UTF-8 replaced by the UTF-8 of the code point
// of the same value (read as Latin-1): what JsonQuote writes as \u00XX, for nlohmann-json.
std::string Utf8OrLatin1(absl::string_view text);

// A number for JSON: integers as integers, others with up to 6 decimals (the logs' precision),
// null when not finite.
nlohmann::ordered_json JsonNumberValue(double value);
// The same, written out.
std::string JsonNumber(double value);

// A number for JSON to `digits` significant digits (as printf's %g), integers as integers, null
// when not finite.
nlohmann::ordered_json JsonSignificant(double value, int digits);

// `json` on one line, compact (strings should be valid UTF-8: Utf8OrLatin1; other bytes become
// U+FFFD).
std::string DumpJson(const nlohmann::ordered_json& json);

// One JSON object: the summary's counts, rejected_by_reason, problems, notices and players.
std::string FormatStatsJson(const ReadSummary& summary,
                            const std::vector<NamedPlayerStats>& players);

// One game's files and players, for runs over files of several games (each file is read with its
// own game, and players of different games are kept apart).
struct GameStats {
  std::string game;  // file base name
  int64_t files = 0;
  int64_t hands = 0;
  std::vector<NamedPlayerStats> players;
};

// As above, for the players of several games: "players" as above (each with its "game" when
// there are several), then "files_skipped", "games": [{"game", "files", "hands", "players"}] and
// "file_reports": [{"file", "game", "how", "hands", "rejected", "top_reason", "failed",
// "skipped", "skip_reason", "skipped_game"}].
std::string FormatStatsJson(const ReadSummary& summary, const std::vector<GameStats>& games);

// A table, one player a line.
std::string FormatStatsTable(const std::vector<NamedPlayerStats>& players);

}  // namespace logs_parser

#endif  // LOGS_PARSER_LOG_STATS_H_
