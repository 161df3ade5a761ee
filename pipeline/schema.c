/* schema.c — JSON-Schema (draft-07, local $ref) validation over jansson values:
 * parsing checks the schema's shape and compiles its regexes once; validation
 * is a depth-, work- and error-capped walk that never writes to the schema. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "schema.h"

#include "cvx.h"

#include <math.h>
#include <pcre2.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Regex limits: ample for real CV fields, a quick failure for a hostile one. */
#define RX_MATCH_LIMIT 500000u
#define RX_DEPTH_LIMIT 2000u
#define RX_HEAP_LIMIT 4096u /* KiB */
/* Subschema visits plus compared or hashed nodes allowed in one validation:
 * bounds schemas whose combinators multiply work (anyOf over recursive refs). */
#define WORK_BUDGET 5000000u
#define RX_GIVEUP_COST 10000u  /* charged to the budget when a regex gives up */
#define PARSE_MAX_DEPTH 512    /* schema nesting the parser accepts */
#define REF_CHAIN_MAX 64       /* $ref-to-$ref hops before a chain counts as a cycle */
#define QUOTE_MAX 60           /* bytes of a quoted value shown in a message */

/* Keeps a rarely taken branch out of a hot recursive function's frame. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

typedef struct pattern {
  const char *src; /* inside the schema document */
  size_t len;
  pcre2_code *code;
} pattern;

/* The keywords validation reads, looked up once per schema object at parse
 * time instead of once per visit. */
#define SCHEMA_KEYWORDS(X)                                                               \
  X(additionalItems) X(additionalProperties) X(allOf) X(anyOf) X(const) X(contains)       \
  X(dependencies) X(else) X(enum) X(exclusiveMaximum) X(exclusiveMinimum) X(format) X(if) \
  X(items) X(maxItems) X(maxLength) X(maxProperties) X(maximum) X(minItems) X(minLength)  \
  X(minProperties) X(minimum) X(multipleOf) X(not) X(oneOf) X(pattern)                    \
  X(patternProperties) X(properties) X(propertyNames) X(required) X(then) X(type)         \
  X(uniqueItems)

enum {
#define KW_ENUM(k) K_##k,
  SCHEMA_KEYWORDS(KW_ENUM)
#undef KW_ENUM
  K__COUNT
};

static const char *const kw_names[K__COUNT] = {
#define KW_NAME(k) #k,
    SCHEMA_KEYWORDS(KW_NAME)
#undef KW_NAME
};

/* A schema object in compiled form: its keyword values (NULL when absent),
 * its $ref resolved and its pattern's compiled regex. Read-only once built. */
typedef struct snode {
  const json_t *sch;
  const json_t *ref;        /* "$ref" when it is a string (it then hides the rest) */
  const json_t *ref_target; /* NULL when the $ref does not resolve */
  const char *frag;         /* the $ref's fragment, for the schema path */
  size_t fraglen;
  pcre2_code *pat;          /* "pattern" compiled, or NULL (then compiled per use) */
  bool quick; /* every keyword present is one cvx_schema_accepts handles */
  unsigned tmask; /* "type" as a set of cvx_sv types (TM_INTREAL: integral reals) */
  const struct snode *ref_node; /* ref_target's node, when it has one */
  const struct snode *final;    /* a $ref chain's last node (NULL: not a node) */
  unsigned hops;                /* $refs followed to reach final */
  /* for the quick check, made once at parse time (nodes_link): */
  const struct qkey *props; /* "properties" as a list (NULL: use the object) */
  const struct qkey *req;   /* "required" names that are strings */
  const struct qkey *enums; /* "enum" when every value is a string */
  size_t nprops, nreq, nenums;
  uint64_t req_mask; /* props[i] is required: bit i (when req_in_props) */
  bool req_in_props; /* every required name is one of props (at most QPROPS_MAX) */
  const struct snode *items_node, *extra_node; /* nodes of items and additionalProperties */
  /* counts read once (node_limits): absent or unusable is 0 for a minimum,
   * SIZE_MAX for a maximum, which no value can fail */
  size_t minlen, maxlen, minitems, maxitems, minprops, maxprops;
  bool numeric;         /* minimum, maximum or an exclusive bound is present */
  bool enum_const;      /* enum or const is present */
  bool short_min; /* the only string keyword is a minLength of 0 or 1 */
  bool int_floor; /* the only numeric bound is an integer "minimum" */
  unsigned leaf; /* cvx_sv string and integer types that it (or its $ref chain's
                   final node) admits by type: quick_sub's short cut */
  unsigned char fmt;    /* "format" as an FMT_ kind */
  unsigned char fastpat; /* "pattern" is one fast_match knows (FP_ kind) */
  unsigned char pmask;  /* props index: pidx has pmask + 1 slots (0: no index) */
  const unsigned char *pidx; /* hash of a key -> props index + 1 (0 = empty) */
  const json_t *k[K__COUNT];
} snode;

/* A name (a property, a required key or an enum string) with, for a
 * property, its subschema and that subschema's node. */
typedef struct qkey {
  const char *s;
  size_t n;
  const json_t *sch;
  const struct snode *node;
} qkey;

#define QPROPS_MAX 64 /* longer "properties" are looked up in the object */

#define TM_INTREAL (1u << 16)

typedef struct sdef {
  const char *name; /* a member of the root "definitions" */
  size_t len;
  const json_t *sch;
} sdef;

struct cvx_schema {
  json_t *root;
  snode *nodes; /* one per schema object the parser walked */
  size_t nnodes;
  uint32_t *slots; /* open-addressing map sch -> nodes index + 1 (0 = empty) */
  size_t nslots;   /* a power of two */
  const char *id; /* the root $id without a trailing '#', or NULL */
  size_t idlen;
  pattern *pats; /* sorted by (len, bytes), no duplicates */
  size_t npats;
  pcre2_match_context *mctx; /* shared read-only by every validation */
  sdef *defs; /* the root's "definitions", for cvx_schema_accepts */
  size_t ndefs;
  uint32_t *dslots; /* open-addressing map of defs by name: index + 1 (0 = empty) */
  size_t ndslots;   /* a power of two */
  qkey *qkeys; /* every node's props, req and enums, in one block */
  unsigned char *pidx; /* every node's props index, in one block */
};

/* ------------------------------------------------------------ small helpers */

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Writes s[0,n) into out as a quoted, shortened, control-free string so a
 * hostile value cannot flood or garble a message. */
static void quote(char *out, size_t outsz, const char *s, size_t n) {
  size_t o = 0, i = 0;
  if (outsz < 8) {
    if (outsz) out[0] = '\0';
    return;
  }
  size_t room = outsz - 6; /* quote, ellipsis (3 bytes), quote, NUL */
  if (room > QUOTE_MAX) room = QUOTE_MAX;
  out[o++] = '"';
  while (i < n && o < room) {
    unsigned char c = (unsigned char)s[i];
    size_t clen = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (i + clen > n || o + clen > room) break;
    if (clen == 1 && (c < 0x20 || c == 0x7F)) {
      out[o++] = '?';
    } else {
      memcpy(out + o, s + i, clen);
      o += clen;
    }
    i += clen;
  }
  if (i < n) {
    memcpy(out + o, "\xE2\x80\xA6", 3); /* … */
    o += 3;
  }
  out[o++] = '"';
  out[o] = '\0';
}

/* Appends "/" and one JSON-pointer token (~ and / escaped). In a URI fragment
 * (the schema path) '%', controls, space, '"' and '#' are also percent-encoded,
 * so the path can be handed back to cvx_schema_validate. Control characters
 * in an instance key (NUL included) are written "\u001B", so a path is a C
 * string that is safe to print. */
static void push_token(cvx_buf *b, const char *k, size_t n, bool fragment) {
  cvx_buf_putc(b, '/');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)k[i];
    if (c == '~') {
      cvx_buf_puts(b, "~0");
    } else if (c == '/') {
      cvx_buf_puts(b, "~1");
    } else if (fragment && (c == '%' || c <= 0x20 || c == 0x7F || c == '"' || c == '#')) {
      cvx_buf_printf(b, "%%%02X", c);
    } else if (c < 0x20 || c == 0x7F) {
      cvx_buf_printf(b, "\\u%04X", c);
    } else {
      cvx_buf_putc(b, (char)c);
    }
  }
}

static void push_index(cvx_buf *b, size_t i) { cvx_buf_printf(b, "/%zu", i); }

/* Reads a non-negative integer keyword value (3 or 3.0) as a count. */
static bool get_count(const json_t *j, size_t *out) {
  if (json_is_integer(j)) {
    json_int_t v = json_integer_value(j);
    if (v < 0) return false;
    *out = (unsigned long long)v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    return true;
  }
  if (json_is_real(j)) {
    double d = json_real_value(j);
    if (!isfinite(d) || d < 0 || floor(d) != d) return false;
    *out = d >= 18446744073709551615.0 ? SIZE_MAX : (size_t)d;
    return true;
  }
  return false;
}

static bool key_is(const char *k, size_t n, const char *lit) {
  return strlen(lit) == n && memcmp(k, lit, n) == 0;
}

/* ------------------------------------------------------------ JSON pointers */

/* Follows the URI-fragment JSON pointer frag[0,n) (without the '#') from root:
 * percent-decoding first, then "/"-separated tokens with ~0 and ~1. Returns
 * NULL when a step is missing or the pointer is malformed. */
static const json_t *pointer_get(const json_t *root, const char *frag, size_t n) {
  char stack[256];
  char *p = n < sizeof stack ? stack : cvx_xmalloc(n + 1);
  const json_t *cur = root;
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (frag[i] != '%') {
      p[m++] = frag[i];
      continue;
    }
    int hi = i + 2 < n ? hexval(frag[i + 1]) : -1;
    int lo = i + 2 < n ? hexval(frag[i + 2]) : -1;
    if (hi < 0 || lo < 0) {
      cur = NULL;
      goto done;
    }
    p[m++] = (char)(hi * 16 + lo);
    i += 2;
  }
  if (m == 0) goto done;
  if (p[0] != '/') {
    cur = NULL;
    goto done;
  }
  for (size_t i = 1;;) {
    size_t e = i, w = i;
    while (e < m && p[e] != '/') {
      if (p[e] == '~') {
        if (e + 1 >= m || (p[e + 1] != '0' && p[e + 1] != '1')) {
          cur = NULL;
          goto done;
        }
        p[w++] = p[e + 1] == '0' ? '~' : '/';
        e += 2;
      } else {
        p[w++] = p[e++];
      }
    }
    const char *tok = p + i;
    size_t tlen = w - i;
    if (json_is_object(cur)) {
      cur = json_object_getn(cur, tok, tlen);
    } else if (json_is_array(cur)) {
      size_t idx = 0;
      bool ok = tlen > 0 && tlen <= 18 && !(tlen > 1 && tok[0] == '0');
      for (size_t k = 0; ok && k < tlen; k++) {
        if (!is_digit(tok[k])) ok = false;
        else idx = idx * 10 + (size_t)(tok[k] - '0');
      }
      cur = ok ? json_array_get(cur, idx) : NULL;
    } else {
      cur = NULL;
    }
    if (!cur || e >= m) break;
    i = e + 1;
  }
done:
  if (p != stack) free(p);
  return cur;
}

/* Resolves a $ref against the root document: "#…" fragments, and the root's
 * own $id optionally followed by a fragment. Sets *frag to the fragment
 * (including '#') for display. NULL when unresolvable or not local. */
static const json_t *ref_resolve(const cvx_schema *s, const char *ref, size_t n,
                                 const char **frag, size_t *fraglen) {
  if (n > 0 && ref[0] != '#') {
    if (!s->id || n < s->idlen || memcmp(ref, s->id, s->idlen) != 0) return NULL;
    ref += s->idlen;
    n -= s->idlen;
    if (n > 0 && ref[0] != '#') return NULL;
  }
  if (frag) {
    *frag = n ? ref : "#";
    *fraglen = n ? n : 1;
  }
  if (n <= 1) return s->root;
  return pointer_get(s->root, ref + 1, n - 1);
}

static bool ref_is_local(const cvx_schema *s, const char *ref, size_t n) {
  if (n == 0 || ref[0] == '#') return true;
  return s->id && n >= s->idlen && memcmp(ref, s->id, s->idlen) == 0 &&
         (n == s->idlen || ref[s->idlen] == '#');
}

/* ------------------------------------------------------------------ regexes */

