/* refparse.c — a reference string read into CSL fields by hand scanners:
 * identifiers (DOI, arXiv, URL) first, then the year, the author list (family
 * first, natural order or Vancouver), the title, and the container with its
 * volume, issue, pages and publisher. Every pass is linear in the input. */
#include "refparse.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ characters */

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static bool is_alpha(unsigned char c) { return is_upper(c) || is_lower(c) || c >= 0x80; }
static bool is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }
static char lower(char c) { return is_upper((unsigned char)c) ? (char)(c - 'A' + 'a') : c; }

static bool starts_ci(const char *s, size_t n, const char *p) {
  if (p[0] && (n == 0 || lower(s[0]) != lower(p[0]))) return false; /* no strlen for most misses */
  size_t m = strlen(p);
  if (m > n) return false;
  for (size_t i = 0; i < m; i++)
    if (lower(s[i]) != lower(p[i])) return false;
  return true;
}

/* First case-insensitive occurrence of p in s[0,n) at a word start, or n. */
static size_t find_word_ci(const char *s, size_t n, const char *p) {
  size_t m = strlen(p);
  if (m == 0 || m > n) return n;
  char first = lower(p[0]);
  /* candidates through memchr: the first byte in either case */
  char other = is_lower((unsigned char)first) ? (char)(first - 'a' + 'A') : first;
  size_t last = n - m; /* the last start that fits */
  const char *lo = memchr(s, first, last + 1);
  const char *up = other != first ? memchr(s, other, last + 1) : NULL;
  while (lo || up) {
    const char *c = !up || (lo && lo < up) ? lo : up;
    size_t i = (size_t)(c - s);
    if ((i == 0 || !is_alnum((unsigned char)s[i - 1])) && starts_ci(s + i, n - i, p) &&
        (!is_alnum((unsigned char)p[m - 1]) || i + m >= n || !is_alnum((unsigned char)s[i + m])))
      return i;
    if (c == lo) lo = i < last ? memchr(s + i + 1, first, last - i) : NULL;
    else up = i < last ? memchr(s + i + 1, other, last - i) : NULL;
  }
  return n;
}

static bool has_word_ci(const char *s, size_t n, const char *p) { return find_word_ci(s, n, p) < n; }

/* A keyword list (NULL-terminated) indexed once by its lower-cased first
 * byte, so has_any_ci reads the text once instead of once per keyword. */
#define KW_MAX 96
typedef struct kwset {
  const char *const *kw;
  unsigned char len[KW_MAX];
  unsigned char order[KW_MAX]; /* keyword numbers grouped by first byte */
  unsigned char at[257];       /* first byte b: order[at[b], at[b + 1]) */
} kwset;

static void kwset_build(kwset *k, const char *const *kw) {
  size_t n = 0;
  k->kw = kw;
  for (; kw[n]; n++) {
    size_t m = strlen(kw[n]);
    if (n + 1 >= KW_MAX || m == 0 || m > 255) abort(); /* a table defect */
    k->len[n] = (unsigned char)m;
  }
  unsigned q = 0;
  for (unsigned b = 0; b < 256; b++) {
    k->at[b] = (unsigned char)q;
    for (size_t i = 0; i < n; i++)
      if ((unsigned char)lower(kw[i][0]) == b) k->order[q++] = (unsigned char)i;
  }
  k->at[256] = (unsigned char)q;
}

/* True when some keyword of k is in s[0,n) at a word start: the same answer
 * as has_word_ci on each keyword in turn. */
static bool has_any_ci(const char *s, size_t n, const kwset *k) {
  for (size_t i = 0; i < n; i++) {
    if (i > 0 && is_alnum((unsigned char)s[i - 1])) continue;
    unsigned b = (unsigned char)lower(s[i]);
    for (unsigned q = k->at[b]; q < k->at[b + 1]; q++) {
      const char *p = k->kw[k->order[q]];
      size_t m = k->len[k->order[q]];
      if (m <= n - i && starts_ci(s + i, n - i, p) &&
          (!is_alnum((unsigned char)p[m - 1]) || i + m >= n || !is_alnum((unsigned char)s[i + m])))
        return true;
    }
  }
  return false;
}

typedef struct span {
  size_t s, e;
} span;

static char *dup(cvx_arena *a, const char *s, size_t n) { return cvx_arena_strndup(a, s, n); }

/* s[*b,*e) without surrounding spaces and the given punctuation. */
static void trim(const char *s, size_t *b, size_t *e, const char *lead, const char *trail) {
  while (*b < *e && (s[*b] == ' ' || strchr(lead, s[*b]))) (*b)++;
  while (*e > *b && (s[*e - 1] == ' ' || strchr(trail, s[*e - 1]))) (*e)--;
}

/* ------------------------------------------------------------- cleaning */

/* Copies s into a working text: Markdown emphasis and HTML tags dropped,
 * whitespace collapsed, a line break without punctuation before it becomes
 * ". ", a leading "[12]" / "12." number dropped. */
char *cvx_ref_clean(cvx_arena *a, const char *s, size_t n, size_t *outn) {
  char *t = cvx_arena_alloc(a, 2 * n + 2);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '*') continue;
    if (c == '<') { /* a short HTML tag such as <i> or </italic> */
      size_t j = i + 1;
      if (j < n && s[j] == '/') j++;
      size_t w = j;
      while (j < n && j - w < 12 && is_lower((unsigned char)s[j])) j++;
      if (j > w && j < n && s[j] == '>') {
        i = j;
        continue;
      }
    }
    if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
        ((unsigned char)s[i + 2] == 0xA0 || (unsigned char)s[i + 2] == 0xA1)) { /* † ‡ */
      i += 2;
      continue;
    }
    if (c == '\n') {
      while (k && t[k - 1] == ' ') k--;
      if (k && !strchr(".?!:;,", t[k - 1])) t[k++] = '.';
      c = ' ';
    }
    if (c < 0x20 || c == 0x7F) c = ' ';
    if (c == ' ' && (k == 0 || t[k - 1] == ' ')) continue;
    t[k++] = (char)c;
  }
  while (k && t[k - 1] == ' ') k--;
  t[k] = '\0';
  /* leading "[12]", "12.", "(3)" */
  size_t p = 0;
  if (k && (t[0] == '[' || t[0] == '(')) {
    size_t j = 1;
    while (j < k && is_digit((unsigned char)t[j])) j++;
    if (j > 1 && j < k && (t[j] == ']' || t[j] == ')')) p = j + 1;
  } else {
    size_t j = 0;
    while (j < k && is_digit((unsigned char)t[j])) j++;
    if (j && j <= 3 && j + 1 < k && (t[j] == '.' || t[j] == ')') && t[j + 1] == ' ') p = j + 1;
  }
  while (p < k && t[p] == ' ') p++;
  memmove(t, t + p, k - p + 1);
  *outn = k - p;
  return t;
}

/* ---------------------------------------------------------- identifiers */

static bool url_char(unsigned char c) { return c > ' ' && c != '"' && c != '<' && c != '>'; }

/* Length of an identifier at s (up to a space), without trailing .,;) */
static size_t ident_len(const char *s, size_t n) {
  size_t j = 0;
  while (j < n && url_char((unsigned char)s[j]) && !(s[j] == ']' && j + 1 < n && s[j + 1] == '(')) j++;
  size_t open = 0, close = 0;
  for (size_t k = 0; k < j; k++) open += s[k] == '(', close += s[k] == ')';
  while (j && strchr(".,;:)]}'", s[j - 1])) {
    if (s[j - 1] == ')') { /* keep a balanced ")" as in 10.1002/(SICI)... */
      if (open >= close) break;
      close--;
    }
    j--;
  }
  return j;
}

static char *lowered(cvx_arena *a, const char *s, size_t n) {
  char *d = dup(a, s, n);
  for (size_t i = 0; i < n; i++) d[i] = lower(d[i]);
  return d;
}

/* An arXiv id at s: new style 1811.04567 (version dropped) or old hep-th/9901001. */
static size_t arxiv_id(const char *s, size_t n, size_t *idlen) {
  size_t j = 0;
  while (j < n && is_digit((unsigned char)s[j])) j++;
  if (j == 4 && j < n && s[j] == '.') {
    size_t k = j + 1;
    while (k < n && is_digit((unsigned char)s[k])) k++;
    if (k - j - 1 >= 4 && k - j - 1 <= 5) {
      *idlen = k;
      if (k < n && s[k] == 'v') {
        k++;
        while (k < n && is_digit((unsigned char)s[k])) k++;
      }
      return k;
    }
    return 0;
  }
  j = 0;
  while (j < n && (is_lower((unsigned char)s[j]) || s[j] == '-' || s[j] == '.')) j++;
  if (j >= 2 && j < n && s[j] == '/') {
    size_t k = j + 1;
    while (k < n && is_digit((unsigned char)s[k])) k++;
    if (k - j - 1 == 7) {
      *idlen = k;
      return k;
    }
  }
  return 0;
}

/* Removes DOIs, arXiv ids and URLs (with labels such as "doi:", "Available:")
 * from t, filling the matching fields. */
