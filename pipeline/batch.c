/* batch.c — the batch runner: N workers convert files ahead of a consumer
 * that takes results in input order within a bounded window, so memory stays
 * bounded and every output is byte-identical whatever -j is. */
#include "batch.h"

#include "emit.h"

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

/* The first signal lets finished work land and stops cleanly; a second one
 * (the default action, restored here) ends the process at once. */
static void on_signal(int sig) {
  interrupted = 1;
  signal(sig, SIG_DFL);
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

/* Opens a fresh temporary file in dir; *tmp receives its heap path. */
static int open_temp(const char *dir, char **tmp) {
  size_t len = strlen(dir) + 32;
  char *p = cvx_xmalloc(len);
  snprintf(p, len, "%s/.cvx-tmp-XXXXXX", dir);
  int fd = mkstemp(p);
  if (fd < 0) {
    int e = errno;
    free(p);
    *tmp = NULL;
    return -e;
  }
  fchmod(fd, 0644);
  *tmp = p;
  return fd;
}

static char *join(const char *dir, const char *name) {
  size_t len = strlen(dir) + strlen(name) + 2;
  char *p = cvx_xmalloc(len);
  snprintf(p, len, "%s/%s", dir, name);
  return p;
}

int cvx_write_atomic(const char *dir, const char *name, const char *data, size_t len) {
  char *tmp;
  int fd = open_temp(dir, &tmp);
  if (fd < 0) return -fd;
  int e = write_all(fd, data, len);
  if (close(fd) != 0 && !e) e = errno;
  char *dst = join(dir, name);
  if (!e && rename(tmp, dst) != 0) e = errno;
  if (e) unlink(tmp);
  free(dst);
  free(tmp);
  return e;
}

/* A CSV file being appended in input order, renamed into place at the end. */
typedef struct csv_out {
  int fd;
  char *tmp;
  const char *name;
  int err;
} csv_out;

static void csv_open(csv_out *c, const char *dir, const char *name, const char *header, size_t hlen) {
  c->name = name;
  c->err = 0;
  c->fd = open_temp(dir, &c->tmp);
  if (c->fd < 0) {
    c->err = -c->fd;
    return;
  }
  c->err = write_all(c->fd, header, hlen);
}

static void csv_write(csv_out *c, const cvx_buf *b) {
  if (c->fd >= 0 && !c->err && b->len) c->err = write_all(c->fd, b->ptr, b->len);
}

static int csv_close(csv_out *c, const char *dir, bool commit) {
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

typedef struct slot {
  bool done;
  cvx_result res;
  int write_err; /* errno of a failed output write */
  char write_what[64];
} slot;

typedef struct pool {
  const cvx_input *inputs;
  size_t n;
  const cvx_batch_opts *o;
  slot *slots;
  size_t window;
  size_t next;     /* next input a worker takes */
  size_t consumed; /* inputs the consumer has finished */
  pthread_mutex_t mu;
  pthread_cond_t work_cv; /* window moved */
  pthread_cond_t done_cv; /* a slot was filled */
} pool;

/* Writes one input's files (worker side: files are per input, so no order is
 * needed); removes stale outputs of an input that failed. */
static void write_outputs(pool *p, const cvx_input *in, slot *s) {
  const cvx_batch_opts *o = p->o;
  if (o->mode != CVX_MODE_CONVERT) return;
  char name[4096];
  if (o->conv.want_json) {
    snprintf(name, sizeof name, "%s.json", in->stem);
    if (s->res.status == CVX_OK && s->res.json_valid && s->res.json.len) {
      int e = cvx_write_atomic(o->outdir, name, s->res.json.ptr, s->res.json.len);
      if (e) {
        s->write_err = e;
        snprintf(s->write_what, sizeof s->write_what, "%.50s", name);
      }
    } else {
      char *dst = join(o->outdir, name);
      unlink(dst);
      free(dst);
    }
  }
  if (o->conv.want_bib) {
    snprintf(name, sizeof name, "%s.bib", in->stem);
    if (s->res.status == CVX_OK && s->res.bib.len) {
      int e = cvx_write_atomic(o->outdir, name, s->res.bib.ptr, s->res.bib.len);
      if (e && !s->write_err) {
        s->write_err = e;
        snprintf(s->write_what, sizeof s->write_what, "%.50s", name);
      }
    } else {
      char *dst = join(o->outdir, name);
      unlink(dst);
      free(dst);
    }
  }
}

static void *worker(void *arg) {
  pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->mu);
    while (p->next < p->n && p->next >= p->consumed + p->window && !interrupted)
      pthread_cond_wait(&p->work_cv, &p->mu);
    if (p->next >= p->n || interrupted) {
      pthread_cond_broadcast(&p->done_cv); /* the consumer may be waiting for an input nobody takes */
      pthread_mutex_unlock(&p->mu);
      return NULL;
    }
    size_t i = p->next++;
    pthread_mutex_unlock(&p->mu);

    slot *s = &p->slots[i % p->window];
    cvx_convert_file(p->inputs[i].path, p->inputs[i].display, &p->o->conv, &s->res);
    write_outputs(p, &p->inputs[i], s);

    pthread_mutex_lock(&p->mu);
    s->done = true;
    pthread_cond_broadcast(&p->done_cv);
    pthread_mutex_unlock(&p->mu);
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress(const cvx_batch_opts *o, size_t done, size_t n, size_t errs, double t0, bool final) {
  if (!o->progress) return;
  double el = now() - t0;
  fprintf(stderr, "\r\033[K[%zu/%zu] %3d%%  %zu with errors  %.0f files/s", done, n,
          n ? (int)(100.0 * (double)done / (double)n) : 100, errs, el > 0 ? (double)done / el : 0.0);
  if (final) fputs("\r\033[K", stderr);
  fflush(stderr);
}

void cvx_batch_run(const cvx_input *inputs, size_t n, const cvx_batch_opts *o, cvx_batch_stats *st) {
  memset(st, 0, sizeof *st);
  double t0 = now();
  interrupted = 0;
  struct sigaction sa, old_int, old_term;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);

  cvx_csv_opts co = {.excel = o->excel, .today = o->conv.today};
  csv_out rows = {.fd = -1}, ents = {.fd = -1};
  bool want_csv = o->mode == CVX_MODE_CONVERT && o->conv.want_csv;
  if (want_csv) {
    cvx_buf h = CVX_BUF_INIT;
    cvx_emit_csv_header(&co, &h);
    csv_open(&rows, o->outdir, "cvx.csv", h.ptr, h.len);
    cvx_buf_clear(&h);
    cvx_emit_entries_header(&co, &h);
    csv_open(&ents, o->outdir, "entries.csv", h.ptr, h.len);
    cvx_buf_free(&h);
  }

  int jobs = o->jobs > 0 ? o->jobs : 1;
  if ((size_t)jobs > n && n > 0) jobs = (int)n;
  pool p = {.inputs = inputs, .n = n, .o = o};
  p.window = (size_t)jobs * 4 + 4;
  p.slots = cvx_xcalloc(p.window, sizeof *p.slots);
  pthread_mutex_init(&p.mu, NULL);
  pthread_cond_init(&p.work_cv, NULL);
  pthread_cond_init(&p.done_cv, NULL);
  pthread_t *tids = cvx_xcalloc((size_t)jobs, sizeof *tids);
  int started = 0;
  for (int i = 0; i < jobs && n > 0; i++) {
    /* workers need room: conversion of deep documents uses the stack */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)8 << 20);
    if (pthread_create(&tids[i], &attr, worker, &p) == 0) started++;
    pthread_attr_destroy(&attr);
  }

  double last = 0;
  for (size_t i = 0; i < n; i++) {
    slot *s = &p.slots[i % p.window];
    if (started == 0) {
      if (interrupted) break;
      pthread_mutex_lock(&p.mu);
      p.next = i + 1;
      pthread_mutex_unlock(&p.mu);
      cvx_convert_file(inputs[i].path, inputs[i].display, &o->conv, &s->res);
      write_outputs(&p, &inputs[i], s);
      s->done = true;
    }
    pthread_mutex_lock(&p.mu);
    while (!s->done && !(interrupted && i >= p.next)) {
      /* a timed wait: a signal never wakes a condition variable */
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_nsec += 200 * 1000 * 1000;
      if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
      }
      pthread_cond_timedwait(&p.done_cv, &p.mu, &ts);
    }
    bool have = s->done;
    pthread_mutex_unlock(&p.mu);
    if (!have) break; /* interrupted before this input started */

    cvx_result *r = &s->res;
    st->files++;
    st->bytes += r->bytes;
    size_t errs = r->nerrors;
    if (s->write_err) {
      errs++;
      cvx_buf_printf(&r->report, "%s: error[output.write]: cannot write %s/%s: %s\n", inputs[i].display,
                     o->outdir, s->write_what, strerror(s->write_err));
    }
    if (errs) st->with_errors++;
    else if (r->nwarnings) st->with_warnings++;
    if (o->mode == CVX_MODE_CONVERT && r->status == CVX_OK && r->json_valid && !s->write_err) st->written++;
    if (o->mode == CVX_MODE_STDOUT) {
      const cvx_buf *b = o->conv.want_json ? &r->json : &r->bib;
      fwrite(b->ptr, 1, b->len, stdout);
    }
    if (want_csv) {
      csv_write(&rows, &r->csv_row);
      csv_write(&ents, &r->entries);
    }
    if (r->report.len && (!o->quiet || errs)) {
      if (o->progress) fputs("\r\033[K", stderr);
      fwrite(r->report.ptr, 1, r->report.len, o->diag_out);
    }
    cvx_result_free(r);
    memset(s, 0, sizeof *s);

    pthread_mutex_lock(&p.mu);
    p.consumed = i + 1;
    pthread_cond_broadcast(&p.work_cv);
    pthread_mutex_unlock(&p.mu);

    double t = now();
    if (o->progress && (t - last > 0.1 || i + 1 == n)) {
      progress(o, i + 1, n, st->with_errors, t0, false);
      last = t;
    }
  }
  pthread_mutex_lock(&p.mu);
  pthread_cond_broadcast(&p.work_cv);
  pthread_mutex_unlock(&p.mu);
  for (int i = 0; i < started; i++) pthread_join(tids[i], NULL);
  /* results that finished after an interrupt are dropped cleanly */
  for (size_t i = 0; i < p.window; i++) cvx_result_free(&p.slots[i].res);
  progress(o, st->files, n, st->with_errors, t0, true);
  st->interrupted = interrupted != 0;

  if (want_csv) {
    int e1 = csv_close(&rows, o->outdir, !st->interrupted);
    int e2 = csv_close(&ents, o->outdir, !st->interrupted);
    if (e1 || e2) {
      fprintf(o->diag_out, "cvx: error[output.write]: cannot write %s/%s: %s\n", o->outdir,
              e1 ? "cvx.csv" : "entries.csv", strerror(e1 ? e1 : e2));
      st->fatal = true;
    }
  }
  free(tids);
  free(p.slots);
  pthread_mutex_destroy(&p.mu);
  pthread_cond_destroy(&p.work_cv);
  pthread_cond_destroy(&p.done_cv);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  st->seconds = now() - t0;
}
