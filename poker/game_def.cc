// Reading, checking and writing ACPC game definitions.
//
// The reader accepts what the ACPC server's reader accepts (keywords in any case, `=` optional,
// `#` comments, also after the values), but it is stricter where the server silently guesses: every
// line must be a known field, a field may appear once, per-position fields need exactly numPlayers
// values and per-round fields exactly numRounds values. Each error names `source:line` and the
// field.
#include "poker/game_def.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "poker/card.h"
#include "poker/file_io.h"

namespace poker {

int32_t GameDef::BigBlind() const {
  int32_t big = 0;
  for (int p = 0; p < num_players; ++p) big = std::max(big, blind[p]);
  return big;
}

int GameDef::BoardCardsThrough(int round) const {
  int total = 0;
  for (int r = 0; r <= round && r < kMaxRounds; ++r) total += num_board_cards[r];
  return total;
}

namespace {

enum class Field {
  kLimit,
  kNoLimit,
  kNumPlayers,
  kNumRounds,
  kStack,
  kBlind,
  kRaiseSize,
  kFirstPlayer,
  kMaxRaises,
  kNumSuits,
  kNumRanks,
  kNumHoleCards,
  kNumBoardCards,
  kCount,
};

struct FieldInfo {
  const char* keyword;  // lower case
  const char* name;     // as written in files
};

constexpr FieldInfo kFields[] = {
    {"limit", "limit"},
    {"nolimit", "nolimit"},
    {"numplayers", "numPlayers"},
    {"numrounds", "numRounds"},
    {"stack", "stack"},
    {"blind", "blind"},
    {"raisesize", "raiseSize"},
    {"firstplayer", "firstPlayer"},
    {"maxraises", "maxRaises"},
    {"numsuits", "numSuits"},
    {"numranks", "numRanks"},
    {"numholecards", "numHoleCards"},
    {"numboardcards", "numBoardCards"},
};
static_assert(sizeof(kFields) / sizeof(kFields[0]) == static_cast<int>(Field::kCount));

const char* NameOf(Field f) { return kFields[static_cast<int>(f)].name; }

// One field line as read, before the cross-field checks.
struct FieldLine {
  int line = 0;  // 0: not given
  std::vector<int64_t> values;
};

// The longest value any field may hold; larger numbers are errors rather than silent wraps.
constexpr int64_t kMaxValue = kUnlimitedStack;

class Parser {
 public:
  explicit Parser(absl::string_view source) : source_(source) {}

  absl::StatusOr<GameDef> Parse(absl::string_view text);

 private:
  absl::Status Error(int line, absl::string_view message) const {
    return absl::InvalidArgumentError(absl::StrCat(source_, ":", line, ": ", message));
  }
  absl::Status FieldError(Field f, absl::string_view message) const {
    return Error(fields_[static_cast<int>(f)].line, absl::StrCat(NameOf(f), ": ", message));
  }
  absl::Status ReadFieldLine(int line_number, absl::string_view line);
  absl::StatusOr<GameDef> Check(int end_line) const;
  // Checks the count of a per-position or per-round field and each value's range.
  absl::Status CheckValues(Field f, int count, int64_t min, int64_t max) const;

  const FieldLine& field(Field f) const { return fields_[static_cast<int>(f)]; }
  bool given(Field f) const { return field(f).line != 0; }

