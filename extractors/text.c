/* text.c — the plain-text body extractor: reads a loose CV (resume.txt, text
 * pasted from a web page, LinkedIn or a PDF) line by line into the block
 * stream the shared interpreter turns into records.
 *
 * A line is read, in this order, as:
 *  - blank: it ends the open block;
 *  - punctuation only ("-----", "* * *", "+---+"): a RULE, unless it underlines
 *    the heading-like line above it (then it is consumed);
 *  - a heading (heading_level): level 1 for known section words, ALL-CAPS,
 *    underlined and decorated lines ("== X ==", "[ X ]"), "#" lines keep their
 *    depth; level 2 for "Label:" lines and Title-Case lines after a blank
 *    line. The first content line is the person and stays text; an entry line
 *    (a date, an e-mail or URL, a comma, a bullet, many words) never is one;
 *  - a table row: 2+ " | " or tab-separated cells next to another row;
 *  - a list item (bullets, "1." "1)" "(1)" "[1]", "o "): its level is its depth
 *    among the blocks still open around it, by column (nest);
 *  - text: it continues the open item (indented deeper, or a wrapped line) or
 *    paragraph (every line, except a new dated entry line, the end of a
 *    hanging indent, and details indented under an entry line, which become a
 *    child); a description under a dated entry head goes one level deeper so
 *    the interpreter keeps it with its entry.
 * Column gaps (3+ spaces, a tab, a "-----" leader) become ", " in the text, so
 * a right-aligned date or place is a segment of its own. */
#include "text.h"

#include "grammar.h"
#include "places.h"
#include "sections.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Nesting deeper than this is flattened (levels stop growing). */
#define MAX_DEPTH 32
/* Grammar look-ups (dates, headings, names) only read lines up to this many
 * bytes: a heading or an entry line is short, and long lines stay linear. */
#define SHORT_LINE 256
/* A line longer than this (in characters) was not hard-wrapped: the text is
 * one paragraph per line. */
#define UNWRAPPED 100

/* ------------------------------------------------------------- characters */

static bool is_hspace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_ascii_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
/* c is a byte of set (never the NUL). Every set here is ASCII punctuation and
 * spaces, so letters, digits and non-ASCII bytes (most bytes) are answered
 * without the strchr call. */
static inline bool in_set(const char *set, char c) {
  unsigned char u = (unsigned char)c;
  if (u >= 0x80 || (unsigned char)((u | 0x20) - 'a') < 26 || (unsigned char)(u - '0') < 10) return false;
  return c && strchr(set, c) != NULL;
}

/* Display columns stop growing here: indentation deeper than this is all
 * the same, and a gigabyte of tabs cannot overflow. */
#define MAX_COL (1 << 20)

/* The column after a space or a tab (tab stops every 4 columns) at col. */
static int next_col(int col, bool tab) {
  if (col >= MAX_COL) return MAX_COL;
  return tab ? (col / 4 + 1) * 4 : col + 1;
}

/* Length of the Unicode space at s[0,n) (no-break, ideographic, en/em…), or 0. */
static size_t uspace_len(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  if (n >= 2 && u[0] == 0xC2 && u[1] == 0xA0) return 2;
  if (n >= 3 && u[0] == 0xE2 && u[1] == 0x80 && u[2] >= 0x80 && u[2] <= 0x8A) return 3;
  if (n >= 3 && u[0] == 0xE2 && u[1] == 0x80 && u[2] == 0xAF) return 3;
  if (n >= 3 && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80) return 3;
  return 0;
}

/* Length of the whitespace character at s[0,n) (ASCII or Unicode), or 0. */
static inline size_t space_len(const char *s, size_t n) {
  if (!n) return 0;
  unsigned char c = (unsigned char)s[0];
  if (c < 0x80) return is_hspace(c);
  return c == 0xC2 || c == 0xE2 || c == 0xE3 ? uspace_len(s, n) : 0;
}

/* Start of the UTF-8 character that ends at s[end). */
static size_t char_before(const char *s, size_t start, size_t end) {
  size_t k = end - 1;
  while (k > start && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
  return k;
}

/* Decodes one code point at s[0,n); *len gets its byte length (at least 1). */
static uint32_t decode(const char *s, size_t n, size_t *len) {
  const unsigned char *u = (const unsigned char *)s;
  *len = 1;
  if (n == 0) return 0;
  if (u[0] < 0x80) return u[0];
  int extra = u[0] >= 0xF0 ? 3 : u[0] >= 0xE0 ? 2 : u[0] >= 0xC0 ? 1 : 0;
  if (extra == 0 || (size_t)extra >= n) return 0xFFFD;
  uint32_t c = u[0] & (0x3F >> extra);
  for (int i = 1; i <= extra; i++) {
    if ((u[i] & 0xC0) != 0x80) return 0xFFFD;
    c = (c << 6) | (u[i] & 0x3F);
  }
  *len = (size_t)extra + 1;
  return c;
}

/* Letter case of code point c: 1 upper, -1 lower, 2 a letter without case
 * (CJK…) or a symbol above ASCII, 0 not a letter. Latin, Greek and Cyrillic
 * are told apart; that is all headings need. */
static int letter_case(uint32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? 1 : (c >= 'a' && c <= 'z') ? -1 : 0;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return 1;
  if (c >= 0xDF && c <= 0xFF && c != 0xF7) return -1;
  if (c < 0xC0) return 0;
  if (c >= 0x100 && c <= 0x137) return (c & 1) ? -1 : 1;
  if (c >= 0x139 && c <= 0x148) return (c & 1) ? 1 : -1;
  if (c >= 0x14A && c <= 0x177) return (c & 1) ? -1 : 1;
  if (c == 0x178) return 1;
  if (c >= 0x179 && c <= 0x17E) return (c & 1) ? 1 : -1;
  if (c >= 0x386 && c <= 0x3AB) return 1;
  if (c >= 0x3AC && c <= 0x3CE) return -1;
  if (c >= 0x400 && c <= 0x42F) return 1;
  if (c >= 0x430 && c <= 0x45F) return -1;
  if (c >= 0x2000 && c <= 0x2BFF) return 0; /* punctuation, arrows, boxes, bullets */
  if (c >= 0x3000 && c <= 0x303F) return 0; /* CJK punctuation */
  if (c >= 0xFF00 && c <= 0xFF20) return 0; /* full-width punctuation */
  return 2;
}

/* Eight bytes may be read as one word whose first byte in memory is its
 * lowest (count_words relies on it). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR_LE 1
#else
#define SWAR_LE 0
#endif

/* SSE2 (every x86-64) with the GCC builtins: sixteen bytes at a time where
 * it helps; the eight-byte code does the rest everywhere. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define VEC16 1
#else
#define VEC16 0
#endif

/* Code points in s[0,n). */
static size_t count_chars(const char *s, size_t n) {
  const uint64_t high = UINT64_C(0x8080808080808080), ones = UINT64_C(0x0101010101010101);
  size_t k = 0, i = 0;
  for (; n - i >= 8; i += 8) { /* eight at a time: the bytes that are not 10xxxxxx */
    uint64_t x;
    memcpy(&x, s + i, 8);
    uint64_t cont = x & ~(x << 1) & high;
    k += 8 - (size_t)((((cont >> 7) * ones) >> 56));
  }
  for (; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
  return k;
}

/* Whitespace-separated words in s[0,n). */
static int count_words(const char *s, size_t n) {
  int w = 0;
  bool in = false;
  for (size_t i = 0; i < n;) {
#if VEC16
    if (n - i >= 16) { /* sixteen ASCII bytes at a time, as below */
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
      if (!_mm_movemask_epi8(x)) {
        __m128i ctl = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(0x08)),
                                    _mm_cmpgt_epi8(_mm_set1_epi8(0x0e), x));
        __m128i sp = _mm_or_si128(_mm_andnot_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')), ctl),
                                  _mm_cmpeq_epi8(x, _mm_set1_epi8(' ')));
        unsigned msp = (unsigned)_mm_movemask_epi8(sp);
        unsigned starts = ~msp & ((msp << 1) | (in ? 0u : 1u)) & 0xFFFFu; /* after a space or !in */
        for (; starts; starts &= starts - 1) w++;
        in = !(msp & 0x8000u);
        i += 16;
        continue;
      }
    }
#endif
    if (SWAR_LE && n - i >= 8) { /* eight ASCII bytes at a time */
      const uint64_t high = UINT64_C(0x8080808080808080), ones = UINT64_C(0x0101010101010101);
      uint64_t x;
      memcpy(&x, s + i, 8);
      if (!(x & high)) {
        /* spaces: TAB VT FF CR (0x09..0x0d but LF) and ' ' */
        uint64_t ctl = (x + (0x80 - 0x09) * ones) & ~(x + (0x80 - 0x0e) * ones) & high;
        uint64_t lf = x ^ ('\n' * ones), sp_ = x ^ (' ' * ones);
        lf = ~((((lf & ~high) + ~high) | lf) | ~high);
        sp_ = ~((((sp_ & ~high) + ~high) | sp_) | ~high);
        uint64_t sp = (ctl & ~lf) | sp_;
        uint64_t starts = ~sp & high & ((sp << 8) | (in ? 0 : 0x80)); /* after a space or !in */
        w += (int)((((starts >> 7) * ones) >> 56));
        in = !(sp >> 63);
        i += 8;
        continue;
      }
    }
    unsigned char c = (unsigned char)s[i];
    size_t sl = c > ' ' && c < 0x80 ? 0 : space_len(s + i, n - i);
    if (sl) {
      in = false;
      i += sl;
      continue;
    }
    if (!in) w++;
    in = true;
    i++;
  }
  return w;
}

/* Words holding a letter or a digit (a lone "-", "&" or "·" is not one). */
static int real_words(const char *s, size_t n) {
  int w = 0;
  bool in = false, alnum = false;
  for (size_t i = 0; i <= n;) {
    if (i == n || s[i] == ' ' || s[i] == '\t') {
      if (in && alnum) w++;
      in = alnum = false;
      i++;
      continue;
    }
    size_t len;
    uint32_t c = decode(s + i, n - i, &len);
    in = true;
    alnum |= (c >= '0' && c <= '9') || letter_case(c) != 0;
    i += len;
  }
  return w;
}

/* A "Label: value" line: a colon with text after it (not "8:58", not "http:"). */
static bool label_value(const char *s, size_t n) {
  if (n < 2) return false;
  /* each kind of colon found by memchr: "Label: value", then the full-width one */
  for (const char *p = memchr(s, ':', n - 1); p; p = memchr(p + 1, ':', n - 1 - (size_t)(p + 1 - s))) {
    size_t i = (size_t)(p - s);
    if ((s[i + 1] == ' ' || s[i + 1] == '\t' || s[i + 1] == '*') && i > 0 && !is_digit((unsigned char)s[i - 1]))
      return true;
    if (i + 2 >= n) break;
  }
  for (const char *p = memchr(s, '\xEF', n - 1); p; p = memchr(p + 1, '\xEF', n - 1 - (size_t)(p + 1 - s))) {
    size_t i = (size_t)(p - s);
    if (i + 3 < n && memcmp(s + i, "\xEF\xBC\x9A", 3) == 0) return true;
    if (i + 2 >= n) break;
  }
  return false;
}

/* c lower-cased as strncasecmp does in the C locale (A-Z only). */
static inline unsigned char fold_ascii(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c | 0x20) : c; }

/* s[0,n) is w, ignoring ASCII case (as strlen(w) == n && strncasecmp). */
static bool equals_ci(const char *s, size_t n, const char *w) {
  size_t i = 0;
  for (; i < n && w[i]; i++)
    if (fold_ascii((unsigned char)s[i]) != fold_ascii((unsigned char)w[i])) return false;
  return i == n && w[i] == '\0';
}

/* A word that makes a line a job title ("VP", "Engineer", "Founder"). */
static bool job_title(const char *s, size_t n) {
  static const char *const titles[] = {"vp",         "cto",       "ceo",        "cfo",       "coo",
                                       "cio",        "founder",   "co-founder", "cofounder", "president",
                                       "director",   "manager",   "engineer",   "developer", "consultant",
                                       "scientist",  "architect", "analyst",    "chief",     "officer",
                                       "programmer", "intern",    "lecturer",   "professor", NULL};
  size_t i = 0;
  while (i < n) {
    while (i < n && !is_ascii_alpha((unsigned char)s[i]) && s[i] != '-') i++;
    size_t j = i;
    while (j < n && (is_ascii_alpha((unsigned char)s[j]) || s[j] == '-')) j++;
    for (int k = 0; titles[k] && j > i; k++)
      if (equals_ci(s + i, j - i, titles[k])) return true;
    i = j;
  }
  return false;
}

static bool has_byte(const char *s, size_t n, char c) { return memchr(s, c, n) != NULL; }

/* An ASCII digit somewhere in s[0,n). */
static bool has_digit(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (is_digit((unsigned char)s[i])) return true;
  return false;
}

/* s[0,n) starts with w, ignoring ASCII case (strncasecmp, without the call:
 * most lines differ at the first byte). */
static bool starts_ci(const char *s, size_t n, const char *w) {
  size_t i = 0;
  for (; w[i]; i++)
    if (i >= n || fold_ascii((unsigned char)s[i]) != fold_ascii((unsigned char)w[i])) return false;
  return true;
}

/* An e-mail address or a URL somewhere in s[0,n). */
static bool has_contact(const char *s, size_t n) {
  const uint64_t high = UINT64_C(0x8080808080808080), ones = UINT64_C(0x0101010101010101);
  for (size_t i = 0; i < n; i++) {
#if VEC16
    while (n - i >= 16) { /* the same, sixteen at a time */
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
      __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('@')),
                                 _mm_cmpeq_epi8(x, _mm_set1_epi8(':')));
      hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8('.')));
      hit = _mm_or_si128(hit,
                         _mm_cmpeq_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('w')));
      unsigned m = (unsigned)_mm_movemask_epi8(hit);
      if (m) {
        i += (size_t)__builtin_ctz(m);
        break;
      }
      i += 16;
    }
#endif
    while (n - i >= 8) { /* skip eight bytes none of which can start a contact */
      uint64_t x, hit = 0;
      memcpy(&x, s + i, 8);
      static const unsigned char starts[] = {'@', ':', '.', 'w', 'W'};
      for (int k = 0; k < 5; k++) {
        uint64_t v = x ^ (starts[k] * ones);
        hit |= (v - ones) & ~v & high;
      }
      if (hit) break;
      i += 8;
    }
    if (i >= n) break;
    char c = s[i];
    if (c != '@' && c != ':' && c != '.' && (c | 0x20) != 'w') continue; /* starts none of them */
    if (s[i] == '@' && i > 0 && !space_len(s + i - 1, 1)) {
      for (size_t j = i + 1; j < n && !space_len(s + j, n - j); j++)
        if (s[j] == '.' && j + 1 < n && !space_len(s + j + 1, n - j - 1)) return true;
    }
    if (s[i] == ':' && i + 2 < n && s[i + 1] == '/' && s[i + 2] == '/') return true;
    if ((s[i] | 0x20) == 'w' && (i == 0 || s[i - 1] == ' ') && i + 4 <= n &&
        strncasecmp(s + i, "www.", 4) == 0)
      return true;
    /* a bare domain with a path: "github.com/jane" */
    if (s[i] == '.' && i > 0 && is_ascii_alpha((unsigned char)s[i - 1])) {
      size_t j = i + 1;
      while (j < n && is_ascii_alpha((unsigned char)s[j])) j++;
      if (j - i - 1 >= 2 && j < n && s[j] == '/') return true;
    }
  }
  return false;
}


