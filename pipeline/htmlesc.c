/* htmlesc.c — HTML escaping for the review site: every byte that reaches a page
 * from an input goes through here, so one table decides what is safe. */
#include "htmlesc.h"

#include "swar.h"
#include "utf8.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bytes that end a run copied as is: the five specials, controls but tab
 * and newline, DEL and non-ASCII (1 in the table). A table, not a test per
 * byte: every page is mostly this loop. */
static const unsigned char special[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, /* \t and \n copied */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, /* " & ' */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, /* < > */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, /* DEL */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

static bool bidi_control(uint32_t cp) {
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
         cp == 0x200F || cp == 0x061C;
}

/* Quotes need no reference between tags: only in attribute values. */
static const unsigned char quote[256] = {['"'] = 1, ['\''] = 1};

static void escape(cvx_buf *b, const char *s, size_t n, bool attr) {
  size_t i = 0;
  while (i < n) {
    size_t j = i;
    for (;;) {
#ifdef __SSE2__
      /* sixteen bytes at a time: a signed compare below 0x20 catches the
       * controls and every non-ASCII byte at once */
      const __m128i sp = _mm_set1_epi8(0x20), nl = _mm_set1_epi8('\n'), amp = _mm_set1_epi8('&'),
                    lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'), del = _mm_set1_epi8(0x7f),
                    dq = _mm_set1_epi8('"'), sq = _mm_set1_epi8('\'');
      while (j + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + j));
        __m128i m = _mm_andnot_si128(_mm_cmpeq_epi8(v, nl), _mm_cmplt_epi8(v, sp));
        m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, amp), _mm_cmpeq_epi8(v, lt)));
        m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, gt), _mm_cmpeq_epi8(v, del)));
        if (attr) m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, dq), _mm_cmpeq_epi8(v, sq)));
        int bits = _mm_movemask_epi8(m);
        if (bits) {
          j += (size_t)__builtin_ctz((unsigned)bits);
          break;
        }
        j += 16;
      }
#endif
      /* eight bytes at a time past the run, then the byte that stopped it */
      while (j + 8 <= n) {
        uint64_t x = swar_load8(s + j);
        /* controls but newline (a run goes on over line ends), the
         * specials, DEL and non-ASCII stop it */
        uint64_t m = swar_nonascii(x) | (swar_less_exact(x, 0x20) & ~swar_eq_exact(x, '\n')) |
                     swar_eq_exact(x, '&') | swar_eq_exact(x, '<') | swar_eq_exact(x, '>') |
                     swar_eq_exact(x, 0x7f) | (attr ? swar_eq_exact(x, '"') | swar_eq_exact(x, '\'') : 0);
        if (m) {
          j += (size_t)__builtin_ctzll(m) / 8;
          break;
        }
        j += 8;
      }
      if (j >= n) break;
      unsigned char c = (unsigned char)s[j];
      if (special[c] && (attr || !quote[c])) break;
      j++; /* a tab or newline (or a quote between tags): part of the run */
    }
    if (j > i) cvx_buf_put(b, s + i, j - i);
    if (j >= n) break;
    i = j;
    unsigned char c = (unsigned char)s[i];
    switch (c) {
    case '&': cvx_buf_put(b, "&amp;", 5); i++; continue;
    case '<': cvx_buf_put(b, "&lt;", 4); i++; continue;
    case '>': cvx_buf_put(b, "&gt;", 4); i++; continue;
    case '"': cvx_buf_put(b, "&quot;", 6); i++; continue;
    case '\'': cvx_buf_put(b, "&#39;", 5); i++; continue;
    case '\t': case '\n': cvx_buf_putc(b, (char)c); i++; continue;
    default: break;
    }
    char enc[4];
    if (c == 0) {
      cvx_buf_put(b, enc, cvx_utf8_encode(enc, 0xFFFD));
      i++;
    } else if (c < 0x20 || c == 0x7f) {
      cvx_buf_put(b, enc, cvx_utf8_encode(enc, c == 0x7f ? 0x2421 : 0x2400u + c));
      i++;
    } else {
      uint32_t cp;
      size_t len = cvx_utf8_decode(s, n, i, &cp);
      if (bidi_control(cp))
        cvx_buf_printf(b, "[U+%04X]", (unsigned)cp);
      else if (cp == 0xFFFD && len == 1)
        cvx_buf_put(b, enc, cvx_utf8_encode(enc, 0xFFFD));
      else
        cvx_buf_put(b, s + i, len); /* a well-formed sequence, copied as is */
      i += len;
    }
  }
}

void cvx_html_text(cvx_buf *b, const char *s, size_t n) { escape(b, s, n, true); }

void cvx_html_body(cvx_buf *b, const char *s, size_t n) { escape(b, s, n, false); }

static bool prefix_ci(const char *s, size_t n, const char *p) {
  size_t k = strlen(p);
  if (n < k) return false;
  for (size_t i = 0; i < k; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c != p[i]) return false;
  }
  return true;
}

bool cvx_html_url_ok(const char *s, size_t n) {
  size_t rest;
  if (prefix_ci(s, n, "https://")) rest = 8;
  else if (prefix_ci(s, n, "http://")) rest = 7;
  else if (prefix_ci(s, n, "mailto:")) rest = 7;
  else return false;
  if (rest >= n) return false;
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c <= 0x20 || c == 0x7f) return false;
    if (c < 0x80) {
      i++;
      continue;
    }
    uint32_t cp;
    size_t len = cvx_utf8_decode(s, n, i, &cp);
    if ((cp == 0xFFFD && len == 1) || bidi_control(cp) || (cp >= 0x80 && cp < 0xA0) || cp == 0x2028 ||
        cp == 0x2029)
      return false;
    i += len;
  }
  return true;
}

bool cvx_html_url(cvx_buf *b, const char *s, size_t n) {
  if (!cvx_html_url_ok(s, n)) return false;
  cvx_html_text(b, s, n);
  return true;
}

void cvx_html_path(cvx_buf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~') {
      cvx_buf_putc(b, (char)c);
    } else {
      char e[3] = {'%', hex[c >> 4], hex[c & 15]};
      cvx_buf_put(b, e, 3);
    }
  }
}
