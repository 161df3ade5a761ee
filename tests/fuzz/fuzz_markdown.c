/* fuzz_markdown.c — libFuzzer target: the Markdown block builder
 * (cvx_markdown_blocks) and the interpreter that reads its blocks. */
#include "fuzz_common.h"

#include "markdown.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (!src) return 0;
  cvx_doc *doc = fuzz_doc(a, src, &dx);
  cvx_blocks bl = {0};
  if (cvx_markdown_blocks(doc, &bl) == CVX_OK) {
    for (const cvx_block *b = bl.head; b; b = b->next)
      if (cvx_span_valid(b->span) && b->span.end > src->len) abort();
    cvx_status st = cvx_interpret(doc, &bl, "markdown");
    (void)st;
  }
  cvx_arena_free(a);
  return 0;
}
