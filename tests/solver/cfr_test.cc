// The solver's correctness core: the small games' files and rules, exact best response against a
// hand-computed Kuhn strategy, and MCCFR converging on Kuhn (2p, 3p) and Leduc.
#include <cmath>
#include <memory>

#include "gtest/gtest.h"
#include "poker/state.h"
#include "solver/best_response.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/mccfr.h"
#include "tests/common/test_support.h"
#include "tests/solver/test_util.h"

namespace solver {
namespace {

TEST(SmallGames, KuhnRules) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.2p.game");
  poker::State s(game, 0);
  EXPECT_EQ(s.spent(0), 1);  // the ante
  EXPECT_EQ(s.spent(1), 1);
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_FALSE(s.CanFold());
  ASSERT_TRUE(s.Apply(poker::Action::Raise(0)).ok());  // bet 1
  EXPECT_EQ(s.spent(0), 2);
  EXPECT_FALSE(s.CanRaise());  // one raise at most
  EXPECT_TRUE(s.CanFold());
  ASSERT_TRUE(s.Apply(poker::Action::Call()).ok());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(game.DeckSize(), 3);
}

TEST(SmallGames, LeducRules) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  EXPECT_EQ(game.DeckSize(), 6);
  EXPECT_EQ(game.TotalBoardCards(), 1);
  poker::State s(game, 0);
  EXPECT_EQ(s.pot(), 2);
  ASSERT_TRUE(s.Apply(poker::Action::Raise(0)).ok());
  EXPECT_EQ(s.spent(0), 3);  // raise 2
  ASSERT_TRUE(s.Apply(poker::Action::Raise(0)).ok());
  EXPECT_EQ(s.spent(1), 5);
  EXPECT_FALSE(s.CanRaise());  // 2 raises per round
  ASSERT_TRUE(s.Apply(poker::Action::Call()).ok());
  EXPECT_EQ(s.round(), 1);
  EXPECT_EQ(s.CurrentPlayer(), 0);
  ASSERT_TRUE(s.Apply(poker::Action::Raise(0)).ok());
  EXPECT_EQ(s.spent(0), 9);  // raise 4
}

TEST(SmallGames, TreeSizes) {
  SmallGame kuhn("kuhn.limit.2p.game");
  // Kuhn: 4 decision sequences (root, after check, after bet, after check-bet) of 3 cards each.
  EXPECT_EQ(kuhn.tree->num_decision_nodes(), 4);
  EXPECT_EQ(kuhn.tree->num_nodes(), 9);
  SmallGame leduc("leduc.limit.2p.game");
  // Leduc: 6 decision sequences per round (-, c, r, cr, rr, crr); 5 end the first round with a
  // call (cc, rc, crc, rrc, crrc), each followed by a second round.
  EXPECT_EQ(leduc.tree->num_decision_nodes(), 6 + 5 * 6);
}

// Kuhn strategies written by hand, as P(bet/raise) per card J Q K for each of the 4 nodes.
Profile KuhnProfile(const SmallGame& g, double alpha) {
  Profile profile;
  profile.probs.assign(g.tree->num_entries(), 0.0f);
  // Node order: 0 root (P0: call, raise), 1 after check (P1: call, raise), 2 after check-bet (P0:
  // fold, call, ...), the bet node (P1: fold, call). Equilibrium family (Kuhn 1950): P0 bets J with
  // alpha, K with 3 alpha, calls a bet with Q with alpha + 1/3; P1 bets J after a check with 1/3,
  // calls with Q 1/3, always with K.
  for (int n = 0; n < g.tree->num_nodes(); ++n) {
    const Node& node = g.tree->node(n);
    if (node.player < 0) continue;
    const bool facing = g.tree->edge(node.first_child).kind == EdgeKind::kFold;
    const bool first = n == 0;
    for (int card = 0; card < 3; ++card) {
      float* p = profile.probs.data() + node.offset + card * node.num_actions;
      double act = 0;  // P(second action: raise when not facing, call when facing)
      if (first) {
        act = card == 0 ? alpha : card == 1 ? 0 : 3 * alpha;
      } else if (!facing) {  // P1 after a check
        act = card == 0 ? 1.0 / 3 : card == 1 ? 0 : 1;
      } else if (node.player == 0) {  // P0 after check-bet
        act = card == 0 ? 0 : card == 1 ? alpha + 1.0 / 3 : 1;
      } else {  // P1 facing a bet
        act = card == 0 ? 0 : card == 1 ? 1.0 / 3 : 1;
      }
      p[0] = static_cast<float>(1 - act);
      p[1] = static_cast<float>(act);
    }
  }
  return profile;
}

TEST(BestResponse, KuhnEquilibriumByHand) {
  SmallGame g("kuhn.limit.2p.game");
  for (double alpha : {0.0, 0.2, 1.0 / 3}) {
    absl::StatusOr<ExploitabilityReport> r =
        ComputeExploitability(*g.tree, *g.cards, KuhnProfile(g, alpha));
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_NEAR(r->values[0], -1.0 / 18, 1e-6) << alpha;
    EXPECT_NEAR(r->values[1], 1.0 / 18, 1e-6);
    EXPECT_NEAR(r->exploitability, 0, 1e-6);
  }
}

