/* batch.c — the batch runner: N workers convert files and emit the results
 * in input order within a bounded window, so memory stays bounded and every
 * output is byte-identical whatever -j is. */
/* O_TMPFILE and linkat's flags are Linux extensions of open(2) */
#define _GNU_SOURCE
#include "batch.h"

#include "emit.h"
#include "report.h"
#include "report_html.h"
#include "site.h"

#include <jansson.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


static volatile sig_atomic_t interrupted;

/* The CSV files being appended (their temporary names), for the handler of
 * a second signal to remove: set while csv_tmp_live is 1. */
static char csv_tmp[2][4096];
static volatile sig_atomic_t csv_tmp_live;

/* The first signal lets finished work land and stops cleanly; a second one
 * removes the CSV files being appended and ends the process at once (the
 * default action, restored here). A temporary output of a worker caught in
 * between is removed by the next run into the folder (remove_dead_temps). */
static void on_signal(int sig) {
  if (interrupted) {
    if (csv_tmp_live)
      for (int i = 0; i < 2; i++)
        if (csv_tmp[i][0]) unlink(csv_tmp[i]); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  interrupted = 1;
  cvx_cancel(); /* the inputs in hand get a second to finish, then stop and are dropped */
}

/* ------------------------------------------------------ stale temp files */

/* Removes the .cvx-tmp-<pid>-<n> files in dir left by a cvx that was killed
 * (SIGKILL, a crash, a power cut): those whose pid is no live process
 * (kill(pid, 0) says ESRCH). A live pid keeps its files, even when the
 * number was reused by another program: they are never taken for stale
 * while a run may own them. One readdir of the output folder per run. */
static void remove_dead_temps(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  pid_t self = getpid();
  struct dirent *e;
  while ((e = readdir(d))) {
    if (strncmp(e->d_name, ".cvx-tmp-", 9) != 0) continue;
    const char *p = e->d_name + 9;
    long pid = 0;
    bool digits = false;
    for (; *p >= '0' && *p <= '9' && pid < 100000000; p++, digits = true) pid = pid * 10 + (*p - '0');
    if (!digits || *p != '-' || pid <= 0 || (pid_t)pid == self) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive, or not ours to judge */
    unlinkat(dirfd(d), e->d_name, 0);
  }
  closedir(d);
}

/* ----------------------------------------------------------- atomic files */

static int write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Opens a fresh temporary file in dir; *tmp receives its heap path. The file
 * is created 0666 less the umask, as any other tool's output would be (a
 * mkstemp file is 0600 and would need a chmod that ignores the umask). Names
 * are unique per process (pid + counter); O_EXCL makes a clash with a file of
 * another process a retry, never a shared file. */
static int open_temp(const char *dir, char **tmp) {
  static _Atomic unsigned long counter;
  size_t len = strlen(dir) + 64;
  char *p = cvx_xmalloc(len);
  for (int attempt = 0; attempt < 100; attempt++) {
    unsigned long k = counter++;
    snprintf(p, len, "%s/.cvx-tmp-%ld-%lu", dir, (long)getpid(), k);
    int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      *tmp = p;
      return fd;
    }
    if (errno != EEXIST) break;
  }
  int e = errno;
  free(p);
  *tmp = NULL;
  return -e;
}

/* a then b into out[0,cap) (cap > 0), cut as snprintf(out, cap, "%s%s")
 * would, without its format parsing. */
static void concat2(char *out, size_t cap, const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  if (na > cap - 1) na = cap - 1;
  if (nb > cap - 1 - na) nb = cap - 1 - na;
  memcpy(out, a, na);
  memcpy(out + na, b, nb);
  out[na + nb] = '\0';
}

static char *join(const char *dir, const char *name) {
  size_t nd = strlen(dir), nn = strlen(name);
  char *p = cvx_xmalloc(nd + nn + 2);
  memcpy(p, dir, nd);
  p[nd] = '/';
  memcpy(p + nd + 1, name, nn + 1);
  return p;
}

/* Set once a batch has met an existing output name or a system without
 * O_TMPFILE linking: the named temp file + rename path is then used at once. */
static _Atomic bool link_fails;

