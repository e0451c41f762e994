// `eval_prediction --html`: the experiment's table and chart plus the top-1 confusion matrices of
// every predictor per street, as one self-contained HTML page (docs/report.md).
#ifndef TOOLS_EVAL_HTML_REPORT_H_
#define TOOLS_EVAL_HTML_REPORT_H_

#include <string>
#include <vector>

#include "tools/eval/prediction_eval.h"
#include "tools/eval/report.h"

namespace eval {

// The confusion matrices as JSON: {"predictors": [...], "labels": [the same in words], "streets":
// [{"street", "classes": [names], "matrices": [[[count per true class per predicted class]] per
// predictor]}]}.
std::string ConfusionJson(const EvalResult& result);

// The page: title, subtitle, the table of FormatTable (and the per-player table when given), the
// chart of FormatSvg (three columns on a wide screen, one on a narrow one), and the confusion
// matrices drawn as heat tables (% of the true class).
std::string FormatHtml(const std::string& title, const std::string& subtitle,
                       const std::vector<Fact>& facts, const std::vector<AccuracyRow>& rows,
                       const std::vector<LeadRow>& lead_rows, const std::vector<PairRow>& pair_rows,
                       const EvalResult& result, const std::string& players_table = "");

}  // namespace eval

#endif  // TOOLS_EVAL_HTML_REPORT_H_
