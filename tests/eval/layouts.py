"""layouts.py — the layout-variation benchmark of `make eval`: every gold answer,
taken as a JSON Resume document, is rendered by real JSON Resume themes (the
jsonresume-theme-* packages pinned in tests/package.json), and each rendering is
given to cvx in the forms a CV really arrives in:
  text  the page's copied text (w3m -dump)
  md    the page converted to Markdown (pandoc -f html -t gfm)
  html  the HTML file itself
  pdf   the page printed to PDF (headless Chromium --print-to-pdf, no header or footer)
  docx  the page converted to Word (pandoc -f html -t docx)
Each conversion is scored by cvscore against the gold document reduced to the leaves
whose text occurs in that form (a theme that leaves a field out is not cvx's miss).
Every theme is treated alike: no theme is named in this file.

Renders and their text/Markdown forms are cached in build/eval/layouts/, keyed by
the theme's version and a hash of the gold file."""
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys

from common import EVAL_DIR, PARTS, ROOT, cvscore, cvx_convert, fresh_dir, in_part, pmap

TESTS = os.path.join(ROOT, "tests")
THEME_PREFIX = "jsonresume-theme-"
FORMS = ("text", "md", "html", "pdf", "docx")
EXT = {"text": ".txt", "md": ".md", "html": ".html", "pdf": ".pdf", "docx": ".docx"}
# the binary forms' gold leaves are those the form they are made like shows: a
# printed page shows what its copied text shows, a pandoc DOCX what its Markdown does
HAY_OF = {"pdf": "text", "docx": "md"}
# bump when the document preparation or the derived forms change: old renders go stale
PREP_VERSION = "1"
# JSON Resume fields whose value is a list of strings; in any other field a list of
# strings is the gold format's list of acceptable answers
STRING_LISTS = {"highlights", "keywords", "courses", "roles"}
DATE_KEYS = {"startDate", "endDate", "date", "releaseDate"}


# ---------------------------------------------------------------- themes

def themes():
    """[(package, version)] of the themes pinned in tests/package.json and installed."""
    with open(os.path.join(TESTS, "package.json"), encoding="utf-8") as f:
        deps = json.load(f).get("dependencies", {})
    out = []
    for pkg in sorted(deps):
        meta = os.path.join(TESTS, "node_modules", pkg, "package.json")
        if pkg.startswith(THEME_PREFIX) and os.path.exists(meta):
            with open(meta, encoding="utf-8") as f:
                out.append((pkg, json.load(f)["version"]))
    return out


# ---------------------------------------------------------------- documents

def first_alternatives(v, key=None):
    """The gold document as a plain JSON Resume: the first of each list of acceptable
    strings, and no key starting with '_' (the gold format's annotations)."""
    if isinstance(v, dict):
        return {k: first_alternatives(x, k) for k, x in v.items() if not k.startswith("_")}
    if isinstance(v, list):
        if key not in STRING_LISTS and v and all(isinstance(x, str) for x in v):
            return v[0]
        return [first_alternatives(x, key) for x in v]
    return v


def theme_input(doc):
    """The document a theme renders: JSON Resume's basics.location and
    basics.profiles present (empty) even when the CV has none, as themes assume;
    no value is added."""
    doc = json.loads(json.dumps(doc))
    basics = doc.setdefault("basics", {})
    basics.setdefault("location", {})
    basics.setdefault("profiles", [])
    return doc


def doc_key(gold_path):
    with open(gold_path, "rb") as f:
        return hashlib.sha256(PREP_VERSION.encode() + b"\0" + f.read()).hexdigest()[:16]


# ---------------------------------------------------------------- rendering

def render_theme(theme, items, cache, docs_dir):
    """Renders the items not yet in the theme's cache folder; writes NAME.fail for a
    document the theme throws on (so it is not retried every run)."""
    pkg, version = theme
    tdir = os.path.join(cache, f"{pkg}@{version}")
    os.makedirs(tdir, exist_ok=True)
    jobs = []
    for it in items:
        base = os.path.join(tdir, it.key)
        if not os.path.exists(base + ".html") and not os.path.exists(base + ".fail"):
            jobs.append(f"{os.path.join(docs_dir, it.key + '.json')}\t{base}.html\n")
    if jobs:
        p = subprocess.run(["node", os.path.join(EVAL_DIR, "render.js"), pkg], input="".join(jobs),
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"render.js {pkg}: {p.stderr.strip()[-800:]}")
        for line in p.stdout.splitlines():
            if line.startswith("FAIL "):
                doc, msg = line[5:].split(": ", 1)
                key = os.path.basename(doc)[:-5]
                with open(os.path.join(tdir, key + ".fail"), "w", encoding="utf-8") as f:
                    f.write(msg + "\n")
    return tdir


