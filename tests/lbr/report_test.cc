// The pieces under local best response: hole-card sets in their fixed order, our equity against
// every opponent hand (against the agent's exact equity and a hand count), strategy reports
// against what the players actually draw, and the range tracker against a brute-force Bayes
// update of a hand-made hold'em sequence.
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "agent/equity.h"
#include "agent/policies.h"
#include "agent/range.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/hand_strength.h"
#include "poker/strategy_report.h"
#include "solver/cfr_player.h"
#include "tests/common/test_support.h"
#include "tests/lbr/state_at.h"
#include "tools/arena/player_registry.h"
#include "tools/bots/rule_bot.h"
#include "tools/lbr/lbr.h"
#include "tools/lbr/showdown_equity.h"

namespace lbr {
namespace {

using poker::Action;
using poker::Card;
using poker::State;

std::string Strategy(const std::string& name) {
  return std::string(POKER_SOURCE_DIR) + "/data/strategies/" + name;
}

Card C(const char* text) { return *poker::ParseCard(text); }

TEST(HoleSets, HoldemIsPairIndexOrder) {
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  const poker::HoleSets sets(game);
  ASSERT_EQ(sets.size(), poker::kNumPairs);
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const absl::Span<const Card> cards = sets.cards(i);
    ASSERT_EQ(cards.size(), 2u);
    EXPECT_EQ(poker::PairIndex(cards[0], cards[1]), i);
    const Card reversed[2] = {cards[1], cards[0]};
    EXPECT_EQ(sets.IndexOf(reversed), i);
  }
  const Card same[2] = {C("Ah"), C("Ah")};
  EXPECT_EQ(sets.IndexOf(same), -1);
}

TEST(HoleSets, SmallGamesAreTheirDecks) {
  const poker::HoleSets leduc(test_support::LoadProjectGame("leduc.limit.2p.game"));
  ASSERT_EQ(leduc.size(), 6);
  const char* order[] = {"Qh", "Qs", "Kh", "Ks", "Ah", "As"};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(leduc.cards(i)[0], C(order[i])) << i;
    const Card card = C(order[i]);
    EXPECT_EQ(leduc.IndexOf(absl::MakeConstSpan(&card, 1)), i);
  }
  const Card two = C("2c");  // not in Leduc's deck
  EXPECT_EQ(leduc.IndexOf(absl::MakeConstSpan(&two, 1)), -1);
  EXPECT_EQ(poker::HoleSets(test_support::LoadProjectGame("kuhn.limit.2p.game")).size(), 3);
}

TEST(ShowdownEquity, HoldemMatchesTheAgentsExactEquityAgainstSinglePairs) {
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  absl::StatusOr<std::unique_ptr<ShowdownEquity>> engine = ShowdownEquity::Create(game, {});
  ASSERT_TRUE(engine.ok()) << engine.status();
  const poker::PairCards hole{C("Jh"), C("Th")};
  const Card full_board[5] = {C("9h"), C("2h"), C("Kc"), C("8d"), C("2s")};
  std::vector<double> equity;
  for (int board_size : {3, 4, 5}) {
    const absl::Span<const Card> board(full_board, board_size);
    const Card ours[2] = {hole.low, hole.high};
    (*engine)->Compute(ours, board, &equity);
    for (int pair : {0, 77, 400, 901, 1325, poker::PairIndex(C("Kd"), C("Ks")),
                     poker::PairIndex(C("Ah"), C("3h"))}) {
      const poker::PairCards p = poker::PairFromIndex(pair);
      const poker::CardSet cards({p.low, p.high});
      if (cards.Intersects(poker::CardSet(board)) || cards.Contains(hole.low) ||
          cards.Contains(hole.high)) {
        EXPECT_EQ(equity[pair], 0) << pair;
        continue;
      }
      agent::Range range;
      range.Fill(0);
      range.set_weight(pair, 1);
      const agent::Range* ranges[1] = {&range};
      agent::EquityOptions options;
      options.max_exact_evaluations = int64_t{1} << 40;
      absl::StatusOr<agent::EquityResult> exact =
          agent::ComputeEquity(hole, board, ranges, options);
      ASSERT_TRUE(exact.ok()) << exact.status();
      ASSERT_TRUE(exact->exact);
      EXPECT_NEAR(equity[pair], exact->equity, 1e-9) << "board " << board_size << " pair " << pair;
    }
  }
  // Preflop: the class table's sampled boards, close to the known all-in equities.
  const Card aces[2] = {C("Ac"), C("Ad")};
  (*engine)->Compute(aces, {}, &equity);
  EXPECT_NEAR(equity[poker::PairIndex(C("Kh"), C("Ks"))], 0.82, 0.02);
  EXPECT_NEAR(equity[poker::PairIndex(C("7h"), C("2s"))], 0.88, 0.02);
  EXPECT_EQ(equity[poker::PairIndex(C("Ac"), C("Kh"))], 0);  // shares our ace
}

