/* emit_bibtex.c — publications as BibTeX: entry type and citation key from
 * each record, every value through one LaTeX escaper (put_tex), every field
 * bounded, so any CV text yields a file BibTeX and LaTeX read safely. */
#include "emit.h"

#include "refparse.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

/* --------------------------------------------------------- character tables */

/* Latin-1 Supplement and Latin Extended-A letters, U+00C0..U+017F: the LaTeX
 * form written in ASCII mode (NULL: "?") and the ASCII letters used in keys. */
typedef struct latin_letter {
  const char *tex;
  const char *fold;
} latin_letter;

static const latin_letter latin[0x180 - 0xC0] = {
    /* U+00C0 À */ {"{\\`A}", "A"},
    /* U+00C1 Á */ {"{\\'A}", "A"},
    /* U+00C2 Â */ {"{\\^A}", "A"},
    /* U+00C3 Ã */ {"{\\~A}", "A"},
    /* U+00C4 Ä */ {"{\\\"A}", "A"},
    /* U+00C5 Å */ {"{\\AA}", "A"},
    /* U+00C6 Æ */ {"{\\AE}", "AE"},
    /* U+00C7 Ç */ {"{\\c{C}}", "C"},
    /* U+00C8 È */ {"{\\`E}", "E"},
    /* U+00C9 É */ {"{\\'E}", "E"},
    /* U+00CA Ê */ {"{\\^E}", "E"},
    /* U+00CB Ë */ {"{\\\"E}", "E"},
    /* U+00CC Ì */ {"{\\`I}", "I"},
    /* U+00CD Í */ {"{\\'I}", "I"},
    /* U+00CE Î */ {"{\\^I}", "I"},
    /* U+00CF Ï */ {"{\\\"I}", "I"},
    /* U+00D0 Ð */ {NULL, "D"},
    /* U+00D1 Ñ */ {"{\\~N}", "N"},
    /* U+00D2 Ò */ {"{\\`O}", "O"},
    /* U+00D3 Ó */ {"{\\'O}", "O"},
    /* U+00D4 Ô */ {"{\\^O}", "O"},
    /* U+00D5 Õ */ {"{\\~O}", "O"},
    /* U+00D6 Ö */ {"{\\\"O}", "O"},
    /* U+00D7 × */ {NULL, ""},
    /* U+00D8 Ø */ {"{\\O}", "O"},
    /* U+00D9 Ù */ {"{\\`U}", "U"},
    /* U+00DA Ú */ {"{\\'U}", "U"},
    /* U+00DB Û */ {"{\\^U}", "U"},
    /* U+00DC Ü */ {"{\\\"U}", "U"},
    /* U+00DD Ý */ {"{\\'Y}", "Y"},
    /* U+00DE Þ */ {NULL, "TH"},
    /* U+00DF ß */ {"{\\ss}", "ss"},
    /* U+00E0 à */ {"{\\`a}", "a"},
    /* U+00E1 á */ {"{\\'a}", "a"},
    /* U+00E2 â */ {"{\\^a}", "a"},
    /* U+00E3 ã */ {"{\\~a}", "a"},
    /* U+00E4 ä */ {"{\\\"a}", "a"},
    /* U+00E5 å */ {"{\\aa}", "a"},
    /* U+00E6 æ */ {"{\\ae}", "ae"},
    /* U+00E7 ç */ {"{\\c{c}}", "c"},
    /* U+00E8 è */ {"{\\`e}", "e"},
    /* U+00E9 é */ {"{\\'e}", "e"},
    /* U+00EA ê */ {"{\\^e}", "e"},
    /* U+00EB ë */ {"{\\\"e}", "e"},
    /* U+00EC ì */ {"{\\`i}", "i"},
    /* U+00ED í */ {"{\\'i}", "i"},
    /* U+00EE î */ {"{\\^i}", "i"},
    /* U+00EF ï */ {"{\\\"i}", "i"},
    /* U+00F0 ð */ {NULL, "d"},
    /* U+00F1 ñ */ {"{\\~n}", "n"},
    /* U+00F2 ò */ {"{\\`o}", "o"},
    /* U+00F3 ó */ {"{\\'o}", "o"},
    /* U+00F4 ô */ {"{\\^o}", "o"},
    /* U+00F5 õ */ {"{\\~o}", "o"},
    /* U+00F6 ö */ {"{\\\"o}", "o"},
    /* U+00F7 ÷ */ {NULL, ""},
    /* U+00F8 ø */ {"{\\o}", "o"},
    /* U+00F9 ù */ {"{\\`u}", "u"},
    /* U+00FA ú */ {"{\\'u}", "u"},
    /* U+00FB û */ {"{\\^u}", "u"},
    /* U+00FC ü */ {"{\\\"u}", "u"},
    /* U+00FD ý */ {"{\\'y}", "y"},
    /* U+00FE þ */ {NULL, "th"},
    /* U+00FF ÿ */ {"{\\\"y}", "y"},
    /* U+0100 Ā */ {"{\\=A}", "A"},
    /* U+0101 ā */ {"{\\=a}", "a"},
    /* U+0102 Ă */ {"{\\u{A}}", "A"},
    /* U+0103 ă */ {"{\\u{a}}", "a"},
    /* U+0104 Ą */ {"{\\k{A}}", "A"},
    /* U+0105 ą */ {"{\\k{a}}", "a"},
    /* U+0106 Ć */ {"{\\'C}", "C"},
    /* U+0107 ć */ {"{\\'c}", "c"},
    /* U+0108 Ĉ */ {"{\\^C}", "C"},
    /* U+0109 ĉ */ {"{\\^c}", "c"},
    /* U+010A Ċ */ {"{\\.C}", "C"},
    /* U+010B ċ */ {"{\\.c}", "c"},
    /* U+010C Č */ {"{\\v{C}}", "C"},
    /* U+010D č */ {"{\\v{c}}", "c"},
    /* U+010E Ď */ {"{\\v{D}}", "D"},
    /* U+010F ď */ {"{\\v{d}}", "d"},
    /* U+0110 Đ */ {NULL, "D"},
    /* U+0111 đ */ {NULL, "d"},
    /* U+0112 Ē */ {"{\\=E}", "E"},
    /* U+0113 ē */ {"{\\=e}", "e"},
    /* U+0114 Ĕ */ {"{\\u{E}}", "E"},
    /* U+0115 ĕ */ {"{\\u{e}}", "e"},
    /* U+0116 Ė */ {"{\\.E}", "E"},
    /* U+0117 ė */ {"{\\.e}", "e"},
    /* U+0118 Ę */ {"{\\k{E}}", "E"},
    /* U+0119 ę */ {"{\\k{e}}", "e"},
    /* U+011A Ě */ {"{\\v{E}}", "E"},
    /* U+011B ě */ {"{\\v{e}}", "e"},
    /* U+011C Ĝ */ {"{\\^G}", "G"},
    /* U+011D ĝ */ {"{\\^g}", "g"},
    /* U+011E Ğ */ {"{\\u{G}}", "G"},
    /* U+011F ğ */ {"{\\u{g}}", "g"},
    /* U+0120 Ġ */ {"{\\.G}", "G"},
    /* U+0121 ġ */ {"{\\.g}", "g"},
    /* U+0122 Ģ */ {"{\\c{G}}", "G"},
    /* U+0123 ģ */ {"{\\c{g}}", "g"},
    /* U+0124 Ĥ */ {"{\\^H}", "H"},
    /* U+0125 ĥ */ {"{\\^h}", "h"},
    /* U+0126 Ħ */ {NULL, "H"},
    /* U+0127 ħ */ {NULL, "h"},
    /* U+0128 Ĩ */ {"{\\~I}", "I"},
    /* U+0129 ĩ */ {"{\\~i}", "i"},
    /* U+012A Ī */ {"{\\=I}", "I"},
    /* U+012B ī */ {"{\\=i}", "i"},
    /* U+012C Ĭ */ {"{\\u{I}}", "I"},
    /* U+012D ĭ */ {"{\\u{i}}", "i"},
    /* U+012E Į */ {"{\\k{I}}", "I"},
    /* U+012F į */ {"{\\k{i}}", "i"},
    /* U+0130 İ */ {"{\\.I}", "I"},
    /* U+0131 ı */ {"{\\i}", "i"},
    /* U+0132 Ĳ */ {"{\\IJ}", "IJ"},
    /* U+0133 ĳ */ {"{\\ij}", "ij"},
    /* U+0134 Ĵ */ {"{\\^J}", "J"},
    /* U+0135 ĵ */ {"{\\^j}", "j"},
    /* U+0136 Ķ */ {"{\\c{K}}", "K"},
    /* U+0137 ķ */ {"{\\c{k}}", "k"},
    /* U+0138 ĸ */ {NULL, "k"},
    /* U+0139 Ĺ */ {"{\\'L}", "L"},
    /* U+013A ĺ */ {"{\\'l}", "l"},
    /* U+013B Ļ */ {"{\\c{L}}", "L"},
    /* U+013C ļ */ {"{\\c{l}}", "l"},
    /* U+013D Ľ */ {"{\\v{L}}", "L"},
    /* U+013E ľ */ {"{\\v{l}}", "l"},
    /* U+013F Ŀ */ {NULL, "L"},
    /* U+0140 ŀ */ {NULL, "l"},
    /* U+0141 Ł */ {"{\\L}", "L"},
    /* U+0142 ł */ {"{\\l}", "l"},
    /* U+0143 Ń */ {"{\\'N}", "N"},
    /* U+0144 ń */ {"{\\'n}", "n"},
    /* U+0145 Ņ */ {"{\\c{N}}", "N"},
    /* U+0146 ņ */ {"{\\c{n}}", "n"},
    /* U+0147 Ň */ {"{\\v{N}}", "N"},
    /* U+0148 ň */ {"{\\v{n}}", "n"},
    /* U+0149 ŉ */ {NULL, "n"},
    /* U+014A Ŋ */ {NULL, "N"},
    /* U+014B ŋ */ {NULL, "n"},
    /* U+014C Ō */ {"{\\=O}", "O"},
    /* U+014D ō */ {"{\\=o}", "o"},
    /* U+014E Ŏ */ {"{\\u{O}}", "O"},
    /* U+014F ŏ */ {"{\\u{o}}", "o"},
    /* U+0150 Ő */ {"{\\H{O}}", "O"},
    /* U+0151 ő */ {"{\\H{o}}", "o"},
    /* U+0152 Œ */ {"{\\OE}", "OE"},
    /* U+0153 œ */ {"{\\oe}", "oe"},
    /* U+0154 Ŕ */ {"{\\'R}", "R"},
    /* U+0155 ŕ */ {"{\\'r}", "r"},
    /* U+0156 Ŗ */ {"{\\c{R}}", "R"},
    /* U+0157 ŗ */ {"{\\c{r}}", "r"},
    /* U+0158 Ř */ {"{\\v{R}}", "R"},
    /* U+0159 ř */ {"{\\v{r}}", "r"},
    /* U+015A Ś */ {"{\\'S}", "S"},
    /* U+015B ś */ {"{\\'s}", "s"},
    /* U+015C Ŝ */ {"{\\^S}", "S"},
    /* U+015D ŝ */ {"{\\^s}", "s"},
    /* U+015E Ş */ {"{\\c{S}}", "S"},
    /* U+015F ş */ {"{\\c{s}}", "s"},
    /* U+0160 Š */ {"{\\v{S}}", "S"},
    /* U+0161 š */ {"{\\v{s}}", "s"},
    /* U+0162 Ţ */ {"{\\c{T}}", "T"},
    /* U+0163 ţ */ {"{\\c{t}}", "t"},
    /* U+0164 Ť */ {"{\\v{T}}", "T"},
    /* U+0165 ť */ {"{\\v{t}}", "t"},
    /* U+0166 Ŧ */ {NULL, "T"},
    /* U+0167 ŧ */ {NULL, "t"},
    /* U+0168 Ũ */ {"{\\~U}", "U"},
    /* U+0169 ũ */ {"{\\~u}", "u"},
    /* U+016A Ū */ {"{\\=U}", "U"},
    /* U+016B ū */ {"{\\=u}", "u"},
    /* U+016C Ŭ */ {"{\\u{U}}", "U"},
    /* U+016D ŭ */ {"{\\u{u}}", "u"},
    /* U+016E Ů */ {"{\\r{U}}", "U"},
    /* U+016F ů */ {"{\\r{u}}", "u"},
    /* U+0170 Ű */ {"{\\H{U}}", "U"},
    /* U+0171 ű */ {"{\\H{u}}", "u"},
    /* U+0172 Ų */ {"{\\k{U}}", "U"},
    /* U+0173 ų */ {"{\\k{u}}", "u"},
    /* U+0174 Ŵ */ {"{\\^W}", "W"},
    /* U+0175 ŵ */ {"{\\^w}", "w"},
    /* U+0176 Ŷ */ {"{\\^Y}", "Y"},
    /* U+0177 ŷ */ {"{\\^y}", "y"},
    /* U+0178 Ÿ */ {"{\\\"Y}", "Y"},
    /* U+0179 Ź */ {"{\\'Z}", "Z"},
    /* U+017A ź */ {"{\\'z}", "z"},
    /* U+017B Ż */ {"{\\.Z}", "Z"},
    /* U+017C ż */ {"{\\.z}", "z"},
    /* U+017D Ž */ {"{\\v{Z}}", "Z"},
    /* U+017E ž */ {"{\\v{z}}", "z"},
    /* U+017F ſ */ {NULL, "s"},
};

