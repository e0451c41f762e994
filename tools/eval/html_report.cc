#include "tools/eval/html_report.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "logs_parser/log_stats.h"
#include "tools/eval/hand_class.h"
#include "html/html_page.h"

namespace eval {
namespace {

constexpr char kCss[] = R"css(
h1 { overflow-wrap: anywhere; }
pre { background: var(--panel); padding: 8px; border-radius: 4px; overflow-x: auto; font-size: 11px; }
#chart svg { max-width: 100%; height: auto; border: 1px solid var(--line); }
/* The chart in three columns on a wide screen, in one on a narrow one. */
#chart .narrow { display: none; }
@media (max-width: 760px) { #chart .wide { display: none; } #chart .narrow { display: block; } }
.matrices { display: flex; flex-wrap: wrap; gap: 18px; }
table.confusion td { padding: 0; width: 26px; height: 18px; text-align: center; font-size: 9px;
  border: 1px solid #fff; }
table.confusion th { font-size: 9px; padding: 1px 3px; }
table.confusion th.t { text-align: left; }
body.focus .summary { display: none; }
)css";

// The body of the page's script (html::PageScript wraps it).
constexpr char kScript[] = R"js(
function el(id) { return document.getElementById(id); }
function esc(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
    '"': '&quot;', "'": '&#39;'}[c]));
}
function matrix(street, p) {
  const m = street.matrices[p], names = street.classes;
  let total = 0, right = 0;
  let s = '<table class="confusion"><tr><th class="t">true \\ predicted</th><th>cases</th>' +
    names.map((n, c) => '<th title="' + esc(n) + '">' + c + '</th>').join('') + '</tr>';
  m.forEach((row, t) => {
    const cases = row.reduce((a, b) => a + b, 0);
    total += cases; right += row[t];
    s += '<tr><th class="t">' + t + ' ' + esc(names[t]) + '</th><th>' + cases + '</th>' +
      row.map((v, c) => {
        const f = cases ? v / cases : 0;
        const bg = c === t ? 'rgba(26,127,55,' + (0.08 + 0.85 * f).toFixed(2) + ')'
                           : 'rgba(196,48,43,' + (0.85 * f).toFixed(2) + ')';
        return '<td style="background:' + bg + (f > 0.55 ? ';color:#fff' : '') + '" title="' +
          esc(names[t]) + ' read as ' + esc(names[c]) + ': ' + v + ' of ' + cases + '">' +
          (cases && v ? Math.round(100 * f) : '') + '</td>';
      }).join('') + '</tr>';
  });
  return '<div><h3>' + esc(D.confusion.labels[p]) + ' on the ' + esc(street.street) +
    ' <span class="muted">(' + total + ' cases, top-1 ' + (total ? (100 * right / total).toFixed(1) : '-') +
    '%)</span></h3>' + s + '</table></div>';
}
// The legend of the chart on screen: how many entries lie inside the picture, and how many
// overlap another entry (the page's own check, read by the browser test).
function checkLegend() {
  const svg = Array.from(document.querySelectorAll('#chart svg')).find(x => x.getClientRects().length);
  if (!svg) return;
  const box = svg.viewBox.baseVal, entries = Array.from(svg.querySelectorAll('g.legend-entry'));
  const boxes = entries.map(g => g.getBBox());
  let inside = 0, overlaps = 0;
  boxes.forEach((b, i) => {
    if (b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width &&
        b.y + b.height <= box.y + box.height) ++inside;
    boxes.forEach((c, j) => {
      if (j > i && b.x < c.x + c.width && c.x < b.x + b.width && b.y < c.y + c.height &&
          c.y < b.y + b.height) ++overlaps;
    });
  });
  document.body.dataset.legend = inside + '/' + entries.length;
  document.body.dataset.legendOverlaps = overlaps;
  document.body.dataset.chartPx = Math.round(svg.getBoundingClientRect().width);
}
let D;
function main() {
  D = JSON.parse(el('data').textContent);
  // "#matrices": the confusion matrices alone.
  if (/matrices/.test(location.hash)) document.body.classList.add('focus');
  let s = '';
  for (const street of D.confusion.streets) {
    s += '<h2>' + esc(street.street) + '</h2><div class="matrices">';
    D.confusion.predictors.forEach((_, p) => { s += matrix(street, p); });
    s += '</div>';
  }
  el('confusion').innerHTML = s;
  document.body.dataset.matrices = el('confusion').querySelectorAll('table.confusion').length;
  checkLegend();
  reportRendered('Rendered');
}
)js";

}  // namespace

