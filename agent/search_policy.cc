// The agent's `search` policy (`agent --policy search`, `agent:policy=search` in the arena):
// heads-up, the model search of agent/search.h against the one opponent still in, with the
// opponent modelled as the bundled blueprint tilted toward what this opponent has been seen to do
// (a data-biased response, SPEC 13): at every node of the search, on every street, each pair's
// action probabilities are the blueprint's for the pair's bucket on that (real or sampled) board,
// multiplied by exp(theta[class][kind]) and renormalised, where kind is fold, call or raise and
// class the street and how many raises the player faces; theta starts at 0 (the blueprint
// exactly) and is fitted online to the opponent's actions in this match (a gradient step on the
// log-likelihood of each hand's actions, with its cards when shown). The opponent's range is read
// with the same model. Our root action is the blueprint's own, unless the search values another
// candidate higher by a margin that shrinks as the opponent's decisions accumulate. Three or more
// players in the pot, no blueprint for the game, or no reading: the `fold` policy.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "acpc/acpc_client.h"
#include "agent/agent_player.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "agent/search.h"
#include "poker/rng.h"
#include "solver/cfr_player.h"

namespace agent {
namespace {

using poker::Action;
using poker::State;

// The search policy's parameters (PolicyParams::extra), with their defaults.
struct SearchPolicyParams {
  double nodes = 3000;
  double boards = 3;
  double streets_limit = 3;
  double streets_nolimit = 1;
  double leaf_runouts = 48;
  double softness = 0;
  double min_branch = 0.002;
  double max_fold = 1;
  double floor = 0.05;
  double tilt_rate = 0.5;
  double tilt_half = 20;
  double tilt_decay = 0.01;
  double margin = 1;
  double margin_floor = 0.1;
  double margin_half = 100;
  double cap_ms = 1000;
  std::string strategy;
};

double Extra(const PolicyParams& params, const char* name, double fallback) {
  auto it = params.extra.find(name);
  return it != params.extra.end() ? it->second : fallback;
}

SearchPolicyParams ParamsFrom(const PolicyParams& params) {
  SearchPolicyParams p;
  p.nodes = Extra(params, "search_nodes", p.nodes);
  p.boards = Extra(params, "search_boards", p.boards);
  p.streets_limit = Extra(params, "search_streets", p.streets_limit);
  p.streets_nolimit = Extra(params, "search_streets_nl", p.streets_nolimit);
  p.leaf_runouts = Extra(params, "search_leaf_runouts", p.leaf_runouts);
  p.softness = Extra(params, "search_softness", p.softness);
  p.min_branch = Extra(params, "search_min_branch", p.min_branch);
  p.max_fold = Extra(params, "search_max_fold", p.max_fold);
  p.floor = Extra(params, "search_floor", p.floor);
  p.tilt_rate = Extra(params, "search_tilt_rate", p.tilt_rate);
  p.tilt_half = Extra(params, "search_tilt_half", p.tilt_half);
  p.tilt_decay = Extra(params, "search_tilt_decay", p.tilt_decay);
  p.margin = Extra(params, "search_margin", p.margin);
  p.margin_floor = Extra(params, "search_margin_floor", p.margin_floor);
  p.margin_half = Extra(params, "search_margin_half", p.margin_half);
  p.cap_ms = Extra(params, "search_cap_ms", p.cap_ms);
  auto it = params.extra_text.find("search_strategy");
  if (it != params.extra_text.end()) p.strategy = it->second;
  return p;
}

// The bundled blueprint of a heads-up hold'em game (data/strategies/ beside the bundled models),
// or "" when none is bundled for this kind of game.
std::string BundledStrategyPath(const poker::GameDef& game) {
  const std::string model = DefaultModelPath();
  if (model.empty() || game.num_players != 2) return "";
  const std::filesystem::path dir =
      std::filesystem::path(model).parent_path().parent_path() / "strategies";
  const std::filesystem::path file =
      dir / (game.is_no_limit() ? "holdem.nolimit.2p.strategy" : "holdem.limit.2p.strategy");
  std::error_code ec;
  return std::filesystem::exists(file, ec) ? file.string() : "";
}

// Action kinds the tilt distinguishes, and the situations (classes) it is fitted per: the street
// times 0 = nothing to call, 1 = facing a bet or one raise (or the blinds), 2 = facing more.
constexpr int kKinds = 3;  // fold, call, raise
constexpr int kClassesPerRound = 3;
constexpr int kClasses = poker::kMaxRounds * kClassesPerRound;
constexpr int kMaxCandidates = 8;

int KindOf(const Action& a) {
  return a.type == poker::ActionType::kFold ? 0 : a.type == poker::ActionType::kCall ? 1 : 2;
}

int ClassOf(const State& s) {
  const int round = std::clamp(s.round(), 0, poker::kMaxRounds - 1);
  const int facing = s.AmountToCall() <= 0 ? 0 : s.num_raises(s.round()) >= 2 ? 2 : 1;
  return round * kClassesPerRound + facing;
}

// What the policy has learned about one opponent (by seat): the tilt and the decisions seen.
struct OpponentTilt {
  std::array<std::array<double, kKinds>, kClasses> theta{};
  std::array<double, kClasses> decisions{};
  double total = 0;
};

using PairProbs = std::array<float, poker::kNumPairs>;

// The blueprint, tilted, at any state of a hand: the opponent's candidate actions (the real
// actions of the blueprint node's edges) and each pair's probability of each.
class TiltedBlueprint {
 public:
  TiltedBlueprint(const solver::Blueprint& blueprint, double floor)
      : blueprint_(blueprint), floor_(floor) {}

