/* prose.c — facts in running prose: degrees, positions, memberships, awards
 * and interests stated in a bio paragraph ("I received my Ph.D. in Physics from
 * ETH Zurich in 2016", "现任浙江大学…副研究员"), read by hand scanners over
 * sentence tokens, so every paragraph costs time linear in its length. */
#include "prose.h"

#include "grammar.h"
#include "swar.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* A sentence longer than this is not a bio sentence (a pasted blob, a list run
 * together): it is skipped, which also keeps the scanners linear. */
#define MAX_SENTENCE 1200
#define MAX_TOKS 160
#define MAX_ITEMS 12

typedef struct tok {
  size_t s, e;   /* the word without surrounding punctuation, offsets into the sentence */
  uint64_t key;  /* its first 8 bytes, ASCII letters in lower case (see fold8) */
  char trail;    /* ',' ';' ':' '.' when the word was followed by that punctuation, else 0 */
  bool cap;      /* starts with an upper-case letter, a digit or a non-ASCII letter */
  bool paren;    /* opened with '(' */
} tok;

/* Where the paragraph's sentences were last found in the source: values are
 * located in a window after it, so locating costs no more than the text. */
typedef struct para {
  cvx_doc *doc;
  cvx_span within;
  uint32_t cursor;
} para;

typedef struct sent {
  cvx_doc *doc;
  cvx_span within; /* the window values are located in (found lazily) */
  para *p;
  bool located;
  const char *s; /* the sentence */
  size_t n;
  tok t[MAX_TOKS];
  int nt;
} sent;

/* ------------------------------------------------------------- helpers */

static bool is_sp(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static bool has_prefix_ci(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  return n >= m && strncasecmp(s, w, m) == 0;
}

/* fold8: the first min(n, 8) bytes of s packed into a word, ASCII letters
 * folded to lower case (as strncasecmp folds them in the C locale),
 * zero-padded: two words of the same length up to 8 bytes are equal in any
 * case exactly when their fold8 are. fold8_in may read s[0,avail) (avail >= n)
 * to do it in one load. */
static uint64_t fold8_in(const char *s, size_t n, size_t avail) {
  uint64_t k = 0;
  if (avail >= 8) {
    /* all 8 bytes at once (byte i in lane i, as below): a byte gets 0x20
     * added when it is in 'A'..'Z' */
    k = swar_load8(s);
    k |= swar_range_exact(k, 'A', 'Z') >> 2;
    return n >= 8 ? k : k & (((uint64_t)1 << (8 * n)) - 1);
  }
  for (size_t i = 0; i < n && i < 8; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 'A' && c <= 'Z') c = (unsigned char)(c + 32);
    k |= (uint64_t)c << (8 * i);
  }
  return k;
}

/* fold8_in reading no byte past the word. */
static uint64_t fold8(const char *s, size_t n) { return fold8_in(s, n, n); }

/* A |-separated word list taken apart once: where each word starts, its
 * length, its fold8, and a mask of the lengths present (bit 63: 63 or more).
 * Lists are string literals, so a list is known by its address; a small
 * per-thread cache keeps the parsed lists. */
#define LIST_SLOTS 128 /* a power of two, at most 128 (parse_list's hash has 7 bits) */
#define LIST_WORDS 32
typedef struct wordlist {
  const char *key;
  uint64_t lenmask;
  uint64_t bloom[4]; /* bit fold_hash(fold) of each word */
  int n;
  uint16_t off[LIST_WORDS];
  uint8_t len[LIST_WORDS];
  uint64_t fold[LIST_WORDS];
} wordlist;
static _Thread_local wordlist list_cache[LIST_SLOTS];

/* A byte of hash of a fold8 key: words with equal keys have equal hashes. */
static inline unsigned fold_hash(uint64_t f) { return (unsigned)((f * UINT64_C(0x9E3779B97F4A7C15)) >> 56); }

/* Parses words into the cache slot wl (NULL when the list is too big to keep). */
static __attribute__((noinline)) const wordlist *fill_list(wordlist *wl, const char *words) {
  wl->key = NULL;
  wl->lenmask = 0;
  memset(wl->bloom, 0, sizeof wl->bloom);
  wl->n = 0;
  const char *p = words;
  while (*p) {
    const char *bar = strchr(p, '|');
    size_t m = bar ? (size_t)(bar - p) : strlen(p);
    if (wl->n == LIST_WORDS || m > 255 || (size_t)(p - words) > 65535) return NULL; /* too big to keep */
    wl->off[wl->n] = (uint16_t)(p - words);
    wl->len[wl->n] = (uint8_t)m;
    wl->fold[wl->n] = fold8(p, m);
    wl->lenmask |= (uint64_t)1 << (m < 63 ? m : 63);
    unsigned h = fold_hash(wl->fold[wl->n]);
    wl->bloom[h >> 6] |= (uint64_t)1 << (h & 63);
    wl->n++;
    if (!bar) break;
    p = bar + 1;
  }
  wl->key = words;
  return wl;
}

/* The cached parse of words: open addressing from a hash of the address, so
 * each list keeps its slot (the lists are fewer than the slots). */
static const wordlist *parse_list(const char *words) {
  unsigned h = (unsigned)(((uint64_t)(uintptr_t)words * UINT64_C(0x9E3779B97F4A7C15)) >> 57);
  for (unsigned probe = 0; probe < LIST_SLOTS; probe++) {
    wordlist *wl = &list_cache[(h + probe) % LIST_SLOTS];
    if (wl->key == words) return wl;
    if (!wl->key) return fill_list(wl, words);
  }
  return NULL;
}

/* tok_is past its quick tests: compares token k with the words of the list
 * (wl: the parsed list, NULL when it was too big to keep). */
static __attribute__((noinline)) bool tok_match(const sent *x, int k, const char *words,
                                                const wordlist *wl) {
  size_t len = x->t[k].e - x->t[k].s;
  const char *w = x->s + x->t[k].s;
  if (wl) {
    uint64_t f = x->t[k].key;
    for (int a = 0; a < wl->n; a++)
      if (wl->fold[a] == f && wl->len[a] == len &&
          (len <= 8 || strncasecmp(w + 8, words + wl->off[a] + 8, len - 8) == 0))
        return true;
    return false;
  }
  const char *p = words;
  while (*p) {
    const char *bar = strchr(p, '|');
    size_t m = bar ? (size_t)(bar - p) : strlen(p);
    if (m == len && strncasecmp(w, p, m) == 0) return true;
    if (!bar) break;
    p = bar + 1;
  }
  return false;
}

/* True when token k reads as one of the words in the |-separated list. The
 * quick tests (token in range, a word of its length and key hash in the
 * list) are made inline at each call. */
static inline bool tok_is(const sent *x, int k, const char *words) {
  if (k < 0 || k >= x->nt) return false;
  size_t len = x->t[k].e - x->t[k].s;
  const wordlist *wl = parse_list(words);
  if (wl) {
    if (!(wl->lenmask >> (len < 63 ? len : 63) & 1)) return false;
    unsigned h = fold_hash(x->t[k].key);
    if (!(wl->bloom[h >> 6] >> (h & 63) & 1)) return false;
  }
  return tok_match(x, k, words, wl);
}

/* A byte stripped from the front of a word: ( " ' * [ and NUL (as strchr on
 * that set matched its terminator). */
static bool opener(char c) { return c == '(' || c == '"' || c == '\'' || c == '*' || c == '[' || c == 0; }

static void tokenize(sent *x) {
  x->nt = 0;
  size_t i = 0;
  while (i < x->n && x->nt < MAX_TOKS) {
    while (i < x->n && is_sp((unsigned char)x->s[i])) i++;
    if (i >= x->n) break;
    size_t b = i;
    while (i < x->n && !is_sp((unsigned char)x->s[i])) i++;
    size_t e = i;
    tok t = {b, e, 0, 0, false, x->s[b] == '('};
    while (t.s < t.e && opener(x->s[t.s])) t.s++;
    /* "Ph.D." keeps its dots; a closing ')' stays when the word opened one */
    while (t.e > t.s) {
      char c = x->s[t.e - 1];
      if (c == ',' || c == ';' || c == ':' || c == '!' || c == '?') {
        if (!t.trail) t.trail = c;
        t.e--;
      } else if (c == '"' || c == '\'' || c == '*' || c == ']') {
        t.e--;
      } else if (c == ')' && !memchr(x->s + t.s, '(', t.e - t.s)) {
        if (!t.trail) t.trail = ',';
        t.e--;
      } else if (c == '.' && t.e - t.s > 1 && !memchr(x->s + t.s, '.', t.e - t.s - 1) &&
                 t.e - t.s > 3) {
        if (!t.trail) t.trail = '.';
        t.e--;
      } else {
        break;
      }
    }
    /* curly quotes (3 bytes) around a word */
    if (t.e - t.s >= 3 && (unsigned char)x->s[t.e - 3] == 0xE2 && (unsigned char)x->s[t.e - 2] == 0x80 &&
        ((unsigned char)x->s[t.e - 1] == 0x9D || (unsigned char)x->s[t.e - 1] == 0x99))
      t.e -= 3;
    if (t.e - t.s >= 3 && (unsigned char)x->s[t.s] == 0xE2 && (unsigned char)x->s[t.s + 1] == 0x80 &&
        (unsigned char)x->s[t.s + 2] == 0x9C)
      t.s += 3;
    if (t.s >= t.e) continue;
    unsigned char c0 = (unsigned char)x->s[t.s];
    t.cap = isupper(c0) || isdigit(c0) || c0 >= 0xC3;
    /* "l'Ecole", "d'Orsay": an elided article before a capital */
    if ((c0 == 'l' || c0 == 'd') && t.e - t.s > 2 && x->s[t.s + 1] == '\'' &&
        isupper((unsigned char)x->s[t.s + 2]))
      t.cap = true;
    t.key = fold8_in(x->s + t.s, t.e - t.s, x->n - t.s);
    x->t[x->nt++] = t;
  }
}

/* Adds key=value to r, the value's span located inside the paragraph. */
#define LOCATE_SLACK 4096u
#define LOCATE_SEEK 65536u

static uint32_t clamp_end(const para *p, uint64_t e) { return e < p->within.end ? (uint32_t)e : p->within.end; }

/* Finds the sentence in the source once, from the paragraph cursor on. */
static void locate_sentence(sent *x) {
  if (x->located) return;
  x->located = true;
  para *p = x->p;
  size_t w = 0;
  while (w < x->n && w < 24 && !is_sp((unsigned char)x->s[w])) w++;
  char *first = cvx_arena_strndup(x->doc->arena, x->s, w);
  cvx_span seek = {p->cursor, clamp_end(p, (uint64_t)p->cursor + LOCATE_SEEK)};
  cvx_span at = w ? cvx_doc_locate(x->doc, seek, first) : CVX_NOSPAN;
  if (cvx_span_valid(at)) p->cursor = at.start;
  x->within = (cvx_span){p->cursor, clamp_end(p, (uint64_t)p->cursor + 4 * (uint64_t)x->n + LOCATE_SLACK)};
}

