#!/usr/bin/env bash
# The bundled blueprints in the arena (docs/solver.md): duplicate matches of 10,000 deals (20,000
# hands) against `bot --style ta` and against the agent (policy fold, its default model), limit
# and no-limit; then the cfr policy's decision time from the agent's decision log (1,000 deals).
# `nolimit` plays the cap-3 file (the strongest), `nolimit-cap2` the search's base.
# Results (JSON per match): out/experiments/solver_matches/.
# Usage: tools/experiments/solver_matches.sh [--bin DIR] [--seeds TA_SEED,AGENT_SEED]
#                                            [limit|nolimit|nolimit-cap2|all] [DEALS]
# (seeds 1,2 by default; the decision-time run uses TA_SEED + 2).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
seed_ta=1
seed_agent=2
while [ "${1:-}" = "--bin" ] || [ "${1:-}" = "--seeds" ]; do
  if [ "$1" = "--bin" ]; then bin="$2"; else seed_ta="${2%,*}"; seed_agent="${2#*,}"; fi
  shift 2
done
which="${1:-all}"
deals="${2:-10000}"
out="$root/out/experiments/solver_matches"
mkdir -p "$out"
uptime | tee "$out/uptime.txt"

run() {  # kind game strategy
  local kind="$1" game="$2" strategy="$3"
  "$bin/arena" --game "$game" --hands "$deals" --seed "$seed_ta" --duplicate --json --quiet \
    --player "CFR=bot:style=cfr,strategy=$strategy" --player "TA=bot:style=ta" \
    | tee "$out/$kind.vs_ta.seed$seed_ta.json"
  "$bin/arena" --game "$game" --hands "$deals" --seed "$seed_agent" --duplicate --json --quiet \
    --player "CFR=bot:style=cfr,strategy=$strategy" --player "AGENT=agent:policy=fold" \
    | tee "$out/$kind.vs_agent.seed$seed_agent.json"
  rm -f "$out/$kind.decisions.jsonl"
  "$bin/arena" --game "$game" --hands 1000 --seed "$((seed_ta + 2))" --json --quiet \
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
    "$root/data/strategies/holdem.nolimit.2p.cap3.strategy"
fi
if [ "$which" = nolimit-cap2 ]; then
  run nolimit-cap2 "$root/data/games/holdem.nolimit.2p.reverse_blinds.game" \
    "$root/data/strategies/holdem.nolimit.2p.strategy"
fi
