/* markdown.c — the Markdown body extractor: cmark parses the visible body,
 * an iterative walk turns its tree into the flat block stream (blocks.h), and
 * raw HTML blocks and pipe tables, which core cmark leaves alone, are split
 * into items, rows and paragraphs here. The shared interpreter does the rest. */
#include "markdown.h"
#include "html.h"
#include "utf8.h"
#include "swar.h"

#include "grammar.h"
#include "text.h"

#include <cmark.h>
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NONE UINT32_MAX
/* Lists and quotes nested deeper than this are read as if at this depth. */
#define MAX_DEPTH 32

/* Bytes with a meaning inside the raw text of a block (source control bytes
 * are turned into spaces before they get there). */
#define BR_MARK '\x01'     /* <br>: a line break that does not end a table row */
#define STRONG_MARK '\x02' /* where the bold run that opens the block ends */
#define CELL_MARK '\x03'   /* boundary between two table cells */

/* A link met while rendering a block: its visible text is raw[rs, re). */
typedef struct pend_link {
  size_t rs, re;
  const char *url; /* cmark-owned or arena; copied when the block is made */
  cvx_span hint;   /* where cmark (or the HTML scanner) says it is; checked before use */
  bool image, html, open;
} pend_link;

typedef struct md {
  cvx_doc *doc;
  cvx_blocks *out;
  const char *v; /* doc->view */
  uint32_t len;
  uint32_t body_start;
  size_t first_line; /* index in src->lines of the line holding body_start */
  int line0;         /* parsed lines before the piece cmark is parsing (see MD_PIECE) */
  uint32_t col0;     /* bytes of its first line before the piece (a piece cut inside a line) */
  /* The pieces of a giant line cut inside (see MD_LINE_PIECE) make one
   * paragraph again: its text and links grow in heap buffers of their own,
   * handed to the arena when it is done (finish_glue). */
  bool cutting;          /* the piece being walked ends inside a line */
  bool continuing;       /* it starts inside a line, after the glued paragraph */
  cvx_block *glue;       /* the paragraph being glued, or NULL */
  char *glue_text;       /* its text (glue->text), NULL until it has one of its own */
  size_t glue_cap;
  cvx_link *glue_links;  /* its links (glue->links) once a piece added some */
  size_t glue_lcap;
  /* Lines whose indentation was partly hidden markup were parsed without it
   * (Jekyll would have replaced it by the tag's output, not by blanks):
   * column c of parsed line l is source column c + shift[l] once c >= keep[l]. */
  uint32_t *keep, *shift;
  size_t nplines;
  int lists, quotes;
  bool depth_warned;
  /* A list item is emitted with the text of its first block. */
  bool pending;
  int pend_level;
  uint32_t pend_start;
  const char *pend_marker;
  /* scratch, reused for every block */
  cvx_buf raw, tmp;
  pend_link *links;
  size_t nlinks, caplinks;
} md;

/* ------------------------------------------------------------ positions */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static uint32_t clamp_off(const md *m, int64_t off) {
  if (off < 0) return 0;
  if (off > (int64_t)m->len) return m->len;
  return (uint32_t)off;
}

/* Source offset where parsed line `line` (1-based, relative to body_start)
 * begins; line is global (line0 added). */
static int64_t gline_base(const md *m, int line) {
  if (line <= 1) return m->body_start;
  size_t li = m->first_line + (size_t)(line - 1);
  return li < m->doc->src->nlines ? (int64_t)m->doc->src->lines[li] : (int64_t)m->len;
}

/* The same for line `line` of the piece cmark parsed. */
static int64_t line_base(const md *m, int line) { return gline_base(m, (line < 1 ? 1 : line) + m->line0); }

/* The cmark adapter: (1-based line relative to body_start, 1-based byte
 * column of the parsed line) to a byte offset into the source. Column 0 (how
 * cmark ends a block "before" a line) gives the previous line's '\n'. */
static uint32_t md_offset(const md *m, int line, int col) {
  if (line < 1) line = 1;
  int64_t c = (int64_t)col - 1;
  if (line == 1) c += m->col0;
  line += m->line0;
  size_t pl = (size_t)line - 1;
  if (m->shift && pl < m->nplines && c >= (int64_t)m->keep[pl]) c += m->shift[pl];
  return clamp_off(m, gline_base(m, line) + c);
}

/* Trims blanks off both ends of [s, e) in the view. */
static cvx_span trim_span(const md *m, uint32_t s, uint32_t e) {
  if (e > m->len) e = m->len;
  if (s > e) s = e;
  while (s < e && is_blank(m->v[s])) s++;
  while (e > s && is_blank(m->v[e - 1])) e--;
  return cvx_span_make(s, e);
}

static cvx_span node_span(const md *m, cmark_node *n) {
  uint32_t s = md_offset(m, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
  uint32_t e = md_offset(m, cmark_node_get_end_line(n), cmark_node_get_end_column(n)) + 1;
  return trim_span(m, s, e);
}

/* Untrimmed source span cmark gives an inline node, or CVX_NOSPAN. */
static cvx_span inline_hint(const md *m, cmark_node *n) {
  if (cmark_node_get_start_line(n) <= 0) return CVX_NOSPAN;
  uint32_t s = md_offset(m, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
  uint32_t e = md_offset(m, cmark_node_get_end_line(n), cmark_node_get_end_column(n)) + 1;
  if (e > m->len) e = m->len;
  return s < e ? cvx_span_make(s, e) : CVX_NOSPAN;
}

/* The source line holding parsed line `line`, blanks trimmed. */
static cvx_span line_span(const md *m, int line) {
  int64_t a = line_base(m, line);
  line = (line < 1 ? 1 : line) + m->line0;
  size_t li = m->first_line + (size_t)(line - 1);
  int64_t b = li + 1 < m->doc->src->nlines ? (int64_t)m->doc->src->lines[li + 1] : (int64_t)m->len;
  return trim_span(m, clamp_off(m, a), clamp_off(m, b));
}

static cvx_span intersect(cvx_span a, cvx_span b) {
  uint32_t s = a.start > b.start ? a.start : b.start;
  uint32_t e = a.end < b.end ? a.end : b.end;
  return s <= e ? cvx_span_make(s, e) : cvx_span_make(a.start, a.start);
}

/* Builds what cmark parses: the view from body_start, except that hidden
 * bytes inside a line's indentation are dropped. Returns the buffer to parse
 * (*owned is the copy to free, or NULL when the view itself is parsed). */
static const char *prepare(md *m, size_t *n, char **owned) {
  const char *v = m->v + m->body_start;
  size_t len = m->len - m->body_start;
  *n = len;
  *owned = NULL;
  bool any = false;
  size_t lines = 1;
  const cvx_source *src = m->doc->src;
  if (src->lines && src->nlines) { /* usually no line has hidden indentation: the line map tells without a search */
    bool hidden_indent = false;
    for (size_t k = m->first_line; k < src->nlines && !hidden_indent; k++) {
      size_t at = k == m->first_line ? m->body_start : (size_t)src->lines[k];
      if (at < m->body_start || at > m->len) continue; /* never outside the text, whatever the map */
      for (size_t i = at - m->body_start; i < len && (v[i] == ' ' || v[i] == '\t'); i++)
        if (cvx_doc_hidden(m->doc, m->body_start + i)) hidden_indent = true;
    }
    if (!hidden_indent) return v;
  }
  for (size_t i = 0; i < len;) { /* at the start of a line */
    for (; i < len && (v[i] == ' ' || v[i] == '\t'); i++)
      if (cvx_doc_hidden(m->doc, m->body_start + i)) any = true;
    const char *nl = memchr(v + i, '\n', len - i);
    if (!nl) break;
    lines++;
    i = (size_t)(nl - v) + 1;
  }
  if (!any) return v;
  char *buf = cvx_xmalloc(len + 1);
  m->keep = cvx_xcalloc(lines, sizeof *m->keep);
  m->shift = cvx_xcalloc(lines, sizeof *m->shift);
  m->nplines = lines;
  size_t o = 0, l = 0;
  for (size_t i = 0; i < len; l++) { /* at the start of line l */
    for (; i < len && (v[i] == ' ' || v[i] == '\t'); i++) {
      if (cvx_doc_hidden(m->doc, m->body_start + i)) {
        m->shift[l]++;
      } else {
        buf[o++] = v[i];
        m->keep[l]++;
      }
    }
    /* the rest of the line and its '\n' as they are */
    const char *nl = memchr(v + i, '\n', len - i);
    size_t e = nl ? (size_t)(nl - v) + 1 : len;
    memcpy(buf + o, v + i, e - i);
    o += e - i;
    i = e;
  }
  buf[o] = '\0';
  *n = o;
  *owned = buf;
  return buf;
}

/* ------------------------------------------------------------------ text */

typedef struct named_ref {
  const char *name, *utf8;
  bool legacy; /* browsers accept it without ';' */
} named_ref;

static const named_ref refs[] = {{"amp", "&", true},
                                 {"lt", "<", true},
                                 {"gt", ">", true},
                                 {"quot", "\"", true},
                                 {"nbsp", " ", true},
                                 {"copy", "\xc2\xa9", true},
                                 {"reg", "\xc2\xae", true},
                                 {"apos", "'", false},
                                 {"ndash", "\xe2\x80\x93", false},
                                 {"mdash", "\xe2\x80\x94", false},
                                 {"hellip", "\xe2\x80\xa6", false},
                                 {"middot", "\xc2\xb7", false},
                                 {"bull", "\xe2\x80\xa2", false},
                                 {"laquo", "\xc2\xab", false},
                                 {"raquo", "\xc2\xbb", false},
                                 {"lsquo", "\xe2\x80\x98", false},
                                 {"rsquo", "\xe2\x80\x99", false},
                                 {"ldquo", "\xe2\x80\x9c", false},
                                 {"rdquo", "\xe2\x80\x9d", false},
                                 {"ensp", " ", false},
                                 {"emsp", " ", false},
                                 {"thinsp", " ", false},
                                 {"shy", "", false},
                                 {"times", "\xc3\x97", false},
                                 {"deg", "\xc2\xb0", false},
                                 {"euro", "\xe2\x82\xac", false},
                                 {"pound", "\xc2\xa3", false},
                                 {"sect", "\xc2\xa7", false},
                                 {"trade", "\xe2\x84\xa2", false},
                                 {"eacute", "\xc3\xa9", false},
                                 {"egrave", "\xc3\xa8", false},
                                 {"aacute", "\xc3\xa1", false},
                                 {"agrave", "\xc3\xa0", false},
                                 {"iacute", "\xc3\xad", false},
                                 {"oacute", "\xc3\xb3", false},
                                 {"uacute", "\xc3\xba", false},
                                 {"auml", "\xc3\xa4", false},
                                 {"ouml", "\xc3\xb6", false},
                                 {"uuml", "\xc3\xbc", false},
                                 {"Auml", "\xc3\x84", false},
                                 {"Ouml", "\xc3\x96", false},
                                 {"Uuml", "\xc3\x9c", false},
                                 {"szlig", "\xc3\x9f", false},
                                 {"ccedil", "\xc3\xa7", false},
                                 {"ntilde", "\xc3\xb1", false},
                                 {NULL, NULL, false}};

static bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static size_t put_utf8(char *o, uint32_t cp) {
  if (cp == 0) cp = 0xFFFD;
  if (cp < 0x20 || cp == 0x7F || cp == 0xA0) cp = ' '; /* controls and NBSP read as a space */
  return cvx_utf8_encode(o, cp);
}

/* Decodes the character reference at s[0] == '&' in s[0,n) into out (at
 * most 4 bytes, *outlen set). Returns the bytes consumed, 0 when there is
 * none. legacy_only: only the forms without ';' (cmark already decoded the
 * others in Markdown text). */
static size_t char_ref(const char *s, size_t n, bool legacy_only, char out[4], size_t *outlen) {
  if (n < 2 || s[0] != '&') return 0;
  if (s[1] == '#') {
    if (legacy_only) return 0;
    size_t i = 2;
    bool hex = i < n && (s[i] == 'x' || s[i] == 'X');
    if (hex) i++;
    uint32_t cp = 0;
    size_t digits = 0;
    for (; i < n && digits < 8; i++, digits++) {
      char c = s[i];
      int d = c >= '0' && c <= '9'          ? c - '0'
              : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
              : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                            : -1;
      if (d < 0) break;
      cp = cp * (hex ? 16 : 10) + (uint32_t)d;
    }
    if (!digits) return 0;
    if (i < n && s[i] == ';') i++;
    *outlen = put_utf8(out, cp);
    return i;
  }
  size_t k = 1;
  while (k < n && k < 33 && is_alnum(s[k])) k++;
  size_t name_len = k - 1;
  if (!name_len) return 0;
  bool semi = k < n && s[k] == ';';
  for (const named_ref *r = refs; r->name; r++) {
    size_t rl = strlen(r->name);
    bool whole = rl == name_len && memcmp(s + 1, r->name, rl) == 0;
    /* "&nbspfoo": browsers take the legacy prefix */
    bool prefix = !semi && r->legacy && rl < name_len && strcmp(r->name, "nbsp") == 0 &&
                  memcmp(s + 1, r->name, rl) == 0;
    if (!whole && !prefix) continue;
    if (whole && semi) {
      if (legacy_only) return 0;
      *outlen = strlen(r->utf8);
      memcpy(out, r->utf8, *outlen);
      return k + 1;
    }
    if (!r->legacy) return 0;
    *outlen = strlen(r->utf8);
    memcpy(out, r->utf8, *outlen);
    return 1 + rl;
  }
  return 0;
}

/* SSE2 (every x86-64) with the GCC builtins: sixteen bytes at a time where
 * it helps. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define VEC16 1
/* plain_run8 for the sixteen bytes at p, as a mask: bit k is set when byte k
 * may not continue the run (0: all sixteen do). */
static inline unsigned plain_stop16(const char *p) {
  __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
  __m128i sp = _mm_cmpeq_epi8(x, _mm_set1_epi8(' '));
  __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x20)), x); /* bytes up to 0x20 */
  __m128i bad = _mm_or_si128(_mm_andnot_si128(sp, low), _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)));
  bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, _mm_set1_epi8((char)0xC2)));
  bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, _mm_set1_epi8('&')));
  bad = _mm_or_si128(bad, _mm_and_si128(sp, _mm_srli_si128(sp, 1)));   /* two spaces */
  return (unsigned)_mm_movemask_epi8(bad) | ((unsigned)_mm_movemask_epi8(sp) & 0x8000u); /* a space last */
}
#else
#define VEC16 0
#endif

