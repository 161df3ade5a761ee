/* dates.c — the one date grammar: finds dates and ranges in loose CV text
 * ("Nov. 2018 – Present", "2012.9 - 2016.6", "2018年11月-至今") and writes them
 * as ISO 8601 partials. A hand-written scanner with bounded lookahead: linear. */
#include "grammar.h"
#include "swar.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

/* Decisions the grammar makes (MAPPING.md, "Values: Dates", is the contract):
 * - Years run 1950–2099; two-digit years ('18, MM/YY) read 50–99 as 19xx.
 * - A number glued to other digits or symbols is not a date: 2025.110322,
 *   2073-4441, /2021/, 10:30, $2000, a year after "pp."/"vol."/"no.", 1990s.
 * - DD/MM/YYYY and MM/DD/YYYY: a first part over 12 is the day; else a second
 *   part over 12 makes it US month/day; else day-first (European).
 * - YYYY-NN and YYYY.NN are year-month when NN is a month (2011-12 is
 *   December 2011); YYYY/NN is the academic year when NN follows YYYY
 *   (2015/16), else year-month (2018/11). YYYY-NN with NN no month is a short
 *   range (2019-20, 1971-83: at most 30 years).
 * - 'YY alone and MM/YY only count inside a range (MM/YY with MM/YY on both ends);
 *   a month or season without a year only as a range start ("Jan–Mar 2020";
 *   "Nov – Feb 2020" starts in 2019).
 * - Open end: Present/Now/current/ongoing/today/date/onwards, "X (and)
 *   onward(s)/forward(s)" (any case),
 *   至今/今/现在/目前, "since X" (seit, desde, depuis) and "from X" without an end, and a dangling dash:
 *   glued to the date and followed by space or the line end ("2018-   X"), or
 *   followed by nothing but ")" "]" "|" ":" ";" "," "*" "_" "<" ("May 2017 - )").
 *   "2012 - Title" is a single date.
 * - A range whose end is before its start is no range: its start stands alone.
 * - "expected"/"anticipated"/"exp." before or after (in brackets or not) sets
 *   expected; a single expected date fills end, not start.
 * - mstart/mend cover the prefix word (since/from/expected), both ends, the
 *   qualifier, and brackets when they wrap the whole date: "(2012-present)". */

enum {
  PF_YY = 1,      /* a bare 'YY: only inside a range */
  PF_MMYY = 2,    /* MM/YY: only in a range with MM/YY on the other end */
  PF_NOYEAR = 4,  /* a month or season without a year: only as a range start */
  PF_NUMEND = 8,  /* the point ends in a digit */
  PF_BARE = 16    /* a year alone (possibly a season): may open 2015/16, 2019-20 */
};

typedef struct point {
  int y, m, d;
  unsigned flags;
  size_t b, e; /* byte offsets of the point text */
} point;

#define WS_CAP 16 /* most spaces skipped between the parts of a range */

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool is_alnum(unsigned char c) { return is_digit(c) || is_alpha(c); }
static int to_lower(unsigned char c) { return is_upper(c) ? c + 32 : c; }
static bool in_set(const char *set, char c) { return c && strchr(set, c); }

/* True when the bytes of lit start at s[i]. */
static bool has(const char *s, size_t n, size_t i, const char *lit) {
  if (lit[0] && (i >= n || s[i] != lit[0])) return false; /* the usual answer, cheaply */
  size_t l = strlen(lit);
  return i <= n && l <= n - i && memcmp(s + i, lit, l) == 0;
}

/* The length of the digit run at s[i], counting at most 7 (7 = too long for
 * any date part); *val holds its value when the run is shorter. */
static size_t digit_run(const char *s, size_t n, size_t i, int *val) {
  size_t l = 0;
  int v = 0;
  while (i + l < n && is_digit((unsigned char)s[i + l]) && l < 7) {
    v = v * 10 + (s[i + l] - '0');
    l++;
  }
  *val = v;
  return l;
}

/* Skips spaces, tabs and no-break/thin/ideographic spaces, at most cap bytes;
 * never a newline. */
static size_t skip_sp(const char *s, size_t n, size_t i, size_t cap) {
  size_t start = i;
  while (i < n && i - start < cap) {
    if (s[i] == ' ' || s[i] == '\t') i++;
    else if ((unsigned char)s[i] < 0xc2) break; /* no other space starts so */
    else if (has(s, n, i, "\xc2\xa0")) i += 2;
    else if (has(s, n, i, "\xe2\x80\x89") || has(s, n, i, "\xe2\x80\xaf") ||
             has(s, n, i, "\xe3\x80\x80"))
      i += 3;
    else break;
  }
  return i;
}

/* Matches the ASCII word w case-insensitively at s[i], ending at a non-letter.
 * Returns the end, or 0. */
static size_t word_ci(const char *s, size_t n, size_t i, const char *w) {
  /* most calls fail on the first letter: no strlen for those */
  if (i >= n || to_lower((unsigned char)s[i]) != to_lower((unsigned char)w[0])) return 0;
  size_t l = strlen(w);
  if (i > n || l > n - i) return 0;
  for (size_t k = 0; k < l; k++)
    if (to_lower((unsigned char)s[i + k]) != to_lower((unsigned char)w[k])) return 0;
  if (i + l < n && is_alpha((unsigned char)s[i + l])) return 0;
  return i + l;
}

/* "14 years", "2 yrs 3 mos", "11 months", "1 day" glued to the date before
 * it ("Jan, 201814 years", "Present2 yrs", "Jan, 20161 day"): text copied from a page whose
 * duration sat in an element of its own. True when s[i] starts 1-2 digits,
 * maybe a space, and a duration unit that ends there. */
static bool glued_duration(const char *s, size_t n, size_t i) {
  static const char *const units[] = {"years", "year", "yrs", "yr", "months", "month", "mos", "mo",
                                      "weeks", "week", "wks", "days", "day"};
  size_t l = 0;
  while (i + l < n && is_digit((unsigned char)s[i + l]) && l < 3) l++;
  if (l < 1 || l > 2) return false;
  size_t k = i + l;
  if (k < n && s[k] == ' ') k++;
  for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
    size_t e = word_ci(s, n, k, units[u]);
    if (e && (e >= n || !is_alpha((unsigned char)s[e]))) return true;
  }
  return false;
}

static bool year_ok(int y) { return y >= 1950 && y <= 2099; }
static int expand_yy(int yy) { return yy >= 50 ? 1900 + yy : 2000 + yy; }

static bool day_ok(int y, int m, int d) {
  static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1]) return false;
  if (m == 2 && d == 29) return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return true;
}

