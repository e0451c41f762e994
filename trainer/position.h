// Position classes for entry rates (000 eq. 5): front, middle, rear and blinds, defined for any
// ACPC game of 2 to 10 players.
#ifndef TRAINER_POSITION_H_
#define TRAINER_POSITION_H_

#include <array>
#include <cstdint>

#include "poker/game_def.h"

namespace trainer {

// Where a position sits relative to the button; the model file indexes entry counts by it.
enum class PositionClass : uint8_t { kFront = 0, kMiddle = 1, kRear = 2, kBlinds = 3 };
// Number of PositionClass values.
inline constexpr int kNumPositionClasses = 4;

// "front", "middle", "rear", "blinds".
const char* PositionClassName(PositionClass position_class);

// The class of every position of a game (entries past num_players are unspecified):
// - 2 players: the position that acts first preflop (the button, which posts the small blind
//   in `reverse_blinds` games) is rear, the other blinds.
// - 3+ players: positions posting a blind are blinds, unless every position posts one (antes),
//   in which case none is. The other m positions, in preflop acting order (from firstPlayer),
//   are split as: the last ceil(m/3) rear, then of the remaining r the first ceil(r/2) front
//   and the rest middle. 6 players (UTG, MP, CO, BTN, SB, BB): front, middle, rear, rear,
//   blinds, blinds; 10 players: 3 front, 2 middle, 3 rear, 2 blinds; 3 players: rear, blinds,
//   blinds.
std::array<PositionClass, poker::kMaxPlayers> PositionClasses(const poker::GameDef& game);

}  // namespace trainer

#endif  // TRAINER_POSITION_H_
