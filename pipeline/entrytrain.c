/* entrytrain.c — `cvx train --entries`: trains the entry segmenter
 * (entryseg.h) from CVs with gold JSON Resume answers. Each input is read by
 * the ordinary pipeline; every job-like section's blocks are labelled by
 * finding the gold entries' values in them: a block holding a header value
 * (organisation, role, school, degree, project name) or the dates of an
 * entry not yet open opens it (B), one holding more of the open entry's
 * header continues it (H), anything else is a detail (D). The same inputs
 * give the same model bytes. */
#include "convert.h"
#include "entryseg.h"
#include "fieldlabel.h"
#include "grammar.h"
#include "seqmodel.h"
#include "usage.h"

#include <ctype.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char usage_entries[] =
    "usage: cvx train --entries [options] PAIRS\n"
    "\n"
    "Trains the entry segmenter from CVs with gold answers. PAIRS is a file of\n"
    "lines 'INPUT<TAB>GOLD.json', or 'INPUT<TAB>ANNOTATIONS.jsonl<TAB>ID' for a\n"
    "resume whose entities (Designation, Companies worked at, College Name,\n"
    "Degree) are annotated on the line of that id.\n"
    "\n"
    "options:\n"
    "  -o, --output FILE   write the model here (default: standard output)\n"
    "  -e, --epochs N      passes over the sections (default 10)\n"
    "  -f, --folds K       also report the label accuracy of K-fold\n"
    "                      cross-validation by input (default: none)\n"
    "  -q, --quiet         no summary on stderr\n"
    "  -h, --help          show this help\n";

/* --------------------------------------------------------------- values */

/* s folded for matching: ASCII letters lower-cased, every run of other ASCII
 * (spaces, punctuation) one space, bytes of other scripts kept. */
static char *fold(const char *s, size_t n) {
  char *o = malloc(n + 1);
  if (!o) return NULL;
  size_t k = 0;
  bool gap = true;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x80 || isalnum(c)) {
      o[k++] = (char)tolower(c);
      gap = false;
    } else if (!gap) {
      o[k++] = ' ';
      gap = true;
    }
  }
  while (k && o[k - 1] == ' ') k--;
  o[k] = 0;
  return o;
}

enum { F_HEAD, F_PLACE, F_BODY };

typedef struct value {
  char *text; /* folded */
  char *raw;  /* as written in the answer */
  int entry, role;
  int field;   /* CVX_FLD_* the value fills in a header, or CVX_FLD_O */
  bool placed; /* found in a header (cvx train --fields) */
} value;

typedef struct gold {
  value *v;
  size_t nv, cap;
  int nentries;
  char (*start)[11], (*end)[11]; /* per entry */
  bool pool; /* header values not grouped by entry (annotations) */
} gold;

/* The answers' values of the job-site labels as header fields (the
 * annotations' Location too, for cvx train --fields only). */
static bool with_place;

static void add_value(gold *g, const char *s, int entry, int role, int field) {
  char *f = fold(s, strlen(s));
  char *raw = strdup(s);
  if (!f || !raw || strlen(f) < 3) {
    free(f);
    free(raw);
    return;
  }
  if (g->nv == g->cap) {
    size_t cap = g->cap ? g->cap * 2 : 64;
    value *v = realloc(g->v, cap * sizeof *v);
    if (!v) {
      free(f);
      free(raw);
      return;
    }
    g->v = v;
    g->cap = cap;
  }
  g->v[g->nv++] = (value){f, raw, entry, role, field, false};
}

/* A gold value: a string, or a list of alternatives (or of highlights). */
static void add_json(gold *g, json_t *j, int entry, int role, int field) {
  if (json_is_string(j)) add_value(g, json_string_value(j), entry, role, field);
  if (json_is_array(j)) {
    size_t i;
    json_t *x;
    json_array_foreach(j, i, x) add_json(g, x, entry, role, field);
  }
}

static const char *first_string(json_t *j) {
  if (json_is_string(j)) return json_string_value(j);
  if (json_is_array(j) && json_array_size(j)) return first_string(json_array_get(j, 0));
  return NULL;
}

