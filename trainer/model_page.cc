#include "trainer/model_page.h"

#include "absl/strings/str_cat.h"
#include "html/html_page.h"
#include "logs_parser/log_stats.h"

namespace report {
namespace {

constexpr char kCss[] = R"css(
#controls { display: flex; flex-wrap: wrap; gap: 14px; align-items: center; margin: 8px 0; }
#controls label { color: var(--muted); }
#tree { margin-top: 6px; }
details { margin-left: 18px; }
details > summary { cursor: pointer; list-style: none; padding: 1px 0; display: flex;
  align-items: center; gap: 8px; white-space: nowrap; }
details > summary::before { content: '\25B8'; color: var(--muted); width: 10px; }
details[open] > summary::before { content: '\25BE'; }
details.leaf > summary::before { content: '\00B7'; }
.lab { font-family: ui-monospace, monospace; min-width: 150px; }
.lab .me { color: var(--accent); font-weight: 600; }
.lab .other { color: var(--muted); }
.num { color: var(--muted); font-size: 11px; min-width: 120px; font-variant-numeric: tabular-nums; }
.freq { font-size: 11px; }
.hit > summary { background: #fff3bf; }
.legend span { margin-right: 10px; font-size: 11px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 3px; vertical-align: -1px; }
svg.strip { vertical-align: middle; }
)css";

constexpr char kBody[] = R"html(
<h1 id="title">Model</h1>
<div id="subtitle" class="muted"></div>
<div id="players"></div>
<h2>Pattern trees</h2>
<div id="controls">
  <span><label for="who">player</label> <select id="who"></select></span>
  <span><label for="street">street</label> <select id="street"></select></span>
  <span><label for="search">betting sequence</label>
    <input id="search" type="search" size="34" placeholder="e.g. other:r>=1 me:call"></span>
  <span id="found" class="muted"></span>
</div>
<div class="legend" id="legend"></div>
<div class="muted">Each node: who acted (<b>me</b> = this player, other = anyone else) and how;
  times the player was there; its decisions; its action frequencies (bar); per strength bucket
  (b0 weakest .. strongest, draw) the frequency of each action (heat strip: one row per action,
  one column per bucket, darker = more often; hover for values).</div>
<div id="tree"></div>
<div id="status">rendering...</div>
)html";

// The body of the page's script (html::PageScript wraps it).
constexpr char kScript[] = R"js(
const COLORS = ['#8a8f98', '#6cc070', '#2f9e44', '#ffd43b', '#f59f00', '#e8590c', '#c92a2a',
                '#7b3fb5', '#0f8a8a', '#444b5a'];
let D, actions, tree, rendered = 0, strips = 0;
function el(id) { return document.getElementById(id); }
function esc(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
    '"': '&quot;', "'": '&#39;'}[c]));
}
function stepText(s) { return s.context ? s.context : (s.own ? 'me:' : 'other:') + s.action; }
function key(path) { return path.map(stepText).join(' '); }

function bar(counts, total) {
  const W = 160, H = 10;
  let x = 0, s = '<svg class="bar" width="' + W + '" height="' + H + '">';
  actions.forEach((a, i) => {
    const w = total ? W * counts[a] / total : 0;
    if (w > 0) s += '<rect x="' + x.toFixed(1) + '" width="' + w.toFixed(1) + '" height="' + H +
      '" fill="' + COLORS[i % 10] + '"><title>' + esc(a) + ' ' + (100 * counts[a] / total).toFixed(1) +
      '%</title></rect>';
    x += w;
  });
  return s + '</svg>';
}
function freqText(counts, total) {
  return actions.filter(a => counts[a] > 0).map(a => esc(a) + ' ' +
    (100 * counts[a] / total).toFixed(0) + '%').join(' ');
}
function strip(buckets) {
  const used = actions.filter(a => buckets.some(b => b.actions[a] > 0));
  const C = 9, R = 6;
  let s = '<svg class="strip" width="' + (buckets.length * C + 1) + '" height="' + (used.length * R + 1) + '">';
  used.forEach((a, r) => {
    buckets.forEach((b, c) => {
      const p = b.decisions ? b.actions[a] / b.decisions : 0;
      s += '<rect x="' + c * C + '" y="' + r * R + '" width="' + (C - 1) + '" height="' + (R - 1) +
        '" fill="' + COLORS[actions.indexOf(a) % 10] + '" fill-opacity="' + (0.08 + 0.92 * p).toFixed(2) +
        '"><title>' + esc(b.bucket) + ' ' + esc(b.range) + ': ' + esc(a) + ' ' + (100 * p).toFixed(1) +
        '% of ' + b.decisions + '</title></rect>';
    });
  });
  ++strips;
  return s + '</svg>';
}

function nodeHtml(n) {
  const last = n.path.length ? n.path[n.path.length - 1] : null;
  const label = !last ? 'root' : last.context ? esc(last.context) :
    '<span class="' + (last.own ? 'me' : 'other') + '">' + (last.own ? 'me' : 'other') +
    '</span>:' + esc(last.action);
  const kids = tree.children.get(key(n.path)) || [];
  ++rendered;
  return '<details data-key="' + esc(key(n.path)) + '"' + (kids.length ? '' : ' class="leaf"') +
    '><summary><span class="lab">' + label + '</span><span class="num">' + n.times + ' times, ' +
    n.decisions + ' dec.</span>' + (n.decisions ? bar(n.actions, n.decisions) +
    (n.buckets && n.buckets.length ? strip(n.buckets) : '') + '<span class="freq">' +
    freqText(n.actions, n.decisions) + '</span>' : '') + '</summary></details>';
}
function fill(details) {
  if (details.dataset.filled) return;
  details.dataset.filled = '1';
  const kids = tree.children.get(details.dataset.key) || [];
  details.insertAdjacentHTML('beforeend', kids.map(nodeHtml).join(''));
}

