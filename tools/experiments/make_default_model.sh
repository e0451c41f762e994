#!/usr/bin/env bash
# Regenerates the bundled default model data/models/default.pb: a bot-against-bot corpus from the
# arena (make_corpus.sh: the 21 pairs of the seven rule-based styles, 2000 hands each, heads-up
# no-limit 50/100 with 20000 stacks) trained with `trainer train` (8 strength buckets, depth 6).
# Deterministic: the same build gives the same bytes (the corpus goes to out/default_model/).
#
# Usage: tools/experiments/make_default_model.sh [--bin DIR] [OUT] (default OUT:
#        data/models/default.pb)
# Exit status: 0 written, 1 a step failed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
if [ "${1:-}" = "--bin" ]; then bin="$2"; shift 2; fi
out="${1:-$root/data/models/default.pb}"
game="$root/data/games/holdem.nolimit.2p.reverse_blinds.game"
# A fixed, relative corpus folder: the model's provenance lists the files as given.
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
cd "$root"
corpus="out/default_model/corpus"
rm -rf "$corpus"
"$here/make_corpus.sh" --bin "$bin" --game "$game" --hands 2000 --seed 100 "$corpus"
mkdir -p "$(dirname "$out")"
# --no-preflop-small-pairs: the bundled models keep bucket function version 1 (small pairs in
# their equity bucket) until an arena check of version 2 (docs/hand_reading.md);
# --no-street-context likewise (no street context, model format 1).
"$bin/trainer" train --logs "$corpus" --game data/games/holdem.nolimit.2p.reverse_blinds.game \
  --no-preflop-small-pairs --no-street-context --out "$out" --threads 2 -q
ls -l "$out"