  // The node of `state` (its player to act) and the candidates its edges play as. False when the
  // tree has no node for it.
  bool Prepare(const State& state, uint64_t translation_seed) {
    const solver::BettingTree& tree = blueprint_.tree();
    poker::Rng translation(translation_seed * 0x9E3779B97F4A7C15ULL + state.hand_number());
    bool in_tree = false;
    int n = tree.MapHistory(state, &translation, &in_tree);
    if (!in_tree || tree.node(n).player != state.CurrentPlayer() ||
        tree.node(n).round != state.round()) {
      n = tree.NearestNode(state);
    }
    candidates_.clear();
    if (n < 0) return false;
    node_ = &tree.node(n);
    edges_ = std::min<int>(node_->num_actions, kMaxEdges);
    for (int e = 0; e < edges_; ++e) {
      Action real = solver::BettingTree::RealAction(tree.edge(node_->first_child + e), state);
      if (!state.IsLegal(real)) real = Action::Call();
      real = state.Normalize(real);
      int index = -1;
      for (size_t i = 0; i < candidates_.size(); ++i) {
        if (candidates_[i] == real) index = static_cast<int>(i);
      }
      if (index < 0 && candidates_.size() < kMaxCandidates) {
        index = static_cast<int>(candidates_.size());
        candidates_.push_back(real);
      }
      target_[e] = index < 0 ? 0 : index;
    }
    return !candidates_.empty();
  }

  const std::vector<Action>& candidates() const { return candidates_; }

  // The candidate an action of the real game plays as: the same kind, the nearest raise size.
  int CandidateFor(const Action& action) const {
    int best = -1;
    for (size_t i = 0; i < candidates_.size(); ++i) {
      if (candidates_[i].type != action.type) continue;
      if (best < 0 || std::abs(candidates_[i].raise_to - action.raise_to) <
                          std::abs(candidates_[best].raise_to - action.raise_to)) {
        best = static_cast<int>(i);
      }
    }
    if (best < 0) {  // e.g. a check where the node expected a bet: the call candidate
      for (size_t i = 0; i < candidates_.size(); ++i) {
        if (candidates_[i].type == poker::ActionType::kCall) best = static_cast<int>(i);
      }
    }
    return std::max(best, 0);
  }

