/* fieldlabel.c — the fields of an entry header by a trained sequence model
 * (fieldlabel.h): tokens, their features from the shared grammars and the
 * slot rules, Viterbi labels. */
#include "fieldlabel.h"
#include "places.h"
#include "sections.h"

#include "grammar.h"
#include "seqmodel.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The built-in model, compiled from pipeline/models/fields.model. */
extern const char *const cvx_model_fields_text;
extern const size_t cvx_model_fields_text_len;

const char *const cvx_field_classes[CVX_FLD_NCLASSES] = {"O", "ROLE", "ORG", "PLACE", "DATE", "DEGREE", "AREA"};

static cvx_seqtask field_task = {.name = "fields",
                                 .env = "CVX_FIELD_MODEL",
                                 .debug_env = "CVX_FIELD_DEBUG",
                                 .classes = cvx_field_classes,
                                 .nclasses = CVX_FLD_NCLASSES};

bool cvx_field_init(void) { return cvx_seqtask_init(&field_task, cvx_model_fields_text, cvx_model_fields_text_len); }

void cvx_field_cleanup(void) { cvx_seqtask_cleanup(&field_task); }

bool cvx_field_active(void) { return field_task.on; }

bool cvx_field_debug(void) { return field_task.debug; }

/* ------------------------------------------------------------- tokens */

static bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Length of the separator at s[i] (0 when none): ASCII marks between fields,
 * a dash standing apart, and the Unicode dashes, bullet and middle dot. */
static size_t sep_len(const char *s, size_t n, size_t i) {
  unsigned char c = (unsigned char)s[i];
  switch (c) {
  case ',': case ';': case ':': case '|': case '/': case '(': case ')': case '[': case ']': case '@':
    return 1;
  default:
    break;
  }
  if (c == '-') {
    bool before = i == 0 || is_space((unsigned char)s[i - 1]) || s[i - 1] == '-';
    bool after = i + 1 >= n || is_space((unsigned char)s[i + 1]) || s[i + 1] == '-';
    return before || after ? 1 : 0;
  }
  if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80) {
    unsigned char d = (unsigned char)s[i + 2];
    if (d == 0x93 || d == 0x94 || d == 0xA2) return 3;
  }
  if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xB7) return 2;
  return 0;
}

size_t cvx_field_tokens(const char *s, size_t n, cvx_ftok *out, size_t max) {
  size_t k = 0;
  unsigned line = 0;
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (is_space(c)) {
      if (c == '\n') line++;
      i++;
      continue;
    }
    if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) { /* no-break space */
      i += 2;
      continue;
    }
    if (k == max) return max + 1;
    size_t m = sep_len(s, n, i), b = i;
    if (m) {
      i += m;
    } else {
      while (i < n && !is_space((unsigned char)s[i]) && !sep_len(s, n, i) &&
             !((unsigned char)s[i] == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0))
        i++;
      /* never split a UTF-8 sequence */
      while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
    }
    out[k++] = (cvx_ftok){(uint32_t)b, (uint32_t)i, (uint16_t)(line < 60000 ? line : 60000), m > 0};
  }
  return k;
}

/* ------------------------------------------------------------- features */

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* The word lower-cased (ASCII), at most 24 bytes. */
static size_t low_word(const char *s, size_t n, char out[25]) {
  size_t k = 0;
  for (size_t i = 0; i < n && k < 24; i++) out[k++] = lower(s[i]);
  out[k] = 0;
  return k;
}

/* The word's shape: X upper, x lower, d digit, other bytes as they are, runs
 * of one class written once ("B.Tech" -> "X.Xx"), at most 8. */
static size_t word_shape(const char *s, size_t n, char out[9]) {
  size_t k = 0;
  char last = 0;
  for (size_t i = 0; i < n && k < 8; i++) {
    unsigned char c = (unsigned char)s[i];
    char x = c >= 'A' && c <= 'Z'   ? 'X'
             : c >= 'a' && c <= 'z' ? 'x'
             : c >= '0' && c <= '9' ? 'd'
             : c >= 0x80            ? 'u'
                                    : (char)c;
    if (x == 'u' && (c & 0xC0) == 0x80) continue;
    if (x == last) continue;
    out[k++] = x;
    last = x;
  }
  out[k] = 0;
  return k;
}

static char digit(int v) { return (char)('0' + v); }

static int bucket(int v, const int *edges, int n) {
  int i = 0;
  while (i < n && v > edges[i]) i++;
  return i;
}

