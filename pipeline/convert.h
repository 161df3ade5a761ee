/* convert.h — one input through the whole pipeline: load, extract, normalize,
 * validate, serialize. The batch runner and the CLI drive it; it never prints
 * and never writes files. */
#ifndef CVX_CONVERT_H
#define CVX_CONVERT_H

#include "cvx.h"

/* Default per-input time budget: far above any real CV (milliseconds), low
 * enough that a pathological input cannot stall a batch. */
#define CVX_DEFAULT_TIME_BUDGET_MS 30000u

/* Why an input was not read, for the summary line ("3 skipped: 2 PDF without
 * text, 1 image"): a binary file met in a folder (by what its first bytes
 * are), or a document whose reader refused it (with its diagnostic). */
typedef enum cvx_skip {
  CVX_SKIP_NONE = 0,
  CVX_SKIP_BINARY,
  CVX_SKIP_IMAGE,
  CVX_SKIP_ARCHIVE,
  CVX_SKIP_EXECUTABLE,
  CVX_SKIP_PDF_NO_TEXT,
  CVX_SKIP_PDF_ENCRYPTED,
  CVX_SKIP_PDF_CORRUPT,
  CVX_SKIP_DOC_NO_TEXT,
  CVX_SKIP_DOC_ENCRYPTED,
  CVX_SKIP_DOC_CORRUPT,
  CVX_SKIP_DOC_LIMIT,
  CVX_SKIP__COUNT
} cvx_skip;

/* "PDF without text", "image", … (static). */
const char *cvx_skip_name(cvx_skip k);
/* The kind of binary file p[0,n) starts with: image, archive, executable, else binary. */
cvx_skip cvx_skip_of_bytes(const unsigned char *p, size_t n);
/* The same for the first bytes of the file at path. */
cvx_skip cvx_skip_of_file(const char *path);

typedef struct cvx_convert_opts {
  cvx_load_opts load;
  bool provenance;  /* full per-value spans in meta.cvx.provenance */
  bool want_source; /* keep the decoded source text in cvx_result.source (cvx report) */
  bool want_json;
  bool want_bib;
  bool want_csv;    /* cvx.csv row and entries.csv rows */
  bool bib_ascii;
  bool compact;     /* one-line JSON (NDJSON) */
  bool excel;       /* CSV rows end in CRLF */
  unsigned time_budget_ms; /* per input, for extraction (0 = no limit) */
  const char *today; /* "YYYY-MM", the reference date for years of experience
                        and for future dates (validate rules) */
  bool rules;       /* run the validate rules (rules.h); a *.json input is
                       checked as a JSON Resume file instead of converted */
  const char *const *disabled; /* codes to leave out of the report, NULL-terminated; may be NULL */
  const struct cvx_section_sink *section_sink; /* training examples (cvx train); NULL */
  const struct cvx_entry_sink *entry_sink;     /* training sections (cvx train --entries); NULL */
  const struct cvx_field_sink *field_sink;     /* training headers (cvx train --fields); NULL */
  /* when set, the JSON text is handed to json_sink about 1 MiB at a time as
   * it is written (a big document is never whole in memory): the result's
   * json then holds only what is left at the end, json_sent counts what the
   * sink took (0 for all but big documents) and json_sink_err is its first
   * error. When the JSON turns out not valid (json_valid false), what the
   * sink took is to be thrown away. */
  int (*json_sink)(void *ctx, const char *p, size_t n);
  void *json_sink_ctx;
} cvx_convert_opts;

/* What converting one input produced: heap buffers owned by the result. */
typedef struct cvx_result {
  cvx_status status;   /* CVX_OK when the input could be read and converted */
  size_t nerrors, nwarnings;
  size_t bytes;        /* bytes read */
  size_t npublications;
  bool json_valid;     /* the JSON passed the resume schema (else not written) */
  bool skipped;        /* a binary file met in a folder: not an input at all
                          (cvx_convert_walked); nothing else is set but skip */
  cvx_skip skip;       /* why it was not read: skipped, or a document its
                          reader refused (then the report says why) */
  cvx_buf json;        /* JSON Resume document, '\n'-terminated (empty if none);
                          with a json_sink, only its last part */
  size_t json_sent;    /* bytes of it handed to cvx_convert_opts.json_sink */
  int json_sink_err;   /* the sink's first error (an errno), or 0 */
  cvx_buf bib;         /* BibTeX (empty when the CV lists no publication) */
  cvx_buf csv_row;     /* one cvx.csv row */
  cvx_buf entries;     /* entries.csv rows */
  cvx_buf report;      /* diagnostics as text, one "file:line:col: …" block each */
  cvx_buf source;      /* the decoded text positions refer to (want_source; else empty) */
  cvx_colfix *colfix;  /* and its NFC stretches (cvx_source.colfix), heap; may be NULL */
  size_t ncolfix;
  struct cvx_arena *tree_arena; /* want_source: the JSON document as a tree */
  const struct cvx_sv *tree;    /* (in tree_arena), or NULL */
  /* the diagnostics themselves, kept for other report formats: */
  struct cvx_report_item *items;
  size_t nitems;
} cvx_result;

typedef struct cvx_report_item {
  cvx_severity severity;
  char *code;
  char *message;
  unsigned page;      /* a PDF's page (1-based; line is then counted on it), else 0 */
  unsigned line, col; /* 0 when unpositioned */
  char *source_line;  /* the line's text, or NULL */
} cvx_report_item;

/* Prepares the shared read-only state (schemas, patterns). Call once before
 * threads start; returns false with a message on stderr if a built-in schema
 * does not parse (a build defect). */
bool cvx_convert_init(void);
void cvx_convert_cleanup(void);

/* Converts the file at path ("-" = stdin); display is the name diagnostics
 * use. res must be zeroed or freed; it is filled in. */
void cvx_convert_file(const char *path, const char *display, const cvx_convert_opts *o,
                      cvx_result *res);
/* cvx_convert_file for a file found by walking a folder: one whose start
 * looks binary (cvx_bytes_look_binary) is skipped (res->skipped) without a
 * diagnostic, as if the walk had not found it. */
void cvx_convert_walked(const char *path, const char *display, const cvx_convert_opts *o,
                        cvx_result *res);
/* Converts an in-memory input (NDJSON records, fuzzers). */
void cvx_convert_bytes(const char *display, const unsigned char *bytes, size_t n,
                       const cvx_convert_opts *o, cvx_result *res);
/* Runs the pipeline after extraction (dedupe, normalize, validate, serialize,
 * report) on a doc whose records are already in place, for inputs made of
 * several files (a Jekyll site). extractors: NULL-terminated names for
 * meta.cvx.extractors. display names the input in meta.cvx.source, the CSV
 * rows and unpositioned diagnostics; positioned ones name doc->src->path. res
 * is initialized here (it need not be zeroed); doc and its arena stay the
 * caller's to free. */
void cvx_convert_doc(cvx_doc *doc, const char *const *extractors, const char *display,
                     const cvx_convert_opts *o, cvx_result *res);
void cvx_result_free(cvx_result *res);

/* "YYYY-MM", the reference date of cvx_convert_opts.today: SOURCE_DATE_EPOCH
 * when set (reproducible output), else today (UTC). */
void cvx_today(char out[16]);

/* Built-in schema texts, compiled into the binary from schemas/ (gen_schemas.c). */
const char *cvx_builtin_schema(const char *name, size_t *len);

#endif
