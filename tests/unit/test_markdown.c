/* test_markdown.c — the Markdown block stream: Markdown (and the HTML and
 * Liquid CVs put in it) in, block kinds, levels, texts, links and spans out;
 * plus the extractor's score and hostile nesting and line lengths. */
#include "markdown.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* A source over text (copied into the arena) with its line map. */
static cvx_source *make_source(cvx_arena *a, const char *path, const char *text, size_t len) {
  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = path;
  src->text = cvx_arena_strndup(a, text, len);
  src->len = len;
  size_t count = 1;
  for (size_t i = 0; i + 1 < len; i++)
    if (text[i] == '\n') count++;
  uint32_t *lines = cvx_arena_alloc(a, count * sizeof *lines);
  size_t k = 1;
  for (size_t i = 0; i + 1 < len; i++)
    if (text[i] == '\n') lines[k++] = (uint32_t)(i + 1);
  src->lines = lines;
  src->nlines = k;
  return src;
}

typedef struct fixture {
  cvx_arena *a;
  cvx_diags dx;
  cvx_doc *doc;
  cvx_blocks bl;
} fixture;

/* Parses text as a document whose body starts at body_start, with hidden
 * markup blanked first (as the pipeline does). */
static void run(fixture *f, const char *text, size_t len, uint32_t body_start) {
  f->a = cvx_arena_new(1 << 16);
  cvx_diags_init(&f->dx, f->a);
  f->doc = cvx_doc_new(f->a, make_source(f->a, "cv.md", text, len), &f->dx);
  if (body_start) cvx_doc_hide(f->doc, cvx_span_make(0, body_start));
  f->doc->body_start = body_start;
  cvx_hide_markup(f->doc, body_start);
  memset(&f->bl, 0, sizeof f->bl);
  cvx_status st = cvx_markdown_blocks(f->doc, &f->bl);
  CHECK(st == CVX_OK, "status %s", cvx_status_str(st));
}

static void done(fixture *f) { cvx_arena_free(f->a); }

static void put_escaped(cvx_buf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\n')
      cvx_buf_puts(b, "\\n");
    else if (s[i] == '\t')
      cvx_buf_puts(b, "\\t");
    else
      cvx_buf_putc(b, s[i]);
  }
}

/* One line per block: kind letter (H P I R -), level, [marker], text (\n and
 * \t escaped), {s=N} for strong_len, <text|url> per link. */
static char *dump(const cvx_blocks *bl) {
  cvx_buf b = CVX_BUF_INIT;
  for (const cvx_block *k = bl->head; k; k = k->next) {
    static const char kinds[] = "HPIR-";
    cvx_buf_printf(&b, "%c%d", kinds[k->kind], k->level);
    char mb[CVX_MARKER_MAX];
    if (cvx_block_has_marker(k)) cvx_buf_printf(&b, "[%s]", cvx_block_marker(k, mb));
    cvx_buf_putc(&b, ' ');
    put_escaped(&b, k->text, k->len);
    if (cvx_block_strong(k)) cvx_buf_printf(&b, " {s=%zu}", (size_t)cvx_block_strong(k));
    for (size_t i = 0; i < cvx_block_nlinks(k); i++) {
      cvx_buf_puts(&b, " <");
      put_escaped(&b, cvx_block_links(k)[i].text, strlen(cvx_block_links(k)[i].text));
      cvx_buf_printf(&b, "|%s>", cvx_block_links(k)[i].url);
    }
    cvx_buf_putc(&b, '\n');
  }
  return cvx_buf_detach(&b);
}

/* Every span in bounds, the text length right, link spans inside the block
 * (one check per document, so that huge streams do not inflate the count). */
static void check_invariants(const fixture *f, const char *name) {
  size_t n = 0;
  const char *bad = NULL;
  for (const cvx_block *k = f->bl.head; k && !bad; k = k->next, n++) {
    if (!cvx_span_valid(k->span) || k->span.end > f->doc->src->len)
      bad = "block span";
    else if (strlen(k->text) != k->len)
      bad = "text length";
    for (size_t i = 0; i < cvx_block_nlinks(k) && !bad; i++) {
      cvx_span s = cvx_block_links(k)[i].span;
      if (!cvx_span_valid(s) || s.start < k->span.start || s.end > k->span.end)
        bad = "link span outside its block";
    }
  }
  CHECK(!bad, "%s: block %zu: %s", name, n ? n - 1 : 0, bad ? bad : "");
  CHECK(bad || n == f->bl.n, "%s: count %zu vs %zu", name, n, f->bl.n);
}

typedef struct mcase {
  const char *name;
  const char *in;
  const char *want; /* dump() of the blocks */
} mcase;

