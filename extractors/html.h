/* html.h — the HTML body extractor's block builder, exposed for its unit
 * tests; the extractor itself is cvx_extractor_html in cvx.h. */
#ifndef CVX_HTML_H
#define CVX_HTML_H

#include "blocks.h"

/* Parses doc->view from doc->body_start with libxml2's HTML parser (no
 * network, no external entities, errors recovered silently) and appends the
 * page's headings, paragraphs, list and definition items, table rows and
 * rules to *out in document order, as the Markdown builder does. What a
 * browser does not show (head, script, style, noscript, template, svg, nav,
 * footer, menus, hidden elements) is skipped and hidden in doc->view. Text,
 * links and markers live in doc->arena; spans are byte ranges of doc->src,
 * approximate to the lines libxml2 reports for the nodes. Lists nested
 * deeper than 32 are flattened, and elements nested deeper than libxml2
 * reads (256) end the page, each with one "html.depth" warning. No libxml2
 * object outlives the call. Returns CVX_OK (the input cannot make it fail). */
CVX_MUST_USE cvx_status cvx_html_blocks(cvx_doc *doc, cvx_blocks *out);

/* The same for an HTML fragment of a Markdown page: html[0,n) is HTML
 * whose line 1 is the source line holding offset `at` and whose line k is
 * that line's k-1-th successor (the caller keeps lines aligned), so spans
 * are found as for a page. Hides what a browser does not show, as above. */
CVX_MUST_USE cvx_status cvx_html_fragment_blocks(cvx_doc *doc, cvx_blocks *out, const char *html, size_t n,
                                                 uint32_t at);

/* True when url is a badge image (a shields.io-style service, or a path
 * holding a /badge/ or /badges/ segment): the image shows its alt text as
 * a word, so the alt text is read as visible text. */
bool cvx_html_badge_url(const char *url);

#endif
