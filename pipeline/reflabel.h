/* reflabel.h — reference strings labelled token by token by the trained
 * sequence model (seqmodel.h, pipeline/models/refs.model), with the
 * hand-written scanners of refparse.c as features; the labelled spans become
 * a cvx_ref (cvx_ref_parse). Private to the pipeline and `cvx train --refs`. */
#ifndef CVX_REFLABEL_H
#define CVX_REFLABEL_H

#include "model.h"
#include "refparse.h"

/* The labels, in model class order. */
enum {
  CVX_RL_OTHER,
  CVX_RL_AUTHOR,
  CVX_RL_EDITOR,
  CVX_RL_TITLE,
  CVX_RL_CONTAINER,
  CVX_RL_COLLECTION,
  CVX_RL_DATE,
  CVX_RL_VOLUME,
  CVX_RL_ISSUE,
  CVX_RL_PAGES,
  CVX_RL_PUBLISHER,
  CVX_RL_LOCATION,
  CVX_RL_EDITION,
  CVX_RL_GENRE,
  CVX_RL_NOTE,
  CVX_RL_DOI,
  CVX_RL_URL,
  CVX_RL_IDENTIFIER,
  CVX_RL_NCLASSES
};
extern const char *const cvx_reflabel_classes[CVX_RL_NCLASSES];

/* References with more tokens than this are left to the rules. */
#define CVX_REFLABEL_MAX_TOKENS 2000

/* One token: bytes [s, e) of the working text; a word (letters and digits)
 * or a single punctuation mark. */
typedef struct cvx_reftok {
  uint32_t s, e;
  bool word;
} cvx_reftok;

/* Splits t[0,n) into tokens (arena-owned array, *ntok of them): runs of
 * letters/digits (any non-punctuation UTF-8 counts as a letter) and single
 * punctuation marks; spaces separate and are dropped. */
cvx_reftok *cvx_reflabel_tokenize(cvx_arena *a, const char *t, size_t n, size_t *ntok);

/* Fills feats[0..ntok) (each initialised by the caller) for the
 * tokens of the working text t[0,n) made from the raw reference raw[0,rawn).
 * rules, when not NULL, gets the hand-written parse of raw (its fields are
 * features too). The sets are left open: every feature is added once by
 * construction, so prediction needs no sort; training closes them. */
void cvx_reflabel_features(cvx_arena *a, const char *raw, size_t rawn, const char *t, size_t n,
                           const cvx_reftok *tok, size_t ntok, cvx_features *feats, cvx_ref *rules);

/* `cvx train --refs`: see train.c's usage. */
int cvx_reftrain_main(int argc, char **argv);

#endif /* CVX_REFLABEL_H */
