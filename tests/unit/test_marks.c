/* test_marks.c — the packed marks of cvx_doc (two bit planes, cvx.h) against
 * a reference of one byte a byte with the HIDDEN/TAKEN/KEPT bits: the same
 * class for every byte after random hides, takes and keeps on random spans
 * (across the 64-byte words of the planes), and cvx_coverage's vector loops
 * over them giving the same coverage and unmapped lines as a plain byte by
 * byte count of the reference. */
#include "cvx.h"
#include "emit_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* A source over text (copied into the arena) with its line map. */
static cvx_source *make_source(cvx_arena *a, const char *text, size_t len) {
  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = "test.md";
  src->text = cvx_arena_strndup(a, text, len);
  src->len = len;
  size_t count = 1;
  for (size_t i = 0; i + 1 < len; i++)
    if (text[i] == '\n') count++;
  uint32_t *lines = cvx_arena_alloc(a, count * sizeof *lines);
  size_t k = 1;
  for (size_t i = 0; i + 1 < len; i++)
    if (text[i] == '\n') lines[k++] = (uint32_t)(i + 1);
  src->lines = lines;
  src->nlines = k;
  return src;
}

/* The reference: one byte a byte, the bits the marks had before they were
 * packed. */
enum { R_HIDDEN = 1, R_TAKEN = 2, R_KEPT = 4 };
enum { OP_HIDE, OP_TAKE, OP_KEEP, OP_MARKUP };

static void ref_apply(unsigned char *ref, size_t s, size_t e, int op) {
  for (size_t i = s; i < e; i++) {
    if (op == OP_HIDE || op == OP_MARKUP)
      ref[i] |= R_HIDDEN;
    else if (op == OP_TAKE)
      ref[i] = (unsigned char)((ref[i] & ~R_KEPT) | R_TAKEN);
    else if (!(ref[i] & (R_TAKEN | R_KEPT)))
      ref[i] |= R_KEPT;
  }
}

/* The class a byte of the reference reads as. */
static unsigned ref_class(unsigned char r) {
  return r & R_HIDDEN ? CVX_MARK_HIDDEN : r & R_TAKEN ? CVX_MARK_TAKEN : r & R_KEPT ? CVX_MARK_KEPT : 0;
}

static void doc_apply(cvx_doc *doc, size_t s, size_t e, int op) {
  cvx_span sp = cvx_span_make((uint32_t)s, (uint32_t)e);
  if (op == OP_HIDE)
    cvx_doc_hide(doc, sp);
  else if (op == OP_TAKE)
    cvx_doc_take(doc, sp);
  else if (op == OP_KEEP)
    cvx_doc_keep(doc, sp);
  else
    cvx_doc_mark_range(doc, s, e, CVX_MARK_HIDDEN);
}

/* Compares every byte's class; returns the first byte that differs, or n. */
static size_t first_diff(const cvx_doc *doc, const unsigned char *ref, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (cvx_doc_mark(doc, i) != ref_class(ref[i]) || cvx_doc_hidden(doc, i) != ((ref[i] & R_HIDDEN) != 0)) return i;
  return n;
}

/* Spelled-out cases: ops on "0123456789" and the classes they leave
 * ('.' none, 'h' hidden, 't' taken, 'k' kept). */
static void run_table(void) {
  static const struct {
    const char *name;
    struct {
      int op;
      unsigned s, e;
    } ops[4];
    int nops;
    const char *want;
  } cases[] = {
      {"nothing", {{0, 0, 0}}, 0, ".........."},
      {"keep", {{OP_KEEP, 2, 5}}, 1, "..kkk....."},
      {"take over a keep", {{OP_KEEP, 0, 6}, {OP_TAKE, 3, 8}}, 2, "kkkttttt.."},
      {"keep never undoes a take", {{OP_TAKE, 1, 4}, {OP_KEEP, 0, 6}}, 2, "ktttkk...."},
      {"hidden stays hidden when taken", {{OP_HIDE, 2, 4}, {OP_TAKE, 0, 10}}, 2, "tthhtttttt"},
      {"hidden stays hidden when kept", {{OP_HIDE, 2, 4}, {OP_KEEP, 0, 10}}, 2, "kkhhkkkkkk"},
      {"a take hidden later", {{OP_TAKE, 0, 5}, {OP_HIDE, 3, 7}}, 2, "ttthhhh..."},
      {"markup over kept", {{OP_KEEP, 0, 10}, {OP_MARKUP, 4, 6}}, 2, "kkkkhhkkkk"},
      {"empty span", {{OP_TAKE, 4, 4}}, 1, ".........."},
  };
  const char *text = "0123456789";
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    cvx_arena *a = cvx_arena_new(1 << 12);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_doc *doc = cvx_doc_new(a, make_source(a, text, 10), &dx);
    for (int k = 0; k < cases[c].nops; k++) doc_apply(doc, cases[c].ops[k].s, cases[c].ops[k].e, cases[c].ops[k].op);
    char got[11];
    for (size_t i = 0; i < 10; i++) {
      unsigned m = cvx_doc_mark(doc, i);
      got[i] = m == CVX_MARK_HIDDEN ? 'h' : m == CVX_MARK_TAKEN ? 't' : m == CVX_MARK_KEPT ? 'k' : '.';
    }
    got[10] = '\0';
    char want[11];
    memcpy(want, cases[c].want, 10);
    want[10] = '\0';
    CHECK_STR(got, want, cases[c].name);
    cvx_arena_free(a);
  }
}

