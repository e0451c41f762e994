// The arena's view of the player registry, which lives in poker/player_registry.h so that the
// libraries defining players (the agent, the bots) register their kinds without an include
// upward. The arena adds the "bot" kind: MakePlayer and RegisteredPlayerKinds here always know it.
#ifndef TOOLS_ARENA_PLAYER_REGISTRY_H_
#define TOOLS_ARENA_PLAYER_REGISTRY_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/player.h"
#include "poker/player_registry.h"

namespace arena {

using poker::PlayerContext;
using poker::PlayerFactory;
using poker::RegisterPlayerFactory;

// The kinds registered, sorted ("bot" is always there).
std::vector<std::string> RegisteredPlayerKinds();

// Builds a player from `kind:params` (or just `kind`). Errors name the spec and the known kinds.
absl::StatusOr<std::unique_ptr<poker::Player>> MakePlayer(absl::string_view spec,
                                                          const PlayerContext& context);

}  // namespace arena

#endif  // TOOLS_ARENA_PLAYER_REGISTRY_H_
