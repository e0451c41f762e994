#!/usr/bin/env bash
# A single-node Slurm on this machine, for trying the tools/cluster scripts without a cluster
# and for the cluster test: munged, slurmctld and slurmd from Debian's slurm-wlm and munge
# packages, with the configuration, state, spool, logs, munge key and socket all in one folder
# and the daemons on two free ports of 127.0.0.1. A system-wide Slurm or munge is left alone:
# the clients find this one through SLURM_CONF.
set -uo pipefail

usage() {
  cat <<'HELP'
Usage: tools/cluster/mini_slurm.sh start DIR [--cpus N]
       tools/cluster/mini_slurm.sh stop DIR
start: creates DIR (must not hold a running mini Slurm), starts munged, slurmctld and slurmd
       (one node named after this host, N CPUs, default 2, partition "test", SlurmUser=root),
       waits until the node is idle (at most 20 s) and prints the line to use it:
         export SLURM_CONF=DIR/slurm.conf
       The daemons' pids are in DIR/pids; their logs in DIR/*.log.
stop:  cancels every job of that Slurm, waits for their steps, stops the daemons by the pids in
       DIR/pids (TERM, then KILL after 5 s), kills any job step left, and removes DIR/pids.
Needs root (SlurmUser=root) and the packages slurm-wlm and munge (tools/setup.sh installs them).
Exit status: 0 done, 1 failure, 2 bad command line, 3 Slurm cannot run here (reason printed).
HELP
}

die() {
  echo "mini_slurm.sh: $*" >&2
  exit 1
}

# Processes other than this script that carry DIR's SLURM_CONF and are not the daemons: job
# steps. One grep over /proc, run without SLURM_CONF so that it does not find itself.
job_steps() {
  local dir="$1" daemons="$2" file pid
  for file in $(env -u SLURM_CONF grep -lsa "SLURM_CONF=$dir/slurm.conf" /proc/[0-9]*/environ); do
    pid="${file#/proc/}"
    pid="${pid%/environ}"
    [[ "$pid" == "$$" || "$pid" == "$BASHPID" || " $daemons " == *" $pid "* ]] && continue
    echo "$pid"
  done
}

# The pids of DIR/pids still running the program we started (checked by command line, so a
# reused pid is never killed).
our_daemons() {
  local dir="$1" pid
  [[ -f "$dir/pids" ]] || return 0
  for pid in $(cat "$dir/pids"); do
    grep -qsa -- "$dir/" "/proc/$pid/cmdline" && echo "$pid"
  done
}

stop() {
  local dir="$1" daemons pid i
  daemons="$(our_daemons "$dir" | tr '\n' ' ')"
  if [[ -n "$daemons" && -S "$dir/munge.sock" ]]; then
    SLURM_CONF="$dir/slurm.conf" scancel --quiet --user="$(id -un)" 2>/dev/null
    for _ in $(seq 50); do
      [[ -z "$(SLURM_CONF="$dir/slurm.conf" squeue -h 2>/dev/null)" &&
        -z "$(job_steps "$dir" "$daemons")" ]] && break
      sleep 0.2
    done
  fi
  local list
  read -r -a list <<<"$daemons"
  for ((i = ${#list[@]} - 1; i >= 0; --i)); do kill -TERM "${list[i]}" 2>/dev/null; done
  for pid in "${list[@]}"; do
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
  done
  for pid in $(job_steps "$dir" "$daemons"); do kill -KILL "$pid" 2>/dev/null; done
  rm -f "$dir/pids"
}

# Stops what start has started so far, then exits 3 with the reason.
cannot_run() {
  echo "mini_slurm.sh: Slurm cannot run here: $*" >&2
  stop "$DIR"
  exit 3
}

[[ $# -ge 1 ]] || { usage >&2; exit 2; }
case "$1" in
  -h | --help) usage; exit 0 ;;
  start | stop) ;;
  *) echo "mini_slurm.sh: unknown command $1 (start or stop; --help)" >&2; exit 2 ;;
esac
COMMAND="$1"
[[ $# -ge 2 ]] || { echo "mini_slurm.sh: $COMMAND needs a folder (--help)" >&2; exit 2; }
DIR="$2"
shift 2
CPUS=2
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cpus)
      [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || { echo "mini_slurm.sh: --cpus N" >&2; exit 2; }
      CPUS="$2"; shift 2 ;;
    *) echo "mini_slurm.sh: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
done

if [[ "$COMMAND" == stop ]]; then
  [[ -d "$DIR" ]] || die "no folder $DIR"
  DIR="$(cd "$DIR" && pwd)"
  stop "$DIR"
  exit 0
fi

mkdir -p "$DIR" || die "cannot create $DIR"
DIR="$(cd "$DIR" && pwd)"
chmod 700 "$DIR"
[[ -z "$(our_daemons "$DIR")" ]] || die "$DIR already has a running mini Slurm (stop it first)"
for program in munged mungekey slurmctld slurmd sbatch squeue sinfo scancel python3; do
  command -v "$program" >/dev/null ||
    cannot_run "no $program (install slurm-wlm and munge: tools/setup.sh)"
done
[[ "$(id -u)" == 0 ]] || cannot_run "not root (this Slurm runs with SlurmUser=root)"
: >"$DIR/pids"

# Munge with its own key, socket, pid, log and seed files.
rm -f "$DIR/munge.key"
mungekey --create --keyfile="$DIR/munge.key" >/dev/null 2>&1 || cannot_run "mungekey failed"
chmod 600 "$DIR/munge.key"
munged --foreground --force --key-file="$DIR/munge.key" --socket="$DIR/munge.sock" \
  --pid-file="$DIR/munged.pid" --log-file="$DIR/munged.log" --seed-file="$DIR/munged.seed" \
  >"$DIR/munged.out" 2>&1 </dev/null &
echo $! >>"$DIR/pids"
for _ in $(seq 50); do [[ -S "$DIR/munge.sock" ]] && break; sleep 0.1; done
[[ -S "$DIR/munge.sock" ]] ||
  cannot_run "munged did not start: $(tail -n 2 "$DIR/munged.out" "$DIR/munged.log" 2>/dev/null)"

# Two free ports on 127.0.0.1.
read -r CTLD_PORT SLURMD_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
HOST="$(hostname -s)"
mkdir -p "$DIR/state" "$DIR/spool"
cat >"$DIR/slurm.conf" <<EOF
ClusterName=mini
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge.sock
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
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
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$DIR/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$DIR/slurmctld.out" 2>&1 </dev/null &
echo $! >>"$DIR/pids"
slurmd -D -f "$SLURM_CONF" >"$DIR/slurmd.out" 2>&1 </dev/null &
echo $! >>"$DIR/pids"
state=""
for _ in $(seq 100); do
  for pid in $(cat "$DIR/pids"); do
    kill -0 "$pid" 2>/dev/null ||
      cannot_run "a daemon exited at start: $(tail -n 3 "$DIR"/slurm*.out "$DIR"/slurm*.log 2>/dev/null)"
  done
  state="$(sinfo -h -o %t 2>/dev/null)"
  [[ "$state" == idle ]] && break
  sleep 0.2
done
[[ "$state" == idle ]] ||
  cannot_run "the node did not become idle in 20 s (state '$state'): $(tail -n 3 "$DIR/slurmctld.log" "$DIR/slurmd.log" 2>/dev/null)"
echo "mini Slurm up: node $HOST ($CPUS CPUs), slurmctld 127.0.0.1:$CTLD_PORT, slurmd 127.0.0.1:$SLURMD_PORT" >&2
echo "export SLURM_CONF=$SLURM_CONF"
