/* test_core.c — unit tests of the core: the arena (alignment, zeroing, big
 * blocks, grow, printf), the string buffer, the diagnostics list and a
 * block's coded parts (list marker, links, bold run). */
#include "blocks.h"
#include "cvx.h"

#include "check.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- arena */

static void test_arena(void) {
  cvx_arena *a = cvx_arena_new(0); /* a tiny chunk size is raised to a minimum */
  CHECK(a != NULL, "arena_new");
  size_t before = cvx_arena_bytes(a);

  /* every block is aligned for any type and zeroed, whatever the size */
  int misaligned = 0, dirty = 0;
  for (size_t n = 0; n < 200; n++) {
    unsigned char *p = cvx_arena_alloc(a, n);
    if ((uintptr_t)p % alignof(max_align_t)) misaligned++;
    for (size_t i = 0; i < n; i++) dirty += p[i] != 0;
    memset(p, 0xab, n);
  }
  CHECK(misaligned == 0, "%d misaligned blocks", misaligned);
  CHECK(dirty == 0, "%d non-zero bytes in fresh blocks", dirty);
  CHECK(cvx_arena_bytes(a) > before, "arena_bytes grows");

  /* big blocks (over a quarter chunk, over a whole chunk) are usable and zeroed */
  static const size_t bigs[] = {300, 1024, 5000, 1 << 20};
  for (size_t i = 0; i < sizeof bigs / sizeof bigs[0]; i++) {
    size_t reserved = cvx_arena_bytes(a);
    unsigned char *p = cvx_arena_alloc(a, bigs[i]);
    CHECK((uintptr_t)p % alignof(max_align_t) == 0, "big block %zu aligned", bigs[i]);
    CHECK(p[0] == 0 && p[bigs[i] - 1] == 0, "big block %zu zeroed", bigs[i]);
    memset(p, 0x5a, bigs[i]);
    if (bigs[i] >= 1024)
      CHECK(cvx_arena_bytes(a) >= reserved + bigs[i], "big block %zu counted", bigs[i]);
  }
  /* the current chunk keeps filling after a big block */
  char *x = cvx_arena_alloc(a, 8), *y = cvx_arena_alloc(a, 8);
  CHECK(x && y && x != y, "small blocks after a big one");

  /* strndup / strdup copy and terminate */
  char *s = cvx_arena_strndup(a, "hello world", 5);
  CHECK_STR(s, "hello", "strndup");
  CHECK_STR(cvx_arena_strndup(a, "abc", 0), "", "strndup of nothing");
  CHECK_STR(cvx_arena_strdup(a, "caf\xC3\xA9"), "caf\xC3\xA9", "strdup");

  /* printf, short and longer than a chunk */
  CHECK_STR(cvx_arena_printf(a, "%s:%d:%u", "cv.md", 12, 3u), "cv.md:12:3", "arena_printf");
  CHECK_STR(cvx_arena_printf(a, "%s", ""), "", "arena_printf empty");
  char *long_s = cvx_arena_printf(a, "%05000d|", 7);
  CHECK(long_s && strlen(long_s) == 5001 && long_s[4999] == '7' && long_s[5000] == '|',
        "arena_printf of 5001 bytes");

  /* grow keeps the old elements and zeroes the new ones */
  int *v = NULL;
  size_t n = 0, cap = 0;
  for (int i = 0; i < 1000; i++) {
    if (n == cap) {
      size_t ncap = cap ? cap * 2 : 4;
      v = cvx_arena_grow(a, v, n, ncap, sizeof *v);
      CHECK(v[n] == 0 && v[ncap - 1] == 0, "grow zeroes the tail (cap %zu)", ncap);
      cap = ncap;
    }
    v[n++] = i * 3;
  }
  int wrong = 0;
  for (int i = 0; i < 1000; i++) wrong += v[i] != i * 3;
  CHECK(wrong == 0, "grow kept %d element(s) wrong", wrong);
  int *w = cvx_arena_grow(a, v, 1000, 10, sizeof *v);
  CHECK(w[0] == 0 && w[9] == 27, "grow to fewer elements copies the first ones");
  CHECK(cvx_arena_grow(a, NULL, 0, 0, sizeof *v) != NULL, "grow to nothing");

  cvx_arena_free(a);
  cvx_arena_free(NULL);

  /* the inline paths (blocks up to 128 bytes, copies that fit the chunk):
   * every block zeroed and aligned even over dirty memory, across chunks;
   * strings (packed down from the end of the room) never overlap a block:
   * each is intact after every later block was written over */
  cvx_arena *f = cvx_arena_new(1024);
  int bad = 0;
  static char *strs[2000];
  for (int i = 0; i < 2000; i++) {
    size_t sz = (size_t)(i % 131);
    unsigned char *p = cvx_arena_alloc(f, sz);
    for (size_t k = 0; k < sz; k++) bad += p[k] != 0;
    bad += ((uintptr_t)p % alignof(max_align_t)) != 0;
    memset(p, 0xAB, sz ? sz : 1);
    strs[i] = cvx_arena_strndup(f, "abcdefghijklmnopqrstuvwxyz", (size_t)(i % 27));
  }
  for (int i = 0; i < 2000; i++)
    bad += strlen(strs[i]) != (size_t)(i % 27) ||
           strncmp(strs[i], "abcdefghijklmnopqrstuvwxyz", (size_t)(i % 27)) != 0;
  CHECK(bad == 0, "inline alloc/strndup: %d bad block(s)", bad);
  {
    /* strings cost their length and their NUL, not a multiple of 16 */
    cvx_arena *g = cvx_arena_new(1024);
    CHECK(cvx_arena_alloc(g, 8) != NULL, "the first chunk");
    char *s1 = cvx_arena_strndup(g, "abc", 3), *s2 = cvx_arena_strndup(g, "de", 2);
    char *s3 = (cvx_arena_strndup)(g, "f", 1);
    CHECK(s1 - s2 == 3 && s2 - s3 == 2, "strings packed: %td %td", s1 - s2, s2 - s3);
    CHECK_STR(s1, "abc", "packed 1");
    CHECK_STR(s2, "de", "packed 2");
    cvx_arena_free(g);
  }
  char *big = cvx_arena_strndup(f, "x", 1);
  CHECK_STR(big, "x", "strndup after many chunks");
  cvx_arena_free(f);

  /* many arenas: nothing leaks (LeakSanitizer watches) */
  for (int i = 0; i < 50; i++) {
    cvx_arena *t = cvx_arena_new(1 << 12);
    for (int j = 0; j < 100; j++) (void)cvx_arena_alloc(t, (size_t)j * 37);
    cvx_arena_free(t);
  }
}

