#include "agent/pso_policy.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "poker/file_io.h"
#include "poker/hand_strength.h"

namespace agent {
namespace {

using poker::Action;
using poker::State;

// E is kept this far inside (0, 1): at 0 or 1 the shift is infinite.
constexpr double kMinExpected = 1e-9;
// Exact enumeration up to this many evaluations: the heads-up river (~1 K), never the turn
// (~45 K) or the flop (~1.1 M), which Monte Carlo estimates far faster to the accuracy needed.
constexpr int64_t kMaxExactEvaluations = 1100;

std::string F3(double x) { return absl::StrFormat("%.3f", x); }

}  // namespace

double SigmoidShift(double expected, double d) {
  const double e = std::clamp(expected, kMinExpected, 1 - kMinExpected);
  // ln(exp(d) - exp(d E)) - ln(exp(d E) - 1) with the large exponentials factored out:
  // = d (1 - E) + ln(1 - exp(-d (1 - E))) - ln(1 - exp(-d E)).
  return (1 - e) + (std::log(-std::expm1(-d * (1 - e))) - std::log(-std::expm1(-d * e))) / d;
}

double ActionRisk(double equity, double expected, double d) {
  return 1 - Logistic(d * (equity - SigmoidShift(expected, d)));
}

ActionProbabilities SigmoidPolicy(const PsoPoint& x, double equity, bool facing_bet,
                                  bool can_raise) {
  ActionProbabilities p;
  if (facing_bet) {
    const double risk_call = ActionRisk(equity, x[0], x[2]);
    const double risk_raise = ActionRisk(equity, x[1], x[2]);
    p.fold = risk_call;
    p.raise = 1 - risk_raise;
    if (risk_raise >= risk_call) {
      p.call = risk_raise - risk_call;
    } else {
      const double sum = p.fold + p.raise;
      p.fold /= sum;
      p.raise /= sum;
    }
  } else {
    p.raise = 1 - ActionRisk(equity, x[3], x[4]);
    p.call = 1 - p.raise;
  }
  if (!can_raise) {
    p.call += p.raise;
    p.raise = 0;
  }
  return p;
}

double CheapEquity(poker::PairCards hole, absl::Span<const poker::Card> board, int opponents) {
  const double heads_up =
      board.empty() ? poker::PreflopEquity(hole) : poker::HandStrength(hole, board);
  return poker::HandStrengthN(heads_up, std::max(opponents, 1));
}

absl::StatusOr<std::unique_ptr<PsoPolicy>> PsoPolicy::Create(const PsoPolicyOptions& options) {
  if (absl::Status s = ValidateSwarmOptions(options.swarm); !s.ok()) return s;
  for (int i : {0, 1, 3}) {
    if (!(options.fixed[i] > 0 && options.fixed[i] < 1)) {
      return absl::InvalidArgumentError(
          absl::StrCat("pso: fixed x", i + 1, " (an expected probability) must be in (0, 1)"));
    }
  }
  for (int i : {2, 4}) {
    if (!(options.fixed[i] > 0) || !std::isfinite(options.fixed[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("pso: fixed x", i + 1, " (a slope d) must be positive"));
    }
  }
  for (int i : {0, 1, 3}) {
    if (options.optimise && !(options.swarm.lower[i] > 0 && options.swarm.upper[i] < 1)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "pso: the bounds of x", i + 1, " (an expected probability) must lie inside (0, 1)"));
    }
  }
  for (int i : {2, 4}) {
    if (options.optimise && !(options.swarm.lower[i] > 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("pso: the lower bound of x", i + 1, " (a slope d) must be positive"));
    }
  }
  if (options.trials < 1) return absl::InvalidArgumentError("pso: trials must be at least 1");
  if (options.save_every_hands < 0) {
    return absl::InvalidArgumentError("pso: save_every_hands must not be negative");
  }
  auto policy = std::unique_ptr<PsoPolicy>(new PsoPolicy(options));
  if (!options.optimise) return policy;
  // The swarm's file is written during the match: where, is checked before it.
  if (!options.state_path.empty()) {
    if (absl::Status s = poker::CheckOutputPath(options.state_path, "pso_state"); !s.ok()) {
      return poker::FileDataFailure(s);
    }
  }
  std::error_code ec;
  if (options.resume && !options.state_path.empty() &&
      std::filesystem::exists(options.state_path, ec)) {
    absl::StatusOr<Swarm> swarm = Swarm::Load(options.state_path);
    if (!swarm.ok()) return swarm.status();
    policy->swarm_ = *std::move(swarm);
  } else {
    absl::StatusOr<Swarm> swarm = Swarm::Create(options.swarm);
    if (!swarm.ok()) return swarm.status();
    policy->swarm_ = *std::move(swarm);
  }
  return policy;
}

