#!/bin/bash
# bench/run.sh: `make bench`. For each game in cards/: random-agent games per
# second on one thread (`build/<id> bench`); MCTS iterations per second; for
# evr, the hand-written reference engine bench/evr_ref.c on the same seeds,
# timed in the same run, and the ratio generated/reference (time per game).
# Writes the figures to build/bench.json. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
GAMES=${BENCH_GAMES:-20000}
SEED=${BENCH_SEED:-1}
CC=${CC:-cc}
out=$B/bench.json
games_json=""
mcts=""
ratio="null"
for dir in cards/*/; do
  g=$(basename "$dir")
  [ -x "$B/$g" ] || { echo "bench: $B/$g is missing (run make)" >&2; exit 1; }
  if ! line=$("$B/$g" bench --games "$GAMES" --seed "$SEED"); then
    echo "bench: $B/$g bench failed (rebuild it with make)" >&2
    continue
  fi
  gps=$(sed -E 's/.*"games_per_second":([0-9.]+).*/\1/' <<<"$line")
  ips=$(sed -E 's/.*"mcts_iterations_per_second":([0-9.]+).*/\1/' <<<"$line")
  printf '%-8s %10.1f games/s (random agents, 1 thread)   %10.1f MCTS iterations/s\n' "$g" "$gps" "$ips"
  games_json="$games_json${games_json:+,}\"$g\":{\"games_per_second\":$gps,\"mcts_iterations_per_second\":$ips}"
  [ "$g" = evr ] && mcts=$ips
  if [ "$g" = evr ] && [ -f bench/evr_ref.c ]; then
    $CC -std=c11 -O2 -march=native -o $B/evr_ref bench/evr_ref.c
    ref=$($B/evr_ref "$GAMES" "$SEED")
    gen=$("$B/$g" bench --games "$GAMES" --seed "$SEED")   # again, next to the reference
    rs=$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' <<<"$ref")
    gs=$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' <<<"$gen")
    rc=$(sed -E 's/.*"winners_checksum":([0-9]+).*/\1/' <<<"$ref")
    gc=$(sed -E 's/.*"winners_checksum":([0-9]+).*/\1/' <<<"$gen")
    ratio=$(awk -v a="$gs" -v b="$rs" 'BEGIN { printf "%.3f", a / b }')
    same=$([ "$rc" = "$gc" ] && echo "same winners" || echo "DIFFERENT winners")
    printf '%-8s reference %10.1f games/s; generated/reference time per game: %s (%s)\n' "$g" \
      "$(awk -v n="$GAMES" -v s="$rs" 'BEGIN { printf "%.1f", n / s }')" "$ratio" "$same"
  fi
done
echo "{\"games\":{$games_json},\"evr_generated_over_reference\":$ratio,\"mcts_iterations_per_second\":${mcts:-null}}" > $out
echo "wrote $out"
