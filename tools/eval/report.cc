#include "tools/eval/report.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "logs_parser/log_stats.h"
#include "nlohmann/json.hpp"
#include "tools/eval/hand_class.h"

namespace eval {
namespace {

using RowKey = std::tuple<std::string, std::string, int>;  // predictor, street, z

std::map<RowKey, const AccuracyRow*> Index(const std::vector<AccuracyRow>& rows) {
  std::map<RowKey, const AccuracyRow*> index;
  for (const AccuracyRow& row : rows) index[{row.predictor, row.street, row.z}] = &row;
  return index;
}

const AccuracyRow* Find(const std::map<RowKey, const AccuracyRow*>& index,
                        const std::string& predictor, const std::string& street, int z) {
  auto it = index.find({predictor, street, z});
  return it == index.end() ? nullptr : it->second;
}

// How each predictor is drawn, in the order of ClassPredictorName's indexes.
struct PredictorStyle {
  const char* predictor;
  const char* label;
  const char* colour;
  const char* dash;
};
constexpr PredictorStyle kStyles[] = {
    {"model", "our model (hand reader)", "#1f5fbf", ""},
    {"dfmodel", "hand reader without data", "#8e44ad", "6,3"},
    {"markov", "Markov (card counting)", "#d0342c", ""},
    {"markov-paper", "Markov (no card counting)", "#e67e22", "6,3"},
    {"board", "board only (no actions)", "#2e8b57", "2,3"},
    {"prior", "class frequencies", "#7f7f7f", "2,3"},
};
static_assert(sizeof(kStyles) / sizeof(kStyles[0]) == kNumClassPredictors);

std::string XmlEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A number for JSON: 6 significant digits (what a report needs).
nlohmann::ordered_json JsonNumber(double value) { return logs_parser::JsonSignificant(value, 6); }

const std::vector<std::string>& PredictorNames() {
  static const auto* names = [] {
    auto* all = new std::vector<std::string>;
    for (int k = 0; k < kNumClassPredictors; ++k) all->push_back(ClassPredictorName(k));
    return all;
  }();
  return *names;
}

const std::vector<std::string>& Streets() {
  static const auto* names =
      new std::vector<std::string>{"preflop", "flop", "turn", "river", "all"};
  return *names;
}

}  // namespace

const char* PredictorLabel(int predictor) {
  return predictor >= 0 && predictor < kNumClassPredictors ? kStyles[predictor].label : "?";
}

std::string FormatTable(const std::vector<Fact>& facts, const std::vector<AccuracyRow>& rows,
                        const std::vector<LeadRow>& lead_rows,
                        const std::vector<PairRow>& pair_rows) {
  std::string out;
  for (const Fact& fact : facts) absl::StrAppend(&out, fact.key, ": ", fact.value, "\n");
  const auto index = Index(rows);
  for (int z = 1; z <= kMaxZ; ++z) {
    absl::StrAppend(&out, "\nTop-", z, " class accuracy, % [95% Wilson interval]\n");
    absl::StrAppend(&out, absl::StrFormat("%-8s %7s", "street", "cases"));
    for (const std::string& p : PredictorNames())
      absl::StrAppend(&out, absl::StrFormat("  %-19s", p));
    absl::StrAppend(&out, "  model-markov [paired 95%]   model-board [paired 95%]\n");
    std::map<std::string, double> lead_sum;
    int lead_streets = 0;
    for (const std::string& street : Streets()) {
      const AccuracyRow* first = Find(index, "model", street, z);
      absl::StrAppend(&out, absl::StrFormat("%-8s %7d", street, first ? first->cases : 0));
      for (const std::string& p : PredictorNames()) {
        const AccuracyRow* row = Find(index, p, street, z);
        if (row == nullptr || row->cases == 0) {
          absl::StrAppend(&out, absl::StrFormat("  %-18s", "-"));
          continue;
        }
        absl::StrAppend(&out, absl::StrFormat("  %5.1f [%4.1f,%5.1f] ", 100 * row->accuracy,
                                              100 * row->ci_low, 100 * row->ci_high));
      }
      bool counted = false;
      for (const std::string versus : {"markov", "board"}) {
        for (const LeadRow& lead : lead_rows) {
          if (lead.versus != versus || lead.street != street || lead.z != z || lead.cases == 0) {
            continue;
          }
          absl::StrAppend(&out, absl::StrFormat("  %+5.1f [%+5.1f, %+5.1f]   ", 100 * lead.lead,
                                                100 * lead.ci_low, 100 * lead.ci_high));
          if (street != "all") {
            lead_sum[versus] += 100 * lead.lead;
            counted = true;
          }
        }
      }
      lead_streets += counted;
      absl::StrAppend(&out, "\n");
    }
    if (lead_streets > 0) {
      absl::StrAppend(&out,
                      absl::StrFormat("mean lead of model across the %d streets: %+.1f points over "
                                      "markov, %+.1f over board\n",
                                      lead_streets, lead_sum["markov"] / lead_streets,
                                      lead_sum["board"] / lead_streets));
    }
  }
  absl::StrAppend(&out,
                  "\nPair level: mean ln P(true pair) (nats) / mean percentile rank of the true "
                  "pair (100 = ranked first, 50 = chance)\n");
  absl::StrAppend(&out, absl::StrFormat("%-8s %7s", "street", "cases"));
  std::vector<std::string> pair_predictors;
  for (const PairRow& row : pair_rows) {
    if (std::find(pair_predictors.begin(), pair_predictors.end(), row.predictor) ==
        pair_predictors.end()) {
      pair_predictors.push_back(row.predictor);
    }
  }
  for (const std::string& p : pair_predictors) absl::StrAppend(&out, absl::StrFormat("  %-16s", p));
  absl::StrAppend(&out, "\n");
  for (const std::string& street : Streets()) {
    int64_t cases = 0;
    std::string cells;
    for (const std::string& p : pair_predictors) {
      for (const PairRow& row : pair_rows) {
        if (row.predictor != p || row.street != street) continue;
        cases = row.cases;
        cells += row.cases > 0 ? absl::StrFormat("  %6.2f / %5.1f   ", row.mean_log_likelihood,
                                                 row.mean_percentile)
                               : absl::StrFormat("  %-16s", "-");
      }
    }
    absl::StrAppend(&out, absl::StrFormat("%-8s %7d", street, cases), cells, "\n");
  }
  absl::StrAppend(&out,
                  "\nPair level: mean ln-likelihood gain over board (the uniform range over the "
                  "live pairs), nats [95% interval]\n");
  absl::StrAppend(&out, absl::StrFormat("%-8s %7s", "street", "cases"));
  for (const std::string& p : pair_predictors) {
    if (p != "uniform") absl::StrAppend(&out, absl::StrFormat("  %-22s", p));
  }
  absl::StrAppend(&out, "\n");
  for (const std::string& street : Streets()) {
    int64_t cases = 0;
    std::string cells;
    for (const std::string& p : pair_predictors) {
      if (p == "uniform") continue;
      for (const PairRow& row : pair_rows) {
        if (row.predictor != p || row.street != street) continue;
        cases = row.cases;
        cells += row.cases > 0 ? absl::StrFormat("  %+6.3f [%+6.3f,%+6.3f]", row.gain, row.gain_low,
                                                 row.gain_high)
                               : absl::StrFormat("  %-22s", "-");
      }
    }
    absl::StrAppend(&out, absl::StrFormat("%-8s %7d", street, cases), cells, "\n");
  }
  return out;
}

std::string FormatPlayers(const std::vector<PlayerRow>& rows) {
  std::string out = "\nTop-1 accuracy by player, all streets pooled, %\n";
  absl::StrAppend(&out, absl::StrFormat("%-24s %9s %7s", "player", "training", "cases"));
  for (const std::string& p : PredictorNames()) absl::StrAppend(&out, absl::StrFormat(" %8s", p));
  absl::StrAppend(&out, absl::StrFormat(" %13s\n", "model-markov"));
  for (const PlayerRow& row : rows) {
    absl::StrAppend(&out,
                    absl::StrFormat("%-24s %9d %7d", row.name, row.training_hands, row.cases));
    for (double a : row.top1) absl::StrAppend(&out, absl::StrFormat(" %8.1f", 100 * a));
    absl::StrAppend(&out,
                    absl::StrFormat(" %+13.1f\n", 100 * (row.top1[kModel] - row.top1[kMarkov])));
  }
  return out;
}

std::string FormatConfusion(const EvalResult& result, int predictor, int street) {
  const int k = NumClasses(street);
  std::string out = absl::StrFormat(
      "\nTop-1 confusion of %s on the %s: true class (rows) by predicted class (columns), %% "
      "of the row\n%-17s %6s",
      ClassPredictorName(predictor), StreetName(street), "", "cases");
  for (int c = 0; c < k; ++c) absl::StrAppend(&out, absl::StrFormat(" %5d", c));
  absl::StrAppend(&out, "\n");
  const auto& matrix = result.confusion[predictor][street];
  for (int t = 0; t < k; ++t) {
    int64_t cases = 0;
    for (int c = 0; c < k; ++c) cases += matrix[t][c];
    absl::StrAppend(&out, absl::StrFormat("%2d %-14s %6d", t, ClassName(street, t), cases));
    for (int c = 0; c < k; ++c) {
      if (cases == 0) {
        absl::StrAppend(&out, absl::StrFormat(" %5s", "-"));
      } else {
        absl::StrAppend(&out, absl::StrFormat(" %5.1f", 100.0 * matrix[t][c] / cases));
      }
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

std::string FormatCsv(const std::vector<AccuracyRow>& rows) {
  std::string out = "predictor,street,z,cases,accuracy,ci_low,ci_high\n";
  for (const AccuracyRow& row : rows) {
    absl::StrAppend(&out, absl::StrFormat("%s,%s,%d,%d,%.6f,%.6f,%.6f\n", row.predictor, row.street,
                                          row.z, row.cases, row.accuracy, row.ci_low, row.ci_high));
  }
  return out;
}

std::string FormatCases(const std::vector<CaseRecord>& cases) {
  std::string out = "street,player,truth";
  for (const char* field : {"board", "model", "markov", "oracle", "oracle_fine"}) {
    for (int c = 0; c < kMaxClasses; ++c) absl::StrAppend(&out, ",", field, "_", c);
  }
  absl::StrAppend(&out, "\n");
  for (const CaseRecord& r : cases) {
    absl::StrAppend(&out, r.street, ",", r.player, ",", r.truth);
    for (const auto* field : {&r.board, &r.model, &r.markov, &r.oracle, &r.oracle_fine}) {
      for (float v : *field) absl::StrAppend(&out, ",", absl::StrFormat("%.6g", v));
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

std::string FormatOracles(const std::vector<CaseRecord>& cases) {
  std::array<std::array<int64_t, 3>, kNumStreets> hits{};
  std::array<int64_t, kNumStreets> n{};
  for (const CaseRecord& r : cases) {
    const int classes = NumClasses(r.street);
    const auto hit = [&](const std::array<float, kMaxClasses>& scores) {
      return TopClass(std::vector<double>(scores.begin(), scores.begin() + classes)) == r.truth;
    };
    ++n[r.street];
    hits[r.street][0] += hit(r.model);
    hits[r.street][1] += hit(r.oracle);
    hits[r.street][2] += hit(r.oracle_fine);
  }
  std::string out =
      "\nBucket oracles (a bound: the true pair's buckets on every street known), top-1 %\n"
      "street     cases  model  oracle (reader's buckets)  oracle (model's buckets)\n";
  for (int s = 0; s < kNumStreets; ++s) {
    const auto pct = [&](int k) { return n[s] > 0 ? 100.0 * hits[s][k] / n[s] : 0.0; };
    absl::StrAppend(&out, absl::StrFormat("%-8s %7d  %5.1f  %24.1f  %24.1f\n", StreetName(s), n[s],
                                          pct(0), pct(1), pct(2)));
  }
  return out;
}

std::string FormatJson(const std::vector<Fact>& facts, const std::vector<AccuracyRow>& rows,
                       const std::vector<LeadRow>& lead_rows,
                       const std::vector<PairRow>& pair_rows) {
  using Json = nlohmann::ordered_json;
  using logs_parser::Utf8OrLatin1;
  Json setup = Json::object();
  for (const Fact& fact : facts) {
    Json value = Utf8OrLatin1(fact.value);
    if (fact.numeric) {
      value = Json::parse(fact.value, nullptr, /*allow_exceptions=*/false);
      if (value.is_discarded()) value = Utf8OrLatin1(fact.value);  // not a number after all
    }
    setup[Utf8OrLatin1(fact.key)] = std::move(value);
  }
  Json accuracy = Json::array();
  for (const AccuracyRow& r : rows) {
    accuracy.push_back({{"predictor", Utf8OrLatin1(r.predictor)},
                        {"street", Utf8OrLatin1(r.street)},
                        {"z", r.z},
                        {"cases", r.cases},
                        {"accuracy", JsonNumber(r.accuracy)},
                        {"ci_low", JsonNumber(r.ci_low)},
                        {"ci_high", JsonNumber(r.ci_high)}});
  }
  Json leads = Json::array();
  for (const LeadRow& r : lead_rows) {
    leads.push_back({{"versus", Utf8OrLatin1(r.versus)},
                     {"street", Utf8OrLatin1(r.street)},
                     {"z", r.z},
                     {"cases", r.cases},
                     {"lead", JsonNumber(r.lead)},
                     {"ci_low", JsonNumber(r.ci_low)},
                     {"ci_high", JsonNumber(r.ci_high)}});
  }
  Json pairs = Json::array();
  for (const PairRow& r : pair_rows) {
    pairs.push_back({{"predictor", Utf8OrLatin1(r.predictor)},
                     {"street", Utf8OrLatin1(r.street)},
                     {"cases", r.cases},
                     {"mean_log_likelihood", JsonNumber(r.mean_log_likelihood)},
                     {"mean_percentile", JsonNumber(r.mean_percentile)},
                     {"gain", JsonNumber(r.gain)},
                     {"gain_low", JsonNumber(r.gain_low)},
                     {"gain_high", JsonNumber(r.gain_high)}});
  }
  Json out;
  out["setup"] = std::move(setup);
  out["rows"] = std::move(accuracy);
  out["lead_rows"] = std::move(leads);
  out["pair_rows"] = std::move(pairs);
  return logs_parser::DumpJson(out) + "\n";
}

std::vector<std::string> WrapForWidth(const std::string& text, double max_px, double px_per_char) {
  std::vector<std::string> lines;
  const size_t max_chars = std::max<size_t>(8, static_cast<size_t>(max_px / px_per_char));
  std::string line;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > max_chars) {
      lines.push_back(line);
      line.clear();
    }
    absl::StrAppend(&line, line.empty() ? "" : " ", word);
    start = end + 1;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

std::vector<LegendEntry> LegendLayout(int width, int left, int top) {
  // Widths from the label's length: 8 px a character at 13 px covers the wide fallback fonts
  // (DejaVu Sans) a browser may use for Helvetica/Arial; the browser test measures the result.
  constexpr double kPxPerChar = 8;
  constexpr int kSample = 36, kGapAfter = 26, kRow = 22;
  std::vector<LegendEntry> out;
  int x = left;
  int y = top;
  for (int p = 0; p < kNumClassPredictors; ++p) {
    const char* label = PredictorLabel(p);
    const int w = kSample + static_cast<int>(std::ceil(kPxPerChar * std::strlen(label)));
    if (x > left && x + w > width - 10) {
      x = left;
      y += kRow;
    }
    out.push_back({p, x, y, w});
    x += w + kGapAfter;
  }
  return out;
}

std::string FormatSvg(const std::string& title, const std::string& subtitle,
                      const std::vector<AccuracyRow>& rows, int columns) {
  // Layout in px: the panels (one per Z) in `columns` columns under the title, the subtitle and
  // the legend, each wrapped to the picture's width.
  constexpr int kPanelWidth = 330, kPanelHeight = 300, kLeft = 60, kGap = 40, kRowGap = 30;
  constexpr int kPlotWidth = kPanelWidth - 30, kPlotHeight = kPanelHeight - 60;
  columns = std::clamp(columns, 1, kMaxZ);
  const int panel_rows = (kMaxZ + columns - 1) / columns;
  const int width = kLeft + columns * kPanelWidth + (columns - 1) * kGap + 20;
  const std::vector<std::string> title_lines = WrapForWidth(title, width - kLeft - 10, 11.5);
  const std::vector<std::string> subtitle_lines = WrapForWidth(subtitle, width - kLeft - 10, 7.2);
  int y = 28;
  std::string head;
  for (const std::string& line : title_lines) {
    absl::StrAppend(&head, absl::StrFormat("<text x=\"%d\" y=\"%d\" font-size=\"20\" "
                                           "font-weight=\"bold\">%s</text>\n",
                                           kLeft, y, XmlEscape(line)));
    y += 24;
  }
  y -= 2;
  for (const std::string& line : subtitle_lines) {
    absl::StrAppend(&head, absl::StrFormat("<text x=\"%d\" y=\"%d\" font-size=\"13\" "
                                           "fill=\"#444\">%s</text>\n",
                                           kLeft, y, XmlEscape(line)));
    y += 17;
  }
  const std::vector<LegendEntry> legend = LegendLayout(width, kLeft, y + 8);
  const int top = legend.back().y + 24;
  const int height = top + panel_rows * (kPanelHeight + 50) + (panel_rows - 1) * kRowGap;
  const std::vector<std::string> streets = {"preflop", "flop", "turn", "river"};
  const auto index = Index(rows);

  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d "
      "%d\" font-family=\"Helvetica, Arial, sans-serif\">\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
      width, height, width, height);
  absl::StrAppend(&svg, head);
  for (const LegendEntry& entry : legend) {
    const PredictorStyle& style = kStyles[entry.predictor];
    absl::StrAppend(
        &svg, absl::StrFormat("<g class=\"legend-entry\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                              "y2=\"%d\" stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"%s\"/>"
                              "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/>"
                              "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text></g>\n",
                              entry.x, entry.y, entry.x + 30, entry.y, style.colour, style.dash,
                              entry.x + 15, entry.y, style.colour, entry.x + 36, entry.y + 5,
                              XmlEscape(style.label)));
  }

  // One y range for all panels, from the lowest interval down to a multiple of 10% up to 100%,
  // so that the gaps between the lines are as large as the data allow.
  double lowest = 1;
  for (const AccuracyRow& row : rows) {
    if (row.street != "all" && row.cases > 0) lowest = std::min(lowest, row.ci_low);
  }
  const int first_tick = std::clamp(static_cast<int>(std::floor(lowest * 10)), 0, 9);
  const double y_min = first_tick / 10.0;

  for (int z = 1; z <= kMaxZ; ++z) {
    const int x0 = kLeft + (z - 1) % columns * (kPanelWidth + kGap);
    // The top of the plot area.
    const int y0 = top + 20 + (z - 1) / columns * (kPanelHeight + 50 + kRowGap);
    const auto x_of = [&](int s) { return x0 + 20 + s * (kPlotWidth - 40) / 3.0; };
    const auto y_of = [&](double accuracy) {
      return y0 + kPlotHeight * (1 - (accuracy - y_min) / (1 - y_min));
    };
    absl::StrAppend(&svg, absl::StrFormat("<text x=\"%d\" y=\"%d\" font-size=\"15\" "
                                          "font-weight=\"bold\">top-%d accuracy</text>\n",
                                          x0, y0 - 8, z));
    // Grid and y labels every 10 points (every 5 when the range is narrow).
    const int step = 10 - first_tick >= 5 ? 10 : 5;
    for (int g = first_tick * 10; g <= 100; g += step) {
      const double y = y_of(g / 100.0);
      absl::StrAppend(
          &svg,
          absl::StrFormat("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" "
                          "stroke-width=\"1\"/>\n",
                          x0, y, x0 + kPlotWidth, y, g == first_tick * 10 ? "#999" : "#e3e3e3"));
      absl::StrAppend(&svg, absl::StrFormat("<text x=\"%d\" y=\"%.1f\" font-size=\"11\" "
                                            "text-anchor=\"end\" fill=\"#555\">%d%%</text>\n",
                                            x0 - 5, y + 4, g));
    }
    // The lead of our model over the Markov baseline under each street, in points.
    for (int s = 0; s < 4; ++s) {
      const AccuracyRow* ours = Find(index, "model", streets[s], z);
      const AccuracyRow* markov = Find(index, "markov", streets[s], z);
      if (ours == nullptr || markov == nullptr || ours->cases == 0) continue;
      absl::StrAppend(&svg,
                      absl::StrFormat("<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
                                      "text-anchor=\"middle\" fill=\"#1f5fbf\">%+.1f</text>\n",
                                      x_of(s), y0 + kPlotHeight + 34,
                                      100 * (ours->accuracy - markov->accuracy)));
    }
    absl::StrAppend(
        &svg, absl::StrFormat("<text x=\"%d\" y=\"%d\" font-size=\"11\" "
                              "fill=\"#1f5fbf\">above: lead of model over markov, points</text>\n",
                              x0, y0 + kPlotHeight + 50));
    for (int s = 0; s < 4; ++s) {
      absl::StrAppend(&svg, absl::StrFormat("<text x=\"%.1f\" y=\"%d\" font-size=\"12\" "
                                            "text-anchor=\"middle\">%s</text>\n",
                                            x_of(s), y0 + kPlotHeight + 18, streets[s]));
    }
    for (const PredictorStyle& style : kStyles) {
      std::string points;
      for (int s = 0; s < 4; ++s) {
        const AccuracyRow* row = Find(index, style.predictor, streets[s], z);
        if (row == nullptr || row->cases == 0) continue;
        absl::StrAppend(&points, points.empty() ? "" : " ",
                        absl::StrFormat("%.1f,%.1f", x_of(s), y_of(row->accuracy)));
        // The 95% interval as a whisker.
        absl::StrAppend(
            &svg,
            absl::StrFormat("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                            "stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                            x_of(s), y_of(row->ci_low), x_of(s), y_of(row->ci_high), style.colour));
        absl::StrAppend(&svg, absl::StrFormat("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
                                              "fill=\"%s\"><title>%s %s top-%d: %.1f%% "
                                              "[%.1f, %.1f], %d cases</title></circle>\n",
                                              x_of(s), y_of(row->accuracy), style.colour,
                                              style.predictor, streets[s], z, 100 * row->accuracy,
                                              100 * row->ci_low, 100 * row->ci_high, row->cases));
      }
      if (!points.empty()) {
        absl::StrAppend(&svg, absl::StrFormat("<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" "
                                              "stroke-width=\"2.5\" stroke-dasharray=\"%s\"/>\n",
                                              points, style.colour, style.dash));
      }
    }
  }
  absl::StrAppend(&svg, "</svg>\n");
  return svg;
}

}  // namespace eval
