/* convert.c — one input through the pipeline: load, extract (preamble + the
 * best body extractor), normalize, validate every record and the document,
 * serialize. Each input lives in its own arena, freed before returning. */
#include "convert.h"

#include "emit.h"
#include "emit_json.h"
#include "grammar.h"
#include "news.h"
#include "prose.h"
#include "rules.h"
#include "schema.h"
#include "entryseg.h"
#include "fieldlabel.h"
#include "secvote.h"

#include <ctype.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static cvx_schema *record_schema, *resume_schema;

static cvx_schema *load_builtin(const char *name) {
  size_t len = 0;
  const char *text = cvx_builtin_schema(name, &len);
  char err[256] = "";
  cvx_schema *s = text ? cvx_schema_parse(text, len, err, sizeof err) : NULL;
  if (!s) fprintf(stderr, "cvx: internal error: built-in schema %s: %s\n", name, text ? err : "missing");
  return s;
}

bool cvx_convert_init(void) {
  if (!record_schema) record_schema = load_builtin("record.schema.json");
  if (!resume_schema) resume_schema = load_builtin("resume.schema.json");
  return record_schema && resume_schema && cvx_secvote_init() && cvx_entryseg_init() && cvx_field_init();
}

void cvx_convert_cleanup(void) {
  cvx_schema_free(record_schema);
  cvx_schema_free(resume_schema);
  record_schema = resume_schema = NULL;
  cvx_secvote_cleanup();
  cvx_entryseg_cleanup();
  cvx_field_cleanup();
  cvx_rx_cleanup();
}

/* ---------------------------------------------------------- normalization */

static const cvx_extractor *const wholes[] = {&cvx_extractor_yamldata, NULL};
static const cvx_extractor *const preamble[] = {&cvx_extractor_frontmatter, NULL};
static const cvx_extractor *const bodies[] = {&cvx_extractor_pdf,  &cvx_extractor_docx, &cvx_extractor_markdown,
                                              &cvx_extractor_html, &cvx_extractor_text, NULL};

static void norm_url(const char *u, char *out, size_t outsz) {
  size_t o = 0;
  const char *p = strstr(u, "://");
  p = p ? p + 3 : u;
  if (strncasecmp(p, "www.", 4) == 0) p += 4;
  for (; *p && o + 1 < outsz; p++) out[o++] = (char)((*p >= 'A' && *p <= 'Z') ? *p + 32 : *p);
  while (o && out[o - 1] == '/') o--;
  out[o] = '\0';
}

/* True when s and t hold the same text; the first bytes (or the pointers)
 * usually settle it without a call. */
static bool same_str(const char *s, const char *t) {
  return s == t || (s[0] == t[0] && strcmp(s, t) == 0);
}

static bool same_fields(const cvx_record *a, const cvx_record *b) {
  const cvx_field *x = a->fields, *y = b->fields;
  while (x && y) {
    if (!same_str(x->key, y->key) || !same_str(x->value, y->value)) return false;
    x = x->next;
    y = y->next;
  }
  return x == NULL && y == NULL;
}

/* True when every word (3+ letters or digits, any case) of s occurs among the
 * values of r. */
static bool words_in_record(const char *s, const cvx_record *r) {
  for (const char *p = s; *p;) {
    while (*p && !isalnum((unsigned char)*p)) p++;
    const char *w = p;
    while (isalnum((unsigned char)*p)) p++;
    size_t n = (size_t)(p - w);
    if (n < 3) continue;
    bool found = false;
    for (const cvx_field *f = r->fields; f && !found; f = f->next)
      for (const char *v = f->value; *v && !found; v++)
        found = strncasecmp(v, w, n) == 0 && !isalnum((unsigned char)v[n]) &&
                (v == f->value || !isalnum((unsigned char)v[-1]));
    if (!found) return false;
  }
  return true;
}

/* A prose entry (education or work read from a sentence) that says nothing a
 * structured entry of the same kind (front matter, YAML data) does not say:
 * the same fact twice. */
