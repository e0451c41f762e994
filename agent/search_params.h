// The `search` policy's parameters (PolicyParams::extra, `search_*`): their defaults, ranges and
// help (what `agent --help` and the arena list), and the struct the policy reads them into.
#ifndef AGENT_SEARCH_PARAMS_H_
#define AGENT_SEARCH_PARAMS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "poker/game_def.h"

namespace agent {

// The search policy's parameters, with their defaults.
struct SearchPolicyParams {
  double nodes = 3000;
  double boards = 3;
  double streets_limit = 3;
  double streets_nolimit = 1;
  double leaf_runouts = 48;
  double preflop_runouts = 2000;
  double root_flops = 16;  // no-limit
  double root_flops_limit = 0;
  double root_flop_runouts = 16;
  double root_flop_raises = 1;
  double softness = 0;
  double min_branch = 0.002;
  double max_fold = 1;
  double floor = 0.05;
  double fit_floor = 1;
  double tilt_nested = 1;
  double tilt_rate = 0.5;
  double tilt_half = 20;
  double tilt_decay = 0.01;
  double size_prior = 0;
  double resolve = 0;
  double resolve_iterations = 200;
  double resolve_work = 2e7;
  double resolve_max_pots = 1e9;
  double margin = 0.3;
  double margin_floor = 0.05;
  double margin_half = 100;
  double margin_near = 100;
  double margin_near_limit = 0.2;
  double margin_near_tilt = 2;
  double margin_near_floor = 0.2;
  double cap_ms = 1000;
  double robust_k = 50;
  double robust_off_tilt = 3.75;
  double robust_off_floor = 0.65;
  double robust_off_loose_floor = 0.45;
  double robust_off_loose_share = 0.3;
  double robust_runouts = 48;
  double unproven = 1;
  double unproven_margin = 1;
  double unproven_best_response = 1;
  double unproven_defends = 1;
  double unproven_defends_folds = 0.38;
  double loose = 0.3;
  double observed = 1;
  double min_support = 0.02;
  double anchor_play = 1;
  double anchor_play_limit = 1;
  std::string strategy;
  std::string flop_tables;
  // The multiway search (games of 3+ players).
  double mw_nodes = 4000;
  double mw_streets = 0;
  double mw_boards = 2;
  double mw_leaf_runouts = 24;
  double mw_min_branch = 0.01;
  double mw_min_reach = 0.001;
  double mw_confidence_k = 30;
  double mw_margin = 0.3;
  double mw_margin_floor = 0.05;
};

// The parameters of `params` (defaults for those not given).
SearchPolicyParams ParamsFrom(const PolicyParams& params);

// The files the parameters name (not empty, not "none") can be read: the blueprint as a strategy
// file, the flop tables as a file that opens; else an error naming the parameter.
absl::Status CheckNamedFiles(const SearchPolicyParams& p);

// The bundled blueprints that may fit a heads-up game (data/strategies/ beside the bundled
// models): in hold'em the one file of its betting; in other games (Kuhn, Leduc) every strategy
// file there not named holdem.* (small files; the first whose game is this one is played).
// Empty when none is bundled for this kind of game. What an empty `search_strategy` reads.
std::vector<std::string> BundledStrategyPaths(const poker::GameDef& game);

// The declarations of the parameters, for RegisterPolicy.
std::vector<ExtraParam> SearchExtraParams();

}  // namespace agent

#endif  // AGENT_SEARCH_PARAMS_H_
