#!/usr/bin/env bash
# Arena check of online learning outside heads-up no-limit: the agent as it now plays
# (the bundled model of the game when there is one, else an empty model learned online) against
# the agent as it played before (`model=none,learn=0`: DFmodel only, nothing learned), each
# against the same rule bots on the same duplicate deals. Prints one arena line per match.
#
# Usage: tools/experiments/learn_everywhere.sh [--bin DIR] [--hands N] (default N: 1000)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
hands=1000
exp_bin_and_hands "$@"
cd "$root"
agents=("now=agent:policy=fold" "before=agent:policy=fold,model=none,learn=0")
for spec in "${agents[@]}"; do
  for bot in ta lp station; do
    echo "== limit 2p, ${spec%%=*} vs $bot"
    "$bin/arena" --game data/games/holdem.limit.2p.reverse_blinds.game --hands "$hands" \
      --seed 41 --duplicate --player "$spec" --player "$bot=bot:style=$bot" -q
  done
  for pair in "ta lp" "la tp"; do
    set -- $pair
    echo "== nolimit 3p, ${spec%%=*} vs $1 $2"
    "$bin/arena" --game data/games/holdem.nolimit.3p.game --hands "$hands" --seed 42 \
      --duplicate --player "$spec" --player "$1=bot:style=$1" --player "$2=bot:style=$2" -q
  done
done
