#include "agent/hand_reader.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "poker/hand_strength.h"

namespace agent {
namespace {

using poker::kNumPairs;
using trainer::AbstractAction;
using trainer::ActionAbstraction;
using trainer::kMaxAbstractActions;
using trainer::NodeView;
using trainer::PathKey;

// Entry prior (000 eq. 5). A player's entry rate in a position class is smoothed toward the
// population's with pseudo-hands fitted on the model's players (EntryPseudoHands), this many
// when the model has too few players to fit them, at most kMaxEntryPseudoHands.
constexpr double kEntryPseudoHands = 20;
constexpr double kMaxEntryPseudoHands = 1000;
// Players with fewer hands dealt in a position class do not enter the fit.
constexpr uint64_t kEntryFitMinDealt = 30;
// Width (in preflop percentile) of the smooth step "enters with the top r of hands".
constexpr double kEntrySoftness = 0.05;
// Entry rates are kept inside [kMinRate, 1 - kMinRate] so that the step stays finite.
constexpr double kMinRate = 0.01;

// Preflop win rate fed to DFmodel and binned: the pair's percentile of preflop equity among the
// 1326 pairs (mid-rank for the pairs of one class), so that preflop rates spread over [0, 1] like
// post-flop HS does and DFmodel's intervals mean the same share of hands on every street.
const std::array<float, kNumPairs>& PreflopPercentiles() {
  static const auto* table = [] {
    std::array<double, kNumPairs> equity;
    for (int i = 0; i < kNumPairs; ++i) equity[i] = poker::PreflopEquity(poker::PairFromIndex(i));
    std::array<int, kNumPairs> order;
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return equity[a] != equity[b] ? equity[a] < equity[b] : a < b; });
    auto* t = new std::array<float, kNumPairs>;
    for (int i = 0; i < kNumPairs;) {
      int j = i;
      while (j < kNumPairs && equity[order[j]] == equity[order[i]]) ++j;
      const double mid_rank = (i + j - 1) / 2.0;
      for (int k = i; k < j; ++k) (*t)[order[k]] = static_cast<float>(mid_rank / (kNumPairs - 1));
      i = j;
    }
    return t;
  }();
  return *table;
}

// log of the logistic function, stable for the arguments used here (|x| <= 1 / kEntrySoftness).
double LogLogistic(double x) { return -std::log1p(std::exp(-x)); }

// How often a player facing a bet called and folded, over every node of its trees where it could
// not check and did call or fold (the depth-cap nodes mix situations; they are few).
struct FacingRates {
  double call = 0;
  double fold = 0;
  int decisions = 0;
};

FacingRates FacingBetRates(const trainer::PlayerModel& player) {
  uint64_t facing = 0, calls = 0, folds = 0;
  for (int round = 0; round < player.num_rounds(); ++round) {
    const trainer::PatternTree& tree = player.street(round);
    for (int i = 0; i < tree.num_nodes(); ++i) {
      const NodeView node = tree.Node(i);
      if (node.action_count(trainer::kCheck) != 0) continue;
      const uint64_t call = node.action_count(trainer::kCall);
      const uint64_t fold = node.action_count(trainer::kFold);
      if (call + fold == 0) continue;
      facing += node.decisions();
      calls += call;
      folds += fold;
    }
  }
  FacingRates rates;
  if (facing == 0) return rates;
  rates.call = static_cast<double>(calls) / facing;
  rates.fold = static_cast<double>(folds) / facing;
  rates.decisions = static_cast<int>(std::min<uint64_t>(facing, 1u << 30));
  return rates;
}

// True when the game deals 2 hole cards from a 52-card deck: what ranges over the 1326 pairs
// and the hand-strength tables assume.
bool HoldemPairs(const poker::GameDef& game) {
  return game.num_hole_cards == 2 && game.num_suits == 4 && game.num_ranks == 13;
}

}  // namespace

uint32_t AvailableActions(const poker::State& state, const ActionAbstraction& abstraction) {
  if (state.finished()) return 0;
  uint32_t bits = 0;
  if (state.CanFold()) bits |= 1u << trainer::kFold;
  bits |= 1u << (state.AmountToCall() > 0 ? trainer::kCall : trainer::kCheck);
  int32_t min_to = 0, max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return bits;
  const int player = state.CurrentPlayer();
  int32_t top = max_to;
  if (abstraction.has_all_in_class() && state.game().is_no_limit() &&
      max_to >= state.game().stack[player]) {
    bits |= 1u << abstraction.all_in();
    top = max_to - 1;  // raises short of the whole stack
  }
  if (min_to <= top) {
    // Classes grow with the raise size, so the legal sizes cover a run of classes.
    const AbstractAction low = abstraction.Classify(state, poker::Action::Raise(min_to));
    const AbstractAction high = abstraction.Classify(state, poker::Action::Raise(top));
    for (int a = low; a <= high; ++a) bits |= 1u << a;
  }
  return bits;
}

HandReader::HandReader(const trainer::OpponentModel* model, const poker::GameDef& game,
                       ReaderOptions options)
    : model_(model),
      game_(&game),
      options_(options),
      abstraction_(model != nullptr ? model->abstraction() : ActionAbstraction::ForGame(game)),
      holdem_pairs_(HoldemPairs(game)),
      replay_(game, 0) {
  df_models_.fill(DefaultDfModel());
  if (model != nullptr && model->buckets().range_relative())
    range_street_.resize(poker::kMaxPlayers);
  for (int r = 0; r < poker::kMaxRounds; ++r) {
    player_prior_[r] = options_.fit_player_prior && model != nullptr
                           ? PlayerPseudoDecisions(*model, r, options_.player_prior)
                           : options_.player_prior;
    population_prior_[r] =
        options_.fit_population_prior && model != nullptr
            ? PopulationPseudoDecisions(*model, r, DefaultDfModel(), options_.df_uniform_share,
                                        options_.population_prior)
            : options_.population_prior;
  }
  for (int c = 0; c < trainer::kNumPositionClasses; ++c) {
    entry_pseudo_hands_[c] = model != nullptr
                                 ? EntryPseudoHands(*model, static_cast<trainer::PositionClass>(c))
                                 : kEntryPseudoHands;
  }
}

