/* seqmodel.c — Viterbi decoding and averaged structured-perceptron training
 * over model.c's hashed features: the sequence half of the one engine, for
 * decisions made token by token (reference strings). */
#include "seqmodel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The transition weights as the decoder reads them: in double (the sums are
 * made in double; the conversion is exact) and by next class, so the scan
 * over previous classes reads one row: tt[y * k + p] is trans[p * k + y],
 * tt[k * k + y] the start weight of y. */
static void transpose(int k, const float *trans, double *tt) {
  size_t K = (size_t)k;
  for (size_t p = 0; p < K; p++)
    for (size_t y = 0; y < K; y++) tt[y * K + p] = trans[p * K + y];
  for (size_t y = 0; y < K; y++) tt[K * K + y] = trans[K * K + y];
}

void cvx_seqmodel_init(cvx_seqmodel *sm, const cvx_model *m) {
  int k = cvx_model_nclasses(m);
  sm->m = m;
  sm->k = k;
  sm->trans = cvx_xcalloc((size_t)(k + 1) * (size_t)k, sizeof *sm->trans);
  for (int p = 0; p <= k; p++) {
    const char *name = p < k ? cvx_model_class(m, p) : CVX_SEQ_START;
    const float *row = cvx_model_row(m, cvx_feature_hash(CVX_SEQ_TRANS, name, strlen(name)));
    if (row) memcpy(sm->trans + (size_t)p * (size_t)k, row, (size_t)k * sizeof *row);
  }
  sm->tt = cvx_xmalloc((size_t)(k + 1) * (size_t)k * sizeof *sm->tt);
  transpose(k, sm->trans, sm->tt);
}

void cvx_seqmodel_free(cvx_seqmodel *sm) {
  free(sm->trans);
  free(sm->tt);
  sm->trans = NULL;
  sm->tt = NULL;
}

bool cvx_seqtask_init(cvx_seqtask *t, const char *text, size_t len) {
  if (t->model) return true;
  t->debug = getenv(t->debug_env) != NULL;
  const char *env = getenv(t->env);
  if (env && strcmp(env, "off") == 0) return true;
  t->model = cvx_model_load(t->env, text, len, t->name);
  if (!t->model) return false;
  bool ok = cvx_model_nclasses(t->model) == t->nclasses;
  for (int i = 0; ok && i < t->nclasses; i++) ok = strcmp(cvx_model_class(t->model, i), t->classes[i]) == 0;
  if (!ok) {
    fprintf(stderr, "cvx: the %s model does not have the classes", t->name);
    for (int i = 0; i < t->nclasses; i++) fprintf(stderr, " %s", t->classes[i]);
    fputc('\n', stderr);
    cvx_model_free(t->model);
    t->model = NULL;
    return false;
  }
  cvx_seqmodel_init(&t->seq, t->model);
  for (int i = 0; i < (t->nclasses + 1) * t->nclasses && !t->on; i++) t->on = t->seq.trans[i] != 0;
  return true;
}

void cvx_seqtask_cleanup(cvx_seqtask *t) {
  if (t->model) cvx_seqmodel_free(&t->seq);
  cvx_model_free(t->model);
  t->model = NULL;
  t->on = false;
}

/* cvx_seq_viterbi over the transposed transitions tt (transpose). */
static double viterbi(size_t n, size_t K, const float *emit, const double *tt, int *out) {
  /* short sequences (the common case) work on the stack */
  double best_buf[2 * CVX_MODEL_MAX_CLASSES];
  int back_buf[512];
  bool small = K <= CVX_MODEL_MAX_CLASSES && n * K <= sizeof back_buf / sizeof *back_buf;
  double *best = small ? best_buf : cvx_xmalloc(2 * K * sizeof *best); /* two rows: previous, current */
  int *back = small ? back_buf : cvx_xmalloc(n * K * sizeof *back);
  double *prev = best, *cur = best + K;
  for (size_t y = 0; y < K; y++) {
    prev[y] = tt[K * K + y] + emit[y];
    back[y] = -1;
  }
  for (size_t i = 1; i < n; i++) {
    for (size_t y = 0; y < K; y++) {
      const double *col = tt + y * K;
      size_t arg = 0;
      double top = prev[0] + col[0];
      for (size_t p = 1; p < K; p++) {
        double v = prev[p] + col[p];
        if (v > top) top = v, arg = p;
      }
      cur[y] = top + emit[i * K + y];
      back[i * K + y] = (int)arg;
    }
    double *sw = prev;
    prev = cur;
    cur = sw;
  }
  size_t y = 0;
  for (size_t q = 1; q < K; q++)
    if (prev[q] > prev[y]) y = q;
  double score = prev[y];
  for (size_t i = n; i-- > 0;) {
    out[i] = (int)y;
    if (i) y = (size_t)back[i * K + y];
  }
  if (!small) {
    free(best);
    free(back);
  }
  return score;
}

