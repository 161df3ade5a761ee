/* entryseg.h — where the entries of a section begin, weighed by a trained
 * sequence model instead of layout rules. Each block of a work, volunteer,
 * education or projects section is labelled B (opens an entry), H (carries
 * more of that entry's header: its role, organisation, place or dates) or D
 * (a detail: a description, a highlight). The features are what the shared
 * grammars see in the block and its neighbours (dates, degrees, roles,
 * organisations, places, sentences, the block's kind and shape, and whether
 * it repeats the shape of the section's first block); Viterbi over the
 * section picks the labels (seqmodel.h). The model is trained by
 * `cvx train --entries` from CVs with gold answers
 * (pipeline/models/entries.model). */
#ifndef CVX_ENTRYSEG_H
#define CVX_ENTRYSEG_H

#include "blocks.h"
#include "model.h"

enum { CVX_SEG_B, CVX_SEG_H, CVX_SEG_D, CVX_SEG_NCLASSES };

/* The label names, in the model file's order ("B", "H", "D"). */
extern const char *const cvx_entryseg_classes[CVX_SEG_NCLASSES];

/* A section holds at most this many blocks for the model; a longer one is
 * left to the rules (linear work on any input). */
#define CVX_SEG_MAX_BLOCKS 4096

/* Receives every job-like section's blocks and their features before the
 * interpreter reshapes them: the training examples (cvx train --entries). */
typedef struct cvx_entry_sink {
  void (*fn)(void *ctx, cvx_rec_kind kind, const cvx_block *const *blocks, const cvx_features *feats, size_t n);
  void *ctx;
} cvx_entry_sink;

/* Loads the model: the file named by $CVX_ENTRY_MODEL when set ("off" turns
 * the model off: the rules decide), else the one built into the binary.
 * Call once before threads start; false (with a message) when it does not
 * parse. */
bool cvx_entryseg_init(void);
void cvx_entryseg_cleanup(void);

/* True when a model with weights is loaded and not turned off. */
bool cvx_entryseg_active(void);

/* True when $CVX_ENTRY_DEBUG was set at init: the interpreter and the trainer
 * print each block's label on stderr. */
bool cvx_entryseg_debug(void);

/* True when block b can take part in an entry: not a rule, and a heading or
 * a block with a letter or digit. The grouping rules and the model walk the
 * same blocks. */
bool cvx_entryseg_takes_part(const cvx_block *b);

/* The blocks of [first, end) that take part in an entry into blocks[0..)
 * (when not NULL), at most max; returns how many, or max + 1 when there are
 * more. */
size_t cvx_entryseg_blocks(const cvx_block *first, const cvx_block *end, const cvx_block **blocks, size_t max);

/* What the hand-written grouping rules decided for a block (interpret.c),
 * one of the features the model weighs. */
enum { CVX_RULE_CONT, CVX_RULE_START, CVX_RULE_HEAD, CVX_RULE_CLOSE };

/* Features of blocks[0..n) of a section of the given kind into feats[0..n)
 * (each initialised by the caller; cleared, filled and closed here); rule[i]
 * is the rules' decision for block i (CVX_RULE_*). */
void cvx_entryseg_features(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                           cvx_features *feats);

/* Labels blocks[0..n) into labels[0..n) (CVX_SEG_*). Only when active. */
void cvx_entryseg_label(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                        int *labels);

/* The rules' reading of where entries open, applied by cvx_entryseg_label
 * over the model's labels (a head repeated below its description opens the
 * next entry; a line in lower case goes on with the header above; sections
 * anchored by sub-headings or by lines of dates alone): labels[i] of
 * blocks[i], amended in place. */
void cvx_entryseg_amend(const cvx_block *const *blocks, size_t n, int *labels);

/* `cvx train --entries`: see entrytrain.c. */
int cvx_entrytrain_main(int argc, char **argv);

#endif /* CVX_ENTRYSEG_H */
