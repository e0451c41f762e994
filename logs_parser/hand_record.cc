#include "logs_parser/hand_record.h"

namespace logs_parser {

const char* ActionKindName(ActionKind kind) {
  switch (kind) {
    case ActionKind::kFold:
      return "fold";
    case ActionKind::kCheck:
      return "check";
    case ActionKind::kCall:
      return "call";
    case ActionKind::kRaise:
      return "raise";
    case ActionKind::kAllIn:
      return "all-in";
  }
  return "?";
}

void BuildActionRecords(const poker::State& state, std::vector<ActionRecord>* actions) {
  actions->clear();
  // The finished state keeps only the actions; the amounts before each one come from replaying
  // them on a fresh hand, so the arithmetic is the rules engine's, not ours.
  const poker::GameDef& game = state.game();
  poker::State replay(game, state.hand_number());
  for (int round = 0; round <= state.round(); ++round) {
    for (int i = 0; i < state.num_actions(round); ++i) {
      const poker::Action& action = state.action(round, i);
      const int player = state.actor(round, i);
      ActionRecord record;
      record.player = static_cast<uint8_t>(player);
      record.round = static_cast<uint8_t>(round);
      record.pot_before = replay.pot();
      record.to_call = replay.AmountToCall();
      record.spent_before = replay.spent(player);
      switch (action.type) {
        case poker::ActionType::kFold:
          record.kind = ActionKind::kFold;
          break;
        case poker::ActionType::kCall:
          record.kind = record.to_call > 0 ? ActionKind::kCall : ActionKind::kCheck;
          break;
        case poker::ActionType::kRaise:
          record.raise_to = action.raise_to;
          record.kind = game.is_no_limit() && action.raise_to >= game.stack[player]
                            ? ActionKind::kAllIn
                            : ActionKind::kRaise;
          break;
      }
      actions->push_back(record);
      // The state was built by applying these very actions, so this cannot fail; stop rather
      // than record amounts from a diverged replay if it ever did.
      if (!replay.Apply(action).ok()) return;
    }
  }
}

}  // namespace logs_parser