static bool load_gold(const char *path, gold *g) {
  memset(g, 0, sizeof *g);
  json_error_t err;
  json_t *root = json_load_file(path, 0, &err);
  if (!root) return false;
  static const struct {
    const char *array;
    const char *head[4];
    int field[4];
    const char *place;
  } arrays[] = {
      {"work", {"name", "position", NULL, NULL}, {CVX_FLD_ORG, CVX_FLD_ROLE, 0, 0}, "location"},
      {"volunteer", {"organization", "position", NULL, NULL}, {CVX_FLD_ORG, CVX_FLD_ROLE, 0, 0}, NULL},
      {"education", {"institution", "area", "studyType", NULL}, {CVX_FLD_ORG, CVX_FLD_AREA, CVX_FLD_DEGREE, 0}, NULL},
      {"projects", {"name", "entity", NULL, NULL}, {0, 0, 0, 0}, NULL},
  };
  static const char *const body[] = {"summary", "description", "highlights", "courses", NULL};
  size_t total = 0;
  for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; a++) total += json_array_size(json_object_get(root, arrays[a].array));
  g->start = calloc(total ? total : 1, sizeof *g->start);
  g->end = calloc(total ? total : 1, sizeof *g->end);
  if (!g->start || !g->end) {
    json_decref(root);
    return false;
  }
  for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; a++) {
    json_t *arr = json_object_get(root, arrays[a].array), *e;
    size_t i;
    json_array_foreach(arr, i, e) {
      int id = g->nentries++;
      for (int h = 0; arrays[a].head[h]; h++)
        add_json(g, json_object_get(e, arrays[a].head[h]), id, F_HEAD, arrays[a].field[h]);
      if (arrays[a].place) add_json(g, json_object_get(e, arrays[a].place), id, F_PLACE, CVX_FLD_PLACE);
      for (int b = 0; body[b]; b++) add_json(g, json_object_get(e, body[b]), id, F_BODY, CVX_FLD_O);
      const char *s = first_string(json_object_get(e, "startDate")), *z = first_string(json_object_get(e, "endDate"));
      if (s) snprintf(g->start[id], sizeof g->start[id], "%s", s);
      if (z) snprintf(g->end[id], sizeof g->end[id], "%s", z);
    }
  }
  json_decref(root);
  return true;
}

/* An entity-annotated resume (a line of a .jsonl file: {"id": ID,
 * "entities": {label: [values]}}): the header labels' values in one pool,
 * not grouped by entry (pool set). */
static bool load_annotations(const char *path, const char *id, gold *g) {
  memset(g, 0, sizeof *g);
  FILE *fp = fopen(path, "r");
  if (!fp) return false;
  char *line = NULL;
  size_t cap = 0;
  bool found = false;
  while (!found && getline(&line, &cap, fp) > 0) {
    json_error_t err;
    json_t *o = json_loads(line, 0, &err);
    if (!o) continue;
    if (json_is_string(json_object_get(o, "id")) && strcmp(json_string_value(json_object_get(o, "id")), id) == 0) {
      static const char *const heads[] = {"Designation", "Companies worked at", "College Name", "Degree", NULL};
      static const int fields[] = {CVX_FLD_ROLE, CVX_FLD_ORG, CVX_FLD_ORG, CVX_FLD_DEGREE};
      json_t *ents = json_object_get(o, "entities");
      for (int h = 0; heads[h]; h++) add_json(g, json_object_get(ents, heads[h]), 0, F_HEAD, fields[h]);
      if (with_place) add_json(g, json_object_get(ents, "Location"), 0, F_HEAD, CVX_FLD_PLACE);
      g->pool = true;
      g->nentries = 1;
      found = true;
    }
    json_decref(o);
  }
  free(line);
  fclose(fp);
  return found;
}

static void free_gold(gold *g) {
  for (size_t i = 0; i < g->nv; i++) {
    free(g->v[i].text);
    free(g->v[i].raw);
  }
  free(g->v);
  free(g->start);
  free(g->end);
  memset(g, 0, sizeof *g);
}