static void put(sent *x, cvx_record *r, const char *key, const char *v, size_t n) {
  if (!r || !n) return;
  locate_sentence(x);
  char *val = cvx_arena_strndup(x->doc->arena, v, n);
  cvx_record_addn(x->doc, r, key, val, n, cvx_doc_locate(x->doc, x->within, val));
}

static void put_s(sent *x, cvx_record *r, const char *key, const char *v) {
  if (v) put(x, r, key, v, strlen(v));
}

static cvx_record *new_rec(sent *x, cvx_rec_kind k) {
  return cvx_record_new(x->doc, k, "prose", x->p->within);
}

/* Text of tokens [a, b]. */
static void tok_range(const sent *x, int a, int b, const char **p, size_t *n) {
  *p = x->s + x->t[a].s;
  *n = x->t[b].e - x->t[a].s;
}

/* Connectors that may sit inside an organisation name. */
static const char *const ORG_JOIN = "of|for|and|de|du|des|la|le|the|für|fur|di|del|der|van|von|&|y|et|on";

/* Reads an organisation: capitalized words (with connectors) from token k, an
 * optional leading "the" skipped. Returns the last token or -1. */
static int read_org(const sent *x, int k, int *first) {
  if (k < x->nt && tok_is(x, k, "the") && !x->t[k].trail) k++;
  if (k >= x->nt || !x->t[k].cap) return -1;
  if (tok_is(x, k, "I|I'm|I’m|My|We|He|She|They|It|This|These|In|Since|And")) return -1;
  *first = k;
  int last = k, words = 1;
  while (last + 1 < x->nt && !x->t[last].trail && words < 10) {
    int j = last + 1;
    if (x->t[j].paren || isdigit((unsigned char)x->s[x->t[j].s])) break;
    if (x->t[j].cap && !tok_is(x, j, "I|I'm|I’m")) {
      last = j;
      words++;
      continue;
    }
    if (tok_is(x, j, ORG_JOIN) && !x->t[j].trail && j + 1 < x->nt && x->t[j + 1].cap &&
        !tok_is(x, j + 1, "I|I'm|I’m")) {
      last = j + 1;
      words += 2;
      continue;
    }
    /* "University of the Highlands", "Graduate Institute of the Open University" */
    if (tok_is(x, j, "of") && !x->t[j].trail && tok_is(x, j + 1, "the") && !x->t[j + 1].trail &&
        j + 2 < x->nt && x->t[j + 2].cap && !x->t[j + 2].paren && !tok_is(x, j + 2, "I|I'm|I’m")) {
      last = j + 2;
      words += 3;
      continue;
    }
    break;
  }
  return last;
}

/* First 4-digit year (1950–2099) in s[0,n); *at is its offset. */
static bool find_year_at(const char *s, size_t n, char out[5], size_t *at) {
  for (size_t i = 0; i + 4 <= n; i++) {
    if ((i == 0 || !isdigit((unsigned char)s[i - 1])) && isdigit((unsigned char)s[i]) &&
        isdigit((unsigned char)s[i + 1]) && isdigit((unsigned char)s[i + 2]) && isdigit((unsigned char)s[i + 3]) &&
        (i + 4 == n || !isdigit((unsigned char)s[i + 4]))) {
      int y = (s[i] - '0') * 1000 + (s[i + 1] - '0') * 100 + (s[i + 2] - '0') * 10 + (s[i + 3] - '0');
      if (y < 1950 || y > 2099) continue;
      memcpy(out, s + i, 4);
      out[4] = 0;
      *at = i;
      return true;
    }
  }
  return false;
}

static bool find_year(const char *s, size_t n, char out[5]) {
  size_t at;
  return find_year_at(s, n, out, &at);
}

/* End of the clause holding token k: the last token before a ';' or the end. */
static int clause_end(const sent *x, int k) {
  while (k < x->nt - 1 && x->t[k].trail != ';') k++;
  return k;
}

static bool ci_contains(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  for (size_t i = 0; i + m <= n; i++)
    if (strncasecmp(s + i, w, m) == 0) return true;
  return false;
}

/* A university's, an institute's or a college's name. */
static bool names_school(const char *s, size_t n) {
  return ci_contains(s, n, "universit") || ci_contains(s, n, "institute") || ci_contains(s, n, "college");
}

static bool contains(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  if (!m || m > n) return false;
  for (size_t i = 0; i + m <= n; i++)
    if (memcmp(s + i, w, m) == 0) return true;
  return false;
}

/* Organisations one joins for the love of it, not for pay. */
static bool volunteer_org(const char *s, size_t n) {
  static const char *const w[] = {"association", "club", "orchestra", "choir", "band", "charity",
                                  "nonprofit", "non-profit", "scouts", "church", "volunteer", NULL};
  for (int i = 0; w[i]; i++)
    if (ci_contains(s, n, w[i])) return true;
  return false;
}

/* ----------------------------------------------------- English: degrees */

static const char *const DONE_VERBS =
    "received|receive|earned|earn|obtained|obtain|completed|complete|got|hold|holds|held|awarded|"
    "graduated|finished|have|has|had|did|attained|acquired";
static const char *const DOING_VERBS = "pursuing|pursue|pursues|studying|doing|enrolled|working|completing";
static const char *const STUDENT_WORDS = "student|candidate|researcher|fellow";

/* Reads the area after a degree: "in Physics", "of Computer Science". */
static int read_area(const sent *x, int k, int end, int *first) {
  if (k > end || !tok_is(x, k, "in|of|on") || x->t[k].trail) return -1;
  k++;
  if (k > end || isdigit((unsigned char)x->s[x->t[k].s])) return -1;
  *first = k;
  int last = -1;
  for (int j = k; j <= end && j < k + 8; j++) {
    if (tok_is(x, j, "from|at|in|under|with|where|since|during|through|advised|supervised|before|after|and|which|to"))
      if (!(tok_is(x, j, "and") && j + 1 <= end && x->t[j + 1].cap && x->t[j].trail == 0 && x->t[*first].cap))
        break;
    if (isdigit((unsigned char)x->s[x->t[j].s])) break;
    last = j;
    if (x->t[j].trail) break;
  }
  return last;
}

/* Institution after token k within [k, end]: "from|at ORG". */
static bool read_institution(const sent *x, int k, int end, int *a, int *b) {
  for (int j = k; j < end; j++) {
    if (tok_is(x, j, "from|at") && !x->t[j].trail) {
      int f, l = read_org(x, j + 1, &f);
      if (l >= 0 && l <= end) {
        /* "the Department of Automation, Example University": the university */
        int f2, l2;
        if (tok_is(x, f, "Department|School|Faculty|Division|Dept|Laboratory|Lab") && x->t[l].trail == ',' &&
            (l2 = read_org(x, l + 1, &f2)) >= 0 && l2 <= end) {
          const char *q;
          size_t qn;
          tok_range(x, f2, l2, &q, &qn);
          if (names_school(q, qn)) {
            f = f2;
            l = l2;
          }
        }
        /* "the Example Catalysis Lab at Example University": the university */
        if (tok_is(x, l, "Lab|Laboratory|Group|Department|School|Center|Centre|Institute") &&
            tok_is(x, l + 1, "at") && !x->t[l].trail && (l2 = read_org(x, l + 2, &f2)) >= 0 && l2 <= end) {
          const char *q;
          size_t qn;
          tok_range(x, f2, l2, &q, &qn);
          if (names_school(q, qn)) {
            f = f2;
            l = l2;
          }
        }
        *a = f;
        *b = l;
        return true;
      }
    }
  }
  return false;
}

static int tok_at(const sent *x, size_t off) {
  for (int k = 0; k < x->nt; k++)
    if (x->t[k].e > off) return k;
  return x->nt;
}

/* Degrees: "received my Ph.D. in Physics from ETH Zurich in 2016", "hold a
 * B.Eng. degree from X in 2012", "graduated from X with a BS in Y", "a
 * third-year Ph.D. student in X at Y" (ongoing: no endDate). */
