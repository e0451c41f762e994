#!/usr/bin/env bash
# Integration test of tools/cluster with a real Slurm. Without Slurm first: --local runs equal one
# process, failing shards are named, an incomplete merge is refused listing what is missing, a
# re-run runs only the missing shard, another experiment in the same folder is refused (also the
# same command with relative paths given in another folder), solver.sh runs with a stand-in
# solver. Then tools/cluster/mini_slurm.sh starts munged, slurmctld and slurmd from Debian's
# packages (one node, 2 CPUs, everything in a temporary folder, ports free on 127.0.0.1), the
# training and arena experiments are submitted on small inputs, and the merged outputs must equal
# the same work run in one process (model byte-identical; arena JSON equal but for the time). On
# exit, also on failure or interruption, `mini_slurm.sh stop` cancels the jobs and stops every
# daemon by pid. Exit 0 pass, 1 fail, 77 skipped (packages missing and not installable, not root,
# or the daemons do not start: the reason is printed).
#
# Usage: slurm_test.sh BIN_DIR SOURCE_DIR
set -uo pipefail

BIN="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
CLUSTER="$SRC/tools/cluster"
GAME="$SRC/data/games/holdem.nolimit.2p.reverse_blinds.game"

skip() {
  echo "SKIPPED: $*"
  exit 77
}
fail() {
  echo "FAILED: $*" >&2
  exit 1
}
say() { echo "slurm_test: $*"; }

for program in arena trainer; do
  [[ -x "$BIN/$program" ]] || fail "no $BIN/$program (build it first)"
done

T="$(mktemp -d /tmp/slurm_test.XXXXXX)" || fail "mktemp"
chmod 700 "$T"

