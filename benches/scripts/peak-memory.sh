#!/usr/bin/env bash
# Peak resident memory of each engine under one long search, read from GNU time's
# "Maximum resident set size".
#
#   benches/scripts/peak-memory.sh [SECONDS]
#
# Builds the `budgets` bench, then runs it once per engine with `--peak ENGINE --seconds
# SECONDS` (default 10) under /usr/bin/time -v, and once with `--peak none` for the size of
# the process without a search. Prints a Markdown table.
set -euo pipefail
seconds=${1:-10}
cd "$(dirname "$0")/../.."
if [ ! -x /usr/bin/time ]; then
    echo "needs GNU time at /usr/bin/time" >&2
    exit 2
fi
bin=$(cargo bench -p benches --bench budgets --no-run 2>&1 \
    | sed -n 's/.*Executable benches\/budgets.rs (\(.*\))/\1/p' | tail -1)
if [ -z "$bin" ]; then
    echo "could not find the budgets bench executable" >&2
    exit 1
fi
echo "| engine ($seconds s search) | peak resident memory |"
echo "|---|---:|"
for engine in none negamax solver mcts-1 mcts-2 astar; do
    out=$(/usr/bin/time -v "$bin" --peak "$engine" --seconds "$seconds" 2>&1)
    kb=$(printf '%s\n' "$out" | sed -n 's/.*Maximum resident set size (kbytes): //p')
    awk -v e="$engine" -v kb="$kb" 'BEGIN { printf "| %s | %.1f MB |\n", e, kb / 1024 }'
done
