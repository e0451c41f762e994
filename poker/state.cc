// The ACPC rules engine. Every rule here is the competition server's (see ../shared/docs/ACPC.md);
// comments name the places where the server's behaviour is surprising.
#include "poker/state.h"

#include <algorithm>
#include <limits>

#include "absl/strings/str_cat.h"
#include "poker/hand_evaluator.h"

namespace poker {
namespace {

int32_t ClampToInt32(int64_t v) {
  return static_cast<int32_t>(std::min<int64_t>(v, std::numeric_limits<int32_t>::max()));
}

// The action slots of a new hand, copied in one 2 KB block: initialising the 256 Actions one by
// one (two stores each) took a third of the time of reading a log. Built at run time on purpose:
// a compile-time constant is turned back into that loop by the compiler.
using ActionSlots = std::array<std::array<Action, kMaxActionsPerRound>, kMaxRounds>;
const ActionSlots& NoActions() {
  static const ActionSlots* const slots = new ActionSlots{};
  return *slots;
}

}  // namespace

State::State(const GameDef& game, uint32_t hand_number)
    : game_(&game), hand_number_(hand_number), actions_(NoActions()) {
  for (auto& hole : hole_cards_) hole.fill(kNoCard);
  board_cards_.fill(kNoCard);
  for (int p = 0; p < game.num_players; ++p) {
    spent_[p] = game.blind[p];
    max_spent_ = std::max(max_spent_, game.blind[p]);
  }
  if (game.is_no_limit()) {
    // The first raise must call the largest blind and raise by at least as much; with no blinds
    // at all, by one chip.
    min_raise_to_ = max_spent_ > 0 ? ClampToInt32(int64_t{2} * max_spent_) : 1;
  }
  if (NumActing() == 0) {
    // Every player was put all-in by the blinds (the server would hang here): straight to the
    // showdown.
    finished_ = true;
    round_ = game.num_rounds - 1;
    return;
  }
  current_player_ = static_cast<int8_t>(NextActive(game.first_player[0] + game.num_players - 1));
}

int State::NextActive(int from) const {
  const int n = game_->num_players;
  for (int k = 0; k < n; ++k) {
    from = (from + 1) % n;
    if (!folded_[from] && spent_[from] < game_->stack[from]) return from;
  }
  return -1;
}

int32_t State::pot() const {
  // Only absurd game files (ten near-2^31 stacks) could pass 32 bits: saturate rather than wrap.
  int64_t total = 0;
  for (int p = 0; p < game_->num_players; ++p) total += spent_[p];
  return ClampToInt32(total);
}

int State::NumFolded() const {
  int count = 0;
  for (int p = 0; p < game_->num_players; ++p) count += folded_[p];
  return count;
}

int State::NumActing() const {
  int count = 0;
  for (int p = 0; p < game_->num_players; ++p) {
    count += !folded_[p] && spent_[p] < game_->stack[p];
  }
  return count;
}

int32_t State::AmountToCall() const {
  if (finished_) return 0;
  const int p = current_player_;
  return std::min(max_spent_, game_->stack[p]) - spent_[p];
}

bool State::CanFold() const { return !finished_ && spent_[current_player_] < max_spent_; }

State::RaiseBlock State::RaiseBlocked() const {
  if (finished_) return RaiseBlock::kFinished;
  if (num_raises_[round_] >= game_->max_raises[round_]) return RaiseBlock::kCap;
  if (NumActing() <= 1) return RaiseBlock::kNoOpponent;
  // The rounds' action arrays are fixed; a raise must leave room for everyone else's reply.
  // (The server's own limit is the same size; a real game never comes near it.)
  if (num_actions_[round_] + game_->num_players > kMaxActionsPerRound) {
    return RaiseBlock::kTooLong;
  }
  // Facing a bet that covers the whole stack there is nothing left to raise with. (The server
  // checks this for no-limit only; in a limit game with stacks it would "raise" the bet down to
  // the player's stack, which we refuse.)
  const int p = current_player_;
  if (max_spent_ >= game_->stack[p]) return RaiseBlock::kCovered;
  return RaiseBlock::kNone;
}

bool State::CanRaise() const { return RaiseBlocked() == RaiseBlock::kNone; }

bool State::RaiseRange(int32_t* min_to, int32_t* max_to) const {
  if (!CanRaise()) return false;
  const int32_t stack = game_->stack[current_player_];
  if (!game_->is_no_limit()) {
    // A limit raise that would pass the stack puts the player all-in.
    const int32_t to =
        ClampToInt32(std::min<int64_t>(int64_t{max_spent_} + game_->raise_size[round_], stack));
    *min_to = to;
    *max_to = to;
    return true;
  }
  // The minimum never shrinks; a player who cannot reach it may still go all-in.
  *min_to = std::min(min_raise_to_, stack);
  *max_to = stack;
  return true;
}

absl::Status State::CheckAction(const Action& action) const {
  if (finished_) return absl::FailedPreconditionError("the hand is over");
  switch (action.type) {
    case ActionType::kFold:
      if (!CanFold()) return absl::InvalidArgumentError("fold with nothing to call");
      return absl::OkStatus();
    case ActionType::kCall:
      return absl::OkStatus();
    case ActionType::kRaise:
      break;
    default:
      return absl::InvalidArgumentError("unknown action type");
  }
  switch (RaiseBlocked()) {
    case RaiseBlock::kNone:
      break;
    case RaiseBlock::kFinished:
      return absl::FailedPreconditionError("the hand is over");
    case RaiseBlock::kCap:
      return absl::InvalidArgumentError(
          absl::StrCat("raise after the round's cap of ", game_->max_raises[round_], " raises"));
    case RaiseBlock::kNoOpponent:
      return absl::InvalidArgumentError("raise when no other player can still act");
    case RaiseBlock::kTooLong:
      return absl::InvalidArgumentError(
          absl::StrCat("raise after ", num_actions_[round_], " actions in the round (the limit)"));
    case RaiseBlock::kCovered:
      return absl::InvalidArgumentError(absl::StrCat("raise facing a bet of ", max_spent_,
                                                     " that covers the stack of ",
                                                     game_->stack[current_player_]));
  }
  int32_t min_to = 0, max_to = 0;
  RaiseRange(&min_to, &max_to);
  if (!game_->is_no_limit()) {
    // 0 stands for "the fixed size"; any other amount must be the fixed raise-to.
    if (action.raise_to != 0 && action.raise_to != min_to) {
      return absl::InvalidArgumentError(
          absl::StrCat("limit raise to ", action.raise_to, ", the only raise is to ", min_to));
    }
    return absl::OkStatus();
  }
  if (action.raise_to < min_to) {
    return absl::InvalidArgumentError(
        absl::StrCat("raise to ", action.raise_to, " is below the minimum ", min_to));
  }
  if (action.raise_to > max_to) {
    return absl::InvalidArgumentError(absl::StrCat(
        "raise to ", action.raise_to, " is above the maximum ", max_to, " (the stack)"));
  }
  return absl::OkStatus();
}

Action State::Normalize(const Action& action) const {
  if (action.type == ActionType::kFold) return CanFold() ? action : Action::Call();
  if (action.type != ActionType::kRaise) return Action::Call();
  int32_t min_to = 0, max_to = 0;
  if (!RaiseRange(&min_to, &max_to)) return Action::Call();
  if (!game_->is_no_limit()) return Action::Raise(min_to);
  // A no-limit raise must carry a size; 0 is "no size" (the server calls an unsized `r`).
  if (action.raise_to == 0) return Action::Call();
  return Action::Raise(std::clamp(action.raise_to, min_to, max_to));
}

absl::Status State::Apply(const Action& action) {
  if (absl::Status s = CheckAction(action); !s.ok()) return s;
  const int p = current_player_;
  const int n = num_actions_[round_];
  Action recorded = action;
  switch (action.type) {
    case ActionType::kFold:
      recorded.raise_to = 0;
      folded_[p] = true;
      break;
    case ActionType::kCall:
      recorded.raise_to = 0;
      spent_[p] = std::min(max_spent_, game_->stack[p]);  // short of chips: all-in
      break;
    case ActionType::kRaise: {
      int32_t to = action.raise_to;
      if (!game_->is_no_limit()) {
        int32_t max_to = 0;
        RaiseRange(&to, &max_to);
      } else {
        // The next raise must at least match this one's increment.
        min_raise_to_ =
            std::max(min_raise_to_, ClampToInt32(int64_t{2} * to - int64_t{max_spent_}));
      }
      recorded.raise_to = to;
      max_spent_ = to;
      spent_[p] = to;
      ++num_raises_[round_];
      break;
    }
  }
  actions_[round_][n] = recorded;
  actors_[round_][n] = static_cast<uint8_t>(p);
  num_actions_[round_] = static_cast<uint8_t>(n + 1);
  FinishAfterAction();
  return absl::OkStatus();
}

int State::NumCalled() const {
  // Walk back from the last action to the bet's maker, counting the players not all-in who called
  // it or made it; folds are skipped.
  int count = 0;
  for (int i = num_actions_[round_] - 1; i >= 0; --i) {
    const int p = actors_[round_][i];
    const ActionType type = actions_[round_][i].type;
    if (type == ActionType::kFold) continue;
    if (spent_[p] < game_->stack[p]) ++count;
    if (type == ActionType::kRaise) break;
  }
  return count;
}

void State::FinishAfterAction() {
  if (NumFolded() + 1 >= game_->num_players) {
    finished_ = true;
  } else {
    const int acting = NumActing();
    if (NumCalled() >= acting) {
      if (acting > 1) {
        if (round_ + 1 < game_->num_rounds) {
          StartRound(round_ + 1);
        } else {
          finished_ = true;
        }
      } else {
        // Nobody left to bet against: the rest of the board is dealt and the betting string
        // gets an empty section for every skipped round.
        finished_ = true;
        round_ = game_->num_rounds - 1;
      }
    }
  }
  if (finished_) {
    current_player_ = -1;
  } else if (num_actions_[round_] > 0) {
    current_player_ = static_cast<int8_t>(NextActive(actors_[round_][num_actions_[round_] - 1]));
  } else {
    current_player_ =
        static_cast<int8_t>(NextActive(game_->first_player[round_] + game_->num_players - 1));
  }
}

void State::StartRound(int round) {
  round_ = round;
  // The server resets the minimum raise to the current bet plus the largest blind (at least one
  // chip) in every game; limit games never read it.
  min_raise_to_ = ClampToInt32(int64_t{max_spent_} + std::max(int32_t{1}, game_->BigBlind()));
}

bool State::HoleCardsKnown(int p) const {
  for (int i = 0; i < game_->num_hole_cards; ++i) {
    if (hole_cards_[p][i] == kNoCard) return false;
  }
  return true;
}

absl::StatusOr<double> State::Value(int p) const {
  std::array<double, kMaxPlayers> values;
  if (absl::Status s = Values(absl::MakeSpan(values.data(), game_->num_players)); !s.ok()) {
    return s;
  }
  return values[p];
}

absl::Status State::Values(absl::Span<double> out) const {
  const int n = game_->num_players;
  if (!finished_) return absl::FailedPreconditionError("the hand is not finished");
  if (static_cast<int>(out.size()) < n) {
    return absl::InvalidArgumentError("Values: output span shorter than the number of players");
  }
  const int folded = NumFolded();
  if (folded + 1 >= n) {
    // Everyone else folded: the last player takes every other player's chips.
    int64_t total = 0;
    for (int p = 0; p < n; ++p) total += spent_[p];
    for (int p = 0; p < n; ++p) {
      // Integer negation first, so that a player who put in nothing shows 0, not -0.
      out[p] =
          folded_[p] ? static_cast<double>(-spent_[p]) : static_cast<double>(total - spent_[p]);
    }
    return absl::OkStatus();
  }

  // Showdown: rank every hand that did not fold on the board dealt so far.
  const int board = NumBoardCardsVisible();
  for (int i = 0; i < board; ++i) {
    if (board_cards_[i] == kNoCard) {
      return absl::FailedPreconditionError(
          absl::StrCat("showdown with board card ", i + 1, " unknown"));
    }
  }
  std::array<uint32_t, kMaxPlayers> rank{};
  std::array<Card, kMaxHoleCards + kMaxBoardCards> cards;
  std::copy(board_cards_.begin(), board_cards_.begin() + board, cards.begin());
  for (int p = 0; p < n; ++p) {
    if (folded_[p]) continue;
    if (!HoleCardsKnown(p)) {
      return absl::FailedPreconditionError(
          absl::StrCat("showdown with the hole cards of position ", p, " unknown"));
    }
    std::copy(hole_cards_[p].begin(), hole_cards_[p].begin() + game_->num_hole_cards,
              cards.begin() + board);
    rank[p] = EvaluateAny(absl::MakeConstSpan(cards.data(), board + game_->num_hole_cards));
  }

  // Side pots are layered by the distinct amounts spent. In each layer every player who put chips
  // into it pays its size; the best hands among those who did not fold share it. The arithmetic
  // mirrors the server's (net win size * losers / winners) so that the doubles agree exactly.
  std::array<int32_t, kMaxPlayers> levels;
  int num_levels = 0;
  for (int p = 0; p < n; ++p) {
    if (spent_[p] > 0) levels[num_levels++] = spent_[p];
  }
  std::sort(levels.begin(), levels.begin() + num_levels);
  num_levels =
      static_cast<int>(std::unique(levels.begin(), levels.begin() + num_levels) - levels.begin());

  for (int p = 0; p < n; ++p) {
    if (folded_[p]) {
      out[p] = static_cast<double>(-spent_[p]);
      continue;
    }
    double value = 0.0;
    int32_t below = 0;
    for (int l = 0; l < num_levels && levels[l] <= spent_[p]; ++l) {
      const int64_t size = levels[l] - below;
      int in_layer = 0;
      int winners = 0;
      uint32_t best = 0;
      for (int q = 0; q < n; ++q) {
        if (spent_[q] < levels[l]) continue;
        ++in_layer;
        if (folded_[q]) continue;
        if (winners == 0 || rank[q] > best) {
          best = rank[q];
          winners = 1;
        } else if (rank[q] == best) {
          ++winners;
        }
      }
      if (rank[p] == best) {
        value += static_cast<double>(size * (in_layer - winners)) / static_cast<double>(winners);
      } else {
        value -= static_cast<double>(size);
      }
      below = levels[l];
    }
    out[p] = value;
  }
  return absl::OkStatus();
}

}  // namespace poker
