/* html.c — the HTML body extractor: libxml2's HTML parser reads the visible
 * body (no network, no external entities, errors recovered silently), an
 * iterative walk turns its tree into the block stream the Markdown extractor
 * makes (blocks.h), and the shared interpreter does the rest. */
#include "html.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Lists nested deeper than this are read as if at this depth. */
#define MAX_DEPTH 32
/* libxml2 stops reading elements nested deeper than this (xmlParserMaxDepth
 * without XML_PARSE_HUGE, which cvx never sets). */
#define PARSER_DEPTH 256
/* Lines libxml2 counts in a node (an unsigned short; 65535 means "or more"). */
#define LINE_CAP 65535u

/* Bytes with a meaning inside the raw text of a block (source control bytes
 * are turned into spaces before they get there). */
#define BR_MARK '\x01'     /* <br> or a line of <pre>: a line break */
#define STRONG_MARK '\x02' /* where the bold run that opens the block ends */
#define CELL_MARK '\x03'   /* boundary between two table cells */

/* A link met while filling a block: its visible text is raw[rs, re). */
typedef struct pend_link {
  size_t rs, re;
  const char *url; /* arena */
  unsigned line;   /* parsed line of the <a> or <img> */
  bool image, open;
} pend_link;

typedef struct hx {
  cvx_doc *doc;
  cvx_blocks *out;
  const char *v; /* doc->view */
  uint32_t len, body_start;
  size_t first_line; /* index in src->lines of the line holding body_start */
  unsigned line;     /* the last line a node reported (libxml2 caps them) */
  /* the block being filled */
  bool open;
  cvx_blk_kind kind;
  int level;
  unsigned l0, l1; /* parsed lines it spans */
  unsigned next_l0; /* where the next block starts, when an element or a block's end says so */
  bool strong, strong_done, vis;
  const xmlNode *strong_node; /* the <b>/<strong> that opened the bold run */
  int cells;
  cvx_buf raw, tmp;
  pend_link *links;
  size_t nlinks, caplinks;
  /* where the walk is */
  int lists;   /* open ul, ol and dl */
  int heading; /* level of the open h1-h6, 0 outside */
  int rows;    /* open tr */
  int pre;     /* open pre and listing */
  int header;  /* open header (its lists are menus) */
  int layout;  /* open layout rows (cells holding blocks: see layout_row) */
  bool title_row; /* in a row that is one cell holding one heading: the table's title */
  size_t badge_end; /* raw.len after the last badge's text (SIZE_MAX: none) */
  bool depth_warned;
  /* a list item (li, dt) is emitted with the text of its first block */
  bool pending;
  int pend_level;
  unsigned pend_line;
  const char *pend_marker;
  size_t hide_budget; /* bytes the searches for skipped elements may still read */
  uint32_t hide_from; /* end of the last hidden element: the next one starts after it */
  struct onode *ol;   /* the outline (see outline()): one per element, indexed by _private */
  size_t nol;
} hx;

/* ------------------------------------------------------------ positions */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

/* Source offset where parsed line `line` (1-based, relative to body_start) begins. */
static uint32_t line_base(const hx *h, unsigned line) {
  if (line <= 1) return h->body_start;
  size_t li = h->first_line + (size_t)(line - 1);
  return li < h->doc->src->nlines ? h->doc->src->lines[li] : h->len;
}

/* One past the end of parsed line `line` (its '\n' excluded). */
static uint32_t line_end(const hx *h, unsigned line) {
  size_t li = h->first_line + (size_t)(line > 1 ? line - 1 : 0);
  uint32_t e = li + 1 < h->doc->src->nlines ? h->doc->src->lines[li + 1] : h->len;
  if (e > h->len) e = h->len;
  if (e > 0 && e <= h->len && e > line_base(h, line) && h->v[e - 1] == '\n') e--;
  return e;
}

/* The line libxml2 gives a node; a capped or missing one reads as the last
 * line seen (lines only grow in document order). */
static unsigned node_line(hx *h, const xmlNode *n) {
  unsigned l = n->line;
  if (l == 0 || l >= LINE_CAP) return h->line ? h->line : 1;
  if (l > h->line) h->line = l;
  return l;
}

/* Source lines l0..l1, blanks trimmed off both ends. */
static cvx_span lines_span(const hx *h, unsigned l0, unsigned l1) {
  if (l1 < l0) l1 = l0;
  uint32_t s = line_base(h, l0), e = line_end(h, l1);
  if (e < s) e = s;
  while (s < e && is_blank(h->v[s])) s++;
  while (e > s && is_blank(h->v[e - 1])) e--;
  return cvx_span_make(s, e);
}

/* ------------------------------------------------------------------ text */

/* Appends text as a browser lays it out: every blank is a space (a line
 * break inside <pre>), control bytes (which mean something in raw) a space. */
static void put_text(hx *h, const char *s, size_t n) {
  cvx_buf *b = &h->raw;
  cvx_buf_reserve(b, n);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n' && h->pre)
      c = (unsigned char)BR_MARK;
    else if (c < 0x20 || c == 0x7F)
      c = ' ';
    else if (!h->vis && c != ' ')
      h->vis = true;
    b->ptr[b->len++] = (char)c;
  }
  b->ptr[b->len] = '\0';
}

/* Writes raw s[0,n) as block text into out: lines split at BR_MARK, blanks
 * (space, no-break space) collapsed into one, each line and cell trimmed,
 * empty lines dropped, CELL_MARK written as '\t'. STRONG_MARK is removed;
 * *mark gets its output offset (SIZE_MAX when absent). */
