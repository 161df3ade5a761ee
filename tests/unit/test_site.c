/* test_site.c — Jekyll site mode: the _config.yml author mapping (table of
 * invented YAML), collection items (_publications, _talks, _teaching), the
 * whole-site conversion against fixtures/site-academic/expected (JSON and
 * BibTeX byte for byte) and the rule that a page converted alone gains no
 * site facts. Run from the repository root (as tests/run.sh does).
 * CVX_SITE_UPDATE=1 rewrites the expected files after a reviewed change. */
#include "site.h"

#include "check.h"
#include "frontmatter.h"
#include "grammar.h"

#include <stdlib.h>
#include <sys/stat.h>

static cvx_source *make_source(cvx_arena *a, const char *text) {
  size_t len = strlen(text);
  cvx_source *s = cvx_arena_alloc(a, sizeof *s);
  s->path = "<test>";
  s->text = cvx_arena_strndup(a, text, len);
  s->len = len;
  size_t n = 1;
  for (size_t i = 0; i < len; i++) n += text[i] == '\n';
  uint32_t *lines = cvx_arena_alloc(a, n * sizeof *lines);
  size_t k = 0;
  lines[k++] = 0;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\n') lines[k++] = (uint32_t)(i + 1);
  s->lines = lines;
  s->nlines = n;
  s->raw_size = len;
  return s;
}

static const cvx_record *first(const cvx_doc *doc, cvx_rec_kind k) {
  for (const cvx_record *r = doc->records; r; r = r->next)
    if (r->kind == k) return r;
  return NULL;
}

/* Profile URLs in order, joined by ' ' ("" when none). */
static void profile_urls(const cvx_doc *doc, char *out, size_t outsz) {
  out[0] = '\0';
  for (const cvx_record *r = doc->records; r; r = r->next) {
    const char *u = r->kind == CVX_REC_PROFILE ? cvx_record_get(r, "url") : NULL;
    if (!u) continue;
    size_t l = strlen(out);
    snprintf(out + l, outsz - l, "%s%s", l ? " " : "", u);
  }
}

/* ---------------------------------------------------- _config.yml mapping */

typedef struct config_case {
  const char *what;
  const char *yaml;
  const char *name, *email, *city, *summary, *url, *label;
  const char *profiles; /* profile URLs joined by ' ' */
  size_t warnings;
} config_case;

