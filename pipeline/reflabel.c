/* reflabel.c — cvx_ref_parse: a reference string tokenised, described by
 * hashed features (the words, their shapes and neighbours, where they sit,
 * and what refparse.c's scanners and rule parse say of them), labelled by the
 * trained sequence model, and its labelled spans read into a cvx_ref by the
 * same grammars the rules use (names, years, page ranges). */
#include "reflabel.h"
#include "grammar.h"

#include "seqmodel.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cvx_reflabel_classes[CVX_RL_NCLASSES] = {
    "other", "author", "editor", "title", "container-title", "collection-title", "date", "volume", "issue",
    "pages", "publisher", "location", "edition", "genre", "note", "doi", "url", "identifier"};

/* ------------------------------------------------------------- tokens */

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static char lower(char c) { return is_upper((unsigned char)c) ? (char)(c - 'A' + 'a') : c; }

/* Length of a punctuation mark at t[i] that is not ASCII (general
 * punctuation U+2000-U+206F, guillemets, no-break space), else 0. */
static size_t upunct(const char *t, size_t n, size_t i) {
  unsigned char c = (unsigned char)t[i];
  if (c == 0xE2 && i + 2 < n && (unsigned char)t[i + 1] == 0x80) return 3;
  if (c == 0xC2 && i + 1 < n && ((unsigned char)t[i + 1] == 0xAB || (unsigned char)t[i + 1] == 0xBB ||
                                 (unsigned char)t[i + 1] == 0xA0))
    return 2;
  return 0;
}

static bool word_byte(const char *t, size_t n, size_t i) {
  unsigned char c = (unsigned char)t[i];
  if (c >= 0x80) return upunct(t, n, i) == 0;
  return is_digit(c) || is_upper(c) || is_lower(c);
}

cvx_reftok *cvx_reflabel_tokenize(cvx_arena *a, const char *t, size_t n, size_t *ntok) {
  size_t cap = n + 1, k = 0;
  cvx_reftok *tok = cvx_arena_alloc(a, cap * sizeof *tok);
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)t[i];
    if (c == ' ' || c == '\t' || (c == 0xC2 && i + 1 < n && (unsigned char)t[i + 1] == 0xA0)) {
      i += c == 0xC2 ? 2 : 1;
      continue;
    }
    size_t b = i;
    if (word_byte(t, n, i)) {
      while (i < n && word_byte(t, n, i)) i++;
      /* never split a UTF-8 sequence */
      while (i < n && ((unsigned char)t[i] & 0xC0) == 0x80) i++;
      tok[k++] = (cvx_reftok){(uint32_t)b, (uint32_t)i, true};
    } else {
      size_t m = upunct(t, n, i);
      i += m ? m : 1;
      tok[k++] = (cvx_reftok){(uint32_t)b, (uint32_t)i, false};
    }
  }
  *ntok = k;
  return tok;
}

/* ------------------------------------------------------------- features */

/* The shape of a token: X upper, x lower, d digit, u other letter, the mark
 * itself otherwise; compressed (runs collapsed) or in full (first 8). */
static size_t shape(const char *s, size_t n, bool compress, char *out) {
  size_t k = 0;
  for (size_t i = 0; i < n && k < 8; i++) {
    unsigned char c = (unsigned char)s[i];
    char x = is_upper(c) ? 'X' : is_lower(c) ? 'x' : is_digit(c) ? 'd' : c >= 0x80 ? 'u' : (char)c;
    if (c >= 0x80 && (c & 0xC0) == 0x80) continue;
    if (compress && k && out[k - 1] == x) continue;
    out[k++] = x;
  }
  out[k] = '\0';
  return k;
}

/* The token lower-cased (ASCII), at most 24 bytes. */
static size_t lowered(const char *s, size_t n, char *out) {
  size_t k = n < 24 ? n : 24;
  for (size_t i = 0; i < k; i++) out[i] = lower(s[i]);
  out[k] = '\0';
  return k;
}

/* Finds needle in t[from, n) as written; n when absent. */
static size_t find(const char *t, size_t n, size_t from, const char *needle) {
  size_t m = needle ? strlen(needle) : 0;
  if (!m || from >= n || m > n - from) return n;
  for (const char *p = t + from; (p = memchr(p, needle[0], (size_t)(t + n - p))) != NULL; p++) {
    if ((size_t)(t + n - p) < m) break;
    if (memcmp(p, needle, m) == 0) return (size_t)(p - t);
  }
  return n;
}

static void mark_span(unsigned char *lab, size_t s, size_t e, int label) {
  for (size_t i = s; i < e; i++)
    if (!lab[i]) lab[i] = (unsigned char)label;
}

/* Where the rule parse's fields sit in t: lab[i] = label (0: none). */
static void rule_labels(const char *t, size_t n, const cvx_ref *r, unsigned char *lab) {
  memset(lab, 0, n);
  size_t cur = 0, first = n, last = 0;
  for (size_t i = 0; i < r->nauthors; i++) {
    const char *f = r->authors[i].family ? r->authors[i].family : r->authors[i].literal;
    size_t at = find(t, n, cur, f);
    if (at == n) continue;
    if (at < first) first = at;
    cur = at + strlen(f);
    if (cur > last) last = cur;
    const char *g = r->authors[i].given;
    size_t ga = g ? find(t, n, cur, g) : n;
    if (ga < n && ga < cur + 8) {
      cur = ga + strlen(g);
      if (cur > last) last = cur;
    }
  }
  if (first < n) {
    size_t gb = r->authors[0].given ? find(t, n, 0, r->authors[0].given) : n;
    if (gb < first) first = gb;
    mark_span(lab, first, last, CVX_RL_AUTHOR);
  }
  size_t after = last;
  size_t ts = find(t, n, after, r->title);
  if (ts < n) {
    mark_span(lab, ts, ts + strlen(r->title), CVX_RL_TITLE);
    after = ts + strlen(r->title);
  }
  size_t cs = find(t, n, after, r->container);
  if (cs < n) {
    mark_span(lab, cs, cs + strlen(r->container), CVX_RL_CONTAINER);
    after = cs + strlen(r->container);
  }
  size_t ps = find(t, n, after, r->publisher);
  if (ps < n) mark_span(lab, ps, ps + strlen(r->publisher), CVX_RL_PUBLISHER);
  const struct {
    const char *v;
    int label;
  } nums[] = {{r->volume, CVX_RL_VOLUME}, {r->issue, CVX_RL_ISSUE}};
  for (int q = 0; q < 2; q++) {
    const char *v = nums[q].v;
    for (size_t at = find(t, n, after, v); at < n; at = find(t, n, at + 1, v)) {
      size_t e = at + strlen(v);
      if ((at && is_digit((unsigned char)t[at - 1])) || (e < n && is_digit((unsigned char)t[e]))) continue;
      mark_span(lab, at, e, nums[q].label);
      break;
    }
  }
}

/* a "|" b into buf (at most 95 bytes); returns the length. */
static size_t join(char *buf, const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  if (na > 47) na = 47;
  if (nb > 47) nb = 47;
  memcpy(buf, a, na);
  buf[na] = '|';
  memcpy(buf + na + 1, b, nb);
  buf[na + 1 + nb] = '\0';
  return na + 1 + nb;
}

static const char *const mark_names[] = {"ident", "year", "pages", "initial", "caps", "capword", "particle",
                                         "suffix", "conj", "etal", "editor", "month", "volword", "publisher",
                                         "conference", "thesis", "report", "venue-conf", "venue-journal"};
