/* main.c — the cvx command line: subcommands, options, input discovery and
 * output naming; the work itself is the batch runner's. */
#include "batch.h"
#include "bibcmd.h"
#include "train.h"
#include "convert.h"
#include "report.h"
#include "report_html.h"
#include "rules.h"
#include "site.h"
#include "usage.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

enum { EXIT_CLEAN = 0, EXIT_ERRORS = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

static const char usage_main[] =
    "usage: cvx <command> [options] INPUT...\n"
    "\n"
    "cvx turns loose CVs (Jekyll/Hugo pages, Markdown and plain-text resumes) into\n"
    "JSON Resume, BibTeX and CSV, and checks profile files in CI.\n"
    "\n"
    "commands:\n"
    "  convert    convert files and folders into DIR (default out/)\n"
    "  validate   check files and print diagnostics; nothing is written\n"
    "  report     write a review site: each CV beside what cvx read from it\n"
    "  bib        parse reference strings into BibTeX or CSL-JSON (cvx bib --help)\n"
    "  train      retrain the section model from CVs (cvx train --help)\n"
    "\n"
    "options:\n"
    "  -h, --help       show this help (cvx help COMMAND, or cvx COMMAND --help,\n"
    "                   for a command's options)\n"
    "  -V, --version    print the version\n"
    "\n"
    "exit status: 0 every input converted cleanly, 1 some inputs had errors (the\n"
    "others were still converted), 2 usage error, 130 interrupted.\n"
    "See cvx(1) for the full manual.\n";

static const char usage_convert[] =
    "usage: cvx convert [options] INPUT...\n"
    "\n"
    "Converts each INPUT: a file, a folder (searched recursively for .md,\n"
    ".markdown, .txt, .text, .html, .htm, .yml, .yaml, .pdf, .docx, .odt and\n"
    "extension-less files; hidden and binary files and _config.yml are skipped)\n"
    "or - for standard input; a PDF, DOCX or ODT is known by its first bytes;\n"
    "a folder holding a _config.yml is a\n"
    "Jekyll site, converted as one input named after the folder. Writes\n"
    "DIR/<stem>.json (JSON Resume),\n"
    "DIR/<stem>.bib (when the CV lists publications), DIR/cvx.csv (one row per\n"
    "input) and DIR/entries.csv (one row per value). Inputs that share a stem are\n"
    "written as <stem>.json, <stem>-2.json, <stem>-3.json… in input order.\n"
    "\n"
    "options:\n"
    "  -o, --output DIR     output folder (default: out)\n"
    "  -f, --formats LIST   comma-separated: json,bib,csv (default: all), or ndjson:\n"
    "                       one compact JSON Resume per line to standard output\n"
    "      --files-from FILE  read more inputs from FILE (- = standard input), one per line\n"
    "  -0, --null           --files-from names are NUL-separated (find -print0)\n"
    "      --ndjson-in      read {\"id\", \"text\"} records from standard input, one per\n"
    "                       line; write {\"id\", \"resume\"} lines, in the same order\n"
    "  -j, --jobs N         worker threads (default: number of CPUs)\n"
    "      --stdout         write the one input's document to standard output\n"
    "      --provenance     record every value's source span in meta.cvx\n"
    "      --report DIR     also write the review site of cvx report into DIR\n"
    "                       (implies --provenance)\n"
    "      --max-size BYTES refuse larger inputs (default 8388608; K, M, G suffixes)\n"
    "      --time-budget MS give up on an input after MS milliseconds of extraction,\n"
    "                       keeping what was read (default 30000; 0 = no limit)\n"
    "      --ascii          LaTeX-encode non-ASCII characters in BibTeX\n"
    "      --excel          CSV with a UTF-8 BOM and CRLF line ends\n"
    "      --progress, --no-progress\n"
    "                       progress line on standard error (default: when it is a terminal)\n"
    "  -q, --quiet          print only errors and no summary\n"
    "  -h, --help           show this help\n"
    "\n"
    "Set SOURCE_DATE_EPOCH to fix the date that open-ended jobs run to (CSV\n"
    "years_experience), for reproducible output.\n";

static const char usage_validate[] =
    "usage: cvx validate [options] INPUT...\n"
    "\n"
    "Reads each INPUT as cvx convert does, runs the validate rules and prints\n"
    "the diagnostics; a *.json INPUT is checked as a JSON Resume file. Writes no\n"
    "files. Exit 0 when no input has errors, 1 otherwise, 2 on usage errors.\n"
    "\n"
    "options:\n"
    "      --format FMT     text (default: file:line:col: severity[code]: message,\n"
    "                       the source line and a caret, on standard error), github\n"
    "                       (workflow annotations), json or sarif (SARIF 2.1.0); all\n"
    "                       but text go to standard output\n"
    "      --strict         warnings fail too (exit 1)\n"
    "      --disable CODES  leave out these codes (comma-separated; repeatable)\n"
    "      --rules          list every code with its severity and description\n"
    "      --files-from FILE  read more inputs from FILE (- = standard input)\n"
    "  -0, --null           --files-from names are NUL-separated\n"
    "  -j, --jobs N         worker threads (default: number of CPUs)\n"
    "      --max-size BYTES refuse larger inputs (default 8388608)\n"
    "      --time-budget MS give up on an input after MS milliseconds of reading and\n"
    "                       checking (limit.time; default 30000; 0 = no limit)\n"
    "  -q, --quiet          print only errors and no summary\n"
    "  -h, --help           show this help\n";

static const char usage_report[] =
    "usage: cvx report [options] INPUT... [-o DIR]\n"
    "\n"
    "Converts each INPUT as cvx convert does (with --provenance) and writes a\n"
    "static review site into DIR (default: report): DIR/index.html, one row per\n"
    "input (500 rows per page: index-2.html, ...), and DIR/cv/<stem>.html, the\n"
    "source beside what cvx read from it, every value's span highlighted. No\n"
    "JSON, BibTeX or CSV is written (cvx convert --report DIR writes both).\n"
    "Pages need no server and fetch nothing; open DIR/index.html.\n"
    "\n"
    "options:\n"
    "  -o, --output DIR     the site's folder (default: report; created if missing)\n"
    "      --files-from FILE, -0, -j N, --max-size, --time-budget, --progress,\n"
    "      --no-progress, -q  as for cvx convert\n"
    "  -h, --help           show this help\n";

/* ------------------------------------------------------------- inputs */

/* The batch's inputs. Every name lives in one arena (a name costs its
 * length, with no allocation of its own, and an input's display name is its
 * path), so a batch of 100,000 files holds about 140 bytes per file however
 * long the batch runs. Stems live in an arena of their own, renewed each time
 * they are assigned. */
typedef struct inputs {
  cvx_input *v;
  size_t n, cap;
  cvx_arena *names, *stems;
  size_t hidden;                   /* walked files left out for their hidden names */
  size_t skipped[CVX_SKIP__COUNT]; /* and for their binary content, by kind */
  const char **dropped; /* walked files found binary here (for cvx report) */
  size_t ndropped;
} inputs;

static void push(inputs *in, const char *path, const char *display) {
  if (in->n == in->cap) {
    in->cap = in->cap ? in->cap * 2 : 64;
    in->v = cvx_xrealloc(in->v, in->cap * sizeof *in->v);
  }
  if (!in->names) in->names = cvx_arena_new(64 * 1024);
  const char *p = cvx_arena_strdup(in->names, path);
  const char *d = strcmp(display, path) == 0 ? p : cvx_arena_strdup(in->names, display);
  in->v[in->n++] = (cvx_input){p, d, NULL, false, false};
}

static bool wanted_name(const char *name) {
  if (name[0] == '.') return false;
  if (strcmp(name, "_config.yml") == 0) return false; /* a Jekyll site's settings (site.c) */
  const char *dot = strrchr(name, '.');
  if (!dot) return true;
  static const char *const exts[] = {".md",   ".markdown", ".txt", ".text", ".html", ".htm", ".yml",
                                     ".yaml", ".pdf",      ".docx", ".odt",  NULL};
  for (int i = 0; exts[i]; i++)
    if (strcasecmp(dot, exts[i]) == 0) return true;
  return false;
}

/* A PDF, DOCX or ODT document by its name: read, never skipped silently
 * (one its reader refuses is reported and counted by why). */
static bool document_name(const char *name) {
  const char *dot = strrchr(name, '.');
  return dot && (strcasecmp(dot, ".pdf") == 0 || strcasecmp(dot, ".docx") == 0 || strcasecmp(dot, ".odt") == 0);
}

typedef struct entry {
  char *name;
  unsigned char type; /* d_type: DT_UNKNOWN when the file system does not say */
} entry;

static int cmp_entry(const void *a, const void *b) {
  return strcmp(((const entry *)a)->name, ((const entry *)b)->name);
}

/* Walks a folder in sorted order (so batches are deterministic), not
 * following symbolic links to folders, to a bounded depth; a Jekyll site
 * folder inside it is taken whole, as one input. The entry types readdir
 * gives spare a stat per file; only links and unknown types are looked up. */
static void walk(inputs *in, const char *dir, int depth) {
  if (depth > 64) return;
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "cvx: %s: %s\n", dir, strerror(errno));
    return;
  }
  entry *ents = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') { /* hidden (counted for the summary), . and .. */
      if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) in->hidden++;
      continue;
    }
    if (n == cap) {
      cap = cap ? cap * 2 : 32;
      ents = cvx_xrealloc(ents, cap * sizeof *ents);
    }
    ents[n++] = (entry){cvx_xstrdup(e->d_name), e->d_type};
  }
  closedir(d);
  qsort(ents, n, sizeof *ents, cmp_entry);
  size_t dlen = strlen(dir);
  const char *sep = dir[dlen - 1] == '/' ? "" : "/";
  for (size_t i = 0; i < n; i++) {
    size_t len = dlen + strlen(ents[i].name) + 2;
    char *p = cvx_xmalloc(len);
    snprintf(p, len, "%s%s%s", dir, sep, ents[i].name);
    unsigned char type = ents[i].type;
    struct stat st;
    if (type == DT_UNKNOWN) {
      if (lstat(p, &st) != 0) type = DT_UNKNOWN;
      else if (S_ISDIR(st.st_mode)) type = DT_DIR;
      else if (S_ISREG(st.st_mode)) type = DT_REG;
      else if (S_ISLNK(st.st_mode)) type = DT_LNK;
    }
    if (type == DT_DIR) {
      if (cvx_site_detect(p)) { /* a Jekyll site met on the way is one input too */
        push(in, p, p);
        in->v[in->n - 1].site = true;
      } else if (strcmp(ents[i].name, "node_modules") != 0) {
        walk(in, p, depth + 1);
      }
    } else if ((type == DT_REG || type == DT_LNK) && wanted_name(ents[i].name)) {
      /* a link counts when it leads to a regular file */
      if (type == DT_REG || (stat(p, &st) == 0 && S_ISREG(st.st_mode))) {
        push(in, p, p);
        in->v[in->n - 1].sniff = !document_name(ents[i].name);
      }
    }
    free(p);
    free(ents[i].name);
  }
  free(ents);
}

