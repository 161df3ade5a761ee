/* doc.c — the document and its records: typed entries whose fields each carry
 * the source span they came from, plus the hidden/taken maps behind coverage. */
#include "cvx.h"
#include "swar.h"

#include <string.h>

static const char *const kind_names[CVX_REC__COUNT] = {
    "basics",       "profiles", "work",      "volunteer", "education",
    "awards",       "certificates", "publications", "skills", "languages",
    "interests",    "references", "projects", "news",      "sections"};

const char *cvx_rec_kind_name(cvx_rec_kind k) {
  return (unsigned)k < CVX_REC__COUNT ? kind_names[k] : "sections";
}

bool cvx_key_is_list(const char *key) {
  switch (key[0]) { /* one candidate per first letter */
  case 'h': return strcmp(key, "highlights") == 0;
  case 'k': return strcmp(key, "keywords") == 0;
  case 'c': return strcmp(key, "courses") == 0;
  case 'i': return strcmp(key, "items") == 0;
  case 'a': return strcmp(key, "authors") == 0;
  case 'r': return strcmp(key, "roles") == 0;
  default: return false;
  }
}

#define DEFAULT_MAX_RECORDS 5000

cvx_doc *cvx_doc_new(cvx_arena *a, const cvx_source *src, cvx_diags *dx) {
  cvx_doc *d = cvx_arena_alloc(a, sizeof *d);
  d->arena = a;
  d->src = src;
  d->dx = dx;
  /* hiding needs a '<' (comments, elements), a '{' (Liquid, kramdown) or a
   * front matter fence; cvx_doc_hide copies anyway if anything else hides */
  if (memchr(src->text, '<', src->len) || memchr(src->text, '{', src->len) ||
      (src->len && (src->text[0] == '-' || src->text[0] == '+')))
    cvx_doc_own_view(d);
  else
    d->view = (char *)(uintptr_t)src->text; /* read only until owned */
  d->mark_words = src->len / 64 + 2;
  d->marks = cvx_arena_alloc(a, 2 * d->mark_words * sizeof *d->marks);
  d->max_records = DEFAULT_MAX_RECORDS;
  return d;
}

void cvx_doc_own_view(cvx_doc *doc) {
  if (doc->view_owned) return;
  doc->view = cvx_arena_strndup(doc->arena, doc->src->text, doc->src->len);
  doc->view_owned = true;
}

void cvx_doc_release_maps(cvx_doc *doc) {
  if (doc->view_owned) cvx_arena_give_back(doc->arena, doc->view);
  doc->view_owned = false;
  cvx_arena_give_back(doc->arena, doc->marks);
  doc->view = NULL;
  doc->marks = NULL;
  doc->mark_words = 0;
}

void cvx_doc_mark_range(cvx_doc *doc, size_t from, size_t to, unsigned mark) {
  uint64_t *a = doc->marks, *b = a + doc->mark_words;
  while (from < to) {
    size_t w = from >> 6, lo = from & 63, hi = to - (from - lo) < 64 ? to - (from - lo) : 64;
    /* bits [lo, hi) of word w */
    uint64_t m = (hi == 64 ? ~UINT64_C(0) : (UINT64_C(1) << hi) - 1) & (~UINT64_C(0) << lo);
    if (mark == CVX_MARK_HIDDEN) { /* 11 whatever it was */
      a[w] |= m;
      b[w] |= m;
    } else if (mark == CVX_MARK_TAKEN) { /* none and kept become 10, hidden stays 11 */
      b[w] &= a[w] | ~m;
      a[w] |= m;
    } else if (mark == CVX_MARK_KEPT) { /* none becomes 01, the rest stays */
      b[w] |= m & ~a[w];
    }
    from = (from - lo) + hi;
  }
}

static bool clamp(const cvx_doc *doc, cvx_span *s) {
  if (!cvx_span_valid(*s)) return false;
  if (s->start > doc->src->len) return false;
  if (s->end > doc->src->len) s->end = (uint32_t)doc->src->len;
  return s->start < s->end;
}

