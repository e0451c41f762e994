// The opponent model: per-street pattern trees for every named player and for the population,
// entry rates by position class, the abstraction they were counted in, and where the counts came
// from; loaded from and saved to the Protocol Buffers model file (proto/opponent_model.proto).
//
// How the hand reader uses it:
//   absl::StatusOr<OpponentModel> model = OpponentModel::Load("model.pb", &game);
//   const PlayerModel* player = model->FindPlayer("laak.phil");   // null: unknown player
//   const PlayerModel& population = model->population();
//   // During a hand, per opponent: the street's path so far, from that opponent's point of view
//   PathKey path = StreetPath(state, model->abstraction(), opponent_position);
//   NodeView node = player->street(state.round()).Lookup(path);
//   node.bucket_action_count(bucket, action) / node.bucket_decisions(bucket) ...
//   // Buckets of all 1326 pairs on the current board (the same function as training):
//   model->buckets().AllPairs(round, board, &pair_buckets);
//   // Online learning: after a hand, count it for the players seen
//   ObserveState(final_state, model->abstraction(), model->position_classes(), &observation);
//   HandBucketer(model->buckets())
//       .SetBuckets(model->game(), HandCards::FromState(final_state), &observation);
//   model->MutablePlayer("laak.phil").AddHand(observation, position);
#ifndef TRAINER_OPPONENT_MODEL_H_
#define TRAINER_OPPONENT_MODEL_H_

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "proto/opponent_model.pb.h"
#include "trainer/action_abstraction.h"
#include "trainer/hand_observation.h"
#include "trainer/pattern_tree.h"
#include "trainer/position.h"
#include "trainer/strength_buckets.h"

namespace trainer {

// The model file format this code writes (Model.format_version): 1, or 2 for a model with
// street context version 2 (which programs reading only format 1 must refuse). It reads both.
inline constexpr uint32_t kModelFormatVersion = 1;
inline constexpr uint32_t kModelFormatVersionContext2 = 2;
// Model.end_marker: "MODL"; its absence means a truncated file.
inline constexpr uint32_t kModelEndMarker = 0x4D4F444C;
// Recorded in the provenance of models this code trains.
inline constexpr const char* kTrainerVersion = "trainer 1.0";

// Hands dealt in a position class and hands played voluntarily to the flop.
struct EntryCounts {
  uint64_t dealt = 0;
  uint64_t entered = 0;
  // entered / dealt (0 when nothing was dealt).
  double rate() const { return dealt == 0 ? 0.0 : static_cast<double>(entered) / dealt; }
};

// The abstraction a model's counts are in (all of it is stored in the model file).
struct ModelOptions {
  int num_buckets = 8;                           // K; 0 = no strength buckets
  int max_depth = 6;                             // node depth cap per street (1..12)
  std::vector<double> raise_edges = {0.6, 1.0};  // pot fractions (no-limit only)
  double draw_max_hs = StrengthBuckets::kDefaultDrawMaxHs;
  // Street context (pattern_tree.h StreetContext), of this version (version 1 files load and
  // read as before; version 2 models are written as model format 2). Off here, so the agent's
  // models learned from nothing are as before (not measured in the arena with it); `trainer
  // train` and `eval_prediction` turn it on by default (it read the validation parts better,
  // docs/hand_reading.md).
  bool street_context = false;
  int street_context_version = kStreetContextVersion;
  // Range-relative buckets after the flop ("hs_draw_range", strength_buckets.h): off by
  // default. Counting such a model needs each player's range (agent::HandReader::RangeBuckets).
  bool range_buckets = false;
  // The small pocket pairs in a bucket of their own preflop (strength_buckets.h version 2): on
  // (it read better on three of four validation runs, docs/hand_reading.md).
  bool preflop_small_pairs = true;
};

// One player's (or the population's) trees and entry counts. Not thread-safe for concurrent
// modification.
class PlayerModel {
 public:
  // `street_context`: the street-context version (0: none).
  PlayerModel(std::string name, int num_rounds, int num_actions, int num_buckets, int max_depth,
              int street_context = 0);

