#!/bin/bash
# The load figures of docs/web-api.md for one build of `tablero`:
#   cargo build --release -p tablero-cli -p tablero-server --bins --examples
#   tools/load-figures.sh LABEL path/to/tablero [serve flags...]
# Starts `tablero serve` on a fresh SQLite file, runs the load test
# (GAMES, MOVES, PAUSE_MS and CLOCK from the environment; 1000, 40, 1000
# and no clock by default; CLOCK=10+5 times every game), then prints the test's figures, the server's CPU time over the
# run and its peak RSS.
set -eu
label=$1; bin=$2; shift 2
loadtest=${LOADTEST:-target/release/examples/loadtest}
db=$(mktemp -d)/load-$label.db
"$bin" serve --port 8097 --rate 0 --max-connections-per-address 0 "$@" --database "$db" > "$db.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null' EXIT
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:8097/api/catalog > /dev/null && break; sleep 0.2; done
# A server that mines its start-up puzzles (issue #35) does so before the
# run, so that its CPU time counts the moves only (builds before it: a
# 20 s wait).
for _ in $(seq 1 100); do grep -q "mined at start-up" "$db.log" && break; sleep 0.2; done
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
t0=$(ticks)
$loadtest http://127.0.0.1:8097 "${GAMES:-1000}" "${MOVES:-40}" jarmo "${PAUSE_MS:-1000}" ${CLOCK:+"$CLOCK"}
t1=$(ticks)
hz=$(getconf CLK_TCK)
echo "$label: server CPU $(( (t1 - t0) * 1000 / hz )) ms over the run; $(grep VmHWM /proc/$pid/status)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