/* Appends source text, control bytes (which mean something in raw) as spaces. */
static void put_text(cvx_buf *b, const char *s, size_t n) {
  if (n >= b->cap - b->len) cvx_buf_reserve(b, n); /* else there is room */
  char *o = b->ptr + b->len;
  size_t i = 0;
  while (i < n) {
    /* the last sixteen (eight) bytes may overlap bytes already written: when
     * none of the sixteen changes, those were written as they are */
#if VEC16
    if (n >= 16) { /* sixteen bytes with no control and no DEL are copied whole */
      size_t at = n - i >= 16 ? i : n - 16;
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
      __m128i bad = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1F)), x),
                                 _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)));
      if (!_mm_movemask_epi8(bad)) {
        _mm_storeu_si128((__m128i *)(void *)(o + at), x);
        i = at + 16;
        continue;
      }
    }
#endif
    if (n >= 8) { /* eight bytes with no control and no DEL are copied whole */
      size_t at = n - i >= 8 ? i : n - 8;
      uint64_t x = swar_load8(s + at);
      if (!swar_has_less(x, 0x20) && !swar_has_byte(x, 0x7F)) {
        memcpy(o + at, s + at, 8);
        i = at + 8;
        continue;
      }
    }
    size_t stop = n - i >= 8 ? i + 8 : n;
    for (; i < stop; i++) {
      char c = s[i];
      o[i] = ((unsigned char)c < 0x20 && c != '\n') || c == 0x7F ? ' ' : c;
    }
  }
  b->len += n;
  b->ptr[b->len] = '\0';
}

/* A byte normalize copies as it is whatever the state: not a blank, a
 * control, a mark, the lead byte of a no-break space, nor a possible
 * character reference. */
static inline bool plain_byte(unsigned char c) {
  return c > 0x20 && c != 0x7F && c != 0xC2 && c != '&';
}

/* The eight bytes at p continue a run in normalize as they are: each is a
 * plain byte or a space with a plain byte right after it in the eight
 * (the byte before p is a plain one). The masks are exact: sp >> 8 is the
 * space mask moved one byte back. */
static inline bool plain_run8(const char *p) {
  uint64_t x = swar_load8(p);
  uint64_t sp = swar_eq_exact(x, ' ');
  uint64_t low = swar_less_exact(x, 0x21); /* bytes up to 0x20 */
  uint64_t bad = (low & ~sp) | swar_eq_exact(x, 0x7F) | swar_eq_exact(x, 0xC2) |
                 swar_eq_exact(x, '&') | (sp & (sp >> 8)) | (sp & (UINT64_C(0x80) << 56));
  return !bad;
}

/* Writes raw s[0,n) as block text into out: lines split at '\n' and BR_MARK,
 * blanks (space, tab, control, no-break space) collapsed into one space, each
 * line trimmed, empty lines dropped, CELL_MARK written as '\t'. STRONG_MARK
 * is removed; *mark gets its output offset (SIZE_MAX when absent). legacy
 * decodes "&nbsp" and friends written without ';'. */
static void normalize(const char *s, size_t n, cvx_buf *out, size_t *mark, bool legacy) {
  cvx_buf_clear(out);
  if (n >= out->cap) cvx_buf_reserve(out, n); /* else there is room */
  *mark = SIZE_MAX;
  bool space = false, nl = false, fresh = true; /* fresh: nothing yet on this line/cell */
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n' || c == (unsigned char)BR_MARK) {
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
    char dec[4];
    size_t dn = 0, used = 0;
    if (c == '&' && legacy) used = char_ref(s + i, n - i, true, dec, &dn);
    if (used && dn == 1 && dec[0] == ' ') {
      space = true;
      i += used;
      continue;
    }
    if (nl) {
      if (out->len && out->ptr[out->len - 1] != '\t') cvx_buf_putc(out, '\n');
      nl = false;
    } else if (space && !fresh) {
      cvx_buf_putc(out, ' ');
    }
    space = false;
    fresh = false;
    if (used) {
      cvx_buf_put(out, dec, dn);
      i += used;
    } else {
      /* c and the plain bytes after it are copied as one run: no byte of
       * the run changes the state above (out has room: the output is never
       * longer than the input) */
      size_t j = i + 1;
      for (;;) {
#if VEC16
        if (n - j >= 16) {
          unsigned stop = plain_stop16(s + j);
          if (!stop) {
            j += 16;
            continue;
          }
          /* the bytes before the first stop continue the run, but a space
           * just before it (its next byte is no plain one); the bytes from
           * there are taken one by one below */
          size_t k = (size_t)__builtin_ctz(stop);
          if (k && s[j + k - 1] == ' ') k--;
          j += k;
        } else
#endif
        if (n - j >= 8 && plain_run8(s + j)) {
          j += 8;
          continue;
        }
        if (j < n && plain_byte((unsigned char)s[j]))
          j++;
        else if (j + 1 < n && s[j] == ' ' && plain_byte((unsigned char)s[j + 1]))
          j += 2; /* one space between plain bytes is written as it is */
        else
          break;
      }
      cvx_buf_put(out, s + i, j - i);
      i = j;
    }
  }
}

/* ----------------------------------------------------------------- links */

static pend_link *link_new(md *m) {
  if (m->nlinks == m->caplinks) {
    m->caplinks = m->caplinks ? m->caplinks * 2 : 8;
    m->links = cvx_xrealloc(m->links, m->caplinks * sizeof *m->links);
  }
  pend_link *l = &m->links[m->nlinks++];
  memset(l, 0, sizeof *l);
  l->hint = CVX_NOSPAN;
  return l;
}

/* First occurrence of nd[0,nn) in h[0,hn), or NULL. Every byte compared is
 * charged to *budget (NULL: no limit), so hostile inputs cost at most that. */
static const char *find_bytes(const char *h, size_t hn, const char *nd, size_t nn, size_t *budget) {
  if (!nn || hn < nn) return NULL;
  const char *p = h, *last = h + (hn - nn);
  while (p <= last) {
    const char *q = memchr(p, nd[0], (size_t)(last - p) + 1);
    size_t cost = (size_t)((q ? q : last) - p) + 1;
    if (!q) {
      if (budget) *budget -= cost < *budget ? cost : *budget;
      return NULL;
    }
    size_t k = 1;
    while (k < nn && q[k] == nd[k]) k++;
    cost += k;
    if (budget) {
      if (*budget < cost) {
        *budget = 0;
        return NULL;
      }
      *budget -= cost;
    }
    if (k == nn) return q;
    p = q + 1;
  }
  return NULL;
}

/* First occurrence of needle in view[from, to) within the search budget. */
static uint32_t search(const md *m, uint32_t from, uint32_t to, const char *needle, size_t nn,
                       size_t *budget) {
  if (to <= from || !*budget) return NONE;
  const char *p = find_bytes(m->v + from, to - from, needle, nn, budget);
  return p ? (uint32_t)(p - m->v) : NONE;
}

/* Where a link is in the source: cmark's inline position when the source
 * agrees with it, else its URL (or visible text) searched after *cursor
 * within the block; the block's own span as a last resort. */
static cvx_span locate_link(md *m, const pend_link *l, const char *text, cvx_span within,
                            uint32_t *cursor, size_t *budget) {
  const char *v = m->v;
  cvx_span h = l->hint;
  if (cvx_span_valid(h) && h.start < h.end && h.start >= within.start && h.end <= within.end) {
    char a = v[h.start], z = v[h.end - 1];
    bool ok = l->image ? a == '!' || a == '<' : a == '[' || a == '<';
    if (ok && (z == ')' || z == ']' || z == '>')) {
      if (h.end > *cursor) *cursor = h.end;
      return h;
    }
  }
  uint32_t from = *cursor > within.start ? *cursor : within.start;
  const char *url = l->url ? l->url : "";
  size_t un = strlen(url);
  uint32_t u = search(m, from, within.end, url, un, budget);
  if (u == NONE && strncmp(url, "mailto:", 7) == 0) {
    url += 7;
    un -= 7;
    u = search(m, from, within.end, url, un, budget);
  }
  if (u != NONE) {
    uint32_t s = u, e = u + (uint32_t)un;
    if (s > from && v[s - 1] == '<' && !l->html) { /* <autolink> */
      s--;
      if (e < within.end && v[e] == '>') e++;
    } else {
      char open = l->html ? '<' : '[';
      uint32_t k = u;
      while (k > from && v[k - 1] != open) k--;
      if (k > from) {
        s = k - 1;
        if (l->image && s > from && v[s - 1] == '!') s--;
      }
      char close = l->html ? '>' : ')';
      for (uint32_t j = e, lim = e + 256; j < within.end && j < lim && v[j] != '\n'; j++)
        if (v[j] == close) {
          e = j + 1;
          break;
        }
    }
    *cursor = e;
    return cvx_span_make(s, e);
  }
  if (text && *text) {
    size_t tn = strcspn(text, "\n");
    uint32_t t = search(m, from, within.end, text, tn, budget);
    if (t != NONE) {
      *cursor = t + (uint32_t)tn;
      return cvx_span_make(t, t + tn);
    }
  }
  return within;
}

/* ---------------------------------------------------------------- blocks */

static int item_level(const md *m) { return (m->lists < MAX_DEPTH ? m->lists : MAX_DEPTH) - 1; }
static int para_level(const md *m) { return m->lists < MAX_DEPTH ? m->lists : MAX_DEPTH; }

static void flush_pending(md *m) {
  if (!m->pending) return;
  m->pending = false;
  uint32_t e = m->pend_start + (uint32_t)strlen(m->pend_marker);
  cvx_block *b = cvx_blocks_add(m->doc, m->out, CVX_BLK_ITEM, m->pend_level,
                                cvx_span_make(m->pend_start, e > m->len ? m->len : e));
  cvx_block_set_marker(b, m->pend_marker);
}

/* Appends a block; the first paragraph of a pending list item becomes the
 * item itself (anything else first gets an empty item before it). */
static cvx_block *add_block(md *m, cvx_blk_kind kind, int level, cvx_span span) {
  const char *marker = NULL;
  if (m->pending) {
    if (kind == CVX_BLK_PARA) {
      m->pending = false;
      kind = CVX_BLK_ITEM;
      level = m->pend_level;
      if (m->pend_start < span.start) span.start = m->pend_start;
      marker = m->pend_marker;
    } else {
      flush_pending(m);
    }
  }
  cvx_block *b = cvx_blocks_add(m->doc, m->out, kind, level, span);
  cvx_block_set_marker(b, marker);
  return b;
}