  // probs[i][h]: pair h's probability of candidate i (summing to 1 over the candidates; 0 for
  // pairs that share a card with the board), tilted by `theta` (null: the blueprint as it is).
  void Probabilities(const State& state, const std::array<double, kKinds>* theta,
                     absl::Span<PairProbs> probs) {
    const std::array<int, poker::kNumPairs>& buckets = Buckets(state);
    const int count = static_cast<int>(candidates_.size());
    std::array<float, kMaxCandidates> tilt{};
    for (int i = 0; i < count; ++i) {
      tilt[i] =
          theta == nullptr ? 1.0f : static_cast<float>(std::exp((*theta)[KindOf(candidates_[i])]));
    }
    const float keep = static_cast<float>(1 - floor_) / 255.0f;
    const float spread = static_cast<float>(floor_) / count;
    for (int h = 0; h < poker::kNumPairs; ++h) {
      if (buckets[h] < 0) {
        for (int i = 0; i < count; ++i) probs[i][h] = 0;
        continue;
      }
      const uint8_t* w = blueprint_.At(*node_, buckets[h]);
      std::array<float, kMaxCandidates> p{};
      for (int e = 0; e < edges_; ++e) p[target_[e]] += w[e] * keep;
      float sum = 0;
      for (int i = 0; i < count; ++i) {
        p[i] = (p[i] + spread) * tilt[i];
        sum += p[i];
      }
      const float inv = 1.0f / sum;
      for (int i = 0; i < count; ++i) probs[i][h] = p[i] * inv;
    }
  }

  // Forgets the cached boards when there are many (a match meets thousands).
  void TrimCache() {
    if (buckets_.size() > 2048) buckets_.clear();
  }

 private:
  static constexpr int kMaxEdges = 16;

  // The blueprint's bucket of every pair on the board of `state`'s round (cached by board).
  const std::array<int, poker::kNumPairs>& Buckets(const State& state) {
    const int round = state.round();
    const int visible = state.game().BoardCardsThrough(round);
    std::array<poker::Card, poker::kMaxBoardCards> board{};
    uint64_t key = uint64_t{1} << 63 | uint64_t(round) << 52;
    for (int i = 0; i < visible; ++i) {
      board[i] = state.board_card(i);
      key |= uint64_t{1} << board[i];
    }
    auto [it, added] = buckets_.try_emplace(key);
    if (added) {
      blueprint_.cards().AllPairsBuckets(round, absl::MakeConstSpan(board.data(), visible),
                                         absl::MakeSpan(it->second));
    }
    return it->second;
  }

  const solver::Blueprint& blueprint_;
  double floor_;
  const solver::Node* node_ = nullptr;
  int edges_ = 0;
  std::array<int, kMaxEdges> target_{};
  std::vector<Action> candidates_;
  std::unordered_map<uint64_t, std::array<int, poker::kNumPairs>> buckets_;
};

// The search's view of the opponent: the tilted blueprint at every node.
class TiltedOpponentModel : public OpponentActionModel {
 public:
  TiltedOpponentModel(TiltedBlueprint* model, const OpponentTilt& tilt, uint64_t translation_seed)
      : model_(model), tilt_(tilt), translation_seed_(translation_seed) {}

  bool Candidates(const State& state, std::vector<Action>* actions) override {
    if (!model_->Prepare(state, translation_seed_)) return false;
    *actions = model_->candidates();
    prepared_ = true;
    return true;
  }

  void Probabilities(const State& state, int position, absl::Span<const Action> actions,
                     absl::Span<PairProbs> probs, double* confidence) override {
    (void)position;
    *confidence = 1;
    if (!prepared_ || actions.size() != model_->candidates().size()) {
      for (size_t i = 0; i < actions.size(); ++i) probs[i].fill(1.0f);  // no node: uniform
      return;
    }
    prepared_ = false;
    model_->Probabilities(state, &tilt_.theta[ClassOf(state)], probs);
  }

