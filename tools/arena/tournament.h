// Tournaments as in 000's experiment (SPEC section 12): stacks carry over between hands, one
// re-buy, fixed blinds, ranking by hands survived then chips, repeated for standard errors.
#ifndef TOOLS_ARENA_TOURNAMENT_H_
#define TOOLS_ARENA_TOURNAMENT_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "tools/arena/ring.h"

namespace arena {

struct TournamentOptions {
  int hands = 600;           // most hands per tournament
  int32_t stack = 2000;      // starting chips, and the size of a re-buy
  int rebuys = 1;            // re-buys allowed per player
  int32_t small_blind = 20;  // chips
  int32_t big_blind = 40;    // chips
  int repetitions = 100;
  uint32_t seed = 0;  // repetition r deals from seed + r
  // Called after each tournament with (tournaments played, tournaments to play).
  std::function<void(int, int)> progress;
};

// The game of one tournament hand: `base` (no-limit; rounds, deck, later-round first players)
// with one position per player still in, each position's stack its current chips, blinds capped
// by the stack. Three or more players: position 0 posts the small blind, 1 the big blind, 2 acts
// first preflop. Heads-up: reverse blinds (position 0 big blind, position 1 small blind and first
// to act preflop), as in the ACPC 2-player games.
poker::GameDef TournamentHandGame(const poker::GameDef& base, absl::Span<const int32_t> stacks,
                                  int32_t small_blind, int32_t big_blind);

// One tournament's result per seat.
struct TournamentOutcome {
  int hands_played = 0;
  std::vector<double> chips;        // at the end (0 when eliminated)
  std::vector<int> hands_survived;  // hands completed before elimination (all if never)
  std::vector<double> rank;         // 1 = best; tied players share the mean of their ranks
  std::vector<double> fluctuation;  // F = sum over the player's hands k >= 2 of (result_k)^2
  std::vector<int> rebuys_used;
};

// Plays one tournament between seats[0..N) (N = base.num_players). Each hand's chip result is
// kept exactly (split pots can leave fractions); a hand's stack is the whole chips a player has.
// A player left with less than one chip re-buys `stack` while re-buys remain, else is out. The
// button moves one place among the players still in every hand; seat_offset rotates who starts
// on the button. Ends after options.hands hands or when one player is left.
absl::StatusOr<TournamentOutcome> PlayTournament(const poker::GameDef& base,
                                                 absl::Span<poker::Player* const> seats,
                                                 const TournamentOptions& options,
                                                 uint32_t deal_seed, int seat_offset);

// Mean and standard error over repetitions.
struct MeanSe {
  double mean = 0;
  double se = 0;
};

struct TournamentPlayerStats {
  std::string name;
  MeanSe win_rate;  // share of tournaments ranked first (heads-up: the win rate)
  MeanSe rank;
  MeanSe hands_survived;
  MeanSe chips;        // chips left at the end
  MeanSe fluctuation;  // F of 000 eq. 28
  MeanSe rebuys_used;
};

struct TournamentResult {
  int repetitions = 0;
  int64_t hands = 0;  // hands played over all repetitions
  double seconds = 0;
  std::vector<TournamentPlayerStats> players;
};

// Plays options.repetitions tournaments with fresh players from the specs (seed_offset = the
// repetition), repetition r dealt from options.seed + r with the button starting at seat r mod N.
absl::StatusOr<TournamentResult> RunTournaments(const poker::GameDef& base,
                                                absl::Span<const PlayerSpec> players,
                                                const TournamentOptions& options);

}  // namespace arena

#endif  // TOOLS_ARENA_TOURNAMENT_H_
