#include "agent/policies.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "poker/card.h"
#include "poker/hand_strength.h"
#include "poker/strategy_report.h"

namespace agent {
namespace {

using poker::Action;
using poker::State;

constexpr ParamSpec kParamSpecs[] = {
    {"call_thr", &PolicyParams::call_thr,
     "fold/static: heads-up equity below which a bet is folded (checked when free)",
     cli::Between(0, 2)},
    {"raise_half_thr", &PolicyParams::raise_half_thr,
     "fold/static: heads-up equity from which the agent bets/raises half the pot",
     cli::Between(0, 2)},
    {"raise_pot_thr", &PolicyParams::raise_pot_thr,
     "fold/static: heads-up equity from which the agent bets/raises the pot", cli::Between(0, 2)},
    {"reraise_extra", &PolicyParams::reraise_extra,
     "fold/static: added to both raise thresholds per raise already made in the round",
     cli::Between(0, 1)},
    {"multiway_exp", &PolicyParams::multiway_exp,
     "fold/static: thresholds scale by (2/(opponents+1))^multiway_exp", cli::Between(0, 10)},
    {"pot_odds_margin", &PolicyParams::pot_odds_margin,
     "fold/static: also call when equity >= to_call/(pot+to_call) + this", cli::Between(-1, 1)},
    {"threshold_noise", &PolicyParams::threshold_noise,
     "fold/static: equity perturbed uniformly in [-noise, +noise] (seeded)", cli::Between(0, 1)},
    {"short_stack_bb", &PolicyParams::short_stack_bb,
     "fold/static: effective stack (big blinds) below which preflop is all-in or fold",
     cli::AtLeast(0)},
    {"deep_stack_bb", &PolicyParams::deep_stack_bb,
     "fold/static: effective stack (big blinds) above which speculative hands call preflop",
     cli::AtLeast(0)},
    {"speculative_max_call_frac", &PolicyParams::speculative_max_call_frac,
     "fold/static: largest preflop call of a speculative hand, fraction of the effective stack",
     cli::Between(0, 1)},
    {"draw_outs", &PolicyParams::draw_outs, "fold/static: outs that make a drawing hand",
     cli::WholeBetween(0, 52)},
    {"draw_odds_factor", &PolicyParams::draw_odds_factor,
     "fold/static: a draw calls when equity >= pot odds * this (implied odds)", cli::AtLeast(0)},
    {"semibluff_prob", &PolicyParams::semibluff_prob,
     "fold/static: probability that a draw leads half the pot when checked to", cli::Between(0, 1)},
    {"protect_bb", &PolicyParams::protect_bb,
     "joker: chips left after calling (big blinds) under which a weak hand folds (001)",
     cli::AtLeast(0)},
    {"protect_equity", &PolicyParams::protect_equity,
     "joker: equity under which short-stack protection folds", cli::Between(0, 1)},
    {"overbet_pot", &PolicyParams::overbet_pot,
     "fold/static: to call more than this times the rest of the pot is an overbet",
     cli::AtLeast(0)},
    {"overbet_margin", &PolicyParams::overbet_margin,
     "fold/static: an overbet is called only with equity >= pot odds + this", cli::Between(-1, 1)},
    {"fold_equity", &PolicyParams::fold_equity,
     "fold: 1 = bet when the model's fold probability makes a bet worth more than a check",
     cli::Flag()},
    {"bluff_margin", &PolicyParams::bluff_margin,
     "fold: a model-based bet must gain this many pots over checking", cli::Between(-1, 10)},
    {"max_fold_probability", &PolicyParams::max_fold_probability,
     "fold: the model's fold probability is capped at this", cli::Between(0, 1)},
    {"joker_temp", &PolicyParams::joker_temp, "joker: logistic temperature of the margin",
     cli::Positive()},
    {"joker_raise_margin", &PolicyParams::joker_raise_margin,
     "joker: margin at which raising becomes as likely as calling", cli::Between(-1, 1)},
    {"joker_pot_margin", &PolicyParams::joker_pot_margin,
     "joker: margin above which a raise is pot-sized (else half pot)", cli::Between(-1, 1)},
    {"joker_bet_equity", &PolicyParams::joker_bet_equity,
     "joker: equity at which betting when checked to is a coin flip", cli::Between(0, 1)},
};

struct PolicyInfo {
  std::string description;
  PolicyFactory factory;
  std::vector<ExtraParam> params;
};

struct Registry {
  std::mutex mutex;
  std::map<std::string, PolicyInfo, std::less<>> policies;
};

// Built on first use so that static registrations from other files are safe.
Registry& GetRegistry() {
  static Registry* registry = [] {
    auto* r = new Registry;
    r->policies["fold"] = {
        "000 Algorithm 2: equity thresholds against read ranges, adjusted for players, stack "
        "depth, pot odds and draws; model-based fold equity",
        [](const PolicyParams& p) -> absl::StatusOr<std::unique_ptr<Policy>> {
          return std::make_unique<FoldPolicy>(p, /*uniform=*/false);
        },
        {}};
    r->policies["static"] = {"fold's thresholds against uniform ranges, no model (003's baseline)",
                             [](const PolicyParams& p) -> absl::StatusOr<std::unique_ptr<Policy>> {
                               return std::make_unique<FoldPolicy>(p, /*uniform=*/true);
                             },
                             {}};
    r->policies["joker"] = {
        "001: pot-odds expected value against read ranges with randomised actions",
        [](const PolicyParams& p) -> absl::StatusOr<std::unique_ptr<Policy>> {
          return std::make_unique<JokerPolicy>(p);
        },
        {}};
    return r;
  }();
  return *registry;
}

int32_t ChipsBehind(const State& state, int p) { return state.game().stack[p] - state.spent(p); }

std::string F(double x) { return absl::StrFormat("%.3f", x); }

}  // namespace

absl::Span<const ParamSpec> PolicyParamSpecs() { return kParamSpecs; }

absl::Status SetPolicyParam(absl::string_view name, double value, PolicyParams* params) {
  if (!std::isfinite(value)) {
    return absl::InvalidArgumentError(absl::StrCat("parameter ", name, ": not a finite number"));
  }
  for (const ParamSpec& spec : kParamSpecs) {
    if (name == spec.name) {
      if (absl::Status s = cli::CheckNumber(absl::StrCat("parameter ", name), value, spec.range);
          !s.ok()) {
        return s;
      }
      params->*spec.field = value;
      return absl::OkStatus();
    }
  }
  for (const ExtraParam& extra : RegisteredExtraParams()) {
    if (name == extra.name) {
      if (absl::Status s = cli::CheckNumber(absl::StrCat("parameter ", name), value, extra.range);
          !s.ok()) {
        return s;
      }
      params->extra[extra.name] = value;
      return absl::OkStatus();
    }
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown policy parameter '", name, "'"));
}

absl::StatusOr<double> GetPolicyParam(absl::string_view name, const PolicyParams& params) {
  for (const ParamSpec& spec : kParamSpecs) {
    if (name == spec.name) return params.*spec.field;
  }
  if (auto it = params.extra.find(name); it != params.extra.end()) return it->second;
  for (const ExtraParam& extra : RegisteredExtraParams()) {
    if (name == extra.name) return extra.default_value;
  }
  return absl::NotFoundError(absl::StrCat("unknown policy parameter '", name, "'"));
}

bool RegisterPolicy(const std::string& name, const std::string& description, PolicyFactory factory,
                    std::vector<ExtraParam> params) {
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.policies[name] = {description, std::move(factory), std::move(params)};
  return true;
}

std::vector<std::pair<std::string, std::string>> RegisteredPolicies() {
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, info] : registry.policies) out.emplace_back(name, info.description);
  return out;
}

