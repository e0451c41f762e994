// The search's opponent model learns the size of an opponent's raises, not only how often it
// raises (TiltOptions::size_prior): an opponent that shoves whenever it raises after the preflop
// widens the model's all-in range toward its raising range; the blueprint playing itself leaves
// the model's split of raising much as it was.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/tilted_blueprint.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/state.h"
#include "solver/cfr_player.h"
#include "tests/agentplay/agent_test_util.h"
#include "tests/common/test_support.h"

namespace agent {
namespace {

using poker::Action;
using poker::State;

// Plays the blueprint, except that every raise after the preflop is an all-in.
class Shover : public poker::Player {
 public:
  explicit Shover(std::shared_ptr<const solver::Blueprint> blueprint)
      : blueprint_(std::move(blueprint), 17) {}
  Action Act(const poker::MatchState& view) override {
    const Action a = blueprint_.Act(view);
    if (view.state.round() == 0 || a.type != poker::ActionType::kRaise) return a;
    int32_t min_to = 0, max_to = 0;
    return view.state.RaiseRange(&min_to, &max_to) ? Action::Raise(max_to) : a;
  }

 private:
  solver::CfrBot blueprint_;
};

absl::StatusOr<std::shared_ptr<const solver::Blueprint>> LoadNoLimitBlueprint(
    const poker::GameDef& game) {
  return solver::LoadSharedBlueprint(
      std::string(POKER_SOURCE_DIR) + "/data/strategies/holdem.nolimit.2p.strategy", &game);
}

// The tilt of `opponent` fitted over `hands` hands against the blueprint, with the size tilt's
// prior `size_prior`.
OpponentTilt Fit(const poker::GameDef& game,
                 const std::shared_ptr<const solver::Blueprint>& blueprint,
                 poker::Player* opponent, int hands, double size_prior) {
  TiltOptions options;
  options.size_prior = size_prior;
  return agentplay_test::FitTilt(game, blueprint, opponent, hands, options, 93);
}

// A flop node where the player to act faces a bet of the pot: 'r300c/' then a check and a bet
// of 600 into 600 (reverse blinds: the big blind acts first after the preflop).
State FacingAFlopBet(const poker::GameDef& game) {
  State s(game, 0);
  const std::vector<poker::Card> cards = *poker::ParseCards("2c3d4h5sKd8s2hJc7d");
  for (int i = 0; i < 4; ++i) s.set_hole_card(i / 2, i % 2, cards[i]);
  for (int i = 0; i < 5; ++i) s.set_board_card(i, cards[4 + i]);
  for (const Action& a : {Action::Raise(300), Action::Call(), Action::Call(), Action::Raise(900)}) {
    EXPECT_TRUE(s.Apply(a).ok());
  }
  return s;
}

TEST(SizeTiltTest, AShoverWidensTheAllinRangeAndTheBlueprintDoesNot) {
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  absl::StatusOr<std::shared_ptr<const solver::Blueprint>> blueprint = LoadNoLimitBlueprint(game);
  ASSERT_TRUE(blueprint.ok()) << blueprint.status();

  // Off (size_prior 0): nothing is counted, the split stays the blueprint's.
  Shover shover(*blueprint);
  const OpponentTilt off = Fit(game, *blueprint, &shover, 150, 0);
  EXPECT_EQ(off.sized_raises[0] + off.sized_raises[1], 0);
  EXPECT_EQ(off.AllinShift(4), 0);

  const OpponentTilt shoving = Fit(game, *blueprint, &shover, 150, 10);
  const double raises = shoving.sized_raises[0] + shoving.sized_raises[1];
  EXPECT_GE(raises, 20) << "too few raises after the preflop to learn from";
  std::printf("after the preflop: %.0f raises when checked to, %.0f facing a bet; shift %.2f, %.2f\n",
              shoving.sized_raises[0], shoving.sized_raises[1], shoving.allin_shift[0],
              shoving.allin_shift[1]);
  EXPECT_EQ(shoving.sized_allins[0] + shoving.sized_allins[1], raises);  // every one all-in
  for (int f = 0; f < 2; ++f) {
    if (shoving.sized_raises[f] < 5) continue;
    EXPECT_GT(shoving.allin_shift[f], 0.3) << f << ": " << shoving.sized_raises[f] << " raises";
    EXPECT_LE(shoving.allin_shift[f], 1.0);
  }
  EXPECT_EQ(shoving.AllinShift(0), 0);  // preflop: unchanged
  EXPECT_EQ(shoving.AllinShift(4), shoving.allin_shift[1]);  // the flop, facing a bet
  EXPECT_EQ(shoving.AllinShift(3), shoving.allin_shift[0]);  // the flop, checked to

  // The blueprint playing itself: its all-in share is what the model expects, give or take the
  // floor's spread (which gives every pair a little all-in, more than the blueprint plays).
  solver::CfrBot itself(*blueprint, 6);
  const OpponentTilt balanced = Fit(game, *blueprint, &itself, 150, 10);
  std::printf("the blueprint itself: shift %.2f (%.0f raises), %.2f (%.0f)\n",
              balanced.allin_shift[0], balanced.sized_raises[0], balanced.allin_shift[1],
              balanced.sized_raises[1]);
  for (int f = 0; f < 2; ++f) {
    EXPECT_LT(balanced.allin_shift[f], 0.1) << f;
    EXPECT_LT(balanced.allin_shift[f], shoving.allin_shift[f] - 0.3) << f;
  }

  // At a flop node facing a bet: every pair's raising is the same, its all-in share s becomes
  // s + a (1 - s), the probabilities still sum to 1.
  TiltOptions options;
  options.size_prior = 10;
  TiltedBlueprint model(**blueprint, options);
  const State s = FacingAFlopBet(game);
  ASSERT_TRUE(model.Prepare(s));
  const int count = static_cast<int>(model.candidates().size());
  int allin = -1, raise_kinds = 0;
  for (int i = 0; i < count; ++i) {
    if (model.candidates()[i].type != poker::ActionType::kRaise) continue;
    ++raise_kinds;
    if (model.candidates()[i].raise_to >= game.stack[s.CurrentPlayer()]) allin = i;
  }
  ASSERT_GE(allin, 0) << "the node has no all-in";
  ASSERT_GE(raise_kinds, 2);
  EXPECT_GT(shoving.AllinShift(TiltClassOf(s)), 0);
  const double a = 0.5;
  std::vector<PairProbs> plain(count), shifted(count);
  model.Probabilities(s, nullptr, absl::MakeSpan(plain));
  model.Probabilities(s, nullptr, absl::MakeSpan(shifted), 0, a);
  // The all-in range moves toward the raising range (by total variation between the two, each
  // normalised over the pairs).
  std::vector<double> allin_plain(poker::kNumPairs), allin_shifted(poker::kNumPairs),
      raising_all(poker::kNumPairs);
  double sum_plain = 0, sum_shifted = 0, sum_raising = 0;
  int live = 0;
  for (int h = 0; h < poker::kNumPairs; ++h) {
    double raising = 0, raising_after = 0, sum = 0;
    for (int i = 0; i < count; ++i) {
      sum += shifted[i][h];
      if (model.candidates()[i].type != poker::ActionType::kRaise) continue;
      raising += plain[i][h];
      raising_after += shifted[i][h];
    }
    if (raising <= 0) continue;
    ++live;
    EXPECT_NEAR(sum, 1, 1e-4) << h;
    EXPECT_NEAR(raising_after, raising, 1e-5) << h;
    const double share = plain[allin][h] / raising;
    EXPECT_NEAR(shifted[allin][h] / raising, share + a * (1 - share), 1e-4) << h;
    allin_plain[h] = plain[allin][h];
    allin_shifted[h] = shifted[allin][h];
    raising_all[h] = raising;
    sum_plain += allin_plain[h];
    sum_shifted += allin_shifted[h];
    sum_raising += raising;
  }
  EXPECT_GT(live, 1000);
  double tv_plain = 0, tv_shifted = 0;
  for (int h = 0; h < poker::kNumPairs; ++h) {
    tv_plain += std::abs(allin_plain[h] / sum_plain - raising_all[h] / sum_raising) / 2;
    tv_shifted += std::abs(allin_shifted[h] / sum_shifted - raising_all[h] / sum_raising) / 2;
  }
  EXPECT_LT(tv_shifted, 0.6 * tv_plain) << tv_plain;
  // Below the blueprint's share every pair's all-in shrinks in proportion: the range read from
  // an all-in stays the same.
  std::vector<PairProbs> fewer(count);
  model.Probabilities(s, nullptr, absl::MakeSpan(fewer), 0, -0.5);
  for (int h = 0; h < poker::kNumPairs; ++h) {
    if (plain[allin][h] > 1e-6f) {
      EXPECT_NEAR(fewer[allin][h], 0.5 * plain[allin][h], 1e-5) << h;
    }
  }
}

}  // namespace
}  // namespace agent
