// The prediction experiment's reports: a text table for people, CSV and JSON rows for programs,
// and an SVG chart of accuracy by street.
#ifndef TOOLS_EVAL_REPORT_H_
#define TOOLS_EVAL_REPORT_H_

#include <string>
#include <vector>

#include "tools/eval/prediction_eval.h"

namespace eval {

// A fact about the run (corpus, split, options) shown above the table and in the JSON "setup".
struct Fact {
  std::string key;
  std::string value;
  bool numeric = false;  // a JSON number rather than a string
};

// The table: per Z, the accuracy of each predictor by street with 95% intervals and the leads of
// our model over `markov` and `board` with their paired 95% intervals (also as the means over the
// four streets); then the pair-level scores and the readers' ln-likelihood gain over `board`.
std::string FormatTable(const std::vector<Fact>& facts, const std::vector<AccuracyRow>& rows,
                        const std::vector<LeadRow>& lead_rows,
                        const std::vector<PairRow>& pair_rows);

// Top-1 accuracy per modelled player (all streets pooled), with its training hands and cases.
std::string FormatPlayers(const std::vector<PlayerRow>& rows);

// The top-1 confusion matrix of one predictor on one street: rows the true class, columns the
// predicted one, in % of the row's cases.
std::string FormatConfusion(const EvalResult& result, int predictor, int street);

// `predictor,street,z,cases,accuracy,ci_low,ci_high`, a header line, then one line per row.
std::string FormatCsv(const std::vector<AccuracyRow>& rows);

// The cases of EvalOptions::keep_cases: `street,player,truth`, then per class c (0..10; 0 for
// the classes a street does not have) `board_c`, `model_c`, `markov_c`, `oracle_c`,
// `oracle_fine_c` (CaseRecord), a header line, then one line per case.
std::string FormatCases(const std::vector<CaseRecord>& cases);

// Top-1 % per street of the cases' bucket oracles (CaseRecord: the live pairs that share the true
// pair's buckets on every street so far, summed by class; a bound on any reading whose
// likelihood depends on a pair only through its bucket), beside the model's on the same cases.
std::string FormatOracles(const std::vector<CaseRecord>& cases);

// {"setup": {...facts}, "rows": [{"predictor": ..., "street": ..., "z": ..., "cases": ...,
//  "accuracy": ..., "ci_low": ..., "ci_high": ...}, ...], "lead_rows": [{"versus": ...,
//  "street": ..., "z": ..., "cases": ..., "lead": ..., "ci_low": ..., "ci_high": ...}, ...],
//  "pair_rows": [{"predictor": ..., "street": ..., "cases": ..., "mean_log_likelihood": ...,
//  "mean_percentile": ..., "gain": ..., "gain_low": ..., "gain_high": ...}, ...]}
// Accuracies and leads are fractions; gains (over the board's uniform range) in nats.
std::string FormatJson(const std::vector<Fact>& facts, const std::vector<AccuracyRow>& rows,
                       const std::vector<LeadRow>& lead_rows,
                       const std::vector<PairRow>& pair_rows);

// A class predictor (ClassPredictorName's index) named in words, as the chart's legend and the
// HTML page name it: "Markov (card counting)".
const char* PredictorLabel(int predictor);

// `text` cut at spaces into lines of at most `max_px` at `px_per_char` (a word longer than a
// line stays whole).
std::vector<std::string> WrapForWidth(const std::string& text, double max_px, double px_per_char);

// Where the chart's legend puts each predictor's entry (line sample, then its label): left to
// right from (left, top), a new row of 22 px when the next entry would pass `width` - 10.
struct LegendEntry {
  int predictor = 0;
  int x = 0;      // the line sample's left end
  int y = 0;      // the line sample's height, the label's middle
  int width = 0;  // sample and label, estimated at 8 px a character
};
std::vector<LegendEntry> LegendLayout(int width, int left, int top);

// A self-contained SVG: one panel per Z (`columns` of them side by side: 3 for a wide picture of
// 1150 px, 1 for a narrow one of 410 px), accuracy (%) by street with one line per predictor and
// its 95% intervals as whiskers; `title`, `subtitle` and the legend on top, wrapped to the
// picture's width.
std::string FormatSvg(const std::string& title, const std::string& subtitle,
                      const std::vector<AccuracyRow>& rows, int columns = 3);

}  // namespace eval

#endif  // TOOLS_EVAL_REPORT_H_