/* How an unnamed file gets its name: linkat(fd, "", AT_EMPTY_PATH) where the
 * kernel allows it (CAP_DAC_READ_SEARCH, or Linux 6.10+ for the file's own
 * opener), else through its /proc/self/fd link. 0 = not known yet. */
enum { LINK_UNKNOWN, LINK_EMPTY_PATH, LINK_PROC };
static _Atomic int link_how;

/* Where the file system offers O_TMPFILE, the data goes into an unnamed file
 * that gets its name only once complete: one directory operation per output
 * instead of two (create + rename), which is what parallel workers writing
 * into one folder queue on. dfd is the output folder opened once for the
 * batch (-1: use the path dir), which spares a path walk per call. linkat
 * never replaces a file, so an existing output (a re-run) or a missing /proc
 * falls back to the rename path. Returns 0, or an errno when the data could
 * not be written (ENOSPC...). */
static int write_linked(int dfd, const char *dir, const char *name, const char *data, size_t len, bool *done) {
  *done = false;
#ifdef O_TMPFILE
  if (link_fails) return 0;
  int fd = dfd >= 0 ? openat(dfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666)
                    : open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) {
    link_fails = true; /* not supported here: EOPNOTSUPP, EISDIR, EINVAL */
    return 0;
  }
  int e = write_all(fd, data, len);
  if (e) {
    close(fd);
    return e;
  }
  char *dst = dfd >= 0 ? NULL : join(dir, name);
  int at = dfd >= 0 ? dfd : AT_FDCWD;
  const char *to = dfd >= 0 ? name : dst;
  int rc = -1, how = link_how;
  if (how != LINK_PROC) {
    rc = linkat(fd, "", at, to, AT_EMPTY_PATH);
    if (rc == 0 && how == LINK_UNKNOWN) link_how = LINK_EMPTY_PATH;
    /* refused (ENOENT on older kernels, EPERM): name it through /proc */
    if (rc != 0 && how == LINK_UNKNOWN && (errno == ENOENT || errno == EPERM || errno == EINVAL)) {
      how = LINK_PROC;
      link_how = LINK_PROC;
    }
  }
  if (how == LINK_PROC) {
    char proc[64] = "/proc/self/fd/", digits[16]; /* "/proc/self/fd/%d" (fd >= 0) */
    size_t nd = 0;
    for (unsigned v = (unsigned)fd; nd == 0 || v; v /= 10) digits[nd++] = (char)('0' + v % 10);
    for (size_t k = 0; k < nd; k++) proc[14 + k] = digits[nd - 1 - k];
    proc[14 + nd] = '\0';
    rc = linkat(AT_FDCWD, proc, at, to, AT_SYMLINK_FOLLOW);
  }
  if (rc == 0) {
    *done = true;
    if (close(fd) != 0) {
      e = errno;
      unlinkat(at, to, 0);
    }
  } else {
    link_fails = true;
    close(fd);
  }
  free(dst);
  return e;
#else
  (void)dfd, (void)dir, (void)name, (void)data, (void)len;
  return 0;
#endif
}

/* cvx_write_atomic with the output folder already open as dfd (or -1). */
static int write_atomic_at(int dfd, const char *dir, const char *name, const char *data, size_t len) {
  bool done;
  int e = write_linked(dfd, dir, name, data, len, &done);
  if (e || done) return e;
  char *tmp;
  int fd = open_temp(dir, &tmp);
  if (fd < 0) return -fd;
  e = write_all(fd, data, len);
  if (close(fd) != 0 && !e) e = errno;
  char *dst = join(dir, name);
  if (!e && rename(tmp, dst) != 0) e = errno;
  if (e) unlink(tmp);
  free(dst);
  free(tmp);
  return e;
}

int cvx_write_atomic(const char *dir, const char *name, const char *data, size_t len) {
  return write_atomic_at(-1, dir, name, data, len);
}

/* A CSV file being appended in input order, renamed into place at the end;
 * rows are gathered in a buffer and written 64 KB at a time, so the consumer
 * thread makes no system call per input. */
typedef struct csv_out {
  int fd;
  char *tmp;
  const char *name;
  int err;
  cvx_buf pending;
} csv_out;

enum { CSV_FLUSH_AT = 64 * 1024 };

