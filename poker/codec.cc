// Text codecs of the ACPC protocol. Parsing is a single pass over string_views with table-driven
// card reading and hand-written number reading: no regex, no streams, and no allocation on the
// success path except for the strings a caller asks for. Garbage of any kind is an error status,
// never a crash.
#include "poker/codec.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace poker {
namespace {

// Card text lookup: rank and suit indices by character, -1 for anything else.
struct CardTables {
  std::array<int8_t, 256> rank;
  std::array<int8_t, 256> suit;
  constexpr CardTables() : rank(), suit() {
    for (auto& r : rank) r = -1;
    for (auto& s : suit) s = -1;
    for (int r = 0; r < kNumRanks; ++r) {
      const char c = kRankChars[r];
      rank[static_cast<unsigned char>(c)] = static_cast<int8_t>(r);
      if (c >= 'A' && c <= 'Z') rank[static_cast<unsigned char>(c - 'A' + 'a')] = int8_t(r);
    }
    for (int s = 0; s < kNumSuits; ++s) {
      const char c = kSuitChars[s];
      suit[static_cast<unsigned char>(c)] = static_cast<int8_t>(s);
      suit[static_cast<unsigned char>(c - 'a' + 'A')] = static_cast<int8_t>(s);
    }
  }
};
constexpr CardTables kCardTables;

// The text for an error message: at most 40 bytes, unprintable bytes as \xNN.
std::string Quote(absl::string_view text) {
  std::string out = "'";
  const size_t n = std::min<size_t>(text.size(), 40);
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else {
      absl::StrAppend(&out, "\\x", absl::Hex(c, absl::kZeroPad2));
    }
  }
  if (text.size() > n) out += "...";
  out += "'";
  return out;
}

// A whole-field unsigned decimal number without sign, spaces or overflow.
bool ParseUint32(absl::string_view text, uint32_t* out) {
  if (text.empty() || text.size() > 10) return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v > std::numeric_limits<uint32_t>::max()) return false;
  *out = static_cast<uint32_t>(v);
  return true;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Strips the line ending (`\n`, `\r\n`, or stray `\r`s) from the end of a line.
absl::string_view StripLineEnd(absl::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  return line;
}

// Splits `text` at the next `sep`: returns the part before it and leaves the rest (after the
// separator) in `text`; false if there is no separator.
bool SplitNext(absl::string_view* text, char sep, absl::string_view* head) {
  const size_t at = text->find(sep);
  if (at == absl::string_view::npos) return false;
  *head = text->substr(0, at);
  text->remove_prefix(at + 1);
  return true;
}

// Reads the digits of a no-limit raise size at text[*pos...]. Returns false with `why` set when
// there are none or the number does not fit a chip count.
bool ReadRaiseSize(absl::string_view text, size_t* pos, int32_t* size, const char** why) {
  const size_t start = *pos;
  int64_t v = 0;
  bool overflow = false;
  while (*pos < text.size() && IsDigit(text[*pos])) {
    if (!overflow) {
      v = v * 10 + (text[*pos] - '0');
      overflow = v > std::numeric_limits<int32_t>::max();
    }
    ++*pos;
  }
  if (*pos == start) {
    *why = "a no-limit raise needs a raise-to size";
    return false;
  }
  if (overflow) {
    *why = "the raise size does not fit in 32 bits";
    return false;
  }
  *size = static_cast<int32_t>(v);
  return true;
}

void AppendInt(int64_t v, std::string* out) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v);
  out->append(buf, end);
}

void AppendCard(Card card, std::string* out) {
  out->push_back(kRankChars[RankOf(card)]);
  out->push_back(kSuitChars[SuitOf(card)]);
}

// Card section reading: every card read is checked against the game's deck and earlier cards.
class CardReader {
 public:
  explicit CardReader(const GameDef& game) : game_(game) {}

