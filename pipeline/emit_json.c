/* emit_json.c — the JSON Resume serializer: records in, a document with a
 * fixed key order out (2-space indent, '\n' endings, UTF-8), validated against
 * our resume schema before a single byte is handed back. */
#include "emit_json.h"

#include "emit.h"
#include "swar.h"

#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Key order of each section's entries (JSON Resume order, then our extras). */
static const char *const order_basics[] = {"name", "label", "image", "email", "phone", "phoneE164", "url", "summary", NULL};
static const char *const order_location[] = {"address", "postalCode", "city", "countryCode", "region", NULL};
/* The basics record's keys for order_location, in the same order. */
static const char *const record_location[] = {"location.address", "location.postalCode", "location.city",
                                              "location.countryCode", "location.region", NULL};
static const char *const order_profile[] = {"network", "username", "url", NULL};
static const char *const order_work[] = {"name", "position", "location", "url", "startDate", "endDate",
                                         "summary", "highlights", NULL};
static const char *const order_volunteer[] = {"organization", "position", "url", "startDate", "endDate",
                                              "summary", "highlights", NULL};
static const char *const order_education[] = {"institution", "url", "area", "studyType", "startDate",
                                              "endDate", "score", "courses", "highlights", NULL};
static const char *const order_award[] = {"title", "date", "awarder", "summary", NULL};
static const char *const order_certificate[] = {"name", "date", "issuer", "url", NULL};
static const char *const order_publication[] = {"name", "publisher", "releaseDate", "url", "summary",
                                                "authors", "volume", "issue", "pages", "doi",
                                                "arxiv", "type", NULL};
static const char *const order_skill[] = {"name", "level", "keywords", NULL};
static const char *const order_language[] = {"language", "fluency", NULL};
static const char *const order_interest[] = {"name", "keywords", NULL};
static const char *const order_reference[] = {"name", "reference", NULL};
static const char *const order_project[] = {"name", "description", "highlights", "keywords", "startDate",
                                            "endDate", "url", "roles", "entity", "type", NULL};
static const char *const order_news[] = {"date", "summary", NULL};
static const char *const order_section[] = {"title", "items", NULL};

static const char *const *key_order(cvx_rec_kind k) {
  switch (k) {
  case CVX_REC_BASICS: return order_basics;
  case CVX_REC_PROFILE: return order_profile;
  case CVX_REC_WORK: return order_work;
  case CVX_REC_VOLUNTEER: return order_volunteer;
  case CVX_REC_EDUCATION: return order_education;
  case CVX_REC_AWARD: return order_award;
  case CVX_REC_CERTIFICATE: return order_certificate;
  case CVX_REC_PUBLICATION: return order_publication;
  case CVX_REC_SKILL: return order_skill;
  case CVX_REC_LANGUAGE: return order_language;
  case CVX_REC_INTEREST: return order_interest;
  case CVX_REC_REFERENCE: return order_reference;
  case CVX_REC_PROJECT: return order_project;
  case CVX_REC_NEWS: return order_news;
  case CVX_REC_SECTION: return order_section;
  default: return order_section;
  }
}

/* Sections in output order (basics and meta are handled apart). */
static const cvx_rec_kind section_order[] = {
    CVX_REC_WORK,     CVX_REC_VOLUNTEER, CVX_REC_EDUCATION, CVX_REC_AWARD,    CVX_REC_CERTIFICATE,
    CVX_REC_PUBLICATION, CVX_REC_SKILL,  CVX_REC_LANGUAGE,  CVX_REC_INTEREST, CVX_REC_REFERENCE,
    CVX_REC_PROJECT};

/* The document is built as a tree of cvx_sv nodes in an arena of its own
 * (no jansson value, no per-node malloc), checked against the schema with
 * cvx_schema_accepts and written straight from the tree. Only a document the
 * quick check does not accept is turned into jansson for the full validator,
 * whose verdict and messages are then the ones reported. */
typedef struct jctx {
  cvx_arena *a;
  const cvx_doc *doc;
  const cvx_json_opts *o;
  cvx_sv *prov; /* meta.cvx.provenance */
  const char *last_origin;  /* the record origin str() saw last (NULL: none) */
  const cvx_sv *origin_sv; /* what str() made of it */
  size_t nnodes, nbytes; /* nodes made and string bytes: the output's size, roughly */
} jctx;