void cvx_doc_hide(cvx_doc *doc, cvx_span span) {
  if (!clamp(doc, &span)) return;
  cvx_doc_own_view(doc);
  cvx_doc_mark_range(doc, span.start, span.end, CVX_MARK_HIDDEN);
  /* blanked line by line: the '\n's stay */
  char *v = doc->view + span.start, *end = doc->view + span.end;
  while (v < end) {
    char *nl = memchr(v, '\n', (size_t)(end - v));
    char *stop = nl ? nl : end;
    memset(v, ' ', (size_t)(stop - v));
    v = nl ? nl + 1 : end;
  }
}

void cvx_doc_take(cvx_doc *doc, cvx_span span) {
  if (!clamp(doc, &span)) return;
  cvx_doc_mark_range(doc, span.start, span.end, CVX_MARK_TAKEN);
}

void cvx_doc_keep(cvx_doc *doc, cvx_span span) {
  if (!clamp(doc, &span)) return;
  cvx_doc_mark_range(doc, span.start, span.end, CVX_MARK_KEPT);
}

/* Finds needle[0,nn) in hay[from,to) of the document view. */
static long find_in(const cvx_doc *doc, uint32_t from, uint32_t to, const char *needle, size_t nn) {
  if (nn == 0 || to < from || to - from < nn) return -1;
  const char *h = doc->src->text;
  const char *p = h + from, *last = h + (to - nn); /* last possible start */
  while (p <= last) {
    p = memchr(p, needle[0], (size_t)(last - p) + 1);
    if (!p) break;
    if (memcmp(p + 1, needle + 1, nn - 1) == 0) return (long)(p - h);
    p++;
  }
  return -1;
}

/* length of the first (last) whitespace-delimited word of t */
static void first_word(const char *t, size_t n, size_t *ws, size_t *wl) {
  size_t i = 0;
  while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n')) i++;
  size_t j = i;
  while (j < n && t[j] != ' ' && t[j] != '\t' && t[j] != '\n') j++;
  *ws = i;
  *wl = j - i;
}

static void last_word(const char *t, size_t n, size_t *ws, size_t *wl) {
  size_t j = n;
  while (j > 0 && (t[j - 1] == ' ' || t[j - 1] == '\t' || t[j - 1] == '\n')) j--;
  size_t i = j;
  while (i > 0 && t[i - 1] != ' ' && t[i - 1] != '\t' && t[i - 1] != '\n') i--;
  *ws = i;
  *wl = j - i;
}

cvx_span cvx_doc_locate(const cvx_doc *doc, cvx_span within, const char *text) {
  return text ? cvx_doc_locaten(doc, within, text, strlen(text)) : CVX_NOSPAN;
}

cvx_span cvx_doc_locaten(const cvx_doc *doc, cvx_span within, const char *text, size_t n) {
  if (!text || !clamp(doc, &within)) return CVX_NOSPAN;
  long at = find_in(doc, within.start, within.end, text, n);
  if (at >= 0) return cvx_span_make((size_t)at, (size_t)at + n);
  size_t fs, fl, ls, ll;
  first_word(text, n, &fs, &fl);
  last_word(text, n, &ls, &ll);
  if (!fl) return CVX_NOSPAN;
  long a = find_in(doc, within.start, within.end, text + fs, fl);
  if (a < 0) return CVX_NOSPAN;
  long b = find_in(doc, (uint32_t)a, within.end, text + ls, ll);
  if (b < 0) return cvx_span_make((size_t)a, (size_t)a + fl);
  return cvx_span_make((size_t)a, (size_t)b + ll);
}

cvx_record *cvx_record_new(cvx_doc *doc, cvx_rec_kind kind, const char *origin, cvx_span span) {
  if (doc->nrecords >= doc->max_records) {
    if (!doc->truncated) {
      doc->truncated = true;
      cvx_diag_add(doc->dx, CVX_WARNING, "limit.records", span,
                   "more than %zu entries; the rest of the document is kept as unmapped text",
                   doc->max_records);
    }
    return NULL;
  }
  cvx_record *r = cvx_arena_alloc(doc->arena, sizeof *r);
  r->kind = kind;
  r->origin = origin;
  r->span = span;
  if (doc->records_tail)
    doc->records_tail->next = r;
  else
    doc->records = r;
  doc->records_tail = r;
  doc->nrecords++;
  return r;
}

