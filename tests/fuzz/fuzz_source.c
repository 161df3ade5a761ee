/* fuzz_source.c — libFuzzer target: source decoding (encodings, BOMs, binary
 * detection, line ends, NFC) and the line map built over the result. */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

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
  /* NFC: the text is its own normalisation (checked on short texts with at
   * most 25 marks in a row, where no piece was cut for length or for more
   * than 30 marks: a composition takes at most 4 marks into its base), and
   * the NFC stretches are sorted, disjoint and inside the text */
  if (src->len < 1024) {
    utf8proc_uint8_t *n = utf8proc_NFC((const utf8proc_uint8_t *)src->text);
    size_t run = 0, most = 0; /* the longest run of combining marks */
    for (size_t i = 0; i < src->len;) {
      utf8proc_int32_t cp;
      utf8proc_ssize_t l = utf8proc_iterate((const utf8proc_uint8_t *)src->text + i, (utf8proc_ssize_t)(src->len - i), &cp);
      if (l <= 0) abort();
      run = utf8proc_get_property(cp)->combining_class ? run + 1 : 0;
      if (run > most) most = run;
      i += (size_t)l;
    }
    if (!n || (most <= 25 && strcmp((const char *)n, src->text) != 0)) abort();
    free(n);
  }
  for (size_t i = 0; i < src->ncolfix; i++)
    if (src->colfix[i].start > src->colfix[i].end || src->colfix[i].end > src->len ||
        (i && src->colfix[i].start < src->colfix[i - 1].end))
      abort();
  unsigned line, col;
  size_t len;
  for (uint32_t off = 0; off <= src->len; off += 1 + (uint32_t)(src->len / 16)) {
    cvx_source_position(src, off, &line, &col);
    (void)cvx_source_line(src, off, &len);
  }
  cvx_arena_free(a);
  return 0;
}
