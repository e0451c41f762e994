#!/usr/bin/env bash
# Integration test of tools/cluster with a real Slurm: starts munged, slurmctld and slurmd from
# Debian's packages on this machine (one node, 2 CPUs, configuration, state, spool, logs, munge
# key and socket all in a temporary folder; ports picked free on 127.0.0.1), submits the training
# and the arena experiments on small inputs, waits for them, and checks the merged outputs equal
# the same work run in one process (model byte-identical; arena JSON equal but for the time).
# Before that, without Slurm: --local runs, a failing shard named, an incomplete merge refused.
# Every daemon it started is stopped by pid on exit (also on failure), with any job step left.
# Exit 0 pass, 1 fail, 77 skipped (packages missing and not installable, or daemons not starting).
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
PIDS=()

# Processes other than this shell, its subshell and the daemons that carry our SLURM_CONF: job
# steps. One grep over /proc, run without SLURM_CONF so that it does not find itself.
job_steps() {
  local file pid
  for file in $(env -u SLURM_CONF grep -lsa "SLURM_CONF=$T/slurm.conf" /proc/[0-9]*/environ); do
    pid="${file#/proc/}"
    pid="${pid%/environ}"
    [[ "$pid" == "$$" || "$pid" == "$BASHPID" || " ${PIDS[*]} " == *" $pid "* ]] && continue
    echo "$pid"
  done
}

