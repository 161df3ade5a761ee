/* usage.h — how every cvx command reports a usage error: one line naming the
 * problem and the help to read ("cvx: unknown option '--x'; try 'cvx help
 * convert'"), never the whole help; the command then exits 2. */
#ifndef CVX_USAGE_H
#define CVX_USAGE_H

#include "cvx.h"

#include <getopt.h>

#define CVX_EXIT_USAGE 2

/* Prints "cvx: MESSAGE; try 'cvx help CMD'" (CMD NULL: 'cvx help') on
 * standard error; returns CVX_EXIT_USAGE. */
int cvx_usage_error(const char *cmd, const char *fmt, ...) CVX_PRINTF(2, 3);
/* The usage error for what getopt_long returned as c ('?' or ':', with an
 * optstring that starts with ':' and opterr 0): an unknown option, an option
 * without its value, a value given to an option that takes none. */
int cvx_getopt_error(const char *cmd, int c, int argc, char **argv, const struct option *longopts);

/* A --max-size value: bytes, with an optional K, M or G suffix (powers of
 * 1024), from 1 to CVX_HARD_MAX_SIZE; false for anything else. */
bool cvx_parse_size(const char *s, size_t *out);

#endif
