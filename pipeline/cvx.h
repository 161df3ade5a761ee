/* cvx.h — the public API of cvx: memory, sources, diagnostics, documents and
 * records, extractors, field grammars, schema validation and serializers.
 * Every extracted value carries a byte span into its source; line:col is derived
 * only when printing (see cvx_source_position). */
#ifndef CVX_H
#define CVX_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cvx_public.h"

/* the version, kept in one place: the public header */
#define CVX_VERSION CVX_LIB_VERSION

#if defined(__GNUC__) || defined(__clang__)
#define CVX_MUST_USE __attribute__((warn_unused_result))
#define CVX_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CVX_MUST_USE
#define CVX_PRINTF(a, b)
#endif

/* A status says whether a function could run; what is wrong with the *input*
 * is a diagnostic, not a status. */
typedef enum cvx_status {
  CVX_OK = 0,
  CVX_EIO,      /* the operating system refused (open, read, write, rename) */
  CVX_ELIMIT,   /* a configured limit was hit (size, depth, count, time) */
  CVX_EBINARY,  /* the input is not text */
  CVX_EPARSE,   /* the input could not be parsed at all */
  CVX_EINVAL    /* the caller passed something invalid */
} cvx_status;

const char *cvx_status_str(cvx_status st);

/* ------------------------------------------------------------------ memory */

/* Out of memory aborts here, in one place; these never return NULL. */
void *cvx_xmalloc(size_t n);
void *cvx_xcalloc(size_t n, size_t size);
void *cvx_xrealloc(void *p, size_t n);
char *cvx_xstrdup(const char *s);

/* One arena per document: everything a document owns dies with its arena.
 * Allocations are zeroed and aligned for any type. */
typedef struct cvx_arena cvx_arena;
cvx_arena *cvx_arena_new(size_t chunk_size);
void *cvx_arena_alloc(cvx_arena *a, size_t n);
/* Copies n bytes and NUL-terminates; s may contain no NUL in [0,n). */
char *cvx_arena_strndup(cvx_arena *a, const char *s, size_t n);
char *cvx_arena_strdup(cvx_arena *a, const char *s);
char *cvx_arena_printf(cvx_arena *a, const char *fmt, ...) CVX_PRINTF(2, 3);
/* Grows an arena array: returns a new block of new_n elements holding the old
 * old_n ones. The old block is freed when it had a chunk of its own (see
 * cvx_arena_give_back), else abandoned to the arena: never use it again. */
void *cvx_arena_grow(cvx_arena *a, void *old, size_t old_n, size_t new_n, size_t elem);
/* Frees block p now when it is a big block with a chunk of its own (over a
 * quarter of the arena's chunk size) and returns true; otherwise leaves it to
 * cvx_arena_free and returns false. p must not be used after true. For the
 * few blocks as large as the input that die before the document does. */
bool cvx_arena_give_back(cvx_arena *a, void *p);
/* Takes over heap block p (n bytes, from cvx_xmalloc): it is freed with the
 * arena. For a block as large as the input built in a growable buffer, which
 * a copy into the arena would double for a while. */
void cvx_arena_adopt(cvx_arena *a, void *p, size_t n);
size_t cvx_arena_bytes(const cvx_arena *a); /* bytes reserved from the system */
void cvx_arena_free(cvx_arena *a);

/* The free room of an arena's current chunk, the first member of struct
 * cvx_arena, so that small blocks are taken inline; next is always aligned
 * (blocks are taken from it), end is not (strings are taken below it). */
typedef struct cvx_arena_window {
  unsigned char *next, *end;
} cvx_arena_window;

/* cvx_arena_alloc with the common case inline: a block of at most 128 bytes
 * when the current chunk has 128 bytes of room (cleared 64 bytes at a time,
 * into room no block holds yet, as the out-of-line version does). */
static inline void *cvx_arena_alloc_inline(cvx_arena *a, size_t n) {
  cvx_arena_window *w = (cvx_arena_window *)(void *)a;
  if (n - 1 < 128 && (uintptr_t)w->end - (uintptr_t)w->next >= 128) {
    unsigned char *p = w->next;
    memset(p, 0, 64);
    if (n > 64) memset(p + 64, 0, 64);
    w->next = p + ((n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1));
    return p;
  }
  return (cvx_arena_alloc)(a, n);
}
#define cvx_arena_alloc(a, n) cvx_arena_alloc_inline((a), (n))

