// Multiway search with opponent models (SPEC 13; Billings et al. 2004's miximax with every
// opponent still in): at our decision, every candidate action is valued by an expectimax over the
// betting tree that follows it, in which each opponent still in acts in turn order with action
// probabilities per pair from a model of it, and each opponent's range (a weight per hole-card
// pair) is narrowed along each branch by its own actions.
//
//   our node       max over our candidate actions (or a softmax of their values)
//   opponent node  opponent p to act: sum over its candidates a of P(a) V(child a), P(a) =
//                  sum_h w_p(h) p(a | h) / sum_h w_p(h); the child's range of p is w_p(h) p(a | h),
//                  the other opponents' ranges are unchanged
//   chance node    the mean over `boards` sampled next cards (a street within the horizon)
//   fold           our chips lost, or the others' chips won when every opponent has folded
//   showdown and   the pot share: E x pot - our chips, where the pot counts each player's chips
//   leaves         up to the most any other player still in has put in (an uncalled excess goes
//                  back) and E is our equity against the branch's ranges (no further betting)
//
// Equity against several ranges on a board B: E = mean over run-outs r of B of the product over
// the opponents j of W_j(r) = sum_h w_j(h) win_r(h) / sum_h w_j(h) live_r(h), win_r(h) = 1, 1/2
// or 0 as our hand beats, ties or loses to pair h on the full board r (pairs sharing a card with r
// left out). Exact on the river (one run-out) and the turn (every river card), `leaf_runouts`
// sampled run-outs on the flop (the same for every pair and opponent); preflop the product of
// the heads-up equities against each range from the 169-class table (agent/search.h
// PreflopEquityTable). It treats the opponents' hands as independent given ours and the board
// (card removal between opponents is left out); preflop, where the board is not sampled, it
// also leaves out the correlation of the opponents' chances through the board (it
// underestimates hands that win big pots when they hit, e.g. small pairs against two callers).
//
// The work is bounded by nodes, never by the clock (a deadline is only a safety net): each root
// candidate gets an equal share of `max_nodes`; past it (or below `min_reach`, the probability of
// the opponents' actions on the path) a node is valued by the leaf estimate. Iterative deepening
// in streets adds the next street only if the last pass was not cut and the estimate fits.
#ifndef AGENT_MULTIWAY_SEARCH_H_
#define AGENT_MULTIWAY_SEARCH_H_

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/range.h"
#include "agent/search.h"
#include "poker/card.h"
#include "poker/state.h"
#include "trainer/action_abstraction.h"

namespace agent {

class HandReader;

struct MultiwayOptions {
  // Streets searched past the current one (0: to the end of this street, then the leaf
  // estimate), while the budget allows.
  int max_streets = 0;
  // Work budget in nodes per decision, shared equally by the root candidates.
  int64_t max_nodes = 4000;
  // Next cards sampled per chance node.
  int boards = 2;
  // Sampled run-outs of a flop board's equity table (turn and river: exact).
  int leaf_runouts = 24;
  // Run-outs of the preflop equity table per starting-hand class (PreflopEquityTable).
  int preflop_runouts = 2000;
  // No-limit raises per street the tree expands (beyond: fold, call, all-in).
  int max_raises = 2;
  // Our raise sizes as pot fractions (SPEC 4), plus all-in.
  std::vector<double> our_fractions = {0.5, 1.0};
  // The opponents' raise sizes when the model names no candidates (plus all-in).
  std::vector<double> their_fractions = {1.0};
  // Our future decisions: 0 = the best action; > 0 = a softmax with this temperature (big blinds).
  double softness = 0;
  // Opponent actions less likely than this at a node are not expanded (their probability goes
  // to the others).
  double min_branch = 0.01;
  // A node whose opponents' actions on the path have a probability below this is valued by the
  // leaf estimate.
  double min_reach = 0.001;
  uint64_t seed = 1;
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// The multiway search. Not thread-safe; reuses its buffers between calls.
class MultiwaySearch {
 public:
  using Weights = std::array<float, poker::kNumPairs>;

