// Rule-based bots: equity against random hands (known preflop values, exact river and board
// ties), threshold decisions per style, raise sizes, the example player's random policy, seeds.
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/hand_evaluator.h"
#include "tests/tools/process_util.h"
#include "tools/bots/equity.h"
#include "tools/bots/rule_bot.h"

namespace bots {
namespace {

using poker::Action;
using poker::ActionType;
using poker::Card;

std::vector<Card> Cards(const std::string& text) { return *poker::ParseCards(text); }

class EquityTest : public ::testing::Test {
 protected:
  EquityTest() : game_(*poker::ParseGameDef(tools_test::kNoLimit2pGame)), equity_(game_) {}
  poker::GameDef game_;
  EquityEstimator equity_;
  poker::Rng rng_{123};
};

TEST_F(EquityTest, PreflopTableIsPerStartingHandClass) {
  // The bots' preflop cache is keyed by poker::StartingHandClass: hands of one class get the
  // same value, whatever the suits, and computing it does not depend on the order of calls.
  const double aks = equity_.Equity(Cards("KsAs"), {}, 1, 100, &rng_);
  EXPECT_EQ(equity_.Equity(Cards("KhAh"), {}, 1, 100, &rng_), aks);
  EquityEstimator fresh(game_);
  EXPECT_EQ(fresh.Equity(Cards("AdKd"), {}, 1, 100, &rng_), aks);
  EXPECT_NE(equity_.Equity(Cards("KsAh"), {}, 1, 100, &rng_), aks);  // offsuit: another class
}

TEST_F(EquityTest, PreflopHeadsUpKnownValues) {
  // All-in equity against one random hand: AA 85.2%, KK 82.4%, AKs 67.0%, 72o 34.6%.
  EXPECT_NEAR(equity_.Equity(Cards("AhAs"), {}, 1, 0, &rng_), 0.852, 0.008);
  EXPECT_NEAR(equity_.Equity(Cards("KdKc"), {}, 1, 0, &rng_), 0.824, 0.008);
  EXPECT_NEAR(equity_.Equity(Cards("AsKs"), {}, 1, 0, &rng_), 0.670, 0.008);
  EXPECT_NEAR(equity_.Equity(Cards("7h2c"), {}, 1, 0, &rng_), 0.346, 0.008);
  // The table value is the class's, whatever the suits, and the same on every call.
  EXPECT_EQ(equity_.Equity(Cards("AhAs"), {}, 1, 0, &rng_),
            equity_.Equity(Cards("AcAd"), {}, 1, 0, &rng_));
}

TEST_F(EquityTest, MoreOpponentsLowerEquity) {
  double last = 1.0;
  for (int opponents = 1; opponents <= 5; ++opponents) {
    const double e = equity_.Equity(Cards("AhAs"), {}, opponents, 0, &rng_);
    EXPECT_LT(e, last) << opponents;
    last = e;
  }
  EXPECT_GT(last, 0.40);  // AA against five random hands still wins about half the time
  EXPECT_LT(last, 0.56);
}

TEST_F(EquityTest, BoardTiesAndLocks) {
  // A royal flush on the board: every hand ties.
  EXPECT_DOUBLE_EQ(equity_.MonteCarlo(Cards("2c3d"), Cards("AsKsQsJsTs"), 1, 2000, &rng_), 0.5);
  EXPECT_DOUBLE_EQ(equity_.MonteCarlo(Cards("2c3d"), Cards("AsKsQsJsTs"), 3, 2000, &rng_), 0.25);
  // Quad aces with no flush or straight-flush possible: unbeatable, on the flop too.
  EXPECT_DOUBLE_EQ(equity_.MonteCarlo(Cards("AhAd"), Cards("AsAc2d7h9c"), 2, 2000, &rng_), 1.0);
}

TEST_F(EquityTest, RiverMonteCarloMatchesExactEnumeration) {
  const std::vector<Card> hole = Cards("JhTh");
  const std::vector<Card> board = Cards("9h8c2d3sKd");
  std::vector<Card> mine = hole;
  mine.insert(mine.end(), board.begin(), board.end());
  const poker::HandRank my_rank = poker::EvaluateCards(mine);
  poker::CardSet used(mine);
  double won = 0;
  int total = 0;
  for (int a = 0; a < 52; ++a) {
    for (int b = a + 1; b < 52; ++b) {
      if (used.Contains(a) || used.Contains(b)) continue;
      std::vector<Card> theirs = {static_cast<Card>(a), static_cast<Card>(b)};
      theirs.insert(theirs.end(), board.begin(), board.end());
      const poker::HandRank r = poker::EvaluateCards(theirs);
      won += r < my_rank ? 1.0 : r == my_rank ? 0.5 : 0.0;
      ++total;
    }
  }
  EXPECT_EQ(total, 990);
  const double exact = won / total;
  EXPECT_NEAR(equity_.MonteCarlo(hole, board, 1, 40000, &rng_), exact, 0.01);
}

TEST(GenericEquityTest, KuhnThreePlayers) {
  // Kuhn (J Q K A of one suit, one card each): the ace always wins, the jack never.
  const poker::GameDef kuhn = *poker::ParseGameDef(
      "GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 1\nblind = 1 1 1\nraiseSize = 1\n"
      "firstPlayer = 1\nmaxRaises = 1\nnumSuits = 1\nnumRanks = 4\nnumHoleCards = 1\n"
      "numBoardCards = 0\nEND GAMEDEF\n");
  EquityEstimator equity(kuhn);
  poker::Rng rng(5);
  EXPECT_FALSE(equity.is_holdem());
  EXPECT_DOUBLE_EQ(equity.Equity(Cards("As"), {}, 2, 500, &rng), 1.0);
  EXPECT_DOUBLE_EQ(equity.Equity(Cards("Js"), {}, 2, 500, &rng), 0.0);
  // The queen beats the jack only: wins when the other two are J and ... never with 2 opponents
  // (one of them holds K or A); against one opponent it wins 1 time in 3.
  EXPECT_DOUBLE_EQ(equity.Equity(Cards("Qs"), {}, 2, 500, &rng), 0.0);
  EXPECT_NEAR(equity.Equity(Cards("Qs"), {}, 1, 30000, &rng), 1.0 / 3, 0.01);
}

class BotTest : public ::testing::Test {
 protected:
  BotTest() : game_(*poker::ParseGameDef(tools_test::kNoLimit2pGame)) {}
  poker::MatchState View(const std::string& line) {
    absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(game_, line);
    EXPECT_TRUE(view.ok()) << line << ": " << view.status();
    return *view;
  }
  Action Decide(const std::string& spec, const std::string& line) {
    absl::StatusOr<BotConfig> config = ParseBotSpec(spec);
    EXPECT_TRUE(config.ok()) << config.status();
    return MakeBot(game_, *config)->Act(View(line));
  }
  poker::GameDef game_;
};

TEST_F(BotTest, ParsesSpecs) {
  absl::StatusOr<BotConfig> c = ParseBotSpec("style=lp,seed=9,trials=50,raise=min");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->style, Style::kLoosePassive);
  EXPECT_DOUBLE_EQ(c->alpha, 0.30);
  EXPECT_DOUBLE_EQ(c->beta, 0.85);
  EXPECT_EQ(c->seed, 9u);
  EXPECT_EQ(c->trials, 50);
  EXPECT_EQ(c->raise_size, RaiseSize::kMin);
  c = ParseBotSpec("alpha=0.4,style=ta,beta=0.7");
  ASSERT_TRUE(c.ok());
  EXPECT_DOUBLE_EQ(c->alpha, 0.4);
  EXPECT_DOUBLE_EQ(c->beta, 0.7);
  EXPECT_FALSE(ParseBotSpec("alpha=0.4").ok());
  EXPECT_FALSE(ParseBotSpec("style=xx").ok());
  // The message lists every style the bot program and the arena take, cfr included.
  EXPECT_EQ(ParseStyle("xx").status().message(),
            "unknown bot style 'xx' (expected la, lp, ta, tp, station, raiser, random, pushfold, or "
            "cfr with a strategy file)");
  EXPECT_FALSE(ParseBotSpec("style=ta,alpha=2").ok());
  EXPECT_FALSE(ParseBotSpec("style=ta,color=red").ok());
  EXPECT_FALSE(ParseBotSpec("style=ta,raise=half").ok());
  for (const char* s : {"la", "lp", "ta", "tp", "station", "raiser", "random", "pushfold"}) {
    ASSERT_TRUE(ParseStyle(s).ok()) << s;
    EXPECT_STREQ(StyleName(*ParseStyle(s)), s);
  }
  EXPECT_DOUBLE_EQ(DefaultConfig(Style::kLooseAggressive).beta, 0.45);
  EXPECT_DOUBLE_EQ(DefaultConfig(Style::kTightAggressive).alpha, 0.55);
  EXPECT_DOUBLE_EQ(DefaultConfig(Style::kTightAggressive).beta, 0.65);
  EXPECT_DOUBLE_EQ(DefaultConfig(Style::kTightPassive).beta, 0.85);
}

TEST_F(BotTest, ThresholdStylesPreflop) {
  // Position 0 (big blind) facing a raise to 300 with 7h2c (equity 0.35) or AhAs (0.85).
  const std::string weak = "MATCHSTATE:0:0:r300:7h2c|";
  const std::string aces = "MATCHSTATE:0:0:r300:AhAs|";
  EXPECT_EQ(Decide("style=ta", weak), Action::Fold());  // 0.35 < alpha 0.55
  EXPECT_EQ(Decide("style=tp", weak), Action::Fold());
  EXPECT_EQ(Decide("style=lp", weak), Action::Call());  // 0.30 <= 0.35 < beta 0.85
  EXPECT_EQ(Decide("style=la", weak), Action::Call());  // 0.35 < beta 0.45
  // Pot-sized re-raise: call 200 more, then raise by the pot of 600: to 900.
  EXPECT_EQ(Decide("style=ta", aces), Action::Raise(900));
  EXPECT_EQ(Decide("style=la", aces), Action::Raise(900));
  EXPECT_EQ(Decide("style=ta,raise=min", aces), Action::Raise(500));
  EXPECT_EQ(Decide("style=ta,raise=allin", aces), Action::Raise(20000));
  // Nothing to call: a weak hand checks instead of folding.
  EXPECT_EQ(Decide("style=ta", "MATCHSTATE:0:0:c:7h2c|"), Action::Call());
  // QJs (about 0.60): TA calls (between 0.55 and 0.65), LA raises, TP calls.
  const std::string qj = "MATCHSTATE:0:0:r300:QhJh|";
  EXPECT_EQ(Decide("style=ta", qj), Action::Call());
  EXPECT_EQ(Decide("style=tp", qj), Action::Call());
  EXPECT_EQ(Decide("style=la", qj).type, ActionType::kRaise);
}

TEST_F(BotTest, ThresholdStylesAfterTheFlop) {
  // Quads on the flop raise; a dead hand folds to a bet; a check is free.
  EXPECT_EQ(Decide("style=tp", "MATCHSTATE:0:0:cc/:AhAd|/AsAc2d").type, ActionType::kRaise);
  EXPECT_EQ(Decide("style=ta", "MATCHSTATE:1:0:cc/r200:|3h2c/AsKcQd"), Action::Fold());
  EXPECT_EQ(Decide("style=ta", "MATCHSTATE:0:0:cc/:3h2c|/AsKcQd"), Action::Call());
}

TEST_F(BotTest, StationAndRaiser) {
  EXPECT_EQ(Decide("style=station", "MATCHSTATE:0:0:r300:7h2c|"), Action::Call());
  EXPECT_EQ(Decide("style=station", "MATCHSTATE:1:0::|7h2c"), Action::Call());
  // Opening from the small blind: to call 50, pot 150: pot-sized raise to 100 + 150 + 50.
  EXPECT_EQ(Decide("style=raiser", "MATCHSTATE:1:0::|7h2c"), Action::Raise(300));
  // Facing an all-in it cannot raise: it calls.
  EXPECT_EQ(Decide("style=raiser", "MATCHSTATE:0:0:r20000:7h2c|"), Action::Call());
}

// draws=hand: every decision's draws come from (seed, hand, actions so far), so a bot acts alike
// in a hand whatever it played before; the policy's frequencies stay the same.
TEST_F(BotTest, HandDrawsDependOnTheHandOnly) {
  EXPECT_TRUE(ParseBotSpec("style=ta,draws=hand")->hand_draws);
  EXPECT_FALSE(ParseBotSpec("style=ta,draws=match")->hand_draws);
  EXPECT_FALSE(ParseBotSpec("style=ta")->hand_draws);
  EXPECT_FALSE(ParseBotSpec("style=ta,draws=often").ok());
  // With one stream per match (draws=match) five earlier decisions change what it does in these
  // hands (the draws matter in this spot); with draws=hand they do not.
  for (const char* spec : {"style=random,seed=3", "style=ta,seed=3,trials=50"}) {
    const auto play = [&](const std::string& draws, int warmup) {
      const BotConfig config = *ParseBotSpec(absl::StrCat(spec, ",draws=", draws));
      std::unique_ptr<poker::Player> bot = MakeBot(game_, config);
      const poker::MatchState early = View("MATCHSTATE:0:0:r300c/:7h2c|/Ks8d3c");
      for (int i = 0; i < warmup; ++i) bot->Act(early);
      std::vector<Action> out;
      for (int hand = 0; hand < 300; ++hand) {
        // A flop decision facing a bet (the threshold bots draw their Monte Carlo deals there).
        out.push_back(bot->Act(View(absl::StrCat("MATCHSTATE:1:", hand, ":r300c/r600:|7h8c/Ks8d3c"))));
      }
      return out;
    };
    EXPECT_NE(play("match", 0), play("match", 5)) << spec;
    EXPECT_EQ(play("hand", 0), play("hand", 5)) << spec;
  }
  const BotConfig config = *ParseBotSpec("style=random,seed=3,draws=hand");
  RandomBot bot(config);
  constexpr int kHands = 20000;
  std::array<int, 3> counts{};
  for (int hand = 0; hand < kHands; ++hand) {
    ++counts[static_cast<int>(bot.Act(View(absl::StrCat("MATCHSTATE:0:", hand, ":r300:7h2c|"))).type)];
  }
  EXPECT_NEAR(counts[0] / double(kHands), 0.06, 0.008);
  EXPECT_NEAR(counts[1] / double(kHands), 0.47, 0.016);
  EXPECT_NEAR(counts[2] / double(kHands), 0.47, 0.016);
}

TEST_F(BotTest, RandomPolicyFrequencies) {
  BotConfig config = *ParseBotSpec("style=random,seed=3");
  RandomBot bot(config);
  const poker::MatchState facing = View("MATCHSTATE:0:0:r300:7h2c|");
  const poker::MatchState free = View("MATCHSTATE:0:0:c:7h2c|");
  constexpr int kDraws = 40000;
  std::array<int, 3> counts{};
  int64_t raise_sum = 0;
  int32_t min_seen = 1 << 30, max_seen = 0;
  for (int i = 0; i < kDraws; ++i) {
    const Action a = bot.Act(facing);
    ++counts[static_cast<int>(a.type)];
    if (a.type == ActionType::kRaise) {
      raise_sum += a.raise_to;
      min_seen = std::min(min_seen, a.raise_to);
      max_seen = std::max(max_seen, a.raise_to);
      EXPECT_TRUE(facing.state.IsLegal(a));
    }
  }
  EXPECT_NEAR(counts[0] / double(kDraws), 0.06, 0.006);
  EXPECT_NEAR(counts[1] / double(kDraws), 0.47, 0.012);
  EXPECT_NEAR(counts[2] / double(kDraws), 0.47, 0.012);
  // Raise-to uniform in [500, 20000]: mean 10250.
  EXPECT_NEAR(static_cast<double>(raise_sum) / counts[2], 10250, 200);
  EXPECT_GE(min_seen, 500);
  EXPECT_LE(max_seen, 20000);
  // Nothing to call: fold is dropped, call and raise share the rest equally.
  counts = {};
  for (int i = 0; i < kDraws; ++i) ++counts[static_cast<int>(bot.Act(free).type)];
  EXPECT_EQ(counts[0], 0);
  EXPECT_NEAR(counts[1] / double(kDraws), 0.5, 0.012);
  // Facing an all-in: no raise; fold 0.06 / 0.53.
  counts = {};
  const poker::MatchState all_in = View("MATCHSTATE:0:0:r20000:7h2c|");
  for (int i = 0; i < kDraws; ++i) ++counts[static_cast<int>(bot.Act(all_in).type)];
  EXPECT_EQ(counts[2], 0);
  EXPECT_NEAR(counts[0] / double(kDraws), 0.06 / 0.53, 0.01);
}

TEST_F(BotTest, SameSeedSameDecisions) {
  const poker::MatchState flop = View("MATCHSTATE:0:0:cc/:9h8h|/7h2c3d");
  for (const char* style : {"random", "la", "tp"}) {
    BotConfig config = *ParseBotSpec(absl::StrCat("style=", style, ",seed=77,trials=200"));
    std::unique_ptr<poker::Player> a = MakeBot(game_, config);
    std::unique_ptr<poker::Player> b = MakeBot(game_, config);
    for (int i = 0; i < 200; ++i) EXPECT_EQ(a->Act(flop), b->Act(flop)) << style;
  }
}

}  // namespace
}  // namespace bots
