#include "trainer/hand_observation.h"

#include <algorithm>

#include "trainer/pair_strength.h"

namespace trainer {
namespace {

// Tracks who folded, who is all-in, and preflop voluntary money while a hand's actions are fed
// in order, and writes the per-round masks into the observation.
class ActivityTracker {
 public:
  ActivityTracker(const poker::GameDef& game, HandObservation* hand) : game_(game), hand_(hand) {
    for (int p = 0; p < game.num_players; ++p) {
      if (game.is_no_limit() && game.blind[p] >= game.stack[p]) all_in_ |= bit(p);
    }
  }

  // Called before the first action of `round` (and of every round skipped before it).
  void EnterRound(int round) {
    while (next_round_ <= round) {
      hand_->begin[next_round_] = static_cast<uint16_t>(num_actions_);
      hand_->can_act[next_round_] = static_cast<uint16_t>(~(folded_ | all_in_) & all_players());
      ++next_round_;
    }
  }

  // One action; `total_spent` is the actor's chips in the hand after it.
  void Add(int round, int actor, AbstractAction action, int64_t total_spent) {
    EnterRound(round);
    hand_->actions[num_actions_++] = StreetAction{static_cast<uint8_t>(actor), action};
    if (action == kFold) {
      folded_ |= bit(actor);
      if (round == 0) {
        ++preflop_folds_;
        preflop_folded_ |= bit(actor);
      }
    } else if (game_.is_no_limit() && total_spent >= game_.stack[actor]) {
      all_in_ |= bit(actor);
    }
    if (round == 0 && (action == kCall || ActionAbstraction::IsRaise(action))) {
      voluntary_ |= bit(actor);
    }
  }

  void Finish() {
    EnterRound(hand_->num_rounds - 1);
    hand_->begin[hand_->num_rounds] = static_cast<uint16_t>(num_actions_);
    for (int r = hand_->num_rounds + 1; r <= poker::kMaxRounds; ++r) {
      hand_->begin[r] = hand_->begin[hand_->num_rounds];
    }
    const bool past_preflop = hand_->num_rounds > 1 && preflop_folds_ < game_.num_players - 1;
    hand_->entered =
        past_preflop ? static_cast<uint16_t>(voluntary_ & ~preflop_folded_) : uint16_t{0};
  }

 private:
  static uint32_t bit(int p) { return 1u << p; }
  uint32_t all_players() const { return (1u << game_.num_players) - 1; }

  const poker::GameDef& game_;
  HandObservation* hand_;
  int next_round_ = 0;
  int num_actions_ = 0;
  int preflop_folds_ = 0;
  uint32_t folded_ = 0;
  uint32_t preflop_folded_ = 0;
  uint32_t all_in_ = 0;
  uint32_t voluntary_ = 0;
};

void Reset(const poker::GameDef& game,
           const std::array<PositionClass, poker::kMaxPlayers>& position_classes,
           HandObservation* hand) {
  hand->num_players = game.num_players;
  hand->num_rounds = game.num_rounds;
  hand->can_act.fill(0);
  hand->entered = 0;
  hand->position_class = position_classes;
  for (auto& rounds : hand->bucket) rounds.fill(kNoBucket);
}

}  // namespace

void ObserveRecord(const logs_parser::HandRecord& record, const ActionAbstraction& abstraction,
                   const std::array<PositionClass, poker::kMaxPlayers>& position_classes,
                   HandObservation* hand) {
  const poker::GameDef& game = *record.game;
  Reset(game, position_classes, hand);
  ActivityTracker tracker(game, hand);
  for (const logs_parser::ActionRecord& action : record.actions) {
    const AbstractAction abstract = abstraction.Classify(action);
    int64_t total = action.spent_before;
    if (action.kind == logs_parser::ActionKind::kCall) total += action.to_call;
    if (ActionAbstraction::IsRaise(abstract)) total = action.raise_to;
    tracker.Add(action.round, action.player, abstract, total);
  }
  tracker.Finish();
}

void ObserveState(const poker::State& state, const ActionAbstraction& abstraction,
                  const std::array<PositionClass, poker::kMaxPlayers>& position_classes,
                  HandObservation* hand) {
  const poker::GameDef& game = state.game();
  Reset(game, position_classes, hand);
  ActivityTracker tracker(game, hand);
  poker::State replay(game, state.hand_number());
  for (int round = 0; round <= state.round() && round < game.num_rounds; ++round) {
    for (int i = 0; i < state.num_actions(round); ++i) {
      const poker::Action& action = state.action(round, i);
      const int actor = state.actor(round, i);
      const AbstractAction abstract = abstraction.Classify(replay, action);
      // The state was built by legal actions, so replaying them cannot fail.
      (void)replay.Apply(action);
      tracker.Add(round, actor, abstract, replay.spent(actor));
    }
  }
  tracker.Finish();
}

HandCards HandCards::FromState(const poker::State& state) {
  HandCards cards;
  for (auto& hole : cards.hole) hole.fill(poker::kNoCard);
  cards.board.fill(poker::kNoCard);
  const poker::GameDef& game = state.game();
  if (game.num_hole_cards >= 2) {
    for (int p = 0; p < game.num_players; ++p) {
      cards.hole[p] = {state.hole_card(p, 0), state.hole_card(p, 1)};
    }
  }
  const int board_size = std::min(game.TotalBoardCards(), poker::kMaxBoardCards);
  for (int i = 0; i < board_size; ++i) cards.board[i] = state.board_card(i);
  return cards;
}

void HandBucketer::SetBuckets(const poker::GameDef& game, const HandCards& cards,
                              HandObservation* hand) {
  if (!buckets_->enabled()) return;
  for (int round = 0; round < hand->num_rounds; ++round) {
    // Positions whose bucket this round is counted: they acted in it, with known cards.
    uint32_t acted = 0;
    for (const StreetAction& action : hand->Street(round)) acted |= 1u << action.actor;
    std::array<int, poker::kMaxPlayers> positions;
    std::array<poker::PairCards, poker::kMaxPlayers> pairs;
    int k = 0;
    for (int p = 0; p < game.num_players; ++p) {
      const poker::Card a = cards.hole[p][0];
      const poker::Card b = cards.hole[p][1];
      if (!(acted >> p & 1) || a == poker::kNoCard || b == poker::kNoCard) continue;
      positions[k] = p;
      pairs[k++] = poker::PairCards{std::min(a, b), std::max(a, b)};
    }
    if (k == 0) continue;
    const int board_size = game.BoardCardsThrough(round);
    bool board_known = true;
    for (int i = 0; i < board_size; ++i) board_known &= cards.board[i] != poker::kNoCard;
    if (!board_known) continue;
    const absl::Span<const poker::Card> board(cards.board.data(), board_size);
    const BoardFeatures features = StrengthBuckets::Features(round, game.num_rounds, board);
    std::array<int32_t, poker::kMaxPlayers> numerators{};
    if (round > 0) {
      FewPairsStrengthNumerators(board, absl::MakeConstSpan(pairs.data(), k),
                                 absl::MakeSpan(numerators.data(), k));
    }
    for (int i = 0; i < k; ++i) {
      const double hs =
          round > 0 ? StrengthBuckets::HsFromNumerator(numerators[i], board_size) : 0.0;
      hand->bucket[positions[i]][round] = buckets_->Bucket(pairs[i], features, hs);
    }
  }
}

}  // namespace trainer