  absl::string_view source_;
  FieldLine fields_[static_cast<int>(Field::kCount)];
};

absl::Status Parser::ReadFieldLine(int line_number, absl::string_view line) {
  size_t key_end = 0;
  while (key_end < line.size() && absl::ascii_isalpha(static_cast<unsigned char>(line[key_end]))) {
    ++key_end;
  }
  const std::string keyword = absl::AsciiStrToLower(line.substr(0, key_end));
  int index = -1;
  for (int i = 0; i < static_cast<int>(Field::kCount); ++i) {
    if (keyword == kFields[i].keyword) index = i;
  }
  if (index < 0) {
    return Error(line_number, absl::StrCat("unknown field '",
                                           line.substr(0, std::max<size_t>(key_end, 1)), "'"));
  }
  const Field f = static_cast<Field>(index);
  FieldLine& out = fields_[index];
  // limit and nolimit are one setting: the betting type.
  const FieldLine& other = fields_[static_cast<int>(f == Field::kLimit     ? Field::kNoLimit
                                                    : f == Field::kNoLimit ? Field::kLimit
                                                                           : f)];
  if (out.line != 0 || (&other != &out && other.line != 0)) {
    const int first = out.line != 0 ? out.line : other.line;
    return Error(line_number, absl::StrCat(NameOf(f), ": given twice (first on line ", first, ")"));
  }
  out.line = line_number;

  // Values are separated by spaces, tabs or `=` (the server skips `=` before every value).
  for (absl::string_view token :
       absl::StrSplit(line.substr(key_end), absl::ByAnyChar(" \t="), absl::SkipEmpty())) {
    int64_t value = 0;
    if (!absl::SimpleAtoi(token, &value)) {
      return Error(line_number, absl::StrCat(NameOf(f), ": '", token, "' is not a whole number"));
    }
    if (value < 0 || value > kMaxValue) {
      return Error(line_number,
                   absl::StrCat(NameOf(f), ": ", token, " is out of range 0..", kMaxValue));
    }
    if (out.values.size() >= kMaxPlayers) {
      return Error(line_number, absl::StrCat(NameOf(f), ": more than ", kMaxPlayers, " values"));
    }
    out.values.push_back(value);
  }
  const bool wants_values = f != Field::kLimit && f != Field::kNoLimit;
  if (!wants_values && !out.values.empty()) {
    return Error(line_number, absl::StrCat(NameOf(f), ": takes no value"));
  }
  if (wants_values && out.values.empty()) {
    return Error(line_number, absl::StrCat(NameOf(f), ": no value given"));
  }
  return absl::OkStatus();
}

absl::Status Parser::CheckValues(Field f, int count, int64_t min, int64_t max) const {
  const FieldLine& fl = field(f);
  if (static_cast<int>(fl.values.size()) != count) {
    return FieldError(f, absl::StrCat("has ", fl.values.size(), " value(s), needs ", count));
  }
  for (size_t i = 0; i < fl.values.size(); ++i) {
    if (fl.values[i] < min || fl.values[i] > max) {
      return FieldError(f, absl::StrCat("value ", i + 1, " (", fl.values[i], ") is out of range ",
                                        min, "..", max));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<GameDef> Parser::Check(int end_line) const {
  auto missing = [&](Field f) { return Error(end_line, absl::StrCat(NameOf(f), ": missing")); };
  GameDef game;
  game.betting_type = given(Field::kNoLimit) ? BettingType::kNoLimit : BettingType::kLimit;

  for (Field f : {Field::kNumPlayers, Field::kNumRounds, Field::kNumSuits, Field::kNumRanks,
                  Field::kNumHoleCards}) {
    if (!given(f)) return missing(f);
  }
  if (absl::Status s = CheckValues(Field::kNumPlayers, 1, 2, kMaxPlayers); !s.ok()) return s;
  if (absl::Status s = CheckValues(Field::kNumRounds, 1, 1, kMaxRounds); !s.ok()) return s;
  if (absl::Status s = CheckValues(Field::kNumSuits, 1, 1, kNumSuits); !s.ok()) return s;
  if (absl::Status s = CheckValues(Field::kNumRanks, 1, 1, kNumRanks); !s.ok()) return s;
  if (absl::Status s = CheckValues(Field::kNumHoleCards, 1, 1, kMaxHoleCards); !s.ok()) return s;
  game.num_players = static_cast<int>(field(Field::kNumPlayers).values[0]);
  game.num_rounds = static_cast<int>(field(Field::kNumRounds).values[0]);
  game.num_suits = static_cast<int>(field(Field::kNumSuits).values[0]);
  game.num_ranks = static_cast<int>(field(Field::kNumRanks).values[0]);
  game.num_hole_cards = static_cast<int>(field(Field::kNumHoleCards).values[0]);
  const int n = game.num_players;
  const int rounds = game.num_rounds;

  // Stacks: the server's default (no limit on chips) when absent.
  if (given(Field::kStack)) {
    if (absl::Status s = CheckValues(Field::kStack, n, 1, kMaxValue); !s.ok()) return s;
    for (int p = 0; p < n; ++p)
      game.stack[p] = static_cast<int32_t>(field(Field::kStack).values[p]);
  } else {
    for (int p = 0; p < n; ++p) game.stack[p] = kUnlimitedStack;
  }

  if (!given(Field::kBlind)) return missing(Field::kBlind);
  if (absl::Status s = CheckValues(Field::kBlind, n, 0, kMaxValue); !s.ok()) return s;
  for (int p = 0; p < n; ++p) {
    game.blind[p] = static_cast<int32_t>(field(Field::kBlind).values[p]);
    if (game.blind[p] > game.stack[p]) {
      return FieldError(Field::kBlind, absl::StrCat("position ", p + 1, "'s blind ", game.blind[p],
                                                    " is larger than its stack ", game.stack[p]));
    }
  }

  if (given(Field::kRaiseSize)) {
    if (absl::Status s = CheckValues(Field::kRaiseSize, rounds, 1, kMaxValue); !s.ok()) return s;
    for (int r = 0; r < rounds; ++r) {
      game.raise_size[r] = static_cast<int32_t>(field(Field::kRaiseSize).values[r]);
    }
  } else if (!game.is_no_limit()) {
    return Error(end_line, "raiseSize: missing (a limit game needs one per round)");
  }

  if (given(Field::kFirstPlayer)) {
    if (absl::Status s = CheckValues(Field::kFirstPlayer, rounds, 1, n); !s.ok()) return s;
    for (int r = 0; r < rounds; ++r) {
      game.first_player[r] = static_cast<uint8_t>(field(Field::kFirstPlayer).values[r] - 1);
    }
  }  // else position 0 (firstPlayer 1) everywhere, as the server does.

  if (given(Field::kMaxRaises)) {
    if (absl::Status s = CheckValues(Field::kMaxRaises, rounds, 0, kUnlimitedRaises); !s.ok()) {
      return s;
    }
    for (int r = 0; r < rounds; ++r) {
      game.max_raises[r] = static_cast<uint8_t>(field(Field::kMaxRaises).values[r]);
    }
  } else {
    for (int r = 0; r < rounds; ++r) game.max_raises[r] = kUnlimitedRaises;
  }

  if (!given(Field::kNumBoardCards)) return missing(Field::kNumBoardCards);
  if (absl::Status s = CheckValues(Field::kNumBoardCards, rounds, 0, kMaxBoardCards); !s.ok()) {
    return s;
  }
  int board = 0;
  for (int r = 0; r < rounds; ++r) {
    game.num_board_cards[r] = static_cast<uint8_t>(field(Field::kNumBoardCards).values[r]);
    board += game.num_board_cards[r];
  }
  if (board > kMaxBoardCards) {
    return FieldError(Field::kNumBoardCards,
                      absl::StrCat(board, " board cards in all, at most ", kMaxBoardCards));
  }
  const int needed = n * game.num_hole_cards + board;
  if (needed > game.DeckSize()) {
    return FieldError(Field::kNumBoardCards,
                      absl::StrCat(needed, " hole and board cards do not fit in a deck of ",
                                   game.DeckSize(), " (numSuits x numRanks)"));
  }
  return game;
}

absl::StatusOr<GameDef> Parser::Parse(absl::string_view text) {
  bool started = false;
  int line_number = 0;
  // A final newline ends the last line; it does not start another one.
  if (absl::EndsWith(text, "\n")) text.remove_suffix(1);
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++line_number;
    // `#` starts a comment, on a line of its own or after the values.
    absl::string_view line = raw.substr(0, raw.find('#'));
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    if (!started) {
      if (!absl::EqualsIgnoreCase(line, "gamedef")) {
        return Error(line_number, absl::StrCat("expected GAMEDEF, found '", line, "'"));
      }
      started = true;
      continue;
    }
    if (absl::StartsWithIgnoreCase(line, "end")) {
      absl::string_view rest = absl::StripLeadingAsciiWhitespace(line.substr(3));
      if (absl::EqualsIgnoreCase(rest, "gamedef")) return Check(line_number);
    }
    if (absl::Status s = ReadFieldLine(line_number, line); !s.ok()) return s;
  }
  if (!started) return Error(line_number, "no GAMEDEF line");
  return Error(line_number, "missing END GAMEDEF");
}

}  // namespace

absl::StatusOr<GameDef> ParseGameDef(absl::string_view text, absl::string_view source) {
  return Parser(source).Parse(text);
}

absl::StatusOr<GameDef> LoadGameDef(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFileToString(path);
  if (!text.ok()) {
    return absl::Status(text.status().code(), absl::StrCat("game file ", text.status().message()));
  }
  return ParseGameDef(*text, path);
}

std::string FormatGameDef(const GameDef& game) {
  const int n = game.num_players;
  const int rounds = game.num_rounds;
  auto per_position = [&](const auto& values) {
    return absl::StrJoin(values.begin(), values.begin() + n, " ",
                         [](std::string* out, auto v) { absl::StrAppend(out, int64_t{v}); });
  };
  auto per_round = [&](const auto& values, int offset) {
    return absl::StrJoin(
        values.begin(), values.begin() + rounds, " ",
        [offset](std::string* out, auto v) { absl::StrAppend(out, int64_t{v} + offset); });
  };
  std::string out = "GAMEDEF\n";
  absl::StrAppend(&out, game.is_no_limit() ? "nolimit\n" : "limit\n");
  absl::StrAppend(&out, "numPlayers = ", n, "\n");
  absl::StrAppend(&out, "numRounds = ", rounds, "\n");
  if (std::any_of(game.stack.begin(), game.stack.begin() + n,
                  [](int32_t s) { return s != kUnlimitedStack; })) {
    absl::StrAppend(&out, "stack = ", per_position(game.stack), "\n");
  }
  absl::StrAppend(&out, "blind = ", per_position(game.blind), "\n");
  if (!game.is_no_limit() || std::any_of(game.raise_size.begin(), game.raise_size.begin() + rounds,
                                         [](int32_t s) { return s != 0; })) {
    absl::StrAppend(&out, "raiseSize = ", per_round(game.raise_size, 0), "\n");
  }
  absl::StrAppend(&out, "firstPlayer = ", per_round(game.first_player, 1), "\n");
  if (std::any_of(game.max_raises.begin(), game.max_raises.begin() + rounds,
                  [](uint8_t m) { return m != kUnlimitedRaises; })) {
    absl::StrAppend(&out, "maxRaises = ", per_round(game.max_raises, 0), "\n");
  }
  absl::StrAppend(&out, "numSuits = ", game.num_suits, "\n");
  absl::StrAppend(&out, "numRanks = ", game.num_ranks, "\n");
  absl::StrAppend(&out, "numHoleCards = ", game.num_hole_cards, "\n");
  absl::StrAppend(&out, "numBoardCards = ", per_round(game.num_board_cards, 0), "\n");
  absl::StrAppend(&out, "END GAMEDEF\n");
  return out;
}

}  // namespace poker
