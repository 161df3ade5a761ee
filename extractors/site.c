/* site.c — Jekyll site mode: every file of a site read on its own (its own
 * cvx_source and diagnostics), then merged into the one document of the CV
 * page; BibTeX files are read with btparse. See site.h for positions. */
#include "site.h"

#include "emit_json.h"
#include "frontmatter.h"

#include <btparse.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SITE_MAX_ITEMS 1000       /* files read per collection */
#define SITE_MAX_BIB_ENTRIES 2000 /* BibTeX entries read over all .bib files */
#define SITE_BUDGET_FACTOR 8      /* all files together: this many times max_size */
#define SITE_MAX_EXTRACTORS 8

static const char ORIGIN[] = "site";

bool cvx_site_detect(const char *dir) {
  struct stat st;
  if (!dir || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) return false;
  size_t n = strlen(dir);
  char *p = cvx_xmalloc(n + sizeof "/_config.yml");
  memcpy(p, dir, n);
  memcpy(p + n, "/_config.yml", sizeof "/_config.yml");
  bool ok = stat(p, &st) == 0 && S_ISREG(st.st_mode);
  free(p);
  return ok;
}

/* ------------------------------------------------------------------ state */

typedef struct site {
  cvx_arena *arena;
  const char *base; /* the folder, without trailing slashes */
  const cvx_convert_opts *o;
  cvx_diags *dx; /* the site's diagnostics: the main doc's */
  cvx_doc *doc;  /* the main doc, NULL until the main page is chosen */
  size_t bytes, budget;
  bool budget_hit;
  const char *ran[SITE_MAX_EXTRACTORS + 1];
  int nran;
  struct item *pubs; /* publications of _publications and _bibliography, merged last */
  size_t npubs, cappubs;
} site;

static const char *site_path(site *s, const char *rel) {
  return cvx_arena_printf(s->arena, "%s/%s", s->base, rel);
}

static void note_extractor(site *s, const char *name) {
  for (int i = 0; i < s->nran; i++)
    if (strcmp(s->ran[i], name) == 0) return;
  if (s->nran < SITE_MAX_EXTRACTORS) s->ran[s->nran++] = name;
}

/* Copies the diagnostics of another file into the site's, unpositioned, with
 * "PATH:LINE:COL: " in front of the message (src may be NULL: no position). */
static void carry_diags(site *s, const cvx_source *src, const char *path, const cvx_diags *from) {
  for (size_t i = 0; i < from->n; i++) {
    const cvx_diag *d = &from->items[i];
    if (src && cvx_span_valid(d->span) && d->span.start <= src->len) {
      unsigned line, col;
      cvx_source_position(src, d->span.start, &line, &col);
      cvx_diag_add(s->dx, d->severity, d->code, CVX_NOSPAN, "%s:%u:%u: %s", path, line, col,
                   d->message);
    } else {
      cvx_diag_add(s->dx, d->severity, d->code, CVX_NOSPAN, "%s: %s", path, d->message);
    }
  }
}

/* Loads dir/rel when it is a regular file within the size budget. Load
 * problems go into *dx. Returns NULL when the file is absent or unusable. */
static cvx_source *load(site *s, const char *path, cvx_diags *dx) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
  if (s->bytes + (size_t)st.st_size > s->budget) {
    if (!s->budget_hit)
      cvx_diag_add(s->dx, CVX_WARNING, "site.limit", CVX_NOSPAN,
                   "%s: the site's files together exceed %zu bytes; this file and the "
                   "next ones are skipped",
                   path, s->budget);
    s->budget_hit = true;
    return NULL;
  }
  cvx_source *src = NULL;
  cvx_status st2 = cvx_source_load(s->arena, path, &s->o->load, &src, dx);
  if (src) s->bytes += src->raw_size;
  return st2 == CVX_OK ? src : NULL;
}

/* The per-file extraction of convert.c's driver: every preamble extractor that
 * accepts the page, Liquid/HTML comments hidden, then the best body extractor. */
static void extract_page(site *s, cvx_doc *doc, const cvx_source *src, cvx_diags *dx) {
  static const cvx_extractor *const bodies[] = {&cvx_extractor_markdown, &cvx_extractor_text, NULL};
  if (cvx_extractor_frontmatter.accepts(src) &&
      cvx_extractor_frontmatter.extract(src, doc, dx) == CVX_OK)
    note_extractor(s, cvx_extractor_frontmatter.name);
  cvx_hide_markup(doc, doc->body_start);
  const cvx_extractor *best = NULL;
  int best_score = 0;
  for (int i = 0; bodies[i]; i++) {
    int sc = bodies[i]->accepts(src);
    if (sc > best_score) best_score = sc, best = bodies[i];
  }
  if (!best) return;
  cvx_status st = best->extract(src, doc, dx);
  if (st == CVX_OK)
    note_extractor(s, best->name);
  else
    cvx_diag_add(dx, CVX_ERROR, "extract.failed", CVX_NOSPAN, "the %s extractor failed: %s",
                 best->name, cvx_status_str(st));
}

