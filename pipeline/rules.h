/* rules.h — the checks `cvx validate` runs on top of conversion: misspelled
 * front-matter keys, empty headings, suspicious dates, incomplete or repeated
 * entries, bad links, and JSON Resume files given directly. Each rule has a
 * stable code, a default severity and a one-line description. */
#ifndef CVX_RULES_H
#define CVX_RULES_H

#include "cvx.h"
#include "schema.h"

/* One diagnostic code cvx can emit (every code, not only the validate rules). */
typedef struct cvx_rule {
  const char *code;
  cvx_severity severity; /* the severity it is reported with */
  const char *description;
} cvx_rule;

/* The table of every code, sorted by code; *n receives its length. Static. */
const cvx_rule *cvx_rules_all(size_t *n);
/* The table entry for code, or NULL when code is not in the table. */
const cvx_rule *cvx_rule_find(const char *code);

/* Runs the document rules on a converted document (records final, doc->view
 * has hidden content blanked). today is "YYYY-MM" (future dates are those
 * after it); NULL skips the future-date rule. Adds diagnostics to doc->dx;
 * reads the document only. */
void cvx_rules_check_doc(cvx_doc *doc, const char *today);

/* Reports entries repeated within a section (same organisation, role and
 * start, or same title), before the pipeline merges exact repeats away.
 * Entries read twice from the same text by different passes do not count. */
void cvx_rules_check_duplicates(cvx_doc *doc);

/* Checks src as a JSON Resume document: JSON syntax (json.syntax with the
 * parser's line:col), then the schema (resume.schema-violation, one per
 * error, positioned on the offending value and naming its JSON pointer).
 * schema is the resume schema; the optional cvx-only parts (meta.cvx) are not
 * required from a hand-written file. Adds diagnostics to dx. */
void cvx_rules_check_resume_json(const cvx_source *src, const cvx_schema *schema, cvx_diags *dx);

/* Optimal-string-alignment edit distance between a and b (ASCII case kept),
 * giving up above max (returns max + 1). */
unsigned cvx_edit_distance(const char *a, const char *b, unsigned max);

#endif /* CVX_RULES_H */
