// eval_prediction: hand-prediction accuracy of our opponent model against the Markov baseline on
// held-out hands of real logs (SPEC 12). See docs/eval_prediction.md.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "boost/program_options.hpp"
#include "logs_parser/log_reader.h"
#include "tools/cli/command_line.h"
#include "tools/eval/html_report.h"
#include "tools/eval/prediction_eval.h"
#include "tools/eval/report.h"
#include "tools/report/html_page.h"

namespace {

namespace po = boost::program_options;

constexpr char kUsage[] = R"(Usage: eval_prediction --logs PATH... --game FILE [options]

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
           probabilities counted on the training part, filtered by the forward algorithm, classes
           restricted to those possible on the board
  prior    the street's most frequent classes in training (restricted to the board's possible
           classes)
Classes: preflop 4 (small/big high card, small/big pair), after the flop 11 from the best five
of hole + board (high card small/big, one pair small/big, two pair, trips, straight, flush, full
house, quads, straight flush); docs/eval_prediction.md defines small and big.

Reports top-1, top-2 and top-3 accuracy per street and pooled over all streets, with cases and
95% Wilson intervals, and for the pair-level predictors the mean ln-likelihood and percentile rank
of the true pair: a table on stdout (JSON instead with --json), --csv and --svg files. Progress
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
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  return static_cast<bool>(out);
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

