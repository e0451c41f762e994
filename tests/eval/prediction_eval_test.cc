#include "tools/eval/prediction_eval.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "logs_parser/log_reader.h"
#include "poker/hand_strength.h"
#include "tests/common/test_support.h"
#include "tools/eval/report.h"
#include "trainer/hand_observation.h"

namespace eval {
namespace {

std::string GamePath(const std::string& name) {
  return std::string(POKER_SOURCE_DIR) + "/data/games/" + name;
}

using test_support::TempDir;

std::string ArenaPath() { return std::string(POKER_BIN_DIR) + "/arena"; }

// Plays `hands` hands of the TA bot against the LP bot (heads-up no-limit, arena seed `seed`)
// logged to dir/match.log; false (and a test failure) when the arena fails.
bool PlayTaAgainstLp(const TempDir& dir, int hands, int seed) {
  const std::string command = ArenaPath() + " --game " +
                              GamePath("holdem.nolimit.2p.reverse_blinds.game") + " --hands " +
                              std::to_string(hands) + " --seed " + std::to_string(seed) +
                              " --player TA=bot:style=ta,seed=1 "
                              "--player LP=bot:style=lp,seed=2 --quiet --log " +
                              dir.File("match.log") + " > " + dir.File("arena.out") + " 2>&1";
  const int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << command;
  return status == 0;
}

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

// kThreeHands read as a heads-up no-limit corpus (the game of DeepStack's logs).
absl::StatusOr<Corpus> LoadThreeHands(const TempDir& dir) {
  return Load({dir.Write("three.log", kThreeHands)},
              *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game")));
}

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
  ASSERT_EQ(rows.size(), static_cast<size_t>(kNumClassPredictors) * 5u * 3u);
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
  absl::StatusOr<Corpus> corpus = LoadThreeHands(dir);
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
  if (!std::filesystem::exists(ArenaPath())) {
    GTEST_SKIP() << ArenaPath() << " is not built (build the `arena` target); skipping";
  }
  TempDir dir;
  ASSERT_TRUE(PlayTaAgainstLp(dir, 3000, 5));

  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
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

// Heads-up hands of DeepStack against six players p0..p5, three hands each (the three hands
// above with the professional renamed).
std::string SixPlayerLog() {
  std::string log;
  const std::vector<std::string> lines = absl::StrSplit(kThreeHands, '\n', absl::SkipEmpty());
  int number = 0;
  for (int player = 0; player < 6; ++player) {
    for (const std::string& line : lines) {
      std::string renamed =
          absl::StrReplaceAll(line, {{"pro.player.1", absl::StrCat("p", player)}});
      // A new hand number for every line.
      const size_t colon = renamed.find(':', 6);
      renamed = absl::StrCat("STATE:", number++, renamed.substr(colon));
      absl::StrAppend(&log, renamed, "\n");
    }
  }
  return log;
}

TEST(PredictionEvalTest, PlayerSplitNeverTrainsOnAHeldOutPlayer) {
  TempDir dir;
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  absl::StatusOr<Corpus> corpus = Load({dir.Write("six.log", SixPlayerLog())}, game);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  ASSERT_EQ(corpus->hands.size(), 18u);
  for (uint64_t seed : {1, 2, 3}) {
    EvalOptions options;
    options.split = SplitKind::kPlayer;
    options.test_fraction = 0.3;
    options.seed = seed;
    options.min_held_out_players = 2;
    absl::StatusOr<Parts> parts = MakeParts(*corpus, options);
    ASSERT_TRUE(parts.ok()) << parts.status();
    // At least 2 players and 30% of the hands; DeepStack plays every hand, so it is never held
    // out.
    ASSERT_GE(parts->held_out_players.size(), 2u);
    EXPECT_GE(parts->eval.size(), 6u);
    const std::set<std::string> held(parts->held_out_players.begin(),
                                     parts->held_out_players.end());
    EXPECT_EQ(held.count("DeepStack"), 0u);
    const auto has_held_out = [&](int h) {
      for (int p = 0; p < 2; ++p) {
        if (held.count(corpus->names[corpus->hands[h].player[p]])) return true;
      }
      return false;
    };
    for (int h : parts->train) EXPECT_FALSE(has_held_out(h)) << "training hand " << h;
    for (int h : parts->eval) EXPECT_TRUE(has_held_out(h)) << "test hand " << h;
    EXPECT_EQ(parts->train.size() + parts->eval.size(), 18u);

    // Only the held-out players are scored, and the model has no counts of theirs.
    options.score_only = parts->held_out_players;
    auto predictors = TrainPredictors(*corpus, parts->train, options);
    ASSERT_TRUE(predictors.ok()) << predictors.status();
    for (const std::string& name : parts->held_out_players) {
      EXPECT_EQ((*predictors)->model.FindPlayer(name), nullptr) << name;
    }
    auto result = Evaluate(*corpus, parts->eval, **predictors, options);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_GT(result->classes[kModel][0].cases, 0);
    for (const PlayerRow& row : PlayerRows(*result, *corpus, **predictors)) {
      EXPECT_TRUE(held.count(row.name)) << row.name << " is scored but not held out";
    }
  }
}

TEST(PredictionEvalTest, TestLogsAreNotReadInTraining) {
  TempDir dir;
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  const std::string six = SixPlayerLog();
  const size_t half = six.find("STATE:9:");
  const std::string train_log = dir.Write("train/a.log", six.substr(0, half));
  const std::string test_log = dir.Write("test/b.log", six.substr(half));
  absl::StatusOr<Corpus> train = Load({train_log}, game);
  absl::StatusOr<Corpus> test = Load({test_log}, game);
  ASSERT_TRUE(train.ok() && test.ok());
  absl::StatusOr<Corpus> train_alone = Load({train_log}, game);
  int test_begin = -1;
  absl::StatusOr<Corpus> joined = JoinCorpora(*train, *std::move(test), &test_begin);
  ASSERT_TRUE(joined.ok()) << joined.status();
  EXPECT_EQ(test_begin, 9);
  EXPECT_EQ(joined->hands.size(), 18u);
  EvalOptions options;
  absl::StatusOr<Parts> parts = MakeTestLogParts(*joined, test_begin, options);
  ASSERT_TRUE(parts.ok()) << parts.status();
  ASSERT_EQ(parts->train.size(), 9u);
  for (int h : parts->train) EXPECT_EQ(joined->files[joined->hands[h].file], train_log);
  for (int h : parts->eval) EXPECT_EQ(joined->files[joined->hands[h].file], test_log);

  // Training on the joined corpus counts exactly what training on the training logs alone does.
  auto from_joined = TrainPredictors(*joined, parts->train, options);
  auto from_train = TrainPredictors(*train_alone, All(*train_alone), options);
  ASSERT_TRUE(from_joined.ok() && from_train.ok());
  EXPECT_EQ((*from_joined)->model.SerializeCanonical(), (*from_train)->model.SerializeCanonical());
  for (int street = 0; street < kNumStreets; ++street) {
    for (int c = 0; c < NumClasses(street); ++c) {
      EXPECT_EQ((*from_joined)->prior.count(street, c), (*from_train)->prior.count(street, c));
    }
  }
  // The players only in the test logs have no model.
  EXPECT_EQ((*from_joined)->model.FindPlayer("p5"), nullptr);
  EXPECT_NE((*from_joined)->model.FindPlayer("p0"), nullptr);

  // A file in both is refused.
  absl::StatusOr<Corpus> again = Load({train_log}, game);
  EXPECT_FALSE(JoinCorpora(*train, *std::move(again), &test_begin).ok());
}

// Online, a hand is scored before it is learned: scoring one showdown hand online gives exactly
// the offline score, and the same hand again (now learned) scores differently.
TEST(PredictionEvalTest, OnlineScoresAHandBeforeLearningIt) {
  TempDir dir;
  absl::StatusOr<Corpus> corpus = LoadThreeHands(dir);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  // Hand 2 ends at a showdown: both shown; in hand 0 DeepStack folds: nobody is shown.
  EXPECT_TRUE(corpus->ShownAtShowdown(2, 0));
  EXPECT_TRUE(corpus->ShownAtShowdown(2, 1));
  EXPECT_FALSE(corpus->ShownAtShowdown(0, 0));
  EXPECT_FALSE(corpus->ShownAtShowdown(0, 1));

  EvalOptions options;
  const std::vector<int> train = {0, 1};
  auto predictors = TrainPredictors(*corpus, train, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  const std::vector<int> once = {2};
  const std::vector<int> twice = {2, 2};
  auto offline_once = Evaluate(*corpus, once, **predictors, options);
  auto offline_twice = Evaluate(*corpus, twice, **predictors, options);
  options.online = true;
  auto online_once = Evaluate(*corpus, once, **predictors, options);
  auto online_twice = Evaluate(*corpus, twice, **predictors, options);
  ASSERT_TRUE(offline_once.ok() && offline_twice.ok() && online_once.ok() && online_twice.ok());
  for (int street = 0; street < kNumStreets; ++street) {
    EXPECT_EQ(online_once->pairs[kPairModel][street].log_likelihood,
              offline_once->pairs[kPairModel][street].log_likelihood)
        << street;
  }
  EXPECT_EQ(FormatCsv(AccuracyRows(*online_once)), FormatCsv(AccuracyRows(*offline_once)));
  // Learned: the river reading of the second copy differs from the first.
  EXPECT_NE(online_twice->pairs[kPairModel][3].log_likelihood,
            offline_twice->pairs[kPairModel][3].log_likelihood);
  // And the trained predictors themselves are untouched.
  auto offline_again = Evaluate(*corpus, once, **predictors, EvalOptions{});
  ASSERT_TRUE(offline_again.ok());
  EXPECT_EQ(offline_again->pairs[kPairModel][3].log_likelihood,
            offline_once->pairs[kPairModel][3].log_likelihood);
}

// The entry prior must not invert a loose player's range. The LP bot calls every
// preflop hand but the very best (it raises those), so its limping range is flat: read with the
// entry prior (a model of its actions only, as learned online), the weakest hands must not come
// out heavier than the others, and the heaviest pairs must not be trash (before the fix, 77% of
// the range sat in the weakest tenth of hands).
TEST(PredictionEvalTest, EntryPriorKeepsALoosePlayersRangeSortedByStrength) {
  if (!std::filesystem::exists(ArenaPath())) {
    GTEST_SKIP() << ArenaPath() << " is not built (build the `arena` target); skipping";
  }
  TempDir dir;
  ASSERT_TRUE(PlayTaAgainstLp(dir, 2000, 7));
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  absl::StatusOr<Corpus> corpus = Load({dir.File("match.log")}, game);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  auto predictors = TrainPredictors(*corpus, All(*corpus), options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  // LP as the agent learns it online: its actions, never its cards (no bucket counts), so the
  // entry prior applies in full.
  trainer::OpponentModel& model = (*predictors)->model;
  trainer::PlayerModel& lp = model.MutablePlayer("LP online");
  trainer::HandObservation observation;
  for (size_t h = 0; h < corpus->hands.size(); ++h) {
    absl::StatusOr<poker::State> hidden = corpus->Replay(static_cast<int>(h), -1, false);
    ASSERT_TRUE(hidden.ok());
    trainer::ObserveState(*hidden, model.abstraction(), model.position_classes(), &observation);
    for (int p = 0; p < 2; ++p) {
      if (corpus->names[corpus->hands[h].player[p]] == "LP") lp.AddHand(observation, p);
    }
  }
  ASSERT_GT(lp.hands(), 1500u);

  // A hand where the first to act preflop (position 1 in this game) limps.
  poker::State state(game, 0);
  const int first = state.CurrentPlayer();
  ASSERT_TRUE(state.Apply(poker::Action::Call()).ok());
  std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models{};
  models[first] = &lp;
  agent::HandReader reader(&model, game, options.reader);
  reader.StartHand(state, -1, absl::MakeConstSpan(models.data(), 2));
  reader.Update(state);
  agent::Range range = reader.range(first);
  ASSERT_TRUE(range.Normalize());
  // Mean weight per decile of preflop equity.
  std::vector<std::pair<double, int>> by_equity;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    by_equity.push_back({poker::PreflopEquity(poker::PairFromIndex(i)), i});
  }
  std::sort(by_equity.begin(), by_equity.end());
  std::array<double, 10> decile{};
  for (int k = 0; k < poker::kNumPairs; ++k) {
    decile[k * 10 / poker::kNumPairs] += range.weight(by_equity[k].second);
  }
  std::string shape;
  for (double d : decile) absl::StrAppend(&shape, " ", d);
  // Flat, as the truth: the weakest tenth carries at most 10% more than the average tenth of the
  // middle (before the fix it carried 77% of the range).
  double middle = 0;
  for (int d = 1; d <= 8; ++d) middle += decile[d] / 8;
  EXPECT_LT(decile[0], 1.1 * middle) << "weight by equity decile:" << shape;
  // The heaviest 5% of pairs are not the weakest hands (before: mean rank 0.02).
  std::vector<int> order(poker::kNumPairs);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return range.weight(a) > range.weight(b); });
  std::vector<double> rank_of(poker::kNumPairs);
  for (int k = 0; k < poker::kNumPairs; ++k) rank_of[by_equity[k].second] = k;
  double mean_rank = 0;
  const int top = poker::kNumPairs / 20;
  for (int k = 0; k < top; ++k) mean_rank += rank_of[order[k]] / (poker::kNumPairs - 1.0);
  EXPECT_GT(mean_rank / top, 0.3) << "weight by equity decile:" << shape << "; top pairs' mean "
                                  << "equity rank " << mean_rank / top;
}

// keep_cases records what each predictor scored, and the bucket oracles; recording changes no
// score.
TEST(PredictionEvalTest, CasesRecordTheClassScoresAndTheBucketOracles) {
  TempDir dir;
  absl::StatusOr<Corpus> corpus = LoadThreeHands(dir);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  const std::vector<int> all = All(*corpus);
  auto predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  auto plain = Evaluate(*corpus, all, **predictors, options);
  options.keep_cases = true;
  auto kept = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(plain.ok() && kept.ok());
  EXPECT_TRUE(plain->cases.empty());
  EXPECT_EQ(FormatCsv(AccuracyRows(*kept)), FormatCsv(AccuracyRows(*plain)));
  ASSERT_EQ(kept->cases.size(), 12u);  // 5 + 3 + 2 + 2

  const std::array<double, kNumStreets> live = {1326, 1176, 1128, 1081};
  std::array<int64_t, kNumStreets> hits{};
  for (const CaseRecord& r : kept->cases) {
    const int n = NumClasses(r.street);
    double board = 0, model = 0, oracle = 0;
    for (int c = 0; c < n; ++c) {
      board += r.board[c];
      model += r.model[c];
      oracle += r.oracle[c];
      // The fine oracle keeps a subset of the pairs the reader's-resolution oracle keeps.
      EXPECT_LE(r.oracle_fine[c], r.oracle[c]);
      EXPECT_LE(r.oracle[c], r.board[c]);
      if (r.street == 0) {  // fine buckets preflop
        EXPECT_EQ(r.oracle_fine[c], r.oracle[c]);
      }
    }
    EXPECT_EQ(board, live[r.street]);
    EXPECT_NEAR(model, 1.0, 1e-5);
    // The true pair always shares its own buckets; fewer pairs than the board allows share them.
    EXPECT_GE(r.oracle_fine[r.truth], 1);
    EXPECT_LT(oracle, board);
    const std::vector<double> scores(r.model.begin(), r.model.begin() + n);
    hits[r.street] += TopClass(scores) == r.truth;
  }
  for (int s = 0; s < kNumStreets; ++s) EXPECT_EQ(hits[s], kept->classes[kModel][s].hits[0]) << s;
  const std::string csv = FormatCases(kept->cases);
  EXPECT_EQ(csv.substr(0, csv.find(',', 20)), "street,player,truth,board_0");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 13);
  // The oracles' table: the model's column is its top-1 on the river (2 cases).
  const std::string oracles = FormatOracles(kept->cases);
  EXPECT_NE(oracles.find(absl::StrFormat("river          2  %5.1f", 50.0 * hits[3])),
            std::string::npos)
      << oracles;

