#!/usr/bin/env python3
"""assemble.py — builds the benchmark corpus at run time in a temp dir: every
input of ../shared/corpus and fixtures/ replicated with small variations
(a changed year, a numbered line) until N files, 1,000 per folder, plus the
linearity pair (one CV and the same CV grown 10x). Names start with the file's
number, so a folder lists different CVs side by side, as a real batch does,
and not a run of near-identical variants of one CV. Such runs flattered -j1
(caches and branch predictors stay warm from one variant to the next) and
cost -jN (workers converting near-identical text at the same moment used
7-9% more CPU than on different CVs, measured with two processes given
alternate files against two given separate halves).
usage: python3 tests/bench/assemble.py OUTDIR N SOURCE_DIR..."""
import os
import re
import sys

out, n = sys.argv[1], int(sys.argv[2])
srcs = []
for d in sys.argv[3:]:
    for root, dirs, files in os.walk(d):
        dirs[:] = sorted(x for x in dirs if x not in ("gold", "expected"))
        for f in sorted(files):
            if f.endswith((".md", ".markdown", ".txt")) and f != "README.md":
                with open(os.path.join(root, f), "rb") as fh:
                    srcs.append((f, fh.read()))
if not srcs:
    sys.exit("assemble.py: no inputs found")
year = re.compile(rb"\b(19[89]\d|20[012]\d)\b")
total = 0
for i in range(n):
    name, data = srcs[i % len(srcs)]
    k = i // len(srcs)
    if k:  # a small, realistic variation: shift the years, add a line
        data = year.sub(lambda m: str(int(m.group(1)) - (k % 3)).encode(), data)
        data += b"\n\nUpdated in batch %d.\n" % k
    sub = os.path.join(out, "corpus", "%03d" % (i // 1000))
    os.makedirs(sub, exist_ok=True)
    stem, ext = os.path.splitext(name)
    with open(os.path.join(sub, "%05d-%s%s" % (i, stem, ext)), "wb") as fh:
        fh.write(data)
    total += len(data)
# linearity: a typical CV (the median-sized Markdown source) and the same body 10x
mds = sorted((len(d), f, d) for f, d in srcs if f.endswith(".md") and len(d) > 2000)
_, f, d = mds[len(mds) // 2]
os.makedirs(os.path.join(out, "lin"), exist_ok=True)
with open(os.path.join(out, "lin", "x1.md"), "wb") as fh:
    fh.write(d)
big = d + b"".join(b"\n\n" + year.sub(lambda m, j=j: str(int(m.group(1)) - j).encode(), d.split(b"\n---\n", 1)[-1])
                   for j in range(1, 10))
with open(os.path.join(out, "lin", "x10.md"), "wb") as fh:
    fh.write(big)
print(n, total, len(srcs), f, len(d), len(big))
