/* frontmatter.c — the YAML (---) or TOML (+++) block at the top of a Jekyll or
 * Hugo page: hidden from the body, read into a small bounded tree (libyaml
 * events, never alias expansion), then mapped to basics + profiles, or to one
 * publication for a Jekyll `_publications` entry. */
#include "frontmatter.h"

#include "grammar.h"
#include "publications.h"
#include "yamldata.h"

#include <string.h>
#include <yaml.h>

/* Limits: a real front matter is a few dozen keys; these only stop hostile input. */
#define FM_MAX_DEPTH 64
#define FM_MAX_EVENTS 200000
#define FM_MAX_SCALAR (64 * 1024)
#define FM_MAX_ANCHORS 256 /* real pages use a handful; aliases to others are ignored */
#define FM_ANCHOR_SLOTS 512
#define FM_MAX_PROFILES 64

static const char ORIGIN[] = "frontmatter";

/* ------------------------------------------------------------------ locating */

typedef enum fm_kind { FM_NONE = 0, FM_YAML, FM_TOML } fm_kind;

typedef struct fm_loc {
  fm_kind kind;
  bool closed;
  cvx_span open;  /* the opening fence line, without its '\n' */
  cvx_span inner; /* between the fences */
  cvx_span block; /* both fences included, up to the first byte of the body */
} fm_loc;

/* True when text[s,e) is `fence` followed only by spaces or tabs. */
static bool is_fence(const char *text, size_t s, size_t e, const char *fence) {
  size_t n = strlen(fence);
  if (e - s < n || memcmp(text + s, fence, n) != 0) return false;
  for (size_t i = s + n; i < e; i++)
    if (text[i] != ' ' && text[i] != '\t') return false;
  return true;
}

static size_t line_end(const char *text, size_t len, size_t s) {
  const char *nl = memchr(text + s, '\n', len - s);
  return nl ? (size_t)(nl - text) : len;
}

/* Fills *loc; returns false when src does not open with a fence. */
static bool locate(const cvx_source *src, fm_loc *loc) {
  memset(loc, 0, sizeof *loc);
  if (!src || !src->text || src->len == 0) return false;
  const char *t = src->text;
  size_t len = src->len;
  size_t e = line_end(t, len, 0);
  if (is_fence(t, 0, e, "---"))
    loc->kind = FM_YAML;
  else if (is_fence(t, 0, e, "+++"))
    loc->kind = FM_TOML;
  else
    return false;
  loc->open = cvx_span_make(0, e);
  size_t body = e < len ? e + 1 : len;
  for (size_t s = body; s < len;) {
    size_t le = line_end(t, len, s);
    bool close = loc->kind == FM_YAML ? (is_fence(t, s, le, "---") || is_fence(t, s, le, "..."))
                                      : is_fence(t, s, le, "+++");
    if (close) {
      loc->closed = true;
      loc->inner = cvx_span_make(body, s);
      loc->block = cvx_span_make(0, le < len ? le + 1 : len);
      return true;
    }
    s = le + 1;
  }
  return true;
}

bool cvx_frontmatter_span(const cvx_source *src, cvx_span *block, cvx_span *yaml) {
  fm_loc loc;
  if (!locate(src, &loc) || !loc.closed) return false;
  if (block) *block = loc.block;
  if (yaml) *yaml = loc.inner;
  return true;
}

/* ---------------------------------------------------------------- the tree */

/* What the front matter said, as a tree in the document's arena: the shared
 * cvx_ynode of frontmatter.h, under short local names. */
typedef cvx_ynode node;
typedef cvx_ytype ntype;
#define N_NULL CVX_Y_NULL
#define N_SCALAR CVX_Y_SCALAR
#define N_SEQ CVX_Y_SEQ
#define N_MAP CVX_Y_MAP

static node *node_new(cvx_arena *a, ntype type) {
  node *n = cvx_arena_alloc(a, sizeof *n);
  n->type = type;
  n->s = "";
  n->span = CVX_NOSPAN;
  return n;
}

static void node_append(node *parent, node *kid) {
  if (parent->last)
    parent->last->next = kid;
  else
    parent->kids = kid;
  parent->last = kid;
}

/* ------------------------------------------------------------ YAML reading */

typedef struct anchor {
  const char *name;   /* NULL: empty slot */
  uint64_t hash;
  const node *scalar; /* NULL when the anchor names a collection */
} anchor;

typedef struct frame {
  node *coll;
  bool want_value; /* mappings: the next node is a value */
  const char *key;
  cvx_span key_span;
} frame;

typedef struct yreader {
  cvx_arena *arena;
  cvx_diags *dx;
  const char *src;  /* the source text */
  const char *text; /* the YAML text handed to libyaml: src + base */
  size_t n;
  uint32_t base; /* its offset in the source */
  size_t ci, bi; /* character index <-> byte index cursor */
  node *root;
  frame stack[FM_MAX_DEPTH];
  int depth;
  anchor *anchors; /* FM_ANCHOR_SLOTS, open addressing; allocated on first use */
  size_t nanchors;
  size_t aliases_ignored;
  cvx_span first_alias;
  bool truncated;
  bool stop;
  const char *what; /* "front matter" or "YAML file", for the messages */
} yreader;

