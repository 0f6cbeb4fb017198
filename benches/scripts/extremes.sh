#!/usr/bin/env bash
# The extremes of every option of every `ply` command: no abort, and memory within what the
# options ask for.
#
#   benches/scripts/extremes.sh [SECONDS] [PLY]
#
# For every command, a small run that works is the base; then, one at a time, every option
# and argument that takes a value (read from the command's --help) is given each of a list of
# extreme values: 0, 1, -1, the ends of 32- and 64-bit integers and one past them, huge and
# odd floats, 1 ms and 30 days, large and degenerate board sizes, an empty and a 5,000-character
# text; and, where clap refuses a number with "N is not in A..=B", the ends A and B
# themselves. Clap's refusals take a moment; every value the program accepts runs for at most
# SECONDS (default 10; stopped by SIGTERM, then SIGKILL 5 s later: a stopped run is no
# failure) with a closed pipe as its input, while its resident memory is watched.
#
# A run fails when it dies by SIGABRT, SIGSEGV, SIGBUS or SIGILL (a failed allocation, a
# stack overflow), panics (status 101, "panicked"), or when its peak resident memory (GNU
# time's) passes twice what its options ask for: 64 MB for the program, plus the
# transposition table of the commands that have one (--table-mb, 64 MB unless given), plus
# the MCTS tree's default cap (16.7 M nodes, 403 MB) for the commands that can run MCTS,
# plus 178 bytes a position of --max-positions for `book build`. A run is also stopped, as
# a failure, when its memory passes 8 GB (the machine is shared).
#
# Prints one line per accepted run and a summary; exits 1 if any run failed. PLY defaults to
# target/release/ply (built with `cargo build --release -p plysearch-cli` if missing).
set -uo pipefail
seconds=${1:-10}
cd "$(dirname "$0")/../.."
root=$(pwd)
ply=${2:-$root/target/release/ply}
if [ ! -x "$ply" ]; then
    cargo build --release -p plysearch-cli >&2 || exit 2
fi
if [ ! -x /usr/bin/time ]; then
    echo "needs GNU time at /usr/bin/time" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r data "$work/data"
cd "$work"
"$ply" book build --game ttt --depth 2 -q -o ttt.book >/dev/null 2>&1

hard_cap_kb=$((8 * 1024 * 1024))
long=$(printf 'Z%.0s' $(seq 1 5000))
values=(0 1 -1 2 4294967295 4294967296 18446744073709551615 18446744073709551616
    1e308 -1e308 nan inf 1e-320 1ms 720h 0x0 1x1 255x255 26x26x26 6x4294967295
    99x99x99 "" "$long")

# The base run of each command: "command words|options|positionals" (space-separated).
bases=(
    "play|--game c4 --first human|"
    "play|--game kalah --ai-vs-ai --ai random|"
    "play|--game mnk --first human|"
    "solve||4455"
    "book build|--game ttt --depth 1 -q -o out.book|"
    "book build|--game kalah --size 3x2 --depth 1 -q -o out.book|"
    "book info|--game ttt|ttt.book"
    "perft||c4 2"
    "path|--limit 2|data/movingai/arena.map"
    "match|--game ttt --games 1|random random"
    "match|--game c4 --games 1 --time 10ms|mcts alphabeta"
    "tree|--game ttt --playouts 100 --dot out.dot|"
    "tree|--game c4 --engine alphabeta --depth 2 --svg out.svg|"
    "equilibrium|--iterations 10|kuhn"
    "equilibrium|--iterations 10|goofspiel"
    "cards|--game kuhn --hands 1|"
    "cards|--game goofspiel --hands 1|"
    "cards|--game liars-dice --hands 1|"
    "cards-match|--game kuhn --games 1 --playouts 10|random random"
    "cards-match|--game goofspiel --games 1 --playouts 10|smmcts random"
    "cards-match|--game liars-dice --games 1 --playouts 10|ismcts random"
)

