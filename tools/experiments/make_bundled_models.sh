#!/usr/bin/env bash
# Regenerates the bundled models beside data/models/default.pb (which make_default_model.sh
# makes), so that the agent reads opponents with a population model in these games too:
#   data/models/limit.2p.pb          heads-up limit (holdem.limit.2p.reverse_blinds.game): a
#                                    generated bot-against-bot corpus (make_corpus.sh: the 21
#                                    pairs of the seven rule-based styles, HANDS hands each)
#   data/models/nolimit.6p.10000.pb  6-player no-limit, 10000 stacks (holdem.nolimit.6p.10000):
#                                    the Pluribus logs of ../shared/data/logs/pluribus (skipped
#                                    with a message when absent)
# Both are trained with `trainer train` (8 strength buckets, depth 6) and keep the population
# only (--min-hands above any player's hands): the bundled models read new opponents, whose
# names they never saw. Deterministic for a build and the same inputs.
#
# Usage: tools/experiments/make_bundled_models.sh [--bin DIR] [--hands N] (default N: 1000)
# Exit status: 0 written, 1 a step failed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
hands=1000
exp_bin_and_hands "$@"
cd "$root"
# Population only: no player of these corpora has this many hands. --no-preflop-small-pairs:
# the bundled models keep bucket function version 1 (small pairs in their equity bucket) until
# an arena check of version 2 (docs/hand_reading.md); --no-street-context likewise keeps them
# without street context (model format 1).
population_only=(--min-hands 100000000 --no-preflop-small-pairs --no-street-context)

limit_game=data/games/holdem.limit.2p.reverse_blinds.game
corpus="out/bundled_models/limit_corpus"
rm -rf "$corpus"
"$here/make_corpus.sh" --bin "$bin" --game "$root/$limit_game" --hands "$hands" --seed 300 \
  "$corpus"
"$bin/trainer" train --logs "$corpus" --game "$limit_game" "${population_only[@]}" \
  --out data/models/limit.2p.pb --threads 2 -q
ls -l data/models/limit.2p.pb

pluribus="$root/../shared/data/logs/pluribus"
if [ -d "$pluribus" ]; then
  "$bin/trainer" train --logs "$pluribus" --game data/games/holdem.nolimit.6p.10000.game \
    "${population_only[@]}" --out data/models/nolimit.6p.10000.pb --threads 2 -q
  ls -l data/models/nolimit.6p.10000.pb
else
  echo "make_bundled_models.sh: $pluribus is absent; data/models/nolimit.6p.10000.pb kept" >&2
fi
