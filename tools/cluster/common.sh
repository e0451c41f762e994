# Shared by the tools/cluster scripts (sourced, not run): the common options, and the submission
# of one experiment as a Slurm job array of shards plus a merge job that waits for it
# (`sbatch --array`, `--dependency=afterok`), or the same tasks run one after the other here
# (`--local`).
#
# An experiment lives in DIR/NAME/ on a file system every node sees:
#   jobs/task.sh, jobs/merge.sh   the scripts Slurm runs (also runnable by hand: task.sh I)
#   shards/                       one output per shard, written to a temporary name and renamed
#   logs/                         Slurm's output per task (task_I.out) and of the merge
# A task whose output is already there does nothing, so submitting the same command again runs
# only the missing shards (after a failure or a re-queue). The merge refuses an incomplete set
# and lists the missing shards.

CL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CL_DIR=""
CL_NAME=""
CL_LOCAL=0
CL_BIN="$CL_ROOT/build/bin"
CL_SBATCH=()
CL_SHIFT=0

CL_COMMON_HELP='Common options:
  --dir DIR         shared folder for inputs and outputs (required; every node must see it)
  --name NAME       experiment name: its folder is DIR/NAME (default: the script'"'"'s kind)
  --local           run the tasks here one after the other, then the merge (no Slurm)
  --bin DIR         the project'"'"'s programs (default: build/bin of this checkout)
  --sbatch ARG      extra option for every sbatch call (repeat), e.g. --sbatch --partition=short
                    --sbatch --time=1:00:00 --sbatch --cpus-per-task=2
  -h, --help        this help
Without --local it prints the job ids of the shard array and of the merge job, and where the
merged result will be. Submitting again runs only the shards whose output is missing.
Exit status: 0 submitted (or, with --local, done), 1 failure, 2 bad command line.'

cl_die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

cl_usage_error() {
  echo "$(basename "$0"): $*" >&2
  echo "($(basename "$0") --help for usage)" >&2
  exit 2
}

# Handles one common option at "$@"; sets CL_SHIFT to the words used (0: not a common option).
cl_common_option() {
  CL_SHIFT=0
  case "$1" in
    --dir | --name | --bin | --sbatch)
      [[ $# -ge 2 ]] || cl_usage_error "$1 needs a value"
      case "$1" in
        --dir) CL_DIR="$2" ;;
        --name) CL_NAME="$2" ;;
        --bin) CL_BIN="$2" ;;
        --sbatch) CL_SBATCH+=("$2") ;;
      esac
      CL_SHIFT=2
      ;;
    --local) CL_LOCAL=1 CL_SHIFT=1 ;;
  esac
}

# cl_parse_options HANDLER ARG...: reads a script's command line. -h/--help prints `usage` and
# exits 0; words after -- go to the array CL_EXTRA; every other option is offered first to
# HANDLER (called with the remaining words; it sets CL_SHIFT to the words it used, 0 when the
# option is not its own), then to cl_common_option; an option neither knows is a usage error.
CL_EXTRA=()
cl_parse_options() {
  local handler="$1"
  shift
  while [[ $# -gt 0 ]]; do
    case "$1" in
      -h | --help) usage; exit 0 ;;
      --) shift; CL_EXTRA=("$@"); break ;;
    esac
    CL_SHIFT=0
    "$handler" "$@"
    ((CL_SHIFT > 0)) || cl_common_option "$@"
    ((CL_SHIFT > 0)) || cl_usage_error "unknown option $1"
    shift "$CL_SHIFT"
  done
}

# Option OPTION's value VALUE must be a whole number (0, 1, ...), else a usage error.
cl_check_whole() {
  [[ "$2" =~ ^[0-9]+$ ]] || cl_usage_error "$1 must be a whole number"
}

# Option OPTION's value VALUE must be a positive whole number, else a usage error.
cl_check_positive() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || cl_usage_error "$1 must be a positive whole number"
}

