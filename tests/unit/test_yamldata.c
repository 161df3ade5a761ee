/* test_yamldata.c — the YAML data CV extractor: which files it claims, how
 * the generic walk maps layouts (typed sections, maps of entries, groups,
 * repeated keys, JSON Resume as YAML, Hugo author front matter) to records,
 * spans, hidden structure, and the YAML limits it shares with the front
 * matter reader. All inputs are invented. */
#include "yamldata.h"

#include "check.h"
#include "grammar.h"

#include <stdlib.h>

static cvx_source *make_source(cvx_arena *a, const char *path, const char *text) {
  size_t len = strlen(text);
  cvx_source *s = cvx_arena_alloc(a, sizeof *s);
  s->path = path;
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

typedef struct run {
  cvx_arena *arena;
  cvx_diags dx;
  cvx_source *src;
  cvx_doc *doc;
} run;

/* Runs the extractor that would read path: yamldata when it accepts, else
 * the front matter extractor (for .md pages). */
static void run_input(run *r, const char *path, const char *text) {
  r->arena = cvx_arena_new(64 * 1024);
  cvx_diags_init(&r->dx, r->arena);
  r->src = make_source(r->arena, path, text);
  r->doc = cvx_doc_new(r->arena, r->src, &r->dx);
  cvx_status st = CVX_OK;
  if (cvx_extractor_yamldata.accepts(r->src))
    st = cvx_extractor_yamldata.extract(r->src, r->doc, &r->dx);
  else if (cvx_extractor_frontmatter.accepts(r->src))
    st = cvx_extractor_frontmatter.extract(r->src, r->doc, &r->dx);
  CHECK(st == CVX_OK, "%s: status %d", path, (int)st);
}

/* The value of key in the idx-th record of kind ("work", "education"…), or
 * NULL; list keys give their nth value with "key#n". */
static const char *value(const cvx_doc *doc, const char *kind, int idx, const char *key) {
  int want = 0;
  char k[64];
  snprintf(k, sizeof k, "%s", key);
  char *hash = strchr(k, '#');
  if (hash) *hash = '\0', want = atoi(hash + 1);
  for (const cvx_record *rec = doc->records; rec; rec = rec->next) {
    if (strcmp(cvx_rec_kind_name(rec->kind), kind) != 0 || idx-- != 0) continue;
    for (const cvx_field *f = rec->fields; f; f = f->next)
      if (strcmp(f->key, k) == 0 && want-- == 0) return f->value;
    return NULL;
  }
  return NULL;
}

static int count(const cvx_doc *doc, const char *kind) {
  int n = 0;
  for (const cvx_record *rec = doc->records; rec; rec = rec->next)
    n += strcmp(cvx_rec_kind_name(rec->kind), kind) == 0;
  return n;
}

/* ------------------------------------------------------------ mappings */

typedef struct want {
  const char *kind;
  int idx;
  const char *key;
  const char *value; /* NULL: the field must be absent */
} want;

typedef struct tcase {
  const char *name;
  const char *path;
  const char *text;
  want w[16];
  struct {
    const char *kind;
    int n;
  } counts[4];
} tcase;

static const tcase cases[] = {
    {"person at the top, a list of jobs, a map of degrees",
     "cv.yml",
     "name: Ada Quill\n"
     "email: ada@quill.dev\n"
     "phone: +44 20 7946 0001\n"
     "github: adaquill\n"
     "experience:\n"
     "  - company: Lumen Works, Leeds, UK\n"
     "    position: Data Engineer\n"
     "    from: Mar 2019\n"
     "    to: present\n"
     "    details: |\n"
     "      Built the ingest.\n"
     "      - Cut costs by half\n"
     "education:\n"
     "  phd:\n"
     "    degree: Ph.D. in Applied Optics\n"
     "    school: University of Tarn\n"
     "    year: 2018\n",
     {{"basics", 0, "name", "Ada Quill"},
      {"basics", 0, "email", "ada@quill.dev"},
      {"profiles", 0, "url", "https://github.com/adaquill"},
      {"work", 0, "name", "Lumen Works"},
      {"work", 0, "location", "Leeds, UK"},
      {"work", 0, "position", "Data Engineer"},
      {"work", 0, "startDate", "2019-03"},
      {"work", 0, "endDate", NULL},
      {"work", 0, "summary", "Built the ingest."},
      {"work", 0, "highlights", "Cut costs by half"},
      {"education", 0, "institution", "University of Tarn"},
      {"education", 0, "studyType", "PhD"},
      {"education", 0, "area", "Applied Optics"},
      {"education", 0, "endDate", "2018"}},
     {{"work", 1}, {"education", 1}}},

    {"al-folio typed sections: the kind voted from the title and the entries",
     "cv.yaml",
     "- title: Positions\n"
     "  type: time_table\n"
     "  contents:\n"
     "    - title: Research Fellow\n"
     "      institution: Marsh Institute, Oslo, Norway\n"
     "      year: 2021 - 2023\n"
     "- title: Degrees\n"
     "  type: time_table\n"
     "  contents:\n"
     "    - title: M.Sc. Hydrology\n"
     "      institution: Vale University\n"
     "      year: 2020\n"
     "- title: Honors\n"
     "  type: time_table\n"
     "  contents:\n"
     "    - title: Early Career Medal\n"
     "      year: 2022\n"
     "- title: Odds and ends\n"
     "  type: list\n"
     "  contents:\n"
     "    - Plays the oboe\n",
     {{"work", 0, "position", "Research Fellow"},
      {"work", 0, "name", "Marsh Institute"},
      {"work", 0, "location", "Oslo, Norway"},
      {"work", 0, "startDate", "2021"},
      {"work", 0, "endDate", "2023"},
      {"education", 0, "studyType", "MS"},
      {"education", 0, "area", "Hydrology"},
      {"education", 0, "endDate", "2020"},
      {"awards", 0, "title", "Early Career Medal"},
      {"awards", 0, "date", "2022"},
      {"sections", 0, "title", "Odds and ends"},
      {"sections", 0, "items", "Plays the oboe"}},
     {{"work", 1}, {"education", 1}, {"awards", 1}}},

    {"online-cv: a profile block, groups, skills with levels, languages",
     "data.yml",
     "sidebar:\n"
     "  name: Tomas Brill\n"
     "  tagline: Backend developer\n"
     "  email: tomas@example.net\n"
     "  languages:\n"
     "    title: Languages\n"
     "    info:\n"
     "      - idiom: Czech\n"
     "        level: Native\n"
     "career-profile:\n"
     "  title: Profile\n"
     "  summary: I build quiet, dependable services for small teams and like it that way.\n"
     "skills:\n"
     "  title: Skills\n"
     "  toolset:\n"
     "    - name: Go\n"
     "      level: 80%\n"
     "    - name: SQL\n"
     "      level: 70%\n",
     {{"basics", 0, "name", "Tomas Brill"},
      {"basics", 0, "label", "Backend developer"},
      {"basics", 0, "summary",
       "I build quiet, dependable services for small teams and like it that way."},
      {"languages", 0, "language", "Czech"},
      {"languages", 0, "fluency", "Native"},
      {"skills", 0, "keywords#0", "Go"},
      {"skills", 0, "keywords#1", "SQL"}},
     {{"skills", 1}, {"languages", 1}}},

    {"a map of entries keyed by ids, dates as {year, month}, projects by content",
     "resume.yml",
     "profile:\n"
     "  firstname: Rui\n"
     "  lastname: Okafor\n"
     "  mail: rui@okafor.dev\n"
     "  place: Lagos\n"
     "  country: Nigeria\n"
     "professional_experience:\n"
     "  02:\n"
     "    role: Lead Engineer\n"
     "    company: Tessel Labs\n"
     "    from: { year: 2020, month: May }\n"
     "    to: { year: Present, month: }\n"
     "side_experience:\n"
     "  widget:\n"
     "    name: Widgetry\n"
     "    github: https://github.com/example/widgetry\n"
     "    summary: A widget toolkit\n"
     "    skills: [C, Lua]\n",
     {{"basics", 0, "name", "Rui Okafor"},
      {"basics", 0, "email", "rui@okafor.dev"},
      {"basics", 0, "location.city", "Lagos"},
      {"basics", 0, "location.countryCode", "NG"},
      {"work", 0, "position", "Lead Engineer"},
      {"work", 0, "name", "Tessel Labs"},
      {"work", 0, "startDate", "2020-05"},
      {"work", 0, "endDate", NULL},
      {"projects", 0, "name", "Widgetry"},
      {"projects", 0, "url", "https://github.com/example/widgetry"},
      {"projects", 0, "description", "A widget toolkit"},
      {"projects", 0, "keywords#1", "Lua"}},
     {{"work", 1}, {"projects", 1}}},

    {"JSON Resume written as YAML",
     "resume.yaml",
     "basics:\n"
     "  name: Mia Sol\n"
     "  label: Product designer\n"
     "  email: mia@example.org\n"
     "  profiles:\n"
     "    - network: GitHub\n"
     "      username: miasol\n"
     "      url: https://github.com/miasol\n"
     "work:\n"
     "  - name: Fernwood\n"
     "    position: Designer\n"
     "    startDate: 2017-04\n"
     "    endDate: 2021-02\n"
     "    highlights: [Shipped the app]\n"
     "publications:\n"
     "  - name: Calm interfaces\n"
     "    publisher: Journal of Quiet Design\n"
     "    releaseDate: 2020\n"
     "interests:\n"
     "  - name: Typography\n",
     {{"basics", 0, "label", "Product designer"},
      {"profiles", 0, "url", "https://github.com/miasol"},
      {"work", 0, "name", "Fernwood"},
      {"work", 0, "position", "Designer"},
      {"work", 0, "endDate", "2021-02"},
      {"work", 0, "highlights", "Shipped the app"},
      {"publications", 0, "name", "Calm interfaces"},
      {"publications", 0, "publisher", "Journal of Quiet Design"},
      {"publications", 0, "releaseDate", "2020"},
      {"interests", 0, "name", "Typography"}},
     {{"work", 1}, {"publications", 1}, {"interests", 1}}},

    {"repeated keys: several entries in one mapping; a group of scalars",
     "data.yml",
     "name: Lee Park\n"
     "email: lee@example.com\n"
     "projects:\n"
     "  title: Ledger\n"
     "  intro: A tiny accounting tool\n"
     "  title: Sprout\n"
     "  intro: A seed catalogue\n"
     "other-skills:\n"
     "  - name: Git\n"
     "  - name: Make\n",
     {{"projects", 0, "name", "Ledger"},
      {"projects", 0, "description", "A tiny accounting tool"},
      {"projects", 1, "name", "Sprout"},
      {"skills", 0, "name", "Other skills"},
      {"skills", 0, "keywords#1", "Make"}},
     {{"projects", 2}, {"skills", 1}}},

    {"a Hugo author page: sections in the front matter",
     "_index.md",
     "---\n"
     "title: Noor Haddad\n"
     "role: Postdoctoral Researcher\n"
     "social:\n"
     "  - icon: envelope\n"
     "    link: 'mailto:noor@brae.ac.uk'\n"
     "  - icon: github\n"
     "    link: https://github.com/noorh\n"
     "interests:\n"
     "  - Glaciology\n"
     "education:\n"
     "  courses:\n"
     "    - course: PhD in Earth Science\n"
     "      institution: University of Brae\n"
     "      year: 2019\n"
     "tags: [a, b]\n"
     "---\n"
     "Hello.\n",
     {{"basics", 0, "name", "Noor Haddad"},
      {"basics", 0, "label", "Postdoctoral Researcher"},
      {"basics", 0, "email", "noor@brae.ac.uk"},
      {"profiles", 0, "url", "https://github.com/noorh"},
      {"interests", 0, "name", "Glaciology"},
      {"education", 0, "studyType", "PhD"},
      {"education", 0, "area", "Earth Science"},
      {"education", 0, "institution", "University of Brae"}},
     {{"education", 1}, {"interests", 1}, {"sections", 0}}},

    {"settings and unknown lists of a data file stay out of the records",
     "site.yml",
     "name: Jo Ames\n"
     "email: jo@example.com\n"
     "show_footer: true\n"
     "theme_color: '#ff0000'\n",
     {{"basics", 0, "name", "Jo Ames"}},
     {{"work", 0}, {"sections", 0}}},
};

static void check_case(const tcase *c) {
  run r;
  run_input(&r, c->path, c->text);
  for (size_t i = 0; i < sizeof c->w / sizeof c->w[0] && c->w[i].kind; i++) {
    const want *w = &c->w[i];
    char ctx[200];
    snprintf(ctx, sizeof ctx, "%s: %s[%d].%s", c->name, w->kind, w->idx, w->key);
    CHECK_STR(value(r.doc, w->kind, w->idx, w->key), w->value, ctx);
  }
  for (size_t i = 0; i < 4 && c->counts[i].kind; i++)
    CHECK(count(r.doc, c->counts[i].kind) == c->counts[i].n, "%s: %d %s records, want %d", c->name,
          count(r.doc, c->counts[i].kind), c->counts[i].kind, c->counts[i].n);
  /* every value's span lies in the source */
  for (const cvx_record *rec = r.doc->records; rec; rec = rec->next)
    for (const cvx_field *f = rec->fields; f; f = f->next)
      CHECK(!cvx_span_valid(f->span) || f->span.end <= r.src->len, "%s: span of %s out of bounds",
            c->name, f->key);
  cvx_arena_free(r.arena);
}

/* --------------------------------------------------------------- claims */

static void check_accepts(void) {
  static const struct {
    const char *path, *text;
    bool yes;
  } t[] = {
      {"cv.yml", "anything: 1\n", true},
      {"CV.YAML", "a: b\n", true},
      {"notes.md", "name: X\neducation:\n  - a\n", false},
      {"resume.txt", "name: X\neducation:\n  - a\n", false},
      {"cvdata", "name: X\nemail: x@example.com\neducation:\n  - school: Y\n", true},
      {"cvdata", "# comment\nwork:\n  - company: Y\nskills:\n  - C\n", true},
      {"cvdata", "Jane Roe\nEducation: BSc, 2010\nSkills: C\n", false},
      {"cvdata", "name: X\nemail: x@example.com\n", false}, /* no nesting */
      {"cvdata", "title: Notes\nauthor: Me\n  - x\n", false},
      {"<stdin>", "name: A\nwork:\n  - company: B\n", true},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    cvx_arena *a = cvx_arena_new(4096);
    cvx_source *s = make_source(a, t[i].path, t[i].text);
    CHECK((cvx_extractor_yamldata.accepts(s) > 0) == t[i].yes, "accepts(%s, %zu): want %d",
          t[i].path, i, t[i].yes);
    cvx_arena_free(a);
  }
}

/* ------------------------------------------------------- hidden, limits */

static void check_hidden(void) {
  run r;
  const char *text = "# a comment about the file\nname: Ida Vo\nemail: ida@example.com\n"
                     "favourite_tea: likes green tea\n";
  run_input(&r, "cv.yml", text);
  const char *c = strstr(text, "comment"), *k = strstr(text, "favourite_tea"),
             *v = strstr(text, "likes");
  CHECK(cvx_doc_hidden(r.doc, c - text), "comments are hidden");
  CHECK(cvx_doc_hidden(r.doc, k - text), "keys are hidden");
  CHECK(!cvx_doc_hidden(r.doc, v - text), "values stay visible");
  CHECK(!(cvx_doc_mark(r.doc, v - text) & (CVX_MARK_TAKEN | CVX_MARK_KEPT)), "an unmapped value is not taken");
  cvx_arena_free(r.arena);
}

static const cvx_diag *find_diag(const cvx_diags *dx, const char *code) {
  for (size_t i = 0; i < dx->n; i++)
    if (strcmp(dx->items[i].code, code) == 0) return &dx->items[i];
  return NULL;
}

static void check_syntax(void) {
  run r;
  const char *text = "name: Ada Quill\nwork:\n  - company: X\n   bad: [\n";
  run_input(&r, "cv.yml", text);
  const cvx_diag *d = find_diag(&r.dx, "frontmatter.syntax");
  CHECK(d != NULL, "a syntax error is reported");
  CHECK(d && strstr(d->message, "YAML file") != NULL, "the message names the YAML file: %s",
        d ? d->message : "");
  CHECK_STR(value(r.doc, "basics", 0, "name"), "Ada Quill", "keys before the error are kept");
  const char *bad = strstr(text, "bad");
  CHECK(!cvx_doc_hidden(r.doc, bad - text), "text after the error stays visible");
  cvx_arena_free(r.arena);

  /* an alias bomb: refused, never expanded */
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_puts(&b, "a: &a [x, x, x, x, x, x, x, x, x]\n");
  for (int i = 1; i < 9; i++)
    cvx_buf_printf(&b, "%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", 'a' + i, 'a' + i,
                   'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1,
                   'a' + i - 1, 'a' + i - 1, 'a' + i - 1);
  run_input(&r, "bomb.yml", b.ptr);
  CHECK(find_diag(&r.dx, "frontmatter.alias") != NULL, "aliases to lists are refused");
  cvx_arena_free(r.arena);
  cvx_buf_clear(&b);

  /* deep nesting stops at the limit with a diagnostic */
  for (int i = 0; i < 200; i++) cvx_buf_puts(&b, "[");
  run_input(&r, "deep.yml", b.ptr);
  CHECK(find_diag(&r.dx, "frontmatter.limit") != NULL, "deep nesting is limited");
  cvx_arena_free(r.arena);
  cvx_buf_free(&b);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_case(&cases[i]);
  check_accepts();
  check_hidden();
  check_syntax();
  cvx_rx_cleanup();
  return check_done("yamldata");
}
