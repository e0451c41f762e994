#include "logs_parser/phh_hand.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "logs_parser/state_line.h"

namespace logs_parser {
namespace {

constexpr int kNanoDecimals = 9;
constexpr int64_t kPow10[] = {1,         10,         100,         1000,      10000,
                              100000,    1000000,    10000000,    100000000, 1000000000};
// 9.2e9 units: enough for any real stack, and the nano count stays inside int64.
constexpr int64_t kMaxNano = INT64_MAX / 1000;

absl::Status Reject(const char** reason, const char* category, std::string detail) {
  *reason = category;
  return absl::InvalidArgumentError(std::move(detail));
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Collects amounts in nano units first: the hand's chip unit is only known once every amount
// has been seen (the most decimals any of them has).
class Amounts {
 public:
  void Clear() {
    targets_.clear();
    decimals_ = 0;
  }
  // Reads `text` into *target (as nano until Finish). False if it is not an exact decimal.
  bool Add(absl::string_view text, int64_t* target) {
    int decimals = 0;
    if (!ParseDecimalNano(text, target, &decimals)) return false;
    decimals_ = std::max(decimals_, decimals);
    targets_.push_back(target);
    return true;
  }
  int decimals() const { return decimals_; }
  // Turns every collected amount into chips of 10^-decimals.
  void Finish() {
    const int64_t divisor = kPow10[kNanoDecimals - decimals_];
    for (int64_t* target : targets_) *target /= divisor;
  }

 private:
  std::vector<int64_t*> targets_;
  int decimals_ = 0;
};

bool ParseCardText(absl::string_view text, PhhAction* action) {
  if (text.size() % 2 != 0 || text.size() / 2 > kMaxPhhCardsPerAction) return false;
  action->num_cards = static_cast<uint8_t>(text.size() / 2);
  for (size_t i = 0; i < text.size(); i += 2) {
    const absl::string_view card = text.substr(i, 2);
    if (card[0] == '?' || card[1] == '?') {  // `??` (and a half-known card) is unknown
      action->cards[i / 2] = poker::kNoCard;
      continue;
    }
    const char rank_char = card[0] >= 'a' && card[0] <= 'z' ? card[0] - 'a' + 'A' : card[0];
    const char* rank = std::strchr(poker::kRankChars, rank_char);
    const char* suit = std::strchr(poker::kSuitChars, card[1]);
    if (card[0] == '\0' || card[1] == '\0' || rank == nullptr || suit == nullptr) return false;
    action->cards[i / 2] =
        poker::MakeCard(static_cast<int>(rank - poker::kRankChars),
                        static_cast<int>(suit - poker::kSuitChars));
  }
  return true;
}

// `p3` -> 2; -1 if not a player of the hand.
int ParsePlayer(absl::string_view token, int num_players) {
  if (token.size() < 2 || token[0] != 'p' || token.size() > 3) return -1;
  int n = 0;
  for (char c : token.substr(1)) {
    if (!IsDigit(c)) return -1;
    n = n * 10 + (c - '0');
  }
  return n >= 1 && n <= num_players ? n - 1 : -1;
}

// Splits on runs of whitespace.
int SplitWords(absl::string_view text, std::array<absl::string_view, 6>* words) {
  int n = 0;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && absl::ascii_isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    size_t j = i;
    while (j < text.size() && !absl::ascii_isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (n == static_cast<int>(words->size())) return n + 1;
    (*words)[n++] = text.substr(i, j - i);
    i = j;
  }
  return n;
}

absl::Status ParseAction(absl::string_view text, int num_players, PhhAction* action,
                         Amounts* amounts, const char** reason) {
  action->kind = PhhActionKind::kNoOp;
  action->player = -1;
  action->num_cards = 0;
  action->show_as_dealt = false;
  action->amount = 0;
  action->commentary.clear();
  absl::string_view body = text;
  if (size_t hash = text.find('#'); hash != absl::string_view::npos) {
    body = text.substr(0, hash);
    absl::string_view comment = absl::StripAsciiWhitespace(text.substr(hash + 1));
    action->commentary.assign(comment.data(), comment.size());
  }
  std::array<absl::string_view, 6> words;
  const int n = SplitWords(body, &words);
  if (n == 0) return absl::OkStatus();
  auto bad = [&](absl::string_view why) {
    return Reject(reason, kReasonBadAction, absl::StrCat(QuoteForMessage(text, 60), ": ", why));
  };
  if (words[0] == "d") {
    if (n >= 2 && words[1] == "dh") {
      if (n != 4) return bad("expected `d dh pN cards`");
      action->kind = PhhActionKind::kDealHole;
      action->player = static_cast<int8_t>(ParsePlayer(words[2], num_players));
      if (action->player < 0) return bad("no such player");
      if (!ParseCardText(words[3], action)) return bad("bad cards");
      return absl::OkStatus();
    }
    if (n >= 2 && words[1] == "db") {
      if (n != 3) return bad("expected `d db cards`");
      action->kind = PhhActionKind::kDealBoard;
      if (!ParseCardText(words[2], action)) return bad("bad cards");
      for (int i = 0; i < action->num_cards; ++i) {
        if (action->cards[i] == poker::kNoCard) return bad("board cards must be known");
      }
      return absl::OkStatus();
    }
    return bad("the dealer only deals (dh, db)");
  }
  const int player = ParsePlayer(words[0], num_players);
  if (player < 0) return bad("the actor is neither `d` nor a player pN of the hand");
  action->player = static_cast<int8_t>(player);
  const absl::string_view verb = n >= 2 ? words[1] : absl::string_view();
  if (verb == "f" || verb == "cc") {
    if (n != 2) return bad("no argument expected");
    action->kind = verb == "f" ? PhhActionKind::kFold : PhhActionKind::kCheckCall;
  } else if (verb == "cbr") {
    if (n != 3) return bad("expected `pN cbr amount`");
    action->kind = PhhActionKind::kBetRaise;
    if (!amounts->Add(words[2], &action->amount) || action->amount <= 0) {
      return Reject(reason, kReasonBadAmount,
                    absl::StrCat("'", text, "': the amount is not a positive exact decimal"));
    }
  } else if (verb == "sm") {
    if (n > 3) return bad("expected `pN sm [cards]`");
    action->kind = PhhActionKind::kShowMuck;
    if (n == 3) {
      if (words[2] == "-") {
        action->show_as_dealt = true;
      } else if (!ParseCardText(words[2], action)) {
        return bad("bad cards");
      }
    }
  } else if (verb == "sd" || verb == "pb") {
    return bad("a draw or stud action, not one of hold'em");
  } else {
    return bad("unknown action (f, cc, cbr, sm, or the dealer's dh, db)");
  }
  return absl::OkStatus();
}

}  // namespace

bool ParseDecimalNano(absl::string_view text, int64_t* nano, int* decimals) {
  absl::string_view s = text;
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  int exponent = 0;
  size_t e = absl::string_view::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == 'e' || s[i] == 'E') {
      e = i;
      break;
    }
  }
  if (e != absl::string_view::npos) {
    absl::string_view exp_text = s.substr(e + 1);
    s = s.substr(0, e);
    bool exp_negative = false;
    if (!exp_text.empty() && (exp_text[0] == '+' || exp_text[0] == '-')) {
      exp_negative = exp_text[0] == '-';
      exp_text.remove_prefix(1);
    }
    if (exp_text.empty() || exp_text.size() > 3) return false;
    for (char c : exp_text) {
      if (c == '_') continue;
      if (!IsDigit(c)) return false;
      exponent = exponent * 10 + (c - '0');
    }
    if (exp_negative) exponent = -exponent;
  }
  // Digits with the decimal point's position; underscores (TOML's separators) are skipped.
  int64_t mantissa = 0;
  int fraction_digits = 0;
  bool seen_dot = false, seen_digit = false;
  int significant = 0;
  for (char c : s) {
    if (c == '_') continue;
    if (c == '.') {
      if (seen_dot) return false;
      seen_dot = true;
      continue;
    }
    if (!IsDigit(c)) return false;
    seen_digit = true;
    if (mantissa == 0 && c == '0') {
      if (seen_dot) ++fraction_digits;
      continue;
    }
    if (++significant > 18) return false;
    mantissa = mantissa * 10 + (c - '0');
    if (seen_dot) ++fraction_digits;
  }
  if (!seen_digit) return false;
  int scale = fraction_digits - exponent;  // value = mantissa * 10^-scale
  // Trailing zeros of the fraction say nothing about the unit: 0.50 needs 1 decimal.
  while (scale > 0 && mantissa % 10 == 0 && mantissa != 0) {
    mantissa /= 10;
    --scale;
  }
  if (mantissa == 0) scale = 0;
  if (scale > kNanoDecimals) return false;
  int64_t value = mantissa;
  for (int i = scale; i < kNanoDecimals; ++i) {
    if (value > kMaxNano / 10) return false;
    value *= 10;
  }
  if (value > kMaxNano) return false;
  *nano = negative ? -value : value;
  *decimals = std::max(scale, 0);
  return true;
}