static bool prose_restates(const cvx_doc *doc, const cvx_record *r) {
  if (!r->origin || strcmp(r->origin, "prose") != 0) return false;
  if (r->kind != CVX_REC_EDUCATION && r->kind != CVX_REC_WORK) return false;
  for (const cvx_record *q = doc->records; q; q = q->next) {
    if (q == r || q->kind != r->kind || !q->origin ||
        (strcmp(q->origin, "frontmatter") != 0 && strcmp(q->origin, "yamldata") != 0))
      continue;
    bool all = true;
    for (const cvx_field *f = r->fields; f && all; f = f->next)
      all = strcmp(f->key, "studyType") == 0 || words_in_record(f->value, q);
    if (all) return true;
  }
  return false;
}

/* One basics record (first value of each key wins: the front matter runs
 * first), profiles once per URL, no empty or repeated entries, no prose
 * entry that restates a structured one. */
static void normalize(cvx_doc *doc) {
  cvx_record *basics = NULL;
  cvx_record **pp = &doc->records;
  cvx_record *prev = NULL;
  size_t kept = 0;
  while (*pp) {
    cvx_record *r = *pp;
    bool drop = r->fields == NULL;
    if (!drop && r->kind == CVX_REC_BASICS) {
      if (!basics) {
        basics = r;
      } else {
        for (cvx_field *f = r->fields; f; f = f->next)
          if (!cvx_record_field(basics, f->key)) cvx_record_add(doc, basics, f->key, f->value, f->span);
        drop = true;
      }
    } else if (!drop && r->kind == CVX_REC_PROFILE) {
      const char *u = cvx_record_get(r, "url");
      char nu[512], nv[512];
      if (u) norm_url(u, nu, sizeof nu);
      for (cvx_record *q = doc->records; q != r && !drop && u; q = q->next) {
        const char *v = q->kind == CVX_REC_PROFILE ? cvx_record_get(q, "url") : NULL;
        if (!v) continue;
        norm_url(v, nv, sizeof nv);
        drop = strcmp(nu, nv) == 0;
      }
    } else if (!drop && r->kind != CVX_REC_SECTION) {
      for (cvx_record *q = doc->records; q != r && !drop; q = q->next)
        drop = q->kind == r->kind && same_fields(q, r);
      drop = drop || prose_restates(doc, r);
    }
    if (drop) {
      *pp = r->next;
    } else {
      prev = r;
      kept++;
      pp = &r->next;
    }
  }
  doc->records_tail = prev;
  doc->nrecords = kept;
}

/* ------------------------------------------------------ record validation */

static json_t *record_json(const cvx_record *r) {
  json_t *o = json_object();
  json_object_set_new(o, "kind", json_string(cvx_rec_kind_name(r->kind)));
  json_object_set_new(o, "origin", json_string(r->origin ? r->origin : "unknown"));
  json_t *span = json_array();
  cvx_span s = cvx_span_valid(r->span) ? r->span : (cvx_span){0, 0};
  json_array_append_new(span, json_integer(s.start));
  json_array_append_new(span, json_integer(s.end));
  json_object_set_new(o, "span", span);
  json_t *fields = json_object();
  for (const cvx_field *f = r->fields; f; f = f->next) {
    if (cvx_key_is_list(f->key)) {
      json_t *arr = json_object_get(fields, f->key);
      if (!arr) {
        arr = json_array();
        json_object_set_new(fields, f->key, arr);
      }
      json_array_append_new(arr, json_string(f->value));
    } else if (!json_object_get(fields, f->key)) {
      json_object_set_new(fields, f->key, json_string(f->value));
    }
  }
  json_object_set_new(o, "fields", fields);
  return o;
}

/* Scratch nodes for record views, reused from record to record. */
typedef struct sv_pool {
  cvx_sv *v;
  size_t n, cap;
} sv_pool;

/* A fresh node of type t named key (NULL: none) from the pool. */
static cvx_sv *sv_take(sv_pool *p, cvx_sv_type t, const char *key) {
  cvx_sv *v = &p->v[p->n++]; /* room reserved by record_view */
  *v = (cvx_sv){.type = t};
  if (key) {
    v->key = key;
    v->keylen = strlen(key);
  }
  return v;
}

/* A string node, or NULL when s is not UTF-8. */
static cvx_sv *sv_string(sv_pool *p, const char *key, const char *s) {
  size_t n = cvx_json_utf8_len(s);
  if (n == SIZE_MAX) return NULL;
  cvx_sv *v = sv_take(p, CVX_SV_STRING, key);
  v->str = s;
  v->len = n;
  return v;
}

