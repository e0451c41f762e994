#!/usr/bin/env bash
# Solver runs at several budgets as a Slurm job array: task I runs
# `solver train --game G --abstraction SPEC --iterations B_I --seed S --out F`, then the merge
# checks every run is there and writes a table of budgets and files. A run is recorded only when
# its strategy holds the budget's iterations (`solver inspect`): a run stopped by Slurm's time
# limit (SIGTERM) writes no strategy and keeps its checkpoint (F.ckpt), from which the same command
# resumes it.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
  cat <<HELP
Usage: tools/cluster/solver.sh --dir DIR --game G --abstraction SPEC --budgets N1,N2,...
                               [--seed S] [options] [-- SOLVER_TRAIN_OPTION...]
One \`solver train\` per budget (iterations) into DIR/NAME/shards/iterations_N.policy, then
DIR/NAME/runs.tsv: one line per run, "iterations<TAB>file". A run counts once its strategy
holds the budget's iterations; one stopped before (Slurm's time limit) keeps its checkpoint
(iterations_N.policy.ckpt) and the same command resumes it.
  --game G          the game (as solver train --game)
  --abstraction SPEC  the abstraction (as solver train --abstraction)
  --budgets LIST    iteration counts, separated by commas
  --seed S          seed of every run (default 1)
$CL_COMMON_HELP
HELP
}

game="" abstraction="" budgets="" seed=1 extra=()
option() {
  case "$1" in
    --game | --abstraction | --budgets | --seed)
      [[ $# -ge 2 ]] || cl_usage_error "$1 needs a value"
      case "$1" in
        --game) game="$2" ;; --abstraction) abstraction="$2" ;; --budgets) budgets="$2" ;;
        --seed) seed="$2" ;;
      esac
      CL_SHIFT=2
      ;;
  esac
}
cl_parse_options option "$@"
extra=("${CL_EXTRA[@]}")
[[ -n "$game" ]] || cl_usage_error "--game is required"
[[ -n "$abstraction" ]] || cl_usage_error "--abstraction is required"
[[ "$budgets" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || cl_usage_error "--budgets: positive whole numbers separated by commas"
cl_check_whole --seed "$seed"
[[ -f "$game" ]] && game="$(realpath "$game")"
IFS=, read -r -a budget_list <<<"$budgets"
cl_prepare solver
solver="$(cl_program solver)" || exit 1

cl_submit "${#budget_list[@]}" \
  "  local budgets=(${budget_list[*]}); echo $(printf '%q' "$CL_EXP/shards")/iterations_\${budgets[\$1]}.policy" \
  "  local budgets=(${budget_list[*]}) resume=() reached
  [[ -f \"\$OUT.ckpt\" ]] && resume=(--resume \"\$OUT.ckpt\")
  $(cl_quote "$solver" train --game "$game" --abstraction "$abstraction" --seed "$seed" "${extra[@]}") --iterations \"\${budgets[I]}\" --checkpoint \"\$OUT.ckpt\" \"\${resume[@]}\" --out \"\$TMP\" || return
  reached=\$($(cl_quote "$solver") inspect \"\$TMP\" | sed -n 's/.* \\([0-9][0-9]*\\) iterations (.*/\\1/p' | head -n 1)
  if ! [[ \"\$reached\" =~ ^[0-9]+\$ ]] || (( reached < budgets[I] )); then
    echo \"\$EXP: shard \$I: \$TMP holds \${reached:-no} iterations, not the budget \${budgets[I]}\" >&2
    return 1
  fi
  rm -f \"\$OUT.ckpt\"" \
  "  local budgets=(${budget_list[*]}); for ((i = 0; i < N; ++i)); do printf '%s\t%s\n' \"\${budgets[i]}\" \"\${SHARDS[i]}\"; done >\"\$TMP\"" \
  "$CL_EXP/runs.tsv"
