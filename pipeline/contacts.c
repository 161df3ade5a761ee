/* contacts.c — e-mail addresses (plain, mailto:, obfuscated), URLs, social
 * profiles and phone numbers found in free text. Hand-written scanners whose
 * every step is bounded, so a hostile line costs linear time. */
#include "grammar.h"
#include "swar.h"

#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ------------------------------------------------------- character tests */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_alnum(int c) { return is_digit(c) || is_alpha(c); }
static bool is_upper_ascii(int c) { return c >= 'A' && c <= 'Z'; }
static char lower(char c) { return is_upper_ascii(c) ? (char)(c + 32) : c; }

/* Case-insensitive compare of s[0,len) with a lower-case literal. */
static bool ieq(const char *s, size_t len, const char *lit) {
  size_t l = strlen(lit);
  if (len != l) return false;
  for (size_t k = 0; k < l; k++)
    if (lower(s[k]) != lit[k]) return false;
  return true;
}

/* True when s[i,n) starts with the lower-case literal, ignoring case. */
static bool istarts(const char *s, size_t n, size_t i, const char *lit) {
  size_t l = strlen(lit);
  return i <= n && n - i >= l && ieq(s + i, l, lit);
}

static bool in_list(const char *s, size_t len, const char *const *list, size_t count) {
  for (size_t k = 0; k < count; k++)
    if (ieq(s, len, list[k])) return true;
  return false;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- e-mail */

/* The atext of RFC 5322, which the ajv-formats "email" pattern allows in
 * each dot-separated atom of the local part. */
static bool is_atext(int c) {
  return is_alnum(c) || (c != 0 && strchr("!#$%&'*+/=?^_`{|}~-", c) != NULL);
}

/* Characters we take into a local part found in running text: a stricter
 * set than atext, so "(mail: 'jane@x.org')" does not swallow the quote. */
static bool is_local_char(int c) {
  return is_alnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-';
}

/* Top-level "domains" that are really file extensions ("logo@2x.png"). */
static const char *const FILE_TLDS[] = {"png",  "jpg", "jpeg", "gif", "svg",  "webp", "bmp",
                                        "ico",  "pdf", "css",  "js",  "html", "htm",  "php",
                                        "json", "xml", "txt",  "zip", "tex",  "bib"};

#define EMAIL_MAX 254
#define LOCAL_MAX 64
#define LABEL_MAX 63

/* The ajv-formats "email" pattern (RFC 5322 atext atoms, dotted labels),
 * narrowed: at most 64 + 254 bytes, a letters-only TLD of two or more, so
 * every address we call valid ajv calls valid too. */
bool cvx_email_valid(const char *s) {
  if (!s) return false;
  size_t n = strlen(s);
  if (n == 0 || n > EMAIL_MAX) return false;
  const char *at = memchr(s, '@', n);
  if (!at) return false;
  size_t ll = (size_t)(at - s);
  if (ll == 0 || ll > LOCAL_MAX) return false;
  /* local: atoms of atext joined by single dots */
  bool atom_empty = true;
  for (size_t k = 0; k < ll; k++) {
    if (s[k] == '.') {
      if (atom_empty) return false;
      atom_empty = true;
    } else if (is_atext((unsigned char)s[k])) {
      atom_empty = false;
    } else {
      return false;
    }
  }
  if (atom_empty) return false;
  /* domain: two or more labels of letters, digits and inner hyphens; the
   * last one all letters (stricter than ajv, which is what we want) */
  const char *d = at + 1, *end = s + n;
  size_t labels = 0;
  while (d < end) {
    const char *l = d;
    while (d < end && (is_alnum((unsigned char)*d) || *d == '-')) d++;
    size_t len = (size_t)(d - l);
    if (len == 0 || len > LABEL_MAX || l[0] == '-' || l[len - 1] == '-') return false;
    labels++;
    if (d == end) {
      if (labels < 2 || len < 2) return false;
      for (size_t k = 0; k < len; k++)
        if (!is_alpha((unsigned char)l[k])) return false;
      return true;
    }
    if (*d != '.') return false;
    d++;
    if (d == end) return false;
  }
  return false;
}

/* The obfuscation markers: "[at]", "(at)", "{at}", "<at>", "[@]", " at ",
 * and "[dot]", "(dot)", "{dot}", "<dot>", "[.]", " dot ". */
typedef enum marker { M_NONE, M_PLAIN, M_BRACKET, M_WORD } marker;

static char closing(char open) {
  switch (open) {
  case '[':
    return ']';
  case '(':
    return ')';
  case '{':
    return '}';
  case '<':
    return '>';
  default:
    return 0;
  }
}

/* A bracketed marker (word inside, optional spaces) at s[i]; its end in *end. */
static bool bracket_marker(const char *s, size_t n, size_t i, const char *word, size_t *end) {
  if (i >= n) return false;
  char close = closing(s[i]);
  if (!close) return false;
  size_t p = i + 1;
  while (p < n && p - i < 3 && s[p] == ' ') p++;
  size_t wl = strlen(word);
  if (!istarts(s, n, p, word)) return false;
  p += wl;
  while (p < n && p - i < 8 && s[p] == ' ') p++;
  if (p >= n || s[p] != close) return false;
  *end = p + 1;
  return true;
}

/* A bare word marker ("at", "AT", "dot", "DOT") standing between spaces. */
static bool word_marker(const char *s, size_t n, size_t i, const char *word, size_t *end) {
  size_t wl = strlen(word);
  if (i == 0 || s[i - 1] != ' ' || !istarts(s, n, i, word) || i + wl >= n || s[i + wl] != ' ')
    return false;
  /* all lower or all upper case: "at", "AT", not "At" */
  bool up = is_upper_ascii(s[i]);
  for (size_t k = 1; k < wl; k++)
    if (is_upper_ascii(s[i + k]) != up) return false;
  *end = i + wl;
  return true;
}

static marker at_marker(const char *s, size_t n, size_t i, size_t *end) {
  if (i >= n) return M_NONE;
  if (s[i] == '@') {
    *end = i + 1;
    return M_PLAIN;
  }
  if (bracket_marker(s, n, i, "at", end) || bracket_marker(s, n, i, "@", end)) return M_BRACKET;
  if (word_marker(s, n, i, "at", end)) return M_WORD;
  return M_NONE;
}

static marker dot_marker(const char *s, size_t n, size_t i, size_t *end) {
  if (bracket_marker(s, n, i, "dot", end) || bracket_marker(s, n, i, ".", end)) return M_BRACKET;
  if (word_marker(s, n, i, "dot", end)) return M_WORD;
  return M_NONE;
}

/* A dot marker that ends exactly at s[e) (looking left). */
static bool dot_marker_before(const char *s, size_t n, size_t e, size_t *start) {
  for (size_t back = 3; back <= 9 && back <= e; back++) {
    size_t st = e - back, end;
    if (dot_marker(s, n, st, &end) != M_NONE && end == e) {
      *start = st;
      return true;
    }
  }
  return false;
}

static size_t skip_spaces_left(const char *s, size_t i) {
  size_t k = 0;
  while (i > 0 && k < 3 && s[i - 1] == ' ') i--, k++;
  return i;
}

static size_t skip_spaces_right(const char *s, size_t n, size_t i) {
  size_t k = 0;
  while (i < n && k < 3 && s[i] == ' ') i++, k++;
  return i;
}

/* True when s[i] sits inside a URL ("https://user:pw@host"): a "://" in the
 * same run of non-space characters, within a bounded look-back. */
static bool inside_url(const char *s, size_t i) {
  for (size_t k = 0; k < 256 && i >= 3; k++, i--) {
    char c = s[i - 1];
    if (c == ' ' || c == '\t' || c == '\n' || c == '(' || c == '<' || c == '"') return false;
    if (c == '/' && s[i - 2] == '/' && s[i - 3] == ':') return true;
  }
  return false;
}

typedef struct email_hit {
  size_t ms, me;
  char addr[LOCAL_MAX + 1 + EMAIL_MAX + 1]; /* checked against EMAIL_MAX once built */
} email_hit;

/* Tries an address around the at-marker s[ms,me). */
static bool email_at(const char *s, size_t n, size_t ams, size_t ame, marker kind, email_hit *h) {
  /* local part: a run of local characters, possibly joined by dot markers
   * ("jane [dot] roe [at] …"), read right to left */
  size_t pieces_s[8], pieces_e[8], np = 0, local_len = 0;
  size_t r = kind == M_PLAIN ? ams : skip_spaces_left(s, ams);
  for (;;) {
    size_t l = r;
    while (l > 0 && r - l <= LOCAL_MAX && is_local_char((unsigned char)s[l - 1])) l--;
    if (r - l > LOCAL_MAX) return false;
    size_t ls = l;
    while (ls < r && s[ls] == '.') ls++;
    if (ls == r) {
      if (np == 0) return false;
      break;
    }
    pieces_s[np] = ls, pieces_e[np] = r, np++;
    local_len += r - ls + (np > 1);
    if (local_len > LOCAL_MAX) return false;
    if (ls != l || np == COUNT(pieces_s) || kind == M_PLAIN) break;
    size_t ds, before = skip_spaces_left(s, l);
    if (!dot_marker_before(s, n, before, &ds)) break;
    size_t prev = skip_spaces_left(s, ds);
    if (prev == 0 || !is_local_char((unsigned char)s[prev - 1])) break;
    r = prev;
  }
  size_t ms = pieces_s[np - 1];
  if (kind == M_PLAIN && inside_url(s, ms)) return false;

  /* domain: labels joined by "." or by dot markers */
  size_t p = kind == M_PLAIN ? ame : skip_spaces_right(s, n, ame);
  size_t lab_s[16], lab_e[16], nl = 0, dom_len = 0;
  bool word_dots = false;
  for (;;) {
    size_t q = p;
    while (q < n && q - p <= LABEL_MAX && (is_alnum((unsigned char)s[q]) || s[q] == '-')) q++;
    if (q - p > LABEL_MAX) return false;
    size_t qe = q;
    while (qe > p && s[qe - 1] == '-') qe--; /* "x.org-" */
    if (qe == p) break;
    if (dom_len + (qe - p) > EMAIL_MAX - 1) return false; /* a domain too long to be one */
    lab_s[nl] = p, lab_e[nl] = qe, nl++;
    dom_len += qe - p + 1;
    if (nl == COUNT(lab_s) || qe != q) break;
    if (q + 1 < n && s[q] == '.' && is_alnum((unsigned char)s[q + 1])) {
      p = q + 1;
      continue;
    }
    size_t mk = skip_spaces_right(s, n, q), mend;
    marker dm = kind == M_PLAIN ? M_NONE : dot_marker(s, n, mk, &mend);
    if (dm == M_NONE) break;
    size_t next = skip_spaces_right(s, n, mend);
    if (next >= n || !is_alnum((unsigned char)s[next])) break;
    word_dots = true;
    p = next;
  }
  if (nl < 2) return false;
  /* a bare " at " is taken only with a spelled-out dot and a lower-case
   * domain: "jane at example dot org", not "Engineer at Initech.com" */
  if (kind == M_WORD) {
    if (!word_dots) return false;
    for (size_t k = 0; k < nl; k++)
      for (size_t j = lab_s[k]; j < lab_e[k]; j++)
        if (is_upper_ascii(s[j]) && !is_upper_ascii(s[ams])) return false;
  }
  if (in_list(s + lab_s[nl - 1], lab_e[nl - 1] - lab_s[nl - 1], FILE_TLDS, COUNT(FILE_TLDS)))
    return false;

  /* the address: local part as written, domain lower-cased */
  size_t o = 0;
  for (size_t k = np; k-- > 0;) {
    if (k != np - 1) h->addr[o++] = '.';
    memcpy(h->addr + o, s + pieces_s[k], pieces_e[k] - pieces_s[k]);
    o += pieces_e[k] - pieces_s[k];
  }
  h->addr[o++] = '@';
  for (size_t k = 0; k < nl; k++) {
    if (k) h->addr[o++] = '.';
    for (size_t j = lab_s[k]; j < lab_e[k]; j++) h->addr[o++] = lower(s[j]);
  }
  h->addr[o] = '\0';
  if (!cvx_email_valid(h->addr)) return false;
  h->ms = ms;
  h->me = lab_e[nl - 1];
  return true;
}

#ifdef __SSE2__
/* True when no "at" marker can start in s[i, i + 16) (1 <= i, i + 16 <= n):
 * no '@', no bracket, no 'a'/'A' after a space. */
static bool no_mark16(const char *s, size_t i) {
  __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
  __m128i prev = _mm_loadu_si128((const __m128i *)(const void *)(s + i - 1));
  __m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('@')), _mm_cmpeq_epi8(x, _mm_set1_epi8('[')));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('(')));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('{')));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('<')));
  __m128i a = _mm_cmpeq_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
  m = _mm_or_si128(m, _mm_and_si128(a, _mm_cmpeq_epi8(prev, _mm_set1_epi8(' '))));
  return _mm_movemask_epi8(m) == 0;
}
#endif

