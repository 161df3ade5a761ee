/* docx.c — the DOCX and ODT reader: the document's XML is taken from the zip
 * (libzip; declared and actual sizes held to --max-size, so a zip bomb stops
 * at the limit) and read with libxml2 (no DTD, no entity expansion, no
 * network: a part with a DOCTYPE is refused), and its paragraphs, heading
 * styles and outline levels, list levels, tables and hyperlinks become the
 * block stream the other extractors make. One paragraph is one line of the
 * source text, so positions print as paragraph:column. */
#include "layout.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zip.h>

/* Entries a document's zip may hold (a DOCX has a few dozen). */
#define MAX_ENTRIES 5000
/* Styles followed through basedOn at most. */
#define MAX_BASED_ON 8
/* A table cell with more paragraphs than this, or with a heading, makes its
 * table a page layout (read as paragraphs), not a table of rows. */
#define LAYOUT_CELL_PARAS 3

typedef enum fmt { FMT_DOCX, FMT_ODT } fmt;

/* ------------------------------------------------------------------- zip */

typedef struct zipdoc {
  zip_t *z;
  size_t budget; /* uncompressed bytes that may still be read */
  const char *path;
  cvx_diags *dx;
} zipdoc;

/* Reads entry name whole into *out (heap, NUL-terminated). Missing: false
 * with no diagnostic when optional. Over the budget, by its declared size or
 * by what it really holds: an error, and false. */
static bool read_entry(zipdoc *zd, const char *name, bool optional, char **out, size_t *len, bool *failed) {
  *out = NULL;
  *len = 0;
  zip_int64_t idx = zip_name_locate(zd->z, name, 0);
  if (idx < 0) {
    if (!optional) {
      cvx_diag_add(zd->dx, CVX_ERROR, "docx.corrupt", CVX_NOSPAN, "not a readable document: no %s in the archive",
                   name);
      *failed = true;
    }
    return false;
  }
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(zd->z, (zip_uint64_t)idx, 0, &st) == 0 && (st.valid & ZIP_STAT_SIZE) && st.size > zd->budget) {
    cvx_diag_add(zd->dx, CVX_ERROR, "docx.limit", CVX_NOSPAN,
                 "%s declares %llu bytes uncompressed, over the %zu bytes an input may hold (--max-size); a zip bomb?",
                 name, (unsigned long long)st.size, zd->budget);
    *failed = true;
    return false;
  }
  zip_file_t *f = zip_fopen_index(zd->z, (zip_uint64_t)idx, 0);
  if (!f) {
    zip_error_t *e = zip_get_error(zd->z);
    bool enc = e && zip_error_code_zip(e) == ZIP_ER_NOPASSWD;
    cvx_diag_add(zd->dx, CVX_ERROR, enc ? "docx.encrypted" : "docx.corrupt", CVX_NOSPAN,
                 enc ? "encrypted document: %s needs a password" : "not a readable document: cannot open %s (%s)", name,
                 enc ? "" : zip_error_strerror(e));
    *failed = true;
    return false;
  }
  cvx_buf b = CVX_BUF_INIT;
  char chunk[65536];
  bool ok = true;
  for (;;) {
    zip_int64_t got = zip_fread(f, chunk, sizeof chunk);
    if (got < 0) {
      zip_error_t *e = zip_file_get_error(f);
      cvx_diag_add(zd->dx, CVX_ERROR, "docx.corrupt", CVX_NOSPAN, "not a readable document: %s is damaged (%s)", name,
                   zip_error_strerror(e));
      ok = false;
      break;
    }
    if (got == 0) break;
    if ((size_t)got > zd->budget - b.len) { /* more than declared, or than allowed: stop here */
      cvx_diag_add(zd->dx, CVX_ERROR, "docx.limit", CVX_NOSPAN,
                   "%s holds more than %zu bytes uncompressed, over the input's size limit (--max-size); a zip bomb?",
                   name, zd->budget);
      ok = false;
      break;
    }
    cvx_buf_put(&b, chunk, (size_t)got);
  }
  zip_fclose(f);
  if (!ok) {
    cvx_buf_free(&b);
    *failed = true;
    return false;
  }
  zd->budget -= b.len;
  *len = b.len;
  *out = cvx_buf_detach(&b);
  if (!*out) *out = cvx_xstrdup("");
  return true;
}

/* --------------------------------------------------------------------- xml */

static pthread_once_t xml_once = PTHREAD_ONCE_INIT;
static void xml_init(void) { xmlInitParser(); }

/* Parses one part: no DTD (a DOCTYPE is refused before parsing), no entity
 * expansion, no network, libxml2's depth and size limits kept. NULL with an
 * error when it cannot be read. */
