/* test_html.c — the HTML block stream: pages in, block kinds, levels, texts,
 * bold runs and links out (the stream the Markdown extractor makes); what a
 * browser hides stays out; spans, the score, and hostile pages. */
#include "html.h"

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

/* Reads text as a page whose body starts at body_start, with hidden markup
 * blanked first (as the pipeline does). */
static void run(fixture *f, const char *text, size_t len, uint32_t body_start) {
  f->a = cvx_arena_new(1 << 16);
  cvx_diags_init(&f->dx, f->a);
  f->doc = cvx_doc_new(f->a, make_source(f->a, "cv.html", text, len), &f->dx);
  if (body_start) cvx_doc_hide(f->doc, cvx_span_make(0, body_start));
  f->doc->body_start = body_start;
  cvx_hide_markup(f->doc, body_start);
  memset(&f->bl, 0, sizeof f->bl);
  cvx_status st = cvx_html_blocks(f->doc, &f->bl);
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

/* Every span in bounds, the text length right, link spans inside their block
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
      if (!cvx_span_valid(s) || s.start < k->span.start || s.end > k->span.end) bad = "link span outside its block";
    }
  }
  CHECK(!bad, "%s: block %zu: %s", name, n ? n - 1 : 0, bad ? bad : "");
  CHECK(bad || n == f->bl.n, "%s: count %zu vs %zu", name, n, f->bl.n);
}

typedef struct hcase {
  const char *name;
  const char *in;
  const char *want; /* dump() of the blocks */
} hcase;