# Stops the mini Slurm, if started (its jobs, their steps and its daemons, by pid), and removes
# the temporary folder.
cleanup() {
  local status=$?
  [[ -f "$T/slurm/pids" ]] && "$CLUSTER/mini_slurm.sh" stop "$T/slurm"
  if ((status != 0 && status != 77)); then
    for log in "$T"/slurm/*.log; do
      [[ -f "$log" ]] && { echo "--- $log (last lines)"; tail -n 15 "$log"; }
    done
  fi
  rm -rf "$T"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# --- Inputs: four small logs written by the arena (no shared data needed).
mkdir -p "$T/logs"
for i in 0 1 2 3; do
  "$BIN/arena" --game "$GAME" --hands 300 --seed "$i" --player "A$i=bot:style=ta,trials=50" \
    --player "B=bot:style=lp,seed=$i,trials=50" --log "$T/logs/match$i.log" -q >/dev/null ||
    fail "arena could not write the input logs"
done
"$BIN/trainer" train --logs "$T/logs" --game "$GAME" -q --out "$T/one.pb" >/dev/null ||
  fail "trainer train in one process"
ARENA_ARGS=(--game "$GAME" --hands 2000 --seed 11 --player S=bot:style=station
  --player R=bot:style=raiser)
"$BIN/arena" "${ARENA_ARGS[@]}" -q --out "$T/one.json" >/dev/null || fail "arena in one process"
# The time taken differs between runs, and so does the checksum over it.
without_seconds() { sed -E 's/"seconds": ?[^,]*,//; s/,"checksum":"[0-9a-f]*"//' "$1"; }

# --- Without Slurm: --local gives the same results.
"$CLUSTER/train.sh" --dir "$T/local" --bin "$BIN" --logs "$T/logs" --game "$GAME" --shards 3 \
  --local >"$T/local_train.out" 2>&1 || { cat "$T/local_train.out"; fail "train.sh --local"; }
cmp "$T/one.pb" "$T/local/train/model.pb" || fail "train.sh --local: model differs from one run"
"$CLUSTER/arena.sh" --dir "$T/local" --bin "$BIN" "${ARENA_ARGS[@]}" --shards 4 --local \
  >"$T/local_arena.out" 2>&1 || { cat "$T/local_arena.out"; fail "arena.sh --local"; }
[[ "$(without_seconds "$T/one.json")" == "$(without_seconds "$T/local/arena/result.json")" ]] ||
  fail "arena.sh --local: result differs from one run"
# Logs given by a relative path: the model names them as `trainer train` run in the same folder
# does, so it is byte-identical to that one too (docs/cluster.md's worked example).
(cd "$T" && "$BIN/trainer" train --logs logs --game "$GAME" -q --out one_relative.pb >/dev/null) ||
  fail "trainer train with relative logs"
(cd "$T" && "$CLUSTER/train.sh" --dir local_relative --bin "$BIN" --logs logs --game "$GAME" \
  --shards 2 --local >"$T/relative_train.out" 2>&1) ||
  { cat "$T/relative_train.out"; fail "train.sh --local with relative logs"; }
cmp "$T/one_relative.pb" "$T/local_relative/train/model.pb" ||
  fail "train.sh --local with relative logs: model differs from one run"
# The same command in another folder, where `logs` holds other files, is refused: the shards
# already done read the first folder's files, and would be merged with the new folder's.
mkdir -p "$T/elsewhere/logs"
cp "$T/logs/match2.log" "$T/logs/match3.log" "$T/elsewhere/logs/"
rm "$T/local_relative/train/shards/part_1.pb" "$T/local_relative/train/model.pb"
(cd "$T/elsewhere" && "$CLUSTER/train.sh" --dir "$T/local_relative" --bin "$BIN" --logs logs \
  --game "$GAME" --shards 2 --local >"$T/elsewhere.out" 2>&1) &&
  fail "train.sh from another folder with relative logs reused the first folder's shards"
grep -q "holds this command's experiment run from another folder ($T;" "$T/elsewhere.out" ||
  { cat "$T/elsewhere.out"; fail "no refusal naming the first folder"; }
[[ ! -e "$T/local_relative/train/model.pb" ]] || fail "a refused run wrote a model"
(cd "$T" && "$CLUSTER/train.sh" --dir local_relative --bin "$BIN" --logs logs --game "$GAME" \
  --shards 2 --local >"$T/relative_again.out" 2>&1) ||
  { cat "$T/relative_again.out"; fail "train.sh re-run in the first folder"; }
cmp "$T/one_relative.pb" "$T/local_relative/train/model.pb" ||
  fail "train.sh re-run with relative logs: model differs from one run"
say "--local: model byte-identical, also with relative log paths; arena result equal; the same"
say "  relative command from another folder refused"

# A shard that fails is named; the merge refuses the incomplete set and lists what is missing;
# the same command again runs only the missing shard.
"$CLUSTER/arena.sh" --dir "$T/local" --name failing --bin "$BIN" "${ARENA_ARGS[@]}" --shards 4 \
  --local -- --log /nonexistent/x.log >"$T/fail.out" 2>&1 && fail "failing shards went unnoticed"
grep -q "^failing: shard 2/4 FAILED (exit 1)" "$T/fail.out" || { cat "$T/fail.out"; fail "failed shard not named"; }
grep -q "shards failed: 0 1 2 3 (of 4" "$T/fail.out" || { cat "$T/fail.out"; fail "no failure summary"; }
[[ -z "$(ls -A "$T/local/failing/shards")" ]] || fail "failed shards left files"
rm "$T/local/arena/shards/part_2.json" "$T/local/arena/result.json"
"$T/local/arena/jobs/merge.sh" >"$T/merge.out" 2>&1 && fail "merge of an incomplete set ran"
grep -q "merge refused: 1 of 4 shards missing" "$T/merge.out" || { cat "$T/merge.out"; fail "merge refusal"; }
grep -q "shard 2/4: $T/local/arena/shards/part_2.json" "$T/merge.out" || fail "missing shard not listed"
[[ ! -e "$T/local/arena/result.json" ]] || fail "a refused merge left a result"
"$CLUSTER/arena.sh" --dir "$T/local" --bin "$BIN" "${ARENA_ARGS[@]}" --shards 4 --local \
  >"$T/again.out" 2>&1 || { cat "$T/again.out"; fail "re-run"; }
[[ "$(grep -c "^arena: shard ./4 done" "$T/again.out")" == 1 ]] || { cat "$T/again.out"; fail "re-run redid done shards"; }
grep -q "^arena: shard 2/4 done" "$T/again.out" || { cat "$T/again.out"; fail "re-run did not run shard 2"; }
compgen -G "$T/local/arena/shards/*tmp*" >/dev/null && fail "temporary files left in shards/"
"$CLUSTER/arena.sh" --dir "$T/local" --bin "$BIN" "${ARENA_ARGS[@]}" --shards 2 --local \
  >"$T/other.out" 2>&1 && fail "another experiment ran in the same folder"
grep -q "holds another experiment" "$T/other.out" || { cat "$T/other.out"; fail "no refusal of another experiment"; }
say "--local: failing shards named, incomplete merge refused, re-run completes, other experiment refused"

# solver.sh: the mechanics with a stand-in that writes its command line as its "strategy" and
# reports the iterations it was given (or SHORT fewer: a run stopped before its budget, which must
# not be recorded); then the real solver on Kuhn when it is built.
mkdir -p "$T/stub"
ln -s "$BIN/arena" "$BIN/trainer" "$T/stub/"
printf '%s\n' '#!/usr/bin/env bash' \
  'if [[ "$1" == inspect ]]; then' \
  '  n=$(sed -n "s/.*--iterations \([0-9]*\).*/\1/p" "$2"); echo "  1 infosets, 2 entries, $((n - ${SHORT:-0})) iterations (stub)"; exit 0' \
  'fi' \
  'out=""; for ((i = 1; i <= $#; ++i)); do' \
  '  [[ "${!i}" == --out ]] && { j=$((i + 1)); out="${!j}"; }; done' 'echo "$*" >"$out"' \
  >"$T/stub/solver"
chmod +x "$T/stub/solver"
SHORT=1 "$CLUSTER/solver.sh" --dir "$T/short" --bin "$T/stub" --game g --abstraction a \
  --budgets 10 --local >"$T/solver_short.out" 2>&1 && fail "solver.sh recorded a run short of its budget"
grep -q "holds 9 iterations, not the budget 10" "$T/solver_short.out" ||
  { cat "$T/solver_short.out"; fail "solver.sh: no message for a run short of its budget"; }
[[ -e "$T/short/solver/shards/iterations_10.policy" ]] && fail "solver.sh: a short run was recorded"
"$CLUSTER/solver.sh" --dir "$T/local" --bin "$T/stub" --game g --abstraction a --budgets 10,200 \
  --seed 3 --local >"$T/solver.out" 2>&1 || { cat "$T/solver.out"; fail "solver.sh --local"; }
grep -q "^train --game g --abstraction a --seed 3 --iterations 200 --checkpoint .*iterations_200.policy.ckpt --out " \
  "$T/local/solver/shards/iterations_200.policy" || fail "solver.sh: wrong solver command"
[[ "$(cut -f1 "$T/local/solver/runs.tsv" | tr '\n' ' ')" == "10 200 " ]] || fail "solver.sh: runs.tsv"
say "solver.sh --local: one run per budget (stand-in solver), runs.tsv written; a run short of its budget refused"
if [[ -x "$BIN/solver" ]]; then
  "$CLUSTER/solver.sh" --dir "$T/real" --bin "$BIN" --game "$SRC/data/games/kuhn.limit.2p.game" \
    --abstraction exact --budgets 256,512 --local >"$T/solver_real.out" 2>&1 ||
    { cat "$T/solver_real.out"; fail "solver.sh with the real solver"; }
  "$BIN/solver" inspect "$T/real/solver/shards/iterations_512.policy" | grep -q " 512 iterations (" ||
    fail "solver.sh: the real run's strategy does not hold 512 iterations"
  compgen -G "$T/real/solver/shards/*.ckpt" >/dev/null && fail "solver.sh: checkpoints left after the runs"
  say "solver.sh --local with the real solver (Kuhn): budgets reached and recorded"
fi

# --- Slurm.
for program in munged mungekey slurmctld slurmd sbatch squeue sinfo scancel; do
  if ! command -v "$program" >/dev/null; then
    if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
      say "installing slurm-wlm and munge"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >"$T/apt.out" 2>&1 ||
        skip "slurm-wlm/munge missing and apt-get install failed: $(tail -n 1 "$T/apt.out")"
    fi
    command -v "$program" >/dev/null || skip "no $program: install slurm-wlm and munge (tools/setup.sh)"
  fi
done
"$CLUSTER/mini_slurm.sh" start "$T/slurm" >"$T/start.out" 2>"$T/start.err"
case $? in
  0) ;;
  3) skip "$(cat "$T/start.err")" ;;
  *) cat "$T/start.err"; fail "mini_slurm.sh start" ;;
