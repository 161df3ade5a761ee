/* coverage.c — "lose nothing visible", measured: the share of visible
 * characters that landed in a typed field (text only kept in
 * meta.cvx.sections does not count), and the visible text nothing took. */
#include "emit_json.h"

#include "emit.h"
#include "swar.h"

#include <ctype.h>
#include <string.h>

/* The marks are two bit planes (cvx.h): a byte is invisible (hidden or
 * markup) where both are set, taken where only a is, kept where only b is,
 * untaken where neither is. */

/* The bits of plane p for bytes [i, i + 64) (p holds a word past i's). */
static inline uint64_t plane64(const uint64_t *p, size_t i) {
  size_t w = i >> 6, o = i & 63;
  return o ? p[w] >> o | p[w + 1] << (64 - o) : p[w];
}

/* One bit per byte lane of x, from the lanes' high bits (the others clear). */
static inline unsigned lane_bits8(uint64_t x) {
  return (unsigned)((((x >> 7) & SWAR_ONES) * UINT64_C(0x0102040810204080)) >> 56);
}

/* the number of bits set in a 16-bit mask */
static inline size_t pop16(unsigned m) {
  m = m - ((m >> 1) & 0x5555u);
  m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
  m = (m + (m >> 4)) & 0x0F0Fu;
  return (m + (m >> 8)) & 0x1Fu;
}

#define MAX_UNMAPPED 2000
#define MAX_UNMAPPED_TEXT 2000

/* ASCII letters and digits, an exact mask (every byte of x below 0x80: no
 * carries, so no range needs the high bits cleared first) */
static inline uint64_t alnum8(uint64_t x) {
  uint64_t y = x | 0x20 * SWAR_ONES;
  uint64_t digit = (x + (0x80 - '0') * SWAR_ONES) & ~(x + (0x80 - '9' - 1) * SWAR_ONES);
  uint64_t alpha = (y + (0x80 - 'a') * SWAR_ONES) & ~(y + (0x80 - 'z' - 1) * SWAR_ONES);
  return (digit | alpha) & SWAR_HIGH;
}

/* SSE2 (every x86-64) with the GCC builtins: sixteen bytes at a time where it helps. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define VEC16 1
/* one bit per ASCII letter or digit of t (every byte below 0x80) */
static inline unsigned alnum16(__m128i t) {
  __m128i y = _mm_or_si128(t, _mm_set1_epi8(0x20));
  __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(t, _mm_set1_epi8('0' - 1)),
                                _mm_cmpgt_epi8(_mm_set1_epi8('9' + 1), t));
  __m128i alpha = _mm_and_si128(_mm_cmpgt_epi8(y, _mm_set1_epi8('a' - 1)),
                                _mm_cmpgt_epi8(_mm_set1_epi8('z' + 1), y));
  return (unsigned)_mm_movemask_epi8(_mm_or_si128(digit, alpha));
}
#else
#define VEC16 0
#endif

/* Marks markup that a reader never sees as text: HTML tags, entities, the
 * target part of Markdown links "](…)", kramdown attribute lists "{: …}". */
/* Marks [i, i + n) as markup: invisible, as hidden content is. */
static void markup(cvx_doc *doc, size_t i, size_t n) { cvx_doc_mark_range(doc, i, i + n, CVX_MARK_HIDDEN); }

