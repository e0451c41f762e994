#include "tools/lbr/lbr.h"

#include <algorithm>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace lbr {

using poker::Action;
using poker::ActionType;
using poker::Card;
using poker::State;

absl::Status ParseActionList(absl::string_view text, const poker::GameDef& game,
                             LbrOptions* options) {
  options->pot_fractions.clear();
  options->all_in = false;
  options->min_raise = false;
  options->limit_raise = false;
  const bool no_limit = game.is_no_limit();
  for (absl::string_view raw : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    const absl::string_view item = absl::StripAsciiWhitespace(raw);
    double fraction = 0;
    if (item == "fold" || item == "call" || item == "check") continue;
    if (!no_limit) {
      if (item == "raise") {
        options->limit_raise = true;
        continue;
      }
      return absl::InvalidArgumentError(absl::StrCat(
          "--actions: '", item, "' is not an action of a limit game (fold, call, raise)"));
    }
    if (item == "pot") {
      options->pot_fractions.push_back(1.0);
    } else if (item == "allin" || item == "all-in") {
      options->all_in = true;
    } else if (item == "min" || item == "raise") {
      options->min_raise = true;
    } else if (absl::SimpleAtod(item, &fraction) && std::isfinite(fraction) && fraction > 0 &&
               fraction <= 100) {
      options->pot_fractions.push_back(fraction);
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("--actions: bad item '", item,
                       "' (want fold, call, pot, allin, min or a pot fraction in (0, 100])"));
    }
  }
  std::sort(options->pot_fractions.begin(), options->pot_fractions.end());
  options->pot_fractions.erase(
      std::unique(options->pot_fractions.begin(), options->pot_fractions.end()),
      options->pot_fractions.end());
  return absl::OkStatus();
}

std::string FormatActionList(const LbrOptions& options, const poker::GameDef& game) {
  std::vector<std::string> items = {"fold", "call"};
  if (!game.is_no_limit()) {
    if (options.limit_raise) items.push_back("raise");
    return absl::StrJoin(items, ",");
  }
  if (options.min_raise) items.push_back("min");
  for (double f : options.pot_fractions) items.push_back(f == 1.0 ? "pot" : absl::StrCat(f));
  if (options.all_in) items.push_back("allin");
  return absl::StrJoin(items, ",");
}

bool RangeTracker::Update(const poker::StrategyReport& report, int action, poker::CardSet known,
                          const poker::HoleSets& sets) {
  if (action < 0 || action >= report.num_actions()) return false;
  double live_after = 0;
  for (int s = 0; s < sets.size(); ++s) {
    if (weights_[s] > 0 && !sets.mask(s).Intersects(known)) {
      live_after += weights_[s] * report.at(s, action);
    }
  }
  if (!(live_after > 0)) return false;
  // Rescaled so that the live weights sum to 1: long hands do not underflow.
  const double scale = 1.0 / live_after;
  for (int s = 0; s < sets.size(); ++s) weights_[s] *= report.at(s, action) * scale;
  return true;
}

poker::MatchState PublicView(const State& state, int viewer) {
  poker::MatchState view{viewer, state};
  const poker::GameDef& game = state.game();
  for (int p = 0; p < game.num_players; ++p) {
    for (int i = 0; i < game.num_hole_cards; ++i) view.state.set_hole_card(p, i, poker::kNoCard);
  }
  for (int i = state.NumBoardCardsVisible(); i < poker::kMaxBoardCards; ++i) {
    view.state.set_board_card(i, poker::kNoCard);
  }
  return view;
}

absl::StatusOr<std::unique_ptr<LbrDecider>> LbrDecider::Create(const poker::GameDef& game,
                                                               const LbrOptions& options) {
  absl::StatusOr<std::unique_ptr<ShowdownEquity>> equity =
      ShowdownEquity::Create(game, options.equity);
  if (!equity.ok()) return equity.status();
  return std::unique_ptr<LbrDecider>(new LbrDecider(game, options, *std::move(equity)));
}

std::vector<Action> LbrDecider::CandidateRaises(const State& state) const {
  std::vector<Action> raises;
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return raises;
  auto add = [&](int32_t to) {
    const Action raise =
        poker::RecordedAction(state, Action::Raise(std::clamp(to, min_to, max_to)));
    if (raise.type == ActionType::kRaise &&
        std::find(raises.begin(), raises.end(), raise) == raises.end()) {
      raises.push_back(raise);
    }
  };
  if (!game_.is_no_limit()) {
    if (options_.limit_raise) add(min_to);
    return raises;
  }
  if (options_.min_raise) add(min_to);
  const int32_t to_call = state.max_spent() - state.spent(state.CurrentPlayer());
  const double pot_after_call = static_cast<double>(state.pot()) + to_call;
  for (double f : options_.pot_fractions) {
    const double to = state.max_spent() + f * pot_after_call;
    add(static_cast<int32_t>(std::min(std::llround(to), static_cast<long long>(max_to))));
  }
  if (options_.all_in) add(max_to);
  std::sort(raises.begin(), raises.end(),
            [](const Action& a, const Action& b) { return a.raise_to < b.raise_to; });
  return raises;
}

