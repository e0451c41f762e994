// Search with an opponent model (SPEC 13; Billings et al. 2004, Vexbot's miximax): at our
// decision, every candidate action is valued by an expectimax over the betting tree that follows
// it, against one opponent whose action probabilities at each node come from a model of it, with
// its range (a weight per hole-card pair) narrowed along each branch by those probabilities.
//
//   our node       max over our candidate actions (or a softmax of their values)
//   opponent node  sum over its candidate actions a of P(a) V(child a), where for each pair h
//                  p(a | h) comes from the model (normalised over the candidates), P(a) =
//                  sum_h w(h) p(a | h) / sum_h w(h), and the child's range is w(h) p(a | h)
//   chance node    the mean over `boards` sampled next cards (a street within the horizon)
//   fold           the chips the folder put in
//   showdown       equity against the branch's range times the pot, minus our chips in it
//   horizon leaf   the same pot-share estimate at a street boundary past the horizon (no
//                  further betting): equity on the known board against the branch's range
//
// Equity against a range is sum_h w(h) e(h) / sum_h w(h), with e(h) our equity against pair h on
// the board, computed once per board a search meets (every pair at once): exact on the river
// (one rank per pair) and the turn (every river card), over `leaf_runouts` sampled run-outs on the
// flop and preflop (the same run-outs for every pair).
//
// Values are our expected net chips of the hand (what State::Value would return at its end).
// The horizon is chosen by iterative deepening in streets under a node budget, so the work (and
// the result, for a seed) does not depend on the machine; an optional wall-clock deadline is a
// safety net only (reported when it fires).
#ifndef AGENT_SEARCH_H_
#define AGENT_SEARCH_H_

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/range.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"
#include "poker/state.h"

namespace agent {

// What the search asks about its opponent.
class OpponentActionModel {
 public:
  virtual ~OpponentActionModel() = default;
  // The opponent's candidate actions at `state` (it is to act there), or false to let the search
  // use its own (CandidateActions with SearchOptions::their_fractions). At most 8.
  virtual bool Candidates(const poker::State& state, std::vector<poker::Action>* actions) {
    (void)state, (void)actions;
    return false;
  }
  // The opponent at `position` is to act in `state` (a state of the search: board cards past the
  // real ones are sampled). Into probs[i][pair], for every pair, a non-negative weight of it
  // taking actions[i] (normalised over the actions by the search; pairs that conflict with the
  // known cards are ignored). `confidence` (0..1): how much the model's own observations of this
  // opponent speak at this node (1 = all model, 0 = all prior), reported for the root blend.
  virtual void Probabilities(const poker::State& state, int position,
                             absl::Span<const poker::Action> actions,
                             absl::Span<std::array<float, poker::kNumPairs>> probs,
                             double* confidence) = 0;
};

struct SearchOptions {
  // Next cards sampled per chance node (a street boundary inside the horizon).
  int boards = 3;
  // Streets searched past the current one (0: to the end of this street, then the leaf estimate;
  // 3: to the end of the hand). The search deepens street by street while the budget allows.
  int max_streets = 3;
  // Work budget in nodes: the next street is searched only if the estimated nodes of the deeper
  // search (what the last one cost plus its horizon leaves x boards x the nodes of a street) fit.
  int64_t max_nodes = 10000;
  // Run-outs sampled for the equity of every pair on a flop or preflop board (turn and river:
  // exact).
  int leaf_runouts = 48;
  // Run-outs for our preflop equity against every pair (0: leaf_runouts, per search). The table
  // is kept per starting-hand class (suits renamed) across searches, with its own fixed seed, so
  // it costs once per class and the same for every search: preflop all-in values are the
  // largest in the tree, and 48 shared run-outs leave each pair's equity off by ~0.07 (2,800
  // chips in a 20,000-chip all-in), an error the max over our actions turns into a bias.
  int preflop_runouts = 2000;
  // The call's option value preflop (a flop seen, then played): at a preflop root, the flops
  // sampled at the first chance node. 0: `boards`, and the node budget decides whether the flop
  // is searched at all. > 0: the flop street is always searched (when max_streets >= 1, whatever
  // the budget; deeper streets still by the budget), with this many flops, and equities on those
  // flops (leaves and flop all-ins) over `root_flop_runouts` run-outs (0: leaf_runouts), cheaper
  // per flop so that more flops fit.
  int root_flops = 0;
  int root_flop_runouts = 0;
  // With root_flops: raises per street expanded past the preflop (< 0: max_raises), a smaller
  // tree per flop.
  int root_flop_raises = -1;
  // Raises per street the tree expands in no-limit (beyond: fold or call only). Limit games use
  // their own raise cap.
  int max_raises = 2;
  // No-limit raise sizes as pot fractions (SPEC 4), plus all-in: ours, and the opponent's (one
  // per raise class of the model's abstraction: < 0.6, 0.6-1, >= 1 pot).
  std::vector<double> our_fractions = {0.5, 1.0};
  std::vector<double> their_fractions = {0.5, 0.8, 1.5};
  // Our future decisions: 0 = the best action; > 0 = a softmax of the values with this
  // temperature in big blinds (a softened best, less predictable and less brittle).
  double softness = 0;
  // Opponent actions less likely than this are not expanded (their probability goes to the
  // others).
  double min_branch = 0.002;
  // The opponent's fold probability at a node is capped at this (1 = as the model says).
  double max_fold = 1;
  // Seeds the board samples and the leaf Monte Carlo.
  uint64_t seed = 1;
  // A wall-clock safety cap (over TCP): once passed, every node not yet expanded is valued by the
  // leaf estimate. None: work budgets only.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Our candidates at the root (empty: CandidateActions with our_fractions and max_raises).
  std::vector<poker::Action> root_candidates;
  // Robust responses to our root bets, by root candidate (empty or shorter: none). A data-biased
  // response (Johanson and Bowling 2009) at the opponent's first node after root candidate i:
  // each pair's action probabilities are
  //   confidence x (the model's) + (1 - confidence) x (a best response's),
  // the best response calling with pair h when continue[h] is 1 and folding when it is 0 (it
  // never raises). The caller sets continue[h] by h's equity against our betting range for that
  // action and the pot odds it is offered, and the confidence by how often this opponent has been
  // seen answering bets of that size: a bet the model has little evidence about is not valued
  // by the model's fold frequency alone. With several responses the candidate's value is the
  // least of its values against each (confidence 1: the model alone; 0 with every continue 1:
  // an opponent that never folds), less `handicap` chips (a margin it must beat the others by).
  struct RobustResponse {
    double confidence = 1;
    std::array<float, poker::kNumPairs> continues{};
  };
  struct RootRobust {
    std::vector<RobustResponse> responses;
    double handicap = 0;
  };
  std::vector<RootRobust> root_robust;
};

struct SearchResult {
  std::vector<poker::Action> actions;  // our candidate actions at the root
  std::vector<double> values;          // their expected net chips for the hand
  int best = 0;                        // index of the largest value
  int64_t nodes = 0;                   // nodes visited, all deepening iterations together
  int streets = 0;                     // streets searched past the current one
  bool clock_cap_fired = false;
  // The mean over our root actions of the model's confidence at the opponent's first node after
  // them (1 when no opponent node follows).
  double confidence = 1;
};

// Our candidate actions in `state` (fold when facing a bet, check/call, the raises of `options`
// within the raise cap), legal and without duplicates.
std::vector<poker::Action> CandidateActions(const poker::State& state,
                                            const std::vector<double>& fractions, int max_raises);

// Our preflop all-in equity against every pair, from a table per starting-hand class (suits
// renamed in order of appearance: 169 tables at most) filled on first use over `runouts` sampled
// boards with a seed of its own, and kept (a new `runouts` clears the tables). Pairs that share a
// card with ours get 0.5.
class PreflopEquityTable {
 public:
  void Fill(poker::PairCards ours, int runouts, std::array<float, poker::kNumPairs>* equity);

