/* blocks.c — building the block stream the body extractors hand to the interpreter. */
#include "blocks.h"

#define BLOCK_RUN 64
_Static_assert(sizeof(void *) != 8 || sizeof(cvx_block) == 56, "a block is 56 bytes on a 64-bit machine");

cvx_block *cvx_blocks_add(cvx_doc *doc, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span) {
  return cvx_blocks_push(doc->arena, bl, kind, level, span);
}

void cvx_block_link(cvx_doc *doc, cvx_block *b, const char *text, const char *url, cvx_span span) {
  cvx_links_add(doc->arena, b, text, url, span);
}

cvx_block *cvx_blocks_push(cvx_arena *a, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span) {
  /* blocks are taken from the arena 64 at a time, so that each costs its
   * size and not that rounded up to the arena's alignment */
  if (!bl->nroom) {
    bl->room = cvx_arena_alloc(a, BLOCK_RUN * sizeof *bl->room);
    bl->nroom = BLOCK_RUN;
  }
  cvx_block *b = bl->room++;
  bl->nroom--;
  b->kind = kind;
  b->level = level;
  b->span = span;
  b->text = "";
  if (bl->tail)
    bl->tail->next = b;
  else
    bl->head = b;
  bl->tail = b;
  bl->n++;
  return b;
}

void cvx_links_add(cvx_arena *a, cvx_block *b, const char *text, const char *url, cvx_span span) {
  if (!url) return;
  cvx_link *links = cvx_arena_grow(a, b->links, b->nlinks, b->nlinks + 1, sizeof *links);
  links[b->nlinks] = (cvx_link){cvx_arena_strdup(a, text ? text : ""), cvx_arena_strdup(a, url), span};
  b->links = links;
  b->nlinks++;
}
