/* refparse.h — one free-text bibliographic reference (ACM, IEEE, APA, Chicago,
 * Vancouver, Harvard, short CV lines) read into CSL-JSON-like fields, and the
 * venue table (acronyms and names of conferences and journals). */
#ifndef CVX_REFPARSE_H
#define CVX_REFPARSE_H

#include "cvx.h"

/* One name: family + given, or a literal (corporate) name. */
typedef struct cvx_ref_name {
  const char *family; /* NULL for a literal */
  const char *given;  /* may be NULL */
  const char *literal;
} cvx_ref_name;

/* A parsed reference; every string is arena-owned, NULL when absent. */
typedef struct cvx_ref {
  cvx_ref_name *authors;
  size_t nauthors;
  bool et_al;           /* the list ended in "et al." / "and others" */
  const char *title;
  const char *container; /* journal, proceedings or book title, as written */
  const char *issued;    /* "2019" or "2019-06" */
  const char *volume, *issue, *page;
  const char *publisher;
  const char *doi;   /* lower case, no resolver prefix */
  const char *url;   /* a link that is not a DOI or arXiv link */
  const char *arxiv; /* "1811.04567", "hep-th/9901001" (no version) */
  const char *type;  /* CSL: paper-conference article-journal chapter book thesis report,
                        or "preprint" for an arXiv-only paper */
} cvx_ref;

/* Most authors kept per reference; the rest set et_al. */
#define CVX_REF_MAX_AUTHORS 10000

/* Parses s[0,n) (any UTF-8; a line break counts as a sentence end) into *out,
 * allocating from a. Linear in n, never reads outside s[0,n), never fails:
 * what cannot be read stays NULL. Never invents an author. */
void cvx_ref_parse(cvx_arena *a, const char *s, size_t n, cvx_ref *out);

/* Writes r's fields as the members of a CSL-JSON object (no braces), each
 * preceded by ", " unless *first; CSL "type" for "preprint" is "article". */
void cvx_ref_csl_members(const cvx_ref *r, cvx_buf *out, bool *first);

/* A known venue. */
typedef struct cvx_venue {
  const char *acronym;
  const char *type; /* CSL type: paper-conference or article-journal */
  const char *name; /* full name */
} cvx_venue;

/* Looks up a venue as written in a reference or CV ("NSDI 2019",
 * "Proc. of SOSP '17", "NeurIPS", "In OSDI"): the table entry whose acronym
 * is the venue's only word besides years, ordinals and "Proceedings of";
 * NULL when none. The table (pipeline/venues.tsv) is compiled into the
 * binary; thread-safe. */
const cvx_venue *cvx_venue_lookup(const char *venue);

#endif
