/* bibcmd.h — `cvx bib`: reference strings in, BibTeX or CSL-JSON lines out. */
#ifndef CVX_BIBCMD_H
#define CVX_BIBCMD_H

/* Runs `cvx bib [--csl] [--ascii] [--ids FILE] [FILE|-]` with argv[0] = "bib".
 * Returns the process exit status (0 ok, 1 input error, 2 usage error). */
int cvx_bib_main(int argc, char **argv);

#endif