static void normalize(const char *s, size_t n, cvx_buf *out, size_t *mark) {
  cvx_buf_clear(out);
  *mark = SIZE_MAX;
  bool space = false, nl = false, fresh = true; /* fresh: nothing yet on this line/cell */
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c == (unsigned char)BR_MARK) {
      if (!fresh) nl = true;
      space = false;
      fresh = true;
      i++;
      continue;
    }
    if (c == (unsigned char)CELL_MARK) {
      cvx_buf_putc(out, '\t');
      space = nl = false;
      fresh = true;
      i++;
      continue;
    }
    if (c == (unsigned char)STRONG_MARK) {
      if (*mark == SIZE_MAX) *mark = out->len;
      i++;
      continue;
    }
    if (c <= 0x20 || c == 0x7F) {
      space = true;
      i++;
      continue;
    }
    if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) {
      space = true;
      i += 2;
      continue;
    }
    if (nl) {
      if (out->len && out->ptr[out->len - 1] != '\t') cvx_buf_putc(out, '\n');
      nl = false;
    } else if (space && !fresh) {
      cvx_buf_putc(out, ' ');
    }
    space = fresh = false;
    size_t j = i + 1;
    while (j < n && (unsigned char)s[j] > 0x20 && (unsigned char)s[j] != 0x7F && (unsigned char)s[j] != 0xC2) j++;
    cvx_buf_put(out, s + i, j - i);
    i = j;
  }
}

/* ----------------------------------------------------------------- nodes */

static bool is(const xmlNode *n, const char *name) { return n->name && strcmp((const char *)n->name, name) == 0; }

static bool name_in(const xmlNode *n, const char *const *set) {
  const char *nm = (const char *)n->name;
  if (!nm) return false;
  for (; *set; set++)
    if ((*set)[0] == nm[0] && strcmp(nm, *set) == 0) return true;
  return false;
}

/* The value of attribute `name` as libxml2 holds it (entities decoded), or
 * NULL; it lives in the tree, so it is copied before the tree goes. */
static const char *attr(const xmlNode *n, const char *name) {
  for (const xmlAttr *a = n->properties; a; a = a->next) {
    if (!a->name || strcasecmp((const char *)a->name, name) != 0) continue;
    const xmlNode *t = a->children;
    return t && t->type == XML_TEXT_NODE && t->content ? (const char *)t->content : "";
  }
  return NULL;
}

/* True when s holds "display:none" (blanks and case ignored). */
static bool display_none(const char *s) {
  static const char want[] = "display:none";
  for (; *s; s++) {
    size_t k = 0;
    for (const char *p = s; *p && k < sizeof want - 1; p++) {
      if (is_blank(*p)) continue;
      char c = *p >= 'A' && *p <= 'Z' ? (char)(*p + 32) : *p;
      if (c != want[k]) break;
      k++;
    }
    if (k == sizeof want - 1) return true;
  }
  return false;
}

/* Elements a reader never sees as page text. */
static const char *const skipped[] = {"head",  "script",   "style",  "noscript", "template", "svg",    "nav",
                                      "footer", "menu",    "iframe", "object",   "canvas",   "select", "datalist",
                                      "title", "textarea", "button", NULL};

/* A list whose every item is a link into the site (a target with no
 * scheme: "/about", "#cv", "cv.html"): a menu, in a site header. */
static bool is_menu(const xmlNode *list) {
  int items = 0;
  for (const xmlNode *c = list->children; c; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    if (!is(c, "li")) return false;
    const xmlNode *a = NULL;
    for (const xmlNode *d = c->children; d && !a; d = d->next)
      if (d->type == XML_ELEMENT_NODE && is(d, "a")) a = d;
    const char *u = a ? attr(a, "href") : NULL;
    if (!u || strchr(u, ':')) return false;
    items++;
  }
  return items >= 2;
}

/* True when the class list holds a well-known hiding class of the common
 * CSS frameworks and themes (cvx reads no style sheet). */
static bool hiding_class(const char *s) {
  static const char *const hiding[] = {"hidden", "d-none", "sr-only", "visually-hidden", "screen-reader-text",
                                       "is-hidden", NULL};
  while (*s) {
    while (*s && is_blank(*s)) s++;
    size_t k = 0;
    while (s[k] && !is_blank(s[k])) k++;
    for (int i = 0; hiding[i]; i++)
      if (strlen(hiding[i]) == k && strncasecmp(s, hiding[i], k) == 0) return true;
    s += k;
  }
  return false;
}

/* Why n is not read: SKIP_NAME (what it is: head, script, nav, a header's
 * menu…), SKIP_ATTR (an attribute hides it), or 0: it is read. */
enum { SKIP_NAME = 1, SKIP_ATTR = 2 };

static int is_skipped(int header, const xmlNode *n) {
  if (name_in(n, skipped)) return SKIP_NAME;
  if (header && (is(n, "ul") || is(n, "ol")) && is_menu(n)) return SKIP_NAME;
  if (!n->properties) return 0;
  if (attr(n, "hidden")) return SKIP_ATTR;
  const char *v = attr(n, "aria-hidden");
  if (v && strcasecmp(v, "true") == 0) return SKIP_ATTR;
  v = attr(n, "role");
  if (v && (strcasecmp(v, "navigation") == 0 || strcasecmp(v, "menu") == 0 || strcasecmp(v, "menubar") == 0))
    return SKIP_ATTR;
  v = attr(n, "style");
  if (v && display_none(v)) return SKIP_ATTR;
  v = attr(n, "class");
  if (v && hiding_class(v)) return SKIP_ATTR;
  v = attr(n, "type");
  return is(n, "input") && v && strcasecmp(v, "hidden") == 0 ? SKIP_ATTR : 0;
}

/* Elements whose start and end separate blocks (anything else is inline). */
static const char *const block_tags[] = {
    "p",       "div",     "section", "article",  "main",   "aside",  "header",     "address", "blockquote",
    "figure",  "figcaption", "details", "summary", "center", "form", "fieldset", "legend",  "caption",
    "table",   "thead",   "tbody",   "tfoot",    "hgroup", "body",   "html",       "dl",      "dd",
    "pre",     "listing", "search",  "frameset", "option", "optgroup", NULL};

/* ---------------------------------------------------------------- blocks */

static int item_level(const hx *h) { return (h->lists < MAX_DEPTH ? h->lists : MAX_DEPTH) - 1; }
static int para_level(const hx *h) { return h->lists < MAX_DEPTH ? h->lists : MAX_DEPTH; }

static void flush_pending(hx *h) {
  if (!h->pending) return;
  h->pending = false;
  cvx_block *b = cvx_blocks_add(h->doc, h->out, CVX_BLK_ITEM, h->pend_level,
                                lines_span(h, h->pend_line, h->pend_line));
  cvx_block_set_marker(b, h->pend_marker);
}

