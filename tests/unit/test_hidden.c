/* test_hidden.c — cvx_hide_markup: HTML comments, Liquid tags and output,
 * {% raw %}, <style>/<script>, the warnings for unterminated and stray
 * markup, and linear time on hostile inputs. */
#include "cvx.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* A source over text (copied into the arena) with its line map. */
static cvx_source *make_source(cvx_arena *a, const char *text, size_t len) {
  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = "test.md";
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

/* The bytes a reader still sees (hidden ones left out; newlines always kept). */
static char *visible(const cvx_doc *doc) {
  size_t n = doc->src->len;
  char *o = malloc(n + 1), *p = o;
  for (size_t i = 0; i < n; i++) {
    if (!cvx_doc_hidden(doc, i) || doc->src->text[i] == '\n') *p++ = doc->src->text[i];
  }
  *p = '\0';
  return o;
}

static size_t count_code(const cvx_diags *dx, const char *code) {
  size_t n = 0;
  for (size_t i = 0; i < dx->n; i++)
    if (strcmp(dx->items[i].code, code) == 0) n++;
  return n;
}

static const cvx_diag *find_code(const cvx_diags *dx, const char *code) {
  for (size_t i = 0; i < dx->n; i++)
    if (strcmp(dx->items[i].code, code) == 0) return &dx->items[i];
  return NULL;
}

typedef struct hcase {
  const char *name;
  const char *in;
  uint32_t from;
  const char *want;    /* visible text afterwards */
  const char *warning; /* a warning code expected, or NULL for none at all */
  long warn_at;        /* its span start, -1 to skip the check */
} hcase;

static const hcase cases[] = {
    {"comment inline", "a <!-- b --> c\n", 0, "a  c\n", NULL, -1},
    {"comment multi-line keeps newlines", "x\n<!--\n## Old\n* gone\n-->\ny\n", 0, "x\n\n\n\n\ny\n",
     NULL, -1},
    {"comment spanning sections", "## A\n* a <!-- note\n## B\n* b -->\n* c\n", 0,
     "## A\n* a \n\n\n* c\n", NULL, -1},
    {"empty comments <!----> <!--> <!--->", "a<!---->b<!-->c<!--->d", 0, "abcd", NULL, -1},
    {"comment closed by --!>", "a<!-- x --!>b", 0, "ab", NULL, -1},
    {"stray close after a comment is visible", "<!-- a --> b --> c\n", 0, " b --> c\n",
     "hidden.stray-comment-close", 13},
    {"arrow without any comment is not stray", "A --> B\n", 0, "A --> B\n", NULL, -1},
    {"unterminated comment hides to the end", "keep\n<!-- open\n## Lost\n* lost\n", 0,
     "keep\n\n\n\n", "hidden.unterminated-comment", 5},
    {"liquid tag", "{% include base_path %}\nText\n", 0, "\nText\n", NULL, -1},
    {"liquid output", "Name: {{ site.author.name }}!", 0, "Name: !", NULL, -1},
    {"liquid whitespace control", "a{%- if x -%}b{%- endif -%}c", 0, "abc", NULL, -1},
    {"liquid comment block", "a{% comment %}\nsecret {{ x }}\n{% endcomment %}b", 0, "a\n\nb", NULL,
     -1},
    {"liquid comment block with dashes", "a{%- comment -%}s{%-endcomment-%}b", 0, "ab", NULL, -1},
    {"liquid for loop", "<ul>{% for p in site.pubs %}\n  {% include x.html %}\n{% endfor %}</ul>",
     0, "<ul>\n\n</ul>", NULL, -1},
    {"loop bodies are templates",
     "A{% for i in xs %}<p><b>{{ i.deg }} in {{ i.area }}</b></p>{% endfor %}B", 0, "AB", NULL, -1},
    {"nested loops and capture",
     "a{% for x in y %}1{% for z in x %}2{% endfor %}3{% endfor %}b"
     "{% capture c %}kept?{% endcapture %}c{% if t %}shown{% endif %}",
     0, "abcshown", NULL, -1},
    {"unterminated loop keeps its body", "a{% for x in y %}body", 0, "abody",
     "hidden.unterminated-liquid", 1},
    {"stray endfor", "a{% endfor %}b", 0, "ab", NULL, -1},
    {"raw keeps its content", "{% raw %}{{ not liquid }} {% if %}{% endraw %}!", 0,
     "{{ not liquid }} {% if %}!", NULL, -1},
    {"raw content still drops comments", "{% raw %}a<!-- c -->b{% endraw %}", 0, "ab", NULL, -1},
    {"unterminated raw", "{% raw %}{{ x }}", 0, "{{ x }}", "hidden.unterminated-liquid", 0},
    {"unterminated comment block", "a{% comment %}b", 0, "ab", "hidden.unterminated-liquid", 1},
    {"unterminated tag stays visible", "x {% if y\nz\n", 0, "x {% if y\nz\n",
     "hidden.unterminated-liquid", 2},
    {"unterminated output stays visible", "x {{ y\n", 0, "x {{ y\n", "hidden.unterminated-liquid",
     2},
    {"liquid inside a code span is hidden too", "`{{ x }}`", 0, "``", NULL, -1},
    {"style block", "<style>\n.a { color: red; }\n</style>\nText", 0, "\n\n\nText", NULL, -1},
    {"style upper case with attributes", "a<STYLE type=\"text/css\">b{}</Style >c", 0, "ac", NULL,
     -1},
    {"script block", "a<script src=\"x.js\"></script>b<script>if (a<b) {}</script>c", 0, "abc",
     NULL, -1},
    {"stylesheet is not style", "<styles>x</styles>", 0, "<styles>x</styles>", NULL, -1},
    {"unterminated style hides its tag only", "a<style>b", 0, "ab", "hidden.unterminated-element",
     1},
    {"from skips what comes before", "<!-- a -->\n{{ b }}\n<!-- c -->", 19, "<!-- a -->\n{{ b }}\n",
     NULL, -1},
    {"liquid runs before comments", "{% comment %}<!--{% endcomment %}visible -->", 0,
     "visible -->", NULL, -1},
    {"kramdown attribute lists", "## Head\n{: .cv-head}\n*x*{: #id}\n{: not closed\n", 0,
     "## Head\n\n*x*\n{: not closed\n", NULL, -1},
    {"kramdown toc and its placeholder item", "1. TOC\n{:toc}\n* TOC list\n{:toc}\n", 0,
     "\n\n* TOC list\n\n", NULL, -1},
    {"multibyte text around markup", "Zürich <!-- é --> Ünï {{ ß }}", 0, "Zürich  Ünï ", NULL, -1},
};

static void run_cases(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const hcase *c = &cases[i];
    cvx_arena *a = cvx_arena_new(1 << 14);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_doc *doc = cvx_doc_new(a, make_source(a, c->in, strlen(c->in)), &dx);
    cvx_hide_markup(doc, c->from);
    char *vis = visible(doc);
    CHECK_STR(vis, c->want, c->name);
    free(vis);
    /* the view keeps length and newlines */
    CHECK(strlen(doc->view) == doc->src->len, "%s: view length", c->name);
    for (size_t k = 0; k < doc->src->len; k++)
      if ((doc->src->text[k] == '\n') != (doc->view[k] == '\n')) {
        CHECK(0, "%s: newline moved at %zu", c->name, k);
        break;
      }
    if (!c->warning) {
      CHECK(dx.n == 0, "%s: %zu unexpected diagnostics (first %s)", c->name, dx.n,
            dx.n ? dx.items[0].code : "");
    } else {
      const cvx_diag *d = find_code(&dx, c->warning);
      CHECK(d != NULL, "%s: no %s", c->name, c->warning);
      if (d && c->warn_at >= 0)
        CHECK(d->span.start == (uint32_t)c->warn_at, "%s: warning at %u, want %ld", c->name,
              d->span.start, c->warn_at);
      if (d) CHECK(d->severity == CVX_WARNING, "%s: severity", c->name);
    }
    cvx_arena_free(a);
  }
}

