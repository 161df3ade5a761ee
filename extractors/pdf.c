/* pdf.c — the PDF reader: poppler (its GLib API) gives every glyph with its
 * box and font; glyphs become line segments, segments are put in reading
 * order (columns found by their gutter, one after the other), repeated page
 * headers, footers and page numbers are set aside, and lines become the
 * block stream the other extractors make, font size and weight telling
 * headings from body text. Positions print as page:line:column. */
#include "layout.h"

#include "grammar.h"

#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <poppler.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* Pages read at most; a CV has a few. */
#define MAX_PAGES 100
/* Glyphs kept at most (about 40 bytes each: 40 MB), whatever --max-size allows; a CV has tens of thousands. */
#define MAX_GLYPHS ((size_t)1 << 20)
/* A segment per page at most. */
#define MAX_SEGS_PAGE 20000
/* A gap between glyphs is a space when it is wider than the segment's usual
 * gap between letters by this many ems (poppler's own spaces are not taken:
 * it puts them between the letters of letter-spaced and small-caps text). */
#define WORD_GAP 0.15f
/* Header and footer bands: this share of the page height at its top and bottom. */
#define BAND 0.075f

typedef struct glyph {
  float x0, y0, x1, y1; /* top-left origin, points */
  float size;
  uint32_t off; /* its UTF-8 bytes in rd.chars */
  uint8_t len;
  bool bold, space;
  uint8_t icon; /* GLYPH_ICON: an icon font's glyph read as a letter; GLYPH_BULLET: one that marks list items */
  int32_t link; /* index in rd.links, or -1 */
} glyph;

enum { GLYPH_TEXT, GLYPH_ICON, GLYPH_BULLET };

typedef struct seg {
  size_t g0, g1; /* glyphs [g0, g1) of rd.g */
  float x0, y0, x1, y1;
  float size; /* of its first visible glyph */
  bool bold;  /* every visible glyph bold */
  int page;
  bool furniture;
  bool byline; /* a line stacked under the first page's name (name_first): a paragraph, whatever its size */
  bool paired; /* a cell of a table of two rows read column by column, after the cell before (read_pairs) */
  bool runon; /* the rest of the cell above it, which ends in a comma (read_runons) */
  bool dot;    /* a small filled shape drawn left of it, as at other lines' starts: a list item's bullet (shape_bullets) */
  bool icon_link; /* it carries a link drawn over no glyph (icon_links) */
  size_t nvis;
} seg;

typedef struct plink {
  float x0, y0, x1, y1;
  int page;
  const char *url; /* arena */
  int64_t seg;     /* a link over no glyph (an icon's): the segment beside it, which carries it; else -1 */
} plink;

typedef struct rd {
  cvx_arena *a;
  cvx_buf chars;
  glyph *g;
  size_t ng, capg;
  seg *s;
  size_t ns, caps;
  plink *links;
  size_t nlinks, caplinks;
  float *page_h;
  int npages;
  bool glyph_limit;
  bool debug; /* CVX_PDF_DEBUG: the reader's decisions on stderr */
} rd;

/* ------------------------------------------------------------ glyphs */

/* A font name that says bold: "Roboto-Bold", "ABCDEF+Arial,Black", "…SemiBold". */
static bool bold_font(const char *name) {
  if (!name) return false;
  static const char *const words[] = {"bold", "black", "heavy", "demi", NULL};
  for (const char *p = name; *p; p++)
    for (int i = 0; words[i]; i++)
      if (strncasecmp(p, words[i], strlen(words[i])) == 0) return true;
  return false;
}

/* An icon font: its glyphs are pictures (a phone, an envelope, a bullet)
 * that most such fonts map to letters ("H", "B", "{": marvosym), or to
 * nothing poppler can tell. */
static bool icon_font(const char *name) {
  if (!name) return false;
  static const char *const words[] = {"marvosym", "dingbat", "wingding", "webding", "awesome", "academicons", NULL};
  for (const char *p = name; *p; p++)
    for (int i = 0; words[i]; i++)
      if (strncasecmp(p, words[i], strlen(words[i])) == 0) return true;
  return false;
}

static void add_link(rd *r, int page, float h, const PopplerRectangle *area, const char *uri) {
  if (!uri || !*uri) return;
  if (r->nlinks == r->caplinks) {
    r->caplinks = r->caplinks ? r->caplinks * 2 : 16;
    r->links = cvx_xrealloc(r->links, r->caplinks * sizeof *r->links);
  }
  /* link areas use PDF coordinates (origin at the bottom left) */
  r->links[r->nlinks++] = (plink){(float)area->x1, h - (float)area->y2, (float)area->x2, h - (float)area->y1, page,
                                  cvx_arena_strdup(r->a, uri), -1};
}

static int32_t link_at(const rd *r, size_t first, int page, float cx, float cy) {
  for (size_t i = first; i < r->nlinks; i++) {
    const plink *l = &r->links[i];
    if (l->page == page && cx >= l->x0 && cx <= l->x1 && cy >= l->y0 - 1 && cy <= l->y1 + 1) return (int32_t)i;
  }
  return -1;
}

/* Reads one page's glyphs and links into r. */
static void read_page(rd *r, PopplerPage *pg, int page) {
  double w, h;
  poppler_page_get_size(pg, &w, &h);
  r->page_h[page] = (float)h;
  size_t first_link = r->nlinks;
  GList *lm = poppler_page_get_link_mapping(pg);
  for (GList *l = lm; l; l = l->next) {
    PopplerLinkMapping *m = l->data;
    if (m && m->action && m->action->type == POPPLER_ACTION_URI) add_link(r, page, (float)h, &m->area, m->action->uri.uri);
  }
  poppler_page_free_link_mapping(lm);
  char *text = poppler_page_get_text(pg);
  PopplerRectangle *rects = NULL;
  guint nrects = 0;
  if (!text || !poppler_page_get_text_layout(pg, &rects, &nrects)) {
    g_free(text);
    return;
  }
  GList *attrs = poppler_page_get_text_attributes(pg);
  GList *at = attrs;
  size_t len = strlen(text), k = 0;
  for (size_t i = 0; i < len && k < nrects; k++) {
    size_t cl = (size_t)(g_utf8_next_char(text + i) - (text + i));
    if (cl == 0 || i + cl > len) break;
    while (at && ((PopplerTextAttributes *)at->data)->end_index < (gint)k) at = at->next;
    const char *c = text + i;
    i += cl;
    if (*c == '\n' || *c == '\r') continue; /* poppler's line ends: the boxes say where lines are */
    if (cl == 3 && (((unsigned char)c[0] == 0xEE) || ((unsigned char)c[0] == 0xEF && (unsigned char)c[1] < 0xA4)))
      continue; /* U+E000-U+F8FF: an icon font's glyph (a phone, an envelope), no text */
    if (r->ng >= MAX_GLYPHS) {
      r->glyph_limit = true;
      break;
    }
    if (r->ng == r->capg) {
      r->capg = r->capg ? r->capg * 2 : 4096;
      r->g = cvx_xrealloc(r->g, r->capg * sizeof *r->g);
    }
    const PopplerRectangle *rc = &rects[k];
    const PopplerTextAttributes *ta = at ? at->data : NULL;
    glyph *gl = &r->g[r->ng++];
    gl->x0 = (float)rc->x1;
    gl->y0 = (float)rc->y1;
    gl->x1 = (float)rc->x2;
    gl->y1 = (float)rc->y2;
    gl->size = ta && ta->font_size > 0 ? (float)ta->font_size : (float)(rc->y2 - rc->y1);
    gl->bold = ta && bold_font(ta->font_name);
    gl->space = *c == ' ' || *c == '\t' || (cl == 2 && (unsigned char)c[0] == 0xC2 && (unsigned char)c[1] == 0xA0);
    /* a letter (ASCII or Latin, not a symbol poppler could name) from an icon font */
    gl->icon = !gl->space && cl <= 2 && ta && icon_font(ta->font_name) ? GLYPH_ICON : GLYPH_TEXT;
    gl->off = (uint32_t)r->chars.len;
    gl->len = (uint8_t)cl;
    gl->link = r->nlinks > first_link ? link_at(r, first_link, page, (gl->x0 + gl->x1) / 2, (gl->y0 + gl->y1) / 2) : -1;
    cvx_buf_put(&r->chars, c, cl);
  }
  poppler_page_free_text_attributes(attrs);
  g_free(rects);
  g_free(text);
}

/* The text a glyph shows: a bullet for an icon that marks list items. */
static const char *glyph_text(const rd *r, const glyph *gl, size_t *len) {
  if (gl->icon == GLYPH_BULLET) {
    *len = 3;
    return "\xe2\x80\xa2";
  }
  *len = gl->len;
  return r->chars.ptr + gl->off;
}

/* ---------------------------------------------------------- segments */

static void push_seg(rd *r, seg *s) {
  if (!s->nvis) return;
  if (r->ns == r->caps) {
    r->caps = r->caps ? r->caps * 2 : 1024;
    r->s = cvx_xrealloc(r->s, r->caps * sizeof *r->s);
  }
  r->s[r->ns++] = *s;
}

/* The size most of the glyphs [g0, g1) have (in half points; 10 for none). */
static float page_body(const rd *r, size_t g0, size_t g1) {
  enum { NS = 32 };
  float sizes[NS];
  size_t counts[NS] = {0};
  int ns = 0;
  for (size_t i = g0; i < g1; i++) {
    if (r->g[i].space) continue;
    float h = roundf(r->g[i].size * 2) / 2;
    int k = 0;
    while (k < ns && sizes[k] != h) k++;
    if (k == ns) {
      if (ns == NS) continue;
      sizes[ns++] = h;
    }
    counts[k]++;
  }
  float best = 10;
  size_t bc = 0;
  for (int k = 0; k < ns; k++)
    if (counts[k] > bc) bc = counts[k], best = sizes[k];
  return best;
}

/* Cuts a page's glyphs [g0, g1) into segments: runs on one baseline with no
 * wide gap (a column gutter, a right-aligned date) inside. */
static void make_segs(rd *r, size_t g0, size_t g1, int page) {
  seg cur = {0};
  bool open = false;
  size_t count = 0;
  for (size_t i = g0; i < g1 && count < MAX_SEGS_PAGE; i++) {
    const glyph *gl = &r->g[i];
    if (open && !gl->space) {
      float sz = cur.size > 0 ? cur.size : gl->size;
      float base = cur.y1, gb = gl->y1;
      bool same_line = fabsf(gb - base) <= 0.45f * sz || (gl->y0 < cur.y1 && gl->y1 > cur.y0 &&
                                                           fabsf(gb - base) <= 0.7f * sz);
      float gap = gl->x0 - cur.x1;
      if (!same_line || gap > 1.6f * sz || gap < -0.5f * sz) {
        push_seg(r, &cur);
        count++;
        open = false;
      }
    }
    if (!open) {
      if (gl->space) continue;
      cur = (seg){.g0 = i, .g1 = i, .x0 = gl->x0, .y0 = gl->y0, .x1 = gl->x1, .y1 = gl->y1, .size = gl->size,
                  .bold = true, .page = page};
      open = true;
    }
    cur.g1 = i + 1;
    if (gl->space) continue;
    cur.nvis++;
    if (gl->x0 < cur.x0) cur.x0 = gl->x0;
    if (gl->x1 > cur.x1) cur.x1 = gl->x1;
    if (gl->y0 < cur.y0) cur.y0 = gl->y0;
    if (gl->y1 > cur.y1) cur.y1 = gl->y1;
    if (!gl->bold) cur.bold = false;
  }
  if (open) push_seg(r, &cur);
}


static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

/* Sets a segment's box, size, weight and visible count from its visible glyphs. */
static void seg_bounds(const rd *r, seg *s) {
  s->nvis = 0;
  s->bold = true;
  for (size_t i = s->g0; i < s->g1; i++) {
    const glyph *gl = &r->g[i];
    if (gl->space) continue;
    if (!s->nvis++) {
      s->x0 = gl->x0, s->y0 = gl->y0, s->x1 = gl->x1, s->y1 = gl->y1;
      s->size = gl->size;
    }
    if (gl->x0 < s->x0) s->x0 = gl->x0;
    if (gl->x1 > s->x1) s->x1 = gl->x1;
    if (gl->y0 < s->y0) s->y0 = gl->y0;
    if (gl->y1 > s->y1) s->y1 = gl->y1;
    if (!gl->bold) s->bold = false;
  }
}

/* Bullets drawn as shapes: a list's marks that are no characters (a disc
 * or a square a browser or a word processor draws) leave no glyph, and the
 * items would read as lines of a paragraph. The page is rendered (at most
 * MAX_RENDER pixels) and the ink left of each segment of the page [s0,
 * r->ns) is looked at: a small blot, about as wide as tall, no wider than
 * half an em, on the middle of the line, alone in the gap before the text
 * and with no glyph there, is a mark when another line of the page has one
 * at the same x. */
