/* reftrain.c — `cvx train --refs`: reads references with gold CSL fields
 * (JSON lines {"id", "text", "gold"}), aligns every gold value to a span of
 * the reference's tokens, and trains the reference labeller's sequence model.
 * The same file gives the same model bytes. */
#include "reflabel.h"

#include "seqmodel.h"
#include "usage.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_refs[] =
    "usage: cvx train --refs [options] FILE.jsonl [MORE.jsonl...]\n"
    "\n"
    "Trains the reference labeller from references with gold fields, one JSON\n"
    "object per line: {\"id\", \"text\", \"gold\": {CSL fields}}. Each gold value is\n"
    "aligned to tokens of the text; the counts placed are printed on stderr.\n"
    "\n"
    "options:\n"
    "  -o, --output FILE   write the model here (default: standard output)\n"
    "  -e, --epochs N      passes over the references (default 20)\n"
    "  --folds K --fold I  leave out the references of the first file whose\n"
    "                      line number (from 0) is I modulo K (for\n"
    "                      cross-validation); further files are always used\n"
    "  -q, --quiet         no summary on stderr\n"
    "  -h, --help          show this help\n";

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* ------------------------------------------------------------- alignment */

typedef struct align {
  cvx_arena *a;
  const char *t;
  const cvx_reftok *tok;
  size_t ntok;
  size_t *w; /* token index of each word */
  size_t nw;
  int *lab;  /* per token */
} align;

/* The words of a gold value, as the tokeniser splits them. */
typedef struct words {
  const char *s;
  cvx_reftok *tok;
  size_t n;
} words;

static words value_words(cvx_arena *a, const char *v) {
  words x = {v, NULL, 0};
  if (!v) return x;
  size_t nt;
  cvx_reftok *t = cvx_reflabel_tokenize(a, v, strlen(v), &nt);
  x.tok = cvx_arena_alloc(a, (nt + 1) * sizeof *x.tok);
  for (size_t i = 0; i < nt; i++)
    if (t[i].word) x.tok[x.n++] = t[i];
  return x;
}

static bool word_eq(const align *al, size_t wi, const words *v, size_t k) {
  const cvx_reftok *a = &al->tok[al->w[wi]], *b = &v->tok[k];
  size_t n = a->e - a->s;
  if (n != b->e - b->s) return false;
  for (size_t i = 0; i < n; i++)
    if (lower(al->t[a->s + i]) != lower(v->s[b->s + i])) return false;
  return true;
}

/* The first word index >= from where v's words all match free words; else
 * the first from 0; else -1. */
static long find_words(const align *al, const words *v, size_t from) {
  if (!v->n) return -1;
  for (int pass = 0; pass < 2; pass++) {
    for (size_t p = pass ? 0 : from; p + v->n <= al->nw; p++) {
      bool ok = true;
      for (size_t k = 0; k < v->n && ok; k++) ok = al->lab[al->w[p + k]] == CVX_RL_OTHER && word_eq(al, p + k, v, k);
      if (ok) return (long)p;
    }
    if (!from) break;
  }
  return -1;
}

/* Labels the tokens from word p to word q (inclusive), punctuation between
 * them included, where no label is set yet. */
static void label_words(align *al, size_t p, size_t q, int label) {
  for (size_t i = al->w[p]; i <= al->w[q]; i++)
    if (al->lab[i] == CVX_RL_OTHER) al->lab[i] = label;
}

/* Places a string value; returns the word after it (or from when absent). */
static size_t place(align *al, const char *v, size_t from, int label, bool *placed) {
  words x = value_words(al->a, v);
  long p = find_words(al, &x, from);
  *placed = p >= 0;
  if (p < 0) return from;
  label_words(al, (size_t)p, (size_t)p + x.n - 1, label);
  return (size_t)p + x.n;
}

/* Places a list of names in order; returns the word after the last one
 * placed (or from), *placed_names gets how many were found. */
