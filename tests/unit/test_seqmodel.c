/* test_seqmodel.c — the sequence half of the engine: Viterbi against paths
 * computed by hand, transition rows read from a model file, and structured
 * perceptron training (learns a toy task that needs transitions, gives the
 * same bytes twice, leaves held-out groups out) and a stage's model loaded
 * by cvx_seqtask_init. */
#include "seqmodel.h"

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Three tokens, two labels (A = 0, B = 1).
 *   emit:  t0 A 2 B 0 | t1 A 0 B 1 | t2 A 1 B 0.5
 *   trans: start->A 0, start->B 0, A->A 1, A->B -2, B->A 0, B->B 1
 * By hand: d0 = (A 2, B 0); d1(A) = max(2+1, 0+0) + 0 = 3 from A,
 * d1(B) = max(2-2, 0+1) + 1 = 2 from B; d2(A) = max(3+1, 2+0) + 1 = 5 from A,
 * d2(B) = max(3-2, 2+1) + 0.5 = 3.5 from B. Best end A (5): path A A A,
 * where the per-token argmax would say A B A.
 * Second case, A->B 0 and t2 = (A 0, B 2): d1(B) = max(2+0, 0+1) + 1 = 3 from
 * A; d2(A) = max(3+1, 3+0) + 0 = 4, d2(B) = max(3+0, 3+1) + 2 = 6 from B:
 * path A B B, score 6. */
static void run_viterbi(void) {
  float emit[] = {2, 0, 0, 1, 1, 0.5f};
  float trans[] = {1, -2, 0, 1, 0, 0}; /* rows A, B, start */
  int path[3];
  double s = cvx_seq_viterbi(3, 2, emit, trans, path);
  CHECK(path[0] == 0 && path[1] == 0 && path[2] == 0, "path %d %d %d, want A A A", path[0], path[1], path[2]);
  CHECK(s == 5, "score %g, want 5", s);
  trans[1] = 0;
  emit[4] = 0, emit[5] = 2;
  s = cvx_seq_viterbi(3, 2, emit, trans, path);
  CHECK(path[0] == 0 && path[1] == 1 && path[2] == 1, "path %d %d %d, want A B B", path[0], path[1], path[2]);
  CHECK(s == 6, "score %g, want 6", s);
  /* one token: the start row and the emission alone; ties to the lower index */
  float e1[] = {1, 1};
  s = cvx_seq_viterbi(1, 2, e1, trans, path);
  CHECK(path[0] == 0 && s == 1, "tie: label %d score %g", path[0], s);
  CHECK(cvx_seq_viterbi(0, 2, e1, trans, path) == 0, "empty sequence");
}

/* The same first case as a model file: feature rows for "t0", "t1", "t2"
 * and the transition rows by class name. */
static void run_model_file(void) {
  struct {
    const char *name;
    const char *w;
  } rows[] = {{"w=t0", "2 0"}, {"w=t1", "0 1"}, {"w=t2", "1 0.5"},
              {CVX_SEQ_TRANS "A", "1 -2"}, {CVX_SEQ_TRANS "B", "0 1"}, {CVX_SEQ_TRANS CVX_SEQ_START, "0 0"}};
  size_t nr = sizeof rows / sizeof rows[0];
  unsigned h[6];
  for (size_t i = 0; i < nr; i++) h[i] = cvx_feature_hash(rows[i].name, NULL, 0);
  cvx_buf text = CVX_BUF_INIT;
  cvx_buf_puts(&text, "cvx-model 1 toy\nclasses A B\n");
  bool used[6] = {0};
  for (size_t r = 0; r < nr; r++) { /* ascending hashes */
    size_t best = nr;
    for (size_t i = 0; i < nr; i++)
      if (!used[i] && (best == nr || h[i] < h[best])) best = i;
    used[best] = true;
    cvx_buf_printf(&text, "%08x %s\n", h[best], rows[best].w);
  }
  char err[128];
  cvx_model *m = cvx_model_parse(text.ptr, text.len, err, sizeof err);
  CHECK(m != NULL, "parse: %s", err);
  if (m) {
    cvx_seqmodel sm;
    cvx_seqmodel_init(&sm, m);
    CHECK(sm.trans[0] == 1 && sm.trans[1] == -2 && sm.trans[3] == 1, "transition rows read");
    cvx_features f[3];
    const char *w[] = {"t0", "t1", "t2"};
    for (int i = 0; i < 3; i++) {
      cvx_features_init(&f[i]);
      cvx_features_add(&f[i], "w=", w[i], 2);
      cvx_features_close(&f[i]);
    }
    int path[3];
    cvx_seqmodel_decode(&sm, f, 3, path);
    CHECK(path[0] == 0 && path[1] == 0 && path[2] == 0, "decoded %d %d %d, want A A A", path[0], path[1], path[2]);
    for (int i = 0; i < 3; i++) cvx_features_free(&f[i]);
    cvx_seqmodel_free(&sm);
  }
  cvx_model_free(m);
  cvx_buf_free(&text);
}

/* A toy language where "x" is label Q after "q" and label R after "r": only
 * a transition (or a neighbour feature, which we leave out) can tell. */
