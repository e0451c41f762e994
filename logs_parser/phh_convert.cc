#include "logs_parser/phh_convert.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "logs_parser/line_reader.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/phh_file.h"
#include "logs_parser/phh_hand.h"
#include "logs_parser/phh_record.h"
#include "logs_parser/phh_replay.h"
#include "logs_parser/state_line.h"
#include "logs_parser/toml_subset.h"
#include "poker/file_io.h"
#include "poker/state.h"

namespace logs_parser {
namespace {

constexpr size_t kProblemsKept = 10;
constexpr int64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
                              1000000000};

absl::string_view BaseName(absl::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

bool IsValidUtf8(absl::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    size_t length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (length == 0 || i + length > text.size() || (length == 2 && c < 0xC2)) return false;
    for (size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += length;
  }
  return true;
}

absl::StatusOr<std::string> ReadAll(const std::string& path) {
  absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource(path);
  if (!source.ok()) return source.status();
  std::string bytes;
  std::string chunk(1 << 18, '\0');
  while (true) {
    absl::StatusOr<size_t> got = (*source)->Read(chunk.data(), chunk.size());
    if (!got.ok()) return got.status();
    if (*got == 0) break;
    bytes.append(chunk.data(), *got);
  }
  return bytes;
}

// PHH's own rules give this game's order of play and limits: written as NT or FT.
bool IsPhhHoldem(const poker::GameDef& game) {
  if (!game.IsHoldemCards() || game.num_players < 2 || game.num_players > poker::kMaxPlayers) {
    return false;
  }
  int best = 0;
  for (int p = 1; p < game.num_players; ++p) {
    if (game.blind[p] >= game.blind[best]) best = p;
  }
  if (game.first_player[0] != (best + 1) % game.num_players) return false;
  for (int r = 1; r < 4; ++r) {
    if (game.first_player[r] != 0) return false;
  }
  if (game.is_no_limit()) {
    for (int r = 0; r < 4; ++r) {
      if (game.max_raises[r] != poker::kUnlimitedRaises) return false;
    }
    return true;
  }
  for (int r = 0; r < 4; ++r) {
    if (game.max_raises[r] > 4) return false;
  }
  return game.raise_size[0] == game.raise_size[1] && game.raise_size[2] == game.raise_size[3];
}

std::string Amount(double value) { return poker::FormatValue(value); }

std::string Stack(int32_t stack) {
  return stack == poker::kUnlimitedStack ? std::string("inf") : absl::StrCat(stack);
}

void AppendStringArray(absl::string_view key, const std::vector<std::string>& items,
                       std::string* out) {
  absl::StrAppend(out, key, " = [");
  for (size_t i = 0; i < items.size(); ++i) {
    absl::StrAppend(out, i == 0 ? "" : ", ", TomlQuote(items[i]));
  }
  absl::StrAppend(out, "]\n");
}

// Lines of a file with their endings: content without `\n` (and `\r` before it), the ending.
struct RawLine {
  absl::string_view content;
  absl::string_view ending;
};

std::vector<RawLine> SplitRawLines(absl::string_view bytes) {
  std::vector<RawLine> lines;
  size_t pos = 0;
  while (pos < bytes.size()) {
    size_t newline = bytes.find('\n', pos);
    if (newline == absl::string_view::npos) {
      lines.push_back({bytes.substr(pos), absl::string_view()});
      break;
    }
    size_t end = newline;
    if (end > pos && bytes[end - 1] == '\r') --end;
    lines.push_back({bytes.substr(pos, end - pos), bytes.substr(end, newline + 1 - end)});
    pos = newline + 1;
  }
  return lines;
}

// Games looked up by name once.
class GameCache {
 public:
  explicit GameCache(std::string games_dir) : games_dir_(std::move(games_dir)) {}
  absl::StatusOr<const NamedGame*> Get(absl::string_view name) {
    const std::string key(BaseName(name));
    auto it = games_.find(key);
    if (it == games_.end()) {
      absl::StatusOr<NamedGame> game = LoadGameArgument(key, games_dir_);
      if (!game.ok()) return game.status();
      it = games_.emplace(key, std::make_unique<NamedGame>(*std::move(game))).first;
    }
    return it->second.get();
  }

 private:
  std::string games_dir_;
  std::map<std::string, std::unique_ptr<NamedGame>> games_;
};

void Refuse(ConvertCounts* counts, const std::string& path, int64_t line, const char* reason,
            absl::string_view detail) {
  ++counts->refused;
  ++counts->refused_by_reason[reason];
  if (counts->problems.size() < kProblemsKept) {
    counts->problems.push_back(absl::StrCat(path, ":", line, ": ", reason, ": ", detail));
  }
}

// Replays `hand` on `game` exactly when its forced bets, stacks and players are the game's (in
// the file's unit). nullopt when they are not; an error when the actions break the game's rules.
absl::StatusOr<std::optional<poker::LogLine>> ReplayExactly(const PhhHand& hand,
                                                            const poker::GameDef& game) {
  const int n = hand.num_players;
  if (n != game.num_players) return std::nullopt;
  const bool reversed = n == 2 && hand.variant != PhhVariant::kAcpcGame;
  const int64_t unit = kPow10[hand.decimals];
  for (int p = 0; p < n; ++p) {
    const int from = reversed ? 1 - p : p;
    if (hand.antes[p] != 0 || hand.blinds_or_straddles[from] != game.blind[p] * unit) {
      return std::nullopt;
    }
    const bool unlimited = game.stack[p] == poker::kUnlimitedStack;
    if (unlimited ? hand.starting_stacks[p] < kInfiniteStack
                  : hand.starting_stacks[p] != game.stack[p] * unit) {
      return std::nullopt;
    }
  }
  if (hand.variant != PhhVariant::kAcpcGame &&
      (game.is_no_limit() != (hand.variant == PhhVariant::kNoLimitHoldem))) {
    return std::nullopt;
  }
  uint32_t number = 0;
  if (hand.hand_is_integer && hand.hand_number >= 0 && hand.hand_number <= UINT32_MAX) {
    number = static_cast<uint32_t>(hand.hand_number);
  }
  poker::LogLine out{poker::State(game, number), {}, {}, {}};
  poker::State& state = out.state;
  std::array<int, poker::kMaxPlayers> dealt{};
  int board = 0;
  int round = 0;
  std::array<int32_t, poker::kMaxPlayers> street_start{};  // preflop, the forced bets count
  for (const PhhAction& action : hand.action_list()) {
    auto fail = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", action.line, ": actions[", action.index, "]: ", why));
    };
    const int p = action.player;
    switch (action.kind) {
      case PhhActionKind::kNoOp:
        break;
      case PhhActionKind::kDealHole:
        for (int i = 0; i < action.num_cards; ++i) {
          if (dealt[p] >= game.num_hole_cards) return fail("too many hole cards for the game");
          state.set_hole_card(p, dealt[p]++, action.cards[i]);
        }
        break;
      case PhhActionKind::kDealBoard:
        for (int i = 0; i < action.num_cards; ++i) {
          if (board >= game.TotalBoardCards()) return fail("too many board cards for the game");
          state.set_board_card(board++, action.cards[i]);
        }
        break;
      case PhhActionKind::kShowMuck:
        for (int i = 0; i < action.num_cards && i < game.num_hole_cards; ++i) {
          if (state.hole_card(p, i) == poker::kNoCard) state.set_hole_card(p, i, action.cards[i]);
        }
        break;
      case PhhActionKind::kFold:
      case PhhActionKind::kCheckCall:
      case PhhActionKind::kBetRaise: {
        if (state.finished()) return fail("an action after the hand ended");
        if (state.round() != round) {
          round = state.round();
          for (int q = 0; q < n; ++q) street_start[q] = state.spent(q);
        }
        if (state.CurrentPlayer() != p) {
          return fail(absl::StrCat("p", p + 1, " acts but the game has p",
                                   state.CurrentPlayer() + 1, " to act"));
        }
        poker::Action move = action.kind == PhhActionKind::kFold ? poker::Action::Fold()
                                                                 : poker::Action::Call();
        if (action.kind == PhhActionKind::kBetRaise) {
          if (action.amount % unit != 0) return fail("an amount finer than the game's chips");
          const int64_t to = street_start[p] + action.amount / unit;
          if (to > INT32_MAX) return fail("an amount beyond 32-bit chips");
          move = poker::Action::Raise(static_cast<int32_t>(to));
        }
        if (absl::Status status = state.Apply(move); !status.ok()) return fail(status.message());
        break;
      }
    }
  }
  if (!state.finished()) return absl::InvalidArgumentError("the hand is not finished");
  return out;
}

}  // namespace