static void en_degrees(sent *x) {
  /* a degree is read only with a verb before it (DONE_VERBS, which holds
   * "graduated", or DOING_VERBS) or "student"-like words after it: without
   * any such token in the sentence there is nothing to look for */
  const wordlist *cues[3] = {parse_list(DONE_VERBS), parse_list(DOING_VERBS), parse_list(STUDENT_WORDS)};
  uint64_t lens = 0, bloom[4] = {0};
  for (int q = 0; q < 3; q++) {
    if (!cues[q]) { /* not cached: no quick test */
      lens = ~(uint64_t)0;
      memset(bloom, 0xFF, sizeof bloom);
      break;
    }
    lens |= cues[q]->lenmask;
    for (int b = 0; b < 4; b++) bloom[b] |= cues[q]->bloom[b];
  }
  bool cue = false;
  for (int k = 0; k < x->nt && !cue; k++) {
    size_t len = x->t[k].e - x->t[k].s;
    unsigned h = fold_hash(x->t[k].key);
    if (!(lens >> (len < 63 ? len : 63) & 1) || !(bloom[h >> 6] >> (h & 63) & 1)) continue;
    cue = tok_is(x, k, DONE_VERBS) || tok_is(x, k, DOING_VERBS) || tok_is(x, k, STUDENT_WORDS);
  }
  /* a sentence that opens with the degree, as a headline: "Ph.D. in Physics
   * from X." (read only with an area and an institution, and no date) */
  bool headline = false;
  if (!cue) {
    const char *st0 = NULL;
    size_t ms0, me0;
    size_t upto = x->t[x->nt > 1 ? 1 : 0].e;
    headline = cvx_degree_find(x->s, upto, &st0, &ms0, &me0) && st0 && ms0 == x->t[0].s;
    if (!headline) return;
  }
  size_t from = 0;
  /* "I received a BS in X in 2012 from Y, an MA in Z from W, and a PhD …": the
   * degrees of a list share the verb before the first */
  int prev_d1 = -1;
  bool prev_done = false, prev_doing = false;
  for (int guard = 0; guard < 4 && from < x->n; guard++) {
    const char *st = NULL;
    size_t ms, me;
    if (!cvx_degree_find(x->s + from, x->n - from, &st, &ms, &me) || !st) return;
    ms += from;
    me += from;
    from = me;
    int d0 = tok_at(x, ms), d1 = tok_at(x, me - 1);
    if (d0 >= x->nt || d1 >= x->nt) return;
    /* CJK degrees are read by the Chinese scanner */
    if ((unsigned char)x->s[ms] >= 0xE0) continue;
    int end = clause_end(x, d1);
    bool done = false, doing = false, grad_from = false;
    int gf = -1, gl = -1;
    for (int j = d0 - 1; j >= 0 && j >= d0 - 8; j--) {
      if (x->t[j].trail == ';' || x->t[j].trail == '.') break;
      if (tok_is(x, j, DONE_VERBS)) {
        done = true;
        break;
      }
      if (tok_is(x, j, DOING_VERBS)) {
        doing = true;
        break;
      }
      if (tok_is(x, j, "with") && j >= 2) {
        /* "graduated from ORG with a BS" */
        for (int g = j - 1; g >= 0 && g >= j - 12; g--) {
          if (tok_is(x, g, "graduated") && tok_is(x, g + 1, "from")) {
            int f, l = read_org(x, g + 2, &f);
            if (l >= 0 && l < j) {
              grad_from = done = true;
              gf = f;
              gl = l;
            }
            break;
          }
        }
        if (grad_from) break;
      }
    }
    bool inherited = false;
    if (!done && !doing && prev_d1 >= 0 && prev_d1 < d0 && (prev_done || prev_doing) &&
        (tok_is(x, d0 - 1, "a|an|and") || x->t[d0 - 1].trail == ',')) {
      bool apart = false; /* a clause ends between the two degrees */
      for (int j = prev_d1; j < d0; j++)
        if (x->t[j].trail == ';' || x->t[j].trail == '.') apart = true;
      if (!apart) {
        done = prev_done;
        doing = prev_doing;
        inherited = true;
      }
    }
    bool head = headline && d0 == 0 && !done && !doing;
    int k = d1 + 1;
    if (k <= end && tok_is(x, k, "degree|degrees|program|programme") && !x->t[d1].trail) k++;
    bool student = false;
    if (k <= end && tok_is(x, k, STUDENT_WORDS) && !x->t[d1].trail) {
      student = true;
      k++;
    }
    if (!done && !doing && !student && !head) continue;
    if (student) done = false;
    prev_d1 = d1;
    prev_done = done;
    prev_doing = doing;
    int af = -1, al = x->t[k - 1].trail ? -1 : read_area(x, k, end, &af);
    int if_ = -1, il = -1;
    if (grad_from) {
      if_ = gf;
      il = gl;
    } else if (!read_institution(x, al >= 0 ? al + 1 : k, end, &if_, &il)) {
      if_ = il = -1;
    }
    if (if_ < 0 && al < 0) continue;
    if (head && (if_ < 0 || al < 0)) continue;
    /* a degree of a list names its own institution, close after it ("…, an MA
     * in History in 2014 from Y") */
    if (inherited && (if_ < 0 || if_ > (al >= 0 ? al : d1) + 6)) continue;
    cvx_record *r = new_rec(x, CVX_REC_EDUCATION);
    if (!r) return;
    const char *p;
    size_t n;
    if (if_ >= 0) {
      tok_range(x, if_, il, &p, &n);
      put(x, r, "institution", p, n);
    }
    if (al >= 0) {
      tok_range(x, af, al, &p, &n);
      put(x, r, "area", p, n);
    }
    put_s(x, r, "studyType", st);
    if (done) {
      size_t a = x->t[d1].e, b = x->t[end].e;
      char y[5], y2[5];
      size_t yat = 0;
      bool first = tok_is(x, d1 + 1, "and") && !x->t[d1].trail;
      bool second = tok_is(x, d0 - 1, "and");
      if (first || second) {
        /* "the B.E. and M.E. degrees … in 2001 and 2004": one year each, in order */
        if (second) a = x->t[d1].e;
        size_t at = 0;
        if (find_year_at(x->s + a, b - a, y, &at)) {
          size_t from2 = a + at + 4;
          bool two = from2 < b && find_year(x->s + from2, b - from2, y2);
          if (two && first) put(x, r, "endDate", y, 4);
          else if (two && second) put(x, r, "endDate", y2, 4);
        }
      } else if (find_year_at(x->s + a, b - a, y, &yat)) {
        /* "in 2016", "(2016)", ", 2016", "in May 2016" after the degree: the
         * date around the year when the date grammar reads one there */
        cvx_daterange d;
        size_t w = yat > 12 ? yat - 12 : 0;
        const char *ds = x->s + a + w;
        size_t dn = (b - a) - w < 40 ? (b - a) - w : 40;
        if (cvx_date_find(ds, dn, &d) && d.mstart <= yat - w && d.mend >= yat - w + 4 && d.start[0]) {
          if (d.range && d.end[0]) put_s(x, r, "endDate", d.end);
          else if (!d.range) put_s(x, r, "endDate", d.start);
          /* an open range ("2019–present") ends nowhere yet */
        } else {
          put(x, r, "endDate", y, 4);
        }
      } else if (has_prefix_ci(x->s, x->n, "in ") && find_year(x->s, x->t[d0].s, y)) {
        /* "In 2016, I received" before it */
        put(x, r, "endDate", y, 4);
      }
    }
  }
}

/* ------------------------------------------------ English: positions */

/* The role words between an article and "at ORG": checks they read as a role.
 * [a, b] may run past the sentence ("... joined X as a" at its very end):
 * tokens past x->nt are stale, so that range reads as no role. */
static bool good_role(const sent *x, int a, int b) {
  if (a < 0 || b >= x->nt || a > b || b - a > 8) return false;
  for (int j = a; j < b; j++)
    if (x->t[j].trail) return false;
  for (int j = a; j <= b; j++)
    if (tok_is(x, j, "who|which|that|where|when|because|since|if|my|our|your|his|her|their")) return false;
  return cvx_role_score(x->s + x->t[a].s, x->t[b].e - x->t[a].s) > 0;
}

/* Start/end dates stated after a job: "since 2019", "beginning in 2018",
 * "from 2015 to 2018". */
static void job_dates(sent *x, cvx_record *r, int k, int end) {
  for (int j = k; j <= end; j++) {
    if (!tok_is(x, j, "since|beginning|starting|from|between")) continue;
    size_t a = x->t[j].s, b = x->t[end].e;
    cvx_daterange d;
    if (!cvx_date_find(x->s + a, b - a, &d) || d.mstart > 16) continue;
    if (d.start[0]) put_s(x, r, "startDate", d.start);
    if (d.end[0]) put_s(x, r, "endDate", d.end);
    return;
  }
}

/* After an organisation ending at token ol (clause ending at end): "in
 * City, ST" gives the job's location (a parenthesis between them skipped),
 * and a trailing clause ", where I built …" / ", working on …" its summary. */
static void job_place_summary(sent *x, cvx_record *r, int ol, int end) {
  int j = ol + 1;
  if (j <= end && x->t[j].paren && !x->t[ol].trail) j++;
  int after = j - 1; /* the last token read */
  bool placed = false;
  if (j < end && tok_is(x, j, "in") && !x->t[j].trail && (j - 1 > ol || !x->t[ol].trail) && x->t[j + 1].cap) {
    size_t a = x->t[j + 1].s, b = x->t[end].e;
    if (b - a > 80) b = a + 80;
    size_t ms, me;
    if (cvx_location_find(x->s + a, b - a, &ms, &me) && ms == 0 && me > 0) {
      while (me > 0 && (x->s[a + me - 1] == '.' || x->s[a + me - 1] == ',')) me--;
      put(x, r, "location", x->s + a, me);
      int k = tok_at(x, a + me - 1);
      if (k < x->nt) after = k;
      placed = true;
    }
  }
  /* (after a place, "where" tells of the place: "in X, where I live") */
  if (after < end && x->t[after].trail == ',' && !(placed && tok_is(x, after + 1, "where")) &&
      tok_is(x, after + 1, "where|working|leading|building|developing|focusing|studying|researching|designing")) {
    const char *p;
    size_t n;
    tok_range(x, after + 1, end, &p, &n);
    if (n <= 400) put(x, r, "summary", p, n);
  }
}

/* Expands "this association" to the group named before it in the sentence
 * ("I play in a local orchestra, I'm the treasurer of this association"). */
static bool antecedent(const sent *x, int before, int *a, int *b) {
  for (int j = before - 1; j >= 1; j--) {
    if (!tok_is(x, j, "orchestra|club|association|choir|band|society|charity|team|chapter")) continue;
    for (int i = j - 1; i >= 0 && i >= j - 4; i--) {
      if (x->t[i].trail) break;
      if (tok_is(x, i, "a|an|the|our|my")) {
        *a = i + 1;
        *b = j;
        return true;
      }
    }
  }
  return false;
}

/* "I am a Senior Research Engineer at X", "Currently I'm a professor of
 * computer science at X", "spent a summer as a research intern at X", "I'm the
 * secretary and the archivist of this association", "She is a PhD student in X
 * at Y" (education). */
static void en_positions(sent *x) {
  for (int i = 1; i + 2 < x->nt; i++) {
    if (!tok_is(x, i, "a|an|the")) continue;
    int c = i - 1;
    if (tok_is(x, c, "currently|now|also|still|presently")) c--;
    if (c < 0) continue;
    bool as = tok_is(x, c, "as") && !tok_is(x, c - 1, "such|well|same");
    if (!as && !tok_is(x, c, "am|I'm|I’m|is|was|been|became|become|be")) continue;
    if (x->t[c].trail || x->t[i].trail) continue;
    if (tok_is(x, c, "is|was|been|be") && !as) {
      /* "Computer science is a wide area": the subject must be a person */
      bool person = false;
      for (int j = c - 1; j >= 0 && j >= c - 4; j--) {
        if (tok_is(x, j, "I|he|she|they|currently|now")) person = true;
        if (j == 0 && x->t[j].cap) person = true;
        if (x->t[j].trail) break;
      }
      if (!person) continue;
    }
    /* find "at|with|of|in|for ORG" after the role, preferring "at" */
    int prep = -1, of = -1, ol = -1, alt = -1, altf = -1, altl = -1;
    bool generic = false;
    for (int j = i + 2; j < x->nt && j <= i + 12; j++) {
      if (x->t[j - 1].trail) break;
      if (!tok_is(x, j, "at|with|of|for|in")) continue;
      int f, l = read_org(x, j + 1, &f);
      if (l < 0) {
        if (tok_is(x, j, "of|for") && tok_is(x, j + 1, "this|our|the") &&
            tok_is(x, j + 2, "association|club|orchestra|choir|band|society|charity|chapter")) {
          int a2, b2;
          if (antecedent(x, i, &a2, &b2) && alt < 0) {
            alt = j;
            altf = a2;
            altl = b2;
            generic = true;
          }
        }
        continue;
      }
      if (tok_is(x, j, "at")) {
        prep = j;
        of = f;
        ol = l;
        break;
      }
      if (alt < 0 && !tok_is(x, j, "in")) {
        alt = j;
        altf = f;
        altl = l;
      }
    }
    if (prep < 0 && alt >= 0) {
      prep = alt;
      of = altf;
      ol = altl;
    }
    if (prep < 0) continue;
    int ra = i + 1, rb = prep - 1;
    if (rb < ra) continue;
    /* a student of a degree is education */
    const char *rp;
    size_t rn;
    tok_range(x, ra, rb, &rp, &rn);
    if (ci_contains(rp, rn, "student") || ci_contains(rp, rn, "candidate") || ci_contains(rp, rn, "undergraduate"))
      continue; /* studies are education: en_degrees reads them */
    /* "research intern in Tidewater Lab at X": the unit belongs to the organisation */
    int unit = -1, role_end = rb;
    for (int j = ra + 1; j < rb; j++) {
      if (tok_is(x, j, "in") && x->t[j + 1].cap) {
        unit = j + 1;
        role_end = j - 1;
        break;
      }
      /* "a postdoc in the Varga group at X", "a postdoc with Dr. Y at X": the
       * role is the words before; the group is named with the organisation
       * only when nothing else stands between them */
      if (tok_is(x, j, "in|with|under") && !x->t[j].trail &&
          (!tok_is(x, j, "in") || tok_is(x, j + 1, "the|a|an"))) {
        /* ("lecturer in mathematics" keeps its field) */
        role_end = j - 1;
        int uf, ul = tok_is(x, j, "in") ? read_org(x, j + 1, &uf) : -1;
        if (ul == rb) unit = uf;
        break;
      }
    }
    if (!good_role(x, ra, role_end)) continue;
    const char *op;
    size_t on;
    tok_range(x, of, ol, &op, &on);
    if (unit > 0) {
      /* as written: "Tidewater Lab at NTU" */
      op = x->s + x->t[unit].s;
      on = x->t[ol].e - x->t[unit].s;
    }
    bool vol = generic || volunteer_org(op, on) || ci_contains(rp, rn, "volunteer");
    if (!vol && !generic && cvx_org_score(op, on) == 0 && on < 3) continue;
    cvx_record *r = new_rec(x, vol ? CVX_REC_VOLUNTEER : CVX_REC_WORK);
    if (!r) return;
    put(x, r, vol ? "organization" : "name", op, on);
    tok_range(x, ra, role_end, &rp, &rn);
    put(x, r, "position", rp, rn);
    int end = clause_end(x, ol);
    job_dates(x, r, ol + 1, end);
    if (!generic) job_place_summary(x, r, ol, end);
    if (!cvx_record_get(r, "startDate") && (tok_is(x, 0, "since") || (tok_is(x, 0, "from")))) {
      cvx_daterange d;
      if (cvx_date_find(x->s, x->t[c].s, &d) && d.start[0]) {
        put_s(x, r, "startDate", d.start);
        /* "From 2019-2021 I was …": both ends */
        if (d.end[0] && tok_is(x, 0, "from")) put_s(x, r, "endDate", d.end);
      }
    }
    /* go on after the organisation (for "this association", after the phrase) */
    int next = generic ? prep + 2 : ol;
    if (next > i) i = next;
  }
}