int Run(int argc, char** argv) {
  std::vector<std::string> logs;
  std::string game_argument, games_dir, split_text = "hand", csv_path, svg_path;
  std::string markov_text = "sequence", title, html_path;
  eval::EvalOptions options;
  bool strip_name_suffix = false, json = false, quiet = false, no_entry_prior = false;
  bool per_player = false, confusion = false, markov_ignore_board = false;
  std::vector<double> raise_edges;
  int threads = 1;

  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")(
      "logs", po::value(&logs)->multitoken(),
      "log files and folders (folders: *.log, *.log.gz, *.log.bz2, recursively)")(
      "game", po::value(&game_argument),
      "game of the logs: a .game file, or the name of one in --games-dir (required)")(
      "games-dir", po::value(&games_dir), "folder of known game files (default data/games)")(
      "strip-name-suffix", po::bool_switch(&strip_name_suffix),
      "remove a trailing .N table suffix from names (laak.phil.2 -> laak.phil)")(
      "test-fraction", po::value(&options.test_fraction)->default_value(0.2),
      "share of the hands held out (0 < f < 1)")(
      "split", po::value(&split_text)->default_value("hand"),
      "hand: held-out hands drawn at random; file: whole files held out")(
      "seed", po::value(&options.seed)->default_value(1), "seed of the split")(
      "validate", po::bool_switch(&options.validate),
      "evaluate on a validation part carved from the training part (same fraction and kind, "
      "seed + 1), training on the rest; the held-out part is not looked at (for tuning)")(
      "players", po::value(&options.players)->multitoken(),
      "model and score only these players (names after --strip-name-suffix)")(
      "min-hands", po::value(&options.min_hands)->default_value(0),
      "without --players: model and score the players with at least this many training hands "
      "(0: everyone)")("buckets", po::value(&options.model.num_buckets)->default_value(8),
                       "K: hand-strength buckets of the model (as trainer --buckets)")(
      "max-depth", po::value(&options.model.max_depth)->default_value(6),
      "deepest pattern-tree node (as trainer --max-depth)")(
      "raise-edges", po::value(&raise_edges)->multitoken(),
      "raise-size class edges as fractions of the pot after calling (as trainer --raise-edges; "
      "default 0.6 1)")(
      "draw-max-hs",
      po::value(&options.model.draw_max_hs)->default_value(options.model.draw_max_hs),
      "flop and turn hands with a draw and HS below this go to the draw bucket (as trainer)")(
      "player-prior", po::value(&options.reader.player_prior)->default_value(10),
      "hand reader: pseudo-decisions smoothing a player's counts toward the population's")(
      "population-prior", po::value(&options.reader.population_prior)->default_value(5),
      "hand reader: pseudo-decisions smoothing the population's counts toward DFmodel")(
      "min-likelihood", po::value(&options.reader.min_likelihood)->default_value(1e-3f, "0.001"),
      "hand reader: likelihood floor of one action")(
      "no-entry-prior", po::bool_switch(&no_entry_prior),
      "hand reader: no preflop prior from the entry rate by position class")(
      "range-exponent", po::value(&options.range_exponent)->default_value(1),
      "score the readers' ranges raised to this power (tempers every likelihood alike; 1: as "
      "the agent reads them)")(
      "markov-actions", po::value(&markov_text)->default_value("sequence"),
      "what the Markov chain observes per street: sequence (the player's own abstract actions "
      "in order) or aggressive (its most aggressive one)")(
      "markov-prior", po::value(&options.markov.emission_prior)->default_value(1),
      "Markov: add-alpha pseudo-observations of the population's emissions per class")(
      "markov-player-prior", po::value(&options.markov.player_prior)->default_value(10),
      "Markov: pseudo-observations smoothing a player's emissions toward the population's")(
      "markov-ignore-board", po::bool_switch(&markov_ignore_board),
      "Markov: do not rule out the classes impossible on the board")(
      "csv", po::value(&csv_path), "write the accuracy rows as CSV to this file")(
      "svg", po::value(&svg_path), "write a chart of accuracy by street to this SVG file")(
      "title", po::value(&title), "title of the SVG chart (default: the logs)")(
      "html", po::value(&html_path),
      "write the table, the chart and the top-1 confusion matrices per street to this HTML page")(
      "json", po::bool_switch(&json), "print JSON on stdout instead of the table")(
      "per-player", po::bool_switch(&per_player), "table: add top-1 accuracy per modelled player")(
      "confusion", po::bool_switch(&confusion),
      "table: add the top-1 confusion matrices of model and markov per street")(
      "threads", po::value(&threads)->default_value(1),
      "threads for reading and scoring (0: one per core); results do not depend on it")(
      "quiet,q", po::bool_switch(&quiet), "no progress on stderr");

  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("eval_prediction", argc, argv, visible, &vm)) {
    return *done;
  }
  if (logs.empty()) return Usage("--logs is required");
  if (game_argument.empty()) return Usage("--game is required");
  if (!(options.test_fraction > 0 && options.test_fraction < 1)) {
    return Usage("--test-fraction must be between 0 and 1");
  }
  if (threads < 0) return Usage("--threads must not be negative");
  if (options.model.num_buckets < 1) return Usage("--buckets must be at least 1");
  if (!options.players.empty() && !vm["min-hands"].defaulted()) {
    return Usage("give --players or --min-hands, not both");
  }
  absl::StatusOr<eval::SplitKind> split = eval::ParseSplitKind(split_text);
  if (!split.ok()) return Usage(std::string(split.status().message()));
  options.split = *split;
  absl::StatusOr<eval::MarkovAlphabet> alphabet = eval::ParseMarkovAlphabet(markov_text);
  if (!alphabet.ok()) return Usage(std::string(alphabet.status().message()));
  options.markov.alphabet = *alphabet;
  options.reader.entry_prior = !no_entry_prior;
  options.markov.restrict_to_board = !markov_ignore_board;
  if (!raise_edges.empty()) options.model.raise_edges = raise_edges;
  options.threads =
      threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));

  absl::StatusOr<logs_parser::NamedGame> game =
      logs_parser::LoadGameArgument(game_argument, games_dir);
  if (!game.ok()) return Fail(std::string(game.status().message()));

  const bool tty = isatty(STDERR_FILENO);
  const auto start = std::chrono::steady_clock::now();
  const auto say = [&](const std::string& line, bool transient) {
    if (quiet) return;
    if (transient && tty) {
      std::cerr << "\r" << line << "\033[K" << std::flush;
    } else {
      std::cerr << (tty ? "\r" : "") << line << (tty ? "\033[K" : "") << "\n";
    }
  };
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };

  logs_parser::ReadOptions read;
  read.game = &game->game;
  read.game_name = game->name;
  read.games_dir = games_dir;
  read.strip_name_suffix = strip_name_suffix;
  read.threads = options.threads;
  absl::StatusOr<eval::Corpus> corpus =
      eval::LoadCorpus(logs, read, [&](const logs_parser::ReadSummary& running) {
        say(absl::StrFormat("reading: %d files, %d hands", running.files, running.hands), true);
      });
  if (!corpus.ok()) return Fail(std::string(corpus.status().message()));
  for (const logs_parser::Problem& problem : corpus->summary.problems) {
    if (!quiet) std::cerr << problem.message << "\n";
  }
  say(absl::StrFormat("read %d hands from %d files (%d lines rejected) in %.1f s",
                      corpus->hands.size(), corpus->files.size(), corpus->summary.rejected,
                      elapsed()),
      false);

  absl::StatusOr<eval::Parts> parts = eval::MakeParts(*corpus, options);
  if (!parts.ok()) return Fail(std::string(parts.status().message()));
  absl::StatusOr<std::unique_ptr<eval::Predictors>> predictors =
      eval::TrainPredictors(*corpus, parts->train, options, [&](int64_t done, int64_t total) {
        say(absl::StrFormat("training: %d / %d hands", done, total), true);
      });
  if (!predictors.ok()) return Fail(std::string(predictors.status().message()));
  say(absl::StrFormat("trained on %d hands: %d players modelled (%.1f s)", parts->train.size(),
                      (*predictors)->modelled.size(), elapsed()),
      false);
  absl::StatusOr<eval::EvalResult> result =
      eval::Evaluate(*corpus, parts->eval, **predictors, options, [&](int64_t done, int64_t total) {
        say(absl::StrFormat("scoring: %d / %d hands", done, total), true);
      });
  if (!result.ok()) return Fail(std::string(result.status().message()));
  say(absl::StrFormat("scored %d hands (%.1f s)", result->hands, elapsed()), false);

  std::vector<eval::Fact> facts;
  const auto fact = [&](const std::string& key, const std::string& value, bool numeric) {
    facts.push_back({key, value, numeric});
  };
  fact("logs", absl::StrJoin(logs, " "), false);
  fact("game", game->name, false);
  fact("files", absl::StrCat(corpus->files.size()), true);
  fact("hands", absl::StrCat(corpus->hands.size()), true);
  fact("lines_rejected", absl::StrCat(corpus->summary.rejected), true);
  fact("split",
       absl::StrFormat("%s, %.3g held out, seed %d%s", eval::SplitKindName(options.split),
                       options.test_fraction, options.seed,
                       options.validate ? ", VALIDATION part of the training part" : ""),
       false);
  fact("training_hands", absl::StrCat(parts->train.size()), true);
  fact("evaluated_hands", absl::StrCat(parts->eval.size()), true);
  fact("hands_with_cases", absl::StrCat(result->hands_scored), true);
  fact("players_modelled", absl::StrCat((*predictors)->modelled.size()), true);
  fact("model",
       absl::StrFormat(
           "buckets %d, max depth %d, raise edges %s, draw max HS %g; reader player_prior %g, "
           "population_prior %g, min_likelihood %g, entry prior %s; ranges scored to the power %g",
           options.model.num_buckets, options.model.max_depth,
           absl::StrJoin(options.model.raise_edges, " "), options.model.draw_max_hs,
           options.reader.player_prior, options.reader.population_prior,
           options.reader.min_likelihood, options.reader.entry_prior ? "on" : "off",
           options.range_exponent),
       false);
  fact("markov",
       absl::StrFormat(
           "actions %s, emission prior %g, player prior %g, %s",
           eval::MarkovAlphabetName(options.markov.alphabet), options.markov.emission_prior,
           options.markov.player_prior,
           options.markov.restrict_to_board ? "classes restricted to the board" : "board ignored"),
       false);
  fact("command", CommandLine(argc, argv), false);

  const std::vector<eval::AccuracyRow> rows = eval::AccuracyRows(*result);
  const std::vector<eval::LeadRow> lead_rows = eval::LeadRows(*result);
  const std::vector<eval::PairRow> pair_rows = eval::PairRows(*result);
  if (json) {
    std::cout << eval::FormatJson(facts, rows, lead_rows, pair_rows);
  } else {
    std::cout << eval::FormatTable(facts, rows, lead_rows, pair_rows);
    if (per_player) {
      std::cout << eval::FormatPlayers(eval::PlayerRows(*result, *corpus, **predictors));
    }
    if (confusion) {
      for (int street = 0; street < eval::kNumStreets; ++street) {
        for (int predictor : {eval::kModel, eval::kMarkov}) {
          std::cout << eval::FormatConfusion(*result, predictor, street);
        }
      }
    }
  }
  if (!csv_path.empty() && !WriteFile(csv_path, eval::FormatCsv(rows))) {
    return Fail("cannot write " + csv_path);
  }
  if (!svg_path.empty() || !html_path.empty()) {
    const std::string chart_title =
        title.empty() ? "Hand-prediction accuracy: " + absl::StrJoin(logs, ", ") : title;
    int64_t cases = 0;
    for (const eval::AccuracyRow& row : rows) {
      if (row.predictor == "model" && row.street == "all" && row.z == 1) cases = row.cases;
    }
    const std::string subtitle = absl::StrFormat(
        "%s; %d held-out hands (%s split, seed %d)%s; %d cases; 95%% Wilson intervals", game->name,
        parts->eval.size(), eval::SplitKindName(options.split), options.seed,
        options.validate ? " [validation]" : "", cases);
    if (!svg_path.empty() && !WriteFile(svg_path, eval::FormatSvg(chart_title, subtitle, rows))) {
      return Fail("cannot write " + svg_path);
    }
    if (!html_path.empty()) {
      const std::string players_table =
          per_player ? eval::FormatPlayers(eval::PlayerRows(*result, *corpus, **predictors)) : "";
      if (absl::Status s = html::WriteFileAtomically(
              html_path, eval::FormatHtml(chart_title, subtitle, facts, rows, lead_rows, pair_rows,
                                          *result, players_table));
          !s.ok()) {
        return Fail(std::string(s.message()));
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return Run(argc, argv); }
