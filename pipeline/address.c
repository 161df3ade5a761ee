/* address.c — a postal address written on one line, its parts told apart
 * (grammar.h, cvx_address_parse): the street with its house number, the
 * postal code, the city, the region and the country, in the orders people
 * and page templates write them. A hand-written grammar: the parts are told
 * by their shape (a house number, a code of digits, a country's code or
 * name from the iso-codes gazetteer, a North American region's code), and no
 * library reads addresses of every country on one line.
 *
 * Two forms are read:
 *  - parts apart by commas: "Lindenweg 12, 04109, Leipzig (DE)",
 *    "14 Harbour Road, Ventura, CA 93001", "Alte Gasse 3, Bad Ragaz, CH, 7310";
 *  - parts apart by spaces alone, which need a postal code to find the
 *    city's end: "Alte Gasse 3 Bad Ragaz 7310 CH",
 *    "860 Elm St. Apt 4 Springfield IL 62704".
 * A line is an address only when every part of it has a place: a street
 * first (unless a city, a postal code and a country's code are all there),
 * a city, and a postal code or a country. */
#include "grammar.h"
#include "places.h"

#include <ctype.h>
#include <string.h>

#define MAX_PARTS 10

typedef enum {
  P_STREET, /* words and a house number */
  P_CODE,   /* a postal code alone: "79098", "62704-1234" */
  P_CODE_CITY, /* "10115 Berlin" */
  P_CITY_CODE, /* "Berlin 10115" */
  P_REGION_CODE, /* "IL 62704" */
  P_CITY_REGION, /* "Kerrville TX" */
  P_COUNTRY, /* "DE", "(CH)", "Germany" */
  P_REGION,  /* "FL" (a North American region's code) */
  P_WORDS,   /* a city or a region by name */
  P_BAD
} part_kind;

typedef struct part {
  size_t a, b; /* the part in the line */
  size_t m;    /* where a two-piece part splits (code | city and the like) */
  part_kind kind;
  bool paren;  /* written in brackets: "(DE)" */
  const char *cc;
} part;

static bool is_space(unsigned char c) { return c == ' ' || c == '\t'; }

static bool trim(const char *s, size_t *a, size_t *b) {
  while (*a < *b && is_space((unsigned char)s[*a])) (*a)++;
  while (*b > *a && is_space((unsigned char)s[*b - 1])) (*b)--;
  return *a < *b;
}

/* A postal code: four to six digits, or five, a dash and four ("62704-1234"). */
static bool postal_code(const char *s, size_t n) {
  size_t d = 0;
  while (d < n && isdigit((unsigned char)s[d])) d++;
  if (d == n) return n >= 4 && n <= 6;
  return d == 5 && n == 10 && s[5] == '-' && isdigit((unsigned char)s[6]) && isdigit((unsigned char)s[7]) &&
         isdigit((unsigned char)s[8]) && isdigit((unsigned char)s[9]);
}

/* One to four words of letters (any script), each starting with a capital
 * or a letter beyond ASCII, with the marks names carry ("Rapperswil/Jona",
 * "Saint-Denis", "St. Gallen"): the name of a city or a region. */
static bool place_words(const char *s, size_t n) {
  int words = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (isdigit(ch) || ch == '@' || ch == ':' || ch == '(' || ch == ')') return false;
    if (!(isalpha(ch) || ch >= 0x80 || ch == ' ' || ch == '-' || ch == '/' || ch == '.' || ch == '\'')) return false;
    if (ch != ' ' && (i == 0 || s[i - 1] == ' ')) {
      if (++words > 4) return false;
      if (!(isupper(ch) || ch >= 0x80)) return false;
    }
  }
  return words > 0;
}

/* A street: up to seven words, one of them a house number (digits, maybe
 * a letter after them: "9", "12b", "1180") and one a word of two letters
 * or more. */
static bool street(const char *s, size_t n) {
  int words = 0;
  bool number = false, word = false;
  for (size_t i = 0; i < n;) {
    while (i < n && is_space((unsigned char)s[i])) i++;
    if (i == n) break;
    size_t j = i;
    while (j < n && !is_space((unsigned char)s[j])) j++;
    if (++words > 7) return false;
    size_t d = i;
    while (d < j && isdigit((unsigned char)s[d])) d++;
    if (d > i && d - i <= 5 && (d == j || (d + 1 == j && isalpha((unsigned char)s[d])) ||
                                (d + 1 == j && (s[d] == ',' || s[d] == '.'))))
      number = true;
    size_t letters = 0;
    for (size_t k = i; k < j; k++)
      if (isalpha((unsigned char)s[k]) || (unsigned char)s[k] >= 0x80) letters++;
    if (letters >= 2 && d == i) word = true;
    for (size_t k = i; k < j; k++)
      if (s[k] == '@' || s[k] == ':' || s[k] == '/') return false;
    i = j;
  }
  return number && word;
}

/* The words a street's name ends in or is followed by in English (a city's
 * name does not start at them: "Main St Springfield"). */
