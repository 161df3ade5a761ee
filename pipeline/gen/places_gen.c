/* places_gen.c — a build-time tool: reads Debian's iso-codes tables of
 * countries (ISO 3166-1) and their first-level subdivisions (ISO 3166-2:
 * states, provinces, regions…) and writes the place gazetteer as a C file
 * (cvx_places[], sorted by key) for pipeline/places.c. Each name is entered
 * as written (ASCII letters lower-cased) and folded to ASCII without
 * diacritics ("Mahārāshtra" -> "maharashtra"), so "Maharashtra" is found.
 * With the ISO 639-2 table it also writes the English names of the
 * languages that have a two-letter code (cvx_language_keys[], sorted): the
 * languages people list on a CV ("Telugu", "Welsh", "Amharic").
 * usage: places_gen ISO_3166-1.json ISO_3166-2.json [ISO_639-2.json] > places.c */
#include "gen_keys.h"
#include "places.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

typedef struct entry {
  char *key;
  char kind; /* 'C' country, 'R' region */
  char cc[3];
  char sub[8];
} entry;

static entry *entries;
static size_t n, cap;

/* Subdivision types that name a first-level region people write after a
 * city ("Pune, Maharashtra", "Lyon, Auvergne-Rhône-Alpes"); districts,
 * municipalities and counties are too many and too often city names. */
static const char *const region_types[] = {
    "State", "Province", "Region", "Country", "Union territory", "Territory", "Autonomous community",
    "Canton", "Land", "Emirate", "Prefecture", "Federal district", "Autonomous region", "Capital district",
    "Capital territory", "Special administrative region", "Metropolitan region", "Voivodship", "Oblast",
    "Republic", "Regional state", "Autonomous republic", "Autonomous province", "Federal territory",
    "Governorate", "Administrative region", NULL};

static void add(const char *key, char kind, const char *cc, const char *sub) {
  if (n == cap) {
    cap = cap ? cap * 2 : 1024;
    entries = realloc(entries, cap * sizeof *entries);
    if (!entries) abort();
  }
  entry *e = &entries[n++];
  e->key = strdup(key);
  if (!e->key) abort();
  e->kind = kind;
  snprintf(e->cc, sizeof e->cc, "%s", cc);
  snprintf(e->sub, sizeof e->sub, "%s", sub ? sub : "");
}

static void add_name(const char *name, char kind, const char *cc, const char *sub);

/* "A Coruña [La Coruña]", "Galicia [Galicia]": a name and its other form in
 * brackets, each a name. */
static bool add_bracketed(const char *name, char kind, const char *cc, const char *sub) {
  const char *open = strstr(name, " [");
  size_t len = strlen(name);
  if (!open || len < 2 || name[len - 1] != ']') return false;
  char *first = strndup(name, (size_t)(open - name)), *second = strndup(open + 2, (size_t)(name + len - 1 - (open + 2)));
  if (!first || !second) abort();
  add_name(first, kind, cc, sub);
  add_name(second, kind, cc, sub);
  free(first);
  free(second);
  return true;
}

/* Enters name both as written (ASCII lower-cased) and folded to ASCII. */
static void add_name(const char *name, char kind, const char *cc, const char *sub) {
  if (name && add_bracketed(name, kind, cc, sub)) return;
  if (!name || strlen(name) < 3 || strchr(name, ',') || strchr(name, '(') || strchr(name, '[')) return;
  char *low = key_lower(name), *fold = key_folded(name, low);
  add(low, kind, cc, sub);
  if (fold) add(fold, kind, cc, sub);
  free(fold);
  free(low);
}

/* The languages: names as written (ASCII lower-cased) and folded. */
static char **langs;
static size_t nlangs, caplangs;

static void add_lang(const char *key) {
  if (nlangs == caplangs) {
    caplangs = caplangs ? caplangs * 2 : 256;
    langs = realloc(langs, caplangs * sizeof *langs);
    if (!langs) abort();
  }
  langs[nlangs] = strdup(key);
  if (!langs[nlangs++]) abort();
}

/* One name of "Spanish; Castilian": four letters at least (no "Ido" or
 * "Ewe" among a list of words), no group ("Bihari languages") and no
 * qualified form ("Greek, Modern (1453-)"). */
