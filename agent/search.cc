#include "agent/search.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "agent/policies.h"
#include "agent/search_internal.h"
#include "poker/rng.h"

namespace agent {

using search_internal::AllPairs;
using search_internal::CompareOnBoard;
using search_internal::DeadCards;
using search_internal::DrawCards;
using search_internal::ForEachRunout;
using search_internal::kMaxCandidates;
using search_internal::LiveDeck;
using search_internal::NormaliseAndWeigh;
using search_internal::PairMask;
using search_internal::SoftenedBest;

namespace {

using poker::Action;
using poker::State;

// Deepest path the buffers hold; a node deeper than this is valued by the leaf estimate.
constexpr int kMaxDepth = 64;
// Nodes of one street's subtree assumed when estimating the next deepening (at least).
constexpr int64_t kMinStreetNodes = 30;

// Our equity against every pair over the run-outs of board[0, known) that ForEachRunout gives
// (`sampled`, `seed`: its sampling): the share of pots won, ties counted half; 0.5 for pairs
// that conflict with every run-out.
void EquityOverRunouts(const poker::Card* board, int known, poker::PairCards hole, int sampled,
                       uint64_t seed, std::array<float, poker::kNumPairs>* equity) {
  const uint64_t ours = PairMask(poker::PairIndex(hole.low, hole.high));
  // Sums of 2 * (ahead) + (tied) and the number of boards each pair was compared on.
  std::array<float, poker::kNumPairs> wins{};
  std::array<float, poker::kNumPairs> counts{};
  ForEachRunout(board, known, ours, sampled, seed,
                [&](const poker::Card* full, uint64_t full_mask) {
                  CompareOnBoard(full, full_mask | ours, hole, &wins, &counts);
                });
  for (int i = 0; i < poker::kNumPairs; ++i) {
    (*equity)[i] = counts[i] > 0 ? wins[i] / (2 * counts[i]) : 0.5f;
  }
}

}  // namespace

std::vector<Action> CandidateActions(const State& state, const std::vector<double>& fractions,
                                     int max_raises) {
  std::vector<Action> actions;
  if (state.finished()) return actions;
  if (state.CanFold()) actions.push_back(Action::Fold());
  actions.push_back(Action::Call());
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return actions;
  auto add = [&actions](const Action& raise) {
    if (raise.type != poker::ActionType::kRaise) return;
    for (const Action& a : actions) {
      if (a.type == poker::ActionType::kRaise && a.raise_to == raise.raise_to) return;
    }
    actions.push_back(raise);
  };
  if (!state.game().is_no_limit()) {
    add(Action::Raise(min_to));
    return actions;
  }
  if (state.num_raises(state.round()) < max_raises) {
    for (double f : fractions) {
      if (static_cast<int>(actions.size()) >= kMaxCandidates - 1) break;
      add(BetFraction(state, f));
    }
  }
  add(Action::Raise(max_to));  // all-in stays available past the cap
  return actions;
}

ModelSearch::Weights& ModelSearch::RangeAt(int depth) { return ranges_[depth]; }

bool ModelSearch::OutOfTime() {
  if (clock_fired_) return true;
  if (!options_->deadline.has_value() || (nodes_ & 63) != 0) return false;
  if (std::chrono::steady_clock::now() >= *options_->deadline) clock_fired_ = true;
  return clock_fired_;
}

double ModelSearch::PotShareValue(const State& state, double equity) const {
  // Chips beyond what the other matched come back; the matched pot is shared by equity.
  const double matched = std::min(state.spent(me_), state.spent(opponent_));
  return equity * 2 * matched - matched;
}

bool ModelSearch::RootFlops() const { return options_->root_flops > 0 && root_round_ == 0; }

int ModelSearch::MaxRaises() const {
  return RootFlops() && known_board_ > 0 && options_->root_flop_raises >= 0
             ? options_->root_flop_raises
             : options_->max_raises;
}

const ModelSearch::Weights& ModelSearch::EquityOnBoard() {
  uint64_t mask = 0;
  for (int i = 0; i < known_board_; ++i) mask |= uint64_t{1} << board_[i];
  for (const BoardEquity& b : board_equities_) {
    if (b.board_mask == mask) return b.equity;
  }
  BoardEquity& b = board_equities_.emplace_back();
  b.board_mask = mask;
  if (known_board_ == 0 && options_->preflop_runouts > 0) {
    PreflopEquity(&b.equity);
    return b.equity;
  }
  const int runouts = RootFlops() && known_board_ == 3 && options_->root_flop_runouts > 0
                          ? options_->root_flop_runouts
                          : options_->leaf_runouts;
  EquityOverRunouts(board_.data(), known_board_, hole_, runouts, poker::MixSeeds(leaf_seed_, mask),
                    &b.equity);
  return b.equity;
}

void PreflopEquityTable::Fill(poker::PairCards hand, int runouts,
                              std::array<float, poker::kNumPairs>* equity) {
  if (runouts_ != runouts) {
    tables_.clear();
    runouts_ = runouts;
  }
  // Suits renamed in order of appearance: ours first, then the others in order.
  std::array<int, poker::kNumSuits> rename{-1, -1, -1, -1};
  int next = 0;
  for (poker::Card c : {hand.low, hand.high}) {
    if (rename[poker::SuitOf(c)] < 0) rename[poker::SuitOf(c)] = next++;
  }
  for (int suit = 0; suit < poker::kNumSuits; ++suit) {
    if (rename[suit] < 0) rename[suit] = next++;
  }
  auto canonical = [&rename](poker::Card c) {
    return poker::MakeCard(poker::RankOf(c), rename[poker::SuitOf(c)]);
  };
  const int key = poker::PairIndex(canonical(hand.low), canonical(hand.high));
  auto [it, added] = tables_.try_emplace(key);
  if (added) {
    // 0 run-outs: no board at all, every pair at 0.5 (ForEachRunout would draw one).
    if (runouts_ > 0) {
      EquityOverRunouts(nullptr, 0, poker::PairFromIndex(key), runouts_,
                        poker::MixSeeds(0x9F10B, static_cast<uint64_t>(key)), &it->second);
    } else {
      it->second.fill(0.5f);
    }
  }
  const std::array<poker::PairCards, poker::kNumPairs>& pairs = AllPairs();
  for (int i = 0; i < poker::kNumPairs; ++i) {
    (*equity)[i] = it->second[poker::PairIndex(canonical(pairs[i].low), canonical(pairs[i].high))];
  }
}

void ModelSearch::PreflopEquity(Weights* equity) {
  preflop_table_.Fill(hole_, options_->preflop_runouts, equity);
}

double ModelSearch::RangeEquity(int depth) {
  const Weights& e = EquityOnBoard();
  const Weights& w = RangeAt(depth);
  double total = 0;
  double won = 0;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    total += w[i];
    won += w[i] * e[i];
  }
  return total > 0 ? won / total : 0.5;
}