/* A value shorter than this is copied anyway: only a big one is worth a
 * reference (a summary that is most of the input). */
#define LASTING_MIN 4096

static cvx_field *link_field(cvx_doc *doc, cvx_record *r, cvx_field *f);

static bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The length of a Unicode space at s[0,n) that is no ASCII byte (no-break,
 * en to hair, zero width, narrow no-break, medium mathematical, ideographic
 * space, byte order mark), else 0. */
static size_t wide_space_at(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  if (n >= 2 && u[0] == 0xc2 && u[1] == 0xa0) return 2;
  if (n < 3) return 0;
  if (u[0] == 0xe2 && u[1] == 0x80 && ((u[2] >= 0x80 && u[2] <= 0x8b) || u[2] == 0xaf)) return 3;
  if (u[0] == 0xe2 && u[1] == 0x81 && u[2] == 0x9f) return 3;
  if (u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80) return 3;
  if (u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) return 3;
  return 0;
}

/* value[0,*len) without the spaces at either end, ASCII or not: a value
 * typed with ideographic or no-break spaces after it ("Computer Science　　")
 * is stored without them. */
static const char *trim_value(const char *value, size_t *len) {
  size_t n = *len;
  for (;;) {
    if (n && is_space((unsigned char)value[0])) {
      value++, n--;
      continue;
    }
    size_t w = wide_space_at(value, n);
    if (!w) break;
    value += w, n -= w;
  }
  for (;;) {
    if (n && is_space((unsigned char)value[n - 1])) {
      n--;
      continue;
    }
    size_t w = 0;
    if (n >= 3 && wide_space_at(value + n - 3, 3) == 3)
      w = 3;
    else if (n >= 2 && wide_space_at(value + n - 2, 2) == 2)
      w = 2;
    if (!w) break;
    n -= w;
  }
  *len = n;
  return value;
}

/* A name wrapped whole in one pair of quotation marks ("\"Summer School on
 * Widget Theory\"", “Data Models”) is the name: the marks set it apart in
 * the line and are no part of it. Only the names of things are unwrapped;
 * a summary that quotes someone keeps its marks. */
static const char *unquote_name(const char *key, const char *value, size_t *len) {
  static const char *const names[] = {"name",  "organization", "position", "institution", "area",
                                      "title", "awarder",      "issuer",   "publisher",   "entity"};
  size_t n = *len, open = 0, close = 0;
  if (n >= 2 && value[0] == '"' && value[n - 1] == '"') open = close = 1;
  else if (n >= 6 && !memcmp(value, "\xe2\x80\x9c", 3) && !memcmp(value + n - 3, "\xe2\x80\x9d", 3)) open = close = 3;
  if (!open) return value;
  bool named = false;
  for (size_t k = 0; k < sizeof names / sizeof names[0] && !named; k++) named = !strcmp(key, names[k]);
  if (!named) return value;
  /* another mark inside: two quotations ("\"A\" and \"B\""), not one */
  for (size_t i = open; i + close < n; i++)
    if (value[i] == '"' || (i + 2 < n - close && (unsigned char)value[i] == 0xE2 && (unsigned char)value[i + 1] == 0x80 &&
                            ((unsigned char)value[i + 2] == 0x9C || (unsigned char)value[i + 2] == 0x9D)))
      return value;
  *len = n - open - close;
  return trim_value(value + open, len);
}