#define NMARKS (sizeof mark_names / sizeof mark_names[0])

/* Feature-name prefixes, hashed once (pthread_once) so that the hot loop
 * only extends their hashes. */
enum {
  P_B, P_W, P_S, P_SF, P_P2, P_P3, P_X2, P_X3, P_LEN, P_SM1, P_WM1W, P_SP1, P_WWP1, P_POS, P_CPOS, P_FIRST, P_LAST, P_GLB, P_GLA, P_SEG, P_COMMAS, P_INQ, P_INP, P_INB, P_M, P_MM1, P_MP1, P_R, P_RM1, P_RP1, P_RS, P_YEARLIKE, P_WM2, P_WM1, P_WP1, P_WP2, P_YRL, P_YRE, P_YRG, P_SEGM, P_SEGKW, P_SEGLEN, P_SEGPOS,
  P_PP, P_NP, P_WSP, P_SEGF, P_SEGY, P_QREL, P_CAPR, P_RSEG, P_PPW,
  NPREFIX
};
static const char *const prefix_names[NPREFIX] = {"b", "w=", "s=", "S=", "p2=", "p3=", "x2=", "x3=", "len=", "s-1=", "w-1w=", "s+1=", "ww+1=", "pos=", "cpos=", "firstword", "last", "glued-before", "glued-after", "seg=", "commas=", "in-quotes", "in-parens", "in-brackets", "m=", "m-1=", "m+1=", "r=", "r-1=", "r+1=", "r|s=", "yearlike", "w-2=", "w-1=", "w+1=", "w+2=", "yr<", "yr=", "yr>", "segm=", "segkw", "seglen=", "segpos=",
                                                  "pp=", "np=", "wsp=", "segf=", "segy=", "qrel=", "capr=", "r|seg=", "pp|w="};
static uint32_t seed[NPREFIX];
static uint32_t mark_h[3][NMARKS];              /* m-1=, m=, m+1= + mark name */
static uint32_t rule_h[3][CVX_RL_NCLASSES];     /* r-1=, r=, r+1= + label */
static pthread_once_t seeds_once = PTHREAD_ONCE_INIT;

static void seeds_init(void) {
  for (int i = 0; i < NPREFIX; i++) seed[i] = cvx_feature_hash(prefix_names[i], NULL, 0);
  static const int mp[3] = {P_MM1, P_M, P_MP1}, rp[3] = {P_RM1, P_R, P_RP1};
  for (int q = 0; q < 3; q++) {
    for (size_t b = 0; b < NMARKS; b++) mark_h[q][b] = cvx_feature_extend(seed[mp[q]], mark_names[b], strlen(mark_names[b]));
    for (int l = 0; l < CVX_RL_NCLASSES; l++)
      rule_h[q][l] = cvx_feature_extend(seed[rp[q]], cvx_reflabel_classes[l], strlen(cvx_reflabel_classes[l]));
  }
}

#define ADD0(p) cvx_features_add_hash(f, seed[p])
#define ADD(p, s, n) cvx_features_add_hash(f, cvx_feature_extend(seed[p], (s), (n)))

static bool sentence_dot(const char *t, const cvx_reftok *tok, size_t i) {
  if (t[tok[i].s] != '.') return false;
  /* not after an initial or a short abbreviation ("J.", "pp.", "Proc.") */
  if (i && tok[i - 1].word && tok[i - 1].e == tok[i].s) {
    size_t len = tok[i - 1].e - tok[i - 1].s;
    if (len <= 2 && !is_digit((unsigned char)t[tok[i - 1].s])) return false;
  }
  return true;
}

