/* test_places.c — the place gazetteer built from iso-codes: names with and
 * without diacritics, countries before regions, longest names at a word
 * boundary; and the grammars that use it (cvx_location_find,
 * cvx_country_code). */
#include "places.h"

#include "check.h"
#include "grammar.h"

static void run_find(void) {
  static const struct {
    const char *name;
    char kind;
    const char *cc, *sub;
  } cases[] = {
      {"Ghana", 'C', "GH", ""},          {"uruguay", 'C', "UY", ""},     {"NEPAL", 'C', "NP", ""},
      {"Kazakhstan", 'C', "KZ", ""},     {"Namibia", 'C', "NA", ""},     {"South Korea", 'C', "KR", ""},
      {"Maharashtra", 'R', "IN", "MH"},  {"Mahārāshtra", 'R', "IN", "MH"}, {"Tamil Nadu", 'R', "IN", "TN"},
      {"Bayern", 'R', "DE", "BY"},       {"Ontario", 'R', "CA", "ON"},   {"Texas", 'R', "US", "TX"},
      {"Georgia", 'C', "GE", ""}, /* a country and a US state: the country wins */
      {"Galicia", 'R', "ES", "GA"},      /* "Galicia [Galicia]" in iso-codes */
      {"La Coruña", 'R', "ES", "C"},      /* "A Coruña [La Coruña]": both names */
      {"A Coruna", 'R', "ES", "C"},
      {"Nowhereland", 0, NULL, NULL},    {"In", 0, NULL, NULL},          {"", 0, NULL, NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const cvx_place *p = cvx_place_find(cases[i].name, strlen(cases[i].name));
    if (!cases[i].kind) {
      CHECK(p == NULL, "%s is no place", cases[i].name);
      continue;
    }
    CHECK(p != NULL, "%s found", cases[i].name);
    if (!p) continue;
    CHECK(p->kind == cases[i].kind, "%s: kind %c", cases[i].name, p->kind);
    CHECK_STR(p->cc, cases[i].cc, cases[i].name);
    CHECK_STR(p->sub, cases[i].sub, cases[i].name);
  }
  for (size_t i = 1; i < cvx_places_count; i++)
    CHECK(strcmp(cvx_places[i - 1].key, cvx_places[i].key) < 0, "sorted and unique at %zu", i);
}

static void run_at(void) {
  static const struct {
    const char *text;
    size_t at, len;
  } cases[] = {
      {"Pune, Maharashtra - Email me", 6, 11},
      {"Chennai, Tamil Nadu", 9, 10},
      {"Chennai, Tamil", 9, 0},
      {"x, Uttar Pradesh, India", 3, 13},
      {"x, Ghanaian food", 3, 0}, /* a word boundary, not a prefix */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t len = 0;
    const cvx_place *p = cvx_place_at(cases[i].text, strlen(cases[i].text), cases[i].at, &len);
    CHECK((p ? len : 0) == cases[i].len, "%s: length %zu, want %zu", cases[i].text, p ? len : 0, cases[i].len);
  }
}

static void run_grammars(void) {
  static const struct {
    const char *text, *want;
  } loc[] = {
      {"Navi Mumbai, Maharashtra - Email me on Example", "Navi Mumbai, Maharashtra"},
      {"Accra, Ghana", "Accra, Ghana"},
      {"Loveland, CO", "Loveland, CO"},
      {"Kestrel Labs, Senior Engineer", NULL},
      /* a region code no table knows between the city and its country */
      {"Analyst, Kestrel (Yarrowdale, KWA, Australia)", "Yarrowdale, KWA, Australia"},
      {"Port Alder, QX, Canada", "Port Alder, QX, Canada"},
      {"Kestrel Labs, QX, Canada", "QX, Canada"},
      {"Yarrowdale, Kwala, Australia", "Kwala, Australia"},
      /* a region whose name goes on past a shorter region's ("West") */
      {"Leeds, West Yorkshire - noor@example.org", "Leeds, West Yorkshire"},
      /* a state's code, then the country with no comma between */
      {"Roanoke, VA USA (remote)", "Roanoke, VA USA (remote)"},
      {"Senior Engineer, Remote", "Remote"},
      {"Remote - US", "Remote"},
      /* "remote" that qualifies the word after it names no place */
      {"Introduction to Remote Sensing", NULL},
      {"Led remote teams", NULL},
      /* a known city, a slash, its state's code */
      {"e-mail x@example.org  \u25cfS\u00e3o Paulo/SP", "S\u00e3o Paulo/SP"},
      {"CI/CD pipelines", NULL},
      {"Dunmore, PA USA", "Dunmore, PA USA"},
  };
  for (size_t i = 0; i < sizeof loc / sizeof loc[0]; i++) {
    size_t a = 0, b = 0;
    bool found = cvx_location_find(loc[i].text, strlen(loc[i].text), &a, &b);
    char got[64] = "";
    if (found) snprintf(got, sizeof got, "%.*s", (int)(b - a), loc[i].text + a);
    CHECK_STR(found ? got : NULL, loc[i].want, loc[i].text);
  }
  CHECK_STR(cvx_country_code("Nepal", 5), "NP", "a country the hand list lacks");
  CHECK_STR(cvx_country_code("USA", 3), "US", "the hand list still answers");
  CHECK_STR(cvx_country_code("Maharashtra", 11), NULL, "a region is no country");
}

/* the languages of ISO 639 with a two-letter code, by their English names */
static void run_languages(void) {
  static const struct {
    const char *name;
    bool known;
  } cases[] = {
      {"Telugu", true},  {"WELSH", true},   {"amharic", true},  {"Castilian", true}, /* "Spanish; Castilian" */
      {"Volapuk", true}, {"Volapük", true}, {"English", true},  {"Ewe", false},      /* under four letters */
      {"Bihari languages", false},          {"Greek", false},   /* "Greek, Modern (1453-)" only */
      {"Python", false}, {"Java", false},   {"", false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    CHECK(cvx_language_known(cases[i].name, strlen(cases[i].name)) == cases[i].known, "%s: %s", cases[i].name,
          cases[i].known ? "a language" : "not in the table");
  CHECK(cvx_language_count > 150, "%zu language names", cvx_language_count);
  for (size_t i = 1; i < cvx_language_count; i++)
    CHECK(strcmp(cvx_language_keys[i - 1], cvx_language_keys[i]) < 0, "languages sorted and unique at %zu", i);
}

/* The city list from Debian's geonames: names with and without diacritics,
 * the country when it is one, none for a name several countries share; no
 * name under four letters. */
static void run_cities(void) {
  static const struct {
    const char *name, *cc; /* cc NULL: not in the list */
  } cases[] = {
      {"Sheffield", "GB"}, {"LEEDS", "GB"},     {"Kharagpur", "IN"}, {"São Paulo", "BR"}, {"Sao Paulo", "BR"},
      {"Krakow", "PL"},    {"York", ""}, /* England and Pennsylvania */
      {"Wa", NULL},        {"Of", NULL},        {"Nowhereville", NULL}, {"", NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const cvx_city *c = cvx_city_find(cases[i].name, strlen(cases[i].name));
    if (!cases[i].cc) {
      CHECK(c == NULL, "%s is no town of the list", cases[i].name);
      continue;
    }
    CHECK(c != NULL, "%s found", cases[i].name);
    if (c) CHECK_STR(c->cc, cases[i].cc, cases[i].name);
  }
  CHECK(cvx_cities_count > 10000, "the list holds %zu towns", cvx_cities_count);
  size_t bad = 0; /* the first key out of order, or 0 */
  for (size_t i = 1; i < cvx_cities_count && !bad; i++)
    if (strcmp(cvx_cities[i - 1].key, cvx_cities[i].key) >= 0) bad = i;
  CHECK(bad == 0, "cities sorted and unique (first fault at %zu)", bad);
}

int main(void) {
  run_find();
  run_cities();
  run_languages();
  run_at();
  run_grammars();
  return check_done("places");
}
