/* frontmatter.h — where a page's YAML (---) or TOML (+++) front matter lies,
 * for code that must skip or re-read it (private to extractors/). */
#ifndef CVX_FRONTMATTER_H
#define CVX_FRONTMATTER_H

#include "cvx.h"

/* Finds the front matter block at the very top of src. On true, *block spans
 * both fence lines and everything between them, up to and including the '\n'
 * that ends the closing fence (so block->end is where the page body starts),
 * and *yaml spans the text between the fences (YAML, or TOML for +++).
 * Returns false when src does not open with a fence or the block is never
 * closed. Either out pointer may be NULL. Reads nothing outside src->text. */
bool cvx_frontmatter_span(const cvx_source *src, cvx_span *block, cvx_span *yaml);

#endif /* CVX_FRONTMATTER_H */