static size_t utf8_len(unsigned char c) {
  return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* libyaml marks count characters; the source is indexed in bytes. Marks
 * arrive nearly in order, so a cursor that walks both ways is linear. */
static uint32_t y_off(yreader *r, size_t ci) {
  while (r->ci < ci && r->bi < r->n) {
    if (ci - r->ci >= 8 && r->n - r->bi >= 8) { /* eight ASCII bytes are eight characters */
      uint64_t x;
      memcpy(&x, r->text + r->bi, 8);
      if (!(x & UINT64_C(0x8080808080808080))) {
        r->bi += 8;
        r->ci += 8;
        continue;
      }
    }
    r->bi += utf8_len((unsigned char)r->text[r->bi]);
    r->ci++;
  }
  if (r->bi > r->n) r->bi = r->n;
  while (r->ci > ci && r->bi > 0) {
    do r->bi--;
    while (r->bi > 0 && ((unsigned char)r->text[r->bi] & 0xC0) == 0x80);
    r->ci--;
  }
  return r->base + (uint32_t)r->bi;
}

static uint64_t hash_str(const char *s) {
  uint64_t h = 1469598103934665603u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

static anchor *anchor_slot(anchor *tab, const char *name, uint64_t h) {
  size_t i = (size_t)h & (FM_ANCHOR_SLOTS - 1);
  while (tab[i].name && (tab[i].hash != h || strcmp(tab[i].name, name) != 0))
    i = (i + 1) & (FM_ANCHOR_SLOTS - 1);
  return &tab[i];
}

/* Records name (or re-points it: YAML lets a later anchor shadow an earlier
 * one). Past FM_MAX_ANCHORS new names are not recorded, so the table never
 * fills and a probe never runs long. */
static void anchor_set(yreader *r, const char *name, const node *scalar) {
  if (!r->anchors) r->anchors = cvx_arena_alloc(r->arena, FM_ANCHOR_SLOTS * sizeof *r->anchors);
  uint64_t h = hash_str(name);
  anchor *a = anchor_slot(r->anchors, name, h);
  if (!a->name) {
    if (r->nanchors >= FM_MAX_ANCHORS) return;
    a->name = cvx_arena_strdup(r->arena, name);
    a->hash = h;
    r->nanchors++;
  }
  a->scalar = scalar;
}

static const anchor *anchor_get(const yreader *r, const char *name) {
  if (!r->anchors) return NULL;
  const anchor *a = anchor_slot(r->anchors, name, hash_str(name));
  return a->name ? a : NULL;
}

/* Places a new node: root, sequence item, mapping key (kept only as the
 * pending key) or mapping value. */
static void y_attach(yreader *r, node *n) {
  if (r->depth == 0) {
    if (!r->root) r->root = n;
    return;
  }
  frame *f = &r->stack[r->depth - 1];
  if (f->coll->type == N_SEQ) {
    node_append(f->coll, n);
  } else if (!f->want_value) {
    f->key = n->type == N_SCALAR ? n->s : NULL;
    f->key_span = n->span;
    f->want_value = true;
  } else {
    n->key = f->key;
    n->key_span = f->key_span;
    node_append(f->coll, n);
    f->want_value = false;
  }
}

static bool is_null_word(const char *s) {
  return !*s || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
         strcmp(s, "NULL") == 0;
}

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* A scalar: its text (cut at FM_MAX_SCALAR) and the span of its own bytes. */
static void y_scalar(yreader *r, const yaml_event_t *ev) {
  const char *v = (const char *)ev->data.scalar.value;
  size_t len = strnlen(v, ev->data.scalar.length); /* a "\0" escape ends the text */
  if (len > FM_MAX_SCALAR) {
    len = FM_MAX_SCALAR;
    while (len > 0 && ((unsigned char)v[len] & 0xC0) == 0x80) len--;
    if (!r->truncated)
      cvx_diag_add(r->dx, CVX_WARNING, "frontmatter.limit",
                   cvx_span_make(y_off(r, ev->start_mark.index), y_off(r, ev->start_mark.index)),
                   "%s value longer than %d KB; the rest is ignored",
                   r->what, FM_MAX_SCALAR / 1024);
    r->truncated = true;
  }
  yaml_scalar_style_t style = ev->data.scalar.style;
  node *n = node_new(r->arena, N_SCALAR);
  n->s = cvx_arena_strndup(r->arena, v, len);
  n->len = len;
  if (style == YAML_PLAIN_SCALAR_STYLE && is_null_word(n->s)) {
    n->type = N_NULL;
    n->s = "";
    n->len = 0;
  }
  uint32_t s = y_off(r, ev->start_mark.index), e = y_off(r, ev->end_mark.index);
  const char *t = r->src; /* spans index the source */
  if (style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
    if (e - s >= 2) s++, e--;
  } else if (style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE) {
    while (s < e && t[s] != '\n') s++; /* past the | or > header line */
    while (s < e && is_ws(t[s])) s++;
  }
  while (e > s && is_ws(t[e - 1])) e--;
  n->span = cvx_span_make(s, e);
  if (ev->data.scalar.anchor) anchor_set(r, (const char *)ev->data.scalar.anchor, n);
  y_attach(r, n);
}

/* An alias never expands: a scalar anchor's node is copied, anything else
 * becomes a null placeholder (keeping key/value pairing) and is counted. */
static void y_alias(yreader *r, const yaml_event_t *ev) {
  const anchor *a = anchor_get(r, (const char *)ev->data.alias.anchor);
  node *n = node_new(r->arena, N_NULL);
  if (a && a->scalar) {
    *n = *a->scalar; /* a scalar is copied by reference: its text is immutable */
    n->key = NULL;
    n->next = NULL;
  } else {
    if (!r->aliases_ignored++)
      r->first_alias = cvx_span_make(y_off(r, ev->start_mark.index), y_off(r, ev->end_mark.index));
  }
  y_attach(r, n);
}

/* A mapping or sequence opens; past FM_MAX_DEPTH levels reading stops (libyaml's
 * own cost grows with depth, so skipping the deep part would not be cheap). */
static void y_start(yreader *r, const yaml_event_t *ev, ntype type) {
  if (r->depth >= FM_MAX_DEPTH) {
    uint32_t at = y_off(r, ev->start_mark.index);
    cvx_diag_add(r->dx, CVX_WARNING, "frontmatter.limit", cvx_span_make(at, at + 1),
                 "%s nested deeper than %d levels; the rest of it is ignored",
                 r->what, FM_MAX_DEPTH);
    r->stop = true;
    return;
  }
  node *n = node_new(r->arena, type);
  n->span = cvx_span_make(y_off(r, ev->start_mark.index), y_off(r, ev->start_mark.index));
  const yaml_char_t *anchor_name =
      type == N_MAP ? ev->data.mapping_start.anchor : ev->data.sequence_start.anchor;
  if (anchor_name) anchor_set(r, (const char *)anchor_name, NULL);
  y_attach(r, n);
  r->stack[r->depth++] = (frame){n, false, NULL, CVX_NOSPAN};
}

static void y_end(yreader *r, const yaml_event_t *ev) {
  if (r->depth == 0) return;
  node *n = r->stack[--r->depth].coll;
  n->span.end = y_off(r, ev->end_mark.index);
}

/* Adds the diagnostic for a libyaml failure, at libyaml's own position. */
static void y_error(yreader *r, const yaml_parser_t *p) {
  uint32_t at;
  if (p->error == YAML_MEMORY_ERROR) {
    cvx_diag_add(r->dx, CVX_WARNING, "frontmatter.limit", cvx_span_make(r->base, r->base),
                 "%s too large to read; the rest of it is ignored", r->what);
    return;
  }
  if (p->error == YAML_READER_ERROR) /* reader errors count bytes, not characters */
    at = r->base + (uint32_t)(p->problem_offset < r->n ? p->problem_offset : r->n);
  else
    at = y_off(r, p->problem_mark.index);
  uint32_t end = at;
  if (at < r->base + r->n) end = at + (uint32_t)utf8_len((unsigned char)r->text[at - r->base]);
  if (end > r->base + r->n) end = r->base + (uint32_t)r->n;
  const char *problem = p->problem ? p->problem : "invalid YAML";
  if (p->context)
    cvx_diag_add(r->dx, CVX_WARNING, "frontmatter.syntax", cvx_span_make(at, end),
                 "%s is not valid YAML: %s %s; keys before this point are kept",
                 r->what, p->context, problem);
  else
    cvx_diag_add(r->dx, CVX_WARNING, "frontmatter.syntax", cvx_span_make(at, end),
                 "%s is not valid YAML: %s; keys before this point are kept", r->what, problem);
}

/* Reads the YAML text src[inner) into a tree (arena-owned). Every libyaml
 * object lives and dies here. Returns the root, or NULL for an empty text. */
static node *yaml_read_as(cvx_doc *doc, cvx_diags *dx, cvx_span inner, const char *what) {
  yreader r;
  memset(&r, 0, sizeof r);
  r.what = what;
  r.arena = doc->arena;
  r.dx = dx;
  r.src = doc->src->text;
  r.text = doc->src->text + inner.start;
  r.n = inner.end - inner.start;
  r.base = inner.start;

  yaml_parser_t p;
  if (!yaml_parser_initialize(&p)) {
    cvx_diag_add(dx, CVX_WARNING, "frontmatter.limit", inner, "could not start the YAML reader");
    return NULL;
  }
  yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
  yaml_parser_set_input_string(&p, (const unsigned char *)r.text, r.n);
  size_t nevents = 0;
  bool done = false;
  while (!done && !r.stop) {
    yaml_event_t ev;
    if (!yaml_parser_parse(&p, &ev)) {
      y_error(&r, &p);
      break;
    }
    if (++nevents > FM_MAX_EVENTS) {
      uint32_t at = y_off(&r, ev.start_mark.index);
      cvx_diag_add(dx, CVX_WARNING, "frontmatter.limit", cvx_span_make(at, at),
                   "%s has more than %d YAML events; the rest of it is ignored",
                   r.what, FM_MAX_EVENTS);
      yaml_event_delete(&ev);
      break;
    }
    switch (ev.type) {
    case YAML_SCALAR_EVENT: y_scalar(&r, &ev); break;
    case YAML_ALIAS_EVENT: y_alias(&r, &ev); break;
    case YAML_SEQUENCE_START_EVENT: y_start(&r, &ev, N_SEQ); break;
    case YAML_MAPPING_START_EVENT: y_start(&r, &ev, N_MAP); break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT: y_end(&r, &ev); break;
    case YAML_STREAM_END_EVENT: done = true; break;
    default: break;
    }
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&p);
  if (r.aliases_ignored)
    cvx_diag_add(dx, CVX_WARNING, "frontmatter.alias", r.first_alias,
                 "%zu YAML alias%s to a list, a mapping or an undefined anchor ignored "
                 "(aliases are never expanded)",
                 r.aliases_ignored, r.aliases_ignored == 1 ? "" : "es");
  return r.root;
}

static node *yaml_read(cvx_doc *doc, cvx_diags *dx, cvx_span inner) {
  return yaml_read_as(doc, dx, inner, "front matter");
}

cvx_ynode *cvx_yaml_read(cvx_doc *doc, cvx_diags *dx, cvx_span inner, const char *what) {
  if (!doc || !dx || inner.start > inner.end || inner.end > doc->src->len) return NULL;
  if (inner.end == inner.start) return NULL;
  return yaml_read_as(doc, dx, inner, what ? what : "YAML file");
}

/* ------------------------------------------------------------ TOML reading */

/* A minimal TOML reader: `key = "value"`, 'value', numbers, booleans, dates
 * and [table] headers. Arrays, inline tables, multi-line strings and arrays
 * of tables are skipped. */

typedef struct treader {
  cvx_doc *doc;
  cvx_diags *dx;
  const char *t; /* the source text */
  node *root;
  node *table; /* NULL inside an [[array of tables]] */
} treader;

static bool bare_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

static size_t skip_blank(const char *t, size_t i, size_t e) {
  while (i < e && (t[i] == ' ' || t[i] == '\t')) i++;
  return i;
}

/* Reads one (possibly quoted) key part at t[*i]; returns it or NULL. */
static const char *toml_key_part(treader *r, size_t *i, size_t e) {
  const char *t = r->t;
  size_t s = *i;
  if (s < e && (t[s] == '"' || t[s] == '\'')) {
    const char *q = memchr(t + s + 1, t[s], e - s - 1);
    if (!q) return NULL;
    *i = (size_t)(q - t) + 1;
    return cvx_arena_strndup(r->doc->arena, t + s + 1, (size_t)(q - t) - s - 1);
  }
  while (*i < e && bare_key_char(t[*i])) (*i)++;
  return *i > s ? cvx_arena_strndup(r->doc->arena, t + s, *i - s) : NULL;
}

static node *child_map(cvx_arena *a, node *parent, const char *key) {
  for (node *k = parent->kids; k; k = k->next)
    if (k->type == N_MAP && k->key && strcmp(k->key, key) == 0) return k;
  node *m = node_new(a, N_MAP);
  m->key = key;
  node_append(parent, m);
  return m;
}

/* Reads a dotted key at t[*i]; returns the table that receives the last part
 * (created as needed) and sets *last, or NULL when the key is malformed. */
static node *toml_key(treader *r, node *table, size_t *i, size_t e, const char **last) {
  const char *part = toml_key_part(r, i, e);
  if (!part) return NULL;
  for (;;) {
    size_t j = skip_blank(r->t, *i, e);
    if (j >= e || r->t[j] != '.') break;
    j = skip_blank(r->t, j + 1, e);
    *i = j;
    const char *next = toml_key_part(r, i, e);
    if (!next) return NULL;
    table = child_map(r->doc->arena, table, part);
    part = next;
  }
  *last = part;
  return table;
}

static void toml_put_utf8(cvx_buf *b, unsigned long c) {
  char u[4];
  size_t n;
  if (c < 0x80) {
    u[0] = (char)c, n = 1;
  } else if (c < 0x800) {
    u[0] = (char)(0xC0 | (c >> 6)), u[1] = (char)(0x80 | (c & 0x3F)), n = 2;
  } else if (c < 0x10000) {
    u[0] = (char)(0xE0 | (c >> 12)), u[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    u[2] = (char)(0x80 | (c & 0x3F)), n = 3;
  } else {
    u[0] = (char)(0xF0 | (c >> 18)), u[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    u[2] = (char)(0x80 | ((c >> 6) & 0x3F)), u[3] = (char)(0x80 | (c & 0x3F)), n = 4;
  }
  cvx_buf_put(b, u, n);
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* A basic string's escapes, decoded from t[s,e) into b. */
static void toml_unescape(cvx_buf *b, const char *t, size_t s, size_t e) {
  for (size_t i = s; i < e; i++) {
    if (t[i] != '\\' || i + 1 >= e) {
      cvx_buf_putc(b, t[i]);
      continue;
    }
    char c = t[++i];
    switch (c) {
    case 'n': cvx_buf_putc(b, '\n'); break;
    case 't': cvx_buf_putc(b, '\t'); break;
    case 'r':
    case 'b':
    case 'f': cvx_buf_putc(b, ' '); break;
    case 'u':
    case 'U': {
      size_t nd = c == 'u' ? 4 : 8;
      unsigned long cp = 0;
      bool ok = i + nd < e;
      for (size_t k = 1; ok && k <= nd; k++) {
        int h = hexval(t[i + k]);
        if (h < 0) ok = false;
        cp = cp * 16 + (unsigned long)(h < 0 ? 0 : h);
      }
      if (ok && cp && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF)) {
        toml_put_utf8(b, cp);
        i += nd;
      }
      break;
    }
    default: cvx_buf_putc(b, c); break; /* \" \\ and anything unknown */
    }
  }
}

/* Index just past a multi-line string or array that starts at t[s]; it may
 * run over several lines up to `end`. */
static size_t toml_skip_value(const char *t, size_t s, size_t end) {
  if (end - s >= 3 && (memcmp(t + s, "\"\"\"", 3) == 0 || memcmp(t + s, "'''", 3) == 0)) {
    for (size_t i = s + 3; i + 3 <= end; i++)
      if (memcmp(t + i, t + s, 3) == 0) return i + 3;
    return end;
  }
  int depth = 0;
  for (size_t i = s; i < end; i++) {
    char c = t[i];
    if (c == '"' || c == '\'') {
      for (i++; i < end && t[i] != c && t[i] != '\n'; i++)
        if (c == '"' && t[i] == '\\') i++;
    } else if (c == '#') {
      while (i < end && t[i] != '\n') i++;
    } else if (c == '[' || c == '{') {
      depth++;
    } else if (c == ']' || c == '}') {
      if (--depth == 0) return i + 1;
    }
  }
  return end;
}

/* Reads `key = value` on the line t[s,e); returns where reading resumes
 * (past e, or past a multi-line value). */
static size_t toml_pair(treader *r, size_t s, size_t e, size_t end) {
  const char *t = r->t;
  const char *key = NULL;
  size_t i = s;
  if (!r->table) return e + 1; /* inside an [[array of tables]] */
  node *table = toml_key(r, r->table, &i, e, &key);
  i = skip_blank(t, i, e);
  if (!table || i >= e || t[i] != '=') {
    cvx_diag_add(r->dx, CVX_NOTE, "frontmatter.syntax", cvx_span_make(s, e),
                 "front matter line is not TOML `key = value`; ignored");
    return e + 1;
  }
  i = skip_blank(t, i + 1, e);
  if (i >= e) return e + 1;
  node *n = node_new(r->doc->arena, N_SCALAR);
  char c = t[i];
  if ((c == '"' || c == '\'') && !(e - i >= 3 && t[i + 1] == c && t[i + 2] == c)) {
    size_t j = i + 1;
    while (j < e && t[j] != c) j += (c == '"' && t[j] == '\\') ? 2 : 1;
    if (j >= e) {
      cvx_diag_add(r->dx, CVX_WARNING, "frontmatter.syntax", cvx_span_make(i, i + 1),
                   "front matter TOML string is not closed on its line; ignored");
      return e + 1;
    }
    cvx_buf b = CVX_BUF_INIT;
    if (c == '"')
      toml_unescape(&b, t, i + 1, j);
    else
      cvx_buf_put(&b, t + i + 1, j - i - 1);
    n->s = cvx_arena_strndup(r->doc->arena, b.ptr, strnlen(b.ptr, b.len));
    n->len = strlen(n->s);
    cvx_buf_free(&b);
    n->span = cvx_span_make(i + 1, j);
  } else if (c == '"' || c == '\'' || c == '[' || c == '{') {
    size_t past = toml_skip_value(t, i, end);
    return line_end(t, end, past < end ? past : end) + 1;
  } else {
    size_t j = i;
    while (j < e && t[j] != '#') j++;
    while (j > i && (t[j - 1] == ' ' || t[j - 1] == '\t')) j--;
    n->s = cvx_arena_strndup(r->doc->arena, t + i, j - i);
    n->len = j - i;
    n->span = cvx_span_make(i, j);
  }
  n->key = key;
  node_append(table, n);
  return e + 1;
}

/* Reads the TOML text src[inner) into a tree (arena-owned). */
static node *toml_read(cvx_doc *doc, cvx_diags *dx, cvx_span inner) {
  treader r = {doc, dx, doc->src->text, node_new(doc->arena, N_MAP), NULL};
  r.table = r.root;
  r.root->span = inner;
  const char *t = r.t;
  for (size_t s = inner.start; s < inner.end;) {
    size_t e = line_end(t, inner.end, s);
    size_t i = skip_blank(t, s, e);
    if (i >= e || t[i] == '#') {
      s = e + 1;
    } else if (t[i] == '[') {
      bool array = i + 1 < e && t[i + 1] == '[';
      size_t k = skip_blank(t, i + (array ? 2 : 1), e);
      const char *last = NULL;
      node *parent = toml_key(&r, r.root, &k, e, &last);
      k = skip_blank(t, k, e);
      if (array || !parent || k >= e || t[k] != ']') {
        r.table = NULL; /* arrays of tables and odd headers: keys below are skipped */
      } else {
        r.table = child_map(doc->arena, parent, last);
      }
      s = e + 1;
    } else {
      s = toml_pair(&r, i, e, inner.end);
    }
  }
  return r.root;
}

/* ------------------------------------------------------------ text helpers */

static char lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

static bool ieq(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (lower(*a) != lower(*b)) return false;
  return *a == *b;
}

static bool ieqn(const char *a, size_t n, const char *b) {
  size_t m = strlen(b);
  if (m != n) return false;
  for (size_t i = 0; i < n; i++)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

static bool istarts(const char *s, const char *prefix) {
  for (; *prefix; s++, prefix++)
    if (!*s || lower(*s) != lower(*prefix)) return false;
  return true;
}

static bool in_list(const char *s, size_t n, const char *const *list) {
  for (size_t i = 0; list[i]; i++)
    if (ieqn(s, n, list[i])) return true;
  return false;
}

static const struct {
  const char *name;
  unsigned cp;
} entities[] = {{"amp", '&'},    {"quot", '"'},   {"apos", '\''},  {"lt", '<'},
                {"gt", '>'},     {"nbsp", ' '},   {"ndash", 0x2013}, {"mdash", 0x2014},
                {"rsquo", 0x2019}, {"lsquo", 0x2018}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
                {"hellip", 0x2026}, {NULL, 0}};

/* Decodes the entity at s[0,n) ('&' first) into b; returns bytes consumed, 0 if none. */
static size_t put_entity(cvx_buf *b, const char *s, size_t n) {
  size_t semi = 1;
  while (semi < n && semi < 12 && s[semi] != ';') semi++;
  if (semi >= n || s[semi] != ';' || semi < 2) return 0;
  if (s[1] == '#') {
    unsigned long cp = 0;
    bool hex = s[2] == 'x' || s[2] == 'X';
    size_t k = hex ? 3 : 2;
    if (k >= semi) return 0;
    for (; k < semi; k++) {
      int d = hex ? hexval(s[k]) : (s[k] >= '0' && s[k] <= '9' ? s[k] - '0' : -1);
      if (d < 0) return 0;
      cp = cp * (hex ? 16 : 10) + (unsigned long)d;
    }
    if (!cp || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    toml_put_utf8(b, (cp < 0x20 || cp == 0xA0) ? ' ' : cp);
    return semi + 1;
  }
  for (size_t i = 0; entities[i].name; i++)
    if (strlen(entities[i].name) == semi - 1 && memcmp(s + 1, entities[i].name, semi - 1) == 0) {
      toml_put_utf8(b, entities[i].cp);
      return semi + 1;
    }
  return 0;
}

static bool is_alpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* The visible text of a value, in the arena: HTML tags dropped (a space in
 * their place), Markdown links and images reduced to their text, entities
 * decoded. */
static char *visible_text(cvx_arena *a, const char *s, size_t n) {
  cvx_buf b = CVX_BUF_INIT;
  size_t link_close = SIZE_MAX, link_end = 0; /* the "](url)" of the link being read */
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (i == link_close) {
      i = link_end;
      link_close = SIZE_MAX;
      continue;
    }
    if (c == '<' && i + 1 < n && (is_alpha(s[i + 1]) || s[i + 1] == '/' || s[i + 1] == '!')) {
      const char *gt = memchr(s + i, '>', n - i);
      if (gt && (link_close == SIZE_MAX || (size_t)(gt - s) < link_close)) {
        cvx_buf_putc(&b, ' ');
        i = (size_t)(gt - s);
        continue;
      }
    } else if (c == '&') {
      size_t used = put_entity(&b, s + i, n - i);
      if (used) {
        i += used - 1;
        continue;
      }
    } else if (link_close == SIZE_MAX && (c == '[' || (c == '!' && i + 1 < n && s[i + 1] == '['))) {
      size_t o = c == '[' ? i : i + 1;
      const char *close = memchr(s + o, ']', n - o);
      if (close && (size_t)(close - s) + 1 < n && close[1] == '(') {
        size_t cl = (size_t)(close - s);
        const char *paren = memchr(s + cl, ')', n - cl);
        if (paren) {
          link_close = cl;
          link_end = (size_t)(paren - s);
          i = o;
          continue;
        }
      }
    }
    cvx_buf_putc(&b, c);
  }
  char *out = cvx_arena_strndup(a, b.ptr, b.len);
  cvx_buf_free(&b);
  return out;
}

char *cvx_yaml_visible(cvx_arena *a, const char *s, size_t n) { return visible_text(a, s, n); }

/* s trimmed of surrounding blanks, in place as pointer + length. */
static void trim(const char **s, size_t *n) {
  while (*n && is_ws(**s)) (*s)++, (*n)--;
  while (*n && is_ws((*s)[*n - 1])) (*n)--;
}

/* ------------------------------------------------------------------ mapping */

typedef struct fm_ctx {
  cvx_doc *doc;
  cvx_arena *arena;
  cvx_span inner;
  cvx_record *rec; /* basics or the publication, created on first field */
  cvx_rec_kind kind;
  const char *origin; /* records' origin: NULL for ORIGIN ("frontmatter"), "site" in site mode */
  const char *profiles[FM_MAX_PROFILES]; /* URLs already added, for dedup */
  size_t nprofiles;
  const char *title_label; /* a headline found in the page title */
  const node *title_label_from;
} fm_ctx;

/* The member of map named key (ASCII case-insensitive; the last one wins, as
 * in Jekyll), or NULL. */
static const node *get(const node *map, const char *key) {
  const node *hit = NULL;
  if (!map || map->type != N_MAP) return NULL;
  char first = lower(key[0]); /* most keys differ at once: no call for them */
  for (const node *k = map->kids; k; k = k->next)
    if (k->key && lower(k->key[0]) == first && ieq(k->key, key)) hit = k;
  return hit;
}

/* A mapping of language codes ({en: …, zh: …}, {pt-BR: …}) holding translations. */
static bool is_lang_map(const node *n) {
  if (!n || n->type != N_MAP || !n->kids) return false;
  for (const node *k = n->kids; k; k = k->next) {
    const char *s = k->key;
    size_t l = s ? strlen(s) : 0;
    if (l < 2 || !is_alpha(s[0]) || !is_alpha(s[1])) return false;
    if (l == 2) continue;
    if (l < 5 || l > 7 || (s[2] != '-' && s[2] != '_')) return false;
    for (size_t i = 3; i < l; i++)
      if (!is_alpha(s[i])) return false;
  }
  return true;
}

/* The scalar a value reads as: itself, or the first translation of a
 * language mapping; NULL when empty or not text. */
static const node *textual(const node *n) {
  if (n && is_lang_map(n)) {
    n = n->kids;
    while (n && n->type != N_SCALAR) n = n->next;
  }
  if (!n || n->type != N_SCALAR) return NULL;
  const char *s = n->s;
  size_t len = n->len;
  trim(&s, &len);
  return len ? n : NULL;
}

/* The first of keys (in order) in map with a text value. */
static const node *get_text(const node *map, const char *const *keys) {
  for (size_t i = 0; keys[i]; i++) {
    const node *v = textual(get(map, keys[i]));
    if (v) return v;
  }
  return NULL;
}

/* Where value (text derived from n) sits in the source: found inside n's
 * span when possible, else n's whole span. */
static cvx_span span_of(const fm_ctx *c, const node *n, const char *value) {
  if (!cvx_span_valid(n->span) || n->span.start >= n->span.end) return n->span;
  cvx_span s = cvx_doc_locate(c->doc, n->span, value);
  return cvx_span_valid(s) ? s : n->span;
}

/* The span of n->s[off, off+len) in the source. */
static cvx_span sub_span(const fm_ctx *c, const node *n, size_t off, size_t len) {
  cvx_span sp = n->span;
  if (cvx_span_valid(sp) && sp.end - sp.start == n->len &&
      memcmp(c->doc->src->text + sp.start, n->s, n->len) == 0)
    return cvx_span_make(sp.start + off, sp.start + off + len);
  char *part = cvx_arena_strndup(c->arena, n->s + off, len);
  return span_of(c, n, part);
}

static cvx_record *rec(fm_ctx *c) {
  if (!c->rec) c->rec = cvx_record_new(c->doc, c->kind, c->origin ? c->origin : ORIGIN, c->inner);
  return c->rec;
}

static bool has(const fm_ctx *c, const char *key) {
  return c->rec && cvx_record_get(c->rec, key) != NULL;
}

/* Adds key=value to the record (created on first use); span located from n. */
static bool put(fm_ctx *c, const char *key, const char *value, const node *n) {
  const char *s = value;
  size_t len = strlen(value);
  trim(&s, &len);
  if (!len || has(c, key)) return false;
  cvx_record *r = rec(c);
  if (!r) return false;
  return cvx_record_add(c->doc, r, key, value, span_of(c, n, value)) != NULL;
}

/* ---- placeholders left over from theme defaults */

static const char *const placeholder_text[] = {
    "jekyll", "jekyllrb", "your name", "your sidebar name", "your full name", "your name here",
    "red brick lane", "first last", "firstname lastname", "name surname", "john doe", "jane doe",
    "earth", "somewhere", "somewhere, earth", "your location", "your city", "city, country",
    "username", "yourusername", "your-username", "your_username", "yourname", "your-name",
    "yourprofile", "replacethistwitterhandle", "github_username", "twitter_username",
    "academicpages", "mmistakes", "xxxx", "xxx", "none", "n/a", "tbd", "todo", "#", NULL};

static const char *const placeholder_prefix[] = {
    "short biography for the left-hand sidebar", "write an awesome description",
    "i am an **amazing** person", "your bio", "a short bio", NULL};

static bool is_placeholder(const char *s) {
  size_t n = strlen(s);
  trim(&s, &n);
  if (!n || in_list(s, n, placeholder_text)) return true;
  for (size_t i = 0; placeholder_prefix[i]; i++)
    if (istarts(s, placeholder_prefix[i])) return true;
  return false;
}

/* Lowercased host of an absolute URL (arena), or NULL. */
static const char *url_host(cvx_arena *a, const char *url) {
  const char *p = strstr(url, "://");
  if (!p) return NULL;
  p += 3;
  const char *at = p;
  while (*at && *at != '/' && *at != '?' && *at != '#') at++;
  const char *colon = memchr(p, ':', (size_t)(at - p));
  char *h = cvx_arena_strndup(a, p, (size_t)((colon ? colon : at) - p));
  for (char *q = h; *q; q++) *q = lower(*q);
  return h;
}

static bool host_is(const char *host, const char *domain) {
  size_t h = strlen(host), d = strlen(domain);
  if (h < d || strcmp(host + h - d, domain) != 0) return false;
  return h == d || host[h - d - 1] == '.';
}

static bool placeholder_host(const char *host) {
  static const char *const hosts[] = {
      "example.com", "example.org", "example.net", "example.edu", "localhost", "127.0.0.1",
      "0.0.0.0", "yourdomain.com", "domain.com", "yoursite.com", "yourwebsite.com",
      "academicpages.github.io", "mmistakes.github.io", "jekyllrb.com", NULL};
  for (size_t i = 0; hosts[i]; i++)
    if (host_is(host, hosts[i])) return true;
  return strncmp(host, "your", 4) == 0;
}

static bool placeholder_url(fm_ctx *c, const char *url) {
  const char *host = url_host(c->arena, url);
  if (!host || !*host || placeholder_host(host)) return true;
  const char *user = NULL;
  if (cvx_profile_network(c->arena, url, &user) && user && is_placeholder(user)) return true;
  return false;
}

static bool placeholder_email(const char *email) {
  static const char *const locals[] = {"you", "your", "youremail", "your-email", "your.email",
                                       "your_email", "yourname", "none", "name", "email",
                                       "user", "username", NULL};
  const char *at = strchr(email, '@');
  if (!at) return true;
  const char *d = at + 1;
  if (in_list(email, (size_t)(at - email), locals)) return true;
  char dom[256];
  size_t n = strlen(d);
  if (n >= sizeof dom) return false;
  for (size_t i = 0; i <= n; i++) dom[i] = lower(d[i]);
  return placeholder_host(dom);
}

/* ---- URLs */

static bool is_http(const char *s) { return istarts(s, "http://") || istarts(s, "https://"); }

/* A value that is written as a URL (scheme, www., or a domain with a path). */
static bool looks_like_url(const char *s) {
  if (strstr(s, "://") || istarts(s, "www.")) return true;
  const char *slash = strchr(s, '/');
  const char *dot = strchr(s, '.');
  return slash && dot && dot < slash && !strchr(s, ' ');
}

/* The normalized URL that the whole of n's text is (leading text refused). */
static const char *url_of(fm_ctx *c, const node *n, cvx_span *span) {
  const char *s = n->s;
  size_t len = n->len, ms, me;
  trim(&s, &len);
  const char *u = NULL;
  if (!len || !cvx_url_find(c->arena, s, len, &u, &ms, &me) || ms != 0) return NULL;
  *span = sub_span(c, n, (size_t)(s - n->s) + ms, me - ms);
  return u;
}

/* ---- profiles */

typedef struct network {
  const char *key;     /* normalized front-matter key */
  const char *name;    /* network as JSON Resume shows it */
  const char *prefix;  /* URL of a username: prefix + username; NULL: URLs only */
} network;

static const network networks[] = {
    {"github", "GitHub", "https://github.com/"},
    {"gitlab", "GitLab", "https://gitlab.com/"},
    {"linkedin", "LinkedIn", "https://linkedin.com/in/"},
    {"twitter", "Twitter", "https://twitter.com/"},
    {"googlescholar", "Google Scholar", "https://scholar.google.com/citations?user="},
    {"gscholar", "Google Scholar", "https://scholar.google.com/citations?user="},
    {"scholar", "Google Scholar", "https://scholar.google.com/citations?user="},
    {"orcid", "ORCID", "https://orcid.org/"},
    {"researchgate", "ResearchGate", "https://www.researchgate.net/profile/"},
    {"stackoverflow", "Stack Overflow", "https://stackoverflow.com/users/"},
    {"bitbucket", "Bitbucket", "https://bitbucket.org/"},
    {"kaggle", "Kaggle", "https://www.kaggle.com/"},
    {"hackerrank", "HackerRank", "https://www.hackerrank.com/profile/"},
    {"leetcode", "LeetCode", "https://leetcode.com/"},
    {"facebook", "Facebook", "https://www.facebook.com/"},
    {"instagram", "Instagram", "https://www.instagram.com/"},
    {"medium", "Medium", "https://medium.com/@"},
    {"keybase", "Keybase", "https://keybase.io/"},
    {"codepen", "CodePen", "https://codepen.io/"},
    {"dribbble", "Dribbble", "https://dribbble.com/"},
    {"behance", "Behance", "https://www.behance.net/"},
    {"zhihu", "Zhihu", "https://www.zhihu.com/people/"},
    {"weibo", "Weibo", "https://weibo.com/"},
    {"bluesky", "Bluesky", "https://bsky.app/profile/"},
    {"telegram", "Telegram", "https://t.me/"},
    {"mastodon", "Mastodon", NULL},
    {"youtube", "YouTube", NULL},
    {"dblp", "DBLP", NULL},
    {"semanticscholar", "Semantic Scholar", NULL},
    {"semantic", "Semantic Scholar", NULL},
    {"arxiv", "arXiv", NULL},
    {"impactstory", "Impactstory", NULL},
    {"pubmed", "PubMed", NULL},
    {"scopus", "Scopus", NULL},
    {"inspirehep", "INSPIRE-HEP", NULL},
    {"academia", "Academia.edu", NULL},
    {"xing", "XING", NULL},
    {"flickr", "Flickr", NULL},
    {NULL, NULL, NULL}};

/* A key such as "google_scholar", "github_username" or "orcid_id" folded to
 * the table's spelling ("googlescholar", "github", "orcid"). */
static const network *network_for_key(const char *key) {
  char k[48];
  size_t n = 0;
  for (const char *p = key; *p && n + 1 < sizeof k; p++)
    if (is_alpha(*p) || (*p >= '0' && *p <= '9')) k[n++] = lower(*p);
  k[n] = '\0';
  static const char *const suffixes[] = {"username", "userid", "handle", "profile", "user",
                                         "url", "id", NULL};
  for (size_t pass = 0; pass < 2; pass++) { /* "orcid" first, then "orcid_id" */
    for (size_t i = 0; networks[i].key; i++) /* the first byte rules out most, without a call */
      if (networks[i].key[0] == k[0] && strcmp(k, networks[i].key) == 0) return &networks[i];
    for (size_t i = 0; pass == 0 && suffixes[i]; i++) {
      size_t l = strlen(suffixes[i]);
      if (n > l && strcmp(k + n - l, suffixes[i]) == 0) {
        k[n - l] = '\0';
        break;
      }
    }
  }
  return NULL;
}

static bool username_ok(const network *net, const char *u) {
  size_t n = strlen(u);
  if (!n || n > 100 || is_placeholder(u)) return false;
  for (size_t i = 0; i < n; i++) {
    char ch = u[i];
    if (!(is_alpha(ch) || (ch >= '0' && ch <= '9') || strchr("._-/+%~", ch) ||
          (unsigned char)ch >= 0x80))
      return false;
  }
  if (strcmp(net->key, "orcid") == 0) { /* 0000-0002-1825-0097 */
    if (n != 19) return false;
    for (size_t i = 0; i < n; i++) {
      bool dash = i == 4 || i == 9 || i == 14;
      if (dash ? u[i] != '-' : !((u[i] >= '0' && u[i] <= '9') || (i == 18 && u[i] == 'X')))
        return false;
    }
  }
  return true;
}

/* True when url was added already (or the table is full); else remembers it. */
static bool profile_seen(fm_ctx *c, const char *url) {
  for (size_t i = 0; i < c->nprofiles; i++)
    if (ieq(c->profiles[i], url)) return true;
  if (c->nprofiles == FM_MAX_PROFILES) return true;
  c->profiles[c->nprofiles++] = url;
  return false;
}

static void profile_add(fm_ctx *c, const char *network_name, const char *user, const char *url,
                        cvx_span span, cvx_span user_span) {
  if (profile_seen(c, url)) return;
  cvx_record *r = cvx_record_new(c->doc, CVX_REC_PROFILE, c->origin ? c->origin : ORIGIN, span);
  if (!r) return;
  cvx_record_add(c->doc, r, "network", network_name, span);
  if (user) cvx_record_add(c->doc, r, "username", user, user_span);
  cvx_record_add(c->doc, r, "url", url, span);
}

/* A URL value as a profile when it is an account on a known network (fallback
 * names the network from the key). Returns true when it was one. */
static bool profile_from_url(fm_ctx *c, const node *n, const network *fallback) {
  cvx_span sp;
  const char *url = url_of(c, n, &sp);
  if (!url || placeholder_url(c, url)) return false;
  const char *user = NULL;
  const char *name = cvx_profile_network(c->arena, url, &user);
  if (!name && !fallback) return false;
  if (user && is_placeholder(user)) return false;
  profile_add(c, name ? name : fallback->name, user, url, sp,
              user ? span_of(c, n, user) : sp);
  return true;
}

/* One social key's value: a URL, or a username the network's URL is built from. */
static void profile_from(fm_ctx *c, const network *net, const node *v) {
  if (v && v->type == N_MAP) { /* twitter: {username: …} */
    const char *const subkeys[] = {"username", "user", "id", "url", NULL};
    v = get_text(v, subkeys);
  }
  v = textual(v);
  if (!v) return;
  char *val = visible_text(c->arena, v->s, v->len);
  const char *s = val;
  size_t len = strlen(s);
  trim(&s, &len);
  if (!len || is_placeholder(s)) return;
  if (looks_like_url(s)) {
    profile_from_url(c, v, net);
    return;
  }
  if (*s == '@' && strcmp(net->key, "mastodon") != 0) s++, len--;
  if (strcmp(net->key, "linkedin") == 0 && istarts(s, "in/")) s += 3, len -= 3;
  char *user = cvx_arena_strndup(c->arena, s, len);
  if (!net->prefix || !username_ok(net, user)) return;
  cvx_span us = span_of(c, v, user);
  profile_add(c, net->name, user, cvx_arena_printf(c->arena, "%s%s", net->prefix, user), us, us);
}

static void try_email(fm_ctx *c, const node *n);

/* A Hugo/Wowchemy link item ({icon, link} or {icon, url, label}): its
 * account URL as a profile (mailto: links are read by mailto_items). */
static void link_item(fm_ctx *c, const node *it) {
  if (!it || it->type != N_MAP) return;
  static const char *const keys[] = {"url", "link", "href", NULL};
  const node *u = get_text(it, keys);
  if (u && !istarts(u->s, "mailto:")) profile_from_url(c, u, NULL);
}

/* The e-mail of a `mailto:` link item in a social/profiles list, as basics.email. */
static void mailto_items(fm_ctx *c, const node *list) {
  if (!list || list->type != N_SEQ) return;
  static const char *const keys[] = {"url", "link", "href", NULL};
  for (const node *it = list->kids; it; it = it->next) {
    const node *u = it->type == N_MAP ? get_text(it, keys) : textual(it);
    if (u && istarts(u->s, "mailto:")) try_email(c, u);
  }
}

/* Social keys of one mapping (the page, `author:` or `social:`); with
 * any_url, unknown keys whose value is an account URL count too. */
static void profiles_in(fm_ctx *c, const node *map, bool any_url) {
  if (!map || map->type != N_MAP) return;
  for (const node *k = map->kids; k; k = k->next) {
    if (!k->key) continue;
    const network *net = network_for_key(k->key);
    if (net) {
      profile_from(c, net, k);
    } else if (k->type == N_SEQ && (ieq(k->key, "links") || ieq(k->key, "profiles"))) {
      for (const node *it = k->kids; it; it = it->next) {
        if (textual(it))
          profile_from_url(c, it, NULL);
        else
          link_item(c, it);
      }
    } else if (any_url && textual(k) && looks_like_url(k->s)) {
      profile_from_url(c, k, NULL);
    }
  }
}

/* ---- basics */

static const char *const name_keys[] = {"name", NULL};
static const char *const label_keys[] = {"subtitle", "tagline", "headline", "position",
                                         "job_title", "jobtitle", "role", "label", NULL};
static const char *const email_keys[] = {"email", "e-mail", "mail", NULL};
static const char *const phone_keys[] = {"phone", "telephone", "mobile", "tel", NULL};
static const char *const location_keys[] = {"location", "city", NULL};
static const char *const url_keys[] = {"website", "url", "homepage", "uri", NULL};
static const char *const summary_keys[] = {"bio", "summary", NULL};
static const char *const description_keys[] = {"description", NULL};
static const char *const image_keys[] = {"image", "avatar", "photo", "picture", NULL};

/* A short single-line text fit to be a name or a label. */
static bool short_line(const char *s, size_t max) {
  size_t n = strlen(s);
  trim(&s, &n);
  if (!n || n > max) return false;
  for (size_t i = 0; i < n; i++)
    if (s[i] == '\n') return false;
  return true;
}

/* "about", "resume", "admin": a page or account identifier, not a name. */
static bool is_slug(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_' ||
          s[i] == '-'))
      return false;
  return true;
}

static bool try_name(fm_ctx *c, const node *n, bool must_be_person) {
  n = textual(n);
  if (!n || has(c, "name")) return false;
  char *v = visible_text(c->arena, n->s, n->len);
  const char *s = v;
  size_t len = strlen(v);
  trim(&s, &len);
  if (!short_line(v, 120) || is_placeholder(v) || strchr(v, '@') || strstr(v, "://"))
    return false;
  if (must_be_person ? !cvx_is_person_name(s, len) : is_slug(s, len)) return false;
  return put(c, "name", v, n);
}

/* Words that make a title part a page heading rather than a headline. */
static const char *const heading_words[] = {
    "resume", "résumé", "cv", "curriculum vitae", "homepage", "home page", "home", "website",
    "personal website", "personal page", "personal homepage", "academic website",
    "academic web pages", "academic homepage", "about", "about me", "portfolio", "blog",
    "page", "publications", NULL};

/* A person's name in a page title: the whole title, or one part of
 * "Name - Headline - Resume", "About Name", "Name's Homepage". Sets the
 * headline part aside as a label candidate. */
static bool try_title(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n || has(c, "name")) return false;
  char *v = visible_text(c->arena, n->s, n->len);
  if (!short_line(v, 160)) return false;
  static const char *const seps[] = {" | ", " - ", " – ", " — ", " / ", " · ", ": ", NULL};
  const char *part[6];
  size_t plen[6], np = 0;
  const char *s = v;
  while (np < 6) {
    const char *cut = NULL, *sep = NULL;
    for (size_t i = 0; seps[i]; i++) {
      const char *h = strstr(s, seps[i]);
      if (h && (!cut || h < cut)) cut = h, sep = seps[i];
    }
    part[np] = s;
    plen[np] = cut ? (size_t)(cut - s) : strlen(s);
    trim(&part[np], &plen[np]);
    np++;
    if (!cut) break;
    s = cut + strlen(sep);
  }
  size_t who = np;
  const char *nm = NULL;
  size_t nl = 0;
  for (size_t i = 0; i < np && !nm; i++) {
    const char *p = part[i];
    size_t l = plen[i];
    if (l > 6 && istarts(p, "about ")) p += 6, l -= 6; /* "About Jane Roe" */
    static const char *const poss[] = {"'s ", "\xe2\x80\x99s "};
    for (size_t k = 0; k < 2; k++) { /* "Jane Roe's Homepage" */
      const char *ap = strstr(p, poss[k]);
      if (ap && (size_t)(ap - p) < l) {
        size_t rest = l - (size_t)(ap - p) - strlen(poss[k]);
        if (in_list(ap + strlen(poss[k]), rest, heading_words)) l = (size_t)(ap - p);
      }
    }
    trim(&p, &l);
    if (l && !in_list(p, l, heading_words) && !in_list(p, l, placeholder_text) &&
        cvx_is_person_name(p, l)) {
      nm = p, nl = l, who = i;
    }
  }
  if (!nm) return false;
  char *name = cvx_arena_strndup(c->arena, nm, nl);
  if (!put(c, "name", name, n)) return false;
  /* one remaining part that is not a page heading reads as the headline */
  const char *lab = NULL;
  size_t nlab = 0, nother = 0;
  for (size_t i = 0; i < np; i++) {
    if (i == who || !plen[i] || in_list(part[i], plen[i], heading_words)) continue;
    nother++;
    lab = part[i], nlab = plen[i];
  }
  if (nother == 1 && nlab <= 80) {
    c->title_label = cvx_arena_strndup(c->arena, lab, nlab);
    c->title_label_from = n;
  }
  return true;
}

static bool try_first_last(fm_ctx *c, const node *root) {
  const node *f = textual(get(root, "first_name")), *m = textual(get(root, "middle_name")),
             *l = textual(get(root, "last_name"));
  if (!f || !l || has(c, "name")) return false;
  char *v = m ? cvx_arena_printf(c->arena, "%s %s %s", f->s, m->s, l->s)
              : cvx_arena_printf(c->arena, "%s %s", f->s, l->s);
  if (is_placeholder(f->s) || is_placeholder(l->s) || !short_line(v, 120)) return false;
  cvx_record *r = rec(c);
  if (!r) return false;
  uint32_t end = l->span.end > f->span.start ? l->span.end : f->span.end;
  cvx_span sp = cvx_span_make(f->span.start, end);
  return cvx_record_add(c->doc, r, "name", v, sp) != NULL;
}

static void try_label(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n || has(c, "label")) return;
  char *v = visible_text(c->arena, n->s, n->len);
  if (short_line(v, 200) && !is_placeholder(v)) put(c, "label", v, n);
}

/* An e-mail anywhere in n's text (plain, mailto:, obfuscated). */
static void try_email(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n || has(c, "email")) return;
  const char *e = NULL;
  size_t ms, me;
  if (!cvx_email_find(c->arena, n->s, n->len, &e, &ms, &me)) return;
  if (!cvx_email_valid(e) || placeholder_email(e)) return;
  cvx_record *r = rec(c);
  if (r) cvx_record_add(c->doc, r, "email", e, sub_span(c, n, ms, me - ms));
}

