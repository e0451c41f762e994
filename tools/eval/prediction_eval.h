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
#include "tools/eval/hand_class.h"
#include "tools/eval/markov_baseline.h"
#include "tools/eval/metrics.h"
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
};

// Reads logs into a corpus (LoadCorpus keeps going past bad lines unless `read.strict`; they are
// counted in the summary). Fails for games other than 52-card hold'em with 2 hole cards, and
// when no hand could be read. `progress` as for logs_parser::ReadLogs.
absl::StatusOr<Corpus> LoadCorpus(
    const std::vector<std::string>& paths, const logs_parser::ReadOptions& read,
    const std::function<void(const logs_parser::ReadSummary&)>& progress = {});

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
  trainer::ModelOptions model;
  agent::ReaderOptions reader;
  MarkovOptions markov;
  // The readers' ranges are scored raised to this power (renormalised): 1 scores them as the
  // agent sees them; another value tempers every action's likelihood alike (the ranges start
  // uniform, so w^e is the posterior with each likelihood raised to e).
  double range_exponent = 1;
  int threads = 1;
};

// The hands to train on and to evaluate on for the options (the held-out split, or with
// `validate` the validation split of its training part).
struct Parts {
  std::vector<int> train;
  std::vector<int> eval;
  int64_t held_out = 0;  // size of the held-out part (not evaluated when validating)
};
absl::StatusOr<Parts> MakeParts(const Corpus& corpus, const EvalOptions& options);

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
};

// Counts the opponent model (as `trainer` would on these hands, with options.model), the Markov
// chain and the class prior on `train`. `progress(done, total)` now and then.
absl::StatusOr<std::unique_ptr<Predictors>> TrainPredictors(
    const Corpus& corpus, absl::Span<const int> train, const EvalOptions& options,
    const std::function<void(int64_t, int64_t)>& progress = {});

// The class predictors, in report order, and the pair-level ones.
enum ClassPredictor { kModel = 0, kDfModel = 1, kMarkov = 2, kPrior = 3 };
inline constexpr int kNumClassPredictors = 4;
enum PairPredictor { kPairModel = 0, kPairDfModel = 1, kPairUniform = 2 };
inline constexpr int kNumPairPredictors = 3;
// "model", "dfmodel", "markov", "prior"; and "model", "dfmodel", "uniform".
const char* ClassPredictorName(int predictor);
const char* PairPredictorName(int predictor);
// "preflop", "flop", "turn", "river"; "all" for kNumStreets.
const char* StreetName(int street);

struct EvalResult {
  std::array<std::array<ClassTally, kNumStreets>, kNumClassPredictors> classes{};
  std::array<std::array<PairTally, kNumStreets>, kNumPairPredictors> pairs{};
  // Our model against the Markov baseline on the same cases, per street.
  std::array<PairedTally, kNumStreets> model_vs_markov{};
  int64_t hands = 0;         // hands evaluated
  int64_t hands_scored = 0;  // of which with at least one case
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

// The lead of our model over the Markov baseline (accuracy difference, a fraction) on one
// street ("all": pooled) for one Z, with its paired 95% interval.
struct LeadRow {
  std::string street;
  int z = 1;
  int64_t cases = 0;
  double lead = 0;
  double ci_low = 0;
  double ci_high = 0;
};
std::vector<LeadRow> LeadRows(const EvalResult& result);

// One line of the pair-level report.
struct PairRow {
  std::string predictor;  // model, dfmodel, uniform
  std::string street;
  int64_t cases = 0;
  double mean_log_likelihood = 0;  // nats
  double mean_percentile = 0;      // 100 = the true pair ranked first, 50 = no better than chance
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
