#include "trainer/model_page.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "html/html_page.h"
#include "logs_parser/log_stats.h"
#include "trainer/strength_buckets.h"

namespace report {
namespace {

constexpr char kCss[] = R"css(
:root { --labw: 300px; --indent: 16px; }
h1 { overflow-wrap: anywhere; }
#controls { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: center; margin: 8px 0; }
#controls label { color: var(--muted); }
#players { max-height: 320px; overflow-y: auto; display: inline-block; }
#tree { margin-top: 6px; overflow-x: auto; padding-bottom: 6px; }
#tree details details { margin-left: var(--indent); }
details > summary { cursor: pointer; list-style: none; padding: 2px 0; display: flex;
  align-items: center; gap: 8px; white-space: nowrap; }
details > summary::-webkit-details-marker { display: none; }
details > summary::before { content: '\25B8'; color: var(--muted); width: 10px; flex: none; }
details[open] > summary::before { content: '\25BE'; }
details.leaf > summary::before { content: '\00B7'; }
/* The label column narrows by one indent per level, so the columns after it line up. */
.lab { font-family: ui-monospace, monospace; flex: none; overflow: hidden; text-overflow: ellipsis;
  width: calc(var(--labw) - var(--d) * var(--indent)); }
.lab .me { color: var(--accent); font-weight: 600; }
.lab .other { color: var(--muted); }
.lab.all { font-style: italic; color: var(--muted); }
.num { color: var(--muted); font-size: 11px; width: 130px; flex: none; font-variant-numeric: tabular-nums; }
svg.bar { flex: none; }
.freq { font-size: 11px; }
.hit > summary { background: #fff3bf; }
.legend span { margin-right: 10px; font-size: 11px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 3px; vertical-align: -1px; }
svg.strip { flex: none; }
svg.strip text { font: 9px ui-monospace, "DejaVu Sans Mono", monospace; }
@media (max-width: 760px) {
  :root { --labw: 170px; --indent: 10px; }
  body { padding: 10px; }
  .num { width: 96px; font-size: 10px; white-space: normal; }
}
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
    <input id="search" type="search" size="30" placeholder="e.g. other:r>=1 me:call"></span>
  <span id="found" class="muted"></span>
</div>
<div class="legend" id="legend"></div>
<div class="muted">Each node: who acted (<b>me</b> = this player, other = anyone else) and how;
  times the player was there; its decisions; its action frequencies (bar); the heat strip: one
  row per action, one column per strength bucket (0 weakest .. strongest; d = drawing hands on
  the flop and turn, p = 22..88 before the flop),
  darker = the bucket takes that action more often; hover a cell for its hand-strength range and
  value. The player, street and search are kept in the page's address.</div>
<div id="tree"></div>
<div id="status">rendering...</div>
)html";

// The body of the page's script (html::PageScript wraps it).
constexpr char kScript[] = R"js(
const COLORS = ['#8a8f98', '#6cc070', '#2f9e44', '#ffd43b', '#f59f00', '#e8590c', '#c92a2a',
                '#7b3fb5', '#0f8a8a', '#444b5a'];
const ROOT = '';
let D, actions, tree, labels;
function el(id) { return document.getElementById(id); }
function esc(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
    '"': '&quot;', "'": '&#39;'}[c]));
}
function stepText(s) { return s.context ? s.context : (s.own ? 'me:' : 'other:') + s.action; }
function key(path) { return path.map(stepText).join(' '); }
function whoName(t) { return t.population ? '(population)' : t.name; }

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
// One row per action the node's buckets took, one column per bucket of the street (always all
// of them, so the columns of every strip line up), bucket labels under the cells.
function strip(buckets) {
  const used = actions.filter(a => buckets.some(b => b.actions[a] > 0));
  const byName = new Map(buckets.map(b => [b.bucket, b]));
  const C = 16, R = 10, LW = 44, n = labels.length;
  const h = used.length * R + 11;
  let s = '<svg class="strip" width="' + (LW + n * C + 1) + '" height="' + h + '">';
  used.forEach((a, r) => {
    const color = COLORS[actions.indexOf(a) % 10];
    s += '<text x="' + (LW - 3) + '" y="' + (r * R + 8) + '" text-anchor="end" fill="#444b5a">' +
      esc(a) + '</text>';
    labels.forEach((lab, c) => {
      const b = byName.get(lab[0]);
      const p = b && b.decisions ? b.actions[a] / b.decisions : 0;
      s += '<rect x="' + (LW + c * C) + '" y="' + r * R + '" width="' + (C - 1) + '" height="' + (R - 1) +
        '" fill="' + (b ? color : '#f1f3f6') + '" fill-opacity="' + (b ? (0.08 + 0.92 * p).toFixed(2) : 1) +
        '"><title>' + esc(lab[0]) + ' ' + esc(lab[1]) + ': ' + (b ? esc(a) + ' ' + (100 * p).toFixed(1) +
        '% of ' + b.decisions + ' decisions' : 'no decisions') + '</title></rect>';
    });
  });
  labels.forEach((lab, c) => {
    s += '<text class="blab" x="' + (LW + c * C + (C - 1) / 2) + '" y="' + (h - 1) +
      '" text-anchor="middle" fill="#667085">' + esc(lab[2]) + '</text>';
  });
  return s + '</svg>';
}