static bool street_word(const char *s, size_t n) {
  static const char *const w[] = {"st",   "st.",  "street", "ave",  "ave.", "avenue", "rd",    "rd.",  "road",
                                  "blvd", "blvd.", "dr",    "dr.",  "drive", "ln",   "lane",  "way",  "ct",
                                  "court", "pl",  "pl.",    "place", "apt",  "apt.", "suite", "ste", "unit",
                                  "hwy",  "pkwy", "ter",    "terrace", "sq", "square", "cres", NULL};
  for (int k = 0; w[k]; k++) {
    size_t m = strlen(w[k]);
    if (m != n) continue;
    size_t i = 0;
    while (i < n && tolower((unsigned char)s[i]) == w[k][i]) i++;
    if (i == n) return true;
  }
  return false;
}

static void classify(const char *s, part *p) {
  const char *t = s + p->a;
  size_t n = p->b - p->a;
  p->kind = P_BAD;
  p->cc = NULL;
  /* a country: its code (a North American region's code outside brackets
   * is the region's) or its name */
  if (n == 2 && !p->paren && cvx_na_region(t, n)) {
    p->kind = P_REGION;
    return;
  }
  if ((p->cc = cvx_iso_country(t, n)) != NULL || (p->cc = cvx_country_code(t, n)) != NULL) {
    p->kind = P_COUNTRY;
    return;
  }
  if (p->paren) return;
  if (postal_code(t, n)) {
    p->kind = P_CODE;
    return;
  }
  /* two pieces apart by the last or the first space */
  const char *sp = memchr(t, ' ', n);
  if (sp) {
    size_t m = (size_t)(sp - t);
    if (postal_code(t, m) && place_words(t + m + 1, n - m - 1)) {
      p->kind = P_CODE_CITY;
      p->m = p->a + m;
      return;
    }
    size_t l = n;
    while (l && t[l - 1] != ' ') l--;
    if (l && postal_code(t + l, n - l)) {
      if (l - 1 == 2 && cvx_na_region(t, 2)) p->kind = P_REGION_CODE;
      else if (place_words(t, l - 1)) p->kind = P_CITY_CODE;
      p->m = p->a + l - 1;
      if (p->kind != P_BAD) return;
    }
    if (l && cvx_na_region(t + l, n - l) && place_words(t, l - 1)) {
      p->kind = P_CITY_REGION;
      p->m = p->a + l - 1;
      return;
    }
  }
  if (place_words(t, n)) p->kind = P_WORDS;
  else if (street(t, n)) p->kind = P_STREET;
}

static void set(cvx_address *ad, int field, size_t a, size_t b) {
  ad->at[field][0] = a;
  ad->at[field][1] = b;
}

static bool have(const cvx_address *ad, int field) { return ad->at[field][1] > ad->at[field][0]; }

/* The parts apart by commas. */
static bool by_commas(const char *s, size_t lo, size_t hi, cvx_address *ad) {
  part parts[MAX_PARTS];
  int np = 0;
  for (size_t i = lo; i < hi;) {
    size_t j = i;
    while (j < hi && s[j] != ',') j++;
    size_t a = i, b = j;
    if (trim(s, &a, &b)) {
      /* "Kassel (DE)": the name and the country in brackets after it */
      size_t open = b;
      if (s[b - 1] == ')')
        while (open > a && s[open - 1] != '(') open--;
      if (open > a && open < b && s[b - 1] == ')') {
        size_t na = a, nb = open - 1;
        if (trim(s, &na, &nb)) {
          if (np == MAX_PARTS) return false;
          parts[np++] = (part){.a = na, .b = nb};
        }
        if (np == MAX_PARTS) return false;
        parts[np++] = (part){.a = open, .b = b - 1, .paren = true};
      } else {
        if (np == MAX_PARTS) return false;
        parts[np++] = (part){.a = a, .b = b};
      }
    } else if (j < hi) {
      return false; /* two commas with nothing between */
    }
    i = j < hi ? j + 1 : j;
  }
  if (np < 2) return false;
  for (int i = 0; i < np; i++) classify(s, &parts[i]);
  if (parts[0].kind != P_STREET) return false;
  /* the city and the region, by the parts that name them alone */
  int city_slots = 1, region_slots = 1, words = 0;
  for (int i = 1; i < np; i++) {
    switch (parts[i].kind) {
    case P_CODE_CITY:
    case P_CITY_CODE: city_slots--; break;
    case P_CITY_REGION: city_slots--; region_slots--; break;
    case P_REGION_CODE:
    case P_REGION: region_slots--; break;
    case P_WORDS: words++; break;
    case P_STREET:
    case P_BAD: return false;
    default: break;
    }
  }
  if (city_slots < 0 || region_slots < 0) return false;
  /* names beyond the city and the region go on the street's line, right
   * after it ("14 Harbour Road, Rear, 93001, Ventura") */
  int extra = words - city_slots - region_slots;
  if (extra < 0) extra = 0;
  for (int i = 1; i <= extra; i++)
    if (i >= np || parts[i].kind != P_WORDS) return false;
  set(ad, CVX_ADDR_STREET, parts[0].a, parts[extra].b);
  bool code = false, country = false;
  for (int i = 1 + extra; i < np; i++) {
    part *p = &parts[i];
    switch (p->kind) {
    case P_CODE:
      if (code) return false;
      set(ad, CVX_ADDR_POSTAL, p->a, p->b), code = true;
      break;
    case P_CODE_CITY:
      if (code) return false;
      set(ad, CVX_ADDR_POSTAL, p->a, p->m), code = true;
      set(ad, CVX_ADDR_CITY, p->m + 1, p->b);
      break;
    case P_CITY_CODE:
      if (code) return false;
      set(ad, CVX_ADDR_CITY, p->a, p->m);
      set(ad, CVX_ADDR_POSTAL, p->m + 1, p->b), code = true;
      break;
    case P_REGION_CODE:
      if (code) return false;
      set(ad, CVX_ADDR_REGION, p->a, p->m);
      set(ad, CVX_ADDR_POSTAL, p->m + 1, p->b), code = true;
      break;
    case P_CITY_REGION:
      set(ad, CVX_ADDR_CITY, p->a, p->m);
      set(ad, CVX_ADDR_REGION, p->m + 1, p->b);
      break;
    case P_REGION: set(ad, CVX_ADDR_REGION, p->a, p->b); break;
    case P_COUNTRY:
      if (country) return false;
      set(ad, CVX_ADDR_COUNTRY, p->a, p->b), country = true;
      ad->cc = p->cc;
      break;
    case P_WORDS:
      if (!have(ad, CVX_ADDR_CITY)) set(ad, CVX_ADDR_CITY, p->a, p->b);
      else if (!have(ad, CVX_ADDR_REGION)) set(ad, CVX_ADDR_REGION, p->a, p->b);
      else return false;
      break;
    default: return false;
    }
  }
  return have(ad, CVX_ADDR_CITY) && (code || country);
}