static void try_phone(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n || has(c, "phone")) return;
  char *v = visible_text(c->arena, n->s, n->len);
  size_t ms, me;
  if (!cvx_phone_find(v, strlen(v), &ms, &me)) return;
  put(c, "phone", cvx_arena_strndup(c->arena, v + ms, me - ms), n);
}

/* A plain place ("Berlin, Germany"), not an address block or markup. */
static void try_location(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n || has(c, "location.city")) return;
  if (strchr(n->s, '<') || strchr(n->s, '>') || strchr(n->s, ':') || strchr(n->s, '@')) return;
  char *v = visible_text(c->arena, n->s, n->len);
  bool letter = false;
  for (const char *p = v; *p; p++) letter |= is_alpha(*p) || (unsigned char)*p >= 0x80;
  if (letter && short_line(v, 80) && !is_placeholder(v)) put(c, "location.city", v, n);
}

/* The person's own site; an account URL becomes a profile instead. */
static void try_url(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n) return;
  cvx_span sp;
  const char *url = url_of(c, n, &sp);
  if (!url || !is_http(url) || placeholder_url(c, url)) return;
  const char *user = NULL;
  if (cvx_profile_network(c->arena, url, &user)) {
    profile_from_url(c, n, NULL);
    return;
  }
  if (has(c, "url")) return;
  cvx_record *r = rec(c);
  if (r) cvx_record_add(c->doc, r, "url", url, sp);
}

