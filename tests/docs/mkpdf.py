"""mkpdf.py — writes small PDF files for the PDF reader's tests, from a page
description: text runs placed at points in the standard Helvetica fonts, link
annotations, and the hostile variants (an /Encrypt dictionary whose empty user
password does not open it, a file cut short, a page with no text). No third-party
module: the objects, streams and cross-reference table are written by hand, so
the bytes are the same on every run.

A description is a list of pages; a page is a dict with "runs" [(x, y, font,
size, text)] (font "R" regular, "B" bold; y from the bottom of a US Letter page)
and optional "links" [(x0, y0, x1, y1, url)]."""
import sys
import zlib

FONTS = {"R": "Helvetica", "B": "Helvetica-Bold"}


def pdf_string(s):
    b = s.encode("cp1252")
    out = bytearray(b"(")
    for c in b:
        if c in b"()\\":
            out += b"\\" + bytes([c])
        elif c < 32 or c > 126:
            out += b"\\%03o" % c
        else:
            out.append(c)
    return bytes(out + b")")


def content(page):
    ops = []
    for x, y, font, size, text in page.get("runs", []):
        ops.append(b"BT /F%s %g Tf %g %g Td %s Tj ET" % (font.encode(), size, x, y, pdf_string(text)))
    for x0, y0, x1, y1 in page.get("images", []):  # a filled box standing in for a scanned page
        ops.append(b"0.5 g %g %g %g %g re f" % (x0, y0, x1 - x0, y1 - y0))
    return b"\n".join(ops) + b"\n"


def build(pages, encrypt=False, compress=True):
    objs = []  # bodies, object i+1

    def add(body):
        objs.append(body)
        return len(objs)

    catalog = add(None)
    pages_id = add(None)
    fonts = {k: add(b"<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>" % v.encode())
             for k, v in FONTS.items()}
    font_res = b" ".join(b"/F%s %d 0 R" % (k.encode(), i) for k, i in fonts.items())
    kids = []
    for page in pages:
        data = content(page)
        if compress:
            data = zlib.compress(data, 9)
            stream = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
        else:
            stream = add(b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")
        annots = []
        for x0, y0, x1, y1, url in page.get("links", []):
            annots.append(add(b"<< /Type /Annot /Subtype /Link /Rect [%g %g %g %g] /Border [0 0 0] "
                              b"/A << /S /URI /URI %s >> >>" % (x0, y0, x1, y1, pdf_string(url))))
        ann = b" /Annots [%s]" % b" ".join(b"%d 0 R" % a for a in annots) if annots else b""
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                        b"/Resources << /Font << %s >> >>%s >>" % (pages_id, stream, font_res, ann)))
    objs[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id
    objs[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    enc = None
    if encrypt:  # a standard security handler whose /U no empty password matches
        enc = add(b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <%s> /U <%s> >>" % (
            b"11" * 32, b"22" * 32))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    trailer = b"<< /Size %d /Root %d 0 R" % (len(objs) + 1, catalog)
    if enc:
        trailer += b" /Encrypt %d 0 R /ID [<%s> <%s>]" % (enc, b"ab" * 16, b"ab" * 16)
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


if __name__ == "__main__":
    import json
    desc = json.load(open(sys.argv[1], encoding="utf-8"))
    sys.stdout.buffer.write(build(desc["pages"], encrypt=desc.get("encrypt", False)))