 private:
  TiltedBlueprint* model_;
  const OpponentTilt& tilt_;
  uint64_t translation_seed_;
  bool prepared_ = false;
};

class SearchPolicy : public Policy {
 public:
  explicit SearchPolicy(const PolicyParams& params)
      : params_(ParamsFrom(params)), fallback_(params, /*uniform=*/false) {}

  std::string name() const override { return "search"; }
  bool wants_bet_outcomes() const override { return true; }  // for the multiway fallback
  bool wants_equity_for(int opponents_in) const override { return opponents_in > 1; }
  std::string explanation() const override { return why_; }
  std::vector<std::pair<std::string, double>> action_values() const override { return values_; }
  bool clock_cap_fired() const override { return clock_fired_; }
  void SeatsOfHand(absl::Span<const int> seat_of_position) override {
    seats_.assign(seat_of_position.begin(), seat_of_position.end());
  }

  Action Decide(const Decision& d) override {
    values_.clear();
    clock_fired_ = false;
    const State& s = d.state;
    int opponent = -1;
    for (int p = 0; p < s.game().num_players; ++p) {
      if (p != d.me && !s.folded(p)) opponent = opponent < 0 ? p : -2;
    }
    LoadBlueprint(s.game());
    if (model_ == nullptr || opponent < 0) {
      return Fallback(d, opponent == -2 ? "multiway" : "no blueprint for this game");
    }
    const OpponentTilt& tilt = tilts_[SeatOf(opponent)];
    if (!ReadRange(s, d.me, d.hole, opponent, tilt)) return Fallback(d, "no range");
    const bool limit = !s.game().is_no_limit();
    SearchOptions options;
    options.boards = static_cast<int>(params_.boards);
    options.max_streets = static_cast<int>(limit ? params_.streets_limit : params_.streets_nolimit);
    options.max_nodes = static_cast<int64_t>(params_.nodes);
    options.leaf_runouts = static_cast<int>(params_.leaf_runouts);
    options.softness = params_.softness;
    options.min_branch = params_.min_branch;
    options.max_fold = params_.max_fold;
    options.seed = d.seed;
    if (d.started.has_value()) {
      options.deadline =
          *d.started + std::chrono::microseconds(static_cast<int64_t>(params_.cap_ms * 1000));
    }
    TiltedOpponentModel model(model_.get(), tilt, kTranslationSeed);
    absl::StatusOr<SearchResult> result = search_.Search(s, d.me, d.hole, range_, &model, options);
    if (!result.ok()) return Fallback(d, result.status().message());
    clock_fired_ = result->clock_cap_fired;
    for (size_t i = 0; i < result->actions.size(); ++i) {
      values_.emplace_back(acpc::AcpcSession::FormatAction(s.game(), result->actions[i]),
                           result->values[i]);
    }
    // The anchor: the blueprint's own action, unless the search values another clearly higher.
    const poker::Card hole[2] = {d.hole.low, d.hole.high};
    std::string how;
    const Action anchor = decider_->Decide(s, hole, Uniform(d.rng), &how);
    int anchor_index = -1;
    for (size_t i = 0; i < result->actions.size(); ++i) {
      const Action& a = result->actions[i];
      if (a.type != anchor.type) continue;
      if (anchor_index < 0 ||
          std::abs(a.raise_to - anchor.raise_to) <
              std::abs(result->actions[anchor_index].raise_to - anchor.raise_to)) {
        anchor_index = static_cast<int>(i);
      }
    }
    const double margin = (params_.margin_floor + params_.margin * params_.margin_half /
                                                      (params_.margin_half + tilt.total)) *
                          std::max<int32_t>(s.game().BigBlind(), 1);
    const double gain =
        anchor_index < 0 ? 1e300 : result->values[result->best] - result->values[anchor_index];
    why_ = absl::StrFormat(
        "search %d streets, %d nodes; blueprint %s (%s); gain %.1f, margin %.1f after %.0f "
        "decisions",
        result->streets, result->nodes, acpc::AcpcSession::FormatAction(s.game(), anchor), how,
        anchor_index < 0 ? -1.0 : gain, margin, tilt.total);
    const std::array<double, kKinds>& facing =
        tilt.theta[std::clamp(s.round(), 0, poker::kMaxRounds - 1) * kClassesPerRound + 1];
    absl::StrAppend(&why_, absl::StrFormat(" (tilt facing a bet %.2f %.2f %.2f)", facing[0],
                                           facing[1], facing[2]));
    if (anchor_index >= 0 && gain <= margin) {
      absl::StrAppend(&why_, ": blueprint");
      return anchor;
    }
    absl::StrAppend(&why_, ": search ", values_[result->best].first);
    return result->actions[result->best];
  }