static pcre2_code *rx_compile(const char *src, size_t len, char *msg, size_t msgsz) {
  int ec;
  PCRE2_SIZE off;
  /* ECMA-262 flavour where pcre2 can give it: $ only at the very end, \uHHHH. */
  pcre2_code *code = pcre2_compile(
      (PCRE2_SPTR)src, len,
      PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_ALT_BSUX | PCRE2_NEVER_BACKSLASH_C, &ec, &off,
      NULL);
  if (!code) {
    PCRE2_UCHAR e[160];
    if (pcre2_get_error_message(ec, e, sizeof e) < 0) strcpy((char *)e, "error");
    snprintf(msg, msgsz, "%s at offset %zu", (const char *)e, (size_t)off);
    return NULL;
  }
  (void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* the interpreter serves otherwise */
  return code;
}

static int pattern_cmp(const void *a, const void *b) {
  const pattern *x = a, *y = b;
  if (x->len != y->len) return x->len < y->len ? -1 : 1;
  return memcmp(x->src, y->src, x->len);
}

static pcre2_code *pattern_find(const cvx_schema *s, const char *src, size_t len) {
  pattern key = {src, len, NULL};
  const pattern *p = s->npats ? bsearch(&key, s->pats, s->npats, sizeof *p, pattern_cmp) : NULL;
  return p ? p->code : NULL;
}

enum { RX_MATCH = 1, RX_NOMATCH = 0, RX_GAVEUP = -1, RX_BAD = -2 };

/* Matches subj[0,n) against the schema's regex src with pcre2_match options
 * mopts (code: compiled at parse time, or NULL: looked up, else compiled here
 * and freed when it sits where the parser did not look). *md is the
 * validation's own match data, made on first use, so threads never share it. */
static int rx_match(const cvx_schema *s, pcre2_code *code, const char *src, size_t len,
                    const char *subj, size_t n, pcre2_match_data **md, uint32_t mopts) {
  pcre2_code *own = NULL;
  if (!code) code = pattern_find(s, src, len);
  if (!code) {
    char msg[8];
    code = own = rx_compile(src, len, msg, sizeof msg);
    if (!code) return RX_BAD;
  }
  if (!*md) *md = pcre2_match_data_create(1, NULL);
  if (!*md) {
    fprintf(stderr, "cvx: out of memory (pcre2 match data)\n");
    abort();
  }
  int rc = pcre2_match(code, (PCRE2_SPTR)subj, n, 0, mopts, *md, s->mctx);
  if (own) pcre2_code_free(own);
  if (rc >= 0) return RX_MATCH;
  return rc == PCRE2_ERROR_NOMATCH ? RX_NOMATCH : RX_GAVEUP;
}

/* ------------------------------------------------------------------ formats */

static bool all_digits(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!is_digit(s[i])) return false;
  return true;
}

static int two(const char *s) { return (s[0] - '0') * 10 + (s[1] - '0'); }

/* RFC 3339 full-date: YYYY-MM-DD with a real day of that month. */
static bool is_date(const char *s, size_t n) {
  if (n != 10 || s[4] != '-' || s[7] != '-' || !all_digits(s, 4) || !all_digits(s + 5, 2) ||
      !all_digits(s + 8, 2))
    return false;
  int y = two(s) * 100 + two(s + 2), m = two(s + 5), d = two(s + 8);
  static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m < 1 || m > 12 || d < 1) return false;
  int max = mdays[m - 1];
  if (m == 2 && y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) max = 29;
  return d <= max;
}

/* RFC 3339 full-time: HH:MM:SS[.frac](Z|±HH:MM); a leap second only at
 * 23:59:60 UTC. */
static bool is_time(const char *s, size_t n) {
  if (n < 9 || s[2] != ':' || s[5] != ':' || !all_digits(s, 2) || !all_digits(s + 3, 2) ||
      !all_digits(s + 6, 2))
    return false;
  int h = two(s), mi = two(s + 3), sec = two(s + 6);
  if (h > 23 || mi > 59 || sec > 60) return false;
  size_t i = 8;
  if (s[i] == '.') {
    size_t start = ++i;
    while (i < n && is_digit(s[i])) i++;
    if (i == start) return false;
  }
  if (i >= n) return false;
  int sign = 0, oh = 0, om = 0;
  if (s[i] == 'Z' || s[i] == 'z') {
    i++;
  } else if (s[i] == '+' || s[i] == '-') {
    sign = s[i] == '+' ? 1 : -1;
    if (n - i != 6 || s[i + 3] != ':' || !all_digits(s + i + 1, 2) || !all_digits(s + i + 4, 2))
      return false;
    oh = two(s + i + 1);
    om = two(s + i + 4);
    if (oh > 23 || om > 59) return false;
    i += 6;
  } else {
    return false;
  }
  if (i != n) return false;
  if (sec == 60) {
    int utc = ((h * 60 + mi - sign * (oh * 60 + om)) % 1440 + 1440) % 1440;
    if (utc != 23 * 60 + 59) return false;
  }
  return true;
}

static bool is_date_time(const char *s, size_t n) {
  return n > 11 && is_date(s, 10) && (s[10] == 'T' || s[10] == 't') && is_time(s + 11, n - 11);
}

/* RFC 5322 addr-spec: dot-atom or quoted local part, dot-atom hostname or
 * [literal] domain; ASCII only (idn-email is a different format). */
static bool is_email(const char *s, size_t n) {
  size_t at = n;
  for (size_t i = n; i-- > 0;)
    if (s[i] == '@') {
      at = i;
      break;
    }
  if (at == n || at == 0 || at + 1 == n || at > 64) return false;
  if (s[0] == '"') {
    if (at < 2 || s[at - 1] != '"') return false;
    for (size_t i = 1; i + 1 < at; i++) {
      unsigned char c = (unsigned char)s[i];
      if (c == '\\') {
        if (++i + 1 >= at) return false;
        c = (unsigned char)s[i];
        if (c < 0x20 || c > 0x7E) return false;
      } else if (c < 0x20 || c > 0x7E || c == '"') {
        return false;
      }
    }
  } else {
    static const char atext[] = "!#$%&'*+-/=?^_`{|}~";
    for (size_t i = 0; i < at; i++) {
      char c = s[i];
      if (c == '.') {
        if (i == 0 || i + 1 == at || s[i + 1] == '.') return false;
      } else if (!is_alpha(c) && !is_digit(c) && !strchr(atext, c)) {
        return false;
      }
    }
  }
  const char *d = s + at + 1;
  size_t dn = n - at - 1;
  if (d[0] == '[') {
    if (dn < 3 || d[dn - 1] != ']') return false;
    for (size_t i = 1; i + 1 < dn; i++) {
      unsigned char c = (unsigned char)d[i];
      if (c < 0x21 || c > 0x7E || c == '[' || c == ']' || c == '\\') return false;
    }
    return true;
  }
  if (dn > 253) return false;
  size_t label = 0;
  for (size_t i = 0; i <= dn; i++) {
    if (i == dn || d[i] == '.') {
      if (label == 0 || label > 63 || d[i - 1] == '-' || d[i - label] == '-') return false;
      label = 0;
    } else if (is_alpha(d[i]) || is_digit(d[i]) || d[i] == '-') {
      label++;
    } else {
      return false;
    }
  }
  return true;
}

static bool uri_unreserved(char c) {
  return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

static bool uri_subdelim(char c) { return c && strchr("!$&'()*+,;=", c) != NULL; }

/* Extra characters a URI component may hold besides unreserved, sub-delims
 * and %XX (uri_scan's extra argument). */
enum { UX_COLON = 2, UX_AT = 4, UX_SLASH = 8, UX_QUERY = 16 };

/* The class of c for uri_scan: 1 for unreserved and sub-delims, else its
 * UX_ bit, else 0. */
static unsigned uri_class(char c) {
  if (is_alpha(c) || is_digit(c)) return 1;
  switch (c) {
  case '-': case '.': case '_': case '~': /* unreserved */
  case '!': case '$': case '&': case '\'': case '(': case ')': /* sub-delims */
  case '*': case '+': case ',': case ';': case '=': return 1;
  case ':': return UX_COLON;
  case '@': return UX_AT;
  case '/': return UX_SLASH;
  case '?': return UX_QUERY;
  default: return 0;
  }
}

/* Advances *i over characters allowed by RFC 3986 for one component: unreserved,
 * %XX, sub-delims and the extra characters given (UX_ bits). */
static void uri_scan(const char *s, size_t n, size_t *i, unsigned extra) {
  extra |= 1;
  while (*i < n) {
    char c = s[*i];
    if (c == '%') {
      if (*i + 2 >= n) return;
      if (hexval(s[*i + 1]) < 0 || hexval(s[*i + 2]) < 0) return;
      *i += 3;
    } else if (uri_class(c) & extra) {
      (*i)++;
    } else {
      return;
    }
  }
}

static bool uri_authority(const char *s, size_t n) {
  size_t i = 0;
  const char *at = memchr(s, '@', n);
  if (at) {
    uri_scan(s, n, &i, UX_COLON);
    if (s + i != at) return false;
    i++;
  }
  if (i < n && s[i] == '[') {
    const char *close = memchr(s + i, ']', n - i);
    if (!close) return false;
    size_t end = (size_t)(close - s);
    if (end == i + 1) return false;
    for (size_t k = i + 1; k < end; k++)
      if (hexval(s[k]) < 0 && s[k] != ':' && s[k] != '.' && !uri_unreserved(s[k]) &&
          !uri_subdelim(s[k]))
        return false;
    i = end + 1;
  } else {
    uri_scan(s, n, &i, 0);
  }
  if (i < n && s[i] == ':') {
    i++;
    while (i < n && is_digit(s[i])) i++;
  }
  return i == n;
}

/* RFC 3986 URI (scheme required) or URI-reference (relative allowed). */
static bool is_uri(const char *s, size_t n, bool reference) {
  size_t i = 0, j = 0;
  bool scheme = false;
  if (n > 0 && is_alpha(s[0])) {
    j = 1;
    while (j < n && (is_alpha(s[j]) || is_digit(s[j]) || s[j] == '+' || s[j] == '-' ||
                     s[j] == '.'))
      j++;
    scheme = j < n && s[j] == ':';
  }
  if (scheme) i = j + 1;
  else if (!reference) return false;
  if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
    size_t a = i + 2;
    i = a;
    while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#') i++;
    if (!uri_authority(s + a, i - a)) return false;
  } else if (!scheme) {
    size_t k = i; /* path-noscheme: no ':' in the first segment */
    uri_scan(s, n, &k, UX_AT);
    if (k < n && s[k] == ':') return false;
  }
  uri_scan(s, n, &i, UX_COLON | UX_AT | UX_SLASH);
  if (i < n && s[i] == '?') {
    i++;
    uri_scan(s, n, &i, UX_COLON | UX_AT | UX_SLASH | UX_QUERY);
  }
  if (i < n && s[i] == '#') {
    i++;
    uri_scan(s, n, &i, UX_COLON | UX_AT | UX_SLASH | UX_QUERY);
  }
  return i == n;
}

/* The formats checked; any other name passes. */
enum { FMT_NONE, FMT_DATE, FMT_DATE_TIME, FMT_EMAIL, FMT_URI, FMT_URI_REFERENCE, FMT_OTHER };

static unsigned char format_kind(const char *fmt) {
  if (!strcmp(fmt, "date")) return FMT_DATE;
  if (!strcmp(fmt, "date-time")) return FMT_DATE_TIME;
  if (!strcmp(fmt, "email")) return FMT_EMAIL;
  if (!strcmp(fmt, "uri")) return FMT_URI;
  if (!strcmp(fmt, "uri-reference")) return FMT_URI_REFERENCE;
  return FMT_OTHER;
}

/* True when s[0,n) conforms to the format of that kind. */
static bool format_kind_ok(unsigned kind, const char *s, size_t n) {
  switch (kind) {
  case FMT_DATE: return is_date(s, n);
  case FMT_DATE_TIME: return is_date_time(s, n);
  case FMT_EMAIL: return is_email(s, n);
  case FMT_URI: return is_uri(s, n, false);
  case FMT_URI_REFERENCE: return is_uri(s, n, true);
  default: return true;
  }
}

/* True when s[0,n) conforms to the named format; unknown formats pass. */
static bool format_ok(const char *fmt, const char *s, size_t n) {
  return format_kind_ok(format_kind(fmt), s, n);
}

/* ------------------------------------------------------------ fast patterns */

/* Patterns common in CV schemas, recognised by their exact source so the
 * quick check can match them without pcre2. A fast match only ever says
 * "matches" where pcre2 (with our flags and limits) certainly matches too;
 * on any other answer the regex itself decides. */
enum { FP_NONE, FP_ISO_DATE, FP_FULL_DATE, FP_E164, FP_JSON_POINTER };

static const struct {
  const char *src;
  unsigned char kind;
} fast_patterns[] = {
    {"^[12][0-9]{3}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$", FP_ISO_DATE},
    {"^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$", FP_FULL_DATE},
    {"^\\+[1-9][0-9]{6,14}$", FP_E164},
    {"^(/([^~/]|~[01])*)+$", FP_JSON_POINTER},
};

