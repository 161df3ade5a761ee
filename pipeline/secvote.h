/* secvote.h — a section's kind by what it holds: features of its content
 * (words, and what the shared grammars find in each line: dates, degrees,
 * organisations, roles, places, contacts) weighed by the trained section
 * model (pipeline/models/section.model). The interpreter asks it when a
 * heading's words name no known section. */
#ifndef CVX_SECVOTE_H
#define CVX_SECVOTE_H

#include "blocks.h"
#include "model.h"

/* Receives every section whose heading the word tables know, with that kind
 * and the section's content features: the training examples (cvx train). */
typedef struct cvx_section_sink {
  void (*fn)(void *ctx, const char *cls, const cvx_features *f);
  void *ctx;
} cvx_section_sink;

/* Loads the section model: the file named by $CVX_SECTION_MODEL when set
 * (for cross-validation), else the one built into the binary. Call once
 * before threads start; false (with a message on stderr) when it does not
 * parse. */
bool cvx_secvote_init(void);
void cvx_secvote_cleanup(void);

/* The section model's class names, in its file's order (what `cvx train`
 * writes): fills names[0..max) and returns how many there are. */
int cvx_secvote_classes(const char **names, int max);

/* The model's class name for a section kind ("work", "talk" for a talks
 * section…), or NULL for kinds that are not voted (SECTION). */
const char *cvx_secvote_class(cvx_rec_kind kind, bool talks);

/* Content features of the blocks [first, end) into f (cleared first, closed). */
void cvx_section_features(const cvx_block *first, const cvx_block *end, cvx_features *f);

/* The kind the content of [first, end) votes for, or CVX_REC_SECTION when
 * the vote is not clear (too little content, a low margin, or the person's
 * own details). *talks is set for a talks section. */
cvx_rec_kind cvx_section_vote(const cvx_block *first, const cvx_block *end, bool *talks);
/* cvx_section_vote with the margin it needs multiplied by strict (>= 1). */
cvx_rec_kind cvx_section_vote_strict(const cvx_block *first, const cvx_block *end, bool *talks, float strict);
/* cvx_section_vote for lines the caller knows to be lists ("Label: item,
 * item, item"), not running prose: it does not abstain on their length. */
cvx_rec_kind cvx_section_vote_lists(const cvx_block *first, const cvx_block *end, bool *talks);
/* True when the content of [first, end) votes for kind, or when the vote
 * would abstain only because its two best kinds are too close and kind is
 * one of them: a tie the context (a sibling section of that kind) breaks. */
bool cvx_section_vote_near(const cvx_block *first, const cvx_block *end, cvx_rec_kind kind);
/* True when [first, end) reads as things made whatever its words: two lines
 * or more, half of them at least, that name a thing and say what it is
 * (cvx_defines_thing), with no date or role (the vote's grammar rule for
 * projects). */
bool cvx_section_things(const cvx_block *first, const cvx_block *end);

#endif /* CVX_SECVOTE_H */
