/* fuzz_json.h — a strict JSON syntax check (RFC 8259, UTF-8) for the fuzz
 * targets that check that what cvx wrote is JSON: it builds no tree and
 * allocates nothing, where json_loadb made a jansson object for every node
 * (a tenth to a quarter of those targets' time). It accepts what json_loadb
 * with no flags accepts (an object or array, \u0000 refused, surrogates
 * paired, UTF-8 in shortest form), but for numbers too big for jansson's
 * integer or double; fuzz_validate parses its json report with both and
 * aborts when they disagree. The check is test code, not code under test:
 * it reads only inside [buf, buf + len) by its own bounds, so it is left out
 * of ASan and UBSan (JSCAN; and out of coverage tracing, coverage-ignore.txt)
 * and compares its literals byte by byte (memcmp's interceptor would hand
 * "true", "false" and "null" to the fuzzer's dictionary for every input):
 * instrumented, it was a tenth of fuzz_validate's time. */
#ifndef CVX_FUZZ_JSON_H
#define CVX_FUZZ_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define JSCAN static __attribute__((no_sanitize("address", "undefined")))

typedef struct jscan {
  const unsigned char *p, *end;
  int depth;
} jscan;

JSCAN void j_ws(jscan *j) {
  while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) j->p++;
}

JSCAN int j_hex4(jscan *j) { /* the code unit of \uXXXX (after the u), or -1 */
  if (j->end - j->p < 4) return -1;
  int v = 0;
  for (int i = 0; i < 4; i++) {
    unsigned c = j->p[i];
    int d = c >= '0' && c <= '9' ? (int)c - '0' : c >= 'a' && c <= 'f' ? (int)c - 'a' + 10
          : c >= 'A' && c <= 'F' ? (int)c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  j->p += 4;
  return v;
}

/* One UTF-8 sequence starting at j->p (not ASCII): shortest form, no
 * surrogates, at most U+10FFFF. */
JSCAN bool j_utf8(jscan *j) {
  const unsigned char *s = j->p;
  size_t left = (size_t)(j->end - s);
  unsigned c = s[0], lo = 0x80, hi = 0xBF;
  size_t n;
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else
    return false;
  if (left < n || s[1] < lo || s[1] > hi) return false;
  for (size_t i = 2; i < n; i++)
    if (s[i] < 0x80 || s[i] > 0xBF) return false;
  j->p += n;
  return true;
}

JSCAN bool j_string(jscan *j) { /* at '"' */
  j->p++;
  while (j->p < j->end) {
    unsigned c = *j->p;
    if (c == '"') {
      j->p++;
      return true;
    }
    if (c < 0x20) return false;
    if (c >= 0x80) {
      if (!j_utf8(j)) return false;
      continue;
    }
    j->p++;
    if (c != '\\') continue;
    if (j->p >= j->end) return false;
    c = *j->p++;
    if (c == 'u') {
      int u = j_hex4(j);
      if (u <= 0 || (u >= 0xDC00 && u <= 0xDFFF)) return false; /* \u0000 or a lone low surrogate */
      if (u >= 0xD800 && u <= 0xDBFF) { /* a high surrogate needs its low one */
        if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u') return false;
        j->p += 2;
        int l = j_hex4(j);
        if (l < 0xDC00 || l > 0xDFFF) return false;
      }
    } else if (!strchr("\"\\/bfnrt", (int)c) || !c) {
      return false;
    }
  }
  return false;
}

JSCAN bool j_digits(jscan *j) {
  const unsigned char *s = j->p;
  while (j->p < j->end && *j->p >= '0' && *j->p <= '9') j->p++;
  return j->p > s;
}

JSCAN bool j_number(jscan *j) {
  if (j->p < j->end && *j->p == '-') j->p++;
  if (j->p < j->end && *j->p == '0') j->p++;
  else if (!j_digits(j)) return false;
  if (j->p < j->end && *j->p == '.') {
    j->p++;
    if (!j_digits(j)) return false;
  }
  if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
    j->p++;
    if (j->p < j->end && (*j->p == '+' || *j->p == '-')) j->p++;
    if (!j_digits(j)) return false;
  }
  return true;
}

JSCAN bool j_value(jscan *j) {
  j_ws(j);
  if (j->p >= j->end) return false;
  unsigned c = *j->p;
  if (c == '{' || c == '[') {
    if (++j->depth > 2048) return false; /* jansson's depth limit */
    unsigned close = c == '{' ? '}' : ']';
    j->p++;
    j_ws(j);
    if (j->p < j->end && *j->p == close) {
      j->p++;
      j->depth--;
      return true;
    }
    for (;;) {
      if (c == '{') {
        j_ws(j);
        if (j->p >= j->end || *j->p != '"' || !j_string(j)) return false;
        j_ws(j);
        if (j->p >= j->end || *j->p++ != ':') return false;
      }
      if (!j_value(j)) return false;
      j_ws(j);
      if (j->p >= j->end) return false;
      if (*j->p == ',') {
        j->p++;
        continue;
      }
      if (*j->p++ != close) return false;
      j->depth--;
      return true;
    }
  }
  if (c == '"') return j_string(j);
  static const char *const lits[] = {"true", "false", "null"};
  for (size_t i = 0; i < 3; i++) {
    size_t n = 0;
    while (lits[i][n] && j->p + n < j->end && j->p[n] == (unsigned char)lits[i][n]) n++;
    if (!lits[i][n]) {
      j->p += n;
      return true;
    }
  }
  return j_number(j);
}

/* Whether buf is one JSON object or array and nothing but white space after
 * it (what json_loadb with no flags accepts). */
__attribute__((no_sanitize("address", "undefined"))) static inline bool json_syntax_ok(const char *buf, size_t len) {
  jscan j = {(const unsigned char *)buf, (const unsigned char *)buf + len, 0};
  j_ws(&j);
  if (j.p >= j.end || (*j.p != '{' && *j.p != '[')) return false;
  if (!j_value(&j)) return false;
  j_ws(&j);
  return j.p == j.end;
}

#endif
