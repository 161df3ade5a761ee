/* test_refparse.c — the reference parser: one invented reference per style
 * (ACM, IEEE, APA, Chicago, Vancouver, Harvard, short CV lines), identifiers,
 * the venue table, and hostile input (huge author lists and titles). */
#include "refparse.h"

#include "check.h"

#include <stdlib.h>
#include <time.h>

typedef struct ref_case {
  const char *text;
  const char *families; /* "|"-joined family names, "" for none */
  const char *title, *container, *issued, *volume, *issue, *page, *doi, *arxiv, *type;
} ref_case;

static void families(const cvx_ref *r, char *out, size_t cap) {
  out[0] = '\0';
  for (size_t i = 0; i < r->nauthors; i++) {
    if (i) strncat(out, "|", cap - strlen(out) - 1);
    strncat(out, r->authors[i].family ? r->authors[i].family : "?", cap - strlen(out) - 1);
  }
}

static const ref_case cases[] = {
    /* ACM */
    {"Mara Quill, Tobias Renn, and Ada Okafor. 2021. Elastic Caches for Serverless Joins. In Proceedings "
     "of the 15th ACM Symposium on Cloud Computing (SoCC '21). ACM, 112-125. "
     "https://doi.org/10.1145/3472883.3486999",
     "Quill|Renn|Okafor", "Elastic Caches for Serverless Joins",
     "Proceedings of the 15th ACM Symposium on Cloud Computing (SoCC '21)", "2021", NULL, NULL, "112-125",
     "10.1145/3472883.3486999", NULL, "paper-conference"},
    /* IEEE */
    {"[3] M. Quill, T. Renn, and A. Okafor, \"Tiered logging for flash arrays,\" IEEE Trans. Storage, "
     "vol. 14, no. 2, pp. 33-47, Mar. 2019.",
     "Quill|Renn|Okafor", "Tiered logging for flash arrays", "IEEE Trans. Storage", "2019-03", "14", "2",
     "33-47", NULL, NULL, "article-journal"},
    /* APA */
    {"Okafor, A. N., & Quill, M. (2018). Counting sheep with sparse sensors. Journal of Pastoral "
     "Robotics, 7(3), 201-219. doi:10.5555/jpr.2018.07",
     "Okafor|Quill", "Counting sheep with sparse sensors", "Journal of Pastoral Robotics", "2018", "7",
     "3", "201-219", "10.5555/jpr.2018.07", NULL, "article-journal"},
    /* Chicago */
    {"Renn, Tobias, and Mara Quill. \xe2\x80\x9cHarbour Tides and Ledger Books.\xe2\x80\x9d Maritime "
     "History Review 22, no. 4 (2016): 455-78.",
     "Renn|Quill", "Harbour Tides and Ledger Books", "Maritime History Review", "2016", "22", "4",
     "455-78", NULL, NULL, "article-journal"},
    /* Vancouver */
    {"Quill M, Renn T, Okafor AN. Sleep spindles in migratory finches. J Avian Neurol. 2015;12(4):"
     "210-8.",
     "Quill|Renn|Okafor", "Sleep spindles in migratory finches", "J Avian Neurol", "2015", "12", "4",
     "210-8", NULL, NULL, "article-journal"},
    /* Harvard, a book */
    {"Okafor, A. 2012. Weaving Patterns of the Upper Valley. Northfield: Lantern Press.", "Okafor",
     "Weaving Patterns of the Upper Valley", NULL, "2012", NULL, NULL, NULL, NULL, NULL, "book"},
    /* thesis */
    {"T. Renn. Adaptive Sampling for Sparse Graphs. PhD thesis, Northfield University, 2014.", "Renn",
     "Adaptive Sampling for Sparse Graphs", NULL, "2014", NULL, NULL, NULL, NULL, NULL, "thesis"},
    /* et al. */
    {"Quill, M., Renn, T., et al. (2020). Gossip at scale. Distributed Letters, 3, 1-9.", "Quill|Renn",
     "Gossip at scale", "Distributed Letters", "2020", "3", NULL, "1-9", NULL, NULL, "article-journal"},
    /* short CV shapes */
    {"Elastic Caches for Serverless Joins\nNSDI 2019", "", "Elastic Caches for Serverless Joins", "NSDI",
     "2019", NULL, NULL, NULL, NULL, NULL, "paper-conference"},
    {"[1] Tiered Logging Done Right. with Initech. SOSP 2017", "", "Tiered Logging Done Right", "SOSP",
     "2017", NULL, NULL, NULL, NULL, NULL, "paper-conference"},
    {"[2] Learning to Count Sheep. NeurIPS 2019. https://arxiv.org/abs/1906.01234", "",
     "Learning to Count Sheep", "NeurIPS", "2019", NULL, NULL, NULL, NULL, "1906.01234",
     "paper-conference"},
    {"**Mara Quill**, Tobias Renn*. Sparse Sensing for Shepherds. arXiv:1811.04567v2 [cs.LG]",
     "Quill|Renn", "Sparse Sensing for Shepherds", NULL, "2018-11", NULL, NULL, NULL, NULL, "1811.04567",
     "preprint"},
};