static const config_case config_cases[] = {
    {"academicpages author block",
     "title: \"Site\"\nauthor:\n  name: \"Rosa Quintero\"\n  bio: \"Soil physicist.\"\n"
     "  location: \"Lima, Peru\"\n  email: \"rosa@soil-lab.pe\"\n  github: \"rquintero\"\n"
     "  googlescholar: \"https://scholar.google.com/citations?user=AbC123xyzAAJ\"\n"
     "  orcid: \"0000-0001-2345-6789\"\n  linkedin: \"rosa-quintero\"\n  twitter: \"@rquin\"\n",
     "Rosa Quintero", "rosa@soil-lab.pe", "Lima, Peru", "Soil physicist.", NULL, NULL,
     "https://github.com/rquintero https://scholar.google.com/citations?user=AbC123xyzAAJ "
     "https://orcid.org/0000-0001-2345-6789 https://linkedin.com/in/rosa-quintero "
     "https://twitter.com/rquin",
     0},
    {"theme defaults are not facts",
     "title: \"Your Name / Site Title\"\nemail: you@example.com\ntwitter_username: jekyllrb\n"
     "github_username: jekyll\nurl: https://academicpages.github.io\n"
     "author:\n  name: \"Your Name\"\n  bio: \"Short biography for the left-hand sidebar\"\n"
     "  location: \"Earth\"\n  email: \"none@example.org\"\n  twitter: \"replacethistwitterhandle\"\n"
     "  researchgate: \"https://www.researchgate.net/profile/yourprofile\"\n",
     NULL, NULL, NULL, NULL, NULL, NULL, "", 0},
    {"no author block: minima's site keys",
     "title: Tomasz Wielgus\nemail: t.wielgus@fizyka.pl\ndescription: >-\n  Write an awesome "
     "description for your new site here.\ngithub_username: twielgus\ntwitter_username: jekyllrb\n",
     "Tomasz Wielgus", "t.wielgus@fizyka.pl", NULL, NULL, NULL, NULL,
     "https://github.com/twielgus", 0},
    {"translated author values take the first language",
     "author:\n  name:\n    en: \"Mei Lin Tan\"\n    zh: \"\xe9\x99\x88\xe7\xbe\x8e\xe7\x8e\xb2\"\n"
     "  bio:\n    en: \"Associate professor\"\n    zh: \"\xe5\x89\xaf\xe6\x95\x99\xe6\x8e\x88\"\n",
     "Mei Lin Tan", NULL, NULL, "Associate professor", NULL, NULL, "", 0},
    {"site url is the home page, uri wins",
     "url: https://kaho.dev\nauthor:\n  name: Kaho Sato\n  uri: https://kaho-sato.net\n",
     "Kaho Sato", NULL, NULL, NULL, "https://kaho-sato.net", NULL, "", 0},
    {"site url when no uri; account URLs under unknown keys",
     "url: https://kaho.dev\nauthor:\n  name: Kaho Sato\n  uri:\n"
     "  CV-HAL: \"https://github.com/kahosato\"\n  dblp: \"https://dblp.org/pid/12/3456.html\"\n",
     "Kaho Sato", NULL, NULL, NULL, "https://kaho.dev", NULL,
     "https://github.com/kahosato https://dblp.org/pid/12/3456.html", 0},
    {"a location with markup is not a city",
     "author:\n  name: Ana Ruiz\n  location: \"Office:<br/>Calle Mayor 1,<br/>Madrid\"\n", "Ana Ruiz",
     NULL, NULL, NULL, NULL, NULL, "", 0},
    {"aliases to scalars resolve, to collections are ignored",
     "name: &who \"Jon Eriksen\"\nbase: &b {a: 1}\nauthor:\n  name: *who\n  extra: *b\n",
     "Jon Eriksen", NULL, NULL, NULL, NULL, NULL, "", 1},
    {"broken YAML keeps the keys before the error",
     "author:\n  name: \"Lea Brandt\"\n  email: lea@brandt-lab.de\n  bio: [unclosed\n", "Lea Brandt",
     "lea@brandt-lab.de", NULL, NULL, NULL, NULL, "", 1},
    {"a scalar author must look like a person",
     "author: admin\ntitle: Notes and Things\n", NULL, NULL, NULL, NULL, NULL, NULL, "", 0},
    {"a scalar author that is a person",
     "author: Priya Raman\nsocial:\n  - https://github.com/praman\n", "Priya Raman", NULL, NULL,
     NULL, NULL, NULL, "https://github.com/praman", 0},
    {"empty config", "", NULL, NULL, NULL, NULL, NULL, NULL, "", 0},
};