static const mcase cases[] = {
    /* HTML regions: Markdown inside HTML blocks is read through the HTML builder */
    {"markdown heading inside a centered div",
     "<div align=\"center\">\n\n# Jane Roe\n\nData engineer\n\n</div>\n\n## Work\n",
     "H1 Jane Roe\nP0 Data engineer\nH2 Work\n"},
    {"two columns of markdown in a layout table, then a heading",
     "<table>\n<tr>\n<td>\n\n**Alpha**<br/>\nFirst tool.\n\n</td>\n<td>\n\n**Beta**<br/>\nSecond "
     "tool.\n\n</td>\n</tr>\n</table>\n\n### Career\n",
     "P0 Alpha\\nFirst tool. {s=5}\nP0 Beta\\nSecond tool. {s=4}\nH3 Career\n"},
    {"a heading in a table cell is a line of its row",
     "<table>\n<tr>\n<td><h3>*</h3></td>\n<td>\n\n**Acme** \xC2\xB7 engineer \xC2\xB7 `2020.01 ~ "
     "2021.02`<br/>\nBuilt things.\n\n</td>\n</tr>\n</table>\n\n### Career\n",
     "R0 *\\tAcme \xC2\xB7 engineer \xC2\xB7 2020.01 ~ 2021.02\\nBuilt things.\nH3 Career\n"},
    {"a table's title row keeps its heading",
     "<table>\n  <thead>\n    <tr>\n      <td colspan=2>\n        <h6>Tools</h6>\n      </td>\n    "
     "</tr>\n  </thead>\n\n  <tbody>\n    <tr>\n      <td>JS</td>\n      <td>node</td>\n    </tr>\n  "
     "</tbody>\n</table>\n",
     "H6 Tools\nR0 JS\\tnode\n"},
    {"a list inside details keeps a line per item",
     "<details>\n<summary>More</summary>\n\n- one\n- two\n\n</details>\n",
     "P0 More\nI0[-] one\nI0[-] two\n"},
    {"chips of one class are separate words",
     "<p><span class=\"pill\">R</span><span class=\"pill\">Go</span> <span class=\"pill\">C</span>"
     "<span>x</span></p>\n",
     "P0 R, Go, Cx\n"},
    /* badges show their alt text as a word; other images show none */
    {"badges on their own lines under a bold title",
     "**Language**\n\n![Go](https://img.shields.io/badge/Go-00ADD8)\n![Rust](https://img.shields.io/badge/"
     "Rust-000)\n",
     "P0 Language {s=8}\nP0 Go\\nRust <|https://img.shields.io/badge/Go-00ADD8> "
     "<|https://img.shields.io/badge/Rust-000>\n"},
    {"badges on one line are a list, a picture is not text",
     "![Go](https://img.shields.io/badge/Go-1) ![C](https://badgen.net/badge/C/x) and "
     "![Stats](https://stats.example/card.svg)\n",
     "P0 Go, C and <|https://img.shields.io/badge/Go-1> <|https://badgen.net/badge/C/x> "
     "<|https://stats.example/card.svg>\n"},
    {"badges as html images in a div",
     "<div>\n<img alt=\"Kotlin\" src=\"https://img.shields.io/badge/Kotlin-7F52FF\"/>\n"
     "<img alt=\"Banner\" src=\"https://pics.example/banner.png\"/>\n</div>\n",
     "P0 Kotlin <|https://img.shields.io/badge/Kotlin-7F52FF> <|https://pics.example/banner.png>\n"},
    {"setext headings",
     "Education\n======\n* PhD in Physics, Hill University, 2016\n\nWork\n----\nText\n",
     "H1 Education\nI0[*] PhD in Physics, Hill University, 2016\nH2 Work\nP0 Text\n"},
    {"ATX with closing hashes", "## Work Experience ##\nBuilt things.\n",
     "H2 Work Experience\nP0 Built things.\n"},
    {"emoji and ZWJ in headings",
     "## \xF0\x9F\x8E\x93 Education\n### \xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB Work\n",
     "H2 \xF0\x9F\x8E\x93 Education\nH3 \xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB Work\n"},
    {"three levels and a lazy line",
     "* Level one\n  * Level two\n    * Level three\ncontinued lazily\n* Next one\n",
     "I0[*] Level one\nI1[*] Level two\nI2[*] Level three\\ncontinued lazily\nI0[*] Next one\n"},
    {"lazy continuation of a bullet at column 0",
     "* May 2019: Research Intern\n  * Lakeview Institute, Norway\n  * Modelling of lake mixing; "
     "evaluation\nof written exams\n",
     "I0[*] May 2019: Research Intern\nI1[*] Lakeview Institute, Norway\n"
     "I1[*] Modelling of lake mixing; evaluation\\nof written exams\n"},
    {"degree with a linked school",
     "* Ph.D in Physics, [Northwind University](http://nw.example.edu), 2018 (expected)\n",
     "I0[*] Ph.D in Physics, Northwind University, 2018 (expected) <Northwind "
     "University|http://nw.example.edu>\n"},
    {"bold label with dots",
     "**Programming**: Fortran\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 "
     "Julia\xE2\x80\xA2\xE2\x80\xA2\n\n**OS**: Linux\n",
     "P0 Programming: Fortran\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 Julia\xE2\x80\xA2\xE2\x80\xA2 "
     "{s=11}\nP0 OS: Linux {s=2}\n"},
    {"bold with the colon inside", "* **Languages:** Welsh, Basque\n",
     "I0[*] Languages: Welsh, Basque {s=10}\n"},
    {"bold that is not first", "Skills: **C**\n", "P0 Skills: C\n"},
    {"backslash hard breaks", "Jane Roe\\\nData Scientist\\\nPort Town\n",
     "P0 Jane Roe\\nData Scientist\\nPort Town\n"},
    {"two-space hard breaks and soft breaks", "**Line one**  \n*line two*\nline three\n",
     "P0 Line one\\nline two\\nline three {s=8}\n"},
    {"comment spanning two sections",
     "## Skills\n* Cooking\n<!--\n## Talks\n* Old talk\n-->\n## Awards\n* Prize, 2020\n",
     "H2 Skills\nI0[*] Cooking\nH2 Awards\nI0[*] Prize, 2020\n"},
    {"liquid loop around an html list",
     "## Publications\n  <ul>{% for post in site.publications %}\n    {% include "
     "archive-single-cv.html %}\n"
     "  {% endfor %}</ul>\n\n## Teaching\n* Tutor\n",
     "H2 Publications\nH2 Teaching\nI0[*] Tutor\n"},
    {"liquid tags between sections", "{% include base_path %}\n\nIntro {{ site.name }} text.\n",
     "P0 Intro text.\n"},
    {"html list on one line",
     "<ul> <li> <strong>Fall 2021:</strong> <strong>Tutor</strong><br> <strong>Eastfield "
     "College</strong> </li> </ul>\n",
     "I0[-] Fall 2021: Tutor\\nEastfield College {s=10}\n"},
    {"html list nested",
     "<ul>\n<li>Alpha</li>\n<li>Beta\n<ul><li>Beta one</li></ul>\nafter</li>\n</ul>\n",
     "I0[-] Alpha\nI0[-] Beta\nI1[-] Beta one\nP1 after\n"},
    {"pipe table with br",
     "| Year | Award |\n|------|:-----:|\n| 2019 | Best Poster<br>Regional Meeting |\n| 2020 | "
     "[Travel Grant](https://g.example.org) |\n",
     "R0 Year\\tAward\nR0 2019\\tBest Poster\\nRegional Meeting\nR0 2020\\tTravel Grant <Travel "
     "Grant|https://g.example.org>\n"},
    {"pipe table without outer pipes",
     "Type | Info\n--- | ---\nPhone | *+1 555 0100*\nChat | [@jroe](https://t.example/jroe)\n",
     "R0 Type\\tInfo\nR0 Phone\\t+1 555 0100\nR0 Chat\\t@jroe <@jroe|https://t.example/jroe>\n"},
    {"kramdown borders",
     "|---+---|\n| 2017 | Intern, Acme |\n|---+---|\n| 2018 | Analyst, Beta Ltd |\n",
     "R0 2017\\tIntern, Acme\nR0 2018\\tAnalyst, Beta Ltd\n"},
    {"text then a table in one paragraph", "Scores below.\n| a | b |\n|---|---|\n| 1 | 2 |\n",
     "P0 Scores below.\nR0 a\\tb\nR0 1\\t2\n"},
    {"pipes without a delimiter row stay text", "C | Go | Rust\n", "P0 C | Go | Rust\n"},
    {"div entry", "<div class=\"entry\"><i>Research Assistant</i><br>Lakeside Institute</div>\n",
     "P0 Research Assistant\\nLakeside Institute\n"},
    {"div with spans on lines and nbsp without semicolon",
     "<div class=\"entry\">\n    <span class=\"fat\">M.Sc. in Statistics,&nbsp&nbsp </span>\n"
     "    <span>Hill University</span>\n    <span>2020 &ndash; 2022</span>\n</div>\n",
     "P0 M.Sc. in Statistics, Hill University 2020 \xE2\x80\x93 2022\n"},
    {"nbsp without semicolon in markdown text", "Lyon,&nbsp&nbspFrance\n", "P0 Lyon, France\n"},
    {"entities", "<p>R&amp;D &lt;core&gt; &quot;x&quot; &#39;y&#39; &#233;t&#xE9; &copy 2020</p>\n",
     "P0 R&D <core> \"x\" 'y' \xC3\xA9t\xC3\xA9 \xC2\xA9 2020\n"},
    {"html headings rows and links",
     "<h2>Talks</h2>\n<table><tr><td>2021</td><td><a "
     "href=\"https://t.example/k?a=1&amp;b=2\">Keynote</a>, Oslo</td></tr>\n"
     "<tr><th>2020</th><td></td></tr></table>\n",
     "H2 Talks\nR0 2021\\tKeynote, Oslo <Keynote|https://t.example/k?a=1&b=2>\nR0 2020\\t\n"},
    {"html paragraphs inside a table cell",
     "<table>\n<tr>\n<td>2019</td>\n<td>\n<p><b>PhD in Linguistics</b></p>\n<p>Hill "
     "University</p>\n</td>\n</tr>\n</table>\n",
     "R0 2019\\tPhD in Linguistics\\nHill University\n"},
    {"tab-indented sub-bullets",
     "* 2018-2019: *Analyst*, Rivertown Clinic\t\n\t* Center for Outcomes\n* 2017: *Intern*, Apex "
     "Labs\n",
     "I0[*] 2018-2019: Analyst, Rivertown Clinic\nI1[*] Center for Outcomes\nI0[*] 2017: Intern, "
     "Apex Labs\n"},
    {"tab columns with br",
     "3/2021-6/2021\tTutor, Hill University<br>\n1/2021-3/2021\tGrader<br>\n",
     "P0 3/2021-6/2021 Tutor, Hill University\\n1/2021-3/2021 Grader\n"},
    {"ordered markers", "1. First\n2. Second\n\n3) Third\n",
     "I0[1.] First\nI0[2.] Second\nI0[3)] Third\n"},
    {"other bullets", "- dash\n\n+ plus\n", "I0[-] dash\nI0[+] plus\n"},
    {"item with a second paragraph and a nested list",
     "- Role, Org\n\n  Details of the role.\n\n  - sub point\n- Next\n",
     "I0[-] Role, Org\nP1 Details of the role.\nI1[-] sub point\nI0[-] Next\n"},
    {"empty and list-only items", "-\n- - inner\n", "I0[-] \nI0[-] \nI1[-] inner\n"},
    {"task list boxes", "- [x] Basics of HTML\n- [ ] Rust\n", "I0[-] Basics of HTML\nI0[-] Rust\n"},
    {"headings inside items", "* ##### Ad platform\n    * ###### Spring + Redis\n",
     "I0[*] Ad platform\nI1[*] Spring + Redis\n"},
    {"heading after an item's first paragraph", "* Project\n\n  ### Notes\n",
     "I0[*] Project\nP1 Notes\n"},
    {"block quotes read as unquoted", "> As a junior developer,\n> I learn.\n>\n> > nested\n",
     "P0 As a junior developer,\\nI learn.\nP0 nested\n"},
    {"thematic breaks", "A\n\n---\n\n***\nB\n", "P0 A\n-0 \n-0 \nP0 B\n"},
    {"indented code", "Text\n\n    code  line\n    second\n", "P0 Text\nP0 code line\\nsecond\n"},
    {"fenced code split at blank lines", "```text\nJane Roe\nEngineer\n\n2019-    Acme\n```\n",
     "P0 Jane Roe\\nEngineer\nP0 2019- Acme\n"},
    {"code spans", "Use `make -j8` here\n", "P0 Use make -j8 here\n"},
    {"autolinks", "Mail <jroe@example.org> or <https://roe.example.org>\n",
     "P0 Mail jroe@example.org or https://roe.example.org "
     "<jroe@example.org|mailto:jroe@example.org> "
     "<https://roe.example.org|https://roe.example.org>\n"},
    {"image is a link without text", "![Jane Roe](images/jane.jpg)\n", "P0  <|images/jane.jpg>\n"},
    {"image inside a link", "[![badge](b.svg)](https://ci.example)\n",
     "P0  <|https://ci.example> <|b.svg>\n"},
    {"inline html link and br",
     "Contact: <a href=\"mailto:jroe@example.org\">jroe@example.org</a><br/>Berlin\n",
     "P0 Contact: jroe@example.org\\nBerlin <jroe@example.org|mailto:jroe@example.org>\n"},
    {"inline html strong first", "<b>Role</b>, Org\n", "P0 Role, Org {s=4}\n"},
    {"reference links", "See [my site][home].\n\n[home]: https://roe.example.org\n",
     "P0 See my site. <my site|https://roe.example.org>\n"},
    {"emphasis markers dropped", "*Italic* and __bold__ and ***both***\n",
     "P0 Italic and bold and both\n"},
    {"runs of blanks collapse", "  a   \t b  \n", "P0 a b\n"},
    {"style block is gone", "<style>\n.x { color: red; }\n</style>\n\n## Skills\n", "H2 Skills\n"},
    {"one-space indented heading", " ### Experience\n", "H3 Experience\n"},
    {"empty document", "", ""},
    /* long runs, copied eight bytes at a time where nothing changes */
    {"long run with single spaces", "Senior software engineer at Example Corp since 2019\n",
     "P0 Senior software engineer at Example Corp since 2019\n"},
    {"double space inside a long run", "abcdefgh  ijklmnop qrstuvwx\n", "P0 abcdefgh ijklmnop qrstuvwx\n"},
    {"space before a break inside a long run", "abcdefg \nhijklmno pqrstuvw\n",
     "P0 abcdefg\\nhijklmno pqrstuvw\n"},
    {"no-break space and entity in a long run", "abcdefgh\xc2\xa0ijklmnop&amp;qrstuvwx&nbsp;yz\n",
     "P0 abcdefgh ijklmnop&qrstuvwx yz\n"},
    {"control byte in a long run", "abcdefghij\x01klmnopqrstu\x7fvwxyz\n", "P0 abcdefghij klmnopqrstu vwxyz\n"},
    /* a run stopped inside a sixteen-byte window, at its last byte and beyond */
    {"double space at a window's end", "abcdefghijklmno  pqrstuvwxyz0123456789\n",
     "P0 abcdefghijklmno pqrstuvwxyz0123456789\n"},
    {"space then no-break space in a window", "abcdefghijklmn \xc2\xa0opqrstuvwxyzABCDEFG\n",
     "P0 abcdefghijklmn opqrstuvwxyzABCDEFG\n"},
    {"tab after sixteen plain bytes", "abcdefghijklmnopq\trstuvwxyzABCDEFGHIJ\n", "P0 abcdefghijklmnopq rstuvwxyzABCDEFGHIJ\n"},
    {"space last in a window, then a control", "abcdefghijklmno p\x01qrstuvwxyzABCDEFGHIJ\n",
     "P0 abcdefghijklmno p qrstuvwxyzABCDEFGHIJ\n"},
    {"spaces every other byte", "a b c d e f g h i j k l m n o p q r s t u v w x y z\n",
     "P0 a b c d e f g h i j k l m n o p q r s t u v w x y z\n"},
};

