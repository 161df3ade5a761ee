"""corpus.py — the gold-scored part of ../shared/corpus: which gold answers exist,
which input each answers, and the groups the eval reports.

Discovered at run time: every folder named gold* holds NAME.json answers; the input
of NAME.json is the file NAME.* in any other folder. New folders or gold folders
need no code change."""
import os
import re
import sys

from common import JOBS, SHARED, cvscore_many, in_part, pmap, PARTS

CORPUS = os.path.join(SHARED, "corpus")
# the folder whose CVs are YAML data rather than text; reported with and without it
YAML_FOLDER = "yaml-cv"
# files 001-070 were used while the code was written, 071+ were labelled blind
EARLY_LAST = 70


class Item:
    """One gold answer and its input."""

    def __init__(self, stem, gold, source, folder):
        self.stem, self.gold, self.source, self.folder = stem, gold, source, folder
        self.key = self.doc = None  # set by the layout benchmark (layouts.prepare_docs)

    def number(self):
        m = re.match(r"\d+", self.stem)
        return int(m.group()) if m else None


def input_index():
    """{stem: [paths]} of every file in the corpus' non-gold folders."""
    index = {}
    for folder in sorted(os.listdir(CORPUS)):
        d = os.path.join(CORPUS, folder)
        if not os.path.isdir(d) or folder.startswith("gold"):
            continue
        for f in sorted(os.listdir(d)):
            index.setdefault(f.split(".", 1)[0], []).append(os.path.join(d, f))
    return index


def discover():
    """Items for every gold answer whose input is found, sorted by stem; warns about
    the others (a gold file without input is a data error, not a score)."""
    index = input_index()
    items = {}
    for gdir in sorted(os.listdir(CORPUS)):
        gpath = os.path.join(CORPUS, gdir)
        if not gdir.startswith("gold") or not os.path.isdir(gpath):
            continue
        for f in sorted(os.listdir(gpath)):
            stem = f[:-5]
            if not f.endswith(".json") or stem in items:
                continue
            sources = index.get(stem)
            if not sources:
                print(f"eval: warning: no input for {gdir}/{f}", file=sys.stderr)
                continue
            folder = os.path.basename(os.path.dirname(sources[0]))
            items[stem] = Item(stem, os.path.join(gpath, f), sources[0], folder)
    return [items[k] for k in sorted(items)]


def groups(items):
    """[(label, predicate)]: each folder, overall, overall without the YAML folder,
    and files 001-070 against 071+."""
    out = [(f, lambda it, f=f: it.folder == f) for f in sorted({it.folder for it in items})]
    out.append(("overall", lambda it: True))
    if any(it.folder == YAML_FOLDER for it in items):
        out.append((f"overall w/o {YAML_FOLDER}", lambda it: it.folder != YAML_FOLDER))
    # (a file name without a number is in neither)
    out.append((f"files 001-{EARLY_LAST:03d}", lambda it: it.number() is not None and it.number() <= EARLY_LAST))
    out.append((f"files {EARLY_LAST + 1:03d}+", lambda it: it.number() is not None and it.number() > EARLY_LAST))
    return out


def score_groups(items, pred_dir, rotation, gold_of=None):
    """cvscore figures {group: {part: figures or None}} for predictions in pred_dir.
    gold_of(item) gives the gold file to score against (default: the item's own)."""
    gold_of = gold_of or (lambda it: it.gold)
    jobs = []
    for label, pred in groups(items):
        for part in PARTS:
            sel = {it.stem: gold_of(it) for it in items
                   if pred(it) and in_part(it.stem, part, rotation) and gold_of(it)}
            jobs.append((label, part, sel))
    # JOBS scorer processes, each scoring its share of the sets
    shares = pmap(lambda share: cvscore_many(pred_dir, [j[2] for j in share]), [jobs[i::JOBS] for i in range(JOBS)])
    scores = [None] * len(jobs)
    for i, share in enumerate(shares):
        scores[i::JOBS] = share
    res = {}
    for (label, part, _), s in zip(jobs, scores):
        res.setdefault(label, {})[part] = s
    return res
