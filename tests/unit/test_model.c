/* test_model.c — the trained-decision engine: feature sets, the model file
 * format (good and broken files), prediction against hand-computed scores,
 * and averaged-perceptron training (learns a separable toy task, gives the
 * same bytes twice, leaves held-out groups out). */
#include "model.h"

#include "check.h"

#include <math.h>
#include <stdlib.h>

static void run_features(void) {
  cvx_features f;
  cvx_features_init(&f);
  cvx_features_add(&f, "w:", "alpha", 5);
  cvx_features_add(&f, "w:", "beta", 4);
  cvx_features_add(&f, "w:", "alpha", 5);
  cvx_features_add(&f, "w:alpha", NULL, 0); /* the same name, split differently */
  cvx_features_close(&f);
  CHECK(f.n == 2, "duplicates counted once: got %zu features", f.n);
  CHECK(f.h[0] < f.h[1], "features sorted");
  cvx_features_clear(&f);
  CHECK(f.n == 0, "cleared");
  cvx_features_free(&f);
}

static int cmp_hash(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Closing sorts and deduplicates sets of every size (the small ones and
 * the large ones take different sorts), with repeats, against qsort. */
static void run_close(void) {
  uint64_t seed = 12345;
  size_t bad = 0;
  for (size_t n = 0; n <= 600; n += n < 300 ? 1 : 37) {
    cvx_features f;
    cvx_features_init(&f);
    uint32_t want[700];
    for (size_t i = 0; i < n; i++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      /* a narrow range every third size, so that values repeat */
      uint32_t h = (uint32_t)(seed >> 32) % (n % 3 == 0 ? 50u : 0xffffffffu);
      cvx_features_add_hash(&f, h);
      want[i] = h;
    }
    qsort(want, n, sizeof *want, cmp_hash);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
      if (!u || want[i] != want[u - 1]) want[u++] = want[i];
    cvx_features_close(&f);
    if (f.n != u || (u && memcmp(f.h, want, u * sizeof *want) != 0)) bad++;
    cvx_features_free(&f);
  }
  CHECK(bad == 0, "%zu set sizes closed unlike qsort and dedup", bad);
}

/* The hash a one-feature set gets, for writing model files by hand. */
static unsigned hash_of(const char *name) {
  cvx_features f;
  cvx_features_init(&f);
  cvx_features_add(&f, name, NULL, 0);
  unsigned h = f.h[0];
  cvx_features_free(&f);
  return h;
}

static void run_parse(void) {
  static const struct {
    const char *text;
    const char *err; /* substring of the error, or NULL when it parses */
  } cases[] = {
      {"cvx-model 1 t\nclasses a b\n", NULL},
      {"cvx-model 1 t\n# comment\nclasses a b\n00000001 1 -1\n00000002 0.5 0\n", NULL},
      {"", "not a cvx model"},
      {"cvx-model 2 t\nclasses a\n", "not a cvx model"},
      {"cvx-model 1 t\n00000001 1\n", "before the classes"},
      {"cvx-model 1 t\nclasses a b\nclasses c\n", "twice"},
      {"cvx-model 1 t\nclasses a b\nzz 1 1\n", "bad feature hash"},
      {"cvx-model 1 t\nclasses a b\n00000001 1\n", "missing weight"},
      {"cvx-model 1 t\nclasses a b\n00000001 1 nan\n", "bad or missing weight"},
      {"cvx-model 1 t\nclasses a b\n00000002 1 1\n00000001 1 1\n", "ascending"},
      {"cvx-model 1 t\nclasses a b\n100000000 1 1\n", "bad feature hash"},
      {"cvx-model 1 t\n", "no classes"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char err[128] = "";
    cvx_model *m = cvx_model_parse(cases[i].text, strlen(cases[i].text), err, sizeof err);
    if (!cases[i].err) {
      CHECK(m != NULL, "case %zu: %s", i, err);
    } else {
      CHECK(m == NULL && strstr(err, cases[i].err), "case %zu: want error '%s', got '%s'", i, cases[i].err, err);
    }
    cvx_model_free(m);
  }
}

/* Weights read as strtof reads them, bit for bit: every spelling the
 * trainer writes ("%.2f" and "0") up to 100,000 hundredths either side, a
 * sample beyond, and the spellings left to strtof. */
static void run_weights(void) {
  size_t bad = 0;
  char buf[64], *e1, *e2;
  for (long v = -10000000; v <= 10000000; v += v > -100000 && v < 100000 ? 1 : 997) {
    long a = v < 0 ? -v : v;
    snprintf(buf, sizeof buf, "%s%ld.%02ld", v < 0 ? "-" : "", a / 100, a % 100);
    float x = cvx_model_parse_weight(buf, &e1), y = strtof(buf, &e2);
    if (memcmp(&x, &y, sizeof x) != 0 || e1 != e2) bad++;
  }
  CHECK(bad == 0, "%zu weights read unlike strtof", bad);
  static const char *const odd[] = {" 0",   "0",    "-0.00", "7",     "-3.5",     "1.",  ".5",   "1e3",  "+2",
                                    "0x1p2", "  4", "1.234", "12345678901", "-",  "inf", "nan", "4\r",  "3\t1",
                                    "2.50 1", "x",  ""};
  for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
    float x = cvx_model_parse_weight(odd[i], &e1), y = strtof(odd[i], &e2);
    CHECK((memcmp(&x, &y, sizeof x) == 0 || (x != x && y != y)) && e1 == e2, "weight '%s': %g at %td, strtof %g at %td",
          odd[i], (double)x, e1 - odd[i], (double)y, e2 - odd[i]);
  }
}

/* Models of any class count (rows padded to blocks of 8 inside) score as
 * the sum of their rows, in the feature set's order. */
static void run_widths(void) {
  unsigned x = hash_of("x"), y = hash_of("y");
  unsigned lo = x < y ? x : y, hi = x < y ? y : x;
  static const int widths[] = {1, 3, 7, 8, 9, 17, 32};
  for (size_t c = 0; c < sizeof widths / sizeof widths[0]; c++) {
    int k = widths[c];
    cvx_buf b = CVX_BUF_INIT;
    cvx_buf_puts(&b, "cvx-model 1 t\nclasses");
    for (int i = 0; i < k; i++) cvx_buf_printf(&b, " c%d", i);
    cvx_buf_printf(&b, "\n%08x", lo);
    for (int i = 0; i < k; i++) cvx_buf_printf(&b, " %d.25", i);
    cvx_buf_printf(&b, "\n%08x", hi);
    for (int i = 0; i < k; i++) cvx_buf_printf(&b, " -%d", 2 * i);
    cvx_buf_putc(&b, '\n');
    char err[128];
    cvx_model *m = cvx_model_parse(b.ptr, b.len, err, sizeof err);
    cvx_buf_free(&b);
    CHECK(m != NULL, "width %d: %s", k, err);
    if (!m) continue;
    cvx_features f;
    cvx_features_init(&f);
    cvx_features_add(&f, "x", NULL, 0);
    cvx_features_add(&f, "y", NULL, 0);
    float sc[CVX_MODEL_MAX_CLASSES];
    int best = cvx_model_predict(m, &f, sc);
    bool ok = best == 0;
    for (int i = 0; i < k; i++) ok &= sc[i] == (float)i + 0.25f - (float)(2 * i);
    CHECK(ok, "width %d: scores are the row sums, best class 0 (got %d)", k, best);
    const float *row = cvx_model_row(m, hi);
    CHECK(row && row[k - 1] == (float)(-2 * (k - 1)), "width %d: row of a hash", k);
    cvx_features_free(&f);
    cvx_model_free(m);
  }
}

static void run_predict(void) {
  unsigned x = hash_of("x"), y = hash_of("y");
  char text[256];
  /* keys ascending in the file */
  unsigned lo = x < y ? x : y, hi = x < y ? y : x;
  float wlo[3] = {1.0f, -2.0f, 0.5f}, whi[3] = {0.25f, 3.0f, 0.0f};
  snprintf(text, sizeof text, "cvx-model 1 t\nclasses a b c\n%08x %g %g %g\n%08x %g %g %g\n", lo, wlo[0], wlo[1],
           wlo[2], hi, whi[0], whi[1], whi[2]);
  char err[128];
  cvx_model *m = cvx_model_parse(text, strlen(text), err, sizeof err);
  CHECK(m != NULL, "parse: %s", err);
  if (!m) return;
  CHECK(cvx_model_nclasses(m) == 3, "three classes");
  CHECK_STR(cvx_model_class(m, 1), "b", "class 1");
  CHECK(cvx_model_class_index(m, "c") == 2 && cvx_model_class_index(m, "d") == -1, "class index");
  cvx_features f;
  cvx_features_init(&f);
  cvx_features_add(&f, "x", NULL, 0);
  cvx_features_add(&f, "y", NULL, 0);
  cvx_features_add(&f, "unknown", NULL, 0);
  cvx_features_close(&f);
  float sc[3];
  int best = cvx_model_predict(m, &f, sc);
  /* x and y both present: the sums of their rows; the unknown feature adds nothing */
  CHECK(fabsf(sc[0] - 1.25f) < 1e-6f && fabsf(sc[1] - 1.0f) < 1e-6f && fabsf(sc[2] - 0.5f) < 1e-6f,
        "scores %g %g %g", sc[0], sc[1], sc[2]);
  CHECK(best == 0, "best class a, got %d", best);
  cvx_features_clear(&f);
  cvx_features_close(&f);
  best = cvx_model_predict(m, &f, sc);
  CHECK(best == 0 && sc[0] == 0 && sc[1] == 0, "no features: all zero, ties go to the first class");
  cvx_features_free(&f);
  cvx_model_free(m);
}

/* A toy task: class 0 has feature "a", class 1 feature "b", both share
 * "bias" and noise features; every example is in group i. */
static cvx_trainset *toy(void) {
  static const char *const classes[] = {"left", "right"};
  cvx_trainset *t = cvx_trainset_new(2, classes);
  cvx_features f;
  cvx_features_init(&f);
  for (unsigned i = 0; i < 40; i++) {
    cvx_features_clear(&f);
    cvx_features_add(&f, "bias", NULL, 0);
    cvx_features_add(&f, i % 2 ? "b" : "a", NULL, 0);
    char noise[16];
    snprintf(noise, sizeof noise, "n%u", i % 5);
    cvx_features_add(&f, noise, NULL, 0);
    cvx_features_close(&f);
    cvx_trainset_add(t, (int)(i % 2), &f, i);
  }
  cvx_features_add(&f, "x", NULL, 0);
  cvx_trainset_add(t, 7, &f, 0); /* a label out of range is ignored */
  cvx_features_free(&f);
  return t;
}

static void run_train(void) {
  cvx_trainset *t = toy();
  CHECK(cvx_trainset_size(t) == 40, "40 examples, got %zu", cvx_trainset_size(t));
  cvx_buf one = CVX_BUF_INIT, two = CVX_BUF_INIT, held = CVX_BUF_INIT;
  cvx_trainset_train(t, 5, 0, 0, "toy", &one);
  cvx_trainset_train(t, 5, 0, 0, "toy", &two);
  CHECK(one.len == two.len && memcmp(one.ptr, two.ptr, one.len) == 0, "training is deterministic");
  CHECK(strncmp(one.ptr, "cvx-model 1 toy\nclasses left right\n", 35) == 0, "header: %.40s", one.ptr);
  char err[128];
  cvx_model *m = cvx_model_parse(one.ptr, one.len, err, sizeof err);
  CHECK(m != NULL, "the trained model parses: %s", err);
  size_t n = 0;
  if (m) CHECK(cvx_trainset_accuracy(t, m, 0, 0, &n) == 1.0 && n == 40, "learns the toy task");
  cvx_model_free(m);
  /* four folds: fold 1 held out; its examples are scored, the rest trained */
  cvx_trainset_train(t, 5, 4, 1, "toy", &held);
  m = cvx_model_parse(held.ptr, held.len, err, sizeof err);
  if (m) {
    double acc = cvx_trainset_accuracy(t, m, 4, 1, &n);
    CHECK(n == 10 && acc == 1.0, "held-out fold: %zu examples, accuracy %.2f", n, acc);
  }
  cvx_model_free(m);
  cvx_buf_free(&one);
  cvx_buf_free(&two);
  cvx_buf_free(&held);
  cvx_trainset_free(t);
}

int main(void) {
  run_features();
  run_close();
  run_parse();
  run_weights();
  run_widths();
  run_predict();
  run_train();
  return check_done("model");
}
