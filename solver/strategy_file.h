// Strategy and checkpoint files (docs/solver.md): the magic "PKSOLVR1", a little-endian uint32
// header length, the protobuf StrategyHeader (proto/solver_strategy.proto; with the card
// abstraction's tables, e.g. the hold'em bucket edges, so loading samples nothing) ending with its
// own checksum (format 4), then the payload: for a strategy one uint8 per (node, bucket, action)
// with every infoset summing to 255, packed and deflated (formats 3 and 4; raw in format 2); for a
// checkpoint the regrets and average sums as float64. Written atomically
// (poker::WriteFileAtomically: a temporary file, fsynced, then renamed). A file is refused with a
// reason naming it when truncated, when its header or payload does not match its checksum, or
// when its game or abstractions differ from what the caller plays.
#ifndef SOLVER_STRATEGY_FILE_H_
#define SOLVER_STRATEGY_FILE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "poker/game_def.h"
#include "proto/solver_strategy.pb.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/mccfr.h"
#include "solver/profile.h"

namespace solver {

// 2: the header keeps the card abstraction's tables (card_tables); format 1 files are refused
// with a pointer to ConvertStrategyFile (`solver convert`).
// 3: a strategy's payload is packed (payload_encoding ENCODING_DEFLATE_PACKED: the implied last
// action left out, action-major, deflated; about 46% of format 2's size); format 2 files (raw
// payload) still load and `solver convert` rewrites them.
// 4: the header carries its own checksum (header_checksum, over every byte before it), so a
// flipped bit anywhere in the file is refused (format 3 checked the payload only: a flipped raise
// size or bucket edge loaded silently). Formats 2 and 3 still load; `solver convert` rewrites
// them, a format-3 file with its payload byte for byte.
inline constexpr uint32_t kStrategyFormatVersion = 4;

// FNV-1a 64 of a payload as stored (the header's payload_checksum).
uint64_t PayloadChecksum(const char* data, size_t size);

// What the header records beyond the tree and abstraction.
struct TrainingInfo {
  std::string card_spec;
  int64_t iterations = 0;
  uint64_t seed = 0;
  std::string weighting;
  double seconds = 0;
  int threads = 1;
};

// The profile quantised: per infoset the probabilities * 255, rounded so that they sum to 255.
std::vector<uint8_t> QuantiseProfile(const BettingTree& tree, const CardAbstraction& cards,
                                     const Profile& profile);

absl::Status WriteStrategyFile(const std::string& path, const BettingTree& tree,
                               const CardAbstraction& cards, const Profile& profile,
                               const TrainingInfo& info);

absl::Status WriteCheckpoint(const std::string& path, const BettingTree& tree,
                             const CardAbstraction& cards, const Mccfr& solver,
                             const TrainingInfo& info);

// Reads a checkpoint into `solver` after checking it belongs to the same game, abstractions and
// seed. Returns the header (for the iterations and time already spent).
absl::StatusOr<solver_proto::StrategyHeader> ReadCheckpoint(const std::string& path,
                                                            const BettingTree& tree,
                                                            const CardAbstraction& cards,
                                                            Mccfr* solver);

// Rewrites a strategy file of format 1, 2 or 3 as the current format at `out`: the same strategy.
// Format 3 keeps its payload byte for byte (the header gains its checksum); formats 1 and 2 are
// packed. Format 1 gets the tables of the abstraction this program builds from the file's spec
// (refused when the file's abstraction name differs from that one's). A file already of the
// current format is refused (FailedPrecondition: nothing to do).
absl::Status ConvertStrategyFile(const std::string& in, const std::string& out);

// Copies the strategy file `in` to `out` with the header's default play setting (field `play`)
// set to `play` (checked by the caller); the payload is unchanged.
absl::Status SetStrategyPlay(const std::string& in, const std::string& out,
                             const std::string& play);

// A strategy ready to play or inspect: the game, the abstractions rebuilt from the header, the
// quantised probabilities.
class Blueprint {
 public:
  // Loads `path`; when `expected_game` is given, refuses a file of another game.
  static absl::StatusOr<std::unique_ptr<Blueprint>> Load(
      const std::string& path, const poker::GameDef* expected_game = nullptr);
  // The same from a file's bytes; `path` names it in errors.
  static absl::StatusOr<std::unique_ptr<Blueprint>> FromBytes(
      const std::string& bytes, const std::string& path,
      const poker::GameDef* expected_game = nullptr);

  const solver_proto::StrategyHeader& header() const { return header_; }
  const poker::GameDef& game() const { return game_; }
  const CardAbstraction& cards() const { return *cards_; }
  const BettingTree& tree() const { return *tree_; }
  // The node's action weights (sum 255) for `bucket`.
  const uint8_t* At(const Node& node, int bucket) const {
    return probs_.data() + node.offset + int64_t{bucket} * node.num_actions;
  }
  // As a profile (floats) for best response and inspection.
  Profile ToProfile() const;

 private:
  solver_proto::StrategyHeader header_;
  poker::GameDef game_;
  std::unique_ptr<CardAbstraction> cards_;
  std::unique_ptr<BettingTree> tree_;
  std::vector<uint8_t> probs_;
};

}  // namespace solver

#endif  // SOLVER_STRATEGY_FILE_H_