std::string FormatPhhAmount(int64_t chips, int decimals) {
  if (decimals == 0) return absl::StrCat(chips);
  const bool negative = chips < 0;
  const uint64_t magnitude = negative ? static_cast<uint64_t>(-chips) : static_cast<uint64_t>(chips);
  const uint64_t unit = static_cast<uint64_t>(kPow10[decimals]);
  std::string fraction = absl::StrCat(magnitude % unit);
  fraction.insert(0, static_cast<size_t>(decimals) - fraction.size(), '0');
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  std::string out = absl::StrCat(negative ? "-" : "", magnitude / unit);
  if (!fraction.empty()) absl::StrAppend(&out, ".", fraction);
  return out;
}

const PhhUserField* PhhHand::FindUserField(absl::string_view key) const {
  for (int i = 0; i < num_user_fields; ++i) {
    if (user_fields[i].key == key) return &user_fields[i];
  }
  return nullptr;
}

absl::Status ReadPhhHand(const TomlTable& table, PhhHand* hand, const char** reason) {
  hand->line = table.first_line();
  hand->table_name.assign(table.header().data(), table.header().size());
  hand->variant_code.clear();
  hand->num_players = 0;
  hand->decimals = 0;
  hand->antes.fill(0);
  hand->blinds_or_straddles.fill(0);
  hand->starting_stacks.fill(0);
  hand->min_bet = hand->small_bet = hand->big_bet = 0;
  hand->ante_trimming_status = false;
  hand->num_actions = 0;
  hand->has_players = hand->has_winnings = hand->has_finishing_stacks = hand->has_seats = false;
  hand->hand.clear();
  hand->hand_is_integer = false;
  hand->table.clear();
  hand->num_other_fields = 0;
  hand->num_user_fields = 0;

  static thread_local Amounts amounts;
  amounts.Clear();
  auto bad = [&](const TomlEntry& entry, absl::string_view why) {
    return Reject(reason, kReasonBadToml,
                  absl::StrCat("line ", entry.line, ": `", table.key(entry), "` ", why));
  };
  auto number = [&](const TomlEntry& entry, const TomlValue& value, int64_t* target) {
    if (value.type != TomlType::kInteger && value.type != TomlType::kFloat) {
      return bad(entry, absl::StrCat("has a ", TomlTypeName(value.type), " where a number goes"));
    }
    const absl::string_view raw = table.raw(value);
    if (raw == "inf" || raw == "+inf") {
      *target = kInfiniteStack;
      return absl::OkStatus();
    }
    if (!amounts.Add(raw, target) || *target < 0) {
      return Reject(reason, kReasonBadAmount,
                    absl::StrCat("line ", value.line, ": `", table.key(entry), "` has ", raw,
                                 ": not a non-negative decimal with at most 9 decimals"));
    }
    return absl::OkStatus();
  };
  // Per-player arrays fix the number of players: the first one read sets it.
  auto per_player = [&](const TomlEntry& entry, const TomlValue& value) -> absl::Status {
    if (value.type != TomlType::kArray) return bad(entry, "is not an array");
    const int n = static_cast<int>(value.num_children);
    if (hand->num_players == 0) {
      if (n < 2 || n > poker::kMaxPlayers) {
        return bad(entry, absl::StrCat("has ", n, " players; 2 to ", poker::kMaxPlayers,
                                       " are read"));
      }
      hand->num_players = n;
    } else if (n != hand->num_players) {
      return bad(entry, absl::StrCat("has ", n, " values, other fields ", hand->num_players));
    }
    return absl::OkStatus();
  };
  auto numbers = [&](const TomlEntry& entry, const TomlValue& value,
                     std::array<int64_t, poker::kMaxPlayers>* out) -> absl::Status {
    if (absl::Status status = per_player(entry, value); !status.ok()) return status;
    for (uint32_t i = 0; i < value.num_children; ++i) {
      if (absl::Status status = number(entry, table.child(value, i), &(*out)[i]); !status.ok()) {
        return status;
      }
    }
    return absl::OkStatus();
  };

  const TomlEntry* actions_entry = nullptr;
  bool has_antes = false, has_blinds = false, has_stacks = false, has_min_bet = false,
       has_small_bet = false, has_big_bet = false;
  for (const TomlEntry& entry : table.entries()) {
    const absl::string_view key = table.key(entry);
    const TomlValue& value = table.value(entry.value);
    absl::Status status;
    if (key == "variant") {
      if (value.type != TomlType::kString) return bad(entry, "is not a string");
      const absl::string_view code = table.string(value);
      hand->variant_code.assign(code.data(), code.size());
    } else if (key == "antes") {
      has_antes = true;
      status = numbers(entry, value, &hand->antes);
    } else if (key == "blinds_or_straddles") {
      has_blinds = true;
      status = numbers(entry, value, &hand->blinds_or_straddles);
    } else if (key == "starting_stacks") {
      has_stacks = true;
      status = numbers(entry, value, &hand->starting_stacks);
    } else if (key == "min_bet") {
      has_min_bet = true;
      status = number(entry, value, &hand->min_bet);
    } else if (key == "small_bet") {
      has_small_bet = true;
      status = number(entry, value, &hand->small_bet);
    } else if (key == "big_bet") {
      has_big_bet = true;
      status = number(entry, value, &hand->big_bet);
    } else if (key == "actions") {
      if (value.type != TomlType::kArray) return bad(entry, "is not an array");
      actions_entry = &entry;
    } else if (key == "ante_trimming_status") {
      if (value.type != TomlType::kBool) return bad(entry, "is not a boolean");
      hand->ante_trimming_status = value.text_begin == 1;
    } else if (key == "players") {
      if (absl::Status s = per_player(entry, value); !s.ok()) return s;
      if (hand->players.size() < value.num_children) hand->players.resize(value.num_children);
      for (uint32_t i = 0; i < value.num_children; ++i) {
        const TomlValue& name = table.child(value, i);
        if (name.type != TomlType::kString) return bad(entry, "has a value that is not a string");
        hand->players[i].assign(table.string(name).data(), table.string(name).size());
      }
      hand->has_players = true;
    } else if (key == "winnings") {
      hand->has_winnings = true;
      status = numbers(entry, value, &hand->winnings);
    } else if (key == "finishing_stacks") {
      hand->has_finishing_stacks = true;
      status = numbers(entry, value, &hand->finishing_stacks);
    } else if (key == "seats") {
      if (absl::Status s = per_player(entry, value); !s.ok()) return s;
      for (uint32_t i = 0; i < value.num_children; ++i) {
        const TomlValue& seat = table.child(value, i);
        int64_t number_value = 0;
        int ignored = 0;
        if (seat.type != TomlType::kInteger ||
            !ParseDecimalNano(table.raw(seat), &number_value, &ignored)) {
          return bad(entry, "has a value that is not an integer");
        }
        hand->seats[i] = static_cast<int32_t>(number_value / kPow10[kNanoDecimals]);
      }
      hand->has_seats = true;
    } else if (key == "hand" || key == "table") {
      std::string& out = key == "hand" ? hand->hand : hand->table;
      if (value.type == TomlType::kString) {
        out.assign(table.string(value).data(), table.string(value).size());
      } else if (value.type == TomlType::kInteger) {
        out.assign(table.raw(value).data(), table.raw(value).size());
        int64_t nano = 0;
        int ignored = 0;
        if (key == "hand" && ParseDecimalNano(out, &nano, &ignored)) {
          hand->hand_is_integer = true;
          hand->hand_number = nano / kPow10[kNanoDecimals];
        }
      } else {
        return bad(entry, "is neither a string nor an integer");
      }
    } else {
      // User-defined (`_x`) and every other field: kept as written.
      const bool user = !key.empty() && key[0] == '_';
      std::vector<PhhUserField>& fields = user ? hand->user_fields : hand->other_fields;
      int& count = user ? hand->num_user_fields : hand->num_other_fields;
      if (static_cast<int>(fields.size()) <= count) fields.resize(count + 1);
      PhhUserField& field = fields[count++];
      field.key.assign(key.data(), key.size());
      field.toml.assign(table.raw(value).data(), table.raw(value).size());
      field.is_string = value.type == TomlType::kString;
      if (field.is_string) {
        field.text.assign(table.string(value).data(), table.string(value).size());
      } else {
        field.text.clear();
      }
    }
    if (!status.ok()) return status;
  }

  if (hand->variant_code == "NT") {
    hand->variant = PhhVariant::kNoLimitHoldem;
  } else if (hand->variant_code == "FT") {
    hand->variant = PhhVariant::kFixedLimitHoldem;
  } else if (hand->variant_code == "_ACPC") {
    hand->variant = PhhVariant::kAcpcGame;
  } else if (hand->variant_code.empty()) {
    return Reject(reason, kReasonBadToml, "the required field `variant` is missing");
  } else {
    return Reject(reason, kReasonVariant,
                  absl::StrCat("variant '", hand->variant_code,
                               "' is not read: only hold'em, NT (no-limit) and FT (fixed-limit), "
                               "matches what the opponent models and ACPC games describe"));
  }
  const bool limit = hand->variant == PhhVariant::kFixedLimitHoldem;
  const bool acpc = hand->variant == PhhVariant::kAcpcGame;
  std::string missing;
  auto require = [&missing](bool present, absl::string_view name) {
    if (!present) absl::StrAppend(&missing, missing.empty() ? "" : ", ", name);
  };
  require(has_antes, "antes");
  require(has_blinds, "blinds_or_straddles");
  require(has_stacks, "starting_stacks");
  require(actions_entry != nullptr, "actions");
  if (!acpc) {
    require(limit || has_min_bet, "min_bet");
    require(!limit || has_small_bet, "small_bet");
    require(!limit || has_big_bet, "big_bet");
  }
  if (!missing.empty()) {
    return Reject(reason, kReasonBadToml,
                  absl::StrCat("required fields missing for variant ", hand->variant_code, ": ",
                               missing));
  }

  const TomlValue& list = table.value(actions_entry->value);
  if (hand->actions.size() < list.num_children) hand->actions.resize(list.num_children);
  for (uint32_t i = 0; i < list.num_children; ++i) {
    const TomlValue& item = table.child(list, i);
    if (item.type != TomlType::kString) {
      return Reject(reason, kReasonBadToml,
                    absl::StrCat("line ", item.line, ": actions[", i, "] is not a string"));
    }
    PhhAction& action = hand->actions[i];
    action.line = item.line;
    action.index = static_cast<uint16_t>(i);
    if (absl::Status status =
            ParseAction(table.string(item), hand->num_players, &action, &amounts, reason);
        !status.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", item.line, ": actions[", i, "] ", status.message()));
    }
  }
  hand->num_actions = static_cast<int>(list.num_children);
  hand->decimals = amounts.decimals();
  amounts.Finish();
  return absl::OkStatus();
}

}  // namespace logs_parser
