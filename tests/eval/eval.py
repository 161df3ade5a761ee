#!/usr/bin/env python3
"""eval.py — `make eval`: how well the current build generalises, in one table.

Converts every shared set with build/cvx and scores it with the shared scorers:
  corpus    cvscore structured F1 per ../shared/corpus folder, overall, without
            the YAML folder, files 001-070 against 071+; and the same after the
            inputs' section headings were renamed to the eval's own phrasings
            (rename.py)
  jobsite   dtscore on ../shared/jobsite: macro F1, F1 and recall per label
  refs      refscore on `cvx bib --csl ../shared/refs/dev.jsonl`
  layouts   the gold answers rendered by JSON Resume themes (layouts.py)
Every figure is given for the seen part, the unseen part (a quarter of every set
held back by EVAL_ROTATION, see common.part_of) and all of it.

usage: tests/eval/eval.py [--build DIR] [--json PATH] [--rotation N] [--quick]
The JSON has sorted keys and no timing, so two runs on one commit give the same bytes.
Only the Python standard library is used (node, w3m and pandoc for the layouts)."""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import entry_pairs  # noqa: E402
import layouts  # noqa: E402
import rename  # noqa: E402
from common import (PARTS, ROOT, SHARED, TOOLS, cvx_convert, fresh_dir, in_part, load_tool,  # noqa: E402
                    pmap, run, subset_jsonl)

JOBSITE = os.path.join(SHARED, "jobsite")
REFS = os.path.join(SHARED, "refs", "dev.jsonl")
REF_KEY_FIELDS = ("author", "title", "container-title", "issued")


# ---------------------------------------------------------------- the model

def train_held_out(cvx, work, rotation):
    """Trains the section model (`cvx train`) on every shared input but the
    held-back quarter, and has every conversion of this run use it
    (CVX_SECTION_MODEL): the unseen figures then come from a model that never
    read those files, the seen ones from a model that did. Returns the training
    summary line."""
    inputs = []
    corpus_dir = os.path.join(SHARED, "corpus")
    for folder in sorted(os.listdir(corpus_dir)):
        d = os.path.join(corpus_dir, folder)
        if folder.startswith("gold") or not os.path.isdir(d):
            continue
        inputs += [os.path.join(d, f) for f in sorted(os.listdir(d))
                   if in_part(f.split(".", 1)[0], "seen", rotation)]
    inputs += [os.path.join(JOBSITE, f) for f in sorted(os.listdir(JOBSITE))
               if f.endswith(".txt") and in_part(f[:-4], "seen", rotation)]
    model = os.path.join(work, "section.model")
    p = subprocess.run([cvx, "train", "-o", model, "--"] + inputs, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"cvx train failed ({p.returncode}): {p.stderr.strip()[-800:]}")
    os.environ["CVX_SECTION_MODEL"] = model
    return p.stderr.strip()


def train_refs_held_out(cvx, work, rotation):
    """Trains the reference labeller (`cvx train --refs`) on the seen
    references only and has every run use it (CVX_REFS_MODEL), as
    train_held_out does for the section model. Returns the summary line."""
    seen = os.path.join(work, "refs-seen.jsonl")
    os.makedirs(work, exist_ok=True)
    subset_jsonl(REFS, lambda i: in_part(i, "seen", rotation), seen)
    model = os.path.join(work, "refs.model")
    extra = os.path.join(ROOT, "pipeline", "models", "refs-extra.jsonl")  # the project's own, as `make train`
    p = subprocess.run([cvx, "train", "--refs", "-o", model, seen, extra], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"cvx train --refs failed ({p.returncode}): {p.stderr.strip()[-800:]}")
    os.environ["CVX_REFS_MODEL"] = model
    return p.stderr.strip().splitlines()[0]


def train_entries_held_out(cvx, work, items, build, rotation, render):
    """Trains the entry segmenter (`cvx train --entries`) on the seen part of
    the gold corpus, of its theme renders (rendered first unless render is
    false: --quick uses the cache as it is) and of the job-site resumes, and has
    every run use it (CVX_ENTRY_MODEL). Returns the summary line."""
    if render:
        layouts.render_all(items, build)
    pairs_path = os.path.join(work, "entry-pairs.tsv")
    entry_pairs.write(pairs_path, entry_pairs.pairs(items, build, lambda n: in_part(n, "seen", rotation)))
    model = os.path.join(work, "entries.model")
    p = subprocess.run([cvx, "train", "--entries", "-o", model, pairs_path], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"cvx train --entries failed ({p.returncode}): {p.stderr.strip()[-800:]}")
    os.environ["CVX_ENTRY_MODEL"] = model
    return p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""


