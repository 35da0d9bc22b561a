#!/usr/bin/env bash
# Alternated timing of two or more tablero builds (docs/performance.md).
#
#   tools/perf-alternate.sh ROUNDS "ARGS" BIN...
#
# Runs `BIN ARGS` for each binary in turn, ROUNDS times, and prints for each
# binary the best and the median CPU time (user + system, from
# /usr/bin/time) over the rounds. With ARGS starting with `bench`, it prints
# playouts per CPU-second instead (ARGS must include --json). Alternating
# the builds spreads the machine's drift over both.
set -euo pipefail
rounds=$1
args=$2
shift 2
declare -A all
for _ in $(seq "$rounds"); do
  for b in "$@"; do
    # shellcheck disable=SC2086
    out=$({ /usr/bin/time -f "%U %S" "$b" $args; } 2>&1)
    cpu=$(echo "$out" | tail -1 | awk '{print $1 + $2}')
    if [[ $args == bench* ]]; then
      playouts=$(echo "$out" | head -1 | sed -E 's/.*"playouts":([0-9]+).*/\1/')
      v=$(awk -v p="$playouts" -v c="$cpu" 'BEGIN {printf "%d", p / c}')
    else
      v=$cpu
    fi
    all[$b]="${all[$b]:-} $v"
  done
done
for b in "$@"; do
  # shellcheck disable=SC2086
  sorted=$(printf '%s\n' ${all[$b]} | sort -g)
  n=$(echo "$sorted" | wc -l)
  if [[ $args == bench* ]]; then
    best=$(echo "$sorted" | tail -1)
    what="playouts per CPU-s"
  else
    best=$(echo "$sorted" | head -1)
    what="CPU-s"
  fi
  median=$(echo "$sorted" | sed -n "$(((n + 1) / 2))p")
  echo "$b: $what best $best median $median (n $n):${all[$b]}"
done
