// The hand-prediction experiment (SPEC 12): a corpus of logged hands with visible hole cards is
// split into training and held-out hands; our opponent model, the Markov baseline and the class
// prior are counted on the training hands; on every held-out hand each predictor names the hidden
// hand of every modelled player at the end of every street the player finished without folding,
// from what a spectator sees (the board and everyone's actions, no hole cards).
//
//   absl::StatusOr<Corpus> corpus = LoadCorpus(paths, read_options);
//   absl::StatusOr<Split> split = MakeSplit(corpus->file_of(), ...);
//   absl::StatusOr<Predictors> predictors = TrainPredictors(*corpus, split->train, options);
//   EvalResult result = Evaluate(*corpus, split->test, *predictors, options);
//   std::vector<AccuracyRow> rows = AccuracyRows(result);
#ifndef TOOLS_EVAL_PREDICTION_EVAL_H_
#define TOOLS_EVAL_PREDICTION_EVAL_H_

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "agent/hand_reader.h"
#include "logs_parser/log_reader.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "tools/eval/class_calibration.h"
#include "tools/eval/hand_class.h"
#include "tools/eval/markov_baseline.h"
#include "tools/eval/metrics.h"
#include "tools/eval/pair_rerank.h"
#include "tools/eval/split.h"
#include "trainer/opponent_model.h"

namespace eval {

// One logged hand, kept compactly in memory: cards and the betting, replayed on demand.
struct LoggedHand {
  int file = 0;      // index into Corpus::files
  int64_t line = 0;  // 1-based line in that file
  uint32_t hand_number = 0;
  std::array<int, poker::kMaxPlayers> player{};  // per position: index into Corpus::names
  std::array<std::array<poker::Card, 2>, poker::kMaxPlayers> hole{};  // kNoCard when not shown
  std::array<poker::Card, poker::kMaxBoardCards> board{};             // kNoCard when not dealt
  std::array<uint16_t, poker::kMaxRounds + 1> round_begin{};  // actions of round r: [r, r+1)
  std::vector<poker::Action> actions;
  int final_round = 0;  // the round the hand ended in (the last, after an all-in run-out)

  bool HoleCardsKnown(int position) const {
    return hole[position][0] < poker::kNumCards && hole[position][1] < poker::kNumCards;
  }
  // The round in which `position` folded, or kMaxRounds when it never folded.
  int FoldRound(int position, const poker::GameDef& game) const;
};

// Every valid hand of some logs, in file order (files sorted by path, hands by line).
struct Corpus {
  poker::GameDef game;
  std::vector<std::string> files;
  std::vector<std::string> names;  // sorted
  std::vector<LoggedHand> hands;
  logs_parser::ReadSummary summary;