function nodeHtml(n) {
  const last = n.path.length ? n.path[n.path.length - 1] : null;
  const label = n.all ? 'all ' + esc(el('street').selectedOptions[0].text) + ' situations' :
    !last ? 'root' : last.context ? esc(last.context) :
    '<span class="' + (last.own ? 'me' : 'other') + '">' + (last.own ? 'me' : 'other') +
    '</span>:' + esc(last.action);
  const k = key(n.path);
  const kids = tree.children.get(k) || [];
  const depth = k === ROOT ? 0 : tree.depth.get(k);
  return '<details data-key="' + esc(k) + '" style="--d:' + depth + '"' + (kids.length ? '' : ' class="leaf"') +
    '><summary><span class="lab' + (n.all ? ' all' : '') + '" title="' + esc(k || label) + '">' + label +
    '</span><span class="num">' + n.times + ' times, ' + n.decisions + ' dec.</span>' +
    (n.decisions ? bar(n.actions, n.decisions) +
    (n.buckets && n.buckets.length && labels.length ? strip(n.buckets) : '') + '<span class="freq">' +
    freqText(n.actions, n.decisions) + '</span>' : '') + '</summary></details>';
}
function fill(details) {
  if (details.dataset.filled) return;
  details.dataset.filled = '1';
  const kids = tree.children.get(details.dataset.key) || [];
  details.insertAdjacentHTML('beforeend', kids.map(nodeHtml).join(''));
}

// The street's nodes as a tree. Its root is the node with the empty path; a street whose nodes
// all start with a step of their own (the street context after the preflop) gets a root that
// stands for all of them. A node hangs under its nearest ancestor present in the data.
function buildTree() {
  const who = D.trees[+el('who').value];
  const street = who.streets[+el('street').value];
  const nodes = street ? street.nodes : [];
  labels = street ? (D.buckets[street.street] || []) : [];
  const byKey = new Map(nodes.map(n => [key(n.path), n]));
  const children = new Map(), parentOf = new Map(), depth = new Map();
  let root = byKey.get(ROOT) || null;
  if (!root && nodes.length) root = {path: [], times: 0, decisions: 0, actions: {}, all: true};
  for (const n of nodes) {
    const k = key(n.path);
    if (k === ROOT) continue;
    let parent = ROOT;
    for (let d = n.path.length - 1; d > 0; --d) {
      const up = key(n.path.slice(0, d));
      if (byKey.has(up)) { parent = up; break; }
    }
    parentOf.set(k, parent);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(n);
    if (parent === ROOT && root.all) root.times += n.times;
  }
  for (const list of children.values()) list.sort((a, b) => b.times - a.times);
  // Depths and the count of the nodes the tree reaches from its root.
  let reached = 0;
  const walk = (k, d) => {
    depth.set(k, d);
    for (const c of children.get(k) || []) { ++reached; walk(key(c.path), d + 1); }
  };
  if (root) { walk(ROOT, 0); if (!root.all) ++reached; }
  tree = {root: root, children: children, parentOf: parentOf, depth: depth, count: nodes.length};
  el('tree').innerHTML = root ? nodeHtml(root) : '<div class="muted">no nodes</div>';
  const top = el('tree').querySelector('details');
  if (top) { fill(top); top.open = true; }
  document.body.dataset.nodes = reached;
  // Every node of the street must hang in the drawn tree; a page that drew fewer says so.
  if (reached !== nodes.length) throw new Error(reached + ' of the ' + nodes.length + ' ' +
    (street ? street.street : '') + ' nodes reached from the root');
  document.body.dataset.who = whoName(who);
  document.body.dataset.street = street ? street.street : '';
  search();
}

function search() {
  const q = el('search').value.trim().toLowerCase().split(/\s+/).filter(x => x);
  for (const d of el('tree').querySelectorAll('.hit')) d.classList.remove('hit');
  saveHash();
  if (!q.length) { el('found').textContent = tree.count + ' nodes'; finish(); return; }
  // Nodes whose path contains the query's steps in order (each step a substring of one step).
  const hits = [];
  const walk = k => {
    for (const n of tree.children.get(k) || []) {
      const steps = n.path.map(stepText).map(s => s.toLowerCase());
      let m = 0;
      for (const s of steps) if (m < q.length && s.indexOf(q[m]) >= 0) ++m;
      if (m === q.length) hits.push(n);
      walk(key(n.path));
    }
  };
  if (tree.root) walk(ROOT);
  el('found').textContent = hits.length + ' matching nodes' + (hits.length > 50 ? ' (first 50 opened)' : '');
  for (const n of hits.slice(0, 50)) {
    const chain = [];
    for (let k = key(n.path); k !== ROOT; k = tree.parentOf.get(k)) chain.unshift(k);
    let node = el('tree').querySelector('details');
    for (const want of chain) {
      if (!node) break;
      fill(node); node.open = true;
      node = Array.from(node.children).find(c => c.tagName === 'DETAILS' && c.dataset.key === want);
    }
    if (node) node.classList.add('hit');
  }
  finish();
}

