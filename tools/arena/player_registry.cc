#include "tools/arena/player_registry.h"

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
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
  return bots::MakeBot(*context.game, *config);
}

struct Registry {
  std::mutex mutex;
  std::map<std::string, PlayerFactory> factories;
};

// Built on first use, so registrations from static initializers in other libraries are safe.
Registry& GetRegistry() {
  static Registry* registry = [] {
    auto* r = new Registry;
    r->factories["bot"] = &MakeRuleBot;
    return r;
  }();
  return *registry;
}

}  // namespace

bool RegisterPlayerFactory(const std::string& kind, PlayerFactory factory) {
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.factories[kind] = std::move(factory);
  return true;
}

std::vector<std::string> RegisteredPlayerKinds() {
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<std::string> kinds;
  for (const auto& [kind, factory] : registry.factories) kinds.push_back(kind);
  return kinds;
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakePlayer(absl::string_view spec,
                                                          const PlayerContext& context) {
  const size_t colon = spec.find(':');
  const std::string kind(spec.substr(0, colon));
  const absl::string_view params =
      colon == absl::string_view::npos ? absl::string_view() : spec.substr(colon + 1);
  PlayerFactory factory;
  {
    Registry& registry = GetRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto it = registry.factories.find(kind);
    if (it != registry.factories.end()) factory = it->second;
  }
  if (!factory) {
    return absl::InvalidArgumentError(
        absl::StrCat("player spec '", spec, "': unknown kind '", kind,
                     "' (known: ", absl::StrJoin(RegisteredPlayerKinds(), ", "), ")"));
  }
  absl::StatusOr<std::unique_ptr<poker::Player>> player = factory(context, params);
  if (!player.ok()) {
    return absl::Status(player.status().code(),
                        absl::StrCat("player '", context.name, "': ", player.status().message()));
  }
  return player;
}

}  // namespace arena