static void mark_markup(cvx_doc *doc) {
  const char *v = doc->view;
  size_t n = doc->src->len;
  /* straight from one byte that can start markup to the next: the next
   * occurrence of each is remembered, so each is searched for once per hit */
  static const char starts[4] = {'<', '&', ']', '{'};
  size_t next[4] = {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}; /* SIZE_MAX: not searched yet */
  size_t next_close = SIZE_MAX; /* the next ')': a "](" with none near has no target to scan */
  for (size_t i = doc->body_start; i < n; i++) {
    size_t at = n;
    for (int k = 0; k < 4; k++) {
      if (next[k] == SIZE_MAX || next[k] < i) {
        const char *p = memchr(v + i, starts[k], n - i);
        next[k] = p ? (size_t)(p - v) : n;
      }
      if (next[k] < at) at = next[k];
    }
    if (at >= n) break;
    i = at;
    char c = v[i];
    if (c == '<' && i + 1 < n && (isalpha((unsigned char)v[i + 1]) || v[i + 1] == '/' || v[i + 1] == '!')) {
      /* (a tag's attributes may go on over a line break, "<span\n
       * class=…>", never over a blank line) */
      size_t j = i + 1;
      while (j < n && j - i < 1000 && v[j] != '>' && v[j] != '<' &&
             !(v[j] == '\n' && j + 1 < n && (v[j + 1] == '\n' || v[j + 1] == '\r')))
        j++;
      if (j < n && v[j] == '>') {
        markup(doc, i, j + 1 - i);
        i = j;
      }
    } else if (c == '&' && i + 2 < n) {
      size_t j = i + 1;
      if (v[j] == '#') j++;
      while (j < n && j - i < 10 && isalnum((unsigned char)v[j])) j++;
      if (j > i + 2) {
        if (j < n && v[j] == ';') j++;
        markup(doc, i, j - i);
        i = j - 1;
      }
    } else if (c == ']' && i + 1 < n && v[i + 1] == '(') {
      if (next_close == SIZE_MAX || next_close < i) {
        const char *p = memchr(v + i, ')', n - i);
        next_close = p ? (size_t)(p - v) : n;
      }
      if (next_close - i >= 2000) continue; /* the scan below would stop first */
      size_t j = i + 2;
      int depth = 1;
      while (j < n && v[j] != '\n' && j - i < 2000) {
        if (v[j] == '(') depth++;
        if (v[j] == ')' && --depth == 0) break;
        j++;
      }
      if (j < n && v[j] == ')') {
        markup(doc, i, j + 1 - i);
        i = j;
      }
    } else if (c == '{' && i + 1 < n && v[i + 1] == ':') {
      size_t j = i + 2;
      while (j < n && v[j] != '}' && v[j] != '\n' && j - i < 200) j++;
      if (j < n && v[j] == '}') {
        markup(doc, i, j + 1 - i);
        i = j;
      }
    }
  }
}