/* Builds n copies of unit. */
static char *repeat(const char *unit, size_t n, size_t *len) {
  size_t u = strlen(unit);
  char *s = malloc(u * n + 1);
  for (size_t i = 0; i < n; i++) memcpy(s + i * u, unit, u);
  s[u * n] = '\0';
  *len = u * n;
  return s;
}

/* Hostile inputs must finish in linear time (a second is generous). */
static void run_pathological(void) {
  static const char *const units[] = {"{%",
                                      "{{",
                                      "<!-- -->-->",
                                      "{% comment %}endcomment ",
                                      "<style ",
                                      "<script>",
                                      "{% raw %}",
                                      "<!--",
                                      "-->",
                                      "{% for x in y %}",
                                      "{% endfor %}{% capture c %}",
                                      "{:",
                                      "{:toc}\n"};
  for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
    size_t len;
    char *s = repeat(units[i], 400000, &len);
    cvx_arena *a = cvx_arena_new(1 << 20);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_doc *doc = cvx_doc_new(a, make_source(a, s, len), &dx);
    clock_t t0 = clock();
    cvx_hide_markup(doc, 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 2.0, "pathological '%s' x400000 took %.2fs", units[i], secs);
    CHECK(count_code(&dx, "hidden.unterminated-liquid") <= 2, "'%s': unterminated warned once",
          units[i]);
    cvx_arena_free(a);
    free(s);
  }
}

/* The view and the marks: the view is the text itself until something is
 * hidden (no copy for a text with nothing to hide), a copy from the first
 * hide on, the source never written; marks hold hidden, taken and kept. */
