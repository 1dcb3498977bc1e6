#!/bin/bash
# tests/run-suites.sh: `make test`'s runner: the drift check, then every
# Criterion suite given (under the sanitizers' options), then one closing
# line with the totals: `tests: N passed, M failed`.
#   usage: MAKE=make [FUZZ_BIN=DIR FUZZ_TARGETS="T..."] bash tests/run-suites.sh build/tests/SUITE...
# With FUZZ_BIN, each fuzz target's corpus and past crashes are replayed
# too (tests/fuzz/run.sh replay), one test each.
# A suite's passed and failed tests come from Criterion's closing
# "Synthesis" line (crashed tests count as failed); a suite that exits
# non-zero with no failure counted (a leak found at exit, a crash of the
# runner) counts one failure more. Exits 1 when anything failed.
set -u
cd "$(dirname "$0")/.."
passed=0
failed=0
if ${MAKE:-make} --no-print-directory check-drift; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for t in "$@"; do
  echo "== $t"
  "$t" --jobs 2 2>&1 | tee "$out"
  status=${PIPESTATUS[0]}
  line=$(grep -a 'Synthesis: Tested:' "$out" | tail -n 1)
  p=$(sed -nE 's/.*Passing: ([0-9]+).*/\1/p' <<<"$line")
  f=$(sed -nE 's/.*Failing: ([0-9]+) \| Crashing: ([0-9]+).*/\1 + \2/p' <<<"$line")
  passed=$((passed + ${p:-0}))
  f=$((${f:-0}))
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "$t exited $status"
    f=1
  fi
  failed=$((failed + f))
done
for t in ${FUZZ_TARGETS:-}; do
  if bash tests/fuzz/run.sh replay "$FUZZ_BIN" "$t"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
