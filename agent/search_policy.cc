// The agent's `search` policy (`agent --policy search`, `agent:policy=search` in the arena):
// heads-up, the model search of agent/search.h against the one opponent still in, with the hand
// reader's P(action | node, pair) at the opponent's nodes (its learned tree where it has counts,
// the population's otherwise), blended toward the bundled blueprint's strategy where the
// opponent's own counts at the node are few, and our root action blended toward the blueprint by
// the same confidence. Three or more players in the pot, or no reading: the `fold` policy.
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "acpc/acpc_client.h"
#include "agent/agent_player.h"
#include "agent/hand_reader.h"
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
  double nodes = 10000;
  double boards = 3;
  double streets_limit = 3;
  double streets_nolimit = 1;
  double leaf_trials = 300;
  double leaf_exact = 0;
  double softness = 0;
  double min_branch = 0.002;
  double max_fold = 1;
  double confidence_k = 30;
  double population_trust = 0;
  double safety = 1;
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
  p.leaf_trials = Extra(params, "search_leaf_trials", p.leaf_trials);
  p.leaf_exact = Extra(params, "search_leaf_exact", p.leaf_exact);
  p.softness = Extra(params, "search_softness", p.softness);
  p.min_branch = Extra(params, "search_min_branch", p.min_branch);
  p.max_fold = Extra(params, "search_max_fold", p.max_fold);
  p.confidence_k = Extra(params, "search_confidence_k", p.confidence_k);
  p.population_trust = Extra(params, "search_population_trust", p.population_trust);
  p.safety = Extra(params, "search_safety", p.safety);
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

// The opponent as the search sees it: the hand reader's likelihoods (its model, backed off to
// the population and DFmodel), mixed with the blueprint's strategy for each pair by the
// confidence c = n / (n + confidence_k), n = the opponent's own decisions at the node plus
// population_trust times the population's. The blueprint is consulted on the street being
// played (its buckets of all 1326 pairs are computed once per decision); on later streets the
// model alone speaks.
class ReaderOpponentModel : public OpponentActionModel {
 public:
  ReaderOpponentModel(HandReader* reader, const solver::Blueprint* blueprint,
                      const SearchPolicyParams& params, const State& root, uint64_t seed)
      : reader_(reader),
        blueprint_(blueprint),
        params_(params),
        root_round_(root.round()),
        seed_(seed) {
    const int visible = root.NumBoardCardsVisible();
    for (int i = 0; i < visible; ++i) board_.push_back(root.board_card(i));
  }

  void Probabilities(const State& state, int position, absl::Span<const Action> actions,
                     absl::Span<std::array<float, poker::kNumPairs>> probs,
                     double* confidence) override {
    const HandReader::NodeCounts counts = reader_->NodeDecisions(state, position);
    const double n = counts.player + params_.population_trust * counts.population;
    const double c = params_.confidence_k > 0 ? n / (n + params_.confidence_k) : 1.0;
    *confidence = c;
    // The model: each candidate's abstract class, its likelihood shared among the candidates of
    // the same class.
    const trainer::ActionAbstraction& abstraction = reader_->abstraction();
    std::array<trainer::AbstractAction, 8> classes{};
    const int count = static_cast<int>(actions.size());
    for (int i = 0; i < count; ++i) classes[i] = abstraction.Classify(state, actions[i]);
    for (int i = 0; i < count; ++i) {
      int same = 0;
      int first = i;
      for (int j = 0; j < count; ++j) {
        if (classes[j] != classes[i]) continue;
        ++same;
        first = std::min(first, j);
      }
      if (first == i) {
        reader_->ActionLikelihoods(state, position, classes[i], &probs[i]);
      } else {
        probs[i] = probs[first];  // already divided below when first was filled
        continue;
      }
      if (same > 1) {
        for (float& x : probs[i]) x /= static_cast<float>(same);
      }
    }
    if (blueprint_ == nullptr || c >= 1 || state.round() != root_round_) return;
    BlendBlueprint(state, position, actions, probs, c);
  }

