#!/usr/bin/env bash
# The test command: does all set-up on a fresh machine, then runs every test
# of the workspace. `.ci/run` calls this same script.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is missing: install the Rust toolchain (rustup) first" >&2
  exit 1
fi

cargo test --workspace --locked
