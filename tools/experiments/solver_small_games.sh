#!/usr/bin/env bash
# The solver's correctness targets on the small games (docs/solver.md):
#   Kuhn 2p, 10 s on 1 thread: exploitability (target < 0.001) and the first player's value
#   (-1/18); Kuhn 3p, 10 s: NashConv (no equilibrium guarantee with 3 players);
#   Leduc, 120 s on 2 threads with linear weighting and, for comparison, uniform weighting: the
#   exploitability curve (CSV) and docs/solver_leduc.svg.
# Results: out/experiments/solver/. Usage: tools/experiments/solver_small_games.sh [--bin DIR]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
[ "${1:-}" = "--bin" ] && bin="$2"
out="$root/out/experiments/solver"
mkdir -p "$out"
games="$root/data/games"
uptime | tee "$out/uptime.txt"

"$bin/solver" train --game "$games/kuhn.limit.2p.game" --seconds 10 --threads 1 --seed 1 \
  --progress-every 1 --curve "$out/kuhn.csv" --out "$out/kuhn.strategy" 2> "$out/kuhn.log"
tail -2 "$out/kuhn.log"
"$bin/solver" exploitability "$out/kuhn.strategy"
"$bin/solver" train --game "$games/kuhn.limit.3p.game" --seconds 10 --threads 1 --seed 1 \
  --progress-every 1 --out "$out/kuhn3.strategy" 2> "$out/kuhn3.log"
tail -1 "$out/kuhn3.log"
"$bin/solver" exploitability "$out/kuhn3.strategy"
for w in linear uniform; do
  "$bin/solver" train --game "$games/leduc.limit.2p.game" --seconds 120 --threads 2 --seed 1 \
    --weighting "$w" --progress-every 2 --curve "$out/leduc_$w.csv" \
    --out "$out/leduc_$w.strategy" 2> "$out/leduc_$w.log"
  tail -1 "$out/leduc_$w.log"
done
python3 "$here/solver_curve_svg.py" "$root/docs/solver_leduc.svg" \
  "linear weighting=$out/leduc_linear.csv" "uniform weighting=$out/leduc_uniform.csv"