  // `state`: we (`me`) are to act; board cards of rounds not reached are ignored. `ranges`: by
  // position, the weights of every opponent still in (others ignored; pairs conflicting with our
  // cards or the board are dropped). SearchResult::confidence is the mean of the model's
  // confidence over the opponent nodes between each root action and our next decision.
  // InvalidArgument when it is not our turn, no opponent is in, or a range is missing or empty.
  absl::StatusOr<SearchResult> Search(const poker::State& state, int me, poker::PairCards hole,
                                      absl::Span<const Range* const> ranges,
                                      OpponentActionModel* model, const MultiwayOptions& options);

 private:
  // Our equity against every pair on each run-out of one board.
  struct BoardTable {
    uint64_t board_mask = 0;
    int runouts = 0;
    std::vector<float> win;   // [runout][pair]: 1, 0.5, 0 (0 when the pair is not live)
    std::vector<float> live;  // [runout][pair]: 1 when the pair shares no card with the run-out
  };

  double Value(poker::State& state, int depth, int streets_left, double reach);
  double OurNode(poker::State& state, int depth, int streets_left, double reach);
  double OpponentNode(poker::State& state, int depth, int streets_left, double reach);
  double ChanceNode(poker::State& state, int depth, int streets_left, double reach);
  // The pot share at `state` with the ranges of `depth` (showdowns and leaves).
  double PotShare(const poker::State& state, int depth);
  double Equity(const poker::State& state, int depth);
  const BoardTable& TableOnBoard();
  bool OutOfWork();

  const MultiwayOptions* options_ = nullptr;
  OpponentActionModel* model_ = nullptr;
  int me_ = 0;
  int num_players_ = 0;
  poker::PairCards hole_{};
  std::array<poker::Card, poker::kMaxBoardCards> board_{};
  int known_board_ = 0;
  int64_t nodes_ = 0;
  int64_t node_limit_ = 0;  // the current root candidate's share ends here
  int64_t horizon_leaves_ = 0;
  bool cut_ = false;  // a node was valued by the leaf estimate for want of work or time
  bool clock_fired_ = false;
  double big_blind_ = 1;
  std::mt19937_64 rng_;
  uint64_t leaf_seed_ = 0;
  // Confidence of the opponent nodes before our next decision, for the current root action.
  bool before_our_next_ = false;
  double confidence_sum_ = 0;
  int confidence_count_ = 0;

  // Ranges by depth and position: ranges_[depth][p] points into buffers_[depth][p] or to the
  // same opponent's range at a shallower depth (only the acting opponent's changes per node).
  std::vector<std::array<const Weights*, poker::kMaxPlayers>> ranges_;
  std::vector<std::array<Weights, poker::kMaxPlayers>> buffers_;
  std::vector<std::vector<Weights>> probs_;
  std::vector<BoardTable> tables_;
  PreflopEquityTable preflop_;
  Weights preflop_equity_{};
  int preflop_equity_for_ = -1;  // our pair index preflop_equity_ was filled for
};

// The opponents as the hand reader models them: at a node where opponent p is to act,
// P(a | node, pair) from its pattern tree in the reader (its own counts learned in this match,
// backed off to the population model and to DFmodel by pseudo-counts: the reader's blend by the
// counts). Candidates: fold, check/call, one raise (the pot, clamped to the legal range) that
// takes the likelihood of every raise class short of all-in, and all-in. Confidence at a node:
// n / (n + confidence_k), n = the player's own decisions recorded at the node.
class ReaderActionModel : public OpponentActionModel {
 public:
  ReaderActionModel(HandReader* reader, double confidence_k);
  bool Candidates(const poker::State& state, std::vector<poker::Action>* actions) override;
  void Probabilities(const poker::State& state, int position,
                     absl::Span<const poker::Action> actions,
                     absl::Span<std::array<float, poker::kNumPairs>> probs,
                     double* confidence) override;

 private:
  HandReader* reader_;
  double confidence_k_;
  std::array<float, poker::kNumPairs> scratch_{};
};

}  // namespace agent

#endif  // AGENT_MULTIWAY_SEARCH_H_
