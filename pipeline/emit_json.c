/* emit_json.c — the JSON Resume serializer: records in, a document with a
 * fixed key order out (2-space indent, '\n' endings, UTF-8), validated against
 * our resume schema before a single byte is handed back. */
#include "emit_json.h"

#include "emit.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

/* Key order of each section's entries (JSON Resume order, then our extras). */
static const char *const order_basics[] = {"name", "label", "image", "email", "phone", "phoneE164", "url", "summary", NULL};
static const char *const order_location[] = {"address", "postalCode", "city", "countryCode", "region", NULL};
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

/* A JSON string; a value that is not UTF-8 (a file name in Latin-1) has
 * each invalid byte replaced by U+FFFD instead of being dropped. */
static json_t *str(const char *s) {
  json_t *j = json_string(s);
  if (j || !s) return j;
  cvx_buf b = CVX_BUF_INIT;
  size_t n = strlen(s);
  for (size_t i = 0, k; i < n; i += k) {
    uint32_t cp;
    k = cvx_utf8_decode(s, n, i, &cp);
    if (k == 1 && (unsigned char)s[i] >= 0x80)
      cvx_buf_puts(&b, "\xEF\xBF\xBD");
    else
      cvx_buf_put(&b, s + i, k);
  }
  j = json_string(b.ptr);
  cvx_buf_free(&b);
  return j;
}

typedef struct prov_ctx {
  const cvx_doc *doc;
  const cvx_json_opts *o;
  json_t *prov;
} prov_ctx;

static void prov_add(prov_ctx *p, const char *path, const cvx_record *r, cvx_span span, bool value) {
  if (!p->prov || !cvx_span_valid(span)) return;
  if (value && !p->o->provenance) return;
  unsigned l1, c1, l2, c2;
  cvx_source_position(p->doc->src, span.start, &l1, &c1);
  json_t *o = json_object();
  json_object_set_new(o, "path", str(path));
  json_object_set_new(o, "extractor", str(r->origin ? r->origin : "unknown"));
  json_object_set_new(o, "line", json_integer(l1));
  if (value) {
    cvx_source_position(p->doc->src, span.end > span.start ? span.end - 1 : span.end, &l2, &c2);
    json_object_set_new(o, "column", json_integer(c1));
    json_object_set_new(o, "endLine", json_integer(l2));
    json_object_set_new(o, "endColumn", json_integer(c2 + 1));
  } else {
    json_object_set_new(o, "column", json_integer(c1));
  }
  json_array_append_new(p->prov, o);
}

/* One entry object with keys in the section's order; nested keys such as
 * location.city go into sub-objects. */
static json_t *entry_json(const cvx_record *r, prov_ctx *p, const char *path) {
  json_t *obj = json_object();
  const char *const *order = key_order(r->kind);
  for (int i = 0; order[i]; i++) {
    const char *key = order[i];
    bool list = cvx_key_is_list(key);
    json_t *arr = NULL, *seen = NULL;
    for (const cvx_field *f = r->fields; f; f = f->next) {
      if (strcmp(f->key, key) != 0) continue;
      if (list) {
        if (!arr) {
          arr = json_array();
          seen = json_object();
        }
        /* a list holds each value once (a hash set: lists can be long) */
        if (json_object_get(seen, f->value)) continue;
        json_object_set_new(seen, f->value, json_true());
        char *vp = NULL;
        size_t idx = json_array_size(arr);
        json_array_append_new(arr, str(f->value));
        if (p->o->provenance) {
          size_t len = strlen(path) + strlen(key) + 32;
          vp = cvx_xmalloc(len);
          snprintf(vp, len, "%s/%s/%zu", path, key, idx);
          prov_add(p, vp, r, f->span, true);
          free(vp);
        }
      } else {
        json_object_set_new(obj, key, str(f->value));
        if (p->o->provenance) {
          size_t len = strlen(path) + strlen(key) + 4;
          char *vp = cvx_xmalloc(len);
          snprintf(vp, len, "%s/%s", path, key);
          prov_add(p, vp, r, f->span, true);
          free(vp);
        }
        break;
      }
    }
    if (arr) json_object_set_new(obj, key, arr);
    json_decref(seen);
  }
  return obj;
}

