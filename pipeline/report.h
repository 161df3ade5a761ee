/* report.h — printing diagnostics for people and for CI: text (file:line:col
 * with the source line and a caret), GitHub workflow annotations, one JSON
 * document, or SARIF 2.1.0 for code-scanning uploaders. */
#ifndef CVX_REPORT_H
#define CVX_REPORT_H

#include "convert.h"

#include <stdio.h>

typedef enum cvx_report_format {
  CVX_REPORT_TEXT = 0, /* as convert.c formats it (cvx_result.report) */
  CVX_REPORT_GITHUB,   /* ::error file=…,line=…,col=…,title=code::message */
  CVX_REPORT_JSON,     /* {"tool", "version", "files": [{file, diagnostics}], "summary"} */
  CVX_REPORT_SARIF     /* SARIF 2.1.0: one run, every rule, one result per diagnostic */
} cvx_report_format;

/* Parses "text", "github", "json" or "sarif"; false for anything else. */
bool cvx_report_format_parse(const char *s, cvx_report_format *out);

/* A report being written: results arrive in input order; the JSON and SARIF
 * documents are written whole by cvx_reporter_finish. */
typedef struct cvx_reporter cvx_reporter;

/* A reporter writing to out (not closed by it). */
cvx_reporter *cvx_reporter_new(cvx_report_format f, FILE *out);
/* Reports one input's diagnostics (res->items); display is its name. Text
 * and GitHub lines are written at once, so a long batch streams. */
void cvx_reporter_add(cvx_reporter *r, const char *display, const cvx_result *res);
/* Writes what is left (the JSON or SARIF document), flushes and frees r;
 * r may be NULL. */
void cvx_reporter_finish(cvx_reporter *r);

/* Lists every code with its severity and description, one per line. */
void cvx_rules_print(FILE *out);

#endif /* CVX_REPORT_H */