PsoPolicy::PsoPolicy(const PsoPolicyOptions& options)
    : options_(options), own_rng_(options.swarm.seed ^ 0x9E3779B97F4A7C15ULL) {}

PsoPoint PsoPolicy::current() const { return swarm_ ? swarm_->current_position() : options_.fixed; }

double PsoPolicy::Equity(const Decision& decision) {
  const State& state = decision.state;
  if (options_.equity == PsoEquity::kAgent || !state.game().IsHoldemCards()) {
    return decision.equity.equity;
  }
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  const int board_size = state.NumBoardCardsVisible();
  for (int i = 0; i < board_size; ++i) board[i] = state.board_card(i);
  const absl::Span<const poker::Card> board_span(board.data(), board_size);
  int opponents = decision.opponents_in;
  if (opponents <= 0) {
    for (int p = 0; p < state.game().num_players; ++p) {
      opponents += p != decision.me && !state.folded(p);
    }
  }
  opponents = std::clamp(opponents, 1, kMaxOpponents);
  if (options_.equity == PsoEquity::kHandStrength || (board_size == 0 && opponents == 1)) {
    return CheapEquity(decision.hole, board_span, opponents);
  }
  std::array<const Range*, kMaxOpponents> ranges;
  ranges.fill(&uniform_);
  EquityOptions equity_options;
  equity_options.max_trials = options_.trials;
  equity_options.seed = own_rng_();
  equity_options.max_exact_evaluations = kMaxExactEvaluations;
  absl::StatusOr<EquityResult> result = calculator_.Compute(
      decision.hole, board_span, absl::MakeConstSpan(ranges.data(), opponents), equity_options);
  return result.ok() ? result->equity : CheapEquity(decision.hole, board_span, opponents);
}

Action PsoPolicy::Decide(const Decision& decision) {
  const State& state = decision.state;
  std::mt19937_64* rng = decision.rng != nullptr ? decision.rng : &own_rng_;
  const double equity = Equity(decision);
  last_equity_ = equity;
  int32_t min_to = 0;
  int32_t max_to = 0;
  const bool can_raise = state.RaiseRange(&min_to, &max_to);
  const bool facing_bet = state.CanFold();
  const PsoPoint x = current();
  const ActionProbabilities p = SigmoidPolicy(x, equity, facing_bet, can_raise);
  const double u = Uniform(rng);
  Action action = Action::Call();
  if (u < p.fold) {
    action = Action::Fold();
  } else if (u >= p.fold + p.call && can_raise) {
    // 004: the raise-to total is uniform between the minimum and the maximum (all-in).
    const uint64_t span = static_cast<uint64_t>(max_to - min_to) + 1;
    action = Action::Raise(min_to + static_cast<int32_t>(Uniform(rng) * span));
    if (action.raise_to > max_to) action.raise_to = max_to;
  }
  explanation_ = absl::StrCat(
      swarm_ ? absl::StrCat("particle ", swarm_->current_particle(), "/",
                            swarm_->options().particles, " update ", swarm_->updates(), " hand ",
                            swarm_->hands_in_turn(), "/", swarm_->options().hands_per_particle)
             : std::string("fixed"),
      " X=[", absl::StrJoin(x, ",", [](std::string* out, double v) { out->append(F3(v)); }),
      "] I=", F3(equity), facing_bet ? " A" : " B", " p(f,c,r)=(", F3(p.fold), ",", F3(p.call), ",",
      F3(p.raise), ")");
  if (swarm_ && options_.log_swarm && log_swarm_next_) {
    absl::StrAppend(&explanation_, " swarm=", swarm_->ToJson());
    log_swarm_next_ = false;
  }
  return action;
}

void PsoPolicy::EndHand(const State& final_state, int me, double chips) {
  (void)final_state, (void)me;
  if (!swarm_) return;
  const bool updated = swarm_->AddHand(chips);
  if (updated) log_swarm_next_ = true;
  if (!options_.state_path.empty() &&
      (updated ||
       (options_.save_every_hands > 0 && swarm_->hands() % options_.save_every_hands == 0))) {
    Save();
  }
}

