/* blocks.c — building the block stream the body extractors hand to the interpreter. */
#include "blocks.h"

cvx_block *cvx_blocks_add(cvx_doc *doc, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span) {
  return cvx_blocks_push(doc->arena, bl, kind, level, span);
}

void cvx_block_link(cvx_doc *doc, cvx_block *b, const char *text, const char *url, cvx_span span) {
  cvx_links_add(doc->arena, b, text, url, span);
}

cvx_block *cvx_blocks_push(cvx_arena *a, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span) {
  cvx_block *b = cvx_arena_alloc(a, sizeof *b);
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