/* A new node of type t in the document's arena. */
static cvx_sv *node(jctx *c, cvx_sv_type t) {
  cvx_sv *v = cvx_arena_alloc(c->a, sizeof *v); /* zeroed */
  v->type = t;
  c->nnodes++;
  return v;
}

/* The length of s when it is valid UTF-8 (as jansson's json_string checks
 * it), else SIZE_MAX. ASCII is skipped eight bytes at a time. */
size_t cvx_json_utf8_len(const char *s) {
  size_t n = strlen(s), i = 0;
  while (i + 8 <= n && !swar_nonascii(swar_load8(s + i))) i += 8;
  if (i < n && i + 8 > n && n >= 8 && !swar_nonascii(swar_load8(s + n - 8)))
    i = n; /* an ASCII last word */
  for (size_t k; i < n; i += k) {
    uint32_t cp;
    if ((unsigned char)s[i] < 0x80) {
      k = 1;
      continue;
    }
    k = cvx_utf8_decode(s, n, i, &cp);
    if (k == 1) return SIZE_MAX;
  }
  return n;
}

/* The bytes JSON strings escape: '"', '\\' and C0 controls. */
static const bool escaped[256] = {
    [0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
    [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1,
    [0x0E] = 1, [0x0F] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1,
    [0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1,
    [0x1C] = 1, [0x1D] = 1, [0x1E] = 1, [0x1F] = 1, ['"'] = 1,  ['\\'] = 1};

/* The high bit of each byte of x that JSON does not escape (other bits:
 * junk), exact when no byte of x is at or above 0x80: then no byte sum below
 * carries, c + 0x60 has its high bit set only for c >= 0x20, and
 * (c ^ '"') + 0x7F only for c != '"' (and the same for '\\'). */
static inline uint64_t unescaped8_ascii(uint64_t x) {
  return (x + SWAR_ONES * 0x60) & ((x ^ SWAR_ONES * '"') + SWAR_ONES * 0x7F) &
         ((x ^ SWAR_ONES * '\\') + SWAR_ONES * 0x7F);
}

/* cvx_json_utf8_len(s), also telling in *plain whether no byte of s needs
 * escaping (ASCII words eight bytes at a time). */
static size_t utf8_len_plain(const char *s, bool *plain) {
  size_t n = strlen(s), i = 0;
  uint64_t ok = ~UINT64_C(0); /* lanes of ASCII words with no byte to escape yet */
  for (; i + 8 <= n; i += 8) {
    uint64_t x = swar_load8(s + i);
    if (swar_nonascii(x)) break;
    ok &= unescaped8_ascii(x);
  }
  if (i < n && i + 8 > n && n >= 8) { /* the last, overlapping word */
    uint64_t x = swar_load8(s + n - 8);
    if (!swar_nonascii(x)) {
      ok &= unescaped8_ascii(x);
      i = n;
    }
  }
  bool e = (ok & SWAR_HIGH) != SWAR_HIGH;
  for (size_t k; i < n; i += k) {
    uint32_t cp;
    if ((unsigned char)s[i] < 0x80) {
      e |= escaped[(unsigned char)s[i]];
      k = 1;
      continue;
    }
    k = cvx_utf8_decode(s, n, i, &cp);
    if (k == 1) return SIZE_MAX;
  }
  *plain = !e;
  return n;
}

/* A JSON string (what json_string gives, NULL for NULL); a value that is not
 * UTF-8 (a file name in Latin-1) has each invalid byte replaced by U+FFFD
 * instead of being dropped. s must outlive the tree (arena or static). */
static cvx_sv *str(jctx *c, const char *s) {
  if (!s) return NULL;
  cvx_sv *v = node(c, CVX_SV_STRING);
  size_t n = utf8_len_plain(s, &v->plain);
  if (n != SIZE_MAX) {
    v->str = s;
    v->len = n;
    c->nbytes += n;
    return v;
  }
  cvx_buf b = CVX_BUF_INIT;
  n = strlen(s);
  for (size_t i = 0, k; i < n; i += k) {
    uint32_t cp;
    k = cvx_utf8_decode(s, n, i, &cp);
    if (k == 1 && (unsigned char)s[i] >= 0x80)
      cvx_buf_puts(&b, "\xEF\xBF\xBD");
    else
      cvx_buf_put(&b, s + i, k);
  }
  v->str = cvx_arena_strndup(c->a, b.ptr, b.len);
  v->len = b.len;
  v->plain = false;
  c->nbytes += b.len;
  cvx_buf_free(&b);
  return v;
}

/* A string node for s[0,n), which is ASCII with nothing to escape (a
 * pointer path_join made). */
static cvx_sv *str_plain(jctx *c, const char *s, size_t n) {
  cvx_sv *v = node(c, CVX_SV_STRING);
  v->str = s;
  v->len = n;
  v->plain = true;
  c->nbytes += n;
  return v;
}

/* str(c, s) for a record's origin: records share a few origin strings, so
 * the last one's measure is reused. */
static cvx_sv *str_origin(jctx *c, const char *s) {
  if (s != c->last_origin || !c->origin_sv) {
    cvx_sv *v = str(c, s);
    c->last_origin = s;
    c->origin_sv = v;
    return v;
  }
  cvx_sv *v = node(c, CVX_SV_STRING);
  v->str = c->origin_sv->str;
  v->len = c->origin_sv->len;
  v->plain = c->origin_sv->plain;
  c->nbytes += v->len;
  return v;
}

/* As json_integer. */
static cvx_sv *integer(jctx *c, json_int_t i) {
  cvx_sv *v = node(c, CVX_SV_INTEGER);
  v->i = i;
  return v;
}

/* As json_real: NULL for a value JSON cannot hold. */
static cvx_sv *real(jctx *c, double d) {
  if (!isfinite(d)) return NULL;
  cvx_sv *v = node(c, CVX_SV_REAL);
  v->d = d;
  return v;
}

/* json_object_set_new: a NULL value is not set. key is one of this file's
 * static names (literals and the order tables), none of which needs JSON
 * escaping, so it is marked plain for put_key. */
static void set(cvx_sv *obj, const char *key, cvx_sv *val) {
  if (!val) return;
  val->key = key;
  val->keylen = strlen(key);
  val->keyplain = true;
  cvx_sv_append(obj, val);
}

/* json_array_append_new: a NULL value is not appended. */
static void push(cvx_sv *arr, cvx_sv *val) {
  if (val) cvx_sv_append(arr, val);
}

/* The JSON pointer a + "/" + b (when b) + "/" + idx (unless SIZE_MAX), in
 * the arena: what "%s/%s/%zu" would print, without printf. */
static char *path_join(jctx *c, const char *a, const char *b, size_t idx) {
  size_t na = strlen(a), nb = b ? strlen(b) : 0;
  char *p = cvx_arena_alloc(c->a, na + nb + 24), *o = p;
  memcpy(o, a, na);
  o += na;
  if (b) {
    *o++ = '/';
    memcpy(o, b, nb);
    o += nb;
  }
  if (idx != SIZE_MAX) {
    char d[24];
    size_t k = sizeof d;
    do {
      d[--k] = (char)('0' + idx % 10);
      idx /= 10;
    } while (idx);
    *o++ = '/';
    memcpy(o, d + k, sizeof d - k);
    o += sizeof d - k;
  }
  *o = '\0';
  return p;
}

/* Adds a provenance entry; path is one path_join made (ASCII: static names,
 * '/' and digits, nothing to escape). */
static void prov_add(jctx *c, const char *path, const cvx_record *r, cvx_span span, bool value) {
  if (!c->prov || !cvx_span_valid(span)) return;
  if (value && !c->o->provenance) return;
  unsigned l1, c1, l2, c2;
  cvx_source_position(c->doc->src, span.start, &l1, &c1);
  cvx_sv *o = node(c, CVX_SV_OBJECT);
  set(o, "path", str_plain(c, path, strlen(path)));
  set(o, "extractor", str_origin(c, r->origin ? r->origin : "unknown"));
  set(o, "line", integer(c, l1));
  set(o, "column", integer(c, c1));
  if (value) {
    /* the column after the last character: that of span.end on the same
     * line (exact over a stretch NFC joined), else one past the last one */
    const cvx_source *src = c->doc->src;
    if (span.end > span.start && span.end <= src->len && src->text[span.end - 1] != '\n') {
      cvx_source_position(src, span.end, &l2, &c2);
    } else {
      cvx_source_position(src, span.end > span.start ? span.end - 1 : span.end, &l2, &c2);
      c2++;
    }
    set(o, "endLine", integer(c, l2));
    set(o, "endColumn", integer(c, c2));
  }
  push(c->prov, o);
}

/* A set of the strings a list already holds (each value once): a plain list
 * while short, a hash table once lists grow long. Members are string nodes,
 * so lengths are known and compared first. */
typedef struct seen_set {
  const cvx_sv **v;
  size_t n, cap; /* cap: list room, or table size (a power of two) once hashed */
  bool hashed;
} seen_set;

/* A hash of s[0,n), eight bytes at a time (the tail zero-padded). */
static size_t str_hash(const char *s, size_t n) {
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) h = (h ^ swar_load8(s + i)) * 0xff51afd7ed558ccdULL;
  if (i < n) {
    uint64_t x = 0;
    memcpy(&x, s + i, n - i);
    h = (h ^ x) * 0xff51afd7ed558ccdULL;
  }
  return (size_t)(h ^ (h >> 32));
}

static bool same_str(const cvx_sv *a, const cvx_sv *b) {
  return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
}

static void seen_put(seen_set *ss, const cvx_sv *s) {
  size_t h = str_hash(s->str, s->len) & (ss->cap - 1);
  while (ss->v[h]) h = (h + 1) & (ss->cap - 1);
  ss->v[h] = s;
}

/* Adds the string node s; false when an equal string was there already. */
static bool seen_add(jctx *c, seen_set *ss, const cvx_sv *s) {
  if (!ss->hashed) {
    for (size_t i = 0; i < ss->n; i++)
      if (same_str(ss->v[i], s)) return false;
    if (ss->n < 16) {
      if (ss->n == ss->cap) {
        size_t cap = ss->cap ? ss->cap * 2 : 4;
        ss->v = cvx_arena_grow(c->a, ss->v, ss->n, cap, sizeof *ss->v);
        ss->cap = cap;
      }
      ss->v[ss->n++] = s;
      return true;
    }
    const cvx_sv **old = ss->v; /* 16 strings: switch to a table */
    ss->cap = 64;
    ss->v = cvx_arena_alloc(c->a, ss->cap * sizeof *ss->v);
    ss->hashed = true;
    for (size_t i = 0; i < ss->n; i++) seen_put(ss, old[i]);
  } else {
    for (size_t h = str_hash(s->str, s->len) & (ss->cap - 1); ss->v[h]; h = (h + 1) & (ss->cap - 1))
      if (same_str(ss->v[h], s)) return false;
  }
  if ((ss->n + 1) * 2 > ss->cap) {
    const cvx_sv **old = ss->v;
    size_t oldcap = ss->cap;
    ss->cap *= 2;
    ss->v = cvx_arena_alloc(c->a, ss->cap * sizeof *ss->v);
    for (size_t i = 0; i < oldcap; i++)
      if (old[i]) seen_put(ss, old[i]);
  }
  seen_put(ss, s);
  ss->n++;
  return true;
}

/* One entry object with keys in the section's order; nested keys such as
 * location.city go into sub-objects. */
static cvx_sv *entry_json(jctx *c, const cvx_record *r, const char *path) {
  cvx_sv *obj = node(c, CVX_SV_OBJECT);
  const char *const *order = key_order(r->kind);
  bool prov = c->o->provenance;
  for (int i = 0; order[i]; i++) {
    const char *key = order[i];
    int list = -1; /* cvx_key_is_list(key), asked on the first match */
    cvx_sv *arr = NULL;
    seen_set seen = {0};
    for (const cvx_field *f = r->fields; f; f = f->next) {
      if (f->key[0] != key[0] || strcmp(f->key, key) != 0) continue;
      if (list < 0) list = cvx_key_is_list(key);
      if (list) {
        if (!arr) arr = node(c, CVX_SV_ARRAY);
        cvx_sv *v = str(c, f->value);
        /* a list holds each value once; as with the jansson object this
         * replaces, a value that is not UTF-8 is never remembered */
        if (v && v->str == f->value && !seen_add(c, &seen, v)) continue;
        size_t idx = arr->n;
        push(arr, v);
        if (prov) {
          prov_add(c, path_join(c, path, key, idx), r, f->span, true);
        }
      } else {
        set(obj, key, str(c, f->value));
        if (prov) {
          prov_add(c, path_join(c, path, key, SIZE_MAX), r, f->span, true);
        }
        break;
      }
    }
    if (arr) set(obj, key, arr);
  }
  return obj;
}

static cvx_sv *basics_json(jctx *c) {
  const cvx_doc *doc = c->doc;
  cvx_sv *b = NULL;
  const cvx_record *basics = NULL;
  for (const cvx_record *r = doc->records; r; r = r->next)
    if (r->kind == CVX_REC_BASICS) {
      basics = r;
      break;
    }
  if (basics) {
    b = entry_json(c, basics, "/basics");
    cvx_sv *loc = node(c, CVX_SV_OBJECT);
    for (int i = 0; order_location[i]; i++) {
      const cvx_field *f = cvx_record_field(basics, record_location[i]);
      if (!f) continue;
      set(loc, order_location[i], str(c, f->value));
      if (c->o->provenance) {
        prov_add(c, path_join(c, "/basics/location", order_location[i], SIZE_MAX), basics, f->span,
                 true);
      }
    }
    if (loc->n) set(b, "location", loc);
  }
  cvx_sv *profiles = NULL;
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_PROFILE) continue;
    if (!profiles) profiles = node(c, CVX_SV_ARRAY);
    const char *path = path_join(c, "/basics/profiles", NULL, profiles->n);
    prov_add(c, path, r, r->span, false);
    push(profiles, entry_json(c, r, path));
  }
  if (profiles) {
    if (!b) b = node(c, CVX_SV_OBJECT);
    set(b, "profiles", profiles);
  }
  if (b && b->n == 0) b = NULL;
  return b;
}