#define MAX_RENDER (4u << 20)
#define MAX_DOTS 4096
static void shape_bullets(rd *r, PopplerPage *pg, int page, size_t s0) {
  size_t n = r->ns - s0;
  if (n < 2) return;
  double w, h;
  poppler_page_get_size(pg, &w, &h);
  if (!(w > 0 && h > 0 && w < 20000 && h < 20000)) return;
  /* only the gaps before the segments are drawn, in a surface over them all */
  float rx0 = 1e9f, ry0 = 1e9f, rx1 = -1e9f, ry1 = -1e9f;
  for (size_t k = s0; k < r->ns; k++) {
    const seg *s = &r->s[k];
    float em = s->size > 0 ? s->size : 10;
    rx0 = fminf(rx0, s->x0 - 1.7f * em), rx1 = fmaxf(rx1, s->x0);
    ry0 = fminf(ry0, s->y0 - 1), ry1 = fmaxf(ry1, s->y1 + 1);
  }
  rx0 = fmaxf(rx0, 0), ry0 = fmaxf(ry0, 0), rx1 = fminf(rx1, (float)w), ry1 = fminf(ry1, (float)h);
  if (rx1 - rx0 < 2 || ry1 - ry0 < 2) return;
  double scale = 2, area = (double)(rx1 - rx0) * (double)(ry1 - ry0);
  if (area * scale * scale > MAX_RENDER) scale = sqrt(MAX_RENDER / area);
  if (scale < 0.75) return; /* a huge page: too coarse to tell a dot from a letter */
  int W = (int)((rx1 - rx0) * scale) + 1, H = (int)((ry1 - ry0) * scale) + 1;
  cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
  if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surf);
    return;
  }
  cairo_t *cr = cairo_create(surf);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, scale, scale);
  cairo_translate(cr, -rx0, -ry0);
  for (size_t k = s0; k < r->ns; k++) {
    const seg *s = &r->s[k];
    float em = s->size > 0 ? s->size : 10;
    cairo_rectangle(cr, s->x0 - 1.7f * em, s->y0 - 1, 1.7f * em, s->y1 - s->y0 + 2);
  }
  cairo_clip(cr);
  poppler_page_render(pg, cr);
  cairo_destroy(cr);
  cairo_surface_flush(surf);
  const unsigned char *px = cairo_image_surface_get_data(surf);
  int stride = cairo_image_surface_get_stride(surf);
  size_t *cand = cvx_xmalloc(MAX_DOTS * sizeof *cand), nc = 0;
  float *cx = cvx_xmalloc(MAX_DOTS * sizeof *cx);
  for (size_t k = s0; k < r->ns && nc < MAX_DOTS; k++) {
    const seg *s = &r->s[k];
    float em = s->size > 0 ? s->size : 10;
    /* the gap before the text: up to 1.6 em left of it */
    int x0 = (int)((s->x0 - 1.6f * em - rx0) * scale), x1 = (int)((s->x0 - 0.1f * em - rx0) * scale);
    int y0 = (int)((s->y0 - ry0) * scale), y1 = (int)((s->y1 - ry0) * scale);
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 >= W) x1 = W - 1;
    if (y1 >= H) y1 = H - 1;
    if (x1 - x0 < 3 || y1 - y0 < 3) continue;
    /* ink: pixels darker than the region's corner (its background) by a
     * quarter of the scale */
    const uint32_t *corner = (const uint32_t *)(const void *)(px + (size_t)y0 * (size_t)stride) + x0;
    int bg = (int)(((*corner >> 16) & 255) + ((*corner >> 8) & 255) + (*corner & 255));
    int bx0 = W, bx1 = -1, by0 = H, by1 = -1;
    size_t ink = 0;
    for (int y = y0; y <= y1; y++) {
      const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
      for (int x = x0; x <= x1; x++) {
        uint32_t c = row[x];
        int v = (int)(((c >> 16) & 255) + ((c >> 8) & 255) + (c & 255));
        if (abs(v - bg) < 192) continue;
        ink++;
        if (x < bx0) bx0 = x;
        if (x > bx1) bx1 = x;
        if (y < by0) by0 = y;
        if (y > by1) by1 = y;
      }
    }
    if (!ink || bx0 <= x0 || by0 <= y0 || by1 >= y1) continue; /* none, or a rule or a box that goes on past it */
    float dw = (float)(bx1 - bx0 + 1) / (float)scale, dh = (float)(by1 - by0 + 1) / (float)scale;
    float mid = (float)(by0 + by1) / 2 / (float)scale + ry0;
    bool dot = dw <= 0.5f * em && dh <= 0.5f * em && dw >= 0.12f * em && dh >= 0.12f * em && dw <= 2 * dh &&
               dh <= 2 * dw && (float)ink >= 0.3f * (float)((bx1 - bx0 + 1) * (by1 - by0 + 1)) &&
               mid > s->y0 + 0.2f * (s->y1 - s->y0) && mid < s->y1 - 0.15f * (s->y1 - s->y0);
    if (!dot) continue;
    /* no glyph of another segment in the gap */
    float gx0 = (float)bx0 / (float)scale + rx0 - 0.5f, gx1 = s->x0 - 0.1f;
    bool clear = true;
    for (size_t q = s0; q < r->ns && clear; q++)
      clear = q == k || r->s[q].x1 < gx0 || r->s[q].x0 > gx1 || r->s[q].y1 < s->y0 || r->s[q].y0 > s->y1;
    if (!clear) continue;
    cand[nc] = k;
    cx[nc++] = (float)(bx0 + bx1) / 2 / (float)scale + rx0;
  }
  cairo_surface_destroy(surf);
  for (size_t a = 0; a < nc; a++)
    for (size_t b = 0; b < nc; b++)
      if (a != b && fabsf(cx[a] - cx[b]) <= 1.5f && fabsf(r->s[cand[a]].y1 - r->s[cand[b]].y1) > 1) {
        r->s[cand[a]].dot = true;
        if (r->debug) fprintf(stderr, "pdf p%d dot at x%.1f y%.1f\n", page + 1, (double)cx[a], (double)r->s[cand[a]].y1);
        break;
      }
  free(cand);
  free(cx);
}

/* Sizes: a segment is cut where a run in another size follows a gap wider
 * than an em of the smaller, both runs at least the document's text size: a section
 * title set beside its first entry's title ("Skills" beside "Programming
 * Languages"), not one phrase. Small capitals and a small "to" between
 * dates are smaller than the text, and stay. Keeps the segments' order. */
static void split_sizes(rd *r) {
  float body = page_body(r, 0, r->ng);
  size_t cap = r->ns + 16, n = 0;
  seg *out = cvx_xmalloc(cap * sizeof *out);
  for (size_t k = 0; k < r->ns; k++) {
    seg cur = r->s[k];
    const glyph *prev = NULL;
    for (size_t i = cur.g0; i < cur.g1; i++) {
      const glyph *gl = &r->g[i];
      if (gl->space) continue;
      if (prev) {
        float big = gl->size > prev->size ? gl->size : prev->size, small = gl->size > prev->size ? prev->size : gl->size;
        if (big > 1.15f * small && gl->x0 - prev->x1 > small && small >= 0.9f * body) {
          seg rest = cur;
          rest.g0 = i;
          rest.dot = false;
          cur.g1 = i;
          seg_bounds(r, &cur);
          if (n == cap) out = cvx_xrealloc(out, (cap = cap * 2) * sizeof *out);
          out[n++] = cur;
          cur = rest;
        }
      }
      prev = gl;
    }
    seg_bounds(r, &cur);
    if (n == cap) out = cvx_xrealloc(out, (cap = cap * 2) * sizeof *out);
    out[n++] = cur;
  }
  free(r->s);
  r->s = out;
  r->ns = n;
  r->caps = cap;
}

/* Margins: the x where several of a page's segments [s0, r->ns) begin (three
 * at least, within a point and a half). A gap of more than MARGIN_GAP ems
 * inside a segment that ends at one is a column boundary, not a space: a
 * date or a label in a column of its own (a table's left cell, moderncv's
 * date column), set close to the text it stands by and no larger. The
 * segment is cut there. */
#define MARGIN_GAP 0.6f
#define MAX_MARGINS 64
/* Wide gaps weighed as a table's cell boundary at most, per page (bounded work). */
#define MAX_CELL_CHECKS 256
static void split_at_margins(rd *r, size_t s0) {
  size_t n = r->ns - s0;
  if (n < 3) return;
  float *xs = cvx_xmalloc(n * sizeof *xs), edges[MAX_MARGINS];
  for (size_t i = 0; i < n; i++) xs[i] = r->s[s0 + i].x0;
  qsort(xs, n, sizeof *xs, cmp_float);
  int ne = 0;
  for (size_t i = 0; i < n && ne < MAX_MARGINS;) {
    size_t j = i;
    while (j < n && xs[j] - xs[i] <= 1.5f) j++;
    if (j - i >= 3) edges[ne++] = xs[i];
    i = j;
  }
  free(xs);
  size_t end = r->ns, checks = 0;
  for (size_t k = s0; k < end && r->ns - s0 < MAX_SEGS_PAGE; k++) {
    const glyph *prev = NULL;
    for (size_t i = r->s[k].g0; i < r->s[k].g1; i++) {
      const glyph *gl = &r->g[i];
      if (gl->space) continue;
      seg *s = &r->s[k];
      if (prev && gl->x0 - prev->x1 >= MARGIN_GAP * s->size && gl->x0 > s->x0 + 1.5f && prev->size <= gl->size + 0.5f) {
        int e = 0;
        while (e < ne && !(gl->x0 >= edges[e] - 0.5f && gl->x0 <= edges[e] + 1.5f)) e++;
        /* …or, after a gap of a cell (0.8 em), where a segment of the line
         * above or below begins: a table's column ("English  Spanish" over
         * "C1  Native") */
        bool cell = false;
        if (e == ne && gl->x0 - prev->x1 >= 0.8f * s->size && checks < MAX_CELL_CHECKS) {
          checks++;
          for (size_t q = s0; q < r->ns && !cell; q++) {
            const seg *o = &r->s[q];
            float dy = fabsf(o->y1 - s->y1);
            cell = q != k && fabsf(o->x0 - gl->x0) <= 1.5f && dy > 0.5f * s->size && dy < 2.5f * s->size;
          }
        }
        if (e < ne || cell) {
          seg rest = *s;
          rest.g0 = i;
          rest.dot = false;
          s->g1 = i;
          seg_bounds(r, s);
          seg_bounds(r, &rest);
          push_seg(r, &rest); /* on this page: read again by this loop, once its turn comes */
          end = r->ns;
          break;
        }
      }
      prev = gl;
    }
  }
}

/* The width of a gap between two glyphs of segment s that is a space: the
 * gap most letter pairs have (the lower quartile), plus WORD_GAP ems. */
static float word_gap(const rd *r, const seg *s) {
  float em = s->size > 0 ? s->size : 10;
  size_t n = 0;
  float *gaps = cvx_xmalloc((s->g1 - s->g0 + 1) * sizeof *gaps);
  const glyph *prev = NULL;
  for (size_t i = s->g0; i < s->g1; i++) {
    const glyph *gl = &r->g[i];
    if (gl->space) continue;
    if (prev) gaps[n++] = gl->x0 - prev->x1;
    prev = gl;
  }
  float base = 0;
  if (n >= 3) {
    qsort(gaps, n, sizeof *gaps, cmp_float);
    base = gaps[n / 4];
    if (base < 0) base = 0;
    if (base > 0.5f * em) base = 0.5f * em;
  }
  free(gaps);
  return base + WORD_GAP * em;
}

/* The segment's text: its glyphs, a space where a gap separates words
 * (word_gap), trimmed. */
static void seg_text(const rd *r, const seg *s, cvx_buf *out) {
  cvx_buf_clear(out);
  const glyph *prev = NULL;
  float wg = word_gap(r, s);
  for (size_t i = s->g0; i < s->g1; i++) {
    const glyph *gl = &r->g[i];
    if (gl->space) continue;
    if (prev && gl->x0 - prev->x1 > wg && out->len) cvx_buf_putc(out, ' ');
    size_t gn;
    const char *gt = glyph_text(r, gl, &gn);
    cvx_buf_put(out, gt, gn);
    prev = gl;
  }
}

/* Icons: an icon font's glyph that opens segments at one x on two lines or
 * more, with text after it, marks list items (a bullet); any other is a
 * picture beside a value (a phone, an envelope, a globe) and no text. Icon
 * glyphs become blanks, and segments of nothing else go. */
#define MAX_ICON_SEGS 4096
static void read_icons(rd *r) {
  size_t *first = cvx_xmalloc((r->ns ? r->ns : 1) * sizeof *first), nf = 0;
  bool any = false;
  for (size_t k = 0; k < r->ns; k++) {
    const seg *s = &r->s[k];
    size_t i = s->g0;
    while (i < s->g1 && r->g[i].space) i++;
    for (size_t q = i; q < s->g1 && !any; q++) any = r->g[q].icon != GLYPH_TEXT;
    if (i < s->g1 && r->g[i].icon == GLYPH_ICON && s->nvis >= 2 && nf < MAX_ICON_SEGS) first[nf++] = i;
  }
  if (!any) {
    free(first);
    return;
  }
  for (size_t a = 0; a < nf; a++) {
    glyph *ga = &r->g[first[a]];
    for (size_t b = 0; b < nf; b++) {
      const glyph *gb = &r->g[first[b]];
      if (a != b && gb->len == ga->len && fabsf(gb->x0 - ga->x0) <= 1 && fabsf(gb->y1 - ga->y1) > 1 &&
          memcmp(r->chars.ptr + gb->off, r->chars.ptr + ga->off, ga->len) == 0) {
        ga->icon = GLYPH_BULLET;
        break;
      }
    }
  }
  free(first);
  size_t w = 0;
  for (size_t k = 0; k < r->ns; k++) {
    seg *s = &r->s[k];
    bool changed = false;
    for (size_t i = s->g0; i < s->g1; i++)
      if (r->g[i].icon == GLYPH_ICON && !r->g[i].space) r->g[i].space = changed = true;
    if (changed) seg_bounds(r, s);
    if (s->nvis) r->s[w++] = *s;
  }
  r->ns = w;
}

/* ------------------------------------------------------------ furniture */

/* A key for text repeated on pages: digits as '#', letters lowercased, blanks dropped. */
static void furniture_key(const char *t, cvx_buf *out) {
  cvx_buf_clear(out);
  for (; *t; t++) {
    unsigned char c = (unsigned char)*t;
    if (c >= '0' && c <= '9') {
      if (!out->len || out->ptr[out->len - 1] != '#') cvx_buf_putc(out, '#');
    } else if (c != ' ') {
      cvx_buf_putc(out, (char)(c >= 'A' && c <= 'Z' ? c + 32 : c));
    }
  }
}

/* A page number as pages show them: "3", "- 3 -", "Page 3", "3 / 5", "Page 3 of 5", "3/5". */
static bool page_number(const char *key) {
  const char *k = key;
  if (strncmp(k, "page", 4) == 0) k += 4;
  else if (strncmp(k, "p.", 2) == 0) k += 2;
  if (*k == '-') k++;
  if (*k != '#') return false;
  k++;
  if (*k == '/') k++;
  else if (strncmp(k, "of", 2) == 0) k += 2;
  else if (*k == '-') return k[1] == '\0';
  else return *k == '\0';
  return k[0] == '#' && k[1] == '\0';
}

typedef struct keycount {
  char *key;
  int pages, last_page;
} keycount;

static void mark_furniture(rd *r) {
  cvx_buf t = CVX_BUF_INIT, key = CVX_BUF_INIT;
  keycount *kc = NULL;
  size_t nk = 0, capk = 0;
  char **keys = cvx_xcalloc(r->ns ? r->ns : 1, sizeof *keys); /* each band segment's key, or NULL */
  int band_page = -1, band_n = 0;
  /* a page number below all other text of its page, or above it, wherever
   * the page's margins put it (a footer set high) */
  for (size_t i = 0; i < r->ns;) {
    size_t j = i, top = i, foot = i;
    for (; j < r->ns && r->s[j].page == r->s[i].page; j++) {
      if (r->s[j].y0 < r->s[top].y0) top = j;
      if (r->s[j].y1 > r->s[foot].y1) foot = j;
    }
    for (int end = 0; end < 2 && j - i > 1; end++) {
      seg *s = &r->s[end ? foot : top];
      bool alone = true; /* nothing else on its line */
      for (size_t k = i; k < j && alone; k++)
        alone = &r->s[k] == s || r->s[k].y1 < s->y0 || r->s[k].y0 > s->y1;
      if (!alone) continue;
      seg_text(r, s, &t);
      furniture_key(t.ptr, &key);
      const char *d = t.ptr ? t.ptr + strcspn(t.ptr, "0123456789") : NULL;
      /* …when its number is the page's (a year alone atop a page is none) */
      if (key.len && page_number(key.ptr) && d && *d && strtol(d, NULL, 10) == s->page + 1) s->furniture = true;
    }
    i = j;
  }
  for (size_t i = 0; i < r->ns; i++) {
    seg *s = &r->s[i];
    float h = r->page_h[s->page];
    if (h <= 0 || (s->y1 > h * BAND && s->y0 < h * (1 - BAND))) continue;
    if (s->page != band_page) band_page = s->page, band_n = 0;
    if (++band_n > 64) continue; /* a header or footer is a few lines: bounded work */
    seg_text(r, s, &t);
    furniture_key(t.ptr, &key);
    if (!key.len) continue;
    if (page_number(key.ptr)) {
      s->furniture = true;
      continue;
    }
    /* a running header or footer stays at its place on every page: the key
     * holds the line's distance from its edge (6 pt steps), so that two
     * dates of entries that fall in the bands ("#-#" both) are not one */
    bool top = s->y1 <= h * BAND;
    char pos[32];
    snprintf(pos, sizeof pos, "@%c%d", top ? 't' : 'b', (int)((top ? s->y0 : h - s->y1) / 6));
    cvx_buf_puts(&key, pos);
    keys[i] = cvx_xstrdup(key.ptr);
    size_t j = 0;
    while (j < nk && strcmp(kc[j].key, key.ptr) != 0) j++;
    if (j == nk) {
      if (nk >= 4096) continue; /* bounded: a page's band holds a few lines */
      if (nk == capk) {
        capk = capk ? capk * 2 : 32;
        kc = cvx_xrealloc(kc, capk * sizeof *kc);
      }
      kc[nk++] = (keycount){cvx_xstrdup(keys[i]), 0, -1};
    }
    if (kc[j].last_page != s->page) {
      kc[j].pages++;
      kc[j].last_page = s->page;
    }
  }
  for (size_t i = 0; i < r->ns; i++) {
    if (!keys[i]) continue;
    for (size_t j = 0; j < nk; j++)
      if (strcmp(kc[j].key, keys[i]) == 0) {
        if (kc[j].pages >= 2) r->s[i].furniture = true;
        break;
      }
    free(keys[i]);
  }
  free(keys);
  for (size_t j = 0; j < nk; j++) free(kc[j].key);
  free(kc);
  cvx_buf_free(&t);
  cvx_buf_free(&key);
}