void cvx_reflabel_features(cvx_arena *a, const char *raw, size_t rawn, const char *t, size_t n,
                           const cvx_reftok *tok, size_t ntok, cvx_features *feats, cvx_ref *rules) {
  if (!ntok) return;
  pthread_once(&seeds_once, seeds_init);
  uint32_t *marks = cvx_arena_alloc(a, (n + 1) * sizeof *marks);
  cvx_ref_marks(a, t, n, marks);
  cvx_ref rr;
  cvx_ref_parse_rules(a, raw, rawn, &rr);
  if (rules) *rules = rr;
  unsigned char *rlab = cvx_arena_alloc(a, n + 1);
  rule_labels(t, n, &rr, rlab);
  /* per token: marks (OR over its bytes), lower-cased text, shape, rule label */
  uint32_t *tm = cvx_arena_alloc(a, ntok * sizeof *tm);
  char(*low)[25] = cvx_arena_alloc(a, ntok * sizeof *low);
  unsigned char *lowlen = cvx_arena_alloc(a, ntok);
  char(*shp)[9] = cvx_arena_alloc(a, ntok * sizeof *shp);
  unsigned char *tr = cvx_arena_alloc(a, ntok);
  unsigned char *ctx = cvx_arena_alloc(a, ntok); /* bits: 1 quote, 2 paren, 4 bracket */
  unsigned char *seg = cvx_arena_alloc(a, ntok), *commas = cvx_arena_alloc(a, ntok);
  bool inq = false;
  int paren = 0, brack = 0, sg = 0, cm = 0;
  for (size_t i = 0; i < ntok; i++) {
    const cvx_reftok *k = &tok[i];
    uint32_t m = 0;
    for (size_t b = k->s; b < k->e; b++) m |= marks[b];
    tm[i] = m;
    lowlen[i] = (unsigned char)lowered(t + k->s, k->e - k->s, low[i]);
    shape(t + k->s, k->e - k->s, true, shp[i]);
    tr[i] = rlab[k->s];
    const char *c = t + k->s;
    size_t cl = k->e - k->s;
    bool open_q = (cl == 3 && (memcmp(c, "\xe2\x80\x9c", 3) == 0 || memcmp(c, "\xe2\x80\x98", 3) == 0)) ||
                  (cl == 2 && memcmp(c, "\xc2\xab", 2) == 0);
    bool close_q = (cl == 3 && (memcmp(c, "\xe2\x80\x9d", 3) == 0 || memcmp(c, "\xe2\x80\x99", 3) == 0)) ||
                   (cl == 2 && memcmp(c, "\xc2\xbb", 2) == 0);
    if (cl == 1 && c[0] == '"') inq ? (close_q = true) : (open_q = true);
    if (open_q) inq = true;
    if (cl == 1 && c[0] == '(') paren++;
    if (cl == 1 && c[0] == '[') brack++;
    ctx[i] = (unsigned char)((inq ? 1 : 0) | (paren > 0 ? 2 : 0) | (brack > 0 ? 4 : 0));
    if (close_q) inq = false;
    if (cl == 1 && c[0] == ')' && paren > 0) paren--;
    if (cl == 1 && c[0] == ']' && brack > 0) brack--;
    seg[i] = (unsigned char)(sg > 6 ? 6 : sg);
    commas[i] = (unsigned char)(cm > 6 ? 6 : cm);
    if (sentence_dot(t, tok, i) || (cl == 1 && (c[0] == ':' || c[0] == '?'))) sg++;
    if (cl == 1 && (c[0] == ',' || c[0] == ';')) cm++;
  }
  size_t firstw = 0;
  while (firstw < ntok && !tok[firstw].word) firstw++;
  /* sentences (runs of tokens between the boundaries seg counts): the marks
   * any of their tokens has, whether they hold a journal word, their length */
  uint32_t *sm = cvx_arena_alloc(a, ntok * sizeof *sm);
  bool *skw = cvx_arena_alloc(a, ntok);
  size_t *sb = cvx_arena_alloc(a, ntok * sizeof *sb), *se = cvx_arena_alloc(a, ntok * sizeof *se);
  for (size_t i = 0; i < ntok;) {
    size_t j = i;
    uint32_t m = 0;
    bool kw = false;
    while (j < ntok && (j == i || seg[j] == seg[i])) {
      static const char *const jw[] = {"journal", "review", "transactions", "letters", "magazine", "bulletin",
                                       "annals", "quarterly", "jour", "trans", "rev", NULL};
      m |= tm[j];
      if (lowlen[j] >= 3 && strchr("jrtlmbaq", low[j][0]))
        for (int q = 0; jw[q] && !kw; q++) kw = strcmp(low[j], jw[q]) == 0;
      j++;
    }
    for (size_t q = i; q < j; q++) sm[q] = m, skw[q] = kw, sb[q] = i, se[q] = j;
    i = j;
  }
  /* the rules' year: whether a token comes before or after it says much */
  size_t year_at = ntok;
  for (size_t i = 0; i < ntok && year_at == ntok; i++)
    if ((tm[i] & CVX_REF_MARK_YEAR) && tok[i].word) year_at = i;
  /* punctuation context: the nearest mark before and after each token, and
   * how many words since the one before */
  size_t *pprev = cvx_arena_alloc(a, ntok * sizeof *pprev), *pnext = cvx_arena_alloc(a, ntok * sizeof *pnext);
  unsigned char *wsp = cvx_arena_alloc(a, ntok);
  for (size_t i = 0, last = ntok, w = 0; i < ntok; i++) {
    pprev[i] = last;
    wsp[i] = (unsigned char)(w > 9 ? 9 : w);
    if (!tok[i].word) last = i, w = 0;
    else w++;
  }
  for (size_t i = ntok, next = ntok; i-- > 0;) {
    pnext[i] = next;
    if (!tok[i].word) next = i;
  }
  /* the first quoted span: before, inside or after it */
  size_t q0 = ntok, q1 = ntok;
  for (size_t i = 0; i < ntok && q0 == ntok; i++)
    if (ctx[i] & 1) q0 = i;
  for (size_t i = q0; i < ntok && q1 == ntok; i++)
    if (!(ctx[i] & 1)) q1 = i;
  /* runs of capitalised words (small words between them do not break a run) */
  unsigned char *capr = cvx_arena_alloc(a, ntok);
  for (size_t i = 0; i < ntok;) {
    if (!tok[i].word || !is_upper((unsigned char)t[tok[i].s])) {
      capr[i++] = 0;
      continue;
    }
    size_t j = i, caps = 0;
    while (j < ntok && tok[j].word &&
           (is_upper((unsigned char)t[tok[j].s]) || (lowlen[j] <= 3 && is_lower((unsigned char)t[tok[j].s])))) {
      caps += is_upper((unsigned char)t[tok[j].s]);
      j++;
    }
    for (size_t q = i; q < j; q++) capr[q] = (unsigned char)(caps > 5 ? 5 : caps);
    i = j;
  }
  int year_seg = year_at < ntok ? seg[year_at] : -9;
  char buf[96];
  for (size_t i = 0; i < ntok; i++) {
    cvx_features *f = &feats[i];
    const cvx_reftok *k = &tok[i];
    const char *s = t + k->s;
    size_t len = k->e - k->s;
    ADD0(P_B);
    ADD(P_W, low[i], lowlen[i]);
    ADD(P_S, shp[i], strlen(shp[i]));
    char full[9];
    ADD(P_SF, full, shape(s, len, false, full));
    if (k->word && len >= 3) {
      size_t ll = lowlen[i];
      ADD(P_P2, low[i], 2);
      ADD(P_P3, low[i], 3);
      ADD(P_X2, low[i] + ll - 2, 2);
      ADD(P_X3, low[i] + ll - 3, 3);
    }
    char lb = len == 1 ? '1' : len == 2 ? '2' : len == 3 ? '3' : len == 4 ? '4' : len <= 7 ? '5' : '8';
    ADD(P_LEN, &lb, 1);
    static const int nb[] = {P_WM2, P_WM1, P_WP1, P_WP2};
    static const int off[] = {-2, -1, 1, 2};
    for (int q = 0; q < 4; q++) {
      long j = (long)i + off[q];
      if (j < 0) ADD(nb[q], "^", 1);
      else if ((size_t)j >= ntok) ADD(nb[q], "$", 1);
      else ADD(nb[q], low[j], lowlen[j]);
    }
    if (i) {
      ADD(P_SM1, shp[i - 1], strlen(shp[i - 1]));
      ADD(P_WM1W, buf, join(buf, low[i - 1], low[i]));
    }
    if (i + 1 < ntok) {
      ADD(P_SP1, shp[i + 1], strlen(shp[i + 1]));
      ADD(P_WWP1, buf, join(buf, low[i], low[i + 1]));
    }
    char pq = (char)('0' + (i * 8) / ntok);
    ADD(P_POS, &pq, 1);
    char cq = (char)('0' + ((size_t)k->s * 8) / (n ? n : 1));
    ADD(P_CPOS, &cq, 1);
    if (i == firstw) ADD0(P_FIRST);
    if (i + 1 == ntok) ADD0(P_LAST);
    if (i && tok[i - 1].e == k->s) ADD0(P_GLB);
    if (i + 1 < ntok && tok[i + 1].s == k->e) ADD0(P_GLA);
    char sq = (char)('0' + seg[i]), cmq = (char)('0' + commas[i]);
    ADD(P_SEG, &sq, 1);
    ADD(P_COMMAS, &cmq, 1);
    if (ctx[i] & 1) ADD0(P_INQ);
    if (ctx[i] & 2) ADD0(P_INP);
    if (ctx[i] & 4) ADD0(P_INB);
    uint32_t around[3] = {i ? tm[i - 1] : 0, tm[i], i + 1 < ntok ? tm[i + 1] : 0};
    for (int q = 0; q < 3; q++)
      for (uint32_t bits = around[q]; bits; bits &= bits - 1) {
        unsigned b = (unsigned)__builtin_ctz(bits);
        if (b < NMARKS) cvx_features_add_hash(f, mark_h[q][b]);
      }
    const char *rl = cvx_reflabel_classes[tr[i]];
    cvx_features_add_hash(f, rule_h[1][tr[i]]);
    if (i) cvx_features_add_hash(f, rule_h[0][tr[i - 1]]);
    if (i + 1 < ntok) cvx_features_add_hash(f, rule_h[2][tr[i + 1]]);
    ADD(P_RS, buf, join(buf, rl, shp[i]));
    ADD0(i < year_at ? P_YRL : i == year_at ? P_YRE : P_YRG);
    if (skw[i]) ADD0(P_SEGKW);
    {
      for (uint32_t bits = sm[i]; bits; bits &= bits - 1) {
        unsigned b = (unsigned)__builtin_ctz(bits);
        if (b < NMARKS) ADD(P_SEGM, mark_names[b], strlen(mark_names[b]));
      }
      size_t sl = se[i] - sb[i];
      char lq = sl <= 2 ? '1' : sl <= 5 ? '2' : sl <= 10 ? '3' : sl <= 20 ? '4' : '5';
      ADD(P_SEGLEN, &lq, 1);
      char pq2 = i == sb[i] ? 'b' : i + 1 == se[i] ? 'e' : 'm';
      ADD(P_SEGPOS, &pq2, 1);
    }
    {
      char pbuf[8];
      size_t pl = 0;
      if (pprev[i] < ntok) {
        const cvx_reftok *pk = &tok[pprev[i]];
        pl = pk->e - pk->s == 1 ? (pbuf[0] = t[pk->s], 1) : (pbuf[0] = 'u', 1);
        pbuf[pl++] = pprev[i] + 1 == i ? 'a' : 'f';
      } else
        pbuf[pl++] = '^';
      pbuf[pl] = '\0';
      ADD(P_PP, pbuf, pl);
      ADD(P_PPW, buf, join(buf, pbuf, low[i]));
      pl = 0;
      if (pnext[i] < ntok) {
        const cvx_reftok *nk = &tok[pnext[i]];
        pbuf[pl++] = nk->e - nk->s == 1 ? t[nk->s] : 'u';
        pbuf[pl++] = pnext[i] == i + 1 ? 'a' : 'f';
      } else
        pbuf[pl++] = '$';
      ADD(P_NP, pbuf, pl);
      char wq = (char)('0' + wsp[i]);
      ADD(P_WSP, &wq, 1);
      size_t fw = sb[i];
      while (fw < se[i] && !tok[fw].word) fw++;
      if (fw < se[i]) ADD(P_SEGF, low[fw], lowlen[fw]);
      int dy = year_seg == -9 ? 9 : seg[i] - year_seg;
      char yq = (char)('5' + (dy < -3 ? -3 : dy > 3 ? 3 : dy));
      if (year_seg == -9) yq = 'n';
      ADD(P_SEGY, &yq, 1);
      char qq = q0 == ntok ? 'n' : i < q0 ? 'b' : i < q1 ? 'i' : 'a';
      ADD(P_QREL, &qq, 1);
      char cq2 = (char)('0' + capr[i]);
      ADD(P_CAPR, &cq2, 1);
      char sq2[2] = {(char)('0' + seg[i]), 0};
      ADD(P_RSEG, buf, join(buf, rl, sq2));
    }
    if (k->word && len == 4 && is_digit((unsigned char)s[0])) {
      int y = atoi(s);
      if (y >= 1500 && y <= 2099) ADD0(P_YEARLIKE);
    }
  }
}

