// `trainer inspect --html`: a model file as one self-contained HTML page. The pattern trees of the
// population and of every player as collapsible trees on every street (a street whose nodes all
// start with a street-context step gets a root drawn for them), each node with its action
// frequencies, the decisions seen and the per-bucket action frequencies as a labelled heat strip;
// a search box for a betting sequence; the player, street and search kept in the address. The
// data is trainer::FormatSummary/FormatPlayer's JSON.
#ifndef TRAINER_MODEL_PAGE_H_
#define TRAINER_MODEL_PAGE_H_

#include <string>

#include "trainer/model_report.h"
#include "trainer/opponent_model.h"

namespace report {

// The page's data: {"title", "buckets": {street: [[bucket name, hand-strength range, short
// label], ...] (the buckets a hand can fall in on that street)},
// "summary": <FormatSummary JSON>, "trees": [<FormatPlayer JSON> of the population, then of each
// player in the model's order]}. `options` selects the nodes.
std::string ModelPageJson(const trainer::OpponentModel& model, const std::string& title,
                          const trainer::PlayerReportOptions& options);

// The whole page.
std::string ModelPageHtml(const trainer::OpponentModel& model, const std::string& title,
                          const trainer::PlayerReportOptions& options);

}  // namespace report

#endif  // TRAINER_MODEL_PAGE_H_