/* The value record_json makes, as a cvx_sv in p (no jansson tree), or NULL
 * when a value is not UTF-8 (record_json's json_string would refuse it; the
 * full path then reproduces exactly what that gives). */
static const cvx_sv *record_view(const cvx_record *r, sv_pool *p) {
  size_t nf = 0;
  for (const cvx_field *f = r->fields; f; f = f->next) nf++;
  size_t need = 7 + 2 * nf;
  if (need > p->cap) {
    /* room for a typical document's biggest record at once; sv_take
     * initialises every node it hands out, so no zeroing here */
    if (need > SIZE_MAX / 2 / sizeof *p->v) {
      fprintf(stderr, "cvx: out of memory (record view)\n");
      abort();
    }
    size_t cap = need < 128 ? 256 : need * 2;
    free(p->v);
    p->cap = cap;
    p->v = cvx_xmalloc(cap * sizeof *p->v);
  }
  p->n = 0;
  cvx_sv *o = sv_take(p, CVX_SV_OBJECT, NULL);
  cvx_sv *kind = sv_string(p, "kind", cvx_rec_kind_name(r->kind));
  cvx_sv *origin = sv_string(p, "origin", r->origin ? r->origin : "unknown");
  if (!kind || !origin) return NULL;
  cvx_sv_append(o, kind);
  cvx_sv_append(o, origin);
  cvx_sv *span = sv_take(p, CVX_SV_ARRAY, "span");
  cvx_span s = cvx_span_valid(r->span) ? r->span : (cvx_span){0, 0};
  cvx_sv *a = sv_take(p, CVX_SV_INTEGER, NULL), *b = sv_take(p, CVX_SV_INTEGER, NULL);
  a->i = s.start;
  b->i = s.end;
  cvx_sv_append(span, a);
  cvx_sv_append(span, b);
  cvx_sv_append(o, span);
  cvx_sv *fields = sv_take(p, CVX_SV_OBJECT, "fields");
  for (const cvx_field *f = r->fields; f; f = f->next) {
    cvx_sv *v = sv_string(p, NULL, f->value);
    if (!v) return NULL;
    cvx_sv *m = fields->head;
    while (m && (m->key[0] != f->key[0] || strcmp(m->key, f->key) != 0)) m = m->next;
    if (m) { /* a list takes every value, a plain key its first */
      if (m->type == CVX_SV_ARRAY) cvx_sv_append(m, v);
    } else if (cvx_key_is_list(f->key)) {
      m = sv_take(p, CVX_SV_ARRAY, f->key);
      cvx_sv_append(m, v);
      cvx_sv_append(fields, m);
    } else {
      v->key = f->key;
      v->keylen = strlen(f->key);
      cvx_sv_append(fields, v);
    }
  }
  cvx_sv_append(o, fields);
  return o;
}

typedef struct bad_fields {
  char keys[8][64];
  int n;
  char first_msg[256];
  bool other; /* an error outside fields */
} bad_fields;

static void on_record_error(void *ctx, const char *inst, const char *schema_path, const char *msg) {
  (void)schema_path;
  bad_fields *b = ctx;
  if (!b->first_msg[0]) snprintf(b->first_msg, sizeof b->first_msg, "%s: %s", inst[0] ? inst : "/", msg);
  if (strncmp(inst, "/fields/", 8) == 0 && b->n < 8) {
    const char *k = inst + 8;
    size_t len = strcspn(k, "/");
    char key[64];
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < sizeof key; i++) {
      if (k[i] == '~' && i + 1 < len) {
        key[o++] = k[i + 1] == '1' ? '/' : '~';
        i++;
      } else {
        key[o++] = k[i];
      }
    }
    key[o] = '\0';
    for (int i = 0; i < b->n; i++)
      if (strcmp(b->keys[i], key) == 0) return;
    snprintf(b->keys[b->n++], 64, "%s", key);
  } else if (strncmp(inst, "/fields/", 8) != 0) {
    b->other = true;
  }
}

