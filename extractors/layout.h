/* layout.h — what the readers of binary documents (PDF, DOCX, ODT) hand on:
 * the document's text, one layout line per source line, and the block stream
 * read from its layout, built together by one builder so that every block's
 * span points at its own text. */
#ifndef CVX_LAYOUT_H
#define CVX_LAYOUT_H

#include "blocks.h"

/* A decoded document's layout, owned by its source's arena (cvx_source.layout). */
typedef struct cvx_layout {
  const char *format; /* "pdf", "docx", "odt" (static) */
  cvx_blocks blocks;  /* handed once to the interpreter, which reshapes it */
  cvx_span *hidden;   /* text not read as content: repeated page headers and footers, page numbers */
  size_t nhidden;
} cvx_layout;

/* A link being filled: its visible text is bt[ts, te), its source bytes [s, e). */
typedef struct cvx_lb_link {
  size_t ts, te;
  uint32_t s, e;
  const char *url; /* arena */
  bool open;
} cvx_lb_link;

/* Builds the text and the blocks at once. Text put in goes both into the
 * source text and into the open block; controls become spaces and invalid
 * UTF-8 U+FFFD, so the text is what cvx_source promises. The text stops
 * growing at max bytes (cvx_lb_full tells). Heap buffers until cvx_lb_finish
 * or cvx_lb_free. */
typedef struct cvx_lb {
  cvx_arena *a;
  cvx_layout *lay;
  cvx_buf text;
  size_t max;
  bool full;
  uint32_t *pages;
  size_t npages, cappages;
  size_t caphidden;
  /* the open block */
  bool open;
  cvx_blk_kind kind;
  int level;
  const char *marker;
  size_t strong_len;
  cvx_buf bt;
  size_t bstart; /* text offset of its first byte */
  bool bstarted; /* some of its text is in */
  bool carry;    /* carried over a page break, no text of the new page in yet */
  cvx_lb_link *links;
  size_t nlinks, caplinks;
} cvx_lb;

void cvx_lb_init(cvx_lb *lb, cvx_arena *a, const char *format, size_t max);
/* A new page starts here (a blank line between pages; its offset kept for positions). */
void cvx_lb_page(cvx_lb *lb);
/* A new page starts here, and the open block goes on over it (a paragraph
 * the page broke); the page's hidden lines (cvx_lb_hidden_line) do not end
 * it. Without an open block, cvx_lb_page. */
void cvx_lb_page_carry(cvx_lb *lb);
/* Ends the open block, if any, and opens one (marker: static or arena, or NULL). */
void cvx_lb_begin(cvx_lb *lb, cvx_blk_kind kind, int level, const char *marker);
/* Writes s[0,n) into the source text only (a list marker as it shows). */
void cvx_lb_raw(cvx_lb *lb, const char *s, size_t n);
/* Writes s[0,n) into the text and the open block (opening a paragraph when none is). */
void cvx_lb_put(cvx_lb *lb, const char *s, size_t n);
/* A line break in the text; in the block, when it has text. */
void cvx_lb_newline(cvx_lb *lb);
/* A line break inside a word hyphenated at the line's end ("charac-" over
 * "terises"): the text keeps the hyphen and the break as printed; the block
 * drops the hyphen and reads the word whole. */
void cvx_lb_join_hyphen(cvx_lb *lb);
/* A line break the layout made in a run of text (a line wrapped at the
 * column's edge): the text keeps the break as printed; the block reads one
 * line, the two joined by a space. */
void cvx_lb_join_space(cvx_lb *lb);
/* A cell or column boundary: '\t' in both (not at a line's start). */
void cvx_lb_tab(cvx_lb *lb);
/* The bold run that opens the block ends here. */
void cvx_lb_strong(cvx_lb *lb);
/* A link starts at the current position (url copied); cvx_lb_link_end ends the last open one. */
void cvx_lb_link_begin(cvx_lb *lb, const char *url);
void cvx_lb_link_end(cvx_lb *lb);
/* Ends the open block: a block with neither text nor links is not made. */
void cvx_lb_end(cvx_lb *lb);
/* Writes a whole line that is shown but not read (page furniture). */
void cvx_lb_hidden_line(cvx_lb *lb, const char *s, size_t n);
/* Current length of the text. */
static inline size_t cvx_lb_len(const cvx_lb *lb) { return lb->text.len; }
/* True once the text reached max bytes: the reader stops. */
static inline bool cvx_lb_full(const cvx_lb *lb) { return lb->full; }
/* The source made of the text and the layout (arena-owned); frees the buffers. */
cvx_source *cvx_lb_finish(cvx_lb *lb, const char *path, size_t raw_size);
/* Frees the buffers without making a source. */
void cvx_lb_free(cvx_lb *lb);

/* The extractors' common part: hides the layout's page furniture in doc and
 * hands its blocks (once) to the shared interpreter. */
CVX_MUST_USE cvx_status cvx_layout_extract(const cvx_source *src, cvx_doc *doc, const char *origin);

/* The readers (pdf.c, docx.c): decode bytes into *out (a source whose layout
 * is set) or add an error naming the reason ("pdf.encrypted", "pdf.no-text",
 * "pdf.corrupt", "docx.corrupt", "docx.limit"…) and return a status. */
CVX_MUST_USE cvx_status cvx_pdf_decode(cvx_arena *a, const char *path, const unsigned char *p, size_t n,
                                       const cvx_load_opts *o, cvx_source **out, cvx_diags *dx);
CVX_MUST_USE cvx_status cvx_zipdoc_decode(cvx_arena *a, const char *path, const unsigned char *p, size_t n,
                                          const cvx_load_opts *o, cvx_source **out, cvx_diags *dx);

#endif