static void run_cases(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const mcase *c = &cases[i];
    fixture f;
    run(&f, c->in, strlen(c->in), 0);
    char *got = dump(&f.bl);
    CHECK_STR(got, c->want, c->name);
    free(got);
    check_invariants(&f, c->name);
    done(&f);
  }
}

/* Span of the text `what` in src, for comparisons. */
static cvx_span span_of(const fixture *f, const char *what) {
  /* the source may be sealed (NULs after in-source block texts): searched
   * over its length, not as a C string */
  const char *t = f->doc->src->text, *p = NULL;
  size_t n = f->doc->src->len, wn = strlen(what);
  for (size_t i = 0; !p && wn <= n && i <= n - wn; i++)
    if (memcmp(t + i, what, wn) == 0) p = t + i;
  if (!p) return CVX_NOSPAN;
  size_t s = (size_t)(p - f->doc->src->text);
  return cvx_span_make(s, s + strlen(what));
}

static void check_span(const fixture *f, cvx_span got, const char *want, const char *ctx) {
  cvx_span w = span_of(f, want);
  CHECK(got.start == w.start && got.end == w.end, "%s: span %u-%u, want %u-%u (\"%s\")", ctx,
        got.start, got.end, w.start, w.end, want);
}

/* Spans are exact source bytes, multibyte text and front matter included. */
static void run_spans(void) {
  const char *in = "---\ntitle: CV\nlayout: archive\n---\n\n"
                   "## Ausbildung \xF0\x9F\x8E\x93\n"
                   "* Universit\xC3\xA4t Z\xC3\xBCrich \xE2\x80\x94 M\xC3\xBCller, 2019\n"
                   "  * Betreuerin: [Dr. \xC3\x89lodie Fran\xC3\xA7ois](https://u.example/ef)\n"
                   "    * [Ort](https://o.example)\n"
                   "> Zitat \xC3\xA4\n"
                   "  <!-- hidden -->  {{ x }} Hinweis\n";
  const char *fm_end = strstr(in, "---\n\n") + 4;
  fixture f;
  run(&f, in, strlen(in), (uint32_t)(fm_end - in));
  char *got = dump(&f.bl);
  CHECK_STR(got,
            "H2 Ausbildung \xF0\x9F\x8E\x93\n"
            "I0[*] Universit\xC3\xA4t Z\xC3\xBCrich \xE2\x80\x94 M\xC3\xBCller, 2019\n"
            "I1[*] Betreuerin: Dr. \xC3\x89lodie Fran\xC3\xA7ois <Dr. \xC3\x89lodie "
            "Fran\xC3\xA7ois|https://u.example/ef>\n"
            "I2[*] Ort <Ort|https://o.example>\n"
            "P0 Zitat \xC3\xA4\\nHinweis\n",
            "spans: blocks");
  free(got);
  check_invariants(&f, "spans");
  const cvx_block *b = f.bl.head;
  if (b) check_span(&f, b->span, "## Ausbildung \xF0\x9F\x8E\x93", "heading");
  if (b && (b = b->next))
    check_span(&f, b->span, "* Universit\xC3\xA4t Z\xC3\xBCrich \xE2\x80\x94 M\xC3\xBCller, 2019",
               "item");
  if (b && (b = b->next)) {
    check_span(&f, b->span,
               "* Betreuerin: [Dr. \xC3\x89lodie Fran\xC3\xA7ois](https://u.example/ef)",
               "nested item");
    if (cvx_block_nlinks(b))
      check_span(&f, cvx_block_links(b)[0].span, "[Dr. \xC3\x89lodie Fran\xC3\xA7ois](https://u.example/ef)",
                 "link");
  }
  if (b && (b = b->next) && cvx_block_nlinks(b))
    check_span(&f, cvx_block_links(b)[0].span, "[Ort](https://o.example)", "deep link");
  if (b && (b = b->next)) {
    const char *p = strstr(in, "Zitat");
    const char *q = strstr(in, "Hinweis") + 7;
    CHECK(b->span.start == (uint32_t)(p - in) && b->span.end == (uint32_t)(q - in),
          "quote span %u-%u", b->span.start, b->span.end);
  }
  done(&f);

  /* a document that is only front matter */
  const char *only = "---\ntitle: CV\n---\n";
  run(&f, only, strlen(only), (uint32_t)strlen(only));
  CHECK(f.bl.n == 0 && f.dx.n == 0, "front matter only: %zu blocks", f.bl.n);
  done(&f);
  const char *nonl = "---\ntitle: CV\n---";
  run(&f, nonl, strlen(nonl), (uint32_t)strlen(nonl));
  CHECK(f.bl.n == 0, "front matter without newline: %zu blocks", f.bl.n);
  done(&f);

  /* body_start in the middle of a line still maps columns */
  const char *mid = "xx## Head\n* item\n";
  run(&f, mid, strlen(mid), 2);
  got = dump(&f.bl);
  CHECK_STR(got, "H2 Head\nI0[*] item\n", "mid-line body start");
  free(got);
  if (f.bl.head) check_span(&f, f.bl.head->span, "## Head", "mid-line heading");
  if (f.bl.head && f.bl.head->next)
    check_span(&f, f.bl.head->next->span, "* item", "mid-line item");
  done(&f);

  /* a line whose indentation was Liquid: parsed as Jekyll would see it, mapped back */
  const char *lq = "{% if a %}  * Shown item [x](https://x.example)\n";
  run(&f, lq, strlen(lq), 0);
  got = dump(&f.bl);
  CHECK_STR(got, "I0[*] Shown item x <x|https://x.example>\n", "liquid indentation");
  free(got);
  if (f.bl.head) {
    check_span(&f, f.bl.head->span, "* Shown item [x](https://x.example)", "liquid-indented item");
    if (cvx_block_nlinks(f.bl.head))
      check_span(&f, cvx_block_links(f.bl.head)[0].span, "[x](https://x.example)", "its link");
  }
  done(&f);

  /* table rows: spans are the rows' lines, links land in their row */
  const char *tb = "| A | [B](https://b.example) |\n|---|---|\n| [C](https://c.example) | D |\n";
  run(&f, tb, strlen(tb), 0);
  if (f.bl.n == 2) {
    check_span(&f, f.bl.head->span, "| A | [B](https://b.example) |", "row 1");
    check_span(&f, f.bl.tail->span, "| [C](https://c.example) | D |", "row 2");
    CHECK(cvx_block_nlinks(f.bl.head) == 1 && cvx_block_nlinks(f.bl.tail) == 1, "one link per row");
    if (cvx_block_nlinks(f.bl.tail))
      check_span(&f, cvx_block_links(f.bl.tail)[0].span, "[C](https://c.example)", "row link");
  } else {
    CHECK(0, "table: %zu blocks", f.bl.n);
  }
  done(&f);

  /* an HTML list item's span is its line (the HTML builder's spans are
   * lines), a link's the <a> tag that holds its target */
  const char *hl = "<ul>\n  <li><a href=\"https://h.example\">Home</a> page</li>\n</ul>\n";
  run(&f, hl, strlen(hl), 0);
  if (f.bl.n == 1) {
    check_span(&f, f.bl.head->span, "<li><a href=\"https://h.example\">Home</a> page</li>", "html item");
    if (cvx_block_nlinks(f.bl.head))
      check_span(&f, cvx_block_links(f.bl.head)[0].span, "<a href=\"https://h.example\">", "html link");
  } else {
    CHECK(0, "html item: %zu blocks", f.bl.n);
  }
  done(&f);
}

