/* fuzz_model.c — libFuzzer target: the trained-model file parser (a model
 * file may come from CVX_SECTION_MODEL or `cvx train`) and prediction with
 * what it parsed; the parser must never crash or accept a malformed file
 * that prediction then trips on. */
#include "model.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[128];
  cvx_model *m = cvx_model_parse((const char *)data, size, err, sizeof err);
  if (!m) return 0;
  int k = cvx_model_nclasses(m);
  if (k < 1 || k > CVX_MODEL_MAX_CLASSES) abort();
  for (int i = 0; i < k; i++)
    if (!cvx_model_class(m, i) || cvx_model_class_index(m, cvx_model_class(m, i)) > i) abort();
  cvx_features f;
  cvx_features_init(&f);
  /* features from the input's own words: some of them hit the model's keys */
  for (size_t i = 0; i < size && f.n < 64;) {
    size_t j = i;
    while (j < size && data[j] != ' ' && data[j] != '\n') j++;
    if (j > i) cvx_features_add(&f, "w:", (const char *)data + i, j - i);
    i = j + 1;
  }
  cvx_features_add(&f, "bias", NULL, 0);
  cvx_features_close(&f);
  float sc[CVX_MODEL_MAX_CLASSES];
  int best = cvx_model_predict(m, &f, sc);
  if (best < 0 || best >= k) abort();
  cvx_features_free(&f);
  cvx_model_free(m);
  return 0;
}