/* "joined Y in 2017 as a Z"; "Since 2019, I have been leading the platform
 * team at X" (organisation and start date; the verb phrase is no title). */
static void en_joined(sent *x) {
  for (int i = 0; i + 1 < x->nt; i++) {
    bool join = tok_is(x, i, "joined|join|joining");
    bool work = !join && tok_is(x, i, "worked|working|work|works|employed|teaching|taught|leading|led|serve|serves|served|serving");
    if (!join && !work) continue;
    if (x->t[i].trail) continue;
    int k = i + 1;
    if (work) {
      /* "leading the platform team at X": find "at|for X" within a few words */
      int j = k;
      for (; j < x->nt && j <= i + 6; j++) {
        if (x->t[j - 1].trail) {
          j = x->nt;
          break;
        }
        if (tok_is(x, j, "at|for") && j + 1 < x->nt) break;
        if (tok_is(x, j, "as|a|an")) { j = x->nt; break; }
      }
      if (j >= x->nt || j > i + 6) continue;
      k = j + 1;
    }
    int f, l = read_org(x, k, &f);
    if (l < 0) continue;
    const char *op;
    size_t on;
    tok_range(x, f, l, &op, &on);
    if (cvx_org_score(op, on) == 0 && !work && l == f && on < 3) continue;
    int end = clause_end(x, l);
    char y[5] = {0};
    int ra = -1, rb = -1;
    for (int j = l + 1; j <= end && j <= l + 4; j++) {
      if (tok_is(x, j, "in") && j + 1 <= end && find_year(x->s + x->t[j + 1].s, x->t[j + 1].e - x->t[j + 1].s, y))
        continue;
      if (tok_is(x, j, "as") && tok_is(x, j + 1, "a|an|the")) {
        ra = j + 2;
        rb = ra;
        while (rb + 1 <= end && !x->t[rb].trail && !tok_is(x, rb + 1, "at|in|and|where|to|with|for|on|under") &&
               rb - ra < 6)
          rb++;
        if (!good_role(x, ra, rb)) ra = -1;
        break;
      }
    }
    /* "Since 2019, ..." opening the sentence */
    cvx_daterange d = {0};
    bool since = tok_is(x, 0, "since") && cvx_date_find(x->s, x->t[i].s, &d) && d.start[0];
    if (!y[0] && !since && ra < 0) continue;
    if (work && !since && ra < 0 && !y[0]) continue;
    bool vol = volunteer_org(op, on);
    cvx_record *r = new_rec(x, vol ? CVX_REC_VOLUNTEER : CVX_REC_WORK);
    if (!r) return;
    put(x, r, vol ? "organization" : "name", op, on);
    if (ra >= 0) {
      const char *rp;
      size_t rn;
      tok_range(x, ra, rb, &rp, &rn);
      put(x, r, "position", rp, rn);
    }
    if (y[0])
      put(x, r, "startDate", y, 4);
    else if (since)
      put_s(x, r, "startDate", d.start);
    if (l > i) i = l;
  }
}

/* "I interned at X in <topic> and Y in <topic>", "Interned with X in 2019":
 * a work entry per organisation, its position the verb's stem as written
 * ("Intern" of "Interned"), the topic its summary. */
static void en_interned(sent *x) {
  for (int i = 0; i + 2 < x->nt; i++) {
    if (!tok_is(x, i, "interned|interning") || x->t[i].trail || !tok_is(x, i + 1, "at|with|for")) continue;
    int k = i + 2, end = clause_end(x, i);
    while (k <= end) {
      int f, l = read_org(x, k, &f);
      if (l < 0 || l > end) break;
      const char *op;
      size_t on;
      tok_range(x, f, l, &op, &on);
      if (cvx_org_score(op, on) == 0 && l == f && on < 3) break;
      cvx_record *r = new_rec(x, CVX_REC_WORK);
      if (!r) return;
      put(x, r, "name", op, on);
      /* the position, as the verb says it: "Intern" of "Interned" */
      put(x, r, "position", x->s + x->t[i].s, 6);
      int j = l + 1;
      char y[5];
      if (!x->t[l].trail && j + 1 <= end && tok_is(x, j, "in|during") &&
          find_year(x->s + x->t[j + 1].s, x->t[j + 1].e - x->t[j + 1].s, y) && x->t[j + 1].e - x->t[j + 1].s == 4) {
        put(x, r, "startDate", y, 4);
        l = j + 1;
        j += 2;
      }
      if (!x->t[l].trail && j + 1 <= end && tok_is(x, j, "in|on|working") && !x->t[j + 1].cap) {
        /* the topic, up to "and" + a capital (the next organisation) or the clause end */
        int a = j + 1, e = a;
        if (tok_is(x, j, "working") && tok_is(x, a, "on") && a + 1 <= end) a = e = a + 1;
        while (e < end && !x->t[e].trail && !(tok_is(x, e + 1, "and") && e + 2 <= end && x->t[e + 2].cap)) e++;
        if (e - a <= 16) {
          const char *p;
          size_t n;
          tok_range(x, a, e, &p, &n);
          put(x, r, "summary", p, n);
        }
        l = e;
      }
      if (x->t[l].trail || !tok_is(x, l + 1, "and") || l + 2 > end || !x->t[l + 2].cap) break;
      k = l + 2;
    }
    break;
  }
}

/* A sentence that is a role at an organisation with no verb: "Senior Data
 * Engineer at Initech since 2019.", "Lecturer at X (2015-2018)". Read only
 * when the organisation ends the sentence or a date follows it. */
static void en_role_at(sent *x) {
  int at = -1;
  for (int j = 1; j < x->nt && j <= 8; j++) {
    if (x->t[j - 1].trail) return;
    if (tok_is(x, j, "at|@")) {
      at = j;
      break;
    }
  }
  if (at < 0 || !x->t[0].cap || tok_is(x, 0, "I|I'm|I’m|My|We|He|She|They|It|This|These|In|Since|From|And|The|A|An|Our"))
    return;
  if (!good_role(x, 0, at - 1)) return;
  int f, l = read_org(x, at + 1, &f);
  if (l < 0) return;
  int end = clause_end(x, l);
  bool dated = l + 1 <= end && (tok_is(x, l + 1, "since|from|between") || x->t[l + 1].paren);
  if (l != x->nt - 1 && !dated) return;
  const char *op, *rp;
  size_t on, rn;
  tok_range(x, f, l, &op, &on);
  if (cvx_org_score(op, on) == 0 && l == f && on < 3) return;
  cvx_record *r = new_rec(x, volunteer_org(op, on) ? CVX_REC_VOLUNTEER : CVX_REC_WORK);
  if (!r) return;
  put(x, r, r->kind == CVX_REC_VOLUNTEER ? "organization" : "name", op, on);
  tok_range(x, 0, at - 1, &rp, &rn);
  put(x, r, "position", rp, rn);
  if (dated) {
    size_t a = x->t[l + 1].s, b = x->t[end].e;
    cvx_daterange d;
    if (cvx_date_find(x->s + a, b - a, &d) && d.mstart <= 8 && d.start[0]) {
      put_s(x, r, "startDate", d.start);
      if (d.end[0]) put_s(x, r, "endDate", d.end);
    }
  }
}

/* ------------------------------------------------ English: awards */

/* The words an award's name ends with (or holds): "X Fellowship", "Y Prize". */
static const char *const AWARD_HEADS =
    "Fellowship|Fellowships|Award|Awards|Prize|Prizes|Scholarship|Scholarships|Medal|Grant|Honor|Honour|"
    "Studentship|Lectureship|Distinction|Bursary|Trophy";

/* Reads "the X Fellowship for R" at token k: the title (capitalized words
 * holding an award word), then an optional reason ("for …", up to the next
 * "and the|a|an" + capital, a ';' or the end) and year ("in 2019"). Adds the
 * award and returns the last token read, or -1. */