static char *repeat(const char *unit, size_t n, const char *tail, size_t *len) {
  size_t u = strlen(unit), t = strlen(tail);
  char *s = malloc(u * n + t + 1);
  for (size_t i = 0; i < n; i++) memcpy(s + i * u, unit, u);
  memcpy(s + u * n, tail, t + 1);
  *len = u * n + t;
  return s;
}

static size_t count_code(const cvx_diags *dx, const char *code) {
  size_t n = 0;
  for (size_t i = 0; i < dx->n; i++)
    if (strcmp(dx->items[i].code, code) == 0) n++;
  return n;
}

/* Deep nesting and huge lines finish quickly and flatten with one warning. */
static void run_pathological(void) {
  struct {
    const char *name, *unit, *tail;
    size_t n;
    bool depth;
  } ps[] = {
      {"100000-deep quote", ">", " deep text\n", 100000, true},
      {"10000-deep list", "- ", "x\n", 10000, true},
      {"10000-deep ordered list", "1. ", "x\n", 10000, true},
      {"20 MB line", "word ", "\n", 4000000, false},
      {"many links on one line", "[a](https://l.example) ", "\n", 200000, false},
      {"many reference links never found", "[a][r] ", "\n\n[r]: https://zz.example\n", 200000,
       false},
      {"many unclosed html tags", "<a href=\"x ", "\n", 200000, false},
      {"long html block", "<div>a<br>&amp;<li>b</li></div>", "\n", 200000, false},
      {"huge table with links", "| [a](https://a.example) | b |\n|---|---|\n", "", 100000, false},
      {"many liquid-indented lines", "{{x}}    * y\n", "", 200000, false},
      {"deep html lists", "<ul><li>", "x\n", 100000, false},
      {"bold tags in one html block", "<div><b>x</b> ", "\n", 300000, false},
      {"stray closing anchors among links", "[x](https://y.example) </a> ", "\n", 100000, false},
  };
  for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
    size_t len;
    char *s = repeat(ps[i].unit, ps[i].n, ps[i].tail, &len);
    fixture f;
    clock_t t0 = clock();
    run(&f, s, len, 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 10.0, "%s took %.2fs", ps[i].name, secs);
    size_t warnings = count_code(&f.dx, "markdown.depth");
    CHECK(warnings == (ps[i].depth ? 1u : 0u), "%s: %zu depth warnings", ps[i].name, warnings);
    int maxlevel = 0;
    for (const cvx_block *b = f.bl.head; b; b = b->next)
      if (b->level > maxlevel) maxlevel = b->level;
    CHECK(maxlevel <= 32, "%s: level %d", ps[i].name, maxlevel);
    if (i == 0) {
      CHECK(f.bl.n == 1 && f.bl.head && strcmp(f.bl.head->text, "deep text") == 0,
            "deep quote text");
    }
    if (i == 1) CHECK(f.bl.tail && strcmp(f.bl.tail->text, "x") == 0, "deep list text");
    check_invariants(&f, ps[i].name);
    done(&f);
    free(s);
  }
}

