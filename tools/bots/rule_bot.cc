#include "tools/bots/rule_bot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli/numbers.h"
#include "poker/draws.h"
#include "poker/hand_strength.h"
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
    // Numbers through the shared checks: finite ("nan" passed every comparison) and in range.
    const auto bad = [&spec](const absl::Status& status) {
      return absl::InvalidArgumentError(absl::StrCat("bot spec '", spec, "': ", status.message()));
    };
    if (key == "alpha" || key == "beta") {
      absl::StatusOr<double> v = cli::ParseNumber(key, value, cli::Between(0, 1));
      if (!v.ok()) return bad(v.status());
      (key == "alpha" ? config.alpha : config.beta) = *v;
    } else if (key == "seed") {
      absl::StatusOr<uint32_t> v = cli::ParseWhole<uint32_t>(key, value, cli::AtLeast(0));
      if (!v.ok()) return bad(v.status());
      config.seed = *v;
    } else if (key == "trials") {
      absl::StatusOr<int> v = cli::ParseWhole<int>(key, value, cli::WholeBetween(1, 1e8));
      if (!v.ok()) return bad(v.status());
      config.trials = *v;
    } else if (key == "stack_bb" && config.style == Style::kPushFold) {
      absl::StatusOr<double> v = cli::ParseNumber(key, value, cli::Between(1, 1000));
      if (!v.ok()) return bad(v.status());
      config.push_fold_stack_bb = *v;
    } else if (key == "draws") {
      const std::optional<bool> hand_draws = poker::ParseHandDraws(value);
      if (!hand_draws.has_value()) return BadValue(key, value, spec);
      config.hand_draws = *hand_draws;
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
                       "' (expected style, alpha, beta, seed, trials, raise, draws; stack_bb for "
                       "style pushfold)"));
    }
  }
  return config;
}

RuleBot::RuleBot(const poker::GameDef& game, const BotConfig& config)
    : config_(config), equity_(game), seed_(0xB07ULL << 32 | config.seed), rng_(seed_) {}

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
  if (config_.hand_draws) {
    rng_.Seed(poker::DrawSeed(seed_, state.hand_number(), state.ActionsSoFar()));
  }
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

namespace {

// A report that plays `actions` with `probs` whatever the cards.
void SameForEverySet(const State& state, absl::Span<const Action> actions,
                     absl::Span<const double> probs, poker::StrategyReport* report) {
  const poker::HoleSets sets(state.game());
  report->actions.clear();
  std::array<int, 3> column{};  // at most fold, call, raise
  for (size_t a = 0; a < actions.size() && a < column.size(); ++a) {
    column[a] = report->AddAction(poker::RecordedAction(state, actions[a]));
  }
  report->ZeroRows(sets.size());
  for (int s = 0; s < sets.size(); ++s) {
    for (size_t a = 0; a < actions.size(); ++a) report->at(s, column[a]) += probs[a];
  }
}

bool Acting(const MatchState& view) {
  return !view.state.finished() && view.state.CurrentPlayer() == view.viewer;
}

}  // namespace

void RuleBot::PrepareReportEquity(const State& state) const {
  const int size = state.NumBoardCardsVisible();
  std::array<Card, poker::kMaxBoardCards> board{};
  for (int i = 0; i < size; ++i) board[i] = state.board_card(i);
  if (size == report_board_size_ && board == report_board_) return;
  report_board_ = board;
  report_board_size_ = size;
  report_equity_.fill(0);
  if (size == 0) {
    for (int p = 0; p < poker::kNumPairs; ++p) {
      const poker::PairCards pair = poker::PairFromIndex(p);
      report_equity_[p] = equity_.PreflopClassEquity(poker::StartingHandClass(pair), 1);
    }
    return;
  }
  std::array<double, poker::kNumPairs> equity;
  poker::AllPairsEquity(absl::MakeConstSpan(board.data(), size), &equity);
  for (int p = 0; p < poker::kNumPairs; ++p) report_equity_[p] = std::max(equity[p], 0.0);
}