/* Copies one record of another file's doc into the main doc, without spans. */
static void merge_record(site *s, const cvx_record *r) {
  if (!r->fields) return;
  cvx_record *nr = cvx_record_new(s->doc, r->kind, r->origin, CVX_NOSPAN);
  if (!nr) return;
  for (const cvx_field *f = r->fields; f; f = f->next)
    cvx_record_add(s->doc, nr, f->key, f->value, CVX_NOSPAN);
}

static void merge_doc(site *s, const cvx_doc *from) {
  for (const cvx_record *r = from->records; r; r = r->next) merge_record(s, r);
}

/* ------------------------------------------------------------------ pages */

static cvx_record *first_of(const cvx_doc *doc, cvx_rec_kind k) {
  for (cvx_record *r = doc->records; r; r = r->next)
    if (r->kind == k) return r;
  return NULL;
}

/* Reads a whole page (front matter + body) with the usual extractors into
 * its own doc and merges its records. The page's own bio (basics.summary)
 * wins over the sidebar `bio` of _config.yml, which then becomes the label
 * when short; visible text no field took is kept as a section named after
 * the page, since the document's unmapped list covers the main page only. */
static void side_page(site *s, const char *path, const char *rel, bool data) {
  cvx_diags dx;
  cvx_diags_init(&dx, s->arena);
  cvx_source *src = load(s, path, &dx);
  if (src) {
    cvx_doc *doc = cvx_doc_new(s->arena, src, &dx);
    if (!data)
      extract_page(s, doc, src, &dx);
    else if (cvx_extractor_yamldata.extract(src, doc, &dx) == CVX_OK)
      note_extractor(s, cvx_extractor_yamldata.name);
    const cvx_record *pb = first_of(doc, CVX_REC_BASICS);
    const char *bio = pb ? cvx_record_get(pb, "summary") : NULL;
    cvx_record *mb = first_of(s->doc, CVX_REC_BASICS);
    const char *old = mb ? cvx_record_get(mb, "summary") : NULL;
    if (bio && old && strcmp(bio, old) != 0) {
      cvx_record_set(s->doc, mb, "summary", bio, CVX_NOSPAN);
      if (!cvx_record_get(mb, "label") && strlen(old) <= 100 && !strchr(old, '\n'))
        cvx_record_add(s->doc, mb, "label", old, CVX_NOSPAN);
    }
    merge_doc(s, doc);
    cvx_unmapped *un = NULL;
    size_t nun = 0;
    (void)cvx_coverage(doc, &un, &nun);
    cvx_record *sec = nun ? cvx_record_new(s->doc, CVX_REC_SECTION, ORIGIN, CVX_NOSPAN) : NULL;
    if (sec) {
      cvx_record_add(s->doc, sec, "title", rel, CVX_NOSPAN);
      for (size_t i = 0; i < nun; i++) cvx_record_add(s->doc, sec, "items", un[i].text, CVX_NOSPAN);
    }
  }
  carry_diags(s, src, path, &dx);
}

/* A CV kept as data in _data/ (al-folio's cv.yml, online-cv's data.yml),
 * read by the YAML data extractor and merged as a side page is. */
static void data_cv(site *s) {
  static const char *const names[] = {"_data/cv.yml",   "_data/cv.yaml",     "_data/resume.yml",
                                      "_data/resume.yaml", "_data/data.yml", NULL};
  for (size_t i = 0; names[i]; i++) {
    const char *p = site_path(s, names[i]);
    struct stat st;
    if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) {
      side_page(s, p, names[i], true);
      return;
    }
  }
}

/* ------------------------------------------------------------ collections */

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool has_suffix(const char *name, const char *suf) {
  size_t n = strlen(name), m = strlen(suf);
  return n > m && strcmp(name + n - m, suf) == 0;
}

/* The names in dir/rel ending in one of suffixes, sorted (arena array, count
 * in *n); hidden files skipped; at most max names (a warning past that). */
