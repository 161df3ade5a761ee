/* source.c — reading an input and decoding it into clean UTF-8 text with '\n'
 * line ends and a line map: BOMs, UTF-16, invalid UTF-8 (read as Windows-1252),
 * binary and oversize files, I/O errors; every problem becomes a diagnostic. */
#include "cvx.h"
#include "convert.h"
#include "layout.h"
#include "swar.h"
#include "utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utf8proc.h>

/* Binary sniffing looks at this many leading bytes. */
#define SNIFF_BYTES 8192u
/* The UTF-16-without-BOM guess looks at this many leading bytes. */
#define UTF16_GUESS_BYTES 4096u

/* ------------------------------------------------------------- emitting */

/* Writes decoded code points as UTF-8, turning CRLF and lone CR into '\n' and
 * stray controls into spaces. Decoding runs twice: once with dst == NULL to
 * measure (and to find the repairs), once to write into the exact-size block. */
typedef struct emitter {
  char *dst;
  size_t len;
  bool after_cr;
  bool changed;        /* some byte was not copied as it is */
  size_t nctrl;        /* controls replaced by a space */
  size_t ctrl_raw;     /* raw offset of the first one */
  cvx_span ctrl_span;  /* and where it landed in the text */
} emitter;

/* Bad spots a decoder repaired: how many, and where the first one was. */
typedef struct repairs {
  size_t count;
  size_t raw; /* byte offset in the input */
  cvx_span span;
} repairs;

static void emitter_init(emitter *e, char *dst) {
  memset(e, 0, sizeof *e);
  e->dst = dst;
  e->ctrl_span = CVX_NOSPAN;
}

static void repairs_init(repairs *r) {
  memset(r, 0, sizeof *r);
  r->span = CVX_NOSPAN;
}

/* True for code points that are not text: C0 (other than tab and newline), DEL, C1. */
static bool is_control(uint32_t cp) {
  return (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7f && cp < 0xa0);
}

static void emit_cp(emitter *e, uint32_t cp, size_t raw) {
  e->changed = true;
  if (cp == '\n' && e->after_cr) { /* the LF of a CRLF: the CR already gave '\n' */
    e->after_cr = false;
    return;
  }
  e->after_cr = cp == '\r';
  if (cp == '\r') {
    cp = '\n';
  } else if (is_control(cp)) {
    if (e->nctrl++ == 0) {
      e->ctrl_raw = raw;
      e->ctrl_span = cvx_span_make(e->len, e->len + 1);
    }
    cp = ' ';
  }
  unsigned char u[4];
  size_t k;
  if (cp < 0x80) {
    u[0] = (unsigned char)cp;
    k = 1;
  } else if (cp < 0x800) {
    u[0] = (unsigned char)(0xc0 | (cp >> 6));
    u[1] = (unsigned char)(0x80 | (cp & 0x3f));
    k = 2;
  } else if (cp < 0x10000) {
    u[0] = (unsigned char)(0xe0 | (cp >> 12));
    u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    u[2] = (unsigned char)(0x80 | (cp & 0x3f));
    k = 3;
  } else {
    u[0] = (unsigned char)(0xf0 | (cp >> 18));
    u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    u[3] = (unsigned char)(0x80 | (cp & 0x3f));
    k = 4;
  }
  if (e->dst) memcpy(e->dst + e->len, u, k);
  e->len += k;
}

/* Emits a replacement and remembers the first one (its span in the text). */
static void emit_repair(emitter *e, repairs *r, uint32_t cp, size_t raw) {
  size_t before = e->len;
  emit_cp(e, cp, raw);
  if (r->count++ == 0) {
    r->raw = raw;
    r->span = cvx_span_make(before, e->len);
  }
}

/* --------------------------------------------------------------- UTF-8 */

/* Windows-1252 for 0x80..0x9f; the five undefined bytes read as U+FFFD.
 * 0xa0..0xff are Latin-1, i.e. the byte value itself. */
static const uint16_t cp1252_high[32] = {
    0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
    0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd, 0x017d, 0xfffd,
    0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
    0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178};

static uint32_t cp1252(unsigned char b) {
  if (b >= 0x80 && b < 0xa0) return cp1252_high[b - 0x80];
  return b;
}

static bool in(unsigned char b, unsigned char lo, unsigned char hi) { return b >= lo && b <= hi; }

/* Length of the well-formed UTF-8 sequence at p (n bytes available), or 0.
 * Follows Unicode table 3-7: no overlongs, no surrogates, nothing past U+10FFFF. */
static size_t utf8_seq(const unsigned char *p, size_t n, uint32_t *cp) {
  unsigned char b = p[0];
  if (b < 0x80) {
    *cp = b;
    return 1;
  }
  if (b < 0xc2) return 0;
  if (b < 0xe0) {
    if (n < 2 || !in(p[1], 0x80, 0xbf)) return 0;
    *cp = ((uint32_t)(b & 0x1f) << 6) | (p[1] & 0x3f);
    return 2;
  }
  if (b < 0xf0) {
    unsigned char lo = b == 0xe0 ? 0xa0 : 0x80, hi = b == 0xed ? 0x9f : 0xbf;
    if (n < 3 || !in(p[1], lo, hi) || !in(p[2], 0x80, 0xbf)) return 0;
    *cp = ((uint32_t)(b & 0x0f) << 12) | ((uint32_t)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
    return 3;
  }
  if (b < 0xf5) {
    unsigned char lo = b == 0xf0 ? 0x90 : 0x80, hi = b == 0xf4 ? 0x8f : 0xbf;
    if (n < 4 || !in(p[1], lo, hi) || !in(p[2], 0x80, 0xbf) || !in(p[3], 0x80, 0xbf)) return 0;
    *cp = ((uint32_t)(b & 0x07) << 18) | ((uint32_t)(p[1] & 0x3f) << 12) |
          ((uint32_t)(p[2] & 0x3f) << 6) | (p[3] & 0x3f);
    return 4;
  }
  return 0;
}

/* Decodes p[start..n): valid sequences as they are, each byte of an invalid
 * one as Windows-1252. */
static bool plain_byte(unsigned char b) { return (b >= 0x20 && b < 0x7f) || b == '\t' || b == '\n'; }

/* All eight bytes of x are plain (see plain_byte). */
static inline bool plain8(uint64_t x) {
  if (swar_has_more(x, 0x7E)) return false;
  if (!swar_has_less(x, 0x20)) return true; /* no byte below 0x20 at all */
  return !(swar_less_exact(x, 0x20) & ~(swar_eq_exact(x, '\n') | swar_eq_exact(x, '\t')));
}

/* SSE2 (every x86-64) with the GCC builtins: sixteen bytes at a time where
 * it helps; the eight-byte code above does the rest everywhere. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define VEC16 1
/* One bit per byte of p[0,16) that is not plain. */
static inline unsigned not_plain16(const unsigned char *p) {
  __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
  /* signed: bytes at or above 0x80 are below 0x20 too */
  __m128i low = _mm_cmplt_epi8(x, _mm_set1_epi8(0x20));
  __m128i ok =
      _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
  __m128i bad = _mm_or_si128(_mm_andnot_si128(ok, low), _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7f)));
  return (unsigned)_mm_movemask_epi8(bad);
}
#else
#define VEC16 0
#endif