static cvx_sv *meta_json(jctx *c) {
  const cvx_doc *doc = c->doc;
  const cvx_json_opts *o = c->o;
  cvx_sv *cvx = node(c, CVX_SV_OBJECT);
  set(cvx, "version", str(c, CVX_VERSION));
  set(cvx, "source", str(c, o->source_name ? o->source_name : doc->src->path));
  if (o->extractors && o->extractors[0]) {
    cvx_sv *ex = node(c, CVX_SV_ARRAY);
    for (int i = 0; o->extractors[i]; i++) push(ex, str(c, o->extractors[i]));
    set(cvx, "extractors", ex);
  }
  set(cvx, "coverage", real(c, round(o->coverage * 10000.0) / 10000.0));
  cvx_sv *dg = node(c, CVX_SV_OBJECT);
  set(dg, "errors", integer(c, (json_int_t)o->nerrors));
  set(dg, "warnings", integer(c, (json_int_t)o->nwarnings));
  set(cvx, "diagnostics", dg);
  cvx_sv *news = NULL, *sections = NULL;
  size_t ni = 0, si = 0;
  for (const cvx_record *r = doc->records; r; r = r->next) {
    const char *path;
    if (r->kind == CVX_REC_NEWS && cvx_record_get(r, "summary")) {
      if (!news) news = node(c, CVX_SV_ARRAY);
      path = path_join(c, "/meta/cvx/news", NULL, ni++);
      prov_add(c, path, r, r->span, false);
      push(news, entry_json(c, r, path));
    } else if (r->kind == CVX_REC_SECTION && cvx_record_get(r, "title") && cvx_record_get(r, "items")) {
      if (!sections) sections = node(c, CVX_SV_ARRAY);
      path = path_join(c, "/meta/cvx/sections", NULL, si++);
      prov_add(c, path, r, r->span, false);
      push(sections, entry_json(c, r, path));
    }
  }
  if (news) set(cvx, "news", news);
  if (sections) set(cvx, "sections", sections);
  if (o->nunmapped) {
    cvx_sv *un = node(c, CVX_SV_ARRAY);
    for (size_t i = 0; i < o->nunmapped; i++) {
      cvx_sv *u = node(c, CVX_SV_OBJECT);
      set(u, "line", integer(c, o->unmapped[i].line));
      set(u, "text", str(c, o->unmapped[i].text));
      push(un, u);
    }
    set(cvx, "unmapped", un);
  }
  if (c->prov->n) set(cvx, "provenance", c->prov);
  cvx_sv *meta = node(c, CVX_SV_OBJECT);
  set(meta, "cvx", cvx);
  return meta;
}

