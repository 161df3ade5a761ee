/* fuzz_validate.c — libFuzzer target: cvx validate on one input (every rule
 * on; an input that starts with '{' or '[' is read as a JSON Resume file,
 * any other as a page; bit 1 of the first byte disables two codes), its
 * diagnostics rendered in every --format to memory. Checks that the json and
 * sarif documents parse and that every reported position is in the source.
 * The documents are checked by fuzz_json.h's syntax check, which builds no
 * tree (the SARIF document's rule table, the same for every input, made
 * jansson's parse a quarter of the target's time); the json document is
 * parsed by jansson too, and the two must agree. */
#define _GNU_SOURCE /* open_memstream */
#include "convert.h"
#include "fuzz_json.h"
#include "report.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Renders res in format f into memory; aborts when a json or sarif document
 * does not parse. */
static void render(cvx_report_format f, const char *display, const cvx_result *res) {
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  if (!out) abort();
  cvx_reporter *r = cvx_reporter_new(f, out);
  if (r) {
    cvx_reporter_add(r, display, res);
    cvx_reporter_finish(r);
  }
  fclose(out);
  if (f == CVX_REPORT_JSON || f == CVX_REPORT_SARIF) {
    if (!json_syntax_ok(buf, len)) abort(); /* the report is not JSON */
  }
  if (f == CVX_REPORT_JSON) {
    json_error_t e;
    json_t *j = json_loadb(buf, len, 0, &e);
    if (!j) abort(); /* jansson disagrees with the syntax check */
    json_decref(j);
  }
  free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool ready;
  if (!ready) {
    if (!cvx_convert_init()) abort();
    ready = true;
  }
  unsigned flags = size ? data[0] : 0;
  static const char *const disabled[] = {"link.empty", "heading.empty", NULL};
  cvx_convert_opts o = {
      .want_json = true, /* as validate runs it */
      .rules = true,
      .today = "2026-09",
      .disabled = (flags & 2) ? disabled : NULL,
  };
  size_t k = 0;
  while (k < size && (data[k] == ' ' || data[k] == '\n' || data[k] == '\t' || data[k] == '\r')) k++;
  const char *display = k < size && (data[k] == '{' || data[k] == '[') ? "fuzz.json" : "fuzz.md";
  cvx_result res;
  cvx_convert_bytes(display, data, size, &o, &res);
  unsigned max_line = 1;
  for (size_t i = 0; i < size; i++) max_line += data[i] == '\n' || data[i] == '\r';
  for (size_t i = 0; i < res.nitems; i++)
    if (res.items[i].line > max_line) abort(); /* a position outside the source */
  render(CVX_REPORT_TEXT, display, &res);
  render(CVX_REPORT_GITHUB, display, &res);
  render(CVX_REPORT_JSON, display, &res);
  render(CVX_REPORT_SARIF, display, &res);
  cvx_result_free(&res);
  return 0;
}