/* ------------------------------------------------------------ reading order */

typedef struct order {
  const rd *r;
  size_t *out;
  size_t nout;
  float body;
} order;

/* Reading order inside one column: lines top to bottom (baselines closer
 * than 0.4 of the smaller size are one line), each left to right. Sorts by
 * baseline, then cuts lines and sorts each by x: O(n log n) whatever the page. */
typedef struct skey {
  float y, x;
  size_t idx;
} skey;

static int cmp_y(const void *a, const void *b) {
  const skey *p = a, *q = b;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  return p->idx < q->idx ? -1 : p->idx > q->idx;
}

static int cmp_x(const void *a, const void *b) {
  const skey *p = a, *q = b;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  return p->idx < q->idx ? -1 : p->idx > q->idx;
}

static void sort_top(const rd *r, size_t *v, size_t n) {
  if (n < 2) return;
  skey *k = cvx_xmalloc(n * sizeof *k);
  for (size_t i = 0; i < n; i++) k[i] = (skey){r->s[v[i]].y1, r->s[v[i]].x0, v[i]};
  qsort(k, n, sizeof *k, cmp_y);
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    const seg *a = &r->s[k[i].idx];
    float tol = 0.4f * a->size;
    /* one line: baselines close, or a larger segment's box holding the
     * smaller one's (a section title set beside its first entry's title) */
    while (j < n && (k[j].y - k[i].y <= tol ||
                     (r->s[k[j].idx].y0 <= a->y0 + 1 && r->s[k[j].idx].size >= 1.5f * a->size)))
      j++;
    qsort(k + i, j - i, sizeof *k, cmp_x);
    i = j;
  }
  for (size_t i = 0; i < n; i++) v[i] = k[i].idx;
  free(k);
}

#define MAX_GUTTERS 8

/* The vertical gutters among segments v[0,n), widest first (at most
 * MAX_GUTTERS): bands of x that no narrow segment (or very few) crosses,
 * with text on both sides. Returns how many. */
static int find_gutters(const rd *r, const size_t *v, size_t n, float body, float *g0, float *g1) {
  float minx = 1e9f, maxx = -1e9f;
  for (size_t i = 0; i < n; i++) {
    const seg *s = &r->s[v[i]];
    if (s->x0 < minx) minx = s->x0;
    if (s->x1 > maxx) maxx = s->x1;
  }
  float width = maxx - minx;
  if (n < 4 || width < 40) return 0;
  size_t nb = (size_t)width + 1;
  if (nb > 4096) nb = 4096;
  float scale = (float)nb / width;
  unsigned *cov = cvx_xcalloc(nb + 1, sizeof *cov);
  for (size_t i = 0; i < n; i++) {
    const seg *s = &r->s[v[i]];
    if (s->x1 - s->x0 > 0.45f * width) continue; /* spanning: a header over both columns */
    size_t a = (size_t)((s->x0 - minx) * scale), b = (size_t)((s->x1 - minx) * scale);
    for (size_t k = a; k <= b && k < nb; k++) cov[k]++;
  }
  unsigned allow = (unsigned)(n / 25) + 1; /* a name or a title may cross it */
  float need = body * 0.9f > 9 ? body * 0.9f : 9;
  int ng = 0;
  for (size_t k = 1; k < nb;) {
    if (cov[k] > allow) {
      k++;
      continue;
    }
    size_t a = k;
    while (k < nb && cov[k] <= allow) k++;
    float w = (float)(k - a) / scale;
    if (k >= nb || w < need) continue;
    int at = ng < MAX_GUTTERS ? ng++ : MAX_GUTTERS - 1; /* insert by width, widest first */
    if (at == MAX_GUTTERS - 1 && ng == MAX_GUTTERS && w <= g1[at] - g0[at]) continue;
    while (at > 0 && g1[at - 1] - g0[at - 1] < w) {
      g0[at] = g0[at - 1];
      g1[at] = g1[at - 1];
      at--;
    }
    g0[at] = minx + (float)a / scale;
    g1[at] = minx + (float)k / scale;
  }
  free(cov);
  return ng;
}

static void order_segs(order *o, size_t *v, size_t n, int depth);

/* Columns: the gutter's sides, read one after the other between the
 * segments that span it. False when the sides are no columns: most of the
 * smaller side's lines continue a line of the other (a date or place set
 * right), or a side is short. */
static bool split_columns(order *o, size_t *v, size_t n, int depth, float g0, float g1, bool labels_ok);

/* The share of [y0, y1] that the segments v[0,n) cover (their heights summed). */
static float fill(const rd *r, const size_t *v, size_t n, float y0, float y1) {
  if (y1 <= y0) return 1;
  double h = 0;
  for (size_t i = 0; i < n; i++) h += r->s[v[i]].y1 - r->s[v[i]].y0;
  return (float)(h / (y1 - y0));
}

static bool order_columns(order *o, size_t *v, size_t n, int depth) {
  float g0[MAX_GUTTERS], g1[MAX_GUTTERS];
  if (depth > 3 || n > 5000) return false;
  int ng = find_gutters(o->r, v, n, o->body, g0, g1);
  /* columns first: a column of labels hangs beside the column next to it,
   * once the columns are apart */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < ng; i++)
      if (split_columns(o, v, n, depth, g0[i], g1[i], pass == 1)) return true;
  return false;
}

/* A column of labels lab[0,nlab) beside the text d[0,nd): the text in its
 * own reading order, each label (lines one under the other are one label)
 * read before the text's line that opens its row. A row begins where the
 * text pauses: the line is the one after a vertical gap in the text (at
 * least 0.3 of the body size), the widest for its distance from the
 * label's middle, whether the label is set at its row's top, its middle or
 * lower; the row of the label before is one such place (a date under its
 * section's title shares the title's row). At most MAX_LABEL_SCAN lines are
 * weighed for each label. */
#define MAX_LABEL_SCAN 400
static void read_labels(order *o, size_t *d, size_t nd, size_t *lab, size_t nlab, int depth) {
  const rd *r = o->r;
  size_t start = o->nout;
  order_segs(o, d, nd, depth);
  size_t m = o->nout - start;
  size_t *text = cvx_xmalloc((m ? m : 1) * sizeof *text);
  memcpy(text, o->out + start, m * sizeof *text);
  o->nout = start;
  sort_top(r, lab, nlab);
  size_t at = 0;            /* the text read so far */
  float above = -1e9f;      /* the foot of the label before */
  float at_gap = 0, at_y = 0; /* the gap and place where the label before went */
  bool empty_row = false;   /* the label before has no line beside it: the text after it starts below its foot */
  for (size_t i = 0; i < nlab;) {
    size_t k = i + 1;
    float top = r->s[lab[i]].y0, foot = r->s[lab[i]].y1;
    while (k < nlab && r->s[lab[k]].y0 - foot < 0.5f * r->s[lab[k]].size) {
      if (r->s[lab[k]].y1 > foot) foot = r->s[lab[k]].y1;
      k++;
    }
    float mid = (top + foot) / 2, wide = 0.3f * o->body;
    float reach = foot + 1.5f * r->s[lab[k - 1]].size;
    if (k < nlab && r->s[lab[k]].y0 < reach) reach = r->s[lab[k]].y0;
    size_t best = at;
    float best_score = at_gap >= wide ? at_gap / (1 + fabsf(at_y - mid) / o->body) : 0, best_gap = at_gap;
    size_t j = at, row = SIZE_MAX;
    for (; j < m && j - at < MAX_LABEL_SCAN && r->s[text[j]].y0 < reach; j++) {
      const seg *s = &r->s[text[j]];
      if (s->y0 < above || (j == at && i && !empty_row)) continue;
      float gap = j ? s->y0 - r->s[text[j - 1]].y1 : 0;
      /* the row under a label with nothing beside it (a "Contact" whose
       * lines are elsewhere) is free: its pause is from that label's foot */
      if (j == at && empty_row) gap = s->y0 - (j && r->s[text[j - 1]].y1 > above ? r->s[text[j - 1]].y1 : above);
      float score = gap / (1 + fabsf(s->y0 - mid) / o->body);
      if (gap >= wide && score > best_score) {
        best_score = score;
        best_gap = gap;
        best = j;
      }
      /* a line after a pause on the label's own baseline opens its row,
       * whatever pause is wider near it (a date set right of a degree
       * under its section's title, a card beside the first of a row) */
      if (gap >= wide && row == SIZE_MAX && fabsf(s->y1 - r->s[lab[i]].y1) < 0.3f * s->size &&
          r->s[lab[i]].size <= s->size + 0.5f) {
        row = j;
        best_gap = gap;
      }
    }
    if (row != SIZE_MAX) {
      best = row;
      best_score = best_gap;
    }
    if (j == m && m && top - r->s[text[m - 1]].y1 >= wide) { /* below the text's end */
      float gap = top - r->s[text[m - 1]].y1, score = gap / (1 + (mid - top) / o->body);
      if (score > best_score) {
        best_score = score;
        best_gap = gap;
        best = m;
      }
    }
    bool fallback = best_score == 0;
    if (fallback) { /* no pause near it: after the text wholly above it (a name over an empty row) */
      while (best < m && best - at < MAX_LABEL_SCAN && r->s[text[best]].y1 <= top) best++;
      best_gap = best && best < m ? r->s[text[best]].y0 - r->s[text[best - 1]].y1 : 0;
    }
    empty_row = fallback && (best == m || r->s[text[best]].y0 > foot);
    if (best != at || !i) {
      at_gap = best_gap;
      at_y = best < m ? r->s[text[best]].y0 : foot;
    }
    /* a one-line label no larger than the row's first line, beside it, or
     * a label on that line's baseline: a date or a place set right of a
     * title, a card beside the first of its row, read after the line */
    const seg *b = best < m ? &r->s[text[best]] : NULL, *lb = &r->s[lab[i]];
    if (b && (row != SIZE_MAX || (k == i + 1 && lb->size <= b->size + 0.5f && mid >= b->y0 && mid <= b->y1))) {
      best++;
      while (best < m && fabsf(r->s[text[best]].y1 - b->y1) < 0.4f * b->size && r->s[text[best]].x0 > b->x1) best++;
    }
    while (at < best) o->out[o->nout++] = text[at++];
    for (; i < k; i++) o->out[o->nout++] = lab[i];
    above = foot;
  }
  while (at < m) o->out[o->nout++] = text[at++];
  free(text);
}

static size_t zone_of(const rd *r, const size_t *S, size_t ns, size_t k) {
  float c = (r->s[k].y0 + r->s[k].y1) / 2;
  size_t z = 0;
  while (z < ns && c >= r->s[S[z]].y1) z++;
  return z;
}