std::string AcpcHandToPhh(const poker::LogLine& log_line, const std::string& game_name) {
  const poker::State& state = log_line.state;
  const poker::GameDef& game = state.game();
  const int n = game.num_players;
  const bool holdem = IsPhhHoldem(game);
  const bool reversed = holdem && n == 2;
  std::string out;
  absl::StrAppend(&out, "variant = \"",
                  !holdem ? "_ACPC" : game.is_no_limit() ? "NT" : "FT", "\"\n");
  std::vector<std::string> zeros(n, "0"), blinds, stacks;
  for (int p = 0; p < n; ++p) {
    blinds.push_back(absl::StrCat(game.blind[reversed ? 1 - p : p]));
    stacks.push_back(Stack(game.stack[p]));
  }
  absl::StrAppend(&out, "antes = [", absl::StrJoin(zeros, ", "), "]\n");
  absl::StrAppend(&out, "blinds_or_straddles = [", absl::StrJoin(blinds, ", "), "]\n");
  if (holdem && game.is_no_limit()) absl::StrAppend(&out, "min_bet = ", game.BigBlind(), "\n");
  if (holdem && !game.is_no_limit()) {
    absl::StrAppend(&out, "small_bet = ", game.raise_size[0], "\nbig_bet = ", game.raise_size[2],
                    "\n");
  }
  absl::StrAppend(&out, "starting_stacks = [", absl::StrJoin(stacks, ", "), "]\n");

  std::vector<std::string> actions;
  for (int p = 0; p < n; ++p) {
    std::string cards;
    for (int i = 0; i < game.num_hole_cards; ++i) {
      absl::StrAppend(&cards, poker::CardToString(state.hole_card(p, i)));
    }
    actions.push_back(absl::StrCat("d dh p", p + 1, " ", cards));
  }
  poker::State replay(game, state.hand_number());
  for (int r = 0; r <= state.round(); ++r) {
    if (r > 0 && game.num_board_cards[r] > 0) {
      std::string cards;
      for (int i = game.BoardCardsThrough(r - 1); i < game.BoardCardsThrough(r); ++i) {
        absl::StrAppend(&cards, poker::CardToString(state.board_card(i)));
      }
      actions.push_back(absl::StrCat("d db ", cards));
    }
    // PHH bets are the street's totals, and preflop the forced bets are part of them.
    std::array<int32_t, poker::kMaxPlayers> street_start{};
    for (int p = 0; p < n && r > 0; ++p) street_start[p] = replay.spent(p);
    for (int i = 0; i < state.num_actions(r); ++i) {
      const poker::Action& action = state.action(r, i);
      const int p = state.actor(r, i);
      switch (action.type) {
        case poker::ActionType::kFold:
          actions.push_back(absl::StrCat("p", p + 1, " f"));
          break;
        case poker::ActionType::kCall:
          actions.push_back(absl::StrCat("p", p + 1, " cc"));
          break;
        case poker::ActionType::kRaise:
          actions.push_back(
              absl::StrCat("p", p + 1, " cbr ", action.raise_to - street_start[p]));
          break;
      }
      if (!replay.Apply(action).ok()) break;  // replaying the state's own actions
    }
  }
  if (state.IsShowdown()) {
    for (int p = 0; p < n; ++p) {
      if (state.folded(p)) continue;
      std::string cards;
      for (int i = 0; i < game.num_hole_cards; ++i) {
        absl::StrAppend(&cards, poker::CardToString(state.hole_card(p, i)));
      }
      actions.push_back(absl::StrCat("p", p + 1, " sm ", cards));
    }
  }
  AppendStringArray("actions", actions, &out);
  absl::StrAppend(&out, "hand = ", state.hand_number(), "\n");
  if (!log_line.names.empty()) AppendStringArray("players", log_line.names, &out);
  // Winnings (pots won, the uncalled bet given back not included) where they are exact to the
  // cent: a three-way split of an odd pot is left to the reader's own showdown.
  if (static_cast<int>(log_line.values.size()) == n) {
    int top = 0;
    for (int p = 1; p < n; ++p) {
      if (state.spent(p) > state.spent(top)) top = p;
    }
    int32_t second = 0;
    for (int p = 0; p < n; ++p) {
      if (p != top) second = std::max(second, state.spent(p));
    }
    std::vector<std::string> winnings;
    bool exact = true;
    for (int p = 0; p < n; ++p) {
      const double put_in = state.spent(p) - (p == top ? state.spent(top) - second : 0);
      const double won = log_line.values[p] + put_in;
      exact &= std::abs(won * 100 - std::round(won * 100)) < 1e-6 && won > -1e-9;
      winnings.push_back(Amount(std::max(won, 0.0)));
    }
    if (exact) absl::StrAppend(&out, "winnings = [", absl::StrJoin(winnings, ", "), "]\n");
  }
  absl::StrAppend(&out, "_acpc_game = ", TomlQuote(game_name), "\n");
  return out;
}

