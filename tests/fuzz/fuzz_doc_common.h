/* fuzz_doc_common.h — the body of the binary document targets: the reader
 * decodes the input (cvx_source_from_bytes dispatches on the first bytes),
 * every block and link span must lie inside the text it made, and the
 * interpreter reads the blocks. */
#ifndef CVX_FUZZ_DOC_COMMON_H
#define CVX_FUZZ_DOC_COMMON_H

#include "fuzz_common.h"
#include "layout.h"

static inline int fuzz_document(const uint8_t *data, size_t size) {
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (!src) return 0;
  if (src->layout) {
    for (const cvx_block *b = src->layout->blocks.head; b; b = b->next) {
      if (!cvx_span_valid(b->span) || b->span.end > src->len) abort();
      for (size_t i = 0; i < cvx_block_nlinks(b); i++)
        if (cvx_span_valid(cvx_block_links(b)[i].span) && cvx_block_links(b)[i].span.end > src->len) abort();
    }
    for (size_t i = 0; i < src->npages; i++)
      if (src->pages[i] > src->len) abort();
    cvx_doc *doc = cvx_doc_new(a, src, &dx);
    cvx_status st = cvx_layout_extract(src, doc, src->layout->format);
    (void)st;
  }
  cvx_arena_free(a);
  return 0;
}

#endif
