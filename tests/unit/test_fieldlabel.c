/* test_fieldlabel.c — the field labeller of entry headers (fieldlabel.h):
 * the tokeniser on hand-made headers (words, separators, lines), the
 * built-in model's labels on headers written here in common layouts (role,
 * organisation, place and dates; degree, area and school), deterministic
 * bounded features, and over-long headers left to the rules. */
#include "convert.h"
#include "fieldlabel.h"

#include "check.h"

#include <stdlib.h>
#include <string.h>

static void run_tokens(void) {
  static const struct {
    const char *text;
    const char *want; /* the tokens joined by '|', separators in [] */
    unsigned lines;   /* the last token's line */
  } cases[] = {
      {"Senior Engineer - Kestrel Analytics, Portland", "Senior|Engineer|[-]|Kestrel|Analytics|[,]|Portland", 0},
      {"B.Tech in Civil Engineering (2019)", "B.Tech|in|Civil|Engineering|[(]|2019|[)]", 0},
      {"Co-founder @ Brightwater", "Co-founder|[@]|Brightwater", 0},
      {"Analyst \xe2\x80\x94 Harbor Freightways", "Analyst|[\xe2\x80\x94]|Harbor|Freightways", 0},
      {"Data Lead\n\nNorthfield Labs -\n2019 to 2021", "Data|Lead|Northfield|Labs|[-]|2019|to|2021", 3},
      {"Ops | Remote\xc2\xa0Team; 2020/2021", "Ops|[|]|Remote|Team|[;]|2020|[/]|2021", 0},
      {"Zürich · Eidgenössische", "Zürich|[\xc2\xb7]|Eidgenössische", 0},
      {"  ", "", 0},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    cvx_ftok tok[32];
    const char *s = cases[c].text;
    size_t nt = cvx_field_tokens(s, strlen(s), tok, 32);
    char got[256] = "";
    size_t k = 0;
    for (size_t i = 0; i < nt && k < sizeof got - 40; i++) {
      if (i) got[k++] = '|';
      if (tok[i].sep) got[k++] = '[';
      memcpy(got + k, s + tok[i].a, tok[i].z - tok[i].a);
      k += tok[i].z - tok[i].a;
      if (tok[i].sep) got[k++] = ']';
    }
    got[k] = 0;
    CHECK_STR(got, cases[c].want, cases[c].text);
    if (nt) CHECK(tok[nt - 1].line == cases[c].lines, "%s: last line %u", cases[c].text, tok[nt - 1].line);
  }
  /* more tokens than room: max + 1 */
  cvx_ftok few[3];
  CHECK(cvx_field_tokens("a b c d", 7, few, 3) == 4, "over the cap: max + 1");
}

/* The labels the model gives the words (not the separators) of a header,
 * one letter each: R role, G organisation, P place, D date, E degree, A
 * area, - other. rule_letters is the rules' pick in the same alphabet, a
 * letter per word (the bytes between words have none). */
static void labels_of(cvx_rec_kind kind, const char *s, const char *rule_letters, char *out) {
  static const char letters[] = "-RGPDEA";
  size_t n = strlen(s);
  unsigned char rule[CVX_FIELD_MAX_BYTES] = {0};
  cvx_ftok tok[CVX_FIELD_MAX_TOKENS + 1];
  int lab[CVX_FIELD_MAX_TOKENS];
  size_t nt = cvx_field_tokens(s, n, tok, CVX_FIELD_MAX_TOKENS);
  for (size_t i = 0, w = 0; i < nt; i++) {
    if (tok[i].sep) continue;
    const char *at = rule_letters[w] ? strchr(letters, rule_letters[w++]) : NULL;
    memset(rule + tok[i].a, at ? (int)(at - letters) : 0, tok[i].z - tok[i].a);
  }
  size_t k = 0;
  if (cvx_field_label(kind, s, n, tok, nt, rule, lab))
    for (size_t i = 0; i < nt; i++)
      if (!tok[i].sep) out[k++] = letters[lab[i]];
  out[k] = 0;
}

