// eval_prediction: hand-prediction accuracy of our opponent model against the Markov baseline on
// held-out hands of real logs (SPEC 12). See docs/eval_prediction.md.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/types/span.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "cli/progress.h"
#include "html/html_page.h"
#include "logs_parser/log_reader.h"
#include "poker/file_io.h"
#include "tools/eval/html_report.h"
#include "tools/eval/prediction_eval.h"
#include "tools/eval/report.h"

namespace {

namespace po = boost::program_options;

constexpr char kUsage[] = R"(Usage: eval_prediction --logs PATH... --game FILE [options]
       eval_prediction --model MODEL --logs PATH... --test-logs PATH... --game FILE [options]

Hand-prediction accuracy (SPEC 12, 000 section 5.2). The hands of the logs are split, seeded,
into a training part and a held-out part (by hand, or by whole file). Our opponent model (as
`trainer` builds it), the Markov baseline and the class prior are counted on the training part
only. Then, on every held-out hand, for every modelled player whose cards the log shows and every
street it finished without folding, each predictor names the player's hand class from what a
spectator sees at the end of that street (the board and everyone's actions, no hole cards):
  model    the hand reader (agent/hand_reader.h) with the trained model: 1326 pair weights summed
           by class on the actual board
  dfmodel  the same reader with DFmodel only (no trained model)
  markov   an HMM over classes: initial, street-to-street transition and action-given-class
           probabilities counted on the training part, filtered by the forward algorithm, with
           card counting (each class weighted by the board's share of pairs in it)
  markov-paper  the same chain as in the paper: classes only restricted to those possible on
           the board
  board    no actions at all: the live pairs of each class on the board (a uniform range)
  prior    the street's most frequent classes in training (restricted to the board's possible
           classes)
--test-logs trains on --logs and tests on other logs; --split player holds out whole players;
--online scores the test hands in log order and learns each after scoring it, as the agent
does in a match. --model MODEL measures a model you trained (`trainer train`) instead of one
counted here: the baselines are still counted on the training part, and no evaluated hand may
come from a file the model was trained on (its provenance lists them): give the test hands with
--test-logs, or hold out files the model did not see (--split file). The model's abstraction
(buckets, depth, raise edges, street context) is the file's; the defaults here are trainer's.
Classes: preflop 4 (small/big high card, small/big pair), after the flop 11 from the best five
of hole + board (high card small/big, one pair small/big, two pair, trips, straight, flush, full
house, quads, straight flush); docs/eval_prediction.md defines small and big.

Reports top-1, top-2 and top-3 accuracy per street and pooled over all streets, with cases and
95% Wilson intervals, the model's paired lead over markov and board, and for the pair-level
predictors the mean ln-likelihood and percentile rank of the true pair and the ln-likelihood gain
over board: a table on stdout (JSON instead with --json), --csv and --svg files. Progress
on stderr.

Exit codes: 0 success, 1 failure (unreadable logs or game, no usable hands, a part of the split
empty, cannot write an output), 2 usage error.

Options)";

int Usage(const std::string& message) { return cli::UsageError("eval_prediction", message); }

int Fail(const std::string& message) {
  std::cerr << "eval_prediction: " << message << "\n";
  return 1;
}

bool WriteFile(const std::string& path, const std::string& text) {
  return poker::WriteFileAtomically(path, text).ok();
}

// The command as a shell would take it back: words with spaces or quotes in single quotes.
std::string CommandLine(int argc, char** argv) {
  std::vector<std::string> words;
  for (int i = 0; i < argc; ++i) {
    const std::string word = argv[i];
    if (!word.empty() && word.find_first_of(" \t'\"\\$`;&|<>()*?") == std::string::npos) {
      words.push_back(word);
    } else {
      words.push_back(absl::StrCat("'", absl::StrReplaceAll(word, {{"'", "'\\''"}}), "'"));
    }
  }
  return absl::StrJoin(words, " ");
}

// Everything the command line sets.
struct Args {
  std::vector<std::string> logs, test_logs;
  std::string game_argument, games_dir, split_text = "hand", csv_path, svg_path;
  std::string markov_text = "sequence", title, html_path, cases_path, model_path;
  eval::EvalOptions options;
  bool strip_name_suffix = false, json = false, quiet = false, no_entry_prior = false;
  bool no_small_pairs = false;
  bool in_sample = false;
  bool in_sample_population = false;
  bool calibrate = false;
  int calibration_folds = 2;
  bool calibration_no_biases = false;
  bool rerank = false;
  int rerank_folds = 2;
  double rerank_ridge = 10;
  bool rerank_by_class = false;
  bool rerank_in_sample = false;
  bool rerank_buckets = false;
  bool fine_after_flop = false;
  bool no_street_context = false;
  bool per_player = false, confusion = false, markov_ignore_board = false;
  std::vector<double> raise_edges;
  int threads = 1;
};

void AddOptions(Args& a, po::options_description& visible) {
  eval::EvalOptions& o = a.options;
  visible.add_options()("help,h", "print this help")(
      "logs", po::value(&a.logs)->multitoken(),
      "log files and folders (folders: *.log, *.phh, *.phhs, each also .gz, .bz2, recursively)")(
      "test-logs", po::value(&a.test_logs)->multitoken(),
      "train on --logs and test on these (no file may be in both; no split)")(
      "game", po::value(&a.game_argument),
      "game of the logs: a .game file, or the name of one in --games-dir (required)")(
      "model", po::value(&a.model_path),
      "measure this model file (from trainer train) instead of one counted on the training "
      "part; its files must hold no evaluated hand")(
      "games-dir", po::value(&a.games_dir), "folder of known game files (default data/games)")(
      "strip-name-suffix", po::bool_switch(&a.strip_name_suffix),
      logs_parser::kStripNameSuffixHelp)(
      "test-fraction", po::value(&o.test_fraction)->default_value(0.2),
      "share of the hands held out (0 < f < 1)")(
      "split", po::value(&a.split_text)->default_value("hand"),
      "hand: held-out hands drawn at random; file: whole files held out; player: whole players "
      "held out (every hand of theirs is test; only they are scored)")(
      "min-held-out-players", po::value(&o.min_held_out_players)->default_value(1),
      "--split player: hold out at least this many players")(
      "online", po::bool_switch(&o.online),
      "read the test hands in log order; after each is scored it is learned as the agent would "
      "(actions always, hole cards when shown at a showdown)")(
      "seed", po::value(&o.seed)->default_value(1), "seed of the split")(
      "in-sample", po::bool_switch(&a.in_sample),
      "a bound, not a result: the evaluated hands are counted in training too (the model has "
      "seen the hands it reads), so the figures say how far counts at this abstraction could go")(
      "validate", po::bool_switch(&o.validate),
      "evaluate on a validation part carved from the training part (same fraction and kind, "
      "seed + 1), training on the rest; the held-out part is not looked at (for tuning)")(
      "players", po::value(&o.players)->multitoken(),
      "model and score only these players (names after --strip-name-suffix)")(
      "min-hands", po::value(&o.min_hands)->default_value(0),
      "without --players: model and score the players with at least this many training hands "
      "(0: everyone)")("buckets", po::value(&o.model.num_buckets)->default_value(8),
                       "K: hand-strength buckets of the model (as trainer --buckets, whose "
                       "default it has; 32 reads the preflop finer, backed off to 8 coarse "
                       "buckets after the flop: --bucket-prior)")(
      "max-depth", po::value(&o.model.max_depth)->default_value(6),
      "deepest pattern-tree node (as trainer --max-depth)")(
      "no-street-context", po::bool_switch(&a.no_street_context),
      "the model's trees after the first street do not start with the street context (the "
      "earlier streets' raises, 0, 1, 2+, and whether the player made the last of them), so a "
      "raised pot and a limped one share nodes, as before (default: context version 2)")(
      "street-context-version",
      po::value(&o.model.street_context_version)->default_value(trainer::kStreetContextVersion),
      "street context version: 1 for the raises only, read without back-off (the first version)")(
      "context-prior", po::value(&o.reader.context_prior)->default_value(o.reader.context_prior),
      "hand reader, street context version 2: pseudo-decisions smoothing a context's population "
      "counts toward the context-free counts (0: none)")(
      "bucket-prior", po::value(&o.reader.bucket_prior)->default_value(o.reader.bucket_prior),
      "hand reader: pseudo-decisions smoothing a bucket's population counts toward those of the "
      "coarse bucket it nests in (--coarse-buckets; for --buckets a multiple of it; 0: none)")(
      "player-bucket-prior",
      po::value(&o.reader.player_bucket_prior)->default_value(o.reader.player_bucket_prior),
      "hand reader, with --bucket-prior: pseudo-decisions smoothing a player's fine-bucket counts "
      "toward its coarse-bucket counts (0: toward the population's fine cell)")(
      "fine-buckets-after-flop", po::bool_switch(&a.fine_after_flop),
      "hand reader, with --bucket-prior: read the fine buckets after the flop too (backed off to "
      "the coarse ones; default: after the flop only the coarse buckets)")(
      "coarse-buckets", po::value(&o.reader.coarse_buckets)->default_value(o.reader.coarse_buckets),
      "hand reader: the coarse buckets of --bucket-prior")(
      "range-buckets", po::bool_switch(&o.model.range_buckets),
      "after the flop, a made hand's bucket is its HS percentile in the range the player has "
      "shown (read with a model of the training hands counted with HS buckets), not its HS")(
      "no-preflop-small-pairs", po::bool_switch(&a.no_small_pairs),
      "the small pocket pairs (22..88) share the preflop bucket of their equity (bucket function "
      "version 1) instead of having a bucket of their own")(
      "range-passes", po::value(&o.range_passes)->default_value(1),
      "--range-buckets: the ranges are read with a model counted with HS buckets (1) or with "
      "range buckets of one pass fewer (2, 3, ...)")(
      "raise-edges", po::value(&a.raise_edges)->multitoken(),
      "raise-size class edges as fractions of the pot after calling (as trainer --raise-edges; "
      "default 0.6 1)")("draw-max-hs",
                        po::value(&o.model.draw_max_hs)->default_value(o.model.draw_max_hs),
                        "flop and turn hands with a draw and HS below this go to the draw bucket "
                        "(as trainer)")(
      "player-prior", po::value(&o.reader.player_prior)->default_value(10),
      "hand reader: pseudo-decisions smoothing a player's counts toward the population's")(
      "fit-player-prior", po::bool_switch(&o.reader.fit_player_prior),
      "hand reader: smooth with the player pseudo-decisions fitted per street on the model's "
      "players (empirical Bayes), --player-prior only where too few")(
      "population-prior", po::value(&o.reader.population_prior)->default_value(5),
      "hand reader: pseudo-decisions smoothing the population's counts toward DFmodel")(
      "fit-population-prior", po::bool_switch(&o.reader.fit_population_prior),
      "hand reader: smooth with the population pseudo-decisions fitted per street on the "
      "population's counts (empirical Bayes), --population-prior only where too few")(
      "min-likelihood", po::value(&o.reader.min_likelihood)->default_value(1e-3f, "0.001"),
      "hand reader: likelihood floor of one action")(
      "no-entry-prior", po::bool_switch(&a.no_entry_prior),
      "hand reader: no preflop prior from the entry rate by position class")(
      "in-sample-population", po::bool_switch(&a.in_sample_population),
      "a bound, as --in-sample, for the population alone: the evaluated hands are counted into "
      "the population's counts, not into the players' models, the chains or the prior")(
      "calibrate", po::bool_switch(&a.calibrate),
      "recalibrate the model's class scores per street against the board's card count (a "
      "temperature on the likelihood, a weight on the card count, a bias per class), fitted on "
      "cases of the training part scored out of sample (--calibration-folds carves of it); "
      "pair-level scores unchanged; not with --rerank")(
      "calibration-folds", po::value(&a.calibration_folds)->default_value(2),
      "--calibrate: carves of the training part whose out-of-sample cases the fit uses")(
      "calibration-no-biases", po::bool_switch(&a.calibration_no_biases),
      "--calibrate: fit only the temperature and the card-count weight, no class biases")(
      "rerank", po::bool_switch(&a.rerank),
      "re-score the model's pairs with a log-linear model over the live pairs (a weight on each "
      "street's ln-likelihood, class and draw x action indicators, and class x raises), fitted "
      "on cases of the training part scored out of sample (--rerank-folds carves of it; a "
      "street with fewer than 200 cases keeps the reader as it is); changes the model's pair "
      "and class scores; not with --range-exponent or --calibrate")(
      "rerank-folds", po::value(&a.rerank_folds)->default_value(2),
      "--rerank: carves of the training part whose out-of-sample cases the fit uses")(
      "rerank-ridge", po::value(&a.rerank_ridge)->default_value(10),
      "--rerank: ridge penalty toward the reader as it is")(
      "rerank-in-sample", po::bool_switch(&a.rerank_in_sample),
      "a bound, with --rerank: fit the re-scoring on the evaluated cases themselves (labelled "
      "IN-SAMPLE)")(
      "rerank-buckets", po::bool_switch(&a.rerank_buckets),
      "--rerank: features (the pair's coarse strength bucket) x (aggression) instead of (its "
      "class) x (aggression)")(
      "rerank-by-class", po::bool_switch(&a.rerank_by_class),
      "--rerank: fit the likelihood of the true pair's class (what top-1 counts), not of the "
      "true pair")(
      "range-exponent", po::value(&o.range_exponent)->default_value(1),
      "score the readers' ranges raised to this power (tempers every likelihood alike; 1: as "
      "the agent reads them)")(
      "markov-actions", po::value(&a.markov_text)->default_value("sequence"),
      "what the Markov chains observe per street: sequence (the player's own abstract actions "
      "in order) or aggressive (its most aggressive one)")(
      "markov-prior", po::value(&o.markov.emission_prior)->default_value(1),
      "Markov: add-alpha pseudo-observations of the population's emissions per class")(
      "markov-player-prior", po::value(&o.markov.player_prior)->default_value(10),
      "Markov: pseudo-observations smoothing a player's emissions toward the population's")(
      "markov-ignore-board", po::bool_switch(&a.markov_ignore_board),
      "markov-paper: do not rule out the classes impossible on the board")(
      "csv", po::value(&a.csv_path), "write the accuracy rows as CSV to this file")(
      "svg", po::value(&a.svg_path), "write a chart of accuracy by street to this SVG file")(
      "title", po::value(&a.title), "title of the SVG chart (default: the logs)")(
      "html", po::value(&a.html_path),
      "write the table, the chart and the top-1 confusion matrices per street to this HTML page")(
      "cases", po::value(&a.cases_path),
      "write every scored case as CSV to this file: street, player id, true class, and per "
      "class the board's live pairs, the model's (the reader's range, before --calibrate or "
      "--rerank) and the card-counting chain's probabilities, and the bucket oracles' pair "
      "counts (docs/eval_prediction.md)")("json", po::bool_switch(&a.json),
                                          "print JSON on stdout instead of the table")(
      "per-player", po::bool_switch(&a.per_player),
      "table: add top-1 accuracy per modelled player")(
      "confusion", po::bool_switch(&a.confusion),
      "table: add the top-1 confusion matrices of model and markov per street")(
      "threads", po::value(&a.threads)->default_value(1),
      "threads for reading and scoring (0: one per core); results do not depend on it")(
      "quiet,q", po::bool_switch(&a.quiet), "no progress on stderr");
}

// Checks the parsed options and completes a.options; a usage error message, or "".
std::string CheckArgs(Args& a, const po::variables_map& vm) {
  eval::EvalOptions& o = a.options;
  if (a.logs.empty()) return "--logs is required";
  if (a.game_argument.empty()) return "--game is required";
  if (!a.model_path.empty()) {
    // The file's model is measured as trained: what would count or shape another model is not
    // for it.
    for (const char* option :
         {"buckets", "max-depth", "raise-edges", "draw-max-hs", "no-street-context",
          "street-context-version", "no-preflop-small-pairs", "range-buckets", "range-passes",
          "in-sample", "in-sample-population", "calibrate", "rerank"}) {
      if (vm.count(option) && !vm[option].defaulted()) {
        return absl::StrCat("--", option, " is about a model counted here; with --model the model "
                            "is the file's, measured as it is");
      }
    }
    o.model_path = a.model_path;
  }
  if (!(o.test_fraction > 0 && o.test_fraction < 1)) {
    return "--test-fraction must be between 0 and 1";
  }
  if (a.threads < 0) return "--threads must not be negative";
  if (o.model.num_buckets < 1) return "--buckets must be at least 1";
  if (o.range_passes < 1) return "--range-passes must be at least 1";
  if (a.calibration_folds < 1) return "--calibration-folds must be at least 1";
  if (a.rerank_folds < 1) return "--rerank-folds must be at least 1";
  if (a.rerank_in_sample && !a.rerank) return "--rerank-in-sample needs --rerank";
  if (!a.rerank && (a.rerank_by_class || a.rerank_buckets || !vm["rerank-folds"].defaulted() ||
                    !vm["rerank-ridge"].defaulted())) {
    return "--rerank-by-class, --rerank-buckets, --rerank-folds and --rerank-ridge need --rerank";
  }
  if (a.rerank_in_sample && !vm["rerank-folds"].defaulted()) {
    return "--rerank-in-sample fits on the evaluated cases: no --rerank-folds";
  }
  if (!(a.rerank_ridge > 0)) return "--rerank-ridge must be positive";
  // Each fit assumes the reader's raw scores: the calibration's temperature would temper scores
  // the re-scoring has already tempered.
  if (a.rerank && a.calibrate) return "give --rerank or --calibrate, not both";
  if (a.rerank && !vm["range-exponent"].defaulted()) {
    return "--rerank fits its own per-street tempering: give it or --range-exponent, not both";
  }
  if (!(o.reader.bucket_prior >= 0)) return "--bucket-prior must not be negative";
  if (o.reader.coarse_buckets < 1) return "--coarse-buckets must be at least 1";
  // The numbers of the model, the readers and the baseline: finite (ParseCommandLine) and in the
  // ranges their meaning allows (a likelihood floor of 2 or a prior of -1 printed nonsense).
  struct Checked {
    const char* option;
    double value;
    cli::Range range;
  };
  for (const Checked& c : std::initializer_list<Checked>{
           {"--markov-prior", o.markov.emission_prior, cli::AtLeast(0)},
           {"--markov-player-prior", o.markov.player_prior, cli::AtLeast(0)},
           {"--range-exponent", o.range_exponent, cli::Positive(100)},
           {"--min-likelihood", o.reader.min_likelihood, cli::Between(0, 1)},
           {"--player-prior", o.reader.player_prior, cli::AtLeast(0)},
           {"--population-prior", o.reader.population_prior, cli::AtLeast(0)},
           {"--context-prior", o.reader.context_prior, cli::AtLeast(0)},
           {"--player-bucket-prior", o.reader.player_bucket_prior, cli::AtLeast(0)},
           {"--draw-max-hs", o.model.draw_max_hs, cli::Between(0, 1)},
           {"--threads", static_cast<double>(a.threads), cli::WholeBetween(0, 1024)},
           {"--calibration-folds", static_cast<double>(a.calibration_folds),
            cli::WholeBetween(1, 100)},
           {"--rerank-folds", static_cast<double>(a.rerank_folds), cli::WholeBetween(1, 100)},
           {"--range-passes", static_cast<double>(o.range_passes), cli::WholeBetween(1, 100)},
           {"--buckets", static_cast<double>(o.model.num_buckets), cli::WholeBetween(1, 1326)},
           {"--min-held-out-players", static_cast<double>(o.min_held_out_players),
            cli::WholeAtLeast(1)}}) {
    if (absl::Status s = cli::CheckNumber(c.option, c.value, c.range); !s.ok()) {
      return std::string(s.message());
    }
  }
  for (double edge : a.raise_edges) {
    if (absl::Status s = cli::CheckNumber("--raise-edges", edge, cli::Positive(1000)); !s.ok()) {
      return std::string(s.message());
    }
  }
  if (!o.players.empty() && !vm["min-hands"].defaulted()) {
    return "give --players or --min-hands, not both";
  }
  if (!a.test_logs.empty() && !vm["test-fraction"].defaulted() && !o.validate) {
    return "--test-fraction splits --logs; with --test-logs the test set is given";
  }
  absl::StatusOr<eval::SplitKind> split = eval::ParseSplitKind(a.split_text);
  if (!split.ok()) return std::string(split.status().message());
  o.split = *split;
  if (!a.test_logs.empty() && !vm["split"].defaulted() && !o.validate) {
    return "--split divides --logs; with --test-logs the test set is given (use --validate to "
           "tune on a part of --logs)";
  }
  absl::StatusOr<eval::MarkovAlphabet> alphabet = eval::ParseMarkovAlphabet(a.markov_text);
  if (!alphabet.ok()) return std::string(alphabet.status().message());
  o.markov.alphabet = *alphabet;
  o.reader.entry_prior = !a.no_entry_prior;
  o.model.preflop_small_pairs = !a.no_small_pairs;
  o.reader.fine_buckets_preflop_only = !a.fine_after_flop;
  o.model.street_context = !a.no_street_context;
  o.markov.restrict_to_board = !a.markov_ignore_board;
  o.keep_cases = !a.cases_path.empty();
  if (a.rerank_buckets &&
      eval::RerankBucketSlots(o.reader, o.model.num_buckets) > eval::kRerankBuckets) {
    return "--rerank-buckets reads at most 8 coarse buckets and the draw bucket: give --buckets 8 "
           "or fewer, or --bucket-prior above 0 with --coarse-buckets 8 or fewer and --buckets a "
           "larger multiple of it";
  }
  if (!a.raise_edges.empty()) o.model.raise_edges = a.raise_edges;
  o.threads = a.threads > 0 ? a.threads
                            : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return "";
}

// Progress lines on stderr (rewritten in place on a terminal).
class Progress {
 public:
  explicit Progress(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO)) {}
  void Say(const std::string& line, bool transient) const {
    if (quiet_) return;
    if (transient && tty_) {
      std::cerr << "\r" << line << "\033[K" << std::flush;
    } else {
      std::cerr << (tty_ ? "\r" : "") << line << (tty_ ? "\033[K" : "") << "\n";
    }
  }
  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  bool quiet_, tty_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Reads --logs (and --test-logs) into one corpus and makes the parts to train and evaluate on.
absl::Status LoadAndSplit(const Args& a, const logs_parser::NamedGame& game,
                          const Progress& progress, eval::Corpus* corpus, eval::Parts* parts) {
  logs_parser::ReadOptions read;
  read.game = &game.game;
  read.game_name = game.name;
  read.games_dir = a.games_dir;
  read.strip_name_suffix = a.strip_name_suffix;
  read.threads = a.options.threads;
  const auto load = [&](const std::vector<std::string>& paths) {
    return eval::LoadCorpus(paths, read, [&](const logs_parser::ReadSummary& running) {
      progress.Say(absl::StrFormat("reading: %d files, %s; %d hands", running.files,
                                   cli::ShareProgressText(static_cast<double>(running.bytes),
                                                          static_cast<double>(running.bytes_total),
                                                          cli::BytesText(running.bytes_total),
                                                          running.seconds),
                                   running.hands),
                   true);
    });
  };
  absl::StatusOr<eval::Corpus> loaded = load(a.logs);
  if (!loaded.ok()) return loaded.status();
  int test_begin = -1;
  if (!a.test_logs.empty()) {
    absl::StatusOr<eval::Corpus> test = load(a.test_logs);
    if (!test.ok()) return test.status();
    loaded = eval::JoinCorpora(*std::move(loaded), *std::move(test), &test_begin);
    if (!loaded.ok()) return loaded.status();
  }
  *corpus = *std::move(loaded);
  for (const logs_parser::Problem& problem : corpus->summary.problems) {
    if (!a.quiet) std::cerr << problem.message << "\n";
  }
  progress.Say(absl::StrFormat("read %d hands from %d files (%d lines rejected) in %.1f s",
                               corpus->hands.size(), corpus->files.size(), corpus->summary.rejected,
                               progress.Elapsed()),
               false);
  absl::StatusOr<eval::Parts> made = test_begin >= 0
                                         ? eval::MakeTestLogParts(*corpus, test_begin, a.options)
                                         : eval::MakeParts(*corpus, a.options);
  if (!made.ok()) return made.status();
  *parts = *std::move(made);
  return absl::OkStatus();
}

std::vector<eval::Fact> Facts(const Args& a, const std::string& game, const eval::Corpus& corpus,
                              const eval::Parts& parts, const eval::Predictors& predictors,
                              const eval::EvalResult& result, const std::string& command) {
  const eval::EvalOptions& o = a.options;
  std::vector<eval::Fact> facts;
  const auto fact = [&](const std::string& key, const std::string& value, bool numeric) {
    facts.push_back({key, value, numeric});
  };
  fact("logs", absl::StrJoin(a.logs, " "), false);
  if (!a.test_logs.empty()) fact("test_logs", absl::StrJoin(a.test_logs, " "), false);
  fact("game", game, false);
  fact("files", absl::StrCat(corpus.files.size()), true);
  fact("hands", absl::StrCat(corpus.hands.size()), true);
  fact("lines_rejected", absl::StrCat(corpus.summary.rejected), true);
  const std::string split =
      a.test_logs.empty() ? absl::StrFormat("%s, %.3g held out, seed %d",
                                            eval::SplitKindName(o.split), o.test_fraction, o.seed)
                          : std::string("train on --logs, test on --test-logs");
  fact("split",
       absl::StrCat(
           split, o.validate ? ", VALIDATION part of the training part" : "",
           o.online ? ", ONLINE (test hands learned after scoring, in log order)" : "",
           a.in_sample ? ", IN-SAMPLE (the evaluated hands are trained on too: a bound)" : "",
           a.in_sample_population ? ", IN-SAMPLE POPULATION (the evaluated hands are counted "
                                    "into the population: a bound)"
                                  : "",
           a.rerank_in_sample ? ", RERANK IN-SAMPLE (a bound)" : ""),
       false);
  if (!parts.held_out_players.empty()) {
    fact("held_out_players", absl::StrJoin(parts.held_out_players, " "), false);
  }
  fact("training_hands", absl::StrCat(parts.train.size()), true);
  fact("evaluated_hands", absl::StrCat(parts.eval.size()), true);
  fact("hands_with_cases", absl::StrCat(result.hands_scored), true);
  fact("players_modelled", absl::StrCat(predictors.modelled.size()), true);
  // With --model the abstraction is the file's (the model_file fact); the reader's are ours.
  const std::string abstraction =
      a.model_path.empty()
          ? absl::StrFormat("buckets %d, max depth %d, raise edges %s, draw max HS %g; ",
                            o.model.num_buckets, o.model.max_depth,
                            absl::StrJoin(o.model.raise_edges, " "), o.model.draw_max_hs)
          : "";
  fact("model",
       abstraction +
           absl::StrFormat(
               "reader player_prior %g%s, population_prior %g%s, min_likelihood %g, entry prior "
               "%s; ranges scored to the power %g",
               o.reader.player_prior, o.reader.fit_player_prior ? " (where too few to fit)" : "",
               o.reader.population_prior,
               o.reader.fit_population_prior ? " (where too few to fit)" : "",
               o.reader.min_likelihood, o.reader.entry_prior ? "on" : "off", o.range_exponent),
       false);
  if (a.model_path.empty() &&
      (o.model.street_context || o.model.range_buckets || !o.model.preflop_small_pairs)) {
    fact("model_options",
         absl::StrCat(
             o.model.street_context
                 ? absl::StrCat("street context version ", o.model.street_context_version,
                                o.model.street_context_version >= 2
                                    ? absl::StrFormat(", context prior %g", o.reader.context_prior)
                                    : "",
                                "; ")
                 : "",
             o.model.preflop_small_pairs ? "" : "small pairs in their equity bucket; ",
             o.model.range_buckets ? absl::StrCat("range buckets, ", o.range_passes, " pass(es)")
                                   : ""),
         false);
  }
  // The back-off applies to models with a larger multiple of the coarse buckets (not the
  // default 8).
  if (o.reader.bucket_prior > 0 &&
      agent::CoarseBucketParents(o.reader,
                                 predictors.model.buckets().num_strength_buckets(), {})) {
    fact("bucket_backoff",
         absl::StrFormat("bucket prior %g toward %d coarse buckets, player bucket prior %g%s",
                         o.reader.bucket_prior, o.reader.coarse_buckets,
                         o.reader.player_bucket_prior,
                         o.reader.fine_buckets_preflop_only ? ", fine preflop only" : ""),
         false);
  }
  if (o.reader.fit_player_prior || o.reader.fit_population_prior) {
    // What the readers smooth with, per street (fitted when the reader is made).
    const agent::HandReader reader(&predictors.model, predictors.model.game(), o.reader);
    std::vector<std::string> player, population;
    for (int r = 0; r < predictors.model.game().num_rounds; ++r) {
      player.push_back(absl::StrFormat("%.3g", reader.player_prior(r)));
      population.push_back(absl::StrFormat("%.3g", reader.population_prior(r)));
    }
    fact("pseudo_decisions",
         absl::StrCat(
             "player ", absl::StrJoin(player, " "), "; population ", absl::StrJoin(population, " "),
             " (per street",
             o.reader.fit_player_prior && o.reader.fit_population_prior
                 ? ", fitted)"
                 : (o.reader.fit_player_prior ? ", player fitted)" : ", population fitted)")),
         false);
  }
  if (a.calibrate) {
    fact("class_calibration",
         absl::StrCat(a.calibration_folds, " carve(s) of the training part",
                      a.calibration_no_biases ? ", no class biases" : "", ": ",
                      o.calibration.Describe()),
         false);
  }
  if (a.rerank) {
    fact("pair_rerank",
         absl::StrCat(a.rerank_in_sample
                          ? std::string("IN-SAMPLE: fitted on the evaluated cases (a bound)")
                          : absl::StrCat(a.rerank_folds, " carve(s) of the training part"),
                      ", ", a.rerank_by_class ? "class" : "pair", " objective, ",
                      a.rerank_buckets ? "bucket" : "class", " x action features, ridge ",
                      a.rerank_ridge, ": ", o.rerank.Describe()),
         false);
  }
  fact("markov",
       absl::StrFormat(
           "actions %s, emission prior %g, player prior %g; markov-paper %s",
           eval::MarkovAlphabetName(o.markov.alphabet), o.markov.emission_prior,
           o.markov.player_prior,
           o.markov.restrict_to_board ? "restricted to the board's classes" : "ignores the board"),
       false);
  fact("command", command, false);
  return facts;
}

// The table or JSON on stdout, and the CSV, SVG and HTML files.
int WriteReports(const Args& a, const std::string& game, const eval::Corpus& corpus,
                 const eval::Parts& parts, const eval::Predictors& predictors,
                 const eval::EvalResult& result, const std::vector<eval::Fact>& facts) {
  const std::vector<eval::AccuracyRow> rows = eval::AccuracyRows(result);
  const std::vector<eval::LeadRow> lead_rows = eval::LeadRows(result);
  const std::vector<eval::PairRow> pair_rows = eval::PairRows(result);
  if (a.json) {
    std::cout << eval::FormatJson(facts, rows, lead_rows, pair_rows);
  } else {
    std::cout << eval::FormatTable(facts, rows, lead_rows, pair_rows);
    if (!result.cases.empty()) std::cout << eval::FormatOracles(result.cases);
    if (a.per_player) {
      std::cout << eval::FormatPlayers(eval::PlayerRows(result, corpus, predictors));
    }
    if (a.confusion) {
      for (int street = 0; street < eval::kNumStreets; ++street) {
        for (int predictor : {eval::kModel, eval::kMarkov}) {
          std::cout << eval::FormatConfusion(result, predictor, street);
        }
      }
    }
  }
  if (!a.cases_path.empty()) {
    if (absl::Status s = poker::WriteFileAtomically(a.cases_path, eval::FormatCases(result.cases));
        !s.ok()) {
      return Fail(std::string(s.message()));
    }
  }
  if (!a.csv_path.empty() && !WriteFile(a.csv_path, eval::FormatCsv(rows))) {
    return Fail("cannot write " + a.csv_path);
  }
  if (!a.svg_path.empty() || !a.html_path.empty()) {
    const std::string chart_title =
        a.title.empty() ? "Hand-prediction accuracy: " + absl::StrJoin(a.logs, ", ") : a.title;
    int64_t cases = 0;
    for (const eval::AccuracyRow& row : rows) {
      if (row.predictor == "model" && row.street == "all" && row.z == 1) cases = row.cases;
    }
    const std::string subtitle = absl::StrFormat(
        "%s; %d held-out hands (%s split, seed %d)%s%s; %d cases; 95%% Wilson intervals", game,
        parts.eval.size(), a.test_logs.empty() ? eval::SplitKindName(a.options.split) : "test-logs",
        a.options.seed, a.options.validate ? " [validation]" : "",
        a.options.online ? " [online]" : "", cases);
    if (!a.svg_path.empty() &&
        !WriteFile(a.svg_path, eval::FormatSvg(chart_title, subtitle, rows))) {
      return Fail("cannot write " + a.svg_path);
    }
    if (!a.html_path.empty()) {
      const std::string players_table =
          a.per_player ? eval::FormatPlayers(eval::PlayerRows(result, corpus, predictors)) : "";
      if (absl::Status s = poker::WriteFileAtomically(
              a.html_path, eval::FormatHtml(chart_title, subtitle, facts, rows, lead_rows,
                                            pair_rows, result, players_table));
          !s.ok()) {
        return Fail(std::string(s.message()));
      }
    }
  }
  return 0;
}

// --model: the file's model must be of the logs' game, and no evaluated hand may come from a file
// it was trained on (it would be read in sample). Files are compared by their canonical paths.
// On success `*description` tells the facts what the model is.
absl::Status CheckModelFile(const std::string& path, const eval::Corpus& corpus,
                            const std::vector<int>& evaluated, std::string* description) {
  absl::StatusOr<trainer::OpponentModel> model = trainer::OpponentModel::Load(path, &corpus.game);
  if (!model.ok()) return model.status();
  const auto canonical = [](const std::string& file) {
    std::error_code error;
    const std::filesystem::path path = std::filesystem::weakly_canonical(file, error);
    return error ? file : path.string();
  };
  std::set<std::string> trained_on;
  for (const std::string& file : model->provenance().files) trained_on.insert(canonical(file));
  const std::vector<int> file_of = corpus.FileOfHands();
  std::set<int> evaluated_files;
  for (int h : evaluated) evaluated_files.insert(file_of[h]);
  for (int f : evaluated_files) {
    if (trained_on.count(canonical(corpus.files[f])) != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, " was trained on ", corpus.files[f],
          ", which holds evaluated hands: they would be read in sample. Give the test hands "
          "with --test-logs (logs the model did not see), or hold out whole files with --split "
          "file"));
    }
  }
  *description = absl::StrFormat(
      "file %s: trained on %d files, %d hands; buckets %d, max depth %d, raise edges %s%s", path,
      model->provenance().files.size(), model->provenance().hands_used,
      model->buckets().num_strength_buckets(), model->max_depth(),
      absl::StrJoin(model->abstraction().raise_edges(), " "),
      model->street_context()
          ? absl::StrCat(", street context version ", model->street_context_version())
          : "");
  return absl::OkStatus();
}