/* End of the run of plain bytes that starts at p[j] (n bytes in all). */
static size_t plain_run(const unsigned char *p, size_t n, size_t j) {
#if VEC16
  while (n - j >= 16) {
    unsigned bad = not_plain16(p + j);
    if (bad) return j + (size_t)__builtin_ctz(bad);
    j += 16;
  }
#endif
  while (j < n) {
    if (n - j >= 8 && plain8(swar_load8(p + j))) {
      j += 8;
      continue;
    }
    size_t stop = n - j >= 8 ? j + 8 : n;
    while (j < stop && plain_byte(p[j])) j++;
    if (j < stop) break;
  }
  return j;
}

static void decode_utf8(emitter *e, repairs *r, const unsigned char *p, size_t n, size_t start) {
  size_t i = start;
  while (i < n) {
    if (!e->after_cr && plain_byte(p[i])) {
      /* a run of text that needs no change (the common case), copied whole */
      size_t j = plain_run(p, n, i + 1);
      if (e->dst) memcpy(e->dst + e->len, p + i, j - i);
      e->len += j - i;
      i = j;
      continue;
    }
    uint32_t cp;
    size_t k = utf8_seq(p + i, n - i, &cp);
    if (k > 1 && cp >= 0xa0) { /* valid and not a C1 control: the bytes as they are */
      e->after_cr = false;
      if (e->dst) memcpy(e->dst + e->len, p + i, k);
      e->len += k;
      i += k;
      continue;
    }
    if (k) {
      emit_cp(e, cp, i);
      i += k;
    } else {
      emit_repair(e, r, cp1252(p[i]), i);
      i++;
    }
  }
}

/* -------------------------------------------------------------- UTF-16 */

static unsigned unit16(const unsigned char *p, bool be) {
  return be ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
}

/* Decodes p[start..n) as UTF-16; unpaired surrogates and a dangling odd byte
 * become U+FFFD. */
static void decode_utf16(emitter *e, repairs *r, const unsigned char *p, size_t n, size_t start,
                         bool be) {
  size_t i = start;
  while (n - i >= 2) {
    unsigned u = unit16(p + i, be);
    if (u >= 0xd800 && u < 0xdc00 && n - i >= 4) {
      unsigned lo = unit16(p + i + 2, be);
      if (lo >= 0xdc00 && lo < 0xe000) {
        emit_cp(e, 0x10000 + (((uint32_t)u - 0xd800) << 10) + (lo - 0xdc00), i);
        i += 4;
        continue;
      }
    }
    if (u >= 0xd800 && u < 0xe000)
      emit_repair(e, r, 0xfffd, i);
    else
      emit_cp(e, u, i);
    i += 2;
  }
  if (i < n) emit_repair(e, r, 0xfffd, i);
}

/* Guesses BOM-less UTF-16 from zero bytes: ASCII-range text in UTF-16 has a
 * zero in most odd (LE) or even (BE) positions and almost none in the other.
 * Returns 0 (not UTF-16), 1 (LE) or 2 (BE); *zeros gets the telling count. */
static int guess_utf16(const unsigned char *p, size_t n, size_t *zeros, size_t *sample) {
  if (n < 2 || n % 2) return 0;
  size_t m = n < UTF16_GUESS_BYTES ? n : UTF16_GUESS_BYTES;
  if (!memchr(p, 0, m - m % 2)) return 0; /* no zero byte in the sample: counts would be 0 */
  size_t pairs = m / 2, z_even = 0, z_odd = 0;
  for (size_t i = 0; i < pairs * 2; i += 2) {
    z_even += p[i] == 0;
    z_odd += p[i + 1] == 0;
  }
  *sample = pairs * 2;
  if (z_odd * 2 > pairs && z_even * 10 <= pairs) {
    *zeros = z_odd;
    return 1;
  }
  if (z_even * 2 > pairs && z_odd * 10 <= pairs) {
    *zeros = z_even;
    return 2;
  }
  return 0;
}

/* ------------------------------------------------------------- sniffing */

/* C0 controls that no text file has in numbers (tab, LF, CR, VT, FF, ESC are fine). */
static bool is_binary_control(unsigned c) {
  return c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' && c != 0x1b;
}

typedef struct magic {
  const char *bytes;
  size_t len;
  const char *kind;
} magic;

