#!/usr/bin/env bash
# The agent against each rule-based bot over TCP through our dealer: every match once through
# tools/play_match.sh and once with the dealer started directly (ports read from its first
# stdout line). Prints mbb/hand with 95% intervals from the dealer's log and the agent's
# decision times. Heads-up no-limit 50/100, 20000 stacks; the bundled model; opponents unnamed.
# Results: out/experiments/tcp/.
#
# Usage: tools/experiments/tcp_matches.sh [--bin DIR] [--hands N] [--styles "la lp ..."]
#   defaults: build/bin, 1000 hands, all seven styles
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
hands=1000
styles="la lp ta tp station raiser random"
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --hands) hands="$2"; shift 2 ;;
    --styles) styles="$2"; shift 2 ;;
    *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
game="$root/data/games/holdem.nolimit.2p.reverse_blinds.game"
out="$root/out/experiments/tcp"
mkdir -p "$out"
cd "$out"

# mbb/hand of `agent` from a dealer log, with the 95% interval (1.96 standard errors).
result() {
  awk -F: '/^STATE:/ { split($5, v, "|"); split($6, n, "|");
      for (i in n) if (n[i] == "agent") { x = v[i] + 0; s += x; ss += x * x; h++ } }
    END { m = s / h; sd = sqrt((ss - h * m * m) / (h - 1));
      printf "%8.1f +- %6.1f mbb/hand over %d hands", 10 * m, 10 * 1.96 * sd / sqrt(h), h }' "$1"
}

agent_cmd() {  # $1: decision log
  echo "$bin/agent --game $game --seed 1 --decision-log $1 --quiet"
}

for style in $styles; do
  # Through play_match.sh.
  name="pm_$style"
  "$root/tools/play_match.sh" --dealer "$bin/dealer" --timeout 1800 "$name" "$game" "$hands" 31 \
    agent "$(agent_cmd "$out/$name.jsonl")" \
    "$style" "$bin/bot --style $style --seed 7 --game $game" >/dev/null
  warnings=$(grep -c WARNING "$name.dealer.err" || true)
  printf "play_match.sh  agent vs %-8s %s, dealer warnings %s\n" "$style" "$(result "$name.log")" \
    "$warnings"

  # The dealer directly.
  name="direct_$style"
  "$bin/dealer" "$name" "$game" "$hands" 32 agent "$style" -q >"$name.out" 2>"$name.dealer.err" &
  dealer_pid=$!
  for _ in $(seq 1 100); do [ -s "$name.out" ] && break; sleep 0.1; done
  read -r port_agent port_bot <"$name.out"
  $(agent_cmd "$out/$name.jsonl") 127.0.0.1 "$port_agent" 2>"$name.agent.err" &
  agent_pid=$!
  "$bin/bot" --style "$style" --seed 7 --game "$game" 127.0.0.1 "$port_bot" 2>/dev/null &
  bot_pid=$!
  wait "$dealer_pid"; dealer_status=$?
  wait "$agent_pid"; agent_status=$?
  wait "$bot_pid" || true
  warnings=$(grep -c WARNING "$name.dealer.err" || true)
  printf "dealer direct  agent vs %-8s %s, dealer warnings %s, exits dealer %d agent %d\n" \
    "$style" "$(result "$name.log")" "$warnings" "$dealer_status" "$agent_status"
done
echo "decision times (play_match.sh runs):"
python3 "$here/timing.py" "$out"/pm_*.jsonl | grep -E "decisions|wall ms"
