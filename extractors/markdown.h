/* markdown.h — the Markdown body extractor's block builder, exposed for its
 * unit tests; the extractor itself is cvx_extractor_markdown in cvx.h. */
#ifndef CVX_MARKDOWN_H
#define CVX_MARKDOWN_H

#include "blocks.h"

#include <stdatomic.h>

/* Parses doc->view from doc->body_start (front matter and hidden markup are
 * already blanks) and appends its headings, paragraphs, list items, table
 * rows and rules to *out, in document order; text, links and markers live in
 * doc->arena, every span is a byte range of doc->src. Nesting deeper than 32
 * lists/quotes is flattened with one "markdown.depth" warning. No cmark object
 * outlives the call. Returns CVX_OK (the input cannot make it fail). */
CVX_MUST_USE cvx_status cvx_markdown_blocks(cvx_doc *doc, cvx_blocks *out);

/* A body longer than this many bytes is parsed in pieces of about this size
 * (256 KiB): see markdown.c. Only tests change it, before any parse. */
extern size_t cvx_markdown_piece;
/* A paragraph line longer than this is cut inside into pieces of about
 * this size (1 MiB): see markdown.c. Only tests change it. */
extern size_t cvx_markdown_line_piece;
/* How many such cuts were made (for tests). */
extern atomic_size_t cvx_markdown_line_cuts;

#endif