/* The first at-marker ("@", "[at]", a bare " at " with a spelled-out dot)
 * with a valid address around it wins; the span covers the obfuscated text
 * as written (not a "mailto:" prefix). Each marker costs at most a local
 * part and a domain of bounded length. */
bool cvx_email_find(cvx_arena *a, const char *s, size_t n, const char **email, size_t *mstart,
                    size_t *mend) {
  if (!s) return false;
  /* the bytes an "at" marker can start with */
  static const bool may_mark[256] = {['@'] = true, ['['] = true, ['('] = true, ['{'] = true,
                                     ['<'] = true, ['a'] = true, ['A'] = true};
#ifdef __SSE2__
  size_t fast_from = 1; /* where the next 16-byte skip may be tried */
#endif
  for (size_t i = 0; i < n; i++) {
#ifdef __SSE2__
    /* sixteen bytes at a time while none can start a marker; a block that
     * holds a candidate is then read byte by byte */
    if (i >= fast_from) {
      while (n - i >= 16 && no_mark16(s, i)) i += 16;
      fast_from = i + 16;
      if (i >= n) break;
    }
#endif
    if (!may_mark[(unsigned char)s[i]]) continue;
    /* an 'a' marks only as the word " at " (a bracket marker starts with its
     * bracket), so it needs a space before it */
    if ((s[i] == 'a' || s[i] == 'A') && (i == 0 || s[i - 1] != ' ')) continue;
    size_t end;
    marker kind = at_marker(s, n, i, &end);
    if (kind == M_NONE) continue;
    email_hit h;
    if (!email_at(s, n, i, end, kind, &h)) continue;
    if (email) *email = a ? cvx_arena_strdup(a, h.addr) : NULL;
    if (mstart) *mstart = h.ms;
    if (mend) *mend = h.me;
    return true;
  }
  return false;
}