/* Appends a block; the first paragraph of a pending list item becomes the
 * item itself (anything else first gets an empty item before it). */
static cvx_block *add_block(hx *h, cvx_blk_kind kind, int level, unsigned l0, unsigned l1) {
  const char *marker = NULL;
  if (h->pending) {
    if (kind == CVX_BLK_PARA) {
      h->pending = false;
      kind = CVX_BLK_ITEM;
      level = h->pend_level;
      if (h->pend_line < l0) l0 = h->pend_line;
      marker = h->pend_marker;
    } else {
      flush_pending(h);
    }
  }
  cvx_block *b = cvx_blocks_add(h->doc, h->out, kind, level, lines_span(h, l0, l1));
  cvx_block_set_marker(b, marker);
  return b;
}

/* First occurrence of nd (NUL-terminated, not empty) in view[from, to),
 * charged to *budget: the bytes passed over (all of them when absent); not
 * searched once the budget is spent. */
static cvx_span find(const hx *h, uint32_t from, uint32_t to, const char *nd, size_t *budget) {
  size_t nn = strlen(nd);
  if (!nn || to <= from || to - from < nn || *budget < nn) return CVX_NOSPAN;
  const char *p = NULL, *q = h->v + from, *last = h->v + (to - nn);
  while (q <= last && (q = memchr(q, nd[0], (size_t)(last - q) + 1)) != NULL) {
    if (*budget < nn) break; /* each comparison is charged too */
    *budget -= nn;
    if (memcmp(q, nd, nn) == 0) {
      p = q;
      break;
    }
    q++;
  }
  size_t cost = p ? (size_t)(p - (h->v + from)) + nn : to - from;
  *budget -= cost < *budget ? cost : *budget;
  return p ? cvx_span_make((size_t)(p - h->v), (size_t)(p - h->v) + nn) : CVX_NOSPAN;
}

/* Where a link is: its target (else its text) searched on the block's
 * lines after the previous link (*cursor), widened to the <a ...> tag around
 * it; the link's own line when not found. Searches are charged to *budget,
 * so a block of many links costs linear time. */
static cvx_span locate_link(const hx *h, const pend_link *l, const char *text, cvx_span within, uint32_t *cursor,
                            size_t *budget) {
  uint32_t from = *cursor > within.start ? *cursor : within.start;
  cvx_span at = find(h, from, within.end, l->url, budget);
  if (!cvx_span_valid(at) && text && *text && !strchr(text, '\n')) at = find(h, from, within.end, text, budget);
  if (!cvx_span_valid(at)) {
    cvx_span line = lines_span(h, l->line, l->line);
    return line.start >= within.start && line.end <= within.end ? line : within;
  }
  uint32_t s = at.start, e = at.end;
  for (uint32_t k = s, lim = s > 512 ? s - 512 : 0; k > lim && k > from; k--)
    if (h->v[k - 1] == '<') {
      s = k - 1;
      break;
    }
  for (uint32_t k = e, lim = e + 512; k < within.end && k < lim; k++)
    if (h->v[k] == '>') {
      e = k + 1;
      break;
    }
  *cursor = e;
  return cvx_span_make(s, e);
}

/* Makes a block of the raw text and its links; blocks with neither text nor
 * links are not made. */
static void flush(hx *h) {
  if (!h->open) return;
  h->open = false;
  size_t mark;
  normalize(h->raw.ptr, h->raw.len, &h->tmp, &mark);
  size_t nl = 0;
  for (size_t i = 0; i < h->nlinks; i++) {
    if (h->links[i].open) {
      h->links[i].re = h->raw.len;
      h->links[i].open = false;
    }
    nl++;
  }
  if (h->tmp.len || nl) {
    cvx_block *b = add_block(h, h->kind, h->level, h->l0, h->l1);
    cvx_arena *ar = h->doc->arena;
    b->text = cvx_arena_strndup(ar, h->tmp.ptr, h->tmp.len);
    b->len = h->tmp.len;
    if (mark != SIZE_MAX && mark > 0 && mark <= b->len) cvx_block_set_strong(ar, b, (uint32_t)mark);
    if (nl) {
      cvx_link *links = cvx_arena_alloc(ar, nl * sizeof *links);
      uint32_t n = 0;
      uint32_t cursor = b->span.start;
      size_t budget = 4 * (size_t)(b->span.end - b->span.start) + 1024;
      for (size_t i = 0; i < h->nlinks; i++) {
        pend_link *l = &h->links[i];
        size_t lm;
        normalize(h->raw.ptr + l->rs, l->re - l->rs, &h->tmp, &lm);
        const char *text = l->image ? "" : cvx_arena_strndup(ar, h->tmp.ptr, h->tmp.len);
        links[n++] = (cvx_link){text, l->url, locate_link(h, l, text, b->span, &cursor, &budget)};
      }
      cvx_block_set_links(ar, b, links, n);
    }
  }
  cvx_buf_clear(&h->raw);
  h->next_l0 = h->line; /* text after a block starts at the earliest on its last line */
  h->nlinks = 0;
  h->cells = 0;
  h->strong = h->strong_done = h->vis = false;
  h->strong_node = NULL;
  h->badge_end = SIZE_MAX;
}

/* Opens a block for text met at `line` when none is: a row inside a table
 * row, a heading inside h1-h6 (a paragraph in a list), else a paragraph. */
static void open_block(hx *h, unsigned line) {
  if (h->open) {
    if (line > h->l1) h->l1 = line;
    return;
  }
  h->open = true;
  /* libxml2 gives a text node the line where it ends */
  h->l0 = h->next_l0 && h->next_l0 < line ? h->next_l0 : line;
  h->l1 = line;
  if (h->rows > 0) {
    h->kind = CVX_BLK_ROW;
    h->level = para_level(h);
  } else if (h->heading > 0 && h->lists == 0 && (h->layout == 0 || h->title_row)) {
    h->kind = CVX_BLK_HEADING;
    h->level = h->heading;
  } else {
    h->kind = CVX_BLK_PARA;
    h->level = para_level(h);
  }
}