/* ------------------------------------------------------------------- buf */

static void test_buf(void) {
  cvx_buf b = CVX_BUF_INIT;
  CHECK(b.ptr && b.ptr[0] == '\0' && b.len == 0 && b.cap == 0, "CVX_BUF_INIT is empty");
  cvx_buf_truncate(&b, 0);
  cvx_buf_clear(&b);
  cvx_buf_put(&b, "x", 0);
  CHECK(b.cap == 0 && b.ptr[0] == '\0', "no-ops keep the shared empty string");

  /* growth: many appends, always NUL-terminated, cap always above len */
  int broken = 0;
  for (int i = 0; i < 10000; i++) {
    cvx_buf_putc(&b, (char)('a' + i % 26));
    if (b.ptr[b.len] != '\0' || b.cap <= b.len || b.len != (size_t)i + 1) broken++;
  }
  CHECK(broken == 0, "putc growth broke %d time(s)", broken);
  CHECK(b.ptr[0] == 'a' && b.ptr[25] == 'z' && b.ptr[9999] == 'a' + 9999 % 26, "putc content");
  CHECK(strlen(b.ptr) == b.len, "strlen matches len");

  /* truncate shortens, never lengthens */
  cvx_buf_truncate(&b, 3);
  CHECK_STR(b.ptr, "abc", "truncate");
  cvx_buf_truncate(&b, 100);
  CHECK(b.len == 3 && strcmp(b.ptr, "abc") == 0, "truncate past the end is a no-op");
  cvx_buf_clear(&b);
  CHECK(b.len == 0 && b.ptr[0] == '\0' && b.cap > 0, "clear keeps the memory");

  /* puts, put with embedded text, printf appending */
  cvx_buf_puts(&b, "name: ");
  cvx_buf_put(&b, "Jane Doe\nignored", 8);
  cvx_buf_printf(&b, " (%d, %s)", 1984, "Paris");
  CHECK_STR(b.ptr, "name: Jane Doe (1984, Paris)", "puts/put/printf");
  cvx_buf_printf(&b, "%s", "");
  CHECK(b.len == 28 && b.ptr[28] == '\0', "printf of nothing");
  size_t len = b.len;
  cvx_buf_printf(&b, "%0300d", 5);
  CHECK(b.len == len + 300 && b.ptr[b.len - 1] == '5' && b.ptr[b.len] == '\0',
        "printf that grows the buffer");

  /* reserve makes room without changing the content */
  cvx_buf_reserve(&b, 100000);
  CHECK(b.cap >= b.len + 100001 && b.ptr[b.len] == '\0', "reserve");

  /* detach hands over the heap string and leaves the buffer empty */
  char *d = cvx_buf_detach(&b);
  CHECK(d && strncmp(d, "name: Jane Doe", 14) == 0, "detach content");
  CHECK(b.len == 0 && b.cap == 0 && b.ptr[0] == '\0', "detach leaves an empty buffer");
  free(d);
  d = cvx_buf_detach(&b);
  CHECK(d && d[0] == '\0', "detach of an empty buffer gives a heap \"\"");
  free(d);

  cvx_buf_printf(&b, "%s=%d", "k", 1);
  CHECK_STR(b.ptr, "k=1", "printf into a fresh buffer");
  cvx_buf_free(&b);
  CHECK(b.len == 0 && b.cap == 0 && b.ptr[0] == '\0', "free resets");
  cvx_buf_free(&b);

  cvx_buf c;
  cvx_buf_init(&c);
  CHECK(c.ptr && c.ptr[0] == '\0' && c.len == 0 && c.cap == 0, "buf_init");
  cvx_buf_free(&c);
}