static void run_accepts(void) {
  struct {
    const char *path, *text;
    int lo, hi;
  } as[] = {
      {"cv.md", "plain words\n", 60, 60},
      {"cv.MARKDOWN", "## A\n* b\n", 76, 76},
      {"cv.mkd", "---\nt: x\n---\n## A\nB\n===\n* [l](u) **b**\n", 100, 100},
      {"resume.txt", "Jane Roe\nEngineer\n", 0, 0},
      {"resume.txt", "JOB\n**Acme** 2019\n", 10, 10},
      /* headings, underlines and bullets are plain-text habits too: one kind */
      {"resume.txt", "# Jane Roe\n## Work\n* Acme\n", 10, 10},
      {"resume.txt", "NAME\n====\n### Work\n+ Acme\n", 10, 10},
      {"resume.txt", "---\na: b\n---\n# T\nX\n---\n* [a](b) **c**\n", 40, 40},
      {"-", "# Title\n[a](https://b)\n", 30, 50},
      /* a link or bold run counts from its line's first "](" or "**" only */
      {"resume.txt", "x ](y) [z\n", 0, 0},
      {"resume.txt", "[a\n](b)\n", 0, 0},
      {"resume.txt", "a ](b\n[c](d)\n", 10, 10},
      {"resume.txt", "**a\nb**\n", 0, 0},
      {"resume.txt", "** a** x**\n", 0, 0},
      {"resume.txt", "x **a**\n", 10, 10},
      {"resume.txt", "# T\nno\n[a](b) and **c**\n", 35, 35},
      {NULL, "", 0, 0},
  };
  for (size_t i = 0; i < sizeof as / sizeof as[0]; i++) {
    cvx_arena *a = cvx_arena_new(4096);
    cvx_source *src = make_source(a, as[i].path, as[i].text, strlen(as[i].text));
    int s = cvx_extractor_markdown.accepts(src);
    CHECK(s >= as[i].lo && s <= as[i].hi, "accepts %s \"%s\": %d, want %d..%d",
          as[i].path ? as[i].path : "(null)", as[i].text, s, as[i].lo, as[i].hi);
    cvx_arena_free(a);
  }
  CHECK(strcmp(cvx_extractor_markdown.name, "markdown") == 0, "name");
  CHECK(cvx_extractor_markdown.role == CVX_ROLE_BODY, "role");
}