/* A small random generator of its own: the same cases on every machine. */
static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
  rng_state = rng_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
  return (uint32_t)((rng_state >> 33) % n);
}

/* Random marks on random spans of texts from 0 to 1,100 bytes: the packed
 * class of every byte is the reference's. */
static void run_random_marks(void) {
  rng_state = 17;
  size_t bad = 0;
  for (int round = 0; round < 2000; round++) {
    size_t n = rnd(4) ? rnd(200) : rnd(1100);
    char *text = malloc(n + 1);
    for (size_t i = 0; i < n; i++) text[i] = rnd(20) ? (char)('a' + rnd(26)) : '\n';
    text[n] = '\0';
    unsigned char *ref = calloc(n + 1, 1);
    cvx_arena *a = cvx_arena_new(1 << 12);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_doc *doc = cvx_doc_new(a, make_source(a, text, n), &dx);
    int nops = (int)rnd(24);
    for (int k = 0; k < nops && n; k++) {
      size_t s = rnd((uint32_t)n + 1), len = rnd(3) ? rnd(20) : rnd((uint32_t)n + 1);
      size_t e = s + len > n ? n : s + len;
      int op = (int)rnd(4);
      ref_apply(ref, s, e, op);
      doc_apply(doc, s, e, op);
    }
    size_t d = first_diff(doc, ref, n);
    if (d != n && bad++ < 5)
      CHECK(d == n, "round %d (%zu bytes): byte %zu reads %u, the reference %u", round, n, d, cvx_doc_mark(doc, d),
            ref_class(ref[d]));
    cvx_arena_free(a);
    free(ref);
    free(text);
  }
  CHECK(bad == 0, "%zu of 2000 random rounds differ", bad);
}

/* The characters the coverage texts are made of: letters and digits of
 * one to three bytes, and what does not count (spaces, punctuation, a dash);
 * no letter makes a stop word and nothing is markup. */
static const char *const pieces[] = {"x", "y", "z", "q", "X", "0", "1", "8", "9", " ", " ", ".", ",", "-", "#",
                                     "\xC3\xA9" /* é */, "\xE2\x80\x94" /* — */, "\xE4\xB8\xAD" /* 中 */};

/* is the piece starting with byte c a letter or digit (as coverage counts) */
static bool countable(const char *p) {
  unsigned char c = (unsigned char)*p;
  if (c < 0x80) return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  return c != 0xE2; /* é and 中 count, — does not */
}

static size_t char_len(unsigned char c) { return c < 0x80 ? 1 : c < 0xE0 ? 2 : 3; }

static bool trim_at(unsigned char c, bool dot) { return c && (strchr(" \t#*-+>|_`=~,;:()[]", c) || (dot && c == '.')); }

/* Random texts and marks: cvx_coverage's share and unmapped lines against a
 * byte-by-byte reading of the reference. */