static bool split_columns(order *o, size_t *v, size_t n, int depth, float g0, float g1, bool labels_ok) {
  const rd *r = o->r;
  size_t *L = cvx_xmalloc(n * sizeof *L), *R = cvx_xmalloc(n * sizeof *R), *S = cvx_xmalloc(n * sizeof *S);
  size_t nl = 0, nr = 0, ns = 0;
  float ly0 = 1e9f, ly1 = -1e9f, ry0 = 1e9f, ry1 = -1e9f;
  for (size_t i = 0; i < n; i++) {
    const seg *s = &r->s[v[i]];
    /* a segment that reaches into the gutter (the few the gutter allows)
     * without crossing it stays on its side */
    bool crosses = s->x0 < g0 + 1 && s->x1 > g1 - 1;
    if (!crosses && s->x0 + s->x1 < g0 + g1) {
      L[nl++] = v[i];
      if (s->y0 < ly0) ly0 = s->y0;
      if (s->y1 > ly1) ly1 = s->y1;
    } else if (!crosses) {
      R[nr++] = v[i];
      if (s->y0 < ry0) ry0 = s->y0;
      if (s->y1 > ry1) ry1 = s->y1;
    } else {
      S[ns++] = v[i];
    }
  }
  /* a few segments span the gutter (a name, a section title over both
   * columns); many are no columns, and would cost a zone each */
  bool ok = nl >= 2 && nr >= 2 && ns <= 64 && ly1 - ly0 > 3 * o->body && ry1 - ry0 > 3 * o->body;
  int labels = 0; /* 1: the left side is a column of labels, 2: the right one */
  if (ok) {
    const size_t *small = nl < nr ? L : R, *big = nl < nr ? R : L;
    size_t nsmall = nl < nr ? nl : nr, nbig = nl < nr ? nr : nl, shared = 0;
    if (nsmall > 400) nsmall = 400; /* a sample bounds the pairs */
    if (nbig > 400) nbig = 400;
    /* each smaller-side line's baseline offset to the nearest line of the
     * other side, when it is within a third of its size: the line continues
     * a line of the other side */
    float *off = cvx_xmalloc(nsmall * sizeof *off);
    size_t noff = 0;
    for (size_t i = 0; i < nsmall; i++) {
      const seg *s = &r->s[small[i]];
      float best = 1e9f;
      for (size_t j = 0; j < nbig; j++) {
        float d = s->y1 - r->s[big[j]].y1;
        if (fabsf(d) < fabsf(best)) best = d;
      }
      if (fabsf(best) < 0.3f * s->size) off[noff++] = best;
    }
    /* rows share one offset (a date set in a smaller font sits a fixed
     * distance off its title's baseline); a sidebar beside dense text meets
     * the other side's lines at offsets that vary. With a few lines only
     * there is no telling: any line continued counts */
    shared = noff;
    if (nsmall >= 5) {
      shared = 0;
      for (size_t i = 0; i < noff; i++) {
        size_t k = 0;
        for (size_t j = 0; j < noff; j++) k += fabsf(off[i] - off[j]) <= 0.35f;
        if (k > shared) shared = k;
      }
    }
    free(off);
    /* most of the smaller side's lines continue a line of the other: a
     * column of dates or places beside the entries, read row by row with them */
    bool rows = shared * 2 > nsmall;
    /* a side of titles only (every line larger than the body text) is a
     * column of section titles hung beside their sections */
    size_t titles = 0;
    for (size_t i = 0; i < nsmall; i++) titles += r->s[small[i]].size >= o->body * 1.18f;
    /* a side whose lines fill little of its height is a column of labels
     * (section titles, dates, places hung beside the entries); a sidebar or
     * a second column is dense. Labels are read with the entries they
     * stand by (read_labels) */
    float fl = fill(r, L, nl, ly0, ly1), fr = fill(r, R, nr, ry0, ry1);
    ok = !rows && titles < nsmall && fl >= 0.4f && fr >= 0.4f;
    /* each side opens with a title of its own on one baseline, in one style
     * ("About" beside "Experience"): two columns, however sparse one is */
    if (!ok && !rows && nl >= 3 && nr >= 3) {
      const seg *tl = NULL, *tr = NULL;
      for (size_t i = 0; i < nl; i++)
        if (!tl || r->s[L[i]].y0 < tl->y0) tl = &r->s[L[i]];
      for (size_t i = 0; i < nr; i++)
        if (!tr || r->s[R[i]].y0 < tr->y0) tr = &r->s[R[i]];
      ok = fabsf(tl->y1 - tr->y1) < 0.3f * tl->size && tl->bold == tr->bold &&
           fabsf(tl->size - tr->size) < 0.5f && tl->size >= o->body * 1.1f;
    }
    if (!ok && !rows && labels_ok) {
      /* the text beside the labels is dense with its lines across the gutter */
      float sy0 = 1e9f, sy1 = -1e9f, sh = 0;
      for (size_t i = 0; i < ns; i++) {
        const seg *s = &r->s[S[i]];
        sy0 = s->y0 < sy0 ? s->y0 : sy0;
        sy1 = s->y1 > sy1 ? s->y1 : sy1;
        sh += s->y1 - s->y0;
      }
      float fls = (fl * (ly1 - ly0) + sh) / ((ly1 > sy1 ? ly1 : sy1) - (ly0 < sy0 ? ly0 : sy0));
      float frs = (fr * (ry1 - ry0) + sh) / ((ry1 > sy1 ? ry1 : sy1) - (ry0 < sy0 ? ry0 : sy0));
      bool left = fl < 0.4f && frs >= 0.4f, right = fr < 0.4f && fls >= 0.4f;
      if (titles == nsmall) labels = small == L ? 1 : 2;
      else if (left && right) labels = fl <= fr ? 1 : 2;
      else if (left || right) labels = left ? 1 : 2;
    }
    if (r->debug)
      fprintf(stderr, "pdf gutter %.1f-%.1f: left %zu right %zu spanning %zu shared %zu/%zu fill %.2f %.2f: %s\n",
              (double)g0, (double)g1, nl, nr, ns, shared, nsmall, (double)fill(r, L, nl, ly0, ly1),
              (double)fill(r, R, nr, ry0, ry1), ok ? "columns" : labels ? "labels" : "no");
    for (size_t i = 0; r->debug && i < ns && i < 8; i++) {
      cvx_buf dt = CVX_BUF_INIT;
      seg_text(r, &r->s[S[i]], &dt);
      fprintf(stderr, "  spanning %.1f-%.1f y%.1f %s\n", (double)r->s[S[i]].x0, (double)r->s[S[i]].x1,
              (double)r->s[S[i]].y1, dt.ptr ? dt.ptr : "");
      cvx_buf_free(&dt);
    }
  }
  if (labels) {
    /* the lines across the gutter are the text's (a name, a wide line):
     * the labels hang beside all of it */
    size_t *d = labels == 1 ? R : L, nd = labels == 1 ? nr : nl;
    memcpy(d + nd, S, ns * sizeof *S);
    if (labels == 1) read_labels(o, d, nd + ns, L, nl, depth + 1);
    else read_labels(o, d, nd + ns, R, nr, depth + 1);
  } else if (ok) {
    sort_top(r, S, ns);
    size_t *zl = cvx_xmalloc(n * sizeof *zl), *zr = cvx_xmalloc(n * sizeof *zr);
    for (size_t z = 0; z <= ns; z++) {
      /* a side's segment goes before the first spanning segment whose foot is
       * below its middle: every one in one zone, one beside a spanning
       * segment (a title set left of a wide line) read before it */
      size_t a = 0, b = 0;
      for (size_t i = 0; i < nl; i++)
        if (zone_of(r, S, ns, L[i]) == z) zl[a++] = L[i];
      for (size_t i = 0; i < nr; i++)
        if (zone_of(r, S, ns, R[i]) == z) zr[b++] = R[i];
      order_segs(o, zl, a, depth + 1);
      order_segs(o, zr, b, depth + 1);
      if (z < ns) o->out[o->nout++] = S[z];
    }
    free(zl);
    free(zr);
  }
  free(L);
  free(R);
  free(S);
  return ok || labels;
}

static void order_segs(order *o, size_t *v, size_t n, int depth) {
  if (!n) return;
  if (order_columns(o, v, n, depth)) return;
  sort_top(o->r, v, n);
  for (size_t i = 0; i < n; i++) o->out[o->nout++] = v[i];
}

/* ----------------------------------------------------------------- blocks */

static const char *const bullets[] = {"\xe2\x80\xa2", "\xe2\x97\xa6", "\xe2\x96\xaa", "\xe2\x80\xa3", "\xe2\x97\x8f",
                                      "\xe2\x97\x8b", "\xe2\x96\xa0", "\xc2\xb7",     "\xe2\x81\x83", "-",
                                      "\xe2\x80\x93", "*",            "\xef\x82\xb7", "\xe2\x9e\xa2", NULL};

/* Marks that are bullets only in a run of lines that start with them: alone,
 * "- Present" is a date range with no start, "* " a footnote. */
static bool weak_bullet(const char *b) { return strcmp(b, "-") == 0 || strcmp(b, "*") == 0 || strcmp(b, "\xe2\x80\x93") == 0; }

/* The bullet that opens t (followed by a blank, or alone), or NULL. */
static const char *bullet_of(const char *t, size_t *len) {
  for (int i = 0; bullets[i]; i++) {
    size_t k = strlen(bullets[i]);
    if (strncmp(t, bullets[i], k) == 0 && (t[k] == ' ' || (t[k] == '\0' && k > 1))) {
      *len = k;
      return bullets[i];
    }
  }
  return NULL;
}

/* Rounded to half points: sizes that differ by less are one size. */
static float half(float x) { return roundf(x * 2) / 2; }

#define MAX_BESIDE 8
typedef struct emitter {
  rd *r;
  cvx_lb *lb;
  float body;
  float hsizes[6];
  int nh;
  /* the line before */
  bool have;
  float px0, py0, py1, psize;
  float pcell, pcell_w; /* x and width of the line's last cell */
  bool plabel;          /* its first cell a label beside text: less than half the last one's width */
  float plabel_x1;      /* where that first cell ends */
  bool phyph;   /* it ended in a word broken by a hyphen ("charac-") */
  float px1;    /* where it ends */
  float pright; /* the right edge of the lines at its margin (0: unknown) */
  bool plast_bold; /* its last letter bold: a bold run that may go on below */
  int pwords;      /* the words of its last segment */
  float pgap;      /* its gap under the line before, when it went on from it (else 0) */
  bool pbold, in_item;
  int page;
  cvx_blk_kind kind;
  float item_x;
  float cell_gap; /* in ems: a wider gap between words is a cell boundary (cell_gap_of) */
  /* the narrow gap between words of each style (size and weight) of the
   * document, in ems (style_gaps): a style set with two widths of gap has
   * cells where the wider one is */
  int nstyles;
  struct {
    float size, low;
    bool bold;
  } styles[32];
  float para_gap; /* in ems: a wider gap between lines starts a new block (para_gap_of) */
  bool carry; /* the next line is a new page's first, and may go on with the block the page broke (carries) */
  /* a line set beside the line before, on its baseline (a date right of a
   * title): held until the text of that row ends, so that the title's
   * wrapped rest joins the title, not the date */
  size_t beside[MAX_BESIDE], nbeside;
  bool debug; /* CVX_PDF_DEBUG: each line's place, size and segments on stderr */
  cvx_buf t;
} emitter;

static int heading_level(const emitter *e, float size) {
  for (int i = 0; i < e->nh; i++)
    if (half(size) >= e->hsizes[i]) return i + 1;
  return e->nh ? e->nh : 1;
}

/* A stop or a comma: the space after it is wider in TeX's setting. */
static bool stop_mark(const rd *r, const glyph *gl) {
  size_t n;
  const char *t = glyph_text(r, gl, &n);
  return n == 1 && strchr(".:;!?,", t[0]);
}

/* The spaces between the words of a segment (gaps wider than its word
 * gap): the narrowest and widest of those not after a stop or a comma,
 * how many there are in all, and whether one follows a stop. */
typedef struct word_gaps {
  float mn, mx;
  int n;
  bool after_stop;
} word_gaps;

static word_gaps gaps_of(const rd *r, const seg *s, float wg) {
  word_gaps w = {HUGE_VALF, 0, 0, false};
  const glyph *pv = NULL;
  for (size_t i = s->g0; i < s->g1; i++) {
    const glyph *gl = &r->g[i];
    if (gl->space) continue;
    float g = pv ? gl->x0 - pv->x1 : 0;
    if (pv && g > wg) {
      w.n++;
      if (stop_mark(r, pv)) {
        w.after_stop = true;
      } else {
        if (g < w.mn) w.mn = g;
        if (g > w.mx) w.mx = g;
      }
    }
    pv = gl;
  }
  return w;
}

/* The gap from which two runs of words of segment s are cells: the page's
 * (cell, in points), or less on a line whose spaces are of two widths,
 * the wider over 1.6 times the narrower and half an em at least ("Vite" |
 * "Apache Flink": tags set a space plus their paddings apart, narrower than a
 * cell's gap): then half way between the two. A justified line widens
 * all of its spaces alike; spaces after a stop or a comma (wider in TeX's
 * setting) are not counted, nor cut there (put_seg). */
static float uneven_cell_gap(const seg *s, const word_gaps *w, float cell) {
  if (w->mx >= 1.6f * w->mn && w->mx >= 0.5f * s->size && 0.5f * (w->mn + w->mx) < cell) return 0.5f * (w->mn + w->mx);
  return cell;
}

/* The narrow gap of a style: the fifth of its gaps between words, over
 * the document, in ems; 0 when it has fewer than three. */
static float style_low(const emitter *e, const seg *s) {
  for (int i = 0; i < e->nstyles; i++)
    if (e->styles[i].size == half(s->size) && e->styles[i].bold == s->bold) return e->styles[i].low;
  return 0;
}

static void style_gaps(emitter *e) {
  const rd *r = e->r;
  size_t cap = 4096;
  float *gaps = cvx_xmalloc(cap * sizeof *gaps);
  e->nstyles = 0;
  for (size_t i = 0; i < r->ns; i++) {
    const seg *s = &r->s[i];
    if (s->furniture || s->size <= 0) continue;
    bool known = false;
    for (int k = 0; k < e->nstyles && !known; k++) known = e->styles[k].size == half(s->size) && e->styles[k].bold == s->bold;
    if (known || e->nstyles == 32) continue;
    /* every gap of this style, from this segment on */
    size_t n = 0;
    for (size_t j = i; j < r->ns && n < cap; j++) {
      const seg *t = &r->s[j];
      if (t->furniture || half(t->size) != half(s->size) || t->bold != s->bold) continue;
      float wg = word_gap(r, t);
      const glyph *pv = NULL;
      for (size_t k = t->g0; k < t->g1 && n < cap; k++) {
        const glyph *gl = &r->g[k];
        if (gl->space) continue;
        if (pv && gl->x0 - pv->x1 > wg && !stop_mark(r, pv)) gaps[n++] = (gl->x0 - pv->x1) / t->size;
        pv = gl;
      }
    }
    float low = 0;
    if (n >= 3) {
      qsort(gaps, n, sizeof *gaps, cmp_float);
      low = gaps[n / 5];
    }
    e->styles[e->nstyles].size = half(s->size);
    e->styles[e->nstyles].bold = s->bold;
    e->styles[e->nstyles].low = low;
    e->nstyles++;
  }
  free(gaps);
}

/* The gap from which two runs of words of a short segment s are cells when
 * each of its one to three spaces is wide: 1.6 times its style's narrow
 * gap (style_low) and half an em at least. Tags set a space plus their
 * paddings apart, one or two to a line ("Terraform" | "Docker"), which no
 * other space on their line tells from a word's, but the words of a tag
 * do elsewhere ("Google Cloud"). A justified line, which widens its spaces,
 * reaches the column's edge: short says the segment does not. cell
 * otherwise. */
static float wide_cell_gap(const emitter *e, const seg *s, const word_gaps *w, float cell, bool short_line) {
  float low = style_low(e, s);
  if (!short_line || low <= 0 || w->after_stop) return cell;
  float wide = 1.6f * low > 0.5f ? 1.6f * low : 0.5f;
  if (w->n < 1 || w->n > 3 || w->mn < wide * s->size) return cell;
  float at = 0.5f * (low * s->size + w->mn);
  return at < cell ? at : cell;
}

/* Writes segment s's glyphs into the builder, opening and closing links
 * (and the links of icons it carries, icon_links). */
static void put_seg(emitter *e, const seg *s, size_t skip, bool short_line) {
  rd *r = e->r;
  const glyph *prev = NULL;
  bool space = false, wrote = false;
  int32_t link = -1;
  size_t done = 0;
  float wg = word_gap(r, s);
  word_gaps wgs = gaps_of(r, s, wg);
  float cell_at = uneven_cell_gap(s, &wgs, e->cell_gap * s->size);
  cell_at = wide_cell_gap(e, s, &wgs, cell_at, short_line);
  for (size_t i = s->g0; i < s->g1; i++) {
    const glyph *gl = &r->g[i];
    if (gl->space) continue;
    if (done < skip) { /* the bullet already written */
      size_t gn;
      (void)glyph_text(r, gl, &gn);
      done += gn;
      prev = gl;
      continue;
    }
    float gap = prev ? gl->x0 - prev->x1 : 0;
    space = prev && gap > wg;
    /* a gap several spaces wide inside a run: cells (tags or chips set
     * side by side, a label and its value), not words */
    bool cell = space && (gap > e->cell_gap * s->size || (gap > cell_at && !stop_mark(r, prev))) && wrote;
    if (gl->link != link) {
      if (link >= 0) cvx_lb_link_end(e->lb);
      if (cell) cvx_lb_tab(e->lb);
      else if (space && prev && done >= skip) cvx_lb_put(e->lb, " ", 1);
      space = cell = false;
      link = gl->link;
      if (link >= 0) cvx_lb_link_begin(e->lb, r->links[link].url);
    }
    if (cell) cvx_lb_tab(e->lb);
    else if (space && prev) cvx_lb_put(e->lb, " ", 1);
    space = false;
    size_t gn;
    const char *gt = glyph_text(r, gl, &gn);
    cvx_lb_put(e->lb, gt, gn);
    wrote = true;
    prev = gl;
  }
  if (link >= 0) cvx_lb_link_end(e->lb);
  for (size_t k = 0; s->icon_link && k < r->nlinks; k++)
    if (r->links[k].seg == s - r->s) { /* an icon's link: no text of its own */
      cvx_lb_link_begin(e->lb, r->links[k].url);
      cvx_lb_link_end(e->lb);
    }
}

/* Links drawn over no glyph (an icon that links a profile, its glyph no
 * text): each is carried by the segment on its row nearest to it, within
 * six of that segment's ems, else by the nearest segment less than one and
 * a half ems above or below it; a link with no segment near is dropped, as
 * a picture. At most MAX_ICON_LINKS are placed. */