bool RuleBot::ReportStrategy(const MatchState& view, poker::StrategyReport* report) const {
  if (!Acting(view)) return false;
  const double one = 1;
  switch (config_.style) {
    case Style::kStation: {
      const Action call = Action::Call();
      SameForEverySet(view.state, absl::MakeConstSpan(&call, 1), absl::MakeConstSpan(&one, 1),
                      report);
      return true;
    }
    case Style::kRaiser: {
      const Action raise = RaiseOrCall(view.state);
      SameForEverySet(view.state, absl::MakeConstSpan(&raise, 1), absl::MakeConstSpan(&one, 1),
                      report);
      return true;
    }
    default:
      break;
  }
  const State& state = view.state;
  const poker::GameDef& game = state.game();
  if (!equity_.is_holdem() || game.num_players - state.NumFolded() != 2) return false;
  PrepareReportEquity(state);
  const Action actions[3] = {Action::Fold(), Action::Call(), RaiseOrCall(state)};
  report->actions.clear();
  std::array<int, 3> column{};
  for (int a = 0; a < 3; ++a)
    column[a] = report->AddAction(poker::RecordedAction(state, actions[a]));
  report->ZeroRows(poker::kNumPairs);
  // Act's estimate is exact preflop (the class table) and where enumerating takes at most
  // `trials` evaluations ((live opponent pairs + 1) * completions of the board, as the equity
  // calculator counts them: the river with the default 1000); elsewhere a mean of `trials` deals.
  const int visible = state.NumBoardCardsVisible();
  const int64_t live = poker::kNumCards - 2 - visible;
  int64_t completions = 1;
  for (int k = 0; k < 5 - visible; ++k) completions = completions * (live - k) / (k + 1);
  const bool estimated =
      visible > 0 && (live * (live - 1) / 2 + 1) * completions > int64_t{config_.trials};
  const double raise_at = std::max(config_.alpha, config_.beta);  // Act tests alpha first
  poker::CardSet board;
  for (int i = 0; i < visible; ++i) board.Add(state.board_card(i));
  for (int p = 0; p < poker::kNumPairs; ++p) {
    const poker::PairCards pair = poker::PairFromIndex(p);
    if (board.Contains(pair.low) || board.Contains(pair.high)) continue;
    const double e = report_equity_[p];
    double below_alpha = e < config_.alpha ? 1.0 : 0.0;
    double at_least_beta = e >= raise_at ? 1.0 : 0.0;
    const double sd = std::sqrt(std::max(e * (1 - e), 0.0) / std::max(config_.trials, 1));
    if (estimated && sd > 0) {
      // P(estimate < t) for an estimate ~ N(e, sd^2).
      auto below = [&](double t) { return 0.5 * std::erfc((e - t) / (sd * std::sqrt(2.0))); };
      below_alpha = below(config_.alpha);
      at_least_beta = 1 - below(raise_at);
    }
    report->at(p, column[0]) += below_alpha;
    report->at(p, column[2]) += at_least_beta;
    report->at(p, column[1]) += std::max(0.0, 1 - below_alpha - at_least_beta);
  }
  return true;
}

bool RandomBot::ReportStrategy(const MatchState& view, poker::StrategyReport* report) const {
  if (!Acting(view)) return false;
  const State& state = view.state;
  int32_t min_to = 0;
  int32_t max_to = 0;
  const bool can_raise = state.RaiseRange(&min_to, &max_to);
  if (can_raise && min_to != max_to) return false;
  // Act's probabilities, renormalised over the legal actions.
  double probs[3] = {state.CanFold() ? 0.06 : 0.0, 0.47, can_raise ? 0.47 : 0.0};
  const double total = probs[0] + probs[1] + probs[2];
  for (double& p : probs) p /= total;
  const Action actions[3] = {Action::Fold(), Action::Call(), Action::Raise(min_to)};
  SameForEverySet(state, absl::MakeConstSpan(actions, can_raise ? 3 : 2),
                  absl::MakeConstSpan(probs, can_raise ? 3 : 2), report);
  return true;
}

Action RandomBot::Act(const MatchState& view) {
  const State& state = view.state;
  if (hand_draws_) {
    rng_.seed(static_cast<uint32_t>(
        poker::DrawSeed(seed_, state.hand_number(), state.ActionsSoFar()) >> 32));
  }
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
                                         config.trials, config.seed, config.hand_draws);
  }
  return std::make_unique<RuleBot>(game, config);
}

}  // namespace bots