  // Fits the opponent's tilt to this hand's actions (its cards, when shown, make each step exact).
  void EndHand(const State& final_state, int me, double chips) override {
    (void)chips;
    if (model_ == nullptr || final_state.game().num_players != 2) return;
    const int opponent = 1 - me;
    OpponentTilt& tilt = tilts_[SeatOf(opponent)];
    const bool shown = final_state.HoleCardsKnown(opponent);
    const int shown_pair = shown ? poker::PairIndex(final_state.hole_card(opponent, 0),
                                                    final_state.hole_card(opponent, 1))
                                 : -1;
    StartRange(final_state, me, final_state.NumBoardCardsVisible());
    std::vector<std::pair<int, std::array<double, kKinds>>> steps;
    Replay(final_state, opponent, [&](const State& before, const Action& action) {
      const int cls = ClassOf(before);
      if (!model_->Prepare(before, kTranslationSeed)) return;
      const std::vector<Action>& candidates = model_->candidates();
      const int count = static_cast<int>(candidates.size());
      model_->Probabilities(before, &tilt.theta[cls], absl::MakeSpan(probs_.data(), count));
      const int taken = model_->CandidateFor(action);
      // The expected probability of each kind: at the shown pair, or over the pairs weighed by
      // how likely they took the action (the posterior).
      std::array<double, kKinds> expected{};
      std::array<bool, kKinds> available{};
      for (int i = 0; i < count; ++i) available[KindOf(candidates[i])] = true;
      if (shown_pair >= 0) {
        for (int i = 0; i < count; ++i) expected[KindOf(candidates[i])] += probs_[i][shown_pair];
      } else {
        double total = 0;
        for (int h = 0; h < poker::kNumPairs; ++h) {
          const double w = range_.weight(h) * probs_[taken][h];
          if (w <= 0) continue;
          total += w;
          for (int i = 0; i < count; ++i) expected[KindOf(candidates[i])] += w * probs_[i][h];
        }
        if (total <= 0) return;
        for (double& x : expected) x /= total;
      }
      std::array<double, kKinds> gradient{};
      for (int k = 0; k < kKinds; ++k) {
        if (available[k]) gradient[k] = (k == KindOf(candidates[taken]) ? 1.0 : 0.0) - expected[k];
      }
      steps.emplace_back(cls, gradient);
      for (int h = 0; h < poker::kNumPairs; ++h) range_.mutable_weights()[h] *= probs_[taken][h];
      Normalize();
    });
    for (const auto& [cls, gradient] : steps) {
      const double rate = params_.tilt_rate *
                          std::sqrt(params_.tilt_half / (params_.tilt_half + tilt.decisions[cls]));
      for (int k = 0; k < kKinds; ++k) {
        tilt.theta[cls][k] += rate * (gradient[k] - params_.tilt_decay * tilt.theta[cls][k]);
      }
      tilt.decisions[cls] += 1;
      tilt.total += 1;
    }
    model_->TrimCache();
    range_hand_ = -1;
  }

