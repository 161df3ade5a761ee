/* site.h — a Jekyll site folder (one with a _config.yml) converted as ONE
 * resume: the `author:` block, the CV and about pages, a _data/ CV (cv.yml,
 * resume.yml, data.yml), the _publications,
 * _talks and _teaching collections and the _bibliography .bib files. */
#ifndef CVX_SITE_H
#define CVX_SITE_H

#include "convert.h"

/* True when dir is a folder holding a regular file named _config.yml. Never
 * reads the file. */
bool cvx_site_detect(const char *dir);

/* Converts the site in dir into res, as cvx_convert_file does for one file
 * (json, bib, csv row, entries, report; res need not be zeroed and is freed
 * with cvx_result_free). display names the site in meta.cvx.source, the CSV
 * rows and unpositioned diagnostics.
 *
 * Positions: the document's one source is the CV page (_pages/cv.md, then
 * cv.markdown, resume.md; else the about page; else _config.yml). Values
 * from that page keep their spans (provenance, line:col diagnostics with a
 * caret, under that page's path). Values from every other file (the
 * `author:` block, the about page, collection items, BibTeX entries) are
 * merged without a span; their diagnostics are reported unpositioned with
 * the message prefixed by "PATH:LINE:COL: " of the file they are in.
 *
 * Each file is limited by o->load.max_size, the whole site by 8 times that,
 * each collection by 1000 files and the bibliography by 2000 entries.
 * Thread-safe: BibTeX parsing (btparse keeps global state) is serialized. */
void cvx_convert_site(const char *dir, const char *display, const cvx_convert_opts *o,
                      cvx_result *res);

#endif /* CVX_SITE_H */