static unsigned char *mark_identifiers(cvx_arena *a, const char *t, size_t n, cvx_ref *r) {
  unsigned char *del = cvx_arena_alloc(a, n + 1);
  memset(del, 0, n + 1);
  for (size_t i = 0; i < n; i++) {
    if (i && is_alnum((unsigned char)t[i - 1])) continue;
    /* every identifier below starts with one of h w d 1 a (any case) */
    char c0 = lower(t[i]);
    if (c0 != 'h' && c0 != 'w' && c0 != 'd' && c0 != '1' && c0 != 'a') continue;
    size_t len = 0, body = 0;
    const char *rest = t + i;
    size_t rn = n - i;
    if (starts_ci(rest, rn, "http://") || starts_ci(rest, rn, "https://") ||
        starts_ci(rest, rn, "www.")) {
      len = ident_len(rest, rn);
      const char *d = NULL;
      for (size_t k = 0; k + 8 <= len; k++)
        if (starts_ci(rest + k, len - k, "doi.org/")) {
          d = rest + k + 8;
          break;
        }
      size_t ax = 0;
      for (size_t k = 0; k + 14 <= len; k++)
        if (starts_ci(rest + k, len - k, "arxiv.org/abs/") ||
            starts_ci(rest + k, len - k, "arxiv.org/pdf/")) {
          size_t il = 0;
          if (arxiv_id(rest + k + 14, len - k - 14, &il)) {
            if (!r->arxiv) r->arxiv = dup(a, rest + k + 14, il);
            ax = 1;
          }
          break;
        }
      if (d && (size_t)(d - rest) < len) {
        if (!r->doi) r->doi = lowered(a, d, len - (size_t)(d - rest));
      } else if (!ax && !r->url) {
        r->url = dup(a, rest, len);
      }
    } else if (starts_ci(rest, rn, "doi:") || starts_ci(rest, rn, "doi ")) {
      size_t k = 4;
      while (k < rn && rest[k] == ' ') k++;
      if (starts_ci(rest + k, rn - k, "10.")) {
        body = ident_len(rest + k, rn - k);
        if (!r->doi) r->doi = lowered(a, rest + k, body);
        len = k + body;
      }
    } else if (starts_ci(rest, rn, "10.") && rn > 8 && is_digit((unsigned char)rest[3])) {
      size_t k = 3;
      while (k < rn && is_digit((unsigned char)rest[k])) k++;
      if (k < rn && rest[k] == '/' && k >= 7) {
        len = ident_len(rest, rn);
        if (!r->doi) r->doi = lowered(a, rest, len);
      }
    } else if (starts_ci(rest, rn, "arxiv:") || starts_ci(rest, rn, "arxiv ")) {
      size_t k = 6, il = 0;
      while (k < rn && rest[k] == ' ') k++;
      size_t m = arxiv_id(rest + k, rn - k, &il);
      if (m) {
        if (!r->arxiv) r->arxiv = dup(a, rest + k, il);
        len = k + m;
        size_t q = len; /* " [cs.LG]" */
        while (q < rn && rest[q] == ' ') q++;
        if (q < rn && rest[q] == '[') {
          size_t z = q + 1;
          while (z < rn && z - q < 24 && rest[z] != ']' && rest[z] != ' ') z++;
          if (z < rn && rest[z] == ']') len = z + 1;
        }
        /* "arXiv preprint arXiv:…" keeps the venue words before it */
      }
    }
    if (!len) continue;
    for (size_t k = 0; k < len; k++) del[i + k] = 1;
    /* a label just before: "Available:", "URL", "doi:", "Retrieved from", "[Online]." */
    size_t b = i;
    while (b && t[b - 1] == ' ') b--;
    static const char *const labels[] = {"available at:", "available at", "available:", "available from:",
                                         "available from", "url:", "url", "retrieved from",
                                         "online:", "[online]:", "[online].", "[online]",
                                         "doi:", "doi", "from", NULL};
    for (int l = 0; labels[l]; l++) {
      size_t m = strlen(labels[l]);
      if (b >= m && starts_ci(t + b - m, m, labels[l]) && (b == m || !is_alnum((unsigned char)t[b - m - 1]))) {
        if (!strcmp(labels[l], "from") && !(b >= m + 10 && starts_ci(t + b - m - 10, 10, "retrieved "))) continue;
        for (size_t k = b - m; k < i; k++) del[k] = 1;
        break;
      }
    }
    i += len - 1;
  }
  return del;
}

static void take_identifiers(cvx_arena *a, char *t, size_t *tn, cvx_ref *r) {
  size_t n = *tn;
  const unsigned char *del = mark_identifiers(a, t, n, r);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (del[i]) continue;
    if (t[i] == ' ' && (k == 0 || t[k - 1] == ' ')) continue;
    t[k++] = t[i];
  }
  while (k && (t[k - 1] == ' ' || t[k - 1] == ',' || t[k - 1] == ';')) k--;
  t[k] = '\0';
  *tn = k;
}

/* ---------------------------------------------------------------- years */

static const char *const months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                     "jul", "aug", "sep", "oct", "nov", "dec"};

/* Month 1..12 of the word ending right before position e (a month name or
 * its abbreviation), else 0. */
static int month_before(const char *t, size_t e) {
  while (e && (t[e - 1] == ' ' || t[e - 1] == ',' || t[e - 1] == '.')) e--;
  size_t b = e;
  while (b && is_alpha((unsigned char)t[b - 1])) b--;
  if (e - b < 3) return 0;
  for (int m = 0; m < 12; m++)
    if (starts_ci(t + b, e - b, months[m])) return m + 1;
  return 0;
}

typedef struct year_at {
  size_t s, e; /* the year token, with parentheses and a letter suffix */
  int year;
  bool paren;
} year_at;

/* Finds the reference's year: the first one in parentheses, else the last
 * 1900-2099 one, else the last 1500-1899 one. */
static bool find_year(const char *t, size_t n, year_at *out) {
  bool got = false, got_paren = false, got_modern = false;
  for (size_t i = 0; i + 4 <= n; i++) {
    if (!is_digit((unsigned char)t[i]) || (i && is_alnum((unsigned char)t[i - 1]))) continue;
    if (!is_digit((unsigned char)t[i + 1]) || !is_digit((unsigned char)t[i + 2]) ||
        !is_digit((unsigned char)t[i + 3])) {
      continue;
    }
    size_t e = i + 4;
    if (e < n && is_digit((unsigned char)t[e])) {
      while (i + 1 < n && is_digit((unsigned char)t[i + 1])) i++;
      continue;
    }
    if (e < n && is_lower((unsigned char)t[e]) && (e + 1 >= n || !is_alpha((unsigned char)t[e + 1]))) e++;
    else if (e < n && is_alpha((unsigned char)t[e])) continue;
    int y = (t[i] - '0') * 1000 + (t[i + 1] - '0') * 100 + (t[i + 2] - '0') * 10 + (t[i + 3] - '0');
    if (y < 1500 || y > 2099) continue;
    /* not a page range "1607-1612" nor a volume-issue "1994;12" */
    if (i && t[i - 1] == '-' && i >= 2 && is_digit((unsigned char)t[i - 2])) continue;
    bool modern = y >= 1900;
    bool paren = i && (t[i - 1] == '(' || t[i - 1] == '[');
    if (!paren && i >= 2 && t[i - 1] == ' ' && t[i - 2] == '(') paren = true;
    if (!paren) { /* "(June 1990)", "(Oct. 1994)" */
      size_t b = i;
      while (b && t[b - 1] == ' ') b--;
      size_t w = b;
      while (w && (is_alpha((unsigned char)t[w - 1]) || t[w - 1] == '.')) w--;
      while (w && t[w - 1] == ' ') w--;
      if (w && t[w - 1] == '(' && month_before(t, b)) paren = true;
    }
    if (got_paren) continue;
    if (paren) {
      *out = (year_at){i, e, y, true};
      got = got_paren = true;
      continue;
    }
    if (modern || !got_modern) {
      *out = (year_at){i, e, y, false};
      got = true;
      got_modern |= modern;
    }
  }
  if (got && out->paren) {
    if (out->s && (t[out->s - 1] == '(' || t[out->s - 1] == '[')) out->s--;
    size_t e = out->e;
    if (e < n && (t[e] == ')' || t[e] == ']')) out->e = e + 1;
  }
  return got;
}

/* ---------------------------------------------------------------- words */

typedef struct word {
  size_t s, e;  /* core: without leading quotes/brackets and trailing punctuation */
  size_t end;   /* end including trailing punctuation */
  char trail;   /* last punctuation before the space: , . ; : or 0 */
  bool lead;    /* began with a quote or bracket */
} word;

static word *split_words(cvx_arena *a, const char *t, size_t n, size_t *nw) {
  size_t cap = 1;
  for (size_t i = 0; i < n; i++) cap += t[i] == ' ';
  word *w = cvx_arena_alloc(a, cap * sizeof *w);
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    while (i < n && t[i] == ' ') i++;
    if (i >= n) break;
    size_t b = i;
    while (i < n && t[i] != ' ') i++;
    word x = {b, i, i, 0, false};
    while (x.s < x.e && strchr("(\"'`[", t[x.s])) x.s++, x.lead = true;
    if (x.s + 3 <= x.e && (unsigned char)t[x.s] == 0xE2 && (unsigned char)t[x.s + 1] == 0x80 &&
        ((unsigned char)t[x.s + 2] == 0x9C || (unsigned char)t[x.s + 2] == 0x98))
      x.s += 3, x.lead = true;
    if (x.s + 2 <= x.e && (unsigned char)t[x.s] == 0xC2 && (unsigned char)t[x.s + 1] == 0xAB)
      x.s += 2, x.lead = true;
    while (x.e > x.s && strchr(",.;:", t[x.e - 1])) x.e--;
    /* keep the dot of an initial in the core: "J." */
    if (x.e > x.s && x.e < x.end && t[x.e] == '.') x.e++;
    if (strchr(",.;:", t[x.end - 1])) x.trail = t[x.end - 1];
    w[k++] = x;
  }
  *nw = k;
  return w;
}

static size_t wlen(const word *w) { return w->e - w->s; }

/* "J.", "C.J.", "M.-É.", "Th.", or a lone capital "J" */
static bool w_initial(const char *t, const word *w) {
  size_t n = wlen(w);
  const char *s = t + w->s;
  if (!n || !(is_upper((unsigned char)s[0]) || (unsigned char)s[0] >= 0xC3)) return false;
  bool dot = false;
  size_t seg = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '.') {
      dot = true;
      seg = 0;
    } else if (c == '-') {
      seg = 0;
    } else if (is_alpha(c)) {
      if (c < 0x80 || c >= 0xC0) seg++;
      if (seg > 2) return false;
      if (seg == 2 && is_lower(c) && !(i && strchr("TCPS", s[i - 1]) && c == 'h')) return false;
    } else {
      return false;
    }
  }
  if (dot) return true;
  size_t letters = 0;
  for (size_t i = 0; i < n; i++) letters += ((unsigned char)s[i] < 0x80 || (unsigned char)s[i] >= 0xC0);
  return letters == 1;
}

/* 1-3 capitals without dots: Vancouver initials "ML". */
static bool w_caps_initials(const char *t, const word *w) {
  size_t n = wlen(w);
  if (w->trail == '.' && n && t[w->e - 1] == '.') n--;
  if (n < 1 || n > 3) return false;
  for (size_t i = 0; i < n; i++)
    if (!is_upper((unsigned char)t[w->s + i])) return false;
  return true;
}

static bool w_is(const char *t, const word *w, const char *s) {
  return wlen(w) == strlen(s) && starts_ci(t + w->s, wlen(w), s);
}

static bool w_particle(const char *t, const word *w) {
  static const char *const p[] = {"van", "von", "de", "der", "den", "del", "della", "di", "da",
                                  "du", "la", "le", "ten", "ter", "dos", "das", "des", "vander",
                                  "st.", "bin", "al", "el", NULL};
  if (!is_lower((unsigned char)t[w->s])) return false;
  for (int k = 0; p[k]; k++)
    if (w_is(t, w, p[k])) return true;
  return false;
}

/* "(M.)", "(A.-T.)" after a family: initials closed by a bracket. */
static bool bracket_initials(const char *t, const word *w) {
  if (!w->lead || t[w->s - 1] != '(' || wlen(w) < 2 || t[w->e - 1] != ')') return false;
  word in = *w;
  in.e--;
  in.lead = false;
  return w_initial(t, &in) || w_caps_initials(t, &in);
}

/* A particle written with a capital inside a natural-order name: "Marta La
 * Spina", "Pieter Van Der Kolk", "Bram VAN DEN BOS" (any case; only ever
 * taken between a given name and the last word). */
static bool w_cap_particle(const char *t, const word *w) {
  static const char *const p[] = {"van", "von", "de", "der", "den", "del", "della", "di", "da", "du", "la",
                                  "le", "ten", "ter", "dos", "das", "des", NULL};
  if (w_particle(t, w)) return true;
  for (int k = 0; p[k]; k++)
    if (w_is(t, w, p[k])) return true;
  return false;
}