 private:
  // Fixes how off-tree raises are mapped onto the blueprint's tree (per hand, like the cfr bot).
  static constexpr uint64_t kTranslationSeed = 1;

  Action Fallback(const Decision& d, absl::string_view why) {
    const Action action = fallback_.Decide(d);
    why_ = absl::StrCat(why, ": fold policy; ", fallback_.explanation());
    return action;
  }

  int SeatOf(int position) const {
    return position < static_cast<int>(seats_.size()) ? seats_[position] : position;
  }

  void LoadBlueprint(const poker::GameDef& game) {
    if (blueprint_tried_) return;
    blueprint_tried_ = true;
    const std::string path =
        params_.strategy.empty() ? BundledStrategyPath(game) : params_.strategy;
    if (path.empty() || path == "none") return;
    absl::StatusOr<std::shared_ptr<const solver::Blueprint>> loaded =
        solver::LoadSharedBlueprint(path, &game);
    if (!loaded.ok()) return;  // another game: the fold policy decides
    blueprint_ = *std::move(loaded);
    decider_ = std::make_unique<solver::CfrDecider>(blueprint_, 1);
    model_ = std::make_unique<TiltedBlueprint>(*blueprint_, params_.floor);
  }

  // Every pair that shares no card with ours or the first `board_cards` board cards, weight 1.
  void StartRange(const State& s, int me, int board_cards) {
    uint64_t dead = (uint64_t{1} << s.hole_card(me, 0)) | (uint64_t{1} << s.hole_card(me, 1));
    for (int i = 0; i < board_cards; ++i) dead |= uint64_t{1} << s.board_card(i);
    for (int h = 0; h < poker::kNumPairs; ++h) {
      const poker::PairCards p = poker::PairFromIndex(h);
      const bool live = (((dead >> p.low) | (dead >> p.high)) & 1) == 0;
      range_.mutable_weights()[h] = live ? 1.0f : 0.0f;
    }
    range_actions_ = 0;
  }

  void Normalize() {
    double total = 0;
    for (float w : range_.weights()) total += w;
    if (total <= 0) return;
    const float inv = static_cast<float>(1 / total);
    for (float& w : range_.mutable_weights()) w *= inv;
  }

  // Calls f(state before, action) for every action of `opponent` in `s`, in order, skipping the
  // first `skip` actions of the hand.
  template <typename F>
  int Replay(const State& s, int opponent, F&& f, int skip = 0) {
    State replay(s.game(), s.hand_number());
    for (int p = 0; p < s.game().num_players; ++p) {
      for (int i = 0; i < s.game().num_hole_cards; ++i)
        replay.set_hole_card(p, i, s.hole_card(p, i));
    }
    for (int i = 0; i < poker::kMaxBoardCards; ++i) replay.set_board_card(i, s.board_card(i));
    int index = 0;
    for (int r = 0; r <= s.round() && r < s.game().num_rounds; ++r) {
      for (int i = 0; i < s.num_actions(r); ++i, ++index) {
        const Action& a = s.action(r, i);
        if (index >= skip && s.actor(r, i) == opponent) f(replay, a);
        if (!replay.Apply(a).ok()) return index;
      }
    }
    return index;
  }

