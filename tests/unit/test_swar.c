/* test_swar.c — unit tests of the eight-bytes-at-a-time helpers (swar.h):
 * each against a byte-by-byte reference over every byte value in every lane,
 * pairs of special bytes and random words, plus the cases where the "any"
 * tests set lanes an exact mask would not. */
#include "swar.h"

#include "check.h"

#include <stdbool.h>
#include <stdint.h>

/* ------------------------------------------------------------- reference */

static unsigned lane(uint64_t x, int k) { return (unsigned)(x >> (8 * k)) & 0xFF; }

/* The exact mask of the lanes of x for which test(byte, a, b) holds. */
static uint64_t ref_mask(uint64_t x, bool (*test)(unsigned, unsigned, unsigned), unsigned a,
                         unsigned b) {
  uint64_t m = 0;
  for (int k = 0; k < 8; k++)
    if (test(lane(x, k), a, b)) m |= UINT64_C(0x80) << (8 * k);
  return m;
}

static bool t_nonascii(unsigned v, unsigned a, unsigned b) {
  (void)a, (void)b;
  return v >= 0x80;
}
static bool t_zero(unsigned v, unsigned a, unsigned b) {
  (void)a, (void)b;
  return v == 0;
}
static bool t_nonzero(unsigned v, unsigned a, unsigned b) {
  (void)a, (void)b;
  return v != 0;
}
static bool t_eq(unsigned v, unsigned c, unsigned b) {
  (void)b;
  return v == c;
}
static bool t_less(unsigned v, unsigned n, unsigned b) {
  (void)b;
  return v < n;
}
static bool t_more(unsigned v, unsigned n, unsigned b) {
  (void)b;
  return v > n;
}
static bool t_range(unsigned v, unsigned lo, unsigned hi) { return v >= lo && v <= hi; }

static size_t popcount(uint64_t m) {
  size_t c = 0;
  for (; m; m &= m - 1) c++;
  return c;
}

/* ------------------------------------------------------------ the checks */

/* One helper's tally: how many words it got wrong, the first of them, and
 * for an any test how many words where its bits were not the exact mask. */
typedef struct tally {
  const char *name;
  unsigned long words, wrong, loose;
  uint64_t first_x;
  unsigned first_arg;
} tally;

enum { H_LOAD, H_NONASCII, H_NONZERO, H_ZERO, H_EQ, H_LESS, H_RANGE, H_HAS_ZERO, H_HAS_BYTE,
       H_HAS_LESS, H_HAS_MORE, H_COUNT, H__N };

static tally tallies[H__N] = {
    [H_LOAD] = {.name = "swar_load8"},
    [H_NONASCII] = {.name = "swar_nonascii"},
    [H_NONZERO] = {.name = "swar_nonzero_exact"},
    [H_ZERO] = {.name = "swar_zero_exact"},
    [H_EQ] = {.name = "swar_eq_exact"},
    [H_LESS] = {.name = "swar_less_exact"},
    [H_RANGE] = {.name = "swar_range_exact"},
    [H_HAS_ZERO] = {.name = "swar_has_zero"},
    [H_HAS_BYTE] = {.name = "swar_has_byte"},
    [H_HAS_LESS] = {.name = "swar_has_less"},
    [H_HAS_MORE] = {.name = "swar_has_more"},
    [H_COUNT] = {.name = "swar_count"},
};

static void tally_exact(int h, uint64_t x, unsigned arg, uint64_t got, uint64_t want) {
  tally *t = &tallies[h];
  t->words++;
  if (got != want && !t->wrong++) {
    t->first_x = x;
    t->first_arg = arg;
  }
}

/* An any test is right when it is nonzero exactly when the exact mask is,
 * sets no bit outside SWAR_HIGH, and its lowest lane is the first true lane
 * (the borrow or carry that sets or clears the lanes above only runs
 * upwards); above that lane its bits are not looked at. */
static void tally_any(int h, uint64_t x, unsigned arg, uint64_t got, uint64_t exact) {
  tally *t = &tallies[h];
  t->words++;
  bool ok = (got != 0) == (exact != 0) && !(got & ~SWAR_HIGH) && (got & -got) == (exact & -exact);
  if (!ok && !t->wrong++) {
    t->first_x = x;
    t->first_arg = arg;
  }
  if (got != exact) t->loose++;
}

/* Bytes every test looks at: the boundaries the call sites use. */
static const unsigned char special[] = {0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, '"',
                                        '&',  '0',  '9',  'A',  'Z',  '\\', 'a',  'z',  0x7E,
                                        0x7F, 0x80, 0x81, 0xA0, 0xC2, 0xE4, 0xFE, 0xFF};
#define NSPECIAL (sizeof special / sizeof special[0])

/* Range bounds: every pair of these with lo <= hi, plus random pairs. */
static const unsigned char bounds[] = {0x00, 0x01, 0x09, 0x1F, 0x20, 0x21, '0', '9',
                                       'A',  'Z',  'a',  'z',  0x7E, 0x7F};