/* A block boundary: inside a table row it is a line break in the cell. */
static void boundary(hx *h) {
  if (h->open && h->kind == CVX_BLK_ROW && h->rows > 0)
    cvx_buf_putc(&h->raw, BR_MARK);
  else
    flush(h);
}

static pend_link *link_new(hx *h) {
  if (h->nlinks == h->caplinks) {
    h->caplinks = h->caplinks ? h->caplinks * 2 : 8;
    h->links = cvx_xrealloc(h->links, h->caplinks * sizeof *h->links);
  }
  pend_link *l = &h->links[h->nlinks++];
  memset(l, 0, sizeof *l);
  return l;
}

static void check_depth(hx *h, unsigned line) {
  if (h->depth_warned || h->lists <= MAX_DEPTH) return;
  h->depth_warned = true;
  if (h->doc->dx) {
    uint32_t s = line_base(h, line);
    cvx_diag_add(h->doc->dx, CVX_WARNING, "html.depth", cvx_span_make(s, s),
                 "lists nested deeper than %d levels are read as level %d", MAX_DEPTH, MAX_DEPTH);
  }
}

/* --------------------------------------------------------------- hiding */

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c; }

/* True when v[i] starts "<name" or "</name" (closing set) followed by a
 * character that ends a tag name. */
static bool tag_at(const hx *h, uint32_t i, const char *name, size_t nn, bool closing) {
  size_t k = (size_t)i + 1 + (closing ? 1 : 0);
  if (k + nn >= h->len) return false; /* the name and the byte after it */
  if (h->v[i] != '<' || (closing && h->v[i + 1] != '/')) return false;
  for (size_t j = 0; j < nn; j++)
    if (lower(h->v[k + j]) != name[j]) return false;
  char c = h->v[k + nn];
  return is_blank(c) || c == '>' || c == '/';
}

/* True when s[0,n) holds one of the words every hiding attribute has
 * (hidden, aria-hidden, visually-hidden, display:none, d-none, sr-only,
 * screen-reader-text, role=navigation or menu), ASCII case ignored. */
static bool hiding_word(const char *s, size_t n) {
  static const char *const words[] = {"hidden", "none", "sr-only", "screen-reader", "navigation", "menu", NULL};
  for (size_t i = 0; i < n; i++)
    for (int w = 0; words[w]; w++) {
      size_t k = 0, wl = strlen(words[w]);
      while (k < wl && i + k < n && lower(s[i + k]) == words[w][k]) k++;
      if (k == wl) return true;
    }
  return false;
}

/* One past the '>' that ends the tag at v[at] == '<' (quoted '>' skipped;
 * an unclosed quote ends at the first '>'), or UINT32_MAX within 64 KB. */
static uint32_t tag_end(hx *h, uint32_t at) {
  uint32_t lim = h->len - at > 65536 ? at + 65536 : h->len, first = UINT32_MAX;
  char q = 0;
  for (uint32_t i = at + 1; i < lim; i++) {
    char c = h->v[i];
    if (c == '>' && first == UINT32_MAX) first = i + 1;
    if (q) {
      if (c == q) q = 0;
    } else if (c == '"' || c == '\'') {
      q = c;
    } else if (c == '>') {
      return i + 1;
    }
  }
  return first;
}

/* Hides a skipped element's source, from its start tag to its matching end
 * tag (counted by name). libxml2 gives an element the line where its start
 * tag ends: the tag is the first "<name" after the last hidden part (and at
 * most 4 KB before that line) whose '>' is on that line; an element hidden
 * by an attribute also needs a hiding word in its tag, so that a visible
 * <span> before a hidden one on the same line stays visible. With no end tag
 * the element's last descendant's line ends it. Every search is charged to
 * hide_budget. Returns false when the start tag is not found. */
static bool hide_element(hx *h, const xmlNode *n, bool by_attr) {
  const char *name = (const char *)n->name;
  size_t nn = name ? strlen(name) : 0;
  if (!nn || nn > 32 || !n->children) return true;
  unsigned l = node_line(h, n);
  uint32_t lb = line_base(h, l), le = line_end(h, l);
  uint32_t from = lb > h->body_start + 4096 ? lb - 4096 : h->body_start;
  if (from < h->hide_from) from = h->hide_from;
  uint32_t s = UINT32_MAX, te = 0;
  for (uint32_t i = from; i <= le && i < h->len && h->hide_budget; i++) {
    const char *p = memchr(h->v + i, '<', (size_t)(le < h->len ? le + 1 : h->len) - i);
    if (!p) break;
    uint32_t at = (uint32_t)(p - h->v);
    h->hide_budget -= at - i < h->hide_budget ? at - i : h->hide_budget;
    i = at;
    if (!tag_at(h, at, name, nn, false)) continue;
    te = tag_end(h, at);
    if (te == UINT32_MAX) break;
    h->hide_budget -= te - at < h->hide_budget ? te - at : h->hide_budget;
    if (te - 1 < lb || te - 1 > le) continue; /* its '>' is not on the element's line */
    if (by_attr && !hiding_word(h->v + at, te - at)) continue;
    s = at;
    break;
  }
  if (s == UINT32_MAX) return false;
  int depth = 0;
  uint32_t e = UINT32_MAX;
  for (uint32_t i = s; i < h->len && h->hide_budget; i++, h->hide_budget--) {
    const char *p = memchr(h->v + i, '<', h->len - i);
    if (!p) break;
    uint32_t at = (uint32_t)(p - h->v);
    h->hide_budget -= at - i < h->hide_budget ? at - i : h->hide_budget;
    i = at;
    if (tag_at(h, at, name, nn, false)) {
      depth++;
    } else if (tag_at(h, at, name, nn, true) && --depth == 0) {
      const char *gt = memchr(h->v + at, '>', h->len - at);
      e = gt ? (uint32_t)(gt - h->v) + 1 : h->len;
      break;
    }
  }
  if (e == UINT32_MAX) { /* no end tag: to the line of its last descendant */
    const xmlNode *d = n;
    unsigned last = l;
    for (int k = 0; d && k < PARSER_DEPTH + 2; k++) {
      if (d->line > last && d->line < LINE_CAP) last = d->line;
      d = d->last;
    }
    e = line_end(h, last);
  }
  if (e > s) {
    cvx_doc_hide(h->doc, cvx_span_make(s, e));
    h->hide_from = e;
  }
  return true;
}