double ModelSearch::Showdown(const State& state, int depth) {
  return PotShareValue(state, RangeEquity(depth));
}

double ModelSearch::LeafEstimate(const State& state, int depth) {
  return PotShareValue(state, RangeEquity(depth));
}

double ModelSearch::Value(State& state, int depth, int streets_left) {
  ++nodes_;
  if (state.finished()) {
    if (state.folded(me_)) return -state.spent(me_);
    if (state.folded(opponent_)) return state.spent(opponent_);
    return Showdown(state, depth);
  }
  if (known_board_ < state.game().BoardCardsThrough(state.round())) {
    if (streets_left <= 0 || depth + 1 >= kMaxDepth || OutOfTime()) {
      ++horizon_leaves_;
      return LeafEstimate(state, depth);
    }
    return ChanceNode(state, depth, streets_left);
  }
  if (depth + 1 >= kMaxDepth || OutOfTime()) return LeafEstimate(state, depth);
  return state.CurrentPlayer() == me_ ? OurNode(state, depth, streets_left)
                                      : OpponentNode(state, depth, streets_left);
}

double ModelSearch::ChanceNode(State& state, int depth, int streets_left) {
  const int need = state.game().BoardCardsThrough(state.round()) - known_board_;
  std::array<poker::Card, poker::kNumCards> deck{};
  const int deck_size = LiveDeck(DeadCards(hole_, board_.data(), known_board_), &deck);
  const int first = known_board_;
  const Weights& parent = RangeAt(depth);
  double sum = 0;
  int samples = 0;
  const int boards = RootFlops() && first == 0 ? options_->root_flops : options_->boards;
  for (int k = 0; k < std::max(1, boards); ++k) {
    const uint64_t drawn = DrawCards(need, deck_size, &rng_, &deck);
    for (int j = 0; j < need; ++j) {
      board_[first + j] = deck[j];
      state.set_board_card(first + j, deck[j]);
    }
    Weights& child = RangeAt(depth + 1);
    double total = 0;
    for (int i = 0; i < poker::kNumPairs; ++i) {
      child[i] = (PairMask(i) & drawn) != 0 ? 0.0f : parent[i];
      total += child[i];
    }
    if (total <= 0) continue;
    known_board_ = first + need;
    sum += Value(state, depth + 1, streets_left - 1);
    known_board_ = first;
    ++samples;
  }
  return samples > 0 ? sum / samples : LeafEstimate(state, depth);
}