/* Longest subject fast_match answers for FP_JSON_POINTER: far below where
 * pcre2's group repeats could reach a match or stack limit. */
#define FP_POINTER_MAX 256

static unsigned char fast_kind(const char *src, size_t len) {
  for (size_t i = 0; i < sizeof fast_patterns / sizeof *fast_patterns; i++)
    if (strlen(fast_patterns[i].src) == len && memcmp(fast_patterns[i].src, src, len) == 0)
      return fast_patterns[i].kind;
  return FP_NONE;
}

/* [12][0-9]{3}: a year as the date patterns take it. */
static bool fp_year(const char *s) {
  return (s[0] == '1' || s[0] == '2') && is_digit(s[1]) && is_digit(s[2]) && is_digit(s[3]);
}

/* -(0[1-9]|1[0-2]) */
static bool fp_month(const char *s) {
  return s[0] == '-' && ((s[1] == '0' && s[2] >= '1' && s[2] <= '9') ||
                         (s[1] == '1' && s[2] >= '0' && s[2] <= '2'));
}

/* -(0[1-9]|[12][0-9]|3[01]) */
static bool fp_day(const char *s) {
  return s[0] == '-' && ((s[1] == '0' && s[2] >= '1' && s[2] <= '9') ||
                         ((s[1] == '1' || s[1] == '2') && is_digit(s[2])) ||
                         (s[1] == '3' && (s[2] == '0' || s[2] == '1')));
}

/* True when s[0,n) certainly matches the pattern of that FP_ kind. */
static bool fast_match(unsigned kind, const char *s, size_t n) {
  switch (kind) {
  case FP_ISO_DATE:
    return (n == 4 || n == 7 || n == 10) && fp_year(s) && (n < 7 || fp_month(s + 4)) &&
           (n < 10 || fp_day(s + 7));
  case FP_FULL_DATE: return n == 10 && fp_year(s) && fp_month(s + 4) && fp_day(s + 7);
  case FP_E164:
    if (n < 8 || n > 16 || s[0] != '+' || s[1] < '1' || s[1] > '9') return false;
    return all_digits(s + 2, n - 2);
  case FP_JSON_POINTER:
    if (n == 0 || n > FP_POINTER_MAX || s[0] != '/') return false;
    for (size_t i = 0; i < n; i++)
      if (s[i] == '~' && (i + 1 == n || (s[i + 1] != '0' && s[i + 1] != '1'))) return false;
    return true;
  default: return false;
  }
}

/* ---------------------------------------------------------- parse and shape */

typedef struct ptrset {
  const void **slot;
  size_t cap, n;
} ptrset;

static size_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

/* Adds p; false when it was already there. */
static bool ptrset_add(ptrset *ps, const void *p) {
  if ((ps->n + 1) * 2 > ps->cap) {
    size_t cap = ps->cap ? ps->cap * 2 : 64;
    const void **slot = cvx_xcalloc(cap, sizeof *slot);
    for (size_t i = 0; i < ps->cap; i++) {
      if (!ps->slot[i]) continue;
      size_t h = ptr_hash(ps->slot[i]) & (cap - 1);
      while (slot[h]) h = (h + 1) & (cap - 1);
      slot[h] = ps->slot[i];
    }
    free(ps->slot);
    ps->slot = slot;
    ps->cap = cap;
  }
  size_t h = ptr_hash(p) & (ps->cap - 1);
  while (ps->slot[h]) {
    if (ps->slot[h] == p) return false;
    h = (h + 1) & (ps->cap - 1);
  }
  ps->slot[h] = p;
  ps->n++;
  return true;
}

typedef struct pctx {
  cvx_schema *s;
  size_t patcap;
  ptrset seen;
  cvx_buf path;
  size_t base; /* the shown path starts here (moves when following a $ref) */
  char *err;
  size_t errsz;
  bool failed;
} pctx;

static void perr(pctx *pc, const char *fmt, ...) CVX_PRINTF(2, 3);
static void perr(pctx *pc, const char *fmt, ...) {
  if (pc->failed) return;
  pc->failed = true;
  if (!pc->err || !pc->errsz) return;
  int k = snprintf(pc->err, pc->errsz, "%s: ", pc->path.ptr + pc->base);
  if (k < 0 || (size_t)k >= pc->errsz) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(pc->err + k, pc->errsz - (size_t)k, fmt, ap);
  va_end(ap);
}

static void add_pattern(pctx *pc, const char *src, size_t len) {
  char msg[200], q[80];
  pcre2_code *code = rx_compile(src, len, msg, sizeof msg);
  if (!code) {
    quote(q, sizeof q, src, len);
    perr(pc, "invalid regular expression %s: %s", q, msg);
    return;
  }
  cvx_schema *s = pc->s;
  if (s->npats == pc->patcap) {
    pc->patcap = pc->patcap ? pc->patcap * 2 : 16;
    s->pats = cvx_xrealloc(s->pats, pc->patcap * sizeof *s->pats);
  }
  s->pats[s->npats++] = (pattern){src, len, code};
}

/* How the parser checks each keyword's value (draft-07 metaschema, in short). */
typedef enum kwkind {
  KW_SCHEMA,       /* a subschema */
  KW_ITEMS,        /* a subschema or an array of them */
  KW_SCHEMA_LIST,  /* a non-empty array of subschemas */
  KW_SCHEMA_MAP,   /* an object of subschemas */
  KW_DEFINITIONS,  /* like KW_SCHEMA_MAP, and checked even beside $ref */
  KW_PATTERN_MAP,  /* an object of subschemas keyed by regexes */
  KW_DEPENDENCIES, /* an object of subschemas or string arrays */
  KW_TYPE,
  KW_STRINGS,
  KW_ARRAY,
  KW_NUMBER,
  KW_POSITIVE,
  KW_COUNT,
  KW_BOOL,
  KW_PATTERN,
  KW_STRING
} kwkind;

static const struct {
  const char *name;
  kwkind kind;
} keywords[] = {
    {"additionalItems", KW_SCHEMA},  {"additionalProperties", KW_SCHEMA},
    {"contains", KW_SCHEMA},         {"propertyNames", KW_SCHEMA},
    {"not", KW_SCHEMA},              {"if", KW_SCHEMA},
    {"then", KW_SCHEMA},             {"else", KW_SCHEMA},
    {"items", KW_ITEMS},             {"allOf", KW_SCHEMA_LIST},
    {"anyOf", KW_SCHEMA_LIST},       {"oneOf", KW_SCHEMA_LIST},
    {"properties", KW_SCHEMA_MAP},   {"definitions", KW_DEFINITIONS},
    {"patternProperties", KW_PATTERN_MAP}, {"dependencies", KW_DEPENDENCIES},
    {"type", KW_TYPE},               {"required", KW_STRINGS},
    {"enum", KW_ARRAY},              {"minimum", KW_NUMBER},
    {"maximum", KW_NUMBER},          {"exclusiveMinimum", KW_NUMBER},
    {"exclusiveMaximum", KW_NUMBER}, {"multipleOf", KW_POSITIVE},
    {"minLength", KW_COUNT},         {"maxLength", KW_COUNT},
    {"minItems", KW_COUNT},          {"maxItems", KW_COUNT},
    {"minProperties", KW_COUNT},     {"maxProperties", KW_COUNT},
    {"uniqueItems", KW_BOOL},        {"pattern", KW_PATTERN},
    {"format", KW_STRING},
};

static const char *const type_names[] = {"null",   "boolean", "object", "array",
                                         "number", "string",  "integer"};

static bool type_name_known(const char *s) {
  for (size_t i = 0; i < sizeof type_names / sizeof *type_names; i++)
    if (!strcmp(s, type_names[i])) return true;
  return false;
}

static void walk(pctx *pc, const json_t *sch, unsigned depth);

static void walk_ref(pctx *pc, const json_t *ref, unsigned depth) {
  char q[80];
  if (!json_is_string(ref)) {
    perr(pc, "$ref must be a string");
    return;
  }
  const char *r = json_string_value(ref), *frag;
  size_t n = json_string_length(ref), fraglen;
  if (!ref_is_local(pc->s, r, n)) {
    quote(q, sizeof q, r, n);
    perr(pc, "$ref %s is not supported: only references inside this schema are", q);
    return;
  }
  const json_t *t = ref_resolve(pc->s, r, n, &frag, &fraglen);
  if (!t) {
    quote(q, sizeof q, r, n);
    perr(pc, "$ref %s does not resolve", q);
    return;
  }
  const json_t *hop = t, *next;
  for (unsigned hops = 0; json_is_object(hop) && json_is_string(next = json_object_get(hop, "$ref"));) {
    if (++hops > REF_CHAIN_MAX) {
      quote(q, sizeof q, r, n);
      perr(pc, "$ref %s starts a cycle of references", q);
      return;
    }
    hop = ref_resolve(pc->s, json_string_value(next), json_string_length(next), NULL, NULL);
  }
  size_t len = pc->path.len, base = pc->base;
  pc->base = pc->path.len;
  cvx_buf_put(&pc->path, frag, fraglen);
  walk(pc, t, depth + 1);
  cvx_buf_truncate(&pc->path, len);
  pc->base = base;
}

static void walk_keyword(pctx *pc, kwkind kind, const json_t *v, unsigned depth) {
  size_t i, len = pc->path.len;
  const char *k;
  json_t *sub;
  switch (kind) {
  case KW_SCHEMA:
    walk(pc, v, depth + 1);
    break;
  case KW_ITEMS:
    if (!json_is_array(v)) {
      walk(pc, v, depth + 1);
      break;
    }
    /* fall through */
  case KW_SCHEMA_LIST:
    if (!json_is_array(v) || (kind == KW_SCHEMA_LIST && json_array_size(v) == 0)) {
      perr(pc, "must be a non-empty array of schemas");
      break;
    }
    json_array_foreach(v, i, sub) {
      push_index(&pc->path, i);
      walk(pc, sub, depth + 1);
      cvx_buf_truncate(&pc->path, len);
    }
    break;
  case KW_SCHEMA_MAP:
  case KW_DEFINITIONS:
  case KW_PATTERN_MAP:
  case KW_DEPENDENCIES:
    if (!json_is_object(v)) {
      perr(pc, "must be an object");
      break;
    }
    for (void *it = json_object_iter((json_t *)v); it && !pc->failed;
         it = json_object_iter_next((json_t *)v, it)) {
      k = json_object_iter_key(it);
      size_t klen = json_object_iter_key_len(it);
      sub = json_object_iter_value(it);
      push_token(&pc->path, k, klen, true);
      if (kind == KW_PATTERN_MAP) add_pattern(pc, k, klen);
      if (kind == KW_DEPENDENCIES && json_is_array(sub)) {
        json_t *e;
        json_array_foreach(sub, i, e) if (!json_is_string(e)) perr(pc, "must list property names");
      } else {
        walk(pc, sub, depth + 1);
      }
      cvx_buf_truncate(&pc->path, len);
    }
    break;
  case KW_TYPE:
    if (json_is_string(v)) {
      if (!type_name_known(json_string_value(v))) perr(pc, "unknown type");
    } else if (json_is_array(v)) {
      json_array_foreach(v, i, sub) if (!json_is_string(sub) ||
                                        !type_name_known(json_string_value(sub)))
          perr(pc, "unknown type");
    } else {
      perr(pc, "must be a type name or an array of them");
    }
    break;
  case KW_STRINGS:
    if (!json_is_array(v)) perr(pc, "must be an array of strings");
    json_array_foreach(v, i, sub) if (!json_is_string(sub)) perr(pc, "must be an array of strings");
    break;
  case KW_ARRAY:
    if (!json_is_array(v)) perr(pc, "must be an array");
    break;
  case KW_NUMBER:
    if (!json_is_number(v)) perr(pc, "must be a number");
    break;
  case KW_POSITIVE:
    if (!json_is_number(v) || !(json_number_value(v) > 0)) perr(pc, "must be a number above 0");
    break;
  case KW_COUNT: {
    size_t c;
    if (!get_count(v, &c)) perr(pc, "must be a non-negative integer");
    break;
  }
  case KW_BOOL:
    if (!json_is_boolean(v)) perr(pc, "must be true or false");
    break;
  case KW_PATTERN:
    if (!json_is_string(v)) perr(pc, "must be a string");
    else add_pattern(pc, json_string_value(v), json_string_length(v));
    break;
  case KW_STRING:
    if (!json_is_string(v)) perr(pc, "must be a string");
    break;
  }
}

