/* model.c — the multiclass linear model over hashed binary features:
 * feature sets, the model file format, prediction and averaged-perceptron
 * training. Written here rather than taken from liblinear because the model
 * is small (a few thousand features), must train to the same bytes on every
 * run, and shares its feature code with prediction. */
#include "model.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- features */

/* Feature names hash with FNV-1a, 32 bits (cvx_feature_extend, model.h):
 * stable across machines, so model files travel. */

void cvx_features_init(cvx_features *f) { *f = (cvx_features){0}; }

void cvx_features_free(cvx_features *f) {
  free(f->h);
  *f = (cvx_features){0};
}

void cvx_features_clear(cvx_features *f) { f->n = 0; }

uint32_t cvx_feature_hash(const char *prefix, const char *s, size_t n) {
  uint32_t h = cvx_feature_extend(2166136261u, prefix, strlen(prefix));
  return s ? cvx_feature_extend(h, s, n) : h;
}

void cvx_features_add(cvx_features *f, const char *prefix, const char *s, size_t n) {
  cvx_features_add_hash(f, cvx_feature_hash(prefix, s, n));
}

void cvx_features_add_hash(cvx_features *f, uint32_t h) {
  if (f->n == f->cap) {
    size_t cap = f->cap ? f->cap * 2 : 64;
    uint32_t *nh = realloc(f->h, cap * sizeof *nh);
    if (!nh) abort();
    f->h = nh;
    f->cap = cap;
  }
  f->h[f->n++] = h;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Sorts a[0,n) for n <= CLOSE_SMALL: runs of 8 by insertion, then merged
 * pairwise through tmp (n log n, where one insertion sort of a block's 150
 * features made 5,000 moves). */
#define CLOSE_SMALL 256
static void sort_small(uint32_t *a, size_t n) {
  uint32_t tmp[CLOSE_SMALL];
  for (size_t lo = 0; lo < n; lo += 8) {
    size_t hi = lo + 8 < n ? lo + 8 : n;
    for (size_t i = lo + 1; i < hi; i++) {
      uint32_t x = a[i];
      size_t j = i;
      while (j > lo && a[j - 1] > x) {
        a[j] = a[j - 1];
        j--;
      }
      a[j] = x;
    }
  }
  uint32_t *src = a, *dst = tmp;
  for (size_t w = 8; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n, i = lo, j = mid, k = lo;
      while (i < mid && j < hi) dst[k++] = src[j] < src[i] ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    uint32_t *sw = src;
    src = dst;
    dst = sw;
  }
  if (src != a) memcpy(a, src, n * sizeof *a);
}

void cvx_features_close(cvx_features *f) {
  if (f->n < 2) return;
  if (f->n <= CLOSE_SMALL) sort_small(f->h, f->n);
  else qsort(f->h, f->n, sizeof *f->h, cmp_u32);
  size_t o = 1;
  for (size_t i = 1; i < f->n; i++)
    if (f->h[i] != f->h[o - 1]) f->h[o++] = f->h[i];
  f->n = o;
}

/* ---------------------------------------------------------------- model */

struct cvx_model {
  int k;
  char *names[CVX_MODEL_MAX_CLASSES];
  size_t n;      /* features */
  size_t stride; /* floats per weight row: k rounded up to a multiple of 8 */
  uint32_t *key; /* sorted hashes */
  float *w;      /* n rows of stride weights (k used, the rest 0), row per
                  * feature: whole rows add as 8-wide vectors */
  /* open-addressing index, mask + 1 slots: a row's hash beside its number
   * + 1 (0: empty), so that a lookup reads one cache line, not two */
  struct slot {
    uint32_t key, row;
  } *slot;
  size_t mask;
};

void cvx_model_free(cvx_model *m) {
  if (!m) return;
  for (int i = 0; i < m->k; i++) free(m->names[i]);
  free(m->key);
  free(m->w);
  free(m->slot);
  free(m);
}

int cvx_model_nclasses(const cvx_model *m) { return m->k; }
const char *cvx_model_class(const cvx_model *m, int k) { return k >= 0 && k < m->k ? m->names[k] : NULL; }

int cvx_model_class_index(const cvx_model *m, const char *name) {
  for (int i = 0; i < m->k; i++)
    if (strcmp(m->names[i], name) == 0) return i;
  return -1;
}

/* The next line of text[*pos, len) into line (NUL-terminated copy, at most
 * cap-1 bytes); false at the end. */
static bool next_line(const char *text, size_t len, size_t *pos, char *line, size_t cap) {
  if (*pos >= len) return false;
  const char *nl = memchr(text + *pos, '\n', len - *pos);
  size_t e = nl ? (size_t)(nl - text) : len;
  size_t n = e - *pos < cap - 1 ? e - *pos : cap - 1;
  memcpy(line, text + *pos, n);
  line[n] = '\0';
  *pos = nl ? e + 1 : len;
  return true;
}

static cvx_model *fail(cvx_model *m, char *err, size_t errsz, const char *msg, size_t lineno) {
  snprintf(err, errsz, "line %zu: %s", lineno, msg);
  cvx_model_free(m);
  return NULL;
}

/* A feature hash: up to 8 hex digits as the trainer writes them ("%08x"),
 * else strtoul's reading (other spellings parse as before). False when it is
 * no 32-bit hash. */
static bool parse_hash(const char *p, uint32_t *h, char **end) {
  uint32_t v = 0;
  size_t i = 0;
  for (; i < 8; i++) {
    unsigned char c = (unsigned char)p[i];
    unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a') + 10u : 16u;
    if (d == 16) break;
    v = v << 4 | d;
  }
  if (i == 8 && (p[8] == ' ' || p[8] == '\0')) {
    *h = v;
    *end = (char *)(uintptr_t)(p + 8);
    return true;
  }
  errno = 0;
  unsigned long x = strtoul(p, end, 16);
  if (*end == p || errno || x > 0xffffffffUL) return false;
  *h = (uint32_t)x;
  return true;
}

float cvx_model_parse_weight(const char *p, char **end) {
  /* the trainer's spellings, "0", "-1.25", "3.5": an integer of at most 9
   * digits over 1, 10 or 100, divided in double (exact operands, so one
   * correctly rounded quotient) then rounded to float, which equals strtof's
   * correctly rounded reading (test_model checks every weight the trainer
   * writes up to +-1,000.00, and a sample up to +-100,000.00); anything else
   * goes to strtof */
  const char *q = p + (*p == ' ');
  bool neg = *q == '-';
  q += neg;
  uint32_t v = 0;
  int digits = 0, frac = -1;
  for (;; q++) {
    if (*q >= '0' && *q <= '9') {
      if (++digits > 9) break;
      v = v * 10 + (uint32_t)(*q - '0');
      if (frac >= 0) frac++;
    } else if (*q == '.' && frac < 0 && digits) {
      frac = 0;
    } else {
      break;
    }
  }
  if (digits && digits <= 9 && frac != 0 && frac <= 2 && (*q == ' ' || *q == '\0')) {
    static const double scale[] = {1, 10, 100};
    double x = (double)v / scale[frac < 0 ? 0 : frac];
    *end = (char *)(uintptr_t)q;
    return (float)(neg ? -x : x);
  }
  return strtof(p, end);
}

cvx_model *cvx_model_parse(const char *text, size_t len, char *err, size_t errsz) {
  cvx_model *m = calloc(1, sizeof *m);
  if (!m) abort();
  char line[4096];
  size_t pos = 0, lineno = 0, cap = 0;
  if (!next_line(text, len, &pos, line, sizeof line) || strncmp(line, "cvx-model 1 ", 12) != 0)
    return fail(m, err, errsz, "not a cvx model (expected 'cvx-model 1 TASK')", 1);
  lineno = 1;
  while (next_line(text, len, &pos, line, sizeof line)) {
    lineno++;
    if (line[0] == '#' || line[0] == '\0') continue;
    if (strncmp(line, "classes ", 8) == 0) {
      if (m->k) return fail(m, err, errsz, "classes given twice", lineno);
      for (char *save = NULL, *t = strtok_r(line + 8, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (m->k == CVX_MODEL_MAX_CLASSES) return fail(m, err, errsz, "too many classes", lineno);
        m->names[m->k] = strdup(t);
        if (!m->names[m->k++]) abort();
      }
      continue;
    }
    if (!m->k) return fail(m, err, errsz, "weights before the classes line", lineno);
    char *p = line, *q;
    uint32_t h;
    if (!parse_hash(p, &h, &q)) return fail(m, err, errsz, "bad feature hash", lineno);
    if (m->n && h <= m->key[m->n - 1]) return fail(m, err, errsz, "hashes not ascending", lineno);
    if (!m->stride) m->stride = ((size_t)m->k + 7) / 8 * 8;
    if (m->n == cap) {
      cap = cap ? cap * 2 : 1024;
      uint32_t *nk = realloc(m->key, cap * sizeof *nk);
      float *nw = realloc(m->w, cap * m->stride * sizeof *nw);
      if (!nk || !nw) abort();
      m->key = nk;
      m->w = nw;
    }
    m->key[m->n] = h;
    float *row = m->w + m->n * m->stride;
    for (int i = 0; i < m->k; i++) {
      p = q;
      float v = cvx_model_parse_weight(p, &q);
      if (q == p || !isfinite(v)) return fail(m, err, errsz, "bad or missing weight", lineno);
      row[i] = v;
    }
    for (size_t i = (size_t)m->k; i < m->stride; i++) row[i] = 0;
    m->n++;
  }
  if (!m->k) return fail(m, err, errsz, "no classes line", lineno);
  /* a hash index over the rows, at most half full, for constant-time lookups */
  size_t cap2 = 16;
  while (cap2 < 2 * m->n + 2) cap2 *= 2;
  m->slot = calloc(cap2, sizeof *m->slot);
  if (!m->slot) abort();
  m->mask = cap2 - 1;
  for (size_t r = 0; r < m->n; r++) {
    size_t i = (m->key[r] * 2654435761u) & m->mask;
    while (m->slot[i].row) i = (i + 1) & m->mask;
    m->slot[i] = (struct slot){m->key[r], (uint32_t)(r + 1)};
  }
  return m;
}

long cvx_features_find(const uint32_t *key, size_t n, uint32_t h) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (key[mid] < h) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && key[lo] == h ? (long)lo : -1;
}

/* The row of hash h through the index, or -1. */
static long find_row(const cvx_model *m, uint32_t h) {
  for (size_t i = (h * 2654435761u) & m->mask;; i = (i + 1) & m->mask) {
    const struct slot *sl = &m->slot[i];
    if (!sl->row) return -1;
    if (sl->key == h) return (long)sl->row - 1;
  }
}

int cvx_model_predict(const cvx_model *m, const cvx_features *f, float *scores) {
  /* sums whole rows in blocks of 8 classes (a fixed trip count the compiler
   * turns into vector adds; rows are padded with zeros to a multiple of 8):
   * each class's sum still adds the features in the set's order */
  float sum[CVX_MODEL_MAX_CLASSES] = {0};
  const size_t stride = m->stride;
  if (stride == 8) { /* up to 8 classes (fields, entries): the sums stay in registers */
    float acc[8] = {0};
    for (size_t j = 0; j < f->n; j++) {
      long at = find_row(m, f->h[j]);
      if (at < 0) continue;
      const float *w = m->w + (size_t)at * 8;
      for (size_t i = 0; i < 8; i++) acc[i] += w[i];
    }
    memcpy(sum, acc, sizeof acc);
  } else { /* up to 32 classes (references, sections): four blocks of 8 sums, each in registers as above
            * (a loop over the blocks kept the sums in memory: in the fuzz build every add loaded and
            * checked them, 8% of the time of fuzz_refparse and fuzz_convert) */
    _Static_assert(CVX_MODEL_MAX_CLASSES <= 32, "four blocks of 8 classes");
    float a0[8] = {0}, a1[8] = {0}, a2[8] = {0}, a3[8] = {0};
    for (size_t j = 0; j < f->n; j++) {
      long at = find_row(m, f->h[j]);
      if (at < 0) continue;
      const float *w = m->w + (size_t)at * stride;
      for (size_t i = 0; i < 8; i++) a0[i] += w[i];
      if (stride > 8)
        for (size_t i = 0; i < 8; i++) a1[i] += w[8 + i];
      if (stride > 16)
        for (size_t i = 0; i < 8; i++) a2[i] += w[16 + i];
      if (stride > 24)
        for (size_t i = 0; i < 8; i++) a3[i] += w[24 + i];
    }
    memcpy(sum, a0, sizeof a0);
    memcpy(sum + 8, a1, sizeof a1);
    memcpy(sum + 16, a2, sizeof a2);
    memcpy(sum + 24, a3, sizeof a3);
  }
  for (int i = 0; i < m->k; i++) scores[i] = sum[i];
  int best = 0;
  for (int i = 1; i < m->k; i++)
    if (scores[i] > scores[best]) best = i;
  return best;
}

const float *cvx_model_row(const cvx_model *m, uint32_t h) {
  long at = find_row(m, h);
  return at < 0 ? NULL : m->w + (size_t)at * m->stride;
}

/* ------------------------------------------------------------- training */

typedef struct example {
  int label;
  uint32_t group;
  size_t off, n; /* features in the pool */
} example;

struct cvx_trainset {
  int k;
  const char *const *classes;
  example *ex;
  size_t n, cap;
  uint32_t *pool;
  size_t pn, pcap;
};

cvx_trainset *cvx_trainset_new(int nclasses, const char *const *classes) {
  cvx_trainset *t = calloc(1, sizeof *t);
  if (!t) abort();
  t->k = nclasses;
  t->classes = classes;
  return t;
}

void cvx_trainset_free(cvx_trainset *t) {
  if (!t) return;
  free(t->ex);
  free(t->pool);
  free(t);
}

size_t cvx_trainset_size(const cvx_trainset *t) { return t->n; }

void cvx_trainset_add(cvx_trainset *t, int label, const cvx_features *f, uint32_t group) {
  if (label < 0 || label >= t->k) return;
  if (t->n == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 256;
    t->ex = realloc(t->ex, t->cap * sizeof *t->ex);
    if (!t->ex) abort();
  }
  while (t->pn + f->n > t->pcap) {
    t->pcap = t->pcap ? t->pcap * 2 : 4096;
    t->pool = realloc(t->pool, t->pcap * sizeof *t->pool);
    if (!t->pool) abort();
  }
  if (f->n) memcpy(t->pool + t->pn, f->h, f->n * sizeof *f->h);
  t->ex[t->n++] = (example){label, group, t->pn, f->n};
  t->pn += f->n;
}

static bool held_out(uint32_t group, unsigned folds, unsigned held) { return folds && group % folds == held; }

/* A deterministic generator for the example order (no libc rand: its
 * sequence differs between C libraries). */
static uint64_t lcg(uint64_t *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return *s >> 33;
}

void cvx_train_shuffle(size_t *order, size_t n, uint64_t *seed) {
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)(lcg(seed) % i), tmp = order[i - 1];
    order[i - 1] = order[j];
    order[j] = tmp;
  }
}

