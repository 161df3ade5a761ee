/* diag.c — collecting diagnostics: {severity, code, span, message} in the
 * document's arena. Printing is the CLI's job (see report.c). */
#include "cvx.h"

#include <stdio.h>

void cvx_diags_init(cvx_diags *dx, cvx_arena *a) {
  dx->arena = a;
  dx->items = NULL;
  dx->n = dx->cap = 0;
  dx->nerrors = dx->nwarnings = 0;
}

/* At most this many diagnostics per document: a hostile file cannot make the
 * list (or the report) grow without bound. */
#define MAX_DIAGS 1000

void cvx_diag_add(cvx_diags *dx, cvx_severity sev, const char *code, cvx_span span,
                  const char *fmt, ...) {
  if (sev == CVX_ERROR) dx->nerrors++;
  if (sev == CVX_WARNING) dx->nwarnings++;
  if (dx->n >= MAX_DIAGS) return;
  if (dx->n == dx->cap) {
    size_t cap = dx->cap ? dx->cap * 2 : 8;
    dx->items = cvx_arena_grow(dx->arena, dx->items, dx->n, cap, sizeof *dx->items);
    dx->cap = cap;
  }
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int len = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *msg = cvx_arena_alloc(dx->arena, len > 0 ? (size_t)len + 1 : 1);
  if (len > 0) vsnprintf(msg, (size_t)len + 1, fmt, ap2);
  va_end(ap2);
  dx->items[dx->n++] = (cvx_diag){sev, code, span, msg};
}

const char *cvx_severity_str(cvx_severity s) {
  switch (s) {
  case CVX_NOTE: return "note";
  case CVX_WARNING: return "warning";
  case CVX_ERROR: return "error";
  }
  return "error";
}
