// What `solver inspect` and `solver exploitability` print: a strategy file's header and strategy
// (every infoset of a small game; the root's 13x13 preflop tables for hold'em), and a strategy's
// exact exploitability, each as text for people or as one JSON object (--json).
#ifndef SOLVER_STRATEGY_REPORT_H_
#define SOLVER_STRATEGY_REPORT_H_

#include <string>

#include "nlohmann/json.hpp"
#include "solver/best_response.h"
#include "solver/strategy_file.h"

namespace solver {

// The text of `solver inspect PATH`.
std::string InspectText(const Blueprint& blueprint, const std::string& path);

// The same as one JSON object:
//   {"file", "card_abstraction", "card_spec", "betting_abstraction", "infosets", "entries",
//    "iterations", "weighting", "seed", "threads", "train_seconds", "format", "payload_bytes",
//    "payload_encoding": "raw"|"deflate", "packed_bytes", "play", "game" (the game file's text),
//    and for the exact abstraction "nodes": [{"node", "history", "player", "round", "actions",
//    "strategy": {cards: [probability per action]}}], for hold'em "preflop_root": {"player",
//    "actions", "ranks": "AKQJT98765432", "tables": {action: 13 rows of 13 probabilities,
//    suited above the diagonal}}}.
// Probabilities are the file's (weights out of 255), to 3 decimals as in the text.
nlohmann::ordered_json InspectJson(const Blueprint& blueprint, const std::string& path);

// The text of `solver exploitability PATH`.
std::string ExploitabilityText(const ExploitabilityReport& report);

// {"file", "positions": [{"position", "value", "best_response"}], "nash_conv", "exploitability",
//  "unit": "chips/hand"}.
nlohmann::ordered_json ExploitabilityJson(const ExploitabilityReport& report,
                                          const std::string& path);

}  // namespace solver

#endif  // SOLVER_STRATEGY_REPORT_H_