/* ------------------------------------------------------------------- URLs */

/* Top-level domains a bare "host.tld" must end with to be read as a link;
 * two-letter words that end sentences ("it", "is", "to", "no") are left
 * out, and so are file extensions ("js", "py", "md"). */
static const char *const BARE_TLDS[] = {
    "com", "org",  "net", "edu", "gov",  "mil",  "int",  "io",   "me",      "dev", "ai",   "co",
    "app", "info", "biz", "xyz", "tech", "page", "site", "blog", "online",  "pub", "club", "us",
    "uk",  "ca",   "de",  "fr",  "cn",   "jp",   "ru",   "br",   "au",      "nl",  "es",   "ch",
    "se",  "fi",   "dk",  "pl",  "eu",   "cc",   "tv",   "ly",   "gg",      "nz",  "ie",   "be",
    "kr",  "tw",   "hk",  "sg",  "il",   "za",   "mx",   "ar",   "cl",      "pt",  "cz",   "gr",
    "hu",  "ro",   "ua",  "tr",  "vn",   "ir",   "fm",   "ac",   "science", "top",
    "example", /* the reserved documentation TLD (RFC 2606) */
};

#define URL_MAX 2048

/* A character before which a link may start. */
static bool url_boundary(const char *s, size_t i) {
  static const bool before[128] = {[' '] = true, ['\t'] = true, ['\n'] = true, ['\r'] = true,
                                   ['('] = true, ['['] = true,  ['<'] = true,  ['"'] = true,
                                   ['\''] = true, [','] = true, [';'] = true,  ['|'] = true,
                                   ['*'] = true, ['_'] = true,  ['`'] = true,  ['>'] = true,
                                   [':'] = true, ['='] = true,  ['{'] = true};
  if (i == 0) return true;
  unsigned char c = (unsigned char)s[i - 1];
  return c >= 0x80 || before[c];
}

/* Characters of a URL path, query or fragment (ASCII only: a link written
 * into CJK text ends at the first CJK character). */
static bool url_char(unsigned char c) {
  return c > 0x20 && c < 0x7F && c != '<' && c != '>' && c != '"' && c != '`' && c != '{' &&
         c != '}' && c != '|' && c != '\\' && c != '^';
}

typedef struct host_info {
  size_t end; /* first byte after the host */
  size_t tld_s, tld_e;
  int labels;
  bool numeric; /* a dotted IPv4 address */
} host_info;

/* Reads "label.label…" at s[i]; false unless it has two or more well-formed
 * labels. Always sets h->end past what it read (for skipping). */
static bool read_host(const char *s, size_t n, size_t i, host_info *h) {
  size_t p = i;
  h->labels = 0;
  h->numeric = true;
  for (;;) {
    size_t l = p;
    while (p < n && p - l <= LABEL_MAX && (is_alnum((unsigned char)s[p]) || s[p] == '-')) {
      if (!is_digit((unsigned char)s[p])) h->numeric = false;
      p++;
    }
    h->end = p;
    if (p - l > LABEL_MAX || p == l || s[l] == '-' || s[p - 1] == '-') return false;
    h->labels++;
    h->tld_s = l, h->tld_e = p;
    if (p + 1 < n && s[p] == '.' && is_alnum((unsigned char)s[p + 1]) && h->labels < 32 &&
        p - i < 253) {
      p++;
      continue;
    }
    break;
  }
  if (h->labels < 2) return false;
  if (h->numeric) return h->labels == 4;
  if (h->tld_e - h->tld_s < 2) return false;
  for (size_t k = h->tld_s; k < h->tld_e; k++)
    if (!is_alpha((unsigned char)s[k])) return false;
  return true;
}

/* Reads an optional port and the path, query and fragment after a host,
 * brackets balanced, trailing punctuation dropped. Returns the end, or 0
 * when the link is too long to be one. */