/* ------------------------------------------------------------ writing */

/* Writes a validated tree as text, byte for byte what json_dumps gives with
 * JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6) and JSON_INDENT(2) (or
 * JSON_COMPACT), without its per-character callbacks. */
/* Where the text goes: a buffer, and with a sink (cvx_json_opts.sink) the
 * buffer is handed to it whenever it would pass CVX_JSON_CHUNK bytes, so a
 * big document is never whole in memory. */
typedef struct jout {
  cvx_buf *b;
  cvx_json_sink sink;
  void *ctx;
  size_t sent; /* bytes handed to the sink */
  int err;     /* the sink's first error (what follows is not handed to it) */
} jout;

#define CVX_JSON_CHUNK ((size_t)1 << 20)
#define CVX_JSON_PIECE ((size_t)64 << 10) /* a long string is written this much at a time */

static void flush(jout *out) {
  if (!out->err) out->err = out->sink(out->ctx, out->b->ptr, out->b->len);
  out->sent += out->b->len;
  cvx_buf_clear(out->b);
}

/* Room for n more bytes (and the NUL) at the end of out: where to write. */
static char *room(jout *out, size_t n) {
  cvx_buf *b = out->b;
  if (out->sink && b->len && b->len + n > CVX_JSON_CHUNK) flush(out);
  if (n >= b->cap - b->len) cvx_buf_reserve(b, n); /* len < cap, or cap == 0 */
  return b->ptr + b->len;
}

