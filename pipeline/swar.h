/* swar.h — eight bytes at a time in a uint64_t (SWAR): the byte tests the
 * scanners share. Private to the library; not part of cvx.h. */
#ifndef CVX_SWAR_H
#define CVX_SWAR_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Two kinds of result below. An exact mask sets the high bit (0x80) of
 * each byte lane for which the test holds and no other bit: every lane is
 * right on its own, so the mask may be counted (swar_count), shifted to a
 * neighbour lane or searched. An "any" test (swar_has_*) is nonzero exactly
 * when the test holds for some lane, and its lowest set lane is the first
 * true one; but the borrow or carry of the classic (v - ONES) & ~v form
 * runs on into the lanes above and can set or clear them (0x0100 gives
 * 0x8080), so its bits are no mask: test it for nonzero only. It is one or
 * two operations cheaper, so it is the one to use where a yes/no will do.
 * Lane k of a word from swar_load8 is the byte at p[k] on every machine. */

#define SWAR_ONES UINT64_C(0x0101010101010101)
#define SWAR_HIGH UINT64_C(0x8080808080808080)

/* The eight bytes at p (any alignment) with p[0] in the lowest lane. */
static inline uint64_t swar_load8(const void *p) {
  uint64_t x;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(&x, p, sizeof x);
#else
  const unsigned char *b = p;
  x = 0;
  for (int k = 7; k >= 0; k--) x = x << 8 | b[k];
#endif
  return x;
}

/* Exact mask of the bytes at or above 0x80. */
static inline uint64_t swar_nonascii(uint64_t x) { return x & SWAR_HIGH; }

/* Exact mask of the bytes that are not zero. */
static inline uint64_t swar_nonzero_exact(uint64_t x) {
  return (((x & ~SWAR_HIGH) + ~SWAR_HIGH) | x) & SWAR_HIGH;
}

/* Exact mask of the zero bytes. */
static inline uint64_t swar_zero_exact(uint64_t x) {
  return ~(((x & ~SWAR_HIGH) + ~SWAR_HIGH) | x) & SWAR_HIGH;
}

/* Exact mask of the bytes equal to c. */
static inline uint64_t swar_eq_exact(uint64_t x, unsigned char c) {
  return swar_zero_exact(x ^ (c * SWAR_ONES));
}

/* Exact mask of the bytes below n (n <= 0x80). */
static inline uint64_t swar_less_exact(uint64_t x, unsigned n) {
  return ~(((x & ~SWAR_HIGH) + (0x80 - n) * SWAR_ONES) | x) & SWAR_HIGH;
}

/* Exact mask of the bytes in [lo, hi] (lo <= hi <= 0x7F). */
static inline uint64_t swar_range_exact(uint64_t x, unsigned lo, unsigned hi) {
  uint64_t h = x & ~SWAR_HIGH;
  return ((h + (0x80 - lo) * SWAR_ONES) ^ (h + (0x7F - hi) * SWAR_ONES)) & ~x & SWAR_HIGH;
}

/* Any test: nonzero exactly when some byte is zero (no mask). */
static inline uint64_t swar_has_zero(uint64_t x) { return (x - SWAR_ONES) & ~x & SWAR_HIGH; }

/* Any test: nonzero exactly when some byte equals c (no mask). */
static inline uint64_t swar_has_byte(uint64_t x, unsigned char c) {
  return swar_has_zero(x ^ (c * SWAR_ONES));
}

/* Any test: nonzero exactly when some byte is below n (n <= 0x80; no mask). */
static inline uint64_t swar_has_less(uint64_t x, unsigned n) {
  return (x - n * SWAR_ONES) & ~x & SWAR_HIGH;
}

/* Any test: nonzero exactly when some byte is above n (n <= 0x7F; no mask). */
static inline uint64_t swar_has_more(uint64_t x, unsigned n) {
  return ((x + (0x7F - n) * SWAR_ONES) | x) & SWAR_HIGH;
}

/* The number of lanes set in an exact mask m (no bits outside SWAR_HIGH). */
static inline size_t swar_count(uint64_t m) { return (size_t)(((m >> 7) * SWAR_ONES) >> 56); }

#endif
