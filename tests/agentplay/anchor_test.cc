// The search's anchor in limit hold'em and the agent's draws per decision: with
// search_anchor_play_limit=1 the search stands on its blueprint as `--policy cfr` plays it (the
// bundled limit blueprint plays purified), so where the search keeps the anchor the agent plays
// exactly what its blueprint played alone would; with `draws=hand` the agent's random draws at a
// decision depend on the seed, the hand and its decisions so far only.
#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "agent/agent_player.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/player.h"
#include "poker/state.h"
#include "tests/agentplay/agent_test_util.h"
#include "tools/arena/ring.h"

namespace agent {
namespace {

using agentplay_test::Game;

const std::string kStrategies = std::string(POKER_SOURCE_DIR) + "/data/strategies/";

const std::string kShort =
    "bot:style=cfr,strategy=" + kStrategies + "holdem.limit.2p.short.strategy,draws=hand,seed=3";

const std::string kNoLimitAlone =
    "agent:policy=cfr,strategy=" + kStrategies + "holdem.nolimit.2p.strategy";

// Chips won per hand by seat 0 over a duplicate match of `deals` deals against `opponent` (by
// default SHORT's blueprint: mixed, drawing per hand so that it acts alike on the same states).
std::vector<double> Values(const std::string& me, uint32_t deals,
                           const std::string& opponent = kShort,
                           const char* game_name = agentplay_test::kLimit2p) {
  const poker::GameDef game = Game(game_name);
  arena::RingOptions options;
  options.hands = deals;
  options.seed = 41;
  options.duplicate = true;
  const std::vector<arena::PlayerSpec> players = {{"me", me}, {"opponent", opponent}};
  absl::StatusOr<arena::RingResult> result = arena::RunRing(game, players, options);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return {};
  std::vector<double> mine;
  for (size_t i = 0; i < result->values.size(); i += 2) mine.push_back(result->values[i]);
  return mine;
}

TEST(SearchAnchorTest, TheLimitAnchorIsTheBlueprintAsPlayedAlone) {
  // A margin the search never passes: the agent plays its anchor at every decision.
  const std::string anchored = "agent:search_margin_floor=100,search_nodes=200";
  const std::vector<double> alone =
      Values("agent:policy=cfr,strategy=" + kStrategies + "holdem.limit.2p.strategy", 30);
  ASSERT_EQ(alone.size(), 60u);
  EXPECT_EQ(Values(anchored, 30), alone);  // the default: as the file asks
  // The mixed strategy (search_anchor_play_limit=0) is another player.
  EXPECT_NE(Values(anchored + ",search_anchor_play_limit=0", 30), alone);
}

// search_margin_near_limit: a margin added while the opponent's largest tilt weight stays under
// search_margin_near_tilt. Against a blueprint of another abstraction it stays under (the agent
// plays its blueprint alone hand for hand with a margin the search never passes); against a
// calling station it passes within the first hands, and the search plays again.
TEST(SearchAnchorTest, TheNearMarginHoldsOnlyAgainstAnOpponentThatPlaysLikeABlueprint) {
  const std::string blueprint =
      "agent:policy=cfr,strategy=" + kStrategies + "holdem.limit.2p.strategy";
  const std::string gated =
      "agent:search_margin_near_limit=100,search_margin_near_tilt=3,search_nodes=200";
  EXPECT_EQ(Values(gated, 30), Values(blueprint, 30));
  const std::string station = "bot:style=station";
  const std::vector<double> alone = Values(blueprint, 30, station);
  EXPECT_NE(Values(gated, 30, station), alone);
  // With the addition gone only above a weight no opponent reaches, it holds against the station
  // too.
  EXPECT_EQ(Values(gated + ",search_margin_near_tilt=100", 30, station), alone);
}

// In no-limit the default adds a margin no gain passes (search_margin_near) while the opponent's
// largest tilt weight is under 2: against POT3's blueprint, at the start of a match, the agent
// plays its blueprint alone hand for hand; without the addition the search leaves it.
TEST(SearchAnchorTest, NoLimitPlaysItsBlueprintAgainstAnOpponentNearIt) {
  const std::string pot3 =
      "bot:style=cfr,strategy=" + kStrategies + "holdem.nolimit.2p.pot3.strategy,draws=hand,seed=3";
  const std::vector<double> alone = Values(kNoLimitAlone, 20, pot3, agentplay_test::kNoLimit2p);
  ASSERT_EQ(alone.size(), 40u);
  EXPECT_EQ(Values("agent:search_nodes=300", 20, pot3, agentplay_test::kNoLimit2p), alone);
  EXPECT_NE(
      Values("agent:search_nodes=300,search_margin_near=0", 20, pot3, agentplay_test::kNoLimit2p),
      alone);
}

// A bot that acts at random is absorbed by the model's fitted floor more than by its tilt
// weights: the floor passes search_margin_near_floor within the first hands and the search plays
// (here with the weights' threshold out of reach); with no floor condition it is met with the
// blueprint, hand for hand.
TEST(SearchAnchorTest, NoLimitSearchesAgainstARandomBot) {
  const std::string random = "bot:style=random,seed=15,draws=hand";
  const std::vector<double> alone = Values(kNoLimitAlone, 20, random, agentplay_test::kNoLimit2p);
  ASSERT_EQ(alone.size(), 40u);
  const std::string weights_never = "agent:search_nodes=300,search_margin_near_tilt=100";
  EXPECT_NE(Values(weights_never, 20, random, agentplay_test::kNoLimit2p), alone);
  EXPECT_EQ(
      Values(weights_never + ",search_margin_near_floor=1", 20, random, agentplay_test::kNoLimit2p),
      alone);
}

// The first decision of hand `hand` with cards drawn for that hand, after `warmup` decisions in
// other hands: the agent's action as a letter.
std::string Actions(const std::string& spec, int warmup) {
  const poker::GameDef game = Game(agentplay_test::kLimit2p);
  absl::StatusOr<std::unique_ptr<poker::Player>> agent = MakeAgentFromSpec(game, 1, 0, spec);
  EXPECT_TRUE(agent.ok()) << agent.status();
  if (!agent.ok()) return "";
  const auto play = [&](uint32_t hand) {
    poker::State state(game, hand);
    std::mt19937 rng(hand);
    std::vector<poker::Card> deck(52);
    for (int c = 0; c < 52; ++c) deck[c] = static_cast<poker::Card>(c);
    std::shuffle(deck.begin(), deck.end(), rng);
    for (int p = 0; p < 2; ++p) {
      for (int i = 0; i < 2; ++i) state.set_hole_card(p, i, deck[2 * p + i]);
    }
    const int viewer = state.CurrentPlayer();
    const poker::Action action = (*agent)->Act(arena::ViewFor(state, viewer));
    return action.type == poker::ActionType::kRaise  ? 'r'
           : action.type == poker::ActionType::kCall ? 'c'
                                                     : 'f';
  };
  for (int i = 0; i < warmup; ++i) play(1000 + i);
  std::string out;
  for (uint32_t hand = 0; hand < 300; ++hand) out += play(hand);
  return out;
}

TEST(AgentDrawsTest, DrawsPerDecisionDependOnTheHandOnly) {
  // SHORT's blueprint plays its mixed strategy: the agent's `cfr` policy draws at every decision.
  const std::string spec =
      "policy=cfr,strategy=" + kStrategies + "holdem.limit.2p.short.strategy,seed=5";
  const std::string by_hand = Actions(spec + ",draws=hand", 0);
  EXPECT_EQ(Actions(spec + ",draws=hand", 7), by_hand);
  // It mixes: several actions over the hands.
  EXPECT_GT(std::count(by_hand.begin(), by_hand.end(), 'r'), 30) << by_hand;
  EXPECT_GT(std::count(by_hand.begin(), by_hand.end(), 'c') +
                std::count(by_hand.begin(), by_hand.end(), 'f'),
            30)
      << by_hand;
  // One stream per match (the default, `draws=match`): the earlier decisions move the draws.
  EXPECT_NE(Actions(spec + ",draws=match", 7), Actions(spec + ",draws=match", 0));
  EXPECT_EQ(Actions(spec, 7), Actions(spec + ",draws=match", 7));
  const poker::GameDef game = Game(agentplay_test::kLimit2p);
  absl::StatusOr<std::unique_ptr<poker::Player>> bad =
      MakeAgentFromSpec(game, 1, 0, spec + ",draws=sometimes");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "draws 'sometimes' is not hand or match");
}

}  // namespace
}  // namespace agent
