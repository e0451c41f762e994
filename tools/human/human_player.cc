#include "tools/human/human_player.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"

namespace human {
namespace {

const char* RoundName(const poker::GameDef& game, int round) {
  if (game.IsHoldemCards()) {
    static constexpr const char* kNames[] = {"preflop", "flop", "turn", "river"};
    return kNames[round];
  }
  static constexpr const char* kRounds[] = {"round 1", "round 2", "round 3", "round 4",
                                            "round 5", "round 6", "round 7", "round 8"};
  return round < 8 ? kRounds[round] : "round";
}

// "Ah Kd": cards separated by spaces.
std::string CardsText(absl::Span<const poker::Card> cards) {
  std::vector<std::string> words;
  for (poker::Card card : cards) words.push_back(poker::CardToString(card));
  return absl::StrJoin(words, " ");
}

std::string HoleText(const poker::State& state, int position) {
  std::vector<poker::Card> cards;
  for (int i = 0; i < state.game().num_hole_cards; ++i) cards.push_back(state.hole_card(position, i));
  return CardsText(cards);
}

std::vector<poker::Card> Board(const poker::State& state, int round) {
  std::vector<poker::Card> board;
  for (int i = 0; i < state.game().BoardCardsThrough(round); ++i) {
    board.push_back(state.board_card(i));
  }
  return board;
}

// The blind a position posts, in words ("big blind", "small blind", "blind 25"), or "".
std::string BlindRole(const poker::GameDef& game, int position) {
  const int32_t blind = game.blind[position];
  if (blind <= 0) return "";
  bool everyone_equal = true;  // Kuhn and Leduc: an ante from every seat
  for (int p = 0; p < game.num_players; ++p) everyone_equal &= game.blind[p] == blind;
  if (everyone_equal) return "ante";
  if (blind == game.BigBlind()) return "big blind";
  int32_t second = 0;
  for (int p = 0; p < game.num_players; ++p) {
    if (game.blind[p] < game.BigBlind()) second = std::max(second, game.blind[p]);
  }
  return blind == second ? "small blind" : absl::StrCat("blind ", blind);
}

// "posts" for others, "post" for you (and the same for every verb).
std::string Verb(const std::string& who, const char* verb) {
  return who == "you" ? verb : absl::StrCat(verb, "s");
}

// The action `action` of `actor` in `before` (the state just before it), in words.
std::string ActionText(const poker::State& before, int actor, const poker::Action& action,
                       int viewer) {
  const std::string who = PositionName(before.game(), actor, viewer);
  switch (action.type) {
    case poker::ActionType::kFold:
      return absl::StrCat(who, " ", Verb(who, "fold"));
    case poker::ActionType::kCall: {
      const int32_t to_call = before.AmountToCall();
      if (to_call == 0) return absl::StrCat(who, " ", Verb(who, "check"));
      return absl::StrCat(who, " ", Verb(who, "call"), " ", to_call);
    }
    case poker::ActionType::kRaise: {
      int32_t raise_to = action.raise_to;
      if (raise_to == 0) {  // a limit raise recorded without its total
        int32_t max_to = 0;
        before.RaiseRange(&raise_to, &max_to);
      }
      const bool all_in = raise_to >= before.game().stack[actor];
      // After the first round, the first raise of a round is a bet (preflop the blinds are).
      const bool bet = before.round() > 0 && before.num_raises(before.round()) == 0;
      return absl::StrCat(who, " ", Verb(who, bet ? "bet" : "raise"), " to ", raise_to,
                          all_in ? " (all-in)" : "");
    }
  }
  return who;
}

// Replays `state`'s betting on a fresh state of the same hand, calling `each(round, text)` for
// every action in order (the blinds first, as round 0's `-1` entries).
template <typename Each>
void ReplayBetting(const poker::State& state, int viewer, int first_action, Each each) {
  poker::State replay(state.game(), state.hand_number());
  int index = 0;
  for (int round = 0; round <= state.round(); ++round) {
    for (int i = 0; i < state.num_actions(round); ++i) {
      const poker::Action& action = state.action(round, i);
      if (index >= first_action) {
        each(round, ActionText(replay, state.actor(round, i), action, viewer));
      }
      ++index;
      if (!replay.Apply(action).ok()) return;  // cannot happen for a state the codec built
    }
  }
}

std::string Signed(double chips) {
  const std::string number = poker::FormatValue(std::abs(chips));
  return chips > 0 ? absl::StrCat("+", number) : chips < 0 ? absl::StrCat("-", number) : "0";
}

// The best hand's name of a position at a hold'em showdown ("two pair"), or "".
std::string HandName(const poker::State& state, int position) {
  if (!state.game().IsHoldemCards() || !state.HoleCardsKnown(position)) return "";
  std::vector<poker::Card> cards = Board(state, state.game().num_rounds - 1);
  if (cards.size() != 5) return "";
  cards.push_back(state.hole_card(position, 0));
  cards.push_back(state.hole_card(position, 1));
  return poker::CategoryName(poker::CategoryOf(poker::EvaluateCards(cards)));
}

bool Word(absl::string_view text, std::initializer_list<absl::string_view> words) {
  for (absl::string_view word : words) {
    if (text == word) return true;
  }
  return false;
}

Decision Invalid(std::string message) {
  return Decision{Decision::Kind::kInvalid, poker::Action::Call(), std::move(message)};
}

Decision Act(poker::Action action) { return Decision{Decision::Kind::kAction, action, ""}; }

}  // namespace

std::string PositionName(const poker::GameDef& game, int position, int viewer) {
  if (position == viewer) return "you";
  if (game.num_players == 2) return "opponent";
  return absl::StrCat("P", position + 1);
}

int32_t PotRaiseTo(const poker::State& state) {
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (!state.RaiseRange(&min_to, &max_to)) return 0;
  const int64_t pot_after_call = int64_t{state.pot()} + state.AmountToCall();
  const int64_t raise_to = int64_t{state.max_spent()} + pot_after_call;
  return static_cast<int32_t>(std::clamp<int64_t>(raise_to, min_to, max_to));
}

Decision ParseDecision(const poker::State& state, absl::string_view line) {
  std::string text = absl::AsciiStrToLower(absl::StripAsciiWhitespace(line));
  if (text.empty()) return Invalid("type a key: f, c, r ... (? for help)");
  if (Word(text, {"?", "h", "help"})) return Decision{Decision::Kind::kHelp, {}, ""};
  if (Word(text, {"q", "quit", "exit"})) return Decision{Decision::Kind::kQuit, {}, ""};
  const poker::GameDef& game = state.game();
  if (Word(text, {"f", "fold"})) {
    if (!state.CanFold()) return Invalid("nothing to call: check with c instead of folding");
    return Act(poker::Action::Fold());
  }
  if (Word(text, {"c", "k", "call", "check"})) return Act(poker::Action::Call());

  int32_t min_to = 0;
  int32_t max_to = 0;
  const bool can_raise = state.RaiseRange(&min_to, &max_to);
  // The keys of a raise, and the amount after `r`/`b` (or alone).
  std::string amount_text;
  if (Word(text, {"a", "allin", "all-in", "all in", "m", "min", "p", "pot"})) {
    if (!game.is_no_limit()) {
      return Invalid(absl::StrCat("'", text, "' is for no-limit games: raise with r"));
    }
    if (!can_raise) return Invalid("no raise is allowed here: f, c");
    if (text[0] == 'a') return Act(poker::Action::Raise(max_to));
    if (text[0] == 'm') return Act(poker::Action::Raise(min_to));
    return Act(poker::Action::Raise(PotRaiseTo(state)));
  }
  absl::string_view rest = text;
  bool raise_word = false;
  for (absl::string_view prefix : {"raise", "bet", "r", "b"}) {
    if (absl::ConsumePrefix(&rest, prefix)) {
      raise_word = true;
      break;
    }
  }
  if (raise_word) absl::ConsumePrefix(&rest, " to");
  rest = absl::StripAsciiWhitespace(rest);
  if (!raise_word && (rest.empty() || !absl::ascii_isdigit(static_cast<unsigned char>(rest[0])))) {
    return Invalid(absl::StrCat("not understood: '", line, "' (? for help)"));
  }
  if (!can_raise) return Invalid("no raise is allowed here (the cap, or everyone is all-in): f, c");
  if (!game.is_no_limit()) {
    if (!rest.empty()) return Invalid("a limit raise has one size: type r alone");
    return Act(poker::Action::Raise(min_to));
  }
  if (rest.empty()) {
    return Invalid(absl::StrFormat("raise to how much? r AMOUNT, from %d to %d (or m, p, a)",
                                   min_to, max_to));
  }
  int64_t amount = 0;
  if (!absl::SimpleAtoi(rest, &amount)) {
    return Invalid(absl::StrCat("'", rest, "' is not a whole number of chips"));
  }
  if (amount < min_to || amount > max_to) {
    return Invalid(absl::StrFormat(
        "a raise goes to a total from %d (the minimum) to %d (all-in); %d is not in it", min_to,
        max_to, amount));
  }
  return Act(poker::Action::Raise(static_cast<int32_t>(amount)));
}

std::string DescribeBetting(const poker::State& state, int viewer) {
  const poker::GameDef& game = state.game();
  std::vector<std::vector<std::string>> rounds(state.round() + 1);
  for (int p = 0; p < game.num_players; ++p) {
    if (game.blind[p] <= 0) continue;
    const std::string who = PositionName(game, p, viewer);
    rounds[0].push_back(
        absl::StrCat(who, " ", Verb(who, "post"), " ", game.blind[p], " (", BlindRole(game, p), ")"));
  }
  ReplayBetting(state, viewer, 0,
                [&](int round, std::string text) { rounds[round].push_back(std::move(text)); });
  std::string out;
  for (int round = 0; round <= state.round(); ++round) {
    if (round > 0 && rounds[round].empty() && state.finished()) continue;
    absl::StrAppend(&out, "  ", RoundName(game, round), ": ",
                    rounds[round].empty() ? "-" : absl::StrJoin(rounds[round], ", "), "\n");
  }
  return out;
}

std::string HelpText(const poker::GameDef& game) {
  std::string out =
      "Keys (then Enter):\n"
      "  f          fold\n"
      "  c  or k    check, or call what is to call\n";
  if (game.is_no_limit()) {
    absl::StrAppend(&out,
                    "  r AMOUNT   raise (or bet) to AMOUNT: the total you will have put in this "
                    "hand;\n"
                    "             the amount alone works too (e.g. 600)\n"
                    "  m          the minimum raise\n"
                    "  p          a pot-size raise (call, then raise by the pot)\n"
                    "  a          all-in\n");
  } else {
    absl::StrAppend(&out, "  r          raise (or bet) by the fixed amount\n");
  }
  absl::StrAppend(&out,
                  "  ?          this help\n"
                  "  q          quit: the rest of the match is played check/fold without asking "
                  "(as at the end of the input)\n");
  return out;
}

std::string DescribeDecision(const poker::MatchState& view) {
  const poker::State& state = view.state;
  const poker::GameDef& game = state.game();
  const int viewer = view.viewer;
  std::string out = absl::StrCat("\n-- Hand ", state.hand_number() + 1, ", ",
                                 RoundName(game, state.round()), " -- your move\n");
  absl::StrAppend(&out, "Your cards: ", HoleText(state, viewer));
  const std::vector<poker::Card> board = Board(state, state.round());
  if (game.TotalBoardCards() > 0) {  // Kuhn has no board
    absl::StrAppend(&out, "   Board: ", board.empty() ? "(none yet)" : CardsText(board));
  }
  out += "\n";
  std::vector<std::string> stacks;
  for (int p = 0; p < game.num_players; ++p) {
    std::string stack = absl::StrCat(PositionName(game, p, viewer), " ",
                                     game.stack[p] - state.spent(p), " (in the pot ",
                                     state.spent(p), state.folded(p) ? ", folded" : "", ")");
    stacks.push_back(stack);
  }
  absl::StrAppend(&out, "Pot: ", state.pot(), "   Stacks: ", absl::StrJoin(stacks, ", "), "\n");
  absl::StrAppend(&out, "Betting so far:\n", DescribeBetting(state, viewer));
  const int32_t to_call = state.AmountToCall();
  std::vector<std::string> legal;
  if (state.CanFold()) legal.push_back("[f] fold");
  legal.push_back(to_call == 0 ? std::string("[c] check") : absl::StrCat("[c] call ", to_call));
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (state.RaiseRange(&min_to, &max_to)) {
    const char* verb =
        state.round() > 0 && state.num_raises(state.round()) == 0 ? "bet" : "raise";
    if (game.is_no_limit()) {
      legal.push_back(absl::StrFormat("[r AMOUNT] %s to %d..%d", verb, min_to, max_to));
      legal.push_back(absl::StrFormat("[m] %d", min_to));
      legal.push_back(absl::StrFormat("[p] %d", PotRaiseTo(state)));
      legal.push_back(absl::StrFormat("[a] all-in %d", max_to));
    } else {
      legal.push_back(absl::StrFormat("[r] %s to %d", verb, min_to));
    }
  }
  absl::StrAppend(&out, "To call: ", to_call, "\nLegal: ", absl::StrJoin(legal, "  "),
                  "  [?] help  [q] quit\n");
  return out;
}

std::string DescribeResult(const poker::MatchState& view, double value) {
  const poker::State& state = view.state;
  const poker::GameDef& game = state.game();
  const int viewer = view.viewer;
  std::string out;
  if (state.IsShowdown()) {
    std::vector<std::string> shown;
    for (int p = 0; p < game.num_players; ++p) {
      if (state.folded(p)) continue;
      const std::string name = HandName(state, p);
      shown.push_back(absl::StrCat(PositionName(game, p, viewer), " ",
                                   state.HoleCardsKnown(p) ? HoleText(state, p) : "(not shown)",
                                   name.empty() ? "" : absl::StrCat(" (", name, ")")));
    }
    const std::vector<poker::Card> board = Board(state, game.num_rounds - 1);
    absl::StrAppend(&out, "Showdown: ", absl::StrJoin(shown, ", "),
                    board.empty() ? "" : absl::StrCat(" on ", CardsText(board)), "\n");
  } else {
    for (int p = 0; p < game.num_players; ++p) {
      if (!state.folded(p)) {
        absl::StrAppend(&out, "Everyone else folded: ", PositionName(game, p, viewer),
                        p == viewer ? " take" : " takes", " the pot\n");
      }
    }
  }
  absl::StrAppend(&out, "Hand ", state.hand_number() + 1, ": ",
                  value > 0   ? absl::StrCat("you win ", poker::FormatValue(value))
                  : value < 0 ? absl::StrCat("you lose ", poker::FormatValue(-value))
                              : std::string("you break even"),
                  " (pot ", state.pot(), ")\n");
  return out;
}

HumanPlayer::HumanPlayer(const poker::GameDef& game, std::istream* in, std::ostream* out)
    : game_(&game), in_(in), out_(out) {}

std::string HumanPlayer::TotalText() const {
  const double big_blinds = total_chips_ / game_->BigBlind();
  return absl::StrFormat("%d hand%s, %s chips (%s big blinds, %.0f mbb/hand)", hands_finished_,
                         hands_finished_ == 1 ? "" : "s", Signed(total_chips_),
                         Signed(std::round(big_blinds * 100) / 100),
                         hands_finished_ > 0 ? 1000 * big_blinds / hands_finished_ : 0.0);
}

void HumanPlayer::ShowProgress(const poker::MatchState& view) {
  const poker::State& state = view.state;
  std::ostream& out = *out_;
  if (static_cast<int64_t>(state.hand_number()) != hand_) {
    hand_ = state.hand_number();
    rounds_shown_ = 1;
    actions_shown_ = 0;
    result_shown_ = false;
    if (!input_ended_) {
      out << "\n== Hand " << state.hand_number() + 1 << ": your cards "
          << HoleText(state, view.viewer) << "; blinds: ";
      std::vector<std::string> blinds;
      for (int p = 0; p < game_->num_players; ++p) {
        if (game_->blind[p] > 0) {
          blinds.push_back(absl::StrCat(PositionName(*game_, p, view.viewer), " ",
                                        game_->blind[p]));
        }
      }
      out << absl::StrJoin(blinds, ", ") << "\n";
    }
  }
  if (input_ended_) return;
  // Actions first, then the board cards of the streets reached since.
  std::vector<std::string> lines;
  int count = 0;
  ReplayBetting(state, view.viewer, actions_shown_, [&](int round, std::string text) {
    while (rounds_shown_ <= round) {
      const std::vector<poker::Card> board = Board(state, rounds_shown_);
      lines.push_back(absl::StrCat("  ", RoundName(*game_, rounds_shown_), ": ",
                                   CardsText(board)));
      ++rounds_shown_;
    }
    lines.push_back(absl::StrCat("  ", text));
    ++count;
  });
  actions_shown_ += count;
  while (rounds_shown_ <= state.round()) {
    lines.push_back(absl::StrCat("  ", RoundName(*game_, rounds_shown_), ": ",
                                 CardsText(Board(state, rounds_shown_))));
    ++rounds_shown_;
  }
  for (const std::string& line : lines) out << line << "\n";
}

void HumanPlayer::Observe(const poker::MatchState& view) {
  ShowProgress(view);
  const poker::State& state = view.state;
  if (!state.finished() || result_shown_) {
    out_->flush();
    return;
  }
  result_shown_ = true;
  // The dealer shows the cards a showdown needs; a result it cannot compute is not counted.
  std::array<double, poker::kMaxPlayers> values{};
  if (!state.Values(absl::MakeSpan(values.data(), game_->num_players)).ok()) return;
  ++hands_finished_;
  total_chips_ += values[view.viewer];
  if (input_ended_) return;
  *out_ << DescribeResult(view, values[view.viewer]) << "Running total: " << TotalText() << "\n"
        << std::flush;
}

poker::Action HumanPlayer::Act(const poker::MatchState& view) {
  const poker::State& state = view.state;
  const poker::Action passive = state.CanFold() ? poker::Action::Fold() : poker::Action::Call();
  if (input_ended_) return passive;
  *out_ << DescribeDecision(view);
  std::string line;
  while (true) {
    *out_ << "> " << std::flush;
    if (!std::getline(*in_, line)) {
      input_ended_ = true;
      *out_ << "\n(input ended: the rest of the match is played check/fold without asking)\n"
            << std::flush;
      return passive;
    }
    const Decision decision = ParseDecision(state, line);
    switch (decision.kind) {
      case Decision::Kind::kAction:
        return decision.action;
      case Decision::Kind::kHelp:
        *out_ << HelpText(*game_);
        break;
      case Decision::Kind::kQuit:
        input_ended_ = true;
        *out_ << "(quit: the rest of the match is played check/fold without asking)\n"
              << std::flush;
        return passive;
      case Decision::Kind::kInvalid:
        *out_ << decision.message << "\n";
        break;
    }
  }
}

}  // namespace human