/* A line from a web page that only says there is more to see. */
static bool is_paste_noise(const char *s, size_t n) {
  if (starts_ci(s, n, "see more") || starts_ci(s, n, "show more") || starts_ci(s, n, "see all") ||
      starts_ci(s, n, "show all") || starts_ci(s, n, "\xE2\x80\xA6"))
    return true;
  return n >= 4 && starts_ci(s + n - 4, 4, "more") && count_words(s, n) <= 3;
}

/* ------------------------------------------------------------------ lines */

typedef struct ldate {
  bool dated; /* a date anywhere in the (short) line */
  bool edge;  /* a short line that starts or ends with its date: an entry line */
  bool starts;
  bool alone; /* the date is the whole line (decoration aside) */
} ldate;

/* The last line_date answer: the same line is asked about up to three times
 * (as the next line, as a heading candidate, as text). */
#define LDATE_MEMO 4
typedef struct ldate_memo {
  size_t a, b;
  ldate d;
  bool ok;
} ldate_memo;

typedef struct ldate_cache {
  ldate_memo slot[LDATE_MEMO];
  int next; /* the slot to overwrite next */
} ldate_cache;

typedef struct tline {
  size_t s, e;   /* the line in the view, '\n' excluded */
  size_t cs, ce; /* its content: trimmed, an ASCII-grid frame "| … |" removed */
  size_t next;   /* where the following line starts (> n at the end) */
  int indent;    /* display column of cs (tab stops every 4 columns) */
  bool blank;
} tline;

typedef struct blk {
  bool open;
  cvx_blk_kind kind;
  int level;
  size_t span_s, span_e;
  const char *marker;
  int mcol;         /* item: column of the marker */
  int parent_col;   /* column of the enclosing block, or -1 */
  int first_indent; /* column of the first line */
  bool has_deeper;  /* a later line is indented deeper than the first */
  int nlines;
  bool dated; /* a date in one of its first lines */
  bool first_alone; /* its first line is a date alone */
  bool first_dated_edge; /* its first line starts or ends with a date: an entry line */
  int first_words;
  /* the last line taken in */
  bool last_dated_edge; /* starts or ends with a date: an entry line */
  bool last_wraps;      /* ends with ',', '-' or a function word: the sentence goes on */
  bool last_punct;      /* ends with sentence punctuation */
  size_t last_chars;
  bool last_marker; /* carried a list marker */
  bool last_label_caps; /* was a "LABEL: value" line, its label in capitals */
  bool described;   /* put one level down as a description under the entry above */
} blk;

/* One line of a column: a byte range of one physical line (empty: that
 * side of the line is blank). */
typedef struct tseg {
  size_t s, e;
} tseg;

typedef struct tx {
  cvx_doc *doc;
  cvx_blocks *out;
  const char *v; /* the view */
  size_t n;
  /* a two-column layout: the lines of the column read first, a blank, then
   * those of the other; a line position is then an index in seg (NULL: the
   * text is one column and a position is a byte offset) */
  const tseg *seg;
  size_t nseg;
  cvx_buf text; /* text of the open block */
  ldate_cache *memo;
  blk b;
  int stack[MAX_DEPTH]; /* columns of the enclosing blocks */
  int depth;
  bool first_pending; /* the first content line (the person block) is still to come */
  bool top;           /* no heading yet */
  bool boundary;      /* the previous line was blank, a heading, a rule, or nothing */
  bool prev_blank;    /* the previous line was blank (or there was none) */
  bool person;        /* inside a section about the person (Contact, About) */
  bool subheads;      /* the section has sub-headings ("Label:", Title-Case) */
  int sec_level;      /* level of the heading that opened the section */
  cvx_rec_kind sec_kind; /* what that heading names (CVX_REC_SECTION: nothing known) */
  bool sec_content;      /* a block other than a heading came after that heading */
  bool after_skills;     /* the section before it was one of skills that held something */
  bool sec_dated;     /* the section has a dated entry */
  int sec_degrees, sec_roles; /* its heads whose first line names a degree, or else a title */
  int quiet_heads;    /* section headings so far that were plain lines at the margin */
  int caps_heads;     /* … and that were lines in capitals */
  int caps_lines;     /* short lines in capitals at the margin, in the whole text (caps_count) */
  bool prev_rowish;   /* the previous line was a table row or a table rule */
  const char *lone_mark; /* a bullet alone on the line before: the item whose text this line is */
  int lone_mark_indent;
  bool prev_single_pipe;
  /* the entry head of the current section: the last level-0 paragraph or item */
  bool head, head_dated, head_short, head_para;
  bool head_open; /* … and it is the last block and ends on its date: nothing came under it yet */
  bool lone;      /* the last block was one undated line at the margin */
  bool nested;    /* the last block was nested in a list item or an indented block */
  bool sec_titled; /* in the section, such a line stood over a dated paragraph: entries have titles apart */
  bool sec_date_heads; /* the section's first block was a line of dates alone: its entries open so */
  bool date_open;      /* … and the last block was one such line: nothing came under it yet */
  bool under_date;     /* … or the last block was the first under one */
  bool after_date;     /* the last block was a line of dates alone, in any section */
  int head_indent;
  int title_slot; /* what the section's first sub-heading names (slot_of); -1 before one */
} tx;

/* Reads the line at pos (a byte offset, or an index in t->seg); false past
 * the end of the text. */
static bool read_line(const tx *t, size_t pos, tline *l) {
  const char *v = t->v;
  if (t->seg) {
    if (pos >= t->nseg) return false;
    l->s = t->seg[pos].s;
    l->e = t->seg[pos].e;
    l->next = pos + 1;
  } else {
    if (pos > t->n) return false;
    const char *nl = memchr(v + pos, '\n', t->n - pos);
    l->s = pos;
    l->e = nl ? (size_t)(nl - v) : t->n;
    l->next = nl ? l->e + 1 : t->n + 1;
  }
  size_t a = l->s;
  int col = 0;
  while (a < l->e) {
    size_t sl = space_len(v + a, l->e - a);
    if (!sl) break;
    col = next_col(col, v[a] == '\t');
    a += sl;
  }
  size_t b = l->e;
  while (b > a) {
    size_t k = char_before(v, a, b);
    if (!space_len(v + k, b - k)) break;
    b = k;
  }
  /* "| text |" from an ASCII grid table: the frame is not content */
  if (b - a >= 2 && v[a] == '|' && v[b - 1] == '|' && !memchr(v + a + 1, '|', b - a - 2)) {
    size_t a2 = a + 1, b2 = b - 1;
    col = next_col(col, false);
    while (a2 < b2) {
      size_t sl = space_len(v + a2, b2 - a2);
      if (!sl) break;
      col = next_col(col, v[a2] == '\t');
      a2 += sl;
    }
    while (b2 > a2) {
      size_t k = char_before(v, a2, b2);
      if (!space_len(v + k, b2 - k)) break;
      b2 = k;
    }
    a = a2;
    b = b2;
  }
  l->cs = a;
  l->ce = b;
  l->indent = col;
  l->blank = a >= b;
  return true;
}

/* A line of punctuation only ("-----", "=====", "* * *", "+----+----+", "____"). */
static bool is_rule(const tx *t, const tline *l) {
  int marks = 0;
  bool strong = false;
  for (size_t i = l->cs; i < l->ce;) {
    unsigned char c = (unsigned char)t->v[i];
    size_t sl = space_len(t->v + i, l->ce - i);
    if (sl) {
      i += sl;
      continue;
    }
    if (in_set("-=_*~.#", (char)c)) {
      strong = true;
    } else if (c == 0xE2 && i + 2 < l->ce &&
               ((unsigned char)t->v[i + 1] == 0x94 || (unsigned char)t->v[i + 1] == 0x95)) {
      strong = true; /* box drawing ─ ━ ═ */
      i += 2;
    } else if (c != '+' && c != '|' && c != ':') {
      return false;
    }
    marks++;
    i++;
  }
  return strong && marks >= 3;
}

/* A setext-style underline: one punctuation character repeated, nothing else. */
static bool is_underline(const tx *t, const tline *l) {
  if (l->blank || l->ce - l->cs < 3) return false;
  char c = t->v[l->cs];
  if (!in_set("=-~*._^#", c)) return false;
  for (size_t i = l->cs; i < l->ce; i++)
    if (t->v[i] != c) return false;
  return true;
}

/* --------------------------------------------------------------- markers */

typedef struct marker {
  size_t len; /* bytes of the marker itself */
  size_t ts;  /* where the item's text starts */
  bool dash;  /* an en or em dash: maybe a continuation, not a bullet */
} marker;

/* Bullet characters beyond ASCII: • ‣ ⁃ ∙ ▪ ■ □ ▸ ► ◦ ● ○ ◆ ❖ ➢ ✓ ✔ · and the
 * private-use bullets PDF text extraction leaves behind. */
static size_t ubullet_len(const unsigned char *u, size_t n) {
  static const char *const bullets[] = {"\xE2\x80\xA2", "\xE2\x80\xA3", "\xE2\x81\x83",
                                        "\xE2\x88\x99", "\xE2\x96\xAA", "\xE2\x96\xA0",
                                        "\xE2\x96\xA1", "\xE2\x96\xB8", "\xE2\x96\xBA",
                                        "\xE2\x97\xA6", "\xE2\x97\x8F", "\xE2\x97\x8B",
                                        "\xE2\x97\x86", "\xE2\x9D\x96", "\xE2\x9E\xA2",
                                        "\xE2\x9C\x93", "\xE2\x9C\x94", "\xC2\xB7",
                                        "\xEF\x82\xA7", "\xEF\x82\xB7", NULL};
  if (!n || (u[0] != 0xE2 && u[0] != 0xC2 && u[0] != 0xEF)) return 0; /* no bullet starts so */
  for (int i = 0; bullets[i]; i++) {
    size_t m = strlen(bullets[i]);
    if (n >= m && memcmp(u, bullets[i], m) == 0) return m;
  }
  return 0;
}

/* Finds a list marker at the start of the line's content. */
static bool find_marker(const tx *t, const tline *l, marker *mk) {
  const char *s = t->v + l->cs;
  const unsigned char *u = (const unsigned char *)s;
  size_t n = l->ce - l->cs;
  size_t m = 0;
  bool need_space = true, dash = false;
  if (n < 2) return false;
  if (s[0] == '-' || s[0] == '*' || s[0] == '+') {
    m = 1;
    /* "-Researching", "*Modularized": a bullet glued to a capital */
    if ((s[0] == '-' || s[0] == '*') && u[1] >= 'A' && u[1] <= 'Z' &&
        !(s[0] == '*' && has_byte(s + 1, n - 1, '*')))
      need_space = false;
  } else if (s[0] == 'o' && (s[1] == ' ' || s[1] == '\t')) {
    m = 1;
  } else if ((m = ubullet_len(u, n)) > 0) {
    need_space = false;
  } else if (n >= 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x93 || u[2] == 0x94)) {
    m = 3;
    dash = true;
  } else if (is_digit(u[0])) {
    size_t d = 0;
    while (d < n && is_digit(u[d])) d++;
    if (d > 3 || d >= n || (s[d] != '.' && s[d] != ')')) return false;
    m = d + 1;
  } else if (s[0] == '(' || s[0] == '[') {
    char close = s[0] == '(' ? ')' : ']';
    size_t d = 1;
    while (d < n && is_digit(u[d])) d++;
    /* "(1)", "[12]", "[123]"; "(555) 010-0187" is a phone number */
    if (d == 1 || d > (close == ')' ? 3u : 4u) || d >= n || s[d] != close) return false;
    m = d + 1;
  } else {
    return false;
  }
  size_t i = m;
  while (i < n) {
    size_t sl = space_len(s + i, n - i);
    if (!sl) break;
    i += sl;
  }
  if (i >= n) return false;               /* a marker with nothing after it */
  if (need_space && i == m) return false; /* "-5", "+33", "1.5", "**" */
  mk->len = m;
  mk->ts = l->cs + i;
  mk->dash = dash;
  return true;
}

/* ------------------------------------------------------------------ dates */

/* Where the date of the short line v[a,b) sits, if it has one. */
static ldate line_date_uncached(const tx *t, size_t a, size_t b) {
  ldate r = {false, false, false, false};
  if (b <= a || b - a > SHORT_LINE) return r;
  cvx_daterange d;
  if (!cvx_date_find(t->v + a, b - a, &d) || d.mend > b - a || d.mstart >= d.mend) return r;
  r.dated = true;
  size_t lead = 0, trail = b - a;
  while (lead < d.mstart && in_set("(*[_ \"'", t->v[a + lead])) lead++;
  while (trail > d.mend && in_set(")*]_ .,:;\"'", t->v[a + trail - 1])) trail--;
  r.starts = lead == d.mstart;
  r.alone = r.starts && trail == d.mend;
  int words = count_words(t->v + a, b - a);
  r.edge = (r.starts && words <= 30) || (trail == d.mend && words <= 15);
  return r;
}

/* line_date_uncached, remembered for the last LDATE_MEMO ranges asked
 * about (a line is asked about whole, without its marker and without its
 * decoration, and as the line below another). */
static ldate line_date(const tx *t, size_t a, size_t b) {
  ldate_cache *c = t->memo;
  for (int k = 0; k < LDATE_MEMO; k++) {
    const ldate_memo *m = &c->slot[k];
    if (m->ok && m->a == a && m->b == b) return m->d;
  }
  ldate_memo *m = &c->slot[c->next];
  c->next = (c->next + 1) % LDATE_MEMO;
  *m = (ldate_memo){a, b, line_date_uncached(t, a, b), true};
  return m->d;
}

/* ------------------------------------------------------------------- text */

/* Length of a run of 3+ leader characters ("-----", ".....", "____", "…")
 * at s[0,n) that ends at whitespace or at n, or 0. */
static size_t leader_len(const char *s, size_t n) {
  if (n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0xA6) {
    size_t i = 0;
    while (i + 3 <= n && memcmp(s + i, "\xE2\x80\xA6", 3) == 0) i += 3;
    return i >= 6 && (i == n || space_len(s + i, n - i)) ? i : 0;
  }
  char c = s[0];
  if (c != '-' && c != '.' && c != '_') return 0;
  size_t i = 0;
  while (i < n && s[i] == c) i++;
  if (i < 3) return 0;
  return (i == n || space_len(s + i, n - i)) ? i : 0;
}

/* Length of a leftover that is not text: a LaTeX spacing command "{-2pt}" or
 * a Word field code ` HYPERLINK "url" `; 0 when s[0,n) starts none. */