def train_fields_held_out(cvx, work):
    """Trains the field labeller of entry headers (`cvx train --fields`) on the
    pairs train_entries_held_out wrote (the seen part only), reading them with
    that entry model as `make train` does, and has every run use it
    (CVX_FIELD_MODEL). Returns the summary line."""
    pairs_path = os.path.join(work, "entry-pairs.tsv")
    model = os.path.join(work, "fields.model")
    p = subprocess.run([cvx, "train", "--fields", "-o", model, pairs_path], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"cvx train --fields failed ({p.returncode}): {p.stderr.strip()[-800:]}")
    os.environ["CVX_FIELD_MODEL"] = model
    return p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""


def eval_refs_cv(build):
    """5-fold cross-validated refscore of the labeller on all of dev.jsonl, and
    the hand-written rules on the same file (tests/eval/refs_cv.sh)."""
    env = {k: v for k, v in os.environ.items() if k != "CVX_REFS_MODEL"}
    env.update(CVX_REFS=REFS, CVX_REFSCORE=os.path.join(TOOLS, "refscore"))
    p = subprocess.run(["sh", os.path.join(ROOT, "tests", "eval", "refs_cv.sh"), build, "5", "--json"],
                       capture_output=True, text=True, env=env, cwd=ROOT)
    if p.returncode != 0 or not p.stdout.startswith("{"):
        return None
    return round_floats(json.loads(p.stdout))


# ---------------------------------------------------------------- the sets

def eval_corpus(items, cvx, work, rotation, norm_text):
    """Corpus figures, original and with renamed headings, and the phrasing check."""
    orig_out = os.path.join(work, "corpus", "out")
    cvx_convert(cvx, [it.source for it in items], orig_out)
    ren_in = fresh_dir(os.path.join(work, "renamed", "in"))
    ren_out = os.path.join(work, "renamed", "out")
    r = rename.Renamer(norm_text)
    renamed = sum(rename.rename_file(it.source, os.path.join(ren_in, os.path.basename(it.source)), it.stem, r,
                                     it.gold) for it in items)
    cvx_convert(cvx, [os.path.join(ren_in, os.path.basename(it.source)) for it in items], ren_out)
    original, with_renamed = pmap(lambda d: corpus.score_groups(items, d, rotation), [orig_out, ren_out])
    clashes = rename.phrasing_clashes(norm_text)
    for phrase, word in clashes:
        print(f"eval: warning: phrasing '{phrase}' shares the word '{word}' with pipeline/sections.c",
              file=sys.stderr)
    return {"original": original, "renamed": with_renamed, "headings_renamed": renamed,
            "phrasing_clashes": [list(c) for c in clashes],
            "phrasings": len(rename.load_table("phrasings.tsv"))}


def eval_jobsite(cvx, work, rotation):
    """dtscore figures by part."""
    texts = sorted(f for f in os.listdir(JOBSITE) if f.endswith(".txt"))
    out = os.path.join(work, "jobsite", "out")
    cvx_convert(cvx, [os.path.join(JOBSITE, f) for f in texts], out)

    def score(part):
        gold = os.path.join(work, "jobsite", f"gold-{part}.jsonl")
        n = subset_jsonl(os.path.join(JOBSITE, "gold.jsonl"), lambda i: in_part(i, part, rotation), gold)
        if not n:
            return None
        res = json.loads(run([os.path.join(TOOLS, "dtscore"), "--json", "--pred-dir", out, "--gold", gold]))
        res["n"] = n
        return res
    return dict(zip(PARTS, pmap(score, PARTS)))


def eval_refs(cvx, work, rotation):
    """refscore figures by part, for `cvx bib --csl` on the dev references."""
    pred = os.path.join(work, "refs", "pred.jsonl")
    os.makedirs(os.path.dirname(pred), exist_ok=True)
    with open(pred, "w", encoding="utf-8") as f:
        f.write(run([cvx, "bib", "--csl", REFS]))

    def score(part):
        gold = os.path.join(work, "refs", f"gold-{part}.jsonl")
        n = subset_jsonl(REFS, lambda i: in_part(i, part, rotation), gold)
        if not n:
            return None
        res = json.loads(run([os.path.join(TOOLS, "refscore"), pred, gold, "--json"]))
        return round_floats(res)
    return dict(zip(PARTS, pmap(score, PARTS)))


def round_floats(v, digits=4):
    """refscore prints full floats; 4 digits are plenty and read better in JSON."""
    if isinstance(v, float):
        return round(v, digits)
    if isinstance(v, dict):
        return {k: round_floats(x, digits) for k, x in v.items()}
    if isinstance(v, list):
        return [round_floats(x, digits) for x in v]
    return v