DfModel HandReader::DefaultDfModel() const {
  DfModel model = DfModel::Default(abstraction_);
  model.set_theta(options_.df_theta);
  return model;
}

void HandReader::StartHand(const poker::State& state, int observer,
                           absl::Span<const trainer::PlayerModel* const> models) {
  observer_ = observer;
  replay_ = poker::State(*game_, state.hand_number());
  read_round_ = 0;
  read_index_ = 0;
  board_cards_seen_ = 0;
  path_round_ = 0;
  num_street_actions_ = 0;
  raises_read_ = 0;
  raises_before_street_ = 0;
  previous_raised_ = false;
  last_raiser_ = -1;
  last_raiser_before_street_ = -1;
  range_street_ready_.fill(false);

  poker::CardSet known;
  if (observer >= 0 && observer < game_->num_players) {
    for (int i = 0; i < game_->num_hole_cards && i < poker::kMaxHoleCards; ++i) {
      const poker::Card c = state.hole_card(observer, i);
      if (c < poker::kNumCards) known.Add(c);
    }
  }
  for (int p = 0; p < game_->num_players; ++p) {
    ranges_[p].Fill(1.0f);
    ranges_[p].RemoveConflicts(known);
  }
  RemoveBoardConflicts(state);

  const DfModel base = DefaultDfModel();
  for (int p = 0; p < poker::kMaxPlayers; ++p) {
    const trainer::PlayerModel* player =
        p < static_cast<int>(models.size()) && model_ != nullptr ? models[p] : nullptr;
    models_[p] = player;
    if (player == nullptr) {
      df_models_[p] = base;
      adapted_for_[p] = nullptr;
      continue;
    }
    // Recomputed only when the player's counts grew (online learning) or the player changed.
    if (adapted_for_[p] != player || adapted_hands_[p] != player->hands()) {
      const FacingRates rates = FacingBetRates(*player);
      df_models_[p] = base.AdaptedTo(rates.call, rates.fold, rates.decisions);
      adapted_for_[p] = player;
      adapted_hands_[p] = player->hands();
    }
  }
}

void HandReader::RemoveBoardConflicts(const poker::State& state) {
  const int visible = std::min(game_->BoardCardsThrough(state.round()), poker::kMaxBoardCards);
  if (visible <= board_cards_seen_) return;
  poker::CardSet board;
  for (int i = board_cards_seen_; i < visible; ++i) {
    const poker::Card c = state.board_card(i);
    if (c < poker::kNumCards) board.Add(c);
  }
  board_cards_seen_ = visible;
  if (board.empty()) return;
  for (int p = 0; p < game_->num_players; ++p) ranges_[p].RemoveConflicts(board);
}

void HandReader::Update(const poker::State& state) {
  // The replay carries no cards of its own: give it the board as far as `state` shows it, so
  // that each action is read on its street's board.
  const int total_board = std::min(game_->TotalBoardCards(), poker::kMaxBoardCards);
  for (int i = 0; i < total_board; ++i) replay_.set_board_card(i, state.board_card(i));
  RemoveBoardConflicts(state);

  while (read_round_ <= state.round() && read_round_ < game_->num_rounds) {
    if (read_index_ >= state.num_actions(read_round_)) {
      if (read_round_ == state.round()) break;
      ++read_round_;
      read_index_ = 0;
      continue;
    }
    const int actor = state.actor(read_round_, read_index_);
    const poker::Action& action = state.action(read_round_, read_index_);
    // A state that does not extend the one read so far cannot be read further.
    if (replay_.finished() || replay_.round() != read_round_ || replay_.CurrentPlayer() != actor ||
        !replay_.IsLegal(action)) {
      return;
    }
    if (path_round_ != read_round_) {
      path_round_ = read_round_;
      num_street_actions_ = 0;
      previous_raised_ = raises_read_ > raises_before_street_;
      raises_before_street_ = raises_read_;
      last_raiser_before_street_ = last_raiser_;
    }
    const AbstractAction abstract = abstraction_.Classify(replay_, action);
    if (actor != observer_ && holdem_pairs_) {
      PathKey path = trainer::StreetContext(
          raises_before_street_, last_raiser_before_street_ == actor, read_round_,
          model_ != nullptr ? model_->street_context_version() : 0, previous_raised_);
      const int depth = std::min(num_street_actions_, PathKey::kMaxDepth);
      for (int i = 0; i < depth; ++i) {
        path = path.Child(street_actions_[i].action, street_actions_[i].actor == actor);
      }
      Likelihoods(replay_, actor, path, abstract, factors_.data());
      ranges_[actor].Multiply(factors_);
      // Long products of likelihoods would underflow floats; the reader's weights are kept
      // summing to 1 after each action instead.
      ranges_[actor].Normalize();
    }
    street_actions_[num_street_actions_++] = {static_cast<uint8_t>(actor), abstract};
    if (abstract > trainer::kCall) {
      ++raises_read_;
      last_raiser_ = actor;
    }
    (void)replay_.Apply(action);  // checked legal above
    ++read_index_;
  }
}

void HandReader::ActionLikelihoods(const poker::State& state, int position,
                                   trainer::AbstractAction action,
                                   std::array<float, poker::kNumPairs>* likelihood) {
  if (!holdem_pairs_) {
    likelihood->fill(1.0f);
    return;
  }
  Likelihoods(state, position,
              trainer::StreetPath(state, abstraction_, position,
                                  model_ != nullptr ? model_->street_context_version() : 0),
              action, likelihood->data());
}

