#!/usr/bin/env python3
"""entry_pairs.py — the training pairs of the entry segmenter (`cvx train
--entries`, pipeline/entrytrain.c):
  - every CV of ../shared/corpus with a gold answer, with that answer;
  - the same answers laid out by the JSON Resume themes of the layout benchmark
    (layouts.py; the copied text, Markdown and HTML forms), each with the
    document it was rendered from;
  - the job-site resumes with their entity annotations (INPUT<TAB>gold.jsonl<TAB>ID).

usage: entry_pairs.py [--build DIR] [--render] > PAIRS
--render first renders what the layout cache lacks (node, w3m and pandoc from
`make deps`); without it only renders already cached are used. The lines are
sorted, so the same inputs give the same model bytes."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import layouts  # noqa: E402
from common import ROOT, SHARED  # noqa: E402

# A real CV counts this many times in training: the gold corpus holds the
# layouts people write, and there are many times more theme renders of it.
CORPUS_WEIGHT = 4
# The forms whose renders it trains on: the PDF and DOCX forms stay unseen
# layouts, measured by the benchmark and never learned from.
TRAIN_FORMS = ("text", "md", "html")


def pairs(items, build_dir, keep=lambda name: True):
    """[(input, gold[, id])] for the items, their cached theme renders and the
    job-site resumes whose names keep accepts (a theme's name is its label,
    "even@0.26.1": the eval holds back whole themes too)."""
    out = []
    for it in items:
        if not keep(it.stem):
            continue
        out.append((it.source, it.gold))
    real = list(out)
    cache = os.path.join(build_dir, "eval", "layouts")
    docs = os.path.join(cache, "docs")
    for it in items:
        if not keep(it.stem):
            continue
        key = layouts.doc_key(it.gold)
        doc = os.path.join(docs, key + ".json")
        if not os.path.exists(doc):
            continue
        for theme in layouts.themes():
            if not keep(layouts.theme_label(theme)):
                continue  # a held-back theme: its layouts stay unseen
            tdir = os.path.join(cache, f"{theme[0]}@{theme[1]}")
            for form in TRAIN_FORMS:
                page = os.path.join(tdir, key + layouts.EXT[form])
                if os.path.exists(page):
                    out.append((page, doc))
    ann = os.path.join(SHARED, "jobsite", "gold.jsonl")
    if os.path.exists(ann):
        for f in sorted(os.listdir(os.path.join(SHARED, "jobsite"))):
            if f.endswith(".txt") and keep(f[:-4]):
                out.append((os.path.join(SHARED, "jobsite", f), ann, f[:-4]))
    # sorted by where each file lies inside its set, not by the absolute
    # paths: the training order (and so the model's bytes) must not depend on
    # where the checkout or ../shared sit (a render under build/ before or
    # after ../shared in a path's sort)
    def where(pair):
        return tuple(("0 " + os.path.relpath(x, cache)) if x.startswith(cache + os.sep) else
                     ("1 " + os.path.relpath(x, SHARED)) if x.startswith(SHARED + os.sep) else "2 " + x
                     for x in pair)
    return sorted(set(out), key=where) + sorted(real, key=where) * (CORPUS_WEIGHT - 1)


def write(path, ps):
    with open(path, "w", encoding="utf-8") as f:
        for p in ps:
            f.write("\t".join(p) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--render", action="store_true")
    a = ap.parse_args()
    items = corpus.discover()
    if a.render:
        # `make train` ships what this writes: without the renders it would
        # train on a fraction of the pairs and say nothing
        why = layouts.skipped()
        if why:
            print(f"entry_pairs: cannot render the layouts: {why}", file=sys.stderr)
            return 1
        layouts.render_all(items, os.path.abspath(a.build))
    for p in pairs(items, os.path.abspath(a.build)):
        print("\t".join(p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
