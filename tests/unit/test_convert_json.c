/* test_convert_json.c — records that fail the record schema and documents
 * that fail the resume schema, through cvx_convert_doc: the quick schema
 * check must leave diagnostics, dropped fields and JSON exactly as the full
 * validator made them (hashes taken from the build before the quick check). */
#include "convert.h"

#include "check.h"
#include "cvx.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv(const char *s, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
  return h;
}

static const struct {
  bool valid;
  size_t nerrors, nwarnings;
  uint64_t report, json;
  size_t json_len;
} want[3][2] = {
    {{true, 0, 5, 0x3df2e57c1458b19cULL, 0x1bf65913bc428e56ULL, 855},
     {true, 0, 5, 0x3df2e57c1458b19cULL, 0xc925fcc850a2cffbULL, 2186}},
    {{true, 0, 1, 0xe0467a44eb9f318fULL, 0xff7c22de05e09187ULL, 2477},
     {true, 0, 1, 0xe0467a44eb9f318fULL, 0x32fc8eb05fc7a1c7ULL, 15951}},
    {{false, 2, 0, 0x826ef46876d09a57ULL, 0xcbf29ce484222325ULL, 0},
     {false, 2, 0, 0x826ef46876d09a57ULL, 0xcbf29ce484222325ULL, 0}},
};

/* A doc over text in arena a (dx initialized here); NULL, with a failed
 * check and a, freed, when the text does not load. */
static cvx_doc *doc_of(cvx_arena *a, cvx_diags *dx, const char *text) {
  cvx_diags_init(dx, a);
  cvx_source *src = NULL;
  cvx_load_opts lo = {0};
  if (cvx_source_from_bytes(a, "t.md", (const unsigned char *)text, strlen(text), &lo, &src, dx) !=
      CVX_OK) {
    CHECK(0, "source");
    cvx_arena_free(a);
    return NULL;
  }
  return cvx_doc_new(a, src, dx);
}

/* Case 0: bad email, url and date, an unknown key, a news entry without its
 * required summary, a list with a repeat and escapes. Case 1: invalid UTF-8
 * in a value and in list items, a long list with repeats, a section.
 * Case 2: a certificate date the record schema takes and the resume schema
 * does not (the document is not written). */
static void run(int which, bool prov) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_diags dx;
  cvx_doc *doc = doc_of(a, &dx, "Jane Doe\nAcme Corp 2020-13\nnews line\ncert\n");
  if (!doc) return;
  cvx_span s1 = cvx_span_make(0, 8), s2 = cvx_span_make(9, 26), s3 = cvx_span_make(27, 36), s4 = cvx_span_make(37, 41);
  cvx_record *r;
  switch (which) {
  case 0:
    r = cvx_record_new(doc, CVX_REC_BASICS, "frontmatter", s1);
    cvx_record_add(doc, r, "name", "Jane Doe", s1);
    cvx_record_add(doc, r, "email", "jane at example", s1);
    cvx_record_add(doc, r, "url", "not a url", s1);
    cvx_record_add(doc, r, "location.city", "Paris", s1);
    r = cvx_record_new(doc, CVX_REC_WORK, "markdown", s2);
    cvx_record_add(doc, r, "name", "Acme Corp", s2);
    cvx_record_add(doc, r, "startDate", "2020-13", s2);
    cvx_record_add(doc, r, "foo", "bar", s2);
    cvx_record_add(doc, r, "highlights", "a", s2);
    cvx_record_add(doc, r, "highlights", "a", s2);
    cvx_record_add(doc, r, "highlights", "q\"b\\c\td\x01" "e", s2);
    r = cvx_record_new(doc, CVX_REC_NEWS, "prose", s3);
    cvx_record_add(doc, r, "date", "2020", s3);
    r = cvx_record_new(doc, CVX_REC_PROFILE, "text", s4);
    cvx_record_add(doc, r, "network", "GitHub", s4);
    cvx_record_add(doc, r, "url", "https://github.com/jane", s4);
    break;
  case 1:
    r = cvx_record_new(doc, CVX_REC_WORK, "markdown", s2);
    cvx_record_add(doc, r, "name", "Acme \xff Corp", s2);
    cvx_record_add(doc, r, "position", "Boss", s2);
    for (int i = 0; i < 40; i++) {
      char v[16];
      snprintf(v, sizeof v, "item %d", i % 23);
      cvx_record_add(doc, r, "highlights", v, s2);
      cvx_record_add(doc, r, "highlights", "bad \xfe", s2);
    }
    r = cvx_record_new(doc, CVX_REC_SKILL, "text", s3);
    cvx_record_add(doc, r, "name", "C", s3);
    cvx_record_add(doc, r, "keywords", "x\xc3", s3);
    r = cvx_record_new(doc, CVX_REC_SECTION, "text", s4);
    cvx_record_add(doc, r, "title", "Misc", s4);
    cvx_record_add(doc, r, "items", "one", s4);
    cvx_record_add(doc, r, "items", "one", s4);
    r = cvx_record_new(doc, CVX_REC_NEWS, "prose", s3);
    cvx_record_add(doc, r, "date", "2020-05", s3);
    cvx_record_add(doc, r, "summary", "Big news", s3);
    break;
  case 2:
    r = cvx_record_new(doc, CVX_REC_CERTIFICATE, "markdown", s4);
    cvx_record_add(doc, r, "name", "AWS", s4);
    cvx_record_add(doc, r, "date", "2020", s4);
    r = cvx_record_new(doc, CVX_REC_PUBLICATION, "markdown", s2);
    cvx_record_add(doc, r, "name", "Paper", s2);
    cvx_record_add(doc, r, "releaseDate", "2019-02-30", s2);
    break;
  }
  static const char *const ex[] = {"markdown", NULL};
  cvx_convert_opts o = {.want_json = true, .provenance = prov, .today = "2026-01"};
  cvx_result res;
  cvx_convert_doc(doc, ex, "t.md", &o, &res);
  char what[32];
  snprintf(what, sizeof what, "case %d prov %d", which, prov);
  CHECK(res.json_valid == want[which][prov].valid && res.nerrors == want[which][prov].nerrors &&
            res.nwarnings == want[which][prov].nwarnings,
        "%s: valid %d, %zu errors, %zu warnings", what, res.json_valid, res.nerrors, res.nwarnings);
  CHECK(fnv(res.report.ptr, res.report.len) == want[which][prov].report, "%s: report:\n%s", what,
        res.report.ptr);
  CHECK(res.json.len == want[which][prov].json_len &&
            fnv(res.json.ptr, res.json.len) == want[which][prov].json,
        "%s: json (%zu bytes):\n%s", what, res.json.len, res.json.ptr);
  cvx_result_free(&res);
  cvx_arena_free(a);
}

