/* example.c — embedding libcvx: one CV file in, its JSON Resume on stdout,
 * its diagnostics on stderr. cc example.c $(pkg-config --cflags --libs cvx) */
#include <cvx.h>
#include <stdio.h>

int main(int argc, char **argv) {
  static char buf[1 << 20];
  FILE *f = argc == 2 ? fopen(argv[1], "rb") : NULL;
  if (!f) return 2;
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  cvx_conversion *c = cvx_convert(buf, n, argv[1], 0); /* the name's extension picks the reader */
  for (size_t i = 0; i < cvx_conversion_count(c); i++) {
    const cvx_diagnostic *d = cvx_conversion_diagnostic(c, i);
    static const char *const level[] = {"note", "warning", "error"};
    fprintf(stderr, "%s:%u:%u: %s[%s]: %s\n", argv[1], d->line, d->column, level[d->severity], d->code,
            d->message);
  }
  const char *json = cvx_conversion_json(c, NULL);
  if (json) fputs(json, stdout);
  int status = cvx_conversion_errors(c) ? 1 : 0;
  cvx_conversion_free(c);
  return status;
}