esac
conf="$T/slurm/slurm.conf"
grep -qx "export SLURM_CONF=$conf" "$T/start.out" || fail "mini_slurm.sh start printed $(cat "$T/start.out")"
say "$(cat "$T/start.err")"

# Submits an experiment; prints its merge job id.
submit() {
  local out="$T/submit_$1.out"
  shift
  SLURM_CONF="$conf" "$@" >"$out" 2>&1 || { cat "$out"; fail "submission: $*"; }
  grep -q "^shards: job [0-9]" "$out" || { cat "$out"; fail "no shard job id printed"; }
  grep -q "^result: " "$out" || { cat "$out"; fail "no result path printed"; }
  awk '/^jobs: /{print $3}' "$out"
}
train_job="$(submit train "$CLUSTER/train.sh" --dir "$T/exp" --bin "$BIN" --logs "$T/logs" \
  --game "$GAME" --shards 4)" || exit 1
arena_job="$(submit arena "$CLUSTER/arena.sh" --dir "$T/exp" --bin "$BIN" "${ARENA_ARGS[@]}" \
  --shards 4)" || exit 1
say "submitted: train merge job $train_job, arena merge job $arena_job"
for _ in $(seq 600); do
  [[ -z "$(SLURM_CONF="$conf" squeue -h -j "$train_job,$arena_job" 2>/dev/null)" ]] && break
  sleep 0.2
done
[[ -z "$(SLURM_CONF="$conf" squeue -h 2>/dev/null)" ]] ||
  fail "jobs still queued after 120 s: $(SLURM_CONF="$conf" squeue)"
for log in "$T"/exp/*/logs/*.out; do
  grep -q "FAILED" "$log" && { cat "$log"; fail "a task failed: $log"; }
done
[[ -f "$T/exp/train/model.pb" ]] || fail "no merged model: $(cat "$T"/exp/train/logs/*.out)"
[[ -f "$T/exp/arena/result.json" ]] || fail "no merged arena result: $(cat "$T"/exp/arena/logs/*.out)"
cmp "$T/one.pb" "$T/exp/train/model.pb" || fail "Slurm-trained model differs from one run"
[[ "$(without_seconds "$T/one.json")" == "$(without_seconds "$T/exp/arena/result.json")" ]] ||
  fail "Slurm arena result differs from one run"
grep -q "merged 4 shards" "$T/exp/train/logs/merge.out" || fail "train merge log"
say "Slurm: model byte-identical to one run, arena result equal to one run"
echo "PASSED"