/* Strings of every length up to 40 with an escaped byte (or a multibyte
 * character) at every offset, and plain ones, in list items: the writer's
 * fast paths must give exactly what json_dumps gives for the same value. */
static void test_writer_escapes(void) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_diags dx;
  cvx_doc *doc = doc_of(a, &dx, "Jane Doe\n");
  if (!doc) return;
  cvx_span sp = cvx_span_make(0, 8);
  cvx_record *r = cvx_record_new(doc, CVX_REC_WORK, "markdown", sp);
  cvx_record_add(doc, r, "name", "Acme", sp);
  static const char *const specials[] = {"\"", "\\", "\t", "\x01", "\x1f", "\xc3\xa9", "/", "~"};
  for (size_t n = 1; n <= 40; n++)
    for (size_t at = 0; at < n; at += 3)
      for (size_t k = 0; k < sizeof specials / sizeof *specials; k++) {
        char v[64];
        size_t o = 0;
        for (size_t i = 0; i < n; i++) {
          if (i == at) {
            memcpy(v + o, specials[k], strlen(specials[k]));
            o += strlen(specials[k]);
          } else {
            v[o++] = (char)('a' + (i + k) % 26);
          }
        }
        v[o] = '\0';
        cvx_record_add(doc, r, "highlights", cvx_arena_strdup(a, v), sp);
      }
  static const char *const ex[] = {"markdown", NULL};
  cvx_convert_opts o = {.want_json = true, .today = "2026-01"};
  cvx_result res;
  cvx_convert_doc(doc, ex, "t.md", &o, &res);
  json_error_t je;
  json_t *j = res.json_valid ? json_loadb(res.json.ptr, res.json.len, 0, &je) : NULL;
  CHECK(j != NULL, "writer escapes: output does not parse");
  if (j) {
    char *d = json_dumps(j, JSON_PRESERVE_ORDER | JSON_INDENT(2) | JSON_REAL_PRECISION(6));
    CHECK(d && strlen(d) + 1 == res.json.len && memcmp(d, res.json.ptr, res.json.len - 1) == 0,
          "writer escapes: output differs from json_dumps");
    free(d);
    json_decref(j);
  }
  cvx_result_free(&res);
  cvx_arena_free(a);
}

int main(void) {
  if (!cvx_convert_init()) {
    CHECK(0, "cvx_convert_init");
    return check_done("convert_json");
  }
  for (int w = 0; w < 3; w++)
    for (int p = 0; p < 2; p++) run(w, p);
  test_writer_escapes();
  cvx_convert_cleanup();
  return check_done("convert_json");
}
