/* fuzz_entryseg.c — libFuzzer target: the entry segmenter (entryseg.h) with
 * the built-in model on a section made from the input: each line is a block,
 * its first byte choosing the kind and depth ('#' sub-heading, '-' list item,
 * ' ' nested, '*' a bold paragraph, else a paragraph). Every label must be
 * a class, the blocks taking part must be a subset, and features must be
 * bounded and the same twice. */
#include "convert.h"
#include "entryseg.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!ready) {
    if (!cvx_convert_init()) abort();
    ready = true;
  }
  if (size < 1 || size > 1 << 16) return 0;
  cvx_rec_kind kinds[] = {CVX_REC_WORK, CVX_REC_EDUCATION, CVX_REC_PROJECT, CVX_REC_VOLUNTEER};
  cvx_rec_kind kind = kinds[data[0] % 4];
  char *text = malloc(size);
  if (!text) return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0;
  size_t cap = 256, n = 0;
  cvx_block *bl = calloc(cap, sizeof *bl);
  cvx_block_x *bx = calloc(cap, sizeof *bx); /* bold runs */
  const cvx_block **ptr = calloc(cap, sizeof *ptr);
  int *lab = calloc(cap, sizeof *lab);
  unsigned char *rule = calloc(cap, 1);
  if (!bl || !bx || !ptr || !lab || !rule) abort();
  for (char *s = text; *s && n < cap;) {
    char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    cvx_block *b = &bl[n];
    b->kind = *s == '#' ? CVX_BLK_HEADING : *s == '-' || *s == ' ' ? CVX_BLK_ITEM : CVX_BLK_PARA;
    b->level = *s == ' ' ? 1 : *s == '#' ? 2 : 0;
    b->text = s;
    b->len = len;
    if (*s == '*') {
      bx[n].strong_len = (uint32_t)len;
      b->x = &bx[n];
    }
    if (nl) *nl = 0;
    rule[n] = (unsigned char)(len % 4);
    ptr[n] = b;
    if (n) bl[n - 1].next = b;
    n++;
    s = nl ? nl + 1 : s + len;
  }
  const cvx_block **got = calloc(cap + 1, sizeof *got);
  if (!got) abort();
  size_t m = n ? cvx_entryseg_blocks(&bl[0], NULL, got, cap) : 0;
  if (m > n) abort();
  cvx_entryseg_label(kind, ptr, n, rule, lab);
  for (size_t i = 0; i < n; i++)
    if (lab[i] < 0 || lab[i] >= CVX_SEG_NCLASSES) abort();
  if (n) {
    cvx_features a, b2;
    cvx_features_init(&a);
    cvx_features_init(&b2);
    cvx_entryseg_features(kind, ptr, 1, rule, &a);
    cvx_entryseg_features(kind, ptr, 1, rule, &b2);
    if (a.n != b2.n || a.n > 400 || memcmp(a.h, b2.h, a.n * sizeof *a.h) != 0) abort();
    cvx_features_free(&a);
    cvx_features_free(&b2);
  }
  free(got);
  free(rule);
  free(lab);
  free(ptr);
  free(bl);
  free(bx);
  free(text);
  return 0;
}