static int read_award(sent *x, int k) {
  if (tok_is(x, k, "the|a|an|two|both") && !x->t[k].trail) k++;
  if (k >= x->nt || !x->t[k].cap || tok_is(x, k, "the")) return -1;
  int f, l = read_org(x, k, &f);
  if (l < 0) return -1;
  int head = -1;
  for (int j = f; j <= l; j++)
    if (tok_is(x, j, AWARD_HEADS)) head = j;
  if (head < 0) return -1;
  cvx_record *r = new_rec(x, CVX_REC_AWARD);
  if (!r) return -1;
  const char *p;
  size_t n;
  tok_range(x, f, l, &p, &n);
  put(x, r, "title", p, n);
  int last = l, end = clause_end(x, l);
  int j = l + 1;
  if (!x->t[l].trail && j <= end && tok_is(x, j, "in|from|by") && !x->t[j].trail && j + 1 <= end) {
    /* "in 2019"; "from the Example Foundation" */
    char y[5];
    const char *w = x->s + x->t[j + 1].s;
    size_t wn = x->t[j + 1].e - x->t[j + 1].s;
    if (tok_is(x, j, "in") && wn == 4 && find_year(w, wn, y)) {
      put(x, r, "date", y, 4);
      last = j + 1;
      j += 2;
    } else if (tok_is(x, j, "from|by")) {
      int af, al = read_org(x, j + 1, &af);
      if (al >= 0 && al <= end) {
        tok_range(x, af, al, &p, &n);
        put(x, r, "awarder", p, n);
        last = al;
        j = al + 1;
      }
    }
  }
  if (!x->t[last].trail && j <= end && tok_is(x, j, "for") && !x->t[j].trail) {
    int e = j + 1;
    /* the reason ends before "and the|a|an" + a capital: the next award */
    while (e < end && !x->t[e].trail &&
           !(tok_is(x, e + 1, "and") && tok_is(x, e + 2, "the|a|an") && e + 3 < x->nt && x->t[e + 3].cap))
      e++;
    /* ("for" as the sentence's last word has no reason after it) */
    if (e > j && e <= end && e - j <= 24) {
      tok_range(x, j, e, &p, &n);
      put(x, r, "summary", p, n);
      last = e;
    }
  }
  return last;
}

/* "I was awarded the X Fellowship for R and the Y Fellowship for S", "She
 * received the Z Prize in 2019", "recipient of the W Award". */
static void en_awards(sent *x) {
  for (int i = 0; i + 1 < x->nt; i++) {
    if (!tok_is(x, i, "awarded|received|receiving|won|winning|winner|recipient|earned|granted")) continue;
    if (x->t[i].trail) continue;
    int k = i + 1;
    if (tok_is(x, i, "winner|recipient") && tok_is(x, k, "of") && !x->t[k].trail) k++;
    int last = read_award(x, k);
    /* "… and the Y Fellowship …" */
    while (last >= 0 && !x->t[last].trail && tok_is(x, last + 1, "and")) {
      int next = read_award(x, last + 2);
      if (next < 0) break;
      last = next;
    }
    if (last > i) i = last;
  }
}

/* ------------------------------------------------ English: interests */

/* Splits s[0,n) into list items at ", ", " and ", " or ", "、", " и ", and adds
 * one interest per item; stops at the end of the list. */
static void add_items_min(sent *x, const char *s, size_t n, int min_items) {
  if (has_prefix_ci(s, n, "to ")) return; /* "interested in to …": an aim, not topics */
  /* "areas such as A, B": the list starts after "such as" */
  for (size_t j = 0; j + 9 <= n && j < 32; j++)
    if (memcmp(s + j, " such as ", 9) == 0 || memcmp(s + j, " like ", 6) == 0) {
      size_t m = s[j + 1] == 's' ? 9 : 6;
      s += j + m;
      n -= j + m;
      break;
    }
  /* the list ends at ':' '(' ';' or a clause that is no longer a list */
  static const char *const stops[] = {":", "(", ";", "（", "，", "。", ", with ", ", where ", ", which ",
                                      ", especially ", ", particularly ", ", whether ", ", when ", ", if ", " with a focus", " with an emphasis",
                                      " to ", " that ", " by ", ", including ", " such as ", NULL};
  size_t end = n;
  for (int i = 0; stops[i]; i++) {
    size_t m = strlen(stops[i]);
    for (size_t j = 0; j + m <= end; j++)
      if (s[j] == stops[i][0] && memcmp(s + j, stops[i], m) == 0) {
        end = j;
        break;
      }
  }
  /* "interested in X and enjoy building Y": a verb after "and" opens a new
   * clause, and the list ends before it */
  static const char *const verbs[] = {"enjoy ", "enjoys ", "love ", "loves ", "like ", "likes ", "am ", "is ",
                                      "are ", "have ", "has ", "want ", "wants ", "hope ", "spend ", "try ",
                                      "also ", "would ", "will ", "can ", NULL};
  for (size_t j = 0; j + 5 < end; j++) {
    if (s[j] != ' ' || memcmp(s + j, " and ", 5) != 0) continue;
    bool clause = false;
    for (int v = 0; verbs[v] && !clause; v++)
      clause = has_prefix_ci(s + j + 5, end - j - 5, verbs[v]);
    if (clause) {
      end = j;
      break;
    }
  }
  while (end && (s[end - 1] == '.' || is_sp((unsigned char)s[end - 1]))) end--;
  static const char *const seps[] = {", and ", ", or ", ", ", " and ", " or ", "、", " & ", " и ", "与", "及", NULL};
  size_t last_comma = 0; /* "A, Secure and private B, and C": "and" splits only the last part */
  for (size_t j = 0; j + 2 <= end; j++)
    if (s[j] == ',' && s[j + 1] == ' ') last_comma = j;
  size_t st = 0;
  int items = 0;
  const char *it[MAX_ITEMS];
  size_t il[MAX_ITEMS];
  while (st < end && items < MAX_ITEMS) {
    size_t best = end, bl = 0;
    for (int i = 0; seps[i]; i++) {
      size_t m = strlen(seps[i]);
      bool word_sep = seps[i][0] == ' ' && (seps[i][1] == 'a' || seps[i][1] == 'o' || seps[i][1] == '&');
      for (size_t j = st; j + m <= end && j < best; j++)
        if (s[j] == seps[i][0] && memcmp(s + j, seps[i], m) == 0 && !(word_sep && j < last_comma)) {
          best = j;
          bl = m;
          break;
        }
    }
    size_t a = st, b = best;
    while (a < b && is_sp((unsigned char)s[a])) a++;
    while (b > a && (is_sp((unsigned char)s[b - 1]) || s[b - 1] == '*')) b--;
    while (a < b && s[a] == '*') a++;
    if (has_prefix_ci(s + a, b - a, "the ")) a += 4;
    /* "and occasionally yoga", "sometimes chess": the adverb is no part of the topic */
    {
      size_t w = a;
      while (w < b && islower((unsigned char)s[w])) w++;
      static const char *const adj_ly[] = {"early", "family", "daily", "holy", "silly", "ugly", "lovely",
                                           "friendly", "weekly", "monthly", "yearly", "only", NULL};
      bool ly = w - a > 3 && w < b && s[w] == ' ' && s[w - 2] == 'l' && s[w - 1] == 'y';
      for (int k = 0; ly && adj_ly[k]; k++)
        if (w - a == strlen(adj_ly[k]) && strncmp(s + a, adj_ly[k], w - a) == 0) ly = false;
      if (ly || (w < b && s[w] == ' ' && (w - a == 9 && strncmp(s + a, "sometimes", 9) == 0)))
        a = w + 1;
    }
    static const char *const filler[] = {"more", "many more", "others", "other topics", "etc", "etc.", "so on", NULL};
    for (int f = 0; filler[f] && b > a; f++)
      if (b - a == strlen(filler[f]) && strncasecmp(s + a, filler[f], b - a) == 0) b = a;
    if (b > a) {
      it[items] = s + a;
      il[items] = b - a;
      items++;
    }
    if (best >= end) break;
    st = best + bl;
  }
  for (int i = 0; i < items; i++) {
    /* an item of more than six words is a clause, not a topic */
    int words = 1;
    for (size_t j = 0; j < il[i]; j++)
      if (it[i][j] == ' ') words++;
    if (words > 6 || il[i] > 80) return; /* a clause, not a list of topics */
  }
  if (items < min_items) return;
  for (int i = 0; i < items; i++) {
    cvx_record *r = new_rec(x, CVX_REC_INTEREST);
    if (!r) return;
    put(x, r, "name", it[i], il[i]);
  }
}

static void add_items(sent *x, const char *s, size_t n) { add_items_min(x, s, n, 1); }

/* Words the interest patterns below cannot match without, found in one pass:
 * each is written in letters that have no case forms but the ASCII ones
 * (so no "k" of "keen", no "s" of "passionate": K and ſ fold to them), so a
 * text without the word, in any ASCII case, cannot match the pattern and the
 * regex is not run on it. */
enum {
  W_EARCH = 1 << 0, W_INTERE = 1 << 1, W_HOBB = 1 << 2, W_XPERT = 1 << 3, W_TIME = 1 << 4,
  W_MY = 1 << 5, W_AVID = 1 << 6, W_AMATEUR = 1 << 7, W_EEN = 1 << 8, W_IONATE = 1 << 9,
  W_ENTHU = 1 << 10, W_FAN = 1 << 11
};
/* every branch of `lead` needs "research", "interest(s|ed)", "hobbies",
 * "expertise" or "in my … time" */
#define LEAD_WORDS (W_EARCH | W_INTERE | W_HOBB | W_XPERT)
/* `hobby` needs avid, amateur, keen, passionate or enthusiastic */
#define HOBBY_WORDS (W_AVID | W_AMATEUR | W_EEN | W_IONATE | W_ENTHU)

static unsigned key_words(const char *s, size_t n) {
  static const struct {
    const char *w;
    unsigned bit;
  } kw[] = {{"earch", W_EARCH}, {"een", W_EEN},         {"enthu", W_ENTHU},   {"hobb", W_HOBB},
            {"xpert", W_XPERT}, {"time", W_TIME},       {"my", W_MY},         {"avid", W_AVID},
            {"amateur", W_AMATEUR}, {"ionate", W_IONATE}, {"intere", W_INTERE}, {"fan", W_FAN}};
  /* the kw[] entries starting with a byte: a + 16 * b for entries a .. b-1 */
#define KW(a, b) (unsigned char)((a) + 16 * (b))
  static const unsigned char from[256] = {
      ['e'] = KW(0, 3), ['E'] = KW(0, 3), ['h'] = KW(3, 4), ['H'] = KW(3, 4),  ['x'] = KW(4, 5),
      ['X'] = KW(4, 5), ['t'] = KW(5, 6), ['T'] = KW(5, 6), ['m'] = KW(6, 7),  ['M'] = KW(6, 7),
      ['a'] = KW(7, 9), ['A'] = KW(7, 9), ['i'] = KW(9, 11), ['I'] = KW(9, 11), ['f'] = KW(11, 12),
      ['F'] = KW(11, 12)};
#undef KW
  /* the second letters (lower case) after each first byte of kw[], either case */
#define B(c) (1u << ((c) - 'a'))
#define AV (B('v') | B('m'))
#define EA (B('a') | B('e') | B('n'))
#define IO (B('o') | B('n'))
  static const uint32_t second[256] = {['a'] = AV,     ['A'] = AV,     ['e'] = EA,     ['E'] = EA,
                                       ['h'] = B('o'), ['H'] = B('o'), ['x'] = B('p'), ['X'] = B('p'),
                                       ['t'] = B('i'), ['T'] = B('i'), ['m'] = B('y'), ['M'] = B('y'),
                                       ['i'] = IO,     ['I'] = IO,     ['f'] = B('a'), ['F'] = B('a')};
#undef IO
#undef EA
#undef AV
#undef B
  unsigned found = 0;
  for (size_t i = 0; i + 2 <= n; i++) {
    uint32_t m = second[(unsigned char)s[i]];
    if (!m) continue;
    unsigned c1 = ((unsigned char)s[i + 1] | 0x20) - 'a';
    if (c1 >= 26 || !(m >> c1 & 1)) continue;
    unsigned r = from[(unsigned char)s[i]];
    for (unsigned k = r & 15, b = r >> 4; k < b; k++) {
      const char *w = kw[k].w;
      size_t q = 1;
      while (w[q] && i + q < n && ((unsigned char)s[i + q] | 0x20) == (unsigned char)w[q]) q++;
      if (w[q]) continue;
      /* "een" counts only after k, K or the Kelvin sign K (U+212A) */
      if (kw[k].bit == W_EEN &&
          !((i > 0 && ((unsigned char)s[i - 1] | 0x20) == 'k') ||
            (i > 2 && (unsigned char)s[i - 3] == 0xE2 && (unsigned char)s[i - 2] == 0x84 &&
             (unsigned char)s[i - 1] == 0xAA)))
        continue;
      found |= kw[k].bit;
    }
  }
  return found;
}