HandReader::NodeCounts HandReader::NodeDecisions(const poker::State& state, int position) const {
  NodeCounts counts;
  if (model_ == nullptr || state.finished() || state.CurrentPlayer() != position) return counts;
  const int round = state.round();
  const trainer::PathKey path =
      trainer::StreetPath(state, abstraction_, position, model_->street_context_version());
  if (round < model_->population().num_rounds()) {
    counts.population =
        static_cast<double>(model_->population().street(round).Lookup(path).decisions());
  }
  const trainer::PlayerModel* player = models_[position];
  if (player != nullptr && round < player->num_rounds()) {
    counts.player = static_cast<double>(player->street(round).Lookup(path).decisions());
  }
  return counts;
}

// Street preparation. Every live pair gets its win rate (HS on the board, or its preflop
// percentile), its bucket (the model's bucket function, exactly as in training: Bucket() on the
// same integer HS numerators StrengthBuckets::AllPairs uses) and a cell: the pairs sharing a
// bucket and a win-rate bin (1/128 wide) get the same likelihood for every action, so each action
// evaluates the backoff and DFmodel once per cell (a few hundred) and then gathers per pair.
void HandReader::PrepareStreet(const poker::State& state) {
  const int round = state.round();
  const int board_size = std::min(game_->BoardCardsThrough(round), poker::kMaxBoardCards);
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  for (int i = 0; i < board_size; ++i) board[i] = state.board_card(i);
  if (round == street_.round && board_size == street_.board_size &&
      std::equal(board.begin(), board.begin() + board_size, street_.board.begin())) {
    return;
  }
  Street& st = street_;
  st.round = round;
  st.board_size = board_size;
  st.board = board;
  st.valid = false;
  st.num_cells = 0;
  st.num_used_bins = 0;

  poker::CardSet board_set;
  bool board_ok = holdem_pairs_ && (board_size == 0 || (board_size >= 3 && board_size <= 5));
  for (int i = 0; i < board_size && board_ok; ++i) {
    // An unknown card (kNoCard) must not reach the mask: its shift would be out of range.
    board_ok = board[i] < poker::kNumCards && !board_set.Contains(board[i]);
    if (board_ok) board_set.Add(board[i]);
  }
  if (!board_ok) return;
  const absl::Span<const poker::Card> board_span(board.data(), board_size);

  const trainer::StrengthBuckets* buckets =
      model_ != nullptr && model_->buckets().enabled() ? &model_->buckets() : nullptr;
  const trainer::BoardFeatures features =
      trainer::StrengthBuckets::Features(round, game_->num_rounds, board_span);
  std::array<int32_t, kNumPairs> numerators;
  if (board_size > 0) poker::AllPairsStrengthNumerators(board_span, &numerators);
  const std::array<float, kNumPairs>& percentiles = PreflopPercentiles();

  for (int i = 0; i < kNumPairs; ++i) {
    const poker::PairCards pair = poker::PairFromIndex(i);
    if (board_size > 0 && numerators[i] < 0) {
      st.win_rate[i] = -1;
      st.bucket[i] = trainer::kNoBucket;
      continue;
    }
    const double hs =
        board_size > 0 ? trainer::StrengthBuckets::HsFromNumerator(numerators[i], board_size) : 0.0;
    st.win_rate[i] = board_size > 0 ? static_cast<float>(hs) : percentiles[i];
    st.bucket[i] = buckets != nullptr ? buckets->Bucket(pair, features, hs) : trainer::kNoBucket;
  }
  AssignCells(&st);
  st.num_live = -1;  // by_rate is sorted when RangeBuckets first needs it
  range_street_ready_.fill(false);
  st.valid = true;
}

// Cells: the pairs sharing a bucket and a win-rate bin; cell 0 holds the pairs that conflict
// with the board (win rate -1, likelihood 0).
void HandReader::AssignCells(Street* st) {
  constexpr uint16_t kUnassigned = 0xFFFF;
  std::array<uint16_t, (trainer::kMaxStrengthBuckets + 1) * kWinRateBins> cell_of;
  cell_of.fill(kUnassigned);
  std::array<bool, kWinRateBins> bin_used{};
  st->cell_pairs[0] = 0;
  st->num_cells = 1;
  st->num_used_bins = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    const float rate = st->win_rate[i];
    if (rate < 0) {
      st->cell[i] = 0;
      continue;
    }
    const int b = st->bucket[i] == trainer::kNoBucket ? 0 : st->bucket[i];
    const int bin = std::clamp(static_cast<int>(rate * kWinRateBins), 0, kWinRateBins - 1);
    uint16_t& cell = cell_of[b * kWinRateBins + bin];
    if (cell == kUnassigned) {
      cell = static_cast<uint16_t>(st->num_cells++);
      st->cell_bucket[cell] = static_cast<uint8_t>(b);
      st->cell_bin[cell] = static_cast<uint8_t>(bin);
      st->cell_pairs[cell] = 0;
      if (!bin_used[bin]) {
        bin_used[bin] = true;
        st->used_bins[st->num_used_bins++] = static_cast<uint8_t>(bin);
      }
    }
    ++st->cell_pairs[cell];
    st->cell[i] = cell;
  }
}

