/* fuzz_convert.c — libFuzzer target: the whole pipeline (cvx_convert_bytes)
 * with every output on (JSON with provenance, BibTeX, CSV); the first byte
 * picks the option variants. Checks that valid JSON output is JSON (the
 * syntax check of fuzz_json.h: the JSON is written by hand, from the tree). */
#include "convert.h"
#include "fuzz_json.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool ready;
  if (!ready) {
    if (!cvx_convert_init()) abort();
    ready = true;
  }
  unsigned flags = size ? data[0] : 0;
  cvx_convert_opts o = {
      .provenance = (flags & 1) != 0,
      .want_json = true,
      .want_bib = true,
      .want_csv = true,
      .bib_ascii = (flags & 2) != 0,
      .compact = (flags & 4) != 0,
      .excel = (flags & 8) != 0,
      .today = "2026-09",
  };
  cvx_result res;
  cvx_convert_bytes("fuzz.md", data, size, &o, &res);
  if (res.status == CVX_OK && res.json_valid && res.json.len) {
    if (!json_syntax_ok(res.json.ptr, res.json.len)) abort(); /* we emitted JSON that does not parse */
  }
  cvx_result_free(&res);
  return 0;
}