/* Parsed in small pieces, a document gives the blocks it gives parsed
 * whole: the pieces end only where CommonMark starts afresh, never inside a
 * fenced code block or a raw HTML block, and spans stay source offsets. */
static void run_pieces(void) {
  static const char *const docs[] = {
      "# Jane Doe\n\nA paragraph of one line.\n\n## Experience\n\n"
      "### Engineer, Acme\n\n2019 - 2021\n\n- built *things*\n- led [a team](https://x.org)\n\n"
      "Last paragraph.\n",
      /* a fence with blank lines and unindented lines inside, then more */
      "Intro text here.\n\n```\ncode one\n\nNot a heading\n\n# not either\n```\n\n"
      "# Real heading\n\nAfter the fence.\n",
      "Intro.\n\n~~~~\nx\n\n~~~\nstill code\n~~~~\n\nOutside.\n",
      /* raw HTML blocks that may hold blank lines */
      "Intro.\n\n<pre>\nline\n\n# inside pre\n</pre>\n\nAfter pre.\n",
      "Intro.\n\n<script>\nvar a;\n\nb();\n</script>\n\nAfter script.\n",
      /* setext underlines never start a piece */
      "Title line\n===\n\nSub title\n---\n\nText.\n",
  };
  size_t saved = cvx_markdown_piece;
  for (size_t d = 0; d < sizeof docs / sizeof docs[0]; d++) {
    fixture whole, cut;
    size_t len = strlen(docs[d]);
    cvx_markdown_piece = saved;
    run(&whole, docs[d], len, 0);
    char *a = dump(&whole.bl);
    for (size_t piece = 1; piece < 40; piece += 3) {
      cvx_markdown_piece = piece;
      run(&cut, docs[d], len, 0);
      check_invariants(&cut, "pieces");
      char *b = dump(&cut.bl);
      CHECK(strcmp(a, b) == 0, "doc %zu in pieces of %zu:\n  whole: %s\n  cut:   %s", d, piece, a, b);
      bool spans = cut.bl.n == whole.bl.n;
      for (const cvx_block *x = whole.bl.head, *y = cut.bl.head; spans && x && y; x = x->next, y = y->next)
        spans = x->span.start == y->span.start && x->span.end == y->span.end;
      CHECK(spans, "doc %zu in pieces of %zu: spans differ", d, piece);
      free(b);
      done(&cut);
    }
    free(a);
    done(&whole);
  }
  cvx_markdown_piece = saved;
}

