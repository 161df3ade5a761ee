"""common.py — what every part of `make eval` shares: paths, the seen/unseen split,
running cvx and the shared scorers, and a small process pool.

Everything read from ../shared is read at run time; nothing from it is copied into
the repository."""
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
TOOLS = os.path.join(SHARED, "tools")
EVAL_DIR = os.path.dirname(os.path.abspath(__file__))

# how many processes to run at once: the machine's cores (2 on the shared box)
JOBS = max(1, min(4, os.cpu_count() or 1))

PARTS = ("seen", "unseen", "all")


# ---------------------------------------------------------------- split

def bucket(name):
    """0..3 from a hash of a file name / record id: the same item always falls in
    the same quarter, whatever else is added to its set."""
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest(), 16) % 4


def part_of(name, rotation):
    """'unseen' for the quarter held back by this rotation (EVAL_ROTATION 0..3),
    'seen' for the other three; rotating 0..3 holds back every item once."""
    return "unseen" if bucket(name) == rotation else "seen"


def in_part(name, part, rotation):
    return part == "all" or part_of(name, rotation) == part


# ---------------------------------------------------------------- processes

def pmap(fn, items):
    """fn over items, JOBS at a time (the work is mostly child processes), in order."""
    items = list(items)
    if len(items) <= 1 or JOBS == 1:
        return [fn(x) for x in items]
    with ThreadPoolExecutor(JOBS) as ex:
        return list(ex.map(fn, items))


def run(cmd, stdin=None, check=True):
    """Runs cmd; returns its stdout (text). Raises with its stderr when it fails."""
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if check and p.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed ({p.returncode}): {p.stderr.strip()[-800:]}")
    return p.stdout


def cvx_convert(cvx, inputs, out_dir):
    """Converts input files with cvx into out_dir (JSON only). Exit status 1 only
    says some input had errors (each still converts), so it is not fatal."""
    os.makedirs(out_dir, exist_ok=True)
    p = subprocess.run([cvx, "convert", "-q", "-f", "json", "-j", str(JOBS), "-o", out_dir, "--"]
                       + list(inputs), capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"cvx convert failed ({p.returncode}): {p.stderr.strip()[-800:]}")


# ---------------------------------------------------------------- scorers

def load_tool(name):
    """Imports one of ../shared/tools' scripts (they have no .py suffix) as a module."""
    path = os.path.join(TOOLS, name)
    loader = importlib.machinery.SourceFileLoader("shared_" + name, path)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


# runs cvscore's own main() once per argument list read from stdin (a JSON list),
# in one interpreter: the figures are those of one `cvscore ARGS` per list
CVSCORE_MANY = """
import contextlib, io, json, sys
sys.path.insert(0, sys.argv[1])
from common import load_tool
main = load_tool("cvscore").main
out = []
for args in json.load(sys.stdin):
    sys.argv = ["cvscore"] + args
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main()
    out.append(json.loads(buf.getvalue()))
json.dump(out, sys.stdout)
"""


def cvscore_many(pred_dir, gold_sets):
    """cvscore's --json figures for each set of gold documents in gold_sets
    ({stem: path of a gold file}; None for an empty set). Each set is linked into
    a temp gold folder so that cvscore itself chooses, aligns and counts; one
    Python start serves them all (a start costs about as much as scoring a few
    documents)."""
    res = [None] * len(gold_sets)
    todo = [i for i, golds in enumerate(gold_sets) if golds]
    if not todo:
        return res
    with tempfile.TemporaryDirectory(prefix="cvx-eval-gold-") as tmp:
        argv = []
        for i in todo:
            gdir = os.path.join(tmp, str(i))
            os.mkdir(gdir)
            for stem, path in gold_sets[i].items():
                os.symlink(os.path.abspath(path), os.path.join(gdir, stem + ".json"))
            argv.append(["--json", "--pred-dir", pred_dir, "--gold-dir", gdir])
        out = run([sys.executable, "-c", CVSCORE_MANY, EVAL_DIR], stdin=json.dumps(argv))
    for i, fig in zip(todo, json.loads(out)):
        fig.pop("documents", None)  # per-document figures: not reported
        fig["n"] = len(gold_sets[i])
        res[i] = fig
    return res


def subset_jsonl(src, keep, dst):
    """Writes the lines of the JSONL file src whose "id" passes keep() to dst;
    returns how many."""
    n = 0
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as o:
        for line in f:
            if line.strip() and keep(json.loads(line)["id"]):
                o.write(line)
                n += 1
    return n


# ---------------------------------------------------------------- files

def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path