 private:
  void BlendBlueprint(const State& state, int position, absl::Span<const Action> actions,
                      absl::Span<std::array<float, poker::kNumPairs>> probs, double c) {
    const solver::BettingTree& tree = blueprint_->tree();
    poker::Rng translation(seed_ * 0x9E3779B97F4A7C15ULL + state.hand_number());
    bool in_tree = false;
    const solver::Node& node = tree.node(tree.MapHistory(state, &translation, &in_tree));
    if (!in_tree || node.player != position || node.round != state.round()) return;
    const int count = static_cast<int>(actions.size());
    // Each blueprint edge goes to the candidate it plays as: fold, call, or the nearest raise.
    std::array<int, 16> target{};
    const int edges = std::min<int>(node.num_actions, target.size());
    for (int e = 0; e < edges; ++e) {
      const Action real = solver::BettingTree::RealAction(tree.edge(node.first_child + e), state);
      int best = -1;
      for (int i = 0; i < count; ++i) {
        if (actions[i].type != real.type) continue;
        if (best < 0 || std::abs(actions[i].raise_to - real.raise_to) <
                            std::abs(actions[best].raise_to - real.raise_to)) {
          best = i;
        }
      }
      if (best < 0) {
        for (int i = 0; i < count; ++i) {
          if (actions[i].type == poker::ActionType::kCall) best = i;
        }
      }
      target[e] = best;
    }
    if (!buckets_ready_) ComputeBuckets();
    // Normalise the model per pair first so that the two mix on the same scale.
    for (int h = 0; h < poker::kNumPairs; ++h) {
      if (buckets_[h] < 0) continue;
      float s = 0;
      for (int i = 0; i < count; ++i) s += probs[i][h];
      const float model_share = s > 0 ? static_cast<float>(c) / s : 0.0f;
      const uint8_t* weights = blueprint_->At(node, buckets_[h]);
      std::array<float, 8> bp{};
      for (int e = 0; e < edges; ++e) {
        if (target[e] >= 0) bp[target[e]] += weights[e] * (1.0f / 255.0f);
      }
      for (int i = 0; i < count; ++i) {
        probs[i][h] = probs[i][h] * model_share + static_cast<float>(1 - c) * bp[i];
      }
    }
  }

  // The blueprint's bucket of every pair on the street's board. Post-flop through DealBuckets
  // with the board completed by cards off the pair (the flop and turn buckets depend on the board
  // of their round only): it fills the abstraction's per-board tables once (~20 ms a new flop,
  // ~1 ms a turn) and then costs one river pass per pair, where Bucket() would roll out each pair
  // alone (~3 ms each on a new flop).
  void ComputeBuckets() {
    buckets_ready_ = true;
    const solver::CardAbstraction& cards = blueprint_->cards();
    const poker::GameDef& game = blueprint_->game();
    const int total_board = game.BoardCardsThrough(game.num_rounds - 1);
    uint64_t dead = 0;
    for (poker::Card b : board_) dead |= uint64_t{1} << b;
    std::array<poker::Card, poker::kMaxBoardCards> full{};
    std::copy(board_.begin(), board_.end(), full.begin());
    std::array<int, 4 * 1> out{};
    for (int h = 0; h < poker::kNumPairs; ++h) {
      const poker::PairCards pair = poker::PairFromIndex(h);
      const poker::Card hole[2] = {pair.low, pair.high};
      const uint64_t pair_mask = (uint64_t{1} << pair.low) | (uint64_t{1} << pair.high);
      if ((dead & pair_mask) != 0) {
        buckets_[h] = -1;
        continue;
      }
      if (root_round_ == 0 || game.num_rounds != 4 || total_board != 5) {
        buckets_[h] = cards.Bucket(root_round_, hole, board_);
        continue;
      }
      int filled = static_cast<int>(board_.size());
      for (int c = 0; c < poker::kNumCards && filled < total_board; ++c) {
        if (((dead | pair_mask) >> c) & 1) continue;
        full[filled++] = static_cast<poker::Card>(c);
      }
      cards.DealBuckets(hole, absl::MakeConstSpan(full.data(), total_board), absl::MakeSpan(out));
      buckets_[h] = out[root_round_];
    }
  }

  HandReader* reader_;
  const solver::Blueprint* blueprint_;
  const SearchPolicyParams& params_;
  int root_round_;
  uint64_t seed_;
  std::vector<poker::Card> board_;
  bool buckets_ready_ = false;
  std::array<int, poker::kNumPairs> buckets_{};
};

class SearchPolicy : public Policy {
 public:
  explicit SearchPolicy(const PolicyParams& params)
      : params_(ParamsFrom(params)), fallback_(params, /*uniform=*/false) {}

  std::string name() const override { return "search"; }
  bool wants_bet_outcomes() const override { return true; }  // for the multiway fallback
  bool reads_learned_models_at_once() const override { return true; }
  std::string explanation() const override { return why_; }
  std::vector<std::pair<std::string, double>> action_values() const override { return values_; }
  bool clock_cap_fired() const override { return clock_fired_; }

