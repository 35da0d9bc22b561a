#!/usr/bin/env bash
# Measures a game's ladder of computer levels with the arena: level k+1
# against level k for k = FROM..4, GAMES games each (colour-swapped pairs,
# openings of 2 random plies), one JSON line per pair on stdout. The
# figures go into crates/ai/src/levels.rs's LADDERS (see docs/ai.md,
# "The levels' ratings").
#
#   tools/level-ladder.sh BINARY GAME [VARIANT] [GAMES] [FROM] [TO]
#   e.g. tools/level-ladder.sh target/release/tablero draughts english 20 1 3
set -euo pipefail
bin=${1:?binary}; game=${2:?game}; variant=${3:-}; games=${4:-20}; from=${5:-1}; to=${6:-4}
args=()
[ -n "$variant" ] && args=(--variant "$variant")
for ((k = from; k <= to; k++)); do
  json=$("$bin" match "$game" "${args[@]}" --a "ai:$((k + 1))" --b "ai:$k" \
    --games "$games" --concurrency 1 --openings 2 --seed "$k" --json 2>/dev/null)
  echo "{\"game\":\"$game\",\"variant\":\"$variant\",\"a\":$((k + 1)),\"b\":$k,\"result\":$json}"
done