/* Every record is checked against its kind's schema before it can reach an
 * output; a bad field is dropped with a warning at its span, a record that
 * still fails is dropped whole. Nothing invalid is written silently. */
static void validate_records(cvx_doc *doc) {
  cvx_record **pp = &doc->records, *prev = NULL;
  char pointer[64];
  sv_pool pool = {0};
  /* each kind's definition, resolved on its first record */
  const json_t *defs[CVX_REC__COUNT];
  bool resolved[CVX_REC__COUNT] = {0};
  while (*pp) {
    cvx_record *r = *pp;
    const char *kname = cvx_rec_kind_name(r->kind);
    size_t klen = strlen(kname);
    if (klen > sizeof pointer - 15) klen = sizeof pointer - 15; /* as snprintf would cut */
    memcpy(pointer, "#/definitions/", 14);
    memcpy(pointer + 14, kname, klen);
    pointer[14 + klen] = '\0';
    bool keep = true;
    bool known = (unsigned)r->kind < CVX_REC__COUNT;
    if (known && !resolved[r->kind]) {
      defs[r->kind] = cvx_schema_subschema(record_schema, pointer);
      resolved[r->kind] = true;
    }
    for (int round = 0; round < 3; round++) {
      /* the quick check settles the usual valid record; anything else goes
       * through the full validator for its verdict and messages */
      const cvx_sv *view = record_view(r, &pool);
      if (view && (known ? cvx_schema_accepts_sub(record_schema, defs[r->kind], view)
                         : cvx_schema_accepts(record_schema, pointer, view)))
        break;
      json_t *j = record_json(r);
      bad_fields b = {0};
      size_t nerr = cvx_schema_validate(record_schema, pointer, j, on_record_error, &b);
      json_decref(j);
      if (nerr == 0) break;
      if (b.other || b.n == 0 || round == 2) {
        cvx_diag_add(doc->dx, CVX_WARNING, "record.invalid", r->span,
                     "dropped a %s entry that does not fit the record schema (%s)",
                     cvx_rec_kind_name(r->kind), b.first_msg);
        keep = false;
        break;
      }
      for (int i = 0; i < b.n; i++) {
        cvx_field *f = cvx_record_field(r, b.keys[i]);
        cvx_diag_add(doc->dx, CVX_WARNING, "record.invalid-field", f ? f->span : r->span,
                     "dropped %s.%s \"%.80s\": not a valid value (%s)", cvx_rec_kind_name(r->kind),
                     b.keys[i], f ? f->value : "", b.first_msg);
        cvx_record_remove(r, b.keys[i]);
      }
      if (!r->fields) {
        keep = false;
        break;
      }
    }
    if (keep) {
      prev = r;
      pp = &r->next;
    } else {
      *pp = r->next;
      doc->nrecords--;
    }
  }
  doc->records_tail = prev;
  free(pool.v);
}

/* --------------------------------------------------------------- reports */

typedef struct doc_errors {
  cvx_diags *dx;
} doc_errors;

static void on_resume_error(void *ctx, const char *inst, const char *schema_path, const char *msg) {
  doc_errors *d = ctx;
  cvx_diag_add(d->dx, CVX_ERROR, "resume.invalid", CVX_NOSPAN,
               "internal error: output fails the resume schema at %s (%s): %s; document not written",
               inst[0] ? inst : "/", schema_path, msg);
}

/* Formats the diagnostics as `file:line:col: severity[code]: message`, the
 * source line and a caret, and keeps a copy of each for other formats. */
/* Positioned diagnostics name pos_name (the file their spans point into),
 * unpositioned ones name display. */
static bool is_disabled(const cvx_convert_opts *o, const char *code) {
  for (const char *const *d = o->disabled; d && *d; d++)
    if (strcmp(*d, code) == 0) return true;
  return false;
}