static xmlDocPtr parse_part(zipdoc *zd, const char *name, const char *s, size_t n) {
  if (n > INT32_MAX) return NULL;
  for (size_t i = 0; i + 9 <= n; i++) { /* memmem on "<!DOCTYPE" and "<!ENTITY" */
    const char *q = memchr(s + i, '<', n - i);
    if (!q || (size_t)(q - s) + 9 > n) break;
    i = (size_t)(q - s);
    if (strncmp(q, "<!DOCTYPE", 9) == 0 || strncmp(q, "<!ENTITY", 8) == 0) {
      cvx_diag_add(zd->dx, CVX_ERROR, "docx.doctype", CVX_NOSPAN,
                   "%s has a document type declaration, which no DOCX or ODT part has: refused (entities are "
                   "never expanded)",
                   name);
      return NULL;
    }
  }
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (!ctxt) {
    fprintf(stderr, "cvx: out of memory (libxml2 parser)\n");
    abort();
  }
  int opts = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_COMPACT | XML_PARSE_NOCDATA;
  xmlDocPtr d = xmlCtxtReadMemory(ctxt, s, (int)n, name, NULL, opts);
  if (!d) {
    const xmlError *e = xmlCtxtGetLastError(ctxt);
    bool deep = e && e->message && strstr(e->message, "depth");
    char msg[128];
    snprintf(msg, sizeof msg, "%s", e && e->message ? e->message : "parse error");
    size_t ml = strlen(msg);
    while (ml && (msg[ml - 1] == '\n' || msg[ml - 1] == ' ')) msg[--ml] = '\0'; /* libxml2's end in a newline */
    cvx_diag_add(zd->dx, CVX_ERROR, deep ? "docx.depth" : "docx.corrupt", CVX_NOSPAN,
                 "not a readable document: %s is not well-formed XML (line %d: %s)", name, e ? e->line : 0, msg);
  }
  xmlFreeParserCtxt(ctxt);
  return d;
}

static bool is(const xmlNode *n, const char *name) {
  return n && n->type == XML_ELEMENT_NODE && n->name && strcmp((const char *)n->name, name) == 0;
}

/* An attribute by local name, whatever its namespace; NULL when absent. */
static const char *attr(const xmlNode *n, const char *name) {
  for (const xmlAttr *a = n->properties; a; a = a->next)
    if (a->name && strcmp((const char *)a->name, name) == 0) {
      const xmlNode *t = a->children;
      return t && t->content ? (const char *)t->content : "";
    }
  return NULL;
}

static const xmlNode *child(const xmlNode *n, const char *name) {
  for (const xmlNode *c = n ? n->children : NULL; c; c = c->next)
    if (is(c, name)) return c;
  return NULL;
}

/* A w:b, w:i… toggle: present and not switched off. */
static bool toggle_on(const xmlNode *n) {
  if (!n) return false;
  const char *v = attr(n, "val");
  return !v || !(strcmp(v, "0") == 0 || strcmp(v, "false") == 0 || strcmp(v, "off") == 0);
}

/* ------------------------------------------------------------------ styles */

typedef struct style {
  char *id, *based;
  int level; /* heading level, 0 for none */
  bool list;
  int bold;      /* its own w:b: -1 not said, 0 off, 1 on */
  int num, ilvl; /* its own numbering (w:numPr): numId (-1 not said, 0 off) and level */
} style;

/* A document's styles, sorted by id. */
typedef struct styles {
  style *v;
  size_t n;
} styles;

/* A paragraph or run style as it applies: its basedOn chain followed. */
typedef struct style_use {
  int level; /* heading level, 0 for none */
  bool list, bold;
  int num, ilvl;
} style_use;

static int name_level(const char *name) {
  if (!name) return 0;
  if (strcasecmp(name, "title") == 0) return 1;
  if (strncasecmp(name, "heading", 7) == 0) {
    const char *p = name + 7;
    while (*p == ' ') p++;
    if (*p >= '1' && *p <= '9' && !p[1]) return *p - '0' > 6 ? 6 : *p - '0';
  }
  return 0;
}

/* v as a small count (an id, a level); dflt when absent or not one. */
static int count_of(const char *v, int dflt) {
  if (!v || !*v || strlen(v) > 6) return dflt;
  int k = 0;
  for (const char *p = v; *p; p++) {
    if (*p < '0' || *p > '9') return dflt;
    k = k * 10 + (*p - '0');
  }
  return k;
}

/* A w:val that is a small count (ilvl, numId, outline level). */
static int num_val(const xmlNode *n, int dflt) { return count_of(n ? attr(n, "val") : NULL, dflt); }

/* A w:outlineLvl as a heading level: 0..5 are headings 1..6, 9 is body text
 * (-1), anything else or none says nothing (0). */
static int outline_level(const xmlNode *ppr) {
  int v = num_val(child(ppr, "outlineLvl"), -2);
  return v >= 0 && v <= 5 ? v + 1 : v >= 6 ? -1 : 0;
}

static int style_cmp(const void *a, const void *b) { return strcmp(((const style *)a)->id, ((const style *)b)->id); }

static void read_styles(const xmlNode *root, styles *ss) {
  size_t cap = 0;
  for (const xmlNode *s = root ? root->children : NULL; s; s = s->next) {
    if (!is(s, "style")) continue;
    const char *id = attr(s, "styleId");
    if (!id) continue;
    const xmlNode *nm = child(s, "name"), *ppr = child(s, "pPr"), *rpr = child(s, "rPr"), *b = child(rpr, "b");
    const char *name = nm ? attr(nm, "val") : NULL;
    bool para = !attr(s, "type") || strcmp(attr(s, "type"), "paragraph") == 0;
    style st = {cvx_xstrdup(id), NULL, para ? name_level(name) : 0, para && name && strncasecmp(name, "list", 4) == 0,
                b ? toggle_on(b) : -1, -1, 0};
    const xmlNode *np = child(ppr, "numPr");
    if (np) {
      st.num = num_val(child(np, "numId"), 0);
      st.ilvl = num_val(child(np, "ilvl"), 0);
    }
    int ol = para ? outline_level(ppr) : 0;
    if (!st.level && ol > 0) st.level = ol;
    if (ol < 0) st.level = -1; /* body text, whatever its name */
    if (para && !st.level && !name) st.level = name_level(id); /* "Heading1" */
    const xmlNode *bo = child(s, "basedOn");
    if (bo && attr(bo, "val")) st.based = cvx_xstrdup(attr(bo, "val"));
    if (ss->n == cap) {
      cap = cap ? cap * 2 : 64;
      ss->v = cvx_xrealloc(ss->v, cap * sizeof *ss->v);
    }
    ss->v[ss->n++] = st;
  }
  if (ss->n) qsort(ss->v, ss->n, sizeof *ss->v, style_cmp);
}