static void check_config_case(const config_case *c) {
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = make_source(a, c->yaml);
  cvx_doc *doc = cvx_doc_new(a, src, &dx);
  cvx_status st = cvx_frontmatter_read_as(src, doc, &dx, CVX_FM_SITE_CONFIG);
  CHECK(st == CVX_OK, "%s: status %d", c->what, (int)st);
  const cvx_record *b = first(doc, CVX_REC_BASICS);
  char ctx[200];
#define FIELD(key, want)                                                       \
  snprintf(ctx, sizeof ctx, "%s: %s", c->what, key);                           \
  CHECK_STR(b ? cvx_record_get(b, key) : NULL, want, ctx)
  FIELD("name", c->name);
  FIELD("email", c->email);
  FIELD("location.city", c->city);
  FIELD("summary", c->summary);
  FIELD("url", c->url);
  FIELD("label", c->label);
#undef FIELD
  char urls[1024];
  profile_urls(doc, urls, sizeof urls);
  snprintf(ctx, sizeof ctx, "%s: profiles", c->what);
  CHECK_STR(urls, c->profiles, ctx);
  CHECK(dx.nwarnings == c->warnings, "%s: %zu warnings, want %zu", c->what, dx.nwarnings,
        c->warnings);
  for (const cvx_record *r = doc->records; r; r = r->next)
    CHECK(strcmp(r->origin, "site") == 0, "%s: origin %s", c->what, r->origin);
  /* every value's span lies in the config text and holds the value's start */
  if (b && c->name && cvx_record_field(b, "name")) {
    cvx_span sp = cvx_record_field(b, "name")->span;
    CHECK(cvx_span_valid(sp) && sp.end <= src->len, "%s: name span", c->what);
  }
  cvx_arena_free(a);
}

/* The whole config is settings: nothing of it counts as visible text. */
static void check_config_hidden(void) {
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = make_source(a, "author:\n  name: Ada Brook\n");
  cvx_doc *doc = cvx_doc_new(a, src, &dx);
  CHECK(cvx_frontmatter_read_as(src, doc, &dx, CVX_FM_SITE_CONFIG) == CVX_OK, "status");
  bool all = true;
  for (size_t i = 0; i < src->len; i++) all &= cvx_doc_hidden(doc, i);
  CHECK(all, "config text hidden");
  CHECK(cvx_frontmatter_read_as(src, NULL, &dx, CVX_FM_SITE_CONFIG) == CVX_EINVAL, "NULL doc");
  cvx_arena_free(a);
}

/* ------------------------------------------------------- collection items */

typedef struct item_case {
  const char *what;
  cvx_fm_role role;
  const char *text;
  cvx_rec_kind kind;
  const char *keys;   /* "key=value|key=value" expected, in any order */
  size_t nfields;     /* total fields */
} item_case;

static const item_case item_cases[] = {
    {"talk", CVX_FM_TALK,
     "---\ntitle: \"Ice on the move\"\ncollection: talks\ntype: \"Talk\"\nvenue: \"Polar Days\"\n"
     "date: 2020-02-11\nlocation: \"Oslo, Norway\"\n---\nBody.\n",
     CVX_REC_PROJECT, "name=Ice on the move|entity=Polar Days|startDate=2020-02-11|type=talk", 4},
    {"tutorial keeps its own kind as a keyword", CVX_FM_TALK,
     "---\ntitle: Hands-on models\ntype: Tutorial\nvenue: Summer School\ndate: 2022-09\n"
     "slidesurl: https://talks.example-school.at/models.pdf\n---\n",
     CVX_REC_PROJECT,
     "name=Hands-on models|entity=Summer School|startDate=2022-09|type=talk|keywords=Tutorial|"
     "url=https://talks.example-school.at/models.pdf",
     6},
    {"teaching", CVX_FM_TEACHING,
     "---\ntitle: \"Teaching Assistant, Hydrology 101\"\ntype: \"Undergraduate course\"\n"
     "venue: \"Uni Graz, Geography\"\ndate: 2017-10-01\nlocation: \"Graz, Austria\"\n---\n",
     CVX_REC_WORK,
     "position=Teaching Assistant, Hydrology 101|name=Uni Graz, Geography|"
     "location=Graz, Austria|startDate=2017-10-01|summary=Undergraduate course",
     5},
    {"teaching without title uses the type", CVX_FM_TEACHING,
     "---\ntype: \"Graduate seminar\"\nvenue: \"ETH\"\ndate: 2016\n---\n", CVX_REC_WORK,
     "position=Graduate seminar|name=ETH|startDate=2016", 3},
    {"publication with citation authors", CVX_FM_PUBLICATION,
     "---\ntitle: \"Fast ice\"\ncollection: publications\ndate: 2021-06-01\nvenue: 'J. Ice'\n"
     "citation: 'Stone, A. and Reed, B. (2021). &quot;Fast ice.&quot; <i>J. Ice</i>. 3(1).'\n---\n",
     CVX_REC_PUBLICATION, "name=Fast ice|publisher=J. Ice|releaseDate=2021-06-01", 0},
    {"no front matter: nothing", CVX_FM_TALK, "Just text.\n", CVX_REC__COUNT, "", 0},
    {"unterminated front matter: nothing", CVX_FM_TEACHING, "---\ntitle: x\n", CVX_REC__COUNT,
     "", 0},
};

