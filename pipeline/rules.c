/* rules.c — the validate rules: checks a profile's owner wants before
 * publishing (misspelled front-matter keys, empty headings, dates, incomplete
 * or repeated entries, links) and JSON Resume files checked against the
 * schema with JSON-pointer paths. Rules read the document and add diagnostics. */
#include "rules.h"

#include "frontmatter.h"
#include "grammar.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* ------------------------------------------------------------ the table */

/* Every code cvx emits, sorted by code (cvx_rule_find bisects). */
static const cvx_rule rules[] = {
    {"date.future", CVX_WARNING, "a date after today that is not marked as expected"},
    {"date.range-reversed", CVX_WARNING, "a date range that ends before it starts"},
    {"date.unparsed", CVX_WARNING, "a front-matter date that does not parse as a date"},
    {"entry.duplicate", CVX_WARNING, "an entry repeated in the same section"},
    {"entry.missing-dates", CVX_WARNING, "a work, education or volunteer entry without any date"},
    {"entry.missing-organization", CVX_WARNING, "a work, education or volunteer entry without its organisation"},
    {"extract.failed", CVX_ERROR, "an extractor could not read the input"},
    {"frontmatter.alias", CVX_NOTE, "a YAML alias in the front matter (expanded once)"},
    {"frontmatter.limit", CVX_WARNING, "the front matter is too deep or too large; the rest is ignored"},
    {"frontmatter.misspelled-key", CVX_WARNING, "a front-matter key that looks like a misspelled common key"},
    {"frontmatter.syntax", CVX_WARNING, "the YAML or TOML front matter does not parse"},
    {"frontmatter.unknown-key", CVX_NOTE, "a front-matter key no common theme uses"},
    {"frontmatter.unterminated", CVX_WARNING, "the front matter has no closing fence"},
    {"heading.empty", CVX_WARNING, "a heading with no content before the next heading of its level"},
    {"hidden.stray-comment-close", CVX_WARNING, "a '-->' with no '<!--': browsers show it as text"},
    {"hidden.unterminated-comment", CVX_WARNING, "a '<!--' that is never closed hides the rest of the page"},
    {"hidden.unterminated-element", CVX_WARNING, "a <script>, <style> or similar element that is never closed"},
    {"hidden.unterminated-liquid", CVX_WARNING, "an unbalanced or unterminated Liquid tag"},
    {"html.depth", CVX_WARNING, "HTML nested too deeply; the deepest part is flattened or not read"},
    {"json.syntax", CVX_ERROR, "a JSON Resume file that is not valid JSON"},
    {"limit.records", CVX_WARNING, "too many entries; the rest are ignored"},
    {"link.empty", CVX_WARNING, "a Markdown link with no target or no text"},
    {"link.invalid-email", CVX_WARNING, "a mailto: link or e-mail field that is not a valid address"},
    {"link.invalid-url", CVX_WARNING, "a link target that is not a valid URL"},
    {"markdown.depth", CVX_WARNING, "Markdown nested too deeply; the deepest part is ignored"},
    {"output.write", CVX_ERROR, "an output file could not be written"},
    {"publication.missing-venue", CVX_WARNING, "a publication without a venue (journal, conference, publisher)"},
    {"publication.missing-year", CVX_WARNING, "a publication without a year"},
    {"record.invalid", CVX_WARNING, "an entry that does not fit the record schema was dropped"},
    {"record.invalid-field", CVX_WARNING, "a value that does not fit its field was dropped"},
    {"resume.invalid", CVX_ERROR, "internal: the output failed the resume schema and was not written"},
    {"resume.schema-violation", CVX_ERROR, "a JSON Resume file violates the schema (at a JSON pointer)"},
    {"section.unread-entries", CVX_WARNING, "a section no kind was found for holds dated lines (kept in meta.cvx.sections)"},
    {"source.binary", CVX_ERROR, "the input is not text"},
    {"source.control-chars", CVX_NOTE, "control characters in the input were ignored"},
    {"source.empty", CVX_WARNING, "the input is empty"},
    {"source.invalid-utf16", CVX_WARNING, "invalid UTF-16 was repaired"},
    {"source.invalid-utf8", CVX_WARNING, "invalid UTF-8 was read as Windows-1252"},
    {"source.io", CVX_ERROR, "the input could not be read"},
    {"source.not-regular", CVX_ERROR, "the input is a named pipe, socket or device, not a regular file"},
    {"source.too-large", CVX_ERROR, "the input is larger than --max-size"},
    {"source.unsupported-encoding", CVX_ERROR, "the input uses an encoding cvx does not read"},
    {"source.utf16-no-bom", CVX_WARNING, "UTF-16 without a byte-order mark was detected"},
    {"unmapped.truncated", CVX_NOTE, "a line's unmapped text is longer than meta.cvx.unmapped keeps (2,000 bytes)"},
};

