#include "tools/eval/prediction_eval.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "tools/eval/hand_class.h"
#include "trainer/hand_observation.h"

namespace eval {
namespace {

// Hands per unit of work: results are summed per chunk and the chunks in order, so the floating
// point sums do not depend on the number of threads.
constexpr int kChunkHands = 64;

bool HoldemPairs(const poker::GameDef& game) {
  return game.num_hole_cards == 2 && game.num_suits == 4 && game.num_ranks == 13;
}

// What one reading worker collected, with file and name indices local to it.
struct WorkerHands {
  std::vector<LoggedHand> hands;
  std::vector<std::string> files;
  std::vector<std::string> names;
  absl::flat_hash_map<std::string, int> file_index;
  absl::flat_hash_map<std::string, int> name_index;

  int Intern(const std::string& text, std::vector<std::string>* table,
             absl::flat_hash_map<std::string, int>* index) {
    auto [it, inserted] = index->try_emplace(text, static_cast<int>(table->size()));
    if (inserted) table->push_back(text);
    return it->second;
  }

  void Add(const logs_parser::HandRecord& record) {
    LoggedHand& hand = hands.emplace_back();
    hand.file = Intern(*record.source, &files, &file_index);
    hand.line = record.line;
    hand.hand_number = record.hand_number;
    const poker::State& state = record.state;
    const poker::GameDef& game = *record.game;
    for (int p = 0; p < game.num_players; ++p) {
      hand.player[p] = Intern(record.names[p], &names, &name_index);
      hand.hole[p] = {state.hole_card(p, 0), state.hole_card(p, 1)};
    }
    hand.board.fill(poker::kNoCard);
    const int board_cards = std::min(game.BoardCardsThrough(state.round()), poker::kMaxBoardCards);
    for (int i = 0; i < board_cards; ++i) hand.board[i] = state.board_card(i);
    hand.final_round = state.round();
    for (int r = 0; r < game.num_rounds; ++r) {
      hand.round_begin[r] = static_cast<uint16_t>(hand.actions.size());
      for (int i = 0; i < state.num_actions(r); ++i) hand.actions.push_back(state.action(r, i));
    }
    for (int r = game.num_rounds; r <= poker::kMaxRounds; ++r) {
      hand.round_begin[r] = static_cast<uint16_t>(hand.actions.size());
    }
  }
};

// Sorted distinct strings of the workers' tables, and each worker's map into them.
std::vector<std::string> MergeTables(const std::vector<WorkerHands>& workers,
                                     std::vector<std::string> WorkerHands::*table,
                                     std::vector<std::vector<int>>* remap) {
  std::set<std::string> all;
  for (const WorkerHands& w : workers) all.insert((w.*table).begin(), (w.*table).end());
  std::vector<std::string> merged(all.begin(), all.end());
  remap->clear();
  for (const WorkerHands& w : workers) {
    std::vector<int>& map = remap->emplace_back();
    for (const std::string& s : w.*table) {
      map.push_back(
          static_cast<int>(std::lower_bound(merged.begin(), merged.end(), s) - merged.begin()));
    }
  }
  return merged;
}

// The class of every pair on a round's board, and which classes are possible there.
struct StreetClasses {
  std::array<int8_t, poker::kNumPairs> classes;
  uint32_t possible = 0;
  int num_classes = 0;
};

void ComputeStreetClasses(const LoggedHand& hand, const poker::GameDef& game, int round,
                          StreetClasses* out) {
  const int board_size = std::min(game.BoardCardsThrough(round), poker::kMaxBoardCards);
  AllPairClasses(absl::MakeConstSpan(hand.board.data(), board_size), &out->classes);
  out->possible = PossibleClasses(out->classes);
  out->num_classes = NumClasses(round);
}

// A range's weights summed by class over the live pairs (unnormalised: only the order matters).
std::vector<double> ClassWeights(const agent::Range& range, const StreetClasses& street) {
  std::vector<double> w(street.num_classes, 0.0);
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const int c = street.classes[i];
    if (c >= 0) w[c] += range.weight(i);
  }
  return w;
}

// Everything a worker needs to score hands: its own readers (they hold per-hand state).
class Scorer {
 public:
  Scorer(const Corpus& corpus, const Predictors& predictors, const EvalOptions& options)
      : corpus_(corpus),
        predictors_(predictors),
        model_reader_(&predictors.model, corpus.game, options.reader),
        df_reader_(nullptr, corpus.game, options.reader),
        exponent_(options.range_exponent),
        keep_cases_(options.keep_cases),
        calibration_(options.calibration),
        calibrate_(!options.calibration.IsIdentity()),
        rerank_(options.rerank),
        rerank_on_(!options.rerank.IsIdentity()),
        keep_rerank_cases_(options.keep_rerank_cases),
        rerank_buckets_(
            RerankBucketSlots(options.reader, predictors.model.buckets().num_strength_buckets()) <=
            kRerankBuckets) {
    // The oracles' buckets: the model's, and after the flop the coarse ones the reader backs off
    // to (every slot its own bucket when it does not).
    for (int b = 0; b < 256; ++b) parent_[b] = static_cast<uint8_t>(b);
    // The re-scoring reads the coarse buckets the reader backs off to, on every street.
    for (int b = 0; b < 256; ++b) rerank_parent_[b] = static_cast<uint8_t>(b);
    agent::CoarseBucketParents(options.reader, predictors.model.buckets().num_strength_buckets(),
                               absl::MakeSpan(rerank_parent_));
    coarse_after_flop_ = options.reader.fine_buckets_preflop_only &&
                         agent::CoarseBucketParents(
                             options.reader, predictors.model.buckets().num_strength_buckets(),
                             absl::MakeSpan(parent_));
  }

  absl::Status Score(int index, EvalResult* result);

 private:
  // The re-scoring's case of position p on `street` (the model reader's range at the end of it
  // and the street's draws_ and `buckets` ready): its live pairs' groups, buckets (when
  // rerank_buckets_) and per-street ln-likelihoods. Records the range's ln in log_range_.
  RerankCase RerankCaseOf(int p, int street, int truth_pair,
                          const trainer::HandObservation& observation,
                          const std::array<uint8_t, poker::kNumPairs>& buckets);
  // `range` (the model reader's, of the case's live pairs) as the re-scoring scores it.
  void Rescore(const RerankCase& c, agent::Range* range) const;

