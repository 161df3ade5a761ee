/* test_report_html.c — the review page (report_html.c): every value span of
 * the JSON gets a highlight that links to its field, elements nest properly
 * whatever the spans do, hostile text stays text, huge sources are cut. */
#include "check.h"
#include "report_html.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* True when every element of html is closed in order (void elements and the
 * doctype aside). Input text is escaped, so every '<' is markup. */
static bool well_nested(const char *html) {
  static const char *const voids[] = {"meta", "link", "input", "br", "!DOCTYPE", NULL};
  char stack[512][16];
  size_t depth = 0;
  for (const char *p = strchr(html, '<'); p; p = strchr(p + 1, '<')) {
    bool close = p[1] == '/';
    const char *n = p + 1 + close;
    size_t len = strcspn(n, " >\n");
    if (len == 0 || len >= 16) return false;
    char name[16];
    memcpy(name, n, len);
    name[len] = '\0';
    bool is_void = false;
    for (size_t i = 0; voids[i]; i++) is_void |= strcmp(voids[i], name) == 0;
    if (is_void) continue;
    if (close) {
      if (!depth || strcmp(stack[depth - 1], name) != 0) {
        fprintf(stderr, "  misnested </%s> at byte %zu\n", name, (size_t)(p - html));
        return false;
      }
      depth--;
    } else {
      if (depth == 512) return false;
      memcpy(stack[depth++], name, len + 1);
    }
  }
  return depth == 0;
}