/* The parts apart by spaces alone: from the end, a country's code, the
 * postal code, a region's code, the city's words; the street before them. */
static bool by_spaces(const char *s, size_t lo, size_t hi, cvx_address *ad) {
  size_t tok[16][2];
  int nt = 0;
  for (size_t i = lo; i < hi;) {
    while (i < hi && is_space((unsigned char)s[i])) i++;
    if (i == hi) break;
    size_t j = i;
    while (j < hi && !is_space((unsigned char)s[j])) j++;
    if (nt == 16) return false;
    tok[nt][0] = i, tok[nt][1] = j, nt++;
    i = j;
  }
  int k = nt - 1;
#define TOK(x) (s + tok[x][0]), (tok[x][1] - tok[x][0])
  /* (after the postal code two capitals are the country's, whatever
   * region shares them: "… 53121 DE") */
  if (k >= 1 && postal_code(TOK(k - 1)) && (ad->cc = cvx_iso_country(TOK(k))) != NULL) {
    set(ad, CVX_ADDR_COUNTRY, tok[k][0], tok[k][1]);
    k--;
  }
  if (k < 0 || !postal_code(TOK(k))) return false;
  set(ad, CVX_ADDR_POSTAL, tok[k][0], tok[k][1]);
  k--;
  if (k >= 0 && cvx_na_region(TOK(k))) {
    set(ad, CVX_ADDR_REGION, tok[k][0], tok[k][1]);
    k--;
  }
  int city_end = k, words = 0;
  while (k >= 0 && words < 3 && place_words(TOK(k)) && !street_word(TOK(k))) k--, words++;
  if (!words) return false;
  /* (the street's last word is no city's first: "Apt", a number) */
  set(ad, CVX_ADDR_CITY, tok[k + 1][0], tok[city_end][1]);
  if (k >= 0) {
    if (!street(s + tok[0][0], tok[k][1] - tok[0][0])) return false;
    set(ad, CVX_ADDR_STREET, tok[0][0], tok[k][1]);
  } else if (!have(ad, CVX_ADDR_COUNTRY)) {
    return false; /* a city and a code alone: a street or a country says it is a place */
  }
#undef TOK
  return true;
}

bool cvx_address_parse(const char *s, size_t n, cvx_address *ad) {
  memset(ad, 0, sizeof *ad);
  size_t lo = 0, hi = n;
  while (lo < hi && (is_space((unsigned char)s[lo]))) lo++;
  while (hi > lo && (is_space((unsigned char)s[hi - 1]) || s[hi - 1] == ',' || s[hi - 1] == '.')) hi--;
  if (hi - lo < 6 || hi - lo > 160 || memchr(s + lo, '\n', hi - lo)) return false;
  bool ok = memchr(s + lo, ',', hi - lo) ? by_commas(s, lo, hi, ad) : by_spaces(s, lo, hi, ad);
  if (!ok) memset(ad, 0, sizeof *ad);
  return ok;
}