/* isalnum in the C locale, without the call. */
static inline bool ascii_alnum(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Letters and digits of any script count; punctuation, dashes, bullets,
 * symbols, arrows, box drawing, emoji and spaces do not. */
static bool countable_cp(uint32_t cp) {
  if (cp < 0x80) return ascii_alnum((unsigned char)cp);
  if (cp < 0xC0) return false;                     /* Latin-1 punctuation, NBSP */
  if (cp == 0xD7 || cp == 0xF7) return false;      /* × ÷ */
  if (cp >= 0x2000 && cp <= 0x2BFF) return false;  /* punctuation, symbols, arrows, shapes */
  if (cp >= 0x3000 && cp <= 0x303F) return false;  /* CJK punctuation */
  if (cp >= 0xFE00 && cp <= 0xFE0F) return false;  /* variation selectors */
  if (cp >= 0xFF00 && cp <= 0xFF0F) return false;  /* full-width punctuation */
  if (cp == 0xFEFF || cp == 0xFFFD) return false;
  if (cp >= 0x1F000) return false;                 /* emoji, pictographs */
  return true;
}


/* c is in strchr(" \t#*-+>|_`=~.,;:()[]", c) (the NUL too, as strchr finds
 * the terminator); '.' only when dot is set. */
static inline bool trim_byte(unsigned char c, bool dot) {
  switch (c) {
  case '\0': case ' ': case '\t': case '#': case '*': case '-': case '+': case '>': case '|': case '_':
  case '`': case '=': case '~': case ',': case ';': case ':': case '(': case ')': case '[': case ']':
    return true;
  case '.':
    return dot;
  default:
    return false;
  }
}

/* True when every word of s[0,n) is a stop word (ASCII case ignored). */
static bool stopword_only(const char *s, size_t n) {
  static const struct {
    char w[5];
    unsigned char n;
  } stop[] = {{"in", 2}, {"at", 2},  {"of", 2}, {"and", 3}, {"the", 3}, {"for", 3}, {"to", 2},
              {"with", 4}, {"from", 4}, {"by", 2}, {"on", 2}, {"a", 1},  {"an", 2},  {"or", 2},
              {"as", 2}, {"et", 2},  {"de", 2}, {"und", 3}};
  size_t i = 0;
  while (i < n) {
    while (i < n && !ascii_alnum((unsigned char)s[i]) && (unsigned char)s[i] < 0x80) i++;
    size_t st = i;
    while (i < n && (ascii_alnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)) i++;
    if (i == st) break;
    bool is_stop = false;
    for (size_t k = 0; k < sizeof stop / sizeof stop[0] && !is_stop && i - st <= 4; k++) {
      if (stop[k].n != i - st) continue;
      size_t j = 0; /* A-Z folded as strncasecmp does in the C locale */
      while (j < i - st && (unsigned char)(s[st + j] >= 'A' && s[st + j] <= 'Z' ? s[st + j] | 0x20 : s[st + j]) ==
                               (unsigned char)stop[k].w[j])
        j++;
      is_stop = j == i - st;
    }
    if (!is_stop) return false;
  }
  return true;
}

/* Appends src[from, to) to the line text. */
static void put_run(cvx_buf *b, const char *src, size_t from, size_t to) {
  size_t k = to - from;
  if (k < b->cap - b->len) {
    memcpy(b->ptr + b->len, src + from, k);
    b->len += k;
    b->ptr[b->len] = '\0';
  } else {
    cvx_buf_put(b, src + from, k);
  }
}

/* Marks the lines that hold bytes of [from, to) (line *ln holds from or
 * comes before it; it is moved to the line that holds from). */
static void mark_lines(const cvx_source *src, size_t *ln, size_t from, size_t to, unsigned char *dirty) {
  size_t k = *ln;
  while (k + 1 < src->nlines && src->lines[k + 1] <= from) k++;
  *ln = k;
  dirty[k] = 1;
  for (k++; k < src->nlines && src->lines[k] < to; k++) dirty[k] = 1;
}

/* Counts the visible letters and digits of the whole text (*total) and those
 * taken (*taken), and marks the lines with an untaken one: only they can
 * have unmapped text. A character never spans two lines (a line ends with
 * '\n'), so the text is read as one run. */
static void count_visible(const cvx_source *src, const uint64_t *pa, const uint64_t *pb, size_t *total,
                          size_t *taken, unsigned char *dirty) {
  const char *text = src->text;
  size_t n = src->len, tot = 0, tkn = 0, ln = 0;
  for (size_t i = 0; i < n;) {
#if VEC16
    if (n - i >= 16) { /* sixteen ASCII bytes at a time, a bit a byte */
      __m128i t = _mm_loadu_si128((const __m128i *)(const void *)(text + i));
      if (!_mm_movemask_epi8(t)) {
        unsigned a = (unsigned)plane64(pa, i) & 0xFFFFu, b = (unsigned)plane64(pb, i) & 0xFFFFu;
        unsigned al = alnum16(t) & ~(a & b); /* visible letters and digits */
        tot += pop16(al);
        tkn += pop16(al & a & ~b); /* read into a field, not just kept */
        unsigned m = al & ~a & ~b & 0xFFFFu;
        if (m) /* the lines of the first to the last untaken one */
          mark_lines(src, &ln, i + (size_t)__builtin_ctz(m), i + 32 - (size_t)__builtin_clz(m), dirty);
        i += 16;
        continue;
      }
    }
#endif
    if (n - i >= 8) { /* eight ASCII bytes at a time */
      uint64_t t8 = swar_load8(text + i);
      if (!swar_nonascii(t8)) {
        unsigned a = (unsigned)plane64(pa, i) & 0xFFu, b = (unsigned)plane64(pb, i) & 0xFFu;
        unsigned al = lane_bits8(alnum8(t8)) & ~(a & b);
        tot += pop16(al);
        tkn += pop16(al & a & ~b);
        if (al & ~a & ~b) mark_lines(src, &ln, i, i + 8, dirty);
        i += 8;
        continue;
      }
    }
    unsigned char c = (unsigned char)text[i];
    uint32_t cp = c;
    size_t len = c < 0x80 ? 1 : cvx_utf8_decode(text, n, i, &cp);
    unsigned a = (unsigned)(pa[i >> 6] >> (i & 63)) & 1, b = (unsigned)(pb[i >> 6] >> (i & 63)) & 1;
    if (!(a & b) && (c < 0x80 ? ascii_alnum(c) : countable_cp(cp))) {
      tot++;
      if (a | b)
        tkn += !b; /* kept in meta.cvx.sections is not read */
      else
        mark_lines(src, &ln, i, i + 1, dirty);
    }
    i += len;
  }
  *total = tot;
  *taken = tkn;
}

/* The state of line_unmapped: visible untaken characters are copied in
 * runs, [run, i) pending (run is SIZE_MAX when none is). */
typedef struct line_acc {
  cvx_buf *out;
  const char *text;
  size_t run, untaken;
  size_t cut; /* visible untaken bytes left out once full */
  bool gap, full;
} line_acc;

static void end_run(line_acc *s, size_t i) {
  if (s->run == SIZE_MAX) return;
  put_run(s->out, s->text, s->run, i);
  s->run = SIZE_MAX;
}

/* A block of w ASCII bytes at i seen at once: none of them joins the line
 * text (a gap), or all do and the run can take them without reaching the
 * limit (then alnums of them are letters or digits). Returns false, having
 * changed nothing, when the block must go byte by byte. */
static inline bool take_block(line_acc *s, size_t i, size_t w, bool none, bool all, size_t alnums) {
  if (none) {
    end_run(s, i);
    s->gap = true;
    return true;
  }
  if (!all) return false;
  if (!s->full) {
    size_t pend = s->run == SIZE_MAX ? 0 : i - s->run;
    size_t base = s->out->len + (s->run == SIZE_MAX && s->gap && s->out->len ? 1 : 0);
    if (base + pend + w - 1 >= MAX_UNMAPPED_TEXT) return false;
    if (s->run == SIZE_MAX) {
      if (s->gap && s->out->len) cvx_buf_putc(s->out, ' ');
      s->run = i;
    }
  }
  else
    s->cut += w;
  s->untaken += alnums;
  s->gap = false;
  return true;
}

/* The visible untaken text of line [a, b) into line_text (runs joined by one
 * space, at most MAX_UNMAPPED_TEXT bytes, whole characters); returns how
 * many of its letters and digits are untaken. *cut receives how many bytes
 * of it did not fit. */
static size_t line_unmapped(const cvx_source *src, const uint64_t *pa, const uint64_t *pb, size_t a, size_t b,
                            cvx_buf *line_text, size_t *cut) {
  const char *text = src->text;
  size_t n = src->len;
  cvx_buf_clear(line_text);
  line_acc s = {.out = line_text, .text = text, .run = SIZE_MAX};
  /* blocks of ASCII bytes go at once when take_block can take them; after a
   * miss the next eight bytes go one by one */
  size_t slow_until = a;
  for (size_t i = a; i < b;) {
    size_t left = b - i;
#if VEC16
    if (i >= slow_until && left >= 16) {
      __m128i t = _mm_loadu_si128((const __m128i *)(const void *)(text + i));
      if (!_mm_movemask_epi8(t)) {
        /* visible and untaken: no mark at all */
        unsigned free_ = (unsigned)~(plane64(pa, i) | plane64(pb, i)) & 0xFFFFu;
        unsigned nl = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(t, _mm_set1_epi8('\n')));
        unsigned app = free_ & ~nl;
        if (take_block(&s, i, 16, !app, app == 0xFFFFu, app == 0xFFFFu ? pop16(alnum16(t)) : 0)) {
          i += 16;
          continue;
        }
      }
    }
#endif
    if (i >= slow_until && n - i >= 8) {
      /* eight bytes, of which the line's are the low k8 lanes (fewer at the
       * end of the line when the text goes on) */
      size_t k8 = left >= 8 ? 8 : left;
      slow_until = i + 8;
      uint64_t keep = k8 == 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * k8)) - 1;
      uint64_t t8 = swar_load8(text + i) & keep;
      if (!swar_nonascii(t8)) {
        unsigned free_ = (unsigned)~(plane64(pa, i) | plane64(pb, i)) & ((1u << k8) - 1);
        unsigned app = free_ & ~lane_bits8(swar_eq_exact(t8, '\n'));
        bool all = app == 0xFFu; /* only when k8 is 8 */
        if (take_block(&s, i, k8, !app, all, all ? swar_count(alnum8(t8)) : 0)) {
          i += k8;
          continue;
        }
      }
    }
    unsigned char c = (unsigned char)text[i];
    uint32_t cp = c;
    size_t len = c < 0x80 ? 1 : cvx_utf8_decode(text, b, i, &cp);
    if (!((pa[i >> 6] | pb[i >> 6]) >> (i & 63) & 1)) { /* visible and untaken: no mark at all */
      if (c < 0x80 ? ascii_alnum(c) : countable_cp(cp)) s.untaken++;
      if (c != '\n') {
        if (!s.full) {
          if (s.run == SIZE_MAX) {
            if (s.gap && line_text->len) cvx_buf_putc(line_text, ' ');
            s.run = i;
          }
          if (line_text->len + (i - s.run) >= MAX_UNMAPPED_TEXT) { /* whole characters only */
            end_run(&s, i);
            s.full = true;
          }
        }
        if (s.full) s.cut += len;
        s.gap = false;
        i += len;
        continue;
      }
    }
    end_run(&s, i);
    s.gap = true;
    i += len;
  }
  end_run(&s, b);
  *cut = s.cut;
  return s.untaken;
}

