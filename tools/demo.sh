#!/usr/bin/env bash
# The project's main job on this machine, with no downloads, in about a minute after the build:
#   1/6 install what is missing and build,
#   2/6 write a training corpus with the arena (every pair of the rule-based bot styles),
#   3/6 train an opponent model on it,
#   4/6 show what the model learned about the bots,
#   5/6 play our agent against the tight-aggressive bot through our ACPC dealer over TCP,
#   6/6 write the match report (one HTML page; docs/report.md).
# Every step prints its time and one line saying what its result means.
#
# Usage: tools/demo.sh [--logs PATH] [--game FILE] [--hands N] [--corpus-hands N] [--seed S]
#                      [--out DIR] [--no-build]
#   --logs PATH       train on these ACPC logs (files or folders, e.g. downloaded competition
#                     logs of the same game) instead of writing a corpus
#   --game FILE       the game (default data/games/holdem.nolimit.2p.reverse_blinds.game:
#                     heads-up no-limit, blinds 50/100, stacks 20000)
#   --hands N         hands of the agent's match (default 300)
#   --corpus-hands N  hands per bot pairing of the corpus (default 300; 21 pairings)
#   --seed S          deal seed of the match (default 42)
#   --out DIR         where everything goes (default out/demo/, ignored by git)
#   --no-build        use the programs already built in BUILD_DIR (no installs, no build)
# Environment: BUILD_DIR, JOBS (see setup.sh).
# Exit status: 0 done, 1 a step failed, 2 bad usage (--help: this text, exit 0).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

logs=""
game="$ROOT/data/games/holdem.nolimit.2p.reverse_blinds.game"
hands=300
corpus_hands=300
seed=42
OUT="$ROOT/out/demo"
build=1
usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; }
usage_error() { usage >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --logs) logs="$2"; shift 2 ;;
    --game) game="$2"; shift 2 ;;
    --hands) hands="$2"; shift 2 ;;
    --corpus-hands) corpus_hands="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "demo.sh: unknown argument $1" >&2; usage_error ;;
  esac
done
case "$game" in /*) ;; *) game="$PWD/$game" ;; esac
if [ -n "$logs" ]; then case "$logs" in /*) ;; *) logs="$PWD/$logs" ;; esac; fi
case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac

step_started=0
step() {
  echo
  echo "== $*"
  step_started=$(date +%s.%N)
}
# Seconds since the time $1 (from date +%s.%N).
since() { awk -v now="$(date +%s.%N)" -v then="$1" 'BEGIN { printf "%.1f", now - then }'; }
# The step's time and what its result means.
meaning() { echo "   ($(since "$step_started") s) Meaning: $*"; }

step "1/6 Installing missing Debian packages and building (into $BUILD_DIR)"
if [ "$build" -eq 1 ]; then
  install_missing_packages
  configure_and_build
fi
BIN="$BUILD_DIR/bin"
mkdir -p "$OUT"
rm -f "$OUT"/model.pb "$OUT"/learned.pb "$OUT"/decisions.jsonl "$OUT"/demo.* "$OUT"/report.html
[ -n "$logs" ] || rm -rf "$OUT/corpus"
meaning "the programs are in $BIN (this step is not counted in the demo's time)."
started=$(date +%s.%N)

if [ -z "$logs" ]; then
  step "2/6 A training corpus: the arena plays every pair of 7 bot styles, $corpus_hands hands each"
  "$ROOT/tools/experiments/make_corpus.sh" --bin "$BIN" --game "$game" --hands "$corpus_hands" \
    "$OUT/corpus" 2>/dev/null
  logs="$OUT/corpus"
  meaning "21 ACPC logs, $((21 * corpus_hands)) hands in $OUT/corpus/: how the styles" \
    "la lp ta tp station raiser random play, the data the model learns from."
else
  step "2/6 Using the logs in $logs (no corpus written)"
  meaning "the model learns from these logs."
fi

step "3/6 Training the opponent model (trainer train -> $OUT/model.pb)"
# --no-street-context: the agent's play with street-context models is not measured yet
# (docs/hand_reading.md), so the demo trains the model it was measured with.
"$BIN/trainer" train --logs "$logs" --game "$game" --out "$OUT/model.pb" --threads 2 -q \
  --no-street-context >"$OUT/demo.train"
players=$(sed -n 's/^players with a model: \([0-9]*\);.*/\1/p' "$OUT/demo.train")
meaning "model.pb ($(stat -c %s "$OUT/model.pb") bytes) holds, for each of the" \
  "${players:-?} players, how often it folds, checks, calls and raises in each betting situation" \
  "with each strength of hand: what the agent reads opponents' cards with."