/* Checks one schema and everything under it (and every $ref target, once). */
static void walk(pctx *pc, const json_t *sch, unsigned depth) {
  if (pc->failed || json_is_boolean(sch)) return;
  if (!json_is_object(sch)) {
    perr(pc, "a schema must be an object or a boolean");
    return;
  }
  if (depth > PARSE_MAX_DEPTH) {
    perr(pc, "schema nested deeper than %d levels", PARSE_MAX_DEPTH);
    return;
  }
  if (!ptrset_add(&pc->seen, sch)) return;
  const json_t *ref = json_object_get(sch, "$ref");
  if (ref) walk_ref(pc, ref, depth);
  for (void *it = json_object_iter((json_t *)sch); it && !pc->failed;
       it = json_object_iter_next((json_t *)sch, it)) {
    const char *k = json_object_iter_key(it);
    size_t klen = json_object_iter_key_len(it);
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++) {
      if (k[0] != keywords[i].name[0] || !key_is(k, klen, keywords[i].name)) continue;
      if (ref && keywords[i].kind != KW_DEFINITIONS) break; /* $ref hides its siblings */
      size_t len = pc->path.len;
      push_token(&pc->path, k, klen, true);
      walk_keyword(pc, keywords[i].kind, json_object_iter_value(it), depth);
      cvx_buf_truncate(&pc->path, len);
      break;
    }
  }
}

/* True for the keywords cvx_schema_accepts checks itself; a node with any
 * other keyword is left to the full validator. */
static bool quick_keyword(int k) {
  switch (k) {
  case K_type: case K_enum: case K_const: case K_minLength: case K_maxLength: case K_pattern:
  case K_format: case K_minimum: case K_maximum: case K_exclusiveMinimum:
  case K_exclusiveMaximum: case K_items: case K_minItems: case K_maxItems: case K_required:
  case K_properties: case K_additionalProperties: case K_minProperties: case K_maxProperties:
    return true;
  default:
    return false;
  }
}

/* The cvx_sv types a "type" name admits, as type_is reads it. */
static unsigned type_mask(const char *t) {
  if (!strcmp(t, "object")) return 1u << CVX_SV_OBJECT;
  if (!strcmp(t, "array")) return 1u << CVX_SV_ARRAY;
  if (!strcmp(t, "string")) return 1u << CVX_SV_STRING;
  if (!strcmp(t, "integer")) return 1u << CVX_SV_INTEGER | TM_INTREAL;
  if (!strcmp(t, "number")) return 1u << CVX_SV_INTEGER | 1u << CVX_SV_REAL;
  if (!strcmp(t, "boolean")) return 1u << CVX_SV_TRUE | 1u << CVX_SV_FALSE;
  if (!strcmp(t, "null")) return 1u << CVX_SV_NULL;
  return 0;
}

/* A count keyword as a bound: its value, or dflt when absent or unusable
 * (get_count refuses it, so check() ignores it too). */
static size_t count_or(const json_t *k, size_t dflt) {
  size_t v;
  return k && get_count(k, &v) ? v : dflt;
}

/* Reads the count keywords once, and notes whether any numeric bound is set. */
static void node_limits(snode *nd) {
  nd->minlen = count_or(nd->k[K_minLength], 0);
  nd->maxlen = count_or(nd->k[K_maxLength], SIZE_MAX);
  nd->minitems = count_or(nd->k[K_minItems], 0);
  nd->maxitems = count_or(nd->k[K_maxItems], SIZE_MAX);
  nd->minprops = count_or(nd->k[K_minProperties], 0);
  nd->maxprops = count_or(nd->k[K_maxProperties], SIZE_MAX);
  nd->enum_const = nd->k[K_enum] || nd->k[K_const];
  nd->int_floor = json_is_integer(nd->k[K_minimum]) && !nd->k[K_maximum] &&
                  !nd->k[K_exclusiveMinimum] && !nd->k[K_exclusiveMaximum];
  nd->short_min = nd->minlen <= 1 && nd->maxlen == SIZE_MAX && !nd->k[K_pattern] && !nd->k[K_format];
  nd->numeric = nd->k[K_minimum] || nd->k[K_maximum] || nd->k[K_exclusiveMinimum] ||
                nd->k[K_exclusiveMaximum];
}

/* Fills nd from the schema object sch (the $ref resolved, the pattern looked
 * up among those compiled at parse time). */
static void node_fill(const cvx_schema *s, snode *nd, const json_t *sch) {
  memset(nd, 0, sizeof *nd);
  nd->sch = sch;
  const json_t *ref = json_object_get(sch, "$ref");
  if (json_is_string(ref)) {
    nd->ref = ref;
    nd->ref_target = ref_resolve(s, json_string_value(ref), json_string_length(ref), &nd->frag,
                                 &nd->fraglen);
    return;
  }
  /* one pass over the object's few members instead of a lookup per keyword */
  for (void *it = json_object_iter((json_t *)sch); it; it = json_object_iter_next((json_t *)sch, it)) {
    const char *key = json_object_iter_key(it);
    size_t klen = json_object_iter_key_len(it);
    for (int i = 0; i < K__COUNT; i++)
      if (key[0] == kw_names[i][0] && key_is(key, klen, kw_names[i])) {
        nd->k[i] = json_object_iter_value(it);
        break;
      }
  }
  const json_t *pat = nd->k[K_pattern];
  if (json_is_string(pat)) {
    nd->pat = pattern_find(s, json_string_value(pat), json_string_length(pat));
    nd->fastpat = fast_kind(json_string_value(pat), json_string_length(pat));
  }
  const json_t *fmt = nd->k[K_format];
  nd->fmt = json_is_string(fmt) ? format_kind(json_string_value(fmt)) : FMT_NONE;
  node_limits(nd);
  nd->quick = !json_is_array(nd->k[K_items]);
  for (int i = 0; i < K__COUNT; i++)
    if (nd->k[i] && !quick_keyword(i)) nd->quick = false;
  const json_t *t = nd->k[K_type];
  if (json_is_string(t)) {
    nd->tmask = type_mask(json_string_value(t));
  } else if (json_is_array(t)) {
    for (size_t i = 0; i < json_array_size(t); i++)
      if (json_is_string(json_array_get(t, i)))
        nd->tmask |= type_mask(json_string_value(json_array_get(t, i)));
  } else {
    nd->tmask = ~0u; /* no type keyword (or not a usable one): anything */
  }
}

/* Compiles every schema object the parser walked (the set seen) into a node. */
static void nodes_build(cvx_schema *s, const ptrset *seen) {
  size_t n = seen->n;
  if (!n) return;
  s->nodes = cvx_xcalloc(n, sizeof *s->nodes);
  s->nslots = 16;
  while (s->nslots < n * 2) s->nslots *= 2;
  s->slots = cvx_xcalloc(s->nslots, sizeof *s->slots);
  for (size_t i = 0; i < seen->cap; i++) {
    const json_t *sch = seen->slot[i];
    if (!sch) continue;
    size_t k = s->nnodes++;
    node_fill(s, &s->nodes[k], sch);
    size_t h = ptr_hash(sch) & (s->nslots - 1);
    while (s->slots[h]) h = (h + 1) & (s->nslots - 1);
    s->slots[h] = (uint32_t)(k + 1);
  }
}

/* The node of schema object sch, or NULL when the parser never walked it. */
static const snode *node_get(const cvx_schema *s, const json_t *sch) {
  if (!s->nslots) return NULL;
  size_t h = ptr_hash(sch) & (s->nslots - 1);
  for (uint32_t k; (k = s->slots[h]); h = (h + 1) & (s->nslots - 1))
    if (s->nodes[k - 1].sch == sch) return &s->nodes[k - 1];
  return NULL;
}

/* Keys the quick check reads for nd, written to out when it is not NULL;
 * returns how many. */
static size_t node_keys(const cvx_schema *s, snode *nd, qkey *out) {
  size_t n = 0;
  const json_t *k = nd->k[K_properties];
  if (json_is_object(k) && json_object_size(k) <= QPROPS_MAX) {
    if (out) nd->props = out;
    for (void *it = json_object_iter((json_t *)k); it; it = json_object_iter_next((json_t *)k, it), n++)
      if (out) {
        const json_t *sub = json_object_iter_value(it);
        out[n] = (qkey){json_object_iter_key(it), json_object_iter_key_len(it), sub, node_get(s, sub)};
        nd->nprops++;
      }
  }
  k = nd->k[K_required];
  if (json_is_array(k)) {
    if (out) nd->req = out + n;
    for (size_t i = 0; i < json_array_size(k); i++) {
      const json_t *r = json_array_get(k, i);
      if (!json_is_string(r)) continue;
      if (out) {
        out[n] = (qkey){json_string_value(r), json_string_length(r), NULL, NULL};
        nd->nreq++;
      }
      n++;
    }
  }
  if (out && nd->props) {
    nd->req_in_props = true;
    for (size_t i = 0; i < nd->nreq; i++) {
      size_t j = 0;
      while (j < nd->nprops && !(nd->props[j].n == nd->req[i].n &&
                                 memcmp(nd->props[j].s, nd->req[i].s, nd->req[i].n) == 0))
        j++;
      if (j == nd->nprops) nd->req_in_props = false;
      else nd->req_mask |= (uint64_t)1 << j;
    }
  }
  k = nd->k[K_enum];
  bool strings = json_is_array(k) && json_array_size(k) > 0;
  for (size_t i = 0; strings && i < json_array_size(k); i++) strings = json_is_string(json_array_get(k, i));
  if (strings) {
    if (out) nd->enums = out + n;
    for (size_t i = 0; i < json_array_size(k); i++, n++)
      if (out) {
        const json_t *e = json_array_get(k, i);
        out[n] = (qkey){json_string_value(e), json_string_length(e), NULL, NULL};
        nd->nenums++;
      }
  }
  return n;
}

/* The props index slot of a key: a cheap mix of its length and three of
 * its bytes (collisions only cost a probe). */
static size_t key_hash(const char *k, size_t n) {
  if (!n) return 0;
  return n * 31u + (unsigned char)k[0] * 7u + (unsigned char)k[n / 2] * 3u + (unsigned char)k[n - 1];
}

/* Slots of a node's props index: a power of two at least twice nprops. */
static size_t index_slots(const snode *nd) {
  size_t n = 8;
  while (n < nd->nprops * 2) n *= 2;
  return n;
}

/* Builds each node's open-addressing index over its props (at most
 * QPROPS_MAX, so an index + 1 fits a byte and there are at most 128 slots). */
static void nodes_index(cvx_schema *s) {
  size_t total = 0;
  for (size_t i = 0; i < s->nnodes; i++)
    if (s->nodes[i].nprops) total += index_slots(&s->nodes[i]);
  if (!total) return;
  s->pidx = cvx_xcalloc(total, 1);
  unsigned char *block = s->pidx;
  for (size_t i = 0; i < s->nnodes; i++) {
    snode *nd = &s->nodes[i];
    if (!nd->nprops) continue;
    size_t slots = index_slots(nd);
    for (size_t j = 0; j < nd->nprops; j++) {
      size_t h = key_hash(nd->props[j].s, nd->props[j].n) & (slots - 1);
      while (block[h]) h = (h + 1) & (slots - 1);
      block[h] = (unsigned char)(j + 1);
    }
    nd->pidx = block;
    nd->pmask = (unsigned char)(slots - 1);
    block += slots;
  }
}

/* Links the nodes for the quick check: each $ref to its target's node,
 * items and additionalProperties to theirs, and the key tables. */
static void nodes_link(cvx_schema *s) {
  size_t total = 0;
  for (size_t i = 0; i < s->nnodes; i++) {
    snode *nd = &s->nodes[i];
    if (nd->ref_target) nd->ref_node = node_get(s, nd->ref_target);
    if (nd->ref) continue;
    if (json_is_object(nd->k[K_items])) nd->items_node = node_get(s, nd->k[K_items]);
    if (json_is_object(nd->k[K_additionalProperties]))
      nd->extra_node = node_get(s, nd->k[K_additionalProperties]);
    total += node_keys(s, nd, NULL);
  }
  for (size_t i = 0; i < s->nnodes; i++) {
    snode *nd = &s->nodes[i];
    const snode *t = nd;
    unsigned hops = 0;
    while (t && t->ref && hops <= REF_CHAIN_MAX) {
      t = t->ref_node;
      hops++;
    }
    if (nd->ref && t && !t->ref) {
      nd->final = t;
      nd->hops = hops;
    }
  }
  for (size_t i = 0; i < s->nnodes; i++) {
    snode *nd = &s->nodes[i];
    const snode *t = nd->ref ? nd->final : nd;
    if (t && t->quick) nd->leaf = t->tmask & (1u << CVX_SV_STRING | 1u << CVX_SV_INTEGER);
  }
  if (!total) return;
  s->qkeys = cvx_xcalloc(total, sizeof *s->qkeys);
  qkey *out = s->qkeys;
  for (size_t i = 0; i < s->nnodes; i++)
    if (!s->nodes[i].ref) out += node_keys(s, &s->nodes[i], out);
  nodes_index(s);
}

