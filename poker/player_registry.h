// Named factories that build poker::Players from text specs such as `bot:style=ta,seed=3`, so
// the arena (tools/) can seat any kind of player and the libraries that define players (agent/,
// the bots) register their kinds without an include upward:
//
//   // in the agent library (linked into `arena` whole-archive, see tools/arena/CMakeLists.txt):
//   static const bool kRegistered = poker::RegisterPlayerFactory("agent", &MakeAgentPlayer);
//
// or call RegisterPlayerFactory from main before parsing specs. The arena registers "bot".
#ifndef POKER_PLAYER_REGISTRY_H_
#define POKER_PLAYER_REGISTRY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "poker/player.h"

namespace poker {

// What a factory knows about the seat it fills.
struct PlayerContext {
  const poker::GameDef* game = nullptr;  // the match's game (outlives the player)
  int seat = 0;                          // seat index in the match (command-line order)
  std::string name;                      // the seat's name
  // 0 for a ring match (every duplicate rotation gets the same players, so that mirrored seats
  // decide alike); the repetition index in tournaments, so repetitions are independent. Random
  // players should mix it into their seed.
  uint64_t seed_offset = 0;
};

// Builds a player from the part of a spec after `kind:` (e.g. `style=ta,seed=3`).
using PlayerFactory = std::function<absl::StatusOr<std::unique_ptr<poker::Player>>(
    const PlayerContext& context, absl::string_view params)>;

// Adds or replaces the factory for `kind`. Thread-safe; returns true (for static registration).
bool RegisterPlayerFactory(const std::string& kind, PlayerFactory factory);

// The kinds registered, sorted.
std::vector<std::string> RegisteredPlayerKinds();

// Builds a player from `kind:params` (or just `kind`). Errors name the spec and the known kinds.
absl::StatusOr<std::unique_ptr<poker::Player>> MakePlayerFromSpec(absl::string_view spec,
                                                                  const PlayerContext& context);

}  // namespace poker

#endif  // POKER_PLAYER_REGISTRY_H_