/* Ends what was written through room() at end. */
static void commit(jout *out, char *end) {
  out->b->len = (size_t)(end - out->b->ptr);
  *end = '\0';
}

/* A newline and depth levels of indentation (nothing when compact); needs
 * 1 + 2 * depth bytes of room and 16 more (spaces are stored eight at a
 * time, at least sixteen, past the end, where the next write or the NUL
 * lands). */
static char *indent(char *p, bool compact, size_t depth) {
  if (compact) return p;
  *p++ = '\n';
  memcpy(p, "                ", 16);
  for (size_t i = 16; i < depth * 2; i += 8) memcpy(p + i, "        ", 8);
  return p + depth * 2;
}

/* s is valid UTF-8 (str() made sure): only '"', '\\' and C0 controls are
 * escaped. Room for the worst case is reserved once, then bytes are stored
 * directly; open and close add the quotes. */
static void put_escaped(jout *out, const char *s, size_t n, bool open, bool close) {
  static const char hex[] = "0123456789ABCDEF";
  if (n > (SIZE_MAX - 3) / 6) {
    fprintf(stderr, "cvx: buffer size overflow\n");
    abort();
  }
  char *o = room(out, n * 6 + 2);
  if (open) *o++ = '"';
  size_t i = 0, run = 0;
  for (;;) {
    /* eight bytes at a time while none is '"', '\\' or below 0x20 */
    while (i + 8 <= n) {
      uint64_t x = swar_load8(s + i);
      if (swar_has_less(x, 0x20) | swar_has_byte(x, '"') | swar_has_byte(x, '\\')) break;
      i += 8;
    }
    size_t stop = n - i > 8 ? i + 8 : n;
    while (i < stop && !escaped[(unsigned char)s[i]]) i++;
    if (i == n) break;
    if (i == stop) continue;
    memcpy(o, s + run, i - run);
    o += i - run;
    unsigned char ch = (unsigned char)s[i++];
    run = i;
    *o++ = '\\';
    switch (ch) {
    case '"': *o++ = '"'; break;
    case '\\': *o++ = '\\'; break;
    case '\b': *o++ = 'b'; break;
    case '\f': *o++ = 'f'; break;
    case '\n': *o++ = 'n'; break;
    case '\r': *o++ = 'r'; break;
    case '\t': *o++ = 't'; break;
    default:
      memcpy(o, "u00", 3);
      o[3] = hex[ch >> 4];
      o[4] = hex[ch & 15];
      o += 5;
    }
  }
  memcpy(o, s + run, n - run);
  o += n - run;
  if (close) *o++ = '"';
  commit(out, o);
}

