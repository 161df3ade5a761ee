/* entryseg.c — entry boundaries in a section by a trained sequence model
 * (entryseg.h): block features from the shared grammars, Viterbi labels. */
#include "entryseg.h"

#include "grammar.h"
#include "seqmodel.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  f->label = colon && colon > s;
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

static uint32_t ext(uint32_t h, const char *s) { return cvx_feature_extend(h, s, strlen(s)); }

/* The facts of one block as features named pre + name (hashed by extending
 * the prefix's hash: the same values as hashing the joined names). */
static void add_facts(cvx_features *ft, const char *pre, const facts *f) {
  char k[2] = {f->kind, 0}, kl[3] = {f->kind, (char)('0' + f->level), 0};
  uint32_t seed = cvx_feature_hash(pre, NULL, 0);
  cvx_features_add_hash(ft, seed);
  cvx_features_add_hash(ft, cvx_feature_extend(ext(seed, "k="), k, 1));
  cvx_features_add_hash(ft, cvx_feature_extend(ext(seed, "kl="), kl, 2));
  char v[2] = {(char)('0' + f->lines), 0};
  cvx_features_add_hash(ft, cvx_feature_extend(ext(seed, "ln="), v, 1));
  v[0] = (char)('0' + f->words);
  cvx_features_add_hash(ft, cvx_feature_extend(ext(seed, "w="), v, 1));
  cvx_features_add_hash(ft, cvx_feature_extend(cvx_feature_extend(ext(seed, "kw="), k, 1), v, 1));
  uint32_t kseed = cvx_feature_extend(cvx_feature_extend(seed, k, 1), ".", 1);
  static const struct {
    size_t off;
    const char *name;
  } flags[] = {
      {offsetof(facts, date), "date"},         {offsetof(facts, date_only), "date_only"},
      {offsetof(facts, date_first), "date1"},  {offsetof(facts, degree), "degree"},
      {offsetof(facts, role), "role"},         {offsetof(facts, org), "org"},
      {offsetof(facts, role_over_org), "r>o"}, {offsetof(facts, place), "place"},
      {offsetof(facts, sentence), "sent"},     {offsetof(facts, full_stop), "stop"},
      {offsetof(facts, lower_first), "lower"}, {offsetof(facts, link), "link"},
      {offsetof(facts, strong), "strong"},     {offsetof(facts, label), "label"},
      {offsetof(facts, person), "person"},
  };
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    if (!*(const bool *)((const char *)f + flags[i].off)) continue;
    cvx_features_add_hash(ft, ext(seed, flags[i].name));
    cvx_features_add_hash(ft, ext(kseed, flags[i].name));
  }
}