size_t cvx_features_index(uint32_t *keys, size_t n) {
  qsort(keys, n, sizeof *keys, cmp_u32);
  size_t u = 0;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && keys[j] == keys[i]) j++;
    if (j - i >= 2) keys[u++] = keys[i];
    i = j;
  }
  return u;
}

void cvx_trainset_train(const cvx_trainset *t, int epochs, unsigned folds, unsigned held, const char *task,
                        cvx_buf *out) {
  const size_t k = (size_t)t->k;
  /* the feature index: every distinct hash of the training examples */
  size_t nk = 0;
  uint32_t *keys = malloc((t->pn + 1) * sizeof *keys);
  size_t *order = malloc((t->n + 1) * sizeof *order);
  size_t no = 0;
  if (!keys || !order) abort();
  for (size_t i = 0; i < t->n; i++) {
    if (held_out(t->ex[i].group, folds, held)) continue;
    order[no++] = i;
    memcpy(keys + nk, t->pool + t->ex[i].off, t->ex[i].n * sizeof *keys);
    nk += t->ex[i].n;
  }
  nk = cvx_features_index(keys, nk);
  /* examples as feature indices, mapped once */
  size_t *idx = malloc((t->pn + 1) * sizeof *idx);
  double *w = calloc(nk * k + 1, sizeof *w), *acc = calloc(nk * k + 1, sizeof *acc);
  double *score = malloc(k * sizeof *score);
  size_t *nfeat = malloc((t->n + 1) * sizeof *nfeat);
  if (!idx || !w || !acc || !score || !nfeat) abort();
  for (size_t o = 0; o < no; o++) {
    const example *e = &t->ex[order[o]];
    size_t m = 0; /* the example's features that are in the index */
    for (size_t j = 0; j < e->n; j++) {
      long at = cvx_features_find(keys, nk, t->pool[e->off + j]);
      if (at >= 0) idx[e->off + m++] = (size_t)at;
    }
    nfeat[order[o]] = m;
  }
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  double c = 1;
  for (int ep = 0; ep < epochs; ep++) {
    cvx_train_shuffle(order, no, &seed);
    for (size_t o = 0; o < no; o++, c++) {
      const example *e = &t->ex[order[o]];
      for (size_t i = 0; i < k; i++) score[i] = 0;
      for (size_t j = 0; j < nfeat[order[o]]; j++) {
        const double *row = w + idx[e->off + j] * k;
        for (size_t i = 0; i < k; i++) score[i] += row[i];
      }
      /* the best wrong class; a mistake, or a tie, moves the weights */
      size_t y = (size_t)e->label, rival = y == 0 ? 1 : 0;
      for (size_t i = 0; i < k; i++)
        if (i != y && score[i] > score[rival]) rival = i;
      if (score[y] > score[rival]) continue;
      for (size_t j = 0; j < nfeat[order[o]]; j++) {
        size_t r = idx[e->off + j] * k;
        w[r + y] += 1;
        acc[r + y] += c;
        w[r + rival] -= 1;
        acc[r + rival] -= c;
      }
    }
  }
  cvx_buf_printf(out, "cvx-model 1 %s\n", task);
  cvx_buf_puts(out, "classes");
  for (int i = 0; i < t->k; i++) cvx_buf_printf(out, " %s", t->classes[i]);
  cvx_buf_putc(out, '\n');
  for (size_t f = 0; f < nk; f++) {
    bool any = false;
    double avg[CVX_MODEL_MAX_CLASSES];
    for (size_t i = 0; i < k; i++) {
      avg[i] = w[f * k + i] - acc[f * k + i] / c;
      any |= fabs(avg[i]) >= 0.005;
    }
    if (!any) continue;
    cvx_buf_printf(out, "%08x", keys[f]);
    for (size_t i = 0; i < k; i++) {
      if (fabs(avg[i]) < 0.005) cvx_buf_puts(out, " 0");
      else cvx_buf_printf(out, " %.2f", avg[i]);
    }
    cvx_buf_putc(out, '\n');
  }
  free(keys);
  free(order);
  free(idx);
  free(w);
  free(acc);
  free(score);
  free(nfeat);
}

