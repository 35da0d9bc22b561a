#!/usr/bin/env bash
# The test command: does all set-up on a fresh machine, then runs every test
# of the workspace and the browser tests. `.ci/run` calls this same script.
#
# Set-up: a throwaway PostgreSQL server for the multi-process test (from the
# distribution's packages; the test is skipped, with the reason printed, if
# none can be started), Debian's Chromium for the browser tests (installed
# when missing), the browser tests' npm packages (@playwright/test, axe-core; no browser download),
# pydraughts 0.6.7 (pip, in target/pydraughts) for the PDN test, caissify-pairings
# 0.5.0 (pip, in target/pairings) for the pairings test, and Debian's
# nginx (installed when missing) for the test of deploy/nginx.conf.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is missing: install the Rust toolchain (rustup) first" >&2
  exit 1
fi

pgdir=$(mktemp -d -t tablero-pg.XXXXXX)
chmod 755 "$pgdir"  # the server runs as the postgres user when we are root
cleanup() {
  bash scripts/postgres.sh stop "$pgdir/pg"
  if mountpoint -q "$pgdir/full"; then umount "$pgdir/full"; fi
  rm -rf "$pgdir"
}
trap cleanup EXIT
# A small filesystem for the full-disk test (crates/server/tests/faults.rs):
# an 8 MiB tmpfs, which only root may mount; else that half is skipped.
mkdir -p "$pgdir/full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=8m tmpfs "$pgdir/full" 2>/dev/null; then
  export TABLERO_TEST_FULL_DIR="$pgdir/full"
  echo "== a full disk for the tests: an 8 MiB tmpfs at $pgdir/full"
else
  echo "== no tmpfs (not root): the full-disk test uses SQLite's page cap alone"
fi
if url=$(bash scripts/postgres.sh start "$pgdir/pg"); then
  export TABLERO_TEST_POSTGRES="$url"
  echo "== PostgreSQL for the tests: $url"
else
  echo "== no PostgreSQL server: the PostgreSQL test will be skipped (see the reason above)"
fi

echo "== pydraughts, the independent PDN reader of the draughts test (pinned)"
if command -v python3 >/dev/null 2>&1; then
  if { [ -x target/pydraughts/bin/python ] || python3 -m venv target/pydraughts; } &&
    target/pydraughts/bin/python -m pip install -q --disable-pip-version-check pydraughts==0.6.7; then
    export TABLERO_PYTHON="$PWD/target/pydraughts/bin/python"
  else
    echo "no virtual environment: installing pydraughts for this user"
    python3 -m pip install -q --user --disable-pip-version-check pydraughts==0.6.7
  fi
else
  echo "no python3: the pydraughts test will be skipped"
fi

echo "== caissify-pairings, the independent FIDE Dutch pairer of the pairings test (pinned)"
if command -v python3 >/dev/null 2>&1; then
  if { [ -x target/pairings/bin/python ] || python3 -m venv target/pairings; } &&
    target/pairings/bin/python -m pip install -q --disable-pip-version-check caissify-pairings==0.5.0; then
    export TABLERO_PAIRINGS_PYTHON="$PWD/target/pairings/bin/python"
  else
    echo "no virtual environment: installing caissify-pairings for this user"
    python3 -m pip install -q --user --disable-pip-version-check caissify-pairings==0.5.0
  fi
else
  echo "no python3: the pairings reference test will be skipped"
fi

# ---- nginx, for the test of the shipped deploy/nginx.conf ----------------
# crates/cli/tests/nginx.rs starts Debian's nginx on a free port with the
# shipped file in front of `tablero serve` (cross-site check through it,
# per-client limits behind it); it is skipped, saying so, without nginx.
# (Where a service manager runs, Debian's package also starts its own site
# on port 80; the test does not use it.)
echo "== nginx for the deploy/nginx.conf test"
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "installing Debian's nginx..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q nginx-light >/dev/null 2>&1 ||
    apt-get install -y -q nginx >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q nginx >/dev/null; } ||
    echo "nginx could not be installed: its test will be skipped"
fi
# ---- end of nginx ---------------------------------------------------------

echo "== cargo test"
cargo test --workspace --locked

echo "== browser tests (e2e/)"
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium..."
  apt-get install -y -q chromium >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; }
fi
(cd e2e && npm ci --no-audit --no-fund --loglevel=error)
# `cargo test` built the binary the browser tests serve from.
(cd e2e && TABLERO_BIN=../target/debug/tablero ./node_modules/.bin/playwright test)
