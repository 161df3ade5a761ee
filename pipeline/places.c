/* places.c — look-ups in the place gazetteer (places.h). */
#include "places.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#define MAX_NAME 80

static const char *place_key(size_t i) { return cvx_places[i].key; }
static const char *language_key(size_t i) { return cvx_language_keys[i]; }
static const char *city_key(size_t i) { return cvx_cities[i].key; }

/* The index of s[0,n), lower-cased in ASCII, among count sorted keys
 * (key_at), or count when it is none of them (or shorter than min). */
static size_t find_key(const char *s, size_t n, size_t min, const char *(*key_at)(size_t), size_t count) {
  if (n < min || n >= MAX_NAME) return count;
  char key[MAX_NAME];
  for (size_t i = 0; i < n; i++) key[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
  key[n] = '\0';
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(key_at(mid), key);
    if (c == 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return count;
}

const cvx_place *cvx_place_find(const char *s, size_t n) {
  size_t i = find_key(s, n, 3, place_key, cvx_places_count);
  return i < cvx_places_count ? &cvx_places[i] : NULL;
}

const cvx_city *cvx_city_find(const char *s, size_t n) {
  size_t i = find_key(s, n, 4, city_key, cvx_cities_count);
  return i < cvx_cities_count ? &cvx_cities[i] : NULL;
}

bool cvx_town_named(const char *s, size_t n) {
  unsigned char c0 = n ? (unsigned char)s[0] : 0;
  return ((c0 >= 'A' && c0 <= 'Z') || c0 >= 0x80) && cvx_city_find(s, n);
}

bool cvx_language_known(const char *s, size_t n) {
  return find_key(s, n, 4, language_key, cvx_language_count) < cvx_language_count;
}

static bool word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80 || c == '-' ||
         c == '\'';
}

const cvx_place *cvx_place_at(const char *s, size_t n, size_t at, size_t *len) {
  /* the ends of the first five words from at */
  size_t ends[5];
  int k = 0;
  for (size_t i = at; i < n && k < 5 && i - at < MAX_NAME;) {
    size_t j = i;
    while (j < n && word_byte((unsigned char)s[j])) j++;
    if (j == i) break;
    ends[k++] = j;
    if (j >= n || s[j] != ' ') break; /* a name's words are joined by one space */
    i = j + 1;
  }
  for (int w = k - 1; w >= 0; w--) {
    const cvx_place *p = cvx_place_find(s + at, ends[w] - at);
    if (p) {
      *len = ends[w] - at;
      return p;
    }
  }
  return NULL;
}

const char *cvx_iso_country(const char *s, size_t n) {
  if (n != 2 || !isupper((unsigned char)s[0]) || !isupper((unsigned char)s[1])) return NULL;
  for (size_t i = 0; i < cvx_places_count; i++)
    if (cvx_places[i].kind == 'C' && cvx_places[i].cc[0] == s[0] && cvx_places[i].cc[1] == s[1])
      return cvx_places[i].cc;
  return NULL;
}

bool cvx_na_region(const char *s, size_t n) {
  if (n != 2) return false;
  for (size_t i = 0; i < cvx_places_count; i++)
    if (cvx_places[i].kind == 'R' && ((cvx_places[i].cc[0] == 'U' && cvx_places[i].cc[1] == 'S') ||
                                      (cvx_places[i].cc[0] == 'C' && cvx_places[i].cc[1] == 'A')) &&
        cvx_places[i].sub[0] == s[0] && cvx_places[i].sub[1] == s[1] && !cvx_places[i].sub[2])
      return true;
  return false;
}