/* Length of an apostrophe at s[i] (' ’ ‘), or 0. */
static size_t apostrophe(const char *s, size_t n, size_t i) {
  if (i < n && s[i] == '\'') return 1;
  if (has(s, n, i, "\xe2\x80\x99") || has(s, n, i, "\xe2\x80\x98")) return 3;
  return 0;
}

/* Month names beyond English, lower case (UTF-8), with the month each
 * stands for: German, French, Spanish, Portuguese, Italian, Dutch and
 * Russian full names (Russian also in the genitive, "марта 2019") and the
 * abbreviations CVs use. Written here rather than taken from a locale
 * library: the grammar reads names inside running text, in any case, with
 * or without a dot, and has to weigh the ones that are also words. */
typedef struct month_name {
  const char *w;
  unsigned char m;
  bool word; /* also a common word ("mars", "set", "out"): lower case only before a year */
} month_name;
static const month_name foreign_months[] = {
    {"januar", 1, 0},      {"jänner", 1, 0},     {"janvier", 1, 0},    {"janv", 1, 0},      {"enero", 1, 0},
    {"ene", 1, 1},         {"janeiro", 1, 0},    {"gennaio", 1, 0},    {"gen", 1, 1},       {"januari", 1, 0},
    {"январь", 1, 0},      {"января", 1, 0},     {"янв", 1, 0},        {"februar", 2, 0},   {"février", 2, 0},
    {"févr", 2, 0},        {"fév", 2, 0},        {"febrero", 2, 0},    {"fevereiro", 2, 0}, {"fev", 2, 0},
    {"febbraio", 2, 0},    {"februari", 2, 0},   {"февраль", 2, 0},    {"февраля", 2, 0},   {"фев", 2, 0},
    {"märz", 3, 0},        {"mär", 3, 0},        {"mrz", 3, 0},        {"mars", 3, 1},      {"marzo", 3, 0},
    {"março", 3, 0},       {"maart", 3, 0},      {"mrt", 3, 0},        {"март", 3, 0},      {"марта", 3, 0},
    {"avril", 4, 0},       {"avr", 4, 0},        {"abril", 4, 0},      {"abr", 4, 0},       {"aprile", 4, 0},
    {"апрель", 4, 0},      {"апреля", 4, 0},     {"апр", 4, 0},        {"mai", 5, 1},       {"mayo", 5, 0},
    {"maio", 5, 0},        {"maggio", 5, 0},     {"mag", 5, 1},        {"mei", 5, 0},       {"май", 5, 0},
    {"мая", 5, 0},         {"juni", 6, 0},       {"juin", 6, 0},       {"junio", 6, 0},     {"junho", 6, 0},
    {"giugno", 6, 0},      {"giu", 6, 0},        {"июнь", 6, 0},       {"июня", 6, 0},      {"июн", 6, 0},
    {"juli", 7, 0},        {"juillet", 7, 0},    {"juil", 7, 0},       {"julio", 7, 0},     {"julho", 7, 0},
    {"luglio", 7, 0},      {"lug", 7, 0},        {"июль", 7, 0},       {"июля", 7, 0},      {"июл", 7, 0},
    {"août", 8, 0},        {"agosto", 8, 0},     {"ago", 8, 1},        {"augustus", 8, 0},  {"август", 8, 0},
    {"августа", 8, 0},     {"авг", 8, 0},        {"septembre", 9, 0},  {"septiembre", 9, 0}, {"setiembre", 9, 0},
    {"setembro", 9, 0},    {"settembre", 9, 0},  {"set", 9, 1},        {"сентябрь", 9, 0},  {"сентября", 9, 0},
    {"сен", 9, 0},         {"сент", 9, 0},       {"oktober", 10, 0},   {"okt", 10, 0},      {"octobre", 10, 0},
    {"octubre", 10, 0},    {"outubro", 10, 0},   {"out", 10, 1},       {"ottobre", 10, 0},  {"ott", 10, 0},
    {"октябрь", 10, 0},    {"октября", 10, 0},   {"окт", 10, 0},       {"novembre", 11, 0}, {"noviembre", 11, 0},
    {"novembro", 11, 0},   {"ноябрь", 11, 0},    {"ноября", 11, 0},    {"ноя", 11, 0},      {"нояб", 11, 0},
    {"dezember", 12, 0},   {"dez", 12, 0},       {"décembre", 12, 0},  {"déc", 12, 0},      {"diciembre", 12, 0},
    {"dic", 12, 0},        {"dezembro", 12, 0},  {"dicembre", 12, 0},  {"декабрь", 12, 0},  {"декабря", 12, 0},
    {"дек", 12, 0},
};

/* foreign_months grouped by first byte (built once): the entries starting
 * with byte b are fm_order[fm_start[b], fm_start[b + 1]) */
#define FM_COUNT (sizeof foreign_months / sizeof foreign_months[0])
static unsigned char fm_order[FM_COUNT];
static unsigned short fm_start[257];
static pthread_once_t fm_once = PTHREAD_ONCE_INIT;
static void fm_build(void) {
  for (size_t k = 0; k < FM_COUNT; k++) fm_start[(unsigned char)foreign_months[k].w[0] + 1]++;
  for (int b = 0; b < 256; b++) fm_start[b + 1] += fm_start[b];
  unsigned short fill[256];
  memcpy(fill, fm_start, sizeof fill);
  for (size_t k = 0; k < FM_COUNT; k++) fm_order[fill[(unsigned char)foreign_months[k].w[0]]++] = (unsigned char)k;
}

/* Length of the letter at s[i]: an ASCII letter, or a Latin-1 or Cyrillic
 * letter in UTF-8 (lead byte C3, D0 or D1); 0 for anything else. */
static size_t letter_len(const char *s, size_t n, size_t i) {
  unsigned char c = (unsigned char)s[i];
  if (is_alpha(c)) return 1;
  if ((c == 0xC3 || c == 0xD0 || c == 0xD1) && i + 1 < n && ((unsigned char)s[i + 1] & 0xC0) == 0x80) {
    if (c == 0xC3 && ((unsigned char)s[i + 1] == 0x97 || (unsigned char)s[i + 1] == 0xB7)) return 0; /* × ÷ */
    return 2;
  }
  return 0;
}

/* The word of letters at s[i], lower-cased into w (at most cap-1 bytes):
 * its length in the source, or 0 when it is longer than w holds. */