/* ------------------------------------------------------------- the model */

extern const char *const cvx_model_refs_text;
extern const size_t cvx_model_refs_text_len;

static cvx_model *refs_model;
static cvx_seqmodel refs_seq;
static bool use_rules, debug_labels;
static pthread_once_t refs_once = PTHREAD_ONCE_INIT;

/* Loads the built-in model (or CVX_REFS_MODEL=FILE) once; a model that
 * cannot be read, or has no weights, leaves the rules in charge. */
static void refs_load(void) {
  debug_labels = getenv("CVX_REFS_DEBUG") != NULL;
  const char *p = getenv("CVX_REFS_PARSER");
  if (p && strcmp(p, "rules") == 0) {
    use_rules = true;
    return;
  }
  refs_model = cvx_model_load("CVX_REFS_MODEL", cvx_model_refs_text, cvx_model_refs_text_len, "refs");
  bool ok = refs_model && cvx_model_nclasses(refs_model) == CVX_RL_NCLASSES;
  for (int i = 0; ok && i < CVX_RL_NCLASSES; i++)
    ok = strcmp(cvx_model_class(refs_model, i), cvx_reflabel_classes[i]) == 0;
  if (ok) {
    cvx_seqmodel_init(&refs_seq, refs_model);
    bool any = false; /* a model with no weights has never been trained */
    for (int i = 0; i < CVX_RL_NCLASSES * CVX_RL_NCLASSES && !any; i++) any = refs_seq.trans[i] != 0;
    ok = any;
    if (!ok) cvx_seqmodel_free(&refs_seq);
  }
  if (!ok) {
    cvx_model_free(refs_model);
    refs_model = NULL;
    use_rules = true;
  }
}

/* ------------------------------------------------------------- spans */

typedef struct run {
  size_t a, b; /* tokens [a, b] */
  bool set;
} run;

static char *span_text(cvx_arena *a, const char *t, const cvx_reftok *tok, run r) {
  return cvx_arena_strndup(a, t + tok[r.a].s, tok[r.b].e - tok[r.a].s);
}

/* s without the given leading and trailing bytes and spaces (in place). */
static char *trim(char *s, const char *lead, const char *trail) {
  while (*s && (*s == ' ' || strchr(lead, *s))) s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || strchr(trail, s[n - 1]))) s[--n] = '\0';
  return s;
}

/* Removes quotes around a title: ASCII, curly, guillemets, `` ''. */
static char *unquote(char *s) {
  for (;;) {
    size_t n = strlen(s);
    if (n >= 3 && (!memcmp(s, "\xe2\x80\x9c", 3) || !memcmp(s, "\xe2\x80\x98", 3))) s += 3;
    else if (n >= 2 && !memcmp(s, "\xc2\xab", 2)) s += 2;
    else if (n >= 2 && !memcmp(s, "``", 2)) s += 2;
    else if (n >= 1 && (s[0] == '"' || s[0] == '\'')) s++;
    else break;
  }
  for (;;) {
    size_t n = strlen(s);
    while (n && strchr(" .,;:", s[n - 1])) s[--n] = '\0';
    if (n >= 3 && (!memcmp(s + n - 3, "\xe2\x80\x9d", 3) || !memcmp(s + n - 3, "\xe2\x80\x99", 3))) s[n - 3] = '\0';
    else if (n >= 2 && !memcmp(s + n - 2, "\xc2\xbb", 2)) s[n - 2] = '\0';
    else if (n >= 2 && !memcmp(s + n - 2, "''", 2)) s[n - 2] = '\0';
    else if (n >= 1 && s[n - 1] == '"') s[n - 1] = '\0';
    else break;
  }
  return trim(s, " ", " .,;:");
}

/* The first number (digits, with letters glued to them) in the run. */
static const char *first_number(cvx_arena *a, const char *t, const cvx_reftok *tok, run r) {
  for (size_t i = r.a; i <= r.b; i++)
    if (tok[i].word)
      for (size_t q = tok[i].s; q < tok[i].e; q++)
        if (is_digit((unsigned char)t[q])) return cvx_arena_strndup(a, t + tok[i].s, tok[i].e - tok[i].s);
  char *s = span_text(a, t, tok, r);
  s = trim(s, "([.,;:", ")].,;:");
  /* no digits: a roman numeral ("XII") or nothing ("Selected papers" is no volume) */
  return *s && strspn(s, "IVXLCDMivxlcdm") == strlen(s) ? s : NULL;
}

static bool tok_is(const char *t, const cvx_reftok *k, const char *s);

/* The value of a token of one or two digits ("3", "03", "14"), or -1. */
static int small_number(const char *t, const cvx_reftok *k) {
  const char *s = t + k->s;
  size_t n = k->e - k->s;
  if (n < 1 || n > 2 || !is_digit((unsigned char)s[0]) || (n == 2 && !is_digit((unsigned char)s[1]))) return -1;
  return n == 2 ? (s[0] - '0') * 10 + (s[1] - '0') : s[0] - '0';
}

/* The month written in digits beside the year token y, joined to it with
 * no space: before it by "/" or "." ("03/2021", "3.2019"), after it by "-"
 * in two digits ("2021-03", "2021-03-14"); or 0. */