/* Gives every input a unique output stem: the file name without its last
 * extension; later inputs with a taken stem get -2, -3, … in input order.
 * hit[i] is set when a later input asked for input i's stem and was turned
 * away: only such inputs change other inputs' names by being skipped. */
static void assign_stems(inputs *in, bool *hit) {
  size_t cap = 16;
  while (cap < in->n * 2) cap *= 2;
  size_t *table = cvx_xcalloc(cap, sizeof *table); /* input index + 1; 0 = free */
  cvx_arena_free(in->stems); /* the last round's */
  in->stems = cvx_arena_new(64 * 1024);
  char *stem = NULL, *cand = NULL;
  size_t scap = 0;
  for (size_t i = 0; i < in->n; i++) {
    hit[i] = false;
    const char *path = in->v[i].path;
    size_t plen = strlen(path);
    while (in->v[i].site && plen > 1 && path[plen - 1] == '/') plen--; /* "site/" names "site" */
    const char *base = path;
    for (size_t k = 0; k < plen; k++)
      if (path[k] == '/') base = path + k + 1;
    if (strcmp(path, "-") == 0) base = "stdin", plen = 5;
    size_t len = (size_t)(path + plen - base);
    if (strcmp(path, "-") == 0) len = 5;
    const char *dot = NULL; /* a site folder keeps its whole name */
    for (size_t k = 0; k < len && !in->v[i].site; k++)
      if (base[k] == '.') dot = base + k;
    if (dot && dot != base) len = (size_t)(dot - base);
    if (len + 32 > scap) {
      scap = len + 32;
      stem = cvx_xrealloc(stem, scap);
      cand = cvx_xrealloc(cand, scap);
    }
    memcpy(stem, base, len);
    stem[len] = '\0';
    /* output names stay plain: control characters become '_' */
    for (char *p = stem; *p; p++)
      if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '_';
    if (!stem[0]) strcpy(stem, "input");
    strcpy(cand, stem);
    for (unsigned k = 2;; k++) {
      uint64_t h = 1469598103934665603ull;
      for (const char *p = cand; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
      size_t j = (size_t)h & (cap - 1);
      bool taken = false;
      while (table[j]) {
        if (strcmp(in->v[table[j] - 1].stem, cand) == 0) {
          taken = true;
          hit[table[j] - 1] = true;
          break;
        }
        j = (j + 1) & (cap - 1);
      }
      if (!taken) {
        table[j] = i + 1;
        break;
      }
      snprintf(cand, scap, "%s-%u", stem, k);
    }
    in->v[i].stem = cvx_arena_strdup(in->stems, cand);
  }
  free(stem);
  free(cand);
  free(table);
}

/* Files found in folders are sniffed: binaries are skipped, not reported.
 * Most are sniffed by the worker that reads them anyway (cvx_convert_walked);
 * this names the outputs and sniffs (cvx_file_looks_binary) only the walked
 * files whose answer matters now: those whose stem a later input asked for
 * (skipping one renames others), and those before the first text input (a
 * folder of binaries alone has no input at all), or all of them when all is
 * set. */
static void settle_walked(inputs *in, bool all) {
  bool *hit = NULL;
  for (;;) {
    hit = cvx_xrealloc(hit, (in->n ? in->n : 1) * sizeof *hit);
    assign_stems(in, hit);
    bool removed = false, text_seen = false;
    size_t keep = 0;
    for (size_t i = 0; i < in->n; i++) {
      cvx_input *v = &in->v[i];
      if (v->sniff && (all || hit[i] || !text_seen)) {
        v->sniff = false;
        if (cvx_file_looks_binary(v->path)) {
          in->skipped[cvx_skip_of_file(v->path)]++;
          removed = true; /* its names stay in the arena until the end */
          in->dropped = cvx_xrealloc(in->dropped, (in->ndropped + 1) * sizeof *in->dropped);
          in->dropped[in->ndropped++] = v->display;
          continue;
        }
      }
      if (!v->sniff) text_seen = true;
      in->v[keep++] = *v;
    }
    in->n = keep;
    if (!removed) break;
  }
  free(hit);
}

static void free_inputs(inputs *in) {
  free(in->v);
  free(in->dropped);
  cvx_arena_free(in->names);
  cvx_arena_free(in->stems);
}

/* True when dir has no entry at all (hidden ones included). */
static bool folder_is_empty(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return false;
  struct dirent *e;
  bool empty = true;
  while (empty && (e = readdir(d)))
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) empty = false;
  closedir(d);
  return empty;
}

