/* entryseg.c — entry boundaries in a section by a trained sequence model
 * (entryseg.h): block features from the shared grammars, Viterbi labels. */
#include "entryseg.h"
#include "sections.h"

#include "grammar.h"
#include "seqmodel.h"

#include <ctype.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The built-in model, compiled from pipeline/models/entries.model. */
extern const char *const cvx_model_entries_text;
extern const size_t cvx_model_entries_text_len;

const char *const cvx_entryseg_classes[CVX_SEG_NCLASSES] = {"B", "H", "D"};

static cvx_seqtask entry_task = {.name = "entries",
                                 .env = "CVX_ENTRY_MODEL",
                                 .debug_env = "CVX_ENTRY_DEBUG",
                                 .classes = cvx_entryseg_classes,
                                 .nclasses = CVX_SEG_NCLASSES};

bool cvx_entryseg_init(void) {
  return cvx_seqtask_init(&entry_task, cvx_model_entries_text, cvx_model_entries_text_len);
}

void cvx_entryseg_cleanup(void) { cvx_seqtask_cleanup(&entry_task); }

bool cvx_entryseg_active(void) { return entry_task.on; }

bool cvx_entryseg_debug(void) { return entry_task.debug; }

static bool has_alnum(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80) return true;
  return false;
}

bool cvx_entryseg_takes_part(const cvx_block *b) {
  if (b->kind == CVX_BLK_RULE || !b->text) return false;
  /* an image or a separator alone (logo before an entry) is no entry head */
  return b->kind == CVX_BLK_HEADING || has_alnum(b->text, b->len);
}

size_t cvx_entryseg_blocks(const cvx_block *first, const cvx_block *end, const cvx_block **blocks, size_t max) {
  size_t n = 0;
  for (const cvx_block *b = first; b && b != end; b = b->next) {
    if (!cvx_entryseg_takes_part(b)) continue;
    if (n == max) return max + 1;
    if (blocks) blocks[n] = b;
    n++;
  }
  return n;
}

/* ------------------------------------------------------------- features */

/* Grammar look-ups read at most this much of a block: enough to know what it
 * is, and linear in any input. */
#define LOOK_CAP 240
/* The header constraint reads a little more: a long name before the dates. */
#define SLOT_CAP 1024

/* What one block is, alone. */
typedef struct facts {
  char kind;          /* h heading, p paragraph, i list item, n nested paragraph, r row */
  int level;          /* heading level, or list depth */
  int lines, words;   /* buckets of the counts */
  bool date, date_only, date_first, degree, role, org, role_over_org, place;
  bool sentence, full_stop, lower_first, link, strong, label, person;
} facts;

static int bucket(int v, const int *edges, int n) {
  int i = 0;
  while (i < n && v > edges[i]) i++;
  return i;
}

static void block_facts(const cvx_block *b, facts *f) {
  memset(f, 0, sizeof *f);
  f->kind = b->kind == CVX_BLK_HEADING ? 'h'
            : b->kind == CVX_BLK_ITEM  ? 'i'
            : b->kind == CVX_BLK_ROW   ? 'r'
            : b->level > 0             ? 'n'
                                       : 'p';
  f->level = b->level > 3 ? 3 : b->level;
  size_t n = b->len < LOOK_CAP ? b->len : LOOK_CAP;
  const char *s = b->text;
  int lines = 1, words = 0, lower = 0;
  for (size_t i = 0; i < b->len; i++) lines += b->text[i] == '\n';
  for (size_t i = 0; i < n; i++) {
    if (isspace((unsigned char)s[i]) || (i > 0 && !isspace((unsigned char)s[i - 1]))) continue;
    words++;
    if (islower((unsigned char)s[i])) lower++;
  }
  if (n < b->len) words += (int)((b->len - n) / 6); /* the rest, roughly */
  static const int line_edges[] = {1, 2, 3}, word_edges[] = {2, 5, 10, 20, 40};
  f->lines = bucket(lines, line_edges, 3);
  f->words = bucket(words, word_edges, 5);
  /* the first line carries most of the evidence */
  const char *nl = memchr(s, '\n', n);
  size_t first = nl ? (size_t)(nl - s) : n;
  cvx_daterange d;
  if (cvx_date_find(s, n, &d)) {
    f->date = true;
    size_t rest = 0;
    for (size_t i = 0; i < n; i++)
      if ((i < d.mstart || i >= d.mend) && isalnum((unsigned char)s[i])) rest++;
    f->date_only = rest < 3;
    f->date_first = d.mstart < 3;
  }
  const char *st;
  size_t a, e;
  f->degree = cvx_degree_find(s, n, &st, &a, &e);
  f->sentence = words >= 5 && 2 * lower > words;
  /* names, titles and places are looked for in header-like blocks only: a
   * running sentence of more than a dozen words is a detail whatever it
   * names (and the look-ups are the costly part) */
  bool prose = f->sentence && words > 12;
  int role = prose ? 0 : cvx_role_score(s, first), org = prose ? 0 : cvx_org_score(s, first);
  f->role = role > 0;
  f->org = org > 0;
  f->role_over_org = role > org;
  f->place = !prose && cvx_location_find(s, first, &a, &e);
  size_t z = n;
  while (z && isspace((unsigned char)s[z - 1])) z--;
  f->full_stop = z && s[z - 1] == '.';
  f->lower_first = n && islower((unsigned char)s[0]);
  f->link = cvx_block_nlinks(b) > 0;
  f->strong = cvx_block_strong(b) > 0;
  const char *colon = memchr(s, ':', first < 40 ? first : 40);
  f->label = (colon && colon > s) || cvx_caps_label(s, first) > 0;
  f->person = !prose && first < 60 && cvx_is_person_name(s, first);
}

