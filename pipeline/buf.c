/* buf.c — the growable string buffer: never-NULL, always NUL-terminated,
 * 1.5x growth with overflow checks. */
#include "cvx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cvx_buf_init(cvx_buf *b) {
  b->ptr = (char *)"";
  b->len = 0;
  b->cap = 0;
}

void cvx_buf_free(cvx_buf *b) {
  if (b->cap) free(b->ptr);
  cvx_buf_init(b);
}

void cvx_buf_reserve(cvx_buf *b, size_t extra) {
  if (extra > SIZE_MAX - b->len - 1) {
    fprintf(stderr, "cvx: buffer size overflow\n");
    abort();
  }
  size_t need = b->len + extra + 1;
  if (need <= b->cap) return;
  /* 256 bytes at first: most buffers (a line, a cell, a field) never grow */
  size_t cap = b->cap < 256 ? 256 : b->cap;
  while (cap < need) cap = cap > SIZE_MAX / 3 * 2 ? need : cap + cap / 2;
  if (b->cap) {
    b->ptr = cvx_xrealloc(b->ptr, cap);
  } else {
    b->ptr = cvx_xmalloc(cap);
    b->ptr[0] = '\0';
  }
  b->cap = cap;
}

void (cvx_buf_put)(cvx_buf *b, const void *data, size_t n) {
  if (!n) return;
  if (n < b->cap - b->len) { /* fits: no growth, so data stays where it is even if inside */
    memmove(b->ptr + b->len, data, n);
    b->len += n;
    b->ptr[b->len] = '\0';
    return;
  }
  /* data may point into the buffer itself: keep its offset across a realloc */
  const char *d = data;
  bool inside = b->cap && d >= b->ptr && d < b->ptr + b->cap;
  size_t off = inside ? (size_t)(d - b->ptr) : 0;
  cvx_buf_reserve(b, n);
  if (inside) d = b->ptr + off;
  memmove(b->ptr + b->len, d, n);
  b->len += n;
  b->ptr[b->len] = '\0';
}

void (cvx_buf_puts)(cvx_buf *b, const char *s) { cvx_buf_put(b, s, strlen(s)); }

/* The hot path of every serializer: no call when the byte fits. */
void (cvx_buf_putc)(cvx_buf *b, char c) {
  if (b->len + 1 >= b->cap) cvx_buf_reserve(b, 1);
  b->ptr[b->len++] = c;
  b->ptr[b->len] = '\0';
}

void cvx_buf_vprintf(cvx_buf *b, const char *fmt, va_list ap) {
  /* formatted once into a small block; only a longer text is formatted again */
  char small[256];
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap2);
  va_end(ap2);
  if (n <= 0) return;
  if ((size_t)n < sizeof small) {
    cvx_buf_put(b, small, (size_t)n);
    return;
  }
  cvx_buf_reserve(b, (size_t)n);
  vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void cvx_buf_printf(cvx_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cvx_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void cvx_buf_truncate(cvx_buf *b, size_t len) {
  if (len < b->len) {
    b->len = len;
    b->ptr[len] = '\0';
  }
}

void cvx_buf_clear(cvx_buf *b) { cvx_buf_truncate(b, 0); }

char *cvx_buf_detach(cvx_buf *b) {
  char *p = b->cap ? b->ptr : cvx_xstrdup("");
  cvx_buf_init(b);
  return p;
}