/* A `bio:` or `summary:` is the summary whatever its length. A page's
 * `description:` is one only when it is a phrase at least: "Homepage" or
 * "About me" describes the page for search engines, and the body's first
 * paragraph is the summary then (a text without spaces, such as Chinese,
 * counts by its length). */
static void try_summary(fm_ctx *c, const node *n, bool page_description) {
  n = textual(n);
  if (!n || has(c, "summary")) return;
  char *v = visible_text(c->arena, n->s, n->len);
  if (is_placeholder(v)) return;
  if (page_description) {
    int words = 0;
    for (const char *p = v; *p;) {
      while (*p == ' ' || *p == '\t' || *p == '\n') p++;
      if (!*p) break;
      words++;
      while (*p && *p != ' ' && *p != '\t' && *p != '\n') p++;
    }
    if (words < 3 && strlen(v) < 24) return;
  }
  put(c, "summary", v, n);
}

static void try_image(fm_ctx *c, const node *n) {
  n = textual(n);
  if (!n || has(c, "image")) return;
  const char *s = n->s;
  size_t len = n->len;
  trim(&s, &len);
  char *v = cvx_arena_strndup(c->arena, s, len);
  if (is_http(v) && !strchr(v, ' ') && !placeholder_url(c, v)) put(c, "image", v, n);
}

