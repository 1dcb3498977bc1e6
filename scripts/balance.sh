#!/bin/bash
# scripts/balance.sh: `make balance`. Plays the balance figures the game
# docs quote (docs/games/<id>.md, "Balance"): for each game and variant,
# random agents, and the search agents against each other and against
# random ones in both seat orders; prints one table row per run and
# writes every run's `sim --json` to build/balance.json. Seeds are fixed,
# so every figure is reproduced exactly; --jobs only changes the time.
# BALANCE_JOBS (default 2) threads per run; BALANCE_GAMES (a list of game
# ids, default every game) plays only those games' runs. Never part of
# `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
JOBS=${BALANCE_JOBS:-2}
ONLY=${BALANCE_GAMES:-}
out=$B/balance.json
tmp=$out.tmp

# name | engine | sim arguments (each run is `build/<engine> sim ARGS --seed 1 --json`)
runs=(
  "evr: random|evr|--games 20000"
  "evr: greedy vs greedy|evr|--games 2000 --agents greedy,greedy"
  "evr: mcts vs mcts|evr|--games 2000 --agents mcts,mcts --budget 200"
  "evr: random, seats swapped|evr|--games 20000 --sides imperial,rebel"
  "evr: mcts vs mcts, seats swapped|evr|--games 2000 --agents mcts,mcts --budget 200 --sides imperial,rebel"
  "evr: mcts vs random|evr|--games 400 --agents mcts,random --budget 200"
  "evr: random vs mcts|evr|--games 400 --agents random,mcts --budget 200"
  "evr tutorial: random|evr|--games 10000 --variant tutorial"
  "evr tutorial: mcts vs mcts|evr|--games 2000 --agents mcts,mcts --budget 200 --variant tutorial"
  "galaxy: random, 2 players|galaxy|--games 10000 --players 2"
  "galaxy: random, 4 players|galaxy|--games 10000 --players 4"
  "galaxy short: random, 4 players|galaxy|--games 10000 --players 4 --variant short"
  "galaxy: greedy vs greedy|galaxy|--games 2000 --players 2 --agents greedy,greedy"
  "galaxy: greedy vs random|galaxy|--games 2000 --players 2 --agents greedy,random"
  "galaxy: random vs greedy|galaxy|--games 2000 --players 2 --agents random,greedy"
  "galaxy: mcts vs mcts|galaxy|--games 100 --players 2 --agents mcts,mcts --budget 100 --rollout 40"
  "galaxy: mcts vs random|galaxy|--games 100 --players 2 --agents mcts,random --budget 100 --rollout 40"
  "galaxy: mcts vs greedy|galaxy|--games 100 --players 2 --agents mcts,greedy --budget 100 --rollout 40"
  "galaxy: greedy vs mcts|galaxy|--games 100 --players 2 --agents greedy,mcts --budget 100 --rollout 40"
  "simple: random|simple|--games 10000"
  "rebellion: random|rebellion|--games 1000"
  "rebellion: greedy vs greedy|rebellion|--games 100 --agents greedy,greedy"
  "rebellion: mcts vs mcts|rebellion|--games 40 --agents mcts,mcts --budget 150 --rollout 40"
  "simple: random, seats swapped|simple|--games 10000 --sides imperium,resistance"
  "simple: greedy vs greedy|simple|--games 400 --agents greedy,greedy"
  "simple: mcts vs mcts|simple|--games 20 --agents mcts,mcts --budget 50 --rollout 40"
  "simple: mcts vs random|simple|--games 20 --agents mcts,random --budget 50 --rollout 40"
  "simple: random vs mcts|simple|--games 20 --agents random,mcts --budget 50 --rollout 40"
  "dsr: random, 2 players|dsr|--games 10000 --players 2 --tally ending"
  "dsr: random, 4 players|dsr|--games 10000 --players 4 --tally ending"
  "dsr: greedy, 3 players|dsr|--games 2000 --players 3 --agents greedy --tally ending"
  "dsr: mcts, 2 players|dsr|--games 200 --players 2 --agents mcts --budget 50 --tally ending"
  "dsr imperials8: mcts, 2 players|dsr|--games 200 --players 2 --agents mcts --budget 50 --variant imperials8 --tally ending"
  "dsr imperials9: mcts, 2 players|dsr|--games 200 --players 2 --agents mcts --budget 50 --variant imperials9 --tally ending"
  "dsr imperials10: mcts, 2 players|dsr|--games 200 --players 2 --agents mcts --budget 50 --variant imperials10 --tally ending"
  "dsr imperials11: mcts, 2 players|dsr|--games 200 --players 2 --agents mcts --budget 50 --variant imperials11 --tally ending"
  "dsr: mcts, 3 players|dsr|--games 100 --players 3 --agents mcts --budget 50 --tally ending"
  "dsr imperials11: mcts, 3 players|dsr|--games 100 --players 3 --agents mcts --budget 50 --variant imperials11 --tally ending"
  "dsr: mcts, 4 players|dsr|--games 100 --players 4 --agents mcts --budget 50 --tally ending"
  "dsr imperials11: mcts, 4 players|dsr|--games 100 --players 4 --agents mcts --budget 50 --variant imperials11 --tally ending"
)