  // Reads exactly `count` cards that make up all of `text` into `out`.
  absl::Status Read(absl::string_view text, int count, absl::string_view what, Card* out) {
    if (text.size() != static_cast<size_t>(2 * count)) {
      return absl::InvalidArgumentError(
          absl::StrCat("cards: ", what, " ", Quote(text), " should be ", count, " card(s)"));
    }
    for (int i = 0; i < count; ++i) {
      const int8_t rank = kCardTables.rank[static_cast<unsigned char>(text[2 * i])];
      const int8_t suit = kCardTables.suit[static_cast<unsigned char>(text[2 * i + 1])];
      if (rank < 0 || suit < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("cards: ", what, ": ", Quote(text.substr(2 * i, 2)), " is not a card"));
      }
      const Card card = MakeCard(rank, suit);
      if (rank < kNumRanks - game_.num_ranks || suit < kNumSuits - game_.num_suits) {
        return absl::InvalidArgumentError(
            absl::StrCat("cards: ", what, ": ", CardToString(card), " is not in this game's deck"));
      }
      if (seen_.Contains(card)) {
        return absl::InvalidArgumentError(
            absl::StrCat("cards: ", what, ": ", CardToString(card), " appears twice"));
      }
      seen_.Add(card);
      out[i] = card;
    }
    return absl::OkStatus();
  }

 private:
  const GameDef& game_;
  CardSet seen_;
};

absl::Status FieldError(absl::string_view kind, absl::string_view field,
                        absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat(kind, " ", field, ": ", message));
}

absl::Status BettingError(absl::string_view kind, absl::string_view betting,
                          absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat(kind, " betting ", Quote(betting), ": ", message));
}

// `message` already names its field (ApplyCards errors start with "cards").
absl::Status PrefixError(absl::string_view kind, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat(kind, " ", message));
}

}  // namespace

bool ActionOfLetter(char c, ActionType* type) {
  switch (c) {
    case 'f':
    case 'F':
      *type = ActionType::kFold;
      return true;
    case 'c':
    case 'C':
    case 'k':
    case 'K':
      *type = ActionType::kCall;
      return true;
    case 'r':
    case 'R':
    case 'b':
    case 'B':
      *type = ActionType::kRaise;
      return true;
    default:
      return false;
  }
}

absl::Status ApplyBetting(absl::string_view betting, State* state) {
  const bool no_limit = state->game().is_no_limit();
  int section = state->round();  // round of the section being read
  int index = 0;                 // 1-based index of the action being read
  size_t pos = 0;
  while (pos < betting.size()) {
    const char c = betting[pos];
    if (c == '/') {
      if (section >= state->round()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "'/' at character ", pos + 1, ": ",
            state->finished() ? "the hand is over"
                              : absl::StrCat("round ", state->round() + 1, " has not ended")));
      }
      ++section;
      ++pos;
      continue;
    }
    ++index;
    const size_t start = pos;
    Action action;
    if (!ActionOfLetter(c, &action.type)) {
      return absl::InvalidArgumentError(absl::StrCat("action ", index, ": unknown action letter ",
                                                     Quote(betting.substr(pos, 1))));
    }
    ++pos;
    if (action.type == ActionType::kRaise) {
      if (no_limit) {
        const char* why = nullptr;
        if (!ReadRaiseSize(betting, &pos, &action.raise_to, &why)) {
          return absl::InvalidArgumentError(absl::StrCat(
              "action ", index, " ", Quote(betting.substr(start, pos - start)), ": ", why));
        }
      } else if (pos < betting.size() && IsDigit(betting[pos])) {
        while (pos < betting.size() && IsDigit(betting[pos])) ++pos;
        return absl::InvalidArgumentError(absl::StrCat("action ", index, " ",
                                                       Quote(betting.substr(start, pos - start)),
                                                       ": a limit raise has no size"));
      }
    }
    const absl::string_view token = betting.substr(start, pos - start);
    if (state->finished()) {
      return absl::InvalidArgumentError(
          absl::StrCat("action ", index, " ", Quote(token), ": the hand is already over"));
    }
    if (section < state->round()) {
      return absl::InvalidArgumentError(
          absl::StrCat("action ", index, " ", Quote(token), ": round ", section + 1,
                       " has ended, a '/' is missing before this action"));
    }
    if (absl::Status s = state->Apply(action); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "action ", index, " ", Quote(token), " (round ", state->round() + 1, "): ", s.message()));
    }
  }
  if (section != state->round()) {
    return absl::InvalidArgumentError(absl::StrCat("ends in round ", section + 1,
                                                   " but the hand has reached round ",
                                                   state->round() + 1, " (a '/' is missing)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<Action> ParseAction(const State& state, absl::string_view text) {
  if (text.empty()) return absl::InvalidArgumentError("empty action");
  Action action;
  if (!ActionOfLetter(text[0], &action.type)) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown action letter ", Quote(text.substr(0, 1))));
  }
  size_t pos = 1;
  if (action.type == ActionType::kRaise) {
    if (state.game().is_no_limit()) {
      const char* why = nullptr;
      if (!ReadRaiseSize(text, &pos, &action.raise_to, &why)) {
        return absl::InvalidArgumentError(absl::StrCat("action ", Quote(text), ": ", why));
      }
    } else {
      int32_t min_to = 0, max_to = 0;
      action.raise_to =
          state.RaiseRange(&min_to, &max_to)
              ? min_to
              : static_cast<int32_t>(std::min<int64_t>(
                    int64_t{state.max_spent()} + state.game().raise_size[state.round()],
                    std::numeric_limits<int32_t>::max()));
    }
  }
  if (pos != text.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("action ", Quote(text), ": unexpected text after the action"));
  }
  return action;
}