#define M(s, kind) {s, sizeof(s) - 1, kind}
static const magic magics[] = {
    M("\x7f" "ELF", "ELF executable"),
    M("%PDF-", "PDF document"),
    M("PK\x03\x04", "zip archive, e.g. a .docx or .odt document"),
    M("PK\x05\x06", "zip archive"),
    M("PK\x07\x08", "zip archive"),
    M("\x1f\x8b", "gzip archive"),
    M("\x89PNG\r\n\x1a\n", "PNG image"),
    M("\xff\xd8\xff", "JPEG image"),
    M("GIF87a", "GIF image"),
    M("GIF89a", "GIF image"),
    M("7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    M("\xfd" "7zXZ\x00", "xz archive"),
    M("Rar!\x1a\x07", "RAR archive"),
    M("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "Microsoft Office document, e.g. a .doc"),
    M("\xfe\xed\xfa\xce", "Mach-O executable"),
    M("\xfe\xed\xfa\xcf", "Mach-O executable"),
    M("\xce\xfa\xed\xfe", "Mach-O executable"),
    M("\xcf\xfa\xed\xfe", "Mach-O executable"),
    M("\xca\xfe\xba\xbe", "Mach-O universal binary or Java class"),
};
#undef M

/* The kind of binary file p starts with, or NULL. */
static const char *binary_kind(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++)
    if (n >= magics[i].len && p[0] == (unsigned char)magics[i].bytes[0] && /* the first byte rules most out */
        memcmp(p, magics[i].bytes, magics[i].len) == 0)
      return magics[i].kind;
  /* "BZh" + block size, then the magic of the first block or of the empty stream */
  if (n >= 10 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' && p[3] <= '9' &&
      (memcmp(p + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0 ||
       memcmp(p + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0))
    return "bzip2 archive";
  /* "MZ" alone starts names too; a PE header has NUL bytes right after it */
  if (n >= 2 && p[0] == 'M' && p[1] == 'Z' && memchr(p, 0, n < 512 ? n : 512))
    return "Windows executable";
  return NULL;
}

cvx_skip cvx_skip_of_bytes(const unsigned char *p, size_t n) {
  const char *kind = binary_kind(p, n);
  if (!kind) return CVX_SKIP_BINARY;
  if (strstr(kind, "image")) return CVX_SKIP_IMAGE;
  if (strstr(kind, "archive")) return CVX_SKIP_ARCHIVE;
  if (strstr(kind, "executable") || strstr(kind, "binary or Java")) return CVX_SKIP_EXECUTABLE;
  return CVX_SKIP_BINARY;
}

cvx_skip cvx_skip_of_file(const char *path) {
  unsigned char b[512];
  FILE *f = fopen(path, "rb");
  if (!f) return CVX_SKIP_BINARY;
  size_t n = fread(b, 1, sizeof b, f);
  fclose(f);
  return cvx_skip_of_bytes(b, n);
}

/* Refuses 8-bit input that is not text: a NUL anywhere, or too many controls
 * at the start. Adds the error and returns false. */
static bool sniff_bytes(const unsigned char *p, size_t n, size_t start, cvx_diags *dx) {
  const unsigned char *nul = n > start ? memchr(p + start, 0, n - start) : NULL;
  if (nul) {
    cvx_diag_add(dx, CVX_ERROR, "source.binary", CVX_NOSPAN, "binary file: NUL byte at offset %zu",
                 (size_t)(nul - p));
    return false;
  }
  size_t m = n - start < SNIFF_BYTES ? n - start : SNIFF_BYTES, ctl = 0;
  size_t i = 0;
#if VEC16
  for (; m - i >= 16; i += 16) { /* sixteen at a time: C0 bytes but the allowed ones */
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + start + i));
    __m128i c0 = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1f)), x);
    if (!_mm_movemask_epi8(c0)) continue;
    __m128i ok = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\t')),
                                           _mm_cmpeq_epi8(x, _mm_set1_epi8('\n'))),
                              _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\r')),
                                                        _mm_cmpeq_epi8(x, _mm_set1_epi8('\v'))),
                                           _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\f')),
                                                        _mm_cmpeq_epi8(x, _mm_set1_epi8(0x1b)))));
    for (unsigned bad = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(ok, c0)); bad; bad &= bad - 1)
      ctl++;
  }
#endif
  for (; m - i >= 8; i += 8) { /* eight at a time: C0 bytes but the allowed ones */
    uint64_t x = swar_load8(p + start + i), c0 = swar_less_exact(x, 0x20);
    if (!c0) continue;
    uint64_t ok = swar_eq_exact(x, '\t') | swar_eq_exact(x, '\n') | swar_eq_exact(x, '\r') |
                  swar_eq_exact(x, '\v') | swar_eq_exact(x, '\f') | swar_eq_exact(x, 0x1b);
    ctl += swar_count(c0 & ~ok);
  }
  for (; i < m; i++) ctl += is_binary_control(p[start + i]);
  if (ctl * 10 > m) {
    cvx_diag_add(dx, CVX_ERROR, "source.binary", CVX_NOSPAN,
                 "binary file: %zu of the first %zu bytes are control characters", ctl, m);
    return false;
  }
  return true;
}

/* The same for UTF-16 code units: U+0000 anywhere, or too many controls. */
static bool sniff_units(const unsigned char *p, size_t n, size_t start, bool be, cvx_diags *dx) {
  size_t ctl = 0, units = 0;
  for (size_t i = start; n - i >= 2; i += 2) {
    unsigned u = unit16(p + i, be);
    if (u == 0) {
      cvx_diag_add(dx, CVX_ERROR, "source.binary", CVX_NOSPAN,
                   "binary file: NUL character (U+0000) at offset %zu", i);
      return false;
    }
    if (i - start < SNIFF_BYTES) {
      units++;
      ctl += is_binary_control(u);
    }
  }
  if (ctl * 10 > units) {
    cvx_diag_add(dx, CVX_ERROR, "source.binary", CVX_NOSPAN,
                 "binary file: %zu of the first %zu characters are control characters", ctl,
                 units);
    return false;
  }
  return true;
}

/* ------------------------------------------------------------- decoding */

static size_t limit_of(const cvx_load_opts *opts) {
  size_t max = opts && opts->max_size ? opts->max_size : CVX_DEFAULT_MAX_SIZE;
  return max > CVX_HARD_MAX_SIZE ? CVX_HARD_MAX_SIZE : max;
}

/* Counts the offsets after every '\n' of t[0,n) that is not the last byte,
 * and writes them to out unless it is NULL. */
static size_t line_starts(const char *t, size_t n, uint32_t *out) {
  size_t count = 0, i = 0;
#if VEC16
  const __m128i nl = _mm_set1_epi8('\n');
  for (; n - i >= 16; i += 16) {
    unsigned m = (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(t + i)), nl));
    for (; m; m &= m - 1) {
      size_t at = i + (size_t)__builtin_ctz(m) + 1;
      if (at < n) {
        if (out) out[count] = (uint32_t)at;
        count++;
      }
    }
  }
#endif
  for (const char *p = t + i, *end = t + n;
       (p = memchr(p, '\n', (size_t)(end - p))) != NULL && p + 1 < end; p++) {
    if (out) out[count] = (uint32_t)(p + 1 - t);
    count++;
  }
  return count;
}