#define MAX_ICON_LINKS 256
static void icon_links(rd *r) {
  if (!r->nlinks) return;
  bool *used = cvx_xcalloc(r->nlinks, sizeof *used);
  for (size_t i = 0; i < r->ng; i++)
    if (r->g[i].link >= 0) used[r->g[i].link] = true;
  size_t placed = 0;
  for (size_t k = 0; k < r->nlinks && placed < MAX_ICON_LINKS; k++) {
    plink *l = &r->links[k];
    if (used[k]) continue;
    float cy = (l->y0 + l->y1) / 2, best = 1e9f;
    for (size_t i = 0; i < r->ns; i++) {
      const seg *s = &r->s[i];
      if (s->page != l->page || s->furniture) continue;
      float dx = fmaxf(0, fmaxf(s->x0 - l->x1, l->x0 - s->x1));
      float dy = fmaxf(0, fmaxf(s->y0 - cy, cy - s->y1));
      float d = dy <= 0.5f * s->size ? (dx <= 6 * s->size ? dx : 1e9f)
                                     : (dy <= 1.5f * s->size ? 1e4f + dy * 100 + dx : 1e9f);
      if (d < best) {
        best = d;
        l->seg = (int64_t)i;
      }
    }
    if (l->seg >= 0) {
      r->s[l->seg].icon_link = true;
      placed++;
    }
  }
  free(used);
}

/* The width of the first word of segment s (its glyphs up to the first space). */
static float first_word(const rd *r, const seg *s) {
  float wg = word_gap(r, s), x0 = 0, x1 = 0;
  const glyph *prev = NULL;
  for (size_t i = s->g0; i < s->g1; i++) {
    const glyph *gl = &r->g[i];
    if (gl->space) {
      if (prev) break;
      continue;
    }
    if (prev && gl->x0 - prev->x1 > wg) break;
    if (!prev) x0 = gl->x0;
    x1 = gl->x1;
    prev = gl;
  }
  return x1 - x0;
}

/* The line held beside the row before (emitter.beside), as the row's next line. */
static void put_beside(emitter *e) {
  for (size_t i = 0; i < e->nbeside; i++) {
    if (i) cvx_lb_tab(e->lb);
    else cvx_lb_newline(e->lb);
    put_seg(e, &e->r->s[e->beside[i]], 0, false);
  }
  e->nbeside = 0;
}

/* One line: segments line[0,n) on one baseline, in reading order; a
 * heading at bold_level when its weight made it one (> 0); right: the right
 * edge of the lines at its margin (0: unknown). */
static void emit_line(emitter *e, const size_t *line, size_t n, int bold_level, bool weak_ok, float right,
                      float below) {
  rd *r = e->r;
  const seg *f = &r->s[line[0]];
  float x0 = f->x0, y0 = f->y0, y1 = f->y1, size = f->size;
  bool bold = true;
  for (size_t i = 0; i < n; i++) {
    const seg *s = &r->s[line[i]];
    if (s->y0 < y0) y0 = s->y0;
    if (s->y1 > y1) y1 = s->y1;
    if (!s->bold) bold = false;
  }
  seg_text(r, f, &e->t);
  if (e->debug) {
    fprintf(stderr, "pdf p%d x%.1f y%.1f-%.1f size %.1f%s level %d n%zu:", f->page + 1, (double)x0, (double)y0,
            (double)y1, (double)size, bold ? " bold" : "", bold_level, n);
    for (size_t i = 0; i < n; i++) {
      cvx_buf dt = CVX_BUF_INIT;
      seg_text(r, &r->s[line[i]], &dt);
      fprintf(stderr, " [%.1f %s]", (double)r->s[line[i]].x0, dt.ptr ? dt.ptr : "");
      const seg *ds = &r->s[line[i]];
      const glyph *pv = NULL;
      float wg = word_gap(r, ds);
      for (size_t g = ds->g0; g < ds->g1; g++) {
        if (r->g[g].space) continue;
        if (pv && r->g[g].x0 - pv->x1 > wg) fprintf(stderr, "{%.2f}", (double)((r->g[g].x0 - pv->x1) / ds->size));
        pv = &r->g[g];
      }
      cvx_buf_free(&dt);
    }
    fputc('\n', stderr);
  }
  size_t blen = 0;
  const char *bullet = bullet_of(e->t.ptr, &blen);
  if (bullet && weak_bullet(bullet) && !weak_ok) {
    bullet = NULL;
    blen = 0;
  }
  bool drawn = !bullet && f->dot; /* a bullet drawn as a shape: the item's text is the whole line */
  if (drawn) bullet = "\xe2\x80\xa2";
  bool heading = (half(size) >= e->body * 1.18f && e->t.len <= 120 && !bullet && !f->byline) || bold_level > 0;
  /* the line before was broken by the layout, not by its writer: it ends
   * near the right edge of the lines at its margin, so that this line's
   * first word would not have fit after it. Read as one line, as its text
   * copied from the page it was printed from shows it */
  bool first_bold = false;
  for (size_t g = f->g0; g < f->g1; g++)
    if (!r->g[g].space) {
      first_bold = r->g[g].bold;
      break;
    }
  /* …in one weight across the break (a bold title over its regular text is two lines) */
  bool wrapped = e->have && e->pright > 0 && e->plast_bold == first_bold &&
                 e->px1 + 0.3f * e->psize + first_word(r, f) > e->pright + 0.5f;
  float gap = e->carry ? 0 : y0 - e->py1;
  /* a line set apart by a little more than the page's paragraphs leave
   * between their lines, at another margin, starts a block of its own (a
   * title over its indented text; a date, title and employer at one margin
   * stay one head) */
  bool shift = fabsf(x0 - e->px0) > size;
  /* …or at its margin, a line in the regular weight under a bold one (a
   * title over its description, set apart as paragraphs are, and more than
   * the bold line from the line it went on from: lines of one head set
   * evenly stay one block) */
  bool unbold = e->pbold && !bold && e->plast_bold && gap > 1.3f * e->pgap;
  float limit = shift || unbold ? e->para_gap : 0.75f;
  bool near = e->have && (e->carry || (e->page == f->page && gap < limit * size && gap > -0.5f * size && y0 > e->py0));
  bool cont = false;
  if (heading)
    cont = near && e->kind == CVX_BLK_HEADING && half(size) == half(e->psize);
  else if (bullet)
    cont = false;
  else if (e->in_item)
    cont = near && x0 >= e->item_x - 2 && half(size) == half(e->psize) && !(bold && !e->pbold && !(wrapped && e->plast_bold));
  else
    cont = near && e->kind == CVX_BLK_PARA && half(size) == half(e->psize) &&
           !(bold && !e->pbold && !(wrapped && e->plast_bold)) &&
           (fabsf(x0 - e->px0) < 4 * size || (e->plabel && fabsf(x0 - e->pcell) < 2));
  /* a line in another size at the margin of the line above, nearer to it
   * than to the line below by half at least, goes with it: set close under
   * an entry's title, its dates in smaller type ("Engineer, Initech" /
   * "May 2019 - Present" / a wide gap / the next title). A line no smaller
   * than the one above clings only when set closer than three quarters of
   * its em: a one-line description a paragraph's gap under its dates is a
   * block of its own. */
  bool cling = !cont && e->have && e->page == f->page && e->kind == CVX_BLK_PARA && !e->in_item && !heading &&
               !bullet && half(size) != half(e->psize) && fabsf(x0 - e->px0) < 2 && gap > -0.5f * size &&
               gap < 1.5f * (size > e->psize ? size : e->psize) && below > 2 * (gap > 0 ? gap : 0) && below > size &&
               (size < e->psize || gap < 0.75f * size);
  if (cling) cont = true;
  /* a line on the baseline of the line above, right of its end, in
   * another size (a date set right of its title): the rest of that row */
  bool beside = e->have && e->page == f->page && e->kind == CVX_BLK_PARA && !e->in_item && !heading && !bullet &&
                fabsf(y1 - e->py1) < 0.4f * size && x0 > e->px1 && n <= MAX_BESIDE;
  if (beside) { /* held until the row's text ends; the line under it is weighed against the row's first line */
    put_beside(e);
    memcpy(e->beside, line, n * sizeof *line);
    e->nbeside = n;
    if (y1 > e->py1) e->py1 = y1;
    if (e->pright > 0 && x0 < e->pright) e->pright = x0; /* the row's text ends where the line beside begins */
    e->carry = false;
    return;
  }
  if ((f->paired || f->runon) && n == 1 && e->have && e->page == f->page && e->kind == CVX_BLK_PARA && !e->in_item &&
      !heading && !bullet && half(size) == half(e->psize))
    cont = true; /* the next cell of a table read column by column */
  /* after a label and its text, a line under the text goes on with it; a
   * label at the margin of the label before, beside text, is the next row of
   * the label column */
  if (cont && n > 1 && e->plabel && (fabsf(x0 - e->px0) < 2 || fabsf(f->x1 - e->plabel_x1) < 2) &&
      f->x1 - f->x0 < 0.5f * e->pcell_w)
    cont = false; /* labels set flush left or flush right */
  if (cont && e->phyph && e->t.len && g_unichar_islower(g_utf8_get_char(e->t.ptr))) {
    cvx_lb_join_hyphen(e->lb); /* "charac-" + "terises": one word */
  } else if (cont && !cling && wrapped && (fabsf(x0 - e->px0) < 2 || e->in_item) &&
             (heading || e->pwords >= 3 || (e->t.len && g_unichar_islower(g_utf8_get_char(e->t.ptr))))) {
    /* a heading, or text of a few words at least (a list's short items,
     * the widest of them at a narrow column's edge, are lines of their own) */
    cvx_lb_join_space(e->lb);
  } else if (cont && f->runon && n == 1) {
    cvx_lb_join_space(e->lb); /* the rest of a cell ending in a comma */
  } else if (cont) {
    put_beside(e);
    cvx_lb_newline(e->lb);
  } else {
    put_beside(e);
    if (e->have) cvx_lb_newline(e->lb);
    if (heading) {
      cvx_lb_begin(e->lb, CVX_BLK_HEADING, bold_level > 0 ? bold_level : heading_level(e, size), NULL);
      e->kind = CVX_BLK_HEADING;
      e->in_item = false;
    } else if (bullet) {
      cvx_lb_begin(e->lb, CVX_BLK_ITEM, 0, bullet);
      cvx_lb_raw(e->lb, e->t.ptr, blen);
      e->kind = CVX_BLK_ITEM;
      e->in_item = true;
      e->item_x = drawn ? x0 : x0 + size;
    } else {
      cvx_lb_begin(e->lb, CVX_BLK_PARA, 0, NULL);
      e->kind = CVX_BLK_PARA;
      e->in_item = false;
    }
  }
  bool first_line = !cont;
  for (size_t i = 0; i < n; i++) {
    if (i) cvx_lb_tab(e->lb);
    put_seg(e, &r->s[line[i]], i == 0 ? blen : 0, right > 0 && r->s[line[n - 1]].x1 < right - 2 * size);
    if (first_line && r->s[line[i]].bold && !heading && (i + 1 == n || !r->s[line[i + 1]].bold)) {
      cvx_lb_strong(e->lb);
      first_line = false;
    } else if (!r->s[line[i]].bold) {
      first_line = false;
    }
  }
  e->have = true;
  e->px0 = x0;
  e->pcell = r->s[line[n - 1]].x0;
  e->pcell_w = r->s[line[n - 1]].x1 - e->pcell;
  e->plabel = n > 1 && f->x1 - f->x0 < 0.5f * e->pcell_w;
  e->plabel_x1 = f->x1;
  const seg *ls = &r->s[line[n - 1]];
  e->px1 = ls->x1;
  e->pright = n == 1 ? right : 0; /* a line of cells is no wrapped text */
  e->plast_bold = false;
  for (size_t g = ls->g1; g-- > ls->g0;)
    if (!r->g[g].space) {
      e->plast_bold = r->g[g].bold;
      break;
    }
  /* the line's last word broken by a hyphen: a letter, then '-' or a soft hyphen, then the line's end */
  seg_text(r, &r->s[line[n - 1]], &e->t);
  e->phyph = false;
  e->pwords = e->t.len ? 1 : 0;
  for (size_t q = 0; q < e->t.len; q++) e->pwords += e->t.ptr[q] == ' ';
  if (e->t.len >= 3) {
    const char *end = e->t.ptr + e->t.len, *h = g_utf8_find_prev_char(e->t.ptr, end);
    gunichar hc = h ? g_utf8_get_char(h) : 0;
    const char *l = h && (hc == '-' || hc == 0xAD || hc == 0x2010) ? g_utf8_find_prev_char(e->t.ptr, h) : NULL;
    const char *l2 = l ? g_utf8_find_prev_char(e->t.ptr, l) : NULL;
    e->phyph = l2 && g_unichar_islower(g_utf8_get_char(l)) && g_unichar_isalpha(g_utf8_get_char(l2));
  }
  e->pgap = cont && gap > 0 ? gap : 0;
  e->carry = false;
  e->py0 = y0;
  e->py1 = y1;
  e->psize = size;
  e->pbold = bold;
  e->page = f->page;
}

/* The body size: the size most glyphs have. */
static float body_size(const rd *r) {
  float sizes[64];
  size_t counts[64] = {0};
  int ns = 0;
  for (size_t i = 0; i < r->ns; i++) {
    const seg *s = &r->s[i];
    if (s->furniture) continue;
    float h = half(s->size);
    int k = 0;
    while (k < ns && sizes[k] != h) k++;
    if (k == ns) {
      if (ns == 64) continue;
      sizes[ns++] = h;
    }
    counts[k] += s->nvis;
  }
  float best = 10;
  size_t bc = 0;
  for (int k = 0; k < ns; k++)
    if (counts[k] > bc) {
      bc = counts[k];
      best = sizes[k];
    }
  return best;
}

/* The heading sizes, largest first (at most six). */
static void heading_sizes(emitter *e) {
  e->nh = 0;
  for (size_t i = 0; i < e->r->ns; i++) {
    const seg *s = &e->r->s[i];
    float h = half(s->size);
    if (s->furniture || h < e->body * 1.18f) continue;
    int k = 0;
    while (k < e->nh && e->hsizes[k] != h) k++;
    if (k < e->nh) continue;
    if (e->nh < 6) {
      e->hsizes[e->nh++] = h;
    } else if (h > e->hsizes[5]) {
      e->hsizes[5] = h;
    } else {
      continue;
    }
    for (int a = e->nh - 1; a > 0 && e->hsizes[a] > e->hsizes[a - 1]; a--) {
      float t = e->hsizes[a];
      e->hsizes[a] = e->hsizes[a - 1];
      e->hsizes[a - 1] = t;
    }
  }
}

/* The gap, in ems, from which two runs of words on a line are cells: 2.5
 * times the document's usual space (the median of its word gaps), at least
 * 0.8 em. A justified line stretches its spaces less; chips and tags set
 * side by side are a space plus their paddings apart. */
static float cell_gap_of(const rd *r) {
  size_t cap = 20000, n = 0;
  float *gaps = cvx_xmalloc(cap * sizeof *gaps);
  for (size_t i = 0; i < r->ns && n < cap; i++) {
    const seg *s = &r->s[i];
    if (s->furniture || s->size <= 0) continue;
    float wg = word_gap(r, s);
    const glyph *prev = NULL;
    for (size_t k = s->g0; k < s->g1 && n < cap; k++) {
      const glyph *gl = &r->g[k];
      if (gl->space) continue;
      if (prev && gl->x0 - prev->x1 > wg) gaps[n++] = (gl->x0 - prev->x1) / s->size;
      prev = gl;
    }
  }
  float space = 0.3f;
  if (n >= 8) {
    qsort(gaps, n, sizeof *gaps, cmp_float);
    space = gaps[n / 2];
  }
  free(gaps);
  return space * 2.5f > 0.8f ? space * 2.5f : 0.8f;
}

