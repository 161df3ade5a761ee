/* refparse.h — one free-text bibliographic reference (ACM, IEEE, APA, Chicago,
 * Vancouver, Harvard, short CV lines) read into CSL-JSON-like fields, and the
 * venue table (acronyms and names of conferences and journals). */
#ifndef CVX_REFPARSE_H
#define CVX_REFPARSE_H

#include "cvx.h"

#include <stdint.h>

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
 * what cannot be read stays NULL. Never invents an author. This is the
 * trained labeller (reflabel.c) over the scanners below; CVX_REFS_PARSER=rules
 * in the environment selects cvx_ref_parse_rules instead. */
void cvx_ref_parse(cvx_arena *a, const char *s, size_t n, cvx_ref *out);

/* The same contract, by the hand-written scanners and grammar alone. */
void cvx_ref_parse_rules(cvx_arena *a, const char *s, size_t n, cvx_ref *out);

/* ------------------------------------------- scanners, for the labeller */

/* The working text both parsers read: s[0,n) with emphasis and short HTML
 * tags dropped, whitespace collapsed, a leading citation number removed.
 * Arena-owned, NUL-terminated; *outn gets its length. */
char *cvx_ref_clean(cvx_arena *a, const char *s, size_t n, size_t *outn);

/* What the scanners recognise at each byte of t[0,n) (marks[0..n), caller
 * owned): bits below. Word-level marks cover the word without its
 * surrounding quotes and punctuation. */
enum {
  CVX_REF_MARK_IDENT = 1u << 0,       /* a DOI, arXiv id or URL (with its label) */
  CVX_REF_MARK_YEAR = 1u << 1,        /* the year the rules pick */
  CVX_REF_MARK_PAGES = 1u << 2,       /* the first page range */
  CVX_REF_MARK_INITIAL = 1u << 3,     /* "J.", "C.J." */
  CVX_REF_MARK_CAPS = 1u << 4,        /* Vancouver initials "ML" */
  CVX_REF_MARK_CAPWORD = 1u << 5,     /* a capitalised name word */
  CVX_REF_MARK_PARTICLE = 1u << 6,    /* van, de, von … */
  CVX_REF_MARK_SUFFIX = 1u << 7,      /* Jr., III */
  CVX_REF_MARK_CONJ = 1u << 8,        /* and, &, und, et */
  CVX_REF_MARK_ETAL = 1u << 9,        /* et al., others */
  CVX_REF_MARK_EDITOR = 1u << 10,     /* eds., (Ed.), editors */
  CVX_REF_MARK_MONTH = 1u << 11,      /* a month name */
  CVX_REF_MARK_VOLWORD = 1u << 12,    /* vol., no., pp., pages … */
  CVX_REF_MARK_PUBLISHER = 1u << 13,  /* Press, Springer, Verlag … */
  CVX_REF_MARK_CONFERENCE = 1u << 14, /* Proceedings, Conference, Workshop … */
  CVX_REF_MARK_THESIS = 1u << 15,     /* thesis, dissertation */
  CVX_REF_MARK_REPORT = 1u << 16,     /* technical report, memo */
  CVX_REF_MARK_VENUE_CONF = 1u << 17, /* a conference in the venue table */
  CVX_REF_MARK_VENUE_JOURNAL = 1u << 18,
};
void cvx_ref_marks(cvx_arena *a, const char *t, size_t n, uint32_t *marks);

/* The author list read from t[0,n) alone by the name grammar (family first,
 * natural order, Vancouver): fills r->authors, r->nauthors, r->et_al. */
void cvx_ref_names(cvx_arena *a, const char *t, size_t n, cvx_ref *r);

/* Drops a container that is none ("Manuscript", "to appear", a month) and
 * a year after a venue ("NSDI 2019", "SIGCOMM'18"); edits r->container in
 * place (it must be writable, arena-owned). */
void cvx_ref_tidy_container(cvx_ref *r);

/* CSL type from the fields found and the genre seen, as the rules set it. */
void cvx_ref_set_type(cvx_ref *r, bool had_in, bool thesis, bool report);
bool cvx_ref_thesis_like(const char *s, size_t n);
bool cvx_ref_report_like(const char *s, size_t n);
bool cvx_ref_conference_like(const char *s, size_t n);
bool cvx_ref_publisher_like(const char *s, size_t n);

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
