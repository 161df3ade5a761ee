/* test_emit_csv.c — the CSV serializers: golden header and rows, quoting,
 * formula-injection neutralisation, control characters, Excel mode bytes,
 * failed inputs, years of experience and the long entries format.
 * Set CVX_EMIT_DUMP=dir to also write each output there (for check-csv.py). */
#include "emit.h"

#include "check.h"

#include <stdlib.h>

typedef struct fixture {
  cvx_arena *a;
  cvx_source src;
  cvx_diags dx;
  cvx_doc *doc;
  uint32_t lines[64];
} fixture;

/* A document over text (line map built here, at most 64 lines). */
static void fx_init(fixture *f, const char *path, const char *text) {
  f->a = cvx_arena_new(64 * 1024);
  size_t n = 0;
  f->lines[n++] = 0;
  for (size_t i = 0; text[i] && n < 64; i++)
    if (text[i] == '\n' && text[i + 1]) f->lines[n++] = (uint32_t)(i + 1);
  f->src =
      (cvx_source){.path = path, .text = text, .len = strlen(text), .lines = f->lines, .nlines = n};
  cvx_diags_init(&f->dx, f->a);
  f->doc = cvx_doc_new(f->a, &f->src, &f->dx);
}

static void fx_free(fixture *f) { cvx_arena_free(f->a); }

static cvx_record *rec(fixture *f, cvx_rec_kind k) {
  return cvx_record_new(f->doc, k, "markdown", CVX_NOSPAN);
}

static void add(fixture *f, cvx_record *r, const char *key, const char *value) {
  cvx_record_add(f->doc, r, key, value, CVX_NOSPAN);
}

/* Adds a field kept byte for byte (cvx_record_add trims and collapses
 * whitespace, which would hide what the serializer must handle). */
static void add_raw(fixture *f, cvx_record *r, const char *key, const char *value, cvx_span span) {
  cvx_field *fl = cvx_record_add(f->doc, r, key, "x", span);
  fl->value = cvx_arena_strdup(f->a, value);
}

static int dumped;