static int numeric_month(const char *t, const cvx_reftok *tok, size_t ntok, size_t y) {
  size_t m;
  if (y >= 2 && tok[y - 2].e == tok[y - 1].s && tok[y - 1].e == tok[y].s) m = y - 2; /* "03/2021" */
  else if (y + 2 < ntok && tok[y].e == tok[y + 1].s && tok[y + 1].e == tok[y + 2].s) m = y + 2; /* "2021-03" */
  else return 0;
  size_t sep = m < y ? y - 1 : y + 1;
  char c = t[tok[sep].s];
  if (tok[sep].e - tok[sep].s != 1 || (m < y ? (c != '/' && c != '.') : c != '-')) return 0;
  int v = small_number(t, &tok[m]);
  if (v < 0) return 0;
  if (m > y && tok[m].e - tok[m].s != 2) return 0; /* "2021-3" is no ISO month; "2019-20" a range */
  /* a third part before ("12/03/2021") leaves day and month in doubt
   * (which comes first differs by country); after the year's month it is
   * the day ("2021-03-14") */
  if (m < y && m >= 2 && tok[m - 1].e == tok[m].s && !tok[m - 1].word && tok[m - 2].e == tok[m - 1].s &&
      is_digit((unsigned char)t[tok[m - 2].s]))
    return 0;
  return v >= 1 && v <= 12 ? v : 0;
}

/* Whether word token i is a day or a month of a numeric date, joined with
 * no space to a year of four digits, once or twice: after it by "/" or "."
 * ("03" of "03/2021", "14" and "05" of "14/05/2019"), or before it by "-"
 * in two digits, as ISO writes them ("12" of "2019-12-03"). A page range
 * ("2031-44", "1021-8") is neither: it goes by "-" and its end is not a
 * month's two digits. */
static bool date_part(const char *t, const cvx_reftok *tok, size_t ntok, size_t i) {
  size_t n = tok[i].e - tok[i].s;
  int v = small_number(t, &tok[i]);
  if (v < 1 || v > 31) return false;
  for (int dir = -1; dir <= 1; dir += 2) {
    if (dir < 0 && n != 2) continue;
    size_t k = i;
    for (int step = 0; step < 2; step++) {
      size_t sep, next;
      if (dir < 0) {
        if (k < 2) break;
        sep = k - 1, next = k - 2;
        if (tok[next].e != tok[sep].s || tok[sep].e != tok[k].s) break;
      } else {
        if (k + 2 >= ntok) break;
        sep = k + 1, next = k + 2;
        if (tok[k].e != tok[sep].s || tok[sep].e != tok[next].s) break;
      }
      char c = t[tok[sep].s];
      bool sep_ok = tok[sep].e - tok[sep].s == 1 && (dir < 0 ? c == '-' : (c == '/' || c == '.'));
      if (!sep_ok || !tok[next].word) break;
      size_t m = tok[next].e - tok[next].s;
      const char *x = t + tok[next].s;
      if (m == 4 && is_digit((unsigned char)x[0]) && is_digit((unsigned char)x[3]) && (x[0] == '1' || x[0] == '2'))
        return dir > 0 || step == 1 || v <= 12; /* (right after an ISO year: the month) */
      if (m != 2 || small_number(t, &tok[next]) < 0) break;
      k = next;
    }
  }
  return false;
}

/* Pages: the numbers of the run joined by "-", ranges by ", ". */
static const char *pages(cvx_arena *a, const char *t, const cvx_reftok *tok, size_t ntok, run r) {
  cvx_buf b = CVX_BUF_INIT;
  size_t nums = 0;
  for (size_t i = r.a; i <= r.b; i++) {
    if (!tok[i].word) continue;
    /* a page number starts with a digit, or one letter does ("e1024",
     * "S12"): the digits of a word ("write18") are none */
    size_t lead = tok[i].s;
    while (lead < tok[i].e && !is_digit((unsigned char)t[lead])) lead++;
    if (lead == tok[i].e || lead - tok[i].s > 1) continue;
    /* nor a numeric date's day, month or year ("14/05/2019", "2019-12-03") */
    if (date_part(t, tok, ntok, i) || (tok[i].e - tok[i].s == 4 && numeric_month(t, tok, ntok, i))) continue;
    /* nor is the year of a venue's name: "SIGCOMM'18" */
    if (i >= 2 && tok[i - 1].e == tok[i].s && tok[i - 2].e == tok[i - 1].s && tok[i - 2].word &&
        (t[tok[i - 1].s] == '\'' || tok_is(t, &tok[i - 1], "\xe2\x80\x99")))
      continue;
    if (nums) {
      /* a dash between the two numbers makes a range, anything else a list */
      bool dash = false;
      for (size_t j = i; j-- > r.a && !tok[j].word;)
        dash |= t[tok[j].s] == '-' || (unsigned char)t[tok[j].s] == 0xE2;
      cvx_buf_puts(&b, dash && nums % 2 ? "-" : ", ");
    }
    cvx_buf_put(&b, t + tok[i].s, tok[i].e - tok[i].s);
    nums++;
  }
  const char *s = nums ? cvx_arena_strdup(a, b.ptr) : NULL;
  cvx_buf_free(&b);
  return s;
}

