#!/bin/bash
# Issue #44's benchmark: a crowd of connected people on one `tablero serve`
# (release builds):
#   cargo build --release -p tablero-cli -p tablero-server --bins --example crowd
#   tools/crowd.sh [PEOPLE GAMES CHAT_GAMES MOVES PAUSE_MS]
# defaults 5000 1000 100 30 1000. Starts the server on a fresh SQLite file
# with the connection limits raised (a crowd comes from one machine), runs
# crates/server/examples/crowd.rs, and prints its figures, the server's
# CPU time over the run and its peak memory. Needs about two open files
# per person on each side (ulimit -n 20000 here).
set -eu
bin=${TABLERO:-target/release/tablero}
crowd=${CROWD:-target/release/examples/crowd}
db=$(mktemp -d)/crowd.db
ulimit -n 20000 2>/dev/null || true
"$bin" serve --port 8098 --rate 0 --max-connections 20000 --max-connections-per-address 0 \
  --database "$db" > "$db.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null' EXIT
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:8098/api/catalog > /dev/null && break; sleep 0.2; done
# A server that mines its start-up puzzles does so first (not counted).
for _ in $(seq 1 100); do grep -q "mined at start-up" "$db.log" && break; sleep 0.2; done
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
t0=$(ticks)
"$crowd" http://127.0.0.1:8098 "${1:-5000}" "${2:-1000}" "${3:-100}" "${4:-30}" "${5:-1000}"
t1=$(ticks)
hz=$(getconf CLK_TCK)
echo "server CPU $(( (t1 - t0) * 1000 / hz )) ms over the run; $(grep VmHWM /proc/$pid/status)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
