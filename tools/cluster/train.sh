#!/usr/bin/env bash
# Opponent-model training on a folder of logs as a Slurm job array: shard I runs
# `trainer train --shard I/N` (files I, I+N, ... of the sorted list), then `trainer merge` pools
# the shards into one model, byte-identical to one `trainer train` over all the logs.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
  cat <<HELP
Usage: tools/cluster/train.sh --dir DIR --logs PATH... --game GAME --shards N [options]
                              [-- TRAINER_TRAIN_OPTION...]
Trains an opponent model on logs in N shards (trainer train --shard I/N), then merges them
(trainer merge) into DIR/NAME/model.pb.
  --logs PATH...    log files and folders (as trainer train --logs; absolute or relative here)
  --game GAME       a .game file or a name in data/games (as trainer train --game)
  --shards N        number of shards (at most the number of log files; default 4)
  --min-hands N     players with fewer hands get no model of their own (applied by the merge)
  -- ...            further options for every \`trainer train\` (e.g. --strip-name-suffix)
$CL_COMMON_HELP
HELP
}

logs=() game="" shards=4 min_hands="" extra=()
option() {
  case "$1" in
    --logs)
      CL_SHIFT=1
      shift
      while [[ $# -gt 0 && "$1" != --* ]]; do logs+=("$1") CL_SHIFT=$((CL_SHIFT + 1)); shift; done
      ;;
    --game | --shards | --min-hands)
      [[ $# -ge 2 ]] || cl_usage_error "$1 needs a value"
      case "$1" in --game) game="$2" ;; --shards) shards="$2" ;; --min-hands) min_hands="$2" ;; esac
      CL_SHIFT=2
      ;;
  esac
}
cl_parse_options option "$@"
extra=("${CL_EXTRA[@]}")
((${#logs[@]} > 0)) || cl_usage_error "--logs is required"
[[ -n "$game" ]] || cl_usage_error "--game is required"
cl_check_positive --shards "$shards"
[[ -z "$min_hands" ]] || cl_check_whole --min-hands "$min_hands"
cl_prepare train
trainer="$(cl_program trainer)" || exit 1

# The paths as given: the tasks run in this folder (cl_submit), and the model's provenance then
# names the files as `trainer train --logs` given the same paths here does, so that the merged
# model is byte for byte that one-process model.
log_paths=()
for path in "${logs[@]}"; do
  [[ -e "$path" ]] || cl_die "no such log file or folder: $path"
  log_paths+=("$path")
done
[[ -f "$game" ]] && game="$(realpath "$game")"
files=$(find "${log_paths[@]}" \( -name '*.log' -o -name '*.log.gz' -o -name '*.log.bz2' \) -type f 2>/dev/null | wc -l)
((files > 0)) || cl_die "no *.log, *.log.gz or *.log.bz2 files in ${logs[*]}"
((shards <= files)) || cl_die "--shards $shards is more than the $files log files (a shard is a set of whole files)"
games_dir=(--games-dir "$CL_ROOT/data/games")
min_train=() min_merge=()
if [[ -n "$min_hands" ]]; then min_train=(--min-hands "$min_hands"); min_merge=(--min-hands "$min_hands"); fi

cl_submit "$shards" \
  "  echo $(printf '%q' "$CL_EXP/shards")/part_\$1.pb" \
  "  $(cl_quote "$trainer" train --logs "${log_paths[@]}" --game "$game" "${games_dir[@]}" "${min_train[@]}" "${extra[@]}") -q --shard \"\$I/\$N\" --out \"\$TMP\"" \
  "  $(cl_quote "$trainer" merge) \"\${SHARDS[@]}\" $(cl_quote "${min_merge[@]}") --out \"\$TMP\"" \
  "$CL_EXP/model.pb"
