// Replays one PHH hold'em hand under the rules the format's reference implementation uses
// (antes, blinds and straddles, per-player stacks, heads-up's reversed forced bets, no-limit and
// fixed-limit betting, short all-ins, side pots, showdowns with unknown or mucked cards) and
// checks that it adds up: every action by the player to act and legal, cards distinct and dealt
// when they can be, the betting finished, and the winnings and finishing stacks (when given)
// what the pots allow.
#ifndef LOGS_PARSER_PHH_REPLAY_H_
#define LOGS_PARSER_PHH_REPLAY_H_

#include <array>
#include <cstdint>

#include "absl/status/status.h"
#include "logs_parser/phh_hand.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace logs_parser {

// One betting action as the ACPC rules engine takes it: `raise_to` is the player's total for the
// hand after the action (forced bets and earlier streets included, antes excluded).
struct PhhBet {
  uint8_t player = 0;
  uint8_t round = 0;
  poker::ActionType type = poker::ActionType::kCall;
  bool all_in = false;            // the player has no chips left behind after it
  bool fold_to_no_bet = false;    // a fold with nothing to call (allowed in PHH, not by ACPC)
  int64_t raise_to = 0;           // kRaise
  uint16_t action_index = 0;      // in PhhHand::actions
};

inline constexpr int kMaxPhhBets = poker::kMaxRounds * poker::kMaxActionsPerRound;

struct PhhOutcome {
  int num_players = 0;
  std::array<PhhBet, kMaxPhhBets> bets;
  int num_bets = 0;
  // Per player, in chips.
  std::array<int64_t, poker::kMaxPlayers> ante_paid{};
  std::array<int64_t, poker::kMaxPlayers> blind_paid{};   // forced bet posted (heads-up reversed)
  std::array<int64_t, poker::kMaxPlayers> spent{};        // forced bet and bets, antes excluded
  std::array<int64_t, poker::kMaxPlayers> returned{};     // an uncalled bet given back
  std::array<bool, poker::kMaxPlayers> folded{};
  std::array<bool, poker::kMaxPlayers> mucked{};          // `sm` without cards at the showdown
  std::array<std::array<poker::Card, 2>, poker::kMaxPlayers> hole;  // kNoCard where unknown
  std::array<poker::Card, 5> board;
  int board_cards = 0;
  int last_round = 0;          // the last street whose betting was reached
  int preflop_opener = 0;      // the first player to act preflop
  int64_t big_blind = 0;       // the largest forced bet
  bool straddled = false;      // more than two forced bets, or a forced bet beyond p1 and p2
  bool has_antes = false;
  int64_t pot = 0;             // everything put in, less the uncalled bets returned
  // Net result per player in chips (won less put in): from the winnings or finishing stacks when
  // given, else from the pots at the showdown when every card that decides them is known.
  bool values_known = false;
  std::array<double, poker::kMaxPlayers> net{};
  int64_t rake = 0;  // pot less the winnings, when winnings are given
};

// Replays `hand` (NT or FT). On error `*reason` is one of the kReason constants and the message
// names the action (`actions[7] 'p2 cbr 3': ...`).
absl::Status ReplayPhhHand(const PhhHand& hand, PhhOutcome* out, const char** reason);

}  // namespace logs_parser

#endif  // LOGS_PARSER_PHH_REPLAY_H_
