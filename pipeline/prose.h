/* prose.h — facts stated in running prose ("I received my B.Sc. in 2015 from
 * the University of Leeds", "Since 2019 I have been leading the platform team
 * at X"): entries with origin "prose", from paragraphs of any format. */
#ifndef CVX_PROSE_H
#define CVX_PROSE_H

#include "cvx.h"

/* Reads one paragraph (visible text, lines joined) located at `within` and
 * adds the education, work, volunteer and interest records it states, with
 * origin "prose". Adds nothing it cannot read with confidence. */
void cvx_prose_extract(cvx_doc *doc, const char *text, size_t len, cvx_span within);

/* True when text (a short paragraph) ends with what opens a list of topics
 * and states none ("My doctoral research focused on", "My hobbies include:"):
 * the list that follows it holds them. */
bool cvx_prose_list_lead(const char *text, size_t len);

/* After extraction: drops a prose record when the same fact was also found in
 * a section (the section's entry wins). */
void cvx_prose_dedupe(cvx_doc *doc);

/* After extraction: a CV that names nobody in its header or metadata gets
 * the name its summary opens with, as the subject of a bio in the third
 * person ("Jane Roe is an assistant professor …") or after "I'm"; nothing
 * else is taken for a name. */
void cvx_prose_bio_name(cvx_doc *doc);

#endif
