#!/usr/bin/env python3
"""check-csv.py — reads cvx CSV outputs with a real CSV reader and checks them.

Usage: python3 tests/ext/check-csv.py FILE.csv...

For each file: it must decode as UTF-8 (a BOM is allowed) and parse with the
csv module in strict mode; every row must have the header's column count; no
cell may begin, after leading spaces and quote characters, with = + - @ TAB CR
or LF (a spreadsheet formula) unless the cell starts with a single quote.
Prints "ok FILE" or "FAIL FILE: reason" per file; exits 1 if any file failed.
"""
import csv
import sys

FORMULA_START = set("=+-@\t\r\n")


def formula_risk(cell):
    """True when a spreadsheet could read the cell as a formula."""
    if cell.startswith("'"):
        return False
    rest = cell.lstrip(" \"'")
    return bool(rest) and rest[0] in FORMULA_START


def check(path):
    """Returns None when the file passes, else the first problem found."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as fp:
            rows = csv.reader(fp, strict=True)
            header = next(rows, None)
            if not header:
                return "no header row"
            row = header
            while row is not None:
                line = rows.line_num
                if len(row) != len(header):
                    return "line %d: %d cells, header has %d" % (line, len(row), len(header))
                for cell in row:
                    if formula_risk(cell):
                        return "line %d: cell %r could run as a formula" % (line, cell[:40])
                row = next(rows, None)
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        return str(err)
    return None


def main(argv):
    if not argv:
        print("usage: check-csv.py FILE.csv...", file=sys.stderr)
        return 2
    failed = False
    for path in argv:
        problem = check(path)
        if problem:
            failed = True
            print("FAIL %s: %s" % (path, problem))
        else:
            print("ok %s" % path)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