static const hcase cases[] = {
    {"layout table: two cells of paragraphs are regions, their headings paragraphs",
     "<table><tr><td><h3>Alpha</h3><p>First tool.</p></td><td><p>Beta</p><p>Second tool.</p></td></tr></table>\n"
     "<h2>Work</h2>\n",
     "P0 Alpha\nP0 First tool.\nP0 Beta\nP0 Second tool.\nH2 Work\n"},
    {"a heading in a row of values is a line of its cell",
     "<table><tr><td><h3>2019</h3></td><td><p>PhD</p></td></tr></table>\n<h2>Work</h2>\n",
     "R0 2019\\tPhD\nH2 Work\n"},
    {"a title row keeps its heading",
     "<table><thead><tr><td colspan=2> <h6>Tools</h6> </td></tr></thead>\n"
     "<tbody><tr><td>JS</td><td>node</td></tr></tbody></table>\n",
     "H6 Tools\nR0 JS\\tnode\n"},
    {"badge images show their alt text, separated",
     "<p><img alt=\"Go\" src=\"https://img.shields.io/badge/Go-1\"> <img alt=\"C\" "
     "src=\"https://x.example/badge/C-2\"> <img alt=\"me\" src=\"https://x.example/me.png\"></p>\n",
     "P0 Go, C <|https://img.shields.io/badge/Go-1> <|https://x.example/badge/C-2> <|https://x.example/me.png>\n"},
    {"chips of one class are separate words",
     "<p><span class=\"tag\">R</span><span class=\"tag\">Go</span> <span class=\"tag\">C</span><span "
     "class=\"other\">x</span></p>\n",
     "P0 R, Go, Cx\n"},
    {"headings and paragraphs",
     "<h1>Jane Roe</h1>\n<p>Engineer</p>\n<h2>Work</h2>\n<h6>Six</h6>\n",
     "H1 Jane Roe\nP0 Engineer\nH2 Work\nH6 Six\n"},
    {"a whole page: head, doctype and body",
     "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Jane Roe | CV</title>\n"
     "<link href=\"https://fonts.googleapis.com/css?family=Lato\" rel=\"stylesheet\"></head>\n"
     "<body><h1>Jane Roe</h1></body></html>\n",
     "H1 Jane Roe\n"},
    {"whitespace collapses as a browser does",
     "<p>  Senior\n   engineer,\t\tAcme   </p>\n<p>\n\n</p>\n", "P0 Senior engineer, Acme\n"},
    {"br breaks a line", "<p>Jane Roe<br>Data Scientist<br/>\nPort Town</p>\n",
     "P0 Jane Roe\\nData Scientist\\nPort Town\n"},
    {"entities decoded",
     "<p>R&amp;D &lt;core&gt; &quot;x&quot; &#39;y&#39; &#233;t&#xE9; &copy; 2020&ndash;2021&nbsp;now</p>\n",
     "P0 R&D <core> \"x\" 'y' \xC3\xA9t\xC3\xA9 \xC2\xA9 2020\xE2\x80\x93" "2021 now\n"},
    {"bold run opens the block", "<p><strong>Programming:</strong> C, Go</p><p><b>OS</b>: Linux</p>\n",
     "P0 Programming: C, Go {s=12}\nP0 OS: Linux {s=2}\n"},
    {"bold that is not first", "<p>Skills: <b>C</b></p>\n", "P0 Skills: C\n"},
    {"nested lists", "<ul>\n<li>Alpha</li>\n<li>Beta\n<ul><li>Beta one\n<ol><li>deep</li></ol></li></ul>\nafter</li>\n</ul>\n",
     "I0[-] Alpha\nI0[-] Beta\nI1[-] Beta one\nI2[1.] deep\nP1 after\n"},
    {"list item of paragraphs", "<ol><li><p>First</p><p>More</p></li><li>Second</li></ol>\n",
     "I0[1.] First\nP1 More\nI0[1.] Second\n"},
    {"definition list", "<dl><dt>2010&ndash;2014</dt><dd>BSc Mathematics, Potsdam</dd>\n<dt>2015</dt><dd>MSc</dd></dl>\n",
     "I0 2010\xE2\x80\x93" "2014\nP1 BSc Mathematics, Potsdam\nI0 2015\nP1 MSc\n"},
    {"table rows, cells joined by tabs",
     "<table><thead><tr><th>Year</th><th>Award</th></tr></thead>\n<tbody><tr><td>2019</td><td> Best "
     "Poster<br>Regional </td></tr>\n<tr><td>2020</td><td></td></tr></tbody></table>\n",
     "R0 Year\\tAward\nR0 2019\\tBest Poster\\nRegional\nR0 2020\\t\n"},
    {"paragraphs inside a cell",
     "<table><tr><td>2019</td><td><p><b>PhD</b></p><p>Hill University</p></td></tr></table>\n",
     "R0 2019\\tPhD\\nHill University\n"},
    {"links keep text and target",
     "<p><a href=\"mailto:jane@example.org\">jane@example.org</a> &middot; <a "
     "href=\"https://x.example/k?a=1&amp;b=2\">Keynote</a></p>\n",
     "P0 jane@example.org \xC2\xB7 Keynote <jane@example.org|mailto:jane@example.org> "
     "<Keynote|https://x.example/k?a=1&b=2>\n"},
    {"a link with no text (an icon) is kept",
     "<p><a href=\"https://github.com/jroe\"><i class=\"fa fa-github\"></i></a></p>\n",
     "P0  <|https://github.com/jroe>\n"},
    {"anchors without href are text", "<p><a name=\"top\">Top</a></p>\n", "P0 Top\n"},
    {"hidden things stay out",
     "<div hidden>secret</div><p style=\"color:red; DISPLAY : none\">gone</p>"
     "<span aria-hidden=\"true\">icon</span><p>shown</p>\n"
     "<script>document.write('<p>no</p>')</script><style>p{}</style>"
     "<noscript>enable js</noscript><template><p>tpl</p></template>"
     "<svg><text>logo</text></svg><div class=\"row d-none\">bs</div><span class=\"sr-only\">sr</span>"
     "<p class=\"hiddenness\">kept</p>\n",
     "P0 shown\nP0 kept\n"},
    {"nav, footer and header menus",
     "<header><nav><a href=\"/\">Home</a></nav><h1>Jane Roe</h1>"
     "<ul><li><a href=\"/about\">About</a></li><li><a href=\"#cv\">CV</a></li></ul>"
     "<ul><li><a href=\"mailto:j@x.example\">j@x.example</a></li><li>Berlin</li></ul></header>\n"
     "<div role=\"navigation\">Menu</div><footer>&copy; 2024 Jane</footer>\n",
     "H1 Jane Roe\nI0[-] j@x.example <j@x.example|mailto:j@x.example>\nI0[-] Berlin\n"},
    {"inline markup is text", "<p><em>Research</em> <i>Assistant</i>, <span>Lake</span>side <code>x</code></p>\n",
     "P0 Research Assistant, Lakeside x\n"},
    {"divs and sections separate blocks",
     "<section><div>One</div>Two<div>Three <span>four</span></div></section>\n",
     "P0 One\nP0 Two\nP0 Three four\n"},
    {"pre keeps its lines", "<pre>2019  Engineer\n2018  Intern\n</pre>\n", "P0 2019 Engineer\\n2018 Intern\n"},
    {"rule", "<p>a</p><hr><p>b</p>\n", "P0 a\n-0 \nP0 b\n"},
    {"heading inside a list is a paragraph", "<ul><li><h3>Acme</h3><p>Engineer</p></li></ul>\n",
     "I0[-] Acme\nP1 Engineer\n"},
    {"tag soup recovers", "<p>One<p>Two<li>Three</ul></div><b>Four", "P0 One\nP0 Two\nI0[-] ThreeFour\n"},
    {"comments and liquid are hidden", "<p>Jane <!-- Roe --> Doe {{ site.x }}</p>\n", "P0 Jane Doe\n"},
    {"an image keeps its source", "<p><img src=\"me.jpg\" alt=\"Me\"> Jane</p>\n", "P0 Jane <|me.jpg>\n"},
    /* heading levels from the structure (the outline) */
    {"outline: all <h3>, a section's container holds its entries' containers",
     "<div class=\"sec\"><div class=\"title\"><h3>Education</h3><div class=\"rule\"></div></div>\n"
     "<section class=\"item\"><div class=\"head\"><h3 class=\"name\">Hill University</h3><h5>2010</h5></div>\n"
     "<h4>PhD Botany</h4><p>Thesis on moss.</p></section>\n"
     "<section class=\"item\"><div class=\"head\"><h3 class=\"name\">Lake College</h3><h5></h5></div>\n"
     "<h4>BSc</h4></section>\n"
     "<section class=\"item\"><div class=\"head\"><h3 class=\"name\">Hill Night School</h3></div></section></div>\n"
     "<div class=\"sec\"><div class=\"title\"><h3>Awards</h3></div>\n"
     "<section class=\"item\"><h3 class=\"name\">Moss Prize</h3><p>2012</p></section></div>\n",
     "H3 Education\nH4 Hill University\nH6 2010\nH5 PhD Botany\nP0 Thesis on moss.\nH4 Lake College\nH5 BSc\n"
     "H4 Hill Night School\nH3 Awards\nH4 Moss Prize\nP0 2012\n"},
    {"outline: levels that already follow the structure stay",
     "<h1>Jane Roe</h1><section><h2>Work</h2><article><h3>Acme</h3><h4>2019</h4><p>Tools.</p></article>"
     "<article><h3>Initech</h3></article></section><section><h2>Education</h2><p>BSc</p></section>\n",
     "H1 Jane Roe\nH2 Work\nH3 Acme\nH4 2019\nP0 Tools.\nH3 Initech\nH2 Education\nP0 BSc\n"},
    {"outline: sections in sibling containers are peers, and so are headings of one container",
     "<div><div><h2>Work</h2><p>Acme</p></div><div><h2>Education</h2><p>BSc</p></div></div>\n"
     "<div><h2>Skills</h2><p>C</p><h2>Languages</h2><p>Welsh</p><h3>Spoken</h3></div>\n",
     "H2 Work\nP0 Acme\nH2 Education\nP0 BSc\nH2 Skills\nP0 C\nH2 Languages\nP0 Welsh\nH3 Spoken\n"},
    {"outline: look-alike headings stay peers inside a container left open",
     "<div class=\"box\"><div class=\"title\"><h3>About</h3></div><p>Port Town</p>\n"
     "<div class=\"more\"><div class=\"title\"><h3>Tools</h3></div><p>Go</p></div>\n"
     "<div class=\"box\"><div class=\"title\"><h3>Work</h3></div><article><h3>Acme</h3><p>2019</p></article>\n",
     "H3 About\nP0 Port Town\nH3 Tools\nP0 Go\nH3 Work\nH4 Acme\nP0 2019\n"},
    {"outline: an empty section is its heading's box, a peer of the next",
     "<div class=\"col\"><div class=\"box clear\"><h2>Contact</h2><div class=\"item\"><span></span></div></div>\n"
     "<div class=\"box\"><h2>Skills</h2><p>C, Go</p></div></div>\n",
     "H2 Contact\nH2 Skills\nP0 C, Go\n"},
    {"outline: the page's title heads the page, its sections come below it",
     "<div class=\"page\"><div class=\"top\"><h2>Jane Roe</h2></div>\n"
     "<div class=\"sec\"><h2>Work</h2><p>Acme</p><h2>Education</h2><p>BSc</p></div></div>\n",
     "H2 Jane Roe\nH3 Work\nP0 Acme\nH3 Education\nP0 BSc\n"},
    {"outline: levels stop at 6",
     "<div class=\"w\"><h5>Work</h5><div class=\"x\"><h5>Acme</h5><div class=\"y\"><h5>Lab</h5><div class=\"z\">"
     "<h5>Desk</h5><p>x</p></div></div></div></div>\n",
     "H5 Work\nH6 Acme\nH6 Lab\nH6 Desk\nP0 x\n"},
    {"outline: empty headings lead nothing",
     "<div><h3></h3><div><h3>Work</h3><p>Acme</p></div></div>\n", "H3 Work\nP0 Acme\n"},
    {"empty page", "", ""},
    {"only blanks", " \n\t\n", ""},
};

