#include "tools/eval/prediction_eval.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "tests/common/test_support.h"
#include "tools/eval/report.h"

namespace eval {
namespace {

std::string GamePath(const std::string& name) {
  return std::string(POKER_SOURCE_DIR) + "/data/games/" + name;
}

using test_support::TempDir;

absl::StatusOr<Corpus> Load(const std::vector<std::string>& paths, const poker::GameDef& game,
                            int threads = 1) {
  logs_parser::ReadOptions read;
  read.game = &game;
  read.game_name = "test.game";
  read.strip_name_suffix = true;
  read.threads = threads;
  return LoadCorpus(paths, read);
}

std::vector<int> All(const Corpus& corpus) {
  std::vector<int> all(corpus.hands.size());
  std::iota(all.begin(), all.end(), 0);
  return all;
}

// Three hands of the DeepStack study's log (heads-up no-limit, reverse blinds).
constexpr char kThreeHands[] =
    "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:pro.player.1|DeepStack\n"
    "STATE:1:r200r600f:Ac9c|Ts5h:200|-200:DeepStack|pro.player.1\n"
    "STATE:4:cr500c/cc/cc/cc:ThAs|Ac6c/Qd2h7c/5d/6d:-500|500:pro.player.1|DeepStack\n";

TEST(PredictionEvalTest, CasesAreEveryStreetFinishedWithoutFolding) {
  TempDir dir;
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  absl::StatusOr<Corpus> corpus = Load({dir.Write("three.log", kThreeHands)}, game);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  ASSERT_EQ(corpus->hands.size(), 3u);
  EXPECT_EQ(corpus->names, std::vector<std::string>({"DeepStack", "pro.player"}));

  // Hand 0: DeepStack (position 1) folds on the flop; hand 1: qin folds preflop; hand 2 goes to
  // the river.
  EXPECT_EQ(corpus->hands[0].FoldRound(1, game), 1);
  EXPECT_EQ(corpus->hands[0].FoldRound(0, game), poker::kMaxRounds);
  EXPECT_EQ(corpus->hands[1].FoldRound(1, game), 0);
  EXPECT_EQ(corpus->hands[2].final_round, 3);

  // The replay for a street hides the hole cards and the later board cards.
  absl::StatusOr<poker::State> flop = corpus->Replay(2, 1, false);
  ASSERT_TRUE(flop.ok()) << flop.status();
  EXPECT_FALSE(flop->HoleCardsKnown(0));
  EXPECT_EQ(poker::CardToString(flop->board_card(2)), "7c");
  EXPECT_EQ(flop->board_card(3), poker::kNoCard);
  EXPECT_EQ(flop->round(), 2);  // the flop's betting is over: the turn is next

  EvalOptions options;
  const std::vector<int> all = All(*corpus);
  absl::StatusOr<std::unique_ptr<Predictors>> predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  EXPECT_EQ((*predictors)->modelled, std::vector<std::string>({"DeepStack", "pro.player"}));
  absl::StatusOr<EvalResult> result = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(result.ok()) << result.status();
  // Preflop: 2 + 1 + 2; flop: qin in hand 0, both in hand 2; turn and river: hand 2.
  const std::array<int64_t, kNumStreets> expected = {5, 3, 2, 2};
  for (int k = 0; k < kNumClassPredictors; ++k) {
    for (int s = 0; s < kNumStreets; ++s) {
      EXPECT_EQ(result->classes[k][s].cases, expected[s]) << ClassPredictorName(k) << " " << s;
    }
  }
  EXPECT_EQ(result->pairs[kPairUniform][1].cases, 3);
  // Uniform over the 1176 pairs live on a flop.
  EXPECT_NEAR(result->pairs[kPairUniform][1].mean_log_likelihood(), -std::log(1176.0), 1e-9);
  ASSERT_EQ(result->by_player.size(), 2u);
  EXPECT_EQ(result->by_player[0][kMarkov].cases, 6);
  EXPECT_EQ(result->by_player[1][kModel].cases, 6);
  int64_t confused = 0;
  for (const auto& row : result->confusion[kPrior][3]) {
    for (int64_t n : row) confused += n;
  }
  EXPECT_EQ(confused, 2);  // every river case has a top class

  // The report rows: 4 predictors x 5 streets x 3 Z, the pooled street adds up.
  const std::vector<AccuracyRow> rows = AccuracyRows(*result);
  ASSERT_EQ(rows.size(), 4u * 5u * 3u);
  for (const AccuracyRow& row : rows) {
    if (row.street == "all") {
      EXPECT_EQ(row.cases, 12);
    }
    EXPECT_LE(row.ci_low, row.accuracy);
    EXPECT_GE(row.ci_high, row.accuracy);
  }
  const std::string csv = FormatCsv(rows);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "predictor,street,z,cases,accuracy,ci_low,ci_high");
  EXPECT_NE(csv.find("\nmarkov,river,3,2,"), std::string::npos);
}

TEST(PredictionEvalTest, PlayerSelection) {
  TempDir dir;
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  absl::StatusOr<Corpus> corpus = Load({dir.Write("three.log", kThreeHands)}, game);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  options.players = {"pro.player"};
  const std::vector<int> all = All(*corpus);
  auto predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(predictors.ok());
  EXPECT_EQ((*predictors)->modelled, std::vector<std::string>({"pro.player"}));
  EXPECT_EQ((*predictors)->model.num_players(), 1);
  auto result = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->classes[kModel][0].cases, 2);  // qin folded preflop in hand 1
  options.players = {"nobody"};
  EXPECT_FALSE(TrainPredictors(*corpus, all, options).ok());
  options.players.clear();
  options.min_hands = 4;
  EXPECT_FALSE(TrainPredictors(*corpus, all, options).ok());
}