static void run_labels(void) {
  static const struct {
    const char *name;
    cvx_rec_kind kind;
    const char *text, *rule, *want;
  } cases[] = {
      {"role / employer - place / dates", CVX_REC_WORK,
       "Senior Data Engineer\nKestrel Analytics - Salem, OR\nMarch 2019 to Present",
       "RRRGGPPDDDD", "RRRGGPPDDDD"},
      {"degree, school, year", CVX_REC_EDUCATION, "M.S. in Computer Science\nUniversity of Eastport\n2018",
       "E-AAGGGD", "E-AAGGGD"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    char got[CVX_FIELD_MAX_TOKENS + 1];
    labels_of(cases[c].kind, cases[c].text, cases[c].rule, got);
    CHECK(strcmp(got, cases[c].want) == 0, "%s: got %s, want %s", cases[c].name, got, cases[c].want);
  }
}

/* Whole resumes through the pipeline, written here: the fields the
 * interpreter gives the first entry with the model, and with the rules alone
 * where they differ. */
static void run_pipeline(void) {
  static const struct {
    const char *name, *text;
    const char *want[4]; /* '"key": "value"' pieces of the JSON */
  } cases[] = {
      {"a title with a dash (the rules take its tail for the employer)",
       "Jordan Vale\n\nWORK EXPERIENCE\n\nLead Analyst - Supplier Data Management\n\n"
       "Brightwater Insurance -  Salem, OR\n\nJune 2015 to May 2019\n\nWrote the claims dashboards.\n",
       {"\"position\": \"Lead Analyst - Supplier Data Management\"", "\"name\": \"Brightwater Insurance\"",
        "\"location\": \"Salem, OR\"", NULL}},
      {"an organisation's words stay the organisation",
       "Jordan Vale\n\nExperience\n\nAcme Corp, Engineer, 2019 - 2020\n\nBeta Ltd, Analyst, 2016 - 2019\n",
       {"\"name\": \"Acme Corp\"", "\"position\": \"Engineer\"", "\"name\": \"Beta Ltd\"", NULL}},
      {"a degree the grammar does not know",
       "Jordan Vale\n\nEDUCATION\n\nB E in Mechanical Engineering\n\nNorthfield Institute of Technology -  Salem, "
       "OR\n\n2015\n",
       {"\"studyType\": \"B E\"", "\"area\": \"Mechanical Engineering\"",
        "\"institution\": \"Northfield Institute of Technology\"", NULL}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    cvx_convert_opts o = {.want_json = true, .today = "2026-09"};
    cvx_result res;
    cvx_convert_bytes("t.txt", (const unsigned char *)cases[c].text, strlen(cases[c].text), &o, &res);
    const char *json = res.json.ptr ? res.json.ptr : "";
    for (int k = 0; cases[c].want[k]; k++)
      CHECK(strstr(json, cases[c].want[k]) != NULL, "%s: no %s in\n%s", cases[c].name, cases[c].want[k], json);
    cvx_result_free(&res);
  }
}

static void run_features(void) {
  const char *s = "Analyst, Harbor Freightways, 2014 - 2015";
  size_t n = strlen(s);
  cvx_ftok tok[16];
  size_t nt = cvx_field_tokens(s, n, tok, 16);
  unsigned char rule[64] = {0};
  cvx_features a[16], b[16];
  for (size_t i = 0; i < nt; i++) {
    cvx_features_init(&a[i]);
    cvx_features_init(&b[i]);
  }
  cvx_field_features(CVX_REC_WORK, s, n, tok, nt, rule, a);
  cvx_field_features(CVX_REC_WORK, s, n, tok, nt, rule, b);
  for (size_t i = 0; i < nt; i++) {
    CHECK(a[i].n == b[i].n && memcmp(a[i].h, b[i].h, a[i].n * sizeof *a[i].h) == 0, "token %zu: same features twice", i);
    CHECK(a[i].n > 10 && a[i].n < 80, "token %zu: %zu features", i, a[i].n);
  }
  /* "Harbor" and "Freightways" share a segment but not their words */
  CHECK(a[3].n != a[4].n || memcmp(a[3].h, b[4].h, a[3].n * sizeof *a[3].h) != 0, "neighbours differ");
  for (size_t i = 0; i < nt; i++) {
    cvx_features_free(&a[i]);
    cvx_features_free(&b[i]);
  }
  /* a header over the byte cap is left to the rules */
  char *big = malloc(CVX_FIELD_MAX_BYTES + 2);
  memset(big, 'x', CVX_FIELD_MAX_BYTES + 1);
  big[CVX_FIELD_MAX_BYTES + 1] = 0;
  cvx_ftok one[2];
  int lab = -7;
  size_t k = cvx_field_tokens(big, CVX_FIELD_MAX_BYTES + 1, one, 2);
  CHECK(k == 1 && !cvx_field_label(CVX_REC_WORK, big, CVX_FIELD_MAX_BYTES + 1, one, k, NULL, &lab) && lab == -7,
        "an over-long header gets no labels");
  free(big);
}

int main(void) {
  CHECK(cvx_convert_init(), "pipeline set up");
  CHECK(cvx_field_active(), "the built-in fields model is trained");
  run_tokens();
  run_labels();
  run_pipeline();
  run_features();
  cvx_convert_cleanup();
  return check_done("fieldlabel");
}