/* cvx_entryseg_features, with each block's facts left in fa[0..n). */
static void features_of(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                        cvx_features *feats, facts *fa) {
  for (size_t i = 0; i < n; i++) block_facts(blocks[i], &fa[i]);
  const char *sec = kind == CVX_REC_EDUCATION ? "edu"
                    : kind == CVX_REC_PROJECT ? "proj"
                                              : "job";
  char first_shape[8];
  shape(&fa[0], first_shape);
  /* how many blocks of the section share each block's kind and depth */
  size_t *kl_count = calloc(n, sizeof *kl_count);
  if (!kl_count) {
    for (size_t i = 0; i < n; i++) cvx_features_clear(&feats[i]);
    return;
  }
  {
    size_t tally[5][4] = {{0}};
    static const char kinds[] = "hpinr";
    for (size_t i = 0; i < n; i++) tally[strchr(kinds, fa[i].kind) - kinds][fa[i].level]++;
    for (size_t i = 0; i < n; i++) kl_count[i] = tally[strchr(kinds, fa[i].kind) - kinds][fa[i].level];
  }
  for (size_t i = 0; i < n; i++) {
    cvx_features *ft = &feats[i];
    cvx_features_clear(ft);
    add_facts(ft, "", &fa[i]);
    char buf[48];
    snprintf(buf, sizeof buf, "%s.", sec);
    add_facts(ft, buf, &fa[i]);
    if (i == 0) cvx_features_add(ft, "first", NULL, 0);
    /* the rules' decision, alone and with the block's kind */
    char r[3] = {rule ? (char)('0' + rule[i]) : 'x', fa[i].kind, 0};
    cvx_features_add(ft, "rule=", r, 1);
    cvx_features_add(ft, "rulek=", r, 2);
    char rs[6] = {r[0], fa[i].kind, fa[i].date ? 'd' : '-', (char)('0' + fa[i].lines), fa[i].sentence ? 's' : '-', 0};
    cvx_features_add(ft, "rules=", rs, 5);
    cvx_features_add(ft, "rulekd=", rs, 3);
    if (i + 1 < n) {
      char rn[2] = {rule ? (char)('0' + rule[i + 1]) : 'x', 0};
      cvx_features_add(ft, "rule.n=", rn, 1);
    }
    if (i > 0)
      add_facts(ft, "p.", &fa[i - 1]);
    else
      cvx_features_add(ft, "p.none", NULL, 0);
    if (i + 1 < n)
      add_facts(ft, "n.", &fa[i + 1]);
    else
      cvx_features_add(ft, "n.none", NULL, 0);
    char sh[8], ps[8];
    shape(&fa[i], sh);
    cvx_features_add(ft, "sh=", sh, strlen(sh));
    if (i > 0) {
      shape(&fa[i - 1], ps);
      snprintf(buf, sizeof buf, "pp=%s>", ps);
      cvx_features_add(ft, buf, sh, strlen(sh));
      if (strcmp(ps, sh) == 0) cvx_features_add(ft, "same_as_prev", NULL, 0);
    }
    /* a slot filled again (a second date, role, organisation or degree) is
     * the next entry's, as a header holds each once */
    for (size_t back = 1; back <= 2 && back <= i; back++) {
      const facts *p = &fa[i - back], *f = &fa[i];
      const char *tag = back == 1 ? "rep1." : "rep2.";
      if (f->date && p->date) cvx_features_add(ft, tag, "date", 4);
      if (f->role && p->role) cvx_features_add(ft, tag, "role", 4);
      if (f->org && p->org) cvx_features_add(ft, tag, "org", 3);
      if (f->degree && p->degree) cvx_features_add(ft, tag, "degree", 6);
      if (f->place && p->place) cvx_features_add(ft, tag, "place", 5);
    }
    if (i > 0) {
      char kk[6] = {fa[i - 1].kind, fa[i - 1].date ? 'd' : '-', '>', fa[i].kind, fa[i].date ? 'd' : '-', 0};
      cvx_features_add(ft, "kd=", kk, 5);
    }
    /* the section's first block opens an entry: a block of its kind and
     * depth likely opens one too, more so when there are many of them */
    if (i > 0 && fa[i].kind == fa[0].kind && fa[i].level == fa[0].level) {
      char kl[3] = {fa[i].kind, (char)('0' + fa[i].level), 0};
      cvx_features_add(ft, "klf=", kl, 2);
      snprintf(buf, sizeof buf, "klf.d%d.%c", fa[i].date == fa[0].date, fa[i].kind);
      cvx_features_add(ft, buf, NULL, 0);
    }
    {
      static const int edges[] = {1, 2, 4, 8};
      char v[2] = {(char)('0' + bucket((int)kl_count[i], edges, 4)), 0};
      snprintf(buf, sizeof buf, "klc.%c=", fa[i].kind);
      cvx_features_add(ft, buf, v, 1);
    }
    /* the section's entries repeat one layout: a block shaped like the
     * section's first block likely opens an entry as the first one did */
    if (i > 0 && strcmp(sh, first_shape) == 0) {
      cvx_features_add(ft, "same_as_first", NULL, 0);
      snprintf(buf, sizeof buf, "same_as_first.%c", fa[i].kind);
      cvx_features_add(ft, buf, NULL, 0);
    }
    cvx_features_close(ft);
  }
  free(kl_count);
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

void cvx_entryseg_label(cvx_rec_kind kind, const cvx_block *const *blocks, size_t n, const unsigned char *rule,
                        int *labels) {
  if (!entry_task.on || !n) return;
  cvx_features *ft = calloc(n, sizeof *ft);
  if (!ft) {
    for (size_t i = 0; i < n; i++) labels[i] = i == 0 ? CVX_SEG_B : CVX_SEG_D;
    return;
  }
  facts *fa = malloc(n * sizeof *fa);
  if (!fa) {
    free(ft);
    for (size_t i = 0; i < n; i++) labels[i] = i == 0 ? CVX_SEG_B : CVX_SEG_D;
    return;
  }
  for (size_t i = 0; i < n; i++) cvx_features_init(&ft[i]);
  features_of(kind, blocks, n, rule, ft, fa);
  cvx_seqmodel_decode(&entry_task.seq, ft, n, labels);
  for (size_t i = 0; i < n; i++) cvx_features_free(&ft[i]);
  free(ft);
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
    int slots = header_slots(b, &fa[i]);
    int again = slots & have & ((have & S_DATE) ? (S_DATE | S_DEGREE | S_ORG | S_ROLE) : (S_DATE | S_DEGREE));
    if (labels[i] == CVX_SEG_H && again) labels[i] = CVX_SEG_B;
    if (labels[i] == CVX_SEG_B) {
      have = 0;
      head = b;
    }
    have |= slots;
  }
  free(fa);
}
