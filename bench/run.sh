#!/bin/bash
# bench/run.sh: `make bench`. For each game in cards/: random-agent games per
# second on one thread (`build/<id> bench`); MCTS iterations per second; for
# evr, the hand-written reference engine bench/evr_ref.c on the same seeds,
# compiled with the engines' flags and timed in the same run, alternately,
# BENCH_RUNS times each: the ratio generated/reference of the best times.
# Writes the figures to build/bench.json. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
GAMES=${BENCH_GAMES:-20000}
SEED=${BENCH_SEED:-1}
RUNS=${BENCH_RUNS:-5}
CC=${CC:-cc}
ENGINE_CFLAGS=${ENGINE_CFLAGS:--std=c11 -O2}
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
  printf '%-8s %10.1f games per second, random agents on 1 thread (%s games)\n' "$g" "$gps" "$GAMES"
  printf '%-8s %10.1f MCTS iterations per second, one MCTS agent (budget 200) against random ones, 1 thread\n' "$g" "$ips"
  games_json="$games_json${games_json:+,}\"$g\":{\"games_per_second\":$gps,\"mcts_iterations_per_second\":$ips}"
  [ "$g" = evr ] && mcts=$ips
  if [ "$g" = evr ] && [ -f bench/evr_ref.c ]; then
    # The reference is compiled with the flags the engines are compiled with.
    $CC $ENGINE_CFLAGS -o $B/evr_ref bench/evr_ref.c
    # Best of RUNS alternating runs of each (the least disturbed time).
    rs=""; gs=""
    for _ in $(seq "$RUNS"); do
      ref=$($B/evr_ref "$GAMES" "$SEED")
      gen=$("$B/$g" bench --games "$GAMES" --seed "$SEED" --mcts-seconds 0)
      r=$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' <<<"$ref")
      t=$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' <<<"$gen")
      rs=$(awk -v a="$rs" -v b="$r" 'BEGIN { print (a == "" || b < a) ? b : a }')
      gs=$(awk -v a="$gs" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
      rc=$(sed -E 's/.*"winners_checksum":([0-9]+).*/\1/' <<<"$ref")
      gc=$(sed -E 's/.*"winners_checksum":([0-9]+).*/\1/' <<<"$gen")
    done
    ratio=$(awk -v a="$gs" -v b="$rs" 'BEGIN { printf "%.3f", a / b }')
    same=$([ "$rc" = "$gc" ] && echo "same winners" || echo "DIFFERENT winners")
    printf '%-8s %10.1f games per second, the hand-written reference engine (best of %s runs)\n' "$g" \
      "$(awk -v n="$GAMES" -v s="$rs" 'BEGIN { printf "%.1f", n / s }')" "$RUNS"
    printf '%-8s %10.1f games per second, the generated engine timed beside it (best of %s runs)\n' "$g" \
      "$(awk -v n="$GAMES" -v s="$gs" 'BEGIN { printf "%.1f", n / s }')" "$RUNS"
    printf '%-8s %10s time per game of the generated engine over the reference'"'"'s (1.000: as fast; %s)\n' "$g" "$ratio" "$same"
  fi
done
echo "{\"games\":{$games_json},\"evr_generated_over_reference\":$ratio,\"mcts_iterations_per_second\":${mcts:-null}}" > $out
echo "wrote $out"