/* ASCII-mode LaTeX for code point cp, or NULL when it has none. */
static const char *cp_tex(uint32_t cp) {
  if (cp >= 0xC0 && cp < 0x180) return latin[cp - 0xC0].tex;
  switch (cp) {
  case 0xA0: return "~";
  case 0x2010:
  case 0x2011: return "-";
  case 0x2013: return "--";
  case 0x2014: return "---";
  case 0x2018: return "`";
  case 0x2019: return "'";
  case 0x201C: return "``";
  case 0x201D: return "''";
  case 0x2026: return "\\ldots{}";
  default: return NULL;
  }
}

static bool is_alnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static char lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

/* True when s starts with prefix, ignoring ASCII case. */
static bool starts_ci(const char *s, const char *prefix) {
  for (; *prefix; s++, prefix++)
    if (lower(*s) != lower(*prefix)) return false;
  return true;
}

/* True when needle occurs in s, ignoring ASCII case. */
static bool has_ci(const char *s, const char *needle) {
  for (; s && *s; s++)
    if (starts_ci(s, needle)) return true;
  return false;
}

/* The LaTeX accent command of a combining mark, or 0 when it has none; the
 * letter-named ones take their argument in braces (\v{z}), the others not
 * (\"o). */
static char mark_tex(uint32_t cp) {
  switch (cp) {
  case 0x300: return '`';
  case 0x301: return '\'';
  case 0x302: return '^';
  case 0x303: return '~';
  case 0x304: return '=';
  case 0x306: return 'u';
  case 0x307: return '.';
  case 0x308: return '"';
  case 0x30A: return 'r';
  case 0x30B: return 'H';
  case 0x30C: return 'v';
  case 0x323: return 'd';
  case 0x327: return 'c';
  case 0x328: return 'k';
  case 0x331: return 'b';
  default: return 0;
  }
}