/* Resume themes' `header:` list of {text, link} items (contact lines). */
static void from_header_items(fm_ctx *c, const node *header) {
  if (!header || header->type != N_SEQ) return;
  for (const node *it = header->kids; it; it = it->next) {
    if (it->type != N_MAP) continue;
    const node *link = textual(get(it, "link")), *text = textual(get(it, "text"));
    if (link && istarts(link->s, "mailto:"))
      try_email(c, link);
    else if (link && istarts(link->s, "tel:"))
      try_phone(c, link);
    else if (link && is_http(link->s))
      try_url(c, link);
    else if (text)
      try_phone(c, text);
  }
}

/* The person: basics fields from the page, `author:` and al-folio's
 * `profile:`, then one profile record per social account. */
static void map_basics(fm_ctx *c, const node *root) {
  const node *author = get(root, "author");
  const node *amap = author && author->type == N_MAP && !is_lang_map(author) ? author : NULL;
  const node *social = get(root, "social");
  const node *profile = get(root, "profile");

  if (!try_name(c, get_text(root, name_keys), false))
    if (!(amap && try_name(c, get_text(amap, name_keys), false)))
      if (!(author && !amap && try_name(c, author, true)))
        if (!try_first_last(c, root))
          if (!try_title(c, get(root, "title"))) try_title(c, get(root, "excerpt"));

  try_label(c, get_text(root, label_keys));
  try_label(c, get_text(amap, label_keys));
  if (!has(c, "label") && c->title_label) put(c, "label", c->title_label, c->title_label_from);

  try_email(c, get_text(root, email_keys));
  try_email(c, get_text(amap, email_keys));
  try_phone(c, get_text(root, phone_keys));
  try_phone(c, get_text(amap, phone_keys));
  /* al-folio's profile.more_info: a few HTML lines with contact details */
  try_email(c, get(profile, "more_info"));
  try_phone(c, get(profile, "more_info"));
  from_header_items(c, get(root, "header"));

  try_location(c, get_text(root, location_keys));
  try_location(c, get_text(amap, location_keys));
  try_url(c, get_text(root, url_keys));
  try_url(c, get_text(amap, url_keys));
  try_summary(c, get_text(root, summary_keys), false);
  try_summary(c, get_text(amap, summary_keys), false);
  try_summary(c, get_text(root, description_keys), true);
  try_summary(c, get_text(amap, description_keys), true);
  try_image(c, get_text(root, image_keys));
  try_image(c, get_text(amap, image_keys));
  try_image(c, get(profile, "image"));

  cvx_record *basics = c->rec;
  c->rec = NULL; /* profiles are their own records */
  profiles_in(c, root, false);
  profiles_in(c, amap, true);
  profiles_in(c, social, true);
  if (social && social->type == N_SEQ)
    for (const node *it = social->kids; it; it = it->next) {
      if (textual(it))
        profile_from_url(c, it, NULL);
      else
        link_item(c, it);
    }
  c->rec = basics;
  mailto_items(c, social);
  mailto_items(c, get(root, "profiles"));
  mailto_items(c, get(root, "links"));
}

