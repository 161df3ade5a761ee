/* fuzz_pdf.c — libFuzzer target: the PDF reader (poppler underneath, then
 * segments, columns, page furniture and blocks) and the interpreter. An input
 * that does not open with "%PDF-" gets it, so every input reaches the reader. */
#include "fuzz_doc_common.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 5 && memcmp(data, "%PDF-", 5) == 0) return fuzz_document(data, size);
  uint8_t *buf = malloc(size + 5);
  if (!buf) return 0;
  memcpy(buf, "%PDF-", 5);
  if (size) memcpy(buf + 5, data, size);
  fuzz_document(buf, size + 5);
  free(buf);
  return 0;
}