/* A line of the reading order: segments out[k, m) of page page. */
typedef struct pline {
  size_t k, m;
  int page;
  float x0, size;
  bool bold;   /* every segment bold */
  bool title;  /* a bold title candidate (bold_title) */
  float x1;    /* where it ends */
  float right; /* the right edge of the page's lines at its margin, three at least (0: fewer) */
  int level;   /* > 0: a heading by weight, at this level */
  const char *weak; /* the weak bullet it starts with (weak_bullet), or NULL */
  bool weak_ok;     /* …and a line next to it starts with the same: a list */
  float below;      /* the gap to the next line on its page (HUGE_VALF: the page's last line) */
} pline;

/* A line that may be a title by its weight alone: one run, all bold, in the
 * body size (a larger one is a heading by size; a smaller one is a label,
 * unless it is in capitals: a section title set small and spaced out),
 * short (six words, 60 bytes), no digit, no bullet, not ending as a
 * sentence, a list or a label does (. , ; :). */
static bool bold_title(emitter *e, const pline *l, const size_t *out, bool bold) {
  const seg *s = &e->r->s[out[l->k]];
  if (l->m - l->k != 1 || l->bold != bold || half(l->size) >= e->body * 1.18f || half(l->size) < e->body * 0.7f) return false;
  seg_text(e->r, s, &e->t);
  size_t len = e->t.len, blen = 0;
  if (!len || len > 60 || bullet_of(e->t.ptr, &blen)) return false;
  int words = 0;
  bool letter = false, lower = false;
  for (const char *p = e->t.ptr; *p; p = g_utf8_next_char(p)) {
    gunichar c = g_utf8_get_char(p);
    if (g_unichar_isdigit(c)) return false;
    letter |= g_unichar_isalpha(c);
    lower |= g_unichar_islower(c);
    words += c != ' ' && (p == e->t.ptr || p[-1] == ' ');
  }
  if (half(l->size) < e->body && lower) return false;
  return letter && words <= 6 && !strchr(".,;:", e->t.ptr[len - 1]);
}

/* The first page's name: its largest line, at least 1.5 times the body size,
 * in the top third of the page, with the lines larger than the body stacked
 * under it at its place (a title, a name's second line). Read before the
 * lines above or beside it (an address block set right of the name, contact
 * lines over it), which the reading order may have put first. */
#define MAX_NAME_LINES 4
static void name_first(rd *r, size_t *out, size_t n, float body) {
  if (n < 2) return;
  size_t top = 0;
  for (size_t i = 1; i < n; i++)
    if (r->s[out[i]].size > r->s[out[top]].size) top = i;
  const seg *nm = &r->s[out[top]];
  float h = r->page_h[nm->page];
  if (nm->size < 1.5f * body || (h > 0 && nm->y0 > h / 3)) return;
  size_t blk[MAX_NAME_LINES], nb = 0;
  blk[nb++] = out[top];
  float foot = nm->y1, mid = (nm->y0 + nm->y1) / 2;
  for (bool grew = true; grew && nb < MAX_NAME_LINES;) {
    grew = false;
    for (size_t i = 0; i < n && nb < MAX_NAME_LINES; i++) {
      const seg *s = &r->s[out[i]];
      bool in = false;
      for (size_t b = 0; b < nb && !in; b++) in = blk[b] == out[i];
      if (in || s->size < body * 1.18f || s->size > nm->size || (s->y0 + s->y1) / 2 <= mid || s->y0 - foot > s->size ||
          s->x0 < nm->x0 - 2 || s->x0 > nm->x1)
        continue;
      blk[nb++] = out[i];
      if (s->y1 > foot) foot = s->y1;
      if (s->size < nm->size - 0.5f) r->s[out[i]].byline = true; /* a title under the name: no section's */
      grew = true;
    }
  }
  /* the block moves before the first line that starts above its foot, when
   * a line not of it comes before one of it */
  size_t first = n, last = 0;
  for (size_t i = 0; i < n; i++) {
    bool in = false;
    for (size_t b = 0; b < nb && !in; b++) in = blk[b] == out[i];
    if (in) last = i;
    else if (first == n && r->s[out[i]].y0 < foot) first = i;
  }
  if (first >= last) return;
  size_t *rest = cvx_xmalloc((n - first) * sizeof *rest), nr = 0, nbk = 0;
  for (size_t i = first; i < n; i++) {
    bool in = false;
    for (size_t b = 0; b < nb && !in; b++) in = blk[b] == out[i];
    if (in) out[first + nbk++] = out[i];
    else rest[nr++] = out[i];
  }
  memcpy(out + first + nbk, rest, nr * sizeof *rest);
  free(rest);
}

/* Segment out[m] goes on the line of out[k, m) by its size: the same size,
 * or a little larger than a line of one segment set smaller at its left (a
 * date or a label in a table's left cell, beside its row's title). */
static bool one_size(const rd *r, const size_t *out, size_t k, size_t m) {
  float a = r->s[out[k]].size, b = r->s[out[m]].size;
  return fabsf(b - a) < 1 || (m == k + 1 && b > a && b <= a * 1.15f);
}

static int cmp_margin(const void *a, const void *b) {
  const pline *p = *(const pline *const *)a, *q = *(const pline *const *)b;
  if (p->x0 != q->x0) return p->x0 < q->x0 ? -1 : 1;
  return p->k < q->k ? -1 : p->k > q->k;
}

/* Each line's right edge: the furthest any line of the document that begins
 * at its x or left of it reaches (its column's edge; a column beside it on
 * the left ends before it begins, one on its right begins after it), when
 * three lines at least begin at its x (within 2 points of the one before).
 * A line that the layout wrapped ends near it; a list's short items do
 * not. O(n log n). */
static void margin_rights(pline *lines, size_t nl) {
  if (!nl) return;
  pline **v = cvx_xmalloc(nl * sizeof *v);
  for (size_t i = 0; i < nl; i++) v[i] = &lines[i];
  qsort(v, nl, sizeof *v, cmp_margin);
  float reach = 0;
  for (size_t i = 0; i < nl;) {
    size_t j = i + 1;
    while (j < nl && v[j]->x0 - v[j - 1]->x0 <= 2) j++;
    for (size_t k = i; k < j; k++) reach = v[k]->x1 > reach ? v[k]->x1 : reach;
    for (size_t k = i; k < j; k++) v[k]->right = j - i >= 3 ? reach : 0;
    i = j;
  }
  free(v);
}

/* A row of group titles over rows of their smaller cells, the groups set
 * side by side as cards ("Web (client)" and "Web (server)" over "vue.js
 * svelte … fastify"): line li holds two titles at least, a few words
 * each in one size, and the lines right under it on its page hold cells in
 * a smaller size, each under one title (the last title at or left of its
 * start), two titles at least with cells. Returns how many such cell lines
 * follow (0: no title row). */
#define MAX_TITLES 8
/* The title of line l (its n segments, left to right) a cell starting at cx
 * stands under: the last one starting at or left of it (the first when
 * none does). */
static size_t title_of(const rd *r, const size_t *out, const pline *l, size_t n, float cx) {
  size_t at = 0;
  while (at + 1 < n && r->s[out[l->k + at + 1]].x0 <= cx + 2) at++;
  return at;
}

static size_t title_row(const rd *r, const size_t *out, const pline *lines, size_t nl, size_t li) {
  const pline *l = &lines[li];
  size_t n = l->m - l->k;
  if (n < 2 || n > MAX_TITLES || li + 1 >= nl) return 0;
  cvx_buf t = CVX_BUF_INIT;
  bool ok = true;
  for (size_t q = l->k; q < l->m && ok; q++) {
    const seg *sg = &r->s[out[q]];
    ok = half(sg->size) == half(l->size);
    if (ok) {
      seg_text(r, sg, &t);
      size_t blen = 0, words = t.len ? 1 : 0;
      for (size_t c = 0; c < t.len; c++) words += t.ptr[c] == ' ';
      ok = t.len && words <= 4 && !bullet_of(t.ptr, &blen) && t.ptr[t.len - 1] != '.';
    }
  }
  cvx_buf_free(&t);
  if (!ok) return 0;
  float foot = 0;
  for (size_t q = l->k; q < l->m; q++)
    if (r->s[out[q]].y1 > foot) foot = r->s[out[q]].y1;
  size_t k = 0;
  bool used[MAX_TITLES] = {false};
  for (size_t mi = li + 1; mi < nl && lines[mi].page == l->page && lines[mi].size <= l->size - 0.5f; mi++) {
    const pline *m = &lines[mi];
    if (r->s[out[m->k]].y0 - foot > 2 * l->size || m->x0 < l->x0 - 2) break;
    for (size_t q = m->k; q < m->m; q++) used[title_of(r, out, l, n, r->s[out[q]].x0)] = true;
    for (size_t q = m->k; q < m->m; q++)
      if (r->s[out[q]].y1 > foot) foot = r->s[out[q]].y1;
    k++;
  }
  int groups = 0;
  for (size_t i = 0; i < n; i++) groups += used[i];
  return groups >= 2 ? k : 0;
}

/* The gap, in ems, from which the next line starts a new block: a little
 * more than the gap most lines of a paragraph leave under the line before
 * (the lower quartile of the gaps between lines in one size, one under the
 * other), so a page that sets its paragraphs apart by a few points only is
 * read in paragraphs; never more than 0.75 em (the gap a blank line makes at
 * the least) nor less than 0.2 em. */
static float para_gap_of(const rd *r, const size_t *out, const pline *lines, size_t nl) {
  float *g = nl ? cvx_xmalloc(nl * sizeof *g) : NULL;
  size_t n = 0;
  for (size_t i = 0; i + 1 < nl; i++) {
    const pline *a = &lines[i], *b = &lines[i + 1];
    const seg *sa = &r->s[out[a->k]], *sb = &r->s[out[b->k]];
    if (a->page != b->page || fabsf(a->size - b->size) >= 0.5f || fabsf(a->x0 - b->x0) > 4 * a->size) continue;
    float gap = (sb->y0 - sa->y1) / a->size;
    if (gap > -0.5f && gap < 0.75f) g[n++] = gap;
  }
  float lead = 0.55f; /* too few pairs to tell: 0.75 em as before */
  if (n >= 5) {
    qsort(g, n, sizeof *g, cmp_float);
    lead = g[n / 4];
  }
  free(g);
  float t = lead + 0.2f;
  return t < 0.2f ? 0.2f : t > 0.75f ? 0.75f : t;
}

/* One heading size in two weights: section titles and the entry titles
 * under them set in one size, told apart by weight alone ("Education" in
 * the regular weight over "University of X" in bold, or the other way
 * round). The weight whose lines name known sections (cvx_section_classify)
 * more often is the sections'; the other weight's lines go one level below,
 * as the entries' titles they are. A size whose two weights name sections
 * as often (or never) is left as it is. */
static void weight_ranks(emitter *e, const size_t *out, pline *lines, size_t nl) {
  const rd *r = e->r;
  for (int h = 0; h < e->nh; h++) {
    size_t n[2] = {0, 0}, known[2] = {0, 0};
    for (size_t i = 0; i < nl; i++) {
      const pline *l = &lines[i];
      const seg *s = &r->s[out[l->k]];
      if (l->level || half(l->size) != e->hsizes[h] || s->byline) continue;
      seg_text(r, s, &e->t);
      size_t blen = 0;
      if (!e->t.len || e->t.len > 120 || bullet_of(e->t.ptr, &blen)) continue;
      n[l->bold]++;
      known[l->bold] += l->m - l->k == 1 && cvx_section_classify(e->t.ptr, e->t.len) != CVX_REC_SECTION;
    }
    if (!n[0] || !n[1]) continue;
    /* the shares of lines naming a section, compared without division */
    size_t a = known[0] * n[1], b = known[1] * n[0];
    if (a == b) continue;
    int entries = a > b ? 1 : 0; /* the weight of the entries' titles */
    int lv = h + 2 > 6 ? 6 : h + 2;
    if (r->debug)
      fprintf(stderr, "pdf size %.1f: %s lines are sections (%zu/%zu named), %s ones entries (%zu/%zu): level %d\n",
              (double)e->hsizes[h], entries ? "regular" : "bold", known[!entries], n[!entries],
              entries ? "bold" : "regular", known[entries], n[entries], lv);
    for (size_t i = 0; i < nl; i++) {
      pline *l = &lines[i];
      if (!l->level && half(l->size) == e->hsizes[h] && l->bold == (entries == 1) && !r->s[out[l->k]].byline)
        l->level = lv;
    }
  }
}

/* The end of the reading-order line that starts at out[k]: segments on one
 * baseline, left to right (as emit_all cuts lines, sizes aside). */
static size_t line_end(const rd *r, const size_t *out, size_t n, size_t k) {
  size_t m = k + 1;
  while (m < n && fabsf(r->s[out[m]].y1 - r->s[out[m - 1]].y1) < 0.4f * r->s[out[m - 1]].size &&
         r->s[out[m]].x0 > r->s[out[m - 1]].x1)
    m++;
  return m;
}

/* Grids of cards: a row of titles (two or more runs on one line, each bold
 * or larger than the text under it) with a column of lines under each
 * title, every line within its title's column, the columns ending at
 * different heights (each card's text flows on its own: "Programming
 * Languages" over its list, "Frameworks" over its own beside it) or one
 * line under each title (a title and its value); the titles in one size
 * and weight. The reading order has the rows across the cards; the cards
 * are read one after the other instead, each title with its lines. A
 * table of two rows or more that end together is left in rows. At most
 * MAX_GRID_COLS columns and MAX_GRID_SEGS segments under the titles. */
#define MAX_GRID_COLS 8
/* Segments weighed under one row of titles at most: bounded work on a page
 * of many lines that look like rows of titles. */
