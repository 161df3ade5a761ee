/* test_entryseg.c — the entry segmenter (entryseg.h) with the built-in model:
 * plain layouts of a job-like section, written here, must open an entry at
 * each header and nowhere else; features are deterministic and bounded; a
 * header never takes a second date; huge sections are left to the rules. */
#include "convert.h"
#include "entryseg.h"

#include "check.h"

#include <stdlib.h>
#include <string.h>

/* A section written as lines "K|text": K is p (paragraph), q (paragraph set
 * one level deeper), i (list item), n (nested list item), h (sub-heading);
 * '\n' inside text is kept. */
static size_t build(const char *const *spec, cvx_block *bl, const cvx_block **ptr, size_t max) {
  size_t n = 0;
  for (; spec[n] && n < max; n++) {
    cvx_block *b = &bl[n];
    memset(b, 0, sizeof *b);
    char k = spec[n][0];
    b->kind = k == 'h' ? CVX_BLK_HEADING : k == 'p' || k == 'q' ? CVX_BLK_PARA : CVX_BLK_ITEM;
    b->level = k == 'n' || k == 'q' ? 1 : k == 'h' ? 3 : 0;
    b->text = spec[n] + 2;
    b->len = strlen(b->text);
    ptr[n] = b;
    if (n) bl[n - 1].next = b;
  }
  return n;
}