/* A block text this long is handed to the arena in its buffer, not copied. */
#define ADOPT_MIN ((size_t)64 * 1024)

/* Hands the glued paragraph's buffers to the arena, cut to size. */
static void finish_glue(md *m) {
  if (m->glue_text) {
    size_t n = (size_t)m->glue->len + 1;
    char *t = cvx_xrealloc(m->glue_text, n);
    cvx_arena_adopt(m->doc->arena, t, n);
    m->glue->text = t;
  }
  if (m->glue_links) {
    size_t n = (size_t)cvx_block_nlinks(m->glue) * sizeof *m->glue_links;
    cvx_link *l = cvx_xrealloc(m->glue_links, n ? n : 1);
    cvx_arena_adopt(m->doc->arena, l, n ? n : 1);
    cvx_block_set_links(m->doc->arena, m->glue, l, cvx_block_nlinks(m->glue));
  }
  m->glue = NULL;
  m->glue_text = NULL;
  m->glue_links = NULL;
  m->glue_cap = m->glue_lcap = 0;
}

/* Appends s[0,n) to the glued paragraph's text (NUL-terminated). */
static void glue_put(md *m, const char *s, size_t n) {
  size_t len = m->glue->len;
  if (len + n + 1 > m->glue_cap) {
    size_t cap = m->glue_cap ? m->glue_cap : 4096;
    while (cap < len + n + 1) cap *= 2;
    m->glue_text = cvx_xrealloc(m->glue_text, cap);
    m->glue_cap = cap;
  }
  memcpy(m->glue_text + len, s, n);
  m->glue_text[len + n] = '\0';
  m->glue->text = m->glue_text;
  m->glue->len = (uint32_t)(len + n);
}

/* Makes a block of raw[a, b) and the links that start there. Blocks with
 * neither text nor links are not made (NULL). */
static cvx_block *emit_text(md *m, cvx_blk_kind kind, int level, cvx_span span, size_t a, size_t b,
                            bool legacy) {
  size_t mark;
  normalize(m->raw.ptr + a, b - a, &m->tmp, &mark, legacy);
  /* links are in raw order: the first at or after a, then those up to b */
  size_t lo = 0, hi = m->nlinks;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (m->links[mid].rs < a)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t first = lo, last = lo, nl = 0;
  for (; last < m->nlinks && m->links[last].rs <= b; last++)
    if (!m->links[last].open && m->links[last].url) nl++;
  if (!m->tmp.len && !nl) return NULL;
  cvx_block *prev = m->out->tail;
  cvx_block *blk = add_block(m, kind, level, span);
  /* the next piece of a giant line cut inside: glued to the paragraph of
   * the piece before, with the space of the cut between */
  bool plain = blk->kind == CVX_BLK_PARA && blk->level == 0 && !cvx_block_has_marker(blk);
  bool cont = plain && m->continuing && m->glue && prev == m->glue && prev->span.end <= blk->span.start;
  for (uint32_t i = cont ? prev->span.end : 0; cont && i < blk->span.start; i++) cont = m->v[i] == ' ';
  m->continuing = false;
  const char *t = m->tmp.ptr;
  size_t tl = m->tmp.len;
  /* a GitHub task-list box is drawn, not written */
  if (blk->kind == CVX_BLK_ITEM && tl >= 4 && t[0] == '[' &&
      (t[1] == ' ' || t[1] == 'x' || t[1] == 'X') && t[2] == ']' && t[3] == ' ') {
    t += 4;
    tl -= 4;
    mark = mark != SIZE_MAX && mark > 4 ? mark - 4 : SIZE_MAX;
  }
  if (cont) {
    glue_put(m, " ", 1);
    glue_put(m, t, tl);
    prev->span.end = blk->span.end;
    prev->next = NULL; /* blk only carries this piece's links over */
    m->out->tail = prev;
    m->out->n--;
  } else if (plain && m->cutting) { /* a giant line's first piece: the paragraph to glue to */
    if (m->glue) finish_glue(m);
    m->glue = blk;
    blk->len = 0;
    glue_put(m, t, tl);
  } else if (cvx_block_text_in_source(m->doc, blk, t, tl, blk->span.end)) {
    /* a text as the source has it is read there (sealed at the end) */
  } else if (tl >= ADOPT_MIN && m->tmp.cap) {
    /* a big text is not copied: the buffer itself, cut to size, goes to the
     * arena, and the next block starts a new one */
    size_t off = (size_t)(t - m->tmp.ptr);
    char *own = cvx_xrealloc(m->tmp.ptr, off + tl + 1);
    own[off + tl] = '\0';
    cvx_arena_adopt(m->doc->arena, own, off + tl + 1);
    blk->text = own + off;
    cvx_buf_init(&m->tmp);
  } else {
    blk->text = cvx_arena_strndup(m->doc->arena, t, tl);
  }
  if (!cont) blk->len = (uint32_t)tl;
  if (!cont && mark != SIZE_MAX && mark > 0 && mark <= tl) cvx_block_set_strong(m->doc->arena, blk, (uint32_t)mark);
  if (!nl) return cont ? prev : blk;
  /* sized once (cvx_block_link grows one by one, quadratic for a line of
   * thousands of links); strings copied into the arena as it does */
  cvx_arena *ar = m->doc->arena;
  cvx_link *links = cvx_arena_alloc(ar, nl * sizeof *links);
  uint32_t nlinks = 0;
  uint32_t cursor = blk->span.start;
  size_t budget = 4 * (size_t)(blk->span.end - blk->span.start) + 1024;
  for (size_t i = first; i < last; i++) {
    pend_link *l = &m->links[i];
    if (l->open || !l->url) continue;
    size_t lm;
    normalize(m->raw.ptr + l->rs, l->re - l->rs, &m->tmp, &lm, legacy);
    cvx_span ls = locate_link(m, l, m->tmp.ptr, blk->span, &cursor, &budget);
    links[nlinks++] = (cvx_link){l->image ? "" : cvx_arena_strndup(ar, m->tmp.ptr, m->tmp.len),
                                 cvx_arena_strdup(ar, l->url), ls};
  }
  cvx_block_set_links(ar, blk, links, nlinks);
  if (cont) { /* this piece's links after the paragraph's */
    size_t have = cvx_block_nlinks(prev), need = have + cvx_block_nlinks(blk);
    if (need > m->glue_lcap) {
      size_t cap = m->glue_lcap ? m->glue_lcap : 16;
      while (cap < need) cap *= 2;
      cvx_link *l = cvx_xrealloc(m->glue_links, cap * sizeof *l);
      if (!m->glue_links && have) memcpy(l, cvx_block_links(prev), have * sizeof *l);
      m->glue_links = l;
      m->glue_lcap = cap;
    }
    memcpy(m->glue_links + have, links, nlinks * sizeof *links);
    cvx_block_set_links(ar, prev, m->glue_links, (uint32_t)need);
    return prev;
  }
  return blk;
}

static void check_depth(md *m, cmark_node *n) {
  if (m->depth_warned || m->lists + m->quotes <= MAX_DEPTH) return;
  m->depth_warned = true;
  if (m->doc->dx) {
    uint32_t s = md_offset(m, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
    cvx_diag_add(m->doc->dx, CVX_WARNING, "markdown.depth", cvx_span_make(s, s),
                 "lists and quotes nested deeper than %d levels are read as level %d", MAX_DEPTH,
                 MAX_DEPTH);
  }
}

/* ---------------------------------------------------------- inline HTML */

/* A parsed tag: name (lower-cased into a small buffer), closing or not. */
typedef struct tag {
  char name[12];
  bool closing;
  uint32_t end; /* one past '>' */
} tag;

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c; }

/* Parses the tag at s[0] == '<' in s[0,n): name and end. False when it is
 * not a tag (then '<' is text). */
