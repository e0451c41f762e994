#include "tools/arena/player_registry.h"

#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"
#include "solver/cfr_player.h"
#include "tools/bots/rule_bot.h"

namespace arena {
namespace {

absl::StatusOr<std::unique_ptr<poker::Player>> MakeRuleBot(const PlayerContext& context,
                                                           absl::string_view params) {
  // `bot:style=cfr,strategy=FILE[,seed=S]` plays a solver strategy (solver/cfr_player.h).
  for (absl::string_view part : absl::StrSplit(params, ',')) {
    if (absl::StripAsciiWhitespace(part) == "style=cfr") {
      return solver::MakeCfrBot(*context.game, params, context.seed_offset);
    }
  }
  absl::StatusOr<bots::BotConfig> config = bots::ParseBotSpec(params);
  if (!config.ok()) return config.status();
  config->seed += static_cast<uint32_t>(context.seed_offset * 1000003u);
  if (absl::Status fits = bots::CheckBotGame(*context.game, *config); !fits.ok()) return fits;
  return bots::MakeBot(*context.game, *config);
}

// Registers "bot" once, before the first use (not from a static initializer, whose object file a
// static library might leave out).
void RegisterBots() {
  static const bool registered = poker::RegisterPlayerFactory("bot", &MakeRuleBot);
  (void)registered;
}

}  // namespace

std::vector<std::string> RegisteredPlayerKinds() {
  RegisterBots();
  return poker::RegisteredPlayerKinds();
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakePlayer(absl::string_view spec,
                                                          const PlayerContext& context) {
  RegisterBots();
  return poker::MakePlayerFromSpec(spec, context);
}

}  // namespace arena
