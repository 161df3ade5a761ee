/* bibcmd.c — `cvx bib`: reads references one per line, one per blank-line
 * separated paragraph, or as JSONL {"id", "text"} records, parses each with
 * refparse and writes BibTeX (emit_bibtex) or CSL-JSON lines. */
#include "bibcmd.h"

#include "emit.h"
#include "publications.h"
#include "refparse.h"
#include "usage.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_bib[] =
    "usage: cvx bib [--csl] [--ascii] [--ids FILE] [--max-size BYTES] [FILE|-]\n"
    "\n"
    "Reads references (one per line, or one per blank-line separated paragraph,\n"
    "or JSON lines with \"id\" and \"text\") and writes BibTeX to standard output.\n"
    "The input is read and decoded as cvx convert reads a CV (UTF-8 or UTF-16,\n"
    "NFC); FILE - or none is standard input.\n"
    "\n"
    "options:\n"
    "  --csl        one CSL-JSON object per reference instead: {\"id\": ..., fields}\n"
    "  --ids FILE   ids for the references, one per line (default: JSONL id, else 1, 2, ...)\n"
    "  --ascii      LaTeX-encode non-ASCII characters in BibTeX\n"
    "  --max-size BYTES  refuse larger inputs (default 8388608; K, M, G suffixes)\n"
    "  -h, --help   show this help\n";

/* Reads path ("-" = standard input) as cvx convert reads an input (size
 * limit, binary check, decoding, NFC), printing its diagnostics as convert
 * does; NULL when it cannot be read. The text lives in a. */
static const cvx_source *load(cvx_arena *a, const char *path, const cvx_load_opts *lo) {
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  cvx_status st = cvx_source_load(a, path, lo, &src, &dx);
  for (size_t i = 0; i < dx.n; i++) {
    const cvx_diag *d = &dx.items[i];
    if (d->severity == CVX_NOTE || strcmp(d->code, "source.empty") == 0) continue;
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    if (src && cvx_span_valid(d->span)) {
      unsigned line, col;
      cvx_source_position(src, d->span.start, &line, &col);
      fprintf(stderr, "%s:%u:%u: %s[%s]: %s\n", name, line, col, cvx_severity_str(d->severity), d->code,
              d->message);
    } else {
      fprintf(stderr, "%s: %s[%s]: %s\n", name, cvx_severity_str(d->severity), d->code, d->message);
    }
  }
  return st == CVX_OK ? src : NULL;
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
  cvx_load_opts lo = {0};
  bool options = true;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool valued = !strcmp(a, "--ids") || !strcmp(a, "--max-size");
    if (options && valued && i + 1 >= argc) return cvx_usage_error("bib", "option '%s' needs a value", a);
    if (options && !strcmp(a, "--")) options = false;
    else if (options && !strcmp(a, "--csl")) csl = true;
    else if (options && !strcmp(a, "--ascii")) ascii = true;
    else if (options && !strcmp(a, "--ids")) ids_path = argv[++i];
    else if (options && !strcmp(a, "--max-size")) {
      if (!cvx_parse_size(argv[++i], &lo.max_size))
        return cvx_usage_error("bib", "--max-size wants a byte count up to 1G, not '%s'", argv[i]);
    } else if (options && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
      fputs(usage_bib, stdout);
      return 0;
    } else if (options && a[0] == '-' && a[1]) {
      return cvx_usage_error("bib", "unknown option '%s'", a);
    } else if (!path) {
      path = a;
    } else {
      return cvx_usage_error("bib", "one input at most, not '%s' after '%s'", a, path);
    }
  }
  if (!path) path = "-";
  cvx_arena *a = cvx_arena_new(256 * 1024);
  const cvx_source *in = load(a, path, &lo);
  if (!in) {
    cvx_arena_free(a);
    return 1;
  }
  items it = {NULL, 0, 0};
  split_input(in->text, in->len, &it);
  if (ids_path) {
    const cvx_source *idsrc = load(a, ids_path, &lo);
    if (!idsrc) {
      for (size_t i = 0; i < it.n; i++) free(it.v[i].id), free(it.v[i].text);
      free(it.v);
      cvx_arena_free(a);
      return 1;
    }
    const char *ids = idsrc->text;
    size_t idn = idsrc->len;
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
  }
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