/* cvx_arena_strndup with the common case inline: the copy fits the current
 * chunk (it is never cleared first: every byte of it is written). Strings
 * need no alignment: they are packed down from the end of the chunk's room
 * while aligned blocks fill it up from the start, so that a short string
 * costs its length and its NUL, not a multiple of 16 bytes. */
static inline char *cvx_arena_strndup_inline(cvx_arena *a, const char *s, size_t n) {
  cvx_arena_window *w = (cvx_arena_window *)(void *)a;
  size_t need = n + 1;
  if (n < 4096 && (uintptr_t)w->end - (uintptr_t)w->next >= need) {
    w->end -= need;
    char *p = (char *)w->end;
    if (n) memcpy(p, s, n);
    p[n] = '\0';
    return p;
  }
  return (cvx_arena_strndup)(a, s, n);
}
#define cvx_arena_strndup(a, s, n) cvx_arena_strndup_inline((a), (s), (n))

/* The one way to build strings: ptr is never NULL and always NUL-terminated;
 * grows 1.5x with an overflow check. */
typedef struct cvx_buf {
  char *ptr;
  size_t len;
  size_t cap; /* 0 while ptr points at the shared empty string */
} cvx_buf;
#define CVX_BUF_INIT {(char *)"", 0, 0}
void cvx_buf_init(cvx_buf *b);
void cvx_buf_free(cvx_buf *b);
void cvx_buf_reserve(cvx_buf *b, size_t extra);
void cvx_buf_put(cvx_buf *b, const void *data, size_t n);
void cvx_buf_puts(cvx_buf *b, const char *s);
void cvx_buf_putc(cvx_buf *b, char c);
void cvx_buf_printf(cvx_buf *b, const char *fmt, ...) CVX_PRINTF(2, 3);
void cvx_buf_vprintf(cvx_buf *b, const char *fmt, va_list ap) CVX_PRINTF(2, 0);
void cvx_buf_truncate(cvx_buf *b, size_t len);
void cvx_buf_clear(cvx_buf *b);
/* Hands the heap string to the caller (free() it); b is left empty. */
char *cvx_buf_detach(cvx_buf *b);

/* The hot appends without a call when the bytes fit (data may lie inside b,
 * as for the functions); only growth goes through buf.c. The functions stay
 * callable by address or as (cvx_buf_put)(...). */
static inline void cvx_buf_putc_fast(cvx_buf *b, char c) {
  if (b->len + 1 < b->cap) {
    b->ptr[b->len++] = c;
    b->ptr[b->len] = '\0';
  } else {
    (cvx_buf_putc)(b, c);
  }
}
static inline void cvx_buf_put_fast(cvx_buf *b, const void *data, size_t n) {
  if (n && n < b->cap - b->len) { /* n == 0 (data may be NULL) returns in the call */
    memmove(b->ptr + b->len, data, n);
    b->len += n;
    b->ptr[b->len] = '\0';
  } else {
    (cvx_buf_put)(b, data, n);
  }
}
static inline void cvx_buf_puts_fast(cvx_buf *b, const char *s) {
  cvx_buf_put_fast(b, s, strlen(s));
}
#define cvx_buf_putc(b, c) cvx_buf_putc_fast((b), (c))
#define cvx_buf_put(b, data, n) cvx_buf_put_fast((b), (data), (n))
#define cvx_buf_puts(b, s) cvx_buf_puts_fast((b), (s))

/* ------------------------------------------------------------------ spans */

/* Byte offsets into cvx_source.text, end exclusive. */
typedef struct cvx_span {
  uint32_t start, end;
} cvx_span;
#define CVX_NOSPAN ((cvx_span){UINT32_MAX, UINT32_MAX})
static inline bool cvx_span_valid(cvx_span s) { return s.start != UINT32_MAX && s.start <= s.end; }
static inline cvx_span cvx_span_make(size_t a, size_t b) { return (cvx_span){(uint32_t)a, (uint32_t)b}; }

/* ------------------------------------------------------------ diagnostics */

typedef enum cvx_severity { CVX_NOTE = 0, CVX_WARNING, CVX_ERROR } cvx_severity;

typedef struct cvx_diag {
  cvx_severity severity;
  const char *code;    /* stable, e.g. "source.invalid-utf8" (static string) */
  cvx_span span;       /* CVX_NOSPAN when the problem has no position */
  const char *message; /* arena */
} cvx_diag;

