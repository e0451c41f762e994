#!/usr/bin/env bash
# The bundled blueprints in the arena (docs/solver.md): duplicate matches of 10,000 deals (20,000
# hands) against `bot --style ta` and against the agent (policy fold, its default model), limit
# and no-limit; then the cfr policy's decision time from the agent's decision log (1,000 deals).
# Results (JSON per match): out/experiments/solver_matches/.
# Usage: tools/experiments/solver_matches.sh [--bin DIR] [limit|nolimit|all] [DEALS]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
if [ "${1:-}" = "--bin" ]; then bin="$2"; shift 2; fi
which="${1:-all}"
deals="${2:-10000}"
out="$root/out/experiments/solver_matches"
mkdir -p "$out"
uptime | tee "$out/uptime.txt"

run() {  # kind game strategy
  local kind="$1" game="$2" strategy="$3"
  "$bin/arena" --game "$game" --hands "$deals" --seed 1 --duplicate --json --quiet \
    --player "CFR=bot:style=cfr,strategy=$strategy" --player "TA=bot:style=ta" \
    | tee "$out/$kind.vs_ta.json"
  "$bin/arena" --game "$game" --hands "$deals" --seed 2 --duplicate --json --quiet \
    --player "CFR=bot:style=cfr,strategy=$strategy" --player "AGENT=agent:policy=fold" \
    | tee "$out/$kind.vs_agent.json"
  rm -f "$out/$kind.decisions.jsonl"
  "$bin/arena" --game "$game" --hands 1000 --seed 3 --json --quiet \
    --player "CFR=agent:policy=cfr,strategy=$strategy,log=$out/$kind.decisions.jsonl" \
    --player "TA=bot:style=ta" > /dev/null
  python3 "$here/timing.py" "$out/$kind.decisions.jsonl"
}

if [ "$which" = limit ] || [ "$which" = all ]; then
  run limit "$root/data/games/holdem.limit.2p.reverse_blinds.game" \
    "$root/data/strategies/holdem.limit.2p.strategy"
fi
if [ "$which" = nolimit ] || [ "$which" = all ]; then
  run nolimit "$root/data/games/holdem.nolimit.2p.reverse_blinds.game" \
    "$root/data/strategies/holdem.nolimit.2p.strategy"
fi
