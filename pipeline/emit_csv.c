/* emit_csv.c — the spreadsheet outputs: cvx.csv (one summary row per input)
 * and entries.csv (one row per field), RFC 4180, every cell through one
 * writer (put_cell) that quotes, cleans and neutralises formulas. */
#include "emit.h"
#include "swar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *eol(const cvx_csv_opts *o) { return o && o->excel ? "\r\n" : "\n"; }

/* True when the cell's first character, after leading spaces and quote
 * characters, would start a formula in a spreadsheet. */
static bool looks_like_formula(const char *s, size_t n) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '"' || s[i] == '\'')) i++;
  if (i >= n) return false;
  char c = s[i]; /* strchr("=+-@\t\r\n", c) also matched NUL */
  return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r' || c == '\n' ||
         c == '\0';
}

/* all eight bytes are printable ASCII (0x20..0x7e) */
static inline bool printable8(uint64_t x) {
  return !(swar_has_more(x, 0x7E) || swar_has_less(x, 0x20));
}

/* SSE2 (every x86-64): sixteen bytes at a time where it helps. */
#if defined(__SSE2__)
#include <emmintrin.h>
#define VEC16 1
#else
#define VEC16 0
#endif

/* What put_cell needs to know of a cell: odd (a byte other than printable
 * ASCII, TAB, CR, LF), special (a byte that forces quotes: , " CR LF) and
 * dquote (a '"' to double). */
typedef struct cell_scan {
  bool odd, special, dquote;
} cell_scan;

static void scan_bytes(cell_scan *r, const char *c, size_t from, size_t to) {
  for (size_t i = from; i < to; i++) {
    unsigned char b = (unsigned char)c[i];
    if (!((b >= 0x20 && b < 0x7F) || b == '\t' || b == '\r' || b == '\n')) r->odd = true;
    if (b == ',' || b == '"' || b == '\r' || b == '\n') r->special = true;
    if (b == '"') r->dquote = true;
  }
}

/* With stop_odd, stops early once odd is known (the caller then cleans the
 * cell and scans the result whole). The last eight bytes may overlap the
 * eight before them: the flags only accumulate. */
static cell_scan scan_cell(const char *c, size_t n, bool stop_odd) {
  cell_scan r = {false, false, false};
  if (n < 8) { /* padded with 'a', which changes no flag */
    uint64_t x = 0x61 * SWAR_ONES;
    memcpy(&x, c, n);
    if (printable8(x)) {
      r.dquote = swar_has_byte(x, '"') != 0;
      r.special = r.dquote || swar_has_byte(x, ',');
    } else {
      scan_bytes(&r, c, 0, n);
    }
    return r;
  }
  for (size_t i = 0;;) {
    size_t at = n - i >= 8 ? i : n - 8;
    uint64_t x = swar_load8(c + at);
    if (printable8(x)) {
      if (swar_has_byte(x, '"'))
        r.special = r.dquote = true;
      else if (!r.special && swar_has_byte(x, ','))
        r.special = true;
    } else {
      scan_bytes(&r, c, at, at + 8);
      if (r.odd && stop_odd) return r;
    }
    if (at + 8 >= n) return r;
    i = at + 8;
  }
}

/* The one CSV cell writer: appends s[0,n) as a cell. C0/C1 controls other
 * than TAB CR LF become a space, invalid UTF-8 becomes U+FFFD, cells over
 * CVX_CSV_MAX_CELL end in "…"; a would-be formula gets a leading '; the cell
 * is quoted when it holds , " CR LF or starts or ends with a space. */
/* Appends cell[0,n) to out quoted as put_cell decides (prefix: a leading ');
 * sc is what scan_cell says of it. */
static void put_cleaned(cvx_buf *out, const char *c, size_t n, cell_scan sc) {
  bool prefix = looks_like_formula(c, n);
  bool quote = n && (sc.special || (!prefix && c[0] == ' ') || c[n - 1] == ' ');
  if (n + 3 >= out->cap - out->len) cvx_buf_reserve(out, n + 3); /* else there is room */
  if (quote) out->ptr[out->len++] = '"';
  if (prefix) out->ptr[out->len++] = '\'';
  if (!sc.dquote) {
    memcpy(out->ptr + out->len, c, n);
    out->len += n;
  } else {
    out->ptr[out->len] = '\0';
    for (size_t i = 0; i < n;) { /* runs without '"' copied whole, each '"' doubled */
      const char *q = memchr(c + i, '"', n - i);
      size_t e = q ? (size_t)(q - c) + 1 : n;
      cvx_buf_put(out, c + i, e - i);
      if (q) cvx_buf_putc(out, '"');
      i = e;
    }
  }
  out->ptr[out->len] = '\0';
  if (quote) cvx_buf_putc(out, '"');
}