TEST(PredictionEvalTest, RefusesGamesWithoutHoldemPairs) {
  const poker::GameDef kuhn = *poker::LoadGameDef(GamePath("kuhn.limit.3p.game"));
  TempDir dir;
  EXPECT_FALSE(Load({dir.Write("k.log", "")}, kuhn).ok());
}

// A synthetic corpus from the arena: bots whose actions follow their hand strength (TA raises
// strong hands and folds weak ones, LP calls a wide range and raises only the best), so reading
// their actions must predict their hands better than the class frequencies do.
TEST(PredictionEvalTest, OnArenaBotsOurModelBeatsThePrior) {
  const std::string arena = std::string(POKER_BIN_DIR) + "/arena";
  if (!std::filesystem::exists(arena)) {
    GTEST_SKIP() << arena << " is not built (build the `arena` target); skipping";
  }
  TempDir dir;
  const std::string game_path = GamePath("holdem.nolimit.2p.reverse_blinds.game");
  const std::string command = arena + " --game " + game_path +
                              " --hands 3000 --seed 5 --player TA=bot:style=ta,seed=1 "
                              "--player LP=bot:style=lp,seed=2 --quiet --log " +
                              dir.File("match.log") + " > " + dir.File("arena.out") + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  const poker::GameDef game = *poker::LoadGameDef(game_path);
  absl::StatusOr<Corpus> corpus = Load({dir.File("match.log")}, game, 2);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  ASSERT_EQ(corpus->hands.size(), 3000u);
  EvalOptions options;
  options.seed = 3;
  absl::StatusOr<Parts> parts = MakeParts(*corpus, options);
  ASSERT_TRUE(parts.ok()) << parts.status();
  EXPECT_EQ(parts->eval.size(), 600u);
  auto predictors = TrainPredictors(*corpus, parts->train, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  options.threads = 2;
  absl::StatusOr<EvalResult> result = Evaluate(*corpus, parts->eval, **predictors, options);
  ASSERT_TRUE(result.ok()) << result.status();

  std::map<std::string, AccuracyRow> top1;
  for (const AccuracyRow& row : AccuracyRows(*result)) {
    if (row.z == 1) top1[row.predictor + "/" + row.street] = row;
  }
  const AccuracyRow& model = top1["model/all"];
  const AccuracyRow& prior = top1["prior/all"];
  ASSERT_GT(model.cases, 1000);
  EXPECT_GT(model.accuracy, prior.accuracy + 0.05);
  EXPECT_GT(model.ci_low, prior.ci_high)
      << "model " << model.accuracy << " prior " << prior.accuracy;
  // By the river the reading ranks the true pair well above chance (50), and is more likely than
  // uniform.
  EXPECT_GT(result->pairs[kPairModel][3].mean_percentile(), 65);
  EXPECT_GT(result->pairs[kPairModel][3].mean_log_likelihood(),
            result->pairs[kPairUniform][3].mean_log_likelihood());

  // The result does not depend on the number of threads.
  options.threads = 1;
  absl::StatusOr<EvalResult> single = Evaluate(*corpus, parts->eval, **predictors, options);
  ASSERT_TRUE(single.ok());
  EXPECT_EQ(FormatCsv(AccuracyRows(*single)), FormatCsv(AccuracyRows(*result)));
  EXPECT_EQ(single->pairs[kPairModel][2].log_likelihood,
            result->pairs[kPairModel][2].log_likelihood);
}

}  // namespace
}  // namespace eval
