/* blocks.h — a document's layout as both body extractors see it: a flat stream
 * of headings, paragraphs, list items and table rows with their visible text,
 * links and spans. The shared interpreter (interpret.c) turns blocks into
 * records, so Markdown and plain text are read by the same entry grammars. */
#ifndef CVX_BLOCKS_H
#define CVX_BLOCKS_H

#include "cvx.h"

typedef enum cvx_blk_kind {
  CVX_BLK_HEADING, /* level 1..6 */
  CVX_BLK_PARA,    /* level = list depth it sits in + 1 (0 outside lists) */
  CVX_BLK_ITEM,    /* a list item's own first paragraph; level = nesting depth, 0 = top */
  CVX_BLK_ROW,     /* a table row; cells joined by '\t' */
  CVX_BLK_RULE     /* a thematic break (---, ***) */
} cvx_blk_kind;

typedef struct cvx_link {
  const char *text; /* visible text of the link (may equal url for autolinks) */
  const char *url;  /* target as written ("mailto:" kept) */
  cvx_span span;    /* the link in the source, markup included */
} cvx_link;

/* What few blocks carry beyond their text: links and a leading bold run.
 * Never changed once made (copies of a block share it): the setters below
 * make a new one. */
typedef struct cvx_block_x {
  cvx_link *links;
  uint32_t nlinks;
  uint32_t strong_len; /* > 0 when text starts with a bold run: its byte length in text */
} cvx_block_x;

typedef struct cvx_block {
  /* Visible text: markup (emphasis, link syntax, HTML tags, entities) removed,
   * each source line's text kept on its own line ('\n' between lines). */
  const char *text;
  const cvx_block_x *x; /* links and bold run (cvx_block_links...), NULL when none */
  struct cvx_block *next;
  cvx_span span; /* source bytes of this block's own text */
  uint32_t len;  /* 32-bit counts (a source is under 4 GiB) */
  unsigned kind : 3;   /* a cvx_blk_kind */
  /* text lies in the source text itself (cvx_block_text_in_source), its end
   * cut there by a NUL while the interpreter reads it */
  unsigned in_source : 1;
  int level : 8;       /* heading 1..6, list depth (extractors cap it at 32) */
  /* the list marker as written ("-", "*", "•", "1.", "[2]"), coded: read it
   * with cvx_block_marker, set it with cvx_block_set_marker; 0 = none */
  unsigned marker : 20;
  /* 40 bytes a block, laid end to end by cvx_blocks_push (a text CV or a
   * long list makes one for every 30 to 40 bytes of input) */
} cvx_block;

/* A block's links (NULL when none), their count, and the byte length of the
 * bold run its text starts with (0: none). */
static inline const cvx_link *cvx_block_links(const cvx_block *b) { return b->x ? b->x->links : NULL; }
static inline uint32_t cvx_block_nlinks(const cvx_block *b) { return b->x ? b->x->nlinks : 0; }
static inline uint32_t cvx_block_strong(const cvx_block *b) { return b->x ? b->x->strong_len : 0; }
/* Set them (links: n of them, arena-owned, not copied); a is the arena a new
 * cvx_block_x comes from (none is made when all is zero). */
void cvx_block_set_links(cvx_arena *a, cvx_block *b, cvx_link *links, uint32_t n);
void cvx_block_set_strong(cvx_arena *a, cvx_block *b, uint32_t strong_len);

/* Room for a marker as cvx_block_marker writes one. */
#define CVX_MARKER_MAX 40

/* Sets b's list marker to m (copied; NULL: none). A marker is a short string:
 * common bullets and numbers ("12.", "(3)", "[4]") are coded in the block
 * itself, any other is kept once per process (up to 65,536 of them, each
 * under 32 bytes; past that a marker reads as "?", which only says that
 * there is one: nothing reads a marker's text but the extractors' tests). */
void cvx_block_set_marker(cvx_block *b, const char *m);
/* b's list marker (NULL: none), written into buf when it is a number. */
const char *cvx_block_marker(const cvx_block *b, char buf[CVX_MARKER_MAX]);
static inline bool cvx_block_has_marker(const cvx_block *b) { return b->marker != 0; }

typedef struct cvx_blocks {
  cvx_block *head, *tail;
  size_t n;
  /* the room of the last run of blocks taken from the arena at once */
  cvx_block *room;
  size_t nroom;
} cvx_blocks;

/* Appends a zeroed block (arena-owned) of the given kind and returns it. */
cvx_block *cvx_blocks_add(cvx_doc *doc, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span);
/* The same without a document (a binary document's reader builds its blocks
 * before the document exists): arena-owned. */
cvx_block *cvx_blocks_push(cvx_arena *a, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span);
void cvx_links_add(cvx_arena *a, cvx_block *b, const char *text, const char *url, cvx_span span);
/* Adds a link to a block (copies strings into the arena). */
void cvx_block_link(cvx_doc *doc, cvx_block *b, const char *text, const char *url, cvx_span span);

/* A block's text without a copy: when t[0,n) is what the source text holds
 * as it is (one line or more), ending at byte end of the source where a line
 * ends, b's text becomes those source bytes (true); else nothing is changed
 * (false) and the caller copies t. The text is NUL-terminated only once
 * cvx_blocks_seal has run: the extractor must not read it as a C string
 * before. Not for a binary document's text (a layout) nor for training runs
 * (their sinks may keep block texts). */
bool cvx_block_text_in_source(cvx_doc *doc, cvx_block *b, const char *t, size_t n, size_t end);
/* Ends every in-source block text of bl with a NUL in the source text (over
 * the '\n' after it; a text that does not start after the one before it in
 * the source ends is copied instead, so that no NUL falls inside a text):
 * called by an extractor once it has read all the
 * source. Until cvx_doc_unseal the source text and an unowned view have a
 * NUL for a '\n' after those lines: its readers meanwhile (the interpreter)
 * take a NUL for a line end (cvx_eol). */
void cvx_blocks_seal(cvx_doc *doc, cvx_blocks *bl);
/* Puts the '\n's back once the blocks are read (after cvx_interpret): the
 * block texts in the source are no longer NUL-terminated, nothing may read
 * them after this (records hold copies: cvx_record_addn_lasting copies a
 * value in the source). */
void cvx_doc_unseal(cvx_doc *doc);
/* A line end in a source text or view that may be sealed. */
static inline bool cvx_eol(char c) { return c == '\n' || c == '\0'; }

/* Turns the block stream into records: sections by heading (or by content when
 * a heading is unknown), entries by section kind, the person block at the top.
 * origin names the extractor ("markdown", "text"). The stream is the
 * interpreter's to reshape: repeated page furniture is taken out, header
 * fragments joined, paragraph titles made headings. */
CVX_MUST_USE cvx_status cvx_interpret(cvx_doc *doc, cvx_blocks *bl, const char *origin);

#endif