  // The file index of every hand (what MakeSplit takes).
  std::vector<int> FileOfHands() const;
  // The hand replayed on the rules engine through the end of round `through_round` (-1: the whole
  // hand), with the board cards dealt by then, and the hole cards only when `with_hole_cards`.
  absl::StatusOr<poker::State> Replay(int hand, int through_round, bool with_hole_cards) const;
  // True when `position`'s hole cards were shown at a showdown (it had not folded and at least
  // two players had not): what a player at the table sees, unlike the logs, which may show
  // every hand.
  bool ShownAtShowdown(int hand, int position) const;
};

// Reads logs into a corpus (LoadCorpus keeps going past bad lines unless `read.strict`; they are
// counted in the summary). Fails for games other than 52-card hold'em with 2 hole cards, and
// when no hand could be read. `progress` as for logs_parser::ReadLogs.
absl::StatusOr<Corpus> LoadCorpus(
    const std::vector<std::string>& paths, const logs_parser::ReadOptions& read,
    const std::function<void(const logs_parser::ReadSummary&)>& progress = {});

// The training corpus followed by the test corpus (--test-logs), as one corpus: names merged,
// hands of `train` first. `*test_begin` is the index of the first test hand. Fails when a file
// is in both (nothing may be shared).
absl::StatusOr<Corpus> JoinCorpora(Corpus train, Corpus test, int* test_begin);

struct EvalOptions {
  double test_fraction = 0.2;
  SplitKind split = SplitKind::kHand;
  uint64_t seed = 1;
  // Evaluate on a validation part carved (same fraction, same kind, seed + 1) from the training
  // part, and train on the rest: for tuning without ever looking at the held-out part.
  bool validate = false;
  // Modelled players: these names; when empty, every player with at least min_hands training
  // hands (0: every player of the corpus, those without training hands read as the population).
  std::vector<std::string> players;
  uint64_t min_hands = 0;
  // With --split player: at least this many players are held out.
  int min_held_out_players = 1;
  // Score only these players (the held-out players of a player split); empty: the modelled ones.
  // They are given an id (a model of their own, empty until learned online) even when they have
  // no training hand.
  std::vector<std::string> score_only;
  // The held-out hands are read in log order, and after each is scored it is learned as the
  // agent would: the modelled players' actions always, hole cards only when shown at a
  // showdown; the Markov chain and the class prior learn the shown hands too.
  bool online = false;
  trainer::ModelOptions model;
  // The model to measure: a model file (`trainer train`) of the corpus' game, read as it is
  // (`model` is then not used; online learning still adds to it). Empty: a model counted on the
  // training part with `model`. The Markov chain and the class prior are counted on the training
  // part either way.
  std::string model_path;
  // A range-relative model (model.range_buckets) is counted with the ranges a model of the same
  // hands reads: 1, counted with HS buckets; n > 1, itself range-relative with n - 1 passes.
  int range_passes = 1;
  agent::ReaderOptions reader;
  MarkovOptions markov;
  // The readers' ranges are scored raised to this power (renormalised): 1 scores them as the
  // agent sees them; another value tempers every action's likelihood alike (the ranges start
  // uniform, so w^e is the posterior with each likelihood raised to e).
  double range_exponent = 1;
  // Keep every scored case's class scores in EvalResult::cases (--cases; the class
  // calibration's fit).
  bool keep_cases = false;
  // Hands counted into the population's counts only, after `train` (no player model, chain or
  // prior): with the evaluated hands, a bound on what a population that had seen them reads
  // (--in-sample-population).
  std::vector<int> population_only_hands;
  // The model's class scores recalibrated against the board's card count (identity: the
  // reader's range summed by class, as the agent reads it; the pair-level scores never change).
  ClassCalibration calibration;
  // Keep every scored case's live pairs with the model reader's per-street ln-likelihoods in
  // EvalResult::rerank_cases (the pair re-scoring's fit).
  bool keep_rerank_cases = false;
  // The model's pair scores re-scored (--rerank; identity: the reader's range as the agent reads
  // it). Changes the model's pair and class scores, never the other predictors'.
  PairReranker rerank;
  int threads = 1;
};

// The hands to train on and to evaluate on for the options (the held-out split, or with
// `validate` the validation split of its training part).
struct Parts {
  std::vector<int> train;
  std::vector<int> eval;
  int64_t held_out = 0;  // size of the held-out part (not evaluated when validating)
  // A player split: the players of `eval` held out whole (no hand of theirs is in `train`).
  std::vector<std::string> held_out_players;
};
absl::StatusOr<Parts> MakeParts(const Corpus& corpus, const EvalOptions& options);
// The parts of a corpus made by JoinCorpora: train on [0, test_begin), evaluate on the rest (or,
// with `validate`, on a validation part of the training hands carved as options.split says).
absl::StatusOr<Parts> MakeTestLogParts(const Corpus& corpus, int test_begin,
                                       const EvalOptions& options);

// What was counted on the training hands.
struct Predictors {
  trainer::OpponentModel model;
  MarkovBaseline markov;
  ClassPrior prior;
  // Per corpus name: its id among the modelled players, or -1 when it is not modelled.
  std::vector<int> player_id;
  std::vector<std::string> modelled;     // names of the modelled players, by id
  std::vector<uint64_t> training_hands;  // per corpus name
  // Per corpus name: its own model (null: read as the population).
  std::vector<const trainer::PlayerModel*> player_model;
  // Per corpus name: scored (a modelled player, or one of options.score_only).
  std::vector<bool> scored;
};

// Counts the opponent model (as `trainer` would on these hands, with options.model), the Markov
// chain (and, on up to kBoardsCounted boards per street, its mean class counts) and the class
// prior on `train`. `progress(done, total)` now and then.
absl::StatusOr<std::unique_ptr<Predictors>> TrainPredictors(
    const Corpus& corpus, absl::Span<const int> train, const EvalOptions& options,
    const std::function<void(int64_t, int64_t)>& progress = {});

// The model's cases scored out of sample inside `train`, for fitting a ClassCalibration: `folds`
// carves of `train` (the kind and fraction of options.split; seeds options.seed + 2 + k, so never
// the validation carve), each trained on the rest of `train` and scored as `options` says
// (online, held-out players only, ...). Nothing outside `train` is read.
absl::StatusOr<std::vector<CaseRecord>> CrossFittedCases(const Corpus& corpus,
                                                         absl::Span<const int> train,
                                                         const EvalOptions& options, int folds);
// The same carves' cases for fitting a PairReranker (the model reader's, not re-scored).
absl::StatusOr<std::vector<RerankCase>> CrossFittedRerankCases(const Corpus& corpus,
                                                               absl::Span<const int> train,
                                                               const EvalOptions& options,
                                                               int folds);

// The bucket slots of the re-scoring's cases (RerankCase::bucket): the reader's coarse buckets
// and the draw bucket (reader.coarse_buckets + 1) when a model of `num_buckets` strength buckets
// backs off to them (agent::CoarseBucketParents), else num_buckets + 1. The cases carry buckets
// only when these fit kRerankBuckets; bucket features (PairReranker::buckets) need that, and
// Evaluate refuses them otherwise.
int RerankBucketSlots(const agent::ReaderOptions& reader, int num_buckets);

// The class predictors, in report order, and the pair-level ones.
//   markov        the chain with card counting: each class's emission weighted by the board's
//                 count of pairs in it over the training boards' mean count
//   markov-paper  the chain as in 000 (classes the board rules out get 0, nothing else)
//   board         action-blind card count: the live pairs of each class (a uniform range
//                 summed by class)
// At pair level `uniform` is the board predictor's range (uniform over the live pairs); the
// readers' ln-likelihood gain over it is reported per street.
enum ClassPredictor {
  kModel = 0,
  kDfModel = 1,
  kMarkov = 2,
  kMarkovPaper = 3,
  kBoard = 4,
  kPrior = 5
};
inline constexpr int kNumClassPredictors = 6;
enum PairPredictor { kPairModel = 0, kPairDfModel = 1, kPairUniform = 2 };
inline constexpr int kNumPairPredictors = 3;
// Boards per street whose class counts the card-counting chain averages in training.
inline constexpr int kBoardsCounted = 3000;
// "model", "dfmodel", "markov", "markov-paper", "board", "prior"; and "model", "dfmodel",
// "uniform".
const char* ClassPredictorName(int predictor);
const char* PairPredictorName(int predictor);
// "preflop", "flop", "turn", "river"; "all" for kNumStreets.
const char* StreetName(int street);

struct EvalResult {
  std::array<std::array<ClassTally, kNumStreets>, kNumClassPredictors> classes{};
  std::array<std::array<PairTally, kNumStreets>, kNumPairPredictors> pairs{};
  // Our model against each class predictor on the same cases, per street (model_vs[kMarkov]...).
  std::array<std::array<PairedTally, kNumStreets>, kNumClassPredictors> model_vs{};
  // Per pair predictor and street: ln P(true pair) minus the uniform range's, case by case.
  std::array<std::array<MeanTally, kNumStreets>, kNumPairPredictors> gain{};
  std::vector<CaseRecord> cases;         // with EvalOptions::keep_cases, in evaluation order
  std::vector<RerankCase> rerank_cases;  // with EvalOptions::keep_rerank_cases, the same order
  int64_t hands = 0;                     // hands evaluated
  int64_t hands_scored = 0;              // of which with at least one case
  // Per modelled player id: each predictor's tally over all streets.
  std::vector<std::array<ClassTally, kNumClassPredictors>> by_player;
  // confusion[predictor][street][true class][top-1 predicted class] (ties to the lower class;
  // cases with nothing predicted are left out).
  std::array<std::array<std::array<std::array<int64_t, kMaxClasses>, kMaxClasses>, kNumStreets>,
             kNumClassPredictors>
      confusion{};