static size_t junk_len(const char *s, size_t n) {
  if (s[0] == '{') {
    size_t i = 1;
    if (i < n && s[i] == '-') i++;
    size_t d = i;
    while (i < n && (is_digit((unsigned char)s[i]) || s[i] == '.')) i++;
    if (i == d || i + 3 > n) return 0;
    static const char *const units[] = {"pt}", "em}", "ex}", "mm}", "cm}", "in}", NULL};
    for (int k = 0; units[k]; k++)
      if (memcmp(s + i, units[k], 3) == 0) return i + 3;
    return 0;
  }
  if (n >= 11 && memcmp(s, "HYPERLINK \"", 11) == 0) {
    const char *q = memchr(s + 11, '"', n - 11);
    return q ? (size_t)(q - s) + 1 : 0;
  }
  return 0;
}

/* Punctuation that already separates two columns ("Name | email", "A & B"). */
static bool is_joiner(char c) { return in_set(",;|&:/", c); }

/* Appends s[a,b) to the open block's text: inner whitespace collapsed, a
 * column gap (3+ spaces, a tab, or a leader "-----") turned into ", " so a
 * right-aligned date or place becomes its own segment, leftovers dropped. */
static void put_text(tx *t, size_t a, size_t b) {
  const char *v = t->v;
  /* a line wrapped whole in bold markers: "** Role; Org; 2019 **" */
  if (b - a >= 4 && ((v[a] == '*' && v[a + 1] == '*' && v[b - 1] == '*' && v[b - 2] == '*') ||
                     (v[a] == '_' && v[a + 1] == '_' && v[b - 1] == '_' && v[b - 2] == '_'))) {
    a += 2;
    b -= 2;
  }
  int spaces = 0;
  bool tab = false, leader = false, any = false;
  size_t i = a;
  while (i < b) {
    size_t k = space_len(v + i, b - i);
    if (k) {
      spaces++;
      tab |= v[i] == '\t';
      i += k;
      continue;
    }
    unsigned char c0 = (unsigned char)v[i];
    /* only '{', 'H', '-', '.', '_' and 0xE2 ("…") start a leftover or a leader */
    if ((i == a || spaces) && (c0 == '{' || c0 == 'H' || c0 == '-' || c0 == '.' || c0 == '_' || c0 == 0xE2)) {
      size_t jl = junk_len(v + i, b - i);
      if (jl) {
        i += jl;
        spaces++;
        continue;
      }
      size_t ll = spaces ? leader_len(v + i, b - i) : 0;
      if (ll) {
        leader = true;
        i += ll;
        continue;
      }
    }
    if (v[i] == '*' && i + 1 < b && v[i + 1] == '*') { /* bold markers inside a line: "**Label:** value" */
      bool after_word = i > a && !space_len(v + i - 1, 1) && v[i - 1] != '(';
      while (i < b && v[i] == '*') i++;
      /* "Current**Parking Lot Supervisor**": the marker was the only separator */
      if (after_word && i < b &&
          (is_ascii_alpha((unsigned char)v[i]) || is_digit((unsigned char)v[i]) ||
           (unsigned char)v[i] >= 0x80))
        spaces++;
      continue;
    }
    size_t j = i + 1;
#if VEC16
    /* sixteen bytes at a time while each joins the run as the loop below
     * would take it: a word byte, or one space before a plain word start */
    while (b - j >= 17) {
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(v + j));
      __m128i nx = _mm_loadu_si128((const __m128i *)(const void *)(v + j + 1));
      /* signed: bytes at or above 0x80 are not above ' ' */
      __m128i word = _mm_andnot_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('*')),
                                      _mm_cmpgt_epi8(x, _mm_set1_epi8(' ')));
      __m128i start = _mm_cmpgt_epi8(nx, _mm_set1_epi8(' '));
      __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(nx, _mm_set1_epi8('*')),
                                                  _mm_cmpeq_epi8(nx, _mm_set1_epi8('{'))),
                                     _mm_or_si128(_mm_cmpeq_epi8(nx, _mm_set1_epi8('H')),
                                                  _mm_cmpeq_epi8(nx, _mm_set1_epi8('-'))));
      special = _mm_or_si128(special, _mm_or_si128(_mm_cmpeq_epi8(nx, _mm_set1_epi8('.')),
                                                   _mm_cmpeq_epi8(nx, _mm_set1_epi8('_'))));
      __m128i joins =
          _mm_and_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')), _mm_andnot_si128(special, start));
      if (_mm_movemask_epi8(_mm_or_si128(word, joins)) != 0xFFFF) break;
      j += 16;
    }
#endif
    for (; j < b; j++) {
      unsigned char c = (unsigned char)v[j];
      if (c > ' ' && c < 0x80 && c != '*') continue; /* the common byte: part of the word */
      if (c == ' ' && j + 1 < b) {
        /* one space before a word that starts nothing special: the loop
         * would write this space as it is, so the word joins this run */
        unsigned char d = (unsigned char)v[j + 1];
        if (d > ' ' && d < 0x80 && d != '*' && d != '{' && d != 'H' && d != '-' && d != '.' &&
            d != '_') {
          j++;
          continue;
        }
      }
      if (space_len(v + j, b - j) || (c == '*' && j + 1 < b && v[j + 1] == '*')) break;
    }
    if (any && spaces) {
      char last = t->text.ptr[t->text.len - 1];
      /* justified prose puts 3 spaces after a full stop; a column needs more */
      int need = (last == '.' || last == '!' || last == '?') ? 4 : 3;
      if ((spaces >= need || tab || leader) && !is_joiner(last) && !is_joiner(v[i]))
        cvx_buf_put(&t->text, ", ", 2);
      else
        cvx_buf_putc(&t->text, ' ');
    }
    cvx_buf_put(&t->text, v + i, j - i);
    any = true;
    spaces = 0;
    tab = leader = false;
    i = j;
  }
  /* a line of leftovers only leaves an empty line: drop it */
  if (!any && t->text.len && t->text.ptr[t->text.len - 1] == '\n')
    cvx_buf_truncate(&t->text, t->text.len - 1);
}

/* True when s[a,b) has a column gap (a tab or 3+ spaces between words). */
static bool has_gap(const tx *t, size_t a, size_t b) {
  int run = 0;
  size_t i = a;
#if VEC16
  /* sixteen at a time: a tab, or three spaces in a row within the sixteen
   * or running on from the two bytes before them */
  for (; b - i >= 16; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(t->v + i));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('\t')))) return true;
    unsigned sp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')));
    unsigned all = (sp << 2) | (run >= 2 ? 3u : run == 1 ? 2u : 0u); /* bit k + 2: byte k */
    if (all & (all >> 1) & (all >> 2)) return true;
    run = sp == 0xFFFFu ? run + 16 : (sp & 0x8000u) ? (sp & 0x4000u) ? 2 : 1 : 0;
  }
#endif
  for (; i < b; i++) {
    if (t->v[i] == '\t') return true;
    run = t->v[i] == ' ' ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

/* -------------------------------------------------------------- blocks */

/* Emits the open block, if any, and remembers it as the section's entry head
 * when it sits at level 0. */
static void close_block(tx *t) {
  if (!t->b.open) return;
  blk *b = &t->b;
  b->open = false;
  if (!t->text.len) return;
  cvx_block *o = cvx_blocks_add(t->doc, t->out, b->kind, b->level, cvx_span_make(b->span_s, b->span_e));
  /* a text as the source has it is read there (sealed at the end) */
  if (!cvx_block_text_in_source(t->doc, o, t->text.ptr, t->text.len, b->span_e))
    o->text = cvx_arena_strndup(t->doc->arena, t->text.ptr, t->text.len);
  o->len = t->text.len;
  cvx_block_set_marker(o, b->marker);
  cvx_buf_clear(&t->text);
  bool date_line = b->kind == CVX_BLK_PARA && b->level == 0 && b->nlines == 1 && b->first_alone;
  if (!t->sec_content) t->sec_date_heads = date_line && !t->subheads; /* (the first block under the heading) */
  t->under_date = t->date_open && !date_line;
  t->date_open = t->sec_date_heads && date_line;
  t->after_date = date_line && o->text[o->len - 1] != '.'; /* (not "2015." ending a wrapped sentence) */
  if (b->kind != CVX_BLK_HEADING) t->sec_content = true;
  /* bullets right under a dated paragraph are its highlights, not new heads */
  bool highlight = b->kind == CVX_BLK_ITEM && t->head && t->head_para && t->head_dated && !b->dated;
  t->head_open = false;
  if (b->kind == CVX_BLK_PARA && b->dated && t->lone) t->sec_titled = true;
  t->lone = b->kind == CVX_BLK_PARA && b->level == 0 && b->nlines == 1 && !b->dated;
  t->nested = b->level > 0;
  if (b->level == 0 && (b->kind == CVX_BLK_PARA || b->kind == CVX_BLK_ITEM) && !highlight) {
    t->head_open = b->last_dated_edge;
    t->head_para = b->kind == CVX_BLK_PARA;
    t->head = true;
    t->head_dated = b->dated;
    t->head_short = b->first_words <= 12;
    t->head_indent = b->first_indent;
    t->sec_dated |= b->dated;
  }
  /* what the section's heads hold so far: a degree, or else a title, in
   * their first two lines (a sub-heading, an entry's title, is one too) */
  bool entry_title = b->kind == CVX_BLK_HEADING && b->level > t->sec_level;
  if (((b->level == 0 && b->kind != CVX_BLK_HEADING) || entry_title) && !highlight && o->text && o->len) {
    const char *nl = memchr(o->text, '\n', o->len), *st;
    size_t fl = nl ? (size_t)(nl - o->text) : o->len, a, z;
    const char *nl2 = nl ? memchr(nl + 1, '\n', o->len - fl - 1) : NULL;
    size_t two = nl2 ? (size_t)(nl2 - o->text) : o->len;
    if (cvx_degree_find(o->text, fl, &st, &a, &z)) t->sec_degrees++;
    else if (cvx_role_score(o->text, two) > 0 || cvx_role_piece(o->text, two)) t->sec_roles++;
  }
}

/* Level of a block starting at column col, from the columns of the blocks
 * still open around it: a block encloses what is indented 2+ columns deeper. */
static int nest(tx *t, int col) {
  while (t->depth > 0 && t->stack[t->depth - 1] + 2 > col) t->depth--;
  int level = t->depth;
  if (t->depth < MAX_DEPTH) t->stack[t->depth++] = col;
  return level;
}

static void count_case(const char *s, size_t n, int *upper, int *lower);

/* Facts about the line s[a,b) just taken into the open block. */
static void note_line(tx *t, size_t a, size_t b, const ldate *d, bool has_marker) {
  blk *k = &t->b;
  const char *s = t->v + a;
  size_t n = b - a;
  if (k->nlines < 3 && d->dated) k->dated = true;
  /* a line with no sentence end over a dated line is the head of an entry
   * of its own ("Org – what it does" / "Role | 2019 – 2020"), not the
   * description of the one above */
  if (k->described && k->nlines == 1 && d->dated && !k->last_punct) {
    k->level = 0;
    k->described = false;
  }
  if (k->nlines == 0) k->first_words = count_words(s, n), k->first_dated_edge = d->edge, k->first_alone = d->alone;
  k->nlines++;
  k->last_dated_edge = d->edge;
  k->last_chars = count_chars(s, n);
  char last = n ? s[n - 1] : 0;
  k->last_punct = in_set(".!?:;", last);
  k->last_wraps = last == ',' || last == '-' || (n <= SHORT_LINE * 4 && cvx_ends_open(s, n));
  k->last_marker = has_marker;
  k->last_label_caps = false;
  if (label_value(s, n)) {
    const char *co = memchr(s, ':', n);
    int up = 0, lo = 0;
    if (co) count_case(s, (size_t)(co - s), &up, &lo);
    k->last_label_caps = co && up >= 2 && lo == 0;
  }
}

/* Closes the open block and opens a new one with the line text v[a,b). */
static void open_block(tx *t, cvx_blk_kind kind, int level, size_t a, size_t b, int indent, const char *mark,
                       int mcol) {
  close_block(t);
  t->b = (blk){.open = true,
               .kind = kind,
               .level = level,
               .span_s = a,
               .span_e = b,
               .marker = mark,
               .mcol = mcol,
               .first_indent = indent,
               .parent_col = t->depth >= 2 ? t->stack[t->depth - 2] : -1};
  put_text(t, a, b);
}

/* Appends one more line to the open block. */
static void add_line(tx *t, const tline *l, size_t a, size_t b) {
  if (t->text.len) cvx_buf_putc(&t->text, '\n');
  put_text(t, a, b);
  if (b > t->b.span_e) t->b.span_e = b;
  if (l->indent > t->b.first_indent) t->b.has_deeper = true;
}

/* Emits a one-line block: a heading or a rule. */
static void emit_simple(tx *t, cvx_blk_kind kind, int level, size_t a, size_t b) {
  close_block(t);
  if (kind == CVX_BLK_RULE) {
    cvx_block *o = cvx_blocks_add(t->doc, t->out, kind, level, cvx_span_make(a, b));
    o->text = "";
    return;
  }
  t->b = (blk){.open = true, .kind = kind, .level = level, .span_s = a, .span_e = b};
  put_text(t, a, b);
  close_block(t);
}

/* --------------------------------------------------------------- headings */

/* A line with its decoration taken off: "## X", "== X ==", "*** X ***",
 * "[ X ]", "**X**", and a trailing colon. */
typedef struct core {
  size_t s, e;
  int hashes; /* "#" count of a Markdown-ish heading, else 0 */
  int deco;   /* 1 framed as a heading, 2 bold only, else 0 */
  bool colon;
  size_t colon_e; /* end of the text with its colon */
} core;

/* The text of line l without its decoration (see core). */
static core line_core(const tx *t, const tline *l) {
  const char *v = t->v;
  core c = {l->cs, l->ce, 0, 0, false, l->ce};
  size_t s = c.s, e = c.e;
  if (v[s] == '#') {
    size_t k = s;
    while (k < e && v[k] == '#') k++;
    size_t h = k - s;
    size_t x = k;
    while (x < e && (v[x] == ' ' || v[x] == '\t')) x++;
    if (h <= 6 && x < e && !is_digit((unsigned char)v[x])) {
      size_t y = e;
      while (y > x && v[y - 1] == '#') y--;
      while (y > x && (v[y - 1] == ' ' || v[y - 1] == '\t')) y--;
      if (y > x) {
        c.s = x;
        c.e = y;
        c.hashes = (int)h;
      }
    }
  } else if (e - s >= 5 && in_set("=*~-_+", v[s]) && v[s + 1] == v[s] && v[e - 1] == v[s] &&
             v[e - 2] == v[s]) {
    char ch = v[s];
    size_t x = s, y = e;
    while (x < y && v[x] == ch) x++;
    while (y > x && v[y - 1] == ch) y--;
    size_t left = x - s, right = e - y;
    while (x < y && (v[x] == ' ' || v[x] == '\t')) x++;
    while (y > x && (v[y - 1] == ' ' || v[y - 1] == '\t')) y--;
    if (y > x) {
      c.s = x;
      c.e = y;
      c.deco = ((ch == '*' || ch == '_') && left == 2 && right == 2) ? 2 : 1;
    }
  } else if (v[s] == '[' && v[e - 1] == ']' && e - s >= 3) {
    size_t x = s + 1, y = e - 1;
    while (x < y && v[x] == ' ') x++;
    while (y > x && v[y - 1] == ' ') y--;
    bool digits = true;
    for (size_t i = x; i < y; i++) digits &= is_digit((unsigned char)v[i]);
    if (y > x && !digits && !memchr(v + x, '[', y - x) && !memchr(v + x, ']', y - x)) {
      c.s = x;
      c.e = y;
      c.deco = 1;
    }
  }
  /* a trailing leftover such as "{-2pt}" */
  if (c.e > c.s && v[c.e - 1] == '}') {
    const char *open = memchr(v + c.s, '{', c.e - c.s);
    while (open) {
      const char *nx = memchr(open + 1, '{', (size_t)(v + c.e - open - 1));
      if (!nx) break;
      open = nx;
    }
    if (open && junk_len(open, (size_t)(v + c.e - open)) == (size_t)(v + c.e - open)) {
      c.e = (size_t)(open - v);
      while (c.e > c.s && (v[c.e - 1] == ' ' || v[c.e - 1] == '\t')) c.e--;
    }
  }
  /* trailing ':' (or full-width '：') */
  c.colon_e = c.e;
  if (c.e > c.s && v[c.e - 1] == ':') {
    c.e--;
    c.colon = true;
  } else if (c.e - c.s > 3 && memcmp(v + c.e - 3, "\xEF\xBC\x9A", 3) == 0) {
    c.e -= 3;
    c.colon = true;
  }
  while (c.e > c.s && (v[c.e - 1] == ' ' || v[c.e - 1] == '\t')) c.e--;
  return c;
}

/* Counts cased letters of s[0,n): *upper and *lower. */
static void count_case(const char *s, size_t n, int *upper, int *lower) {
  *upper = *lower = 0;
  const uint64_t high = UINT64_C(0x8080808080808080), ones = UINT64_C(0x0101010101010101);
  for (size_t i = 0; i < n;) {
    if (n - i >= 8) { /* eight ASCII bytes at a time */
      uint64_t x;
      memcpy(&x, s + i, 8);
      if (!(x & high)) { /* no carries: each byte is below 0x80 */
        uint64_t up = (x + (0x80 - 'A') * ones) & ~(x + (0x80 - 'Z' - 1) * ones) & high;
        uint64_t lo = (x + (0x80 - 'a') * ones) & ~(x + (0x80 - 'z' - 1) * ones) & high;
        *upper += (int)((((up >> 7) * ones) >> 56));
        *lower += (int)((((lo >> 7) * ones) >> 56));
        i += 8;
        continue;
      }
    }
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) { /* as letter_case(decode()) would say */
      *upper += c >= 'A' && c <= 'Z';
      *lower += c >= 'a' && c <= 'z';
      i++;
      continue;
    }
    size_t len;
    int lc = letter_case(decode(s + i, n - i, &len));
    if (lc == 1) (*upper)++;
    if (lc == -1) (*lower)++;
    i += len;
  }
}

