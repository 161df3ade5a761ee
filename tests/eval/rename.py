"""rename.py — the heading-rename test of `make eval`: each gold input is copied with
its recognisable section headings (known-headings.tsv) replaced by the eval's own
phrasings of the same meaning (phrasings.tsv), so the score shows what the code gets
from the text of a section rather than from the exact words of its heading.

Renamed: Markdown ATX, setext and HTML <hN> headings, lines that are only an emphasised known
heading (`**Education**`), and in plain text any line that is a known heading alone
(any case, optional trailing ':'). Front matter, code fences and YAML files are left
as they are: there a "heading" is a data key, not text. Choices are deterministic
(a hash of the file's stem and the heading's position)."""
import hashlib
import json
import os
import re

from common import EVAL_DIR, ROOT

MD_EXT = (".md", ".markdown")
YAML_EXT = (".yml", ".yaml")
SECTIONS_C = os.path.join(ROOT, "pipeline", "sections.c")

# words that carry no section meaning: a phrasing may share these with the code
STOPWORDS = set("""a an the i me my we our you your am is are was were be been have has had
of in on at to for from by with and or so what where who how which this that these those
over off there it do can""".split())

ATX = re.compile(r"^( {0,3})(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
LIST_ITEM = re.compile(r"^\s*(?:[-+*>|]|\d+[.)])(?:\s|$)")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
HTML_HEADING = re.compile(r"(<h([1-6])\b[^>]*>)(.*?)(</h\2\s*>)", re.I)
HTML_TAG = re.compile(r"<[^>]*>")
ATTR = re.compile(r"\{[#.][^}]*\}\s*$")  # kramdown {#id .class}
NUMBERING = re.compile(r"^\s*(?:\d+|[ivxIVX]+|[A-Za-z])[.)]\s+")


def load_table(name):
    """[(category, text)] from one of the eval's TSV lists (comments skipped)."""
    rows = []
    with open(os.path.join(EVAL_DIR, name), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                cat, text = line.rstrip("\n").split("\t")
                rows.append((cat, text))
    return rows


class Renamer:
    """Recognises known headings and picks the phrasing that replaces each."""

    def __init__(self, norm_text):
        self.norm = norm_text  # cvscore's normalisation
        self.known = {self.norm(t): cat for cat, t in load_table("known-headings.tsv")}
        self.phrasings = {}
        for cat, text in load_table("phrasings.tsv"):
            self.phrasings.setdefault(cat, []).append(text)

        self.values = set()  # the current file's gold values (normalised)

    def protect(self, gold_path):
        """Headings that are values of the file's gold answer (a skill group
        "Programming Languages", a course named "Education") are data, not section
        headings: they are left as written."""
        self.values = set()
        if not gold_path:
            return

        def walk(v):
            if isinstance(v, str):
                self.values.add(self.norm(v))
            elif isinstance(v, list):
                for x in v:
                    walk(x)
            elif isinstance(v, dict):
                for x in v.values():
                    walk(x)
        with open(gold_path, encoding="utf-8") as f:
            walk(json.load(f))

    def category(self, heading):
        """The category of a heading's text, or None when it is not a known heading
        (or is one of the file's gold values)."""
        t = HTML_TAG.sub(" ", ATTR.sub("", heading))
        t = NUMBERING.sub("", t.replace("`", " ").replace("*", " ").strip().rstrip(":"))
        key = self.norm(t)
        cat = self.known.get(key)
        return cat if cat in self.phrasings and key not in self.values else None

    @staticmethod
    def _hash(stem, k):
        return int(hashlib.sha256(f"{stem}:{k}".encode()).hexdigest(), 16)

    def pick(self, stem, k, cat):
        """(phrasing, setext?) for the k-th renamed heading of a file."""
        h = self._hash(stem, k)
        options = self.phrasings[cat]
        return options[h % len(options)], (h >> 8) % 3 == 0


WORDS = re.compile(r"[^\W_]", re.UNICODE)


def replace_words(body, phrase):
    """body with the span from its first to its last letter or digit replaced by
    phrase: the marks around a heading ('##' without a space, '**', '==', a
    colon) stay as written, only the words change."""
    letters = [m.start() for m in WORDS.finditer(body)]
    if not letters:
        return body
    return body[:letters[0]] + phrase + body[letters[-1] + 1:]


def heading_alone(body):
    """Whether a line can be a heading standing alone: short, not a list item,
    quote or table row."""
    return 0 < len(body.strip()) <= 80 and not LIST_ITEM.match(body)


def split_eol(line):
    """(text, line ending) of one line kept with its ending (CRLF files stay CRLF)."""
    body = line.rstrip("\r\n")
    return body, line[len(body):]


def front_matter_end(lines):
    """Index of the first line after a leading YAML/TOML front matter block (0 if none)."""
    if not lines or split_eol(lines[0])[0].strip() not in ("---", "+++"):
        return 0
    mark = split_eol(lines[0])[0].strip()
    for i in range(1, len(lines)):
        if split_eol(lines[i])[0].strip() in (mark, "..."):
            return i + 1
    return 0


def rename_markdown(text, stem, r):
    """Markdown with known headings renamed; returns (text, number renamed)."""
    lines = text.splitlines(keepends=True)
    out = lines[:front_matter_end(lines)]
    k, fenced, i = 0, False, len(out)
    while i < len(lines):
        body, eol = split_eol(lines[i])
        prev_blank = not out or not split_eol(out[-1])[0].strip()
        if FENCE.match(body):
            fenced = not fenced
        m = ATX.match(body) if not fenced else None
        cat = None
        if m:
            cat = r.category(m.group(3))
        if cat:
            phrase, setext = r.pick(stem, k, cat)
            level = len(m.group(2))
            if setext and level <= 2:
                if not prev_blank:
                    out.append(eol or "\n")  # a setext heading cannot interrupt a paragraph
                out.append(phrase + eol + ("=" if level == 1 else "-") * len(phrase) + (eol or "\n"))
            else:
                out.append(m.group(1) + m.group(2) + " " + phrase + eol)
            k += 1
        elif not fenced and HTML_HEADING.search(body):
            # before the next case: a line that is one <hN> element alone would
            # otherwise have its tags taken for the heading's words
            body, k = rename_html_headings(body, stem, k, r)
            out.append(body + eol)
        elif not fenced and prev_blank and heading_alone(body) and r.category(body):
            # a setext heading's text line (its underline follows unchanged), or a
            # paragraph that is only a known heading, possibly emphasised
            phrase, _ = r.pick(stem, k, r.category(body))
            out.append(replace_words(body, phrase) + eol)
            k += 1
        else:
            out.append(lines[i])
        i += 1
    return "".join(out), k


def rename_html_headings(body, stem, k, r):
    """A line with HTML <h1>..<h6> headings (Markdown pages often hold some) with
    the known ones renamed; returns (line, k after them)."""
    def sub(m):
        nonlocal k
        cat = r.category(m.group(3))
        if not cat:
            return m.group(0)
        phrase, _ = r.pick(stem, k, cat)
        k += 1
        return m.group(1) + phrase + m.group(4)
    return HTML_HEADING.sub(sub, body), k


def rename_text(text, stem, r):
    """Plain text with every line that is a known heading alone renamed."""
    out, k = [], 0
    for line in text.splitlines(keepends=True):
        body, eol = split_eol(line)
        cat = r.category(body) if heading_alone(body) else None
        if cat:
            phrase, _ = r.pick(stem, k, cat)
            out.append(replace_words(body, phrase) + eol)
            k += 1
        else:
            out.append(line)
    return "".join(out), k


def rename_file(src, dst, stem, r, gold=None):
    """Copies src to dst with headings renamed (not those that are values of the
    gold answer `gold`); returns how many were renamed."""
    r.protect(gold)
    with open(src, "rb") as f:
        data = f.read()
    ext = os.path.splitext(src)[1].lower()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None  # not UTF-8: copied unchanged, cvx reads it as it is
    n = 0
    if text is not None and ext not in YAML_EXT:
        text, n = (rename_markdown if ext in MD_EXT else rename_text)(text, stem, r)
        data = text.encode("utf-8")
    with open(dst, "wb") as f:
        f.write(data)
    return n


# ---------------------------------------------------------------- self-check

def code_words(norm_text):
    """Every word of every string literal in pipeline/sections.c (normalised)."""
    with open(SECTIONS_C, encoding="utf-8") as f:
        src = f.read()
    words = set()
    for lit in re.findall(r'"((?:[^"\\\n]|\\.)*)"', src):
        words.update(norm_text(lit).split())
    return words


def phrasing_clashes(norm_text):
    """[(phrasing, word)] where a content word of a phrasing (or it with/without a
    final 's') is a word of the code's section tables: such a phrasing no longer
    tests wording the code does not know."""
    words = code_words(norm_text)
    clashes = []
    for _, phrase in load_table("phrasings.tsv"):
        for w in norm_text(phrase).split():
            if w in STOPWORDS:
                continue
            if w in words or w + "s" in words or (w.endswith("s") and w[:-1] in words):
                clashes.append((phrase, w))
    return clashes
