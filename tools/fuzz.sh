#!/usr/bin/env bash
# Builds the libFuzzer targets (tools/fuzz/) with clang in a separate build directory and runs
# each for a bounded time on a small seed corpus: the log, MATCHSTATE and game parsers, the rules,
# and the loaders of files the project writes and reads back (match results of `arena merge`,
# strategy files, opponent models). Exits non-zero if any target crashes (the crashing input is
# left in $BUILD/fuzz-artifacts/).
# Usage: tools/fuzz.sh [seconds per target, default 30]
# Environment: FUZZ_BUILD_DIR (default build-fuzz), JOBS (default 2).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
SECONDS_PER_TARGET="${1:-30}"
BUILD="${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS="${JOBS:-2}"
TARGETS=(parse_log_line parse_match_state parse_game_def rules ring_json strategy_file model_file)
# Longest input per target: a line, a game file, a match result, a small strategy or model file.
declare -A MAX_LEN=([parse_log_line]=1024 [parse_match_state]=1024 [parse_game_def]=1024
  [rules]=1024 [ring_json]=8192 [strategy_file]=4096 [model_file]=8192)

if ! [[ "$SECONDS_PER_TARGET" =~ ^[0-9]+$ ]]; then
  echo "usage: tools/fuzz.sh [seconds per target]" >&2
  exit 2
fi
if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz: clang++ not found (Debian: apt-get install clang libclang-rt-14-dev)" >&2
  exit 1
fi

# The library is instrumented for coverage and AddressSanitizer; the targets add libFuzzer.
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DBUILD_FUZZERS=ON -DNATIVE=OFF \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
  >/dev/null
cmake --build "$BUILD" -j "$JOBS" --target "${TARGETS[@]/#/fuzz_}"

# Seed corpus: a few hand-made lines (valid and nearly valid) and the project's game files.
SEEDS="$BUILD/fuzz-seeds"
rm -rf "$SEEDS"
mkdir -p "$SEEDS"/{parse_log_line,parse_match_state,parse_game_def,rules,ring_json,strategy_file,model_file}
seed() {  # seed <target> <name> <text>
  printf '%s' "$3" >"$SEEDS/$1/$2"
}
seed parse_log_line allin 'STATE:0:cr300r500c/cr600r20000c//:5d5c|9hQd/8dAs8s/4h/6d:20000|-20000:a|b'
seed parse_log_line fold 'STATE:1:f:AcJs|3d2d:50|-50:a|b'
seed parse_log_line showdown 'STATE:2:cc/cc/r200r300c/cc:Ah8s|2h4c/Qd7h6c/4s/Jc:-300|300:a|b # 1.5'
seed parse_log_line crlf $'STATE:3:r20000c///:Ah8s|2h4c/Qd7h6c/4s/Jc:-20000|20000:a|b\r\n'
seed parse_log_line kuhn 'STATE:0:rcc:Js|As|Qs:-2|4|-2:a|b|c'
seed parse_log_line limit3 'STATE:5:rrrcc/rc:2c3c|4d5d|6h7h/8s9sTs:-50|-50|100:a|b|c'
seed parse_match_state preflop 'MATCHSTATE:1:31:cr300r500c/cr600:|9hQd/8dAs8s'
seed parse_match_state reply 'MATCHSTATE:0:3:cr200:Kh2c|:r400'
seed parse_match_state showdown 'MATCHSTATE:0:2:cc/cc/r200r300c/cc:Ah8s|2h4c/Qd7h6c/4s/Jc'
seed parse_match_state three 'MATCHSTATE:2:9:r250fc/:||AsKd/2c7h9d'
for game in "$ROOT"/data/games/*.game; do
  cp "$game" "$SEEDS/parse_game_def/"
done
printf '\x00\x05\x02\x10\x01\x01\x00' >"$SEEDS/rules/nl2p"
printf '\x01\x07\x02\xff\xff\x01\x01\x02\x10\x00' >"$SEEDS/rules/sidepots"
printf '\x02\x00\x02\x02\x02\x02\x01\x01' >"$SEEDS/rules/limit"
printf '\x03\x01\x02\x01\x01' >"$SEEDS/rules/kuhn"

# A match result as `arena --out` writes it (2 seats, 10 duplicate deals), and the same without
# its checksum (as arenas before it wrote them).
ring='{"hands":20,"deals":10,"rotations":2,"seconds":0.001,"players":[{"name":"a","chips":-400,"mbb_per_hand":-200,"ci95":700,"ci95_unpaired":1500,"spec":"bot:style=ta","hand_sums":{"n":20,"sum":-400,"sum_squares":160000},"deal_sums":{"n":10,"sum":-400,"sum_squares":80000}},{"name":"b","chips":400,"mbb_per_hand":200,"ci95":700,"ci95_unpaired":1500,"spec":"bot:style=la","hand_sums":{"n":20,"sum":400,"sum_squares":160000},"deal_sums":{"n":10,"sum":400,"sum_squares":80000}}],"format":"ring","game":"g","game_def":"GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n","big_blind":100,"duplicate":true,"fixed_seats":false,"ranges":[{"seed":5,"first_hand":0,"deals":10}]}'
seed ring_json plain "$ring"
seed ring_json deep "$(printf '%0.s[' {1..100})"
# Strategy and model files, each as it is (mode byte 0) and framed by the target (mode byte 1:
# a strategy's header and payload split after the header's length; a model without its trailer).
for name in kuhn.limit.2p leduc.limit.2p; do
  file="$ROOT/data/strategies/$name.strategy"
  { printf '\x00'; cat "$file"; } >"$SEEDS/strategy_file/$name.raw"
  length=$(od -An -tu4 -j8 -N4 "$file" | tr -d ' ')
  { printf '\x01'; printf "\\x$(printf %02x $((length & 255)))\\x$(printf %02x $((length >> 8 & 255)))"
    tail -c +13 "$file"; } >"$SEEDS/strategy_file/$name.framed"
done
model="$ROOT/data/models/limit.2p.pb"
{ printf '\x00'; cat "$model"; } >"$SEEDS/model_file/limit.raw"
{ printf '\x01'; head -c -6 "$model"; } >"$SEEDS/model_file/limit.framed"

status=0
for target in "${TARGETS[@]}"; do
  corpus="$BUILD/fuzz-corpus/$target"
  artifacts="$BUILD/fuzz-artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  echo "fuzz: $target for ${SECONDS_PER_TARGET}s"
  if ! "$BUILD/bin/fuzz_$target" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -max_len="${MAX_LEN[$target]}" \
      -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$SEEDS/$target" \
      >"$BUILD/fuzz-$target.log" 2>&1; then
    echo "fuzz: $target FAILED; see $BUILD/fuzz-$target.log and $artifacts/" >&2
    tail -n 30 "$BUILD/fuzz-$target.log" >&2
    status=1
  else
    grep -E '^stat::(number_of_executed_units|new_units_added)' "$BUILD/fuzz-$target.log" | sed "s/^/fuzz: $target /" || true
  fi
done
exit $status