/* A capitalised word that starts a title or a sentence, never a name: "The
 * Salt and the Sea", "On Tides"; "A" only before two words with no mark
 * between ("A Ledger of Tides", not the initial of "A Quill,"). */
static bool w_title_start(const char *t, const word *w, size_t i, size_t limit) {
  static const char *const p[] = {"the", "on", "of", "in", "for", "from", "with", "towards", "toward",
                                  "how", "why", "what", "when", "where", "is", "are", "using", "beyond",
                                  "between", "into", "about", NULL};
  if (!is_upper((unsigned char)t[w[i].s])) return false;
  if (w_is(t, &w[i], "a")) return !w[i].trail && i + 2 < limit && !w[i + 1].trail;
  for (int k = 0; p[k]; k++)
    if (w_is(t, &w[i], p[k])) return true;
  return false;
}

static bool w_suffix(const char *t, const word *w) {
  return w_is(t, w, "jr.") || w_is(t, w, "jr") || w_is(t, w, "sr.") || w_is(t, w, "ii") ||
         w_is(t, w, "iii") || w_is(t, w, "iv");
}

/* A capitalised name word: "McGee", "O'Brien", "Villeneuve-Saint", "ÉMILE". */
static bool w_capword(const char *t, const word *w) {
  size_t n = wlen(w);
  const char *s = t + w->s;
  if (!n || w->lead) return false;
  if (!(is_upper((unsigned char)s[0]) || (unsigned char)s[0] >= 0xC3)) return false;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!is_alpha(c) && c != '-' && c != '\'' && !(c == '.' && i == n - 1)) return false;
  }
  return true;
}

static bool w_conj(const char *t, const word *w) {
  return w_is(t, w, "and") || w_is(t, w, "&") || w_is(t, w, "und") || w_is(t, w, "et");
}

/* "et al." / "et al" / "et. al." / "..." / "others" at word i; returns words used. */
static size_t w_etal(const char *t, const word *w, size_t i, size_t nw) {
  if (i + 1 < nw && (w_is(t, &w[i], "et") || w_is(t, &w[i], "et.")) &&
      (w_is(t, &w[i + 1], "al.") || w_is(t, &w[i + 1], "al")))
    return 2;
  if (w_is(t, &w[i], "al.") && i && w_is(t, &w[i - 1], "et")) return 1;
  if (w_is(t, &w[i], "others") || w_is(t, &w[i], "...") || w_is(t, &w[i], "etal")) return 1;
  return 0;
}

static bool w_nameish(const char *t, const word *w) {
  return w_initial(t, w) || w_capword(t, w) || w_particle(t, w) || w_suffix(t, w);
}

/* "eds.", "(Ed.)", "editors": the word ignoring case, dots and parentheses. */
static bool editor_word(const char *t, const word *w) {
  char b[12];
  size_t k = 0;
  for (size_t i = w->s; i < w->end && k < sizeof b - 1; i++)
    if (is_alpha((unsigned char)t[i])) b[k++] = lower(t[i]);
    else if (!strchr("().,;:", t[i])) return false;
  b[k] = '\0';
  return !strcmp(b, "ed") || !strcmp(b, "eds") || !strcmp(b, "editor") || !strcmp(b, "editors");
}

/* ---------------------------------------------------------------- names */

typedef struct names {
  cvx_arena *a;
  const char *t;
  cvx_ref *r;
  size_t cap;
} names;

static void add_name(names *nm, size_t fs, size_t fe, size_t gs, size_t ge) {
  cvx_ref *r = nm->r;
  if (r->nauthors >= CVX_REF_MAX_AUTHORS) {
    r->et_al = true;
    return;
  }
  trim(nm->t, &fs, &fe, "", ",;:.");
  if (fe <= fs) return;
  if (r->nauthors == nm->cap) {
    size_t nc = nm->cap ? nm->cap * 2 : 8;
    r->authors = cvx_arena_grow(nm->a, r->authors, r->nauthors, nc, sizeof *r->authors);
    nm->cap = nc;
  }
  cvx_ref_name *x = &r->authors[r->nauthors++];
  x->family = dup(nm->a, nm->t + fs, fe - fs);
  if (ge > gs) {
    trim(nm->t, &gs, &ge, "", ",;:");
    if (ge > gs) x->given = dup(nm->a, nm->t + gs, ge - gs);
  }
}

/* A natural-order name over words [b,e): family = last word and the particles
 * or capitalised particles ("VAN DEN") before it. */
static void add_natural(names *nm, const word *w, size_t b, size_t e) {
  while (e > b + 1 && w_suffix(nm->t, &w[e - 1])) e--;
  size_t f = e - 1;
  while (f > b + 1 && w_cap_particle(nm->t, &w[f - 1])) f--;
  while (f > b && w_particle(nm->t, &w[f - 1])) f--;
  add_name(nm, w[f].s, w[e - 1].e, w[b].s, f > b ? w[f - 1].e : w[b].s);
}

/* True when word i ends an author chunk by punctuation (",", ";"), or by a
 * dot after a word that is not an initial. */
static bool chunk_end(const char *t, const word *w) {
  return w->trail == ',' || w->trail == ';' || (w->trail == '.' && !w_initial(t, w));
}

/* True when word i starts another "Family, I." name. */
static bool ff_next(const char *t, const word *w, size_t i, size_t limit) {
  return i + 1 < limit && w_capword(t, &w[i]) && !w_initial(t, &w[i]) && w[i].trail == ',' &&
         (w_initial(t, &w[i + 1]) || w_caps_initials(t, &w[i + 1]));
}

/* Parses the author list starting at word 0 and not past word limit; returns
 * the index of the first word after it (0 when there is none). */
