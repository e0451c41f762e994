// The match report's page: its CSS, its body and the script that draws the embedded data
// (MatchReportJson). Hand-written, no libraries: the page opens without a network.
#include "absl/strings/str_cat.h"
#include "html/html_page.h"
#include "tools/report/match_report.h"

namespace report {
namespace {

constexpr char kCss[] = R"css(
#chart svg { background: #fff; border: 1px solid var(--line); }
.tables { display: flex; flex-wrap: wrap; gap: 24px; }
#browser { display: flex; gap: 14px; align-items: flex-start; }
#filters { margin: 6px 0 8px; display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
#filters label { color: var(--muted); }
#list { position: relative; width: 260px; height: 640px; overflow-y: auto; border: 1px solid var(--line); flex: none; }
.hand-row { padding: 2px 8px; cursor: pointer; display: flex; justify-content: space-between;
  border-bottom: 1px solid #eef0f4; font-variant-numeric: tabular-nums;
  content-visibility: auto; contain-intrinsic-size: auto 19px; }
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
.decision .why { font-family: ui-monospace, monospace; font-size: 12px; background: #fff;
  padding: 4px 6px; border-radius: 4px; margin: 4px 0; white-space: pre-wrap; }
.grids { display: flex; flex-wrap: wrap; gap: 14px; margin-top: 6px; }
.grid-box { background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: 4px; }
.grid-box .cap { font-size: 12px; margin-bottom: 2px; }
svg.grid text { font: 7.5px ui-monospace, monospace; pointer-events: none; }
.legend span { display: inline-block; margin-right: 12px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px; }
a.hand-link { color: var(--accent); cursor: pointer; text-decoration: underline; }
.small { font-size: 10px; }
body.focus .summary { display: none; }
.kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 4px; font-size: 11px; }
)css";

constexpr char kBody[] = R"html(
<h1 id="title">Match report</h1>
<div id="subtitle" class="muted"></div>
<div class="summary">
<h2>Results</h2>
<div id="results"></div>
<div id="chart"></div>
</div>
<div class="tables summary">
  <div><h3>By street the hand ended in (mbb/hand of all hands)</h3><div id="streets"></div></div>
  <div><h3>By position (mbb/hand at that position, 95% interval)</h3><div id="positions"></div></div>
  <div><h3>Biggest pots</h3><div id="biggest"></div></div>
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
<div id="browser"><div id="list"></div><div id="detail"></div></div>
<div id="status">rendering...</div>
)html";

// The body of the page's script (html::PageScript wraps it).
constexpr char kScript[] = R"js(
const COLORS = ['#2458c6', '#c4302b', '#1a7f37', '#b26b00', '#7b3fb5', '#0f8a8a', '#d6478d',
                '#5b6b00', '#6b4423', '#444b5a'];
const RANKS = 'AKQJT98765432';
const KIND = {f: 'folds', k: 'checks', c: 'calls', r: 'raises to', a: 'all-in'};
let D, me, bb, selected = -1, visible = [];

function el(id) { return document.getElementById(id); }
function esc(s) {
  return String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;',
    '"': '&quot;', "'": '&#39;'}[c]));
}
function fmt(x, d) { return Number(x).toFixed(d); }
function signed(x, d) { return (x > 0 ? '+' : '') + fmt(x, d); }
function cls(x) { return x > 0 ? 'pos' : (x < 0 ? 'neg' : ''); }
function mbb(chips, hands) { return hands ? 1000 * chips / hands / bb : 0; }
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

function drawResults() {
  let h = '<table><tr><th class="l">player</th><th>hands</th><th>chips</th><th>mbb/hand</th>' +
    '<th>95% interval</th></tr>';
  D.players.forEach((p, i) => {
    const [n, chips, hw] = p.total;
    h += '<tr><td class="l"><span class="swatch" style="background:' + COLORS[i % 10] + '"></span>' +
      esc(p.name) + (p.name === me ? ' <span class="muted">(us)</span>' : '') + '</td><td>' + n +
      '</td><td class="' + cls(chips) + '">' + signed(chips, 0) + '</td><td class="' + cls(chips) +
      '">' + signed(mbb(chips, n), 1) + '</td><td>&plusmn; ' + fmt(1000 * hw / bb, 1) + '</td></tr>';
  });
  el('results').innerHTML = h + '</table>';
}

