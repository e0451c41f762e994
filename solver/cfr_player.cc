#include "solver/cfr_player.h"

#include <array>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli/numbers.h"
#include "poker/draws.h"
#include "poker/file_io.h"

namespace solver {

absl::StatusOr<bool> ParsePlayOption(absl::string_view key, absl::string_view value,
                                     PlayOptions* options) {
  if (key == "threshold") {
    absl::StatusOr<double> t = cli::ParseNumber("cfr: threshold", value, cli::Between(0, 1));
    if (!t.ok()) return t.status();
    options->threshold = *t;
    return true;
  }
  if (key == "purify") {
    if (value.empty() || value == "1" || value == "true") {
      options->purify = true;
    } else if (value == "0" || value == "false") {
      options->purify = false;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("cfr: bad purify '", value, "' (want purify, purify=1 or purify=0)"));
    }
    return true;
  }
  return false;
}

absl::StatusOr<PlayOptions> ParsePlaySetting(absl::string_view setting) {
  PlayOptions options;
  if (setting.empty() || setting == "plain") return options;
  const std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(setting, '=');
  absl::StatusOr<bool> known = ParsePlayOption(kv.first, kv.second, &options);
  if (!known.ok()) return known.status();
  if (!*known) {
    return absl::InvalidArgumentError(absl::StrCat("cfr: unknown play setting '", setting,
                                                   "' (want plain, threshold=T or purify)"));
  }
  return options;
}

std::string FormatPlaySetting(const PlayOptions& options) {
  if (options.purify) return "purify";
  if (options.threshold > 0) return absl::StrCat("threshold=", options.threshold);
  return "plain";
}

absl::StatusOr<PlayOptions> DefaultPlayOptions(const Blueprint& blueprint) {
  absl::StatusOr<PlayOptions> options = ParsePlaySetting(blueprint.header().play());
  if (!options.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the strategy's header: ", options.status().message()));
  }
  return options;
}

namespace {

// Our bucket for (round, hole cards, visible board), shared by every player of the process. A
// hold'em flop bucket off the abstraction's tables costs a hand evaluation per roll-out (~3 ms),
// and a hand's later decisions of the street, the other rotations of a duplicate match and the
// other seats playing the same file need the same buckets again.
int SharedBucket(const CardAbstraction& cards, int round, absl::Span<const poker::Card> hole,
                 absl::Span<const poker::Card> board) {
  // 6 bits per card (card + 1; 0: none), at most 3 + 7 cards, then the round.
  uint64_t key = 0;
  for (poker::Card c : hole) key = key << 6 | (c + 1u);
  key <<= 6 * (poker::kMaxHoleCards - hole.size());
  for (poker::Card c : board) key = key << 6 | (c + 1u);
  key <<= 6 * (poker::kMaxBoardCards - board.size());
  key = key << 2 | static_cast<uint64_t>(round & 3);
  static std::mutex mutex;
  // Keyed by the abstraction's id, not its address: a blueprint freed and another loaded at the
  // same address (the Python package loads and frees them) must not see the old one's buckets.
  static auto* cache = new absl::flat_hash_map<std::pair<uint64_t, uint64_t>, int>;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache->find({cards.id(), key});
    if (it != cache->end()) return it->second;
  }
  const int bucket = cards.Bucket(round, hole, board);
  std::lock_guard<std::mutex> lock(mutex);
  if (cache->size() >= (1u << 20)) cache->clear();  // bounded: ~40 MB at most
  cache->emplace(std::make_pair(cards.id(), key), bucket);
  return bucket;
}

// The weights (out of 255) kept under `options`, written to `out`; returns their sum. Plain play
// keeps them all (sum 255), so its draws are exactly those of the unmodified strategy.
double KeptWeights(absl::Span<const uint8_t> weights, const PlayOptions& options,
                   absl::Span<double> out) {
  const int n = static_cast<int>(weights.size());
  int best = 0;
  for (int a = 1; a < n; ++a) {
    if (weights[a] > weights[best]) best = a;
  }
  if (options.purify) {
    for (int a = 0; a < n; ++a) out[a] = a == best ? 1.0 : 0.0;
    return 1.0;
  }
  // Kept: at or above the threshold (in the same units, out of 255), or tied for the most
  // probable.
  const double cut = options.threshold * 255;
  double kept = 0;
  for (int a = 0; a < n; ++a) {
    const bool keep = weights[a] >= cut || weights[a] == weights[best];
    out[a] = keep ? weights[a] : 0.0;
    kept += out[a];
  }
  if (kept <= 0) {  // every weight 0 (no valid file has that): the first action
    for (int a = 0; a < n; ++a) out[a] = a == 0 ? 1.0 : 0.0;
    return 1.0;
  }
  return kept;
}

}  // namespace

