#!/usr/bin/env python3
"""check-citeproc.py — reads BibTeX files as pandoc reads them (pandoc -f bibtex
-t csljson) and renders every entry with pandoc --citeproc, then checks what a
reader of the bibliography would see:
  - every entry renders (pandoc exits 0, no [WARNING], one line per entry);
  - no venue field (container-title, publisher, publisher-place, event) holds
    an author of the same entry (a family name of three letters or more, as
    a word);
  - the citation key is made of the first author's family name (or any
    letters when the entry has no author), the year (or "nd") and the first
    title word, plus an optional disambiguation letter: never a venue or
    place word nor a number in the name part.
Prints one line per file; exits 1 when any entry fails. Skips (exit 0) when
pandoc is not installed.
usage: python3 tests/ext/check-citeproc.py FILE.bib...
"""
import json
import re
import shutil
import subprocess
import sys
import unicodedata

VENUE_FIELDS = ("container-title", "publisher", "publisher-place", "event", "event-title", "collection-title")


def fold(s):
    s = unicodedata.normalize("NFKD", s)
    return re.sub(r"[^a-z0-9]", "", "".join(c for c in s if not unicodedata.combining(c)).lower())


def words(s):
    return [fold(w) for w in re.findall(r"[^\W_]+", s or "") if fold(w)]


def check_item(it):
    why = []
    authors = it.get("author", [])
    fams = [a.get("family") or a.get("literal") or "" for a in authors]
    for f in VENUE_FIELDS:
        v = it.get(f)
        if not isinstance(v, str):
            continue
        vw = set(words(v))
        for fam in fams:
            fw = words(fam)
            if fw and all(len(w) >= 3 for w in fw) and all(w in vw for w in fw):
                why.append(f"{f} {v!r} holds the author {fam!r}")
    key = it.get("id", "")
    tw = words(it.get("title", ""))
    first = fold(fams[0].split(",")[0]) if fams and fams[0] else ""

    def title_part(rest):
        # the first title word (cut to 32 letters), then maybe one letter "a".."z" that tells keys apart
        return rest == "" or any(rest in (w[:32], w[:32] + c) for w in tw for c in "abcdefghijklmnopqrstuvwxyz") \
            or re.fullmatch(r"[a-z]", rest)

    ok = False
    for i in range(len(key) + 1):
        name, tail = key[:i], key[i:]
        m = re.fullmatch(r"(\d{4}|nd)([a-z0-9]*)", tail)
        if not m or not re.fullmatch(r"[a-z]*", name):
            continue
        if first and name != first[:32]:
            continue
        if title_part(m.group(2)):
            ok = True
            break
    if not ok:
        why.append(f"key {key!r} is not the first author's family name + year + first title word")
        return why
    venue = set()
    for f in VENUE_FIELDS:
        if isinstance(it.get(f), str):
            venue.update(words(it[f]))
    if first and first in venue and first not in tw:
        why.append(f"key {key!r} is named after a venue or place word {first!r}")
    rest = key[len(first):] if first else key
    if re.search(r"(\d{4}|nd)\d", rest):
        why.append(f"key {key!r} has a number for its title word")
    return why


def main(files):
    if not shutil.which("pandoc"):
        print("skip: pandoc not installed")
        return 0
    failed = 0
    for path in files:
        p = subprocess.run(["pandoc", "-f", "bibtex", "-t", "csljson", path], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"FAIL {path}: pandoc cannot read it: {p.stderr.strip()[:300]}")
            failed += 1
            continue
        items = json.loads(p.stdout or "[]")
        problems = [(it.get("id"), w) for it in items for w in check_item(it)]
        # The document is given on stdin: a temporary file per input was left behind.
        r = subprocess.run(["pandoc", "--citeproc", "--bibliography", path, "-f", "markdown", "-t", "plain", "--wrap=none"],
                           input="---\nnocite: '@*'\n---\n", capture_output=True, text=True)
        if r.returncode != 0 or "[WARNING]" in r.stderr:
            problems.append(("", f"pandoc --citeproc: {r.stderr.strip()[:300]}"))
        rendered = [ln for ln in r.stdout.split("\n") if ln.strip()]
        if len(rendered) < len(items):
            problems.append(("", f"{len(items)} entries but {len(rendered)} rendered"))
        if problems:
            failed += 1
            print(f"FAIL {path}")
            for k, w in problems[:10]:
                print(f"  {k}: {w}")
        else:
            print(f"ok {path} ({len(items)} entries)")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
