#include "agent/bet_evidence.h"

#include <algorithm>
#include <array>

#include "absl/status/statusor.h"
#include "agent/range.h"

namespace agent {

using poker::Action;
using poker::State;

// The class of `raise`, made by the player to act in `s`.
int BetClass(const State& s, const Action& raise) {
  const double to_call = s.AmountToCall();
  const double fraction = (raise.raise_to - s.max_spent()) / std::max(1.0, s.pot() + to_call);
  const int size = fraction < 0.75 ? 0 : fraction < 1.5 ? 1 : fraction < 3 ? 2 : 3;
  return (s.round() == 0 ? kSizeClasses : 0) + size;
}

void CountBets(const State& final_state, int me, int opponent, BetEvidence* answered,
               BetEvidence* folded, BetEvidence* made) {
  State replay(final_state.game(), final_state.hand_number());
  int pending = -1;
  for (int r = 0; r <= final_state.round() && r < final_state.game().num_rounds; ++r) {
    for (int i = 0; i < final_state.num_actions(r); ++i) {
      const Action& a = final_state.action(r, i);
      const int actor = final_state.actor(r, i);
      if (actor == opponent && pending >= 0) {
        (*answered)[pending] += 1;
        if (a.type == poker::ActionType::kFold) (*folded)[pending] += 1;
        pending = -1;
      }
      if (actor == opponent && a.type == poker::ActionType::kRaise) {
        (*made)[BetClass(replay, a)] += 1;
      }
      if (actor == me) pending = a.type == poker::ActionType::kRaise ? BetClass(replay, a) : -1;
      if (!replay.Apply(a).ok()) return;
    }
  }
}

// The class of the raise we face in `s` (the round's last action, a raise of `opponent`), or -1.
int FacedBetClass(const State& s, int opponent) {
  const int r = s.round();
  const int n = s.num_actions(r);
  if (n == 0 || s.actor(r, n - 1) != opponent ||
      s.action(r, n - 1).type != poker::ActionType::kRaise) {
    return -1;
  }
  State replay(s.game(), s.hand_number());
  for (int round = 0; round <= r; ++round) {
    for (int i = 0; i < s.num_actions(round); ++i) {
      if (round == r && i == n - 1) return BetClass(replay, s.action(round, i));
      if (!replay.Apply(s.action(round, i)).ok()) return -1;
    }
  }
  return -1;
}

// Adds the shown calls (and re-raises) of `opponent` to raises of `me` in `final_state` to
// `evidence`.
void CountShownCalls(const State& final_state, int me, int opponent, EquityCalculator* calculator,
                     CallEvidence* evidence) {
  const poker::GameDef& game = final_state.game();
  if (!game.IsHoldemCards() || game.num_players != 2 || !final_state.HoleCardsKnown(opponent)) return;
  const poker::PairCards theirs{final_state.hole_card(opponent, 0),
                                final_state.hole_card(opponent, 1)};
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  for (int i = 0; i < final_state.NumBoardCardsVisible(); ++i) board[i] = final_state.board_card(i);
  static const Range kRandom;
  const Range* const random[] = {&kRandom};
  State replay(game, final_state.hand_number());
  bool pending = false;  // our raise that counts, not yet answered
  for (int r = 0; r <= final_state.round() && r < game.num_rounds; ++r) {
    for (int i = 0; i < final_state.num_actions(r); ++i) {
      const Action& a = final_state.action(r, i);
      const int actor = final_state.actor(r, i);
      if (actor == opponent && pending) {
        pending = false;
        if (a.type != poker::ActionType::kFold) {
          const absl::StatusOr<EquityResult> equity = calculator->Compute(
              theirs, absl::MakeConstSpan(board.data(), game.BoardCardsThrough(r)), random);
          if (equity.ok()) {
            evidence->calls += 1;
            if (equity->equity < 0.5) evidence->weak += 1;
          }
        }
      }
      if (actor == me) {
        const double to_call = replay.AmountToCall();
        pending = r >= 2 && a.type == poker::ActionType::kRaise &&
                  a.raise_to - replay.max_spent() >= 0.5 * (replay.pot() + to_call);
      }
      if (!replay.Apply(a).ok()) return;
    }
  }
}

}  // namespace agent
