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

/* The YAML tree the front matter and YAML data readers share, in the
 * document's arena. Scalars keep their text as read (tags ignored; plain
 * null words become CVX_Y_NULL with s ""); a mapping's members carry their
 * key (NULL for a non-scalar key) and the key's span. Aliases never expand:
 * an alias to a scalar is a copy, any other alias a CVX_Y_NULL. */
typedef enum cvx_ytype { CVX_Y_NULL = 0, CVX_Y_SCALAR, CVX_Y_SEQ, CVX_Y_MAP } cvx_ytype;
typedef struct cvx_ynode {
  cvx_ytype type;
  const char *s;      /* CVX_Y_SCALAR (and CVX_Y_NULL, as ""): NUL-terminated, arena */
  size_t len;
  cvx_span span;      /* the value's bytes in the source (quotes excluded) */
  const char *key;    /* set when a member of a mapping with a scalar key */
  cvx_span key_span;  /* that key's bytes */
  struct cvx_ynode *kids, *last, *next;
} cvx_ynode;

/* Reads the YAML text doc->src[inner) into a tree in doc's arena, with the
 * front matter's limits (depth, events, value size, anchors) and diagnostics
 * (frontmatter.syntax/limit/alias, their messages naming `what`, e.g. "YAML
 * file"). Returns the root, or NULL for an empty text or bad arguments. No
 * libyaml object escapes. */
cvx_ynode *cvx_yaml_read(cvx_doc *doc, cvx_diags *dx, cvx_span inner, const char *what);

/* The visible text of a YAML value, in the arena: HTML tags dropped, Markdown
 * links and images reduced to their text, entities decoded. */
char *cvx_yaml_visible(cvx_arena *a, const char *s, size_t n);

/* Maps the person in map (name, headline, contacts, location, links, social
 * accounts) to a basics record and profile records with origin, as the front
 * matter extractor does for a page; returns the basics record (NULL when
 * nothing named the person). */
cvx_record *cvx_frontmatter_person(cvx_doc *doc, const cvx_ynode *map, const char *origin);

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
