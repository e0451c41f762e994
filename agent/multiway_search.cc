#include "agent/multiway_search.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "agent/hand_reader.h"
#include "agent/policies.h"
#include "agent/search_internal.h"
#include "poker/rng.h"

namespace agent {
namespace {

using poker::Action;
using poker::State;
using search_internal::AllPairs;
using search_internal::CompareOnBoard;
using search_internal::DeadCards;
using search_internal::DrawCards;
using search_internal::ForEachRunout;
using search_internal::kMaxCandidates;
using search_internal::LiveDeck;
using search_internal::NormaliseAndWeigh;
using search_internal::PairMask;
using search_internal::RunoutCount;
using search_internal::SoftenedBest;

// Deepest path the buffers hold; a node deeper than this is valued by the leaf estimate.
constexpr int kMaxDepth = 64;
// Nodes of one street's subtree assumed when estimating the next deepening (at least).
constexpr int64_t kMinStreetNodes = 30;

// Copies `from` into `to` without the pairs that share a card with `dead`, normalised to sum 1;
// returns the total before normalising.
double CopyLive(const MultiwaySearch::Weights& from, uint64_t dead, MultiwaySearch::Weights* to) {
  double total = 0;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    (*to)[i] = (PairMask(i) & dead) != 0 ? 0.0f : from[i];
    total += (*to)[i];
  }
  if (total > 0) {
    const float inv = static_cast<float>(1 / total);
    for (float& x : *to) x *= inv;
  }
  return total;
}

}  // namespace

bool MultiwaySearch::OutOfWork() {
  if (nodes_ >= node_limit_) return true;
  if (clock_fired_) return true;
  if (!options_->deadline.has_value() || (nodes_ & 63) != 0) return false;
  if (std::chrono::steady_clock::now() >= *options_->deadline) clock_fired_ = true;
  return clock_fired_;
}

const MultiwaySearch::BoardTable& MultiwaySearch::TableOnBoard() {
  uint64_t board_mask = 0;
  for (int i = 0; i < known_board_; ++i) board_mask |= uint64_t{1} << board_[i];
  for (const BoardTable& t : tables_) {
    if (t.board_mask == board_mask) return t;
  }
  BoardTable& t = tables_.emplace_back();
  t.board_mask = board_mask;
  const uint64_t ours = PairMask(poker::PairIndex(hole_.low, hole_.high));
  const size_t cells =
      static_cast<size_t>(RunoutCount(known_board_, board_mask | ours, options_->leaf_runouts)) *
      poker::kNumPairs;
  t.win.reserve(cells);
  t.live.reserve(cells);
  std::array<float, poker::kNumPairs> wins{};
  std::array<float, poker::kNumPairs> counts{};
  auto add_row = [&](const poker::Card* full, uint64_t full_mask) {
    wins.fill(0.0f);
    counts.fill(0.0f);
    CompareOnBoard(full, full_mask | ours, hole_, &wins, &counts);
    for (int i = 0; i < poker::kNumPairs; ++i) {
      t.win.push_back(0.5f * wins[i]);
      t.live.push_back(counts[i]);
    }
  };
  t.runouts = ForEachRunout(board_.data(), known_board_, ours, options_->leaf_runouts,
                            poker::MixSeeds(leaf_seed_, board_mask), add_row);
  return t;
}

double MultiwaySearch::Equity(const State& state, int depth) {
  std::array<const Weights*, poker::kMaxPlayers> in{};
  int count = 0;
  for (int p = 0; p < num_players_; ++p) {
    if (p != me_ && !state.folded(p) && ranges_[depth][p] != nullptr)
      in[count++] = ranges_[depth][p];
  }
  if (count == 0) return 1;
  if (known_board_ == 0) {
    const int ours = poker::PairIndex(hole_.low, hole_.high);
    if (preflop_equity_for_ != ours) {
      // preflop_runouts 0: the table over leaf_runouts run-outs (never 0 run-outs, all 0.5).
      preflop_.Fill(hole_,
                    options_->preflop_runouts > 0 ? options_->preflop_runouts
                                                  : std::max(1, options_->leaf_runouts),
                    &preflop_equity_);
      preflop_equity_for_ = ours;
    }
    double product = 1;
    for (int j = 0; j < count; ++j) {
      const Weights& w = *in[j];
      double total = 0;
      double won = 0;
      for (int i = 0; i < poker::kNumPairs; ++i) {
        total += w[i];
        won += w[i] * preflop_equity_[i];
      }
      product *= total > 0 ? won / total : 0.5;
    }
    return product;
  }
  const BoardTable& t = TableOnBoard();
  double sum = 0;
  for (int r = 0; r < t.runouts; ++r) {
    const float* win = t.win.data() + static_cast<size_t>(r) * poker::kNumPairs;
    const float* live = t.live.data() + static_cast<size_t>(r) * poker::kNumPairs;
    double product = 1;
    for (int j = 0; j < count; ++j) {
      const float* w = in[j]->data();
      float won = 0;
      float total = 0;
      for (int i = 0; i < poker::kNumPairs; ++i) {
        won += w[i] * win[i];
        total += w[i] * live[i];
      }
      product *= total > 0 ? won / total : 0.5;
    }
    sum += product;
  }
  return sum / t.runouts;
}