  const Corpus& corpus_;
  const Predictors& predictors_;
  agent::HandReader model_reader_;
  agent::HandReader df_reader_;
  StreetClasses street_;
  float exponent_;
  bool keep_cases_;
  const ClassCalibration& calibration_;
  bool calibrate_;
  const PairReranker& rerank_;
  bool rerank_on_;
  bool keep_rerank_cases_;
  // The cases carry the pairs' buckets (RerankBucketSlots fit kRerankBuckets).
  bool rerank_buckets_;
  // Re-scoring (rerank_on_ or keep_rerank_cases_): per position and street, ln of the model
  // reader's normalised range at the end of the street (live pairs only); the draw kind of every
  // pair on the street's board.
  std::array<std::array<std::array<float, poker::kNumPairs>, kNumStreets>, poker::kMaxPlayers>
      log_range_;
  std::array<uint8_t, poker::kNumPairs> draws_{};
  std::array<uint8_t, 256> rerank_parent_{};
  bool coarse_after_flop_ = false;
  std::array<uint8_t, 256> parent_{};
  // Per position: the pairs whose buckets equal the true pair's on every street so far (the
  // oracles of CaseRecord), at the reader's resolution and at the model's.
  std::array<std::vector<bool>, poker::kMaxPlayers> oracle_, oracle_fine_;
};

absl::Status Scorer::Score(int index, EvalResult* result) {
  const LoggedHand& hand = corpus_.hands[index];
  const poker::GameDef& game = corpus_.game;
  const trainer::OpponentModel& model = predictors_.model;
  ++result->hands;

  // Who is scored, and until which street.
  std::array<int, poker::kMaxPlayers> id{};
  std::array<int, poker::kMaxPlayers> last_street{};  // last street finished without folding
  bool any = false;
  for (int p = 0; p < game.num_players; ++p) {
    id[p] = predictors_.player_id[hand.player[p]];
    last_street[p] = -1;
    if (id[p] < 0 || !predictors_.scored[hand.player[p]] || !hand.HoleCardsKnown(p)) continue;
    last_street[p] = std::min(hand.final_round, hand.FoldRound(p, game) - 1);
    any |= last_street[p] >= 0;
  }
  if (!any) return absl::OkStatus();
  ++result->hands_scored;

  // The Markov chain's observations: each scored player's symbols street by street.
  absl::StatusOr<poker::State> full = corpus_.Replay(index, -1, false);
  if (!full.ok()) return full.status();
  trainer::HandObservation observation;
  trainer::ObserveState(*full, model.abstraction(), model.position_classes(), &observation);
  std::array<std::vector<std::string>, poker::kMaxPlayers> symbols;
  std::array<std::vector<uint32_t>, poker::kMaxPlayers> possible;
  std::array<std::vector<std::vector<double>>, poker::kMaxPlayers> counting;

  std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models{};
  for (int p = 0; p < game.num_players; ++p) models[p] = predictors_.player_model[hand.player[p]];
  const std::array<const trainer::PlayerModel*, poker::kMaxPlayers> no_models{};

  for (int street = 0; street <= hand.final_round && street < kNumStreets; ++street) {
    bool scored = false;
    for (int p = 0; p < game.num_players; ++p) scored |= last_street[p] >= street;
    if (!scored) break;
    absl::StatusOr<poker::State> prefix = corpus_.Replay(index, street, false);
    if (!prefix.ok()) return prefix.status();
    model_reader_.StartHand(*prefix, -1, absl::MakeConstSpan(models.data(), game.num_players));
    model_reader_.Update(*prefix);
    df_reader_.StartHand(*prefix, -1, absl::MakeConstSpan(no_models.data(), game.num_players));
    df_reader_.Update(*prefix);
    ComputeStreetClasses(hand, game, street, &street_);
    int live = 0;
    for (int8_t c : street_.classes) live += c >= 0;
    const std::vector<double> counts = ClassCounts(street_.classes, street);
    const std::vector<double> card_weights = predictors_.markov.CardCountWeights(street, counts);
    const bool rescore = rerank_on_ || keep_rerank_cases_;
    if (rescore) {
      const int board_size = std::min(game.BoardCardsThrough(street), poker::kMaxBoardCards);
      AllPairDraws(absl::MakeConstSpan(hand.board.data(), board_size), &draws_);
    }
    std::array<uint8_t, poker::kNumPairs> buckets{};
    if (keep_cases_ || rescore) {
      model_reader_.PrepareStreet(*prefix);
      buckets = model_reader_.street_buckets();
    }

    for (int p = 0; p < game.num_players; ++p) {
      if (last_street[p] < street) continue;
      const poker::PairCards hole{hand.hole[p][0], hand.hole[p][1]};
      const int truth_pair = poker::PairIndex(hole.low, hole.high);
      const int truth = street_.classes[truth_pair];
      if (truth < 0) return absl::InternalError("a hole card is on the board");

      std::array<int, kNumClassPredictors> place{};
      const auto add = [&](int predictor, absl::Span<const double> probabilities) {
        place[predictor] = ClassPlace(probabilities, truth);
        result->classes[predictor][street].Add(place[predictor]);
        result->by_player[id[p]][predictor].Add(place[predictor]);
        const int top = TopClass(probabilities);
        if (top >= 0) ++result->confusion[predictor][street][truth][top];
      };
      const double uniform = -std::log(static_cast<double>(live));
      // The re-scoring's inputs: the live pairs' groups and per-street ln-likelihoods.
      RerankCase rescored;
      if (rescore) rescored = RerankCaseOf(p, street, truth_pair, observation, buckets);
      const auto score_reader = [&](const agent::HandReader& reader, int class_predictor,
                                    int pair_predictor) {
        agent::Range range = reader.range(p);
        if (rerank_on_ && class_predictor == kModel) {
          Rescore(rescored, &range);
        } else if (exponent_ != 1.0) {
          // Normalise first, so that the power cannot underflow a whole range to zero.
          range.Normalize();
          for (float& w : range.mutable_weights()) w = std::pow(w, exponent_);
        }
        std::vector<double> class_weights = ClassWeights(range, street_);
        if (calibrate_ && class_predictor == kModel) {
          class_weights = calibration_.Apply(street, class_weights, counts);
        }
        add(class_predictor, class_weights);
        const PairScore pair = ScorePair(range.weights(), street_.classes, truth_pair);
        result->pairs[pair_predictor][street].Add(pair);
        result->gain[pair_predictor][street].Add(pair.log_likelihood - uniform);
      };
      score_reader(model_reader_, kModel, kPairModel);
      score_reader(df_reader_, kDfModel, kPairDfModel);
      result->pairs[kPairUniform][street].Add({uniform, 50.0});
      result->gain[kPairUniform][street].Add(0.0);

      // The chains filter all streets up to this one.
      symbols[p].push_back(
          StreetSymbol(observation, p, street, model.abstraction(), predictors_.markov.options()));
      possible[p].push_back(street_.possible);
      counting[p].push_back(card_weights);
      const std::vector<double> chain =
          predictors_.markov.PredictWeighted(id[p], symbols[p], counting[p])[street];
      add(kMarkov, chain);
      add(kMarkovPaper, predictors_.markov.Predict(id[p], symbols[p], possible[p])[street]);
      add(kBoard, counts);
      add(kPrior, predictors_.prior.Predict(street, street_.possible));
      for (int k = 0; k < kNumClassPredictors; ++k) {
        result->model_vs[k][street].Add(place[kModel], place[k]);
      }
      if (keep_rerank_cases_) result->rerank_cases.push_back(std::move(rescored));
      if (keep_cases_) {
        CaseRecord& record = result->cases.emplace_back();
        record.street = street;
        record.player = id[p];
        record.truth = truth;
        const std::vector<double> model_classes = ClassWeights(model_reader_.range(p), street_);
        double total = 0;
        for (double w : model_classes) total += w;
        for (int c = 0; c < street_.num_classes; ++c) {
          record.board[c] = static_cast<float>(counts[c]);
          record.model[c] = total > 0 ? static_cast<float>(model_classes[c] / total) : 0.0f;
          record.markov[c] = static_cast<float>(chain[c]);
        }
        if (street == 0) {
          oracle_[p].assign(poker::kNumPairs, true);
          oracle_fine_[p].assign(poker::kNumPairs, true);
        }
        const int truth_bucket = buckets[truth_pair];
        for (int i = 0; i < poker::kNumPairs; ++i) {
          const bool same_fine = buckets[i] == truth_bucket;
          const bool same = street > 0 && coarse_after_flop_
                                ? parent_[buckets[i]] == parent_[truth_bucket]
                                : same_fine;
          oracle_[p][i] = oracle_[p][i] && same;
          oracle_fine_[p][i] = oracle_fine_[p][i] && same_fine;
          const int c = street_.classes[i];
          if (c < 0) continue;
          record.oracle[c] += oracle_[p][i];
          record.oracle_fine[c] += oracle_fine_[p][i];
        }
      }
    }
  }
  return absl::OkStatus();
}

RerankCase Scorer::RerankCaseOf(int p, int street, int truth_pair,
                                const trainer::HandObservation& observation,
                                const std::array<uint8_t, poker::kNumPairs>& buckets) {
  const std::array<float, poker::kNumPairs>& w = model_reader_.range(p).weights();
  double total = 0;
  for (int i = 0; i < poker::kNumPairs; ++i) total += street_.classes[i] >= 0 ? w[i] : 0.0f;
  std::array<float, poker::kNumPairs>& now = log_range_[p][street];
  for (int i = 0; i < poker::kNumPairs; ++i) {
    // The floor keeps a weight that underflowed finite (the reader's own floor is 1e-3 an
    // action).
    now[i] = street_.classes[i] < 0 || total <= 0
                 ? 0.0f
                 : static_cast<float>(std::log(std::max(w[i] / total, 1e-30)));
  }
  RerankCase rescored;
  rescored.street = street;
  rescored.context = ContextOf(observation, p, street, predictors_.model.abstraction());
  for (int i = 0; i < poker::kNumPairs; ++i) {
    if (street_.classes[i] < 0) continue;
    if (i == truth_pair) rescored.truth = static_cast<int>(rescored.group.size());
    rescored.group.push_back(static_cast<uint8_t>(street_.classes[i] * kDrawKinds + draws_[i]));
    if (rerank_buckets_) {
      rescored.bucket.push_back(buckets[i] == trainer::kNoBucket ? 0 : rerank_parent_[buckets[i]]);
    }
    for (int t = 0; t <= street; ++t) {
      rescored.loglik.push_back(log_range_[p][t][i] - (t > 0 ? log_range_[p][t - 1][i] : 0.0f));
    }
  }
  return rescored;
}

void Scorer::Rescore(const RerankCase& c, agent::Range* range) const {
  std::vector<double> scores(c.group.size());
  rerank_.Scores(c, absl::MakeSpan(scores));
  const double top = *std::max_element(scores.begin(), scores.end());
  size_t k = 0;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    range->set_weight(
        i, street_.classes[i] < 0 ? 0.0f : static_cast<float>(std::exp(scores[k++] - top)));
  }
}

}  // namespace