static int month_of(const char *s, size_t n) {
  static const char *const mon[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
  if (n < 3) return 0;
  for (int m = 0; m < 12; m++)
    if (lower(s[0]) == mon[m][0] && lower(s[1]) == mon[m][1] && lower(s[2]) == mon[m][2]) return m + 1;
  return 0;
}

/* True when token i is glued into an identifier: "arXiv:1811.04567",
 * "10.1145/1811". */
static bool in_identifier(const char *t, const cvx_reftok *tok, size_t ntok, size_t i) {
  if (i && tok[i - 1].e == tok[i].s && strchr(":/.", t[tok[i - 1].s])) return true;
  return i + 2 < ntok && tok[i + 1].s == tok[i].e && strchr("./", t[tok[i + 1].s]) && tok[i + 2].s == tok[i + 1].e &&
         tok[i + 2].word && is_digit((unsigned char)t[tok[i + 2].s]);
}

static const char *date(cvx_arena *a, const char *t, const cvx_reftok *tok, size_t ntok, run r) {
  int year = 0, month = 0;
  for (size_t i = r.a; i <= r.b; i++) {
    if (!tok[i].word) continue;
    /* "03/2021" is glued as an identifier is, but reads as a month's date */
    if (in_identifier(t, tok, ntok, i) && !(tok[i].e - tok[i].s == 4 && numeric_month(t, tok, ntok, i))) continue;
    const char *s = t + tok[i].s;
    size_t n = tok[i].e - tok[i].s;
    if (!year && n >= 4 && n <= 5 && is_digit((unsigned char)s[0]) && is_digit((unsigned char)s[1]) &&
        is_digit((unsigned char)s[2]) && is_digit((unsigned char)s[3]) && (n == 4 || !is_digit((unsigned char)s[4]))) {
      int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
      if (y >= 1500 && y <= 2099) {
        year = y;
        if (!month && n == 4) month = numeric_month(t, tok, ntok, i);
      }
    } else if (!month && n >= 3 && n <= 9 && !is_digit((unsigned char)s[0])) {
      month = month_of(s, n);
    }
  }
  if (!year) return NULL;
  return month ? cvx_arena_printf(a, "%d-%02d", year, month) : cvx_arena_printf(a, "%d", year);
}

static bool tok_is(const char *t, const cvx_reftok *k, const char *s) {
  size_t n = strlen(s);
  return k->e - k->s == n && memcmp(t + k->s, s, n) == 0;
}

static bool is_open_quote(const char *t, const cvx_reftok *k) {
  return tok_is(t, k, "\"") || tok_is(t, k, "\xe2\x80\x9c") || tok_is(t, k, "\xe2\x80\x98") || tok_is(t, k, "\xc2\xab");
}

static bool is_close_quote(const char *t, const cvx_reftok *k) {
  return tok_is(t, k, "\"") || tok_is(t, k, "\xe2\x80\x9d") || tok_is(t, k, "\xe2\x80\x99") || tok_is(t, k, "\xc2\xbb");
}

/* A run that opens a parenthesis or bracket takes the closing one the
 * labeller left just after it: "(EmbSens)". */
static void balance(const char *t, const cvx_reftok *tok, size_t ntok, run *x) {
  /* the "(" still open at the run's end (a stray ")" closes nothing) */
  size_t open_at = 0;
  int paren = 0, brack = 0;
  for (size_t i = x->a; i <= x->b; i++) {
    if (tok[i].word) continue;
    char c = t[tok[i].s];
    if (c == '(' && paren++ == 0) open_at = i;
    if (c == ')' && paren > 0) paren--;
    if (c == '[') brack++;
    if (c == ']' && brack > 0) brack--;
  }
  if (x->b + 1 < ntok && ((paren > 0 && t[tok[x->b + 1].s] == ')') || (brack > 0 && t[tok[x->b + 1].s] == ']'))) {
    x->b++;
    return;
  }
  /* a "(" never closed ends the run before it: "The marketing plan (5" */
  if (paren > 0 && open_at > x->a) x->b = open_at - 1;
}

/* How many space-separated words s has. */
static size_t words_in(const char *s) {
  size_t k = 0;
  for (bool sp = true; *s; s++) {
    if (*s != ' ' && sp) k++;
    sp = *s == ' ';
  }
  return k;
}

/* True when c[0,n) holds nothing the scanners see as a venue, a publisher,
 * a volume or a report word, and no lower-case word but "and": only names
 * could be there. */
static bool people_only(cvx_arena *a, const char *c, size_t n) {
  uint32_t *m = cvx_arena_alloc(a, (n + 1) * sizeof *m);
  cvx_ref_marks(a, c, n, m);
  const uint32_t venue = CVX_REF_MARK_VOLWORD | CVX_REF_MARK_PUBLISHER | CVX_REF_MARK_CONFERENCE |
                         CVX_REF_MARK_THESIS | CVX_REF_MARK_REPORT | CVX_REF_MARK_VENUE_CONF |
                         CVX_REF_MARK_VENUE_JOURNAL | CVX_REF_MARK_YEAR | CVX_REF_MARK_IDENT;
  for (size_t i = 0; i < n; i++) {
    if (m[i] & venue) return false;
    bool word_start = is_lower((unsigned char)c[i]) && (i == 0 || c[i - 1] == ' ');
    if (word_start && !(n - i >= 4 && memcmp(c + i, "and ", 4) == 0)) return false;
  }
  return true;
}

static size_t words_of(const cvx_reftok *tok, run x) {
  size_t k = 0;
  for (size_t i = x.a; i <= x.b; i++) k += tok[i].word;
  return k;
}

/* The first run of label q from token `from` on (later tokens of q joined
 * when only marks, at most two, separate them), or with longest, the run
 * with the most words (the first of equals): a stray word labelled title or
 * container before the real one is the labeller's slip ("ROE (A.),
 * DOE/container (B.) … Sleep Studies/container"). */
static run label_run(const cvx_reftok *tok, size_t ntok, const int *lab, int q, size_t from, bool longest) {
  run best = {0, 0, false}, x = {0, 0, false};
  for (size_t i = from; i <= ntok; i++) {
    int l = i < ntok ? lab[i] : -1;
    /* a run ends at the next word of another label, or after three marks of
     * other labels */
    if (x.set && l != q && (i == ntok || tok[i].word || i - x.b >= 3)) {
      if (!best.set || (longest && words_of(tok, x) > words_of(tok, best))) best = x;
      x.set = false;
      if (!longest) break;
    }
    if (l != q) continue;
    if (!x.set) x = (run){i, i, true};
    else x.b = i;
  }
  return best;
}

void cvx_ref_parse(cvx_arena *a, const char *s, size_t n, cvx_ref *r) {
  pthread_once(&refs_once, refs_load);
  if (use_rules) {
    cvx_ref_parse_rules(a, s, n, r);
    return;
  }
  memset(r, 0, sizeof *r);
  if (!s || !n) return;
  size_t tn;
  char *t = cvx_ref_clean(a, s, n, &tn);
  size_t ntok;
  cvx_reftok *tok = cvx_reflabel_tokenize(a, t, tn, &ntok);
  cvx_ref rr;
  /* no tokens, or far more than any reference the model learnt from (a
   * pasted page, a hostile input): the rules, linear with small constants */
  if (!ntok || ntok > CVX_REFLABEL_MAX_TOKENS) {
    cvx_ref_parse_rules(a, s, n, r);
    return;
  }
  cvx_features *f = cvx_xcalloc(ntok, sizeof *f);
  cvx_reflabel_features(a, s, n, t, tn, tok, ntok, f, &rr);
  int *lab = cvx_arena_alloc(a, ntok * sizeof *lab);
  cvx_seqmodel_decode(&refs_seq, f, ntok, lab);
  for (size_t i = 0; i < ntok; i++) cvx_features_free(&f[i]);
  free(f);
  if (debug_labels) { /* CVX_REFS_DEBUG: each token and its label on stderr */
    for (size_t i = 0; i < ntok; i++)
      fprintf(stderr, "%.*s/%s ", (int)(tok[i].e - tok[i].s), t + tok[i].s, cvx_reflabel_classes[lab[i]]);
    fputc('\n', stderr);
  }
  /* a hyphenated word is one field: its parts take its first part's label
   * ("Moto/author -/title oka/title") */
  for (size_t i = 1; i + 1 < ntok; i++)
    if (!tok[i].word && t[tok[i].s] == '-' && tok[i].e - tok[i].s == 1 && tok[i - 1].word && tok[i + 1].word &&
        tok[i - 1].e == tok[i].s && tok[i].e == tok[i + 1].s)
      lab[i] = lab[i + 1] = lab[i - 1];
  /* a possessive ending is part of its word: "Women/title '/title s/title" */
  for (size_t i = 1; i + 1 < ntok; i++)
    if (!tok[i].word && (tok_is(t, &tok[i], "'") || tok_is(t, &tok[i], "\xe2\x80\x99")) && tok[i - 1].word &&
        tok[i - 1].e == tok[i].s && tok[i].e == tok[i + 1].s && tok_is(t, &tok[i + 1], "s"))
      lab[i] = lab[i + 1] = lab[i - 1];
  /* the first run of each label, with later runs joined when only
   * punctuation separates them */
  run runs[CVX_RL_NCLASSES] = {{0, 0, false}};
  for (int q = 0; q < CVX_RL_NCLASSES; q++)
    runs[q] = label_run(tok, ntok, lab, q, 0, q == CVX_RL_TITLE || q == CVX_RL_CONTAINER);
  /* a container follows its title: a run labelled so before the title (a
   * name the labeller misread in a long author list) gives way to one after */
  if (runs[CVX_RL_TITLE].set && runs[CVX_RL_CONTAINER].set && runs[CVX_RL_CONTAINER].b < runs[CVX_RL_TITLE].a) {
    run after = label_run(tok, ntok, lab, CVX_RL_CONTAINER, runs[CVX_RL_TITLE].b + 1, true);
    if (after.set) runs[CVX_RL_CONTAINER] = after;
  }
  if (runs[CVX_RL_AUTHOR].set) {
    run x = runs[CVX_RL_AUTHOR];
    size_t b = tok[x.a].s, e = tok[x.b].e;
    if (x.b + 1 < ntok && tok[x.b + 1].s == e && t[e] == '.') e++; /* the dot of a last initial */
    cvx_ref_names(a, t + b, e - b, r);
    /* the rules read the names with the whole reference around them: when
     * every name they found lies in the labelled span and they found at
     * least as many, their reading is kept */
    if (rr.nauthors >= r->nauthors && rr.nauthors) {
      size_t cur = b;
      bool inside = true;
      for (size_t i = 0; i < rr.nauthors && inside; i++) {
        const char *fam = rr.authors[i].family ? rr.authors[i].family : rr.authors[i].literal;
        size_t at = find(t, e, cur, fam);
        inside = at < e;
        if (inside) cur = at + strlen(fam);
      }
      if (inside) r->authors = rr.authors, r->nauthors = rr.nauthors, r->et_al = rr.et_al;
    }
  }
  if (!r->nauthors && rr.nauthors && !runs[CVX_RL_TITLE].set) {
    r->authors = rr.authors, r->nauthors = rr.nauthors, r->et_al = rr.et_al;
  }
  for (int l = 0; l < CVX_RL_NCLASSES; l++) {
    if (!runs[l].set) continue;
    run *x = &runs[l];
    /* a run never ends inside a hyphenated word: "HPCA-1" */
    while (x->b + 1 < ntok && !tok[x->b].word && strchr("-/", t[tok[x->b].s]) && tok[x->b + 1].s == tok[x->b].e &&
           tok[x->b + 1].word)
      x->b++;
    balance(t, tok, ntok, x);
  }
  if (runs[CVX_RL_TITLE].set) {
    run x = runs[CVX_RL_TITLE];
    /* a quoted title runs to its closing quote over marks the labeller
     * left out ("… more_stuff ~ ^,\"") */
    if (x.a && is_open_quote(t, &tok[x.a - 1]))
      for (size_t j = x.b + 1; j < ntok && j <= x.b + 4 && !tok[j].word; j++)
        if (is_close_quote(t, &tok[j])) {
          x.b = j - 1;
          break;
        }
    size_t e = tok[x.b].e;
    if (x.b + 1 < ntok && tok[x.b + 1].s == e && (t[e] == '?' || t[e] == '!')) e++;
    char *ti = unquote(cvx_arena_strndup(a, t + tok[x.a].s, e - tok[x.a].s));
    if (*ti) r->title = ti;
  }
  bool had_in = false;
  if (runs[CVX_RL_CONTAINER].set) {
    /* a venue's acronym in parentheses right after it belongs to it, as the
     * rules read it: "Embedded Sensing (EmbSens)" (not a year, not a place list) */
    run *x = &runs[CVX_RL_CONTAINER];
    size_t j = x->b + 1;
    if (j + 2 < ntok && t[tok[j].s] == '(' && tok[j + 1].word && t[tok[j + 2].s] == ')' && lab[j + 1] == CVX_RL_OTHER &&
        !is_digit((unsigned char)t[tok[j + 1].s]) && !month_of(t + tok[j + 1].s, tok[j + 1].e - tok[j + 1].s))
      x->b = j + 2;
  }
  if (runs[CVX_RL_CONTAINER].set) {
    run cx = runs[CVX_RL_CONTAINER];
    /* the apostrophe of a venue's short year is no part of its name: "SIGX'18" */
    if (cx.b > cx.a && !tok[cx.b].word && (t[tok[cx.b].s] == '\'' || tok_is(t, &tok[cx.b], "\xe2\x80\x99")) &&
        cx.b + 1 < ntok && tok[cx.b + 1].s == tok[cx.b].e && is_digit((unsigned char)t[tok[cx.b + 1].s]))
      cx.b--;
    char *c = trim(span_text(a, t, tok, cx), " ,.;:(", " ,.;:(");
    if ((c[0] == 'I' || c[0] == 'i') && c[1] == 'n' && (c[2] == ' ' || c[2] == ':')) {
      had_in = true;
      c = trim(c + 3, " :", "");
    }
    size_t a0 = runs[CVX_RL_CONTAINER].a;
    if (a0 && tok[a0 - 1].word && tok[a0 - 1].e - tok[a0 - 1].s == 2 && lower(t[tok[a0 - 1].s]) == 'i' &&
        t[tok[a0 - 1].s + 1] == 'n')
      had_in = true;
    if (*c) r->container = c;
  }
  if (r->container && rr.container) {
    /* the rules stopped at a sentence end the labeller ran past:
     * "… (SoCC '21). ACM" */
    size_t rn = strlen(rr.container);
    if (strncmp(r->container, rr.container, rn) == 0 && r->container[rn] == '.' && r->container[rn + 1] == ' ')
      r->container = rr.container;
  }
  if (r->container) {
    /* "Initech. SOSP": a venue of the table after the container's last
     * sentence end is the venue */
    const char *dot = NULL;
    for (const char *p = strstr(r->container, ". "); p; p = strstr(p + 1, ". ")) dot = p;
    /* (a sentence starts with a capital or a digit: "Conf. on X" is one name) */
    if (dot && cvx_venue_lookup(dot + 2) && !cvx_venue_lookup(r->container) && !is_lower((unsigned char)dot[2]))
      r->container = dot + 2;
  }
  cvx_ref_tidy_container(r);
  if (r->container) { /* a venue has a capital, a digit or a letter beyond ASCII: "text --" is none */
    bool cap = false;
    for (const char *p = r->container; *p && !cap; p++)
      cap = is_upper((unsigned char)*p) || is_digit((unsigned char)*p) || (unsigned char)*p >= 0xC0;
    if (!cap) r->container = NULL;
  }
  if (!r->container && rr.container && cvx_venue_lookup(rr.container))
    r->container = rr.container; /* a venue of the table the labeller did not see as one: "NeurIPS 2019" */
  if (!r->container && rr.container && runs[CVX_RL_TITLE].set && (runs[CVX_RL_ISSUE].set || runs[CVX_RL_PAGES].set)) {
    /* a journal the labeller left unlabelled between the title and its
     * numbers: the rules' container when none of its words got a label */
    size_t at = find(t, tn, tok[runs[CVX_RL_TITLE].b].e, rr.container);
    bool bare = at < tn;
    for (size_t i = runs[CVX_RL_TITLE].b + 1; i < ntok && bare && tok[i].s < at + strlen(rr.container); i++)
      if (tok[i].e > at) bare = lab[i] == CVX_RL_OTHER;
    if (bare) r->container = rr.container;
  }
  if (r->container) {
    /* a venue is no list of people ("Ann Lee, Bo Chen, and Cy Diaz. DAC"):
     * such names are the authors when none were found, and the venue is
     * what follows their last sentence end, if anything */
    const char *c = r->container, *dot = NULL;
    for (const char *p = strstr(c, ". "); p; p = strstr(p + 1, ". ")) dot = p;
    size_t ln = dot ? (size_t)(dot - c) + 1 : strlen(c);
    if (memchr(c, ',', ln) && people_only(a, c, ln)) {
      cvx_ref nm;
      memset(&nm, 0, sizeof nm);
      cvx_ref_names(a, c, ln, &nm);
      const char *lastf = nm.nauthors ? nm.authors[nm.nauthors - 1].family : NULL;
      const char *at = lastf ? strstr(c, lastf) : NULL;
      bool people = nm.nauthors >= 2 && at && (size_t)(at - c) + strlen(lastf) + 2 >= ln;
      for (size_t i = 0; i < nm.nauthors && people; i++) /* "Given Family": a few words each */
        people = nm.authors[i].given && nm.authors[i].family &&
                 words_in(nm.authors[i].given) + words_in(nm.authors[i].family) <= 4;
      if (people) {
        if (!r->nauthors) r->authors = nm.authors, r->nauthors = nm.nauthors, r->et_al = nm.et_al;
        char *rest = dot ? trim(cvx_arena_strdup(a, dot + 2), " ,.;:", " ,.;:") : NULL;
        r->container = rest && *rest ? rest : NULL;
      }
    }
  }
  if (r->container && !runs[CVX_RL_VOLUME].set) {
    /* "Journal of Logic Programming 1": a number ending a journal's name,
     * with none labelled volume, is its volume */
    char *c = (char *)r->container;
    size_t cn = strlen(c), d = cn;
    while (d && is_digit((unsigned char)c[d - 1])) d--;
    if (d < cn && cn - d <= 3 && d > 1 && c[d - 1] == ' ' && !cvx_ref_conference_like(c, cn)) {
      r->volume = cvx_arena_strdup(a, c + d);
      c[d - 1] = '\0';
    }
  }
  r->issued = runs[CVX_RL_DATE].set ? date(a, t, tok, ntok, runs[CVX_RL_DATE]) : NULL;
  if (!r->issued) r->issued = rr.issued;
  /* a year alone whose month the text writes in digits beside it
   * ("03/2021", "2019-12-03") gets that month, wherever its label fell */
  if (r->issued && strlen(r->issued) == 4)
    for (size_t i = 0; i < ntok; i++)
      if (tok[i].e - tok[i].s == 4 && memcmp(t + tok[i].s, r->issued, 4) == 0) {
        int m = numeric_month(t, tok, ntok, i);
        if (m) {
          r->issued = cvx_arena_printf(a, "%s-%02d", r->issued, m);
          break;
        }
      }
  /* a volume that is the month of the date ("03/2021") is none */
  if (runs[CVX_RL_VOLUME].set && !(runs[CVX_RL_VOLUME].a == runs[CVX_RL_VOLUME].b &&
                                   date_part(t, tok, ntok, runs[CVX_RL_VOLUME].a)))
    r->volume = first_number(a, t, tok, runs[CVX_RL_VOLUME]);
  if (runs[CVX_RL_ISSUE].set) r->issue = first_number(a, t, tok, runs[CVX_RL_ISSUE]);
  if (runs[CVX_RL_PAGES].set) r->page = pages(a, t, tok, ntok, runs[CVX_RL_PAGES]);
  if (runs[CVX_RL_PUBLISHER].set) {
    char *p = trim(span_text(a, t, tok, runs[CVX_RL_PUBLISHER]), " ,.;:()", " ,.;:()");
    if (*p) r->publisher = p;
  }
  /* identifiers: the scanners' reading */
  r->doi = rr.doi;
  r->url = rr.url;
  r->arxiv = rr.arxiv;
  bool thesis = false, report = false;
  if (runs[CVX_RL_GENRE].set) {
    run x = runs[CVX_RL_GENRE];
    const char *g = t + tok[x.a].s;
    size_t gn = tok[x.b].e - tok[x.a].s;
    thesis = cvx_ref_thesis_like(g, gn);
    report = !thesis && cvx_ref_report_like(g, gn);
  }
  if (r->container) {
    /* a translator is no container: "Trans. Ann Lee", "… Challenge. Trans. Ann Lee" */
    char *c = (char *)r->container;
    if ((!strncmp(c, "Trans. ", 7) && cvx_is_person_name(c + 7, strlen(c + 7))) ||
        (!strncmp(c, "Translated by ", 14) && cvx_is_person_name(c + 14, strlen(c + 14)))) {
      r->container = NULL;
    } else {
      char *tr = strstr(c, ". Trans. "); /* (not "Trans. Amer. Math. Soc.") */
      if (tr && tr > c && cvx_is_person_name(tr + 9, strlen(tr + 9))) tr[0] = '\0';
    }
  }
  if (r->container && !cvx_venue_lookup(r->container)) {
    /* a report's number and issuer are no container: "TR95-12 Computer
     * Science Dept.", "Tech. Report ABC-7", "XYZ Technical Summary Report" */
    const char *c = r->container;
    size_t cn = strlen(c);
    bool tr = c[0] == 'T' && c[1] == 'R' && (is_digit((unsigned char)c[2]) || c[2] == '-');
    /* ("CMU Tech Report 7": "Report" split off as the genre) */
    size_t j = runs[CVX_RL_CONTAINER].set ? runs[CVX_RL_CONTAINER].b + 1 : ntok;
    bool next_report = j < ntok && !r->volume &&
                       (tok_is(t, &tok[j], "Report") || tok_is(t, &tok[j], "report") || tok_is(t, &tok[j], "Rep"));
    if (tr || cvx_ref_report_like(c, cn) || next_report) {
      r->container = NULL;
      report = !thesis;
    }
  }
  if (r->container && !r->volume && !r->issue && !r->page && !had_in) {
    /* an issuer is a publisher, not a container: "Harbour Press", "Lantern
     * Publications", "Tide Foundation" */
    const char *c = r->container;
    size_t cn = strlen(c);
    if (!cvx_venue_lookup(c) && !cvx_ref_conference_like(c, cn) &&
        (cvx_ref_publisher_like(c, cn) || strstr(c, "Foundation") || strstr(c, "Commission") ||
         strstr(c, "Publications") || strstr(c, "Publishers"))) {
      if (!r->publisher) r->publisher = c;
      r->container = NULL;
    }
  }
  if (!r->container && r->publisher && r->page && runs[CVX_RL_PUBLISHER].set) {
    /* "… perceptions? Health Letters 49(5): 10-16": a "publisher" followed by
     * a volume is the journal */
    run x = runs[CVX_RL_PUBLISHER];
    size_t j = x.a;
    while (j < ntok && j <= x.b + 3 && !is_digit((unsigned char)t[tok[j].s])) j++;
    if (j > x.a && j < ntok && is_digit((unsigned char)t[tok[j].s]) && tok[j].e - tok[j].s <= 3) {
      char *c = trim(cvx_arena_strndup(a, t + tok[x.a].s, tok[j - 1].e - tok[x.a].s), " ,.;:(", " ,.;:(");
      if (*c && !cvx_ref_publisher_like(c, strlen(c)) && !strchr(c, ':')) {
        r->container = c;
        r->publisher = NULL;
        if (!r->volume) r->volume = cvx_arena_strndup(a, t + tok[j].s, tok[j].e - tok[j].s);
      }
    }
  }
  if (r->title) { /* "Personal communication" is a note, not a title */
    static const char pc[] = "personal communication";
    size_t q = 0;
    while (q < sizeof pc - 1 && lower(r->title[q]) == pc[q]) q++;
    if (q == sizeof pc - 1 && !r->title[q]) r->title = NULL;
  }
  cvx_ref_set_type(r, had_in, thesis, report);
  if (r->container) {
    const cvx_venue *v = cvx_venue_lookup(r->container);
    if (v && !thesis) r->type = v->type;
  }
}