#define NBOUNDS (sizeof bounds / sizeof bounds[0])

static uint64_t rng = UINT64_C(0x9E3779B97F4A7C15);
static uint64_t next_random(void) { /* xorshift64*, fixed seed */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * UINT64_C(2685821657736338717);
}

/* Every helper on x: the byte arguments tried are the specials, each byte of
 * x and its neighbours (where a test flips), and all of them when all_args. */
static void check_word(uint64_t x, bool all_args) {
  unsigned char args[256];
  size_t nargs = 0;
  if (all_args) {
    for (unsigned c = 0; c < 256; c++) args[nargs++] = (unsigned char)c;
  } else {
    for (size_t i = 0; i < NSPECIAL; i++) args[nargs++] = special[i];
    for (int k = 0; k < 8; k++) {
      args[nargs++] = (unsigned char)lane(x, k);
      args[nargs++] = (unsigned char)(lane(x, k) + 1);
      args[nargs++] = (unsigned char)(lane(x, k) - 1);
    }
  }

  tally_exact(H_NONASCII, x, 0, swar_nonascii(x), ref_mask(x, t_nonascii, 0, 0));
  tally_exact(H_NONZERO, x, 0, swar_nonzero_exact(x), ref_mask(x, t_nonzero, 0, 0));
  uint64_t zero = ref_mask(x, t_zero, 0, 0);
  tally_exact(H_ZERO, x, 0, swar_zero_exact(x), zero);
  tally_any(H_HAS_ZERO, x, 0, swar_has_zero(x), zero);
  tally_exact(H_COUNT, x, 0, swar_count(zero), popcount(zero));

  for (size_t i = 0; i < nargs; i++) {
    unsigned c = args[i];
    uint64_t eq = ref_mask(x, t_eq, c, 0);
    tally_exact(H_EQ, x, c, swar_eq_exact(x, (unsigned char)c), eq);
    tally_any(H_HAS_BYTE, x, c, swar_has_byte(x, (unsigned char)c), eq);
    tally_exact(H_COUNT, x, c, swar_count(eq), popcount(eq));
    if (c <= 0x80) {
      uint64_t less = ref_mask(x, t_less, c, 0);
      tally_exact(H_LESS, x, c, swar_less_exact(x, c), less);
      tally_any(H_HAS_LESS, x, c, swar_has_less(x, c), less);
      tally_exact(H_COUNT, x, c, swar_count(less), popcount(less));
    }
    if (c <= 0x7F) tally_any(H_HAS_MORE, x, c, swar_has_more(x, c), ref_mask(x, t_more, c, 0));
  }
  /* n = 0x80 (the largest swar_less_exact and swar_has_less take) and the
   * extremes of swar_has_more, whatever the arguments above */
  tally_exact(H_LESS, x, 0x80, swar_less_exact(x, 0x80), ref_mask(x, t_less, 0x80, 0));
  tally_any(H_HAS_LESS, x, 0x80, swar_has_less(x, 0x80), ref_mask(x, t_less, 0x80, 0));
  tally_any(H_HAS_MORE, x, 0, swar_has_more(x, 0), ref_mask(x, t_more, 0, 0));
  tally_any(H_HAS_MORE, x, 0x7F, swar_has_more(x, 0x7F), ref_mask(x, t_more, 0x7F, 0));

  for (size_t i = 0; i < NBOUNDS; i++)
    for (size_t j = i; j < NBOUNDS; j++)
      if (all_args || (i + j) % 7 == 0) /* all pairs, or every seventh */
        tally_exact(H_RANGE, x, bounds[i] << 8 | bounds[j],
                    swar_range_exact(x, bounds[i], bounds[j]),
                    ref_mask(x, t_range, bounds[i], bounds[j]));
  for (int r = 0; r < 4; r++) {
    unsigned lo = (unsigned)(next_random() >> 57), hi = (unsigned)(next_random() >> 57);
    if (lo > hi) {
      unsigned t = lo;
      lo = hi;
      hi = t;
    }
    tally_exact(H_RANGE, x, lo << 8 | hi, swar_range_exact(x, lo, hi),
                ref_mask(x, t_range, lo, hi));
  }
}

/* x with byte v in lane k. */
static uint64_t with_lane(uint64_t x, int k, unsigned v) {
  return (x & ~(UINT64_C(0xFF) << (8 * k))) | (uint64_t)v << (8 * k);
}

/* Backgrounds the lanes under test sit in. */
static const uint64_t backgrounds[] = {0,
                                       UINT64_C(0x6161616161616161), /* 'a' */
                                       UINT64_C(0x2020202020202020),
                                       UINT64_C(0x7F7F7F7F7F7F7F7F),
                                       UINT64_C(0x8080808080808080),
                                       UINT64_C(0xFFFFFFFFFFFFFFFF),
                                       UINT64_C(0x0101010101010101)};
#define NBACK (sizeof backgrounds / sizeof backgrounds[0])

