// The agent's decision policies (SPEC 9): `fold` (000 Algorithm 2: equity thresholds adjusted
// for players in the pot, stack depth, pot odds and draws), `static` (the same against uniform
// ranges: 003's baseline) and `joker` (001: pot-odds expected value with randomised actions);
// their named parameters; a registry so that other policies (004's `pso`) plug in by name.
#ifndef AGENT_POLICIES_H_
#define AGENT_POLICIES_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "agent/policy.h"
#include "cli/numbers.h"
#include "poker/card.h"
#include "poker/state.h"

namespace agent {

// Every parameter of the built-in policies. Equities are our share of the pot at showdown (0..1);
// thresholds are for heads-up and scaled for more opponents by multiway_exp. Defaults are the
// tuned values documented in docs/agent.md.
struct PolicyParams {
  // 000 Algorithm 2, heads-up: below call_thr fold (check when free), below raise_half_thr
  // check/call, below raise_pot_thr bet half the pot, else bet the pot.
  double call_thr = 0.50;
  double raise_half_thr = 0.62;
  double raise_pot_thr = 0.75;
  // Added to both raise thresholds for every raise already made in the round (a re-raise needs
  // more, a fourth raise much more: stops raising wars with hands that only beat a random hand).
  double reraise_extra = 0.05;
  // With n opponents in the pot every threshold t becomes t * (2 / (n + 1))^multiway_exp: 0.6
  // maps 000's example, 70% to call heads-up, to 55% three-way.
  double multiway_exp = 0.6;
  // Pot odds (001): also call whenever equity >= to_call / (pot + to_call) + pot_odds_margin.
  double pot_odds_margin = 0.05;
  // Every decision's equity is perturbed by a uniform draw in [-noise, +noise] (seeded), so
  // that the agent is not perfectly predictable near its thresholds.
  double threshold_noise = 0.02;
  // Stack depth (000), effective stack in big blinds at the start of the hand (ours against the
  // deepest opponent in): below short_stack_bb preflop is all-in or fold; above deep_stack_bb
  // speculative hands (pairs 22-99, suited connectors and one-gappers 54s and up) call a preflop
  // raise costing at most speculative_max_call_frac of the effective stack.
  double short_stack_bb = 10;
  double deep_stack_bb = 80;
  double speculative_max_call_frac = 0.05;
  // Draws (000): with at least draw_outs outs (flop, turn), call when equity >= pot odds *
  // draw_odds_factor (implied odds), and lead half the pot as a semi-bluff with probability
  // semibluff_prob when checked to.
  double draw_outs = 8;
  double draw_odds_factor = 0.75;
  double semibluff_prob = 0.5;
  // joker (001's short-stack protection): if chips left after calling < protect_bb big blinds
  // and equity < protect_equity, check or fold. (Not in `fold`: with stacks reset every hand it
  // folds pot-committed hands that the pot odds say to call.)
  double protect_bb = 4;
  double protect_equity = 0.5;
  // A bet over overbet_pot times the pot before it is an overbet: only calls (never re-raises
  // unless the pot threshold is met) and only with equity >= pot odds + overbet_margin.
  double overbet_pot = 1.5;
  double overbet_margin = 0.1;
  // Fold equity from the model (1 = on; `fold` only, needs a model): when the thresholds say
  // check, bet instead if the model's expected value of a bet, P(all fold) * pot + P(called) *
  // (equity when called * final pot - our chips) - P(raised) * our chips (we give up to a
  // raise), beats checking (equity * pot) by more than bluff_margin pots.
  double fold_equity = 1;
  double bluff_margin = 0.05;
  // Fold equity is only trusted up to this probability (a model that never saw a bet here
  // must not promise certain folds).
  double max_fold_probability = 0.85;
  // joker (001): m = equity - potOdds, potOdds = (our chips in the pot + what we add) / (pot +
  // what we add). P(continue) = s(m / joker_temp), P(raise | continue) = s((m -
  // joker_raise_margin) / joker_temp) with s the logistic; raise the pot when m >
  // joker_pot_margin, else half. With nothing to call, P(bet) = s((equity -
  // joker_bet_equity) / joker_temp).
  double joker_temp = 0.05;
  double joker_raise_margin = 0.15;
  double joker_pot_margin = 0.3;
  double joker_bet_equity = 0.55;
  // Parameters declared by registered policies (RegisterPolicy), by name.
  std::map<std::string, double, std::less<>> extra;
  // Text parameters declared by registered policies (ExtraParam::text), e.g. a file name.
  std::map<std::string, std::string, std::less<>> extra_text;
};

// One documented parameter of PolicyParams.
struct ParamSpec {
  const char* name;
  double PolicyParams::*field;
  const char* help;
  cli::Range range = cli::AnyNumber();  // the values accepted (SetPolicyParam), shown in --help
};

// The built-in parameters in documentation order.
absl::Span<const ParamSpec> PolicyParamSpecs();

// Sets a parameter by name (built-in, or declared by a registered policy: stored in `extra`).
// InvalidArgument for an unknown name, or a value that is not finite or outside the parameter's
// range.
absl::Status SetPolicyParam(absl::string_view name, double value, PolicyParams* params);
// The value of a parameter by name (NotFound if unknown).
absl::StatusOr<double> GetPolicyParam(absl::string_view name, const PolicyParams& params);

// Builds a policy from the parameters.
using PolicyFactory =
    std::function<absl::StatusOr<std::unique_ptr<Policy>>(const PolicyParams& params)>;

// A parameter a registered policy declares (its value lands in PolicyParams::extra).
struct ExtraParam {
  std::string name;
  double default_value = 0;
  std::string help;
  // A text value (kept in PolicyParams::extra_text, default empty) instead of a number.
  bool text = false;
  cli::Range range = cli::AnyNumber();  // the numbers accepted, shown in --help
};

// Adds or replaces a policy kind; `params` are its own parameters. Thread-safe; returns true (for
// static registration: `static const bool kRegistered = RegisterPolicy("pso", ...);`).
bool RegisterPolicy(const std::string& name, const std::string& description, PolicyFactory factory,
                    std::vector<ExtraParam> params = {});
// Registered kinds ("fold", "joker", "static" always), sorted, with their descriptions.
std::vector<std::pair<std::string, std::string>> RegisteredPolicies();
// Declared extra parameters of every registered policy.
std::vector<ExtraParam> RegisteredExtraParams();

// The policy `name` with `params` (extra parameters not set take their declared defaults).
absl::StatusOr<std::unique_ptr<Policy>> MakePolicy(absl::string_view name,
                                                   const PolicyParams& params);

// --- Betting arithmetic shared by the policies (all amounts in chips). ---

// Chips the player to act must add to call, not capped by its stack.
int32_t ToCall(const poker::State& state);
// The raise-to total of a bet of `fraction` of the pot after calling (SPEC 4: the chips added
// beyond calling over the pot after calling), clamped into the legal range; Call if no raise is
// legal. Limit games: the single legal raise.
poker::Action BetFraction(const poker::State& state, double fraction);
// The whole stack (all-in), or Call if no raise is legal.
poker::Action AllIn(const poker::State& state);
// A legal action close to `action`: fold with nothing to call becomes check, a raise that is not
// allowed becomes call, a raise size is clamped into [min, max] raise-to.
poker::Action MakeLegal(const poker::State& state, const poker::Action& action);
// Effective stack of `me` in big blinds: min(our chips behind, the most chips behind of an
// opponent still in). Very large in limit games.
double EffectiveStackBb(const poker::State& state, int me);
// The same with the stacks at the start of the hand (what 000's stack-depth rules look at).
double StartingStackBb(const poker::State& state, int me);
// Pairs 22-99 and suited connectors or one-gappers from 54s up (000's speculative hands).
bool IsSpeculative(poker::PairCards hole);
// Threshold scale for n opponents in the pot: (2 / (n + 1))^exponent.
double MultiwayScale(int opponents_in, double exponent);

// 000 Algorithm 2 with SPEC 9's adjustments (see PolicyParams). `uniform` selects the `static`
// variant: equity against uniform ranges and no model-based fold equity.
class FoldPolicy : public Policy {
 public:
  FoldPolicy(const PolicyParams& params, bool uniform) : params_(params), uniform_(uniform) {}
  std::string name() const override { return uniform_ ? "static" : "fold"; }
  poker::Action Decide(const Decision& decision) override;
  bool wants_read_ranges() const override { return !uniform_; }
  bool wants_bet_outcomes() const override { return !uniform_ && params_.fold_equity > 0; }
  std::string explanation() const override { return explanation_; }
  // `static` only, heads-up hold'em: each pair's exact equity against a random hand (preflop
  // the all-in table, which the agent's Monte Carlo estimate approaches within about 0.4%), its
  // outs, and over the uniform threshold noise and the semi-bluff draw the share of each action.
  // `fold` reads the opponents' ranges and the model's fold equity: false.
  bool ReportStrategy(const ReportQuery& query, poker::StrategyReport* report) const override;

 private:
  // Bet instead of checking (worth `check_ev` chips) when a bet's expected value from the
  // model's fold and raise probabilities is higher by bluff_margin pots.
  poker::Action MaybeBluff(const Decision& decision, double check_ev);

  PolicyParams params_;
  bool uniform_;
  std::string explanation_;
  // ReportStrategy's cache for one board (it changes nothing Decide uses).
  mutable std::array<double, poker::kNumPairs> report_equity_{};
  mutable std::array<int8_t, poker::kNumPairs> report_outs_{};
  mutable std::array<poker::Card, poker::kMaxBoardCards> report_board_{};
  mutable int report_board_size_ = -1;
  mutable std::vector<std::array<double, 8>> report_rows_;  // per pair, per action met
};

// 001's pot-odds expected value with randomised decisions (see PolicyParams::joker_*).
class JokerPolicy : public Policy {
 public:
  explicit JokerPolicy(const PolicyParams& params) : params_(params) {}
  std::string name() const override { return "joker"; }
  poker::Action Decide(const Decision& decision) override;
  std::string explanation() const override { return explanation_; }

 private:
  PolicyParams params_;
  std::string explanation_;
};

}  // namespace agent

#endif  // AGENT_POLICIES_H_
