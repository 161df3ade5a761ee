/* hidden.c — hides what a reader of the rendered page never sees: Liquid tags
 * and output (Jekyll runs them before Markdown), kramdown attribute lists,
 * HTML comments and <style>/<script> elements. Blanked, not removed. */
#include "cvx.h"

#include <stdbool.h>
#include <string.h>

#define NONE UINT32_MAX

/* SSE2 (every x86-64) with the GCC builtins: sixteen bytes at a time. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define VEC16 1
#else
#define VEC16 0
#endif

/* A substring search whose answer is remembered: the scanner only ever asks
 * for the first occurrence at or after a growing position, so each needle
 * scans every byte about once and hostile inputs (a thousand unclosed "{%")
 * stay linear. */
typedef struct finder {
  const char *needle;
  size_t n;
  bool icase; /* needle is lower case; match ASCII case-insensitively */
  bool valid;
  uint32_t from, pos;
} finder;

static unsigned char lower(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static bool match_at(const finder *f, const char *t, uint32_t i) {
  for (size_t k = 0; k < f->n; k++) {
    unsigned char d = (unsigned char)t[i + k];
    if ((f->icase ? lower(d) : d) != (unsigned char)f->needle[k]) return false;
  }
  return true;
}

/* First occurrence of f's needle in t[from, len), or NONE. A remembered hit
 * that has since been blanked is searched again. */
static uint32_t find(finder *f, const char *t, uint32_t len, uint32_t from) {
  if (f->valid && from >= f->from && (f->pos == NONE || (f->pos >= from && match_at(f, t, f->pos))))
    return f->pos;
  uint32_t pos = NONE;
  if (from <= len && len - from >= f->n) {
    const unsigned char first = (unsigned char)f->needle[0];
    /* candidates for the first byte: found by memchr, or (a letter matched
     * in either case) sixteen bytes at a time */
    bool fold = f->icase && first >= 'a' && first <= 'z';
    uint32_t last = len - (uint32_t)f->n; /* the last start that fits */
    for (uint32_t i = from; i <= last; i++) {
      if (!fold) {
        const char *p = memchr(t + i, first, last - i + 1);
        if (!p) break;
        i = (uint32_t)(p - t);
      } else {
#if VEC16
        const __m128i want = _mm_set1_epi8((char)first), bit = _mm_set1_epi8(0x20);
        while (last - i >= 16) {
          __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
          unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(x, bit), want));
          if (m) {
            i += (uint32_t)__builtin_ctz(m);
            break;
          }
          i += 16;
        }
#endif
        while (i <= last && ((unsigned char)t[i] | 0x20) != first) i++;
        if (i > last) break;
      }
      if (match_at(f, t, i)) {
        pos = i;
        break;
      }
    }
  }
  f->valid = true;
  f->from = from;
  f->pos = pos;
  return pos;
}

