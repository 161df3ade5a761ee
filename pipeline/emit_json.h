/* emit_json.h — the JSON Resume serializer's interface and the coverage
 * figures it reports in meta.cvx. */
#ifndef CVX_EMIT_JSON_H
#define CVX_EMIT_JSON_H

#include "cvx.h"
#include "schema.h"

/* A run of visible text that no field took. */
typedef struct cvx_unmapped {
  unsigned line;    /* 1-based */
  const char *text; /* arena */
} cvx_unmapped;

/* Takes n bytes of a document's text; returns 0 or an errno. */
typedef int (*cvx_json_sink)(void *ctx, const char *p, size_t n);

typedef struct cvx_json_opts {
  const char *source_name;       /* meta.cvx.source */
  const char *const *extractors; /* NULL-terminated names of the extractors that ran */
  double coverage;               /* share of visible characters that landed in a field */
  const cvx_unmapped *unmapped;
  size_t nunmapped;
  size_t nerrors, nwarnings;
  bool provenance; /* per-value spans, not only per-entry lines */
  bool compact;    /* one line (NDJSON) instead of 2-space indentation */
  const cvx_schema *schema; /* validate against this before serializing (NULL: don't) */
  cvx_schema_error_fn on_error;
  void *error_ctx;
  /* when set, called with the valid document's tree before it is freed (the
   * review page reads it instead of parsing the text back; the tree and its
   * strings live only during the call) */
  void (*on_tree)(const cvx_sv *root, void *ctx);
  void *tree_ctx;
  /* when set, the text is handed to sink a chunk (about 1 MiB) at a time as
   * it is written, so that a big document is never whole in memory; what is
   * left at the end (all of a small document) stays in out. *sent receives
   * the bytes handed over and *sink_err its first error (each may be NULL). */
  cvx_json_sink sink;
  void *sink_ctx;
  size_t *sent;
  int *sink_err;
} cvx_json_opts;

/* Builds the JSON Resume document of doc, validates it against o->schema and
 * appends it (with a final '\n') to out, or with o->sink streams it (see
 * there). Returns false, appending nothing, when the document does not
 * validate (each error reported through o->on_error) or cannot be written
 * (then what a sink was handed is to be thrown away). No jansson value
 * outlives the call. */
bool cvx_emit_json(const cvx_doc *doc, const cvx_json_opts *o, cvx_buf *out);

/* Computes the share of visible characters of doc that landed in a field and
 * the visible lines that no field took (arena-owned array in *out, count in
 * *n). Visible = not hidden content, not markup, letters and digits only.
 * The last look at the document: it marks markup in doc->marks too, which
 * no stage reads after it. */
double cvx_coverage(cvx_doc *doc, cvx_unmapped **out, size_t *n);

#endif