int RerankBucketSlots(const agent::ReaderOptions& reader, int num_buckets) {
  return agent::CoarseBucketParents(reader, num_buckets, {}) ? reader.coarse_buckets + 1
                                                             : num_buckets + 1;
}

int LoggedHand::FoldRound(int position, const poker::GameDef& game) const {
  poker::State state(game, hand_number);
  for (int r = 0; r < game.num_rounds; ++r) {
    for (int i = round_begin[r]; i < round_begin[r + 1]; ++i) {
      if (state.finished()) return poker::kMaxRounds;
      const int actor = state.CurrentPlayer();
      if (actor == position && actions[i].type == poker::ActionType::kFold) return r;
      if (!state.Apply(actions[i]).ok()) return poker::kMaxRounds;
    }
  }
  return poker::kMaxRounds;
}

bool Corpus::ShownAtShowdown(int index, int position) const {
  const LoggedHand& hand = hands[index];
  if (!hand.HoleCardsKnown(position)) return false;
  int in = 0;
  for (int p = 0; p < game.num_players; ++p) in += hand.FoldRound(p, game) == poker::kMaxRounds;
  return in >= 2 && hand.FoldRound(position, game) == poker::kMaxRounds;
}

std::vector<int> Corpus::FileOfHands() const {
  std::vector<int> file_of(hands.size());
  for (size_t i = 0; i < hands.size(); ++i) file_of[i] = hands[i].file;
  return file_of;
}