static void check_item_case(const item_case *c) {
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = make_source(a, c->text);
  cvx_doc *doc = cvx_doc_new(a, src, &dx);
  CHECK(cvx_frontmatter_read_as(src, doc, &dx, c->role) == CVX_OK, "%s: status", c->what);
  if (c->kind == CVX_REC__COUNT) {
    CHECK(doc->records == NULL, "%s: no records", c->what);
    cvx_arena_free(a);
    return;
  }
  CHECK(doc->nrecords == 1, "%s: %zu records", c->what, doc->nrecords);
  const cvx_record *r = first(doc, c->kind);
  CHECK(r != NULL, "%s: record of kind %s", c->what, cvx_rec_kind_name(c->kind));
  if (!r) {
    cvx_arena_free(a);
    return;
  }
  char buf[512];
  snprintf(buf, sizeof buf, "%s", c->keys);
  for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|")) {
    char *eq = strchr(tok, '=');
    if (!eq) continue;
    *eq = '\0';
    bool found = false;
    for (const cvx_field *f = r->fields; f && !found; f = f->next)
      found = strcmp(f->key, tok) == 0 && strcmp(f->value, eq + 1) == 0;
    CHECK(found, "%s: %s=%s", c->what, tok, eq + 1);
  }
  if (c->nfields) {
    size_t n = 0;
    for (const cvx_field *f = r->fields; f; f = f->next) n++;
    CHECK(n == c->nfields, "%s: %zu fields, want %zu", c->what, n, c->nfields);
  }
  if (c->role == CVX_FM_PUBLICATION) {
    size_t na = 0;
    for (const cvx_field *f = r->fields; f; f = f->next) na += strcmp(f->key, "authors") == 0;
    CHECK(na == 2, "%s: %zu authors from the citation", c->what, na);
  }
  cvx_arena_free(a);
}

/* ------------------------------------------------------------- whole site */

#define SITE_DIR "fixtures/site-academic/site"
#define SITE_EXPECTED "fixtures/site-academic/expected"

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  cvx_buf b = CVX_BUF_INIT;
  char chunk[4096];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) cvx_buf_put(&b, chunk, got);
  fclose(f);
  *n = b.len;
  return cvx_buf_detach(&b);
}

static void compare_file(const char *name, const cvx_buf *got) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", SITE_EXPECTED, name);
  const char *upd = getenv("CVX_SITE_UPDATE");
  if (upd && strcmp(upd, "1") == 0) {
    FILE *f = fopen(path, "wb");
    if (f) {
      fwrite(got->ptr, 1, got->len, f);
      fclose(f);
    }
    CHECK(f != NULL, "cannot write %s", path);
    return;
  }
  size_t n = 0;
  char *want = slurp(path, &n);
  CHECK(want != NULL, "missing %s (CVX_SITE_UPDATE=1 writes it)", path);
  if (want) {
    bool same = n == got->len && memcmp(want, got->ptr, n) == 0;
    CHECK(same, "%s differs from the site conversion (%zu vs %zu bytes)", path, got->len, n);
    if (!same) fprintf(stderr, "--- got:\n%s\n", got->ptr);
  }
  free(want);
}

static cvx_convert_opts site_opts(void) {
  cvx_convert_opts o;
  memset(&o, 0, sizeof o);
  o.want_json = o.want_bib = o.want_csv = true;
  o.today = "2026-09";
  return o;
}