void HandReader::RangeBuckets(int position, const trainer::StrengthBuckets& buckets,
                              std::array<uint8_t, poker::kNumPairs>* out) {
  out->fill(trainer::kNoBucket);
  Street& st = street_;
  if (!st.valid || !buckets.enabled() || position < 0 || position >= poker::kMaxPlayers) return;
  if (st.round == 0) {
    for (int i = 0; i < kNumPairs; ++i) {
      if (st.win_rate[i] >= 0) (*out)[i] = buckets.PreflopBucket(poker::PairFromIndex(i));
    }
    return;
  }
  if (st.num_live < 0) {
    st.num_live = 0;
    for (int i = 0; i < kNumPairs; ++i) {
      if (st.win_rate[i] >= 0) st.by_rate[st.num_live++] = static_cast<uint16_t>(i);
    }
    std::sort(st.by_rate.begin(), st.by_rate.begin() + st.num_live, [&](uint16_t a, uint16_t b) {
      return st.win_rate[a] != st.win_rate[b] ? st.win_rate[a] < st.win_rate[b] : a < b;
    });
  }
  const trainer::BoardFeatures features = trainer::StrengthBuckets::Features(
      st.round, game_->num_rounds, absl::MakeConstSpan(st.board.data(), st.board_size));
  const bool has_draw_bucket = buckets.num_buckets() > buckets.num_strength_buckets();
  const Range& range = ranges_[position];
  double total = 0;
  for (int n = 0; n < st.num_live; ++n) total += range.weight(st.by_rate[n]);
  double below = 0;
  for (int n = 0; n < st.num_live;) {
    // The pairs tied with by_rate[n] share one percentile.
    int end = n;
    double tied = 0;
    while (end < st.num_live && st.win_rate[st.by_rate[end]] == st.win_rate[st.by_rate[n]]) {
      tied += range.weight(st.by_rate[end++]);
    }
    const double percentile = (below + tied / 2) / total;
    for (; n < end; ++n) {
      const int i = st.by_rate[n];
      const uint8_t hs_bucket = buckets.Bucket(poker::PairFromIndex(i), features, st.win_rate[i]);
      const bool draw = has_draw_bucket && hs_bucket == buckets.draw_bucket();
      (*out)[i] = draw || !(total > 0) ? hs_bucket : buckets.RangeBucket(percentile);
    }
    below += tied;
  }
}

const HandReader::Street& HandReader::StreetFor(int position) {
  if (range_street_.empty() || !street_.valid || street_.round == 0) return street_;
  Street& st = range_street_[position];
  if (!range_street_ready_[position]) {
    std::array<uint8_t, kNumPairs> buckets;
    RangeBuckets(position, model_->buckets(), &buckets);
    st = street_;
    st.bucket = buckets;
    AssignCells(&st);
    range_street_ready_[position] = true;
  }
  return st;
}

void HandReader::SetRangeBuckets(const poker::State& state,
                                 absl::Span<const trainer::PlayerModel* const> models,
                                 const trainer::StrengthBuckets& buckets,
                                 trainer::HandObservation* hand) {
  if (!buckets.range_relative() || !holdem_pairs_) return;
  poker::State replay(*game_, state.hand_number());
  const int total_board = std::min(game_->TotalBoardCards(), poker::kMaxBoardCards);
  for (int i = 0; i < total_board; ++i) replay.set_board_card(i, state.board_card(i));
  StartHand(replay, -1, models);
  std::array<uint8_t, kNumPairs> range_buckets;
  const bool has_draw_bucket = buckets.num_buckets() > buckets.num_strength_buckets();
  for (int r = 1; r <= state.round() && r < game_->num_rounds; ++r) {
    for (int i = 0; i < state.num_actions(r - 1); ++i) {
      if (!replay.Apply(state.action(r - 1, i)).ok()) return;
    }
    if (replay.finished() || replay.round() != r) return;
    Update(replay);
    PrepareStreet(replay);
    if (!street_.valid) return;
    for (int p = 0; p < game_->num_players && p < poker::kMaxPlayers; ++p) {
      uint8_t& bucket = hand->bucket[p][r];
      if (bucket == trainer::kNoBucket || (has_draw_bucket && bucket == buckets.draw_bucket())) {
        continue;
      }
      const poker::Card a = state.hole_card(p, 0), b = state.hole_card(p, 1);
      if (a >= poker::kNumCards || b >= poker::kNumCards || a == b) continue;
      RangeBuckets(p, buckets, &range_buckets);
      const uint8_t range_bucket = range_buckets[poker::PairIndex(a, b)];
      if (range_bucket != trainer::kNoBucket) bucket = range_bucket;
    }
  }
}

void HandReader::Likelihoods(const poker::State& before, int position, PathKey path,
                             AbstractAction action, float* out) {
  PrepareStreet(before);
  if (!street_.valid || before.finished() || before.CurrentPlayer() != position ||
      action >= abstraction_.num_actions()) {
    std::fill(out, out + kNumPairs, 1.0f);
    return;
  }
  const uint32_t available = AvailableActions(before, abstraction_) | (1u << action);
  const Street& st = StreetFor(position);
  CellLikelihoods(before, position, path, action, available, st);
  // The gather: one table lookup per pair.
  const uint16_t* __restrict cell = st.cell.data();
  const float* __restrict table = cell_likelihood_.data();
  for (int i = 0; i < kNumPairs; ++i) out[i] = table[cell[i]];
}

