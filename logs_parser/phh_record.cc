#include "logs_parser/phh_record.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "poker/state.h"

namespace logs_parser {
namespace {

absl::Status Skip(const char** reason, const char* category, std::string detail) {
  *reason = category;
  return absl::FailedPreconditionError(std::move(detail));
}

constexpr int64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
                              1000000000};

// round(amount * num / den) without overflow for any real amount.
int64_t Scale(int64_t amount, int64_t num, int64_t den) {
  const __int128 product = static_cast<__int128>(amount) * num * 2 + den;
  return static_cast<int64_t>(product / (2 * static_cast<__int128>(den)));
}

}  // namespace

absl::Status PhhRecordBuilder::OwnGame(const PhhHand& hand, const PhhOutcome& outcome,
                                       poker::GameDef* game) {
  const int n = hand.num_players;
  *game = poker::GameDef{};
  const bool limit = hand.variant == PhhVariant::kFixedLimitHoldem;
  game->betting_type = limit ? poker::BettingType::kLimit : poker::BettingType::kNoLimit;
  game->num_players = n;
  game->num_rounds = 4;
  for (int p = 0; p < n; ++p) {
    const int64_t stack = hand.starting_stacks[p] >= kInfiniteStack
                              ? poker::kUnlimitedStack
                              : hand.starting_stacks[p] - outcome.ante_paid[p];
    if (stack > poker::kUnlimitedStack || outcome.blind_paid[p] > poker::kUnlimitedStack) {
      return absl::OutOfRangeError(absl::StrCat("p", p + 1, "'s stack of ", stack,
                                                " chips does not fit ACPC's 32-bit chips"));
    }
    game->stack[p] = static_cast<int32_t>(stack);
    game->blind[p] = static_cast<int32_t>(outcome.blind_paid[p]);
  }
  if (limit) {
    if (hand.small_bet > INT32_MAX || hand.big_bet > INT32_MAX) {
      return absl::OutOfRangeError("the bet sizes do not fit ACPC's 32-bit chips");
    }
    game->raise_size = {static_cast<int32_t>(hand.small_bet), static_cast<int32_t>(hand.small_bet),
                        static_cast<int32_t>(hand.big_bet), static_cast<int32_t>(hand.big_bet)};
    game->max_raises = {4, 4, 4, 4};  // PHH's fixed-limit cap: 4 bets and raises a street
  } else {
    game->max_raises = {poker::kUnlimitedRaises, poker::kUnlimitedRaises, poker::kUnlimitedRaises,
                        poker::kUnlimitedRaises};
  }
  game->first_player = {static_cast<uint8_t>(outcome.preflop_opener), 0, 0, 0};
  game->num_suits = 4;
  game->num_ranks = 13;
  game->num_hole_cards = 2;
  game->num_board_cards = {0, 3, 1, 1};
  return absl::OkStatus();
}