# Several options at their extremes together (each line one run, split at spaces): the
# largest work and memory each command can be asked for.
combos=(
    "tree --game c4 --playouts 100000000 --levels 64 --svg out.svg"
    "tree --game reversi --playouts 100000000 --levels 64 --dot out.dot"
    "tree --game c4 --engine alphabeta --depth 64 --max-nodes 1000000 --levels 64 --svg out.svg"
    "tree --game kalah --size 6x20 --engine alphabeta --depth 64 --max-nodes 1000000 --svg out.svg"
    "book build --game c4 --depth 42 --max-positions 18446744073709551615 -o out.book"
    "book build --game c4 --depth 100 -q -o out.book"
    "book build --game kalah --size 6x20 --depth 100 -q -o out.book"
    "book build --game dots --size 3x3 --depth 100 --threads 1024 -q -o out.book"
    "solve --threads 1024 --time 720h 4455"
    "solve --analyze --threads 1024 4455"
    "perft reversi 42"
    "perft mnk 42 --size 8x8x8 --players 4"
    "perft einstein 42"
    "perft kalah 42 --size 6x20"
    "path --algorithm dijkstra --max-expansions 18446744073709551615 data/movingai/maze512-1-0.map"
    "path --algorithm idastar --max-expansions 18446744073709551615 --limit 1 data/movingai/arena.map"
    "match --game c4 --games 4294967295 --time 720h alphabeta mcts"
    "match --game mnk --size 8x8x8 --players 4 --games 1 mcts:1000000000p maxn:64 random random"
    "play --game c4 --ai-vs-ai --ai mcts --playouts 1000000000"
    "play --game reversi --ai-vs-ai --ai solver --time 1h"
    "play --game mnk --size 8x8x8 --players 4 --ai-vs-ai --depth 64"
    "equilibrium goofspiel --cards 5 --iterations 10000000"
    "equilibrium leduc --iterations 10000000"
    "cards --game goofspiel --cards 13 --ai cfr --cfr-iterations 18446744073709551615"
    "cards --game liars-dice --dice 5 --ai cfr --cfr-iterations 18446744073709551615"
    "cards --game tricks --ai determinized --playouts 1000000000"
    "cards-match --game goofspiel --cards 13 --games 4294967295 --playouts 1000000000 smmcts ismcts"
    "cards-match --game liars-dice --dice 5 --games 1 --playouts 1000000000 determinized ismcts"
)

# The options and arguments of `ply WORDS` that take a value: --long names and <NAME>s.
value_options() {
    "$ply" "$@" --help | awk '
        /^ *</ { print $1; next }
        /^ *-/ && / </ { for (i = 1; i <= NF; i++) if ($i ~ /^--/) { sub(/,$/, "", $i); print $i; break } }'
}

# MB the options of a run ask for (see the header).
asked_mb() {
    local cmd=$1
    shift
    local mb=64 table="" positions="" prev=""
    for a in "$@"; do
        case $prev in
            --table-mb) table=$a ;;
            --max-positions) positions=$a ;;
        esac
        prev=$a
    done
    case $cmd in
        solve|"book build"|play|match) mb=$((mb + ${table:-64})) ;;
    esac
    case $cmd in
        play|match|tree|cards|cards-match) mb=$((mb + 403)) ;;
    esac
    if [ "$cmd" = "book build" ]; then
        mb=$((mb + ${positions:-10000000} * 178 / 1048576))
    fi
    echo "$mb"
}

runs=0
accepted=0
stopped=0
failures=0
report() { printf '%s\n' "$*"; }