static size_t place_names(align *al, json_t *names, bool et_al, size_t from, int label, size_t *placed_names) {
  size_t cur = from, lo = (size_t)-1, hi = 0, idx;
  json_t *nm;
  *placed_names = 0;
  json_array_foreach(names, idx, nm) {
    const char *fam = json_string_value(json_object_get(nm, "family"));
    if (!fam) fam = json_string_value(json_object_get(nm, "literal"));
    words f = value_words(al->a, fam);
    long p = find_words(al, &f, cur);
    if (p < 0 || (size_t)p < from) continue;
    (*placed_names)++;
    size_t e = (size_t)p + f.n - 1;
    if ((size_t)p < lo) lo = (size_t)p;
    if (e > hi) hi = e;
    cur = e + 1;
    words g = value_words(al->a, json_string_value(json_object_get(nm, "given")));
    if (g.n) {
      size_t start = (size_t)p > 6 ? (size_t)p - 6 : 0;
      for (size_t q = start; q + g.n <= al->nw && q <= e + 6; q++) {
        bool ok = true;
        for (size_t k = 0; k < g.n && ok; k++) ok = word_eq(al, q + k, &g, k);
        if (!ok) continue;
        if (q < lo) lo = q;
        if (q + g.n - 1 > hi) hi = q + g.n - 1;
        if (q + g.n > cur) cur = q + g.n;
        break;
      }
    }
    const char *suffix = json_string_value(json_object_get(nm, "suffix"));
    (void)suffix;
  }
  if (!*placed_names) return from;
  if (et_al && hi + 2 < al->nw && word_eq(al, hi + 1, &(words){"et", (cvx_reftok[]){{0, 2, true}}, 1}, 0)) hi += 2;
  label_words(al, lo, hi, label);
  return hi + 1;
}

/* The year's word (a token that starts with the 4 digits, at most one
 * letter after: "1991a"), first from `from`, else anywhere. */
