#!/usr/bin/env bash
# Runs the project's programs on bad inputs, one case per line of a table (cases.txt), and checks
# each case's exit code and the first line of its stderr. A case that runs over 30 s is a hang, one
# ended by a signal a crash, one whose exit code or first line differs a wrong result; all fail.
#
# Usage: bad_input_test.sh BIN_DIR SOURCE_DIR CASES_FILE [PATTERN]
#   PATTERN: run only the cases whose line contains it (grep -F).
# A case line: EXIT | FIRST LINE | COMMAND
#   EXIT        the exit code the command must end with
#   FIRST LINE  text the first line of its stderr must contain (empty: stderr must be empty)
#   COMMAND     run by bash in the folder of inputs, with the programs of BIN_DIR on PATH and
#               $SRC (the project), $GAMES, $STRATEGIES, $MODELS (its data folders) set
# Blank lines and lines starting with # are skipped. The inputs are made by make_inputs below,
# in a temporary folder removed at the end. Exit 0 when every case passes, 1 otherwise.
set -uo pipefail
if [[ $# -lt 3 ]]; then
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
BIN="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
CASES="$(cd "$(dirname "$3")" && pwd)/$(basename "$3")"
PATTERN="${4:-}"
export SRC GAMES="$SRC/data/games" STRATEGIES="$SRC/data/strategies" MODELS="$SRC/data/models"
export PATH="$BIN:$SRC/tools:$PATH"
D="$(mktemp -d "${TMPDIR:-/tmp}/bad_input.XXXXXX")"
trap 'rm -rf "$D"' EXIT

# The bad inputs, and a few good ones to spoil. Deterministic: no random bytes.
make_inputs() {
  cd "$D" || exit 1
  : >empty
  mkdir folder
  mkfifo fifo
  for ((i = 0; i < 16; ++i)); do printf '\x00\x01\x02\x1b\x7f\x80\x9b\xc3\xff%d\n' "$i"; done >binary
  head -c 2000000 /dev/zero | tr '\0' 'x' >noline.log
  { printf '%0.s[' $(seq 50000); printf '%0.s]' $(seq 50000); } >deep.json
  printf '{"format": "ring", "players": [' >open.json
  printf 'GAMEDEF\nnolimit\nnumPlayers = 2\x1b]0;owned\x07\x1b[2J\nEND GAMEDEF\n' >control.game
  printf 'GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 10000 10000\nblind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n' >short_stacks.game
  printf 'cfr_purify = 7\n' >purify.cfg
  printf 'trials = \x1b[2Jnan\n' >control.cfg
  # A real match: its log, its result, and results spoiled in ways only the sums tell.
  arena --game holdem.limit.2p.reverse_blinds --hands 40 --seed 3 --player a=bot:style=station \
    --player b=bot:style=raiser --log match.log --out good.json -q >/dev/null 2>&1 ||
    echo "bad_input: cannot make the inputs (arena failed)" >&2
  arena --game holdem.limit.2p.reverse_blinds --hands 40 --first-hand 40 --seed 3 \
    --player a=bot:style=station --player b=bot:style=raiser --out next.json -q >/dev/null 2>&1
  python3 - <<'PY'
import json, re
text = open('good.json').read()
legacy = re.sub(r',"checksum":"[0-9a-f]{16}"', '', text)
open('legacy.json', 'w').write(legacy)
def spoiled(edit):
    data = json.loads(legacy)
    edit(data)
    return json.dumps(data, separators=(',', ':')) + '\n'
def add(amount, deals):
    def edit(data):
        data['players'][0]['hand_sums']['sum'] += amount
        if deals:
            data['players'][0]['deal_sums']['sum'] += amount
    return edit
open('plus700k.json', 'w').write(spoiled(add(700000, True)))
open('plus2.json', 'w').write(spoiled(add(2, True)))
open('huge.json', 'w').write(spoiled(lambda d: d['players'][0]['hand_sums'].update(sum=1e308)))
open('edited.json', 'w').write(text.replace('"seed":3', '"seed":4'))
open('tournament.json', 'w').write('{"format":"tournament","players":[]}\n')
decision = {"hand": 4294967296, "position": 0, "round": 0, "betting": "", "cards": "AsKs|",
            "action": "c"}
open('hand2e32.jsonl', 'w').write(json.dumps(decision) + '\n')
decision["hand"] = -1
open('hand_negative.jsonl', 'w').write(json.dumps(decision) + '\n')
open('deep.jsonl', 'w').write('[' * 5000 + ']' * 5000 + '\n')
# Strategy and model files with one flipped bit, cut short, or with a damaged trailer.
def flip(src, dst, at, bit=1):
    data = bytearray(open(src, 'rb').read())
    data[at if at >= 0 else len(data) + at] ^= bit
    open(dst, 'wb').write(bytes(data))
import os
strategies = os.environ['STRATEGIES']
models = os.environ['MODELS']
flip(strategies + '/leduc.limit.2p.strategy', 'leduc_header_flip.strategy', 40)
flip(strategies + '/leduc.limit.2p.strategy', 'leduc_payload_flip.strategy', -20)
flip(strategies + '/holdem.nolimit.2p.strategy', 'nolimit_header_flip.strategy', 600)
open('cut.strategy', 'wb').write(open(strategies + '/kuhn.limit.2p.strategy', 'rb').read()[:200])
flip(models + '/limit.2p.pb', 'model_flip.pb', 1000)
flip(models + '/limit.2p.pb', 'model_trailer_flip.pb', -6, 0x80)
open('cut.pb', 'wb').write(open(models + '/limit.2p.pb', 'rb').read()[:3000])
PY
}
make_inputs 2>"$D/make_inputs.err"
[[ -s "$D/make_inputs.err" ]] && cat "$D/make_inputs.err" >&2

total=0 passed=0 hangs=0 crashes=0 wrong=0
number=0
while IFS= read -r line || [[ -n "$line" ]]; do
  number=$((number + 1))
  [[ -z "${line//[[:space:]]/}" || "$line" == \#* ]] && continue
  [[ -n "$PATTERN" && "$line" != *"$PATTERN"* ]] && continue
  expected_exit="$(sed 's/^ *\([0-9]*\) *|.*/\1/' <<<"$line")"
  rest="${line#*|}"
  expected_first="${rest%%|*}"
  expected_first="$(sed 's/^ *//; s/ *$//' <<<"$expected_first")"
  command="${rest#*|}"
  command="$(sed 's/^ *//' <<<"$command")"
  if ! [[ "$expected_exit" =~ ^[0-9]+$ ]] || [[ "$rest" != *"|"* ]]; then
    echo "cases.txt:$number: not EXIT | FIRST LINE | COMMAND: $line"
    wrong=$((wrong + 1)); total=$((total + 1))
    continue
  fi
  total=$((total + 1))
  (cd "$D" && exec timeout -k 5 30 bash -c "$command") </dev/null >"$D/.out" 2>"$D/.err"
  code=$?
  first="$(head -n 1 "$D/.err")"
  verdict=""
  if [[ $code -eq 124 || $code -eq 137 ]]; then
    verdict="HANG (over 30 s)"; hangs=$((hangs + 1))
  elif [[ $code -ge 128 ]]; then
    verdict="CRASH (signal $((code - 128)))"; crashes=$((crashes + 1))
  elif [[ $code -ne $expected_exit ]]; then
    verdict="exit $code, not $expected_exit"; wrong=$((wrong + 1))
  elif [[ -z "$expected_first" && -s "$D/.err" ]]; then
    verdict="stderr not empty"; wrong=$((wrong + 1))
  elif [[ -n "$expected_first" && "$first" != *"$expected_first"* ]]; then
    verdict="first line differs"; wrong=$((wrong + 1))
  fi
  if [[ -z "$verdict" ]]; then
    passed=$((passed + 1))
  else
    echo "FAIL cases.txt:$number: $verdict"
    echo "  command:  $command"
    echo "  expected: exit $expected_exit, first line containing '$expected_first'"
    echo "  got:      exit $code, first line '$first'"
  fi
done <"$CASES"
echo "bad_input: $total cases, $passed passed; $hangs hangs, $crashes crashes, $wrong wrong"
[[ $passed -eq $total ]]