cvx_record *cvx_frontmatter_person(cvx_doc *doc, const cvx_ynode *map, const char *origin) {
  if (!doc || !map || map->type != N_MAP) return NULL;
  fm_ctx c;
  memset(&c, 0, sizeof c);
  c.doc = doc;
  c.arena = doc->arena;
  c.inner = map->span;
  c.origin = origin;
  c.kind = CVX_REC_BASICS;
  map_basics(&c, map);
  return c.rec;
}

/* ---- publications */

static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* An ISO partial date at the start of s ("2010-10-01 10:00" -> 10 bytes). */
static size_t iso_prefix(const char *s, size_t n) {
  if (n < 4 || !is_digit(s[0]) || !is_digit(s[1]) || !is_digit(s[2]) || !is_digit(s[3]))
    return 0;
  if (n > 4 && is_digit(s[4])) return 0;
  size_t len = 4;
  for (int part = 0; part < 2; part++) {
    if (n < len + 3 || s[len] != '-' || !is_digit(s[len + 1]) || !is_digit(s[len + 2])) break;
    int v = (s[len + 1] - '0') * 10 + (s[len + 2] - '0');
    if (v < 1 || v > (part == 0 ? 12 : 31) || (n > len + 3 && is_digit(s[len + 3]))) break;
    len += 3;
  }
  return len;
}

