/* fuzz_common.h — shared helpers for the libFuzzer targets: decode the fuzz
 * input into a source and a document the way convert.c does. */
#ifndef CVX_FUZZ_COMMON_H
#define CVX_FUZZ_COMMON_H

#include "cvx.h"

#include <stddef.h>
#include <stdint.h>

/* Decodes data into a source in a fresh arena; returns NULL (arena freed) when
 * the input is refused (binary, undecodable). Limits match the CLI default. */
static inline cvx_source *fuzz_source(const uint8_t *data, size_t size, cvx_arena **out_arena,
                                      cvx_diags *dx) {
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags_init(dx, a);
  cvx_source *src = NULL;
  cvx_load_opts lo = {0};
  if (cvx_source_from_bytes(a, "fuzz", data, size, &lo, &src, dx) != CVX_OK || !src) {
    cvx_arena_free(a);
    *out_arena = NULL;
    return NULL;
  }
  *out_arena = a;
  return src;
}

/* Runs the preamble (front matter) and hides markup, as convert.c does before
 * a body extractor reads doc->view. */
static inline cvx_doc *fuzz_doc(cvx_arena *a, cvx_source *src, cvx_diags *dx) {
  cvx_doc *doc = cvx_doc_new(a, src, dx);
  if (cvx_extractor_frontmatter.accepts(src)) {
    cvx_status st = cvx_extractor_frontmatter.extract(src, doc, dx);
    (void)st;
  }
  cvx_hide_markup(doc, doc->body_start);
  return doc;
}

#endif
