#!/usr/bin/env bash
# How often a search two plies deeper agrees with the review's mistakes and
# blunders (issue #46), for the three searched games at the server's own
# review settings (Review::depth of the default variant, Review::NODES,
# mistakes checked Review::CONFIRM = 2 plies deeper). Not a CI step: it
# takes hours on two cores. Usage: tools/review-agreement.sh [GAMES] [OUT_DIR]
#   GAMES    games per game (default 50), seeds 1..GAMES, level 2 against
#            level 3 after 4 random plies, colours swapped game to game
#   OUT_DIR  where each game's report goes (default target/agreement);
#            the games themselves are kept in target/review-games and read
#            back on a later run.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-50}"
out="${2:-target/agreement}"
mkdir -p "$out"
cargo build --release -q -p tablero-ai --example review_agreement
bin=target/release/examples/review_agreement
# GAME:DEPTH:NODES, the review's defaults for the default variants
# (crates/ai/src/review.rs; NODES 0: no bound).
for spec in dimensiones:12:1000000 jarmo:5:0 draughts:6:0; do
  IFS=: read -r game depth nodes <<<"$spec"
  echo "== $game: $games games, depth $depth, mistakes checked 2 plies deeper"
  "$bin" "$game" "$games" "$depth:$nodes:2" | tee "$out/$game-$games.txt"
done