/* ------------------------------------------------------------ options */

static bool parse_formats(const char *s, cvx_convert_opts *c, bool *ndjson) {
  c->want_json = c->want_bib = c->want_csv = false;
  *ndjson = false;
  char *copy = cvx_xstrdup(s), *save = NULL;
  bool ok = true;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (strcmp(t, "json") == 0) c->want_json = true;
    else if (strcmp(t, "bib") == 0) c->want_bib = true;
    else if (strcmp(t, "csv") == 0) c->want_csv = true;
    else if (strcmp(t, "ndjson") == 0) *ndjson = true;
    else {
      cvx_usage_error("convert", "unknown format '%s' (expected json, bib, csv or ndjson)", t);
      ok = false;
    }
  }
  free(copy);
  if (ok && *ndjson && (c->want_json || c->want_bib || c->want_csv)) {
    cvx_usage_error("convert", "-f ndjson goes to standard output and combines with no other format");
    return false;
  }
  return ok && (c->want_json || c->want_bib || c->want_csv || *ndjson);
}

/* Adds one named input: - is standard input (once), a Jekyll site folder
 * (one with a _config.yml) is one input, another folder is walked. */
static void add_input(inputs *in, const char *a, size_t *nstdin) {
  struct stat st;
  if (strcmp(a, "-") == 0) {
    if ((*nstdin)++) return;
    push(in, "-", "<stdin>");
  } else if (stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
    if (cvx_site_detect(a)) {
      /* a Jekyll site folder (_config.yml) is ONE input, stem = folder name */
      push(in, a, a);
      in->v[in->n - 1].site = true;
      return;
    }
    walk(in, a, 0);
  } else {
    push(in, a, a); /* a missing file is reported as that file's error */
  }
}