static size_t fold_word(const char *s, size_t n, size_t i, char *w, size_t cap, size_t *wl) {
  size_t j = i, o = 0;
  for (size_t l; j < n && (l = letter_len(s, n, j));) {
    if (o + l >= cap) return 0;
    unsigned char a = (unsigned char)s[j], b = l == 2 ? (unsigned char)s[j + 1] : 0;
    if (l == 1) {
      w[o++] = (char)to_lower(a);
    } else if (a == 0xC3 && b >= 0x80 && b <= 0x9E) { /* À..Þ */
      w[o++] = (char)a, w[o++] = (char)(b + 0x20);
    } else if (a == 0xD0 && b >= 0x90 && b <= 0x9F) { /* А..П */
      w[o++] = (char)a, w[o++] = (char)(b + 0x20);
    } else if (a == 0xD0 && b >= 0xA0 && b <= 0xAF) { /* Р..Я */
      w[o++] = (char)0xD1, w[o++] = (char)(b - 0x20);
    } else if (a == 0xD0 && b >= 0x80 && b <= 0x8F) { /* Ѐ..Џ */
      w[o++] = (char)0xD1, w[o++] = (char)(b + 0x10);
    } else {
      w[o++] = (char)a, w[o++] = (char)b;
    }
    j += l;
  }
  w[o] = 0;
  *wl = o;
  return j - i;
}

/* True when s[i] starts a year after a month: spaces, "/", "." or "de"
 * ("Novembro/2020", "noviembre de 2019") then four digits. */
/* Past "de " and its spaces at s[k] when a digit follows ("noviembre de
 * 2019", "março de 2020"); k itself otherwise. */
static size_t skip_de(const char *s, size_t n, size_t k) {
  if (k + 3 > n || (s[k] != 'd' && s[k] != 'D') || s[k + 1] != 'e' || s[k + 2] != ' ') return k;
  size_t d = skip_sp(s, n, k + 2, 3);
  return d < n && is_digit((unsigned char)s[d]) ? d : k;
}

static bool year_follows(const char *s, size_t n, size_t i) {
  if (i < n && (s[i] == '.' || s[i] == '/' || s[i] == ',')) i++;
  size_t k = skip_sp(s, n, i, 3);
  if (k > i) k = skip_de(s, n, k);
  int v;
  return k < n && is_digit((unsigned char)s[k]) && digit_run(s, n, k, &v) == 4;
}

/* A month name or abbreviation at s[i] (with its dot): 1–12, or 0. English
 * lowercase "may", "mar" and "march" are ordinary words, not months; so are
 * the other languages' word-like names ("mars", "set") unless a year
 * follows. */
static int month_word(const char *s, size_t n, size_t i, size_t *end) {
  static const char *const names[12] = {"january", "february", "march",     "april",
                                        "may",     "june",     "july",      "august",
                                        "september", "october", "november", "december"};
  char w[24];
  size_t l, wl;
  if (i >= n || !(l = fold_word(s, n, i, w, sizeof w, &wl)) || wl < 3) return 0;
  int m = 0;
  bool word = false;
  if (l == wl) { /* ASCII: English first */
    for (int k = 0; k < 12 && !m; k++)
      if (w[0] == names[k][0] && ((l == 3 && memcmp(w, names[k], 3) == 0) || strcmp(w, names[k]) == 0)) m = k + 1;
    if (!m && strcmp(w, "sept") == 0) m = 9;
    if (m && is_lower((unsigned char)s[i]) && (m == 3 || m == 5)) return 0;
  }
  if (!m) {
    pthread_once(&fm_once, fm_build);
    unsigned char b0 = (unsigned char)w[0];
    for (unsigned q = fm_start[b0]; !m && q < fm_start[b0 + 1]; q++) {
      const month_name *f = &foreign_months[fm_order[q]];
      if (strcmp(f->w, w) == 0) {
        m = f->m;
        word = f->word;
      }
    }
  }
  if (!m) return 0;
  size_t e = i + l;
  if (word && is_lower((unsigned char)s[i]) && !year_follows(s, n, e)) return 0;
  if (e < n && s[e] == '.') e++;
  *end = e;
  return m;
}

/* A season at s[i] ("Fall", "Spring/Summer", "夏"); sets *end. */
static bool season_at(const char *s, size_t n, size_t i, size_t *end) {
  static const char *const cjk[] = {"春", "夏", "秋", "冬"};
  for (size_t k = 0; k < 4; k++)
    if (has(s, n, i, cjk[k])) {
      *end = i + strlen(cjk[k]);
      return true;
    }
  static const char *const en[] = {"spring", "summer", "fall", "autumn", "winter"};
  for (size_t k = 0; k < 5; k++) {
    size_t e = word_ci(s, n, i, en[k]);
    if (!e) continue;
    size_t e2;
    if (e < n && s[e] == '/' && is_alpha((unsigned char)s[e + 1 < n ? e + 1 : e]) &&
        season_at(s, n, e + 1, &e2))
      e = e2;
    *end = e;
    return true;
  }
  return false;
}

/* An open end at s[i] ("Present", "now", "至今"); returns its end or 0. A word
 * must not run on in lowercase ("Presentation"); an all-caps one not at all. */
static size_t open_word(const char *s, size_t n, size_t i) {
  /* words outside ASCII, as written (a capital first or not) */
  static const char *const wide[] = {"至今", "今", "现在", "目前", "настоящее время", "Настоящее время",
                                     "наст. время", "н.в.", "н. в.", "сейчас", "Сейчас", "текущее время",
                                     "présent", "Présent", "aujourd'hui", "Aujourd'hui",
                                     "aujourd\xe2\x80\x99hui"};
  for (size_t k = 0; k < sizeof wide / sizeof wide[0]; k++)
    if (has(s, n, i, wide[k])) {
      size_t e = i + strlen(wide[k]);
      /* an alphabetic word must not run on ("сейчасная", "présentation"): a
       * lowercase ASCII letter or a two-byte letter (accented Latin,
       * Cyrillic) continues it; CJK text runs on freely */
      unsigned char nx = e < n ? (unsigned char)s[e] : 0;
      if ((unsigned char)s[i] < 0xE0 && (is_lower(nx) || (nx >= 0xC3 && nx <= 0xD4))) continue;
      return e;
    }
  /* and in Spanish, Portuguese, Italian, German and French */
  static const char *const en[] = {"present",    "now",   "current", "ongoing",    "today", "date",
                                   "onwards",    "onward", "heute",  "jetzt",      "actualidad",
                                   "presente",   "actual", "atual",  "hoy",        "hoje",  "oggi",
                                   "maintenant", "aktuell"};
  for (size_t k = 0; k < sizeof en / sizeof en[0]; k++) {
    size_t l = strlen(en[k]);
    if (i > n || l > n - i) continue;
    bool ok = true, caps = true;
    for (size_t q = 0; q < l && ok; q++) {
      unsigned char c = (unsigned char)s[i + q];
      ok = to_lower(c) == en[k][q];
      if (!is_upper(c)) caps = false;
    }
    if (!ok) continue;
    size_t e = i + l;
    if (e < n && (is_lower((unsigned char)s[e]) || (caps && is_alpha((unsigned char)s[e]))))
      continue;
    if (e < n && is_digit((unsigned char)s[e]) && !glued_duration(s, n, e)) continue;
    return e;
  }
  return 0;
}