/* Builds the line map: the offset after every '\n' that is not the last byte. */
static void build_lines(cvx_arena *a, cvx_source *src) {
  size_t count = 1 + line_starts(src->text, src->len, NULL);
  uint32_t *lines = cvx_arena_alloc(a, count * sizeof *lines);
  lines[0] = 0;
  line_starts(src->text, src->len, lines + 1);
  src->lines = lines;
  src->nlines = count;
}

/* ------------------------------------------------------------------ NFC */

/* The decoded text is put in normalisation form C with utf8proc, so that
 * "Nystro" + U+0308 + "m" and "Nyström" are the same text to every later
 * stage (names, places, BibTeX). Spans are offsets into the normalised text;
 * line numbers never change (NFC never moves a character across a '\n'),
 * and the stretches where the number of code points changed are kept
 * (cvx_colfix) so that columns still count the file's code points.
 *
 * The text is cut into pieces at "safe" code points, before which NFC never
 * joins or reorders anything: below U+0300 (ASCII and the precomposed Latin
 * letters; the first combining mark is U+0300), CJK ideographs and Hangul
 * syllables. A piece holding only safe code points is already NFC and is
 * skipped, so Latin text costs one pass of byte tests; the others go through
 * utf8proc. A piece is also cut after PIECE_MAX bytes at a starter and after
 * STREAM_SAFE_MARKS marks in a row (the Stream-Safe Text Format of UAX #15),
 * which bounds the memory and the time of the mark reordering on hostile
 * input. */
#define PIECE_MAX 4096u
#define STREAM_SAFE_MARKS 30u
#define NFC_OPTS ((utf8proc_option_t)(UTF8PROC_STABLE | UTF8PROC_COMPOSE))

static bool nfc_safe(uint32_t cp) {
  return cp < 0x300 || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
         (cp >= 0xAC00 && cp <= 0xD7A3);
}

/* One changed stretch: bytes [start, end) of the decoded text become
 * rep_len bytes at rep_off of the replacement buffer; delta is the original
 * code points minus the new ones. */
typedef struct nfc_edit {
  uint32_t start, end;
  size_t rep_off, rep_len;
  int64_t delta;
} nfc_edit;

typedef struct nfc_state {
  utf8proc_int32_t *cps, *orig; /* scratch: the piece normalised, and as it was */
  size_t cap;
  nfc_edit *edits;
  size_t nedits, edits_cap;
  cvx_buf rep;
} nfc_state;

/* Normalises text[a, b) and records the change, if any. */
static void nfc_piece(nfc_state *st, const char *text, size_t a, size_t b) {
  const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)text + a;
  utf8proc_ssize_t n = (utf8proc_ssize_t)(b - a);
  utf8proc_ssize_t need = utf8proc_decompose(p, n, st->cps, (utf8proc_ssize_t)st->cap, NFC_OPTS);
  if (need < 0) return; /* not UTF-8: cannot happen, the text was decoded */
  if ((size_t)need > st->cap) {
    st->cap = (size_t)need * 2;
    free(st->cps);
    free(st->orig);
    st->cps = cvx_xmalloc(st->cap * sizeof *st->cps);
    st->orig = cvx_xmalloc(st->cap * sizeof *st->orig);
    need = utf8proc_decompose(p, n, st->cps, (utf8proc_ssize_t)st->cap, NFC_OPTS);
    if (need < 0) return;
  }
  utf8proc_ssize_t m = utf8proc_normalize_utf32(st->cps, need, NFC_OPTS);
  if (m < 0) return;
  /* the original code points and where each starts */
  size_t k = 0;
  for (size_t i = a; i < b && k < st->cap;) {
    uint32_t cp;
    i += cvx_utf8_decode(text, b, i, &cp);
    st->orig[k++] = (utf8proc_int32_t)cp;
  }
  size_t nm = (size_t)m;
  if (nm == k && memcmp(st->orig, st->cps, k * sizeof *st->cps) == 0) return;
  /* the common start and end stay; only the middle is replaced */
  size_t pre = 0, suf = 0;
  while (pre < k && pre < nm && st->orig[pre] == st->cps[pre]) pre++;
  while (suf < k - pre && suf < nm - pre && st->orig[k - 1 - suf] == st->cps[nm - 1 - suf]) suf++;
  size_t start = a, end = b;
  for (size_t i = 0; i < pre; i++) {
    uint32_t cp;
    start += cvx_utf8_decode(text, b, start, &cp);
  }
  for (size_t i = 0; i < suf; i++) {
    end--;
    while (((unsigned char)text[end] & 0xC0) == 0x80) end--;
  }
  if (st->nedits == st->edits_cap) {
    st->edits_cap = st->edits_cap ? st->edits_cap * 2 : 16;
    st->edits = cvx_xrealloc(st->edits, st->edits_cap * sizeof *st->edits);
  }
  nfc_edit *e = &st->edits[st->nedits++];
  e->start = (uint32_t)start;
  e->end = (uint32_t)end;
  e->rep_off = st->rep.len;
  for (size_t i = pre; i < nm - suf; i++) {
    utf8proc_uint8_t u[4];
    utf8proc_ssize_t l = utf8proc_encode_char(st->cps[i], u);
    cvx_buf_put(&st->rep, u, (size_t)l);
  }
  e->rep_len = st->rep.len - e->rep_off;
  e->delta = (int64_t)(k - pre - suf) - (int64_t)(nm - pre - suf);
}

/* Where offset off of the decoded text lands in the normalised one (the
 * start of a changed stretch it falls inside). */
static uint32_t nfc_map(const nfc_state *st, uint32_t off) {
  int64_t shift = 0;
  for (size_t i = 0; i < st->nedits && st->edits[i].start < off; i++) {
    const nfc_edit *e = &st->edits[i];
    if (off < e->end) return (uint32_t)((int64_t)e->start + shift);
    shift += (int64_t)e->rep_len - (int64_t)(e->end - e->start);
  }
  return (uint32_t)((int64_t)off + shift);
}

static cvx_span nfc_map_span(const nfc_state *st, cvx_span s) {
  if (!cvx_span_valid(s)) return s;
  return cvx_span_make(nfc_map(st, s.start), nfc_map(st, s.end));
}