/* Every significant word starts with a capital ("University of Leeds"). */
static bool title_case(const char *s, size_t n) {
  static const char *const small[] = {"of",  "and", "in",   "the", "for", "at", "to", "a",
                                      "an",  "on",  "with", "de",  "du",  "la", "le", "von",
                                      "van", "der", "und",  "y",   "e",   "&",  NULL};
  size_t i = 0;
  int idx = 0;
  while (i < n) {
    while (i < n && s[i] == ' ') i++;
    if (i >= n) break;
    size_t j = i;
    while (j < n && s[j] != ' ') j++;
    bool is_small = false;
    for (int k = 0; small[k]; k++)
      if (j - i <= 4 && strncmp(s + i, small[k], j - i) == 0 && small[k][j - i] == '\0') is_small = true;
    if (!is_small || idx == 0) {
      size_t len;
      size_t p = i;
      while (p < j && !is_ascii_alpha((unsigned char)s[p]) && (unsigned char)s[p] < 0x80) p++;
      if (p < j && letter_case(decode(s + p, j - p, &len)) == -1) return false;
      if (idx == 0 && p >= j) return false;
    }
    idx++;
    i = j;
  }
  return idx > 0;
}

/* Whether a line holds what an entry's header holds: a degree, a firm's
 * or a school's name, a role. */
static bool head_facts(const char *s, size_t n) {
  const char *st;
  size_t a, z;
  return cvx_degree_find(s, n, &st, &a, &z) || cvx_org_score(s, n) > 0 || cvx_role_score(s, n) > 0;
}

/* What the lines after l look like, for headings that need content below. */
typedef struct below {
  bool content;      /* a non-blank, non-rule line follows (maybe after blanks) */
  bool direct;       /* the very next line is not blank */
  bool direct_cont;  /* … and continues an entry: a dash line or a date line */
  bool direct_short; /* … or is one or two plain words: a one-per-line list */
  bool entries;      /* the next content, direct or not, opens with a date or a list marker */
  bool listed;       /* … with two list items, one right under the other (not dates: "- 1995") */
  bool dated;        /* the next content line holds a date */
  bool para_dated;   /* … or another of its paragraph's first three lines does */
  bool date_para;    /* … opens a paragraph of at most three lines whose last is a date alone */
  bool entry_para;   /* … of two or three such lines: a whole entry's head ("MA" / "School" / "2019") */
  bool dashed;       /* … or a spaced dash: "Initech - Leeds", "Initech -" */
  bool award_dated;  /* … opens a paragraph of at most three lines with a date after an award's label ("Awarded 2014") */
  bool stop;         /* … ends a sentence ("I build kites in 2019."): a heading stands over entries, not prose */
} below;

/* Whether line l is a date after an award's label, alone on it
 * ("Awarded 2014", "Issued: Jan 2016", "Received in 2019"). */
static bool award_date_line(const tx *t, const tline *l) {
  static const char *const labels[] = {"awarded", "issued", "received", "granted", "conferred", NULL};
  const char *s = t->v + l->cs;
  size_t n = l->ce - l->cs;
  for (int k = 0; labels[k]; k++) {
    size_t m = strlen(labels[k]);
    if (n <= m + 1 || strncasecmp(s, labels[k], m) != 0 || (s[m] != ' ' && s[m] != ':')) continue;
    size_t a = l->cs + m;
    while (a < l->ce && (t->v[a] == ' ' || t->v[a] == ':')) a++;
    if (a + 3 <= l->ce && strncasecmp(t->v + a, "on ", 3) == 0) a += 3;
    else if (a + 3 <= l->ce && strncasecmp(t->v + a, "in ", 3) == 0) a += 3;
    return line_date(t, a, l->ce).alone;
  }
  return false;
}

/* Looks past blank lines to the next content after l; linear overall, as the
 * blank lines it skips lie before the next line that can ask again. */
static below look_below(const tx *t, const tline *l) {
  below r = {0};
  tline x;
  size_t pos = l->next;
  bool first = true;
  while (read_line(t, pos, &x)) {
    if (!x.blank) {
      if (is_rule(t, &x)) return r;
      r.content = true;
      marker mk;
      ldate d = line_date(t, x.cs, x.ce);
      bool has_mk = find_marker(t, &x, &mk);
      r.dated = d.dated;
      r.entries = d.starts || has_mk;
      if (has_mk && !d.alone) {
        tline z;
        marker mz;
        r.listed = read_line(t, x.next, &z) && !z.blank && find_marker(t, &z, &mz) &&
                   !line_date(t, z.cs, z.ce).alone;
      }
      /* a paragraph of at most three lines ending in a date alone */
      tline y = x;
      ldate yd = d;
      r.award_dated = award_date_line(t, &x);
      for (int k = 0; k < 3 && !has_mk; k++) {
        tline z;
        if (!read_line(t, y.next, &z) || z.blank) {
          r.date_para = yd.alone;
          r.entry_para = yd.alone && k > 0;
          break;
        }
        y = z;
        yd = line_date(t, y.cs, y.ce);
        r.para_dated |= yd.dated;
        r.award_dated |= award_date_line(t, &y);
      }
      r.para_dated |= d.dated;
      r.stop = x.ce > x.cs && t->v[x.ce - 1] == '.';
      for (size_t i = x.cs; i + 1 < x.ce && !r.dashed; i++)
        r.dashed = t->v[i] == ' ' && t->v[i + 1] == '-' && (i + 2 == x.ce || t->v[i + 2] == ' ');
      if (first) {
        r.direct = true;
        const unsigned char *u = (const unsigned char *)t->v + x.cs;
        size_t n = x.ce - x.cs;
        if (n >= 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x93 || u[2] == 0x94)) r.direct_cont = true;
        if (d.starts) r.direct_cont = true;
        if (!d.dated && !has_mk && n <= SHORT_LINE && real_words(t->v + x.cs, n) <= 2) r.direct_short = true;
      }
      return r;
    }
    first = false;
    pos = x.next;
  }
  return r;
}

/* The first line under l that is not blank, into *x; false at the end of
 * the text. */
static bool line_below(const tx *t, const tline *l, tline *x) {
  for (size_t pos = l->next; read_line(t, pos, x); pos = x->next)
    if (!x->blank) return true;
  return false;
}

/* Where line l's text starts: after its list marker, if it has one. */
static size_t text_start(const tx *t, const tline *l) {
  marker mk;
  return l->ce > l->cs && find_marker(t, l, &mk) ? mk.ts : l->cs;
}

/* Does s[0,n) name a known section and nothing else ("Education",
 * "WORK EXPERIENCE"): the next section's heading? */
static bool section_name(const char *s, size_t n) {
  return n && n <= SHORT_LINE && cvx_section_pure(s, n) && cvx_section_classify(s, n) != CVX_REC_SECTION;
}

/* Whether one of the next three lines under l, read across blank lines,
 * holds a date, each line before it a few words that end no sentence: an
 * entry's head set a field a paragraph ("Initech" / "Leeds" / "2016 –
 * 2020"), as a page copied from a browser sets it. */
static bool spaced_dated(const tx *t, const tline *l) {
  tline x = *l;
  for (int k = 0; k < 3; k++) {
    do {
      if (!read_line(t, x.next, &x)) return false;
    } while (x.blank);
    marker mk;
    if (is_rule(t, &x) || find_marker(t, &x, &mk)) return false;
    if (line_date(t, x.cs, x.ce).dated) return true;
    const char *s = t->v + x.cs;
    size_t n = x.ce - x.cs;
    if (n > SHORT_LINE || real_words(s, n) > 8 || s[n - 1] == '.' || section_name(s, n)) return false;
  }
  return false;
}

/* Does s[0,n) name a spoken language and at most its level ("English —
 * native", "German (C1)", "Polish: basic")? */
static bool spoken_line(const char *s, size_t n) {
  if (count_words(s, n) > 6) return false;
  size_t cut = n;
  for (size_t j = 0; j < n && cut == n; j++)
    if (s[j] == '(' || s[j] == ':' || s[j] == ',' || s[j] == '\t' ||
        (s[j] == ' ' && j + 1 < n && (s[j + 1] == '-' || (unsigned char)s[j + 1] == 0xE2)))
      cut = j;
  while (cut && s[cut - 1] == ' ') cut--;
  return cut && cvx_language_known(s, cut);
}

/* Is s[0,n) a list of names and nothing else ("Python, SQL, Scala,
 * Airflow", "Data: Airflow, dbt, Spark")? Four items or more parted by
 * commas or semicolons (two or more after a short label), three words at
 * most each, no date, no role, no place: not an entry's head ("Senior Data
 * Engineer, Pellham Analytics, Leeds, UK"). */
static bool names_list_line(const tx *t, const char *s, size_t n) {
  size_t from = 0;
  const char *colon = memchr(s, ':', n);
  if (colon && count_words(s, (size_t)(colon - s)) <= 3) from = (size_t)(colon - s) + 1;
  int items = 0;
  for (size_t i = from, a = from; i <= n; i++) {
    if (i < n && s[i] != ',' && s[i] != ';') continue;
    int w = count_words(s + a, i - a);
    if (w == 0 || w > 3) return false;
    items++;
    a = i + 1;
  }
  size_t pa, pz;
  return items >= (from ? 2 : 4) && !line_date(t, (size_t)(s - t->v), (size_t)(s - t->v) + n).dated &&
         !cvx_role_piece(s, n) && !cvx_location_find(s, n, &pa, &pz);
}

/* Does s[0,n), the core of line l, name a degree, or (when look) the first
 * line under it, after blank lines, a degree or a school? */
static bool degree_or_school_below(const tx *t, const tline *l, const char *s, size_t n, bool look) {
  const char *st;
  size_t a, z;
  if (cvx_degree_find(s, n, &st, &a, &z)) return true;
  if (!look) return false;
  tline x;
  if (!line_below(t, l, &x) || x.ce <= x.cs) return false;
  const char *xs = t->v + x.cs;
  size_t xn = x.ce - x.cs;
  return !section_name(xs, xn) && (cvx_school_named(xs, xn) || cvx_degree_find(xs, xn, &st, &a, &z));
}

/* Does the first line under l, after blank lines, read as an entry of
 * another kind than the open section's: a degree under jobs? */
static bool kind_shift(const tx *t, const tline *l) {
  cvx_rec_kind k = t->sec_kind;
  /* a section whose heading named no kind is of the kind its heads hold */
  if (k == CVX_REC_SECTION && t->sec_roles > t->sec_degrees) k = CVX_REC_WORK;
  tline x; /* the first line below, after blank lines */
  if (!line_below(t, l, &x)) return false;
  size_t at = text_start(t, &x);
  /* references under a section of another kind ("Writing" / "Roe, J.
   * (2020). Title. Venue." after awards) */
  if (k != CVX_REC_PUBLICATION && k != CVX_REC_SECTION && at < x.ce && cvx_citation_line(t->v + at, x.ce - at))
    return true;
  /* spoken languages, a line each, under a section of another kind
   * ("Tongues" / "English — native" after jobs) */
  if (k != CVX_REC_LANGUAGE && k != CVX_REC_SECTION && at < x.ce && spoken_line(t->v + at, x.ce - at)) return true;
  /* a list of names under a section of jobs ("Tech I Know" / "Python,
   * SQL, Scala, Airflow" after jobs; under degrees, it is their courses) */
  if ((k == CVX_REC_WORK || k == CVX_REC_VOLUNTEER) && at < x.ce && names_list_line(t, t->v + at, x.ce - at))
    return true;
  /* …or written a name a line, three lines or more in a row, none naming a
   * role, a firm, a place or a date ("Python" / "SQL" / "Airflow"; not
   * "Initech" / "Engineer" / "2019 – 2021") */
  if (k == CVX_REC_WORK || k == CVX_REC_VOLUNTEER) {
    tline y = x;
    int names = 0;
    for (bool more = true; more && names < 3 && !y.blank && y.ce > y.cs; names++) {
      size_t ya = text_start(t, &y), pa, pz;
      const char *ys = t->v + ya;
      size_t yn = y.ce > ya ? y.ce - ya : 0;
      if (!yn || count_words(ys, yn) > 3 || ys[yn - 1] == '.' || line_date(t, ya, y.ce).dated ||
          cvx_role_score(ys, yn) > 0 || cvx_org_score(ys, yn) > 0 || cvx_location_find(ys, yn, &pa, &pz) ||
          section_name(ys, yn))
        break;
      more = read_line(t, y.next, &y);
    }
    if (names >= 3) return true;
  }
  /* things made, each named and told what it is, two in a row, under a
   * section of another kind ("Things I Built" / "tidewatch - a tool that
   * …" / "shelfscan - an app that …" after jobs; one alone is an
   * employer's line: "Initech - a firm that builds …") */
  if (k != CVX_REC_PROJECT && k != CVX_REC_SECTION && at < x.ce && cvx_defines_thing(t->v + at, x.ce - at)) {
    tline y;
    size_t yat;
    if (line_below(t, &x, &y) && (yat = text_start(t, &y)) < y.ce && cvx_defines_thing(t->v + yat, y.ce - yat))
      return true;
  }
  /* (not the other way: a title's word is in many a certificate's or a
   * course's name, "Instructor Certification") */
  if (k != CVX_REC_WORK && k != CVX_REC_VOLUNTEER) return false;
  /* the first two lines below: a degree that leads its line, or one with
   * a school named beside it or above it ("Initech, BA" is a firm in a
   * town); four when the lines are set a paragraph each, short and
   * ending no sentence ("University of Hull" / "2012 – 2015" / "Hull" /
   * "BSc Mathematics") */
  bool school_above = false, spaced = false;
  for (int k2 = 0; k2 < (spaced ? 4 : 2) && !x.blank && x.ce > x.cs; k2++) {
    const char *s = t->v + x.cs, *st;
    size_t n = x.ce - x.cs, a, b;
    if (section_name(s, n)) return false; /* (not past the next section's heading) */
    bool school = cvx_school_named(s, n);
    if (cvx_degree_find(s, n, &st, &a, &b) && (a == 0 || school || school_above)) return true;
    school_above |= school;
    if (!read_line(t, x.next, &x)) break;
    if (x.blank && n <= SHORT_LINE && real_words(s, n) <= 8 && s[n - 1] != '.') {
      /* (a line alone: the next paragraph's line goes on with the entry) */
      spaced = true;
      while (x.blank && read_line(t, x.next, &x)) {
      }
    }
  }
  return false;
}