/* Marks m[a, z) of every match a finder returns in the line s[a0, z0). */
static void mark_dates(const char *s, size_t a0, size_t z0, unsigned char *m, unsigned char bit) {
  size_t at = a0;
  for (int guard = 0; at < z0 && guard < 8; guard++) {
    cvx_daterange d;
    if (!cvx_date_find(s + at, z0 - at, &d) || d.mend <= d.mstart) return;
    for (size_t i = at + d.mstart; i < at + d.mend && i < z0; i++) m[i] |= bit;
    at += d.mend;
  }
}

static void mark_places(const char *s, size_t a0, size_t z0, unsigned char *m, unsigned char bit) {
  size_t at = a0;
  for (int guard = 0; at < z0 && guard < 8; guard++) {
    size_t a, z;
    if (!cvx_location_find(s + at, z0 - at, &a, &z) || z <= a) return;
    for (size_t i = at + a; i < at + z && i < z0; i++) m[i] |= bit;
    at += z;
  }
}

/* A run of words between two separators of tokens tok[i,j) (one line)
 * that is a town of the city list, capitalised ("Initech - Leeds -"). */
static void mark_towns(const char *s, const cvx_ftok *tok, size_t i, size_t j, unsigned char *m, unsigned char bit) {
  for (size_t q = i; q < j;) {
    if (tok[q].sep) {
      q++;
      continue;
    }
    size_t e = q;
    while (e < j && !tok[e].sep) e++;
    size_t a = tok[q].a, z = tok[e - 1].z;
    if (e - q <= 3 && cvx_town_named(s + a, z - a))
      for (size_t k = a; k < z; k++) m[k] |= bit;
    q = e;
  }
}

static void mark_degree(const char *s, size_t a0, size_t z0, unsigned char *m, unsigned char bit) {
  const char *st;
  size_t a, z;
  if (cvx_degree_find(s + a0, z0 - a0, &st, &a, &z) && z > a)
    for (size_t i = a0 + a; i < a0 + z && i < z0; i++) m[i] |= bit;
}

enum { M_DATE = 1, M_PLACE = 2, M_DEGREE = 4 };

/* What a segment (the words between two separators of a line) reads as. */
typedef struct segfacts {
  bool role, org, role_over_org, person;
  int words;
} segfacts;

/* The feature name prefixes, hashed once (cvx_feature_extend then hashes
 * only the value): the same hashes cvx_features_add gives. */
enum {
  P_B, P_K, P_W, P_SH, P_P3, P_S3, P_LN, P_LNK, P_LF, P_LL, P_LPOS, P_WM2, P_WM1, P_WP1, P_WP2, P_SHM1,
  P_SHP1, P_LS, P_RS, P_LRS, P_SF, P_SL, P_SW, P_GROLE, P_GORG, P_GRO_, P_GPERSON, P_GRO, P_SI, P_SEP,
  P_GDATE, P_GPLACE, P_GDEGREE, P_L, P_R, P_RK, P_RPN, P_RL, P_LH, P_COUNT
};
static const char *const prefix_name[P_COUNT] = {
    "b",     "k=",    "w=",    "sh=",   "p3=",    "s3=",      "ln=",   "lnk=", "lf",      "ll",
    "lpos=", "w-2=",  "w-1=",  "w+1=",  "w+2=",   "sh-1=",    "sh+1=", "ls=",  "rs=",     "lrs=",
    "sf",    "sl",    "sw=",   "g.role", "g.org", "g.r>o",    "g.person", "g.ro=", "si=", "sep",
    "g.date", "g.place", "g.degree", "L=", "r=",  "rk=",      "rpn=",  "rl=", "lh="};
static uint32_t prefix_seed[P_COUNT];
static pthread_once_t prefix_once = PTHREAD_ONCE_INIT;

static void hash_prefixes(void) {
  for (int i = 0; i < P_COUNT; i++) prefix_seed[i] = cvx_feature_hash(prefix_name[i], NULL, 0);
}

/* At most this many features per token (the templates above, each once). */
#define FEATS_PER_TOKEN 48

static inline void fadd(cvx_features *f, int p, const char *v, size_t n) {
  uint32_t h = v ? cvx_feature_extend(prefix_seed[p], v, n) : prefix_seed[p];
  if (f->n < f->cap) f->h[f->n++] = h;
  else cvx_features_add_hash(f, h);
}

/* Fills feats (see cvx_field_features); close false leaves each set as
 * made (no sort: every template adds one feature, so a set repeats a hash
 * only on a 32-bit collision, and prediction reads the set in any order). */
