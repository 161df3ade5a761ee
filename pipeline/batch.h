/* batch.h — running many inputs: a thread pool that converts files in
 * parallel while results are consumed strictly in input order, so outputs,
 * CSV rows and diagnostics are identical whatever the thread count. */
#ifndef CVX_BATCH_H
#define CVX_BATCH_H

#include "convert.h"

#include <stdio.h>

typedef enum cvx_batch_mode {
  CVX_MODE_CONVERT, /* write files into outdir */
  CVX_MODE_STDOUT,  /* one document to stdout */
  CVX_MODE_VALIDATE, /* diagnostics only */
  CVX_MODE_NDJSON    /* one compact document per line to stdout, in input order */
} cvx_batch_mode;

struct cvx_reporter;
struct cvx_report_site;

typedef struct cvx_input {
  const char *path;    /* as given or found ("-" = stdin) */
  const char *display; /* name used in diagnostics and meta.cvx.source */
  const char *stem;    /* unique output stem: DIR/<stem>.json */
  bool site;           /* a Jekyll site folder: one input (cvx_convert_site) */
  bool sniff;          /* found in a folder and not yet sniffed: skipped
                          silently if it turns out binary (cvx_convert_walked) */
} cvx_input;

typedef struct cvx_batch_opts {
  cvx_batch_mode mode;
  const char *outdir;
  cvx_convert_opts conv;
  int jobs;
  bool progress;
  bool quiet;
  bool excel;        /* CSV with BOM and CRLF */
  bool fresh_outdir; /* outdir was empty when the batch began: no output of an
                        earlier run to replace or remove */
  FILE *diag_out;    /* where diagnostics go (stderr) */
  struct cvx_reporter *reporter; /* when set, every result's diagnostics go to it
                                    (report.h) instead of diag_out as text */
  size_t skipped_hidden; /* walked files left out before the batch (for --progress) */
  const size_t *skipped; /* [CVX_SKIP__COUNT] walked binaries left out before it, or NULL */
  struct cvx_report_site *site; /* when set, each input's review page is written
                                   into its folder and its row added to the
                                   index (report_html.h); needs conv.provenance
                                   and conv.want_source */
  bool site_only;    /* cvx report: the review site is the only output */
} cvx_batch_opts;

typedef struct cvx_batch_stats {
  size_t files, with_errors, with_warnings, written;
  size_t bytes;
  size_t skipped[CVX_SKIP__COUNT]; /* inputs not read, by why: walked binaries the
                                     workers left out, documents their readers refused */
  size_t unreadable; /* of those, the documents refused (each has an error) */
  double seconds;
  bool interrupted;
  bool fatal; /* the batch could not run at all (e.g. output folder) */
} cvx_batch_stats;

/* Converts inputs[0,n) and fills stats. Per-file problems are diagnostics on
 * opts->diag_out; the batch goes on. Every file it writes is written to a
 * temporary name in the output folder and renamed into place. */
void cvx_batch_run(const cvx_input *inputs, size_t n, const cvx_batch_opts *opts, cvx_batch_stats *stats);

/* Reads NDJSON records {"id": …, "text": "…"} from in, one per line, and
 * writes {"id": …, "resume": {…}} lines to stdout in input order (a record
 * that cannot be converted gets "resume": null and an "error"). Works through
 * the input a window of records at a time (opts->jobs threads), so memory
 * stays bounded whatever the input's length. Blank lines are skipped. */
void cvx_batch_ndjson(FILE *in, const cvx_batch_opts *opts, cvx_batch_stats *stats);

/* Writes data to dir/name atomically (temp file in dir + rename). Returns 0
 * or an errno value. */
int cvx_write_atomic(const char *dir, const char *name, const char *data, size_t len);

#endif