  // With 32 buckets the reader reads the 8 coarse ones after the flop, and so does the oracle at
  // the reader's resolution: it keeps strictly more pairs than the fine oracle on some case.
  options.model.num_buckets = 32;
  auto fine_predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(fine_predictors.ok()) << fine_predictors.status();
  auto fine = Evaluate(*corpus, all, **fine_predictors, options);
  ASSERT_TRUE(fine.ok()) << fine.status();
  bool coarser = false;
  for (const CaseRecord& r : fine->cases) {
    for (int c = 0; c < NumClasses(r.street); ++c) {
      EXPECT_LE(r.oracle_fine[c], r.oracle[c]);
      if (r.street == 0) {
        EXPECT_EQ(r.oracle_fine[c], r.oracle[c]);
      }
      if (r.street > 0 && r.oracle_fine[c] < r.oracle[c]) coarser = true;
    }
  }
  EXPECT_TRUE(coarser);
}

// A calibration moves the model's class scores and nothing else. Preflop the model names the
// small high card (960 of the 1326 pairs) in all 5 cases, right once (3d2d; Ts5h folds preflop,
// so it is no case; the other four are big high cards); a bias of +50 on the big pair makes it
// name a big pair every time, never right here.
TEST(PredictionEvalTest, CalibrationChangesTheClassScoresNotThePairs) {
  TempDir dir;
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  absl::StatusOr<Corpus> corpus = Load({dir.Write("three.log", kThreeHands)}, game);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  const std::vector<int> all = All(*corpus);
  auto predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  auto plain = Evaluate(*corpus, all, **predictors, options);
  options.calibration.bias[0][kBigPair] = 50;
  auto biased = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(plain.ok() && biased.ok());
  EXPECT_EQ(plain->classes[kModel][0].hits[0], 1);
  EXPECT_EQ(plain->confusion[kModel][0][kBigHighCard][kSmallHighCard], 4);
  EXPECT_EQ(biased->classes[kModel][0].cases, 5);
  EXPECT_EQ(biased->classes[kModel][0].hits[0], 0);
  EXPECT_EQ(biased->confusion[kModel][0][kBigHighCard][kBigPair], 4);
  EXPECT_EQ(biased->confusion[kModel][0][kSmallHighCard][kBigPair], 1);
  // The other predictors, the later streets and the pair level are untouched.
  EXPECT_EQ(biased->classes[kMarkov][0].hits, plain->classes[kMarkov][0].hits);
  EXPECT_EQ(biased->classes[kModel][3].hits, plain->classes[kModel][3].hits);
  for (int s = 0; s < kNumStreets; ++s) {
    EXPECT_EQ(biased->pairs[kPairModel][s].log_likelihood,
              plain->pairs[kPairModel][s].log_likelihood);
  }
}

// The six-player log cut in two: its first part as training logs, alone and joined to the rest
// as test logs (--test-logs), for the tests that check that cross-fitted cases read only the
// training part.
struct TrainAndTestLogs {
  Corpus joined;       // training logs, then test logs
  Parts parts;         // of `joined`: the training logs' hands, then the test logs'
  Corpus train_alone;  // the training logs read on their own
  EvalOptions options;
};

void SplitSixPlayerLog(const TempDir& dir, TrainAndTestLogs* out) {
  const poker::GameDef game =
      *poker::LoadGameDef(GamePath("holdem.nolimit.2p.reverse_blinds.game"));
  const std::string six = SixPlayerLog();
  const size_t half = six.find("STATE:9:");
  const std::string train_log = dir.Write("train/a.log", six.substr(0, half));
  const std::string test_log = dir.Write("test/b.log", six.substr(half));
  absl::StatusOr<Corpus> train = Load({train_log}, game);
  absl::StatusOr<Corpus> test = Load({test_log}, game);
  absl::StatusOr<Corpus> train_alone = Load({train_log}, game);
  ASSERT_TRUE(train.ok() && test.ok() && train_alone.ok());
  int test_begin = -1;
  absl::StatusOr<Corpus> joined = JoinCorpora(*std::move(train), *std::move(test), &test_begin);
  ASSERT_TRUE(joined.ok()) << joined.status();
  out->options.test_fraction = 0.3;
  absl::StatusOr<Parts> parts = MakeTestLogParts(*joined, test_begin, out->options);
  ASSERT_TRUE(parts.ok()) << parts.status();
  out->joined = *std::move(joined);
  out->parts = *std::move(parts);
  out->train_alone = *std::move(train_alone);
}

// The calibration's cases come from carves of the training part only: with the training logs
// joined to test logs, they are exactly those of the training logs alone.
TEST(PredictionEvalTest, CrossFittedCasesReadOnlyTheTrainingPart) {
  TempDir dir;
  TrainAndTestLogs logs;
  ASSERT_NO_FATAL_FAILURE(SplitSixPlayerLog(dir, &logs));
  const EvalOptions& options = logs.options;
  auto from_joined = CrossFittedCases(logs.joined, logs.parts.train, options, 2);
  auto from_train = CrossFittedCases(logs.train_alone, All(logs.train_alone), options, 2);
  ASSERT_TRUE(from_joined.ok() && from_train.ok());
  ASSERT_GT(from_train->size(), 4u);
  // Player ids depend on the names of the whole corpus; the scores do not.
  for (auto* cases : {&*from_joined, &*from_train}) {
    for (CaseRecord& r : *cases) r.player = -1;
  }
  EXPECT_EQ(FormatCases(*from_joined), FormatCases(*from_train));
}

// The re-scoring's cases decompose the model reader's range street by street: their summed
// ln-likelihoods (the identity re-scoring) give back its class scores. A re-scoring moves the
// model's class and pair scores and nothing else: +50 on every preflop cell of the big pair makes
// it name a big pair in all 5 preflop cases (as the calibration test above).
TEST(PredictionEvalTest, RerankCasesRebuildTheRangeAndTheRerankMovesOnlyTheModel) {
  TempDir dir;
  absl::StatusOr<Corpus> corpus = LoadThreeHands(dir);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  const std::vector<int> all = All(*corpus);
  auto predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  auto plain = Evaluate(*corpus, all, **predictors, options);
  options.keep_cases = true;
  options.keep_rerank_cases = true;
  auto kept = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(plain.ok() && kept.ok());
  EXPECT_EQ(FormatCsv(AccuracyRows(*kept)), FormatCsv(AccuracyRows(*plain)));
  ASSERT_EQ(kept->rerank_cases.size(), kept->cases.size());
  const std::array<size_t, kNumStreets> live = {1326, 1176, 1128, 1081};
  const PairReranker identity;
  for (size_t k = 0; k < kept->cases.size(); ++k) {
    const RerankCase& c = kept->rerank_cases[k];
    const CaseRecord& r = kept->cases[k];
    ASSERT_EQ(c.street, r.street);
    ASSERT_EQ(c.group.size(), live[c.street]);
    ASSERT_EQ(c.bucket.size(), live[c.street]);
    ASSERT_EQ(c.loglik.size(), live[c.street] * (c.street + 1));
    EXPECT_EQ(c.group[c.truth] / kDrawKinds, r.truth);
    std::vector<double> score(c.group.size());
    identity.Scores(c, absl::MakeSpan(score));
    const double top = *std::max_element(score.begin(), score.end());
    std::array<double, kMaxClasses> by_class{};
    double total = 0;
    for (size_t i = 0; i < score.size(); ++i) {
      by_class[c.group[i] / kDrawKinds] += std::exp(score[i] - top);
      total += std::exp(score[i] - top);
    }
    for (int cls = 0; cls < NumClasses(c.street); ++cls) {
      EXPECT_NEAR(by_class[cls] / total, r.model[cls], 1e-4) << k << " " << cls;
    }
  }

  options.keep_cases = false;
  options.keep_rerank_cases = false;
  options.rerank.weights[0] = PairReranker::Identity(0);
  for (int a = 0; a < kAggressionLevels; ++a) {
    options.rerank.weights[0][1 + kBigPair * kAggressionLevels + a] = 50;  // class x aggression
  }
  auto moved = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(moved.ok()) << moved.status();
  EXPECT_EQ(moved->classes[kModel][0].cases, 5);
  EXPECT_EQ(moved->classes[kModel][0].hits[0], 0);
  EXPECT_EQ(moved->confusion[kModel][0][kBigHighCard][kBigPair], 4);
  EXPECT_EQ(moved->confusion[kModel][0][kSmallHighCard][kBigPair], 1);
  EXPECT_LT(moved->pairs[kPairModel][0].log_likelihood,
            plain->pairs[kPairModel][0].log_likelihood - 10);
  // The other predictors are untouched; the later streets read as the identity.
  EXPECT_EQ(moved->classes[kMarkov][0].hits, plain->classes[kMarkov][0].hits);
  EXPECT_EQ(moved->pairs[kPairDfModel][0].log_likelihood,
            plain->pairs[kPairDfModel][0].log_likelihood);
  for (int s = 1; s < kNumStreets; ++s) {
    EXPECT_EQ(moved->classes[kModel][s].hits, plain->classes[kModel][s].hits);
    EXPECT_NEAR(moved->pairs[kPairModel][s].log_likelihood,
                plain->pairs[kPairModel][s].log_likelihood, 1e-3);
  }
}

// The re-scoring's cases carry the coarse bucket the reader reads, before the flop too: with 32
// buckets backed off to 8, AA's top bucket 31 reads as 7, the small pairs' slot 32 as the draw
// bucket's 8, 32o's bottom bucket as 0. Without the back-off the 33 slots do not fit the
// re-scoring's 9: the cases carry no buckets and bucket features are refused.
TEST(PredictionEvalTest, RerankCasesCarryTheCoarseBucketsTheReaderReads) {
  TempDir dir;
  absl::StatusOr<Corpus> corpus = LoadThreeHands(dir);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  options.model.num_buckets = 32;
  options.keep_rerank_cases = true;
  ASSERT_EQ(RerankBucketSlots(options.reader, 32), kRerankBuckets);
  const std::vector<int> all = All(*corpus);
  auto predictors = TrainPredictors(*corpus, all, options);
  ASSERT_TRUE(predictors.ok()) << predictors.status();
  auto kept = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(kept.ok()) << kept.status();
  ASSERT_FALSE(kept->rerank_cases.empty());
  const RerankCase& preflop = kept->rerank_cases[0];
  ASSERT_EQ(preflop.street, 0);
  ASSERT_EQ(preflop.bucket.size(), 1326u);  // every pair is live: index = pair index
  const auto pair = [](const char* text) {
    const std::vector<poker::Card> cards = *poker::ParseCards(text);
    return poker::PairIndex(cards[0], cards[1]);
  };
  EXPECT_EQ(preflop.bucket[pair("AhAs")], 7);
  EXPECT_EQ(preflop.bucket[pair("5h5d")], 8);
  EXPECT_EQ(preflop.bucket[pair("3c2d")], 0);
  for (const RerankCase& c : kept->rerank_cases) {
    EXPECT_LE(*std::max_element(c.bucket.begin(), c.bucket.end()), 8) << c.street;
  }

  options.reader.bucket_prior = 0;
  EXPECT_EQ(RerankBucketSlots(options.reader, 32), 33);
  auto unbacked = Evaluate(*corpus, all, **predictors, options);
  ASSERT_TRUE(unbacked.ok()) << unbacked.status();
  ASSERT_EQ(unbacked->rerank_cases.size(), kept->rerank_cases.size());
  for (const RerankCase& c : unbacked->rerank_cases) EXPECT_TRUE(c.bucket.empty());
  options.keep_rerank_cases = false;
  options.rerank.buckets = true;
  options.rerank.weights[0] = PairReranker::Identity(0, /*buckets=*/true);
  EXPECT_EQ(Evaluate(*corpus, all, **predictors, options).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// The re-scoring's cases, like the calibration's, come from carves of the training part only.
TEST(PredictionEvalTest, CrossFittedRerankCasesReadOnlyTheTrainingPart) {
  TempDir dir;
  TrainAndTestLogs logs;
  ASSERT_NO_FATAL_FAILURE(SplitSixPlayerLog(dir, &logs));
  const EvalOptions& options = logs.options;
  auto from_joined = CrossFittedRerankCases(logs.joined, logs.parts.train, options, 2);
  auto from_train = CrossFittedRerankCases(logs.train_alone, All(logs.train_alone), options, 2);
  ASSERT_TRUE(from_joined.ok() && from_train.ok());
  ASSERT_GT(from_train->size(), 4u);
  ASSERT_EQ(from_joined->size(), from_train->size());
  for (size_t k = 0; k < from_train->size(); ++k) {
    const RerankCase& a = (*from_joined)[k];
    const RerankCase& b = (*from_train)[k];
    EXPECT_EQ(a.street, b.street);
    EXPECT_EQ(a.truth, b.truth);
    EXPECT_EQ(a.context.aggression, b.context.aggression);
    EXPECT_EQ(a.context.raises, b.context.raises);
    EXPECT_EQ(a.group, b.group);
    EXPECT_EQ(a.bucket, b.bucket);
    EXPECT_EQ(a.loglik, b.loglik);
  }
}

// --in-sample-population: the extra hands reach the population's counts and nothing else.
TEST(PredictionEvalTest, PopulationOnlyHandsReachOnlyThePopulation) {
  TempDir dir;
  absl::StatusOr<Corpus> corpus = LoadThreeHands(dir);
  ASSERT_TRUE(corpus.ok()) << corpus.status();
  EvalOptions options;
  const std::vector<int> train = {0, 1};
  auto plain = TrainPredictors(*corpus, train, options);
  options.population_only_hands = {2};
  auto extra = TrainPredictors(*corpus, train, options);
  ASSERT_TRUE(plain.ok() && extra.ok());
  // Two players per hand: two more population hands, no more hands for either player.
  EXPECT_EQ((*extra)->model.population().hands(), (*plain)->model.population().hands() + 2);
  for (const char* name : {"DeepStack", "pro.player"}) {
    const trainer::PlayerModel* a = (*plain)->model.FindPlayer(name);
    const trainer::PlayerModel* b = (*extra)->model.FindPlayer(name);
    ASSERT_TRUE(a != nullptr && b != nullptr) << name;
    EXPECT_EQ(a->hands(), b->hands()) << name;
  }
  // The river (hand 2 is the only one that reached it) is counted in the population only.
  EXPECT_EQ((*plain)->model.population().street(3).num_nodes(), 0);
  EXPECT_GT((*extra)->model.population().street(3).num_nodes(), 0);
  for (const char* name : {"DeepStack", "pro.player"}) {
    EXPECT_EQ((*extra)->model.FindPlayer(name)->street(3).num_nodes(), 0) << name;
  }
  // The chain and the prior are untouched.
  for (int street = 0; street < kNumStreets; ++street) {
    for (int c = 0; c < NumClasses(street); ++c) {
      EXPECT_EQ((*extra)->prior.count(street, c), (*plain)->prior.count(street, c));
    }
  }
  EXPECT_EQ((*extra)->prior.count(3, 0) + (*extra)->prior.count(3, 2), 0);
}

}  // namespace
}  // namespace eval