TEST(ShowdownEquity, LeducByHand) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  absl::StatusOr<std::unique_ptr<ShowdownEquity>> engine = ShowdownEquity::Create(game, {});
  ASSERT_TRUE(engine.ok()) << engine.status();
  std::vector<double> equity;
  const Card ks = C("Ks");
  (*engine)->Compute(absl::MakeConstSpan(&ks, 1), {}, &equity);
  // Ks against Qh: the board is one of Qs (they pair: lose), Kh (we pair: win), Ah, As (king
  // high wins): 3/4. Against Kh: a tie unless the board pairs neither, always a tie: 1/2.
  // Against Ah: Qh, Qs, As lose (As pairs them), Kh wins: 1/4.
  EXPECT_DOUBLE_EQ(equity[0], 0.75);  // Qh
  EXPECT_DOUBLE_EQ(equity[2], 0.5);   // Kh
  EXPECT_DOUBLE_EQ(equity[3], 0.0);   // Ks: ours
  EXPECT_DOUBLE_EQ(equity[4], 0.25);  // Ah
  const Card board = C("Qs");
  (*engine)->Compute(absl::MakeConstSpan(&ks, 1), absl::MakeConstSpan(&board, 1), &equity);
  EXPECT_DOUBLE_EQ(equity[0], 0.0);  // Qh pairs the board
  EXPECT_DOUBLE_EQ(equity[4], 0.0);  // ace high beats king high
  EXPECT_DOUBLE_EQ(equity[2], 0.5);
}

// P(Decide plays each action) for one hole-card set, by walking u over a grid: with plain play
// the kept weights are whole 255ths, so the midpoints of the 255 cells land one in each.
std::vector<double> DrawnProbabilities(const solver::CfrDecider& decider, const State& state,
                                       absl::Span<const Card> hole,
                                       const poker::StrategyReport& report) {
  std::vector<double> drawn(report.num_actions(), 0.0);
  for (int j = 0; j < 255; ++j) {
    const Action action = decider.Decide(state, hole, (j + 0.5) / 255);
    const int index = report.IndexOf(poker::RecordedAction(state, action));
    EXPECT_GE(index, 0) << "an action the report does not hold";
    if (index >= 0) drawn[index] += 1.0 / 255;
  }
  return drawn;
}

void ExpectReportMatchesDecide(const std::string& strategy, const poker::GameDef& game,
                               const std::vector<State>& states, int stride) {
  absl::StatusOr<std::shared_ptr<const solver::Blueprint>> blueprint =
      solver::LoadSharedBlueprint(strategy, &game);
  ASSERT_TRUE(blueprint.ok()) << blueprint.status();
  const solver::CfrDecider decider(*blueprint, 7, solver::PlayOptions{});
  const poker::HoleSets& sets = decider.hole_sets();
  poker::StrategyReport report;
  for (const State& state : states) {
    decider.Report(state, &report);
    poker::CardSet board;
    for (int i = 0; i < state.NumBoardCardsVisible(); ++i) board.Add(state.board_card(i));
    for (int s = 0; s < sets.size(); s += stride) {
      if (sets.mask(s).Intersects(board)) continue;
      const std::vector<double> drawn = DrawnProbabilities(decider, state, sets.cards(s), report);
      double row = 0;
      for (int a = 0; a < report.num_actions(); ++a) {
        EXPECT_NEAR(report.at(s, a), drawn[a], 1e-9)
            << poker::FormatBetting(state) << " set " << s << " action " << a;
        row += report.at(s, a);
      }
      EXPECT_NEAR(row, 1, 1e-9);
    }
  }
}