static void set_err(char *err, size_t errsz, const char *msg) {
  if (err && errsz) snprintf(err, errsz, "%s", msg);
}

cvx_schema *cvx_schema_parse(const char *text, size_t len, char *err, size_t errsz) {
  if (err && errsz) err[0] = '\0';
  if (!text) {
    set_err(err, errsz, "no schema text");
    return NULL;
  }
  json_error_t je;
  json_t *root = json_loadb(text, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &je);
  if (!root) {
    if (err && errsz)
      snprintf(err, errsz, "line %d, column %d: %s", je.line, je.column, je.text);
    return NULL;
  }
  if (!json_is_object(root) && !json_is_boolean(root)) {
    json_decref(root);
    set_err(err, errsz, "a schema must be an object or a boolean");
    return NULL;
  }
  cvx_schema *s = cvx_xcalloc(1, sizeof *s);
  s->root = root;
  const json_t *id = json_object_get(root, "$id");
  if (json_is_string(id)) {
    const char *v = json_string_value(id);
    size_t n = json_string_length(id);
    if (n && v[n - 1] == '#') n--;
    if (n && !memchr(v, '#', n)) {
      s->id = v;
      s->idlen = n;
    }
  }
  pctx pc = {.s = s, .err = err, .errsz = errsz};
  cvx_buf_init(&pc.path);
  cvx_buf_putc(&pc.path, '#');
  walk(&pc, root, 0);
  cvx_buf_free(&pc.path);
  if (pc.failed) {
    free(pc.seen.slot);
    cvx_schema_free(s);
    return NULL;
  }
  if (s->npats) {
    qsort(s->pats, s->npats, sizeof *s->pats, pattern_cmp);
    size_t w = 0;
    for (size_t i = 0; i < s->npats; i++) {
      if (w && pattern_cmp(&s->pats[w - 1], &s->pats[i]) == 0) pcre2_code_free(s->pats[i].code);
      else s->pats[w++] = s->pats[i];
    }
    s->npats = w;
  }
  nodes_build(s, &pc.seen);
  nodes_link(s);
  const json_t *defs = json_is_object(root) ? json_object_get(root, "definitions") : NULL;
  if (json_is_object(defs) && json_object_size(defs)) {
    s->defs = cvx_xcalloc(json_object_size(defs), sizeof *s->defs);
    for (void *it = json_object_iter((json_t *)defs); it; it = json_object_iter_next((json_t *)defs, it))
      s->defs[s->ndefs++] = (sdef){json_object_iter_key(it), json_object_iter_key_len(it),
                                     json_object_iter_value(it)};
    s->ndslots = 16;
    while (s->ndslots < s->ndefs * 2) s->ndslots *= 2;
    s->dslots = cvx_xcalloc(s->ndslots, sizeof *s->dslots);
    for (size_t i = 0; i < s->ndefs; i++) {
      size_t h = key_hash(s->defs[i].name, s->defs[i].len) & (s->ndslots - 1);
      while (s->dslots[h]) h = (h + 1) & (s->ndslots - 1);
      s->dslots[h] = (uint32_t)(i + 1);
    }
  }
  free(pc.seen.slot);
  s->mctx = pcre2_match_context_create(NULL);
  if (!s->mctx) {
    fprintf(stderr, "cvx: out of memory (pcre2 match context)\n");
    abort();
  }
  pcre2_set_match_limit(s->mctx, RX_MATCH_LIMIT);
  pcre2_set_depth_limit(s->mctx, RX_DEPTH_LIMIT);
  pcre2_set_heap_limit(s->mctx, RX_HEAP_LIMIT);
  return s;
}

void cvx_schema_free(cvx_schema *s) {
  if (!s) return;
  for (size_t i = 0; i < s->npats; i++) pcre2_code_free(s->pats[i].code);
  free(s->pats);
  free(s->nodes);
  free(s->slots);
  free(s->defs);
  free(s->dslots);
  free(s->qkeys);
  free(s->pidx);
  if (s->mctx) pcre2_match_context_free(s->mctx);
  json_decref(s->root);
  free(s);
}

/* --------------------------------------------------------------- validation */

/* A JSON pointer under construction, kept as a stack of steps and only
 * written out (push_token, push_index) when an error is reported. */
typedef struct pstep {
  const char *s; /* token or raw text (NULL for an index) */
  size_t n;      /* its length, or the index */
  bool raw;      /* copied as is (the start of the schema path, a $ref fragment) */
} pstep;

typedef struct ppath {
  pstep *v;
  size_t n, cap;
  pstep inl[48];
} ppath;

static void pp_init(ppath *p) {
  p->v = p->inl;
  p->n = 0;
  p->cap = sizeof p->inl / sizeof p->inl[0];
}

static void pp_free(ppath *p) {
  if (p->v != p->inl) free(p->v);
}

static void pp_push(ppath *p, const char *s, size_t n, bool raw) {
  if (p->n == p->cap) {
    size_t cap = p->cap * 2;
    pstep *v = cvx_xmalloc(cap * sizeof *v);
    memcpy(v, p->v, p->n * sizeof *v);
    if (p->v != p->inl) free(p->v);
    p->v = v;
    p->cap = cap;
  }
  p->v[p->n++] = (pstep){s, n, raw};
}

/* Writes steps [from, n) of p into b (cleared first). */
static void pp_render(const ppath *p, size_t from, bool fragment, cvx_buf *b) {
  cvx_buf_clear(b);
  for (size_t i = from; i < p->n; i++) {
    const pstep *st = &p->v[i];
    if (st->raw) cvx_buf_put(b, st->s, st->n);
    else if (st->s) push_token(b, st->s, st->n, fragment);
    else push_index(b, st->n);
  }
}

typedef struct vctx {
  const cvx_schema *s;
  cvx_schema_error_fn fn;
  void *fnctx;
  ppath ipath, spath;
  cvx_buf ibuf, sbuf, msg;
  pcre2_match_data *md; /* made on the first regex match */
  size_t sbase; /* the shown schema path starts at this step (moves at each $ref) */
  size_t nerr, work;
  unsigned quiet; /* > 0 while probing a subschema (anyOf, not, if…) */
  bool stop;      /* error cap, work budget or depth limit reached */
} vctx;

/* True while errors are being reported, not merely probed for. */
static bool loud(const vctx *v) { return !v->quiet && !v->stop; }

static void emit(vctx *v, const char *kw, const char *fmt, va_list ap) CVX_PRINTF(3, 0);
static void emit(vctx *v, const char *kw, const char *fmt, va_list ap) {
  if (v->fn) {
    pp_render(&v->spath, v->sbase, true, &v->sbuf);
    if (kw) push_token(&v->sbuf, kw, strlen(kw), true);
    pp_render(&v->ipath, 0, false, &v->ibuf);
    cvx_buf_clear(&v->msg);
    cvx_buf_vprintf(&v->msg, fmt, ap);
    v->fn(v->fnctx, v->ibuf.ptr, v->sbuf.ptr, v->msg.ptr);
  }
  if (++v->nerr >= CVX_SCHEMA_MAX_ERRORS) v->stop = true;
}

/* Reports an error at the current instance path, for keyword kw. */
static void report(vctx *v, const char *kw, const char *fmt, ...) CVX_PRINTF(3, 4);
static void report(vctx *v, const char *kw, const char *fmt, ...) {
  if (!loud(v)) return;
  va_list ap;
  va_start(ap, fmt);
  emit(v, kw, fmt, ap);
  va_end(ap);
}

/* Reports a condition that ends the whole validation, even while probing. */
static void halt(vctx *v, const char *fmt, ...) CVX_PRINTF(2, 3);
static void halt(vctx *v, const char *fmt, ...) {
  if (v->stop) return;
  va_list ap;
  va_start(ap, fmt);
  emit(v, NULL, fmt, ap);
  va_end(ap);
  v->stop = true;
}

static bool spend(vctx *v, size_t cost) {
  if (v->stop) return false;
  v->work += cost;
  if (v->work <= WORK_BUDGET) return true;
  halt(v, "validation needs too much work (limit %u steps); stopped", WORK_BUDGET);
  return false;
}

/* Records a failed keyword; unwinds at once while probing or once stopped. */
#define FAIL(...)                                                                        \
  do {                                                                                   \
    ok = false;                                                                          \
    if (!loud(v)) return false;                                                          \
    report(v, __VA_ARGS__);                                                              \
    if (v->stop) return false;                                                           \
  } while (0)

/* Records a failed subschema (which reported its own errors). */
#define SUB(call)                                                                        \
  do {                                                                                   \
    if (!(call)) {                                                                       \
      ok = false;                                                                        \
      if (!loud(v)) return false;                                                        \
    }                                                                                    \
  } while (0)

static bool check(vctx *v, const json_t *sch, const json_t *in, unsigned depth);

/* Validates in against sub with the schema path extended by kw (and key or
 * index), the instance path by ikey or iidx (when given). */
static bool check_at(vctx *v, const json_t *sub, const json_t *in, unsigned depth,
                     const char *kw, const char *key, size_t keylen, size_t idx,
                     const char *ikey, size_t ikeylen, size_t iidx) {
  size_t slen = v->spath.n, ilen = v->ipath.n;
  pp_push(&v->spath, kw, strlen(kw), false);
  if (key) pp_push(&v->spath, key, keylen, false);
  else if (idx != SIZE_MAX) pp_push(&v->spath, NULL, idx, false);
  if (ikey) pp_push(&v->ipath, ikey, ikeylen, false);
  else if (iidx != SIZE_MAX) pp_push(&v->ipath, NULL, iidx, false);
  bool ok = check(v, sub, in, depth + 1);
  v->spath.n = slen;
  v->ipath.n = ilen;
  return ok;
}

/* Validates without reporting: is in valid against sub? */
static bool probe(vctx *v, const json_t *sub, const json_t *in, unsigned depth) {
  size_t slen = v->spath.n, ilen = v->ipath.n, base = v->sbase;
  v->quiet++;
  bool ok = check(v, sub, in, depth + 1);
  v->quiet--;
  v->spath.n = slen;
  v->ipath.n = ilen;
  v->sbase = base;
  return ok;
}

/* ---- values */

/* -1, 0, 1 comparing a real with an integer exactly (no rounding of i). */
static int real_int_cmp(double d, json_int_t i) {
  if (d >= 9223372036854775808.0) return 1;
  if (d < -9223372036854775808.0) return -1;
  double f = floor(d);
  json_int_t fi = (json_int_t)f;
  if (fi != i) return fi < i ? -1 : 1;
  return d > f ? 1 : 0;
}

static int num_cmp(const json_t *a, const json_t *b) {
  if (json_is_integer(a) && json_is_integer(b)) {
    json_int_t x = json_integer_value(a), y = json_integer_value(b);
    return x < y ? -1 : x > y;
  }
  if (json_is_integer(a)) return -real_int_cmp(json_real_value(b), json_integer_value(a));
  if (json_is_integer(b)) return real_int_cmp(json_real_value(a), json_integer_value(b));
  double x = json_real_value(a), y = json_real_value(b);
  return x < y ? -1 : x > y;
}

/* 1 equal (numbers by value, objects regardless of key order), 0 different,
 * -1 gave up (nesting past the cap or out of work). */
static int value_eq(vctx *v, const json_t *a, const json_t *b, unsigned depth) {
  if (a == b) return 1;
  if (depth > CVX_SCHEMA_MAX_DEPTH) {
    halt(v, "values nested deeper than %d levels cannot be compared; validation stopped",
         CVX_SCHEMA_MAX_DEPTH);
    return -1;
  }
  if (!spend(v, 1)) return -1;
  if (json_is_number(a) && json_is_number(b)) return num_cmp(a, b) == 0;
  if (json_typeof(a) != json_typeof(b)) return 0;
  switch (json_typeof(a)) {
  case JSON_STRING:
    return json_string_length(a) == json_string_length(b) &&
           memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) == 0;
  case JSON_ARRAY: {
    size_t n = json_array_size(a);
    if (n != json_array_size(b)) return 0;
    for (size_t i = 0; i < n; i++) {
      int r = value_eq(v, json_array_get(a, i), json_array_get(b, i), depth + 1);
      if (r != 1) return r;
    }
    return 1;
  }
  case JSON_OBJECT: {
    if (json_object_size(a) != json_object_size(b)) return 0;
    for (void *it = json_object_iter((json_t *)a); it; it = json_object_iter_next((json_t *)a, it)) {
      const json_t *bv =
          json_object_getn(b, json_object_iter_key(it), json_object_iter_key_len(it));
      if (!bv) return 0;
      int r = value_eq(v, json_object_iter_value(it), bv, depth + 1);
      if (r != 1) return r;
    }
    return 1;
  }
  default:
    return 1; /* true, false, null */
  }
}

static uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

static uint64_t bytes_hash(const char *s, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
  return mix(h);
}

