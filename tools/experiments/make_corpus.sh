#!/usr/bin/env bash
# Writes a training corpus of bot-against-bot matches played in the arena: every pair of the
# rule-based styles (la lp ta tp station raiser random: 21 pairs), HANDS hands each, one ACPC log
# per pair named <a>_<b>.log. Deterministic: the same arguments give the same files.
#
# Usage: tools/experiments/make_corpus.sh [--bin DIR] [--game FILE] [--hands N] [--seed S] OUT_DIR
#   --bin    folder of the arena program (default: build/bin)
#   --game   .game file (default: data/games/holdem.nolimit.2p.reverse_blinds.game)
#   --hands  hands per pair (default 2000: 42,000 hands in all)
#   --seed   base of the deal seeds (default 100; pair i uses seed + i)
# Progress: one line per pair on stderr ("pair 3/21 la_ta").
# Exit status: 0 done, 1 an arena run failed, 2 bad usage (--help: the usage, exit 0).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
game="$root/data/games/holdem.nolimit.2p.reverse_blinds.game"
hands=2000
seed=100
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
usage_error() { usage >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --game) game="$2"; shift 2 ;;
    --hands) hands="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "make_corpus.sh: unknown option $1" >&2; usage_error ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || usage_error
out="$1"
mkdir -p "$out"
styles=(la lp ta tp station raiser random)
i=0
for ((a = 0; a < ${#styles[@]}; ++a)); do
  for ((b = a + 1; b < ${#styles[@]}; ++b)); do
    i=$((i + 1))
    x="${styles[$a]}" y="${styles[$b]}"
    echo "   pair $i/21 ${x}_${y} ($hands hands)" >&2
    "$bin/arena" --game "$game" --hands "$hands" --seed $((seed + i)) --match-name "${x}_${y}" \
      --player "$x=bot:style=$x,seed=$i" --player "$y=bot:style=$y,seed=$((i + 50))" \
      --log "$out/${x}_${y}.log" -q >/dev/null || { echo "make_corpus.sh: arena failed" >&2; exit 1; }
  done
done
echo "make_corpus.sh: $i matches x $hands hands in $out"