double cvx_trainset_accuracy(const cvx_trainset *t, const cvx_model *m, unsigned folds, unsigned held,
                             size_t *n) {
  size_t right = 0, all = 0;
  float scores[CVX_MODEL_MAX_CLASSES];
  for (size_t i = 0; i < t->n; i++) {
    const example *e = &t->ex[i];
    if (folds && !held_out(e->group, folds, held)) continue;
    cvx_features f = {.h = t->pool + e->off, .n = e->n, .cap = e->n};
    const char *want = t->classes[e->label];
    right += strcmp(cvx_model_class(m, cvx_model_predict(m, &f, scores)), want) == 0;
    all++;
  }
  *n = all;
  return all ? (double)right / (double)all : 0;
}

cvx_model *cvx_model_load(const char *env, const char *text, size_t len, const char *name) {
  char err[256] = "";
  const char *path = env ? getenv(env) : NULL;
  if (!path || !*path) {
    cvx_model *m = cvx_model_parse(text, len, err, sizeof err);
    if (!m) fprintf(stderr, "cvx: internal error: built-in %s model: %s\n", name, err);
    return m;
  }
  FILE *fp = fopen(path, "rb");
  cvx_buf b = CVX_BUF_INIT;
  char chunk[65536];
  size_t got;
  while (fp && (got = fread(chunk, 1, sizeof chunk, fp)) > 0) cvx_buf_put(&b, chunk, got);
  if (fp) fclose(fp);
  cvx_model *m = fp ? cvx_model_parse(b.ptr, b.len, err, sizeof err) : NULL;
  cvx_buf_free(&b);
  if (!m) fprintf(stderr, "cvx: %s=%s: %s\n", env, path, fp ? err : "cannot read");
  return m;
}

int cvx_model_write(const char *path, const cvx_buf *model) {
  FILE *fp = path ? fopen(path, "wb") : stdout;
  if (!fp || fwrite(model->ptr, 1, model->len, fp) != model->len || (path && fclose(fp) != 0)) {
    fprintf(stderr, "cvx train: cannot write %s\n", path ? path : "standard output");
    return 1;
  }
  return 0;
}
