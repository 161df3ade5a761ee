/* usage.c — usage errors of the cvx commands, one line each (usage.h). */
#include "usage.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cvx_usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("cvx: ", stderr);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "; try 'cvx help%s%s'\n", cmd ? " " : "", cmd ? cmd : "");
  return CVX_EXIT_USAGE;
}

/* The long option that arg ("--name" or "--name=value") names: an exact
 * name, else the one option it abbreviates; NULL for none or several. */
static const struct option *long_option(const char *arg, const struct option *longopts, size_t *nmatch) {
  size_t n = strcspn(arg + 2, "=");
  const struct option *found = NULL;
  *nmatch = 0;
  for (const struct option *o = longopts; o && o->name; o++) {
    if (strncmp(arg + 2, o->name, n) != 0) continue;
    if (strlen(o->name) == n) {
      *nmatch = 1;
      return o;
    }
    found = o;
    ++*nmatch;
  }
  return *nmatch == 1 ? found : NULL;
}

int cvx_getopt_error(const char *cmd, int c, int argc, char **argv, const struct option *longopts) {
  const char *arg = optind >= 1 && optind <= argc ? argv[optind - 1] : "";
  size_t nmatch = 0;
  const struct option *lo = strncmp(arg, "--", 2) == 0 ? long_option(arg, longopts, &nmatch) : NULL;
  int n = (int)strcspn(arg, "=");
  /* getopt_long sets optopt to 0 for an unknown long option and to the
   * option's value for a known one; a missing value ends the word */
  if (strncmp(arg, "--", 2) == 0 && (optopt == 0 || (lo && lo->val == optopt))) {
    if (c == ':') return cvx_usage_error(cmd, "option '%.*s' needs a value", n, arg);
    if (lo && arg[n] == '=' && lo->has_arg == no_argument)
      return cvx_usage_error(cmd, "option '--%s' takes no value", lo->name);
    if (nmatch > 1) return cvx_usage_error(cmd, "option '%.*s' is ambiguous", n, arg);
    return cvx_usage_error(cmd, "unknown option '%.*s'", n, arg);
  }
  if (c == ':') return cvx_usage_error(cmd, "option '-%c' needs a value", optopt);
  if (optopt > 32 && optopt < 127) return cvx_usage_error(cmd, "unknown option '-%c'", optopt);
  return cvx_usage_error(cmd, "unknown option '%s'", arg);
}

bool cvx_parse_size(const char *s, size_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || end == s || s[0] == '-') return false;
  unsigned long long mul = 1;
  if (*end == 'k' || *end == 'K') mul = 1024ull, end++;
  else if (*end == 'm' || *end == 'M') mul = 1024ull * 1024, end++;
  else if (*end == 'g' || *end == 'G') mul = 1024ull * 1024 * 1024, end++;
  if (*end) return false;
  if (v > CVX_HARD_MAX_SIZE / mul) return false;
  *out = (size_t)(v * mul);
  return *out > 0;
}