std::vector<ExtraParam> RegisteredExtraParams() {
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<ExtraParam> out;
  for (const auto& [name, info] : registry.policies) {
    out.insert(out.end(), info.params.begin(), info.params.end());
  }
  return out;
}

absl::StatusOr<std::unique_ptr<Policy>> MakePolicy(absl::string_view name,
                                                   const PolicyParams& params) {
  PolicyInfo info;
  {
    Registry& registry = GetRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto it = registry.policies.find(name);
    if (it == registry.policies.end()) {
      std::vector<std::string> names;
      for (const auto& [known, unused] : registry.policies) names.push_back(known);
      return absl::InvalidArgumentError(
          absl::StrCat("unknown policy '", name, "' (known: ", absl::StrJoin(names, ", "), ")"));
    }
    info = it->second;
  }
  PolicyParams with_defaults = params;
  for (const ExtraParam& extra : info.params) {
    with_defaults.extra.emplace(extra.name, extra.default_value);
  }
  return info.factory(with_defaults);
}

int32_t ToCall(const State& state) {
  const int p = state.CurrentPlayer();
  return p < 0 ? 0 : state.max_spent() - state.spent(p);
}

Action BetFraction(const State& state, double fraction) {
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return Action::Call();
  const double pot_after_call = state.pot() + ToCall(state);
  const double to = state.max_spent() + std::round(fraction * pot_after_call);
  const double clamped = std::clamp(to, static_cast<double>(min_to), static_cast<double>(max_to));
  return Action::Raise(static_cast<int32_t>(clamped));
}