static size_t parse_names(names *nm, const word *w, size_t nw, size_t limit) {
  const char *t = nm->t;
  size_t i = 0;
  if (limit > nw) limit = nw;
  if (!limit) return 0;
  /* initials in brackets after each family: "QUILL (M.), RENN (A.-T.) 2006" */
  for (size_t b = 0; i < limit;) {
    b = i;
    while (i < limit && i - b < 3 && (w_capword(t, &w[i]) || w_particle(t, &w[i])) && !w[i].trail) i++;
    if (i == b || i >= limit || !w_capword(t, &w[i - 1]) || !bracket_initials(t, &w[i])) {
      if (nm->r->nauthors) return b;
      i = 0;
      break;
    }
    add_name(nm, w[b].s, w[i - 1].e, w[i].s, w[i].e - 1);
    char tr = w[i].trail;
    i++;
    if (i < limit && w_etal(t, w, i, limit)) {
      nm->r->et_al = true;
      return i + w_etal(t, w, i, limit);
    }
    if (i < limit && w_conj(t, &w[i])) i++;
    else if (tr != ',' && tr != ';') return i;
  }
  if (nm->r->nauthors) return i;
  /* families alone: "Quill, Renn, Okafor & Lind 1993": three or more single
   * words, commas between, a conjunction before the last, a year after it */
  {
    size_t q = 0;
    while (q < limit && q < 12 && w_capword(t, &w[q]) && !w_initial(t, &w[q]) && !w_title_start(t, w, q, limit) &&
           w[q].trail == ',')
      q++;
    size_t c = q; /* the conjunction, after a comma or after one more family */
    if (q >= 1 && c < limit && !w_conj(t, &w[c]) && w_capword(t, &w[c]) && !w_initial(t, &w[c]) &&
        !w_title_start(t, w, c, limit) && !w[c].trail)
      c++;
    if (c >= 2 && c + 1 < limit && c + 2 < nw && w_conj(t, &w[c]) && w_capword(t, &w[c + 1]) &&
        !w_initial(t, &w[c + 1]) && (!w[c + 1].trail || w[c + 1].trail == ',' || w[c + 1].trail == '.') &&
        is_digit((unsigned char)t[w[c + 2].s])) {
      for (size_t k = 0; k < c; k++) add_name(nm, w[k].s, w[k].e, 0, 0);
      add_name(nm, w[c + 1].s, w[c + 1].e, 0, 0);
      return c + 2;
    }
  }
  /* family first: "Family, I." / "van der Pol, J." / "Hammett, Daniel." */
  size_t f = 0;
  while (f < limit && f < 4 && (w_capword(t, &w[f]) || w_particle(t, &w[f])) && !w[f].trail) f++;
  bool ff = f < limit && f < 4 && (w_capword(t, &w[f]) || w_particle(t, &w[f])) && w[f].trail == ',' &&
            !w_initial(t, &w[f]) && f + 1 < limit &&
            (w_initial(t, &w[f + 1]) || w_capword(t, &w[f + 1]));
  if (ff && f >= 1 && !w_initial(t, &w[f + 1])) {
    for (size_t q = 0; q < f; q++)
      if (!w_particle(t, &w[q]) && !w_is(t, &w[q], "De") && !w_is(t, &w[q], "Van") && !w_is(t, &w[q], "Von") &&
          !w_is(t, &w[q], "Le") && !w_is(t, &w[q], "La") && !w_is(t, &w[q], "Du") && !w_is(t, &w[q], "Di"))
        ff = false;
  }
  /* "Anna Maria Quill, T. Renn, …": three words without a particle before the
   * comma and an initial glued to the next capitalised word are natural-order
   * names ("Peyton Jones, S. L., …" keeps its comma after the initials) */
  if (ff && f >= 2 && w_initial(t, &w[f + 1])) {
    bool plain = true;
    for (size_t q = 0; q < f; q++) plain &= !w_cap_particle(t, &w[q]);
    size_t q = f + 1;
    while (q < limit && q < f + 5 && w_initial(t, &w[q]) && (!w[q].trail || w[q].trail == '.')) q++;
    if (plain && q < limit && w_capword(t, &w[q]) && !w_initial(t, &w[q]) &&
        (w[q].trail == ',' || w[q].trail == ';' || (q + 1 < limit && w_conj(t, &w[q + 1]))))
      ff = false;
  }
  /* "Perrin, Note sur …": a given name is not followed by a lower-case word */
  if (ff && !w_initial(t, &w[f + 1]) && !w[f + 1].trail && f + 2 < nw && is_lower((unsigned char)t[w[f + 2].s]) &&
      !w_conj(t, &w[f + 2]) && !w_particle(t, &w[f + 2]))
    ff = false;
  /* Vancouver: "Lindholm ML," */
  bool van = !ff && limit >= 2 && w_capword(t, &w[0]) && !w[0].trail && !w_initial(t, &w[0]);
  if (van) {
    size_t k = 1;
    while (k < limit && k < 4 && !w[k].trail && w_capword(t, &w[k]) && !w_caps_initials(t, &w[k])) k++;
    van = k < limit && (w_caps_initials(t, &w[k]) || w_initial(t, &w[k])) &&
          (w[k].trail || (k + 1 < limit && w[k + 1].lead) || (k + 1 < limit && w_initial(t, &w[k + 1])));
    /* "Larry D. Wittie," is natural order */
    if (van && wlen(&w[k]) == 2 && t[w[k].e - 1] == '.' && w[k].trail != ',' && w[k].trail != ';' && k + 1 < limit &&
        w_capword(t, &w[k + 1]) && !w_initial(t, &w[k + 1]))
      van = false;
    if (van && !w_caps_initials(t, &w[k]) && !w[k].trail && k + 1 < limit && w_initial(t, &w[k + 1])) {
      size_t q = k + 1;
      while (q < limit && w_initial(t, &w[q]) && !w[q].trail) q++;
      if (q < limit && w_capword(t, &w[q]) && !w_initial(t, &w[q])) van = false;
    }
  }
  if (van) {
    while (i < limit) {
      size_t ea = w_etal(t, w, i, limit);
      if (ea) {
        nm->r->et_al = true;
        return i + ea;
      }
      size_t b = i;
      while (i < limit && i - b < 5 && !w[i].trail && !w_caps_initials(t, &w[i]) && !w_initial(t, &w[i]) &&
             (w_capword(t, &w[i]) || w_particle(t, &w[i])))
        i++;
      if (i >= limit || i == b || !(w_caps_initials(t, &w[i]) || w_initial(t, &w[i]))) return b;
      size_t gi = i;
      while (i + 1 < limit && (!w[i].trail || w[i].trail == '.') && w_initial(t, &w[i + 1])) i++; /* "Harrison R. M." */
      size_t ge = w[i].e; /* "Okafor AN." ends the list: the dot is no part of "AN" */
      if (w_caps_initials(t, &w[i]) && wlen(&w[i]) >= 3 && t[ge - 1] == '.' && !memchr(t + w[i].s, '.', wlen(&w[i]) - 1))
        ge--;
      add_name(nm, w[b].s, w[gi - 1].e, w[gi].s, ge);
      char tr = w[i].trail;
      i++;
      if (tr == ',' || tr == ';') {
        if (i < limit && w_conj(t, &w[i])) i++;
        continue;
      }
      if (i < limit && w_conj(t, &w[i])) {
        i++;
        continue;
      }
      return i;
    }
    return i;
  }
  if (ff) {
    bool first = true, initials_style = false;
    while (i < limit) {
      size_t ea = w_etal(t, w, i, limit);
      if (ea) {
        nm->r->et_al = true;
        return i + ea;
      }
      if (w_conj(t, &w[i]) && !first) i++;
      if (i >= limit) return i;
      if ((ea = w_etal(t, w, i, limit))) { /* "Nishida, T., & et al." */
        nm->r->et_al = true;
        return i + ea;
      }
      size_t b = i;
      if (!first && w_title_start(t, w, b, limit)) return b;
      bool has_initial = false;
      while (i < limit && i - b < 5 && w_nameish(t, &w[i]) && !chunk_end(t, &w[i])) {
        if (w[i].trail == ':') return b;
        has_initial |= w_initial(t, &w[i]);
        /* capitals run together between a given name and a family: "Bram HJ VAN BOS" */
        has_initial |= i > b && wlen(&w[i]) >= 2 && w_caps_initials(t, &w[i]) && !w_cap_particle(t, &w[i]) &&
                       w_capword(t, &w[b]) && !w_caps_initials(t, &w[b]);
        if (i + 1 < limit && w_conj(t, &w[i + 1])) break;
        i++;
      }
      if (i >= limit && i > b && limit < nw) i = limit - 1; /* "J. L. Watkins (2003)" */
      else if (i < limit && i > b && !w_nameish(t, &w[i]) && w[i].lead) i--; /* "W. Clinger (Eds.)" */
      if (i >= limit || !w_nameish(t, &w[i])) return b;
      has_initial |= w_initial(t, &w[i]);
      size_t e = i + 1; /* chunk is [b,e) */
      if (!first && initials_style && !has_initial && e - b >= 2 && !w_particle(t, &w[b]) &&
          !(e < limit && w_initial(t, &w[e])))
        return b; /* "Card, S. K., …, The Information Visualizer, …" */
      if (has_initial || (!first && e - b >= 2 && !(e < limit && w_initial(t, &w[e])) &&
                          !w_particle(t, &w[b]))) {
        /* a natural-order name inside a family-first list: "Robert E. Stepp," */
        if (has_initial && !w_initial(t, &w[e - 1]) && e - b >= 2) {
          add_natural(nm, w, b, e);
        } else if (has_initial && e - b >= 2 && w_capword(t, &w[b]) && !w_initial(t, &w[b])) {
          size_t q = b + 1; /* "Neal R. M.," */
          while (q < e && !w_initial(t, &w[q])) q++;
          add_name(nm, w[b].s, w[q - 1].e, w[q].s, w[e - 1].e);
        } else if (has_initial) {
          return b;
        } else {
          add_natural(nm, w, b, e);
        }
        i = e;
        if (w[e - 1].trail == '.' && !w_initial(t, &w[e - 1])) return i;
        if (w[e - 1].trail == ',' || w[e - 1].trail == ';' || (i < limit && w_conj(t, &w[i]))) {
          first = false;
          continue;
        }
        return i;
      }
      if (!first && initials_style && e - b >= 2 && !w_particle(t, &w[b]) && i + 1 < limit && !w_initial(t, &w[i + 1]))
        return b; /* "Lorho, B., Attribute Grammars, …" */
      if (w[i].trail != ',' && w[i].trail != ';') { /* a family with nothing after it */
        /* before a quoted title, a year or "(Eds.)"; not before a bracket
         * inside a title: "…, Salt-Marsh (Coastal) birds" */
        bool lead_ok = i + 1 < limit && w[i + 1].lead &&
                       (!strchr("([", t[w[i + 1].s - 1]) || is_digit((unsigned char)t[w[i + 1].s]) ||
                        editor_word(t, &w[i + 1]));
        if (!first && (w[i].trail == '.' || lead_ok || i + 1 >= limit)) {
          add_name(nm, w[b].s, w[i].e, 0, 0);
          return i + 1;
        }
        if (!first && i + 2 < limit && w_conj(t, &w[i + 1]) && w_capword(t, &w[i + 2])) {
          add_name(nm, w[b].s, w[i].e, 0, 0);
          i++;
          continue;
        }
        return b;
      }
      size_t fam_s = w[b].s, fam_e = w[i].e;
      i++;
      /* given: initials and capitalised words */
      size_t g = i;
      bool end_list = false;
      while (i < limit && i - g < 4) {
        if (w_etal(t, w, i, limit) || w_conj(t, &w[i])) break;
        if (!w_initial(t, &w[i]) && !(w_capword(t, &w[i]) && (i == g || w_initial(t, &w[i - 1]) || w_capword(t, &w[i - 1]))))
          break;
        if (w_suffix(t, &w[i]) && i > g) break;
        if (i > g && ff_next(t, w, i, limit)) break; /* "Langdon, R. Coltheart, M." */
        if (i > g && !w_initial(t, &w[i]) && w_initial(t, &w[i - 1]) && t[w[i - 1].e - 1] == '.' &&
            w[i].trail == '.' && !(i + 1 < limit && w_initial(t, &w[i + 1]))) {
          i++; /* "Pate, C. Marvin." */
          end_list = true;
          break;
        }
        if (i > g && !w_initial(t, &w[i]) && w_initial(t, &w[i - 1]) && t[w[i - 1].e - 1] == '.') {
          /* "Zwarico, A. Application of …": a capitalised word after an
           * initial starts the title unless a separator follows it */
          if (!(w[i].trail == ',' || w[i].trail == ';' || (i + 1 < limit && w_conj(t, &w[i + 1])))) {
            end_list = true;
            break;
          }
        }
        char tr = w[i].trail;
        i++;
        if (tr == ',' || tr == ';') break;
        if (tr == '.' && !w_initial(t, &w[i - 1])) {
          end_list = true;
          break;
        }
        if (tr == ':') {
          end_list = true;
          break;
        }
      }
      if (i == g && !(i < limit && (w_conj(t, &w[i]) || w_etal(t, w, i, limit)))) {
        /* "Chiba, Nakanishi, …": families only, or not a name after all */
        if (first && !(i < limit && w_capword(t, &w[i]))) return 0;
      }
      add_name(nm, fam_s, fam_e, i > g ? w[g].s : 0, i > g ? w[i - 1].e : 0);
      if (first && i > g && w_initial(t, &w[g])) initials_style = true;
      first = false;
      if (end_list) return i;
      if (i < limit && i > g && w[i - 1].trail == '.' && w_initial(t, &w[i - 1]) &&
          !(w_conj(t, &w[i]) || w_etal(t, w, i, limit) || w_initial(t, &w[i]) || ff_next(t, w, i, limit)))
        return i; /* "Baader, F. (1991)." */
      if (i > g && !w[i - 1].trail && !(i < limit && (w_conj(t, &w[i]) || w_etal(t, w, i, limit))))
        return i;
    }
    return i;
  }
  /* natural order: "J. E. Dennis and R. B. Schnabel." */
  bool first = true, nat_initials = false;
  while (i < limit) {
    size_t ea = w_etal(t, w, i, limit);
    if (ea) {
      if (first) return 0;
      nm->r->et_al = true;
      return i + ea;
    }
    bool after_conj = false;
    if (!first && w_conj(t, &w[i])) i++, after_conj = true;
    if (i >= limit) return i;
    size_t b = i;
    if (w_title_start(t, w, b, limit)) return first ? 0 : b;
    while (i < limit && i - b < 6 && w_nameish(t, &w[i]) && !chunk_end(t, &w[i])) {
      if (i + 1 < limit && (w_conj(t, &w[i + 1]) || w_etal(t, w, i + 1, limit))) break;
      i++;
    }
    if (i >= limit && i > b && limit < nw) i = limit - 1;
    else if (i < limit && i > b && !w_nameish(t, &w[i]) && w[i].lead) i--;
    if (i >= limit || !w_nameish(t, &w[i])) return first ? 0 : b;
    bool chunk_initial = false;
    for (size_t q = b; q <= i; q++) chunk_initial |= w_initial(t, &w[q]);
    if (!first && nat_initials && !chunk_initial && !(after_conj && i - b == 1 && w[i].trail == '.'))
      return b; /* "R. Chandra, …, Scheduling and …" */
    if (first) {
      nat_initials = i > b;
      for (size_t q = b; q < i; q++) nat_initials &= w_initial(t, &w[q]);
    }
    size_t e = i + 1;
    /* a valid end: punctuation, a conjunction, "et al.", or a year/quote next */
    bool ends = w[i].trail || e >= limit || w_conj(t, &w[e]) || w_etal(t, w, e, limit) || w[e].lead ||
                is_digit((unsigned char)t[w[e].s]);
    if (!ends || w_initial(t, &w[i]) || w_particle(t, &w[i])) return first ? 0 : b;
    if (e - b < 2 && !after_conj && first) return 0;
    size_t spelt = 0; /* words other than initials: "J. K. L. M. Renn" is one name */
    for (size_t q = b; q < e; q++) spelt += !w_initial(t, &w[q]);
    if (spelt > 4 || e - b > 6) return first ? 0 : b;
    size_t caps = 0;
    for (size_t q = b; q < e; q++)
      caps += !w_initial(t, &w[q]) && !w_particle(t, &w[q]) && !(q > b && q + 1 < e && w_cap_particle(t, &w[q]));
    if (caps > 3) return first ? 0 : b; /* "Tiered Logging Done Right." is a title */
    /* a lower-case word inside ("Deep learning") is no name */
    add_natural(nm, w, b, e);
    first = false;
    i = e;
    if (w[i - 1].trail == '.' || w[i - 1].trail == ':') return i;
    if (w[i - 1].trail == ',' || w[i - 1].trail == ';') continue;
    if (i < limit && (w_conj(t, &w[i]) || w_etal(t, w, i, limit))) continue;
    return i;
  }
  return i;
}

