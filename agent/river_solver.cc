#include "agent/river_solver.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "agent/search.h"

namespace agent {
namespace {

using poker::Action;
using poker::Card;
using poker::State;

}  // namespace

int RiverSolver::Build(const State& state, const RiverSolveOptions& options) {
  const int index = static_cast<int>(nodes_.size());
  nodes_.emplace_back();
  actions_.emplace_back();  // set by the caller (the root keeps the default)
  nodes_[index].spent[0] = state.spent(0);
  nodes_[index].spent[1] = state.spent(1);
  if (state.finished()) {
    nodes_[index].folder = state.folded(0) ? 0 : state.folded(1) ? 1 : -1;
    return index;
  }
  const int player = state.CurrentPlayer();
  nodes_[index].player = player;
  const std::vector<Action> actions =
      CandidateActions(state, options.fractions, options.max_raises);
  std::vector<int> children;
  for (const Action& action : actions) {
    if (player == root_player_ && action.type == poker::ActionType::kRaise) {
      const int32_t called_pot = state.pot() + (state.max_spent() - state.spent(player));
      if (action.raise_to - state.max_spent() > options.our_max_pots * called_pot) continue;
    }
    State child = state;
    if (!child.Apply(action).ok()) continue;
    const int built = Build(child, options);
    actions_[built] = action;
    children.push_back(built);
  }
  nodes_[index].first_child = static_cast<int>(children_.size());
  nodes_[index].num_children = static_cast<int>(children.size());
  children_.insert(children_.end(), children.begin(), children.end());
  nodes_[index].offset = static_cast<int>(regrets_[player].size());
  const size_t size = children.size() * hands_[player].pair.size();
  regrets_[player].resize(regrets_[player].size() + size, 0.0f);
  average_[player].resize(average_[player].size() + size, 0.0f);
  return index;
}

absl::StatusOr<RiverSolution> RiverSolver::Solve(
    const State& state, const std::array<const std::array<float, poker::kNumPairs>*, 2>& weights,
    poker::PairCards hole, const RiverSolveOptions& options) {
  const poker::GameDef& game = state.game();
  if (game.num_players != 2 || state.finished() || state.round() != game.num_rounds - 1 ||
      state.NumBoardCardsVisible() != 5) {
    return absl::InvalidArgumentError("river re-solving needs a heads-up river state to act in");
  }
  std::array<Card, 7> cards{};
  poker::CardSet board;
  for (int i = 0; i < 5; ++i) {
    cards[i + 2] = state.board_card(i);
    board.Add(state.board_card(i));
  }
  root_player_ = state.CurrentPlayer();
  const int our_pair = poker::PairIndex(hole.low, hole.high);
  // The pairs off the board, by position with their weights; the kept ones in increasing rank
  // (the showdown's passes go through them in order).
  struct Kept {
    poker::HandRank rank;
    int pair;
    float weight;
  };
  for (int p = 0; p < 2; ++p) {
    Hands& hands = hands_[p];
    hands = Hands{};
    index_of_pair_[p].fill(-1);
    std::vector<Kept> kept;
    float largest = 0;
    for (int pair = 0; pair < poker::kNumPairs; ++pair) {
      const poker::PairCards c = poker::PairFromIndex(pair);
      if (board.Contains(c.low) || board.Contains(c.high)) continue;
      kept.push_back({0, pair, (*weights[p])[pair]});
      largest = std::max(largest, kept.back().weight);
    }
    if (!(largest > 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("river re-solving: position ", p, "'s range is empty on this board"));
    }
    const float least = static_cast<float>(options.min_share * largest);
    double total = 0;
    size_t count = 0;
    for (const Kept& k : kept) {
      const bool ours = p == root_player_ && k.pair == our_pair;
      if (k.weight < least && !ours) continue;
      const poker::PairCards c = poker::PairFromIndex(k.pair);
      cards[0] = c.low;
      cards[1] = c.high;
      kept[count] = {poker::EvaluateSevenCards(cards.data()), k.pair,
                     ours ? std::max(k.weight, least) : k.weight};
      total += kept[count++].weight;
    }
    kept.resize(count);
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Kept& a, const Kept& b) { return a.rank < b.rank; });
    for (const Kept& k : kept) {
      const poker::PairCards c = poker::PairFromIndex(k.pair);
      index_of_pair_[p][k.pair] = static_cast<int>(hands.pair.size());
      hands.pair.push_back(k.pair);
      hands.low.push_back(c.low);
      hands.high.push_back(c.high);
      hands.weight.push_back(static_cast<float>(k.weight / total));
      hands.rank.push_back(k.rank);
    }
  }
  if (index_of_pair_[root_player_][our_pair] < 0) {
    return absl::InvalidArgumentError("river re-solving: our cards are on the board");
  }
  nodes_.clear();
  actions_.clear();
  children_.clear();
  for (int p = 0; p < 2; ++p) {
    regrets_[p].clear();
    average_[p].clear();
  }
  Build(state, options);
  // Walk keeps references into its depth's buffers: no path is longer than the tree.
  scratch_.resize(nodes_.size() + 1);

  const double per_iteration =
      static_cast<double>(nodes_.size()) * (hands_[0].pair.size() + hands_[1].pair.size());
  const int iterations = std::max(
      1, static_cast<int>(std::min<double>(options.iterations, options.max_work / per_iteration)));
  std::vector<float> out;
  for (int t = 1; t <= iterations; ++t) {
    for (int p = 0; p < 2; ++p) Walk(0, p, hands_[p].weight, hands_[1 - p].weight, false, t, &out);
  }

  RiverSolution solution;
  solution.nodes = static_cast<int>(nodes_.size());
  solution.iterations = iterations;
  solution.pairs = {static_cast<int>(hands_[0].pair.size()),
                    static_cast<int>(hands_[1].pair.size())};
  const Node& root = nodes_[0];
  const int me = root_player_;
  const int n = static_cast<int>(hands_[me].pair.size());
  const int ours = index_of_pair_[me][our_pair];
  std::vector<float> sigma;
  Strategy(root, n, true, &sigma);
  // Our values after each root action: the opponent's reach against our hand alone, best play of
  // ours below, per unit of the opponent's reach compatible with our cards.
  std::vector<float> mine(n, 0.0f);
  mine[ours] = 1;
  std::vector<float> mass;
  TerminalValues(me, 1 - me, 1.0, hands_[1 - me].weight, &mass);  // the compatible reach
  for (int a = 0; a < root.num_children; ++a) {
    const int child = children_[root.first_child + a];
    solution.actions.push_back(actions_[child]);
    solution.strategy.push_back(sigma[a * n + ours]);
    Walk(child, me, mine, hands_[1 - me].weight, true, 0, &out);
    solution.values.push_back(mass[ours] > 0 ? out[ours] / mass[ours] : 0.0);
  }
  return solution;
}