TEST(CfrReport, EqualsTheDrawsOfDecide) {
  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  ExpectReportMatchesDecide(Strategy("leduc.limit.2p.strategy"), leduc,
                            {StateOf(leduc, "", "|"), StateOf(leduc, "r", "|"),
                             StateOf(leduc, "rr", "|"), StateOf(leduc, "crc/r", "|/Kh")},
                            1);
  const poker::GameDef limit = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  ExpectReportMatchesDecide(Strategy("holdem.limit.2p.strategy"), limit,
                            {StateOf(limit, "r", "|"), StateOf(limit, "rc/r", "|/2h7dKs"),
                             StateOf(limit, "rc/cc/rc/c", "|/2h7dKs/Ac/3h")},
                            7);
  // No-limit, off the tree: a raise of an odd size is translated (seeded by hand), then mapped.
  const poker::GameDef nl = test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  ExpectReportMatchesDecide(Strategy("holdem.nolimit.2p.strategy"), nl,
                            {StateOf(nl, "r333", "|", 5), StateOf(nl, "r333c/r777", "|/9c9hTd", 5),
                             StateOf(nl, "r300c/cr20000", "|/9c9hTd", 11)},
                            11);
}

TEST(CfrReport, AgentCfrPolicyReportsAsTheBot) {
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  const std::string file = Strategy("holdem.nolimit.2p.strategy");
  arena::PlayerContext context{&game, 1, "them", 0};
  absl::StatusOr<std::unique_ptr<poker::Player>> bot =
      arena::MakePlayer("bot:style=cfr,strategy=" + file, context);
  absl::StatusOr<std::unique_ptr<poker::Player>> agent =
      arena::MakePlayer("agent:policy=cfr,model=none,strategy=" + file, context);
  ASSERT_TRUE(bot.ok()) << bot.status();
  ASSERT_TRUE(agent.ok()) << agent.status();
  for (const char* betting : {"", "r250", "r250c/", "r250c/r400"}) {
    State state = StateOf(game, betting, absl::StrContains(betting, "/") ? "|/Ks7d2c" : "|");
    const poker::MatchState view = PublicView(state, state.CurrentPlayer());
    poker::StrategyReport from_bot, from_agent;
    ASSERT_TRUE((*bot)->ReportStrategy(view, &from_bot)) << betting;
    ASSERT_TRUE((*agent)->ReportStrategy(view, &from_agent)) << betting;
    EXPECT_EQ(from_bot.actions, from_agent.actions) << betting;
    EXPECT_EQ(from_bot.probabilities, from_agent.probabilities) << betting;
    // Not the player's turn: no report.
    EXPECT_FALSE((*bot)->ReportStrategy(PublicView(state, 1 - state.CurrentPlayer()), &from_bot));
  }
  // Rule bots: station and raiser report their one action.
  const State start = StateOf(game, "", "|");
  poker::StrategyReport report;
  for (const char* spec : {"bot:style=station", "bot:style=raiser"}) {
    absl::StatusOr<std::unique_ptr<poker::Player>> rule = arena::MakePlayer(spec, context);
    ASSERT_TRUE(rule.ok()) << rule.status();
    ASSERT_TRUE((*rule)->ReportStrategy(PublicView(start, start.CurrentPlayer()), &report));
    ASSERT_EQ(report.num_actions(), 1) << spec;
    EXPECT_EQ(report.actions[0].type, std::string(spec) == "bot:style=station"
                                          ? poker::ActionType::kCall
                                          : poker::ActionType::kRaise);
    EXPECT_EQ(report.at(700, 0), 1.0);
  }
}