/* ---------------------------------------------------------------- venue */

static bool vol_word(const char *s, size_t n) {
  return starts_ci(s, n, "vol.") || starts_ci(s, n, "vol ") || starts_ci(s, n, "volume ") ||
         starts_ci(s, n, "pp.") || starts_ci(s, n, "pp ") || starts_ci(s, n, "pages ") ||
         starts_ci(s, n, "page ") || starts_ci(s, n, "p. ") || starts_ci(s, n, "no. ") ||
         starts_ci(s, n, "no ") || starts_ci(s, n, "nr. ") || starts_ci(s, n, "issue ") ||
         starts_ci(s, n, "n. ") || starts_ci(s, n, "v. ") || starts_ci(s, n, "chapter ") ||
         starts_ci(s, n, "ch. ") || starts_ci(s, n, "art. ");
}

static bool month_word(const char *s, size_t n) {
  for (int m = 0; m < 12; m++)
    if (starts_ci(s, n, months[m]) && (n == 3 || !is_alpha((unsigned char)s[3]) || is_lower((unsigned char)s[3])))
      return true;
  return false;
}

static const char *const publisher_kw[] = {
    "press", "publish", "verlag", "springer", "wiley", "elsevier",
    "kluwer", "addison", "mcgraw", "prentice", "morgan kaufmann",
    "north-holland", "north holland", "academic", "pergamon", "penguin",
    "routledge", "blackwell", "sage", "norton", "dover", "freeman",
    "benjamin", "birkh", "pitman", "oxford university", "cambridge university",
    "mit", "ieee computer society", "acm press", "o'reilly", "wadsworth",
    "harper", "macmillan", "houghton", "basic books", "erlbaum", "books",
    "editions", "éditions", "kaufmann", "taylor", "crc", "de gruyter",
    "brill", "gallimard", "seuil", "knopf", "random house", "little, brown",
    "thomson", "cengage", "pearson", "apress", "manning", "no starch",
    "inc.", "ltd", "gmbh", "co.", NULL};
static const char *const conference_kw[] = {
    "proceedings", "proc.", "proc ", "conference", "conf.", "conf ", "workshop",
    "symposium", "symp.", "symp ", "congress", "colloquium", "meeting", NULL};
static const char *const thesis_kw[] = {"thesis", "these", "thèse", "dissertation", "diss.", "doctoral", NULL};
static const char *const report_kw[] = {"technical report", "tech. rep", "tech report", "tech. report",
                                        "research report", "report", "memo", "working paper", "TR-",
                                        "TR ", NULL};
static kwset publisher_set, conference_set, thesis_set, report_set;
static pthread_once_t kw_once = PTHREAD_ONCE_INIT;

static void kw_build(void) {
  kwset_build(&publisher_set, publisher_kw);
  kwset_build(&conference_set, conference_kw);
  kwset_build(&thesis_set, thesis_kw);
  kwset_build(&report_set, report_kw);
}

static bool publisher_like(const char *s, size_t n) {
  pthread_once(&kw_once, kw_build);
  return has_any_ci(s, n, &publisher_set);
}

static bool conference_like(const char *s, size_t n) {
  pthread_once(&kw_once, kw_build);
  return has_any_ci(s, n, &conference_set);
}

static bool thesis_like(const char *s, size_t n) {
  pthread_once(&kw_once, kw_build);
  return has_any_ci(s, n, &thesis_set);
}

static bool report_like(const char *s, size_t n) {
  pthread_once(&kw_once, kw_build);
  return has_any_ci(s, n, &report_set);
}

/* Words after which a dot does not end a container: "Proc.", "Int.", "J.". */
static bool abbrev_before(const char *t, size_t dot) {
  size_t b = dot;
  while (b && (is_alnum((unsigned char)t[b - 1]) || t[b - 1] == '\'')) b--;
  size_t n = dot - b;
  if (n == 0) return false;
  if (is_digit((unsigned char)t[b]) && is_alpha((unsigned char)t[dot - 1])) return true; /* "5th." */
  for (size_t k = b; k < dot; k++)
    if (t[k] == '\'') return true; /* "Int'l." */
  if (n <= 5 && is_upper((unsigned char)t[b])) return true;
  static const char *const ab[] = {"vs", "eds", "ed", "et", "vol", "no", "nr", "pp", "pt", "ch", "proc", "conf",
                                   "int", "intl", "symp", "trans", "natl", "j", "rev", "res", "sci", "soc", NULL};
  for (int k = 0; ab[k]; k++)
    if (n == strlen(ab[k]) && starts_ci(t + b, n, ab[k])) return true;
  return false;
}

/* End of the sentence starting at s (a ". ", "? " or "! " boundary), or e. */
static size_t sentence_end(const char *t, size_t s, size_t e, bool container) {
  for (size_t i = s; i < e; i++) {
    char c = t[i];
    if ((c == '.' || ((c == '?' || c == '!') && container)) && (i + 1 >= e || t[i + 1] == ' ')) {
      if (c == '.') {
        size_t b = i;
        while (b > s && is_alpha((unsigned char)t[b - 1])) b--;
        size_t wl = i - b;
        bool single = wl == 1 && (b == s || t[b - 1] == ' ' || t[b - 1] == '.' || t[b - 1] == '-');
        if (single && is_upper((unsigned char)t[b]) && i + 2 < e && !container) {
          /* "U.S." or an initial inside the title */
          if (b > s + 1 && t[b - 1] == '.') continue;
        }
        if (container && abbrev_before(t, i)) continue;
        if (!container && wl >= 1 && wl <= 3 && (starts_ci(t + b, wl, "vs") || starts_ci(t + b, wl, "eg") ||
                                                 starts_ci(t + b, wl, "vol") || starts_ci(t + b, wl, "no") ||
                                                 starts_ci(t + b, wl, "pp") ||
                                                 starts_ci(t + b, wl, "st") || starts_ci(t + b, wl, "dr") ||
                                                 starts_ci(t + b, wl, "mr")))
          continue;
      }
      return c == '.' ? i : i + 1;
    }
  }
  return e;
}

/* ---------------------------------------------------------------- parse */

/* The first number in t[s,e) (digits, maybe with a letter prefix/suffix). */
static bool number_at(const char *t, size_t s, size_t e, span *out) {
  size_t i = s;
  while (i < e && !is_digit((unsigned char)t[i])) i++;
  if (i >= e) return false;
  size_t j = i;
  while (j < e && is_digit((unsigned char)t[j])) j++;
  *out = (span){i, j};
  return true;
}

static bool dash_at(const char *t, size_t i, size_t e, size_t *len) {
  if (i < e && t[i] == '-') {
    *len = 1;
    while (i + *len < e && t[i + *len] == '-') (*len)++;
    return true;
  }
  if (i + 3 <= e && (unsigned char)t[i] == 0xE2 && (unsigned char)t[i + 1] == 0x80 &&
      ((unsigned char)t[i + 2] == 0x93 || (unsigned char)t[i + 2] == 0x94 || (unsigned char)t[i + 2] == 0x90)) {
    *len = 3;
    return true;
  }
  return false;
}

/* Volume, issue and pages from the rest of a reference t[s,e). */
static void numbers(cvx_arena *a, const char *t, size_t s, size_t e, int year, cvx_ref *r, span *pgout) {
  /* pages: a range "12-34" / "pp. 12" / "pages 12-34" / "p. 12" */
  span pg = {0, 0};
  for (size_t i = s; i < e; i++) {
    if (!is_digit((unsigned char)t[i]) || (i > s && is_alnum((unsigned char)t[i - 1]))) continue;
    size_t j = i;
    while (j < e && is_digit((unsigned char)t[j])) j++;
    size_t k = j, dl = 0;
    while (k < e && t[k] == ' ') k++;
    if (dash_at(t, k, e, &dl)) {
      k += dl;
      while (k < e && t[k] == ' ') k++;
      size_t m = k;
      while (m < e && is_digit((unsigned char)t[m])) m++;
      if (m > k && (m >= e || !is_alpha((unsigned char)t[m]))) {
        bool yrs = j - i == 4 && m - k == 4 && (t[i] == '1' || t[i] == '2') && (t[k] == '1' || t[k] == '2');
        if (!yrs) {
          cvx_buf b = CVX_BUF_INIT;
          cvx_buf_put(&b, t + i, j - i);
          cvx_buf_putc(&b, '-');
          cvx_buf_put(&b, t + k, m - k);
          r->page = cvx_arena_strdup(a, b.ptr);
          cvx_buf_free(&b);
          pg = (span){i, m};
          if (pgout) *pgout = pg;
          break;
        }
      }
    }
    i = j;
  }
  if (!r->page) {
    static const char *const pre[] = {"pp.", "pp ", "pages ", "page ", "p. ", "pg. ", NULL};
    for (int k = 0; pre[k] && !r->page; k++) {
      size_t p = find_word_ci(t + s, e - s, pre[k]);
      if (p < e - s) {
        span x;
        if (number_at(t, s + p + strlen(pre[k]), e, &x) && x.s <= s + p + strlen(pre[k]) + 1) {
          r->page = dup(a, t + x.s, x.e - x.s);
          pg = x;
        }
      }
    }
  }
  /* volume / issue with labels */
  static const char *const vl[] = {"vol.", "vol ", "volume ", "v. ", "bd. ", NULL};
  for (int k = 0; vl[k] && !r->volume; k++) {
    size_t p = find_word_ci(t + s, e - s, vl[k]);
    if (p < e - s) {
      span x;
      size_t q = s + p + strlen(vl[k]);
      if (number_at(t, q, e, &x) && x.s <= q + 1) r->volume = dup(a, t + x.s, x.e - x.s);
    }
  }
  static const char *const il[] = {"no.", "no ", "nr.", "issue ", "n. ", "n°", "num. ", "number ", NULL};
  for (int k = 0; il[k] && !r->issue; k++) {
    size_t p = find_word_ci(t + s, e - s, il[k]);
    if (p < e - s) {
      span x;
      size_t q = s + p + strlen(il[k]);
      if (number_at(t, q, e, &x) && x.s <= q + 1 && !(pg.e && x.s >= pg.s && x.s < pg.e)) {
        size_t v = s + p; /* "22, no. 4": the volume just before */
        while (v > s && (t[v - 1] == ' ' || t[v - 1] == ',')) v--;
        size_t ve = v;
        while (v > s && is_digit((unsigned char)t[v - 1])) v--;
        if (!r->volume && ve > v && (v == s || !is_alnum((unsigned char)t[v - 1]))) r->volume = dup(a, t + v, ve - v);
        if (!r->volume) r->volume = dup(a, t + x.s, x.e - x.s); /* a lone "No. 83" */
        else r->issue = dup(a, t + x.s, x.e - x.s);
      }
    }
  }
  if (r->volume) return;
  /* "25 (1)", "13(2)", "108(2):", "127:", "60, 241-253", "Vol 3" */
  for (size_t i = s; i < e; i++) {
    if (!is_digit((unsigned char)t[i]) || (i > s && is_alnum((unsigned char)t[i - 1]))) continue;
    size_t j = i;
    while (j < e && is_digit((unsigned char)t[j])) j++;
    if (pg.e && i >= pg.s && i < pg.e) break;
    if (j < e && is_alpha((unsigned char)t[j])) { /* "12th" */
      i = j;
      continue;
    }
    int v = 0;
    for (size_t k = i; k < j && k < i + 6; k++) v = v * 10 + (t[k] - '0');
    bool is_year = j - i == 4 && v == year;
    if (is_year && !(j < e && t[j] == '(')) {
      i = j;
      continue;
    }
    if (j - i > 5) break;
    size_t k = j;
    while (k < e && t[k] == ' ') k++;
    if (k < e && t[k] == '(') {
      size_t m = k + 1, d = m;
      while (m < e && (is_alnum((unsigned char)t[m]) || t[m] == '-' || t[m] == '/' || t[m] == '.' || t[m] == ' ')) m++;
      if (m < e && t[m] == ')') {
        span x;
        r->volume = dup(a, t + i, j - i);
        if (number_at(t, d, m, &x) && !(m - d == 4 && x.e - x.s == 4 && (t[d] == '1' || t[d] == '2')))
          r->issue = dup(a, t + d, m - d);
        return;
      }
    }
    if ((k < e && (t[k] == ':' || t[k] == ',' || t[k] == ';')) || (pg.s && k == pg.s)) {
      r->volume = dup(a, t + i, j - i);
      return;
    }
    if (k >= e || t[k] == '.') {
      if (!pg.e && j - i <= 3) r->volume = dup(a, t + i, j - i);
      return;
    }
    i = j;
  }
}

