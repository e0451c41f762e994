#!/usr/bin/env bash
# Plays one ACPC match: starts a dealer (ours by default, or any ACPC-compatible dealer binary),
# then each agent command with `127.0.0.1 <port>` appended, waits (bounded), prints the SCORE line
# and cleans up every process it started, by pid.
#
# Usage: tools/play_match.sh [--dealer PATH] [--timeout SECONDS] [--verbose]
#          [--dealer-arg ARG]... MATCH GAME HANDS SEED NAME1 "CMD1" NAME2 "CMD2" ...
#   MATCH    match name; the dealer writes MATCH.log
#   GAME     .game file
#   CMDi     the agent command without host and port, e.g. "build/bin/bot --style ta --game G"
#   --dealer        dealer binary (default: build/bin/dealer next to this script, else `dealer`)
#   --timeout       seconds to wait for the match (default 3600); then everything is killed
#   --dealer-arg    one extra dealer argument (repeatable), e.g. --dealer-arg --t_response=5000
#   --verbose       let the dealer print its traffic (no -q); its stderr goes to MATCH.dealer.err
# Exit status: the dealer's (0: complete), 1 on timeout or a failed start, 2 on bad usage.
set -u

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dealer="$here/../build/bin/dealer"
[ -x "$dealer" ] || dealer="dealer"
timeout=3600
quiet=(-q)
dealer_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dealer) dealer="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --dealer-arg) dealer_args+=("$2"); shift 2 ;;
    --verbose) quiet=(); shift ;;
    -h|--help) usage ;;
    --) shift; break ;;
    -*) echo "play_match.sh: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 8 ] && [ $(( ($# - 4) % 2 )) -eq 0 ] || usage
match="$1" game="$2" hands="$3" seed="$4"
shift 4
names=()
commands=()
while [ $# -gt 0 ]; do
  names+=("$1")
  commands+=("$2")
  shift 2
done

pids=()
workdir="$(mktemp -d "${TMPDIR:-/tmp}/play_match.XXXXXX")"
cleanup() {
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null
  done
  # Give them a moment, then force.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" -eq 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

dealer_err="${match}.dealer.err"
"$dealer" "$match" "$game" "$hands" "$seed" "${names[@]}" "${quiet[@]}" "${dealer_args[@]}" \
  >"$workdir/out" 2>"$dealer_err" &
dealer_pid=$!
pids+=("$dealer_pid")

# The ports line comes first on the dealer's stdout.
for _ in $(seq 1 100); do
  [ "$(wc -l <"$workdir/out")" -ge 1 ] && break  # a complete first line
  kill -0 "$dealer_pid" 2>/dev/null || break
  sleep 0.1
done
ports="$(head -n 1 "$workdir/out")"
read -r -a port_list <<<"$ports"
if [ "${#port_list[@]}" -ne "${#names[@]}" ]; then
  echo "play_match.sh: the dealer did not print ${#names[@]} ports (got '$ports'); see $dealer_err" >&2
  exit 1
fi

for i in "${!commands[@]}"; do
  # exec: the recorded pid is the agent itself, so cleanup reaches it.
  bash -c "exec ${commands[$i]} 127.0.0.1 ${port_list[$i]}" >&2 &
  pids+=("$!")
done

deadline=$(( $(date +%s) + timeout ))
while kill -0 "$dealer_pid" 2>/dev/null; do
  if [ "$(date +%s)" -ge "$deadline" ]; then
    echo "play_match.sh: timed out after ${timeout}s" >&2
    exit 1
  fi
  sleep 0.1
done
wait "$dealer_pid"
status=$?

grep '^SCORE:' "$workdir/out" | tail -n 1
if [ "$status" -ne 0 ]; then
  echo "play_match.sh: the dealer exited with status $status; last lines of $dealer_err:" >&2
  tail -n 5 "$dealer_err" >&2
fi
exit "$status"