/* Entities are never loaded or expanded beyond HTML's own: an internal
 * subset or a SYSTEM entity stays text; no DTD is fetched. */
static void run_entities(void) {
  const char *in = "<!DOCTYPE html [<!ENTITY xxe SYSTEM \"file:///etc/passwd\"><!ENTITY w \"WIDE\">]>\n"
                   "<html><body><p>a &xxe; b &w; c</p></body></html>\n";
  fixture f;
  run(&f, in, strlen(in), 0);
  bool found = false, leaked = false;
  for (const cvx_block *b = f.bl.head; b; b = b->next) {
    found = found || strcmp(b->text, "a &xxe; b &w; c") == 0;
    leaked = leaked || strstr(b->text, "root:") || strstr(b->text, "b WIDE");
  }
  CHECK(found && !leaked, "entities kept as text, nothing expanded");
  check_invariants(&f, "entities");
  done(&f);
}

/* A Markdown page's HTML region (Markdown headings rendered inside its
 * divs) gets the same outline as a page. */
static void run_fragment(void) {
  const char *src = "Intro\n\n<div class=\"sec\">\n<div class=\"title\">\n\n### Work\n\n</div>\n"
                    "<div class=\"item\">\n\n### Acme\n\n2019\n\n</div>\n</div>\n";
  const char *html = "<div class=\"sec\">\n<div class=\"title\">\n<h3>Work</h3>\n</div>\n"
                     "<div class=\"item\">\n<h3>Acme</h3>\n<p>2019</p>\n</div>\n</div>";
  fixture f;
  f.a = cvx_arena_new(1 << 16);
  cvx_diags_init(&f.dx, f.a);
  f.doc = cvx_doc_new(f.a, make_source(f.a, "cv.md", src, strlen(src)), &f.dx);
  memset(&f.bl, 0, sizeof f.bl);
  uint32_t at = (uint32_t)(strstr(src, "<div") - src);
  cvx_status st = cvx_html_fragment_blocks(f.doc, &f.bl, html, strlen(html), at);
  CHECK(st == CVX_OK, "fragment status %s", cvx_status_str(st));
  char *got = dump(&f.bl);
  CHECK_STR(got, "H3 Work\nH4 Acme\nP0 2019\n", "fragment outline");
  free(got);
  check_invariants(&f, "fragment outline");
  done(&f);
}