/* Reads input names from path (- = standard input), one per line or
 * NUL-separated; blank names are skipped. Returns false if it cannot be read. */
static bool read_files_from(inputs *in, const char *path, bool nul, size_t *nstdin) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
  if (!f) {
    fprintf(stderr, "cvx: --files-from %s: %s\n", path, strerror(errno));
    return false;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getdelim(&line, &cap, nul ? '\0' : '\n', f)) >= 0) {
    size_t l = (size_t)n;
    while (l && (line[l - 1] == '\0' || (!nul && (line[l - 1] == '\n' || line[l - 1] == '\r')))) l--;
    line[l] = '\0';
    if (l) add_input(in, line, nstdin);
  }
  bool ok = !ferror(f);
  if (!ok) fprintf(stderr, "cvx: --files-from %s: read error\n", path);
  free(line);
  if (f != stdin) fclose(f);
  return ok;
}

/* Adds the comma-separated codes in s to the NULL-terminated list *v;
 * false (with a message) for a code cvx does not have. */
static bool add_disabled(const char ***v, size_t *n, const char *s) {
  char *copy = cvx_xstrdup(s), *save = NULL;
  bool ok = true;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    const cvx_rule *r = cvx_rule_find(t);
    if (!r) {
      fprintf(stderr, "cvx: --disable: unknown code '%s'; cvx validate --rules lists them\n", t);
      ok = false;
      continue;
    }
    *v = cvx_xrealloc(*v, (*n + 2) * sizeof **v);
    (*v)[(*n)++] = r->code;
    (*v)[*n] = NULL;
  }
  free(copy);
  return ok;
}