def derive_forms(html_path):
    """Makes the text, Markdown and DOCX forms of one rendered page, if missing."""
    base = html_path[:-5]
    if not os.path.exists(base + ".docx"):
        # images are no text, and pandoc stops on one it cannot fetch: left out
        with open(html_path, encoding="utf-8", errors="replace") as f:
            page = re.sub(r"<img\b[^>]*>", "", f.read(), flags=re.I)
        subprocess.run(["pandoc", "-f", "html", "-t", "docx", "-o", base + ".docx.tmp"],
                       input=page.encode("utf-8"), capture_output=True, check=True)
        os.replace(base + ".docx.tmp", base + ".docx")
    if not os.path.exists(base + ".txt"):
        out = subprocess.run(["w3m", "-dump", "-cols", "200", "-T", "text/html", "-I", "UTF-8",
                              "-O", "UTF-8", html_path], capture_output=True, check=True).stdout
        atomic_write(base + ".txt", out)
    if not os.path.exists(base + ".md"):
        out = subprocess.run(["pandoc", "-f", "html", "-t", "gfm", html_path],
                             capture_output=True, check=True).stdout
        atomic_write(base + ".md", out)


def print_pdfs(pages):
    """Prints the pages with no PDF form yet, with one headless Chromium per half
    of them (print_pdf.js); writes NAME.pdf.fail for a page it cannot print."""
    todo = [p for p in pages if not os.path.exists(p[:-5] + ".pdf") and not os.path.exists(p[:-5] + ".pdf.fail")]
    if not todo or not shutil.which("chromium"):
        return
    halves = [todo[i::2] for i in range(2)]

    def batch(part):
        if not part:
            return
        p = subprocess.run(["node", os.path.join(EVAL_DIR, "print_pdf.js")], capture_output=True, text=True,
                           input="".join(f"{h}\t{h[:-5]}.pdf\n" for h in part))
        for line in p.stdout.splitlines():
            if line.startswith("FAIL "):
                page, msg = line[5:].split(": ", 1)
                with open(page[:-5] + ".pdf.fail", "w", encoding="utf-8") as f:
                    f.write(msg + "\n")
    pmap(batch, halves)


def atomic_write(path, data):
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)


# ---------------------------------------------------------------- filtered gold

def haystack(form, content, norm_text):
    """The normalised text of one form that a gold leaf must occur in. Markdown
    links and HTML attributes keep their URLs (cvx can read them there); HTML
    entities are decoded."""
    if form == "md":
        content = content.replace("](", "] (")  # cvscore's normalisation drops link targets
    elif form == "html":
        content = html.unescape(content.replace("<", " <").replace(">", "> "))
    return " " + norm_text(content) + " "


def filter_leaves(v, key, hay, norm_text):
    """The part of a gold value whose text occurs in hay; None when nothing does.
    A date whose full form is absent but whose year shows is kept as the year."""
    if isinstance(v, dict):
        out = {k: filter_leaves(x, k, hay, norm_text) for k, x in v.items()}
        out = {k: x for k, x in out.items() if x is not None}
        return out or None
    if isinstance(v, list):
        out = [x for x in (filter_leaves(x, key, hay, norm_text) for x in v) if x is not None]
        if key == "profiles":
            # cvscore aligns profiles by url alone: one whose url the page does
            # not show cannot be matched by anything, so it is not counted
            out = [x for x in out if not isinstance(x, dict) or "url" in x]
        return out or None
    if isinstance(v, bool) or v is None:
        return None
    t = norm_text(v)
    if t and f" {t} " in hay:
        return v
    year = str(v)[:4]
    if key in DATE_KEYS and year.isdigit() and f" {year} " in hay:
        return year
    return None


# ---------------------------------------------------------------- the benchmark

def prepare_docs(items, docs_dir):
    """Writes each item's theme input to docs_dir/KEY.json; sets item.key, item.doc."""
    os.makedirs(docs_dir, exist_ok=True)
    for it in items:
        it.key = doc_key(it.gold)
        with open(it.gold, encoding="utf-8") as f:
            it.doc = first_alternatives(json.load(f))
        path = os.path.join(docs_dir, it.key + ".json")
        if not os.path.exists(path):
            with open(path, "w", encoding="utf-8") as f:
                json.dump(theme_input(it.doc), f, ensure_ascii=False, indent=1)


def missing_tools():
    return [t for t in ("node", "w3m", "pandoc") if not shutil.which(t)]