/* Diagnostics are collected, never printed by the code that finds them. */
typedef struct cvx_diags {
  cvx_arena *arena;
  cvx_diag *items;
  size_t n, cap;
  size_t nerrors, nwarnings;
} cvx_diags;

void cvx_diags_init(cvx_diags *dx, cvx_arena *a);
void cvx_diag_add(cvx_diags *dx, cvx_severity sev, const char *code, cvx_span span,
                  const char *fmt, ...) CVX_PRINTF(5, 6);
const char *cvx_severity_str(cvx_severity s);

/* ----------------------------------------------------------------- source */

typedef enum cvx_encoding {
  CVX_ENC_UTF8 = 0,
  CVX_ENC_UTF8_BOM,
  CVX_ENC_UTF16LE,
  CVX_ENC_UTF16BE,
  CVX_ENC_UTF8_REPAIRED /* invalid sequences read as Windows-1252 */
} cvx_encoding;

/* A stretch of cvx_source.text that NFC normalisation wrote with fewer (or
 * more) code points than the file had: [start, end) in the text; cum is the
 * file's code points minus the text's, summed over this stretch and every
 * one before it. */
typedef struct cvx_colfix {
  uint32_t start, end;
  int64_t cum;
} cvx_colfix;

/* A decoded input: valid UTF-8 in Unicode normalisation form C (NFC), with
 * '\n' line ends (CRLF and lone CR become '\n', so line numbers are those of
 * the original file), no BOM, no NUL. Spans are byte offsets into this text;
 * cvx_source_position gives line and column in the file's own terms. */
typedef struct cvx_source {
  const char *path;       /* as given; "<stdin>" for "-" */
  const char *text;       /* NUL-terminated, arena-owned */
  size_t len;             /* bytes of text, < UINT32_MAX */
  const uint32_t *lines;  /* byte offset where each line starts; lines[0] == 0 */
  size_t nlines;
  cvx_encoding encoding;
  size_t raw_size;        /* bytes read from the file */
  /* where NFC changed the number of code points (sorted, never across a
   * line end), so that columns count the file's code points; usually none */
  const cvx_colfix *colfix;
  size_t ncolfix;
  /* A binary document (PDF, DOCX, ODT) read by its reader: text is its text,
   * one layout line per line, and layout the blocks read from it (layout.h);
   * NULL for a text input. */
  struct cvx_layout *layout;
  /* PDF: text offset where each page starts (positions print as page:line:col) */
  const uint32_t *pages;
  size_t npages;
} cvx_source;

typedef struct cvx_load_opts {
  size_t max_size; /* bytes; 0 means the default, CVX_DEFAULT_MAX_SIZE */
  unsigned time_budget_ms; /* a binary document's reader stops after this (0 = no limit) */
} cvx_load_opts;
#define CVX_DEFAULT_MAX_SIZE ((size_t)8 << 20)
#define CVX_HARD_MAX_SIZE ((size_t)1 << 30)

/* Decodes raw bytes into *out (arena-owned). Binary data, oversize input and
 * undecodable input return a status and add an error diagnostic; repairs
 * (invalid UTF-8, UTF-16) add a warning at their position; an empty input
 * loads fine with a warning. Never reads past n. */
CVX_MUST_USE cvx_status cvx_source_from_bytes(cvx_arena *a, const char *path,
                                              const unsigned char *bytes, size_t n,
                                              const cvx_load_opts *opts,
                                              cvx_source **out, cvx_diags *dx);
/* Reads path ("-" = stdin) and decodes it as cvx_source_from_bytes does.
 * Refuses files over max_size before reading them whole. */
CVX_MUST_USE cvx_status cvx_source_load(cvx_arena *a, const char *path,
                                        const cvx_load_opts *opts, cvx_source **out,
                                        cvx_diags *dx);
/* The rule for files met while walking a folder: a NUL byte in the first
 * 4 KB, unless a UTF-16 byte order mark says the NULs are text. Such files
 * are skipped, not reported (a file named on the command line is read and
 * its binary content reported instead). */
#define CVX_SNIFF_SIZE 4096
bool cvx_bytes_look_binary(const unsigned char *b, size_t n);
/* The same rule for the file at path (false when it cannot be read). */
bool cvx_file_looks_binary(const char *path);
/* cvx_source_load for a file met in a folder: when its first bytes look
 * binary (cvx_bytes_look_binary) it returns CVX_EBINARY with *skipped set and
 * no diagnostic, whatever the file's size. */
