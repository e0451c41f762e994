#!/usr/bin/env bash
# Opens every generated report page in a real browser (headless Chromium) from a file URL and
# checks that the page's own script finished without a console message or error and drew what
# the inputs hold: the hands of the log and the range grids of a hand's decisions (match report,
# heads-up no-limit and 3-player limit), the players and tree nodes of a model (trainer inspect
# --html), the confusion matrices (eval_prediction --html). A screenshot of each page is taken.
# Usage: browser_test.sh BIN_DIR SOURCE_DIR WORK_DIR. Exit 0 pass, 1 fail, 77 skipped (no
# chromium on this machine).
set -uo pipefail
BIN="$1"
SRC="$2"
WORK="$3"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
  echo "SKIP: chromium is not installed (tools/setup.sh installs the Debian package chromium)"
  exit 77
fi
rm -rf "$WORK"
mkdir -p "$WORK"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs chromium headless on a file URL, bounded in time; the browser is ended by its pid.
# $1 output file, $2 stderr file, $3... chromium arguments.
run_chromium() {
  local out="$1" err="$2"
  shift 2
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$WORK/profile" --enable-logging=stderr --v=0 "$@" >"$out" 2>"$err" &
  local pid=$!
  local waited=0
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$waited" -ge 600 ]; then  # 60 s in tenths
      kill -TERM "$pid" 2>/dev/null; sleep 1; kill -KILL "$pid" 2>/dev/null
      echo "chromium timed out after 60 s" >>"$err"
      wait "$pid" 2>/dev/null
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  wait "$pid"
}

# The value of data-NAME on <body> in a dumped DOM.
body_attr() { grep -o '<body[^>]*>' "$1" | grep -o "data-$2=\"[^\"]*\"" | head -1 | cut -d'"' -f2; }

# check_page NAME FILE URL_SUFFIX ATTR=EXPECTED...: dump the DOM, check status and attributes,
# no console output, and take a screenshot.
check_page() {
  local name="$1" file="$2" suffix="$3"
  shift 3
  local dom="$WORK/$name.dom.html" err="$WORK/$name.stderr"
  if ! run_chromium "$dom" "$err" --dump-dom "file://$file$suffix"; then
    fail "$name: chromium failed (see $err)"; return
  fi
  if grep -q "CONSOLE" "$err"; then fail "$name: console output: $(grep CONSOLE "$err" | head -3)"; fi
  local status
  status=$(body_attr "$dom" status)
  [ "$status" = "ok" ] || fail "$name: the page's script did not finish (status '$status')"
  for pair in "$@"; do
    local key="${pair%%=*}" want="${pair#*=}" got
    got=$(body_attr "$dom" "$key")
    [ "$got" = "$want" ] || fail "$name: data-$key is '$got', expected '$want'"
  done
  echo "$name: $(grep -o '<body[^>]*>' "$dom")"
  run_chromium /dev/null "$WORK/$name.shot.stderr" --hide-scrollbars --window-size=1280,900 \
    --screenshot="$WORK/$name.png" "file://$file$suffix" || fail "$name: screenshot failed"
  [ -s "$WORK/$name.png" ] || fail "$name: no screenshot"
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
  local states picked hand grids
  states=$(grep -c '^STATE:' "$log")
  picked=$(pick_hand "$decisions")
  hand=${picked% *}
  grids=${picked#* }
  [ "$grids" -gt 0 ] || fail "$name: the decision log has no ranges"
  check_page "$name" "$page" "#hand=$hand" hands="$states" hand="$hand" grids="$grids"
}

match_report match_hunl holdem.nolimit.2p.reverse_blinds.game 40 \
  "me=agent:log=@DECISIONS@" "ta=bot:style=ta"
match_report match_3p_limit holdem.limit.3p.game 30 \
  "me=agent:log=@DECISIONS@" "la=bot:style=la" "station=bot:style=station"

# The model page: the bundled model's players plus the population; the population's preflop tree.
model="$SRC/data/models/default.pb"
if "$BIN/trainer" inspect "$model" --html --out "$WORK/model.html"; then
  players=$("$BIN/trainer" inspect "$model" | awk '/^players:/ {print $2 + 0}')
  nodes=$("$BIN/trainer" inspect "$model" --population --street preflop --no-buckets |
    awk '/^== preflop:/ {print $3}')
  check_page model "$WORK/model.html" "" players="$((players + 1))" nodes="$nodes"
  # A betting-sequence search opens the matching nodes.
  check_page model_search "$WORK/model.html" "#q=other:call%20me:r" players="$((players + 1))"
  grep -q 'hit"' "$WORK/model_search.dom.html" ||
    fail "model_search: no node marked as a match"
else
  fail "trainer inspect --html failed"
fi

# The prediction page: 4 streets x 6 predictors (model, dfmodel, markov, markov-paper, board, prior).
if "$BIN/arena" --game "$SRC/data/games/holdem.nolimit.2p.reverse_blinds.game" --hands 300 \
    --seed 5 --player la=bot:style=la --player ta=bot:style=ta --log "$WORK/bots.log" >/dev/null &&
   "$BIN/eval_prediction" --logs "$WORK/bots.log" --game holdem.nolimit.2p.reverse_blinds \
    --html "$WORK/eval.html" --quiet >/dev/null; then
  check_page eval "$WORK/eval.html" "" matrices=24
else
  fail "eval_prediction --html failed"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s); pages, DOM dumps and screenshots in $WORK"
  exit 1
fi
echo "PASS: every page rendered in Chromium; screenshots in $WORK"