double ModelSearch::OurNode(State& state, int depth, int streets_left) {
  const std::vector<Action> actions = CandidateActions(state, options_->our_fractions, MaxRaises());
  std::array<double, kMaxCandidates> values{};
  double best = -1e300;
  const int count = std::min<int>(actions.size(), kMaxCandidates);
  for (int i = 0; i < count; ++i) {
    State child = state;
    if (!child.Apply(actions[i]).ok()) {
      values[i] = -1e300;
      continue;
    }
    RangeAt(depth + 1) = RangeAt(depth);
    values[i] = Value(child, depth + 1, streets_left);
    best = std::max(best, values[i]);
  }
  if (options_->softness <= 0) return best;
  return SoftenedBest(values, count, best, options_->softness * big_blind_);
}

double ModelSearch::OpponentNode(State& state, int depth, int streets_left) {
  std::vector<Action> actions;
  if (!model_->Candidates(state, &actions)) {
    actions = CandidateActions(state, options_->their_fractions, MaxRaises());
  }
  const int count = std::min<int>(actions.size(), kMaxCandidates);
  std::vector<Weights>& probs = probs_[depth];
  double confidence = 1;
  model_->Probabilities(state, opponent_, absl::MakeConstSpan(actions.data(), count),
                        absl::MakeSpan(probs.data(), count), &confidence);
  if (first_confidence_ != nullptr) {
    *first_confidence_ = confidence;
    first_confidence_ = nullptr;
  }
  const Weights& w = RangeAt(depth);
  if (depth == 1) MixRobustResponse(actions, count, &probs);
  std::array<double, kMaxCandidates> mass{};
  const double total = NormaliseAndWeigh(w, count, &probs, &mass);
  if (total <= 0) return LeafEstimate(state, depth);
  // A model that says "folds" too confidently is the search's costliest error (it bluffs into a
  // caller): the fold branch's probability is capped at max_fold, the other branches keep their
  // proportions (and their ranges).
  for (int i = 0; i < count; ++i) {
    if (actions[i].type != poker::ActionType::kFold || mass[i] <= options_->max_fold * total) {
      continue;
    }
    const double rest = total - mass[i];
    if (rest <= 0) break;
    const double scale = (1 - options_->max_fold) * total / rest;
    for (int j = 0; j < count; ++j) mass[j] = j == i ? options_->max_fold * total : mass[j] * scale;
    break;
  }
  double kept = 0;
  for (int i = 0; i < count; ++i) {
    if (mass[i] / total >= options_->min_branch) kept += mass[i];
  }
  if (kept <= 0) return LeafEstimate(state, depth);
  double value = 0;
  for (int i = 0; i < count; ++i) {
    if (mass[i] / total < options_->min_branch) continue;
    State child = state;
    if (!child.Apply(actions[i]).ok()) continue;
    Weights& next = RangeAt(depth + 1);
    const Weights& p = probs[i];
    for (int h = 0; h < poker::kNumPairs; ++h) next[h] = w[h] * p[h];
    value += mass[i] / kept * Value(child, depth + 1, streets_left);
  }
  return value;
}

void ModelSearch::MixRobustResponse(const std::vector<Action>& actions, int count,
                                    std::vector<Weights>* probs) {
  if (robust_ == nullptr) return;
  const SearchOptions::RobustResponse& robust = *robust_;
  const float c = static_cast<float>(std::clamp(robust.confidence, 0.0, 1.0));
  if (c >= 1) return;
  int fold = -1;
  int call = -1;
  for (int i = 0; i < count; ++i) {
    if (actions[i].type == poker::ActionType::kFold) fold = i;
    if (actions[i].type == poker::ActionType::kCall) call = i;
  }
  if (fold < 0 || call < 0) return;  // nothing to call: not a response to a bet
  for (int h = 0; h < poker::kNumPairs; ++h) {
    double sum = 0;
    for (int i = 0; i < count; ++i) sum += (*probs)[i][h];
    // A pair the model gives nothing plays its actions evenly (as NormaliseAndWeigh reads it).
    const float scale = sum > 0 ? static_cast<float>(c / sum) : 0.0f;
    const float even = sum > 0 ? 0.0f : c / static_cast<float>(count);
    for (int i = 0; i < count; ++i) (*probs)[i][h] = (*probs)[i][h] * scale + even;
    const float goes_on = std::clamp(robust.continues[h], 0.0f, 1.0f);
    (*probs)[call][h] += (1 - c) * goes_on;
    (*probs)[fold][h] += (1 - c) * (1 - goes_on);
  }
}

