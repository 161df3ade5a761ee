/* api.c — the library's public interface (cvx_public.h, installed as
 * <cvx.h>): one in-memory input through cvx_convert_bytes, its JSON Resume,
 * BibTeX and diagnostics handed out as plain C strings. Everything else in
 * libcvx is hidden (-fvisibility=hidden); only CVX_API names are exported. */
#include "convert.h"

#include <pthread.h>
#include <stdlib.h>

_Static_assert((int)CVX_LEVEL_NOTE == (int)CVX_NOTE && (int)CVX_LEVEL_WARNING == (int)CVX_WARNING &&
                   (int)CVX_LEVEL_ERROR == (int)CVX_ERROR,
               "public severities are the internal ones");

struct cvx_conversion {
  cvx_result res;
  cvx_diagnostic *diags;
  size_t ndiags, nerrors;
};

/* The shared read-only state (schemas, models) is made once, by whichever
 * thread converts first; it lives until the process ends. */
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static bool init_ok;
static void init(void) { init_ok = cvx_convert_init(); }

cvx_conversion *cvx_convert(const void *bytes, size_t len, const char *name, unsigned flags) {
  if (!bytes && len) return NULL;
  pthread_once(&init_once, init);
  cvx_conversion *c = cvx_xcalloc(1, sizeof *c);
  if (!init_ok) { /* a built-in schema did not parse: a build defect, said on stderr */
    c->diags = cvx_xcalloc(1, sizeof *c->diags);
    c->diags[0] = (cvx_diagnostic){CVX_LEVEL_ERROR, 0, 0, "internal.init", "the library could not start"};
    c->ndiags = c->nerrors = 1;
    return c;
  }
  char today[16];
  cvx_today(today);
  cvx_convert_opts o = {.want_json = true,
                        .want_bib = true,
                        .compact = (flags & CVX_COMPACT) != 0,
                        .provenance = (flags & CVX_PROVENANCE) != 0,
                        .bib_ascii = (flags & CVX_ASCII) != 0,
                        .time_budget_ms = CVX_DEFAULT_TIME_BUDGET_MS,
                        .today = today};
  static const unsigned char none[1];
  cvx_convert_bytes(name ? name : "<memory>", bytes ? bytes : none, len, &o, &c->res);
  c->ndiags = c->res.nitems;
  c->diags = cvx_xcalloc(c->ndiags ? c->ndiags : 1, sizeof *c->diags);
  for (size_t i = 0; i < c->ndiags; i++) {
    const cvx_report_item *it = &c->res.items[i];
    c->diags[i] = (cvx_diagnostic){(cvx_level)it->severity, it->line, it->col, it->code, it->message};
    c->nerrors += it->severity == CVX_ERROR;
  }
  return c;
}

const char *cvx_conversion_json(const cvx_conversion *c, size_t *len) {
  bool has = c && c->res.status == CVX_OK && c->res.json_valid && c->res.json.len;
  if (len) *len = has ? c->res.json.len : 0;
  return has ? c->res.json.ptr : NULL;
}

const char *cvx_conversion_bibtex(const cvx_conversion *c, size_t *len) {
  bool has = c && c->res.bib.len;
  if (len) *len = has ? c->res.bib.len : 0;
  return has ? c->res.bib.ptr : NULL;
}

size_t cvx_conversion_count(const cvx_conversion *c) { return c ? c->ndiags : 0; }

const cvx_diagnostic *cvx_conversion_diagnostic(const cvx_conversion *c, size_t i) {
  return c && i < c->ndiags ? &c->diags[i] : NULL;
}

size_t cvx_conversion_errors(const cvx_conversion *c) { return c ? c->nerrors : 0; }

void cvx_conversion_free(cvx_conversion *c) {
  if (!c) return;
  cvx_result_free(&c->res);
  free(c->diags);
  free(c);
}

const char *cvx_version(void) { return CVX_VERSION; }