step "4/6 What the model learned (trainer inspect model.pb)"
"$BIN/trainer" inspect "$OUT/model.pb" >"$OUT/demo.inspect"
sed -n '/^players:/,$p' "$OUT/demo.inspect" | sed 's/^/   /'
echo "   (hands: the player's hands in the logs; nodes: the betting situations it was seen in;"
echo "    front, middle, rear, blinds: the share of hands it played voluntarily (called or raised"
echo "    preflop) from each kind of position (heads-up: rear is the button, blinds the big blind;"
echo "    '-' where it never sat); entry: the same over all its hands)"
entry() { awk -v p="$1" '$1 == p { print $NF }' "$OUT/demo.inspect"; }
if [ -n "$(entry ta)" ] && [ -n "$(entry la)" ]; then
  meaning "TA plays $(entry ta) of its hands, LA $(entry la): the model tells the tight players" \
    "from the loose ones, and the agent reads a tight player's bet as a strong hand."
else
  meaning "one row per player: how loose or tight each one plays."
fi

step "5/6 Our dealer runs $hands hands over TCP: the agent against the TA bot"
echo "   (in $OUT: the dealer's log demo.log, the agent's decisions decisions.jsonl, the model"
echo "    with what it learned during the match learned.pb)"
cd "$OUT"
# play_match.sh prints each player's chips and mbb/hand with its 95% interval, then SCORE.
"$ROOT/tools/play_match.sh" --quiet --dealer "$BIN/dealer" --timeout 1800 demo "$game" \
  "$hands" "$seed" \
  agent "$BIN/agent --game $game --model $OUT/model.pb --opponents ta --seed 1 \
--decision-log $OUT/decisions.jsonl --save-model $OUT/learned.pb" \
  ta "$BIN/bot --style ta --seed 2 --game $game" >"$OUT/demo.result" 2>"$OUT/demo.players.err" || {
  sed 's/^/   /' "$OUT/demo.result" "$OUT/demo.players.err"
  echo "demo.sh: the match failed (see above)" >&2
  exit 1
}
sed 's/^/   /' "$OUT/demo.result"
# The agent's own summary: hands, decisions and its decision times.
grep '^agent: [0-9]* hands' "$OUT/demo.players.err" | sed 's/^/   /' || true
read -r mbb ci < <(awk '$1 == "agent" { for (i = 1; i <= NF; ++i) { if ($i == "mbb/hand")
  m = $(i - 1); if ($i == "+-") c = $(i + 1) } print m, c }' "$OUT/demo.result")
if awk -v m="$mbb" -v c="$ci" 'BEGIN { exit !(m - c > 0 || m + c < 0) }'; then
  verdict="the 95% interval excludes 0, so over these $hands hands the agent's edge is real, not luck"
else
  verdict="the 95% interval includes 0: $hands hands are too few to tell (--hands 2000 narrows it)"
fi
meaning "the agent won $mbb mbb/hand (thousandths of a big blind per hand) +- $ci;" "$verdict."

step "6/6 The match report (report -> $OUT/report.html)"
"$BIN/report" --log "$OUT/demo.log" --decisions "$OUT/decisions.jsonl" --player agent \
  --title "Demo: the agent against TA, $hands hands" --out "$OUT/report.html" | sed 's/^/   /'
meaning "open $OUT/report.html in a browser: the result, every hand, and at each of the" \
  "agent's decisions its read of TA's cards."

echo
echo "Done in $(since "$started") s after the build (steps 2-6). Files in $OUT/."