static size_t count(const char *s, const char *needle) {
  size_t n = 0;
  for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

/* Value spans of a JSON Resume's provenance that cover at least a byte. */
static size_t value_spans(const cvx_result *res) {
  json_t *d = json_loadb(res->json.ptr, res->json.len, 0, NULL);
  json_t *prov = json_object_get(json_object_get(json_object_get(d, "meta"), "cvx"), "provenance"), *p;
  size_t i, n = 0;
  json_array_foreach(prov, i, p) {
    if (!json_object_get(p, "endLine")) continue;
    json_int_t l1 = json_integer_value(json_object_get(p, "line")), c1 = json_integer_value(json_object_get(p, "column"));
    json_int_t l2 = json_integer_value(json_object_get(p, "endLine")), c2 = json_integer_value(json_object_get(p, "endColumn"));
    n += l2 > l1 || c2 > c1;
  }
  json_decref(d);
  return n;
}

/* True when p is inside a tag: the last '<' or '>' before it is '<' (input
 * text is escaped, so its '<' and '>' are references). */
static bool in_tag(const char *html, const char *p) {
  const char *lt = p, *gt = p;
  while (lt > html && *lt != '<') lt--;
  while (gt > html && *gt != '>') gt--;
  return *lt == '<' && lt > gt;
}

/* Every data-f="fN" names an element with id="fN"; every href is one of ours
 * or http(s)/mailto; no event handler, no script but report.js. */
static void check_links(const char *html, const char *ctx) {
  size_t bad = 0;
  for (const char *p = strstr(html, "data-f=\""); p; p = strstr(p + 1, "data-f=\"")) {
    char id[32];
    size_t n = strcspn(p + 8, "\"");
    if (n >= sizeof id - 6) continue;
    snprintf(id, sizeof id, "id=\"%.*s\"", (int)n, p + 8);
    bad += !strstr(html, id);
  }
  CHECK(bad == 0, "%s: %zu highlights link to no field", ctx, bad);
  bad = 0;
  for (const char *p = strstr(html, "href=\""); p; p = strstr(p + 1, "href=\"")) {
    const char *v = p + 6;
    if (!in_tag(html, p)) continue; /* text that reads href=, not an attribute */
    bad += !(v[0] == '#' || strncmp(v, "../", 3) == 0 || strncmp(v, "http://", 7) == 0 ||
             strncmp(v, "https://", 8) == 0 || strncmp(v, "mailto:", 7) == 0);
  }
  CHECK(bad == 0, "%s: %zu hrefs are not ours nor http(s)/mailto", ctx, bad);
  CHECK(count(html, "<script") == 1 && strstr(html, "<script src=\"../report.js\" defer></script>"),
        "%s: a script other than report.js", ctx);
  size_t handlers = 0;
  for (const char *p = strstr(html, " on"); p; p = strstr(p + 1, " on")) {
    const char *q = p + 3;
    while (*q >= 'a' && *q <= 'z') q++;
    handlers += *q == '=' && in_tag(html, p);
  }
  CHECK(handlers == 0, "%s: %zu on*= attributes inside tags", ctx, handlers);
  size_t styles = 0;
  for (const char *p = strstr(html, "style="); p; p = strstr(p + 1, "style=")) styles += in_tag(html, p);
  CHECK(styles == 0, "%s: an inline style", ctx);
}

static void page_of(const char *name, const char *text, size_t n, cvx_buf *out, cvx_report_row *row,
                    cvx_result *res) {
  cvx_convert_opts o = {.want_json = true, .provenance = true, .want_source = true, .today = "2026-09"};
  cvx_convert_bytes(name, (const unsigned char *)text, n, &o, res);
  cvx_report_page(name, res, out, row);
}

static const char fixture[] =
    "# Ada Quill\n"
    "Data engineer · Lisbon, Portugal · ada@example.org · https://ada.example.org\n"
    "\n"
    "## Experience\n"
    "* Senior Data Engineer, Tidewater Analytics, 2019-present\n"
    "  * Built the ingestion pipeline\n"
    "* Data Analyst, Harbor Bank, 2015-2019\n"
    "\n"
    "## Education\n"
    "* MSc in Statistics, University of Porto, 2015\n"
    "\n"
    "## Skills\n"
    "**Languages**: Python, SQL, Go\n"
    "\n"
    "Some closing words nobody reads.\n";

static const char hostile[] =
    "# <script>alert('name')</script> Mallory\n"
    "mallory@example.org · [site](javascript:alert(1)) · <img src=x onerror=alert(2)>\n"
    "\xE2\x80\xAE" "fdp.exe \xC3( broken \xFF bytes\n"
    "\n"
    "## Experience\n"
    "* <b onmouseover=\"alert(3)\">Engineer</b>, Evil\" onclick=\"alert(4) Corp, 2019-2020\n"
    "* Tester, [Acme](data:text/html;base64,PHNjcmlwdD4=), 2017-2018\n"
    "\n"
    "## Links\n"
    "* <a href=\"javascript:alert(5)\">click</a>\n"
    "* <iframe src=\"https://evil.example\"></iframe><style>body{display:none}</style>\n";

/* NFC joined letters before and at the end of a value: the highlight still
 * covers exactly the value, though its columns count the file's code points. */
static void test_nfc_spans(void) {
  static const char text[] = "# Nystro\xCC\x88m Jose\xCC\x81\n\nA\xCC\x8A Engineer at Acme. Mail: jose\xCC\x81@example.org\n";
  cvx_buf out = CVX_BUF_INIT;
  cvx_report_row row;
  cvx_result res;
  page_of("nfd.md", text, sizeof text - 1, &out, &row, &res);
  CHECK(strstr(out.ptr, "title=\"/basics/name\" id=\"s0\">Nystr\xC3\xB6m Jos\xC3\xA9</mark>") != NULL,
        "nfd: the name's highlight is not the whole composed name");
  CHECK(strstr(res.json.ptr, "\"endColumn\": 17") != NULL, "nfd: the name ends at the file's column 17");
  cvx_report_row_free(&row);
  cvx_buf_free(&out);
  cvx_result_free(&res);
}

int main(void) {
  if (!cvx_convert_init()) return 1;
  test_nfc_spans();

  cvx_buf out = CVX_BUF_INIT;
  cvx_report_row row;
  cvx_result res;
  page_of("ada.md", fixture, sizeof fixture - 1, &out, &row, &res);
  size_t spans = value_spans(&res);
  CHECK(spans >= 10, "fixture: only %zu value spans in the JSON", spans);
  CHECK(row.nspans == spans, "fixture: %zu highlights for %zu spans", row.nspans, spans);
  CHECK(count(out.ptr, "<mark class=\"hl") >= spans, "fixture: fewer marks than spans");
  for (size_t i = 0; i < spans; i++) {
    char id[32];
    snprintf(id, sizeof id, " id=\"s%zu\"", i);
    CHECK(count(out.ptr, id) == 1, "fixture: span %zu has %zu elements with its id", i, count(out.ptr, id));
  }
  CHECK(well_nested(out.ptr), "fixture: elements misnested");
  check_links(out.ptr, "fixture");
  CHECK_STR(row.name, "Ada Quill", "fixture: row name");
  CHECK(row.counts[CVX_REPORT_WORK] == 2 && row.counts[CVX_REPORT_EDUCATION] == 1, "fixture: counts %u %u",
        row.counts[CVX_REPORT_WORK], row.counts[CVX_REPORT_EDUCATION]);
  CHECK(strstr(out.ptr, "class=\"hl s-work\"") && strstr(out.ptr, "class=\"hl s-education\"") &&
            strstr(out.ptr, "class=\"hl s-basics\""),
        "fixture: a section colour is missing");
  CHECK(strstr(out.ptr, "Content-Security-Policy") != NULL, "fixture: no CSP");
  CHECK(strstr(out.ptr, "<span class=\"unread\"") != NULL, "fixture: unread text not marked");
  CHECK(strstr(out.ptr, "id=\"json\"") != NULL, "fixture: no JSON view");
  cvx_report_row_free(&row);
  cvx_result_free(&res);
  cvx_buf_clear(&out);

  page_of("evil.md", hostile, sizeof hostile - 1, &out, &row, &res);
  CHECK(well_nested(out.ptr), "hostile: elements misnested");
  check_links(out.ptr, "hostile");
  CHECK(!strstr(out.ptr, "<img") && !strstr(out.ptr, "<iframe") && !strstr(out.ptr, "<style") &&
            !strstr(out.ptr, "<b "),
        "hostile: an input tag became markup");
  CHECK(strstr(out.ptr, "[U+202E]") != NULL, "hostile: the RTL override is not shown as text");
  CHECK(strstr(out.ptr, "\xE2\x80\xAE") == NULL, "hostile: the RTL override reached the page");
  CHECK(row.nspans == value_spans(&res), "hostile: %zu highlights", row.nspans);
  cvx_report_row_free(&row);
  cvx_result_free(&res);
  cvx_buf_clear(&out);

  /* overlapping spans (hand-made result): each is cut into fragments that
   * nest, and the first fragment of each carries its id */
  cvx_result r;
  memset(&r, 0, sizeof r);
  cvx_buf_init(&r.json);
  cvx_buf_init(&r.source);
  cvx_buf_puts(&r.source, "abcdefghijkl\nmnopq\nrst\n");
  cvx_buf_puts(&r.json,
               "{\"basics\": {\"name\": \"abcdefghi\", \"label\": \"efghijkl mn\"},"
               " \"work\": [{\"name\": \"cdef\", \"position\": \"nopq rs\"}],"
               " \"meta\": {\"cvx\": {\"provenance\": ["
               "{\"path\": \"/basics/name\", \"line\": 1, \"column\": 1, \"endLine\": 1, \"endColumn\": 10},"
               "{\"path\": \"/basics/label\", \"line\": 1, \"column\": 5, \"endLine\": 2, \"endColumn\": 3},"
               "{\"path\": \"/work/0/name\", \"line\": 1, \"column\": 3, \"endLine\": 1, \"endColumn\": 7},"
               "{\"path\": \"/work/0/position\", \"line\": 2, \"column\": 2, \"endLine\": 3, \"endColumn\": 3},"
               "{\"path\": \"/work/0\", \"line\": 1, \"column\": 1},"
               "{\"path\": \"/work/0/url\", \"line\": 9, \"column\": 1, \"endLine\": 9, \"endColumn\": 3}],"
               " \"unmapped\": [{\"line\": 3, \"text\": \"st\"}]}}}\n");
  r.status = CVX_OK;
  cvx_report_page("overlap.md", &r, &out, &row);
  CHECK(well_nested(out.ptr), "overlap: elements misnested");
  CHECK(row.nspans == 4, "overlap: %zu highlights, want 4", row.nspans);
  for (int i = 0; i < 4; i++) {
    char id[32];
    snprintf(id, sizeof id, " id=\"s%d\"", i);
    CHECK(count(out.ptr, id) == 1, "overlap: span %d has %zu first fragments", i, count(out.ptr, id));
  }
  CHECK(count(out.ptr, "<span class=\"unread\" title=") == 2, "overlap: the unread text is not in two fragments");
  check_links(out.ptr, "overlap");
  cvx_report_row_free(&row);
  cvx_buf_clear(&out);

  /* a source over the page limit is cut at the limit, with a note */
  size_t big = CVX_REPORT_SOURCE_MAX * 3;
  cvx_buf_clear(&r.source);
  cvx_buf_reserve(&r.source, big);
  for (size_t i = 0; i < big / 64; i++) cvx_buf_puts(&r.source, "<b>x</b> \xC3\xA9\xC3\xA9\xC3\xA9 some long line of words that goes on and on\n");
  cvx_report_page("big.md", &r, &out, &row);
  CHECK(out.len < 3 * CVX_REPORT_SOURCE_MAX + CVX_REPORT_JSON_MAX, "big: the page is %zu bytes", out.len);
  CHECK(strstr(out.ptr, "only the first") != NULL, "big: no note that the source is cut");
  CHECK(well_nested(out.ptr), "big: elements misnested");
  cvx_report_row_free(&row);
  cvx_result_free(&r);
  cvx_buf_free(&out);
  cvx_convert_cleanup();
  return check_done("report_html");
}
