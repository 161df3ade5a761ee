/* report_html.c — cvx report: renders one input's review page (source with
 * highlighted spans beside the CV as read) and the paginated index, filling
 * the templates of pipeline/report/. Every byte from an input goes through
 * htmlesc.h; markup comes only from the templates and the fixed strings here. */
/* memmem is a GNU extension */
#define _GNU_SOURCE
#include "report_html.h"

#include "batch.h"
#include "htmlesc.h"

#include "schema.h"
#include "swar.h"
#include "utf8.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------ templates */

typedef struct tvar {
  const char *name;
  const char *s;
  size_t n;
  void (*put)(void *arg, cvx_buf *out); /* when set: writes the value itself */
  void *arg;
} tvar;

/* Appends template tpl with each {{name}} replaced by its value (template
 * text is ours; values are already HTML). An unknown name is dropped. */
static void fill(cvx_buf *out, const char *tpl, const tvar *v, size_t nv) {
  size_t len;
  const char *t = cvx_report_asset(tpl, &len);
  const char *end = t + len;
  while (t < end) {
    const char *o = strstr(t, "{{");
    if (!o || o >= end) {
      cvx_buf_put(out, t, (size_t)(end - t));
      break;
    }
    cvx_buf_put(out, t, (size_t)(o - t));
    const char *c = strstr(o + 2, "}}");
    if (!c) break;
    size_t nn = (size_t)(c - o - 2);
    for (size_t i = 0; i < nv; i++)
      if (strlen(v[i].name) == nn && memcmp(v[i].name, o + 2, nn) == 0) {
        if (v[i].put) v[i].put(v[i].arg, out);
        else cvx_buf_put(out, v[i].s, v[i].n);
        break;
      }
    t = c + 2;
  }
}

/* ------------------------------------------------------------- sections */

/* Section names that have a colour (CSS class s-<name>); anything else is
 * shown as meta. Class names come from this table only, never from input. */
static const char *const sections[] = {"basics",    "work",      "volunteer",    "education", "awards",
                                       "certificates", "publications", "skills", "languages",
                                       "interests", "projects",  "references",   "meta"};
enum { NSECTIONS = sizeof sections / sizeof sections[0], SEC_META = NSECTIONS - 1 };

/* The section of a JSON pointer ("/work/0/name" -> work). */
static int section_of(const char *path) {
  if (*path == '/') path++;
  size_t n = strcspn(path, "/");
  for (int i = 0; i < NSECTIONS; i++)
    if (strlen(sections[i]) == n && memcmp(sections[i], path, n) == 0) return i;
  return SEC_META;
}

/* ------------------------------------------------------------ the JSON */

/* The page reads the JSON Resume that the conversion just wrote: parsed here
 * into cvx_sv nodes in one arena (a single pass, no per-node malloc: several
 * times faster than a jansson tree, which the page's budget cannot afford). */
typedef cvx_sv jv;

typedef struct jparser {
  const char *p, *end;
  cvx_arena *a;
  bool bad;
} jparser;

static void jws(jparser *j) {
  const char *p = j->p, *end = j->end;
  for (;;) {
    /* indentation, eight spaces at a time */
    while (end - p >= 8 && swar_load8(p) == UINT64_C(0x2020202020202020)) p += 8;
    if (p < end && (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')) p++;
    else break;
  }
  j->p = p;
}

static unsigned hex4(const char *p) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
    else return 0x110000; /* not hex */
  }
  return v;
}

/* The string at j->p (its opening quote), decoded in place: the closing
 * quote becomes its NUL (an escape is never shorter written out). */
static const char *jstring(jparser *j, size_t *len) {
  char *s = (char *)++j->p, *q = s, *end = (char *)j->end;
  while (end - q >= 8) { /* eight bytes at a time to the quote or a backslash */
    uint64_t x = swar_load8(q), m = swar_eq_exact(x, '"') | swar_eq_exact(x, '\\');
    if (m) {
      q += __builtin_ctzll(m) / 8;
      goto found;
    }
    q += 8;
  }
  while (q < end && *q != '"' && *q != '\\') q++;
found:;
  char *w = q;
  while (q < end && *q != '"') {
    if (*q != '\\') {
      *w++ = *q++;
      continue;
    }
    if (q + 1 >= end) break;
    char e = q[1];
    q += 2;
    switch (e) {
    case 'n': *w++ = '\n'; break;
    case 't': *w++ = '\t'; break;
    case 'r': *w++ = '\r'; break;
    case 'b': *w++ = '\b'; break;
    case 'f': *w++ = '\f'; break;
    case 'u': {
      if (end - q < 4) {
        j->bad = true;
        return "";
      }
      unsigned cp = hex4(q);
      q += 4;
      if (cp >= 0xD800 && cp <= 0xDBFF && end - q >= 6 && q[0] == '\\' && q[1] == 'u') {
        unsigned lo = hex4(q + 2);
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          q += 6;
        }
      }
      w += cvx_utf8_encode(w, cp > 0x10FFFF ? 0xFFFD : cp);
      break;
    }
    default: *w++ = e; break; /* \" \\ \/ */
    }
  }
  if (q >= end) {
    j->bad = true;
    return "";
  }
  *w = '\0';
  j->p = q + 1;
  *len = (size_t)(w - s);
  return s;
}