# Stops what we started: jobs first (their steps are not our children) and waits for their steps
# to end, then the daemons by pid, then any job step still holding our configuration.
cleanup() {
  local status=$? pid i
  if [[ -n "${SLURM_CONF:-}" && -S "$T/munge.sock" ]] && ((${#PIDS[@]} > 1)); then
    scancel --quiet --user=root 2>/dev/null
    for _ in $(seq 50); do
      [[ -z "$(squeue -h 2>/dev/null)" && -z "$(job_steps)" ]] && break
      sleep 0.2
    done
  fi
  for ((i = ${#PIDS[@]} - 1; i >= 0; --i)); do
    kill -TERM "${PIDS[i]}" 2>/dev/null
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
  done
  for pid in $(job_steps); do kill -KILL "$pid" 2>/dev/null; done
  if ((status != 0 && status != 77)); then
    for log in "$T"/*.log; do
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
without_seconds() { sed -E 's/"seconds": [^,]*,//' "$1"; }

# --- Without Slurm: --local gives the same results.
"$CLUSTER/train.sh" --dir "$T/local" --bin "$BIN" --logs "$T/logs" --game "$GAME" --shards 3 \
  --local >"$T/local_train.out" 2>&1 || { cat "$T/local_train.out"; fail "train.sh --local"; }
cmp "$T/one.pb" "$T/local/train/model.pb" || fail "train.sh --local: model differs from one run"
"$CLUSTER/arena.sh" --dir "$T/local" --bin "$BIN" "${ARENA_ARGS[@]}" --shards 4 --local \
  >"$T/local_arena.out" 2>&1 || { cat "$T/local_arena.out"; fail "arena.sh --local"; }
[[ "$(without_seconds "$T/one.json")" == "$(without_seconds "$T/local/arena/result.json")" ]] ||
  fail "arena.sh --local: result differs from one run"
say "--local: model byte-identical, arena result equal"

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

# solver.sh: with the solver program when it is built, else the mechanics with a stand-in that
# writes its command line (the solver comes from another part of the project).
if [[ -x "$BIN/solver" ]]; then
  say "solver: real program found; run tools/cluster/solver.sh by hand with a game and abstraction"
fi
mkdir -p "$T/stub"
ln -s "$BIN/arena" "$BIN/trainer" "$T/stub/"
printf '%s\n' '#!/usr/bin/env bash' 'out=""; for ((i = 1; i <= $#; ++i)); do' \
  '  [[ "${!i}" == --out ]] && { j=$((i + 1)); out="${!j}"; }; done' 'echo "$*" >"$out"' \
  >"$T/stub/solver"
chmod +x "$T/stub/solver"
"$CLUSTER/solver.sh" --dir "$T/local" --bin "$T/stub" --game g --abstraction a --budgets 10,200 \
  --seed 3 --local >"$T/solver.out" 2>&1 || { cat "$T/solver.out"; fail "solver.sh --local"; }
grep -q "^train --game g --abstraction a --seed 3 --iterations 200 --out " \
  "$T/local/solver/shards/iterations_200.policy" || fail "solver.sh: wrong solver command"
[[ "$(cut -f1 "$T/local/solver/runs.tsv" | tr '\n' ' ')" == "10 200 " ]] || fail "solver.sh: runs.tsv"
say "solver.sh --local: one run per budget (stand-in solver), runs.tsv written"

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
[[ "$(id -u)" == 0 ]] || skip "the test Slurm runs as root (SlurmUser=root); not root"

# Munge with its own key, socket, pid, log and seed files.
mungekey --create --keyfile="$T/munge.key" >/dev/null 2>&1 || skip "mungekey could not create a key"
chmod 600 "$T/munge.key"
munged --foreground --force --key-file="$T/munge.key" --socket="$T/munge.sock" \
  --pid-file="$T/munged.pid" --log-file="$T/munged.log" --seed-file="$T/munged.seed" \
  >"$T/munged.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 50); do [[ -S "$T/munge.sock" ]] && break; sleep 0.1; done
[[ -S "$T/munge.sock" ]] || skip "munged did not start: $(tail -n 2 "$T/munged.out" "$T/munged.log" 2>/dev/null)"

# Two free ports on 127.0.0.1.
read -r CTLD_PORT SLURMD_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
HOST="$(hostname -s)"
mkdir -p "$T/state" "$T/spool"
cat >"$T/slurm.conf" <<EOF
ClusterName=poker_test
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge.sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$T/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$T/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" >"$T/slurmd.out" 2>&1 &
PIDS+=($!)
idle=""
for _ in $(seq 100); do
  for pid in "${PIDS[@]}"; do
    kill -0 "$pid" 2>/dev/null || skip "a Slurm daemon exited at start: $(tail -n 3 "$T"/slurm*.out "$T"/slurm*.log 2>/dev/null)"
  done
  idle="$(sinfo -h -o %t 2>/dev/null)"
  [[ "$idle" == idle ]] && break
  sleep 0.2
done
[[ "$idle" == idle ]] || skip "the Slurm node did not become idle in 20 s (state '$idle'): $(tail -n 3 "$T/slurmctld.log" "$T/slurmd.log" 2>/dev/null)"
say "Slurm up: slurmctld port $CTLD_PORT, slurmd port $SLURMD_PORT, node $HOST idle"

# Submits an experiment; prints its merge job id.
submit() {
  local out="$T/submit_$1.out"
  shift
  "$@" >"$out" 2>&1 || { cat "$out"; fail "submission: $*"; }
  grep -q "^shards: job [0-9]" "$out" || { cat "$out"; fail "no shard job id printed"; }
  grep -q "^result: " "$out" || { cat "$out"; fail "no result path printed"; }
  awk '/^jobs: /{print $3}' "$out"
}
train_job="$(submit train "$CLUSTER/train.sh" --dir "$T/slurm" --bin "$BIN" --logs "$T/logs" \
  --game "$GAME" --shards 4)" || exit 1
arena_job="$(submit arena "$CLUSTER/arena.sh" --dir "$T/slurm" --bin "$BIN" "${ARENA_ARGS[@]}" \
  --shards 4)" || exit 1
say "submitted: train merge job $train_job, arena merge job $arena_job"
for _ in $(seq 600); do
  [[ -z "$(squeue -h -j "$train_job,$arena_job" 2>/dev/null)" ]] && break
  sleep 0.2
done
[[ -z "$(squeue -h 2>/dev/null)" ]] || fail "jobs still queued after 120 s: $(squeue)"
for log in "$T"/slurm/*/logs/*.out; do
  grep -q "FAILED" "$log" && { cat "$log"; fail "a task failed: $log"; }
done
[[ -f "$T/slurm/train/model.pb" ]] || fail "no merged model: $(cat "$T"/slurm/train/logs/*.out)"
[[ -f "$T/slurm/arena/result.json" ]] || fail "no merged arena result: $(cat "$T"/slurm/arena/logs/*.out)"
cmp "$T/one.pb" "$T/slurm/train/model.pb" || fail "Slurm-trained model differs from one run"
[[ "$(without_seconds "$T/one.json")" == "$(without_seconds "$T/slurm/arena/result.json")" ]] ||
  fail "Slurm arena result differs from one run"
grep -q "merged 4 shards" "$T/slurm/train/logs/merge.out" || fail "train merge log"
say "Slurm: model byte-identical to one run, arena result equal to one run"
echo "PASSED"