// P(a | node, cell) by hierarchical backoff (SPEC 7), for the observed action a, over the actions
// available now (counts of other actions are left out, so every level is a distribution over the
// same actions):
//   DF(a | w)       DFmodel (this player's adapted one, theta = df_theta) at the cell's bin
//                   centre w, as a field win rate against the opponents still in the pot,
//                   normalised over the available actions, with df_uniform_share of it spread
//                   evenly over them. Per pair with its own win rate, to 1/128: within a bucket
//                   DFmodel still tells a 0.51 hand from a 0.62 one.
//   P_pop(a | b, w) = (n_pop(b, a) + population_prior * DF(a | w)) / (n_pop(b) + population_prior)
//                   with the population's bucket counts at the node.
//   prior(a | b, w) = P_pop, or with 003's deviation when the player made at least
//                   deviation_min_decisions decisions here, mostly (over half) without known
//                   cards (learned online): max(P_pop(a | b, w) + O_T(a) - B_T(a), floor),
//                   renormalised over the available actions. O_T, B_T: the player's and the
//                   population's action frequencies at the node (B_T from DFmodel's average
//                   over the live pairs when the population never decided here).
//   P(a | b, w)     = (n_player(b, a) + player_prior * prior(a | b, w)) / (n_player(b) +
//   player_prior) factor          = max(P(a | b, w), min_likelihood).
// Street context version 2 (the node's path starts with a context step): P_pop above is the
// context-free cell's, from the population's counts at the node summed over every context, and
//   P_pop_ctx(a | b, w) = (n_ctx(b, a) + context_prior * P_pop(a | b, w)) / (n_ctx(b) +
//                   context_prior)
// with the counts under this context replaces it, so a context with few counts reads as the
// context-free model does. Version 1 models back off straight to DFmodel, as before.
// A node the model never saw contributes no counts at its level, so an unseen node (or a player
// or model that is null) backs off straight to DFmodel. We do not back off to the parent node:
// the parent's decisions were taken by another player or facing other legal actions, and paths
// deeper than the model's depth cap are already truncated to it by PatternTree::Lookup.
//
// Entry prior (000 eq. 5; ReaderOptions::entry_prior): when a known player first enters the pot
// voluntarily preflop (a call or raise), its likelihood is also multiplied by
//   min(E_r(h) / E_pop(h), max_h' enter(h') / enter(h))^s,
// E_r(h) = logistic((pct(h) - (1 - r)) / 0.05), pct(h) the pair's preflop percentile, r the
// player's entry rate in its position class (smoothed toward the population's r_pop with
// EntryPseudoHands, fitted on the model's players by empirical Bayes). E_r is a smooth "enters
// with the top r of hands"; dividing by the population's curve leaves out what the
// population-driven likelihood already says, so only how much looser or tighter this player is
// moves its range. enter(h), the sum of P over the entering actions (call, raises, all-in), is the
// chance the likelihood gives the hand to enter at all: the cap keeps the corrected chance at or
// below the largest the population gives any hand. Without it a loose player's weakest hands,
// lifted by up to e^((r - r_pop) / 0.05), outweighed its strong ones (its range came out
// inverted); with it they are lifted at most to the strong hands' level. s = player_prior /
// (player_prior + the player's own bucket decisions at the node) fades the correction out where
// the player's own counts already speak.
void HandReader::CellLikelihoods(const poker::State& before, int position, PathKey path,
                                 AbstractAction action, uint32_t available, const Street& st) {
  const int round = before.round();
  CellInputs in;
  in.st = &st;
  in.player_prior = player_prior(round);
  in.population_prior = population_prior(round);
  if (model_ != nullptr && round < model_->population().num_rounds()) {
    in.pop = model_->population().street(round).Lookup(path);
  }
  const trainer::PlayerModel* player_model = models_[position];
  if (player_model != nullptr && round < player_model->num_rounds()) {
    in.player = player_model->street(round).Lookup(path);
  }
  for (uint32_t bits = available; bits != 0 && in.na < kMaxAbstractActions; bits &= bits - 1) {
    const AbstractAction a = static_cast<AbstractAction>(__builtin_ctz(bits));
    if (a == action) in.k_obs = in.na;
    in.acts[in.na++] = a;
  }
  FillDfTable(before, position, in);
  CountBuckets(in);
  if (model_ != nullptr && model_->street_context_version() >= 2 && round > 0 &&
      options_.context_prior > 0) {
    in.context = true;
    in.context_prior = options_.context_prior;
    CountContextFree(path, round, in);
  }
  CountCoarse(round, in);
  ComputeDeviation(in);

  float* __restrict lik = cell_likelihood_.data();
  lik[0] = 0;  // pairs that conflict with the board
  for (int c = 1; c < st.num_cells; ++c) {
    lik[c] = static_cast<float>(CellProbability(in, c, in.k_obs));
  }
  if (options_.entry_prior && round == 0 && player_model != nullptr && model_ != nullptr &&
      (action == trainer::kCall || ActionAbstraction::IsRaise(action))) {
    ApplyEntryPrior(position, path, *player_model, in);
  }
  const float min_likelihood = options_.min_likelihood;
  for (int c = 1; c < st.num_cells; ++c) lik[c] = std::max(lik[c], min_likelihood);
}

// DFmodel per used win-rate bin, over the available actions.
void HandReader::FillDfTable(const poker::State& before, int position, const CellInputs& in) {
  int in_pot = 0;
  for (int p = 0; p < game_->num_players; ++p) in_pot += !before.folded(p);
  const int opponents = std::max(1, in_pot - 1);
  const DfModel& df = df_models_[position];
  for (int u = 0; u < in.st->num_used_bins; ++u) {
    const int bin = in.st->used_bins[u];
    const double rate = DfModel::FieldWinRate((bin + 0.5) / kWinRateBins, opponents);
    std::array<double, kMaxAbstractActions> rel;
    double total = 0;
    for (int k = 0; k < in.na; ++k) total += rel[k] = df.Relative(in.acts[k], rate);
    const double mix = options_.df_uniform_share;
    for (int k = 0; k < in.na; ++k) {
      df_table_[bin][k] = static_cast<float>((1 - mix) * rel[k] / total + mix / in.na);
    }
  }
}

// Counts per bucket of the population and the player at the node, over the available actions.
void HandReader::CountBuckets(CellInputs& in) const {
  const int num_buckets = std::max(1, in.player.num_buckets());
  const int pop_buckets = std::max(1, in.pop.num_buckets());
  for (int b = 0; b < pop_buckets && b < kBucketSlots; ++b) {
    for (int k = 0; k < in.na; ++k) {
      in.pop_total[b] += in.pop_n[b][k] =
          static_cast<double>(in.pop.bucket_action_count(b, in.acts[k]));
    }
  }
  for (int b = 0; b < num_buckets && b < kBucketSlots; ++b) {
    for (int k = 0; k < in.na; ++k) {
      in.player_total[b] += in.player_n[b][k] =
          static_cast<double>(in.player.bucket_action_count(b, in.acts[k]));
    }
    in.player_bucket_decisions += in.player_total[b];
  }
}