/* The block's shape in a few characters: two blocks of one layout role
 * usually share it ("p1d": a one-line paragraph with a date). */
static void shape(const facts *f, char out[8]) {
  out[0] = f->kind;
  out[1] = (char)('0' + f->level);
  out[2] = (char)('0' + f->lines);
  out[3] = f->date ? 'd' : '-';
  out[4] = f->sentence ? 's' : '-';
  out[5] = 0;
}

/* Feature names are hashed by extending the hash of their fixed prefix
 * (cvx_feature_extend): the same values as hashing the joined names. The
 * prefixes, and the names made of a prefix and a fact, are hashed once. */
static uint32_t ext(uint32_t h, const char *s) { return cvx_feature_extend(h, s, strlen(s)); }

/* The name prefixes of a block's facts: its own (""), its section kind's,
 * its neighbours'. */
enum { PRE_OWN, PRE_EDU, PRE_PROJ, PRE_JOB, PRE_PREV, PRE_NEXT, PRE_COUNT };
static const char *const pre_name[PRE_COUNT] = {"", "edu.", "proj.", "job.", "p.", "n."};
static const char block_kinds[] = "hpinr"; /* facts.kind */
#define NKINDS 5

static const struct {
  size_t off;
  const char *name;
} fact_flags[] = {
    {offsetof(facts, date), "date"},         {offsetof(facts, date_only), "date_only"},
    {offsetof(facts, date_first), "date1"},  {offsetof(facts, degree), "degree"},
    {offsetof(facts, role), "role"},         {offsetof(facts, org), "org"},
    {offsetof(facts, role_over_org), "r>o"}, {offsetof(facts, place), "place"},
    {offsetof(facts, sentence), "sent"},     {offsetof(facts, full_stop), "stop"},
    {offsetof(facts, lower_first), "lower"}, {offsetof(facts, link), "link"},
    {offsetof(facts, strong), "strong"},     {offsetof(facts, label), "label"},
    {offsetof(facts, person), "person"},
};
#define NFLAGS (sizeof fact_flags / sizeof fact_flags[0])

/* One prefix's hashes: the prefix, prefix + "k=" and the like, prefix +
 * flag, and prefix + kind + "." + flag. */
typedef struct pre_hashes {
  uint32_t seed, k, kl, ln, w, kw;
  uint32_t flag[NFLAGS], kflag[NKINDS][NFLAGS];
} pre_hashes;
static pre_hashes pre_hash[PRE_COUNT];

/* The other features' fixed prefixes. */
enum {
  F_FIRST, F_RULE, F_RULEK, F_RULES, F_RULEKD, F_RULEN, F_PNONE, F_NNONE, F_SH, F_PP, F_SAME_PREV, F_REP1, F_REP2,
  F_KD, F_KLF, F_KLFD, F_KLC, F_SAME_FIRST, F_SAME_FIRST_K, F_COUNT
};
static const char *const fixed_name[F_COUNT] = {
    "first", "rule=", "rulek=", "rules=", "rulekd=", "rule.n=", "p.none",        "n.none",        "sh=", "pp=",
    "same_as_prev", "rep1.", "rep2.", "kd=", "klf=", "klf.d", "klc.", "same_as_first", "same_as_first."};