absl::StatusOr<poker::State> Corpus::Replay(int index, int through_round,
                                            bool with_hole_cards) const {
  const LoggedHand& hand = hands[index];
  const int last = through_round < 0 ? game.num_rounds - 1 : through_round;
  poker::State state(game, hand.hand_number);
  const int board_cards =
      std::min(game.BoardCardsThrough(std::min(last, hand.final_round)), poker::kMaxBoardCards);
  for (int i = 0; i < board_cards; ++i) state.set_board_card(i, hand.board[i]);
  if (with_hole_cards) {
    for (int p = 0; p < std::min(game.num_players, poker::kMaxPlayers); ++p) {
      state.set_hole_card(p, 0, hand.hole[p][0]);
      state.set_hole_card(p, 1, hand.hole[p][1]);
    }
  }
  for (int r = 0; r <= last && r < game.num_rounds; ++r) {
    for (int i = hand.round_begin[r]; i < hand.round_begin[r + 1]; ++i) {
      const absl::Status applied = state.Apply(hand.actions[i]);
      if (!applied.ok()) {
        return absl::InternalError(
            absl::StrCat(files[hand.file], ":", hand.line, ": replay failed: ", applied.message()));
      }
    }
  }
  return state;
}

absl::StatusOr<Corpus> LoadCorpus(
    const std::vector<std::string>& paths, const logs_parser::ReadOptions& read,
    const std::function<void(const logs_parser::ReadSummary&)>& progress) {
  if (read.game == nullptr) return absl::InvalidArgumentError("no game given");
  if (!HoldemPairs(*read.game)) {
    return absl::InvalidArgumentError(
        absl::StrCat(read.game_name, ": hand classes need 52-card hold'em with 2 hole cards"));
  }
  std::vector<WorkerHands> workers(std::max(1, read.threads));
  absl::StatusOr<logs_parser::ReadSummary> summary = logs_parser::ReadLogs(
      paths, read,
      [&workers](int worker, const logs_parser::HandRecord& record) {
        workers[worker].Add(record);
      },
      progress);
  if (!summary.ok()) return summary.status();

  Corpus corpus;
  corpus.game = *read.game;
  corpus.summary = *std::move(summary);
  std::vector<std::vector<int>> file_map, name_map;
  corpus.files = MergeTables(workers, &WorkerHands::files, &file_map);
  corpus.names = MergeTables(workers, &WorkerHands::names, &name_map);
  for (size_t w = 0; w < workers.size(); ++w) {
    for (LoggedHand& hand : workers[w].hands) {
      hand.file = file_map[w][hand.file];
      for (int p = 0; p < corpus.game.num_players; ++p)
        hand.player[p] = name_map[w][hand.player[p]];
      corpus.hands.push_back(std::move(hand));
    }
    workers[w].hands.clear();
  }
  std::sort(corpus.hands.begin(), corpus.hands.end(), [](const LoggedHand& a, const LoggedHand& b) {
    return a.file != b.file ? a.file < b.file : a.line < b.line;
  });
  if (corpus.hands.empty()) {
    // The first problem says why (a file that could not be read, a rejected line).
    return absl::InvalidArgumentError(absl::StrCat(
        "no valid hand in the logs (", corpus.summary.lines, " lines read, ",
        corpus.summary.rejected, " rejected, ", corpus.summary.files_failed, " files unreadable)",
        corpus.summary.problems.empty() ? "" : ": ",
        corpus.summary.problems.empty() ? "" : corpus.summary.problems.front().message));
  }
  return corpus;
}

namespace {

// Who is modelled (given an id, so a model of their own) and who is scored.
absl::Status ChoosePlayers(const Corpus& corpus, absl::Span<const int> train,
                           const EvalOptions& options, Predictors* out) {
  const poker::GameDef& game = corpus.game;
  const int num_names = static_cast<int>(corpus.names.size());
  out->training_hands.assign(num_names, 0);
  for (int h : train) {
    for (int p = 0; p < game.num_players; ++p) ++out->training_hands[corpus.hands[h].player[p]];
  }
  out->player_id.assign(num_names, -1);
  out->scored.assign(num_names, false);
  const std::set<std::string> named(options.players.begin(), options.players.end());
  const std::set<std::string> score_only(options.score_only.begin(), options.score_only.end());
  for (int n = 0; n < num_names; ++n) {
    const bool scored_only = score_only.count(corpus.names[n]) > 0;
    const bool modelled =
        scored_only || (named.empty() ? out->training_hands[n] >= options.min_hands
                                      : named.count(corpus.names[n]) > 0);
    if (!modelled) continue;
    out->player_id[n] = static_cast<int>(out->modelled.size());
    out->modelled.push_back(corpus.names[n]);
    out->scored[n] = score_only.empty() || scored_only;
  }
  if (out->modelled.empty()) {
    return absl::InvalidArgumentError(
        named.empty() ? absl::StrCat("no player has ", options.min_hands, " training hands")
                      : std::string("none of the --players is in the logs"));
  }
  return absl::OkStatus();
}

// Counts hands into predictors: the opponent model (as `trainer` counts a hand: the population
// and every modelled player's own model), the Markov chain and the class prior.
//
// A range-relative model ("hs_draw_range") needs each player's range at the start of every street
// to bucket its cards: training reads it with `reference` (the same hands counted with HS
// buckets), online learning with the model being learned (as the agent would).
class Learner {
 public:
  Learner(const Corpus& corpus, Predictors* out, const EvalOptions& options,
          const Predictors* reference = nullptr)
      : corpus_(corpus), out_(out), bucketer_(out->model.buckets()), reference_(reference) {
    if (out->player_model.size() != corpus.names.size()) RefreshPlayerModels();
    if (out->model.buckets().range_relative()) {
      range_reader_ = std::make_unique<agent::HandReader>(
          reference != nullptr ? &reference->model : &out->model, corpus.game, options.reader);
    }
  }