/* An ISO partial date, as precise as written ("2010-10-01" stays full). */
static void try_date(fm_ctx *c, const char *key, const node *n) {
  n = textual(n);
  if (!n || has(c, key)) return;
  const char *s = n->s;
  size_t len = n->len;
  trim(&s, &len);
  size_t off = (size_t)(s - n->s);
  size_t p = iso_prefix(s, len);
  if (p) {
    cvx_record *r = rec(c);
    if (r)
      cvx_record_addn(c->doc, r, key, s, p, sub_span(c, n, off, p));
    return;
  }
  cvx_daterange dr;
  if (cvx_date_find(s, len, &dr) && dr.start[0]) {
    cvx_record *r = rec(c);
    if (r)
      cvx_record_add(c->doc, r, key, dr.start,
                     sub_span(c, n, off + dr.mstart, dr.mend - dr.mstart));
  }
}

/* A Jekyll `_publications` entry rather than a page about the person. */
static bool is_publication(const node *root) {
  const node *coll = textual(get(root, "collection"));
  if (coll && ieq(coll->s, "publications")) return true;
  return textual(get(root, "venue")) &&
         (textual(get(root, "paperurl")) || textual(get(root, "citation")) ||
          textual(get(root, "date")));
}

/* The `citation` string (HTML entities and tags decoded) read by the
 * reference parser: authors, and DOI, arXiv id, venue, date and type where
 * the other keys did not say. Only names written in the citation are added. */
static void publication_citation(fm_ctx *c, const node *n) {
  char *text = visible_text(c->arena, n->s, n->len);
  cvx_ref ref;
  cvx_ref_parse(c->arena, text, strlen(text), &ref);
  cvx_record *r = rec(c);
  if (!r) return;
  if (!has(c, "name") && ref.title) put(c, "name", ref.title, n);
  if (!has(c, "authors")) {
    for (size_t i = 0; i < ref.nauthors; i++) {
      const cvx_ref_name *a = &ref.authors[i];
      const char *v = a->literal ? a->literal
                      : a->given ? cvx_arena_printf(c->arena, "%s, %s", a->family, a->given)
                                 : a->family;
      cvx_record_add(c->doc, r, "authors", v, span_of(c, n, a->family ? a->family : v));
    }
    if (ref.et_al && ref.nauthors) cvx_record_add(c->doc, r, "authors", "et al.", span_of(c, n, "et al"));
  }
  if (ref.container) put(c, "publisher", ref.container, n);
  if (ref.issued) put(c, "releaseDate", ref.issued, n);
  if (ref.doi) put(c, "doi", ref.doi, n);
  if (ref.arxiv) put(c, "arxiv", ref.arxiv, n);
  if (ref.type) put(c, "type", ref.type, n);
}

/* One publication: title, venue, date, links; `citation` adds the authors. */
static void map_publication(fm_ctx *c, const node *root) {
  const node *n = textual(get(root, "title"));
  if (n) put(c, "name", visible_text(c->arena, n->s, n->len), n);
  if ((n = textual(get(root, "venue"))))
    put(c, "publisher", visible_text(c->arena, n->s, n->len), n);
  try_date(c, "releaseDate", get(root, "date"));
  if ((n = textual(get(root, "paperurl"))) && is_http(n->s)) {
    const char *s = n->s;
    size_t len = n->len;
    trim(&s, &len);
    if (!memchr(s, ' ', len)) put(c, "url", cvx_arena_strndup(c->arena, s, len), n);
  }
  if ((n = textual(get(root, "doi")))) {
    const char *s = n->s;
    size_t len = n->len;
    trim(&s, &len);
    const char *d = strstr(s, "10.");
    if (d && (size_t)(d - s) < len && !memchr(d, ' ', len - (size_t)(d - s))) {
      char *doi = cvx_arena_strndup(c->arena, d, len - (size_t)(d - s));
      put(c, "doi", doi, n);
      if (!has(c, "url")) put(c, "url", cvx_arena_printf(c->arena, "https://doi.org/%s", doi), n);
    }
  }
  if ((n = textual(get(root, "excerpt"))))
    put(c, "summary", visible_text(c->arena, n->s, n->len), n);
  if ((n = textual(get(root, "citation")))) publication_citation(c, n);
}

/* ---- site mode (a Jekyll site's _config.yml and collection items) */

/* The person from a site's _config.yml: the `author:` block first (academicpages,
 * minimal-mistakes), then the site-wide keys (minima's `title`, `email`,
 * `github_username`; the site's own `url` as the home page). Theme defaults
 * ("Your Name", jekyll/jekyllrb, example.com) are ignored by the try_ helpers. */
static void map_site_config(fm_ctx *c, const node *root) {
  const node *author = get(root, "author");
  const node *amap = author && author->type == N_MAP && !is_lang_map(author) ? author : NULL;
  const node *social = get(root, "social");

  if (!(amap && try_name(c, get_text(amap, name_keys), false)))
    if (!(author && !amap && try_name(c, author, true)))
      if (!try_name(c, get_text(root, name_keys), true)) {
        try_title(c, get(root, "title"));
        c->title_label = NULL; /* a site title's other part names the site, not the person */
      }

  try_label(c, get_text(amap, label_keys));
  try_email(c, get_text(amap, email_keys));
  try_email(c, get_text(root, email_keys));
  try_phone(c, get_text(amap, phone_keys));
  try_location(c, get_text(amap, location_keys));
  try_url(c, get_text(amap, url_keys));
  try_url(c, textual(get(root, "url")));
  try_summary(c, get_text(amap, summary_keys), false);
  try_summary(c, get_text(amap, description_keys), true);
  try_image(c, get_text(amap, image_keys));

  cvx_record *basics = c->rec;
  c->rec = NULL; /* profiles are their own records */
  profiles_in(c, amap, true);
  profiles_in(c, social, true);
  if (social && social->type == N_SEQ)
    for (const node *it = social->kids; it; it = it->next)
      if (textual(it)) profile_from_url(c, it, NULL);
  profiles_in(c, root, false);
  c->rec = basics;
}