function finish() {
  const t = el('tree');
  document.body.dataset.rendered = t.querySelectorAll('details').length;
  document.body.dataset.strips = t.querySelectorAll('svg.strip').length;
  document.body.dataset.stripLabels = t.querySelectorAll('svg.strip text.blab').length;
  // Where the drawn bars start: one position when the columns line up at every level.
  const lefts = new Set();
  for (const b of t.querySelectorAll('svg.bar')) {
    const r = b.getBoundingClientRect();
    if (r.width > 0) lefts.add(Math.round(r.left + t.scrollLeft));
  }
  document.body.dataset.barColumns = lefts.size;
}

// The address keeps the choices: #who=NAME&street=flop&q=other:call (no who: the population).
function saveHash() {
  const p = new URLSearchParams();
  const who = D.trees[+el('who').value];
  if (!who.population) p.set('who', who.name);
  p.set('street', el('street').selectedOptions[0].text);
  const q = el('search').value.trim();
  if (q) p.set('q', q);
  const hash = '#' + p.toString().replace(/\+/g, '%20');
  if (location.hash !== hash) history.replaceState(null, '', hash);
}
function loadHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const who = p.get('who');
  const w = who === null ? 0 : D.trees.findIndex(t => !t.population && t.name === who);
  el('who').value = String(Math.max(0, w));
  const streets = Array.from(el('street').options).map(o => o.text);
  const s = streets.indexOf(p.get('street') || '');
  el('street').value = String(Math.max(0, s));
  el('search').value = p.get('q') || '';
  return who === null || w >= 0;
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
  D.trees.forEach(t => { h += '<tr><td class="l">' + esc(whoName(t)) + '</td><td>' + t.hands + '</td></tr>'; });
  el('players').innerHTML = h + '</table>';
  el('who').innerHTML = D.trees.map((t, i) => '<option value="' + i + '">' + esc(whoName(t)) +
    '</option>').join('');
  el('street').innerHTML = D.trees[0].streets.map((s, i) => '<option value="' + i + '">' +
    esc(s.street) + '</option>').join('');
  el('legend').innerHTML = actions.map((a, i) => '<span><span class="swatch" style="background:' +
    COLORS[i % 10] + '"></span>' + esc(a) + '</span>').join('');
  el('who').addEventListener('change', buildTree);
  el('street').addEventListener('change', buildTree);
  el('search').addEventListener('input', search);
  el('tree').addEventListener('toggle', e => { if (e.target.open) { fill(e.target); finish(); } }, true);
  window.addEventListener('hashchange', () => { loadHash(); buildTree(); });
  const known = loadHash();
  buildTree();
  document.body.dataset.players = D.trees.length;
  if (!known) {
    fail('no player ' + new URLSearchParams(location.hash.slice(1)).get('who') + ' in this model');
    return;
  }
  reportRendered('Rendered');
}
)js";

}  // namespace

std::string ModelPageJson(const trainer::OpponentModel& model, const std::string& title,
                          const trainer::PlayerReportOptions& options) {
  // Per street, the strength buckets a hand can fall in there (the heat strips' columns): the
  // name the nodes use, the hand-strength range and a short label. The bucket after the strength
  // buckets holds drawing hands on the streets with a card to come, and 22..88 before the flop
  // in models that keep those pairs apart; it never fills on the river.
  const trainer::StrengthBuckets& buckets = model.buckets();
  std::vector<std::string> streets;
  const int num_rounds = model.game().num_rounds;
  for (int round = 0; round < num_rounds; ++round) {
    std::vector<std::string> labels;
    const int num_buckets = model.population().street(round).num_buckets();
    for (int b = 0; b < num_buckets; ++b) {
      std::string short_label = absl::StrCat(b);
      if (b == buckets.draw_bucket()) {
        const bool pairs = round == 0 && buckets.preflop_small_pairs();
        if (!pairs && (round == 0 || round + 1 == num_rounds)) continue;
        short_label = pairs ? "p" : "d";
      }
      labels.push_back(absl::StrCat("[", logs_parser::JsonQuote(buckets.BucketName(b)), ",",
                                    logs_parser::JsonQuote(buckets.BucketRange(round, b)), ",\"",
                                    short_label, "\"]"));
    }
    streets.push_back(absl::StrCat(logs_parser::JsonQuote(trainer::StreetName(round, num_rounds)),
                                   ":[", absl::StrJoin(labels, ","), "]"));
  }
  std::string out =
      absl::StrCat("{\"title\":", logs_parser::JsonQuote(title), ",\"buckets\":{",
                   absl::StrJoin(streets, ","), "},\"summary\":", trainer::FormatSummary(model, true),
                   ",\"trees\":[", trainer::FormatPlayer(model, model.population(), options, true));
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