  // Learns hand `h`. `shown_only`: as a player at the table learns it (online): hole cards only
  // of the players shown at a showdown, and the population left as trained. `population_only`:
  // into the population's counts alone (no player model, chain or prior).
  absl::Status Learn(int h, bool shown_only, bool population_only = false) {
    const poker::GameDef& game = corpus_.game;
    const LoggedHand& hand = corpus_.hands[h];
    std::array<bool, poker::kMaxPlayers> known{};
    for (int p = 0; p < game.num_players; ++p) {
      known[p] = hand.HoleCardsKnown(p) && (!shown_only || corpus_.ShownAtShowdown(h, p));
    }
    absl::StatusOr<poker::State> state = corpus_.Replay(h, -1, !shown_only);
    if (!state.ok()) return state.status();
    if (shown_only) {
      for (int p = 0; p < game.num_players; ++p) {
        if (!known[p]) continue;
        state->set_hole_card(p, 0, hand.hole[p][0]);
        state->set_hole_card(p, 1, hand.hole[p][1]);
      }
    }
    trainer::OpponentModel& model = out_->model;
    trainer::ObserveState(*state, model.abstraction(), model.position_classes(), &observation_);
    if (model.buckets().enabled()) {
      bucketer_.SetBuckets(game, trainer::HandCards::FromState(*state), &observation_);
    }
    if (range_reader_ != nullptr) {
      const Predictors& reading = reference_ != nullptr ? *reference_ : *out_;
      std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models{};
      for (int p = 0; p < game.num_players; ++p) models[p] = reading.player_model[hand.player[p]];
      range_reader_->SetRangeBuckets(*state, absl::MakeConstSpan(models.data(), game.num_players),
                                     model.buckets(), &observation_);
    }
    for (int p = 0; p < game.num_players && count_model_; ++p) {
      const int name = hand.player[p];
      if (out_->player_id[name] >= 0 && !population_only) {
        trainer::PlayerModel& own = model.MutablePlayer(corpus_.names[name]);
        own.AddHand(observation_, p);
        out_->player_model[name] = &own;
      }
      if (!shown_only) model.mutable_population().AddHand(observation_, p);
    }

    if (population_only) return absl::OkStatus();
    // The chain and the prior, from the hands whose cards are known.
    for (int p = 0; p < game.num_players; ++p) {
      if (!known[p]) continue;
      const poker::PairCards hole{hand.hole[p][0], hand.hole[p][1]};
      const int fold_round = hand.FoldRound(p, game);
      const int last = std::min({hand.final_round, fold_round, kNumStreets - 1});
      std::vector<int> classes;
      std::vector<std::string> symbols;
      for (int street = 0; street <= last; ++street) {
        const int board = std::min(game.BoardCardsThrough(street), poker::kMaxBoardCards);
        classes.push_back(HandClass(hole, absl::MakeConstSpan(hand.board.data(), board)));
        symbols.push_back(
            StreetSymbol(observation_, p, street, model.abstraction(), out_->markov.options()));
        if (street < fold_round) out_->prior.Add(street, classes.back());
      }
      out_->markov.AddSequence(out_->player_id[hand.player[p]], classes, symbols);
    }
    return absl::OkStatus();
  }

  // False: hands teach the chain and the prior only (the model is a file's, measured as it is).
  void set_count_model(bool count_model) { count_model_ = count_model; }

  // Points every modelled name at its model (null when it has none yet).
  void RefreshPlayerModels() {
    out_->player_model.assign(corpus_.names.size(), nullptr);
    for (size_t n = 0; n < corpus_.names.size(); ++n) {
      if (out_->player_id[n] >= 0) out_->player_model[n] = out_->model.FindPlayer(corpus_.names[n]);
    }
  }

 private:
  const Corpus& corpus_;
  Predictors* out_;
  trainer::HandBucketer bucketer_;
  trainer::HandObservation observation_;
  const Predictors* reference_;
  std::unique_ptr<agent::HandReader> range_reader_;  // range-relative models only
  bool count_model_ = true;
};

// The card-counting chain's mean class counts: the boards of the first kBoardsCounted training
// hands that reached each street.
void CountBoards(const Corpus& corpus, absl::Span<const int> train, MarkovBaseline* markov) {
  std::array<int, kNumStreets> counted{};
  std::array<int8_t, poker::kNumPairs> classes;
  for (int h : train) {
    const LoggedHand& hand = corpus.hands[h];
    for (int street = 1; street < kNumStreets && street <= hand.final_round; ++street) {
      if (counted[street] >= kBoardsCounted) continue;
      const int board = std::min(corpus.game.BoardCardsThrough(street), poker::kMaxBoardCards);
      AllPairClasses(absl::MakeConstSpan(hand.board.data(), board), &classes);
      markov->AddBoardCounts(street, ClassCounts(classes, street));
      ++counted[street];
    }
    if (*std::min_element(counted.begin() + 1, counted.end()) >= kBoardsCounted) break;
  }
}

}  // namespace

namespace {

// The players of every hand, as corpus name indices.
std::vector<std::vector<int>> PlayersOfHands(const Corpus& corpus) {
  std::vector<std::vector<int>> players(corpus.hands.size());
  for (size_t h = 0; h < corpus.hands.size(); ++h) {
    for (int p = 0; p < corpus.game.num_players; ++p)
      players[h].push_back(corpus.hands[h].player[p]);
  }
  return players;
}

// Splits `indices` as options.split says (seeded with `seed`); a player split also names the
// held-out players.
absl::StatusOr<Parts> SplitIndices(const Corpus& corpus, absl::Span<const int> indices,
                                   const EvalOptions& options, uint64_t seed) {
  Parts parts;
  if (options.split == SplitKind::kPlayer) {
    const std::vector<std::vector<int>> players = PlayersOfHands(corpus);
    absl::StatusOr<PlayerSplit> split =
        MakePlayerSplit(indices, players, static_cast<int>(corpus.names.size()),
                        options.test_fraction, options.min_held_out_players, seed);
    if (!split.ok()) return split.status();
    parts.train = std::move(split->split.train);
    parts.eval = std::move(split->split.test);
    for (int player : split->held_out) parts.held_out_players.push_back(corpus.names[player]);
    return parts;
  }
  const std::vector<int> file_of = corpus.FileOfHands();
  absl::StatusOr<Split> split = SplitSubset(indices, file_of, static_cast<int>(corpus.files.size()),
                                            options.split, options.test_fraction, seed);
  if (!split.ok()) return split.status();
  parts.train = std::move(split->train);
  parts.eval = std::move(split->test);
  return parts;
}

}  // namespace