absl::StatusOr<SearchResult> ModelSearch::Search(const State& state, int me, poker::PairCards hole,
                                                 const Range& range, OpponentActionModel* model,
                                                 const SearchOptions& options) {
  if (state.finished() || state.CurrentPlayer() != me) {
    return absl::InvalidArgumentError("search: it is not our turn");
  }
  const poker::GameDef& game = state.game();
  opponent_ = -1;
  for (int p = 0; p < game.num_players; ++p) {
    if (p == me || state.folded(p)) continue;
    if (opponent_ >= 0) return absl::InvalidArgumentError("search: more than one opponent is in");
    opponent_ = p;
  }
  if (opponent_ < 0) return absl::InvalidArgumentError("search: no opponent is in");
  options_ = &options;
  model_ = model;
  me_ = me;
  hole_ = hole;
  root_round_ = state.round();
  big_blind_ = std::max<int32_t>(game.BigBlind(), 1);
  const int root_board = game.BoardCardsThrough(root_round_);
  for (int i = 0; i < root_board; ++i) board_[i] = state.board_card(i);
  const uint64_t dead = DeadCards(hole, board_.data(), root_board);
  if (ranges_.size() < kMaxDepth) {
    ranges_.resize(kMaxDepth);
    probs_.assign(kMaxDepth, std::vector<Weights>(kMaxCandidates));
  }
  Weights& root = ranges_[0];
  double total = 0;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    root[i] = (PairMask(i) & dead) != 0 ? 0.0f : range.weight(i);
    total += root[i];
  }
  if (!(total > 0)) return absl::InvalidArgumentError("search: the opponent's range is empty");
  for (float& x : root) x = static_cast<float>(x / total);

  SearchResult result;
  result.actions = options.root_candidates.empty()
                       ? CandidateActions(state, options.our_fractions, options.max_raises)
                       : options.root_candidates;
  const int later_streets = game.num_rounds - 1 - root_round_;
  const int max_streets = std::clamp(options.max_streets, 0, later_streets);
  board_equities_.clear();
  clock_fired_ = false;
  nodes_ = 0;
  int64_t first_run_nodes = 0;
  for (int h = 0; h <= max_streets; ++h) {
    const int64_t before = nodes_;
    horizon_leaves_ = 0;
    std::vector<double> values(result.actions.size(), 0.0);
    double confidence_sum = 0;
    int confidence_count = 0;
    for (size_t i = 0; i < result.actions.size(); ++i) {
      State child = state;
      known_board_ = root_board;
      for (int b = root_board; b < poker::kMaxBoardCards; ++b) child.set_board_card(b, 0);
      if (!child.Apply(result.actions[i]).ok()) {
        values[i] = -1e300;
        continue;
      }
      // Against each robust response to this candidate (none: the model alone), the least value,
      // less the candidate's handicap.
      const SearchOptions::RootRobust* robust =
          i < options.root_robust.size() ? &options.root_robust[i] : nullptr;
      const std::vector<SearchOptions::RobustResponse>* responses =
          robust != nullptr && !robust->responses.empty() ? &robust->responses : nullptr;
      const size_t runs = responses != nullptr ? responses->size() : 1;
      double confidence = -1;
      for (size_t r = 0; r < runs; ++r) {
        ranges_[1] = ranges_[0];
        // Common random numbers: every root action sees the same board samples and leaf seeds,
        // so their values differ by the actions, not by the draws.
        rng_.seed(poker::MixSeeds(options.seed, 0xB0A2D));
        leaf_seed_ = poker::MixSeeds(options.seed, 0x1EAF);
        first_confidence_ = r == 0 ? &confidence : nullptr;
        robust_ = responses != nullptr ? &(*responses)[r] : nullptr;
        State played = child;
        const double value = Value(played, 1, h);
        values[i] = r == 0 ? value : std::min(values[i], value);
      }
      robust_ = nullptr;
      first_confidence_ = nullptr;
      if (robust != nullptr) values[i] -= robust->handicap;
      if (confidence >= 0) {
        confidence_sum += confidence;
        ++confidence_count;
      }
    }
    // A deepening cut short by the clock is kept only if nothing deeper was done before.
    if (clock_fired_ && h > 0) break;
    result.values = std::move(values);
    result.streets = h;
    result.confidence = confidence_count > 0 ? confidence_sum / confidence_count : 1.0;
    const int64_t run = nodes_ - before;
    if (h == 0) first_run_nodes = run;
    if (horizon_leaves_ == 0 || clock_fired_) break;
    const int64_t estimate = run + horizon_leaves_ * std::max(1, options.boards) *
                                       std::max<int64_t>(first_run_nodes, kMinStreetNodes);
    // root_flops: the flop is searched whatever the budget (the call's option value lives there).
    if (nodes_ + estimate > options.max_nodes && !(h == 0 && RootFlops())) break;
  }
  result.nodes = nodes_;
  result.clock_cap_fired = clock_fired_;
  result.best = 0;
  for (size_t i = 1; i < result.values.size(); ++i) {
    if (result.values[i] > result.values[result.best]) result.best = static_cast<int>(i);
  }
  return result;
}

}  // namespace agent