/* Finds the pieces of text[0, len) that NFC changes (st->edits). */
static void nfc_scan(nfc_state *st, const char *text, size_t len) {
  size_t i = 0;
  while (i < len) {
    /* skip ASCII eight bytes at a time */
    while (i + 8 <= len && !swar_nonascii(swar_load8(text + i))) i += 8;
    while (i < len && (unsigned char)text[i] < 0x80) i++;
    if (i >= len) break;
    /* a piece starts at the safe code point before the first unsafe one */
    size_t piece = i > 0 ? i - 1 : 0; /* the ASCII byte before, which a mark may join */
    bool unsafe = false;
    unsigned marks = 0;
    while (i < len) {
      unsigned char c = (unsigned char)text[i];
      if (c < 0x80) break; /* ASCII is safe: the piece ends */
      uint32_t cp;
      size_t l = cvx_utf8_decode(text, len, i, &cp);
      bool cut = false;
      if (nfc_safe(cp)) {
        cut = true;
        marks = 0;
      } else {
        unsigned ccc = utf8proc_get_property((utf8proc_int32_t)cp)->combining_class;
        if (ccc) {
          cut = ++marks > STREAM_SAFE_MARKS;
          if (cut) marks = 1;
        } else {
          marks = 0;
          cut = i - piece >= PIECE_MAX;
        }
      }
      if (cut && i > piece) {
        if (unsafe) nfc_piece(st, text, piece, i);
        piece = i;
        unsafe = false;
      }
      unsafe |= !nfc_safe(cp);
      i += l;
    }
    if (unsafe) nfc_piece(st, text, piece, i);
  }
}

/* Puts src->text in NFC (see above); the spans of the decoding's
 * diagnostics, s[0..ns), move with the text. False (text unchanged) when
 * the normalised text would not fit a span. */
static bool nfc_normalise(cvx_arena *a, cvx_source *src, cvx_span *const *s, size_t ns) {
  nfc_state st = {0};
  cvx_buf_init(&st.rep);
  nfc_scan(&st, src->text, src->len);
  bool ok = true;
  if (st.nedits) {
    size_t len = src->len;
    for (size_t i = 0; i < st.nedits; i++) len = len - (st.edits[i].end - st.edits[i].start) + st.edits[i].rep_len;
    if (len >= UINT32_MAX) {
      ok = false;
    } else {
      char *t = cvx_arena_alloc(a, len + 1);
      cvx_colfix *fix = cvx_arena_alloc(a, st.nedits * sizeof *fix);
      size_t o = 0, from = 0, nfix = 0;
      int64_t cum = 0;
      for (size_t i = 0; i < st.nedits; i++) {
        const nfc_edit *e = &st.edits[i];
        memcpy(t + o, src->text + from, e->start - from);
        o += e->start - from;
        if (e->delta) {
          cum += e->delta;
          fix[nfix++] = (cvx_colfix){(uint32_t)o, (uint32_t)(o + e->rep_len), cum};
        }
        memcpy(t + o, st.rep.ptr + e->rep_off, e->rep_len);
        o += e->rep_len;
        from = e->end;
      }
      memcpy(t + o, src->text + from, src->len - from);
      o += src->len - from;
      t[o] = '\0';
      for (size_t i = 0; i < ns; i++) *s[i] = nfc_map_span(&st, *s[i]);
      src->text = t;
      src->len = o;
      src->colfix = nfix ? fix : NULL;
      src->ncolfix = nfix;
    }
  }
  free(st.cps);
  free(st.orig);
  free(st.edits);
  cvx_buf_free(&st.rep);
  return ok;
}

typedef enum form { FORM_UTF8, FORM_UTF16LE, FORM_UTF16BE } form;

static void decode(emitter *e, repairs *r, form f, const unsigned char *p, size_t n, size_t start) {
  if (f == FORM_UTF8)
    decode_utf8(e, r, p, n, start);
  else
    decode_utf16(e, r, p, n, start, f == FORM_UTF16BE);
}

/* How the text is read: encoding form, where it starts, the UTF-16 guess. */
typedef struct reading {
  form f;
  cvx_encoding enc;
  size_t start;
  int guess; /* 1 = UTF-16LE, 2 = UTF-16BE guessed without a BOM, 0 = none */
  size_t zeros, sample;
  cvx_docfmt doc; /* a document format read by its own reader, or NONE */
} reading;

/* Decides how p[0,n) is read, or refuses it (UTF-32, a known binary format,
 * NUL, too many controls) with the error added to dx. It reads at most the
 * first SNIFF_BYTES of text besides the NUL search, so a verdict on the first
 * block of a file (of at least that size) is the verdict on the whole file:
 * the reader gives up on a binary file after one block. */
static cvx_status judge(const unsigned char *p, size_t n, reading *rd, cvx_diags *dx) {
  *rd = (reading){FORM_UTF8, CVX_ENC_UTF8, 0, 0, 0, 0, CVX_DOCFMT_NONE};
  if (n >= 4 && (memcmp(p, "\xff\xfe\0\0", 4) == 0 || memcmp(p, "\0\0\xfe\xff", 4) == 0)) {
    cvx_diag_add(dx, CVX_ERROR, "source.unsupported-encoding", CVX_NOSPAN,
                 "file is UTF-32 (by its byte-order mark); only UTF-8 and UTF-16 are read");
    return CVX_EPARSE;
  }
  /* a PDF, DOCX or ODT document: its reader makes the text and the layout
   * (cvx_source_from_bytes hands it over) */
  rd->doc = cvx_document_format(p, n);
  if (rd->doc != CVX_DOCFMT_NONE) return CVX_OK;
  const char *kind = binary_kind(p, n);
  if (kind) {
    cvx_diag_add(dx, CVX_ERROR, "source.binary", CVX_NOSPAN, "binary file (%s)", kind);
    return CVX_EBINARY;
  }

  form f = FORM_UTF8;
  cvx_encoding enc = CVX_ENC_UTF8;
  size_t start = 0;
  int guess = 0;
  size_t zeros = 0, sample = 0;
  if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
    enc = CVX_ENC_UTF8_BOM;
    start = 3;
  } else if (n >= 2 && p[0] == 0xff && p[1] == 0xfe) {
    f = FORM_UTF16LE;
    start = 2;
  } else if (n >= 2 && p[0] == 0xfe && p[1] == 0xff) {
    f = FORM_UTF16BE;
    start = 2;
  } else if ((guess = guess_utf16(p, n, &zeros, &sample)) != 0) {
    f = guess == 1 ? FORM_UTF16LE : FORM_UTF16BE;
  }
  if (f != FORM_UTF8) enc = f == FORM_UTF16LE ? CVX_ENC_UTF16LE : CVX_ENC_UTF16BE;

  bool text_like = f == FORM_UTF8 ? sniff_bytes(p, n, start, dx)
                                  : sniff_units(p, n, start, f == FORM_UTF16BE, dx);
  if (!text_like) return CVX_EBINARY;
  *rd = (reading){f, enc, start, guess, zeros, sample, CVX_DOCFMT_NONE};
  return CVX_OK;
}

