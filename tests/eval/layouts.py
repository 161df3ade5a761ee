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
the theme shows: the field must be one the theme renders (found by rendering a probe
document whose every field holds a token of its own: a theme that leaves projects
out shows none of a CV's projects, even where a project's year or keyword happens
to occur elsewhere on the page), and the leaf's text must occur in that form (a
URL that is the target of one of the PDF's links counts as shown: an icon that
links a profile shows it to whoever follows it).
Every theme is treated alike: no theme is named in this file.

Renders and their text/Markdown forms are cached in build/eval/layouts/, keyed by
the theme's version and a hash of the gold file."""
import hashlib
import html
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

from common import EVAL_DIR, JOBS, PARTS, ROOT, cvscore_many, cvx_convert, fresh_dir, in_part, pmap

TESTS = os.path.join(ROOT, "tests")
THEME_PREFIX = "jsonresume-theme-"
FORMS = ("text", "md", "html", "pdf", "docx")
EXT = {"text": ".txt", "md": ".md", "html": ".html", "pdf": ".pdf", "docx": ".docx"}
# the binary forms' gold leaves are those the form they are made like shows: a
# printed page shows what its copied text shows, a pandoc DOCX what its Markdown does
HAY_OF = {"pdf": "text", "docx": "md"}
# forms that also carry link targets: a printed page keeps each link it shows
# as an annotation (an icon that links a profile shows it to whoever clicks),
# as the HTML and Markdown forms keep their URLs
LINKS_OF = {"pdf"}
# a link annotation's target as Chromium writes it: /URI (string), uncompressed
PDF_URI = re.compile(rb"/URI\s*\(((?:[^()\\]|\\.)*)\)", re.S)


def pdf_links(path):
    """The URI targets of a PDF's link annotations (PDF string escapes undone)."""
    with open(path, "rb") as f:
        data = f.read()
    out = []
    for m in PDF_URI.finditer(data):
        raw = re.sub(rb"\\([0-7]{1,3})", lambda e: bytes([int(e.group(1), 8) & 255]), m.group(1))
        raw = re.sub(rb"\\(.)", rb"\1", raw)
        out.append(raw.decode("utf-8", "replace"))
    return out
# bump when the document preparation or the derived forms change: old renders go stale
PREP_VERSION = "1"
# JSON Resume fields whose value is a list of strings; in any other field a list of
# strings is the gold format's list of acceptable answers
STRING_LISTS = {"highlights", "keywords", "courses", "roles"}
DATE_KEYS = {"startDate", "endDate", "date", "releaseDate"}
# how long one page's conversion may take before it is given up (reported, not cached)
PAGE_TIMEOUT = 60
# pandoc's allocation area: a larger one halves the garbage collector's work on
# a batch of pages (the output does not depend on it)
PANDOC_RTS = "-A64m"


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


def doc_paths(v, path="", out=None):
    """{path: kind} of every leaf of a document: a path like '.work[].name', a kind
    'date', 'url', 'email', 'country' or 'text'."""
    out = {} if out is None else out
    if isinstance(v, dict):
        for k, x in v.items():
            doc_paths(x, f"{path}.{k}", out)
    elif isinstance(v, list):
        for x in v:
            doc_paths(x, path + "[]", out)
    elif isinstance(v, str):
        key = path.rsplit(".", 1)[-1].rstrip("[]")
        kind = ("date" if key in DATE_KEYS else "email" if key == "email" else "country" if key == "countryCode"
                else "url" if key == "url" or v.startswith(("http://", "https://")) else "text")
        out.setdefault(path, kind)
    return out