/* What opens a list of topics: "My research interests include", "My
 * doctoral research focused on", "I am interested in", "My hobbies include",
 * "In my free time I enjoy" (the match ends where the topics start). */
static cvx_rx_def interest_lead = {
      "(?i)\\b(?:(?:my|his|her|their|our)\\s+(?:main\\s+|current\\s+|primary\\s+|broad\\s+|general\\s+|core\\s+|doctoral\\s+|"
      "postdoctoral\\s+|graduate\\s+|thesis\\s+|dissertation\\s+)?"
      "(?:research\\s+interests?|interests|research|research\\s+areas?|research\\s+topics?|hobbies)"
      "\\s+(?:(?:include|includes|encompass|encompasses|are|lie|lies|span|spans|cover|covers|focus|focuses|"
      "centers|centres|revolve|revolves|is|mainly\\s+focuses|broadly\\s+focuses|focused|centered|centred|"
      "included|spanned|covered|was|were)\\b(?:\\s+(?:on|in|around|upon|across))?"
      "(?:\\s+(?:the\\s+)?(?:areas?|fields?|topics?)\\s+of)?)"
      "|(?:my|his|her|their)\\s+(?:main\\s+)?(?:areas?|fields?)\\s+of\\s+(?:research|interest|expertise)\\s+(?:is|are|include|includes)"
      "|\\b(?:I\\s+am|I'm|I’m|he\\s+is|she\\s+is)\\s+(?:broadly\\s+|mainly\\s+|particularly\\s+|especially\\s+|primarily\\s+|"
      "very\\s+|really\\s+|deeply\\s+|also\\s+)?"
      "interested\\s+in"
      "|\\bhobbies\\s+(?:include|are)"
      "|\\bin\\s+my\\s+(?:free|spare|leisure)\\s+time,?\\s+I\\s+(?:enjoy|like|love))\\s*:?\\s*",
      0, NULL};

/* "My research interests include A, B, and C", "My research focuses on A and
 * B", "I am interested in …", "My area of research is X", "I'm an avid reader",
 * "I'm a fan of X", hobbies. */
static void en_interests(sent *x) {
  size_t ov[2];
  unsigned words = key_words(x->s, x->n);
  bool lead_words = (words & LEAD_WORDS) || ((words & W_TIME) && (words & W_MY));
  if (lead_words && cvx_rx_match(&interest_lead, x->s, x->n, 0, ov, 1) > 0) {
    size_t a = ov[1];
    /* "interested in building X" is an activity, not a topic list; hobbies
     * are activities ("My hobbies include baking bread") */
    bool verb = false, pastime = false;
    for (size_t j = ov[0]; j + 4 <= a && !pastime; j++)
      pastime = strncasecmp(x->s + j, "hobb", 4) == 0 || strncasecmp(x->s + j, "time", 4) == 0;
    size_t w = a;
    while (w < x->n && isalpha((unsigned char)x->s[w])) w++;
    /* "My research is motivated by", "… is mostly about": a clause, no topics */
    size_t le = a;
    while (le > ov[0] && (is_sp((unsigned char)x->s[le - 1]) || x->s[le - 1] == ':')) le--;
    if (le - ov[0] >= 3 && (strncasecmp(x->s + le - 3, " is", 3) == 0 || strncasecmp(x->s + le - 3, "was", 3) == 0) &&
        w - a > 3 && (strncmp(x->s + w - 2, "ed", 2) == 0 || strncmp(x->s + w - 2, "ly", 2) == 0))
      verb = true;
    if (!pastime && w - a > 4 && strncmp(x->s + w - 3, "ing", 3) == 0 && islower((unsigned char)x->s[a])) {
      static const char *const nouns[] = {"learning", "computing", "engineering", "processing", "programming",
                                          "modeling", "modelling", "mining", "reasoning", "networking", "planning",
                                          "sensing", "imaging", "rendering", "testing", "understanding", NULL};
      verb = true;
      for (int i = 0; nouns[i]; i++)
        if (w - a == strlen(nouns[i]) && strncasecmp(x->s + a, nouns[i], w - a) == 0) verb = false;
      /* a gerund that opens a noun phrase: "building systems" — not a topic */
    }
    if (!verb && a < x->n) add_items(x, x->s + a, x->n - a);
  }
  static cvx_rx_def hobby = {"(?i)\\bI(?:'m|’m|\\s+am)\\s+(?:also\\s+)?an?\\s+((?:avid|amateur|keen|passionate|enthusiastic)\\s+\\w+)",
                             0, NULL};
  size_t ho[4];
  if ((words & HOBBY_WORDS) && cvx_rx_match(&hobby, x->s, x->n, 0, ho, 2) > 1) {
    cvx_record *r = new_rec(x, CVX_REC_INTEREST);
    put(x, r, "name", x->s + ho[2], ho[3] - ho[2]);
  }
  static cvx_rx_def fan = {"(?i)\\bI(?:'m|’m|\\s+am)\\s+(?:also\\s+)?(?:a\\s+)?(?:big\\s+|huge\\s+|great\\s+)?fan\\s+of\\s+",
                           0, NULL};
  /* the pattern needs "fan": without it, no match to try */
  if ((words & W_FAN) && cvx_rx_match(&fan, x->s, x->n, 0, ov, 1) > 0)
    add_items(x, x->s + ov[1], x->n - ov[1]);
  /* "I enjoy hiking, ceramics and trail running": pastimes, when three or
   * more are listed ("I enjoy working with people" is no list) */
  static cvx_rx_def enjoy = {"(?i)\\bI\\s+(?:also\\s+|really\\s+|greatly\\s+)?(?:enjoy|love)\\s+", 0, NULL};
  if ((ci_contains(x->s, x->n, "enjoy") || ci_contains(x->s, x->n, "love")) &&
      cvx_rx_match(&enjoy, x->s, x->n, 0, ov, 1) > 0)
    add_items_min(x, x->s + ov[1], x->n - ov[1], 3);
  /* Russian: "В качестве хобби увлекаюсь шахматами и фотографией" */
  static cvx_rx_def ru = {"(?i)(?:хобби|увлечения)[^.]{0,40}?(?:увлека\\w*|—|:|-)\\s+|увлекаюсь\\s+", 0,
                          NULL};
  /* every branch needs Cyrillic letters (lead bytes D0/D1) */
  bool cyrillic = memchr(x->s, 0xD0, x->n) || memchr(x->s, 0xD1, x->n);
  if (cyrillic && cvx_rx_match(&ru, x->s, x->n, 0, ov, 1) > 0) add_items(x, x->s + ov[1], x->n - ov[1]);
}

/* ------------------------------------------------------------ Chinese */

/* Clause boundaries in CJK prose. */
static size_t zh_clause_end(const char *s, size_t n, size_t i) {
  while (i < n) {
    if (s[i] == ',' || s[i] == ';' || s[i] == '.') return i;
    if (i + 3 <= n && (memcmp(s + i, "，", 3) == 0 || memcmp(s + i, "。", 3) == 0 ||
                       memcmp(s + i, "；", 3) == 0 || memcmp(s + i, "！", 3) == 0))
      return i;
    i++;
  }
  return n;
}

static bool ends_with(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  return n >= m && memcmp(s + n - m, w, m) == 0;
}

static const char *const ZH_ROLES[] = {
    "助理研究员", "副研究员", "研究员", "助理教授", "副教授", "教授", "讲师", "博士后", "访问学者", "高级工程师",
    "工程师", "常务理事", "副理事长", "理事长", "理事", "副秘书长", "秘书长", "副主任", "主任", "副组长", "组长",
    "副院长", "院长", "副所长", "所长", "副主席", "主席", "委员", "副主编", "主编", "编委", "研究助理", "总经理",
    "经理", "总监", "实习生", "首席科学家", "科学家", "董事长", "创始人", NULL};

static const char *const ZH_ORGS[] = {"大学", "学院", "研究所", "所", "系", "中心", "实验室", "组", "学会", "协会",
                                      "委员会", "专委会", "公司", "集团", "医院", "研究院", "团队", "部", "局",
                                      "院", "会", "室", "科学院", NULL};

static const char *zh_role_suffix(const char *s, size_t n) {
  const char *best = NULL;
  for (int i = 0; ZH_ROLES[i]; i++)
    if (ends_with(s, n, ZH_ROLES[i]) && (!best || strlen(ZH_ROLES[i]) > strlen(best))) best = ZH_ROLES[i];
  return best;
}

static bool zh_is_org(const char *s, size_t n) {
  for (int i = 0; ZH_ORGS[i]; i++)
    if (contains(s, n, ZH_ORGS[i])) return true;
  return false;
}

static bool zh_volunteer(const char *s, size_t n) {
  return ends_with(s, n, "学会") || ends_with(s, n, "协会") || ends_with(s, n, "专委会") ||
         ends_with(s, n, "委员会") || ends_with(s, n, "联合会") || ends_with(s, n, "俱乐部") || ends_with(s, n, "联盟");
}

typedef struct span2 {
  const char *s;
  size_t n;
} span2;

/* Splits s[0,n) at "、" and "以及" (and "和" when `and`). */
static int zh_split(const char *s, size_t n, span2 *out, int max, bool and) {
  int k = 0;
  size_t st = 0;
  for (size_t i = 0; i <= n && k < max;) {
    size_t m = 0;
    if (i == n) m = 1;
    else if (i + 3 <= n && memcmp(s + i, "、", 3) == 0) m = 3;
    else if (i + 6 <= n && memcmp(s + i, "以及", 6) == 0) m = 6;
    else if (and && i + 3 <= n && (memcmp(s + i, "和", 3) == 0 || memcmp(s + i, "与", 3) == 0 ||
                                   memcmp(s + i, "及", 3) == 0))
      m = 3;
    if (!m) {
      i++;
      continue;
    }
    if (i > st) out[k++] = (span2){s + st, i - st};
    st = i + (i == n ? 0 : m);
    i = st == i ? i + 1 : st;
  }
  return k;
}

static void strip_prefix(const char **s, size_t *n, const char *const *w) {
  for (int i = 0; w[i]; i++) {
    size_t m = strlen(w[i]);
    if (*n > m && memcmp(*s, w[i], m) == 0) {
      *s += m;
      *n -= m;
      return;
    }
  }
}