/* Decodes bytes into *out; *out is NULL unless CVX_OK. NULL path reads as
 * "<memory>". Whole-file diagnostics (binary, too large, empty, UTF-16 guess)
 * carry CVX_NOSPAN; repairs point at their first replacement in the text. */
cvx_status cvx_source_from_bytes(cvx_arena *a, const char *path, const unsigned char *bytes,
                                 size_t n, const cvx_load_opts *opts, cvx_source **out,
                                 cvx_diags *dx) {
  if (out) *out = NULL;
  if (!a || !out || !dx || (!bytes && n)) return CVX_EINVAL;
  static const unsigned char none[1];
  const unsigned char *p = bytes ? bytes : none;
  size_t max = limit_of(opts);
  if (n > max) {
    cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                 "file is %zu bytes, over the limit of %zu bytes (--max-size)", n, max);
    return CVX_ELIMIT;
  }
  reading rd;
  cvx_status jst = judge(p, n, &rd, dx);
  if (jst != CVX_OK) return jst;
  if (rd.doc == CVX_DOCFMT_PDF) return cvx_pdf_decode(a, path ? path : "<memory>", p, n, opts, out, dx);
  if (rd.doc == CVX_DOCFMT_ZIP) return cvx_zipdoc_decode(a, path ? path : "<memory>", p, n, opts, out, dx);
  form f = rd.f;
  cvx_encoding enc = rd.enc;
  size_t start = rd.start;
  int guess = rd.guess;
  size_t zeros = rd.zeros, sample = rd.sample;

  /* measure, then write into a block of exactly that size */
  emitter e;
  repairs r;
  emitter_init(&e, NULL);
  repairs_init(&r);
  decode(&e, &r, f, p, n, start);
  if (e.len >= UINT32_MAX) {
    cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                 "decoded text is %zu bytes, over the limit of %zu bytes", e.len,
                 (size_t)UINT32_MAX - 1);
    return CVX_ELIMIT;
  }
  bool same = f == FORM_UTF8 && !e.changed; /* every byte copied as it is */
  char *text =
      same ? cvx_arena_strndup(a, (const char *)p + start, e.len) : cvx_arena_alloc(a, e.len + 1);
  emitter w;
  emitter_init(&w, text);
  if (same) {
    w.len = e.len;
  } else {
    repairs rw;
    repairs_init(&rw);
    decode(&w, &rw, f, p, n, start);
  }
  text[w.len] = '\0';

  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = cvx_arena_strdup(a, path ? path : "<memory>");
  src->text = text;
  src->len = w.len;
  src->encoding = r.count && f == FORM_UTF8 ? CVX_ENC_UTF8_REPAIRED : enc;
  src->raw_size = n;
  cvx_span *moved[] = {&r.span, &e.ctrl_span};
  if (!nfc_normalise(a, src, moved, 2)) {
    cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                 "normalised text is over the limit of %zu bytes", (size_t)UINT32_MAX - 1);
    return CVX_ELIMIT;
  }
  build_lines(a, src);

  if (guess)
    cvx_diag_add(dx, CVX_WARNING, "source.utf16-no-bom", CVX_NOSPAN,
                 "no byte-order mark; read as UTF-16%s because %zu of the first %zu bytes are zero",
                 guess == 1 ? "LE" : "BE", zeros, sample);
  if (r.count && f == FORM_UTF8)
    cvx_diag_add(dx, CVX_WARNING, "source.invalid-utf8", r.span,
                 "%zu invalid UTF-8 byte(s) read as Windows-1252, first at byte offset %zu",
                 r.count, r.raw);
  if (r.count && f != FORM_UTF8)
    cvx_diag_add(dx, CVX_WARNING, "source.invalid-utf16", r.span,
                 "%zu unpaired UTF-16 surrogate(s) or stray byte(s) replaced by U+FFFD, first at "
                 "byte offset %zu",
                 r.count, r.raw);
  if (e.nctrl)
    cvx_diag_add(dx, CVX_NOTE, "source.control-chars", e.ctrl_span,
                 "%zu control character(s) replaced by spaces, first at byte offset %zu", e.nctrl,
                 e.ctrl_raw);
  if (strspn(src->text, " \t\n") == src->len) {
    if (src->len == 0)
      cvx_diag_add(dx, CVX_WARNING, "source.empty", CVX_NOSPAN, "file is empty");
    else
      cvx_diag_add(dx, CVX_WARNING, "source.empty", CVX_NOSPAN,
                   "file has only whitespace (%zu bytes)", n);
  }
  *out = src;
  return CVX_OK;
}

cvx_source *cvx_source_from_text(cvx_arena *a, const char *path, char *text, size_t len, size_t raw_size) {
  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = cvx_arena_strdup(a, path ? path : "<memory>");
  src->text = cvx_arena_strndup(a, text, len);
  src->len = len;
  src->encoding = CVX_ENC_UTF8;
  src->raw_size = raw_size;
  build_lines(a, src);
  return src;
}

cvx_docfmt cvx_document_format(const unsigned char *p, size_t n) {
  if (n >= 5 && memcmp(p, "%PDF-", 5) == 0) return CVX_DOCFMT_PDF;
  if (n >= 4 && memcmp(p, "PK\x03\x04", 4) == 0) return CVX_DOCFMT_ZIP;
  return CVX_DOCFMT_NONE;
}

/* ------------------------------------------------------------- reading */