/* Writes text to $CVX_EMIT_DUMP/csv-N.csv when that variable is set. */
static void dump(const char *text) {
  const char *dir = getenv("CVX_EMIT_DUMP");
  if (!dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/csv-%02d.csv", dir, ++dumped);
  FILE *fp = fopen(path, "wb");
  if (!fp) return;
  fputs(text, fp);
  fclose(fp);
}

static const cvx_csv_opts plain = {false, "2026-11"};

static void test_header(void) {
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_csv_header(&plain, &out);
  CHECK_STR(out.ptr,
            "source,name,email,phone,city,region,country,headline,current_position,"
            "current_organization,degree,degree_field,degree_institution,degree_year,linkedin,"
            "github,google_scholar,orcid,website,skills,languages,n_work,n_education,"
            "n_publications,n_awards,years_experience,status,warnings\n",
            "csv header");
  cvx_buf_clear(&out);
  cvx_emit_entries_header(NULL, &out);
  CHECK_STR(out.ptr, "source,section,entry,field,value,line\n", "entries header");
  cvx_buf_free(&out);
}

/* A full CV: every column filled, as a golden row. */
static void build_full(fixture *f) {
  cvx_record *r = rec(f, CVX_REC_BASICS);
  add(f, r, "name", "Jane Doe");
  add(f, r, "label", "Staff Engineer, Platform");
  add(f, r, "email", "jane@example.org");
  add(f, r, "phone", "+1 555 0100");
  add(f, r, "url", "https://jane.dev");
  add(f, r, "location.city", "Zürich");
  add(f, r, "location.countryCode", "CH");
  r = rec(f, CVX_REC_PROFILE);
  add(f, r, "network", "GitHub");
  add(f, r, "username", "jdoe");
  add(f, r, "url", "https://github.com/jdoe");
  r = rec(f, CVX_REC_PROFILE);
  add(f, r, "network", "Linked In");
  add(f, r, "url", "https://www.linkedin.com/in/jdoe");
  r = rec(f, CVX_REC_PROFILE);
  add(f, r, "network", "Scholar");
  add(f, r, "url", "https://scholar.google.com/citations?user=abc&hl=en");
  r = rec(f, CVX_REC_PROFILE);
  add(f, r, "network", "ORCID");
  add(f, r, "username", "0000-0002-1825-0097");
  static const char *const work[][4] = {
      {"Acme", "Engineer", "2015-01", "2018-06"},
      {"Beta", "Senior Engineer", "2018-01", "2020-12"},
      {"Gamma", "Staff Engineer", "2021-03", NULL},
      {"Delta", "Advisor", NULL, NULL},
  };
  for (int k = 0; k < 4; k++) {
    r = rec(f, CVX_REC_WORK);
    add(f, r, "name", work[k][0]);
    add(f, r, "position", work[k][1]);
    if (work[k][2]) add(f, r, "startDate", work[k][2]);
    if (work[k][3]) add(f, r, "endDate", work[k][3]);
  }
  r = rec(f, CVX_REC_EDUCATION);
  add(f, r, "institution", "University of Leeds");
  add(f, r, "studyType", "BS");
  add(f, r, "area", "Computer Science");
  add(f, r, "startDate", "2010");
  add(f, r, "endDate", "2014");
  r = rec(f, CVX_REC_EDUCATION);
  add(f, r, "institution", "ETH Zürich");
  add(f, r, "studyType", "MS");
  add(f, r, "area", "Computer Science");
  add(f, r, "endDate", "2016-09");
  r = rec(f, CVX_REC_SKILL);
  add(f, r, "name", "Languages");
  add(f, r, "keywords", "C");
  add(f, r, "keywords", "Go");
  r = rec(f, CVX_REC_SKILL);
  add(f, r, "name", "Tools");
  add(f, r, "keywords", "Docker");
  add(f, rec(f, CVX_REC_LANGUAGE), "language", "English");
  r = rec(f, CVX_REC_LANGUAGE);
  add(f, r, "language", "German");
  add(f, r, "fluency", "B2");
  add(f, rec(f, CVX_REC_PUBLICATION), "name", "Paper One");
  add(f, rec(f, CVX_REC_PUBLICATION), "name", "Paper Two");
  add(f, rec(f, CVX_REC_AWARD), "title", "Best Paper");
}

static void test_row(void) {
  fixture f;
  fx_init(&f, "cvs/jane.md", "");
  build_full(&f);
  cvx_csv_row_info info = {"cvs/jane.md", "warnings", 2};
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_csv_header(&plain, &out);
  cvx_emit_csv_row(f.doc, &info, &plain, &out);
  cvx_emit_csv_row(NULL, &(cvx_csv_row_info){"bad.md", "error", 1}, &plain, &out);
  CHECK_STR(out.ptr + strlen(CVX_CSV_COLUMNS) + 1,
            "cvs/jane.md,Jane Doe,jane@example.org,'+1 555 0100,Zürich,,CH,"
            "\"Staff Engineer, Platform\",Staff Engineer,Gamma,MS,Computer Science,ETH Zürich,"
            "2016,https://www.linkedin.com/in/jdoe,https://github.com/jdoe,"
            "https://scholar.google.com/citations?user=abc&hl=en,0000-0002-1825-0097,"
            "https://jane.dev,Languages; C; Go; Tools; Docker,English; German,4,2,2,1,11.7,"
            "warnings,2\n"
            "bad.md,,,,,,,,,,,,,,,,,,,,,,,,,,error,1\n",
            "full row and failed row");
  dump(out.ptr);

  /* no row info: source, status and warnings come from the document */
  cvx_buf_clear(&out);
  cvx_diag_add(&f.dx, CVX_WARNING, "test.warn", CVX_NOSPAN, "w");
  cvx_emit_csv_row(f.doc, NULL, &plain, &out);
  CHECK(strncmp(out.ptr, "cvs/jane.md,", 12) == 0 && strstr(out.ptr, ",11.7,warnings,1\n"),
        "derived info: %s", out.ptr);
  cvx_buf_clear(&out);
  cvx_diag_add(&f.dx, CVX_ERROR, "test.err", CVX_NOSPAN, "e");
  cvx_emit_csv_row(f.doc, &(cvx_csv_row_info){NULL, NULL, 0}, &plain, &out);
  CHECK(strstr(out.ptr, ",11.7,error,0\n") != NULL, "derived status: %s", out.ptr);
  cvx_buf_clear(&out);
  cvx_emit_csv_row(NULL, NULL, NULL, &out);
  CHECK_STR(out.ptr, ",,,,,,,,,,,,,,,,,,,,,,,,,,error,0\n", "NULL doc and info");
  cvx_buf_free(&out);
  fx_free(&f);

  /* an empty document: counts are 0, derived values empty */
  fx_init(&f, "empty.md", "");
  cvx_emit_csv_row(f.doc, &(cvx_csv_row_info){"empty.md", "ok", 0}, &plain, &out);
  CHECK_STR(out.ptr, "empty.md,,,,,,,,,,,,,,,,,,,,,0,0,0,0,,ok,0\n", "empty doc");
  cvx_buf_free(&out);
  fx_free(&f);
}

/* Column idx of a row without quoted cells, into cellbuf. */
static const char *column(const char *row, int idx, char cellbuf[64]) {
  for (int k = 0; k < idx && row; k++) {
    row = strchr(row, ',');
    if (row) row++;
  }
  size_t n = row ? strcspn(row, ",\n") : 0;
  if (n > 63) n = 63;
  if (row) memcpy(cellbuf, row, n);
  cellbuf[n] = '\0';
  return cellbuf;
}

static void test_years(void) {
  static const struct {
    const char *today;
    const char *iv[4][2]; /* start, end; NULL start ends the list */
    const char *want;
  } cases[] = {
      {"2026-11", {{NULL, NULL}}, ""},
      {"2026-11", {{"2019", "2019"}}, "1.0"},
      {"2026-11", {{"2019-03", "2019-03"}}, "0.0"},
      {"2020-06", {{"2020-01", NULL}}, "0.5"},
      {NULL, {{"2020-01", NULL}}, ""},
      {NULL, {{"2020-01", NULL}, {"2018-01", "2018-12"}}, "1.0"},
      {"2026-11", {{"2027-01", NULL}}, ""},
      {"2026-11", {{"2025-01", "2028-12"}}, "1.9"},
      {"2026-11", {{"2010-01", "2012-12"}, {"2011-06", "2013-05"}, {"2015-01", "2015-12"}}, "4.4"},
      {"2026-11", {{"2010-01", "2010-06"}, {"2010-07", "2010-12"}}, "1.0"},
      {"2026-11", {{"2010-01-15", "2010-12-01"}}, "1.0"},
      {"2026-11", {{"soon", "2010"}}, ""},
      {"2026-11", {{"2010-13", "2010"}}, "1.0"},
      {"2026-11", {{"2012", "2010"}}, ""},
      {"2026-11", {{"2012", "later"}}, ""},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    fixture f;
    fx_init(&f, "cv.md", "");
    for (int j = 0; j < 4 && cases[k].iv[j][0]; j++) {
      cvx_record *r = rec(&f, CVX_REC_WORK);
      add(&f, r, "startDate", cases[k].iv[j][0]);
      if (cases[k].iv[j][1]) add(&f, r, "endDate", cases[k].iv[j][1]);
    }
    rec(&f, CVX_REC_WORK); /* an undated job never counts */
    cvx_csv_opts o = {false, cases[k].today};
    cvx_buf out = CVX_BUF_INIT;
    cvx_emit_csv_row(f.doc, &(cvx_csv_row_info){"cv.md", "ok", 0}, &o, &out);
    char cellbuf[64];
    CHECK_STR(column(out.ptr, 25, cellbuf), cases[k].want, "years_experience");
    if (strcmp(cellbuf, cases[k].want)) fprintf(stderr, "  case %zu: %s", k, out.ptr);
    cvx_buf_free(&out);
    fx_free(&f);
  }
}

/* Current job and latest degree selection. */
static void test_current(void) {
  fixture f;
  fx_init(&f, "cv.md", "");
  static const char *const work[][3] = {
      {"Old", "2010", NULL},    {"Ended", "2024-01", "2024-06"}, {"Late", "2022-05", NULL},
      {"Tie", "2022-05", NULL}, {"Undated", NULL, NULL},
  };
  for (int k = 0; k < 5; k++) {
    cvx_record *r = rec(&f, CVX_REC_WORK);
    add(&f, r, "name", work[k][0]);
    if (work[k][1]) add(&f, r, "startDate", work[k][1]);
    if (work[k][2]) add(&f, r, "endDate", work[k][2]);
  }
  cvx_record *r = rec(&f, CVX_REC_EDUCATION);
  add(&f, r, "institution", "Undated U");
  r = rec(&f, CVX_REC_EDUCATION);
  add(&f, r, "institution", "Started U");
  add(&f, r, "studyType", "PhD");
  add(&f, r, "startDate", "2022-01");
  r = rec(&f, CVX_REC_EDUCATION);
  add(&f, r, "institution", "Ended U");
  add(&f, r, "endDate", "2021");
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_csv_row(f.doc, &(cvx_csv_row_info){"cv.md", "ok", 0}, &plain, &out);
  char c1[64], c2[64], c3[64], c4[64];
  CHECK_STR(column(out.ptr, 9, c1), "Late",
            "current organization: latest open start, first on tie");
  CHECK_STR(column(out.ptr, 10, c2), "PhD",
            "degree: startDate 2022-01 is after endDate 2021 (December)");
  CHECK_STR(column(out.ptr, 12, c3), "Started U", "degree institution");
  CHECK_STR(column(out.ptr, 13, c4), "", "degree year: no endDate");
  cvx_buf_free(&out);
  fx_free(&f);

  fx_init(&f, "cv.md", "");
  r = rec(&f, CVX_REC_EDUCATION);
  add(&f, r, "institution", "Only U");
  rec(&f, CVX_REC_WORK);
  cvx_emit_csv_row(f.doc, &(cvx_csv_row_info){"cv.md", "ok", 0}, &plain, &out);
  CHECK_STR(column(out.ptr, 12, c1), "Only U", "undated education when nothing is dated");
  CHECK_STR(column(out.ptr, 9, c2), "", "no current job without a start");
  cvx_buf_free(&out);
  fx_free(&f);
}

/* One cell through the entries format: the row's value column. */
static void test_cells(void) {
  static const struct {
    const char *in, *want;
  } cases[] = {
      {"plain", "plain"},
      {"=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"},
      {"@SUM(1)", "'@SUM(1)"},
      {"+1 555 0100", "'+1 555 0100"},
      {"-2", "'-2"},
      {"-3.5", "'-3.5"},
      {"-", "'-"},
      {"\t=1", "'\t=1"},
      {"  =1", "'  =1"},
      {"\"=1", "\"'\"\"=1\""},
      {"'=1", "''=1"},
      {"\"' @x", "\"'\"\"' @x\""},
      {" - 5", "' - 5"},
      {"=1,2", "\"'=1,2\""},
      {"\r=x", "\"'\r=x\""},
      {"\n+x", "\"'\n+x\""},
      {"1+1", "1+1"},
      {"a=b", "a=b"},
      {"\xef\xbc\x9d"
       "1",
       "\xef\xbc\x9d"
       "1"},
      {"a,b", "\"a,b\""},
      {"say \"hi\"", "\"say \"\"hi\"\"\""},
      {"a\nb", "\"a\nb\""},
      {"a\r\nb", "\"a\r\nb\""},
      {" lead", "\" lead\""},
      {"trail ", "\"trail \""},
      {"x\x01y\x7f", "\"x y \""},
      {"\x1b[31mred", "\" [31mred\""},
      {"nel\xc2\x85", "\"nel \""},
      {"ls\xe2\x80\xa8x", "ls x"},
      {"bad\xff", "bad\xef\xbf\xbd"},
      {"Zürich 東京 🚀", "Zürich 東京 🚀"},
      /* cells scanned eight bytes at a time: what decides quoting may sit in
       * any chunk, the overlapping last one, or after a non-ASCII byte */
      {"\xf0\x9f\x92\xbb I hold a degree, and more",
       "\"\xf0\x9f\x92\xbb I hold a degree, and more\""},
      {"Zürich is a city in Switzerland, yes", "\"Zürich is a city in Switzerland, yes\""},
      {"abcdefghijklmnopqrstuvw,", "\"abcdefghijklmnopqrstuvw,\""},
      {"abcdefghijklmnopqrstu\"vw", "\"abcdefghijklmnopqrstu\"\"vw\""},
      {"abcdefghijklmnopq\nrstuvw", "\"abcdefghijklmnopq\nrstuvw\""},
      {"abcdefgh\x01ijklmnop", "abcdefgh ijklmnop"},
      {"abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyz"},
      {"ab,c", "\"ab,c\""},
      /* and sixteen at a time: lengths around 16 and 32, the deciding byte
       * in the first, the last or the overlapping chunk */
      {"abcdefghijklmno", "abcdefghijklmno"},
      {"abcdefghijklmnop", "abcdefghijklmnop"},
      {"abcdefghijklmnopq", "abcdefghijklmnopq"},
      {"abcdefghijklmnopqrstuvwxyz01234", "abcdefghijklmnopqrstuvwxyz01234"},
      {"abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwxyz012345"},
      {"abcdefghijklmnopqrstuvwxyz0123456", "abcdefghijklmnopqrstuvwxyz0123456"},
      {",bcdefghijklmnopqrstuvwxyz0123456", "\",bcdefghijklmnopqrstuvwxyz0123456\""},
      {"abcdefghijklmnopqrstuvwxyz012345,", "\"abcdefghijklmnopqrstuvwxyz012345,\""},
      {"abcdefghijklmnop\"rstuvwxyz0123456", "\"abcdefghijklmnop\"\"rstuvwxyz0123456\""},
      {"abcdefghijklmnopqrstuvwxyz01234\x7f", "\"abcdefghijklmnopqrstuvwxyz01234 \""},
      {"abcdefghijklmnop\x7frstuvwxyz01234", "abcdefghijklmnop rstuvwxyz01234"},
      {"abcdefghijklmnopqrstuvwxyz01234\t", "abcdefghijklmnopqrstuvwxyz01234\t"},
      {"abcdefghijklmnopqrstuvwxyz01234\xc3\xa9", "abcdefghijklmnopqrstuvwxyz01234\xc3\xa9"},
      {" bcdefghijklmnopqrstuvwxyz0123456", "\" bcdefghijklmnopqrstuvwxyz0123456\""},
      {"abcdefghijklmnopqrstuvwxyz012345 ", "\"abcdefghijklmnopqrstuvwxyz012345 \""},
      {"=bcdefghijklmnopqrstuvwxyz0123456", "'=bcdefghijklmnopqrstuvwxyz0123456"},
      {"=bcdefghijklmnopqrstuvwxyz012345,", "\"'=bcdefghijklmnopqrstuvwxyz012345,\""},
      {"  -cdefghijklmnopqrstuvwxyz012345 ", "\"'  -cdefghijklmnopqrstuvwxyz012345 \""},
  };
  fixture f;
  fx_init(&f, "cv.md", "");
  cvx_record *r = rec(&f, CVX_REC_BASICS);
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    add_raw(&f, r, "name", cases[k].in, CVX_NOSPAN);
  cvx_buf out = CVX_BUF_INIT, want = CVX_BUF_INIT;
  cvx_emit_entries_header(&plain, &out);
  cvx_emit_entries_rows(f.doc, NULL, &plain, &out);
  const char *p = out.ptr + strlen(CVX_ENTRIES_COLUMNS) + 1;
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    cvx_buf_clear(&want);
    cvx_buf_printf(&want, "cv.md,basics,1,name,%s,\n", cases[k].want);
    bool ok = strncmp(p, want.ptr, want.len) == 0;
    CHECK(ok, "cell case %zu: want %s", k, want.ptr);
    if (!ok) break;
    p += want.len;
  }
  CHECK(*p == '\0', "cells: trailing output %s", p);
  dump(out.ptr);
  cvx_buf_free(&want);
  cvx_buf_free(&out);
  fx_free(&f);

  /* an over-long cell is cut at a UTF-8 boundary and ends in "…" */
  fx_init(&f, "cv.md", "");
  cvx_buf big = CVX_BUF_INIT;
  for (int k = 0; k < 20000; k++) cvx_buf_puts(&big, "\xc3\xa9");
  add(&f, rec(&f, CVX_REC_BASICS), "summary", big.ptr);
  cvx_emit_entries_rows(f.doc, NULL, &plain, &out);
  const char *v = out.ptr + strlen("cv.md,basics,1,summary,");
  const char *e = strchr(v, ',');
  size_t len = e ? (size_t)(e - v) : 0;
  CHECK(len <= CVX_CSV_MAX_CELL && len > CVX_CSV_MAX_CELL - 4 &&
            memcmp(v + len - 3, "\xE2\x80\xA6", 3) == 0 && memcmp(v + len - 5, "\xc3\xa9", 2) == 0,
        "long cell: %zu bytes", len);
  cvx_buf_free(&big);
  cvx_buf_free(&out);
  fx_free(&f);

  /* the same for a cleaned cell of ASCII runs: cut so that "…" fits */
  for (int lead = 0; lead < 2; lead++) {
    fx_init(&f, "cv.md", "");
    cvx_buf_clear(&big);
    if (lead) cvx_buf_puts(&big, "\xc3\xa9");
    for (int k = 0; k < 40000; k++) cvx_buf_putc(&big, 'a');
    cvx_buf_putc(&big, '\x01');
    add_raw(&f, rec(&f, CVX_REC_BASICS), "summary", big.ptr, CVX_NOSPAN);
    cvx_emit_entries_rows(f.doc, NULL, &plain, &out);
    v = out.ptr + strlen("cv.md,basics,1,summary,");
    e = strchr(v, ',');
    len = e ? (size_t)(e - v) : 0;
    size_t as = 0;
    while (v[(lead ? 2 : 0) + as] == 'a') as++;
    CHECK(len == CVX_CSV_MAX_CELL && as == CVX_CSV_MAX_CELL - 3 - (lead ? 2 : 0) &&
              memcmp(v + len - 3, "\xE2\x80\xA6", 3) == 0,
          "long cleaned cell %d: %zu bytes, %zu a", lead, len, as);
    cvx_buf_free(&big);
    cvx_buf_free(&out);
    fx_free(&f);
  }
}