std::string FormatBetting(const State& state) {
  std::string out;
  out.reserve(32);
  const bool no_limit = state.game().is_no_limit();
  for (int r = 0; r <= state.round(); ++r) {
    if (r > 0) out.push_back('/');
    for (int i = 0; i < state.num_actions(r); ++i) {
      const Action& a = state.action(r, i);
      switch (a.type) {
        case ActionType::kFold:
          out.push_back('f');
          break;
        case ActionType::kCall:
          out.push_back('c');
          break;
        case ActionType::kRaise:
          out.push_back('r');
          if (no_limit) AppendInt(a.raise_to, &out);
          break;
      }
    }
  }
  return out;
}

absl::Status ApplyCards(absl::string_view cards, bool require_all_hole, State* state) {
  const GameDef& game = state->game();
  const int n = game.num_players;
  const int hole = game.num_hole_cards;
  CardReader reader(game);
  std::array<Card, kMaxHoleCards + kMaxBoardCards> buf;

  // Hole sections, `|`-separated; the last one runs into the first round's board (usually none).
  absl::string_view rest = cards;
  std::array<bool, kMaxPlayers> known{};
  std::array<std::array<Card, kMaxHoleCards>, kMaxPlayers> holes;
  for (int p = 0; p < n; ++p) {
    absl::string_view section;
    if (p + 1 < n) {
      if (!SplitNext(&rest, '|', &section)) {
        return absl::InvalidArgumentError(absl::StrCat("cards ", Quote(cards), ": ", p + 1,
                                                       " hole section(s), the game has ", n));
      }
    } else {
      const size_t slash = rest.find('/');
      section = rest.substr(0, slash);
      rest = slash == absl::string_view::npos ? absl::string_view() : rest.substr(slash);
      if (section.find('|') != absl::string_view::npos) {
        return absl::InvalidArgumentError(
            absl::StrCat("cards ", Quote(cards), ": more than ", n, " hole sections"));
      }
      // The first round's board cards (none in hold'em) follow the last player's hole cards.
      const int board0 = game.num_board_cards[0];
      const size_t with_hole = static_cast<size_t>(2 * (hole + board0));
      const size_t board_only = static_cast<size_t>(2 * board0);
      absl::string_view board_text = section;
      if (section.size() == with_hole) {
        board_text = section.substr(2 * hole);
        section = section.substr(0, 2 * hole);
      } else if (section.size() == board_only) {
        section = absl::string_view();
      } else {
        return absl::InvalidArgumentError(absl::StrCat(
            "cards: position ", p, " and first-round board ", Quote(section), " should be ",
            hole + board0, " card(s)", board0 > 0 ? absl::StrCat(" or ", board0) : ""));
      }
      if (board0 > 0) {
        if (absl::Status s = reader.Read(board_text, board0, "board of round 1", buf.data());
            !s.ok()) {
          return s;
        }
        for (int i = 0; i < board0; ++i) state->set_board_card(i, buf[i]);
      }
    }
    if (section.empty()) {
      if (require_all_hole) {
        return absl::InvalidArgumentError(
            absl::StrCat("cards: the hole cards of position ", p, " are missing"));
      }
      continue;
    }
    if (absl::Status s = reader.Read(section, hole, absl::StrCat("position ", p), holes[p].data());
        !s.ok()) {
      return s;
    }
    known[p] = true;
  }

  // Then `/` and the board of each later round reached.
  int board_index = game.num_board_cards[0];
  for (int r = 1; r <= state->round(); ++r) {
    if (rest.empty() || rest[0] != '/') {
      return absl::InvalidArgumentError(
          absl::StrCat("cards ", Quote(cards), ": the board of round ", r + 1, " is missing"));
    }
    rest.remove_prefix(1);
    const size_t slash = rest.find('/');
    const absl::string_view section = rest.substr(0, slash);
    rest = slash == absl::string_view::npos ? absl::string_view() : rest.substr(slash);
    const int count = game.num_board_cards[r];
    if (absl::Status s =
            reader.Read(section, count, absl::StrCat("board of round ", r + 1), buf.data());
        !s.ok()) {
      return s;
    }
    for (int i = 0; i < count; ++i) state->set_board_card(board_index++, buf[i]);
  }
  if (!rest.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("cards ", Quote(cards),
                                                   ": board cards beyond round ",
                                                   state->round() + 1, ", the last one reached"));
  }
  for (int p = 0; p < n; ++p) {
    if (!known[p]) continue;
    for (int i = 0; i < hole; ++i) state->set_hole_card(p, i, holes[p][i]);
  }
  return absl::OkStatus();
}