/* strerror_r comes in an XSI (int) and a GNU (char *) flavour; take either. */
static const char *errtext_xsi(int rc, const char *buf) { return rc == 0 ? buf : "unknown error"; }
static const char *errtext_gnu(const char *msg, const char *buf) {
  (void)buf;
  return msg ? msg : "unknown error";
}
#define ERRTEXT(err, buf)                                                                      \
  _Generic(strerror_r((err), (buf), sizeof(buf)), int: errtext_xsi, default: errtext_gnu)(     \
      strerror_r((err), (buf), sizeof(buf)), (buf))

static cvx_status io_error(cvx_diags *dx, const char *what, const char *path, int err) {
  char buf[256] = "";
  cvx_diag_add(dx, CVX_ERROR, "source.io", CVX_NOSPAN, "cannot %s %s: %s", what, path,
               ERRTEXT(err, buf));
  return CVX_EIO;
}

/* Waits until fd (a pipe or terminal: standard input) has data or its end,
 * looking every 100 ms whether the batch was interrupted (cvx_cancel): a
 * signal may be delivered to another thread, so this one is never woken by
 * it. False when interrupted. */
static bool wait_readable(int fd) {
  for (;;) {
    if (cvx_cancelled()) return false;
    struct pollfd pf = {fd, POLLIN, 0};
    int r = poll(&pf, 1, 100);
    if (r > 0 || (r < 0 && errno != EINTR)) return true; /* ready, or let read() report it */
  }
}

/* The reader's first block: judged (see judge) before anything more is read
 * or allocated, so a binary file, a sparse gigabyte of zeros say, is refused
 * after one block. At least SNIFF_BYTES, for the verdict to be the file's. */
#define FIRST_BLOCK 65536u

/* Reads fd to EOF or until cap bytes are in, retrying EINTR and short reads.
 * hint is a regular file's size from fstat (0 otherwise): a read that comes
 * up short exactly there is taken as the end of the file, which spares the
 * read that would return 0; a short read anywhere else reads on. Another
 * input (hint 0) is waited on with poll, so that an interrupt ends the wait.
 * The first FIRST_BLOCK bytes are read and judged alone; when they are
 * refused (the error is in dx), *refused is that status and nothing more is
 * read; with skip set (a file met in a folder walk), a binary start
 * (cvx_bytes_look_binary) is refused without a diagnostic and sets *skip.
 * Returns 0 (*data is then heap memory the caller frees, unless
 * refused) or an errno value. */
static int read_all(int fd, size_t hint, size_t cap, unsigned char **data, size_t *len,
                    cvx_diags *dx, bool *skip, cvx_status *refused) {
  *refused = CVX_OK;
  size_t size = FIRST_BLOCK < cap ? FIRST_BLOCK : cap;
  unsigned char *buf = cvx_xmalloc(size);
  size_t n = 0;
  bool judged = false;
  for (;;) {
    if (n == size) {
      if (!judged) { /* the first block is in: judge it before reading on */
        judged = true;
        reading rd;
        cvx_status st = CVX_EBINARY;
        if (skip && cvx_bytes_look_binary(buf, n))
          *skip = true;
        else
          st = judge(buf, n, &rd, dx);
        if (st != CVX_OK) {
          free(buf);
          *refused = st;
          return 0;
        }
      }
      if (size == cap) break;
      size_t next = size > cap / 2 ? cap : size * 2;
      if (hint >= size && hint < cap && hint + 1 > next) next = hint + 1; /* the whole file at once */
      size = next;
      buf = cvx_xrealloc(buf, size);
    }
    size_t want = size - n;
    if (want > (size_t)SSIZE_MAX) want = (size_t)SSIZE_MAX;
    if (!hint && !wait_readable(fd)) {
      free(buf);
      return EINTR;
    }
    ssize_t got = read(fd, buf + n, want);
    if (got < 0) {
      if (errno == EINTR && !cvx_cancelled()) continue;
      int err = errno;
      free(buf);
      return err;
    }
    if (got == 0) break;
    n += (size_t)got;
    if (hint && n == hint && (size_t)got < want) break;
  }
  *data = buf;
  *len = n;
  return 0;
}

bool cvx_bytes_look_binary(const unsigned char *b, size_t n) {
  if (cvx_document_format(b, n) == CVX_DOCFMT_PDF) return false; /* read, and reported when unreadable */
  if (n > CVX_SNIFF_SIZE) n = CVX_SNIFF_SIZE;
  if (n >= 2 && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF))) return false;
  return n && memchr(b, 0, n) != NULL;
}

/* cvx_bytes_look_binary of the first bytes of the open file fd. */
static bool sniff_fd(int fd) {
  unsigned char b[CVX_SNIFF_SIZE];
  ssize_t got;
  do got = pread(fd, b, sizeof b, 0);
  while (got < 0 && errno == EINTR);
  return got > 0 && cvx_bytes_look_binary(b, (size_t)got);
}

bool cvx_file_looks_binary(const char *path) {
  int fd; /* O_NONBLOCK: a named pipe put in place of a file never blocks the open */
  do fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) return false;
  bool bin = sniff_fd(fd);
  close(fd);
  return bin;
}

/* /dev/null is a device that reads as an empty file and never blocks:
 * scripts name it for "no input", so it is read as one. */
static bool is_dev_null(const struct stat *sb) {
  struct stat nb;
  return S_ISCHR(sb->st_mode) && stat("/dev/null", &nb) == 0 && S_ISCHR(nb.st_mode) && nb.st_rdev == sb->st_rdev;
}

static const char *file_kind(mode_t m) {
  if (S_ISFIFO(m)) return "a named pipe (FIFO)";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  return "not a regular file";
}

/* Reads path ("-" = stdin) and decodes it; regular files over the limit are
 * refused from their size alone, other inputs after max_size + 1 bytes. The
 * read buffer is freed before returning; *out is arena-owned, NULL unless
 * CVX_OK. With skipped set (a file met in a folder), a binary start ends it
 * at once, without a diagnostic: judged from the bytes read anyway, or for
 * a file over the limit from its first bytes. */
