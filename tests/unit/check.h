/* check.h — the tiny harness every unit test uses: table-driven checks that
 * print what failed and a closing "N passed, N failed" line the runner sums. */
#ifndef CVX_CHECK_H
#define CVX_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (cond) {                                                                \
      check_passed++;                                                          \
    } else {                                                                   \
      check_failed++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond);         \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
    }                                                                          \
  } while (0)

/* Compares two strings (NULL allowed on either side). */
#define CHECK_STR(got, want, ctx)                                              \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    CHECK((g_ == NULL && w_ == NULL) || (g_ && w_ && strcmp(g_, w_) == 0),     \
          "%s: got \"%s\", want \"%s\"", (ctx), g_ ? g_ : "(null)",            \
          w_ ? w_ : "(null)");                                                 \
  } while (0)

/* Prints the closing line and returns the exit status for main. */
static inline int check_done(const char *suite) {
  printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
  return check_failed ? 1 : 0;
}

#endif