static void test_excel(void) {
  fixture f;
  fx_init(&f, "cv.md", "");
  cvx_record *r = rec(&f, CVX_REC_BASICS);
  add(&f, r, "name", "Ann");
  add_raw(&f, r, "summary", "two\nlines", CVX_NOSPAN);
  cvx_csv_opts xl = {true, "2026-11"};
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_csv_header(&xl, &out);
  cvx_emit_csv_row(f.doc, &(cvx_csv_row_info){"cv.md", "ok", 0}, &xl, &out);
  CHECK(memcmp(out.ptr, "\xEF\xBB\xBFsource,name,", 15) == 0, "excel: %s", "BOM first");
  CHECK_STR(strstr(out.ptr, "warnings\r\n"),
            "warnings\r\ncv.md,Ann,,,,,,,,,,,,,,,,,,,,0,0,0,0,,ok,0\r\n", "excel: CRLF rows");
  dump(out.ptr);
  cvx_buf_clear(&out);
  cvx_emit_entries_header(&xl, &out);
  cvx_emit_entries_rows(f.doc, NULL, &xl, &out);
  CHECK_STR(out.ptr,
            "\xEF\xBB\xBFsource,section,entry,field,value,line\r\n"
            "cv.md,basics,1,name,Ann,\r\n"
            "cv.md,basics,1,summary,\"two\nlines\",\r\n",
            "excel entries");
  cvx_buf_clear(&out);
  cvx_emit_csv_header(NULL, &out);
  CHECK(out.ptr[0] == 's' && !strchr(out.ptr, '\r'), "default: %s", "no BOM, LF");
  cvx_buf_free(&out);
  fx_free(&f);
}