void PlayProbabilities(absl::Span<const uint8_t> weights, const PlayOptions& options,
                       absl::Span<double> out) {
  const double kept = KeptWeights(weights, options, out);
  for (double& p : out) p /= kept;
}

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

int CfrDecider::FindNode(const poker::State& state, bool* off_tree) const {
  const BettingTree& tree = blueprint_->tree();
  // The translation's draws depend on (seed, hand) only: every decision of a hand maps the
  // history the same way.
  poker::Rng translation(seed_ * 0x9E3779B97F4A7C15ULL + state.hand_number());
  bool in_tree = false;
  const int n = tree.MapHistory(state, &translation, &in_tree);
  *off_tree = !in_tree || tree.node(n).player != state.CurrentPlayer() ||
              tree.node(n).round != state.round();
  // Off the tree (e.g. a real raise past the abstract cap, translated to all-in, was called
  // and the hand goes on): the strategy of the nearest situation of this round.
  return *off_tree ? tree.NearestNode(state) : n;
}

int CfrDecider::BucketOf(const poker::State& state, absl::Span<const poker::Card> hole) const {
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  const int visible = state.NumBoardCardsVisible();
  for (int i = 0; i < visible; ++i) board[i] = state.board_card(i);
  return SharedBucket(blueprint_->cards(), state.round(), hole,
                      absl::MakeConstSpan(board.data(), visible));
}

poker::Action CfrDecider::Decide(const poker::State& state, absl::Span<const poker::Card> hole,
                                 double u, std::string* why) const {
  const BettingTree& tree = blueprint_->tree();
  bool off_tree = false;
  const int n = FindNode(state, &off_tree);
  if (n < 0) {
    if (why != nullptr) *why = "off the abstract tree: check/call";
    return poker::Action::Call();
  }
  const char* where = off_tree ? "off the tree, nearest " : "";
  const Node& node = tree.node(n);
  const int bucket = BucketOf(state, hole);
  const uint8_t* weights = blueprint_->At(node, bucket);
  std::array<double, kMaxTreeActions> kept{};
  const double total = KeptWeights(absl::MakeConstSpan(weights, node.num_actions), play_,
                                   absl::MakeSpan(kept.data(), node.num_actions));
  // u * total walked through the kept weights; the last kept action takes what rounding leaves.
  int chosen = 0;
  double x = u * total;
  for (int a = 0; a < node.num_actions; ++a) {
    if (kept[a] <= 0) continue;
    chosen = a;
    x -= kept[a];
    if (x < 0) break;
  }
  poker::Action action = BettingTree::RealAction(tree.edge(node.first_child + chosen), state);
  if (!state.IsLegal(action)) action = poker::Action::Call();
  if (why != nullptr) {
    *why = absl::StrCat(where, "node ", n, " bucket ", bucket, " action ", chosen, " of ",
                        int{node.num_actions}, " (p ", weights[chosen] / 255.0,
                        play_.plain() ? "" : absl::StrCat(", played ", kept[chosen] / total), ")");
  }
  return action;
}

StrategyAtState CfrDecider::Strategy(const poker::State& state,
                                     absl::Span<const poker::Card> hole) const {
  const BettingTree& tree = blueprint_->tree();
  StrategyAtState out;
  out.node = FindNode(state, &out.off_tree);
  if (out.node < 0) return out;
  const Node& node = tree.node(out.node);
  out.bucket = BucketOf(state, hole);
  const uint8_t* weights = blueprint_->At(node, out.bucket);
  out.played.resize(node.num_actions);
  PlayProbabilities(absl::MakeConstSpan(weights, node.num_actions), play_,
                    absl::MakeSpan(out.played));
  for (int a = 0; a < node.num_actions; ++a) {
    poker::Action action = BettingTree::RealAction(tree.edge(node.first_child + a), state);
    if (!state.IsLegal(action)) action = poker::Action::Call();
    out.actions.push_back(action);
    out.stored.push_back(weights[a] / 255.0);
  }
  return out;
}