enum { SEP_NONE = 0, SEP_DASH, SEP_WORD };

/* A range separator at s[i]: dashes (1–3 of them), tildes, arrows, 至/到, or
 * to/until/till/through/thru. Returns its end or 0. */
static size_t range_sep(const char *s, size_t n, size_t i, int *kind) {
  static const char *const dashes[] = {"-",            "\xe2\x80\x90", "\xe2\x80\x91",
                                       "\xe2\x80\x92", "\xe2\x80\x93", "\xe2\x80\x94",
                                       "\xe2\x80\x95", "\xe2\x88\x92", "\xef\xbc\x8d",
                                       "~",            "\xef\xbd\x9e", "\xe3\x80\x9c",
                                       "\xe2\x86\x92", "至",           "到"};
  *kind = SEP_NONE;
  /* the first bytes of every separator below: others are none */
  if (i >= n || !memchr("-~tTuUaAbBhH\xc3\xd0\xe2\xe3\xe5\xe8\xef", s[i], 19)) return 0;
  if (has(s, n, i, "->")) {
    *kind = SEP_DASH;
    return i + 2;
  }
  size_t e = i;
  for (int rep = 0; rep < 3; rep++) {
    size_t k;
    /* the first bytes of the dashes: others are none */
    if (e >= n || !memchr("-~\xe2\xe3\xe5\xe8\xef", s[e], 7)) break;
    for (k = 0; k < sizeof dashes / sizeof dashes[0]; k++)
      if (has(s, n, e, dashes[k])) break;
    if (k == sizeof dashes / sizeof dashes[0]) break;
    e += strlen(dashes[k]);
  }
  if (e > i) {
    *kind = SEP_DASH;
    return e;
  }
  /* and the same words in German, Spanish, Portuguese, French, Dutch, Russian */
  static const char *const words[] = {"to",    "until", "till", "til", "through", "thru",
                                      "bis",   "hasta", "a",    "al",  "até",     "ate",
                                      "à",     "au",    "tot",  "по",  "до"};
  for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
    if ((e = word_ci(s, n, i, words[k]))) {
      *kind = SEP_WORD;
      return e;
    }
  return 0;
}

/* May a number start at s[i]? Not glued to letters, digits or symbols that
 * make it part of a longer token (path, version, DOI, time, money, ID). */
static bool num_start_ok(const char *s, size_t i) {
  if (i == 0) return true;
  unsigned char p = (unsigned char)s[i - 1];
  unsigned char pp = i >= 2 ? (unsigned char)s[i - 2] : ' ';
  if (is_alnum(p)) return false;
  if (in_set("/\\_#@$+=&^", p)) return false;
  if ((p == '.' || p == '-') && is_alnum(pp)) return false;
  if ((p == ':' || p == ',') && is_digit(pp)) return false;
  if (p == ' ' && is_digit(pp)) { /* "020 1995 1234": a group of a phone number */
    size_t k = i - 1;
    while (k > 0 && i - k < 8 && is_digit((unsigned char)s[k - 1])) k--;
    if (i - 1 - k >= 2 && (k == 0 || in_set(" \t(+", s[k - 1]))) return false;
  }
  if (i >= 2 && has(s, i, i - 2, "\xc2\xa3")) return false; /* £ */
  if (i >= 3 && has(s, i, i - 3, "\xe2\x82\xac")) return false; /* € */
  return true;
}

/* True when the word just before s[i] makes a number a reference, not a date
 * ("pp. 1999-2005", "vol. 2019", "No. 2010"). */
static bool after_ref_word(const char *s, size_t i) {
  size_t j = i, k = 0;
  while (j > 0 && k < 3 && (s[j - 1] == ' ' || s[j - 1] == '\t')) j--, k++;
  if (j > 0 && s[j - 1] == '.') j--;
  size_t e = j;
  while (j > 0 && e - j < 8 && is_alpha((unsigned char)s[j - 1])) j--;
  if (j == e || (j > 0 && is_alpha((unsigned char)s[j - 1]))) return false;
  static const char *const refs[] = {"pp", "p", "pages", "page", "vol", "volume", "no", "nr",
                                     "issue"};
  for (size_t r = 0; r < sizeof refs / sizeof refs[0]; r++)
    if (strlen(refs[r]) == e - j && word_ci(s, e, j, refs[r])) return true;
  return false;
}

/* May a number end at s[e]? Not followed by more digits, a lowercase suffix
 * (1990s), ".5"/":30" digits, a path or a percent sign. */
static bool num_end_ok(const char *s, size_t n, size_t e) {
  if (e >= n) return true;
  unsigned char c = (unsigned char)s[e];
  if (is_digit(c) && glued_duration(s, n, e)) return true;
  unsigned char c1 = e + 1 < n ? (unsigned char)s[e + 1] : ' ';
  if (is_digit(c) || is_lower(c) || c == '%') return false;
  if ((c == '.' || c == ':') && is_digit(c1)) return false;
  if ((c == '/' || c == '_' || c == '\\') && (is_alnum(c1) || c1 == '.')) return false;
  if (c == '-' && is_digit(c1)) return false;
  return true;
}

/* A point that starts with digits: 2018, 2018.11, 2018-11-05, 2018/11,
 * 2018年11月, 2023 Fall, 2018 Nov, 11/2018, 05.2009, 21/03/2025, 03/17, 21 March 2025. */
