/* model.h — the trained decisions' engine: a multiclass linear model over
 * hashed binary features (an averaged perceptron), its text file format, its
 * training and its prediction. One engine, one model file per task
 * (pipeline/models/<task>.model); the hand-written grammars compute the
 * features, the model weighs them. */
#ifndef CVX_MODEL_H
#define CVX_MODEL_H

#include "cvx.h"

#include <stdint.h>

#define CVX_MODEL_MAX_CLASSES 32

/* A set of features of one example: 32-bit hashes of feature strings,
 * deduplicated when the set is closed. Owned by the caller (malloc'd). */
typedef struct cvx_features {
  uint32_t *h;
  size_t n, cap;
} cvx_features;

void cvx_features_init(cvx_features *f);
void cvx_features_free(cvx_features *f);
void cvx_features_clear(cvx_features *f);
/* Adds the feature named prefix + s[0,n) (s may be NULL for prefix alone). */
void cvx_features_add(cvx_features *f, const char *prefix, const char *s, size_t n);
/* Sorts and deduplicates: a feature counts once per example. */
void cvx_features_close(cvx_features *f);
/* The hash cvx_features_add gives the feature prefix + s[0,n). */
uint32_t cvx_feature_hash(const char *prefix, const char *s, size_t n);
/* The hash of a feature named by a name with hash seed followed by s[0,n):
 * cvx_feature_extend(cvx_feature_hash(p, NULL, 0), s, n) equals
 * cvx_feature_hash(p, s, n), so hot loops hash their prefixes once. */
static inline uint32_t cvx_feature_extend(uint32_t seed, const char *s, size_t n) {
  /* FNV-1a, 32 bits (model.c): inline, as hot loops call it per feature */
  for (size_t i = 0; i < n; i++) {
    seed ^= (unsigned char)s[i];
    seed *= 16777619u;
  }
  return seed;
}
/* Adds a feature by its hash. */
void cvx_features_add_hash(cvx_features *f, uint32_t h);

/* A loaded model: class names and, per feature hash (sorted), one weight per
 * class. Immutable once loaded, so threads share it. */
typedef struct cvx_model cvx_model;

/* Parses a model file's text ("cvx-model 1 TASK", "classes A B …", then
 * "HASH w1 … wK" lines). Returns NULL and fills err on a malformed file. The
 * caller frees it with cvx_model_free. */
cvx_model *cvx_model_parse(const char *text, size_t len, char *err, size_t errsz);
void cvx_model_free(cvx_model *m);
/* One weight of a model file at p (after optional blanks), as strtof reads
 * it (the same float, bit for bit), *end set past it (to p when there is
 * none); the trainer's spellings ("0", "-1.25") without strtof's cost. */
float cvx_model_parse_weight(const char *p, char **end);
int cvx_model_nclasses(const cvx_model *m);
/* Loads a task's model: the file named by the environment variable env when
 * it is set and not empty (for cross-validation), else the built-in text.
 * NULL, with a message on stderr naming the file or the task, when it does
 * not parse. */
cvx_model *cvx_model_load(const char *env, const char *text, size_t len, const char *name);
const char *cvx_model_class(const cvx_model *m, int k);
/* The index of the class named name, or -1. */
int cvx_model_class_index(const cvx_model *m, const char *name);
/* Fills scores[0..nclasses) for the (closed) feature set; returns the best
 * class (ties: the lower index). */
int cvx_model_predict(const cvx_model *m, const cvx_features *f, float *scores);
/* The weight row (one weight per class, owned by m) of feature hash h, or
 * NULL when the model has no such feature. */
const float *cvx_model_row(const cvx_model *m, uint32_t h);

/* ------------------------------------------------------------- training */

/* The pieces every trainer of the engine shares (model.c, seqmodel.c). */
/* Sorts hashes[0,n) and keeps, once each, the hashes that occur at least
 * twice (a feature seen in one example says nothing general); returns how
 * many were kept. */
size_t cvx_features_index(uint32_t *hashes, size_t n);
/* The position of h in the sorted keys[0,n), or -1. */
long cvx_features_find(const uint32_t *keys, size_t n, uint32_t h);
/* Shuffles order[0,n) (Fisher-Yates) with a fixed generator advanced from
 * *seed: the same order on every C library, so training is reproducible. */
void cvx_train_shuffle(size_t *order, size_t n, uint64_t *seed);

/* Training examples collected in memory: each a class index and a closed
 * feature set. */
typedef struct cvx_trainset cvx_trainset;

cvx_trainset *cvx_trainset_new(int nclasses, const char *const *classes);
void cvx_trainset_free(cvx_trainset *t);
/* Adds an example (its features are copied; f must be closed). */
void cvx_trainset_add(cvx_trainset *t, int label, const cvx_features *f, uint32_t group);
size_t cvx_trainset_size(const cvx_trainset *t);
/* Trains an averaged perceptron for epochs passes in a fixed pseudo-random
 * order (seeded, so the same examples give the same model bytes), skipping
 * examples whose group g has g % folds == held (folds 0: use every example).
 * Writes the model file text (task named task) into out. */
void cvx_trainset_train(const cvx_trainset *t, int epochs, unsigned folds, unsigned held, const char *task,
                        cvx_buf *out);
/* Writes a trained model's text to path (standard output when NULL); 0, or
 * 1 after saying on stderr that it cannot be written. */
int cvx_model_write(const char *path, const cvx_buf *model);

/* Accuracy of model m on the examples with group % folds == held (all when
 * folds is 0); *n gets how many were scored. */
double cvx_trainset_accuracy(const cvx_trainset *t, const cvx_model *m, unsigned folds, unsigned held,
                             size_t *n);

#endif /* CVX_MODEL_H */
