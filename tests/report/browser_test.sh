#!/usr/bin/env bash
# Opens every generated page in a real browser (headless Chromium) from a file URL, at a desktop
# width (1400 px) and at a phone width (390 px), and checks that the page's own script finished
# without a console message or error and drew what the inputs hold:
# - match reports (heads-up no-limit with the agent's default search policy, 3-player limit): the
#   hands of the log, the range grids of a hand's decisions at their full size with a colour scale
#   and a details line each, one value bar per candidate action the search valued and an equity
#   only where the policy computed one, the reason in words;
# - a log of many players at many tables (names with table suffixes, hand numbers starting again
#   per table): players merged by --strip-name-suffix and sorted by result, the --top players
#   drawn and the rest summed, every hand's label unique (and the DeepStack log of ../shared when
#   present);
# - the model page (trainer inspect --html) of the bundled model and of a model trained with the
#   defaults (street context): every street's tree reaches as many nodes as `trainer inspect`
#   prints, bars in one column at every level, labelled heat strips, the player and street kept
#   in the address;
# - the prediction page (eval_prediction --html) and chart (--svg): 24 confusion matrices, every
#   legend entry inside the picture and none overlapping another.
# Each page is shown in a frame of the width in a small harness page (headless Chromium lays a
# window out at least 500 px wide), which copies the page's data-* attributes for the checks.
# A screenshot of each page at each width is kept in WORK_DIR (NAME.1400.png, NAME.390.png).
# Usage: browser_test.sh BIN_DIR SOURCE_DIR WORK_DIR. Exit 0 pass, 1 fail, 77 skipped (no
# chromium on this machine).
set -uo pipefail
BIN="$1"
SRC="$2"
WORK="$3"
SHARED="$SRC/../shared"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
  echo "SKIP: chromium is not installed (tools/setup.sh installs the Debian package chromium)"
  exit 77
fi
rm -rf "$WORK"
mkdir -p "$WORK"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs chromium headless with a fresh profile, bounded in time; the browser is ended by its pid.
# $1 output file, $2 stderr file, $3... chromium arguments.
run_chromium() {
  local out="$1" err="$2"
  shift 2
  local profile
  profile=$(mktemp -d "$WORK/profile.XXXXXX")
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --disable-background-networking --disable-component-update --disable-sync \
    --allow-file-access-from-files --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    "$@" >"$out" 2>"$err" &
  local pid=$!
  local waited=0 status=0
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$waited" -ge 900 ]; then  # 90 s in tenths
      kill -TERM "$pid" 2>/dev/null; sleep 1; kill -KILL "$pid" 2>/dev/null
      echo "chromium timed out after 90 s" >>"$err"
      wait "$pid" 2>/dev/null
      rm -rf "$profile"
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  wait "$pid" || status=$?
  rm -rf "$profile"
  return "$status"
}

# The value of data-NAME on <body> in a dumped DOM.
body_attr() { grep -o '<body[^>]*>' "$1" | grep -o " data-$2=\"[^\"]*\"" | head -1 | cut -d'"' -f2; }

# A harness page that shows URL in a frame WIDTH x HEIGHT px at its top left and, once the frame
# has loaded, copies the framed page's <body> data-* attributes to its own body and its DOM into
# a comment (for greps); for an SVG picture it measures the legend instead (entries inside the
# picture, pairs of entries that overlap).
write_harness() {  # FILE URL WIDTH HEIGHT
  cat >"$1" <<EOF
<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; padding: 0; }
iframe { border: 0; display: block; }</style></head><body>
<iframe width="$3" height="$4" src="$2" onload="copy(this)"></iframe>
<script>
function copy(frame) {
  const doc = frame.contentDocument, out = document.body.dataset;
  if (doc.body) {
    for (const [k, v] of Object.entries(doc.body.dataset)) out[k] = v;
    document.body.appendChild(document.createComment(doc.documentElement.outerHTML));
    return;
  }
  const svg = doc.documentElement, box = svg.viewBox.baseVal;
  const boxes = Array.from(svg.querySelectorAll('g.legend-entry')).map(g => g.getBBox());
  let inside = 0, overlaps = 0;
  boxes.forEach((b, i) => {
    if (b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width &&
        b.y + b.height <= box.y + box.height) ++inside;
    boxes.forEach((c, j) => {
      if (j > i && b.x < c.x + c.width && c.x < b.x + b.width && b.y < c.y + c.height &&
          c.y < b.y + b.height) ++overlaps;
    });
  });
  out.legend = inside + '/' + boxes.length;
  out.legendOverlaps = overlaps;
  out.status = 'ok';
}
</script></body></html>
EOF
}