/* Adds value under key with n's span (n may be NULL: no span). */
static void put_plain(fm_ctx *c, const char *key, const char *value, const node *n) {
  if (has(c, key)) return;
  cvx_record *r = rec(c);
  if (r) cvx_record_add(c->doc, r, key, value, n ? n->span : CVX_NOSPAN);
}

/* The first http(s) URL among keys, as the record's url. */
static void try_url_keys(fm_ctx *c, const node *root, const char *const *keys) {
  for (size_t i = 0; keys[i] && !has(c, "url"); i++) {
    const node *n = textual(get(root, keys[i]));
    cvx_span sp;
    const char *u = n ? url_of(c, n, &sp) : NULL;
    if (u && is_http(u) && !placeholder_url(c, u)) put_plain(c, "url", u, n);
  }
}

/* The authors a `citation:` string names, added to the publication (site mode
 * only: the page converted alone keeps its old output). The shared
 * publication grammar reads the citation into a scratch record that is then
 * unlinked from the document. */
static void authors_from_citation(fm_ctx *c, const node *root) {
  const node *n = textual(get(root, "citation"));
  if (!n || !c->rec || cvx_record_get(c->rec, "authors")) return;
  char *v = visible_text(c->arena, n->s, n->len);
  cvx_doc *doc = c->doc;
  cvx_record *before = doc->records_tail;
  cvx_pub_input in = {.text = v, .len = strlen(v), .span = n->span, .origin = c->origin};
  cvx_record *tmp = cvx_publication_add(doc, &in);
  if (!tmp || doc->records_tail != tmp || before == tmp) return;
  /* unlink the scratch record (it is the tail, right after `before`) */
  if (before)
    before->next = NULL;
  else
    doc->records = NULL;
  doc->records_tail = before;
  doc->nrecords--;
  for (const cvx_field *f = tmp->fields; f; f = f->next)
    if (strcmp(f->key, "authors") == 0) cvx_record_add(doc, c->rec, "authors", f->value, f->span);
}

/* A `_talks` item: a project of type "talk"; the venue is its entity. */
static void map_talk(fm_ctx *c, const node *root) {
  const node *n = textual(get(root, "title")), *type = textual(get(root, "type"));
  if (n) put(c, "name", visible_text(c->arena, n->s, n->len), n);
  if ((n = textual(get(root, "venue"))))
    put(c, "entity", visible_text(c->arena, n->s, n->len), n);
  try_date(c, "startDate", get(root, "date"));
  static const char *const desc_keys[] = {"excerpt", "description", "summary", NULL};
  if ((n = get_text(root, desc_keys)))
    put(c, "description", visible_text(c->arena, n->s, n->len), n);
  static const char *const url_keys_talk[] = {"talkurl", "slidesurl", "paperurl", "videourl",
                                              "link", NULL};
  try_url_keys(c, root, url_keys_talk);
  if (!c->rec) return; /* nothing named the talk */
  put_plain(c, "type", "talk", type);
  if (type) { /* the page's own kind ("Tutorial", "Poster") when it says more than "talk" */
    char *kind = visible_text(c->arena, type->s, type->len);
    const char *s = kind;
    size_t len = strlen(kind);
    trim(&s, &len);
    if (len && !ieqn(s, len, "talk")) cvx_record_add(c->doc, c->rec, "keywords", kind, type->span);
  }
}

/* A `_teaching` item: a work entry (position from the title, else the type;
 * the venue is the organisation). */
static void map_teaching(fm_ctx *c, const node *root) {
  const node *title = textual(get(root, "title")), *type = textual(get(root, "type")), *n;
  if (title)
    put(c, "position", visible_text(c->arena, title->s, title->len), title);
  else if (type)
    put(c, "position", visible_text(c->arena, type->s, type->len), type);
  if ((n = textual(get(root, "venue")))) put(c, "name", visible_text(c->arena, n->s, n->len), n);
  if ((n = textual(get(root, "location"))))
    put(c, "location", visible_text(c->arena, n->s, n->len), n);
  try_date(c, "startDate", get(root, "date"));
  static const char *const end_keys[] = {"end_date", "enddate", "date_end", "until", NULL};
  try_date(c, "endDate", get_text(root, end_keys));
  static const char *const desc_keys[] = {"excerpt", "description", "summary", NULL};
  if ((n = get_text(root, desc_keys)))
    put(c, "summary", visible_text(c->arena, n->s, n->len), n);
  else if (title && type)
    put(c, "summary", visible_text(c->arena, type->s, type->len), type);
  static const char *const url_keys_course[] = {"courseurl", "course_url", "link", NULL};
  try_url_keys(c, root, url_keys_course);
}

cvx_status cvx_frontmatter_read_as(const cvx_source *src, cvx_doc *doc, cvx_diags *dx,
                                   cvx_fm_role role) {
  if (!src || !doc || !dx || doc->src != src) return CVX_EINVAL;
  node *root = NULL;
  cvx_span inner;
  if (role == CVX_FM_SITE_CONFIG) {
    inner = cvx_span_make(0, src->len);
    cvx_doc_hide(doc, inner); /* settings, not visible text */
    doc->body_start = (uint32_t)src->len;
    if (src->len) root = yaml_read(doc, dx, inner);
  } else {
    fm_loc loc;
    if (!locate(src, &loc)) return CVX_OK;
    if (!loc.closed) {
      cvx_diag_add(dx, CVX_WARNING, "frontmatter.unterminated", loc.open,
                   "front matter opened by `%s` is never closed; the item is skipped",
                   loc.kind == FM_YAML ? "---" : "+++");
      return CVX_OK;
    }
    doc->body_start = loc.block.end;
    cvx_doc_hide(doc, loc.block);
    inner = loc.inner;
    if (inner.end > inner.start)
      root = loc.kind == FM_YAML ? yaml_read(doc, dx, inner) : toml_read(doc, dx, inner);
  }
  if (!root || root->type != N_MAP) return CVX_OK;
  fm_ctx c;
  memset(&c, 0, sizeof c);
  c.doc = doc;
  c.arena = doc->arena;
  c.inner = inner;
  c.origin = "site";
  switch (role) {
  case CVX_FM_SITE_CONFIG:
    c.kind = CVX_REC_BASICS;
    map_site_config(&c, root);
    break;
  case CVX_FM_PUBLICATION:
    c.kind = CVX_REC_PUBLICATION;
    map_publication(&c, root);
    authors_from_citation(&c, root);
    break;
  case CVX_FM_TALK:
    c.kind = CVX_REC_PROJECT;
    map_talk(&c, root);
    break;
  case CVX_FM_TEACHING:
    c.kind = CVX_REC_WORK;
    map_teaching(&c, root);
    break;
  }
  return CVX_OK;
}

/* ---------------------------------------------------------------- extractor */

/* 1 when the source opens with a --- or +++ fence line, else 0. */
static int fm_accepts(const cvx_source *src) {
  fm_loc loc;
  return locate(src, &loc) ? 1 : 0;
}

/* Hides the block, sets doc->body_start and adds the records. What is wrong
 * with the block (unclosed, bad YAML, limits) is a warning; always CVX_OK for
 * valid arguments. */
static cvx_status fm_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  if (!src || !doc || !dx) return CVX_EINVAL;
  fm_loc loc;
  if (!locate(src, &loc)) return CVX_OK;
  if (!loc.closed) {
    cvx_diag_add(dx, CVX_WARNING, "frontmatter.unterminated", loc.open,
                 "front matter opened by `%s` is never closed; the page is read as it is",
                 loc.kind == FM_YAML ? "---" : "+++");
    return CVX_OK;
  }
  doc->body_start = loc.block.end;
  cvx_doc_hide(doc, loc.block);
  if (loc.inner.end <= loc.inner.start) return CVX_OK;

  node *root = loc.kind == FM_YAML ? yaml_read(doc, dx, loc.inner) : toml_read(doc, dx, loc.inner);
  if (!root || root->type != N_MAP) return CVX_OK;
  fm_ctx c;
  memset(&c, 0, sizeof c);
  c.doc = doc;
  c.arena = doc->arena;
  c.inner = loc.inner;
  if (is_publication(root)) {
    c.kind = CVX_REC_PUBLICATION;
    map_publication(&c, root);
  } else {
    c.kind = CVX_REC_BASICS;
    map_basics(&c, root);
    /* a profile page's CV sections (Hugo Blox authors: education, work…) */
    if (loc.kind == FM_YAML) cvx_yamldata_map(doc, root, ORIGIN, true);
  }
  return CVX_OK;
}

/* The preamble extractor for Jekyll/Hugo front matter (declared in cvx.h). */
const cvx_extractor cvx_extractor_frontmatter = {
    .name = "frontmatter",
    .role = CVX_ROLE_PREAMBLE,
    .accepts = fm_accepts,
    .extract = fm_extract,
};