static void field_features(cvx_rec_kind kind, const char *s, size_t n, const cvx_ftok *tok, size_t nt,
                           const unsigned char *rule, cvx_features *feats, bool close) {
  if (!nt) return;
  if (n > CVX_FIELD_MAX_BYTES || nt > CVX_FIELD_MAX_TOKENS) {
    for (size_t i = 0; i < nt; i++) cvx_features_clear(&feats[i]);
    return;
  }
  pthread_once(&prefix_once, hash_prefixes);
  unsigned char mark[CVX_FIELD_MAX_BYTES + 1];
  memset(mark, 0, n + 1);
  size_t seg[CVX_FIELD_MAX_TOKENS]; /* the token's segment */
  size_t seg_first[CVX_FIELD_MAX_TOKENS], seg_last[CVX_FIELD_MAX_TOKENS];
  segfacts sf[CVX_FIELD_MAX_TOKENS];
  size_t line_a[CVX_FIELD_MAX_TOKENS], line_z[CVX_FIELD_MAX_TOKENS];
  size_t seg_index[CVX_FIELD_MAX_TOKENS]; /* the token's segment's place in its line */
  unsigned char lfacts[CVX_FIELD_MAX_TOKENS]; /* its line's marks, or'ed */
  /* lines shaped as an employer's or a school's ("Initech -", "Initech -
   * Leeds, UK", "Initech - Leeds -"): a name, a dash, at most a place; the
   * line above is then the title (by line number; a header has few lines) */
  enum { HANG_LINES = 64 };
  bool hang[HANG_LINES] = {false};
  size_t hang_dash[HANG_LINES]; /* the dash's token in such a line */
  const char *kname = kind == CVX_REC_EDUCATION ? "e" : kind == CVX_REC_VOLUNTEER ? "v" : "w";
  /* lines: the grammars read each line once */
  unsigned nlines = tok[nt - 1].line + 1u;
  for (size_t i = 0; i < nt;) {
    size_t j = i;
    while (j < nt && tok[j].line == tok[i].line) j++;
    size_t a = tok[i].a, z = tok[j - 1].z;
    mark_dates(s, a, z, mark, M_DATE);
    mark_places(s, a, z, mark, M_PLACE);
    mark_towns(s, tok, i, j, mark, M_PLACE);
    mark_degree(s, a, z, mark, M_DEGREE);
    /* the first dash standing apart after a word, and nothing after it but
     * a place and separators */
    size_t dash = j;
    for (size_t q = i + 1; q < j && dash == j; q++)
      if (tok[q].sep && (s[tok[q].a] == '-' || ((unsigned char)s[tok[q].a] == 0xE2 && tok[q].z - tok[q].a == 3 &&
                                                (unsigned char)s[tok[q].a + 2] != 0xA2)))
        dash = q;
    if (dash < j && tok[i].line < HANG_LINES) {
      bool placed = true;
      for (size_t q = dash + 1; q < j && placed; q++) placed = tok[q].sep || (mark[tok[q].a] & M_PLACE);
      hang[tok[i].line] = placed;
      hang_dash[tok[i].line] = dash;
    }
    unsigned char facts = 0; /* what the line's words hold, once a line */
    for (size_t q = i; q < j; q++) facts |= mark[tok[q].a];
    for (size_t q = i; q < j; q++) {
      line_a[q] = i;
      line_z[q] = j;
      lfacts[q] = facts;
    }
    i = j;
  }
  /* segments: runs of words between separators (or line ends) */
  size_t nseg = 0, line_seg = 0;
  unsigned cur_line = (unsigned)-1;
  for (size_t i = 0; i < nt;) {
    if (tok[i].sep) {
      seg[i++] = (size_t)-1;
      continue;
    }
    if (tok[i].line != cur_line) {
      cur_line = tok[i].line;
      line_seg = 0;
    }
    size_t j = i;
    while (j < nt && !tok[j].sep && tok[j].line == tok[i].line) j++;
    const char *ss = s + tok[i].a;
    size_t sn = tok[j - 1].z - tok[i].a;
    int r = cvx_role_score(ss, sn), o = cvx_org_score(ss, sn);
    sf[nseg] = (segfacts){r > 0, o > 0, r > o, sn < 60 && cvx_is_person_name(ss, sn), (int)(j - i)};
    for (size_t q = i; q < j; q++) {
      seg[q] = nseg;
      seg_first[q] = i;
      seg_last[q] = j - 1;
      seg_index[q] = line_seg;
    }
    nseg++;
    line_seg++;
    i = j;
  }
  /* every token's lower-cased word and shape, once (its neighbours read
   * them too) */
  char words[CVX_FIELD_MAX_TOKENS][25], shapes[CVX_FIELD_MAX_TOKENS][9];
  unsigned char word_n[CVX_FIELD_MAX_TOKENS], shape_n[CVX_FIELD_MAX_TOKENS];
  for (size_t i = 0; i < nt; i++) {
    word_n[i] = (unsigned char)low_word(s + tok[i].a, tok[i].z - tok[i].a, words[i]);
    shape_n[i] = (unsigned char)word_shape(s + tok[i].a, tok[i].z - tok[i].a, shapes[i]);
  }
  for (size_t i = 0; i < nt; i++) {
    cvx_features *f = &feats[i];
    cvx_features_clear(f);
    const cvx_ftok *t = &tok[i];
    char buf[16];
    const char *lw = words[i], *sh = shapes[i];
    size_t lwn = word_n[i], shn = shape_n[i];
    fadd(f, P_B, NULL, 0);
    fadd(f, P_K, kname, 1);
    fadd(f, P_W, lw, lwn);
    fadd(f, P_SH, sh, shn);
    if (!t->sep && lwn >= 4) {
      fadd(f, P_P3, lw, 3);
      fadd(f, P_S3, lw + lwn - 3, 3);
    }
    /* where it sits */
    static const int line_edges[] = {0, 1, 2}, count_edges[] = {1, 2, 3, 5};
    /* (the names are built by hand: formatting them cost more than the rest) */
    int ln = bucket(t->line, line_edges, 3);
    char v[8] = {digit(ln), '/', digit(bucket((int)nlines, count_edges, 4)), 0};
    fadd(f, P_LN, v, 3);
    v[1] = kname[0];
    fadd(f, P_LNK, v, 2);
    if (i == line_a[i]) fadd(f, P_LF, NULL, 0);
    if (i + 1 == line_z[i]) fadd(f, P_LL, NULL, 0);
    v[0] = digit(bucket((int)(i - line_a[i]), count_edges, 4));
    fadd(f, P_LPOS, v, 1);
    /* neighbours, within the line */
    for (int d = -2; d <= 2; d++) {
      if (!d) continue;
      long q = (long)i + d;
      bool in_line = q >= (long)line_a[i] && q < (long)line_z[i];
      static const int wname[] = {P_WM2, P_WM1, 0, P_WP1, P_WP2};
      if (in_line) fadd(f, wname[d + 2], words[q], word_n[q]);
      else fadd(f, wname[d + 2], d < 0 ? "^" : "$", 1);
      if ((d == -1 || d == 1) && in_line) fadd(f, d < 0 ? P_SHM1 : P_SHP1, shapes[q], shape_n[q]);
    }
    /* its segment: the separators around it and what the grammars say */
    if (!t->sep) {
      size_t a = seg_first[i], z = seg_last[i];
      const segfacts *g = &sf[seg[i]];
      /* the separators (at most 3 bytes each) on either side: "^" and "$"
       * at the line's ends */
      size_t ln_ = a > line_a[i] ? tok[a - 1].z - tok[a - 1].a : 1, rn_ = z + 1 < line_z[i] ? tok[z + 1].z - tok[z + 1].a : 1;
      if (ln_ > 3) ln_ = 3;
      if (rn_ > 3) rn_ = 3;
      const char *lsep = a > line_a[i] ? s + tok[a - 1].a : "^", *rsep = z + 1 < line_z[i] ? s + tok[z + 1].a : "$";
      fadd(f, P_LS, lsep, ln_);
      fadd(f, P_RS, rsep, rn_);
      memcpy(buf, lsep, ln_);
      buf[ln_] = '|';
      memcpy(buf + ln_ + 1, rsep, rn_);
      fadd(f, P_LRS, buf, ln_ + 1 + rn_);
      if (i == a) fadd(f, P_SF, NULL, 0);
      if (i == z) fadd(f, P_SL, NULL, 0);
      v[0] = digit(bucket(g->words, count_edges, 4));
      fadd(f, P_SW, v, 1);
      if (g->role) fadd(f, P_GROLE, NULL, 0);
      if (g->org) fadd(f, P_GORG, NULL, 0);
      if (g->role_over_org) fadd(f, P_GRO_, NULL, 0);
      if (g->person) fadd(f, P_GPERSON, NULL, 0);
      char ro[5] = {digit(g->role), digit(g->org), digit(g->role_over_org), kname[0], 0};
      fadd(f, P_GRO, ro, 4);
      /* the segment's index in its line */
      size_t si = seg_index[i];
      v[0] = digit(si > 2 ? 2 : (int)si);
      fadd(f, P_SI, v, 1);
    } else {
      fadd(f, P_SEP, NULL, 0);
    }
    unsigned char m = mark[t->a];
    if (m & M_DATE) fadd(f, P_GDATE, NULL, 0);
    if (m & M_PLACE) fadd(f, P_GPLACE, NULL, 0);
    if (m & M_DEGREE) fadd(f, P_GDEGREE, NULL, 0);
    /* the line's facts */
    bool ldate = (lfacts[i] & M_DATE) != 0, ldeg = (lfacts[i] & M_DEGREE) != 0,
         lplace = (lfacts[i] & M_PLACE) != 0;
    char lf[3] = {digit(ldate), digit(ldeg), digit(lplace)};
    fadd(f, P_L, lf, 3);
    unsigned tl = t->line;
    /* (the place after the dash is told by the grammars: the name before it gets the mark) */
    char lh[4] = {digit(tl < HANG_LINES && hang[tl] && i < hang_dash[tl]), digit(tl > 0 && tl - 1 < HANG_LINES && hang[tl - 1]),
                  digit(tl + 1 < HANG_LINES && hang[tl + 1]), 0};
    if (lh[0] == '1' || lh[1] == '1' || lh[2] == '1') fadd(f, P_LH, lh, 3);
    /* the rules' field: alone, with its neighbours', with the line */
    if (rule) {
      int r = rule[t->a] < CVX_FLD_NCLASSES ? rule[t->a] : 0;
      int rp = i > 0 ? rule[tok[i - 1].a] : 9, rn = i + 1 < nt ? rule[tok[i + 1].a] : 9;
      char rv[3] = {digit(r), kname[0], 0};
      fadd(f, P_R, rv, 1);
      fadd(f, P_RK, rv, 2);
      char rpn[3] = {digit(rp > 9 ? 9 : rp), digit(r), digit(rn > 9 ? 9 : rn)};
      fadd(f, P_RPN, rpn, 3);
      rv[1] = digit(ln);
      fadd(f, P_RL, rv, 2);
    }
    if (close) cvx_features_close(f);
  }
}