static void run_view(void) {
  cvx_arena *a = cvx_arena_new(1 << 12);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  const char *plain = "Jane Doe\nEngineer at Acme\n";
  cvx_doc *doc = cvx_doc_new(a, make_source(a, plain, strlen(plain)), &dx);
  CHECK(doc->view == doc->src->text && !doc->view_owned, "nothing to hide: the view is the text");
  cvx_doc_hide(doc, cvx_span_make(0, 4));
  CHECK(doc->view != doc->src->text && doc->view_owned, "a hide copies the view first");
  CHECK(strncmp(doc->view, "     Doe\n", 9) == 0, "view blanked: '%.9s'", doc->view);
  CHECK_STR(doc->src->text, plain, "the source is never written");
  CHECK(cvx_doc_hidden(doc, 0) && !cvx_doc_hidden(doc, 5), "hidden marks");
  cvx_doc_keep(doc, cvx_span_make(5, 12));
  cvx_doc_take(doc, cvx_span_make(9, 12));
  CHECK(cvx_doc_mark(doc, 6) == CVX_MARK_KEPT && cvx_doc_mark(doc, 10) == CVX_MARK_TAKEN, "kept, then taken over: %d %d",
        cvx_doc_mark(doc, 6), cvx_doc_mark(doc, 10));
  cvx_doc_keep(doc, cvx_span_make(9, 12));
  CHECK(cvx_doc_mark(doc, 10) == CVX_MARK_TAKEN, "keep never undoes a take");
  const char *fm = "---\ntitle: x\n---\nBody\n";
  cvx_doc *d2 = cvx_doc_new(a, make_source(a, fm, strlen(fm)), &dx);
  CHECK(d2->view != d2->src->text && d2->view_owned, "a front matter fence: the view is a copy at once");
  cvx_doc_release_maps(d2);
  CHECK(!d2->view && !d2->marks, "maps released");
  cvx_arena_free(a);
}

/* cvx_record_addn_lasting: a big value that is its own collapsed form and
 * ends at a NUL is referenced; any other is copied as cvx_record_addn copies
 * it (same value, same taken span). */
typedef struct lcase {
  const char *name;
  const char *unit; /* repeated to fill the text */
  size_t reps;
  size_t cut;       /* bytes left off the end of the value (0: up to the NUL) */
  bool shared;
} lcase;

static void run_lasting(void) {
  static const lcase lcases[] = {
      {"big, collapsed, ends at the NUL", "word ", 2000, 1, true},
      {"big, ends before the NUL", "word ", 2000, 3, false},
      {"big, two spaces in a row", "word  ", 2000, 2, false},
      {"big, a line break", "word\n", 2000, 1, false},
      {"big, a tab", "word\t", 2000, 1, false},
      {"small", "word ", 10, 1, false},
  };
  for (size_t i = 0; i < sizeof lcases / sizeof lcases[0]; i++) {
    const lcase *c = &lcases[i];
    size_t ul = strlen(c->unit), n = ul * c->reps;
    cvx_arena *a = cvx_arena_new(1 << 14);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    char *text = cvx_arena_alloc(a, n + 1);
    for (size_t k = 0; k < c->reps; k++) memcpy(text + k * ul, c->unit, ul);
    /* the value: the text less its last cut bytes, ended at a NUL when cut
     * is the final separator alone */
    size_t vlen = n - c->cut;
    if (c->cut == 1) text[vlen] = '\0';
    cvx_doc *doc = cvx_doc_new(a, make_source(a, text, n), &dx);
    cvx_record *r = cvx_record_new(doc, CVX_REC_BASICS, "test", cvx_span_make(0, (uint32_t)n));
    cvx_field *want = cvx_record_addn(doc, r, "label", text, vlen, cvx_span_make(0, (uint32_t)vlen));
    cvx_doc *doc2 = cvx_doc_new(a, make_source(a, text, n), &dx);
    cvx_record *r2 = cvx_record_new(doc2, CVX_REC_BASICS, "test", cvx_span_make(0, (uint32_t)n));
    cvx_field *got = cvx_record_addn_lasting(doc2, r2, "summary", text, vlen, cvx_span_make(0, (uint32_t)vlen));
    CHECK(want && got, "%s: a field", c->name);
    if (want && got) {
      CHECK_STR(got->value, want->value, c->name);
      CHECK((got->value == text) == c->shared, "%s: %s", c->name, c->shared ? "not referenced" : "not copied");
      CHECK(r2->fields == got && r2->tail == got && !got->next, "%s: appended", c->name);
      CHECK(got->span.start == want->span.start && got->span.end == want->span.end, "%s: span", c->name);
      bool same_marks = true;
      for (size_t q = 0; q < n; q++) same_marks &= cvx_doc_mark(doc, q) == cvx_doc_mark(doc2, q);
      CHECK(same_marks, "%s: the same bytes taken", c->name);
    }
    cvx_arena_free(a);
  }
}

int main(void) {
  run_lasting();
  run_view();
  run_cases();
  run_pathological();
  return check_done("hidden");
}
