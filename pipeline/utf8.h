/* utf8.h — the one UTF-8 decoder and encoder that every module uses: reading
 * never goes past the end and never yields an invalid code point; writing
 * always yields a well-formed sequence. */
#ifndef CVX_UTF8_H
#define CVX_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decodes one code point from s[i,n) into *cp and returns its byte length
 * (1..4). An invalid, overlong, surrogate or truncated sequence returns 1 and
 * sets *cp to U+FFFD, so callers always advance and never read past n. */
static inline size_t cvx_utf8_decode(const char *s, size_t n, size_t i, uint32_t *cp) {
  const unsigned char *p = (const unsigned char *)s + i;
  size_t left = n - i;
  unsigned char c = p[0];
  uint32_t v, min;
  size_t len;
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2, v = c & 0x1Fu, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3, v = c & 0x0Fu, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4, v = c & 0x07u, min = 0x10000;
  } else {
    *cp = 0xFFFD;
    return 1;
  }
  if (left < len) {
    *cp = 0xFFFD;
    return 1;
  }
  for (size_t k = 1; k < len; k++) {
    if ((p[k] & 0xC0) != 0x80) {
      *cp = 0xFFFD;
      return 1;
    }
    v = (v << 6) | (p[k] & 0x3Fu);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
    *cp = 0xFFFD;
    return 1;
  }
  *cp = v;
  return len;
}

/* Encodes cp into out (room for 4 bytes) and returns the byte count (1..4).
 * A surrogate or a value past U+10FFFF is written as U+FFFD. */
static inline size_t cvx_utf8_encode(char *out, uint32_t cp) {
  if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) cp = 0xFFFD;
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

#endif