static void add_language_name(const char *name, size_t len) {
  char buf[128];
  while (len && name[0] == ' ') name++, len--;
  while (len && name[len - 1] == ' ') len--;
  if (len < 4 || len >= sizeof buf || memchr(name, ',', len) || memchr(name, '(', len)) return;
  memcpy(buf, name, len);
  buf[len] = '\0';
  if (strstr(buf, " languages")) return;
  for (char *p = buf; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
  add_lang(buf);
  utf8proc_uint8_t *fold = NULL;
  if (utf8proc_map((const utf8proc_uint8_t *)buf, 0, &fold,
                   UTF8PROC_NULLTERM | UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD) >= 0 &&
      strcmp((char *)fold, buf) != 0)
    add_lang((char *)fold);
  free(fold);
}

static int by_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static json_t *load(const char *path, const char *key) {
  json_error_t err;
  json_t *root = json_load_file(path, 0, &err);
  json_t *list = root ? json_object_get(root, key) : NULL;
  if (!json_is_array(list)) {
    fprintf(stderr, "places_gen: %s: %s\n", path, root ? "no list" : err.text);
    exit(1);
  }
  json_incref(list);
  json_decref(root);
  return list;
}

static int by_key(const void *a, const void *b) {
  const entry *x = a, *y = b;
  int c = strcmp(x->key, y->key);
  return c ? c : (x->kind > y->kind) - (x->kind < y->kind);
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: places_gen ISO_3166-1.json ISO_3166-2.json [ISO_639-2.json]\n");
    return 2;
  }
  json_t *countries = load(argv[1], "3166-1"), *subs = load(argv[2], "3166-2");
  size_t i;
  json_t *v;
  json_array_foreach(countries, i, v) {
    const char *cc = json_string_value(json_object_get(v, "alpha_2"));
    if (!cc) continue;
    add_name(json_string_value(json_object_get(v, "name")), 'C', cc, NULL);
    add_name(json_string_value(json_object_get(v, "common_name")), 'C', cc, NULL);
    add_name(json_string_value(json_object_get(v, "official_name")), 'C', cc, NULL);
  }
  json_array_foreach(subs, i, v) {
    const char *code = json_string_value(json_object_get(v, "code"));
    const char *type = json_string_value(json_object_get(v, "type"));
    if (!code || !type || strlen(code) < 4 || code[2] != '-') continue;
    bool wanted = false;
    for (int t = 0; region_types[t] && !wanted; t++) wanted = strcmp(type, region_types[t]) == 0;
    if (!wanted) continue;
    char cc[3] = {code[0], code[1], 0};
    add_name(json_string_value(json_object_get(v, "name")), 'R', cc, code + 3);
  }
  qsort(entries, n, sizeof *entries, by_key);
  puts("/* generated by places_gen from Debian's iso-codes (ISO 3166-1, 3166-2): do not edit */");
  puts("#include \"places.h\"");
  puts("const cvx_place cvx_places[] = {");
  size_t out = 0;
  for (i = 0; i < n; i++) {
    if (i && strcmp(entries[i].key, entries[i - 1].key) == 0) continue; /* first kind wins: country */
    printf("  {");
    c_string(entries[i].key);
    printf(", '%c', \"%s\", \"%s\"},\n", entries[i].kind, entries[i].cc, entries[i].sub);
    out++;
  }
  puts("};");
  printf("const size_t cvx_places_count = %zu;\n", out);
  if (argc == 4) {
    json_t *languages = load(argv[3], "639-2");
    json_array_foreach(languages, i, v) {
      const char *name = json_string_value(json_object_get(v, "name"));
      if (!json_string_value(json_object_get(v, "alpha_2")) || !name) continue;
      for (const char *semi; (semi = strchr(name, ';')); name = semi + 1) add_language_name(name, (size_t)(semi - name));
      add_language_name(name, strlen(name));
    }
    json_decref(languages);
  }
  qsort(langs, nlangs, sizeof *langs, by_str);
  puts("const char *const cvx_language_keys[] = {");
  out = 0;
  for (i = 0; i < nlangs; i++) {
    if (i && strcmp(langs[i], langs[i - 1]) == 0) continue;
    printf("  ");
    c_string(langs[i]);
    puts(",");
    out++;
  }
  puts("  NULL};");
  printf("const size_t cvx_language_count = %zu;\n", out);
  for (i = 0; i < nlangs; i++) free(langs[i]);
  free(langs);
  json_decref(countries);
  json_decref(subs);
  for (i = 0; i < n; i++) free(entries[i].key);
  free(entries);
  return 0;
}
