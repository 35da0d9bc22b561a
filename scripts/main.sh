#!/usr/bin/env bash
# The main job: builds tablero (release) and serves the web app at
# http://127.0.0.1:8080 with games kept in ./tablero.db. Extra arguments go to
# `tablero serve` (e.g. --port 9000, --database postgres://...).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p tablero-cli
exec target/release/tablero serve "$@"