static json_t *basics_json(const cvx_doc *doc, prov_ctx *p) {
  json_t *b = NULL;
  const cvx_record *basics = NULL;
  for (const cvx_record *r = doc->records; r; r = r->next)
    if (r->kind == CVX_REC_BASICS) {
      basics = r;
      break;
    }
  if (basics) {
    b = entry_json(basics, p, "/basics");
    json_t *loc = json_object();
    for (int i = 0; order_location[i]; i++) {
      char key[64];
      snprintf(key, sizeof key, "location.%s", order_location[i]);
      const cvx_field *f = cvx_record_field(basics, key);
      if (!f) continue;
      json_object_set_new(loc, order_location[i], str(f->value));
      if (p->o->provenance) {
        char vp[96];
        snprintf(vp, sizeof vp, "/basics/location/%s", order_location[i]);
        prov_add(p, vp, basics, f->span, true);
      }
    }
    if (json_object_size(loc))
      json_object_set_new(b, "location", loc);
    else
      json_decref(loc);
  }
  json_t *profiles = NULL;
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_PROFILE) continue;
    if (!profiles) profiles = json_array();
    char path[64];
    snprintf(path, sizeof path, "/basics/profiles/%zu", json_array_size(profiles));
    prov_add(p, path, r, r->span, false);
    json_array_append_new(profiles, entry_json(r, p, path));
  }
  if (profiles) {
    if (!b) b = json_object();
    json_object_set_new(b, "profiles", profiles);
  }
  if (b && json_object_size(b) == 0) {
    json_decref(b);
    b = NULL;
  }
  return b;
}

static json_t *meta_json(const cvx_doc *doc, const cvx_json_opts *o, json_t *prov) {
  json_t *cvx = json_object();
  json_object_set_new(cvx, "version", str(CVX_VERSION));
  json_object_set_new(cvx, "source", str(o->source_name ? o->source_name : doc->src->path));
  if (o->extractors && o->extractors[0]) {
    json_t *ex = json_array();
    for (int i = 0; o->extractors[i]; i++) json_array_append_new(ex, str(o->extractors[i]));
    json_object_set_new(cvx, "extractors", ex);
  }
  json_object_set_new(cvx, "coverage", json_real(round(o->coverage * 10000.0) / 10000.0));
  json_t *dg = json_object();
  json_object_set_new(dg, "errors", json_integer((json_int_t)o->nerrors));
  json_object_set_new(dg, "warnings", json_integer((json_int_t)o->nwarnings));
  json_object_set_new(cvx, "diagnostics", dg);
  json_t *news = NULL, *sections = NULL;
  size_t ni = 0, si = 0;
  for (const cvx_record *r = doc->records; r; r = r->next) {
    char path[64];
    if (r->kind == CVX_REC_NEWS && cvx_record_get(r, "summary")) {
      if (!news) news = json_array();
      snprintf(path, sizeof path, "/meta/cvx/news/%zu", ni++);
      prov_add(&(prov_ctx){doc, o, prov}, path, r, r->span, false);
      json_array_append_new(news, entry_json(r, &(prov_ctx){doc, o, prov}, path));
    } else if (r->kind == CVX_REC_SECTION && cvx_record_get(r, "title") && cvx_record_get(r, "items")) {
      if (!sections) sections = json_array();
      snprintf(path, sizeof path, "/meta/cvx/sections/%zu", si++);
      prov_add(&(prov_ctx){doc, o, prov}, path, r, r->span, false);
      json_array_append_new(sections, entry_json(r, &(prov_ctx){doc, o, prov}, path));
    }
  }
  if (news) json_object_set_new(cvx, "news", news);
  if (sections) json_object_set_new(cvx, "sections", sections);
  if (o->nunmapped) {
    json_t *un = json_array();
    for (size_t i = 0; i < o->nunmapped; i++) {
      json_t *u = json_object();
      json_object_set_new(u, "line", json_integer(o->unmapped[i].line));
      json_object_set_new(u, "text", str(o->unmapped[i].text));
      json_array_append_new(un, u);
    }
    json_object_set_new(cvx, "unmapped", un);
  }
  if (json_array_size(prov))
    json_object_set_new(cvx, "provenance", json_incref(prov));
  json_t *meta = json_object();
  json_object_set_new(meta, "cvx", cvx);
  return meta;
}

/* ------------------------------------------------------------ writing */

/* Writes a validated tree as text, byte for byte what json_dumps gives with
 * JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6) and JSON_INDENT(2) (or
 * JSON_COMPACT), without its per-character callbacks. */
static void put_indent(cvx_buf *out, bool compact, size_t depth) {
  if (compact) return;
  cvx_buf_reserve(out, 1 + depth * 2);
  out->ptr[out->len++] = '\n';
  memset(out->ptr + out->len, ' ', depth * 2);
  out->len += depth * 2;
  out->ptr[out->len] = '\0';
}