double MultiwaySearch::PotShare(const State& state, int depth) {
  // Each player still in puts in at most what another player still in has: the excess of the
  // largest bet is uncalled and goes back.
  double pot = 0;
  double mine = 0;
  for (int p = 0; p < num_players_; ++p) {
    const double spent = state.spent(p);
    if (state.folded(p)) {
      pot += spent;
      continue;
    }
    double cover = 0;
    for (int q = 0; q < num_players_; ++q) {
      if (q != p && !state.folded(q)) cover = std::max<double>(cover, state.spent(q));
    }
    const double in = std::min(spent, cover);
    pot += in;
    if (p == me_) mine = in;
  }
  return Equity(state, depth) * pot - mine;
}

double MultiwaySearch::Value(State& state, int depth, int streets_left, double reach) {
  ++nodes_;
  if (state.folded(me_)) return -state.spent(me_);  // whatever the others do next
  if (state.finished()) {
    double others = 0;
    bool anyone = false;
    for (int p = 0; p < num_players_; ++p) {
      if (p == me_) continue;
      others += state.spent(p);
      anyone = anyone || !state.folded(p);
    }
    return anyone ? PotShare(state, depth) : others;
  }
  if (known_board_ < state.game().BoardCardsThrough(state.round())) {
    if (streets_left <= 0) {
      ++horizon_leaves_;
      return PotShare(state, depth);
    }
    if (depth + 1 >= kMaxDepth || OutOfWork()) {
      cut_ = true;
      return PotShare(state, depth);
    }
    return ChanceNode(state, depth, streets_left, reach);
  }
  if (depth + 1 >= kMaxDepth || OutOfWork()) {
    cut_ = true;
    return PotShare(state, depth);
  }
  if (reach < options_->min_reach) return PotShare(state, depth);
  return state.CurrentPlayer() == me_ ? OurNode(state, depth, streets_left, reach)
                                      : OpponentNode(state, depth, streets_left, reach);
}

double MultiwaySearch::ChanceNode(State& state, int depth, int streets_left, double reach) {
  const int need = state.game().BoardCardsThrough(state.round()) - known_board_;
  const uint64_t dead = DeadCards(hole_, board_.data(), known_board_);
  std::array<poker::Card, poker::kNumCards> deck{};
  const int deck_size = LiveDeck(dead, &deck);
  const int first = known_board_;
  double sum = 0;
  int samples = 0;
  for (int k = 0; k < std::max(1, options_->boards); ++k) {
    const uint64_t drawn = DrawCards(need, deck_size, &rng_, &deck);
    for (int j = 0; j < need; ++j) {
      board_[first + j] = deck[j];
      state.set_board_card(first + j, deck[j]);
    }
    bool empty = false;
    for (int p = 0; p < num_players_; ++p) {
      const Weights* parent = ranges_[depth][p];
      if (parent == nullptr) {
        ranges_[depth + 1][p] = nullptr;
        continue;
      }
      Weights& child = buffers_[depth + 1][p];
      empty = empty || (!state.folded(p) && CopyLive(*parent, drawn, &child) <= 0);
      ranges_[depth + 1][p] = &child;
    }
    if (empty) continue;
    known_board_ = first + need;
    sum += Value(state, depth + 1, streets_left - 1, reach);
    known_board_ = first;
    ++samples;
  }
  return samples > 0 ? sum / samples : PotShare(state, depth);
}

double MultiwaySearch::OurNode(State& state, int depth, int streets_left, double reach) {
  const std::vector<Action> actions =
      CandidateActions(state, options_->our_fractions, options_->max_raises);
  std::array<double, kMaxCandidates> values{};
  double best = -1e300;
  const int count = std::min<int>(actions.size(), kMaxCandidates);
  const bool before = before_our_next_;
  before_our_next_ = false;
  for (int i = 0; i < count; ++i) {
    State child = state;
    if (!child.Apply(actions[i]).ok()) {
      values[i] = -1e300;
      continue;
    }
    ranges_[depth + 1] = ranges_[depth];
    values[i] = Value(child, depth + 1, streets_left, reach);
    best = std::max(best, values[i]);
  }
  before_our_next_ = before;
  if (options_->softness <= 0) return best;
  return SoftenedBest(values, count, best, options_->softness * big_blind_);
}