  const std::string& name() const { return name_; }
  // Hands the player was dealt into (population: summed over players).
  uint64_t hands() const { return hands_; }
  int num_rounds() const { return static_cast<int>(streets_.size()); }
  // The pattern tree of a round (0 = preflop).
  const PatternTree& street(int round) const { return streets_[round]; }
  PatternTree& mutable_street(int round) { return streets_[round]; }
  const EntryCounts& entry(PositionClass position_class) const {
    return entry_[static_cast<int>(position_class)];
  }

  // Counts one hand as seen by `position`: hands, its position class's entry counts, and every
  // street it could act in (PatternTree::AddStreet with its bucket of that street).
  void AddHand(const HandObservation& hand, int position);

  // Raw additions for loading.
  void AddHands(uint64_t hands) { hands_ += hands; }
  void AddEntry(PositionClass position_class, const EntryCounts& entry);

  // Adds every count of `other` (same shape required; names are not compared).
  absl::Status Merge(const PlayerModel& other);

 private:
  std::string name_;
  uint64_t hands_ = 0;
  std::vector<PatternTree> streets_;
  std::array<EntryCounts, kNumPositionClasses> entry_{};
  int street_context_ = 0;
};

// Where a model's counts came from (mirrors opponent_model.Provenance; sorted containers keep
// the serialisation canonical).
struct Provenance {
  std::set<std::string> files;
  uint64_t hands_read = 0;
  uint64_t hands_used = 0;
  uint64_t lines = 0;
  uint64_t lines_rejected = 0;
  std::map<std::string, uint64_t> rejected_by_reason;
  uint64_t files_failed = 0;
  std::set<std::string> trainer_versions;
  bool strip_name_suffix = false;
  std::set<std::string> player_filter;
  uint64_t online_hands = 0;
};

// The whole model. Value type (movable, not copyable). Const methods are thread-safe; mutation
// is not.
class OpponentModel {
 public:
  // An empty model for a game. Fails for invalid options (e.g. buckets for a non-hold'em game).
  static absl::StatusOr<OpponentModel> Create(const poker::GameDef& game,
                                              const ModelOptions& options);
  // A model from its file message. Everything is validated first: on error nothing is built.
  // With `expected_game`, a model of another game is refused.
  static absl::StatusOr<OpponentModel> FromProto(const opponent_model::Model& proto,
                                                 const poker::GameDef* expected_game = nullptr);
  // Reads a model file. Unreadable, unparsable, truncated, wrong-version, inconsistent or (with
  // `expected_game`) foreign-game files are refused with a reason naming the file.
  static absl::StatusOr<OpponentModel> Load(const std::string& path,
                                            const poker::GameDef* expected_game = nullptr);
  // The same from a file's bytes; `path` names it in errors. Checked whole: the CRC-32 trailer
  // when the file has one; a file without it (written before it) may hold no field this program
  // does not know (a damaged trailer leaves one behind).
  static absl::StatusOr<OpponentModel> FromBytes(const std::string& bytes, const std::string& path,
                                                 const poker::GameDef* expected_game = nullptr);

  OpponentModel(OpponentModel&&) = default;
  OpponentModel& operator=(OpponentModel&&) = default;

  // The file message: players sorted by name, nodes by path, zero rows omitted.
  opponent_model::Model ToProto() const;
  // ToProto serialised deterministically, followed by the file's CRC-32 trailer (see
  // opponent_model.cc): equal models give equal bytes.
  std::string SerializeCanonical() const;
  // Writes the canonical serialisation atomically (poker::WriteFileAtomically: a temporary file
  // in the same folder, fsynced, then renamed over `path`).
  absl::Status Save(const std::string& path) const;

