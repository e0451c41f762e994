// One hand of a match log, replayed and validated: who held what, every action with its betting
// arithmetic, and the result. The one place betting arithmetic of logs is derived.
#ifndef LOGS_PARSER_HAND_RECORD_H_
#define LOGS_PARSER_HAND_RECORD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace logs_parser {

struct PhhHand;

// An action as the modelling code sees it. Check and call share the protocol letter `c`; they are
// told apart by whether anything was to be called. A raise that puts the player's whole stack in
// (no-limit) is kAllIn.
enum class ActionKind : uint8_t { kFold = 0, kCheck = 1, kCall = 2, kRaise = 3, kAllIn = 4 };
const char* ActionKindName(ActionKind kind);  // "fold", "check", "call", "raise", "all-in"

struct ActionRecord {
  uint8_t player = 0;        // position in the hand
  uint8_t round = 0;         // 0 = preflop
  ActionKind kind = ActionKind::kCheck;
  int32_t raise_to = 0;      // raise/all-in: the player's total chips in the hand after it
  int32_t pot_before = 0;    // chips in the pot (all players, whole hand) before the action
  int32_t to_call = 0;       // chips the player had to add to call, before the action
  int32_t spent_before = 0;  // the player's own chips in the hand before the action
};

struct HandRecord {
  const std::string* source = nullptr;  // file path (owned by the reader; valid in the callback)
  int64_t line = 0;                     // 1-based line number in that file
  const poker::GameDef* game = nullptr;
  uint32_t hand_number = 0;
  std::vector<std::string> names;       // per position (after name mapping)
  std::vector<ActionRecord> actions;    // in order, all rounds
  std::vector<double> values;           // per position, chips won (as logged and verified)
  // False for a PHH hand whose result is not known: a showdown of unknown cards without
  // `winnings` or `finishing_stacks` (values are then 0).
  bool values_known = true;
  // What one chip of `game` is worth in the file's own unit: 1 for ACPC logs; for PHH hands the
  // amounts' unit (0.01 for "0.25"), times the scaling when mapped onto a --game.
  double chip_unit = 1.0;
  // The PHH hand the record was made from (valid in the callback), null for ACPC logs.
  const PhhHand* phh = nullptr;
  // Final state: every hole card and the visible board known, betting replayed.
  poker::State state;
  int num_players() const { return game->num_players; }
  // Did position p reach a showdown (hand ended with several players in and p among them)?
  bool SawShowdown(int p) const { return state.IsShowdown() && !state.folded(p); }

  explicit HandRecord(const poker::GameDef& g) : game(&g), state(g, 0) {}
};

// Fills `record` (game already set) from a replayed finished state and the logged values/names:
// computes the ActionRecords from the state's history.
void BuildActionRecords(const poker::State& state, std::vector<ActionRecord>* actions);

}  // namespace logs_parser

#endif  // LOGS_PARSER_HAND_RECORD_H_