def skipped():
    """Why the benchmark cannot run here, or None."""
    if not themes():
        return "no jsonresume-theme-* installed in tests/node_modules (make deps)"
    if missing_tools():
        return "missing " + ", ".join(missing_tools()) + " (make deps)"
    return None


def render_all(items, build_dir):
    """Fills the render cache for every theme and form; {theme: its cache folder},
    or None when the benchmark cannot run here."""
    if skipped():
        return None
    ths = themes()
    cache = os.path.join(build_dir, "eval", "layouts")
    docs_dir = os.path.join(cache, "docs")
    prepare_docs(items, docs_dir)
    tdirs = dict(zip(ths, pmap(lambda t: render_theme(t, items, cache, docs_dir), ths)))
    pages = [os.path.join(d, it.key + ".html") for d in tdirs.values() for it in items
             if os.path.exists(os.path.join(d, it.key + ".html"))]
    pmap(derive_forms, pages)
    print_pdfs(pages)
    return tdirs


def run(items, cvx, build_dir, rotation, norm_text):
    """Figures {theme: {form: {part: cvscore figures}}, rendered counts and means},
    or {"skipped": reason}."""
    if skipped():
        return {"skipped": skipped()}
    ths = themes()
    tdirs = render_all(items, build_dir)
    work = fresh_dir(os.path.join(build_dir, "eval", "run", "layouts"))
    jobs = [(t, form) for t in ths for form in FORMS]
    results = pmap(lambda j: score_form(j[0], j[1], tdirs[j[0]], items, cvx, work, rotation, norm_text),
                   jobs)
    out = {}
    for (t, form), res in zip(jobs, results):
        out.setdefault(theme_label(t), {})[form] = res
    for t in ths:
        out[theme_label(t)]["rendered"] = sum(
            os.path.exists(os.path.join(tdirs[t], it.key + ".html")) for it in items)
    return {"themes": out, "documents": len(items), "means": means(out)}


def theme_label(theme):
    pkg, version = theme
    return f"{pkg[len(THEME_PREFIX):]}@{version}"


def score_form(theme, form, tdir, items, cvx, work, rotation, norm_text):
    """Converts one theme's renders in one form with cvx and scores them by part."""
    label = theme_label(theme)
    src = os.path.join(work, label, form, "in")
    gold_dir = os.path.join(work, label, form, "gold")
    out = os.path.join(work, label, form, "out")
    os.makedirs(src)
    os.makedirs(gold_dir)
    golds = {}
    for it in items:
        page = os.path.join(tdir, it.key + EXT[form])
        if not os.path.exists(page):
            continue  # the theme could not render this document
        hay_form = HAY_OF.get(form, form)
        with open(os.path.join(tdir, it.key + EXT[hay_form]), encoding="utf-8", errors="replace") as f:
            hay = haystack(hay_form, f.read(), norm_text)
        gold = filter_leaves(it.doc, None, hay, norm_text) or {}
        golds[it.stem] = os.path.join(gold_dir, it.stem + ".json")
        with open(golds[it.stem], "w", encoding="utf-8") as f:
            json.dump(gold, f, ensure_ascii=False)
        os.symlink(page, os.path.join(src, it.stem + EXT[form]))
    if golds:
        cvx_convert(cvx, [os.path.join(src, f) for f in sorted(os.listdir(src))], out)
    converted = len(os.listdir(out)) if os.path.isdir(out) else 0
    if converted < len(golds):
        # a missing output scores as an empty document: say so rather than show a bare 0
        print(f"eval: warning: {label} {form}: cvx wrote {converted} of {len(golds)} outputs",
              file=sys.stderr)
    res = {part: cvscore(out, {s: g for s, g in golds.items() if in_part(s, part, rotation)})
           for part in PARTS}
    res["converted"] = converted
    return res


def means(out):
    """Mean structured F1 per theme (over forms), per form (over themes) and over
    every theme x form cell, for each part."""
    def mean(vals):
        vals = [v for v in vals if v is not None]
        return round(sum(vals) / len(vals), 4) if vals else None

    def f1(t, form, part):
        s = out[t][form][part]
        return s["structured"]["f1"] if s else None

    res = {"theme": {}, "form": {}, "all": {}}
    for part in PARTS:
        for t in out:
            res["theme"].setdefault(t, {})[part] = mean(f1(t, fm, part) for fm in FORMS)
        for fm in FORMS:
            res["form"].setdefault(fm, {})[part] = mean(f1(t, fm, part) for t in out)
        res["all"][part] = mean(f1(t, fm, part) for t in out for fm in FORMS)
    return res


if __name__ == "__main__":
    sys.exit("layouts.py is run by tests/eval/eval.py")