static void run_cases(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fixture f;
    run(&f, cases[i].in, strlen(cases[i].in), 0);
    char *got = dump(&f.bl);
    CHECK_STR(got, cases[i].want, cases[i].name);
    free(got);
    check_invariants(&f, cases[i].name);
    done(&f);
  }
}

static cvx_span span_of(const char *in, const char *want) {
  const char *p = strstr(in, want);
  if (!p) return CVX_NOSPAN;
  return cvx_span_make((size_t)(p - in), (size_t)(p - in) + strlen(want));
}

static void check_span(const char *in, cvx_span got, const char *want, const char *ctx) {
  cvx_span w = span_of(in, want);
  CHECK(got.start == w.start && got.end == w.end, "%s: span %u-%u, want %u-%u (\"%s\")", ctx, got.start,
        got.end, w.start, w.end, want);
}

/* Spans: the lines of the block's nodes, after the front matter; links at
 * their <a ...> tag; skipped elements hidden in the view. */
static void run_spans(void) {
  const char *in = "---\ntitle: CV\n---\n"
                   "<h2>Ausbildung \xF0\x9F\x8E\x93</h2>\n"
                   "<ul>\n"
                   "  <li>Universit\xC3\xA4t Z\xC3\xBCrich, 2019</li>\n"
                   "  <li>Betreuerin: <a href=\"https://u.example/ef\">Dr. Fran\xC3\xA7ois</a></li>\n"
                   "</ul>\n"
                   "<nav>\n<a href=\"/\">Home</a>\n</nav>\n"
                   "<p>Two\nlines</p>\n";
  uint32_t body = (uint32_t)(strstr(in, "<h2>") - in);
  fixture f;
  run(&f, in, strlen(in), body);
  char *got = dump(&f.bl);
  CHECK_STR(got,
            "H2 Ausbildung \xF0\x9F\x8E\x93\n"
            "I0[-] Universit\xC3\xA4t Z\xC3\xBCrich, 2019\n"
            "I0[-] Betreuerin: Dr. Fran\xC3\xA7ois <Dr. Fran\xC3\xA7ois|https://u.example/ef>\n"
            "P0 Two lines\n",
            "spans: blocks");
  free(got);
  check_invariants(&f, "spans");
  const cvx_block *b = f.bl.head;
  if (b) check_span(in, b->span, "<h2>Ausbildung \xF0\x9F\x8E\x93</h2>", "heading");
  if (b && (b = b->next)) check_span(in, b->span, "<li>Universit\xC3\xA4t Z\xC3\xBCrich, 2019</li>", "item");
  if (b && (b = b->next)) {
    check_span(in, b->span, "<li>Betreuerin: <a href=\"https://u.example/ef\">Dr. Fran\xC3\xA7ois</a></li>",
               "item with a link");
    if (cvx_block_nlinks(b)) check_span(in, cvx_block_links(b)[0].span, "<a href=\"https://u.example/ef\">", "link");
  }
  if (b && (b = b->next)) check_span(in, b->span, "<p>Two\nlines</p>", "two-line paragraph");
  /* the nav is hidden: no visible text left there */
  cvx_span nav = span_of(in, "<nav>\n<a href=\"/\">Home</a>\n</nav>");
  bool blank = true;
  for (uint32_t i = nav.start; i < nav.end; i++) blank = blank && (f.doc->view[i] == ' ' || f.doc->view[i] == '\n');
  CHECK(blank, "nav hidden in the view");
  CHECK(f.doc->view[body] == '<', "the page itself not hidden");
  done(&f);

  /* hidden elements: a multi-line start tag, and a visible element of the
   * same name before a hidden one on one line */
  const char *hv = "<p>one</p>\n<div\n  class=\"x\"\n  hidden>secret\n</div>\n"
                   "<p>two <span>Roe</span> <span class=\"sr-only\">skip</span> <span aria-hidden=true>icon</span></p>\n";
  run(&f, hv, strlen(hv), 0);
  got = dump(&f.bl);
  CHECK_STR(got, "P0 one\nP0 two Roe\n", "hidden: blocks");
  free(got);
  const char *v = f.doc->view;
  CHECK(strstr(v, "secret") == NULL && strstr(v, "hidden>") == NULL, "multi-line hidden div blanked");
  CHECK(strstr(v, "<span>Roe</span>") != NULL, "the visible span stays");
  CHECK(strstr(v, "skip") == NULL && strstr(v, "icon") == NULL, "hidden spans blanked");
  CHECK(strstr(v, "<p>one</p>") != NULL && strstr(v, "<p>two ") != NULL, "paragraphs stay");
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

/* Deep nesting and huge pages finish quickly; depth gives one warning. */
static void run_pathological(void) {
  struct {
    const char *name, *unit, *tail;
    size_t n;
    bool depth;
  } ps[] = {
      {"100000-deep divs", "<div>", "deep text\n", 100000, true},
      {"40-deep lists", "<ul><li>x", "\n", 40, true},
      {"10000-deep lists", "<ul><li>", "x\n", 10000, true},
      {"many unclosed tags", "<a href=\"x ", "\n", 200000, false},
      {"many hidden divs, never closed", "<div hidden>a ", "\n", 50000, true},
      {"many navs, never closed", "<nav><p>a</p>\n", "\n", 20000, true},
      {"many links", "<a href=\"https://l.example\">a</a> ", "\n", 100000, false},
      {"many links, each its own target", NULL, "\n", 100000, false},
      {"many links never found (entities in their targets)", "<a href=\"https://l.example/?a&amp;b\">a</a> ", "\n",
       100000, false},
      {"huge table", "<tr><td>a</td><td><b>b</b></td></tr>\n", "", 100000, false},
      {"one huge text", "word ", "\n", 2000000, false},
  };
  for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
    size_t len;
    char *s;
    if (ps[i].unit) {
      s = repeat(ps[i].unit, ps[i].n, ps[i].tail, &len);
    } else { /* links to /0, /1, /2…: each found only where it is */
      cvx_buf b = CVX_BUF_INIT;
      for (size_t k = 0; k < ps[i].n; k++) cvx_buf_printf(&b, "<a href=\"https://l.example/%zu\">a</a> ", k);
      cvx_buf_puts(&b, ps[i].tail);
      len = b.len;
      s = cvx_buf_detach(&b);
    }
    fixture f;
    clock_t t0 = clock();
    run(&f, s, len, 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 10.0, "%s took %.2fs", ps[i].name, secs);
    size_t warnings = count_code(&f.dx, "html.depth");
    CHECK(warnings == (ps[i].depth ? 1u : 0u), "%s: %zu depth warnings", ps[i].name, warnings);
    int maxlevel = 0;
    for (const cvx_block *b = f.bl.head; b; b = b->next)
      if (b->level > maxlevel) maxlevel = b->level;
    CHECK(maxlevel <= 32, "%s: level %d", ps[i].name, maxlevel);
    check_invariants(&f, ps[i].name);
    done(&f);
    free(s);
  }
}

