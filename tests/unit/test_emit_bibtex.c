/* test_emit_bibtex.c — the BibTeX serializer: golden entries for a normal CV,
 * entry types, citation keys and collisions, hostile text, limits and ASCII
 * mode; every output is checked for balanced braces and harmless escapes.
 * Set CVX_EMIT_DUMP=dir to also write each output there (for bibtool). */
#include "emit.h"

#include "check.h"

#include <stdlib.h>

typedef struct fixture {
  cvx_arena *a;
  cvx_source src;
  cvx_diags dx;
  cvx_doc *doc;
} fixture;

static const uint32_t one_line[] = {0};

static void fx_init(fixture *f) {
  f->a = cvx_arena_new(64 * 1024);
  f->src = (cvx_source){.path = "cv.md", .text = "", .len = 0, .lines = one_line, .nlines = 1};
  cvx_diags_init(&f->dx, f->a);
  f->doc = cvx_doc_new(f->a, &f->src, &f->dx);
}

static void fx_free(fixture *f) { cvx_arena_free(f->a); }

static cvx_record *pub(fixture *f) {
  return cvx_record_new(f->doc, CVX_REC_PUBLICATION, "markdown", CVX_NOSPAN);
}

static void add(fixture *f, cvx_record *r, const char *key, const char *value) {
  cvx_record_add(f->doc, r, key, value, CVX_NOSPAN);
}

/* Adds a field whose value is kept byte for byte (cvx_record_add trims and
 * collapses whitespace, which would hide what the serializer must handle). */
static void add_raw(fixture *f, cvx_record *r, const char *key, const char *value) {
  cvx_field *fl = cvx_record_add(f->doc, r, key, "x", CVX_NOSPAN);
  fl->value = cvx_arena_strdup(f->a, value);
}

static int dumped;