#define MAX_GRID_SEGS 400
static void read_grids(const rd *r, size_t *out, size_t n) {
  size_t *tmp = NULL;
  for (size_t a = 0; a < n;) {
    size_t b = line_end(r, out, n, a);
    /* the titles: the line's last runs in one size and weight (a section
     * title set left of them, in its own size, is read before the grid) */
    while (a + 1 < b && (r->s[out[a]].bold != r->s[out[b - 1]].bold ||
                         fabsf(r->s[out[a]].size - r->s[out[b - 1]].size) >= 0.5f))
      a++;
    size_t ncol = b - a;
    bool head = ncol >= 2 && ncol <= MAX_GRID_COLS;
    float hs = 1e9f;
    for (size_t k = a; k < b && head; k++) hs = r->s[out[k]].size < hs ? r->s[out[k]].size : hs;
    if (!head) {
      a = b;
      continue;
    }
    float start[MAX_GRID_COLS + 1];
    for (size_t k = 0; k < ncol; k++) start[k] = r->s[out[a + k]].x0 - 0.5f * hs;
    start[ncol] = 1e9f;
    /* the lines under the titles, each segment within one column */
    float foot = 0, bottom[MAX_GRID_COLS] = {0}, cell = 0;
    for (size_t k = a; k < b; k++) foot = r->s[out[k]].y1 > foot ? r->s[out[k]].y1 : foot;
    size_t end = b, below[MAX_GRID_COLS] = {0};
    int page = r->s[out[a]].page;
    for (size_t c = b; c < n && c - b < MAX_GRID_SEGS;) {
      size_t d = line_end(r, out, n, c);
      bool fits = true;
      for (size_t k = c; k < d && fits; k++) {
        const seg *s = &r->s[out[k]];
        size_t col = 0;
        while (col + 1 < ncol && s->x0 >= start[col + 1]) col++;
        /* a bold line in another size than the titles' is the next
         * section's title, not a cell */
        fits = s->page == page && s->x0 >= start[0] && s->x1 <= start[col + 1] && s->size <= hs + 0.5f &&
               s->y0 - foot <= 2.5f * s->size && !(s->bold && fabsf(s->size - hs) >= 0.5f);
      }
      if (!fits) break;
      for (size_t k = c; k < d; k++) {
        const seg *s = &r->s[out[k]];
        size_t col = 0;
        while (col + 1 < ncol && s->x0 >= start[col + 1]) col++;
        below[col]++;
        if (s->y1 > bottom[col]) bottom[col] = s->y1;
        if (s->y1 > foot) foot = s->y1;
        if (s->size > cell && !s->bold) cell = s->size;
      }
      end = d;
      c = d;
    }
    /* titles: bold, or larger than the text under them, all in one size
     * and weight (a section title beside its first entry's is no row of
     * titles) */
    bool titles = true;
    const seg *t0 = &r->s[out[a]];
    for (size_t k = a; k < b && titles; k++) {
      const seg *s = &r->s[out[k]];
      titles = (s->bold || s->size >= 1.1f * cell) && s->bold == t0->bold && fabsf(s->size - t0->size) < 0.5f;
    }
    size_t filled = 0, most = 0;
    float lo = 1e9f, hi = 0;
    for (size_t k = 0; k < ncol; k++)
      if (below[k]) {
        filled++;
        lo = bottom[k] < lo ? bottom[k] : lo;
        hi = bottom[k] > hi ? bottom[k] : hi;
        most = below[k] > most ? below[k] : most;
      }
    /* one line under each title is a title and its value, whatever the
     * heights: "Deutsch" over "Muttersprache" beside "Englisch" over its own */
    bool rows = hi - lo < 0.5f * cell && most > 1;
    if (!titles || filled < 2 || cell <= 0 || rows) {
      a = b;
      continue;
    }
    if (r->debug) fprintf(stderr, "pdf grid: %zu columns, lines %zu-%zu of the page's order\n", ncol, a, end);
    if (!tmp) tmp = cvx_xmalloc(n * sizeof *tmp);
    size_t w = 0;
    for (size_t col = 0; col < ncol; col++)
      for (size_t k = a; k < end; k++) {
        const seg *s = &r->s[out[k]];
        size_t sc = 0;
        while (sc + 1 < ncol && s->x0 >= start[sc + 1]) sc++;
        if (sc == col) tmp[w++] = out[k];
      }
    memcpy(out + a, tmp, w * sizeof *tmp);
    a = end;
  }
  free(tmp);
}

/* Line out[c, d) has the cells of line out[a, b): as many segments, each
 * beginning where its fellow does (within 1.5 points), on the next baseline
 * of the page (closer than two lines). */
static bool same_cells(const rd *r, const size_t *out, size_t a, size_t b, size_t c, size_t d) {
  if (d - c != b - a || b - a < 2) return false;
  const seg *u = &r->s[out[a]], *l = &r->s[out[c]];
  if (u->page != l->page || l->y0 <= u->y1 - 1 || l->y0 - u->y1 > 1.5f * u->size) return false;
  for (size_t k = 0; k < b - a; k++)
    if (fabsf(r->s[out[a + k]].x0 - r->s[out[c + k]].x0) > 1.5f) return false;
  return true;
}

/* A table of two rows, alone (no row of the same cells above or below): a
 * row of names over their values, card beside card ("English" over "C1"
 * beside "Spanish" over "Native") is read column by column, each name with
 * its value, the table one block. Rows of one size and weight each, cells
 * of three words at most; a table of three rows or more is left in rows. */
static void read_pairs(rd *r, size_t *out, size_t n) {
  size_t pa = 0, pb = 0; /* the line before */
  bool have = false;
  cvx_buf t = CVX_BUF_INIT;
  for (size_t a = 0; a < n;) {
    size_t b = line_end(r, out, n, a);
    if (b >= n) break;
    size_t d = line_end(r, out, n, b);
    bool pair = same_cells(r, out, a, b, b, d) && !(have && same_cells(r, out, pa, pb, a, b)) &&
                !(d < n && same_cells(r, out, b, d, d, line_end(r, out, n, d)));
    for (size_t k = a; k < d && pair; k++) {
      const seg *s = &r->s[out[k]], *f = &r->s[out[k < b ? a : b]];
      pair = s->bold == f->bold && fabsf(s->size - f->size) < 0.5f;
      /* names and levels are a few words; a date column beside its text is no such table */
      seg_text(r, s, &t);
      size_t words = 1;
      for (size_t q = 0; q < t.len; q++) words += t.ptr[q] == ' ';
      pair = pair && words <= 3;
    }
    if (!pair) {
      pa = a, pb = b, have = true;
      a = b;
      continue;
    }
    if (r->debug) fprintf(stderr, "pdf pairs: %zu cells, lines %zu-%zu of the page's order\n", b - a, a, d);
    size_t tmp[2 * MAX_GRID_COLS], w = 0, nc = b - a;
    if (nc > MAX_GRID_COLS) {
      pa = a, pb = b, have = true;
      a = b;
      continue;
    }
    for (size_t k = 0; k < nc; k++) {
      tmp[w++] = out[a + k];
      tmp[w++] = out[b + k];
      r->s[out[a + k]].paired = k > 0;
      r->s[out[b + k]].paired = true;
    }
    memcpy(out + a, tmp, w * sizeof *tmp);
    have = false;
    a = d;
  }
  cvx_buf_free(&t);
}

/* Line out[c, d) has the cells of line out[a, b) under them, each set flush
 * left, centred or flush right with its fellow (within 1.5 points), on the
 * next baseline of the page (closer than two lines). */
static bool cells_under(const rd *r, const size_t *out, size_t a, size_t b, size_t c, size_t d) {
  if (d - c != b - a || b - a < 2) return false;
  const seg *u = &r->s[out[a]], *l = &r->s[out[c]];
  if (u->page != l->page || l->y0 <= u->y1 - 1 || l->y0 - u->y1 > 1.5f * u->size) return false;
  for (size_t k = 0; k < b - a; k++) {
    const seg *p = &r->s[out[a + k]], *q = &r->s[out[c + k]];
    if (fabsf(p->x0 - q->x0) > 1.5f && fabsf(p->x1 - q->x1) > 1.5f && fabsf(p->x0 + p->x1 - q->x0 - q->x1) > 3.0f)
      return false;
  }
  return true;
}

/* Whether segment s's text ends in a comma. */
static bool comma_end(const rd *r, const seg *s, cvx_buf *t) {
  seg_text(r, s, t);
  size_t z = t->len;
  while (z && t->ptr[z - 1] == ' ') z--;
  return z && t->ptr[z - 1] == ',';
}

/* Two lines of cells one under the other, every cell of the upper one ending
 * in a comma ("Lindenweg 12," over "Kassel, 34117", beside "Deutsch,
 * Englisch," over "Polnisch"): columns of lines set side by side, as a page's
 * header sets the address beside the languages. Each column is read down on
 * its own, a cell and its rest one line, a block of its own. Where only some
 * cells end in a comma ("312 Alder St., Santa" beside "English, Spanish,"),
 * the two lines must be the only rows of cells there: text wrapped in
 * columns that goes on over more lines is left as it is. */
static void read_runons(rd *r, size_t *out, size_t n) {
  cvx_buf t = CVX_BUF_INIT;
  size_t pa = 0;
  bool have_prev = false;
  for (size_t a = 0; a < n;) {
    size_t b = line_end(r, out, n, a);
    if (b >= n) break;
    size_t d = line_end(r, out, n, b);
    bool comma = cells_under(r, out, a, b, b, d) && b - a <= MAX_GRID_COLS;
    size_t commas = 0;
    for (size_t k = a; k < b && comma; k++) commas += comma_end(r, &r->s[out[k]], &t);
    if (comma && commas && commas < b - a) {
      size_t e2 = d < n ? line_end(r, out, n, d) : d;
      comma = !(d < n && cells_under(r, out, b, d, d, e2)) && !(have_prev && cells_under(r, out, pa, a, a, b));
    } else comma = comma && commas == b - a;
    if (!comma) {
      pa = a, have_prev = true;
      a = b;
      continue;
    }
    if (r->debug) fprintf(stderr, "pdf run-on cells: %zu cells, lines %zu-%zu of the page's order\n", b - a, a, d);
    size_t tmp[2 * MAX_GRID_COLS], w = 0, nc = b - a;
    for (size_t k = 0; k < nc; k++) {
      tmp[w++] = out[a + k];
      tmp[w++] = out[b + k];
      r->s[out[b + k]].runon = true;
    }
    memcpy(out + a, tmp, w * sizeof *tmp);
    have_prev = false;
    a = d;
  }
  cvx_buf_free(&t);
}

/* Whether segment s (a line of a cell) goes on with the line above it in
 * its column, ab: it starts in lower case, or the line above ends in a
 * comma or leaves a bracket open ("Python (NumPy, SciPy," / "Scikit Learn,"). */
static bool cell_goes_on(const rd *r, const seg *ab, const seg *s, cvx_buf *t) {
  seg_text(r, s, t);
  if (t->len && g_unichar_islower(g_utf8_get_char(t->ptr))) return true;
  if (comma_end(r, ab, t)) return true; /* (t holds ab's text after it) */
  int depth = 0;
  for (size_t q = 0; q < t->len; q++) depth += t->ptr[q] == '(' ? 1 : t->ptr[q] == ')' ? -1 : 0;
  return depth > 0;
}

/* Cards side by side whose text wraps: lines of cells one under the other,
 * set as close as a paragraph's lines, every cell starting where a cell of
 * the first line starts (within 1.5 points), all in one size and weight,
 * the first line with two cells at least ("re-tuning industrial" |
 * "building low-cost" | "the overlap of" over "pumps and
 * turbines" | "sensors for tracking" | "water distribution,"). When
 * every line below goes on with the cell above it (cell_goes_on; a column
 * of dates beside wrapped text does not), the columns are read one after
 * the other, each cell's lines joined as one. At most MAX_GRID_COLS
 * columns and MAX_GRID_SEGS segments under the first line. */
static void read_wrapped_cells(rd *r, size_t *out, size_t n) {
  cvx_buf t = CVX_BUF_INIT;
  size_t *tmp = NULL;
  for (size_t a = 0; a < n;) {
    size_t b = line_end(r, out, n, a);
    size_t nc = b - a;
    const seg *f = &r->s[out[a]];
    bool same = nc >= 2 && nc <= MAX_GRID_COLS;
    for (size_t k = a; k < b && same; k++)
      same = r->s[out[k]].bold == f->bold && fabsf(r->s[out[k]].size - f->size) < 0.5f;
    if (!same) {
      a = b;
      continue;
    }
    float col[MAX_GRID_COLS];
    for (size_t k = 0; k < nc; k++) col[k] = r->s[out[a + k]].x0;
    /* the lines under it, each cell at a column's start */
    size_t end = b, rows = 1;
    float foot = 0;
    for (size_t k = a; k < b; k++) foot = fmaxf(foot, r->s[out[k]].y1);
    bool goes_on = true; /* every line under the first of its column goes on with it */
    for (size_t c = b; c < n && c - b < MAX_GRID_SEGS;) {
      size_t d = line_end(r, out, n, c);
      bool fits = r->s[out[c]].page == f->page && r->s[out[c]].y0 - foot < 0.5f * f->size &&
                  r->s[out[c]].y0 > foot - 0.5f * f->size;
      for (size_t k = c; k < d && fits; k++) {
        const seg *s = &r->s[out[k]];
        size_t q = 0;
        while (q < nc && fabsf(s->x0 - col[q]) > 1.5f) q++;
        fits = q < nc && s->bold == f->bold && fabsf(s->size - f->size) < 0.5f;
        if (!fits) break;
        /* the line above in its column */
        for (size_t u = c; u-- > a;) {
          if (fabsf(r->s[out[u]].x0 - col[q]) <= 1.5f) {
            goes_on &= cell_goes_on(r, &r->s[out[u]], s, &t);
            break;
          }
        }
      }
      if (!fits) break;
      for (size_t k = c; k < d; k++) foot = fmaxf(foot, r->s[out[k]].y1);
      end = d, rows++;
      c = d;
    }
    if (rows < 2 || !goes_on) {
      a = b;
      continue;
    }
    if (r->debug) fprintf(stderr, "pdf wrapped cells: %zu columns, lines %zu-%zu of the page's order\n", nc, a, end);
    if (!tmp) tmp = cvx_xmalloc(n * sizeof *tmp);
    size_t w = 0;
    for (size_t q = 0; q < nc; q++) {
      size_t prev = SIZE_MAX;
      for (size_t k = a; k < end; k++) {
        seg *s = &r->s[out[k]];
        if (fabsf(s->x0 - col[q]) > 1.5f) continue;
        s->runon = prev != SIZE_MAX; /* (each goes on with the one above: the grid was taken so) */
        tmp[w++] = out[k];
        prev = out[k];
      }
    }
    memcpy(out + a, tmp, w * sizeof *tmp);
    a = end;
  }
  free(tmp);
  cvx_buf_free(&t);
}

/* True when line l, the first of its page, may go on with the paragraph
 * the page broke: a paragraph of the line before (no list item, no
 * heading), that line near the foot of its page and l near the head of
 * its own, at one margin, in one size and weight, l no heading and no list
 * item and no date, the line before not closed by a sentence's end, and
 * either that line broken at the column's edge (a sentence broken by the
 * page) or both short ("tensorflow" / a page / "caffe", "CUDA"). emit_line
 * still weighs it as it weighs any line. */
static bool carries(const emitter *e, const size_t *out, const pline *l) {
  const rd *r = e->r;
  if (!e->have || e->kind != CVX_BLK_PARA || e->in_item || l->level > 0 || l->title || l->weak || l->m - l->k != 1)
    return false;
  const seg *s = &r->s[out[l->k]];
  float hp = r->page_h[e->page], h = r->page_h[l->page];
  if (l->page != e->page + 1 || hp <= 0 || h <= 0 || e->py1 < 0.7f * hp || s->y0 > 0.3f * h) return false;
  if (half(s->size) != half(e->psize) || fabsf(s->x0 - e->px0) > 2 || s->bold != e->pbold || s->dot) return false;
  /* (a line closed by a sentence's end closed its paragraph: e->t is its text) */
  size_t pn = e->t.len;
  while (pn && (e->t.ptr[pn - 1] == ' ' || e->t.ptr[pn - 1] == '\t')) pn--;
  if (pn && strchr(".!?:;", e->t.ptr[pn - 1])) return false;
  cvx_buf t = CVX_BUF_INIT;
  seg_text(r, s, &t);
  size_t blen = 0;
  cvx_daterange d;
  /* (a dated line opens an entry's head: "Initech Jan 2019 – Jan 2021") */
  bool opens = t.ptr && (bullet_of(t.ptr, &blen) || cvx_date_find(t.ptr, t.len, &d));
  int words = t.len ? 1 : 0;
  for (size_t q = 0; q < t.len; q++) words += t.ptr[q] == ' ';
  cvx_buf_free(&t);
  /* the line before broken at the column's edge (a sentence goes on), or
   * both lines short (a list of names a line goes on) */
  bool broken = e->pright > 0 && e->px1 + 2 * e->psize > e->pright;
  bool names = e->pwords <= 4 && words <= 4;
  /* …and the new page's lines go on close to each other (names set a
   * paragraph apart are blocks of their own on any page) */
  return !opens && (broken || names) && l->below < 0.75f * s->size;
}

