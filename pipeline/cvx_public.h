/* cvx_public.h — the cvx library's public interface, installed as <cvx.h>:
 * a loose CV (Markdown, HTML, YAML data, plain text) in, a JSON Resume
 * document and its diagnostics out. These declarations are everything
 * libcvx.so exports; build an embedder with
 *   cc app.c $(pkg-config --cflags --libs cvx)
 * Every function is safe to call from several threads at once. Out of memory
 * aborts the process, as it does in the cvx command. */
#ifndef CVX_PUBLIC_H
#define CVX_PUBLIC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CVX_API __attribute__((visibility("default")))
#else
#define CVX_API
#endif

/* The version of this header; cvx_version() gives the library's. */
#define CVX_LIB_VERSION "0.1.0"

/* How bad a diagnostic is: an error means a value or the whole input was
 * lost, a warning that something looks wrong, a note is for information. */
typedef enum cvx_level { CVX_LEVEL_NOTE = 0, CVX_LEVEL_WARNING = 1, CVX_LEVEL_ERROR = 2 } cvx_level;

typedef struct cvx_diagnostic {
  cvx_level severity;
  unsigned line, column; /* 1-based, column in code points; 0 when unpositioned */
  const char *code;      /* stable, e.g. "date.range-reversed" (cvx validate --rules) */
  const char *message;   /* one line of English */
} cvx_diagnostic;

/* The result of one conversion; everything it hands out lives until
 * cvx_conversion_free. */
typedef struct cvx_conversion cvx_conversion;

/* flags for cvx_convert */
#define CVX_COMPACT 1u    /* the JSON on one line (as NDJSON) instead of indented */
#define CVX_PROVENANCE 2u /* every value's line:column span in meta.cvx.provenance */
#define CVX_ASCII 4u      /* BibTeX with non-ASCII letters as LaTeX escapes */

/* Converts len bytes of one CV. name is the input's name for diagnostics and
 * meta.cvx.source, and its extension is the format hint (.html/.htm, .md,
 * .yml/.yaml, .txt; NULL or no extension: judged from the content, as cvx
 * convert does). The bytes may be UTF-8 (with or without BOM), UTF-16 or
 * Windows-1252; they are not kept. The limits are cvx convert's defaults:
 * inputs over 8 MiB are refused, and extraction stops after 30 s, keeping
 * what it read (a limit.time error). Returns NULL only when bytes is NULL and
 * len is not 0; an unreadable input (binary, too large) gives a conversion
 * with no JSON and an error diagnostic. */
CVX_API cvx_conversion *cvx_convert(const void *bytes, size_t len, const char *name, unsigned flags);

/* The JSON Resume document, NUL-terminated, '\n'-ended, with its length in
 * *len when len is not NULL; NULL when there is none (the input could not
 * be read). */
CVX_API const char *cvx_conversion_json(const cvx_conversion *c, size_t *len);
/* The BibTeX of the CV's publications; NULL when it lists none. */
CVX_API const char *cvx_conversion_bibtex(const cvx_conversion *c, size_t *len);
/* The diagnostics, in the order of their position in the input. */
CVX_API size_t cvx_conversion_count(const cvx_conversion *c);
CVX_API const cvx_diagnostic *cvx_conversion_diagnostic(const cvx_conversion *c, size_t i);
/* How many of them are errors. */
CVX_API size_t cvx_conversion_errors(const cvx_conversion *c);
CVX_API void cvx_conversion_free(cvx_conversion *c);

/* "cvx 0.1.0"'s "0.1.0": the version of the library linked in. */
CVX_API const char *cvx_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CVX_PUBLIC_H */
