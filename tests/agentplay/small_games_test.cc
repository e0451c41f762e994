// The agent in the small games (Kuhn, Leduc): its policies act on the equity against uniformly
// dealt opponents (before, it called at every decision there), the default `search` plays the
// bundled blueprint heads-up, and a Leduc match against a rule-based bot runs with legal actions.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "agent/agent_player.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "tests/agentplay/agent_test_util.h"
#include "tests/common/test_support.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"

namespace agent {
namespace {

using poker::Action;
using poker::ActionType;

// The action of a fresh agent (`policy`, no model, seed `seed`) on one MATCHSTATE line.
Action AgentAction(const poker::GameDef& game, const std::string& policy, const std::string& line,
                   uint64_t seed = 1) {
  AgentOptions options;
  options.policy = policy;
  options.seed = seed;
  absl::StatusOr<std::unique_ptr<AgentPlayer>> agent = AgentPlayer::Create(game, nullptr, options);
  EXPECT_TRUE(agent.ok()) << agent.status();
  if (!agent.ok()) return Action::Call();
  absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(game, line);
  EXPECT_TRUE(view.ok()) << line << ": " << view.status();
  if (!view.ok()) return Action::Call();
  (*agent)->Observe(*view);
  return (*agent)->Act(*view);
}

// Kuhn 2p (Qs Ks As; position 0 acts first): `fold`'s thresholds on the exact equities Q 0, K 0.5,
// A 1. Facing the bet (pot 3, 1 to call: pot odds 0.25) Q folds and K and A call; first to act, or
// checked to, A bets (equity over the pot threshold 0.75) and Q and K check.
TEST(SmallGamesTest, FoldPolicyInKuhnActsByCard) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.2p.game");
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:r:|Qs").type, ActionType::kFold);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:r:|Ks").type, ActionType::kCall);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:r:|As").type, ActionType::kCall);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:0:0:cr:Qs|").type, ActionType::kFold);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:0:0::As|").type, ActionType::kRaise);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:0:0::Ks|").type, ActionType::kCall);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:0:0::Qs|").type, ActionType::kCall);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:c:|As").type, ActionType::kRaise);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:c:|Qs").type, ActionType::kCall);
}

// Kuhn 3p (Js Qs Ks As): facing a bet with two opponents in (pot 4, 1 to call: pot odds 0.2,
// plus the margin 0.05) K's equity 1/3 calls and Q's 0 folds; A (equity 1) bets first in.
TEST(SmallGamesTest, FoldPolicyInThreePlayerKuhnActsByCard) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.3p.game");
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:r:|Qs|").type, ActionType::kFold);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:r:|Ks|").type, ActionType::kCall);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:1:0:r:|As|").type, ActionType::kCall);
  EXPECT_EQ(AgentAction(game, "fold", "MATCHSTATE:0:0::As||").type, ActionType::kRaise);
  // The default `search` there (no blueprint for 3 players, nothing read): fold's action.
  EXPECT_EQ(AgentAction(game, "search", "MATCHSTATE:1:0:r:|Js|").type, ActionType::kFold);
}

// The default policy plays the bundled Kuhn blueprint: the equilibrium's pure actions (never call
// a bet with the lowest card, always call with the highest, always bet the highest when checked
// to) whatever the seed that draws from the strategy, and its mixed ones where `fold` is pure:
// facing a bet with K the file calls 1/3 of the time (fold always calls), checked to with Q it
// bluffs 1/3 of the time (fold always checks).
TEST(SmallGamesTest, DefaultPolicyPlaysTheKuhnBlueprint) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.2p.game");
  int king_folds = 0;
  int queen_bluffs = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    EXPECT_EQ(AgentAction(game, "search", "MATCHSTATE:1:0:r:|Qs", seed).type, ActionType::kFold);
    EXPECT_EQ(AgentAction(game, "search", "MATCHSTATE:0:0:cr:Qs|", seed).type, ActionType::kFold);
    EXPECT_EQ(AgentAction(game, "search", "MATCHSTATE:1:0:r:|As", seed).type, ActionType::kCall);
    EXPECT_EQ(AgentAction(game, "search", "MATCHSTATE:1:0:c:|As", seed).type, ActionType::kRaise);
    king_folds +=
        AgentAction(game, "search", "MATCHSTATE:1:0:r:|Ks", seed).type == ActionType::kFold;
    queen_bluffs +=
        AgentAction(game, "search", "MATCHSTATE:1:0:c:|Qs", seed).type == ActionType::kRaise;
  }
  // Binomial(20, 2/3) and (20, 1/3); the seeds are fixed, so these counts are too.
  EXPECT_GE(king_folds, 6);
  EXPECT_LE(king_folds, 19);
  EXPECT_GE(queen_bluffs, 2);
  EXPECT_LE(queen_bluffs, 14);
  // `cfr` plays the same file.
  const std::string strategy =
      absl::StrCat(POKER_SOURCE_DIR, "/data/strategies/kuhn.limit.2p.strategy");
  AgentOptions options;
  options.policy = "cfr";
  options.policy_params.extra_text["strategy"] = strategy;
  absl::StatusOr<std::unique_ptr<AgentPlayer>> cfr = AgentPlayer::Create(game, nullptr, options);
  ASSERT_TRUE(cfr.ok()) << cfr.status();
  absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(game, "MATCHSTATE:1:0:r:|Qs");
  ASSERT_TRUE(view.ok());
  (*cfr)->Observe(*view);
  EXPECT_EQ((*cfr)->Act(*view).type, ActionType::kFold);
}