static void csv_flush(csv_out *c) {
  if (c->fd >= 0 && !c->err && c->pending.len) c->err = write_all(c->fd, c->pending.ptr, c->pending.len);
  cvx_buf_clear(&c->pending);
}

static void csv_open(csv_out *c, const char *dir, const char *name, const char *header, size_t hlen) {
  c->name = name;
  c->err = 0;
  cvx_buf_init(&c->pending);
  c->fd = open_temp(dir, &c->tmp);
  if (c->fd < 0) {
    c->err = -c->fd;
    return;
  }
  /* known to the signal handler (before it may look) */
  int k = strcmp(name, "cvx.csv") == 0 ? 0 : 1;
  if (strlen(c->tmp) < sizeof csv_tmp[k]) memcpy(csv_tmp[k], c->tmp, strlen(c->tmp) + 1);
  cvx_buf_put(&c->pending, header, hlen);
}

static void csv_write(csv_out *c, const cvx_buf *b) {
  if (c->fd < 0 || c->err || !b->len) return;
  cvx_buf_put(&c->pending, b->ptr, b->len);
  if (c->pending.len >= CSV_FLUSH_AT) csv_flush(c);
}

static int csv_close(csv_out *c, const char *dir, bool commit) {
  if (commit) csv_flush(c);
  cvx_buf_free(&c->pending);
  if (c->fd < 0) return c->err;
  if (close(c->fd) != 0 && !c->err) c->err = errno;
  c->fd = -1;
  if (commit && !c->err) {
    char *dst = join(dir, c->name);
    if (rename(c->tmp, dst) != 0) c->err = errno;
    free(dst);
  }
  if (!commit || c->err) unlink(c->tmp);
  free(c->tmp);
  c->tmp = NULL;
  return c->err;
}

/* ------------------------------------------------------------ the pool */

/* Workers take inputs in order and convert them into a ring of slots. Results
 * leave the ring strictly in input order: whichever worker finishes the
 * oldest pending input emits it (CSV rows, diagnostics, progress) and every
 * finished one after it, while the others go on converting. There is no
 * consumer thread to wake per file; -j1 is one thread doing everything in
 * order. A worker waits only when the ring is full (the oldest input is still
 * being converted), which bounds memory whatever the batch's length. */

/* A big JSON document streamed while it is written (cvx_convert_opts.json_sink)
 * into a temporary file of the output folder, renamed into place once whole
 * and valid. fd is -1 until the first chunk comes (small documents never
 * open one). */
typedef struct jstream {
  const char *dir;
  int fd;
  char *tmp;
} jstream;

static int stream_sink(void *ctx, const char *p, size_t n) {
  jstream *js = ctx;
  if (js->fd < 0) {
    int fd = open_temp(js->dir, &js->tmp);
    if (fd < 0) return -fd;
    js->fd = fd;
  }
  return write_all(js->fd, p, n);
}

/* validate writes no JSON: what it would be is only checked */
static int discard_sink(void *ctx, const char *p, size_t n) {
  (void)ctx, (void)p, (void)n;
  return 0;
}

/* Ends a stream: with name (and no error so far), tail goes after what was
 * streamed and the file takes dir/name; else the temporary file goes.
 * Returns 0 or an errno. */
static int stream_end(jstream *js, const char *name, const cvx_buf *tail, int err) {
  if (js->fd < 0) return err;
  if (name && !err) err = write_all(js->fd, tail->ptr, tail->len);
  if (close(js->fd) != 0 && !err) err = errno;
  js->fd = -1;
  if (name && !err) {
    char *dst = join(js->dir, name);
    if (rename(js->tmp, dst) != 0) err = errno;
    free(dst);
  }
  if (!name || err) unlink(js->tmp);
  free(js->tmp);
  js->tmp = NULL;
  return err;
}

typedef struct slot {
  bool done;
  bool dropped; /* cut short by an interrupt: not finished, nothing of it goes out */
  int owner; /* the worker that converted it: the one to free it */
  cvx_result res;
  int write_err; /* errno of a failed output write */
  char write_what[64];
  cvx_report_row row; /* its index row (opts->site) */
  bool has_page;
  jstream js; /* its JSON, when big (convert without --report) */
} slot;

