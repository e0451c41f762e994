// PHH hands as hand records of an ACPC game: the betting replayed by the rules engine
// (poker::State), so that the models, statistics and pages read PHH and ACPC logs alike.
//
// Without a game the record's game is the hand's own: its players, stacks (antes taken off),
// forced bets and the first player after them, amounts in the hand's chips. With a game (--game),
// amounts are scaled so that the big blinds match, and a hand is skipped (with a reason) when it
// does not fit the game: another player count or betting, a straddle, an effective stack too far
// from the game's, or betting that the game's stacks and rules would not have allowed.
// docs/logs_parser.md states the mapping in full.
#ifndef LOGS_PARSER_PHH_RECORD_H_
#define LOGS_PARSER_PHH_RECORD_H_

#include "absl/status/status.h"
#include "logs_parser/hand_record.h"
#include "logs_parser/phh_hand.h"
#include "logs_parser/phh_replay.h"
#include "logs_parser/state_line.h"
#include "poker/game_def.h"

namespace logs_parser {

// Why a valid PHH hand is not made a record: the keys of ReadSummary::skipped_by_reason.
inline constexpr char kSkipPlayers[] = "players differ from the game";
inline constexpr char kSkipBetting[] = "betting differs from the game";
inline constexpr char kSkipStraddle[] = "straddle";
inline constexpr char kSkipStacks[] = "stacks too far from the game's";
inline constexpr char kSkipNotAcpc[] = "not playable under ACPC rules";
inline constexpr char kSkipTooLarge[] = "amounts beyond 32-bit chips";

struct PhhMapping {
  const poker::GameDef* game = nullptr;  // null: each hand's own game
  // A hand is used when its effective stack (the second largest, antes off) in big blinds is
  // within this factor of the game's stack in big blinds (no-limit games).
  double stack_tolerance = 2.0;
  NameOptions names;
};

// Builds records; owns the per-hand game the records of own-game mapping point to.
class PhhRecordBuilder {
 public:
  // Fills `record` (its game pointer is set here). A hand that does not fit returns an error
  // with `*reason` one of the kSkip constants.
  absl::Status Build(const PhhHand& hand, const PhhOutcome& outcome, const PhhMapping& mapping,
                     HandRecord* record, const char** reason);

  // The hand's own ACPC game: players, stacks less antes, forced bets, first player preflop.
  static absl::Status OwnGame(const PhhHand& hand, const PhhOutcome& outcome,
                              poker::GameDef* game);

 private:
  poker::GameDef own_game_;
};

}  // namespace logs_parser

#endif  // LOGS_PARSER_PHH_RECORD_H_