absl::Status PhhRecordBuilder::Build(const PhhHand& hand, const PhhOutcome& outcome,
                                     const PhhMapping& mapping, HandRecord* record,
                                     const char** reason) {
  const int n = hand.num_players;
  const poker::GameDef* game = mapping.game;
  // Amounts in the game's chips are hand chips * num / den.
  int64_t num = 1, den = 1;
  if (game == nullptr) {
    if (absl::Status status = OwnGame(hand, outcome, &own_game_); !status.ok()) {
      return Skip(reason, kSkipTooLarge, std::string(status.message()));
    }
    game = &own_game_;
  } else {
    if (game->num_players != n) {
      return Skip(reason, kSkipPlayers,
                  absl::StrCat("the hand has ", n, " players, the game ", game->num_players));
    }
    const bool limit = hand.variant == PhhVariant::kFixedLimitHoldem;
    if (!game->IsHoldemCards() || game->is_no_limit() == limit) {
      return Skip(reason, kSkipBetting,
                  absl::StrCat("a ", limit ? "fixed-limit" : "no-limit",
                               " hold'em hand and a game of other cards or betting"));
    }
    if (outcome.straddled) {
      return Skip(reason, kSkipStraddle, "the hand has straddles; the game has two blinds");
    }
    if (outcome.big_blind <= 0) return Skip(reason, kSkipBetting, "the hand has no big blind");
    num = game->BigBlind();
    den = outcome.big_blind;
    if (game->is_no_limit()) {
      // The effective stack: the most any player can win or lose.
      std::array<int64_t, poker::kMaxPlayers> stacks{};
      for (int p = 0; p < n; ++p) stacks[p] = hand.starting_stacks[p] - outcome.ante_paid[p];
      std::sort(stacks.begin(), stacks.begin() + n);
      const double effective_bb =
          static_cast<double>(stacks[n - 2]) / static_cast<double>(outcome.big_blind);
      const double game_bb =
          static_cast<double>(game->stack[0]) / static_cast<double>(game->BigBlind());
      const double ratio = effective_bb / game_bb;
      if (ratio > mapping.stack_tolerance || ratio * mapping.stack_tolerance < 1.0) {
        return Skip(reason, kSkipStacks,
                    absl::StrCat("effective stack ", effective_bb, " big blinds, the game's ",
                                 game_bb, " (tolerance x", mapping.stack_tolerance, ")"));
      }
    }
  }

  record->game = game;
  record->phh = &hand;
  uint32_t number = 0;
  if (hand.hand_is_integer && hand.hand_number >= 0 && hand.hand_number <= UINT32_MAX) {
    number = static_cast<uint32_t>(hand.hand_number);
  } else {
    for (char c : hand.table_name) {
      if (c < '0' || c > '9' || number > UINT32_MAX / 10) {
        number = 0;
        break;
      }
      number = number * 10 + static_cast<uint32_t>(c - '0');
    }
  }
  record->hand_number = number;
  static_assert(std::is_trivially_destructible_v<poker::State>);
  std::construct_at(&record->state, *game, number);
  poker::State& state = record->state;
  const bool mapped = mapping.game != nullptr;
  for (int i = 0; i < outcome.num_bets; ++i) {
    const PhhBet& bet = outcome.bets[i];
    const int p = bet.player;
    auto not_acpc = [&](absl::string_view why) {
      return Skip(reason, kSkipNotAcpc,
                  absl::StrCat("actions[", bet.action_index, "] (p", p + 1, "): ", why));
    };
    if (state.finished() || state.CurrentPlayer() != p || state.round() != bet.round) {
      return not_acpc(state.finished()
                          ? "the game's hand is over"
                          : absl::StrCat("the game has p", state.CurrentPlayer() + 1,
                                         " to act in round ", state.round()));
    }
    poker::Action action = poker::Action::Call();
    if (bet.type == poker::ActionType::kFold) {
      if (bet.fold_to_no_bet) return not_acpc("a fold with nothing to call");
      action = poker::Action::Fold();
    } else if (bet.type == poker::ActionType::kRaise) {
      int64_t to = Scale(bet.raise_to, num, den);
      int32_t min_to = 0, max_to = 0;
      if (!state.RaiseRange(&min_to, &max_to)) return not_acpc("a raise the rules do not allow");
      if (mapped) {
        if (bet.all_in) {
          to = game->stack[p];  // all in stays all in, whatever the stacks
        } else if (to >= game->stack[p]) {
          return not_acpc("a bet beyond the game's stack");
        }
        // Rounding the scaled amounts may miss the minimum by a chip.
        to = std::clamp<int64_t>(to, min_to, max_to);
      }
      if (to > INT32_MAX) return not_acpc("an amount beyond 32-bit chips");
      action = poker::Action::Raise(static_cast<int32_t>(to));
    }
    if (absl::Status status = state.Apply(action); !status.ok()) {
      return not_acpc(status.message());
    }
    if (bet.type != poker::ActionType::kFold && state.all_in(p) != bet.all_in) {
      return not_acpc(bet.all_in ? "all in in the hand, not with the game's stack"
                                 : "all in with the game's stack, not in the hand");
    }
  }
  if (!state.finished()) {
    return Skip(reason, kSkipNotAcpc, "the hand ends before the game's would");
  }
  for (int p = 0; p < n; ++p) {
    state.set_hole_card(p, 0, outcome.hole[p][0]);
    state.set_hole_card(p, 1, outcome.hole[p][1]);
  }
  const int visible = std::min(state.NumBoardCardsVisible(), outcome.board_cards);
  for (int i = 0; i < visible; ++i) state.set_board_card(i, outcome.board[i]);

  record->names.resize(n);
  for (int p = 0; p < n; ++p) {
    absl::string_view name;
    if (hand.has_players && !hand.players[p].empty()) name = hand.players[p];
    if (name.empty()) {
      record->names[p] = absl::StrCat("p", p + 1);
    } else {
      name = MapName(name, mapping.names);
      record->names[p].assign(name.data(), name.size());
    }
  }
  record->values.resize(n);
  record->values_known = outcome.values_known;
  const double factor = static_cast<double>(num) / static_cast<double>(den);
  for (int p = 0; p < n; ++p) record->values[p] = outcome.values_known ? outcome.net[p] * factor : 0;
  record->chip_unit = 1.0 / static_cast<double>(kPow10[hand.decimals]) / factor;
  BuildActionRecords(state, &record->actions);
  return absl::OkStatus();
}

}  // namespace logs_parser
