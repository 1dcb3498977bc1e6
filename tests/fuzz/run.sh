#!/usr/bin/env bash
# run.sh: drive the libFuzzer targets (built by the Makefile into BIN/<t>).
#   run.sh replay BIN T...          run every file of tests/fuzz/corpus/<t>/ and
#                                   tests/fuzz/crashes/<t>/ once (make test)
#   run.sh fuzz BIN SECONDS T...    fuzz each target SECONDS seconds (make fuzz): in turn,
#                                   or FUZZ_JOBS targets at a time (FUZZ_JOBS=N in the
#                                   environment; default 1)
#   run.sh merge BIN T...           merge build/fuzz/new/<t>/ into the corpus (make fuzz-merge):
#                                   only inputs that reach code the corpus does not
# tests/fuzz/targets/<t>.options, if present, sets a target's fuzzing
# options, one a line: "max_len N" (inputs of at most N bytes), "dict FILE"
# (a libFuzzer dictionary in tests/fuzz/targets/).
set -uo pipefail

mode=$1 bin=$2
shift 2
here=tests/fuzz
work=$(dirname "$bin")            # build/fuzz
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
# leaks inside system libraries' own caches (fontconfig, under the sheet back end) are not ours
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

options() {
  local opt=$here/targets/$1.options
  [ -f "$opt" ] && awk -v dir="$here/targets" '$1 == "max_len" { print "-max_len=" $2 }
                                               $1 == "dict" { print "-dict=" dir "/" $2 }' "$opt"
}

status=0
case $mode in
replay)
  for t in "$@"; do
    files=()
    for d in "$here/corpus/$t" "$here/crashes/$t"; do
      [ -d "$d" ] && while IFS= read -r f; do files+=("$f"); done < <(find "$d" -type f | sort)
    done
    log=$work/replay-$t.log
    # Given files (not folders), libFuzzer runs each once and does not fuzz.
    if [ ${#files[@]} -eq 0 ]; then
      echo "fuzz replay: $t: no inputs"; status=1; continue
    fi
    if "$bin/$t" "${files[@]}" >"$log" 2>&1; then
      echo "fuzz replay: $t: ${#files[@]} inputs (corpus and past crashes) ran clean"
    else
      echo "fuzz replay: $t: FAILED (see $log)"
      grep -E "^Running: " "$log" | tail -1
      grep -E "ERROR|runtime error|SUMMARY|^    #[0-9]" "$log" | head -20
      status=1
    fi
  done
  ;;
fuzz)
  secs=$1 jobs=${FUZZ_JOBS:-1}
  shift
  case $jobs in ''|*[!0-9]*|0) echo "run.sh: FUZZ_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
  # fuzz_one T: fuzz target T for secs seconds; 1 if it found a problem.
  fuzz_one() {
    local t=$1 new=$work/new/$1 crash=$work/crash/$1 log=$work/fuzz-$1.log
    mkdir -p "$new" "$crash"
    echo "fuzz: $t for ${secs}s (new inputs: $new/, log: $log)"
    # shellcheck disable=SC2046
    if ! "$bin/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 $(options "$t") \
         -artifact_prefix="$crash/" "$new" "$here/corpus/$t" >"$log" 2>&1; then
      echo "fuzz: $t FOUND A PROBLEM: the input is in $crash/ (log: $log)"
      grep -E "^==[0-9]+==ERROR|runtime error|SUMMARY|Test unit written" "$log" | head -10
      return 1
    fi
    echo "fuzz: $t: $(grep -E "^#[0-9]+.*DONE" "$log" | tail -1)"
  }
  running=0
  for t in "$@"; do
    if [ "$jobs" -eq 1 ]; then
      fuzz_one "$t" || status=1
      continue
    fi
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
      wait -n || status=1
      running=$((running - 1))
    fi
  done
  while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
  done
  ;;
merge)
  for t in "$@"; do
    new=$work/new/$t
    [ -d "$new" ] || continue
    mkdir -p "$here/corpus/$t"
    # shellcheck disable=SC2046
    "$bin/$t" -merge=1 -use_counters=0 $(options "$t" | grep max_len) "$here/corpus/$t" "$new" >"$work/merge-$t.log" 2>&1 || status=1
    echo "fuzz merge: $t: $(find "$here/corpus/$t" -type f | wc -l) corpus files"
  done
  ;;
*)
  echo "usage: run.sh replay|fuzz|merge BIN ..." >&2; exit 2 ;;
esac
exit $status