static const char **list_dir(site *s, const char *rel, const char *const *suffixes, size_t max,
                             size_t *n) {
  *n = 0;
  const char *path = site_path(s, rel);
  DIR *d = opendir(path);
  if (!d) return NULL;
  size_t cap = 16, count = 0;
  const char **names = cvx_arena_alloc(s->arena, cap * sizeof *names);
  bool over = false;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    bool want = false;
    for (size_t i = 0; suffixes[i] && !want; i++) want = has_suffix(e->d_name, suffixes[i]);
    if (!want) continue;
    if (count == max) {
      over = true;
      continue; /* keep reading: the kept names must not depend on directory order */
    }
    if (count == cap) {
      names = cvx_arena_grow(s->arena, names, cap, cap * 2, sizeof *names);
      cap *= 2;
    }
    names[count++] = cvx_arena_strdup(s->arena, e->d_name);
  }
  closedir(d);
  if (over) { /* keep the first max names in sorted order: re-read with a bound */
    cvx_diag_add(s->dx, CVX_WARNING, "site.limit", CVX_NOSPAN,
                 "%s: more than %zu files; only %zu are read", path, max, max);
    d = opendir(path);
    if (d) {
      while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        bool want = false;
        for (size_t i = 0; suffixes[i] && !want; i++) want = has_suffix(e->d_name, suffixes[i]);
        if (!want) continue;
        /* replace the largest kept name when this one sorts before it */
        size_t big = 0;
        for (size_t i = 1; i < count; i++)
          if (strcmp(names[i], names[big]) > 0) big = i;
        if (count && strcmp(e->d_name, names[big]) < 0) {
          bool dup = false;
          for (size_t i = 0; i < count && !dup; i++) dup = strcmp(names[i], e->d_name) == 0;
          if (!dup) names[big] = cvx_arena_strdup(s->arena, e->d_name);
        }
      }
      closedir(d);
    }
  }
  qsort(names, count, sizeof *names, cmp_str);
  *n = count;
  return names;
}

typedef struct item {
  const char *date; /* releaseDate / startDate, "" when undated */
  const char *file;
  size_t seq;       /* order of reading: the last tie-break */
  const cvx_record *rec;
} item;