// Leduc through the arena's registry: the default agent against TA for 150 deals, every action
// legal as sent, and it folds, calls and raises (before, it only called).
TEST(SmallGamesTest, LeducMatchAgainstTaIsLegalAndVaried) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  arena::PlayerContext me_context{&game, 0, "me", 0};
  arena::PlayerContext ta_context{&game, 1, "ta", 0};
  absl::StatusOr<std::unique_ptr<poker::Player>> agent = arena::MakePlayer("agent:", me_context);
  absl::StatusOr<std::unique_ptr<poker::Player>> ta = arena::MakePlayer("bot:style=ta", ta_context);
  ASSERT_TRUE(agent.ok() && ta.ok()) << agent.status() << ta.status();

  class Counting : public agentplay_test::LegalityChecker {
   public:
    using LegalityChecker::LegalityChecker;
    Action Act(const poker::MatchState& view) override {
      const Action action = LegalityChecker::Act(view);
      ++by_type[action.type];
      return action;
    }
    std::map<ActionType, int> by_type;
  };
  Counting checked(agent->get());
  poker::Dealer dealer(game, 5);
  std::vector<poker::Player*> by_position(2);
  for (int h = 0; h < 150; ++h) {
    by_position[h % 2] = &checked;
    by_position[1 - h % 2] = ta->get();
    poker::State state(game, h);
    dealer.DealNext(&state);
    ASSERT_TRUE(arena::PlayHand(&state, by_position).ok());
  }
  EXPECT_TRUE(checked.illegal.empty())
      << checked.illegal.size() << " illegal, first: " << checked.illegal.front();
  EXPECT_GT(checked.actions, 150);
  EXPECT_GT(checked.by_type[ActionType::kFold], 0);
  EXPECT_GT(checked.by_type[ActionType::kCall], 0);
  EXPECT_GT(checked.by_type[ActionType::kRaise], 0);

  // The same pairing as an arena match by spec, duplicate: every hand played, chips zero-sum.
  arena::RingOptions options;
  options.hands = 100;
  options.seed = 9;
  options.duplicate = true;
  const std::vector<arena::PlayerSpec> players = {{"me", "agent:"}, {"ta", "bot:style=ta"}};
  absl::StatusOr<arena::RingResult> result = arena::RunRing(game, players, options);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->hands, 200);
  EXPECT_NEAR(result->players[0].chips + result->players[1].chips, 0.0, 1e-6);
}

// Every policy's actions are legal as sent in Kuhn 3p and Leduc against random play.
TEST(SmallGamesTest, EveryPolicyIsLegalInTheSmallGames) {
  for (const char* name : {"kuhn.limit.2p.game", "kuhn.limit.3p.game", "leduc.limit.2p.game"}) {
    const poker::GameDef game = test_support::LoadProjectGame(name);
    for (const char* policy : {"fold", "static", "joker", "search", "pso"}) {
      SCOPED_TRACE(absl::StrCat(name, " ", policy));
      AgentOptions options;
      options.policy = policy;
      absl::StatusOr<std::unique_ptr<AgentPlayer>> agent =
          AgentPlayer::Create(game, nullptr, options);
      ASSERT_TRUE(agent.ok()) << agent.status();
      agentplay_test::LegalityChecker checked(agent->get());
      std::vector<std::unique_ptr<poker::Player>> others;
      for (int s = 1; s < game.num_players; ++s) {
        others.push_back(std::make_unique<agentplay_test::RandomPlayer>(100 + s));
      }
      poker::Dealer dealer(game, 21);
      const int n = game.num_players;
      for (int h = 0; h < 60; ++h) {
        std::vector<poker::Player*> by_position(n);
        for (int p = 0; p < n; ++p) {
          const int seat = (p + h) % n;
          by_position[p] =
              seat == 0 ? static_cast<poker::Player*>(&checked) : others[seat - 1].get();
        }
        poker::State state(game, h);
        dealer.DealNext(&state);
        ASSERT_TRUE(arena::PlayHand(&state, by_position).ok());
      }
      EXPECT_GT(checked.actions, 30);
      EXPECT_TRUE(checked.illegal.empty())
          << checked.illegal.size() << " illegal, first: " << checked.illegal.front();
    }
  }
}

}  // namespace
}  // namespace agent
