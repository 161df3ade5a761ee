/* fuzz_docx.c — libFuzzer target: the DOCX and ODT reader (libzip, libxml2,
 * the walk over paragraphs, lists, tables and links) and the interpreter. An
 * input that is not a zip is taken as word/document.xml and stored in one
 * (with a styles part when it holds a ``\0'' split), so the fuzzer reaches
 * the XML walk as well as the zip reader. */
#include "fuzz_doc_common.h"

#include <string.h>
#include <zip.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A zip holding the parts, made in memory with libzip. */
static int as_zip(const uint8_t *data, size_t size) {
  zip_error_t ze;
  zip_error_init(&ze);
  zip_source_t *out = zip_source_buffer_create(NULL, 0, 0, &ze);
  zip_t *z = out ? zip_open_from_source(out, ZIP_TRUNCATE, &ze) : NULL;
  if (!z) {
    if (out) zip_source_free(out);
    zip_error_fini(&ze);
    return 0;
  }
  zip_source_keep(out);
  const uint8_t *nul = memchr(data, 0, size);
  size_t n1 = nul ? (size_t)(nul - data) : size;
  zip_source_t *doc = zip_source_buffer(z, data, n1, 0);
  if (doc && zip_file_add(z, "word/document.xml", doc, 0) < 0) zip_source_free(doc);
  if (nul) {
    zip_source_t *sty = zip_source_buffer(z, nul + 1, size - n1 - 1, 0);
    if (sty && zip_file_add(z, "word/styles.xml", sty, 0) < 0) zip_source_free(sty);
  }
  if (zip_close(z) < 0) zip_discard(z);
  zip_stat_t st;
  if (zip_source_stat(out, &st) == 0 && zip_source_open(out) == 0) {
    uint8_t *buf = malloc(st.size ? st.size : 1);
    zip_int64_t got = buf ? zip_source_read(out, buf, st.size) : -1;
    zip_source_close(out);
    if (got > 0) fuzz_document(buf, (size_t)got);
    free(buf);
  }
  zip_source_free(out);
  zip_error_fini(&ze);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 4 && memcmp(data, "PK\x03\x04", 4) == 0) return fuzz_document(data, size);
  return as_zip(data, size);
}
