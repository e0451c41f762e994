// A person at the table: a poker::Player that shows each hand on a text stream (the cards, the
// board, the pot, the stacks, the betting so far and the legal actions) and reads the person's
// decisions, a key or an amount a line, from another. The `human` program seats it behind any
// ACPC dealer through acpc::PlayAcpcMatch, as the agent and the bots are seated.
//
//   human::HumanPlayer player(game, &std::cin, &std::cout);
//   absl::Status status = acpc::PlayAcpcMatch(game, host, port, &player);
//
// A line that is not a legal decision is answered with why and asked again. When the input ends
// (end of file, or the person types `q`), the rest of the match is played without asking: check
// when that is free, else fold; so the dealer finishes its match and its log stays whole.
#ifndef TOOLS_HUMAN_HUMAN_PLAYER_H_
#define TOOLS_HUMAN_HUMAN_PLAYER_H_

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "absl/strings/string_view.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"

namespace human {

// What one line of the person's input asks for.
struct Decision {
  enum class Kind { kAction, kHelp, kQuit, kInvalid };
  Kind kind = Kind::kInvalid;
  poker::Action action;  // kAction: a legal action for the player to act
  std::string message;   // kInvalid: why the line is not a decision, for the person
};

// Reads one line for the player to act in `state` (not finished). Keys: `f` fold, `c` or `k`
// check/call, `r` raise (limit: the fixed raise; no-limit: `r AMOUNT`, or the amount alone, is
// the total raised to), and in no-limit `m` the minimum raise, `p` a pot-size raise (call, then
// raise by the pot), `a` all-in; `?` or `h` help, `q` quit. Words (`fold`, `call`, `check`,
// `raise 600`, `bet 600`, `allin`) work too; case and spaces do not matter. An action that is
// not legal here (a fold with nothing to call, a raise when none is allowed, an amount out of
// range) is kInvalid with the reason.
Decision ParseDecision(const poker::State& state, absl::string_view line);

// The raise-to of `p` (a pot-size raise: call, then raise by the pot after the call), clamped
// into the legal range; the state must allow a raise.
int32_t PotRaiseTo(const poker::State& state);

// Who sits at `position` for the `viewer`: "you", "opponent" heads-up, else "P<position+1>".
std::string PositionName(const poker::GameDef& game, int position, int viewer);

// The betting of the hand so far, one street a line, in words: `preflop: you post 50 (small
// blind), opponent posts 100 (big blind), you raise to 300, opponent calls 200`.
std::string DescribeBetting(const poker::State& state, int viewer);

// The table when the viewer is to act: the hand, its cards, the board, the pot, every stack,
// the betting so far, the amount to call and the legal actions with their keys.
std::string DescribeDecision(const poker::MatchState& view);

// One finished hand's result for the viewer: how it ended (a fold, or the showdown's cards and
// hands), and the chips won or lost. `value` is the viewer's result in chips.
std::string DescribeResult(const poker::MatchState& view, double value);

// The help text of the keys (what `?` prints).
std::string HelpText(const poker::GameDef& game);

// Plays through an ACPC connection for a person. Not thread-safe; one match at a time.
class HumanPlayer : public poker::Player {
 public:
  // `in` and `out` must outlive the player.
  HumanPlayer(const poker::GameDef& game, std::istream* in, std::ostream* out);

  // Shows what happened since the last state (new hand, actions, board cards), and each hand's
  // result with the running total when it ends.
  void Observe(const poker::MatchState& view) override;
  // Shows the table and reads lines until one is a legal decision (or the input ends).
  poker::Action Act(const poker::MatchState& view) override;

  // Hands finished so far and the chips won over them (negative: lost).
  int64_t hands_finished() const { return hands_finished_; }
  double total_chips() const { return total_chips_; }
  // True once the input ended or the person quit (the rest is played check/fold).
  bool input_ended() const { return input_ended_; }
  // `N hands, +X chips (+Y big blinds, Z mbb/hand)`.
  std::string TotalText() const;

 private:
  // Prints the actions and board cards of `view` not shown yet.
  void ShowProgress(const poker::MatchState& view);

  const poker::GameDef* game_;
  std::istream* in_;
  std::ostream* out_;
  int64_t hands_finished_ = 0;
  double total_chips_ = 0;
  bool input_ended_ = false;
  // The hand being shown, what of it was shown, and whether its result was.
  int64_t hand_ = -1;
  int rounds_shown_ = 0;  // streets whose board cards were shown (the first: the hand's start)
  int actions_shown_ = 0;  // actions of the hand shown, over all streets
  bool result_shown_ = false;
};

}  // namespace human

#endif  // TOOLS_HUMAN_HUMAN_PLAYER_H_
