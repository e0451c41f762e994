#!/usr/bin/env bash
# The project's main job on this machine, with no downloads: install what is missing, build,
# generate a training corpus with the arena (rule-based bots of every style against each other),
# train an opponent model on it, then play our agent against a tight-aggressive bot through our
# ACPC dealer over TCP and print the result with its 95% confidence interval and a summary of
# the model, and write the match report (one HTML page; docs/report.md) and print its path.
#
# Usage: tools/demo.sh [--logs PATH] [--game FILE] [--hands N] [--corpus-hands N] [--seed S]
#   --logs PATH       train on these ACPC logs (files or folders, e.g. downloaded competition
#                     logs of the same game) instead of generating a corpus
#   --game FILE       the game (default data/games/holdem.nolimit.2p.reverse_blinds.game:
#                     heads-up no-limit, blinds 50/100, stacks 20000)
#   --hands N         hands of the agent's match (default 1000)
#   --corpus-hands N  hands per bot pairing of the corpus (default 1500; 21 pairings)
#   --seed S          deal seed of the match (default 42)
# Everything goes to out/demo/ (ignored by git). Environment: BUILD_DIR, JOBS (see setup.sh).
# Exit status: 0 done, 1 a step failed, 2 bad usage (--help: this text, exit 0).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

logs=""
game="$ROOT/data/games/holdem.nolimit.2p.reverse_blinds.game"
hands=1000
corpus_hands=1500
seed=42
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }
usage_error() { usage >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --logs) logs="$2"; shift 2 ;;
    --game) game="$2"; shift 2 ;;
    --hands) hands="$2"; shift 2 ;;
    --corpus-hands) corpus_hands="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "demo.sh: unknown argument $1" >&2; usage_error ;;
  esac
done
case "$game" in /*) ;; *) game="$PWD/$game" ;; esac
if [ -n "$logs" ]; then case "$logs" in /*) ;; *) logs="$PWD/$logs" ;; esac; fi

step() { echo; echo "== $*"; }

step "1/5 Installing missing Debian packages and building (into $BUILD_DIR)"
install_missing_packages
configure_and_build
BIN="$BUILD_DIR/bin"
OUT="$ROOT/out/demo"
mkdir -p "$OUT"
rm -f "$OUT"/model.pb "$OUT"/learned.pb "$OUT"/decisions.jsonl "$OUT"/demo.*
[ -n "$logs" ] || rm -rf "$OUT/corpus"
started=$(date +%s)

if [ -z "$logs" ]; then
  step "2/5 Generating a training corpus: the arena plays every pair of the bot styles"
  echo "   (la lp ta tp station raiser random: 21 pairings x $corpus_hands hands, ACPC logs"
  echo "    in out/demo/corpus/)"
  "$ROOT/tools/experiments/make_corpus.sh" --bin "$BIN" --game "$game" --hands "$corpus_hands" \
    "$OUT/corpus"
  logs="$OUT/corpus"
else
  step "2/5 Using the logs in $logs (no corpus generated)"
fi

step "3/5 Training the opponent model (trainer train -> out/demo/model.pb)"
# --no-street-context: the agent's play with street-context models is not measured yet
# (docs/hand_reading.md), so the demo trains the model it was measured with.
"$BIN/trainer" train --logs "$logs" --game "$game" --out "$OUT/model.pb" --threads 2 -q \
  --no-street-context
ls -l "$OUT/model.pb" | awk '{print "   model file: " $5 " bytes"}'

step "4/5 Our dealer runs $hands hands over TCP: the agent against the TA bot"
echo "   (dealer log out/demo/demo.log, the agent's decisions out/demo/decisions.jsonl, the model"
echo "    with what it learned during the match out/demo/learned.pb)"
cd "$OUT"
# play_match.sh prints each player's chips and mbb/hand with its 95% interval, then SCORE.
"$ROOT/tools/play_match.sh" --dealer "$BIN/dealer" --timeout 1800 demo "$game" "$hands" "$seed" \
  agent "$BIN/agent --game $game --model $OUT/model.pb --opponents ta --seed 1 \
--decision-log $OUT/decisions.jsonl --save-model $OUT/learned.pb" \
  ta "$BIN/bot --style ta --seed 2 --game $game" >"$OUT/demo.result" 2>"$OUT/demo.players.err" || {
  sed 's/^/   /' "$OUT/demo.result" "$OUT/demo.players.err"
  echo "demo.sh: the match failed (see above)" >&2
  exit 1
}
sed 's/^/   /' "$OUT/demo.result"
grep '^agent:' "$OUT/demo.players.err" | sed 's/^/   /' || true
result_line=$(grep '^agent ' "$OUT/demo.result" | sed 's/^agent  *//' | tr -s ' ')
python3 - "$OUT/decisions.jsonl" <<'PY' 2>/dev/null || true
import json, sys
t = sorted(json.loads(line)["time_ms"] for line in open(sys.argv[1]))
if t:
    print("   decisions: %d, time per decision p50 %.1f ms, p99 %.1f ms" %
          (len(t), t[len(t) // 2], t[min(len(t) - 1, int(0.99 * len(t)))]))
PY

step "5/5 The model (trainer inspect out/demo/model.pb)"
"$BIN/trainer" inspect "$OUT/model.pb" | head -n 40 | sed 's/^/   /'
echo "   ... (full view: $BIN/trainer inspect $OUT/model.pb [--player ta])"

# The strongest bundled CFR blueprint (docs/solver.md: 3 raises a round) against the agent,
# heads-up no-limit, in the arena.
blueprint="$ROOT/data/strategies/holdem.nolimit.2p.cap3.strategy"
if [ -f "$blueprint" ]; then
  echo
  echo "== Extra: the strongest bundled no-limit CFR blueprint (3 raises a round) against the agent (its default policy, search; arena, 300 deals, duplicate)"
  "$BIN/arena" --game "$ROOT/data/games/holdem.nolimit.2p.reverse_blinds.game" --hands 300 \
    --seed 5 --duplicate --quiet --player "CFR=bot:style=cfr,strategy=$blueprint" \
    --player "AGENT=agent" 2>&1 | sed 's/^/   /'
fi

step "The match report (report -> out/demo/report.html: results, hands, the agent's reads)"
"$BIN/report" --log "$OUT/demo.log" --decisions "$OUT/decisions.jsonl" --player agent \
  --title "Demo: the agent against TA, $hands hands" --out "$OUT/report.html" | sed 's/^/   /'

echo
echo "Done in $(( $(date +%s) - started )) s after the build. Files in out/demo/."
echo "Result: our agent against the TA bot: ${result_line:-see above}"
echo "  (mbb/hand = thousandths of a big blind won per hand, positive when the agent wins; the"
echo "   interval is 95%: a result whose interval excludes 0 is a real edge, not luck)"
echo "Match report (open it in a browser): $OUT/report.html"