/* A string (escaped as put_escaped does); with a sink, a long one a piece
 * at a time (escaping is byte by byte, so any cut gives the same text). */
static void put_string(jout *out, const char *s, size_t n) {
  if (!out->sink || n <= CVX_JSON_PIECE) {
    put_escaped(out, s, n, true, true);
    return;
  }
  for (size_t i = 0; i < n; i += CVX_JSON_PIECE) {
    size_t k = n - i < CVX_JSON_PIECE ? n - i : CVX_JSON_PIECE;
    put_escaped(out, s + i, k, i == 0, i + k == n);
  }
}

/* A member name and its ':' (and space). A short name with nothing to
 * escape, as our keys are, is copied while it is checked; any other goes
 * through put_string. */
static void put_key(jout *out, const char *k, size_t n, bool plain, bool compact) {
  size_t i = 0;
  char *p = room(out, 36); /* for a name of up to 32 bytes: quotes, ':', ' ' */
  if (plain && n <= 32) { /* known to need no escaping: copied whole */
    *p++ = '"';
    memcpy(p, k, n);
    p += n;
    *p++ = '"';
    *p++ = ':';
    if (!compact) *p++ = ' ';
    commit(out, p);
    return;
  }
  if (n <= 32) {
    *p = '"';
    while (i < n && !escaped[(unsigned char)k[i]]) {
      p[i + 1] = k[i];
      i++;
    }
  }
  if (n <= 32 && i == n) {
    p += n + 1;
    *p++ = '"';
  } else {
    put_string(out, k, n);
    p = room(out, 2);
  }
  *p++ = ':';
  if (!compact) *p++ = ' ';
  commit(out, p);
}