/* s is valid UTF-8 (jansson checked it): only '"', '\\' and C0 controls are escaped. */
static void put_string(cvx_buf *out, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  cvx_buf_putc(out, '"');
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    cvx_buf_put(out, s + run, i - run);
    run = i + 1;
    switch (c) {
    case '"': cvx_buf_put(out, "\\\"", 2); break;
    case '\\': cvx_buf_put(out, "\\\\", 2); break;
    case '\b': cvx_buf_put(out, "\\b", 2); break;
    case '\f': cvx_buf_put(out, "\\f", 2); break;
    case '\n': cvx_buf_put(out, "\\n", 2); break;
    case '\r': cvx_buf_put(out, "\\r", 2); break;
    case '\t': cvx_buf_put(out, "\\t", 2); break;
    default: {
      char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      cvx_buf_put(out, u, 6);
    }
    }
  }
  cvx_buf_put(out, s + run, n - run);
  cvx_buf_putc(out, '"');
}

/* jansson's real format: %.6g, a '.' forced in, the exponent without '+'
 * or leading zeros. */
static bool put_real(cvx_buf *out, double v) {
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
  cvx_buf_put(out, b, len);
  return true;
}

static bool put_value(cvx_buf *out, const json_t *j, bool compact, size_t depth) {
  if (depth > 64) return false; /* our documents are a few levels deep */
  switch (json_typeof(j)) {
  case JSON_OBJECT: {
    void *it = json_object_iter((json_t *)j);
    cvx_buf_putc(out, '{');
    if (!it) {
      cvx_buf_putc(out, '}');
      return true;
    }
    put_indent(out, compact, depth + 1);
    while (it) {
      void *next = json_object_iter_next((json_t *)j, it);
      put_string(out, json_object_iter_key(it), json_object_iter_key_len(it));
      if (compact)
        cvx_buf_putc(out, ':');
      else
        cvx_buf_put(out, ": ", 2);
      if (!put_value(out, json_object_iter_value(it), compact, depth + 1)) return false;
      if (next) {
        cvx_buf_putc(out, ',');
        put_indent(out, compact, depth + 1);
      } else {
        put_indent(out, compact, depth);
      }
      it = next;
    }
    cvx_buf_putc(out, '}');
    return true;
  }
  case JSON_ARRAY: {
    size_t n = json_array_size(j);
    cvx_buf_putc(out, '[');
    if (!n) {
      cvx_buf_putc(out, ']');
      return true;
    }
    put_indent(out, compact, depth + 1);
    for (size_t i = 0; i < n; i++) {
      if (!put_value(out, json_array_get(j, i), compact, depth + 1)) return false;
      if (i + 1 < n) {
        cvx_buf_putc(out, ',');
        put_indent(out, compact, depth + 1);
      } else {
        put_indent(out, compact, depth);
      }
    }
    cvx_buf_putc(out, ']');
    return true;
  }
  case JSON_STRING: put_string(out, json_string_value(j), json_string_length(j)); return true;
  case JSON_INTEGER: cvx_buf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(j)); return true;
  case JSON_REAL: return put_real(out, json_real_value(j));
  case JSON_TRUE: cvx_buf_put(out, "true", 4); return true;
  case JSON_FALSE: cvx_buf_put(out, "false", 5); return true;
  case JSON_NULL: cvx_buf_put(out, "null", 4); return true;
  }
  return false;
}

bool cvx_emit_json(const cvx_doc *doc, const cvx_json_opts *o, cvx_buf *out) {
  json_t *root = json_object();
  json_t *prov = json_array();
  prov_ctx p = {doc, o, prov};
  json_t *b = basics_json(doc, &p);
  if (b) json_object_set_new(root, "basics", b);
  for (size_t s = 0; s < sizeof section_order / sizeof *section_order; s++) {
    cvx_rec_kind k = section_order[s];
    json_t *arr = NULL;
    for (const cvx_record *r = doc->records; r; r = r->next) {
      if (r->kind != k || !r->fields) continue;
      if (!arr) arr = json_array();
      char path[64];
      snprintf(path, sizeof path, "/%s/%zu", cvx_rec_kind_name(k), json_array_size(arr));
      prov_add(&p, path, r, r->span, false);
      json_t *e = entry_json(r, &p, path);
      if (json_object_size(e))
        json_array_append_new(arr, e);
      else
        json_decref(e);
    }
    if (arr && json_array_size(arr))
      json_object_set_new(root, cvx_rec_kind_name(k), arr);
    else
      json_decref(arr);
  }
  json_object_set_new(root, "meta", meta_json(doc, o, prov));
  json_decref(prov);

  bool ok = true;
  if (o->schema) {
    size_t nerr = cvx_schema_validate(o->schema, NULL, root, o->on_error, o->error_ctx);
    ok = nerr == 0;
  }
  if (ok) {
    size_t start = out->len;
    if (put_value(out, root, o->compact, 0)) {
      cvx_buf_putc(out, '\n');
    } else {
      cvx_buf_truncate(out, start);
      ok = false;
    }
  }
  json_decref(root);
  return ok;
}
