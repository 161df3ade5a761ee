#!/bin/sh
# run.sh — the whole test suite: unit tests, golden fixtures, external
# validators (ajv with the official JSON Resume schemas, citation-js and
# bibtool for BibTeX, Python's csv module), the corpus smoke test and
# determinism checks. Ends with one line: "N passed, N failed".
# usage: sh tests/run.sh BUILD_DIR
set -u
build=${1:-build}
cvx=$build/cvx
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here" || exit 2
shared=${CVX_SHARED:-$here/../shared}
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
export SOURCE_DATE_EPOCH=1790000000 # a fixed "today" (2026-09) for reproducible CSV

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check NAME COMMAND...: one test, passes when COMMAND exits 0
  name=$1
  shift
  if "$@" >"$tmp/out" 2>&1; then ok; else fail "$name"; sed 's/^/    /' "$tmp/out" | head -40; fi
}

echo "== unit tests"
for t in "$build"/tests/test_*; do
  [ -x "$t" ] || continue
  out=$("$t" 2>&1)
  status=$?
  line=$(printf '%s\n' "$out" | grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
  if [ -z "$line" ]; then
    fail "$(basename "$t") printed no summary (exit $status)"
    printf '%s\n' "$out" | tail -20 | sed 's/^/    /'
    continue
  fi
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
  f=$(echo "$line" | sed -E 's/.*, ([0-9]+) failed/\1/')
  passed=$((passed + p))
  failed=$((failed + f))
  echo "  $line"
  if [ "$f" != 0 ] || [ "$status" != 0 ]; then
    printf '%s\n' "$out" | grep -v ': [0-9]* passed' | head -40 | sed 's/^/    /'
    [ "$f" = 0 ] && fail "$(basename "$t") exited $status"
  fi
done

echo "== golden fixtures"
sh tests/golden.sh "$build" >"$tmp/golden" 2>&1
gp=$(grep -c '^ok ' "$tmp/golden")
gf=$(grep -c '^FAIL ' "$tmp/golden")
passed=$((passed + gp))
failed=$((failed + gf))
grep -A30 '^FAIL ' "$tmp/golden" | head -80
echo "  golden: $gp passed, $gf failed"

echo "== command line"
check "cvx --version" sh -c "'$cvx' --version | grep -q '^cvx [0-9]'"
check "cvx --help exits 0" "$cvx" --help
check "cvx convert --help" sh -c "'$cvx' convert --help | grep -q -- '--max-size'"
check "no command is a usage error (2)" sh -c "'$cvx'; test \$? = 2"
check "unknown option is a usage error (2)" sh -c "'$cvx' convert --bogus x 2>/dev/null; test \$? = 2"
check "bad -j is a usage error (2)" sh -c "'$cvx' convert -j 0 x 2>/dev/null; test \$? = 2"
check "missing input is an error (1), batch goes on" sh -c "
  '$cvx' convert -q -o '$tmp/miss' /nonexistent/cv.md fixtures/plain-resume/resume.txt 2>'$tmp/miss.err'; s=\$?
  test \$s = 1 && test -s '$tmp/miss/resume.json' && grep -q 'nonexistent/cv.md.*source.io' '$tmp/miss.err'"
check "--stdout writes one document" sh -c "'$cvx' convert --stdout fixtures/plain-resume/resume.txt | python3 -c 'import json,sys; json.load(sys.stdin)'"
check "stdin input" sh -c "'$cvx' convert --stdout - < fixtures/plain-resume/resume.txt | grep -q '\"source\": \"<stdin>\"'"
check "same stems get distinct names" sh -c "
  mkdir -p '$tmp/st/a' '$tmp/st/b' && cp fixtures/plain-resume/resume.txt '$tmp/st/a/cv.txt' && cp fixtures/plain-resume/resume.txt '$tmp/st/b/cv.md' &&
  '$cvx' convert -q -o '$tmp/st/out' '$tmp/st' && test -f '$tmp/st/out/cv.json' && test -f '$tmp/st/out/cv-2.json'"
check "validate exits 0 on a clean file" "$cvx" validate -q fixtures/plain-resume/resume.txt

if [ -d "$shared/corpus" ]; then
  echo "== corpus smoke test"
  corpus_files=$(find "$shared/corpus" -type f \( -name '*.md' -o -name '*.markdown' -o -name '*.txt' \) | sort)
  # shellcheck disable=SC2086
  "$cvx" convert -q -j 2 -o "$tmp/c1" $corpus_files 2>"$tmp/c1.err"
  s=$?
  if [ $s -le 1 ]; then ok; else fail "corpus conversion exited $s"; fi
  n_in=$(echo "$corpus_files" | wc -l)
  n_out=$(find "$tmp/c1" -name '*.json' | wc -l)
  if [ "$n_in" = "$n_out" ]; then ok; else fail "corpus: $n_in inputs but $n_out JSON outputs"; head -20 "$tmp/c1.err"; fi
  # shellcheck disable=SC2086
  "$cvx" convert -q -j 1 -o "$tmp/c2" $corpus_files 2>/dev/null
  if diff -r "$tmp/c1" "$tmp/c2" >"$tmp/d" 2>&1; then ok; else fail "corpus: -j1 and -j2 outputs differ"; head -20 "$tmp/d"; fi
  # shellcheck disable=SC2086
  "$cvx" convert -q -j 2 -o "$tmp/c3" $corpus_files 2>/dev/null
  if diff -r "$tmp/c1" "$tmp/c3" >"$tmp/d" 2>&1; then ok; else fail "corpus: a second run differs"; head -20 "$tmp/d"; fi
  if [ -d "$shared/corpus/gold" ] && [ -x "$shared/tools/cvscore" ] || [ -f "$shared/tools/cvscore" ]; then
    python3 "$shared/tools/cvscore" --pred-dir "$tmp/c1" --gold-dir "$shared/corpus/gold" | tail -n 2 | sed 's/^/  /'
  fi
fi

if [ -d tests/node_modules ]; then
  echo "== external validators"
  find "$tmp/c1" -name '*.json' 2>/dev/null >"$tmp/jsons"
  mkdir -p "$tmp/golden-out"
  for d in fixtures/*/expected; do cp "$d"/*.json "$tmp/golden-out/" 2>/dev/null; done
  if [ -s "$tmp/jsons" ] || ls "$tmp/golden-out"/*.json >/dev/null 2>&1; then
    # shellcheck disable=SC2046
    node tests/ext/validate-resume.js -q $(cat "$tmp/jsons") "$tmp"/golden-out/*.json >"$tmp/v" 2>&1
    vp=$(grep -c '^ok ' "$tmp/v")
    vf=$(grep -c '^FAIL ' "$tmp/v")
    if [ "$vf" = 0 ] && [ -z "$(grep -v '^ok ' "$tmp/v")" ]; then ok; else fail "JSON Resume official schemas ($vf invalid)"; grep -v '^ok ' "$tmp/v" | head -20; fi
    echo "  official JSON Resume schemas: $(($(wc -l <"$tmp/jsons") + $(ls "$tmp"/golden-out/*.json | wc -l))) documents checked"
  fi
  bibs=$(find "$tmp/c1" fixtures -name '*.bib' 2>/dev/null | sort)
  if [ -n "$bibs" ]; then
    # shellcheck disable=SC2086
    check "BibTeX parses with citation-js" node tests/ext/check-bib.js $bibs
    for b in $bibs; do
      check "bibtool reads $(basename "$b")" sh -c "bibtool -q -o /dev/null '$b' 2>&1 | (! grep -q .)"
    done
  fi
  csvs=$(find "$tmp/c1" fixtures -name '*.csv' | sort)
  # shellcheck disable=SC2086
  [ -n "$csvs" ] && check "CSV reads with Python's csv module" python3 tests/ext/check-csv.py $csvs
else
  fail "tests/node_modules missing: run make deps"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