/* Does the open block hold a letter or a digit (not only a bullet left
 * alone, "•")? */
static bool open_words(const tx *t) {
  for (size_t i = 0, len; i < t->text.len; i += len) {
    unsigned char c = (unsigned char)t->text.ptr[i];
    if (is_digit(c) || letter_case(decode(t->text.ptr + i, t->text.len - i, &len)) != 0) return true;
  }
  return false;
}

/* Kinds whose entries are a title and its date, with no description
 * between them. */
static bool dated_by_itself(cvx_rec_kind k) {
  return k == CVX_REC_AWARD || k == CVX_REC_CERTIFICATE || k == CVX_REC_PUBLICATION;
}

/* Is the open section one of entries with a head (jobs, degrees, awards,
 * certificates, papers; not of skills, nor of projects, whose word
 * "Software" heads lists of skills as often)? */
static bool entry_section(const tx *t) {
  switch (t->sec_kind) {
  case CVX_REC_WORK: case CVX_REC_VOLUNTEER: case CVX_REC_EDUCATION: case CVX_REC_AWARD:
  case CVX_REC_CERTIFICATE: case CVX_REC_PUBLICATION: return true;
  default: return false;
  }
}

/* Is the open section one of one-item entries (skills, interests, spoken
 * languages)? */
static bool list_section(const tx *t) {
  /* (a heading whose words name projects right after a section of skills,
   * "Programming" / … / "Software" / "OpenFOAM" / "QGIS", may name one more
   * group of them, as the interpreter reads it when its content votes so:
   * its lone lines are read alike) */
  return t->sec_kind == CVX_REC_SKILL || t->sec_kind == CVX_REC_INTEREST || t->sec_kind == CVX_REC_LANGUAGE ||
         (t->sec_kind == CVX_REC_PROJECT && t->after_skills);
}

/* Is line l the first of a run of four or more lines that each stand
 * alone between blank lines, a few words with no date, bullet, colon or
 * sentence end ("Python" / "SQL" / "Power BI" / "Azure")? In a section
 * of skills, interests or languages such a run is its list written one item
 * a paragraph: one line of it does not title the next, they all have the
 * same shape. (Elsewhere it may be entries of two lines: "University" /
 * "BSc in Physics".) */
static bool lone_run(const tx *t, const tline *l) {
  tline x = *l;
  int need = t->lone && t->prev_blank ? 2 : 4; /* the line before stood alone too: two more make the run */
  for (int run = 0;; run++) {
    if (run >= need) return true;
    if (x.ce - x.cs > SHORT_LINE || real_words(t->v + x.cs, x.ce - x.cs) > 5 || is_rule(t, &x)) return false;
    char last = t->v[x.ce - 1];
    marker mk;
    if (last == '.' || memchr(t->v + x.cs, ':', x.ce - x.cs) || find_marker(t, &x, &mk) ||
        line_date(t, x.cs, x.ce).dated)
      return false;
    tline z;
    if (!read_line(t, x.next, &z)) return run + 1 >= need;
    if (!z.blank) return false; /* the line runs on: a paragraph */
    do {
      if (!read_line(t, z.next, &z)) return run + 1 >= need;
    } while (z.blank);
    x = z;
  }
}

/* True when the three lines right under l are a list written a line each:
 * short, no blank line between, with no marker, date, colon or full stop
 * ("Complex Wound Care" / "Phlebotomy" / "Patient Education"). */
static bool tight_list_below(const tx *t, const tline *l) {
  tline x = *l;
  for (int k = 0; k < 3; k++) {
    marker mk;
    if (!read_line(t, x.next, &x) || x.blank || x.indent > 0 || x.ce - x.cs > SHORT_LINE ||
        real_words(t->v + x.cs, x.ce - x.cs) > 6 || is_rule(t, &x) || t->v[x.ce - 1] == '.' ||
        memchr(t->v + x.cs, ':', x.ce - x.cs) || find_marker(t, &x, &mk) || line_date(t, x.cs, x.ce).dated)
      return false;
  }
  return true;
}

/* The header field a line names: 1 a degree, 2 a firm or a school, 3 a
 * title; 0 none the grammars know. */
static int slot_of(const char *s, size_t n) {
  const char *st;
  size_t a, z;
  if (cvx_degree_find(s, n, &st, &a, &z)) return 1;
  int org = cvx_org_score(s, n), role = cvx_role_score(s, n);
  return org > 0 && org >= role ? 2 : role > 0 ? 3 : 0;
}

/* True when line l, after a blank line, can be the title of the next entry
 * where entries go by sub-headings: the section started that way (or holds
 * no entry yet), something follows, not run on from l, and the last
 * sub-heading already has a line under it (one title does not follow
 * another: "HSC" / "Birch Grove College" / "2013"). */
static bool next_entry_title(const tx *t, const tline *l) {
  if (!t->prev_blank || !(t->subheads || !t->head) || (t->subheads && !t->head)) return false;
  /* the entries' titles name one field: under "University of Hull" and
   * its dates, "BSc Mathematics" is more of that entry (each field a
   * paragraph, as a page copied from a browser sets them) */
  int slot = slot_of(t->v + l->cs, l->ce - l->cs);
  if (slot && t->title_slot > 0 && slot != t->title_slot) return false;
  below bl = look_below(t, l);
  if (!bl.content || bl.direct_cont || bl.direct_short) return false;
  /* in a section of one-item entries, a run of lone lines is its list */
  return !(list_section(t) && lone_run(t, l));
}

/* Does s open with an English article as a word of its own ("A", "An",
 * "The")? */
static bool opens_with_article(const char *s, size_t n) {
  static const char *const articles[] = {"a ", "an ", "the "};
  for (size_t i = 0; i < sizeof articles / sizeof articles[0]; i++) {
    size_t k = strlen(articles[i]);
    if (n > k && strncasecmp(s, articles[i], k) == 0) return true;
  }
  return false;
}

/* The heading level of line l (0: not a heading). c gets the heading text;
 * *sub is set for a sub-heading, one level below the section's heading. */
