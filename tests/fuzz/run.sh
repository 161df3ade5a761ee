#!/bin/sh
# run.sh — runs each libFuzzer target for a time budget on a fresh corpus
# seeded (at run time, in a temp dir) from fixtures/, schemas/ and the
# regression inputs in tests/fuzz/regress/<target>/; replays the regressions
# first. Prints executions and coverage per target; exits 1 on any finding
# (the reproducer is kept in build/fuzz/artifacts/).
# FUZZ_CORPUS=DIR keeps each target's corpus in DIR/<target> across runs (a
# long campaign then goes on where the last run stopped); FUZZ_MAX_LEN caps
# the input size (default 8192: the parsers' states are reached with small
# inputs; size limits are the hostile suite's business). FUZZ_RUNS=N also
# stops each target after N executions (a campaign's goal); FUZZ_FLAGS adds
# libFuzzer flags (e.g. -entropic=0: early in a run the entropic scheduler's
# per-feature bookkeeping takes most of the time of the slower targets).
# usage: sh tests/fuzz/run.sh FUZZ_BUILD_DIR SECONDS [TARGET...]
set -u
build=${1:-build/fuzz}
secs=${2:-60}
shift 2 2>/dev/null || shift $#
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
targets=${*:-"source frontmatter yamldata markdown html text pdf docx refparse schema convert validate model entryseg fieldlabel"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$build/artifacts"
# quarantine_size_mb=16 (ASan's default 256): freed memory waits for reuse
# through 16 MB of frees rather than 256, more than an input's allocations (a
# use after free within an input, or in the next input, is still caught), and
# an execution's memory is warm rather than fresh pages: 20% less CPU per
# execution of fuzz_markdown and fuzz_validate.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:quarantine_size_mb=16}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# fontconfig's once-per-process allocations (tests/lsan.supp says why)
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0}
status=0

seed() { # seed TARGET DIR: copy seed inputs into DIR
  t=$1
  d=$2
  mkdir -p "$d"
  i=0
  case $t in
    schema)
      for f in fixtures/*/expected/*.json; do i=$((i + 1)); { printf '\0'; cat "$f"; } >"$d/inst$i"; done
      for f in schemas/*.json; do i=$((i + 1)); { printf '\1'; cat "$f"; } >"$d/schema$i"; done
      printf '\1{"definitions":{"a":{"type":"string","pattern":"^(a+)+$"}},"$ref":"#/definitions/a"}' >"$d/ref"
      ;;
    refparse)
      for f in fixtures/*/*.md fixtures/*/*.txt; do
        # one seed per non-empty line: each looks like an entry of some kind
        grep -v '^[[:space:]]*$' "$f" | head -200 | while IFS= read -r l; do
          i=$((i + 1)); printf '%s' "$l" >"$d/$(basename "$f").$i"
        done
      done
      printf 'A. Author, B. Author. Title of a paper. In Proc. Venue, 2019. <https://doi.org/10.1/x>' >"$d/ref1"
      ;;
    yamldata)
      for f in fixtures/*/*.yml fixtures/*/*.yaml fixtures/*/*.md; do
        [ -f "$f" ] || continue
        i=$((i + 1)); cp "$f" "$d/seed$i"
      done
      ;;
    pdf)
      for f in fixtures/*/*.pdf; do [ -f "$f" ] && { i=$((i + 1)); cp "$f" "$d/seed$i"; }; done
      ;;
    docx)
      for f in fixtures/*/*.docx fixtures/*/*.odt; do [ -f "$f" ] && { i=$((i + 1)); cp "$f" "$d/seed$i"; }; done
      # the XML alone (the target stores it as word/document.xml)
      for f in fixtures/*/*.docx; do
        [ -f "$f" ] || continue
        i=$((i + 1)); python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("word/document.xml"))' "$f" >"$d/xml$i" 2>/dev/null || rm -f "$d/xml$i"
      done
      ;;
    model)
      cp pipeline/models/*.model "$d/" 2>/dev/null
      printf 'cvx-model 1 t\nclasses a b\n00000001 1 -1\n' >"$d/tiny"
      ;;
    validate)
      for f in fixtures/*/*.md fixtures/*/*.txt fixtures/validate-*/input/*; do i=$((i + 1)); cp "$f" "$d/seed$i"; done
      ;;
    *)
      for f in fixtures/*/*.md fixtures/*/*.txt fixtures/*/*.html; do
        [ -f "$f" ] || continue
        i=$((i + 1)); cp "$f" "$d/seed$i"
      done
      ;;
  esac
  if [ -d "tests/fuzz/regress/$t" ]; then cp tests/fuzz/regress/"$t"/* "$d/" 2>/dev/null; fi
  return 0
}

printf '%-12s %12s %10s %8s %8s %s\n' target executions exec/s cov ft result
for t in $targets; do
  bin=$build/fuzz_$t
  if [ ! -x "$bin" ]; then echo "$t: $bin missing (make fuzz builds it)"; status=1; continue; fi
  # replay the regression inputs once
  if [ -d "tests/fuzz/regress/$t" ] && ls "tests/fuzz/regress/$t"/* >/dev/null 2>&1; then
    if ! "$bin" -rss_limit_mb=2048 -timeout=25 tests/fuzz/regress/"$t"/* >"$tmp/$t.replay" 2>&1; then
      echo "$t: a regression input fails again:"; tail -30 "$tmp/$t.replay"; status=1; continue
    fi
  fi
  corpus=$tmp/corpus-$t
  [ -n "${FUZZ_CORPUS:-}" ] && corpus=$FUZZ_CORPUS/$t
  [ -d "$corpus" ] || seed "$t" "$corpus"
  # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
  "$bin" "$corpus" -max_total_time="$secs" -max_len="${FUZZ_MAX_LEN:-8192}" -timeout=10 -rss_limit_mb=2048 \
    ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} ${FUZZ_FLAGS:-} -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" >"$tmp/$t.log" 2>&1
  s=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/$t.log" | tail -1)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$tmp/$t.log" | tail -1)
  cov=$(grep -Eo 'cov: [0-9]+' "$tmp/$t.log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -Eo 'ft: [0-9]+' "$tmp/$t.log" | tail -1 | cut -d' ' -f2)
  if [ $s = 0 ]; then r=ok; else r="FINDING (exit $s)"; status=1; fi
  printf '%-12s %12s %10s %8s %8s %s\n' "$t" "${runs:-?}" "${eps:-?}" "${cov:-?}" "${ft:-?}" "$r"
  if [ $s != 0 ]; then
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written|#[0-9] ' "$tmp/$t.log" | head -30 | sed 's/^/    /'
  fi
done
exit $status