static jv *jvalue(jparser *j, unsigned depth) {
  jws(j);
  if (j->p >= j->end || depth > 256) {
    j->bad = true;
    return NULL;
  }
  jv *v = cvx_arena_alloc(j->a, sizeof *v); /* zeroed */
  char c = *j->p;
  if (c == '{' || c == '[') {
    bool obj = c == '{';
    v->type = obj ? CVX_SV_OBJECT : CVX_SV_ARRAY;
    j->p++;
    jws(j);
    if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
      j->p++;
      return v;
    }
    while (!j->bad) {
      const char *key = NULL;
      size_t klen = 0;
      if (obj) {
        jws(j);
        if (j->p >= j->end || *j->p != '"') {
          j->bad = true;
          break;
        }
        key = jstring(j, &klen);
        jws(j);
        if (j->p >= j->end || *j->p != ':') {
          j->bad = true;
          break;
        }
        j->p++;
      }
      jv *x = jvalue(j, depth + 1);
      if (!x) break;
      x->key = key;
      x->keylen = klen;
      cvx_sv_append(v, x);
      jws(j);
      if (j->p < j->end && *j->p == ',') {
        j->p++;
        continue;
      }
      if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
        j->p++;
        break;
      }
      j->bad = true;
    }
    return v;
  }
  if (c == '"') {
    v->type = CVX_SV_STRING;
    v->str = jstring(j, &v->len);
    return v;
  }
  if (c == 't' || c == 'f' || c == 'n') {
    const char *w = c == 't' ? "true" : c == 'f' ? "false" : "null";
    size_t n = strlen(w);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0) j->bad = true;
    j->p += n;
    v->type = c == 't' ? CVX_SV_TRUE : c == 'f' ? CVX_SV_FALSE : CVX_SV_NULL;
    return v;
  }
  /* a number: the buffer is NUL-terminated, so strtod stops in it */
  const char *s = j->p;
  bool real = false;
  while (j->p < j->end && ((*j->p >= '0' && *j->p <= '9') || *j->p == '-' || *j->p == '+' || *j->p == '.' ||
                           *j->p == 'e' || *j->p == 'E')) {
    real |= *j->p == '.' || *j->p == 'e' || *j->p == 'E';
    j->p++;
  }
  if (j->p == s) {
    j->bad = true;
    return NULL;
  }
  if (real) {
    v->type = CVX_SV_REAL;
    v->d = strtod(s, NULL);
  } else {
    v->type = CVX_SV_INTEGER;
    v->i = strtoll(s, NULL, 10);
  }
  return v;
}

/* The document in text[0,n), or NULL when it is not JSON. Strings point
 * into a copy of the text in a (parsed in place, the classic way to read
 * JSON at memory speed). */
static const jv *jparse(cvx_arena *a, const char *text, size_t n) {
  char *copy = cvx_arena_strndup(a, text, n);
  jparser j = {.p = copy, .end = copy + n, .a = a};
  const jv *v = jvalue(&j, 0);
  return j.bad ? NULL : v;
}

static const jv *jget(const jv *o, const char *key) {
  if (!o || o->type != CVX_SV_OBJECT) return NULL;
  size_t n = strlen(key);
  for (const jv *x = o->head; x; x = x->next)
    if (x->keylen == n && memcmp(x->key, key, n) == 0) return x;
  return NULL;
}

static size_t jsize(const jv *a) { return a && a->type == CVX_SV_ARRAY ? a->n : 0; }
static const char *jstr(const jv *v) { return v && v->type == CVX_SV_STRING ? v->str : NULL; }
static long jint(const jv *v) {
  if (v && v->type == CVX_SV_INTEGER) return (long)v->i;
  if (v && v->type == CVX_SV_REAL) return (long)v->d;
  return 0;
}

/* --------------------------------------------------------------- source */

/* Appends v in decimal (printf costs more than the page's text). */
static void putu(cvx_buf *b, size_t v) {
  char d[24];
  size_t n = 0;
  do d[sizeof d - 1 - n++] = (char)('0' + v % 10);
  while ((v /= 10) && n < sizeof d);
  cvx_buf_put(b, d + sizeof d - n, n);
}

typedef struct span {
  uint32_t start, end;
  int id;       /* field id (f<id>) of its path; -1 for unread text */
  int self;     /* this span's own number: s<self> on its first fragment */
  int sec;
  const char *path; /* in the parsed JSON */
} span;

static int span_cmp(const void *a, const void *b) {
  const span *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  if (x->end != y->end) return x->end > y->end ? -1 : 1;
  return x->self - y->self;
}

/* Where the last offset_of call ended: spans come mostly in source order,
 * so the next column on the same line is counted from there, not from the
 * line's start (a long line with many values stays linear). */
typedef struct colpos {
  long line, col;
  size_t off;
} colpos;

/* Byte offset of 1-based (line, column in code points) in t; columns past
 * the line's end stop at its end. Columns count the file's code points: over
 * a stretch NFC changed (fx, cvx_source.colfix) they advance by the file's
 * count, and a column inside one gives its start. */
static uint32_t offset_of(const char *t, size_t n, const uint32_t *ls, size_t nl, const cvx_colfix *fx,
                          size_t nfx, long line, long col, colpos *last) {
  if (line < 1 || nl == 0) return 0;
  if ((size_t)line > nl) return (uint32_t)n;
  size_t p = ls[line - 1], e = (size_t)line < nl ? ls[line] - 1 : n;
  long c = 1;
  if (last->line == line && last->col <= col) {
    p = last->off;
    c = last->col;
  }
  size_t k = 0, hi = nfx; /* the first stretch that ends after p */
  while (k < hi) {
    size_t mid = k + (hi - k) / 2;
    if (fx[mid].end <= p) k = mid + 1;
    else hi = mid;
  }
  while (c < col && p < e) {
    if (k < nfx && fx[k].start == p) {
      long w = (long)(fx[k].cum - (k ? fx[k - 1].cum : 0));
      for (size_t q = fx[k].start; q < fx[k].end; q++) w += ((unsigned char)t[q] & 0xC0) != 0x80;
      if (c + w > col) break;
      c += w;
      p = fx[k++].end;
      continue;
    }
    c++;
    if ((unsigned char)t[p++] < 0x80) continue;
    while (p < e && ((unsigned char)t[p] & 0xC0) == 0x80) p++;
  }
  *last = (colpos){line, c, p};
  return (uint32_t)p;
}

typedef struct ctx {
  cvx_buf *b;
  const cvx_result *res;
  const char *text; /* the source, NUL-terminated */
  size_t len, shown;
  uint32_t *ls;     /* line starts */
  size_t nl;
  span *sp;
  size_t nsp;
  const char **idpath; /* path -> field id: open addressing, idcap slots */
  int *idval;
  size_t idcap;
  int nids;
  cvx_buf path;     /* the JSON pointer being rendered */
  const jv *doc;
  bool *unread_line;
} ctx;

/* The slot of path in the field-id table: its own, or the empty one where
 * it would go (the table is at least twice the spans: never full). */