Action AllIn(const State& state) {
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return Action::Call();
  return Action::Raise(max_to);
}

Action MakeLegal(const State& state, const Action& action) {
  switch (action.type) {
    case poker::ActionType::kFold:
      return state.CanFold() ? action : Action::Call();
    case poker::ActionType::kCall:
      return action;
    case poker::ActionType::kRaise: {
      int32_t min_to = 0;
      int32_t max_to = 0;
      if (!state.RaiseRange(&min_to, &max_to)) return Action::Call();
      return Action::Raise(std::clamp(action.raise_to, min_to, max_to));
    }
  }
  return Action::Call();
}

double StartingStackBb(const State& state, int me) {
  const poker::GameDef& game = state.game();
  if (!game.is_no_limit()) return std::numeric_limits<double>::infinity();
  int32_t deepest = 0;
  for (int p = 0; p < game.num_players; ++p) {
    if (p != me && !state.folded(p)) deepest = std::max(deepest, game.stack[p]);
  }
  return std::min(game.stack[me], deepest) / static_cast<double>(game.BigBlind());
}

double EffectiveStackBb(const State& state, int me) {
  const poker::GameDef& game = state.game();
  if (!game.is_no_limit()) return std::numeric_limits<double>::infinity();
  int32_t deepest = 0;
  for (int p = 0; p < game.num_players; ++p) {
    if (p != me && !state.folded(p)) deepest = std::max(deepest, ChipsBehind(state, p));
  }
  return std::min(ChipsBehind(state, me), deepest) / static_cast<double>(game.BigBlind());
}

bool IsSpeculative(poker::PairCards hole) {
  const int a = poker::RankOf(hole.low);
  const int b = poker::RankOf(hole.high);
  if (a == b) return a <= 7;  // 22 .. 99
  if (poker::SuitOf(hole.low) != poker::SuitOf(hole.high)) return false;
  const int low = std::min(a, b);
  const int gap = std::abs(a - b);
  return (gap == 1 || gap == 2) && low >= 2;  // 54s, 64s and up
}

double MultiwayScale(int opponents_in, double exponent) {
  return std::pow(2.0 / (std::max(opponents_in, 1) + 1), exponent);
}

Action FoldPolicy::Decide(const Decision& d) {
  const State& s = d.state;
  const PolicyParams& p = params_;
  const poker::GameDef& game = s.game();
  const double bb = game.BigBlind();
  const bool facing = ToCall(s) > 0;
  const double behind = ChipsBehind(s, d.me);
  const double call_amount = std::min<double>(ToCall(s), behind);
  const double pot = s.pot();
  const double pot_odds = facing ? call_amount / (pot + call_amount) : 0.0;
  const double scale = MultiwayScale(d.opponents_in, p.multiway_exp);
  const double extra = p.reraise_extra * s.num_raises(s.round());
  const double t_call = p.call_thr * scale;
  const double t_half = p.raise_half_thr * scale + extra;
  const double t_pot = p.raise_pot_thr * scale + extra;
  const double noise = p.threshold_noise * (2 * Uniform(d.rng) - 1);
  const double e = std::clamp(d.equity.equity + noise, 0.0, 1.0);
  const bool preflop = s.round() == 0;
  const double start_bb = StartingStackBb(s, d.me);
  const bool can_raise = s.CanRaise();
  explanation_ = absl::StrCat("e ", F(e), " thr ", F(t_call), "/", F(t_half), "/", F(t_pot));

  // Stack depth, short (000): preflop only all-in or fold.
  if (game.is_no_limit() && preflop && start_bb < p.short_stack_bb) {
    if (e >= std::max(t_call, pot_odds)) {
      absl::StrAppend(&explanation_, "; short stack: all-in");
      return can_raise ? AllIn(s) : Action::Call();
    }
    absl::StrAppend(&explanation_, "; short stack: fold");
    return facing ? Action::Fold() : Action::Call();
  }

  if (facing) {
    const bool overbet = call_amount > p.overbet_pot * (pot - call_amount);
    if (can_raise && e >= t_pot) {
      absl::StrAppend(&explanation_, "; raise pot");
      return BetFraction(s, kBetFractions[1]);
    }
    if (can_raise && !overbet && e >= t_half) {
      absl::StrAppend(&explanation_, "; raise half pot");
      return BetFraction(s, kBetFractions[0]);
    }
    const double margin = overbet ? p.overbet_margin : p.pot_odds_margin;
    if ((!overbet && e >= t_call) || e >= pot_odds + margin) {
      absl::StrAppend(&explanation_, "; call (pot odds ", F(pot_odds), ")");
      return Action::Call();
    }
    if (!overbet && d.outs >= p.draw_outs && e >= pot_odds * p.draw_odds_factor) {
      absl::StrAppend(&explanation_, "; draw with ", d.outs, " outs: call");
      return Action::Call();
    }
    if (preflop && game.is_no_limit() && start_bb > p.deep_stack_bb && game.num_hole_cards == 2 &&
        IsSpeculative(d.hole) &&
        call_amount <= p.speculative_max_call_frac * EffectiveStackBb(s, d.me) * bb) {
      absl::StrAppend(&explanation_, "; deep stack, speculative hand: call");
      return Action::Call();
    }
    absl::StrAppend(&explanation_, "; fold (pot odds ", F(pot_odds), ")");
    return Action::Fold();
  }

  if (can_raise && e >= t_pot) {
    absl::StrAppend(&explanation_, "; bet pot");
    return BetFraction(s, kBetFractions[1]);
  }
  if (can_raise && e >= t_half) {
    absl::StrAppend(&explanation_, "; bet half pot");
    return BetFraction(s, kBetFractions[0]);
  }
  if (can_raise && d.outs >= p.draw_outs && Uniform(d.rng) < p.semibluff_prob) {
    absl::StrAppend(&explanation_, "; semi-bluff with ", d.outs, " outs");
    return BetFraction(s, kBetFractions[0]);
  }
  absl::StrAppend(&explanation_, "; check");
  return MaybeBluff(d, e * pot);
}

