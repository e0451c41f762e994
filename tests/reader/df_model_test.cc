// Tests of agent/df_model: eq. 6 with the paper's worked numbers, normalisation over the
// available actions, the shape of the default intervals, multiway and online adaptation.
#include "agent/df_model.h"

#include <cstdint>

#include "agent/hand_reader.h"
#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "trainer/action_abstraction.h"

namespace agent {
namespace {

using trainer::ActionAbstraction;
using trainer::kCall;
using trainer::kCheck;
using trainer::kFirstRaise;
using trainer::kFold;

ActionAbstraction NoLimit() { return ActionAbstraction::Create({0.6, 1.0}, true).value(); }
ActionAbstraction Limit() { return ActionAbstraction::Create({}, false).value(); }

uint32_t Bits(std::initializer_list<int> actions) {
  uint32_t bits = 0;
  for (int a : actions) bits |= 1u << a;
  return bits;
}

TEST(DfModelTest, PaperWorkedCallExample) {
  DfModel model = DfModel::Default(Limit());
  model.set_interval(kCall, {0.57, 0.68, 0.61});
  ASSERT_EQ(model.theta(), 50);
  // 000 section 4.2: P = 0.55 is below the domain: 0.61 / (0.61 - 0.55) = 10.17.
  EXPECT_NEAR(model.Relative(kCall, 0.55), 0.61 / 0.06, 1e-9);
  EXPECT_NEAR(model.Relative(kCall, 0.55), 10.17, 0.005);
  // Inside the domain (edges included): theta.
  EXPECT_EQ(model.Relative(kCall, 0.57), 50);
  EXPECT_EQ(model.Relative(kCall, 0.61), 50);
  EXPECT_EQ(model.Relative(kCall, 0.68), 50);
  // Above it: (1 - 0.61) / (P - 0.61).
  EXPECT_NEAR(model.Relative(kCall, 0.71), 0.39 / 0.10, 1e-9);
  // Far away on either side the value falls to 1.
  EXPECT_NEAR(model.Relative(kCall, 0.0), 1.0, 1e-12);
  EXPECT_NEAR(model.Relative(kCall, 1.0), 1.0, 1e-12);
}

TEST(DfModelTest, DefaultCallIsThePapersInterval) {
  for (const ActionAbstraction& abstraction : {Limit(), NoLimit()}) {
    const DfModel model = DfModel::Default(abstraction);
    EXPECT_EQ(model.interval(kCall).low, 0.57);
    EXPECT_EQ(model.interval(kCall).high, 0.68);
    EXPECT_EQ(model.interval(kCall).baseline, 0.61);
    EXPECT_EQ(model.num_actions(), abstraction.num_actions());
    for (int a = 0; a < abstraction.num_actions(); ++a) {
      const DfInterval& in = model.interval(static_cast<trainer::AbstractAction>(a));
      EXPECT_LE(in.low, in.baseline) << abstraction.Name(a);
      EXPECT_LE(in.baseline, in.high) << abstraction.Name(a);
      EXPECT_GE(in.low, 0) << abstraction.Name(a);
      EXPECT_LE(in.high, 1) << abstraction.Name(a);
    }
  }
}

TEST(DfModelTest, ProbabilitySumsToOneOverAvailableActions) {
  const ActionAbstraction abstraction = NoLimit();  // fold check call r<0.6 r0.6-1 r>=1 all-in
  const DfModel model = DfModel::Default(abstraction);
  const uint32_t masks[] = {Bits({kFold, kCall, 3, 4, 5, 6}), Bits({kCheck, 3, 4, 5, 6}),
                            Bits({kFold, kCall}), Bits({kFold, kCall, 6}), Bits({kCheck})};
  for (uint32_t mask : masks) {
    for (double p = 0; p <= 1.0001; p += 0.01) {
      double sum = 0;
      for (int a = 0; a < abstraction.num_actions(); ++a) {
        const double prob = model.Probability(static_cast<trainer::AbstractAction>(a), p, mask);
        if (!((mask >> a) & 1)) {
          EXPECT_EQ(prob, 0) << "unavailable action " << a;
        }
        EXPECT_GE(prob, 0);
        sum += prob;
      }
      EXPECT_NEAR(sum, 1.0, 1e-12) << "mask " << mask << " P " << p;
    }
  }
  EXPECT_DOUBLE_EQ(model.Probability(kCheck, 0.3, Bits({kCheck})), 1.0);
}

TEST(DfModelTest, WeakHandsFoldStrongHandsRaiseBiggerRaisesStronger) {
  const ActionAbstraction abstraction = NoLimit();
  const DfModel model = DfModel::Default(abstraction);
  const uint32_t facing = Bits({kFold, kCall, 3, 4, 5, 6});
  EXPECT_GT(model.Probability(kFold, 0.15, facing), 0.8);
  EXPECT_LT(model.Probability(kFold, 0.9, facing), 0.05);
  EXPECT_GT(model.Probability(kCall, 0.6, facing), model.Probability(kFold, 0.6, facing));
  EXPECT_GT(model.Probability(6, 0.98, facing), model.Probability(3, 0.98, facing));
  // The win rate where each raise class peaks grows with the size: the baselines ascend.
  for (int a = kFirstRaise; a + 1 < abstraction.num_actions(); ++a) {
    EXPECT_LT(model.interval(static_cast<trainer::AbstractAction>(a)).baseline,
              model.interval(static_cast<trainer::AbstractAction>(a + 1)).baseline);
  }
  // With nothing to call, weak hands check and strong ones bet.
  const uint32_t free = Bits({kCheck, 3, 4, 5, 6});
  EXPECT_GT(model.Probability(kCheck, 0.2, free), 0.85);
  EXPECT_LT(model.Probability(kCheck, 0.95, free), 0.1);
  // Limit: one raise class covering the top.
  const DfModel limit = DfModel::Default(Limit());
  EXPECT_EQ(limit.interval(kFirstRaise).high, 1.0);
  EXPECT_GT(limit.Probability(kFirstRaise, 0.9, Bits({kCheck, kFirstRaise})), 0.9);
}

// The DFmodel the agent reads with: theta = ReaderOptions' df_theta (3), not the paper's 50. At
// theta 3 a near miss is capped at theta (eq. 6 would give 10.17 > 3), the distributions are
// flatter than at 50, and the order the reader relies on still holds: weak hands fold, strong
// hands raise, bigger raises need stronger hands.
TEST(DfModelTest, AtTheAgentsThetaNearMissesAreCappedAndTheOrderHolds) {
  const ActionAbstraction abstraction = NoLimit();
  DfModel agent = DfModel::Default(abstraction);
  agent.set_theta(ReaderOptions().df_theta);
  ASSERT_EQ(agent.theta(), 3);
  agent.set_interval(kCall, {0.57, 0.68, 0.61});
  EXPECT_EQ(agent.Relative(kCall, 0.55), 3);                    // 0.61 / 0.06 = 10.17, capped
  EXPECT_EQ(agent.Relative(kCall, 0.62), 3);                    // inside
  EXPECT_NEAR(agent.Relative(kCall, 0.1), 0.61 / 0.51, 1e-12);  // far misses are below theta
  EXPECT_LT(agent.Relative(kCall, 0.1), agent.Relative(kCall, 0.4));

  const DfModel at3 = [&] {
    DfModel m = DfModel::Default(abstraction);
    m.set_theta(ReaderOptions().df_theta);
    return m;
  }();
  const DfModel at50 = DfModel::Default(abstraction);
  const uint32_t facing = Bits({kFold, kCall, 3, 4, 5, 6});
  EXPECT_GT(at3.Probability(kFold, 0.15, facing), at3.Probability(kFold, 0.6, facing));
  EXPECT_GT(at3.Probability(kFold, 0.6, facing), at3.Probability(kFold, 0.9, facing));
  EXPECT_GT(at3.Probability(6, 0.98, facing), at3.Probability(6, 0.3, facing));
  EXPECT_GT(at3.Probability(6, 0.98, facing), at3.Probability(3, 0.98, facing));
  EXPECT_GT(at3.Probability(kFold, 0.15, facing), 1.0 / 6);  // still the likeliest there
  // Flatter than the paper's: less sure of the fold with a weak hand.
  EXPECT_LT(at3.Probability(kFold, 0.15, facing), at50.Probability(kFold, 0.15, facing));
  for (double p = 0; p <= 1.0001; p += 0.05) {
    double sum = 0;
    for (int a = 0; a < abstraction.num_actions(); ++a) {
      sum += at3.Probability(static_cast<trainer::AbstractAction>(a), p, facing);
    }
    EXPECT_NEAR(sum, 1.0, 1e-12) << p;
  }
}

TEST(DfModelTest, FieldWinRateShrinksWithOpponents) {
  EXPECT_EQ(DfModel::FieldWinRate(0.8, 1), 0.8);
  EXPECT_NEAR(DfModel::FieldWinRate(0.8, 3), 0.64, 1e-12);  // 0.8^2
  EXPECT_LT(DfModel::FieldWinRate(0.8, 5), DfModel::FieldWinRate(0.8, 2));
  EXPECT_EQ(DfModel::FieldWinRate(1.0, 9), 1.0);
  EXPECT_EQ(DfModel::FieldWinRate(0.0, 9), 0.0);
}

TEST(DfModelTest, AdaptationMovesTheCallInterval) {
  const DfModel model = DfModel::Default(Limit());
  const DfInterval base = model.interval(kCall);
  // A calling station: its calls mean weaker hands.
  const DfModel station = model.AdaptedTo(0.8, 0.1, 1000);
  EXPECT_LT(station.interval(kCall).low, base.low - 0.1);
  EXPECT_LT(station.interval(kCall).baseline, base.baseline - 0.1);
  EXPECT_GE(station.interval(kCall).low, base.low - 0.15 - 1e-12);  // the shift is capped
  EXPECT_GT(station.Probability(kCall, 0.45, Bits({kFold, kCall})),
            model.Probability(kCall, 0.45, Bits({kFold, kCall})));
  // A frequent folder: its calls mean stronger hands.
  const DfModel folder = model.AdaptedTo(0.2, 0.7, 1000);
  EXPECT_GT(folder.interval(kCall).low, base.low + 0.1);
  // Few decisions move it little; none at all not at all.
  EXPECT_GT(model.AdaptedTo(0.8, 0.1, 5).interval(kCall).low, base.low - 0.03);
  EXPECT_EQ(model.AdaptedTo(0.8, 0.1, 0).interval(kCall).low, base.low);
  // A typical player stays put; other actions never move.
  EXPECT_NEAR(model.AdaptedTo(DfModel::kTypicalCallRate, DfModel::kTypicalFoldRate, 1000)
                  .interval(kCall)
                  .low,
              base.low, 1e-12);
  EXPECT_EQ(station.interval(kFold).low, model.interval(kFold).low);
  EXPECT_EQ(station.interval(kFirstRaise).baseline, model.interval(kFirstRaise).baseline);
}

}  // namespace
}  // namespace agent
