/* places.c — look-ups in the place gazetteer (places.h). */
#include "places.h"

#include <stdbool.h>
#include <string.h>

#define MAX_NAME 80

const cvx_place *cvx_place_find(const char *s, size_t n) {
  if (n < 3 || n >= MAX_NAME) return NULL;
  char key[MAX_NAME];
  for (size_t i = 0; i < n; i++) key[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
  key[n] = '\0';
  size_t lo = 0, hi = cvx_places_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(cvx_places[mid].key, key);
    if (c == 0) return &cvx_places[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

bool cvx_language_known(const char *s, size_t n) {
  if (n < 4 || n >= MAX_NAME) return false;
  char key[MAX_NAME];
  for (size_t i = 0; i < n; i++) key[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
  key[n] = '\0';
  size_t lo = 0, hi = cvx_language_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(cvx_language_keys[mid], key);
    if (c == 0) return true;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return false;
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