static uint32_t fixed_hash[F_COUNT];
static pthread_once_t hashes_once = PTHREAD_ONCE_INIT;

static void hash_names(void) {
  for (int p = 0; p < PRE_COUNT; p++) {
    pre_hashes *h = &pre_hash[p];
    h->seed = cvx_feature_hash(pre_name[p], NULL, 0);
    h->k = ext(h->seed, "k=");
    h->kl = ext(h->seed, "kl=");
    h->ln = ext(h->seed, "ln=");
    h->w = ext(h->seed, "w=");
    h->kw = ext(h->seed, "kw=");
    for (size_t i = 0; i < NFLAGS; i++) h->flag[i] = ext(h->seed, fact_flags[i].name);
    for (int k = 0; k < NKINDS; k++) {
      uint32_t kseed = cvx_feature_extend(cvx_feature_extend(h->seed, block_kinds + k, 1), ".", 1);
      for (size_t i = 0; i < NFLAGS; i++) h->kflag[k][i] = ext(kseed, fact_flags[i].name);
    }
  }
  for (int i = 0; i < F_COUNT; i++) fixed_hash[i] = cvx_feature_hash(fixed_name[i], NULL, 0);
}

/* Adds a hash; the sets of cvx_entryseg_label have room for every feature
 * (FEATS_PER_BLOCK), the caller's sets of cvx_entryseg_features grow. */
static void add(cvx_features *ft, uint32_t h) {
  if (ft->n < ft->cap) ft->h[ft->n++] = h;
  else cvx_features_add_hash(ft, h);
}

/* fixed prefix p followed by s[0,n) */
static void add_fixed(cvx_features *ft, int p, const char *s, size_t n) {
  add(ft, s ? cvx_feature_extend(fixed_hash[p], s, n) : fixed_hash[p]);
}

static int kind_index(char kind) { return (int)(strchr(block_kinds, kind) - block_kinds); }

/* The facts of one block as features named under prefix pre. */
static void add_facts(cvx_features *ft, int pre, const facts *f) {
  const pre_hashes *h = &pre_hash[pre];
  char k[1] = {f->kind}, kl[2] = {f->kind, (char)('0' + f->level)};
  add(ft, h->seed);
  add(ft, cvx_feature_extend(h->k, k, 1));
  add(ft, cvx_feature_extend(h->kl, kl, 2));
  char v[1] = {(char)('0' + f->lines)};
  add(ft, cvx_feature_extend(h->ln, v, 1));
  v[0] = (char)('0' + f->words);
  add(ft, cvx_feature_extend(h->w, v, 1));
  add(ft, cvx_feature_extend(cvx_feature_extend(h->kw, k, 1), v, 1));
  const uint32_t *kflag = h->kflag[kind_index(f->kind)];
  for (size_t i = 0; i < NFLAGS; i++) {
    if (!*(const bool *)((const char *)f + fact_flags[i].off)) continue;
    add(ft, h->flag[i]);
    add(ft, kflag[i]);
  }
}

/* At most this many features per block: four sets of facts (6 + 2 per
 * flag each) and the rest, each once. */
#define FEATS_PER_BLOCK (4 * (6 + 2 * NFLAGS) + 32)