/* Strips an editor phrase at the start of t[*s,e): "M. Kitsuregawa and
 * H. Tanaka, editors," / "J. Smith (Ed.)," / "edited by X,". */
static void skip_editors(const char *t, size_t *s, size_t e) {
  size_t lim = *s + 200 < e ? *s + 200 : e;
  static const char *const ed[] = {"(eds.)", "(ed.)", "(eds)", "(ed)", "eds.", "ed.", "editors", "editor", "(editors)", "(editor)", NULL};
  for (size_t i = *s; i < lim; i++) {
    if (t[i] != ' ' && t[i] != ',' ) continue;
    size_t j = i;
    while (j < lim && (t[j] == ' ' || t[j] == ',')) j++;
    for (int k = 0; ed[k]; k++) {
      size_t m = strlen(ed[k]);
      if (j + m <= e && starts_ci(t + j, e - j, ed[k]) && (j + m >= e || !is_alpha((unsigned char)t[j + m]))) {
        /* the text before must be names: no lower-case word except "and" */
        bool ok = true;
        for (size_t q = *s; q < i && ok; q++)
          if ((q == *s || t[q - 1] == ' ') && is_lower((unsigned char)t[q]) && !starts_ci(t + q, i - q, "and ") &&
              !starts_ci(t + q, i - q, "van ") && !starts_ci(t + q, i - q, "de "))
            ok = false;
        if (!ok) return;
        size_t z = j + m;
        while (z < e && (t[z] == ',' || t[z] == ' ' || t[z] == ':' || t[z] == '.')) z++;
        *s = z;
        return;
      }
    }
    if (t[i] == '.' && i + 1 < lim && t[i + 1] == ' ' && !abbrev_before(t, i)) return;
  }
}

/* End of a container name starting at s: before volume/pages/year/place. */
static size_t container_end(const char *t, size_t s, size_t e, const year_at *y) {
  size_t stop = sentence_end(t, s, e, true);
  /* where the first conference word ends: the prefix before a comma is
   * conference-like once the comma lies past it (one scan, not one per comma) */
  size_t conf_at = stop + 1;
  for (size_t k = s; k < stop && conf_at > stop; k++)
    if ((k == s || !is_alnum((unsigned char)t[k - 1])) && conference_like(t + k, stop - k < 12 ? stop - k : 12))
      conf_at = k;
  for (size_t i = s; i < stop; i++) {
    if (y && i == y->s && i > s) return i;
    char c = t[i];
    if (i > s && t[i - 1] == ' ' &&
        (starts_ci(t + i, e - i, "vol.") || starts_ci(t + i, e - i, "volume ") || starts_ci(t + i, e - i, "no. ") ||
         starts_ci(t + i, e - i, "pp.") || starts_ci(t + i, e - i, "pages ")))
      return i;
    if (c == '(' && i > s) {
      size_t j = i + 1, z = j;
      if (j < stop && (is_digit((unsigned char)t[j]) || month_word(t + j, stop - j) || vol_word(t + j, e - j)))
        return i;
      while (z < stop && z < j + 200 && t[z] != ')' && t[z] != ',') z++;
      if (z < stop && t[z] == ',') return i; /* "(Osaka, Japan)" */
      continue;
    }
    if (c == ',' || c == ';') {
      size_t j = i + 1;
      while (j < stop && t[j] == ' ') j++;
      if (j >= stop) return i;
      if (is_digit((unsigned char)t[j]) || vol_word(t + j, e - j) || month_word(t + j, e - j) ||
          t[j] == '(' || starts_ci(t + j, e - j, "ed") || starts_ci(t + j, e - j, "in ") ||
          publisher_like(t + j, stop - j > 30 ? 30 : stop - j) || starts_ci(t + j, e - j, "special issue"))
        return i;
      if (is_lower((unsigned char)t[j]) && !starts_ci(t + j, e - j, "and ")) return i; /* ", to appear" */
      /* ", Place, " / ", Place." after a conference name */
      size_t k = j;
      int caps = 0;
      while (k < stop && t[k] != ',' && t[k] != '.') {
        if ((k == j || t[k - 1] == ' ') && is_upper((unsigned char)t[k])) caps++;
        if ((k == j || t[k - 1] == ' ') && is_lower((unsigned char)t[k])) caps = 99;
        k++;
      }
      bool list = k + 5 < e && t[k] == ',' && starts_ci(t + k + 1, e - k - 1, " and ");
      if (caps <= 2 && conf_at < i && k - j < 25 && !list) return i;
      continue;
    }
    if (is_digit((unsigned char)c) && i > s && t[i - 1] == ' ') {
      size_t j = i;
      while (j < stop && is_digit((unsigned char)t[j])) j++;
      if (j < stop && is_alpha((unsigned char)t[j])) continue; /* "12th" */
      if (j >= stop || t[j] == '(' || t[j] == ':' || t[j] == ',' || t[j] == ';' || t[j] == '.' ||
          (t[j] == ' ' && j + 1 < stop && (t[j + 1] == '(' || is_digit((unsigned char)t[j + 1]))))
        return i;
      /* "Proceedings of the 1990 ACM Conference": a year inside the name */
    }
  }
  return stop;
}

void cvx_ref_set_type(cvx_ref *r, bool had_in, bool thesis, bool report) {
  size_t cn = r->container ? strlen(r->container) : 0;
  if (thesis) r->type = "thesis";
  else if (r->container && conference_like(r->container, cn)) r->type = "paper-conference";
  else if (r->container && report) r->type = "report";
  else if (r->container && had_in) r->type = "chapter";
  else if (r->container) r->type = "article-journal";
  else if (report) r->type = "report";
  else if (r->publisher) r->type = "book";
  else if (r->arxiv) r->type = "preprint";
}

void cvx_ref_tidy_container(cvx_ref *r) {
  if (r->container) { /* not containers: "Manuscript", "Oct", "to appear" */
    static const char *const notc[] = {"manuscript", "preprint", "personal communication", "unpublished",
                                       "submitted", "to appear", "in press", "forthcoming", "draft",
                                       "us patent", "patent", "unpublished manuscript", "in preparation", NULL};
    const char *c = r->container;
    size_t cn = strlen(c);
    for (int q = 0; notc[q]; q++)
      if (cn == strlen(notc[q]) && starts_ci(c, cn, notc[q])) r->container = NULL;
    if (r->container && cn <= 10 && month_word(c, cn)) {
      bool only = true;
      for (size_t q = 0; q < cn; q++) only &= is_alpha((unsigned char)c[q]) || c[q] == '.';
      if (only) r->container = NULL;
    }
    if (r->container && has_word_ci(c, cn, "et al")) r->container = NULL;
  }
  if (r->container) { /* drop a trailing year: "NSDI 2019", "SOSP '17" */
    char *c = (char *)r->container;
    size_t cn = strlen(c);
    size_t e = cn;
    while (e && is_digit((unsigned char)c[e - 1])) e--;
    if (cn - e == 4 || cn - e == 2) {
      size_t b = e;
      if (b && (c[b - 1] == '\'')) b--;
      while (b && c[b - 1] == ' ') b--;
      bool one_word = !memchr(c, ' ', b);
      if (b && b < e && (c[e - 1] == ' ' || c[e - 1] == '\'' || cn - e == 4) &&
          (one_word || cvx_venue_lookup(c))) {
        c[b] = '\0';
        while (b && strchr(" ,.", c[b - 1])) c[--b] = '\0';
      }
    }
    if (!c[0]) r->container = NULL;
  }
}

/* True when t[s,e) is a bare venue: an acronym with a year, a known venue. */
static bool bare_venue(cvx_arena *a, const char *t, size_t s, size_t e) {
  if (e <= s || e - s > 80) return false;
  return cvx_venue_lookup(dup(a, t + s, e - s)) != NULL;
}