static void place_year(align *al, const char *y, size_t from, bool *placed) {
  *placed = false;
  if (!y || strlen(y) != 4) return;
  for (int pass = 0; pass < 2 && !*placed; pass++)
    for (size_t p = pass ? 0 : from; p < al->nw; p++) {
      const cvx_reftok *k = &al->tok[al->w[p]];
      size_t n = k->e - k->s;
      if (al->lab[al->w[p]] != CVX_RL_OTHER || n < 4 || n > 5 || memcmp(al->t + k->s, y, 4) != 0) continue;
      if (n == 5 && !(al->t[k->s + 4] >= 'a' && al->t[k->s + 4] <= 'z')) continue;
      size_t b = p;
      /* a month written just before: "June 1990", "Oct. 1994" */
      for (size_t q = p; q > 0 && q + 3 > p; q--) {
        const cvx_reftok *m = &al->tok[al->w[q - 1]];
        static const char *const mon[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
        bool month = false;
        if (m->e - m->s >= 3 && m->e - m->s <= 9)
          for (int z = 0; z < 12 && !month; z++) month = lower(al->t[m->s]) == mon[z][0] && lower(al->t[m->s + 1]) == mon[z][1] && lower(al->t[m->s + 2]) == mon[z][2];
        if (month && al->lab[al->w[q - 1]] == CVX_RL_OTHER) b = q - 1;
      }
      label_words(al, b, p, CVX_RL_DATE);
      *placed = true;
      break;
    }
}

/* ------------------------------------------------------------- the command */

enum { F_AUTHOR, F_EDITOR, F_TITLE, F_CONTAINER, F_ISSUED, F_VOLUME, F_ISSUE, F_PAGE, F_PUBLISHER, F_PLACE,
       F_DOI, F_URL, NFIELDS };
static const char *const field_names[NFIELDS] = {"author", "editor", "title", "container-title", "issued", "volume",
                                                  "issue", "page", "publisher", "publisher-place", "DOI", "URL"};

static const char *gold_str(json_t *g, const char *k) { return json_string_value(json_object_get(g, k)); }

int cvx_reftrain_main(int argc, char **argv) {
  static const struct option longopts[] = {{"refs", no_argument, NULL, 'r'},
                                           {"output", required_argument, NULL, 'o'},
                                           {"epochs", required_argument, NULL, 'e'},
                                           {"folds", required_argument, NULL, 'K'},
                                           {"fold", required_argument, NULL, 'I'},
                                           {"quiet", no_argument, NULL, 'q'},
                                           {"help", no_argument, NULL, 'h'},
                                           {NULL, 0, NULL, 0}};
  const char *outpath = NULL;
  int epochs = 20, c;
  unsigned folds = 0, held = 0;
  bool quiet = false;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":o:e:qh", longopts, NULL)) != -1) {
    switch (c) {
    case 'r': break;
    case 'o': outpath = optarg; break;
    case 'e':
      epochs = atoi(optarg);
      if (epochs < 1 || epochs > 1000) {
        return cvx_usage_error("train", "--epochs takes 1..1000, not '%s'", optarg);
      }
      break;
    case 'K': folds = (unsigned)atoi(optarg); break;
    case 'I': held = (unsigned)atoi(optarg); break;
    case 'q': quiet = true; break;
    case 'h': fputs(usage_refs, stdout); return 0;
    default: return cvx_getopt_error("train", c, argc, argv, longopts);
    }
  }
  if (optind >= argc) return cvx_usage_error("train", "--refs needs a FILE.jsonl");
  if (folds && held >= folds) return cvx_usage_error("train", "--fold must be below --folds");
  for (int q = optind; q < argc; q++) { /* every file readable before the work */
    FILE *in = fopen(argv[q], "rb");
    if (!in) {
      fprintf(stderr, "cvx train: cannot read %s\n", argv[q]);
      return 1;
    }
    fclose(in);
  }
  cvx_seqset *set = cvx_seqset_new(CVX_RL_NCLASSES, cvx_reflabel_classes);
  size_t gold_n[NFIELDS] = {0}, placed_n[NFIELDS] = {0}, names_gold = 0, names_placed = 0, records = 0;
  size_t label_n[CVX_RL_NCLASSES] = {0};
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  for (int file = optind; file < argc; file++) {
    FILE *in = fopen(argv[file], "rb");
    if (!in) {
      fprintf(stderr, "cvx train: cannot read %s\n", argv[file]);
      continue;
    }
    /* the first file's lines are numbered for the folds; later files are
     * always trained on */
    uint32_t lineno = 0;
    while ((len = getline(&line, &cap, in)) > 0) {
      uint32_t group = file == optind ? lineno++ : CVX_SEQ_ALWAYS;
      json_error_t jerr;
      json_t *o = json_loadb(line, (size_t)len, 0, &jerr);
      const char *text = o ? json_string_value(json_object_get(o, "text")) : NULL;
      json_t *g = o ? json_object_get(o, "gold") : NULL;
      if (!text || !json_is_object(g)) {
        json_decref(o);
        continue;
      }
      records++;
      cvx_arena *a = cvx_arena_new(64 * 1024);
      size_t tn, ntok;
      char *t = cvx_ref_clean(a, text, strlen(text), &tn);
      cvx_reftok *tok = cvx_reflabel_tokenize(a, t, tn, &ntok);
      align al = {a, t, tok, ntok, cvx_arena_alloc(a, (ntok + 1) * sizeof(size_t)), 0,
                  cvx_arena_alloc(a, (ntok + 1) * sizeof(int))};
      for (size_t i = 0; i < ntok; i++) {
        al.lab[i] = CVX_RL_OTHER;
        if (tok[i].word) al.w[al.nw++] = i;
      }
      bool ok;
      /* identifiers anywhere, then the fields in reading order */
      const char *const ids[] = {gold_str(g, "DOI"), gold_str(g, "URL")};
      for (int q = 0; q < 2; q++)
        if (ids[q]) {
          gold_n[F_DOI + q]++;
          place(&al, ids[q], 0, q ? CVX_RL_URL : CVX_RL_DOI, &ok);
          placed_n[F_DOI + q] += ok;
        }
      size_t cur = 0;
      json_t *au = json_object_get(g, "author");
      if (json_is_array(au) && json_array_size(au)) {
        size_t pn;
        gold_n[F_AUTHOR]++;
        names_gold += json_array_size(au);
        cur = place_names(&al, au, json_is_true(json_object_get(g, "et_al")), 0, CVX_RL_AUTHOR, &pn);
        names_placed += pn;
        placed_n[F_AUTHOR] += pn > 0;
      }
      size_t after_authors = cur;
      const char *title = gold_str(g, "title");
      if (title) {
        gold_n[F_TITLE]++;
        cur = place(&al, title, cur, CVX_RL_TITLE, &ok);
        placed_n[F_TITLE] += ok;
      }
      size_t after_title = cur;
      json_t *ed = json_object_get(g, "editor");
      if (json_is_array(ed) && json_array_size(ed)) {
        size_t pn;
        gold_n[F_EDITOR]++;
        place_names(&al, ed, false, after_title, CVX_RL_EDITOR, &pn);
        placed_n[F_EDITOR] += pn > 0;
      }
      const char *cont = gold_str(g, "container-title");
      if (cont) {
        gold_n[F_CONTAINER]++;
        cur = place(&al, cont, after_title, CVX_RL_CONTAINER, &ok);
        placed_n[F_CONTAINER] += ok;
      }
      const struct {
        const char *key;
        int field, label;
      } rest[] = {{"publisher", F_PUBLISHER, CVX_RL_PUBLISHER}, {"publisher-place", F_PLACE, CVX_RL_LOCATION}};
      for (int q = 0; q < 2; q++) {
        const char *v = gold_str(g, rest[q].key);
        if (!v) continue;
        gold_n[rest[q].field]++;
        place(&al, v, after_title, rest[q].label, &ok);
        placed_n[rest[q].field] += ok;
      }
      const char *issued = gold_str(g, "issued");
      if (issued) {
        gold_n[F_ISSUED]++;
        place_year(&al, issued, after_authors, &ok);
        placed_n[F_ISSUED] += ok;
      }
      const struct {
        const char *key;
        int field, label;
      } nums[] = {{"volume", F_VOLUME, CVX_RL_VOLUME}, {"issue", F_ISSUE, CVX_RL_ISSUE}, {"page", F_PAGE, CVX_RL_PAGES}};
      size_t ncur = cur > after_title ? cur : after_title;
      for (int q = 0; q < 3; q++) {
        const char *v = gold_str(g, nums[q].key);
        if (!v) continue;
        gold_n[nums[q].field]++;
        size_t e = place(&al, v, ncur, nums[q].label, &ok);
        if (ok) ncur = e;
        placed_n[nums[q].field] += ok;
      }
      /* genre words the gold has no field for: thesis and report phrases */
      uint32_t *marks = cvx_arena_alloc(a, (tn + 1) * sizeof *marks);
      cvx_ref_marks(a, t, tn, marks);
      for (size_t i = 0; i < ntok; i++)
        if (tok[i].word && al.lab[i] == CVX_RL_OTHER && (marks[tok[i].s] & (CVX_REF_MARK_THESIS | CVX_REF_MARK_REPORT)))
          al.lab[i] = CVX_RL_GENRE;
      if (getenv("CVX_REFS_DEBUG")) { /* each token and its gold label on stderr */
        for (size_t i = 0; i < ntok; i++)
          fprintf(stderr, "%.*s/%s ", (int)(tok[i].e - tok[i].s), t + tok[i].s, cvx_reflabel_classes[al.lab[i]]);
        fputc('\n', stderr);
      }
      if (ntok) {
        cvx_features *f = cvx_xcalloc(ntok, sizeof *f);
        cvx_reflabel_features(a, text, strlen(text), t, tn, tok, ntok, f, NULL);
        for (size_t i = 0; i < ntok; i++) cvx_features_close(&f[i]);
        cvx_seqset_add(set, ntok, f, al.lab, group);
        for (size_t i = 0; i < ntok; i++) {
          label_n[al.lab[i]]++;
          cvx_features_free(&f[i]);
        }
        free(f);
      }
      cvx_arena_free(a);
      json_decref(o);
    }
    fclose(in);
  }
  free(line);
  cvx_buf model = CVX_BUF_INIT;
  cvx_seqset_train(set, epochs, folds, held, "refs", &model);
  int status = cvx_model_write(outpath, &model);
  if (!quiet) {
    fprintf(stderr, "cvx train --refs: %zu references, gold values placed:", records);
    for (int i = 0; i < NFIELDS; i++) fprintf(stderr, " %s %zu/%zu", field_names[i], placed_n[i], gold_n[i]);
    fprintf(stderr, " (author names %zu/%zu)\ntokens per label:", names_placed, names_gold);
    for (int i = 0; i < CVX_RL_NCLASSES; i++)
      if (label_n[i]) fprintf(stderr, " %s %zu", cvx_reflabel_classes[i], label_n[i]);
    char err[128];
    cvx_model *m = cvx_model_parse(model.ptr, model.len, err, sizeof err);
    if (m) {
      cvx_seqmodel sm;
      cvx_seqmodel_init(&sm, m);
      size_t n = 0;
      double acc = cvx_seqset_accuracy(set, &sm, 0, 0, &n);
      fprintf(stderr, "\ntoken accuracy on all references %.3f", acc);
      if (folds) fprintf(stderr, ", on fold %u of %u %.3f", held, folds, cvx_seqset_accuracy(set, &sm, folds, held, &n));
      cvx_seqmodel_free(&sm);
    }
    cvx_model_free(m);
    fputc('\n', stderr);
  }
  cvx_buf_free(&model);
  cvx_seqset_free(set);
  return status;
}
