// One hand of a PHH file (the Poker Hand History format, `.phh` and `.phhs`) read into typed
// fields: the variant, forced bets, stacks, actions and the optional fields, with every amount
// converted exactly into integer chips of a unit recorded with the hand.
//
// Only the fields are checked here (types, lengths, card and action syntax); whether the actions
// add up under the rules is checked by ReplayPhhHand (phh_replay.h).
#ifndef LOGS_PARSER_PHH_HAND_H_
#define LOGS_PARSER_PHH_HAND_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "logs_parser/toml_subset.h"
#include "poker/card.h"
#include "poker/game_def.h"

namespace logs_parser {

// Why a hand is refused at reading: the keys of ReadSummary::rejected_by_reason.
inline constexpr char kReasonBadToml[] = "malformed hand";  // TOML syntax, field types, lengths
inline constexpr char kReasonBadAmount[] = "bad amount";    // not an exact decimal, too large
inline constexpr char kReasonVariant[] = "unsupported variant";
inline constexpr char kReasonBadAction[] = "malformed action";
inline constexpr char kReasonHandTooLong[] = "hand too long";

enum class PhhVariant : uint8_t {
  kNoLimitHoldem,     // NT
  kFixedLimitHoldem,  // FT
  // `_ACPC`: this project's own code for an ACPC game PHH has no variant for (Kuhn, Leduc),
  // written by `trainer convert` so that such logs convert back; the game is named by the hand's
  // `_acpc_game` field. Not a PHH variant: refused for models.
  kAcpcGame,
};

enum class PhhActionKind : uint8_t {
  kDealHole,   // d dh pN cards
  kDealBoard,  // d db cards
  kFold,       // pN f
  kCheckCall,  // pN cc
  kBetRaise,   // pN cbr amount: complete, bet or raise to `amount` (the street's total bet)
  kShowMuck,   // pN sm [cards | -]: show (cards) or muck (none)
  kNoOp,       // an empty string or a lone commentary
};

inline constexpr int kMaxPhhCardsPerAction = 7;
inline constexpr int64_t kInfiniteStack = int64_t{1} << 60;  // `inf` (an unknown stack)

struct PhhAction {
  PhhActionKind kind = PhhActionKind::kNoOp;
  int8_t player = -1;  // 0-based (p1 is 0); -1 for the dealer's board deal and no-ops
  uint8_t num_cards = 0;
  bool show_as_dealt = false;  // `sm -`
  int64_t amount = 0;          // kBetRaise, in chips
  std::array<poker::Card, kMaxPhhCardsPerAction> cards{};  // kNoCard where `??`
  int32_t line = 0;                                        // the file line of the action
  uint16_t index = 0;                                      // 0-based in `actions`
  std::string commentary;                                  // after `#`, trimmed
};

// A user-defined field (`_name`): the key and the value's TOML text, kept for writing back.
struct PhhUserField {
  std::string key;
  std::string toml;  // the value as written (an array or string keeps its quotes)
  std::string text;  // for a string value: the decoded string
  bool is_string = false;
};

struct PhhHand {
  int32_t line = 0;        // the hand's first line (its `[n]` header in a .phhs file)
  std::string table_name;  // the header's key (`1`), empty for a .phh file
  PhhVariant variant = PhhVariant::kNoLimitHoldem;
  std::string variant_code;
  int num_players = 0;
  // Amounts are integer chips; one chip is 10^-decimals of the file's unit ("0.25" with
  // decimals 2 is 25 chips).
  int decimals = 0;
  std::array<int64_t, poker::kMaxPlayers> antes{};
  std::array<int64_t, poker::kMaxPlayers> blinds_or_straddles{};
  std::array<int64_t, poker::kMaxPlayers> starting_stacks{};  // kInfiniteStack for `inf`
  int64_t min_bet = 0;    // NT
  int64_t small_bet = 0;  // FT
  int64_t big_bet = 0;    // FT
  bool ante_trimming_status = false;
  std::vector<PhhAction> actions;  // actions[0 .. num_actions)
  int num_actions = 0;

  // Optional fields.
  bool has_players = false;
  std::vector<std::string> players;
  bool has_winnings = false;
  std::array<int64_t, poker::kMaxPlayers> winnings{};
  bool has_finishing_stacks = false;
  std::array<int64_t, poker::kMaxPlayers> finishing_stacks{};
  bool has_seats = false;
  std::array<int32_t, poker::kMaxPlayers> seats{};
  std::string hand;  // the `hand` field's text (a string or an integer), empty if absent
  bool hand_is_integer = false;
  int64_t hand_number = 0;
  std::string table;  // the `table` field, empty if absent
  // Other optional fields the spec defines, and fields unknown to it, as `key = <toml>` lines
  // (written back as they were; not interpreted).
  std::vector<PhhUserField> other_fields;
  int num_other_fields = 0;
  // User-defined fields (`_name`), in file order.
  std::vector<PhhUserField> user_fields;
  int num_user_fields = 0;

  const PhhUserField* FindUserField(absl::string_view key) const;
  absl::Span<const PhhAction> action_list() const {
    return absl::MakeConstSpan(actions.data(), static_cast<size_t>(num_actions));
  }
};

// Reads the fields of one parsed table into `hand` (reused: no allocation once grown). Errors
// name the field or action (`actions[4] 'p3 cbr x'`) and set `*reason` to a kReason constant.
absl::Status ReadPhhHand(const TomlTable& table, PhhHand* hand, const char** reason);

// Exact decimal text (`200`, `0.50`, `1e3`, `2.5E-1`) as an integer count of 10^-9 units;
// false if it is not such a number, has more than 9 decimals or exceeds 9.2e9.
bool ParseDecimalNano(absl::string_view text, int64_t* nano, int* decimals);

// The amount in chips as decimal text in the file's unit (`25`, decimals 2 -> "0.25").
std::string FormatPhhAmount(int64_t chips, int decimals);

}  // namespace logs_parser

#endif  // LOGS_PARSER_PHH_HAND_H_
