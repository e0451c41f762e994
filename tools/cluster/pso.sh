#!/usr/bin/env bash
# 004's PSO experiment (tools/experiments/pso_experiments.py) with one Slurm task per seed: task
# I runs every opponent and method for seed I of the list into its own folder, then the merge
# joins the seeds' summary CSVs into one.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
  cat <<HELP
Usage: tools/cluster/pso.sh --dir DIR --seeds S1,S2,... [options] [-- PSO_EXPERIMENTS_OPTION...]
Runs pso_experiments.py --seeds S --jobs 1 once per seed into DIR/NAME/shards/seed_S/, then
joins their pso_summary.csv into DIR/NAME/pso_summary.csv (redraw the charts of one seed with
pso_experiments.py --plot-only --out DIR/NAME/shards/seed_S).
  --seeds LIST      seeds, separated by commas (default 1,2,3)
  -- ...            further pso_experiments.py options (--hands, --opponents, --methods, --m ...)
$CL_COMMON_HELP
HELP
}

seeds=1,2,3 extra=()
option() {
  case "$1" in
    --seeds)
      [[ $# -ge 2 ]] || cl_usage_error "$1 needs a value"
      seeds="$2" CL_SHIFT=2
      ;;
  esac
}
cl_parse_options option "$@"
extra=("${CL_EXTRA[@]}")
[[ "$seeds" =~ ^[0-9]+(,[0-9]+)*$ ]] || cl_usage_error "--seeds: whole numbers separated by commas"
IFS=, read -r -a seed_list <<<"$seeds"
cl_prepare pso
cl_program arena >/dev/null

cl_submit "${#seed_list[@]}" \
  "  local seeds=(${seed_list[*]}); echo $(printf '%q' "$CL_EXP/shards")/seed_\${seeds[\$1]}" \
  "  local seeds=(${seed_list[*]}); python3 $(cl_quote "$CL_ROOT/tools/experiments/pso_experiments.py" --bin "$CL_BIN" --jobs 1 "${extra[@]}") --seeds \"\${seeds[I]}\" --out \"\$TMP\"" \
  "  python3 $(cl_quote "$CL_ROOT/tools/cluster/combine.py") csv \"\$TMP\" \"\${SHARDS[@]}\"" \
  "$CL_EXP/pso_summary.csv"
