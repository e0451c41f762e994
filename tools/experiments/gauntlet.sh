#!/usr/bin/env bash
# Plays one player against every sparring partner of the gauntlet (docs/strength.md), duplicate,
# and prints one table: mbb/hand with its 95% interval (paired by deal) per opponent, pooled over
# all and over the equilibrium-style ones, and the player's all-in statistics from the logs.
# Usage: tools/experiments/gauntlet.sh SPEC [--game nolimit|limit] [--hands N] [--seed S]
#          [--baseline SPEC2] [--opponents A,B,...] [--common-draws] [--jobs 1|2] [--out DIR]
#          [--bin DIR] [--list]
#   SPEC, SPEC2   arena player specs (docs/tools.md), e.g.
#                 agent:policy=cfr,strategy=data/strategies/holdem.nolimit.2p.strategy
#   --game        nolimit (default: data/games/holdem.nolimit.2p.reverse_blinds.game, 200 big
#                 blinds) or limit (holdem.limit.2p.reverse_blinds.game)
#   --hands N     deals per opponent (default 20000), each played in both seats: 2N hands
#   --seed S      the deal seed (default 1); the same seed gives the same deals, logs and table
#   --baseline    also plays SPEC2 on the same deals and prints SPEC - SPEC2 paired by deal
#                 (tools/experiments/paired_diff.py) per opponent and pooled, beside both figures
#   --opponents   only these (names as --list prints them, comma-separated)
#   --common-draws  the opponents draw every decision's random numbers from (their seed, the
#                 hand, the actions so far) (`draws=hand`) instead of one stream per match: SPEC
#                 and SPEC2 then meet the same opponent choices until their own play differs, and
#                 the paired interval narrows (the opponents play as before in distribution; the
#                 logs differ from a run without it)
#   --jobs        the deals are always cut in 2 shards (arena --shard I/2, merged with arena
#                 merge), so the result does not depend on this: 2 (default) plays them at once,
#                 1 one after the other
#   --out DIR     logs and JSON results go here (default: a new folder under ${TMPDIR:-/tmp})
#   --list        prints the opponents of the game, their specs and whether they are built
# The SPEC is checked first (`arena --check`): one that does not parse stops the script before any
# hand is played (exit 2; a file it names that cannot be loaded: exit 1). An opponent whose
# strategy file is not built is skipped with a message naming the command that builds it
# (tools/experiments/gauntlet_blueprints.sh). Exit status: 0 done, 1 a failure, 2 bad usage.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage_error() {
  echo "gauntlet.sh: $1 (--help for the usage)" >&2
  exit 2
}

spec=""
baseline=""
game_kind=nolimit
hands=20000
seed=1
only=""
common_draws=0
jobs=2
out=""
list=0
while [ $# -gt 0 ]; do
  case "$1" in
    --game) game_kind="${2:-}"; shift 2 || usage_error "--game needs a value" ;;
    --hands) hands="${2:-}"; shift 2 || usage_error "--hands needs a value" ;;
    --seed) seed="${2:-}"; shift 2 || usage_error "--seed needs a value" ;;
    --baseline) baseline="${2:-}"; shift 2 || usage_error "--baseline needs a value" ;;
    --opponents) only="${2:-}"; shift 2 || usage_error "--opponents needs a value" ;;
    --jobs) jobs="${2:-}"; shift 2 || usage_error "--jobs needs a value" ;;
    --out) out="${2:-}"; shift 2 || usage_error "--out needs a value" ;;
    --bin) bin="${2:-}"; shift 2 || usage_error "--bin needs a value" ;;
    --list) list=1; shift ;;
    --common-draws) common_draws=1; shift ;;
    -*) usage_error "unknown option $1" ;;
    *) [ -z "$spec" ] || usage_error "one SPEC only (got '$spec' and '$1')"; spec="$1"; shift ;;
  esac
done
case "$game_kind" in
  nolimit) game="$root/data/games/holdem.nolimit.2p.reverse_blinds.game"; prefix=holdem.nolimit.2p ;;
  limit) game="$root/data/games/holdem.limit.2p.reverse_blinds.game"; prefix=holdem.limit.2p ;;
  *) usage_error "--game must be nolimit or limit" ;;
esac
[[ "$hands" =~ ^[0-9]+$ ]] && [ "$hands" -ge 2 ] || usage_error "--hands must be a whole number >= 2"
[[ "$seed" =~ ^[0-9]+$ ]] || usage_error "--seed must be a whole number"
[ "$jobs" = 1 ] || [ "$jobs" = 2 ] || usage_error "--jobs must be 1 or 2"

# The gauntlet: NAME, KIND (eq: an equilibrium-style blueprint; rule: a rule bot), SPEC, and for
# blueprints the strategy file and its gauntlet_blueprints.sh target. docs/strength.md says how
# each was made.
strategies="$root/data/strategies"
opponents=()
add() { opponents+=("$1|$2|$3|${4:-}|${5:-}"); }
cfr() { echo "bot:style=cfr,strategy=$strategies/$1"; }
if [ "$game_kind" = nolimit ]; then
  add PA eq "$(cfr $prefix.pa.strategy)" "$strategies/$prefix.pa.strategy" nolimit-pa
  add POT3 eq "$(cfr $prefix.pot3.strategy)" "$strategies/$prefix.pot3.strategy" nolimit-pot3
  add SMALL eq "$(cfr $prefix.small.strategy)" "$strategies/$prefix.small.strategy" nolimit-small
  add FINE eq "$(cfr $prefix.fine128.strategy)" "$strategies/$prefix.fine128.strategy" \
    nolimit-fine128
  add CAP3 eq "$(cfr $prefix.cap3.strategy)" "$strategies/$prefix.cap3.strategy" nolimit-cap3
  add PUSHFOLD rule "bot:style=pushfold,stack_bb=15"