double MultiwaySearch::OpponentNode(State& state, int depth, int streets_left, double reach) {
  const int position = state.CurrentPlayer();
  const Weights* range = ranges_[depth][position];
  if (range == nullptr) return PotShare(state, depth);
  std::vector<Action> actions;
  if (!model_->Candidates(state, &actions)) {
    actions = CandidateActions(state, options_->their_fractions, options_->max_raises);
  }
  const int count = std::min<int>(actions.size(), kMaxCandidates);
  std::vector<Weights>& probs = probs_[depth];
  double confidence = 1;
  model_->Probabilities(state, position, absl::MakeConstSpan(actions.data(), count),
                        absl::MakeSpan(probs.data(), count), &confidence);
  if (before_our_next_) {
    confidence_sum_ += confidence;
    ++confidence_count_;
  }
  const Weights& w = *range;
  std::array<double, kMaxCandidates> mass{};
  const double total = NormaliseAndWeigh(w, count, &probs, &mass);
  if (total <= 0) return PotShare(state, depth);
  double kept = 0;
  for (int i = 0; i < count; ++i) {
    if (mass[i] / total >= options_->min_branch) kept += mass[i];
  }
  if (kept <= 0) return PotShare(state, depth);
  double value = 0;
  for (int i = 0; i < count; ++i) {
    if (mass[i] / total < options_->min_branch) continue;
    State child = state;
    if (!child.Apply(actions[i]).ok()) continue;
    Weights& next = buffers_[depth + 1][position];
    const Weights& p = probs[i];
    const float inv = static_cast<float>(1 / mass[i]);
    for (int h = 0; h < poker::kNumPairs; ++h) next[h] = w[h] * p[h] * inv;
    ranges_[depth + 1] = ranges_[depth];
    ranges_[depth + 1][position] = &next;
    const double share = mass[i] / kept;
    value += share * Value(child, depth + 1, streets_left, reach * share);
  }
  return value;
}

absl::StatusOr<SearchResult> MultiwaySearch::Search(const State& state, int me,
                                                    poker::PairCards hole,
                                                    absl::Span<const Range* const> ranges,
                                                    OpponentActionModel* model,
                                                    const MultiwayOptions& options) {
  if (state.finished() || state.CurrentPlayer() != me) {
    return absl::InvalidArgumentError("multiway search: it is not our turn");
  }
  const poker::GameDef& game = state.game();
  num_players_ = game.num_players;
  options_ = &options;
  model_ = model;
  me_ = me;
  hole_ = hole;
  big_blind_ = std::max<int32_t>(game.BigBlind(), 1);
  const int root_board = game.BoardCardsThrough(state.round());
  for (int i = 0; i < root_board; ++i) board_[i] = state.board_card(i);
  const uint64_t dead = DeadCards(hole, board_.data(), root_board);
  if (ranges_.size() < kMaxDepth) {
    ranges_.resize(kMaxDepth);
    buffers_.resize(kMaxDepth);
    probs_.assign(kMaxDepth, std::vector<Weights>(kMaxCandidates));
  }
  ranges_[0].fill(nullptr);
  int opponents = 0;
  for (int p = 0; p < num_players_; ++p) {
    if (p == me || state.folded(p)) continue;
    const Range* r = p < static_cast<int>(ranges.size()) ? ranges[p] : nullptr;
    if (r == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("multiway search: no range for position ", p));
    }
    Weights raw;
    for (int i = 0; i < poker::kNumPairs; ++i) raw[i] = r->weight(i);
    if (!(CopyLive(raw, dead, &buffers_[0][p]) > 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("multiway search: the range of position ", p, " is empty"));
    }
    ranges_[0][p] = &buffers_[0][p];
    ++opponents;
  }
  if (opponents == 0) return absl::InvalidArgumentError("multiway search: no opponent is in");

  SearchResult result;
  result.actions = CandidateActions(state, options.our_fractions, options.max_raises);
  const int num_actions = static_cast<int>(result.actions.size());
  const int later_streets = game.num_rounds - 1 - state.round();
  const int max_streets = std::clamp(options.max_streets, 0, later_streets);
  tables_.clear();
  clock_fired_ = false;
  nodes_ = 0;
  int64_t first_run_nodes = 0;
  for (int h = 0; h <= max_streets; ++h) {
    const int64_t before = nodes_;
    const int64_t share = std::max<int64_t>(1, (options.max_nodes - before) / num_actions);
    horizon_leaves_ = 0;
    cut_ = false;
    std::vector<double> values(num_actions, 0.0);
    confidence_sum_ = 0;
    confidence_count_ = 0;
    for (int i = 0; i < num_actions; ++i) {
      node_limit_ = nodes_ + share;
      State child = state;
      known_board_ = root_board;
      for (int b = root_board; b < poker::kMaxBoardCards; ++b) child.set_board_card(b, 0);
      if (!child.Apply(result.actions[i]).ok()) {
        values[i] = -1e300;
        continue;
      }
      ranges_[1] = ranges_[0];
      // Common random numbers: every root action sees the same board samples and run-outs.
      rng_.seed(poker::MixSeeds(options.seed, 0xB0A2D));
      leaf_seed_ = poker::MixSeeds(options.seed, 0x1EAF);
      before_our_next_ = true;
      values[i] = Value(child, 1, h, 1.0);
      before_our_next_ = false;
    }
    if (clock_fired_ && h > 0) break;
    result.values = std::move(values);
    result.streets = h;
    result.confidence = confidence_count_ > 0 ? confidence_sum_ / confidence_count_ : 1.0;
    const int64_t run = nodes_ - before;
    if (h == 0) first_run_nodes = run;
    if (horizon_leaves_ == 0 || cut_ || clock_fired_) break;
    const int64_t estimate = run + horizon_leaves_ * std::max(1, options.boards) *
                                       std::max<int64_t>(first_run_nodes, kMinStreetNodes);
    if (nodes_ + estimate > options.max_nodes) break;
  }
  result.nodes = nodes_;
  result.clock_cap_fired = clock_fired_;
  result.best = 0;
  for (int i = 1; i < static_cast<int>(result.values.size()); ++i) {
    if (result.values[i] > result.values[result.best]) result.best = i;
  }
  return result;
}

