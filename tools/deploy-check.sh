#!/bin/bash
# The deployment of docs/deploy.md, checked on one machine: a throwaway
# PostgreSQL, three `tablero serve` processes on ports 8081-8083 and nginx
# on 8080 with deploy/nginx.conf; then the load test plays games through
# nginx. nginx hands connections out in turn, so a game's two sockets and
# its moves land on different processes, and the load test fails unless
# every move reaches the opponent's socket. (30 games stay within
# deploy/nginx.conf's per-address burst of requests.)
#   cargo build --release -p tablero-cli -p tablero-server --bins --examples
#   tools/deploy-check.sh [target/release/tablero] [GAMES] [MOVES]
set -eu
cd "$(dirname "$0")/.."
bin=${1:-target/release/tablero}
games=${2:-30}
moves=${3:-30}
loadtest=${LOADTEST:-target/release/examples/loadtest}
run=$(mktemp -d -t tablero-deploy.XXXXXX)
chmod 755 "$run"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  bash scripts/postgres.sh stop "$run/pg" || true
}
trap cleanup EXIT
url=$(TABLERO_PG_PORT=${TABLERO_PG_PORT:-54331} bash scripts/postgres.sh start "$run/pg")
for port in 8081 8082 8083; do
  "$bin" serve --port $port --database "$url" --rate 0 --trusted-proxy 127.0.0.1 \
    > "$run/serve-$port.log" 2>&1 &
  pids+=($!)
done
for port in 8081 8082 8083; do
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/api/catalog" > /dev/null && break; sleep 0.1; done
done
nginx -p "$run" -c "$PWD/deploy/nginx.conf" &
pids+=($!)
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:8080/api/catalog > /dev/null && break; sleep 0.1; done
"$loadtest" http://127.0.0.1:8080 "$games" "$moves" jarmo 0
# Every process took part: nginx's log names the process of each socket.
for port in 8081 8082 8083; do
  n=$(grep '/ws HTTP' "$run/access.log" | grep -c "127.0.0.1:$port" || true)
  echo "WebSockets served by the process on $port: $n"
  [ "$n" -gt 0 ] || { echo "the process on $port served no socket" >&2; exit 1; }
done
echo "deploy check passed: $games games of $moves moves through nginx and three processes"