static const style *find_style(const styles *ss, const char *id) {
  if (!id || !ss->n) return NULL;
  style key = {.id = (char *)id};
  return bsearch(&key, ss->v, ss->n, sizeof *ss->v, style_cmp);
}

/* Style id as it applies, through basedOn (a style named like "Heading1" but
 * not defined is still a heading). */
static style_use use_style(const styles *ss, const char *id) {
  style_use u = {0, false, false, -1, 0};
  const style *s = find_style(ss, id);
  if (!s) {
    u.level = id ? name_level(id) : 0;
    return u;
  }
  bool level_set = false, bold_set = false;
  for (int k = 0; s && k < MAX_BASED_ON; k++) {
    u.list |= s->list;
    if (!level_set && s->level) {
      u.level = s->level > 0 ? s->level : 0;
      level_set = true;
    }
    if (!bold_set && s->bold >= 0) {
      u.bold = s->bold;
      bold_set = true;
    }
    if (u.num < 0 && s->num >= 0) {
      u.num = s->num;
      u.ilvl = s->ilvl;
    }
    s = find_style(ss, s->based);
  }
  return u;
}

static void free_styles(styles *ss) {
  for (size_t i = 0; i < ss->n; i++) {
    free(ss->v[i].id);
    free(ss->v[i].based);
  }
  free(ss->v);
}

/* ODT: the style:style elements under office:styles and
 * office:automatic-styles of root (styles.xml or content.xml) added to ss:
 * name, parent, weight (fo:font-weight bold or 600 and over) and a paragraph
 * style's default outline level. */
static void read_odt_styles(const xmlNode *root, styles *ss) {
  size_t cap = ss->n;
  for (const xmlNode *g = root ? root->children : NULL; g; g = g->next) {
    if (!is(g, "styles") && !is(g, "automatic-styles")) continue;
    for (const xmlNode *s = g->children; s; s = s->next) {
      const char *id = is(s, "style") ? attr(s, "name") : NULL;
      if (!id) continue;
      const xmlNode *tp = child(s, "text-properties");
      const char *fw = tp ? attr(tp, "font-weight") : NULL;
      int bold = !fw ? -1 : strcmp(fw, "bold") == 0 || (fw[0] >= '6' && fw[0] <= '9' && strlen(fw) == 3);
      int ol = count_of(attr(s, "default-outline-level"), 0);
      style st = {cvx_xstrdup(id), NULL, ol > 6 ? 6 : ol, false, bold, -1, 0};
      if (attr(s, "parent-style-name")) st.based = cvx_xstrdup(attr(s, "parent-style-name"));
      if (ss->n == cap) {
        cap = cap ? cap * 2 : 64;
        ss->v = cvx_xrealloc(ss->v, cap * sizeof *ss->v);
      }
      ss->v[ss->n++] = st;
    }
  }
  if (ss->n) qsort(ss->v, ss->n, sizeof *ss->v, style_cmp);
}

/* --------------------------------------------------------------- numbering */

/* What a list level shows before its paragraphs. */
typedef enum num_kind {
  NK_UNKNOWN, /* no definition: read as a bullet */
  NK_BULLET,
  NK_NUMBER, /* decimal, letters, roman… */
  NK_BLANK   /* no marker (numFmt none, or a bullet that is blank): an indented paragraph */
} num_kind;

#define NUM_LEVELS 9

/* An abstractNum, or a num (its abstractNum and its own overrides). */
typedef struct numdef {
  int id, abs;
  unsigned char kind[NUM_LEVELS];
} numdef;

/* word/numbering.xml: abstract definitions and the nums that use them, sorted by id. */
typedef struct numbering {
  numdef *abs, *num;
  size_t nabs, nnum;
} numbering;

static int numdef_cmp(const void *a, const void *b) {
  int x = ((const numdef *)a)->id, y = ((const numdef *)b)->id;
  return (x > y) - (x < y);
}

/* The kind of one w:lvl. */
static num_kind lvl_kind(const xmlNode *lvl) {
  const xmlNode *f = child(lvl, "numFmt"), *t = child(lvl, "lvlText");
  const char *nf = f ? attr(f, "val") : NULL, *text = t ? attr(t, "val") : NULL;
  if (nf && strcmp(nf, "none") == 0) return NK_BLANK;
  bool blank = t != NULL;
  for (const char *p = text; p && *p && blank; p++) /* spaces and no-break spaces */
    blank = *p == ' ' || ((unsigned char)*p == 0xC2 && (unsigned char)p[1] == 0xA0 && p++);
  if (blank) return NK_BLANK;
  if (!nf || strcmp(nf, "bullet") == 0) return NK_BULLET;
  return NK_NUMBER;
}

