/* bibcmd.c — `cvx bib`: reads references one per line, one per blank-line
 * separated paragraph, or as JSONL {"id", "text"} records, parses each with
 * refparse and writes BibTeX (emit_bibtex) or CSL-JSON lines. */
#include "bibcmd.h"

#include "emit.h"
#include "publications.h"
#include "refparse.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_bib[] =
    "usage: cvx bib [--csl] [--ascii] [--ids FILE] [FILE|-]\n"
    "\n"
    "Reads references (one per line, or one per blank-line separated paragraph,\n"
    "or JSON lines with \"id\" and \"text\") and writes BibTeX to standard output.\n"
    "\n"
    "options:\n"
    "  --csl        one CSL-JSON object per reference instead: {\"id\": ..., fields}\n"
    "  --ids FILE   ids for the references, one per line (default: JSONL id, else 1, 2, ...)\n"
    "  --ascii      LaTeX-encode non-ASCII characters in BibTeX\n"
    "  -h, --help   show this help\n";

/* Longest input read, as for convert. */
#define BIB_MAX_INPUT CVX_DEFAULT_MAX_SIZE

static char *slurp(const char *path, size_t *n) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  cvx_buf b = CVX_BUF_INIT;
  char chunk[65536];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    cvx_buf_put(&b, chunk, got);
    if (b.len > BIB_MAX_INPUT) break;
  }
  bool err = ferror(f) != 0;
  if (f != stdin) fclose(f);
  if (err || b.len > BIB_MAX_INPUT) {
    cvx_buf_free(&b);
    return NULL;
  }
  *n = b.len;
  return cvx_buf_detach(&b);
}

typedef struct item {
  char *id;   /* heap or NULL */
  char *text; /* heap */
} item;

typedef struct items {
  item *v;
  size_t n, cap;
} items;

static void push(items *it, char *id, const char *text, size_t len) {
  if (it->n == it->cap) {
    it->cap = it->cap ? it->cap * 2 : 64;
    it->v = cvx_xrealloc(it->v, it->cap * sizeof *it->v);
  }
  /* invalid UTF-8 becomes U+FFFD and NUL a space, as cvx_source does */
  cvx_buf b = CVX_BUF_INIT;
  for (size_t i = 0; i < len;) {
    uint32_t cp;
    size_t l = cvx_utf8_decode(text, len, i, &cp);
    if (cp == 0) cvx_buf_putc(&b, ' ');
    else if (cp == 0xFFFD) cvx_buf_puts(&b, "\xEF\xBF\xBD");
    else cvx_buf_put(&b, text + i, l);
    i += l;
  }
  it->v[it->n++] = (item){id, cvx_buf_detach(&b)};
}

static void split_input(const char *s, size_t n, items *it) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
  bool jsonl = i < n && s[i] == '{';
  bool paragraphs = false;
  for (size_t k = 0; k + 1 < n && !jsonl; k++)
    if (s[k] == '\n' && (s[k + 1] == '\n' || (s[k + 1] == '\r' && k + 2 < n && s[k + 2] == '\n'))) paragraphs = true;
  size_t start = 0;
  for (size_t k = 0; k <= n; k++) {
    bool end = k == n || s[k] == '\n';
    if (!end) continue;
    size_t e = k;
    if (e > start && s[e - 1] == '\r') e--;
    bool blank = true;
    for (size_t q = start; q < e; q++) blank &= s[q] == ' ' || s[q] == '\t';
    if (jsonl) {
      if (!blank) {
        json_error_t jerr;
        json_t *o = json_loadb(s + start, e - start, 0, &jerr);
        const char *text = o ? json_string_value(json_object_get(o, "text")) : NULL;
        json_t *jid = o ? json_object_get(o, "id") : NULL;
        char *id = NULL;
        if (json_is_string(jid)) id = cvx_xstrdup(json_string_value(jid));
        else if (json_is_integer(jid)) {
          char num[32];
          snprintf(num, sizeof num, "%lld", (long long)json_integer_value(jid));
          id = cvx_xstrdup(num);
        }
        push(it, id, text ? text : "", text ? strlen(text) : 0);
        json_decref(o);
      }
      start = k + 1;
    } else if (!paragraphs) {
      if (!blank) push(it, NULL, s + start, e - start);
      start = k + 1;
    } else {
      start = k + 1;
    }
  }
  if (paragraphs && !jsonl) { /* second pass: paragraphs */
    size_t b = 0;
    bool in = false;
    size_t ls = 0;
    for (size_t k = 0; k <= n; k++) {
      if (k < n && s[k] != '\n') continue;
      bool blank = true;
      for (size_t q = ls; q < k; q++) blank &= s[q] == ' ' || s[q] == '\t' || s[q] == '\r';
      if (!blank && !in) b = ls, in = true;
      if ((blank || k == n) && in) {
        size_t e = blank ? ls : k;
        while (e > b && (s[e - 1] == '\n' || s[e - 1] == '\r')) e--;
        char *t = cvx_xmalloc(e - b + 1);
        size_t m = 0;
        for (size_t q = b; q < e; q++) t[m++] = (s[q] == '\n' || s[q] == '\r') ? ' ' : s[q];
        push(it, NULL, t, m);
        free(t);
        in = false;
      }
      ls = k + 1;
    }
  }
}

