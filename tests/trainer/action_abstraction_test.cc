#include "trainer/action_abstraction.h"

#include <mutex>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "poker/state.h"
#include "tests/trainer/test_util.h"
#include "trainer/hand_observation.h"
#include "trainer/position.h"

namespace trainer {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr AbstractAction kHalf = 3;          // r<0.6
constexpr AbstractAction kThreeQuarter = 4;  // r0.6-1
constexpr AbstractAction kPotPlus = 5;       // r>=1
constexpr AbstractAction kAllIn = 6;

TEST(ActionAbstractionTest, DefaultNoLimitHasThreeRaiseClassesAndAllIn) {
  const ActionAbstraction abstraction =
      ActionAbstraction::ForGame(testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game"));
  EXPECT_EQ(abstraction.num_actions(), 7);
  EXPECT_THAT(abstraction.raise_edges(), ElementsAre(0.6, 1.0));
  EXPECT_THAT(abstraction.names(),
              ElementsAre("fold", "check", "call", "r<0.6", "r0.6-1", "r>=1", "all-in"));
  EXPECT_EQ(abstraction.all_in(), kAllIn);
}

TEST(ActionAbstractionTest, LimitHasOneRaiseClass) {
  const ActionAbstraction abstraction =
      ActionAbstraction::ForGame(testing::LoadProjectGame("holdem.limit.2p.reverse_blinds.game"));
  EXPECT_EQ(abstraction.num_actions(), 4);
  EXPECT_FALSE(abstraction.has_all_in_class());
  EXPECT_THAT(abstraction.names(), ElementsAre("fold", "check", "call", "raise"));
  EXPECT_EQ(abstraction.RaiseClass(1, 1000), kFirstRaise);
  EXPECT_EQ(abstraction.RaiseClass(5000, 10), kFirstRaise);
}

TEST(ActionAbstractionTest, RaiseClassEdgesAreInclusiveBelow) {
  const ActionAbstraction abstraction = *ActionAbstraction::Create({0.6, 1.0}, true);
  EXPECT_EQ(abstraction.RaiseClass(59, 100), kHalf);
  EXPECT_EQ(abstraction.RaiseClass(60, 100), kThreeQuarter);  // exactly 0.6
  EXPECT_EQ(abstraction.RaiseClass(3, 5), kThreeQuarter);     // 0.6 again
  EXPECT_EQ(abstraction.RaiseClass(99, 100), kThreeQuarter);
  EXPECT_EQ(abstraction.RaiseClass(100, 100), kPotPlus);  // a pot-sized bet is "pot+"
  EXPECT_EQ(abstraction.RaiseClass(1000, 100), kPotPlus);
}

TEST(ActionAbstractionTest, CreateRefusesBadEdges) {
  EXPECT_THAT(std::string(ActionAbstraction::Create({1.0, 0.6}, true).status().message()),
              HasSubstr("ascending"));
  EXPECT_FALSE(ActionAbstraction::Create({0.0}, true).ok());
  EXPECT_FALSE(ActionAbstraction::Create(std::vector<double>(kMaxRaiseEdges + 1, 1.0), true).ok());
  const ActionAbstraction custom = *ActionAbstraction::Create({0.5, 1.0, 2.0}, false);
  EXPECT_THAT(custom.names(),
              ElementsAre("fold", "check", "call", "r<0.5", "r0.5-1", "r1-2", "r>=2"));
}

// Preflop in the reverse-blinds game the button (position 1) has 50 in, the big blind 100: the
// pot is 150, calling costs 50, so the pot after calling is 200 and a raise to X adds X - 100
// beyond the call.
TEST(ActionAbstractionTest, ClassifiesLoggedActionsByPotFraction) {
  const ActionAbstraction abstraction = *ActionAbstraction::Create({0.6, 1.0}, true);
  logs_parser::ActionRecord raise;
  raise.player = 1;
  raise.kind = logs_parser::ActionKind::kRaise;
  raise.pot_before = 150;
  raise.to_call = 50;
  raise.spent_before = 50;
  raise.raise_to = 200;  // 100 / 200 = 0.5
  EXPECT_EQ(abstraction.Classify(raise), kHalf);
  raise.raise_to = 250;  // 150 / 200 = 0.75
  EXPECT_EQ(abstraction.Classify(raise), kThreeQuarter);
  raise.raise_to = 300;  // 200 / 200 = 1
  EXPECT_EQ(abstraction.Classify(raise), kPotPlus);
  raise.kind = logs_parser::ActionKind::kAllIn;
  raise.raise_to = 20000;
  EXPECT_EQ(abstraction.Classify(raise), kAllIn);
  logs_parser::ActionRecord call = raise;
  call.kind = logs_parser::ActionKind::kCall;
  EXPECT_EQ(abstraction.Classify(call), kCall);
  call.kind = logs_parser::ActionKind::kCheck;
  EXPECT_EQ(abstraction.Classify(call), kCheck);
  call.kind = logs_parser::ActionKind::kFold;
  EXPECT_EQ(abstraction.Classify(call), kFold);
  // Without an all-in class an all-in is sized like any raise: 19900 / 200.
  const ActionAbstraction no_all_in = *ActionAbstraction::Create({0.6, 1.0}, false);
  EXPECT_EQ(no_all_in.Classify(raise), kPotPlus);
}

TEST(ActionAbstractionTest, ClassifiesLiveStateActions) {
  const poker::GameDef game = testing::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  const ActionAbstraction abstraction = ActionAbstraction::ForGame(game);
  poker::State state(game, 0);
  ASSERT_EQ(state.CurrentPlayer(), 1);
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Raise(200)), kHalf);
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Raise(250)), kThreeQuarter);
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Raise(300)), kPotPlus);
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Raise(20000)), kAllIn);
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Call()), kCall);
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Fold()), kFold);
  ASSERT_TRUE(state.Apply(poker::Action::Call()).ok());
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Call()), kCheck);
  // Big blind raises to 300 over a pot of 200 with nothing to call: 200 / 200.
  EXPECT_EQ(abstraction.Classify(state, poker::Action::Raise(300)), kPotPlus);
}