bool FoldPolicy::ReportStrategy(const ReportQuery& query, poker::StrategyReport* report) const {
  const State& s = query.state;
  const poker::GameDef& game = s.game();
  if (!uniform_ || !game.IsHoldemCards() || s.finished() || s.CurrentPlayer() != query.me) {
    return false;
  }
  int opponents_in = 0;
  for (int p = 0; p < game.num_players; ++p) opponents_in += p != query.me && !s.folded(p);
  if (opponents_in != 1) return false;  // the exact all-pairs equity is against one opponent
  const int size = s.NumBoardCardsVisible();
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  for (int i = 0; i < size; ++i) board[i] = s.board_card(i);
  const absl::Span<const poker::Card> board_span = absl::MakeConstSpan(board.data(), size);
  if (size != report_board_size_ || board != report_board_) {
    poker::AllPairsEquity(board_span, &report_equity_);
    if (size == 3 || size == 4) {
      poker::AllPairsOuts(board_span, &report_outs_);
    } else {
      report_outs_.fill(-1);
    }
    report_board_ = board;
    report_board_size_ = size;
  }
  // Decide with no generator draws no noise and semi-bluffs when semibluff_prob > 1/2: two
  // deciders without noise, one that never semi-bluffs and one that always does, evaluated at
  // equities spread over the noise's range.
  PolicyParams never = params_;
  never.threshold_noise = 0;
  never.semibluff_prob = 0;
  PolicyParams always = never;
  always.semibluff_prob = 1;
  FoldPolicy without(never, true);
  FoldPolicy with(always, true);
  const double semibluff = std::clamp(params_.semibluff_prob, 0.0, 1.0);
  const double noise = params_.threshold_noise;
  report->actions.clear();
  report->ZeroRows(0);
  // Actions are added as met; rows are kept per pair in `rows` until the action list is final.
  constexpr int kGrid = 64;
  std::vector<std::array<double, 8>>& rows = report_rows_;
  rows.assign(poker::kNumPairs, std::array<double, 8>{});
  for (int p = 0; p < poker::kNumPairs; ++p) {
    if (report_equity_[p] < 0) continue;
    const poker::PairCards pair = poker::PairFromIndex(p);
    const poker::Card cards[2] = {pair.low, pair.high};
    Decision d{s, query.me, pair, EquityResult{}, opponents_in, nullptr};
    d.outs = report_outs_[p];
    d.hole_cards = absl::MakeConstSpan(cards);
    auto decide = [&](FoldPolicy& policy, double e) {
      d.equity.equity = e;
      return report->AddAction(poker::RecordedAction(s, MakeLegal(s, policy.Decide(d))));
    };
    const double e = report_equity_[p];
    // Actions are monotone in the equity: equal at both ends of the noise means equal throughout.
    const int a_low = decide(without, e - noise), a_high = decide(without, e + noise);
    const int b_low = decide(with, e - noise), b_high = decide(with, e + noise);
    if (a_low == a_high && b_low == b_high) {
      rows[p][a_low] += 1 - semibluff;
      rows[p][b_low] += semibluff;
      continue;
    }
    for (int k = 0; k < kGrid; ++k) {
      const double x = e + noise * (2 * (k + 0.5) / kGrid - 1);
      rows[p][decide(without, x)] += (1 - semibluff) / kGrid;
      rows[p][decide(with, x)] += semibluff / kGrid;
    }
  }
  report->ZeroRows(poker::kNumPairs);
  for (int p = 0; p < poker::kNumPairs; ++p) {
    for (int a = 0; a < report->num_actions() && a < 8; ++a) report->at(p, a) = rows[p][a];
  }
  return true;
}

