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

typedef struct cvx_block {
  /* Visible text: markup (emphasis, link syntax, HTML tags, entities) removed,
   * each source line's text kept on its own line ('\n' between lines). */
  const char *text;
  cvx_link *links;
  const char *marker; /* list marker as written ("-", "*", "•", "1.", "[2]"), or NULL */
  struct cvx_block *next;
  cvx_span span; /* source bytes of this block's own text */
  uint32_t len;  /* 32-bit counts (a source is under 4 GiB) */
  uint32_t nlinks;
  uint32_t strong_len; /* > 0 when text starts with a bold run: its byte length in text */
  unsigned kind : 8;   /* a cvx_blk_kind */
  int level : 24;
  /* 56 bytes a block, laid end to end by cvx_blocks_push (a text CV or a
   * long list makes one for every 30 to 40 bytes of input) */
} cvx_block;

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

/* Turns the block stream into records: sections by heading (or by content when
 * a heading is unknown), entries by section kind, the person block at the top.
 * origin names the extractor ("markdown", "text"). The stream is the
 * interpreter's to reshape: repeated page furniture is taken out, header
 * fragments joined, paragraph titles made headings. */
CVX_MUST_USE cvx_status cvx_interpret(cvx_doc *doc, cvx_blocks *bl, const char *origin);

#endif