/* v as "%lld" writes it, at the end of b[24]; returns its length. */
static size_t int_text(char b[24], json_int_t v) {
  size_t i = 24;
  unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
  do {
    b[--i] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) b[--i] = '-';
  return 24 - i;
}

/* An integer as "%lld" writes it. */
static void put_int(jout *out, json_int_t v) {
  char b[24];
  size_t n = int_text(b, v);
  char *p = room(out, n);
  memcpy(p, b + sizeof b - n, n);
  commit(out, p + n);
}

/* jansson's real format: %.6g, a '.' forced in, the exponent without '+'
 * or leading zeros. */
static bool put_real(jout *out, double v) {
  char b[64];
  int r = snprintf(b, sizeof b, "%.6g", v);
  if (r < 0 || (size_t)r >= sizeof b - 3) return false;
  size_t len = (size_t)r;
  for (size_t i = 0; i < len; i++) /* a locale's decimal comma, as jansson undoes it */
    if (b[i] == ',') b[i] = '.';
  if (!strchr(b, '.') && !strchr(b, 'e')) {
    b[len++] = '.';
    b[len++] = '0';
    b[len] = '\0';
  }
  char *start = strchr(b, 'e');
  if (start) {
    start++;
    char *end = start + 1;
    if (*start == '-') start++;
    while (*end == '0') end++;
    if (end != start) {
      memmove(start, end, len - (size_t)(end - b) + 1);
      len -= (size_t)(end - start);
    }
  }
  cvx_buf_put(out->b, b, len);
  return true;
}

static bool put_value(jout *out, const cvx_sv *v, bool compact, size_t depth) {
  if (depth > 64) return false; /* our documents are a few levels deep */
  switch (v->type) {
  case CVX_SV_OBJECT:
  case CVX_SV_ARRAY: {
    bool obj = v->type == CVX_SV_OBJECT;
    size_t need = 2 * depth + 32; /* punctuation and one indentation (and its overrun) */
    char *p = room(out, need);
    *p++ = obj ? '{' : '[';
    if (!v->head) {
      *p++ = obj ? '}' : ']';
      commit(out, p);
      return true;
    }
    commit(out, indent(p, compact, depth + 1));
    for (const cvx_sv *m = v->head; m; m = m->next) {
      bool fast = (m->type == CVX_SV_STRING && m->plain) || m->type == CVX_SV_INTEGER;
      if (fast && (!obj || m->keyplain) && depth < 64 &&
          (!out->sink || m->type != CVX_SV_STRING || m->len <= CVX_JSON_PIECE)) {
        /* the usual member, a string with nothing to escape or an integer,
         * under a plain name: name, value and what follows them reserved
         * and written at once (what put_key and put_value would write) */
        size_t kn = obj ? m->keylen : 0;
        char digits[24];
        size_t nd = 0;
        if (m->type == CVX_SV_INTEGER) nd = int_text(digits, m->i);
        p = room(out, kn + 4 + (m->type == CVX_SV_STRING ? m->len + 2 : nd) + need);
        if (obj) {
          *p++ = '"';
          memcpy(p, m->key, kn);
          p += kn;
          *p++ = '"';
          *p++ = ':';
          if (!compact) *p++ = ' ';
        }
        if (m->type == CVX_SV_STRING) {
          *p++ = '"';
          memcpy(p, m->str, m->len);
          p += m->len;
          *p++ = '"';
        } else {
          memcpy(p, digits + sizeof digits - nd, nd);
          p += nd;
        }
      } else {
        if (obj) {
          put_key(out, m->key, m->keylen, m->keyplain, compact);
        }
        if (!put_value(out, m, compact, depth + 1)) return false;
        p = room(out, need);
      }
      if (m->next) {
        *p++ = ',';
        p = indent(p, compact, depth + 1);
      } else {
        p = indent(p, compact, depth);
        *p++ = obj ? '}' : ']';
      }
      commit(out, p);
    }
    return true;
  }
  case CVX_SV_STRING:
    if (v->plain && out->sink && v->len > CVX_JSON_PIECE) { /* a piece at a time */
      for (size_t i = 0; i < v->len; i += CVX_JSON_PIECE) {
        size_t k = v->len - i < CVX_JSON_PIECE ? v->len - i : CVX_JSON_PIECE;
        char *p = room(out, k + 2);
        if (i == 0) *p++ = '"';
        memcpy(p, v->str + i, k);
        p += k;
        if (i + k == v->len) *p++ = '"';
        commit(out, p);
      }
    } else if (v->plain) { /* copied as it is, between quotes */
      char *p = room(out, v->len + 2);
      *p++ = '"';
      memcpy(p, v->str, v->len);
      p += v->len;
      *p++ = '"';
      commit(out, p);
    } else {
      put_string(out, v->str, v->len);
    }
    return true;
  case CVX_SV_INTEGER: put_int(out, v->i); return true;
  case CVX_SV_REAL: return put_real(out, v->d);
  case CVX_SV_TRUE: cvx_buf_put(out->b, "true", 4); return true;
  case CVX_SV_FALSE: cvx_buf_put(out->b, "false", 5); return true;
  case CVX_SV_NULL: cvx_buf_put(out->b, "null", 4); return true;
  }
  return false;
}