ReaderActionModel::ReaderActionModel(HandReader* reader, double confidence_k)
    : reader_(reader), confidence_k_(confidence_k) {}

bool ReaderActionModel::Candidates(const State& state, std::vector<Action>* actions) {
  (void)state, (void)actions;
  return false;  // the search's own: fold, call, the pot, all-in
}

void ReaderActionModel::Probabilities(const State& state, int position,
                                      absl::Span<const Action> actions,
                                      absl::Span<std::array<float, poker::kNumPairs>> probs,
                                      double* confidence) {
  const double n = reader_->NodeDecisions(state, position).player;
  *confidence = confidence_k_ > 0 ? n / (n + confidence_k_) : 1.0;
  const trainer::ActionAbstraction& abstraction = reader_->abstraction();
  const int count = static_cast<int>(actions.size());
  for (int i = 0; i < count; ++i) probs[i].fill(0.0f);
  // The candidates' roles: fold, check/call, a raise short of all-in, all-in.
  int fold = -1, call = -1, raise = -1, all_in = -1;
  int32_t min_to = 0, max_to = 0;
  const bool can_raise = state.RaiseRange(&min_to, &max_to);
  for (int i = 0; i < count; ++i) {
    switch (actions[i].type) {
      case poker::ActionType::kFold:
        fold = i;
        break;
      case poker::ActionType::kCall:
        call = i;
        break;
      case poker::ActionType::kRaise:
        if (can_raise && abstraction.has_all_in_class() && actions[i].raise_to >= max_to &&
            max_to >= state.game().stack[position]) {
          all_in = i;
        } else if (raise < 0) {
          raise = i;
        }
        break;
    }
  }
  const uint32_t available = AvailableActions(state, abstraction);
  for (int a = 0; a < abstraction.num_actions(); ++a) {
    if (((available >> a) & 1) == 0) continue;
    int target = call;
    if (a == trainer::kFold) {
      target = fold;
    } else if (abstraction.has_all_in_class() && a == abstraction.all_in()) {
      target = all_in >= 0 ? all_in : raise;
    } else if (trainer::ActionAbstraction::IsRaise(static_cast<trainer::AbstractAction>(a))) {
      target = raise >= 0 ? raise : all_in;
    }
    if (target < 0) target = call;
    if (target < 0) continue;
    reader_->ActionLikelihoods(state, position, static_cast<trainer::AbstractAction>(a), &scratch_);
    std::array<float, poker::kNumPairs>& into = probs[target];
    for (int h = 0; h < poker::kNumPairs; ++h) into[h] += scratch_[h];
  }
}

}  // namespace agent