  const poker::GameDef& game() const { return game_; }
  const ActionAbstraction& abstraction() const { return abstraction_; }
  const StrengthBuckets& buckets() const { return buckets_; }
  int max_depth() const { return max_depth_; }
  // The trees of the later streets start with the street-context step (pattern_tree.h).
  bool street_context() const { return street_context_ > 0; }
  // Its version (0: no street context).
  int street_context_version() const { return street_context_; }
  // The file format the model is written in (kModelFormatVersion, or kModelFormatVersionContext2
  // with street context version 2).
  uint32_t format_version() const {
    return street_context_ >= 2 ? kModelFormatVersionContext2 : kModelFormatVersion;
  }
  // Position class of every position of the game (position.h).
  const std::array<PositionClass, poker::kMaxPlayers>& position_classes() const {
    return position_classes_;
  }

  // The model of a named player, or null if the model has none.
  const PlayerModel* FindPlayer(absl::string_view name) const;
  // The model of a named player, created empty if absent.
  PlayerModel& MutablePlayer(absl::string_view name);
  // All players, sorted by name.
  std::vector<const PlayerModel*> players() const;
  int num_players() const { return static_cast<int>(players_.size()); }
  const PlayerModel& population() const { return *population_; }
  PlayerModel& mutable_population() { return *population_; }

  // Counts one hand for the players at every position (by name, created if absent) and for the
  // population.
  void AddHand(const HandObservation& hand, const std::vector<std::string>& names);

  const Provenance& provenance() const { return provenance_; }
  Provenance& mutable_provenance() { return provenance_; }

  // Players with fewer hands are removed by Prune (they remain in the population).
  uint64_t min_hands() const { return min_hands_; }
  bool pruned() const { return pruned_; }
  void set_min_hands(uint64_t min_hands) { min_hands_ = min_hands; }
  // Removes players with fewer than min_hands() hands (counting their dropped hands, see
  // pruned_players) and marks the model pruned; the removed players' hands go to
  // pruned_players().
  void Prune();
  // The hands whose per-player counts were dropped, by name (Model.pruned_players). A name that
  // also has a player model is partial: its model lacks these hands.
  const std::map<std::string, uint64_t, std::less<>>& pruned_players() const {
    return pruned_players_;
  }
  // The partial players: name -> hands dropped, for the names with a player model too.
  std::map<std::string, uint64_t> PartialPlayers() const;
  // Removes the partial players' models, adding their hands to pruned_players().
  void DropPartialPlayers();

  // OK when `other` has the same game and abstraction (and name mapping), so that counts can be
  // added; otherwise the first difference.
  absl::Status CheckCompatible(const OpponentModel& other) const;
  // Adds `other`'s counts and provenance. Refuses incompatible models and models trained on a
  // common log file (its hands would count twice). min_hands becomes the larger of the two;
  // the result is pruned if either was (call Prune to apply the threshold). pruned_players add
  // up by name, so a player one model dropped and the other has becomes partial.
  absl::Status Merge(const OpponentModel& other);

 private:
  OpponentModel(const poker::GameDef& game, ActionAbstraction abstraction, StrengthBuckets buckets,
                int max_depth, int street_context = 0);
  std::unique_ptr<PlayerModel> NewPlayerModel(std::string name) const;

  poker::GameDef game_;
  ActionAbstraction abstraction_;
  StrengthBuckets buckets_;
  int max_depth_;
  int street_context_ = 0;  // version; 0: none
  std::array<PositionClass, poker::kMaxPlayers> position_classes_;
  std::map<std::string, std::unique_ptr<PlayerModel>, std::less<>> players_;
  std::unique_ptr<PlayerModel> population_;
  Provenance provenance_;
  uint64_t min_hands_ = 0;
  bool pruned_ = false;
  std::map<std::string, uint64_t, std::less<>> pruned_players_;
};

// The path of the current street so far in `state` as seen by the modelled `position` (its own
// actions marked own), for Lookup in that player's tree of state.round().
// With `street_context` (a version; 0: none), the path starts with the street-context step
// (pattern_tree.h).
PathKey StreetPath(const poker::State& state, const ActionAbstraction& abstraction, int position,
                   int street_context = 0);

// OK if two games are the same in every rule; otherwise names the first differing field.
absl::Status CompareGames(const poker::GameDef& model_game, const poker::GameDef& expected);

}  // namespace trainer

#endif  // TRAINER_OPPONENT_MODEL_H_
