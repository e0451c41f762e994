#!/usr/bin/env bash
# eval_prediction folds as a Slurm job array: fold I is one eval_prediction run whose held-out
# split is drawn with seed S+I (repeated random hold-out; with --split file, whole files), then
# the folds' JSON are gathered into one file with the mean of every figure over the folds.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
  cat <<HELP
Usage: tools/cluster/eval.sh --dir DIR --folds K [--seed S] [options] -- EVAL_PREDICTION_OPTION...
Runs K eval_prediction folds (fold I: --seed S+I --json), then gathers them into
DIR/NAME/folds.json: {"folds": [each fold's JSON], "files": [...], "mean": {every numeric
field averaged over the folds}}.
  --folds K         number of folds (default 5)
  --seed S          seed of fold 0 (default 1)
  -- ...            the eval_prediction options (--logs, --game, --split, ...; not --seed/--json)
$CL_COMMON_HELP
HELP
}

folds=5 seed=1 extra=()
option() {
  case "$1" in
    --folds | --seed)
      [[ $# -ge 2 ]] || cl_usage_error "$1 needs a value"
      case "$1" in --folds) folds="$2" ;; --seed) seed="$2" ;; esac
      CL_SHIFT=2
      ;;
  esac
}
cl_parse_options option "$@"
extra=("${CL_EXTRA[@]}")
cl_check_positive --folds "$folds"
cl_check_whole --seed "$seed"
((${#extra[@]} > 0)) || cl_usage_error "give the eval_prediction options after --"
quiet=(-q)
for word in "${extra[@]}"; do
  [[ "$word" == --seed || "$word" == --json ]] && cl_usage_error "$word is set per fold by eval.sh"
  # eval_prediction takes its quiet switch once: given already, it is not added again.
  [[ "$word" == --quiet || "$word" == -q ]] && quiet=()
done
cl_prepare eval
program="$(cl_program eval_prediction)" || exit 1

cl_submit "$folds" \
  "  echo $(printf '%q' "$CL_EXP/shards")/fold_\$1.json" \
  "  $(cl_quote "$program" "${extra[@]}" "${quiet[@]}") --json --seed \$(( $seed + I )) >\"\$TMP\"" \
  "  python3 $(cl_quote "$CL_ROOT/tools/cluster/combine.py") folds \"\$TMP\" \"\${SHARDS[@]}\"" \
  "$CL_EXP/folds.json"