# Checks the common options; makes DIR and BIN absolute and creates DIR/NAME/{jobs,shards,logs}.
cl_prepare() {
  local default_name="$1"
  [[ -n "$CL_DIR" ]] || cl_usage_error "--dir is required"
  [[ -n "$CL_NAME" ]] || CL_NAME="$default_name"
  [[ "$CL_NAME" =~ ^[A-Za-z0-9._-]+$ ]] || cl_usage_error "--name: letters, digits, . _ - only"
  mkdir -p "$CL_DIR" || cl_die "cannot create $CL_DIR"
  CL_DIR="$(cd "$CL_DIR" && pwd)"
  [[ -d "$CL_BIN" ]] || cl_die "no folder $CL_BIN (build the project, or give --bin)"
  CL_BIN="$(cd "$CL_BIN" && pwd)"
  CL_EXP="$CL_DIR/$CL_NAME"
  mkdir -p "$CL_EXP/jobs" "$CL_EXP/shards" "$CL_EXP/logs" || cl_die "cannot create $CL_EXP"
}

# A program of the project, or a failure naming it.
cl_program() {
  [[ -x "$CL_BIN/$1" ]] || cl_die "no program $CL_BIN/$1 (build it, or give --bin)"
  echo "$CL_BIN/$1"
}

# Words quoted for a bash script.
cl_quote() {
  local out=() word
  for word in "$@"; do out+=("$(printf '%q' "$word")"); done
  echo "${out[*]}"
}

