#!/bin/sh
# check-csv-libreoffice.sh — opens CSV files in a real spreadsheet engine
# (LibreOffice headless), converts each to xlsx and ods, and fails when any
# cell came out as a formula: the proof that cvx's formula neutralisation
# holds. Installs libreoffice-calc-nogui when missing and possible (it is
# large, so tests/deps.sh leaves it out); prints "skip: …" and exits 77 when
# LibreOffice cannot be had.
# usage: sh tests/ext/check-csv-libreoffice.sh FILE.csv...
set -u
if ! command -v soffice >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "note: installing libreoffice-calc-nogui for the spreadsheet test" >&2
    { DEBIAN_FRONTEND=noninteractive apt-get -q update &&
      DEBIAN_FRONTEND=noninteractive apt-get -q -y --no-install-recommends install libreoffice-calc-nogui; } \
      >/dev/null 2>&1 || true
  fi
fi
if ! command -v soffice >/dev/null 2>&1; then
  echo "skip: LibreOffice (soffice) is not installed and could not be installed"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
bad=0
for csv in "$@"; do
  base=$(basename "$csv" .csv)
  for fmt in xlsx ods; do
    out=$tmp/$fmt
    mkdir -p "$out"
    # filter options: comma, double quote, UTF-8 (76), first line 1
    HOME=$tmp timeout 180 soffice --headless --norestore "-env:UserInstallation=file://$tmp/profile" \
      --infilter="CSV:44,34,76,1" --convert-to "$fmt" --outdir "$out" "$csv" >/dev/null 2>&1
    f=$out/$base.$fmt
    if [ ! -s "$f" ]; then
      echo "FAIL $csv: LibreOffice did not write $fmt"
      bad=1
      continue
    fi
    # xlsx: formulas are <f> elements in sheet XML; ods: table:formula attributes
    if [ "$fmt" = xlsx ]; then
      n=$(python3 -c 'import sys,zipfile
z=zipfile.ZipFile(sys.argv[1])
print(sum(z.read(n).decode("utf-8").count("<f>")+z.read(n).decode("utf-8").count("<f ") for n in z.namelist() if n.startswith("xl/worksheets/")))' "$f")
    else
      n=$(python3 -c 'import sys,zipfile
print(zipfile.ZipFile(sys.argv[1]).read("content.xml").decode("utf-8").count("table:formula="))' "$f")
    fi
    if [ "$n" != 0 ]; then
      echo "FAIL $csv: $n formula cell(s) in $fmt"
      bad=1
    else
      echo "ok $csv ($fmt: no formula cells)"
    fi
  done
done
exit $bad