static size_t id_slot(const ctx *c, const char *path) {
  uint64_t h = 1469598103934665603ull;
  for (const char *p = path; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
  size_t k = (size_t)h & (c->idcap - 1);
  while (c->idpath[k] && strcmp(c->idpath[k], path) != 0) k = (k + 1) & (c->idcap - 1);
  return k;
}

static void open_tag(ctx *c, const span *s, bool first) {
  if (s->id < 0) {
    cvx_buf_puts(c->b, "<span class=\"unread\" title=\"text no field took\">");
    return;
  }
  cvx_buf_puts(c->b, "<mark class=\"hl s-");
  cvx_buf_puts(c->b, sections[s->sec]);
  cvx_buf_puts(c->b, "\" data-f=\"f");
  putu(c->b, (size_t)s->id);
  cvx_buf_puts(c->b, "\" title=\"");
  cvx_html_str(c->b, s->path);
  cvx_buf_putc(c->b, '"');
  if (first) {
    cvx_buf_puts(c->b, " id=\"s");
    putu(c->b, (size_t)s->self);
    cvx_buf_putc(c->b, '"');
  }
  cvx_buf_putc(c->b, '>');
}

static void close_tag(ctx *c, const span *s) { cvx_buf_puts(c->b, s->id < 0 ? "</span>" : "</mark>"); }

static const char *sev_name(cvx_severity s) {
  return s == CVX_ERROR ? "error" : s == CVX_WARNING ? "warning" : "note";
}

static void diag_html(ctx *c, const cvx_report_item *it) {
  const char *sev = sev_name(it->severity);
  cvx_buf_printf(c->b, "<div class=\"diag %s\"><strong>%s</strong> <span class=\"code\">", sev, sev);
  cvx_html_str(c->b, it->code ? it->code : "");
  cvx_buf_puts(c->b, "</span>");
  if (it->line) cvx_buf_printf(c->b, " at %u:%u", it->line, it->col);
  cvx_buf_puts(c->b, ": ");
  cvx_html_str(c->b, it->message ? it->message : "");
  cvx_buf_puts(c->b, "</div>\n");
}

static int item_line_cmp(const void *a, const void *b) {
  const cvx_report_item *const *x = a, *const *y = b;
  if ((*x)->line != (*y)->line) return (*x)->line < (*y)->line ? -1 : 1;
  return *x < *y ? -1 : *x > *y;
}

/* The source lines with every span as properly nested elements: a span cut
 * by the end of a line or of a span it overlaps is closed and reopened as a
 * fragment; only its first fragment carries its id. Diagnostics follow the
 * line they point at; those without a shown line come first. */
static void render_source(ctx *c, bool *unread_line) {
  const cvx_result *res = c->res;
  const cvx_report_item **items = cvx_xcalloc(res->nitems + 1, sizeof *items);
  size_t ni = 0;
  for (size_t i = 0; i < res->nitems; i++) items[ni++] = &res->items[i];
  qsort(items, ni, sizeof *items, item_line_cmp);
  size_t shown_lines = 0;
  while (shown_lines < c->nl && c->ls[shown_lines] < c->shown) shown_lines++;
  size_t di = 0;
  for (size_t i = 0; i < ni; i++)
    if (items[i]->line == 0 || items[i]->line > shown_lines) diag_html(c, items[i]);
  while (di < ni && items[di]->line == 0) di++;

  size_t *stack = cvx_xcalloc(c->nsp + 1, sizeof *stack);
  size_t *keep = cvx_xcalloc(c->nsp + 1, sizeof *keep);
  bool *opened = cvx_xcalloc(c->nsp + 1, sizeof *opened);
  size_t depth = 0, next = 0;
  for (size_t li = 0; li < shown_lines; li++) {
    size_t a = c->ls[li], e = li + 1 < c->nl ? c->ls[li + 1] - 1 : c->len;
    if (e > c->shown) e = c->shown;
    cvx_buf_puts(c->b, unread_line[li] ? "<div class=\"l has-unread\" id=\"L" : "<div class=\"l\" id=\"L");
    putu(c->b, li + 1);
    cvx_buf_puts(c->b, "\"><a class=\"n\" href=\"#L");
    putu(c->b, li + 1);
    cvx_buf_puts(c->b, "\">");
    putu(c->b, li + 1);
    cvx_buf_puts(c->b, "</a><span class=\"t\">");
    size_t k = 0;
    for (size_t j = 0; j < depth; j++)
      if (c->sp[stack[j]].end > a) stack[k++] = stack[j];
    depth = k;
    for (size_t j = 0; j < depth; j++) open_tag(c, &c->sp[stack[j]], false);
    size_t pos = a;
    for (;;) {
      /* open what starts here */
      while (next < c->nsp && c->sp[next].start <= pos && pos < e) {
        span *s = &c->sp[next];
        if (s->end > pos) {
          stack[depth++] = next;
          open_tag(c, s, !opened[next]);
          opened[next] = true;
        }
        next++;
      }
      if (pos >= e) break;
      size_t ev = e;
      if (next < c->nsp && c->sp[next].start < ev) ev = c->sp[next].start;
      for (size_t j = 0; j < depth; j++)
        if (c->sp[stack[j]].end < ev) ev = c->sp[stack[j]].end;
      if (ev <= pos) ev = pos + 1; /* never stalls */
      cvx_html_body(c->b, c->text + pos, ev - pos);
      pos = ev;
      /* close what ends here, reopening what was opened inside it */
      size_t low = depth;
      for (size_t j = 0; j < depth; j++)
        if (c->sp[stack[j]].end <= pos) {
          low = j;
          break;
        }
      if (low < depth) {
        size_t nk = 0;
        for (size_t j = depth; j-- > low;) close_tag(c, &c->sp[stack[j]]);
        for (size_t j = low; j < depth; j++)
          if (c->sp[stack[j]].end > pos) keep[nk++] = stack[j];
        depth = low;
        for (size_t j = 0; j < nk; j++) {
          stack[depth++] = keep[j];
          open_tag(c, &c->sp[keep[j]], false);
        }
      }
    }
    for (size_t j = depth; j-- > 0;) close_tag(c, &c->sp[stack[j]]);
    cvx_buf_puts(c->b, "</span></div>\n");
    while (di < ni && items[di]->line == li + 1) diag_html(c, items[di++]);
  }
  free(stack);
  free(keep);
  free(opened);
  free(items);
}

/* ------------------------------------------------------------------- CV */

static int field_id(ctx *c, const char *path) {
  size_t k = id_slot(c, path);
  return c->idpath[k] ? c->idval[k] : -1;
}

/* Pushes "/key" (or "/index") on the current path; returns the old length. */
static size_t path_push(ctx *c, const char *key, size_t index) {
  size_t old = c->path.len;
  if (key) {
    cvx_buf_putc(&c->path, '/');
    for (const char *k = key; *k; k++) {
      if (*k == '~') cvx_buf_puts(&c->path, "~0");
      else if (*k == '/') cvx_buf_puts(&c->path, "~1");
      else cvx_buf_putc(&c->path, *k);
    }
  } else {
    cvx_buf_putc(&c->path, '/');
    putu(&c->path, index);
  }
  return old;
}

enum { PLAIN, URL, EMAIL };

/* One leaf value at the current path: a link to its span in the source
 * when it has one; a URL or e-mail also gets its own link when safe. */
static void leaf(ctx *c, const jv *v, int kind) {
  char num[64];
  const char *s;
  size_t n;
  if (v->type == CVX_SV_STRING) {
    s = v->str;
    n = v->len;
  } else if (v->type == CVX_SV_INTEGER) {
    n = (size_t)snprintf(num, sizeof num, "%lld", (long long)v->i);
    s = num;
  } else if (v->type == CVX_SV_REAL) {
    n = (size_t)snprintf(num, sizeof num, "%g", v->d);
    s = num;
  } else if (v->type == CVX_SV_TRUE || v->type == CVX_SV_FALSE) {
    s = v->type == CVX_SV_TRUE ? "yes" : "no";
    n = strlen(s);
  } else {
    return;
  }
  int id = field_id(c, c->path.ptr);
  int sec = section_of(c->path.ptr);
  if (id >= 0) {
    cvx_buf_puts(c->b, "<a class=\"f s-");
    cvx_buf_puts(c->b, sections[sec]);
    cvx_buf_puts(c->b, "\" id=\"f");
    putu(c->b, (size_t)id);
    cvx_buf_puts(c->b, "\" href=\"#s");
    putu(c->b, (size_t)id);
    cvx_buf_puts(c->b, "\" title=\"");
    cvx_html_str(c->b, c->path.ptr);
    cvx_buf_puts(c->b, "\">");
  } else {
    cvx_buf_puts(c->b, "<span class=\"f nospan\" title=\"");
    cvx_html_str(c->b, c->path.ptr);
    cvx_buf_puts(c->b, "\">");
  }
  cvx_html_text(c->b, s, n);
  cvx_buf_puts(c->b, id >= 0 ? "</a>" : "</span>");
  if (kind == URL && cvx_html_url_ok(s, n)) {
    cvx_buf_puts(c->b, " <a class=\"ext\" rel=\"nofollow noopener noreferrer\" href=\"");
    cvx_html_url(c->b, s, n);
    cvx_buf_puts(c->b, "\">&#8599;</a>");
  } else if (kind == EMAIL) {
    cvx_buf m = CVX_BUF_INIT;
    cvx_buf_puts(&m, "mailto:");
    cvx_buf_put(&m, s, n);
    if (cvx_html_url_ok(m.ptr, m.len)) {
      cvx_buf_puts(c->b, " <a class=\"ext\" href=\"");
      cvx_html_url(c->b, m.ptr, m.len);
      cvx_buf_puts(c->b, "\">&#9993;</a>");
    }
    cvx_buf_free(&m);
  }
}

/* The leaf obj[key] at path/key, with sep before it when something came
 * before on the line; returns whether it wrote anything. */
static bool key_leaf(ctx *c, const jv *obj, const char *key, const char *sep, bool *any, int kind) {
  const jv *v = jget(obj, key);
  if (!v || v->type == CVX_SV_OBJECT || v->type == CVX_SV_ARRAY || v->type == CVX_SV_NULL) return false;
  if (*any && sep) cvx_buf_puts(c->b, sep);
  size_t old = path_push(c, key, 0);
  leaf(c, v, kind);
  cvx_buf_truncate(&c->path, old);
  *any = true;
  return true;
}

static int kind_of(const char *key) {
  if (strcmp(key, "url") == 0 || strcmp(key, "website") == 0) return URL;
  if (strcmp(key, "email") == 0) return EMAIL;
  return PLAIN;
}

static void value_any(ctx *c, const jv *v, const char *key);

/* Every key of obj not in shown[] as a definition list (nothing read is
 * left off the page). */
static void rest(ctx *c, const jv *obj, const char *const *shown) {
  bool open = false;
  for (const jv *v = obj->type == CVX_SV_OBJECT ? obj->head : NULL; v; v = v->next) {
    const char *key = v->key;
    bool skip = false;
    for (size_t i = 0; shown && shown[i]; i++)
      if (strcmp(shown[i], key) == 0) skip = true;
    if (skip) continue;
    if (!open) cvx_buf_puts(c->b, "<dl>");
    open = true;
    cvx_buf_puts(c->b, "<dt>");
    cvx_html_str(c->b, key);
    cvx_buf_puts(c->b, "</dt><dd>");
    size_t old = path_push(c, key, 0);
    value_any(c, v, key);
    cvx_buf_truncate(&c->path, old);
    cvx_buf_puts(c->b, "</dd>");
  }
  if (open) cvx_buf_puts(c->b, "</dl>");
}

/* Any value at the current path: a leaf, a list of values, an object. */
static void value_any(ctx *c, const jv *v, const char *key) {
  if (v->type == CVX_SV_ARRAY) {
    size_t i = 0;
    cvx_buf_puts(c->b, "<ul>");
    for (const jv *x = v->head; x; x = x->next, i++) {
      cvx_buf_puts(c->b, "<li>");
      size_t old = path_push(c, NULL, i);
      value_any(c, x, key);
      cvx_buf_truncate(&c->path, old);
      cvx_buf_puts(c->b, "</li>");
    }
    cvx_buf_puts(c->b, "</ul>");
  } else if (v->type == CVX_SV_OBJECT) {
    rest(c, v, NULL);
  } else {
    leaf(c, v, key ? kind_of(key) : PLAIN);
  }
}

/* How an entry of a section reads: its title line, the line under it, its
 * dates; every other key follows as a list. */
typedef struct shape {
  const char *section, *heading;
  const char *title[3], *sub[3];
} shape;

static const shape shapes[] = {
    {"work", "Experience", {"position", NULL}, {"name", "location", NULL}},
    {"volunteer", "Volunteering", {"position", NULL}, {"organization", NULL}},
    {"education", "Education", {"studyType", "area", NULL}, {"institution", NULL}},
    {"awards", "Awards", {"title", NULL}, {"awarder", NULL}},
    {"certificates", "Certificates", {"name", NULL}, {"issuer", NULL}},
    {"publications", "Publications", {"name", NULL}, {"publisher", NULL}},
    {"projects", "Projects", {"name", NULL}, {"entity", "type", NULL}},
    {"skills", "Skills", {"name", NULL}, {"level", NULL}},
    {"languages", "Languages", {"language", NULL}, {"fluency", NULL}},
    {"interests", "Interests", {"name", NULL}, {NULL}},
    {"references", "References", {"name", NULL}, {NULL}},
};

static void entry(ctx *c, const shape *sh, const jv *e) {
  cvx_buf_puts(c->b, "<div class=\"entry\">");
  if (e->type != CVX_SV_OBJECT) {
    value_any(c, e, NULL);
    cvx_buf_puts(c->b, "</div>");
    return;
  }
  const char *done[16];
  size_t nd = 0;
  bool any = false;
  cvx_buf_puts(c->b, "<div class=\"title\">");
  for (int i = 0; sh->title[i]; i++) {
    key_leaf(c, e, sh->title[i], ", ", &any, PLAIN);
    done[nd++] = sh->title[i];
  }
  cvx_buf_puts(c->b, "</div>");
  any = false;
  cvx_buf_puts(c->b, "<div class=\"sub\">");
  for (int i = 0; sh->sub[i]; i++) {
    key_leaf(c, e, sh->sub[i], " · ", &any, PLAIN);
    done[nd++] = sh->sub[i];
  }
  cvx_buf_puts(c->b, "</div>");
  static const char *const dates[] = {"startDate", "endDate", "date", "releaseDate"};
  any = false;
  cvx_buf_puts(c->b, "<div class=\"dates\">");
  for (size_t i = 0; i < 4; i++) {
    bool had = any;
    key_leaf(c, e, dates[i], " – ", &any, PLAIN);
    done[nd++] = dates[i];
    /* a job without an end runs on; a project's single date is just that */
    if (i == 1 && had && !jget(e, "endDate") &&
        (strcmp(sh->section, "work") == 0 || strcmp(sh->section, "volunteer") == 0))
      cvx_buf_puts(c->b, " – present");
  }
  cvx_buf_puts(c->b, "</div>");
  done[nd] = NULL;
  rest(c, e, done);
  cvx_buf_puts(c->b, "</div>\n");
}

static void heading(ctx *c, const char *h) {
  cvx_buf_puts(c->b, "<h3>");
  cvx_html_str(c->b, h);
  cvx_buf_puts(c->b, "</h3>\n");
}

static void basics(ctx *c, const jv *b) {
  size_t old = path_push(c, "basics", 0);
  bool any = false;
  cvx_buf_puts(c->b, "<h2>");
  if (!key_leaf(c, b, "name", NULL, &any, PLAIN)) cvx_buf_puts(c->b, "(no name read)");
  cvx_buf_puts(c->b, "</h2>\n<p class=\"headline\">");
  any = false;
  key_leaf(c, b, "label", NULL, &any, PLAIN);
  cvx_buf_puts(c->b, "</p>\n<p class=\"contact\">");
  any = false;
  key_leaf(c, b, "email", " · ", &any, EMAIL);
  key_leaf(c, b, "phone", " · ", &any, PLAIN);
  key_leaf(c, b, "url", " · ", &any, URL);
  const jv *loc = jget(b, "location");
  if (loc && loc->type == CVX_SV_OBJECT) {
    size_t o2 = path_push(c, "location", 0);
    static const char *const lk[] = {"address", "city", "region", "postalCode", "countryCode"};
    for (size_t i = 0; i < 5; i++) key_leaf(c, loc, lk[i], any ? ", " : NULL, &any, PLAIN);
    cvx_buf_truncate(&c->path, o2);
  }
  cvx_buf_puts(c->b, "</p>\n");
  const jv *pr = jget(b, "profiles");
  if (jsize(pr)) {
    size_t o2 = path_push(c, "profiles", 0), i = 0;
    cvx_buf_puts(c->b, "<p class=\"contact\">");
    for (const jv *p = pr->head; p; p = p->next, i++) {
      size_t o3 = path_push(c, NULL, i);
      bool a2 = false;
      if (i) cvx_buf_puts(c->b, " · ");
      key_leaf(c, p, "network", NULL, &a2, PLAIN);
      key_leaf(c, p, "username", " ", &a2, PLAIN);
      key_leaf(c, p, "url", " ", &a2, URL);
      cvx_buf_truncate(&c->path, o3);
    }
    cvx_buf_puts(c->b, "</p>\n");
    cvx_buf_truncate(&c->path, o2);
  }
  any = false;
  cvx_buf_puts(c->b, "<p class=\"summary\">");
  key_leaf(c, b, "summary", NULL, &any, PLAIN);
  cvx_buf_puts(c->b, "</p>\n");
  static const char *const done[] = {"name", "label", "email", "phone", "url", "location", "profiles",
                                     "summary", NULL};
  cvx_buf_puts(c->b, "<div class=\"entry\">");
  rest(c, b, done);
  cvx_buf_puts(c->b, "</div>\n");
  cvx_buf_truncate(&c->path, old);
}

static void render_cv(ctx *c, const jv *doc) {
  const jv *b = jget(doc, "basics");
  if (b && b->type == CVX_SV_OBJECT) basics(c, b);
  else cvx_buf_puts(c->b, "<h2>(no name read)</h2>\n");
  for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    const jv *arr = jget(doc, shapes[k].section);
    if (!jsize(arr)) continue;
    heading(c, shapes[k].heading);
    size_t old = path_push(c, shapes[k].section, 0), i = 0;
    for (const jv *e = arr->head; e; e = e->next, i++) {
      size_t o2 = path_push(c, NULL, i);
      entry(c, &shapes[k], e);
      cvx_buf_truncate(&c->path, o2);
    }
    cvx_buf_truncate(&c->path, old);
  }
  /* what has no JSON Resume home, as cvx kept it */
  const jv *cvx = jget(jget(doc, "meta"), "cvx");
  static const struct {
    const char *key, *heading;
  } kept[] = {{"sections", "Other sections"}, {"news", "News"}};
  for (size_t k = 0; k < 2; k++) {
    const jv *v = jget(cvx, kept[k].key);
    if (!jsize(v)) continue;
    heading(c, kept[k].heading);
    size_t old = path_push(c, "meta", 0);
    path_push(c, "cvx", 0);
    path_push(c, kept[k].key, 0);
    cvx_buf_puts(c->b, "<div class=\"entry\">");
    value_any(c, v, NULL);
    cvx_buf_puts(c->b, "</div>\n");
    cvx_buf_truncate(&c->path, old);
  }
}

