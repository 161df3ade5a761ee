/* test_source.c — unit tests of source decoding and loading: every encoding
 * situation, binary and oversize input, I/O errors, the line map and positions. */
#include "cvx.h"

#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utf8proc.h>

#define IN(s) .in = (s), .n = sizeof(s) - 1
#define OUT(s) .out = (s), .out_n = sizeof(s) - 1

typedef struct tcase {
  const char *name;
  const char *in;
  size_t n;
  size_t max_size;
  cvx_status st;
  const char *out; /* expected text when st == CVX_OK */
  size_t out_n;
  cvx_encoding enc;
  const char *code;   /* the one expected diagnostic, or NULL for none */
  unsigned line, col; /* where it points; 0 for CVX_NOSPAN */
  const char *msg;    /* a substring of its message, or NULL */
} tcase;

static const tcase cases[] = {
    /* UTF-8 and BOMs */
    {"utf8 plain", IN("Jane Doe\nEngineer\n"), 0, CVX_OK, OUT("Jane Doe\nEngineer\n"), CVX_ENC_UTF8,
     NULL, 0, 0, NULL},
    {"utf8 multibyte",
     IN("Jos\xC3\xA9 \xE2\x80\x94 \xE6\x9D\xB1\xE4\xBA\xAC \xF0\x9F\x8E\x89\n"), 0, CVX_OK,
     OUT("Jos\xC3\xA9 \xE2\x80\x94 \xE6\x9D\xB1\xE4\xBA\xAC \xF0\x9F\x8E\x89\n"),
     CVX_ENC_UTF8, NULL, 0, 0, NULL},
    {"utf8 bom", IN("\xEF\xBB\xBFhello\n"), 0, CVX_OK, OUT("hello\n"), CVX_ENC_UTF8_BOM, NULL, 0, 0,
     NULL},
    {"utf16le bom + emoji pair", IN("\xFF\xFEH\0i\0 \0\x3C\xD8\x89\xDF\n\0"), 0, CVX_OK,
     OUT("Hi \xF0\x9F\x8E\x89\n"), CVX_ENC_UTF16LE, NULL, 0, 0, NULL},
    {"utf16be bom + emoji pair + crlf", IN("\xFE\xFF\0H\0i\xD8\x3C\xDF\x89\0\r\0\n"), 0, CVX_OK,
     OUT("Hi\xF0\x9F\x8E\x89\n"), CVX_ENC_UTF16BE, NULL, 0, 0, NULL},
    {"utf16le no bom", IN("N\0a\0m\0e\0\n\0"), 0, CVX_OK, OUT("Name\n"), CVX_ENC_UTF16LE,
     "source.utf16-no-bom", 0, 0, "read as UTF-16LE because 5 of the first 10 bytes are zero"},
    {"utf16be no bom", IN("\0N\0a\0m\0e"), 0, CVX_OK, OUT("Name"), CVX_ENC_UTF16BE,
     "source.utf16-no-bom", 0, 0, "UTF-16BE"},
    {"utf16 lone high surrogate", IN("\xFF\xFE" "a\0\x00\xD8" "b\0"), 0, CVX_OK,
     OUT("a\xEF\xBF\xBD" "b"), CVX_ENC_UTF16LE, "source.invalid-utf16", 1, 2,
     "1 unpaired UTF-16 surrogate(s) or stray byte(s) replaced by U+FFFD, first at byte offset 4"},
    {"utf16 lone low surrogate", IN("\xFE\xFF\xDC\x00\0x"), 0, CVX_OK, OUT("\xEF\xBF\xBDx"),
     CVX_ENC_UTF16BE, "source.invalid-utf16", 1, 1, "offset 2"},
    {"utf16 high before a pair", IN("\xFF\xFE\x00\xD8\x00\xD8\x00\xDC"), 0, CVX_OK,
     OUT("\xEF\xBF\xBD\xF0\x90\x80\x80"), CVX_ENC_UTF16LE, "source.invalid-utf16", 1, 1,
     "1 unpaired"},
    {"utf16 odd trailing byte", IN("\xFF\xFE" "a\0b"), 0, CVX_OK, OUT("a\xEF\xBF\xBD"),
     CVX_ENC_UTF16LE, "source.invalid-utf16", 1, 2, "offset 4"},

    /* invalid UTF-8, repaired as Windows-1252 */
    {"latin-1 e-acute", IN("Caf\xE9\n"), 0, CVX_OK, OUT("Caf\xC3\xA9\n"), CVX_ENC_UTF8_REPAIRED,
     "source.invalid-utf8", 1, 4,
     "1 invalid UTF-8 byte(s) read as Windows-1252, first at byte offset 3"},
    {"cp1252 smart quotes and dash", IN("\x93Hi\x94 \x96 it\x92s"), 0, CVX_OK,
     OUT("\xE2\x80\x9CHi\xE2\x80\x9D \xE2\x80\x93 it\xE2\x80\x99s"), CVX_ENC_UTF8_REPAIRED,
     "source.invalid-utf8", 1, 1, "4 invalid UTF-8 byte(s)"},
    {"overlong C0 AF", IN("a\xC0\xAF"), 0, CVX_OK, OUT("a\xC3\x80\xC2\xAF"), CVX_ENC_UTF8_REPAIRED,
     "source.invalid-utf8", 1, 2, "2 invalid"},
    {"utf8-encoded surrogate", IN("\xED\xA0\x80"), 0, CVX_OK, OUT("\xC3\xAD\xC2\xA0\xE2\x82\xAC"),
     CVX_ENC_UTF8_REPAIRED, "source.invalid-utf8", 1, 1, "3 invalid"},
    {"F5 lead byte", IN("x\xF5y"), 0, CVX_OK, OUT("x\xC3\xB5y"), CVX_ENC_UTF8_REPAIRED,
     "source.invalid-utf8", 1, 2, "offset 1"},
    {"above U+10FFFF", IN("\xF4\x90\x80\x80"), 0, CVX_OK,
     OUT("\xC3\xB4\xEF\xBF\xBD\xE2\x82\xAC\xE2\x82\xAC"), CVX_ENC_UTF8_REPAIRED,
     "source.invalid-utf8", 1, 1, "4 invalid"},
    {"truncated sequence at eof", IN("ab\xE2\x82"), 0, CVX_OK, OUT("ab\xC3\xA2\xE2\x80\x9A"),
     CVX_ENC_UTF8_REPAIRED, "source.invalid-utf8", 1, 3, "2 invalid"},
    {"stray continuation byte", IN("a\xA9" "b"), 0, CVX_OK, OUT("a\xC2\xA9" "b"),
     CVX_ENC_UTF8_REPAIRED, "source.invalid-utf8", 1, 2, NULL},
    {"undefined cp1252 byte", IN("\x81"), 0, CVX_OK, OUT("\xEF\xBF\xBD"), CVX_ENC_UTF8_REPAIRED,
     "source.invalid-utf8", 1, 1, NULL},
    {"invalid byte on line 2", IN("ok\r\nna\xEFve"), 0, CVX_OK, OUT("ok\nna\xC3\xAFve"),
     CVX_ENC_UTF8_REPAIRED, "source.invalid-utf8", 2, 3, "first at byte offset 6"},
    {"bom then latin-1", IN("\xEF\xBB\xBF" "caf\xE9"), 0, CVX_OK, OUT("caf\xC3\xA9"),
     CVX_ENC_UTF8_REPAIRED, "source.invalid-utf8", 1, 4, "offset 6"},

    /* binary */
    {"nul byte", IN("ab\0cd"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0,
     "binary file: NUL byte at offset 2"},
    {"elf", IN("\x7f" "ELF\x02\x01\x01\0"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0,
     "binary file (ELF executable)"},
    /* a PDF or a zip goes to its document reader, which says what is wrong */
    {"pdf", IN("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n"), 0, CVX_EPARSE, NULL, 0, 0, "pdf.corrupt", 0, 0,
     "not a readable PDF"},
    {"zip/docx", IN("PK\x03\x04\x14\0\x06\0"), 0, CVX_EPARSE, NULL, 0, 0, "docx.corrupt", 0, 0,
     "damaged zip archive"},
    {"png", IN("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0,
     "PNG image"},
    {"gzip", IN("\x1f\x8b\x08\0"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0, "gzip"},
    {"jpeg", IN("\xFF\xD8\xFF\xE0"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0, "JPEG"},
    {"bzip2", IN("BZh91AY&SY\x01"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0, "bzip2"},
    {"pe executable", IN("MZ\x90\0\x03\0"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0, 0,
     "binary file (Windows executable)"},
    {"MZ that is text", IN("MZ Jones\n"), 0, CVX_OK, OUT("MZ Jones\n"), CVX_ENC_UTF8, NULL, 0, 0,
     NULL},
    {"control-heavy noise", IN("\x01\x02\x03" "abc\x04\x05\x06" "defg\x07"), 0, CVX_EBINARY,
     NULL, 0, 0, "source.binary", 0, 0,
     "binary file: 7 of the first 14 bytes are control characters"},
    {"utf16 with U+0000", IN("\xFF\xFE" "a\0\0\0"), 0, CVX_EBINARY, NULL, 0, 0, "source.binary", 0,
     0, "NUL character (U+0000) at offset 4"},
    {"utf32 bom", IN("\xFF\xFE\0\0h\0\0\0"), 0, CVX_EPARSE, NULL, 0, 0,
     "source.unsupported-encoding", 0, 0, "UTF-32"},

    /* controls and line ends */
    {"stray controls become spaces", IN("tab\there\fpage\x7f!"), 0, CVX_OK,
     OUT("tab\there page !"), CVX_ENC_UTF8, "source.control-chars", 1, 9,
     "2 control character(s) replaced by spaces, first at byte offset 8"},
    {"C1 control in utf8", IN("a\xC2\x85" "b"), 0, CVX_OK, OUT("a b"), CVX_ENC_UTF8,
     "source.control-chars", 1, 2, NULL},
    {"crlf", IN("a\r\nb\r\n"), 0, CVX_OK, OUT("a\nb\n"), CVX_ENC_UTF8, NULL, 0, 0, NULL},
    {"lone cr", IN("a\rb\r"), 0, CVX_OK, OUT("a\nb\n"), CVX_ENC_UTF8, NULL, 0, 0, NULL},
    {"mixed endings", IN("a\r\n\rb\nc\r"), 0, CVX_OK, OUT("a\n\nb\nc\n"), CVX_ENC_UTF8, NULL, 0, 0,
     NULL},

    /* empty and size */
    {"empty", IN(""), 0, CVX_OK, OUT(""), CVX_ENC_UTF8, "source.empty", 0, 0, "file is empty"},
    {"whitespace only", IN(" \n\t \r\n"), 0, CVX_OK, OUT(" \n\t \n"), CVX_ENC_UTF8, "source.empty",
     0, 0, "file has only whitespace (6 bytes)"},
    {"utf8 bom only", IN("\xEF\xBB\xBF"), 0, CVX_OK, OUT(""), CVX_ENC_UTF8_BOM, "source.empty", 0,
     0, NULL},
    {"utf16 bom only", IN("\xFF\xFE"), 0, CVX_OK, OUT(""), CVX_ENC_UTF16LE, "source.empty", 0, 0,
     NULL},
    {"too large via max_size", IN("hello"), 4, CVX_ELIMIT, NULL, 0, 0, "source.too-large", 0, 0,
     "file is 5 bytes, over the limit of 4 bytes (--max-size)"},
    {"exactly at max_size", IN("hello"), 5, CVX_OK, OUT("hello"), CVX_ENC_UTF8, NULL, 0, 0, NULL},
};

/* Strict UTF-8 check, written independently of the decoder. */
static bool valid_utf8(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    size_t k;
    uint32_t cp;
    if (c < 0x80) {
      i++;
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      k = 2, cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      k = 3, cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      k = 4, cp = c & 0x07;
    } else {
      return false;
    }
    if (n - i < k) return false;
    for (size_t j = 1; j < k; j++) {
      if ((s[i + j] & 0xc0) != 0x80) return false;
      cp = cp << 6 | (s[i + j] & 0x3f);
    }
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[k] || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return false;
    i += k;
  }
  return true;
}

/* The invariants every loaded source keeps, whatever the input. */
static bool source_ok(const cvx_source *src) {
  if (!src || !src->text || !src->lines || src->nlines == 0 || src->lines[0] != 0) return false;
  if (src->len >= UINT32_MAX || src->text[src->len] != '\0') return false;
  if (memchr(src->text, '\0', src->len) || memchr(src->text, '\r', src->len)) return false;
  if (!valid_utf8((const unsigned char *)src->text, src->len)) return false;
  size_t k = 1;
  for (size_t i = 0; i + 1 < src->len; i++) {
    if (src->text[i] != '\n') continue;
    if (k >= src->nlines || src->lines[k] != i + 1) return false;
    k++;
  }
  return k == src->nlines;
}

static void run_case(const tcase *c) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_load_opts opts = {c->max_size, 0};
  cvx_source *src = (cvx_source *)&dx; /* must be reset */
  cvx_status st = cvx_source_from_bytes(a, "cv.txt", (const unsigned char *)c->in, c->n, &opts,
                                        &src, &dx);
  CHECK(st == c->st, "%s: status %s, want %s", c->name, cvx_status_str(st), cvx_status_str(c->st));
  if (c->st == CVX_OK && st == CVX_OK) {
    CHECK(src && src->len == c->out_n && memcmp(src->text, c->out, c->out_n) == 0,
          "%s: text \"%s\"", c->name, src ? src->text : "(null)");
    CHECK(src && src->encoding == c->enc, "%s: encoding %d, want %d", c->name,
          src ? (int)src->encoding : -1, (int)c->enc);
    CHECK(src && src->raw_size == c->n, "%s: raw_size", c->name);
    CHECK(src && src->path && strcmp(src->path, "cv.txt") == 0, "%s: path", c->name);
    CHECK(source_ok(src), "%s: source invariants", c->name);
  } else {
    CHECK(src == NULL, "%s: *out not NULL on failure", c->name);
  }
  if (!c->code) {
    CHECK(dx.n == 0, "%s: %zu unexpected diagnostic(s), first %s: %s", c->name, dx.n,
          dx.n ? dx.items[0].code : "", dx.n ? dx.items[0].message : "");
  } else if (dx.n != 1) {
    CHECK(dx.n == 1, "%s: %zu diagnostics, want 1 %s", c->name, dx.n, c->code);
  } else {
    const cvx_diag *d = &dx.items[0];
    CHECK_STR(d->code, c->code, c->name);
    CHECK((d->severity == CVX_ERROR) == (c->st != CVX_OK), "%s: severity %s", c->name,
          cvx_severity_str(d->severity));
    if (c->line == 0) {
      CHECK(!cvx_span_valid(d->span), "%s: span should be CVX_NOSPAN", c->name);
    } else if (!cvx_span_valid(d->span) || !src) {
      CHECK(false, "%s: diagnostic has no span", c->name);
    } else {
      unsigned line, col;
      cvx_source_position(src, d->span.start, &line, &col);
      CHECK(line == c->line && col == c->col, "%s: at %u:%u, want %u:%u", c->name, line, col,
            c->line, c->col);
      CHECK(d->span.end > d->span.start && d->span.end <= src->len, "%s: span end", c->name);
    }
    if (c->msg)
      CHECK(strstr(d->message, c->msg) != NULL, "%s: message \"%s\" lacks \"%s\"", c->name,
            d->message, c->msg);
  }
  cvx_arena_free(a);
}

/* ------------------------------------------------------------ positions */

static void test_positions(void) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  /* a(0) é(1-2) 東(3-5) 🎉(6-9) b(10) \n(11) x(12) y(13) */
  static const char t[] = "a\xC3\xA9\xE6\x9D\xB1\xF0\x9F\x8E\x89" "b\nxy";
  CHECK(cvx_source_from_bytes(a, NULL, (const unsigned char *)t, sizeof t - 1, NULL, &src, &dx) ==
            CVX_OK && src,
        "positions: load");
  if (!src) {
    cvx_arena_free(a);
    return;
  }
  CHECK_STR(src->path, "<memory>", "positions: NULL path");
  CHECK(src->nlines == 2 && src->lines[1] == 12, "positions: line map");
  static const struct {
    uint32_t off;
    unsigned line, col;
  } pos[] = {{0, 1, 1},  {1, 1, 2},  {2, 1, 2},  {3, 1, 3},  {6, 1, 4},   {9, 1, 4},
             {10, 1, 5}, {11, 1, 6}, {12, 2, 1}, {13, 2, 2}, {14, 2, 3},  {1000, 2, 3},
             {UINT32_MAX, 2, 3}};
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
    unsigned line = 0, col = 0;
    cvx_source_position(src, pos[i].off, &line, &col);
    CHECK(line == pos[i].line && col == pos[i].col, "position(%u) = %u:%u, want %u:%u",
          pos[i].off, line, col, pos[i].line, pos[i].col);
  }
  size_t len = 99;
  const char *l = cvx_source_line(src, 7, &len);
  CHECK(l == src->text && len == 11, "line(7): len %zu", len);
  l = cvx_source_line(src, 11, &len);
  CHECK(l == src->text && len == 11, "line(11) is the first line: len %zu", len);
  l = cvx_source_line(src, 12, &len);
  CHECK(l == src->text + 12 && len == 2, "line(12): len %zu", len);
  l = cvx_source_line(src, 5000, &len);
  CHECK(l == src->text + 12 && len == 2, "line(past end) clamps: len %zu", len);

  /* a trailing '\n' starts no extra line; blank lines do */
  static const struct {
    const char *text;
    size_t nlines;
    uint32_t last_start;
  } maps[] = {{"", 1, 0}, {"\n", 1, 0}, {"a\nb\n", 2, 2}, {"a\n\nb", 3, 3}, {"a\n\n", 2, 2},
              {"\n\n\n", 3, 2}};
  for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
    cvx_source *s = NULL;
    cvx_status st = cvx_source_from_bytes(a, "m", (const unsigned char *)maps[i].text,
                                          strlen(maps[i].text), NULL, &s, &dx);
    CHECK(st == CVX_OK && s && s->nlines == maps[i].nlines &&
              s->lines[s->nlines - 1] == maps[i].last_start,
          "line map of \"%s\": %zu lines", maps[i].text, s ? s->nlines : 0);
  }
  cvx_source *s = NULL;
  CHECK(cvx_source_from_bytes(a, "m", (const unsigned char *)"a\nb\n", 4, NULL, &s, &dx) == CVX_OK,
        "eof position: load");
  unsigned line = 0, col = 0;
  cvx_source_position(s, 4, &line, &col);
  CHECK(line == 2 && col == 2, "end after trailing newline: %u:%u, want 2:2", line, col);
  cvx_source_position(s, 3, &line, &col);
  CHECK(line == 2 && col == 2, "the newline itself: %u:%u, want 2:2", line, col);
  cvx_source_position(NULL, 3, &line, &col);
  CHECK(line == 1 && col == 1, "NULL source: %u:%u", line, col);
  l = cvx_source_line(NULL, 0, &len);
  CHECK(l && *l == '\0' && len == 0, "line of NULL source");
  cvx_arena_free(a);
}

/* --------------------------------------------------------- properties */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rnd(void) {
  rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(rng_state >> 33);
}

static size_t put_utf8(unsigned char *p, uint32_t cp) {
  if (cp < 0x80) return p[0] = (unsigned char)cp, 1;
  if (cp < 0x800) {
    p[0] = (unsigned char)(0xc0 | cp >> 6), p[1] = (unsigned char)(0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    p[0] = (unsigned char)(0xe0 | cp >> 12), p[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
    p[2] = (unsigned char)(0x80 | (cp & 0x3f));
    return 3;
  }
  p[0] = (unsigned char)(0xf0 | cp >> 18), p[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
  p[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f)), p[3] = (unsigned char)(0x80 | (cp & 0x3f));
  return 4;
}

static size_t put_utf16(unsigned char *p, uint32_t cp, bool be) {
  unsigned u[2];
  size_t k = 1;
  if (cp >= 0x10000) {
    u[0] = 0xd800 + ((cp - 0x10000) >> 10), u[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff), k = 2;
  } else {
    u[0] = cp;
  }
  for (size_t i = 0; i < k; i++) {
    p[2 * i + !be] = (unsigned char)(u[i] >> 8);
    p[2 * i + be] = (unsigned char)(u[i] & 0xff);
  }
  return 2 * k;
}

/* Text code points (no controls, no surrogates), as UTF-8 and UTF-16, decode
 * the same: those code points in NFC. */
static void test_roundtrip(void) {
  int bad = 0;
  for (int round = 0; round < 500; round++) {
    unsigned char u8[64 * 4], u16[2 + 64 * 4];
    size_t n8 = 0, n16 = 2;
    bool be = round & 1;
    u16[0] = be ? 0xfe : 0xff, u16[1] = be ? 0xff : 0xfe;
    size_t count = 1 + rnd() % 64;
    for (size_t i = 0; i < count; i++) {
      uint32_t cp;
      do {
        switch (rnd() % 4) {
        case 0: cp = 0x20 + rnd() % 0x5f; break;
        case 1: cp = 0xa0 + rnd() % 0x700; break;
        case 2: cp = 0x800 + rnd() % 0xf800; break;
        default: cp = 0x10000 + rnd() % 0x100000; break;
        }
      } while ((cp >= 0xd800 && cp < 0xe000) || cp == 0xfeff);
      n8 += put_utf8(u8 + n8, cp);
      n16 += put_utf16(u16 + n16, cp, be);
    }
    cvx_arena *a = cvx_arena_new(4096);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_source *s8 = NULL, *s16 = NULL;
    cvx_status st8 = cvx_source_from_bytes(a, "r", u8, n8, NULL, &s8, &dx);
    cvx_status st16 = cvx_source_from_bytes(a, "r", u16, n16, NULL, &s16, &dx);
    /* the same text: the code points in NFC */
    char z[sizeof u8 + 1];
    memcpy(z, u8, n8);
    z[n8] = '\0';
    utf8proc_uint8_t *nfc = utf8proc_NFC((const utf8proc_uint8_t *)z);
    size_t nn = nfc ? strlen((const char *)nfc) : 0;
    if (st8 != CVX_OK || st16 != CVX_OK || !s8 || !s16 || !nfc || s8->len != nn ||
        memcmp(s8->text, nfc, nn) != 0 || s16->len != nn || memcmp(s16->text, nfc, nn) != 0 || dx.n != 0)
      bad++;
    free(nfc);
    cvx_arena_free(a);
  }
  CHECK(bad == 0, "round trip: %d of 500 rounds differ", bad);
}

/* Hostile bytes: never a crash, and every accepted result keeps the invariants. */
static void test_random(void) {
  static const unsigned char pool[] = {0x00, 0x0a, 0x0d, 0x09, 0x0c, 0x1b, 0x7f, 'a',  ' ',
                                       0x80, 0x8f, 0x9d, 0xa0, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0,
                                       0xed, 0xef, 0xbb, 0xf0, 0xf4, 0xf5, 0xff, 0xfe, 0xd8,
                                       0xdc, 0x90, 0x8e};
  int bad = 0, accepted = 0;
  cvx_arena *a = cvx_arena_new(1 << 16);
  for (int round = 0; round < 20000; round++) {
    unsigned char buf[48];
    size_t n = rnd() % sizeof buf;
    for (size_t i = 0; i < n; i++)
      buf[i] = rnd() % 3 ? pool[rnd() % sizeof pool] : (unsigned char)rnd();
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_source *s = NULL;
    cvx_status st = cvx_source_from_bytes(a, "r", buf, n, NULL, &s, &dx);
    if (st == CVX_OK) {
      accepted++;
      if (!source_ok(s) || dx.nerrors) bad++;
    } else if (s || dx.nerrors != 1) {
      bad++;
    }
    if (round % 1000 == 999) {
      cvx_arena_free(a);
      a = cvx_arena_new(1 << 16);
    }
  }
  cvx_arena_free(a);
  CHECK(bad == 0, "random inputs: %d of 20000 broke an invariant", bad);
  CHECK(accepted > 1000, "random inputs: only %d accepted", accepted);

  /* every 1- and 2-byte input */
  bad = 0;
  a = cvx_arena_new(1 << 16);
  for (unsigned v = 0; v < 0x10000 + 0x100; v++) {
    unsigned char b[2] = {(unsigned char)(v >> 8), (unsigned char)v};
    size_t n = v < 0x10000 ? 2 : 1;
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_source *s = NULL;
    cvx_status st = cvx_source_from_bytes(a, "r", n == 2 ? b : b + 1, n, NULL, &s, &dx);
    if (st == CVX_OK ? !source_ok(s) : s != NULL) bad++;
    if (v % 4096 == 4095) {
      cvx_arena_free(a);
      a = cvx_arena_new(1 << 16);
    }
  }
  cvx_arena_free(a);
  CHECK(bad == 0, "short inputs: %d broke an invariant", bad);
}

/* -------------------------------------------------------------- loading */

static char tmpdir[64];

static char *tmp_path(const char *name) {
  static char path[128];
  snprintf(path, sizeof path, "%s/%s", tmpdir, name);
  return path;
}

static void write_file(const char *path, const void *data, size_t n) {
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL, "cannot create %s", path);
  if (!f) return;
  CHECK(fwrite(data, 1, n, f) == n, "cannot write %s", path);
  fclose(f);
}

/* Loads path and checks status and (for failures) the one diagnostic. */
static cvx_source *load(cvx_arena *a, const char *path, size_t max, cvx_status want,
                        const char *code, const char *msg) {
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_load_opts opts = {max, 0};
  cvx_source *src = NULL;
  cvx_status st = cvx_source_load(a, path, &opts, &src, &dx);
  CHECK(st == want, "load %s: status %s, want %s", path, cvx_status_str(st), cvx_status_str(want));
  CHECK((st == CVX_OK) == (src != NULL), "load %s: *out", path);
  if (code) {
    CHECK(dx.n == 1 && strcmp(dx.items[0].code, code) == 0, "load %s: want %s, got %s", path,
          code, dx.n ? dx.items[0].code : "nothing");
    if (msg && dx.n)
      CHECK(strstr(dx.items[0].message, msg) != NULL, "load %s: message \"%s\" lacks \"%s\"",
            path, dx.items[0].message, msg);
  } else {
    CHECK(dx.n == 0, "load %s: unexpected %s", path, dx.n ? dx.items[0].message : "");
  }
  return src;
}

/* Points stdin at a pipe holding data; returns the saved stdin. */
static int stdin_from(const char *data, size_t n) {
  int saved = dup(0), fds[2];
  if (saved < 0 || pipe(fds) != 0) return saved;
  if (write(fds[1], data, n) != (ssize_t)n) CHECK(false, "pipe write");
  close(fds[1]);
  dup2(fds[0], 0);
  close(fds[0]);
  return saved;
}

static void stdin_restore(int saved) {
  if (saved < 0) return;
  dup2(saved, 0);
  close(saved);
}

static void test_load(void) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/cvx-test-source-XXXXXX");
  if (!mkdtemp(tmpdir)) {
    CHECK(false, "mkdtemp: %s", strerror(errno));
    return;
  }
  cvx_arena *a = cvx_arena_new(4096);

  char *p = tmp_path("cv.txt");
  write_file(p, "Caf\xE9\r\nok\n", 9);
  cvx_source *src = load(a, p, 0, CVX_OK, "source.invalid-utf8", "offset 3");
  if (src) {
    CHECK(src->len == 9 && memcmp(src->text, "Caf\xC3\xA9\nok\n", 9) == 0, "load text");
    CHECK(src->path != p && strcmp(src->path, p) == 0, "load path is an arena copy");
    CHECK(src->raw_size == 9 && src->nlines == 2, "load raw_size %zu nlines %zu", src->raw_size,
          src->nlines);
  }
  write_file(tmp_path("big.txt"), "0123456789", 10);
  load(a, tmp_path("big.txt"), 4, CVX_ELIMIT, "source.too-large",
       "file is 10 bytes, over the limit of 4 bytes (--max-size)");
  load(a, tmp_path("big.txt"), 10, CVX_OK, NULL, NULL);
  /* refused from its size alone: a sparse 9 MiB file is never read */
  int fd = open(tmp_path("sparse.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  CHECK(fd >= 0 && ftruncate(fd, 9437184) == 0, "sparse file");
  if (fd >= 0) close(fd);
  load(a, tmp_path("sparse.txt"), 0, CVX_ELIMIT, "source.too-large",
       "file is 9437184 bytes, over the limit of 8388608 bytes (--max-size)");
  /* within the limit but all NUL: refused from its first block (the
   * hostile suite checks it is never read whole) */
  fd = open(tmp_path("zeros.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  CHECK(fd >= 0 && ftruncate(fd, 9437184) == 0, "sparse file");
  if (fd >= 0) close(fd);
  load(a, tmp_path("zeros.txt"), 16 << 20, CVX_EBINARY, "source.binary", "NUL byte at offset 0");
  /* a text first block and a NUL later: the whole file is still judged */
  {
    size_t zn = 200000;
    char *z = cvx_xmalloc(zn);
    memset(z, 'a', zn);
    z[150000] = '\0';
    write_file(tmp_path("late-nul.txt"), z, zn);
    free(z);
    load(a, tmp_path("late-nul.txt"), 0, CVX_EBINARY, "source.binary", "NUL byte at offset 150000");
  }
  write_file(tmp_path("empty.txt"), "", 0);
  load(a, tmp_path("empty.txt"), 0, CVX_OK, "source.empty", "file is empty");
  write_file(tmp_path("cv.pdf"), "%PDF-1.4\n", 9);
  load(a, tmp_path("cv.pdf"), 0, CVX_EPARSE, "pdf.corrupt", "not a readable PDF");

  /* bigger than the first read buffer: the reader grows and keeps going */
  size_t big = 300000;
  char *lines = cvx_xmalloc(big);
  for (size_t i = 0; i < big; i++) lines[i] = i % 10 == 9 ? '\n' : 'x';
  write_file(tmp_path("long.txt"), lines, big);
  free(lines);
  src = load(a, tmp_path("long.txt"), 0, CVX_OK, NULL, NULL);
  CHECK(src && src->len == big && src->nlines == big / 10, "long file: %zu bytes",
        src ? src->len : 0);

  char missing[160];
  snprintf(missing, sizeof missing, "cannot open %s: %s", tmp_path("nope.md"), strerror(ENOENT));
  load(a, tmp_path("nope.md"), 0, CVX_EIO, "source.io", missing);
  load(a, tmpdir, 0, CVX_EIO, "source.io", strerror(EISDIR));
  load(a, "/dev/null", 0, CVX_OK, "source.empty", NULL);
  /* a named pipe with no writer: refused at once, never waited on */
  CHECK(mkfifo(tmp_path("pipe.md"), 0600) == 0, "mkfifo: %s", strerror(errno));
  load(a, tmp_path("pipe.md"), 0, CVX_EIO, "source.not-regular", "named pipe");
  CHECK(!cvx_file_looks_binary(tmp_path("pipe.md")), "sniffing a named pipe");
  load(a, "/dev/zero", 0, CVX_EIO, "source.not-regular", "character device");

  if (geteuid() != 0) {
    p = tmp_path("secret.txt");
    write_file(p, "x", 1);
    chmod(p, 0);
    load(a, p, 0, CVX_EIO, "source.io", strerror(EACCES));
  }

  int saved = stdin_from("x\r\ny", 4);
  src = load(a, "-", 0, CVX_OK, NULL, NULL);
  CHECK(src && strcmp(src->path, "<stdin>") == 0 && strcmp(src->text, "x\ny") == 0, "stdin");
  stdin_restore(saved);
  saved = stdin_from("0123456789", 10);
  load(a, "-", 4, CVX_ELIMIT, "source.too-large", "over the limit of 4 bytes (--max-size)");
  stdin_restore(saved);

  cvx_diags dx;
  cvx_diags_init(&dx, a);
  src = NULL;
  CHECK(cvx_source_load(a, NULL, NULL, &src, &dx) == CVX_EINVAL, "NULL path");
  CHECK(cvx_source_from_bytes(a, "x", NULL, 3, NULL, &src, &dx) == CVX_EINVAL, "NULL bytes");
  CHECK(cvx_source_from_bytes(a, "x", NULL, 0, NULL, &src, &dx) == CVX_OK && src && src->len == 0,
        "NULL bytes, n = 0");
  CHECK(cvx_source_from_bytes(NULL, "x", NULL, 0, NULL, &src, &dx) == CVX_EINVAL && !src,
        "NULL arena");

  /* a limit above the hard cap is clamped to it */
  cvx_load_opts huge = {(size_t)-1, 0};
  CHECK(cvx_source_from_bytes(a, "x", (const unsigned char *)"hi", 2, &huge, &src, &dx) == CVX_OK,
        "huge max_size");

  const char *names[] = {"cv.txt", "big.txt", "empty.txt", "cv.pdf", "long.txt", "secret.txt",
                         "sparse.txt"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) unlink(tmp_path(names[i]));
  rmdir(tmpdir);
  cvx_arena_free(a);
}

/* The line map and the plain-run decoder read sixteen bytes at a time: every
 * length around 16 and 32, with newlines (and a byte that needs decoding)
 * at every spacing, must give the same map and text as byte by byte. */
static void test_chunks(void) {
  for (size_t len = 0; len <= 50; len++) {
    for (size_t every = 1; every <= 18; every++) {
      for (int odd = 0; odd < 2; odd++) {
        char text[64];
        for (size_t i = 0; i < len; i++) text[i] = i % every == every - 1 ? '\n' : 'a';
        if (odd && len) text[len / 2] = '\t';
        cvx_arena *a = cvx_arena_new(4096);
        cvx_diags dx;
        cvx_diags_init(&dx, a);
        cvx_source *s = NULL;
        cvx_status st = cvx_source_from_bytes(a, "c", (const unsigned char *)text, len, NULL, &s, &dx);
        CHECK(st == CVX_OK && source_ok(s) && s->len == len && memcmp(s->text, text, len) == 0,
              "chunks: %zu bytes, a newline every %zu", len, every);
        cvx_arena_free(a);
      }
    }
  }
}

/* ------------------------------------------------------------------ NFC */

/* The text is NFC; columns count the file's code points. */
static void test_nfc(void) {
  static const struct {
    const char *name, *in, *out;
    size_t ncolfix;
    uint32_t at; /* an offset in the normalised text … */
    unsigned line, col; /* … and where it is in the file */
  } t[] = {
      {"decomposed o + diaeresis", "Nystro\xCC\x88m", "Nystr\xC3\xB6m", 1, 7, 1, 8},
      {"precomposed stays", "Nystr\xC3\xB6m", "Nystr\xC3\xB6m", 0, 7, 1, 7},
      {"two marks, reordered (acute, ogonek)", "xa\xCC\x81\xCC\xA8y", "x\xC4\x85\xCC\x81y", 1, 5, 1, 5},
      {"singleton ANGSTROM SIGN to A with ring", "\xE2\x84\xAB" "x", "\xC3\x85x", 0, 2, 1, 2},
      {"Hangul jamo L V T to one syllable", "\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8!", "\xEA\xB0\x81!", 1, 3, 1, 4},
      {"Greek alpha + acute", "\xCE\xB1\xCC\x81\xCE\xB2", "\xCE\xAC\xCE\xB2", 1, 2, 1, 3},
      {"CJK unchanged", "\xE6\x9D\xB1\xE4\xBA\xAC", "\xE6\x9D\xB1\xE4\xBA\xAC", 0, 3, 1, 2},
      {"a mark with no base stays", "\xCC\x88x", "\xCC\x88x", 0, 2, 1, 2},
      {"a mark after a newline stays on its line", "a\n\xCC\x88x", "a\n\xCC\x88x", 0, 4, 2, 2},
      {"CRLF and NFD", "o\xCC\x88\r\nxo\xCC\x88y", "\xC3\xB6\nx\xC3\xB6y", 2, 6, 2, 4},
      {"second line of three changes", "a\nbe\xCC\x81" "e\xCC\x81z\nc", "a\nb\xC3\xA9\xC3\xA9z\nc", 2, 7, 2, 6},
      {"inside a composed letter: its start", "o\xCC\x88", "\xC3\xB6", 1, 1, 1, 1},
  };
  cvx_arena *a = cvx_arena_new(0);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    cvx_source *s = NULL;
    cvx_status st = cvx_source_from_bytes(a, "n", (const unsigned char *)t[i].in, strlen(t[i].in), NULL, &s, &dx);
    CHECK(st == CVX_OK && s && strcmp(s->text, t[i].out) == 0 && s->len == strlen(t[i].out),
          "%s: text '%s'", t[i].name, s ? s->text : "(none)");
    if (!s) continue;
    CHECK(s->ncolfix == t[i].ncolfix, "%s: %zu column fixes, want %zu", t[i].name, s->ncolfix, t[i].ncolfix);
    unsigned line = 0, col = 0;
    cvx_source_position(s, t[i].at, &line, &col);
    CHECK(line == t[i].line && col == t[i].col, "%s: offset %u at %u:%u, want %u:%u", t[i].name, t[i].at, line,
          col, t[i].line, t[i].col);
  }

  /* UTF-16 input is normalised too */
  static const unsigned char u16[] = {0xFF, 0xFE, 'o', 0, 0x08, 0x03, 'k', 0};
  cvx_source *s = NULL;
  CHECK(cvx_source_from_bytes(a, "u", u16, sizeof u16, NULL, &s, &dx) == CVX_OK && s &&
            strcmp(s->text, "\xC3\xB6k") == 0,
        "UTF-16 o + U+0308: '%s'", s ? s->text : "");

  /* a repair's span moves with the text: o U+0308 ' ' 0xFF */
  cvx_diags d2;
  cvx_diags_init(&d2, a);
  CHECK(cvx_source_from_bytes(a, "r", (const unsigned char *)"o\xCC\x88 \xFF", 5, NULL, &s, &d2) == CVX_OK && s,
        "repair after NFD: load");
  bool found = false;
  for (size_t i = 0; s && i < d2.n; i++) {
    if (strcmp(d2.items[i].code, "source.invalid-utf8") != 0) continue;
    found = true;
    unsigned line = 0, col = 0;
    cvx_source_position(s, d2.items[i].span.start, &line, &col);
    CHECK(d2.items[i].span.start == 3 && memcmp(s->text + 3, "\xC3\xBF", 2) == 0 && line == 1 && col == 4,
          "repair span [%u,%u) at %u:%u, want [3,5) at 1:4", d2.items[i].span.start, d2.items[i].span.end, line,
          col);
  }
  CHECK(found, "repair after NFD: a source.invalid-utf8 warning");

  /* hostile: 5,000 marks on one base (cut every 30 marks), no crash, one line */
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_putc(&b, 'a');
  for (int i = 0; i < 5000; i++) cvx_buf_puts(&b, i % 2 ? "\xCC\x81" : "\xCC\xA8");
  CHECK(cvx_source_from_bytes(a, "h", (const unsigned char *)b.ptr, b.len, NULL, &s, &dx) == CVX_OK && s &&
            s->nlines == 1 && strncmp(s->text, "\xC4\x85", 2) == 0,
        "5,000 marks: loads, starts with a-ogonek");
  cvx_buf_free(&b);
  cvx_arena_free(a);
}

/* Random texts: the result is utf8proc's NFC of the whole text (so cutting
 * into pieces changes nothing), and every line ends at the column after the
 * file's last code point of that line. */
static void test_nfc_random(void) {
  static const char *const alphabet[] = {"o", "e", "a", " ", "\n", "\r\n", "\xCC\x88", "\xCC\x81", "\xCC\xA8",
                                         "\xCC\xA3", "\xC3\xA9", "\xE2\x84\xAB", "\xE1\x84\x80", "\xE1\x85\xA1",
                                         "\xE1\x86\xA8", "\xE6\x9D\xB1", "\xCE\xB1", "\xCD\x84", "\xE0\xBD\xB3"};
  size_t na = sizeof alphabet / sizeof alphabet[0];
  unsigned seed = 12345;
  size_t bad_text = 0, bad_col = 0;
  for (int round = 0; round < 400; round++) {
    cvx_arena *a = cvx_arena_new(0);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_buf in = CVX_BUF_INIT;
    int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 60;
    for (int i = 0; i < n; i++) cvx_buf_puts(&in, alphabet[((seed = seed * 1103515245u + 12345u) >> 16) % na]);
    /* the reference: CRLF to LF, then NFC of the whole */
    cvx_buf lf = CVX_BUF_INIT;
    for (size_t i = 0; i < in.len; i++)
      if (!(in.ptr[i] == '\r' && in.ptr[i + 1] == '\n')) cvx_buf_putc(&lf, in.ptr[i]);
    utf8proc_uint8_t *ref = utf8proc_NFC((const utf8proc_uint8_t *)lf.ptr);
    cvx_source *s = NULL;
    if (cvx_source_from_bytes(a, "r", (const unsigned char *)in.ptr, in.len, NULL, &s, &dx) != CVX_OK || !s ||
        !ref || strcmp(s->text, (const char *)ref) != 0)
      bad_text++;
    /* line k of lf has c_k code points: its end is column c_k + 1 */
    size_t k = 0, cps = 0;
    for (size_t i = 0; s && i <= lf.len; i++) {
      if (i < lf.len && lf.ptr[i] != '\n') {
        cps += ((unsigned char)lf.ptr[i] & 0xC0) != 0x80;
        continue;
      }
      if (k < s->nlines) {
        size_t end = k + 1 < s->nlines ? s->lines[k + 1] - 1 : s->len;
        unsigned line = 0, col = 0;
        cvx_source_position(s, (uint32_t)end, &line, &col);
        if (line != k + 1 || col != cps + 1) bad_col++;
      }
      k++;
      cps = 0;
    }
    free(ref);
    cvx_buf_free(&lf);
    cvx_buf_free(&in);
    cvx_arena_free(a);
  }
  CHECK(bad_text == 0, "random NFC: %zu of 400 texts differ from utf8proc_NFC of the whole", bad_text);
  CHECK(bad_col == 0, "random NFC: %zu line ends not at the file's column", bad_col);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i]);
  test_chunks();
  test_positions();
  test_roundtrip();
  test_random();
  test_load();
  test_nfc();
  test_nfc_random();
  return check_done("source");
}