static bool parse_numeric(const char *s, size_t n, size_t i, point *p) {
  int v1, v2, v3;
  size_t l1 = digit_run(s, n, i, &v1);
  if ((l1 == 5 || l1 == 6) && glued_duration(s, n, i + 4)) l1 = digit_run(s, i + 4, i, &v1);
  size_t j = i + l1;
  if (l1 == 4) {
    if (!year_ok(v1)) return false;
    p->y = v1;
    p->e = j;
    p->flags = PF_NUMEND | PF_BARE;
    if (j + 1 < n && (s[j] == '.' || s[j] == '/' || s[j] == '-') &&
        is_digit((unsigned char)s[j + 1])) {
      char sep = s[j];
      size_t l2 = digit_run(s, n, j + 1, &v2);
      size_t k = j + 1 + l2;
      if (l2 <= 2) {
        if (sep == '/' && l2 == 2 && (v1 + 1) % 100 == v2) return true; /* 2015/16 */
        if (v2 >= 1 && v2 <= 12) {
          p->m = v2;
          p->e = k;
          p->flags = PF_NUMEND;
          if (k + 1 < n && s[k] == sep && is_digit((unsigned char)s[k + 1])) {
            size_t l3 = digit_run(s, n, k + 1, &v3);
            if (l3 > 2 || !day_ok(v1, v2, v3)) return false;
            p->d = v3;
            p->e = k + 1 + l3;
          }
          return true;
        }
        return sep != '.' && l2 == 2; /* 2019-20: the range reads the end */
      }
      return l2 == 4 && sep != '.'; /* 2019-2020, 2015/2016 */
    }
    if (has(s, n, j, "年")) {
      size_t k = j + strlen("年");
      p->e = k;
      p->flags = 0;
      size_t l2 = k < n && is_digit((unsigned char)s[k]) ? digit_run(s, n, k, &v2) : 0;
      if (l2 >= 1 && l2 <= 2 && v2 >= 1 && v2 <= 12 && has(s, n, k + l2, "月")) {
        p->m = v2;
        k += l2 + strlen("月");
        p->e = k;
        size_t l3 = k < n && is_digit((unsigned char)s[k]) ? digit_run(s, n, k, &v3) : 0;
        if (l3 >= 1 && l3 <= 2 && has(s, n, k + l3, "日") && day_ok(v1, v2, v3)) {
          p->d = v3;
          p->e = k + l3 + strlen("日");
        }
      } else {
        p->flags = PF_BARE;
      }
      return true;
    }
    size_t k = skip_sp(s, n, j, 3), se;
    if ((k > j || (k < n && (is_upper((unsigned char)s[k]) || (unsigned char)s[k] >= 0x80))) &&
        season_at(s, n, k, &se)) {
      p->e = se; /* "2023 Fall", "2025Fall", "2011 夏" */
      p->flags = PF_BARE;
      return true;
    }
    int m;
    if (k > j && k - j <= 2 && (m = month_word(s, n, k, &se))) {
      size_t q = skip_sp(s, n, se, 3);
      if (!(q > se && q < n && (is_digit((unsigned char)s[q]) || apostrophe(s, n, q)))) {
        p->m = m; /* "2018 Nov" */
        p->e = se;
        p->flags = 0;
      }
    }
    return true;
  }
  if (l1 < 1 || l1 > 2) return false;
  if (j + 1 < n && (s[j] == '/' || s[j] == '.' || s[j] == '-') &&
      is_digit((unsigned char)s[j + 1])) {
    char sep = s[j];
    size_t l2 = digit_run(s, n, j + 1, &v2);
    size_t k = j + 1 + l2;
    if (l2 == 4) { /* 11/2018, 05.2009 */
      if (!year_ok(v2) || v1 < 1 || v1 > 12) return false;
      p->y = v2;
      p->m = v1;
      p->e = k;
      p->flags = PF_NUMEND;
      return true;
    }
    if (l2 > 2) return false;
    if (k + 1 < n && s[k] == sep && is_digit((unsigned char)s[k + 1])) {
      size_t l3 = digit_run(s, n, k + 1, &v3);
      if (l3 != 4 || !year_ok(v3)) return false;
      int d, m;
      if (v1 > 12 && v2 <= 12) d = v1, m = v2;
      else if (v2 > 12 && v1 <= 12) m = v1, d = v2;
      else d = v1, m = v2; /* day-first when both could be months */
      if (!day_ok(v3, m, d)) return false;
      p->y = v3;
      p->m = m;
      p->d = d;
      p->e = k + 1 + l3;
      p->flags = PF_NUMEND;
      return true;
    }
    if (sep == '/' && l2 == 2 && v1 >= 1 && v1 <= 12) { /* 03/17 */
      p->y = expand_yy(v2);
      p->m = v1;
      p->e = k;
      p->flags = PF_MMYY | PF_NUMEND;
      return true;
    }
    return false;
  }
  /* 21 March 2025, 3rd May 2019 */
  if (v1 < 1 || v1 > 31) return false;
  size_t k = j;
  if (k + 2 <= n && (word_ci(s, n, k, "st") || word_ci(s, n, k, "nd") || word_ci(s, n, k, "rd") ||
                     word_ci(s, n, k, "th")))
    k += 2;
  size_t k2 = skip_sp(s, n, k, 2), me;
  int m;
  if (k2 == k || !(m = month_word(s, n, k2, &me))) return false;
  size_t q = me < n && s[me] == ',' ? me + 1 : me;
  size_t q2 = skip_sp(s, n, q, 2);
  if (q2 == me || q2 >= n || digit_run(s, n, q2, &v2) != 4 || !year_ok(v2) || !day_ok(v2, m, v1))
    return false;
  p->y = v2;
  p->m = m;
  p->d = v1;
  p->e = q2 + 4;
  p->flags = PF_NUMEND;
  return true;
}

/* A point that starts with a word: Nov 2018, Nov. 2018, November, 2018,
 * Jan-2020, March 21, 2025, Jul '25, Summer 2024, Spring/Summer 2019, or a
 * month or season alone (a range start). */
static bool parse_word_point(const char *s, size_t n, size_t i, point *p) {
  size_t me;
  int m = month_word(s, n, i, &me);
  bool season = false;
  if (!m) {
    if (!season_at(s, n, i, &me)) return false;
    season = true;
  }
  p->m = m;
  size_t k = me;
  if (k < n && s[k] == ',') k++;
  else if (k + 1 < n && (s[k] == '-' || s[k] == '/') && is_digit((unsigned char)s[k + 1])) k++;
  size_t k2 = skip_sp(s, n, k, 3);
  if (k2 > k) k2 = skip_de(s, n, k2);
  int v, v2;
  size_t l = k2 < n && is_digit((unsigned char)s[k2]) ? digit_run(s, n, k2, &v) : 0;
  if ((l == 5 || l == 6) && glued_duration(s, n, k2 + 4)) l = digit_run(s, k2 + 4, k2, &v);
  if (l == 4 && year_ok(v)) {
    p->y = v;
    p->e = k2 + 4;
    p->flags = PF_NUMEND | (season ? PF_BARE : 0);
    return true;
  }
  if (!season && l >= 1 && l <= 2 && k2 > me) { /* March 21, 2025 */
    size_t q = k2 + l;
    if (q + 2 <= n && (word_ci(s, n, q, "st") || word_ci(s, n, q, "nd") ||
                       word_ci(s, n, q, "rd") || word_ci(s, n, q, "th")))
      q += 2;
    size_t q1 = q < n && s[q] == ',' ? q + 1 : q;
    size_t q2 = skip_sp(s, n, q1, 2);
    if (q2 > q && q2 < n && digit_run(s, n, q2, &v2) == 4 && year_ok(v2) && day_ok(v2, m, v)) {
      p->y = v2;
      p->d = v;
      p->e = q2 + 4;
      p->flags = PF_NUMEND;
      return true;
    }
  }
  size_t a = apostrophe(s, n, k2);
  if (a && k2 + a + 2 <= n && digit_run(s, n, k2 + a, &v) == 2) { /* Jul '25 */
    p->y = expand_yy(v);
    p->e = k2 + a + 2;
    p->flags = PF_NUMEND;
    return true;
  }
  p->e = me;
  p->flags = PF_NOYEAR;
  return true;
}