/* Dates agree when one is a prefix of the other ("2017" and "2017-05"). */
static bool date_agrees(const char *gold_date, const char *found) {
  size_t a = strlen(gold_date), b = strlen(found);
  if (a < 4 || b < 4) return false;
  return strncmp(gold_date, found, a < b ? a : b) == 0;
}

/* ------------------------------------------------------------ alignment */

typedef struct collect {
  cvx_seqset *set;
  gold g;
  uint32_t group;
  size_t sections, labelled[CVX_SEG_NCLASSES];
} collect;

/* Labels blocks[0..n) from the gold entries; false when nothing in the
 * section is a gold entry's (not an example). */
/* Labels from a pool of header values: a block holding one opens an entry
 * after a detail (or first) or after a header that has its dates, and
 * continues the header otherwise; a short dated block right after a header
 * continues it. */
static bool align_pool(const gold *g, const cvx_block *const *blocks, size_t n, int *labels) {
  int prev = CVX_SEG_D, opened = 0;
  bool dated = false; /* the open header has its dates: a header value opens the next */
  for (size_t i = 0; i < n; i++) {
    char *t = fold(blocks[i]->text, blocks[i]->len);
    labels[i] = CVX_SEG_D;
    if (!t) continue;
    bool head = false;
    for (size_t k = 0; k < g->nv && !head; k++) head = strstr(t, g->v[k].text) != NULL;
    cvx_daterange d;
    size_t look = blocks[i]->len < 120 ? blocks[i]->len : 120;
    bool dates = !head && blocks[i]->len < 80 && cvx_date_find(blocks[i]->text, look, &d);
    if (head && blocks[i]->len < 200)
      labels[i] = prev == CVX_SEG_D || dated ? CVX_SEG_B : CVX_SEG_H;
    else if (dates && prev != CVX_SEG_D)
      labels[i] = CVX_SEG_H;
    if (labels[i] == CVX_SEG_B) dated = false;
    if (labels[i] != CVX_SEG_D && cvx_date_find(blocks[i]->text, look, &d)) dated = true;
    opened += labels[i] == CVX_SEG_B;
    prev = labels[i];
    free(t);
  }
  return opened > 0;
}

