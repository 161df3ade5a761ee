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

/* What a file of a Jekyll site is read as in site mode (extractors/site.c). */
typedef enum cvx_fm_role {
  CVX_FM_SITE_CONFIG, /* the whole source is _config.yml: `author:` -> basics + profiles */
  CVX_FM_PUBLICATION, /* a _publications item: title venue date paperurl doi citation excerpt */
  CVX_FM_TALK,        /* a _talks item: a project of type "talk", entity = venue */
  CVX_FM_TEACHING     /* a _teaching item: a work entry, position = title (or type) */
} cvx_fm_role;

/* Reads src (doc->src) as role and adds its records to doc with origin "site".
 * For the collection roles only the front matter is read (hidden, body_start
 * set); the page body is left alone. The same limits and diagnostics as the
 * front matter extractor apply (YAML syntax, aliases never expanded, depth,
 * events, value size). Returns CVX_EINVAL for bad arguments, else CVX_OK:
 * what is wrong with the file is a diagnostic. No libyaml object escapes. */
CVX_MUST_USE cvx_status cvx_frontmatter_read_as(const cvx_source *src, cvx_doc *doc, cvx_diags *dx,
                                                cvx_fm_role role);

#endif /* CVX_FRONTMATTER_H */