/* ----------------------------------------------------------------- diags */

static void test_diags(void) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  CHECK(dx.n == 0 && dx.nerrors == 0 && dx.nwarnings == 0, "diags_init");

  cvx_diag_add(&dx, CVX_WARNING, "source.empty", CVX_NOSPAN, "file is empty");
  cvx_diag_add(&dx, CVX_ERROR, "source.io", cvx_span_make(3, 7), "cannot open %s: %s", "cv.md",
               "denied");
  cvx_diag_add(&dx, CVX_NOTE, "x.note", CVX_NOSPAN, "%d note(s)", 1);
  CHECK(dx.n == 3 && dx.nerrors == 1 && dx.nwarnings == 1, "counts: n %zu errors %zu warnings %zu",
        dx.n, dx.nerrors, dx.nwarnings);
  CHECK_STR(dx.items[1].code, "source.io", "code");
  CHECK_STR(dx.items[1].message, "cannot open cv.md: denied", "message formatted");
  CHECK(dx.items[1].span.start == 3 && dx.items[1].span.end == 7, "span kept");
  CHECK(!cvx_span_valid(dx.items[0].span), "CVX_NOSPAN kept");
  CHECK(dx.items[2].severity == CVX_NOTE, "note severity");
  cvx_diag_add(&dx, CVX_WARNING, "x.empty", CVX_NOSPAN, "%s", "");
  CHECK(dx.n == 4 && dx.items[3].message && dx.items[3].message[0] == '\0', "empty message");

  /* the list is capped; the counts keep counting */
  for (int i = 0; i < 1500; i++)
    cvx_diag_add(&dx, i % 2 ? CVX_ERROR : CVX_WARNING, "x.flood",
                 cvx_span_make((size_t)i, (size_t)i), "flood %d", i);
  CHECK(dx.n == 1000, "cap: n %zu, want 1000", dx.n);
  CHECK(dx.nerrors == 1 + 750 && dx.nwarnings == 2 + 750,
        "counts past the cap: %zu errors %zu warnings", dx.nerrors, dx.nwarnings);
  CHECK_STR(dx.items[999].message, "flood 995", "last kept diagnostic");

  CHECK_STR(cvx_severity_str(CVX_NOTE), "note", "severity note");
  CHECK_STR(cvx_severity_str(CVX_WARNING), "warning", "severity warning");
  CHECK_STR(cvx_severity_str(CVX_ERROR), "error", "severity error");
  CHECK_STR(cvx_status_str(CVX_OK), "ok", "status ok");
  CHECK_STR(cvx_status_str(CVX_EBINARY), "binary file", "status binary");
  CHECK_STR(cvx_status_str((cvx_status)99), "unknown status", "status unknown");

  /* spans */
  CHECK(cvx_span_valid(cvx_span_make(0, 0)), "empty span is valid");
  CHECK(!cvx_span_valid((cvx_span){5, 4}), "reversed span is invalid");
  cvx_arena_free(a);
}