static void test_every_byte_in_every_lane(void) {
  for (size_t b = 0; b < NBACK; b++)
    for (int k = 0; k < 8; k++)
      for (unsigned v = 0; v < 256; v++) check_word(with_lane(backgrounds[b], k, v), b < 2);
}

static void test_pairs_of_special_bytes(void) {
  for (size_t b = 0; b < 3; b++)
    for (int k = 0; k < 8; k++)
      for (int l = 0; l < 8; l++) {
        if (l == k) continue;
        for (size_t i = 0; i < NSPECIAL; i++)
          for (size_t j = 0; j < NSPECIAL; j++)
            check_word(with_lane(with_lane(backgrounds[b], k, special[i]), l, special[j]), false);
      }
}

static void test_random_words(void) {
  for (int r = 0; r < 20000; r++) check_word(next_random(), false);
  /* words made of special bytes only, where the tests fire most */
  for (int r = 0; r < 20000; r++) {
    uint64_t x = 0, s = next_random();
    for (int k = 0; k < 8; k++, s >>= 8) x |= (uint64_t)special[(s & 0xFF) % NSPECIAL] << (8 * k);
    check_word(x, false);
  }
  /* masks of random lanes for swar_count */
  for (int r = 0; r < 10000; r++) {
    uint64_t m = next_random() & SWAR_HIGH;
    tally_exact(H_COUNT, m, 0, swar_count(m), popcount(m));
  }
}

/* swar_load8 at every alignment: p[k] in lane k. */
static void test_load(void) {
  unsigned char buf[64];
  for (int round = 0; round < 100; round++) {
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (unsigned char)next_random();
    for (size_t off = 0; off + 8 <= sizeof buf; off++) {
      uint64_t want = 0;
      for (int k = 7; k >= 0; k--) want = want << 8 | buf[off + (size_t)k];
      tally_exact(H_LOAD, want, (unsigned)off, swar_load8(buf + off), want);
    }
  }
  const char text[] = "abcdefgh";
  CHECK(lane(swar_load8(text), 0) == 'a' && lane(swar_load8(text), 7) == 'h', "lane 0 is p[0]");
}

/* The any tests are no masks: a true lane can set the lane above it. */
static void test_any_versus_exact(void) {
  uint64_t x = UINT64_C(0x6161616161610100); /* 0x00 then 0x01 */
  CHECK(swar_zero_exact(x) == UINT64_C(0x80), "zero_exact: %016llx",
        (unsigned long long)swar_zero_exact(x));
  CHECK(swar_has_zero(x) == UINT64_C(0x8080), "has_zero sets the 0x01 lane too: %016llx",
        (unsigned long long)swar_has_zero(x));

  x = UINT64_C(0x6161616161612322); /* '"' then '#' ('"' ^ 1) */
  CHECK(swar_eq_exact(x, '"') == UINT64_C(0x80), "eq_exact");
  CHECK(swar_has_byte(x, '"') == UINT64_C(0x8080), "has_byte sets the '#' lane too");

  x = UINT64_C(0x6161616161612000); /* 0x00 below 0x20, then 0x20 */
  CHECK(swar_less_exact(x, 0x20) == UINT64_C(0x80), "less_exact");
  CHECK(swar_has_less(x, 0x20) == UINT64_C(0x8080), "has_less sets the 0x20 lane too");

  x = 0; /* eight bytes below 0x80: the borrow out of the first clears the rest */
  CHECK(swar_less_exact(x, 0x80) == SWAR_HIGH, "less_exact 0x80");
  CHECK(swar_has_less(x, 0x80) == UINT64_C(0x80), "has_less: only the first lane");

  x = UINT64_C(0x6161616161617EFF); /* 0xFF above 0x7E, then 0x7E */
  CHECK(swar_has_more(x, 0x7E) == UINT64_C(0x8080), "has_more sets the 0x7E lane too");
  CHECK(swar_nonascii(x) == UINT64_C(0x80), "nonascii");

  /* the exact forms count right where the any forms would not */
  x = UINT64_C(0x0100010001000100);
  CHECK(swar_count(swar_zero_exact(x)) == 4, "count of exact zeros");
  CHECK(swar_count(swar_has_zero(x)) == 8, "the any form counts the 0x01 lanes too");

  /* and the random runs above met such words for every any test */
  static const int any[] = {H_HAS_ZERO, H_HAS_BYTE, H_HAS_LESS, H_HAS_MORE};
  for (size_t i = 0; i < sizeof any / sizeof any[0]; i++)
    CHECK(tallies[any[i]].loose > 0, "%s: no word where it differs from the exact mask",
          tallies[any[i]].name);
}

int main(void) {
  test_load();
  test_every_byte_in_every_lane();
  test_pairs_of_special_bytes();
  test_random_words();
  for (int h = 0; h < H__N; h++) {
    const tally *t = &tallies[h];
    CHECK(t->words > 0 && t->wrong == 0, "%s: %lu of %lu words wrong, first x=%016llx arg=%#x",
          t->name, t->wrong, t->words, (unsigned long long)t->first_x, t->first_arg);
  }
  test_any_versus_exact();
  return check_done("swar");
}
