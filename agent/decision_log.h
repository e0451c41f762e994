// The agent's decision log (docs/agent.md): one JSON line per decision, fields in the documented
// order.
#ifndef AGENT_DECISION_LOG_H_
#define AGENT_DECISION_LOG_H_

#include <string>
#include <utility>
#include <vector>

#include "agent/policy.h"
#include "agent/range.h"
#include "poker/state.h"

namespace agent {

// An opponent still in the hand, as the log shows it.
struct LoggedOpponent {
  int position = 0;
  int seat = 0;
  std::string name;
  std::string model;             // where its model comes from; unused when range is null
  const Range* range = nullptr;  // its read range; null: not read ("uniform")
};

// Everything one line of the log says about a decision of the player at `position`.
struct LoggedDecision {
  const poker::State* state = nullptr;
  int position = 0;
  int seat = 0;
  std::string policy;
  std::vector<LoggedOpponent> opponents;
  const Decision* decision = nullptr;
  std::string action;  // as sent to the dealer
  std::string explanation;
  // Each candidate action's value as the policy computed it (e.g. the search's expected chips),
  // as (action as sent, value); logged as "values" when not empty.
  std::vector<std::pair<std::string, double>> values;
  // The wall-clock safety cap cut a computation short (only over TCP; logged when true).
  bool clock_cap = false;
  double time_ms = 0;
  double cpu_ms = 0;
};

// One compact JSON line, without the newline. Names are bytes from the command line or a model:
// invalid UTF-8 is replaced, not thrown.
std::string FormatDecisionLogLine(const LoggedDecision& entry);

}  // namespace agent

#endif  // AGENT_DECISION_LOG_H_
