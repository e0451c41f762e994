#include "logs_parser/phh_replay.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "logs_parser/state_line.h"
#include "poker/hand_evaluator.h"

namespace logs_parser {
namespace {

constexpr int kBoardThrough[poker::kMaxRounds] = {0, 3, 4, 5};

absl::Status Reject(const char** reason, const char* category, std::string detail) {
  *reason = category;
  return absl::InvalidArgumentError(std::move(detail));
}

std::string Where(const PhhAction& action) {
  return absl::StrCat("line ", action.line, ": actions[", action.index, "]: ");
}

std::string ChipsText(int64_t chips, int decimals) { return FormatPhhAmount(chips, decimals); }

// The betting of one hand under the PHH reference rules.
class Replay {
 public:
  Replay(const PhhHand& hand, PhhOutcome* out, const char** reason)
      : hand_(hand), out_(*out), reason_(reason), n_(hand.num_players) {}

  absl::Status Run();

 private:
  absl::Status Deal(const PhhAction& action);
  absl::Status Board(const PhhAction& action);
  absl::Status Bet(const PhhAction& action);
  absl::Status ShowMuck(const PhhAction& action);
  absl::Status Settle();
  void StartStreet();
  void EndStreetIfDone();
  void QueueAfter(int player);
  bool BettingOver() const { return queue_size_ == 0; }
  int64_t MaxBet() const { return *std::max_element(bet_.begin(), bet_.begin() + n_); }
  int ActiveCount() const {
    int count = 0;
    for (int p = 0; p < n_; ++p) count += out_.folded[p] ? 0 : 1;
    return count;
  }
  int64_t StreetMinBet() const {
    if (hand_.variant == PhhVariant::kFixedLimitHoldem) {
      return street_ < 2 ? hand_.small_bet : hand_.big_bet;
    }
    return hand_.min_bet;
  }
  absl::Status Fail(const char* category, const PhhAction& action, std::string why) {
    return Reject(reason_, category, absl::StrCat(Where(action), why));
  }

