#include "agent/decision_log.h"

#include <cmath>
#include <cstdint>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "agent/policies.h"
#include "nlohmann/json.hpp"
#include "poker/card.h"
#include "poker/codec.h"

namespace agent {
namespace {

using Json = nlohmann::ordered_json;  // fields in the documented order

// A decision-log number: 6 significant digits (what the log needs, and short), null when not
// finite.
Json Short(double value) {
  if (!std::isfinite(value)) return nullptr;
  double rounded = value;
  absl::SimpleAtod(absl::StrFormat("%.6g", value), &rounded);
  return rounded;
}

std::string PairText(int pair) {
  const poker::PairCards p = poker::PairFromIndex(pair);
  return poker::CardToString(p.high) + poker::CardToString(p.low);
}

Json OpponentJson(const LoggedOpponent& logged) {
  Json opponent = {{"position", logged.position}, {"seat", logged.seat}, {"name", logged.name}};
  if (logged.range == nullptr) {
    opponent["model"] = "uniform";
    return opponent;
  }
  const Range& range = *logged.range;
  opponent["model"] = logged.model;
  opponent["range"] = range.Summary(5);
  Json top = Json::array();
  for (const Range::PairWeight& pw : range.Top(5)) {
    top.push_back({PairText(pw.pair), Short(pw.weight)});
  }
  opponent["top"] = std::move(top);
  // The share of each of the 169 starting-hand classes (poker::StartingHandClass order), for
  // pictures of the range (the `report` program's 13x13 grids); 4 significant digits.
  Json classes = Json::array();
  for (double share : range.ClassWeights()) {
    double rounded = share;
    absl::SimpleAtod(absl::StrFormat("%.4g", share), &rounded);
    classes.push_back(rounded);
  }
  opponent["classes"] = std::move(classes);
  return opponent;
}

}  // namespace

std::string FormatDecisionLogLine(const LoggedDecision& entry) {
  const poker::State& s = *entry.state;
  const int me = entry.position;
  const Decision& decision = *entry.decision;
  Json line = {{"hand", s.hand_number()},
               {"position", me},
               {"seat", entry.seat},
               {"round", s.round()},
               {"betting", poker::FormatBetting(s)},
               {"cards", poker::FormatCards(s, me)},
               {"pot", s.pot()},
               {"to_call", ToCall(s)},
               {"stack_bb", Short(EffectiveStackBb(s, me))},
               {"policy", entry.policy}};
  Json opponents = Json::array();
  for (const LoggedOpponent& opponent : entry.opponents)
    opponents.push_back(OpponentJson(opponent));
  line["opponents"] = std::move(opponents);
  line["equity"] = Short(decision.equity.equity);
  line["std_error"] = Short(decision.equity.std_error);
  line["trials"] = decision.equity.trials;
  line["exact"] = decision.equity.exact;
  line["outs"] = decision.outs;
  int32_t min_to = 0;
  int32_t max_to = 0;
  const bool can_raise = s.RaiseRange(&min_to, &max_to);
  Json legal = {{"fold", s.CanFold()}, {"call", true}, {"raise", can_raise}};
  if (can_raise) {
    legal["raise_min"] = min_to;
    legal["raise_max"] = max_to;
  }
  line["legal"] = std::move(legal);
  Json bets = Json::array();
  for (const BetOutcome& bet : decision.bets) {
    if (!bet.valid) continue;
    bets.push_back({{"to", bet.action.raise_to},
                    {"p_fold", Short(bet.fold_probability)},
                    {"p_raise", Short(bet.raise_probability)},
                    {"called_equity", Short(bet.called_equity)}});
  }
  line["bets"] = std::move(bets);
  line["action"] = entry.action;
  line["explanation"] = entry.explanation;
  if (!entry.values.empty()) {
    Json values = Json::array();
    for (const auto& [action, value] : entry.values) {
      values.push_back({{"action", action}, {"value", Short(value)}});
    }
    line["values"] = std::move(values);
  }
  if (entry.clock_cap) line["clock_cap"] = true;
  line["time_ms"] = Short(entry.time_ms);
  line["cpu_ms"] = Short(entry.cpu_ms);
  return line.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace agent