/* Writes out to $CVX_EMIT_DUMP/bibtex-N.bib when that variable is set. */
static void dump(const char *text) {
  const char *dir = getenv("CVX_EMIT_DUMP");
  if (!dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/bibtex-%02d.bib", dir, ++dumped);
  FILE *fp = fopen(path, "w");
  if (!fp) return;
  fputs(text, fp);
  fclose(fp);
}

/* True when every brace balances and every backslash starts one of the
 * escapes the serializer writes (so no CV text became a TeX command). */
static bool tex_safe(const char *s) {
  static const char *const ok[] = {"\\#",
                                   "\\$",
                                   "\\%",
                                   "\\&",
                                   "\\_",
                                   "\\textasciitilde{}",
                                   "\\textasciicircum{}",
                                   "\\textbackslash{}",
                                   "\\textbraceleft{}",
                                   "\\textbraceright{}",
                                   "\\ldots{}",
                                   "\\'",
                                   "\\`",
                                   "\\^",
                                   "\\\"",
                                   "\\~",
                                   "\\=",
                                   "\\.",
                                   "\\u{",
                                   "\\v{",
                                   "\\H{",
                                   "\\c{",
                                   "\\k{",
                                   "\\r{",
                                   "\\d{",
                                   "\\b{",
                                   "\\ss}",
                                   "\\o}",
                                   "\\O}",
                                   "\\aa}",
                                   "\\AA}",
                                   "\\ae}",
                                   "\\AE}",
                                   "\\oe}",
                                   "\\OE}",
                                   "\\l}",
                                   "\\L}",
                                   "\\i}",
                                   "\\ij}",
                                   "\\IJ}",
                                   NULL};
  long depth = 0;
  for (const char *p = s; *p; p++) {
    if (*p == '{') depth++;
    if (*p == '}' && --depth < 0) return false;
    if (*p == '\\') {
      bool known = false;
      for (int k = 0; ok[k] && !known; k++) known = strncmp(p, ok[k], strlen(ok[k])) == 0;
      if (!known) return false;
    }
    if ((unsigned char)*p < 0x20 && *p != '\n') return false;
  }
  return depth == 0;
}

/* Emits f's document and checks the count and the golden text. */
static void expect_bib(fixture *f, bool ascii, const char *owner, size_t want_n, const char *want,
                       const char *ctx) {
  cvx_bibtex_opts o = {ascii, owner};
  cvx_buf out = CVX_BUF_INIT, again = CVX_BUF_INIT;
  size_t n = cvx_emit_bibtex(f->doc, &o, &out);
  cvx_emit_bibtex(f->doc, &o, &again);
  CHECK(n == want_n, "%s: %zu entries, want %zu", ctx, n, want_n);
  if (want) CHECK_STR(out.ptr, want, ctx);
  CHECK(strcmp(out.ptr, again.ptr) == 0, "%s: output differs between runs", ctx);
  CHECK(tex_safe(out.ptr), "%s: unsafe TeX", ctx);
  dump(out.ptr);
  cvx_buf_free(&out);
  cvx_buf_free(&again);
}

/* --ascii: a letter and its combining marks, or a precomposed letter, is
 * one accented letter; no mark is dropped. */
static void test_ascii_accents(void) {
  static const struct {
    const char *in, *want; /* title in, title out */
  } t[] = {
      {"Nystro\xCC\x88m", "Nystr{\\\"o}m"},                      /* o + U+0308 */
      {"Nystr\xC3\xB6m", "Nystr{\\\"o}m"},                       /* precomposed */
      {"Dvor\xCC\x8C" "a\xCC\x81k", "Dvo{\\v{r}}{\\'a}k"},       /* r + caron, a + acute */
      {"Nguye\xCC\x82\xCC\x83n", "Nguy{\\~{\\^e}}n"},            /* e + circumflex + tilde */
      {"Nguy\xE1\xBB\x85n", "Nguy{\\~{\\^e}}n"},                  /* the same, precomposed */
      {"\xC7\x8E", "{\\v{a}}"},                                    /* U+01CE a with caron */
      {"\xE1\xBA\xA1", "{\\d{a}}"},                                /* U+1EA1 a with dot below */
      {"\xC7\x98", "{\\'{\\\"u}}"},                              /* U+01D8: u, diaeresis, acute */
      {"u\xCC\x88\xCC\x81", "{\\'{\\\"u}}"},                     /* the same, decomposed */
      {"Ko\xCC\x88nig and Mu\xCC\x88ller", "K{\\\"o}nig and {M}{\\\"u}ller"}, /* as precomposed */
      {"\xCC\x88x", "{\\\"{}}x"},                                  /* a mark with no base */
      {"a\xCC\x90", "a?"},                                          /* a mark LaTeX has no command for */
      {"\xC3\x98\xCC\x81", "{\\'{{\\O}}}"},                       /* O-slash + acute */
      {"\xE6\x9D\xB1", "?"},                                         /* no accent, no letter: as before */
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    fixture f;
    fx_init(&f);
    add(&f, pub(&f), "name", t[i].in);
    add(&f, f.doc->records, "releaseDate", "2020");
    cvx_bibtex_opts o = {true, NULL};
    cvx_buf out = CVX_BUF_INIT;
    cvx_emit_bibtex(f.doc, &o, &out);
    cvx_buf want = CVX_BUF_INIT;
    cvx_buf_printf(&want, "  title = {%s},\n", t[i].want);
    CHECK(strstr(out.ptr, want.ptr) != NULL, "ascii accents %zu: want '%s' in\n%s", i, t[i].want, out.ptr);
    CHECK(tex_safe(out.ptr), "ascii accents %zu: unsafe TeX", i);
    cvx_buf_free(&want);
    cvx_buf_free(&out);
    fx_free(&f);
  }
}

static void test_normal(void) {
  fixture f;
  fx_init(&f);
  cvx_record *r = pub(&f);
  add(&f, r, "name", "Scaling TensorFlow on GPU Clusters: A Study of I/O");
  add(&f, r, "publisher", "Proceedings of the 20th USENIX Symposium on NSDI");
  add(&f, r, "releaseDate", "2023-04");
  add(&f, r, "authors", "Doe, Jane");
  add(&f, r, "authors", "John Smith");
  add(&f, r, "authors", "et al.");
  add(&f, r, "doi", "https://doi.org/10.5555/3600000.3600001");
  add(&f, r, "url", "https://www.usenix.org/conference/nsdi23/presentation/doe");
  add(&f, r, "type", "paper-conference");
  r = pub(&f);
  add(&f, r, "name", "The Cost of Consensus");
  add(&f, r, "publisher", "Journal of Systems Research");
  add(&f, r, "releaseDate", "2021-11-02");
  add(&f, r, "authors", "Jane Doe");
  r = pub(&f);
  add(&f, r, "name", "On Learned Indexes");
  add(&f, r, "releaseDate", "2024");
  add(&f, r, "authors", "Jane Doe");
  add(&f, r, "arxiv", "arXiv:2401.01234 [cs.DB]");
  add(&f, r, "url", "https://arxiv.org/abs/2401.01234");
  r = pub(&f);
  add(&f, r, "name", "Fast Storage for Slow Networks");
  add(&f, r, "publisher", "Massachusetts Institute of Technology");
  add(&f, r, "releaseDate", "2019");
  add(&f, r, "type", "thesis");
  expect_bib(&f, false, "Jane Doe", 4,
             "@inproceedings{doe2023scaling,\n"
             "  author = {Doe, Jane and John Smith and others},\n"
             "  title = {Scaling {TensorFlow} on {GPU} Clusters: A Study of {I}/{O}},\n"
             "  booktitle = {Proceedings of the 20th USENIX Symposium on NSDI},\n"
             "  year = {2023},\n"
             "  month = {4},\n"
             "  doi = {10.5555/3600000.3600001},\n"
             "  url = {https://www.usenix.org/conference/nsdi23/presentation/doe}\n"
             "}\n"
             "\n"
             "@article{doe2021cost,\n"
             "  author = {Jane Doe},\n"
             "  title = {The Cost of Consensus},\n"
             "  journal = {Journal of Systems Research},\n"
             "  year = {2021},\n"
             "  month = {11}\n"
             "}\n"
             "\n"
             "@misc{doe2024learned,\n"
             "  author = {Jane Doe},\n"
             "  title = {On Learned Indexes},\n"
             "  year = {2024},\n"
             "  url = {https://arxiv.org/abs/2401.01234},\n"
             "  eprint = {2401.01234},\n"
             "  archivePrefix = {arXiv},\n"
             "  primaryClass = {cs.DB}\n"
             "}\n"
             "\n"
             "@phdthesis{doe2019fast,\n"
             "  title = {Fast Storage for Slow Networks},\n"
             "  school = {Massachusetts Institute of Technology},\n"
             "  year = {2019}\n"
             "}\n",
             "normal");
  fx_free(&f);

  fixture e;
  fx_init(&e);
  cvx_record_new(e.doc, CVX_REC_WORK, "markdown", CVX_NOSPAN);
  expect_bib(&e, false, NULL, 0, "", "no publications");
  cvx_buf out = CVX_BUF_INIT;
  CHECK(cvx_emit_bibtex(e.doc, NULL, &out) == 0 && out.len == 0, "NULL opts: nothing written");
  CHECK(cvx_emit_bibtex(NULL, NULL, &out) == 0 && out.len == 0, "NULL doc: nothing written");
  cvx_buf_free(&out);
  /* a publication with no BibTeX field is skipped and takes no key */
  add(&e, pub(&e), "summary", "Only a summary.");
  add_raw(&e, pub(&e), "name", "\x01\x02");
  cvx_record *only = pub(&e);
  add(&e, only, "url", "https://a.example/");
  expect_bib(&e, false, NULL, 1, "@misc{anonnd,\n  url = {https://a.example/}\n}\n",
             "fieldless entries");
  fx_free(&e);
}

/* Entry type and venue field from type, venue and arXiv id. */
static void test_types(void) {
  static const struct {
    const char *type, *venue, *arxiv, *want;
  } cases[] = {
      {"paper-conference", "Some Venue", NULL,
       "@inproceedings{x2020paper,\n  title = {Paper},\n  booktitle = {Some Venue},"},
      {"article-journal", "Nature", NULL,
       "@article{x2020paper,\n  title = {Paper},\n  journal = {Nature},"},
      {"chapter", "Handbook of Things", NULL,
       "@incollection{x2020paper,\n  title = {Paper},\n  booktitle = {Handbook of Things},"},
      {"report", "Microsoft Research", NULL,
       "@techreport{x2020paper,\n  title = {Paper},\n  institution = {Microsoft Research},"},
      {"book", "O'Reilly", NULL,
       "@book{x2020paper,\n  title = {Paper},\n  publisher = {O'Reilly},"},
      {"patent", "US Patent 9,999,999", NULL,
       "@patent{x2020paper,\n  title = {Paper},\n  howpublished = {US Patent 9,999,999},"},
      {"thesis", "MSc thesis, ETH Zurich", NULL,
       "@mastersthesis{x2020paper,\n  title = {Paper},\n  school = {MSc thesis, ETH Zurich},"},
      {"manuscript", "Under review", NULL,
       "@misc{x2020paper,\n  title = {Paper},\n  howpublished = {Under review},"},
      {"preprint", NULL, "2001.00001",
       "@misc{x2020paper,\n  title = {Paper},\n  year = {2020},\n  eprint = {2001.00001},\n  "
       "archivePrefix = {arXiv}\n}"},
      {NULL, "IEEE Transactions on Computers", NULL,
       "@article{x2020paper,\n  title = {Paper},\n  journal = {IEEE Transactions on Computers},"},
      {NULL, "Proc. of SOSP", NULL,
       "@inproceedings{x2020paper,\n  title = {Paper},\n  booktitle = {ACM Symposium on Operating Systems Principles},"},
      {NULL, "NeurIPS 2020", NULL,
       "@inproceedings{x2020paper,\n  title = {Paper},\n  booktitle = {Advances in Neural Information Processing Systems},"},
      {NULL, "SIGCOMM'20", NULL,
       "@inproceedings{x2020paper,\n  title = {Paper},\n  booktitle = {ACM SIGCOMM Conference},"},
      {NULL, "Workshop on Hot Topics", NULL,
       "@inproceedings{x2020paper,\n  title = {Paper},\n  booktitle = {Workshop on Hot Topics},"},
      {NULL, "PhD dissertation, Stanford University", NULL,
       "@phdthesis{x2020paper,\n  title = {Paper},\n  school = {PhD dissertation, Stanford "
       "University},"},
      {NULL, "Tech. Rep. TR-17", NULL,
       "@techreport{x2020paper,\n  title = {Paper},\n  institution = {Tech. Rep. TR-17},"},
      {NULL, "arXiv preprint", "https://arxiv.org/abs/2001.00001v3",
       "@misc{x2020paper,\n  title = {Paper},\n  howpublished = {arXiv preprint},\n  year = "
       "{2020},\n  eprint = {2001.00001v3},"},
      {NULL, "ICML 2020", "2001.00001",
       "@inproceedings{x2020paper,\n  title = {Paper},\n  booktitle = {International Conference on Machine Learning},\n  year = "
       "{2020},\n  eprint = {2001.00001},"},
      {NULL, "Self-published", NULL,
       "@misc{x2020paper,\n  title = {Paper},\n  howpublished = {Self-published},"},
      {NULL, NULL, NULL, "@misc{x2020paper,\n  title = {Paper},\n  year = {2020}\n}"},
      {"no-such-type", "Journal of X", NULL,
       "@article{x2020paper,\n  title = {Paper},\n  journal = {Journal of X},"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    fixture f;
    fx_init(&f);
    cvx_record *r = pub(&f);
    add(&f, r, "name", "Paper");
    add(&f, r, "releaseDate", "2020");
    if (cases[k].type) add(&f, r, "type", cases[k].type);
    if (cases[k].venue) add(&f, r, "publisher", cases[k].venue);
    if (cases[k].arxiv) add(&f, r, "arxiv", cases[k].arxiv);
    cvx_bibtex_opts o = {false, "X"};
    cvx_buf out = CVX_BUF_INIT;
    cvx_emit_bibtex(f.doc, &o, &out);
    CHECK(strncmp(out.ptr, cases[k].want, strlen(cases[k].want)) == 0, "case %zu: got\n%s", k,
          out.ptr);
    cvx_buf_free(&out);
    fx_free(&f);
  }
}

/* Keys: family name, owner and anon fallbacks (never the venue); year or
 * nd; stop words and numbers skipped in titles; folding; collisions resolved with a, b, … in record order. */
static void test_keys(void) {
  static const struct {
    const char *author, *title, *venue, *date, *want;
  } cases[] = {
      {"García Márquez, Gabriel", "Cien años", NULL, "1967", "garciamarquez1967cien"},
      {"Martin Luther King Jr.", "Why We Can't Wait", NULL, "1964", "king1964cant"},
      {"Øystein Ødegård", "Ærø Straße", NULL, "2001-05", "odegard2001aero"},
      {"Heß, Björn", "Über alles", NULL, "2001", "hess2001uber"},
      {"张伟", "深度学习 for Vision", NULL, "2022", "owner2022vision"},
      {NULL, "Towards the Ends of an Era", NULL, NULL, "ownerndends"},
      {"et al.", "A Paper", NULL, "2020", "owner2020paper"},
      {"Jean d'Alembert", "Traité de dynamique", NULL, "1743", "dalembert1743traite"},
      {"Smith", "The", NULL, "2020", "smith2020"},
      {"Smith", "3D Printing", NULL, "2020", "smith2020printing"}, /* no digit glued to the year */
      {"Smith", "O'Neil's Law", NULL, "2020", "smith2020oneils"},
      {"Land", "43rd Meeting of the Society", NULL, "2012", "land2012meeting"},
      {"Smith", "Title", NULL, "20", "smithndtitle"},
      {"Jane Doe †", "Title", NULL, "2020", "doe2020title"},
      {"Smith", "2019 in Review", NULL, "2020", "smith2020review"},
      {"Smith", "100 Years of Solitude", NULL, "1967", "smith1967years"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    fixture f;
    fx_init(&f);
    cvx_record *r = pub(&f);
    add(&f, r, "name", cases[k].title);
    if (cases[k].author) add(&f, r, "authors", cases[k].author);
    if (cases[k].date) add(&f, r, "releaseDate", cases[k].date);
    cvx_bibtex_opts o = {false, "Ann Owner"};
    cvx_buf out = CVX_BUF_INIT, want = CVX_BUF_INIT;
    cvx_emit_bibtex(f.doc, &o, &out);
    cvx_buf_printf(&want, "@misc{%s,\n", cases[k].want);
    CHECK(strncmp(out.ptr, want.ptr, want.len) == 0, "key case %zu: got %.60s", k, out.ptr);
    cvx_buf_free(&out);
    cvx_buf_free(&want);
    fx_free(&f);
  }

  /* no author and no owner: "anon", never the venue */
  fixture f;
  fx_init(&f);
  cvx_record *r = pub(&f);
  add(&f, r, "name", "Deep Things");
  add(&f, r, "publisher", "The Morning Paper");
  r = pub(&f);
  add(&f, r, "name", "Deep Things");
  r = pub(&f);
  add(&f, r, "url", "https://example.org/");
  expect_bib(&f, false, NULL, 3,
             "@misc{anonnddeep,\n"
             "  title = {Deep Things},\n"
             "  howpublished = {The Morning Paper}\n"
             "}\n"
             "\n"
             "@misc{anonnddeepa,\n"
             "  title = {Deep Things}\n"
             "}\n"
             "\n"
             "@misc{anonnd,\n"
             "  url = {https://example.org/}\n"
             "}\n",
             "key fallbacks");
  fx_free(&f);

  /* collisions, including a base key that equals an earlier suffixed one */
  fx_init(&f);
  const char *titles[] = {"Deep Nets", "Deep Nets II", "Deepa: A System", "Deep Trees",
                          "Deep Roots"};
  for (int k = 0; k < 5; k++) {
    r = pub(&f);
    add(&f, r, "name", titles[k]);
    add(&f, r, "authors", "Smith, J.");
    add(&f, r, "releaseDate", "2020");
  }
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_bibtex(f.doc, NULL, &out);
  const char *want[] = {"@misc{smith2020deep,", "@misc{smith2020deepa,", "@misc{smith2020deepaa,",
                        "@misc{smith2020deepb,", "@misc{smith2020deepc,"};
  const char *p = out.ptr;
  for (int k = 0; k < 5; k++) {
    p = p ? strstr(p, "@misc{") : NULL;
    CHECK(p && strncmp(p, want[k], strlen(want[k])) == 0, "collision %d: got %.30s", k,
          p ? p : "(none)");
    if (p) p++;
  }
  cvx_buf_free(&out);
  fx_free(&f);

  /* 700 identical keys: all distinct, suffixes run past z (…z, aa, ab …) */
  fx_init(&f);
  for (int k = 0; k < 700; k++) {
    r = pub(&f);
    add(&f, r, "name", "Same");
    add(&f, r, "authors", "Lee, K.");
  }
  cvx_emit_bibtex(f.doc, NULL, &out);
  CHECK(strstr(out.ptr, "@misc{leendsamez,\n") && strstr(out.ptr, "@misc{leendsameaa,\n") &&
            strstr(out.ptr, "@misc{leendsamezw,\n") && !strstr(out.ptr, "@misc{leendsamezx,"),
        "700 collisions: %s", "suffix sequence");
  cvx_buf_free(&out);
  fx_free(&f);
}

static void test_hostile(void) {
  fixture f;
  fx_init(&f);
  const char *titles[] = {"\\write18{rm -rf /}", "}{@misc{x,", "100% of $5 & ~_^#", "{{{",
                          "\\input{/etc/passwd} \\catcode`\\^=13 }}}"};
  for (int k = 0; k < 5; k++) add(&f, pub(&f), "name", titles[k]);
  cvx_record *r = pub(&f);
  add_raw(&f, r, "name", "tab\there\x01\x7f\xc2\x85 bell\x07 and\nnewline");
  add(&f, r, "authors", "Smith and Wesson, Inc., Ltd., Co.");
  add(&f, r, "authors", "Brace {Man}");
  add(&f, r, "publisher", "@string{x = \"y\"}");
  add(&f, r, "url", "https://x.org/a b\"c<d>{e}\\f^g|h`i?q=1&r=%20#frag~_");
  add(&f, r, "doi", "doi: 10.1000/{evil}\\input");
  add(&f, r, "arxiv", "arXiv:1234.5678}{@misc");
  expect_bib(&f, false, NULL, 6,
             "@misc{anonndwrite18,\n"
             "  title = {\\textbackslash{}write18\\textbraceleft{}rm -rf /\\textbraceright{}}\n"
             "}\n"
             "\n"
             "@misc{anonndmisc,\n"
             "  title = {\\textbraceright{}\\textbraceleft{}@misc\\textbraceleft{}x,}\n"
             "}\n"
             "\n"
             "@misc{anonnd,\n"
             "  title = {100\\% of \\$5 \\& \\textasciitilde{}\\_\\textasciicircum{}\\#}\n"
             "}\n"
             "\n"
             "@misc{anonnda,\n"
             "  title = {\\textbraceleft{}\\textbraceleft{}\\textbraceleft{}}\n"
             "}\n"
             "\n"
             "@misc{anonndinput,\n"
             "  title = {\\textbackslash{}input\\textbraceleft{}/etc/passwd\\textbraceright{} "
             "\\textbackslash{}catcode`\\textbackslash{}\\textasciicircum{}=13 "
             "\\textbraceright{}\\textbraceright{}\\textbraceright{}}\n"
             "}\n"
             "\n"
             "@misc{smithandwessonndtab,\n"
             "  author = {{Smith {and} Wesson, Inc., Ltd., Co.} and Brace "
             "\\textbraceleft{}Man\\textbraceright{}},\n"
             "  title = {tab here bell and newline},\n"
             "  howpublished = {@string\\textbraceleft{}x = \"y\"\\textbraceright{}},\n"
             "  doi = {10.1000/%7Bevil%7D%5Cinput},\n"
             "  url = {https://x.org/a%20b%22c%3Cd%3E%7Be%7D%5Cf%5Eg%7Ch%60i?q=1&r=%20#frag~_},\n"
             "  eprint = {1234.5678},\n"
             "  archivePrefix = {arXiv}\n"
             "}\n",
             "hostile");
  fx_free(&f);

  /* names biber could not split are braced whole; blank ones dropped */
  fx_init(&f);
  cvx_record *n = pub(&f);
  add(&f, n, "name", "Names");
  add_raw(&f, n, "authors", ", Jane");
  add_raw(&f, n, "authors", "Doe,,J.");
  add_raw(&f, n, "authors", "Doe, ");
  add_raw(&f, n, "authors", "   ");
  add_raw(&f, n, "authors", "\x01");
  add_raw(&f, n, "authors", "van der Berg, Jr, Jan");
  add_raw(&f, n, "authors", "Rock and Roll");
  add_raw(&f, n, "authors", "Ctl,\x01,Name");
  expect_bib(&f, false, NULL, 1,
             "@misc{anonndnames,\n"
             "  author = {{, Jane} and {Doe,,J.} and {Doe, } and van der Berg, Jr, Jan and "
             "Rock {and} Roll and {Ctl,,Name}},\n"
             "  title = {Names}\n"
             "}\n",
             "malformed names");
  fx_free(&f);

  /* invalid UTF-8 never reaches the output */
  fx_init(&f);
  add_raw(&f, pub(&f), "name", "bad \xff\xfe \xe2\x82 end \xed\xa0\x80");
  expect_bib(&f, false, NULL, 1,
             "@misc{anonndbad,\n"
             "  title = {bad \xEF\xBF\xBD\xEF\xBF\xBD \xEF\xBF\xBD\xEF\xBF\xBD end "
             "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD}\n"
             "}\n",
             "invalid utf-8");
  expect_bib(&f, true, NULL, 1,
             "@misc{anonndbad,\n"
             "  title = {bad ?? ?? end ???}\n"
             "}\n",
             "invalid utf-8, ascii");
  fx_free(&f);
}

static void test_unicode(void) {
  fixture f;
  fx_init(&f);
  cvx_record *r = pub(&f);
  add(&f, r, "name", "深度学习 🚀 for Café Ωmega — “quoted” … naïve");
  add(&f, r, "authors", "Müller, Jörg");
  add(&f, r, "authors", "Łukasz Dąbrowski");
  add(&f, r, "authors", "王小明");
  add(&f, r, "publisher", "Conférence ÆØÅ ß ř – 2024");
  add(&f, r, "releaseDate", "2024-02");
  add(&f, r, "type", "paper-conference");
  expect_bib(&f, false, NULL, 1,
             "@inproceedings{muller2024cafe,\n"
             "  author = {Müller, Jörg and Łukasz Dąbrowski and 王小明},\n"
             "  title = {深度学习 🚀 for Café Ωmega — “quoted” … naïve},\n"
             "  booktitle = {Conférence ÆØÅ ß ř – 2024},\n"
             "  year = {2024},\n"
             "  month = {2}\n"
             "}\n",
             "utf-8");
  expect_bib(&f, true, NULL, 1,
             "@inproceedings{muller2024cafe,\n"
             "  author = {M{\\\"u}ller, J{\\\"o}rg and {\\L}ukasz D{\\k{a}}browski and ???},\n"
             "  title = {???? ? for Caf{\\'e} ?mega --- ``quoted'' \\ldots{} na{\\\"i}ve},\n"
             "  booktitle = {Conf{\\'e}rence {\\AE}{\\O}{\\AA} {\\ss} {\\v{r}} -- 2024},\n"
             "  year = {2024},\n"
             "  month = {2}\n"
             "}\n",
             "ascii");
  fx_free(&f);

  /* combining accents become LaTeX accents in ASCII mode, are kept otherwise */
  fx_init(&f);
  add(&f, pub(&f), "name", "Cafe\xcc\x81");
  expect_bib(&f, true, NULL, 1, "@misc{anonndcafe,\n  title = {Caf{\\'e}}\n}\n", "combining, ascii");
  expect_bib(&f, false, NULL, 1, "@misc{anonndcafe,\n  title = {Cafe\xcc\x81}\n}\n",
             "combining, utf-8");
  fx_free(&f);
}

/* The value of field name in text (after "  name = {"), up to the line's
 * closing "}" — fine for these single-line fields. */
static const char *field_of(const char *text, const char *name, size_t *len) {
  char pat[64];
  snprintf(pat, sizeof pat, "\n  %s = {", name);
  const char *p = strstr(text, pat);
  if (!p) return NULL;
  p += strlen(pat);
  const char *e = strchr(p, '\n');
  if (!e) return NULL;
  if (e[-1] == ',') e--;
  *len = (size_t)(e - 1 - p);
  return p;
}

static bool utf8_valid(const char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    uint32_t cp;
    size_t len = cvx_utf8_decode(s, n, i, &cp);
    if (cp == 0xFFFD && len == 1) return false;
    i += len;
  }
  return true;
}

static void test_limits(void) {
  /* 10,000 authors: the first 1000, then "and others" */
  fixture f;
  fx_init(&f);
  cvx_record *r = pub(&f);
  add(&f, r, "name", "Big Science");
  for (int k = 0; k < 10000; k++) {
    char name[32];
    snprintf(name, sizeof name, "Author%d, A.", k);
    add(&f, r, "authors", name);
  }
  cvx_buf out = CVX_BUF_INIT;
  cvx_emit_bibtex(f.doc, NULL, &out);
  size_t len = 0, ands = 0;
  const char *a = field_of(out.ptr, "author", &len);
  CHECK(a != NULL, "10000 authors: %s", "no author field");
  for (const char *p = a; p && p < a + len; p++) ands += strncmp(p, " and ", 5) == 0;
  CHECK(ands == 1000, "10000 authors: %zu separators, want 1000", ands);
  CHECK(strstr(out.ptr, " and Author999, A. and others},\n") != NULL &&
            strstr(out.ptr, "Author1000,") == NULL,
        "10000 authors: %s", "ends with the 1000th author and others");
  CHECK(strncmp(out.ptr, "@misc{author0ndbig,\n", 20) == 0, "10000 authors key: %.30s", out.ptr);
  CHECK(tex_safe(out.ptr), "10000 authors: %s", "unsafe TeX");
  dump(out.ptr);
  cvx_buf_clear(&out);
  fx_free(&f);

  /* exactly 1000 authors: no "and others" */
  fx_init(&f);
  r = pub(&f);
  for (int k = 0; k < 1000; k++) add(&f, r, "authors", "Doe, J.");
  cvx_emit_bibtex(f.doc, NULL, &out);
  CHECK(strstr(out.ptr, "others") == NULL, "1000 authors: %s", "no others");
  cvx_buf_clear(&out);
  fx_free(&f);

  /* a 100 KB title of two-byte letters: cut at a character boundary, "…" */
  fx_init(&f);
  cvx_buf big = CVX_BUF_INIT;
  for (int k = 0; k < 50 * 1024; k++) cvx_buf_puts(&big, "\xc3\xa9");
  r = pub(&f);
  add(&f, r, "name", big.ptr);
  cvx_emit_bibtex(f.doc, NULL, &out);
  const char *t = field_of(out.ptr, "title", &len);
  CHECK(t && len <= CVX_BIBTEX_MAX_FIELD && len > CVX_BIBTEX_MAX_FIELD - 8,
        "100 KB title: %zu bytes", len);
  CHECK(t && utf8_valid(t, len) && memcmp(t + len - 3, "\xE2\x80\xA6", 3) == 0, "100 KB title: %s",
        "valid UTF-8 ending in an ellipsis");
  dump(out.ptr);
  cvx_buf_clear(&out);
  cvx_emit_bibtex(f.doc, &(cvx_bibtex_opts){true, NULL}, &out);
  t = field_of(out.ptr, "title", &len);
  CHECK(t && len <= CVX_BIBTEX_MAX_FIELD && strncmp(t + len - 8, "\\ldots{}", 8) == 0 &&
            strncmp(t, "{\\'e}{\\'e}", 10) == 0,
        "100 KB title, ascii: %zu bytes", len);
  CHECK(tex_safe(out.ptr), "100 KB title, ascii: %s", "unsafe TeX");
  cvx_buf_clear(&out);
  fx_free(&f);

  /* 100 KB of backslashes and one long word: never cut inside an escape */
  fx_init(&f);
  cvx_buf_clear(&big);
  for (int k = 0; k < 100 * 1024; k++) cvx_buf_putc(&big, k % 2 ? '\\' : 'A');
  add(&f, pub(&f), "name", big.ptr);
  cvx_buf_clear(&big);
  for (int k = 0; k < 100 * 1024; k++) cvx_buf_putc(&big, 'Q');
  add(&f, pub(&f), "name", big.ptr);
  cvx_emit_bibtex(f.doc, NULL, &out);
  CHECK(tex_safe(out.ptr), "100 KB escapes: %s", "unsafe TeX");
  t = field_of(out.ptr, "title", &len);
  CHECK(t && len <= CVX_BIBTEX_MAX_FIELD && len > CVX_BIBTEX_MAX_FIELD - 20 &&
            memcmp(t + len - 3, "\xE2\x80\xA6", 3) == 0,
        "100 KB escapes: %zu bytes", len);
  t = field_of(strstr(out.ptr, "\n\n@") + 1, "title", &len);
  CHECK(t && len == CVX_BIBTEX_MAX_FIELD && t[0] == 'Q', "100 KB word: %zu bytes", len);
  CHECK(out.len < 3 * CVX_BIBTEX_MAX_FIELD, "bounded output: %zu bytes", out.len);
  dump(out.ptr);
  cvx_buf_free(&out);
  cvx_buf_free(&big);
  fx_free(&f);
}

int main(void) {
  test_normal();
  test_ascii_accents();
  test_types();
  test_keys();
  test_hostile();
  test_unicode();
  test_limits();
  return check_done("emit_bibtex");
}
