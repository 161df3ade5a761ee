/* fieldlabel.h — which field each word of an entry's header is, weighed by a
 * trained sequence model instead of slot rules alone. The header text of a
 * work or education entry (its role, organisation, place, degree and dates,
 * on one line or several) is cut into tokens (words, and separators such as
 * "," "-" "|" "(" as tokens of their own); each token is described by its
 * word, shape, affixes and neighbours, where it sits in its line and in the
 * header, what the shared grammars say of its segment (dates, degrees, role
 * and organisation words, the place gazetteer, person names) and which field
 * the hand-written slot rules gave it; Viterbi (seqmodel.h) labels every
 * token O, ROLE, ORG, PLACE, DATE, DEGREE or AREA. The model is trained by
 * `cvx train --fields` from CVs with gold answers
 * (pipeline/models/fields.model). */
#ifndef CVX_FIELDLABEL_H
#define CVX_FIELDLABEL_H

#include "cvx.h"
#include "model.h"

enum {
  CVX_FLD_O,
  CVX_FLD_ROLE,
  CVX_FLD_ORG,
  CVX_FLD_PLACE,
  CVX_FLD_DATE,
  CVX_FLD_DEGREE,
  CVX_FLD_AREA,
  CVX_FLD_NCLASSES
};

/* The label names, in the model file's order. */
extern const char *const cvx_field_classes[CVX_FLD_NCLASSES];

/* A header holds at most this many bytes and tokens for the model; a longer
 * one is left to the rules (linear work on any input). */
#define CVX_FIELD_MAX_BYTES 400
#define CVX_FIELD_MAX_TOKENS 64

/* A token: bytes [a, z) of the header text; sep when it is a separator
 * (punctuation between fields), line its line's index in the header. */
typedef struct cvx_ftok {
  uint32_t a, z;
  uint16_t line;
  bool sep;
} cvx_ftok;

/* Tokens of s[0,n) into out[0..max); returns how many, or max + 1 when there
 * are more (the rest unread). Words are runs of letters, digits and inner
 * marks ("B.Tech", "Co-founder", "O'Neil"); a separator is one of
 * , ; : | / ( ) [ ] @ & or a dash standing apart, one token each. */
size_t cvx_field_tokens(const char *s, size_t n, cvx_ftok *out, size_t max);

/* Receives every work and education header with the rules' field per byte
 * (CVX_FLD_*), before the model is asked: the training examples (cvx train
 * --fields). */
typedef struct cvx_field_sink {
  void (*fn)(void *ctx, cvx_rec_kind kind, const char *s, size_t n, const unsigned char *rule);
  void *ctx;
} cvx_field_sink;

/* Loads the model: the file named by $CVX_FIELD_MODEL when set ("off" turns
 * it off: the rules decide), else the one built into the binary. Call once
 * before threads start; false (with a message) when it does not parse. */
bool cvx_field_init(void);
void cvx_field_cleanup(void);
/* True when a model with weights is loaded and not turned off. */
bool cvx_field_active(void);
/* True when $CVX_FIELD_DEBUG was set at init: headers and their labels are
 * printed on stderr. */
bool cvx_field_debug(void);

/* Features of the tokens tok[0..nt) of header s[0,n) of an entry of the
 * given kind into feats[0..nt) (each initialised by the caller; cleared,
 * filled and closed here); rule[0..n) is the rules' field per byte. */
void cvx_field_features(cvx_rec_kind kind, const char *s, size_t n, const cvx_ftok *tok, size_t nt,
                        const unsigned char *rule, cvx_features *feats);

/* Labels the tokens of header s[0,n) into labels[0..nt) (CVX_FLD_*); false
 * (labels untouched) when the model is off or the header too long. */
bool cvx_field_label(cvx_rec_kind kind, const char *s, size_t n, const cvx_ftok *tok, size_t nt,
                     const unsigned char *rule, int *labels);

/* `cvx train --fields`: see entrytrain.c. */
int cvx_fieldtrain_main(int argc, char **argv);

#endif /* CVX_FIELDLABEL_H */
