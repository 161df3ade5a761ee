/* test_reflabel.c — the reference labeller's parts: the tokeniser (offsets,
 * UTF-8 punctuation kept whole), feature sets (each feature once, so the
 * open sets prediction uses equal the closed ones training used), and a few
 * references of our own through the trained model. */
#include "reflabel.h"

#include "check.h"

#include <stdlib.h>

static void test_tokens(void) {
  const char *s = "Roe, J. (2019). \xe2\x80\x9cWidgets\xe2\x80\x9d pp. 1\xe2\x80\x93" "4";
  static const struct {
    const char *text;
    bool word;
  } want[] = {{"Roe", true}, {",", false}, {"J", true}, {".", false}, {"(", false}, {"2019", true},
              {")", false}, {".", false}, {"\xe2\x80\x9c", false}, {"Widgets", true}, {"\xe2\x80\x9d", false},
              {"pp", true}, {".", false}, {"1", true}, {"\xe2\x80\x93", false}, {"4", true}};
  size_t nw = sizeof want / sizeof want[0];
  cvx_arena *a = cvx_arena_new(4096);
  size_t n;
  cvx_reftok *t = cvx_reflabel_tokenize(a, s, strlen(s), &n);
  CHECK(n == nw, "%zu tokens, want %zu", n, nw);
  for (size_t i = 0; i < n && i < nw; i++) {
    size_t len = t[i].e - t[i].s;
    CHECK(len == strlen(want[i].text) && memcmp(s + t[i].s, want[i].text, len) == 0 && t[i].word == want[i].word,
          "token %zu: got '%.*s'", i, (int)len, s + t[i].s);
  }
  t = cvx_reflabel_tokenize(a, "  ", 2, &n);
  CHECK(n == 0, "spaces alone: %zu tokens", n);
  t = cvx_reflabel_tokenize(a, "Mu\xc3\xb1oz \xc3\x89mile", 13, &n);
  CHECK(n == 2 && t[0].e == 6 && t[1].s == 7, "UTF-8 letters stay in words (%zu tokens)", n);
  cvx_arena_free(a);
}

static void test_features_once(void) {
  const char *refs[] = {
      "Roe, J. and Smith, A. (2019). Scaling widgets. Journal of Widgetry, 3(2), 1-14.",
      "J. Roe, \"Scaling widgets,\" in Proc. NSDI, 2019, pp. 1-14. doi:10.1000/xyz",
      "x", "(((", "2019 2019 2019 et al. et al.",
  };
  for (size_t r = 0; r < sizeof refs / sizeof refs[0]; r++) {
    cvx_arena *a = cvx_arena_new(16 * 1024);
    const char *s = refs[r];
    size_t tn, n;
    char *t = cvx_ref_clean(a, s, strlen(s), &tn);
    cvx_reftok *tok = cvx_reflabel_tokenize(a, t, tn, &n);
    cvx_features *f = calloc(n + 1, sizeof *f);
    cvx_reflabel_features(a, s, strlen(s), t, tn, tok, n, f, NULL);
    for (size_t i = 0; i < n; i++) {
      size_t before = f[i].n;
      cvx_features_close(&f[i]);
      CHECK(before == f[i].n && before > 10, "ref %zu token %zu: %zu features, %zu distinct", r, i, before, f[i].n);
      cvx_features_free(&f[i]);
    }
    free(f);
    cvx_arena_free(a);
  }
}

/* References written for this test (not from any benchmark). */
static void test_parse(void) {
  static const struct {
    const char *text, *family, *title, *container, *issued, *page;
  } cases[] = {
      {"Bellweather, O. P., & Tamsin, R. (2011). Lichen growth on north-facing slate. Journal of Roof Ecology, "
       "4(1), 12-19.",
       "Bellweather", "Lichen growth on north-facing slate", "Journal of Roof Ecology", "2011", "12-19"},
      {"K. Varga and L. Osei, \"Quiet queues for noisy neighbours,\" in Proc. Workshop on Shared Kitchens, 2017, "
       "pp. 40-47.",
       "Varga", "Quiet queues for noisy neighbours", "Proc. Workshop on Shared Kitchens", "2017", "40-47"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    cvx_arena *a = cvx_arena_new(16 * 1024);
    cvx_ref r;
    cvx_ref_parse(a, cases[k].text, strlen(cases[k].text), &r);
    CHECK(r.nauthors >= 1 && r.authors[0].family && strcmp(r.authors[0].family, cases[k].family) == 0,
          "case %zu first author", k);
    CHECK_STR(r.title, cases[k].title, "title");
    CHECK_STR(r.container, cases[k].container, "container");
    CHECK_STR(r.issued, cases[k].issued, "issued");
    CHECK_STR(r.page, cases[k].page, "page");
    cvx_arena_free(a);
  }
}

/* Dates in digits: a month beside its year is the date's, never a volume
 * or a page; a page range is no date; day-month order in doubt keeps the
 * year alone. References written for this test. */
static void test_numeric_dates(void) {
  static const struct {
    const char *text, *issued, *volume, *page;
  } cases[] = {
      {"Drift of meltwater plumes along a sloping shelf. 03/2021. Coastal Dynamics Review", "2021-03", NULL, NULL},
      {"Tidal mixing in narrow fjords. 2021-03. Coastal Dynamics Review", "2021-03", NULL, NULL},
      {"D. Park. Ice on the shelf. Polar Review, 2019-12-03.", "2019-12", NULL, NULL},
      {"J. Doe. Mist over the bay. Polar Review, 3.2019.", "2019-03", NULL, NULL},
      {"E. Kim. Snow on the ridge. Polar Review, 14/05/2019.", "2019", NULL, NULL},
      {"K. Roe. Sleet and hail. Ice Notes 12, 2031-44 (2013).", "2013", "12", "2031-44"},
      {"G. Wu. Hail storms. Storm Letters 12(3):45-67, 2019.", "2019", "12", "45-67"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    cvx_arena *a = cvx_arena_new(16 * 1024);
    cvx_ref r;
    cvx_ref_parse(a, cases[k].text, strlen(cases[k].text), &r);
    CHECK_STR(r.issued, cases[k].issued, cases[k].text);
    CHECK_STR(r.volume, cases[k].volume, cases[k].text);
    CHECK_STR(r.page, cases[k].page, cases[k].text);
    cvx_arena_free(a);
  }
}

int main(void) {
  test_tokens();
  test_features_once();
  test_parse();
  test_numeric_dates();
  return check_done("reflabel");
}