const cvx_rule *cvx_rules_all(size_t *n) {
  *n = sizeof rules / sizeof rules[0];
  return rules;
}

const cvx_rule *cvx_rule_find(const char *code) {
  size_t lo = 0, hi = sizeof rules / sizeof rules[0];
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(code, rules[mid].code);
    if (c == 0) return &rules[mid];
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return NULL;
}

static cvx_severity sev_of(const char *code) {
  const cvx_rule *r = cvx_rule_find(code);
  return r ? r->severity : CVX_WARNING;
}

/* Adds a diagnostic with the table's severity for code. */
#define ADD(dx, code, span, ...) cvx_diag_add((dx), sev_of(code), (code), (span), __VA_ARGS__)

/* --------------------------------------------------------- edit distance */

unsigned cvx_edit_distance(const char *a, const char *b, unsigned max) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 64 || m > 64) return max + 1;
  if ((n > m ? n - m : m - n) > max) return max + 1;
  unsigned d[65][65];
  for (size_t i = 0; i <= n; i++) d[i][0] = (unsigned)i;
  for (size_t j = 0; j <= m; j++) d[0][j] = (unsigned)j;
  for (size_t i = 1; i <= n; i++) {
    for (size_t j = 1; j <= m; j++) {
      unsigned cost = a[i - 1] != b[j - 1];
      unsigned v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
      if (d[i - 1][j - 1] + cost < v) v = d[i - 1][j - 1] + cost;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
    }
  }
  return d[n][m] > max ? max + 1 : d[n][m];
}

/* ---------------------------------------------------- front-matter keys */

/* Top-level keys of the common Jekyll and Hugo themes (minima, minimal
 * mistakes, academicpages, al-folio, Hugo Blox/wowchemy, PaperMod) and the
 * profile keys cvx reads. Sorted for the reader, searched linearly. */
static const char *const known_keys[] = {
    "about", "academia", "address", "affiliation", "affiliations", "aliases", "author", "author_profile",
    "authors", "avatar", "bibtexurl", "bio", "canonicalURL", "categories", "category", "citation",
    "city", "classes", "collection", "comments", "contact", "cover", "date", "description",
    "disableShare", "draft", "education", "email", "excerpt", "expiryDate", "featured", "first_name",
    "github", "gitlab", "googlescholar", "header", "headline", "hidden", "homepage", "image",
    "interests", "isCJKLanguage", "keywords", "lang", "last_modified_at", "last_name", "lastmod",
    "layout", "link", "linkedin", "links", "location", "math", "menu", "middle_name", "mobile",
    "name", "nav", "nav_order", "orcid", "order", "organization", "organizations", "output",
    "paperurl", "permalink", "phone", "photo", "position", "profile", "projects", "pub_date",
    "publishDate", "published", "publication", "publication_types", "read_time", "redirect_from",
    "redirect_to", "related", "researchgate", "role", "scholar", "selected", "seo", "share",
    "show_date", "sidebar", "sitemap", "slidesurl", "slug", "social", "subtitle", "summary", "tagline",
    "tags", "telephone", "title", "toc", "toc_label", "toc_sticky", "twitter", "type", "url",
    "user_groups", "venue", "weight", "website", "widget", NULL};

static bool is_known_key(const char *k) {
  for (int i = 0; known_keys[i]; i++)
    if (strcmp(k, known_keys[i]) == 0) return true;
  return false;
}

static void lower_copy(char *out, size_t cap, const char *s) {
  size_t i = 0;
  for (; s[i] && i + 1 < cap; i++) out[i] = (char)((s[i] >= 'A' && s[i] <= 'Z') ? s[i] + 32 : s[i]);
  out[i] = '\0';
}

/* The closest known key to k (case-insensitive, OSA distance within a
 * budget that grows with the key's length), or NULL. */
static const char *did_you_mean(const char *k) {
  char lk[80], lc[80];
  lower_copy(lk, sizeof lk, k);
  size_t len = strlen(lk);
  unsigned budget = len <= 3 ? 0 : len <= 5 ? 1 : 2;
  const char *best = NULL;
  unsigned best_d = budget + 1;
  for (int i = 0; known_keys[i]; i++) {
    lower_copy(lc, sizeof lc, known_keys[i]);
    unsigned d = cvx_edit_distance(lk, lc, best_d);
    /* a key that differs only in case is a misspelling too */
    if (d < best_d || (d == 0 && !best)) {
      best = known_keys[i];
      best_d = d;
    }
  }
  return best_d <= budget ? best : NULL;
}