# ---------------------------------------------------------------- the table

def fmt(x, width=6):
    return f"{x:>{width}.3f}" if isinstance(x, (int, float)) else f"{'-':>{width}}"


def sf1(fig):
    """Structured F1 of one cvscore result (None when the set was empty)."""
    return fig["structured"]["f1"] if fig else None


def part_header(title, cols, width):
    """Two header lines: the part names over their columns, then the columns
    (one line naming the parts when each part has a single column)."""
    if len(cols) == 1:
        return f"{title + ' (' + cols[0] + ')':<26}" + "".join(f"{p:>{width}}" for p in PARTS)
    span = len(cols) * width
    top = f"{title:<26}" + "".join(f"{'-- ' + p + ' --':>{span}}" for p in PARTS)
    return top + "\n" + f"{'':<26}" + "".join(f"{c:>{width}}" for c in cols) * len(PARTS)


def print_corpus(c):
    print("corpus: cvscore structured F1; ren = headings renamed to the eval's phrasings, loss = F1 - ren")
    print(part_header("", ["n", "F1", "ren", "loss"], 6))
    for group, parts in c["original"].items():
        row = f"{group:<26}"
        for p in PARTS:
            o, r = parts[p], c["renamed"][group][p]
            loss = sf1(o) - sf1(r) if o and r else None
            row += f"{(o or {}).get('n', 0):>6}" + fmt(sf1(o)) + fmt(sf1(r)) + fmt(loss)
        print(row)
    print(f"  ({c['headings_renamed']} headings renamed with {c['phrasings']} phrasings; "
          f"{len(c['phrasing_clashes'])} phrasing words found in pipeline/sections.c)")


def print_jobsite(j):
    print("jobsite: dtscore (precision understated: the annotations are incomplete)")
    print(part_header("", ["F1", "R"], 7))
    labels = [k for k in (j["all"] or {}) if isinstance(j["all"][k], dict)]
    for label in labels:
        row = f"{label:<26}"
        for p in PARTS:
            fig = (j[p] or {}).get(label) or {}
            row += fmt(fig.get("f1"), 7) + fmt(fig.get("recall"), 7)
        print(row)
    row = f"{'macro F1':<26}"
    for p in PARTS:
        row += fmt((j[p] or {}).get("macro_f1"), 7) + f"{(j[p] or {}).get('n', 0):>7}"
    print(row + "   (F1, resumes)")


def print_refs(r):
    print("refs: refscore on cvx bib --csl (F1 per key field)")
    print(part_header("field", ["F1"], 8))
    for field in REF_KEY_FIELDS:
        print(f"{field:<26}" + "".join(fmt(((r[p] or {}).get("fields") or {}).get(field, {}).get("f1"), 8)
                                        for p in PARTS))
    print(f"{'macro F1 (key fields)':<26}" + "".join(fmt((r[p] or {}).get("macro_f1_key_fields"), 8)
                                                    for p in PARTS))
    print(f"{'all key fields correct':<26}" + "".join(
        fmt(((r[p] or {}).get("all_key_fields_correct") or {}).get("accuracy"), 8) for p in PARTS))
    print(f"{'records':<26}" + "".join(f"{(r[p] or {}).get('records', 0):>8}" for p in PARTS))


def print_refs_cv(cv):
    if not cv:
        print("refs, 5-fold cross-validation: skipped")
        return
    print("refs, 5-fold cross-validation on all of dev.jsonl (tests/eval/refs_cv.sh)")
    print(f"{'field (F1)':<26}{'rules':>8}{'model':>8}")
    for field in REF_KEY_FIELDS:
        print(f"{field:<26}" + "".join(fmt(((cv[k] or {}).get("fields") or {}).get(field, {}).get("f1"), 8)
                                        for k in ("rules", "model_cv")))
    print(f"{'macro F1 (key fields)':<26}" + "".join(fmt(cv[k].get("macro_f1_key_fields"), 8)
                                                    for k in ("rules", "model_cv")))
    print(f"{'all key fields correct':<26}" + "".join(
        fmt((cv[k].get("all_key_fields_correct") or {}).get("accuracy"), 8) for k in ("rules", "model_cv")))