// Regret matching (`average` false) or the normalised average strategy, per hand, into `sigma`.
void RiverSolver::Strategy(const Node& node, int n, bool average, std::vector<float>* sigma) {
  const float* r =
      average ? &average_[node.player][node.offset] : &regrets_[node.player][node.offset];
  const int k = node.num_children;
  sigma->resize(static_cast<size_t>(k) * n);
  totals_.assign(n, 0.0f);
  float* total = totals_.data();
  float* out = sigma->data();
  for (int a = 0; a < k; ++a) {
    const float* x = r + a * n;
    float* o = out + a * n;
    for (int h = 0; h < n; ++h) {
      o[h] = std::max(0.0f, x[h]);
      total[h] += o[h];
    }
  }
  const float uniform = 1.0f / k;
  for (int h = 0; h < n; ++h) total[h] = total[h] > 0 ? 1.0f / total[h] : 0.0f;
  for (int a = 0; a < k; ++a) {
    float* o = out + a * n;
    for (int h = 0; h < n; ++h) o[h] = total[h] > 0 ? o[h] * total[h] : uniform;
  }
}

void RiverSolver::TerminalValues(int p, int fold, double stake, const std::vector<float>& reach,
                                 std::vector<float>* out) const {
  const Hands& mine = hands_[p];
  const Hands& theirs = hands_[1 - p];
  const int n = static_cast<int>(mine.pair.size());
  out->assign(n, 0.0f);
  if (fold >= 0) {
    // The opponent's reach that does not share a card with each of our pairs.
    double total = 0;
    std::array<double, poker::kNumCards> by_card{};
    for (size_t j = 0; j < theirs.pair.size(); ++j) {
      total += reach[j];
      by_card[theirs.low[j]] += reach[j];
      by_card[theirs.high[j]] += reach[j];
    }
    const double sign = fold == p ? -stake : stake;
    for (int h = 0; h < n; ++h) {
      const int same = index_of_pair_[1 - p][mine.pair[h]];
      const double mass =
          total - by_card[mine.low[h]] - by_card[mine.high[h]] + (same >= 0 ? reach[same] : 0.0);
      (*out)[h] = static_cast<float>(sign * mass);
    }
    return;
  }
  // Showdown: the reach of the opponent's pairs ranked below ours (won) and above (lost), less the
  // pairs that share a card with ours, going up and then down the ranks (both lists are in
  // increasing rank).
  const int m = static_cast<int>(theirs.pair.size());
  std::array<double, poker::kNumCards> by_card{};
  double total = 0;
  float* o = out->data();
  int j = 0;
  for (int h = 0; h < n; ++h) {
    for (; j < m && theirs.rank[j] < mine.rank[h]; ++j) {
      total += reach[j];
      by_card[theirs.low[j]] += reach[j];
      by_card[theirs.high[j]] += reach[j];
    }
    o[h] = static_cast<float>(stake * (total - by_card[mine.low[h]] - by_card[mine.high[h]]));
  }
  by_card.fill(0);
  total = 0;
  j = m - 1;
  for (int h = n - 1; h >= 0; --h) {
    for (; j >= 0 && theirs.rank[j] > mine.rank[h]; --j) {
      total += reach[j];
      by_card[theirs.low[j]] += reach[j];
      by_card[theirs.high[j]] += reach[j];
    }
    o[h] -= static_cast<float>(stake * (total - by_card[mine.low[h]] - by_card[mine.high[h]]));
  }
}