else
  add B16 eq "$(cfr $prefix.b16.strategy)" "$strategies/$prefix.b16.strategy" limit-b16
  add B512 eq "$(cfr $prefix.b512.strategy)" "$strategies/$prefix.b512.strategy" limit-b512
  add SHORT eq "$(cfr $prefix.short.strategy)" "$strategies/$prefix.short.strategy" limit-short
fi
add TA rule "bot:style=ta,seed=11"
add TP rule "bot:style=tp,seed=12"
add LA rule "bot:style=la,seed=13"
add LP rule "bot:style=lp,seed=14"
add STATION rule "bot:style=station"
add RAISER rule "bot:style=raiser"
add RANDOM rule "bot:style=random,seed=15"

if [ "$list" = 1 ]; then
  for entry in "${opponents[@]}"; do
    IFS='|' read -r name kind ospec file target <<<"$entry"
    state="built in"
    if [ -n "$file" ] && [ ! -f "$file" ]; then state="NOT BUILT (gauntlet_blueprints.sh $target)"; fi
    [ -z "$file" ] && state="rule bot"
    printf '%-9s %-4s %s  [%s]\n' "$name" "$kind" "$ospec" "$state"
  done
  exit 0
fi
[ -n "$spec" ] || usage_error "give the player SPEC to measure"
if [ -n "$only" ]; then
  selected=()
  IFS=',' read -r -a wanted <<<"$only"
  for want in "${wanted[@]}"; do
    found=0
    for entry in "${opponents[@]}"; do
      if [ "${entry%%|*}" = "${want^^}" ]; then selected+=("$entry"); found=1; fi
    done
    [ "$found" = 1 ] || usage_error "no opponent '$want' in the $game_kind gauntlet (--list)"
  done
  opponents=("${selected[@]}")
fi
for program in arena; do
  [ -x "$bin/$program" ] || { echo "gauntlet.sh: $bin/$program is not built" >&2; exit 1; }
done

# Refuse a SPEC (and SPEC2) that does not parse or names a file that does not load, before any
# hand is played: the arena's own parsers decide, with its exit status.
check_spec() {
  local status=0
  "$bin/arena" --game "$game" --check -q --player "SPEC=$1" --player "CHECK=bot:style=station" \
    || status=$?
  if [ "$status" != 0 ]; then
    echo "gauntlet.sh: the player spec '$1' was refused; nothing was played" >&2
    exit "$status"
  fi
}
check_spec "$spec"
[ -z "$baseline" ] || check_spec "$baseline"

if [ -z "$out" ]; then
  out="$(mktemp -d "${TMPDIR:-/tmp}/gauntlet.XXXXXX")"
else
  mkdir -p "$out"
fi
shards=2
# Arena shards running in the background: stopped by pid if the script is interrupted.
running=()
stop_running() {
  for pid in "${running[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_running EXIT
trap 'exit 130' INT TERM
echo "gauntlet.sh: $game_kind, $hands deals x 2 seats per opponent, seed $seed; logs in $out" >&2

# play RUN SPEC NAME OPP_SPEC: the deals against one opponent in 2 shards, merged into
# $out/RUN/NAME.json; logs $out/RUN/NAME.s<I>.log and .rot1.log.
play() {
  local run="$1" player="$2" name="$3" ospec="$4" pids=() status=0 i
  mkdir -p "$out/$run"
  for ((i = 0; i < shards; i++)); do
    local args=(--game "$game" --hands "$hands" --seed "$seed" --duplicate --shard "$i/$shards"
      --player "SPEC=$player" --player "$name=$ospec" --log "$out/$run/$name.s$i.log"
      --out "$out/$run/$name.s$i.json" -q)
    if [ "$jobs" = 2 ]; then
      "$bin/arena" "${args[@]}" >/dev/null &
      pids+=($!)
      running+=($!)
    else
      "$bin/arena" "${args[@]}" >/dev/null || status=$?
    fi
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
  running=()
  if [ "$status" != 0 ]; then
    echo "gauntlet.sh: $run against $name failed (exit $status)" >&2
    exit 1
  fi
  local parts=()
  for ((i = 0; i < shards; i++)); do parts+=("$out/$run/$name.s$i.json"); done
  "$bin/arena" merge "${parts[@]}" --out "$out/$run/$name.json" -q
}

manifest="$out/opponents.tsv"
: >"$manifest"
for entry in "${opponents[@]}"; do
  IFS='|' read -r name kind ospec file target <<<"$entry"
  if [ -n "$file" ] && [ ! -f "$file" ]; then
    echo "gauntlet.sh: skipping $name: $file is not built" \
      "(tools/experiments/gauntlet_blueprints.sh $target builds it)" >&2
    continue
  fi
  [ "$common_draws" = 0 ] || ospec="$ospec,draws=hand"
  start=$SECONDS
  play spec "$spec" "$name" "$ospec"
  [ -z "$baseline" ] || play baseline "$baseline" "$name" "$ospec"
  printf '%s\t%s\t%s\n' "$name" "$kind" "$ospec" >>"$manifest"
  echo "gauntlet.sh: $name done ($((SECONDS - start)) s)" >&2
done
[ -s "$manifest" ] || { echo "gauntlet.sh: no opponent could be played" >&2; exit 1; }

report=(python3 "$here/gauntlet_report.py" --game "$game" --dir "$out" --spec "$spec")
[ -z "$baseline" ] || report+=(--baseline "$baseline")
"${report[@]}"