function drawChart() {
  const W = 900, H = 320, L = 70, R = 20, T = 14, B = 36;
  const n = D.hands.length;
  let lo = 0, hi = 0;
  for (const p of D.players) {
    for (let k = 0; k < p.curve.length; k += 3) {
      lo = Math.min(lo, (p.curve[k + 1] - p.curve[k + 2]) / bb);
      hi = Math.max(hi, (p.curve[k + 1] + p.curve[k + 2]) / bb);
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
    s += '<text x="' + x(i) + '" y="' + (H - B + 16) + '" text-anchor="middle">' + (i + 1) + '</text>';
  }
  s += '<text x="' + ((L + W - R) / 2) + '" y="' + (H - 4) + '" text-anchor="middle">hands</text>' +
    '<text transform="translate(14,' + ((T + H - B) / 2) + ') rotate(-90)" text-anchor="middle">' +
    'won (big blinds)</text>';
  D.players.forEach((p, i) => {
    const c = p.curve, up = [], down = [], line = [];
    for (let k = 0; k < c.length; k += 3) {
      up.push(x(c[k]).toFixed(1) + ',' + y((c[k + 1] + c[k + 2]) / bb).toFixed(1));
      down.push(x(c[k]).toFixed(1) + ',' + y((c[k + 1] - c[k + 2]) / bb).toFixed(1));
      line.push(x(c[k]).toFixed(1) + ',' + y(c[k + 1] / bb).toFixed(1));
    }
    s += '<polygon class="band" points="' + up.concat(down.reverse()).join(' ') + '" fill="' +
      COLORS[i % 10] + '" fill-opacity="0.12" stroke="none"/>';
    s += '<polyline class="curve" points="' + line.join(' ') + '" fill="none" stroke="' +
      COLORS[i % 10] + '" stroke-width="' + (p.name === me ? 2.2 : 1.4) + '"/>';
  });
  s += '</svg>';
  el('chart').innerHTML = s + '<div class="muted">Cumulative winnings per player; the shaded ' +
    'band is &plusmn;1.96 &times; the per-hand standard deviation &times; &radic;hands: the 95% ' +
    'range of luck around the line.</div>';
}

function drawTables() {
  const streets = D.game.streets.concat(['showdown']);
  const total = D.hands.length;
  let h = '<table><tr><th class="l">player</th>' + streets.map(s => '<th>' + esc(s) + '</th>').join('') +
    '</tr>';
  D.players.forEach(p => {
    h += '<tr><td class="l">' + esc(p.name) + '</td>' + p.streets.map(t =>
      '<td class="' + cls(t[1]) + '" title="' + t[0] + ' hands, ' + signed(t[1], 0) + ' chips">' +
      signed(mbb(t[1], p.total[0]), 1) + '</td>').join('') + '</tr>';
  });
  el('streets').innerHTML = h + '</table>';
  h = '<table><tr><th class="l">player</th>';
  for (let q = 0; q < D.game.players; ++q) h += '<th>' + positionName(q) + '</th>';
  h += '</tr>';
  D.players.forEach(p => {
    h += '<tr><td class="l">' + esc(p.name) + '</td>' + p.positions.map(t =>
      '<td class="' + cls(t[1]) + '" title="' + t[0] + ' hands">' + (t[0] ?
      signed(mbb(t[1], t[0]), 0) + '<br><span class="muted small">&plusmn;' + fmt(1000 * t[2] / bb, 0) +
      '</span>' : '') + '</td>').join('') + '</tr>';
  });
  el('positions').innerHTML = h + '</table>';
  h = '<table><tr><th>hand</th><th>pot (bb)</th><th class="l">won by</th></tr>';
  D.biggest.forEach(i => {
    const hand = D.hands[i];
    let best = 0;
    hand.v.forEach((v, q) => { if (v > hand.v[best]) best = q; });
    h += '<tr><td><a class="hand-link" data-i="' + i + '">#' + hand.n + '</a></td><td>' +
      fmt(hand.pot / bb, 1) + '</td><td class="l">' + esc(D.players[hand.p[best]].name) + ' ' +
      signed(hand.v[best], 0) + '</td></tr>';
  });
  el('biggest').innerHTML = h + '</table>';
  el('biggest').addEventListener('click', e => {
    const i = e.target.dataset.i;
    if (i !== undefined) { resetFilters(); select(+i, true); }
  });
}

function setupFilters() {
  let o = '<option value="-1">any street</option>';
  D.game.streets.forEach((s, r) => { if (r > 0) o += '<option value="' + r + '">' + esc(s) + '</option>'; });
  o += '<option value="99">showdown</option>';
  el('f-street').innerHTML = o;
  o = '<option value="-1">anyone</option>';
  D.players.forEach((p, i) => { if (p.name !== me) o += '<option value="' + i + '">' + esc(p.name) + '</option>'; });
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
  const meIndex = D.players.findIndex(p => p.name === me);
  const rows = visible.map(i => {
    const h = D.hands[i];
    const q = meIndex >= 0 ? h.p.indexOf(meIndex) : -1;
    const v = q >= 0 ? h.v[q] : 0;
    return '<div class="hand-row" data-i="' + i + '"><span>#' + h.n +
      (h.d ? ' <span class="dec">' + h.d.length + ' dec</span>' : '') + '</span><span>' +
      fmt(h.pot / bb, 1) + ' bb</span><span class="' + cls(v) + '">' + (q >= 0 ? signed(v, 0) : '') +
      '</span></div>';
  });
  el('list').innerHTML = rows.join('');
  el('f-count').textContent = visible.length + ' of ' + D.hands.length + ' hands';
  document.body.dataset.hands = visible.length;
  if (keep) return;  // the caller selects
  if (visible.length && visible.indexOf(selected) < 0) select(visible[0], false);
  else if (selected >= 0) select(selected, false);
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

function gridSvg(o) {
  const size = 18, n = 13, g = o.g;
  const dens = g.map((w, c) => { const r = Math.floor(c / n), k = c % n;
    return w / (r === k ? 6 : (k > r ? 4 : 12)); });
  const max = Math.max.apply(null, dens) || 1;
  let s = '<svg class="grid" width="' + (size * n + 2) + '" height="' + (size * n + 2) +
    '" viewBox="-1 -1 ' + (size * n + 2) + ' ' + (size * n + 2) + '" xmlns="http://www.w3.org/2000/svg">';
  for (let c = 0; c < n * n; ++c) {
    const r = Math.floor(c / n), k = c % n, t = dens[c] / max;
    const name = r === k ? RANKS[r] + RANKS[r] : (k > r ? RANKS[r] + RANKS[k] + 's' : RANKS[k] + RANKS[r] + 'o');
    const fill = 'rgb(' + Math.round(255 - t * 219) + ',' + Math.round(255 - t * 167) + ',' +
      Math.round(255 - t * 57) + ')';
    s += '<rect x="' + k * size + '" y="' + r * size + '" width="' + size + '" height="' + size +
      '" fill="' + fill + '" stroke="' + (r === k ? '#9aa3b2' : '#e4e7ec') + '" stroke-width="0.5">' +
      '<title>' + name + ' ' + fmt(g[c] / 1000, 2) + '% of the range</title></rect>' +
      '<text x="' + (k * size + 1) + '" y="' + (r * size + 11) + '" fill="' + (t > 0.55 ? '#fff' : '#667085') +
      '">' + name + '</text>';
  }
  if (o.t !== undefined) {
    const r = Math.floor(o.t / n), k = o.t % n;
    s += '<rect class="truth" x="' + (k * size + 1) + '" y="' + (r * size + 1) + '" width="' + (size - 2) +
      '" height="' + (size - 2) + '" fill="none" stroke="#e8590c" stroke-width="2.2"' +
      (o.shown ? '' : ' stroke-dasharray="2,1.5"') + '/>';
  }
  return s + '</svg>';
}

function decisionHtml(d, h) {
  const street = D.game.streets[d.r] || ('round ' + d.r);
  const parts = d.cards.split('/');
  const ours = parts[0].split('|')[d.pos] || '';
  let s = '<div class="decision"><div><b>' + esc(street) + '</b> &middot; betting <code>' +
    esc(d.bet || '(none)') + '</code> &middot; our cards ' + cards(ours) +
    (parts.length > 1 ? ' board ' + cards(parts.slice(1).join('')) : '') + ' &middot; pot ' + d.pot +
    ', to call ' + d.call + '</div>';
  s += '<div>equity <b>' + fmt(100 * d.eq, 1) + '%</b>' + (d.exact ? ' (exact)' : (d.se ?
    ' &plusmn; ' + fmt(196 * d.se, 1) + '%' : '')) + (d.outs >= 0 ? ' &middot; outs ' + d.outs : '') +
    ' &middot; legal: ' + (d.fold ? 'fold, ' : '') + 'call' + (d.raise ? ', raise to ' + d.raise[0] +
    (d.raise[1] !== d.raise[0] ? '..' + d.raise[1] : '') : '') + ' &middot; action <b><code>' +
    esc(d.act) + '</code></b> <span class="muted">(' + d.ms + ' ms)</span></div>';
  if (d.bets) {
    s += '<table><tr><th>bet to</th><th>P(fold)</th><th>P(raise)</th><th>equity when called</th></tr>' +
      d.bets.map(b => '<tr><td>' + b[0] + '</td><td>' + fmt(b[1], 3) + '</td><td>' + fmt(b[2], 3) +
      '</td><td>' + fmt(b[3], 3) + '</td></tr>').join('') + '</table>';
  }
  s += '<div class="why">' + esc(d.why) + '</div><div class="grids">';
  for (const o of d.opps) {
    const truth = o.who !== undefined ? h.h[o.pos] : '';
    s += '<div class="grid-box"><div class="cap"><b>' + esc(o.who !== undefined ?
      D.players[o.who].name : o.name) + '</b> <span class="muted">read by ' + esc(o.model) +
      '</span>' + (truth ? ' &middot; held ' + cards(truth) + (o.shown ? ' (shown)' :
      ' <span class="muted">(not shown)</span>') : '') + '</div>' +
      (o.g ? gridSvg(o) : '<div class="muted">' + esc(o.sum || 'no range logged') + '</div>') + '</div>';
  }
  return s + '</div></div>';
}

function select(i, scroll) {
  selected = i;
  const h = D.hands[i];
  for (const row of el('list').querySelectorAll('.hand-row.sel')) row.classList.remove('sel');
  const row = el('list').querySelector('[data-i="' + i + '"]');
  if (row) {
    row.classList.add('sel');
    // Scroll the list only, never the page.
    const list = el('list');
    if (scroll && (row.offsetTop < list.scrollTop ||
                   row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = row.offsetTop - list.clientHeight / 2;
    }
  }
  let s = '<h3>Hand #' + h.n + ' &middot; pot ' + h.pot + ' (' + fmt(h.pot / bb, 1) + ' bb)</h3><table>' +
    '<tr><th class="l">position</th><th class="l">player</th><th class="l">cards</th><th>won</th></tr>';
  h.p.forEach((who, q) => {
    s += '<tr><td class="l">' + positionName(q) + '</td><td class="l">' + esc(D.players[who].name) +
      '</td><td class="l">' + cards(h.h[q]) + (h.s.indexOf(q) >= 0 ? ' <span class="muted">shown</span>' : '') +
      '</td><td class="' + cls(h.v[q]) + '">' + signed(h.v[q], 0) + '</td></tr>';
  });
  s += '</table>' + actionsText(h);
  if (h.d) {
    s += '<h3>Our decisions (' + h.d.length + ')</h3><div class="legend muted">Grid: the read range ' +
      '(darker = more likely per combination; pairs on the diagonal, suited above). Orange box: the ' +
      'cards the opponent held (solid: shown down; dashed: from the log, not shown).</div>';
    for (const k of h.d) s += decisionHtml(D.decisions[k], h);
  }
  el('detail').innerHTML = s;
  document.body.dataset.hand = h.n;
  document.body.dataset.grids = el('detail').querySelectorAll('svg.grid').length;
}

function move(delta) {
  if (!visible.length) return;
  let k = visible.indexOf(selected);
  k = delta === Infinity ? visible.length - 1 : (delta === -Infinity ? 0 :
    Math.max(0, Math.min(visible.length - 1, (k < 0 ? 0 : k) + delta)));
  select(visible[k], true);
}

function main() {
  D = JSON.parse(el('data').textContent);
  me = D.me;
  bb = D.game.big_blind || 1;
  document.title = D.title;
  el('title').textContent = D.title;
  el('subtitle').textContent = D.game.players + ' players, ' + (D.game.no_limit ? 'no-limit' : 'limit') +
    (D.game.name ? ' (' + D.game.name + ')' : '') + ', big blind ' + bb + ', ' + D.hands.length +
    ' hands' + (me ? '; our player: ' + me + ', ' + D.decisions_matched + ' decisions' : '') +
    (D.decisions_unmatched ? ' (' + D.decisions_unmatched + ' decisions matched no hand)' : '') +
    (D.rejected_lines ? '; ' + D.rejected_lines + ' log lines rejected' : '');
  drawResults();
  drawChart();
  drawTables();
  setupFilters();
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
  const m = /hand=(\d+)/.exec(location.hash);
  // "#hand=N&focus": the hand browser alone (for links to one hand and for screenshots).
  if (/focus/.test(location.hash)) document.body.classList.add('focus');
  let first = m ? D.hands.findIndex(h => h.n === +m[1]) : -1;
  if (first < 0) first = Math.max(0, D.hands.findIndex(h => h.d));
  selected = first;
  applyFilters(null, true);
  select(first, true);
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