absl::StatusOr<std::string> AcpcLogToPhh(const std::string& path, const ConvertOptions& options,
                                         ConvertCounts* counts) {
  absl::StatusOr<std::string> bytes = ReadAll(path);
  if (!bytes.ok()) return bytes.status();
  GameCache cache(options.games_dir.empty() ? DefaultGamesDir() : options.games_dir);
  const poker::GameDef* game = options.game;
  std::string game_name = options.game_name;
  std::vector<std::string> hands;
  std::vector<std::string> pending;  // carried lines waiting for the next hand
  std::optional<poker::LogLine> log_line;  // made once the game is known
  int64_t line_number = 0;
  for (const RawLine& raw : SplitRawLines(*bytes)) {
    ++line_number;
    if (!IsValidUtf8(raw.content)) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ":", line_number, ": not valid UTF-8; PHH files are UTF-8 text, so this log "
                                  "cannot be carried into one"));
    }
    absl::string_view game_path;
    if (options.game == nullptr && ParseGameHeader(raw.content, &game_path)) {
      absl::StatusOr<const NamedGame*> named = cache.Get(game_path);
      if (!named.ok()) {
        return absl::NotFoundError(absl::StrCat(path, ":", line_number, ": the header names game '",
                                                game_path, "': ", named.status().message(),
                                                "; give its file with --game"));
      }
      game = &(*named)->game;
      game_name = (*named)->name;
    }
    bool hand = false;
    if (absl::StartsWith(raw.content, "STATE:")) {
      if (game == nullptr) {
        return absl::FailedPreconditionError(absl::StrCat(
            path, ":", line_number, ": no `# name/game/hands/seed` header names the game; give "
                                    "it with --game"));
      }
      if (!log_line.has_value() || &log_line->state.game() != game) {
        log_line.emplace(poker::LogLine{poker::State(*game, 0), {}, {}, {}});
      }
      hand = poker::ParseLogLineInto(*game, raw.content, &*log_line).ok();
    }
    if (!hand) {
      pending.push_back(absl::StrCat(raw.content, raw.ending));
      ++counts->carried_lines;
      continue;
    }
    std::string text =
        absl::StrCat("[", hands.size() + 1, "]\n", AcpcHandToPhh(*log_line, game_name));
    std::string written = poker::FormatLogLine(*log_line);
    if (!log_line->comment.empty()) {
      absl::StrAppend(&written, " # ", log_line->comment);
      absl::StrAppend(&text, "_acpc_comment = ", TomlQuote(log_line->comment), "\n");
    }
    if (written != raw.content) {
      absl::StrAppend(&text, "_acpc_line = ", TomlQuote(raw.content), "\n");
    }
    if (raw.ending != "\n") absl::StrAppend(&text, "_acpc_eol = ", TomlQuote(raw.ending), "\n");
    if (!pending.empty()) {
      AppendStringArray("_acpc_before", pending, &text);
      pending.clear();
    }
    hands.push_back(std::move(text));
    ++counts->hands;
  }
  if (hands.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": no valid STATE lines; a PHH file holds hands, so there is nothing "
                           "to write"));
  }
  if (!pending.empty()) AppendStringArray("_acpc_after", pending, &hands.back());
  return absl::StrJoin(hands, "\n");
}