void cvx_ref_parse_rules(cvx_arena *a, const char *s, size_t n, cvx_ref *r) {
  memset(r, 0, sizeof *r);
  if (!s || !n) return;
  size_t tn;
  char *t = cvx_ref_clean(a, s, n, &tn);
  take_identifiers(a, t, &tn, r);
  year_at y;
  bool has_year = find_year(t, tn, &y);
  int month = 0;
  if (has_year) {
    month = month_before(t, y.s && t[y.s] == '(' ? y.s + 1 : y.s);
    if (month) r->issued = cvx_arena_printf(a, "%d-%02d", y.year, month);
    else r->issued = cvx_arena_printf(a, "%d", y.year);
  } else if (r->arxiv && is_digit((unsigned char)r->arxiv[0]) && r->arxiv[4] == '.') {
    int yy = (r->arxiv[0] - '0') * 10 + (r->arxiv[1] - '0');
    int mm = (r->arxiv[2] - '0') * 10 + (r->arxiv[3] - '0');
    if (mm >= 1 && mm <= 12) r->issued = cvx_arena_printf(a, "%d-%02d", 2000 + yy, mm);
  } else if (r->arxiv) { /* hep-th/9901001 */
    const char *sl = strchr(r->arxiv, '/');
    if (sl && strlen(sl) >= 5) {
      int yy = (sl[1] - '0') * 10 + (sl[2] - '0');
      int mm = (sl[3] - '0') * 10 + (sl[4] - '0');
      if (mm >= 1 && mm <= 12) r->issued = cvx_arena_printf(a, "%d-%02d", yy >= 91 ? 1900 + yy : 2000 + yy, mm);
    }
  }
  if (!tn) return;
  size_t nw;
  word *w = split_words(a, t, tn, &nw);

  /* the author list ends at the latest at a quote or an early year */
  size_t limit = nw;
  for (size_t i = 0; i < nw; i++) {
    if (w[i].lead && t[w[i].s - 1] != '(' && t[w[i].s - 1] != '[') {
      limit = i;
      break;
    }
    if (has_year && w[i].end > y.s) {
      limit = i;
      break;
    }
  }
  names nm = {a, t, r, 0};
  size_t k = parse_names(&nm, w, nw, limit);
  /* "Carter, Ronald and John McRae, eds." / "Brown, L. E. (Ed.)": editors, not authors */
  if (k < nw && r->nauthors && (editor_word(t, &w[k]) ||
      w_is(t, &w[k], "eds.") || w_is(t, &w[k], "ed.") || w_is(t, &w[k], "eds") || w_is(t, &w[k], "ed") ||
       w_is(t, &w[k], "editors") || w_is(t, &w[k], "editor") || w_is(t, &w[k], "(eds.)") ||
       w_is(t, &w[k], "(ed.)") || w_is(t, &w[k], "Eds.)") || w_is(t, &w[k], "Ed.)") ||
       w_is(t, &w[k], "eds.)") || w_is(t, &w[k], "ed.)"))) {
    r->nauthors = 0;
    r->et_al = false;
    k++;
  }
  size_t pos = k < nw ? w[k].s : tn;
  if (k < nw) {
    pos = w[k].s;
    while (pos > 0 && t[pos - 1] != ' ') pos--;
  }
  /* a year right after the authors: "(1987). " / "2013. " / ", 1998. " */
  if (has_year && (pos == y.s || (pos < y.s && y.s - pos <= 1))) {
    pos = y.e;
    while (pos < tn && strchr(".,;: )", t[pos])) pos++;
  }
  /* title */
  size_t ts = pos, te;
  bool quoted = false;
  static const char *const open_q[] = {"\xe2\x80\x9c", "\"", "``", "\xc2\xab", "\xe2\x80\x98", "'", NULL};
  static const char *const close_q[] = {"\xe2\x80\x9d", "\"", "''", "\xc2\xbb", "\xe2\x80\x99", "'", NULL};
  for (int q = 0; open_q[q]; q++) {
    size_t m = strlen(open_q[q]);
    if (ts + m <= tn && memcmp(t + ts, open_q[q], m) == 0) {
      const char *c = NULL;
      size_t cm = strlen(close_q[q]);
      for (size_t i = ts + m; i + cm <= tn; i++)
        if (memcmp(t + i, close_q[q], cm) == 0 && (q < 4 ? true : (i + cm >= tn || !is_alpha((unsigned char)t[i + cm])))) {
          c = t + i;
          break;
        }
      if (c) {
        ts += m;
        te = (size_t)(c - t);
        pos = te + cm;
        quoted = true;
      }
      break;
    }
  }
  if (!quoted) {
    te = sentence_end(t, ts, tn, false);
    /* a title that runs into ", In Proceedings" / " In: " */
    for (size_t i = ts; i + 4 < te; i++)
      if ((t[i] == ',' && starts_ci(t + i + 1, te - i - 1, " in ")) ||
          (t[i] == ' ' && starts_ci(t + i + 1, te - i - 1, "in: "))) {
        te = i;
        break;
      }
    /* "Title, Journal 25 (1): 47-53" with no dot after the title: cut at the
     * first comma when the candidate holds the year or a number run */
    {
      bool nums = has_year && y.s >= ts && y.s < te;
      for (size_t i = ts; i + 1 < te && !nums; i++)
        if (t[i] == ' ' && is_digit((unsigned char)t[i + 1])) {
          size_t j = i + 1;
          while (j < te && is_digit((unsigned char)t[j])) j++;
          if (j >= te || !is_alpha((unsigned char)t[j])) nums = true;
        }
      if (nums)
        for (size_t i = ts; i + 2 < te; i++)
          if (t[i] == ',' && t[i + 1] == ' ') {
            te = i;
            break;
          }
    }
    for (size_t i = ts; i + 3 < te; i++) {
      if (t[i] == ',' && t[i + 1] == ' ') {
        const char *q = t + i + 2;
        size_t qn = te - i - 2;
        if (starts_ci(q, qn, "proceedings") || starts_ci(q, qn, "proc. ") || starts_ci(q, qn, "journal ") ||
            starts_ci(q, qn, "transactions ") || starts_ci(q, qn, "in proc") || starts_ci(q, qn, "technical report") ||
            starts_ci(q, qn, "phd thesis") || starts_ci(q, qn, "ph.d. thesis") || starts_ci(q, qn, "master") ||
            starts_ci(q, qn, "m.s. thesis") || starts_ci(q, qn, "ph.d. dissertation") ||
            starts_ci(q, qn, "phd dissertation") || starts_ci(q, qn, "paper submitted") ||
            starts_ci(q, qn, "submitted to") || starts_ci(q, qn, "to appear")) {
          te = i;
          break;
        }
      }
      if (t[i] == ' ' && t[i + 1] == '(' && i > ts) {
        size_t j = i + 2;
        while (j < te && j < i + 200 && t[j] != ')') j++;
        if (j < te && t[j] == ')' && (publisher_like(t + i + 2, j - i - 2) || memchr(t + i + 2, ':', j - i - 2) ||
                       has_word_ci(t + i + 2, j - i - 2, "ed.") || has_word_ci(t + i + 2, j - i - 2, "eds."))) {
          te = i;
          break;
        }
      }
    }
    /* "Title, J. Symbolic Logic, 27": a title cut at an abbreviation that
     * starts the container after a comma */
    if (te < tn && t[te] == '.') {
      size_t b = te;
      while (b > ts && (is_alpha((unsigned char)t[b - 1]) || t[b - 1] == '\'')) b--;
      if (te - b <= 5 && te > b && is_upper((unsigned char)t[b]) && b >= ts + 2 && t[b - 1] == ' ' && t[b - 2] == ',') {
        te = b - 2;
        pos = b;
        goto title_done;
      }
    }
    pos = te;
    if (te < tn && (t[te] == '?' || t[te] == '!')) pos = te + 1;
    if (te < tn && t[te] == '.') pos = te + 1;
  title_done:;
  }
  size_t tb = ts, tz = te;
  trim(t, &tb, &tz, ",.;:", ",.;:");
  if (tz > tb && tz <= tn) r->title = dup(a, t + tb, tz - tb);
  while (pos < tn && strchr(" .,;:", t[pos])) pos++;
  /* the names were really a title: "Deep Sets. NeurIPS 2017" */
  if (r->nauthors && r->nauthors <= 2 && !r->et_al && k > 0) {
    if (tz > tb && bare_venue(a, t, tb, tz)) {
      size_t b = 0, e = w[k - 1].end;
      trim(t, &b, &e, "", ",.;:");
      r->title = dup(a, t + b, e - b);
      r->nauthors = 0;
      pos = ts;
    }
  }

  /* the rest: container, numbers, publisher */
  size_t rs = pos, re = tn;
  /* "with Initech." notes */
  while (rs < re && starts_ci(t + rs, re - rs, "with ")) {
    size_t e2 = sentence_end(t, rs, re, false);
    rs = e2;
    while (rs < re && strchr(" .,;:", t[rs])) rs++;
  }
  bool had_in = false;
  if (starts_ci(t + rs, re - rs, "in:")) rs += 3, had_in = true;
  else if (starts_ci(t + rs, re - rs, "in ")) rs += 3, had_in = true;
  while (rs < re && t[rs] == ' ') rs++;
  if (had_in) skip_editors(t, &rs, re);
  bool thesis = thesis_like(t + rs, re - rs);
  bool report = !thesis && report_like(t + rs, re - rs);
  if (rs < re && !thesis && !report) {
    size_t ce = container_end(t, rs, re, has_year ? &y : NULL);
    size_t cb = rs;
    trim(t, &cb, &ce, ",.;:(", ",.;:(");
    /* "Place: Publisher, 1986" or "Publisher, 1986" with no "In": a book */
    bool pub = !had_in && publisher_like(t + cb, ce - cb) && !conference_like(t + cb, ce - cb) &&
               !has_word_ci(t + cb, ce - cb, "journal");
    size_t se = sentence_end(t, cb, re, true);
    if (se > ce && !had_in) { /* "Cambridge, MA: MIT Press" reaches past a comma */
      const char *cl = memchr(t + cb, ':', se - cb);
      if (cl && (size_t)(cl - (t + cb)) < 30) {
        bool digits = false;
        for (const char *q = t + cb; q < cl; q++) digits |= is_digit((unsigned char)*q);
        if (!digits) ce = se;
      }
    }
    const char *colon = ce > cb ? memchr(t + cb, ':', ce - cb) : NULL;
    if (!had_in && colon && (size_t)(colon - (t + cb)) < 30 && is_upper((unsigned char)t[cb]) &&
        !has_word_ci(t + cb, ce - cb, "journal") && !conference_like(t + cb, ce - cb)) {
      size_t words = 1, after = 1;
      bool comma = false;
      for (const char *q = t + cb; q < colon; q++) words += *q == ' ', comma |= *q == ',';
      size_t as = (size_t)(colon - t) + 1, ae = ce;
      trim(t, &as, &ae, " ", " ");
      for (size_t q = as; q < ae; q++) after += t[q] == ' ';
      /* "Chicago: University of Chicago Press", "Champaign, IL: Human Kinetics" */
      size_t pe = as;
      while (pe < ae && t[pe] != ',' && t[pe] != '(') pe++;
      trim(t, &as, &pe, " ", " ,.");
      if (words <= 4 && pe > as && (publisher_like(t + as, pe - as) || comma || after <= 3)) {
        pub = true;
        r->publisher = dup(a, t + as, pe - as);
      }
    }
    if (ce > cb && !pub) {
      /* a container that is only a year or a number is none */
      if (!is_digit((unsigned char)t[cb])) r->container = dup(a, t + cb, ce - cb);
      rs = ce;
    }
  }
  cvx_ref_tidy_container(r);
  numbers(a, t, rs, re, has_year ? y.year : 0, r, NULL);
  /* publisher: a publisher-like piece of the rest ("MIT Press", "New York: Springer") */
  for (size_t i = rs; i < re && !r->publisher && !thesis;) {
    size_t j = i;
    while (j < re && t[j] != ',' && !(t[j] == '.' && (j + 1 >= re || t[j + 1] == ' ') && !abbrev_before(t, j)) && t[j] != '(' && t[j] != ')')
      j++;
    size_t b = i, e = j;
    const char *colon = memchr(t + b, ':', e - b);
    if (colon) b = (size_t)(colon - t) + 1;
    trim(t, &b, &e, " ,.;:", " ,.;:");
    if (e > b && publisher_like(t + b, e - b) && !is_digit((unsigned char)t[b]) && e - b < 80)
      r->publisher = dup(a, t + b, e - b);
    i = j + 1;
  }
  cvx_ref_set_type(r, had_in, thesis, report);
  if (r->container) {
    const cvx_venue *v = cvx_venue_lookup(r->container);
    if (v && !thesis) r->type = v->type;
  }
}