static bool align(const gold *g, const cvx_block *const *blocks, size_t n, int *labels) {
  if (g->pool) return align_pool(g, blocks, n, labels);
  unsigned char *used = calloc(g->nv ? g->nv : 1, 1);
  unsigned char *dated = calloc(g->nentries ? (size_t)g->nentries : 1, 1);
  if (!used || !dated) {
    free(used);
    free(dated);
    return false;
  }
  int cur = -1, opened = 0;
  for (size_t i = 0; i < n; i++) {
    char *t = fold(blocks[i]->text, blocks[i]->len);
    labels[i] = CVX_SEG_D;
    if (!t) continue;
    size_t tn = strlen(t);
    /* a description or highlight (or a piece of one) is a detail even when
     * it names the organisation, unless it opens an entry: a header value
     * must be most of the block */
    bool body = false;
    size_t head_len = 0;
    for (size_t k = 0; k < g->nv && !body; k++) {
      const value *v = &g->v[k];
      size_t vn = strlen(v->text);
      if (v->role == F_BODY)
        body = (tn >= 12 && strstr(v->text, t)) || (2 * vn >= tn && strstr(t, v->text));
      else if (v->role == F_HEAD && strstr(t, v->text) && vn > head_len)
        head_len = vn;
    }
    bool detail = body && 2 * head_len < tn;
    /* the entry whose header values (not yet found) the block holds: the
     * open one first, else the first that follows it */
    int pick = -1;
    bool head_any = false;
    for (size_t k = 0; k < g->nv; k++) {
      const value *v = &g->v[k];
      if (v->role != F_HEAD) continue;
      bool in = strstr(t, v->text) || (tn >= 8 && strstr(v->text, t));
      if (!in) continue;
      head_any = true;
      if (used[k]) continue;
      if (v->entry == cur) {
        pick = cur;
        break;
      }
      if (pick < 0 || (pick < cur && v->entry > cur) || (v->entry > cur && v->entry < pick)) pick = v->entry;
    }
    if (pick < 0 && !head_any && !detail) {
      /* dates alone: the open entry's, or the next entry's (dates first) */
      cvx_daterange d;
      if (cvx_date_find(blocks[i]->text, blocks[i]->len < 300 ? blocks[i]->len : 300, &d) && d.start[0]) {
        if (cur >= 0 && !dated[cur] && (date_agrees(g->start[cur], d.start) || date_agrees(g->end[cur], d.start)))
          pick = cur;
        else
          for (int e = cur + 1; e < g->nentries && pick < 0; e++)
            if (!dated[e] && date_agrees(g->start[e], d.start) && (!d.end[0] || !g->end[e][0] || date_agrees(g->end[e], d.end)))
              pick = e;
        if (pick >= 0) dated[pick] = 1;
      }
    }
    /* a paragraph that opens an entry may hold its description too; one
     * that only adds to the open entry is its detail */
    if (pick >= 0 && !(detail && pick == cur)) {
      labels[i] = pick == cur ? CVX_SEG_H : CVX_SEG_B;
      if (pick != cur) opened++;
      cur = pick;
      for (size_t k = 0; k < g->nv; k++)
        if (g->v[k].entry == pick && g->v[k].role == F_HEAD &&
            (strstr(t, g->v[k].text) || (tn >= 8 && strstr(g->v[k].text, t))))
          used[k] = 1;
      cvx_daterange d;
      if (cvx_date_find(blocks[i]->text, blocks[i]->len < 300 ? blocks[i]->len : 300, &d)) dated[pick] = 1;
    } else if (head_any && cur >= 0 && !detail) {
      labels[i] = CVX_SEG_H; /* more of a header already seen: a repeated name */
    }
    free(t);
  }
  free(used);
  free(dated);
  return opened > 0;
}

/* ------------------------------------------------- field alignment */

/* A token folded for matching: its ASCII letters and digits lower-cased and
 * its other-script bytes, punctuation dropped ("B.Tech" -> "btech"). */
static size_t fold_token(const char *s, size_t n, char *out, size_t cap) {
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < cap; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x80 || isalnum(c)) out[k++] = (char)tolower(c);
  }
  out[k] = 0;
  return k;
}

#define FOLD_CAP 32

typedef struct fcollect {
  cvx_seqset *set;
  gold g;
  uint32_t group;
  size_t headers, skipped, labelled[CVX_FLD_NCLASSES];
  size_t values[CVX_FLD_NCLASSES], placed[CVX_FLD_NCLASSES]; /* gold values, and those placed */
} fcollect;

/* The words (non-separator tokens tok[0..nt)) of s, folded, into w[0..max);
 * returns how many (words that fold to nothing are left out), or max + 1. */
static size_t fold_words(const char *s, const cvx_ftok *tok, size_t nt, char (*w)[FOLD_CAP],
                         size_t *index, size_t max) {
  size_t k = 0;
  for (size_t i = 0; i < nt; i++) {
    if (tok[i].sep) continue;
    if (k == max) return max + 1;
    if (!fold_token(s + tok[i].a, tok[i].z - tok[i].a, w[k], FOLD_CAP)) continue;
    if (index) index[k] = i;
    k++;
  }
  return k;
}

/* Labels a header's tokens from the gold values found in it (each value at
 * every place its words occur in a row, longer values first, a token taken
 * once), then its dates (the date grammar); false when no gold value is in
 * it (not an example: an unanswered header teaches nothing). */
