/* coverage.c — "lose nothing visible", measured: the share of visible
 * characters that landed in a field, and the visible text no field took. */
#include "emit_json.h"

#include "emit.h"

#include <ctype.h>
#include <string.h>

#define MAX_UNMAPPED 2000
#define MAX_UNMAPPED_TEXT 2000

/* Marks markup that a reader never sees as text: HTML tags, entities, the
 * target part of Markdown links "](…)", kramdown attribute lists "{: …}". */
static void mark_markup(const cvx_doc *doc, unsigned char *m) {
  const char *v = doc->view;
  size_t n = doc->src->len;
  for (size_t i = doc->body_start; i < n; i++) {
    char c = v[i];
    if (c == '<' && i + 1 < n && (isalpha((unsigned char)v[i + 1]) || v[i + 1] == '/' || v[i + 1] == '!')) {
      size_t j = i + 1;
      while (j < n && j - i < 1000 && v[j] != '>' && v[j] != '<' && v[j] != '\n') j++;
      if (j < n && v[j] == '>') {
        memset(m + i, 1, j + 1 - i);
        i = j;
      }
    } else if (c == '&' && i + 2 < n) {
      size_t j = i + 1;
      if (v[j] == '#') j++;
      while (j < n && j - i < 10 && isalnum((unsigned char)v[j])) j++;
      if (j > i + 2) {
        if (j < n && v[j] == ';') j++;
        memset(m + i, 1, j - i);
        i = j - 1;
      }
    } else if (c == ']' && i + 1 < n && v[i + 1] == '(') {
      size_t j = i + 2;
      int depth = 1;
      while (j < n && v[j] != '\n' && j - i < 2000) {
        if (v[j] == '(') depth++;
        if (v[j] == ')' && --depth == 0) break;
        j++;
      }
      if (j < n && v[j] == ')') {
        memset(m + i, 1, j + 1 - i);
        i = j;
      }
    } else if (c == '{' && i + 1 < n && v[i + 1] == ':') {
      size_t j = i + 2;
      while (j < n && v[j] != '}' && v[j] != '\n' && j - i < 200) j++;
      if (j < n && v[j] == '}') {
        memset(m + i, 1, j + 1 - i);
        i = j;
      }
    }
  }
}

/* Letters and digits of any script count; punctuation, dashes, bullets,
 * symbols, arrows, box drawing, emoji and spaces do not. */
static bool countable_cp(uint32_t cp) {
  if (cp < 0x80) return isalnum((int)cp) != 0;
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


static bool stopword_only(const char *s, size_t n) {
  static const char *const stop[] = {"in", "at", "of", "and", "the", "for", "to", "with", "from",
                                     "by", "on", "a", "an", "or", "as", "et", "de", "und", NULL};
  size_t i = 0;
  while (i < n) {
    while (i < n && !isalnum((unsigned char)s[i]) && (unsigned char)s[i] < 0x80) i++;
    size_t st = i;
    while (i < n && (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)) i++;
    if (i == st) break;
    bool is_stop = false;
    for (int k = 0; stop[k]; k++)
      if (strlen(stop[k]) == i - st && strncasecmp(stop[k], s + st, i - st) == 0) is_stop = true;
    if (!is_stop) return false;
  }
  return true;
}

double cvx_coverage(const cvx_doc *doc, cvx_unmapped **out, size_t *nout) {
  const cvx_source *src = doc->src;
  size_t n = src->len;
  unsigned char *markup = cvx_arena_alloc(doc->arena, n + 1);
  mark_markup(doc, markup);
  size_t total = 0, taken = 0;
  cvx_unmapped *list = NULL;
  size_t count = 0, cap = 0;
  cvx_buf line_text = CVX_BUF_INIT;
  for (size_t ln = 0; ln < src->nlines; ln++) {
    size_t a = src->lines[ln];
    size_t b = ln + 1 < src->nlines ? src->lines[ln + 1] : n;
    size_t untaken = 0;
    cvx_buf_clear(&line_text);
    bool gap = false, full = false;
    for (size_t i = a; i < b;) {
      uint32_t cp;
      size_t len = cvx_utf8_decode(src->text, b, i, &cp);
      bool visible = !doc->hidden[i] && !markup[i];
      if (visible && countable_cp(cp)) {
        total++;
        if (doc->taken[i])
          taken++;
        else
          untaken++;
      }
      if (visible && !doc->taken[i] && cp != '\n') {
        if (gap && line_text.len && !full) cvx_buf_putc(&line_text, ' ');
        gap = false;
        if (!full && line_text.len >= MAX_UNMAPPED_TEXT) full = true; /* whole characters only */
        if (!full) {
          if (len == 1) cvx_buf_putc(&line_text, src->text[i]);
          else cvx_buf_put(&line_text, src->text + i, len);
        }
      } else {
        gap = true;
      }
      i += len;
    }
    if (untaken < 3 || !out || count >= MAX_UNMAPPED) continue;
    /* trim Markdown and list punctuation at the ends */
    size_t s = 0, e = line_text.len;
    while (s < e && strchr(" \t#*-+>|_`=~.,;:()[]", line_text.ptr[s])) s++;
    while (e > s && strchr(" \t#*-+>|_`=~,;:()[]", line_text.ptr[e - 1])) e--;
    if (e <= s || stopword_only(line_text.ptr + s, e - s)) continue;
    size_t alnum = 0;
    for (size_t i = s; i < e;) {
      uint32_t cp;
      i += cvx_utf8_decode(line_text.ptr, e, i, &cp);
      alnum += countable_cp(cp);
    }
    if (alnum < 3) continue;
    if (count == cap) {
      size_t ncap = cap ? cap * 2 : 16;
      list = cvx_arena_grow(doc->arena, list, count, ncap, sizeof *list);
      cap = ncap;
    }
    list[count].line = (unsigned)ln + 1;
    list[count].text = cvx_arena_strndup(doc->arena, line_text.ptr + s, e - s);
    count++;
  }
  cvx_buf_free(&line_text);
  if (out) {
    *out = list;
    *nout = count;
  }
  return total ? (double)taken / (double)total : 1.0;
}