static void run_layouts(void) {
  static const struct {
    const char *name;
    cvx_rec_kind kind;
    const char *spec[16];
    const char *want; /* one letter per block: B opens an entry, - does not */
  } cases[] = {
      {"role, employer, dates, bullets",
       CVX_REC_WORK,
       {"p|Senior Data Engineer", "p|Kestrel Analytics - Portland, OR", "p|March 2019 to Present",
        "i|Built the nightly loader for the billing warehouse.", "i|Cut the report latency from hours to minutes.",
        "p|Data Analyst", "p|Brightwater Insurance - Salem, OR", "p|June 2015 to February 2019",
        "i|Wrote the claims dashboards used by every regional office.", NULL},
       "B----B---"},
      {"dated sentences under a line of dates alone",
       CVX_REC_WORK,
       {"p|2019 to Present", "p|Lab Instructor:", "p|Instructor for the soldering workshop (Fall 2021).",
        "p|Tutor for circuit analysis (Spring 2020 and Spring 2021).", "p|2016 to 2019", "p|Bench technician:",
        "p|Repaired bench supplies for the teaching labs.", NULL},
       "B---B--"},
      {"one dated line per entry",
       CVX_REC_WORK,
       {"p|Kestrel Analytics, Senior Engineer, 2019 - 2022", "p|Brightwater Insurance, Analyst, 2015 - 2019",
        "p|Harbor Freightways, Intern, 2014 - 2015", NULL},
       "BBB"},
      {"sub-heading per organisation",
       CVX_REC_WORK,
       {"h|Kestrel Analytics", "p|Senior Engineer, 2019 - 2022", "i|Led the move to event streams.",
        "i|Ran the on-call rotation.", "h|Brightwater Insurance", "p|Analyst, 2015 - 2019",
        "i|Wrote the claims dashboards.", NULL},
       "B---B--"},
      {"school, degree, dates",
       CVX_REC_EDUCATION,
       {"p|University of Eastport", "p|M.S. in Computer Science", "p|2016 - 2018", "p|Northfield College",
        "p|B.S. in Mathematics", "p|2012 - 2016", NULL},
       "B--B--"},
      {"dated items with nested details",
       CVX_REC_WORK,
       {"i|Kestrel Analytics (Portland, OR) / Senior Engineer", "n|July 2019 - Present",
        "n|Review the storage code in C.", "n|Write the release tooling in Python.",
        "i|Brightwater Insurance (Salem, OR) / Analyst", "n|June 2015 - June 2019",
        "n|Maintained the claims reports.", NULL},
       "B---B--"},
      {"sub-headings, each over a place, a date and a type",
       CVX_REC_PROJECT,
       {"h|Field School in Hydrology", "p|at Lake Ohrid Station, Struga", "p|June 2019", "p|fieldwork",
        "p|Measured the inflow of the springs under the lake", "h|Field School in Hydrology",
        "p|at Prespa Research Hut, Resen", "p|July 2018", "p|fieldwork", "p|Sampled the sediment along the shore",
        NULL},
       "B----B----"},
      {"title, then a place in lower case",
       CVX_REC_PROJECT,
       {"p|Field School in Hydrology", "p|at Lake Ohrid Station, Struga\nJune 2019\nfieldwork",
        "q|Measured the inflow of the springs under the lake", "p|Field School in Hydrology",
        "p|at Prespa Research Hut, Resen\nJuly 2018\nfieldwork", "q|Sampled the sediment along the shore",
        "p|Field School in Glaciology", "p|at Jostedal Glacier Camp, Gaupne\nAugust 2017\nfieldwork",
        "q|Logged the melt of the glacier front", NULL},
       "B--B--B--"},
      {"a title over a dated place, each entry alike",
       CVX_REC_PROJECT,
       {"p|Field course in limnology", "p|at Lake Vansjo Station, Moss, Norway\nMay 2014\nfieldwork",
        "q|Measured the oxygen profile of the lake through the spring turnover",
        "p|Field course in limnology", "p|at Lake Mjosa Hut, Hamar, Norway\nJan 2014 – Feb 2014\nfieldwork",
        "q|Sampled the plankton under the ice", "p|Field course in limnology",
        "p|at Lake Femund Camp, Roros, Norway\nJun 2013 – Jul 2013\nfieldwork",
        "q|Logged the inflow of the streams", NULL},
       "B--B--B--"},
      {"dates alone, the rest set deeper",
       CVX_REC_WORK,
       {"p|2019 - Present", "q|Senior Engineer", "q|Kestrel Analytics", "q|Harbor Freightways Inc.",
        "p|2016 - 2019", "q|Analyst", "q|Brightwater Insurance", "q|Northwind Traders Ltd.", "p|2014 - 2016",
        "q|Intern", "q|Eastport Logistics", NULL},
       "B---B---B--"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    cvx_block bl[16];
    const cvx_block *ptr[16];
    size_t n = build(cases[c].spec, bl, ptr, 16);
    int lab[16];
    /* no rules' decisions: the content alone */
    cvx_entryseg_label(cases[c].kind, ptr, n, NULL, lab);
    char got[17];
    for (size_t i = 0; i < n; i++) got[i] = lab[i] == CVX_SEG_B ? 'B' : '-';
    got[n] = 0;
    CHECK(strcmp(got, cases[c].want) == 0, "%s: got %s, want %s", cases[c].name, got, cases[c].want);
  }
}

static void run_features(void) {
  const char *spec[] = {"p|Kestrel Analytics, Senior Engineer, 2019 - 2022", "i|Built the loader.",
                        "p|Brightwater Insurance, Analyst, 2015 - 2019", NULL};
  cvx_block bl[4];
  const cvx_block *ptr[4];
  size_t n = build(spec, bl, ptr, 4);
  cvx_features a[3], b[3];
  for (size_t i = 0; i < n; i++) {
    cvx_features_init(&a[i]);
    cvx_features_init(&b[i]);
  }
  unsigned char rule[3] = {CVX_RULE_START, CVX_RULE_CONT, CVX_RULE_START};
  cvx_entryseg_features(CVX_REC_WORK, ptr, n, rule, a);
  cvx_entryseg_features(CVX_REC_WORK, ptr, n, rule, b);
  for (size_t i = 0; i < n; i++) {
    CHECK(a[i].n == b[i].n && memcmp(a[i].h, b[i].h, a[i].n * sizeof *a[i].h) == 0, "block %zu: same features twice",
          i);
    CHECK(a[i].n > 10 && a[i].n < 200, "block %zu: %zu features", i, a[i].n);
  }
  /* the two dated lines share their own facts but not their context */
  CHECK(a[0].n != a[2].n || memcmp(a[0].h, a[2].h, a[0].n * sizeof *a[0].h) != 0, "first and third differ by context");
  /* a 1 MB paragraph costs what its first 240 bytes cost */
  char *big = malloc(1 << 20);
  memset(big, 'x', 1 << 20);
  big[(1 << 20) - 1] = 0;
  cvx_block one = {.kind = CVX_BLK_PARA, .text = big, .len = (1 << 20) - 1};
  const cvx_block *op = &one;
  int lab = -1;
  cvx_entryseg_label(CVX_REC_WORK, &op, 1, NULL, &lab);
  CHECK(lab >= 0 && lab < CVX_SEG_NCLASSES, "a 1 MB block gets a label (%d)", lab);
  free(big);
  for (size_t i = 0; i < n; i++) {
    cvx_features_free(&a[i]);
    cvx_features_free(&b[i]);
  }
}

static void run_blocks(void) {
  /* rules and blocks with no letter take no part; more than the cap is refused */
  const char *spec[] = {"p|Kestrel", "p|***", "p|2019", NULL};
  cvx_block bl[3];
  const cvx_block *ptr[3];
  size_t n = build(spec, bl, ptr, 3);
  bl[1].kind = CVX_BLK_RULE;
  const cvx_block *got[3];
  CHECK(cvx_entryseg_blocks(&bl[0], NULL, got, 3) == 2 && got[1] == &bl[2], "the rule is skipped");
  CHECK(cvx_entryseg_blocks(&bl[0], NULL, got, 1) == 2, "over the cap: max + 1");
  CHECK(cvx_entryseg_blocks(&bl[0], &bl[2], NULL, 3) == 1, "end is excluded; counting needs no array");
  (void)n;
}

/* The rules over given labels, whatever a model said: a two-block head
 * (a title, then its dated line) repeated below its description opens the
 * next entry, even where the labels opened one at each of the head's
 * blocks or none at the title. Letters: B opens, H goes on with the head,
 * D describes. */
static void run_amend(void) {
  static const struct {
    const char *name;
    const char *spec[12];
    const char *given, *want;
  } cases[] = {
      {"repeated title and dated line, each opening",
       {"p|Field survey in glaciology", "p|at Example Station, Upper Vale, Norland\nMay 2012\nfieldwork",
        "q|Logged the melt rates of two outlet glaciers over the season.", "p|Field survey in glaciology",
        "p|at Example Station, Lower Vale, Norland\nJan 2011 - Feb 2011\nfieldwork",
        "q|Mapped the moraines of the eastern valley.", "p|Field survey in geomorphology",
        "p|at Fenmoor Reserve, Norland\nJun 2010\nfieldwork", "q|Measured the erosion of the river banks.", NULL},
       "BBDDDDDBD", "BHDBHDBHD"},
      {"a description below at the head's level is left alone",
       {"p|Field survey in glaciology", "p|at Example Station, Upper Vale, Norland\nMay 2012\nfieldwork",
        "p|Melt rates", "p|Field survey in glaciology", "p|at Example Station, Lower Vale\nJan 2011", NULL},
       "BHDDD", "BHDDD"},
      {"a title of a few words under a line of dates alone is the head's",
       {"p|2018 to 2021", "q|Graduate RA/TA:", "p|2017 to 2017", "q|Field Intern:", "q|Supervisor: Ines Obradovic",
        NULL},
       "BDBDD", "BHBHD"},
      {"but not a label and its value, nor a sentence",
       {"p|2018 to 2021", "q|Research topic: Groundwater Modelling & Basin Data", "p|2017 to 2017",
        "q|Worked as a field intern for the survey office.", NULL},
       "BDBD", "BDBD"},
      {"a bare item among detail items of its list goes on",
       {"p|Payroll Analyst, Fernhollow Ltd, 2016 - 2020", "i|Reconciled the ledgers against the bank feeds",
        "i|Involved in ERP rollout", "i|Handled month end closing", "i|Configuration of payment runs", NULL},
       "BDBDB", "BDDDD"},
      {"but an item naming a date or an employer opens, and so does a list of bare names",
       {"p|Payroll Analyst, Fernhollow Ltd, 2016 - 2020", "i|Reconciled the ledgers against the bank feeds",
        "i|Pellow & Grieve Partners Ltd", "i|Chased overdue invoices", "i|Audit Intern, 2014 - 2015", NULL},
       "BDBDB", "BDBDB"},
      {"items opening entries one after another are left alone",
       {"i|Ledger sweeper", "i|Invoice chaser", "i|Month end closer", NULL}, "BBB", "BBB"},
      {"an item over deeper items is not among them",
       {"p|Projects 2019 - 2020", "n|Wrote the invoice matcher", "i|Ledger sweeper", "n|Cleared stale entries",
        NULL},
       "BDBD", "BDBD"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    cvx_block bl[12];
    const cvx_block *ptr[12];
    size_t n = build(cases[c].spec, bl, ptr, 12);
    int lab[12];
    for (size_t i = 0; i < n; i++)
      lab[i] = cases[c].given[i] == 'B' ? CVX_SEG_B : cases[c].given[i] == 'H' ? CVX_SEG_H : CVX_SEG_D;
    cvx_entryseg_amend(ptr, n, lab);
    char got[13] = {0};
    for (size_t i = 0; i < n; i++) got[i] = lab[i] == CVX_SEG_B ? 'B' : lab[i] == CVX_SEG_H ? 'H' : 'D';
    CHECK(strcmp(got, cases[c].want) == 0, "%s: got %s, want %s", cases[c].name, got, cases[c].want);
  }
}

int main(void) {
  CHECK(cvx_convert_init(), "pipeline set up");
  run_amend();
  CHECK(cvx_entryseg_active(), "the built-in entries model is trained");
  run_layouts();
  run_features();
  run_blocks();
  cvx_convert_cleanup();
  return check_done("entryseg");
}