static size_t read_rest(const char *s, size_t n, size_t start, size_t p) {
  if (p + 1 < n && s[p] == ':' && is_digit((unsigned char)s[p + 1])) {
    p++;
    while (p < n && p - start < URL_MAX && is_digit((unsigned char)s[p])) p++;
  }
  if (p < n && (s[p] == '/' || s[p] == '?' || s[p] == '#')) {
    int paren = 0, square = 0;
    while (p < n) {
      if (p - start >= URL_MAX) return 0;
      unsigned char c = (unsigned char)s[p];
      if (c == '\\' && p + 1 < n && (s[p + 1] == '_' || s[p + 1] == '*' || s[p + 1] == '~')) {
        p += 2; /* Markdown escape inside a link: "jane\_roe" */
        continue;
      }
      if (!url_char(c)) break;
      if (c == '(') paren++;
      if (c == ')' && paren-- == 0) break;
      if (c == '[') square++;
      if (c == ']' && square-- == 0) break;
      p++;
    }
  }
  /* trailing punctuation belongs to the sentence, emphasis to Markdown */
  while (p > start) {
    char c = s[p - 1];
    if (c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == '\'' ||
        c == '"' || c == '*' || (c == '_' && start > 0 && s[start - 1] == '_'))
      p--;
    else
      break;
  }
  return p;
}

/* True when the text just before s[i] is an e-mail at-marker: the host is
 * an obfuscated address's domain ("jane (at) example.org"). */
static bool after_at_marker(const char *s, size_t n, size_t i) {
  size_t e = skip_spaces_left(s, i);
  if (e > 0 && s[e - 1] == '@') return true;
  for (size_t back = 3; back <= 8 && back <= e; back++) {
    size_t end;
    if ((bracket_marker(s, n, e - back, "at", &end) || bracket_marker(s, n, e - back, "@", &end)) &&
        end == e)
      return true;
  }
  return false;
}

/* Copies s[ms,me) into the arena with prefix, leaving out Markdown escapes. */
static const char *url_copy(cvx_arena *a, const char *prefix, const char *s, size_t ms, size_t me) {
  size_t pl = strlen(prefix);
  char *out = cvx_arena_alloc(a, pl + (me - ms) + 1);
  memcpy(out, prefix, pl);
  size_t o = pl;
  for (size_t k = ms; k < me; k++) {
    if (s[k] == '\\' && k + 1 < me) continue;
    out[o++] = s[k];
  }
  out[o] = '\0';
  return out;
}

/* Links start at a word boundary: "http(s)://", "www.", or a bare host with a
 * known TLD. The text is kept as written (Markdown escapes dropped), with
 * "https://" added when it has no scheme. Each byte is read a bounded number
 * of times, whatever the input. */
bool cvx_url_find(cvx_arena *a, const char *s, size_t n, const char **url, size_t *mstart,
                  size_t *mend) {
  if (!s) return false;
  /* every host has a dot followed by a label (a letter or digit): text
   * without one holds no link */
  const char *dot = memchr(s, '.', n);
  while (dot && !((size_t)(dot - s) + 1 < n && is_alnum((unsigned char)dot[1])))
    dot = memchr(dot + 1, '.', n - (size_t)(dot + 1 - s));
  if (!dot) return false;
  size_t i = 0;
  while (i < n) {
    if (!url_boundary(s, i) || !is_alnum((unsigned char)s[i])) {
      i++;
      continue;
    }
    const char *prefix = NULL;
    size_t hs = i;
    if (istarts(s, n, i, "https://"))
      hs = i + 8, prefix = "";
    else if (istarts(s, n, i, "http://"))
      hs = i + 7, prefix = "";
    else if (istarts(s, n, i, "www."))
      prefix = "https://";
    host_info h;
    bool ok = read_host(s, n, hs, &h);
    size_t skip_to = h.end > i ? h.end : i + 1;
    if (ok && !prefix) {
      /* a bare host: a known top-level domain in lower case, not the domain
       * of an e-mail address, not a file name */
      ok = in_list(s + h.tld_s, h.tld_e - h.tld_s, BARE_TLDS, COUNT(BARE_TLDS)) && !h.numeric;
      for (size_t k = h.tld_s; ok && k < h.tld_e; k++)
        if (is_upper_ascii(s[k])) ok = false;
      if (ok && h.end < n &&
          (s[h.end] == '@' || s[h.end] == '_' || s[h.end] == '%' || s[h.end] == '+'))
        ok = false; /* the local part of an address, or part of a longer word */
      if (ok && after_at_marker(s, n, i)) ok = false;
      prefix = "https://";
    } else if (ok && h.end < n && s[h.end] == '@') {
      ok = false; /* "https://user@host": not a link we keep */
    }
    if (!ok) {
      i = skip_to; /* no start inside the host run: each byte is read once */
      continue;
    }
    size_t end = read_rest(s, n, i, h.end);
    if (end == 0) {
      size_t k = h.end;
      while (k < n && url_char((unsigned char)s[k])) k++;
      i = k;
      continue;
    }
    if (url) *url = a ? url_copy(a, prefix, s, i, end) : NULL;
    if (mstart) *mstart = i;
    if (mend) *mend = end;
    return true;
  }
  return false;
}

/* --------------------------------------------------------------- profiles */

typedef struct seg {
  const char *p;
  size_t n;
} seg;

typedef struct parsed_url {
  char host[256]; /* lower case, without "www.", "m.", "mobile." */
  seg segs[8];
  size_t nsegs;
  const char *query; /* after '?', up to '#' */
  size_t query_n;
} parsed_url;