# cl_submit COUNT OUTPUT_FUNCTION TASK_BODY MERGE_BODY RESULT
#   COUNT            shards (task indices 0..COUNT-1)
#   OUTPUT_FUNCTION  bash text printing shard $1's output path
#   TASK_BODY        bash text run for shard $I of $N: writes its output to "$TMP" (a file or
#                    a folder); renamed to the output when it succeeds
#   MERGE_BODY       bash text run once every output exists (array SHARDS, in index order):
#                    writes the merged result to "$TMP"; renamed to RESULT when it succeeds
#   RESULT           the merged result's path
cl_submit() {
  local count="$1" output_function="$2" task_body="$3" merge_body="$4" result="$5"
  local task="$CL_EXP/jobs/task.sh" merge="$CL_EXP/jobs/merge.sh"
  local prelude
  # Tasks run in the folder the script was called from (as sbatch does by default), so relative
  # paths in the options mean what they meant on the command line.
  prelude="set -uo pipefail
cd $(printf '%q' "$PWD") || exit 1
EXP=$(printf '%q' "$CL_NAME")
N=$count
RESULT=$(printf '%q' "$result")
shard_output() {
$output_function
}"
  cat >"$task.tmp" <<EOF || cl_die "cannot write $task"
#!/usr/bin/env bash
# Shard I of experiment $CL_NAME: \`task.sh I\`, or by Slurm with SLURM_ARRAY_TASK_ID.
$prelude
I="\${1:-\${SLURM_ARRAY_TASK_ID:-}}"
if ! [[ "\$I" =~ ^[0-9]+\$ ]] || (( I >= N )); then
  echo "\$EXP: task.sh needs a shard index 0..\$((N - 1)) (argument or SLURM_ARRAY_TASK_ID)" >&2
  exit 2
fi
OUT="\$(shard_output "\$I")"
if [[ -e "\$OUT" ]]; then
  echo "\$EXP: shard \$I/\$N already done: \$OUT"
  exit 0
fi
TMP="\$OUT.tmp.\${SLURM_JOB_ID:-local}.\$\$"
rm -rf "\$TMP"
run_shard() {
$task_body
}
run_shard
status=\$?
if (( status != 0 )) || [[ ! -e "\$TMP" ]]; then
  rm -rf "\$TMP"
  echo "\$EXP: shard \$I/\$N FAILED (exit \$status) on \$(hostname); output \$OUT not written" >&2
  exit \$(( status == 0 ? 1 : status ))
fi
mv -T "\$TMP" "\$OUT" || { echo "\$EXP: shard \$I/\$N: cannot rename \$TMP to \$OUT" >&2; exit 1; }
echo "\$EXP: shard \$I/\$N done: \$OUT"
EOF
  cat >"$merge.tmp" <<EOF || cl_die "cannot write $merge"
#!/usr/bin/env bash
# Merges the shards of experiment $CL_NAME into $result once all of them exist.
$prelude
SHARDS=()
missing=()
for (( i = 0; i < N; ++i )); do
  out="\$(shard_output "\$i")"
  SHARDS+=("\$out")
  [[ -e "\$out" ]] || missing+=("  shard \$i/\$N: \$out")
done
if (( \${#missing[@]} > 0 )); then
  echo "\$EXP: merge refused: \${#missing[@]} of \$N shards missing:" >&2
  printf '%s\n' "\${missing[@]}" >&2
  exit 1
fi
TMP="\$RESULT.tmp.\${SLURM_JOB_ID:-local}.\$\$"
rm -rf "\$TMP"
run_merge() {
$merge_body
}
run_merge
status=\$?
if (( status != 0 )) || [[ ! -e "\$TMP" ]]; then
  rm -rf "\$TMP"
  echo "\$EXP: merge FAILED (exit \$status); \$RESULT not written" >&2
  exit \$(( status == 0 ? 1 : status ))
fi
rm -rf "\$RESULT"
mv -T "\$TMP" "\$RESULT" || { echo "\$EXP: cannot rename \$TMP to \$RESULT" >&2; exit 1; }
echo "\$EXP: merged \$N shards into \$RESULT"
EOF
  chmod +x "$task.tmp" "$merge.tmp"
  # The same folder for another experiment would mix old shards into the new result. The `cd`
  # line is compared too: the tasks run in the calling folder, so the same command given in another
  # folder reads other files wherever it names a relative path (train.sh passes --logs on as given).
  local file outputs=0
  # Only outputs can be mixed: an experiment none of whose shards finished (every one failed, e.g.
  # on a bad option) is replaced by the new command.
  for file in "$CL_EXP"/shards/* "$result"; do
    [[ -e "$file" && "$file" != *.tmp.* ]] && outputs=1
  done
  for file in "$task" "$merge"; do
    [[ -f "$file" ]] && ! cmp -s "$file" "$file.tmp" || continue
    if ((outputs == 0)); then
      echo "$(basename "$0"): $CL_EXP held another command's experiment with no finished shard: replaced" >&2
      break
    fi
    local only_cd=0
    cmp -s <(grep -v '^cd ' "$file") <(grep -v '^cd ' "$file.tmp") && only_cd=1
    rm -f "$task.tmp" "$merge.tmp"
    if ((only_cd)); then
      cl_die "$CL_EXP holds this command's experiment run from another folder ($(sed -n 's/^cd \(.*\) || exit 1$/\1/p' "$file"); relative paths there may name other files): run it from that folder, give another --name or --dir, or remove that folder"
    fi
    cl_die "$CL_EXP holds another experiment (other options or inputs than this command's; see $file): give another --name or --dir, or remove that folder"
  done
  mv -f "$task.tmp" "$task" && mv -f "$merge.tmp" "$merge" || cl_die "cannot write $CL_EXP/jobs"

  # The shards still to run.
  local todo=() i
  for ((i = 0; i < count; ++i)); do
    [[ -e "$(bash -c "$prelude"$'\n''shard_output "$1"' _ "$i")" ]] || todo+=("$i")
  done

  if ((CL_LOCAL)); then
    local failed=()
    for i in "${todo[@]}"; do
      "$task" "$i" || failed+=("$i")
    done
    ((${#failed[@]} == 0)) || cl_die "shards failed: ${failed[*]} (of $count; run the same command again to retry them)"
    "$merge" || exit 1
    echo "result: $result"
    return 0
  fi

  command -v sbatch >/dev/null || cl_die "no sbatch here (install Slurm's client, or use --local)"
  local array_id="" dependency=()
  if ((${#todo[@]} > 0)); then
    local list
    list="$(IFS=,; echo "${todo[*]}")"
    array_id="$(sbatch --parsable "${CL_SBATCH[@]}" --array="$list" --job-name="$CL_NAME" \
      --output="$CL_EXP/logs/task_%a.out" "$task")" ||
      cl_die "sbatch of the shards failed"
    array_id="${array_id%%;*}"
    dependency=(--dependency="afterok:$array_id" --kill-on-invalid-dep=yes)
    echo "shards: job $array_id (array $list of 0-$((count - 1)); logs $CL_EXP/logs/task_<I>.out)"
  else
    echo "shards: all $count already done"
  fi
  local merge_id
  merge_id="$(sbatch --parsable "${CL_SBATCH[@]}" "${dependency[@]}" --job-name="$CL_NAME-merge" \
    --output="$CL_EXP/logs/merge.out" "$merge")" ||
    cl_die "sbatch of the merge failed"
  merge_id="${merge_id%%;*}"
  echo "merge: job $merge_id (after the shards succeed; log $CL_EXP/logs/merge.out)"
  echo "result: $result"
  echo "jobs: $array_id $merge_id"
}