CVX_MUST_USE cvx_status cvx_source_load_walked(cvx_arena *a, const char *path,
                                               const cvx_load_opts *opts, cvx_source **out,
                                               cvx_diags *dx, bool *skipped);
/* A source over text[0,len) (arena-owned, NUL-terminated, already clean
 * UTF-8 with '\n' lines: a binary document's reader made it); builds the line map. */
cvx_source *cvx_source_from_text(cvx_arena *a, const char *path, char *text, size_t len, size_t raw_size);
/* The binary document formats cvx reads, by their first bytes. */
typedef enum cvx_docfmt { CVX_DOCFMT_NONE = 0, CVX_DOCFMT_PDF, CVX_DOCFMT_ZIP } cvx_docfmt;
cvx_docfmt cvx_document_format(const unsigned char *p, size_t n);
/* The page (1-based) holding off and the line within that page, for a
 * source with pages; false (nothing set) for one without. */
bool cvx_source_page(const cvx_source *src, uint32_t off, unsigned *page, unsigned *line);
/* 1-based line and 1-based column (in code points) of byte offset off. */
void cvx_source_position(const cvx_source *src, uint32_t off, unsigned *line, unsigned *col);
/* The line holding off, without its '\n'. */
const char *cvx_source_line(const cvx_source *src, uint32_t off, size_t *len);

/* --------------------------------------------------------------- records */

/* The kinds of normalized record; one per JSON Resume section entry. */
typedef enum cvx_rec_kind {
  CVX_REC_BASICS = 0,   /* fields: name label email phone url image summary
                           location.address location.postalCode location.city
                           location.region location.countryCode */
  CVX_REC_PROFILE,      /* network username url */
  CVX_REC_WORK,         /* name position location url startDate endDate summary highlights* */
  CVX_REC_VOLUNTEER,    /* organization position url startDate endDate summary highlights* */
  CVX_REC_EDUCATION,    /* institution url area studyType startDate endDate score courses* highlights* */
  CVX_REC_AWARD,        /* title date awarder summary */
  CVX_REC_CERTIFICATE,  /* name date issuer url */
  CVX_REC_PUBLICATION,  /* name publisher releaseDate url summary authors* volume issue pages doi arxiv type */
  CVX_REC_SKILL,        /* name level keywords* */
  CVX_REC_LANGUAGE,     /* language fluency */
  CVX_REC_INTEREST,     /* name keywords* */
  CVX_REC_REFERENCE,    /* name reference */
  CVX_REC_PROJECT,      /* name description highlights* keywords* startDate endDate url roles* entity type */
  CVX_REC_NEWS,         /* date summary */
  CVX_REC_SECTION,      /* title items*  (anything else, kept visible) */
  CVX_REC__COUNT
} cvx_rec_kind;

/* "basics", "work", … as in JSON Resume; "news" and "sections" for the meta ones. */
const char *cvx_rec_kind_name(cvx_rec_kind k);
/* True for keys that hold a list (highlights, keywords, courses, items, authors, roles). */
bool cvx_key_is_list(const char *key);

typedef struct cvx_field {
  const char *key;   /* static string: a JSON Resume key, dotted for nesting */
  const char *value; /* UTF-8, arena-owned, never empty */
  cvx_span span;     /* where the value came from */
  struct cvx_field *next;
} cvx_field;

typedef struct cvx_record {
  cvx_rec_kind kind;
  const char *origin; /* extractor that made it: "frontmatter", "markdown", "text", "prose" */
  cvx_span span;      /* the whole entry */
  cvx_field *fields, *tail;
  struct cvx_record *next;
} cvx_record;

/* What cvx_doc marks of each source byte, one class a byte (cvx_doc_mark):
 * HIDDEN: hidden content, not visible text (and, once cvx_coverage has run,
 * markup a reader does not see). TAKEN: landed in a field (or structure).
 * KEPT: kept in meta.cvx.sections, not read into a field. A hidden byte
 * stays hidden whatever takes it; a take turns kept into taken; a keep
 * never undoes a take. Stored in two bit planes (a, b), bit i of a plane
 * for byte i: 00 none, 01 kept, 10 taken, 11 hidden; a quarter of the
 * input, not one byte a byte. */
enum { CVX_MARK_HIDDEN = 1, CVX_MARK_TAKEN = 2, CVX_MARK_KEPT = 4 };

/* A document being extracted: the source, the records, and the bookkeeping
 * for hidden content and coverage. All memory belongs to doc->arena. */
