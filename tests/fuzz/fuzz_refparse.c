/* fuzz_refparse.c — libFuzzer target: a reference string through the
 * reference parser (cvx_ref_parse on the decoded text, then its CSL-JSON
 * writer) and as one publication entry (cvx_publication_add): text up to a
 * form feed is the entry, the rest its details; "<url>" tokens become links. */
#include "fuzz_common.h"

#include "publications.h"
#include "refparse.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cvx_arena *a = NULL;
  cvx_diags dx;
  cvx_source *src = fuzz_source(data, size, &a, &dx);
  if (!src) return 0;
  cvx_ref ref;
  memset(&ref, 0, sizeof ref);
  cvx_ref_parse(a, src->text, src->len, &ref);
  cvx_buf csl = CVX_BUF_INIT;
  bool first = true;
  cvx_ref_csl_members(&ref, &csl, &first);
  cvx_buf_free(&csl);
  cvx_doc *doc = cvx_doc_new(a, src, &dx);
  const char *t = src->text;
  size_t n = src->len;
  const char *split = memchr(t, '\f', n); /* entry \f details */
  size_t elen = split ? (size_t)(split - t) : n;
  cvx_link links[8];
  size_t nlinks = 0;
  for (size_t i = 0; i < elen && nlinks < 8; i++) {
    if (t[i] != '<') continue;
    const char *e = memchr(t + i, '>', elen - i);
    if (!e) break;
    size_t l = (size_t)(e - (t + i)) - 1;
    char *u = cvx_arena_strndup(a, t + i + 1, l);
    links[nlinks++] = (cvx_link){u, u, cvx_span_make(i, (size_t)(e - t) + 1)};
    i = (size_t)(e - t);
  }
  cvx_pub_input in = {
      .text = cvx_arena_strndup(a, t, elen),
      .len = elen,
      .details = split ? split + 1 : NULL,
      .links = links,
      .nlinks = nlinks,
      .span = cvx_span_make(0, elen),
      .origin = "markdown",
  };
  cvx_record *r = cvx_publication_add(doc, &in);
  if (r)
    for (const cvx_field *f = r->fields; f; f = f->next)
      if (!f->value || !f->value[0]) abort();
  cvx_arena_free(a);
  return 0;
}