static bool align_fields(gold *g, cvx_rec_kind kind, const char *s, const cvx_ftok *tok, size_t nt,
                         int *labels) {
  char hw[CVX_FIELD_MAX_TOKENS][FOLD_CAP], vw[CVX_FIELD_MAX_TOKENS][FOLD_CAP];
  size_t hidx[CVX_FIELD_MAX_TOKENS];
  size_t nh = fold_words(s, tok, nt, hw, hidx, CVX_FIELD_MAX_TOKENS);
  if (nh > CVX_FIELD_MAX_TOKENS) return false;
  for (size_t i = 0; i < nt; i++) labels[i] = CVX_FLD_O;
  bool any = false;
  /* longer values first: by their word counts, then as read */
  size_t *order = malloc((g->nv ? g->nv : 1) * sizeof *order), *words = malloc((g->nv ? g->nv : 1) * sizeof *words);
  if (!order || !words) {
    free(order);
    free(words);
    return false;
  }
  size_t no = 0;
  for (size_t k = 0; k < g->nv; k++) {
    value *v = &g->v[k];
    if (v->field == CVX_FLD_O || (v->field == CVX_FLD_PLACE && kind == CVX_REC_EDUCATION)) continue;
    size_t rn = strlen(v->raw);
    if (rn > CVX_FIELD_MAX_BYTES) continue;
    cvx_ftok vt[CVX_FIELD_MAX_TOKENS + 1];
    size_t nvt = cvx_field_tokens(v->raw, rn, vt, CVX_FIELD_MAX_TOKENS);
    if (nvt > CVX_FIELD_MAX_TOKENS) continue;
    size_t nw = fold_words(v->raw, vt, nvt, vw, NULL, CVX_FIELD_MAX_TOKENS);
    if (!nw || nw > nh) continue;
    size_t at = no++;
    while (at > 0 && words[at - 1] < nw) {
      order[at] = order[at - 1];
      words[at] = words[at - 1];
      at--;
    }
    order[at] = k;
    words[at] = nw;
  }
  for (size_t o = 0; o < no; o++) {
    value *v = &g->v[order[o]];
    size_t rn = strlen(v->raw);
    cvx_ftok vt[CVX_FIELD_MAX_TOKENS + 1];
    size_t nvt = cvx_field_tokens(v->raw, rn, vt, CVX_FIELD_MAX_TOKENS);
    size_t nw = fold_words(v->raw, vt, nvt, vw, NULL, CVX_FIELD_MAX_TOKENS);
    for (size_t st = 0; st + nw <= nh; st++) {
      bool same = true;
      for (size_t q = 0; q < nw && same; q++) same = strcmp(hw[st + q], vw[q]) == 0;
      if (!same) continue;
      size_t a = hidx[st], z = hidx[st + nw - 1];
      bool free_run = true;
      for (size_t q = a; q <= z && free_run; q++) free_run = labels[q] == CVX_FLD_O && tok[q].line == tok[a].line;
      if (!free_run) continue;
      for (size_t q = a; q <= z; q++) labels[q] = v->field;
      v->placed = true;
      any = true;
    }
  }
  free(order);
  free(words);
  /* dates and (in education) degrees as the grammars find them */
  for (size_t i = 0; i < nt;) {
    size_t j = i;
    while (j < nt && tok[j].line == tok[i].line) j++;
    size_t a0 = tok[i].a, z0 = tok[j - 1].z, at = a0;
    for (int guard = 0; at < z0 && guard < 8; guard++) {
      cvx_daterange d;
      if (!cvx_date_find(s + at, z0 - at, &d) || d.mend <= d.mstart) break;
      for (size_t q = i; q < j; q++)
        if (labels[q] == CVX_FLD_O && tok[q].a >= at + d.mstart && tok[q].z <= at + d.mend) labels[q] = CVX_FLD_DATE;
      at += d.mend;
    }
    if (kind == CVX_REC_EDUCATION) {
      /* the degree grammar's match is the degree; in a degree value that
       * goes on after it ("B.Tech in Civil Engineering", as annotated), the
       * words after "in" or "of" are the area */
      const char *st;
      size_t a, z;
      if (cvx_degree_find(s + a0, z0 - a0, &st, &a, &z)) {
        size_t da = a0 + a, dz = a0 + z;
        bool inside = false;
        for (size_t q = i; q < j; q++) {
          if (tok[q].a >= da && tok[q].z <= dz) {
            if (labels[q] == CVX_FLD_O) labels[q] = CVX_FLD_DEGREE;
            inside = true;
          } else if (inside && tok[q].a >= dz && labels[q] == CVX_FLD_DEGREE) {
            size_t wn = tok[q].z - tok[q].a;
            bool joint = wn == 2 && (strncasecmp(s + tok[q].a, "in", 2) == 0 || strncasecmp(s + tok[q].a, "of", 2) == 0);
            labels[q] = joint || tok[q].sep ? CVX_FLD_O : CVX_FLD_AREA;
          } else if (tok[q].a >= dz) {
            inside = false;
          }
        }
      }
    }
    i = j;
  }
  return any;
}

