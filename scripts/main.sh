#!/usr/bin/env bash
# The main job: builds tablero (release) and starts a game of Imago in the
# terminal against the computer. Extra arguments go to `tablero play imago`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p tablero-cli
exec target/release/tablero play imago "$@"
