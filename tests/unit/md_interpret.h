/* md_interpret.h — a test helper: Markdown text through the block builder
 * and the interpreter; each record it made is written by the caller's
 * function into one string (malloc'd, the caller frees it). */
#ifndef CVX_TEST_MD_INTERPRET_H
#define CVX_TEST_MD_INTERPRET_H

#include "blocks.h"
#include "markdown.h"

#include <stdlib.h>
#include <string.h>

typedef void (*md_record_fn)(const cvx_record *r, cvx_buf *out, const void *arg);

static char *md_interpret(const char *text, md_record_fn each, const void *arg) {
  cvx_arena *a = cvx_arena_new(0);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  size_t len = strlen(text);
  char *t = cvx_arena_strndup(a, text, len);
  size_t nlines = 1;
  for (size_t i = 0; i < len; i++) nlines += t[i] == '\n';
  uint32_t *lines = cvx_arena_alloc(a, nlines * sizeof *lines);
  size_t k = 0;
  lines[k++] = 0;
  for (size_t i = 0; i < len; i++)
    if (t[i] == '\n') lines[k++] = (uint32_t)(i + 1);
  cvx_source src = {.path = "t.md", .text = t, .len = len, .lines = lines, .nlines = nlines, .raw_size = len};
  cvx_doc *doc = cvx_doc_new(a, &src, &dx);
  cvx_hide_markup(doc, 0);
  cvx_blocks bl = {0};
  cvx_buf out = CVX_BUF_INIT;
  if (cvx_markdown_blocks(doc, &bl) == CVX_OK && cvx_interpret(doc, &bl, "markdown") == CVX_OK)
    for (cvx_record *r = doc->records; r; r = r->next) each(r, &out, arg);
  cvx_doc_unseal(doc);
  char *res = cvx_xstrdup(out.ptr);
  cvx_buf_free(&out);
  cvx_arena_free(a);
  return res;
}

#endif