static bool same_spans(const cvx_blocks *x, const cvx_blocks *y) {
  if (x->n != y->n) return false;
  for (const cvx_block *a = x->head, *b = y->head; a && b; a = a->next, b = b->next) {
    if (a->span.start != b->span.start || a->span.end != b->span.end || cvx_block_nlinks(a) != cvx_block_nlinks(b)) return false;
    for (uint32_t i = 0; i < cvx_block_nlinks(a); i++)
      if (cvx_block_links(a)[i].span.start != cvx_block_links(b)[i].span.start || cvx_block_links(a)[i].span.end != cvx_block_links(b)[i].span.end)
        return false;
  }
  return true;
}

/* A giant paragraph line is cut inside into pieces (cvx_markdown_line_piece)
 * glued into one paragraph again: the blocks of the line parsed whole, with
 * the same visible text, links and spans; emphasis, links, code spans,
 * inline HTML and escapes are never cut; a line that does not start a
 * paragraph afresh, or lies over a setext underline or in a fence, is not
 * cut at all. */
static void run_line_pieces(void) {
  static const char *const phrase = "build the *data system* and [a report](https://x.org/a) with `a code span`, "
                                    "<b>bold words</b> and \\*stars\\* lead_the team ";
  static const struct {
    const char *before, *after;
    bool cut; /* the line is cut (else: the very blocks parsed whole) */
  } docs[] = {
      {"# Jane Doe\n\n", "\n\nAfter the line.\n", true},
      {"", "\nsecond line of the paragraph\n\n## Work\n", true},
      {"Intro.\n\n", "\n", true},
      {"", "\n===\n", false},                 /* a setext heading */
      {"```\n", "\n```\n\nAfter.\n", false},  /* in a fence */
      {"- ", "\n- item two\n", false},        /* a list item */
      {"Intro line\n", "\n", false},          /* continues a paragraph */
  };
  size_t saved = cvx_markdown_line_piece;
  for (size_t d = 0; d < sizeof docs / sizeof docs[0]; d++) {
    cvx_buf doc = CVX_BUF_INIT;
    cvx_buf_puts(&doc, docs[d].before);
    for (int r = 0; r < 12; r++) cvx_buf_puts(&doc, phrase);
    cvx_buf_puts(&doc, "done");
    cvx_buf_puts(&doc, docs[d].after);
    fixture whole;
    cvx_markdown_line_piece = saved;
    run(&whole, doc.ptr, doc.len, 0);
    char *a = dump(&whole.bl);
    static const size_t sizes[] = {11, 30, 100, 333}; /* over the short lines */
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
      fixture cut;
      cvx_markdown_line_piece = sizes[z];
      size_t cuts0 = atomic_load(&cvx_markdown_line_cuts);
      run(&cut, doc.ptr, doc.len, 0);
      size_t cuts = atomic_load(&cvx_markdown_line_cuts) - cuts0;
      check_invariants(&cut, "line pieces");
      /* a 1.4 KB line in pieces of 333 bytes or less: cut at least 3 times */
      CHECK(docs[d].cut ? cuts >= 3 : cuts == 0, "doc %zu in line pieces of %zu: %zu cuts", d, sizes[z], cuts);
      char *b = dump(&cut.bl);
      CHECK(strcmp(a, b) == 0, "doc %zu in line pieces of %zu:\n  whole: %s\n  cut:   %s", d, sizes[z], a, b);
      CHECK(same_spans(&whole.bl, &cut.bl), "doc %zu in line pieces of %zu: spans differ", d, sizes[z]);
      free(b);
      done(&cut);
    }
    free(a);
    done(&whole);
    cvx_buf_free(&doc);
  }
  cvx_markdown_line_piece = saved;
}