# check_width NAME FILE URL_SUFFIX WIDTH HEIGHT CHECK...: one browser run on the page in a frame of
# WIDTH: the dumped harness (with the page's attributes), a screenshot NAME.WIDTH.png, the checks.
# A CHECK is KEY=VALUE, KEY>=NUMBER or KEY<=NUMBER on the page's data-KEY, optionally prefixed by
# a width ("390:grid-px<=380") to apply at that width only.
check_width() {
  local name="$1" file="$2" suffix="$3" width="$4" height="$5"
  shift 5
  local harness="$WORK/$name.$width.harness.html" dom="$WORK/$name.$width.dom.html"
  local err="$WORK/$name.$width.stderr" png="$WORK/$name.$width.png"
  write_harness "$harness" "file://$file$suffix" "$width" "$height"
  if ! run_chromium "$dom" "$err" --window-size="$width,$height" --hide-scrollbars --dump-dom \
      --screenshot="$png" "file://$harness"; then
    fail "$name at $width px: chromium failed (see $err)"; return
  fi
  if grep -q "CONSOLE" "$err"; then
    fail "$name at $width px: console output: $(grep CONSOLE "$err" | head -3)"
  fi
  [ -s "$png" ] || fail "$name at $width px: no screenshot"
  local status
  status=$(body_attr "$dom" status)
  [ "$status" = "ok" ] || fail "$name at $width px: the page's script did not finish (status '$status')"
  local check key want got op
  for check in "$@"; do
    if [[ "$check" =~ ^([0-9]+):(.*)$ ]]; then
      [ "${BASH_REMATCH[1]}" = "$width" ] || continue
      check="${BASH_REMATCH[2]}"
    fi
    if [[ "$check" =~ ^([a-z0-9-]+)(\>=|\<=|=)(.*)$ ]]; then
      key="${BASH_REMATCH[1]}" op="${BASH_REMATCH[2]}" want="${BASH_REMATCH[3]}"
    else
      fail "$name: bad check '$check'"; continue
    fi
    got=$(body_attr "$dom" "$key")
    case "$op" in
      "=") [ "$got" = "$want" ] || fail "$name at $width px: data-$key is '$got', expected '$want'" ;;
      ">=") [ -n "$got" ] && [ "$got" -ge "$want" ] ||
              fail "$name at $width px: data-$key is '$got', expected at least $want" ;;
      "<=") [ -n "$got" ] && [ "$got" -le "$want" ] ||
              fail "$name at $width px: data-$key is '$got', expected at most $want" ;;
    esac
  done
  echo "$name at $width px: $(grep -o '<body[^>]*>' "$dom" | head -1)"
}

# check_page NAME FILE URL_SUFFIX CHECK...: at 1400 px and at 390 px. NAME.page.html: the dump at
# 1400 px, with the page's DOM in it (for greps).
check_page() {
  local name="$1" file="$2" suffix="$3"
  shift 3
  check_width "$name" "$file" "$suffix" 1400 1800 "$@"
  check_width "$name" "$file" "$suffix" 390 2400 "$@"
  ln -sf "$name.1400.dom.html" "$WORK/$name.page.html"
}

# Labels that occur more than once among a page's matches of a pattern (each match ends in >#LABEL).
duplicates() { grep -o "$2" "$1" | sed 's/.*>#//' | sort | uniq -d | head -3 | tr '\n' ' '; }

# The data-chips values of the results table (one per row, players and "others") are in order,
# most first, and the listed players' names carry no table suffix when asked.
check_sorted() {  # NAME DOM
  local values
  values=$(grep -o '<div id="results".*' "$2" | grep -o 'data-chips="[^"]*"' | head -200 |
           cut -d'"' -f2)
  [ -n "$values" ] || { fail "$1: no results rows"; return; }
  # The first table (drawn players) and the full table are each sorted; check the full one when
  # present (after the first "others" row), else the first.
  local full
  full=$(grep -o '<details class="all-players".*' "$2" | grep -o 'data-chips="[^"]*"' | cut -d'"' -f2)
  [ -n "$full" ] && values="$full"
  if ! printf '%s\n' "$values" | sort -g -r -c 2>/dev/null; then
    fail "$1: the players are not sorted by result: $(printf '%s ' $values | head -c 200)"
  fi
}

# A hand number of the decision log with the most opponents read, and the grids it should show.
pick_hand() {
  local decisions="$1" best="" most=-1 hand n
  for hand in $(grep -o '^{"hand": *[0-9]*' "$decisions" | tr -dc '0-9\n' | sort -un | head -200); do
    n=$(grep -E "^\{\"hand\": *$hand," "$decisions" | grep -o '"classes"' | wc -l)
    if [ "$n" -gt "$most" ]; then most=$n; best=$hand; fi
  done
  echo "$best $most"
}

