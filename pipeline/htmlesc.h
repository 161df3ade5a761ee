/* htmlesc.h — the one place where text from an input becomes HTML: text and
 * quoted attribute values, link targets (http, https and mailto only) and
 * path segments. Used by the review site (report_html.c). */
#ifndef CVX_HTMLESC_H
#define CVX_HTMLESC_H

#include "cvx.h"

#include <stdbool.h>
#include <stddef.h>

/* Appends s[0,n) to b as HTML text, safe both between tags and inside a
 * double- or single-quoted attribute value: & < > " ' become references;
 * invalid UTF-8 and NUL become U+FFFD; other C0 controls (but tab and
 * newline) and DEL become their Control Pictures (U+2400…); bidirectional
 * controls (U+202A-202E, U+2066-2069, U+200E/F, U+061C) are written as
 * visible text "[U+202E]", never applied. Never fails. */
void cvx_html_text(cvx_buf *b, const char *s, size_t n);
#define cvx_html_str(b, s) cvx_html_text((b), (s), strlen(s))

/* As cvx_html_text for text between tags only (never an attribute value):
 * quotes are copied as they are, which keeps long texts (the source, the
 * JSON) short. */
void cvx_html_body(cvx_buf *b, const char *s, size_t n);

/* Appends s[0,n) as the value of a quoted href when it is a URL a reader may
 * follow: scheme http, https (with "//") or mailto, case-insensitive, and no
 * whitespace, control character or invalid UTF-8 anywhere. Returns false
 * and appends nothing for anything else (javascript:, data:, vbscript:,
 * relative or protocol-relative links). */
bool cvx_html_url(cvx_buf *b, const char *s, size_t n);

/* True when cvx_html_url would accept s[0,n). */
bool cvx_html_url_ok(const char *s, size_t n);

/* Appends s[0,n) percent-encoded as one URL path segment: every byte but
 * A-Z a-z 0-9 - . _ ~ becomes %XX, so a file name can never end the
 * segment, start a query or change the scheme. */
void cvx_html_path(cvx_buf *b, const char *s, size_t n);

#endif /* CVX_HTMLESC_H */
