#!/usr/bin/env bash
# 003's experiment in the arena: heads-up no-limit, blinds 50/100, stacks 20000 reset every hand;
# the agent with a model (policy fold, online learning, static for its first 500 hands) and the
# `static` baseline (fold's thresholds against uniform ranges), each against LA, LP, TA and TP,
# duplicate matches of HANDS deals (x2 hands), 95% intervals. Results: out/experiments/003/.
#
# Usage: tools/experiments/exp003.sh [--bin DIR] [--model FILE] [--hands N] [--seed S]
#   defaults: build/bin, data/models/default.pb, 5000 deals, seed 2024 (the reported run; the
#   parameters were tuned on seeds 101-203, see docs/agent.md)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
model="$root/data/models/default.pb"
hands=5000
seed=2024
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --model) model="$2"; shift 2 ;;
    --hands) hands="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
out="$root/out/experiments/003"
mkdir -p "$out"
python3 "$here/compare.py" --bin "$bin" --model "$model" --hands "$hands" --seed "$seed" \
  --bot-seed 11 --opponents la,lp,ta,tp --variant model=policy=fold \
  --variant static=policy=static --log-dir "$out/logs" --out "$out/results.jsonl" \
  | tee "$out/results_seed$seed.txt"