void PsoPolicy::Save() {
  absl::Status s = swarm_->Save(options_.state_path);
  if (!s.ok()) save_status_ = std::move(s);
}

// --- Registry glue. ---

const char kPsoDescription[] =
    "004's 5-parameter sigmoid policy optimised online by PSO / BR-PSO (pso_* parameters)";

namespace {

// Parameter names and defaults; the order is the help's.
struct PsoParamDefault {
  const char* name;
  double value;
  const char* help;
};

constexpr PsoParamDefault kPsoParams[] = {
    {"pso_optimise", 1, "pso: 1 = optimise online with a swarm; 0 = play pso_x1..pso_x5"},
    {"pso_x1", 0.86, "pso: fixed policy, x1 = expected P(call or raise) facing a bet"},
    {"pso_x2", 0.85, "pso: fixed policy, x2 = expected P(raise) facing a bet"},
    {"pso_x3", 90.96, "pso: fixed policy, x3 = slope d of the facing-a-bet curves"},
    {"pso_x4", 0.99, "pso: fixed policy, x4 = expected P(bet) with nothing to call"},
    {"pso_x5", 15.11, "pso: fixed policy, x5 = slope d of the nothing-to-call curve"},
    {"pso_variant", 1, "pso: 0 = standard PSO, 1 = BR-PSO (004 eq. 6-8)"},
    {"pso_m", 20, "pso: particles m"},
    {"pso_nf", 1000, "pso: hands n_f each particle plays per turn (its fitness: chips won)"},
    {"pso_w", 0.5, "pso: inertia w (pso_schedule=0)"},
    {"pso_c1", 1.5, "pso: cognitive coefficient c1 (pso_schedule=0)"},
    {"pso_c2", 1.5, "pso: social coefficient c2 (pso_schedule=0)"},
    {"pso_schedule", 0,
     "pso: 0 = fixed w, c1, c2; 1 = sin/cos schedule (w 0.95->0.675, c1 2.5->0.5, c2 0.5->2.5)"},
    {"pso_schedule_updates", 20, "pso: updates over which the sin/cos schedule runs"},
    {"pso_vmax_e", 0, "pso: max |velocity| of x1, x2, x4 per update (0 = unlimited)"},
    {"pso_vmax_d", 0, "pso: max |velocity| of x3, x5 per update (0 = unlimited)"},
    {"pso_e_min", 0.01, "pso: lower bound of x1, x2, x4"},
    {"pso_e_max", 0.99, "pso: upper bound of x1, x2, x4"},
    {"pso_d_min", 1, "pso: lower bound of x3, x5"},
    {"pso_d_max", 100, "pso: upper bound of x3, x5"},
    {"pso_seed", 1, "pso: seed of the swarm (initial positions, update factors)"},
    {"pso_equity", 1,
     "pso: equity I: 0 = hand strength vs random hands, 1 = Monte Carlo vs random hands "
     "(pso_trials), 2 = the agent's equity vs read ranges (slow)"},
    {"pso_trials", 300, "pso: Monte Carlo trials per equity (pso_equity=1)"},
    {"pso_save_every", 0,
     "pso: also save the swarm every this many hands (0 = after updates only)"},
    {"pso_resume", 1, "pso: 1 = continue the swarm found in the state file"},
    {"pso_log_swarm", 1, "pso: 1 = the swarm's state in the decision log after each update"},
};

// A whole number in [lo, hi], or InvalidArgument naming the parameter.
absl::StatusOr<int> WholeIn(const char* name, double value, double lo, double hi) {
  if (!(value >= lo && value <= hi) || value != std::floor(value)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "parameter ", name, ": ", value, " is not a whole number in [", lo, ", ", hi, "]"));
  }
  return static_cast<int>(value);
}

}  // namespace

std::vector<ExtraParam> PsoExtraParams() {
  std::vector<ExtraParam> out;
  for (const PsoParamDefault& p : kPsoParams) out.push_back({p.name, p.value, p.help});
  out.push_back({"pso_state", 0,
                 "pso: file the swarm is saved to (atomically) after every update and resumed "
                 "from (pso_resume); empty = not saved",
                 /*text=*/true});
  return out;
}