def print_layouts(lay):
    if "skipped" in lay:
        print(f"layouts: skipped ({lay['skipped']})")
        return
    print(f"layouts: cvscore structured F1 of {lay['documents']} gold answers rendered by JSON Resume "
          "themes, read as copied text / pandoc Markdown / HTML / Chromium PDF / pandoc DOCX")
    forms = list(layouts.FORMS) + ["mean"]
    print(part_header("theme (rendered)", forms, 6))
    means = lay["means"]
    for t, res in lay["themes"].items():
        row = f"{t + ' (' + str(res['rendered']) + ')':<26}"
        for p in PARTS:
            row += "".join(fmt(sf1(res[fm][p])) for fm in layouts.FORMS) + fmt(means["theme"][t][p])
        print(row)
    row = f"{'mean':<26}"
    for p in PARTS:
        row += "".join(fmt(means["form"][fm][p]) for fm in layouts.FORMS) + fmt(means["all"][p])
    print(row)


def headline(res):
    """The few figures to quote, one line each."""
    c = res["corpus"]["original"]["overall"]["all"]
    cr = res["corpus"]["renamed"]["overall"]["all"]
    lines = [f"corpus structured F1 {sf1(c):.3f} (renamed headings {sf1(cr):.3f})"]
    if res["jobsite"]["all"]:
        lines.append(f"jobsite macro F1 {res['jobsite']['all']['macro_f1']:.3f}")
    if res["refs"]["all"]:
        lines.append(f"refs macro F1 {res['refs']['all']['macro_f1_key_fields']:.3f}")
    if res.get("refs_cv"):
        lines.append(f"refs 5-fold CV macro F1 {res['refs_cv']['model_cv']['macro_f1_key_fields']:.3f} "
                     f"(rules {res['refs_cv']['rules']['macro_f1_key_fields']:.3f})")
    if "means" in res["layouts"]:
        lines.append(f"layouts mean F1 {res['layouts']['means']['all']['all']:.3f}")
    return "headline: " + "; ".join(lines)


# ---------------------------------------------------------------- main

def git_commit():
    p = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return p.stdout.strip() or None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--json", help="also write the figures as JSON to this file")
    ap.add_argument("--rotation", type=int, default=int(os.environ.get("EVAL_ROTATION") or 0),
                    choices=range(4), help="which quarter is held back (EVAL_ROTATION)")
    ap.add_argument("--quick", action="store_true", help="leave the layout benchmark out (CI)")
    a = ap.parse_args()
    start = time.monotonic()
    a.build = os.path.abspath(a.build)  # work files link to the cache by absolute path
    cvx = os.path.join(a.build, "cvx")
    if not os.access(cvx, os.X_OK):
        sys.exit(f"eval: {cvx} not found (make all)")
    for tool in ("cvscore", "dtscore", "refscore"):
        if not os.access(os.path.join(TOOLS, tool), os.X_OK):
            sys.exit(f"eval: {os.path.join(TOOLS, tool)} not found (../shared is read at run time)")
    norm_text = load_tool("cvscore").norm_text
    work = fresh_dir(os.path.join(a.build, "eval", "run"))
    items = corpus.discover()
    trained = train_held_out(cvx, work, a.rotation)
    trained_refs = train_refs_held_out(cvx, work, a.rotation)
    trained_entries = train_entries_held_out(cvx, work, items, a.build, a.rotation, not a.quick)
    trained_fields = train_fields_held_out(cvx, work)
    res = {
        "cvx": run([cvx, "--version"]).strip(), "commit": git_commit(), "rotation": a.rotation,
        "corpus": eval_corpus(items, cvx, work, a.rotation, norm_text),
        "jobsite": eval_jobsite(cvx, work, a.rotation),
        "refs": eval_refs(cvx, work, a.rotation),
        "refs_cv": eval_refs_cv(a.build),
        "layouts": {"skipped": "--quick"} if a.quick else
        layouts.run(items, cvx, a.build, a.rotation, norm_text),
    }
    print(f"{res['cvx']} at {res['commit']}; rotation {a.rotation}: "
          f"unseen = the quarter of each set whose name hashes to {a.rotation}")
    print(f"section model trained without the unseen quarter ({trained.removeprefix('cvx train: ')})")
    print(f"reference labeller trained without the unseen quarter ({trained_refs.removeprefix('cvx train --refs: ')})")
    print(f"entry segmenter trained without the unseen quarter "
          f"({trained_entries.removeprefix('cvx train --entries: ')})")
    print(f"field labeller trained without the unseen quarter "
          f"({trained_fields.removeprefix('cvx train --fields: ')})")
    for printer, key in ((print_corpus, "corpus"), (print_jobsite, "jobsite"), (print_refs, "refs"),
                         (print_refs_cv, "refs_cv"), (print_layouts, "layouts")):
        print()
        printer(res[key])
    print()
    print(headline(res))
    print(f"eval: {time.monotonic() - start:.0f} s")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(res, f, indent=2, sort_keys=True, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