static void make_report(const cvx_source *src, const char *display, const char *pos_name, cvx_diags *dx,
                        const cvx_convert_opts *o, cvx_result *res) {
  if (o->want_source && src && src->text) {
    cvx_buf_put(&res->source, src->text, src->len);
    if (src->ncolfix) {
      res->colfix = cvx_xmalloc(src->ncolfix * sizeof *res->colfix);
      memcpy(res->colfix, src->colfix, src->ncolfix * sizeof *res->colfix);
      res->ncolfix = src->ncolfix;
    }
  }
  if (!dx->n) return;
  /* by position, keeping the order of equal positions (a stable sort) */
  const cvx_diag *d = dx->items;
  typedef struct {
    uint32_t pos;
    size_t idx;
  } key;
  key *k = cvx_xmalloc(dx->n * sizeof *k);
  for (size_t i = 0; i < dx->n; i++)
    k[i] = (key){cvx_span_valid(d[i].span) ? d[i].span.start : 0, i};
  for (size_t i = 1; i < dx->n; i++) { /* insertion sort: lists are short (capped) */
    key t = k[i];
    size_t j = i;
    while (j > 0 && (k[j - 1].pos > t.pos)) {
      k[j] = k[j - 1];
      j--;
    }
    k[j] = t;
  }
  res->items = cvx_xcalloc(dx->n, sizeof *res->items);
  res->nitems = 0;
  for (size_t i = 0; i < dx->n; i++) {
    const cvx_diag *g = &d[k[i].idx];
    if (is_disabled(o, g->code)) {
      /* a disabled code neither prints nor counts */
      if (g->severity == CVX_ERROR && res->nerrors) res->nerrors--;
      if (g->severity == CVX_WARNING && res->nwarnings) res->nwarnings--;
      continue;
    }
    cvx_report_item *it = &res->items[res->nitems++];
    it->severity = g->severity;
    it->code = cvx_xstrdup(g->code);
    it->message = cvx_xstrdup(g->message);
    if (src && cvx_span_valid(g->span)) {
      cvx_source_position(src, g->span.start, &it->line, &it->col);
      size_t len = 0;
      const char *line = cvx_source_line(src, g->span.start, &len);
      if (line) {
        if (len > 200) { /* show the start of very long lines only */
          len = 200;
          while (len > 0 && ((unsigned char)line[len] & 0xC0) == 0x80) len--;
        }
        it->source_line = cvx_xmalloc(len + 1);
        memcpy(it->source_line, line, len);
        it->source_line[len] = '\0';
      }
      unsigned page = 0, pline = 0;
      if (cvx_source_page(src, g->span.start, &page, &pline)) {
        /* a PDF: page:line:column, the line counted on its page */
        it->page = page;
        it->line = pline;
        cvx_buf_printf(&res->report, "%s:%u:%u:%u: %s[%s]: %s\n", pos_name, page, it->line, it->col,
                       cvx_severity_str(it->severity), it->code, it->message);
      } else {
        cvx_buf_printf(&res->report, "%s:%u:%u: %s[%s]: %s\n", pos_name, it->line, it->col,
                       cvx_severity_str(it->severity), it->code, it->message);
      }
      /* the caret under the span's start, found by its byte offset in the
       * line shown (the column counts the file's code points, which NFC may
       * have joined); tabs kept so it lines up */
      size_t pos = g->span.start < src->len ? g->span.start : src->len;
      size_t at = line ? pos - (size_t)(line - src->text) : 0;
      if (it->source_line && at <= strlen(it->source_line)) {
        cvx_buf_printf(&res->report, "  %s\n  ", it->source_line);
        for (const char *p = it->source_line; p < it->source_line + at; p++) {
          if (((unsigned char)*p & 0xC0) == 0x80) continue;
          cvx_buf_putc(&res->report, *p == '\t' ? '\t' : ' ');
        }
        cvx_buf_puts(&res->report, "^\n");
      }
    } else {
      cvx_buf_printf(&res->report, "%s: %s[%s]: %s\n", display, cvx_severity_str(it->severity), it->code,
                     it->message);
    }
  }
  free(k);
}

/* ---------------------------------------------------------------- driver */

static void tail(cvx_doc *doc, const char *const *ran, const char *display, const cvx_convert_opts *o,
                 cvx_result *res);