/* Every case through the trained labeller (cvx_ref_parse) and through the
 * hand-written rules it keeps beside it. */
static void test_styles(void (*parse)(cvx_arena *, const char *, size_t, cvx_ref *), const char *name) {
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const ref_case *c = &cases[k];
    cvx_arena *a = cvx_arena_new(16 * 1024);
    cvx_ref r;
    parse(a, c->text, strlen(c->text), &r);
    char fam[512], ctx[64];
    families(&r, fam, sizeof fam);
    snprintf(ctx, sizeof ctx, "%s case %zu authors", name, k);
    CHECK_STR(fam, c->families, ctx);
#define FIELD(f)                                                                                   \
  snprintf(ctx, sizeof ctx, "%s case %zu " #f, name, k);                                          \
  CHECK_STR(r.f, c->f, ctx);
    FIELD(title);
    FIELD(issued);
    FIELD(volume);
    FIELD(issue);
    FIELD(page);
    FIELD(doi);
    FIELD(arxiv);
    FIELD(type);
    snprintf(ctx, sizeof ctx, "%s case %zu container", name, k);
    CHECK_STR(r.container, c->container, ctx);
#undef FIELD
    cvx_arena_free(a);
  }
}

/* The name grammar over whole invented references (the rules read the list
 * with what follows it): "family/given" joined by "|", "/" alone when no
 * given name is written. */
typedef struct name_case {
  const char *text, *names;
} name_case;

