#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests, from the distribution's
# packages (installed when missing and possible), on a private port and
# socket folder. Prints the database URL on standard output; prints why on
# standard error and exits non-zero when it cannot.
#   url=$(bash scripts/postgres.sh start DIR)   # DIR: a new empty folder
#   bash scripts/postgres.sh stop DIR
#   bash scripts/postgres.sh pause DIR    # a fast stop, keeping the data (a fault test)
#   bash scripts/postgres.sh resume DIR   # started again on the same data and port
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?a folder}
port=${TABLERO_PG_PORT:-54329}

bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

# PostgreSQL refuses to run as root: run it as the package's user.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    if ! bin=$(bindir); then
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing PostgreSQL from the distribution's packages..." >&2
        (apt-get install -y -q postgresql >/dev/null 2>&1 ||
          { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q postgresql >/dev/null 2>&1; }) || true
      fi
      bin=$(bindir) || { echo "no PostgreSQL server binaries (package postgresql) and none could be installed" >&2; exit 1; }
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1 ||
      { echo "initdb failed: $(tail -n 3 "$dir/initdb.log")" >&2; exit 1; }
    echo "$port" >"$dir/port"
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null ||
      { echo "PostgreSQL did not start: $(tail -n 3 "$dir/server.log")" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  pause)
    bin=$(bindir) || exit 1
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
    ;;
  resume)
    bin=$(bindir) || exit 1
    port=$(cat "$dir/port")
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null ||
      { echo "PostgreSQL did not start again: $(tail -n 3 "$dir/server.log")" >&2; exit 1; }
    ;;
  stop)
    bin=$(bindir) || exit 0
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: postgres.sh start|stop|pause|resume DIR" >&2
    exit 2
    ;;
esac
