// The human seat's library: what a line of input means in a state (keys, amounts, refusals with
// the reason), what the table shows at a decision and at the end of a hand, and the player
// itself driven with scripted input (bad lines asked again, the end of the input).
#include "tools/human/human_player.h"

#include <sstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "tests/common/test_support.h"

namespace human {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using Kind = Decision::Kind;

poker::MatchState View(const poker::GameDef& game, const std::string& line) {
  absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(game, line);
  EXPECT_TRUE(view.ok()) << line << ": " << view.status();
  return view.ok() ? *view : poker::MatchState{0, poker::State(game, 0)};
}

class HumanPlayerTest : public ::testing::Test {
 protected:
  // Heads-up no-limit, blinds 100 (position 0) and 50, stacks 20000.
  const poker::GameDef nolimit_ =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  const poker::GameDef limit_ =
      test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
};

TEST_F(HumanPlayerTest, KeysAndAmountsBecomeLegalActions) {
  // The small blind (position 1) to act first: 50 to call, raises to 200..20000.
  const poker::State start(nolimit_, 0);
  const struct {
    const char* line;
    poker::Action action;
  } cases[] = {
      {"f", poker::Action::Fold()},          {"fold", poker::Action::Fold()},
      {"c", poker::Action::Call()},          {" K ", poker::Action::Call()},
      {"call", poker::Action::Call()},       {"r 600", poker::Action::Raise(600)},
      {"r600", poker::Action::Raise(600)},   {"600", poker::Action::Raise(600)},
      {"raise to 600", poker::Action::Raise(600)}, {"b 700", poker::Action::Raise(700)},
      {"m", poker::Action::Raise(200)},      {"a", poker::Action::Raise(20000)},
      {"allin", poker::Action::Raise(20000)},
      // Pot: call 50, then raise by the pot of 200 after the call: to 300.
      {"p", poker::Action::Raise(300)},
  };
  for (const auto& c : cases) {
    const Decision decision = ParseDecision(start, c.line);
    ASSERT_EQ(decision.kind, Kind::kAction) << c.line << ": " << decision.message;
    EXPECT_EQ(decision.action, c.action) << c.line;
  }
  EXPECT_EQ(ParseDecision(start, "?").kind, Kind::kHelp);
  EXPECT_EQ(ParseDecision(start, "h").kind, Kind::kHelp);
  EXPECT_EQ(ParseDecision(start, "q").kind, Kind::kQuit);
}

TEST_F(HumanPlayerTest, BadLinesAreRefusedWithTheReason) {
  const poker::State start(nolimit_, 0);
  const struct {
    const char* line;
    const char* reason;
  } cases[] = {
      {"", "type a key"},
      {"hello", "not understood: 'hello'"},
      {"r", "raise to how much? r AMOUNT, from 200 to 20000"},
      {"r 150", "from 200 (the minimum) to 20000 (all-in); 150 is not in it"},
      {"r 20001", "20001 is not in it"},
      {"r 1e3", "'1e3' is not a whole number of chips"},
      {"r -5", "-5 is not in it"},
  };
  for (const auto& c : cases) {
    const Decision decision = ParseDecision(start, c.line);
    EXPECT_EQ(decision.kind, Kind::kInvalid) << c.line;
    EXPECT_THAT(decision.message, HasSubstr(c.reason)) << c.line;
  }
  // The big blind after a call has nothing to call: no fold.
  poker::State called(nolimit_, 0);
  ASSERT_TRUE(called.Apply(poker::Action::Call()).ok());
  EXPECT_THAT(ParseDecision(called, "f").message, HasSubstr("nothing to call"));
  EXPECT_EQ(ParseDecision(called, "c").action, poker::Action::Call());
  // Limit: one raise size, and the no-limit keys are refused.
  const poker::State limit(limit_, 0);
  EXPECT_EQ(ParseDecision(limit, "r").action, poker::Action::Raise(20));
  EXPECT_THAT(ParseDecision(limit, "r 40").message, HasSubstr("one size"));
  EXPECT_THAT(ParseDecision(limit, "a").message, HasSubstr("for no-limit games"));
  // A capped limit round (3 raises preflop) allows no raise.
  poker::State capped(limit_, 0);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(capped.Apply(poker::Action::Raise(0)).ok());
  EXPECT_THAT(ParseDecision(capped, "r").message, HasSubstr("no raise is allowed"));
}

TEST_F(HumanPlayerTest, TheDecisionShowsCardsBoardPotStacksBettingAndLegalActions) {
  // Hand 5: you (small blind) raised to 300, the opponent called; on the flop it bets to 800.
  const poker::MatchState view = View(nolimit_, "MATCHSTATE:1:4:r300c/r800:|AsKd/QcJh2s");
  const std::string text = DescribeDecision(view);
  EXPECT_THAT(text, HasSubstr("-- Hand 5, flop -- your move"));
  EXPECT_THAT(text, HasSubstr("Your cards: As Kd   Board: Qc Jh 2s"));
  EXPECT_THAT(text, HasSubstr("Pot: 1100   Stacks: opponent 19200 (in the pot 800), you 19700 "
                              "(in the pot 300)"));
  EXPECT_THAT(text, HasSubstr("  preflop: opponent posts 100 (big blind), you post 50 (small "
                              "blind), you raise to 300, opponent calls 200\n"
                              "  flop: opponent bets to 800\n"));
  EXPECT_THAT(text, HasSubstr("To call: 500"));
  // The minimum raise adds the last raise (500) again; pot: call 500, raise by 1600.
  EXPECT_THAT(text, HasSubstr("Legal: [f] fold  [c] call 500  [r AMOUNT] raise to 1300..20000  "
                              "[m] 1300  [p] 2400  [a] all-in 20000"));

  // 3-player Kuhn: seats P1..P3, antes, one card, no board, a limit raise.
  const poker::GameDef kuhn = test_support::LoadProjectGame("kuhn.limit.3p.game");
  const std::string kuhn_text = DescribeDecision(View(kuhn, "MATCHSTATE:1:0:r:|Ks|"));
  EXPECT_THAT(kuhn_text, HasSubstr("Your cards: Ks\n"));
  EXPECT_THAT(kuhn_text, Not(HasSubstr("Board")));
  EXPECT_THAT(kuhn_text, HasSubstr("P1 posts 1 (ante), you post 1 (ante), P3 posts 1 (ante), "
                                   "P1 raises to 2"));
  EXPECT_THAT(kuhn_text, HasSubstr("Legal: [f] fold  [c] call 1  [?] help"));
}

TEST_F(HumanPlayerTest, TheResultNamesTheShowdownHandsAndTheChips) {
  // Both checked down: the queen-high straight against the ace-high one.
  const poker::MatchState view =
      View(nolimit_, "MATCHSTATE:0:7:cc/cc/cc/cc:9s8h|AsKd/QcJh2s/Td/3c");
  const std::string text = DescribeResult(view, -100);
  EXPECT_THAT(text, HasSubstr("Showdown: you 9s 8h (straight), opponent As Kd (straight) on "
                              "Qc Jh 2s Td 3c"));
  EXPECT_THAT(text, HasSubstr("Hand 8: you lose 100 (pot 200)"));
  const poker::MatchState folded = View(nolimit_, "MATCHSTATE:1:2:r300f:|AsKd");
  EXPECT_THAT(DescribeResult(folded, 100), HasSubstr("Everyone else folded: you take the pot"));
  EXPECT_THAT(DescribeResult(folded, 100), HasSubstr("you win 100"));
}

// The player as the ACPC client drives it: states in, actions out, with a person's typed lines.
TEST_F(HumanPlayerTest, ScriptedInputIsAskedAgainUntilLegalAndTheEndOfInputFoldsOnQuietly) {
  std::istringstream in("nonsense\nr 10\nr 900\nc\n");
  std::ostringstream out;
  HumanPlayer player(nolimit_, &in, &out);
  const poker::MatchState first = View(nolimit_, "MATCHSTATE:1:0::|AsKd");
  player.Observe(first);
  EXPECT_EQ(player.Act(first), poker::Action::Raise(900));
  EXPECT_THAT(out.str(), HasSubstr("== Hand 1: your cards As Kd; blinds: opponent 100, you 50"));
  EXPECT_THAT(out.str(), HasSubstr("not understood: 'nonsense'"));
  EXPECT_THAT(out.str(), HasSubstr("10 is not in it"));
  // The opponent re-raises; the call comes from the next line.
  const poker::MatchState reraised = View(nolimit_, "MATCHSTATE:1:0:r900r2700:|AsKd");
  player.Observe(reraised);
  EXPECT_THAT(out.str(), HasSubstr("  opponent raises to 2700\n"));
  EXPECT_EQ(player.Act(reraised), poker::Action::Call());
  // The hand ends at a showdown: the result and the running total.
  player.Observe(View(nolimit_, "MATCHSTATE:1:0:r900r2700c/cc/cc/cc:QhQd|AsKd/2c3d4h/5s/9c"));
  EXPECT_THAT(out.str(), HasSubstr("Hand 1: you win 2700 (pot 5400)"));
  EXPECT_THAT(out.str(), HasSubstr("Running total: 1 hand, +2700 chips (+27 big blinds, 27000 "
                                   "mbb/hand)"));
  EXPECT_EQ(player.hands_finished(), 1);
  EXPECT_DOUBLE_EQ(player.total_chips(), 2700);
  // The input ends: check or fold from then on, without asking or showing the hands.
  const poker::MatchState second = View(nolimit_, "MATCHSTATE:0:1:r300:AhAc|");
  player.Observe(second);
  EXPECT_EQ(player.Act(second), poker::Action::Fold());
  EXPECT_TRUE(player.input_ended());
  EXPECT_THAT(out.str(), HasSubstr("(input ended: the rest of the match is played check/fold"));
  const size_t shown = out.str().size();
  player.Observe(View(nolimit_, "MATCHSTATE:0:1:r300f:AhAc|"));
  const poker::MatchState third = View(nolimit_, "MATCHSTATE:1:2:c:|7h2c");
  player.Observe(third);
  EXPECT_EQ(out.str().size(), shown);  // nothing more shown
  EXPECT_EQ(player.hands_finished(), 2);
  EXPECT_DOUBLE_EQ(player.total_chips(), 2600);
  EXPECT_THAT(player.TotalText(), HasSubstr("2 hands, +2600 chips"));
}

TEST_F(HumanPlayerTest, QuitPlaysTheRestPassively) {
  std::istringstream in("?\nq\nc\n");
  std::ostringstream out;
  HumanPlayer player(nolimit_, &in, &out);
  const poker::MatchState view = View(nolimit_, "MATCHSTATE:0:0:c:AsKd|");
  player.Observe(view);
  EXPECT_EQ(player.Act(view), poker::Action::Call());  // a free check, not a fold
  EXPECT_THAT(out.str(), HasSubstr("Keys (then Enter):"));
  EXPECT_THAT(out.str(), HasSubstr("(quit: the rest of the match is played check/fold"));
  EXPECT_TRUE(player.input_ended());
  EXPECT_THAT(out.str(), Not(HasSubstr("not understood")));
}

}  // namespace
}  // namespace human
