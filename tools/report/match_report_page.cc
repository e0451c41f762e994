// The match report's page: its CSS, its body and the script that draws the embedded data
// (MatchReportJson). Hand-written, no libraries: the page opens without a network.
#include "absl/strings/str_cat.h"
#include "html/html_page.h"
#include "tools/report/match_report.h"

namespace report {
namespace {

constexpr char kCss[] = R"css(
h1 { overflow-wrap: anywhere; }
#chart svg { background: #fff; border: 1px solid var(--line); max-width: 100%; height: auto; }
.scroll { overflow-x: auto; max-width: 100%; }
.tables { display: flex; flex-wrap: wrap; gap: 24px; }
.tables > div { min-width: 0; max-width: 100%; }
#browser { display: flex; gap: 14px; align-items: flex-start; }
#filters { margin: 6px 0 8px; display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; }
#filters label { color: var(--muted); }
#list { position: relative; width: 280px; height: 640px; overflow-y: auto; border: 1px solid var(--line); flex: none; }
#rows { position: absolute; left: 0; right: 0; top: 0; }
.hand-row { height: 20px; padding: 1px 8px; cursor: pointer; display: flex;
  justify-content: space-between; gap: 6px; border-bottom: 1px solid #eef0f4;
  font-variant-numeric: tabular-nums; white-space: nowrap; overflow: hidden; }
.hand-row:hover { background: #eef3ff; }
.hand-row.sel { background: var(--accent); color: #fff; }
.hand-row .dec { font-size: 10px; color: var(--accent); }
.hand-row.sel .dec, .hand-row.sel .pos, .hand-row.sel .neg { color: #fff; }
#detail { flex: 1; min-width: 0; }
.card { display: inline-block; padding: 0 3px; margin: 0 1px; border: 1px solid var(--line);
  border-radius: 3px; background: #fff; font-family: ui-monospace, monospace; font-weight: 600; }
.s-h, .s-d { color: #c4302b; } .s-c { color: #1a7f37; } .s-s { color: #1d2330; }
.decision { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 10px 0;
  background: var(--panel); }
.decision .why { font-size: 13px; background: #fff; padding: 6px 8px; border-radius: 4px; margin: 6px 0;
  max-width: 900px; }
.decision details.raw { font-size: 11px; color: var(--muted); margin: 0 0 6px; }
.decision details.raw code { white-space: pre-wrap; word-break: break-word; }
.vals-head { font-weight: 600; margin-top: 6px; }
table.vals { margin: 2px 0 4px; }
table.vals td { border: none; padding: 1px 6px; vertical-align: middle; }
table.vals svg { display: block; }
table.vals tr.played td { font-weight: 600; }
table.vals .tag { font-size: 11px; color: var(--muted); font-weight: 400; }
.grids { display: flex; flex-wrap: wrap; gap: 14px; margin-top: 6px; }
.grid-box { background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: 6px;
  max-width: 100%; }
.grid-box .cap { font-size: 13px; margin-bottom: 4px; }
svg.grid { display: block; max-width: 100%; height: auto; }
svg.grid text { font: 11px ui-monospace, "DejaVu Sans Mono", monospace; pointer-events: none; }
svg.grid rect.cell:hover { stroke: #1d2330; stroke-width: 1.5; }
svg.scale { display: block; max-width: 100%; height: auto; margin-top: 4px; }
svg.scale text { font: 10px system-ui, "DejaVu Sans", sans-serif; fill: #667085; }
.cell-info { font-size: 12px; min-height: 18px; margin-top: 3px; font-variant-numeric: tabular-nums; }
.legend span { display: inline-block; margin-right: 12px; }
#chart-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 4px 0; font-size: 12px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px; }
a.hand-link { color: var(--accent); cursor: pointer; text-decoration: underline; }
.small { font-size: 10px; }
tr.others td { font-style: italic; }
details.all-players { margin: 4px 0 8px; }
body.focus .summary { display: none; }
.kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 4px; font-size: 11px; }
@media (max-width: 760px) {
  body { padding: 10px; }
  th, td { padding: 2px 4px; }
  table.vals svg { width: 110px; }
  table.vals td { padding: 1px 3px; }
  #browser { flex-direction: column; }
  #list { width: 100%; height: 240px; }
  #detail { width: 100%; }
}
)css";

constexpr char kBody[] = R"html(
<h1 id="title">Match report</h1>
<div id="subtitle" class="muted"></div>
<div class="summary">
<h2>Results</h2>
<div id="results" class="scroll"></div>
<div id="chart"></div>
</div>
<div class="tables summary">
  <div><h3>By street the hand ended in (mbb/hand of all hands)</h3><div id="streets" class="scroll"></div></div>
  <div><h3>By position (mbb/hand at that position, 95% interval)</h3><div id="positions" class="scroll"></div></div>
  <div><h3>Biggest pots</h3><div id="biggest" class="scroll"></div></div>
</div>
<h2>Hands</h2>
<div id="filters">
  <span><label for="f-street">reached</label> <select id="f-street"></select></span>
  <span><label for="f-opp">with</label> <select id="f-opp"></select></span>
  <span><label for="f-pot">pot at least (big blinds)</label>
    <input id="f-pot" type="number" min="0" step="1" value="0" style="width:70px"></span>
  <span><label><input id="f-dec" type="checkbox"> with our decisions</label></span>
  <span id="f-count" class="muted"></span>
  <span class="muted">keys: <span class="kbd">j</span>/<span class="kbd">&darr;</span> next,
    <span class="kbd">k</span>/<span class="kbd">&uarr;</span> previous,
    <span class="kbd">Home</span>/<span class="kbd">End</span></span>
</div>
<div id="browser"><div id="list"><div id="spacer"></div><div id="rows"></div></div>
<div id="detail"></div></div>
<div id="status">rendering...</div>
)html";

// The body of the page's script (html::PageScript wraps it).
constexpr char kScript[] = R"js(
const COLORS = ['#2458c6', '#c4302b', '#1a7f37', '#b26b00', '#7b3fb5', '#0f8a8a', '#d6478d',
                '#5b6b00', '#6b4423', '#444b5a'];
const OTHERS_COLOR = '#98a2b3';
const RANKS = 'AKQJT98765432';
const KIND = {f: 'folds', k: 'checks', c: 'calls', r: 'raises to', a: 'all-in'};
let D, me, bb, selected = -1, visible = [], colorOf = [];

function el(id) { return document.getElementById(id); }
function esc(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
    '"': '&quot;', "'": '&#39;'}[c]));
}
function fmt(x, d) { return Number(x).toFixed(d); }
function signed(x, d) { return (x > 0 ? '+' : '') + fmt(x, d); }
function cls(x) { return x > 0 ? 'pos' : (x < 0 ? 'neg' : ''); }
function mbb(chips, hands) { return hands ? 1000 * chips / hands / bb : 0; }
// A hand's name: its number, and the run of numbers when the log's numbers start again.
function label(h) { return (h.k ? h.k + '.' : '') + h.n; }
function cards(text) {
  let out = '';
  for (let i = 0; i + 1 < text.length; i += 2) {
    const c = text.substr(i, 2);
    out += '<span class="card s-' + c[1] + '">' + esc(c) + '</span>';
  }
  return out;
}
function positionName(p) {
  const blinds = D.game.blinds;
  const big = Math.max.apply(null, blinds);
  if (blinds[p] === big && big > 0) return 'BB';
  if (blinds[p] > 0) return 'SB';
  return 'P' + p;
}
function swatch(color) { return '<span class="swatch" style="background:' + color + '"></span>'; }
function playerName(i) {
  const p = D.players[i];
  return esc(p.name) + (p.name === me ? ' <span class="muted">(us)</span>' : '');
}

// The players drawn one by one, then the others summed (when any), for tables and the chart.
function rows() {
  const out = D.drawn.map(i => ({p: D.players[i], i: i, color: colorOf[i]}));
  if (D.others) out.push({p: D.others, i: -1, color: OTHERS_COLOR, others: true});
  return out;
}

function resultRow(r) {
  const [n, chips, hw] = r.p.total;
  return '<tr data-chips="' + chips + '"' + (r.others ? ' class="others"' : '') + '><td class="l">' +
    (r.color ? swatch(r.color) : '') + (r.others ? esc(r.p.name) : playerName(r.i)) + '</td><td>' + n +
    '</td><td class="' + cls(chips) + '">' + signed(chips, 0) + '</td><td class="' + cls(chips) +
    '">' + signed(mbb(chips, n), 1) + '</td><td>&plusmn; ' + fmt(1000 * hw / bb, 1) + '</td></tr>';
}
function drawResults() {
  const head = '<table><tr><th class="l">player</th><th>hands</th><th>chips</th><th>mbb/hand</th>' +
    '<th>95% interval</th></tr>';
  let h = head + rows().map(resultRow).join('') + '</table>';
  if (D.others) {
    h += '<details class="all-players"><summary>All ' + D.players.length + ' players by result' +
      '</summary><div class="scroll">' + head + D.players.map((p, i) => resultRow({p: p, i: i,
      color: colorOf[i]})).join('') + '</table></div></details>';
    h += '<div class="muted">Drawn one by one: ' + D.drawn.length + ' players (' + (me ? 'ours and ' : '') +
      'the biggest results, won or lost; <code>report --top</code>); the other ' + D.others_count +
      ' are summed hand by hand (a hand counts once when any of them played it).</div>';
  }
  el('results').innerHTML = h;
}

function drawChart() {
  // As wide as the page allows (at most 900 px), so its text keeps its size on a phone.
  const W = Math.max(300, Math.min(900, el('chart').clientWidth - 2)), H = W < 600 ? 260 : 320;
  const L = W < 600 ? 50 : 70, R = 14, T = 14, B = 36;
  const n = D.hands.length, lines = rows();
  let lo = 0, hi = 0;
  for (const r of lines) {
    const c = r.p.curve;
    for (let k = 0; k < c.length; k += 3) {
      lo = Math.min(lo, (c[k + 1] - c[k + 2]) / bb);
      hi = Math.max(hi, (c[k + 1] + c[k + 2]) / bb);
    }
  }
  if (hi === lo) { hi = lo + 1; }
  const x = i => L + (W - L - R) * (n > 1 ? i / (n - 1) : 0);
  const y = v => T + (H - T - B) * (hi - v) / (hi - lo);
  let s = '<svg id="winnings" width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + ' ' + H +
    '" xmlns="http://www.w3.org/2000/svg" font-size="11">';
  const step = Math.pow(10, Math.floor(Math.log10((hi - lo) / 4)));
  const tick = [1, 2, 5, 10].map(m => m * step).find(t => (hi - lo) / t <= 8);
  for (let v = Math.ceil(lo / tick) * tick; v <= hi; v += tick) {
    s += '<line x1="' + L + '" x2="' + (W - R) + '" y1="' + y(v) + '" y2="' + y(v) +
      '" stroke="' + (Math.abs(v) < tick / 2 ? '#888' : '#e4e7ec') + '"/><text x="' + (L - 6) +
      '" y="' + (y(v) + 4) + '" text-anchor="end">' + (+v.toFixed(6)) + '</text>';
  }
  for (let k = 0; k <= 5; ++k) {
    const i = Math.round((n - 1) * k / 5);
    if (W < 600 && k % 2) continue;
    s += '<text x="' + x(i) + '" y="' + (H - B + 16) + '" text-anchor="' +
      (k === 0 ? 'start' : (k === 5 ? 'end' : 'middle')) + '">' + (i + 1) + '</text>';
  }
  s += '<text x="' + ((L + W - R) / 2) + '" y="' + (H - 4) + '" text-anchor="middle">hands</text>' +
    '<text transform="translate(14,' + ((T + H - B) / 2) + ') rotate(-90)" text-anchor="middle">' +
    'won (big blinds)</text>';
  for (const r of lines) {
    const c = r.p.curve, up = [], down = [], line = [];
    for (let k = 0; k < c.length; k += 3) {
      up.push(x(c[k]).toFixed(1) + ',' + y((c[k + 1] + c[k + 2]) / bb).toFixed(1));
      down.push(x(c[k]).toFixed(1) + ',' + y((c[k + 1] - c[k + 2]) / bb).toFixed(1));
      line.push(x(c[k]).toFixed(1) + ',' + y(c[k + 1] / bb).toFixed(1));
    }
    s += '<polygon class="band" points="' + up.concat(down.reverse()).join(' ') + '" fill="' +
      r.color + '" fill-opacity="0.10" stroke="none"/>';
    s += '<polyline class="curve" points="' + line.join(' ') + '" fill="none" stroke="' + r.color +
      '" stroke-width="' + (r.p.name === me ? 2.4 : 1.4) + '"' + (r.others ? ' stroke-dasharray="5,3"' : '') +
      '><title>' + esc(r.p.name) + '</title></polyline>';
  }
  s += '</svg>';
  el('chart').innerHTML = '<div id="chart-legend">' + lines.map(r => '<span>' + swatch(r.color) +
    esc(r.p.name) + '</span>').join('') + '</div>' + s + '<div class="muted">Cumulative winnings; ' +
    'the shaded band is &plusmn;1.96 &times; the per-hand standard deviation &times; &radic;hands: ' +
    'the 95% range of luck around the line.</div>';
  document.body.dataset.curves = lines.length;
}

function drawTables() {
  const streets = D.game.streets.concat(['showdown']);
  const name = r => (r.others ? esc(r.p.name) : playerName(r.i));
  let h = '<table><tr><th class="l">player</th>' + streets.map(s => '<th>' + esc(s) + '</th>').join('') +
    '</tr>';
  for (const r of rows()) {
    h += '<tr' + (r.others ? ' class="others"' : '') + '><td class="l">' + name(r) + '</td>' +
      r.p.streets.map(t => '<td class="' + cls(t[1]) + '" title="' + t[0] + ' hands, ' +
      signed(t[1], 0) + ' chips">' + signed(mbb(t[1], r.p.total[0]), 1) + '</td>').join('') + '</tr>';
  }
  el('streets').innerHTML = h + '</table>';
  h = '<table><tr><th class="l">player</th>';
  for (let q = 0; q < D.game.players; ++q) h += '<th>' + positionName(q) + '</th>';
  h += '</tr>';
  for (const r of rows()) {
    h += '<tr' + (r.others ? ' class="others"' : '') + '><td class="l">' + name(r) + '</td>' +
      r.p.positions.map(t => '<td class="' + cls(t[1]) + '" title="' + t[0] + ' hands">' + (t[0] ?
      signed(mbb(t[1], t[0]), 0) + '<br><span class="muted small">&plusmn;' + fmt(1000 * t[2] / bb, 0) +
      '</span>' : '') + '</td>').join('') + '</tr>';
  }
  el('positions').innerHTML = h + '</table>';
  h = '<table><tr><th>hand</th><th>pot (bb)</th><th class="l">players</th><th class="l">won by</th></tr>';
  D.biggest.forEach(i => {
    const hand = D.hands[i];
    let best = 0;
    hand.v.forEach((v, q) => { if (v > hand.v[best]) best = q; });
    const names = hand.p.length <= 3 ? hand.p.map(w => esc(D.players[w].name)).join(', ') :
      hand.p.length + ' players';
    h += '<tr><td><a class="hand-link" data-i="' + i + '" href="#hand=' + label(hand) + '">#' +
      label(hand) + '</a></td><td>' + fmt(hand.pot / bb, 1) + '</td><td class="l">' + names +
      '</td><td class="l">' + esc(D.players[hand.p[best]].name) + ' ' + signed(hand.v[best], 0) +
      '</td></tr>';
  });
  el('biggest').innerHTML = h + '</table>';
  el('biggest').addEventListener('click', e => {
    const i = e.target.dataset.i;
    if (i !== undefined) { e.preventDefault(); resetFilters(); select(+i, true); }
  });
}

function setupFilters() {
  let o = '<option value="-1">any street</option>';
  D.game.streets.forEach((s, r) => { if (r > 0) o += '<option value="' + r + '">' + esc(s) + '</option>'; });
  o += '<option value="99">showdown</option>';
  el('f-street').innerHTML = o;
  o = '<option value="-1">anyone</option>';
  const names = D.players.map((p, i) => i).filter(i => D.players[i].name !== me)
    .sort((a, b) => D.players[a].name < D.players[b].name ? -1 : 1);
  for (const i of names) o += '<option value="' + i + '">' + esc(D.players[i].name) + '</option>';
  el('f-opp').innerHTML = o;
  for (const id of ['f-street', 'f-opp', 'f-pot', 'f-dec']) el(id).addEventListener('input', applyFilters);
}
function resetFilters() {
  el('f-street').value = '-1'; el('f-opp').value = '-1'; el('f-pot').value = '0';
  el('f-dec').checked = false;
  applyFilters();
}
function applyFilters(event, keep) {
  const street = +el('f-street').value, opp = +el('f-opp').value;
  const pot = (+el('f-pot').value || 0) * bb, dec = el('f-dec').checked;
  visible = [];
  D.hands.forEach((h, i) => {
    if (street === 99 ? h.s.length === 0 : h.r < street) return;
    if (opp >= 0 && h.p.indexOf(opp) < 0) return;
    if (h.pot < pot) return;
    if (dec && !h.d) return;
    visible.push(i);
  });
  el('spacer').style.height = visible.length * ROW + 'px';
  drawList();
  el('f-count').textContent = visible.length + ' of ' + D.hands.length + ' hands';
  document.body.dataset.hands = visible.length;
  if (keep) return;  // the caller selects
  if (visible.length && visible.indexOf(selected) < 0) select(visible[0], false);
  else if (selected >= 0) select(selected, false);
}

// The hand list draws only the rows in view and a screen's worth around them (rows of ROW px
// over a spacer as tall as all of them), so a log of 45,000 hands opens as fast as one of 40.
const ROW = 20;
let meIndex = -1;
function rowHtml(i) {
  const h = D.hands[i];
  const q = meIndex >= 0 ? h.p.indexOf(meIndex) : -1;
  const v = q >= 0 ? h.v[q] : 0;
  return '<div class="hand-row' + (i === selected ? ' sel' : '') + '" data-i="' + i + '"><span>#' +
    label(h) + (h.d ? ' <span class="dec">' + h.d.length + ' dec</span>' : '') + '</span><span>' +
    fmt(h.pot / bb, 1) + ' bb</span><span class="' + cls(v) + '">' + (q >= 0 ? signed(v, 0) : '') +
    '</span></div>';
}
function drawList() {
  const list = el('list'), view = list.clientHeight || 640;
  const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 30);
  const last = Math.min(visible.length, Math.ceil((list.scrollTop + view) / ROW) + 30);
  let h = '';
  for (let k = first; k < last; ++k) h += rowHtml(visible[k]);
  el('rows').style.top = first * ROW + 'px';
  el('rows').innerHTML = h;
}

function actionsText(h) {
  const byRound = [];
  for (const a of h.x) {
    const m = /^(\d+)([fkcra])(\d+)(?::(\d+))?$/.exec(a);
    if (!m) continue;
    const r = +m[3];
    (byRound[r] = byRound[r] || []).push('<b>' + esc(D.players[h.p[+m[1]]].name) + '</b> ' +
      KIND[m[2]] + (m[4] ? ' ' + m[4] : ''));
  }
  let out = '';
  for (let r = 0; r <= h.r; ++r) {
    out += '<div><span class="muted">' + esc(D.game.streets[r] || ('round ' + r)) + '</span> ' +
      (r > 0 && h.b[r - 1] ? cards(h.b[r - 1]) + ' ' : '') + (byRound[r] || []).join(', ') + '</div>';
  }
  return out;
}

// The grid of a read range: 13 x 13 cells of 30 px, each coloured by the weight of one
// combination of its class relative to the heaviest; the scale under it, and a line with the
// details of the cell under the pointer (at first: the cards the opponent held).
const CELL = 30;
function cellName(c) {
  const r = Math.floor(c / 13), k = c % 13;
  return r === k ? RANKS[r] + RANKS[r] : (k > r ? RANKS[r] + RANKS[k] + 's' : RANKS[k] + RANKS[r] + 'o');
}
function combos(c) { const r = Math.floor(c / 13), k = c % 13; return r === k ? 6 : (k > r ? 4 : 12); }
function shade(t) {
  return 'rgb(' + Math.round(255 - t * 219) + ',' + Math.round(255 - t * 167) + ',' +
    Math.round(255 - t * 57) + ')';
}
// The colour of a cell: its share of the range per combination against a uniform range's
// (1/1326 each): white for none, the middle shade for as likely as uniform, the darkest for
// twice that or more. So a wide range reads as a wash and a narrow one as a few dark cells.
const UNIFORM = 100 / 1326;  // % of the range per combination
function gridInfo(o, c) {
  const share = o.g[c] / 1000, each = share / combos(c);
  return '<b>' + cellName(c) + '</b>' + (o.t === c ? ' (held)' : '') + ': ' + fmt(share, 2) +
    '% of the range in ' + combos(c) + ' combinations, ' + fmt(each, 3) + '% each (' +
    fmt(each / UNIFORM, 2) + ' &times; uniform)';
}
function gridSvg(o) {
  const n = 13, g = o.g, size = CELL * n;
  let s = '<svg class="grid" width="' + (size + 2) + '" height="' + (size + 2) +
    '" viewBox="-1 -1 ' + (size + 2) + ' ' + (size + 2) + '" xmlns="http://www.w3.org/2000/svg">';
  for (let c = 0; c < n * n; ++c) {
    const r = Math.floor(c / n), k = c % n;
    const t = Math.min(1, g[c] / 1000 / combos(c) / (2 * UNIFORM));
    s += '<rect class="cell" data-c="' + c + '" x="' + k * CELL + '" y="' + r * CELL + '" width="' + CELL +
      '" height="' + CELL + '" fill="' + shade(t) + '" stroke="' + (r === k ? '#9aa3b2' : '#e4e7ec') +
      '" stroke-width="0.5"/><text x="' + (k * CELL + CELL / 2) + '" y="' + (r * CELL + 19) +
      '" text-anchor="middle" fill="' + (t > 0.55 ? '#fff' : '#475467') + '">' + cellName(c) + '</text>';
  }
  if (o.t !== undefined) {
    const r = Math.floor(o.t / n), k = o.t % n;
    s += '<rect class="truth" x="' + (k * CELL + 1.5) + '" y="' + (r * CELL + 1.5) + '" width="' + (CELL - 3) +
      '" height="' + (CELL - 3) + '" fill="none" stroke="#e8590c" stroke-width="3"' +
      (o.shown ? '' : ' stroke-dasharray="4,3"') + ' pointer-events="none"/>';
  }
  s += '</svg>';
  const w = size;
  s += '<svg class="scale" width="' + (w + 2) + '" height="36" viewBox="-1 0 ' + (w + 2) + ' 36">' +
    '<defs><linearGradient id="scale-' + (++gridCount) + '">' + [0, 0.25, 0.5, 0.75, 1].map(t =>
    '<stop offset="' + t + '" stop-color="' + shade(t) + '"/>').join('') + '</linearGradient></defs>' +
    '<rect x="0" y="0" width="' + w + '" height="10" fill="url(#scale-' + gridCount +
    ')" stroke="#d6dae2" stroke-width="0.5"/>' +
    '<text x="0" y="21">0</text><text x="' + (w / 2) + '" y="21" text-anchor="middle">' +
    fmt(UNIFORM, 3) + '% (uniform)</text><text x="' + w + '" y="21" text-anchor="end">' +
    fmt(2 * UNIFORM, 3) + '% or more</text><text x="' + (w / 2) + '" y="33" text-anchor="middle">' +
    'share of the range per combination</text></svg>';
  return s;
}
let gridCount = 0;

// The values the policy gave its candidate actions as bars from a zero line: the action played
// in bold and filled, the best value marked.
function valuesHtml(d) {
  const vals = d.vals;
  let lo = 0, hi = 0, best = 0;
  vals.forEach((v, i) => { lo = Math.min(lo, v[1]); hi = Math.max(hi, v[1]); if (v[1] > vals[best][1]) best = i; });
  const W = 240, span = (hi - lo) || 1, zero = W * (0 - lo) / span;
  const played = vals.findIndex(v => v[0] === d.act);
  let s = '<div class="vals-head">The search\'s value of each action: the chips we expect to win ' +
    '(+) or lose (&minus;) over the whole hand (folding loses what we have put in)</div>' +
    '<table class="vals">';
  vals.forEach((v, i) => {
    const x0 = v[1] < 0 ? zero + W * v[1] / span : zero, w = Math.max(1, W * Math.abs(v[1]) / span);
    const fill = v[1] >= 0 ? '#1a7f37' : '#c4302b';
    s += '<tr class="val' + (i === played ? ' played' : '') + '"><td class="l">' + esc(actionWords(v[0], d)) +
      '</td><td><svg class="valbar" width="' + (W + 2) + '" height="14" viewBox="0 0 ' + (W + 2) +
      ' 14" preserveAspectRatio="none"><line x1="' + (zero + 1) +
      '" x2="' + (zero + 1) + '" y1="0" y2="14" stroke="#98a2b3"/><rect x="' + (x0 + 1).toFixed(1) +
      '" y="2" width="' + w.toFixed(1) + '" height="10" fill="' + fill + '" fill-opacity="' +
      (i === played ? 0.9 : 0.35) + '"' + (i === played ? ' stroke="#1d2330" stroke-width="1.2"' : '') +
      '/></svg></td><td>' + signed(v[1], 1) + '</td><td class="tag">' +
      [i === played ? 'played' : '', i === best ? 'best value' : ''].filter(x => x).join(', ') + '</td></tr>';
  });
  s += '</table>';
  if (played < 0) s += '<div class="muted">Played ' + esc(actionWords(d.act, d)) + ', which is not ' +
    'among the searched actions (the blueprint\'s own size).</div>';
  return s;
}
function actionWords(a, d) {
  if (a === 'f') return 'fold';
  if (a === 'c') return d.call > 0 ? 'call ' + d.call : 'check';
  if (a[0] === 'r') return (d.call > 0 ? 'raise' : 'bet') + (a.length > 1 ? ' to ' + a.slice(1) : '');
  return a;
}

function decisionHtml(key, h) {
  const d = D.decisions[key];
  const street = D.game.streets[d.r] || ('round ' + d.r);
  const parts = d.cards.split('/');
  const ours = parts[0].split('|')[d.pos] || '';
  let s = '<div class="decision"><div><b>' + esc(street) + '</b> &middot; betting <code>' +
    esc(d.bet || '(none)') + '</code> &middot; our cards ' + cards(ours) +
    (parts.length > 1 ? ' board ' + cards(parts.slice(1).join('')) : '') + ' &middot; pot ' + d.pot +
    ', to call ' + d.call + '</div>';
  s += '<div>' + (d.pol ? 'policy <b>' + esc(d.pol) + '</b> &middot; ' : '') +
    (d.eq !== undefined ? '<span class="equity">equity <b>' + fmt(100 * d.eq, 1) + '%</b>' +
    (d.exact ? ' (exact)' : (d.se ? ' &plusmn; ' + fmt(196 * d.se, 1) + '%' : '')) + '</span> &middot; ' : '') +
    (d.outs >= 0 ? 'outs ' + d.outs + ' &middot; ' : '') + 'legal: ' + (d.fold ? 'fold, ' : '') +
    (d.call > 0 ? 'call' : 'check') + (d.raise ? ', ' + (d.call > 0 ? 'raise' : 'bet') + ' to ' + d.raise[0] +
    (d.raise[1] !== d.raise[0] ? '..' + d.raise[1] : '') : '') + ' &middot; played <b>' +
    esc(actionWords(d.act, d)) + '</b> <span class="muted">(' + d.ms + ' ms)</span></div>';
  if (d.vals) s += valuesHtml(d);
  if (d.bets) {
    s += '<table><tr><th>bet to</th><th>P(fold)</th><th>P(raise)</th><th>equity when called</th></tr>' +
      d.bets.map(b => '<tr><td>' + b[0] + '</td><td>' + fmt(b[1], 3) + '</td><td>' + fmt(b[2], 3) +
      '</td><td>' + fmt(b[3], 3) + '</td></tr>').join('') + '</table>';
  }
  s += '<div class="why">' + esc(d.why) + '</div>' + (d.raw ? '<details class="raw"><summary>as ' +
    'logged</summary><code>' + esc(d.raw) + '</code></details>' : '') + '<div class="grids">';
  d.opps.forEach((o, j) => {
    const truth = o.who !== undefined ? h.h[o.pos] : '';
    s += '<div class="grid-box" data-d="' + key + '" data-o="' + j + '"><div class="cap"><b>' + esc(o.who !== undefined ?
      D.players[o.who].name : o.name) + '</b> <span class="muted">read by ' + esc(o.model) +
      '</span>' + (truth ? ' &middot; held ' + cards(truth) + (o.shown ? ' (shown)' :
      ' <span class="muted">(not shown)</span>') : '') + '</div>';
    if (o.g) {
      const first = o.t !== undefined ? o.t : o.g.indexOf(Math.max.apply(null, o.g));
      s += gridSvg(o) + '<div class="cell-info" data-first="' + first + '">' + gridInfo(o, first) + '</div>';
    } else {
      s += '<div class="muted">' + esc(o.sum || 'no range logged') + '</div>';
    }
    s += '</div>';
  });
  return s + '</div></div>';
}

function select(i, scroll) {
  selected = i;
  const h = D.hands[i];
  // Scroll the list only, never the page.
  const list = el('list'), k = visible.indexOf(i);
  if (scroll && k >= 0 && (k * ROW < list.scrollTop ||
                           (k + 1) * ROW > list.scrollTop + list.clientHeight)) {
    list.scrollTop = k * ROW - list.clientHeight / 2;
  }
  drawList();
  let s = '<h3>Hand #' + label(h) + ' &middot; pot ' + h.pot + ' (' + fmt(h.pot / bb, 1) + ' bb)</h3>' +
    '<div class="scroll"><table><tr><th class="l">position</th><th class="l">player</th>' +
    '<th class="l">cards</th><th>won</th></tr>';
  h.p.forEach((who, q) => {
    s += '<tr><td class="l">' + positionName(q) + '</td><td class="l">' + esc(D.players[who].name) +
      '</td><td class="l">' + cards(h.h[q]) + (h.s.indexOf(q) >= 0 ? ' <span class="muted">shown</span>' : '') +
      '</td><td class="' + cls(h.v[q]) + '">' + signed(h.v[q], 0) + '</td></tr>';
  });
  s += '</table></div>' + actionsText(h);
  if (h.d) {
    s += '<h3>Our decisions (' + h.d.length + ')</h3><div class="legend muted">Grid: the read range ' +
      '(darker = more likely per combination, on the scale under it: the middle shade is as likely as ' +
      'in a uniform range; pairs on the diagonal, suited above). Orange box: the cards the opponent held (solid: shown down; dashed: from the log, not ' +
      'shown). Point at a cell for its share of the range.</div>';
    for (const k of h.d) s += decisionHtml(k, h);
  }
  const detail = el('detail');
  detail.innerHTML = s;
  const b = document.body.dataset;
  b.hand = label(h);
  b.grids = detail.querySelectorAll('svg.grid').length;
  b.scales = detail.querySelectorAll('svg.scale').length;
  b.cellInfos = detail.querySelectorAll('.cell-info').length;
  b.valueBars = detail.querySelectorAll('svg.valbar').length;
  b.equities = detail.querySelectorAll('.equity').length;
  const grid = detail.querySelector('svg.grid');
  b.gridPx = grid ? Math.round(grid.getBoundingClientRect().width) : 0;
}

// Pointing at a cell shows its details under its grid; leaving the grid shows the first again.
function boxRange(box) { return D.decisions[box.dataset.d].opps[+box.dataset.o]; }
function setupGridHover() {
  const detail = el('detail');
  detail.addEventListener('mouseover', e => {
    const cell = e.target.closest('rect.cell');
    if (!cell) return;
    const box = cell.closest('.grid-box');
    box.querySelector('.cell-info').innerHTML = gridInfo(boxRange(box), +cell.dataset.c);
  });
  detail.addEventListener('mouseout', e => {
    const grid = e.target.closest('svg.grid');
    if (!grid || (e.relatedTarget && grid.contains(e.relatedTarget))) return;
    const box = grid.closest('.grid-box');
    const info = box.querySelector('.cell-info');
    info.innerHTML = gridInfo(boxRange(box), +info.dataset.first);
  });
}

function move(delta) {
  if (!visible.length) return;
  let k = visible.indexOf(selected);
  k = delta === Infinity ? visible.length - 1 : (delta === -Infinity ? 0 :
    Math.max(0, Math.min(visible.length - 1, (k < 0 ? 0 : k) + delta)));
  select(visible[k], true);
}

// "#hand=N" opens the first hand numbered N; "#hand=R.N" the one of the R-th run of numbers.
function handFromHash() {
  const m = /hand=(?:(\d+)\.)?(\d+)/.exec(location.hash);
  if (!m) return -1;
  const run = m[1] === undefined ? 0 : +m[1];
  return D.hands.findIndex(h => h.n === +m[2] && (!run || (h.k || 1) === run));
}

function main() {
  D = JSON.parse(el('data').textContent);
  me = D.me;
  bb = D.game.big_blind || 1;
  meIndex = D.players.findIndex(p => p.name === me);
  // Ours in the first colour, the others in order of result.
  const byColor = D.drawn.filter(i => i === meIndex).concat(D.drawn.filter(i => i !== meIndex));
  byColor.forEach((i, k) => { colorOf[i] = k < COLORS.length ? COLORS[k] :
    'hsl(' + Math.round(k * 137.5) % 360 + ',55%,42%)'; });
  document.title = D.title;
  el('title').textContent = D.title;
  el('subtitle').textContent = D.game.players + ' players a hand, ' + (D.game.no_limit ? 'no-limit' : 'limit') +
    (D.game.name ? ' (' + D.game.name + ')' : '') + ', big blind ' + bb + ', ' + D.hands.length +
    ' hands, ' + D.players.length + ' players' +
    (me ? '; our player: ' + me + ', ' + D.decisions_matched + ' decisions' : '') +
    (D.decisions_unmatched ? ' (' + D.decisions_unmatched + ' decisions matched no hand)' : '') +
    (D.rejected_lines ? '; ' + D.rejected_lines + ' log lines rejected' : '');
  drawResults();
  drawChart();
  drawTables();
  setupFilters();
  setupGridHover();
  let pending = false;
  el('list').addEventListener('scroll', () => {
    if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; drawList(); }); }
  });
  el('list').addEventListener('click', e => {
    const row = e.target.closest('.hand-row');
    if (row) select(+row.dataset.i, false);
  });
  document.addEventListener('keydown', e => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    const k = {ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 10, PageUp: -10,
               Home: -Infinity, End: Infinity}[e.key];
    if (k !== undefined) { e.preventDefault(); move(k); }
  });
  // "#hand=N&focus": the hand browser alone (for links to one hand and for screenshots).
  if (/focus/.test(location.hash)) document.body.classList.add('focus');
  let first = handFromHash();
  if (first < 0) first = Math.max(0, D.hands.findIndex(h => h.d));
  selected = first;
  applyFilters(null, true);
  select(first, true);
  document.body.dataset.players = D.players.length;
  document.body.dataset.handLabels = new Set(D.hands.map(label)).size;
  reportRendered('Rendered ' + D.hands.length + ' hands');
}
)js";

}  // namespace

std::string MatchReportHtml(const MatchLog& log, const std::vector<Decision>& decisions,
                            const MatchReport& report) {
  html::PageParts parts;
  parts.title = report.title;
  parts.css = kCss;
  parts.body = kBody;
  parts.data_json = MatchReportJson(log, decisions, report);
  parts.script = html::PageScript(kScript);
  return html::Page(parts);
}

}  // namespace report