std::string FormatCards(const State& state, int viewer) {
  const GameDef& game = state.game();
  const int n = game.num_players;
  // Others' cards are shown to a viewer only after a showdown, and never a folded player's.
  const bool showdown = state.IsShowdown();
  std::string out;
  out.reserve(static_cast<size_t>(n * (2 * game.num_hole_cards + 1) + 16));
  for (int p = 0; p < n; ++p) {
    if (p > 0) out.push_back('|');
    const bool visible = viewer < 0 || p == viewer || (showdown && !state.folded(p));
    if (!visible || !state.HoleCardsKnown(p)) continue;
    for (int i = 0; i < game.num_hole_cards; ++i) AppendCard(state.hole_card(p, i), &out);
  }
  int board_index = 0;
  for (int r = 0; r <= state.round(); ++r) {
    if (r > 0) out.push_back('/');
    for (int i = 0; i < game.num_board_cards[r]; ++i, ++board_index) {
      const Card c = state.board_card(board_index);
      if (c != kNoCard) AppendCard(c, &out);
    }
  }
  return out;
}

absl::StatusOr<MatchState> ParseMatchState(const GameDef& game, absl::string_view line) {
  constexpr absl::string_view kKind = "MATCHSTATE";
  line = StripLineEnd(line);
  if (!absl::StartsWith(line, "MATCHSTATE:")) {
    return absl::InvalidArgumentError(
        absl::StrCat("MATCHSTATE line does not start with 'MATCHSTATE:': ", Quote(line)));
  }
  absl::string_view rest = line.substr(kKind.size() + 1);
  absl::string_view position_text, hand_text, betting;
  if (!SplitNext(&rest, ':', &position_text) || !SplitNext(&rest, ':', &hand_text) ||
      !SplitNext(&rest, ':', &betting)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "MATCHSTATE line is truncated (needs position:hand:betting:cards): ", Quote(line)));
  }
  const absl::string_view cards = rest;
  if (cards.find(':') != absl::string_view::npos) {
    return FieldError(kKind, "cards", absl::StrCat("extra field after the cards ", Quote(cards)));
  }
  uint32_t position = 0;
  if (!ParseUint32(position_text, &position) ||
      position >= static_cast<uint32_t>(game.num_players)) {
    return FieldError(
        kKind, "position",
        absl::StrCat(Quote(position_text), " is not a position 0..", game.num_players - 1));
  }
  uint32_t hand = 0;
  if (!ParseUint32(hand_text, &hand)) {
    return FieldError(kKind, "hand", absl::StrCat(Quote(hand_text), " is not a hand number"));
  }
  MatchState out{static_cast<int>(position), State(game, hand)};
  if (absl::Status s = ApplyBetting(betting, &out.state); !s.ok()) {
    return BettingError(kKind, betting, s.message());
  }
  if (absl::Status s = ApplyCards(cards, /*require_all_hole=*/false, &out.state); !s.ok()) {
    return PrefixError(kKind, s.message());
  }
  return out;
}