function buildTree() {
  const who = D.trees[+el('who').value];
  const street = who.streets[+el('street').value];
  const children = new Map();
  let root = null;
  for (const n of street ? street.nodes : []) {
    if (!n.path.length) { root = n; continue; }
    const parent = key(n.path.slice(0, -1));
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(n);
  }
  for (const list of children.values()) list.sort((a, b) => b.times - a.times);
  tree = {root: root, children: children, count: street ? street.nodes.length : 0};
  rendered = 0; strips = 0;
  el('tree').innerHTML = root ? nodeHtml(root) : '<div class="muted">no nodes</div>';
  const top = el('tree').querySelector('details');
  if (top) { fill(top); top.open = true; }
  document.body.dataset.nodes = tree.count;
  search();
}

function search() {
  const q = el('search').value.trim().toLowerCase().split(/\s+/).filter(x => x);
  for (const d of el('tree').querySelectorAll('.hit')) d.classList.remove('hit');
  if (!q.length) { el('found').textContent = tree.count + ' nodes'; finish(); return; }
  // Nodes whose path contains the query's steps in order (each step a substring of one action).
  const hits = [];
  const walk = (path, n) => {
    const steps = n.path.map(stepText).map(s => s.toLowerCase());
    let k = 0;
    for (const s of steps) if (k < q.length && s.indexOf(q[k]) >= 0) ++k;
    if (k === q.length && n.path.length) hits.push(n);
    for (const c of tree.children.get(key(n.path)) || []) walk(path, c);
  };
  if (tree.root) walk([], tree.root);
  el('found').textContent = hits.length + ' matching nodes' + (hits.length > 50 ? ' (first 50 opened)' : '');
  for (const n of hits.slice(0, 50)) {
    let node = el('tree').querySelector('details');
    for (let i = 1; i <= n.path.length && node; ++i) {
      fill(node); node.open = true;
      const want = key(n.path.slice(0, i));
      node = Array.from(node.children).find(c => c.tagName === 'DETAILS' && c.dataset.key === want);
    }
    if (node) node.classList.add('hit');
  }
  finish();
}

function finish() {
  document.body.dataset.rendered = el('tree').querySelectorAll('details').length;
  document.body.dataset.strips = el('tree').querySelectorAll('svg.strip').length;
}

function main() {
  D = JSON.parse(el('data').textContent);
  const sum = D.summary;
  actions = sum.abstraction.actions;
  document.title = D.title;
  el('title').textContent = D.title;
  const g = sum.game;
  el('subtitle').textContent = g.players + ' players, ' + g.betting + ', blinds ' + g.blinds.join('/') +
    '; actions ' + actions.join(' ') + '; ' + sum.abstraction.buckets.strength_buckets +
    ' strength buckets; trained on ' + sum.provenance.hands_used + ' hands';
  let h = '<table><tr><th class="l">player</th><th>hands</th></tr>';
  D.trees.forEach(t => { h += '<tr><td class="l">' + esc(t.population ? '(population)' : t.name) +
    '</td><td>' + t.hands + '</td></tr>'; });
  el('players').innerHTML = h + '</table>';
  el('who').innerHTML = D.trees.map((t, i) => '<option value="' + i + '">' +
    esc(t.population ? '(population)' : t.name) + '</option>').join('');
  el('street').innerHTML = D.trees[0].streets.map((s, i) => '<option value="' + i + '">' +
    esc(s.street) + '</option>').join('');
  el('legend').innerHTML = actions.map((a, i) => '<span><span class="swatch" style="background:' +
    COLORS[i % 10] + '"></span>' + esc(a) + '</span>').join('');
  el('who').addEventListener('change', buildTree);
  el('street').addEventListener('change', buildTree);
  el('search').addEventListener('input', search);
  el('tree').addEventListener('toggle', e => { if (e.target.open) { fill(e.target); finish(); } }, true);
  const m = /q=([^&]*)/.exec(location.hash);
  if (m) el('search').value = decodeURIComponent(m[1]);
  buildTree();
  document.body.dataset.players = D.trees.length;
  reportRendered('Rendered');
}
)js";

}  // namespace

std::string ModelPageJson(const trainer::OpponentModel& model, const std::string& title,
                          const trainer::PlayerReportOptions& options) {
  std::string out =
      absl::StrCat("{\"title\":", logs_parser::JsonQuote(title),
                   ",\"summary\":", trainer::FormatSummary(model, true), ",\"trees\":[",
                   trainer::FormatPlayer(model, model.population(), options, true));
  for (const trainer::PlayerModel* player : model.players()) {
    absl::StrAppend(&out, ",", trainer::FormatPlayer(model, *player, options, true));
  }
  absl::StrAppend(&out, "]}");
  return out;
}

std::string ModelPageHtml(const trainer::OpponentModel& model, const std::string& title,
                          const trainer::PlayerReportOptions& options) {
  html::PageParts parts;
  parts.title = title;
  parts.css = kCss;
  parts.body = kBody;
  parts.data_json = ModelPageJson(model, title, options);
  parts.script = html::PageScript(kScript);
  return html::Page(parts);
}

}  // namespace report