// The context-free cell of a street-context node: the population's counts at the node's path
// (without its context step) under every context, summed. (A player's own counts stay in their
// context: backing them off to its context-free counts read the validation parts worse.)
void HandReader::CountContextFree(PathKey path, int round, CellInputs& in) const {
  const PathKey rest = path.Tail(1);
  const trainer::PatternTree& tree = model_->population().street(round);
  for (int c = 0; c < trainer::kNumStreetContexts; ++c) {
    PathKey p = trainer::StreetContextStep(c);
    for (int i = 0; i < rest.depth(); ++i) p = p.Child(rest.action(i), rest.own(i));
    const NodeView node = tree.Lookup(p);
    if (!node.found()) continue;
    for (int b = 0; b < std::max(1, node.num_buckets()) && b < kBucketSlots; ++b) {
      for (int k = 0; k < in.na; ++k) {
        const double n = static_cast<double>(node.bucket_action_count(b, in.acts[k]));
        in.pop_free_n[b][k] += n;
        in.pop_free_total[b] += n;
      }
    }
  }
}

bool CoarseBucketParents(const ReaderOptions& options, int num_buckets,
                         absl::Span<uint8_t> parent) {
  const int k = num_buckets;
  const int c = options.coarse_buckets;
  if (!(options.bucket_prior > 0) || c < 1 || k <= c || k % c != 0 ||
      k > trainer::kMaxStrengthBuckets) {
    return false;
  }
  for (int b = 0; b < static_cast<int>(parent.size()); ++b) {
    parent[b] = static_cast<uint8_t>(b < k ? b * c / k : (b == k ? c : b));
  }
  return true;
}

void HandReader::CountCoarse(int round, CellInputs& in) const {
  if (model_ == nullptr || !CoarseBucketParents(options_, model_->buckets().num_strength_buckets(),
                                                absl::MakeSpan(in.parent))) {
    return;
  }
  in.coarse = true;
  in.bucket_prior = options_.bucket_prior;
  in.player_bucket_prior = options_.player_bucket_prior;
  for (int b = 0; b < kBucketSlots; ++b) {
    const int g = in.parent[b];
    for (int j = 0; j < in.na; ++j) {
      in.pop_coarse_n[g][j] += in.pop_n[b][j];
      in.pop_free_coarse_n[g][j] += in.pop_free_n[b][j];
    }
    in.pop_coarse_total[g] += in.pop_total[b];
    in.pop_free_coarse_total[g] += in.pop_free_total[b];
    for (int j = 0; j < in.na; ++j) in.player_coarse_n[g][j] += in.player_n[b][j];
    in.player_coarse_total[g] += in.player_total[b];
  }
  if (round > 0 && options_.fine_buckets_preflop_only) {
    // After the flop every level reads its coarse bucket's counts, as a coarse model would.
    for (int b = 0; b < kBucketSlots; ++b) {
      const int g = in.parent[b];
      in.pop_n[b] = in.pop_coarse_n[g];
      in.pop_total[b] = in.pop_coarse_total[g];
      in.pop_free_n[b] = in.pop_free_coarse_n[g];
      in.pop_free_total[b] = in.pop_free_coarse_total[g];
      in.player_n[b] = in.player_coarse_n[g];
      in.player_total[b] = in.player_coarse_total[g];
    }
    in.coarse = false;
  }
}

// 003's deviation G_T = O_T - B_T, for a player with many node decisions mostly without cards.
void HandReader::ComputeDeviation(CellInputs& in) const {
  double player_decisions = 0, pop_decisions = 0;
  for (int k = 0; k < in.na; ++k) {
    player_decisions += static_cast<double>(in.player.action_count(in.acts[k]));
    pop_decisions += static_cast<double>(in.pop.action_count(in.acts[k]));
  }
  in.deviate = player_decisions >= options_.deviation_min_decisions && player_decisions > 0 &&
               2 * in.player_bucket_decisions < player_decisions;
  if (!in.deviate) return;
  const Street& st = *in.st;
  std::array<double, kMaxAbstractActions> base{};
  if (pop_decisions > 0) {
    for (int k = 0; k < in.na; ++k) base[k] = in.pop.action_count(in.acts[k]) / pop_decisions;
  } else {
    double pairs = 0;
    for (int c = 1; c < st.num_cells; ++c) {
      pairs += st.cell_pairs[c];
      for (int k = 0; k < in.na; ++k) base[k] += st.cell_pairs[c] * df_table_[st.cell_bin[c]][k];
    }
    for (int k = 0; k < in.na; ++k) base[k] /= std::max(pairs, 1.0);
  }
  for (int k = 0; k < in.na; ++k) {
    in.deviation[k] = in.player.action_count(in.acts[k]) / player_decisions - base[k];
  }
}

// P(acts[k] | node, cell c) by the backoff above (before the floor).
double HandReader::CellProbability(const CellInputs& in, int c, int k) const {
  const int b = in.st->cell_bucket[c];
  const float* d = df_table_[in.st->cell_bin[c]].data();
  const double qp = in.population_prior;
  const double qc = in.context_prior;
  const double qb = in.bucket_prior;
  // n(a) + m prior pseudo-decisions over total + m; the prior alone without counts.
  const auto smooth = [](double n, double total, double m, double prior) {
    return total > 0 ? (n + m * prior) / (total + m) : prior;
  };
  // A level of counts smoothed toward DFmodel, through its coarse bucket's counts if backed off.
  const auto level = [&](const auto& n, const auto& total, const auto& coarse_n,
                         const auto& coarse_total, int j) {
    if (!in.coarse) return smooth(n[b][j], total[b], qp, d[j]);
    const int g = in.parent[b];
    return smooth(n[b][j], total[b], qb, smooth(coarse_n[g][j], coarse_total[g], qp, d[j]));
  };
  const auto population = [&](int j) {
    if (!in.context) return level(in.pop_n, in.pop_total, in.pop_coarse_n, in.pop_coarse_total, j);
    const double free =
        level(in.pop_free_n, in.pop_free_total, in.pop_free_coarse_n, in.pop_free_coarse_total, j);
    return smooth(in.pop_n[b][j], in.pop_total[b], qc, free);
  };
  double prior = 0;
  if (!in.deviate) {
    prior = population(k);
  } else {
    double sum = 0;
    for (int j = 0; j < in.na; ++j) {
      const double shifted =
          std::max(population(j) + in.deviation[j], static_cast<double>(options_.min_likelihood));
      sum += shifted;
      if (j == k) prior = shifted;
    }
    prior /= sum;
  }
  const double pp = in.player_prior;
  if (in.coarse && in.player_bucket_prior > 0) {
    // The player's coarse cell (smoothed toward the fine prior), then its fine cell toward that.
    const int g = in.parent[b];
    return smooth(in.player_n[b][k], in.player_total[b], in.player_bucket_prior,
                  smooth(in.player_coarse_n[g][k], in.player_coarse_total[g], pp, prior));
  }
  return smooth(in.player_n[b][k], in.player_total[b], pp, prior);
}