/* Hides a skipped element, or when its start tag is implied (an unwritten
 * <head>), each of its element children. */
static void hide(hx *h, const xmlNode *n, bool by_attr) {
  if (hide_element(h, n, by_attr)) return;
  for (const xmlNode *c = n->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE) (void)hide_element(h, c, false);
}

/* ------------------------------------------------------------------ walk */

static int heading_level(const xmlNode *n) {
  const char *nm = (const char *)n->name;
  if (nm && nm[0] == 'h' && nm[1] >= '1' && nm[1] <= '6' && !nm[2]) return nm[1] - '0';
  return 0;
}

/* --------------------------------------------------------------- outline */

/* What the outline knows of an element (its index + 1 is in _private):
 * visible bytes before it and inside it, the heading that heads it, and a
 * heading's level in the outline (0 for an element that is no heading). */
typedef struct onode {
  const xmlNode *node, *box; /* a heading's box: see outline() */
  size_t pre, vis;
  const xmlNode *owner;  /* the heading that heads it */
  const xmlNode *leader; /* the heading that is the first visible thing in it */
  const xmlNode *kid;    /* a heading's first sub-heading taken below it by structure */
  int level;
} onode;

static onode *onode_of(const hx *h, const xmlNode *n) {
  uintptr_t i = n && n->type == XML_ELEMENT_NODE ? (uintptr_t)n->_private : 0;
  return i && i <= h->nol && h->ol[i - 1].node == n ? &h->ol[i - 1] : NULL;
}

/* The level of heading n in the outline (its tag's when it has none). */
static int outline_level(const hx *h, const xmlNode *n) {
  const onode *o = onode_of(h, n);
  return o && o->level ? o->level : heading_level(n);
}

/* Non-blank bytes of a text node. */
static size_t visible_bytes(const xmlNode *t) {
  size_t k = 0;
  for (const char *s = (const char *)t->content; s && *s; s++) k += !is_blank(*s);
  return k;
}

/* Numbers the elements a reader sees in document order (skipped ones and
 * their subtrees stay out) and counts the visible text before and inside
 * each. Iterative, as walk(). */
static void outline_count(hx *h, xmlNode *root) {
  size_t cap = 0, seen = 0;
  int header = 0;
  xmlNode *n = root;
  while (n) {
    bool down = false;
    if (n->type == XML_ELEMENT_NODE && !is_skipped(header, n)) {
      if (h->nol == cap) {
        cap = cap ? cap * 2 : 256;
        h->ol = cvx_xrealloc(h->ol, cap * sizeof *h->ol);
      }
      h->ol[h->nol] = (onode){.node = n, .pre = seen};
      n->_private = (void *)(uintptr_t)++h->nol;
      header += is(n, "header");
      down = true;
    } else if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
      seen += visible_bytes(n);
    }
    if (down && n->children) {
      n = n->children;
      continue;
    }
    for (;;) {
      if (n->type == XML_ELEMENT_NODE) {
        onode *o = onode_of(h, n);
        if (o) {
          o->vis = seen - o->pre;
          header -= is(n, "header");
        }
      }
      if (n == root || n->next) break;
      n = n->parent;
    }
    if (n == root) break;
    n = n->next;
  }
}

/* True when headings x and y look alike: the same element and class, in
 * parents of the same element and class. */
static bool same_look(const xmlNode *x, const xmlNode *y) {
  for (int k = 0; k < 2; k++, x = x->parent, y = y->parent) {
    if (!x || !y || x->type != XML_ELEMENT_NODE || y->type != XML_ELEMENT_NODE) return k > 0 && !x && !y;
    if (strcmp((const char *)x->name, (const char *)y->name) != 0) return false;
    const char *cx = attr(x, "class"), *cy = attr(y, "class");
    if (!cx != !cy || (cx && strcmp(cx, cy) != 0)) return false;
  }
  return true;
}

/* True when elements a and b are alike: the same element, with no class
 * or a class name in common (among the first 16 of each). */
static bool alike(const xmlNode *a, const xmlNode *b) {
  if (strcmp((const char *)a->name, (const char *)b->name) != 0) return false;
  const char *ca = attr(a, "class"), *cb = attr(b, "class");
  bool ea = true, eb = true;
  for (const char *t = ca ? ca : ""; *t; t++) ea &= is_blank(*t);
  for (const char *t = cb ? cb : ""; *t; t++) eb &= is_blank(*t);
  if (ea || eb) return ea && eb;
  int ta = 0; /* the first 16 names of each are compared: bounded work */
  for (const char *s = ca; *s && ta < 16; ta++) {
    while (*s && is_blank(*s)) s++;
    size_t k = 0;
    while (s[k] && !is_blank(s[k])) k++;
    int tb = 0;
    for (const char *u = cb; k && *u && tb < 16; tb++) {
      while (*u && is_blank(*u)) u++;
      size_t j = 0;
      while (u[j] && !is_blank(u[j])) j++;
      if (j == k && strncmp(s, u, k) == 0) return true;
      u += j;
    }
    s += k;
  }
  return false;
}

/* Heading levels from the page's structure, in the spirit of the HTML
 * outline algorithm with every block container a sectioning element.
 *
 * A heading's box is its widest ancestor showing nothing but the heading
 * (the heading itself, or a <div class=title> around it); the heading
 * heads the element holding its box when nothing visible comes before it
 * there: the <h3> of <div><div class=title><h3>Education</h3></div>...
 * heads the outer div. Such a heading is a sub-heading of the heading P
 * that heads the nearest element around that one, one level below it at
 * least (P's level + max(1, tag - P's tag)), so an entry's heading inside
 * a section's container comes below the section's heading even when both
 * are written <h3>; unless the two look alike (same_look), or P's box is
 * alike the heading's element (P's section shows nothing but P): those
 * are peers, as when a container a page leaves unclosed swallows the next
 * sections, or a section left empty is the box of its heading.
 *
 * Any other heading keeps its tag's distance to the heading that leads the
 * nearest element around it (the first visible thing there), as the
 * outline's implicit sections do, or takes the level of that heading's
 * first sub-heading when it looks like it (an entry whose box is its whole
 * item heads nothing, and is still that entry's peer).
 *
 * Where the structure agrees with the tags every level stays its tag's.
 * Levels are capped at 6. Costs the depth (at most PARSER_DEPTH) a
 * heading. */