printf '{"seed":1,"runs":[' >"$tmp"
first=1
tallied=()   # the rows of runs with --tally, printed in a table of their own
seat_rows=0
for r in "${runs[@]}"; do
  IFS='|' read -r name engine args <<<"$r"
  if [ -n "$ONLY" ] && ! grep -qw -- "$engine" <<<"$ONLY"; then continue; fi
  [ -x "$B/$engine" ] || { echo "balance: $B/$engine is missing (run make)" >&2; rm -f "$tmp"; exit 1; }
  # shellcheck disable=SC2086
  json=$("$B/$engine" sim $args --seed 1 --jobs "$JOBS" --json)
  [ $first = 1 ] || printf ',' >>"$tmp"
  first=0
  printf '{"name":"%s","command":"%s sim %s --seed 1 --json","result":%s}' "$name" "$B/$engine" "$args" "$json" >>"$tmp"
  # A run without --tally: its seats. With --tally (a game whose players
  # win or lose together): its sides (the game among them when it can
  # lose) and how many games ended with each value of the variable.
  row=$(python3 -c '
import json, math, sys
def pct(f):   # a percentage to a tenth, halves away from zero, as the sim report rounds
    t = f * 1000
    return (math.floor(t + 0.5 + 1e-6) if t >= 0 else -math.floor(-t + 0.5 + 1e-6)) / 10
name, d = sys.argv[1], json.loads(sys.argv[2])
if "tally" in d:
    sides = ", ".join("%s %.1f%% [%.1f, %.1f]" % (s["side"], pct(s["win_rate"]), pct(s["ci95"][0]), pct(s["ci95"][1])) for s in d["sides"])
    tally = ", ".join("%s %d" % (v["value"], v["games"]) for v in d["tally"]["values"])
    print("| %s | %d | %s | %.2f | %s |" % (name, d["games"], sides, d["mean_rounds"], tally))
else:
    seats = ", ".join("%s (%s) %.1f%% [%.1f, %.1f]" % (s["player"], s["agent"], pct(s["wins"] / d["games"]), pct(s["ci95"][0]), pct(s["ci95"][1])) for s in d["seats"])
    print("| %s | %d | %s | %.2f |" % (name, d["games"], seats, d["mean_rounds"]))
' "$name" "$json")
  if grep -q -- '--tally' <<<"$args"; then
    tallied+=("$row")
  else
    [ $seat_rows -gt 0 ] || printf '| run | games | win rate by seat (95%% interval) | mean rounds |\n|---|---|---|---|\n'
    seat_rows=$((seat_rows + 1))
    echo "$row"
  fi
done
if [ ${#tallied[@]} -gt 0 ]; then
  printf '\n| run | games | win rate by side (95%% interval) | mean rounds | games by the tallied value |\n|---|---|---|---|---|\n'
  printf '%s\n' "${tallied[@]}"
fi
printf ']}\n' >>"$tmp"
mv "$tmp" "$out"
echo "balance: every run's sim --json in $out"
