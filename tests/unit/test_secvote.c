/* test_secvote.c — sections whose headings are in no word list, read by what
 * they hold: the section vote (features + the built-in model) through the
 * interpreter, on layouts of our own; and the kinds it must leave alone
 * (prose, headings that group known sections). */
#include "secvote.h"

#include "check.h"
#include "grammar.h"
#include "convert.h"
#include "markdown.h"
#include "md_interpret.h"

#include <stdio.h>
#include <stdlib.h>

/* A record's kind name, space-separated (basics and profiles left out). */
static void put_kind(const cvx_record *r, cvx_buf *out, const void *arg) {
  (void)arg;
  if (r->kind == CVX_REC_BASICS || r->kind == CVX_REC_PROFILE) return;
  if (out->len) cvx_buf_putc(out, ' ');
  cvx_buf_puts(out, cvx_rec_kind_name(r->kind));
}

/* The kinds of the records made from Markdown text, as "work education …". */
static char *kinds_of(const char *text) { return md_interpret(text, put_kind, NULL); }

static void run_vote(void) {
  static const struct {
    const char *text;
    const char *want;
  } cases[] = {
      /* dated role/organisation lines make work, whatever the heading says */
      {"# Ola Brandt\n\n## Places That Paid Me\n\n"
       "**Staff Engineer**, Kestrel Labs, Salem (2019 - 2022)\n\n- Ran the build farm.\n\n"
       "**Software Developer**, Northwind Data Inc., Eastport (2015 - 2019)\n\n- Wrote the billing service.\n\n"
       "**Intern**, Brindle Software GmbH (2014 - 2015)\n\n- Tested the installer.\n",
       "work work work"},
      /* degree and institution lines make education */
      {"# Ola Brandt\n\n## Halls I Sat In\n\n"
       "**PhD in Geology**, Eastport University, 2015 - 2019\n\n"
       "**MSc in Physics**, University of Salem, 2013 - 2015\n\n"
       "**BSc in Physics**, Northwind College, 2010 - 2013\n",
       "education education education"},
      /* a plain-text CV pasted in a fence, its headings in no word list */
      {"```text\nOla Brandt\n\nPLACES OF PAID LABOUR\n\n2017-2021    KESTREL LABS, Staff Engineer ------- Salem MA\n"
       "     Ran the build farm and the release train.\n\n"
       "2013-2017    NORTHWIND, Engineer -------------- Eastport ME\n     Wrote the billing service.\n\n"
       "2011-2013    BRINDLE, Intern --------- Salem MA\n     Tested the installer.\n```\n",
       "work work work"},
      /* running prose under an unknown heading is kept as a section */
      {"# Ola Brandt\n\n## Work\n\n**Intern**, Brindle Software GmbH (2014 - 2015)\n\n## Odds and Ends\n\n"
       "I read a lot, mostly long novels, and I like to walk along the coast when the weather allows it. "
       "On weekends I sometimes bake bread for the neighbours.\n",
       "work sections"},
      /* a long list of firms' names with no date and no role is not jobs */
      {"# Ola Brandt\n\n## Stack\n\n- Kestrel Labs Inc.\n- Northwind Data GmbH\n- Brindle Software Ltd.\n"
       "- Larkspur Group LLC\n- Eastport Holdings Corp.\n- Salem Analytics Inc.\n- Quayside Systems Ltd.\n"
       "- Tamar Networks GmbH\n- Fjord Cloud Corp.\n- Harbour Metrics LLC\n- Vestkyst Data Inc.\n- Saltmarsh Labs Ltd.\n",
       "sections"},
      /* ... except as the first section under the person's name: a summary */
      {"# Ola Brandt\n\n## A Few Words\n\n"
       "I build quiet, dependable services and like to leave systems simpler than I found them.\n\n"
       "## Work\n\n**Intern**, Brindle Software GmbH (2014 - 2015)\n",
       "work"},
      /* sub-sections that all read as skills make their parent a skills
       * section, whose groups they are (software among them, as under a
       * Skills heading) */
      {"# Ola Brandt\n\n## Things I Am Handy With\n\n### Programming\n\n- C on microcontrollers\n- Python\n\n"
       "### Software\n\n- Git\n- Make\n",
       "skills skills"},
      /* a paragraph naming a section, one of a series of bold labels under a
       * sub-section heading, is a label, not a heading */
      {"# Ola Brandt\n\n## Odds\n\n### Stack\n\n**Languages**\n\nRust, Go\n\n**Backend**\n\nKafka, gRPC\n\n"
       "**Mobile**\n\nKotlin, SwiftUI\n",
       "skills skills skills"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *got = kinds_of(cases[i].text);
    char ctx[32];
    snprintf(ctx, sizeof ctx, "vote case %zu", i);
    CHECK_STR(got, cases[i].want, ctx);
    free(got);
  }
}

static void run_classes(void) {
  CHECK_STR(cvx_secvote_class(CVX_REC_WORK, false), "work", "work");
  CHECK_STR(cvx_secvote_class(CVX_REC_PROJECT, true), "talk", "talks");
  CHECK_STR(cvx_secvote_class(CVX_REC_PROJECT, false), "project", "projects");
  CHECK_STR(cvx_secvote_class(CVX_REC_SECTION, false), NULL, "other sections are not voted");
}

/* Features are bounded: a section of many lines reads only the first ones. */
static void run_features(void) {
  cvx_arena *a = cvx_arena_new(0);
  cvx_block *head = NULL, **tail = &head;
  for (int i = 0; i < 1000; i++) {
    cvx_block *b = cvx_arena_alloc(a, sizeof *b);
    memset(b, 0, sizeof *b);
    b->kind = CVX_BLK_ITEM;
    b->text = i % 2 ? "Kestrel Labs, Staff Engineer, 2019 - 2022" : "";
    b->len = strlen(b->text);
    *tail = b;
    tail = &b->next;
  }
  cvx_features f;
  cvx_features_init(&f);
  cvx_section_features(head, NULL, &f);
  size_t n = f.n;
  CHECK(n > 10 && n < 200, "a bounded feature set: %zu", n);
  for (size_t i = 1; i < f.n; i++) CHECK(f.h[i - 1] < f.h[i], "closed: sorted and unique at %zu", i);
  cvx_features_free(&f);
  cvx_arena_free(a);
}

/* A section placed by neither its heading nor its content is kept, with a
 * warning when it holds dated lines; coverage does not count it as read. */
static void run_unread(void) {
  static const char text[] =
      "# Ola Brandt\n\n## Odds and Ends\n\n"
      "The harbour festival was rained out in 2019 - 2020 and we all went home early that year, sadly.\n\n"
      "The choir toured the coast from 2021 - 2022 and sang in every village church along the way.\n";
  cvx_convert_opts o = {.want_json = true, .today = "2026-01"};
  cvx_result res = {0};
  cvx_convert_bytes("t.md", (const unsigned char *)text, sizeof text - 1, &o, &res);
  CHECK(strstr(res.report.ptr, "warning[section.unread-entries]: section 'Odds and Ends' holds 2 dated lines") != NULL,
        "unread-entries warning: %s", res.report.ptr);
  const char *cov = strstr(res.json.ptr, "\"coverage\": ");
  double c = cov ? strtod(cov + 12, NULL) : 1.0;
  CHECK(cov && c < 0.5, "kept text is not covered: %s", cov ? cov : "(none)");
  cvx_result_free(&res);
}

int main(void) {
  if (!cvx_convert_init()) return 1;
  run_unread();
  run_vote();
  run_classes();
  run_features();
  cvx_convert_cleanup();
  return check_done("secvote");
}