double cvx_seq_viterbi(size_t n, int k, const float *emit, const float *trans, int *out) {
  if (n == 0 || k <= 0) return 0;
  size_t K = (size_t)k;
  double tt_buf[(CVX_MODEL_MAX_CLASSES + 1) * CVX_MODEL_MAX_CLASSES];
  double *tt = K <= CVX_MODEL_MAX_CLASSES ? tt_buf : cvx_xmalloc((K + 1) * K * sizeof *tt);
  transpose(k, trans, tt);
  double score = viterbi(n, K, emit, tt, out);
  if (tt != tt_buf) free(tt);
  return score;
}

void cvx_seqmodel_decode(const cvx_seqmodel *sm, const cvx_features *toks, size_t n, int *labels) {
  if (!n) return;
  size_t K = (size_t)sm->k;
  float emit_buf[512] = {0}; /* (written by cvx_model_predict before it is read) */
  bool small = n * K <= sizeof emit_buf / sizeof *emit_buf;
  float *emit = small ? emit_buf : cvx_xmalloc(n * K * sizeof *emit);
  for (size_t i = 0; i < n; i++) cvx_model_predict(sm->m, &toks[i], emit + i * K);
  if (K) viterbi(n, K, emit, sm->tt, labels);
  if (!small) free(emit);
}

/* ------------------------------------------------------------- training */

typedef struct seq {
  size_t tok, n; /* tokens [tok, tok + n) */
  uint32_t group;
} seq;

typedef struct token {
  int label;
  size_t off, n; /* features in the pool */
} token;

struct cvx_seqset {
  int k;
  const char *const *classes;
  seq *s;
  size_t ns, scap;
  token *t;
  size_t nt, tcap;
  uint32_t *pool;
  size_t pn, pcap;
};

cvx_seqset *cvx_seqset_new(int nclasses, const char *const *classes) {
  cvx_seqset *t = cvx_xcalloc(1, sizeof *t);
  t->k = nclasses;
  t->classes = classes;
  return t;
}

void cvx_seqset_free(cvx_seqset *t) {
  if (!t) return;
  free(t->s);
  free(t->t);
  free(t->pool);
  free(t);
}

size_t cvx_seqset_size(const cvx_seqset *t) { return t->ns; }

void cvx_seqset_add(cvx_seqset *t, size_t n, const cvx_features *toks, const int *labels, uint32_t group) {
  for (size_t i = 0; i < n; i++)
    if (labels[i] < 0 || labels[i] >= t->k) return;
  if (t->ns == t->scap) {
    t->scap = t->scap ? t->scap * 2 : 256;
    t->s = cvx_xrealloc(t->s, t->scap * sizeof *t->s);
  }
  t->s[t->ns++] = (seq){t->nt, n, group};
  for (size_t i = 0; i < n; i++) {
    if (t->nt == t->tcap) {
      t->tcap = t->tcap ? t->tcap * 2 : 4096;
      t->t = cvx_xrealloc(t->t, t->tcap * sizeof *t->t);
    }
    while (t->pn + toks[i].n > t->pcap) {
      t->pcap = t->pcap ? t->pcap * 2 : 65536;
      t->pool = cvx_xrealloc(t->pool, t->pcap * sizeof *t->pool);
    }
    if (toks[i].n) memcpy(t->pool + t->pn, toks[i].h, toks[i].n * sizeof *toks[i].h);
    t->t[t->nt++] = (token){labels[i], t->pn, toks[i].n};
    t->pn += toks[i].n;
  }
}

static bool held_out(uint32_t group, unsigned folds, unsigned held) {
  return folds && group != CVX_SEQ_ALWAYS && group % folds == held;
}

