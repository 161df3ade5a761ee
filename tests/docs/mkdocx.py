"""mkdocx.py — writes small DOCX and ODT files for the document reader's tests
from a list of paragraphs, with fixed zip timestamps so the bytes are the same
on every run. No third-party module.

A paragraph is (kind, content): kind "title", "h1".."h6", "p", "li0".."li8"
(a numbered-list item at that level), "table" (content: rows of cell strings);
content is a list of runs: a string, ("b", text) for bold, ("a", url, text) for
a hyperlink."""
import io
import zipfile
from xml.sax.saxutils import escape, quoteattr

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STAMP = (2024, 1, 1, 0, 0, 0)


def _zip(parts):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return b.getvalue()


def docx(paras):
    rels, body = [], []

    def runs(content):
        out = []
        for r in content if isinstance(content, list) else [content]:
            if isinstance(r, str):
                out.append(f'<w:r><w:t xml:space="preserve">{escape(r)}</w:t></w:r>')
            elif r[0] == "b":
                out.append(f'<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">{escape(r[1])}</w:t></w:r>')
            elif r[0] == "a":
                rid = f"rId{len(rels) + 10}"
                rels.append(f'<Relationship Id="{rid}" Type="{R}/hyperlink" Target={quoteattr(r[1])} '
                            'TargetMode="External"/>')
                out.append(f'<w:hyperlink r:id="{rid}"><w:r><w:t>{escape(r[2])}</w:t></w:r></w:hyperlink>')
        return "".join(out)

    for kind, content in paras:
        if kind == "table":
            rows = "".join("<w:tr>" + "".join(f"<w:tc><w:p>{runs(c)}</w:p></w:tc>" for c in row) + "</w:tr>"
                           for row in content)
            body.append(f"<w:tbl><w:tblPr/>{rows}</w:tbl>")
            continue
        ppr = ""
        if kind == "title":
            ppr = '<w:pPr><w:pStyle w:val="Title"/></w:pPr>'
        elif kind.startswith("h"):
            ppr = f'<w:pPr><w:pStyle w:val="Heading{kind[1]}"/></w:pPr>'
        elif kind.startswith("li"):
            ppr = f'<w:pPr><w:numPr><w:ilvl w:val="{kind[2]}"/><w:numId w:val="1"/></w:numPr></w:pPr>'
        body.append(f"<w:p>{ppr}{runs(content)}</w:p>")
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W}" '
                f'xmlns:r="{R}"><w:body>{"".join(body)}<w:sectPr/></w:body></w:document>')
    styles = (f'<?xml version="1.0" encoding="UTF-8"?>\n<w:styles xmlns:w="{W}">'
              '<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
              '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>'
              + "".join(f'<w:style w:type="paragraph" w:styleId="Heading{i}"><w:name w:val="heading {i}"/>'
                        f'<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="{i - 1}"/></w:pPr></w:style>'
                        for i in range(1, 7))
              + "</w:styles>")
    rel = ('<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/'
           'package/2006/relationships">' + "".join(rels) + "</Relationships>")
    return _zip([("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                  'package/2006/content-types"/>'),
                 ("word/document.xml", document), ("word/styles.xml", styles),
                 ("word/_rels/document.xml.rels", rel)])


def odt(paras):
    T = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    TB = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    X = "http://www.w3.org/1999/xlink"
    O = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    S = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
    FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"

    def runs(content):
        out = []
        for r in content if isinstance(content, list) else [content]:
            if isinstance(r, str):
                out.append(escape(r))
            elif r[0] == "b":  # bold by an automatic style, as office suites write it
                out.append(f'<text:span text:style-name="T1">{escape(r[1])}</text:span>')
            elif r[0] == "a":
                out.append(f'<text:a xlink:href={quoteattr(r[1])}>{escape(r[2])}</text:a>')
        return "".join(out)

    body, open_level = [], -1
    for kind, content in paras:
        level = int(kind[2]) if kind.startswith("li") else -1
        while open_level > level:
            body.append("</text:list-item></text:list>")
            open_level -= 1
        if kind.startswith("li"):
            if open_level == level:
                body.append("</text:list-item><text:list-item>")
            while open_level < level:
                body.append("<text:list><text:list-item>")
                open_level += 1
            body.append(f"<text:p>{runs(content)}</text:p>")
        elif kind == "table":
            rows = "".join("<table:table-row>" + "".join(
                f"<table:table-cell><text:p>{runs(c)}</text:p></table:table-cell>" for c in row)
                + "</table:table-row>" for row in content)
            body.append(f'<table:table table:name="T">{rows}</table:table>')
        elif kind == "title" or kind.startswith("h"):
            lv = 1 if kind == "title" else int(kind[1])
            body.append(f'<text:h text:outline-level="{lv}">{runs(content)}</text:h>')
        else:
            body.append(f"<text:p>{runs(content)}</text:p>")
    while open_level >= 0:
        body.append("</text:list-item></text:list>")
        open_level -= 1
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="{O}" '
               f'xmlns:text="{T}" xmlns:table="{TB}" xmlns:xlink="{X}" xmlns:style="{S}" xmlns:fo="{FO}">'
               '<office:automatic-styles><style:style style:name="T1" style:family="text">'
               '<style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles>'
               '<office:body><office:text>'
               + "".join(body) + "</office:text></office:body></office:document-content>")
    return _zip([("mimetype", "application/vnd.oasis.opendocument.text"), ("content.xml", content)])


def docx_parts(body, styles="", numbering=None, rels=()):
    """A DOCX from raw WordprocessingML: body (the w:body's children), styles
    (w:style elements), numbering (the w:numbering's children, or None for no
    numbering part) and relationships as (id, target) pairs."""
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W}" '
                f'xmlns:r="{R}"><w:body>{body}<w:sectPr/></w:body></w:document>')
    parts = [("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
              'package/2006/content-types"/>'), ("word/document.xml", document),
             ("word/styles.xml", f'<?xml version="1.0" encoding="UTF-8"?>\n<w:styles xmlns:w="{W}">{styles}'
              '</w:styles>'),
             ("word/_rels/document.xml.rels",
              '<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/'
              'package/2006/relationships">' + "".join(
                  f'<Relationship Id="{i}" Type="{R}/hyperlink" Target={quoteattr(t)} TargetMode="External"/>'
                  for i, t in rels) + "</Relationships>")]
    if numbering is not None:
        parts.append(("word/numbering.xml", f'<?xml version="1.0" encoding="UTF-8"?>\n<w:numbering xmlns:w="{W}">'
                      f'{numbering}</w:numbering>'))
    return _zip(parts)
