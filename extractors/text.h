/* text.h — the plain-text body extractor's block builder, exposed for its
 * unit tests; the extractor itself is cvx_extractor_text in cvx.h. */
#ifndef CVX_TEXT_H
#define CVX_TEXT_H

#include "blocks.h"

/* Reads doc->view from doc->body_start as loose plain text (a resume.txt, a
 * page or a PDF pasted as text) and appends its headings, paragraphs, list
 * items, table rows and rules to *out in document order. Layout is all there
 * is: blank lines, indentation, bullets, underlines, capitals and column gaps
 * decide the blocks. Text and markers live in doc->arena; every span is a byte
 * range of doc->src. Linear in the input, no recursion; the input cannot make
 * it fail, so it returns CVX_OK. */
CVX_MUST_USE cvx_status cvx_text_blocks(cvx_doc *doc, cvx_blocks *out);
/* The same for the source bytes [from, to) only (from at a line start): the
 * Markdown extractor hands it a fenced block that holds a whole plain-text CV. */
CVX_MUST_USE cvx_status cvx_text_blocks_range(cvx_doc *doc, cvx_blocks *out, size_t from, size_t to);

#endif /* CVX_TEXT_H */