/* One date at s[i]; p->b = i. */
static bool parse_point(const char *s, size_t n, size_t i, point *p) {
  memset(p, 0, sizeof *p);
  p->b = i;
  if (i >= n) return false;
  unsigned char c = (unsigned char)s[i];
  if (is_digit(c)) return parse_numeric(s, n, i, p);
  if (letter_len(s, n, i)) return parse_word_point(s, n, i, p);
  size_t a = apostrophe(s, n, i);
  int v;
  if (a && i + a + 2 <= n && digit_run(s, n, i + a, &v) == 2) { /* '18 */
    p->y = expand_yy(v);
    p->e = i + a + 2;
    p->flags = PF_YY | PF_NUMEND;
    return true;
  }
  return false;
}

/* Compares two points as far as both are precise: <0, 0, >0. */
static int point_cmp(const point *a, const point *b) {
  if (a->y != b->y) return a->y < b->y ? -1 : 1;
  if (a->m && b->m && a->m != b->m) return a->m < b->m ? -1 : 1;
  if (a->m && b->m && a->d && b->d && a->d != b->d) return a->d < b->d ? -1 : 1;
  return 0;
}

static void put_num(char *o, int v, int width) {
  for (int k = width - 1; k >= 0; k--) {
    o[k] = (char)('0' + v % 10);
    v /= 10;
  }
}

/* Writes y[-mm[-dd]] into iso (11 bytes). */
static void format_iso(const point *p, char iso[11]) {
  memset(iso, 0, 11);
  put_num(iso, p->y, 4);
  if (!p->m) return;
  iso[4] = '-';
  put_num(iso + 5, p->m, 2);
  if (!p->d) return;
  iso[7] = '-';
  put_num(iso + 8, p->d, 2);
}

/* An "expected" qualifier word at s[i]; returns its end or 0. With bare set
 * (no brackets around it), "exp" needs its dot. */
static size_t qualifier(const char *s, size_t n, size_t i, bool bare) {
  size_t e;
  if ((e = word_ci(s, n, i, "expected")) || (e = word_ci(s, n, i, "anticipated"))) return e;
  if ((e = word_ci(s, n, i, "exp"))) {
    if (e < n && s[e] == '.') return e + 1;
    return bare ? 0 : e;
  }
  return 0;
}

/* Whether s[e, line end) holds only blanks. */
static bool blank_after(const char *s, size_t n, size_t e) {
  for (size_t q = e; q < n && s[q] != '\n'; q++)
    if (s[q] != ' ' && s[q] != '\t' && s[q] != '\r') return false;
  return true;
}

/* Whether the text before s[i] on its line is blanks and a bullet at most
 * ("  • "), and s[k] starts the line's second piece. */
static bool alone_on_line(const char *s, size_t n, size_t i, size_t k) {
  if (k >= n || s[k] == '\n') return false;
  for (size_t q = i; q > 0 && s[q - 1] != '\n'; q--) {
    unsigned char ch = (unsigned char)s[q - 1];
    if (ch != ' ' && ch != '\t' && ch != '-' && ch != '*' && ch != 0xE2 && ch != 0x80 && ch != 0xA2) return false;
  }
  return true;
}

/* Tries to read a date expression starting at s[i]: an optional prefix word,
 * a point, an optional range end or open end, an optional qualifier. */
