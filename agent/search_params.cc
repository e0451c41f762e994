#include "agent/search_params.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "agent/agent_player.h"
#include "cli/numbers.h"
#include "poker/file_io.h"
#include "solver/cfr_player.h"

namespace agent {
namespace {

double Extra(const PolicyParams& params, const char* name, double fallback) {
  auto it = params.extra.find(name);
  return it != params.extra.end() ? it->second : fallback;
}

}  // namespace

SearchPolicyParams ParamsFrom(const PolicyParams& params) {
  SearchPolicyParams p;
  p.nodes = Extra(params, "search_nodes", p.nodes);
  p.boards = Extra(params, "search_boards", p.boards);
  p.streets_limit = Extra(params, "search_streets", p.streets_limit);
  p.streets_nolimit = Extra(params, "search_streets_nl", p.streets_nolimit);
  p.leaf_runouts = Extra(params, "search_leaf_runouts", p.leaf_runouts);
  p.preflop_runouts = Extra(params, "search_preflop_runouts", p.preflop_runouts);
  p.root_flops = Extra(params, "search_root_flops", p.root_flops);
  p.root_flops_limit = Extra(params, "search_root_flops_limit", p.root_flops_limit);
  p.root_flop_runouts = Extra(params, "search_root_flop_runouts", p.root_flop_runouts);
  p.root_flop_raises = Extra(params, "search_root_flop_raises", p.root_flop_raises);
  p.softness = Extra(params, "search_softness", p.softness);
  p.min_branch = Extra(params, "search_min_branch", p.min_branch);
  p.max_fold = Extra(params, "search_max_fold", p.max_fold);
  p.floor = Extra(params, "search_floor", p.floor);
  p.fit_floor = Extra(params, "search_fit_floor", p.fit_floor);
  p.tilt_nested = Extra(params, "search_tilt_nested", p.tilt_nested);
  p.tilt_rate = Extra(params, "search_tilt_rate", p.tilt_rate);
  p.tilt_half = Extra(params, "search_tilt_half", p.tilt_half);
  p.tilt_decay = Extra(params, "search_tilt_decay", p.tilt_decay);
  p.size_prior = Extra(params, "search_size_prior", p.size_prior);
  p.resolve = Extra(params, "search_resolve", p.resolve);
  p.resolve_iterations = Extra(params, "search_resolve_iterations", p.resolve_iterations);
  p.resolve_work = Extra(params, "search_resolve_work", p.resolve_work);
  p.resolve_max_pots = Extra(params, "search_resolve_max_pots", p.resolve_max_pots);
  p.margin = Extra(params, "search_margin", p.margin);
  p.margin_floor = Extra(params, "search_margin_floor", p.margin_floor);
  p.margin_half = Extra(params, "search_margin_half", p.margin_half);
  p.margin_near = Extra(params, "search_margin_near", p.margin_near);
  p.margin_near_limit = Extra(params, "search_margin_near_limit", p.margin_near_limit);
  p.margin_near_tilt = Extra(params, "search_margin_near_tilt", p.margin_near_tilt);
  p.margin_near_floor = Extra(params, "search_margin_near_floor", p.margin_near_floor);
  p.cap_ms = Extra(params, "search_cap_ms", p.cap_ms);
  p.robust_k = Extra(params, "search_robust_k", p.robust_k);
  p.robust_off_tilt = Extra(params, "search_robust_off_tilt", p.robust_off_tilt);
  p.robust_off_floor = Extra(params, "search_robust_off_floor", p.robust_off_floor);
  p.robust_off_loose_floor =
      Extra(params, "search_robust_off_loose_floor", p.robust_off_loose_floor);
  p.robust_off_loose_share =
      Extra(params, "search_robust_off_loose_share", p.robust_off_loose_share);
  p.robust_runouts = Extra(params, "search_robust_runouts", p.robust_runouts);
  p.unproven = Extra(params, "search_unproven", p.unproven);
  p.unproven_margin = Extra(params, "search_unproven_margin", p.unproven_margin);
  p.unproven_best_response =
      Extra(params, "search_unproven_best_response", p.unproven_best_response);
  p.unproven_defends = Extra(params, "search_unproven_defends", p.unproven_defends);
  p.unproven_defends_folds =
      Extra(params, "search_unproven_defends_folds", p.unproven_defends_folds);
  p.loose = Extra(params, "search_loose", p.loose);
  p.observed = Extra(params, "search_observed", p.observed);
  p.min_support = Extra(params, "search_min_support", p.min_support);
  p.anchor_play = Extra(params, "search_anchor_play", p.anchor_play);
  p.anchor_play_limit = Extra(params, "search_anchor_play_limit", p.anchor_play_limit);
  p.mw_nodes = Extra(params, "search_mw_nodes", p.mw_nodes);
  p.mw_streets = Extra(params, "search_mw_streets", p.mw_streets);
  p.mw_boards = Extra(params, "search_mw_boards", p.mw_boards);
  p.mw_leaf_runouts = Extra(params, "search_mw_leaf_runouts", p.mw_leaf_runouts);
  p.mw_min_branch = Extra(params, "search_mw_min_branch", p.mw_min_branch);
  p.mw_min_reach = Extra(params, "search_mw_min_reach", p.mw_min_reach);
  p.mw_confidence_k = Extra(params, "search_mw_confidence_k", p.mw_confidence_k);
  p.mw_margin = Extra(params, "search_mw_margin", p.mw_margin);
  p.mw_margin_floor = Extra(params, "search_mw_margin_floor", p.mw_margin_floor);
  auto it = params.extra_text.find("search_strategy");
  if (it != params.extra_text.end()) p.strategy = it->second;
  it = params.extra_text.find("search_flop_tables");
  if (it != params.extra_text.end()) p.flop_tables = it->second;
  return p;
}

// The files the parameters name (not empty, not "none") can be read: the blueprint as a strategy
// file (of any game: the game is checked when the first hand is known), the flop tables as a file
// that opens.
absl::Status CheckNamedFiles(const SearchPolicyParams& p) {
  const auto named = [](const std::string& path) { return !path.empty() && path != "none"; };
  if (named(p.strategy)) {
    absl::StatusOr<std::shared_ptr<const solver::Blueprint>> blueprint =
        solver::LoadSharedBlueprint(p.strategy, nullptr);
    if (!blueprint.ok()) {
      // Not a strategy file is the file's data (exit 1), not a bad command line (exit 2).
      return poker::FileDataFailure(
          absl::Status(blueprint.status().code(),
                       absl::StrCat("search_strategy: ", blueprint.status().message())));
    }
  }
  if (named(p.flop_tables)) {
    // Opened, not read: the contents are loaded (once per file) when the first hand's blueprint
    // is known, and tables that do not load are not fatal there (a cache: computed as met, the
    // decision's explanation says so). So only a file that cannot be opened, or a folder, is
    // refused (a FIFO at once, without waiting for a writer).
    if (absl::Status status = poker::CheckRegularFile(p.flop_tables); !status.ok()) {
      return absl::Status(status.code(), absl::StrCat("search_flop_tables: ", status.message()));
    }
  }
  return absl::OkStatus();
}

std::vector<ExtraParam> SearchExtraParams() {
  return {
      ExtraParam{"search_nodes", 3000, "search: node budget per decision (work, not time)",
                 /*text=*/false, cli::WholeBetween(1, 1e9)},
      ExtraParam{"search_boards", 3, "search: next cards sampled per chance node",
                 /*text=*/false, cli::WholeBetween(1, 1000)},
      ExtraParam{"search_streets", 3, "search: streets searched past the current one, limit",
                 /*text=*/false, cli::WholeBetween(0, 4)},
      ExtraParam{"search_streets_nl", 1, "search: streets searched past the current one, no-limit",
                 /*text=*/false, cli::WholeBetween(0, 4)},
      ExtraParam{
          "search_leaf_runouts", 48,
          "search: run-outs sampled for a flop or preflop leaf's equity (turn, river: exact)",
          /*text=*/false, cli::WholeBetween(1, 1e6)},
      ExtraParam{"search_preflop_runouts", 2000,
                 "search: run-outs of the preflop equity table per starting hand (0: "
                 "search_leaf_runouts per search)",
                 /*text=*/false, cli::WholeBetween(0, 1e7)},
      ExtraParam{"search_root_flops", 16,
                 "search, heads-up no-limit, preflop: flops sampled at the first chance node, the "
                 "flop always searched (0: off, search_boards and the node budget)",
                 /*text=*/false, cli::WholeBetween(0, 22100)},
      ExtraParam{"search_root_flops_limit", 0, "search, heads-up limit: search_root_flops there",
                 /*text=*/false, cli::WholeBetween(0, 22100)},
      ExtraParam{"search_root_flop_runouts", 16,
                 "search, heads-up, preflop with search_root_flops: run-outs of a flop's equity "
                 "(0: search_leaf_runouts)",
                 /*text=*/false, cli::WholeBetween(0, 1e6)},
      ExtraParam{"search_root_flop_raises", 1,
                 "search, heads-up no-limit, preflop with search_root_flops: raises per street "
                 "expanded after the preflop (-1: as before; limit games expand the real raises)",
                 /*text=*/false, cli::WholeBetween(-1, 16)},
      ExtraParam{"search_softness", 0,
                 "search: softmax temperature (big blinds) of our future nodes",
                 /*text=*/false, cli::Between(0, 1e6)},
      ExtraParam{"search_min_branch", 0.002, "search: opponent actions below this are not expanded",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_max_fold", 1, "search: cap on an opponent node's fold probability",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_floor", 0.05,
                 "search: share of the opponent model spread evenly over its actions",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_fit_floor", 1,
                 "search: fit the floor per opponent (1) or keep it at search_floor (0)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{"search_tilt_nested", 1,
                 "search: nested tilt (fold vs continue, then raise vs call) (1) or flat (0)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{"search_tilt_rate", 0.5, "search: step of the opponent's tilt per decision",
                 /*text=*/false, cli::Between(0, 100)},
      ExtraParam{"search_tilt_half", 20,
                 "search: decisions of a class after which the tilt's step is 1/sqrt(2) of it",
                 /*text=*/false, cli::Between(0, 1e12)},
      ExtraParam{"search_tilt_decay", 0.01, "search: pull of the tilt toward the blueprint",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{
          "search_resolve", 0,
          "search, heads-up: 1 = re-solve the river (an equilibrium of its betting between "
          "our range as the blueprint reads it and the opponent's as the model does; "
          "agent/river_solver.h) in place of the search there; 2 = the same, except "
          "against an opponent seen calling our bets with weak hands (search_loose); 3 = the "
          "search as elsewhere, with the re-solved action as its anchor in place of the "
          "blueprint's; 0 = off",
          /*text=*/false, cli::WholeBetween(0, 3)},
      ExtraParam{"search_resolve_iterations", 200,
                 "search_resolve: discounted CFR iterations per river decision, at most",
                 /*text=*/false, cli::WholeBetween(1, 100000)},
      ExtraParam{"search_resolve_max_pots", 1e9,
                 "search_resolve: our bets and raises of more than this many pots are left out "
                 "of the river's tree (the opponent keeps every size)",
                 /*text=*/false, cli::Between(0, 1e9)},
      ExtraParam{"search_resolve_work", 2e7,
                 "search_resolve: fewer iterations when tree nodes x pairs of both ranges x "
                 "iterations would pass this (about 1 ms per 200,000)",
                 /*text=*/false, cli::Between(1e4, 1e12)},
      ExtraParam{"search_size_prior", 0,
                 "search, after the preflop: the opponent's share of all-ins among its raises, "
                 "shrunk toward the blueprint's by this many raises, sets the model's split of "
                 "each pair's raising between all-in and the other sizes (0: the blueprint's)",
                 /*text=*/false, cli::Between(0, 1e9)},
      ExtraParam{"search_margin", 0.3,
                 "search: share of the pot the search must gain over the blueprint's action (at "
                 "first)",
                 /*text=*/false, cli::Between(-10, 100)},
      ExtraParam{"search_margin_floor", 0.05,
                 "search: the margin after many decisions (share of the pot)",
                 /*text=*/false, cli::Between(-10, 100)},
      ExtraParam{"search_margin_half", 100,
                 "search: opponent decisions after which the margin's first part is halved",
                 /*text=*/false, cli::Between(0, 1e12)},
      ExtraParam{"search_margin_near", 100,
                 "search, no-limit: pots added to the margin while the opponent plays near the "
                 "blueprint (its largest tilt weight under search_margin_near_tilt)",
                 /*text=*/false, cli::Between(0, 100)},
      ExtraParam{"search_margin_near_limit", 0.2, "search, limit: the same",
                 /*text=*/false, cli::Between(0, 100)},
      ExtraParam{"search_margin_near_floor", 0.2,
                 "search, no-limit: that addition also needs the opponent's fitted floor (the "
                 "share of its play the blueprint does not explain) under this (1: always)",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_margin_near_tilt", 2,
                 "search: the largest tilt weight (log-odds) from which that addition is gone",
                 /*text=*/false, cli::Between(0.01, 100)},
      ExtraParam{"search_cap_ms", 1000,
                 "search: wall-clock cap over TCP of one decision's look-ahead (ms); what bounds "
                 "a decision's time",
                 /*text=*/false, cli::Between(0, 1e7)},
      ExtraParam{"search_robust_k", 50,
                 "search, heads-up, after the flop: answers of the opponent to our raises of a "
                 "size class before the search considers such a raise where the blueprint does "
                 "not make it with our hand; then the model weighs n / (n + k) against a best "
                 "response to our range; and bets of 1.5+ pots this opponent made before an "
                 "answer the blueprint does not give is searched (0: every action, valued by the "
                 "model alone)",
                 /*text=*/false, cli::Between(0, 1e9)},
      ExtraParam{"search_robust_off_tilt", 3.75,
                 "search, heads-up no-limit: the opponent's largest tilt weight (log-odds) from "
                 "which every action is searched and valued by the model alone, as with "
                 "search_robust_k 0: its play is far from the blueprint's (100: never)",
                 /*text=*/false, cli::Between(0.01, 100)},
      ExtraParam{"search_robust_off_floor", 0.65,
                 "search, heads-up no-limit: the same from this fitted floor of the opponent "
                 "after the flop (the largest share of its play there the blueprint does not "
                 "explain; a bot acting at random raises it) (1: never)",
                 /*text=*/false, cli::Between(0.01, 1)},
      ExtraParam{"search_robust_off_loose_floor", 0.45,
                 "search, heads-up no-limit: the same from this fitted floor after the flop "
                 "against an opponent seen continuing against our bets with weak hands (its "
                 "shrunk share of weak continues at least search_robust_off_loose_share) "
                 "(1: never)",
                 /*text=*/false, cli::Between(0.01, 1)},
      ExtraParam{"search_robust_off_loose_share", 0.3,
                 "search, heads-up no-limit: the shrunk share of weak continues (see "
                 "search_loose) from which search_robust_off_loose_floor applies",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{
          "search_min_support", 0.02,
          "search, heads-up, after the flop: the blueprint's probability of a raise with our "
          "hand from which the search considers it without evidence",
          /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_unproven", 1,
                 "search, heads-up, after the flop: a raise the blueprint does not make with our "
                 "hand, of a size class the opponent has answered fewer than search_robust_k "
                 "times, is searched at the least of its values against the model, a best "
                 "response to the blueprint's raising range and an opponent that never folds (1), "
                 "only against an opponent seen calling loosely (2: see search_loose), or not at "
                 "all (0)",
                 /*text=*/false, cli::WholeBetween(0, 2)},
      ExtraParam{"search_unproven_margin", 1,
                 "search: pots by which such a raise must beat the other candidates (its values "
                 "are lowered by this many pots before the choice)",
                 /*text=*/false, cli::Between(0, 1000)},
      ExtraParam{"search_unproven_best_response", 1,
                 "search: the best response to the blueprint's raising range is one of the "
                 "opponents such a raise is valued against (1) or not (0: the model and the "
                 "never-folding opponent only)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{"search_unproven_defends", 1,
                 "search: such a raise of 1.5 pots or more is also valued against an opponent "
                 "that goes on with only the share of its range that keeps our bluffs from "
                 "profiting (pot / (pot + bet)), its best pairs against the blueprint's raising "
                 "range (1), or not (0)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{"search_unproven_defends_folds", 0.38,
                 "search: the share of our bets under 1.5 pots after the flop that this opponent "
                 "folded (shrunk by 10 answers at 0.45) under which that opponent gives way to "
                 "the model (wholly at 0.1 less; 0: never)",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{
          "search_loose", 0.3,
          "search: the share of this opponent's shown calls and raises of our turn and "
          "river bets made with hands under 50% against a random hand (shrunk by 10 of none) "
          "from which that best response gives way to the model (wholly at 0.1 more; 1: "
          "never)",
          /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_observed", 1,
                 "search: a raise of a size class the opponent has answered search_robust_k "
                 "times or more is valued at the lesser of its values against the mixed model "
                 "and against the opponent as observed: folding its weakest pairs as often as it "
                 "folded to raises of that class (1), or against the mixed model alone (0)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{
          "search_robust_runouts", 48,
          "search: run-outs of the flop for the best response's equities (turn, river: exact)",
          /*text=*/false, cli::WholeBetween(1, 1e6)},
      ExtraParam{"search_anchor_play", 1,
                 "search, no-limit: the blueprint's action played as its file asks (1, e.g. "
                 "purified) or drawn from its mixed strategy (0)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{"search_anchor_play_limit", 1,
                 "search, limit hold'em: the same (1: as the file asks; 0: its mixed strategy)",
                 /*text=*/false, cli::Flag()},
      ExtraParam{"search_mw_nodes", 4000,
                 "search, 3+ players: node budget per decision, shared by our candidates",
                 /*text=*/false, cli::WholeBetween(1, 1e9)},
      ExtraParam{"search_mw_streets", 0,
                 "search, 3+ players: streets searched past the current one (budget allowing)",
                 /*text=*/false, cli::WholeBetween(0, 4)},
      ExtraParam{"search_mw_boards", 2, "search, 3+ players: next cards sampled per chance node",
                 /*text=*/false, cli::WholeBetween(1, 1000)},
      ExtraParam{"search_mw_leaf_runouts", 24,
                 "search, 3+ players: run-outs of a flop leaf's equity (turn, river: exact)",
                 /*text=*/false, cli::WholeBetween(1, 1e6)},
      ExtraParam{"search_mw_min_branch", 0.01,
                 "search, 3+ players: opponent actions below this are not expanded",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_mw_min_reach", 0.001,
                 "search, 3+ players: paths the opponents reach less often get the leaf estimate",
                 /*text=*/false, cli::Between(0, 1)},
      ExtraParam{"search_mw_confidence_k", 30,
                 "search, 3+ players: opponent decisions at a node for half confidence",
                 /*text=*/false, cli::Between(0, 1e12)},
      ExtraParam{"search_mw_margin", 0.3,
                 "search, 3+ players: pots the search must gain over fold's action, at confidence "
                 "0 (scaled by 1 - confidence)",
                 /*text=*/false, cli::Between(-10, 100)},
      ExtraParam{"search_mw_margin_floor", 0.05,
                 "search, 3+ players: pots the search must gain at full confidence",
                 /*text=*/false, cli::Between(-10, 100)},
      ExtraParam{"search_strategy", 0,
                 "search: blueprint file (empty: bundled; none: no blueprint)",
                 /*text=*/true},
      ExtraParam{"search_flop_tables", 0,
                 "search: the blueprint's flop bucket tables (`solver flop-tables`; empty: the "
                 "blueprint's path with .flop_tables for .strategy, if there; none: computed as "
                 "met)",
                 /*text=*/true}};
}

std::vector<std::string> BundledStrategyPaths(const poker::GameDef& game) {
  const std::string model = DefaultModelPath();
  if (model.empty() || game.num_players != 2) return {};
  const std::filesystem::path dir =
      std::filesystem::path(model).parent_path().parent_path() / "strategies";
  std::error_code ec;
  if (game.IsHoldemCards()) {
    const std::filesystem::path file =
        dir / (game.is_no_limit() ? "holdem.nolimit.2p.strategy" : "holdem.limit.2p.strategy");
    return std::filesystem::exists(file, ec) ? std::vector<std::string>{file.string()}
                                             : std::vector<std::string>{};
  }
  std::vector<std::string> paths;
  // Stepped with an error code: a failing directory read ends the list instead of throwing.
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::filesystem::path& file = it->path();
    if (file.extension() == ".strategy" && !file.filename().string().starts_with("holdem.")) {
      paths.push_back(file.string());
    }
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace agent