/* ------------------------------------------------- scanners as features */

void cvx_ref_names(cvx_arena *a, const char *t, size_t n, cvx_ref *r) {
  r->authors = NULL;
  r->nauthors = 0;
  r->et_al = false;
  /* the list is read as in a whole reference, where a year follows it: the
   * grammar decides a last chunk by what comes after */
  size_t nw;
  char *c = cvx_arena_alloc(a, n + 8);
  memcpy(c, t, n);
  memcpy(c + n, " (2000)", 8);
  word *w = split_words(a, c, n + 7, &nw);
  names nm = {a, c, r, 0};
  parse_names(&nm, w, nw, nw ? nw - 1 : 0);
}

bool cvx_ref_thesis_like(const char *s, size_t n) { return thesis_like(s, n); }
bool cvx_ref_report_like(const char *s, size_t n) { return report_like(s, n); }
bool cvx_ref_conference_like(const char *s, size_t n) { return conference_like(s, n); }
bool cvx_ref_publisher_like(const char *s, size_t n) { return publisher_like(s, n); }

void cvx_ref_marks(cvx_arena *a, const char *t, size_t n, uint32_t *marks) {
  memset(marks, 0, n * sizeof *marks);
  if (!n) return;
  cvx_ref scratch;
  memset(&scratch, 0, sizeof scratch);
  const unsigned char *del = mark_identifiers(a, t, n, &scratch);
  for (size_t i = 0; i < n; i++)
    if (del[i]) marks[i] |= CVX_REF_MARK_IDENT;
  year_at y;
  bool has_year = find_year(t, n, &y);
  if (has_year)
    for (size_t i = y.s; i < y.e; i++) marks[i] |= CVX_REF_MARK_YEAR;
  span pg = {0, 0};
  numbers(a, t, 0, n, has_year ? y.year : 0, &scratch, &pg);
  for (size_t i = pg.s; i < pg.e; i++) marks[i] |= CVX_REF_MARK_PAGES;
  size_t nw;
  word *w = split_words(a, t, n, &nw);
  for (size_t k = 0; k < nw; k++) {
    uint32_t m = 0;
    const word *x = &w[k];
    if (w_initial(t, x)) m |= CVX_REF_MARK_INITIAL;
    if (w_caps_initials(t, x)) m |= CVX_REF_MARK_CAPS;
    if (w_capword(t, x)) m |= CVX_REF_MARK_CAPWORD;
    if (w_particle(t, x)) m |= CVX_REF_MARK_PARTICLE;
    if (w_suffix(t, x)) m |= CVX_REF_MARK_SUFFIX;
    if (w_conj(t, x)) m |= CVX_REF_MARK_CONJ;
    if (w_etal(t, w, k, nw)) m |= CVX_REF_MARK_ETAL;
    if (editor_word(t, x)) m |= CVX_REF_MARK_EDITOR;
    size_t wn = x->end - x->s, two = k + 1 < nw ? w[k + 1].end - x->s : wn;
    if (wlen(x) && month_word(t + x->s, wn) && wlen(x) <= 9) m |= CVX_REF_MARK_MONTH;
    if (vol_word(t + x->s, n - x->s)) m |= CVX_REF_MARK_VOLWORD;
    if (publisher_like(t + x->s, wn)) m |= CVX_REF_MARK_PUBLISHER;
    if (conference_like(t + x->s, wn)) m |= CVX_REF_MARK_CONFERENCE;
    if (thesis_like(t + x->s, two)) m |= CVX_REF_MARK_THESIS;
    if (report_like(t + x->s, two)) m |= CVX_REF_MARK_REPORT;
    if (wlen(x) >= 2 && wlen(x) < 32 && is_alpha((unsigned char)t[x->s])) {
      char key[32];
      memcpy(key, t + x->s, wlen(x));
      key[wlen(x)] = '\0';
      const cvx_venue *v = cvx_venue_lookup(key);
      if (v) m |= strcmp(v->type, "paper-conference") == 0 ? CVX_REF_MARK_VENUE_CONF : CVX_REF_MARK_VENUE_JOURNAL;
    }
    for (size_t i = x->s; i < x->e; i++) marks[i] |= m;
  }
}

/* ------------------------------------------------------------ CSL output */

static void json_str(cvx_buf *out, const char *s) {
  cvx_buf_putc(out, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') {
      cvx_buf_putc(out, '\\');
      cvx_buf_putc(out, (char)*p);
    } else if (*p < 0x20) {
      cvx_buf_printf(out, "\\u%04x", *p);
    } else {
      cvx_buf_putc(out, (char)*p);
    }
  }
  cvx_buf_putc(out, '"');
}

static void member(cvx_buf *out, bool *first, const char *key, const char *v) {
  if (!v) return;
  if (!*first) cvx_buf_puts(out, ", ");
  *first = false;
  json_str(out, key);
  cvx_buf_puts(out, ": ");
  json_str(out, v);
}

void cvx_ref_csl_members(const cvx_ref *r, cvx_buf *out, bool *first) {
  if (r->nauthors) {
    if (!*first) cvx_buf_puts(out, ", ");
    *first = false;
    cvx_buf_puts(out, "\"author\": [");
    for (size_t i = 0; i < r->nauthors; i++) {
      bool f = true;
      cvx_buf_puts(out, i ? ", {" : "{");
      member(out, &f, "family", r->authors[i].family);
      member(out, &f, "given", r->authors[i].given);
      member(out, &f, "literal", r->authors[i].literal);
      cvx_buf_putc(out, '}');
    }
    cvx_buf_putc(out, ']');
  }
  if (r->et_al) {
    if (!*first) cvx_buf_puts(out, ", ");
    *first = false;
    cvx_buf_puts(out, "\"et_al\": true");
  }
  member(out, first, "title", r->title);
  member(out, first, "container-title", r->container);
  if (r->issued) {
    if (!*first) cvx_buf_puts(out, ", ");
    *first = false;
    int yv = atoi(r->issued), mv = strlen(r->issued) >= 7 ? atoi(r->issued + 5) : 0;
    if (mv) cvx_buf_printf(out, "\"issued\": {\"date-parts\": [[%d, %d]]}", yv, mv);
    else cvx_buf_printf(out, "\"issued\": {\"date-parts\": [[%d]]}", yv);
  }
  member(out, first, "volume", r->volume);
  member(out, first, "issue", r->issue);
  member(out, first, "page", r->page);
  member(out, first, "publisher", r->publisher);
  member(out, first, "DOI", r->doi);
  member(out, first, "URL", r->url);
  if (r->arxiv) member(out, first, "arxiv", r->arxiv);
  member(out, first, "type", r->type && !strcmp(r->type, "preprint") ? "article" : r->type);
}

/* ------------------------------------------------------------ venues */

extern const char *const cvx_venues_tsv;
extern const size_t cvx_venues_tsv_len;

static cvx_venue *venues;
static size_t nvenues;
static pthread_once_t venues_once = PTHREAD_ONCE_INIT;

static int venue_cmp(const void *x, const void *y) {
  return strcmp(((const cvx_venue *)x)->acronym, ((const cvx_venue *)y)->acronym);
}

/* Parses the embedded TSV (acronym, type, name; '#' comments) once. The
 * table lives for the whole process, as the compiled patterns do. */
static void venues_load(void) {
  size_t cap = 1;
  for (size_t i = 0; i < cvx_venues_tsv_len; i++) cap += cvx_venues_tsv[i] == '\n';
  char *text = cvx_xmalloc(cvx_venues_tsv_len + 1);
  memcpy(text, cvx_venues_tsv, cvx_venues_tsv_len);
  text[cvx_venues_tsv_len] = '\0';
  venues = cvx_xcalloc(cap, sizeof *venues);
  for (char *line = text; line && *line;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = '\0';
    char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
    if (line[0] != '#' && t1 && t2) {
      *t1 = *t2 = '\0';
      venues[nvenues++] = (cvx_venue){line, t1 + 1, t2 + 1};
    }
    line = nl ? nl + 1 : NULL;
  }
  qsort(venues, nvenues, sizeof *venues, venue_cmp);
}

const cvx_venue *cvx_venue_lookup(const char *venue) {
  if (!venue) return NULL;
  pthread_once(&venues_once, venues_load);
  /* the one word that is not a year, an ordinal, "Proceedings", "of", "the" */
  const char *s = venue;
  size_t n = strlen(s);
  if (n > 200) return NULL;
  const char *cand = NULL;
  size_t cl = 0;
  for (size_t i = 0; i < n;) {
    while (i < n && (s[i] == ' ' || strchr(",.:;()'[]", s[i]))) i++;
    if (i >= n) break;
    size_t b = i;
    while (i < n && s[i] != ' ' && !strchr(",:;()[]", s[i])) i++;
    size_t e = i;
    while (e > b && (s[e - 1] == '.' || s[e - 1] == '\'')) e--;
    const char *wd = s + b;
    size_t wn = e - b;
    if (!wn) continue;
    bool digits = true;
    for (size_t k = 0; k < wn; k++) digits &= is_digit((unsigned char)wd[k]) != 0;
    if (digits) continue;
    if (is_digit((unsigned char)wd[0]) && wn <= 4) continue; /* 12th, 3rd */
    static const char *const skip[] = {"in", "proc", "proceedings", "of", "the", "on", "workshop", "conference", "symposium", "ACM", "IEEE", "USENIX", "Annual", NULL};
    bool sk = false;
    for (int k = 0; skip[k] && !sk; k++) sk = wn == strlen(skip[k]) && starts_ci(wd, wn, skip[k]);
    if (sk) continue;
    /* "ICML'20", "NSDI-19": drop a year suffix */
    size_t z = wn;
    while (z && is_digit((unsigned char)wd[z - 1])) z--;
    if (z < wn && z && (wd[z - 1] == '\'' || wd[z - 1] == '-') && (wn - z == 2 || wn - z == 4)) wn = z - 1;
    if (cand) return NULL;
    cand = wd;
    cl = wn;
  }
  if (!cand || cl >= 32) {
    /* the whole name as written */
    if (!cand) return NULL;
  }
  char key[32];
  if (cl >= sizeof key) return NULL;
  memcpy(key, cand, cl);
  key[cl] = '\0';
  cvx_venue probe = {key, NULL, NULL};
  return bsearch(&probe, venues, nvenues, sizeof *venues, venue_cmp);
}