static void warn(cvx_doc *doc, const char *code, uint32_t at, uint32_t n, const char *msg) {
  if (doc->dx) cvx_diag_add(doc->dx, CVX_WARNING, code, cvx_span_make(at, at + n), "%s", msg);
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

static bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The tag name after "{%" at i (whitespace control '-' and blanks skipped). */
static void tag_name(const char *v, uint32_t i, uint32_t close, const char **name, size_t *n) {
  uint32_t j = i + 2;
  while (j < close && (is_blank(v[j]) || v[j] == '-')) j++;
  uint32_t k = j;
  while (k < close && is_word(v[k])) k++;
  *name = v + j;
  *n = k - j;
}

static bool name_is(const char *name, size_t n, const char *want) {
  return n == strlen(want) && memcmp(name, want, n) == 0;
}

/* A closing tag "{% word %}" (any blanks, '-' allowed) and what the last
 * search learnt: the next one found, or that there is none after fail_from. */
typedef struct end_tag {
  finder word;
  uint32_t fail_from;      /* NONE, or no closing tag at or after this offset */
  uint32_t last_s, last_e; /* last found tag (last_s == NONE: none yet) */
} end_tag;

/* Finds the closing tag at or after from; sets [*s, *e) to it. */
static bool find_end_tag(end_tag *t, const char *v, uint32_t len, uint32_t from, uint32_t *s,
                         uint32_t *e) {
  if (t->fail_from != NONE && from >= t->fail_from) return false;
  if (t->last_s != NONE && t->last_s >= from) {
    *s = t->last_s;
    *e = t->last_e;
    return true;
  }
  uint32_t at = from;
  for (;;) {
    uint32_t p = find(&t->word, v, len, at);
    if (p == NONE) {
      t->fail_from = from;
      return false;
    }
    uint32_t a = p;
    while (a > at && (is_blank(v[a - 1]) || v[a - 1] == '-')) a--;
    uint32_t b = p + (uint32_t)t->word.n;
    while (b < len && (is_blank(v[b]) || v[b] == '-')) b++;
    if (a >= at + 2 && v[a - 2] == '{' && v[a - 1] == '%' && b + 1 < len && v[b] == '%' &&
        v[b + 1] == '}') {
      t->last_s = *s = a - 2;
      t->last_e = *e = b + 2;
      return true;
    }
    at = p + 1;
  }
}

/* Pass 1: Liquid, as Jekyll sees it before anything else. Tags and output
 * are hidden, comment blocks whole, raw blocks keep their content, loop and
 * capture bodies are hidden whole (outermost first; nested ones inside). */
static void hide_liquid(cvx_doc *doc, uint32_t from) {
  const char *v = doc->view;
  uint32_t len = (uint32_t)doc->src->len;
  finder tag_close = {"%}", 2, false, false, 0, 0};
  finder out_close = {"}}", 2, false, false, 0, 0};
  end_tag endcomment = {{"endcomment", 10, false, false, 0, 0}, NONE, NONE, 0};
  end_tag endraw = {{"endraw", 6, false, false, 0, 0}, NONE, NONE, 0};
  /* once each: every later opener of the kind is unclosed too */
  bool warned_out = false, warned_tag = false, warned_block = false;
  uint32_t depth = 0, block_start = 0; /* open {% for %} / {% capture %} blocks */
  uint32_t i = from;
  while (i + 1 < len) {
    if (v[i] != '{') { /* straight to the next '{' that has a byte after it */
      const char *p = memchr(v + i, '{', len - 1 - i);
      i = p ? (uint32_t)(p - v) : len - 1;
      continue;
    }
    if (v[i + 1] != '%' && v[i + 1] != '{') {
      i++;
      continue;
    }
    if (v[i + 1] == '{') {
      uint32_t c = find(&out_close, v, len, i + 2);
      if (c == NONE) {
        if (!warned_out)
          warn(doc, "hidden.unterminated-liquid", i, 2,
               "Liquid output '{{' is never closed by '}}'");
        warned_out = true;
        i += 2;
        continue;
      }
      cvx_doc_hide(doc, cvx_span_make(i, c + 2));
      i = c + 2;
      continue;
    }
    uint32_t c = find(&tag_close, v, len, i + 2);
    if (c == NONE) {
      if (!warned_tag)
        warn(doc, "hidden.unterminated-liquid", i, 2, "Liquid tag '{%' is never closed by '%}'");
      warned_tag = true;
      i += 2;
      continue;
    }
    uint32_t tag_end = c + 2, s, e;
    const char *name;
    size_t n;
    tag_name(v, i, c, &name, &n);
    if (name_is(name, n, "comment")) {
      if (find_end_tag(&endcomment, v, len, tag_end, &s, &e)) {
        cvx_doc_hide(doc, cvx_span_make(i, e));
        i = e;
      } else {
        if (!warned_block)
          warn(doc, "hidden.unterminated-liquid", i, tag_end - i,
               "{% comment %} has no {% endcomment %}");
        warned_block = true;
        cvx_doc_hide(doc, cvx_span_make(i, tag_end));
        i = tag_end;
      }
      continue;
    }
    if (name_is(name, n, "raw")) {
      cvx_doc_hide(doc, cvx_span_make(i, tag_end));
      if (!find_end_tag(&endraw, v, len, tag_end, &s, &e)) {
        warn(doc, "hidden.unterminated-liquid", i, tag_end - i, "{% raw %} has no {% endraw %}");
        break; /* the rest is raw text: visible, no Liquid in it */
      }
      cvx_doc_hide(doc, cvx_span_make(s, e));
      i = e;
      continue;
    }
    /* A loop or capture body is a template for data the page does not hold
     * (or text captured, not shown): its literal words are not facts. */
    uint32_t hide_from = i;
    if (name_is(name, n, "for") || name_is(name, n, "tablerow") || name_is(name, n, "capture")) {
      if (!depth++) block_start = i;
    } else if (depth && (name_is(name, n, "endfor") || name_is(name, n, "endtablerow") ||
                         name_is(name, n, "endcapture"))) {
      if (!--depth) hide_from = block_start;
    }
    cvx_doc_hide(doc, cvx_span_make(hide_from, tag_end));
    i = tag_end;
  }
  if (depth)
    warn(doc, "hidden.unterminated-liquid", block_start, 2,
         "Liquid loop or capture is never closed; its body is kept");
}

/* True when v[a, b) is a list item whose only text is "TOC" (kramdown's
 * placeholder for the generated table of contents). */
static bool is_toc_item(const char *v, uint32_t a, uint32_t b) {
  while (a < b && (v[a] == ' ' || v[a] == '\t')) a++;
  while (b > a && is_blank(v[b - 1])) b--;
  uint32_t k = a;
  if (k < b && (v[k] == '*' || v[k] == '-' || v[k] == '+')) {
    k++;
  } else {
    while (k < b && v[k] >= '0' && v[k] <= '9') k++;
    if (k == a || k >= b || (v[k] != '.' && v[k] != ')')) return false;
    k++;
  }
  if (k >= b || (v[k] != ' ' && v[k] != '\t')) return false;
  while (k < b && (v[k] == ' ' || v[k] == '\t')) k++;
  return b - k == 3 && memcmp(v + k, "TOC", 3) == 0;
}

/* Start of the line holding i and of the line before it (NONE when that
 * line starts before from), counting lines from `from`. */
static void line_starts(const char *v, uint32_t from, uint32_t i, uint32_t *line_start,
                        uint32_t *prev_line) {
  uint32_t k = i;
  while (k > from && v[k - 1] != '\n') k--;
  if (k == from) return;
  *line_start = k;
  k--;
  while (k > from && v[k - 1] != '\n') k--;
  *prev_line = k;
}

/* Pass 2: kramdown attribute lists ("{: .class}", "{:toc}") on one line are
 * not shown; "{:toc}" also replaces the "* TOC" item above it. */
static void hide_kramdown(cvx_doc *doc, uint32_t from) {
  const char *v = doc->view;
  uint32_t len = (uint32_t)doc->src->len;
  for (uint32_t i = from; i + 1 < len; i++) {
    if (v[i] != '{') { /* straight to the next '{' that has a byte after it */
      const char *p = memchr(v + i, '{', len - 1 - i);
      if (!p) break;
      i = (uint32_t)(p - v);
    }
    if (v[i + 1] != ':') continue;
    uint32_t j = i + 2;
    while (j < len && v[j] != '}' && v[j] != '\n' && v[j] != '{') j++;
    if (j >= len || v[j] != '}') {
      i = j - 1; /* resume at the newline or brace that stopped us */
      continue;
    }
    bool toc = j - i == 5 && memcmp(v + i, "{:toc}", 6) == 0;
    uint32_t line_start = from, prev_line = NONE;
    if (toc) line_starts(v, from, i, &line_start, &prev_line);
    if (toc && prev_line != NONE && is_toc_item(v, prev_line, line_start))
      cvx_doc_hide(doc, cvx_span_make(prev_line, line_start - 1));
    cvx_doc_hide(doc, cvx_span_make(i, j + 1));
    i = j;
  }
}

/* True when an element's start tag "<name" (lower-case name) begins at i. */
static bool start_tag_at(const char *v, uint32_t len, uint32_t i, const char *name) {
  size_t n = strlen(name);
  if (len - i < n + 2 || v[i] != '<') return false;
  for (size_t k = 0; k < n; k++)
    if (lower((unsigned char)v[i + 1 + k]) != (unsigned char)name[k]) return false;
  char c = v[i + 1 + n];
  return is_blank(c) || c == '>' || c == '/';
}

/* End of the tag starting at i: one past its '>' when that comes within a
 * short distance (tags are short), else one past the tag's name. gt caches
 * the search so that many unclosed tags stay linear. */
static uint32_t tag_end_at(finder *gt, const char *v, uint32_t len, uint32_t i, uint32_t name_end) {
  uint32_t p = find(gt, v, len, name_end);
  return p != NONE && p - i <= 4096 ? p + 1 : name_end;
}

/* Hides a <style>/<script> element at i; returns where scanning resumes. */
static uint32_t hide_element(cvx_doc *doc, finder *close, finder *gt, uint32_t i, size_t name_len) {
  const char *v = doc->view;
  uint32_t len = (uint32_t)doc->src->len;
  uint32_t open_end = tag_end_at(gt, v, len, i, i + 1 + (uint32_t)name_len);
  uint32_t p = find(close, v, len, open_end);
  if (p == NONE) {
    warn(doc, "hidden.unterminated-element", i, (uint32_t)name_len + 1,
         "element is never closed; only its start tag is hidden");
    cvx_doc_hide(doc, cvx_span_make(i, open_end));
    return open_end;
  }
  uint32_t end = tag_end_at(gt, v, len, p, p + (uint32_t)close->n);
  cvx_doc_hide(doc, cvx_span_make(i, end));
  return end;
}

/* Pass 3: what the browser does not show in the HTML that Markdown produced. */
static void hide_html(cvx_doc *doc, uint32_t from) {
  const char *v = doc->view;
  uint32_t len = (uint32_t)doc->src->len;
  finder close1 = {"-->", 3, false, false, 0, 0};
  finder close2 = {"--!>", 4, false, false, 0, 0};
  finder style_close = {"</style", 7, true, false, 0, 0};
  finder script_close = {"</script", 8, true, false, 0, 0};
  finder gt = {">", 1, false, false, 0, 0};
  bool closed_one = false;
  uint32_t i = from;
  while (i < len) {
    if (v[i] != '<' && !(closed_one && v[i] == '-')) {
      /* straight to the next '<' (or '-' once a comment has closed) */
      const char *p = memchr(v + i, '<', len - i);
      uint32_t next = p ? (uint32_t)(p - v) : len;
      if (closed_one) {
        const char *q = memchr(v + i, '-', next - i);
        if (q) next = (uint32_t)(q - v);
      }
      i = next;
      continue;
    }
    if (v[i] == '<' && len - i >= 4 && memcmp(v + i, "<!--", 4) == 0) {
      uint32_t j = i + 4, end;
      if (j < len && v[j] == '>') {
        end = j + 1; /* "<!-->" */
      } else if (len - j >= 2 && v[j] == '-' && v[j + 1] == '>') {
        end = j + 2; /* "<!--->" */
      } else {
        uint32_t a = find(&close1, v, len, j), b = find(&close2, v, len, j);
        if (a == NONE && b == NONE) {
          warn(doc, "hidden.unterminated-comment", i, 4,
               "HTML comment is never closed; it hides the rest of the file");
          cvx_doc_hide(doc, cvx_span_make(i, len));
          return;
        }
        end = (a != NONE && (b == NONE || a <= b)) ? a + 3 : b + 4;
      }
      cvx_doc_hide(doc, cvx_span_make(i, end));
      closed_one = true;
      i = end;
      continue;
    }
    if (v[i] == '<' && start_tag_at(v, len, i, "style")) {
      i = hide_element(doc, &style_close, &gt, i, 5);
      continue;
    }
    if (v[i] == '<' && start_tag_at(v, len, i, "script")) {
      i = hide_element(doc, &script_close, &gt, i, 6);
      continue;
    }
    if (closed_one && v[i] == '-' && len - i >= 3 && v[i + 1] == '-' && v[i + 2] == '>') {
      warn(doc, "hidden.stray-comment-close", i, 3,
           "'-->' outside a comment is shown as text (nested comment?)");
      i += 3;
      continue;
    }
    i++;
  }
}

/* Hides Liquid first (Jekyll renders it before Markdown), then kramdown
 * attribute lists, then HTML comments and <style>/<script> elements, in
 * doc->view from `from` on. Linear in the
 * input; adds warnings for unterminated or stray markup; never fails. */
void cvx_hide_markup(cvx_doc *doc, uint32_t from) {
  if (!doc || !doc->src || from >= doc->src->len) return;
  hide_liquid(doc, from);
  hide_kramdown(doc, from);
  hide_html(doc, from);
}