/* ------------------------------------------------------------ the parts */

/* The JSON Resume as the conversion wrote it, cut past CVX_REPORT_JSON_MAX. */
static void put_json(void *arg, cvx_buf *out) {
  ctx *c = arg;
  size_t n = c->res->json.len;
  size_t jn = n > CVX_REPORT_JSON_MAX ? CVX_REPORT_JSON_MAX : n;
  while (jn < n && jn > 0 && ((unsigned char)c->res->json.ptr[jn] & 0xC0) == 0x80) jn--;
  cvx_html_body(out, c->res->json.ptr, jn);
  if (jn < n) cvx_buf_printf(out, "\n… (cut here: the document is %zu bytes)", n);
}

static void put_source(void *arg, cvx_buf *out) {
  ctx *c = arg;
  c->b = out;
  render_source(c, c->unread_line);
}

static void put_cv(void *arg, cvx_buf *out) {
  ctx *c = arg;
  c->b = out;
  if (c->doc) render_cv(c, c->doc);
  else cvx_buf_puts(out, "<p class=\"note\">No JSON Resume was written for this input.</p>");
}

/* ----------------------------------------------------------------- page */

static void collect_spans(ctx *c, const jv *cvx) {
  const jv *prov = jget(cvx, "provenance");
  const jv *un = jget(cvx, "unmapped");
  size_t cap = jsize(prov) + jsize(un) + 1;
  c->sp = cvx_xcalloc(cap, sizeof *c->sp);
  c->idcap = 16;
  while (c->idcap < 2 * cap) c->idcap *= 2;
  c->idpath = cvx_xcalloc(c->idcap, sizeof *c->idpath);
  c->idval = cvx_xcalloc(c->idcap, sizeof *c->idval);
  colpos at = {0, 0, 0};
  for (const jv *p = jsize(prov) ? prov->head : NULL; p; p = p->next) {
    const jv *el = jget(p, "endLine");
    const char *path = jstr(jget(p, "path"));
    if (!el || !path) continue; /* an entry's start, not a value */
    long l1 = jint(jget(p, "line"));
    long c1 = jint(jget(p, "column"));
    long l2 = jint(el);
    long c2 = jint(jget(p, "endColumn"));
    span *s = &c->sp[c->nsp];
    s->start = offset_of(c->text, c->len, c->ls, c->nl, c->res->colfix, c->res->ncolfix, l1, c1, &at);
    s->end = offset_of(c->text, c->len, c->ls, c->nl, c->res->colfix, c->res->ncolfix, l2, c2, &at);
    if (s->end <= s->start) continue;
    size_t slot = id_slot(c, path);
    if (c->idpath[slot]) {
      s->id = c->idval[slot];
    } else {
      s->id = c->nids++;
      c->idpath[slot] = path;
      c->idval[slot] = s->id;
    }
    s->self = (int)c->nsp;
    s->sec = section_of(path);
    s->path = path;
    c->nsp++;
  }
}

