// Card abstraction for the solver (SPEC 13): maps a player's hole cards and the board visible in a
// round to a bucket, so that the solver stores one strategy per (betting node, bucket) instead of
// one per card combination. A strategy file records the abstraction's Name(); a strategy is never
// played with another abstraction.
#ifndef SOLVER_CARD_ABSTRACTION_H_
#define SOLVER_CARD_ABSTRACTION_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/game_def.h"

namespace solver {

// Immutable after construction and thread-safe: the solver's threads share one instance.
class CardAbstraction {
 public:
  // `game` gives the shape (players, rounds, hole and board cards) the default DealBuckets needs.
  explicit CardAbstraction(const poker::GameDef& game) : game_(game), id_(NextId()) {}
  virtual ~CardAbstraction() = default;

  const poker::GameDef& game() const { return game_; }

  // A number no other instance of the process has had, for caches keyed by abstraction: an
  // address can be reused by an abstraction built after this one is freed.
  uint64_t id() const { return id_; }

  // The abstraction's kind, parameters and version in one string (e.g. "exact:v1",
  // "holdem:169,64,64,64:v1"), written into strategy files and compared on load.
  virtual std::string Name() const = 0;

  // What the abstraction was built from beyond its spec, for strategy files to keep so that
  // loading needs no sampling (MakeCardAbstraction's `tables`): opaque bytes, empty when the
  // spec alone is cheap to build from (exact).
  virtual std::string Tables() const { return {}; }

  // Buckets in round r: Bucket(r, ...) is in [0, NumBuckets(r)).
  virtual int NumBuckets(int round) const = 0;

  // The bucket of `hole` (game.num_hole_cards cards) with `board` the board visible in `round`
  // (game.BoardCardsThrough(round) cards; empty preflop).
  virtual int Bucket(int round, absl::Span<const poker::Card> hole,
                     absl::Span<const poker::Card> board) const = 0;

  // The buckets of every player in every round of one full deal, for Monte Carlo CFR:
  // out[p * game.num_rounds + r] = Bucket(r, hole of p, board through r). `holes` holds
  // num_players * num_hole_cards cards (player-major), `board` game.TotalBoardCards() cards.
  // The default calls Bucket; an abstraction may share work between players and rounds.
  virtual void DealBuckets(absl::Span<const poker::Card> holes, absl::Span<const poker::Card> board,
                           absl::Span<int> out) const;

  // The bucket in `round` of every two-card hole pair (poker::PairIndex order) on one concrete
  // `board` (game.BoardCardsThrough(round) cards), -1 for pairs that share a card with it: what a
  // search that samples boards needs for every pair of an opponent's range at once. `out` has
  // poker::kNumPairs entries. Two-hole-card games only. The default calls Bucket per pair; the
  // hold'em abstraction reads its per-board tables (filled once per canonical flop or turn) and
  // ranks a river board's pairs in one pass.
  virtual void AllPairsBuckets(int round, absl::Span<const poker::Card> board,
                               absl::Span<int> out) const;

 private:
  static uint64_t NextId() {
    static std::atomic<uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
  }

  poker::GameDef game_;
  uint64_t id_;
};

// Builds a card abstraction for `game` from a spec:
//   "exact": every distinct (hole cards, visible board) gets its own bucket, so the abstract game
//            is the real game (perfect recall). Small decks only (Kuhn, Leduc).
//   "holdem[:PRE,FLOP,TURN,RIVER]": 52-card two-hole-card hold'em buckets
//            (solver/holdem_buckets.h); counts optional.
// With `tables` (Tables() of an abstraction of the same spec, from a strategy file) the
// abstraction is rebuilt from them instead of sampled (hold'em); ignored by "exact".
// Errors name the spec and why it does not fit the game.
absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeCardAbstraction(const poker::GameDef& game,
                                                                     absl::string_view spec,
                                                                     absl::string_view tables = {});

}  // namespace solver

#endif  // SOLVER_CARD_ABSTRACTION_H_