/* The end of the summary line for the walked files left out, when any:
 * "; 2 skipped: 1 binary, 1 hidden". */
static void print_skipped(size_t hidden, const size_t *walked, const size_t *batch) {
  size_t total = hidden;
  for (int k = 1; k < CVX_SKIP__COUNT; k++) total += walked[k] + (batch ? batch[k] : 0);
  if (!total) return;
  fprintf(stderr, "; %zu skipped: ", total);
  const char *sep = "";
  for (int k = 1; k < CVX_SKIP__COUNT; k++) {
    size_t n = walked[k] + (batch ? batch[k] : 0);
    if (!n) continue;
    fprintf(stderr, "%s%zu %s", sep, n, cvx_skip_name((cvx_skip)k));
    sep = ", ";
  }
  if (hidden) fprintf(stderr, "%s%zu hidden", sep, hidden);
}

static int run(int argc, char **argv, bool validate, bool report) {
  enum {
    O_STDOUT = 256, O_PROV, O_MAXSIZE, O_PROGRESS, O_NOPROGRESS, O_ASCII, O_EXCEL, O_STRICT,
    O_FORMAT, O_DISABLE, O_RULES, O_FILES_FROM, O_NDJSON_IN, O_BUDGET, O_REPORT
  };
  static const struct option longopts[] = {
      {"output", required_argument, NULL, 'o'},   {"formats", required_argument, NULL, 'f'},
      {"jobs", required_argument, NULL, 'j'},     {"stdout", no_argument, NULL, O_STDOUT},
      {"provenance", no_argument, NULL, O_PROV},  {"max-size", required_argument, NULL, O_MAXSIZE},
      {"progress", no_argument, NULL, O_PROGRESS}, {"no-progress", no_argument, NULL, O_NOPROGRESS},
      {"ascii", no_argument, NULL, O_ASCII},      {"excel", no_argument, NULL, O_EXCEL},
      {"strict", no_argument, NULL, O_STRICT},    {"quiet", no_argument, NULL, 'q'},
      {"format", required_argument, NULL, O_FORMAT}, {"disable", required_argument, NULL, O_DISABLE},
      {"rules", no_argument, NULL, O_RULES},      {"files-from", required_argument, NULL, O_FILES_FROM},
      {"null", no_argument, NULL, '0'},           {"ndjson-in", no_argument, NULL, O_NDJSON_IN},
      {"time-budget", required_argument, NULL, O_BUDGET}, {"report", required_argument, NULL, O_REPORT},
      {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
  char today_buf[16];
  cvx_today(today_buf);
  cvx_batch_opts o = {.mode = validate ? CVX_MODE_VALIDATE : CVX_MODE_CONVERT,
                      .outdir = "out",
                      .conv = {.want_json = true, .want_bib = true, .want_csv = true, .today = today_buf,
                               .time_budget_ms = CVX_DEFAULT_TIME_BUDGET_MS},
                      .progress = isatty(STDERR_FILENO),
                      .diag_out = stderr};
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  o.jobs = ncpu > 0 ? (int)(ncpu > 256 ? 256 : ncpu) : 1;
  bool strict = false, ndjson = false, ndjson_in = false, nul = false, list_rules = false;
  cvx_report_format fmt = CVX_REPORT_TEXT;
  const char **disabled = NULL;
  size_t ndisabled = 0;
  const char *files_from = NULL;
  const char *usage = validate ? usage_validate : report ? usage_report : usage_convert;
  const char *cmd = validate ? "validate" : report ? "report" : "convert";
  const char *report_dir = NULL;
  if (report) o.outdir = "report";
  optind = 1;
  opterr = 0; /* usage errors are reported here, in one line */
  int c;
  while ((c = getopt_long(argc, argv, ":o:f:j:qh0", longopts, NULL)) != -1) {
    /* options that belong to the other command are usage errors */
    bool convert_only = c == 'o' || c == 'f' || c == O_STDOUT || c == O_PROV || c == O_ASCII ||
                        c == O_EXCEL || c == O_NDJSON_IN || c == O_REPORT;
    bool validate_only = c == O_FORMAT || c == O_DISABLE || c == O_RULES || c == O_STRICT;
    /* cvx report writes only the site: no option that shapes other outputs */
    bool not_report = c == 'f' || c == O_STDOUT || c == O_ASCII || c == O_EXCEL || c == O_NDJSON_IN ||
                      c == O_REPORT;
    if ((validate && convert_only) || (!validate && validate_only) || (report && not_report)) {
      free(disabled);
      return cvx_usage_error(cmd, "option '%s' is not a cvx %s option", argv[optind - 1], cmd);
    }
    switch (c) {
    case 'o': o.outdir = optarg; break;
    case 'f':
      if (!parse_formats(optarg, &o.conv, &ndjson)) {
        free(disabled);
        return EXIT_USAGE;
      }
      break;
    case O_FORMAT:
      if (!cvx_report_format_parse(optarg, &fmt)) {
        free(disabled);
        return cvx_usage_error(cmd, "--format wants text, github, json or sarif, not '%s'", optarg);
      }
      break;
    case O_DISABLE:
      if (!add_disabled(&disabled, &ndisabled, optarg)) {
        free(disabled);
        return EXIT_USAGE;
      }
      break;
    case O_RULES: list_rules = true; break;
    case O_FILES_FROM: files_from = optarg; break;
    case '0': nul = true; break;
    case O_NDJSON_IN: ndjson_in = true; break;
    case 'j': {
      char *end;
      long j = strtol(optarg, &end, 10);
      if (*end || j < 1 || j > 1024) {
        free(disabled);
        return cvx_usage_error(cmd, "-j wants a number from 1 to 1024, not '%s'", optarg);
      }
      o.jobs = (int)j;
      break;
    }
    case O_STDOUT: o.mode = CVX_MODE_STDOUT; break;
    case O_PROV: o.conv.provenance = true; break;
    case O_REPORT: report_dir = optarg; break;
    case O_MAXSIZE:
      if (!cvx_parse_size(optarg, &o.conv.load.max_size)) {
        free(disabled);
        return cvx_usage_error(cmd, "--max-size wants a byte count up to 1G, not '%s'", optarg);
      }
      break;
    case O_BUDGET: {
      char *end;
      long ms = strtol(optarg, &end, 10);
      if (*end || ms < 0 || ms > 3600000) {
        free(disabled);
        return cvx_usage_error(cmd, "--time-budget wants milliseconds from 0 (no limit) to 3600000, not '%s'",
                               optarg);
      }
      o.conv.time_budget_ms = (unsigned)ms;
      break;
    }
    case O_PROGRESS: o.progress = true; break;
    case O_NOPROGRESS: o.progress = false; break;
    case O_ASCII: o.conv.bib_ascii = true; break;
    case O_EXCEL: o.excel = o.conv.excel = true; break;
    case O_STRICT: strict = true; break;
    case 'q': o.quiet = true; break;
    case 'h': free(disabled); fputs(usage, stdout); return EXIT_CLEAN;
    default: free(disabled); return cvx_getopt_error(cmd, c, argc, argv, longopts);
    }
  }
  if (list_rules) {
    free(disabled);
    cvx_rules_print(stdout);
    return EXIT_CLEAN;
  }
  o.conv.disabled = disabled;
  if (ndjson) {
    o.mode = CVX_MODE_NDJSON;
    o.conv.want_json = o.conv.compact = true;
    o.conv.want_bib = o.conv.want_csv = false;
  }
  if (ndjson_in) {
    if (optind < argc || files_from) {
      free(disabled);
      return cvx_usage_error(cmd, "--ndjson-in reads standard input and takes no INPUT");
    }
    if (o.mode == CVX_MODE_STDOUT) {
      free(disabled);
      return cvx_usage_error(cmd, "--ndjson-in writes standard output already: drop --stdout");
    }
    o.conv.want_json = o.conv.compact = true;
    o.conv.want_bib = o.conv.want_csv = false;
    o.progress = false;
    if (!cvx_convert_init()) {
      free(disabled);
      return EXIT_ERRORS;
    }
    cvx_batch_stats st;
    cvx_batch_ndjson(stdin, &o, &st);
    cvx_convert_cleanup();
    free(disabled);
    if (!o.quiet)
      fprintf(stderr, "cvx: converted %zu record%s (%zu with errors, %zu with warnings) in %.2f s\n", st.files,
              st.files == 1 ? "" : "s", st.with_errors, st.with_warnings, st.seconds);
    if (ferror(stdout)) return EXIT_ERRORS;
    return st.with_errors ? EXIT_ERRORS : EXIT_CLEAN;
  }
  if (optind >= argc && !files_from) {
    free(disabled);
    return cvx_usage_error(cmd, "no input given");
  }
  if (o.quiet) o.progress = false;
  if (o.mode == CVX_MODE_NDJSON) o.progress = o.progress && !isatty(STDOUT_FILENO);
  if (validate) {
    o.conv.want_json = true, o.conv.want_bib = o.conv.want_csv = false;
    o.conv.rules = true;
  }
  if (report) {
    report_dir = o.outdir;
    o.site_only = true;
    o.conv.want_json = true, o.conv.want_bib = o.conv.want_csv = false;
  }
  if (report_dir) {
    if (o.mode != CVX_MODE_CONVERT) {
      free(disabled);
      return cvx_usage_error(cmd, "--report writes files: it does not go with --stdout or -f ndjson");
    }
    o.conv.want_json = true;
    o.conv.provenance = o.conv.want_source = true;
  }

  inputs in = {0};
  size_t nstdin = 0;
  for (int i = optind; i < argc; i++) add_input(&in, argv[i], &nstdin);
  if (files_from && !read_files_from(&in, files_from, nul, &nstdin)) {
    free_inputs(&in);
    free(disabled);
    return EXIT_USAGE;
  }
  settle_walked(&in, o.mode == CVX_MODE_STDOUT); /* --stdout counts its inputs first */
  if (o.mode == CVX_MODE_STDOUT && in.n != 1) {
    free_inputs(&in);
    free(disabled);
    return cvx_usage_error(cmd, "--stdout takes exactly one input (got %zu)", in.n);
  }
  if (o.mode == CVX_MODE_STDOUT && !o.conv.want_json) o.conv.want_bib = true;
  if (in.n == 0) {
    fprintf(stderr, "cvx: no input files found");
    print_skipped(in.hidden, in.skipped, NULL);
    fputc('\n', stderr);
    free_inputs(&in);
    free(disabled);
    return EXIT_ERRORS;
  }
  if (o.mode == CVX_MODE_CONVERT) {
    struct stat st;
    if (stat(o.outdir, &st) != 0) {
      if (mkdir(o.outdir, 0777) != 0) {
        fprintf(stderr, "cvx: cannot create output folder %s: %s\n", o.outdir, strerror(errno));
        free_inputs(&in);
        free(disabled);
        return EXIT_ERRORS;
      }
      o.fresh_outdir = true;
    } else if (!S_ISDIR(st.st_mode)) {
      fprintf(stderr, "cvx: output %s is not a folder\n", o.outdir);
      free_inputs(&in);
      free(disabled);
      return EXIT_ERRORS;
    } else {
      o.fresh_outdir = folder_is_empty(o.outdir);
    }
  }
  if (report_dir) {
    int e;
    o.site = cvx_report_site_new(report_dir, &e);
    if (!o.site) {
      fprintf(stderr, "cvx: cannot create report folder %s: %s\n", report_dir, strerror(e));
      free_inputs(&in);
      free(disabled);
      return EXIT_ERRORS;
    }
    for (size_t i = 0; i < in.ndropped; i++) cvx_report_site_skip(o.site, in.dropped[i], "binary file in a folder");
  }
  if (!cvx_convert_init()) {
    cvx_report_site_finish(o.site);
    free_inputs(&in);
    free(disabled);
    return EXIT_ERRORS;
  }
  if (validate && fmt != CVX_REPORT_TEXT) o.reporter = cvx_reporter_new(fmt, stdout);
  o.skipped_hidden = in.hidden;
  o.skipped = in.skipped;
  cvx_batch_stats st;
  cvx_batch_run(in.v, in.n, &o, &st);
  cvx_reporter_finish(o.reporter);
  if (o.site) {
    int e = cvx_report_site_finish(o.site); /* after an interrupt: the index of what was done */
    if (e) {
      fprintf(stderr, "cvx: error[output.write]: cannot write the report index in %s: %s\n", report_dir,
              strerror(e));
      st.fatal = true;
    }
  }
  if (st.interrupted) {
    /* said even under -q: the run did not do what was asked */
    fprintf(stderr, "cvx: interrupted: %s %zu of %zu input%s (%zu with errors) in %.2f s; %s\n",
            validate ? "validated" : "converted", st.files, in.n, in.n == 1 ? "" : "s", st.with_errors, st.seconds,
            validate ? "the rest were not checked" : "finished files are kept, no partial file is left");
  } else if (!o.quiet) {
    double mb = (double)st.bytes / (1024.0 * 1024.0);
    if (report)
      fprintf(stderr, "cvx: reported %zu file%s (%zu with errors, %zu with warnings) in %s/index.html (%.2f s)",
              st.files, st.files == 1 ? "" : "s", st.with_errors, st.with_warnings, report_dir, st.seconds);
    else if (validate)
      fprintf(stderr, "cvx: validated %zu file%s: %zu with errors, %zu with warnings (%.2f s)", st.files,
              st.files == 1 ? "" : "s", st.with_errors, st.with_warnings, st.seconds);
    else
      fprintf(stderr,
              "cvx: converted %zu file%s (%zu with errors, %zu with warnings), %.2f MB in %.2f s (%.0f files/s)",
              st.files, st.files == 1 ? "" : "s", st.with_errors, st.with_warnings, mb, st.seconds,
              st.seconds > 0 ? (double)st.files / st.seconds : 0.0);
    print_skipped(in.hidden, in.skipped, st.skipped);
    fputc('\n', stderr);
  }
  cvx_convert_cleanup();
  free_inputs(&in);
  free(disabled);
  if (st.interrupted) return EXIT_INTERRUPTED;
  if (st.with_errors || st.unreadable || st.fatal || (strict && st.with_warnings)) return EXIT_ERRORS;
  return EXIT_CLEAN;
}

/* glibc adapts its malloc thresholds to the sizes it has seen. On a batch
 * of CVs of mixed sizes that hands the top of a worker's heap back to the
 * system after a larger file and faults it in again for the next one: 36,000
 * page faults per 20,000 files at -j1 and 69,000 per 100,000 at -j2, against
 * 1,500 and 5,300 with fixed thresholds. Blocks of 4 MB and more are mapped on
 * their own, and a heap keeps up to 4 MB free at its top (peak RSS +1 MB). */
static void malloc_policy(void) {
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 4 << 20);
#endif
}

/* cvx help [COMMAND]: the command's help on standard output. */
static int help(int argc, char **argv) {
  if (argc < 3) {
    fputs(usage_main, stdout);
    return EXIT_CLEAN;
  }
  if (argc > 3) return cvx_usage_error(NULL, "help takes one command, not %d", argc - 2);
  const char *cmd = argv[2];
  char h[] = "--help";
  char *args[] = {argv[2], h, NULL};
  if (strcmp(cmd, "convert") == 0) return run(2, args, false, false);
  if (strcmp(cmd, "validate") == 0) return run(2, args, true, false);
  if (strcmp(cmd, "report") == 0) return run(2, args, false, true);
  if (strcmp(cmd, "bib") == 0) return cvx_bib_main(2, args);
  if (strcmp(cmd, "train") == 0) return cvx_train_main(2, args);
  if (strcmp(cmd, "help") == 0) {
    fputs(usage_main, stdout);
    return EXIT_CLEAN;
  }
  return cvx_usage_error(NULL, "no command '%s'", cmd);
}

int main(int argc, char **argv) {
  malloc_policy();
  if (argc < 2) return cvx_usage_error(NULL, "no command given");
  const char *cmd = argv[1];
  if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
    fputs(usage_main, stdout);
    return EXIT_CLEAN;
  }
  if (strcmp(cmd, "help") == 0) return help(argc, argv);
  if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
    printf("cvx %s\n", CVX_VERSION);
    return EXIT_CLEAN;
  }
  if (strcmp(cmd, "convert") == 0) return run(argc - 1, argv + 1, false, false);
  if (strcmp(cmd, "validate") == 0) return run(argc - 1, argv + 1, true, false);
  if (strcmp(cmd, "report") == 0) return run(argc - 1, argv + 1, false, true);
  if (strcmp(cmd, "bib") == 0) return cvx_bib_main(argc - 1, argv + 1);
  if (strcmp(cmd, "train") == 0) return cvx_train_main(argc - 1, argv + 1);
  return cvx_usage_error(NULL, "unknown command '%s'", cmd);
}