static void run_accepts(void) {
  struct {
    const char *path, *text;
    int want;
  } as[] = {
      {"cv.html", "Jane Roe\n", 90},
      {"CV.HTM", "<p>x</p>\n", 90},
      {"-", "<!DOCTYPE html>\n<html><body>x</body></html>\n", 90},
      {"-", "  \n<!doctype HTML>\n", 90},
      {"resume.txt", "<html lang=\"en\">\n", 90},
      {"resume.txt", "<html>", 90},
      {"resume.txt", "<htmlx>\n", 0},
      {"cv.md", "# Jane\n<p>x</p>\n", 0},
      {"resume.txt", "Jane Roe <b>x</b>\n", 0},
      {NULL, "", 0},
  };
  for (size_t i = 0; i < sizeof as / sizeof as[0]; i++) {
    cvx_arena *a = cvx_arena_new(4096);
    cvx_source *src = make_source(a, as[i].path, as[i].text, strlen(as[i].text));
    int s = cvx_extractor_html.accepts(src);
    CHECK(s == as[i].want, "accepts %s \"%s\": %d, want %d", as[i].path ? as[i].path : "(null)", as[i].text, s,
          as[i].want);
    /* an HTML page beats Markdown (unless named .md) and plain text */
    if (s) {
      int md = cvx_extractor_markdown.accepts(src), tx = cvx_extractor_text.accepts(src);
      CHECK(s > md && s > tx, "html %d beats markdown %d and text %d for %s", s, md, tx,
            as[i].path ? as[i].path : "(null)");
    }
    cvx_arena_free(a);
  }
  CHECK(strcmp(cvx_extractor_html.name, "html") == 0, "name");
  CHECK(cvx_extractor_html.role == CVX_ROLE_BODY, "role");
}

int main(void) {
  run_cases();
  run_fragment();
  run_entities();
  run_spans();
  run_pathological();
  run_accepts();
  return check_done("html");
}