static bool parse_tag(const char *s, size_t n, tag *t) {
  size_t i = 1;
  t->closing = i < n && s[i] == '/';
  if (t->closing) i++;
  if (i >= n || !((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'))) return false;
  size_t k = 0;
  while (i < n && (is_alnum(s[i]) || s[i] == '-' || s[i] == ':')) {
    if (k + 1 < sizeof t->name) t->name[k++] = lower(s[i]);
    i++;
  }
  t->name[k] = '\0';
  if (i < n && !is_blank(s[i]) && s[i] != '>' && s[i] != '/') return false;
  char q = 0;
  size_t first_gt = SIZE_MAX;
  for (; i < n; i++) {
    char c = s[i];
    if (c == '>' && first_gt == SIZE_MAX) first_gt = i;
    if (q) {
      if (c == q) q = 0;
    } else if (c == '"' || c == '\'') {
      q = c;
    } else if (c == '>') {
      t->end = (uint32_t)i + 1;
      return true;
    }
  }
  if (first_gt == SIZE_MAX) return false; /* an unclosed quote: the first '>' ends it */
  t->end = (uint32_t)first_gt + 1;
  return true;
}

/* Value of attribute `want` in the tag s[0,n), entities decoded, into the
 * arena; NULL when absent. */
static const char *tag_attr(cvx_arena *a, const char *s, size_t n, const char *want) {
  size_t i = 1, wl = strlen(want);
  while (i < n && !is_blank(s[i]) && s[i] != '>') i++;
  while (i < n && s[i] != '>') {
    while (i < n && (is_blank(s[i]) || s[i] == '/')) i++;
    size_t ns = i;
    while (i < n && !is_blank(s[i]) && s[i] != '=' && s[i] != '>' && s[i] != '/') i++;
    size_t nl = i - ns;
    while (i < n && is_blank(s[i])) i++;
    size_t vs = i, ve = i;
    if (i < n && s[i] == '=') {
      i++;
      while (i < n && is_blank(s[i])) i++;
      if (i < n && (s[i] == '"' || s[i] == '\'')) {
        char q = s[i++];
        vs = i;
        while (i < n && s[i] != q) i++;
        ve = i;
        if (i < n) i++;
      } else {
        vs = i;
        while (i < n && !is_blank(s[i]) && s[i] != '>') i++;
        ve = i;
      }
    } else if (nl == 0) {
      i++;
      continue;
    }
    bool match = nl == wl;
    for (size_t k = 0; match && k < wl; k++) match = lower(s[ns + k]) == want[k];
    if (!match) continue;
    cvx_buf b = CVX_BUF_INIT;
    for (size_t k = vs; k < ve;) {
      char dec[4];
      size_t dn = 0, used = s[k] == '&' ? char_ref(s + k, ve - k, false, dec, &dn) : 0;
      if (used) {
        cvx_buf_put(&b, dec, dn);
        k += used;
      } else {
        cvx_buf_putc(&b, s[k++]);
      }
    }
    const char *r = cvx_arena_strndup(a, b.ptr, b.len);
    cvx_buf_free(&b);
    return r;
  }
  return NULL;
}

static bool name_in(const char *name, const char *const *set) {
  for (; *set; set++)
    if ((*set)[0] == name[0] && strcmp(name, *set) == 0) return true; /* the first byte rules most out */
  return false;
}

/* Inline elements that only wrap a word or two: side by side they are chips,
 * tags or keys, the items of a list. */
static bool chip_tag(const char *name) {
  static const char *const chips[] = {"button", "code", "kbd", "label", "mark", "small", "span", NULL};
  return name_in(name, chips);
}

static bool is_strong_tag(const char *name) {
  return !strcmp(name, "strong") || !strcmp(name, "b");
}

/* ------------------------------------------------------ inline rendering */

/* cmark's iterator without its allocation: the same ENTER and EXIT events
 * over the subtree of root, in the same order (a leaf is only entered; any
 * other node is entered, then its children, then exited). */
typedef struct walker {
  cmark_node *root, *node; /* node: the one the next event is about */
  cmark_node_type type;    /* its type, once known */
  cmark_event_type ev;     /* the next event */
} walker;

static bool leaf_type(cmark_node_type t) {
  switch (t) {
  case CMARK_NODE_HTML_BLOCK:
  case CMARK_NODE_THEMATIC_BREAK:
  case CMARK_NODE_CODE_BLOCK:
  case CMARK_NODE_TEXT:
  case CMARK_NODE_SOFTBREAK:
  case CMARK_NODE_LINEBREAK:
  case CMARK_NODE_CODE:
  case CMARK_NODE_HTML_INLINE:
    return true;
  default:
    return false;
  }
}

/* The next event (CMARK_EVENT_DONE at the end), its node and type. */
static cmark_event_type walker_next(walker *w, cmark_node **node, cmark_node_type *type) {
  cmark_event_type ev = w->ev;
  cmark_node *cur = w->node;
  if (ev == CMARK_EVENT_DONE) return ev;
  if (w->type == CMARK_NODE_NONE) w->type = cmark_node_get_type(cur);
  *node = cur;
  *type = w->type;
  cmark_node *next;
  if (ev == CMARK_EVENT_ENTER && !leaf_type(w->type)) {
    if ((next = cmark_node_first_child(cur)) != NULL) {
      w->node = next;
      w->type = CMARK_NODE_NONE;
    } else {
      w->ev = CMARK_EVENT_EXIT; /* an empty container: exited right away */
    }
  } else if (cur == w->root) {
    w->ev = CMARK_EVENT_DONE;
  } else if ((next = cmark_node_next(cur)) != NULL) {
    w->node = next;
    w->type = CMARK_NODE_NONE;
    w->ev = CMARK_EVENT_ENTER;
  } else if ((next = cmark_node_parent(cur)) != NULL) {
    w->node = next;
    w->type = CMARK_NODE_NONE;
    w->ev = CMARK_EVENT_EXIT;
  } else {
    w->ev = CMARK_EVENT_DONE;
  }
  return ev;
}

/* Renders the inlines under n into m->raw (text, '\n' per line break,
 * BR_MARK per <br>, STRONG_MARK after a leading bold run) and m->links. */
static void render_inlines(md *m, cmark_node *n) {
  cvx_buf_clear(&m->raw);
  m->nlinks = 0;
  bool vis = false, strong_done = false, html_strong = false;
  cmark_node *strong = NULL, *badge = NULL;
  size_t badge_end = SIZE_MAX; /* raw.len after the last badge's alt text */
  /* inline elements of one name side by side ("<span>C</span> <span>Go</span>",
   * "<kbd>") are the items of a list: chip_end is raw.len where the last one
   * closed, gap_end where the next one of its name opened after blanks only */
  char chip_name[12] = "";
  size_t chip_end = SIZE_MAX, gap_end = SIZE_MAX;
  int chip_depth = 0; /* open chip elements: a line break inside one is a space */
  int image = 0;
  size_t open_md = SIZE_MAX;   /* index of the Markdown link being rendered */
  size_t open_html = SIZE_MAX; /* index of an <a> not yet closed */
  walker it = {n, n, CMARK_NODE_NONE, CMARK_EVENT_ENTER};
  cmark_event_type ev;
  cmark_node *c;
  cmark_node_type t;
  while ((ev = walker_next(&it, &c, &t)) != CMARK_EVENT_DONE) {
    if (ev == CMARK_EVENT_EXIT) {
      if (c == strong) {
        cvx_buf_putc(&m->raw, STRONG_MARK);
        strong = NULL;
        strong_done = true;
      } else if (t == CMARK_NODE_LINK && open_md != SIZE_MAX) {
        m->links[open_md].re = m->raw.len;
        m->links[open_md].open = false;
        open_md = SIZE_MAX;
      } else if (c == badge) {
        badge = NULL;
        badge_end = m->raw.len;
      } else if (t == CMARK_NODE_IMAGE) {
        image--;
      }
      continue;
    }
    switch (t) {
    case CMARK_NODE_TEXT:
    case CMARK_NODE_CODE: {
      if (image) break;
      const char *lit = cmark_node_get_literal(c);
      size_t ln = lit ? strlen(lit) : 0;
      if (gap_end != SIZE_MAX && gap_end == m->raw.len) {
        /* the next item starts with a word, not a dash going on from the one
         * before ("<span>2019</span> <span>- 2021</span>" is one range) */
        size_t i = 0;
        while (i < ln && is_blank(lit[i])) i++;
        if (i < ln && (isalnum((unsigned char)lit[i]) || (unsigned char)lit[i] >= 0xC0)) {
          m->raw.len = chip_end;
          for (size_t k = 0; k < m->nlinks; k++) {
            if (m->links[k].rs > chip_end) m->links[k].rs = chip_end;
            if (m->links[k].re > chip_end) m->links[k].re = chip_end;
          }
          cvx_buf_puts(&m->raw, ", ");
        }
      }
      gap_end = SIZE_MAX;
      put_text(&m->raw, lit ? lit : "", ln);
      for (size_t i = 0; i < ln && !vis; i++) vis = !is_blank(lit[i]);
      break;
    }
    case CMARK_NODE_SOFTBREAK:
    case CMARK_NODE_LINEBREAK:
      if (!image) cvx_buf_putc(&m->raw, chip_depth > 0 && t == CMARK_NODE_SOFTBREAK ? ' ' : '\n');
      break;
    case CMARK_NODE_STRONG:
      if (!vis && !strong && !strong_done && !image) strong = c;
      break;
    case CMARK_NODE_LINK:
      if (image || open_md != SIZE_MAX) break;
      {
        pend_link *l = link_new(m);
        l->rs = m->raw.len;
        l->url = cmark_node_get_url(c);
        l->hint = inline_hint(m, c);
        l->open = true;
        open_md = m->nlinks - 1;
      }
      break;
    case CMARK_NODE_IMAGE:
      if (!image) {
        pend_link *l = link_new(m);
        l->rs = l->re = m->raw.len;
        l->url = cmark_node_get_url(c);
        l->hint = inline_hint(m, c);
        l->image = true;
        if (!badge && cvx_html_badge_url(l->url)) { /* its alt text is the word it shows */
          bool blank = badge_end != SIZE_MAX && badge_end <= m->raw.len;
          for (size_t i = badge_end; blank && i < m->raw.len; i++) blank = m->raw.ptr[i] == ' ';
          if (blank) { /* badges on one line: a list */
            m->raw.len = badge_end;
            for (size_t i = 0; i < m->nlinks; i++) {
              if (m->links[i].rs > badge_end) m->links[i].rs = badge_end;
              if (m->links[i].re > badge_end) m->links[i].re = badge_end;
            }
            cvx_buf_puts(&m->raw, ", ");
          }
          badge = c;
          l->rs = l->re = m->raw.len;
          break;
        }
      }
      image++;
      break;
    case CMARK_NODE_HTML_INLINE: {
      const char *lit = cmark_node_get_literal(c);
      size_t ln = lit ? strlen(lit) : 0;
      tag tg;
      if (!ln || lit[0] != '<' || !parse_tag(lit, ln, &tg)) break;
      if (!strcmp(tg.name, "br")) {
        if (!image) cvx_buf_putc(&m->raw, BR_MARK);
      } else if (!strcmp(tg.name, "a") && !tg.closing && !image) {
        const char *href = tag_attr(m->doc->arena, lit, ln, "href");
        if (href && open_html == SIZE_MAX) {
          pend_link *l = link_new(m);
          l->rs = m->raw.len;
          l->url = href;
          l->hint = inline_hint(m, c);
          l->html = l->open = true;
          open_html = m->nlinks - 1;
        }
      } else if (!strcmp(tg.name, "a") && tg.closing && open_html != SIZE_MAX) {
        pend_link *l = &m->links[open_html];
        l->re = m->raw.len;
        l->open = false;
        cvx_span h = inline_hint(m, c);
        if (cvx_span_valid(l->hint) && cvx_span_valid(h) && h.end > l->hint.start)
          l->hint.end = h.end;
        else
          l->hint = CVX_NOSPAN;
        open_html = SIZE_MAX;
      } else if (!strcmp(tg.name, "img") && !tg.closing && !image) {
        const char *src = tag_attr(m->doc->arena, lit, ln, "src");
        if (src) {
          pend_link *l = link_new(m);
          l->rs = l->re = m->raw.len;
          l->url = src;
          l->hint = inline_hint(m, c);
          l->image = l->html = true;
        }
      } else if (chip_tag(tg.name)) {
        if (!tg.closing) {
          bool blank = chip_end != SIZE_MAX && chip_end <= m->raw.len && !strcmp(chip_name, tg.name);
          for (size_t i = chip_end; blank && i < m->raw.len; i++) blank = is_blank(m->raw.ptr[i]) || m->raw.ptr[i] == '\n';
          gap_end = blank ? m->raw.len : SIZE_MAX;
          chip_depth++;
        } else if (chip_depth > 0) {
          chip_depth--;
          chip_end = m->raw.len;
          memcpy(chip_name, tg.name, sizeof chip_name);
        }
      } else if (is_strong_tag(tg.name)) {
        if (!tg.closing && !vis && !strong && !strong_done) {
          html_strong = true;
        } else if (tg.closing && html_strong) {
          cvx_buf_putc(&m->raw, STRONG_MARK);
          html_strong = false;
          strong_done = true;
        }
      }
      break;
    }
    default:
      break;
    }
  }
  /* an <a> never closed keeps its text up to the end */
  for (size_t i = 0; i < m->nlinks; i++)
    if (m->links[i].open) {
      m->links[i].re = m->raw.len;
      m->links[i].open = false;
      m->links[i].hint = CVX_NOSPAN;
    }
}

/* ----------------------------------------------------------- pipe tables */

/* A GFM/kramdown delimiter row: only | - : + and blanks, with a '-' and a '|'. */
static bool is_delim_row(const char *s, size_t n) {
  bool dash = false, pipe = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '-')
      dash = true;
    else if (c == '|')
      pipe = true;
    else if (c != ':' && c != '+' && !is_blank(c))
      return false;
  }
  return dash && pipe;
}

static bool has_pipe(const char *s, size_t n) { return memchr(s, '|', n) != NULL; }

/* Emits a paragraph whose raw text holds a pipe table (one ROW per row, the
 * delimiter rows skipped, text before the table as a PARA). False when the
 * paragraph is not a table. */
static bool emit_table(md *m, cmark_node *n, cvx_span span, int level) {
  const char *r = m->raw.ptr;
  size_t len = m->raw.len;
  /* find the first delimiter row that follows a header row (or opens the paragraph) */
  size_t ls = 0, prev_s = SIZE_MAX, prev_e = 0, line = 0, head = SIZE_MAX, head_line = 0;
  while (ls <= len) {
    const char *nlp = memchr(r + ls, '\n', len - ls);
    size_t le = nlp ? (size_t)(nlp - r) : len;
    if (is_delim_row(r + ls, le - ls)) {
      if (prev_s == SIZE_MAX) {
        head = ls;
        head_line = line;
      } else if (has_pipe(r + prev_s, prev_e - prev_s)) {
        head = prev_s;
        head_line = line - 1;
      }
      if (head != SIZE_MAX) break;
    }
    prev_s = ls;
    prev_e = le;
    line++;
    if (!nlp) break;
    ls = le + 1;
  }
  if (head == SIZE_MAX) return false;
  int first = cmark_node_get_start_line(n);
  if (head > 0) {
    cvx_span ps = span;
    cvx_span last = line_span(m, first + (int)head_line - 1);
    if (last.end >= ps.start) ps.end = last.end;
    emit_text(m, CVX_BLK_PARA, level, ps, 0, head - 1, true);
  }
  ls = head;
  line = head_line;
  while (ls <= len) {
    const char *nlp = memchr(r + ls, '\n', len - ls);
    size_t le = nlp ? (size_t)(nlp - r) : len;
    if (!is_delim_row(r + ls, le - ls)) {
      /* cells: the row between its outer pipes, split at '|' (in place) */
      size_t a = ls, b = le;
      while (a < b && is_blank(r[a])) a++;
      while (b > a && is_blank(r[b - 1])) b--;
      if (a < b && r[a] == '|') a++;
      if (b > a && r[b - 1] == '|') b--;
      for (size_t i = a; i < b; i++)
        if (r[i] == '|') m->raw.ptr[i] = CELL_MARK;
      cvx_span rs = intersect(line_span(m, first + (int)line), span);
      emit_text(m, CVX_BLK_ROW, level, rs, a, b, true);
    }
    line++;
    if (!nlp) break;
    ls = le + 1;
  }
  return true;
}

/* ----------------------------------------------------------- HTML blocks */

/* Tags that end a paragraph (or, inside an item, row or heading, a line). */
static const char *const block_tags[] = {
    "p",      "div",     "section", "article", "header",  "footer",  "blockquote", "dl",
    "dt",     "dd",      "hr",      "pre",     "details", "summary", "figure",     "figcaption",
    "center", "address", "main",    "nav",     "aside",   "caption", "form",       "fieldset",
    "thead",  "tbody",   "tfoot",   "body",    "html",    "head",    "title",      NULL};

/* The block an HTML scan is filling. */
typedef struct hblock {
  bool open;
  cvx_blk_kind kind;
  int level;
  uint32_t s, e;
  int cells;
  bool strong, strong_done;
  bool vis;    /* visible text seen */
  size_t link; /* index of an <a> still open, or SIZE_MAX */
} hblock;

static void h_flush(md *m, hblock *h) {
  if (h->open) {
    cvx_span sp = cvx_span_make(h->s, h->e > h->s ? h->e : h->s);
    /* an <a> left open ends here */
    if (h->link != SIZE_MAX) {
      m->links[h->link].re = m->raw.len;
      m->links[h->link].open = false;
      m->links[h->link].hint.end = h->e;
    }
    emit_text(m, h->kind, h->level, sp, 0, m->raw.len, false);
  }
  cvx_buf_clear(&m->raw);
  m->nlinks = 0;
  h->open = false;
  h->cells = 0;
  h->strong = h->strong_done = h->vis = false;
  h->link = SIZE_MAX;
}

static void h_open(hblock *h, cvx_blk_kind kind, int level, uint32_t at) {
  h->open = true;
  h->kind = kind;
  h->level = level > MAX_DEPTH ? MAX_DEPTH : level;
  h->s = h->e = at;
  h->cells = 0;
}

/* Splits a raw HTML block (view[span)) into blocks: <li> items, <tr> rows
 * (cells joined by '\t'), <h1>-<h6> headings and paragraphs between block
 * tags; other tags dropped, <br> a line break, entities decoded, <a href>
 * and <img src> kept as links. */
static void html_blocks(md *m, cvx_span span) {
  const char *v = m->v;
  int base = m->lists > 0 ? para_level(m) : 0;
  int ul = 0, li = 0;
  hblock h = {.link = SIZE_MAX};
  cvx_buf_clear(&m->raw);
  m->nlinks = 0;
  uint32_t i = span.start, end = span.end, next_gt = 0; /* next '>' at or after i (end: none) */
  while (i < end) {
    char c = v[i];
    /* text outside any item, row or heading: a paragraph, under the open <li> if any */
    int in_li = li > 0 ? base + (ul > 0 ? ul - 1 : 0) + 1 : base;
    if (c == '<' && i + 1 < end && (v[i + 1] == '!' || v[i + 1] == '?')) {
      /* comment, doctype, CDATA, processing instruction: not text */
      const char *close = v[i + 1] == '!' && end - i >= 4 && memcmp(v + i, "<!--", 4) == 0
                              ? find_bytes(v + i + 4, end - i - 4, "-->", 3, NULL)
                              : (const char *)memchr(v + i, '>', end - i);
      i = close ? (uint32_t)(close - v) + (close[0] == '-' ? 3 : 1) : end;
      continue;
    }
    tag t;
    if (c == '<' && next_gt <= i) {
      const char *g = memchr(v + i, '>', end - i);
      next_gt = g ? (uint32_t)(g - v) : end;
    }
    if (c == '<' && next_gt < end && parse_tag(v + i, end - i, &t)) {
      uint32_t te = i + t.end;
      const char *nm = t.name;
      bool container =
          h.open && (h.kind == CVX_BLK_ITEM || h.kind == CVX_BLK_ROW || h.kind == CVX_BLK_HEADING);
      if (!strcmp(nm, "li")) {
        h_flush(m, &h);
        if (!t.closing) {
          h_open(&h, CVX_BLK_ITEM, base + (ul > 0 ? ul - 1 : 0), i);
          li++;
        } else if (li > 0) {
          li--;
        }
      } else if (!strcmp(nm, "ul") || !strcmp(nm, "ol")) {
        h_flush(m, &h);
        ul += t.closing ? (ul > 0 ? -1 : 0) : 1;
        if (ul > 10000) ul = 10000;
      } else if (!strcmp(nm, "tr") || !strcmp(nm, "table")) {
        h_flush(m, &h);
        if (!t.closing && !strcmp(nm, "tr")) h_open(&h, CVX_BLK_ROW, base, i);
      } else if (!strcmp(nm, "td") || !strcmp(nm, "th")) {
        if (!t.closing) {
          if (!h.open || h.kind != CVX_BLK_ROW) {
            h_flush(m, &h);
            h_open(&h, CVX_BLK_ROW, base, i);
          }
          if (h.cells++) cvx_buf_putc(&m->raw, CELL_MARK);
        }
      } else if (nm[0] == 'h' && nm[1] >= '1' && nm[1] <= '6' && !nm[2]) {
        h_flush(m, &h);
        if (!t.closing) {
          if (m->lists > 0 || ul > 0)
            h_open(&h, CVX_BLK_PARA, in_li, i);
          else
            h_open(&h, CVX_BLK_HEADING, nm[1] - '0', i);
        }
      } else if (!strcmp(nm, "br")) {
        if (h.open) cvx_buf_putc(&m->raw, '\n');
      } else if (!strcmp(nm, "a")) {
        if (!t.closing) {
          const char *href = tag_attr(m->doc->arena, v + i, t.end, "href");
          if (href) {
            if (!h.open) h_open(&h, CVX_BLK_PARA, in_li, i);
            pend_link *l = link_new(m);
            l->rs = m->raw.len;
            l->url = href;
            l->hint = cvx_span_make(i, te);
            l->html = l->open = true;
            h.link = m->nlinks - 1;
          }
        } else if (h.link != SIZE_MAX) {
          pend_link *l = &m->links[h.link];
          l->re = m->raw.len;
          l->open = false;
          l->hint.end = te;
          h.link = SIZE_MAX;
          h.e = te;
        }
      } else if (!strcmp(nm, "img") && !t.closing) {
        const char *src = tag_attr(m->doc->arena, v + i, t.end, "src");
        if (src) {
          if (!h.open) h_open(&h, CVX_BLK_PARA, in_li, i);
          pend_link *l = link_new(m);
          l->rs = l->re = m->raw.len;
          l->url = src;
          l->hint = cvx_span_make(i, te);
          l->image = l->html = true;
          h.e = te;
        }
      } else if (is_strong_tag(nm)) {
        if (!t.closing && !h.strong && !h.strong_done && !h.vis) {
          h.strong = true;
        } else if (t.closing && h.strong) {
          cvx_buf_putc(&m->raw, STRONG_MARK);
          h.strong = false;
          h.strong_done = true;
        }
      } else if (!strcmp(nm, "style") || !strcmp(nm, "script")) {
        if (!t.closing) { /* normally hidden already; never text */
          size_t nl = strlen(nm);
          uint32_t k = te;
          while (k + 2 + nl < end &&
                 !(v[k] == '<' && v[k + 1] == '/' && strncasecmp(v + k + 2, nm, nl) == 0))
            k++;
          const char *gt = k + 2 + nl < end ? memchr(v + k, '>', end - k) : NULL;
          te = gt ? (uint32_t)(gt - v) + 1 : end;
        }
      } else if (name_in(nm, block_tags)) {
        if (container)
          cvx_buf_putc(&m->raw, '\n');
        else
          h_flush(m, &h);
      }
      i = te;
      continue;
    }
    if (c == '&') {
      char dec[4];
      size_t dn = 0, used = char_ref(v + i, end - i, false, dec, &dn);
      if (used) {
        bool blank = dn == 1 && dec[0] == ' ';
        if (!blank && !h.open) h_open(&h, CVX_BLK_PARA, in_li, i);
        if (h.open) {
          cvx_buf_put(&m->raw, dec, dn);
          if (!blank) {
            h.e = i + (uint32_t)used;
            h.vis = true;
          }
        }
        i += (uint32_t)used;
        continue;
      }
    }
    if (is_blank(c)) {
      if (h.open) cvx_buf_putc(&m->raw, c == '\n' ? '\n' : ' ');
      i++;
      continue;
    }
    if (!h.open) h_open(&h, CVX_BLK_PARA, in_li, i);
    put_text(&m->raw, &c, 1);
    h.vis = true;
    h.e = ++i;
  }
  h_flush(m, &h);
}

/* ---------------------------------------------------------- HTML regions */

/* Elements whose start and end tags are counted to find where an HTML
 * region ends (those a README or a theme wraps Markdown in). */
static const char *const region_tags[] = {
    "div",    "table",  "thead", "tbody", "tfoot",  "tr",     "td",         "th", "section", "article",
    "header", "footer", "main",  "aside", "center", "details", "blockquote", "ul", "ol",      "dl",
    "figure", "nav",    "li",    NULL};

/* Start tags minus end tags of region_tags in s[0,n) (self-closing and
 * commented ones not counted), clamped to +-1000000. */
static long html_balance(const char *s, size_t n) {
  long bal = 0;
  for (size_t i = 0; i < n;) {
    const char *p = memchr(s + i, '<', n - i);
    if (!p) break;
    i = (size_t)(p - s);
    if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
      const char *c = find_bytes(s + i + 4, n - i - 4, "-->", 3, NULL);
      i = c ? (size_t)(c - s) + 3 : n;
      continue;
    }
    tag t;
    if (!parse_tag(s + i, n - i, &t)) {
      i++;
      continue;
    }
    bool self = t.end >= 2 && s[i + t.end - 2] == '/';
    if (!self && name_in(t.name, region_tags)) bal += t.closing ? -1 : 1;
    if (bal > 1000000) bal = 1000000;
    if (bal < -1000000) bal = -1000000;
    i += t.end;
  }
  return bal;
}