Action FoldPolicy::MaybeBluff(const Decision& d, double check_ev) {
  if (!wants_bet_outcomes()) return Action::Call();
  const State& s = d.state;
  const double pot = s.pot();
  double best_ev = check_ev + params_.bluff_margin * pot;
  int best = -1;
  for (int i = 0; i < kNumBetSizes; ++i) {
    const BetOutcome& o = d.bets[i];
    if (!o.valid || o.action.type != poker::ActionType::kRaise) continue;
    const double pf = std::min(o.fold_probability, params_.max_fold_probability);
    const double pr = std::clamp(o.raise_probability, 0.0, 1.0 - pf);
    const double added = o.action.raise_to - s.spent(d.me);
    // One caller matches the bet.
    const double called_pot = pot + 2 * added;
    const double ev =
        pf * pot + (1 - pf - pr) * (o.called_equity * called_pot - added) - pr * added;
    if (ev > best_ev) {
      best_ev = ev;
      best = i;
    }
  }
  if (best < 0) return Action::Call();
  const BetOutcome& o = d.bets[best];
  absl::StrAppend(&explanation_, " -> model bet ", kBetFractions[best], " pot (P(fold) ",
                  F(o.fold_probability), ", P(raise) ", F(o.raise_probability), ", called equity ",
                  F(o.called_equity), ", EV ", F(best_ev), " vs ", F(check_ev), ")");
  return o.action;
}

Action JokerPolicy::Decide(const Decision& d) {
  const State& s = d.state;
  const PolicyParams& p = params_;
  const poker::GameDef& game = s.game();
  const double bb = game.BigBlind();
  const double e = d.equity.equity;
  const bool can_raise = s.CanRaise();
  if (ToCall(s) > 0) {
    const double behind = ChipsBehind(s, d.me);
    const double add = std::min<double>(ToCall(s), behind);
    const double pot_odds = (s.spent(d.me) + add) / (s.pot() + add);
    const double m = e - pot_odds;
    explanation_ = absl::StrCat("e ", F(e), " potOdds ", F(pot_odds), " margin ", F(m));
    if (game.is_no_limit() && behind - add < p.protect_bb * bb && e < p.protect_equity) {
      absl::StrAppend(&explanation_, "; protect short stack: fold");
      return Action::Fold();
    }
    const double p_continue = Logistic(m / p.joker_temp);
    if (Uniform(d.rng) >= p_continue) {
      absl::StrAppend(&explanation_, "; fold (P(continue) ", F(p_continue), ")");
      return Action::Fold();
    }
    const double p_raise = Logistic((m - p.joker_raise_margin) / p.joker_temp);
    if (can_raise && Uniform(d.rng) < p_raise) {
      const double fraction = m > p.joker_pot_margin ? kBetFractions[1] : kBetFractions[0];
      absl::StrAppend(&explanation_, "; raise ", fraction, " pot (P(raise) ", F(p_raise), ")");
      return BetFraction(s, fraction);
    }
    absl::StrAppend(&explanation_, "; call");
    return Action::Call();
  }
  const double m = e - p.joker_bet_equity;
  const double p_bet = Logistic(m / p.joker_temp);
  explanation_ = absl::StrCat("e ", F(e), " P(bet) ", F(p_bet));
  if (can_raise && Uniform(d.rng) < p_bet) {
    const double fraction = m > p.joker_pot_margin ? kBetFractions[1] : kBetFractions[0];
    absl::StrAppend(&explanation_, "; bet ", fraction, " pot");
    return BetFraction(s, fraction);
  }
  absl::StrAppend(&explanation_, "; check");
  return Action::Call();
}

}  // namespace agent
