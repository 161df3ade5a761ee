#!/bin/sh
# golden.sh — the golden tests: each fixtures/<case>/ holds one input and an
# expected/ folder with every file cvx writes for it (JSON, BibTeX, CSV) and
# the diagnostics it prints (diagnostics.err); outputs must match byte for
# byte. After a reviewed change, `make golden-update` rewrites expected/.
# A case whose folder holds a site/ folder (a Jekyll site) converts that
# folder as one input; a fixture.env file sets variables for its case.
# usage: sh tests/golden.sh BUILD_DIR [--update [CASE...]]
set -u
build=${1:-build}
update=${2:-}
[ $# -ge 2 ] && shift 2 || shift $#
only=" $* "
cvx=$build/cvx
export SOURCE_DATE_EPOCH=1790000000
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
for dir in fixtures/*/; do
  case=$(basename "$dir")
  if [ "$update" = "--update" ] && [ "$only" != "  " ]; then
    case "$only" in *" $case "*) ;; *) continue ;; esac
  fi
  if [ -d "${dir}site" ]; then
    input=${dir}site
  else
    input=$(find "$dir" -maxdepth 1 -type f ! -name '*.md.orig' ! -name 'fixture.env' | sort | head -n 1)
  fi
  [ -n "$input" ] || continue
  out=$tmp/$case
  mkdir -p "$out"
  # fixture.env: NAME=value lines set for this case only (CVX_ENTRY_MODEL=off
  # tests the rules the model's readings fall back on)
  fenv=
  [ -f "${dir}fixture.env" ] && fenv=$(grep -E '^[A-Z_]+=[^ ]*$' "${dir}fixture.env" | tr '\n' ' ')
  env $fenv "$cvx" convert --no-progress -j 2 -o "$out/files" "$input" 2>"$out/files.raw" || true
  grep -v "^cvx: converted" "$out/files.raw" >"$out/files.err" || true
  mkdir -p "$out/files"
  mv "$out/files.err" "$out/files/diagnostics.err"
  if [ "$update" = "--update" ]; then
    rm -rf "$dir/expected"
    cp -r "$out/files" "$dir/expected"
    echo "updated $case"
    continue
  fi
  if [ ! -d "$dir/expected" ]; then
    echo "FAIL $case: no expected/ (run make golden-update and review)"
    continue
  fi
  if diff -ru "$dir/expected" "$out/files" >"$out/diff" 2>&1; then
    echo "ok $case"
  else
    echo "FAIL $case"
    head -60 "$out/diff"
  fi
done
