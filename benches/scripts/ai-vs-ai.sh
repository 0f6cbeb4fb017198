#!/usr/bin/env bash
# Plays GAMES AI-against-AI games of every game `ply play` offers with every AI that plays
# it, at a short time per move, and counts the exit codes: a game must end with status 0
# (a win or a draw), never with 1 (a run that went wrong) or anything else.
#
#   cargo build --release -p plysearch-cli
#   benches/scripts/ai-vs-ai.sh [GAMES] [TIME] [JOBS]
#
# GAMES per game and AI (default 100), TIME per move (default 20ms), JOBS games at once
# (default 2). Each game has its own seed (1..GAMES), so the games differ and a failing one
# can be replayed with the command printed for it.
#
# Output: one line per game and AI with the number of games and of each exit status, then the
# commands of the games that did not exit with 0 (at most 10 per line) with their stderr.
set -euo pipefail
games=${1:-100}
time=${2:-20ms}
jobs=${3:-2}
cd "$(dirname "$0")/../.."
ply=target/release/ply
[ -x "$ply" ] || { echo "build ply first: cargo build --release -p plysearch-cli" >&2; exit 2; }

# The AIs of each game, as `ply play --help` describes them.
declare -A ais=(
  [ttt]="alphabeta mcts solver random"
  [c4]="alphabeta mcts solver random"
  [reversi]="alphabeta mcts solver random"
  [dots]="alphabeta mcts solver random"
  [kalah]="alphabeta mcts solver random"
  [einstein]="alphabeta mcts random"
  [mnk]="alphabeta mcts maxn best-reply random"
)
failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for game in ttt c4 reversi dots kalah einstein mnk; do
  for ai in ${ais[$game]}; do
    strength=(--time "$time")
    [ "$ai" = random ] && strength=()
    seq 1 "$games" | xargs -P "$jobs" -I{} bash -c '
      "$0" play --game "$2" --ai-vs-ai --ai "$3" --seed {} "${@:4}" >/dev/null 2>"$1/{}.err" </dev/null
      echo "{} $?" >>"$1/codes"
    ' "$ply" "$scratch" "$game" "$ai" "${strength[@]}" || true
    summary=$(awk '{n[$2]++} END {for (c in n) printf "exit %s: %d  ", c, n[c]}' "$scratch/codes")
    echo "$game $ai: $(wc -l <"$scratch/codes") games; $summary"
    shown=0
    while read -r seed code; do
      if [ "$code" != 0 ]; then
        failed=$((failed + 1))
        if [ "$shown" -lt 10 ]; then
          echo "  exit $code: $ply play --game $game --ai-vs-ai --ai $ai --seed $seed ${strength[*]}"
          sed 's/^/    /' "$scratch/$seed.err" | head -5
          shown=$((shown + 1))
        fi
      fi
    done <"$scratch/codes"
    rm -f "$scratch"/*
  done
done
echo "games that did not exit with 0: $failed"
[ "$failed" -eq 0 ]
