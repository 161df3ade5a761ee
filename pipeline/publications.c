/* publications.c — reading a publication entry: a quoted or linked title, or
 * the sentence after an author list; a venue-like sentence; the year; the
 * paper's link (DOI or arXiv first). */
#include "publications.h"

#include "grammar.h"

#include <ctype.h>
#include <string.h>

typedef struct piece {
  const char *s;
  size_t n;
} piece;

static piece trim(piece p) {
  while (p.n && (strchr(" \t\n,;:.*_\"'", p.s[0]) || (unsigned char)p.s[0] < 0x20)) p.s++, p.n--;
  while (p.n && strchr(" \t\n,;:*_\"'", p.s[p.n - 1])) p.n--;
  return p;
}

static int words(const char *s, size_t n) {
  int w = 0;
  bool in = false;
  for (size_t i = 0; i < n; i++) {
    bool sp = s[i] == ' ' || s[i] == '\n' || s[i] == '\t';
    if (!sp && !in) w++;
    in = !sp;
  }
  return w;
}

static bool venue_like(piece p) {
  static const char *const kw[] = {"proceedings", "conference", "journal", "workshop", "symposium",
                                   "transactions", "letters", "arxiv", "preprint", "review",
                                   "in proc", "press", "magazine", "thesis", NULL};
  for (int i = 0; kw[i]; i++) {
    size_t m = strlen(kw[i]);
    for (size_t j = 0; j + m <= p.n; j++)
      if (strncasecmp(p.s + j, kw[i], m) == 0) return true;
  }
  int caps = 0; /* an acronym with a year: "NSDI 2019" */
  for (size_t j = 0; j < p.n && j < 12; j++)
    if (isupper((unsigned char)p.s[j])) caps++;
  return caps >= 3 && words(p.s, p.n) <= 4;
}

static bool http(const char *u) { return u && (strncmp(u, "http://", 7) == 0 || strncmp(u, "https://", 8) == 0); }

static void add(cvx_doc *doc, cvx_record *r, const char *key, piece p, cvx_span within) {
  if (!p.n) return;
  char *v = cvx_arena_strndup(doc->arena, p.s, p.n);
  cvx_span sp = cvx_doc_locate(doc, within, v);
  cvx_record_addn(doc, r, key, v, p.n, cvx_span_valid(sp) ? sp : within);
}

cvx_record *cvx_publication_add(cvx_doc *doc, const cvx_pub_input *in) {
  char *t = cvx_arena_strndup(doc->arena, in->text, in->len);
  size_t n = in->len;
  for (size_t i = 0; i < n; i++)
    if (t[i] == '\n') t[i] = ' ';
  cvx_daterange d;
  bool dated = cvx_date_find(t, n, &d) && d.mend <= n;
  char year[11] = "";
  if (dated) {
    memcpy(year, d.start[0] ? d.start : d.end, sizeof year);
    memset(t + d.mstart, ' ', d.mend - d.mstart);
  }
  piece title = {0};
  const char *q1 = strstr(t, "\xe2\x80\x9c"), *q2 = NULL; /* “…” */
  if (q1 && (q2 = strstr(q1 + 3, "\xe2\x80\x9d"))) title = trim((piece){q1 + 3, (size_t)(q2 - q1 - 3)});
  if (!title.n && (q1 = strchr(t, '"')) && (q2 = strchr(q1 + 1, '"')))
    title = trim((piece){q1 + 1, (size_t)(q2 - q1 - 1)});
  if (!title.n) { /* the longest link text of three words or more */
    const cvx_link *tl = NULL;
    for (size_t i = 0; i < in->nlinks; i++) {
      size_t ln = strlen(in->links[i].text);
      if (words(in->links[i].text, ln) >= 3 && (!tl || ln > strlen(tl->text))) tl = &in->links[i];
    }
    if (tl) title = (piece){tl->text, strlen(tl->text)};
  }
  /* sentences; an author list comes first when the first sentence has commas */
  piece sent[32];
  int k = 0;
  size_t st = 0;
  for (size_t i = 0; i <= n && k < 32; i++) {
    bool stop = i == n || (t[i] == '.' && (i + 1 == n || t[i + 1] == ' ') &&
                           !(i >= 1 && isupper((unsigned char)t[i - 1]) && (i < 2 || t[i - 2] == ' ' || t[i - 2] == '.')));
    if (stop) {
      piece p = trim((piece){t + st, i - st});
      if (p.n) sent[k++] = p;
      st = i + 1;
    }
  }
  int ti = -1;
  if (!title.n && k > 0) {
    ti = 0;
    if (k > 1) {
      int commas = 0;
      for (size_t j = 0; j < sent[0].n; j++) commas += sent[0].s[j] == ',';
      if (commas >= 1 || sent[0].n < 30) ti = 1;
    }
    title = sent[ti];
  }
  if (!title.n) return NULL;
  cvx_record *r = cvx_record_new(doc, CVX_REC_PUBLICATION, in->origin, in->span);
  if (!r) return NULL;
  if (title.s >= t && title.s < t + n) title.s = in->text + (title.s - t);
  add(doc, r, "name", title, in->span);
  for (int i = 0; i < k; i++)
    if (i != ti && venue_like(sent[i]) && !cvx_record_get(r, "publisher")) {
      piece v = {in->text + (sent[i].s - t), sent[i].n};
      add(doc, r, "publisher", v, in->span);
    }
  if (year[0]) {
    char *v = cvx_arena_strndup(doc->arena, in->text + d.mstart, d.mend - d.mstart);
    cvx_span sp = cvx_doc_locate(doc, in->span, v);
    cvx_record_add(doc, r, "releaseDate", year, cvx_span_valid(sp) ? sp : in->span);
  }
  const cvx_link *best = NULL; /* DOI or arXiv first, then any web link */
  for (size_t i = 0; i < in->nlinks; i++) {
    if (!http(in->links[i].url)) continue;
    if (strstr(in->links[i].url, "doi.org") || strstr(in->links[i].url, "arxiv.org")) {
      best = &in->links[i];
      break;
    }
    if (!best) best = &in->links[i];
  }
  if (best) cvx_record_add(doc, r, "url", best->url, best->span);
  if (in->details) add(doc, r, "summary", trim((piece){in->details, strlen(in->details)}), in->span);
  return r;
}
