/* fuzz_common.h — shared helpers for the libFuzzer targets: decode the fuzz
 * input into a source and a document the way convert.c does. */
#ifndef CVX_FUZZ_COMMON_H
#define CVX_FUZZ_COMMON_H

#include "blocks.h"
#include "cvx.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

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

/* The body of the block-builder targets: decodes data, builds blocks with
 * build, aborts when a block span leaves the source, then interprets them as
 * origin. Returns 0 for libFuzzer. */
static inline int fuzz_blocks(const uint8_t *data, size_t size,
                              cvx_status (*build)(cvx_doc *, cvx_blocks *), const char *origin) {
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (!src) return 0;
  cvx_doc *doc = fuzz_doc(a, src, &dx);
  cvx_blocks bl = {0};
  /* block texts read in the source text: the source comes back whole */
  char *before = cvx_arena_strndup(a, src->text, src->len);
  if (build(doc, &bl) == CVX_OK) {
    for (const cvx_block *b = bl.head; b; b = b->next) {
      if (cvx_span_valid(b->span) && b->span.end > src->len) abort();
      if (b->text[b->len] != '\0') abort(); /* every text ends where its length says */
    }
    cvx_status st = cvx_interpret(doc, &bl, origin);
    (void)st;
  }
  cvx_doc_unseal(doc);
  if (memcmp(before, src->text, src->len) != 0) abort();
  cvx_arena_free(a);
  return 0;
}

#endif
