// The agent's decision-log explanations in words, for the match report. Each policy logs a compact
// string ("search 2 streets, 5843 nodes; blueprint c (node 4 bucket 7 action 1 of 3 (p 0.62));
// gain 12.5, margin 105.0 after 40 decisions (tilt ...): blueprint"); the page shows the sentence
// made from it and keeps the logged string beside it.
#ifndef TOOLS_REPORT_DECISION_REASON_H_
#define TOOLS_REPORT_DECISION_REASON_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace report {

// An action as the agent sends it ("f", "c", "r600", "r") in words: "fold", "call" or "check"
// (nothing to call), "raise to 600" or "bet 600" (nothing to call), "raise" or "bet".
std::string ActionInWords(absl::string_view action, int64_t to_call);

// The explanation of a decision in words: the search's (heads-up and multiway), the blueprint's,
// the fallback to the fold policy, and the threshold policies'. `to_call` names check/call and
// bet/raise. A form it does not know is returned unchanged.
std::string ReadableReason(absl::string_view explanation, int64_t to_call);

}  // namespace report

#endif  // TOOLS_REPORT_DECISION_REASON_H_