static int heading_level(tx *t, const tline *l, bool underlined, core *c, bool *sub) {
  *sub = false;
  *c = line_core(t, l);
  if (c->e <= c->s || l->ce - l->cs > SHORT_LINE) return 0;
  const char *s = t->v + c->s;
  size_t n = c->e - c->s;
  marker mk;
  if (!c->hashes && !c->deco && find_marker(t, l, &mk)) return 0; /* a bullet is content */
  if (is_paste_noise(s, n)) return 0;
  int words = count_words(s, n);
  bool period = s[n - 1] == '.' || s[n - 1] == '!' || s[n - 1] == '?';
  /* a line left hanging on a dash ("Initech -", "Initech - Leeds -") runs
   * on into the entry's next line: an employer or a school, never a heading */
  bool hanging = n >= 2 && s[n - 1] == '-' && (s[n - 2] == ' ' || s[n - 2] == '\t');
  bool entry = line_date(t, c->s, c->e).dated || has_contact(s, n) || period || hanging;
  bool gap = has_gap(t, c->s, c->e);
  bool lead_in = cvx_ends_open(s, n);
  /* "Languages: English, French" is a labelled value, not a heading */
  if (!c->hashes && !c->deco && label_value(s, n)) return 0;
  /* …and so is "EMPLOYMENT SPAN:" left empty, in capitals as the label
   * right above it, in the run of such lines it belongs to ("Key
   * features:" under "Description: …" labels what follows) */
  if (c->colon && !c->hashes && !c->deco && t->b.open && !t->prev_blank && t->b.last_label_caps) {
    int up, lo;
    count_case(s, n, &up, &lo);
    if (up >= 2 && lo == 0) return 0;
  }
  bool pipes = has_byte(s, n, '|');
  int upper, lower;
  count_case(s, n, &upper, &lower);
  bool caps = upper >= 2 && lower == 0;
  bool loud = caps || c->colon || c->deco || underlined || c->hashes;
  /* inside a paragraph or an item a quiet line is a heading only when it
   * cannot be the rest of a sentence or of an entry ("in Example Review"
   * under a title) */
  size_t len0;
  bool lower_start = letter_case(decode(s, n, &len0)) == -1;
  bool may_break = !t->b.open || loud || (!t->b.last_wraps && !lower_start);
  cvx_rec_kind kind =
      (n >= 2 && words <= 6 && !entry && !gap && !lead_in && !pipes && (may_break || t->first_pending))
          ? cvx_section_classify(s, n)
          : CVX_REC_SECTION;
  bool section = kind != CVX_REC_SECTION;
  /* so is "Ashby Works Council" running on under an entry's lines: a quiet
   * line right under a paragraph is a heading only in the word lists' words
   * (under a list, "Extra Courses" opens the next section) */
  bool running = t->b.open && t->b.kind != CVX_BLK_HEADING && open_words(t); /* it runs on under text */
  if (section && !loud && running && t->b.kind == CVX_BLK_PARA && !t->first_pending && !cvx_section_pure(s, n))
    section = false;
  /* in a section that holds something, after a lone line of it, a quiet
   * line that names a section by one word among others ("Stanford Online" /
   * "Natural Language Processing" under Education) is a line of the entry */
  if (section && !loud && !t->top && t->sec_content && t->lone && entry_section(t) &&
      !cvx_section_pure(s, n))
    section = false;
  /* …and so is a line of a list of skills or interests written a line each
   * ("ecology:" / "statistics:" / "teaching:") when a heading that names a
   * section and nothing else comes right after it: a heading holds
   * something */
  if (section && !t->top && (t->sec_content || t->subheads) && list_section(t) && !c->hashes && !underlined &&
      !c->deco && !caps) {
    tline x;
    if (line_below(t, l, &x)) {
      core xc = line_core(t, &x);
      size_t xn = xc.e > xc.s ? xc.e - xc.s : 0;
      if (section_name(t->v + xc.s, xn)) section = false;
    }
  }
  /* …and so is a quiet line that opens with an article and names a section
   * among words no list has ("An introduction to Cryptography with
   * PyCrypto", "The history of tidal mills"): a title or a phrase; a
   * heading names its section without one */
  if (section && !loud && !cvx_section_pure(s, n) && opens_with_article(s, n)) section = false;
  /* …and so is one right under a line of dates alone in a section of
   * papers, awards or certificates ("01/2018" / "Monthly Weather Review",
   * the venue under its paper's date): the entry goes on */
  if (section && !loud && !t->top && t->sec_content && t->after_date && dated_by_itself(t->sec_kind) &&
      !cvx_section_pure(s, n))
    section = false;
  /* …and so is one indented under a block nested in an item ("  • 2012" /
   * "    Stanford Online" / "    Natural Language Processing") */
  if (section && !loud && !t->top && t->nested && l->indent >= 2 && !cvx_section_pure(s, n)) section = false;
  /* …and so is a line loud by its colon alone right under a dated head
   * with nothing under it yet ("2015 to 2017" / "Teaching assistance:"):
   * the entry's title, as "Visiting student:" was under the head before */
  if (section && c->colon && !caps && !c->deco && !underlined && !c->hashes && !t->top && t->head_open &&
      entry_section(t) && !cvx_section_pure(s, n))
    section = false;
  /* …and so is one in a run of short lines set as an entry's description
   * ("Thermodynamics" / "Statistical Mechanics" / "Statistical Physics
   * (Honours)"): the line above was one, with no sentence end */
  if (section && !loud && !t->top && t->b.described && t->b.nlines == 1 && t->b.first_words <= 6 &&
      !t->b.last_punct && !cvx_section_pure(s, n))
    section = false;
  /* …and so is any line but a marked heading right under a line of dates
   * alone where the section's entries open so ("02/2014 - 04/2014" /
   * "online education" / "Tutor"): that entry holds nothing yet */
  if (section && t->date_open && !t->top && !c->hashes && !underlined && !c->deco) section = false;
  /* …and so is a quiet line that names a degree in a section of degrees or
   * of a kind not known yet, or, in a section of degrees, stands over a
   * school or a degree ("MSc Information Technologies"; "Blockchain
   * Technologies" / "Kestrel University"): a field or a course whose words
   * end in a section's, and the section's entries go on */
  if (section && !loud && !t->top && !cvx_section_pure(s, n) &&
      (t->sec_kind == CVX_REC_EDUCATION || t->sec_kind == CVX_REC_SECTION) &&
      degree_or_school_below(t, l, s, n, t->sec_kind == CVX_REC_EDUCATION))
    section = false;
  /* "Kite Works, Leeds" is an entry; only a loud line keeps its comma */
  if (section && !loud && (has_byte(s, n, ',') || has_byte(s, n, ';'))) section = false;
  /* …and so does a middle dot between words ("Lumora · онлайн
   * образование": an employer and what it does) */
  for (size_t i = 1; section && !loud && i + 2 < n; i++)
    if (s[i - 1] == ' ' && (unsigned char)s[i] == 0xC2 && (unsigned char)s[i + 1] == 0xB7 && s[i + 2] == ' ')
      section = false;
  /* "VP Software Delivery" is a job, not the Software section */
  if (section && !loud && job_title(s, n)) section = false;
  /* and under a job, "Kestrel Technologies" (a name ending in an
   * organisation's word) is an employer, not the Technologies section */
  if (section && !loud && kind == CVX_REC_SKILL && words >= 2 &&
      (t->sec_kind == CVX_REC_WORK || t->sec_kind == CVX_REC_VOLUNTEER) && cvx_org_score(s, n) >= 2)
    section = false;
  /* so is a line with a role word right under a dated line of an entry
   * ("2019 – 2021" / "Analista de Sistemas Sênior"): the entry goes on */
  if (section && !loud && !t->prev_blank && t->b.open && t->b.dated && cvx_role_score(s, n) > 0) section = false;
  /* …or under the line that tells what its employer does, set deeper
   * ("11/2020 - 03/2026" / "Leader in roofing sheets" / "Senior Projects
   * Engineer") */
  if (section && !loud && t->head && t->head_dated && t->b.described && cvx_role_score(s, n) > 0) section = false;
  /* in a known section whose entries go by sub-headings, a quiet line that
   * ends in a word in no word list ("Software Engineering" after
   * "Development" over lists under Skills, a course named with a section
   * word) is one more sub-heading, not a section */
  if (section && !loud && !t->top && t->subheads && t->sec_kind != CVX_REC_SECTION &&
      cvx_section_tail_unknown(s, n))
    section = false;
  /* …and so is one whose words name another section among others
   * ("Unified Model Training" under Certificates) right over a date line
   * after a blank one, as the titles before stood over theirs */
  if (section && !loud && !t->top && t->subheads && t->sec_kind != CVX_REC_SECTION && kind != t->sec_kind &&
      t->prev_blank && !cvx_section_pure(s, n)) {
    below bl = look_below(t, l);
    if (bl.dated && !bl.direct) {
      *sub = true;
      return t->sec_level < 6 ? t->sec_level + 1 : 6;
    }
  }
  /* the first quiet line under a skills heading, over a list, is a group of
   * it even when it names another kind ("Skills" / "Software" / "• Vim"):
   * a section does not end before it holds anything */
  if (section && !loud && !t->top && t->sec_kind == CVX_REC_SKILL && kind != CVX_REC_SKILL && !t->sec_content) {
    below bl = look_below(t, l);
    if (bl.entries && !bl.dated) {
      *sub = true;
      return t->sec_level < 6 ? t->sec_level + 1 : 6;
    }
  }
  /* and so is the first quiet line under a heading of dated entries, over a
   * date or an "Employer - City" line: the first entry's title, whatever
   * kind its words name ("Work Experience" / "Software" / "Initech -",
   * "Education" / "MA in Area Studies" / "2019"); under a heading in no
   * word list, so is one that names a kind among other words over a date
   * ("Jobs I've Held" / "Brindle Technologies" / "03/2020 - Present"; not
   * "Software Testing Projects" / "Initech -") */
  if (section && !loud && !t->top && !t->sec_content &&
      (t->sec_kind == CVX_REC_WORK || t->sec_kind == CVX_REC_EDUCATION || t->sec_kind == CVX_REC_VOLUNTEER ||
       (t->sec_kind == CVX_REC_SECTION && !cvx_section_pure(s, n)))) {
    below bl = look_below(t, l);
    /* (or over lines right under it one of which, in its first three, is
     * dated: "Brindle Technologies" / "4 yrs 10 mos" / "Senior Data
     * Engineer" / "Mar 2020 - Present") */
    if (bl.dated || (bl.direct && bl.para_dated) || (bl.dashed && t->sec_kind != CVX_REC_SECTION)) {
      *sub = true;
      return t->sec_level < 6 ? t->sec_level + 1 : 6;
    }
  }
  /* "Achievements:" inside a dated job, or right under an entry's lines, labels
   * its bullets */
  if (section && (t->sec_dated || (t->b.open && !t->prev_blank)) && !caps && !underlined && !c->hashes &&
      c->deco != 1 && cvx_entry_part_label(s, n))
    return 0;

  if (t->first_pending) {
    /* "Jane Roe - Résumé" is the person; "Curriculum Vitae" alone is a title */
    if (!section || cvx_is_person_name(s, n)) return 0;
    return (kind != CVX_REC_BASICS || words <= 2) ? 1 : 0;
  }
  if (c->hashes) {
    if (has_contact(s, n)) return 0;
    return c->hashes;
  }
  if (c->deco == 1) return (entry || words > 8) ? 0 : 1;
  /* a phrase set in bold alone on its line after a blank line ("**What I
   * Studied**") titles a section, as its words say (a firm's, a school's
   * or a product's name seldom has a pronoun or a question word) */
  if (c->deco == 2 && !c->colon && !entry && words <= 6 && t->prev_blank && !has_digit(s, n) && title_case(s, n) &&
      cvx_heading_phrase(s, n))
    return 1;
  /* a quiet line that names a kind among words no list holds ("Harrowgate
   * Education Trust"), over dates, in a section of a kind not known yet
   * whose entries so far are jobs, is the next job's employer when no entry
   * of another kind follows; a phrase someone wrote ("My Education
   * Journey") stays a heading */
  if (section && !loud && !t->top && t->prev_blank && t->sec_kind == CVX_REC_SECTION && t->sec_content &&
      t->sec_roles > t->sec_degrees && !cvx_section_pure(s, n) && !cvx_heading_phrase(s, n)) {
    below bl = look_below(t, l);
    if ((bl.dated || spaced_dated(t, l)) && !kind_shift(t, l)) {
      *sub = true;
      return t->sec_level < 6 ? t->sec_level + 1 : 6;
    }
  }
  /* a quiet line naming a kind, right after a section's entries, over
   * entries of another kind than that section's is a section of its own
   * ("Printed Work" over references after jobs) */
  if (section && !loud && !t->top && t->prev_blank && t->sec_content && kind_shift(t, l)) {
    t->quiet_heads++;
    return 1;
  }
  /* a quiet line naming the kind of the section it sits in ("Development
   * Tools" under "Skills") names a group or an entry of it once the section
   * holds something (the paragraph still open counts): a section does not
   * open again inside itself (a heading written twice in a row stays a
   * heading); so does one that names it among other words, at once ("Best
   * Presentation Award" under "Awards"), or it is a line of the entry when
   * it runs on in an open paragraph ("2017" / "Best Paper Award") */
  bool names_more = section && !loud && !t->top && t->sec_kind != CVX_REC_SECTION &&
                    cvx_section_names_more(s, n, t->sec_kind);
  if (names_more && running) return 0;
  if (names_more || (section && !loud && !t->top && kind == t->sec_kind && (t->sec_content || running))) {
    *sub = true;
    return t->sec_level < 6 ? t->sec_level + 1 : 6;
  }
  if (section) {
    if (!loud && l->indent == 0) t->quiet_heads++;
    if (caps) t->caps_heads++;
    return 1;
  }
  if (entry || gap || lead_in || has_byte(s, n, ',') || has_byte(s, n, ';') || has_byte(s, n, '|')) return 0;
  if (underlined && words <= 8 && t->boundary &&
      ((unsigned char)s[0] >= 0x80 || is_digit((unsigned char)s[0]) || is_ascii_alpha((unsigned char)s[0])))
    return 1;
  /* after a blank line, or right after a sentence ends when the page has
   * set a section heading in capitals before (a page with no blank lines) */
  if (caps && words <= 6 &&
      (t->boundary || (t->caps_heads && t->b.open && t->b.last_punct) ||
       (t->caps_lines >= 3 && words >= 2 && (t->b.open || !t->prev_blank) && !t->b.last_wraps && !has_digit(s, n) &&
        t->quiet_heads <= t->caps_heads))) { /* (not where the page's headings so far are quiet) */
    if (cvx_org_score(s, n) > 0 || job_title(s, n)) return 0; /* "IBM", "CTO": an entry */
    /* "KEY RESPONSIBILITIES" inside a dated entry labels its bullets */
    if ((t->sec_dated || (t->b.open && !t->prev_blank)) && cvx_entry_part_label(s, n)) return 0;
    /* in a list of skills written one a line, "RTK GPS" is one of them */
    if (list_section(t) && lone_run(t, l)) return 0;
    /* one short acronym ("MCA", "CBSE") is a degree, a board or a firm:
     * the title of the next entry where entries go by sub-headings */
    if (words == 1 && n <= 5 && !(t->prev_blank && t->sec_content && kind_shift(t, l))) {
      if (!t->subheads || !next_entry_title(t, l)) return 0;
      *sub = true;
      return t->sec_level < 6 ? t->sec_level + 1 : 6;
    }
    if (t->top && cvx_role_score(s, n) > 0) return 0;
    /* a name in capitals is the person's, unless dated lines follow it
     * ("EMPLOYERS OVER TIME" over "Account Manager, Initech, 2012 - 2013") */
    if (t->top && cvx_is_person_name(s, n)) {
      below bl = look_below(t, l);
      if (!bl.dated && !((bl.para_dated || spaced_dated(t, l)) && !bl.direct && !bl.stop)) return 0;
    }
    t->caps_heads++;
    return 1;
  }
  /* a few title-case words after a blank line in the person block, over
   * dated entries or a list, or right over a dated line, start the first
   * section ("Occupational Record" over "2018-  Quillon ---- Boston, MA") */
  if ((t->top || t->person) && (words <= 4 || (words <= 6 && cvx_heading_phrase(s, n))) && !has_digit(s, n) &&
      title_case(s, n) && !job_title(s, n) &&
      cvx_role_score(s, n) == 0 && cvx_org_score(s, n) <= 0) {
    below bl = look_below(t, l);
    /* (or set apart, a blank line above and below, over a paragraph dated
     * in its first lines: "Industry Roles" / "Engineer, Initech" / "2016 –
     * 2020") */
    if ((t->prev_blank && bl.entries) || (bl.direct && bl.dated) ||
        (t->prev_blank && !bl.direct && (bl.para_dated || spaced_dated(t, l)) && !bl.stop)) {
      if (caps)
        t->caps_heads++;
      else
        t->quiet_heads++;
      return 1;
    }
  }
  if (t->top || t->person) return 0;
  /* a phrase set like the page's earlier section headings (title case,
   * alone after a blank line at the margin, over a list or dated lines)
   * starts a section too: "Where I Earned a Living" after "Strengths at a
   * Glance". After dated entries, so does a title-case line set apart (a
   * blank line below too) over a tight list or a whole entry's head,
   * phrase or not ("Diplomas Earned" after "EMPLOYERS"): it is spaced as a
   * heading, not as what it is over. Not when it labels the entry's bullets
   * ("Responsibilities"), follows a dated line with nothing under it yet
   * (the entry's title: "2010 - 2012" / "Tester"; a label: "Courses"),
   * stands over a date alone or over an entry's head where entries had
   * such titles before, or the section's entries go by sub-headings */
  if ((t->quiet_heads || t->caps_heads) && !loud && words <= 6 && t->prev_blank && l->indent == 0 &&
      !has_digit(s, n) && title_case(s, n) && !job_title(s, n) && cvx_role_score(s, n) == 0 &&
      cvx_org_score(s, n) <= 0) {
    below bl = look_below(t, l);
    bool apart = !bl.direct && (bl.listed || (bl.entry_para && !t->sec_titled)) && t->sec_dated &&
                 !(t->head && t->head_open) && !t->subheads && !cvx_entry_part_label(s, n);
    /* (a phrase set apart over a paragraph dated in its first lines:
     * "Where I Studied" / "MSc Data Science, Example University, 2016";
     * or any such line, phrase or not, when what it stands over is of
     * another kind than the section it would end: "Learning" over degrees
     * after jobs, "Tongues" over "English — native") */
    if ((bl.entries && t->quiet_heads && cvx_heading_phrase(s, n)) || apart ||
        (!bl.direct && (bl.para_dated || spaced_dated(t, l)) && !cvx_entry_part_label(s, n) &&
         (cvx_heading_phrase(s, n) || kind_shift(t, l))) ||
        (!bl.direct && bl.content && !bl.dated && !cvx_entry_part_label(s, n) && kind_shift(t, l))) {
      t->quiet_heads++;
      return 1;
    }
  }
  /* on a page with no blank lines that has set section headings before, a
   * title-case line right under a paragraph starts the next one when it is
   * a phrase of the same kind right over a dated line ("Where I Learned"
   * over "Associate Degree in Nursing … | May 2015"), or, phrase or not,
   * right after a sentence ended, over a list of three items or more on the
   * next line ("Beyond the Desk" / "Chess, Cycling, …") */
  if ((t->quiet_heads || t->caps_heads) && !loud && !t->prev_blank && words <= 6 && l->indent == 0 &&
      !has_digit(s, n) && title_case(s, n) && !job_title(s, n) && cvx_role_score(s, n) == 0 &&
      cvx_org_score(s, n) <= 0 && t->b.open) {
    if (cvx_heading_phrase(s, n) && !t->b.last_wraps) {
      below bl = look_below(t, l);
      if (bl.direct && bl.dated) {
        t->quiet_heads++;
        return 1;
      }
    }
    tline x;
    if (t->b.last_punct && read_line(t, l->next, &x) && !x.blank && x.indent == 0) {
      int commas = 0;
      for (size_t i = x.cs; i < x.ce; i++) commas += t->v[i] == ',' || t->v[i] == ';';
      if (commas >= 2 && !line_date(t, x.cs, x.ce).dated) {
        t->quiet_heads++;
        return 1;
      }
    }
  }
  /* …and so does such a phrase right under a table row or a line that
   * ends, over a list written a line each ("Kit I Use Daily" / "Wound
   * Care" / "Phlebotomy" / …) */
  if ((t->quiet_heads || t->caps_heads) && !loud && !t->prev_blank && words <= 6 && l->indent == 0 &&
      !has_digit(s, n) && title_case(s, n) && cvx_heading_phrase(s, n) && !job_title(s, n) &&
      cvx_role_score(s, n) == 0 && cvx_org_score(s, n) <= 0 && !(t->b.open && t->b.last_wraps) &&
      tight_list_below(t, l)) {
    t->quiet_heads++;
    return 1;
  }
  int sublevel = t->sec_level < 6 ? t->sec_level + 1 : 6;
  /* a phrase closed by its colon after a blank line, over entries of
   * another kind than the section's or set as the page's headings were
   * ("Where I Studied:" over a degree after the jobs) starts a section */
  if (c->colon && words <= 6 && t->prev_blank && l->indent == 0 && !t->top &&
      !has_digit(s, n) && !cvx_entry_part_label(s, n) && cvx_role_score(s, n) == 0 && !job_title(s, n)) {
    below bl = look_below(t, l);
    if ((bl.para_dated || bl.entries) && !bl.stop && (cvx_heading_phrase(s, n) || kind_shift(t, l))) {
      t->quiet_heads++;
      return 1;
    }
  }
  /* a label inside a dated entry ("Responsibilities:") is content */
  if (c->colon && words <= 6) {
    if ((t->head && t->head_dated) || ((t->sec_dated || (t->b.open && !t->prev_blank)) && cvx_entry_part_label(s, n)))
      return 0;
    *sub = true;
    return sublevel;
  }
  /* entries go by sub-headings when the section started that way (a
   * role's word in an award's title, "Young Scientist Award", is the
   * title's) */
  if (words <= 5 && !has_digit(s, n) && (!job_title(s, n) || t->sec_kind == CVX_REC_AWARD) && title_case(s, n) &&
      next_entry_title(t, l)) {
    *sub = true;
    return sublevel;
  }
  return 0;
}

/* ------------------------------------------------------------------ rows */

/* Cells of a table line (0 when it is not one): pipe rows "a | b | c" or
 * "| a | b |", tab rows "a\tb\tc". *sep gets the separator; *single is set
 * for "a | b". */