class Probe:
    """A document holding every field path of the gold documents, each leaf a token
    of its own (a date a year of its own), two entries to each list; rendered by a
    theme, it tells which fields that theme shows."""

    def __init__(self, docs):
        paths = {}
        for d in docs:
            doc_paths(d, "", paths)
        self.paths = dict(sorted(paths.items()))
        self.marks = {}  # path -> the marks its leaves carry
        self.doc = {}
        n = 0
        # a year of its own to each date, a start before its end (themes sort and
        # subtract dates): at most 20 of each kind before they overlap
        years = {"other": 1940, "startDate": 1960, "endDate": 1980}
        for path, kind in self.paths.items():
            for entry in range(2):
                n += 1
                if kind == "date":
                    slot = path.rsplit(".", 1)[-1]
                    slot = slot if slot in years else "other"
                    year = years[slot]
                    years[slot] += 1
                    mark, value = str(year), f"{year}-03"
                elif kind == "country":
                    # a real ISO code (themes look its name up), shown as either
                    mark, value = "nz|new zealand", "NZ"
                else:
                    mark, value = self.leaf(n, kind)
                self.marks.setdefault(path, []).append(mark)
                self.put(self.doc, re.findall(r"\.([^.\[]+)(\[\])*", path), entry, value)
        self.key = hashlib.sha256(json.dumps(self.doc, sort_keys=True).encode()).hexdigest()[:16]

    @staticmethod
    def leaf(n, kind):
        word = "qzv" + "".join(chr(97 + (n // 26 ** i) % 26) for i in range(3))
        if kind == "email":
            return word, word + "@example.org"
        if kind == "url":
            return word, f"https://{word}.example.org/"
        return word, word

    def put(self, node, steps, entry, value):
        """Sets the leaf at steps (from the path) in the entry'th element of each list."""
        (key, lists), rest = steps[0], steps[1:]
        if not lists and not rest:
            node.setdefault(key, value)
            return
        if lists:
            items = node.setdefault(key, [])
            if not isinstance(items, list):
                return  # a path that is a list in one document and a value in another
            if not rest:
                items.append(value)  # a list of strings: one more of them
                return
            while len(items) <= entry:
                items.append({})
            child = items[entry]
        else:
            child = node.setdefault(key, {})
        if isinstance(child, dict):
            self.put(child, rest, entry, value)

    def shown(self, hay):
        """{path: whether a mark of it occurs in a form's haystack (a year as a number)}."""
        return {path: any(re.search(rf"(?<![0-9a-z])(?:{m})(?![0-9a-z])", hay) for m in marks)
                for path, marks in self.marks.items()}


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
        try:
            p = subprocess.run(["node", os.path.join(EVAL_DIR, "render.js"), pkg], input="".join(jobs),
                               capture_output=True, text=True, timeout=PAGE_TIMEOUT + 5 * len(jobs))
        except subprocess.TimeoutExpired:
            # what it rendered is kept; the rest is tried again next run
            print(f"eval: warning: render.js {pkg} stopped after {PAGE_TIMEOUT + 5 * len(jobs)} s",
                  file=sys.stderr)
            return tdir
        if p.returncode != 0:
            raise RuntimeError(f"render.js {pkg}: {p.stderr.strip()[-800:]}")
        for line in p.stdout.splitlines():
            if line.startswith("FAIL "):
                doc, msg = line[5:].split(": ", 1)
                key = os.path.basename(doc)[:-5]
                with open(os.path.join(tdir, key + ".fail"), "w", encoding="utf-8") as f:
                    f.write(msg + "\n")
    return tdir


def form_jobs(pages):
    """[(form, path of the form's file)] of the text, Markdown and DOCX forms not
    made yet (nor failed before: NAME.EXT.fail) for the rendered pages."""
    jobs = []
    for page in pages:
        base = page[:-5]
        for form in ("text", "md", "docx"):
            out = base + EXT[form]
            if not os.path.exists(out) and not os.path.exists(out + ".fail"):
                jobs.append((form, out))
    return jobs


def docx_input(page):
    """The page pandoc makes the DOCX form of: images are no text, and pandoc stops
    on one it cannot fetch, so they are left out (bytes, UTF-8)."""
    with open(page, encoding="utf-8", errors="replace") as f:
        return re.sub(r"<img\b[^>]*>", "", f.read(), flags=re.I).encode("utf-8")


def form_command(form, page, out):
    """The command making one form of one page alone, and its standard input."""
    if form == "text":
        return ["w3m", "-dump", "-cols", "200", "-T", "text/html", "-I", "UTF-8", "-O", "UTF-8", page], None
    if form == "md":
        return ["pandoc", "-f", "html", "-t", "gfm", page], None
    return ["pandoc", "-f", "html", "-t", "docx", "-o", out + ".tmp"], docx_input(page)


def derive_one(job):
    """Makes one form of one page with its own process (w3m, or pandoc when a
    batch could not). Returns None, or why it failed: a command that fails leaves
    NAME.EXT.fail (not tried again), one that times out nothing."""
    form, out = job
    page = out[:-len(EXT[form])] + ".html"
    try:
        cmd, stdin = form_command(form, page, out)
    except OSError as e:
        return f"cannot read it: {e}"
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, timeout=PAGE_TIMEOUT,
                           env=dict(os.environ, GHCRTS=PANDOC_RTS))
    except subprocess.TimeoutExpired:
        remove(out + ".tmp")
        return f"{os.path.basename(cmd[0])} took over {PAGE_TIMEOUT} s"
    if p.returncode != 0:
        remove(out + ".tmp")
        why = f"{os.path.basename(cmd[0])}: {p.stderr.decode('utf-8', 'replace').strip()[-300:]}"
        atomic_write(out + ".fail", (why + "\n").encode("utf-8"))
        return why
    if form == "docx":
        os.replace(out + ".tmp", out)
    else:
        atomic_write(out, p.stdout)
    return None


def derive_batch(jobs, tmp):
    """Makes the Markdown and DOCX forms of many pages in one pandoc process
    (derive.lua): a pandoc start costs more than a small page's conversion. The
    same bytes as derive_one's; what the batch leaves undone (a page that fails,
    a batch over its time) is left to derive_one."""
    lines = []
    for form, out in jobs:
        page = out[:-len(EXT[form])] + ".html"
        src = page
        if form == "docx":
            try:
                data = docx_input(page)
                with open(page, "rb") as f:
                    same = f.read() == data
            except OSError:
                continue  # left to derive_one, which reports it
            if not same:
                src = os.path.join(tmp, hashlib.sha256(out.encode()).hexdigest()[:16] + ".html")
                with open(src, "wb") as g:
                    g.write(data)
        lines.append(f"{form}\t{src}\t{out}\n")
    if not lines:
        return
    listing = os.path.join(tmp, hashlib.sha256(lines[0].encode()).hexdigest()[:16] + ".jobs")
    with open(listing, "w", encoding="utf-8") as f:
        f.writelines(lines)
    try:
        subprocess.run(["pandoc", "-f", "markdown", "-t", "plain", "-o", os.devnull,
                        "--lua-filter", os.path.join(EVAL_DIR, "derive.lua")],
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=PAGE_TIMEOUT + 5 * len(jobs),
                       env=dict(os.environ, CVX_DERIVE_JOBS=listing, GHCRTS=PANDOC_RTS))
    except subprocess.TimeoutExpired:
        pass  # what it did not finish is made page by page


def derive_forms(pages):
    """Makes the text (w3m), Markdown and DOCX (pandoc) forms of the rendered pages
    that lack them: pandoc in JOBS batches, w3m page by page, JOBS at a time.
    A page that fails in a form is reported and goes without that form."""
    jobs = form_jobs(pages)
    # a page's pandoc forms go in one batch, one after the other (derive.lua
    # reads a page once for both when they are made from the same input)
    by_page = {}
    for form, out in jobs:
        if form != "text":
            by_page.setdefault(out[:-len(EXT[form])], []).append((form, out))
    shares = list(by_page.values())
    with tempfile.TemporaryDirectory(prefix="cvx-eval-derive-") as tmp:
        pmap(lambda part: derive_batch(part, tmp), [sum(shares[i::JOBS], []) for i in range(JOBS)])
    left = [j for j in jobs if not os.path.exists(j[1]) and not os.path.exists(j[1] + ".fail")]
    for (form, out), why in zip(left, pmap(derive_one, left)):
        if why:
            print(f"eval: warning: no {form} form of {out[:-len(EXT[form])]}.html: {why}", file=sys.stderr)


def print_pdfs(pages):
    """Prints the pages with no PDF form yet with one headless Chromium, JOBS
    pages at once (print_pdf.js); NAME.pdf.fail is left for a page it cannot print.
    A browser that dies or hangs is reported; its pages are tried again next run."""
    todo = [p for p in pages if not os.path.exists(p[:-5] + ".pdf") and not os.path.exists(p[:-5] + ".pdf.fail")]
    if not todo or not shutil.which("chromium"):
        return
    # its own process group, so that the browser goes too if it must be stopped
    proc = subprocess.Popen(["node", os.path.join(EVAL_DIR, "print_pdf.js"), str(JOBS)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate("".join(f"{h}\t{h[:-5]}.pdf\n" for h in todo),
                                    timeout=PAGE_TIMEOUT + 2 * len(todo))
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        err += f"stopped after {PAGE_TIMEOUT + 2 * len(todo)} s"
    lost = 0
    for line in out.splitlines():
        if line.startswith("FAIL "):
            page, msg = line[5:].split(": ", 1)
            with open(page[:-5] + ".pdf.fail", "w", encoding="utf-8") as f:
                f.write(msg + "\n")
            print(f"eval: warning: no pdf form of {page}: {msg}", file=sys.stderr)
        elif line.startswith("LOST "):
            lost += 1
    missing = sum(not os.path.exists(p[:-5] + ".pdf") and not os.path.exists(p[:-5] + ".pdf.fail") for p in todo)
    if missing or proc.returncode != 0:
        print(f"eval: warning: print_pdf.js printed {len(todo) - missing} of {len(todo)} pages "
              f"({lost} lost with the browser): {err.strip()[-300:]}", file=sys.stderr)


def remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


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


def filter_leaves(v, key, hay, norm_text, shown=None, path="", links=""):
    """The part of a gold value whose text occurs in hay, in a field the theme shows
    (shown: {path: whether the theme's probe showed it}; a path not probed, or no
    probe, is not filtered by field), or that is the target of one of the form's
    links (links: their normalised text; a URL names itself, whatever field);
    None when nothing does.
    A date whose full form is absent but whose year shows is kept as the year."""
    if isinstance(v, dict):
        out = {k: filter_leaves(x, k, hay, norm_text, shown, f"{path}.{k}", links) for k, x in v.items()}
        out = {k: x for k, x in out.items() if x is not None}
        return out or None
    if isinstance(v, list):
        out = [x for x in (filter_leaves(x, key, hay, norm_text, shown, path + "[]", links) for x in v)
               if x is not None]
        if key == "profiles":
            # cvscore aligns profiles by url alone: one whose url the page does
            # not show cannot be matched by anything, so it is not counted
            out = [x for x in out if not isinstance(x, dict) or "url" in x]
        return out or None
    if isinstance(v, bool) or v is None:
        return None
    t = norm_text(v)
    if links and t and "/" in str(v) and f" {t} " in links:
        return v  # a link's target: the page shows it to whoever follows the link
    if shown is not None and not shown.get(path, True):
        return None
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
    """Fills the render cache for every theme and form, the probe's text and
    Markdown forms too; ({theme: its cache folder}, the Probe), or None when the
    benchmark cannot run here."""
    if skipped():
        return None
    ths = themes()
    cache = os.path.join(build_dir, "eval", "layouts")
    docs_dir = os.path.join(cache, "docs")
    prepare_docs(items, docs_dir)
    probe = Probe([it.doc for it in items])
    path = os.path.join(docs_dir, probe.key + ".json")
    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as f:
            json.dump(theme_input(probe.doc), f, ensure_ascii=False, indent=1)
    tdirs = dict(zip(ths, pmap(lambda t: render_theme(t, items + [probe], cache, docs_dir), ths)))
    pages = [os.path.join(d, it.key + ".html") for d in tdirs.values() for it in items
             if os.path.exists(os.path.join(d, it.key + ".html"))]
    probes = [os.path.join(d, probe.key + ".html") for d in tdirs.values()
              if os.path.exists(os.path.join(d, probe.key + ".html"))]
    # the browser prints while pandoc and w3m make the other forms
    with ThreadPoolExecutor(1) as ex:
        printing = ex.submit(print_pdfs, pages)
        derive_forms(pages + probes)
        printing.result()
    return tdirs, probe


def run(items, cvx, build_dir, rotation, norm_text):
    """Figures {theme: {form: {part: cvscore figures}}, rendered counts and means},
    or {"skipped": reason}."""
    if skipped():
        return {"skipped": skipped()}
    ths = themes()
    tdirs, probe = render_all(items, build_dir)
    work = fresh_dir(os.path.join(build_dir, "eval", "run", "layouts"))
    jobs = [(t, form) for t in ths for form in FORMS]
    golds = GoldCache(norm_text, probe)
    results = pmap(lambda j: score_form(j[0], j[1], tdirs[j[0]], items, cvx, work, rotation, golds), jobs)
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


class GoldCache:
    """The gold document of one item reduced to what one page form shows, made
    once per page and form: the PDF form is scored on its copied text's leaves
    and the DOCX form on its Markdown's, as the text and md forms are."""

    def __init__(self, norm_text, probe):
        self.norm_text = norm_text
        self.probe = probe
        self.done = {}
        self.lock = threading.Lock()

    def read(self, page, hay_form):
        with open(page, encoding="utf-8", errors="replace") as f:
            return haystack(hay_form, f.read(), self.norm_text)

    def shown(self, tdir, hay_form):
        """The fields the theme of tdir shows in one form (Probe.shown), or None
        when its probe could not be rendered or derived."""
        page = os.path.join(tdir, self.probe.key + EXT[hay_form])
        key = (page, "probe")
        with self.lock:
            if key in self.done:
                return self.done[key]
        shown = self.probe.shown(self.read(page, hay_form)) if os.path.exists(page) else None
        with self.lock:
            return self.done.setdefault(key, shown)

    def get(self, page, hay_form, doc, links=None):
        """links: a file of the page (its PDF) whose link targets count as shown too."""
        key = (page, hay_form, links)
        with self.lock:
            if key in self.done:
                return self.done[key]
        shown = self.shown(os.path.dirname(page), hay_form)
        targets = " " + " ".join(self.norm_text(u) for u in pdf_links(links) if u) + " " if links else ""
        gold = filter_leaves(doc, None, self.read(page, hay_form), self.norm_text, shown, links=targets) or {}
        with self.lock:
            return self.done.setdefault(key, gold)


def score_form(theme, form, tdir, items, cvx, work, rotation, golds_of):
    """Converts one theme's renders in one form with cvx and scores them by part;
    a page whose form (or the form its gold leaves are found in) is missing is
    left out, as a document the theme could not render."""
    label = theme_label(theme)
    src = os.path.join(work, label, form, "in")
    gold_dir = os.path.join(work, label, form, "gold")
    out = os.path.join(work, label, form, "out")
    os.makedirs(src)
    os.makedirs(gold_dir)
    golds = {}
    for it in items:
        page = os.path.join(tdir, it.key + EXT[form])
        hay_form = HAY_OF.get(form, form)
        hay_page = os.path.join(tdir, it.key + EXT[hay_form])
        if not os.path.exists(page) or not os.path.exists(hay_page):
            continue  # the theme could not render this document (in this form)
        gold = golds_of.get(hay_page, hay_form, it.doc, page if form in LINKS_OF else None)
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
    res = dict(zip(PARTS, cvscore_many(out, [{s: g for s, g in golds.items() if in_part(s, part, rotation)}
                                            for part in PARTS])))
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