static bool parse_url(const char *url, parsed_url *u) {
  const char *p = url;
  if (istarts(p, strlen(p), 0, "https://"))
    p += 8;
  else if (istarts(p, strlen(p), 0, "http://"))
    p += 7;
  else if (p[0] == '/' && p[1] == '/')
    p += 2;
  const char *hs = p;
  while (*p && *p != '/' && *p != '?' && *p != '#') p++;
  const char *he = p;
  for (const char *c = hs; c < he; c++)
    if (*c == '@') return false; /* user info: not a profile link */
  const char *colon = memchr(hs, ':', (size_t)(he - hs));
  if (colon) he = colon;
  size_t hn = (size_t)(he - hs);
  while (hn > 0 && hs[hn - 1] == '.') hn--;
  if (hn == 0 || hn >= sizeof u->host) return false;
  for (size_t k = 0; k < hn; k++) u->host[k] = lower(hs[k]);
  u->host[hn] = '\0';
  static const char *const strip[] = {"www.", "m.", "mobile.", "web."};
  for (size_t k = 0; k < COUNT(strip); k++) {
    size_t sl = strlen(strip[k]);
    if (strncmp(u->host, strip[k], sl) == 0 && strchr(u->host + sl, '.')) {
      memmove(u->host, u->host + sl, strlen(u->host + sl) + 1);
      break;
    }
  }
  u->nsegs = 0;
  while (*p == '/') {
    while (*p == '/') p++;
    const char *ss = p;
    while (*p && *p != '/' && *p != '?' && *p != '#') p++;
    if (p > ss) {
      if (u->nsegs == COUNT(u->segs)) return false;
      u->segs[u->nsegs].p = ss;
      u->segs[u->nsegs].n = (size_t)(p - ss);
      u->nsegs++;
    }
  }
  u->query = NULL;
  u->query_n = 0;
  if (*p == '?') {
    u->query = ++p;
    while (*p && *p != '#') p++;
    u->query_n = (size_t)(p - u->query);
  }
  return true;
}

static bool seg_is(const seg *sg, const char *lit) { return ieq(sg->p, sg->n, lit); }

/* The value of key= in the query, or false. */
static bool query_param(const parsed_url *u, const char *key, seg *out) {
  const char *q = u->query, *end = u->query ? u->query + u->query_n : NULL;
  size_t kl = strlen(key);
  while (q && q < end) {
    const char *amp = memchr(q, '&', (size_t)(end - q));
    const char *pe = amp ? amp : end;
    if ((size_t)(pe - q) > kl && ieq(q, kl, key) && q[kl] == '=') {
      out->p = q + kl + 1;
      out->n = (size_t)(pe - out->p);
      return out->n > 0;
    }
    q = amp ? amp + 1 : end;
    if (q + 4 <= end && strncmp(q, "amp;", 4) == 0) q += 4; /* "&amp;" in HTML */
  }
  return false;
}

/* First path segments that are site pages, never account names. */
/* clang-format off */
static const char *const RESERVED[] = {
    "about", "features", "pricing", "login", "logout", "signup", "join", "settings", "explore",
    "topics", "trending", "collections", "marketplace", "sponsors", "orgs", "organizations",
    "search", "help", "home", "notifications", "new", "site", "contact", "blog", "docs",
    "security", "enterprise", "team", "teams", "pages", "groups", "events", "watch", "share",
    "sharer", "sharer.php", "intent", "hashtag", "i", "p", "reel", "reels", "stories",
    "dashboard", "account", "privacy", "terms", "legal", "jobs", "careers", "competitions",
    "datasets", "code", "c", "d", "discussion", "discussions", "learn", "problems", "problemset",
    "contest", "contests", "tag", "tags", "apps", "api", "status", "policies", "models", "spaces",
    "papers", "challenges", "domains", "interview", "discuss", "studyplan", "shots", "results",
    "feed", "playlist", "channel", "user", "u", "profile", "people", "in", "pub", "company",
    "school", "showcase", "r", "home.php", "photo.php", "story.php", "plugins", "dialog", "gist",
    "readme", "customer-stories", "solutions", "resources",
};
/* clang-format on */

typedef enum rule {
  R_ONE,    /* host/user */
  R_PREFIX, /* host/<prefix>/user */
  R_AT,     /* host/@user */
} rule;

typedef struct network {
  const char *host; /* host after stripping "www."; LinkedIn also takes "uk." etc. */
  const char *name;
  rule rule;
  const char *prefix; /* R_PREFIX: the segment before the user */
  bool more;          /* further segments still show the account ("/@jane/videos") */
} network;

static const network NETWORKS[] = {
    {"github.com", "GitHub", R_ONE, NULL, false},
    {"gitlab.com", "GitLab", R_ONE, NULL, false},
    {"bitbucket.org", "Bitbucket", R_ONE, NULL, false},
    {"twitter.com", "Twitter", R_ONE, NULL, false},
    {"x.com", "Twitter", R_ONE, NULL, false},
    {"hackerrank.com", "HackerRank", R_ONE, NULL, false},
    {"hackerrank.com", "HackerRank", R_PREFIX, "profile", false},
    {"leetcode.com", "LeetCode", R_ONE, NULL, false},
    {"leetcode.com", "LeetCode", R_PREFIX, "u", false},
    {"leetcode.cn", "LeetCode", R_ONE, NULL, false},
    {"leetcode.cn", "LeetCode", R_PREFIX, "u", false},
    {"kaggle.com", "Kaggle", R_ONE, NULL, false},
    {"medium.com", "Medium", R_AT, NULL, false},
    {"youtube.com", "YouTube", R_AT, NULL, true},
    {"youtube.com", "YouTube", R_PREFIX, "c", true},
    {"youtube.com", "YouTube", R_PREFIX, "user", true},
    {"youtube.com", "YouTube", R_PREFIX, "channel", true},
    {"facebook.com", "Facebook", R_ONE, NULL, false},
    {"fb.com", "Facebook", R_ONE, NULL, false},
    {"instagram.com", "Instagram", R_ONE, NULL, false},
    {"dribbble.com", "Dribbble", R_ONE, NULL, false},
    {"behance.net", "Behance", R_ONE, NULL, false},
    {"zhihu.com", "Zhihu", R_PREFIX, "people", false},
    {"weibo.com", "Weibo", R_PREFIX, "u", false},
    {"weibo.com", "Weibo", R_ONE, NULL, false},
    {"researchgate.net", "ResearchGate", R_PREFIX, "profile", true},
    {"codeforces.com", "Codeforces", R_PREFIX, "profile", false},
    {"mendeley.com", "Mendeley", R_PREFIX, "profiles", false},
    {"publons.com", "Publons", R_PREFIX, "researcher", true},
    {"t.me", "Telegram", R_ONE, NULL, false},
    {"telegram.me", "Telegram", R_ONE, NULL, false},
    {"keybase.io", "Keybase", R_ONE, NULL, false},
    {"huggingface.co", "Hugging Face", R_ONE, NULL, false},
    {"codepen.io", "CodePen", R_ONE, NULL, false},
    {"xing.com", "XING", R_PREFIX, "profile", true},
    {"vk.com", "VK", R_ONE, NULL, false},
    {"tiktok.com", "TikTok", R_AT, NULL, false},
    {"bsky.app", "Bluesky", R_PREFIX, "profile", false},
    {"linkedin.com", "LinkedIn", R_PREFIX, "in", false},
    {"linkedin.com", "LinkedIn", R_PREFIX, "pub", true},
};

