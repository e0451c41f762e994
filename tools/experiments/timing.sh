#!/usr/bin/env bash
# Decision time per action with default settings, from the agent's decision log (docs/agent.md):
# heads-up (the bundled model, against TA, 2000 hands in the arena) and 6-player (a model trained
# on a 6-player arena corpus of the bot styles, the agent against LA, LP, TA, TP and random,
# 1000 hands). Results: out/experiments/timing/.
# Usage: tools/experiments/timing.sh [--bin DIR]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
[ "${1:-}" = "--bin" ] && bin="$2"
out="$root/out/experiments/timing"
rm -rf "$out"
mkdir -p "$out/corpus6"
hu="$root/data/games/holdem.nolimit.2p.reverse_blinds.game"
six="$root/data/games/holdem.nolimit.6p.game"

"$bin/arena" --game "$hu" --hands 2000 --seed 77 -q \
  --player "agent=agent:model=$root/data/models/default.pb,log=$out/hu.jsonl" \
  --player ta=bot:style=ta,seed=3 | sed -n 3p

# A 6-player corpus: the styles in rotating seats, 4 tables of 5000 hands.
styles=(la lp ta tp station raiser random)
for t in 0 1 2 3; do
  args=()
  for s in 0 1 2 3 4 5; do
    st="${styles[$(( (t + s) % 7 ))]}"
    args+=(--player "$st=bot:style=$st,seed=$((10 * t + s))")
  done
  "$bin/arena" --game "$six" --hands 5000 --seed $((300 + t)) -q "${args[@]}" \
    --log "$out/corpus6/table$t.log" >/dev/null
done
# --no-street-context: the model the documented timings were taken with.
"$bin/trainer" train --logs "$out/corpus6" --game "$six" --out "$out/model6.pb" --threads 2 -q \
  --no-street-context
"$bin/arena" --game "$six" --hands 1000 --seed 78 -q \
  --player "agent=agent:model=$out/model6.pb,log=$out/6p.jsonl" \
  --player la=bot:style=la,seed=1 --player lp=bot:style=lp,seed=2 \
  --player ta=bot:style=ta,seed=3 --player tp=bot:style=tp,seed=4 \
  --player random=bot:style=random,seed=5 | sed -n 3p
python3 "$here/timing.py" "$out/hu.jsonl" "$out/6p.jsonl" | tee "$out/timing.txt"