typedef struct cvx_doc {
  cvx_arena *arena;
  const cvx_source *src;
  cvx_diags *dx;
  /* the source text with hidden content (front matter, HTML comments, Liquid)
   * replaced by spaces, newlines kept: same length and offsets as src->text.
   * It is src->text itself until something is hidden (view_owned false):
   * a text that could hold nothing to hide costs no copy. */
  char *view;
  bool view_owned;
  uint32_t body_start;   /* first byte after the front matter (0 if none) */
  bool as_data;          /* the whole source was read as data (a YAML CV), not as a page */
  /* '\n's of the source text turned NUL by cvx_blocks_seal (blocks.h) */
  size_t sealed;
  /* the marks of the source bytes (see CVX_MARK_HIDDEN): plane a in words
   * [0, mark_words), plane b in [mark_words, 2 * mark_words); one word past
   * the last byte's, so a 64-bit window at any byte can be read */
  uint64_t *marks;
  size_t mark_words;
  cvx_record *records, *records_tail;
  size_t nrecords;
  size_t max_records;
  bool truncated; /* hit max_records */
  /* the per-file time budget: a CLOCK_MONOTONIC deadline (0 = none), checked
   * by the extraction loops and the validate rules through cvx_doc_expired */
  uint64_t deadline_ns;
  unsigned budget_ms;
  unsigned ticks;
  bool expired;
  /* when set, the interpreter hands it every section whose heading it knows
   * (training examples for the section model; secvote.h) */
  const struct cvx_section_sink *section_sink;
  /* when set, the interpreter hands it every job-like section's blocks
   * (training sections for the entry segmenter; entryseg.h) */
  const struct cvx_entry_sink *entry_sink;
  /* when set, the interpreter hands it every work and education header with
   * the rules' fields (training headers for the field labeller; fieldlabel.h) */
  const struct cvx_field_sink *field_sink;
} cvx_doc;

cvx_doc *cvx_doc_new(cvx_arena *a, const cvx_source *src, cvx_diags *dx);
/* Gives doc a time budget of ms milliseconds from now (0 = unlimited). */
void cvx_doc_set_budget(cvx_doc *doc, unsigned ms);
/* True once doc's time budget is spent, or once cvx_cancelled: the caller
 * stops its loop, keeping what it has. Reads the clock only every 256 calls;
 * adds one "limit.time" error the first time the budget runs out (nothing
 * for a cancel: that document is not finished). */
bool cvx_doc_expired(cvx_doc *doc);
/* Asks the work in hand to stop: it has one second to finish (a usual file
 * needs milliseconds), then cvx_cancelled turns true and every
 * cvx_doc_expired with it, so an interrupted batch ends promptly whatever it
 * was reading. Async-signal-safe: a signal handler calls it.
 * cvx_cancel_reset clears it for the next batch. */
void cvx_cancel(void);
void cvx_cancel_reset(void);
/* True when cvx_cancel was called more than its grace second ago. */
bool cvx_cancelled(void);
/* Makes doc->view a copy of its own (a no-op once it is): called by a stage
 * that keeps doc->view in a variable and then hides, before it reads it. */
void cvx_doc_own_view(cvx_doc *doc);
/* Gives back the view and the marks (the input and a quarter of it) once
 * no stage reads them: after cvx_coverage, before the
 * outputs are built. They are NULL afterwards; nothing may hide or take. */
void cvx_doc_release_maps(cvx_doc *doc);
/* The class of byte i's marks: 0, CVX_MARK_HIDDEN, CVX_MARK_TAKEN or
 * CVX_MARK_KEPT (i < doc->src->len, while doc->marks is set). */
static inline unsigned cvx_doc_mark(const cvx_doc *doc, size_t i) {
  static const unsigned char cls[4] = {0, CVX_MARK_TAKEN, CVX_MARK_KEPT, CVX_MARK_HIDDEN};
  const uint64_t *a = doc->marks, *b = a + doc->mark_words;
  unsigned k = (unsigned)(a[i >> 6] >> (i & 63) & 1) | (unsigned)(b[i >> 6] >> (i & 63) & 1) << 1;
  return cls[k];
}
/* True when byte i is hidden (cvx_doc_mark is CVX_MARK_HIDDEN). */
static inline bool cvx_doc_hidden(const cvx_doc *doc, size_t i) {
  const uint64_t *a = doc->marks, *b = a + doc->mark_words;
  return (a[i >> 6] & b[i >> 6]) >> (i & 63) & 1;
}
/* Marks bytes [from, to) of doc (to <= doc->src->len) CVX_MARK_HIDDEN,
 * _TAKEN or _KEPT by the rules above, a word of 64 bytes at a time; the
 * view is not changed (cvx_doc_hide blanks it too). */