/* Block texts read in the source text (blocks.h, cvx_block_text_in_source):
 * a list item or a line as the source has it is not copied, its text ends
 * at a NUL over the '\n' after it while the blocks are read, and
 * cvx_doc_unseal gives the source back byte for byte; a text the source does
 * not hold as it is (markup taken out, lines joined) is a copy. */
static void run_in_source(void) {
  static const char text[] = "# Jane Doe\n\n## Skills\n\n- data analysis\n- **bold** lead\n"
                             "- project [site](https://example.org) work\n\nA paragraph of\ntwo lines.\n\nLast line";
  fixture f;
  run(&f, text, sizeof text - 1, 0);
  const cvx_source *src = f.doc->src;
  int in_source = 0, copies = 0;
  for (const cvx_block *b = f.bl.head; b; b = b->next) {
    CHECK(b->text[b->len] == '\0' && strlen(b->text) == b->len, "text of %u bytes ends at its length", b->len);
    bool inside = b->text >= src->text && b->text < src->text + src->len;
    CHECK(inside == (bool)b->in_source, "in_source flag matches the pointer ('%s')", b->text);
    if (inside) {
      in_source++;
      CHECK(b->text + b->len <= src->text + b->span.end, "'%s' lies inside its span", b->text);
    } else if (b->len) {
      copies++;
    }
  }
  /* the two headings, 'data analysis', the paragraph of two lines and
   * 'Last line' (ending the text) */
  CHECK(in_source == 5, "5 texts in the source, got %d", in_source);
  CHECK(copies == 2, "2 copies (bold, link), got %d", copies);
  CHECK(f.doc->sealed == 4, "4 line ends sealed (the last text ends the source), got %zu", f.doc->sealed);
  CHECK(memcmp(src->text, text, sizeof text - 1) != 0, "sealed: the source differs while the blocks are read");
  cvx_doc_unseal(f.doc);
  CHECK(memcmp(src->text, text, sizeof text) == 0, "unsealed: the source is whole again");
  CHECK(f.doc->sealed == 0, "nothing left sealed");
  cvx_doc_unseal(f.doc); /* twice is harmless */
  CHECK(memcmp(src->text, text, sizeof text) == 0, "unsealed twice: unchanged");
  done(&f);

  /* a text that does not start after the one before it ends is copied, so
   * that no NUL falls inside another text: 'ab' inside 'ab\ncd' */
  static const char two[] = "ab\ncd\nef";
  cvx_arena *a = cvx_arena_new(0);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_doc *doc = cvx_doc_new(a, make_source(a, "t.md", two, sizeof two - 1), &dx);
  cvx_blocks bl = {0};
  cvx_block *outer = cvx_blocks_push(a, &bl, CVX_BLK_PARA, 0, cvx_span_make(0, 5));
  cvx_block *inner = cvx_blocks_push(a, &bl, CVX_BLK_PARA, 0, cvx_span_make(0, 2));
  cvx_block *last = cvx_blocks_push(a, &bl, CVX_BLK_PARA, 0, cvx_span_make(6, 8));
  CHECK(cvx_block_text_in_source(doc, outer, "ab\ncd", 5, 5), "two lines as the source has them");
  CHECK(cvx_block_text_in_source(doc, inner, "ab", 2, 2), "a line as the source has it");
  CHECK(cvx_block_text_in_source(doc, last, "ef", 2, 8), "the last line");
  CHECK(!cvx_block_text_in_source(doc, last, "ex", 2, 8), "another text is no source text");
  CHECK(!cvx_block_text_in_source(doc, last, "a", 1, 1), "a text ending mid-line is not taken");
  cvx_blocks_seal(doc, &bl);
  CHECK(strcmp(outer->text, "ab\ncd") == 0 && outer->in_source, "the outer text stays whole: '%s'", outer->text);
  CHECK(strcmp(inner->text, "ab") == 0 && !inner->in_source, "the inner one is copied: '%s'", inner->text);
  CHECK(strcmp(last->text, "ef") == 0 && last->in_source, "the last one ends the source");
  CHECK(doc->sealed == 1, "one line end sealed, got %zu", doc->sealed);
  cvx_doc_unseal(doc);
  CHECK(memcmp(doc->src->text, two, sizeof two) == 0, "the source is whole again");
  cvx_arena_free(a);
}

int main(void) {
  run_pieces();
  run_line_pieces();
  run_cases();
  run_spans();
  run_pathological();
  run_accepts();
  run_in_source();
  return check_done("markdown");
}
