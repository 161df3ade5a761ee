/* fuzz_yamldata.c — libFuzzer target: the YAML data CV extractor on a whole
 * file (named .yml, so it always claims the input), then every span checked
 * against the source. */
#include "fuzz_common.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (!src) return 0;
  src->path = "fuzz.yml";
  cvx_doc *doc = cvx_doc_new(a, src, &dx);
  if (!cvx_extractor_yamldata.accepts(src)) abort();
  if (cvx_extractor_yamldata.extract(src, doc, &dx) != CVX_OK) abort();
  (void)cvx_extractor_yamldata.accepts(src); /* the sniff on the same text */
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (cvx_span_valid(r->span) && r->span.end > src->len) abort();
    for (const cvx_field *f = r->fields; f; f = f->next)
      if (!f->value[0] || (cvx_span_valid(f->span) && f->span.end > src->len)) abort();
  }
  cvx_arena_free(a);
  return 0;
}
