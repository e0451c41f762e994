// One hand reduced to what the opponent model counts: abstract actions by street, who could act
// at each street's start, who entered the flop voluntarily, and strength buckets of known cards.
// Built from a log's HandRecord (training) or from a rules-engine State (the live agent).
#ifndef TRAINER_HAND_OBSERVATION_H_
#define TRAINER_HAND_OBSERVATION_H_

#include <array>
#include <cstdint>

#include "absl/types/span.h"
#include "logs_parser/hand_record.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "trainer/action_abstraction.h"
#include "trainer/pattern_tree.h"
#include "trainer/position.h"
#include "trainer/strength_buckets.h"

namespace trainer {

// A fixed-size value (no allocation), reused across hands by the builders.
struct HandObservation {
  int num_players = 0;
  int num_rounds = 0;
  // The actions of round r are actions[begin[r] .. begin[r + 1]).
  std::array<uint16_t, poker::kMaxRounds + 1> begin{};
  std::array<StreetAction, poker::kMaxRounds * poker::kMaxActionsPerRound> actions;
  // Bit p set: position p could act at the start of round r (neither folded nor all-in).
  std::array<uint16_t, poker::kMaxRounds> can_act{};
  // Bit p set: position p played voluntarily to the flop: it called or raised preflop, did not
  // fold preflop, and the hand went on past the preflop betting (another player stayed in).
  // A big blind that only checks did not enter voluntarily.
  uint16_t entered = 0;
  // Per position, its position class in the game.
  std::array<PositionClass, poker::kMaxPlayers> position_class{};
  // bucket[p][r]: strength bucket of p's cards in round r; kNoBucket when unknown.
  std::array<std::array<uint8_t, poker::kMaxRounds>, poker::kMaxPlayers> bucket;

  absl::Span<const StreetAction> Street(int round) const {
    return absl::MakeConstSpan(&actions[begin[round]], begin[round + 1] - begin[round]);
  }
  bool CanAct(int position, int round) const { return (can_act[round] >> position) & 1; }
  bool Entered(int position) const { return (entered >> position) & 1; }
};

// Fills `hand` from a logged hand's actions (buckets all kNoBucket: see HandBucketer).
void ObserveRecord(const logs_parser::HandRecord& record, const ActionAbstraction& abstraction,
                   const std::array<PositionClass, poker::kMaxPlayers>& position_classes,
                   HandObservation* hand);

// Fills `hand` from a state's betting history (a finished hand or one in progress) by replaying
// it on a fresh state of the same game (buckets all kNoBucket: see HandBucketer).
void ObserveState(const poker::State& state, const ActionAbstraction& abstraction,
                  const std::array<PositionClass, poker::kMaxPlayers>& position_classes,
                  HandObservation* hand);

// The cards of one hand as far as they are known: what HandBucketer needs, copied out of a
// State so that hands can be queued for bucketing without their whole betting history.
struct HandCards {
  std::array<std::array<poker::Card, 2>, poker::kMaxPlayers> hole;  // kNoCard where unknown
  std::array<poker::Card, poker::kMaxBoardCards> board;             // kNoCard where unknown

  // The hole cards (first two) and board of a state: a log's final state or an agent's view.
  static HandCards FromState(const poker::State& state);
};

// Sets the strength buckets of the positions whose hole cards are known, for every round in
// which they acted (the only rounds where a bucket is counted). Post-flop HS comes from one
// enumeration of the opponent pairs per board for all those players together
// (FewPairsStrengthNumerators, ~3 us on a flop), and is the same integer numerator as
// StrengthBuckets::AllPairs uses, so buckets are identical. Allocates nothing; thread-safe
// (no state besides the bucket function).
class HandBucketer {
 public:
  explicit HandBucketer(const StrengthBuckets& buckets) : buckets_(&buckets) {}

  void SetBuckets(const poker::GameDef& game, const HandCards& cards, HandObservation* hand);

 private:
  const StrengthBuckets* buckets_;
};

}  // namespace trainer

#endif  // TRAINER_HAND_OBSERVATION_H_
