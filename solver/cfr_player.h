// Playing a solver strategy (SPEC 13): the decision of a blueprint at a real state, shared by the
// agent's `cfr` policy, `bot --style cfr` and the arena's `bot:style=cfr,strategy=FILE`. The real
// betting is mapped onto the abstract tree (off-tree opponent raises by the pseudo-harmonic
// mapping), our cards onto the abstraction's bucket, an action drawn from the strategy, and our own
// raise sized by the abstraction (a pot fraction, all-in) in the real state and made legal. Where
// the real hand has left the tree (e.g. a raise past the abstract cap, translated to all-in,
// called), the decision comes from the nearest node of the round (BettingTree::NearestNode).
// The node's probabilities can be played plainly (the mixed strategy), thresholded or purified
// (PlayOptions; Ganzfried, Sandholm and Waugh 2012).
#ifndef SOLVER_CFR_PLAYER_H_
#define SOLVER_CFR_PLAYER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "poker/player.h"
#include "poker/rng.h"
#include "poker/state.h"
#include "poker/strategy_report.h"
#include "solver/strategy_file.h"

namespace solver {

// How a strategy's probabilities are played at a decision. Ganzfried, Sandholm and Waugh (2012,
// "Strategy purification and thresholding") found that in abstractions of limit hold'em dropping
// the rarely played actions, or playing only the most probable one, often beats the mixed
// strategy: small probabilities are mostly noise of the abstraction and of sampling.
struct PlayOptions {
  // Actions whose probability is below this are dropped and the rest renormalised; every action
  // tied for the most probable is always kept. 0: the plain mixed strategy.
  double threshold = 0;
  // Play the most probable action; ties go to the first in the node's order (fold, call, raises
  // by increasing size), i.e. the most passive. Overrides `threshold`.
  bool purify = false;

  bool plain() const { return !purify && threshold <= 0; }
};

// Parses `threshold=T` (0 <= T <= 1) or `purify` / `purify=1|0` into `options`; false when `key`
// is neither, an error when the value is bad.
absl::StatusOr<bool> ParsePlayOption(absl::string_view key, absl::string_view value,
                                     PlayOptions* options);
// A whole setting: "plain" (or ""), "threshold=T" or "purify", as FormatPlaySetting writes it
// and a strategy file's header keeps it (field `play`).
absl::StatusOr<PlayOptions> ParsePlaySetting(absl::string_view setting);
std::string FormatPlaySetting(const PlayOptions& options);
// The setting a strategy file asks to be played with by default (its header's `play`; plain when
// it has none).
absl::StatusOr<PlayOptions> DefaultPlayOptions(const Blueprint& blueprint);

// The probabilities with which a node's `weights` (one per action, summing to 255, as stored in
// a strategy file) are played under `options`: written to `out` (same size; sums to 1).
void PlayProbabilities(absl::Span<const uint8_t> weights, const PlayOptions& options,
                       absl::Span<double> out);

// Loads a strategy file once per process and path (later calls share it; thread-safe). With
// `game`, refuses a strategy of another game.
absl::StatusOr<std::shared_ptr<const Blueprint>> LoadSharedBlueprint(const std::string& path,
                                                                     const poker::GameDef* game);

// A strategy's play at one decision (CfrDecider::Strategy).
struct StrategyAtState {
  int node = -1;          // the abstract decision node; -1 when off the tree with none near
  int bucket = -1;        // our cards' bucket in the node's round
  bool off_tree = false;  // the real betting left the tree: the round's nearest node stood in
  // Per action of the node, in its order (fold, call, raises by increasing size): the action it
  // is in the real state (made legal; two edges may give the same action), its probability as
  // stored (weight / 255) and as played under the PlayOptions (sums to 1).
  std::vector<poker::Action> actions;
  std::vector<double> stored;
  std::vector<double> played;
};

// Decides for one seat. Not thread-safe (one per player).
class CfrDecider {
 public:
  // `seed` fixes how off-tree raises are translated (per hand, so that a hand's history maps the
  // same way at each of our decisions).
  CfrDecider(std::shared_ptr<const Blueprint> blueprint, uint64_t seed, PlayOptions play = {})
      : blueprint_(std::move(blueprint)),
        seed_(seed),
        play_(play),
        hole_sets_(blueprint_->game()) {}