static bool ends_with_ci(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

/* The cvx.csv row of an input that produced no document. */
static void error_row(const char *display, const cvx_diags *dx, const cvx_convert_opts *o, cvx_result *res) {
  if (!o->want_csv) return;
  cvx_csv_opts co = {.excel = o->excel, .today = o->today};
  cvx_csv_row_info info = {display, "error", dx->nwarnings};
  cvx_emit_csv_row(NULL, &info, &co, &res->csv_row);
}

static void run(cvx_arena *a, cvx_source *src, cvx_diags *dx, const char *display,
                const cvx_convert_opts *o, cvx_result *res) {
  if (ends_with_ci(src->path ? src->path : display, ".json")) {
    if (o->rules) {
      /* a JSON Resume file given directly: checked, not converted */
      cvx_rules_check_resume_json(src, resume_schema, dx);
    } else {
      /* reading JSON syntax as CV text would invent entries: refuse it */
      cvx_diag_add(dx, CVX_ERROR, "source.json", CVX_NOSPAN,
                   "a JSON file is not a CV: cvx converts Markdown and plain text "
                   "(check a JSON Resume file with cvx validate)");
      error_row(display, dx, o, res);
    }
    res->nerrors = dx->nerrors;
    res->nwarnings = dx->nwarnings;
    return;
  }
  cvx_doc *doc = cvx_doc_new(a, src, dx);
  cvx_doc_set_budget(doc, o->time_budget_ms);
  doc->section_sink = o->section_sink;
  doc->entry_sink = o->entry_sink;
  doc->field_sink = o->field_sink;
  const char *ran[4] = {0};
  int nran = 0;
  for (int i = 0; wholes[i] && !src->layout; i++) {
    if (!wholes[i]->accepts(src)) continue;
    if (wholes[i]->extract(src, doc, dx) == CVX_OK)
      ran[nran++] = wholes[i]->name;
    else
      cvx_diag_add(dx, CVX_ERROR, "extract.failed", CVX_NOSPAN, "the %s extractor failed",
                   wholes[i]->name);
    tail(doc, ran, display, o, res);
    return;
  }
  /* a PDF, DOCX or ODT document's text is what it shows: no front matter, no markup to hide */
  for (int i = 0; preamble[i] && !src->layout; i++) {
    if (!preamble[i]->accepts(src)) continue;
    if (preamble[i]->extract(src, doc, dx) == CVX_OK) ran[nran++] = preamble[i]->name;
  }
  if (!src->layout) cvx_hide_markup(doc, doc->body_start);
  const cvx_extractor *best = NULL;
  int best_score = 0;
  for (int i = 0; bodies[i]; i++) {
    int s = bodies[i]->accepts(src);
    if (s > best_score) {
      best_score = s;
      best = bodies[i];
    }
  }
  if (best) {
    cvx_status st = best->extract(src, doc, dx);
    if (st == CVX_OK)
      ran[nran++] = best->name;
    else
      cvx_diag_add(dx, CVX_ERROR, "extract.failed", CVX_NOSPAN, "the %s extractor failed: %s", best->name,
                   cvx_status_str(st));
  }
  tail(doc, ran, display, o, res);
}

/* A deep copy of v into a (strings included: the document's die with it). */
static cvx_sv *sv_copy(cvx_arena *a, const cvx_sv *v) {
  cvx_sv *c = cvx_arena_alloc(a, sizeof *c);
  *c = *v;
  c->head = c->tail = NULL;
  c->n = 0;
  c->next = NULL;
  if (v->key) c->key = cvx_arena_strndup(a, v->key, v->keylen);
  if (v->type == CVX_SV_STRING) c->str = cvx_arena_strndup(a, v->str, v->len);
  for (const cvx_sv *x = v->head; x; x = x->next) cvx_sv_append(c, sv_copy(a, x));
  return c;
}

/* on_tree for the review page (want_source): keeps the document's tree. */
static void keep_tree(const cvx_sv *root, void *ctx) {
  cvx_result *res = ctx;
  res->tree_arena = cvx_arena_new(64 * 1024);
  res->tree = sv_copy(res->tree_arena, root);
}

/* Everything after extraction: dedupe, normalize, validate, serialize. */
static void tail(cvx_doc *doc, const char *const *ran, const char *display, const cvx_convert_opts *o,
                 cvx_result *res) {
  cvx_diags *dx = doc->dx;
  cvx_prose_dedupe(doc);
  cvx_prose_bio_name(doc);
  cvx_news_dedupe(doc);
  if (o->rules) cvx_rules_check_duplicates(doc);
  normalize(doc);
  validate_records(doc);
  if (o->rules) cvx_rules_check_doc(doc, o->today);

  cvx_unmapped *un = NULL;
  size_t nun = 0;
  double cov = cvx_coverage(doc, &un, &nun);
  cvx_doc_release_maps(doc); /* read by no output: the memory of a big input is freed early */
  for (const cvx_record *r = doc->records; r; r = r->next)
    if (r->kind == CVX_REC_PUBLICATION) res->npublications++;

  if (o->want_json) {
    doc_errors de = {dx};
    cvx_json_opts jo = {.source_name = display,
                        .extractors = ran,
                        .coverage = cov,
                        .unmapped = un,
                        .nunmapped = nun,
                        .nerrors = dx->nerrors,
                        .nwarnings = dx->nwarnings,
                        .provenance = o->provenance,
                        .compact = o->compact,
                        .schema = resume_schema,
                        .on_error = on_resume_error,
                        .error_ctx = &de,
                        .on_tree = o->want_source ? keep_tree : NULL,
                        .tree_ctx = res,
                        .sink = o->json_sink,
                        .sink_ctx = o->json_sink_ctx,
                        .sent = &res->json_sent,
                        .sink_err = &res->json_sink_err};
    res->json_valid = cvx_emit_json(doc, &jo, &res->json);
  }
  if (o->want_bib && res->npublications) {
    const cvx_record *b = NULL;
    for (const cvx_record *r = doc->records; r && !b; r = r->next)
      if (r->kind == CVX_REC_BASICS) b = r;
    cvx_bibtex_opts bo = {.ascii = o->bib_ascii, .owner_name = b ? cvx_record_get(b, "name") : NULL};
    cvx_emit_bibtex(doc, &bo, &res->bib);
  }
  res->nerrors = dx->nerrors;
  res->nwarnings = dx->nwarnings;
  if (o->want_csv) {
    cvx_csv_opts co = {.excel = o->excel, .today = o->today};
    cvx_csv_row_info info = {display, dx->nerrors ? "error" : (dx->nwarnings ? "warnings" : "ok"),
                             dx->nwarnings};
    cvx_emit_csv_row(doc, &info, &co, &res->csv_row);
    cvx_emit_entries_rows(doc, &info, &co, &res->entries);
  }
}

static const struct {
  const char *code;
  cvx_skip skip;
} reader_codes[] = {
    {"pdf.no-text", CVX_SKIP_PDF_NO_TEXT},     {"pdf.encrypted", CVX_SKIP_PDF_ENCRYPTED},
    {"pdf.corrupt", CVX_SKIP_PDF_CORRUPT},     {"docx.no-text", CVX_SKIP_DOC_NO_TEXT},
    {"docx.encrypted", CVX_SKIP_DOC_ENCRYPTED}, {"docx.corrupt", CVX_SKIP_DOC_CORRUPT},
    {"docx.doctype", CVX_SKIP_DOC_CORRUPT},    {"docx.depth", CVX_SKIP_DOC_CORRUPT},
    {"docx.limit", CVX_SKIP_DOC_LIMIT},
};

const char *cvx_skip_name(cvx_skip k) {
  static const char *const names[CVX_SKIP__COUNT] = {
      "", "binary", "image", "archive", "executable", "PDF without text", "encrypted PDF", "unreadable PDF",
      "document without text", "encrypted document", "unreadable document", "document over the size limit"};
  return (unsigned)k < CVX_SKIP__COUNT ? names[k] : "";
}

/* The kind of a document its reader refused, from the reader's error. */
static cvx_skip reader_skip(const cvx_diags *dx) {
  for (size_t i = 0; i < dx->n; i++) {
    if (dx->items[i].severity != CVX_ERROR) continue;
    for (size_t k = 0; k < sizeof reader_codes / sizeof reader_codes[0]; k++)
      if (strcmp(dx->items[i].code, reader_codes[k].code) == 0) return reader_codes[k].skip;
  }
  return CVX_SKIP_NONE;
}

static void finish(cvx_arena *a, cvx_source *src, cvx_diags *dx, const char *display, cvx_status st,
                   const cvx_convert_opts *o, cvx_result *res) {
  res->status = st;
  if (st != CVX_OK) res->skip = reader_skip(dx);
  if (st != CVX_OK) {
    res->nerrors = dx->nerrors ? dx->nerrors : 1;
    res->nwarnings = dx->nwarnings;
    error_row(display, dx, o, res);
  }
  make_report(src, display, display, dx, o, res);
  cvx_arena_free(a);
}

static void init_result(cvx_result *res) {
  memset(res, 0, sizeof *res);
  cvx_buf_init(&res->json);
  cvx_buf_init(&res->bib);
  cvx_buf_init(&res->csv_row);
  cvx_buf_init(&res->entries);
  cvx_buf_init(&res->report);
  cvx_buf_init(&res->source);
}

/* The load options with the time budget: a binary document's reader keeps to it. */
static cvx_load_opts load_opts(const cvx_convert_opts *o) {
  cvx_load_opts lo = o->load;
  if (!lo.time_budget_ms) lo.time_budget_ms = o->time_budget_ms;
  return lo;
}

static void convert_path(const char *path, const char *display, const cvx_convert_opts *o, bool walked,
                         cvx_result *res) {
  init_result(res);
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  bool skipped = false;
  cvx_load_opts lo = load_opts(o);
  cvx_status st = walked ? cvx_source_load_walked(a, path, &lo, &src, &dx, &skipped)
                         : cvx_source_load(a, path, &lo, &src, &dx);
  if (skipped) {
    res->skipped = true;
    res->skip = cvx_skip_of_file(path);
    res->status = st;
    cvx_arena_free(a);
    return;
  }
  if (src) res->bytes = src->raw_size;
  if (st == CVX_OK) run(a, src, &dx, display, o, res);
  finish(a, st == CVX_OK ? src : NULL, &dx, display, st, o, res);
}

void cvx_convert_file(const char *path, const char *display, const cvx_convert_opts *o, cvx_result *res) {
  convert_path(path, display, o, false, res);
}

void cvx_convert_walked(const char *path, const char *display, const cvx_convert_opts *o, cvx_result *res) {
  convert_path(path, display, o, true, res);
}

void cvx_convert_bytes(const char *display, const unsigned char *bytes, size_t n, const cvx_convert_opts *o,
                       cvx_result *res) {
  init_result(res);
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  res->bytes = n;
  cvx_load_opts lo = load_opts(o);
  cvx_status st = cvx_source_from_bytes(a, display, bytes, n, &lo, &src, &dx);
  if (st == CVX_OK) run(a, src, &dx, display, o, res);
  finish(a, st == CVX_OK ? src : NULL, &dx, display, st, o, res);
}

void cvx_convert_doc(cvx_doc *doc, const char *const *extractors, const char *display,
                     const cvx_convert_opts *o, cvx_result *res) {
  init_result(res);
  tail(doc, extractors, display, o, res);
  res->status = CVX_OK;
  make_report(doc->src, display, doc->src->path, doc->dx, o, res);
}

void cvx_result_free(cvx_result *res) {
  cvx_buf_free(&res->json);
  cvx_buf_free(&res->bib);
  cvx_buf_free(&res->csv_row);
  cvx_buf_free(&res->entries);
  cvx_buf_free(&res->report);
  cvx_buf_free(&res->source);
  free(res->colfix);
  res->colfix = NULL;
  res->ncolfix = 0;
  if (res->tree_arena) cvx_arena_free(res->tree_arena);
  res->tree_arena = NULL;
  res->tree = NULL;
  for (size_t i = 0; i < res->nitems; i++) {
    free(res->items[i].code);
    free(res->items[i].message);
    free(res->items[i].source_line);
  }
  free(res->items);
  res->items = NULL;
  res->nitems = 0;
}

void cvx_today(char out[16]) {
  time_t t = time(NULL);
  const char *sde = getenv("SOURCE_DATE_EPOCH");
  if (sde && *sde) {
    char *end;
    long long v = strtoll(sde, &end, 10);
    if (!*end && v >= 0) t = (time_t)v;
  }
  struct tm tm;
  gmtime_r(&t, &tm);
  snprintf(out, 16, "%04d-%02d", (tm.tm_year + 1900) % 10000, (tm.tm_mon + 1) % 100);
}
