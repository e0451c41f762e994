#!/usr/bin/env bash
# A ring-match experiment as a Slurm job array: shard I plays the I-th of N consecutive ranges of
# the deals (`arena --shard I/N`), then `arena merge` pools the shards' sums into the result of
# one run over all the deals (duplicate intervals still paired by deal).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
  cat <<HELP
Usage: tools/cluster/arena.sh --dir DIR --game FILE --hands H --player NAME=SPEC... --shards N
                              [--seed S] [--duplicate] [options] [-- ARENA_OPTION...]
Plays H deals of seed S in N shards of consecutive deals (arena --shard I/N), then merges them
(arena merge) into DIR/NAME/result.json.
  --game FILE       the .game file
  --hands H         deals in all (each shard plays about H/N)
  --seed S          the deal seed (default 0)
  --player NAME=SPEC  once per seat, in seat order (as arena --player)
  --duplicate       play every deal in every rotation of the seats (as arena --duplicate)
  --shards N        number of shards (default 4)
  -- ...            further options for every \`arena\` (e.g. --fixed-seats)
$CL_COMMON_HELP
HELP
}

game="" hands="" seed=0 shards=4 players=() duplicate=() extra=()
option() {
  case "$1" in
    --duplicate) duplicate=(--duplicate) CL_SHIFT=1 ;;
    --game | --hands | --seed | --shards | --player)
      [[ $# -ge 2 ]] || cl_usage_error "$1 needs a value"
      case "$1" in
        --game) game="$2" ;; --hands) hands="$2" ;; --seed) seed="$2" ;;
        --shards) shards="$2" ;; --player) players+=(--player "$2") ;;
      esac
      CL_SHIFT=2
      ;;
  esac
}
cl_parse_options option "$@"
extra=("${CL_EXTRA[@]}")
[[ -n "$game" ]] || cl_usage_error "--game is required"
cl_check_positive --hands "$hands"
cl_check_whole --seed "$seed"
cl_check_positive --shards "$shards"
((shards <= hands)) || cl_usage_error "--shards $shards is more than the $hands deals"
((${#players[@]} > 0)) || cl_usage_error "--player is required (once per seat)"
[[ -f "$game" ]] || cl_die "no game file $game"
game="$(realpath "$game")"
cl_prepare arena
arena="$(cl_program arena)" || exit 1

cl_submit "$shards" \
  "  echo $(printf '%q' "$CL_EXP/shards")/part_\$1.json" \
  "  $(cl_quote "$arena" --game "$game" --hands "$hands" --seed "$seed" "${players[@]}" "${duplicate[@]}" "${extra[@]}") -q --shard \"\$I/\$N\" --out \"\$TMP\"" \
  "  $(cl_quote "$arena") merge \"\${SHARDS[@]}\" --out \"\$TMP\"" \
  "$CL_EXP/result.json"