  // The action for the player to act in `state` (`me`), holding `hole`; `u` uniform in [0, 1)
  // draws the action from the strategy (as PlayOptions says). Always legal in `state`. `why` (may
  // be null) gets a few words on how it was chosen.
  poker::Action Decide(const poker::State& state, absl::Span<const poker::Card> hole, double u,
                       std::string* why = nullptr) const;

  // What Decide draws from at `state` for `hole`: the node and bucket it finds and the
  // probabilities of every action there.
  StrategyAtState Strategy(const poker::State& state, absl::Span<const poker::Card> hole) const;

  // What Decide does in `state` with every hole-card set (poker::HoleSets of the blueprint's game),
  // over the uniform draw u: the same node and translation, each edge's real action (a raise
  // sized in `state`, made legal; two edges that become the same real action are one action),
  // the node's probabilities of each set's bucket as `play` keeps them. Changes nothing Decide
  // uses (scratch memory only).
  void Report(const poker::State& state, poker::StrategyReport* report) const;

  const Blueprint& blueprint() const { return *blueprint_; }
  const PlayOptions& play() const { return play_; }
  const poker::HoleSets& hole_sets() const { return hole_sets_; }

 private:
  // The node Decide plays at `state` (MapHistory, else the round's nearest node: `*off_tree`
  // true); -1 when there is none.
  int FindNode(const poker::State& state, bool* off_tree) const;
  int BucketOf(const poker::State& state, absl::Span<const poker::Card> hole) const;

  std::shared_ptr<const Blueprint> blueprint_;
  uint64_t seed_;
  PlayOptions play_;
  poker::HoleSets hole_sets_;
  mutable std::vector<int> buckets_;  // Report's scratch: a bucket per hole-card set
};

// A poker::Player that plays a strategy, drawing actions from its own seeded generator: one
// stream for the match, or with `hand_draws` a draw of its own per decision, a function of the
// seed, the hand and the actions so far (poker::DrawSeed).
class CfrBot : public poker::Player {
 public:
  CfrBot(std::shared_ptr<const Blueprint> blueprint, uint64_t seed, PlayOptions play = {},
         bool hand_draws = false)
      : decider_(std::move(blueprint), seed, play), rng_(seed), seed_(seed),
        hand_draws_(hand_draws) {}
  poker::Action Act(const poker::MatchState& view) override;
  // CfrDecider::Report: exact, as the strategy is a table (about 0.1 ms for 1326 pairs).
  bool ReportStrategy(const poker::MatchState& view, poker::StrategyReport* report) const override;

 private:
  CfrDecider decider_;
  poker::Rng rng_;
  uint64_t seed_;
  bool hand_draws_;
};

// Builds a CfrBot for `game` from `strategy=FILE[,seed=S][,threshold=T][,purify][,draws=D]` (keys
// in any order; the style=cfr key is accepted and ignored; D `match`, the default, or `hand`: a
// draw per decision from the seed, the hand and the actions so far). Without threshold or purify it plays as the
// file's header asks (DefaultPlayOptions); with either, exactly as given (`threshold=0`: plain).
// Errors name the key or the file. Only a spec that does not parse (an unknown key, a bad value,
// no strategy) is InvalidArgument, which the programs take for a bad command line (exit 2); a
// strategy file that cannot be read or holds bad data is another code (exit 1), see
// poker::FileDataFailure.
absl::StatusOr<std::unique_ptr<poker::Player>> MakeCfrBot(const poker::GameDef& game,
                                                          absl::string_view params,
                                                          uint64_t seed_offset = 0);

}  // namespace solver

#endif  // SOLVER_CFR_PLAYER_H_