void cvx_doc_mark_range(cvx_doc *doc, size_t from, size_t to, unsigned mark);
/* Marks [span) as hidden content (blanked in doc->view). */
void cvx_doc_hide(cvx_doc *doc, cvx_span span);
/* Marks [span) as taken by a field or by document structure (e.g. a heading). */
void cvx_doc_take(cvx_doc *doc, cvx_span span);
/* Marks [span) as kept without a typed field (meta.cvx.sections): not
 * unmapped, but not counted as read by meta.cvx.coverage either. Bytes
 * already taken by a field stay taken. */
void cvx_doc_keep(cvx_doc *doc, cvx_span span);
/* Finds text (plain, as extracted) inside within; exact match first, then by
 * its first and last words. Returns CVX_NOSPAN when it cannot be found. */
cvx_span cvx_doc_locate(const cvx_doc *doc, cvx_span within, const char *text);
/* The same for text[0,n) (no NUL needed, nothing copied). */
cvx_span cvx_doc_locaten(const cvx_doc *doc, cvx_span within, const char *text, size_t n);

/* Appends a new, empty record (NULL once max_records is reached: the caller
 * stops; a diagnostic is added once). */
cvx_record *cvx_record_new(cvx_doc *doc, cvx_rec_kind kind, const char *origin, cvx_span span);
/* Adds key=value (value copied, trimmed; empty values are ignored and return
 * NULL). Marks the span taken. key must be a static string. */
cvx_field *cvx_record_add(cvx_doc *doc, cvx_record *r, const char *key, const char *value,
                          cvx_span span);
cvx_field *cvx_record_addn(cvx_doc *doc, cvx_record *r, const char *key, const char *value,
                           size_t len, cvx_span span);
/* cvx_record_addn for a value that lives as long as doc's arena and is never
 * written again (an arena copy of the caller's): a big value that needs no
 * whitespace collapsed and ends at a NUL once trimmed is referenced, not
 * copied; any other is copied. */
cvx_field *cvx_record_addn_lasting(cvx_doc *doc, cvx_record *r, const char *key, const char *value,
                                   size_t len, cvx_span span);
/* First value of key, or NULL. */
const char *cvx_record_get(const cvx_record *r, const char *key);
cvx_field *cvx_record_field(const cvx_record *r, const char *key);
/* Sets key (replacing the first existing value, else adding). */
void cvx_record_set(cvx_doc *doc, cvx_record *r, const char *key, const char *value, cvx_span span);
void cvx_record_remove(cvx_record *r, const char *key);

/* ------------------------------------------------------------ extractors */

/* An extractor turns (part of) a source into records. A whole-source
 * extractor that accepts the source reads it alone; else the pipeline runs
 * every preamble extractor that accepts the source, then the body extractor
 * with the highest score. */
typedef enum cvx_extractor_role { CVX_ROLE_PREAMBLE, CVX_ROLE_BODY, CVX_ROLE_WHOLE } cvx_extractor_role;

typedef struct cvx_extractor {
  const char *name;
  cvx_extractor_role role;
  /* 0 = cannot read this source; higher = better fit (body extractors compete) */
  int (*accepts)(const cvx_source *src);
  CVX_MUST_USE cvx_status (*extract)(const cvx_source *src, cvx_doc *doc, cvx_diags *dx);
} cvx_extractor;

extern const cvx_extractor cvx_extractor_frontmatter;
extern const cvx_extractor cvx_extractor_markdown;
extern const cvx_extractor cvx_extractor_html;
extern const cvx_extractor cvx_extractor_text;
extern const cvx_extractor cvx_extractor_yamldata; /* a .yml/.yaml data CV, read whole */
extern const cvx_extractor cvx_extractor_pdf;      /* a PDF's layout (decoded when loaded) */
extern const cvx_extractor cvx_extractor_docx;     /* a DOCX or ODT document's layout */

/* Hides HTML comments and Liquid ({% %}, {{ }}, {% comment %}…{% endcomment %},
 * {% raw %} kept) in doc->view from `from` on; adds diagnostics for unterminated ones. */
void cvx_hide_markup(cvx_doc *doc, uint32_t from);

#endif /* CVX_H */