/* A hash consistent with value_eq (1 and 1.0 alike, key order ignored);
 * levels past the cap are left out, value_eq settles them. */
static uint64_t value_hash(vctx *v, const json_t *j, unsigned depth) {
  if (depth > CVX_SCHEMA_MAX_DEPTH || !spend(v, 1)) return 0x5ca1ab1eULL;
  switch (json_typeof(j)) {
  case JSON_OBJECT: {
    uint64_t h = 0x0b1ec7ULL;
    for (void *it = json_object_iter((json_t *)j); it; it = json_object_iter_next((json_t *)j, it))
      h += mix(bytes_hash(json_object_iter_key(it), json_object_iter_key_len(it)) ^
               (value_hash(v, json_object_iter_value(it), depth + 1) * 31));
    return mix(h);
  }
  case JSON_ARRAY: {
    uint64_t h = 0xa77a7ULL;
    for (size_t i = 0; i < json_array_size(j); i++)
      h = mix(h ^ value_hash(v, json_array_get(j, i), depth + 1));
    return h;
  }
  case JSON_STRING:
    return bytes_hash(json_string_value(j), json_string_length(j)) ^ 0x57ULL;
  case JSON_INTEGER:
    return mix((uint64_t)json_integer_value(j) ^ 0x4e554dULL);
  case JSON_REAL: {
    double d = json_real_value(j);
    if (floor(d) == d && d >= -9223372036854775808.0 && d < 9223372036854775808.0)
      return mix((uint64_t)(json_int_t)d ^ 0x4e554dULL);
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return mix(bits);
  }
  case JSON_TRUE:
    return 0x7e;
  case JSON_FALSE:
    return 0xfa;
  default:
    return 0x00;
  }
}

typedef struct hashed {
  uint64_t h;
  size_t i;
} hashed;

