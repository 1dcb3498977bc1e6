#!/bin/bash
# bench/run.sh: `make bench`. For each game in cards/: random-agent games per
# second on one thread (`build/<id> bench`); MCTS iterations per second; for
# a game with a hand-written reference engine bench/<id>_ref.c (evr, galaxy),
# the reference on the same seeds, compiled with the engines' flags and timed
# in the same run, alternately, BENCH_RUNS times each: the ratio
# generated/reference of the best times (<id>_generated_over_reference).
# For each game, also the lab's path against the benchmark's: `sim` on one
# thread over `bench` (sim_over_bench), and `sim --jobs 2` over `--jobs 1`
# (jobs2_speedup), best of BENCH_RUNS each.
# Writes the figures to build/bench.json. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
# BENCH_GAMES, when set, is every game's count; otherwise a game plays
# 20000 games, or the number in bench/<id>.games (for a game whose games
# are long, so that make bench keeps its few minutes; for one whose games
# are short, so that each timed run lasts long enough to be timed well).
GAMES_SET=${BENCH_GAMES:-}
GAMES=${BENCH_GAMES:-20000}
SEED=${BENCH_SEED:-1}
RUNS=${BENCH_RUNS:-5}
CC=${CC:-cc}
ENGINE_CFLAGS=${ENGINE_CFLAGS:--std=c11 -O2}
out=$B/bench.json
TIMEFORMAT=%R

# best_of CMD...: the least wall time, in seconds, of RUNS runs of CMD
# (its output discarded): the run least disturbed by the rest of the machine.
best_of() {
  local best="" t
  for _ in $(seq "$RUNS"); do
    t=$( { time "$@" >/dev/null; } 2>&1 )
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  echo "$best"
}

# A busy machine distorts every figure (jobs2_speedup most: a second thread
# has no core of its own): measure for a second how busy the CPUs are
# while this script only waits, and say so before measuring.
cpu_times() { awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8, $5 + $6 }' /proc/stat 2>/dev/null; }
if [ -r /proc/stat ]; then
  read -r total0 idle0 < <(cpu_times)
  sleep 1
  read -r total1 idle1 < <(cpu_times)
  busy=$(awk -v t=$((total1 - total0)) -v i=$((idle1 - idle0)) 'BEGIN { printf "%d", (t > 0 ? 100 * (t - i) / t : 0) }')
  if [ "$busy" -gt 15 ]; then
    echo "bench: warning: the CPUs were ${busy}% busy with other work; the figures will be distorted" >&2
  fi
fi

games_json=""
mcts=""
ratios=""
for dir in cards/*/; do
  g=$(basename "$dir")
  [ -x "$B/$g" ] || { echo "bench: $B/$g is missing (run make)" >&2; exit 1; }
  GAMES=${GAMES_SET:-20000}
  [ -z "$GAMES_SET" ] && [ -f "bench/$g.games" ] && GAMES=$(cat "bench/$g.games")
  if ! line=$("$B/$g" bench --games "$GAMES" --seed "$SEED"); then
    echo "bench: $B/$g bench failed (rebuild it with make)" >&2
    continue
  fi
  gps=$(sed -E 's/.*"games_per_second":([0-9.]+).*/\1/' <<<"$line")
  ips=$(sed -E 's/.*"mcts_iterations_per_second":([0-9.]+).*/\1/' <<<"$line")
  printf '%-8s %10.1f games per second, random agents on 1 thread (%s games)\n' "$g" "$gps" "$GAMES"
  printf '%-8s %10.1f MCTS iterations per second, one MCTS agent (budget 200) against random ones, 1 thread\n' "$g" "$ips"
  # The lab's path: the same games through sim (which notes the cards
  # played for its report) on one thread and on two, against bench.
  tb=$(best_of "$B/$g" bench --games "$GAMES" --seed "$SEED" --mcts-seconds 0)
  t1=$(best_of "$B/$g" sim --games "$GAMES" --seed "$SEED" --jobs 1 --json)
  t2=$(best_of "$B/$g" sim --games "$GAMES" --seed "$SEED" --jobs 2 --json)
  sob=$(awk -v a="$t1" -v b="$tb" 'BEGIN { printf "%.3f", a / b }')
  j2=$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.3f", a / b }')
  printf '%-8s %10s time of sim on 1 thread over bench'"'"'s, the same games (best of %s runs)\n' "$g" "$sob" "$RUNS"
  printf '%-8s %10s speed-up of sim --jobs 2 over --jobs 1 (best of %s runs)\n' "$g" "$j2" "$RUNS"
  games_json="$games_json${games_json:+,}\"$g\":{\"games_per_second\":$gps,\"mcts_iterations_per_second\":$ips,\"sim_over_bench\":$sob,\"jobs2_speedup\":$j2}"
  [ "$g" = evr ] && mcts=$ips
  if [ -f "bench/${g}_ref.c" ]; then
    # The reference is compiled with the flags the engines are compiled with.
    $CC $ENGINE_CFLAGS -o "$B/${g}_ref" "bench/${g}_ref.c"
    # Best of RUNS alternating runs of each (the least disturbed time).
    rs=""; gs=""
    for _ in $(seq "$RUNS"); do
      ref=$("$B/${g}_ref" "$GAMES" "$SEED")
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
    ratios="$ratios,\"${g}_generated_over_reference\":$ratio"
  fi
done
# The EvR and Galaxy ratios are always there (null: no reference or no engine).
for g in evr galaxy; do
  [[ "$ratios" == *"\"${g}_generated_over_reference\""* ]] || ratios="$ratios,\"${g}_generated_over_reference\":null"
done
echo "{\"games\":{$games_json}$ratios,\"mcts_iterations_per_second\":${mcts:-null}}" > $out
echo "wrote $out"