void RiverSolver::Walk(int index, int p, const std::vector<float>& mine,
                       const std::vector<float>& opp, bool best_response, double t,
                       std::vector<float>* out, int depth) {
  const Node& node = nodes_[index];
  const int n = static_cast<int>(hands_[p].pair.size());
  if (node.player < 0) {
    const int other = 1 - p;
    const double stake =
        node.folder >= 0 ? node.spent[node.folder] : std::min(node.spent[p], node.spent[other]);
    TerminalValues(p, node.folder, stake, opp, out);
    return;
  }
  Scratch& scratch = scratch_[depth];
  std::vector<float>& sigma = scratch.sigma;
  std::vector<float>& reach = scratch.reach;
  std::vector<float>& child_value = scratch.child;
  const int k = node.num_children;
  if (node.player == p) {
    if (!best_response) Strategy(node, n, false, &sigma);
    std::vector<float>& values = scratch.values;
    values.resize(static_cast<size_t>(k) * n);
    reach.resize(n);
    for (int a = 0; a < k; ++a) {
      if (!best_response) {
        const float* s = &sigma[a * n];
        for (int h = 0; h < n; ++h) reach[h] = mine[h] * s[h];
      }
      Walk(children_[node.first_child + a], p, best_response ? mine : reach, opp, best_response, t,
           &child_value, depth + 1);
      std::copy(child_value.begin(), child_value.end(), values.begin() + a * n);
    }
    out->assign(n, best_response ? -1e30f : 0.0f);
    float* o = out->data();
    for (int a = 0; a < k; ++a) {
      const float* v = &values[a * n];
      if (best_response) {
        for (int h = 0; h < n; ++h) o[h] = std::max(o[h], v[h]);
      } else {
        const float* s = &sigma[a * n];
        for (int h = 0; h < n; ++h) o[h] += s[h] * v[h];
      }
    }
    if (best_response) return;
    // Discounted CFR (Brown and Sandholm 2019; alpha 1.5, beta 0.5, gamma 2): the regrets so far
    // are discounted, positive ones by (t-1)^1.5 / ((t-1)^1.5 + 1), negative ones by
    // (t-1)^0.5 / ((t-1)^0.5 + 1), and the average strategy by ((t-1) / t)^2, before this
    // iteration's part is added. (Their beta 0 makes the average swing with the all-in, 100 pots
    // here: river_bench's exploitability is not monotone in the iterations with it.)
    const double before = std::pow(t - 1, 1.5);
    const float positive = static_cast<float>(before / (before + 1));
    const double root = std::sqrt(t - 1);
    const float negative = static_cast<float>(root / (root + 1));
    const float average_decay = static_cast<float>(((t - 1) / t) * ((t - 1) / t));
    for (int a = 0; a < k; ++a) {
      float* regret = &regrets_[p][node.offset + a * n];
      float* average = &average_[p][node.offset + a * n];
      const float* v = &values[a * n];
      const float* s = &sigma[a * n];
      for (int h = 0; h < n; ++h) {
        const float r = regret[h];
        regret[h] = r * (r > 0 ? positive : negative) + v[h] - o[h];
        average[h] = average[h] * average_decay + mine[h] * s[h];
      }
    }
    return;
  }
  // The opponent acts: its current (training) or average strategy thins its reach.
  const int m = static_cast<int>(hands_[1 - p].pair.size());
  Strategy(node, m, /*average=*/best_response, &sigma);
  reach.resize(m);
  out->assign(n, 0.0f);
  for (int a = 0; a < k; ++a) {
    const float* s = &sigma[a * m];
    for (int h = 0; h < m; ++h) reach[h] = opp[h] * s[h];
    Walk(children_[node.first_child + a], p, mine, reach, best_response, t, &child_value,
         depth + 1);
    float* o = out->data();
    for (int h = 0; h < n; ++h) o[h] += child_value[h];
  }
}

double RiverSolver::Exploitability() {
  if (nodes_.empty()) return 0;
  double total = 0;
  std::vector<float> out;
  for (int p = 0; p < 2; ++p) {
    Walk(0, p, hands_[p].weight, hands_[1 - p].weight, true, 0, &out);
    for (size_t h = 0; h < out.size(); ++h) total += hands_[p].weight[h] * out[h];
  }
  return total / 2;
}

}  // namespace agent
