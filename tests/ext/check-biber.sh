#!/bin/sh
# check-biber.sh — validates BibTeX files with biber's data-model check
# (biber --tool --validate-datamodel); prints one line per file and fails when
# biber reports an error or a warning for any of them. "Missing mandatory
# field" warnings are not counted: a CV line without authors or a year gets
# none rather than invented ones (cvx never invents a fact); every other
# warning (invalid fields, bad dates, syntax) fails. Skips (exit 0) when biber
# is not installed.
# usage: sh tests/ext/check-biber.sh FILE.bib...
set -u
command -v biber >/dev/null 2>&1 || { echo "skip: biber not installed"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0
for f in "$@"; do
  cp "$f" "$tmp/in.bib"
  if (cd "$tmp" && timeout 120 biber --tool --validate-datamodel --output-file=out.bib in.bib >log.txt 2>&1) &&
     ! grep -E '^(WARN|ERROR)' "$tmp/log.txt" | grep -vq "Missing mandatory field"; then
    echo "ok $f"
  else
    echo "FAIL $f"
    grep -E '^(WARN|ERROR)' "$tmp/log.txt" | grep -v "Missing mandatory field" | head -5 | sed 's/^/  /'
    status=1
  fi
done
exit $status
