/* prose.c — facts in running prose. (Reads nothing yet: the pipeline already
 * calls it for every prose paragraph, so the grammar can grow here alone.) */
#include "prose.h"

void cvx_prose_extract(cvx_doc *doc, const char *text, size_t len, cvx_span within) {
  (void)doc;
  (void)text;
  (void)len;
  (void)within;
}

void cvx_prose_dedupe(cvx_doc *doc) { (void)doc; }
