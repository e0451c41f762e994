#include "logs_parser/state_line.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "poker/codec.h"
#include "poker/state.h"

namespace logs_parser {
namespace {

constexpr absl::string_view kStatePrefix = "STATE:";
constexpr absl::string_view kHeaderPrefix = "# name/game/hands/seed ";

// Splits off the text up to the next `separator`; false if there is none.
bool NextField(absl::string_view* rest, char separator, absl::string_view* field) {
  size_t at = rest->find(separator);
  if (at == absl::string_view::npos) return false;
  *field = rest->substr(0, at);
  rest->remove_prefix(at + 1);
  return true;
}

// Records why a line is rejected (the reason) and builds the status.
absl::Status Reject(const char** reason, const char* category, std::string detail) {
  *reason = category;
  return absl::InvalidArgumentError(std::move(detail));
}

bool ParseHandNumber(absl::string_view text, uint32_t* number) {
  if (text.empty() || text.size() > 10) return false;
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  if (value > UINT32_MAX) return false;
  *number = static_cast<uint32_t>(value);
  return true;
}

bool IsBettingChar(char c) {
  switch (c) {
    case 'f':
    case 'c':
    case 'r':
    case 'k':
    case 'b':
    case 'F':
    case 'C':
    case 'R':
    case 'K':
    case 'B':
    case '/':
      return true;
    default:
      return c >= '0' && c <= '9';
  }
}

}  // namespace

absl::string_view MapName(absl::string_view name, const NameOptions& options) {
  if (!options.strip_name_suffix) return name;
  size_t dot = name.rfind('.');
  if (dot == absl::string_view::npos || dot == 0 || dot + 1 == name.size()) return name;
  for (size_t i = dot + 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return name;
  }
  return name.substr(0, dot);
}

std::string QuoteForMessage(absl::string_view text, size_t max_bytes) {
  std::string out = "'";
  size_t shown = std::min(text.size(), max_bytes);
  for (size_t i = 0; i < shown; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c >= 0x7f) {
      absl::StrAppendFormat(&out, "\\x%02x", c);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out += shown < text.size() ? "'..." : "'";
  return out;
}

bool ParseGameHeader(absl::string_view line, absl::string_view* game_path) {
  if (!absl::StartsWith(line, kHeaderPrefix)) return false;
  absl::string_view rest = absl::StripLeadingAsciiWhitespace(line.substr(kHeaderPrefix.size()));
  // <match name> <game path> <hands> <seed>
  size_t space = rest.find_first_of(" \t");
  if (space == absl::string_view::npos) return false;
  rest = absl::StripLeadingAsciiWhitespace(rest.substr(space));
  size_t end = rest.find_first_of(" \t");
  *game_path = rest.substr(0, end);
  return !game_path->empty();
}

absl::Status ParseHandLine(absl::string_view line, const poker::GameDef& game,
                           const NameOptions& options, HandRecord* record, const char** reason) {
  if (!absl::StartsWith(line, kStatePrefix)) {
    return Reject(reason, kReasonNotLogLine,
                  absl::StrCat("not a STATE line: ", QuoteForMessage(line)));
  }
  absl::string_view rest = line.substr(kStatePrefix.size());
  absl::string_view hand_text, betting, cards, values_text;
  if (!NextField(&rest, ':', &hand_text) || !NextField(&rest, ':', &betting) ||
      !NextField(&rest, ':', &cards) || !NextField(&rest, ':', &values_text)) {
    return Reject(reason, kReasonMalformed,
                  absl::StrCat("expected STATE:<hand>:<betting>:<cards>:<values>:<names>, got ",
                               QuoteForMessage(line)));
  }
  // What remains is the names, possibly followed by ` # <comment>` (a timestamp in some logs).
  absl::string_view names_text = rest;
  if (size_t comment = names_text.rfind(" #"); comment != absl::string_view::npos) {
    names_text = names_text.substr(0, comment);
  }
  names_text = absl::StripTrailingAsciiWhitespace(names_text);

  uint32_t hand_number = 0;
  if (!ParseHandNumber(hand_text, &hand_number)) {
    return Reject(reason, kReasonMalformed,
                  absl::StrCat("hand number ", QuoteForMessage(hand_text), " is not a number"));
  }
  for (char c : betting) {
    if (!IsBettingChar(c)) {
      return Reject(reason, kReasonMalformed,
                    absl::StrCat("betting ", QuoteForMessage(betting), " has the character ",
                                 QuoteForMessage(absl::string_view(&c, 1))));
    }
  }

  const int num_players = game.num_players;
  record->game = &game;
  record->hand_number = hand_number;

  // Values and names first: a wrong count usually means a line of another game.
  record->values.resize(num_players);
  for (int p = 0; p < num_players; ++p) {
    absl::string_view text;
    if (p + 1 < num_players) {
      if (!NextField(&values_text, '|', &text)) {
        return Reject(
            reason, kReasonMalformed,
            absl::StrCat("values have ", p + 1, " fields, the game has ", num_players, " players"));
      }
    } else {
      text = values_text;
      if (text.find('|') != absl::string_view::npos) {
        return Reject(
            reason, kReasonMalformed,
            absl::StrCat("values have more fields than the game's ", num_players, " players"));
      }
    }
    double value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty() ||
        !std::isfinite(value)) {
      return Reject(
          reason, kReasonBadValue,
          absl::StrCat("value ", QuoteForMessage(text), " of position ", p, " is not a number"));
    }
    record->values[p] = value;
  }
  record->names.resize(num_players);
  for (int p = 0; p < num_players; ++p) {
    absl::string_view name;
    if (p + 1 < num_players) {
      if (!NextField(&names_text, '|', &name)) {
        return Reject(
            reason, kReasonMalformed,
            absl::StrCat("names have ", p + 1, " fields, the game has ", num_players, " players"));
      }
    } else {
      name = names_text;
      if (name.find('|') != absl::string_view::npos) {
        return Reject(
            reason, kReasonMalformed,
            absl::StrCat("names have more fields than the game's ", num_players, " players"));
      }
    }
    if (name.empty()) {
      return Reject(reason, kReasonMalformed, absl::StrCat("position ", p, " has an empty name"));
    }
    name = MapName(name, options);
    record->names[p].assign(name.data(), name.size());
  }

  // Built in place: assigning a new State would build it on the side and copy its 2.7 KB.
  static_assert(std::is_trivially_destructible_v<poker::State>);
  std::construct_at(&record->state, game, hand_number);
  if (absl::Status status = poker::ApplyBetting(betting, &record->state); !status.ok()) {
    return Reject(reason, kReasonIllegalAction,
                  absl::StrCat("betting ", QuoteForMessage(betting), ": ", status.message()));
  }
  if (!record->state.finished()) {
    return Reject(reason, kReasonUnfinished,
                  absl::StrCat("betting ", QuoteForMessage(betting), " does not end the hand"));
  }
  if (absl::Status status = poker::ApplyCards(cards, /*require_all_hole=*/true, &record->state);
      !status.ok()) {
    return Reject(reason, kReasonBadCards,
                  absl::StrCat("cards ", QuoteForMessage(cards), ": ", status.message()));
  }
  std::array<double, poker::kMaxPlayers> payoffs;
  if (absl::Status status =
          record->state.Values(absl::MakeSpan(payoffs.data(), static_cast<size_t>(num_players)));
      !status.ok()) {
    return Reject(reason, kReasonBadCards,
                  absl::StrCat("cards ", QuoteForMessage(cards), ": ", status.message()));
  }
  for (int p = 0; p < num_players; ++p) {
    if (std::fabs(payoffs[p] - record->values[p]) > kValueTolerance) {
      return Reject(reason, kReasonValueMismatch,
                    absl::StrCat("position ", p, " logged ", poker::FormatValue(record->values[p]),
                                 " but the rules give ", poker::FormatValue(payoffs[p])));
    }
  }
  BuildActionRecords(record->state, &record->actions);
  return absl::OkStatus();
}

}  // namespace logs_parser