/* put_cell's common case in one pass: printable ASCII without '"' (and at
 * most CVX_CSV_MAX_CELL bytes), checked and copied eight bytes at a time.
 * Returns false, leaving out as it was, for any other cell. */
static bool put_plain(cvx_buf *out, const char *s, size_t n) {
  if (n > CVX_CSV_MAX_CELL) return false;
  bool prefix = looks_like_formula(s, n);
  if (n + 16 >= out->cap - out->len) cvx_buf_reserve(out, n + 16); /* room for the 8-byte stores */
  char *d = out->ptr + out->len + prefix; /* where the text goes when not quoted */
  bool comma = false;
  if (n < 8) { /* padded with 'a', which changes no answer */
    uint64_t x = 0x61 * SWAR_ONES;
    memcpy(&x, s, n);
    if (!printable8(x) || swar_has_byte(x, '"')) goto other;
    comma = swar_has_byte(x, ',') != 0;
    memcpy(d, &x, 8);
  } else
#if VEC16
      if (n >= 16) {
    const __m128i quote16 = _mm_set1_epi8('"'), comma16 = _mm_set1_epi8(','),
                  space16 = _mm_set1_epi8(0x1f), del16 = _mm_set1_epi8(0x7f);
    for (size_t i = 0;;) { /* the last sixteen bytes may overlap the sixteen before */
      size_t at = n - i >= 16 ? i : n - 16;
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
      /* signed: bytes at or above 0x80 are not above 0x1f */
      __m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, quote16), _mm_cmpeq_epi8(x, del16));
      bad = _mm_or_si128(bad, _mm_cmpeq_epi8(_mm_cmpgt_epi8(x, space16), _mm_setzero_si128()));
      if (_mm_movemask_epi8(bad)) goto other;
      if (!comma) comma = _mm_movemask_epi8(_mm_cmpeq_epi8(x, comma16)) != 0;
      _mm_storeu_si128((__m128i *)(void *)(d + at), x);
      if (at + 16 >= n) break;
      i = at + 16;
    }
  } else
#endif
  {
    for (size_t i = 0;;) { /* the last eight bytes may overlap the eight before */
      size_t at = n - i >= 8 ? i : n - 8;
      uint64_t x = swar_load8(s + at);
      if (!printable8(x) || swar_has_byte(x, '"')) goto other;
      if (!comma) comma = swar_has_byte(x, ',') != 0;
      memcpy(d + at, s + at, 8);
      if (at + 8 >= n) break;
      i = at + 8;
    }
  }
  /* as put_cleaned decides: the only byte here that forces quotes is ',' */
  bool quote = n && (comma || (!prefix && s[0] == ' ') || s[n - 1] == ' ');
  if (quote) {
    memmove(d + 1, d, n);
    out->ptr[out->len++] = '"';
  }
  if (prefix) out->ptr[out->len++] = '\'';
  out->len += n;
  if (quote) out->ptr[out->len++] = '"';
  out->ptr[out->len] = '\0';
  return true;
other:
  out->ptr[out->len] = '\0';
  return false;
}