void LbrDecider::PrepareEquity(const State& state, absl::Span<const Card> hole) {
  const int visible = state.NumBoardCardsVisible();
  std::array<Card, poker::kMaxHoleCards + poker::kMaxBoardCards> key{};
  int n = 0;
  for (Card c : hole) key[n++] = c;
  for (int i = 0; i < visible; ++i) key[n++] = state.board_card(i);
  if (equity_valid_ && static_cast<int>(equity_key_.size()) == n &&
      std::equal(equity_key_.begin(), equity_key_.end(), key.begin())) {
    return;
  }
  equity_key_.assign(key.begin(), key.begin() + n);
  equity_->Compute(hole, absl::MakeConstSpan(key.data() + hole.size(), visible), &equity_vector_);
  equity_valid_ = true;
  ++equity_vectors_;
}

absl::StatusOr<Action> LbrDecider::Decide(const State& state, int me, absl::Span<const Card> hole,
                                          absl::Span<const double> range,
                                          const poker::Player& opponent) {
  ++decisions_;
  values_.clear();
  if (options_.preflop_call_only && state.round() == 0) return Action::Call();
  PrepareEquity(state, hole);
  const poker::HoleSets& sets = equity_->sets();
  poker::CardSet known(hole);
  for (int i = 0; i < state.NumBoardCardsVisible(); ++i) known.Add(state.board_card(i));
  // The range with card removal, as live weights; an empty one (never after a consistent
  // update) falls back to every live set.
  double total = 0;
  double weighted_equity = 0;
  for (int s = 0; s < sets.size(); ++s) {
    if (range[s] <= 0 || sets.mask(s).Intersects(known)) continue;
    total += range[s];
    weighted_equity += range[s] * equity_vector_[s];
  }
  auto weight = [&](int s) -> double {
    if (sets.mask(s).Intersects(known)) return 0.0;
    return total > 0 ? std::max(range[s], 0.0) : 1.0;
  };
  if (!(total > 0)) {
    weighted_equity = 0;
    for (int s = 0; s < sets.size(); ++s) {
      total += weight(s);
      weighted_equity += weight(s) * equity_vector_[s];
    }
  }
  const double wp = total > 0 ? weighted_equity / total : 0.5;
  last_equity_ = wp;
  const double pot = state.pot();
  const double to_call = state.AmountToCall();
  if (state.CanFold()) values_.push_back({Action::Fold(), 0.0, 0, 0});
  values_.push_back({Action::Call(), wp * pot - (1 - wp) * to_call, 0, 0});
  const int opponent_position = 1 - me;
  // Only the sets the range holds are read: a player that reports set by set skips the others.
  report_.wanted.assign(sets.size(), 0);
  for (int s = 0; s < sets.size(); ++s) report_.wanted[s] = weight(s) > 0;
  for (const Action& raise : CandidateRaises(state)) {
    State after = state;
    if (!after.Apply(raise).ok()) continue;
    if (after.finished() || after.CurrentPlayer() != opponent_position) continue;
    if (!opponent.ReportStrategy(PublicView(after, opponent_position), &report_)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the opponent does not report its strategy after ", poker::FormatBetting(after)));
    }
    const int fold = report_.IndexOf(Action::Fold());
    double folding = 0;
    double called_total = 0;
    double called_equity = 0;
    for (int s = 0; s < sets.size(); ++s) {
      const double w = weight(s);
      if (w <= 0) continue;
      const double f = fold >= 0 ? std::clamp(report_.at(s, fold), 0.0, 1.0) : 0.0;
      folding += w * f;
      called_total += w * (1 - f);
      called_equity += w * (1 - f) * equity_vector_[s];
    }
    const double fp = total > 0 ? folding / total : 0.0;
    double wp_c = wp;
    if (options_.called_equity == CalledEquity::kContinuing && called_total > 0) {
      wp_c = called_equity / called_total;
    }
    const double a = raise.raise_to - state.max_spent();
    const double value = fp * pot + (1 - fp) * (wp_c * (pot + a) - (1 - wp_c) * (to_call + a));
    values_.push_back({raise, value, fp, wp_c});
  }
  // The best; ties to the earlier (more passive) candidate.
  size_t best = 0;
  for (size_t i = 1; i < values_.size(); ++i) {
    if (values_[i].value > values_[best].value) best = i;
  }
  return values_[best].action;
}

}  // namespace lbr