static void emit_all(rd *r, cvx_lb *lb) {
  emitter e = {.r = r, .lb = lb, .debug = r->debug};
  icon_links(r);
  cvx_buf_init(&e.t);
  e.body = body_size(r);
  e.cell_gap = cell_gap_of(r);
  style_gaps(&e);
  heading_sizes(&e);
  size_t cap = r->ns ? r->ns : 1;
  size_t *v = cvx_xmalloc(cap * sizeof *v), *out = cvx_xmalloc(cap * sizeof *out);
  pline *lines = cvx_xmalloc(cap * sizeof *lines);
  size_t nout = 0, nl = 0;
  /* reading order, page by page, then lines: runs on one baseline, left to
   * right, in one size */
  for (size_t i = 0; i < r->ns;) {
    int page = r->s[i].page;
    size_t j = i, n = 0;
    while (j < r->ns && r->s[j].page == page) j++;
    for (size_t k = i; k < j; k++)
      if (!r->s[k].furniture) v[n++] = k;
    order o = {r, out + nout, 0, e.body};
    order_segs(&o, v, n, 0);
    if (!nout) name_first(r, o.out, o.nout, e.body);
    read_grids(r, o.out, o.nout);
    read_pairs(r, o.out, o.nout);
    read_runons(r, o.out, o.nout);
    read_wrapped_cells(r, o.out, o.nout);
    for (size_t k = nout; k < nout + o.nout;) {
      size_t m = k + 1;
      while (m < nout + o.nout && fabsf(r->s[out[m]].y1 - r->s[out[m - 1]].y1) < 0.4f * r->s[out[m - 1]].size &&
             r->s[out[m]].x0 > r->s[out[m - 1]].x1 && one_size(r, out, k, m))
        m++;
      pline *l = &lines[nl++];
      *l = (pline){.k = k, .m = m, .page = page, .x0 = r->s[out[k]].x0, .size = r->s[out[k]].size, .bold = true,
                   .x1 = r->s[out[m - 1]].x1};
      for (size_t q = k; q < m; q++) l->bold &= r->s[out[q]].bold;
      l->title = bold_title(&e, l, out, true);
      seg_text(r, &r->s[out[k]], &e.t);
      size_t blen = 0;
      const char *b = e.t.len ? bullet_of(e.t.ptr, &blen) : NULL;
      if (b && weak_bullet(b)) l->weak = b;
      k = m;
    }
    nout += o.nout;
    i = j;
  }
  e.para_gap = para_gap_of(r, out, lines, nl);
  margin_rights(lines, nl);
  /* a weak bullet is one when the line above or below on its page starts
   * with the same mark */
  for (size_t i = 0; i < nl; i++) {
    const pline *a = i ? &lines[i - 1] : NULL, *b = i + 1 < nl ? &lines[i + 1] : NULL, *l = &lines[i];
    if (!l->weak) continue;
    lines[i].weak_ok = (a && a->page == l->page && a->weak == l->weak) || (b && b->page == l->page && b->weak == l->weak);
  }
  /* titles by weight: a bold title line is a heading when what follows it
   * is its content: indented under it, or in another weight at its margin.
   * Bold lines one under the other at one margin are a list (tags, names),
   * not headings. Their levels come below the size headings' and below the
   * level a bare known section name gets (2: set small and bold, it is
   * promoted by the interpreter), one per margin, the leftmost first. */
  float xs[4];
  int nx = 0;
  for (size_t i = 0; i + 1 < nl; i++) {
    pline *l = &lines[i], *nx_l = &lines[i + 1];
    /* a short line in the body size and weight over an indented row of
     * smaller cells (tags, chips), on this page or atop the next: the
     * cells' group title */
    if (!l->title && nx_l->m - nx_l->k >= 3 && nx_l->x0 > l->x0 + 2 && nx_l->size <= l->size - 0.5f &&
        half(l->size) == e.body && bold_title(&e, l, out, false)) {
      l->level = 1;
      int q = 0;
      while (q < nx && fabsf(xs[q] - l->x0) > 3) q++;
      if (q == nx && nx < 4) xs[nx++] = l->x0;
      continue;
    }
    /* (a title at a page's foot: its content heads the next page) */
    if (!l->title || (nx_l->page != l->page && nx_l->page != l->page + 1)) continue;
    bool under = nx_l->x0 > l->x0 + 2 ||
                 ((!nx_l->bold || (half(l->size) < e.body && nx_l->size - l->size >= 1)) && nx_l->x0 >= l->x0 - 2);
    /* a bold line just above at its margin (or the last of the page
     * before), beside it in a column of labels, or set right above it (a
     * date at the right edge), and no title itself: both are an entry's
     * head (a date and a job title),
     * unless this one is in small capitals under a larger line (a section
     * title under the last line of a list of bold tags) */
    const pline *pv = i ? &lines[i - 1] : NULL;
    const seg *ps = pv ? &r->s[out[pv->m - 1]] : NULL, *ls = &r->s[out[l->k]];
    bool head = pv && (pv->page == l->page ? ls->y0 - ps->y1 < 2 * l->size : pv->page + 1 == l->page) && pv->bold &&
                !pv->level && (fabsf(pv->x0 - l->x0) <= 2 || ps->x1 < ls->x0 || r->s[out[pv->k]].x0 > ls->x1) &&
                !(half(l->size) < e.body && pv->size - l->size >= 1);
    /* a line in its style above at its margin, past a line in another
     * (three lines up at most, three of its ems away), that is no title: one
     * head's lines (an employer and a place, the dates, then the job title) */
    bool sibling = false;
    for (size_t q = i; q-- > 0 && i - q <= 3;) {
      const pline *u = &lines[q];
      if (u->page != l->page) break;
      if (fabsf(u->x0 - l->x0) <= 3 && u->bold == l->bold && half(u->size) == half(l->size) && u->m - u->k == 1) {
        sibling = q + 1 < i && !u->level && ls->y0 - r->s[out[u->k]].y1 < 3 * l->size;
        break;
      }
    }
    if (!under || head || sibling) continue;
    l->level = half(l->size) < e.body ? -1 : 1; /* -1: small capitals, a rank of their own */
    int q = 0;
    while (q < nx && fabsf(xs[q] - l->x0) > 3) q++;
    if (q == nx && nx < 4) xs[nx++] = l->x0;
  }
  for (int a = 1; a < nx; a++)
    for (int b = a; b > 0 && xs[b] < xs[b - 1]; b--) {
      float t = xs[b];
      xs[b] = xs[b - 1];
      xs[b - 1] = t;
    }
  for (size_t i = 0; i < nl; i++) {
    if (!lines[i].level) continue;
    if (lines[i].level < 0) { /* small bold capitals: section titles over the bold entry titles */
      lines[i].level = e.nh + 1 > 6 ? 6 : e.nh + 1;
      continue;
    }
    int q = 0;
    while (q < nx - 1 && xs[q] + 3 < lines[i].x0) q++;
    int lv = (e.nh > 1 ? e.nh : 1) + 2 + q;
    lines[i].level = lv > 6 ? 6 : lv;
  }
  weight_ranks(&e, out, lines, nl);
  for (size_t i = 0; i < nl; i++) {
    lines[i].below = HUGE_VALF;
    if (i + 1 == nl || lines[i + 1].page != lines[i].page) continue;
    float y1 = r->s[out[lines[i].k]].y1, y0 = r->s[out[lines[i + 1].k]].y0;
    for (size_t q = lines[i].k; q < lines[i].m; q++)
      if (r->s[out[q]].y1 > y1) y1 = r->s[out[q]].y1;
    for (size_t q = lines[i + 1].k; q < lines[i + 1].m; q++)
      if (r->s[out[q]].y0 < y0) y0 = r->s[out[q]].y0;
    lines[i].below = y0 - y1;
  }
  cvx_buf t = CVX_BUF_INIT;
  size_t li = 0;
  for (size_t i = 0; i < r->ns;) {
    int page = r->s[i].page;
    size_t j = i;
    while (j < r->ns && r->s[j].page == page) j++;
    put_beside(&e);
    e.carry = li < nl && lines[li].page == page && carries(&e, out, &lines[li]);
    if (e.carry) {
      cvx_lb_page_carry(lb);
    } else {
      cvx_lb_page(lb);
      e.have = false;
      e.in_item = false;
    }
    /* furniture first, as lines of their own (shown, not read) */
    for (size_t k = i; k < j; k++) {
      if (!r->s[k].furniture) continue;
      seg_text(r, &r->s[k], &t);
      if (r->debug)
        fprintf(stderr, "pdf p%d furniture y%.1f: %s\n", page + 1, (double)r->s[k].y0, t.ptr ? t.ptr : "");
      cvx_lb_hidden_line(lb, t.ptr, t.len);
    }
    for (; li < nl && lines[li].page == page && !cvx_lb_full(lb); li++) {
      size_t rows = title_row(r, out, lines, nl, li);
      if (rows) {
        /* each title, then the cells under it, one group after the other */
        const pline *l = &lines[li];
        size_t n = l->m - l->k, ncap = 0;
        for (size_t q = 1; q <= rows; q++) ncap += lines[li + q].m - lines[li + q].k;
        size_t *cells = cvx_xmalloc((ncap ? ncap : 1) * sizeof *cells);
        int lv = (e.nh > 1 ? e.nh : 1) + 2;
        for (size_t g = 0; g < n; g++) {
          size_t nc = 0;
          for (size_t q = 1; q <= rows; q++)
            for (size_t c = lines[li + q].k; c < lines[li + q].m; c++)
              if (title_of(r, out, l, n, r->s[out[c]].x0) == g) cells[nc++] = out[c];
          emit_line(&e, out + l->k + g, 1, lv > 6 ? 6 : lv, false, 0, HUGE_VALF);
          if (nc) emit_line(&e, cells, nc, 0, false, 0, HUGE_VALF);
        }
        free(cells);
        li += rows;
        continue;
      }
      emit_line(&e, out + lines[li].k, lines[li].m - lines[li].k, lines[li].level, lines[li].weak_ok, lines[li].right,
                lines[li].below);
    }
    while (li < nl && lines[li].page == page) li++;
    i = j;
  }
  put_beside(&e);
  cvx_lb_end(lb);
  free(v);
  free(out);
  free(lines);
  cvx_buf_free(&t);
  cvx_buf_free(&e.t);
}

/* ------------------------------------------------------------------ decode */

/* poppler's global state is not made for threads: one document at a time. */
static pthread_mutex_t poppler_lock = PTHREAD_MUTEX_INITIALIZER;

static void quiet_log(const gchar *domain, GLogLevelFlags level, const gchar *msg, gpointer data) {
  (void)domain, (void)level, (void)msg, (void)data; /* poppler's complaints about a bad file: the diagnostic says it */
}

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

cvx_status cvx_pdf_decode(cvx_arena *a, const char *path, const unsigned char *p, size_t n, const cvx_load_opts *o,
                          cvx_source **out, cvx_diags *dx) {
  *out = NULL;
  size_t max = o && o->max_size ? o->max_size : CVX_DEFAULT_MAX_SIZE;
  if (n > max) {
    cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                 "file is %zu bytes, over the limit of %zu bytes (--max-size)", n, max);
    return CVX_ELIMIT;
  }
  unsigned budget = o ? o->time_budget_ms : 0;
  uint64_t t0 = now_ms();
  pthread_mutex_lock(&poppler_lock);
  guint h1 = g_log_set_handler("Poppler", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, quiet_log, NULL);
  GBytes *bytes = g_bytes_new_static(p, n);
  GError *err = NULL;
  PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &err);
  cvx_status st = CVX_OK;
  if (!doc) {
    if (err && err->domain == POPPLER_ERROR && err->code == POPPLER_ERROR_ENCRYPTED) {
      cvx_diag_add(dx, CVX_ERROR, "pdf.encrypted", CVX_NOSPAN,
                   "encrypted PDF: it needs a password, and cvx reads no protected document");
    } else {
      cvx_diag_add(dx, CVX_ERROR, "pdf.corrupt", CVX_NOSPAN, "not a readable PDF (%s)",
                   err && err->message ? err->message : "poppler cannot open it");
    }
    if (err) g_error_free(err);
    g_bytes_unref(bytes);
    g_log_remove_handler("Poppler", h1);
    pthread_mutex_unlock(&poppler_lock);
    return CVX_EPARSE;
  }
  int np = poppler_document_get_n_pages(doc);
  rd r = {.a = a, .debug = getenv("CVX_PDF_DEBUG") != NULL};
  cvx_buf_init(&r.chars);
  int npages = np > MAX_PAGES ? MAX_PAGES : np;
  r.page_h = cvx_xcalloc((size_t)(npages > 0 ? npages : 1), sizeof *r.page_h);
  bool late = false;
  int read = 0;
  for (int i = 0; i < npages; i++) {
    if (budget && now_ms() - t0 > budget) {
      late = true;
      break;
    }
    PopplerPage *pg = poppler_document_get_page(doc, i);
    if (!pg) continue;
    size_t g0 = r.ng;
    read_page(&r, pg, i);
    size_t s0 = r.ns;
    make_segs(&r, g0, r.ng, i);
    split_at_margins(&r, s0);
    shape_bullets(&r, pg, i, s0);
    g_object_unref(pg);
    read++;
    if (r.glyph_limit || r.chars.len > max) break;
  }
  r.npages = read;
  g_object_unref(doc);
  g_bytes_unref(bytes);
  g_log_remove_handler("Poppler", h1);
  pthread_mutex_unlock(&poppler_lock);

  if (np <= 0 || r.ns == 0) {
    if (np <= 0)
      cvx_diag_add(dx, CVX_ERROR, "pdf.corrupt", CVX_NOSPAN, "not a readable PDF (it has no pages)");
    else
      cvx_diag_add(dx, CVX_ERROR, "pdf.no-text", CVX_NOSPAN,
                   "PDF without text: %d page%s of images or drawings (a scan?); cvx does not read text "
                   "from images",
                   np, np == 1 ? "" : "s");
    st = CVX_EPARSE;
  } else {
    split_sizes(&r);
    read_icons(&r);
    mark_furniture(&r);
    cvx_lb lb;
    cvx_lb_init(&lb, a, "pdf", max);
    emit_all(&r, &lb);
    bool full = cvx_lb_full(&lb);
    *out = cvx_lb_finish(&lb, path, n);
    (*out)->raw_size = n;
    if (np > MAX_PAGES)
      cvx_diag_add(dx, CVX_WARNING, "pdf.pages", CVX_NOSPAN, "PDF has %d pages: only the first %d are read", np,
                   MAX_PAGES);
    if (r.glyph_limit || full)
      cvx_diag_add(dx, CVX_WARNING, "pdf.limit", CVX_NOSPAN,
                   "PDF text over the limit of %zu bytes (--max-size): read up to page %d of %d",
                   r.glyph_limit ? (size_t)MAX_GLYPHS : max, read, np);
    if (late)
      cvx_diag_add(dx, CVX_ERROR, "limit.time", CVX_NOSPAN,
                   "gave up reading the PDF after %u ms (--time-budget): read %d of %d pages", budget, read, np);
  }
  free(r.g);
  free(r.s);
  free(r.links);
  free(r.page_h);
  cvx_buf_free(&r.chars);
  return st;
}

/* ------------------------------------------------------------- extractor */

static int pdf_accepts(const cvx_source *src) {
  return src && src->layout && strcmp(src->layout->format, "pdf") == 0 ? 1000 : 0;
}

static cvx_status pdf_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  (void)dx;
  return cvx_layout_extract(src, doc, "pdf");
}

const cvx_extractor cvx_extractor_pdf = {"pdf", CVX_ROLE_BODY, pdf_accepts, pdf_extract};