static size_t count_nl(const char *s, size_t n) {
  size_t k = 0;
  for (const char *p = s, *e = s + n; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++) k++;
  return k;
}

static void pool_free(void *p);

/* Appends raw HTML, its legacy character references written without ';'
 * ("&nbsp", "&copy", which browsers read but libxml2 leaves as text)
 * decoded, unless they decode to markup characters. */
static void put_html(cvx_buf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    const char *p = memchr(s + i, '&', n - i);
    size_t k = p ? (size_t)(p - s) : n;
    cvx_buf_put(b, s + i, k - i);
    if (!p) break;
    char dec[4];
    size_t dn = 0, used = char_ref(s + k, n - k, true, dec, &dn);
    if (used && s[k + used - 1] != ';' && dn && !(dn == 1 && strchr("<>&\"'", dec[0]))) {
      cvx_buf_put(b, dec, dn);
      i = k + used;
    } else {
      cvx_buf_putc(b, '&');
      i = k + 1;
    }
  }
}

/* A code block by indentation alone whose text is HTML ("    <h3>" /
 * "        coro" / "    </h3>"), inside an element an HTML block opened:
 * the page's HTML indented as its author wrote it, which Markdown
 * processors of site generators (kramdown) read as HTML up to the closing
 * tag, not as code. A fenced block is code. */
static bool indented_html(const md *m, cmark_node *k) {
  if (cmark_node_get_type(k) != CMARK_NODE_CODE_BLOCK) return false;
  const char *lit = cmark_node_get_literal(k);
  if (!lit) return false;
  while (*lit == ' ' || *lit == '\t' || *lit == '\n') lit++;
  if (lit[0] != '<' || !(isalpha((unsigned char)lit[1]) || lit[1] == '/')) return false;
  int64_t at = line_base(m, cmark_node_get_start_line(k));
  if (at < 0 || at >= (int64_t)m->len) return false;
  const char *v = m->v + at;
  size_t room = m->len - (size_t)at, i = 0;
  while (i < room && i < 3 && v[i] == ' ') i++;
  return !(i < room && (v[i] == '`' || v[i] == '~')); /* (no fence) */
}

/* An HTML region: the raw HTML block n and, while the elements it opens
 * are not closed, the blocks after it (cmark ends a raw HTML block at a
 * blank line, so a table's cells come as HTML fragments and Markdown
 * paragraphs between them), with every run of HTML blocks after them. The
 * Markdown blocks are rendered to HTML, the HTML blocks kept as written,
 * each at its own line, and the whole is read by the HTML builder, so
 * Markdown inside <div> and <td> is laid out as a browser shows it. Returns
 * the region's last node. */