/* cvx_entryseg_features, with each block's facts left in fa[0..n). */
static void features_of(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                        cvx_features *feats, facts *fa) {
  pthread_once(&hashes_once, hash_names);
  for (size_t i = 0; i < n; i++) block_facts(blocks[i], &fa[i]);
  int sec = kind == CVX_REC_EDUCATION ? PRE_EDU : kind == CVX_REC_PROJECT ? PRE_PROJ : PRE_JOB;
  char first_shape[8];
  shape(&fa[0], first_shape);
  /* how many blocks of the section share each block's kind and depth */
  size_t tally[NKINDS][4] = {{0}};
  for (size_t i = 0; i < n; i++) tally[kind_index(fa[i].kind)][fa[i].level]++;
  for (size_t i = 0; i < n; i++) {
    cvx_features *ft = &feats[i];
    cvx_features_clear(ft);
    add_facts(ft, PRE_OWN, &fa[i]);
    add_facts(ft, sec, &fa[i]);
    if (i == 0) add_fixed(ft, F_FIRST, NULL, 0);
    /* the rules' decision, alone and with the block's kind */
    char r[2] = {rule ? (char)('0' + rule[i]) : 'x', fa[i].kind};
    add_fixed(ft, F_RULE, r, 1);
    add_fixed(ft, F_RULEK, r, 2);
    char rs[5] = {r[0], fa[i].kind, fa[i].date ? 'd' : '-', (char)('0' + fa[i].lines), fa[i].sentence ? 's' : '-'};
    add_fixed(ft, F_RULES, rs, 5);
    add_fixed(ft, F_RULEKD, rs, 3);
    if (i + 1 < n) {
      char rn[1] = {rule ? (char)('0' + rule[i + 1]) : 'x'};
      add_fixed(ft, F_RULEN, rn, 1);
    }
    if (i > 0)
      add_facts(ft, PRE_PREV, &fa[i - 1]);
    else
      add_fixed(ft, F_PNONE, NULL, 0);
    if (i + 1 < n)
      add_facts(ft, PRE_NEXT, &fa[i + 1]);
    else
      add_fixed(ft, F_NNONE, NULL, 0);
    char sh[8], ps[8];
    shape(&fa[i], sh);
    size_t shn = strlen(sh);
    add_fixed(ft, F_SH, sh, shn);
    if (i > 0) {
      shape(&fa[i - 1], ps);
      /* "pp=" + the previous shape + ">" + this one */
      uint32_t h = cvx_feature_extend(cvx_feature_extend(fixed_hash[F_PP], ps, strlen(ps)), ">", 1);
      add(ft, cvx_feature_extend(h, sh, shn));
      if (strcmp(ps, sh) == 0) add_fixed(ft, F_SAME_PREV, NULL, 0);
    }
    /* a slot filled again (a second date, role, organisation or degree) is
     * the next entry's, as a header holds each once */
    for (size_t back = 1; back <= 2 && back <= i; back++) {
      const facts *p = &fa[i - back], *f = &fa[i];
      int tag = back == 1 ? F_REP1 : F_REP2;
      if (f->date && p->date) add_fixed(ft, tag, "date", 4);
      if (f->role && p->role) add_fixed(ft, tag, "role", 4);
      if (f->org && p->org) add_fixed(ft, tag, "org", 3);
      if (f->degree && p->degree) add_fixed(ft, tag, "degree", 6);
      if (f->place && p->place) add_fixed(ft, tag, "place", 5);
    }
    if (i > 0) {
      char kk[5] = {fa[i - 1].kind, fa[i - 1].date ? 'd' : '-', '>', fa[i].kind, fa[i].date ? 'd' : '-'};
      add_fixed(ft, F_KD, kk, 5);
    }
    /* the section's first block opens an entry: a block of its kind and
     * depth likely opens one too, more so when there are many of them */
    if (i > 0 && fa[i].kind == fa[0].kind && fa[i].level == fa[0].level) {
      char kl[2] = {fa[i].kind, (char)('0' + fa[i].level)};
      add_fixed(ft, F_KLF, kl, 2);
      /* "klf.d" + 0/1 + "." + kind */
      char d[3] = {fa[i].date == fa[0].date ? '1' : '0', '.', fa[i].kind};
      add_fixed(ft, F_KLFD, d, 3);
    }
    {
      static const int edges[] = {1, 2, 4, 8};
      /* "klc." + kind + "=" + the count's bucket */
      char v[3] = {fa[i].kind, '=', (char)('0' + bucket((int)tally[kind_index(fa[i].kind)][fa[i].level], edges, 4))};
      add_fixed(ft, F_KLC, v, 3);
    }
    /* the section's entries repeat one layout: a block shaped like the
     * section's first block likely opens an entry as the first one did */
    if (i > 0 && strcmp(sh, first_shape) == 0) {
      add_fixed(ft, F_SAME_FIRST, NULL, 0);
      add_fixed(ft, F_SAME_FIRST_K, &fa[i].kind, 1);
    }
    cvx_features_close(ft);
  }
}

void cvx_entryseg_features(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                           cvx_features *feats) {
  if (!n) return;
  facts *fa = malloc(n * sizeof *fa);
  if (!fa) {
    for (size_t i = 0; i < n; i++) cvx_features_clear(&feats[i]);
    return;
  }
  features_of(kind, blocks, n, rule, feats, fa);
  free(fa);
}

/* A short dated line that is not a sentence: "Acme Corp, Engineer, 2019 -
 * 2020" (a name of any length before the dates). */
/* The header slots a block fills (SLOT_*): from its facts when the block is
 * short enough for them to have read it all, else read again further. */