double cvx_coverage(cvx_doc *doc, cvx_unmapped **out, size_t *nout) {
  const cvx_source *src = doc->src;
  size_t n = src->len;
  /* what a reader never sees: hidden content, and markup, marked here in
   * doc->marks itself (no second map as large as the input) */
  mark_markup(doc);
  const uint64_t *pa = doc->marks, *pb = doc->marks + doc->mark_words;
  unsigned char *dirty = cvx_arena_alloc(doc->arena, src->nlines + 1);
  size_t total, taken;
  count_visible(src, pa, pb, &total, &taken, dirty);
  cvx_unmapped *list = NULL;
  size_t count = 0, cap = 0;
  cvx_buf line_text = CVX_BUF_INIT;
  size_t left_out = 0, first_left = 0; /* kept lines past MAX_UNMAPPED: counted, said */
  for (size_t ln = 0; out && ln < src->nlines; ln++) {
    if (!dirty[ln]) continue; /* nothing visible left untaken */
    size_t a = src->lines[ln];
    size_t b = ln + 1 < src->nlines ? src->lines[ln + 1] : n;
    size_t cut = 0;
    if (line_unmapped(src, pa, pb, a, b, &line_text, &cut) < 3) continue;
    /* trim Markdown and list punctuation at the ends */
    size_t s = 0, e = line_text.len;
    while (s < e && trim_byte((unsigned char)line_text.ptr[s], true)) s++;
    while (e > s && trim_byte((unsigned char)line_text.ptr[e - 1], false)) e--;
    if (e <= s || stopword_only(line_text.ptr + s, e - s)) continue;
    size_t alnum = 0; /* counted up to 3: all the test below needs */
    for (size_t i = s; i < e && alnum < 3;) {
      unsigned char c = (unsigned char)line_text.ptr[i];
      if (c < 0x80) {
        alnum += ascii_alnum(c);
        i++;
        continue;
      }
      uint32_t cp;
      i += cvx_utf8_decode(line_text.ptr, e, i, &cp);
      alnum += countable_cp(cp);
    }
    if (alnum < 3) continue;
    if (count == MAX_UNMAPPED) {
      if (!left_out++) first_left = a;
      continue;
    }
    if (count == cap) {
      size_t ncap = cap ? cap * 2 : 16;
      list = cvx_arena_grow(doc->arena, list, count, ncap, sizeof *list);
      cap = ncap;
    }
    list[count].line = (unsigned)ln + 1;
    list[count].text = cvx_arena_strndup(doc->arena, line_text.ptr + s, e - s);
    count++;
    if (cut) /* said, not silent: the list keeps the start of a very long line */
      cvx_diag_add(doc->dx, CVX_NOTE, "unmapped.truncated", cvx_span_make((uint32_t)a, (uint32_t)a),
                   "meta.cvx.unmapped keeps the first %u bytes of this line's unmapped text; %zu more bytes "
                   "are left out",
                   (unsigned)MAX_UNMAPPED_TEXT, cut);
  }
  cvx_buf_free(&line_text);
  if (left_out) /* said, not silent: the list keeps the first lines */
    cvx_diag_add(doc->dx, CVX_NOTE, "unmapped.truncated", cvx_span_make((uint32_t)first_left, (uint32_t)first_left),
                 "meta.cvx.unmapped keeps the first %u lines of unmapped text; %zu more lines, from here on, "
                 "are left out",
                 (unsigned)MAX_UNMAPPED, left_out);
  if (out) {
    *out = list;
    *nout = count;
  }
  return total ? (double)taken / (double)total : 1.0;
}