// Both builders of a HandObservation (from a log record and from a replayed rules-engine
// state) must agree on every hand of the reference logs.
void ExpectBuildersAgree(const std::string& log, const std::string& game_file, int min_hands) {
  const poker::GameDef game = testing::LoadProjectGame(game_file);
  const ActionAbstraction abstraction = ActionAbstraction::ForGame(game);
  const auto classes = PositionClasses(game);
  logs_parser::ReadOptions options;
  options.game = &game;
  options.game_name = game_file;
  int hands = 0;
  int differences = 0;
  absl::StatusOr<logs_parser::ReadSummary> summary = logs_parser::ReadLogs(
      {testing::SharedDataDir() + "/" + log}, options,
      [&](int, const logs_parser::HandRecord& record) {
        HandObservation from_record;
        HandObservation from_state;
        ObserveRecord(record, abstraction, classes, &from_record);
        ObserveState(record.state, abstraction, classes, &from_state);
        ++hands;
        bool same = from_record.begin == from_state.begin &&
                    from_record.can_act == from_state.can_act &&
                    from_record.entered == from_state.entered;
        for (int i = 0; same && i < from_record.begin[game.num_rounds]; ++i) {
          same = from_record.actions[i].actor == from_state.actions[i].actor &&
                 from_record.actions[i].action == from_state.actions[i].action;
        }
        if (!same && ++differences <= 3) {
          ADD_FAILURE() << log << ":" << record.line << ": the builders disagree";
        }
      });
  ASSERT_TRUE(summary.ok()) << summary.status();
  EXPECT_GE(hands, min_hands);
  EXPECT_EQ(differences, 0);
}

TEST(HandObservationTest, RecordAndStateBuildersAgreeOnReferenceLogs) {
  TRAINER_SKIP_WITHOUT_SHARED_DATA();
  ExpectBuildersAgree("reference_logs/nl2p.log", "holdem.nolimit.2p.reverse_blinds.game", 1000);
  ExpectBuildersAgree("reference_logs/nl3p.log", "holdem.nolimit.3p.game", 1000);
  ExpectBuildersAgree("reference_logs/nl6p.log", "holdem.nolimit.6p.game", 600);
  ExpectBuildersAgree("reference_logs/l3p.log", "holdem.limit.3p.game", 1000);
}

TEST(PositionTest, ClassesForTwoToTenPlayers) {
  using C = PositionClass;
  const auto classes_of = [](const std::string& file) {
    const poker::GameDef game = testing::LoadProjectGame(file);
    const auto all = PositionClasses(game);
    return std::vector<C>(all.begin(), all.begin() + game.num_players);
  };
  // Heads-up reverse blinds: position 1 is the button (acts first preflop).
  EXPECT_THAT(classes_of("holdem.nolimit.2p.reverse_blinds.game"),
              ElementsAre(C::kBlinds, C::kRear));
  EXPECT_THAT(classes_of("holdem.nolimit.3p.game"), ElementsAre(C::kBlinds, C::kBlinds, C::kRear));
  // UTG, MP, CO, BTN = positions 2..5.
  EXPECT_THAT(classes_of("holdem.nolimit.6p.game"),
              ElementsAre(C::kBlinds, C::kBlinds, C::kFront, C::kMiddle, C::kRear, C::kRear));
  EXPECT_THAT(classes_of("holdem.nolimit.10p.game"),
              ElementsAre(C::kBlinds, C::kBlinds, C::kFront, C::kFront, C::kFront, C::kMiddle,
                          C::kMiddle, C::kRear, C::kRear, C::kRear));
  // Antes (every position posts): no blinds class; order from firstPlayer (position 0).
  EXPECT_THAT(classes_of("kuhn.limit.3p.game"), ElementsAre(C::kFront, C::kMiddle, C::kRear));
  EXPECT_STREQ(PositionClassName(C::kMiddle), "middle");
}

}  // namespace
}  // namespace trainer
