#!/usr/bin/env bash
# Trains the gauntlet's blueprints (docs/strength.md): sparring partners whose abstractions differ
# from the search's base (data/strategies/holdem.nolimit.2p.strategy: 0.5 and 1 pot + all-in, 2
# raises a round, holdem:169,20,20,20). Each is one thread, a fixed seed and a fixed iteration
# count, so the same command writes the same strategy bit for bit (only the header's training
# seconds differ); each took at most about 30 minutes of one core.
#   nolimit-pa       pot and all-in only, 3 raises a round, holdem:169,16,16,16
#   nolimit-pot3     0.5, 1 and 2 pot + all-in, 2 raises a round, holdem:169,16,16,16
#   nolimit-small    small bets, 0.25 and 0.5 pot + all-in, 2 raises a round, holdem:169,16,16,16
#   nolimit-fine128  128 post-flop buckets (6.4 times the base's), 0.75 pot + all-in, 2 raises
#   limit-b16        limit, holdem:169,16,16,16 (a sixteenth of the bundled file's flop buckets)
#   limit-b512       limit, holdem:169,512,512,512 (finer than the bundled 256,256,192; over
#                    2 MB, so not bundled: built here on demand)
#   limit-short      limit, the bundled file's abstraction with 1/33 of its training
# Files: data/strategies/holdem.nolimit.2p.{pa,pot3,small,fine128}.strategy and
# data/strategies/holdem.limit.2p.{b16,b512,short}.strategy; all are bundled but b512.
# Usage: tools/experiments/gauntlet_blueprints.sh [--bin DIR] [--verify] TARGET...
#   TARGET: one of the above, nolimit (every no-limit one), limit, all, or missing (those whose
#           file is not there)
#   --verify  trains into a temporary file and checks that its strategy (the payload) equals
#             the existing file's byte for byte, leaving the file as it is
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

nolimit_targets=(nolimit-pa nolimit-pot3 nolimit-small nolimit-fine128)
limit_targets=(limit-b16 limit-b512 limit-short)
verify=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --verify) verify=1; shift ;;
    nolimit) targets+=("${nolimit_targets[@]}"); shift ;;
    limit) targets+=("${limit_targets[@]}"); shift ;;
    all) targets+=("${nolimit_targets[@]}" "${limit_targets[@]}"); shift ;;
    missing) targets+=(missing); shift ;;
    nolimit-pa | nolimit-pot3 | nolimit-small | nolimit-fine128 | limit-b16 | limit-b512 | \
      limit-short) targets+=("$1"); shift ;;
    *) echo "gauntlet_blueprints.sh: unknown argument $1 (--help for the usage)" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || {
  echo "gauntlet_blueprints.sh: name a target (--help for the usage)" >&2
  exit 2
}
out="$root/data/strategies"
nolimit_game="$root/data/games/holdem.nolimit.2p.reverse_blinds.game"
limit_game="$root/data/games/holdem.limit.2p.reverse_blinds.game"

# The file and the training options of a target.
file_of() {
  case "$1" in
    nolimit-*) echo "$out/holdem.nolimit.2p.${1#nolimit-}.strategy" ;;
    limit-*) echo "$out/holdem.limit.2p.${1#limit-}.strategy" ;;
  esac
}
options_of() {
  local nl=(--game "$nolimit_game" --threads 1 --weighting linear)
  local lim=(--game "$limit_game" --threads 1 --weighting linear)
  case "$1" in
    nolimit-pa) echo "${nl[@]} --abstraction holdem:169,16,16,16 --actions 1 --max-raises 3" \
      "--seed 201 --iterations 40000000" ;;
    nolimit-pot3) echo "${nl[@]} --abstraction holdem:169,16,16,16 --actions 0.5,1,2" \
      "--max-raises 2 --seed 202 --iterations 8000000" ;;
    nolimit-small) echo "${nl[@]} --abstraction holdem:169,16,16,16 --actions 0.25,0.5" \
      "--max-raises 2 --seed 203 --iterations 10000000" ;;
    nolimit-fine128) echo "${nl[@]} --abstraction holdem:169,128,128,128 --actions 0.75" \
      "--max-raises 2 --seed 204 --iterations 20000000" ;;
    limit-b16) echo "${lim[@]} --abstraction holdem:169,16,16,16 --seed 205 --iterations 10000000" ;;
    limit-b512) echo "${lim[@]} --abstraction holdem:169,512,512,512 --seed 206" \
      "--iterations 8000000" ;;
    limit-short) echo "${lim[@]} --abstraction holdem:169,256,256,192 --seed 207" \
      "--iterations 2000000" ;;
  esac
}

# The stored strategy (payload) of a file: its last N bytes, N from `solver inspect`.
payload() {
  local bytes
  bytes="$("$bin/solver" inspect "$1" | sed -n 's/.*format [0-9]*, payload \([0-9]*\) bytes.*/\1/p')"
  [ -n "$bytes" ] || { echo "gauntlet_blueprints.sh: cannot read $1's header" >&2; exit 1; }
  tail -c "$bytes" "$1"
}

train() {
  local target="$1" file opts
  file="$(file_of "$target")"
  read -r -a opts <<<"$(options_of "$target")"
  if [ "$verify" = 1 ]; then
    [ -f "$file" ] || { echo "gauntlet_blueprints.sh: --verify: no $file" >&2; exit 1; }
    local fresh
    fresh="$(mktemp "${TMPDIR:-/tmp}/gauntlet_blueprint.XXXXXX")"
    "$bin/solver" train "${opts[@]}" --progress-every 60 --out "$fresh"
    # The payloads into files first: a header that cannot be read stops the script here (in a
    # process substitution its exit would be lost and two empty payloads would compare equal).
    payload "$fresh" >"$fresh.payload"
    payload "$file" >"$fresh.expected"
    if cmp -s "$fresh.payload" "$fresh.expected"; then
      echo "gauntlet_blueprints.sh: $target: the same strategy as $file"
      rm -f "$fresh" "$fresh.payload" "$fresh.expected"
    else
      rm -f "$fresh.payload" "$fresh.expected"
      echo "gauntlet_blueprints.sh: $target: $fresh differs from $file" >&2
      exit 1
    fi
  else
    echo "gauntlet_blueprints.sh: $target -> $file" >&2
    "$bin/solver" train "${opts[@]}" --progress-every 60 --out "$file"
  fi
}

for target in "${targets[@]}"; do
  if [ "$target" = missing ]; then
    for t in "${nolimit_targets[@]}" "${limit_targets[@]}"; do
      [ -f "$(file_of "$t")" ] || train "$t"
    done
  else
    train "$target"
  fi
done