/* A worker's results come back to it to be freed (its own malloc arena,
 * no lock shared with the other workers): emitters queue them in pending,
 * the owner frees them the next time it takes an input. Each list holds at
 * most a window of results. */
typedef struct wstate {
  struct pool *p;
  int id;
  cvx_result *pending, *local;
  size_t npending;
} wstate;

typedef struct pool {
  const cvx_input *inputs;
  size_t n;
  const cvx_batch_opts *o;
  slot *slots;
  size_t window;
  size_t next;     /* next input a worker takes */
  size_t consumed; /* inputs emitted */
  bool emitting;   /* a worker is emitting (only one at a time) */
  pthread_mutex_t mu;
  pthread_cond_t room_cv; /* the ring has room again */
  wstate *ws;
  int outfd; /* the output folder, opened once (-1 if it cannot be) */
  /* the emitter's own state: touched only by the worker that set emitting */
  cvx_batch_stats *st;
  bool want_csv;
  csv_out rows, ents;
  double t0, last;
} pool;

/* Removes dir/name, an output of an earlier run that this one does not
 * produce. The usual case is that there is none: a lookup answers that
 * without the exclusive directory lock unlink() takes, which workers writing
 * into the same folder would otherwise queue on. */
static void remove_stale(const char *dir, const char *name) {
  char *dst = join(dir, name);
  struct stat st;
  if (lstat(dst, &st) == 0 || errno != ENOENT) unlink(dst);
  free(dst);
}

/* Writes stem+ext from b when have is set, else removes a stale file of
 * that name; the first failure is the one reported. */
static void write_one(pool *p, slot *s, const char *stem, const char *ext, const cvx_buf *b, bool have) {
  const cvx_batch_opts *o = p->o;
  char name[4096];
  concat2(name, sizeof name, stem, ext);
  if (!have) {
    if (!o->fresh_outdir) remove_stale(o->outdir, name);
    return;
  }
  int e = write_atomic_at(p->outfd, o->outdir, name, b->ptr, b->len);
  if (e && !s->write_err) {
    s->write_err = e;
    snprintf(s->write_what, sizeof s->write_what, "%.50s", name);
  }
}

/* Writes one input's files (worker side: files are per input, so no order is
 * needed); removes stale outputs of an input that failed. */