static void run_random_coverage(void) {
  rng_state = 4242;
  size_t bad = 0;
  for (int round = 0; round < 1500 && bad < 5; round++) {
    /* text of whole characters; starts[k] is where character k starts */
    size_t nch = rnd(4) ? rnd(160) : rnd(900);
    char *text = malloc(nch * 3 + 1);
    size_t *starts = malloc((nch + 1) * sizeof *starts);
    size_t n = 0;
    bool ascii_only = rnd(3) == 0; /* long ASCII runs take the 16- and 8-byte paths */
    for (size_t k = 0; k < nch; k++) {
      starts[k] = n;
      const char *p = rnd(25) == 0                                     ? "\n"
                      : ascii_only                                     ? pieces[rnd(15)]
                                                                       : pieces[rnd(sizeof pieces / sizeof pieces[0])];
      size_t l = strlen(p);
      memcpy(text + n, p, l);
      n += l;
    }
    starts[nch] = n;
    text[n] = '\0';
    unsigned char *ref = calloc(n + 1, 1);
    cvx_arena *a = cvx_arena_new(1 << 12);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_source *src = make_source(a, text, n);
    cvx_doc *doc = cvx_doc_new(a, src, &dx);
    int nops = (int)rnd(20);
    for (int k = 0; k < nops && nch; k++) { /* spans of whole characters */
      size_t s = rnd((uint32_t)nch + 1), len = rnd(3) ? rnd(24) : rnd((uint32_t)nch + 1);
      size_t e = s + len > nch ? nch : s + len;
      int op = (int)rnd(3); /* markup is found by cvx_coverage itself: none here */
      ref_apply(ref, starts[s], starts[e], op);
      doc_apply(doc, starts[s], starts[e], op);
    }
    /* the reference reading */
    size_t total = 0, taken = 0;
    for (size_t i = 0; i < n; i += char_len((unsigned char)text[i])) {
      unsigned c = ref_class(ref[i]);
      if (c == CVX_MARK_HIDDEN || !countable(text + i)) continue;
      total++;
      taken += c == CVX_MARK_TAKEN;
    }
    double want_cov = total ? (double)taken / (double)total : 1.0;
    cvx_buf want = CVX_BUF_INIT, line = CVX_BUF_INIT;
    for (size_t ln = 0; ln < src->nlines; ln++) {
      size_t lb = src->lines[ln], le = ln + 1 < src->nlines ? src->lines[ln + 1] : n, untaken = 0;
      bool gap = false;
      cvx_buf_clear(&line);
      for (size_t i = lb; i < le;) {
        size_t l = char_len((unsigned char)text[i]);
        if (ref[i] == 0 && text[i] != '\n') {
          untaken += countable(text + i);
          if (gap && line.len) cvx_buf_putc(&line, ' ');
          cvx_buf_put(&line, text + i, l);
          gap = false;
        } else {
          gap = true;
        }
        i += l;
      }
      if (untaken < 3) continue;
      size_t s = 0, e = line.len, alnum = 0;
      while (s < e && trim_at((unsigned char)line.ptr[s], true)) s++;
      while (e > s && trim_at((unsigned char)line.ptr[e - 1], false)) e--;
      for (size_t i = s; i < e; i += char_len((unsigned char)line.ptr[i])) alnum += countable(line.ptr + i);
      if (alnum < 3) continue;
      char head[32];
      snprintf(head, sizeof head, "%zu:", ln + 1);
      cvx_buf_puts(&want, head);
      cvx_buf_put(&want, line.ptr + s, e - s);
      cvx_buf_putc(&want, '\n');
    }
    cvx_unmapped *un = NULL;
    size_t nun = 0;
    double cov = cvx_coverage(doc, &un, &nun);
    cvx_buf got = CVX_BUF_INIT;
    for (size_t k = 0; k < nun; k++) {
      char head[32];
      snprintf(head, sizeof head, "%u:", un[k].line);
      cvx_buf_puts(&got, head);
      cvx_buf_puts(&got, un[k].text);
      cvx_buf_putc(&got, '\n');
    }
    bool same = cov == want_cov && got.len == want.len && (!got.len || memcmp(got.ptr, want.ptr, got.len) == 0);
    if (!same) {
      bad++;
      CHECK(same, "round %d (%zu bytes): coverage %.6f, reference %.6f; unmapped:\n%s--- reference:\n%s", round, n,
            cov, want_cov, got.len ? got.ptr : "", want.len ? want.ptr : "");
    }
    cvx_buf_free(&got);
    cvx_buf_free(&want);
    cvx_buf_free(&line);
    cvx_arena_free(a);
    free(ref);
    free(starts);
    free(text);
  }
  CHECK(bad == 0, "%zu random texts differ", bad);
}

int main(void) {
  run_table();
  run_random_marks();
  run_random_coverage();
  return check_done("marks");
}
