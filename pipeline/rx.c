/* rx.c — the one door to pcre2: patterns compiled once (JIT when available),
 * every match bounded by match, depth and heap limits so no input can hang us. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "grammar.h"

#include <pcre2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct cvx_rx {
  pcre2_code *code;
  bool jit;
  struct cvx_rx *next;
};

static pthread_mutex_t rx_lock = PTHREAD_MUTEX_INITIALIZER;
static cvx_rx *rx_all;
static pcre2_match_context *rx_mctx;

/* Limits: generous for real CV lines, tight enough that a hostile line fails fast. */
#define RX_MATCH_LIMIT 200000u
#define RX_DEPTH_LIMIT 2000u
#define RX_HEAP_LIMIT 4096u /* KiB */

static cvx_rx *compile(const cvx_rx_def *def) {
  int err;
  PCRE2_SIZE erroff;
  pcre2_code *code = pcre2_compile((PCRE2_SPTR)def->pattern, PCRE2_ZERO_TERMINATED,
                                   def->flags | PCRE2_UTF | PCRE2_UCP | PCRE2_NO_UTF_CHECK,
                                   &err, &erroff, NULL);
  if (!code) {
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(err, msg, sizeof msg);
    fprintf(stderr, "cvx: internal error: bad pattern at %zu: %s\n  %s\n", (size_t)erroff,
            (const char *)msg, def->pattern);
    abort();
  }
  cvx_rx *rx = cvx_xcalloc(1, sizeof *rx);
  rx->code = code;
  rx->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
  return rx;
}

static cvx_rx *get(cvx_rx_def *def) {
  cvx_rx *rx = __atomic_load_n(&def->compiled, __ATOMIC_ACQUIRE);
  if (rx) return rx;
  pthread_mutex_lock(&rx_lock);
  rx = def->compiled;
  if (!rx) {
    if (!rx_mctx) {
      rx_mctx = pcre2_match_context_create(NULL);
      if (!rx_mctx) abort();
      pcre2_set_match_limit(rx_mctx, RX_MATCH_LIMIT);
      pcre2_set_depth_limit(rx_mctx, RX_DEPTH_LIMIT);
      pcre2_set_heap_limit(rx_mctx, RX_HEAP_LIMIT);
    }
    rx = compile(def);
    rx->next = rx_all;
    rx_all = rx;
    __atomic_store_n(&def->compiled, rx, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&rx_lock);
  return rx;
}

int cvx_rx_match(cvx_rx_def *def, const char *s, size_t n, size_t start, size_t *ov, int ovn) {
  cvx_rx *rx = get(def);
  if (start > n) return 0;
  pcre2_match_data *md = pcre2_match_data_create_from_pattern(rx->code, NULL);
  if (!md) abort();
  int rc = pcre2_match(rx->code, (PCRE2_SPTR)s, n, start, PCRE2_NO_UTF_CHECK, md, rx_mctx);
  int filled = 0;
  if (rc > 0) {
    PCRE2_SIZE *v = pcre2_get_ovector_pointer(md);
    uint32_t pairs = pcre2_get_ovector_count(md);
    for (int i = 0; i < ovn; i++) {
      if ((uint32_t)i < pairs && i < rc) {
        ov[2 * i] = v[2 * i];
        ov[2 * i + 1] = v[2 * i + 1];
      } else {
        ov[2 * i] = ov[2 * i + 1] = PCRE2_UNSET;
      }
    }
    filled = rc < ovn ? rc : ovn;
    if (filled == 0) filled = 1;
  }
  pcre2_match_data_free(md);
  return filled;
}

void cvx_rx_cleanup(void) {
  pthread_mutex_lock(&rx_lock);
  while (rx_all) {
    cvx_rx *n = rx_all->next;
    pcre2_code_free(rx_all->code);
    free(rx_all);
    rx_all = n;
  }
  if (rx_mctx) pcre2_match_context_free(rx_mctx);
  rx_mctx = NULL;
  pthread_mutex_unlock(&rx_lock);
}
