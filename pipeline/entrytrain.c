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
#include "grammar.h"
#include "seqmodel.h"
#include "usage.h"

#include <ctype.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  int entry, role;
} value;

typedef struct gold {
  value *v;
  size_t nv, cap;
  int nentries;
  char (*start)[11], (*end)[11]; /* per entry */
  bool pool; /* header values not grouped by entry (annotations) */
} gold;

static void add_value(gold *g, const char *s, int entry, int role) {
  char *f = fold(s, strlen(s));
  if (!f || strlen(f) < 3) {
    free(f);
    return;
  }
  if (g->nv == g->cap) {
    size_t cap = g->cap ? g->cap * 2 : 64;
    value *v = realloc(g->v, cap * sizeof *v);
    if (!v) {
      free(f);
      return;
    }
    g->v = v;
    g->cap = cap;
  }
  g->v[g->nv++] = (value){f, entry, role};
}

/* A gold value: a string, or a list of alternatives (or of highlights). */
static void add_json(gold *g, json_t *j, int entry, int role) {
  if (json_is_string(j)) add_value(g, json_string_value(j), entry, role);
  if (json_is_array(j)) {
    size_t i;
    json_t *x;
    json_array_foreach(j, i, x) add_json(g, x, entry, role);
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
    const char *place;
  } arrays[] = {
      {"work", {"name", "position", NULL, NULL}, "location"},
      {"volunteer", {"organization", "position", NULL, NULL}, NULL},
      {"education", {"institution", "area", "studyType", NULL}, NULL},
      {"projects", {"name", "entity", NULL, NULL}, NULL},
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
      for (int h = 0; arrays[a].head[h]; h++) add_json(g, json_object_get(e, arrays[a].head[h]), id, F_HEAD);
      if (arrays[a].place) add_json(g, json_object_get(e, arrays[a].place), id, F_PLACE);
      for (int b = 0; body[b]; b++) add_json(g, json_object_get(e, body[b]), id, F_BODY);
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
      json_t *ents = json_object_get(o, "entities");
      for (int h = 0; heads[h]; h++) add_json(g, json_object_get(ents, heads[h]), 0, F_HEAD);
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
  for (size_t i = 0; i < g->nv; i++) free(g->v[i].text);
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

static void take_section(void *ctx, cvx_rec_kind kind, const cvx_block *const *blocks, const cvx_features *feats,
                         size_t n) {
  (void)kind;
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
    c->sections++;
    for (size_t i = 0; i < n; i++) c->labelled[labels[i]]++;
  }
  free(labels);
}

int cvx_entrytrain_main(int argc, char **argv) {
  static const struct option longopts[] = {{"entries", no_argument, NULL, 'E'},
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
    case 'h': fputs(usage_entries, stdout); return 0;
    default: return cvx_getopt_error("train", c, argc, argv, longopts);
    }
  }
  if (optind + 1 != argc) return cvx_usage_error("train", "--entries reads one PAIRS file, not %d", argc - optind);
  FILE *pairs = fopen(argv[optind], "r");
  if (!pairs) {
    fprintf(stderr, "cvx train --entries: cannot read %s\n", argv[optind]);
    return 1;
  }
  if (!cvx_convert_init()) {
    fclose(pairs);
    return 1;
  }
  collect col = {0};
  col.set = cvx_seqset_new(CVX_SEG_NCLASSES, cvx_entryseg_classes);
  cvx_entry_sink sink = {take_section, &col};
  cvx_convert_opts o = {.want_json = false, .today = "2000-01", .entry_sink = &sink};
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
      fprintf(stderr, "cvx train --entries: %s:%zu: not 'INPUT<TAB>GOLD'\n", argv[optind], lineno);
      status = 1;
      break;
    }
    *tab = 0;
    char *id = strchr(tab + 1, '\t');
    if (id) *id++ = 0;
    if (id ? !load_annotations(tab + 1, id, &col.g) : !load_gold(tab + 1, &col.g)) {
      fprintf(stderr, "cvx train --entries: cannot read gold %s\n", tab + 1);
      free_gold(&col.g);
      continue;
    }
    /* the group: the gold answer's file name, so that all forms of one CV
     * fall in one fold */
    const char *base = strrchr(tab + 1, '/');
    col.group = cvx_feature_hash(id ? id : base ? base + 1 : tab + 1, NULL, 0);
    cvx_result res = {0};
    cvx_convert_file(line, line, &o, &res);
    read += res.status == CVX_OK;
    cvx_result_free(&res);
    free_gold(&col.g);
  }
  free(line);
  fclose(pairs);
  cvx_buf model;
  cvx_buf_init(&model);
  if (!status) {
    cvx_seqset_train(col.set, epochs, 0, 0, "entries", &model);
    status = cvx_model_write(outpath, &model);
  }
  if (!quiet && !status) {
    fprintf(stderr, "cvx train --entries: %zu inputs read, %zu sections, blocks B %zu H %zu D %zu", read, col.sections,
            col.labelled[CVX_SEG_B], col.labelled[CVX_SEG_H], col.labelled[CVX_SEG_D]);
    size_t n = 0;
    double acc = cvx_seqset_accuracy_of(col.set, model.ptr, model.len, 0, 0, &n);
    if (acc >= 0) fprintf(stderr, "; accuracy on them %.3f", acc);
    for (int f = 0; f < folds; f++) {
      cvx_buf fm;
      cvx_buf_init(&fm);
      cvx_seqset_train(col.set, epochs, (unsigned)folds, (unsigned)f, "entries", &fm);
      acc = cvx_seqset_accuracy_of(col.set, fm.ptr, fm.len, (unsigned)folds, (unsigned)f, &n);
      if (acc >= 0) fprintf(stderr, "%s %.3f (%zu)", f ? "" : "; held-out folds", acc, n);
      cvx_buf_free(&fm);
    }
    fputc('\n', stderr);
  }
  cvx_buf_free(&model);
  cvx_seqset_free(col.set);
  cvx_convert_cleanup();
  return status;
}