enum { S_DATE = 1, S_DEGREE = 2, S_ORG = 4, S_ROLE = 8 };
static int header_slots(const cvx_block *b, const facts *f) {
  cvx_daterange d;
  int slots = 0;
  if (b->len <= LOOK_CAP) {
    if (f->date && cvx_date_find(b->text, b->len, &d) && d.start[0]) slots |= S_DATE;
    if (f->degree) slots |= S_DEGREE;
    else if (f->org && !f->role_over_org) slots |= S_ORG;
    else if (f->role) slots |= S_ROLE;
    return slots;
  }
  size_t look = b->len < SLOT_CAP ? b->len : SLOT_CAP;
  const char *nl = memchr(b->text, '\n', look);
  size_t first = nl ? (size_t)(nl - b->text) : look;
  const char *st;
  size_t x, y;
  int role = cvx_role_score(b->text, first), org = cvx_org_score(b->text, first);
  if (cvx_date_find(b->text, look, &d) && d.start[0]) slots |= S_DATE;
  if (cvx_degree_find(b->text, look, &st, &x, &y)) slots |= S_DEGREE;
  else if (org > 0 && org >= role) slots |= S_ORG;
  else if (role > 0) slots |= S_ROLE;
  return slots;
}

/* The rules' reading of where entries open that the model's labels may
 * miss, applied after it (cvx_entryseg_label): labels[i] for the blocks,
 * fa[i] their facts. */

/* An entry does not open with a word in lower case ("at Lake Onega
 * Station" under "Field practice"): such a paragraph or item under a
 * header's line goes on with that header ("eBay", "iOS" have a capital
 * after it). */
static void lower_case_goes_on(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  for (size_t i = 1; i < n; i++) {
    const char *t = blocks[i]->text;
    if (labels[i] != CVX_SEG_B || labels[i - 1] == CVX_SEG_D || blocks[i]->kind == CVX_BLK_HEADING || !t ||
        !(t[0] >= 'a' && t[0] <= 'z'))
      continue; /* (a sub-heading opens its entry, whatever its case) */
    size_t w = 0;
    while (t[w] >= 'a' && t[w] <= 'z') w++;
    if (t[w] != ' ' || fa[i - 1].sentence || memchr(blocks[i - 1]->text, '\n', blocks[i - 1]->len)) continue;
    labels[i] = CVX_SEG_H;
  }
}

/* An entry's head of two blocks, the second dated ("Field practice" /
 * "at Lake Onega Station, Jun 2011 – Sep 2011"), is not repeated inside
 * the entry: the same two shapes again, at the head's level, below its
 * description, open the next entry. The dated block is matched by its kind,
 * level and date alone (its lines and stops vary with what it names:
 * "at Example Reserve, Kamchatka pen., Russia"), and it opens nothing
 * itself: a segmenter that opened the entry there opened it one block
 * late. */
static void repeated_heads(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  size_t h = 0;
  bool open = false;
  for (size_t i = 0; i + 1 < n; i++) {
    if (open && i == h + 1) continue; /* (the head's dated block) */
    if (labels[i] == CVX_SEG_B && !(open && i > h + 3 && labels[i - 1] == CVX_SEG_D)) {
      h = i;
      open = (labels[i + 1] == CVX_SEG_H || labels[i + 1] == CVX_SEG_B) && fa[i + 1].date && !fa[i].date &&
             !fa[i].sentence && blocks[i]->kind != CVX_BLK_HEADING;
      continue;
    }
    if (!open || i < h + 3 || labels[i] != CVX_SEG_D) continue;
    char a[8], x[8];
    shape(&fa[h], a), shape(&fa[i], x);
    const facts *b = &fa[h + 1], *y = &fa[i + 1];
    if (strcmp(a, x) || b->kind != y->kind || b->level != y->level || !y->date ||
        blocks[i - 1]->level <= blocks[i]->level)
      continue;
    labels[h + 1] = CVX_SEG_H; /* (the first head's two blocks are one head, repeated) */
    labels[i] = CVX_SEG_B;
    labels[i + 1] = CVX_SEG_H;
    h = i;
  }
}

/* Whether block b's first line (within LOOK_CAP) is a dated head, whatever
 * lines follow it (cvx_dated_head_line). */
static bool dated_head_line(const cvx_block *b) {
  size_t n = b->len < LOOK_CAP ? b->len : LOOK_CAP;
  const char *nl = memchr(b->text, '\n', n);
  return cvx_dated_head_line(b->text, nl ? (size_t)(nl - b->text) : n);
}

