/* fuzz_fieldlabel.c — libFuzzer target: the field labeller of entry headers
 * (fieldlabel.h) with the built-in model on a header made from the input:
 * the first byte picks the entry's kind, the rest is the header text, and
 * the rules' field of each byte is made from the byte itself. Tokens must
 * lie inside the text in order and never overlap, every label must be a
 * class, and features must be the same twice. */
#include "convert.h"
#include "fieldlabel.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!ready) {
    if (!cvx_convert_init()) abort();
    ready = true;
  }
  if (size < 1 || size > 1 << 16) return 0;
  static const cvx_rec_kind kinds[] = {CVX_REC_WORK, CVX_REC_EDUCATION, CVX_REC_VOLUNTEER};
  cvx_rec_kind kind = kinds[data[0] % 3];
  size_t n = size - 1;
  const char *s = (const char *)data + 1;
  unsigned char *rule = malloc(n + 1);
  cvx_ftok *tok = malloc((CVX_FIELD_MAX_TOKENS + 1) * sizeof *tok);
  if (!rule || !tok) abort();
  for (size_t i = 0; i < n; i++) rule[i] = (unsigned char)(data[1 + i] % CVX_FLD_NCLASSES);
  size_t nt = cvx_field_tokens(s, n, tok, CVX_FIELD_MAX_TOKENS);
  if (nt > CVX_FIELD_MAX_TOKENS + 1) abort();
  size_t m = nt > CVX_FIELD_MAX_TOKENS ? CVX_FIELD_MAX_TOKENS : nt;
  for (size_t i = 0; i < m; i++) {
    if (tok[i].a >= tok[i].z || tok[i].z > n) abort();
    if (i && (tok[i].a < tok[i - 1].z || tok[i].line < tok[i - 1].line)) abort();
  }
  if (nt <= CVX_FIELD_MAX_TOKENS && n <= CVX_FIELD_MAX_BYTES) {
    int lab[CVX_FIELD_MAX_TOKENS];
    if (cvx_field_label(kind, s, n, tok, nt, rule, lab))
      for (size_t i = 0; i < nt; i++)
        if (lab[i] < 0 || lab[i] >= CVX_FLD_NCLASSES) abort();
    if (nt) {
      cvx_features *a = calloc(nt, sizeof *a), *b = calloc(nt, sizeof *b);
      if (!a || !b) abort();
      for (size_t i = 0; i < nt; i++) {
        cvx_features_init(&a[i]);
        cvx_features_init(&b[i]);
      }
      cvx_field_features(kind, s, n, tok, nt, rule, a);
      cvx_field_features(kind, s, n, tok, nt, rule, b);
      for (size_t i = 0; i < nt; i++) {
        if (a[i].n != b[i].n || (a[i].n && memcmp(a[i].h, b[i].h, a[i].n * sizeof *a[i].h) != 0)) abort();
        cvx_features_free(&a[i]);
        cvx_features_free(&b[i]);
      }
      free(a);
      free(b);
    }
  }
  free(rule);
  free(tok);
  return 0;
}
