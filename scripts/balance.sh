#!/bin/bash
# scripts/balance.sh: `make balance`. Plays the balance figures the game
# docs quote (docs/games/<id>.md, "Balance"): for each game and variant,
# random agents, and the search agents against each other and against
# random ones in both seat orders; prints one table row per run and
# writes every run's `sim --json` to build/balance.json. Seeds are fixed,
# so every figure is reproduced exactly; --jobs only changes the time.
# BALANCE_JOBS (default 2) threads per run. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
JOBS=${BALANCE_JOBS:-2}
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
  "simple: random, seats swapped|simple|--games 10000 --sides imperium,resistance"
  "simple: greedy vs greedy|simple|--games 400 --agents greedy,greedy"
  "simple: mcts vs mcts|simple|--games 20 --agents mcts,mcts --budget 50 --rollout 40"
  "simple: mcts vs random|simple|--games 20 --agents mcts,random --budget 50 --rollout 40"
  "simple: random vs mcts|simple|--games 20 --agents random,mcts --budget 50 --rollout 40"
  "dsr: random, 2 players|dsr|--games 10000 --players 2 --tally ending"
  "dsr: random, 4 players|dsr|--games 10000 --players 4 --tally ending"
  "dsr: greedy, 3 players|dsr|--games 2000 --players 3 --agents greedy --tally ending"
  "dsr: mcts, 2 players|dsr|--games 30 --players 2 --agents mcts --budget 50 --tally ending"
  "dsr imperials8: mcts, 2 players|dsr|--games 30 --players 2 --agents mcts --budget 50 --variant imperials8 --tally ending"
  "dsr imperials9: mcts, 2 players|dsr|--games 30 --players 2 --agents mcts --budget 50 --variant imperials9 --tally ending"
  "dsr imperials10: mcts, 2 players|dsr|--games 30 --players 2 --agents mcts --budget 50 --variant imperials10 --tally ending"
  "dsr imperials11: mcts, 2 players|dsr|--games 30 --players 2 --agents mcts --budget 50 --variant imperials11 --tally ending"
)

printf '| run | games | win rate by seat (95%% interval) | mean rounds |\n|---|---|---|---|\n'
printf '{"seed":1,"runs":[' >"$tmp"
first=1
for r in "${runs[@]}"; do
  IFS='|' read -r name engine args <<<"$r"
  [ -x "$B/$engine" ] || { echo "balance: $B/$engine is missing (run make)" >&2; rm -f "$tmp"; exit 1; }
  # shellcheck disable=SC2086
  json=$("$B/$engine" sim $args --seed 1 --jobs "$JOBS" --json)
  [ $first = 1 ] || printf ',' >>"$tmp"
  first=0
  printf '{"name":"%s","command":"%s sim %s --seed 1 --json","result":%s}' "$name" "$B/$engine" "$args" "$json" >>"$tmp"
  python3 -c '
import json, math, sys
def pct(f):   # a percentage to a tenth, halves away from zero, as the sim report rounds
    t = f * 1000
    return (math.floor(t + 0.5 + 1e-6) if t >= 0 else -math.floor(-t + 0.5 + 1e-6)) / 10
name, d = sys.argv[1], json.loads(sys.argv[2])
seats = ", ".join("%s (%s) %.1f%% [%.1f, %.1f]" % (s["player"], s["agent"], pct(s["wins"] / d["games"]), pct(s["ci95"][0]), pct(s["ci95"][1])) for s in d["seats"])
print("| %s | %d | %s | %.2f |" % (name, d["games"], seats, d["mean_rounds"]))
' "$name" "$json"
done
printf ']}\n' >>"$tmp"
mv "$tmp" "$out"
echo "balance: every run's sim --json in $out"
