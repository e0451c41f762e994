// ACPC game definitions (`.game` files): betting type, players, blinds, stacks, deck, rounds.
#ifndef POKER_GAME_DEF_H_
#define POKER_GAME_DEF_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace poker {

inline constexpr int kMaxPlayers = 10;
inline constexpr int kMaxRounds = 4;
inline constexpr int kMaxHoleCards = 3;
inline constexpr int kMaxBoardCards = 7;
// The server's default stack in limit games (no stack limit in practice).
inline constexpr int32_t kUnlimitedStack = 0x7FFFFFFF;
// maxRaises when the file gives none: no cap.
inline constexpr int kUnlimitedRaises = 255;

enum class BettingType : uint8_t { kLimit = 0, kNoLimit = 1 };

// One game as the ACPC server defines it. All chip amounts are in chips.
struct GameDef {
  BettingType betting_type = BettingType::kLimit;
  int num_players = 0;
  int num_rounds = 0;
  // Per position: chips for the hand (reset every hand); kUnlimitedStack when the file gives none
  // (limit games).
  std::array<int32_t, kMaxPlayers> stack{};
  // Per position: chips posted before the deal.
  std::array<int32_t, kMaxPlayers> blind{};
  // Per round, limit only: the chips one raise adds.
  std::array<int32_t, kMaxRounds> raise_size{};
  // Per round: the 0-based position that acts first (the file's values are 1-based).
  std::array<uint8_t, kMaxRounds> first_player{};
  // Per round: raises allowed (kUnlimitedRaises = no cap); blinds do not count.
  std::array<uint8_t, kMaxRounds> max_raises{};
  int num_suits = 4;   // a smaller deck keeps the last suits
  int num_ranks = 13;  // a smaller deck keeps the highest ranks
  int num_hole_cards = 2;
  std::array<uint8_t, kMaxRounds> num_board_cards{};  // cards dealt at the start of each round

  bool is_no_limit() const { return betting_type == BettingType::kNoLimit; }
  // The largest blind (the "big blind" for min-raise and mbb/hand).
  int32_t BigBlind() const;
  // Board cards visible in round r (sum of num_board_cards[0..r]).
  int BoardCardsThrough(int round) const;
  int TotalBoardCards() const { return BoardCardsThrough(num_rounds - 1); }
  int DeckSize() const { return num_suits * num_ranks; }
  // Texas hold'em's cards: a 52-card deck, 2 hole cards, and the board dealt 0/3/1/1 over four
  // rounds (any betting, any number of players). The one test of "is this hold'em" for the parts
  // that only work there (hand strength buckets, the 1326-pair ranges, preflop tables).
  bool IsHoldemCards() const {
    return num_suits == 4 && num_ranks == 13 && num_hole_cards == 2 && num_rounds == 4 &&
           num_board_cards[0] == 0 && num_board_cards[1] == 3 && num_board_cards[2] == 1 &&
           num_board_cards[3] == 1;
  }

  bool operator==(const GameDef&) const = default;
};

// Parses the text of a game file (between GAMEDEF and END GAMEDEF; `#` comments and blank lines
// skipped; keywords case-insensitive; `=` optional) and applies the server's checks. Stricter than
// the server where it would guess: per-position fields need numPlayers values, per-round fields
// numRounds values, and unknown or repeated fields are errors. numSuits, numRanks, numHoleCards
// and numBoardCards are required, as by the server. Errors name `source:line` and the field.
absl::StatusOr<GameDef> ParseGameDef(absl::string_view text, absl::string_view source = "<game>");

// Reads and parses a game file.
absl::StatusOr<GameDef> LoadGameDef(const std::string& path);

// The game as `.game` file text that ParseGameDef reads back to the same GameDef.
std::string FormatGameDef(const GameDef& game);

}  // namespace poker

#endif  // POKER_GAME_DEF_H_
