#include "tools/bots/rule_bot.h"

#include <algorithm>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tools/bots/push_fold.h"

namespace bots {
namespace {

using poker::Action;
using poker::Card;
using poker::MatchState;
using poker::State;

struct StyleEntry {
  const char* name;
  Style style;
  double alpha;
  double beta;
};

// SPEC section 11 thresholds; station and raiser ignore them; pushfold's beta is its least
// equity for an all-in after the flop (about top pair with a good kicker against a random hand).
constexpr StyleEntry kStyles[] = {
    {"la", Style::kLooseAggressive, 0.30, 0.45}, {"lp", Style::kLoosePassive, 0.30, 0.85},
    {"ta", Style::kTightAggressive, 0.55, 0.65}, {"tp", Style::kTightPassive, 0.55, 0.85},
    {"station", Style::kStation, 0.0, 2.0},      {"raiser", Style::kRaiser, 0.0, 0.0},
    {"random", Style::kRandom, 0.0, 0.0},        {"pushfold", Style::kPushFold, 0.0, 0.75},
};

absl::Status BadValue(absl::string_view key, absl::string_view value, absl::string_view spec) {
  return absl::InvalidArgumentError(
      absl::StrCat("bot spec '", spec, "': bad value '", value, "' for ", key));
}

}  // namespace

absl::StatusOr<Style> ParseStyle(absl::string_view name) {
  for (const StyleEntry& entry : kStyles) {
    if (name == entry.name) return entry.style;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown bot style '", name,
      "' (expected la, lp, ta, tp, station, raiser, random, pushfold, or cfr with a strategy "
      "file)"));
}

const char* StyleName(Style style) {
  for (const StyleEntry& entry : kStyles) {
    if (entry.style == style) return entry.name;
  }
  return "?";
}

BotConfig DefaultConfig(Style style) {
  BotConfig config;
  config.style = style;
  for (const StyleEntry& entry : kStyles) {
    if (entry.style == style) {
      config.alpha = entry.alpha;
      config.beta = entry.beta;
    }
  }
  return config;
}

absl::StatusOr<BotConfig> ParseBotSpec(absl::string_view spec) {
  std::vector<std::pair<std::string, std::string>> pairs;
  bool has_style = false;
  BotConfig config;
  for (absl::string_view item : absl::StrSplit(spec, ',', absl::SkipEmpty())) {
    std::pair<std::string, std::string> kv = absl::StrSplit(item, absl::MaxSplits('=', 1));
    if (kv.first == "style") {
      absl::StatusOr<Style> style = ParseStyle(kv.second);
      if (!style.ok()) return style.status();
      config = DefaultConfig(*style);
      has_style = true;
    } else {
      pairs.push_back(std::move(kv));
    }
  }
  if (!has_style) {
    return absl::InvalidArgumentError(absl::StrCat("bot spec '", spec, "' has no style=..."));
  }
  for (const auto& [key, value] : pairs) {
    if (key == "alpha" || key == "beta") {
      double v = 0;
      if (!absl::SimpleAtod(value, &v) || v < 0 || v > 1) return BadValue(key, value, spec);
      (key == "alpha" ? config.alpha : config.beta) = v;
    } else if (key == "seed") {
      if (!absl::SimpleAtoi(value, &config.seed)) return BadValue(key, value, spec);
    } else if (key == "trials") {
      if (!absl::SimpleAtoi(value, &config.trials) || config.trials < 1) {
        return BadValue(key, value, spec);
      }
    } else if (key == "stack_bb" && config.style == Style::kPushFold) {
      double v = 0;
      if (!absl::SimpleAtod(value, &v) || !(v >= 1 && v <= 1000)) return BadValue(key, value, spec);
      config.push_fold_stack_bb = v;
    } else if (key == "raise") {
      if (value == "pot") {
        config.raise_size = RaiseSize::kPot;
      } else if (value == "min") {
        config.raise_size = RaiseSize::kMin;
      } else if (value == "allin") {
        config.raise_size = RaiseSize::kAllIn;
      } else {
        return BadValue(key, value, spec);
      }
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("bot spec '", spec, "': unknown key '", key,
                       "' (expected style, alpha, beta, seed, trials, raise; stack_bb for "
                       "style pushfold)"));
    }
  }
  return config;
}