/* A section whose entries each open with a sub-heading of one level, with
 * one dated block at most under each (a title, its place, its date, its
 * type: not an employer over several dated roles), opens entries at those
 * sub-headings and nowhere else. */
static void heading_anchors(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  if (n < 4 || blocks[0]->kind != CVX_BLK_HEADING) return;
  int lv = blocks[0]->level;
  size_t anchors = 0;
  int dated = 0;
  bool layout = true;
  for (size_t i = 0; i < n && layout; i++) {
    if (blocks[i]->kind == CVX_BLK_HEADING && blocks[i]->level == lv) {
      anchors++;
      dated = fa[i].date;
      /* (all alike: dated or not; a "Highlights" among dated titles is
       * a label of one entry) */
      if (fa[i].date != fa[0].date) layout = false;
      continue;
    }
    if (blocks[i]->kind == CVX_BLK_HEADING && blocks[i]->level < lv) layout = false;
    dated += fa[i].date;
    if (dated > 1) layout = false;
  }
  if (layout && anchors >= 2)
    for (size_t i = 0; i < n; i++) {
      bool anchor = blocks[i]->kind == CVX_BLK_HEADING && blocks[i]->level == lv;
      if (anchor) labels[i] = CVX_SEG_B;
      else if (labels[i] == CVX_SEG_B && !fa[i].degree && blocks[i]->kind == CVX_BLK_PARA)
        /* (a degree heads an entry of its own, and so may a list item) */
        labels[i] = labels[i - 1] == CVX_SEG_D ? CVX_SEG_D : CVX_SEG_H;
      /* the dated line right under its sub-heading, no sentence, is the
       * head's: "### Initech" / "_Engineer_, _March 2020 – present_,
       * Leeds" (the one dated block the layout allows) */
      else if (labels[i] == CVX_SEG_D && i > 0 && labels[i - 1] == CVX_SEG_B && blocks[i - 1]->kind == CVX_BLK_HEADING &&
               blocks[i]->kind == CVX_BLK_PARA && dated_head_line(blocks[i]))
        labels[i] = CVX_SEG_H;
    }
}

/* A section whose every entry opens with a line of dates alone, each at
 * the level of the first block, with all else set deeper below them
 * (dates, then a role and its lines, indented), opens entries at those
 * lines and nowhere else: the layout says where they start. */
static void date_line_anchors(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  if (n < 4 || !fa[0].date_only || memchr(blocks[0]->text, '\n', blocks[0]->len)) return;
  size_t anchors = 0;
  bool layout = true;
  for (size_t i = 0; i < n && layout; i++) {
    if (blocks[i]->level == blocks[0]->level && blocks[i]->kind == blocks[0]->kind) {
      layout = fa[i].date_only && !memchr(blocks[i]->text, '\n', blocks[i]->len) && i + 1 < n &&
               blocks[i + 1]->level > blocks[0]->level;
      anchors++;
    } else {
      layout = blocks[i]->level > blocks[0]->level;
    }
  }
  if (layout && anchors >= 3)
    for (size_t i = 0; i < n; i++) {
      bool anchor = blocks[i]->level == blocks[0]->level;
      if (anchor) labels[i] = CVX_SEG_B;
      else if (labels[i] == CVX_SEG_B) labels[i] = blocks[i - 1]->level == blocks[0]->level ? CVX_SEG_H : CVX_SEG_D;
    }
}

/* A section whose entries open with a line of dates alone (its first
 * block one, and another below) dates its entries on those lines: a
 * sentence below with a date in it ("Instructor for the seminar (Fall
 * 2016).") tells of the entry above, it opens none. */
static void dated_sentences_go_on(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  if (n < 3 || !fa[0].date_only || memchr(blocks[0]->text, '\n', blocks[0]->len)) return;
  size_t anchors = 0;
  for (size_t i = 0; i < n; i++) anchors += fa[i].date_only && !memchr(blocks[i]->text, '\n', blocks[i]->len);
  if (anchors < 2) return;
  for (size_t i = 1; i < n; i++)
    if (labels[i] == CVX_SEG_B && !fa[i].date_only && fa[i].date && fa[i].full_stop &&
        blocks[i]->kind != CVX_BLK_HEADING)
      labels[i] = CVX_SEG_D;
}

/* "Research topic: Data mining": a label and its value (a line that ends in
 * its colon labels nothing in it). */
static bool labelled(const cvx_block *b) {
  const char *colon = memchr(b->text, ':', b->len);
  if (!colon) return false;
  for (const char *q = colon + 1; q < b->text + b->len; q++)
    if (isalnum((unsigned char)*q)) return true;
  return false;
}