static bool parse_expr(const char *s, size_t n, size_t i, cvx_daterange *out) {
  size_t j = i, pe = 0;
  bool since = false, from = false, expected = false;
  if (i >= n || !is_alpha((unsigned char)s[i])) {
    /* no prefix word starts with a digit or an apostrophe */
  } else if ((pe = word_ci(s, n, i, "since")) || (pe = word_ci(s, n, i, "seit")) || (pe = word_ci(s, n, i, "desde")) ||
             (pe = word_ci(s, n, i, "depuis"))) {
    since = true; /* "since", German "seit", Spanish and Portuguese "desde", French "depuis" */
  }
  else if ((pe = word_ci(s, n, i, "from"))) from = true;
  else if ((pe = qualifier(s, n, i, true))) {
    expected = true;
    size_t g = skip_sp(s, n, pe, 3), ge;
    if ((ge = word_ci(s, n, g, "graduation")) || (ge = word_ci(s, n, g, "completion"))) pe = ge;
    g = skip_sp(s, n, pe, 3);
    if ((ge = word_ci(s, n, g, "in")) || (ge = word_ci(s, n, g, "by"))) pe = ge;
  }
  if (pe) {
    if (pe < n && s[pe] == ':') pe++;
    j = skip_sp(s, n, pe, 3);
    if (j == pe) return false;
  }
  point p1, p2;
  memset(&p2, 0, sizeof p2);
  if (!parse_point(s, n, j, &p1)) return false;
  unsigned char c0 = (unsigned char)s[j];
  if (is_digit(c0) && (!num_start_ok(s, j) || after_ref_word(s, j))) return false;
  if (!is_digit(c0) && j > 0 && is_alnum((unsigned char)s[j - 1])) return false;

  bool range = false, open = false, have_end = false;
  size_t end = p1.e;
  size_t k = skip_sp(s, n, p1.e, WS_CAP);
  size_t ws1 = k - p1.e;
  int kind;
  size_t se = range_sep(s, n, k, &kind);
  int v;
  size_t l;
  size_t ae = k < n && s[k] == '/' ? k + 1 : kind == SEP_DASH ? se : 0;
  if (ws1 == 0 && (p1.flags & PF_BARE) && ae && ae < n && is_digit((unsigned char)s[ae]) &&
      ((l = digit_run(s, n, ae, &v)) == 2 || (l == 4 && s[k] == '/'))) {
    /* 2015/16, 2015/2016, 2019-20, 2019–20, 1971-83 */
    int y2 = l == 4 ? v : p1.y - p1.y % 100 + v;
    if (l == 2 && y2 <= p1.y) y2 += 100;
    bool ok = s[k] == '/' ? y2 == p1.y + 1 : y2 > p1.y && y2 - p1.y <= 30;
    if (!ok || !year_ok(y2)) return false;
    p2.y = y2;
    p2.flags = PF_NUMEND;
    p2.e = ae + l;
    range = have_end = true;
    end = p2.e;
  } else if (se) {
    size_t k2 = skip_sp(s, n, se, WS_CAP), oe;
    size_t ws2 = k2 - se;
    if (kind == SEP_WORD) {
      /* a line that ends in the word of a range goes on with its end on the
       * next line ("from March 2017 to" / "June 2021."): a wrapped line */
      size_t w = k2 < n && s[k2] == '\r' ? k2 + 1 : k2;
      if (w < n && s[w] == '\n') {
        size_t k3 = skip_sp(s, n, w + 1, WS_CAP);
        point q;
        if (open_word(s, n, k3) || (parse_point(s, n, k3, &q) && !(q.flags & PF_NOYEAR))) k2 = k3;
      }
    }
    if ((oe = open_word(s, n, k2))) {
      range = open = true;
      end = oe;
    } else if (parse_point(s, n, k2, &p2) && !(p2.flags & PF_NOYEAR) &&
               (!is_alpha((unsigned char)s[k2]) || !is_alnum((unsigned char)s[k2 - 1]))) {
      range = have_end = true;
      end = p2.e;
    } else if (kind == SEP_DASH) {
      bool dangling = ws1 == 0 && (ws2 > 0 || k2 >= n || s[k2] == '\n' || s[k2] == '\r');
      if (!dangling && (k2 >= n || in_set("\n\r)]|:;,*_<", s[k2]) || has(s, n, k2, "）")))
        dangling = true;
      if (dangling) {
        range = open = true;
        end = se;
      }
    }
  } else if (ws1 <= 3) {
    /* "2019 onwards", "2024 and forward" */
    size_t ka = word_ci(s, n, k, "and");
    if (ka) {
      while (ka < n && ka - k < 6 && s[ka] == ' ') ka++;
    } else {
      ka = k;
    }
    static const char *const ahead[] = {"onwards", "onward", "forwards", "forward"};
    size_t oe = 0;
    for (size_t w = 0; w < sizeof ahead / sizeof ahead[0] && !oe; w++) oe = word_ci(s, n, ka, ahead[w]);
    if (oe && oe < n && s[oe] == '-') oe = 0; /* "forward-looking" */
    if (oe) {
      range = open = true;
      end = oe;
    } else if (ws1 >= 1 && alone_on_line(s, n, i, k)) {
      /* two points apart by spaces alone, the whole of their line, are a
       * range ("2021 2025", "2025 Present", "Jan 2019 Mar 2020": a page
       * that set its dates in two cells) */
      point q;
      size_t qe;
      if ((qe = open_word(s, n, k)) && blank_after(s, n, qe)) {
        range = open = true;
        end = qe;
      } else if (parse_point(s, n, k, &q) && !(q.flags & PF_NOYEAR) && blank_after(s, n, q.e) &&
                 point_cmp(&p1, &q) <= 0) {
        p2 = q;
        range = have_end = true;
        end = q.e;
      }
    }
  }

  /* context rules */
  if (p1.flags & PF_NOYEAR) {
    if (!have_end || !p2.y) return false;
    p1.y = p2.y;
    if (p1.m && p2.m && p1.m > p2.m) p1.y--;
    if (!year_ok(p1.y)) return false;
  }
  if ((p1.flags & PF_YY) && !range) return false;
  if ((p1.flags & PF_MMYY) && !(have_end && (p2.flags & PF_MMYY))) return false;
  if ((p2.flags & PF_MMYY) && !(p1.flags & PF_MMYY)) return false;
  if (have_end && point_cmp(&p1, &p2) > 0) {
    if (p1.flags & (PF_NOYEAR | PF_YY | PF_MMYY)) return false;
    range = have_end = false; /* "2019 - 2010": not a range; the start stands alone */
    end = p1.e;
  }
  if (!range && (p1.flags & PF_NUMEND)) {
    if (!num_end_ok(s, n, p1.e)) return false;
    if (p1.e + 1 < n && (s[p1.e] == '/' || s[p1.e] == '-') && is_digit((unsigned char)s[p1.e + 1]))
      return false;
  }
  if (have_end && (p2.flags & PF_NUMEND) && !num_end_ok(s, n, p2.e)) return false;

  /* qualifier: "(expected)", "[anticipated]", "expected", ", exp." */
  size_t q = skip_sp(s, n, end, 3), qe;
  if (q < n && (s[q] == '(' || s[q] == '[')) {
    size_t w = skip_sp(s, n, q + 1, 2);
    if ((qe = qualifier(s, n, w, false))) {
      size_t g = skip_sp(s, n, qe, 2), ge;
      if ((ge = word_ci(s, n, g, "graduation")) || (ge = word_ci(s, n, g, "completion")))
        qe = ge;
      size_t c = skip_sp(s, n, qe, 2);
      if (c < n && (s[c] == ')' || s[c] == ']')) {
        expected = true;
        end = c + 1;
      }
    }
  } else {
    size_t w = q < n && s[q] == ',' ? skip_sp(s, n, q + 1, 2) : q;
    if (w > end && (qe = qualifier(s, n, w, true))) {
      expected = true;
      end = qe;
    }
  }

  if ((since || from) && !range) range = open = true;

  /* brackets wrapping the whole date */
  size_t mb = i, me = end;
  size_t lb = mb, c = 0;
  while (lb > 0 && c < 2 && s[lb - 1] == ' ') lb--, c++;
  size_t rb = skip_sp(s, n, me, 2);
  if (lb > 0 && s[lb - 1] == '(' && rb < n && s[rb] == ')') {
    mb = lb - 1;
    me = rb + 1;
  } else if (lb >= 3 && has(s, n, lb - 3, "（") && has(s, n, rb, "）")) {
    mb = lb - 3;
    me = rb + 3;
  }

  memset(out, 0, sizeof *out);
  if (range || !expected) format_iso(&p1, out->start);
  if (have_end) format_iso(&p2, out->end);
  else if (!range && expected) format_iso(&p1, out->end);
  out->open = open;
  out->expected = expected;
  out->range = range;
  out->mstart = mb;
  out->mend = me;
  return true;
}

