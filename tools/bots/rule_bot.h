// Rule-based opponents (SPEC section 11): threshold bots LA, LP, TA, TP (alpha = least equity vs
// random hands to keep playing, beta = least to raise), always-call, always-raise, the ACPC
// example player's random policy, and a push/fold bot (push_fold.h). Each is a poker::Player, so it plays in the arena and, through
// the acpc_client library, against any ACPC dealer.
#ifndef TOOLS_BOTS_RULE_BOT_H_
#define TOOLS_BOTS_RULE_BOT_H_

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"
#include "tools/bots/equity.h"

namespace bots {

enum class Style {
  kLooseAggressive,  // "la": alpha 0.30, beta 0.45
  kLoosePassive,     // "lp": alpha 0.30, beta 0.85
  kTightAggressive,  // "ta": alpha 0.55, beta 0.65
  kTightPassive,     // "tp": alpha 0.55, beta 0.85
  kStation,          // "station": always check/call
  kRaiser,           // "raiser": raise whenever legal, else call
  kRandom,           // "random": the ACPC example player (fold 0.06, call 0.47, raise 0.47)
  kPushFold,         // "pushfold": shove or fold from push/fold equilibrium ranges (push_fold.h)
};

// How a bot sizes a no-limit raise (limit raises have one size). The chosen raise-to is clamped
// into the legal [min, max].
enum class RaiseSize {
  kPot,    // "pot": call, then raise by the pot after calling: max_spent + pot + to_call
  kMin,    // "min": the minimum legal raise-to
  kAllIn,  // "allin": the whole stack
};

struct BotConfig {
  Style style = Style::kTightAggressive;
  double alpha = 0.55;  // threshold styles: fold (check if free) below this equity
  double beta = 0.65;   // threshold styles: raise at or above this equity
  uint32_t seed = 1;    // every random choice (Monte Carlo draws, the random policy)
  int trials = 1000;    // Monte Carlo deals per decision after the flop
  RaiseSize raise_size = RaiseSize::kPot;
  // pushfold: the stack (big blinds) of the push/fold game whose ranges it plays; beta is then
  // the least equity against a random hand for an all-in after the flop.
  double push_fold_stack_bb = 15;
  // Every decision's draws from a generator seeded by (seed, hand, actions so far:
  // poker::DrawSeed) instead of one stream for the match (`draws=hand`).
  bool hand_draws = false;
};

// "la" -> kLooseAggressive, ... ; an error naming the accepted styles otherwise.
absl::StatusOr<Style> ParseStyle(absl::string_view name);
const char* StyleName(Style style);
// The style's config with SPEC section 11's [alpha, beta].
BotConfig DefaultConfig(Style style);

// Parses `style=ta[,alpha=A][,beta=B][,seed=S][,trials=T][,raise=pot|min|allin][,draws=hand|match]`
// (keys in any order, style required), and for style pushfold `stack_bb=N` (1 to 1000). Errors name the key and
// the bad value.
absl::StatusOr<BotConfig> ParseBotSpec(absl::string_view spec);

// A threshold, station or raiser bot: equity e of its hand against random hands for the number of
// opponents still in (not folded): preflop from a cached table, later by Monte Carlo with
// config.trials deals. Threshold styles: e < alpha folds (checks when nothing is to be called),
// e >= beta raises when a raise is legal, otherwise check/call.
class RuleBot : public poker::Player {
 public:
  RuleBot(const poker::GameDef& game, const BotConfig& config);
  poker::Action Act(const poker::MatchState& view) override;
  // Station and raiser: their one action for every set. The threshold styles, heads-up hold'em
  // only (false elsewhere): each pair's exact equity e against a random hand (preflop: the
  // class's cached value, as Act uses it; the river: exact, as Act computes it), and on the flop
  // and turn, where Act thresholds a Monte Carlo estimate of `trials` deals, the probability that
  // the estimate falls on each side of alpha and beta, taken as normal with standard deviation
  // sqrt(e (1 - e) / trials): an approximation of what Act draws.
  bool ReportStrategy(const poker::MatchState& view, poker::StrategyReport* report) const override;

  // The equity the bot would use in `view` (for tests and tuning).
  double EquityFor(const poker::MatchState& view);

 private:
  poker::Action RaiseOrCall(const poker::State& state) const;
  // Each pair's exact equity against one random hand on `state`'s board (report_equity_), kept
  // for the board it was computed on.
  void PrepareReportEquity(const poker::State& state) const;

  BotConfig config_;
  EquityEstimator equity_;
  uint64_t seed_;  // of rng_ (and of every decision's, with config_.hand_draws)
  poker::Rng rng_;
  // ReportStrategy's cache (it changes nothing Act uses).
  mutable std::array<double, poker::kNumPairs> report_equity_{};
  mutable std::array<poker::Card, poker::kMaxBoardCards> report_board_{};
  mutable int report_board_size_ = -1;
};

// The ACPC example player's random policy: fold 0.06, call 0.47, raise 0.47, with fold dropped
// when nothing is to be called, raise dropped when no raise is legal, and the rest renormalised;
// a raise-to uniform in [min, max]. Draws come from MT19937 seeded with config.seed.
class RandomBot : public poker::Player {
 public:
  explicit RandomBot(const BotConfig& config)
      : rng_(config.seed), seed_(config.seed), hand_draws_(config.hand_draws) {}
  poker::Action Act(const poker::MatchState& view) override;
  // The same probabilities for every set; false where a no-limit raise is legal (its size is
  // uniform over every legal raise-to: thousands of actions).
  bool ReportStrategy(const poker::MatchState& view, poker::StrategyReport* report) const override;

 private:
  std::mt19937 rng_;
  uint32_t seed_;
  bool hand_draws_;
};

// Why config.style cannot play `game` (pushfold: heads-up no-limit hold'em only), or OK.
absl::Status CheckBotGame(const poker::GameDef& game, const BotConfig& config);

// The bot of config.style. `game` must pass CheckBotGame and outlive it.
std::unique_ptr<poker::Player> MakeBot(const poker::GameDef& game, const BotConfig& config);

}  // namespace bots

#endif  // TOOLS_BOTS_RULE_BOT_H_