static int row_cells(const tx *t, const tline *l, char *sep, bool *single) {
  const char *v = t->v;
  size_t a = l->cs, b = l->ce;
  *single = false;
  *sep = '|';
  if (b - a < 3) return 0;
  int pipes = 0, spaced = 0;
  for (size_t i = a; i < b; i++) {
    const char *p = memchr(v + i, '|', b - i);
    if (!p) break;
    i = (size_t)(p - v);
    pipes++;
    if (i > a && i + 1 < b && is_hspace((unsigned char)v[i - 1]) && is_hspace((unsigned char)v[i + 1]))
      spaced++;
  }
  if (v[a] == '|' && v[b - 1] == '|' && pipes >= 3) return pipes - 1;
  if (spaced >= 2) return spaced + 1;
  if (spaced == 1 && pipes == 1) {
    *single = true;
    return 2;
  }
  *sep = '\t';
  if (!memchr(v + a, '\t', b - a)) return 0; /* a run counts only with a tab in it */
  int runs = 0;
  bool in_gap = false, tab = false;
  for (size_t i = a; i < b; i++) {
    if (is_hspace((unsigned char)v[i])) {
      in_gap = true;
      tab |= v[i] == '\t';
    } else {
      if (in_gap && tab) runs++;
      in_gap = tab = false;
    }
  }
  return runs >= 2 ? runs + 1 : 0;
}

/* A rule between table rows: "|---|---|", "----+----". */
static bool table_rule(const tx *t, const tline *l) {
  return is_rule(t, l) &&
         (memchr(t->v + l->cs, '|', l->ce - l->cs) || memchr(t->v + l->cs, '+', l->ce - l->cs));
}

/* Emits line l as a ROW whose cells (split at sep) are joined by '\t'. */
static void emit_row(tx *t, const tline *l, char sep) {
  close_block(t);
  const char *v = t->v;
  size_t a = l->cs, b = l->ce;
  if (sep == '|') {
    if (v[a] == '|') a++;
    if (b > a && v[b - 1] == '|') b--;
  }
  t->b = (blk){.open = true, .kind = CVX_BLK_ROW, .level = 0, .span_s = l->cs, .span_e = l->ce};
  size_t i = a;
  for (bool first = true;; first = false) {
    size_t j = i;
    while (j < b && v[j] != sep) j++;
    size_t x = i, y = j;
    while (x < y && space_len(v + x, y - x)) x += space_len(v + x, y - x);
    while (y > x && is_hspace((unsigned char)v[y - 1])) y--;
    if (!first) cvx_buf_putc(&t->text, '\t');
    if (y > x) put_text(t, x, y);
    if (j >= b) break;
    i = j + 1;
    if (sep == '\t') /* a run of tabs is one separator */
      while (i < b && is_hspace((unsigned char)v[i])) i++;
  }
  close_block(t);
  t->head = false;
}

/* ------------------------------------------------------------------ lines */

/* A heading starts a section, or (sub) an entry of the section: no block
 * encloses what follows and no entry head is open. */
static void reset_section(tx *t, int level, bool sub) {
  t->depth = 0;
  t->head = t->head_dated = t->head_short = t->lone = false;
  if (sub) {
    t->subheads = true;
    return;
  }
  t->subheads = t->sec_dated = t->sec_titled = t->sec_date_heads = t->date_open = t->under_date = t->after_date = false;
  t->title_slot = -1;
  t->sec_level = level;
  t->sec_kind = CVX_REC_SECTION;
  t->sec_content = false;
  t->sec_degrees = t->sec_roles = 0;
}

/* A text line that opens a paragraph: its level from indentation, or one
 * deeper when it is a description under a dated entry head. */
static void open_para(tx *t, const tline *l, size_t a, size_t b, const ldate *d, bool unwrapped_split,
                      bool heads) {
  int prev_level = t->b.level;
  bool prev_open_para = t->b.open;
  bool prev_described = t->b.described;
  close_block(t);
  int level = nest(t, l->indent);
  bool described = false;
  if (level == 0 && !heads && t->head && t->head_dated && t->head_short && l->indent >= t->head_indent &&
      !d->dated) {
    const char *s = t->v + a;
    size_t n = b - a;
    while (n > 1 && (s[n - 1] == '*' || s[n - 1] == '_')) n--; /* "**Duties:**" */
    int words = count_words(s, n);
    /* a description, a label such as "Responsibilities:", a "Team: Platform" */
    bool prose = words >= 6 || (n && in_set(".!?:", s[n - 1])) || label_value(s, n);
    /* in a section of awards, certificates or publications, a line whose
     * own date follows it, alone or closing a short paragraph ("Medal of the
     * Year Club" / blank / "Jan 2014", or "Published by Example Review" /
     * "Jan 2014"), names the next entry (a job's date alone sits between its
     * header and its description) */
    if (prose && !(n && in_set(".!?:", s[n - 1])) && dated_by_itself(t->sec_kind)) {
      below bl = look_below(t, l);
      if (bl.date_para || bl.award_dated) prose = false;
    }
    /* …and so is a short line right after the description began, when no
     * date comes under it (a duty a line: "Review vendor contracts" /
     * "Co-organise the reading group"; a title over its dates opens the
     * next entry) */
    if (!prose && prev_described && prev_level == 1 && !dated_by_itself(t->sec_kind) &&
        (t->sec_date_heads ? !(t->under_date && head_facts(s, n)) : (!look_below(t, l).para_dated && !head_facts(s, n))))
      prose = true; /* (where lines of dates open the entries only they do; a role may follow the first line under one) */
    /* …but the first line under a line of dates alone, where the
     * section's entries open so, is the entry's own unless a sentence
     * ("2024-05 — 2026-04" / "Full-stack developer / backend / PM") */
    if (prose && t->date_open && !(n && in_set(".!?:", s[n - 1])) && words <= 12 && !label_value(s, n)) prose = false;
    /* …and where the section's titles stand apart, a line of their length
     * alone over a dated paragraph is the next entry's title however many
     * its words ("PhD student and Graduate Teaching Assistant" / blank /
     * "School" / "2015 – 2022"): a description line is not followed by
     * its entry's dates */
    if (prose && t->sec_titled && !dated_by_itself(t->sec_kind) && !(n && in_set(".!?:", s[n - 1])) && words <= 12 &&
        !label_value(s, n)) {
      below bl = look_below(t, l);
      if (!bl.direct && bl.para_dated) prose = false;
    }
    if (unwrapped_split || prose) level = 1;
    described = prose && !unwrapped_split;
  }
  if (unwrapped_split && prev_open_para && prev_level > level) level = prev_level;
  open_block(t, CVX_BLK_PARA, level, a, b, l->indent, NULL, 0);
  t->b.described = described && level == 1;
  note_line(t, a, b, d, false);
}

/* Does plain line l continue the open item? */
static bool continues_item(const tx *t, const tline *l, const ldate *d) {
  const blk *k = &t->b;
  const char *s = t->v + l->cs;
  size_t n = l->ce - l->cs;
  if (l->indent > k->mcol) return true;
  size_t len;
  if (letter_case(decode(s, n, &len)) == -1) return true; /* "…involved with software\nprojects, such as…" */
  /* the next entry's line, unless the item's last line left its sentence
   * open ("…from October 2011 to" / "Dec 2014.": a range goes on) */
  if (d->edge && !k->last_wraps) return false;
  /* "Label: value" starts something new */
  const char *colon = memchr(s, ':', n);
  if (colon && colon - s < 30 && colon + 1 < s + n && colon[1] == ' ') return false;
  if (!k->last_punct) return k->last_chars >= 50; /* wrapped near the margin */
  /* after a full stop only a whole further sentence continues the item */
  return n <= SHORT_LINE * 4 && count_words(s, n) >= 6 && in_set(".!?", s[n - 1]);
}

/* Is the line s[0,n) a sentence: three words or more ending in a full stop,
 * with no date at its edge? */
static bool sentence_line(const char *s, size_t n, const ldate *d) {
  return n && in_set(".!?", s[n - 1]) && !d->edge && count_words(s, n) >= 3;
}

/* Does s[0,n) end in a company's abbreviation ("Halcyon Devices, Inc.", "Pell &
 * Orme Ltd."): its full stop ends no sentence. */
static bool firm_end(const char *s, size_t n) {
  static const char *const firms[] = {"inc.", "ltd.", "co.", "corp.", "llc.", "plc.", "gmbh.", "s.a.", "bros.", NULL};
  size_t a = n;
  while (a && s[a - 1] != ' ') a--;
  for (int i = 0; firms[i]; i++)
    if (equals_ci(s + a, n - a, firms[i])) return true;
  return false;
}

/* Is the line s[0,n) short enough to name an entry: at most twelve words,
 * no sentence end? */
static bool entry_line(const char *s, size_t n) {
  return n && (!in_set(".!?", s[n - 1]) || firm_end(s, n)) && count_words(s, n) <= 12;
}

/* Does line l (date d) name an entry whose dated line comes right below it
 * ("Acme Clinic, Springfield" over "Nurse | May 2020 - Present"), or one
 * short line further down ("Acme Clinic" / "Springfield, IL" / "2016 -
 * 2018")? */
static bool over_dated_line(tx *t, const tline *l, const tline *next, const ldate *d) {
  const char *s = t->v + l->cs;
  size_t n = l->ce - l->cs;
  if (d->dated || !next || next->blank || next->indent > l->indent || !n ||
      (in_set(".!?:", s[n - 1]) && !firm_end(s, n)) || count_words(s, n) > 20)
    return false;
  ldate nd = line_date(t, next->cs, next->ce);
  if (!entry_line(t->v + next->cs, next->ce - next->cs)) return false;
  if (nd.edge) return true;
  tline third;
  if (nd.dated || count_words(t->v + next->cs, next->ce - next->cs) > 6 ||
      !read_line(t, next->next, &third) || third.blank || third.indent != l->indent)
    return false;
  ldate td = line_date(t, third.cs, third.ce);
  return td.edge && entry_line(t->v + third.cs, third.ce - third.cs);
}

/* Does plain line l continue the open paragraph? *heads tells that it does
 * not because it opens an entry whose dated line is the next one. */
static bool continues_para(tx *t, const tline *l, const tline *next, const ldate *d, bool *unwrapped,
                           bool *heads) {
  const blk *k = &t->b;
  *unwrapped = *heads = false;
  const char *s = t->v + l->cs;
  size_t n = l->ce - l->cs;
  /* a résumé written one line per sentence with no blank lines: after a
   * description's full stop, an entry line with its date ("Nurse | May 2020 -
   * Present"), or a short line right above one ("Acme Clinic, Springfield"),
   * opens the next entry; after an entry line, a sentence opens its
   * description */
  if (k->last_punct && l->indent <= k->first_indent && entry_line(s, n)) {
    /* (but dates alone under the paragraph's one line are that line's:
     * "Initech · Initech makes staplers." / "Nov 2023 – Oct 2025") */
    if (d->edge && !(d->alone && k->nlines == 1)) return false;
    if (over_dated_line(t, l, next, d)) {
      *heads = true;
      return false;
    }
  }
  if (k->last_dated_edge && k->nlines <= 3 && l->indent <= k->first_indent && sentence_line(s, n, d)) return false;
  if (k->has_deeper && l->indent <= k->first_indent) return false; /* a hanging indent ended */
  size_t len;
  bool lower = letter_case(decode(t->v + l->cs, l->ce - l->cs, &len)) == -1;
  if (k->parent_col >= 0 && l->indent < k->parent_col + 2 && !lower)
    return false; /* out of a nested paragraph */
  if (k->last_dated_edge && d->edge && l->indent == k->first_indent) return false; /* entry after entry */
  /* "Open Loom, 2017" after the description of "Tidewatch, 2016": a name
   * with its date opens the next entry of the same shape */
  if (k->first_dated_edge && d->edge && !lower && l->indent == k->first_indent &&
      (k->last_punct || (!d->starts && count_words(t->v + l->cs, l->ce - l->cs) <= 6)))
    return false;
  if (k->last_dated_edge && l->indent >= k->first_indent + 2) return false; /* details under an entry line */
  if (k->last_chars > UNWRAPPED && k->last_punct && !(d->alone && k->nlines == 1)) {
    if (!lower) {
      *unwrapped = true; /* one paragraph per line */
      return false;
    }
  }
  return true;
}

/* Handles one line; returns true when it consumed the next line (an underline). */
static bool process(tx *t, const tline *l, const tline *next) {
  bool was_blank = t->prev_blank;
  t->prev_blank = l->blank;
  if (l->blank) {
    close_block(t);
    t->boundary = true;
    t->prev_rowish = t->prev_single_pipe = false;
    return false;
  }
  if (is_rule(t, l)) {
    close_block(t);
    emit_simple(t, CVX_BLK_RULE, 0, l->cs, l->ce);
    t->boundary = true;
    t->prev_rowish = table_rule(t, l);
    t->prev_single_pipe = false;
    return false;
  }
  /* a bullet alone on its line, its item's text indented on the next line
   * ("  •" / "    Computer Software"): the item opens there (a bullet left
   * empty over a line at its margin is nothing) */
  {
    const unsigned char *u = (const unsigned char *)t->v + l->cs;
    size_t n = l->ce - l->cs, m = ubullet_len(u, n);
    if (m && m == n && next && !next->blank && next->indent > l->indent) {
      close_block(t);
      t->lone_mark = cvx_arena_strndup(t->doc->arena, t->v + l->cs, m);
      t->lone_mark_indent = l->indent;
      t->boundary = false;
      return false;
    }
  }
  if (t->lone_mark) {
    const char *m = t->lone_mark;
    int ind = t->lone_mark_indent;
    t->lone_mark = NULL;
    ldate d = line_date(t, l->cs, l->ce);
    open_block(t, CVX_BLK_ITEM, nest(t, ind), l->cs, l->ce, ind, m, ind);
    note_line(t, l->cs, l->ce, &d, true);
    t->boundary = false;
    return false;
  }
  bool underlined = next && is_underline(t, next);
  core c;
  bool sub;
  t->prev_blank = was_blank; /* heading_level reads it as "before this line" */
  int h = heading_level(t, l, underlined, &c, &sub);
  t->prev_blank = false;
  marker mk;
  bool has_mk = find_marker(t, l, &mk);
  if (t->first_pending) {
    t->first_pending = false;
    if (!h && !has_mk) {
      /* the person block: the first line is text, its decoration dropped */
      ldate d = line_date(t, c.s, c.e);
      size_t e = c.colon_e;
      open_block(t, CVX_BLK_PARA, nest(t, l->indent), c.s, e, l->indent, NULL, 0);
      note_line(t, c.s, e, &d, false);
      t->boundary = false;
      if (underlined) {
        close_block(t);
        t->boundary = true;
        return true;
      }
      return false;
    }
  }
  if (h) {
    close_block(t);
    emit_simple(t, CVX_BLK_HEADING, h, c.s, c.e);
    bool skills = t->sec_kind == CVX_REC_SKILL && t->sec_content;
    reset_section(t, h, sub);
    if (sub && t->title_slot < 0) t->title_slot = slot_of(t->v + c.s, c.e - c.s);
    if (!sub) {
      t->after_skills = skills;
      t->sec_kind = c.e - c.s <= SHORT_LINE ? cvx_section_classify(t->v + c.s, c.e - c.s) : CVX_REC_SECTION;
      t->person = t->sec_kind == CVX_REC_BASICS;
    }
    t->top = false;
    t->boundary = true;
    t->prev_rowish = t->prev_single_pipe = false;
    return underlined;
  }
  bool single;
  char sep;
  int cells = t->top ? 0 : row_cells(t, l, &sep, &single);
  if (cells) {
    bool next_single = false;
    char next_sep;
    bool next_row =
        next && !next->blank && (row_cells(t, next, &next_sep, &next_single) || table_rule(t, next));
    bool adjacent =
        single ? (t->prev_single_pipe || (next_row && next_single)) : (t->prev_rowish || next_row);
    if (adjacent) {
      emit_row(t, l, sep);
      t->boundary = false;
      t->prev_rowish = true;
      t->prev_single_pipe = single;
      return false;
    }
  }
  t->prev_rowish = t->prev_single_pipe = false;
  /* "— Senior Data Engineer" under "Northwind Data Lab": part of that entry */
  if (has_mk && mk.dash && t->b.open && !t->b.last_marker) {
    ldate d = line_date(t, l->cs, l->ce);
    add_line(t, l, l->cs, l->ce);
    note_line(t, l->cs, l->ce, &d, false);
    t->boundary = false;
    return false;
  }
  if (has_mk) {
    ldate d = line_date(t, mk.ts, l->ce);
    close_block(t);
    int level = nest(t, l->indent);
    const char *m = cvx_arena_strndup(t->doc->arena, t->v + l->cs, mk.len);
    open_block(t, CVX_BLK_ITEM, level, mk.ts, l->ce, l->indent, m, l->indent);
    note_line(t, mk.ts, l->ce, &d, true);
    t->boundary = false;
    return false;
  }
  ldate d = line_date(t, l->cs, l->ce);
  bool unwrapped = false, heads = false;
  if (t->b.open) {
    bool cont = t->b.kind == CVX_BLK_ITEM ? continues_item(t, l, &d)
                                          : continues_para(t, l, next, &d, &unwrapped, &heads);
    if (cont) {
      add_line(t, l, l->cs, l->ce);
      note_line(t, l->cs, l->ce, &d, false);
      t->boundary = false;
      return false;
    }
  }
  open_para(t, l, l->cs, l->ce, &d, unwrapped, heads);
  t->boundary = false;
  return false;
}

