/* gen_keys.h — what the build-time gazetteer tools (places_gen.c,
 * cities_gen.c) share: a name's lookup keys and writing a key as C. Each
 * tool is one file with a main, so the helpers are static here. */
#ifndef CVX_GEN_KEYS_H
#define CVX_GEN_KEYS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

/* name with its ASCII letters lower-cased (a new string). */
static char *key_lower(const char *name) {
  char *low = strdup(name);
  if (!low) abort();
  for (char *p = low; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
  return low;
}

/* name case-folded and stripped of its diacritics, when that is ASCII and
 * differs from low, its lower-cased key ("Mahārāshtra" -> "maharashtra"); a
 * new string, or NULL. */
static char *key_folded(const char *name, const char *low) {
  utf8proc_uint8_t *fold = NULL;
  if (utf8proc_map((const utf8proc_uint8_t *)name, 0, &fold,
                   UTF8PROC_NULLTERM | UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD) < 0)
    return NULL;
  bool ascii = strcmp((char *)fold, low) != 0;
  for (const utf8proc_uint8_t *p = fold; *p && ascii; p++) ascii = *p < 0x80;
  if (ascii) return (char *)fold;
  free(fold);
  return NULL;
}

/* Writes s as a C string literal: octal escapes for everything but plain
 * printable ASCII. */
static void c_string(const char *s) {
  putchar('"');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\' && *p != '?') putchar(*p);
    else printf("\\%03o", *p);
  }
  putchar('"');
}

#endif /* CVX_GEN_KEYS_H */