bool cvx_emit_json(const cvx_doc *doc, const cvx_json_opts *o, cvx_buf *out) {
  jctx c = {.a = cvx_arena_new(32 * 1024), .doc = doc, .o = o};
  c.prov = node(&c, CVX_SV_ARRAY);
  cvx_sv *root = node(&c, CVX_SV_OBJECT);
  set(root, "basics", basics_json(&c));
  for (size_t s = 0; s < sizeof section_order / sizeof *section_order; s++) {
    cvx_rec_kind k = section_order[s];
    cvx_sv *arr = NULL;
    for (const cvx_record *r = doc->records; r; r = r->next) {
      if (r->kind != k || !r->fields) continue;
      if (!arr) arr = node(&c, CVX_SV_ARRAY);
      const char *path = path_join(&c, "", cvx_rec_kind_name(k), arr->n);
      prov_add(&c, path, r, r->span, false);
      cvx_sv *e = entry_json(&c, r, path);
      if (e->n) push(arr, e);
    }
    if (arr && arr->n) set(root, cvx_rec_kind_name(k), arr);
  }
  set(root, "meta", meta_json(&c));

  bool ok = true;
  if (o->schema && !cvx_schema_accepts(o->schema, NULL, root)) {
    /* not known valid: the full validator on the same value decides and
     * reports (rare, so the jansson tree is made only here) */
    json_t *j = cvx_sv_to_json(root);
    size_t nerr = cvx_schema_validate(o->schema, NULL, j, o->on_error, o->error_ctx);
    json_decref(j);
    ok = nerr == 0;
  }
  if (ok) {
    size_t start = out->len;
    jout w = {.b = out, .sink = o->sink, .ctx = o->sink_ctx};
    /* one allocation instead of a dozen regrowths: strings, keys, quotes,
     * punctuation and indentation of a few levels (with a sink, a chunk) */
    if (c.nnodes < SIZE_MAX / 64 && c.nbytes < SIZE_MAX / 2) {
      size_t want = c.nbytes + c.nnodes * (o->compact ? 16 : 32);
      if (w.sink && want > CVX_JSON_CHUNK + CVX_JSON_PIECE * 6 + 64) want = CVX_JSON_CHUNK + CVX_JSON_PIECE * 6 + 64;
      cvx_buf_reserve(out, want);
    }
    if (put_value(&w, root, o->compact, 0)) {
      cvx_buf_putc(out, '\n');
      if (o->on_tree) o->on_tree(root, o->tree_ctx);
    } else {
      cvx_buf_truncate(out, w.sent ? 0 : start);
      ok = false;
    }
    if (o->sent) *o->sent = w.sent;
    if (o->sink_err) *o->sink_err = w.err;
  }
  cvx_arena_free(c.a);
  return ok;
}
