#!/bin/sh
# bigmem.sh — the memory part of `make bench` (not a timed test): writes one
# large input of each shape (bigmem.py: a one-line paragraph, short lines, a
# Markdown list, a text CV over and over; BENCH_MEM_MB each, default 200) in a
# temp dir, runs `convert` and `validate` on each at -j1 with --max-size 1G
# and no time budget, and prints the peak RSS (/usr/bin/time) and its ratio to
# the input size next to the target (3x). Nothing is written into the tree.
# usage: sh tests/bench/bigmem.sh BUILD_DIR
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
cvx=$here/$build/cvx
case $build in /*) cvx=$build/cvx ;; esac
mb=${BENCH_MEM_MB:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

printf '\n%-44s %14s %14s %s\n' "peak RSS, one $mb MB input (-j1)" "KB" "x input" "target <= 3x"
for shape in line short list cv; do
  case $shape in cv) f=$tmp/$shape.txt ;; *) f=$tmp/$shape.md ;; esac
  python3 tests/bench/bigmem.py "$shape" "$mb" "$f" fixtures/plain-resume/resume.txt || exit 1
  size=$(wc -c <"$f")
  for cmd in convert validate; do
    set -- "$cmd" -q -j 1 --max-size 1G --time-budget 0
    [ "$cmd" = convert ] && set -- "$@" -o "$tmp/out"
    /usr/bin/time -f '%M' -o "$tmp/rss" "$cvx" "$@" "$f" >/dev/null 2>"$tmp/err"
    rc=$?
    rss=$(tail -1 "$tmp/rss")
    x=$(awk -v r="$rss" -v s="$size" 'BEGIN { printf "%.2f", r * 1024 / s }')
    v=$(awk -v x="$x" 'BEGIN { print x <= 3 ? "ok" : "MISSED" }')
    [ "$rc" -gt 1 ] && v="exit $rc: $(head -1 "$tmp/err")"
    printf '%-44s %14s %14s %s\n' "$cmd $shape ($(awk -v s="$size" 'BEGIN { printf "%.0f MB", s / 1e6 }'))" "$rss" "${x}x" "$v"
    rm -rf "$tmp/out"
  done
  rm -f "$f"
done