/* An entry opened by a line of dates alone has its title in the line right
 * under them when that line is one of a few words naming a role or an
 * organisation, with no sentence in it ("2013 to 2017" / "Graduate
 * RA/TA:"): the head goes on there, whatever the model read (with nothing
 * under it, the line reads like a label of a list to come). */
static void title_under_dates(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  for (size_t i = 0; i + 1 < n; i++) {
    /* (lines == 0: the block is one line) */
    if (labels[i] != CVX_SEG_B || !fa[i].date_only || fa[i].lines != 0) continue;
    const facts *t = &fa[i + 1];
    if (labels[i + 1] == CVX_SEG_D && t->lines == 0 && t->words <= 2 && !t->sentence && !t->full_stop && !t->date &&
        (t->role || t->org) && !labelled(blocks[i + 1]))
      labels[i + 1] = CVX_SEG_H;
  }
}

/* The items of one list are alike: an item among detail items of its
 * list, at their depth, that names nothing a header holds (no date,
 * degree, role, organisation, place, person, label, link or emphasis:
 * "Involved in data migration" between two bullets of duties) is one more
 * of them, not an entry of its own. */
static bool bare(const facts *f) {
  return !f->date && !f->degree && !f->role && !f->org && !f->place && !f->person && !f->label && !f->link &&
         !f->strong;
}
static void bare_items_go_on(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  for (size_t i = 1; i < n; i++) {
    const cvx_block *b = blocks[i], *p = blocks[i - 1];
    if (labels[i] != CVX_SEG_B || b->kind != CVX_BLK_ITEM || p->kind != CVX_BLK_ITEM || p->level != b->level ||
        labels[i - 1] != CVX_SEG_D || !bare(&fa[i]))
      continue;
    if (i + 1 < n && (blocks[i + 1]->kind != CVX_BLK_ITEM || blocks[i + 1]->level != b->level)) continue;
    labels[i] = CVX_SEG_D;
  }
}

/* A line that labels a part of its entry ("KEY RESPONSIBILITIES", "Duties:")
 * heads what follows it, not the entry: a detail, as the bullets it labels. */
static void part_labels_go_on(const cvx_block *const *blocks, size_t n, int *labels) {
  for (size_t i = 1; i < n; i++) {
    const cvx_block *b = blocks[i];
    if (labels[i] == CVX_SEG_D || b->kind == CVX_BLK_HEADING || memchr(b->text, '\n', b->len)) continue;
    size_t len = b->len;
    while (len && (b->text[len - 1] == ':' || b->text[len - 1] == ' ')) len--;
    if (len && cvx_entry_part_label(b->text, len)) labels[i] = CVX_SEG_D;
  }
}

/* Whether line s[0,n) is a detail in capitals before its value that names
 * no header field ("TEAM SIZE 12", "CLIENT Harbour Bank"; not "COMPANY …"
 * or "ROLE …", which head an entry written as labelled lines). */
static bool caps_detail_line(const char *s, size_t n) {
  static const char *const heads[] = {"company", "employer", "organisation", "organization", "role",
                                      "designation", "position", "title", NULL};
  size_t l = cvx_caps_label(s, n);
  if (!l) return false;
  for (int k = 0; heads[k]; k++)
    if (strlen(heads[k]) == l && strncasecmp(s, heads[k], l) == 0) return false;
  return true;
}

/* A block of such lines only, under an entry's head, is the entry's
 * details ("DURATION Apr-2017 to Mar-2021" / "TEAM SIZE 12"), not the
 * head of another. */
static void caps_details_go_on(const cvx_block *const *blocks, size_t n, int *labels) {
  for (size_t i = 1; i < n; i++) {
    const cvx_block *b = blocks[i];
    if (labels[i] == CVX_SEG_D || b->kind == CVX_BLK_HEADING || !b->text || !b->len) continue;
    bool all = true;
    for (const char *q = b->text, *stop = b->text + b->len; q < stop && all;) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      size_t len = (size_t)((nl ? nl : stop) - q);
      all = len && caps_detail_line(q, len);
      q = nl ? nl + 1 : stop;
    }
    if (all) labels[i] = CVX_SEG_D;
  }
}