static void take_header(void *ctx, cvx_rec_kind kind, const char *s, size_t n, const unsigned char *rule) {
  fcollect *c = ctx;
  if (!n || n > CVX_FIELD_MAX_BYTES) return;
  cvx_ftok tok[CVX_FIELD_MAX_TOKENS + 1];
  int labels[CVX_FIELD_MAX_TOKENS];
  size_t nt = cvx_field_tokens(s, n, tok, CVX_FIELD_MAX_TOKENS);
  if (!nt || nt > CVX_FIELD_MAX_TOKENS) return;
  if (!align_fields(&c->g, kind, s, tok, nt, labels)) {
    c->skipped++;
    return;
  }
  /* annotations mark one mention of a school and often skip the others:
   * in an annotated resume's education, a word no value covers keeps the
   * rules' institution rather than teaching "other" (in work headers the
   * rules' organisation is too often a title's tail to be taught) */
  if (c->g.pool && kind == CVX_REC_EDUCATION)
    for (size_t i = 0; i < nt; i++)
      if (labels[i] == CVX_FLD_O && !tok[i].sep && rule[tok[i].a] == CVX_FLD_ORG) labels[i] = CVX_FLD_ORG;
  cvx_features *ft = calloc(nt, sizeof *ft);
  if (!ft) return;
  for (size_t i = 0; i < nt; i++) cvx_features_init(&ft[i]);
  cvx_field_features(kind, s, n, tok, nt, rule, ft);
  if (cvx_field_debug())
    for (size_t i = 0; i < nt; i++)
      fprintf(stderr, "align %s%s %.*s\n", i && tok[i].line != tok[i - 1].line ? "/ " : "",
              cvx_field_classes[labels[i]], (int)(tok[i].z - tok[i].a), s + tok[i].a);
  cvx_seqset_add(c->set, nt, ft, labels, c->group);
  c->headers++;
  for (size_t i = 0; i < nt; i++) {
    if (!tok[i].sep) c->labelled[labels[i]]++;
    cvx_features_free(&ft[i]);
  }
  free(ft);
}

/* Counts the document's header values and those the aligner placed. */
static void count_placed(fcollect *c) {
  for (size_t k = 0; k < c->g.nv; k++) {
    const value *v = &c->g.v[k];
    if (v->field == CVX_FLD_O) continue;
    c->values[v->field]++;
    c->placed[v->field] += v->placed;
  }
}

static void take_section(void *ctx, cvx_rec_kind kind, const cvx_block *const *blocks, const cvx_features *feats,
                         size_t n) {
  collect *c = ctx;
  if (!n || !c->g.nentries) return;
  int *labels = malloc(n * sizeof *labels);
  if (!labels) return;
  bool ok = align(&c->g, blocks, n, labels);
  /* H is the header's continuation: after a detail, more of the entry's
   * header (dates below its description) is a detail like the rest */
  for (size_t i = 0; i < n; i++)
    if (labels[i] == CVX_SEG_H && (i == 0 || labels[i - 1] == CVX_SEG_D)) labels[i] = CVX_SEG_D;
  if (cvx_entryseg_debug())
    for (size_t i = 0; i < n; i++)
      fprintf(stderr, "align %s%s %.*s\n", ok ? "" : "(unused) ", cvx_entryseg_classes[labels[i]],
              (int)(blocks[i]->len < 70 ? blocks[i]->len : 70), blocks[i]->text);
  if (ok) {
    cvx_seqset_add(c->set, n, feats, labels, c->group);
    /* the same section once more with the rules' decisions left out (as
     * when they abstain): the model learns the layouts from the blocks'
     * own facts too, and does not merely echo the rules */
    cvx_features *bare = calloc(n, sizeof *bare);
    if (bare) {
      for (size_t i = 0; i < n; i++) cvx_features_init(&bare[i]);
      cvx_entryseg_features(kind, blocks, n, NULL, bare);
      cvx_seqset_add(c->set, n, bare, labels, c->group);
      for (size_t i = 0; i < n; i++) cvx_features_free(&bare[i]);
      free(bare);
    }
    c->sections++;
    for (size_t i = 0; i < n; i++) c->labelled[labels[i]]++;
  }
  free(labels);
}