  void Merge(const EvalResult& other);
};

// Scores every predictor on the hands `eval`. Runs on options.threads threads; the result does
// not depend on their number. `progress(done, total)` now and then (serialised).
absl::StatusOr<EvalResult> Evaluate(const Corpus& corpus, absl::Span<const int> eval,
                                    const Predictors& predictors, const EvalOptions& options,
                                    const std::function<void(int64_t, int64_t)>& progress = {});

// One line of the accuracy report.
struct AccuracyRow {
  std::string predictor;  // model, dfmodel, markov, prior
  std::string street;     // preflop, flop, turn, river, all (every street's cases pooled)
  int z = 1;
  int64_t cases = 0;
  double accuracy = 0;  // a fraction
  double ci_low = 0;    // 95% Wilson interval
  double ci_high = 1;
};
std::vector<AccuracyRow> AccuracyRows(const EvalResult& result);

// The lead of our model over another predictor (accuracy difference, a fraction) on one street
// ("all": pooled) for one Z, with its paired 95% interval.
struct LeadRow {
  std::string versus = "markov";  // markov, markov-paper or board
  std::string street;
  int z = 1;
  int64_t cases = 0;
  double lead = 0;
  double ci_low = 0;
  double ci_high = 0;
};
// Leads over markov, then markov-paper, then board.
std::vector<LeadRow> LeadRows(const EvalResult& result);

// One line of the pair-level report.
struct PairRow {
  std::string predictor;  // model, dfmodel, uniform
  std::string street;
  int64_t cases = 0;
  double mean_log_likelihood = 0;  // nats
  double mean_percentile = 0;      // 100 = the true pair ranked first, 50 = no better than chance
  // Mean ln-likelihood gain over the board's uniform range, with its 95% interval.
  double gain = 0;
  double gain_low = 0;
  double gain_high = 0;
};
std::vector<PairRow> PairRows(const EvalResult& result);

// One modelled player's scores, all streets pooled.
struct PlayerRow {
  std::string name;
  uint64_t training_hands = 0;
  int64_t cases = 0;
  std::array<double, kNumClassPredictors> top1{};  // accuracy per ClassPredictor, a fraction
};
// The modelled players with at least one case, most cases first.
std::vector<PlayerRow> PlayerRows(const EvalResult& result, const Corpus& corpus,
                                  const Predictors& predictors);

}  // namespace eval

#endif  // TOOLS_EVAL_PREDICTION_EVAL_H_
