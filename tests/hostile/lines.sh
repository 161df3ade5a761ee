#!/bin/sh
# lines.sh — pathological single lines (lines.py: about 1 MB of '[', '(',
# '<', backticks, '*', '_', '[](', nested brackets, one long word, a
# 100,000-item list, a one-line YAML flow map, deep flow YAML) through
# convert and through validate in every --format. Each run must end with exit
# 0 or 1 within a generous hang guard (timeout 60 s: not a timing test) and,
# for json and sarif, print one document that parses.
# Prints "ok NAME" or "FAIL NAME: why" per run, then "lines: N passed, N failed".
# usage: sh tests/hostile/lines.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
cvx=$here/$build/cvx
case $build in /*) cvx=$build/cvx ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }

python3 tests/hostile/lines.py "$tmp/in" >"$tmp/names" || { echo "FAIL lines.py"; exit 1; }
# exit 0 or 1, not killed by the guard (124/137) nor by a signal (> 128)
verdict() {
  case $1 in
    0 | 1) echo "" ;;
    124 | 137) echo "no end within 60 s" ;;
    *) echo "exit $1" ;;
  esac
}
while read -r f; do
  name=${f%.md}
  timeout -s KILL 60 "$cvx" convert -q -j 1 -o "$tmp/out" "$tmp/in/$f" >/dev/null 2>"$tmp/err"
  why=$(verdict $?)
  if [ -z "$why" ]; then ok "convert $name"; else fail "convert $name" "$why"; head -3 "$tmp/err"; fi
  for fmt in text github json sarif; do
    timeout -s KILL 60 "$cvx" validate -q -j 1 --format "$fmt" "$tmp/in/$f" >"$tmp/v.out" 2>"$tmp/err"
    why=$(verdict $?)
    if [ -z "$why" ] && { [ "$fmt" = json ] || [ "$fmt" = sarif ]; }; then
      python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/v.out" 2>/dev/null || why="output does not parse"
    fi
    if [ -z "$why" ]; then ok "validate --format $fmt $name"; else fail "validate --format $fmt $name" "$why"; head -3 "$tmp/err"; fi
  done
done <"$tmp/names"

echo "lines: $passed passed, $failed failed"
[ "$failed" = 0 ]