/* ---------------------------------------------------------------- columns */

/* A PDF converted with its layout kept puts two columns side by side on each
 * line: a sidebar (contact, skills, languages) and the main column, with a
 * run of spaces between them that ends at the same character column (the
 * gutter) on most lines, and the lines where one side is empty indented to
 * the other's start. Read line by line, the two columns' sentences
 * interleave; such a text is read as two streams instead, each physical line
 * giving a left and a right segment. The gutter must show on the whole file,
 * and both sides must hold words: a column of dates beside entries is one
 * entry per line and is not split. */

/* The left column holds words: the gutter is at least this many characters
 * in; and no further than this. */
#define GUTTER_MIN 10
#define GUTTER_MAX 160
/* The gutter columns tried, the best supported first. */
#define GUTTER_TRIES 3

/* One physical line measured against gutter column g. */
typedef struct gline {
  size_t s, e;    /* the line, '\n' excluded */
  size_t split;   /* where its right segment starts (e when it has none) */
  int rcol;       /* column of the right side's first character, or -1 */
  bool left;      /* content before the split */
  bool crossing;  /* a word or a sentence runs across the gutter */
} gline;

/* Column after the character at s[0,n) (length *len) that starts at col:
 * a UTF-8 character is one column, a tab goes to the next stop of tabw, form
 * feeds and carriage returns take none. *space tells whether it is a space. */
static int gutter_step(const char *s, size_t n, int col, int tabw, size_t *len, bool *space) {
  unsigned char c = (unsigned char)s[0];
  size_t sl = space_len(s, n);
  *space = sl > 0;
  if (sl) {
    *len = sl;
    if (c == '\t') return col >= MAX_COL ? col : (col / tabw + 1) * tabw;
    return c == '\f' || c == '\r' || c == '\v' ? col : next_col(col, false);
  }
  size_t k = 1;
  while (k < n && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
  *len = k;
  return next_col(col, false);
}

/* Measures v[s,e) against gutter g. A word that starts at g - 1 or later
 * after a gap (two columns of space, a tab, or the line start) opens the
 * right side (one column of slack for a ragged edge); a word that covers g,
 * or one that starts there after a single space, crosses. */
static void gutter_measure(const char *v, size_t s, size_t e, int g, int tabw, gline *gl) {
  *gl = (gline){.s = s, .e = e, .split = e, .rcol = -1};
  int col = 0, gapw = 0;
  bool tab = false, line_start = true;
  size_t at_g = e; /* the first byte at column g or beyond, inside a gap */
  for (size_t i = s; i < e;) {
    size_t len;
    bool space;
    int nc = gutter_step(v + i, e - i, col, tabw, &len, &space);
    if (space) {
      if (at_g == e && col >= g) at_g = i;
      gapw += nc - col;
      tab |= v[i] == '\t';
      col = nc;
      i += len;
      continue;
    }
    bool after_gap = line_start || gapw >= 2 || tab;
    if (col >= g - 1) {
      if (!after_gap) {
        gl->crossing = true;
        return;
      }
      gl->rcol = col;
      gl->split = col <= g || at_g == e ? i : at_g;
      return;
    }
    /* a word at col < g - 1: left content; it crosses if it reaches past g */
    gl->left = true;
    line_start = false;
    while (i < e) {
      nc = gutter_step(v + i, e - i, col, tabw, &len, &space);
      if (space) break;
      col = nc;
      i += len;
    }
    if (col > g) {
      gl->crossing = true;
      return;
    }
    gapw = 0;
    tab = false;
  }
}

/* v[a,b) trimmed holds words and is not a date alone ("2019 – 2021", "May
 * 2020"): sidebar text, not a timeline. */
static bool gutter_words(const tx *t, size_t a, size_t b) {
  while (a < b && space_len(t->v + a, b - a)) a += space_len(t->v + a, b - a);
  while (b > a) {
    size_t k = char_before(t->v, a, b);
    if (!space_len(t->v + k, b - k)) break;
    b = k;
  }
  if (a >= b) return false;
  int w = real_words(t->v + a, b - a);
  return w >= 1 && (w >= 4 || !line_date_uncached(t, a, b).dated);
}

/* The next physical line of [*pos, to), false past the end (as read_line). */
static bool gutter_line(const tx *t, size_t *pos, size_t to, size_t *s, size_t *e) {
  if (*pos > to) return false;
  const char *nl = memchr(t->v + *pos, '\n', to - *pos);
  *s = *pos;
  *e = nl ? (size_t)(nl - t->v) : to;
  *pos = *e + 1;
  return true;
}

/* Whether gutter g splits [from, to) into two columns: most lines that reach
 * g start there (S), few cross it (C), several lines hold words on both
 * sides, the left side holds words on 3+ lines in a row (a date alone or a
 * blank line between them neither counts nor breaks the run), and the right
 * side is mostly words too (not a column of dates). */
static bool gutter_holds(const tx *t, size_t from, size_t to, int g, int tabw) {
  size_t pos = from, s, e;
  int nonblank = 0, reach = 0, support = 0, cross = 0;
  while (gutter_line(t, &pos, to, &s, &e)) {
    gline gl;
    gutter_measure(t->v, s, e, g, tabw, &gl);
    nonblank += gl.left || gl.rcol >= 0 || gl.crossing;
    reach += gl.rcol >= 0 || gl.crossing;
    support += gl.rcol == g;
    cross += gl.crossing;
  }
  if (support < 4 || support * 2 < reach || support * 3 < nonblank || cross * 10 > reach) return false;
  int both = 0, run = 0, best_run = 0, right = 0, right_words = 0;
  pos = from;
  while (gutter_line(t, &pos, to, &s, &e)) {
    gline gl;
    gutter_measure(t->v, s, e, g, tabw, &gl);
    bool lw = !gl.crossing && gl.left && gutter_words(t, s, gl.split);
    /* a date line or a blank line between keeps the run (a sidebar's
     * contacts set apart by blank lines) */
    bool blank = !gl.left && gl.rcol < 0 && !gl.crossing;
    run = lw ? run + 1 : (gl.left && !gl.crossing) || blank ? run : 0;
    if (run > best_run) best_run = run;
    if (gl.rcol >= 0) {
      right++;
      right_words += gutter_words(t, gl.split, e);
      both += lw;
    }
  }
  return both >= 2 && best_run >= 3 && right_words * 2 >= right;
}

/* The gutter of [from, to) for tab stops every tabw columns, or 0: the
 * columns where most words start after a gap are tried, the best first. */
static int gutter_find(const tx *t, size_t from, size_t to, int tabw) {
  int hist[GUTTER_MAX + 1] = {0};
  size_t pos = from, s, e;
  while (gutter_line(t, &pos, to, &s, &e)) {
    int col = 0, gapw = 0;
    bool tab = false, start = true, prev_space = true;
    for (size_t i = s; i < e && col <= GUTTER_MAX;) {
      size_t len;
      bool space;
      int nc = gutter_step(t->v + i, e - i, col, tabw, &len, &space);
      if (space) {
        gapw += nc - col;
        tab |= t->v[i] == '\t';
      } else {
        if (prev_space && (start || gapw >= 2 || tab) && col >= GUTTER_MIN) hist[col]++;
        start = false;
        gapw = 0;
        tab = false;
      }
      prev_space = space;
      col = nc;
      i += len;
    }
  }
  bool tried[GUTTER_MAX + 1] = {false};
  for (int k = 0; k < GUTTER_TRIES; k++) {
    int g = 0;
    for (int c = GUTTER_MIN; c <= GUTTER_MAX; c++)
      if (!tried[c] && hist[c] > hist[g]) g = c;
    if (!g || hist[g] < 4) return 0;
    tried[g] = true;
    if (gutter_holds(t, from, to, g, tabw)) return g;
  }
  return 0;
}

/* Splits [from, to) into its two columns when it has a gutter: *nseg
 * segments (cvx_xmalloc'd, the caller frees them), the column that holds the
 * first line first, a blank between the two; NULL (a plain text) otherwise. */
static tseg *columns_split(const tx *t, size_t from, size_t to, size_t *nseg) {
  *nseg = 0;
  int tabw = 8;
  int g = gutter_find(t, from, to, tabw);
  if (!g && memchr(t->v + from, '\t', to - from)) g = gutter_find(t, from, to, tabw = 4);
  if (!g) return NULL;
  size_t lines = 0, pos = from, s, e;
  while (gutter_line(t, &pos, to, &s, &e)) lines++;
  tseg *seg = cvx_xmalloc((2 * lines + 1) * sizeof *seg);
  bool right_first = false, seen = false;
  size_t k = 0;
  pos = from;
  while (gutter_line(t, &pos, to, &s, &e)) {
    gline gl;
    gutter_measure(t->v, s, e, g, tabw, &gl);
    if (gl.crossing || gl.rcol < 0) gl.split = e; /* all on the left */
    if (!seen && (gl.left || gl.crossing || gl.rcol >= 0)) {
      seen = true;
      right_first = !gl.left && !gl.crossing;
    }
    seg[k] = (tseg){s, gl.split};
    seg[lines + 1 + k] = (tseg){gl.split, e};
    k++;
  }
  seg[lines] = (tseg){to, to};
  if (right_first) { /* the right column, the blank, then the left one */
    tseg *r = cvx_xmalloc((2 * lines + 1) * sizeof *r);
    memcpy(r, seg + lines + 1, lines * sizeof *r);
    r[lines] = seg[lines];
    memcpy(r + lines + 1, seg, lines * sizeof *r);
    free(seg);
    seg = r;
  }
  *nseg = 2 * lines + 1;
  return seg;
}

/* How many lines of the text, up to a count of three, are short lines in
 * capitals at the margin with no figure, date or contact in them: a page that
 * sets several such lines names its sections so, blank lines or not
 * ("EMPLOYERS OVER TIME" right under the summary's last line). */
static int caps_count(tx *t, size_t start) {
  tline l;
  int k = 0;
  for (bool have = read_line(t, start, &l); have && k < 3; have = read_line(t, l.next, &l)) {
    if (l.blank || l.indent != 0 || l.ce - l.cs > 80) continue;
    const char *s = t->v + l.cs;
    size_t n = l.ce - l.cs;
    int upper, lower;
    count_case(s, n, &upper, &lower);
    if (upper < 2 || lower != 0 || count_words(s, n) > 6 || has_digit(s, n) || has_contact(s, n) ||
        has_byte(s, n, ',') || has_byte(s, n, '|'))
      continue;
    k++;
  }
  return k;
}

/* One pass over the lines with one line of lookahead (underlines, table
 * rows); look_below peeks further only past blank lines. See text.h. */
cvx_status cvx_text_blocks(cvx_doc *doc, cvx_blocks *out) {
  return cvx_text_blocks_range(doc, out, doc->body_start, doc->src->len);
}

cvx_status cvx_text_blocks_range(cvx_doc *doc, cvx_blocks *out, size_t from, size_t to) {
  if (to > doc->src->len) to = doc->src->len;
  tx t = {.doc = doc,
          .out = out,
          .v = doc->view,
          .n = to,
          .first_pending = true,
          .top = true,
          .boundary = true,
          .prev_blank = true,
          .sec_level = 1,
          .sec_kind = CVX_REC_SECTION,
          .title_slot = -1};
  cvx_buf_init(&t.text);
  ldate_cache memo = {0};
  t.memo = &memo;
  tline l, nx;
  size_t start = from <= t.n ? from : t.n;
  tseg *seg = columns_split(&t, start, t.n, &t.nseg);
  t.seg = seg;
  if (seg) start = 0;
  t.caps_lines = caps_count(&t, start);
  bool have = read_line(&t, start, &l);
  while (have && !cvx_doc_expired(doc)) {
    bool have_next = read_line(&t, l.next, &nx);
    if (process(&t, &l, have_next ? &nx : NULL) && have_next) {
      have = read_line(&t, nx.next, &l);
    } else {
      l = nx;
      have = have_next;
    }
  }
  close_block(&t);
  cvx_buf_free(&t.text);
  free(seg);
  cvx_blocks_seal(doc, out);
  return CVX_OK;
}

/* ------------------------------------------------------------- extractor */

/* Scores on the body-extractor scale: 0 = cannot read; the Markdown extractor
 * answers 60+ for .md files and 30–50 for .txt files with strong Markdown
 * evidence; plain text reads anything, so it answers a constant 20 and wins
 * only when nothing more specific does. */
static int text_accepts(const cvx_source *src) {
  (void)src;
  return 20;
}

/* Builds the block stream and hands it to the shared interpreter. */
static cvx_status text_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  (void)src;
  (void)dx;
  cvx_blocks blocks = {0};
  cvx_status st = cvx_text_blocks(doc, &blocks);
  if (st == CVX_OK) st = cvx_interpret(doc, &blocks, "text");
  cvx_doc_unseal(doc);
  return st;
}

const cvx_extractor cvx_extractor_text = {"text", CVX_ROLE_BODY, text_accepts, text_extract};