static const name_case name_cases[] = {
    /* capitalised particles of a natural-order name belong to the family */
    {"Marta La Spina, Ivo Renn, Harbour ledgers of the north. Sea History, 2004, 12-19.",
     "La Spina/Marta|Renn/Ivo"},
    {"Pieter Van Der Kolk and Ana Quill. 2011. Counting dunes. Sand Letters 4, 1-9.",
     "Van Der Kolk/Pieter|Quill/Ana"},
    {"Bram VAN DEN BOS, Ana QUILL, 2007. Windmills at dusk. Polder Review 3, 5-8.",
     "VAN DEN BOS/Bram|QUILL/Ana"},
    {"Juan de la Rosa and Ivo Renn. Tides. Sea Notes, 3(1), 2-4, 1999.", "de la Rosa/Juan|Renn/Ivo"},
    {"ROOS, Ivo A., Bram HJ VAN BOS, Ana QUILL, 2007. Windmills at dusk. Polder Review 3, 5-8.",
     "ROOS/Ivo A.|VAN BOS/Bram HJ|QUILL/Ana"},
    /* "A" is an initial, not a title's first word, when a comma follows its word */
    {"M Quill, T Renn, A Okafor, 2010. Sheep at dusk. Pastoral Letters 3, 5-8.", "Quill/M|Renn/T|Okafor/A"},
    /* family first with particles, and with many initials */
    {"van der Kolk, P., & Quill, A. (2011). Counting dunes. Sand Letters, 4, 1-9.",
     "van der Kolk/P.|Quill/A."},
    {"J. K. L. M. Renn and A. Quill, \"Tiered tides,\" Sea Notes, vol. 3, pp. 2-4, 1999.",
     "Renn/J. K. L. M.|Quill/A."},
    /* a title after the list starts with a word no name starts with */
    {"Marta Quill, Ivo Renn, The Salt and the Sea. Harbour Tales, 2004, 1-9.", "Quill/Marta|Renn/Ivo"},
    {"Marta Quill, Ivo Renn, A Ledger of Tides, Harbour Tales, 2004, 1-9.", "Quill/Marta|Renn/Ivo"},
    /* a multi-word natural-order name before initial-first names */
    {"Anna Maria Quill, T. Renn, O. Okafor, Sparse sensing of sheep, Pastoral Letters 7(2), pp. 1-9 (2015).",
     "Quill/Anna Maria|Renn/T.|Okafor/O."},
    /* initials in brackets after each family */
    {"QUILL (M.), RENN (A.-T.) 2006, A study of tides in the valley. Sea Notes 11(2): 100-109.",
     "QUILL/M.|RENN/A.-T."},
    {"Quill (M.-A.), Le sel de la mer, in Renn 2012, p. 18-19.", "Quill/M.-A."},
    /* families alone */
    {"Quill, Renn, Okafor & Lind 1993 A new moth from the valley. Moth Notes, 2(1): 5-9.",
     "Quill/|Renn/|Okafor/|Lind/"},
    /* a capitalised title word after an initials-style list is no family */
    {"Quill, M. T., Renn, A., Salt-Marsh (Coastal) birds and their songs, Avian Letters, vol. 4, pp. 1-9. 2001.",
     "Quill/M. T.|Renn/A."},
    /* and the shapes that already read well stay so */
    {"Okafor, A. N., & Quill, M. (2018). Counting sheep. Journal of Pastoral Robotics, 7(3), 201-219.",
     "Okafor/A. N.|Quill/M."},
    {"Renn, Tobias, and Mara Quill. \"Harbour Tides.\" Maritime History Review 22, no. 4 (2016): 455-78.",
     "Renn/Tobias|Quill/Mara"},
    {"Quill M, Renn T, Okafor AN. Sleep spindles. J Avian Neurol. 2015;12(4):210-8.", "Quill/M|Renn/T|Okafor/AN"},
};

static void test_names(void) {
  for (size_t k = 0; k < sizeof name_cases / sizeof name_cases[0]; k++) {
    cvx_arena *a = cvx_arena_new(16 * 1024);
    cvx_ref r;
    cvx_ref_parse_rules(a, name_cases[k].text, strlen(name_cases[k].text), &r);
    char got[512] = "", ctx[64];
    for (size_t i = 0; i < r.nauthors; i++) {
      const char *f = r.authors[i].family ? r.authors[i].family : "?";
      const char *g = r.authors[i].given ? r.authors[i].given : "";
      snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s/%s", i ? "|" : "", f, g);
    }
    snprintf(ctx, sizeof ctx, "names case %zu", k);
    CHECK_STR(got, name_cases[k].names, ctx);
    cvx_arena_free(a);
  }
}

/* The trained labeller's post-processing (invented references): a
 * translator, a report's number, an issuer and a note are no container or
 * title; a journal after a title ending in "?" is one. */
typedef struct post_case {
  const char *text, *title, *container, *publisher;
} post_case;

static const post_case post_cases[] = {
    {"Quill, Mara 2004. Tides of the Inner Sea. Trans. Ivo Renn. Northfield: Lantern Press.",
     "Tides of the Inner Sea", NULL, "Lantern Press"},
    {"Renn, T. (2001). Will the dunes move? Coastal Letters 12(3): 40-52.", "Will the dunes move?", "Coastal Letters",
     NULL},
    {"Okafor, A. (1999). Personal communication.", NULL, NULL, NULL},
    {"M. Quill. Counting sheep with sparse sensors. Technical Report TR-99-12, Northfield University, 1999.",
     "Counting sheep with sparse sensors", NULL, NULL},
};

