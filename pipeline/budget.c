/* budget.c — the per-file time budget: a hostile or pathological input cannot
 * hold a worker for ever; extraction loops ask cvx_doc_expired and stop, the
 * document keeps what was read and the rest stays visible as unmapped text. */
#include "cvx.h"

#include <time.h>

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void cvx_doc_set_budget(cvx_doc *doc, unsigned ms) {
  doc->budget_ms = ms;
  doc->deadline_ns = ms ? now_ns() + (uint64_t)ms * 1000000u : 0;
  doc->ticks = 0;
  doc->expired = false;
}

bool cvx_doc_expired(cvx_doc *doc) {
  if (doc->expired) return true;
  if (!doc->deadline_ns || (++doc->ticks & 255u) != 0) return false;
  if (now_ns() < doc->deadline_ns) return false;
  doc->expired = true;
  cvx_diag_add(doc->dx, CVX_ERROR, "limit.time", CVX_NOSPAN,
               "gave up after the time budget of %u ms per file (--time-budget); what was read "
               "so far is kept and the rest stays as unmapped text",
               doc->budget_ms);
  return true;
}