// The entry prior (see CellLikelihoods) on cell_likelihood_, for the player's first voluntary
// preflop call or raise.
void HandReader::ApplyEntryPrior(int position, PathKey path, const trainer::PlayerModel& player,
                                 const CellInputs& in) {
  for (int i = 0; i < path.depth(); ++i) {
    if (path.own(i) &&
        (path.action(i) == trainer::kCall || ActionAbstraction::IsRaise(path.action(i)))) {
      return;  // entered before
    }
  }
  const trainer::PositionClass position_class = model_->position_classes()[position];
  const trainer::EntryCounts& pop_entry = model_->population().entry(position_class);
  const trainer::EntryCounts& own_entry = player.entry(position_class);
  if (pop_entry.dealt == 0) return;
  const double r_pop = std::clamp(pop_entry.rate(), kMinRate, 1 - kMinRate);
  const double pseudo = entry_pseudo_hands_[static_cast<int>(position_class)];
  const double r = std::clamp((own_entry.entered + pseudo * r_pop) / (own_entry.dealt + pseudo),
                              kMinRate, 1 - kMinRate);
  const double pp = in.player_prior;
  const double s =
      pp + in.player_bucket_decisions > 0 ? pp / (pp + in.player_bucket_decisions) : 1.0;
  if (s <= 0) return;
  // The chance to enter per cell, and its largest value.
  std::array<double, kMaxCells> enter{};
  double most = 0;
  const Street& st = *in.st;
  for (int c = 1; c < st.num_cells; ++c) {
    for (int k = 0; k < in.na; ++k) {
      if (in.acts[k] == trainer::kCall || ActionAbstraction::IsRaise(in.acts[k])) {
        enter[c] += CellProbability(in, c, k);
      }
    }
    most = std::max(most, enter[c]);
  }
  float* lik = cell_likelihood_.data();
  std::array<double, kMaxCells> log_factor;
  double best = -1e300;
  for (int c = 1; c < st.num_cells; ++c) {
    const double pct = (st.cell_bin[c] + 0.5) / kWinRateBins;
    const double log_ratio = LogLogistic((pct - 1 + r) / kEntrySoftness) -
                             LogLogistic((pct - 1 + r_pop) / kEntrySoftness);
    // The corrected chance to enter is at most the largest one of the population's.
    const double cap = std::log(std::max(most, 1e-12)) - std::log(std::max(enter[c], 1e-12));
    log_factor[c] = s * std::min(log_ratio, cap);
    best = std::max(best, log_factor[c]);
  }
  // Scaled so that the largest factor is 1 (the range is normalised anyway; the floor then
  // keeps its meaning).
  for (int c = 1; c < st.num_cells; ++c) {
    lik[c] = static_cast<float>(lik[c] * std::exp(log_factor[c] - best));
  }
}

// Entry-rate pseudo-hands by empirical Bayes (beta-binomial, method of moments) over the model's
// players with at least kEntryFitMinDealt hands dealt in the position class: between-player
// variance tau^2 = var(observed rates) - mean binomial variance, and a Beta prior with the
// population's mean r and that variance has r (1 - r) / tau^2 - 1 pseudo-hands. Too few players
// (or no excess variance) keep kEntryPseudoHands.
double EntryPseudoHands(const trainer::OpponentModel& model,
                        trainer::PositionClass position_class) {
  std::vector<std::pair<double, double>> rates;  // rate, dealt
  for (const trainer::PlayerModel* player : model.players()) {
    const trainer::EntryCounts& e = player->entry(position_class);
    if (e.dealt >= kEntryFitMinDealt) rates.push_back({e.rate(), static_cast<double>(e.dealt)});
  }
  if (rates.size() < 3) return kEntryPseudoHands;
  double mean = 0;
  for (const auto& [rate, dealt] : rates) mean += rate;
  mean /= rates.size();
  double spread = 0, sampling = 0;
  for (const auto& [rate, dealt] : rates) {
    spread += (rate - mean) * (rate - mean);
    sampling += mean * (1 - mean) / dealt;
  }
  spread /= rates.size() - 1;
  sampling /= rates.size();
  const double tau2 = spread - sampling;
  if (tau2 <= 1e-6) return kMaxEntryPseudoHands;
  return std::clamp(mean * (1 - mean) / tau2 - 1, 1.0, kMaxEntryPseudoHands);
}