// A threshold bot's report against what its Act does: exactly where Act's equity is exact
// (preflop, river), and within sampling noise of Act's frequencies on the flop, where Act
// thresholds a Monte Carlo estimate.
TEST(RuleBotReport, ThresholdStylesReportWhatTheyDo) {
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  bots::BotConfig config = bots::DefaultConfig(bots::Style::kTightAggressive);
  struct Spot {
    const char* betting;
    const char* cards;  // the bot's (position 1's) cards come from the pair under test
    bool exact;
  };
  const Spot spots[] = {
      {"r", "|", true}, {"rc/cr", "|/Ks7d2c", false}, {"rc/cc/cc/cr", "|/Ks7d2c/9h/4s", true}};
  for (const Spot& spot : spots) {
    const State base = StateOf(game, spot.betting, spot.cards);
    ASSERT_EQ(base.CurrentPlayer(), 0) << spot.betting;
    bots::RuleBot bot(game, config);
    poker::StrategyReport report;
    ASSERT_TRUE(bot.ReportStrategy(PublicView(base, 0), &report)) << spot.betting;
    poker::CardSet board;
    for (int i = 0; i < base.NumBoardCardsVisible(); ++i) board.Add(base.board_card(i));
    int checked = 0, mixed = 0;
    for (int p = 0; p < poker::kNumPairs; p += spot.exact ? 5 : 1) {
      const poker::PairCards pair = poker::PairFromIndex(p);
      if (board.Contains(pair.low) || board.Contains(pair.high)) continue;
      double top = 0;
      for (int a = 0; a < report.num_actions(); ++a) top = std::max(top, report.at(p, a));
      // On the flop only pairs whose report is mixed are played out (the others are not noisy).
      if (!spot.exact && (top > 0.9 || mixed >= 6)) continue;
      mixed += top <= 0.9;
      poker::MatchState view{0, base};
      view.state.set_hole_card(0, 0, pair.low);
      view.state.set_hole_card(0, 1, pair.high);
      const int plays = spot.exact ? 1 : 300;
      std::vector<double> frequency(report.num_actions(), 0.0);
      for (int i = 0; i < plays; ++i) {
        const int a = report.IndexOf(poker::RecordedAction(base, bot.Act(view)));
        ASSERT_GE(a, 0);
        frequency[a] += 1.0 / plays;
      }
      for (int a = 0; a < report.num_actions(); ++a) {
        EXPECT_NEAR(report.at(p, a), frequency[a], spot.exact ? 1e-12 : 0.12)
            << spot.betting << " pair " << p << " action " << a;
      }
      ++checked;
    }
    EXPECT_GT(checked, spot.exact ? 100 : 3) << spot.betting;
  }
  // Outside heads-up hold'em it does not report.
  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  bots::RuleBot leduc_bot(leduc, config);
  poker::StrategyReport report;
  EXPECT_FALSE(leduc_bot.ReportStrategy(PublicView(StateOf(leduc, "", "|"), 0), &report));
}

TEST(RangeTracker, EqualsABruteForceBayesUpdate) {
  // Limit hold'em, the opponent in position 1 raises preflop, bets the flop and the turn; we hold
  // AsKd and call. The tracker multiplies the reports' likelihoods; the brute force counts, pair
  // by pair, how often the strategy's own Decide takes each observed action.
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  absl::StatusOr<std::shared_ptr<const solver::Blueprint>> blueprint =
      solver::LoadSharedBlueprint(Strategy("holdem.limit.2p.strategy"), &game);
  ASSERT_TRUE(blueprint.ok()) << blueprint.status();
  const solver::CfrBot bot(*blueprint, 3);
  const solver::CfrDecider decider(*blueprint, 3);
  const poker::HoleSets& sets = decider.hole_sets();
  const std::string cards = "AsKd|/Qh8c3c/Jc";
  struct Step {
    const char* betting;  // before the opponent's action
    const char* action;
  };
  const Step steps[] = {{"", "r"}, {"rc/c", "r"}, {"rc/crc/c", "r"}};
  RangeTracker tracker(sets.size());
  std::vector<double> brute(sets.size(), 1.0);
  const Card ours[2] = {C("As"), C("Kd")};
  poker::StrategyReport report;
  for (const Step& step : steps) {
    const State state = StateOf(game, step.betting, cards);
    ASSERT_EQ(state.CurrentPlayer(), 1) << step.betting;
    ASSERT_TRUE(bot.ReportStrategy(PublicView(state, 1), &report));
    const Action taken = poker::RecordedAction(state, *poker::ParseAction(state, step.action));
    poker::CardSet known(ours);
    for (int i = 0; i < state.NumBoardCardsVisible(); ++i) known.Add(state.board_card(i));
    ASSERT_TRUE(tracker.Update(report, report.IndexOf(taken), known, sets));
    for (int s = 0; s < sets.size(); ++s) {
      if (sets.mask(s).Intersects(known)) continue;
      int hits = 0;
      for (int j = 0; j < 255; ++j) {
        hits += poker::RecordedAction(
                    state, decider.Decide(state, sets.cards(s), (j + 0.5) / 255)) == taken;
      }
      brute[s] *= hits / 255.0;
    }
  }
  // Both normalised over the pairs live at the end (no card of ours or of the board).
  poker::CardSet known(ours);
  for (const char* card : {"Qh", "8c", "3c", "Jc"}) known.Add(C(card));
  double tracked_total = 0, brute_total = 0;
  for (int s = 0; s < sets.size(); ++s) {
    if (sets.mask(s).Intersects(known)) continue;
    tracked_total += tracker.weights()[s];
    brute_total += brute[s];
  }
  ASSERT_GT(brute_total, 0);
  int positive = 0;
  for (int s = 0; s < sets.size(); ++s) {
    if (sets.mask(s).Intersects(known)) continue;
    EXPECT_NEAR(tracker.weights()[s] / tracked_total, brute[s] / brute_total, 1e-9) << s;
    positive += brute[s] > 0;
  }
  // The sequence narrows the range but does not empty it.
  EXPECT_GT(positive, 50);
  EXPECT_LT(positive, 1000);
  // An action the report gives no weight anywhere leaves the weights as they were.
  const std::vector<double> before(tracker.weights().begin(), tracker.weights().end());
  EXPECT_FALSE(tracker.Update(report, -1, known, sets));
  EXPECT_EQ(std::vector<double>(tracker.weights().begin(), tracker.weights().end()), before);
}