/* A combining mark: a code point of non-zero canonical combining class. */
static bool is_mark(uint32_t cp) {
  return cp >= 0x300 && utf8proc_get_property((utf8proc_int32_t)cp)->combining_class != 0;
}

/* Marks after a base that one accent group takes; more are a group of their own. */
#define CLUSTER_MARKS 8

/* The end of the cluster at s[i]: its code point and the combining marks
 * after it (at most CLUSTER_MARKS). */
static size_t cluster_end(const char *s, size_t n, size_t i) {
  uint32_t cp;
  size_t j = i + cvx_utf8_decode(s, n, i, &cp);
  for (int k = 0; k < CLUSTER_MARKS && j < n; k++) {
    size_t l = cvx_utf8_decode(s, n, j, &cp);
    if (!is_mark(cp)) break;
    j += l;
  }
  return j;
}

/* True when the code point at s[i] has a combining mark after it. */
static bool has_mark_after(const char *s, size_t n, size_t i) {
  uint32_t cp;
  size_t j = i + cvx_utf8_decode(s, n, i, &cp);
  if (j >= n || (unsigned char)s[j] < 0xCC) return false; /* U+0300 is the first mark */
  cvx_utf8_decode(s, n, j, &cp);
  return is_mark(cp);
}

/* ASCII-mode LaTeX for the cluster s[i, j) (a letter and its marks, or a
 * letter alone): the letter's own escape when the cluster composes to one
 * (o + U+0308 is ö, {\"o}), else the base letter under one accent command
 * per mark, innermost first (u + U+0308 + U+0301 is {\'{\"u}}); a base or a
 * mark LaTeX has no command for is "?", so no mark is dropped unseen. */
