/* news.c — dropping news items that repeat an entry of another section: "Our
 * paper X was accepted at EuroSys 2020" when X is in the publication list,
 * "Received the Y award" when Y is an award, "Joined Z as W" when that job is
 * listed. Matching is on words (case-folded letters and digits). */
#include "news.h"

#include <ctype.h>
#include <string.h>

#define MAX_WORDS 64

typedef struct words {
  const char *w[MAX_WORDS];
  size_t len[MAX_WORDS];
  int n;
} words;

/* Words of s of at least min bytes (letters/digits; any non-ASCII byte counts
 * as a letter, so CJK titles match as runs). */
static void split(const char *s, size_t min, words *out) {
  out->n = 0;
  for (size_t i = 0; s && s[i] && out->n < MAX_WORDS;) {
    while (s[i] && !isalnum((unsigned char)s[i]) && (unsigned char)s[i] < 0x80) i++;
    size_t st = i;
    while (s[i] && (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)) i++;
    if (i - st >= min) {
      out->w[out->n] = s + st;
      out->len[out->n] = i - st;
      out->n++;
    }
  }
}

/* True when word w occurs in text as a whole word, ignoring case. */
static int fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; } /* tolower in the C locale */

static bool has_word(const char *text, size_t tl, const char *w, size_t n) {
  if (n == 0 || n > tl) return false;
  int first = fold((unsigned char)w[0]);
  /* the candidates are the bytes that fold to w's first: found with memchr,
   * once for each case (only whether a match exists matters) */
  int cases[2] = {first, first >= 'a' && first <= 'z' ? first - 32 : -1};
  for (int k = 0; k < 2 && cases[k] >= 0; k++) {
    size_t last = tl - n; /* the last start that fits */
    for (const char *p = memchr(text, cases[k], last + 1); p;) {
      size_t i = (size_t)(p - text);
      if (strncasecmp(text + i, w, n) == 0) {
        bool left = i == 0 || !(isalnum((unsigned char)text[i - 1]) || (unsigned char)text[i - 1] >= 0x80);
        bool right = i + n == tl || !(isalnum((unsigned char)text[i + n]) || (unsigned char)text[i + n] >= 0x80);
        if (left && right) return true;
      }
      p = i < last ? memchr(text + i + 1, cases[k], last - i) : NULL;
    }
  }
  return false;
}

/* Share of the words of `what` (at least `need` of them) found in text. */
static bool restates(const char *text, const char *what, size_t min, int need, double share) {
  words ws;
  split(what, min, &ws);
  if (ws.n < need) return false;
  int hit = 0;
  size_t tl = strlen(text);
  double want = share * (double)ws.n;
  for (int i = 0; i < ws.n; i++) {
    hit += has_word(text, tl, ws.w[i], ws.len[i]);
    if ((double)hit >= want) return true;                 /* enough already */
    if ((double)(hit + (ws.n - 1 - i)) < want) return false; /* out of reach */
  }
  return (double)hit >= want;
}

static bool repeats_entry(const cvx_doc *doc, const char *summary) {
  for (const cvx_record *r = doc->records; r; r = r->next) {
    switch (r->kind) {
    case CVX_REC_PUBLICATION: {
      const char *t = cvx_record_get(r, "name");
      if (t && restates(summary, t, 3, 3, 0.8)) return true;
      break;
    }
    case CVX_REC_AWARD: {
      const char *t = cvx_record_get(r, "title");
      if (t && restates(summary, t, 2, 2, 1.0)) return true;
      break;
    }
    case CVX_REC_WORK:
    case CVX_REC_VOLUNTEER: {
      const char *org = cvx_record_get(r, r->kind == CVX_REC_WORK ? "name" : "organization");
      const char *pos = cvx_record_get(r, "position");
      if (org && pos && restates(summary, org, 2, 1, 1.0) && restates(summary, pos, 2, 1, 1.0)) return true;
      break;
    }
    default: break;
    }
  }
  return false;
}

void cvx_news_dedupe(cvx_doc *doc) {
  cvx_record **pp = &doc->records, *prev = NULL;
  while (*pp) {
    cvx_record *r = *pp;
    const char *s = r->kind == CVX_REC_NEWS ? cvx_record_get(r, "summary") : NULL;
    if (s && repeats_entry(doc, s)) {
      *pp = r->next;
      doc->nrecords--;
      continue;
    }
    prev = r;
    pp = &r->next;
  }
  doc->records_tail = prev;
}