void CfrDecider::Report(const poker::State& state, poker::StrategyReport* report) const {
  const int num_sets = hole_sets_.size();
  bool off_tree = false;
  const int n = FindNode(state, &off_tree);
  if (n < 0) {  // Decide's check/call
    const poker::Action call = poker::Action::Call();
    report->Reset(absl::MakeConstSpan(&call, 1), num_sets);
    for (int s = 0; s < num_sets; ++s) report->at(s, 0) = 1;
    return;
  }
  const BettingTree& tree = blueprint_->tree();
  const Node& node = tree.node(n);
  // Each edge's real action as Decide plays it; edges that coincide in the real state merge.
  std::array<int, kMaxTreeActions> column{};
  report->actions.clear();
  for (int a = 0; a < node.num_actions; ++a) {
    poker::Action action = BettingTree::RealAction(tree.edge(node.first_child + a), state);
    if (!state.IsLegal(action)) action = poker::Action::Call();
    column[a] = report->AddAction(poker::RecordedAction(state, action));
  }
  report->ZeroRows(num_sets);
  // Every set's bucket: all pairs at once in two-card games (the abstraction's per-board tables),
  // one by one in the small games.
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  const int visible = state.NumBoardCardsVisible();
  poker::CardSet board_cards;
  for (int i = 0; i < visible; ++i) {
    board[i] = state.board_card(i);
    board_cards.Add(board[i]);
  }
  const absl::Span<const poker::Card> board_span = absl::MakeConstSpan(board.data(), visible);
  const CardAbstraction& cards = blueprint_->cards();
  buckets_.resize(num_sets);
  if (blueprint_->game().IsHoldemCards()) {
    cards.AllPairsBuckets(state.round(), board_span, absl::MakeSpan(buckets_));
  } else {
    for (int s = 0; s < num_sets; ++s) {
      buckets_[s] = hole_sets_.mask(s).Intersects(board_cards)
                        ? -1
                        : cards.Bucket(state.round(), hole_sets_.cards(s), board_span);
    }
  }
  std::array<double, kMaxTreeActions> probs{};
  for (int s = 0; s < num_sets; ++s) {
    if (buckets_[s] < 0) continue;
    PlayProbabilities(absl::MakeConstSpan(blueprint_->At(node, buckets_[s]), node.num_actions),
                      play_, absl::MakeSpan(probs.data(), node.num_actions));
    for (int a = 0; a < node.num_actions; ++a) report->at(s, column[a]) += probs[a];
  }
}

bool CfrBot::ReportStrategy(const poker::MatchState& view, poker::StrategyReport* report) const {
  if (view.state.finished() || view.state.CurrentPlayer() != view.viewer) return false;
  decider_.Report(view.state, report);
  return true;
}

poker::Action CfrBot::Act(const poker::MatchState& view) {
  const poker::State& state = view.state;
  std::array<poker::Card, poker::kMaxHoleCards> hole{};
  const int h = state.game().num_hole_cards;
  for (int i = 0; i < h; ++i) hole[i] = state.hole_card(view.viewer, i);
  if (hand_draws_) {
    poker::Rng draw(poker::DrawSeed(seed_, state.hand_number(), state.ActionsSoFar()));
    return decider_.Decide(state, absl::MakeConstSpan(hole.data(), h), draw.Uniform());
  }
  return decider_.Decide(state, absl::MakeConstSpan(hole.data(), h), rng_.Uniform());
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakeCfrBot(const poker::GameDef& game,
                                                          absl::string_view params,
                                                          uint64_t seed_offset) {
  std::string strategy;
  uint64_t seed = 1;
  PlayOptions play;
  bool play_given = false;
  bool hand_draws = false;
  for (absl::string_view part : absl::StrSplit(params, ',', absl::SkipEmpty())) {
    const std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(part, '=');
    absl::StatusOr<bool> is_play = ParsePlayOption(kv.first, kv.second, &play);
    if (!is_play.ok()) return is_play.status();
    if (*is_play) {
      play_given = true;
      continue;
    }
    if (kv.first == "strategy") {
      strategy = std::string(kv.second);
    } else if (kv.first == "seed") {
      absl::StatusOr<decltype(seed)> parsed =
          cli::ParseWhole<decltype(seed)>("cfr bot: seed", kv.second, cli::AtLeast(0));
      if (!parsed.ok()) return parsed.status();
      seed = *parsed;
    } else if (kv.first == "draws") {
      const std::optional<bool> by_hand = poker::ParseHandDraws(kv.second);
      if (!by_hand.has_value()) {
        return absl::InvalidArgumentError(absl::StrCat("cfr bot: draws '", kv.second,
                                                       "' is not hand or match"));
      }
      hand_draws = *by_hand;
    } else if (kv.first != "style") {
      return absl::InvalidArgumentError(
          absl::StrCat("cfr bot: unknown key '", kv.first,
                       "' (want strategy=FILE[,seed=S][,threshold=T][,purify][,draws=hand|match])"));
    }
  }
  if (strategy.empty()) {
    return absl::InvalidArgumentError("cfr bot: strategy=FILE is required");
  }
  absl::StatusOr<std::shared_ptr<const Blueprint>> bp = LoadSharedBlueprint(strategy, &game);
  if (!bp.ok()) return poker::FileDataFailure(bp.status());
  if (!play_given) {
    absl::StatusOr<PlayOptions> file_play = DefaultPlayOptions(**bp);
    if (!file_play.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(strategy, ": ", file_play.status().message()));
    }
    play = *file_play;
  }
  return std::make_unique<CfrBot>(*std::move(bp), seed + seed_offset * 1000003u, play,
                                  hand_draws);
}

}  // namespace solver