  Action Decide(const Decision& d) override {
    values_.clear();
    clock_fired_ = false;
    const State& s = d.state;
    int opponent = -1;
    for (int p = 0; p < s.game().num_players; ++p) {
      if (p != d.me && !s.folded(p)) opponent = opponent < 0 ? p : -2;
    }
    if (d.reader == nullptr || opponent < 0 || d.ranges[opponent] == nullptr) {
      const Action action = fallback_.Decide(d);
      why_ = absl::StrCat(opponent == -2 ? "multiway: fold policy; " : "no reading: fold policy; ",
                          fallback_.explanation());
      return action;
    }
    LoadBlueprint(s.game());
    const bool limit = !s.game().is_no_limit();
    SearchOptions options;
    options.boards = static_cast<int>(params_.boards);
    options.max_streets = static_cast<int>(limit ? params_.streets_limit : params_.streets_nolimit);
    options.max_nodes = static_cast<int64_t>(params_.nodes);
    options.leaf_trials = static_cast<int64_t>(params_.leaf_trials);
    options.leaf_exact_evaluations = static_cast<int64_t>(params_.leaf_exact);
    options.softness = params_.softness;
    options.min_branch = params_.min_branch;
    options.max_fold = params_.max_fold;
    options.seed = d.seed;
    if (d.started.has_value()) {
      options.deadline =
          *d.started + std::chrono::microseconds(static_cast<int64_t>(params_.cap_ms * 1000));
    }
    ReaderOpponentModel model(d.reader, blueprint_.get(), params_, s, d.seed);
    absl::StatusOr<SearchResult> result =
        search_.Search(s, d.me, d.hole, *d.ranges[opponent], &model, options);
    if (!result.ok()) {
      const Action action = fallback_.Decide(d);
      why_ = absl::StrCat("search failed (", result.status().message(), "): fold policy; ",
                          fallback_.explanation());
      return action;
    }
    clock_fired_ = result->clock_cap_fired;
    for (size_t i = 0; i < result->actions.size(); ++i) {
      values_.emplace_back(acpc::AcpcSession::FormatAction(s.game(), result->actions[i]),
                           result->values[i]);
    }
    why_ = absl::StrFormat("search %d streets, %d nodes, confidence %.3f", result->streets,
                           result->nodes, result->confidence);
    // Safety: lean on the blueprint by how little the model knows of this opponent here.
    const double blueprint_share = std::clamp(params_.safety * (1 - result->confidence), 0.0, 1.0);
    if (decider_ != nullptr && Uniform(d.rng) < blueprint_share) {
      const poker::Card hole[2] = {d.hole.low, d.hole.high};
      std::string how;
      const Action action = decider_->Decide(s, hole, Uniform(d.rng), &how);
      absl::StrAppend(&why_, "; blueprint (share ", absl::StrFormat("%.3f", blueprint_share),
                      "): ", how);
      return action;
    }
    absl::StrAppend(&why_, "; best ", values_[result->best].first);
    return result->actions[result->best];
  }

 private:
  void LoadBlueprint(const poker::GameDef& game) {
    if (blueprint_tried_) return;
    blueprint_tried_ = true;
    const std::string path =
        params_.strategy.empty() ? BundledStrategyPath(game) : params_.strategy;
    if (path.empty() || path == "none") return;
    absl::StatusOr<std::shared_ptr<const solver::Blueprint>> loaded =
        solver::LoadSharedBlueprint(path, &game);
    if (!loaded.ok()) return;  // another game: the model alone (confidence still logged)
    blueprint_ = *std::move(loaded);
    decider_ = std::make_unique<solver::CfrDecider>(blueprint_, 1);
  }

  SearchPolicyParams params_;
  FoldPolicy fallback_;
  ModelSearch search_;
  bool blueprint_tried_ = false;
  std::shared_ptr<const solver::Blueprint> blueprint_;
  std::unique_ptr<solver::CfrDecider> decider_;
  std::string why_;
  std::vector<std::pair<std::string, double>> values_;
  bool clock_fired_ = false;
};

const bool kRegistered = RegisterPolicy(
    "search",
    "heads-up: searches the betting tree against the opponent's model, blended toward the "
    "bundled blueprint where the model has few counts (multiway: fold)",
    [](const PolicyParams& params) -> absl::StatusOr<std::unique_ptr<Policy>> {
      return std::make_unique<SearchPolicy>(params);
    },
    {ExtraParam{"search_nodes", 10000, "search: node budget per decision (work, not time)"},
     ExtraParam{"search_boards", 3, "search: next cards sampled per chance node"},
     ExtraParam{"search_streets", 3, "search: streets searched past the current one, limit"},
     ExtraParam{"search_streets_nl", 1, "search: streets searched past the current one, no-limit"},
     ExtraParam{"search_leaf_trials", 300, "search: Monte Carlo trials of a leaf's equity"},
     ExtraParam{"search_leaf_exact", 0,
                "search: a leaf's equity is exact when it costs at most this many evaluations"},
     ExtraParam{"search_softness", 0,
                "search: softmax temperature (big blinds) of our future nodes"},
     ExtraParam{"search_min_branch", 0.002, "search: opponent actions below this are not expanded"},
     ExtraParam{"search_max_fold", 1, "search: cap on an opponent node's fold probability"},
     ExtraParam{"search_confidence_k", 30,
                "search: opponent decisions at a node for confidence 0.5 (model vs blueprint)"},
     ExtraParam{"search_population_trust", 0,
                "search: weight of the population's decisions in the confidence"},
     ExtraParam{"search_safety", 1,
                "search: root blend toward the blueprint, times 1 - confidence"},
     ExtraParam{"search_cap_ms", 1000, "search: wall-clock safety cap over TCP (ms)"},
     ExtraParam{"search_strategy", 0, "search: blueprint file (empty: bundled; none: no blueprint)",
                /*text=*/true}});

}  // namespace
}  // namespace agent