static void collect_unread(ctx *c, const jv *cvx, bool *unread_line) {
  const jv *un = jget(cvx, "unmapped");
  for (const jv *u = jsize(un) ? un->head : NULL; u; u = u->next) {
    long line = jint(jget(u, "line"));
    const char *t = jstr(jget(u, "text"));
    if (line < 1 || (size_t)line > c->nl || !t || !*t) continue;
    unread_line[line - 1] = true;
    size_t a = c->ls[line - 1], e = (size_t)line < c->nl ? c->ls[line] - 1 : c->len;
    size_t tn = strlen(t);
    const char *hit = e - a >= tn ? memmem(c->text + a, e - a, t, tn) : NULL;
    if (!hit) continue; /* the gutter still marks the line */
    span *s = &c->sp[c->nsp];
    s->start = (uint32_t)(hit - c->text);
    s->end = (uint32_t)(s->start + tn);
    s->id = -1;
    s->self = (int)c->nsp;
    s->sec = SEC_META;
    s->path = "";
    c->nsp++;
  }
}

static unsigned count(const jv *doc, const char *key) { return (unsigned)jsize(jget(doc, key)); }

static void fill_row(cvx_report_row *row, const cvx_result *res, const jv *doc) {
  memset(row, 0, sizeof *row);
  row->coverage = -1;
  row->nerrors = res->nerrors;
  row->nwarnings = res->nwarnings;
  for (size_t i = 0; i < res->nitems; i++)
    if (res->items[i].severity == CVX_ERROR) {
      row->note = cvx_xstrdup(res->items[i].message ? res->items[i].message : "error");
      break;
    }
  if (!doc) return;
  const char *name = jstr(jget(jget(doc, "basics"), "name"));
  if (name) row->name = cvx_xstrdup(name);
  row->counts[CVX_REPORT_WORK] = count(doc, "work");
  row->counts[CVX_REPORT_EDUCATION] = count(doc, "education");
  row->counts[CVX_REPORT_PUBLICATIONS] = count(doc, "publications");
  row->counts[CVX_REPORT_PROJECTS] = count(doc, "projects");
  row->counts[CVX_REPORT_AWARDS] = count(doc, "awards");
  row->counts[CVX_REPORT_SKILLS] = count(doc, "skills");
  row->counts[CVX_REPORT_OTHER] = count(doc, "volunteer") + count(doc, "certificates") +
                                  count(doc, "languages") + count(doc, "interests") + count(doc, "references");
  const jv *cov = jget(jget(jget(doc, "meta"), "cvx"), "coverage");
  if (cov && cov->type == CVX_SV_REAL) row->coverage = cov->d;
  if (cov && cov->type == CVX_SV_INTEGER) row->coverage = (double)cov->i;
}

