#!/usr/bin/env python3
"""gen.py — writes the hostile inputs into DIR at run time (nothing hostile is
stored in the repository) and prints the case table the suite checks:
one line per case, tab-separated: name, file, exit, codes, json, budget.
  exit   expected exit code of `cvx convert` on that file alone (0 or 1)
  codes  diagnostic codes that must be reported for the file ('-' = none required)
  json   'yes' (a .json that parses must be written) or 'no' (none written)
  budget seconds the single-file run may take
usage: python3 tests/hostile/gen.py DIR GOOD_RESUME_TXT
"""
import os
import sys

out, good_path = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
with open(good_path, encoding="utf-8") as f:
    good = f.read()
# a plain resume in ASCII only, for the encoding cases
resume = ("Jane Example\njane@example.org | +1 555 0100\n\nEXPERIENCE\n\n"
          "Senior Engineer, Example Corp, 2019 - 2023\n- Built things\n\n"
          "EDUCATION\n\nPhD, Computer Science, Example University, 2018\n")
accented = resume.replace("Jane Example", "Zoë Hélène Müller")

cases = []


def case(name, fname, data, exit_code, codes, json_out, budget=20):
    path = os.path.join(out, fname)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    cases.append((name, fname, str(exit_code), codes, json_out, str(budget)))


# ---- encodings
case("utf16le-bom", "utf16le-bom.txt", b"\xff\xfe" + accented.encode("utf-16-le"), 0, "-", "yes")
case("utf16be-bom", "utf16be-bom.txt", b"\xfe\xff" + accented.encode("utf-16-be"), 0, "-", "yes")
case("utf16le-nobom", "utf16le-nobom.txt", accented.encode("utf-16-le"), 0, "source.utf16-no-bom", "yes")
case("utf16be-nobom", "utf16be-nobom.txt", accented.encode("utf-16-be"), 0, "source.utf16-no-bom", "yes")
case("utf16-lone-surrogates", "utf16-surrogates.txt",
     b"\xff\xfe" + resume.encode("utf-16-le") + b"\x00\xd8A\x00\x00\xdcB\x00\n\x00", 0, "source.invalid-utf16", "yes")
case("latin1", "latin1.txt", accented.encode("latin-1"), 0, "source.invalid-utf8", "yes")
case("windows-1252", "cp1252.txt",
     (accented + "Quote: \u201cbest\u201d \u2013 salary \u20ac100\n").encode("cp1252"), 0, "source.invalid-utf8", "yes")
inv = b"".join(bytes([0xff, 0xc3, 0x28, 0xe2, 0x82]) + line.encode() + b"\x80\xbf\xf8\n"
               for line in resume.splitlines())
case("invalid-utf8-everywhere", "invalid-utf8.md", inv * 20, 0, "source.invalid-utf8", "yes")
over = (b"Jane \xc0\xaf Example\n\xe0\x80\xaf slash\n\xf0\x80\x80\xaf\n"
        b"surrogate \xed\xa0\x80\xed\xb0\x80 pair\nbeyond \xf4\x90\x80\x80 max\n\xc1\xbf\xf5\xff\n") + resume.encode()