static void put_cluster(cvx_buf *out, const char *s, size_t i, size_t j) {
  utf8proc_int32_t nfd[4 * (CLUSTER_MARKS + 1)], nfc[4 * (CLUSTER_MARKS + 1)];
  utf8proc_ssize_t nd = utf8proc_decompose((const utf8proc_uint8_t *)s + i, (utf8proc_ssize_t)(j - i), nfd,
                                           (utf8proc_ssize_t)(sizeof nfd / sizeof nfd[0]),
                                           (utf8proc_option_t)(UTF8PROC_STABLE | UTF8PROC_DECOMPOSE));
  if (nd <= 0 || (size_t)nd > sizeof nfd / sizeof nfd[0]) {
    cvx_buf_putc(out, '?');
    return;
  }
  memcpy(nfc, nfd, (size_t)nd * sizeof *nfd);
  utf8proc_ssize_t nc = utf8proc_normalize_utf32(nfc, nd, (utf8proc_option_t)(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  const char *whole = nc == 1 ? cp_tex((uint32_t)nfc[0]) : NULL;
  if (whole) {
    cvx_buf_puts(out, whole);
    return;
  }
  /* the base: an ASCII letter, a letter with an escape of its own, or
   * nothing when the cluster is marks alone */
  size_t k = 0;
  cvx_buf base = CVX_BUF_INIT;
  uint32_t b0 = (uint32_t)nfd[0];
  if (!is_mark(b0)) {
    const char *t = b0 < 0x80 ? NULL : cp_tex(b0);
    if (b0 < 0x80 && is_alnum((unsigned char)b0)) cvx_buf_putc(&base, (char)b0);
    else cvx_buf_puts(&base, t ? t : "?");
    k = 1;
  }
  size_t nmarks = 0;
  for (size_t m = k; m < (size_t)nd; m++) nmarks += mark_tex((uint32_t)nfd[m]) != 0;
  if (!nmarks) { /* nothing to put over it */
    cvx_buf_put(out, base.ptr, base.len);
    for (size_t m = k; m < (size_t)nd; m++) cvx_buf_putc(out, '?');
    cvx_buf_free(&base);
    return;
  }
  cvx_buf acc = CVX_BUF_INIT;
  cvx_buf_put(&acc, base.ptr, base.len);
  size_t unknown = 0, done = 0;
  for (size_t m = k; m < (size_t)nd; m++) {
    char a = mark_tex((uint32_t)nfd[m]);
    if (!a) {
      unknown++;
      continue;
    }
    cvx_buf next = CVX_BUF_INIT;
    bool symbol = !(a >= 'a' && a <= 'z') && !(a >= 'A' && a <= 'Z');
    bool bare = symbol && done == 0 && base.len == 1; /* \"o, not \"{o} */
    cvx_buf_printf(&next, bare ? "\\%c%s" : "\\%c{%s}", a, acc.ptr);
    cvx_buf_free(&acc);
    acc = next;
    done++;
  }
  cvx_buf_putc(out, '{');
  cvx_buf_put(out, acc.ptr, acc.len);
  cvx_buf_putc(out, '}');
  for (size_t u = 0; u < unknown; u++) cvx_buf_putc(out, '?');
  cvx_buf_free(&acc);
  cvx_buf_free(&base);
}

/* ------------------------------------------------------------------ escaping */

typedef enum tex_mode {
  TEX_TEXT,  /* venues and other prose */
  TEX_TITLE, /* prose whose acronyms and CamelCase words keep their case */
  TEX_NAME,  /* one author: a word "and" is braced so BibTeX never splits there */
  TEX_URL    /* url, doi, eprint: percent-encoded, never a LaTeX escape */
} tex_mode;

/* Title words longer than this are not protected (no acronym is that long). */
#define MAX_PROTECTED_WORD 64

/* The one BibTeX/LaTeX escaper: appends s[0,n) to out as the inside of a
 * brace-delimited value, at most limit bytes (longer values end in an
 * ellipsis, cut between whole escapes). The output has no brace except the
 * balanced pairs written here, no backslash except the escapes written here,
 * no control character, and is valid UTF-8 (pure ASCII when ascii is set). */
static void put_tex(cvx_buf *out, const char *s, size_t n, tex_mode mode, bool ascii,
                    size_t limit) {
  static const char hex[] = "0123456789ABCDEF";
  const char *ell = ascii ? "\\ldots{}" : "\xE2\x80\xA6";
  size_t ell_n = strlen(ell);
  size_t base = out->len, cut = base;
  size_t plain_until = 0;
  bool first_word = true;
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (mode == TEX_URL) {
      if (c <= 0x20 || c >= 0x7F || strchr("\"<>\\^`{|}", c)) {
        char pct[3] = {'%', hex[c >> 4], hex[c & 15]};
        cvx_buf_put(out, pct, 3);
      } else {
        cvx_buf_putc(out, (char)c);
      }
      i++;
    } else if (ascii && (c >= 0x80 || is_alnum(c)) && has_mark_after(s, n, i)) {
      /* a letter and its combining marks, as one accented letter */
      size_t j = cluster_end(s, n, i);
      put_cluster(out, s, i, j);
      i = j;
    } else if (is_alnum(c) && i >= plain_until) {
      size_t j = i;
      while (j < n && is_alnum((unsigned char)s[j])) j++;
      if (ascii && j - i > 1 && has_mark_after(s, n, j - 1)) j--; /* its last letter has marks */
      size_t len = j - i;
      bool protect = false;
      if (mode == TEX_TITLE) {
        for (size_t k = i + 1; k < j; k++) protect |= is_upper((unsigned char)s[k]);
        if (len == 1 && is_upper(c) && c != 'A' && !first_word) protect = true;
        first_word = false;
      } else if (mode == TEX_NAME) {
        protect = len == 3 && starts_ci(s + i, "and");
      }
      if (len > MAX_PROTECTED_WORD) {
        plain_until = j; /* written a character at a time, so it can be cut */
        continue;
      }
      if (protect) cvx_buf_putc(out, '{');
      cvx_buf_put(out, s + i, len);
      if (protect) cvx_buf_putc(out, '}');
      i = j;
    } else if (c < 0x80) {
      switch (c) {
      case '#': cvx_buf_puts(out, "\\#"); break;
      case '$': cvx_buf_puts(out, "\\$"); break;
      case '%': cvx_buf_puts(out, "\\%"); break;
      case '&': cvx_buf_puts(out, "\\&"); break;
      case '_': cvx_buf_puts(out, "\\_"); break;
      case '~': cvx_buf_puts(out, "\\textasciitilde{}"); break;
      case '^': cvx_buf_puts(out, "\\textasciicircum{}"); break;
      case '\\': cvx_buf_puts(out, "\\textbackslash{}"); break;
      case '{': cvx_buf_puts(out, "\\textbraceleft{}"); break;
      case '}': cvx_buf_puts(out, "\\textbraceright{}"); break;
      case '\t':
      case '\n':
      case '\r': cvx_buf_putc(out, ' '); break;
      default:
        if (c >= 0x20 && c != 0x7F) cvx_buf_putc(out, (char)c); /* other controls: dropped */
        break;
      }
      i++;
    } else {
      uint32_t cp;
      size_t len = cvx_utf8_decode(s, n, i, &cp);
      if (cp >= 0x80 && cp <= 0x9F) {
        /* C1 control: dropped */
      } else if (cp == 0x2028 || cp == 0x2029) {
        cvx_buf_putc(out, ' ');
      } else if (ascii) {
        const char *t = cp_tex(cp);
        if (t)
          cvx_buf_puts(out, t);
        else /* a letter with a canonical decomposition (ǎ, ạ, ế), a lone mark */
          put_cluster(out, s, i, i + len);
      } else if (cp == 0xFFFD) {
        cvx_buf_puts(out, "\xEF\xBF\xBD");
      } else {
        cvx_buf_put(out, s + i, len);
      }
      i += len;
    }
    if (out->len - base > limit) {
      cvx_buf_truncate(out, cut);
      cvx_buf_put(out, ell, ell_n);
      return;
    }
    if (out->len - base + ell_n <= limit) cut = out->len;
  }
}

/* ------------------------------------------------------------- citation keys */

/* Longest family, year or title part of a key, in folded characters. */
#define KEY_PART_MAX 32

/* Appends the key letters of code point cp (lower-case [a-z0-9]) to b. */
static void fold_cp(cvx_buf *b, uint32_t cp) {
  if (cp < 0x80) {
    if (is_alnum((unsigned char)cp)) cvx_buf_putc(b, lower((char)cp));
  } else if (cp >= 0xC0 && cp < 0x180) {
    for (const char *f = latin[cp - 0xC0].fold; *f; f++) cvx_buf_putc(b, lower(*f));
  }
}

/* True for characters that join a word in keys without adding letters. */
static bool is_word_glue(uint32_t cp) { return cp == '\'' || cp == 0x2019; }

/* True for code points fold_cp turns into letters. */
static bool folds(uint32_t cp) {
  if (cp < 0x80) return is_alnum((unsigned char)cp);
  return cp >= 0xC0 && cp < 0x180 && *latin[cp - 0xC0].fold;
}

/* Appends s[0,n) folded to key letters, at most max of them. */
static void fold_all(cvx_buf *b, const char *s, size_t n, size_t max) {
  size_t start = b->len;
  for (size_t i = 0; i < n && b->len - start < max;) {
    uint32_t cp;
    i += cvx_utf8_decode(s, n, i, &cp);
    fold_cp(b, cp);
  }
  cvx_buf_truncate(b, start + max);
}

static bool is_stop_word(const char *w, size_t n) {
  static const char *const stop[] = {
      "a",    "an", "the",  "on",   "of",    "for",  "towards", "toward", "to",  "in",
      "at",   "by", "with", "and",  "or",    "from", "into",    "via",    "is",  "are",
      "be",   "do", "does", "how",  "what",  "why",  "when",    "we",     "our", "its",
      "it",   "as", "this", "that", "these", "vs",   "versus",  "using",  "le",  "la",
      "les",  "un", "une",  "des",  "de",    "du",   "der",     "die",    "das", "ein",
      "eine", "el", "los",  "las",  "del",   "y",    "et",      "und",    NULL};
  if (n == 0 || n > 7) return false; /* no stop word is longer than "towards" */
  for (int k = 0; stop[k]; k++) /* the first byte decides for most words */
    if (stop[k][0] == w[0] && strlen(stop[k]) == n && memcmp(stop[k], w, n) == 0) return true;
  return false;
}

/* Appends the first folded word of s that is not a stop word nor a number
 * (nor starts with a digit)
 * (at most max letters); words break at anything that folds to nothing except apostrophes. */
static void fold_first_word(cvx_buf *b, const char *s, size_t max) {
  size_t n = strlen(s), start = b->len;
  for (size_t i = 0; i < n;) {
    uint32_t cp;
    size_t len = cvx_utf8_decode(s, n, i, &cp);
    if (!folds(cp)) {
      i += len;
      continue;
    }
    cvx_buf_truncate(b, start);
    while (i < n) {
      len = cvx_utf8_decode(s, n, i, &cp);
      if (!folds(cp) && !is_word_glue(cp)) break;
      if (b->len - start < max) fold_cp(b, cp);
      i += len;
    }
    cvx_buf_truncate(b, start + max);
    /* "2019", "100", "43rd", "4D": a word that starts with a digit is a
     * number, no title word */
    bool number = b->len > start && b->ptr[start] >= '0' && b->ptr[start] <= '9';
    if (!number && !is_stop_word(b->ptr + start, b->len - start)) return;
  }
  cvx_buf_truncate(b, start);
}

/* Appends the folded family name of a person written "Family, Given" or
 * "Given Family" (trailing Jr./Sr./II/III/IV and words that fold to nothing,
 * such as "†", skipped). */
static void fold_family(cvx_buf *b, const char *name) {
  const char *comma = strchr(name, ',');
  if (comma) {
    fold_all(b, name, (size_t)(comma - name), KEY_PART_MAX);
    return;
  }
  size_t end = strlen(name);
  for (;;) {
    while (end && name[end - 1] == ' ') end--;
    size_t start = end;
    while (start && name[start - 1] != ' ') start--;
    if (start == end) return;
    size_t before = b->len;
    fold_all(b, name + start, end - start, KEY_PART_MAX);
    const char *w = b->ptr + before;
    bool suffix = strcmp(w, "jr") == 0 || strcmp(w, "sr") == 0 || strcmp(w, "ii") == 0 ||
                  strcmp(w, "iii") == 0 || strcmp(w, "iv") == 0;
    if ((!suffix && b->len > before) || start == 0) return;
    cvx_buf_truncate(b, before);
    end = start;
  }
}

/* The keys written so far, each with the next suffix to try when it is
 * wanted again (open addressing; owns its strings). */
typedef struct key_slot {
  char *key;
  size_t next;
} key_slot;
typedef struct key_set {
  key_slot *slots;
  size_t cap, n;
} key_set;

static size_t key_hash(const char *s) {
  size_t h = 2166136261u; /* FNV-1a */
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static key_slot *key_find(key_set *ks, const char *key) {
  if (!ks->cap) return NULL;
  for (size_t i = key_hash(key) & (ks->cap - 1);; i = (i + 1) & (ks->cap - 1)) {
    if (!ks->slots[i].key) return NULL;
    if (strcmp(ks->slots[i].key, key) == 0) return &ks->slots[i];
  }
}

static void key_insert(key_set *ks, char *key) {
  if ((ks->n + 1) * 2 > ks->cap) {
    key_set bigger = {cvx_xcalloc(ks->cap ? ks->cap * 2 : 64, sizeof(key_slot)),
                      ks->cap ? ks->cap * 2 : 64, 0};
    for (size_t i = 0; i < ks->cap; i++)
      if (ks->slots[i].key) {
        key_slot *old = &ks->slots[i];
        size_t j = key_hash(old->key) & (bigger.cap - 1);
        while (bigger.slots[j].key) j = (j + 1) & (bigger.cap - 1);
        bigger.slots[j] = *old;
        bigger.n++;
      }
    free(ks->slots);
    *ks = bigger;
  }
  size_t j = key_hash(key) & (ks->cap - 1);
  while (ks->slots[j].key) j = (j + 1) & (ks->cap - 1);
  ks->slots[j] = (key_slot){key, 0};
  ks->n++;
}

static void key_set_free(key_set *ks) {
  for (size_t i = 0; i < ks->cap; i++) free(ks->slots[i].key);
  free(ks->slots);
}

/* Makes base unique among the keys in ks (base, basea, baseb, …, basez,
 * baseaa, …), records it and leaves it in base. */
static void key_unique(key_set *ks, cvx_buf *base) {
  key_slot *hit = key_find(ks, base->ptr);
  if (hit) {
    size_t stem = base->len, k = hit->next;
    do {
      char sfx[16];
      size_t len = 0;
      for (size_t v = k + 1; v > 0; v = (v - 1) / 26) sfx[len++] = (char)('a' + (v - 1) % 26);
      cvx_buf_truncate(base, stem);
      while (len) cvx_buf_putc(base, sfx[--len]);
      k++;
    } while (key_find(ks, base->ptr));
    hit->next = k; /* before the insert below moves the slots */
  }
  key_insert(ks, cvx_xstrdup(base->ptr));
}

/* ------------------------------------------------------------------- entries */

/* True when an author entry is literally "et al." or "others". */
static bool is_others(const char *name) {
  char t[16];
  size_t n = 0;
  for (; *name && n < sizeof t - 1; name++)
    if (*name != '.' && *name != ' ') t[n++] = lower(*name);
  if (*name) return false;
  t[n] = '\0';
  return strcmp(t, "etal") == 0 || strcmp(t, "others") == 0 || strcmp(t, "andothers") == 0;
}

/* True when venue names an acronym followed by a year: "NSDI 2023", "ICML'20". */
static bool acronym_with_year(const char *v) {
  for (size_t i = 0; v[i];) {
    if (!is_alnum((unsigned char)v[i])) {
      i++;
      continue;
    }
    size_t j = i, caps = 0;
    while (is_alnum((unsigned char)v[j])) caps += is_upper((unsigned char)v[j++]);
    bool acronym = caps >= 2 && is_upper((unsigned char)v[i]);
    i = j;
    if (!acronym) continue;
    while (v[j] == ' ') j++;
    if (v[j] == '\'')
      j++;
    else if (starts_ci(v + j, "\xE2\x80\x99"))
      j += 3;
    size_t d = j;
    while (v[d] >= '0' && v[d] <= '9') d++;
    if ((d - j == 2 || d - j == 4) && !is_alnum((unsigned char)v[d])) return true;
  }
  return false;
}

/* The BibTeX entry type for a publication. */
static const char *entry_type(const char *type, const char *venue, const char *title,
                              bool has_arxiv) {
  static const char *const csl[][2] = {{"paper-conference", "inproceedings"},
                                       {"inproceedings", "inproceedings"},
                                       {"conference", "inproceedings"},
                                       {"article-journal", "article"},
                                       {"article", "article"},
                                       {"journal", "article"},
                                       {"chapter", "incollection"},
                                       {"incollection", "incollection"},
                                       {"report", "techreport"},
                                       {"techreport", "techreport"},
                                       {"book", "book"},
                                       {"patent", "patent"},
                                       {"phdthesis", "phdthesis"},
                                       {"mastersthesis", "mastersthesis"},
                                       {"manuscript", "misc"},
                                       {"preprint", "misc"},
                                       {"misc", "misc"}};
  bool thesis = false;
  if (type) {
    for (size_t k = 0; k < sizeof csl / sizeof csl[0]; k++)
      if (strlen(type) == strlen(csl[k][0]) && starts_ci(type, csl[k][0])) return csl[k][1];
    thesis = starts_ci(type, "thesis") || starts_ci(type, "dissertation");
  }
  const char *v = venue ? venue : "";
  const cvx_venue *known = cvx_venue_lookup(venue);
  if (known && !thesis) return strcmp(known->type, "article-journal") == 0 ? "article" : "inproceedings";
  if (thesis || has_ci(v, "thesis") || has_ci(v, "dissertation")) {
    bool masters = has_ci(v, "master") || has_ci(v, "msc") || has_ci(v, "m.sc") ||
                   has_ci(title, "master's thesis");
    return masters ? "mastersthesis" : "phdthesis";
  }
  if (has_ci(v, "technical report") || has_ci(v, "tech. rep") || has_ci(v, "tech report"))
    return "techreport";
  if (has_ci(v, "patent")) return "patent";
  if (has_arxiv && (!venue || has_ci(v, "arxiv") || has_ci(v, "corr") || has_ci(v, "preprint")))
    return "misc";
  if (has_ci(v, "journal") || has_ci(v, "transactions") || has_ci(v, "letters") ||
      has_ci(v, "magazine") || has_ci(v, "review"))
    return "article";
  if (has_ci(v, "conference") || has_ci(v, "workshop") || has_ci(v, "proceedings") ||
      has_ci(v, "proc.") || has_ci(v, "symposium") || has_ci(v, "colloquium") ||
      has_ci(v, "congress") || has_ci(v, "conf.") || acronym_with_year(v))
    return "inproceedings";
  return "misc";
}

/* The field that holds the venue for an entry type. */
static const char *venue_field(const char *etype) {
  if (!strcmp(etype, "inproceedings") || !strcmp(etype, "incollection")) return "booktitle";
  if (!strcmp(etype, "article")) return "journal";
  if (!strcmp(etype, "phdthesis") || !strcmp(etype, "mastersthesis")) return "school";
  if (!strcmp(etype, "techreport")) return "institution";
  if (!strcmp(etype, "book")) return "publisher";
  return "howpublished";
}

/* Splits an arXiv reference ("arXiv:2101.00001v2 [cs.LG]", an abs/pdf URL,
 * "hep-th/9901001") into id and primary class (either may come back empty). */
static void arxiv_parse(const char *s, char id[64], char cls[32]) {
  id[0] = cls[0] = '\0';
  const char *p = s;
  for (const char *q = s; *q; q++)
    if (starts_ci(q, "arxiv.org/abs/") || starts_ci(q, "arxiv.org/pdf/")) {
      p = q + 14;
      break;
    }
  if (p == s && starts_ci(p, "arxiv:")) p += 6;
  while (*p == ' ') p++;
  size_t n = 0;
  bool digit = false;
  for (; (is_alnum((unsigned char)*p) || strchr("./-", *p)) && *p && n < 63; p++) {
    digit |= *p >= '0' && *p <= '9';
    id[n++] = *p;
  }
  id[n] = '\0';
  if (n >= 4 && starts_ci(id + n - 4, ".pdf")) id[n -= 4] = '\0';
  if (!digit) {
    id[0] = '\0';
    return;
  }
  while (*p == ' ') p++;
  size_t c = 0;
  if (*p == '[') {
    for (p++; (is_alnum((unsigned char)*p) || *p == '.' || *p == '-') && c < 31; p++) cls[c++] = *p;
    if (*p != ']') c = 0;
  } else if (strchr(id, '/')) {
    for (const char *q = id; *q != '/' && c < 31; q++) cls[c++] = *q;
  }
  cls[c] = '\0';
}

/* A DOI without its resolver or "doi:" prefix. */
static const char *doi_strip(const char *d) {
  static const char *const pre[] = {"https://doi.org/",
                                    "http://doi.org/",
                                    "https://dx.doi.org/",
                                    "http://dx.doi.org/",
                                    "doi.org/",
                                    "doi:",
                                    NULL};
  for (int k = 0; pre[k]; k++)
    if (starts_ci(d, pre[k])) {
      d += strlen(pre[k]);
      break;
    }
  while (*d == ' ') d++;
  return d;
}

/* Appends "  key = {value}" (after ",\n" unless it is the first field);
 * empty values are left out. */
static void put_field(cvx_buf *out, const char *key, const cvx_buf *val, bool *any) {
  if (!val->len) return;
  cvx_buf_puts(out, *any ? ",\n  " : "  ");
  cvx_buf_puts(out, key);
  cvx_buf_puts(out, " = {");
  cvx_buf_put(out, val->ptr, val->len);
  cvx_buf_putc(out, '}');
  *any = true;
}

/* Escapes s (may be NULL) into val, replacing what val held. */
static void escape_into(cvx_buf *val, const char *s, tex_mode mode, bool ascii) {
  cvx_buf_clear(val);
  if (s) put_tex(val, s, strlen(s), mode, ascii, CVX_BIBTEX_MAX_FIELD);
}

/* True when BibTeX and biber can split an escaped name into parts: no comma,
 * or one or two commas between non-blank parts ("von Last, Jr, First").
 * Anything else (", Jane", "Doe,,J", four parts) makes biber drop the entry
 * or crash. */
static bool name_parts_ok(const char *name) {
  size_t commas = 0;
  bool blank = true;
  for (const char *c = name;; c++) {
    if (*c == ',' || *c == '\0') {
      if (blank && (commas || *c == ',')) return false;
      if (*c == '\0') return commas <= 2;
      commas++;
      blank = true;
    } else if (*c != ' ') {
      blank = false;
    }
  }
}

/* Builds the author field: names joined " and ", "others" for a literal
 * "et al.", at most CVX_BIBTEX_MAX_AUTHORS names and CVX_BIBTEX_MAX_FIELD
 * bytes (then "and others"). A name whose commas do not split it into
 * "von Last, Jr, First" is braced whole, as a corporate author. */
static void build_authors(cvx_buf *val, const cvx_record *r, bool ascii) {
  static const char others[] = " and others";
  const size_t room = CVX_BIBTEX_MAX_FIELD - (sizeof others - 1);
  cvx_buf name = CVX_BUF_INIT;
  size_t count = 0;
  cvx_buf_clear(val);
  for (const cvx_field *f = r->fields; f; f = f->next) {
    if (strcmp(f->key, "authors") != 0) continue;
    if (is_others(f->value)) {
      if (count) cvx_buf_puts(val, others);
      break;
    }
    cvx_buf_clear(&name);
    put_tex(&name, f->value, strlen(f->value), TEX_NAME, ascii, room - 2);
    if (strspn(name.ptr, " ") == name.len) continue; /* nothing visible */
    if (!name_parts_ok(name.ptr)) {                  /* judged after escaping: dropped controls */
      cvx_buf_putc(&name, ' ');                      /* grow by one, then shift right */
      memmove(name.ptr + 1, name.ptr, name.len - 1);
      name.ptr[0] = '{';
      cvx_buf_putc(&name, '}');
    }
    if (count == CVX_BIBTEX_MAX_AUTHORS || (count && val->len + 5 + name.len > room)) {
      cvx_buf_puts(val, others);
      break;
    }
    if (count) cvx_buf_puts(val, " and ");
    cvx_buf_put(val, name.ptr, name.len);
    count++;
  }
  cvx_buf_free(&name);
}

/* The first author that is a real name, or NULL. */
static const char *first_author(const cvx_record *r) {
  const cvx_field *f = cvx_record_field(r, "authors");
  return f && !is_others(f->value) ? f->value : NULL;
}

/* Appends the base citation key for r (family + year + title word). */
static void build_key(cvx_buf *key, const cvx_record *r, const cvx_bibtex_opts *opts,
                      const char *year) {
  /* only the names, the year and the title: a venue, place or number in a
   * key would change with every citation style */
  const char *author = first_author(r);
  const char *title = cvx_record_get(r, "name");
  if (author) fold_family(key, author);
  if (!key->len && opts->owner_name) fold_family(key, opts->owner_name);
  if (!key->len) cvx_buf_puts(key, "anon");
  cvx_buf_puts(key, year[0] ? year : "nd");
  if (title) fold_first_word(key, title, KEY_PART_MAX);
}

/* Year ("" if none) and month (0 if none) of an ISO partial date. */
static void parse_date(const char *d, char year[5], int *month) {
  year[0] = '\0';
  *month = 0;
  if (!d) return;
  for (int k = 0; k < 4; k++)
    if (d[k] < '0' || d[k] > '9') return;
  memcpy(year, d, 4);
  year[4] = '\0';
  if (d[4] == '-' && d[5] >= '0' && d[5] <= '1' && d[6] >= '0' && d[6] <= '9' &&
      (d[7] == '\0' || d[7] == '-')) {
    int m = (d[5] - '0') * 10 + (d[6] - '0');
    if (m >= 1 && m <= 12) *month = m;
  }
}

/* A page range in BibTeX's convention: "1-14", "1–14" and "1 - 14" become
 * "1--14"; anything else is escaped as text. */
static void page_range(cvx_buf *val, const char *pages, bool ascii) {
  cvx_buf_clear(val);
  if (!pages) return;
  cvx_buf tmp = CVX_BUF_INIT;
  bool dash = false; /* inside a run of dashes and spaces */
  for (const char *p = pages; *p;) {
    bool endash = (unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 &&
                  ((unsigned char)p[2] == 0x93 || (unsigned char)p[2] == 0x94);
    if (*p == '-' || endash || (*p == ' ' && dash)) {
      if (!dash) cvx_buf_puts(&tmp, "--");
      dash = true;
      p += endash ? 3 : 1;
      continue;
    }
    if (*p == ' ') { /* a space before a dash belongs to the dash */
      const char *q = p;
      while (*q == ' ') q++;
      if (*q == '-' || ((unsigned char)q[0] == 0xE2 && (unsigned char)q[1] == 0x80 &&
                        ((unsigned char)q[2] == 0x93 || (unsigned char)q[2] == 0x94))) {
        p = q;
        continue;
      }
    }
    dash = false;
    cvx_buf_putc(&tmp, *p++);
  }
  escape_into(val, tmp.ptr, TEX_TEXT, ascii);
  /* escape_into leaves "--" alone: it is plain text to TeX */
  cvx_buf_free(&tmp);
}

size_t cvx_emit_bibtex(const cvx_doc *doc, const cvx_bibtex_opts *opts, cvx_buf *out) {
  static const cvx_bibtex_opts defaults = {false, NULL};
  if (!opts) opts = &defaults;
  key_set keys = {NULL, 0, 0};
  cvx_buf key = CVX_BUF_INIT, val = CVX_BUF_INIT, body = CVX_BUF_INIT;
  size_t count = 0;
  for (const cvx_record *r = doc ? doc->records : NULL; r; r = r->next) {
    if (r->kind != CVX_REC_PUBLICATION) continue;
    const char *title = cvx_record_get(r, "name");
    const char *venue = cvx_record_get(r, "publisher");
    const char *doi = cvx_record_get(r, "doi");
    const char *arxiv = cvx_record_get(r, "arxiv");
    char year[5], eprint[64] = "", cls[32] = "";
    int month;
    parse_date(cvx_record_get(r, "releaseDate"), year, &month);
    if (arxiv) arxiv_parse(arxiv, eprint, cls);
    const char *etype = entry_type(cvx_record_get(r, "type"), venue, title, eprint[0] != '\0');

    bool any = false;
    cvx_buf_clear(&body);
    build_authors(&val, r, opts->ascii);
    put_field(&body, "author", &val, &any);
    escape_into(&val, title, TEX_TITLE, opts->ascii);
    put_field(&body, "title", &val, &any);
    /* a bare acronym from the venue table ("NSDI 2019") is written in full */
    const cvx_venue *known = cvx_venue_lookup(venue);
    if (known && strlen(venue) > 24) known = NULL; /* a written-out name stays as written */
    escape_into(&val, known ? known->name : venue, TEX_TEXT, opts->ascii);
    put_field(&body, venue_field(etype), &val, &any);
    escape_into(&val, year, TEX_TEXT, opts->ascii);
    put_field(&body, "year", &val, &any);
    cvx_buf_clear(&val);
    if (month) cvx_buf_printf(&val, "%d", month);
    put_field(&body, "month", &val, &any);
    /* volume, number and pages only where the entry type's data model has
     * them (biber flags them as invalid on @misc, @phdthesis, …) */
    bool paged = strcmp(etype, "article") == 0 || strcmp(etype, "inproceedings") == 0 ||
                 strcmp(etype, "incollection") == 0;
    /* biber's volume is an integer: a volume in words ("Selected papers")
     * is kept as a note */
    const char *vol = paged || strcmp(etype, "book") == 0 ? cvx_record_get(r, "volume") : NULL;
    bool vol_num = vol && *vol && strspn(vol, "0123456789") == strlen(vol);
    escape_into(&val, vol_num ? vol : NULL, TEX_TEXT, opts->ascii);
    put_field(&body, "volume", &val, &any);
    escape_into(&val, vol && !vol_num ? vol : NULL, TEX_TEXT, opts->ascii);
    put_field(&body, "note", &val, &any);
    escape_into(&val, strcmp(etype, "article") == 0 || strcmp(etype, "techreport") == 0 ? cvx_record_get(r, "issue") : NULL,
                TEX_TEXT, opts->ascii);
    put_field(&body, "number", &val, &any);
    page_range(&val, paged ? cvx_record_get(r, "pages") : NULL, opts->ascii);
    put_field(&body, "pages", &val, &any);
    escape_into(&val, doi ? doi_strip(doi) : NULL, TEX_URL, opts->ascii);
    put_field(&body, "doi", &val, &any);
    escape_into(&val, cvx_record_get(r, "url"), TEX_URL, opts->ascii);
    put_field(&body, "url", &val, &any);
    escape_into(&val, eprint, TEX_URL, opts->ascii);
    put_field(&body, "eprint", &val, &any);
    escape_into(&val, eprint[0] ? "arXiv" : NULL, TEX_TEXT, opts->ascii);
    put_field(&body, "archivePrefix", &val, &any);
    escape_into(&val, eprint[0] ? cls : NULL, TEX_URL, opts->ascii);
    put_field(&body, "primaryClass", &val, &any);
    if (!any) continue; /* "@misc{key,}" is rejected by bibtool and biber */

    cvx_buf_clear(&key);
    build_key(&key, r, opts, year);
    key_unique(&keys, &key);
    if (count) cvx_buf_putc(out, '\n');
    cvx_buf_putc(out, '@'); /* "@%s{%s,\n" */
    cvx_buf_puts(out, etype);
    cvx_buf_putc(out, '{');
    cvx_buf_puts(out, key.ptr);
    cvx_buf_puts(out, ",\n");
    cvx_buf_put(out, body.ptr, body.len);
    cvx_buf_puts(out, "\n}\n");
    count++;
  }
  cvx_buf_free(&key);
  cvx_buf_free(&val);
  cvx_buf_free(&body);
  key_set_free(&keys);
  return count;
}