void cvx_report_page(const char *display, const cvx_result *res, cvx_buf *out, cvx_report_row *row) {
  cvx_arena *a = cvx_arena_new(64 * 1024);
  /* the conversion's own tree when it kept one, else the text read back */
  const jv *doc = res->tree ? res->tree : res->json.len ? jparse(a, res->json.ptr, res->json.len) : NULL;
  if (doc && doc->type != CVX_SV_OBJECT) doc = NULL;
  fill_row(row, res, doc);
  ctx c = {.res = res, .text = res->source.ptr, .len = res->source.len};
  cvx_buf_init(&c.path);
  /* line starts over the whole text (positions may lie past the cut) */
  size_t cap = 64;
  c.ls = cvx_xmalloc(cap * sizeof *c.ls);
  c.ls[c.nl++] = 0;
  for (const char *p = c.text, *end = c.text + c.len; (p = memchr(p, '\n', (size_t)(end - p))) && p + 1 < end;) {
    p++;
    if (c.nl == cap) {
      cap += cap / 2;
      c.ls = cvx_xrealloc(c.ls, cap * sizeof *c.ls);
    }
    c.ls[c.nl++] = (uint32_t)(p - c.text);
  }
  if (c.len == 0) c.nl = 0;
  c.shown = c.len;
  if (c.shown > CVX_REPORT_SOURCE_MAX) {
    c.shown = CVX_REPORT_SOURCE_MAX;
    while (c.shown > 0 && ((unsigned char)c.text[c.shown] & 0xC0) == 0x80) c.shown--;
  }
  const jv *cvx = jget(jget(doc, "meta"), "cvx");
  bool *unread_line = cvx_xcalloc(c.nl + 1, sizeof *unread_line);
  collect_spans(&c, cvx);
  collect_unread(&c, cvx, unread_line);
  qsort(c.sp, c.nsp, sizeof *c.sp, span_cmp);
  for (size_t i = 0; i < c.nsp; i++)
    if (c.sp[i].id >= 0 && c.sp[i].start < c.shown) row->nspans++;

  cvx_buf title = CVX_BUF_INIT, facts = CVX_BUF_INIT, legend = CVX_BUF_INIT, note = CVX_BUF_INIT;
  cvx_html_str(&title, display);
  if (row->name) {
    cvx_buf_puts(&title, " — ");
    cvx_html_str(&title, row->name);
  }
  cvx_buf_printf(&facts, "%zu bytes · %zu error%s · %zu warning%s", res->bytes, res->nerrors,
                 res->nerrors == 1 ? "" : "s", res->nwarnings, res->nwarnings == 1 ? "" : "s");
  if (row->coverage >= 0) cvx_buf_printf(&facts, " · coverage %.1f%%", row->coverage * 100.0);
  cvx_buf_printf(&facts, " · %zu value%s highlighted", row->nspans, row->nspans == 1 ? "" : "s");
  static const int legend_secs[] = {0, 1, 3, 6, 7, 10, 4};
  for (size_t i = 0; i < sizeof legend_secs / sizeof legend_secs[0]; i++)
    cvx_buf_printf(&legend, "<mark class=\"s-%s\">%s</mark> ", sections[legend_secs[i]],
                   sections[legend_secs[i]]);
  cvx_buf_puts(&legend, "<span class=\"unread\">unread</span>");
  if (c.shown < c.len)
    cvx_buf_printf(&note,
                   "<p class=\"note\">The source is %zu bytes; only the first %zu are shown here. "
                   "Values read from the rest are on the right, without a highlight.</p>",
                   c.len, c.shown);
  if (!res->source.len && res->status != CVX_OK)
    cvx_buf_puts(&note, "<p class=\"note\">The input could not be read (see its errors below).</p>");
  c.doc = doc;
  c.unread_line = unread_line;
  /* the big parts are written straight into out, in the template's order */
  cvx_buf_reserve(out, c.shown * 2 + res->json.len + 16384);
  tvar v[] = {{"title", title.ptr, title.len, NULL, NULL},
              {"facts", facts.ptr, facts.len, NULL, NULL},
              {"legend", legend.ptr, legend.len, NULL, NULL},
              {"note", note.ptr, note.len, NULL, NULL},
              {"source", NULL, 0, put_source, &c},
              {"cv", NULL, 0, put_cv, &c},
              {"json", NULL, 0, put_json, &c}};
  fill(out, "page.html", v, sizeof v / sizeof v[0]);
  cvx_buf_free(&title);
  cvx_buf_free(&facts);
  cvx_buf_free(&legend);
  cvx_buf_free(&note);
  cvx_buf_free(&c.path);
  free(unread_line);
  free(c.sp);
  free(c.ls);
  free(c.idpath);
  free(c.idval);
  cvx_arena_free(a);
}