static void outline(hx *h, xmlNode *root) {
  outline_count(h, root);
  for (size_t i = 0; i < h->nol; i++) {
    onode *o = &h->ol[i];
    int tag = heading_level(o->node);
    if (!tag || !o->vis) continue;
    const xmlNode *box = o->node;
    for (const onode *p; (p = onode_of(h, box->parent)) != NULL && p->vis == o->vis;) box = box->parent;
    o->box = box;
    onode *c = onode_of(h, box->parent);
    bool heads = c && c->pre == o->pre && !c->owner;
    if (heads) c->owner = o->node;
    for (onode *a = onode_of(h, o->node->parent); a && a->pre == o->pre; a = onode_of(h, a->node->parent))
      if (!a->leader) a->leader = o->node;
    onode *po = NULL;
    for (const xmlNode *a = heads ? box->parent->parent : o->node->parent; a && !po; a = a->parent) {
      const onode *ao = onode_of(h, a);
      const xmlNode *p = !ao ? NULL : heads ? ao->owner : ao->leader;
      if (p && p != o->node) po = onode_of(h, p);
    }
    int level = tag;
    if (po) {
      int d = tag - heading_level(po->node);
      if (heads && d < 1 && !same_look(o->node, po->node) && !(po->box != po->node && alike(po->box, box->parent))) {
        level = po->level + 1;
        if (!po->kid) po->kid = o->node;
      } else if (!heads && po->kid && same_look(o->node, po->kid)) {
        level = outline_level(h, po->kid);
      } else {
        level = po->level + d;
      }
    }
    o->level = level < tag ? tag : level > 6 ? 6 : level;
  }
}


/* Elements that make a table cell a page region rather than a value. */
static const char *const cell_blocks[] = {"p",  "div", "h1", "h2",  "h3",         "h4",  "h5", "h6",
                                          "ul", "ol",  "dl", "table", "blockquote", "pre", NULL};

/* A layout row: two or more of its cells hold paragraphs, lists or tables
 * (READMEs and page themes lay out columns of text with tables); a row
 * with one such cell (a year, then a paragraph or two) is a row of values.
 * A layout row's cells are read as regions of blocks; a heading in them is
 * a paragraph. A title row is one cell holding one heading and nothing
 * else (*title set): its heading stays one. Looks at the first 64
 * children of each of the first 64 cells. */
static bool layout_row(const xmlNode *tr, bool *title) {
  int cells = 0, blocks = 0, headings = 0, others = 0, regions = 0;
  for (const xmlNode *c = tr->children; c && cells < 64; c = c->next) {
    if (c->type != XML_ELEMENT_NODE || !(is(c, "td") || is(c, "th"))) continue;
    cells++;
    int k = 0;
    bool region = false;
    for (const xmlNode *d = c->children; d && k < 64; d = d->next, k++) {
      if (d->type == XML_TEXT_NODE && d->content) {
        for (const char *t = (const char *)d->content; *t && !others; t++) others += !is_blank(*t);
      } else if (d->type == XML_ELEMENT_NODE) {
        bool b = name_in(d, cell_blocks);
        region |= b && heading_level(d) == 0;
        blocks += b;
        headings += heading_level(d) > 0;
        others += !b;
      }
    }
    regions += region;
  }
  *title = cells == 1 && blocks == 1 && headings == 1 && others == 0;
  return regions >= 2 || *title;
}

bool cvx_html_badge_url(const char *url) {
  static const char *const hosts[] = {"img.shields.io/", "shields.io/", "badgen.net/", "flat.badgen.net/",
                                      "forthebadge.com/", "badge.fury.io/", NULL};
  if (!url) return false;
  const char *p = strstr(url, "://");
  if (!p) return false;
  p += 3;
  for (int i = 0; hosts[i]; i++)
    if (strncasecmp(p, hosts[i], strlen(hosts[i])) == 0) return true;
  const char *path = strchr(p, '/');
  const char *q = path ? strpbrk(path, "?#") : NULL;
  size_t pl = path ? (q ? (size_t)(q - path) : strlen(path)) : 0;
  for (size_t i = 0; i < pl; i++)
    if (path[i] == '/' && (strncmp(path + i, "/badge/", 7) == 0 || strncmp(path + i, "/badges/", 8) == 0) &&
        i + 7 < pl)
      return true;
  return false;
}

/* Cuts the raw text back to k bytes (links keep within it). */
static void raw_cut(hx *h, size_t k) {
  if (k >= h->raw.len) return;
  h->raw.len = k;
  h->raw.ptr[k] = '\0';
  for (size_t i = 0; i < h->nlinks; i++) {
    if (h->links[i].rs > k) h->links[i].rs = k;
    if (h->links[i].re > k) h->links[i].re = k;
  }
}

/* Puts a badge's alt text; badges on one line are separated by ", ". */
static void put_badge(hx *h, const char *alt) {
  size_t k = h->badge_end;
  if (k != SIZE_MAX && k <= h->raw.len) {
    bool blank = true;
    for (size_t i = k; i < h->raw.len && blank; i++) blank = h->raw.ptr[i] == ' ';
    if (blank) {
      raw_cut(h, k);
      cvx_buf_puts(&h->raw, ", ");
    }
  }
  put_text(h, alt, strlen(alt));
  h->badge_end = h->raw.len;
}

/* Inline elements that themes style as separate chips or tags. */
static const char *const chip_tags[] = {"span", "a", "code", "kbd", "small", "em", "b", "strong", "i", NULL};

/* True when n is a chip that follows another: the previous element
 * sibling has n's name and the same class, with only blanks between
 * ("<span class=tag>R</span><span class=tag>Go</span>" shows two words). */