std::string FormatMatchState(const MatchState& match_state) {
  std::string out = "MATCHSTATE:";
  AppendInt(match_state.viewer, &out);
  out.push_back(':');
  AppendInt(match_state.state.hand_number(), &out);
  out.push_back(':');
  out += FormatBetting(match_state.state);
  out.push_back(':');
  out += FormatCards(match_state.state, match_state.viewer);
  return out;
}

std::string FormatValue(double value) {
  char buf[400];  // %.6f of the largest double is 316 characters
  int len = std::snprintf(buf, sizeof(buf), "%.6f", value);
  if (len < 0) return "nan";
  len = std::min<int>(len, sizeof(buf) - 1);
  if (std::memchr(buf, '.', static_cast<size_t>(len)) != nullptr) {
    while (len > 0 && buf[len - 1] == '0') --len;
    if (len > 0 && buf[len - 1] == '.') --len;
  }
  return std::string(buf, static_cast<size_t>(len));
}

absl::Status ParseLogLineInto(const GameDef& game, absl::string_view line, LogLine* out) {
  constexpr absl::string_view kKind = "STATE";
  line = StripLineEnd(line);
  if (!absl::StartsWith(line, "STATE:")) {
    return absl::InvalidArgumentError(
        absl::StrCat("STATE line does not start with 'STATE:': ", Quote(line)));
  }
  absl::string_view rest = line.substr(kKind.size() + 1);
  absl::string_view hand_text, betting, cards, values_text;
  if (!SplitNext(&rest, ':', &hand_text) || !SplitNext(&rest, ':', &betting) ||
      !SplitNext(&rest, ':', &cards) || !SplitNext(&rest, ':', &values_text)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "STATE line is truncated (needs hand:betting:cards:values:names): ", Quote(line)));
  }
  // The names end at an optional ` # comment` (real logs append a timestamp).
  absl::string_view names_text = rest;
  absl::string_view comment;
  if (const size_t hash = names_text.find(" #"); hash != absl::string_view::npos) {
    comment = names_text.substr(hash + 2);
    if (!comment.empty() && comment[0] == ' ') comment.remove_prefix(1);
    names_text = names_text.substr(0, hash);
  }
  if (names_text.find(':') != absl::string_view::npos) {
    return FieldError(kKind, "names", absl::StrCat("extra field in ", Quote(names_text)));
  }

  uint32_t hand = 0;
  if (!ParseUint32(hand_text, &hand)) {
    return FieldError(kKind, "hand", absl::StrCat(Quote(hand_text), " is not a hand number"));
  }
  out->state = State(game, hand);
  State& state = out->state;
  if (absl::Status s = ApplyBetting(betting, &state); !s.ok()) {
    return BettingError(kKind, betting, s.message());
  }
  if (!state.finished()) {
    return absl::InvalidArgumentError(
        absl::StrCat(kKind, " betting ", Quote(betting), " does not finish the hand"));
  }
  if (absl::Status s = ApplyCards(cards, /*require_all_hole=*/true, &state); !s.ok()) {
    return PrefixError(kKind, s.message());
  }

  const int n = game.num_players;
  std::array<double, kMaxPlayers> computed;
  if (absl::Status s = state.Values(absl::MakeSpan(computed.data(), n)); !s.ok()) {
    return PrefixError(kKind, absl::StrCat("values: ", s.message()));
  }
  out->values.resize(n);
  absl::string_view values_rest = values_text;
  for (int p = 0; p < n; ++p) {
    absl::string_view token;
    if (p + 1 < n) {
      if (!SplitNext(&values_rest, '|', &token)) {
        return FieldError(kKind, "values",
                          absl::StrCat(Quote(values_text), " has ", p + 1,
                                       " value(s), the game has ", n, " players"));
      }
    } else {
      token = values_rest;
      if (token.find('|') != absl::string_view::npos) {
        return FieldError(kKind, "values",
                          absl::StrCat(Quote(values_text), " has more than ", n, " values"));
      }
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (token.empty() || ec != std::errc() || end != token.data() + token.size() ||
        !std::isfinite(v)) {
      return FieldError(kKind, "values",
                        absl::StrCat("value ", p + 1, " ", Quote(token), " is not a number"));
    }
    // The dealer prints %.6f, so a logged value is within 5e-7 of the exact one.
    if (std::fabs(v - computed[p]) > 1e-6) {
      return FieldError(kKind, "values",
                        absl::StrCat("position ", p, " is logged as ", token,
                                     " but the rules give ", FormatValue(computed[p])));
    }
    out->values[p] = v;
  }

  out->names.resize(n);
  absl::string_view names_rest = names_text;
  for (int p = 0; p < n; ++p) {
    absl::string_view name;
    if (p + 1 < n) {
      if (!SplitNext(&names_rest, '|', &name)) {
        return FieldError(kKind, "names",
                          absl::StrCat(Quote(names_text), " has ", p + 1, " name(s), the game has ",
                                       n, " players"));
      }
    } else {
      name = names_rest;
      if (name.find('|') != absl::string_view::npos) {
        return FieldError(kKind, "names",
                          absl::StrCat(Quote(names_text), " has more than ", n, " names"));
      }
    }
    if (name.empty()) {
      return FieldError(kKind, "names", absl::StrCat("the name of position ", p, " is empty"));
    }
    // A control byte (NUL, a line break, ...) would not survive a write and re-read of the line
    // (found by the fuzzer: `...:\0|\n #`). UTF-8 and other bytes >= 0x20 are kept as they are.
    if (const auto bad = std::find_if(name.begin(), name.end(),
                                      [](char c) {
                                        const auto u = static_cast<unsigned char>(c);
                                        return u < 0x20 || u == 0x7f;
                                      });
        bad != name.end()) {
      return FieldError(
          kKind, "names",
          absl::StrCat("the name of position ", p, " has a control byte (", Quote(name), ")"));
    }
    out->names[p].assign(name.data(), name.size());
  }
  out->comment.assign(comment.data(), comment.size());
  return absl::OkStatus();
}

absl::StatusOr<LogLine> ParseLogLine(const GameDef& game, absl::string_view line) {
  LogLine out{State(game, 0), {}, {}, {}};
  if (absl::Status s = ParseLogLineInto(game, line, &out); !s.ok()) return s;
  return out;
}

std::string FormatLogLine(const LogLine& log_line) {
  std::string out = "STATE:";
  out.reserve(128);
  AppendInt(log_line.state.hand_number(), &out);
  out.push_back(':');
  out += FormatBetting(log_line.state);
  out.push_back(':');
  out += FormatCards(log_line.state);
  out.push_back(':');
  for (size_t p = 0; p < log_line.values.size(); ++p) {
    if (p > 0) out.push_back('|');
    out += FormatValue(log_line.values[p]);
  }
  out.push_back(':');
  for (size_t p = 0; p < log_line.names.size(); ++p) {
    if (p > 0) out.push_back('|');
    out += log_line.names[p];
  }
  return out;
}

}  // namespace poker
