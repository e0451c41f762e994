// The decision log's explanations in words, on explanations the agent wrote in arena matches
// (heads-up no-limit against TA, 3-player limit against LA and a calling station).
#include "tools/report/decision_reason.h"

#include <string>

#include "gtest/gtest.h"

namespace report {
namespace {

TEST(DecisionReasonTest, ActionsInWords) {
  EXPECT_EQ(ActionInWords("f", 50), "fold");
  EXPECT_EQ(ActionInWords("c", 50), "call");
  EXPECT_EQ(ActionInWords("c", 0), "check");
  EXPECT_EQ(ActionInWords("r600", 100), "raise to 600");
  EXPECT_EQ(ActionInWords("r600", 0), "bet 600");
  EXPECT_EQ(ActionInWords("r", 0), "bet");
  EXPECT_EQ(ActionInWords("r", 20), "raise");
}

TEST(DecisionReasonTest, HeadsUpSearch) {
  // The search's call beat the blueprint's fold by more than the margin.
  EXPECT_EQ(
      ReadableReason("search 1 streets, 12018 nodes; blueprint f (node 0 bucket 93 action 0 of 5 "
                     "(p 0.184314)); gain 150.6, margin 50.0 after 6 decisions (tilt weak/strong: "
                     "checked to 0.00 -0.16 / 0.00 -0.14, facing a bet 0.41 0.00 -0.13 / 0.05 0.00 "
                     "-0.12): search c",
                     50),
      "The search looked through this street and the next (12018 nodes) and valued each action. "
      "The blueprint would fold: its strategy takes this action with probability 0.18. The "
      "search's call gains 150.6 chips over it, more than the margin of 50.0 chips (after 6 "
      "decisions of this opponent): played the search's action.");
  // The best searched action is the blueprint's own.
  EXPECT_EQ(
      ReadableReason("search 0 streets, 40 nodes; blueprint r200 (node 26 bucket 11 action 1 of 4 "
                     "(p 0.878431)); gain 0.0, margin 70.0 after 0 decisions (tilt weak/strong: "
                     "checked to 0.00 0.00 / 0.00 0.00, facing a bet 0.00 0.00 0.00 / 0.00 0.00 "
                     "0.00): blueprint",
                     0),
      "The search looked to the end of this street (40 nodes) and valued each action. The "
      "blueprint would bet 200: its strategy takes this action with probability 0.88. The search "
      "values it highest too: played the blueprint's bet 200.");
  // A gain inside the margin keeps the blueprint's action.
  const std::string kept = ReadableReason(
      "search 1 streets, 1781 nodes; blueprint c (node 10 bucket 0 action 0 of 4 (p 0.92549)); "
      "gain 12.5, margin 66.6 after 6 decisions (tilt weak/strong: checked to 0.00 -0.16 / 0.00 "
      "-0.13, facing a bet 0.21 0.00 -0.13 / 0.03 0.00 -0.12): blueprint",
      0);
  EXPECT_NE(kept.find("gains 12.5 chips over it, not more than the margin of 66.6 chips"),
            std::string::npos)
      << kept;
  EXPECT_NE(kept.find("played the blueprint's check."), std::string::npos) << kept;
  EXPECT_EQ(kept.find("tilt"), std::string::npos) << kept;
}

TEST(DecisionReasonTest, MultiwaySearchAndTheFoldPolicy) {
  EXPECT_EQ(ReadableReason("multiway search, 1 opponents, 0 streets, 10 nodes; fold policy c; gain "
                           "7.6, margin 10.5 (confidence 0.00): fold policy (e 0.388 thr "
                           "0.500/0.620/0.750; check)",
                           0),
            "The search against 1 opponent looked to the end of this street (10 nodes) and valued "
            "each action. The fold policy would check. The best searched action gains 7.6 chips "
            "over it, not more than the margin of 10.5 chips (model confidence 0.00): played the "
            "fold policy's check (equity 39% against the thresholds 50% (call), 62% (half-pot "
            "bet) and 75% (pot bet): check).");
  EXPECT_EQ(ReadableReason("e 0.552 thr 0.500/0.620/0.750; call (pot odds 0.250)", 10),
            "Equity 55% against the thresholds 50% (call), 62% (half-pot bet) and 75% (pot bet): "
            "call (pot odds 0.250).");
}

TEST(DecisionReasonTest, BlueprintFallbackAndUnknownForms) {
  EXPECT_EQ(ReadableReason("blueprint (node 3 bucket 1 action 2 of 3 (p 0.5, played 0.6))", 1),
            "Played the blueprint strategy: its strategy takes this action with probability 0.50 "
            "(0.60 as played).");
  EXPECT_EQ(ReadableReason("no reading: fold policy; e 0.300 thr 0.500/0.620/0.750; fold (pot "
                           "odds 0.333)",
                           50),
            "No search (no reading); the fold policy decided: equity 30% against the thresholds "
            "50% (call), 62% (half-pot bet) and 75% (pot bet): fold (pot odds 0.333).");
  EXPECT_EQ(ReadableReason("fixed X=[1,2] I=0.5 B p(f,c,r)=(0.1,0.2,0.7)", 0),
            "fixed X=[1,2] I=0.5 B p(f,c,r)=(0.1,0.2,0.7)");
}

}  // namespace
}  // namespace report