/* Hosts whose URLs are profiles only in the special shapes handled below. */
static bool host_is(const char *host, const char *base) {
  size_t hl = strlen(host), bl = strlen(base);
  if (hl == bl) return strcmp(host, base) == 0;
  return hl > bl && host[hl - bl - 1] == '.' && strcmp(host + hl - bl, base) == 0;
}

static void user_copy(cvx_arena *a, const char *p, size_t n, const char **username) {
  if (username) *username = a && n ? cvx_arena_strndup(a, p, n) : NULL;
}

/* A plausible account name: no spaces or control characters, not too long. */
static bool user_ok(const seg *sg) {
  if (sg->n == 0 || sg->n > 100) return false;
  for (size_t k = 0; k < sg->n; k++)
    if ((unsigned char)sg->p[k] <= 0x20 || sg->p[k] == '@') return false;
  return true;
}

static bool orcid_id(const seg *sg) {
  if (sg->n != 19) return false;
  for (size_t k = 0; k < 19; k++) {
    char c = sg->p[k];
    if (k % 5 == 4) {
      if (c != '-') return false;
    } else if (!is_digit((unsigned char)c) && !(k == 18 && (c == 'X' || c == 'x'))) {
      return false;
    }
  }
  return true;
}

/* Returns a static network name; *username (arena, without "@") is NULL when
 * the URL names no account ("linkedin.com/profile/view?id=…"). Repositories,
 * posts, site pages and personal sites ("jane.github.io") are not profiles.
 * X and Twitter are both "Twitter". */
const char *cvx_profile_network(cvx_arena *a, const char *url, const char **username) {
  if (username) *username = NULL;
  if (!url) return NULL;
  parsed_url u;
  if (!parse_url(url, &u)) return NULL;
  const seg *s0 = u.nsegs > 0 ? &u.segs[0] : NULL;
  seg v;

  /* networks with their own URL shapes */
  if (strncmp(u.host, "scholar.google.", 15) == 0) {
    if (s0 && seg_is(s0, "citations") && query_param(&u, "user", &v) && user_ok(&v)) {
      user_copy(a, v.p, v.n, username);
      return "Google Scholar";
    }
    return NULL;
  }
  if (strcmp(u.host, "orcid.org") == 0) {
    if (u.nsegs == 1 && orcid_id(s0)) {
      user_copy(a, s0->p, s0->n, username);
      return "ORCID";
    }
    return NULL;
  }
  if (host_is(u.host, "linkedin.com") && u.nsegs >= 2 && seg_is(s0, "profile") &&
      seg_is(&u.segs[1], "view") && query_param(&u, "id", &v)) {
    return "LinkedIn"; /* an old numeric profile link: no user name */
  }
  if (strcmp(u.host, "facebook.com") == 0 && u.nsegs == 1 && seg_is(s0, "profile.php") &&
      query_param(&u, "id", &v)) {
    return "Facebook";
  }
  if (strcmp(u.host, "stackoverflow.com") == 0) {
    if ((u.nsegs == 2 || u.nsegs == 3) && seg_is(s0, "users") && user_ok(&u.segs[1])) {
      const seg *name = u.nsegs == 3 ? &u.segs[2] : &u.segs[1];
      user_copy(a, name->p, name->n, username);
      return "Stack Overflow";
    }
    return NULL;
  }
  if (strcmp(u.host, "dblp.org") == 0 || strcmp(u.host, "dblp.uni-trier.de") == 0 ||
      strcmp(u.host, "dblp.dagstuhl.de") == 0) {
    if (u.nsegs >= 2 && (seg_is(s0, "pid") || seg_is(s0, "pers"))) {
      const seg *last = &u.segs[u.nsegs - 1];
      size_t ln = last->n;
      if (ln > 5 && ieq(last->p + ln - 5, 5, ".html")) ln -= 5;
      if (seg_is(s0, "pid") && u.nsegs == 3) {
        /* "pid/12/3456" → "12/3456" */
        const char *start = u.segs[1].p;
        user_copy(a, start, (size_t)(last->p + ln - start), username);
      } else {
        user_copy(a, last->p, ln, username);
      }
      return "DBLP";
    }
    return NULL;
  }
  if (strcmp(u.host, "semanticscholar.org") == 0) {
    if (u.nsegs >= 2 && u.nsegs <= 3 && seg_is(s0, "author")) {
      const seg *id = &u.segs[u.nsegs - 1];
      if (user_ok(id)) user_copy(a, id->p, id->n, username);
      return "Semantic Scholar";
    }
    return NULL;
  }
  if (strcmp(u.host, "scopus.com") == 0) {
    if (query_param(&u, "authorId", &v) && user_ok(&v)) {
      user_copy(a, v.p, v.n, username);
      return "Scopus";
    }
    return NULL;
  }
  /* "jane.medium.com" */
  if (host_is(u.host, "medium.com") && strcmp(u.host, "medium.com") != 0 && u.nsegs == 0) {
    size_t ul = strlen(u.host) - strlen(".medium.com");
    user_copy(a, u.host, ul, username);
    return "Medium";
  }

  /* the table */
  bool known_host = false;
  for (size_t k = 0; k < COUNT(NETWORKS); k++) {
    const network *nw = &NETWORKS[k];
    if (!host_is(u.host, nw->host)) continue;
    /* subdomains only for LinkedIn's country sites ("uk.linkedin.com") */
    if (strcmp(u.host, nw->host) != 0 && strcmp(nw->host, "linkedin.com") != 0) continue;
    known_host = true;
    const seg *user = NULL;
    switch (nw->rule) {
    case R_ONE:
      if (u.nsegs == 1 && s0->p[0] != '@' && !in_list(s0->p, s0->n, RESERVED, COUNT(RESERVED)))
        user = s0;
      else if (u.nsegs == 1 && s0->p[0] == '@' && s0->n > 1 &&
               (strcmp(nw->host, "twitter.com") == 0 || strcmp(nw->host, "x.com") == 0))
        user = s0; /* "twitter.com/@jane" */
      break;
    case R_PREFIX:
      if (u.nsegs >= 2 && seg_is(s0, nw->prefix) && (u.nsegs == 2 || nw->more)) user = &u.segs[1];
      break;
    case R_AT:
      if (u.nsegs >= 1 && s0->n > 1 && s0->p[0] == '@' && (u.nsegs == 1 || nw->more)) user = s0;
      break;
    }
    if (!user) continue;
    seg name = *user;
    if (name.p[0] == '@') name.p++, name.n--;
    if (!user_ok(&name)) continue;
    user_copy(a, name.p, name.n, username);
    return nw->name;
  }
  if (known_host) return NULL;

  /* Mastodon and the like: "https://host/@user" on any other server */
  if (u.nsegs == 1 && s0->n > 1 && s0->p[0] == '@' && strchr(u.host, '.')) {
    seg name = {s0->p + 1, s0->n - 1};
    if (!user_ok(&name)) return NULL;
    user_copy(a, name.p, name.n, username);
    return "Mastodon";
  }
  return NULL;
}

