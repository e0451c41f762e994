// The ACPC rules engine: one hand's betting state, legal actions, the player to act, and payoffs,
// exactly as the competition server computes them (see ../shared/docs/ACPC.md).
#ifndef POKER_STATE_H_
#define POKER_STATE_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/game_def.h"

namespace poker {

inline constexpr int kMaxActionsPerRound = 64;

enum class ActionType : uint8_t { kFold = 0, kCall = 1, kRaise = 2 };

// One betting action. `raise_to` is used for kRaise only and is always the total number of chips
// the actor will have put in the pot for the whole hand (blinds and earlier rounds included), in
// limit games too (where it is the current bet plus the round's raise size; CheckAction and Apply
// also take 0 there to mean "the fixed raise", and Apply records the total).
struct Action {
  ActionType type = ActionType::kCall;
  int32_t raise_to = 0;

  static constexpr Action Fold() { return {ActionType::kFold, 0}; }
  static constexpr Action Call() { return {ActionType::kCall, 0}; }
  static constexpr Action Raise(int32_t to) { return {ActionType::kRaise, to}; }
  bool operator==(const Action&) const = default;
};

// A hand in progress or finished. Value type; no allocation; copying is cheap.
// Cards are part of the state but may be unknown (kNoCard): an agent sees only its own.
// Not thread-safe for concurrent mutation (plain value semantics).
class State {
 public:
  // A new hand with blinds posted and no cards known. The game must outlive the state.
  State(const GameDef& game, uint32_t hand_number);

  const GameDef& game() const { return *game_; }
  uint32_t hand_number() const { return hand_number_; }
  int round() const { return round_; }
  bool finished() const { return finished_; }

  // Position to act next; -1 when finished().
  int CurrentPlayer() const { return current_player_; }

  int32_t spent(int p) const { return spent_[p]; }
  int32_t max_spent() const { return max_spent_; }
  int32_t pot() const;  // chips put in by everyone so far
  bool folded(int p) const { return folded_[p]; }
  bool all_in(int p) const { return spent_[p] >= game_->stack[p]; }
  int NumFolded() const;
  // Players neither folded nor all-in (they can still act).
  int NumActing() const;
  // Chips the player to act must add to call (capped at what it has left).
  int32_t AmountToCall() const;

  bool CanFold() const;   // something to call
  bool CanRaise() const;  // cap, acting players, facing all-in
  // The legal raise-to range for the player to act; false (outputs untouched) if it cannot raise.
  // Limit: min == max == max_spent + raise_size[round].
  bool RaiseRange(int32_t* min_to, int32_t* max_to) const;

  // OK if the action is legal for the player to act, else an error saying why.
  absl::Status CheckAction(const Action& action) const;
  bool IsLegal(const Action& action) const { return CheckAction(action).ok(); }

  // Applies a legal action; an illegal one returns the CheckAction error and changes nothing.
  absl::Status Apply(const Action& action);

  // What the server does with any reply: an illegal action becomes a call, a no-limit raise size
  // out of range is clamped into [min, max], a no-limit raise_to of 0 (no size) becomes a call.
  Action Normalize(const Action& action) const;

  // Betting history.
  int num_actions(int round) const { return num_actions_[round]; }
  // The actions of the hand so far, every round up to the current one.
  int ActionsSoFar() const {
    int n = 0;
    for (int r = 0; r <= round() && r < kMaxRounds; ++r) n += num_actions_[r];
    return n;
  }
  const Action& action(int round, int i) const { return actions_[round][i]; }
  int actor(int round, int i) const { return actors_[round][i]; }
  int num_raises(int round) const { return num_raises_[round]; }  // raises made in the round

  // Cards (kNoCard where unknown).
  Card hole_card(int p, int i) const { return hole_cards_[p][i]; }
  void set_hole_card(int p, int i, Card c) { hole_cards_[p][i] = c; }
  bool HoleCardsKnown(int p) const;
  Card board_card(int i) const { return board_cards_[i]; }
  void set_board_card(int i, Card c) { board_cards_[i] = c; }
  // Board cards visible in the current round.
  int NumBoardCardsVisible() const { return game_->BoardCardsThrough(round_); }

  // True for a finished hand that more than one player did not fold.
  bool IsShowdown() const { return finished_ && NumFolded() + 1 < game_->num_players; }

  // Payoff of position p in chips for a finished hand; at a showdown the hole cards of every
  // player who did not fold and the visible board must be known. Layered side pots, split equally
  // among the best hands, so values can be fractional.
  absl::StatusOr<double> Value(int p) const;

  // Value(p) of every position at once (one hand evaluation per player): out[p] for p <
  // num_players. Same errors as Value.
  absl::Status Values(absl::Span<double> out) const;

 private:
  // Why a raise is refused (kNone: it is allowed).
  enum class RaiseBlock : uint8_t { kNone, kFinished, kCap, kNoOpponent, kCovered, kTooLong };

  void StartRound(int round);
  void FinishAfterAction();
  int NextActive(int from) const;  // next position after `from` that can act
  RaiseBlock RaiseBlocked() const;
  int NumCalled() const;  // the server's count of players who have called the current bet

  const GameDef* game_;
  uint32_t hand_number_;
  int round_ = 0;
  bool finished_ = false;
  int8_t current_player_ = -1;  // cached CurrentPlayer(); -1 when finished
  int32_t max_spent_ = 0;
  int32_t min_raise_to_ = 0;  // no-limit minimum raise-to for the next raise (never shrinks)
  std::array<int32_t, kMaxPlayers> spent_{};
  std::array<bool, kMaxPlayers> folded_{};
  std::array<uint8_t, kMaxRounds> num_actions_{};
  std::array<uint8_t, kMaxRounds> num_raises_{};
  std::array<std::array<Action, kMaxActionsPerRound>, kMaxRounds> actions_{};
  std::array<std::array<uint8_t, kMaxActionsPerRound>, kMaxRounds> actors_{};
  std::array<std::array<Card, kMaxHoleCards>, kMaxPlayers> hole_cards_;
  std::array<Card, kMaxBoardCards> board_cards_;
};

}  // namespace poker

#endif  // POKER_STATE_H_
