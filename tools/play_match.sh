#!/usr/bin/env bash
# Plays one ACPC match: starts a dealer (ours by default, or any ACPC-compatible dealer binary),
# then each agent command with `127.0.0.1 <port>` appended, waits (bounded), prints the SCORE line
# and cleans up every process it started, by pid.
#
# Usage: tools/play_match.sh [--dealer PATH] [--timeout SECONDS] [--verbose] [--json] [--quiet]
#          [--dealer-arg ARG]... MATCH GAME HANDS SEED NAME1 "CMD1" NAME2 "CMD2" ...
#   MATCH    match name; the dealer writes MATCH.log
#   GAME     .game file, or a game name from data/games (given to the dealer as the file's path,
#            so any dealer reads it)
#   CMDi     the agent command without host and port, e.g. "build/bin/bot --style ta --game G";
#            a command whose program is `human` seats a person: it reads this script's input
#   --dealer        dealer binary (default: build/bin/dealer next to this script, else `dealer`)
#   --timeout       seconds to wait for the match (default 3600, 86400 with a person seated);
#                   then everything is killed
#   --dealer-arg    one extra dealer argument (repeatable), e.g. --dealer-arg --t_response=5000
#   --verbose       let the dealer print its traffic (no -q); its stderr goes to MATCH.dealer.err
#   --json          print the result as one JSON object instead of the lines below
#   --quiet         no progress lines on stderr
#   --version       print the version and exit
# Output: per player its chips and mbb/hand with a 95% interval (from MATCH.log: 1000 x chips /
# (big blind x hands), +- 1.96 standard errors of the per-hand results), then the SCORE line last.
# Progress (hands played of HANDS, time, ETA) goes to stderr every 10 s, not with a person seated.
# Exit status: 0 when the match is complete and every player exited 0; the dealer's status when
# it failed; 1 when a player failed (e.g. could not save its model), on timeout or a failed
# start; 2 on bad usage (--help: the usage, exit 0).
set -u

usage() { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; }
usage_error() { usage >&2; exit 2; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dealer="$here/../build/bin/dealer"
[ -x "$dealer" ] || dealer="dealer"
timeout=""
quiet=(-q)
dealer_args=()
json=0
progress=1
while [ $# -gt 0 ]; do
  case "$1" in
    --dealer) dealer="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --dealer-arg) dealer_args+=("$2"); shift 2 ;;
    --verbose) quiet=(); shift ;;
    --json) json=1; shift ;;
    --quiet|-q) progress=0; shift ;;
    -h|--help) usage; exit 0 ;;
    --version) echo "play_match.sh (poker_ai) $(sed -n 's/.*kVersion\[\] = "\(.*\)";/\1/p' "$(dirname "${BASH_SOURCE[0]}")/../cli/version.h")"; exit 0 ;;
    --) shift; break ;;
    -*) echo "play_match.sh: unknown option $1" >&2; usage_error ;;
    *) break ;;
  esac