# Runs `ply ARGS...` as one try; $1 is the command (for the memory it asks for).
try() {
    local cmd=$1
    shift
    runs=$((runs + 1))
    local timefile=$work/time.$runs errfile=$work/err.$runs
    : | /usr/bin/time -o "$timefile" -f '%M' "$ply" "$@" >/dev/null 2>"$errfile" &
    local pid=$! child="" started=$SECONDS killed="" key value rest
    # Watch the run: its time (by the clock: a run of many threads can starve this loop) and
    # its memory.
    while kill -0 "$pid" 2>/dev/null; do
        [ -z "$child" ] && child=$(pgrep -P "$pid" 2>/dev/null | head -1)
        if [ -n "$child" ]; then
            local rss=0
            while read -r key value rest; do
                [ "$key" = "VmRSS:" ] && rss=$value
            done <"/proc/$child/status" 2>/dev/null
            if [ "${rss:-0}" -gt "$hard_cap_kb" ]; then
                kill -KILL "$child" 2>/dev/null
                killed="memory"
            fi
        fi
        local elapsed=$((SECONDS - started))
        if [ "$elapsed" -ge "$seconds" ] && [ -z "$killed" ]; then
            [ -n "$child" ] && kill -TERM "$child" 2>/dev/null
            killed="time"
        fi
        if [ "$elapsed" -ge $((seconds + 5)) ] && [ -n "$child" ]; then
            kill -KILL "$child" 2>/dev/null
        fi
        sleep 0.1
    done
    wait "$pid"
    local status=$?
    local peak_kb
    peak_kb=$(tail -1 "$timefile" 2>/dev/null)
    peak_kb=${peak_kb//[^0-9]/}
    peak_kb=${peak_kb:-0}
    # GNU time reports a child killed by a signal as "Command terminated by signal N".
    local signal
    signal=$(sed -n 's/.*terminated by signal \([0-9]*\).*/\1/p' "$timefile" 2>/dev/null)
    local code=$status
    if grep -q "exited with non-zero status" "$timefile" 2>/dev/null; then
        code=$(sed -n 's/.*non-zero status \([0-9]*\).*/\1/p' "$timefile")
    fi
    [ "$code" = 2 ] && [ -z "$signal" ] && [ -z "$killed" ] && return 0 # a usage error: refused
    accepted=$((accepted + 1))
    local asked
    asked=$(asked_mb "$cmd" "$@")
    local verdict=ok
    case $signal in
        6|11|7|4) verdict="ABORT (signal $signal)" ;;
    esac
    if [ "$code" = 101 ] || grep -q "panicked\|overflowed its stack\|memory allocation of" "$errfile"; then
        verdict="ABORT ($(grep -m1 'panicked\|overflowed\|memory allocation' "$errfile" | cut -c1-100))"
    fi
    if [ "$killed" = memory ]; then
        verdict="MEMORY (over 8 GB)"
    elif [ "$peak_kb" -gt $((asked * 2 * 1024)) ]; then
        verdict="MEMORY ($((peak_kb / 1024)) MB > 2 x $asked MB)"
    fi
    [ "$killed" = time ] && [ "$verdict" = ok ] && { verdict="ok (stopped after ${seconds} s)"; stopped=$((stopped + 1)); }
    local shown="$*"
    shown=${shown//$long/<5000 chars>}
    local shown_status=$code
    [ -n "$signal" ] && shown_status="sig$signal"
    report "$(printf '%-24s %6d MB peak, %6d MB asked, status %-5s %s' "$verdict" $((peak_kb / 1024)) "$asked" "$shown_status" "ply $shown" | cut -c1-220)"
    case $verdict in ok*) ;; *) failures=$((failures + 1)) ;; esac
}

for base in "${bases[@]}"; do
    IFS='|' read -r words opts pos <<<"$base"
    read -ra w <<<"$words"
    read -ra o <<<"$opts"
    read -ra p <<<"$pos"
    mapfile -t targets < <(value_options "${w[@]}")
    mapfile -t positions < <(printf '%s\n' "${targets[@]}" | grep '^<')
    for target in "${targets[@]}"; do
        tried=("${values[@]}")
        # The ends of a range clap states.
        range=""
        for big in 18446744073709551615 9223372036854775807; do
            if [[ $target == --* ]]; then
                probe=("${w[@]}" "$target" "$big")
            else
                probe=("${w[@]}")
                for ((i = 0; i < ${#p[@]}; i++)); do
                    if [ "${positions[i]:-}" = "$target" ]; then probe+=("$big"); else probe+=("${p[i]}"); fi
                done
            fi
            range=$("$ply" "${probe[@]}" 2>&1 </dev/null | sed -n 's/.* is not in \([-0-9]*\)\.\.=\([0-9]*\).*/\1 \2/p' | head -1)
            [ -n "$range" ] && break
        done
        [ -n "$range" ] && read -ra ends <<<"$range" && tried+=("${ends[@]}")
        for value in "${tried[@]}"; do
            args=("${w[@]}")
            replaced=""
            for ((i = 0; i < ${#o[@]}; i++)); do
                if [ "${o[i]}" = "$target" ] && [ $((i + 1)) -lt ${#o[@]} ] && [[ ${o[i + 1]} != -* ]]; then
                    args+=("$target" "$value")
                    i=$((i + 1))
                    replaced=1
                else
                    args+=("${o[i]}")
                fi
            done
            for ((i = 0; i < ${#p[@]}; i++)); do
                if [ "${positions[i]:-}" = "$target" ]; then
                    args+=("$value")
                    replaced=1
                else
                    args+=("${p[i]}")
                fi
            done
            if [ -z "$replaced" ]; then
                [[ $target == \<* ]] && continue
                args+=("$target" "$value")
            fi
            try "$words" "${args[@]}" 2>/dev/null || true
        done
    done
done 2>/dev/null | tee "$work/report"
for combo in "${combos[@]}"; do
    read -ra args <<<"$combo"
    words=${args[0]}
    [ "$words" = book ] && words="book ${args[1]}"
    try "$words" "${args[@]}" 2>/dev/null || true
done | tee -a "$work/report"
failures=$(grep -c '^ABORT\|^MEMORY' "$work/report")
accepted_runs=$(wc -l <"$work/report")
echo
echo "extremes: $accepted_runs accepted runs (the refused ones not listed), $failures failures"
[ "$failures" -eq 0 ]