absl::StatusOr<std::string> PhhToAcpcLog(const std::string& path, const ConvertOptions& options,
                                         ConvertCounts* counts) {
  absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource(path);
  if (!source.ok()) return source.status();
  PhhTableReader reader(source->get(), 1 << 20);
  GameCache cache(options.games_dir.empty() ? DefaultGamesDir() : options.games_dir);
  PhhHand hand;
  PhhOutcome outcome;
  PhhRecordBuilder builder;
  std::optional<HandRecord> record;
  const poker::GameDef* header_game = nullptr;
  std::string out;
  while (true) {
    const PhhTableReader::Result result = reader.Next();
    if (result == PhhTableReader::Result::kEnd) break;
    if (result == PhhTableReader::Result::kError) return reader.status();
    const int64_t line = reader.line();
    if (result != PhhTableReader::Result::kTable) {
      Refuse(counts, path, line, kReasonBadToml, reader.status().message());
      continue;
    }
    const char* reason = kReasonBadToml;
    if (absl::Status status = ReadPhhHand(reader.table(), &hand, &reason); !status.ok()) {
      Refuse(counts, path, line, reason, status.message());
      continue;
    }
    // The carried lines: an array of strings, read from the table itself.
    auto field_lines = [&](absl::string_view key) {
      std::string text;
      for (const TomlEntry& entry : reader.table().entries()) {
        if (reader.table().key(entry) != key) continue;
        const TomlValue& value = reader.table().value(entry.value);
        if (value.type != TomlType::kArray) continue;
        for (uint32_t i = 0; i < value.num_children; ++i) {
          const TomlValue& item = reader.table().child(value, i);
          if (item.type == TomlType::kString) absl::StrAppend(&text, reader.table().string(item));
        }
      }
      return text;
    };
    const std::string before = field_lines("_acpc_before");
    // The game: --game, the hand's `_acpc_game`, else the one its carried header names.
    const poker::GameDef* game = options.game;
    if (game == nullptr) {
      absl::string_view game_path;
      for (absl::string_view carried : absl::StrSplit(before, '\n')) {
        if (ParseGameHeader(absl::StripSuffix(carried, "\r"), &game_path)) {
          absl::StatusOr<const NamedGame*> named = cache.Get(game_path);
          if (named.ok()) header_game = &(*named)->game;
        }
      }
      if (const PhhUserField* named = hand.FindUserField("_acpc_game");
          named != nullptr && named->is_string) {
        absl::StatusOr<const NamedGame*> found = cache.Get(named->text);
        if (!found.ok()) return found.status();
        game = &(*found)->game;
      } else {
        game = header_game;
      }
    }
    if (game == nullptr) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ":", line, ": the hand names no ACPC game (no `_acpc_game`, no carried header); "
                           "give it with --game"));
    }
    absl::StatusOr<std::optional<poker::LogLine>> exact = ReplayExactly(hand, *game);
    if (!exact.ok()) {
      Refuse(counts, path, line, kReasonIllegalAction, exact.status().message());
      continue;
    }
    poker::LogLine log_line{poker::State(*game, 0), {}, {}, {}};
    if (exact->has_value()) {
      log_line = **exact;
    } else {
      if (hand.variant == PhhVariant::kAcpcGame) {
        Refuse(counts, path, line, kSkipNotAcpc, "an `_ACPC` hand of another game");
        continue;
      }
      if (absl::Status status = ReplayPhhHand(hand, &outcome, &reason); !status.ok()) {
        Refuse(counts, path, line, reason, status.message());
        continue;
      }
      if (!record.has_value()) record.emplace(*game);
      PhhMapping mapping;
      mapping.game = game;
      mapping.stack_tolerance = options.stack_tolerance;
      if (absl::Status status = builder.Build(hand, outcome, mapping, &*record, &reason);
          !status.ok()) {
        Refuse(counts, path, line, reason, status.message());
        continue;
      }
      log_line.state = record->state;
    }
    const int n = game->num_players;
    bool cards_known = true;
    for (int p = 0; p < n; ++p) cards_known &= log_line.state.HoleCardsKnown(p);
    for (int i = 0; i < log_line.state.NumBoardCardsVisible(); ++i) {
      cards_known &= log_line.state.board_card(i) != poker::kNoCard;
    }
    if (!cards_known) {
      Refuse(counts, path, line, kReasonBadCards,
             "unknown cards: an ACPC STATE line carries every hole card and the board");
      continue;
    }
    log_line.values.resize(n);
    if (absl::Status status = log_line.state.Values(absl::MakeSpan(log_line.values));
        !status.ok()) {
      Refuse(counts, path, line, kReasonBadCards, status.message());
      continue;
    }
    log_line.names.resize(n);
    for (int p = 0; p < n; ++p) {
      log_line.names[p] = hand.has_players && !hand.players[p].empty() ? hand.players[p]
                                                                        : absl::StrCat("p", p + 1);
    }
    std::string written = poker::FormatLogLine(log_line);
    if (const PhhUserField* comment = hand.FindUserField("_acpc_comment");
        comment != nullptr && comment->is_string) {
      absl::StrAppend(&written, " # ", comment->text);
    }
    // The line as it was, when it is this very hand.
    if (const PhhUserField* original = hand.FindUserField("_acpc_line");
        original != nullptr && original->is_string) {
      absl::StatusOr<poker::LogLine> parsed = poker::ParseLogLine(*game, original->text);
      if (parsed.ok() && poker::FormatLogLine(*parsed) == poker::FormatLogLine(log_line)) {
        written = original->text;
      }
    }
    const PhhUserField* eol = hand.FindUserField("_acpc_eol");
    absl::StrAppend(&out, before, written,
                    eol != nullptr && eol->is_string ? absl::string_view(eol->text) : "\n",
                    field_lines("_acpc_after"));
    ++counts->hands;
  }
  return out;
}

absl::StatusOr<std::string> WritePhhBesideLog(const std::string& log_path,
                                              const poker::GameDef& game,
                                              const std::string& game_name) {
  ConvertOptions options;
  options.game = &game;
  options.game_name = game_name;
  ConvertCounts counts;
  absl::StatusOr<std::string> text = AcpcLogToPhh(log_path, options, &counts);
  if (!text.ok()) return text.status();
  std::string path(absl::StripSuffix(log_path, ".log"));
  path += ".phhs";
  if (absl::Status status = poker::WriteFileAtomically(path, *text); !status.ok()) return status;
  return path;
}

}  // namespace logs_parser