static void strip_suffix(const char *s, size_t *n, const char *const *w) {
  for (int i = 0; w[i]; i++)
    if (ends_with(s, *n, w[i]) && *n > strlen(w[i])) {
      *n -= strlen(w[i]);
      return;
    }
}

/* "现任X大学Y所助理研究员，兼任A主任、B组长以及C学会理事" and "A大学、B大学访问学者". */
static void zh_positions(sent *x, const char *c, size_t n) {
  static const char *const lead[] = {"现任", "兼任", "曾任", "担任", "先后任", "历任", "现为", "曾为", "任", NULL};
  static const char *const tail[] = {"等职务", "等职", "等", NULL};
  const char *s = c;
  size_t len = n;
  bool trig = false;
  for (int i = 0; lead[i]; i++)
    if (len > strlen(lead[i]) && memcmp(s, lead[i], strlen(lead[i])) == 0) trig = true;
  strip_prefix(&s, &len, lead);
  strip_suffix(s, &len, tail);
  span2 it[MAX_ITEMS];
  int k = zh_split(s, len, it, MAX_ITEMS, false);
  if (!k) return;
  const char *last_role = zh_role_suffix(it[k - 1].s, it[k - 1].n);
  if (!last_role) return;
  /* without a verb such as 现任, the clause must be nothing but a list of
   * organisations with roles */
  for (int i = 0; i < k && !trig; i++) {
    const char *role = zh_role_suffix(it[i].s, it[i].n);
    size_t on = it[i].n - (role ? strlen(role) : 0);
    if (!on || on > 90 || !zh_is_org(it[i].s, on)) return;
  }
  for (int i = 0; i < k; i++) {
    const char *role = zh_role_suffix(it[i].s, it[i].n);
    size_t on = it[i].n - (role ? strlen(role) : 0);
    if (!role) {
      if (trig) continue;
      role = last_role; /* "多伦多大学、苏黎世大学访问学者" */
    }
    if (!on || !zh_is_org(it[i].s, on) || on > 90) {
      if (!trig) return; /* a sentence that is not a list of positions */
      if (!on && strcmp(role, "博士后") != 0) continue;
    }
    bool vol = on && zh_volunteer(it[i].s, on);
    cvx_record *r = new_rec(x, vol ? CVX_REC_VOLUNTEER : CVX_REC_WORK);
    if (!r) return;
    if (on) put(x, r, vol ? "organization" : "name", it[i].s, on);
    put_s(x, r, "position", role);
  }
}

/* "先后于浙江大学数学系获得学士（2009年）、博士学位（2014年）", "2017年博士后出站". */
static void zh_education(sent *x, const char *c, size_t n) {
  const char *yu = NULL;
  for (size_t i = 0; i + 3 <= n; i++)
    if (memcmp(c + i, "于", 3) == 0 || memcmp(c + i, "在", 3) == 0) {
      yu = c + i + 3;
      break;
    }
  const char *get = NULL;
  size_t gl = 0;
  if (yu) {
    for (const char *p = yu; p + 3 <= c + n; p++) {
      if (p + 6 <= c + n && memcmp(p, "获得", 6) == 0) {
        get = p;
        gl = 6;
        break;
      }
      if (memcmp(p, "获", 3) == 0) {
        get = p;
        gl = 3;
        break;
      }
    }
  }
  if (yu && get && get > yu) {
    const char *org = yu;
    size_t on = (size_t)(get - yu);
    if (on && on <= 90 && zh_is_org(org, on)) {
      const char *rest = get + gl;
      span2 it[MAX_ITEMS];
      int k = zh_split(rest, (size_t)(c + n - rest), it, MAX_ITEMS, true);
      size_t un = 0; /* "浙江大学数学系": institution 浙江大学, area 数学系 */
      for (size_t i = 0; i + 6 <= on; i++)
        if (memcmp(org + i, "大学", 6) == 0) {
          un = i + 6;
          break;
        }
      for (int i = 0; i < k; i++) {
        const char *st = NULL;
        size_t ms, me;
        if (!cvx_degree_find(it[i].s, it[i].n, &st, &ms, &me) || !st) continue;
        cvx_record *r = new_rec(x, CVX_REC_EDUCATION);
        if (!r) return;
        if (un && un < on) {
          put(x, r, "institution", org, un);
          put(x, r, "area", org + un, on - un);
        } else {
          put(x, r, "institution", org, on);
        }
        put_s(x, r, "studyType", st);
        char y[5];
        if (find_year(it[i].s, it[i].n, y)) put(x, r, "endDate", y, 4);
      }
    }
  }
  /* "2017年博士后出站" */
  for (size_t i = 0; i + 15 <= n; i++) {
    if (memcmp(c + i, "博士后出站", 15) != 0) continue;
    char y[5];
    if (i >= 7 && memcmp(c + i - 3, "年", 3) == 0 && find_year(c + i - 7, 4, y)) {
      cvx_record *r = new_rec(x, CVX_REC_WORK);
      if (!r) return;
      put(x, r, "position", "博士后", strlen("博士后"));
      put(x, r, "endDate", y, 4);
    }
    break;
  }
}

/* "获得2017年省自然科学二等奖、2020年市青年科技奖等荣誉",
 * "获得2015-2017年度省科协“青年英才计划”资助". */
static void zh_awards(sent *x, const char *c, size_t n) {
  static const char *const lead[] = {"曾获得", "曾荣获", "荣获", "获得", "曾获", "获", NULL};
  static const char *const tail[] = {"等荣誉称号", "等荣誉", "等奖项", "等奖励", "等", NULL};
  const char *s = c;
  size_t len = n;
  bool trig = false;
  for (int i = 0; lead[i]; i++)
    if (len > strlen(lead[i]) && memcmp(s, lead[i], strlen(lead[i])) == 0) trig = true;
  if (!trig) return;
  strip_prefix(&s, &len, lead);
  strip_suffix(s, &len, tail);
  span2 it[MAX_ITEMS];
  int k = zh_split(s, len, it, MAX_ITEMS, false);
  for (int i = 0; i < k; i++) {
    const char *p = it[i].s;
    size_t m = it[i].n;
    char y[5] = {0};
    /* a leading "2017年", "2015-2017年度" */
    size_t d = 0;
    while (d < m && (isdigit((unsigned char)p[d]) || p[d] == '-' || p[d] == '~')) d++;
    if (d >= 4 && d + 3 <= m && memcmp(p + d, "年", 3) == 0) {
      find_year(p, d, y);
      d += 3;
      if (d + 3 <= m && memcmp(p + d, "度", 3) == 0) d += 3;
      p += d;
      m -= d;
    }
    const char *title = p, *awarder = NULL;
    size_t tn = m, an = 0;
    const char *q1 = NULL, *q2 = NULL;
    for (size_t j = 0; j + 3 <= m; j++) {
      if (memcmp(p + j, "“", 3) == 0 && !q1) q1 = p + j;
      if (memcmp(p + j, "”", 3) == 0 && q1) {
        q2 = p + j;
        break;
      }
    }
    if (q1 && q2 && q2 > q1 + 3) {
      /* a programme in quotes, its granting body before it */
      title = q1 + 3;
      tn = (size_t)(q2 - title);
      awarder = p;
      an = (size_t)(q1 - p);
    } else if (ends_with(p, m, "奖") || ends_with(p, m, "奖励") || ends_with(p, m, "称号") || ends_with(p, m, "奖学金")) {
      static const char *const bodies[] = {"学会", "协会", "大学", "基金会", "科学院", NULL};
      for (int b = 0; bodies[b] && !awarder; b++)
        for (size_t j = 0; j + strlen(bodies[b]) < m; j++)
          if (memcmp(p + j, bodies[b], strlen(bodies[b])) == 0) {
            awarder = p;
            an = j + strlen(bodies[b]);
            break;
          }
    } else {
      continue;
    }
    if (!tn || tn > 120) continue;
    cvx_record *r = new_rec(x, CVX_REC_AWARD);
    if (!r) return;
    put(x, r, "title", title, tn);
    if (y[0]) put(x, r, "date", y, 4);
    if (awarder && an) put(x, r, "awarder", awarder, an);
  }
}

/* "主要研究方向为智能交通、GIS/RS与城市安全技术". */
static void zh_interests(sent *x, const char *c, size_t n) {
  static const char *const lead[] = {"研究方向为", "研究方向是", "研究方向包括", "研究方向：", "研究兴趣为",
                                     "研究兴趣包括", "研究兴趣是", "研究领域为", "研究领域包括", "研究领域是", NULL};
  for (int i = 0; lead[i]; i++) {
    size_t m = strlen(lead[i]);
    for (size_t j = 0; j + m <= n; j++) {
      if (c[j] != lead[i][0] || memcmp(c + j, lead[i], m) != 0) continue;
      span2 it[MAX_ITEMS];
      int k = zh_split(c + j + m, n - j - m, it, MAX_ITEMS, true);
      for (int t = 0; t < k; t++) {
        size_t len = it[t].n;
        static const char *const tail[] = {"等", NULL};
        strip_suffix(it[t].s, &len, tail);
        if (!len || len > 60) continue;
        cvx_record *r = new_rec(x, CVX_REC_INTEREST);
        if (!r) return;
        put(x, r, "name", it[t].s, len);
      }
      return;
    }
  }
}

static bool has_cjk(const char *s, size_t n) {
  size_t i = 0;
  /* ASCII runs 8 bytes at a time */
  for (; i + 8 + 2 < n; i += 8)
    if (swar_nonascii(swar_load8(s + i))) break;
  for (; i + 2 < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0xE4 && c <= 0xE9) return true;
  }
  return false;
}

static void zh_sentence(sent *x) {
  size_t i = 0;
  while (i < x->n) {
    size_t e = zh_clause_end(x->s, x->n, i);
    const char *c = x->s + i;
    size_t n = e - i;
    while (n && is_sp((unsigned char)c[0])) c++, n--;
    while (n && is_sp((unsigned char)c[n - 1])) n--;
    if (n && has_cjk(c, n)) {
      zh_positions(x, c, n);
      zh_education(x, c, n);
      zh_awards(x, c, n);
      zh_interests(x, c, n);
    }
    if (e >= x->n) break;
    i = e + ((unsigned char)x->s[e] >= 0x80 ? 3 : 1);
  }
}

/* ------------------------------------------------------------- driver */

/* Words before a '.' that do not end a sentence. */
static bool abbrev_before(const char *s, size_t i) {
  size_t b = i;
  while (b > 0 && !is_sp((unsigned char)s[b - 1]) && s[b - 1] != '(') b--;
  size_t len = i - b;
  if (len == 0) return true;
  if (memchr(s + b, '.', len)) return true; /* "Ph.D", "e.g", "B.Sc" */
  if (len == 1) return true;                /* an initial */
#define AB(w) {w, sizeof w - 1}
  static const struct {
    const char *w;
    size_t n;
  } ab[] = {AB("Prof"), AB("Dr"), AB("Mr"),   AB("Mrs"),  AB("Ms"), AB("Inc"), AB("Ltd"),
            AB("Corp"), AB("Co"), AB("St"),   AB("Jr"),   AB("Sr"), AB("vs"),  AB("etc"),
            AB("al"),   AB("Dept"), AB("Univ"), AB("No"), AB("approx"), AB("ca")};
#undef AB
  for (size_t k = 0; k < sizeof ab / sizeof ab[0]; k++)
    if (ab[k].n == len && strncasecmp(s + b, ab[k].w, len) == 0) return true;
  return false;
}