match_report() {  # NAME GAME HANDS PLAYER_SPECS...
  local name="$1" game="$2" hands="$3"
  shift 3
  local log="$WORK/$name.log" decisions="$WORK/$name.jsonl" page="$WORK/$name.html"
  local args=()
  for spec in "$@"; do args+=(--player "${spec//@DECISIONS@/$decisions}"); done
  if ! "$BIN/arena" --game "$SRC/data/games/$game" --hands "$hands" --seed 7 "${args[@]}" \
      --log "$log" >"$WORK/$name.arena.txt" 2>&1; then
    fail "$name: arena failed: $(tail -2 "$WORK/$name.arena.txt")"; return
  fi
  if ! "$BIN/report" --log "$log" --decisions "$decisions" --out "$page"; then
    fail "$name: report failed"; return
  fi
  local states picked hand grids lines values equities search
  states=$(grep -c '^STATE:' "$log")
  picked=$(pick_hand "$decisions")
  hand=${picked% *}
  grids=${picked#* }
  [ "$grids" -gt 0 ] || fail "$name: the decision log has no ranges"
  # What the hand's decisions hold: the candidates the policy valued, the equities it computed
  # (Monte Carlo trials or exact), the decisions of the search.
  lines=$(grep -E "^\{\"hand\": *$hand," "$decisions")
  values=$(printf '%s\n' "$lines" | grep -o '"value":' | wc -l)
  equities=$(printf '%s\n' "$lines" | grep -cE '"trials": *[1-9]|"exact": *true')
  search=$(printf '%s\n' "$lines" | grep -cE '"explanation": *"(multiway search|search [0-9])')
  check_page "$name" "$page" "#hand=$hand" hands="$states" hand="$hand" grids="$grids" \
    scales="$grids" cell-infos="$grids" value-bars="$values" equities="$equities" \
    1400:grid-px\>=390 390:grid-px\<=370
  local dom="$WORK/$name.page.html"
  local readable
  readable=$(grep -oE 'class="why">The search (looked|against)' "$dom" | wc -l)
  [ "$readable" -eq "$search" ] ||
    fail "$name: $readable decisions explained in words, $search search decisions in hand $hand"
  if grep -q 'equity <b>0.0%' "$dom" && [ "$equities" -eq 0 ]; then
    fail "$name: an equity of 0.0% shown for decisions that computed none"
  fi
  echo "$name: hand $hand: $grids grids, $values valued actions, $equities equities, $search searches"
}

match_report match_hunl holdem.nolimit.2p.reverse_blinds.game 40 \
  "me=agent:log=@DECISIONS@" "ta=bot:style=ta"
match_report match_3p_limit holdem.limit.3p.game 30 \
  "me=agent:log=@DECISIONS@" "la=bot:style=la" "station=bot:style=station"

# Many players at many tables: "hero" against pro<k>.<table> (5 players at 2 tables each), hand
# numbers starting at 0 at each table, the logs one after the other in one file.
multi="$WORK/multi.log"
: >"$multi"
for k in 1 2 3 4 5; do
  for t in 1 2; do
    style=$(echo "la ta lp tp station" | cut -d' ' -f"$k")
    "$BIN/arena" --game "$SRC/data/games/holdem.nolimit.2p.reverse_blinds.game" --hands 30 \
      --seed "$((10 * k + t))" --player hero=bot:style=ta --player "pro$k.$t=bot:style=$style" \
      --log "$WORK/table.log" >/dev/null 2>&1 || fail "arena failed for table pro$k.$t"
    cat "$WORK/table.log" >>"$multi"
  done
done
if "$BIN/report" --log "$multi" --strip-name-suffix --top 3 --out "$WORK/multi.html"; then
  # 6 players after merging: hero and pro1..pro5; hero and the 2 biggest results drawn, 3 summed.
  # Every hand's label in the list is its own (data-hand-labels: how many different labels).
  states=$(grep -c '^STATE:' "$multi")
  check_page multi "$WORK/multi.html" "#hand=4.7" players=6 curves=4 hand=4.7 hands="$states" \
    hand-labels="$states"
  dom="$WORK/multi.page.html"
  check_sorted multi "$dom"
  dup=$(duplicates "$dom" 'class="hand-link"[^>]*>#[0-9.]*')
  [ -z "$dup" ] || fail "multi: biggest pots link the same label twice: $dup"
  grep -q 'pro1\.1' "$dom" && fail "multi: a table suffix survived --strip-name-suffix"
else
  fail "report on the many-player log failed"
fi

# The DeepStack log (77 names with table suffixes, hand numbers restarting per table), when the
# shared data are beside the project.
deepstack="$SHARED/data/logs/deepstack_ifp/all_hands.log"
if [ -r "$deepstack" ]; then
  players=$(grep '^STATE:' "$deepstack" | cut -d: -f6 | cut -d' ' -f1 | tr '|' '\n' |
            sed 's/\.[0-9]*$//' | sort -u | wc -l)
  if "$BIN/report" --log "$deepstack" --game holdem.nolimit.2p.reverse_blinds --strip-name-suffix \
      --out "$WORK/deepstack.html" >/dev/null; then
    states=$(grep -c '^STATE:' "$deepstack")
    check_page deepstack "$WORK/deepstack.html" "" players="$players" curves=9 hands="$states" \
      hand-labels="$states"
    check_sorted deepstack "$WORK/deepstack.page.html"
    dup=$(duplicates "$WORK/deepstack.page.html" 'class="hand-link"[^>]*>#[0-9.]*')
    [ -z "$dup" ] || fail "deepstack: biggest pots link the same label twice: $dup"
  else
    fail "report on the DeepStack log failed"
  fi
else
  echo "note: $deepstack absent: the DeepStack report is not checked"
fi

# Model pages. For each street given of the population's trees: as many nodes reached from the
# root as `trainer inspect` prints, the root's children drawn, every drawn bar in one column.
model_pages() {  # NAME MODEL STREET...
  local name="$1" model="$2" html="$WORK/$1.html"
  shift 2
  if ! "$BIN/trainer" inspect "$model" --html --out "$html" >/dev/null; then
    fail "$name: trainer inspect --html failed"; return
  fi
  local players street nodes
  players=$("$BIN/trainer" inspect "$model" | awk '/^players:/ {print $2 + 0}')
  for street in "$@"; do
    nodes=$("$BIN/trainer" inspect "$model" --population --street "$street" --no-buckets |
      awk -v s="$street" '$1 == "==" && $2 == s":" {print $3}')
    [ -n "$nodes" ] && [ "$nodes" -gt 0 ] || { fail "$name: no $street nodes in the model"; continue; }
    check_page "$name.$street" "$html" "#street=$street" players="$((players + 1))" \
      nodes="$nodes" street="$street" who="(population)" rendered\>=2 bar-columns=1 \
      strip-labels\>=1
    grep -q 'id="tree"><div class="muted">no nodes' "$WORK/$name.$street.page.html" &&
      fail "$name.$street: 'no nodes' shown"
  done
  # A player chosen in the address, with a betting-sequence search that opens nodes at several
  # levels: bars still in one column, the address kept.
  local who
  who=$("$BIN/trainer" inspect "$model" | awk '/^name +hands/ {getline; print $1; exit}')
  if [ -n "$who" ]; then
    nodes=$("$BIN/trainer" inspect "$model" --player "$who" --street flop --no-buckets |
      awk '$1 == "==" && $2 == "flop:" {print $3}')
    check_page "$name.player" "$html" "#who=$who&street=flop&q=me:check%20other:" who="$who" \
      street=flop nodes="$nodes" bar-columns=1 rendered\>=4
    grep -q 'hit"' "$WORK/$name.player.page.html" || fail "$name.player: no node marked as a match"
  fi
}
model_pages model "$SRC/data/models/default.pb" preflop

# A model trained with the defaults (street context on every street after the preflop) from an
# arena log of two bots; the same log feeds the prediction page.
if "$BIN/arena" --game "$SRC/data/games/holdem.nolimit.2p.reverse_blinds.game" --hands 300 \
    --seed 5 --player la=bot:style=la --player ta=bot:style=ta --log "$WORK/bots.log" >/dev/null; then
  if "$BIN/trainer" train --logs "$WORK/bots.log" --game holdem.nolimit.2p.reverse_blinds \
      --out "$WORK/context.pb" >/dev/null 2>&1; then
    model_pages context_model "$WORK/context.pb" preflop flop turn river
  else
    fail "trainer train with the defaults failed"
  fi
  # The prediction page: 4 streets x 6 predictors; its chart's legend inside the picture at
  # both widths, and the --svg file's.
  if "$BIN/eval_prediction" --logs "$WORK/bots.log" --game holdem.nolimit.2p.reverse_blinds \
      --html "$WORK/eval.html" --svg "$WORK/eval.svg" --quiet >/dev/null; then
    check_page eval "$WORK/eval.html" "" matrices=24 legend=6/6 legend-overlaps=0
    check_width eval_svg "$WORK/eval.svg" "" 1400 700 legend=6/6 legend-overlaps=0
    grep -q ' 000' "$WORK/eval.svg" && fail "eval: a paper's file code in the chart"
  else
    fail "eval_prediction --html failed"
  fi
else
  fail "arena failed for the bots' log"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s); pages, DOM dumps and screenshots in $WORK"
  exit 1
fi
echo "PASS: every page rendered in Chromium at 1400 and 390 px; screenshots in $WORK"