/* One output row: a feature hash and where its averaged weights are. */
typedef struct outrow {
  uint32_t h;
  size_t src; /* row index: < nk emission, else nk + transition row */
} outrow;

static int cmp_outrow(const void *a, const void *b) {
  const outrow *x = a, *y = b;
  if (x->h != y->h) return (x->h > y->h) - (x->h < y->h);
  return (x->src > y->src) - (x->src < y->src);
}

void cvx_seqset_train(const cvx_seqset *t, int epochs, unsigned folds, unsigned held, const char *task,
                      cvx_buf *out) {
  const size_t K = (size_t)t->k;
  size_t *order = cvx_xmalloc((t->ns + 1) * sizeof *order), no = 0, maxn = 1, pn = 0;
  for (size_t i = 0; i < t->ns; i++) {
    if (held_out(t->s[i].group, folds, held)) continue;
    order[no++] = i;
    if (t->s[i].n > maxn) maxn = t->s[i].n;
    for (size_t j = 0; j < t->s[i].n; j++) pn += t->t[t->s[i].tok + j].n;
  }
  /* the feature index: hashes seen on at least two training tokens */
  uint32_t *keys = cvx_xmalloc((pn + 1) * sizeof *keys);
  size_t nk = 0;
  for (size_t o = 0; o < no; o++) {
    const seq *s = &t->s[order[o]];
    for (size_t j = 0; j < s->n; j++) {
      const token *tk = &t->t[s->tok + j];
      memcpy(keys + nk, t->pool + tk->off, tk->n * sizeof *keys);
      nk += tk->n;
    }
  }
  nk = cvx_features_index(keys, nk);
  /* tokens as feature indices, mapped once */
  size_t *idx = cvx_xmalloc((t->pn + 1) * sizeof *idx), *nfeat = cvx_xmalloc((t->nt + 1) * sizeof *nfeat);
  for (size_t o = 0; o < no; o++) {
    const seq *s = &t->s[order[o]];
    for (size_t j = 0; j < s->n; j++) {
      const token *tk = &t->t[s->tok + j];
      size_t m = 0;
      for (size_t q = 0; q < tk->n; q++) {
        long at = cvx_features_find(keys, nk, t->pool[tk->off + q]);
        if (at >= 0) idx[tk->off + m++] = (size_t)at;
      }
      nfeat[s->tok + j] = m;
    }
  }
  const size_t TR = (K + 1) * K;
  double *w = cvx_xcalloc(nk * K + 1, sizeof *w), *acc = cvx_xcalloc(nk * K + 1, sizeof *acc);
  double *tw = cvx_xcalloc(TR, sizeof *tw), *tacc = cvx_xcalloc(TR, sizeof *tacc);
  float *emit = cvx_xmalloc(maxn * K * sizeof *emit), *trans = cvx_xmalloc(TR * sizeof *trans);
  int *path = cvx_xmalloc(maxn * sizeof *path);
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  double c = 1;
  for (int ep = 0; ep < epochs; ep++) {
    cvx_train_shuffle(order, no, &seed);
    for (size_t o = 0; o < no; o++, c++) {
      const seq *s = &t->s[order[o]];
      for (size_t j = 0; j < s->n; j++) {
        const token *tk = &t->t[s->tok + j];
        float *e = emit + j * K;
        double sc[CVX_MODEL_MAX_CLASSES] = {0};
        for (size_t q = 0; q < nfeat[s->tok + j]; q++) {
          const double *row = w + idx[tk->off + q] * K;
          for (size_t y = 0; y < K; y++) sc[y] += row[y];
        }
        for (size_t y = 0; y < K; y++) e[y] = (float)sc[y];
      }
      for (size_t q = 0; q < TR; q++) trans[q] = (float)tw[q];
      cvx_seq_viterbi(s->n, t->k, emit, trans, path);
      /* a wrong path moves the weights: the gold path's features up, the
       * predicted path's down (equal parts cancel, so only differences move) */
      for (size_t j = 0; j < s->n; j++) {
        const token *tk = &t->t[s->tok + j];
        size_t g = (size_t)tk->label, p = (size_t)path[j];
        size_t gp = j ? (size_t)t->t[s->tok + j - 1].label : K, pp = j ? (size_t)path[j - 1] : K;
        if (g != p) {
          for (size_t q = 0; q < nfeat[s->tok + j]; q++) {
            size_t r = idx[tk->off + q] * K;
            w[r + g] += 1;
            acc[r + g] += c;
            w[r + p] -= 1;
            acc[r + p] -= c;
          }
        }
        if (g != p || gp != pp) {
          tw[gp * K + g] += 1;
          tacc[gp * K + g] += c;
          tw[pp * K + p] -= 1;
          tacc[pp * K + p] -= c;
        }
      }
    }
  }
  /* rows in hash order; a transition row whose hash meets a feature's adds to it */
  outrow *rows = cvx_xmalloc((nk + K + 1) * sizeof *rows);
  for (size_t f = 0; f < nk; f++) rows[f] = (outrow){keys[f], f};
  for (size_t p = 0; p <= K; p++) {
    const char *name = p < K ? t->classes[p] : CVX_SEQ_START;
    rows[nk + p] = (outrow){cvx_feature_hash(CVX_SEQ_TRANS, name, strlen(name)), nk + p};
  }
  size_t nrows = nk + K + 1;
  qsort(rows, nrows, sizeof *rows, cmp_outrow);
  cvx_buf_printf(out, "cvx-model 1 %s\n", task);
  cvx_buf_puts(out, "classes");
  for (int i = 0; i < t->k; i++) cvx_buf_printf(out, " %s", t->classes[i]);
  cvx_buf_putc(out, '\n');
  for (size_t r = 0; r < nrows;) {
    double avg[CVX_MODEL_MAX_CLASSES] = {0};
    uint32_t h = rows[r].h;
    for (; r < nrows && rows[r].h == h; r++) {
      size_t src = rows[r].src;
      for (size_t y = 0; y < K; y++)
        avg[y] += src < nk ? w[src * K + y] - acc[src * K + y] / c
                           : tw[(src - nk) * K + y] - tacc[(src - nk) * K + y] / c;
    }
    bool any = false;
    for (size_t y = 0; y < K; y++) any |= fabs(avg[y]) >= 0.005;
    if (!any) continue;
    cvx_buf_printf(out, "%08x", h);
    for (size_t y = 0; y < K; y++) {
      if (fabs(avg[y]) < 0.005) cvx_buf_puts(out, " 0");
      else cvx_buf_printf(out, " %.2f", avg[y]);
    }
    cvx_buf_putc(out, '\n');
  }
  free(rows);
  free(order);
  free(keys);
  free(idx);
  free(nfeat);
  free(w);
  free(acc);
  free(tw);
  free(tacc);
  free(emit);
  free(trans);
  free(path);
}

