#include "solver/cfr_player.h"

#include <map>
#include <mutex>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace solver {

absl::StatusOr<std::shared_ptr<const Blueprint>> LoadSharedBlueprint(const std::string& path,
                                                                     const poker::GameDef* game) {
  static std::mutex mutex;
  static auto* cache = new std::map<std::string, std::shared_ptr<const Blueprint>>;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(path);
  if (it == cache->end()) {
    absl::StatusOr<std::unique_ptr<Blueprint>> loaded = Blueprint::Load(path);
    if (!loaded.ok()) return loaded.status();
    it = cache->emplace(path, std::shared_ptr<const Blueprint>(std::move(*loaded))).first;
  }
  if (game != nullptr && !(*game == it->second->game())) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": a strategy for another game:\n", it->second->header().game()));
  }
  return it->second;
}

poker::Action CfrDecider::Decide(const poker::State& state, absl::Span<const poker::Card> hole,
                                 double u, std::string* why) const {
  const BettingTree& tree = blueprint_->tree();
  // The translation's draws depend on (seed, hand) only: every decision of a hand maps the
  // history the same way.
  poker::Rng translation(seed_ * 0x9E3779B97F4A7C15ULL + state.hand_number());
  bool in_tree = false;
  int n = tree.MapHistory(state, &translation, &in_tree);
  const char* where = "";
  if (!in_tree || tree.node(n).player != state.CurrentPlayer() ||
      tree.node(n).round != state.round()) {
    // Off the tree (e.g. a real raise past the abstract cap, translated to all-in, was called
    // and the hand goes on): the strategy of the nearest situation of this round.
    n = tree.NearestNode(state);
    if (n < 0) {
      if (why != nullptr) *why = "off the abstract tree: check/call";
      return poker::Action::Call();
    }
    where = "off the tree, nearest ";
  }
  const Node& node = tree.node(n);
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  const int visible = state.NumBoardCardsVisible();
  for (int i = 0; i < visible; ++i) board[i] = state.board_card(i);
  const int bucket =
      blueprint_->cards().Bucket(state.round(), hole, absl::MakeConstSpan(board.data(), visible));
  const uint8_t* weights = blueprint_->At(node, bucket);
  double x = u * 255;
  int chosen = node.num_actions - 1;
  for (int a = 0; a < node.num_actions; ++a) {
    x -= weights[a];
    if (x < 0) {
      chosen = a;
      break;
    }
  }
  poker::Action action = BettingTree::RealAction(tree.edge(node.first_child + chosen), state);
  if (!state.IsLegal(action)) action = poker::Action::Call();
  if (why != nullptr) {
    *why = absl::StrCat(where, "node ", n, " bucket ", bucket, " action ", chosen, " of ",
                        int{node.num_actions}, " (p ", weights[chosen] / 255.0, ")");
  }
  return action;
}

poker::Action CfrBot::Act(const poker::MatchState& view) {
  const poker::State& state = view.state;
  std::array<poker::Card, poker::kMaxHoleCards> hole{};
  const int h = state.game().num_hole_cards;
  for (int i = 0; i < h; ++i) hole[i] = state.hole_card(view.viewer, i);
  return decider_.Decide(state, absl::MakeConstSpan(hole.data(), h), rng_.Uniform());
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakeCfrBot(const poker::GameDef& game,
                                                          absl::string_view params,
                                                          uint64_t seed_offset) {
  std::string strategy;
  uint64_t seed = 1;
  for (absl::string_view part : absl::StrSplit(params, ',', absl::SkipEmpty())) {
    const std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(part, '=');
    if (kv.first == "strategy") {
      strategy = std::string(kv.second);
    } else if (kv.first == "seed") {
      if (!absl::SimpleAtoi(kv.second, &seed)) {
        return absl::InvalidArgumentError(absl::StrCat("cfr bot: bad seed '", kv.second, "'"));
      }
    } else if (kv.first != "style") {
      return absl::InvalidArgumentError(
          absl::StrCat("cfr bot: unknown key '", kv.first, "' (want strategy=FILE[,seed=S])"));
    }
  }
  if (strategy.empty()) {
    return absl::InvalidArgumentError("cfr bot: strategy=FILE is required");
  }
  absl::StatusOr<std::shared_ptr<const Blueprint>> bp = LoadSharedBlueprint(strategy, &game);
  if (!bp.ok()) return bp.status();
  return std::make_unique<CfrBot>(*std::move(bp), seed + seed_offset * 1000003u);
}

}  // namespace solver