/* Where the last mark was found: marks come in text order, so the next one
 * on the same line is found from there (a one-line flow mapping with many
 * keys once cost a walk from the line start per key). */
typedef struct mark_cursor {
  size_t line, col, off;
  bool set;
} mark_cursor;

/* Byte offset of a libyaml mark (0-based line relative to base_line, column
 * in code points), clamped to the source. */
static uint32_t mark_off(const cvx_source *src, size_t base_line, const yaml_mark_t *m, mark_cursor *cur) {
  size_t li = base_line + m->line;
  if (li >= src->nlines) return (uint32_t)src->len;
  size_t off = src->lines[li], c = 0;
  if (cur->set && cur->line == li && cur->col <= m->column) off = cur->off, c = cur->col;
  for (; c < m->column && off < src->len && src->text[off] != '\n'; c++) {
    off++;
    while (off < src->len && ((unsigned char)src->text[off] & 0xC0) == 0x80) off++;
  }
  *cur = (mark_cursor){li, c, off, true};
  return (uint32_t)off;
}

static size_t line_index(const cvx_source *src, uint32_t off) {
  size_t lo = 0, hi = src->nlines;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (src->lines[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

static bool is_date_key(const char *k) {
  static const char *const keys[] = {"date", "last_modified_at", "lastmod", "publishDate", "expiryDate",
                                     "pub_date", NULL};
  for (int i = 0; keys[i]; i++)
    if (strcmp(k, keys[i]) == 0) return true;
  return false;
}

/* Jekyll and Hugo also accept full timestamps: "2021-03-04 10:00:00 +0100". */
static bool date_value_ok(const char *v, size_t n) {
  char iso[11];
  if (cvx_date_parse(v, n, iso)) return true;
  if (n >= 10 && cvx_date_parse(v, 10, iso) && (v[10] == ' ' || v[10] == 'T')) return true;
  return false;
}

/* The front-matter reader's depth limit (extractors/frontmatter.c). */
#define FM_RULES_MAX_DEPTH 64

static bool has_liquid(const char *v) { return strstr(v, "{{") || strstr(v, "{%"); }

/* Checks the top-level keys of YAML front matter (and the values of date
 * and e-mail keys) from the parser's events, which carry the marks. */
static void check_frontmatter(cvx_doc *doc) {
  const cvx_source *src = doc->src;
  cvx_span block, yaml;
  if (doc->as_data) return; /* a YAML data CV's keys are not page switches */
  if (!cvx_frontmatter_span(src, &block, &yaml) || src->text[0] != '-') return;
  size_t base = line_index(src, yaml.start);
  yaml_parser_t p;
  if (!yaml_parser_initialize(&p)) return;
  yaml_parser_set_input_string(&p, (const unsigned char *)src->text + yaml.start, yaml.end - yaml.start);
  int depth = 0;
  bool root_map = false, want_key = false;
  char key[128] = "";
  size_t events = 0;
  mark_cursor cur = {0};
  /* as deep as the front-matter reader goes (libyaml's cost per token grows
   * with the flow depth: a deeper document is read no further) */
  for (bool done = false; !done && events < 100000 && depth <= FM_RULES_MAX_DEPTH; events++) {
    if (cvx_doc_expired(doc)) break;
    yaml_event_t ev;
    if (!yaml_parser_parse(&p, &ev)) break; /* frontmatter.syntax already says where */
    switch (ev.type) {
    case YAML_STREAM_END_EVENT: done = true; break;
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT:
      if (depth == 0) {
        root_map = ev.type == YAML_MAPPING_START_EVENT;
        want_key = true;
      } else if (depth == 1 && root_map) {
        want_key = true; /* this collection was the value */
        key[0] = '\0';
      }
      depth++;
      break;
    case YAML_MAPPING_END_EVENT:
    case YAML_SEQUENCE_END_EVENT: depth--; break;
    case YAML_SCALAR_EVENT:
    case YAML_ALIAS_EVENT:
      if (depth == 1 && root_map) {
        if (want_key && ev.type == YAML_SCALAR_EVENT) {
          const char *k = (const char *)ev.data.scalar.value;
          snprintf(key, sizeof key, "%s", k);
          uint32_t a = mark_off(src, base, &ev.start_mark, &cur), b = mark_off(src, base, &ev.end_mark, &cur);
          cvx_span sp = cvx_span_make(a, b);
          if (k[0] && !is_known_key(k) && strlen(k) < 64) {
            const char *sugg = did_you_mean(k);
            if (sugg)
              ADD(doc->dx, "frontmatter.misspelled-key", sp, "unknown front-matter key '%s'; did you mean '%s'?",
                  k, sugg);
            else
              ADD(doc->dx, "frontmatter.unknown-key", sp,
                  "front-matter key '%s' is not used by the common themes", k);
          }
        } else if (!want_key && ev.type == YAML_SCALAR_EVENT && key[0]) {
          const char *v = (const char *)ev.data.scalar.value;
          size_t n = ev.data.scalar.length;
          uint32_t a = mark_off(src, base, &ev.start_mark, &cur), b = mark_off(src, base, &ev.end_mark, &cur);
          cvx_span sp = cvx_span_make(a, b);
          if (n && is_date_key(key) && !has_liquid(v) && !date_value_ok(v, n))
            ADD(doc->dx, "date.unparsed", sp, "'%s: %.60s' is not a date (write YYYY-MM-DD)", key, v);
          if (n && strcmp(key, "email") == 0 && !has_liquid(v) && !cvx_email_valid(v))
            ADD(doc->dx, "link.invalid-email", sp, "'%.80s' is not a valid e-mail address", v);
        }
        want_key = !want_key;
      }
      break;
    default: break;
    }
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&p);
}

/* --------------------------------------------------------------- headings */

typedef struct open_heading {
  int level;
  uint32_t at, end;
  bool content;
} open_heading;

static bool blank(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] != ' ' && s[i] != '\t') return false;
  return true;
}

static void close_heading(const cvx_doc *doc, const open_heading *h) {
  if (!h->content)
    ADD(doc->dx, "heading.empty", cvx_span_make(h->at, h->end), "heading has no content before the next heading");
}

/* ATX headings (# … ######) in the visible text, outside fenced code: a
 * heading whose section holds neither text nor a sub-heading is empty. */
static void check_headings(cvx_doc *doc) {
  const char *v = doc->view;
  size_t len = doc->src->len;
  open_heading st[8];
  int n = 0;
  char fence = 0;
  size_t fence_len = 0;
  for (size_t s = doc->body_start; s < len && !cvx_doc_expired(doc);) {
    const char *nl = memchr(v + s, '\n', len - s);
    size_t e = nl ? (size_t)(nl - v) : len;
    size_t i = s, ind = 0;
    while (i < e && v[i] == ' ' && ind < 4) i++, ind++;
    size_t run = 0;
    char c = i < e ? v[i] : 0;
    if (ind < 4 && (c == '`' || c == '~')) {
      while (i + run < e && v[i + run] == c) run++;
    }
    if (fence) {
      if (c == fence && run >= fence_len && blank(v + i + run, e - i - run)) fence = 0;
    } else if (run >= 3) {
      fence = c;
      fence_len = run;
      for (int k = 0; k < n; k++) st[k].content = true;
    } else {
      int level = 0;
      while (ind < 4 && i + (size_t)level < e && v[i + (size_t)level] == '#' && level < 7) level++;
      bool heading = level >= 1 && level <= 6 &&
                     (i + (size_t)level == e || v[i + (size_t)level] == ' ' || v[i + (size_t)level] == '\t');
      if (heading) {
        while (n > 0 && st[n - 1].level >= level) close_heading(doc, &st[--n]);
        for (int k = 0; k < n; k++) st[k].content = true;
        size_t te = e;
        while (te > i && (v[te - 1] == ' ' || v[te - 1] == '\t')) te--;
        if (n < 8) st[n++] = (open_heading){level, (uint32_t)i, (uint32_t)te, false};
      } else if (!blank(v + s, e - s)) {
        for (int k = 0; k < n; k++) st[k].content = true;
      }
    }
    s = e + 1;
  }
  while (n > 0) close_heading(doc, &st[--n]);
}

/* ------------------------------------------------------------------ links */

static bool any_hidden(const cvx_doc *doc, size_t a, size_t b) {
  for (size_t i = a; i < b; i++)
    if (cvx_doc_hidden(doc, i)) return true;
  return false;
}

static bool starts_ci(const char *s, size_t n, const char *p) {
  size_t k = strlen(p);
  if (n < k) return false;
  for (size_t i = 0; i < k; i++)
    if ((s[i] | 0x20) != p[i]) return false;
  return true;
}

/* NULL when url[0,n) is an acceptable link target, else why not. Relative
 * links, anchors and other schemes are accepted; http(s) must have a host. */
static const char *url_problem(const char *u, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (u[i] == ' ' || u[i] == '\t') return "contains a space";
  if (starts_ci(u, n, "http://") || starts_ci(u, n, "https://")) {
    size_t h = starts_ci(u, n, "http://") ? 7 : 8, e = h;
    while (e < n && u[e] != '/' && u[e] != '?' && u[e] != '#') e++;
    if (e == h) return "has no host";
    bool dot = false;
    for (size_t i = h; i < e; i++) dot |= u[i] == '.' || u[i] == ':';
    if (!dot && !starts_ci(u + h, e - h, "localhost")) return "has a host without a domain";
    return NULL;
  }
  static const char *const typos[] = {"http//", "https//", "http:/", "https:/", "htp:", "htps:", "htttp",
                                      "http;", "https;", "hhttp", "ttp:", "ttps:", NULL};
  for (int i = 0; typos[i]; i++)
    if (starts_ci(u, n, typos[i])) return "has a misspelled scheme";
  return NULL;
}

/* Per line, where each '[' closes and where each link target ends: the
 * bracket matching is one pass with a stack and the target ends one
 * backward pass, so a line costs its length whatever it holds (a line of
 * 1,000,000 '[' or '[](' once cost a scan to its end per bracket). */
typedef struct link_line {
  uint32_t *close; /* [i - start]: the ']' matching the '[' at i, or UINT32_MAX */
  uint32_t *stop;  /* [k - start]: the first ')' at or after k, or the line end */
  size_t cap;
} link_line;

static void link_line_scan(link_line *ll, const char *v, size_t s, size_t e) {
  size_t n = e - s;
  if (n + 1 > ll->cap) {
    ll->cap = n + 1;
    free(ll->close);
    free(ll->stop);
    ll->close = cvx_xmalloc(ll->cap * sizeof *ll->close);
    ll->stop = cvx_xmalloc(ll->cap * sizeof *ll->stop);
  }
  /* the open brackets wait on a stack kept in stop[], filled only later */
  size_t depth = 0;
  for (size_t i = 0; i < n; i++) {
    ll->close[i] = UINT32_MAX;
    if (v[s + i] == '[') ll->stop[depth++] = (uint32_t)i;
    else if (v[s + i] == ']' && depth) ll->close[ll->stop[--depth]] = (uint32_t)(s + i);
  }
  uint32_t next = (uint32_t)e;
  ll->stop[n] = next;
  for (size_t k = n; k-- > 0;) {
    if (v[s + k] == ')') next = (uint32_t)(s + k);
    ll->stop[k] = next;
  }
}

/* Markdown inline links [text](target) in the visible text. */
static void check_links(cvx_doc *doc) {
  const char *v = doc->view;
  size_t len = doc->src->len;
  link_line ll = {0};
  size_t ls = doc->body_start, le = ls; /* the line scanned into ll: [ls, le) */
  bool scanned = false;
  for (size_t i = doc->body_start; i < len; i++) {
    if (i >= le) { /* a new line: scanned when it holds a '[' */
      ls = i;
      const char *nl = memchr(v + i, '\n', len - i);
      le = nl ? (size_t)(nl - v) : len;
      const char *br = memchr(v + i, '[', le - i);
      scanned = false;
      if (!br) {
        i = le;
        continue;
      }
      i = (size_t)(br - v);
    }
    if (v[i] != '[' || (i > 0 && v[i - 1] == '\\')) continue;
    if (cvx_doc_expired(doc)) break;
    if (!scanned) {
      link_line_scan(&ll, v, ls, le);
      scanned = true;
    }
    size_t j = ll.close[i - ls];
    if (j == UINT32_MAX || j + 1 >= le || v[j + 1] != '(') continue;
    size_t k = ll.stop[j + 2 - ls];
    if (k >= le) continue;
    if (any_hidden(doc, j + 2, k)) continue; /* a target built by Liquid */
    bool image = i > 0 && v[i - 1] == '!';
    size_t us = j + 2, ue = k;
    while (us < ue && (v[us] == ' ' || v[us] == '<')) us++;
    size_t te = us;
    while (te < ue && v[te] != ' ' && v[te] != '>') te++; /* drop a "title" */
    cvx_span sp = cvx_span_make(image ? i - 1 : i, k + 1);
    if (te == us) {
      ADD(doc->dx, "link.empty", sp, "%s has no target", blank(v + i + 1, j - i - 1) ? "empty link []()" : "link");
    } else if (blank(v + i + 1, j - i - 1) && !image) {
      ADD(doc->dx, "link.empty", sp, "link to %.*s has no text", (int)(te - us > 80 ? 80 : te - us), v + us);
    } else if (starts_ci(v + us, te - us, "mailto:")) {
      size_t a = us + 7, b = a;
      while (b < te && v[b] != '?') b++;
      char addr[256];
      snprintf(addr, sizeof addr, "%.*s", (int)(b - a > 255 ? 255 : b - a), v + a);
      if (!cvx_email_valid(addr)) ADD(doc->dx, "link.invalid-email", sp, "'%s' is not a valid e-mail address", addr);
    } else {
      const char *why = url_problem(v + us, te - us);
      if (why)
        ADD(doc->dx, "link.invalid-url", sp, "link target '%.*s' %s", (int)(te - us > 80 ? 80 : te - us), v + us,
            why);
    }
    i = k;
  }
  free(ll.close);
  free(ll.stop);
}

/* ---------------------------------------------------------------- records */

static cvx_span field_span(const cvx_record *r, const char *key) {
  const cvx_field *f = cvx_record_field(r, key);
  if (f && cvx_span_valid(f->span)) return f->span;
  return r->span;
}

/* Compares two ISO partial dates at the coarser precision: <0, 0, >0. */
static int date_cmp(const char *a, const char *b) {
  size_t n = strlen(a) < strlen(b) ? strlen(a) : strlen(b);
  return strncmp(a, b, n);
}

/* True when the entry's source text says the date is not reached yet. */
static bool marked_expected(const cvx_doc *doc, const cvx_record *r) {
  if (!cvx_span_valid(r->span) || r->span.end > doc->src->len) return false;
  static const char *const words[] = {"expected", "anticipated", "exp.", "forthcoming", "to appear",
                                      "in press", "under review", "submitted", "upcoming", "planned",
                                      "incoming", "accepted", "future", "预计", NULL};
  const char *t = doc->src->text + r->span.start;
  size_t n = r->span.end - r->span.start;
  for (int w = 0; words[w]; w++) {
    size_t k = strlen(words[w]);
    for (size_t i = 0; i + k <= n; i++) {
      size_t m = 0;
      while (m < k && (char)(t[i + m] | ((t[i + m] >= 'A' && t[i + m] <= 'Z') ? 0x20 : 0)) == words[w][m]) m++;
      if (m == k) return true;
    }
  }
  return false;
}

static const char *org_key(cvx_rec_kind k) {
  switch (k) {
  case CVX_REC_WORK: return "name";
  case CVX_REC_VOLUNTEER: return "organization";
  case CVX_REC_EDUCATION: return "institution";
  default: return NULL;
  }
}

static void check_records(cvx_doc *doc, const char *today) {
  static const char *const date_keys[] = {"startDate", "endDate", "date", "releaseDate", NULL};
  for (const cvx_record *r = doc->records; r && !cvx_doc_expired(doc); r = r->next) {
    const char *kind = cvx_rec_kind_name(r->kind);
    const char *s = cvx_record_get(r, "startDate"), *e = cvx_record_get(r, "endDate");
    if (s && e && date_cmp(e, s) < 0)
      ADD(doc->dx, "date.range-reversed", field_span(r, "endDate"), "%s entry ends (%s) before it starts (%s)",
          kind, e, s);
    if (today && r->kind != CVX_REC_NEWS && r->kind != CVX_REC_SECTION) {
      for (int k = 0; date_keys[k]; k++) {
        const char *d = cvx_record_get(r, date_keys[k]);
        if (d && date_cmp(d, today) > 0 && !marked_expected(doc, r)) {
          ADD(doc->dx, "date.future", field_span(r, date_keys[k]),
              "%s %s %s is in the future; mark it as expected if it is", kind, date_keys[k], d);
          break;
        }
      }
    }
    const char *ok = org_key(r->kind);
    if (ok) {
      if (!cvx_record_get(r, ok))
        ADD(doc->dx, "entry.missing-organization", r->span, "%s entry has no %s", kind,
            r->kind == CVX_REC_EDUCATION ? "institution" : "organisation");
      if (!s && !e) ADD(doc->dx, "entry.missing-dates", r->span, "%s entry has no dates", kind);
    }
    if (r->kind == CVX_REC_PUBLICATION) {
      if (!cvx_record_get(r, "releaseDate"))
        ADD(doc->dx, "publication.missing-year", r->span, "publication has no year");
      if (!cvx_record_get(r, "publisher"))
        ADD(doc->dx, "publication.missing-venue", r->span, "publication has no venue");
    }
  }
}

/* Appends the text that identifies an entry (its key fields lower-cased,
 * each followed by '|') to out, whole however long; false for kinds that are
 * not checked for repeats or an entry without its first key field. */
static bool entry_key(const cvx_record *r, cvx_buf *out) {
  static const char *const work[] = {"name", "position", "startDate", NULL};
  static const char *const edu[] = {"institution", "studyType", "area", "startDate", NULL};
  static const char *const pub[] = {"name", NULL};
  static const char *const award[] = {"title", "date", NULL};
  static const char *const proj[] = {"name", "startDate", "date", NULL};
  const char *const *keys;
  switch (r->kind) {
  case CVX_REC_WORK:
  case CVX_REC_VOLUNTEER: keys = work; break;
  case CVX_REC_EDUCATION: keys = edu; break;
  case CVX_REC_PUBLICATION: keys = pub; break;
  case CVX_REC_AWARD:
  case CVX_REC_CERTIFICATE: keys = r->kind == CVX_REC_AWARD ? award : proj; break;
  case CVX_REC_PROJECT: keys = proj; break;
  default: return false;
  }
  bool any = false;
  for (int i = 0; keys[i]; i++) {
    const char *v = cvx_record_get(r, keys[i]);
    if (r->kind == CVX_REC_VOLUNTEER && i == 0) v = cvx_record_get(r, "organization");
    any |= v && i == 0;
    for (; v && *v; v++) cvx_buf_putc(out, (char)((*v >= 'A' && *v <= 'Z') ? *v + 32 : *v));
    cvx_buf_putc(out, '|');
  }
  return any;
}

/* One entry that can repeat another: its key (kind, origin and key fields,
 * in dup_set.keys) and the next earlier-read entry with the same key. */
typedef struct dup_item {
  const cvx_record *rec;
  size_t key, len; /* the key's offset and length in dup_set.keys */
  uint64_t hash;
  size_t next;     /* the next item with this key, in list order, + 1; 0 = none */
} dup_item;

static uint64_t hash_bytes(const char *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
  return h;
}

/* At most this many entries are checked for repeats (as many as a real CV
 * has; the check stays cheap however many a hostile file holds). */
#define DUP_MAX_ENTRIES 2000

void cvx_rules_check_duplicates(cvx_doc *doc) {
  /* Each entry's key goes into a hash table whose slot holds the first
   * entry read with that key; later ones are chained to it in list order, so
   * an entry meets only the entries it could repeat (one pass, not every
   * pair) and is reported against the first of them that is other text. */
  /* the tables sized by the entries there are (at most DUP_MAX_ENTRIES),
   * not by that bound: most documents hold a few dozen */
  size_t nrec = 0;
  for (const cvx_record *r = doc->records; r && nrec < DUP_MAX_ENTRIES; r = r->next) nrec++;
  if (!nrec) return;
  size_t cap = 16;
  while (cap < 2 * nrec) cap *= 2;
  size_t *table = cvx_xcalloc(cap, sizeof *table); /* first item + 1; 0 = free */
  size_t *last = cvx_xcalloc(cap, sizeof *last);   /* last item of the chain + 1 */
  dup_item *items = cvx_xcalloc(nrec, sizeof *items);
  size_t nitems = 0;
  cvx_buf keys = CVX_BUF_INIT;
  size_t checked = 0;
  for (const cvx_record *r = doc->records; r && checked < nrec; r = r->next, checked++) {
    if (cvx_doc_expired(doc)) break;
    if (!r->origin) continue;
    size_t at = keys.len;
    cvx_buf_printf(&keys, "%d|%s|", (int)r->kind, r->origin);
    if (!entry_key(r, &keys)) {
      cvx_buf_truncate(&keys, at);
      continue;
    }
    dup_item *it = &items[nitems];
    *it = (dup_item){r, at, keys.len - at, hash_bytes(keys.ptr + at, keys.len - at), 0};
    size_t j = (size_t)it->hash & (cap - 1);
    while (table[j]) {
      const dup_item *f = &items[table[j] - 1];
      if (f->hash == it->hash && f->len == it->len &&
          memcmp(keys.ptr + f->key, keys.ptr + at, it->len) == 0)
        break;
      j = (j + 1) & (cap - 1);
    }
    if (table[j]) {
      for (size_t q = table[j]; q; q = items[q - 1].next) {
        const cvx_record *p = items[q - 1].rec;
        /* the same text read twice (e.g. by two passes) is not a repeat */
        if (cvx_span_valid(p->span) && cvx_span_valid(r->span) && p->span.start < r->span.end &&
            r->span.start < p->span.end)
          continue;
        unsigned line = 0, col = 0;
        if (cvx_span_valid(p->span)) cvx_source_position(doc->src, p->span.start, &line, &col);
        ADD(doc->dx, "entry.duplicate", r->span, "this %s entry repeats the one on line %u",
            cvx_rec_kind_name(r->kind), line);
        break;
      }
      items[last[j] - 1].next = nitems + 1;
    } else {
      table[j] = nitems + 1;
    }
    last[j] = nitems + 1;
    nitems++;
  }
  cvx_buf_free(&keys);
  free(items);
  free(last);
  free(table);
}

void cvx_rules_check_doc(cvx_doc *doc, const char *today) {
  if (!doc || !doc->src || !doc->dx) return;
  check_frontmatter(doc);
  if (doc->view && doc->marks) {
    check_headings(doc);
    check_links(doc);
  }
  check_records(doc, today);
}

/* ------------------------------------------------------ JSON Resume files */

static size_t ws(const char *t, size_t n, size_t i) {
  while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
  return i;
}

/* Index after the string starting at t[i] == '"'. */
static size_t skip_string(const char *t, size_t n, size_t i) {
  for (i++; i < n && t[i] != '"'; i++)
    if (t[i] == '\\') i++;
  return i < n ? i + 1 : n;
}

/* Index after the value starting at t[i] (iterative: no recursion depth). */
static size_t skip_value(const char *t, size_t n, size_t i) {
  size_t depth = 0;
  do {
    i = ws(t, n, i);
    if (i >= n) return n;
    char c = t[i];
    if (c == '"') {
      i = skip_string(t, n, i);
    } else if (c == '{' || c == '[') {
      depth++, i++;
    } else if (c == '}' || c == ']') {
      if (depth) depth--;
      i++;
    } else if (c == ',' || c == ':') {
      i++;
    } else {
      while (i < n && !strchr(",:]} \t\r\n", t[i])) i++;
    }
  } while (depth && i < n);
  return i;
}

/* True when the JSON string at t[i] (raw, escapes \" \\ \/ resolved) equals tok. */
static bool key_is(const char *t, size_t n, size_t i, const char *tok) {
  size_t k = 0;
  for (i++; i < n && t[i] != '"'; i++) {
    char c = t[i];
    if (c == '\\' && i + 1 < n) {
      c = t[++i];
      if (c != '"' && c != '\\' && c != '/') return false;
    }
    if (tok[k++] != c) return false;
  }
  return tok[k] == '\0';
}

/* Byte offset of the value at a JSON pointer in text (the deepest part
 * found when the pointer goes further than the text). */
static size_t pointer_offset(const char *t, size_t n, const char *ptr) {
  size_t i = ws(t, n, 0);
  char tok[256];
  while (*ptr == '/') {
    ptr++;
    size_t k = 0;
    for (; *ptr && *ptr != '/'; ptr++) {
      char c = *ptr;
      if (c == '~' && (ptr[1] == '0' || ptr[1] == '1')) c = *++ptr == '1' ? '/' : '~';
      if (k + 1 < sizeof tok) tok[k++] = c;
    }
    tok[k] = '\0';
    if (i >= n) return n;
    if (t[i] == '{') {
      size_t j = ws(t, n, i + 1);
      bool found = false;
      while (j < n && t[j] == '"') {
        bool match = key_is(t, n, j, tok);
        j = ws(t, n, skip_string(t, n, j));
        if (j < n && t[j] == ':') j = ws(t, n, j + 1);
        if (match) {
          i = j;
          found = true;
          break;
        }
        j = ws(t, n, skip_value(t, n, j));
        if (j < n && t[j] == ',') j = ws(t, n, j + 1);
      }
      if (!found) return i;
    } else if (t[i] == '[') {
      char *end;
      unsigned long idx = strtoul(tok, &end, 10);
      if (*end) return i;
      size_t j = ws(t, n, i + 1);
      for (unsigned long c = 0; c < idx && j < n && t[j] != ']'; c++) {
        j = ws(t, n, skip_value(t, n, j));
        if (j < n && t[j] == ',') j = ws(t, n, j + 1);
      }
      if (j >= n || t[j] == ']') return i;
      i = j;
    } else {
      return i;
    }
  }
  return i;
}

typedef struct json_ctx {
  const cvx_source *src;
  cvx_diags *dx;
} json_ctx;

static void on_schema_error(void *ctx, const char *inst, const char *schema_path, const char *msg) {
  json_ctx *c = ctx;
  size_t off = pointer_offset(c->src->text, c->src->len, inst);
  if (off > c->src->len) off = c->src->len;
  (void)schema_path;
  ADD(c->dx, "resume.schema-violation", cvx_span_make(off, off), "%s: %s", inst[0] ? inst : "/", msg);
}

void cvx_rules_check_resume_json(const cvx_source *src, const cvx_schema *schema, cvx_diags *dx) {
  json_error_t err;
  json_t *j = json_loadb(src->text, src->len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &err);
  if (!j) {
    size_t off = src->len;
    if (err.line > 0 && (size_t)err.line <= src->nlines) {
      off = src->lines[err.line - 1];
      for (int c = 1; c < err.column && off < src->len && src->text[off] != '\n'; c++) {
        off++;
        while (off < src->len && ((unsigned char)src->text[off] & 0xC0) == 0x80) off++;
      }
    }
    ADD(dx, "json.syntax", cvx_span_make(off, off), "not valid JSON: %s", err.text);
    return;
  }
  json_ctx c = {src, dx};
  if (schema) cvx_schema_validate(schema, NULL, j, on_schema_error, &c);
  json_decref(j);
}