/* May the whole letter run s[0,l) open a date expression? Only a prefix word
 * (since/from/expected/exp/anticipated), a month name or abbreviation, or a
 * season can (parse_expr reads nothing else at a letter); a cheap filter that
 * spares parse_expr the other words of the text. */
static bool date_word(const char *s, size_t l) {
  /* the words by length, lower case, |-separated */
  static const char *const by_len[12] = {
      NULL, NULL, NULL,
      "exp|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec",
      "from|june|july|sept|fall|seit",
      "since|march|april|desde",
      "august|spring|summer|autumn|winter|depuis",
      "january|october",
      "expected|february|november|december",
      "september",
      NULL,
      "anticipated"};
#define LETTER(c) (1u << ((c) - 'a'))
  /* the first letters of all the words in by_len */
  static const uint32_t firsts = LETTER('a') | LETTER('d') | LETTER('e') | LETTER('f') | LETTER('j') |
                                 LETTER('m') | LETTER('n') | LETTER('o') | LETTER('s') | LETTER('w');
#undef LETTER
  if (l < 3 || l > 11 || !by_len[l]) return false;
  /* s holds ASCII letters only, so c | 0x20 is the lower case */
  if (!(firsts >> (((unsigned char)s[0] | 0x20) - 'a') & 1)) return false;
  for (const char *w = by_len[l];; w += l + 1) {
    size_t k = 0;
    while (k < l && ((unsigned char)s[k] | 0x20) == (unsigned char)w[k]) k++;
    if (k == l) return true;
    if (w[l] != '|') return false;
  }
}

/* The scan behind cvx_date_find. */
static bool date_scan(const char *s, size_t n, cvx_daterange *out) {
  size_t i = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (is_digit(c)) {
      if (parse_expr(s, n, i, out)) return true;
      while (i < n && is_digit((unsigned char)s[i])) i++;
    } else if (letter_len(s, n, i)) {
      size_t w = i, l;
      bool ascii = true;
      while (i < n && (l = letter_len(s, n, i))) {
        ascii &= l == 1;
        i += l;
      }
      size_t me;
      bool month = false;
      if ((w == 0 || !is_alpha((unsigned char)s[w - 1])) && !(ascii && date_word(s + w, i - w)) && i - w >= 3 &&
          i - w <= 20) {
        /* the other languages' month names: only a word whose first letter
         * starts one is looked up (any non-ASCII word is) */
        pthread_once(&fm_once, fm_build);
        unsigned char b0 = (unsigned char)to_lower((unsigned char)s[w]);
        month = (!ascii || fm_start[b0] != fm_start[b0 + 1]) && month_word(s, n, w, &me);
      }
      if ((w == 0 || !is_alpha((unsigned char)s[w - 1])) && ((ascii && date_word(s + w, i - w)) || month) &&
          parse_expr(s, n, w, out))
        return true;
    } else {
      size_t a = c == '\'' || c == 0xe2 ? apostrophe(s, n, i) : 0;
      if (a && (i == 0 || !is_alnum((unsigned char)s[i - 1])) && parse_expr(s, n, i, out))
        return true;
      i += a ? a : 1;
    }
  }
  memset(out, 0, sizeof *out);
  return false;
}

/* The interpreter asks about the same line several times (to open an entry,
 * to read its dates, to split it): the last few answers are kept per thread,
 * each with a copy of its text, and reused only for byte-identical text, so
 * an answer never depends on where the text lives or what came before. */
#define MEMO_SLOTS 8
#define MEMO_TEXT 512
typedef struct date_memo {
  bool used, found;
  size_t n;
  cvx_daterange r;
  char text[MEMO_TEXT];
} date_memo;
static _Thread_local date_memo memo[MEMO_SLOTS];
static _Thread_local unsigned memo_next;

/* True when s[0,n) holds an ASCII digit. Every date the grammar reads has
 * one (a year, 'YY, or a month alone that a dated end must follow), so a text
 * without digits holds no date. Eight bytes at a time: a byte b is a digit
 * when b ^ '0' is below 10. */
static bool has_digit(const char *s, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    if (swar_has_less(swar_load8(s + i) ^ '0' * SWAR_ONES, 10)) return true;
  for (; i < n; i++)
    if (is_digit((unsigned char)s[i])) return true;
  return false;
}

bool cvx_date_find(const char *s, size_t n, cvx_daterange *out) {
  memset(out, 0, sizeof *out);
  if (!s || !has_digit(s, n)) return false;
  bool keep = n <= MEMO_TEXT;
  if (keep)
    for (unsigned k = 0; k < MEMO_SLOTS; k++)
      if (memo[k].used && memo[k].n == n && memcmp(memo[k].text, s, n) == 0) {
        *out = memo[k].r;
        return memo[k].found;
      }
  bool found = date_scan(s, n, out);
  if (keep) {
    date_memo *m = &memo[memo_next++ % MEMO_SLOTS];
    m->used = true;
    m->found = found;
    m->n = n;
    m->r = *out;
    memcpy(m->text, s, n);
  }
  return found;
}

bool cvx_date_parse(const char *s, size_t n, char iso[11]) {
  memset(iso, 0, 11);
  if (!s) return false;
  size_t a = 0, z = n;
  while (a < z && (s[a] == ' ' || s[a] == '\t' || s[a] == '\n')) a++;
  while (z > a && (s[z - 1] == ' ' || s[z - 1] == '\t' || s[z - 1] == '\n')) z--;
  point p;
  if (!parse_point(s, z, a, &p)) return false;
  if (p.flags & (PF_YY | PF_MMYY | PF_NOYEAR)) return false;
  size_t e = p.e;
  /* a YAML/ISO timestamp keeps its date: 2020-01-05T10:00:00Z, 2020-01-05 10:00:00 +0100 */
  if (p.d && e + 1 < z && (s[e] == 'T' || s[e] == ' ') && is_digit((unsigned char)s[e + 1])) {
    size_t k = e + 1;
    while (k < z && (is_digit((unsigned char)s[k]) || in_set(":.+- Z", s[k]))) k++;
    if (k == z) e = z;
  }
  if (e != z) return false;
  format_iso(&p, iso);
  return true;
}

bool cvx_dated_head_line(const char *s, size_t n) {
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  if (!n || s[n - 1] == '.') return false;
  size_t words = 0, lower = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == ' ' || s[i] == '\t' || (i > 0 && s[i - 1] != ' ' && s[i - 1] != '\t')) continue;
    words++;
    lower += s[i] >= 'a' && s[i] <= 'z';
  }
  cvx_daterange d;
  return words <= 12 && !(words >= 5 && 2 * lower > words) && cvx_date_find(s, n, &d);
}
