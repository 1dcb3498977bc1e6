#!/usr/bin/env bash
# refresh-goldens.sh: rewrite the expected outputs of the golden tests from
# the current build. Review `git diff tests/` before committing the result.
set -euo pipefail
cd "$(dirname "$0")/.."
cardc=build/san/cardc
for f in tests/cardc/bad/*.cards; do
  "$cardc" check "$f" 2> "${f%.cards}.expected" >/dev/null || true
done
for dir in tests/cardc/bad/*/; do
  dir=${dir%/}
  "$cardc" check "$dir" 2> "$dir.expected" >/dev/null || true
done
for dir in tests/cardc/good/*/; do
  name=$(basename "$dir")
  out=$(mktemp -d)
  "$cardc" c "tests/cardc/good/$name" -o "$out"
  for ext in c h; do
    cp "$out"/*."$ext" "tests/cardc/good/$name.expected.$ext"
  done
  rm -rf "$out"
done
CARDC_UPDATE_GOLDENS=1 build/tests/parse >/dev/null
echo "goldens rewritten; review: git diff --stat tests/"
# YAML and CSV front ends (tests/yaml, tests/csv): bad inputs and the CSV sample
for f in tests/yaml/bad/*.yaml; do
  "$cardc" check "$f" 2> "${f%.yaml}.expected" >/dev/null || true
done
for dir in tests/csv/bad/*/; do
  dir=${dir%/}
  "$cardc" check "$dir" 2> "$dir.expected" >/dev/null || true
done
"$cardc" json tests/csv/good/mini | python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps(d["cards"], ensure_ascii=False))' \
  > tests/csv/good/mini.expected.json
# The IR (tests/ir): two games and a small program, before and after the passes
"$cardc" ir cards/evr > tests/ir/evr.expected.ir
"$cardc" ir cards/galaxy > tests/ir/galaxy.expected.ir
"$cardc" ir tests/ir/good/facts.cards > tests/ir/good/facts.expected.ir
"$cardc" ir --lowered tests/ir/good/facts.cards > tests/ir/good/facts.lowered.expected.ir
"$cardc" ir tests/cardc/good/functions > tests/ir/good/functions.expected.ir
