/* seqmodel.h — sequence labelling on the model engine (model.h): per-token
 * class scores from a cvx_model's hashed features, plus learned label
 * transition weights, decoded by Viterbi and trained as an averaged
 * structured perceptron (deterministic: the same sequences give the same
 * model bytes). A sequence model is an ordinary model file: the transition
 * weights are the rows of reserved features CVX_SEQ_TRANS + previous class
 * name (CVX_SEQ_START for the first token), one weight per next class. */
#ifndef CVX_SEQMODEL_H
#define CVX_SEQMODEL_H

#include "model.h"

#define CVX_SEQ_TRANS "seq.trans="
#define CVX_SEQ_START "^"

/* A loaded sequence model: borrows m (which must outlive it) and owns a copy
 * of its transition matrix. Immutable once made, so threads share it. */
typedef struct cvx_seqmodel {
  const cvx_model *m;
  int k;
  float *trans; /* (k + 1) * k: row p < k from class p, row k from the start */
  double *tt;   /* the same weights as the decoder reads them (seqmodel.c) */
} cvx_seqmodel;

/* Reads m's transition rows (absent rows are zero). Free with
 * cvx_seqmodel_free; never fails. */
void cvx_seqmodel_init(cvx_seqmodel *sm, const cvx_model *m);
void cvx_seqmodel_free(cvx_seqmodel *sm);

/* The best label path for n tokens over k classes: emit[i * k + y] is token
 * i's score for class y, trans[p * k + y] the score of y after p, and
 * trans[k * k + y] of y first. Writes out[0..n); ties go to the lower class
 * index at every step. Returns the path's score (0 for n == 0). */
double cvx_seq_viterbi(size_t n, int k, const float *emit, const float *trans, int *out);

/* Labels the n tokens whose (closed) feature sets are toks[0..n) into
 * labels[0..n). Allocates only temporary memory; never fails. */
void cvx_seqmodel_decode(const cvx_seqmodel *sm, const cvx_features *toks, size_t n, int *labels);

/* A labelling task's model as a stage loads it once per process (the field
 * labeller, the entry segmenter): the task names and classes are set by the
 * stage, the rest by cvx_seqtask_init. */
typedef struct cvx_seqtask {
  const char *name;              /* the model file's task, in messages: "fields" */
  const char *env, *debug_env;   /* CVX_FIELD_MODEL ("off": none), CVX_FIELD_DEBUG */
  const char *const *classes;    /* the classes the stage reads, in order */
  int nclasses;
  cvx_model *model;              /* NULL when off */
  cvx_seqmodel seq;
  bool on;                       /* a trained model is loaded */
  bool debug;                    /* debug_env is set */
} cvx_seqtask;

/* Loads t's model: the file named by t->env, or the built-in text[0,len);
 * none when t->env is "off"; a model with no transition weights (never
 * trained) leaves t->on false, so the stage's rules decide. False, with a
 * message on stderr, when the model does not parse or its classes are not
 * t->classes. Does nothing once loaded. */
bool cvx_seqtask_init(cvx_seqtask *t, const char *text, size_t len);
void cvx_seqtask_cleanup(cvx_seqtask *t);

/* ------------------------------------------------------------- training */

/* Training sequences collected in memory: per token a class index and a
 * closed feature set; each sequence has a group for cross-validation. */
typedef struct cvx_seqset cvx_seqset;

cvx_seqset *cvx_seqset_new(int nclasses, const char *const *classes);
void cvx_seqset_free(cvx_seqset *t);
/* A group no fold holds out: the sequence is always trained on. */
#define CVX_SEQ_ALWAYS UINT32_MAX
/* Adds a sequence of n tokens (features copied; each set closed). Labels
 * outside [0, nclasses) make the call a no-op. */
void cvx_seqset_add(cvx_seqset *t, size_t n, const cvx_features *toks, const int *labels, uint32_t group);
size_t cvx_seqset_size(const cvx_seqset *t);
/* Trains an averaged structured perceptron for epochs passes over the
 * sequences in a fixed pseudo-random order, skipping those whose group g has
 * g % folds == held (folds 0: use every sequence; CVX_SEQ_ALWAYS: never skipped); writes the model file
 * text (task named task, transitions included) into out. */
void cvx_seqset_train(const cvx_seqset *t, int epochs, unsigned folds, unsigned held, const char *task,
                      cvx_buf *out);
/* Token accuracy of sm on the sequences with group % folds == held (all when
 * folds is 0); *n gets how many tokens were scored. */
double cvx_seqset_accuracy(const cvx_seqset *t, const cvx_seqmodel *sm, unsigned folds, unsigned held,
                           size_t *n);

/* cvx_seqset_accuracy of the model whose file text is text[0,len) (what
 * cvx_seqset_train wrote); -1 when it does not parse. */
double cvx_seqset_accuracy_of(const cvx_seqset *t, const char *text, size_t len, unsigned folds, unsigned held,
                              size_t *n);

#endif /* CVX_SEQMODEL_H */