double cvx_seqset_accuracy(const cvx_seqset *t, const cvx_seqmodel *sm, unsigned folds, unsigned held,
                           size_t *n) {
  size_t right = 0, all = 0, cap = 0;
  int *path = NULL;
  cvx_features *f = NULL;
  for (size_t i = 0; i < t->ns; i++) {
    const seq *s = &t->s[i];
    if (folds && !held_out(s->group, folds, held)) continue;
    if (s->n > cap) {
      cap = s->n;
      path = cvx_xrealloc(path, cap * sizeof *path);
      f = cvx_xrealloc(f, cap * sizeof *f);
    }
    for (size_t j = 0; j < s->n; j++) {
      const token *tk = &t->t[s->tok + j];
      f[j] = (cvx_features){.h = t->pool + tk->off, .n = tk->n, .cap = tk->n};
    }
    cvx_seqmodel_decode(sm, f, s->n, path);
    for (size_t j = 0; j < s->n; j++) {
      const char *want = t->classes[t->t[s->tok + j].label];
      right += strcmp(cvx_model_class(sm->m, path[j]), want) == 0;
    }
    all += s->n;
  }
  free(path);
  free(f);
  *n = all;
  return all ? (double)right / (double)all : 0;
}

double cvx_seqset_accuracy_of(const cvx_seqset *t, const char *text, size_t len, unsigned folds, unsigned held,
                              size_t *n) {
  char err[128];
  cvx_model *m = cvx_model_parse(text, len, err, sizeof err);
  if (!m) return -1;
  cvx_seqmodel sm;
  cvx_seqmodel_init(&sm, m);
  double acc = cvx_seqset_accuracy(t, &sm, folds, held, n);
  cvx_seqmodel_free(&sm);
  cvx_model_free(m);
  return acc;
}
