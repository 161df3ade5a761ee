/* yamldata.h — CVs kept as YAML data (a whole .yml file, or the sections of a
 * page's front matter) mapped to records by what keys mean and what values
 * look like (private to extractors/). */
#ifndef CVX_YAMLDATA_H
#define CVX_YAMLDATA_H

#include "frontmatter.h"

/* Maps the CV sections of root (lists of entries, maps of entries, typed
 * sections such as al-folio's {title, type, contents}) to records with
 * origin. With front_matter set, root is a page's front matter: the person
 * is left to the front matter extractor and only members whose key names a
 * CV section are read. Otherwise root is a whole data file: the person
 * (at the top, or under profile:/basics:/sidebar:…) becomes basics and
 * profiles too, and entries no section word or content identifies become
 * meta sections. Adds nothing for a NULL root; never fails. */
void cvx_yamldata_map(cvx_doc *doc, const cvx_ynode *root, const char *origin, bool front_matter);

/* True when the text looks like a YAML data CV: block-structured YAML (every
 * line a comment, blank, a top-level `key:`, an indented line or a `- `
 * item) with at least two top-level keys that name CV sections or the
 * person, and some nesting. Cheap: reads lines, never parses. */
bool cvx_yamldata_sniff(const char *text, size_t len);

#endif /* CVX_YAMLDATA_H */