absl::StatusOr<Parts> MakeParts(const Corpus& corpus, const EvalOptions& options) {
  std::vector<int> all(corpus.hands.size());
  std::iota(all.begin(), all.end(), 0);
  absl::StatusOr<Parts> parts = SplitIndices(corpus, all, options, options.seed);
  if (!parts.ok()) return parts.status();
  parts->held_out = static_cast<int64_t>(parts->eval.size());
  if (!options.validate) return parts;
  absl::StatusOr<Parts> validation = SplitIndices(corpus, parts->train, options, options.seed + 1);
  if (!validation.ok()) return validation.status();
  validation->held_out = parts->held_out;
  return validation;
}

namespace {

// The carves of CrossFittedCases, each trained on the rest of `train` and scored with `inner`
// (the model as the reader reads it: no calibration, no re-scoring); `collect` takes each
// carve's result.
absl::Status CrossFit(const Corpus& corpus, absl::Span<const int> train, EvalOptions inner,
                      int folds, const std::function<void(EvalResult&)>& collect) {
  inner.calibration = ClassCalibration();
  inner.rerank = PairReranker();
  for (int k = 0; k < folds; ++k) {
    absl::StatusOr<Parts> carve = SplitIndices(corpus, train, inner, inner.seed + 2 + k);
    if (!carve.ok()) return carve.status();
    inner.score_only = carve->held_out_players;
    absl::StatusOr<std::unique_ptr<Predictors>> predictors =
        TrainPredictors(corpus, carve->train, inner);
    if (!predictors.ok()) return predictors.status();
    absl::StatusOr<EvalResult> result = Evaluate(corpus, carve->eval, **predictors, inner);
    if (!result.ok()) return result.status();
    collect(*result);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<CaseRecord>> CrossFittedCases(const Corpus& corpus,
                                                         absl::Span<const int> train,
                                                         const EvalOptions& options, int folds) {
  std::vector<CaseRecord> cases;
  EvalOptions inner = options;
  inner.keep_cases = true;
  inner.keep_rerank_cases = false;
  if (absl::Status s = CrossFit(corpus, train, inner, folds,
                                [&](EvalResult& result) {
                                  cases.insert(cases.end(), result.cases.begin(),
                                               result.cases.end());
                                });
      !s.ok()) {
    return s;
  }
  return cases;
}

absl::StatusOr<std::vector<RerankCase>> CrossFittedRerankCases(const Corpus& corpus,
                                                               absl::Span<const int> train,
                                                               const EvalOptions& options,
                                                               int folds) {
  std::vector<RerankCase> cases;
  EvalOptions inner = options;
  inner.keep_cases = false;
  inner.keep_rerank_cases = true;
  if (absl::Status s = CrossFit(corpus, train, inner, folds,
                                [&](EvalResult& result) {
                                  for (RerankCase& c : result.rerank_cases) {
                                    cases.push_back(std::move(c));
                                  }
                                });
      !s.ok()) {
    return s;
  }
  return cases;
}

absl::StatusOr<Parts> MakeTestLogParts(const Corpus& corpus, int test_begin,
                                       const EvalOptions& options) {
  std::vector<int> train(test_begin);
  std::iota(train.begin(), train.end(), 0);
  if (options.validate) {
    absl::StatusOr<Parts> validation = SplitIndices(corpus, train, options, options.seed + 1);
    if (!validation.ok()) return validation.status();
    validation->held_out = static_cast<int64_t>(corpus.hands.size()) - test_begin;
    return validation;
  }
  Parts parts;
  parts.train = std::move(train);
  for (int h = test_begin; h < static_cast<int>(corpus.hands.size()); ++h) parts.eval.push_back(h);
  parts.held_out = static_cast<int64_t>(parts.eval.size());
  if (parts.train.empty() || parts.eval.empty()) {
    return absl::InvalidArgumentError("the training logs or the test logs hold no hand");
  }
  return parts;
}

absl::StatusOr<Corpus> JoinCorpora(Corpus train, Corpus test, int* test_begin) {
  for (const std::string& file : test.files) {
    if (std::binary_search(train.files.begin(), train.files.end(), file)) {
      return absl::InvalidArgumentError(
          absl::StrCat(file, " is in both --logs and --test-logs: nothing may be shared"));
    }
  }
  Corpus joined;
  joined.game = train.game;
  joined.summary = train.summary;
  joined.summary.lines += test.summary.lines;
  joined.summary.rejected += test.summary.rejected;
  joined.summary.hands += test.summary.hands;
  joined.summary.files += test.summary.files;
  for (logs_parser::Problem& problem : test.summary.problems) {
    joined.summary.problems.push_back(std::move(problem));
  }
  joined.files = train.files;
  joined.files.insert(joined.files.end(), test.files.begin(), test.files.end());
  std::set<std::string> names(train.names.begin(), train.names.end());
  names.insert(test.names.begin(), test.names.end());
  joined.names.assign(names.begin(), names.end());
  const auto remap = [&](const Corpus& part, int file_offset) {
    for (const LoggedHand& source : part.hands) {
      LoggedHand& hand = joined.hands.emplace_back(source);
      hand.file += file_offset;
      for (int p = 0; p < joined.game.num_players; ++p) {
        const std::string& name = part.names[source.player[p]];
        hand.player[p] =
            static_cast<int>(std::lower_bound(joined.names.begin(), joined.names.end(), name) -
                             joined.names.begin());
      }
    }
  };
  remap(train, 0);
  *test_begin = static_cast<int>(joined.hands.size());
  remap(test, static_cast<int>(train.files.size()));
  return joined;
}

absl::StatusOr<std::unique_ptr<Predictors>> TrainPredictors(
    const Corpus& corpus, absl::Span<const int> train, const EvalOptions& options,
    const std::function<void(int64_t, int64_t)>& progress) {
  // The model: counted here on `train`, or a file's, measured as it is.
  const bool from_file = !options.model_path.empty();
  absl::StatusOr<trainer::OpponentModel> empty =
      from_file ? trainer::OpponentModel::Load(options.model_path, &corpus.game)
                : trainer::OpponentModel::Create(corpus.game, options.model);
  if (!empty.ok()) return empty.status();
  if (from_file && empty->buckets().range_relative()) {
    return absl::InvalidArgumentError(absl::StrCat(
        options.model_path, ": a model with range-relative buckets cannot be measured from a file "
                            "(its buckets need the ranges a second model reads)"));
  }
  auto predictors = std::unique_ptr<Predictors>(new Predictors{
      *std::move(empty), MarkovBaseline(options.markov), ClassPrior(), {}, {}, {}, {}, {}});
  Predictors& out = *predictors;
  if (absl::Status chosen = ChoosePlayers(corpus, train, options, &out); !chosen.ok()) {
    return chosen;
  }

  // A range-relative model reads the players' ranges with a model of the same hands counted
  // with HS buckets (range_passes 1), or with range buckets itself (more passes).
  std::unique_ptr<Predictors> reference;
  if (out.model.buckets().range_relative()) {
    EvalOptions hs = options;
    hs.range_passes = options.range_passes - 1;
    hs.model.range_buckets = hs.range_passes >= 1;
    absl::StatusOr<std::unique_ptr<Predictors>> counted = TrainPredictors(corpus, train, hs);
    if (!counted.ok()) return counted.status();
    reference = *std::move(counted);
  }
  Learner learner(corpus, &out, options, reference.get());
  learner.set_count_model(!from_file);
  auto last_report = std::chrono::steady_clock::now();
  int64_t done = 0;
  for (int h : train) {
    if (absl::Status s = learner.Learn(h, /*shown_only=*/false); !s.ok()) return s;
    ++done;
    if (progress && std::chrono::steady_clock::now() - last_report > std::chrono::seconds(1)) {
      last_report = std::chrono::steady_clock::now();
      progress(done, static_cast<int64_t>(train.size()));
    }
  }
  for (int h : options.population_only_hands) {
    if (absl::Status s = learner.Learn(h, /*shown_only=*/false, /*population_only=*/true);
        !s.ok()) {
      return s;
    }
  }
  if (!from_file) out.model.mutable_provenance().hands_used = train.size();
  CountBoards(corpus, train, &out.markov);
  learner.RefreshPlayerModels();
  if (progress) progress(done, static_cast<int64_t>(train.size()));
  return predictors;
}

const char* ClassPredictorName(int predictor) {
  static constexpr const char* kNames[kNumClassPredictors] = {"model",        "dfmodel", "markov",
                                                              "markov-paper", "board",   "prior"};
  return predictor >= 0 && predictor < kNumClassPredictors ? kNames[predictor] : "?";
}

const char* PairPredictorName(int predictor) {
  static constexpr const char* kNames[kNumPairPredictors] = {"model", "dfmodel", "uniform"};
  return predictor >= 0 && predictor < kNumPairPredictors ? kNames[predictor] : "?";
}

const char* StreetName(int street) {
  static constexpr const char* kNames[kNumStreets + 1] = {"preflop", "flop", "turn", "river",
                                                          "all"};
  return street >= 0 && street <= kNumStreets ? kNames[street] : "?";
}

void EvalResult::Merge(const EvalResult& other) {
  for (int k = 0; k < kNumClassPredictors; ++k) {
    for (int s = 0; s < kNumStreets; ++s) classes[k][s].Merge(other.classes[k][s]);
  }
  for (int k = 0; k < kNumPairPredictors; ++k) {
    for (int s = 0; s < kNumStreets; ++s) pairs[k][s].Merge(other.pairs[k][s]);
  }
  for (int k = 0; k < kNumClassPredictors; ++k) {
    for (int t = 0; t < kNumStreets; ++t) model_vs[k][t].Merge(other.model_vs[k][t]);
  }
  for (int k = 0; k < kNumPairPredictors; ++k) {
    for (int t = 0; t < kNumStreets; ++t) gain[k][t].Merge(other.gain[k][t]);
  }
  cases.insert(cases.end(), other.cases.begin(), other.cases.end());
  rerank_cases.insert(rerank_cases.end(), other.rerank_cases.begin(), other.rerank_cases.end());
  hands += other.hands;
  hands_scored += other.hands_scored;
  if (by_player.size() < other.by_player.size()) by_player.resize(other.by_player.size());
  for (size_t i = 0; i < other.by_player.size(); ++i) {
    for (int k = 0; k < kNumClassPredictors; ++k) by_player[i][k].Merge(other.by_player[i][k]);
  }
  for (int k = 0; k < kNumClassPredictors; ++k) {
    for (int s = 0; s < kNumStreets; ++s) {
      for (int t = 0; t < kMaxClasses; ++t) {
        for (int c = 0; c < kMaxClasses; ++c) confusion[k][s][t][c] += other.confusion[k][s][t][c];
      }
    }
  }
}

namespace {

// --online: the hands in order, each scored by the predictors as learned so far and then learned
// (on a copy of the trained predictors).
absl::StatusOr<EvalResult> EvaluateOnline(const Corpus& corpus, absl::Span<const int> eval,
                                          const Predictors& trained, const EvalOptions& options,
                                          const std::function<void(int64_t, int64_t)>& progress) {
  absl::StatusOr<trainer::OpponentModel> model =
      trainer::OpponentModel::FromProto(trained.model.ToProto());
  if (!model.ok()) return model.status();
  Predictors learning{*std::move(model),
                      trained.markov,
                      trained.prior,
                      trained.player_id,
                      trained.modelled,
                      trained.training_hands,
                      {},
                      trained.scored};
  Learner learner(corpus, &learning, options);
  Scorer scorer(corpus, learning, options);
  EvalResult result;
  result.by_player.resize(learning.modelled.size());
  auto last_report = std::chrono::steady_clock::now();
  const int64_t total = static_cast<int64_t>(eval.size());
  for (int64_t i = 0; i < total; ++i) {
    if (absl::Status s = scorer.Score(eval[i], &result); !s.ok()) return s;
    if (absl::Status s = learner.Learn(eval[i], /*shown_only=*/true); !s.ok()) return s;
    if (progress && std::chrono::steady_clock::now() - last_report > std::chrono::seconds(1)) {
      last_report = std::chrono::steady_clock::now();
      progress(i + 1, total);
    }
  }
  if (progress) progress(total, total);
  return result;
}

}  // namespace

absl::StatusOr<EvalResult> Evaluate(const Corpus& corpus, absl::Span<const int> eval,
                                    const Predictors& predictors, const EvalOptions& options,
                                    const std::function<void(int64_t, int64_t)>& progress) {
  if (options.rerank.buckets &&
      RerankBucketSlots(options.reader, predictors.model.buckets().num_strength_buckets()) >
          kRerankBuckets) {
    return absl::InvalidArgumentError(
        "the re-scoring's bucket features need at most 8 coarse buckets the reader backs off to "
        "(bucket prior on, the model's buckets a larger multiple of them)");
  }
  if (options.online) return EvaluateOnline(corpus, eval, predictors, options, progress);
  const int64_t total = static_cast<int64_t>(eval.size());
  const int num_chunks = static_cast<int>((total + kChunkHands - 1) / kChunkHands);
  std::vector<EvalResult> chunks(num_chunks);
  for (EvalResult& chunk : chunks) chunk.by_player.resize(predictors.modelled.size());
  std::atomic<int> next_chunk{0};
  std::atomic<int64_t> done{0};
  std::mutex mutex;  // guards `error` and the progress calls
  absl::Status error;
  auto last_report = std::chrono::steady_clock::now();

  const auto work = [&] {
    Scorer scorer(corpus, predictors, options);
    for (int c = next_chunk++; c < num_chunks; c = next_chunk++) {
      const int begin = c * kChunkHands;
      const int end = static_cast<int>(std::min<int64_t>(total, begin + kChunkHands));
      for (int i = begin; i < end; ++i) {
        const absl::Status status = scorer.Score(eval[i], &chunks[c]);
        if (!status.ok()) {
          std::lock_guard<std::mutex> lock(mutex);
          if (error.ok()) error = status;
          return;
        }
      }
      const int64_t now_done = done += end - begin;
      if (progress) {
        std::lock_guard<std::mutex> lock(mutex);
        if (std::chrono::steady_clock::now() - last_report > std::chrono::seconds(1)) {
          last_report = std::chrono::steady_clock::now();
          progress(now_done, total);
        }
      }
    }
  };
  const int threads = std::max(1, std::min(options.threads, std::max(1, num_chunks)));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();
  if (!error.ok()) return error;

  EvalResult result;
  result.by_player.resize(predictors.modelled.size());
  for (const EvalResult& chunk : chunks) result.Merge(chunk);
  if (progress) progress(total, total);
  return result;
}

std::vector<AccuracyRow> AccuracyRows(const EvalResult& result) {
  std::vector<AccuracyRow> rows;
  for (int k = 0; k < kNumClassPredictors; ++k) {
    for (int s = 0; s <= kNumStreets; ++s) {
      ClassTally tally;
      if (s < kNumStreets) {
        tally = result.classes[k][s];
      } else {
        for (int t = 0; t < kNumStreets; ++t) tally.Merge(result.classes[k][t]);
      }
      for (int z = 1; z <= kMaxZ; ++z) {
        AccuracyRow row;
        row.predictor = ClassPredictorName(k);
        row.street = StreetName(s);
        row.z = z;
        row.cases = tally.cases;
        const int64_t hits = tally.hits[z - 1];
        row.accuracy = tally.cases > 0 ? static_cast<double>(hits) / tally.cases : 0.0;
        const Interval ci = WilsonInterval(hits, tally.cases);
        row.ci_low = ci.low;
        row.ci_high = ci.high;
        rows.push_back(std::move(row));
      }
    }
  }
  return rows;
}

std::vector<LeadRow> LeadRows(const EvalResult& result) {
  std::vector<LeadRow> rows;
  for (int versus : {kMarkov, kMarkovPaper, kBoard}) {
    for (int s = 0; s <= kNumStreets; ++s) {
      PairedTally tally;
      if (s < kNumStreets) {
        tally = result.model_vs[versus][s];
      } else {
        for (int t = 0; t < kNumStreets; ++t) tally.Merge(result.model_vs[versus][t]);
      }
      for (int z = 1; z <= kMaxZ; ++z) {
        const Difference d =
            PairedDifference(tally.only_first[z - 1], tally.only_second[z - 1], tally.cases);
        rows.push_back(
            {ClassPredictorName(versus), StreetName(s), z, tally.cases, d.value, d.low, d.high});
      }
    }
  }
  return rows;
}

std::vector<PairRow> PairRows(const EvalResult& result) {
  std::vector<PairRow> rows;
  for (int k = 0; k < kNumPairPredictors; ++k) {
    for (int s = 0; s <= kNumStreets; ++s) {
      PairTally tally;
      MeanTally gain;
      if (s < kNumStreets) {
        tally = result.pairs[k][s];
        gain = result.gain[k][s];
      } else {
        for (int t = 0; t < kNumStreets; ++t) {
          tally.Merge(result.pairs[k][t]);
          gain.Merge(result.gain[k][t]);
        }
      }
      PairRow row;
      row.predictor = PairPredictorName(k);
      row.street = StreetName(s);
      row.cases = tally.cases;
      row.mean_log_likelihood = tally.mean_log_likelihood();
      row.mean_percentile = tally.mean_percentile();
      row.gain = gain.mean();
      row.gain_low = gain.mean() - gain.HalfWidth95();
      row.gain_high = gain.mean() + gain.HalfWidth95();
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

std::vector<PlayerRow> PlayerRows(const EvalResult& result, const Corpus& corpus,
                                  const Predictors& predictors) {
  std::vector<PlayerRow> rows;
  for (size_t n = 0; n < corpus.names.size(); ++n) {
    const int id = predictors.player_id[n];
    if (id < 0 || id >= static_cast<int>(result.by_player.size())) continue;
    const auto& tallies = result.by_player[id];
    if (tallies[kModel].cases == 0) continue;
    PlayerRow row;
    row.name = corpus.names[n];
    row.training_hands = predictors.training_hands[n];
    row.cases = tallies[kModel].cases;
    for (int k = 0; k < kNumClassPredictors; ++k) {
      row.top1[k] =
          tallies[k].cases > 0 ? static_cast<double>(tallies[k].hits[0]) / tallies[k].cases : 0.0;
    }
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const PlayerRow& a, const PlayerRow& b) { return a.cases > b.cases; });
  return rows;
}

}  // namespace eval