  // The opponent's range in `s` as the tilted blueprint reads its actions this hand (continued
  // from the last decision of the hand).
  bool ReadRange(const State& s, int me, poker::PairCards hole, int opponent,
                 const OpponentTilt& tilt) {
    (void)hole;
    if (range_hand_ != static_cast<int64_t>(s.hand_number())) {
      StartRange(s, me, 0);
      range_hand_ = s.hand_number();
    }
    range_actions_ = Replay(
        s, opponent,
        [&](const State& before, const Action& action) {
          if (!model_->Prepare(before, kTranslationSeed)) return;
          const int count = static_cast<int>(model_->candidates().size());
          model_->Probabilities(before, &tilt.theta[ClassOf(before)],
                                absl::MakeSpan(probs_.data(), count));
          const PairProbs& p = probs_[model_->CandidateFor(action)];
          for (int h = 0; h < poker::kNumPairs; ++h) range_.mutable_weights()[h] *= p[h];
          Normalize();
        },
        range_actions_);
    // The board seen so far rules pairs out.
    for (int i = 0; i < s.NumBoardCardsVisible(); ++i) {
      for (int h = 0; h < poker::kNumPairs; ++h) {
        const poker::PairCards p = poker::PairFromIndex(h);
        if (p.low == s.board_card(i) || p.high == s.board_card(i)) range_.mutable_weights()[h] = 0;
      }
    }
    double total = 0;
    for (float w : range_.weights()) total += w;
    return total > 0;
  }

  SearchPolicyParams params_;
  FoldPolicy fallback_;
  ModelSearch search_;
  bool blueprint_tried_ = false;
  std::shared_ptr<const solver::Blueprint> blueprint_;
  std::unique_ptr<solver::CfrDecider> decider_;
  std::unique_ptr<TiltedBlueprint> model_;
  std::map<int, OpponentTilt> tilts_;  // by seat
  std::vector<int> seats_;
  Range range_;
  int64_t range_hand_ = -1;
  int range_actions_ = 0;
  std::array<PairProbs, kMaxCandidates> probs_{};
  std::string why_;
  std::vector<std::pair<std::string, double>> values_;
  bool clock_fired_ = false;
};

const bool kRegistered = RegisterPolicy(
    "search",
    "heads-up: searches the betting tree against the opponent modelled as the bundled blueprint "
    "tilted toward its observed actions; plays the blueprint unless the search gains clearly "
    "(multiway: fold)",
    [](const PolicyParams& params) -> absl::StatusOr<std::unique_ptr<Policy>> {
      return std::make_unique<SearchPolicy>(params);
    },
    {ExtraParam{"search_nodes", 3000, "search: node budget per decision (work, not time)"},
     ExtraParam{"search_boards", 3, "search: next cards sampled per chance node"},
     ExtraParam{"search_streets", 3, "search: streets searched past the current one, limit"},
     ExtraParam{"search_streets_nl", 1, "search: streets searched past the current one, no-limit"},
     ExtraParam{
         "search_leaf_runouts", 48,
         "search: run-outs sampled for a flop or preflop leaf's equity (turn, river: exact)"},
     ExtraParam{"search_softness", 0,
                "search: softmax temperature (big blinds) of our future nodes"},
     ExtraParam{"search_min_branch", 0.002, "search: opponent actions below this are not expanded"},
     ExtraParam{"search_max_fold", 1, "search: cap on an opponent node's fold probability"},
     ExtraParam{"search_floor", 0.05,
                "search: share of the opponent model spread evenly over its actions"},
     ExtraParam{"search_tilt_rate", 0.5, "search: step of the opponent's tilt per decision"},
     ExtraParam{"search_tilt_half", 20,
                "search: decisions of a class after which the tilt's step is 1/sqrt(2) of it"},
     ExtraParam{"search_tilt_decay", 0.01, "search: pull of the tilt toward the blueprint"},
     ExtraParam{"search_margin", 1,
                "search: big blinds the search must gain over the blueprint's action (at first)"},
     ExtraParam{"search_margin_floor", 0.1, "search: the margin after many decisions (bb)"},
     ExtraParam{"search_margin_half", 100,
                "search: opponent decisions after which the margin's first part is halved"},
     ExtraParam{"search_cap_ms", 1000, "search: wall-clock safety cap over TCP (ms)"},
     ExtraParam{"search_strategy", 0, "search: blueprint file (empty: bundled; none: no blueprint)",
                /*text=*/true}});

}  // namespace
}  // namespace agent