/* The levels defined under n (w:lvl children with w:ilvl) into kind. */
static void read_lvls(const xmlNode *n, unsigned char *kind) {
  for (const xmlNode *l = n->children; l; l = l->next) {
    const xmlNode *lvl = is(l, "lvlOverride") ? child(l, "lvl") : is(l, "lvl") ? l : NULL;
    if (!lvl) continue;
    const char *il = attr(is(l, "lvlOverride") ? l : lvl, "ilvl");
    if (!il) il = attr(lvl, "ilvl");
    int k = il && il[0] >= '0' && il[0] <= '8' && !il[1] ? il[0] - '0' : -1;
    if (k >= 0) kind[k] = (unsigned char)lvl_kind(lvl);
  }
}

static void read_numbering(const xmlNode *root, numbering *nb) {
  size_t capa = 0, capn = 0;
  for (const xmlNode *n = root ? root->children : NULL; n; n = n->next) {
    bool abs = is(n, "abstractNum");
    if (!abs && !is(n, "num")) continue;
    int k = count_of(attr(n, abs ? "abstractNumId" : "numId"), -1);
    if (k < 0) continue;
    numdef d = {k, abs ? k : num_val(child(n, "abstractNumId"), -1), {0}};
    read_lvls(n, d.kind);
    numdef **v = abs ? &nb->abs : &nb->num;
    size_t *len = abs ? &nb->nabs : &nb->nnum, *cap = abs ? &capa : &capn;
    if (*len == *cap) {
      *cap = *cap ? *cap * 2 : 32;
      *v = cvx_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*len)++] = d;
  }
  if (nb->nabs) qsort(nb->abs, nb->nabs, sizeof *nb->abs, numdef_cmp);
  if (nb->nnum) qsort(nb->num, nb->nnum, sizeof *nb->num, numdef_cmp);
}

static const numdef *find_numdef(const numdef *v, size_t n, int id) {
  numdef key = {.id = id};
  return n ? bsearch(&key, v, n, sizeof *v, numdef_cmp) : NULL;
}

/* What list numId shows at level ilvl (its own override, else its abstractNum's). */
static num_kind numbering_kind(const numbering *nb, int num, int ilvl) {
  const numdef *d = find_numdef(nb->num, nb->nnum, num);
  if (!d || ilvl < 0 || ilvl >= NUM_LEVELS) return NK_UNKNOWN;
  if (d->kind[ilvl]) return (num_kind)d->kind[ilvl];
  const numdef *a = find_numdef(nb->abs, nb->nabs, d->abs);
  return a ? (num_kind)a->kind[ilvl] : NK_UNKNOWN;
}

static void free_numbering(numbering *nb) {
  free(nb->abs);
  free(nb->num);
}

/* ----------------------------------------------------------- relationships */

typedef struct rels {
  char **id, **target;
  size_t n;
} rels;

static void read_rels(const xmlNode *root, rels *rs) {
  size_t cap = 0;
  for (const xmlNode *r = root ? root->children : NULL; r; r = r->next) {
    if (!is(r, "Relationship")) continue;
    const char *id = attr(r, "Id"), *t = attr(r, "Target");
    if (!id || !t) continue;
    if (rs->n == cap) {
      cap = cap ? cap * 2 : 32;
      rs->id = cvx_xrealloc(rs->id, cap * sizeof *rs->id);
      rs->target = cvx_xrealloc(rs->target, cap * sizeof *rs->target);
    }
    rs->id[rs->n] = cvx_xstrdup(id);
    rs->target[rs->n++] = cvx_xstrdup(t);
  }
}

static const char *rel_target(const rels *rs, const char *id) {
  for (size_t i = 0; id && i < rs->n; i++)
    if (strcmp(rs->id[i], id) == 0) return rs->target[i];
  return NULL;
}

static void free_rels(rels *rs) {
  for (size_t i = 0; i < rs->n; i++) {
    free(rs->id[i]);
    free(rs->target[i]);
  }
  free(rs->id);
  free(rs->target);
}

/* -------------------------------------------------------------------- walk */

typedef struct walker {
  fmt f;
  cvx_lb *lb;
  const styles *ss;
  const numbering *nb;
  const rels *rs;
  int rows;      /* open data-table rows */
  int layout;    /* open layout tables */
  int tables;    /* open tables of any kind */
  int lists;     /* ODT: open text:list */
  bool item;     /* ODT: a list item's first paragraph is still to come */
  bool cell_first;
  /* the paragraph being read */
  bool para;
  bool seen;     /* some visible text in it */
  bool bold_run; /* the text so far is all bold */
  bool strong_done;
  int linkdepth;
  const xmlNode *link; /* the open hyperlink element */
} walker;