TEST(LbrDecider, ValuesFollowTheFormulas) {
  // Kuhn, we hold the king and act first: the opponent's range is Q or J. Betting: the station
  // never folds, so fp = 0 and U(bet) = wp * (pot + a) - (1 - wp) * a with wp = 1.
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.2p.game");
  absl::StatusOr<std::unique_ptr<LbrDecider>> decider = LbrDecider::Create(game, LbrOptions{});
  ASSERT_TRUE(decider.ok()) << decider.status();
  arena::PlayerContext context{&game, 1, "them", 0};
  absl::StatusOr<std::unique_ptr<poker::Player>> station =
      arena::MakePlayer("bot:style=station", context);
  ASSERT_TRUE(station.ok());
  State state = StateOf(game, "", "As|");
  const int me = state.CurrentPlayer();
  state.set_hole_card(me, 0, C("As"));
  const Card hole[1] = {C("As")};
  const std::vector<double> range(3, 1.0);
  absl::StatusOr<Action> action = (*decider)->Decide(state, me, hole, range, **station);
  ASSERT_TRUE(action.ok()) << action.status();
  EXPECT_EQ(action->type, poker::ActionType::kRaise);
  const std::vector<ActionValue>& values = (*decider)->last_values();
  ASSERT_EQ(values.size(), 2u);            // check, bet (nothing to fold to)
  EXPECT_DOUBLE_EQ(values[0].value, 2.0);  // check: wp * pot = 1 * 2
  EXPECT_DOUBLE_EQ(values[1].value, 3.0);  // bet 1: 1 * (2 + 1)
  EXPECT_DOUBLE_EQ(values[1].fold_probability, 0.0);
  // With the king against Q or A (wp 1/2), the raiser opponent (it calls a bet: no raise is left):
  // betting is worth 0.5 * 3 - 0.5 * 1 = 1, checking 0.5 * 2 = 1: a tie goes to the check.
  const Card queen[1] = {C("Ks")};
  absl::StatusOr<std::unique_ptr<poker::Player>> raiser =
      arena::MakePlayer("bot:style=raiser", context);
  ASSERT_TRUE(raiser.ok());
  action = (*decider)->Decide(state, me, queen, range, **raiser);
  ASSERT_TRUE(action.ok());
  EXPECT_EQ(action->type, poker::ActionType::kCall);
  EXPECT_DOUBLE_EQ((*decider)->last_values()[1].value, 1.0);
}

}  // namespace
}  // namespace lbr

