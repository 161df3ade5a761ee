/* test_frontmatter.c — the front matter extractor: fences, body start, hidden
 * block, key mapping, YAML errors at their position, limits (alias bombs,
 * deep nesting, event floods) and the minimal TOML reader. All inputs are
 * invented. */
#include "frontmatter.h"

#include "check.h"
#include "grammar.h"

#include <stdlib.h>
#include <time.h>

/* A source built by hand, as cvx_source_from_bytes would (text is already
 * valid UTF-8 with '\n' line ends). */
static cvx_source *make_source(cvx_arena *a, const char *text, size_t len) {
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

/* 1-based line and code-point column of off (independent of source.c). */
static void position(const cvx_source *s, uint32_t off, unsigned *line, unsigned *col) {
  *line = 1;
  *col = 1;
  for (uint32_t i = 0; i < off && i < s->len; i++) {
    unsigned char c = (unsigned char)s->text[i];
    if (c == '\n') {
      (*line)++;
      *col = 1;
    } else if ((c & 0xC0) != 0x80) {
      (*col)++;
    }
  }
}

typedef struct run {
  cvx_arena *arena;
  cvx_diags dx;
  cvx_source *src;
  cvx_doc *doc;
  cvx_status st;
  double seconds;
} run;

static void run_input(run *r, const char *text, size_t len) {
  r->arena = cvx_arena_new(64 * 1024);
  cvx_diags_init(&r->dx, r->arena);
  r->src = make_source(r->arena, text, len);
  r->doc = cvx_doc_new(r->arena, r->src, &r->dx);
  clock_t t0 = clock();
  r->st = cvx_extractor_frontmatter.accepts(r->src)
              ? cvx_extractor_frontmatter.extract(r->src, r->doc, &r->dx)
              : CVX_OK;
  r->seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
}

static const cvx_record *nth(const cvx_doc *doc, const char *kind, int idx) {
  for (const cvx_record *rec = doc->records; rec; rec = rec->next)
    if (strcmp(cvx_rec_kind_name(rec->kind), kind) == 0 && idx-- == 0) return rec;
  return NULL;
}

static const cvx_diag *find_diag(const cvx_diags *dx, const char *code) {
  for (size_t i = 0; i < dx->n; i++)
    if (strcmp(dx->items[i].code, code) == 0) return &dx->items[i];
  return NULL;
}

/* Checks one expectation:
 *   "n=3"                       number of records
 *   "basics.name=Jane Roe"      field value of the first record of a kind
 *   "profiles[1].url=…"         … of the n-th record of that kind
 *   "@basics.name=Jane Roe"     the source text under the field's span
 *   "basics.email"              (no '=') the field is absent
 *   "!basics"                   no record of that kind */
static void expect(const char *name, const run *r, const char *e) {
  char ctx[256];
  snprintf(ctx, sizeof ctx, "%s: %s", name, e);
  if (strncmp(e, "n=", 2) == 0) {
    CHECK(r->doc->nrecords == (size_t)atoi(e + 2), "%s: got %zu records", ctx, r->doc->nrecords);
    return;
  }
  if (e[0] == '!') {
    CHECK(nth(r->doc, e + 1, 0) == NULL, "%s: record present", ctx);
    return;
  }
  bool span = e[0] == '@';
  if (span) e++;
  char kind[32] = "", key[64] = "";
  int idx = 0;
  const char *dot = strchr(e, '.');
  const char *eq = strchr(e, '=');
  if (!dot) return;
  size_t kl = (size_t)(dot - e);
  const char *br = memchr(e, '[', kl);
  if (br) idx = atoi(br + 1);
  snprintf(kind, sizeof kind, "%.*s", (int)((br ? br : dot) - e), e);
  snprintf(key, sizeof key, "%.*s", (int)((eq ? eq : e + strlen(e)) - dot - 1), dot + 1);
  const cvx_record *rec = nth(r->doc, kind, idx);
  const cvx_field *f = rec ? cvx_record_field(rec, key) : NULL;
  if (!eq) {
    CHECK(f == NULL, "%s: present as \"%s\"", ctx, f ? f->value : "");
    return;
  }
  if (!span) {
    CHECK_STR(f ? f->value : NULL, eq + 1, ctx);
    return;
  }
  char got[512] = "(no field)";
  if (f && cvx_span_valid(f->span) && f->span.end <= r->src->len)
    snprintf(got, sizeof got, "%.*s", (int)(f->span.end - f->span.start),
             r->src->text + f->span.start);
  CHECK_STR(got, eq + 1, ctx);
}

typedef struct fm_case {
  const char *name;
  const char *input;
  bool accepts;
  const char *body;   /* text expected at body_start; NULL: body_start stays 0 */
  const char *diag;   /* a diagnostic code expected, NULL: no warnings at all */
  unsigned line, col; /* its position when nonzero */
  const char *expect[16];
} fm_case;

static const fm_case cases[] = {
    {"academicpages cv header",
     "---\nlayout: archive\ntitle: \"CV\"\npermalink: /cv/\nauthor_profile: true\n"
     "redirect_from:\n  - /resume\n---\n\nEducation\n=========\n",
     true, "\nEducation\n", NULL, 0, 0, {"n=0"}},
    {"about page: name, email, github",
     "---\npermalink: /\nname: Mara Quell\nemail: mara.quell@uni-nowhere.edu\n"
     "github: mquell\nauthor_profile: true\n---\nI study moss.\n",
     true, "I study moss.", NULL, 0, 0,
     {"n=2", "basics.name=Mara Quell", "@basics.name=Mara Quell",
      "basics.email=mara.quell@uni-nowhere.edu", "@basics.email=mara.quell@uni-nowhere.edu",
      "profiles.network=GitHub", "profiles.username=mquell",
      "profiles.url=https://github.com/mquell",
      "@profiles.username=mquell"}},
    {"person title is a name", "---\ntitle: \"Jane Roe\"\nlayout: about\n---\nHello\n", true,
     "Hello", NULL, 0, 0, {"n=1", "basics.name=Jane Roe", "@basics.name=Jane Roe"}},
    {"page title is not a name", "---\ntitle: \"CV\"\nlayout: about\n---\nHello\n", true, "Hello",
     NULL, 0, 0, {"n=0"}},
    {"title About Name", "---\ntitle: \"About Tomas Vrba\"\n---\n", true, "", NULL, 0, 0,
     {"basics.name=Tomas Vrba", "@basics.name=Tomas Vrba"}},
    {"title name - headline - resume",
     "---\ntitle: Tove Berg - Software Engineer - Resume\n---\nx\n", true, "x", NULL, 0, 0,
     {"basics.name=Tove Berg", "basics.label=Software Engineer",
      "@basics.label=Software Engineer"}},
    {"author mapping with name and social",
     "---\nlayout: single\nauthor:\n  name: \"Ilse Varga\"\n  avatar: \"profile.jpg\"\n"
     "  bio: \"Postdoc in maths &amp; <br/>numerical analysis\"\n  location: \"Graz, Austria\"\n"
     "  email: \"ilse.varga@example.com\"\n"
     "  googlescholar: \"https://scholar.google.com/citations?user=AbCdEf123\"\n"
     "  orcid: \"0000-0002-1825-0097\"\n  twitter: \"@ivarga\"\n  linkedin:\n"
     "  github: \"jekyll\"\n  uri: \"https://ilsevarga.net\"\nsocial:\n  gitlab: ivarga\n"
     "---\nBody\n",
     true, "Body", NULL, 0, 0,
     {"n=5", "basics.name=Ilse Varga", "basics.summary=Postdoc in maths & numerical analysis",
      "basics.location.city=Graz, Austria", "@basics.location.city=Graz, Austria", "basics.email",
      "basics.image", "basics.url=https://ilsevarga.net", "profiles[0].network=Google Scholar",
      "profiles[1].url=https://orcid.org/0000-0002-1825-0097", "profiles[2].username=ivarga",
      "profiles[2].url=https://twitter.com/ivarga", "@profiles[2].username=ivarga",
      "profiles[3].network=GitLab", "profiles[3].url=https://gitlab.com/ivarga"}},
    {"theme defaults are placeholders",
     "---\nauthor:\n  name: \"Your Sidebar Name\"\n  location: \"Red Brick Lane\"\n"
     "  email: \"none@example.org\"\n  github: academicpages\ntwitter_username: jekyllrb\n"
     "github_username: jekyll\nurl: \"https://example.com\"\nwebsite: http://localhost:4000\n"
     "name: Your Name\n---\n",
     true, "", NULL, 0, 0, {"n=0"}},
    {"account URL as website becomes a profile",
     "---\nname: Tove Berg\nwebsite: https://github.com/tberg\n---\n", true, "", NULL, 0, 0,
     {"n=2", "basics.url", "profiles.network=GitHub", "profiles.url=https://github.com/tberg"}},
    {"publication entry",
     "---\ntitle: \"Sparse Widgets for\n  Dense Gadgets\"\ncollection: publications\n"
     "permalink: /publication/2010-10-01-sparse-widgets\n"
     "excerpt: 'We show that widgets &amp; gadgets &quot;commute&quot; &#8212; mostly&#39;.'\n"
     "date: 2010-10-01\nvenue: 'Journal of Imaginary Results'\n"
     "paperurl: 'http://imaginary-results.org/files/paper1.pdf'\n"
     "citation: 'Roe, J. (2010). &quot;Sparse Widgets.&quot; <i>JIR</i>, 1(1).'\n---\n",
     true, "", NULL, 0, 0,
     {"n=1", "!basics", "publications.name=Sparse Widgets for Dense Gadgets",
      "publications.publisher=Journal of Imaginary Results",
      "@publications.publisher=Journal of Imaginary Results", "publications.releaseDate=2010-10-01",
      "@publications.releaseDate=2010-10-01",
      "publications.url=http://imaginary-results.org/files/paper1.pdf",
      "publications.summary=We show that widgets & gadgets \"commute\" \xe2\x80\x94 mostly'."}},
    {"publication by venue + paperurl, relative url dropped",
     "---\ntitle: A Note on Nothing\nvenue: Proc. Void\ndate: 2021-06\n"
     "paperurl: /files/x.pdf\n---\n",
     true, "", NULL, 0, 0,
     {"n=1", "publications.name=A Note on Nothing", "publications.releaseDate=2021-06",
      "publications.url"}},
    {"broken YAML: bad indentation keeps earlier keys",
     "---\nname: Oskar Lind\nlist:\n  - a\n - b\nemail: oskar@lind-lab.se\n---\nBody\n", true,
     "Body", "frontmatter.syntax", 5, 2, {"basics.name=Oskar Lind", "basics.email"}},
    {"broken YAML: unclosed quote",
     "---\nname: Oskar Lind\ntitle: \"Unclosed\n---\nBody\n", true, "Body", "frontmatter.syntax",
     4, 1, {"n=1", "basics.name=Oskar Lind"}},
    {"broken YAML: position after multibyte text",
     "---\nname: \xc3\x85sa \xc3\x96""berg\nbio: \"F\xc3\xb6rsker i data\" Malm\xc3\xb6\n---\nBody\n",
     true, "Body", "frontmatter.syntax", 3, 23,
     {"basics.name=\xc3\x85sa \xc3\x96""berg", "basics.summary=F\xc3\xb6rsker i data",
      "@basics.summary=F\xc3\xb6rsker i data"}},
    /* a one- or two-word description names the page, it is no bio */
    {"description of the page", "---\nname: Kai Brandt\ndescription: Homepage\n---\nBody\n", true, "Body", NULL, 0, 0,
     {"basics.name=Kai Brandt", "basics.summary"}},
    {"unterminated block", "---\nname: Kai Brandt\n\nJust a page.\n", true, NULL,
     "frontmatter.unterminated", 1, 1, {"n=0"}},
    {"TOML front matter",
     "+++\ntitle = \"Pia S\xc3\xb8rensen\"\ndate = 2024-01-01\ndraft = false\n"
     "tags = [\"a\",\n  \"b\"]\n[author]\nname = 'Pia S\xc3\xb8rensen'\n"
     "email = \"pia\\u0040sorensen-data.dk\"\ngithub = \"psorensen\" # handle\n"
     "[[extra]]\nphone = \"+45 5550 0101\"\n+++\nBody\n",
     true, "Body", NULL, 0, 0,
     {"n=2", "basics.name=Pia S\xc3\xb8rensen", "@basics.name=Pia S\xc3\xb8rensen",
      "basics.email=pia@sorensen-data.dk", "basics.phone",
      "profiles.url=https://github.com/psorensen",
      "@profiles.username=psorensen"}},
    {"TOML ... is not a TOML fence", "+++\nname = \"Pia Holm\"\n...\n", true, NULL,
     "frontmatter.unterminated", 1, 1, {"n=0"}},
    {"python tags read as plain values",
     "---\nname: !!python/object:os.system \"Lena Mohr\"\n"
     "extra: !!python/object/apply:os.system [\"rm -rf /\"]\n"
     "profile: !custom {image: \"https://cdn.lenamohr.io/me.jpg\"}\n---\n",
     true, "", NULL, 0, 0,
     {"n=1", "basics.name=Lena Mohr", "basics.image=https://cdn.lenamohr.io/me.jpg",
      "@basics.image=https://cdn.lenamohr.io/me.jpg"}},
    {"multibyte keys and values keep byte spans",
     "---\n\xe5\x90\x8d\xe5\x89\x8d: \xe7\x84\xa1\xe8\xa6\x96\n"
     "name: \"Zo\xc3\xab \xc3\x85ngstr\xc3\xb6m\"\n"
     "subtitle: Doktorandin \xe2\x80\x93 \xc3\x96kologie \xf0\x9f\x8c\xb1\n"
     "location: Malm\xc3\xb6, Sverige\n---\nBody\n",
     true, "Body", NULL, 0, 0,
     {"n=1", "@basics.name=Zo\xc3\xab \xc3\x85ngstr\xc3\xb6m",
      "@basics.label=Doktorandin \xe2\x80\x93 \xc3\x96kologie \xf0\x9f\x8c\xb1",
      "@basics.location.city=Malm\xc3\xb6, Sverige"}},
    {"block scalar span starts at its text",
     "---\nname: Ines Kaur\nbio: |\n  Ecologist in the hills.\n  Second line.\n---\n", true, "",
     NULL, 0, 0,
     {"basics.summary=Ecologist in the hills. Second line.",
      "@basics.summary=Ecologist in the hills.\n  Second line."}},
    {"scalar alias copied, collection alias ignored",
     "---\nme: &me \"Kai Brandt\"\nlinks: &l [a, b]\nname: *me\nmore: *l\n---\n", true, "",
     "frontmatter.alias", 5, 7, {"n=1", "basics.name=Kai Brandt", "@basics.name=Kai Brandt"}},
    {"al-folio profile.more_info", 
     "---\nlayout: about\ntitle: about\nprofile:\n  align: right\n  image: prof_pic.jpg\n"
     "  more_info: >\n    <p>+1 (555) 010-0199</p>\n    <p>r.okafor@uni-somewhere.edu</p>\n"
     "news: true\nsocial: true\n---\n",
     true, "", NULL, 0, 0,
     {"n=1", "basics.email=r.okafor@uni-somewhere.edu", "@basics.email=r.okafor@uni-somewhere.edu",
      "basics.phone=+1 (555) 010-0199", "basics.image", "basics.name"}},
    {"resume header items",
     "---\nname: Nadia Ferro\nheader:\n  - text: <span class=\"i\"></span> nadia@ferro-dev.io\n"
     "    link: mailto:nadia@ferro-dev.io\n  - text: ferro\n    link: https://github.com/nferro\n"
     "  - text: ferro-dev.io\n    link: https://ferro-dev.io\n---\n",
     true, "", NULL, 0, 0,
     {"n=2", "basics.email=nadia@ferro-dev.io", "basics.url=https://ferro-dev.io",
      "profiles.network=GitHub"}},
    {"site-style keys: language map, nested handle, id suffixes",
     "---\nname:\n  en: \"Wen Hao\"\n  zh: \"\xe6\x96\x87\xe6\xb5\xa9\"\nauthor: admin\n"
     "twitter:\n  username: wenhao_x\norcid_id: 0000-0001-2345-678X\nscholar_userid: qWeRtY12\n"
     "github_username: wenhao\n---\n",
     true, "", NULL, 0, 0,
     {"n=5", "basics.name=Wen Hao", "@basics.name=Wen Hao",
      "profiles[0].url=https://twitter.com/wenhao_x",
      "profiles[1].url=https://orcid.org/0000-0001-2345-678X",
      "profiles[2].url=https://scholar.google.com/citations?user=qWeRtY12",
      "profiles[3].url=https://github.com/wenhao"}},
    {"headings and slugs are not names",
     "---\ntitle: Curriculum Vitae\nname: resume\nauthor: admin\n---\n", true, "", NULL, 0, 0,
     {"n=0"}},
    {"bad ORCID and spaced usernames refused",
     "---\norcid: 1234\ngithub: two words\nlinkedin: in/real-handle\n---\n", true, "", NULL, 0, 0,
     {"n=1", "profiles.url=https://linkedin.com/in/real-handle", "@profiles.username=real-handle"}},
    {"empty front matter", "---\n---", true, "", NULL, 0, 0, {"n=0"}},
    {"empty front matter then body", "---\n---\nHello\n", true, "Hello", NULL, 0, 0, {"n=0"}},
    {"dots close YAML", "---\nname: Ada Kern\n...\nBody\n", true, "Body", NULL, 0, 0,
     {"basics.name=Ada Kern"}},
    {"no front matter", "Jane Roe\n---\nname: x\n---\n", false, NULL, NULL, 0, 0, {"n=0"}},
    {"fence must be alone on its line", "--- title: x\n---\n", false, NULL, NULL, 0, 0, {"n=0"}},
    {"root not a mapping", "---\n- a\n- b\n---\nBody\n", true, "Body", NULL, 0, 0, {"n=0"}},
};

static void check_case(const fm_case *c) {
  run r;
  size_t len = strlen(c->input);
  run_input(&r, c->input, len);
  bool acc = cvx_extractor_frontmatter.accepts(r.src) != 0;
  CHECK(acc == c->accepts, "%s: accepts=%d", c->name, acc);
  CHECK(r.st == CVX_OK, "%s: status %d", c->name, (int)r.st);
  if (c->body) {
    const char *at = r.src->text + r.doc->body_start;
    CHECK(r.doc->body_start > 0 && strncmp(at, c->body, strlen(c->body)) == 0 &&
              (*c->body || r.doc->body_start == len),
          "%s: body starts at %u: \"%.20s\"", c->name, r.doc->body_start, at);
    bool hidden = true;
    for (uint32_t i = 0; i < r.doc->body_start; i++)
      hidden &= cvx_doc_hidden(r.doc, i) && (r.doc->view[i] == ' ' || r.doc->view[i] == '\n');
    CHECK(hidden && !cvx_doc_hidden(r.doc, r.doc->body_start), "%s: block hidden", c->name);
  } else {
    CHECK(r.doc->body_start == 0, "%s: body_start %u", c->name, r.doc->body_start);
    CHECK(strcmp(r.doc->view, r.src->text) == 0, "%s: nothing hidden", c->name);
  }
  if (c->diag) {
    const cvx_diag *d = find_diag(&r.dx, c->diag);
    CHECK(d != NULL, "%s: no %s diagnostic", c->name, c->diag);
    CHECK(!d || d->severity == CVX_WARNING, "%s: severity", c->name);
    if (d && c->line) {
      unsigned line = 0, col = 0;
      position(r.src, d->span.start, &line, &col);
      CHECK(line == c->line && col == c->col, "%s: %s at %u:%u, want %u:%u (%s)", c->name,
            c->diag, line, col, c->line, c->col, d->message);
    }
  } else {
    CHECK(r.dx.nwarnings == 0 && r.dx.nerrors == 0, "%s: unexpected diagnostic %s: %s", c->name,
          r.dx.n ? r.dx.items[0].code : "", r.dx.n ? r.dx.items[0].message : "");
  }
  for (size_t i = 0; i < sizeof c->expect / sizeof c->expect[0] && c->expect[i]; i++)
    expect(c->name, &r, c->expect[i]);
  /* every span of every field lies inside the hidden block */
  for (const cvx_record *rec = r.doc->records; rec; rec = rec->next)
    for (const cvx_field *f = rec->fields; f; f = f->next)
      CHECK(cvx_span_valid(f->span) && f->span.end <= r.doc->body_start, "%s: %s span %u-%u",
            c->name, f->key, f->span.start, f->span.end);
  cvx_arena_free(r.arena);
}

/* The unclosed quote's message carries libyaml's own words. */
static void check_syntax_message(void) {
  run r;
  const char *in = "---\nname: Oskar Lind\ntitle: \"Unclosed\n---\n";
  run_input(&r, in, strlen(in));
  const cvx_diag *d = find_diag(&r.dx, "frontmatter.syntax");
  CHECK(d && strstr(d->message, "found unexpected end of stream"), "syntax message: %s",
        d ? d->message : "(none)");
  cvx_arena_free(r.arena);
}

static char *cat(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  char *s = malloc(na + nb + 1);
  memcpy(s, a, na);
  memcpy(s + na, b, nb + 1);
  return s;
}

/* a: &a [x ×10], b: &b [*a ×10] … ten levels: expansion would be 10^10 nodes. */
static void check_alias_bomb(void) {
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_puts(&b, "---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
  for (int lv = 1; lv <= 10; lv++) {
    cvx_buf_printf(&b, "a%d: &a%d [", lv, lv);
    for (int k = 0; k < 10; k++) cvx_buf_printf(&b, "%s*a%d", k ? ", " : "", lv - 1);
    cvx_buf_puts(&b, "]\n");
  }
  cvx_buf_puts(&b, "who: &who \"Kai Brandt\"\nname: *who\n---\nBody\n");
  run r;
  run_input(&r, b.ptr, b.len);
  CHECK(r.seconds < 1.0, "alias bomb took %.3fs", r.seconds);
  CHECK(find_diag(&r.dx, "frontmatter.alias") != NULL, "alias bomb: warning");
  CHECK(r.dx.nwarnings == 1, "alias bomb: one warning, got %zu", r.dx.nwarnings);
  expect("alias bomb", &r, "basics.name=Kai Brandt");
  CHECK(strcmp(r.src->text + r.doc->body_start, "Body\n") == 0, "alias bomb: body");
  cvx_arena_free(r.arena);
  cvx_buf_free(&b);
}

/* 50,000 nested flow sequences: stopped at the depth limit, quickly. */
static void check_deep_nesting(void) {
  size_t n = 50000;
  char *deep = malloc(2 * n + 1);
  memset(deep, '[', n);
  memset(deep + n, ']', n);
  deep[2 * n] = '\0';
  char *a = cat("---\nname: Deep Diver\nk: ", deep);
  char *in = cat(a, "\nemail: deep@diver-lab.org\n---\nBody\n");
  run r;
  run_input(&r, in, strlen(in));
  CHECK(r.seconds < 1.0, "deep nesting took %.3fs", r.seconds);
  const cvx_diag *d = find_diag(&r.dx, "frontmatter.limit");
  CHECK(d != NULL, "deep nesting: limit diagnostic");
  if (d) {
    unsigned line, col;
    position(r.src, d->span.start, &line, &col);
    /* the root mapping is level 1: the 64th '[' is one too many */
    CHECK(line == 3 && col == 3 + 64, "deep nesting at %u:%u", line, col);
  }
  expect("deep nesting", &r, "basics.name=Deep Diver");
  CHECK(strcmp(r.src->text + r.doc->body_start, "Body\n") == 0, "deep nesting: body");
  cvx_arena_free(r.arena);
  free(deep);
  free(a);
  free(in);
}

/* More than 200,000 events: stopped, warned, what came first is kept. */
static void check_event_flood(void) {
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_puts(&b, "---\nname: Flo Rake\nitems: [");
  for (int i = 0; i < 210000; i++) cvx_buf_puts(&b, "x,");
  cvx_buf_puts(&b, "x]\n---\n");
  run r;
  run_input(&r, b.ptr, b.len);
  CHECK(r.seconds < 2.0, "event flood took %.3fs", r.seconds);
  CHECK(find_diag(&r.dx, "frontmatter.limit") != NULL, "event flood: limit diagnostic");
  expect("event flood", &r, "basics.name=Flo Rake");
  cvx_arena_free(r.arena);
  cvx_buf_free(&b);
}

/* A scalar over 64 KB is cut (on a character boundary) with one warning. */
static void check_huge_scalar(void) {
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_puts(&b, "---\nname: Hugh Long\nbio: \"");
  for (int i = 0; i < 40000; i++) cvx_buf_puts(&b, "\xc3\xa9");
  cvx_buf_puts(&b, "\"\n---\n");
  run r;
  run_input(&r, b.ptr, b.len);
  CHECK(find_diag(&r.dx, "frontmatter.limit") != NULL, "huge scalar: limit diagnostic");
  const cvx_record *basics = nth(r.doc, "basics", 0);
  const char *bio = basics ? cvx_record_get(basics, "summary") : NULL;
  CHECK(bio && strlen(bio) == 64 * 1024, "huge scalar: %zu bytes kept", bio ? strlen(bio) : 0);
  cvx_arena_free(r.arena);
  cvx_buf_free(&b);
}

/* Past 256 anchors new ones are not recorded: aliases to them are ignored. */
static void check_many_anchors(void) {
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_puts(&b, "---\n");
  for (int i = 0; i < 300; i++) cvx_buf_printf(&b, "k%d: &a%d v%d\n", i, i, i);
  cvx_buf_puts(&b, "who: &who \"Ana Pol\"\nname: *who\nsubtitle: *a1\n---\n");
  run r;
  run_input(&r, b.ptr, b.len);
  CHECK(find_diag(&r.dx, "frontmatter.alias") != NULL, "many anchors: alias warning");
  expect("many anchors", &r, "basics.name");
  expect("many anchors", &r, "basics.label=v1");
  cvx_arena_free(r.arena);
  cvx_buf_free(&b);
}

static void check_span_api(void) {
  cvx_arena *a = cvx_arena_new(1024);
  const char *in = "---\ntitle: x\n---\nBody";
  cvx_source *s = make_source(a, in, strlen(in));
  cvx_span block, yaml;
  CHECK(cvx_frontmatter_span(s, &block, &yaml), "span api: found");
  CHECK(block.start == 0 && block.end == 17, "span api: block %u-%u", block.start, block.end);
  CHECK(yaml.start == 4 && yaml.end == 13, "span api: yaml %u-%u", yaml.start, yaml.end);
  cvx_source *u = make_source(a, "---\ntitle: x\n", 13);
  CHECK(!cvx_frontmatter_span(u, NULL, NULL), "span api: unterminated");
  cvx_source *e = make_source(a, "", 0);
  CHECK(!cvx_frontmatter_span(e, &block, NULL), "span api: empty source");
  cvx_arena_free(a);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_case(&cases[i]);
  check_syntax_message();
  check_alias_bomb();
  check_deep_nesting();
  check_event_flood();
  check_huge_scalar();
  check_many_anchors();
  check_span_api();
  cvx_rx_cleanup();
  return check_done("frontmatter");
}
