#!/usr/bin/env python3
"""check-report-dom.py — reads a DOM that headless Chromium dumped from a cvx
report page and checks it for anything an input could have injected.

usage: check-report-dom.py safe DOM.html
         no <script> but report.js, no on* attribute, no javascript:/data:
         link or source, only the elements the templates use
       check-report-dom.py spans DOM.html JSON
         one highlight (id="sN") per value span the JSON Resume holds
       check-report-dom.py index DOM.html NAME...
         the index lists every NAME once, as a row
Exits 1 with a message on the first failed check."""
import html.parser
import json
import sys

# every element the templates and report_html.c write
ALLOWED = {"html", "head", "meta", "title", "link", "script", "body", "header", "nav", "a", "h1",
           "h2", "h3", "p", "button", "span", "mark", "main", "section", "div", "pre", "ul",
           "li", "dl", "dt", "dd", "strong", "table", "thead", "tbody", "tr", "th", "td",
           "label", "input", "select", "option"}
URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data"}


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # (tag, {attr: value})
        self.rows = []      # text of each tbody row
        self._row = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        self.elements.append((tag, a))
        if tag == "tr":
            self._row = []

    def handle_endtag(self, tag):
        if tag == "tr" and self._row is not None:
            self.rows.append("".join(self._row))
            self._row = None

    def handle_data(self, data):
        if self._row is not None:
            self._row.append(data)


def parse(path):
    d = Dom()
    with open(path, encoding="utf-8", errors="replace") as f:
        d.feed(f.read())
    return d


def fail(msg):
    print("check-report-dom: " + msg)
    sys.exit(1)


def safe(d):
    scripts = [a for t, a in d.elements if t == "script"]
    if len(scripts) != 1 or not scripts[0].get("src", "").endswith("report.js"):
        fail("scripts other than report.js: %r" % scripts)
    for t, a in d.elements:
        if t not in ALLOWED:
            fail("an element the templates do not write: <%s %r>" % (t, a))
        for k, v in a.items():
            if k.startswith("on"):
                fail("an event handler attribute: <%s %s=%r>" % (t, k, v))
            if k == "style":
                fail("an inline style: <%s style=%r>" % (t, v))
            if k in URL_ATTRS:
                w = "".join(v.split()).lower()
                if "javascript:" in w or "data:" in w or "vbscript:" in w:
                    fail("a script or data URL: <%s %s=%r>" % (t, k, v))
                if k == "href" and not (w.startswith(("#", "../", "cv/", "index", "report.", "http://", "https://", "mailto:"))):
                    fail("a link the report does not make: <%s href=%r>" % (t, v))
    csp = [a for t, a in d.elements if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
    if len(csp) != 1 or "default-src 'none'" not in csp[0].get("content", ""):
        fail("the Content-Security-Policy meta is missing")


def spans(d, json_path):
    with open(json_path, encoding="utf-8") as f:
        doc = json.load(f)
    want = 0
    for p in doc.get("meta", {}).get("cvx", {}).get("provenance", []):
        if "endLine" not in p:
            continue
        if (p["endLine"], p["endColumn"]) > (p["line"], p["column"]):
            want += 1
    ids = {a["id"] for t, a in d.elements if t == "mark" and a.get("id", "").startswith("s")}
    fields = {a["id"] for t, a in d.elements if a.get("id", "").startswith("f")}
    targets = {a.get("data-f") for t, a in d.elements if t == "mark" and "hl" in a.get("class", "").split()}
    if want == 0:
        fail("the JSON holds no value span")
    if len(ids) != want:
        fail("%d highlights with an id for %d value spans" % (len(ids), want))
    if not targets <= fields:
        fail("highlights link to missing fields: %r" % sorted(targets - fields)[:5])


def index(d, names):
    body_rows = d.rows[1:]  # the header row first
    for n in names:
        hits = [r for r in body_rows if r.startswith(n)]
        if len(hits) != 1:
            fail("the index lists %r %d times" % (n, len(hits)))
    if len(body_rows) != len(names):
        fail("%d rows for %d inputs" % (len(body_rows), len(names)))


if __name__ == "__main__":
    mode, dom = sys.argv[1], parse(sys.argv[2])
    if mode == "safe":
        safe(dom)
    elif mode == "spans":
        spans(dom, sys.argv[3])
    elif mode == "index":
        index(dom, sys.argv[3:])
    else:
        fail("unknown mode " + mode)