static void add_toy(cvx_seqset *s, const char *words, const char *labels, uint32_t group) {
  size_t n = strlen(words);
  cvx_features f[16] = {{0}};
  int y[16] = {0};
  for (size_t i = 0; i < n; i++) {
    cvx_features_init(&f[i]);
    cvx_features_add(&f[i], "w=", words + i, 1);
    cvx_features_close(&f[i]);
    y[i] = labels[i] - '0';
  }
  cvx_seqset_add(s, n, f, y, group);
  for (size_t i = 0; i < n; i++) cvx_features_free(&f[i]);
}

static void run_train(void) {
  static const char *const classes[] = {"Q", "R"};
  cvx_seqset *s = cvx_seqset_new(2, classes);
  for (uint32_t g = 0; g < 8; g++) {
    add_toy(s, "qxx", "000", g);
    add_toy(s, "rxx", "111", g);
    add_toy(s, "qx", "00", g);
    add_toy(s, "rx", "11", g);
  }
  CHECK(cvx_seqset_size(s) == 32, "32 sequences, got %zu", cvx_seqset_size(s));
  cvx_buf a = CVX_BUF_INIT, b = CVX_BUF_INIT, c = CVX_BUF_INIT;
  cvx_seqset_train(s, 10, 0, 0, "toy", &a);
  cvx_seqset_train(s, 10, 0, 0, "toy", &b);
  CHECK(a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0, "same data, same bytes");
  cvx_seqset_train(s, 10, 4, 1, "toy", &c);
  CHECK(c.len > 0, "held-out training writes a model");
  char err[128];
  cvx_model *m = cvx_model_parse(a.ptr, a.len, err, sizeof err);
  CHECK(m != NULL, "trained model parses: %s", err);
  if (m) {
    cvx_seqmodel sm;
    cvx_seqmodel_init(&sm, m);
    size_t n = 0;
    double acc = cvx_seqset_accuracy(s, &sm, 0, 0, &n);
    CHECK(acc == 1.0 && n == 80, "token accuracy %.3f on %zu", acc, n);
    cvx_seqmodel_free(&sm);
  }
  cvx_model_free(m);
  cvx_buf_free(&a);
  cvx_buf_free(&b);
  cvx_buf_free(&c);
  cvx_seqset_free(s);
}

/* A stage's model loaded by cvx_seqtask_init (each row a case): from a file
 * named by the environment, "off", a file whose classes are not the
 * stage's, one with no transition weights (never trained), one that does
 * not parse (the two bad files print their message on stderr). */
static void run_task(void) {
  static const char *const classes[] = {"A", "B"};
  unsigned ta = (unsigned)cvx_feature_hash(CVX_SEQ_TRANS, "A", 1);
  char trained[128], untrained[64];
  snprintf(trained, sizeof trained, "cvx-model 1 toy\nclasses A B\n%08x 1 -1\n", ta);
  snprintf(untrained, sizeof untrained, "cvx-model 1 toy\nclasses A B\n");
  static const struct {
    const char *env;  /* the variable's value: "off", or a file with text */
    const char *text; /* NULL: use trained / untrained by `on` */
    bool ok, loaded, on;
  } cases[] = {
      {"file", NULL, true, true, true},
      {"off", NULL, true, false, false},
      {"file", "cvx-model 1 toy\nclasses A C\n", false, false, false},
      {"untrained", NULL, true, true, false},
      {"file", "not a model\n", false, false, false},
  };
  const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char path[512];
  snprintf(path, sizeof path, "%s/test_seqmodel_task.%ld.model", dir, (long)getpid());
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *text = cases[i].text ? cases[i].text : strcmp(cases[i].env, "untrained") == 0 ? untrained : trained;
    FILE *fp = fopen(path, "w");
    CHECK(fp != NULL, "case %zu: temp file %s", i, path);
    if (!fp) return;
    fputs(text, fp);
    fclose(fp);
    setenv("CVX_TEST_TASK_MODEL", strcmp(cases[i].env, "off") == 0 ? "off" : path, 1);
    cvx_seqtask t = {.name = "toy", .env = "CVX_TEST_TASK_MODEL", .debug_env = "CVX_TEST_TASK_DEBUG",
                     .classes = classes, .nclasses = 2};
    /* the built-in text is never read while the variable is set */
    bool ok = cvx_seqtask_init(&t, "", 0);
    CHECK(ok == cases[i].ok && (t.model != NULL) == cases[i].loaded && t.on == cases[i].on,
          "case %zu: init %d model %d on %d", i, ok, t.model != NULL, t.on);
    if (t.on) CHECK(t.seq.trans[0] == 1 && t.seq.trans[1] == -1, "case %zu: transitions read", i);
    if (t.model) CHECK(cvx_seqtask_init(&t, "", 0) && t.model, "case %zu: a second init keeps the model", i);
    cvx_seqtask_cleanup(&t);
    CHECK(!t.model && !t.on, "case %zu: cleaned up", i);
  }
  unsetenv("CVX_TEST_TASK_MODEL");
  remove(path);
}

int main(void) {
  run_viterbi();
  run_model_file();
  run_train();
  run_task();
  return check_done("seqmodel");
}