void cvx_field_features(cvx_rec_kind kind, const char *s, size_t n, const cvx_ftok *tok, size_t nt,
                        const unsigned char *rule, cvx_features *feats) {
  field_features(kind, s, n, tok, nt, rule, feats, true);
}

bool cvx_field_label(cvx_rec_kind kind, const char *s, size_t n, const cvx_ftok *tok, size_t nt,
                     const unsigned char *rule, int *labels) {
  if (!field_task.on || !nt || n > CVX_FIELD_MAX_BYTES || nt > CVX_FIELD_MAX_TOKENS) return false;
  /* every token's features in one buffer on the stack: no allocation */
  uint32_t hash[CVX_FIELD_MAX_TOKENS * FEATS_PER_TOKEN];
  cvx_features ft[CVX_FIELD_MAX_TOKENS];
  for (size_t i = 0; i < nt; i++) ft[i] = (cvx_features){hash + i * FEATS_PER_TOKEN, 0, FEATS_PER_TOKEN};
  field_features(kind, s, n, tok, nt, rule, ft, false);
  cvx_seqmodel_decode(&field_task.seq, ft, nt, labels);
  /* a line of the header that labels a part of the entry ("KEY
   * RESPONSIBILITIES", "Duties:") names no field… */
  for (size_t i = 0, j; i < nt; i = j) {
    for (j = i + 1; j < nt && tok[j].line == tok[i].line;) j++;
    size_t a = tok[i].a, z = tok[j - 1].z;
    while (z > a && s[z - 1] == ':') z--;
    if (cvx_entry_part_label(s + a, z - a))
      for (size_t k = i; k < j; k++) labels[k] = 0;
    /* …and neither does a label in capitals before its value ("TEAM SIZE 20") */
    size_t cl = cvx_caps_label(s + a, tok[j - 1].z - a);
    for (size_t k = i; cl && k < j && tok[k].z <= a + cl; k++) labels[k] = 0;
  }
  if (field_task.debug)
    for (size_t i = 0; i < nt; i++)
      fprintf(stderr, "field %s%s %.*s\n", i && tok[i].line != tok[i - 1].line ? "/ " : "",
              cvx_field_classes[labels[i]], (int)(tok[i].z - tok[i].a), s + tok[i].a);
  return true;
}
