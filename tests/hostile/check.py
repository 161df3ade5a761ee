#!/usr/bin/env python3
"""check.py — checks one output folder of a hostile run: no temporary file
left, every .json parses, cvx.csv parses with the expected number of rows.
usage: python3 tests/hostile/check.py OUTDIR JSON_COUNT CSV_ROWS
Prints a reason and exits 1 on the first problem."""
import csv
import json
import os
import sys

out, want_json, want_rows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
names = os.listdir(out) if os.path.isdir(out) else []
tmp = [n for n in names if n.startswith(".cvx-tmp-")]
if tmp:
    sys.exit("partial files left: %s" % tmp)
jsons = [n for n in names if n.endswith(".json")]
for n in jsons:
    try:
        with open(os.path.join(out, n), encoding="utf-8") as f:
            json.load(f)
    except Exception as e:  # noqa: BLE001 - any failure is the finding
        sys.exit("%s does not parse: %s" % (n, e))
if want_json >= 0 and len(jsons) != want_json:
    sys.exit("%d JSON files, expected %d: %s" % (len(jsons), want_json, sorted(jsons)[:20]))
if want_rows >= 0:
    try:
        with open(os.path.join(out, "cvx.csv"), encoding="utf-8", newline="") as f:
            rows = list(csv.reader(f))
    except Exception as e:  # noqa: BLE001
        sys.exit("cvx.csv unreadable: %s" % e)
    if len(rows) - 1 != want_rows:
        sys.exit("cvx.csv has %d rows, expected %d" % (len(rows) - 1, want_rows))
    width = len(rows[0])
    bad = [i for i, r in enumerate(rows) if len(r) != width]
    if bad:
        sys.exit("cvx.csv rows %s have the wrong number of cells" % bad[:5])