case("overlong-and-surrogates", "overlong.txt", over, 0, "source.invalid-utf8", "yes")
case("utf32", "utf32.txt", b"\xff\xfe\x00\x00" + resume.encode("utf-32-le"), 1, "source.unsupported-encoding", "no")
# ---- binary and empty
case("nul-bytes", "nul.txt", resume.encode() + b"\x00\x00tail\n", 1, "source.binary", "no")
case("elf-renamed", "elf.txt", b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8, 1, "source.binary", "no")
# a PDF or a zip is known by its first bytes, whatever its name: its reader says what is wrong
case("pdf-renamed", "pdf.txt", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", 1, "pdf.corrupt", "no")
case("zip-renamed", "zip.txt", b"PK\x03\x04\x14\x00\x06\x00" + b"\x00" * 64 + b"word/document.xml", 1, "docx.corrupt", "no")
case("control-chars", "controls.txt", b"\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f" * 100, 1, "source.binary", "no")
case("empty", "empty.txt", b"", 0, "source.empty", "yes")
case("whitespace-only", "blank.md", b"  \n\t\n\r\n   \n" * 100, 0, "source.empty", "yes")
# ---- size and nesting
case("oversize-default", "big-line.txt", b"x" * (20 << 20), 1, "source.too-large", "no")
case("nested-quotes-100k", "quotes.md", ">" * 100000 + " deep\n" + good, 0, "markdown.depth", "yes")
case("nested-quote-lines", "quote-lines.md", "".join(">" * i + " q\n" for i in range(1, 400)), 0, "markdown.depth", "yes")
case("deep-list-indent", "deep-list.md", "".join("  " * i + "- item %d\n" % i for i in range(1000)), 0, "markdown.depth", "yes")
case("deep-list-inline", "deep-list-inline.md", "- " * 50000 + "x\n", 0, "markdown.depth", "yes")
case("deep-ordered", "deep-ordered.md", "1. " * 30000 + "x\n", 0, "markdown.depth", "yes")
case("html-deep-divs", "deep-divs.html", "<div>" * 100000 + "deep\n", 0, "html.depth", "yes")
case("html-deep-lists", "deep-lists.html", "<ul><li>x" * 100 + "\n", 0, "html.depth", "yes")
case("html-unclosed-inline", "unclosed.html", "<h1>Jane Roe</h1>" + "<b><i><a href=x>" * 50000 + "\n", 0, "-", "yes")
case("html-huge-attribute", "huge-attr.html", "<p title=\"" + "a" * 1000000 + "\">Jane Roe</p>\n", 0, "-", "yes")
case("html-external-entities", "xxe.html", "<!DOCTYPE html [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
     "<html><body><h1>&x;</h1></body></html>\n", 0, "-", "yes")
case("many-lines", "many-lines.txt", "- Python, C, Go 2019-2020\n" * 200000, 0, "-", "yes", 30)
case("many-headings", "many-headings.md", "## Experience\n### Engineer at X, 2019\n" * 50000, 0, "limit.records", "yes", 30)
case("long-table", "long-table.md", "| a | b |\n|---|---|\n" + "| x | 2019 |\n" * 100000, 0, "-", "yes", 30)
# ---- PDF and DOCX documents (made here: tests/docs/mkpdf.py writes the PDFs)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs"))
import io  # noqa: E402
import zipfile  # noqa: E402
from mkpdf import build as pdf  # noqa: E402

cv_page = {"runs": [(72, 700, "B", 20, "Jane Example"), (72, 680, "R", 10, "jane@example.org"),
                    (72, 640, "B", 14, "Experience"), (72, 620, "R", 10, "Senior Engineer, Example Corp, 2019 - 2023")]}
case("pdf-encrypted", "encrypted.pdf", pdf([cv_page], encrypt=True), 1, "pdf.encrypted", "no")
case("pdf-image-only", "scan.pdf", pdf([{"images": [(40, 40, 570, 750)]}] * 3), 1, "pdf.no-text", "no")
case("pdf-truncated", "cut.pdf", pdf([cv_page])[:400], 1, "pdf.corrupt", "no")
case("pdf-garbage", "garbage.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 64, 1, "pdf.corrupt", "no")
case("pdf-many-pages", "pages.pdf", pdf([cv_page] * 150), 0, "pdf.pages", "yes", 30)
huge = {"runs": [(10 + (i % 40) * 14, 780 - (i // 40) * 2.5, "R", 2, "wxyz") for i in range(12000)]}
case("pdf-huge-page", "huge-page.pdf", pdf([huge] * 4), 0, "-", "yes", 30)


def docx(document, extra=None, method=zipfile.ZIP_DEFLATED):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", method) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        z.writestr("word/document.xml", document)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return b.getvalue()


W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
body = ('<w:p><w:r><w:t>Jane Example</w:t></w:r></w:p>'
        '<w:p><w:r><w:t>Senior Engineer, Example Corp, 2019 - 2023</w:t></w:r></w:p>')
# a zip bomb: 300 MB of one byte, a few hundred KB compressed
case("docx-zip-bomb", "bomb.docx", docx(f'<w:document {W}><w:body>{body}<w:p><w:r><w:t>' + "a" * (300 << 20)
                                         + '</w:t></w:r></w:p></w:body></w:document>'), 1, "docx.limit", "no")
case("docx-nested-xml", "nested.docx", docx(f'<w:document {W}><w:body>' + "<w:sdt><w:sdtContent>" * 100000
                                             + body), 1, "docx.depth", "no")
laughs = '<?xml version="1.0"?>\n<!DOCTYPE w:document [\n<!ENTITY lol "lol">\n'
for i in range(1, 10):
    laughs += '<!ENTITY lol%d "%s">\n' % (i, ("&lol%d;" % (i - 1) if i > 1 else "&lol;") * 10)
laughs += f']>\n<w:document {W}><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>{body}</w:body></w:document>'
case("docx-billion-laughs", "laughs.docx", docx(laughs), 1, "docx.doctype", "no")
case("docx-external-entity", "xxe.docx", docx('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM '
                                              '"file:///etc/passwd">]>' f'<w:document {W}><w:body><w:p><w:r>'
                                              '<w:t>&x;</w:t></w:r></w:p></w:body></w:document>'), 1, "docx.doctype", "no")
case("docx-not-xml", "broken.docx", docx("<w:document><w:body><w:p>"), 1, "docx.corrupt", "no")
plain_zip = io.BytesIO()
with zipfile.ZipFile(plain_zip, "w") as z:
    z.writestr("notes.txt", "not a document")
case("zip-not-document", "archive.docx", plain_zip.getvalue(), 1, "source.binary", "no")
case("docx-huge-text", "huge.docx", docx(f'<w:document {W}><w:body>{body}'
                                         + f'<w:p><w:r><w:t>{"Python, C, Go 2019 " * 20}</w:t></w:r></w:p>' * 20000
                                         + '</w:body></w:document>'), 0, "-", "yes", 30)
# ---- front matter
bomb = "---\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
for i in range(1, 10):
    p, c = chr(ord("a") + i - 1), chr(ord("a") + i)
    bomb += "%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n" % ((c, c) + (p,) * 9)
bomb += "name: Bomb\n---\n" + good
case("yaml-alias-bomb", "alias-bomb.md", bomb, 0, "frontmatter.alias", "yes")
case("yaml-flow-50k", "flow-deep.md", "---\nx: " + "[" * 50000 + "\n---\n" + good, 0, "frontmatter.limit", "yes")
case("yaml-map-50k", "flow-map.md", "---\nx: " + "{a: " * 50000 + "\n---\n" + good, 0, "frontmatter.limit", "yes")
case("yaml-block-deep", "block-deep.md", "---\n" + "".join(" " * i + "k:\n" for i in range(300)) + "---\nBody\n", 0, "frontmatter.limit", "yes")
# ---- YAML data CVs (.yml read whole): the same limits
databomb = bomb[len("---\n"):bomb.index("name: Bomb")] + "name: Bomb\nwork:\n  - company: X\n    role: Y\n"
case("yaml-data-alias-bomb", "data-bomb.yml", databomb, 0, "frontmatter.alias", "yes")
case("yaml-data-flow-50k", "data-deep.yml", "name: Deep\nx: " + "[" * 50000 + "\n", 0, "frontmatter.limit", "yes")
case("yaml-data-events", "data-events.yml", "items:\n" + "  - {a: 1, b: 2}\n" * 80000, 0, "frontmatter.limit", "yes", 30)
case("yaml-data-syntax", "data-syntax.yml", "name: Jane\nwork: [\n  - x\n", 0, "frontmatter.syntax", "yes")
case("fm-unterminated", "unterminated.md", "---\nname: Jane\ntitle: x\n\n# Jane\n\nbody\n", 0, "frontmatter.unterminated", "yes")
case("fm-python-tag", "python-tag.md",
     "---\nname: !!python/object/apply:os.system [\"touch /tmp/cvx-pwned\"]\n"
     "x: !!python/object:__main__.Evil {a: 1}\ntitle: Ok\n---\n" + good, 0, "-", "yes")
case("fm-huge-scalar", "fm-scalar.md", "---\nname: " + "A" * 300000 + "\n---\nbody\n", 0, "frontmatter.limit", "yes")
case("fm-many-keys", "fm-keys.md", "---\n" + "".join("k%d: v\n" % i for i in range(200000)) + "---\nbody\n", 0, "frontmatter.limit", "yes", 30)
case("fm-syntax", "fm-syntax.md", "---\ntitle: %About\n: : :\n\t- x\n---\n" + good, 0, "frontmatter.syntax", "yes")
# ---- hidden markup
case("comment-unterminated", "comment.md", "# Jane\n<!-- never closed\n" + "x " * 100000, 0, "hidden.unterminated-comment", "yes")
case("liquid-many", "liquid.md", "{% if a %}" * 100000 + "\n" + good, 0, "-", "yes")
# ---- regex traps
case("run-of-a", "run-a.txt", "a" * 1000000 + "\n", 0, "-", "yes")
case("run-of-spaces-tabs", "run-ws.txt", "x" + " \t" * 500000 + "y\n", 0, "-", "yes")
case("run-of-digits", "run-digits.txt", "1" * 1000000 + "\n", 0, "-", "yes")
case("run-of-dashes", "run-dash.md", "Experience\n" + "-" * 1000000 + "\n", 0, "-", "yes")
case("date-chain", "dates.txt", "Worked 2019" + "-2019" * 100000 + "\n", 0, "-", "yes")
case("date-chain-lines", "dates-lines.txt", ("2019-2019-2019-2019 " * 50 + "\n") * 2000, 0, "-", "yes")
case("month-chain", "months.txt", "Jan 2019 " * 100000 + "\n", 0, "-", "yes")
case("email-trap", "emails.txt", "a@" * 200000 + "\n" + "x" * 100000 + "@" + "a." * 100000 + "\n", 0, "-", "yes")
case("email-dots", "email-dots.txt", "mail: " + "a." * 300000 + "@b\n", 0, "-", "yes")
case("url-trap", "urls.md", "https://" + "a." * 200000 + "\n[x](http://" + "(" * 50000 + ")\n"
     + "<http://" + "a/" * 100000 + "\n", 0, "-", "yes")
case("phone-trap", "phones.txt", "+1 " + "(555) " * 200000 + "\n", 0, "-", "yes")
case("brackets", "brackets.md", "[" * 100000 + "](" * 50000 + "\n" + "*" * 100000 + "_" * 100000 + "\n", 0, "-", "yes")
case("backticks", "backticks.md", "`" * 100000 + "\n" + "<" * 100000 + "\n", 0, "-", "yes")
case("entity-trap", "entities.md", "&#" + "9" * 100000 + ";" + "&amp;" * 100000 + "\n", 0, "-", "yes")
case("crlf-cr-mix", "crlf.txt", resume.replace("\n", "\r\n") + "\r" * 100000 + good.replace("\n", "\r"), 0, "-", "yes")
# ---- file names
case("name-quotes", "quo\"te's.md", good, 0, "-", "yes")
case("name-comma", "comma,name.md", good, 0, "-", "yes")
case("name-newline", "new\nline.md", good, 0, "-", "yes")
case("name-leading-dash", "-dash.md", good, 0, "-", "yes")
case("name-formula", "=cmd,1.txt", good, 0, "-", "yes")
case("name-spaces-tab", "sp ace\ttab.txt", good, 0, "-", "yes")
case("name-non-utf8", b"caf\xe9.txt".decode("utf-8", "surrogateescape"), good, 0, "-", "yes")

for c in cases:
    print("\t".join(c[:1] + (c[1].replace("\n", "\\n").replace("\t", "\\t"),) + c[2:]))