void cvx_report_row_free(cvx_report_row *row) {
  free(row->name);
  free(row->note);
  memset(row, 0, sizeof *row);
}

/* ---------------------------------------------------------------- index */

struct cvx_report_site {
  char *dir, *pagedir;
  cvx_buf first; /* rows of index.html, written last (it carries the totals) */
  cvx_buf cur;   /* rows of the page being filled (page > 1) */
  cvx_buf skipped;
  size_t rows, page, inputs, with_errors, with_warnings, nskipped;
  int err;
};

static int make_dir(const char *d) {
  if (mkdir(d, 0777) == 0 || errno == EEXIST) {
    struct stat st;
    if (stat(d, &st) == 0 && S_ISDIR(st.st_mode)) return 0;
    return ENOTDIR;
  }
  return errno;
}

cvx_report_site *cvx_report_site_new(const char *dir, int *err) {
  *err = make_dir(dir);
  size_t n = strlen(dir);
  char *pd = cvx_xmalloc(n + 4);
  memcpy(pd, dir, n);
  memcpy(pd + n, "/cv", 4);
  if (!*err) *err = make_dir(pd);
  if (*err) {
    free(pd);
    return NULL;
  }
  cvx_report_site *s = cvx_xcalloc(1, sizeof *s);
  s->dir = cvx_xstrdup(dir);
  s->pagedir = pd;
  s->page = 1;
  cvx_buf_init(&s->first);
  cvx_buf_init(&s->cur);
  cvx_buf_init(&s->skipped);
  return s;
}

const char *cvx_report_site_pagedir(const cvx_report_site *s) { return s->pagedir; }

static void page_name(char *out, size_t cap, size_t page) {
  if (page == 1) snprintf(out, cap, "index.html");
  else snprintf(out, cap, "index-%zu.html", page);
}