static void check_site_fixture(void) {
  CHECK(cvx_site_detect(SITE_DIR), "detect %s", SITE_DIR);
  CHECK(cvx_site_detect(SITE_DIR "/"), "detect with a trailing slash");
  CHECK(!cvx_site_detect(SITE_DIR "/_pages"), "a folder without _config.yml");
  CHECK(!cvx_site_detect(SITE_DIR "/_config.yml"), "a file is not a site");
  CHECK(!cvx_site_detect("/nonexistent/site"), "a missing folder");
  cvx_convert_opts o = site_opts();
  cvx_result res;
  cvx_convert_site(SITE_DIR, SITE_DIR, &o, &res);
  CHECK(res.status == CVX_OK, "site status %d", (int)res.status);
  CHECK(res.json_valid, "site JSON valid");
  CHECK(res.nerrors == 0, "site errors: %zu\n%s", res.nerrors, res.report.ptr);
  CHECK(res.npublications == 3, "site publications: %zu", res.npublications);
  CHECK(strstr(res.json.ptr, "\"name\": \"Ilse Varga-Moreau\"") != NULL, "name from the author block");
  CHECK(strstr(res.json.ptr, "jekyll") == NULL, "theme placeholder handles dropped");
  CHECK(strstr(res.json.ptr, "yourprofile") == NULL, "placeholder profile dropped");
  CHECK(strstr(res.csv_row.ptr, "Ilse Varga-Moreau") != NULL, "CSV row has the name");
  compare_file("site.json", &res.json);
  compare_file("site.bib", &res.bib);
  CHECK(res.report.len == 0, "the fixture site converts without diagnostics:\n%s", res.report.ptr);
  cvx_result_free(&res);

  /* the same run twice gives the same bytes (sorted collections, no readdir order) */
  cvx_result r1, r2;
  cvx_convert_site(SITE_DIR, "s", &o, &r1);
  cvx_convert_site(SITE_DIR "//", "s", &o, &r2);
  CHECK(r1.json.len == r2.json.len && memcmp(r1.json.ptr, r2.json.ptr, r1.json.len) == 0,
        "deterministic output");
  cvx_result_free(&r1);
  cvx_result_free(&r2);
}

/* A page converted alone gets no site facts: the CV page names nobody. */
static void check_page_alone(void) {
  cvx_convert_opts o = site_opts();
  cvx_result res;
  cvx_convert_file(SITE_DIR "/_pages/cv.md", "cv.md", &o, &res);
  CHECK(res.status == CVX_OK, "cv.md alone converts");
  CHECK(strstr(res.json.ptr, "Varga") == NULL, "cv.md alone has no name:\n%s", res.json.ptr);
  CHECK(strstr(res.json.ptr, "github") == NULL, "cv.md alone has no profiles");
  cvx_result_free(&res);
}

/* Edge cases: a site with only a config; a broken .bib; a binary page. */
static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