static void put_cell(cvx_buf *out, const char *s, size_t n) {
  static const char ell[] = "\xE2\x80\xA6";
  if (put_plain(out, s, n)) return;
  /* the next common cell: printable ASCII (or TAB CR LF) that fits, kept as is */
  cell_scan sc = scan_cell(s, n, true);
  if (!sc.odd && n <= CVX_CSV_MAX_CELL) {
    put_cleaned(out, s, n, sc);
    return;
  }
  cvx_buf cell = CVX_BUF_INIT;
  size_t cut = 0;
  if (n) cvx_buf_reserve(&cell, n < CVX_CSV_MAX_CELL ? n : CVX_CSV_MAX_CELL); /* one allocation */
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
      /* a run of ASCII bytes that cannot reach the limit: each kept or made
       * a space, cut following the length */
      size_t j = i, room = CVX_CSV_MAX_CELL - (sizeof ell - 1) - cell.len;
      if (cell.len + (sizeof ell - 1) < CVX_CSV_MAX_CELL) {
        while (j < n && j - i < room && (unsigned char)s[j] < 0x80) j++;
      }
      if (j > i) {
        cvx_buf_reserve(&cell, j - i);
        for (size_t k = i; k < j; k++) {
          unsigned char b = (unsigned char)s[k];
          bool keep = b >= 0x20 ? b != 0x7F : (b == '\t' || b == '\r' || b == '\n');
          cell.ptr[cell.len++] = keep ? (char)b : ' ';
        }
        cell.ptr[cell.len] = '\0';
        cut = cell.len;
        i = j;
        continue;
      }
    }
    uint32_t cp;
    size_t len = cvx_utf8_decode(s, n, i, &cp);
    if (c < 0x80) {
      bool keep = c >= 0x20 ? c != 0x7F : (c == '\t' || c == '\r' || c == '\n');
      cvx_buf_putc(&cell, keep ? (char)c : ' ');
    } else if (cp <= 0x9F || cp == 0x2028 || cp == 0x2029) {
      cvx_buf_putc(&cell, ' ');
    } else if (cp == 0xFFFD) {
      cvx_buf_puts(&cell, "\xEF\xBF\xBD");
    } else {
      cvx_buf_put(&cell, s + i, len);
    }
    i += len;
    if (cell.len > CVX_CSV_MAX_CELL) {
      cvx_buf_truncate(&cell, cut);
      cvx_buf_puts(&cell, ell);
      break;
    }
    if (cell.len + sizeof ell - 1 <= CVX_CSV_MAX_CELL) cut = cell.len;
  }
  put_cleaned(out, cell.ptr, cell.len, scan_cell(cell.ptr, cell.len, false));
  cvx_buf_free(&cell);
}

/* Appends a cell (NULL: empty), preceded by a comma unless it is the first. */
static void cell(cvx_buf *out, bool *first, const char *s) {
  if (!*first) cvx_buf_putc(out, ',');
  *first = false;
  if (s) put_cell(out, s, strlen(s));
}

/* A cell of a record key, after another cell: a JSON Resume key ("name",
 * "work.startDate") is written as it is, as put_cell would write it (no
 * quote, comma, space nor formula start); anything else goes through put_cell. */
static void key_cell(cvx_buf *out, const char *k) {
  cvx_buf_putc(out, ',');
  size_t n = 0;
  for (;; n++) {
    unsigned char c = (unsigned char)k[n];
    if (!c) break;
    if (n == 64 || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     c == '.' || c == '_')) {
      put_cell(out, k, strlen(k));
      return;
    }
  }
  cvx_buf_put(out, k, n);
}

static inline void cell_size(cvx_buf *out, bool *first, size_t v) {
  if (v < 10000 && out->cap - out->len > 6) { /* the usual entry or line number, written in place */
    char *p = out->ptr + out->len;
    if (!*first) *p++ = ',';
    *first = false;
    size_t d;
    if (v < 10) {
      p[0] = (char)('0' + v);
      d = 1;
    } else if (v < 100) {
      p[0] = (char)('0' + v / 10);
      p[1] = (char)('0' + v % 10);
      d = 2;
    } else {
      d = v < 1000 ? 3 : 4;
      for (size_t k = d; k-- > 0; v /= 10) p[k] = (char)('0' + v % 10);
    }
    p[d] = '\0';
    out->len = (size_t)(p + d - out->ptr);
    return;
  }
  char num[32];
  size_t i = sizeof num;
  num[--i] = '\0';
  do num[--i] = (char)('0' + v % 10);
  while ((v /= 10) && i > 0);
  /* digits need no quotes, cleaning or formula guard: put_cell would
   * write them as they are */
  if (!*first) cvx_buf_putc(out, ',');
  *first = false;
  cvx_buf_put(out, num + i, sizeof num - 1 - i);
}

static void put_header(const cvx_csv_opts *o, cvx_buf *out, const char *columns) {
  if (o && o->excel) cvx_buf_puts(out, "\xEF\xBB\xBF");
  cvx_buf_puts(out, columns);
  cvx_buf_puts(out, eol(o));
}

void cvx_emit_csv_header(const cvx_csv_opts *o, cvx_buf *out) {
  put_header(o, out, CVX_CSV_COLUMNS);
}

void cvx_emit_entries_header(const cvx_csv_opts *o, cvx_buf *out) {
  put_header(o, out, CVX_ENTRIES_COLUMNS);
}

