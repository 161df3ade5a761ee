/* places.h — the place gazetteer: every country (ISO 3166-1) and first-level
 * region (ISO 3166-2 states, provinces, regions…) by name, compiled at build
 * time from Debian's iso-codes (pipeline/gen/places_gen.c). */
#ifndef CVX_PLACES_H
#define CVX_PLACES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cvx_place {
  const char *key; /* the name, ASCII lower-cased (and also folded to ASCII) */
  char kind;       /* 'C' country, 'R' region */
  char cc[3];      /* ISO 3166-1 alpha-2 of the country */
  char sub[8];     /* the region's ISO 3166-2 code after the dash ("MH"), "" for a country */
} cvx_place;

extern const cvx_place cvx_places[];
extern const size_t cvx_places_count;

/* The place named exactly s[0,n) (ASCII case ignored, diacritics either as
 * written or left out), or NULL. */
const cvx_place *cvx_place_find(const char *s, size_t n);

/* The longest place name that starts at s[at] and ends at a word boundary
 * (one to five words); its length in *len, or NULL. */
const cvx_place *cvx_place_at(const char *s, size_t n, size_t at, size_t *len);

/* The country whose ISO 3166-1 alpha-2 code is the two capitals s[0,n)
 * ("ES", "RU"): its code as stored, or NULL. */
const char *cvx_iso_country(const char *s, size_t n);

/* Whether s[0,n) is the code of a state of the United States or a province
 * of Canada ("MA", "IN", "ON"), as written after a city. */
bool cvx_na_region(const char *s, size_t n);

/* The city list: towns of some 15,000 people or more by name, compiled at
 * build time from Debian's geonames library (GeoNames, CC BY 4.0;
 * pipeline/gen/cities_gen.c). */
typedef struct cvx_city {
  const char *key; /* the name, ASCII lower-cased (and also folded to ASCII) */
  char cc[3];      /* ISO 3166-1 alpha-2 of its country; "" when towns of that name lie in several */
} cvx_city;

extern const cvx_city cvx_cities[];
extern const size_t cvx_cities_count;

/* The town named exactly s[0,n) (ASCII case ignored, diacritics either as
 * written or left out; four letters or more), or NULL. */
const cvx_city *cvx_city_find(const char *s, size_t n);

/* Whether s[0,n) is a town of the list written as a name: its first letter
 * a capital, or one beyond ASCII ("Leeds", "Łódź"; not "reading"). */
bool cvx_town_named(const char *s, size_t n);

/* The English names of the languages of ISO 639-2 that have a two-letter
 * code, from the same iso-codes (ASCII lower-cased, and folded to ASCII
 * without diacritics), sorted. */
extern const char *const cvx_language_keys[];
extern const size_t cvx_language_count;

/* Whether s[0,n) names a language of that table (ASCII case ignored). */
bool cvx_language_known(const char *s, size_t n);

#endif /* CVX_PLACES_H */