static bool next_chip(const xmlNode *n) {
  if (!name_in(n, chip_tags)) return false;
  const char *cl = attr(n, "class");
  if (!cl || !*cl) return false;
  const xmlNode *p = n->prev;
  for (; p && p->type == XML_TEXT_NODE; p = p->prev)
    for (const char *t = p->content ? (const char *)p->content : ""; *t; t++)
      if (!is_blank(*t)) return false;
  if (!p || p->type != XML_ELEMENT_NODE || !p->name || strcmp((const char *)p->name, (const char *)n->name)) return false;
  const char *pc = attr(p, "class");
  return pc && strcmp(pc, cl) == 0;
}

/* Entering element n; false when its subtree is not walked. */
static bool enter(hx *h, const xmlNode *n) {
  unsigned line = node_line(h, n);
  if (!h->open) h->next_l0 = line;
  int why = is_skipped(h->header, n);
  if (why) {
    hide(h, n, why == SKIP_ATTR);
    return false;
  }
  int hl = heading_level(n);
  bool title = false;
  if (h->open && next_chip(n)) {
    size_t k = h->raw.len;
    while (k && h->raw.ptr[k - 1] == ' ') k--;
    raw_cut(h, k);
    cvx_buf_puts(&h->raw, ", ");
  }
  if (is(n, "ul") || is(n, "ol") || is(n, "dl")) {
    flush(h);
    h->lists++;
    check_depth(h, line);
  } else if (is(n, "li") || is(n, "dt")) {
    flush(h);
    flush_pending(h);
    h->pending = true;
    h->pend_level = item_level(h) < 0 ? 0 : item_level(h);
    h->pend_line = line;
    h->pend_marker = is(n, "dt") ? NULL : n->parent && is(n->parent, "ol") ? "1." : "-";
  } else if (hl && h->rows > 0) {
    boundary(h); /* a heading in a table cell is a line of the cell */
  } else if (hl) {
    flush(h);
    h->heading = outline_level(h, n);
  } else if (is(n, "tr") && h->rows == 0 && layout_row(n, &title)) {
    flush(h);
    h->layout++;
    h->title_row = title;
  } else if (is(n, "tr")) {
    flush(h);
    h->rows++;
    open_block(h, line);
  } else if ((is(n, "td") || is(n, "th")) && n->parent && is(n->parent, "tr") && h->layout > 0 &&
             h->rows == 0) {
    flush(h); /* a cell of a layout row: a region of blocks */
  } else if (is(n, "td") || is(n, "th")) {
    if (!h->open || h->kind != CVX_BLK_ROW) {
      flush(h);
      h->rows++; /* a cell outside a row is a row of its own */
      open_block(h, line);
      h->rows--;
    }
    if (h->cells++) cvx_buf_putc(&h->raw, CELL_MARK);
  } else if (is(n, "br")) {
    if (h->open) cvx_buf_putc(&h->raw, BR_MARK);
  } else if (is(n, "hr")) {
    flush(h);
    add_block(h, CVX_BLK_RULE, 0, line, line);
  } else if (is(n, "a") || is(n, "img")) {
    const char *u = attr(n, is(n, "a") ? "href" : "src");
    if (u && *u) {
      open_block(h, line);
      pend_link *l = link_new(h);
      l->rs = l->re = h->raw.len;
      l->url = cvx_arena_strdup(h->doc->arena, u);
      l->line = line;
      l->image = is(n, "img");
      l->open = !l->image;
      const char *alt = l->image ? attr(n, "alt") : NULL;
      if (alt && *alt && cvx_html_badge_url(u)) put_badge(h, alt);
    }
  } else if (is(n, "b") || is(n, "strong")) {
    if (!h->vis && !h->strong && !h->strong_done) {
      h->strong = true;
      h->strong_node = n;
    }
  } else if (name_in(n, block_tags)) {
    boundary(h);
    if (is(n, "pre") || is(n, "listing")) h->pre++;
    if (is(n, "header")) h->header++;
  }
  return true;
}

static void leave(hx *h, const xmlNode *n) {
  int hl = heading_level(n);
  if (is(n, "ul") || is(n, "ol") || is(n, "dl")) {
    flush(h);
    flush_pending(h);
    if (h->lists > 0) h->lists--;
  } else if (is(n, "li") || is(n, "dt")) {
    flush(h);
    flush_pending(h);
  } else if (hl && h->rows > 0 && h->heading == 0) {
    boundary(h);
  } else if (hl) {
    flush(h);
    h->heading = 0;
  } else if (is(n, "tr") && h->layout > 0 && h->rows == 0) {
    flush(h);
    h->layout--;
    h->title_row = false;
  } else if (is(n, "tr")) {
    flush(h);
    if (h->rows > 0) h->rows--;
  } else if ((is(n, "td") || is(n, "th")) && n->parent && is(n->parent, "tr") && h->layout > 0 &&
             h->rows == 0) {
    flush(h);
  } else if (is(n, "a") && attr(n, "href")) {
    for (size_t i = h->nlinks; i-- > 0;)
      if (h->links[i].open) {
        h->links[i].re = h->raw.len;
        h->links[i].open = false;
        break;
      }
  } else if (n == h->strong_node) {
    if (h->strong) {
      cvx_buf_putc(&h->raw, STRONG_MARK);
      h->strong = false;
      h->strong_done = true;
    }
    h->strong_node = NULL;
  } else if (name_in(n, block_tags)) {
    boundary(h);
    if ((is(n, "pre") || is(n, "listing")) && h->pre > 0) h->pre--;
    if (is(n, "header") && h->header > 0) h->header--;
  }
}

static void text(hx *h, const xmlNode *n) {
  const char *s = (const char *)n->content;
  if (!s || !*s) return;
  size_t len = strlen(s);
  size_t k = 0;
  while (k < len && is_blank(s[k])) k++;
  if (k == len) { /* blanks: between blocks nothing, in a block a space */
    if (h->open) put_text(h, s, len);
    return;
  }
  open_block(h, node_line(h, n));
  put_text(h, s, len);
}

/* The tree in document order without recursion: libxml2's parent links
 * lead back up, so hostile nesting costs no stack. */
static void walk(hx *h, const xmlNode *root) {
  const xmlNode *n = root;
  while (n) {
    if (cvx_doc_expired(h->doc)) break;
    bool walked = false;
    if (n->type == XML_ELEMENT_NODE)
      walked = enter(h, n);
    else if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE)
      text(h, n);
    if (walked && n->children) {
      n = n->children;
      continue;
    }
    if (walked) leave(h, n);
    while (n && n != root && !n->next) {
      n = n->parent;
      if (n && n->type == XML_ELEMENT_NODE) leave(h, n);
    }
    if (!n || n == root) break;
    n = n->next;
  }
  flush(h);
  flush_pending(h);
}