/* ----------------------------------------------------------------- phones */

#define PHONE_MIN_DIGITS 7
#define PHONE_MAX_DIGITS 15

/* Words that, just before a number, say it is not a phone number. */
static const char *const NOT_PHONE[] = {"doi",   "arxiv",  "isbn",  "issn", "pmid", "pmcid",
                                        "pp",    "pages",  "page",  "vol",  "fax",  "id",
                                        "orcid", "patent", "grant", "ssrn", "hal"};

/* The word right before s[i] (skipping a few spaces, ':', '.', '#'), as a
 * lower-case-compared slice. */
static bool context_rejects(const char *s, size_t i) {
  size_t e = i, k = 0;
  while (e > 0 && k < 4 &&
         (s[e - 1] == ' ' || s[e - 1] == ':' || s[e - 1] == '.' || s[e - 1] == '#'))
    e--, k++;
  size_t b = e;
  while (b > 0 && e - b < 12 && is_alpha((unsigned char)s[b - 1])) b--;
  if (b == e || (b > 0 && is_alnum((unsigned char)s[b - 1]))) return false;
  return in_list(s + b, e - b, NOT_PHONE, COUNT(NOT_PHONE));
}

static bool is_year(const char *p) {
  int y = (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');
  return y >= 1900 && y <= 2099;
}

typedef struct phone_scan {
  size_t gs[16], gl[16]; /* digit groups: start, length */
  char sep[16]; /* the symbol before each group ('\0' none, ' ', '-', '.', '/', '(', ')') */
  bool sep_space[16];
  size_t ngroups, digits;
  bool plus, open_paren, used_paren;
  size_t end;
} phone_scan;

/* Reads digit groups and separators from s[i]; stops before a group that
 * would make the number too long, if a space separates it. Returns false
 * when the digits run on past any phone number. */
static bool phone_read(const char *s, size_t n, size_t i, phone_scan *ps) {
  size_t p = i;
  memset(ps, 0, sizeof *ps);
  if (s[p] == '+') ps->plus = true, p++;
  if (p < n && s[p] == '(') {
    ps->open_paren = ps->used_paren = true;
    p++;
    if (p < n && s[p] == '+' && !ps->plus) ps->plus = true, p++;
  }
  char pending_sep = 0;
  bool pending_space = false;
  for (;;) {
    size_t g = p;
    while (p < n && p - g <= PHONE_MAX_DIGITS && is_digit((unsigned char)s[p])) p++;
    size_t len = p - g;
    if (len == 0) break;
    if (len > PHONE_MAX_DIGITS || ps->ngroups == COUNT(ps->gs)) {
      ps->end = p;
      return false;
    }
    if (ps->digits + len > PHONE_MAX_DIGITS) {
      /* too many digits: cut at the last space between groups that leaves
       * a whole number ("555-010-0142 2014-2017"); none ("0000-0002-1825-
       * 0097", an ORCID): not a phone */
      size_t c = ps->ngroups, before = ps->digits;
      bool space = pending_space;
      while (c > 0 && !(space && before >= PHONE_MIN_DIGITS)) {
        c--;
        before -= ps->gl[c];
        space = ps->sep_space[c];
      }
      if (c == 0) {
        ps->end = p;
        return false;
      }
      ps->ngroups = c;
      ps->digits = before;
      ps->end = ps->gs[c - 1] + ps->gl[c - 1];
      ps->open_paren = s[i] == '(';
      for (size_t k = 1; k < c; k++) {
        if (ps->sep[k] == '(') ps->open_paren = true;
        if (ps->sep[k] == ')') ps->open_paren = false;
      }
      break;
    }
    ps->gs[ps->ngroups] = g, ps->gl[ps->ngroups] = len;
    ps->sep[ps->ngroups] = pending_sep;
    ps->sep_space[ps->ngroups] = pending_space;
    ps->ngroups++;
    ps->digits += len;
    ps->end = p;
    /* separator run: up to three characters, one symbol at most */
    size_t q = p;
    int spaces = 0, symbols = 0;
    char sym = 0;
    bool open = ps->open_paren, ok = true;
    while (q < n && q - p < 3) {
      char c = s[q];
      if (c == ' ')
        spaces++;
      else if (c == '-' || c == '.' || c == '/')
        symbols++, sym = c;
      else if (c == '(' && !open && !ps->used_paren)
        open = true, sym = '(';
      else if (c == ')' && open)
        open = false, sym = ')';
      else
        break;
      q++;
    }
    if (q == p || q >= n || !is_digit((unsigned char)s[q])) break;
    /* "555 - 010" is a phone's spacing; "1990. 235" and "3 / 4" are not */
    if (spaces > 2 || symbols > 1 || ((sym == '/' || sym == '.') && spaces > 0)) ok = false;
    if (!ok) break;
    if (open && !ps->open_paren) ps->used_paren = true;
    ps->open_paren = open;
    pending_sep = sym ? sym : ' ';
    pending_space = spaces > 0;
    p = q;
  }
  return ps->ngroups > 0;
}

/* True when the groups read as a date, a date range or a list of years. */
static bool looks_like_date(const char *s, const phone_scan *ps) {
  bool year = false;
  for (size_t k = 0; k < ps->ngroups; k++) {
    size_t l = ps->gl[k];
    if (l == 4 && is_year(s + ps->gs[k]))
      year = true;
    else if (l != 1 && l != 2 && l != 4)
      return false;
  }
  return year;
}

/* 7 to 15 digits in groups joined by spaces, "-", ".", "/" or parentheses,
 * an optional "+", an optional extension. Dates, date and year ranges, DOIs,
 * arXiv ids, ISBNs, ORCIDs, IP addresses, scores and numbers labelled "Fax",
 * "pp." or "ID" are skipped and the search goes on. */
/* True when s[0,n) holds at least k ASCII digits (a phone number has
 * PHONE_MIN_DIGITS of them): eight bytes at a time, a byte b being a digit
 * when b ^ '0' is below 10 (an exact mask, so its lanes can be counted). */
static bool digits_at_least(const char *s, size_t n, size_t k) {
  size_t found = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t d = swar_less_exact(swar_load8(s + i) ^ '0' * SWAR_ONES, 10);
    if (!d) continue;
    found += swar_count(d);
    if (found >= k) return true;
  }
  for (; i < n; i++)
    if (is_digit((unsigned char)s[i]) && ++found >= k) return true;
  return false;
}