namespace {

// One cell (a node and bucket) of counts to be smoothed toward a prior mean q with m
// pseudo-decisions.
struct SmoothedCell {
  std::array<double, kMaxAbstractActions> n{};
  std::array<double, kMaxAbstractActions> q{};
  double total = 0;
};

// The m of the grid 1, 1.5, 2, 3, 5, 7, 10, ..., 1000 under which the cells' decisions are best
// predicted each from the other decisions of its cell (leave-one-out: (n_a - 1 + m q_a) /
// (n - 1 + m) for each decision of action a); `fallback` with fewer than kMinCells cells.
double FitPseudoDecisions(const std::vector<SmoothedCell>& cells, double fallback) {
  constexpr size_t kMinCells = 50;
  static constexpr double kGrid[] = {1,  1.5, 2,  3,   5,   7,   10,  15,  20,
                                     30, 50,  70, 100, 150, 200, 300, 500, 1000};
  if (cells.size() < kMinCells) return fallback;
  double best = fallback, best_score = -1e300;
  for (double m : kGrid) {
    double score = 0;
    for (const SmoothedCell& cell : cells) {
      for (int a = 0; a < kMaxAbstractActions; ++a) {
        if (cell.n[a] <= 0) continue;
        score += cell.n[a] * std::log((cell.n[a] - 1 + m * cell.q[a]) / (cell.total - 1 + m));
      }
    }
    if (score > best_score) {
      best_score = score;
      best = m;
    }
  }
  return best;
}

}  // namespace

// Player pseudo-decisions by empirical Bayes: the cells are every player's nodes and buckets
// with at least 2 decisions, q the population's action frequencies there (as the reader smooths
// toward them; over the actions anyone took at the node, plus one decision spread evenly over
// them), with at least 20 decisions. (Leaving the player's own counts out of q fitted smaller
// values, which read the DeepStack validation part slightly worse: docs/hand_reading.md.)
double PlayerPseudoDecisions(const trainer::OpponentModel& model, int round, double fallback) {
  constexpr uint64_t kMinPlayerDecisions = 2;
  constexpr double kMinPopulationDecisions = 20;
  const trainer::PlayerModel& population = model.population();
  if (round < 0 || round >= population.num_rounds()) return fallback;
  const trainer::PatternTree& pop_tree = population.street(round);
  const int num_actions = std::min(model.abstraction().num_actions(), kMaxAbstractActions);
  std::vector<SmoothedCell> cells;
  for (const trainer::PlayerModel* player : model.players()) {
    if (round >= player->num_rounds()) continue;
    const trainer::PatternTree& tree = player->street(round);
    for (int i = 0; i < tree.num_nodes(); ++i) {
      const trainer::NodeView node = tree.Node(i);
      if (node.decisions() == 0) continue;
      const trainer::NodeView pop = pop_tree.Lookup(node.path());
      int seen = 0;
      for (int a = 0; a < num_actions; ++a) {
        seen += pop.action_count(static_cast<trainer::AbstractAction>(a)) > 0;
      }
      for (int b = 0; b < node.num_buckets() && b < pop.num_buckets(); ++b) {
        const uint64_t n = node.bucket_decisions(b);
        const double pop_n = static_cast<double>(pop.bucket_decisions(b));
        if (n < kMinPlayerDecisions || seen == 0 || pop_n < kMinPopulationDecisions) continue;
        SmoothedCell cell;
        for (int a = 0; a < num_actions; ++a) {
          const auto action = static_cast<trainer::AbstractAction>(a);
          cell.n[a] = static_cast<double>(node.bucket_action_count(b, action));
          const double spread = pop.action_count(action) > 0 ? 1.0 / seen : 0.0;
          cell.q[a] =
              (static_cast<double>(pop.bucket_action_count(b, action)) + spread) / (pop_n + 1);
        }
        cell.total = static_cast<double>(n);
        cells.push_back(cell);
      }
    }
  }
  return FitPseudoDecisions(cells, fallback);
}

// Population pseudo-decisions by empirical Bayes: the cells are the population's nodes and
// buckets with at least 2 decisions; q is DFmodel (as the reader evaluates it: `df`, normalised
// over the actions anyone took at the node, `uniform_share` of it spread evenly over them) at
// the bucket's middle win rate, (b + 1/2) / K (both the preflop percentile and post-flop HS
// spread the buckets evenly), 0.4 for the draw bucket (drawing hands have HS below 0.6).
double PopulationPseudoDecisions(const trainer::OpponentModel& model, int round, const DfModel& df,
                                 double uniform_share, double fallback) {
  const trainer::PlayerModel& population = model.population();
  const trainer::StrengthBuckets& buckets = model.buckets();
  if (round < 0 || round >= population.num_rounds() || !buckets.enabled()) return fallback;
  const trainer::PatternTree& tree = population.street(round);
  const int num_actions = std::min(model.abstraction().num_actions(), kMaxAbstractActions);
  const int k = buckets.num_strength_buckets();
  std::vector<SmoothedCell> cells;
  for (int i = 0; i < tree.num_nodes(); ++i) {
    const trainer::NodeView node = tree.Node(i);
    if (node.decisions() == 0) continue;
    int seen = 0;
    for (int a = 0; a < num_actions; ++a) {
      seen += node.action_count(static_cast<trainer::AbstractAction>(a)) > 0;
    }
    for (int b = 0; b < node.num_buckets(); ++b) {
      const uint64_t n = node.bucket_decisions(b);
      if (n < 2) continue;
      const double rate = b < k ? (b + 0.5) / k : 0.4;
      SmoothedCell cell;
      double total = 0;
      for (int a = 0; a < num_actions; ++a) {
        const auto action = static_cast<trainer::AbstractAction>(a);
        cell.n[a] = static_cast<double>(node.bucket_action_count(b, action));
        if (node.action_count(action) > 0) total += cell.q[a] = df.Relative(action, rate);
      }
      if (!(total > 0)) continue;
      for (int a = 0; a < num_actions; ++a) {
        if (node.action_count(static_cast<trainer::AbstractAction>(a)) == 0) continue;
        cell.q[a] = (1 - uniform_share) * cell.q[a] / total + uniform_share / seen;
      }
      cell.total = static_cast<double>(n);
      cells.push_back(cell);
    }
  }
  return FitPseudoDecisions(cells, fallback);
}

}  // namespace agent
