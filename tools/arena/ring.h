// In-process matches without sockets: the dealer's deal and seat rotation, players called
// directly, per-hand results kept for confidence intervals, optional duplicate rotations, and a
// log in the dealer's format.
#ifndef TOOLS_ARENA_RING_H_
#define TOOLS_ARENA_RING_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"
#include "tools/arena/stats.h"

namespace arena {

// A seat: its name and the spec its player is built from (see player_registry.h).
struct PlayerSpec {
  std::string name;
  std::string spec;
};

// What position `viewer` may see of `state`, as the dealer's MATCHSTATE shows it: its own hole
// cards, the board of the rounds reached, and at the end of a showdown the cards of every player
// who did not fold. Hidden cards are kNoCard.
poker::MatchState ViewFor(const poker::State& state, int viewer);

// Plays `state` (dealt, not finished) to the end: before every action every position observes its
// view, then the one to act is asked and its action normalized as the dealer would; at the end
// every position observes the final view. by_position[p] plays position p.
absl::Status PlayHand(poker::State* state, absl::Span<poker::Player* const> by_position);

struct RingOptions {
  uint32_t hands = 1000;  // deals
  uint32_t seed = 0;      // the deal's seed, as the dealer's rngSeed
  // The first deal played: deals first_hand .. first_hand + hands - 1 of the seed's sequence (the
  // earlier ones are dealt and skipped), each with the seats of that hand number, so shards of
  // deal ranges play the same hands as one long run. Players get seed_offset = first_hand: a
  // shard's random players do not repeat another shard's draws (at 0, the plain match).
  uint32_t first_hand = 0;
  bool duplicate = false;            // play every deal once per rotation of the seats (N rotations)
  bool fixed_seats = false;          // as the dealer's -f
  std::string match_name = "arena";  // for the log header
  std::string game_file;             // for the log header, as given
  // Log of rotation 0 (the plain match): the dealer's format. Rotation r > 0 goes to the same
  // path with `.rot<r>` inserted before the extension. Empty: no log.
  std::string log_path;
  // Called about every 1000 hands with (hands played, hands to play).
  std::function<void(int64_t, int64_t)> progress;
  // Called after every hand; an error ends the match with that error (a caller that stops a
  // match early: the Python package's players when Python code raised, or on Ctrl-C).
  std::function<absl::Status()> after_hand;
};

// Per seat, over every hand played.
struct SeatResult {
  std::string name;
  double chips = 0;          // total chips won
  double mbb_per_hand = 0;   // 1000 * chips / (big blind * hands played)
  double ci95 = 0;           // half-width of the 95% interval of mbb_per_hand (paired by deal
                             // in duplicate mode)
  double ci95_unpaired = 0;  // the same treating every hand as independent
  // The sufficient statistics the figures above come from, in chips: per hand, and per deal the
  // sum over its rotations (the paired sample; equal to hand_sums without --duplicate).
  MomentSums hand_sums;
  MomentSums deal_sums;
};

// Fills mbb_per_hand, ci95 and ci95_unpaired of `seat` from its sums.
void SetSeatFigures(double big_blind, int rotations, SeatResult* seat);

struct RingResult {
  uint32_t first_hand = 0;
  int64_t deals = 0;
  int64_t hands = 0;  // deals * rotations
  int rotations = 1;
  double seconds = 0;
  std::vector<SeatResult> players;
  // Chips won per hand: values[(rotation * deals + deal) * num_seats + seat].
  std::vector<double> values;
};

// Plays a ring match: stacks reset every hand (the game's stacks). In rotation r (0 without
// --duplicate), deal h is played with position p taken by seat (p + h + r) mod N (with fixed
// seats: (p + r) mod N), so over the N rotations every seat holds every position's cards. Each
// rotation builds fresh players from the specs, so no player remembers a deal it played before.
absl::StatusOr<RingResult> RunRing(const poker::GameDef& game, absl::Span<const PlayerSpec> players,
                                   const RingOptions& options);

// The log path of rotation r: `out.log` -> `out.rot1.log` (r > 0).
std::string RotationLogPath(const std::string& path, int rotation);

}  // namespace arena

#endif  // TOOLS_ARENA_RING_H_
