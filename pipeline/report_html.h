/* report_html.h — cvx report: a static review site written beside a batch.
 * One page per input (its source text with every value's span highlighted,
 * what cvx read as a CV, the JSON Resume, the diagnostics at their lines)
 * and a paginated, sortable index. Templates and assets are pipeline/report/,
 * compiled in; all input text goes through html.h. */
#ifndef CVX_REPORT_HTML_H
#define CVX_REPORT_HTML_H

#include "convert.h"

#include <stdbool.h>
#include <stddef.h>

/* Most source bytes a page shows; the rest is cut with a note, so that no
 * page grows past a few MB whatever the input. */
#define CVX_REPORT_SOURCE_MAX ((size_t)1 << 20)
/* Most bytes of JSON Resume a page shows (cut with a note). */
#define CVX_REPORT_JSON_MAX ((size_t)1 << 20)
/* Rows per index page: index.html, index-2.html, … */
#define CVX_REPORT_ROWS_PER_PAGE 500

enum {
  CVX_REPORT_WORK, CVX_REPORT_EDUCATION, CVX_REPORT_PUBLICATIONS, CVX_REPORT_PROJECTS,
  CVX_REPORT_AWARDS, CVX_REPORT_SKILLS, CVX_REPORT_OTHER, CVX_REPORT_NCOUNTS
};

/* What the index shows of one input; heap strings owned by the row. */
typedef struct cvx_report_row {
  char *name;        /* basics.name, or NULL */
  unsigned counts[CVX_REPORT_NCOUNTS];
  double coverage;   /* meta.cvx.coverage, or -1 when there is no document */
  size_t nerrors, nwarnings;
  char *note;        /* the first error's message, or NULL */
  size_t nspans;     /* highlighted value spans on the page */
} cvx_report_row;

/* Renders the page of one converted input into out (appended) and fills
 * row. res must come from a conversion with provenance and want_source on;
 * a failed input gets a page that shows its errors. stem is the input's
 * output stem (the page is cv/<stem>.html). Pure: writes no file. */
void cvx_report_page(const char *display, const cvx_result *res, cvx_buf *out, cvx_report_row *row);
void cvx_report_row_free(cvx_report_row *row);

/* The index being written: rows arrive in input order. */
typedef struct cvx_report_site cvx_report_site;

/* Creates dir and dir/cv when missing. NULL with *err set (an errno) when
 * they cannot be made. */
cvx_report_site *cvx_report_site_new(const char *dir, int *err);
/* dir/cv, where the pages go. */
const char *cvx_report_site_pagedir(const cvx_report_site *s);
/* Adds input display's row (its page is cv/<stem>.html when has_page). */
void cvx_report_site_add(cvx_report_site *s, const char *display, const char *stem, bool has_page,
                         const cvx_report_row *row);
/* Lists an input that was not converted at all (a binary found in a folder). */
void cvx_report_site_skip(cvx_report_site *s, const char *display, const char *why);
/* Writes the index pages, report.css and report.js (each atomically) and
 * frees s (may be NULL). Returns 0 or the errno of the first failed write. */
int cvx_report_site_finish(cvx_report_site *s);

/* Built-in files of pipeline/report/ (gen/report_assets.c). */
const char *cvx_report_asset(const char *name, size_t *len);

#endif /* CVX_REPORT_HTML_H */