static cmark_node *html_region(md *m, cmark_node *n) {
  cmark_node *last = n;
  long bal = 0;
  for (cmark_node *k = n; k; k = cmark_node_next(k)) {
    bool html = cmark_node_get_type(k) == CMARK_NODE_HTML_BLOCK || (k != n && bal > 0 && indented_html(m, k));
    if (k != n && bal <= 0 && !html) break;
    if (html) {
      const char *lit = cmark_node_get_literal(k);
      bal += html_balance(lit ? lit : "", lit ? strlen(lit) : 0);
    }
    last = k;
  }
  int line0 = cmark_node_get_start_line(n), line = line0;
  cvx_buf *b = &m->tmp;
  cvx_buf_clear(b);
  for (cmark_node *k = n;; k = cmark_node_next(k)) {
    int sl = cmark_node_get_start_line(k), el = cmark_node_get_end_line(k);
    for (; line < sl; line++) cvx_buf_putc(b, '\n');
    cmark_node_type t = cmark_node_get_type(k);
    if (t == CMARK_NODE_CODE_BLOCK && k != n && indented_html(m, k)) t = CMARK_NODE_HTML_BLOCK; /* (as written) */
    char *r = NULL;
    const char *s;
    if (t == CMARK_NODE_HTML_BLOCK) {
      s = cmark_node_get_literal(k);
    } else {
      r = cmark_render_html(k, CMARK_OPT_UNSAFE);
      s = r;
    }
    size_t sn = s ? strlen(s) : 0;
    while (sn && s[sn - 1] == '\n') sn--;
    size_t nl = count_nl(s ? s : "", sn);
    size_t at = b->len;
    if (t == CMARK_NODE_HTML_BLOCK)
      put_html(b, s ? s : "", sn);
    else
      cvx_buf_put(b, s ? s : "", sn);
    /* a list or quote renders a line for each of its tags: those breaks
     * (after <ul>, <ol>, <li>, <blockquote>, before an end tag) go */
    if (t == CMARK_NODE_LIST || t == CMARK_NODE_BLOCK_QUOTE) {
      size_t w = at;
      for (size_t i = at; i < b->len; i++) {
        char c = b->ptr[i];
        if (c == '\n') {
          bool close = i + 2 < b->len && b->ptr[i + 1] == '<' && b->ptr[i + 2] == '/';
          size_t lt = i;
          while (lt > at && i - lt < 16 && b->ptr[lt] != '<') lt--;
          const char *tg = b->ptr + lt;
          bool open = b->ptr[lt] == '<' && i > at && b->ptr[i - 1] == '>' &&
                      (!strncmp(tg, "<ul", 3) || !strncmp(tg, "<ol", 3) || !strncmp(tg, "<li", 3) ||
                       !strncmp(tg, "<blockquote", 11));
          if (close || open) {
            nl--;
            continue;
          }
        }
        b->ptr[w++] = c;
      }
      b->len = w;
      b->ptr[w] = '\0';
    }
    /* a rendering still longer than its source keeps the lines after it
     * in place: its line breaks are spaces (but in code) */
    if (t != CMARK_NODE_HTML_BLOCK && t != CMARK_NODE_CODE_BLOCK && el >= sl && nl > (size_t)(el - sl)) {
      for (size_t i = at; i < b->len; i++)
        if (b->ptr[i] == '\n') b->ptr[i] = ' ';
      nl = 0;
    }
    line += (int)nl;
    if (r) pool_free(r);
    if (k == last) break;
  }
  flush_pending(m);
  uint32_t at = (uint32_t)clamp_off(m, line_base(m, line0));
  if (cvx_html_fragment_blocks(m->doc, m->out, b->ptr ? b->ptr : "", b->len, at) != CVX_OK) return last;
  m->v = m->doc->view; /* hiding may have given the document its own view */
  return last;
}

/* ------------------------------------------------------------------ walk */

/* A paragraph (or, inside a list, a heading): a pipe table or one block. */
static void do_paragraph(md *m, cmark_node *n, cvx_blk_kind kind, int level) {
  cvx_span sp = node_span(m, n);
  render_inlines(m, n);
  if (kind == CVX_BLK_PARA && emit_table(m, n, sp, level)) return;
  emit_text(m, kind, level, sp, 0, m->raw.len, true);
}

/* Whether a code block's literal reads as a CV rather than program code: a
 * whole plain-text CV pasted inside a ```text fence has section headings
 * ("EXPERIENCE", "Education") or dated lines ("2018-2023  Initech"), and few
 * lines shaped like code (ending in ';', '{' or '}', holding " = "). Reads
 * the first 200 lines. */
static bool literal_reads_as_cv(const char *lit, size_t n) {
  int headings = 0, dated = 0, code = 0, lines = 0;
  for (size_t i = 0; i < n && lines < 200;) {
    const char *nlp = memchr(lit + i, '\n', n - i);
    size_t e = nlp ? (size_t)(nlp - lit) : n;
    size_t a = i, b = e;
    while (a < b && is_blank(lit[a])) a++;
    while (b > a && is_blank(lit[b - 1])) b--;
    if (b > a) {
      lines++;
      char last = lit[b - 1];
      bool assign = false;
      for (size_t j = a; j + 2 < b && !assign; j++) assign = lit[j] == ' ' && lit[j + 1] == '=' && lit[j + 2] == ' ';
      if (last == ';' || last == '{' || last == '}' || assign) code++;
      size_t hb = last == ':' ? b - 1 : b;
      if (hb > a && hb - a <= 40 && a - i <= 8) {
        cvx_rec_kind k = cvx_section_classify(lit + a, hb - a);
        headings += k != CVX_REC_SECTION && k != CVX_REC_BASICS;
      }
      cvx_daterange d;
      dated += cvx_date_find(lit + a, b - a < 200 ? b - a : 200, &d) && d.range;
    }
    i = e + 1;
  }
  if (code * 10 > lines) return false;
  return headings >= 2 || dated >= 3;
}

/* A fenced block with no language (or "text") that reads as a CV. */
static bool code_is_cv(cmark_node *n, const char *lit) {
  const char *info = cmark_node_get_fence_info(n);
  if (info && *info) {
    static const char *const plain[] = {"text", "txt", "plain", "plaintext", "none", NULL};
    size_t il = strcspn(info, " \t{");
    bool ok = false;
    for (int i = 0; plain[i] && !ok; i++) ok = il == strlen(plain[i]) && strncasecmp(info, plain[i], il) == 0;
    if (!ok) return false;
  }
  return literal_reads_as_cv(lit, strlen(lit));
}

/* A code block: its literal lines, one PARA per run of non-blank lines; a
 * whole plain-text CV in a fence is read by the plain-text block builder. */