/* ---------------------------------------------------------------- blocks */

/* Every marker reads back as it was set, whether coded in the block (bullets,
 * numbers in four forms) or kept in the process's table (anything else,
 * numbers with leading zeros or too big to code). */
static void test_block_markers(void) {
  static const char *const markers[] = {
      "", "-", "*", "+", "o", "\xE2\x80\xA2", "\xEF\x82\xA7", "1.", "1)", "(1)", "[1]", "0.", "9)",
      "131071.", "131072.", "999999.", "1234567890.", "007.", "01)", "(a)", "a)", "iv.", "[12a]", "->",
      "#", "1.2.", "(", ")", ".", "[]", "a very long marker of more than thirty-two bytes", NULL};
  cvx_block b = {0};
  char buf[CVX_MARKER_MAX];
  CHECK(cvx_block_marker(&b, buf) == NULL && !cvx_block_has_marker(&b), "a new block has no marker");
  for (int i = 0; markers[i]; i++) {
    cvx_block_set_marker(&b, markers[i]);
    CHECK(cvx_block_has_marker(&b), "marker \"%s\" is there", markers[i]);
    const char *got = cvx_block_marker(&b, buf);
    if (strlen(markers[i]) < 32) CHECK_STR(got, markers[i], "marker round trip");
    else CHECK_STR(got, "?", "a marker too long to keep reads as \"?\"");
    cvx_block c = b; /* a copy reads the same */
    CHECK_STR(cvx_block_marker(&c, buf), got, "marker of a copy");
  }
  cvx_block_set_marker(&b, NULL);
  CHECK(!cvx_block_has_marker(&b) && cvx_block_marker(&b, buf) == NULL, "marker cleared");
}

/* Links and the bold run live in a part shared by copies: setting one on a
 * block leaves its copies as they were. */
static void test_block_extras(void) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_block b = {0};
  CHECK(!b.x && !cvx_block_nlinks(&b) && !cvx_block_links(&b) && !cvx_block_strong(&b), "a bare block");
  cvx_block_set_strong(a, &b, 5);
  CHECK(cvx_block_strong(&b) == 5 && !cvx_block_nlinks(&b), "bold run set");
  cvx_links_add(a, &b, "site", "https://a.example", cvx_span_make(1, 2));
  cvx_links_add(a, &b, NULL, "https://b.example", cvx_span_make(3, 4));
  cvx_links_add(a, &b, "none", NULL, cvx_span_make(5, 6)); /* no url: no link */
  CHECK(cvx_block_nlinks(&b) == 2 && cvx_block_strong(&b) == 5, "two links, bold run kept");
  CHECK_STR(cvx_block_links(&b)[0].url, "https://a.example", "first link");
  CHECK_STR(cvx_block_links(&b)[1].text, "", "second link's text");
  cvx_block copy = b;
  cvx_block_set_strong(a, &copy, 0);
  CHECK(cvx_block_strong(&copy) == 0 && cvx_block_nlinks(&copy) == 2, "copy: bold run cleared, links kept");
  CHECK(cvx_block_strong(&b) == 5, "the original keeps its bold run");
  cvx_block_set_links(a, &copy, NULL, 0);
  CHECK(copy.x == NULL, "nothing left: no extra part");
  CHECK(cvx_block_nlinks(&b) == 2, "the original keeps its links");
  cvx_arena_free(a);
}

int main(void) {
  test_arena();
  test_buf();
  test_diags();
  test_block_markers();
  test_block_extras();
  return check_done("core");
}