/* True when subtree n holds a visible character (walked without recursion). */
static bool has_text(const xmlNode *n) {
  const xmlNode *c = n->children;
  while (c && c != n) {
    if (c->type == XML_TEXT_NODE && c->content)
      for (const xmlChar *p = c->content; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') return true;
    if (c->type == XML_ELEMENT_NODE && c->children) {
      c = c->children;
      continue;
    }
    while (c != n && !c->next) c = c->parent;
    if (c != n) c = c->next;
  }
  return false;
}

/* Counts paragraphs and headings in each cell of table t: a layout table
 * holds a cell with many paragraphs or a heading, or has no row with two
 * cells of content (a frame around blocks, a spacer column). */
static bool layout_table(const walker *w, const xmlNode *t) {
  const char *row = w->f == FMT_DOCX ? "tr" : "table-row", *cell = w->f == FMT_DOCX ? "tc" : "table-cell";
  bool cells = false; /* a row with two cells of content */
  for (const xmlNode *r = t->children; r; r = r->next) {
    const xmlNode *rr = r;
    if (w->f == FMT_ODT && (is(r, "table-rows") || is(r, "table-header-rows"))) rr = r->children;
    for (; rr; rr = rr == r ? NULL : rr->next) {
      if (!is(rr, row)) continue;
      int full = 0;
      for (const xmlNode *c = rr->children; c; c = c->next) {
        if (!is(c, cell)) continue;
        if (full < 2 && has_text(c)) full++;
        int paras = 0;
        for (const xmlNode *p = c->children; p; p = p->next) {
          if (is(p, "p") || is(p, "h")) paras++;
          if (is(p, "tbl") || is(p, "table") || is(p, "h")) return true;
          if (w->f == FMT_DOCX && is(p, "p")) {
            const xmlNode *ps = child(child(p, "pPr"), "pStyle");
            if (ps && use_style(w->ss, attr(ps, "val")).level) return true;
          }
        }
        if (paras > LAYOUT_CELL_PARAS) return true;
      }
      if (full > 1) cells = true;
      if (rr == r) break;
    }
  }
  return !cells;
}

/* Opens the block of a paragraph: heading, list item or paragraph (inside a
 * data-table row it stays the row's text). */
static void para_begin(walker *w, cvx_blk_kind kind, int level, const char *marker) {
  w->para = true;
  w->seen = false;
  w->bold_run = true;
  w->strong_done = false;
  if (w->rows > 0) {
    if (!w->cell_first) cvx_lb_newline(w->lb);
    w->cell_first = false;
    return;
  }
  cvx_lb_begin(w->lb, kind, level, marker);
}

static void para_end(walker *w) {
  if (!w->para) return;
  w->para = false;
  if (w->rows > 0) return;
  if (w->seen && w->bold_run && !w->strong_done && w->lb->kind != CVX_BLK_HEADING) cvx_lb_strong(w->lb);
  cvx_lb_end(w->lb);
  cvx_lb_newline(w->lb);
}

static void put_text(walker *w, const char *s, bool bold) {
  if (!s || !*s) return;
  if (!w->para) para_begin(w, CVX_BLK_PARA, 0, NULL);
  bool vis = false;
  for (const char *p = s; *p && !vis; p++) vis = *p != ' ' && *p != '\t' && *p != '\n';
  if (vis && w->rows == 0 && !w->strong_done) {
    if (!bold && w->seen && w->bold_run) {
      cvx_lb_strong(w->lb);
      w->strong_done = true;
    }
    if (!bold) w->bold_run = false;
  }
  if (vis) w->seen = true;
  cvx_lb_put(w->lb, s, strlen(s));
}

/* A run's weight: its own w:b, else its character style's, else its
 * paragraph style's (each through basedOn). */
static bool run_bold(const walker *w, const xmlNode *r) {
  const xmlNode *rpr = r && is(r, "r") ? child(r, "rPr") : NULL, *b = child(rpr, "b");
  if (b) return toggle_on(b);
  const xmlNode *rs = child(rpr, "rStyle");
  if (rs) {
    const style *st = find_style(w->ss, attr(rs, "val"));
    for (int k = 0; st && k < MAX_BASED_ON; k++, st = find_style(w->ss, st->based))
      if (st->bold >= 0) return st->bold;
  }
  const xmlNode *p = r ? r->parent : NULL;
  while (p && !is(p, "p")) p = p->parent;
  const xmlNode *ps = p ? child(child(p, "pPr"), "pStyle") : NULL;
  return ps && use_style(w->ss, attr(ps, "val")).bold;
}

/* Entering a DOCX element; false when its subtree is not read. */
static bool docx_enter(walker *w, const xmlNode *n) {
  const char *nm = (const char *)n->name;
  if (!nm) return true;
  if (is(n, "p")) {
    para_end(w);
    const xmlNode *ppr = child(n, "pPr");
    const xmlNode *ps = child(ppr, "pStyle"), *num = child(ppr, "numPr");
    style_use u = use_style(w->ss, ps ? attr(ps, "val") : NULL);
    int level = u.level, ol = outline_level(ppr);
    if (ol) level = ol > 0 ? ol : 0;
    /* the paragraph's own numbering, else its style's (numId 0: none) */
    int numid = u.num, ilvl = u.ilvl;
    if (num) {
      numid = num_val(child(num, "numId"), child(num, "numId") ? 0 : numid);
      ilvl = num_val(child(num, "ilvl"), ilvl);
    }
    if (ilvl > NUM_LEVELS - 1) ilvl = NUM_LEVELS - 1;
    num_kind k = numid > 0 ? numbering_kind(w->nb, numid, ilvl) : NK_UNKNOWN;
    /* a heading style numbered by its style is a numbered heading; numbered
     * by the paragraph, it is a list's paragraph set as a heading (as a
     * heading inside a list item is read in HTML) */
    if (level && (numid <= 0 || !num)) {
      para_begin(w, CVX_BLK_HEADING, level, NULL);
    } else if (numid > 0) {
      if (k == NK_BLANK) /* no marker shows: the item's further paragraph */
        para_begin(w, CVX_BLK_PARA, ilvl + 1, NULL);
      else
        para_begin(w, CVX_BLK_ITEM, ilvl, k == NK_NUMBER ? "1." : "-");
    } else if (u.list && numid < 0) {
      para_begin(w, CVX_BLK_ITEM, 0, "-");
    } else {
      para_begin(w, CVX_BLK_PARA, 0, NULL);
    }
    return true;
  }
  if (is(n, "pPr") || is(n, "rPr") || is(n, "instrText") || is(n, "delText") || is(n, "del") ||
      is(n, "tblPr") || is(n, "tblGrid") || is(n, "trPr") || is(n, "tcPr") || is(n, "sectPr") ||
      is(n, "footnoteReference") || is(n, "commentReference") || is(n, "drawing") || is(n, "pict") ||
      is(n, "object") || is(n, "fldChar"))
    return false;
  if (is(n, "t")) {
    const xmlNode *r = n->parent;
    bool bold = run_bold(w, r);
    for (const xmlNode *c = n->children; c; c = c->next)
      if (c->type == XML_TEXT_NODE) put_text(w, (const char *)c->content, bold);
    return false;
  }
  if (is(n, "tab") && n->parent && is(n->parent, "r")) {
    if (w->para) cvx_lb_tab(w->lb);
    return false;
  }
  if ((is(n, "br") || is(n, "cr")) && w->para) {
    cvx_lb_newline(w->lb);
    return false;
  }
  if (is(n, "hyperlink")) {
    const char *id = attr(n, "id");
    const char *url = rel_target(w->rs, id);
    if (url && !w->link) {
      if (!w->para) para_begin(w, CVX_BLK_PARA, 0, NULL);
      cvx_lb_link_begin(w->lb, url);
      w->link = n;
    }
    return true;
  }
  if (is(n, "tbl")) {
    para_end(w);
    w->tables++;
    if (w->layout || layout_table(w, n)) w->layout++;
    return true;
  }
  if (is(n, "tr") && !w->layout && w->rows == 0) {
    para_end(w);
    cvx_lb_begin(w->lb, CVX_BLK_ROW, 0, NULL);
    w->rows++;
    w->cell_first = true;
    return true;
  }
  if (is(n, "tc") && w->rows > 0 && n->parent && n->parent->parent && w->tables == 1) {
    if (!w->cell_first) cvx_lb_tab(w->lb);
    w->cell_first = true;
    return true;
  }
  return true;
}

static void docx_leave(walker *w, const xmlNode *n) {
  if (is(n, "p")) {
    para_end(w);
  } else if (is(n, "hyperlink") && w->link == n) {
    cvx_lb_link_end(w->lb);
    w->link = NULL;
  } else if (is(n, "tr") && w->rows > 0 && !w->layout && w->tables == 1) {
    w->rows--;
    cvx_lb_end(w->lb);
    cvx_lb_newline(w->lb);
  } else if (is(n, "tc") && w->rows > 0 && w->tables == 1) {
    w->cell_first = false;
  } else if (is(n, "tbl")) {
    if (w->layout) w->layout--;
    if (w->tables) w->tables--;
  }
}

/* An ODT text node's weight: the innermost text:span style that says one,
 * else its paragraph's style (each through its parents). */
static bool odt_bold(const walker *w, const xmlNode *t) {
  for (const xmlNode *p = t->parent; p && p->type == XML_ELEMENT_NODE; p = p->parent) {
    const char *sn = attr(p, "style-name");
    const style *st = sn ? find_style(w->ss, sn) : NULL;
    for (int k = 0; st && k < MAX_BASED_ON; k++, st = find_style(w->ss, st->based))
      if (st->bold >= 0) return st->bold;
    if (is(p, "p") || is(p, "h")) break;
  }
  return false;
}

/* Entering an ODT element. */
static bool odt_enter(walker *w, const xmlNode *n) {
  if (is(n, "h")) {
    para_end(w);
    const char *lv = attr(n, "outline-level");
    int level = lv ? atoi(lv) : 1;
    para_begin(w, CVX_BLK_HEADING, level < 1 ? 1 : level > 6 ? 6 : level, NULL);
    return true;
  }
  if (is(n, "p")) {
    para_end(w);
    const char *sn = attr(n, "style-name");
    int level = sn ? use_style(w->ss, sn).level : 0;
    if (level && !w->lists)
      para_begin(w, CVX_BLK_HEADING, level, NULL);
    else if (w->item && w->lists)
      para_begin(w, CVX_BLK_ITEM, w->lists - 1 > 8 ? 8 : w->lists - 1, "-");
    else
      para_begin(w, w->lists ? CVX_BLK_PARA : CVX_BLK_PARA, w->lists > 8 ? 8 : w->lists, NULL);
    w->item = false;
    return true;
  }
  if (is(n, "list")) {
    para_end(w);
    w->lists++;
    return true;
  }
  if (is(n, "list-item") || is(n, "list-header")) {
    para_end(w);
    w->item = true;
    return true;
  }
  if (is(n, "s")) {
    const char *c = attr(n, "c");
    int k = c ? atoi(c) : 1;
    for (int i = 0; i < k && i < 64; i++) put_text(w, " ", false);
    return false;
  }
  if (is(n, "tab")) {
    if (w->para) cvx_lb_tab(w->lb);
    return false;
  }
  if (is(n, "line-break")) {
    if (w->para) cvx_lb_newline(w->lb);
    return false;
  }
  if (is(n, "a")) {
    const char *url = attr(n, "href");
    if (url && !w->link) {
      if (!w->para) para_begin(w, CVX_BLK_PARA, 0, NULL);
      cvx_lb_link_begin(w->lb, url);
      w->link = n;
    }
    return true;
  }
  if (is(n, "note") || is(n, "annotation") || is(n, "tracked-changes") || is(n, "sequence-decls") ||
      is(n, "table-columns") || is(n, "table-column") || is(n, "forms"))
    return false;
  if (is(n, "table")) {
    para_end(w);
    w->tables++;
    if (w->layout || layout_table(w, n)) w->layout++;
    return true;
  }
  if (is(n, "table-row") && !w->layout && w->rows == 0) {
    para_end(w);
    cvx_lb_begin(w->lb, CVX_BLK_ROW, 0, NULL);
    w->rows++;
    w->cell_first = true;
    return true;
  }
  if (is(n, "table-cell") && w->rows > 0 && w->tables == 1) {
    if (!w->cell_first) cvx_lb_tab(w->lb);
    w->cell_first = true;
    return true;
  }
  return true;
}

static void odt_leave(walker *w, const xmlNode *n) {
  if (is(n, "p") || is(n, "h")) {
    para_end(w);
  } else if (is(n, "list")) {
    para_end(w);
    if (w->lists) w->lists--;
  } else if (is(n, "a") && w->link == n) {
    cvx_lb_link_end(w->lb);
    w->link = NULL;
  } else if (is(n, "table-row") && w->rows > 0 && !w->layout && w->tables == 1) {
    w->rows--;
    cvx_lb_end(w->lb);
    cvx_lb_newline(w->lb);
  } else if (is(n, "table-cell") && w->rows > 0 && w->tables == 1) {
    w->cell_first = false;
  } else if (is(n, "table")) {
    if (w->layout) w->layout--;
    if (w->tables) w->tables--;
  }
}

/* The tree in document order without recursion (parent links lead back). */
static void walk(walker *w, const xmlNode *root) {
  const xmlNode *n = root;
  while (n && !cvx_lb_full(w->lb)) {
    bool walked = false;
    if (n->type == XML_ELEMENT_NODE)
      walked = w->f == FMT_DOCX ? docx_enter(w, n) : odt_enter(w, n);
    else if (n->type == XML_TEXT_NODE && w->f == FMT_ODT && w->para)
      put_text(w, (const char *)n->content, odt_bold(w, n));
    if (walked && n->children) {
      n = n->children;
      continue;
    }
    if (walked) w->f == FMT_DOCX ? docx_leave(w, n) : odt_leave(w, n);
    while (n && n != root && !n->next) {
      n = n->parent;
      if (n && n->type == XML_ELEMENT_NODE) w->f == FMT_DOCX ? docx_leave(w, n) : odt_leave(w, n);
    }
    if (!n || n == root) break;
    n = n->next;
  }
  para_end(w);
}

/* A paragraph that may be a title by its weight alone: all bold, one short
 * line (six words, 60 bytes), a letter and no digit, not ending as a
 * sentence, a list or a label does (. , ; :). As the PDF reader's. */
static bool bold_title(const cvx_block *b) {
  if (!b || b->kind != CVX_BLK_PARA || b->level != 0 || !b->len || cvx_block_strong(b) != b->len || b->len > 60)
    return false;
  int words = 0;
  bool letter = false;
  for (uint32_t i = 0; i < b->len; i++) {
    unsigned char c = (unsigned char)b->text[i];
    if ((c >= '0' && c <= '9') || c == '\n' || c == '\t') return false;
    letter |= c >= 0x80 || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    words += c != ' ' && (i == 0 || b->text[i - 1] == ' ');
  }
  return letter && words <= 6 && !strchr(".,;:", b->text[b->len - 1]);
}

/* Titles by weight, in a document whose styles make no heading but its
 * title (one typed by hand, bold for headings): a bold title paragraph is a
 * heading when what follows is its content (text not all bold, or a list).
 * Bold paragraphs one under the other are a list or an entry's head (a date
 * over a job title), not headings. Where styles make headings, a bold
 * paragraph is an entry's head and stays one. */
static void weight_titles(cvx_arena *a, cvx_blocks *bl) {
  int deepest = 1;
  for (const cvx_block *b = bl->head; b; b = b->next)
    if (b->kind == CVX_BLK_HEADING) {
      if (b != bl->head) return;
      deepest = b->level;
    }
  int level = deepest + 1 > 6 ? 6 : deepest + 1;
  bool prev_bold = false;
  for (cvx_block *b = bl->head; b; b = b->next) {
    bool bold = prev_bold;
    prev_bold = b->len && cvx_block_strong(b) == b->len && b->kind == CVX_BLK_PARA;
    if (!bold_title(b) || !b->next || bold) continue;
    const cvx_block *nx = b->next;
    bool content = (nx->kind == CVX_BLK_PARA && cvx_block_strong(nx) < nx->len) || nx->kind == CVX_BLK_ITEM ||
                   nx->kind == CVX_BLK_ROW;
    if (!content) continue;
    b->kind = CVX_BLK_HEADING;
    b->level = level;
    cvx_block_set_strong(a, b, 0);
  }
}

/* ------------------------------------------------------------------ decode */

/* The parts read: the main one, then its helpers (optional). */
enum { PART_MAIN, PART_STYLES, PART_RELS, PART_NUMBERING, NPARTS };

/* A document's main part (and its helpers) parsed, for the walk. */
static cvx_status read_doc(zipdoc *zd, fmt f, cvx_lb *lb) {
  static const char *const names[2][NPARTS] = {
      {"word/document.xml", "word/styles.xml", "word/_rels/document.xml.rels", "word/numbering.xml"},
      {"content.xml", "styles.xml", NULL, NULL}};
  const char *const *nm = names[f == FMT_DOCX ? 0 : 1];
  char *raw[NPARTS] = {0};
  size_t len[NPARTS] = {0};
  xmlDocPtr d[NPARTS] = {0};
  bool failed = false;
  for (int i = 0; i < NPARTS && !failed; i++) {
    if (!nm[i]) continue;
    if (!read_entry(zd, nm[i], i != PART_MAIN, &raw[i], &len[i], &failed) && i == PART_MAIN) failed = true;
  }
  if (!failed) pthread_once(&xml_once, xml_init);
  for (int i = 0; i < NPARTS && !failed; i++)
    if (raw[i] && !(d[i] = parse_part(zd, nm[i], raw[i], len[i]))) failed = true;
  cvx_status st = failed ? CVX_EPARSE : CVX_OK;
  if (!failed) {
    styles ss = {0};
    numbering nb = {0};
    rels rs = {0};
    walker w = {.f = f, .lb = lb, .ss = &ss, .nb = &nb, .rs = &rs};
    if (f == FMT_DOCX) {
      if (d[PART_STYLES]) read_styles(xmlDocGetRootElement(d[PART_STYLES]), &ss);
      if (d[PART_NUMBERING]) read_numbering(xmlDocGetRootElement(d[PART_NUMBERING]), &nb);
      if (d[PART_RELS]) read_rels(xmlDocGetRootElement(d[PART_RELS]), &rs);
    } else {
      read_odt_styles(d[PART_STYLES] ? xmlDocGetRootElement(d[PART_STYLES]) : NULL, &ss);
      read_odt_styles(xmlDocGetRootElement(d[PART_MAIN]), &ss);
    }
    const xmlNode *root = xmlDocGetRootElement(d[PART_MAIN]);
    if (root) walk(&w, root);
    cvx_lb_end(lb);
    weight_titles(lb->a, &lb->lay->blocks);
    free_styles(&ss);
    free_numbering(&nb);
    free_rels(&rs);
  }
  for (int i = 0; i < NPARTS; i++) {
    xmlFreeDoc(d[i]);
    free(raw[i]);
  }
  return st;
}

cvx_status cvx_zipdoc_decode(cvx_arena *a, const char *path, const unsigned char *p, size_t n, const cvx_load_opts *o,
                             cvx_source **out, cvx_diags *dx) {
  *out = NULL;
  size_t max = o && o->max_size ? o->max_size : CVX_DEFAULT_MAX_SIZE;
  if (n > max) {
    cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                 "file is %zu bytes, over the limit of %zu bytes (--max-size)", n, max);
    return CVX_ELIMIT;
  }
  zip_error_t ze;
  zip_error_init(&ze);
  zip_source_t *zs = zip_source_buffer_create(p, n, 0, &ze);
  zip_t *z = zs ? zip_open_from_source(zs, ZIP_RDONLY | ZIP_CHECKCONS, &ze) : NULL;
  if (!z) {
    cvx_diag_add(dx, CVX_ERROR, "docx.corrupt", CVX_NOSPAN, "not a readable document: a damaged zip archive (%s)",
                 zip_error_strerror(&ze));
    if (zs) zip_source_free(zs);
    zip_error_fini(&ze);
    return CVX_EPARSE;
  }
  zip_error_fini(&ze);
  cvx_status st;
  zip_int64_t ne = zip_get_num_entries(z, 0);
  fmt f = FMT_DOCX;
  if (ne > MAX_ENTRIES) {
    cvx_diag_add(dx, CVX_ERROR, "docx.limit", CVX_NOSPAN, "the archive holds %lld entries, over the limit of %d",
                 (long long)ne, MAX_ENTRIES);
    st = CVX_ELIMIT;
  } else if (zip_name_locate(z, "word/document.xml", 0) >= 0) {
    f = FMT_DOCX;
    st = CVX_OK;
  } else if (zip_name_locate(z, "content.xml", 0) >= 0) {
    f = FMT_ODT;
    st = CVX_OK;
  } else {
    cvx_diag_add(dx, CVX_ERROR, "source.binary", CVX_NOSPAN,
                 "binary file (zip archive, neither a DOCX nor an ODT document)");
    st = CVX_EBINARY;
  }
  if (st == CVX_OK) {
    zipdoc zd = {z, max, path, dx};
    cvx_lb lb;
    cvx_lb_init(&lb, a, f == FMT_DOCX ? "docx" : "odt", max);
    st = read_doc(&zd, f, &lb);
    if (st == CVX_OK && !lb.lay->blocks.n) {
      cvx_diag_add(dx, CVX_ERROR, "docx.no-text", CVX_NOSPAN, "%s document without text",
                   f == FMT_DOCX ? "DOCX" : "ODT");
      st = CVX_EPARSE;
    }
    if (st == CVX_OK) {
      bool full = cvx_lb_full(&lb);
      *out = cvx_lb_finish(&lb, path, n);
      if (full)
        cvx_diag_add(dx, CVX_WARNING, "docx.limit", CVX_NOSPAN,
                     "document text over the limit of %zu bytes (--max-size): read up to there", max);
    } else {
      cvx_lb_free(&lb);
    }
  }
  zip_discard(z);
  return st;
}

/* ------------------------------------------------------------- extractor */

static int docx_accepts(const cvx_source *src) {
  return src && src->layout && strcmp(src->layout->format, "pdf") != 0 ? 1000 : 0;
}

static cvx_status docx_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  (void)dx;
  return cvx_layout_extract(src, doc, src->layout->format);
}

const cvx_extractor cvx_extractor_docx = {"docx", CVX_ROLE_BODY, docx_accepts, docx_extract};