static void check_odd_sites(void) {
  char tmpl[] = "/tmp/cvx-site-XXXXXX";
  char *root = mkdtemp(tmpl);
  CHECK(root != NULL, "mkdtemp");
  if (!root) return;
  char p[512];
  snprintf(p, sizeof p, "%s/_config.yml", root);
  write_file(p, "author:\n  name: Noor Haddad\n  github: nhaddad\n  bio: [broken\n");
  cvx_convert_opts o = site_opts();
  cvx_result res;
  cvx_convert_site(root, "odd", &o, &res);
  CHECK(res.status == CVX_OK && res.json_valid, "config-only site converts");
  CHECK(strstr(res.json.ptr, "Noor Haddad") != NULL, "config-only site has the name");
  CHECK(strstr(res.report.ptr, "_config.yml:4:") != NULL,
        "the YAML error is reported at its line in _config.yml:\n%s", res.report.ptr);
  cvx_result_free(&res);

  snprintf(p, sizeof p, "%s/_bibliography", root);
  mkdir(p, 0700);
  snprintf(p, sizeof p, "%s/_bibliography/a.bib", root);
  write_file(p, "@article{ok1, title={Kept Paper}, author={Haddad, Noor}, year=2020, journal={J}}\n"
                "@article{bad, title={Lost\n");
  snprintf(p, sizeof p, "%s/_pages", root);
  mkdir(p, 0700);
  snprintf(p, sizeof p, "%s/_pages/cv.md", root);
  static const unsigned char elf[16] = {0x7f, 'E', 'L', 'F', 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0};
  FILE *f = fopen(p, "wb");
  if (f) {
    fwrite(elf, 1, sizeof elf, f);
    fclose(f);
  }
  fprintf(stderr, "(the btparse syntax error below is expected)\n");
  cvx_convert_site(root, "odd", &o, &res);
  CHECK(res.status == CVX_OK && res.json_valid, "site with a binary CV page still converts");
  CHECK(strstr(res.json.ptr, "Kept Paper") != NULL, "good BibTeX entry kept");
  CHECK(strstr(res.report.ptr, "site.bibtex") != NULL, "bad BibTeX entry reported:\n%s",
        res.report.ptr);
  CHECK(strstr(res.report.ptr, "cv.md") != NULL, "binary page reported");
  cvx_result_free(&res);

  snprintf(p, sizeof p, "rm -rf '%s'", root);
  CHECK(system(p) == 0, "cleanup");
}

/* A CV kept as data in _data/cv.yml joins the site's one document. */
static void check_data_cv(void) {
  char tmpl[] = "/tmp/cvx-site-XXXXXX";
  char *root = mkdtemp(tmpl);
  CHECK(root != NULL, "mkdtemp");
  if (!root) return;
  char p[512];
  snprintf(p, sizeof p, "%s/_config.yml", root);
  write_file(p, "author:\n  name: Ines Varga\n");
  snprintf(p, sizeof p, "%s/_data", root);
  mkdir(p, 0700);
  snprintf(p, sizeof p, "%s/_data/cv.yml", root);
  write_file(p, "- title: Education\n  type: time_table\n  contents:\n"
                "    - title: Ph.D. Soil Science\n      institution: University of Pell\n"
                "      year: 2016\n"
                "- title: Jobs\n  contents:\n    - title: Agronomist\n"
                "      institution: Field Office North\n      year: 2017 - 2020\n"
                "      notes_for_later: bring boots\n");
  cvx_convert_opts o = site_opts();
  cvx_result res;
  cvx_convert_site(root, "data", &o, &res);
  CHECK(res.status == CVX_OK && res.json_valid, "site with a data CV converts");
  CHECK(strstr(res.json.ptr, "Ines Varga") != NULL, "the config's person is kept");
  CHECK(strstr(res.json.ptr, "\"institution\": \"University of Pell\"") != NULL,
        "the data CV's education joins the site:\n%s", res.json.ptr);
  CHECK(strstr(res.json.ptr, "\"position\": \"Agronomist\"") != NULL, "the data CV's work joins");
  CHECK(strstr(res.json.ptr, "yamldata") != NULL, "the yamldata extractor is listed");
  cvx_result_free(&res);
  snprintf(p, sizeof p, "rm -rf '%s'", root);
  CHECK(system(p) == 0, "cleanup");
}

int main(void) {
  if (!cvx_convert_init()) return 2;
  for (size_t i = 0; i < sizeof config_cases / sizeof config_cases[0]; i++)
    check_config_case(&config_cases[i]);
  check_config_hidden();
  for (size_t i = 0; i < sizeof item_cases / sizeof item_cases[0]; i++)
    check_item_case(&item_cases[i]);
  check_site_fixture();
  check_page_alone();
  check_odd_sites();
  check_data_cv();
  cvx_convert_cleanup();
  return check_done("site");
}