TEST(BestResponse, KuhnAlwaysBetIsExploited) {
  // P0 always bets, P1 always calls: hand-computed best responses. Against P1 always calling,
  // P0's best response bets K (wins 2), checks Q and J and folds to nothing (P1 calling never
  // bets after a check: call = check here); values: P0 bets K: +2 vs J,Q; checks Q: +1 vs J,
  // -1 vs K; checks J: -1. Average over the 6 deals: (2+2 +1-1 -1-1)/6 = 1/3.
  SmallGame g("kuhn.limit.2p.game");
  Profile profile;
  profile.probs.assign(g.tree->num_entries(), 0.0f);
  for (int n = 0; n < g.tree->num_nodes(); ++n) {
    const Node& node = g.tree->node(n);
    if (node.player < 0) continue;
    const bool facing = g.tree->edge(node.first_child).kind == EdgeKind::kFold;
    for (int card = 0; card < 3; ++card) {
      float* p = profile.probs.data() + node.offset + card * node.num_actions;
      // Not facing a bet: P0 bets, P1 checks. Facing: call.
      if (!facing) {
        p[node.player == 0 ? 1 : 0] = 1;
      } else {
        p[1] = 1;
      }
    }
  }
  absl::StatusOr<ExploitabilityReport> r = ComputeExploitability(*g.tree, *g.cards, profile);
  ASSERT_TRUE(r.ok()) << r.status();
  // Profile: P0 always bets, P1 always calls: P0 wins 2 with the higher card: EV 0.
  EXPECT_NEAR(r->values[0], 0, 1e-9);
  EXPECT_NEAR(r->br_values[0], 1.0 / 3, 1e-9);
  // P1 against P0 always betting: call with K (+2), fold Q and J (-1)... best: call K (+2),
  // Q: call wins 2 vs J, loses 2 vs K = 0 > fold -1: call; J: fold -1. (2+2 + 2-2 -1-1)/6 = 1/3.
  EXPECT_NEAR(r->br_values[1], 1.0 / 3, 1e-9);
}

TEST(Mccfr, KuhnConverges) {
  SmallGame g("kuhn.limit.2p.game");
  Mccfr solver(*g.tree, *g.cards, MccfrOptions{.threads = 1, .seed = 7});
  EXPECT_TRUE(solver.Run(2'000'000).ok());
  absl::StatusOr<ExploitabilityReport> r =
      ComputeExploitability(*g.tree, *g.cards, solver.AverageProfile());
  ASSERT_TRUE(r.ok());
  EXPECT_LT(r->exploitability, 0.001);
  EXPECT_NEAR(r->values[0], -1.0 / 18, 0.001);
}

TEST(Mccfr, DeterministicForASeedAndResumable) {
  SmallGame g("leduc.limit.2p.game");
  Mccfr a(*g.tree, *g.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(a.Run(20'000).ok());
  Mccfr b(*g.tree, *g.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(b.Run(10'000).ok());
  EXPECT_EQ(b.iterations(), 10'240);  // whole chunks
  EXPECT_TRUE(b.Run(20'000).ok());
  EXPECT_EQ(a.iterations(), b.iterations());
  EXPECT_EQ(a.regrets(), b.regrets());
  EXPECT_EQ(a.average(), b.average());
}

TEST(Mccfr, LeducFallsUnderThreshold) {
  SmallGame g("leduc.limit.2p.game");
  Mccfr solver(*g.tree, *g.cards, MccfrOptions{.threads = 2, .seed = 5});
  const double start =
      ComputeExploitability(*g.tree, *g.cards, solver.AverageProfile())->exploitability;
  EXPECT_TRUE(solver.Run(400'000).ok());
  absl::StatusOr<ExploitabilityReport> r =
      ComputeExploitability(*g.tree, *g.cards, solver.AverageProfile());
  ASSERT_TRUE(r.ok());
  EXPECT_GT(start, 1.0);
  EXPECT_LT(r->exploitability, 0.05);
}

TEST(Mccfr, KuhnThreePlayers) {
  // No equilibrium guarantee with 3 players; CFR still drives NashConv down on Kuhn 3p.
  SmallGame g("kuhn.limit.3p.game");
  Mccfr solver(*g.tree, *g.cards, MccfrOptions{.threads = 1, .seed = 9});
  const double start = ComputeExploitability(*g.tree, *g.cards, solver.AverageProfile())->nash_conv;
  EXPECT_TRUE(solver.Run(300'000).ok());
  absl::StatusOr<ExploitabilityReport> r =
      ComputeExploitability(*g.tree, *g.cards, solver.AverageProfile());
  ASSERT_TRUE(r.ok());
  EXPECT_LT(r->nash_conv, start / 10);
  EXPECT_LT(r->nash_conv, 0.02);
  double sum = 0;
  for (double v : r->values) sum += v;
  EXPECT_NEAR(sum, 0, 1e-9);  // zero-sum
}

}  // namespace
}  // namespace solver