static void do_code(md *m, cmark_node *n, int level) {
  const char *lit = cmark_node_get_literal(n);
  if (!lit) return;
  cvx_span sp = node_span(m, n);
  uint32_t s0 = md_offset(m, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
  bool fenced = s0 < m->len && (m->v[s0] == '`' || m->v[s0] == '~');
  if (fenced && level == 0 && code_is_cv(n, lit)) {
    int first = cmark_node_get_start_line(n) + 1, last = cmark_node_get_end_line(n);
    uint32_t from = (uint32_t)clamp_off(m, line_base(m, first));
    uint32_t to = (uint32_t)clamp_off(m, line_base(m, last));
    cvx_span ls = line_span(m, last);
    /* an unterminated fence runs to the end of its last line */
    if (!(ls.end > ls.start && (m->v[ls.start] == '`' || m->v[ls.start] == '~'))) to = ls.end;
    if (from < to) {
      flush_pending(m);
      if (cvx_text_blocks_range(m->doc, m->out, from, to) == CVX_OK) return;
    }
  }
  int line = cmark_node_get_start_line(n) + (fenced ? 1 : 0);
  size_t n_lit = strlen(lit), i = 0, chunk = 0;
  int chunk_line = line;
  bool in_chunk = false;
  m->nlinks = 0;
  while (i <= n_lit) {
    const char *nlp = memchr(lit + i, '\n', n_lit - i);
    size_t e = nlp ? (size_t)(nlp - lit) : n_lit;
    bool blank = true;
    for (size_t k = i; k < e && blank; k++) blank = is_blank(lit[k]);
    if (!blank && !in_chunk) {
      in_chunk = true;
      chunk = i;
      chunk_line = line;
    }
    if ((blank || !nlp) && in_chunk) {
      size_t ce = blank ? i : e;
      int last = blank ? line - 1 : line;
      cvx_buf_clear(&m->raw);
      put_text(&m->raw, lit + chunk, ce - chunk);
      cvx_span cs =
          intersect(cvx_span_make(line_span(m, chunk_line).start, line_span(m, last).end), sp);
      emit_text(m, CVX_BLK_PARA, level, cs, 0, m->raw.len, false);
      in_chunk = false;
    }
    if (!nlp) break;
    i = e + 1;
    line++;
  }
}

/* The list marker of the item starting at off, as written. */
static const char *item_marker(md *m, uint32_t off, cmark_node *item) {
  const char *v = m->v;
  if (off < m->len && (v[off] == '-' || v[off] == '*' || v[off] == '+'))
    return v[off] == '-' ? "-" : v[off] == '*' ? "*" : "+";
  uint32_t k = off;
  while (k < m->len && k - off < 9 && v[k] >= '0' && v[k] <= '9') k++;
  if (k > off && k < m->len && (v[k] == '.' || v[k] == ')'))
    return cvx_arena_strndup(m->doc->arena, v + off, k + 1 - off);
  cmark_node *list = cmark_node_parent(item);
  if (list && cmark_node_get_list_type(list) == CMARK_ORDERED_LIST)
    return cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? "1)" : "1.";
  return "-";
}

static void walk(md *m, cmark_node *root) {
  cmark_iter *it = cmark_iter_new(root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    cmark_node *n = cmark_iter_get_node(it);
    cmark_node_type t = cmark_node_get_type(n);
    if (ev == CMARK_EVENT_EXIT) {
      if (t == CMARK_NODE_LIST)
        m->lists--;
      else if (t == CMARK_NODE_BLOCK_QUOTE)
        m->quotes--;
      else if (t == CMARK_NODE_ITEM)
        flush_pending(m);
      continue;
    }
    int level = m->lists > 0 ? para_level(m) : 0;
    switch (t) {
    case CMARK_NODE_LIST:
      flush_pending(m); /* "- - x": the outer item has no text of its own */
      m->lists++;
      check_depth(m, n);
      break;
    case CMARK_NODE_BLOCK_QUOTE: /* read as if unquoted */
      m->quotes++;
      check_depth(m, n);
      break;
    case CMARK_NODE_ITEM: {
      flush_pending(m);
      uint32_t s = md_offset(m, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
      while (s < m->len && (m->v[s] == ' ' || m->v[s] == '\t')) s++;
      m->pending = true;
      m->pend_level = item_level(m);
      m->pend_start = s;
      m->pend_marker = item_marker(m, s, n);
      break;
    }
    case CMARK_NODE_PARAGRAPH:
      do_paragraph(m, n, CVX_BLK_PARA, level);
      cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
      break;
    case CMARK_NODE_HEADING:
      /* a heading inside a list item is part of the item, not a section */
      if (m->lists > 0)
        do_paragraph(m, n, CVX_BLK_PARA, level);
      else {
        render_inlines(m, n);
        emit_text(m, CVX_BLK_HEADING, cmark_node_get_heading_level(n), node_span(m, n), 0,
                  m->raw.len, true);
      }
      cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
      break;
    case CMARK_NODE_CODE_BLOCK:
      do_code(m, n, level);
      break;
    case CMARK_NODE_HTML_BLOCK:
      if (m->lists > 0) {
        html_blocks(m, node_span(m, n));
      } else {
        cmark_node *last = html_region(m, n);
        cmark_iter_reset(it, last, CMARK_EVENT_EXIT);
      }
      break;
    case CMARK_NODE_THEMATIC_BREAK:
      add_block(m, CVX_BLK_RULE, 0, node_span(m, n));
      break;
    default:
      break;
    }
  }
  cmark_iter_free(it);
  flush_pending(m);
}

/* ----------------------------------------------------- cmark's memory */

/* cmark's allocations for one document come from a bump pool freed at once
 * when the walk is done, which spares a malloc per node, cmark_node_free's
 * walk and a free per allocation. cmark_mem has no context pointer, so the
 * pool of the parse running on this thread is found through a thread-local.
 * Every block is preceded by its size; the last block of the current chunk
 * can grow in place (realloc) or be given back (free), so the stack-like
 * scratch of the inline parser does not pile up. Blocks of POOL_BIG bytes or
 * more (a long paragraph's content, its line buffer) are malloc'd one by one
 * and really reallocated and freed: grown by doubling inside the pool, each
 * would leave all its earlier copies behind until the end (about twice its
 * size again, for the largest strings of a big input). */
#define POOL_HDR 16 /* keeps blocks aligned for any cmark type */
#define POOL_BIG ((size_t)64 * 1024)

/* A big block: linked into its pool's list, then the size header, then data. */
typedef struct pool_big {
  struct pool_big *prev, *next;
  _Alignas(POOL_HDR) unsigned char hdr[POOL_HDR];
} pool_big;

typedef struct pool_chunk {
  struct pool_chunk *prev;
  size_t size, used;
  size_t last; /* offset of the last block's header in data; SIZE_MAX: none */
  _Alignas(POOL_HDR) unsigned char data[];
} pool_chunk;

typedef struct md_pool {
  pool_chunk *head;
  size_t next_size; /* size of the next chunk */
  pool_big *big;    /* big blocks, newest first */
} md_pool;

static _Thread_local md_pool *pool_cur;

static size_t pool_round(size_t n) {
  if (n > SIZE_MAX - 2 * POOL_HDR) {
    fprintf(stderr, "cvx: out of memory (%zu bytes)\n", n);
    abort();
  }
  return (n + POOL_HDR - 1) & ~(size_t)(POOL_HDR - 1);
}

/* A new chunk with room for a block of need bytes (header included). */
static pool_chunk *pool_grow(md_pool *pl, size_t need) {
  size_t size = pl->next_size > need ? pl->next_size : need;
  if (size > SIZE_MAX - sizeof(pool_chunk)) {
    fprintf(stderr, "cvx: out of memory (%zu bytes)\n", size);
    abort();
  }
  pool_chunk *c = cvx_xmalloc(sizeof *c + size);
  c->prev = pl->head;
  c->size = size;
  c->used = 0;
  c->last = SIZE_MAX;
  pl->head = c;
  if (pl->next_size < (size_t)1 << 22) pl->next_size *= 2;
  return c;
}

/* The size header of block p. */
static size_t pool_cap(const void *p) {
  size_t cap;
  memcpy(&cap, (const unsigned char *)p - POOL_HDR, sizeof cap);
  return cap;
}

static pool_big *big_of(void *p) { return (pool_big *)(void *)((unsigned char *)p - offsetof(pool_big, hdr) - POOL_HDR); }

/* A big block of cap bytes (already rounded), linked first in the pool's list. */
static void *big_take(md_pool *pl, size_t cap) {
  if (cap > SIZE_MAX - sizeof(pool_big)) {
    fprintf(stderr, "cvx: out of memory (%zu bytes)\n", cap);
    abort();
  }
  pool_big *b = cvx_xmalloc(sizeof *b + cap);
  b->prev = NULL;
  b->next = pl->big;
  if (pl->big) pl->big->prev = b;
  pl->big = b;
  memcpy(b->hdr, &cap, sizeof cap);
  return b->hdr + POOL_HDR;
}

/* A new block of at least n bytes (not cleared). */
static inline void *pool_take(size_t n) {
  md_pool *pl = pool_cur;
  size_t cap = pool_round(n), need = cap + POOL_HDR;
  if (cap >= POOL_BIG) return big_take(pl, cap);
  pool_chunk *c = pl->head;
  if (!c || c->size - c->used < need) c = pool_grow(pl, need);
  unsigned char *h = c->data + c->used;
  memcpy(h, &cap, sizeof cap);
  c->last = c->used;
  c->used += need;
  return h + POOL_HDR;
}

static void *pool_calloc(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) {
    fprintf(stderr, "cvx: out of memory\n");
    abort();
  }
  size_t t = n * size;
  return memset(pool_take(t), 0, t);
}

/* True when p is the last block of the current chunk. */
static bool pool_is_last(const pool_chunk *c, const void *p) {
  return c && c->last != SIZE_MAX && (const unsigned char *)p == c->data + c->last + POOL_HDR;
}

static void *pool_realloc(void *p, size_t n) {
  if (!p) return pool_take(n);
  size_t cap = pool_cap(p);
  if (n <= cap) return p;
  if (cap >= POOL_BIG) { /* a big block: realloc'd where it is, relinked */
    md_pool *pl = pool_cur;
    size_t want = pool_round(n);
    if (want > SIZE_MAX - sizeof(pool_big)) {
      fprintf(stderr, "cvx: out of memory (%zu bytes)\n", want);
      abort();
    }
    pool_big *b = cvx_xrealloc(big_of(p), sizeof *b + want);
    if (b->prev) b->prev->next = b; else pl->big = b;
    if (b->next) b->next->prev = b;
    memcpy(b->hdr, &want, sizeof want);
    return b->hdr + POOL_HDR;
  }
  pool_chunk *c = pool_cur->head;
  size_t want = pool_round(n);
  if (want < POOL_BIG && pool_is_last(c, p) && c->size - c->last - POOL_HDR >= want) { /* grows in place */
    memcpy((unsigned char *)p - POOL_HDR, &want, sizeof want);
    c->used = c->last + POOL_HDR + want;
    return p;
  }
  void *q = pool_take(n);
  memcpy(q, p, cap);
  return q;
}

static void pool_free(void *p) {
  if (p && pool_cap(p) >= POOL_BIG) { /* a big block goes back to malloc now */
    md_pool *pl = pool_cur;
    pool_big *b = big_of(p);
    if (b->prev) b->prev->next = b->next; else pl->big = b->next;
    if (b->next) b->next->prev = b->prev;
    free(b);
    return;
  }
  pool_chunk *c = pool_cur->head;
  if (p && pool_is_last(c, p)) { /* given back; earlier blocks stay until the end */
    c->used = c->last;
    c->last = SIZE_MAX;
  }
}

static void pool_release(md_pool *pl) {
  pool_chunk *c = pl->head;
  while (c) {
    pool_chunk *prev = c->prev;
    free(c);
    c = prev;
  }
  pl->head = NULL;
  for (pool_big *b = pl->big, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  pl->big = NULL;
}

/* ------------------------------------------------------------- pieces */

/* A body over MD_PIECE bytes is parsed in pieces of about that size: cmark
 * keeps the whole tree of what it parses (some ten times the text for short
 * lines), so the memory of one parse is bounded by the piece, not the input.
 * A piece ends at the start of a line where CommonMark starts afresh anyway:
 * after a blank line, a line that is not indented (every open block but a
 * fenced code block or a raw HTML block of types 1-5 is closed there), and
 * never inside one of those. Without such a line in [MD_PIECE, 2 MD_PIECE),
 * the first unindented line after MD_PIECE that a paragraph could not take
 * as a setext underline: a giant paragraph or list is cut into two there,
 * which only a giant one has. Link reference definitions serve their own
 * piece (the text of a link to another piece's stays visible as written). */
size_t cvx_markdown_piece = (size_t)256 << 10;
#define MD_PIECE cvx_markdown_piece

/* A paragraph line over MD_LINE_PIECE bytes (one giant line: cmark's
 * parse of it costs several times its size) is cut inside, into pieces of
 * about that size: at a space before an ASCII letter, where no backtick,
 * '*' or '_' is left open and '[', '(' and '<' are closed (backslash
 * escapes skipped), so no inline construct spans the cut and each piece is
 * a paragraph of its own with the same visible text; cmark gives each piece
 * its positions from the line's start (md.col0), so spans stay source
 * offsets. Only a line that starts a paragraph afresh is cut: at the start
 * of a piece or after a blank line, with a letter in its first column, and
 * not over a setext underline. A line with no such space goes whole. */
size_t cvx_markdown_line_piece = (size_t)1 << 20;
#define MD_LINE_PIECE cvx_markdown_line_piece
atomic_size_t cvx_markdown_line_cuts;

static bool ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Where to cut line t[s, e) (see MD_LINE_PIECE): the first letter of the
 * piece after the cut, or 0 for none. */
static size_t line_cut(const char *t, size_t s, size_t e) {
  size_t tick = 0, star = 0, under = 0;
  long sq = 0, par = 0, ang = 0;
  for (size_t i = s; i + 1 < e; i++) {
    switch (t[i]) {
    case '\\': i++; continue; /* an escaped character is text */
    case '`': tick++; break;
    case '*': star++; break;
    case '_': under++; break;
    case '[': sq++; break;
    case ']': sq--; break;
    case '(': par++; break;
    case ')': par--; break;
    case '<': ang++; break;
    case '>': ang--; break;
    case ' ':
      if (i >= s + MD_LINE_PIECE && t[i - 1] != ' ' && ascii_alpha(t[i + 1]) && !(tick & 1) && !(star & 1) &&
          !(under & 1) && !sq && !par && !ang)
        return i + 1;
      break;
    default: break;
    }
  }
  return 0;
}

/* Up to 3 spaces of indentation, then the rest of line [s, e). */
static size_t indent3(const char *t, size_t s, size_t e) {
  size_t i = s;
  while (i < e && i - s < 3 && t[i] == ' ') i++;
  return i;
}

static bool starts_ci(const char *p, size_t n, const char *w) {
  size_t k = strlen(w);
  return n >= k && strncasecmp(p, w, k) == 0;
}

static bool line_has(const char *p, size_t n, const char *w) {
  size_t k = strlen(w);
  for (size_t i = 0; i + k <= n; i++)
    if ((p[i] | 0x20) == (w[0] | 0x20) && strncasecmp(p + i, w, k) == 0) return true;
  return false;
}

/* Where the piece that starts at `from` of t[0,n) ends (a line start, or n). */
static size_t piece_end(const char *t, size_t n, size_t from) {
  if (n - from <= MD_PIECE && n - from <= MD_LINE_PIECE) return n;
  char fence = 0;       /* the open fence's character, or 0 */
  size_t fence_len = 0;
  const char *html_end = NULL; /* what ends the open raw HTML block */
  bool prev_blank = false;
  size_t fallback = 0;
  for (size_t s = from; s < n;) {
    const char *nl = memchr(t + s, '\n', n - s);
    size_t e = nl ? (size_t)(nl - t) : n;
    size_t i = indent3(t, s, e);
    bool blank = true;
    for (size_t k = s; k < e && blank; k++) blank = t[k] == ' ' || t[k] == '\t';
    if (e - s > MD_LINE_PIECE && !fence && !html_end && (s == from || prev_blank) && ascii_alpha(t[s])) {
      size_t u = e < n ? indent3(t, e + 1, n) : n; /* the next line: no setext underline */
      if (u >= n || (t[u] != '=' && t[u] != '-')) {
        if (s > from) return s; /* the giant line starts a piece of its own */
        size_t cut = line_cut(t, s, e);
        if (cut) {
          atomic_fetch_add_explicit(&cvx_markdown_line_cuts, 1, memory_order_relaxed);
          return cut;
        }
      }
    }
    if (s >= from + MD_PIECE && !fence && !html_end && s > from && e > s && t[s] != ' ' && t[s] != '\t') {
      if (prev_blank) return s;
      char c = t[s];
      bool underline = c == '=' || (c == '-' && (e - s < 2 || t[s + 1] != ' ' || (e - s > 2 && t[s + 2] == '-')));
      if (!fallback && !underline) fallback = s;
    }
    if (fallback && s >= from + 2 * MD_PIECE) return fallback;
    if (fence) { /* a closing fence: the same character, at least as many, nothing after */
      size_t k = i;
      while (k < e && t[k] == fence) k++;
      size_t r = k;
      while (r < e && (t[r] == ' ' || t[r] == '\t')) r++;
      if (k - i >= fence_len && r == e) fence = 0;
    } else if (html_end) {
      if (line_has(t + s, e - s, html_end)) html_end = NULL;
    } else if (i < e && (t[i] == '`' || t[i] == '~')) {
      size_t k = i;
      while (k < e && t[k] == t[i]) k++;
      if (k - i >= 3) {
        fence = t[i];
        fence_len = k - i;
      }
    } else if (i < e && t[i] == '<') {
      const char *p = t + i;
      size_t len = e - i;
      if (starts_ci(p, len, "<script") || starts_ci(p, len, "<pre") || starts_ci(p, len, "<style") ||
          starts_ci(p, len, "<textarea"))
        html_end = starts_ci(p, len, "<script") ? "</script>" : starts_ci(p, len, "<pre") ? "</pre>"
                   : starts_ci(p, len, "<style") ? "</style>" : "</textarea>";
      else if (starts_ci(p, len, "<!--"))
        html_end = "-->";
      else if (starts_ci(p, len, "<?"))
        html_end = "?>";
      else if (starts_ci(p, len, "<![CDATA["))
        html_end = "]]>";
      else if (len >= 3 && p[1] == '!' && isalpha((unsigned char)p[2]))
        html_end = ">";
      /* an end on its own opening line closes it at once */
      if (html_end && line_has(p + 2, len - 2, html_end)) html_end = NULL;
    }
    prev_blank = blank;
    s = nl ? e + 1 : n;
  }
  return fallback ? fallback : n;
}

/* A heading holds one line, so a writer that wraps raw HTML at a fixed
 * width breaks a tag in a heading over two lines ("###### <a href=\"…\"" /
 * "target=\"_blank\">jane-roe</a>"): cmark reads the first as the
 * heading's text and the rest as a paragraph. The two are one heading: the
 * link's text, linked to its href. */
static void mend_broken_heading_tags(md *m) {
  cvx_blocks *bl = m->out;
  for (cvx_block *h = bl->head; h; h = h->next) {
    cvx_block *p = h->next;
    if (h->kind != CVX_BLK_HEADING || !p || p->kind != CVX_BLK_PARA || p->level || !h->text || h->len < 3 ||
        h->text[0] != '<' || !isalpha((unsigned char)h->text[1]) || memchr(h->text, '>', h->len) || !p->text)
      continue;
    const char *nl = memchr(p->text, '\n', p->len);
    size_t first = nl ? (size_t)(nl - p->text) : p->len;
    const char *gt = memchr(p->text, '>', first), *lt = memchr(p->text, '<', first);
    if (!gt || (lt && lt < gt)) continue;
    const char *label = gt + 1, *le = p->text + first;
    while (label < le && is_blank(*label)) label++;
    while (le > label && is_blank(le[-1])) le--;
    if (label == le) continue;
    /* the tag whole: the heading's half, a space, the paragraph's up to '>' */
    size_t tl = h->len + 1 + (size_t)(gt - p->text) + 1;
    char *whole = cvx_arena_alloc(m->doc->arena, tl + 1);
    if (!whole) return;
    memcpy(whole, h->text, h->len);
    whole[h->len] = ' ';
    memcpy(whole + h->len + 1, p->text, (size_t)(gt - p->text) + 1);
    whole[tl] = '\0';
    const char *href = strncasecmp(whole, "<a", 2) == 0 ? tag_attr(m->doc->arena, whole, tl, "href") : NULL;
    /* the source line the paragraph's first line stands on ends the heading */
    uint32_t end = p->span.start;
    while (end < m->len && m->v[end] != '\n') end++;
    h->text = cvx_arena_strndup(m->doc->arena, label, (size_t)(le - label));
    h->len = (uint32_t)(le - label);
    h->in_source = 0;
    h->span.end = end;
    if (href && *href) {
      cvx_link *l = cvx_arena_alloc(m->doc->arena, sizeof *l);
      if (l) {
        l->text = h->text;
        l->url = href;
        l->span = h->span;
        cvx_block_set_links(m->doc->arena, h, l, 1);
      }
    }
    if (nl) { /* the paragraph's other lines stay a paragraph */
      p->text = cvx_arena_strndup(m->doc->arena, p->text + first + 1, p->len - first - 1);
      p->len -= (uint32_t)(first + 1);
      p->in_source = 0;
      uint32_t s = end;
      while (s < m->len && (m->v[s] == '\n' || is_blank(m->v[s]))) s++;
      if (s < p->span.end) p->span.start = s;
    } else {
      h->next = p->next;
      if (bl->tail == p) bl->tail = h;
      bl->n--;
    }
  }
}

cvx_status cvx_markdown_blocks(cvx_doc *doc, cvx_blocks *out) {
  if (!doc || !doc->src || !out) return CVX_EINVAL;
  md m = {0};
  m.doc = doc;
  m.out = out;
  m.v = doc->view;
  m.len = (uint32_t)doc->src->len;
  m.body_start = doc->body_start > m.len ? m.len : doc->body_start;
  size_t lo = 0, hi = doc->src->nlines; /* the last line starting at or before body_start */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (doc->src->lines[mid] <= m.body_start)
      lo = mid;
    else
      hi = mid;
  }
  m.first_line = lo;
  cvx_buf_init(&m.raw);
  cvx_buf_init(&m.tmp);
  size_t n;
  char *owned;
  const char *text = prepare(&m, &n, &owned);
  /* the tree, its iterator and every cmark string live in the pool; a big
   * body is parsed piece by piece (see piece_end), each tree walked and
   * dropped before the next is built */
  md_pool pool = {NULL, 0, NULL};
  cmark_mem mem = {pool_calloc, pool_realloc, pool_free};
  md_pool *saved = pool_cur;
  pool_cur = &pool;
  size_t at = 0, line_at = 0; /* line_at: where the line holding `at` starts */
  do {
    size_t end = piece_end(text, n, at);
    size_t len = end - at;
    pool.next_size = 16 * 1024 + 8 * (len < ((size_t)1 << 20) ? len : ((size_t)1 << 20));
    cmark_parser *parser = cmark_parser_new_with_mem(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE, &mem);
    m.col0 = (uint32_t)(at - line_at);
    m.cutting = end < n && end > 0 && text[end - 1] != '\n';
    m.continuing = m.col0 > 0;
    cmark_parser_feed(parser, text + at, len);
    cmark_node *root = cmark_parser_finish(parser);
    if (root) walk(&m, root);
    pool_release(&pool); /* the parser, the tree and the iterator at once */
    for (const char *p = text + at, *e = text + end; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++) {
      m.line0++;
      line_at = (size_t)(p - text) + 1;
    }
    at = end;
  } while (at < n);
  pool_cur = saved;
  if (m.glue) finish_glue(&m);
  mend_broken_heading_tags(&m);
  free(owned);
  free(m.keep);
  free(m.shift);
  free(m.links);
  cvx_buf_free(&m.raw);
  cvx_buf_free(&m.tmp);
  cvx_blocks_seal(doc, out);
  return CVX_OK;
}

/* ------------------------------------------------------------- extractor */

static bool has_md_extension(const char *path) {
  static const char *const exts[] = {".md", ".markdown", ".mdown", ".mkd", NULL};
  if (!path) return false;
  size_t n = strlen(path);
  for (int i = 0; exts[i]; i++) {
    size_t el = strlen(exts[i]);
    if (n > el && strcasecmp(path + n - el, exts[i]) == 0) return true;
  }
  return false;
}

enum { EV_FRONT = 1, EV_ATX = 2, EV_SETEXT = 4, EV_LINK = 8, EV_BOLD = 16, EV_BULLET = 32 };

/* The kinds of Markdown syntax in one line (prev: the line before, for
 * setext underlines); the kinds in have are not looked for again. */
static unsigned line_evidence(const char *l, size_t n, const char *prev, size_t pn, unsigned have) {
  unsigned ev = 0;
  size_t i = 0;
  while (i < n && i < 3 && l[i] == ' ') i++;
  size_t h = i;
  while (h < n && l[h] == '#') h++;
  if (h > i && h - i <= 6 && h + 1 < n && (l[h] == ' ' || l[h] == '\t')) ev |= EV_ATX;
  if (i + 1 < n && l[i] == '*' && l[i + 1] == ' ') ev |= EV_BULLET;
  if (i + 1 < n && (l[i] == '=' || l[i] == '-')) {
    size_t k = i;
    while (k < n && l[k] == l[i]) k++;
    while (k < n && is_blank(l[k])) k++;
    bool prev_text = false;
    for (size_t j = 0; j < pn && !prev_text; j++) prev_text = !is_blank(prev[j]);
    if (k == n && prev_text) ev |= EV_SETEXT;
  }
  const char *lk = have & EV_LINK ? NULL : find_bytes(l, n, "](", 2, NULL);
  if (lk && memchr(l, '[', (size_t)(lk - l)) && memchr(lk, ')', n - (size_t)(lk - l)))
    ev |= EV_LINK;
  const char *b = have & EV_BOLD ? NULL : find_bytes(l, n, "**", 2, NULL);
  if (b && (size_t)(b - l) + 2 < n && !is_blank(b[2]) &&
      find_bytes(b + 2, n - (size_t)(b - l) - 2, "**", 2, NULL))
    ev |= EV_BOLD;
  return ev;
}

/* Start of the line holding t[at]; from is a line start at or before it. */
static size_t line_start_before(const char *t, size_t from, size_t at) {
  while (at > from && t[at - 1] != '\n') at--;
  return at;
}

/* EV_LINK and EV_BOLD of the whole text t[0,len), as line_evidence finds
 * them line by line (from each line's first "](" or "**"), in one pass of
 * the searches over the text instead of one per line. */
static unsigned text_evidence(const char *t, size_t len) {
  unsigned ev = 0;
  for (size_t from = 0; from < len;) { /* from: a line start */
    const char *p = find_bytes(t + from, len - from, "](", 2, NULL);
    if (!p) break;
    size_t at = (size_t)(p - t), ls = line_start_before(t, from, at);
    const char *nl = memchr(t + at, '\n', len - at);
    size_t le = nl ? (size_t)(nl - t) : len;
    if (memchr(t + ls, '[', at - ls) && memchr(t + at, ')', le - at)) {
      ev |= EV_LINK;
      break;
    }
    from = le + 1;
  }
  for (size_t from = 0; from < len;) {
    const char *p = find_bytes(t + from, len - from, "**", 2, NULL);
    if (!p) break;
    size_t at = (size_t)(p - t);
    const char *nl = memchr(t + at, '\n', len - at);
    size_t le = nl ? (size_t)(nl - t) : len;
    if (at + 2 < le && !is_blank(t[at + 2]) && find_bytes(t + at + 2, le - at - 2, "**", 2, NULL)) {
      ev |= EV_BOLD;
      break;
    }
    from = le + 1;
  }
  return ev;
}

/* Score scale shared by the body extractors (highest wins): the plain-text
 * extractor always offers 20. Markdown offers 60 for a Markdown file name
 * (.md .markdown .mdown .mkd) plus 8 per kind of Markdown syntax seen (front
 * matter, ATX headings, setext underlines, [links](…), **bold**, "* " bullets),
 * at most 100; for any other name 30 + 5 per kind beyond the second (at most
 * 50) when at least two kinds are seen, 10 for one (plain text wins), 0 for
 * none, where headings, underlines and bullets together are one kind. */
static int md_accepts(const cvx_source *src) {
  if (!src || !src->text) return 0;
  const char *t = src->text;
  size_t len = src->len;
  unsigned ev = 0;
  if (len >= 4 && memcmp(t, "---\n", 4) == 0 && find_bytes(t + 3, len - 3, "\n---", 4, NULL))
    ev |= EV_FRONT;
  if (len >= 4 && memcmp(t, "+++\n", 4) == 0 && find_bytes(t + 3, len - 3, "\n+++", 4, NULL))
    ev |= EV_FRONT;
  const char *prev = "";
  size_t pn = 0;
  const unsigned all = EV_FRONT | EV_ATX | EV_SETEXT | EV_LINK | EV_BOLD | EV_BULLET;
  ev |= text_evidence(t, len);
  /* the source's line map (the offset after each '\n' but a last one) saves
   * a search per line; a source without one is searched */
  const uint32_t *ls = src->lines && src->nlines ? src->lines : NULL;
  size_t k = 0;
  for (size_t i = 0; i < len && ev != all;) { /* every kind seen: the score is known */
    size_t e;
    if (ls) {
      k++;
      e = k < src->nlines ? (size_t)ls[k] - 1 : (t[len - 1] == '\n' ? len - 1 : len);
      if (e < i || e > len) e = len; /* never outside the text, whatever the map */
    } else {
      const char *nl = memchr(t + i, '\n', len - i);
      e = nl ? (size_t)(nl - t) : len;
    }
    ev |= line_evidence(t + i, e - i, prev, pn, ev | EV_LINK | EV_BOLD); /* those are known */
    prev = t + i;
    pn = e - i;
    i = e + 1;
  }
  int kinds = 0;
  if (has_md_extension(src->path)) {
    for (unsigned b = ev; b; b >>= 1) kinds += (int)(b & 1);
    int s = 60 + 8 * kinds;
    return s > 100 ? 100 : s;
  }
  /* "# Title", underlines and "* item" are plain-text habits as much as
   * Markdown: together they are one kind of evidence; a link, bold or front
   * matter is Markdown's own */
  for (unsigned b = ev & (EV_FRONT | EV_LINK | EV_BOLD); b; b >>= 1) kinds += (int)(b & 1);
  kinds += (ev & (EV_ATX | EV_SETEXT | EV_BULLET)) != 0;
  if (kinds >= 2) {
    int s = 30 + 5 * (kinds - 2);
    return s > 50 ? 50 : s;
  }
  return kinds == 1 ? 10 : 0;
}

/* Builds the block stream of the visible body and hands it to the shared
 * interpreter; hidden markup must already be blanked (cvx_hide_markup). */
static cvx_status md_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  (void)src;
  (void)dx; /* diagnostics go to doc->dx */
  cvx_blocks bl = {0};
  cvx_status st = cvx_markdown_blocks(doc, &bl);
  if (st == CVX_OK) st = cvx_interpret(doc, &bl, "markdown");
  cvx_doc_unseal(doc);
  return st;
}

const cvx_extractor cvx_extractor_markdown = {"markdown", CVX_ROLE_BODY, md_accepts, md_extract};