static void one_sentence(para *p, const char *s, size_t n) {
  cvx_doc *doc = p->doc;
  while (n && is_sp((unsigned char)s[0])) s++, n--;
  while (n && is_sp((unsigned char)s[n - 1])) n--;
  if (n < 6 || n > MAX_SENTENCE) return;
  sent sx;
  sent *x = &sx;
  memset(x, 0, offsetof(sent, t));
  x->doc = doc;
  x->p = p;
  x->s = s;
  x->n = n;
  if (has_cjk(s, n)) {
    zh_sentence(x);
    return;
  }
  tokenize(x);
  if (x->nt < 3) return;
  en_degrees(x);
  en_positions(x);
  en_joined(x);
  en_interned(x);
  en_role_at(x);
  en_awards(x);
  en_interests(x);
}

void cvx_prose_extract(cvx_doc *doc, const char *text, size_t len, cvx_span within) {
  if (!doc || !text || !doc->src) return;
  para p = {doc, within, within.start};
  if (!cvx_span_valid(within) || within.end > doc->src->len) {
    p.within = cvx_span_make(0, doc->src->len);
    p.cursor = 0;
  }
  /* the bytes a sentence end can start with; all others are skipped at once */
  static const bool may_end[256] = {['.'] = true, ['!'] = true, ['?'] = true, [0xE3] = true, [0xEF] = true};
  size_t st = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)text[i];
    if (!may_end[c]) continue;
    size_t cut = 0; /* bytes of the terminator */
    if ((c == '.' || c == '!' || c == '?') && (i + 1 == len || is_sp((unsigned char)text[i + 1]))) {
      if (c != '.' || !abbrev_before(text, i)) cut = 1;
    } else if (c == 0xE3 && i + 2 < len && (unsigned char)text[i + 1] == 0x80 && (unsigned char)text[i + 2] == 0x82) {
      cut = 3; /* 。 */
    } else if (c == 0xEF && i + 2 < len && (unsigned char)text[i + 1] == 0xBC &&
               ((unsigned char)text[i + 2] == 0x81 || (unsigned char)text[i + 2] == 0x9F)) {
      cut = 3; /* ！ ？ */
    }
    if (!cut) continue;
    one_sentence(&p, text + st, i - st);
    st = i + cut;
    i = st - 1;
  }
  if (st < len) one_sentence(&p, text + st, len - st);
}

bool cvx_prose_list_lead(const char *text, size_t len) {
  if (!text || len < 8 || len > 400) return false;
  /* the last sentence */
  size_t st = 0;
  for (size_t i = 0; i + 1 < len; i++)
    if ((text[i] == '.' || text[i] == '!' || text[i] == '?') && is_sp((unsigned char)text[i + 1])) st = i + 1;
  while (st < len && is_sp((unsigned char)text[st])) st++;
  unsigned words = key_words(text + st, len - st);
  if (!((words & LEAD_WORDS) || ((words & W_TIME) && (words & W_MY)))) return false;
  size_t ov[2];
  if (cvx_rx_match(&interest_lead, text + st, len - st, 0, ov, 1) <= 0) return false;
  /* nothing after the lead but the colon and spaces the match took */
  return ov[1] == len - st;
}

/* ------------------------------------------------------------- dedupe */

/* Distinctive lower-case tokens of s (ASCII words of 2+ letters that are not
 * generic organisation words; each CJK character). Returns how many. */
#define MAX_WT 24
typedef struct wordset {
  char w[MAX_WT][24];
  int n;
} wordset;

static bool generic_word(const char *w) {
  static const char *const g[] = {"the", "of", "and", "at", "in", "for", "de", "university", "universite",
                                  "institute", "college", "school", "department", "dept", "lab", "laboratory",
                                  "center", "centre", "research", "group", "team", "inc", "ltd", "llc", "co",
                                  "technology", "science", "sciences", "engineering", "national", "state", NULL};
  for (int i = 0; g[i]; i++)
    if (strcmp(w, g[i]) == 0) return true;
  return false;
}

static void words_of(const char *s, wordset *ws, bool all) {
  ws->n = 0;
  if (!s) return;
  size_t i = 0, n = strlen(s);
  while (i < n && ws->n < MAX_WT) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0xE0 && c <= 0xEF && i + 3 <= n) { /* one CJK character */
      memcpy(ws->w[ws->n], s + i, 3);
      ws->w[ws->n][3] = 0;
      ws->n++;
      i += 3;
      continue;
    }
    if (!isalnum(c) && c < 0x80) {
      i++;
      continue;
    }
    size_t b = i;
    while (i < n && (isalnum((unsigned char)s[i]) || ((unsigned char)s[i] >= 0x80 && (unsigned char)s[i] < 0xE0)))
      i++;
    if (i == b) {
      i++;
      continue;
    }
    size_t m = i - b < 23 ? i - b : 23;
    char w[24];
    for (size_t k = 0; k < m; k++) w[k] = (char)tolower((unsigned char)s[b + k]);
    w[m] = 0;
    if (m < 2 || (!all && generic_word(w))) continue;
    memcpy(ws->w[ws->n++], w, m + 1);
  }
}

static int overlap(const wordset *a, const wordset *b) {
  int hit = 0;
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++)
      if (strcmp(a->w[i], b->w[j]) == 0) {
        hit++;
        break;
      }
  return hit;
}

/* Same organisation: a shared distinctive word, or one name inside the other. */
static bool same_org(const char *p, const char *q) {
  if (!p || !q) return false;
  if (strstr(p, q) || strstr(q, p)) return true;
  wordset a, b;
  words_of(p, &a, false);
  words_of(q, &b, false);
  if (!a.n || !b.n) return false;
  int hit = overlap(&a, &b);
  int small = a.n < b.n ? a.n : b.n;
  /* CJK names share characters such as 大学: ask for nearly all of them */
  if ((unsigned char)a.w[0][0] >= 0xE0 || (unsigned char)b.w[0][0] >= 0xE0) return hit * 5 >= small * 4;
  return hit * 2 >= small && hit > 0;
}

/* Roles (or degrees) that can name the same fact: one missing, or a shared word. */
static bool compatible(const char *p, const char *q) {
  if (!p || !q) return true;
  if (strstr(p, q) || strstr(q, p)) return true;
  wordset a, b;
  words_of(p, &a, true);
  words_of(q, &b, true);
  return overlap(&a, &b) > 0;
}

static const char *org_of(const cvx_record *r) {
  switch (r->kind) {
  case CVX_REC_WORK: return cvx_record_get(r, "name");
  case CVX_REC_VOLUNTEER: return cvx_record_get(r, "organization");
  case CVX_REC_EDUCATION: return cvx_record_get(r, "institution");
  case CVX_REC_AWARD: return cvx_record_get(r, "title");
  case CVX_REC_INTEREST: return cvx_record_get(r, "name");
  default: return NULL;
  }
}

/* The fact of p is already stated by q. */
static bool same_fact(const cvx_record *p, const cvx_record *q) {
  if (p->kind != q->kind) return false;
  const char *po = org_of(p), *qo = org_of(q);
  switch (p->kind) {
  case CVX_REC_WORK:
  case CVX_REC_VOLUNTEER: {
    const char *pr = cvx_record_get(p, "position"), *qr = cvx_record_get(q, "position");
    if (po && qo && same_org(po, qo)) return compatible(pr, qr);
    /* "research intern in Tidewater Lab at X" vs "X" / "Research Intern @ Tidewater Lab" */
    if (po && pr && qr && compatible(pr, qr)) {
      wordset a, b;
      words_of(po, &a, false);
      /* whole words only: CJK characters are too common to tell orgs apart */
      int keep = 0;
      for (int i = 0; i < a.n; i++)
        if ((unsigned char)a.w[i][0] < 0xE0) memmove(a.w[keep++], a.w[i], sizeof a.w[i]);
      a.n = keep;
      for (const cvx_field *f = q->fields; f && a.n; f = f->next) {
        if (strcmp(f->key, "position") && strcmp(f->key, "summary") && strcmp(f->key, "highlights")) continue;
        words_of(f->value, &b, false);
        if (overlap(&a, &b) > 0) return true;
      }
    }
    if (!po && !qo) return pr && qr && strcmp(pr, qr) == 0;
    if (!po && pr && qr && strcmp(pr, qr) == 0) return true;
    return false;
  }
  case CVX_REC_EDUCATION: {
    const char *ps = cvx_record_get(p, "studyType"), *qs = cvx_record_get(q, "studyType");
    if (po && qo && same_org(po, qo)) return !ps || !qs || strcmp(ps, qs) == 0;
    if (!po || !qo) {
      const char *pa = cvx_record_get(p, "area"), *qa = cvx_record_get(q, "area");
      return ps && qs && strcmp(ps, qs) == 0 && pa && qa && same_org(pa, qa);
    }
    return false;
  }
  case CVX_REC_AWARD:
  case CVX_REC_INTEREST:
    return po && qo && strcasecmp(po, qo) == 0;
  default: return false;
  }
}

void cvx_prose_dedupe(cvx_doc *doc) {
  if (!doc) return;
  cvx_record **pp = &doc->records, *prev = NULL;
  while (*pp) {
    cvx_record *r = *pp;
    bool drop = false;
    if (r->origin && strcmp(r->origin, "prose") == 0) {
      /* a section entry anywhere wins; an earlier prose entry wins over a later one */
      bool before = true;
      for (cvx_record *q = doc->records; q && !drop; q = q->next) {
        if (q == r) {
          before = false;
          continue;
        }
        if (q->kind != r->kind) continue;
        bool prose = q->origin && strcmp(q->origin, "prose") == 0;
        if (prose && !before) continue;
        drop = same_fact(r, q);
      }
    }
    if (drop) {
      *pp = r->next;
      doc->nrecords--;
      continue;
    }
    prev = r;
    pp = &r->next;
  }
  doc->records_tail = prev;
}

/* ------------------------------------------------------------ bio subject */

void cvx_prose_bio_name(cvx_doc *doc) {
  cvx_record *basics = NULL;
  for (cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_BASICS) continue;
    if (cvx_record_get(r, "name")) return;
    if (!basics) basics = r;
  }
  cvx_field *f = basics ? cvx_record_field(basics, "summary") : NULL;
  if (!f) return;
  size_t a, e;
  if (!cvx_bio_subject(f->value, strlen(f->value), &a, &e)) return;
  cvx_span at = cvx_doc_locaten(doc, f->span, f->value + a, e - a);
  cvx_record_addn(doc, basics, "name", f->value + a, e - a, cvx_span_valid(at) ? at : f->span);
}