static void json_quote(cvx_buf *out, const char *s) {
  json_t *j = json_string(s); /* NULL for invalid UTF-8 */
  char *q = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
  cvx_buf_puts(out, q ? q : "\"\"");
  free(q);
  json_decref(j);
}

int cvx_bib_main(int argc, char **argv) {
  bool csl = false, ascii = false;
  const char *ids_path = NULL, *path = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--csl")) csl = true;
    else if (!strcmp(a, "--ascii")) ascii = true;
    else if (!strcmp(a, "--ids") && i + 1 < argc) ids_path = argv[++i];
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage_bib, stdout);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "cvx bib: unknown option '%s'\n%s", a, usage_bib);
      return 2;
    } else if (!path) path = a;
    else {
      fprintf(stderr, "cvx bib: one input at most\n%s", usage_bib);
      return 2;
    }
  }
  if (!path) path = "-";
  size_t n = 0;
  char *data = slurp(path, &n);
  if (!data) {
    fprintf(stderr, "cvx bib: cannot read %s\n", path);
    return 1;
  }
  items it = {NULL, 0, 0};
  split_input(data, n, &it);
  free(data);
  if (ids_path) {
    size_t idn = 0;
    char *ids = slurp(ids_path, &idn);
    if (!ids) {
      fprintf(stderr, "cvx bib: cannot read %s\n", ids_path);
      for (size_t i = 0; i < it.n; i++) free(it.v[i].id), free(it.v[i].text);
      free(it.v);
      return 1;
    }
    size_t k = 0, st = 0;
    for (size_t i = 0; i <= idn && k < it.n; i++) {
      if (i < idn && ids[i] != '\n') continue;
      size_t e = i;
      if (e > st && ids[e - 1] == '\r') e--;
      if (e > st) {
        free(it.v[k].id);
        it.v[k].id = cvx_xmalloc(e - st + 1);
        memcpy(it.v[k].id, ids + st, e - st);
        it.v[k].id[e - st] = '\0';
        k++;
      }
      st = i + 1;
    }
    free(ids);
  }
  cvx_arena *a = cvx_arena_new(256 * 1024);
  static const uint32_t one_line[] = {0};
  cvx_source src = {.path = path, .text = "", .len = 0, .lines = one_line, .nlines = 1};
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_doc *doc = cvx_doc_new(a, &src, &dx);
  doc->max_records = (size_t)-1;
  cvx_buf out = CVX_BUF_INIT;
  for (size_t i = 0; i < it.n; i++) {
    cvx_ref r;
    cvx_ref_parse(a, it.v[i].text, strlen(it.v[i].text), &r);
    if (csl) {
      cvx_buf_puts(&out, "{\"id\": ");
      if (it.v[i].id) json_quote(&out, it.v[i].id);
      else cvx_buf_printf(&out, "\"%zu\"", i + 1);
      bool first = false;
      cvx_ref_csl_members(&r, &out, &first);
      cvx_buf_puts(&out, "}\n");
      fwrite(out.ptr, 1, out.len, stdout);
      cvx_buf_clear(&out);
    } else {
      cvx_publication_from_ref(doc, &r, "bib", CVX_NOSPAN);
    }
  }
  if (!csl) {
    cvx_bibtex_opts o = {ascii, NULL};
    cvx_emit_bibtex(doc, &o, &out);
    fwrite(out.ptr, 1, out.len, stdout);
  }
  cvx_buf_free(&out);
  cvx_arena_free(a);
  for (size_t i = 0; i < it.n; i++) free(it.v[i].id), free(it.v[i].text);
  free(it.v);
  return fflush(stdout) == 0 ? 0 : 1;
}
