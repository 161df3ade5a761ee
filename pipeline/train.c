/* train.c — `cvx train`: reads CVs through the ordinary pipeline, collects
 * the training examples a stage hands out (sections whose headings the word
 * tables know, labelled with that kind, described by their content alone),
 * and trains that stage's model. The same inputs give the same model bytes. */
#include "train.h"

#include "convert.h"
#include "entryseg.h"
#include "fieldlabel.h"
#include "reflabel.h"
#include "secvote.h"
#include "usage.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_train[] =
    "usage: cvx train [options] INPUT...\n"
    "\n"
    "Trains the section model from CVs: every section whose heading names a known\n"
    "kind is an example of that kind, described by its content alone, so that a\n"
    "section under a heading in no word list is still recognised.\n"
    "\n"
    "options:\n"
    "  -o, --output FILE   write the model here (default: standard output)\n"
    "  -e, --epochs N      passes over the examples (default 12)\n"
    "  -q, --quiet         no summary on stderr\n"
    "  -h, --help          show this help\n"
    "\n"
    "cvx train --refs FILE.jsonl trains the reference labeller instead\n"
    "(cvx train --refs --help); cvx train --entries PAIRS the entry segmenter\n"
    "(cvx train --entries --help); cvx train --fields PAIRS the field labeller of\n"
    "entry headers (cvx train --fields --help).\n";

typedef struct collect {
  cvx_trainset *set;
  const char *classes[CVX_MODEL_MAX_CLASSES]; /* secvote.c's, in the model file's order */
  int nclasses;
  size_t per_class[CVX_MODEL_MAX_CLASSES];
} collect;

static void take_example(void *ctx, const char *cls, const cvx_features *f) {
  collect *c = ctx;
  for (int i = 0; i < c->nclasses; i++) {
    if (strcmp(c->classes[i], cls) != 0) continue;
    cvx_trainset_add(c->set, i, f, 0);
    c->per_class[i]++;
    return;
  }
}

int cvx_train_main(int argc, char **argv) {
  static const struct option longopts[] = {{"output", required_argument, NULL, 'o'},
                                           {"epochs", required_argument, NULL, 'e'},
                                           {"quiet", no_argument, NULL, 'q'},
                                           {"help", no_argument, NULL, 'h'},
                                           {NULL, 0, NULL, 0}};
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--refs") == 0) return cvx_reftrain_main(argc, argv);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--entries") == 0) return cvx_entrytrain_main(argc, argv);
    if (strcmp(argv[i], "--fields") == 0) return cvx_fieldtrain_main(argc, argv);
  }
  const char *outpath = NULL;
  int epochs = 12, c;
  bool quiet = false;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":o:e:qh", longopts, NULL)) != -1) {
    switch (c) {
    case 'o': outpath = optarg; break;
    case 'e':
      epochs = atoi(optarg);
      if (epochs < 1 || epochs > 1000) {
        return cvx_usage_error("train", "--epochs takes 1..1000, not '%s'", optarg);
      }
      break;
    case 'q': quiet = true; break;
    case 'h': fputs(usage_train, stdout); return 0;
    default: return cvx_getopt_error("train", c, argc, argv, longopts);
    }
  }
  if (optind >= argc) {
    return cvx_usage_error("train", "no input given");
  }
  if (!cvx_convert_init()) return 1;
  collect col = {0};
  col.nclasses = cvx_secvote_classes(col.classes, CVX_MODEL_MAX_CLASSES);
  col.set = cvx_trainset_new(col.nclasses, col.classes);
  cvx_section_sink sink = {take_example, &col};
  cvx_convert_opts o = {.want_json = false, .today = "2000-01", .section_sink = &sink};
  size_t read = 0;
  for (int i = optind; i < argc; i++) {
    cvx_result res = {0};
    cvx_convert_file(argv[i], argv[i], &o, &res);
    read += res.status == CVX_OK;
    cvx_result_free(&res);
  }
  cvx_buf model;
  cvx_buf_init(&model);
  cvx_trainset_train(col.set, epochs, 0, 0, "section", &model);
  int status = cvx_model_write(outpath, &model);
  if (!quiet) {
    fprintf(stderr, "cvx train: %zu inputs read, %zu section examples:", read, cvx_trainset_size(col.set));
    for (int i = 0; i < col.nclasses; i++)
      if (col.per_class[i]) fprintf(stderr, " %s %zu", col.classes[i], col.per_class[i]);
    char err[128];
    cvx_model *m = cvx_model_parse(model.ptr, model.len, err, sizeof err);
    size_t n = 0;
    if (m) fprintf(stderr, "; accuracy on them %.3f", cvx_trainset_accuracy(col.set, m, 0, 0, &n));
    cvx_model_free(m);
    fputc('\n', stderr);
  }
  cvx_buf_free(&model);
  cvx_trainset_free(col.set);
  cvx_convert_cleanup();
  return status;
}