  const PhhHand& hand_;
  PhhOutcome& out_;
  const char** reason_;
  const int n_;
  std::array<int64_t, poker::kMaxPlayers> stack_{};  // behind
  std::array<int64_t, poker::kMaxPlayers> bet_{};    // this street
  std::array<int, poker::kMaxPlayers> dealt_{};
  std::array<bool, poker::kMaxPlayers> shown_{};
  std::array<int, poker::kMaxPlayers> queue_{};  // players still to act this street, in order
  int queue_size_ = 0;
  int street_ = 0;
  bool betting_started_ = false;  // a player has acted
  bool runout_ = false;           // at most one player can still bet: no more betting
  int64_t completion_ = 0;        // the largest full raise increment this street
  int raises_ = 0;
  uint16_t acted_ = 0;            // bit p: acted since the last full raise
  int64_t all_in_increments_ = 0;  // increments of the consecutive all-in raises just made
  bool all_in_chain_ = false;
  poker::CardSet seen_;
};

void Replay::QueueAfter(int player) {
  queue_size_ = 0;
  for (int i = 1; i < n_; ++i) {
    const int q = (player + i) % n_;
    if (!out_.folded[q] && stack_[q] > 0) queue_[queue_size_++] = q;
  }
}

void Replay::StartStreet() {
  completion_ = 0;
  raises_ = 0;
  acted_ = 0;
  all_in_increments_ = 0;
  all_in_chain_ = false;
  int opener = 0;
  if (street_ == 0) {
    // After the largest forced bet (the later player on a tie); heads-up bets are reversed.
    int best = 0;
    for (int p = 1; p < n_; ++p) {
      if (bet_[p] >= bet_[best]) best = p;
    }
    opener = (best + 1) % n_;
    out_.preflop_opener = opener;
  }
  queue_size_ = 0;
  for (int i = 0; i < n_; ++i) {
    const int q = (opener + i) % n_;
    if (!out_.folded[q] && stack_[q] > 0) queue_[queue_size_++] = q;
  }
  if (queue_size_ == 1 && bet_[queue_[0]] >= MaxBet()) queue_size_ = 0;
  if (queue_size_ == 0) EndStreetIfDone();
}

// Called when the street's queue is empty or one player is left.
void Replay::EndStreetIfDone() {
  queue_size_ = 0;
  int with_chips = 0;
  for (int p = 0; p < n_; ++p) with_chips += !out_.folded[p] && stack_[p] > 0 ? 1 : 0;
  if (ActiveCount() > 1 && with_chips <= 1) runout_ = true;
}

absl::Status Replay::Deal(const PhhAction& action) {
  const int p = action.player;
  if (betting_started_ || street_ > 0) {
    return Fail(kReasonIllegalAction, action, "hole cards dealt after the betting began");
  }
  if (dealt_[p] + action.num_cards > 2) {
    return Fail(kReasonBadCards, action,
                absl::StrCat("p", p + 1, " would get more than 2 hole cards"));
  }
  for (int i = 0; i < action.num_cards; ++i) {
    const poker::Card card = action.cards[i];
    if (card != poker::kNoCard) {
      if (seen_.Contains(card)) {
        return Fail(kReasonBadCards, action,
                    absl::StrCat(poker::CardToString(card), " is dealt twice"));
      }
      seen_.Add(card);
    }
    out_.hole[p][dealt_[p]++] = card;
  }
  return absl::OkStatus();
}

absl::Status Replay::Board(const PhhAction& action) {
  const bool hand_over = ActiveCount() <= 1;
  if (hand_over || street_ >= 3 || !BettingOver()) {
    return Fail(kReasonIllegalAction, action,
                hand_over ? "a board card after the hand ended"
                : street_ >= 3
                    ? "more than 5 board cards"
                    : absl::StrCat("a board card before the betting of street ", street_,
                                   " ended"));
  }
  for (int p = 0; p < n_; ++p) {
    if (dealt_[p] != 2) {
      return Fail(kReasonIllegalAction, action,
                  absl::StrCat("a board card before p", p + 1, "'s hole cards were dealt"));
    }
  }
  if (out_.board_cards + action.num_cards > kBoardThrough[street_ + 1]) {
    return Fail(kReasonBadCards, action,
                absl::StrCat(action.num_cards, " board cards where street ", street_ + 1,
                             " deals ", kBoardThrough[street_ + 1] - kBoardThrough[street_]));
  }
  for (int i = 0; i < action.num_cards; ++i) {
    const poker::Card card = action.cards[i];
    if (seen_.Contains(card)) {
      return Fail(kReasonBadCards, action,
                  absl::StrCat(poker::CardToString(card), " is dealt twice"));
    }
    seen_.Add(card);
    out_.board[out_.board_cards++] = card;
  }
  if (out_.board_cards == kBoardThrough[street_ + 1]) {
    ++street_;
    for (int p = 0; p < n_; ++p) bet_[p] = 0;
    if (!runout_) {
      out_.last_round = street_;
      StartStreet();
    }
  }
  return absl::OkStatus();
}

absl::Status Replay::Bet(const PhhAction& action) {
  const int p = action.player;
  if (!betting_started_) {
    for (int q = 0; q < n_; ++q) {
      if (dealt_[q] != 2) {
        return Fail(kReasonIllegalAction, action,
                    absl::StrCat("a player acts before p", q + 1, "'s hole cards were dealt"));
      }
    }
    betting_started_ = true;
  }
  if (BettingOver()) {
    return Fail(kReasonIllegalAction, action,
                ActiveCount() <= 1 ? "an action after the hand ended"
                : runout_          ? "an action after the betting ended (players are all in)"
                                   : "an action before the next board cards were dealt");
  }
  if (queue_[0] != p) {
    return Fail(kReasonIllegalAction, action,
                absl::StrCat("p", p + 1, " acts but p", queue_[0] + 1, " is to act"));
  }
  const int64_t max_bet = MaxBet();
  const int64_t to_call = std::min(max_bet - bet_[p], stack_[p]);
  if (out_.num_bets >= kMaxPhhBets) {
    return Fail(kReasonIllegalAction, action, "too many betting actions");
  }
  PhhBet& record = out_.bets[out_.num_bets];
  record = PhhBet{};
  record.player = static_cast<uint8_t>(p);
  record.round = static_cast<uint8_t>(street_);
  record.action_index = action.index;
  // Pop the actor.
  std::copy(queue_.begin() + 1, queue_.begin() + queue_size_, queue_.begin());
  --queue_size_;
  const bool acted_before = (acted_ >> p) & 1;
  acted_ |= static_cast<uint16_t>(1u << p);
  if (action.kind == PhhActionKind::kFold) {
    record.type = poker::ActionType::kFold;
    record.fold_to_no_bet = to_call == 0;
    out_.folded[p] = true;
  } else if (action.kind == PhhActionKind::kCheckCall) {
    record.type = poker::ActionType::kCall;
    bet_[p] += to_call;
    stack_[p] -= to_call;
    out_.spent[p] += to_call;
    record.all_in = stack_[p] == 0 && to_call > 0;
  } else {
    // Complete, bet or raise to action.amount.
    const int64_t amount = action.amount;
    auto refuse = [&](absl::string_view why) {
      return Fail(kReasonIllegalAction, action,
                  absl::StrCat("p", p + 1, " cannot bet or raise to ",
                               ChipsText(amount, hand_.decimals), ": ", why));
    };
    if (hand_.variant == PhhVariant::kFixedLimitHoldem && raises_ >= 4) {
      return refuse("the street's 4 bets and raises are made");
    }
    if (all_in_chain_ && all_in_increments_ < completion_ && acted_before) {
      return refuse("it already acted and the all-in raises since are not a full raise");
    }
    if (stack_[p] <= max_bet - bet_[p]) return refuse("the bet to call covers its stack");
    bool opponent_can_call = false;
    for (int q = 0; q < n_; ++q) {
      if (q != p && !out_.folded[q] && stack_[q] + bet_[q] > max_bet) opponent_can_call = true;
    }
    if (!opponent_can_call) return refuse("every other player is all in or folded");
    const int64_t full = stack_[p] + bet_[p];
    const int64_t min_to = std::min(full, max_bet + std::max(completion_, StreetMinBet()));
    const int64_t max_to = hand_.variant == PhhVariant::kFixedLimitHoldem ? min_to : full;
    if (amount < min_to || amount > max_to) {
      return refuse(absl::StrCat("the legal range is ", ChipsText(min_to, hand_.decimals), " to ",
                                 ChipsText(max_to, hand_.decimals)));
    }
    const int64_t increment = amount - max_bet;
    const int64_t delta = amount - bet_[p];
    bet_[p] = amount;
    stack_[p] -= delta;
    out_.spent[p] += delta;
    ++raises_;
    if (increment >= completion_) acted_ = static_cast<uint16_t>(1u << p);
    completion_ = std::max(completion_, increment);
    if (stack_[p] == 0) {
      all_in_increments_ += increment;
      all_in_chain_ = true;
    } else {
      all_in_increments_ = 0;
      all_in_chain_ = false;
    }
    record.type = poker::ActionType::kRaise;
    record.raise_to = out_.spent[p];
    record.all_in = stack_[p] == 0;
    QueueAfter(p);
  }
  ++out_.num_bets;
  if (queue_size_ == 0 || ActiveCount() <= 1) EndStreetIfDone();
  return absl::OkStatus();
}

absl::Status Replay::ShowMuck(const PhhAction& action) {
  const int p = action.player;
  if (!BettingOver() || ActiveCount() <= 1) {
    return Fail(kReasonIllegalAction, action,
                ActiveCount() <= 1 ? "a show or muck after the hand ended (one player left)"
                                   : "a show or muck while the betting goes on");
  }
  if (out_.folded[p]) return Fail(kReasonIllegalAction, action, "a folded player shows");
  if (shown_[p]) return Fail(kReasonIllegalAction, action, "a player shows or mucks twice");
  shown_[p] = true;
  if (action.num_cards == 0 && !action.show_as_dealt) {
    out_.mucked[p] = true;
    return absl::OkStatus();
  }
  if (action.show_as_dealt) return absl::OkStatus();
  if (action.num_cards != 2) {
    return Fail(kReasonBadCards, action, "a hold'em showdown shows 2 cards");
  }
  // Cards known when dealt must be the ones shown; unknown ones are revealed here.
  std::array<poker::Card, 2> shown = {action.cards[0], action.cards[1]};
  std::array<poker::Card, 2>& hole = out_.hole[p];
  for (poker::Card dealt : hole) {
    if (dealt == poker::kNoCard) continue;
    if (shown[0] != dealt && shown[1] != dealt && shown[0] != poker::kNoCard &&
        shown[1] != poker::kNoCard) {
      return Fail(kReasonBadCards, action,
                  absl::StrCat("p", p + 1, " shows cards other than the ",
                               poker::CardToString(dealt), " it was dealt"));
    }
  }
  for (poker::Card card : shown) {
    if (card == poker::kNoCard || card == hole[0] || card == hole[1]) continue;
    if (seen_.Contains(card)) {
      return Fail(kReasonBadCards, action,
                  absl::StrCat(poker::CardToString(card), " is shown but already dealt"));
    }
    seen_.Add(card);
    if (hole[0] == poker::kNoCard) {
      hole[0] = card;
    } else if (hole[1] == poker::kNoCard) {
      hole[1] = card;
    }
  }
  return absl::OkStatus();
}

absl::Status Replay::Run() {
  out_.num_players = n_;
  out_.num_bets = 0;
  out_.board_cards = 0;
  out_.last_round = 0;
  out_.values_known = false;
  out_.rake = 0;
  out_.board.fill(poker::kNoCard);
  for (int p = 0; p < poker::kMaxPlayers; ++p) {
    out_.hole[p] = {poker::kNoCard, poker::kNoCard};
    out_.ante_paid[p] = out_.blind_paid[p] = out_.spent[p] = out_.returned[p] = 0;
    out_.folded[p] = out_.mucked[p] = false;
    out_.net[p] = 0;
  }
  // Forced bets; heads-up they are reversed: p1 (the big blind) posts the second value.
  out_.has_antes = false;
  int forced = 0;
  out_.straddled = false;
  for (int p = 0; p < n_; ++p) {
    const int from = n_ == 2 ? 1 - p : p;
    stack_[p] = hand_.starting_stacks[p];
    if (stack_[p] <= 0) {
      return Reject(reason_, kReasonBadToml,
                    absl::StrCat("starting_stacks: p", p + 1, "'s stack is not positive"));
    }
    out_.ante_paid[p] = std::min(hand_.antes[from], stack_[p]);
    stack_[p] -= out_.ante_paid[p];
    out_.has_antes |= out_.ante_paid[p] > 0;
    const int64_t blind = std::min(hand_.blinds_or_straddles[from], stack_[p]);
    out_.blind_paid[p] = bet_[p] = out_.spent[p] = blind;
    stack_[p] -= blind;
    if (hand_.blinds_or_straddles[p] > 0) {
      ++forced;
      if (p >= 2) out_.straddled = true;
    }
  }
  out_.straddled |= forced > 2;
  out_.big_blind = 0;
  for (int p = 0; p < n_; ++p) out_.big_blind = std::max(out_.big_blind, hand_.blinds_or_straddles[p]);
  if (hand_.variant == PhhVariant::kNoLimitHoldem ? hand_.min_bet <= 0
                                                  : hand_.small_bet <= 0 || hand_.big_bet <= 0) {
    return Reject(reason_, kReasonBadToml, "the minimum bet (min_bet, small_bet, big_bet) is 0");
  }
  StartStreet();

  for (const PhhAction& action : hand_.action_list()) {
    absl::Status status;
    switch (action.kind) {
      case PhhActionKind::kNoOp:
        continue;
      case PhhActionKind::kDealHole:
        status = Deal(action);
        break;
      case PhhActionKind::kDealBoard:
        status = Board(action);
        break;
      case PhhActionKind::kFold:
      case PhhActionKind::kCheckCall:
      case PhhActionKind::kBetRaise:
        status = Bet(action);
        break;
      case PhhActionKind::kShowMuck:
        status = ShowMuck(action);
        break;
    }
    if (!status.ok()) return status;
  }
  for (int p = 0; p < n_; ++p) {
    if (dealt_[p] != 2) {
      return Reject(reason_, kReasonUnfinished,
                    absl::StrCat("p", p + 1, " was dealt ", dealt_[p], " hole cards, not 2"));
    }
  }
  const bool finished =
      ActiveCount() <= 1 || (BettingOver() && (runout_ || (street_ == 3)));
  if (!finished) {
    return Reject(reason_, kReasonUnfinished,
                  BettingOver()
                      ? absl::StrCat("the actions stop before the board of street ", street_ + 1,
                                     " is dealt and bet")
                      : absl::StrCat("the actions stop while p", queue_[0] + 1,
                                     " is to act on street ", street_));
  }
  return Settle();
}

absl::Status Replay::Settle() {
  // The uncalled part of the largest bet goes back to its maker.
  int top = 0;
  for (int p = 1; p < n_; ++p) {
    if (out_.spent[p] > out_.spent[top]) top = p;
  }
  int64_t second = 0;
  for (int p = 0; p < n_; ++p) {
    if (p != top) second = std::max(second, out_.spent[p]);
  }
  out_.returned[top] = out_.spent[top] - second;
  std::array<int64_t, poker::kMaxPlayers> in_pot{};  // layered amounts
  int64_t dead = 0;                                   // antes outside the layers
  out_.pot = 0;
  for (int p = 0; p < n_; ++p) {
    in_pot[p] = out_.spent[p] - out_.returned[p];
    if (hand_.ante_trimming_status) {
      in_pot[p] += out_.ante_paid[p];
    } else {
      dead += out_.ante_paid[p];
    }
    out_.pot += out_.ante_paid[p] + out_.spent[p] - out_.returned[p];
  }
  auto eligible = [&](int p) { return !out_.folded[p] && !out_.mucked[p]; };

  // Shares by the rules, where the cards decide them.
  std::array<double, poker::kMaxPlayers> share{};
  bool shares_known = true;
  int eligible_count = 0;
  for (int p = 0; p < n_; ++p) eligible_count += eligible(p) ? 1 : 0;
  std::array<uint32_t, poker::kMaxPlayers> rank{};
  std::array<bool, poker::kMaxPlayers> rank_known{};
  if (eligible_count > 1) {
    for (int p = 0; p < n_; ++p) {
      if (!eligible(p) || out_.board_cards != 5 || out_.hole[p][0] == poker::kNoCard ||
          out_.hole[p][1] == poker::kNoCard) {
        continue;
      }
      std::array<poker::Card, 7> cards = {out_.hole[p][0], out_.hole[p][1], out_.board[0],
                                          out_.board[1],   out_.board[2],   out_.board[3],
                                          out_.board[4]};
      rank[p] = poker::EvaluateSevenCards(cards.data());
      rank_known[p] = true;
    }
  }
  std::array<int64_t, poker::kMaxPlayers> levels{};
  for (int p = 0; p < n_; ++p) levels[p] = in_pot[p];
  std::sort(levels.begin(), levels.begin() + n_);
  int64_t previous = 0;
  bool first_layer = true;
  for (int i = 0; i < n_; ++i) {
    const int64_t level = levels[i];
    if (level <= previous && !(first_layer && dead > 0)) continue;
    double amount = first_layer ? static_cast<double>(dead) : 0.0;
    for (int p = 0; p < n_; ++p) {
      amount += static_cast<double>(std::min(in_pot[p], level) - std::min(in_pot[p], previous));
    }
    first_layer = false;
    // Who may win this layer: those in for it; if all of them folded, those of the layer below.
    std::array<int, poker::kMaxPlayers> who{};
    int count = 0;
    for (int p = 0; p < n_; ++p) {
      if (eligible(p) && in_pot[p] >= level) who[count++] = p;
    }
    if (count == 0) {
      for (int p = 0; p < n_; ++p) {
        if (eligible(p)) who[count++] = p;
      }
    }
    previous = level;
    if (amount == 0 || count == 0) continue;
    if (count == 1) {
      share[who[0]] += amount;
      continue;
    }
    uint32_t best = 0;
    int winners = 0;
    for (int k = 0; k < count; ++k) {
      if (!rank_known[who[k]]) shares_known = false;
      best = std::max(best, rank[who[k]]);
    }
    if (!shares_known) continue;
    for (int k = 0; k < count; ++k) winners += rank[who[k]] == best ? 1 : 0;
    for (int k = 0; k < count; ++k) {
      if (rank[who[k]] == best) share[who[k]] += amount / winners;
    }
  }
  if (eligible_count == 0) shares_known = false;

  const int d = hand_.decimals;
  // The winnings and finishing stacks as given must be what the pots allow: with no rake each
  // player's share (an odd chip either way), with a rake at most that.
  auto check_won = [&](const std::array<int64_t, poker::kMaxPlayers>& won,
                       absl::string_view field) -> absl::Status {
    int64_t total = 0;
    for (int p = 0; p < n_; ++p) {
      total += won[p];
      if (won[p] < 0) {
        return Reject(reason_, kReasonValueMismatch,
                      absl::StrCat(field, ": p", p + 1, " wins a negative amount"));
      }
      if (won[p] > 0 && !eligible(p)) {
        return Reject(reason_, kReasonValueMismatch,
                      absl::StrCat(field, ": p", p + 1, " wins ", ChipsText(won[p], d),
                                   " but folded or mucked"));
      }
    }
    const int64_t rake = out_.pot - total;
    if (rake < 0) {
      return Reject(reason_, kReasonValueMismatch,
                    absl::StrCat(field, ": the players win ", ChipsText(total, d),
                                 ", more than the pot of ", ChipsText(out_.pot, d)));
    }
    out_.rake = rake;
    if (!shares_known) return absl::OkStatus();
    for (int p = 0; p < n_; ++p) {
      const double difference = static_cast<double>(won[p]) - share[p];
      if (difference > 1.0 + 1e-9 || (rake == 0 && difference < -1.0 - 1e-9)) {
        return Reject(reason_, kReasonValueMismatch,
                      absl::StrCat(field, ": p", p + 1, " wins ", ChipsText(won[p], d),
                                   " but the rules give it ",
                                   FormatPhhAmount(static_cast<int64_t>(share[p]), d),
                                   rake > 0 ? absl::StrCat(" (rake ", ChipsText(rake, d), ")")
                                            : std::string()));
      }
    }
    return absl::OkStatus();
  };
  auto put_in = [&](int p) { return out_.ante_paid[p] + out_.spent[p] - out_.returned[p]; };
  std::array<int64_t, poker::kMaxPlayers> winnings = hand_.winnings;
  if (hand_.has_winnings) {
    // Some sites count the uncalled bet given back in the winner's winnings (a big blind's
    // walk "collects" both blinds): take it out when that makes them the pot exactly.
    int64_t total = 0;
    for (int p = 0; p < n_; ++p) total += winnings[p];
    const int64_t back = out_.returned[top];
    if (total > out_.pot && back > 0 && winnings[top] >= back && total - back == out_.pot) {
      winnings[top] -= back;
    }
    if (absl::Status status = check_won(winnings, "winnings"); !status.ok()) return status;
    for (int p = 0; p < n_; ++p) out_.net[p] = static_cast<double>(winnings[p] - put_in(p));
    out_.values_known = true;
  }
  if (hand_.has_finishing_stacks) {
    std::array<int64_t, poker::kMaxPlayers> won{};
    bool finite = true;
    for (int p = 0; p < n_; ++p) {
      if (hand_.starting_stacks[p] >= kInfiniteStack) {
        finite = false;
        break;
      }
      won[p] = hand_.finishing_stacks[p] - (hand_.starting_stacks[p] - put_in(p));
    }
    if (finite) {
      if (absl::Status status = check_won(won, "finishing_stacks"); !status.ok()) return status;
      if (hand_.has_winnings) {
        for (int p = 0; p < n_; ++p) {
          if (won[p] != winnings[p]) {
            return Reject(reason_, kReasonValueMismatch,
                          absl::StrCat("finishing_stacks: p", p + 1, " ends with ",
                                       ChipsText(hand_.finishing_stacks[p], d),
                                       ", which its winnings do not give"));
          }
        }
      }
      for (int p = 0; p < n_; ++p) out_.net[p] = static_cast<double>(won[p] - put_in(p));
      out_.values_known = true;
    }
  }
  if (!out_.values_known && shares_known) {
    for (int p = 0; p < n_; ++p) out_.net[p] = share[p] - static_cast<double>(put_in(p));
    out_.values_known = true;
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ReplayPhhHand(const PhhHand& hand, PhhOutcome* out, const char** reason) {
  if (hand.variant == PhhVariant::kAcpcGame) {
    return Reject(reason, kReasonVariant,
                  "variant '_ACPC' (an ACPC game that PHH has no variant for, as written by "
                  "`trainer convert`) is read back only by `trainer convert`");
  }
  Replay replay(hand, out, reason);
  return replay.Run();
}

}  // namespace logs_parser