namespace lbr {
namespace {

// The agent's `static` policy's report against its own Decide with the agent's generator: the
// share of each action over many draws of the threshold noise and the semi-bluff, for pairs near
// its thresholds, on a flop (where semi-bluffs happen) and preflop; and poker::AllPairsEquity,
// which the report reads, against the agent's exact equity against a uniform range.
TEST(StaticPolicyReport, MatchesDecideOverItsDraws) {
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  absl::StatusOr<std::unique_ptr<agent::Policy>> policy =
      agent::MakePolicy("static", agent::PolicyParams{});
  ASSERT_TRUE(policy.ok()) << policy.status();
  for (const char* betting : {"c", "r300c/", "r300c/r600"}) {
    const State state = StateOf(game, betting, "|/Th9h2c");
    const int me = state.CurrentPlayer();
    poker::StrategyReport report;
    ASSERT_TRUE((*policy)->ReportStrategy(agent::ReportQuery{state, me}, &report)) << betting;
    std::array<poker::Card, 3> board_cards{};
    for (int i = 0; i < state.NumBoardCardsVisible(); ++i) board_cards[i] = state.board_card(i);
    const absl::Span<const Card> board(board_cards.data(), state.NumBoardCardsVisible());
    std::array<double, poker::kNumPairs> equity;
    poker::AllPairsEquity(board, &equity);
    std::array<int8_t, poker::kNumPairs> outs;
    outs.fill(-1);
    if (board.size() == 3) poker::AllPairsOuts(board, &outs);
    int mixed = 0;
    std::mt19937_64 rng(11);
    for (int p = 0; p < poker::kNumPairs && mixed < 8; ++p) {
      if (equity[p] < 0) continue;
      double top = 0;
      for (int a = 0; a < report.num_actions(); ++a) top = std::max(top, report.at(p, a));
      if (top > 0.95) continue;
      ++mixed;
      const poker::PairCards pair = poker::PairFromIndex(p);
      const Card cards[2] = {pair.low, pair.high};
      agent::Decision d{state, me, pair, agent::EquityResult{}, 1, &rng};
      d.equity.equity = equity[p];
      d.outs = outs[p];
      d.hole_cards = cards;
      constexpr int kDraws = 2000;
      std::vector<double> frequency(report.num_actions(), 0.0);
      for (int i = 0; i < kDraws; ++i) {
        const int a = report.IndexOf(
            poker::RecordedAction(state, agent::MakeLegal(state, (*policy)->Decide(d))));
        ASSERT_GE(a, 0) << betting << " pair " << p;
        frequency[a] += 1.0 / kDraws;
      }
      for (int a = 0; a < report.num_actions(); ++a) {
        EXPECT_NEAR(report.at(p, a), frequency[a], 0.04) << betting << " pair " << p << " " << a;
      }
    }
    EXPECT_GE(mixed, 3) << betting;
  }
  // The equity the report reads is the agent's exact equity against a random hand.
  const Card flop[3] = {C("Th"), C("9h"), C("2c")};
  std::array<double, poker::kNumPairs> equity;
  poker::AllPairsEquity(flop, &equity);
  const agent::Range uniform;
  const agent::Range* ranges[1] = {&uniform};
  for (int p :
       {poker::PairIndex(C("7d"), C("6d")), 500, 1000, poker::PairIndex(C("Ah"), C("Kh"))}) {
    const poker::PairCards pair = poker::PairFromIndex(p);
    absl::StatusOr<agent::EquityResult> exact = agent::ComputeEquity(pair, flop, ranges);
    ASSERT_TRUE(exact.ok());
    ASSERT_TRUE(exact->exact);
    EXPECT_NEAR(equity[p], exact->equity, 1e-9) << p;
  }
  // `fold` reads ranges and the model: no report.
  absl::StatusOr<std::unique_ptr<agent::Policy>> fold =
      agent::MakePolicy("fold", agent::PolicyParams{});
  ASSERT_TRUE(fold.ok());
  poker::StrategyReport report;
  const State start = StateOf(game, "", "|");
  EXPECT_FALSE((*fold)->ReportStrategy(agent::ReportQuery{start, start.CurrentPlayer()}, &report));
}

}  // namespace
}  // namespace lbr
