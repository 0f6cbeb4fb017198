#!/usr/bin/env bash
# Side-by-side timing of `ply solve` and Pascal Pons' C++ Connect Four solver on the
# published benchmark sets in data/connect4, interleaved (Pons, ply, Pons, ply, ...) so that
# both see the same machine load. Both clear their transposition table before every position
# and time each position themselves; the figure compared is the mean of those times.
#
# Pons' solver is not part of this repository (it is AGPL-licensed). Build it anywhere
# outside the repository from the last commit whose main program prints nodes and
# microseconds per position (before the opening book was added):
#
#   git clone https://github.com/PascalPons/connect4 /tmp/pons && cd /tmp/pons
#   git checkout 0f0f713 && make c4solver
#
# Then, from the repository root:
#
#   cargo build --release -p plysearch-cli
#   benches/scripts/compare-pons.sh /tmp/pons/c4solver [ROUNDS] [TABLE_MB]
#
# PLY_OPTIONS adds options to every `ply solve` (e.g. PLY_OPTIONS="--etc --table compact").
#
# Output: one line per set and round with each solver's mean microseconds and mean nodes per
# position, and ply's time as a fraction of Pons'.
set -euo pipefail
pons=${1:?usage: compare-pons.sh PATH-TO-PONS-c4solver [ROUNDS] [TABLE_MB]}
rounds=${2:-2}
table_mb=${3:-16}
cd "$(dirname "$0")/../.."
ply=target/release/ply
[ -x "$ply" ] || { echo "build ply first: cargo build --release -p plysearch-cli" >&2; exit 2; }
[ -x "$pons" ] || { echo "$pons is not an executable" >&2; exit 2; }

# Mean of column 4 (microseconds) and column 3 (nodes) of `moves score nodes µs` lines.
mean() { awk '{ t += $4; n += $3; c++ } END { if (c) printf "%.1f %.0f", t / c, n / c }'; }

# set name, lines used (the first N of the file)
for spec in "Test_L3_R1 1000" "Test_L2_R1 1000" "Test_L2_R2 200" "Test_L1_R1 1000" "Test_L1_R2 40"; do
  set -- $spec
  for round in $(seq 1 "$rounds"); do
    p=$(head -n "$2" "data/connect4/$1" | cut -d' ' -f1 | "$pons" | mean)
    # shellcheck disable=SC2086 # PLY_OPTIONS is a list of options
    o=$(head -n "$2" "data/connect4/$1" | "$ply" solve --quiet --table-mb "$table_mb" ${PLY_OPTIONS:-} 2>/dev/null | mean)
    echo "$o $p" | awk -v set="$1" -v n="$2" -v r="$round" '{
      printf "%s (first %s) round %s: Pons %s µs %s nodes | ply %s µs %s nodes | ply/Pons %.2f\n",
        set, n, r, $3, $4, $1, $2, $1 / $3 }'
  done
done
