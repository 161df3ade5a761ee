/* fuzz_source.c — libFuzzer target: source decoding (encodings, BOMs, binary
 * detection, line ends) and the line map built over the result. */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (!src) return 0;
  /* the documented invariants: NUL-terminated, no NUL inside, lines[0] == 0 */
  if (src->text[src->len] != '\0' || memchr(src->text, '\0', src->len)) abort();
  if (src->nlines == 0 || src->lines[0] != 0) abort();
  for (size_t i = 1; i < src->nlines; i++)
    if (src->lines[i] <= src->lines[i - 1] || src->lines[i] > src->len) abort();
  unsigned line, col;
  size_t len;
  for (uint32_t off = 0; off <= src->len; off += 1 + (uint32_t)(src->len / 16)) {
    cvx_source_position(src, off, &line, &col);
    (void)cvx_source_line(src, off, &len);
  }
  cvx_arena_free(a);
  return 0;
}