/* ------------------------------------------------------------- doc queries */

/* The first value of key over the basics records, or NULL. */
static const char *basics_get(const cvx_doc *doc, const char *key) {
  for (const cvx_record *r = doc->records; r; r = r->next) {
    const char *v = r->kind == CVX_REC_BASICS ? cvx_record_get(r, key) : NULL;
    if (v) return v;
  }
  return NULL;
}

/* True when s, lower-cased with everything but [a-z0-9] dropped, equals want. */
static bool same_network(const char *s, const char *want) {
  for (; *s; s++) {
    char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) continue;
    if (c != *want++) return false;
  }
  return *want == '\0';
}

/* True when needle occurs in s, ignoring ASCII case. */
static bool has_ci(const char *s, const char *needle) {
  size_t n = strlen(needle);
  for (; *s; s++) {
    size_t k = 0;
    while (k < n && s[k] && (s[k] | 0x20) == (needle[k] | 0x20)) k++;
    if (k == n) return true;
  }
  return false;
}

/* The url (else username) of the first profile on a network, recognised by
 * its name (folded, e.g. "googlescholar") or its url host. */
static const char *profile_get(const cvx_doc *doc, const char *net, const char *host) {
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_PROFILE) continue;
    const char *name = cvx_record_get(r, "network");
    const char *url = cvx_record_get(r, "url");
    if ((name && same_network(name, net)) || (url && has_ci(url, host)))
      return url ? url : cvx_record_get(r, "username");
  }
  return NULL;
}

/* Month index (year * 12 + month - 1) of an ISO partial date, or -1. A
 * year-only date is its January, or its December when end is set. */
static long month_index(const char *d, bool end) {
  if (!d) return -1;
  for (int k = 0; k < 4; k++)
    if (d[k] < '0' || d[k] > '9') return -1;
  if (d[4] != '\0' && d[4] != '-') return -1;
  long year = (d[0] - '0') * 1000L + (d[1] - '0') * 100L + (d[2] - '0') * 10L + (d[3] - '0');
  long month = end ? 12 : 1;
  if (d[4] == '-' && d[5] >= '0' && d[5] <= '9' && d[6] >= '0' && d[6] <= '9' &&
      (d[7] == '\0' || d[7] == '-')) {
    long m = (d[5] - '0') * 10L + (d[6] - '0');
    if (m >= 1 && m <= 12) month = m;
  }
  return year * 12 + month - 1;
}

/* The current job: the work record with a startDate and no endDate that
 * started last (the first one on a tie), or NULL. */
static const cvx_record *current_work(const cvx_doc *doc) {
  const cvx_record *best = NULL;
  long best_start = -1;
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_WORK || cvx_record_get(r, "endDate")) continue;
    long s = month_index(cvx_record_get(r, "startDate"), false);
    if (s > best_start) best = r, best_start = s;
  }
  return best;
}

/* The most recent education (by endDate, else startDate; an undated one
 * only when none is dated; the first one on a tie), or NULL. */
static const cvx_record *latest_education(const cvx_doc *doc) {
  const cvx_record *best = NULL;
  long best_rank = -2;
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_EDUCATION) continue;
    long rank = month_index(cvx_record_get(r, "endDate"), true);
    if (rank < 0) rank = month_index(cvx_record_get(r, "startDate"), false);
    if (rank > best_rank) best = r, best_rank = rank;
  }
  return best;
}

typedef struct interval {
  long start, end; /* month indexes, both included */
} interval;