static void test_post(void) {
  for (size_t k = 0; k < sizeof post_cases / sizeof post_cases[0]; k++) {
    const post_case *c = &post_cases[k];
    cvx_arena *a = cvx_arena_new(16 * 1024);
    cvx_ref r;
    cvx_ref_parse(a, c->text, strlen(c->text), &r);
    char ctx[64];
    snprintf(ctx, sizeof ctx, "post case %zu title", k);
    CHECK_STR(r.title, c->title, ctx);
    snprintf(ctx, sizeof ctx, "post case %zu container", k);
    CHECK_STR(r.container, c->container, ctx);
    if (c->publisher) {
      snprintf(ctx, sizeof ctx, "post case %zu publisher", k);
      CHECK_STR(r.publisher, c->publisher, ctx);
    }
    cvx_arena_free(a);
  }
}

static void test_csl(void) {
  cvx_arena *a = cvx_arena_new(16 * 1024);
  cvx_ref r;
  const char *s = "Quill, M. (2020). A \"quoted\" \\ title. Journal of Tests, 1, 2-3.";
  cvx_ref_parse(a, s, strlen(s), &r);
  cvx_buf out = CVX_BUF_INIT;
  bool first = true;
  cvx_ref_csl_members(&r, &out, &first);
  CHECK(strstr(out.ptr, "\"author\": [{\"family\": \"Quill\", \"given\": \"M.\"}]") != NULL, "%s", out.ptr);
  CHECK(strstr(out.ptr, "\"issued\": {\"date-parts\": [[2020]]}") != NULL, "%s", out.ptr);
  CHECK(strstr(out.ptr, "\\\"quoted\\\" \\\\ title") != NULL, "%s", out.ptr);
  cvx_buf_free(&out);
  cvx_arena_free(a);
}

static void test_venues(void) {
  const cvx_venue *v = cvx_venue_lookup("NSDI 2019");
  CHECK(v && strcmp(v->type, "paper-conference") == 0, "NSDI");
  CHECK(cvx_venue_lookup("Proc. of SOSP '17") != NULL, "SOSP");
  CHECK(cvx_venue_lookup("ICML'20") != NULL, "ICML'20");
  v = cvx_venue_lookup("JMLR");
  CHECK(v && strcmp(v->type, "article-journal") == 0, "JMLR");
  CHECK(cvx_venue_lookup("Journal of Pastoral Robotics") == NULL, "no venue");
  CHECK(cvx_venue_lookup("") == NULL && cvx_venue_lookup(NULL) == NULL, "empty");
}

/* Hostile: a 10,000-author list, a 100 KB title, braces and TeX; bounded and quick. */
static void test_hostile(void) {
  cvx_buf b = CVX_BUF_INIT;
  for (int i = 0; i < 10000; i++) cvx_buf_printf(&b, "%sQuill%d, M.", i ? ", " : "", i);
  cvx_buf_puts(&b, " (2020). Title. Journal, 1, 2-3.");
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_ref r;
  clock_t t0 = clock();
  cvx_ref_parse(a, b.ptr, b.len, &r);
  CHECK(r.nauthors <= CVX_REF_MAX_AUTHORS, "%zu authors", r.nauthors);
  CHECK(r.issued && strcmp(r.issued, "2020") == 0, "issued");
  cvx_buf_clear(&b);
  cvx_buf_puts(&b, "Renn, T. (2021). ");
  for (int i = 0; i < 20000; i++) cvx_buf_puts(&b, "word ");
  cvx_buf_puts(&b, "} \\write18{rm} @misc{ {{{. Journal, 1.");
  cvx_ref_parse(a, b.ptr, b.len, &r);
  CHECK(r.title && strlen(r.title) > 90000, "long title kept");
  for (size_t cut = 0; cut < 64; cut++) cvx_ref_parse(a, "\xe2\x80\x9c\"(1999", cut % 7, &r);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  CHECK(secs < 2.0, "hostile parse took %.2f s", secs);
  cvx_buf_free(&b);
  cvx_arena_free(a);
}

int main(void) {
  test_styles(cvx_ref_parse, "labeller");
  test_styles(cvx_ref_parse_rules, "rules");
  test_names();
  test_post();
  test_csl();
  test_venues();
  test_hostile();
  return check_done("refparse");
}