static void write_outputs(pool *p, const cvx_input *in, slot *s) {
  const cvx_batch_opts *o = p->o;
  const cvx_result *r = &s->res;
  if (o->mode != CVX_MODE_CONVERT || r->skipped || s->dropped) return;
  if (o->site) {
    cvx_buf page = CVX_BUF_INIT;
    cvx_report_page(in->display, r, &page, &s->row);
    char name[4096];
    concat2(name, sizeof name, in->stem, ".html");
    const char *dir = cvx_report_site_pagedir(o->site);
    int e = write_atomic_at(-1, dir, name, page.ptr, page.len);
    if (e && !s->write_err) {
      s->write_err = e;
      snprintf(s->write_what, sizeof s->write_what, "cv/%.50s", name);
    }
    s->has_page = !e;
    cvx_buf_free(&page);
    if (o->site_only) return;
  }
  bool ok = r->status == CVX_OK;
  if (o->conv.want_json && r->json_sent) {
    /* streamed: the rest goes after what the sink wrote, then it takes its name */
    char name[4096];
    concat2(name, sizeof name, in->stem, ".json");
    bool have = ok && r->json_valid;
    int e = stream_end(&s->js, have ? name : NULL, &r->json, r->json_sink_err);
    if (!have && !o->fresh_outdir) remove_stale(o->outdir, name);
    if (have && e && !s->write_err) {
      s->write_err = e;
      snprintf(s->write_what, sizeof s->write_what, "%.50s", name);
    }
  } else if (o->conv.want_json) {
    write_one(p, s, in->stem, ".json", &r->json, ok && r->json_valid && r->json.len);
  }
  if (o->conv.want_bib) write_one(p, s, in->stem, ".bib", &r->bib, ok && r->bib.len);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress(const cvx_batch_opts *o, const cvx_batch_stats *st, size_t done, size_t n, double t0,
                     bool final) {
  if (!o->progress) return;
  double el = now() - t0;
  fprintf(stderr, "\r\033[K[%zu/%zu] %3d%%  %zu with errors  %.0f files/s", done, n,
          n ? (int)(100.0 * (double)done / (double)n) : 100, st->with_errors, el > 0 ? (double)done / el : 0.0);
  size_t hidden = o->skipped_hidden, other = 0;
  for (int k = 1; k < CVX_SKIP__COUNT; k++) other += st->skipped[k] + (o->skipped ? o->skipped[k] : 0);
  if (hidden + other) {
    fprintf(stderr, "  %zu skipped (", hidden + other);
    const char *sep = "";
    for (int k = 1; k < CVX_SKIP__COUNT; k++) {
      size_t c = st->skipped[k] + (o->skipped ? o->skipped[k] : 0);
      if (!c) continue;
      fprintf(stderr, "%s%zu %s", sep, c, cvx_skip_name((cvx_skip)k));
      sep = ", ";
    }
    fprintf(stderr, "%s%zu hidden)", sep, hidden);
  }
  if (final) fputs("\r\033[K", stderr);
  fflush(stderr);
}

/* Emits input i's result, the next one in input order (emitter only). */
static void emit(pool *p, size_t i) {
  const cvx_batch_opts *o = p->o;
  const cvx_input *in = &p->inputs[i];
  slot *s = &p->slots[i % p->window];
  cvx_batch_stats *st = p->st;
  cvx_result *r = &s->res;
  if (r->skipped && !s->dropped) st->skipped[r->skip ? r->skip : CVX_SKIP_BINARY]++;
  bool unread = !r->skipped && r->skip != CVX_SKIP_NONE && !s->dropped; /* a document its reader refused */
  if (unread) {
    st->skipped[r->skip]++;
    st->unreadable++;
  }
  if (o->site && !s->dropped) {
    if (r->skipped) cvx_report_site_skip(o->site, in->display, "binary file in a folder");
    else cvx_report_site_add(o->site, in->display, in->stem, s->has_page, &s->row);
  }
  if (o->site) cvx_report_row_free(&s->row);
  if (!r->skipped && !s->dropped) {
    if (!unread) st->files++;
    st->bytes += r->bytes;
    size_t errs = r->nerrors;
    if (s->write_err) {
      errs++;
      cvx_buf_printf(&r->report, "%s: error[output.write]: cannot write %s/%s: %s\n", in->display, o->outdir,
                     s->write_what, strerror(s->write_err));
    }
    if (unread) {
      /* counted as skipped, by kind; its error still prints and fails the run */
    } else if (errs) {
      st->with_errors++;
    } else if (r->nwarnings) {
      st->with_warnings++;
    }
    if (o->mode == CVX_MODE_CONVERT && r->status == CVX_OK && r->json_valid && !s->write_err) st->written++;
    if (o->mode == CVX_MODE_STDOUT) {
      const cvx_buf *b = o->conv.want_json ? &r->json : &r->bib;
      fwrite(b->ptr, 1, b->len, stdout);
    }
    if (o->mode == CVX_MODE_NDJSON && r->status == CVX_OK && r->json_valid)
      fwrite(r->json.ptr, 1, r->json.len, stdout);
    if (p->want_csv) {
      csv_write(&p->rows, &r->csv_row);
      csv_write(&p->ents, &r->entries);
    }
    if (o->reporter) {
      cvx_reporter_add(o->reporter, in->display, r);
    } else if (r->report.len && (!o->quiet || errs)) {
      if (o->progress) fputs("\r\033[K", stderr);
      fwrite(r->report.ptr, 1, r->report.len, o->diag_out);
    }
  }
  if (o->progress) {
    double t = now();
    if (t - p->last > 0.1 || i + 1 == p->n) {
      progress(o, st, i + 1, p->n, p->t0, false);
      p->last = t;
    }
  }
}

static void convert_input(const cvx_input *in, const cvx_convert_opts *o, cvx_result *res) {
  if (in->site)
    cvx_convert_site(in->path, in->display, o, res);
  else if (in->sniff)
    cvx_convert_walked(in->path, in->display, o, res);
  else
    cvx_convert_file(in->path, in->display, o, res);
}

static void *worker(void *arg) {
  wstate *w = arg;
  pool *p = w->p;
  pthread_mutex_lock(&p->mu);
  for (;;) {
    while (p->next < p->n && p->next >= p->consumed + p->window && !interrupted)
      pthread_cond_wait(&p->room_cv, &p->mu);
    if (p->next >= p->n || interrupted) break;
    size_t i = p->next++;
    size_t nfree = w->npending; /* results of ours the emitters are done with */
    cvx_result *mine = w->pending;
    w->pending = w->local;
    w->local = mine;
    w->npending = 0;
    pthread_mutex_unlock(&p->mu);
    for (size_t k = 0; k < nfree; k++) cvx_result_free(&mine[k]);

    slot *s = &p->slots[i % p->window];
    /* a big JSON document goes to its file (or, in validate, nowhere) while
     * it is written, rather than whole into memory */
    cvx_convert_opts co = p->o->conv;
    s->js = (jstream){.dir = p->o->outdir, .fd = -1};
    if (p->o->mode == CVX_MODE_CONVERT && co.want_json && !p->o->site) {
      co.json_sink = stream_sink;
      co.json_sink_ctx = &s->js;
    } else if (p->o->mode == CVX_MODE_VALIDATE) {
      co.json_sink = discard_sink;
    }
    convert_input(&p->inputs[i], &co, &s->res);
    /* an input cut short by an interrupt (past its grace second) is not
     * finished: nothing of it is written, counted or reported */
    if (interrupted && cvx_cancelled()) s->dropped = true;
    write_outputs(p, &p->inputs[i], s);
    stream_end(&s->js, NULL, NULL, 0); /* not written (dropped, failed): thrown away */
    s->owner = w->id;

    pthread_mutex_lock(&p->mu);
    s->done = true;
    if (p->emitting) continue; /* the emitter will find it done */
    p->emitting = true;
    while (p->consumed < p->n && p->slots[p->consumed % p->window].done) {
      size_t k = p->consumed;
      slot *e = &p->slots[k % p->window];
      pthread_mutex_unlock(&p->mu);
      emit(p, k);
      if (e->owner == w->id) cvx_result_free(&e->res);
      pthread_mutex_lock(&p->mu);
      if (e->owner != w->id) {
        wstate *o = &p->ws[e->owner];
        o->pending[o->npending++] = e->res;
      }
      memset(e, 0, sizeof *e);
      p->consumed = k + 1;
      pthread_cond_broadcast(&p->room_cv);
    }
    p->emitting = false;
  }
  pthread_mutex_unlock(&p->mu);
  return NULL;
}

void cvx_batch_run(const cvx_input *inputs, size_t n, const cvx_batch_opts *o, cvx_batch_stats *st) {
  memset(st, 0, sizeof *st);
  interrupted = 0;
  cvx_cancel_reset();
  link_fails = false;
  struct sigaction sa, old_int, old_term;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);

  int jobs = o->jobs > 0 ? o->jobs : 1;
  if ((size_t)jobs > n && n > 0) jobs = (int)n;
  pool p = {.inputs = inputs, .n = n, .o = o, .st = st, .t0 = now()};
  p.rows.fd = p.ents.fd = -1;
  p.outfd = -1;
#ifdef O_PATH
  if (o->mode == CVX_MODE_CONVERT) p.outfd = open(o->outdir, O_PATH | O_DIRECTORY | O_CLOEXEC);
#endif
  cvx_csv_opts co = {.excel = o->excel, .today = o->conv.today};
  p.want_csv = o->mode == CVX_MODE_CONVERT && o->conv.want_csv;
  if (o->mode == CVX_MODE_CONVERT && !o->fresh_outdir) remove_dead_temps(o->outdir);
  if (p.want_csv) {
    csv_tmp[0][0] = csv_tmp[1][0] = '\0';
    cvx_buf h = CVX_BUF_INIT;
    cvx_emit_csv_header(&co, &h);
    csv_open(&p.rows, o->outdir, "cvx.csv", h.ptr, h.len);
    cvx_buf_clear(&h);
    cvx_emit_entries_header(&co, &h);
    csv_open(&p.ents, o->outdir, "entries.csv", h.ptr, h.len);
    cvx_buf_free(&h);
    csv_tmp_live = 1;
  }
  p.window = (size_t)jobs * 4 + 4;
  p.slots = cvx_xcalloc(p.window, sizeof *p.slots);
  pthread_mutex_init(&p.mu, NULL);
  pthread_cond_init(&p.room_cv, NULL);
  pthread_t *tids = cvx_xcalloc((size_t)jobs, sizeof *tids);
  p.ws = cvx_xcalloc((size_t)jobs, sizeof *p.ws);
  for (int i = 0; i < jobs; i++) {
    p.ws[i] = (wstate){.p = &p, .id = i};
    p.ws[i].pending = cvx_xcalloc(p.window, sizeof(cvx_result));
    p.ws[i].local = cvx_xcalloc(p.window, sizeof(cvx_result));
  }
  int started = 0;
  for (int i = 0; i < jobs && n > 0; i++) {
    /* workers need room: conversion of deep documents uses the stack */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)8 << 20);
    if (pthread_create(&tids[started], &attr, worker, &p.ws[started]) == 0) started++;
    pthread_attr_destroy(&attr);
  }
  if (started == 0 && n > 0) worker(&p.ws[0]); /* no thread to be had: this one does the work */
  for (int i = 0; i < started; i++) pthread_join(tids[i], NULL);
  for (int i = 0; i < jobs; i++) {
    for (size_t k = 0; k < p.ws[i].npending; k++) cvx_result_free(&p.ws[i].pending[k]);
    free(p.ws[i].pending);
    free(p.ws[i].local);
  }
  free(p.ws);
  /* every input taken was finished and emitted; an interrupt only stops new
   * ones from being taken */
  for (size_t i = 0; i < p.window; i++) cvx_result_free(&p.slots[i].res);
  progress(o, st, st->files, n, p.t0, true);
  st->interrupted = interrupted != 0;

  if (p.want_csv) {
    csv_tmp_live = 0; /* renamed or removed below */
    int e1 = csv_close(&p.rows, o->outdir, !st->interrupted);
    int e2 = csv_close(&p.ents, o->outdir, !st->interrupted);
    if (e1 || e2) {
      fprintf(o->diag_out, "cvx: error[output.write]: cannot write %s/%s: %s\n", o->outdir,
              e1 ? "cvx.csv" : "entries.csv", strerror(e1 ? e1 : e2));
      st->fatal = true;
    }
  }
  if (p.outfd >= 0) close(p.outfd);
  free(tids);
  free(p.slots);
  pthread_mutex_destroy(&p.mu);
  pthread_cond_destroy(&p.room_cv);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  st->seconds = now() - p.t0;
}