absl::StatusOr<PsoPolicyOptions> PsoOptionsFromParams(const PolicyParams& params) {
  std::array<double, std::size(kPsoParams)> v{};
  for (size_t i = 0; i < v.size(); ++i) {
    auto it = params.extra.find(kPsoParams[i].name);
    v[i] = it != params.extra.end() ? it->second : kPsoParams[i].value;
  }
  auto get = [&v](absl::string_view name) {
    for (size_t i = 0; i < v.size(); ++i) {
      if (name == kPsoParams[i].name) return v[i];
    }
    return 0.0;  // unreachable for the names below
  };
  auto whole = [&get](const char* name, double lo, double hi) {
    return WholeIn(name, get(name), lo, hi);
  };
  PsoPolicyOptions o;
  absl::StatusOr<int> flag = whole("pso_optimise", 0, 1);
  if (!flag.ok()) return flag.status();
  o.optimise = *flag == 1;
  for (int i = 0; i < kPsoDims; ++i) o.fixed[i] = get(absl::StrCat("pso_x", i + 1));
  if (flag = whole("pso_variant", 0, 1); !flag.ok()) return flag.status();
  o.swarm.variant = *flag == 0 ? PsoVariant::kStandard : PsoVariant::kBrPso;
  if (flag = whole("pso_m", 1, 100000); !flag.ok()) return flag.status();
  o.swarm.particles = *flag;
  if (flag = whole("pso_nf", 1, 1e9); !flag.ok()) return flag.status();
  o.swarm.hands_per_particle = *flag;
  o.swarm.inertia = get("pso_w");
  o.swarm.cognitive = get("pso_c1");
  o.swarm.social = get("pso_c2");
  if (flag = whole("pso_schedule", 0, 1); !flag.ok()) return flag.status();
  o.swarm.schedule = *flag == 0 ? PsoSchedule::kFixed : PsoSchedule::kSinCos;
  if (flag = whole("pso_schedule_updates", 1, 1e9); !flag.ok()) return flag.status();
  o.swarm.schedule_updates = *flag;
  const double vmax_e = get("pso_vmax_e");
  const double vmax_d = get("pso_vmax_d");
  o.swarm.max_velocity = {vmax_e, vmax_e, vmax_d, vmax_e, vmax_d};
  const double e_min = get("pso_e_min");
  const double e_max = get("pso_e_max");
  const double d_min = get("pso_d_min");
  const double d_max = get("pso_d_max");
  o.swarm.lower = {e_min, e_min, d_min, e_min, d_min};
  o.swarm.upper = {e_max, e_max, d_max, e_max, d_max};
  const double seed = get("pso_seed");
  if (!(seed >= 0 && seed < 0x1p53) || seed != std::floor(seed)) {
    return absl::InvalidArgumentError("parameter pso_seed: not a whole number >= 0");
  }
  o.swarm.seed = static_cast<uint64_t>(seed);
  if (flag = whole("pso_equity", 0, 2); !flag.ok()) return flag.status();
  o.equity = static_cast<PsoEquity>(*flag);
  if (flag = whole("pso_trials", 1, 1e9); !flag.ok()) return flag.status();
  o.trials = *flag;
  if (flag = whole("pso_save_every", 0, 1e9); !flag.ok()) return flag.status();
  o.save_every_hands = *flag;
  if (flag = whole("pso_resume", 0, 1); !flag.ok()) return flag.status();
  o.resume = *flag == 1;
  if (flag = whole("pso_log_swarm", 0, 1); !flag.ok()) return flag.status();
  o.log_swarm = *flag == 1;
  if (auto it = params.extra_text.find("pso_state"); it != params.extra_text.end()) {
    o.state_path = it->second;
  }
  return o;
}

absl::StatusOr<std::unique_ptr<Policy>> MakePsoPolicy(const PolicyParams& params) {
  absl::StatusOr<PsoPolicyOptions> options = PsoOptionsFromParams(params);
  if (!options.ok()) return options.status();
  absl::StatusOr<std::unique_ptr<PsoPolicy>> policy = PsoPolicy::Create(*options);
  if (!policy.ok()) return policy.status();
  return std::unique_ptr<Policy>(*std::move(policy));
}

}  // namespace agent

namespace agent {
namespace {

// The agent's `--policy pso` (and the arena's `agent:policy=pso`).
const bool kRegistered = RegisterPolicy("pso", kPsoDescription, MakePsoPolicy, PsoExtraParams());

}  // namespace
}  // namespace agent