static int hashed_cmp(const void *a, const void *b) {
  const hashed *x = a, *y = b;
  if (x->h != y->h) return x->h < y->h ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* 1 when all items differ, 0 with the first equal pair in *a < *b, -1 gave up.
 * Sorting by hash keeps it O(n log n) on long arrays. */
static int all_unique(vctx *v, const json_t *arr, size_t *a, size_t *b) {
  size_t n = json_array_size(arr);
  if (n < 2) return 1;
  hashed *hs = cvx_xmalloc(n * sizeof *hs);
  for (size_t i = 0; i < n; i++) hs[i] = (hashed){value_hash(v, json_array_get(arr, i), 1), i};
  int res = 1;
  if (v->stop) res = -1;
  else qsort(hs, n, sizeof *hs, hashed_cmp);
  for (size_t i = 0; res == 1 && i < n; i++) {
    for (size_t j = i + 1; res == 1 && j < n && hs[j].h == hs[i].h; j++) {
      int r = value_eq(v, json_array_get(arr, hs[i].i), json_array_get(arr, hs[j].i), 1);
      if (r == 1) {
        *a = hs[i].i;
        *b = hs[j].i;
        res = 0;
      } else if (r < 0) {
        res = -1;
      }
    }
  }
  free(hs);
  return res;
}

static bool is_integral(const json_t *in) {
  if (json_is_integer(in)) return true;
  if (!json_is_real(in)) return false;
  double d = json_real_value(in);
  return isfinite(d) && floor(d) == d;
}

static bool type_is(const json_t *in, const char *t) {
  switch (json_typeof(in)) {
  case JSON_OBJECT: return !strcmp(t, "object");
  case JSON_ARRAY: return !strcmp(t, "array");
  case JSON_STRING: return !strcmp(t, "string");
  case JSON_INTEGER: return !strcmp(t, "integer") || !strcmp(t, "number");
  case JSON_REAL: return !strcmp(t, "number") || (!strcmp(t, "integer") && is_integral(in));
  case JSON_TRUE:
  case JSON_FALSE: return !strcmp(t, "boolean");
  default: return !strcmp(t, "null");
  }
}

static const char *type_of(const json_t *in) {
  switch (json_typeof(in)) {
  case JSON_OBJECT: return "an object";
  case JSON_ARRAY: return "an array";
  case JSON_STRING: return "a string";
  case JSON_INTEGER: return "an integer";
  case JSON_REAL: return "a number";
  case JSON_TRUE:
  case JSON_FALSE: return "a boolean";
  default: return "null";
  }
}

/* Lists a short enum of strings ("a", "b" or "c") for a message; false when
 * the enum is long or holds other values. */
static bool enum_list(const json_t *e, char *out, size_t outsz) {
  size_t n = json_array_size(e), o = 0;
  if (n == 0 || n > 6) return false;
  for (size_t i = 0; i < n; i++)
    if (!json_is_string(json_array_get(e, i))) return false;
  out[0] = '\0';
  for (size_t i = 0; i < n; i++) {
    const json_t *s = json_array_get(e, i);
    char q[40];
    quote(q, sizeof q, json_string_value(s), json_string_length(s));
    int r = snprintf(out + o, outsz - o, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", q);
    if (r < 0 || (size_t)r >= outsz - o) return false;
    o += (size_t)r;
  }
  return true;
}

/* ---- keywords, grouped by the instance type they apply to */

static bool check_any(vctx *v, const snode *nd, const json_t *in) {
  bool ok = true;
  const json_t *k;
  if ((k = nd->k[K_type])) {
    bool match = false;
    char want[96] = "";
    if (json_is_string(k)) {
      match = type_is(in, json_string_value(k));
    } else if (json_is_array(k)) {
      size_t i;
      json_t *t;
      json_array_foreach(k, i, t) {
        if (json_is_string(t) && type_is(in, json_string_value(t))) {
          match = true;
          break;
        }
      }
    } else {
      match = true;
    }
    if (!match && loud(v)) { /* the message names the wanted types */
      if (json_is_string(k)) {
        snprintf(want, sizeof want, "%s", json_string_value(k));
      } else {
        size_t i, w = 0;
        json_t *t;
        json_array_foreach(k, i, t) {
          if (!json_is_string(t)) continue;
          if (w < sizeof want) {
            int r = snprintf(want + w, sizeof want - w, "%s%s", w ? " or " : "", json_string_value(t));
            w = r < 0 ? sizeof want : w + (size_t)r;
          }
        }
      }
    }
    if (!match) FAIL("type", "must be %s, not %s", want, type_of(in));
  }
  if ((k = nd->k[K_enum]) && json_is_array(k)) {
    bool found = false;
    for (size_t i = 0; i < json_array_size(k) && !found; i++) {
      int r = value_eq(v, json_array_get(k, i), in, 0);
      if (r < 0) return false;
      found = r == 1;
    }
    if (!found) {
      char list[200];
      if (!enum_list(k, list, sizeof list))
        snprintf(list, sizeof list, "the %zu allowed values", json_array_size(k));
      FAIL("enum", "must be one of %s", list);
    }
  }
  if ((k = nd->k[K_const])) {
    int r = value_eq(v, k, in, 0);
    if (r < 0) return false;
    if (r == 0) FAIL("const", "must equal the constant value");
  }
  return ok;
}

static bool check_string(vctx *v, const snode *nd, const json_t *in) {
  bool ok = true;
  const json_t *k;
  const char *s = json_string_value(in);
  size_t n = json_string_length(in), lim, cps = 0;
  char q[80];
  if (nd->k[K_minLength] || nd->k[K_maxLength])
    for (size_t i = 0; i < n; i++) cps += ((unsigned char)s[i] & 0xC0) != 0x80;
  if ((k = nd->k[K_minLength]) && get_count(k, &lim) && cps < lim)
    FAIL("minLength", "must be at least %zu characters long, not %zu", lim, cps);
  if ((k = nd->k[K_maxLength]) && get_count(k, &lim) && cps > lim)
    FAIL("maxLength", "must be at most %zu characters long, not %zu", lim, cps);
  if ((k = nd->k[K_pattern]) && json_is_string(k)) {
    int r = rx_match(v->s, nd->pat, json_string_value(k), json_string_length(k), s, n, &v->md, 0);
    if (r == RX_GAVEUP && !spend(v, RX_GIVEUP_COST)) return false;
    if (r != RX_MATCH) {
      quote(q, sizeof q, json_string_value(k), json_string_length(k));
      if (r == RX_NOMATCH) FAIL("pattern", "does not match the pattern %s", q);
      else if (r == RX_GAVEUP) FAIL("pattern", "could not be matched against %s (regex limit)", q);
      else FAIL("pattern", "the pattern %s is not a valid regular expression", q);
    }
  }
  if ((k = nd->k[K_format]) && json_is_string(k) &&
      !format_ok(json_string_value(k), s, n)) {
    quote(q, sizeof q, s, n);
    FAIL("format", "%s is not a valid %s", q, json_string_value(k));
  }
  return ok;
}

static bool check_number(vctx *v, const snode *nd, const json_t *in) {
  bool ok = true;
  const json_t *k;
  if ((k = nd->k[K_minimum]) && json_is_number(k) && num_cmp(in, k) < 0)
    FAIL("minimum", "must be at least %.17g", json_number_value(k));
  if ((k = nd->k[K_maximum]) && json_is_number(k) && num_cmp(in, k) > 0)
    FAIL("maximum", "must be at most %.17g", json_number_value(k));
  if ((k = nd->k[K_exclusiveMinimum]) && json_is_number(k) && num_cmp(in, k) <= 0)
    FAIL("exclusiveMinimum", "must be greater than %.17g", json_number_value(k));
  if ((k = nd->k[K_exclusiveMaximum]) && json_is_number(k) && num_cmp(in, k) >= 0)
    FAIL("exclusiveMaximum", "must be less than %.17g", json_number_value(k));
  if ((k = nd->k[K_multipleOf]) && json_is_number(k) && json_number_value(k) > 0) {
    bool multiple;
    if (json_is_integer(in) && json_is_integer(k)) {
      multiple = json_integer_value(in) % json_integer_value(k) == 0;
    } else {
      double q = json_number_value(in) / json_number_value(k);
      multiple = isfinite(q) && fabs(q - nearbyint(q)) < 1e-9;
    }
    if (!multiple) FAIL("multipleOf", "must be a multiple of %.17g", json_number_value(k));
  }
  return ok;
}

static bool check_array(vctx *v, const snode *nd, const json_t *in, unsigned depth) {
  bool ok = true;
  const json_t *k, *items = nd->k[K_items];
  size_t n = json_array_size(in), lim;
  if (json_is_array(items)) {
    size_t tuple = json_array_size(items);
    for (size_t i = 0; i < n && i < tuple; i++)
      SUB(check_at(v, json_array_get(items, i), json_array_get(in, i), depth, "items", NULL, 0,
                   i, NULL, 0, i));
    const json_t *extra = nd->k[K_additionalItems];
    if (n > tuple && json_is_false(extra)) {
      FAIL("additionalItems", "must have at most %zu items, not %zu", tuple, n);
    } else if (n > tuple && json_is_object(extra)) {
      for (size_t i = tuple; i < n; i++)
        SUB(check_at(v, extra, json_array_get(in, i), depth, "additionalItems", NULL, 0,
                     SIZE_MAX, NULL, 0, i));
    }
  } else if (items) {
    for (size_t i = 0; i < n; i++)
      SUB(check_at(v, items, json_array_get(in, i), depth, "items", NULL, 0, SIZE_MAX, NULL, 0,
                   i));
  }
  if ((k = nd->k[K_minItems]) && get_count(k, &lim) && n < lim)
    FAIL("minItems", "must have at least %zu items, not %zu", lim, n);
  if ((k = nd->k[K_maxItems]) && get_count(k, &lim) && n > lim)
    FAIL("maxItems", "must have at most %zu items, not %zu", lim, n);
  if ((k = nd->k[K_uniqueItems]) && json_is_true(k)) {
    size_t a = 0, b = 0;
    int r = all_unique(v, in, &a, &b);
    if (r < 0) return false; /* halted */
    if (r == 0) FAIL("uniqueItems", "items %zu and %zu are equal; items must be unique", a, b);
  }
  if ((k = nd->k[K_contains])) {
    bool found = false;
    for (size_t i = 0; i < n && !found; i++) found = probe(v, k, json_array_get(in, i), depth);
    if (v->stop) return false;
    if (!found) FAIL("contains", "no item matches the \"contains\" schema");
  }
  return ok;
}

static bool check_object(vctx *v, const snode *nd, const json_t *in, unsigned depth) {
  bool ok = true;
  const json_t *k;
  const json_t *props = nd->k[K_properties];
  const json_t *pprops = nd->k[K_patternProperties];
  const json_t *extra = nd->k[K_additionalProperties];
  const json_t *names = nd->k[K_propertyNames];
  size_t lim, n = json_object_size(in);
  char q[80];
  if (!json_is_object(props)) props = NULL;
  if (!json_is_object(pprops)) pprops = NULL;
  if (!json_is_object(extra) && !json_is_boolean(extra)) extra = NULL;

  if ((k = nd->k[K_required]) && json_is_array(k)) {
    for (size_t i = 0; i < json_array_size(k); i++) {
      const json_t *r = json_array_get(k, i);
      if (!json_is_string(r) ||
          json_object_getn(in, json_string_value(r), json_string_length(r)))
        continue;
      quote(q, sizeof q, json_string_value(r), json_string_length(r));
      FAIL("required", "missing required property %s", q);
    }
  }
  if (props) {
    for (void *it = json_object_iter((json_t *)props); it;
         it = json_object_iter_next((json_t *)props, it)) {
      const char *key = json_object_iter_key(it);
      size_t klen = json_object_iter_key_len(it);
      const json_t *val = json_object_getn(in, key, klen);
      if (val)
        SUB(check_at(v, json_object_iter_value(it), val, depth, "properties", key, klen,
                     SIZE_MAX, key, klen, SIZE_MAX));
    }
  }
  if (pprops || extra || names) {
    for (void *it = json_object_iter((json_t *)in); it;
         it = json_object_iter_next((json_t *)in, it)) {
      const char *key = json_object_iter_key(it);
      size_t klen = json_object_iter_key_len(it);
      const json_t *val = json_object_iter_value(it);
      bool matched = props && json_object_getn(props, key, klen);
      if (pprops) {
        for (void *pt = json_object_iter((json_t *)pprops); pt;
             pt = json_object_iter_next((json_t *)pprops, pt)) {
          const char *pat = json_object_iter_key(pt);
          size_t plen = json_object_iter_key_len(pt);
          int r = rx_match(v->s, NULL, pat, plen, key, klen, &v->md, 0);
          if (r == RX_MATCH) {
            matched = true;
            SUB(check_at(v, json_object_iter_value(pt), val, depth, "patternProperties", pat,
                         plen, SIZE_MAX, key, klen, SIZE_MAX));
          } else if (r != RX_NOMATCH) {
            if (r == RX_GAVEUP && !spend(v, RX_GIVEUP_COST)) return false;
            size_t ilen = v->ipath.n;
            if (loud(v)) pp_push(&v->ipath, key, klen, false);
            quote(q, sizeof q, pat, plen);
            FAIL("patternProperties", "property name could not be matched against %s", q);
            v->ipath.n = ilen;
          }
        }
      }
      if (!matched && json_is_false(extra)) {
        size_t ilen = v->ipath.n;
        if (loud(v)) pp_push(&v->ipath, key, klen, false);
        quote(q, sizeof q, key, klen);
        FAIL("additionalProperties", "property %s is not allowed", q);
        v->ipath.n = ilen;
      } else if (!matched && json_is_object(extra)) {
        SUB(check_at(v, extra, val, depth, "additionalProperties", NULL, 0, SIZE_MAX, key, klen,
                     SIZE_MAX));
      }
      if (names) {
        json_t *name = json_stringn_nocheck(key, klen);
        if (!name) {
          fprintf(stderr, "cvx: out of memory (json string)\n");
          abort();
        }
        bool good = check_at(v, names, name, depth, "propertyNames", NULL, 0, SIZE_MAX, key, klen,
                             SIZE_MAX);
        json_decref(name);
        SUB(good);
      }
    }
  }
  if ((k = nd->k[K_minProperties]) && get_count(k, &lim) && n < lim)
    FAIL("minProperties", "must have at least %zu properties, not %zu", lim, n);
  if ((k = nd->k[K_maxProperties]) && get_count(k, &lim) && n > lim)
    FAIL("maxProperties", "must have at most %zu properties, not %zu", lim, n);
  if ((k = nd->k[K_dependencies]) && json_is_object(k)) {
    for (void *it = json_object_iter((json_t *)k); it; it = json_object_iter_next((json_t *)k, it)) {
      const char *key = json_object_iter_key(it);
      size_t klen = json_object_iter_key_len(it);
      const json_t *dep = json_object_iter_value(it);
      if (!json_object_getn(in, key, klen)) continue;
      if (json_is_array(dep)) {
        for (size_t i = 0; i < json_array_size(dep); i++) {
          const json_t *r = json_array_get(dep, i);
          if (!json_is_string(r) ||
              json_object_getn(in, json_string_value(r), json_string_length(r)))
            continue;
          char q2[80];
          quote(q, sizeof q, key, klen);
          quote(q2, sizeof q2, json_string_value(r), json_string_length(r));
          FAIL("dependencies", "property %s requires property %s", q, q2);
        }
      } else {
        SUB(check_at(v, dep, in, depth, "dependencies", key, klen, SIZE_MAX, NULL, 0, SIZE_MAX));
      }
    }
  }
  return ok;
}

static bool check_logic(vctx *v, const snode *nd, const json_t *in, unsigned depth) {
  bool ok = true;
  const json_t *k;
  if ((k = nd->k[K_allOf]) && json_is_array(k)) {
    for (size_t i = 0; i < json_array_size(k); i++)
      SUB(check_at(v, json_array_get(k, i), in, depth, "allOf", NULL, 0, i, NULL, 0, SIZE_MAX));
  }
  if ((k = nd->k[K_anyOf]) && json_is_array(k)) {
    bool any = false;
    for (size_t i = 0; i < json_array_size(k) && !any; i++)
      any = probe(v, json_array_get(k, i), in, depth);
    if (v->stop) return false;
    if (!any) FAIL("anyOf", "matches none of the %zu alternatives", json_array_size(k));
  }
  if ((k = nd->k[K_oneOf]) && json_is_array(k)) {
    size_t first = SIZE_MAX, second = SIZE_MAX;
    for (size_t i = 0; i < json_array_size(k) && second == SIZE_MAX; i++) {
      if (!probe(v, json_array_get(k, i), in, depth)) continue;
      if (first == SIZE_MAX) first = i;
      else second = i;
    }
    if (v->stop) return false;
    if (first == SIZE_MAX)
      FAIL("oneOf", "matches none of the %zu alternatives", json_array_size(k));
    else if (second != SIZE_MAX)
      FAIL("oneOf", "matches alternatives %zu and %zu; exactly one must match", first, second);
  }
  if ((k = nd->k[K_not])) {
    bool matched = probe(v, k, in, depth);
    if (v->stop) return false;
    if (matched) FAIL("not", "must not match the \"not\" schema");
  }
  if ((k = nd->k[K_if])) {
    bool cond = probe(v, k, in, depth);
    if (v->stop) return false;
    const char *branch = cond ? "then" : "else";
    const json_t *sub = cond ? nd->k[K_then] : nd->k[K_else];
    if (sub) SUB(check_at(v, sub, in, depth, branch, NULL, 0, SIZE_MAX, NULL, 0, SIZE_MAX));
  }
  return ok;
}

/* Validates in against sch; reports errors unless probing. depth counts
 * subschema steps (instance levels and $ref hops) from the start. */
static bool check(vctx *v, const json_t *sch, const json_t *in, unsigned depth) {
  if (!spend(v, 1)) return false;
  if (depth > CVX_SCHEMA_MAX_DEPTH) {
    halt(v, "nested deeper than %d levels; validation stopped", CVX_SCHEMA_MAX_DEPTH);
    return false;
  }
  if (json_is_true(sch)) return true;
  if (json_is_false(sch)) {
    report(v, NULL, "no value is allowed here");
    return false;
  }
  if (!json_is_object(sch)) return true;

  snode tmp;
  const snode *nd = node_get(v->s, sch);
  if (!nd) { /* a subschema the parser did not walk (a pointer into anywhere) */
    node_fill(v->s, &tmp, sch);
    nd = &tmp;
  }
  const json_t *ref = nd->ref;
  if (ref) { /* draft-07: $ref replaces every sibling keyword */
    const json_t *t = nd->ref_target;
    if (!t) {
      char q[80];
      quote(q, sizeof q, json_string_value(ref), json_string_length(ref));
      report(v, "$ref", "$ref %s does not resolve", q);
      return false;
    }
    size_t slen = v->spath.n, base = v->sbase;
    v->sbase = v->spath.n;
    pp_push(&v->spath, nd->frag, nd->fraglen, true);
    bool ok = check(v, t, in, depth + 1);
    v->spath.n = slen;
    v->sbase = base;
    return ok;
  }

  bool ok = true;
  SUB(check_any(v, nd, in));
  switch (json_typeof(in)) {
  case JSON_STRING:
    SUB(check_string(v, nd, in));
    break;
  case JSON_INTEGER:
  case JSON_REAL:
    SUB(check_number(v, nd, in));
    break;
  case JSON_ARRAY:
    SUB(check_array(v, nd, in, depth));
    break;
  case JSON_OBJECT:
    SUB(check_object(v, nd, in, depth));
    break;
  default:
    break;
  }
  SUB(check_logic(v, nd, in, depth));
  return ok;
}

size_t cvx_schema_validate(const cvx_schema *s, const char *pointer, const json_t *instance,
                           cvx_schema_error_fn fn, void *ctx) {
  if (!s || !instance) {
    if (fn) fn(ctx, "", "#", s ? "no instance to validate" : "no schema to validate against");
    return 1;
  }
  vctx v = {.s = s, .fn = fn, .fnctx = ctx};
  pp_init(&v.ipath);
  pp_init(&v.spath);
  cvx_buf_init(&v.ibuf);
  cvx_buf_init(&v.sbuf);
  cvx_buf_init(&v.msg);
  const json_t *sch = s->root;
  size_t plen = pointer ? strlen(pointer) : 0;
  if (plen && pointer[0] == '/') {
    sch = pointer_get(s->root, pointer, plen);
    pp_push(&v.spath, "#", 1, true);
    pp_push(&v.spath, pointer, plen, true);
  } else if (plen && strcmp(pointer, "#") != 0) {
    sch = ref_resolve(s, pointer, plen, NULL, NULL);
    pp_push(&v.spath, pointer, plen, true);
  } else {
    pp_push(&v.spath, "#", 1, true);
  }
  if (!sch || (!json_is_object(sch) && !json_is_boolean(sch))) {
    char q[80];
    quote(q, sizeof q, pointer, plen);
    report(&v, NULL, "%s does not point at a schema", q);
  } else {
    (void)check(&v, sch, instance, 0);
  }
  pp_free(&v.ipath);
  pp_free(&v.spath);
  cvx_buf_free(&v.ibuf);
  cvx_buf_free(&v.sbuf);
  cvx_buf_free(&v.msg);
  if (v.md) pcre2_match_data_free(v.md);
  return v.nerr < CVX_SCHEMA_MAX_ERRORS ? v.nerr : CVX_SCHEMA_MAX_ERRORS;
}

/* ------------------------------------------- quick acceptance of cvx_sv values */

/* The quick check answers only "certainly valid": every keyword it meets is
 * one it evaluates exactly as check() does, and anything else (an unknown
 * node, a combinator, a regex giving up, a limit) makes it answer "not
 * known", so the full validator decides and reports. */
typedef struct qctx {
  const cvx_schema *s;
  pcre2_match_data *md;
  size_t work; /* counted at least as check() counts it, capped the same */
} qctx;

static bool sv_integral(const cvx_sv *in) { return isfinite(in->d) && floor(in->d) == in->d; }

/* num_cmp(in, k) for a numeric cvx_sv and a JSON number. */
static int sv_num_cmp(const cvx_sv *in, const json_t *k) {
  if (in->type == CVX_SV_INTEGER && json_is_integer(k)) {
    json_int_t x = in->i, y = json_integer_value(k);
    return x < y ? -1 : x > y;
  }
  if (in->type == CVX_SV_INTEGER) return -real_int_cmp(json_real_value(k), in->i);
  if (json_is_integer(k)) return real_int_cmp(in->d, json_integer_value(k));
  double x = in->d, y = json_real_value(k);
  return x < y ? -1 : x > y;
}

/* value_eq(k, in): 1 equal, 0 different, -1 not decided here (containers). */
static int sv_eq(const json_t *k, const cvx_sv *in) {
  bool num = in->type == CVX_SV_INTEGER || in->type == CVX_SV_REAL;
  if (num && json_is_number(k)) return sv_num_cmp(in, k) == 0;
  switch (in->type) {
  case CVX_SV_STRING:
    return json_is_string(k) && json_string_length(k) == in->len &&
           memcmp(json_string_value(k), in->str, in->len) == 0;
  case CVX_SV_TRUE: return json_is_true(k);
  case CVX_SV_FALSE: return json_is_false(k);
  case CVX_SV_NULL: return json_is_null(k);
  case CVX_SV_INTEGER:
  case CVX_SV_REAL: return 0; /* k is not a number */
  case CVX_SV_ARRAY: return json_is_array(k) ? -1 : 0;
  case CVX_SV_OBJECT: return json_is_object(k) ? -1 : 0;
  }
  return -1;
}

static bool quick(qctx *q, const json_t *sch, const cvx_sv *in, unsigned depth);

static bool quick_string(qctx *q, const snode *nd, const cvx_sv *in) {
  const json_t *k;
  size_t minl = nd->minlen, maxl = nd->maxlen;
  if (minl || maxl < SIZE_MAX) {
    /* code points, counted only as far as the limits need: up to minLength,
     * or one past maxLength */
    size_t stop = maxl < SIZE_MAX ? (maxl + 1 > minl ? maxl + 1 : minl) : minl;
    size_t cps = 0;
    for (size_t i = 0; i < in->len && cps < stop; i++)
      cps += ((unsigned char)in->str[i] & 0xC0) != 0x80;
    if (cps < minl || cps > maxl) return false;
  }
  if ((k = nd->k[K_pattern]) && json_is_string(k) &&
      !(nd->fastpat && fast_match(nd->fastpat, in->str, in->len)) &&
      rx_match(q->s, nd->pat, json_string_value(k), json_string_length(k), in->str, in->len,
               &q->md, PCRE2_NO_UTF_CHECK) != RX_MATCH) /* cvx_sv strings are UTF-8 */
    return false;
  if (nd->fmt && !format_kind_ok(nd->fmt, in->str, in->len)) return false;
  return true;
}

static bool quick_number(const snode *nd, const cvx_sv *in) {
  const json_t *k;
  if (!nd->numeric) return true;
  if ((k = nd->k[K_minimum]) && json_is_number(k) && sv_num_cmp(in, k) < 0) return false;
  if ((k = nd->k[K_maximum]) && json_is_number(k) && sv_num_cmp(in, k) > 0) return false;
  if ((k = nd->k[K_exclusiveMinimum]) && json_is_number(k) && sv_num_cmp(in, k) <= 0)
    return false;
  if ((k = nd->k[K_exclusiveMaximum]) && json_is_number(k) && sv_num_cmp(in, k) >= 0)
    return false;
  return true;
}

static bool quick_node(qctx *q, const snode *nd, const cvx_sv *in, unsigned depth);
static bool quick_enum_const(qctx *q, const snode *nd, const cvx_sv *in);

/* quick() on a subschema whose node may already be known. A string or an
 * integer whose type the node (through resolved $refs) admits is checked
 * here, with the same steps quick_node takes, saving a call per leaf. */
static inline bool quick_sub(qctx *q, const json_t *sch, const snode *nd, const cvx_sv *in,
                             unsigned depth) {
  if (!nd) return quick(q, sch, in, depth);
  if (nd->leaf & 1u << in->type) {
    unsigned hops = nd->ref ? nd->hops : 0;
    const snode *t = nd->ref ? nd->final : nd;
    q->work += hops + 1;
    if (q->work > WORK_BUDGET / 2 || depth + hops > CVX_SCHEMA_MAX_DEPTH) return false;
    if (t->enum_const && !quick_enum_const(q, t, in)) return false;
    if (in->type != CVX_SV_STRING) /* an integer */
      return t->int_floor ? in->i >= json_integer_value(t->k[K_minimum]) : quick_number(t, in);
    /* at most "minLength": 1: a first byte that starts a character is enough */
    if (t->short_min && (t->minlen == 0 || (in->len && ((unsigned char)in->str[0] & 0xC0) != 0x80)))
      return true;
    return quick_string(q, t, in);
  }
  return quick_node(q, nd, in, depth);
}

static bool same_key(const qkey *k, const char *s, size_t n) {
  return k->n == n && (n == 0 || (k->s[0] == s[0] && memcmp(k->s, s, n) == 0));
}

static NOINLINE bool quick_array(qctx *q, const snode *nd, const cvx_sv *in, unsigned depth) {
  const json_t *items = nd->k[K_items]; /* never an array here (see quick_keyword) */
  if (in->n < nd->minitems || in->n > nd->maxitems) return false;
  if (items)
    for (const cvx_sv *it = in->head; it; it = it->next)
      if (!quick_sub(q, items, nd->items_node, it, depth + 1)) return false;
  return true;
}

/* The index in nd->props of the property named k[0,n), or -1. */
static int prop_find(const snode *nd, const char *k, size_t n) {
  if (!nd->pidx) return -1;
  for (size_t h = key_hash(k, n) & nd->pmask, j; (j = nd->pidx[h]); h = (h + 1) & nd->pmask)
    if (same_key(&nd->props[j - 1], k, n)) return (int)j - 1;
  return -1;
}

static NOINLINE bool quick_object(qctx *q, const snode *nd, const cvx_sv *in, unsigned depth) {
  const json_t *props = nd->k[K_properties];
  const json_t *extra = nd->k[K_additionalProperties];
  if (!json_is_object(props)) props = NULL;
  if (!json_is_object(extra) && !json_is_boolean(extra)) extra = NULL;
  if (in->n < nd->minprops || in->n > nd->maxprops) return false;
  if (!nd->req_in_props) {
    for (size_t i = 0; i < nd->nreq; i++) {
      const cvx_sv *m = in->head;
      while (m && !same_key(&nd->req[i], m->key, m->keylen)) m = m->next;
      if (!m) return false;
    }
  }
  /* each member meets its property's schema, or additionalProperties: the
   * same checks check_object makes, member by member */
  uint64_t found = 0; /* the props met, for the required ones */
  for (const cvx_sv *m = in->head; m; m = m->next) {
    const json_t *sub = NULL;
    const snode *subnd = NULL;
    if (nd->props) {
      int i = prop_find(nd, m->key, m->keylen);
      if (i >= 0) {
        sub = nd->props[i].sch;
        subnd = nd->props[i].node;
        found |= (uint64_t)1 << i;
      }
    } else if (props) {
      sub = json_object_getn(props, m->key, m->keylen);
    }
    if (!sub) {
      if (json_is_false(extra)) return false;
      if (!json_is_object(extra)) continue;
      sub = extra;
      subnd = nd->extra_node;
    }
    if (!quick_sub(q, sub, subnd, m, depth + 1)) return false;
  }
  return !nd->req_in_props || (found & nd->req_mask) == nd->req_mask;
}

/* check() for a cvx_sv, answering only "certainly valid" (true). */
static bool quick(qctx *q, const json_t *sch, const cvx_sv *in, unsigned depth) {
  if (!json_is_object(sch)) /* true, or not a schema: valid, as in check() */
    return !json_is_false(sch) && ++q->work <= WORK_BUDGET / 2 && depth <= CVX_SCHEMA_MAX_DEPTH;
  const snode *nd = node_get(q->s, sch);
  return nd && quick_node(q, nd, in, depth);
}

/* enum and const (rare), apart so that quick_node stays small. */
static NOINLINE bool quick_enum_const(qctx *q, const snode *nd, const cvx_sv *in) {
  const json_t *k;
  if (nd->enums) { /* an enum of strings */
    bool found = false;
    for (size_t i = 0; i < nd->nenums && !found; i++)
      found = in->type == CVX_SV_STRING && same_key(&nd->enums[i], in->str, in->len);
    q->work += nd->nenums;
    if (!found) return false;
  } else if ((k = nd->k[K_enum]) && json_is_array(k)) {
    bool found = false;
    for (size_t i = 0; i < json_array_size(k) && !found; i++) {
      int r = sv_eq(json_array_get(k, i), in);
      if (r < 0) return false;
      found = r == 1;
    }
    q->work += json_array_size(k);
    if (!found) return false;
  }
  if ((k = nd->k[K_const])) {
    q->work++;
    if (sv_eq(k, in) != 1) return false;
  }
  return true;
}

static bool quick_node(qctx *q, const snode *nd, const cvx_sv *in, unsigned depth) {
  if (nd->ref) { /* each $ref hop counts as a step, as in check() */
    if (!nd->final) {
      if (++q->work > WORK_BUDGET / 2 || depth > CVX_SCHEMA_MAX_DEPTH) return false;
      return nd->ref_target && quick(q, nd->ref_target, in, depth + 1);
    }
    q->work += nd->hops;
    depth += nd->hops;
    nd = nd->final;
  }
  if (++q->work > WORK_BUDGET / 2 || depth > CVX_SCHEMA_MAX_DEPTH) return false;
  if (!nd->quick) return false;
  if (!(nd->tmask & 1u << in->type) &&
      !(in->type == CVX_SV_REAL && (nd->tmask & TM_INTREAL) && sv_integral(in)))
    return false;
  if (nd->enum_const && !quick_enum_const(q, nd, in)) return false;
  switch (in->type) {
  case CVX_SV_STRING: return quick_string(q, nd, in);
  case CVX_SV_INTEGER:
  case CVX_SV_REAL: return quick_number(nd, in);
  case CVX_SV_ARRAY: return quick_array(q, nd, in, depth);
  case CVX_SV_OBJECT: return quick_object(q, nd, in, depth);
  default: return true;
  }
}

/* The schema at "#/definitions/<name>" when pointer is that plain form (no
 * escapes), found in the table made at parse time; else what pointer_get
 * finds. */
static const json_t *definition_get(const cvx_schema *s, const char *pointer, size_t plen) {
  static const char pre[] = "#/definitions/";
  const size_t np = sizeof pre - 1;
  if (plen > np && memcmp(pointer, pre, np) == 0) {
    const char *name = pointer + np;
    size_t n = plen - np;
    bool plain = true; /* no '/', '~' or '%' to decode */
    for (size_t i = 0; i < n && plain; i++) plain = name[i] != '/' && name[i] != '~' && name[i] != '%';
    if (plain) {
      if (!s->ndslots) return NULL;
      for (size_t h = key_hash(name, n) & (s->ndslots - 1), k; (k = s->dslots[h]);
           h = (h + 1) & (s->ndslots - 1))
        if (s->defs[k - 1].len == n && memcmp(s->defs[k - 1].name, name, n) == 0)
          return s->defs[k - 1].sch;
      return NULL;
    }
  }
  return ref_resolve(s, pointer, plen, NULL, NULL);
}

const json_t *cvx_schema_subschema(const cvx_schema *s, const char *pointer) {
  if (!s) return NULL;
  const json_t *sch = s->root;
  size_t plen = pointer ? strlen(pointer) : 0;
  if (plen && pointer[0] == '/') sch = pointer_get(s->root, pointer, plen);
  else if (plen && pointer[0] == '#' && plen > 1) sch = definition_get(s, pointer, plen);
  else if (plen && strcmp(pointer, "#") != 0) sch = ref_resolve(s, pointer, plen, NULL, NULL);
  return sch;
}

bool cvx_schema_accepts(const cvx_schema *s, const char *pointer, const cvx_sv *v) {
  if (!s || !v) return false;
  return cvx_schema_accepts_sub(s, cvx_schema_subschema(s, pointer), v);
}

bool cvx_schema_accepts_sub(const cvx_schema *s, const json_t *sch, const cvx_sv *v) {
  if (!s || !v) return false;
  if (!sch || (!json_is_object(sch) && !json_is_boolean(sch))) return false;
  qctx q = {.s = s};
  bool ok = quick(&q, sch, v, 0);
  if (q.md) pcre2_match_data_free(q.md);
  return ok;
}

static json_t *must(json_t *j) {
  if (!j) {
    fprintf(stderr, "cvx: out of memory (json value)\n");
    abort();
  }
  return j;
}

static json_t *sv_json(const cvx_sv *v, unsigned depth) {
  if (depth > CVX_SCHEMA_MAX_DEPTH) return NULL;
  switch (v->type) {
  case CVX_SV_NULL: return json_null();
  case CVX_SV_FALSE: return json_false();
  case CVX_SV_TRUE: return json_true();
  case CVX_SV_INTEGER: return must(json_integer(v->i));
  case CVX_SV_REAL: return json_real(v->d); /* NULL for a non-finite value */
  case CVX_SV_STRING: return must(json_stringn_nocheck(v->str, v->len));
  case CVX_SV_ARRAY: {
    json_t *a = must(json_array());
    for (const cvx_sv *it = v->head; it; it = it->next) {
      json_t *e = sv_json(it, depth + 1);
      if (!e) {
        json_decref(a);
        return NULL;
      }
      json_array_append_new(a, e);
    }
    return a;
  }
  case CVX_SV_OBJECT: {
    json_t *o = must(json_object());
    for (const cvx_sv *m = v->head; m; m = m->next) {
      json_t *e = sv_json(m, depth + 1);
      if (!e) {
        json_decref(o);
        return NULL;
      }
      json_object_setn_new_nocheck(o, m->key, m->keylen, e);
    }
    return o;
  }
  }
  return NULL;
}

json_t *cvx_sv_to_json(const cvx_sv *v) { return v ? sv_json(v, 0) : NULL; }
