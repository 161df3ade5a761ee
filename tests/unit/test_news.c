/* test_news.c — news items that repeat a publication, award or job are
 * dropped; news that only mentions part of an entry is kept. */
#include "check.h"
#include "news.h"

#include <string.h>

static cvx_doc *make_doc(cvx_arena *a, cvx_diags *dx) {
  static const char text[] = "x\n";
  static const uint32_t lines[] = {0};
  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = "t.md";
  src->text = text;
  src->len = sizeof text - 1;
  src->lines = lines;
  src->nlines = 1;
  return cvx_doc_new(a, src, dx);
}

static void add(cvx_doc *d, cvx_rec_kind k, const char *k1, const char *v1, const char *k2, const char *v2) {
  cvx_record *r = cvx_record_new(d, k, "test", CVX_NOSPAN);
  cvx_record_add(d, r, k1, v1, CVX_NOSPAN);
  if (k2) cvx_record_add(d, r, k2, v2, CVX_NOSPAN);
}

static size_t count_news(const cvx_doc *d) {
  size_t n = 0;
  for (const cvx_record *r = d->records; r; r = r->next) n += r->kind == CVX_REC_NEWS;
  return n;
}

int main(void) {
  static const struct {
    const char *news;
    bool kept;
  } rows[] = {
      {"Our paper on Incremental Type Checking for Gradual Languages was accepted at EuroSys 2020", false},
      {"Paper accepted at EuroSys 2020", true},
      {"Received the Best Student Paper Award at the symposium", false},
      {"Gave a talk on compilers", true},
      {"Joined Initech Research as a Research Intern", false},
      {"Visited Initech Research for a week", true},
      {"", true},
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    cvx_arena *a = cvx_arena_new(4096);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_doc *d = make_doc(a, &dx);
    add(d, CVX_REC_PUBLICATION, "name", "Incremental Type Checking for Gradual Languages", "publisher", "EuroSys");
    add(d, CVX_REC_AWARD, "title", "Best Student Paper Award", NULL, NULL);
    add(d, CVX_REC_WORK, "name", "Initech Research", "position", "Research Intern");
    add(d, CVX_REC_NEWS, "date", "2020-03", "summary", rows[i].news);
    cvx_news_dedupe(d);
    CHECK(count_news(d) == (rows[i].kept ? 1u : 0u), "row %zu: \"%s\"", i, rows[i].news);
    CHECK(d->nrecords == 3 + count_news(d), "row %zu: record count %zu", i, d->nrecords);
    cvx_arena_free(a);
  }
  return check_done("news");
}