cvx_field *cvx_record_addn(cvx_doc *doc, cvx_record *r, const char *key, const char *value,
                           size_t len, cvx_span span) {
  if (!r || !value) return NULL;
  value = trim_value(value, &len);
  value = unquote_name(key, value, &len);
  if (!len) return NULL;
  /* the field and its value in one block (len < SIZE_MAX: value holds len bytes) */
  if (len > SIZE_MAX - sizeof(cvx_field) - 1) return NULL;
  cvx_field *f = cvx_arena_alloc(doc->arena, sizeof *f + len + 1);
  f->key = key;
  /* collapse internal runs of whitespace into one space */
  char *v = (char *)(f + 1);
  size_t o = 0;
  for (size_t i = 0; i < len;) {
    /* eight bytes with no control byte (TAB, LF, CR are ones) and no two
     * spaces in a row are copied as they are, unless a space would follow a
     * written space */
    if (len - i >= 8 && !(value[i] == ' ' && (!o || v[o - 1] == ' '))) {
      uint64_t x = swar_load8(value + i);
      uint64_t sp = swar_eq_exact(x, ' '); /* exact: two lanes in a row are two spaces */
      if (!(swar_has_less(x, 0x20) | (sp & (sp << 8)))) {
        memcpy(v + o, value + i, 8);
        o += 8;
        i += 8;
        continue;
      }
    }
    if (is_space((unsigned char)value[i])) {
      if (o && v[o - 1] != ' ') v[o++] = ' ';
    } else {
      v[o++] = value[i];
    }
    i++;
  }
  v[o] = '\0';
  f->value = v;
  f->span = span;
  return link_field(doc, r, f);
}

/* Appends f to r and marks its span taken (kept for a section). */
static cvx_field *link_field(cvx_doc *doc, cvx_record *r, cvx_field *f) {
  cvx_span span = f->span;
  if (r->tail)
    r->tail->next = f;
  else
    r->fields = f;
  r->tail = f;
  if (r->kind == CVX_REC_SECTION)
    cvx_doc_keep(doc, span); /* kept visible, not read into a field */
  else
    cvx_doc_take(doc, span);
  return f;
}

/* True when value[0,len) (trimmed) is its own collapsed form and ends at a
 * NUL: no TAB, LF or CR, no two spaces in a row. */
static bool already_collapsed(const char *value, size_t len) {
  if (value[len] != '\0') return false;
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)value[i];
    if (ch == '\t' || ch == '\n' || ch == '\r') return false;
    if (ch == ' ' && i && value[i - 1] == ' ') return false;
  }
  return true;
}

cvx_field *cvx_record_addn_lasting(cvx_doc *doc, cvx_record *r, const char *key, const char *value,
                                   size_t len, cvx_span span) {
  if (!r || !value) return NULL;
  value = trim_value(value, &len);
  if (!len) return NULL;
  /* a block text in the source text ends at a NUL only until cvx_doc_unseal */
  bool in_source = value >= doc->src->text && value < doc->src->text + doc->src->len;
  if (len < LASTING_MIN || in_source || !already_collapsed(value, len))
    return cvx_record_addn(doc, r, key, value, len, span);
  cvx_field *f = cvx_arena_alloc(doc->arena, sizeof *f);
  f->key = key;
  f->value = value;
  f->span = span;
  return link_field(doc, r, f);
}

cvx_field *cvx_record_add(cvx_doc *doc, cvx_record *r, const char *key, const char *value,
                          cvx_span span) {
  return value ? cvx_record_addn(doc, r, key, value, strlen(value), span) : NULL;
}

cvx_field *cvx_record_field(const cvx_record *r, const char *key) {
  for (cvx_field *f = r ? r->fields : NULL; f; f = f->next)
    if (strcmp(f->key, key) == 0) return f;
  return NULL;
}

const char *cvx_record_get(const cvx_record *r, const char *key) {
  cvx_field *f = cvx_record_field(r, key);
  return f ? f->value : NULL;
}

void cvx_record_remove(cvx_record *r, const char *key) {
  cvx_field **pp = &r->fields, *prev = NULL;
  while (*pp) {
    if (strcmp((*pp)->key, key) == 0) {
      *pp = (*pp)->next;
    } else {
      prev = *pp;
      pp = &(*pp)->next;
    }
  }
  r->tail = prev;
}

void cvx_record_set(cvx_doc *doc, cvx_record *r, const char *key, const char *value, cvx_span span) {
  cvx_field *f = cvx_record_field(r, key);
  if (!f) {
    cvx_record_add(doc, r, key, value, span);
    return;
  }
  cvx_field tmp = {0};
  cvx_record one = {.fields = NULL};
  cvx_field *nf = cvx_record_add(doc, &one, key, value, span);
  (void)tmp;
  if (!nf) return;
  f->value = nf->value;
  f->span = span;
}
