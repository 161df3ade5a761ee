/* fuzz_frontmatter.c — libFuzzer target: the YAML/TOML front matter extractor
 * on a page (the input gets a "---" fence when it has none, so the fuzzer
 * spends its time inside YAML). */
#include "fuzz_common.h"

#include "frontmatter.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t *buf = NULL;
  if (size < 3 || (memcmp(data, "---", 3) != 0 && memcmp(data, "+++", 3) != 0)) {
    buf = malloc(size + 4);
    memcpy(buf, "---\n", 4);
    if (size) memcpy(buf + 4, data, size);
    data = buf;
    size += 4;
  }
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (src) {
    cvx_span block, yaml;
    if (cvx_frontmatter_span(src, &block, &yaml) &&
        (block.end > src->len || yaml.start < block.start || yaml.end > block.end))
      abort();
    (void)fuzz_doc(a, src, &dx);
    cvx_arena_free(a);
  }
  free(buf);
  return 0;
}
