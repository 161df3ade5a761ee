#!/bin/sh
# refs_cv.sh — k-fold cross-validation of the reference labeller on the shared
# benchmark (../shared/refs/dev.jsonl, never copied into the project): for each
# fold, `cvx train --refs` on the other folds (and the project's own
# pipeline/models/refs-extra.jsonl, as `make train`), `cvx bib --csl` with that model,
# the fold's lines kept; refscore on the union. The hand-written rules
# (CVX_REFS_PARSER=rules) are scored on the same file for comparison.
# usage: sh tests/eval/refs_cv.sh [BUILD_DIR] [K] [--json]
set -eu
build=${1:-build}
k=${2:-5}
fmt=${3:-}
refs=${CVX_REFS:-../shared/refs/dev.jsonl}
tool=${CVX_REFSCORE:-../shared/tools/refscore}
extra=$(dirname "$0")/../../pipeline/models/refs-extra.jsonl
[ -f "$refs" ] && [ -x "$tool" ] || { echo "skip: $refs or $tool missing"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
i=0
: >"$tmp/cv.jsonl"
while [ "$i" -lt "$k" ]; do
  "$build/cvx" train --refs -q --folds "$k" --fold "$i" -o "$tmp/fold$i.model" "$refs" "$extra"
  CVX_REFS_MODEL="$tmp/fold$i.model" "$build/cvx" bib --csl "$refs" |
    awk -v k="$k" -v i="$i" '(NR - 1) % k == i' >>"$tmp/cv.jsonl"
  i=$((i + 1))
done
CVX_REFS_PARSER=rules "$build/cvx" bib --csl "$refs" >"$tmp/rules.jsonl"
if [ "$fmt" = "--json" ]; then
  printf '{"rules": %s, "model_cv": %s}\n' "$("$tool" "$tmp/rules.jsonl" "$refs" --json)" \
    "$("$tool" "$tmp/cv.jsonl" "$refs" --json)"
else
  echo "== rules (hand-written parser, whole dev set)"
  "$tool" "$tmp/rules.jsonl" "$refs"
  echo "== trained labeller, $k-fold cross-validated (each reference scored by a model that never saw it)"
  "$tool" "$tmp/cv.jsonl" "$refs"
fi