bool cvx_phone_find(const char *s, size_t n, size_t *mstart, size_t *mend) {
  if (!s || !digits_at_least(s, n, PHONE_MIN_DIGITS)) return false;
  size_t i = 0;
  while (i < n) {
    char c = s[i];
    bool starter =
        is_digit((unsigned char)c) ||
        (c == '+' && i + 1 < n && (is_digit((unsigned char)s[i + 1]) || s[i + 1] == '(')) ||
        (c == '(' && i + 1 < n && (is_digit((unsigned char)s[i + 1]) || s[i + 1] == '+'));
    if (!starter) {
      i++;
      continue;
    }
    if (i > 0) {
      char b = s[i - 1];
      if (is_alnum((unsigned char)b) || (b != 0 && strchr("./-_=#@+&%~\\", b))) {
        /* inside a word, a number, a URL or an identifier: skip the run */
        i++;
        while (i < n &&
               (is_alnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '-' || s[i] == '/'))
          i++;
        continue;
      }
    }
    phone_scan ps;
    bool read = phone_read(s, n, i, &ps);
    size_t next = ps.end > i ? ps.end : i + 1;
    size_t ms = i, me = ps.end;
    bool ok = read && ps.digits >= PHONE_MIN_DIGITS;
    if (ok && ps.open_paren) {
      /* "(555-010-0142)": the number sits inside parentheses */
      if (s[i] == '(' && ps.ngroups > 0 && me < n && s[me] == ')')
        ms = i + 1;
      else
        ok = false;
    }
    if (ok && context_rejects(s, i)) ok = false;
    if (ok && !ps.plus) {
      bool dots_only = true, any_sep = false;
      for (size_t k = 1; k < ps.ngroups; k++) {
        any_sep = true;
        if (ps.sep[k] != '.') dots_only = false;
      }
      if (!any_sep && !ps.used_paren && ps.digits < 10) ok = false; /* a bare count */
      if (looks_like_date(s, &ps)) ok = false;
      /* DOI "10.1234/…", arXiv "2101.01234", ISBN "978-…", IPv4 */
      if (ps.ngroups >= 2 && ps.gl[0] == 2 && s[ps.gs[0]] == '1' && s[ps.gs[0] + 1] == '0' &&
          ps.sep[1] == '.' && ps.gl[1] >= 4)
        ok = false;
      if (ps.ngroups == 2 && ps.gl[0] == 4 && ps.sep[1] == '.' && (ps.gl[1] == 4 || ps.gl[1] == 5))
        ok = false;
      if (ps.digits == 13 &&
          (strncmp(s + ps.gs[0], "978", 3) == 0 || strncmp(s + ps.gs[0], "979", 3) == 0))
        ok = false;
      if (dots_only && ps.ngroups == 4 && ps.gl[0] <= 3 && ps.gl[1] <= 3 && ps.gl[2] <= 3 &&
          ps.gl[3] <= 3)
        ok = false;
      /* month/year pairs: "03/23 - 06/23", "10.18–01.21" */
      bool short_groups = true, slash = false, dot = false;
      for (size_t k = 0; k < ps.ngroups; k++) {
        if (ps.gl[k] > 2) short_groups = false;
        if (ps.sep[k] == '/') slash = true;
        if (ps.sep[k] == '.') dot = true;
      }
      if (short_groups && (slash || dot)) ok = false;
      /* a score or a fraction: "88.64/100", "1804.5/2130" */
      if (slash && dot) ok = false;
      if (ps.ngroups >= 2 && ps.sep[ps.ngroups - 1] == '/' && ps.gl[ps.ngroups - 1] <= 3)
        ok = false;
      /* a decimal or score: a one-digit group beside '.' or '/' */
      for (size_t k = 0; ok && k < ps.ngroups; k++) {
        bool dotted = (ps.sep[k] == '.' || ps.sep[k] == '/') ||
                      (k + 1 < ps.ngroups && (ps.sep[k + 1] == '.' || ps.sep[k + 1] == '/'));
        if (ps.gl[k] == 1 && dotted) ok = false;
      }
    }
    /* an extension: "ext. 12", "x12", "#12" */
    size_t p = me;
    while (p < n && p - me < 2 && (s[p] == ' ' || s[p] == ',')) p++;
    size_t ext = 0;
    if (istarts(s, n, p, "extension"))
      ext = 9;
    else if (istarts(s, n, p, "ext"))
      ext = 3;
    else if (p < n && (s[p] == 'x' || s[p] == 'X' || s[p] == '#'))
      ext = 1;
    if (ext) {
      size_t q = p + ext;
      if (q < n && s[q] == '.') q++;
      while (q < n && q - p < ext + 3 && s[q] == ' ') q++;
      size_t d = q;
      while (q < n && q - d < 7 && is_digit((unsigned char)s[q])) q++;
      if (q > d && q - d <= 6 && (q >= n || !is_alnum((unsigned char)s[q]))) me = q;
    }
    /* glued to a word: "…0142abc", an ORCID's check digit "…009X" */
    if (ok && me < n && is_alnum((unsigned char)s[me])) ok = false;
    if (!ok) {
      i = next;
      continue;
    }
    if (mstart) *mstart = ms;
    if (mend) *mend = me;
    return true;
  }
  return false;
}