static int interval_cmp(const void *a, const void *b) {
  const interval *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

/* Writes years of work experience ("4.5") into num; "" when no dated work.
 * See CVX_CSV_COLUMNS in emit.h for the rule. */
static void years_experience(const cvx_doc *doc, const cvx_csv_opts *o, char num[32]) {
  long today = month_index(o ? o->today : NULL, true);
  size_t n = 0, cap = 0;
  num[0] = '\0';
  for (const cvx_record *r = doc->records; r; r = r->next) cap += r->kind == CVX_REC_WORK;
  if (!cap) return;
  interval *iv = cvx_xmalloc(cap * sizeof *iv);
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_WORK) continue;
    long s = month_index(cvx_record_get(r, "startDate"), false);
    const char *end = cvx_record_get(r, "endDate");
    long e = end ? month_index(end, true) : today;
    if (today >= 0 && e > today) e = today;
    if (s < 0 || e < 0 || s > e) continue;
    iv[n++] = (interval){s, e};
  }
  if (n) {
    qsort(iv, n, sizeof *iv, interval_cmp);
    long months = 0, cs = iv[0].start, ce = iv[0].end;
    for (size_t k = 1; k < n; k++) {
      if (iv[k].start <= ce + 1) {
        if (iv[k].end > ce) ce = iv[k].end;
      } else {
        months += ce - cs + 1;
        cs = iv[k].start, ce = iv[k].end;
      }
    }
    months += ce - cs + 1;
    long tenths = months * 10 / 12;
    if (tenths >= 0) { /* "%ld.%ld", written without snprintf */
      char d[24];
      size_t k = 0;
      for (long v = tenths / 10; k == 0 || v; v /= 10) d[k++] = (char)('0' + v % 10);
      size_t w = 0;
      while (k) num[w++] = d[--k];
      num[w++] = '.';
      num[w++] = (char)('0' + tenths % 10);
      num[w] = '\0';
    } else {
      snprintf(num, 32, "%ld.%ld", tenths / 10, tenths % 10);
    }
  }
  free(iv);
}

/* Appends, for every record of kind k, its name_key value and then each of
 * its list_key values (either key may be NULL), all joined "; ". */
static void join_values(cvx_buf *b, const cvx_doc *doc, cvx_rec_kind k, const char *name_key,
                        const char *list_key) {
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != k) continue;
    const char *name = name_key ? cvx_record_get(r, name_key) : NULL;
    if (name) {
      if (b->len) cvx_buf_puts(b, "; ");
      cvx_buf_puts(b, name);
    }
    for (const cvx_field *f = list_key ? r->fields : NULL; f; f = f->next) {
      if (strcmp(f->key, list_key) != 0) continue;
      if (b->len) cvx_buf_puts(b, "; ");
      cvx_buf_puts(b, f->value);
    }
  }
}

static size_t count_kind(const cvx_doc *doc, cvx_rec_kind k) {
  size_t n = 0;
  for (const cvx_record *r = doc->records; r; r = r->next) n += r->kind == k;
  return n;
}

static const char *row_source(const cvx_doc *doc, const cvx_csv_row_info *info) {
  if (info && info->source) return info->source;
  return doc && doc->src && doc->src->path ? doc->src->path : "";
}

/* -------------------------------------------------------------------- rows */

void cvx_emit_csv_row(const cvx_doc *doc, const cvx_csv_row_info *info, const cvx_csv_opts *o,
                      cvx_buf *out) {
  bool first = true;
  size_t nwarn = info ? info->nwarnings : (doc && doc->dx ? doc->dx->nwarnings : 0);
  const char *status = info ? info->status : NULL;
  if (!status) status = !doc || (doc->dx && doc->dx->nerrors) ? "error" : nwarn ? "warnings" : "ok";
  cell(out, &first, row_source(doc, info));
  if (doc) {
    static const char *const basics[] = {"name",          "email",           "phone",
                                         "location.city", "location.region", "location.countryCode",
                                         "label"};
    for (size_t k = 0; k < sizeof basics / sizeof basics[0]; k++)
      cell(out, &first, basics_get(doc, basics[k]));
    const cvx_record *job = current_work(doc);
    cell(out, &first, cvx_record_get(job, "position"));
    cell(out, &first, cvx_record_get(job, "name"));
    const cvx_record *edu = latest_education(doc);
    const char *end = cvx_record_get(edu, "endDate");
    char year[5] = "";
    if (month_index(end, true) >= 0) memcpy(year, end, 4);
    cell(out, &first, cvx_record_get(edu, "studyType"));
    cell(out, &first, cvx_record_get(edu, "area"));
    cell(out, &first, cvx_record_get(edu, "institution"));
    cell(out, &first, year);
    cell(out, &first, profile_get(doc, "linkedin", "linkedin.com"));
    cell(out, &first, profile_get(doc, "github", "github.com"));
    cell(out, &first, profile_get(doc, "googlescholar", "scholar.google."));
    cell(out, &first, profile_get(doc, "orcid", "orcid.org"));
    cell(out, &first, basics_get(doc, "url"));
    cvx_buf list = CVX_BUF_INIT;
    join_values(&list, doc, CVX_REC_SKILL, "name", "keywords");
    cell(out, &first, list.ptr);
    cvx_buf_clear(&list);
    join_values(&list, doc, CVX_REC_LANGUAGE, "language", NULL);
    cell(out, &first, list.ptr);
    cvx_buf_free(&list);
    cell_size(out, &first, count_kind(doc, CVX_REC_WORK));
    cell_size(out, &first, count_kind(doc, CVX_REC_EDUCATION));
    cell_size(out, &first, count_kind(doc, CVX_REC_PUBLICATION));
    cell_size(out, &first, count_kind(doc, CVX_REC_AWARD));
    char num[32];
    years_experience(doc, o, num);
    cell(out, &first, num);
  } else {
    /* a failed input: every column but source, status and warnings stays empty */
    size_t ncols = 1;
    for (const char *c = CVX_CSV_COLUMNS; *c; c++) ncols += *c == ',';
    for (size_t k = 3; k < ncols; k++) cell(out, &first, NULL);
  }
  cell(out, &first, status);
  cell_size(out, &first, nwarn);
  cvx_buf_puts(out, eol(o));
}