done
[ $# -ge 8 ] && [ $(( ($# - 4) % 2 )) -eq 0 ] || usage_error
match="$1" game="$2" hands="$3" seed="$4"
shift 4
names=()
commands=()
human_seats=0
while [ $# -gt 0 ]; do
  names+=("$1")
  commands+=("$2")
  read -r -a words <<<"$2"
  [ "$(basename "${words[0]:-}")" = "human" ] && human_seats=$((human_seats + 1))
  shift 2
done
# A game name is given to the dealer as the path of its file: an outside dealer reads paths only.
if [ ! -f "$game" ]; then
  for candidate in "$here/../data/games/$game" "$here/../data/games/$game.game"; do
    if [ -f "$candidate" ]; then
      game="$(cd "$(dirname "$candidate")" && pwd)/$(basename "$candidate")"
      break
    fi
  done
  if [ ! -f "$game" ]; then
    echo "play_match.sh: game '$game' is neither a file nor a game of $here/../data/games" >&2
    exit 1
  fi
fi
# A person thinks in seconds, not milliseconds: unless the command line sets them, the dealer's
# time limits (the server's defaults allow 7 s per hand on average) become an hour per reply and
# per hand, and the match waits a day.
if [ "$human_seats" -gt 0 ]; then
  for limit in --t_response --t_hand --t_per_hand; do
    given=0
    for arg in "${dealer_args[@]}"; do
      case "$arg" in "$limit"*) given=1 ;; esac
    done
    [ "$given" -eq 1 ] || dealer_args+=("$limit" 3600000)
  done
  progress=0
fi
[ -n "$timeout" ] || { [ "$human_seats" -gt 0 ] && timeout=86400 || timeout=3600; }
# The person's keyboard: players started in the background read /dev/null, so the script's own
# input is kept on fd 3 for the `human` seats.
exec 3<&0

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

player_pids=()
for i in "${!commands[@]}"; do
  # exec: the recorded pid is the agent itself, so cleanup reaches it.
  read -r -a words <<<"${commands[$i]}"
  if [ "$(basename "${words[0]}")" = "human" ]; then
    bash -c "exec ${commands[$i]} 127.0.0.1 ${port_list[$i]}" <&3 >&2 &
  else
    bash -c "exec ${commands[$i]} 127.0.0.1 ${port_list[$i]}" >&2 &
  fi
  pids+=("$!")
  player_pids+=("$!")
done

# A player's exit status, once it has ended (reaped once; "" while it runs).
player_status=()
reap_player() {
  local i="$1"
  [ -n "${player_status[$i]:-}" ] && return 0
  kill -0 "${player_pids[$i]}" 2>/dev/null && return 0
  wait "${player_pids[$i]}"
  player_status[$i]=$?
}

started=$(date +%s)
deadline=$(( started + timeout ))
next_progress=$(( started + 10 ))
while kill -0 "$dealer_pid" 2>/dev/null; do
  if [ "$progress" -eq 1 ] && [ "$(date +%s)" -ge "$next_progress" ] && [ -f "$match.log" ]; then
    next_progress=$(( next_progress + 10 ))
    done_hands=$(grep -c '^STATE:' "$match.log")
    elapsed=$(( $(date +%s) - started ))
    if [ "$done_hands" -gt 0 ]; then
      eta="$(( elapsed * (hands - done_hands) / done_hands )) s"
    else
      eta="?"
    fi
    echo "play_match.sh: $done_hands / $hands hands ($(( 100 * done_hands / hands ))%), ${elapsed} s, ETA $eta" >&2
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    echo "play_match.sh: timed out after ${timeout}s" >&2
    exit 1
  fi
  # A player that fails before the match ends (e.g. an unwritable --save-model, a bad option)
  # would leave the dealer waiting for its seat: stop now.
  for i in "${!player_pids[@]}"; do
    reap_player "$i"
    if [ "${player_status[$i]:-0}" -ne 0 ]; then
      echo "play_match.sh: player ${names[$i]} exited with status ${player_status[$i]}" >&2
      exit 1
    fi
  done
  sleep 0.1
done
wait "$dealer_pid"
status=$?

# The players end when the dealer closes; a player that fails (e.g. cannot save its model, which
# it writes after the match) fails the run. They get until the deadline to finish.
players_failed=0
for i in "${!player_pids[@]}"; do
  pid="${player_pids[$i]}"
  while kill -0 "$pid" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    echo "play_match.sh: player ${names[$i]} did not exit after the match" >&2
    players_failed=1
    continue
  fi
  reap_player "$i"
  if [ "${player_status[$i]}" -ne 0 ]; then
    echo "play_match.sh: player ${names[$i]} exited with status ${player_status[$i]}" >&2
    players_failed=1
  fi
done

# Per player: chips, mbb/hand and its 95% interval, from the dealer's log (when it wrote one).
big_blind=$(awk 'tolower($1) == "blind" { m = 0; for (i = 2; i <= NF; ++i) { v = $i;
  sub("=", "", v); if (v + 0 > m) m = v + 0 } print m }' "$game")
per_player() {
  [ "$status" -eq 0 ] && [ -f "$match.log" ] || return 0
  awk -F: -v bb="$big_blind" -v json="$json" '/^STATE:/ {
      split($5, v, "|"); k = split($6, n, "|");
      for (i = 1; i <= k; ++i) { p = n[i]; x = v[i] + 0; s[p] += x; ss[p] += x * x; h[p]++ }
    }
    END {
      for (p in h) {
        mean = s[p] / h[p];
        sd = h[p] > 1 ? sqrt((ss[p] - h[p] * mean * mean) / (h[p] - 1)) : 0;
        if (json) {
          q = p; gsub(/\\/, "\\\\\\\\", q); gsub(/"/, "\\\"", q);
          printf "{\"name\": \"%s\", \"chips\": %.0f, \"hands\": %d, \"mbb_per_hand\": %.1f, \"ci95\": %.1f}\n",
            q, s[p], h[p], 1000 * mean / bb, 1000 * 1.96 * sd / sqrt(h[p]) / bb
        } else {
          printf "%-16s %12.0f chips in %d hands = %9.1f mbb/hand +- %.1f (95%% interval)\n",
            p, s[p], h[p], 1000 * mean / bb, 1000 * 1.96 * sd / sqrt(h[p]) / bb
        }
      }
    }' "$match.log" | sort
}
score="$(grep '^SCORE:' "$workdir/out" | tail -n 1)"
if [ "$json" -eq 1 ]; then
  players="$(per_player | paste -sd, -)"
  json_text() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }
  printf '{"match": "%s", "game": "%s", "hands": %s, "seed": %s, "big_blind": %s, "complete": %s, "dealer_status": %s, "players_failed": %s, "players": [%s], "score": "%s"}\n' \
    "$(json_text "$match")" "$(json_text "$game")" "$hands" "$seed" "${big_blind:-0}" \
    "$([ "$status" -eq 0 ] && echo true || echo false)" "$status" \
    "$([ "$players_failed" -eq 0 ] && echo false || echo true)" "$players" "$(json_text "$score")"
else
  per_player
  [ -z "$score" ] || echo "$score"
fi
if [ "$status" -ne 0 ]; then
  echo "play_match.sh: the dealer exited with status $status; last lines of $dealer_err:" >&2
  tail -n 5 "$dealer_err" >&2
  exit "$status"
fi
[ "$players_failed" -eq 0 ] || exit 1
exit 0
