/* test_address.c — postal addresses on one line (cvx_address_parse): the
 * orders people and page templates write the parts in, with commas or
 * spaces alone, and the lines that look like addresses but are not. */
#include "grammar.h"

#include "check.h"

#include <stdlib.h>

/* want: street | postal code | city | region | country's code, "" for a
 * part not written; NULL: not an address. */
typedef struct row {
  const char *in;
  const char *want;
} row;

static const row ROWS[] = {
    /* commas */
    {"Lindenweg 12, 04109, Leipzig (DE)", "Lindenweg 12|04109|Leipzig||DE"},
    {"Lindenweg 12, 04109, Leipzig, (DE)", "Lindenweg 12|04109|Leipzig||DE"},
    {"Lindenweg 12, 04109 Leipzig, Germany", "Lindenweg 12|04109|Leipzig||DE"},
    {"Lindenweg 12, Leipzig, Germany, 04109", "Lindenweg 12|04109|Leipzig||DE"},
    {"Lindenweg 12, Leipzig, AT, 04109", "Lindenweg 12|04109|Leipzig||AT"},
    /* (two capitals a North American region and a country share, after the
     * city outside brackets, are the region: Delaware, not Germany) */
    {"9 Quay Street, Dover, DE, 19901", "9 Quay Street|19901|Dover|DE|"},
    {"Rua das Flores 8, Braga 4700, Portugal", "Rua das Flores 8|4700|Braga||PT"},
    {"14 Harbour Road, Ventura, CA 93001", "14 Harbour Road|93001|Ventura|CA|"},
    {"14 Harbour Road, 93001, Ventura, CA", "14 Harbour Road|93001|Ventura|CA|"},
    {"14 Harbour Road, Ventura CA, 93001-4410", "14 Harbour Road|93001-4410|Ventura|CA|"},
    {"14 Harbour Road, Rear, 93001, Ventura (US), California", "14 Harbour Road, Rear|93001|Ventura|California|US"},
    {"14 Harbour Road, Rear, Ventura, California, US, 93001", "14 Harbour Road, Rear|93001|Ventura|California|US"},
    {"3 Chemin des Prés, 1204, Genève (CH),", "3 Chemin des Prés|1204|Genève||CH"},
    {"Alte Gasse 3b, 7000 Chur", "Alte Gasse 3b|7000|Chur||"},
    /* spaces alone: the postal code finds the city's end */
    {"Alte Gasse 3 Bad Ragaz 7310 CH", "Alte Gasse 3|7310|Bad Ragaz||CH"},
    {"71 Orchard St. Apt 12 Ventura CA 93001", "71 Orchard St. Apt 12|93001|Ventura|CA|"},
    {"71 Orchard St Ventura CA 93001", "71 Orchard St|93001|Ventura|CA|"},
    {"Bad Ragaz 7310 CH", "|7310|Bad Ragaz||CH"},
    /* not addresses */
    {"Bad Ragaz 7310", NULL},          /* a city and a number: no street, no country */
    {"Senior Engineer, Initech, 2019", NULL},
    {"Python 3, Django, Flask", NULL},
    {"Lindenweg 12, Leipzig", NULL},   /* no postal code, no country */
    {"12 papers, 3 talks, 2019", NULL},
    {"Room 4.12, Building 7, Campus North", NULL},
    {"jane@initech.example, 04109, Leipzig", NULL},
    {"", NULL},
    {"Lindenweg 12,, 04109, Leipzig (DE)", NULL},
};

static void part(const char *in, const cvx_address *ad, int f, char *out, size_t cap) {
  size_t a = ad->at[f][0], b = ad->at[f][1];
  if (f == CVX_ADDR_COUNTRY) {
    snprintf(out, cap, "%s", ad->cc ? ad->cc : "");
    return;
  }
  snprintf(out, cap, "%.*s", (int)(b - a), in + a);
}

int main(void) {
  for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
    cvx_address ad;
    bool ok = cvx_address_parse(ROWS[i].in, strlen(ROWS[i].in), &ad);
    if (!ROWS[i].want) {
      CHECK(!ok, "%s: no address", ROWS[i].in);
      continue;
    }
    CHECK(ok, "%s: an address", ROWS[i].in);
    if (!ok) continue;
    char got[512] = "", one[160];
    for (int f = 0; f < CVX_ADDR_NPARTS; f++) {
      part(ROWS[i].in, &ad, f, one, sizeof one);
      if (f) strcat(got, "|");
      strcat(got, one);
    }
    CHECK_STR(got, ROWS[i].want, ROWS[i].in);
  }
  /* a long line of hostile repeats stays an answer, fast */
  size_t n = 100000;
  char *big = malloc(n + 1);
  if (big) {
    for (size_t i = 0; i < n; i++) big[i] = "1, a"[i % 4];
    big[n] = 0;
    cvx_address ad;
    CHECK(!cvx_address_parse(big, n, &ad), "a long line is no address");
    free(big);
  }
  return check_done("address");
}