 private:
  std::unordered_map<int, std::array<float, poker::kNumPairs>> tables_;
  int runouts_ = 0;
};

// The search. Heads-up: `me` against the one opponent still in. Not thread-safe; reuses its
// buffers between calls.
class ModelSearch {
 public:
  // `state`: we are to act; its board cards of rounds not reached are ignored. `range`: the
  // opponent's weights (pairs conflicting with our cards or the board are dropped). InvalidArgument
  // when it is not our turn, more than one opponent is in, or the range is empty.
  absl::StatusOr<SearchResult> Search(const poker::State& state, int me, poker::PairCards hole,
                                      const Range& range, OpponentActionModel* model,
                                      const SearchOptions& options);

 private:
  using Weights = std::array<float, poker::kNumPairs>;
  // Our equity against every pair on one board (the known and sampled cards of a path).
  struct BoardEquity {
    uint64_t board_mask = 0;
    Weights equity{};
  };

  double Value(poker::State& state, int depth, int streets_left);
  double OurNode(poker::State& state, int depth, int streets_left);
  double OpponentNode(poker::State& state, int depth, int streets_left);
  // At the opponent's first node after a root candidate with a robust response
  // (SearchOptions::root_robust): mixes it into the model's probabilities.
  void MixRobustResponse(const std::vector<poker::Action>& actions, int count,
                         std::vector<Weights>* probs);
  double ChanceNode(poker::State& state, int depth, int streets_left);
  double Showdown(const poker::State& state, int depth);
  double LeafEstimate(const poker::State& state, int depth);
  double PotShareValue(const poker::State& state, double equity) const;
  const Weights& EquityOnBoard();
  // Our preflop equity against every pair from the per-class table (filled on first use).
  void PreflopEquity(Weights* equity);
  double RangeEquity(int depth);
  bool OutOfTime();
  // Whether the root_flops option is on for this search (a preflop root).
  bool RootFlops() const;
  // The raises per street expanded at the current node (max_raises, or root_flop_raises).
  int MaxRaises() const;
  Weights& RangeAt(int depth);

  // The search in progress.
  const SearchOptions* options_ = nullptr;
  OpponentActionModel* model_ = nullptr;
  int me_ = 0;
  int opponent_ = 0;
  int root_round_ = 0;
  poker::PairCards hole_{};
  std::array<poker::Card, poker::kMaxBoardCards> board_{};
  int known_board_ = 0;  // cards of board_ known or sampled on the current path
  int64_t nodes_ = 0;
  int64_t horizon_leaves_ = 0;
  bool clock_fired_ = false;
  double big_blind_ = 1;
  std::mt19937_64 rng_;
  uint64_t leaf_seed_ = 0;
  double* first_confidence_ = nullptr;  // where the first opponent node records its confidence
  const SearchOptions::RobustResponse* robust_ = nullptr;  // of the root candidate being valued

  // Buffers by depth (a path is at most a few dozen nodes).
  std::vector<Weights> ranges_;
  std::vector<std::vector<Weights>> probs_;
  std::vector<BoardEquity> board_equities_;
  PreflopEquityTable preflop_table_;
};

}  // namespace agent

#endif  // AGENT_SEARCH_H_