static cvx_span span_of(const fixture *f, const char *needle) {
  const char *p = strstr(f->src.text, needle);
  return cvx_span_make((size_t)(p - f->src.text), (size_t)(p - f->src.text) + strlen(needle));
}

static void test_entries(void) {
  fixture f;
  fx_init(&f, "cv/ann.md",
          "# Ann Lee\nann@example.org\n\n## Work\n- Acme, Engineer, 2019-2021\n- Beta\n\n"
          "## Talks\nlast line");
  cvx_record *r = rec(&f, CVX_REC_BASICS);
  cvx_record_add(f.doc, r, "name", "Ann Lee", span_of(&f, "Ann Lee"));
  cvx_record_add(f.doc, r, "email", "ann@example.org", span_of(&f, "ann@"));
  cvx_record_add(f.doc, r, "label", "Engineer", CVX_NOSPAN);
  r = rec(&f, CVX_REC_WORK);
  cvx_record_add(f.doc, r, "name", "Acme", span_of(&f, "Acme"));
  cvx_record_add(f.doc, r, "position", "Engineer", span_of(&f, "Engineer"));
  cvx_record_add(f.doc, r, "highlights", "one", span_of(&f, "2019"));
  cvx_record_add(f.doc, r, "highlights", "two", span_of(&f, "2021"));
  r = rec(&f, CVX_REC_WORK);
  cvx_record_add(f.doc, r, "name", "Beta", span_of(&f, "- Beta"));
  r = rec(&f, CVX_REC_SECTION);
  cvx_record_add(f.doc, r, "title", "Talks", span_of(&f, "## Talks"));
  cvx_record_add(f.doc, r, "items", "last", span_of(&f, "last line"));
  cvx_record_add(f.doc, r, "items", "beyond", cvx_span_make(9999, 10000));
  cvx_record_add(f.doc, r, "items", "at end", cvx_span_make(f.src.len, f.src.len));
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_entries_header(&plain, &out);
  cvx_emit_entries_rows(f.doc, &(cvx_csv_row_info){"given/path.md", "ok", 0}, &plain, &out);
  CHECK_STR(out.ptr,
            "source,section,entry,field,value,line\n"
            "given/path.md,basics,1,name,Ann Lee,1\n"
            "given/path.md,basics,1,email,ann@example.org,2\n"
            "given/path.md,basics,1,label,Engineer,\n"
            "given/path.md,work,1,name,Acme,5\n"
            "given/path.md,work,1,position,Engineer,5\n"
            "given/path.md,work,1,highlights,one,5\n"
            "given/path.md,work,1,highlights,two,5\n"
            "given/path.md,work,2,name,Beta,6\n"
            "given/path.md,sections,1,title,Talks,8\n"
            "given/path.md,sections,1,items,last,9\n"
            "given/path.md,sections,1,items,beyond,\n"
            "given/path.md,sections,1,items,at end,9\n",
            "entries");
  dump(out.ptr);
  cvx_buf_clear(&out);
  cvx_emit_entries_rows(NULL, NULL, &plain, &out);
  CHECK(out.len == 0, "entries of a failed input: %s", out.ptr);
  cvx_emit_entries_rows(f.doc, NULL, NULL, &out);
  CHECK(strncmp(out.ptr, "cv/ann.md,basics,1,name,Ann Lee,1\n", 34) == 0,
        "entries: source from the document: %.40s", out.ptr);
  cvx_buf_free(&out);
  fx_free(&f);
}

int main(void) {
  test_header();
  test_row();
  test_years();
  test_current();
  test_cells();
  test_excel();
  test_entries();
  return check_done("emit_csv");
}