std::string ConfusionJson(const EvalResult& result) {
  std::vector<std::string> predictors, labels, streets;
  for (int p = 0; p < kNumClassPredictors; ++p) {
    predictors.push_back(logs_parser::JsonQuote(ClassPredictorName(p)));
    labels.push_back(logs_parser::JsonQuote(PredictorLabel(p)));
  }
  for (int street = 0; street < kNumStreets; ++street) {
    const int k = NumClasses(street);
    std::vector<std::string> names, matrices;
    for (int c = 0; c < k; ++c) names.push_back(logs_parser::JsonQuote(ClassName(street, c)));
    for (int p = 0; p < kNumClassPredictors; ++p) {
      std::vector<std::string> rows;
      for (int t = 0; t < k; ++t) {
        std::vector<int64_t> row(result.confusion[p][street][t].begin(),
                                 result.confusion[p][street][t].begin() + k);
        rows.push_back(absl::StrCat("[", absl::StrJoin(row, ","), "]"));
      }
      matrices.push_back(absl::StrCat("[", absl::StrJoin(rows, ","), "]"));
    }
    streets.push_back(absl::StrCat("{\"street\":", logs_parser::JsonQuote(StreetName(street)),
                                   ",\"classes\":[", absl::StrJoin(names, ","), "],\"matrices\":[",
                                   absl::StrJoin(matrices, ","), "]}"));
  }
  return absl::StrCat("{\"predictors\":[", absl::StrJoin(predictors, ","), "],\"labels\":[",
                      absl::StrJoin(labels, ","), "],\"streets\":[", absl::StrJoin(streets, ","),
                      "]}");
}

std::string FormatHtml(const std::string& title, const std::string& subtitle,
                       const std::vector<Fact>& facts, const std::vector<AccuracyRow>& rows,
                       const std::vector<LeadRow>& lead_rows, const std::vector<PairRow>& pair_rows,
                       const EvalResult& result, const std::string& players_table) {
  const std::string wide = FormatSvg(title, subtitle, rows, 3);
  const std::string narrow = FormatSvg(title, subtitle, rows, 1);
  html::PageParts parts;
  parts.title = title;
  parts.css = kCss;
  parts.body = absl::StrCat(
      "<h1>", html::Escape(title), "</h1>\n<div class=\"muted\">", html::Escape(subtitle),
      "</div>\n<div class=\"summary\"><h2>Accuracy by street</h2>\n<div id=\"chart\"><div "
      "class=\"wide\">",
      wide, "</div><div class=\"narrow\">", narrow, "</div></div>\n<pre>", html::Escape(FormatTable(facts, rows, lead_rows, pair_rows)), "</pre>\n",
      players_table.empty() ? "" : absl::StrCat("<pre>", html::Escape(players_table), "</pre>\n"),
      "</div>",
      "<h2>Top-1 confusion matrices</h2>\n<div class=\"muted\">Rows: the class the player really "
      "held; columns: the class the predictor named first; cells: % of the row's cases (green: "
      "right, red: wrong; hover for counts).</div>\n<div id=\"confusion\"></div>\n"
      "<div id=\"status\">rendering...</div>");
  parts.data_json = absl::StrCat("{\"accuracy\":", FormatJson(facts, rows, lead_rows, pair_rows),
                                 ",\"confusion\":", ConfusionJson(result), "}");
  parts.script = html::PageScript(kScript);
  return html::Page(parts);
}

}  // namespace eval