/* ----------------------------------------------------------- NDJSON in */

typedef struct nd_rec {
  char *id;      /* the record's id as compact JSON ("null" when absent) */
  char *display; /* name for diagnostics */
  char *text;
  size_t len;
  const char *error; /* static: why the line could not be read */
  cvx_result res;
} nd_rec;

typedef struct nd_pool {
  nd_rec *recs;
  size_t n, next;
  const cvx_batch_opts *o;
  pthread_mutex_t mu;
} nd_pool;

static void *nd_worker(void *arg) {
  nd_pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->mu);
    size_t i = p->next < p->n ? p->next++ : p->n;
    pthread_mutex_unlock(&p->mu);
    if (i >= p->n) return NULL;
    nd_rec *r = &p->recs[i];
    if (!r->error)
      cvx_convert_bytes(r->display, (const unsigned char *)r->text, r->len, &p->o->conv, &r->res);
  }
}

/* Parses one input line into r (heap strings owned by r). */
static void nd_parse(nd_rec *r, const char *line, size_t n, size_t lineno) {
  memset(r, 0, sizeof *r);
  json_error_t err;
  json_t *j = json_loadb(line, n, 0, &err);
  json_t *id = j ? json_object_get(j, "id") : NULL;
  json_t *text = j ? json_object_get(j, "text") : NULL;
  r->id = id ? json_dumps(id, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
  if (!r->id) r->id = cvx_xstrdup("null");
  char name[96];
  if (json_is_string(id))
    snprintf(name, sizeof name, "%.80s", json_string_value(id));
  else if (json_is_integer(id))
    snprintf(name, sizeof name, "%" JSON_INTEGER_FORMAT, json_integer_value(id));
  else
    snprintf(name, sizeof name, "<stdin>:%zu", lineno);
  r->display = cvx_xstrdup(name);
  if (!j || !json_is_object(j))
    r->error = "line is not a JSON object";
  else if (!json_is_string(text))
    r->error = "record has no string \"text\"";
  else {
    r->len = json_string_length(text);
    r->text = cvx_xmalloc(r->len + 1);
    memcpy(r->text, json_string_value(text), r->len);
    r->text[r->len] = '\0';
  }
  json_decref(j);
}

static void nd_free(nd_rec *r) {
  free(r->id);
  free(r->display);
  free(r->text);
  if (!r->error) cvx_result_free(&r->res);
}

/* Writes one output line for r and its diagnostics; counts it. */
static void nd_emit(nd_rec *r, const cvx_batch_opts *o, cvx_batch_stats *st) {
  st->files++;
  st->bytes += r->len;
  fputs("{\"id\":", stdout);
  fputs(r->id, stdout);
  if (r->error) {
    st->with_errors++;
    json_t *e = json_string(r->error);
    char *es = json_dumps(e, JSON_ENCODE_ANY);
    fprintf(stdout, ",\"resume\":null,\"error\":%s}\n", es ? es : "\"\"");
    free(es);
    json_decref(e);
    fprintf(o->diag_out, "%s: error[ndjson.record]: %s\n", r->display, r->error);
    return;
  }
  cvx_result *res = &r->res;
  if (res->nerrors) st->with_errors++;
  else if (res->nwarnings) st->with_warnings++;
  if (res->status == CVX_OK && res->json_valid && res->json.len) {
    fputs(",\"resume\":", stdout);
    fwrite(res->json.ptr, 1, res->json.len - 1, stdout); /* without its '\n' */
    fputs("}\n", stdout);
    st->written++;
  } else {
    fputs(",\"resume\":null,\"error\":\"not converted (see diagnostics)\"}\n", stdout);
  }
  if (o->reporter)
    cvx_reporter_add(o->reporter, r->display, res);
  else if (res->report.len && (!o->quiet || res->nerrors))
    fwrite(res->report.ptr, 1, res->report.len, o->diag_out);
}

void cvx_batch_ndjson(FILE *in, const cvx_batch_opts *o, cvx_batch_stats *st) {
  memset(st, 0, sizeof *st);
  double t0 = now();
  int jobs = o->jobs > 0 ? o->jobs : 1;
  size_t window = (size_t)jobs * 4 + 4;
  nd_rec *recs = cvx_xcalloc(window, sizeof *recs);
  pthread_t *tids = cvx_xcalloc((size_t)jobs, sizeof *tids);
  char *line = NULL;
  size_t cap = 0, lineno = 0;
  bool eof = false;
  while (!eof) {
    size_t n = 0;
    while (n < window) {
      ssize_t len = getline(&line, &cap, in);
      if (len < 0) {
        eof = true;
        break;
      }
      lineno++;
      size_t l = (size_t)len;
      while (l && (line[l - 1] == '\n' || line[l - 1] == '\r')) l--;
      size_t k = 0;
      while (k < l && (line[k] == ' ' || line[k] == '\t')) k++;
      if (k == l) continue; /* blank line */
      nd_parse(&recs[n++], line, l, lineno);
    }
    if (!n) break;
    nd_pool p = {.recs = recs, .n = n, .o = o};
    pthread_mutex_init(&p.mu, NULL);
    int started = 0;
    for (int t = 0; t < jobs && (size_t)t < n; t++) {
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setstacksize(&attr, (size_t)8 << 20);
      if (pthread_create(&tids[t], &attr, nd_worker, &p) == 0) started++;
      pthread_attr_destroy(&attr);
    }
    if (!started) nd_worker(&p);
    for (int t = 0; t < started; t++) pthread_join(tids[t], NULL);
    pthread_mutex_destroy(&p.mu);
    for (size_t i = 0; i < n; i++) {
      nd_emit(&recs[i], o, st);
      nd_free(&recs[i]);
    }
    fflush(stdout);
  }
  free(line);
  free(tids);
  free(recs);
  st->seconds = now() - t0;
}