// --rerank-in-sample: the cases of the evaluated part, scored as the run scores them (`train`
// and options.population_only_hands as the run's, --in-sample and --in-sample-population
// included).
absl::StatusOr<std::vector<eval::RerankCase>> EvaluatedRerankCases(const eval::Corpus& corpus,
                                                                   absl::Span<const int> train,
                                                                   absl::Span<const int> evaluated,
                                                                   eval::EvalOptions options) {
  options.keep_rerank_cases = true;
  absl::StatusOr<std::unique_ptr<eval::Predictors>> predictors =
      eval::TrainPredictors(corpus, train, options);
  if (!predictors.ok()) return predictors.status();
  absl::StatusOr<eval::EvalResult> result =
      eval::Evaluate(corpus, evaluated, **predictors, options);
  if (!result.ok()) return result.status();
  return std::move(result->rerank_cases);
}

int Run(int argc, char** argv) {
  Args a;
  po::options_description visible(kUsage);
  AddOptions(a, visible);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("eval_prediction", argc, argv, visible, &vm)) {
    return *done;
  }
  if (const std::string usage = CheckArgs(a, vm); !usage.empty()) return Usage(usage);
  // Where the results go is checked before the minutes of work.
  for (const auto& [path, option] :
       {std::pair(a.csv_path, "--csv"), std::pair(a.svg_path, "--svg"),
        std::pair(a.html_path, "--html"), std::pair(a.cases_path, "--cases")}) {
    if (path.empty()) continue;
    if (absl::Status s = poker::CheckOutputPath(path, option); !s.ok()) {
      return Fail(std::string(s.message()));
    }
  }
  absl::StatusOr<logs_parser::NamedGame> game =
      logs_parser::LoadGameArgument(a.game_argument, a.games_dir);
  if (!game.ok()) return Fail(std::string(game.status().message()));

  const Progress progress(a.quiet);
  eval::Corpus corpus;
  eval::Parts parts;
  if (absl::Status s = LoadAndSplit(a, *game, progress, &corpus, &parts); !s.ok()) {
    return Fail(std::string(s.message()));
  }
  std::string model_file;
  if (!a.model_path.empty()) {
    if (absl::Status s = CheckModelFile(a.model_path, corpus, parts.eval, &model_file); !s.ok()) {
      return Fail(std::string(s.message()));
    }
  }
  // A player split scores the held-out players only: the model never saw them.
  a.options.score_only = parts.held_out_players;
  // What the evaluated model is trained on: with --in-sample the evaluated hands too, with
  // --in-sample-population those hands in the population. The fits' carves (--calibrate,
  // --rerank) read the training part only.
  std::vector<int> train = parts.train;
  if (a.in_sample) {
    train.insert(train.end(), parts.eval.begin(), parts.eval.end());
    std::sort(train.begin(), train.end());
  }
  const std::vector<int> population_only = a.in_sample_population ? parts.eval : std::vector<int>();
  if (a.calibrate) {
    absl::StatusOr<std::vector<eval::CaseRecord>> cases =
        eval::CrossFittedCases(corpus, parts.train, a.options, a.calibration_folds);
    if (!cases.ok()) return Fail(std::string(cases.status().message()));
    eval::CalibrationFitOptions fit;
    fit.biases = !a.calibration_no_biases;
    a.options.calibration = eval::FitClassCalibration(*cases, fit);
    progress.Say(
        absl::StrFormat("calibrated on %d out-of-sample cases of the training part (%.1f s)",
                        cases->size(), progress.Elapsed()),
        false);
  }
  if (a.rerank) {
    absl::StatusOr<std::vector<eval::RerankCase>> cases;
    if (a.rerank_in_sample) {
      eval::EvalOptions evaluated = a.options;
      evaluated.population_only_hands = population_only;
      cases = EvaluatedRerankCases(corpus, train, parts.eval, evaluated);
    } else {
      cases = eval::CrossFittedRerankCases(corpus, parts.train, a.options, a.rerank_folds);
    }
    if (!cases.ok()) return Fail(std::string(cases.status().message()));
    eval::RerankFitOptions fit;
    fit.ridge = a.rerank_ridge;
    fit.class_objective = a.rerank_by_class;
    fit.buckets = a.rerank_buckets;
    a.options.rerank = eval::FitPairReranker(*cases, fit);
    progress.Say(absl::StrFormat("re-scoring fitted on %d %s (%.1f s)", cases->size(),
                                 a.rerank_in_sample ? "in-sample cases of the evaluated part"
                                                    : "out-of-sample cases of the training part",
                                 progress.Elapsed()),
                 false);
  }
  a.options.population_only_hands = population_only;
  parts.train = train;
  const double training_start = progress.Elapsed();
  absl::StatusOr<std::unique_ptr<eval::Predictors>> predictors =
      eval::TrainPredictors(corpus, parts.train, a.options, [&](int64_t done, int64_t total) {
        progress.Say("training: " + cli::ProgressText(done, total, "hands",
                                                      progress.Elapsed() - training_start),
                     true);
      });
  if (!predictors.ok()) return Fail(std::string(predictors.status().message()));
  progress.Say(
      absl::StrFormat("trained on %d hands: %d players modelled (%.1f s)", parts.train.size(),
                      (*predictors)->modelled.size(), progress.Elapsed()),
      false);
  const double scoring_start = progress.Elapsed();
  absl::StatusOr<eval::EvalResult> result =
      eval::Evaluate(corpus, parts.eval, **predictors, a.options, [&](int64_t done, int64_t total) {
        progress.Say("scoring: " + cli::ProgressText(done, total, "hands",
                                                     progress.Elapsed() - scoring_start),
                     true);
      });
  if (!result.ok()) return Fail(std::string(result.status().message()));
  progress.Say(absl::StrFormat("scored %d hands (%.1f s)", result->hands, progress.Elapsed()),
               false);
  std::vector<eval::Fact> facts =
      Facts(a, game->name, corpus, parts, **predictors, *result, CommandLine(argc, argv));
  if (!model_file.empty()) facts.insert(facts.begin() + 1, {"model_file", model_file, false});
  return WriteReports(a, game->name, corpus, parts, **predictors, *result, facts);
}

}  // namespace

int main(int argc, char** argv) { return Run(argc, argv); }
