#!/usr/bin/env bash
# tools/cluster/eval.sh --local, without Slurm: eval_prediction options after `--` may include
# --quiet (eval.sh added its own -q, the option came twice and every fold failed), and a command
# whose folds all failed can be corrected and run again in the same folder (it was refused as
# "another experiment" although no shard had finished); an experiment with finished shards is
# still protected. Exit 0 pass, 1 fail.
#
# Usage: eval_local_test.sh BIN_DIR SOURCE_DIR
set -uo pipefail

BIN="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
GAME="$SRC/data/games/holdem.nolimit.2p.reverse_blinds.game"
fail() {
  echo "FAILED: $*" >&2
  exit 1
}
for program in arena eval_prediction; do
  [[ -x "$BIN/$program" ]] || fail "no $BIN/$program (build it first)"
done
T="$(mktemp -d /tmp/eval_local_test.XXXXXX)" || fail "mktemp"
trap 'rm -rf "$T"' EXIT

mkdir -p "$T/logs"
for i in 0 1; do
  "$BIN/arena" --game "$GAME" --hands 400 --seed "$i" --player "A$i=bot:style=ta,trials=50" \
    --player "B=bot:style=lp,seed=$i,trials=50" --log "$T/logs/match$i.log" -q >/dev/null ||
    fail "arena could not write the input logs"
done
EVAL=("$SRC/tools/cluster/eval.sh" --bin "$BIN" --folds 2 --local)

# --quiet after --: every fold runs.
"${EVAL[@]}" --dir "$T/quiet" -- --logs "$T/logs" --game "$GAME" --quiet >"$T/quiet.out" 2>&1 ||
  { cat "$T/quiet.out"; fail "eval.sh -- --quiet failed"; }
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert len(d["folds"]) == 2' \
  "$T/quiet/eval/folds.json" || fail "folds.json does not hold 2 folds"
grep -q "cannot be specified more than once" "$T/quiet.out" && fail "--quiet was given twice"

# Every fold fails (a bad option); the corrected command then runs in the same folder.
"${EVAL[@]}" --dir "$T/fix" -- --logs "$T/logs" --game "$GAME" --no-such-option \
  >"$T/bad.out" 2>&1 && fail "folds with a bad option succeeded"
grep -q "shards failed: 0 1" "$T/bad.out" || { cat "$T/bad.out"; fail "failed folds not named"; }
"${EVAL[@]}" --dir "$T/fix" -- --logs "$T/logs" --game "$GAME" >"$T/fixed.out" 2>&1 ||
  { cat "$T/fixed.out"; fail "the corrected command was refused after every fold had failed"; }
grep -q "no finished shard: replaced" "$T/fixed.out" || { cat "$T/fixed.out"; fail "no note"; }
[[ -f "$T/fix/eval/folds.json" ]] || fail "no folds.json after the corrected run"

# With finished shards, another command in the same folder is still refused.
"${EVAL[@]}" --dir "$T/fix" -- --logs "$T/logs" --game "$GAME" --test-fraction 0.3 \
  >"$T/other.out" 2>&1 && fail "another experiment over finished shards was accepted"
grep -q "holds another experiment" "$T/other.out" || { cat "$T/other.out"; fail "no refusal"; }
echo "eval_local_test: passed"