RuleBot::RuleBot(const poker::GameDef& game, const BotConfig& config)
    : config_(config), equity_(game), rng_(0xB07ULL << 32 | config.seed) {}

double RuleBot::EquityFor(const MatchState& view) {
  const State& state = view.state;
  const poker::GameDef& game = state.game();
  Card hole[poker::kMaxHoleCards];
  for (int i = 0; i < game.num_hole_cards; ++i) hole[i] = state.hole_card(view.viewer, i);
  Card board[poker::kMaxBoardCards];
  const int board_size = state.NumBoardCardsVisible();
  for (int i = 0; i < board_size; ++i) board[i] = state.board_card(i);
  const int opponents = game.num_players - state.NumFolded() - 1;
  return equity_.Equity(absl::MakeConstSpan(hole, game.num_hole_cards),
                        absl::MakeConstSpan(board, board_size), std::max(opponents, 1),
                        config_.trials, &rng_);
}

Action RuleBot::RaiseOrCall(const State& state) const {
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return Action::Call();
  int32_t to = min_to;
  switch (config_.raise_size) {
    case RaiseSize::kPot: {
      const int32_t to_call = state.max_spent() - state.spent(state.CurrentPlayer());
      to = state.max_spent() + state.pot() + to_call;
      break;
    }
    case RaiseSize::kMin:
      to = min_to;
      break;
    case RaiseSize::kAllIn:
      to = max_to;
      break;
  }
  return Action::Raise(std::clamp(to, min_to, max_to));
}

Action RuleBot::Act(const MatchState& view) {
  const State& state = view.state;
  switch (config_.style) {
    case Style::kStation:
      return Action::Call();
    case Style::kRaiser:
      return RaiseOrCall(state);
    default:
      break;
  }
  const double equity = EquityFor(view);
  if (equity < config_.alpha) return state.CanFold() ? Action::Fold() : Action::Call();
  if (equity >= config_.beta) return RaiseOrCall(state);
  return Action::Call();
}

Action RandomBot::Act(const MatchState& view) {
  const State& state = view.state;
  // The example player's probabilities, renormalised over the legal actions.
  double probs[3] = {state.CanFold() ? 0.06 : 0.0, 0.47, 0.0};
  int32_t min_to = 0;
  int32_t max_to = 0;
  const bool can_raise = state.RaiseRange(&min_to, &max_to);
  if (can_raise) probs[2] = 0.47;
  const double total = probs[0] + probs[1] + probs[2];
  // genrand_real2: a 32-bit draw scaled into [0, 1).
  double u = rng_() * (1.0 / 4294967296.0);
  int choice = 0;
  for (; choice < 2; ++choice) {
    const double p = probs[choice] / total;
    if (u <= p && p > 0) break;
    u -= p;
  }
  if (choice == 0) return Action::Fold();
  if (choice == 1 || !can_raise) return Action::Call();
  const uint32_t span = static_cast<uint32_t>(max_to - min_to) + 1;
  return Action::Raise(min_to + static_cast<int32_t>(rng_() % span));
}

absl::Status CheckBotGame(const poker::GameDef& game, const BotConfig& config) {
  if (config.style == Style::kPushFold) return CheckPushFoldGame(game);
  return absl::OkStatus();
}

std::unique_ptr<poker::Player> MakeBot(const poker::GameDef& game, const BotConfig& config) {
  if (config.style == Style::kRandom) return std::make_unique<RandomBot>(config);
  if (config.style == Style::kPushFold) {
    return std::make_unique<PushFoldBot>(game, config.push_fold_stack_bb, config.beta,
                                         config.trials, config.seed);
  }
  return std::make_unique<RuleBot>(game, config);
}

}  // namespace bots