/* The 1-based line where span starts, or 0 when it has none. *hint is the
 * 0-based line found last time (fields mostly come in source order), tried
 * first and then updated. */
static size_t line_of(const cvx_source *src, cvx_span sp, size_t *hint) {
  if (!src || !src->lines || !src->nlines || !cvx_span_valid(sp) || sp.start > src->len) return 0;
  size_t h = *hint;
  if (h < src->nlines && src->lines[h] <= sp.start &&
      (h + 1 == src->nlines || src->lines[h + 1] > sp.start))
    return h + 1;
  if (h + 1 < src->nlines && src->lines[h + 1] <= sp.start &&
      (h + 2 == src->nlines || src->lines[h + 2] > sp.start)) { /* the next line */
    *hint = h + 1;
    return h + 2;
  }
  size_t lo = 0, hi = src->nlines; /* the last line starting at or before sp.start */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (src->lines[mid] <= sp.start)
      lo = mid;
    else
      hi = mid;
  }
  *hint = lo;
  return lo + 1;
}

void cvx_emit_entries_rows(const cvx_doc *doc, const cvx_csv_row_info *info, const cvx_csv_opts *o,
                           cvx_buf *out) {
  size_t seen[CVX_REC__COUNT] = {0}, hint = 0, kind_k = SIZE_MAX;
  if (!doc) return;
  /* the source cell is the same on every row: written once, copied after */
  cvx_buf src = CVX_BUF_INIT, kind = CVX_BUF_INIT;
  put_cell(&src, row_source(doc, info), strlen(row_source(doc, info)));
  /* room for the usual rows up front, instead of growing row by row */
  size_t nfields = 0;
  for (const cvx_record *r = doc->records; r; r = r->next)
    for (const cvx_field *f = r->fields; f; f = f->next) nfields++;
  if (nfields && src.len + 96 <= SIZE_MAX / 2 / nfields)
    cvx_buf_reserve(out, nfields * (src.len + 96));
  for (const cvx_record *r = doc->records; r; r = r->next) {
    size_t k = (unsigned)r->kind < CVX_REC__COUNT ? (size_t)r->kind : (size_t)CVX_REC_SECTION;
    size_t entry = ++seen[k];
    /* so is the section cell on every row of a record (kept while records
     * of one kind follow each other) */
    if (k != kind_k) {
      const char *kn = cvx_rec_kind_name((cvx_rec_kind)k);
      cvx_buf_clear(&kind);
      cvx_buf_putc(&kind, ',');
      put_cell(&kind, kn, strlen(kn));
      kind_k = k;
    }
    for (const cvx_field *f = r->fields; f; f = f->next) {
      bool first = true;
      size_t line = line_of(doc->src, f->span, &hint);
      cvx_buf_put(out, src.ptr, src.len);
      cvx_buf_put(out, kind.ptr, kind.len);
      first = false;
      cell_size(out, &first, entry);
      if (f->key)
        key_cell(out, f->key);
      else
        cell(out, &first, NULL);
      cell(out, &first, f->value);
      if (line)
        cell_size(out, &first, line);
      else
        cell(out, &first, NULL);
      if (o && o->excel)
        cvx_buf_put(out, "\r\n", 2);
      else
        cvx_buf_putc(out, '\n');
    }
  }
  cvx_buf_free(&kind);
  cvx_buf_free(&src);
}
