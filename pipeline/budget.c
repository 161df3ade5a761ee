/* budget.c — the per-file time budget: a hostile or pathological input cannot
 * hold a worker for ever; extraction loops and validate rules ask
 * cvx_doc_expired and stop, the document keeps what was read and the rest
 * stays visible as unmapped text. An interrupt (cvx_cancel) stops them too. */
#include "cvx.h"

#include <stdatomic.h>
#include <time.h>

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* An interrupt: when it came (CLOCK_MONOTONIC ns; 0 = none), set from a
 * signal handler (a lock-free atomic store, safe there). The work in hand
 * gets CANCEL_GRACE_NS to finish (a usual file needs milliseconds), then
 * cvx_cancelled turns true and cuts it short. */
static _Atomic uint64_t cancel_at;
#define CANCEL_GRACE_NS 1000000000u

void cvx_cancel(void) {
  uint64_t t = now_ns(); /* clock_gettime is async-signal-safe */
  atomic_store_explicit(&cancel_at, t ? t : 1, memory_order_relaxed);
}

void cvx_cancel_reset(void) { atomic_store_explicit(&cancel_at, 0, memory_order_relaxed); }

bool cvx_cancelled(void) {
  uint64_t at = atomic_load_explicit(&cancel_at, memory_order_relaxed);
  return at && now_ns() >= at + CANCEL_GRACE_NS;
}

void cvx_doc_set_budget(cvx_doc *doc, unsigned ms) {
  doc->budget_ms = ms;
  doc->deadline_ns = ms ? now_ns() + (uint64_t)ms * 1000000u : 0;
  doc->ticks = 0;
  doc->expired = false;
}

bool cvx_doc_expired(cvx_doc *doc) {
  if (doc->expired) return true;
  if (cvx_cancelled()) {
    doc->expired = true;
    return true;
  }
  if (!doc->deadline_ns || (++doc->ticks & 255u) != 0) return false;
  if (now_ns() < doc->deadline_ns) return false;
  doc->expired = true;
  cvx_diag_add(doc->dx, CVX_ERROR, "limit.time", CVX_NOSPAN,
               "gave up after the time budget of %u ms per file (--time-budget); what was read "
               "so far is kept and the rest stays as unmapped text",
               doc->budget_ms);
  return true;
}