/* ---------------------------------------------------------------- parse */

static pthread_once_t xml_once = PTHREAD_ONCE_INIT;
/* libxml2 wants its global state set up once, before threads parse. */
static void xml_init(void) { xmlInitParser(); }

/* Index in src->lines of the last line starting at or before off. */
static size_t line_index(const cvx_source *src, uint32_t off) {
  size_t lo = 0, hi = src->nlines;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (src->lines[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/* Parses text[0,n) (its line 1 is the source line holding h->body_start)
 * and walks it into h->out. */
static void parse_walk(hx *h, const char *text, size_t n) {
  pthread_once(&xml_once, xml_init);
  if (!n || n > INT32_MAX) return;
  htmlParserCtxtPtr ctxt = htmlNewParserCtxt();
  if (!ctxt) {
    fprintf(stderr, "cvx: out of memory (libxml2 parser)\n");
    abort();
  }
  /* no network, no error output, recovery from any tag soup, the text is
   * UTF-8 whatever a <meta charset> says; never XML_PARSE_HUGE (its depth
   * and size limits stay), never XML_PARSE_NOENT or DTD loading */
  int opts = HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_RECOVER |
             HTML_PARSE_IGNORE_ENC | HTML_PARSE_COMPACT;
  htmlDocPtr xd = htmlCtxtReadMemory(ctxt, text, (int)n, NULL, "UTF-8", opts);
  const xmlError *err = xmlCtxtGetLastError(ctxt);
  if (err && err->message && strstr(err->message, "Excessive depth") && h->doc->dx && !h->depth_warned) {
    unsigned l = err->line > 0 ? (unsigned)err->line : 1;
    uint32_t s = line_base(h, l);
    cvx_diag_add(h->doc->dx, CVX_WARNING, "html.depth", cvx_span_make(s, s),
                 "elements nested deeper than %d levels: the page is not read from here on", PARSER_DEPTH);
    h->depth_warned = true; /* one html.depth per page */
  }
  cvx_buf_init(&h->raw);
  cvx_buf_init(&h->tmp);
  if (xd) {
    xmlNode *root = xmlDocGetRootElement(xd);
    if (root) {
      outline(h, root);
      walk(h, root);
    }
    xmlFreeDoc(xd);
  }
  htmlFreeParserCtxt(ctxt);
  free(h->links);
  free(h->ol);
  cvx_buf_free(&h->raw);
  cvx_buf_free(&h->tmp);
}

cvx_status cvx_html_blocks(cvx_doc *doc, cvx_blocks *out) {
  if (!doc || !doc->src || !out) return CVX_EINVAL;
  hx h = {0};
  h.badge_end = SIZE_MAX;
  h.doc = doc;
  h.out = out;
  cvx_doc_own_view(doc); /* hides while it reads h.v */
  h.v = doc->view;
  h.len = (uint32_t)doc->src->len;
  h.body_start = doc->body_start > h.len ? h.len : doc->body_start;
  h.first_line = line_index(doc->src, h.body_start);
  h.hide_budget = 8 * (size_t)h.len + 65536;
  parse_walk(&h, h.v + h.body_start, h.len - h.body_start);
  return CVX_OK;
}

cvx_status cvx_html_fragment_blocks(cvx_doc *doc, cvx_blocks *out, const char *html, size_t n, uint32_t at) {
  if (!doc || !doc->src || !out || (!html && n)) return CVX_EINVAL;
  hx h = {0};
  h.badge_end = SIZE_MAX;
  h.doc = doc;
  h.out = out;
  cvx_doc_own_view(doc);
  h.v = doc->view;
  h.len = (uint32_t)doc->src->len;
  h.first_line = line_index(doc->src, at > h.len ? h.len : at);
  h.body_start = doc->src->nlines ? doc->src->lines[h.first_line] : 0;
  if (h.body_start > h.len) h.body_start = h.len;
  h.hide_from = h.body_start;
  h.hide_budget = 8 * n + 1024;
  parse_walk(&h, html, n);
  return CVX_OK;
}

/* ------------------------------------------------------------- extractor */

static bool has_html_extension(const char *path) {
  static const char *const exts[] = {".html", ".htm", ".xhtml", NULL};
  if (!path) return false;
  size_t n = strlen(path);
  for (int i = 0; exts[i]; i++) {
    size_t el = strlen(exts[i]);
    if (n > el && strcasecmp(path + n - el, exts[i]) == 0) return true;
  }
  return false;
}

/* Score (the scale of markdown.c: plain text offers 20, Markdown at most 50
 * for a name that is not Markdown's, 100 for one that is): 90 for an HTML
 * file name (.html .htm .xhtml) or a text that opens, after blanks, with
 * "<!DOCTYPE html" or "<html" (any case); 0 otherwise. */
static int html_accepts(const cvx_source *src) {
  if (!src || !src->text) return 0;
  if (has_html_extension(src->path)) return 90;
  const char *t = src->text;
  size_t i = 0, len = src->len;
  while (i < len && is_blank(t[i])) i++;
  if (len - i >= 14 && strncasecmp(t + i, "<!doctype html", 14) == 0) return 90;
  if (len - i >= 5 && strncasecmp(t + i, "<html", 5) == 0 &&
      (len - i == 5 || is_blank(t[i + 5]) || t[i + 5] == '>'))
    return 90;
  return 0;
}

/* Builds the block stream of the visible page and hands it to the shared
 * interpreter; hidden markup must already be blanked (cvx_hide_markup). */
static cvx_status html_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  (void)src;
  (void)dx; /* diagnostics go to doc->dx */
  cvx_blocks bl = {0};
  cvx_status st = cvx_html_blocks(doc, &bl);
  if (st != CVX_OK) return st;
  return cvx_interpret(doc, &bl, "html");
}

const cvx_extractor cvx_extractor_html = {"html", CVX_ROLE_BODY, html_accepts, html_extract};