/* Newest first; undated last; then by file name and reading order. */
static int cmp_item(const void *a, const void *b) {
  const item *x = a, *y = b;
  int c = strcmp(y->date, x->date);
  if (!c) c = strcmp(x->file, y->file);
  return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

static void push_item(site *s, item **arr, size_t *n, size_t *cap, const char *file,
                      const cvx_record *r, const char *date_key) {
  if (*n == *cap) {
    size_t nc = *cap ? *cap * 2 : 16;
    *arr = cvx_arena_grow(s->arena, *arr, *cap, nc, sizeof **arr);
    *cap = nc;
  }
  const char *date = cvx_record_get(r, date_key);
  (*arr)[*n] = (item){date ? date : "", file, *n, r};
  (*n)++;
}

/* Lowercased letters and digits of a title, for duplicate checks. */
static void title_key(const char *t, char *out, size_t outsz) {
  size_t o = 0;
  for (; t && *t && o + 1 < outsz; t++) {
    unsigned char c = (unsigned char)*t;
    if (c >= 'A' && c <= 'Z')
      out[o++] = (char)(c + 32);
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
      out[o++] = (char)c;
  }
  out[o] = '\0';
}

static bool same_title(const cvx_record *a, const cvx_record *b) {
  char k1[256], k2[256];
  title_key(cvx_record_get(a, "name"), k1, sizeof k1);
  title_key(cvx_record_get(b, "name"), k2, sizeof k2);
  return k1[0] && strcmp(k1, k2) == 0;
}

/* True when the main doc or the pending site publications already list a
 * publication with r's title (a _publications item wins over a .bib entry,
 * the CV page over both). */
static bool known_publication(const site *s, const cvx_record *r) {
  for (const cvx_record *q = s->doc->records; q; q = q->next)
    if (q->kind == CVX_REC_PUBLICATION && same_title(q, r)) return true;
  for (size_t i = 0; i < s->npubs; i++)
    if (same_title(s->pubs[i].rec, r)) return true;
  return false;
}

/* Reads every item of a collection folder (front matter only) and merges
 * the records, newest first (publications wait in s->pubs for the .bib
 * entries, to be sorted with them). */
static void collection(site *s, const char *rel, cvx_fm_role role, const char *date_key) {
  static const char *const md[] = {".md", ".markdown", NULL};
  size_t n = 0;
  const char **names = list_dir(s, rel, md, SITE_MAX_ITEMS, &n);
  if (!n) return;
  item *items = NULL;
  size_t k = 0, cap = 0;
  for (size_t i = 0; i < n; i++) {
    const char *path = site_path(s, cvx_arena_printf(s->arena, "%s/%s", rel, names[i]));
    cvx_diags dx;
    cvx_diags_init(&dx, s->arena);
    cvx_source *src = load(s, path, &dx);
    if (src) {
      cvx_doc *doc = cvx_doc_new(s->arena, src, &dx);
      if (cvx_frontmatter_read_as(src, doc, &dx, role) == CVX_OK)
        for (const cvx_record *r = doc->records; r; r = r->next) {
          if (role != CVX_FM_PUBLICATION)
            push_item(s, &items, &k, &cap, names[i], r, date_key);
          else if (!known_publication(s, r))
            push_item(s, &s->pubs, &s->npubs, &s->cappubs, names[i], r, date_key);
        }
    }
    carry_diags(s, src, path, &dx);
  }
  if (!k) return;
  qsort(items, k, sizeof *items, cmp_item);
  for (size_t i = 0; i < k; i++) merge_record(s, items[i].rec);
}

/* ------------------------------------------------------------------ BibTeX */

/* btparse keeps global parser state: one site at a time reads BibTeX. */
static pthread_mutex_t bt_lock = PTHREAD_MUTEX_INITIALIZER;
static bool bt_ready;

static const char *const month_names[12] = {"jan", "feb", "mar", "apr", "may", "jun",
                                            "jul", "aug", "sep", "oct", "nov", "dec"};

/* The standard month macros (BibTeX styles define them; btparse does not,
 * and an undefined macro costs a warning on stderr). Under bt_lock. */
static void bt_define_months(void) {
  static const char *const full[12] = {"January", "February", "March",     "April",
                                       "May",     "June",     "July",      "August",
                                       "September", "October", "November", "December"};
  for (int i = 0; i < 12; i++) bt_add_macro_text((char *)month_names[i], (char *)full[i], NULL, 0);
}

/* A month written as a number, a name or an abbreviation: 1..12, else 0. */
static int month_of(const char *s) {
  while (*s == ' ' || *s == '{') s++;
  if (*s >= '0' && *s <= '9') {
    int m = atoi(s);
    return m >= 1 && m <= 12 ? m : 0;
  }
  for (int i = 0; i < 12; i++)
    if (strncasecmp(s, month_names[i], 3) == 0) return i + 1;
  return 0;
}

/* Accented letters written as TeX accents: accent char, base letter, code point. */
static const struct {
  char acc, base;
  unsigned cp;
} tex_accents[] = {
    {'\'', 'a', 0xE1}, {'\'', 'e', 0xE9}, {'\'', 'i', 0xED}, {'\'', 'o', 0xF3}, {'\'', 'u', 0xFA},
    {'\'', 'y', 0xFD}, {'\'', 'A', 0xC1}, {'\'', 'E', 0xC9}, {'\'', 'I', 0xCD}, {'\'', 'O', 0xD3},
    {'\'', 'U', 0xDA}, {'\'', 'c', 0x107}, {'\'', 'n', 0x144}, {'\'', 's', 0x15B},
    {'\'', 'z', 0x17A}, {'`', 'a', 0xE0},  {'`', 'e', 0xE8},  {'`', 'i', 0xEC},  {'`', 'o', 0xF2},
    {'`', 'u', 0xF9},  {'`', 'A', 0xC0},  {'`', 'E', 0xC8},  {'^', 'a', 0xE2},  {'^', 'e', 0xEA},
    {'^', 'i', 0xEE},  {'^', 'o', 0xF4},  {'^', 'u', 0xFB},  {'"', 'a', 0xE4},  {'"', 'e', 0xEB},
    {'"', 'i', 0xEF},  {'"', 'o', 0xF6},  {'"', 'u', 0xFC},  {'"', 'y', 0xFF},  {'"', 'A', 0xC4},
    {'"', 'O', 0xD6},  {'"', 'U', 0xDC},  {'~', 'a', 0xE3},  {'~', 'n', 0xF1},  {'~', 'o', 0xF5},
    {'~', 'N', 0xD1},  {'c', 'c', 0xE7},  {'c', 'C', 0xC7},  {'v', 'c', 0x10D}, {'v', 's', 0x161},
    {'v', 'z', 0x17E}, {'v', 'C', 0x10C}, {'v', 'S', 0x160}, {'v', 'Z', 0x17D}, {'v', 'r', 0x159},
    {'v', 'e', 0x11B}, {0, 0, 0}};

static const struct {
  const char *cmd;
  const char *utf8;
} tex_letters[] = {{"ss", "\xc3\x9f"}, {"o", "\xc3\xb8"}, {"O", "\xc3\x98"}, {"aa", "\xc3\xa5"},
                   {"AA", "\xc3\x85"}, {"ae", "\xc3\xa6"}, {"AE", "\xc3\x86"}, {"l", "\xc5\x82"},
                   {"L", "\xc5\x81"},  {"i", "i"},         {"&", "&"},         {"%", "%"},
                   {"_", "_"},         {"$", "$"},         {"#", "#"},         {NULL, NULL}};

static void put_cp(cvx_buf *b, unsigned c) {
  char u[3];
  if (c < 0x80) {
    cvx_buf_putc(b, (char)c);
  } else if (c < 0x800) {
    u[0] = (char)(0xC0 | (c >> 6)), u[1] = (char)(0x80 | (c & 0x3F));
    cvx_buf_put(b, u, 2);
  } else {
    u[0] = (char)(0xE0 | (c >> 12)), u[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    u[2] = (char)(0x80 | (c & 0x3F));
    cvx_buf_put(b, u, 3);
  }
}

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Plain text of a BibTeX value (arena): braces and math dollars dropped, the
 * common TeX accents and letters composed, other commands dropped (their
 * argument kept), ~ as a space, -- and --- as dashes. */
static char *detex(cvx_arena *a, const char *s) {
  cvx_buf b = CVX_BUF_INIT;
  for (size_t i = 0; s[i];) {
    char c = s[i];
    if (c == '{' || c == '}' || c == '$') {
      i++;
    } else if (c == '~') {
      cvx_buf_putc(&b, ' ');
      i++;
    } else if (c == '-' && s[i + 1] == '-') {
      bool em = s[i + 2] == '-';
      cvx_buf_puts(&b, em ? "\xe2\x80\x94" : "\xe2\x80\x93");
      i += em ? 3 : 2;
    } else if (c == '\\' && s[i + 1]) {
      char acc = s[i + 1];
      bool sym = strchr("'`^\"~", acc) != NULL;
      bool word = (acc == 'c' || acc == 'v') && (s[i + 2] == ' ' || s[i + 2] == '{');
      bool done = false;
      if (sym || word) { /* \'e \'{e} \c{c} \v s \'{\i} */
        size_t k = i + 2;
        while (s[k] == ' ' || s[k] == '{') k++;
        if (s[k] == '\\' && s[k + 1] == 'i' && !is_letter(s[k + 2])) k++;
        for (size_t t = 0; tex_accents[t].acc && !done; t++)
          if (tex_accents[t].acc == acc && tex_accents[t].base == s[k] && s[k]) {
            put_cp(&b, tex_accents[t].cp);
            i = k + 1;
            done = true;
          }
        if (!done && is_letter(s[k])) { /* an accent we do not know: the bare letter */
          cvx_buf_putc(&b, s[k]);
          i = k + 1;
          done = true;
        }
      }
      if (!done) {
        size_t k = i + 1;
        while (is_letter(s[k])) k++;
        if (k == i + 1) k++; /* a one-symbol command: \& \% \_ */
        size_t len = k - i - 1;
        const char *rep = NULL;
        for (size_t t = 0; tex_letters[t].cmd && !rep; t++)
          if (strlen(tex_letters[t].cmd) == len && memcmp(tex_letters[t].cmd, s + i + 1, len) == 0)
            rep = tex_letters[t].utf8;
        if (rep) cvx_buf_puts(&b, rep);
        i = k;
        if (rep && is_letter(s[i - 1]) && s[i] == ' ') i++; /* "\ss x": the space ends the command */
      }
    } else {
      cvx_buf_putc(&b, c);
      i++;
    }
  }
  char *out = cvx_arena_strndup(a, b.ptr, b.len);
  cvx_buf_free(&b);
  return out;
}

/* One value of a field, macros expanded and parts pasted (arena), or NULL. */
static char *bt_value(cvx_arena *a, AST *field) {
  cvx_buf b = CVX_BUF_INIT;
  AST *v = NULL;
  bt_nodetype nt;
  char *text;
  while ((v = bt_next_value(field, v, &nt, &text)) != NULL)
    if (text) cvx_buf_puts(&b, text);
  char *out = b.len ? detex(a, b.ptr) : NULL;
  cvx_buf_free(&b);
  return out;
}

/* "Last, First and First von Last" as display names ("First von Last, Jr"). */
static void bt_authors(site *s, cvx_doc *doc, cvx_record *r, const char *raw, const char *path) {
  char *copy = cvx_xstrdup(raw);
  bt_stringlist *list = bt_split_list(copy, "and", (char *)path, 0, "name");
  for (int i = 0; list && i < list->num_items && i < 200; i++) {
    if (!list->items[i]) continue;
    if (strcmp(list->items[i], "others") == 0) continue;
    bt_name *nm = bt_split_name(list->items[i], (char *)path, 0, i);
    if (!nm) continue;
    cvx_buf b = CVX_BUF_INIT;
    static const bt_namepart order[] = {BTN_FIRST, BTN_VON, BTN_LAST};
    for (size_t p = 0; p < 3; p++)
      for (int t = 0; t < nm->part_len[order[p]]; t++) {
        if (b.len) cvx_buf_putc(&b, ' ');
        cvx_buf_puts(&b, nm->parts[order[p]][t]);
      }
    for (int t = 0; t < nm->part_len[BTN_JR]; t++) {
      cvx_buf_puts(&b, t ? " " : ", ");
      cvx_buf_puts(&b, nm->parts[BTN_JR][t]);
    }
    if (b.len) cvx_record_add(doc, r, "authors", detex(s->arena, b.ptr), CVX_NOSPAN);
    cvx_buf_free(&b);
    bt_free_name(nm);
  }
  if (list) bt_free_list(list);
  free(copy);
}

/* One regular entry as a publication record in doc. Under bt_lock. */
static void bt_entry(site *s, cvx_doc *doc, AST *entry, const char *path) {
  const char *title = NULL, *venue = NULL, *year = NULL, *month = NULL, *url = NULL,
             *doi = NULL, *eprint = NULL, *abstract = NULL, *authors = NULL;
  static const char *const venue_keys[] = {"journal", "booktitle", "school", "institution",
                                           "publisher", "howpublished", "organization", NULL};
  int venue_rank = 99;
  AST *f = NULL;
  char *name;
  while ((f = bt_next_field(entry, f, &name)) != NULL) {
    if (!name) continue;
    char *v = NULL;
    int rank = -1;
    for (int i = 0; venue_keys[i]; i++)
      if (strcasecmp(name, venue_keys[i]) == 0) rank = i;
    if (rank >= 0 && rank < venue_rank) {
      if ((v = bt_value(s->arena, f))) venue = v, venue_rank = rank;
    } else if (strcasecmp(name, "title") == 0) {
      title = bt_value(s->arena, f);
    } else if (strcasecmp(name, "year") == 0) {
      year = bt_value(s->arena, f);
    } else if (strcasecmp(name, "month") == 0) {
      month = bt_value(s->arena, f);
    } else if (strcasecmp(name, "url") == 0) {
      url = bt_value(s->arena, f);
    } else if (strcasecmp(name, "doi") == 0) {
      doi = bt_value(s->arena, f);
    } else if (strcasecmp(name, "eprint") == 0 || strcasecmp(name, "arxiv") == 0) {
      eprint = bt_value(s->arena, f);
    } else if (strcasecmp(name, "abstract") == 0) {
      abstract = bt_value(s->arena, f);
    } else if (strcasecmp(name, "author") == 0) {
      AST *v1 = NULL;
      bt_nodetype nt;
      char *text;
      cvx_buf b = CVX_BUF_INIT; /* raw (TeX kept): braces protect name parts */
      while ((v1 = bt_next_value(f, v1, &nt, &text)) != NULL)
        if (text) cvx_buf_puts(&b, text);
      if (b.len) authors = cvx_arena_strndup(s->arena, b.ptr, b.len);
      cvx_buf_free(&b);
    }
  }
  if (!title) return;
  cvx_record *r = cvx_record_new(doc, CVX_REC_PUBLICATION, ORIGIN, CVX_NOSPAN);
  if (!r) return;
  cvx_record_add(doc, r, "name", title, CVX_NOSPAN);
  if (venue) cvx_record_add(doc, r, "publisher", venue, CVX_NOSPAN);
  if (year && strlen(year) == 4 && year[0] >= '1' && year[0] <= '2' && year[1] >= '0' &&
      year[1] <= '9' && year[2] >= '0' && year[2] <= '9' && year[3] >= '0' && year[3] <= '9') {
    int m = month ? month_of(month) : 0;
    cvx_record_add(doc, r, "releaseDate",
                   m ? cvx_arena_printf(s->arena, "%s-%02d", year, m) : year, CVX_NOSPAN);
  }
  if (doi) {
    const char *d = strstr(doi, "10.");
    if (d && !strchr(d, ' ')) {
      cvx_record_add(doc, r, "doi", d, CVX_NOSPAN);
      if (!url) url = cvx_arena_printf(s->arena, "https://doi.org/%s", d);
    }
  }
  if (eprint && !strchr(eprint, ' ')) {
    cvx_record_add(doc, r, "arxiv", eprint, CVX_NOSPAN);
    if (!url) url = cvx_arena_printf(s->arena, "https://arxiv.org/abs/%s", eprint);
  }
  if (url && (strncmp(url, "http://", 7) == 0 || strncmp(url, "https://", 8) == 0) &&
      !strchr(url, ' '))
    cvx_record_add(doc, r, "url", url, CVX_NOSPAN);
  if (abstract) cvx_record_add(doc, r, "summary", abstract, CVX_NOSPAN);
  if (authors) bt_authors(s, doc, r, authors, path);
  const char *type = bt_entry_type(entry);
  if (type && *type) {
    char *t = cvx_arena_strdup(s->arena, type);
    for (char *p = t; *p; p++)
      if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
    cvx_record_add(doc, r, "type", t, CVX_NOSPAN);
  }
}

/* Reads one .bib source into doc's records; returns how many entries could
 * not be parsed. *left counts down the entries still allowed. */
static int bt_read(site *s, cvx_doc *doc, const cvx_source *src, const char *path, size_t *left) {
  int bad = 0;
  char *text = cvx_xmalloc(src->len + 1);
  memcpy(text, src->text, src->len + 1);
  pthread_mutex_lock(&bt_lock);
  if (!bt_ready) {
    bt_initialize();
    bt_ready = true;
  }
  bt_set_stringopts(BTE_REGULAR, BTO_CONVERT | BTO_EXPAND | BTO_PASTE);
  bt_define_months();
  FILE *fp = fmemopen(text, src->len, "r");
  if (fp) {
    AST *entry;
    boolean ok;
    /* btparse must see the end of the file to reset its state, so entries
     * past the cap are parsed and dropped */
    while ((entry = bt_parse_entry(fp, (char *)path, 0, &ok)) != NULL) {
      if (!ok)
        bad++;
      else if (bt_entry_metatype(entry) == BTE_REGULAR && *left) {
        (*left)--;
        bt_entry(s, doc, entry, path);
      }
      bt_free_ast(entry);
    }
    fclose(fp);
  }
  bt_delete_all_macros(); /* @string definitions belong to their file */
  pthread_mutex_unlock(&bt_lock);
  free(text);
  return bad;
}

static void bibliography(site *s) {
  static const char *const bib[] = {".bib", NULL};
  size_t n = 0;
  const char **names = list_dir(s, "_bibliography", bib, SITE_MAX_ITEMS, &n);
  size_t left = SITE_MAX_BIB_ENTRIES;
  for (size_t i = 0; i < n; i++) {
    const char *path = site_path(s, cvx_arena_printf(s->arena, "_bibliography/%s", names[i]));
    cvx_diags dx;
    cvx_diags_init(&dx, s->arena);
    cvx_source *src = load(s, path, &dx);
    if (src && src->len) {
      cvx_doc *doc = cvx_doc_new(s->arena, src, &dx);
      size_t before = left;
      int bad = bt_read(s, doc, src, path, &left);
      if (bad)
        cvx_diag_add(&dx, CVX_WARNING, "site.bibtex", CVX_NOSPAN,
                     "%d BibTeX entr%s could not be parsed and %s skipped", bad,
                     bad == 1 ? "y" : "ies", bad == 1 ? "was" : "were");
      if (!left && before)
        cvx_diag_add(&dx, CVX_WARNING, "site.limit", CVX_NOSPAN,
                     "more than %d BibTeX entries in the site; the rest are skipped",
                     SITE_MAX_BIB_ENTRIES);
      for (const cvx_record *r = doc->records; r; r = r->next)
        if (!known_publication(s, r))
          push_item(s, &s->pubs, &s->npubs, &s->cappubs, names[i], r, "releaseDate");
    }
    carry_diags(s, src, path, &dx);
  }
}

/* ------------------------------------------------------------------ driver */

void cvx_convert_site(const char *dir, const char *display, const cvx_convert_opts *o,
                      cvx_result *res) {
  cvx_arena *a = cvx_arena_new(64 * 1024);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  site s;
  memset(&s, 0, sizeof s);
  s.arena = a;
  s.o = o;
  s.dx = &dx;
  size_t max = o->load.max_size ? o->load.max_size : CVX_DEFAULT_MAX_SIZE;
  s.budget = max > SIZE_MAX / SITE_BUDGET_FACTOR ? SIZE_MAX : max * SITE_BUDGET_FACTOR;
  size_t bl = strlen(dir);
  while (bl > 1 && dir[bl - 1] == '/') bl--;
  s.base = cvx_arena_strndup(a, dir, bl);
  note_extractor(&s, ORIGIN);

  /* _config.yml, read first so that its author facts win over the pages' */
  const char *cfg_path = site_path(&s, "_config.yml");
  cvx_diags cfg_dx;
  cvx_diags_init(&cfg_dx, a);
  cvx_source *cfg = load(&s, cfg_path, &cfg_dx);

  /* the main page: the one source the document's spans point into */
  static const char *const cv_pages[] = {"_pages/cv.md", "_pages/cv.markdown", "_pages/resume.md",
                                         "_pages/resume.markdown", "cv.md", "resume.md", NULL};
  static const char *const about_pages[] = {"_pages/about.md", "_pages/about.markdown",
                                            "about.md", NULL};
  const char *main_path = NULL, *about_path = NULL;
  cvx_source *main_src = NULL;
  cvx_diags main_dx;
  cvx_diags_init(&main_dx, a);
  for (size_t i = 0; cv_pages[i] && !main_src; i++) {
    main_path = site_path(&s, cv_pages[i]);
    main_src = load(&s, main_path, &main_dx);
    if (!main_src && main_dx.n) break; /* there but unreadable: reported below */
  }
  for (size_t i = 0; about_pages[i] && !about_path; i++) {
    const char *p = site_path(&s, about_pages[i]);
    struct stat st;
    if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) about_path = p;
  }
  if (!main_src && about_path && !main_dx.n) {
    main_path = about_path;
    about_path = NULL;
    main_src = load(&s, main_path, &main_dx);
  }
  if (!main_src) carry_diags(&s, NULL, main_path ? main_path : cfg_path, &main_dx);
  bool main_is_page = main_src != NULL;
  if (!main_src) main_src = cfg;
  if (!main_src) { /* nothing readable: an empty source named after the site */
    cvx_diags scratch;
    cvx_diags_init(&scratch, a);
    if (cvx_source_from_bytes(a, display, (const unsigned char *)"", 0, &o->load, &main_src,
                              &scratch) != CVX_OK)
      main_src = NULL;
  }
  if (!main_src) { /* cannot happen for an empty input; keep the contract anyway */
    memset(res, 0, sizeof *res);
    cvx_buf_init(&res->json);
    cvx_buf_init(&res->bib);
    cvx_buf_init(&res->csv_row);
    cvx_buf_init(&res->entries);
    cvx_buf_init(&res->report);
    res->status = CVX_EIO;
    res->nerrors = 1;
    cvx_arena_free(a);
    return;
  }
  s.doc = cvx_doc_new(a, main_src, &dx);

  if (cfg) {
    if (main_src == cfg) {
      for (size_t i = 0; i < cfg_dx.n; i++) /* positions are the doc's own */
        cvx_diag_add(&dx, cfg_dx.items[i].severity, cfg_dx.items[i].code, cfg_dx.items[i].span,
                     "%s", cfg_dx.items[i].message);
      if (cvx_frontmatter_read_as(cfg, s.doc, &dx, CVX_FM_SITE_CONFIG) != CVX_OK)
        cvx_diag_add(&dx, CVX_ERROR, "extract.failed", CVX_NOSPAN, "could not read _config.yml");
    } else {
      cvx_doc *cd = cvx_doc_new(a, cfg, &cfg_dx);
      if (cvx_frontmatter_read_as(cfg, cd, &cfg_dx, CVX_FM_SITE_CONFIG) == CVX_OK) merge_doc(&s, cd);
      carry_diags(&s, cfg, cfg_path, &cfg_dx);
    }
  } else {
    carry_diags(&s, NULL, cfg_path, &cfg_dx);
  }

  if (main_is_page) {
    for (size_t i = 0; i < main_dx.n; i++)
      cvx_diag_add(&dx, main_dx.items[i].severity, main_dx.items[i].code, main_dx.items[i].span,
                   "%s", main_dx.items[i].message);
    extract_page(&s, s.doc, main_src, &dx);
  }
  if (about_path) side_page(&s, about_path, about_path + strlen(s.base) + 1, false);
  data_cv(&s);
  collection(&s, "_publications", CVX_FM_PUBLICATION, "releaseDate");
  collection(&s, "_talks", CVX_FM_TALK, "startDate");
  collection(&s, "_teaching", CVX_FM_TEACHING, "startDate");
  bibliography(&s);
  if (s.npubs) qsort(s.pubs, s.npubs, sizeof *s.pubs, cmp_item);
  for (size_t i = 0; i < s.npubs; i++) merge_record(&s, s.pubs[i].rec);

  cvx_convert_doc(s.doc, s.ran, display, o, res);
  res->bytes = s.bytes;
  cvx_arena_free(a);
}
