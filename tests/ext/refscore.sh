#!/bin/sh
# refscore.sh — scores `cvx bib --csl` on the shared reference benchmark
# (../shared/refs/dev.jsonl, not copied into the project) with
# ../shared/tools/refscore; fails below the macro F1 given (default 0.93).
# Skips (exit 0) when the benchmark is not present.
# usage: sh tests/ext/refscore.sh BUILD_DIR [MIN_MACRO_F1]
set -eu
build=${1:-build}
min=${2:-0.93}
refs=${CVX_REFS:-../shared/refs/dev.jsonl}
tool=${CVX_REFSCORE:-../shared/tools/refscore}
[ -f "$refs" ] && [ -x "$tool" ] || { echo "skip: $refs or $tool missing"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
"$build/cvx" bib --csl "$refs" >"$tmp/pred.jsonl"
"$tool" "$tmp/pred.jsonl" "$refs" --min-macro-f1 "$min"