static void write_file(cvx_report_site *s, const char *name, const char *data, size_t len) {
  int e = cvx_write_atomic(s->dir, name, data, len);
  if (e && !s->err) s->err = e;
}

/* Writes index page `page` holding rows; npages is 0 while unknown (more pages
 * may follow when more is set). */
static void write_index(cvx_report_site *s, size_t page, const cvx_buf *rows, size_t npages, bool more) {
  cvx_buf out = CVX_BUF_INIT, nav = CVX_BUF_INIT, facts = CVX_BUF_INIT, pg = CVX_BUF_INIT;
  char name[64];
  if (page > 1) cvx_buf_printf(&pg, " · page %zu", page);
  if (npages > 1) {
    for (size_t p = 1; p <= npages; p++) {
      page_name(name, sizeof name, p);
      if (p == page) cvx_buf_printf(&nav, "<span>%zu</span>", p);
      else cvx_buf_printf(&nav, "<a href=\"%s\">%zu</a>", name, p);
    }
  } else if (page > 1 || more) {
    page_name(name, sizeof name, 1);
    cvx_buf_printf(&nav, "<a href=\"%s\">first</a>", name);
    if (page > 1) {
      page_name(name, sizeof name, page - 1);
      cvx_buf_printf(&nav, "<a href=\"%s\">previous</a>", name);
    }
    if (more) {
      page_name(name, sizeof name, page + 1);
      cvx_buf_printf(&nav, "<a href=\"%s\">next</a>", name);
    }
  }
  if (page == 1)
    cvx_buf_printf(&facts, "%zu input%s · %zu with errors · %zu with warnings · %zu skipped", s->inputs,
                   s->inputs == 1 ? "" : "s", s->with_errors, s->with_warnings, s->nskipped);
  else
    cvx_buf_printf(&facts, "rows %zu to %zu of the inputs", (page - 1) * CVX_REPORT_ROWS_PER_PAGE + 1,
                   s->rows < page * CVX_REPORT_ROWS_PER_PAGE ? s->rows : page * CVX_REPORT_ROWS_PER_PAGE);
  cvx_buf sk = CVX_BUF_INIT;
  if (page == 1 && s->skipped.len) {
    cvx_buf_puts(&sk, "<h2>Skipped</h2>\n<ul class=\"skipped\">\n");
    cvx_buf_put(&sk, s->skipped.ptr, s->skipped.len);
    cvx_buf_puts(&sk, "</ul>\n");
  }
  tvar v[] = {{"page", pg.ptr, pg.len, NULL, NULL},
              {"facts", facts.ptr, facts.len, NULL, NULL},
              {"nav", nav.ptr, nav.len, NULL, NULL},
              {"rows", rows->ptr, rows->len, NULL, NULL},
              {"skipped", sk.ptr, sk.len, NULL, NULL}};
  fill(&out, "index.html", v, sizeof v / sizeof v[0]);
  page_name(name, sizeof name, page);
  write_file(s, name, out.ptr, out.len);
  cvx_buf_free(&out);
  cvx_buf_free(&nav);
  cvx_buf_free(&facts);
  cvx_buf_free(&pg);
  cvx_buf_free(&sk);
}

void cvx_report_site_add(cvx_report_site *s, const char *display, const char *stem, bool has_page,
                         const cvx_report_row *row) {
  if (s->rows && s->rows % CVX_REPORT_ROWS_PER_PAGE == 0) {
    if (s->page > 1) write_index(s, s->page, &s->cur, 0, true);
    cvx_buf_clear(&s->cur);
    s->page++;
  }
  cvx_buf *b = s->page == 1 ? &s->first : &s->cur;
  s->rows++;
  s->inputs++;
  if (row->nerrors) s->with_errors++;
  else if (row->nwarnings) s->with_warnings++;
  const char *cls = row->nerrors ? "error" : row->nwarnings ? "warning" : "clean";
  cvx_buf_printf(b, "<tr class=\"%s\"><td>", cls);
  if (has_page) {
    cvx_buf_puts(b, "<a href=\"cv/");
    cvx_html_path(b, stem, strlen(stem));
    cvx_buf_puts(b, ".html\">");
  }
  cvx_html_str(b, display);
  if (has_page) cvx_buf_puts(b, "</a>");
  cvx_buf_puts(b, "</td><td>");
  if (row->name) cvx_html_str(b, row->name);
  cvx_buf_puts(b, "</td>");
  for (int i = 0; i < CVX_REPORT_NCOUNTS; i++) cvx_buf_printf(b, "<td class=\"num\">%u</td>", row->counts[i]);
  if (row->coverage >= 0)
    cvx_buf_printf(b, "<td class=\"num\" data-v=\"%.4f\">%.1f%%</td>", row->coverage, row->coverage * 100.0);
  else
    cvx_buf_puts(b, "<td class=\"num\" data-v=\"-1\">–</td>");
  cvx_buf_printf(b, "<td class=\"num errs\">%zu</td><td class=\"num warns\">%zu</td><td>", row->nerrors,
                 row->nwarnings);
  if (row->note) cvx_html_str(b, row->note);
  cvx_buf_puts(b, "</td></tr>\n");
}

void cvx_report_site_skip(cvx_report_site *s, const char *display, const char *why) {
  s->nskipped++;
  cvx_buf_puts(&s->skipped, "<li>");
  cvx_html_str(&s->skipped, display);
  cvx_buf_puts(&s->skipped, ": ");
  cvx_html_str(&s->skipped, why);
  cvx_buf_puts(&s->skipped, "</li>\n");
}

int cvx_report_site_finish(cvx_report_site *s) {
  if (!s) return 0;
  size_t npages = s->page;
  if (npages > 1) write_index(s, npages, &s->cur, npages, false);
  write_index(s, 1, &s->first, npages, npages > 1);
  static const char *const assets[] = {"report.css", "report.js"};
  for (size_t i = 0; i < 2; i++) {
    size_t n;
    const char *a = cvx_report_asset(assets[i], &n);
    write_file(s, assets[i], a, n);
  }
  int e = s->err;
  cvx_buf_free(&s->first);
  cvx_buf_free(&s->cur);
  cvx_buf_free(&s->skipped);
  free(s->dir);
  free(s->pagedir);
  free(s);
  return e;
}