static const char usage_fields[] =
    "usage: cvx train --fields [options] PAIRS\n"
    "\n"
    "Trains the field labeller of entry headers from CVs with gold answers.\n"
    "PAIRS is the file cvx train --entries reads: lines 'INPUT<TAB>GOLD.json',\n"
    "or 'INPUT<TAB>ANNOTATIONS.jsonl<TAB>ID' (Designation, Companies worked at,\n"
    "College Name, Degree and Location are the header fields).\n"
    "\n"
    "options:\n"
    "  -o, --output FILE   write the model here (default: standard output)\n"
    "  -e, --epochs N      passes over the headers (default 10)\n"
    "  -f, --folds K       also report the label accuracy of K-fold\n"
    "                      cross-validation by input (default: none)\n"
    "  -q, --quiet         no summary on stderr\n"
    "  -h, --help          show this help\n";

static int train_main(int argc, char **argv, bool fields);

int cvx_entrytrain_main(int argc, char **argv) { return train_main(argc, argv, false); }

int cvx_fieldtrain_main(int argc, char **argv) { return train_main(argc, argv, true); }

static int train_main(int argc, char **argv, bool fields) {
  const char *what = fields ? "--fields" : "--entries";
  static const struct option longopts[] = {{"entries", no_argument, NULL, 'E'},
                                           {"fields", no_argument, NULL, 'E'},
                                           {"output", required_argument, NULL, 'o'},
                                           {"epochs", required_argument, NULL, 'e'},
                                           {"folds", required_argument, NULL, 'f'},
                                           {"quiet", no_argument, NULL, 'q'},
                                           {"help", no_argument, NULL, 'h'},
                                           {NULL, 0, NULL, 0}};
  const char *outpath = NULL;
  int epochs = 10, folds = 0, c;
  bool quiet = false;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":o:e:f:qh", longopts, NULL)) != -1) {
    switch (c) {
    case 'E': break;
    case 'o': outpath = optarg; break;
    case 'e':
      epochs = atoi(optarg);
      if (epochs < 1 || epochs > 1000) return cvx_usage_error("train", "--epochs takes 1..1000, not '%s'", optarg);
      break;
    case 'f':
      folds = atoi(optarg);
      if (folds < 2 || folds > 100) return cvx_usage_error("train", "--folds takes 2..100, not '%s'", optarg);
      break;
    case 'q': quiet = true; break;
    case 'h': fputs(fields ? usage_fields : usage_entries, stdout); return 0;
    default: return cvx_getopt_error("train", c, argc, argv, longopts);
    }
  }
  if (optind + 1 != argc) return cvx_usage_error("train", "%s reads one PAIRS file, not %d", what, argc - optind);
  FILE *pairs = fopen(argv[optind], "r");
  if (!pairs) {
    fprintf(stderr, "cvx train %s: cannot read %s\n", what, argv[optind]);
    return 1;
  }
  with_place = fields;
  if (!cvx_convert_init()) {
    fclose(pairs);
    return 1;
  }
  collect col = {0};
  col.set = cvx_seqset_new(CVX_SEG_NCLASSES, cvx_entryseg_classes);
  cvx_entry_sink sink = {take_section, &col};
  fcollect fcol = {0};
  fcol.set = cvx_seqset_new(CVX_FLD_NCLASSES, cvx_field_classes);
  cvx_field_sink fsink = {take_header, &fcol};
  cvx_convert_opts o = {.want_json = false, .today = "2000-01", .entry_sink = fields ? NULL : &sink,
                        .field_sink = fields ? &fsink : NULL};
  gold *g = fields ? &fcol.g : &col.g;
  size_t read = 0, lineno = 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t got;
  int status = 0;
  while ((got = getline(&line, &cap, pairs)) > 0) {
    lineno++;
    while (got && (line[got - 1] == '\n' || line[got - 1] == '\r')) line[--got] = 0;
    char *tab = strchr(line, '\t');
    if (!tab) {
      fprintf(stderr, "cvx train %s: %s:%zu: not 'INPUT<TAB>GOLD'\n", what, argv[optind], lineno);
      status = 1;
      break;
    }
    *tab = 0;
    char *id = strchr(tab + 1, '\t');
    if (id) *id++ = 0;
    if (id ? !load_annotations(tab + 1, id, g) : !load_gold(tab + 1, g)) {
      fprintf(stderr, "cvx train %s: cannot read gold %s\n", what, tab + 1);
      free_gold(g);
      continue;
    }
    /* the group: the gold answer's file name, so that all forms of one CV
     * fall in one fold */
    const char *base = strrchr(tab + 1, '/');
    col.group = fcol.group = cvx_feature_hash(id ? id : base ? base + 1 : tab + 1, NULL, 0);
    cvx_result res = {0};
    cvx_convert_file(line, line, &o, &res);
    read += res.status == CVX_OK;
    cvx_result_free(&res);
    if (fields) count_placed(&fcol);
    free_gold(g);
  }
  free(line);
  fclose(pairs);
  cvx_buf model;
  cvx_buf_init(&model);
  cvx_seqset *set = fields ? fcol.set : col.set;
  const char *task = fields ? "fields" : "entries";
  if (!status) {
    cvx_seqset_train(set, epochs, 0, 0, task, &model);
    status = cvx_model_write(outpath, &model);
  }
  if (!quiet && !status && fields) {
    fprintf(stderr, "cvx train --fields: %zu inputs read, %zu headers (%zu without a gold value), words", read,
            fcol.headers, fcol.skipped);
    for (int y = 0; y < CVX_FLD_NCLASSES; y++) fprintf(stderr, " %s %zu", cvx_field_classes[y], fcol.labelled[y]);
    fprintf(stderr, "; gold values placed");
    for (int y = 1; y < CVX_FLD_NCLASSES; y++)
      if (fcol.values[y]) fprintf(stderr, " %s %zu/%zu", cvx_field_classes[y], fcol.placed[y], fcol.values[y]);
  }
  if (!quiet && !status && !fields)
    fprintf(stderr, "cvx train --entries: %zu inputs read, %zu sections, blocks B %zu H %zu D %zu", read, col.sections,
            col.labelled[CVX_SEG_B], col.labelled[CVX_SEG_H], col.labelled[CVX_SEG_D]);
  if (!quiet && !status) {
    size_t n = 0;
    double acc = cvx_seqset_accuracy_of(set, model.ptr, model.len, 0, 0, &n);
    if (acc >= 0) fprintf(stderr, "; accuracy on them %.3f", acc);
    for (int f = 0; f < folds; f++) {
      cvx_buf fm;
      cvx_buf_init(&fm);
      cvx_seqset_train(set, epochs, (unsigned)folds, (unsigned)f, task, &fm);
      acc = cvx_seqset_accuracy_of(set, fm.ptr, fm.len, (unsigned)folds, (unsigned)f, &n);
      if (acc >= 0) fprintf(stderr, "%s %.3f (%zu)", f ? "" : "; held-out folds", acc, n);
      cvx_buf_free(&fm);
    }
    fputc('\n', stderr);
  }
  cvx_buf_free(&model);
  cvx_seqset_free(col.set);
  cvx_seqset_free(fcol.set);
  cvx_convert_cleanup();
  return status;
}