static cvx_status load(cvx_arena *a, const char *path, const cvx_load_opts *opts, cvx_source **out,
                       cvx_diags *dx, bool *skipped) {
  if (out) *out = NULL;
  if (!a || !path || !out || !dx) return CVX_EINVAL;
  bool is_stdin = strcmp(path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : path;
  int fd = 0;
  if (!is_stdin) {
    /* O_NONBLOCK: opening a named pipe waits for a writer, maybe for ever;
     * this open returns at once and the file's type is checked first */
    do fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) return io_error(dx, "open", name, errno);
  }
  cvx_status st = CVX_OK;
  size_t max = limit_of(opts);
  struct stat sb;
  int fl;
  if (fstat(fd, &sb) != 0) {
    st = io_error(dx, "read", name, errno);
  } else if (S_ISDIR(sb.st_mode)) {
    st = io_error(dx, "read", name, EISDIR);
  } else if (!is_stdin && !S_ISREG(sb.st_mode) && !is_dev_null(&sb)) {
    /* a pipe, socket or device named as a file: its reads could block or
     * never end; only - (standard input) is read as a stream */
    cvx_diag_add(dx, CVX_ERROR, "source.not-regular", CVX_NOSPAN, "%s is %s, not a regular file (use - for a stream)",
                 name, file_kind(sb.st_mode));
    st = CVX_EIO;
  } else if (!is_stdin && ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)) {
    st = io_error(dx, "read", name, errno);
  } else if (S_ISREG(sb.st_mode) && sb.st_size > 0 && (uintmax_t)sb.st_size > max) {
    if (skipped && sniff_fd(fd)) {
      *skipped = true;
      st = CVX_EBINARY;
    } else {
      cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                   "file is %jd bytes, over the limit of %zu bytes (--max-size)",
                   (intmax_t)sb.st_size, max);
      st = CVX_ELIMIT;
    }
  } else {
    size_t hint = S_ISREG(sb.st_mode) && sb.st_size > 0 ? (size_t)sb.st_size : 0;
    unsigned char *data = NULL;
    size_t len = 0;
    cvx_status refused = CVX_OK;
    int err = read_all(fd, hint, max + 1, &data, &len, dx, skipped, &refused);
    if (err) {
      st = io_error(dx, "read", name, err);
    } else if (refused != CVX_OK) {
      st = refused;
    } else if (skipped && cvx_bytes_look_binary(data, len)) {
      *skipped = true;
      st = CVX_EBINARY;
    } else if (len > max) {
      cvx_diag_add(dx, CVX_ERROR, "source.too-large", CVX_NOSPAN,
                   "input is over the limit of %zu bytes (--max-size)", max);
      st = CVX_ELIMIT;
    } else {
      st = cvx_source_from_bytes(a, name, data, len, opts, out, dx);
    }
    free(data);
  }
  if (!is_stdin) close(fd);
  return st;
}

cvx_status cvx_source_load(cvx_arena *a, const char *path, const cvx_load_opts *opts,
                           cvx_source **out, cvx_diags *dx) {
  return load(a, path, opts, out, dx, NULL);
}

cvx_status cvx_source_load_walked(cvx_arena *a, const char *path, const cvx_load_opts *opts,
                                  cvx_source **out, cvx_diags *dx, bool *skipped) {
  bool dummy;
  if (!skipped) skipped = &dummy;
  *skipped = false;
  return load(a, path, opts, out, dx, skipped);
}

/* ----------------------------------------------------------- positions */

/* Index of the line holding off (already clamped to src->len). */
static size_t line_index(const cvx_source *src, uint32_t off) {
  size_t lo = 0, hi = src->nlines; /* lines[lo] <= off < lines[hi] */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (src->lines[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

static size_t line_end(const cvx_source *src, size_t start) {
  const char *nl = memchr(src->text + start, '\n', src->len - start);
  return nl ? (size_t)(nl - src->text) : src->len;
}

bool cvx_source_page(const cvx_source *src, uint32_t off, unsigned *page, unsigned *line) {
  if (!src || !src->pages || !src->npages || !src->nlines) return false;
  if (off > src->len) off = (uint32_t)src->len;
  size_t lo = 0, hi = src->npages;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (src->pages[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  size_t first = line_index(src, src->pages[lo] < src->len ? src->pages[lo] : (uint32_t)src->len);
  size_t at = line_index(src, off);
  if (page) *page = (unsigned)(lo + 1);
  if (line) *line = (unsigned)(at >= first ? at - first + 1 : 1);
  return true;
}

/* The index of the first NFC stretch that ends after off (ncolfix if none). */
static size_t first_fix_ending_after(const cvx_source *src, size_t off) {
  size_t lo = 0, hi = src->ncolfix;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (src->colfix[mid].end <= off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* 1-based line and code-point column of off, counted in the file's code
 * points (before NFC). Offsets past the end clamp to
 * the end; an offset inside a character gives that character's column; the
 * end of a text ending in '\n' is the end of its last line (no phantom line). */
void cvx_source_position(const cvx_source *src, uint32_t off, unsigned *line, unsigned *col) {
  unsigned l = 1, c = 1;
  if (src && src->text && src->lines && src->nlines) {
    if (off > src->len) off = (uint32_t)src->len;
    size_t i = line_index(src, off);
    size_t start = src->lines[i], end = line_end(src, start);
    size_t stop = off < end ? off : end;
    while (stop > start && ((unsigned char)src->text[stop] & 0xc0) == 0x80) stop--;
    int64_t fixed = 0;
    if (src->ncolfix) { /* NFC changed code points on this line: count the file's */
      size_t lo = first_fix_ending_after(src, start), hi = first_fix_ending_after(src, stop);
      if (hi < src->ncolfix && src->colfix[hi].start < stop) stop = src->colfix[hi].start; /* inside one */
      if (hi > lo) fixed = src->colfix[hi - 1].cum - (lo ? src->colfix[lo - 1].cum : 0);
    }
    for (size_t k = start; k < stop; k++) c += ((unsigned char)src->text[k] & 0xc0) != 0x80;
    c = (unsigned)((int64_t)c + fixed);
    l = (unsigned)(i + 1);
  }
  if (line) *line = l;
  if (col) *col = c;
}

/* The line holding off (clamped to the end), pointing into src->text; *len is
 * its length in bytes without the '\n'. Never NULL: "" for a NULL source. */
const char *cvx_source_line(const cvx_source *src, uint32_t off, size_t *len) {
  if (!src || !src->text || !src->lines || !src->nlines) {
    if (len) *len = 0;
    return "";
  }
  if (off > src->len) off = (uint32_t)src->len;
  size_t start = src->lines[line_index(src, off)];
  if (len) *len = line_end(src, start) - start;
  return src->text + start;
}