/* The layout's own reading, over the model's labels. */
static void amend(const cvx_block *const *blocks, const facts *fa, size_t n, int *labels) {
  part_labels_go_on(blocks, n, labels);
  caps_details_go_on(blocks, n, labels);
  bare_items_go_on(blocks, fa, n, labels);
  repeated_heads(blocks, fa, n, labels);
  lower_case_goes_on(blocks, fa, n, labels);
  heading_anchors(blocks, fa, n, labels);
  date_line_anchors(blocks, fa, n, labels);
  dated_sentences_go_on(blocks, fa, n, labels);
  title_under_dates(blocks, fa, n, labels);
}

void cvx_entryseg_label(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                        int *labels) {
  if (!entry_task.on || !n) return;
  /* the sets, their hashes and the facts in one block, given back below */
  void *mem = malloc(n * (sizeof(cvx_features) + sizeof(facts) + FEATS_PER_BLOCK * sizeof(uint32_t)));
  if (!mem) {
    for (size_t i = 0; i < n; i++) labels[i] = i == 0 ? CVX_SEG_B : CVX_SEG_D;
    return;
  }
  cvx_features *ft = mem;
  facts *fa = (facts *)(void *)(ft + n);
  uint32_t *pool = (uint32_t *)(void *)(fa + n);
  for (size_t i = 0; i < n; i++) ft[i] = (cvx_features){pool + i * FEATS_PER_BLOCK, 0, FEATS_PER_BLOCK};
  features_of(kind, blocks, n, rule, ft, fa);
  cvx_seqmodel_decode(&entry_task.seq, ft, n, labels);
  /* a header holds one date range and one degree, and once it has its
   * dates, one organisation and one role: a block that would add a second
   * to the open header opens the next entry; so does a dated line repeating
   * the shape of the open entry's dated line */
  int have = 0;
  const cvx_block *head = NULL; /* the open entry's first block */
  for (size_t i = 0; i < n; i++) {
    const cvx_block *b = blocks[i];
    if (labels[i] == CVX_SEG_D) {
      /* a one-line dated block, not a sentence, shaped like the open
       * entry's one-line dated header is the next entry's header */
      if (!head || !(have & S_DATE) || b->kind != head->kind || b->level != head->level ||
          memchr(b->text, '\n', b->len) || memchr(head->text, '\n', head->len) || fa[i].sentence ||
          fa[i].full_stop)
        continue;
      if (!(header_slots(b, &fa[i]) & S_DATE)) continue;
      labels[i] = CVX_SEG_B;
    }
    /* a sentence among the bullets of a dated entry's description, dates
     * and all ("Led the migration between 2022 and 2023."), goes on with
     * that description */
    if (labels[i] == CVX_SEG_B && head && (have & S_DATE) && labels[i - 1] == CVX_SEG_D &&
        b->kind == CVX_BLK_ITEM && blocks[i - 1]->kind == CVX_BLK_ITEM && b->level == blocks[i - 1]->level &&
        fa[i].sentence && fa[i].full_stop) {
      labels[i] = CVX_SEG_D;
      continue;
    }
    int slots = header_slots(b, &fa[i]);
    int again = slots & have & ((have & S_DATE) ? (S_DATE | S_DEGREE | S_ORG | S_ROLE) : (S_DATE | S_DEGREE));
    if (labels[i] == CVX_SEG_H && again) labels[i] = CVX_SEG_B;
    /* and a one-line block right below an undated header that fills a
     * slot the header lacks ("Northfield College" over "B.S. in
     * Mathematics", a role over its employer) is more of that header, set
     * as the header is or right under it as its sub-heading */
    if (labels[i] == CVX_SEG_B && head && i > 0 && labels[i - 1] != CVX_SEG_D && have && !(have & S_DATE) &&
        (slots & (S_DEGREE | S_ORG | S_ROLE)) && !(slots & have) && !memchr(b->text, '\n', b->len) &&
        ((b->kind == head->kind && b->level == head->level) ||
         (head->kind == CVX_BLK_HEADING && blocks[i - 1] == head && b->kind != CVX_BLK_HEADING)) &&
        !fa[i].sentence)
      labels[i] = CVX_SEG_H;
    if (labels[i] == CVX_SEG_B) {
      have = 0;
      head = b;
    }
    have |= slots;
  }
  amend(blocks, fa, n, labels);
  free(mem);
}

void cvx_entryseg_amend(const cvx_block *const *blocks, size_t n, int *labels) {
  facts *fa = n ? malloc(n * sizeof *fa) : NULL;
  if (!fa) return;
  for (size_t i = 0; i < n; i++) block_facts(blocks[i], &fa[i]);
  amend(blocks, fa, n, labels);
  free(fa);
}
