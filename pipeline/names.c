/* names.c — decides whether a line reads as a person's name ("Jane Q. Roe",
 * "Ana María López-García", "王小明") rather than a heading, a job title, an
 * organisation, a place or a sentence. A shape test with stop-word lists,
 * not a dictionary of names. */
#include "grammar.h"
#include "utf8.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------ word lists */

/* Lower-case, compared with the word's letters lower-cased (ASCII, Latin-1,
 * Cyrillic). A name containing any of these is something else. */
/* clang-format off */
static const char *const ROLE_WORDS[] = {
    "engineer", "engineering", "developer", "development", "scientist", "science", "sciences",
    "researcher", "research", "student", "students", "professor", "lecturer", "assistant",
    "associate", "intern", "manager", "management", "director", "designer", "design",
    "consultant", "analyst", "architect", "architecture", "programmer", "programming", "officer",
    "postdoc", "postdoctoral", "candidate", "president", "founder", "cofounder", "ceo", "cto",
    "cfo", "head", "lead", "leader", "chair", "editor", "writer", "author", "teacher",
    "instructor", "specialist", "technician", "administrator", "coordinator", "advisor",
    "adviser", "member", "staff", "chief", "executive", "senior", "junior", "software",
    "hardware", "data", "machine", "learning", "web", "frontend", "backend", "fullstack", "stack",
    "devops", "intern", "freelancer", "freelance", "enthusiast", "lover", "expert", "graduate",
    "undergraduate", "fellow", "visiting", "computer", "computing", "code", "coding",
    "technology", "technologies", "security", "marketing", "sales", "finance", "business",
    "product", "products", "operations", "support", "team", "teams", "philosophy", "database",
    "server", "network", "networks", "systems", "system", "mathematics", "physics", "chemistry",
    "biology", "economics", "linguistics", "artificial", "intelligence", "vision", "robotics",
    "ingenieur", "ingeniero", "entwickler", "doktorand", "etudiant", "estudiante", "studente",
    "professeur", "profesor", "professore", "docente",
};
/* clang-format on */

/* clang-format off */
static const char *const ORG_WORDS[] = {
    "university", "universität", "universitat", "université", "universite", "universidad",
    "universidade", "università", "universita", "universiteit", "college", "school", "schools",
    "institute", "institut", "instituto", "istituto", "academy", "akademie", "department", "dept",
    "faculty", "center", "centre", "laboratory", "laboratories", "lab", "labs", "group", "inc",
    "llc", "ltd", "gmbh", "ag", "srl", "plc", "corp", "corporation", "company", "co",
    "foundation", "society", "association", "hospital", "clinic", "bank", "agency", "ministry",
    "council", "committee", "museum", "library", "press", "journal", "conference", "solutions",
    "consulting", "partners", "services", "service", "studio", "studios", "media", "google",
    "microsoft", "amazon", "apple", "ibm", "intel", "nvidia", "github", "gitlab", "linkedin",
    "twitter", "facebook", "youtube", "meta", "openai", "labs", "hochschule", "universitario",
    "polytechnic", "politecnico", "tech",
};
/* clang-format on */

/* clang-format off */
static const char *const PLACE_WORDS[] = {
    "city", "town", "village", "county", "province", "state", "states", "republic", "kingdom",
    "avenue", "boulevard", "island", "islands", "valley", "mountains", "new", "san", "santa",
    "los", "las", "united", "europe", "africa", "china", "japan", "germany", "canada",
    "australia", "usa", "uk",
};
/* clang-format on */

/* Headings and page furniture that are not sections ("Hello World",
 * "Table of Contents"), and the small words of sentences. */
/* clang-format off */
static const char *const COMMON_WORDS[] = {
    "hello", "hi", "hey", "welcome", "homepage", "home", "page", "pages", "website", "site",
    "blog", "posts", "contents", "table", "index", "menu", "world", "thanks", "thank",
    "curriculum", "vitae", "resume", "résumé", "cv", "contact", "information", "info", "details",
    "about", "me", "my", "mine", "our", "your", "his", "its", "the", "a", "and", "or", "of", "in",
    "on", "at", "to", "for", "with", "by", "from", "is", "am", "are", "was", "were", "be", "been",
    "this", "that", "these", "those", "it", "we", "you", "he", "she", "they", "not", "no", "yes",
    "all", "more", "other", "selected", "recent", "latest", "new", "news", "misc",
    "miscellaneous", "overview", "introduction", "archive", "archives", "tags", "categories",
    "search", "links", "skills", "tools", "projects", "life", "moments", "good", "best",
    "official", "personal", "professional", "academic", "phd", "msc", "bsc", "mba", "portfolio",
    "publications", "experience", "education", "awards", "summary", "profile", "references",
    "interests", "languages", "hobbies", "activities", "details", "settings", "config",
    "configuration", "demo", "example", "sample", "test", "untitled", "draft",
    /* a heading that speaks in the first person or asks ("Where I've
     * Worked", "What I Studied") is no name */
    "i", "i've", "i\xe2\x80\x99ve", "i'm", "i\xe2\x80\x99m", "i'd", "where", "what", "who", "how", "why",
    "when", "which", "things", "stuff", "worked", "studied", "learned", "built", "done", "have", "has",
    "had", "информация",
    "опыт", "навыки", "образование", "контакты", "резюме",
};
/* clang-format on */

/* Words that may sit inside a name in lower case. */
static const char *const PARTICLES[] = {
    "van",   "von", "der",   "den", "de", "da",  "das", "do",  "dos", "du",    "del",  "della",
    "delle", "dei", "degli", "di",  "la", "le",  "el",  "al",  "bin", "binti", "bint", "ibn",
    "ter",   "ten", "y",     "e",   "zu", "zum", "zur", "vom", "af",  "av",    "st",
};

/* Written before a name; not counted as one of its words. */
static const char *const HONORIFICS[] = {
    "dr",   "dr.", "prof", "prof.", "mr",  "mr.", "mrs",
    "mrs.", "ms",  "ms.",  "mx",    "mx.", "sir", "dame",
};

/* Written after a name (after a comma or not); not counted as its words. */
static const char *const SUFFIXES[] = {
    "jr",    "jr.",  "sr",   "sr.", "ii",    "iii", "iv",    "phd",  "ph.d.", "ph.d", "dphil",
    "md",    "m.d.", "mba",  "msc", "m.sc.", "bsc", "b.sc.", "ma",   "m.a.",  "ms",   "m.s.",
    "mphil", "esq",  "esq.", "pe",  "p.e.",  "cpa", "frs",   "facs", "rn",    "pmp",
};

/* Four CJK characters without a space are a name only after a compound
 * surname (a Chinese four-character line is far more often a phrase). */
static const char *const CJK_COMPOUND_SURNAMES[] = {
    "欧阳", "司马", "诸葛", "上官", "司徒", "东方", "皇甫", "令狐", "慕容", "尉迟",
    "公孙", "长孙", "宇文", "夏侯", "轩辕", "端木", "独孤", "南宫", "西门", "百里",
    "呼延", "澹台", "钟离", "闻人", "赫连", "申屠", "太史", "歐陽", "司馬", "諸葛",
};

/* Endings of English abstract nouns and gerunds that no name has ("Data
 * Analysis", "Usability Testing"; "Remote Sensing" slips through, as no
 * ending tells it from "Fleming"). Only for words of 7+ letters. */
static const char *const NOUN_ENDINGS[] = {"tion", "sion", "ysis",  "ics",   "ology", "ness",
                                           "ment", "ship", "ssing", "sting", "eling", "ading"};

/* CJK lines of two to four characters that are not names. */
static const char *const CJK_COMMON[] = {
    "首页", "主页", "个人主页", "简历", "关于", "你好", "欢迎", "目录", "博客", "联系",
    "简介", "更多", "其他",     "学术", "科研", "研究", "论文", "项目", "中文", "英文",
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- UTF-8 */

static uint32_t utf8_next(const char *s, size_t n, size_t *i) {
  uint32_t c;
  *i += cvx_utf8_decode(s, n, *i, &c);
  return c;
}

static size_t utf8_put(char *out, uint32_t c) { return cvx_utf8_encode(out, c); }

/* ------------------------------------------------------ character classes */

static bool is_cjk(uint32_t c) {
  return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x3040 && c <= 0x30FA) ||
         (c >= 0x30FC && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF);
}

static bool is_mark(uint32_t c) { return c >= 0x300 && c <= 0x36F; }

static bool is_upper(uint32_t c) {
  if (c >= 'A' && c <= 'Z') return true;
  if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;
  if (c >= 0x100 && c <= 0x17F) {
    /* Latin Extended-A pairs upper/lower; a few odd spots are lower */
    if (c >= 0x139 && c <= 0x148) return c % 2 == 1;
    if (c >= 0x179 && c <= 0x17E) return c % 2 == 1;
    if (c == 0x138 || c == 0x149 || c == 0x17F) return false;
    if (c == 0x178) return true;
    return c % 2 == 0;
  }
  if (c >= 0x1E00 && c <= 0x1EFF) return c % 2 == 0 && !(c >= 0x1E96 && c <= 0x1E9F);
  if (c >= 0x391 && c <= 0x3A9) return true;
  if (c >= 0x400 && c <= 0x42F) return true;
  return false;
}

static bool is_lower(uint32_t c) {
  if (c >= 'a' && c <= 'z') return true;
  if (c >= 0xDF && c <= 0xFF) return c != 0xF7;
  if (c >= 0x100 && c <= 0x17F) return !is_upper(c);
  if (c >= 0x1E00 && c <= 0x1EFF) return !is_upper(c);
  if (c >= 0x3B1 && c <= 0x3C9) return true;
  if (c >= 0x430 && c <= 0x45F) return true;
  return false;
}

/* Letters of scripts without case (Arabic, Hebrew, Indic, Thai…) and
 * Latin Extended-B: accepted as name letters, with no case test. */
static bool is_caseless_letter(uint32_t c) {
  return (c >= 0x180 && c <= 0x24F) || (c >= 0x5D0 && c <= 0x5EA) || (c >= 0x620 && c <= 0x64A) ||
         (c >= 0x900 && c <= 0xDFF) || (c >= 0xE01 && c <= 0xE3A);
}

static bool is_letter(uint32_t c) {
  return is_upper(c) || is_lower(c) || is_caseless_letter(c) || (c >= 0x370 && c <= 0x3FF) ||
         (c >= 0x400 && c <= 0x4FF);
}

static bool is_space(uint32_t c) { return c == ' ' || c == 0xA0 || c == 0x3000; }

static bool is_apostrophe(uint32_t c) { return c == '\'' || c == 0x2019; }

static bool is_hyphen(uint32_t c) { return c == '-' || c == 0x2010 || c == 0x2011; }

/* Accented Latin letters count as vowels: only the acronym test uses this. */
static bool is_vowel(uint32_t c) {
  if (c < 0x80) return c != 0 && strchr("aeiouyAEIOUY", (int)c) != NULL;
  return c >= 0xC0 && c <= 0x17F;
}

/* Lower-cases word w[0,n) into out (ASCII, Latin-1, Cyrillic, Greek capitals);
 * false when it does not fit. */
static bool lower_word(const char *w, size_t n, char *out, size_t cap) {
  size_t o = 0, i = 0;
  while (i < n) {
    uint32_t c = utf8_next(w, n, &i);
    if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) ||
        (c >= 0x391 && c <= 0x3A9) || (c >= 0x410 && c <= 0x42F))
      c += 0x20;
    else if (c >= 0x400 && c <= 0x40F)
      c += 0x50;
    else if (c >= 0x100 && c <= 0x17F && is_upper(c) && c != 0x178)
      c += 1;
    if (c >= 0x10000 || o + 4 >= cap) return false;
    o += utf8_put(out + o, c);
  }
  out[o] = '\0';
  return true;
}

static bool in_list(const char *w, const char *const *list, size_t count) {
  for (size_t k = 0; k < count; k++)
    if (list[k][0] == w[0] && strcmp(w, list[k]) == 0) return true; /* first byte: no call for most */
  return false;
}

/* ------------------------------------------------------------ the test */

/* What one space-separated word of a candidate name is. */
typedef enum wkind { W_BAD, W_NAME, W_INITIALS, W_PARTICLE, W_HONORIFIC, W_SUFFIX } wkind;

/* Checks one part of a word (between hyphens or apostrophes): letters only,
 * the first one a capital or of a caseless script. Sets *caps when every
 * cased letter is a capital, *vowel when it has a vowel. */
static bool name_part(const char *p, size_t n, bool *caps, bool *vowel) {
  size_t i = 0;
  bool first = true;
  *caps = true;
  *vowel = false;
  while (i < n) {
    uint32_t c = utf8_next(p, n, &i);
    if (is_mark(c) && !first) continue;
    if (!is_letter(c)) return false;
    if (first) {
      if (is_lower(c)) return false;
      first = false;
    }
    if (is_lower(c)) *caps = false;
    if (is_vowel(c) || is_caseless_letter(c) || (c >= 0x370 && c <= 0x4FF)) *vowel = true;
  }
  return !first;
}

/* "J.", "J.R.R.", "J.-P.", or a lone capital "S". */
static bool initials(const char *w, size_t n) {
  size_t i = 0;
  int letters = 0;
  while (i < n) {
    uint32_t c = utf8_next(w, n, &i);
    if (!is_upper(c)) return false;
    letters++;
    if (i < n && w[i] == '.')
      i++;
    else if (i < n)
      return false;
    if (i < n && w[i] == '-') i++;
  }
  return letters >= 1 && (w[n - 1] == '.' || letters == 1);
}

/* Classifies one word; names_before says how many name words precede it
 * (a credential such as "MS" is read as one only after a name). */
/* The words of ROLE_WORDS, ORG_WORDS, PLACE_WORDS and COMMON_WORDS (a name
 * holding any is something else) grouped by first byte, built once: a
 * lookup compares only the words that start like the one asked about. */
#define BAD_MAX 512
static const char *bad_words[BAD_MAX];
static uint16_t bad_at[257]; /* first byte b: bad_words[bad_at[b], bad_at[b + 1]) */
static pthread_once_t bad_once = PTHREAD_ONCE_INIT;

static void bad_build(void) {
  static const struct {
    const char *const *list;
    size_t count;
  } lists[] = {{ROLE_WORDS, COUNT(ROLE_WORDS)},
               {ORG_WORDS, COUNT(ORG_WORDS)},
               {PLACE_WORDS, COUNT(PLACE_WORDS)},
               {COMMON_WORDS, COUNT(COMMON_WORDS)}};
  size_t cnt[256] = {0}, total = 0;
  for (size_t l = 0; l < COUNT(lists); l++)
    for (size_t k = 0; k < lists[l].count; k++) cnt[(unsigned char)lists[l].list[k][0]]++, total++;
  if (total > BAD_MAX) abort(); /* a table defect */
  uint16_t fill[256];
  size_t q = 0;
  for (unsigned b = 0; b < 256; b++) {
    bad_at[b] = fill[b] = (uint16_t)q;
    q += cnt[b];
  }
  bad_at[256] = (uint16_t)q;
  for (size_t l = 0; l < COUNT(lists); l++)
    for (size_t k = 0; k < lists[l].count; k++) bad_words[fill[(unsigned char)lists[l].list[k][0]]++] = lists[l].list[k];
}

/* True when the lower-cased word w is in one of the four lists above. */
static bool is_bad_word(const char *w) {
  pthread_once(&bad_once, bad_build);
  unsigned b = (unsigned char)w[0];
  for (unsigned q = bad_at[b]; q < bad_at[b + 1]; q++)
    if (strcmp(w, bad_words[q]) == 0) return true;
  return false;
}

static wkind classify_word(const char *w, size_t n, size_t names_before) {
  char low[128];
  if (!lower_word(w, n, low, sizeof low)) return W_BAD;
  bool capital = w[0] >= 'A' && w[0] <= 'Z';
  if (names_before >= 2 && capital && in_list(low, SUFFIXES, COUNT(SUFFIXES))) return W_SUFFIX;
  if (names_before == 0 && capital && in_list(low, HONORIFICS, COUNT(HONORIFICS)))
    return W_HONORIFIC;
  if (strlen(low) == n && memcmp(w, low, n) == 0 && in_list(low, PARTICLES, COUNT(PARTICLES)))
    return W_PARTICLE;
  if (initials(w, n)) return (n == 1 && w[0] == 'I') ? W_BAD : W_INITIALS;
  if (is_bad_word(low)) return W_BAD;
  size_t ll = strlen(low);
  if (ll >= 7)
    for (size_t k = 0; k < COUNT(NOUN_ENDINGS); k++) {
      size_t el = strlen(NOUN_ENDINGS[k]);
      if (memcmp(low + ll - el, NOUN_ENDINGS[k], el) == 0) return W_BAD;
    }
  /* parts between hyphens and apostrophes: "López-García", "O'Brien",
   * "d'Alembert", "al-Farabi" */
  size_t start = 0, letters = 0;
  bool caps_all = true, any_vowel = false;
  for (;;) {
    size_t end = start;
    while (end < n) {
      size_t j = end;
      uint32_t c = utf8_next(w, n, &j);
      if (is_hyphen(c) || is_apostrophe(c)) break;
      end = j;
    }
    size_t plen = end - start;
    bool last = end >= n, caps, vowel;
    if (plen == 0) return W_BAD; /* "-Roe", "Roe--Doe" */
    if (name_part(w + start, plen, &caps, &vowel)) {
      caps_all = caps_all && caps;
      any_vowel = any_vowel || vowel;
      letters += plen;
    } else {
      /* a lower-case elision or particle before a hyphen or apostrophe */
      char pl[16];
      if (last || plen >= sizeof pl) return W_BAD;
      memcpy(pl, w + start, plen);
      pl[plen] = '\0';
      if (!in_list(pl, PARTICLES, COUNT(PARTICLES)) && strcmp(pl, "d") != 0 &&
          strcmp(pl, "l") != 0 && strcmp(pl, "dell") != 0)
        return W_BAD;
    }
    if (last) break;
    start = end;
    utf8_next(w, n, &start);      /* the separator */
    if (start >= n) return W_BAD; /* "Roe-" */
  }
  if (letters == 0) return W_BAD;
  /* "JPL", "NSF": capitals without a vowel are an acronym, not a name */
  if (caps_all && !any_vowel && letters >= 3) return W_BAD;
  return W_NAME;
}

/* Two to four CJK characters (or a transliterated name with a middle dot)
 * that are not a heading. */
static bool cjk_name(const char *s, size_t n) {
  size_t i = 0, chars = 0, spaces = 0, dots = 0;
  while (i < n) {
    uint32_t c = utf8_next(s, n, &i);
    if (is_cjk(c))
      chars++;
    else if (is_space(c))
      spaces++;
    else if (c == 0xB7 || c == 0x30FB || c == 0x2022)
      dots++;
    else
      return false;
  }
  if (spaces > 1 || dots > 1 || (spaces && dots)) return false;
  if (chars < 2 || chars > (dots ? 12u : 4u)) return false;
  char compact[64];
  size_t o = 0;
  for (i = 0; i < n;) {
    size_t b = i;
    uint32_t c = utf8_next(s, n, &i);
    if (is_cjk(c)) {
      if (o + (i - b) >= sizeof compact) return false;
      memcpy(compact + o, s + b, i - b);
      o += i - b;
    }
  }
  compact[o] = '\0';
  if (in_list(compact, CJK_COMMON, COUNT(CJK_COMMON))) return false;
  if (chars == 4 && !spaces && !dots) {
    bool compound = false;
    for (size_t k = 0; k < COUNT(CJK_COMPOUND_SURNAMES); k++)
      if (strncmp(compact, CJK_COMPOUND_SURNAMES[k], strlen(CJK_COMPOUND_SURNAMES[k])) == 0)
        compound = true;
    if (!compound) return false;
  }
  return cvx_section_classify(compact, o) == CVX_REC_SECTION;
}

#define MAX_NAME 160 /* bytes */

/* Decisions beyond grammar.h: a credential after the name ("Jane Roe, PhD",
 * "Jane Roe Jr.") and an honorific before it ("Dr. Jane Roe") are accepted
 * and not counted as words (the caller strips them); an all-lower-case line
 * is not a name; four CJK characters without a space need a compound
 * surname. Never reads outside s[0,n); work is bounded by MAX_NAME. */
bool cvx_is_person_name(const char *s, size_t n) {
  if (!s) return false;
  /* trim spaces (ASCII, no-break, ideographic) */
  while (n > 0 && (s[0] == ' ' || s[0] == '\t')) s++, n--;
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  if (n == 0 || n > MAX_NAME) return false;
  /* one name written in two scripts: "김서연 · Seoyeon Kim", "Иван Петров /
   * Ivan Petrov", "李明 (Ming Li)": each part a name, one in Latin letters
   * and the other in none */
  size_t cut = 0, skip = 0;
  for (size_t i = 1; i + 2 < n && !cut; i++) {
    if (s[i] != ' ') continue;
    if ((s[i + 1] == '/' || s[i + 1] == '|') && s[i + 2] == ' ') cut = i, skip = 3;
    else if (i + 3 < n && (unsigned char)s[i + 1] == 0xC2 && (unsigned char)s[i + 2] == 0xB7 && s[i + 3] == ' ')
      cut = i, skip = 4;
    else if (s[i + 1] == '(' && s[n - 1] == ')') cut = i, skip = 2;
  }
  if (cut) {
    size_t b0 = cut + skip, bn = n - b0 - (s[n - 1] == ')' && skip == 2 ? 1 : 0);
    bool la = false, lb = false;
    for (size_t i = 0; i < cut; i++) la |= ((unsigned char)s[i] | 0x20) >= 'a' && ((unsigned char)s[i] | 0x20) <= 'z';
    for (size_t i = b0; i < b0 + bn; i++)
      lb |= ((unsigned char)s[i] | 0x20) >= 'a' && ((unsigned char)s[i] | 0x20) <= 'z';
    return la != lb && cvx_is_person_name(s, cut) && cvx_is_person_name(s + b0, bn);
  }

  /* every character: a letter of some script, a space, or . , - ' ’ · */
  bool cjk = false, latin = false;
  size_t comma = n;
  for (size_t i = 0; i < n;) {
    unsigned char a = (unsigned char)s[i];
    if ((a | 0x20) >= 'a' && (a | 0x20) <= 'z') { /* an ASCII letter, the common case */
      latin = true;
      i++;
      continue;
    }
    size_t b = i;
    uint32_t c = utf8_next(s, n, &i);
    if (is_cjk(c))
      cjk = true;
    else if (is_letter(c))
      latin = true;
    else if (c == ',') {
      if (comma != n) return false;
      comma = b;
    } else if (!(is_space(c) || is_mark(c) || c == '.' || is_hyphen(c) || is_apostrophe(c) ||
                 c == 0xB7 || c == 0x30FB || c == 0x2022))
      return false;
  }
  if (cjk) return !latin && comma == n && cjk_name(s, n);

  /* after a comma, only credentials: "Jane Roe, PhD", "Jane Roe, Jr., MD" */
  size_t body = comma;
  if (comma < n) {
    size_t i = comma + 1;
    int creds = 0;
    while (i < n) {
      while (i < n && (s[i] == ' ' || s[i] == ',')) i++;
      size_t ws = i;
      while (i < n && s[i] != ' ' && s[i] != ',') i++;
      if (i == ws) break;
      if (classify_word(s + ws, i - ws, 2) != W_SUFFIX) return false;
      creds++;
    }
    if (creds == 0) return false;
  }

  /* the words before it */
  size_t words = 0, names = 0, full = 0;
  wkind prev = W_BAD;
  size_t i = 0;
  while (i < body) {
    while (i < body) {
      size_t j = i;
      if (!is_space(utf8_next(s, body, &j))) break;
      i = j;
    }
    if (i >= body) break;
    size_t ws = i;
    while (i < body) {
      size_t j = i;
      if (is_space(utf8_next(s, body, &j))) break;
      i = j;
    }
    wkind k = classify_word(s + ws, i - ws, names);
    words++;
    switch (k) {
    case W_BAD:
      return false;
    case W_HONORIFIC:
      if (words != 1) return false;
      break;
    case W_SUFFIX:
      if (names < 2) return false;
      break;
    case W_PARTICLE:
      if (names == 0 && words != 1) return false;
      break;
    case W_INITIALS:
      if (prev == W_SUFFIX) return false;
      names++;
      break;
    case W_NAME:
      if (prev == W_SUFFIX) return false;
      names++, full++;
      break;
    }
    prev = k;
  }
  if (prev == W_PARTICLE || prev == W_HONORIFIC) return false;
  if (names < 2 || names > 5 || full < 1 || words > 8) return false;
  /* a known heading ("Contact Information", "Selected Publications") */
  return cvx_section_classify(s, n) == CVX_REC_SECTION;
}

/* The words of s[a,z) parted by spaces, each a name or of kind also: how
 * many are names (and of kind also, when count_also), or -1 when one is
 * neither. */
static int name_words(const char *s, size_t a, size_t z, wkind also, bool count_also) {
  int count = 0;
  for (size_t i = a; i < z;) {
    while (i < z && s[i] == ' ') i++;
    size_t ws = i;
    while (i < z && s[i] != ' ') i++;
    if (i == ws) break;
    wkind k = classify_word(s + ws, i - ws, 1);
    if (k != W_NAME && k != also) return -1;
    count += k == W_NAME || count_also;
  }
  return count;
}

bool cvx_surname_first(const char *s, size_t n) {
  while (n && (s[0] == ' ' || s[0] == '\t')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  const char *comma = memchr(s, ',', n);
  if (!comma || memchr(comma + 1, ',', n - (size_t)(comma + 1 - s)) || n > MAX_NAME) return false;
  size_t a = (size_t)(comma - s);
  /* the surname: one word or two (a particle, a double name), no spaces
   * around the comma but the one after it */
  if (!a || s[a - 1] == ' ' || a + 2 >= n || s[a + 1] != ' ') return false;
  int before = name_words(s, 0, a, W_PARTICLE, false), after = name_words(s, a + 1, n, W_INITIALS, true);
  return before >= 1 && before <= 2 && after >= 1 && after <= 3 && cvx_section_classify(s, n) == CVX_REC_SECTION;
}

/* ------------------------------------------------------------ bio subject */

/* Whether w[0,n) is one of the '|'-separated words of list, compared
 * without regard to ASCII case. */
static bool word_in(const char *w, size_t n, const char *list) {
  for (const char *p = list; *p;) {
    const char *q = strchr(p, '|');
    size_t m = q ? (size_t)(q - p) : strlen(p);
    if (m == n && strncasecmp(p, w, n) == 0) return true;
    if (!q) break;
    p = q + 1;
  }
  return false;
}

/* Verbs that follow the subject of a bio in the third person. */
static const char *const BIO_VERBS = "is|was|has|had|holds|held|received|earned|completed|works|worked|leads|led|"
                                     "joined|serves|served|teaches|studies|studied|currently|"
                                     "est|ist|war|es|fue|é|foi";

bool cvx_bio_subject(const char *s, size_t n, size_t *a, size_t *e) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n')) i++;
  /* a first-person opening names the person after it: "I am Jane Roe,",
   * "Hi! I'm Jane Roe.", "My name is Jane Roe and …" */
  static const char *const greetings[] = {"Hi! ", "Hi, ", "Hi ", "Hello! ", "Hello, ", "Hello ", "Hey! ", "Hey, "};
  for (size_t k = 0; k < sizeof greetings / sizeof *greetings; k++) {
    size_t m = strlen(greetings[k]);
    if (n - i >= m && memcmp(s + i, greetings[k], m) == 0) {
      i += m;
      while (i < n && s[i] == ' ') i++;
      break;
    }
  }
  bool first_person = false;
  static const char *const intros[] = {"I am ", "I'm ", "I\xe2\x80\x99m ", "My name is ", "my name is "};
  for (size_t k = 0; k < sizeof intros / sizeof *intros; k++) {
    size_t m = strlen(intros[k]);
    if (n - i >= m && memcmp(s + i, intros[k], m) == 0) {
      i += m;
      first_person = true;
      break;
    }
  }
  /* the capitalised words from i, particles among them ("Jan van Dijk"):
   * at most five; an honorific before them is left out ("Dr. Jane Roe is …"
   * names Jane Roe) */
  size_t start = i, end = i;
  int words = 0;
  size_t j = i;
  while (j < n && words < 6) {
    size_t ws = j;
    while (j < n && s[j] != ' ' && s[j] != ',' && s[j] != '\n' && s[j] != '\t' && s[j] != '(') j++;
    size_t we = j;
    if (we == ws) break;
    /* a full stop after a word of two letters or more that is no
     * honorific closes the sentence ("I'm Jane Roe.") */
    bool stop = false;
    wkind k = classify_word(s + ws, we - ws, 0);
    if (we - ws > 2 && s[we - 1] == '.' && k != W_HONORIFIC) we--, stop = true;
    unsigned char c0 = (unsigned char)s[ws];
    bool capital = (c0 >= 'A' && c0 <= 'Z') || c0 >= 0xc3;
    if (!capital && !(words > 0 && k == W_PARTICLE)) break; /* the verb after the name */
    if (words == 0 && start == ws && k == W_HONORIFIC) {
      while (j < n && s[j] == ' ') j++;
      start = j;
      continue;
    }
    words++;
    end = we;
    if (stop || (j < n && s[j] != ' ')) break; /* a comma or bracket ends the name */
    while (j < n && s[j] == ' ') j++;
  }
  if (words < 2 || words > 5) return false;
  if (!first_person) {
    /* the verb must follow the name: "Jane Roe is", "Jane Roe, PhD, is" is
     * left alone */
    size_t v = end;
    while (v < n && s[v] == ' ') v++;
    size_t ve = v;
    while (ve < n && s[ve] != ' ' && s[ve] != ',' && s[ve] != '.') ve++;
    if (!word_in(s + v, ve - v, BIO_VERBS)) return false;
  }
  if (!cvx_is_person_name(s + start, end - start)) return false;
  *a = start;
  *e = end;
  return true;
}

/* ------------------------------------------------------------ citations */

/* The end of a capitalised word at s[i] (a capital, then letters, marks,
 * hyphens or apostrophes: "Whitcombe", "O'Neil", "Müller-Lang"), or i. */
static size_t cap_word(const char *s, size_t n, size_t i) {
  if (i >= n) return i;
  unsigned char c = (unsigned char)s[i];
  if (!(c >= 'A' && c <= 'Z') && c < 0xC0) return i;
  size_t j = i + 1;
  while (j < n) {
    unsigned char d = (unsigned char)s[j];
    if ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || d >= 0x80 || d == '-' || d == '\'') j++;
    else break;
  }
  return j - i >= 2 ? j : i;
}

/* The end of initials at s[i] ("D.", "D. J.", "D.J.", "D.-J."), or i. */
static size_t initials_at(const char *s, size_t n, size_t i) {
  size_t j = i, end = i;
  while (j + 1 < n && s[j] >= 'A' && s[j] <= 'Z' && s[j + 1] == '.') {
    end = j += 2;
    if (j < n && (s[j] == ' ' || s[j] == '-')) j++;
  }
  return end;
}

bool cvx_citation_line(const char *s, size_t n) {
  if (!s || n < 24) return false;
  size_t i = 0;
  /* a number or a mark before the reference: "[3]", "12.", "- " */
  if (i < n && s[i] == '[') {
    while (i < n && i < 6 && s[i] != ']') i++;
    i++;
  } else {
    while (i < n && i < 4 && s[i] >= '0' && s[i] <= '9') i++;
    if (i > 0 && i < n && (s[i] == '.' || s[i] == ')')) i++;
  }
  while (i < n && (s[i] == ' ' || s[i] == '-' || s[i] == '*')) i++;
  /* the first author: "Surname, I.", "I. Surname" or "Surname IJ," */
  bool author = false;
  size_t w = cap_word(s, n, i);
  if (w > i) {
    if (w + 2 < n && s[w] == ',' && s[w + 1] == ' ') author = initials_at(s, n, w + 2) > w + 2;
    else if (w + 1 < n && s[w] == ' ') {
      size_t k = w + 1, caps = 0;
      while (k < n && s[k] >= 'A' && s[k] <= 'Z' && caps < 3) k++, caps++;
      author = caps && k < n && (s[k] == ',' || s[k] == '.') && (k + 1 >= n || s[k + 1] == ' ');
    }
  } else {
    size_t e = initials_at(s, n, i);
    author = e > i && e < n && s[e] == ' ' && cap_word(s, n, e + 1) > e + 1;
  }
  if (!author) return false;
  /* a year, and words enough for a title and a venue */
  bool year = false;
  int words = 0;
  for (size_t k = i; k < n; k++) {
    if (s[k] != ' ' && (k == 0 || s[k - 1] == ' ')) words++;
    if (k + 4 <= n && (s[k] == '1' || s[k] == '2') && (s[k + 1] == '9' || s[k + 1] == '0') && s[k + 2] >= '0' &&
        s[k + 2] <= '9' && s[k + 3] >= '0' && s[k + 3] <= '9' && (k == 0 || !(s[k - 1] >= '0' && s[k - 1] <= '9')) &&
        (k + 4 == n || !(s[k + 4] >= '0' && s[k + 4] <= '9')))
      year = true;
  }
  return year && words >= 6;
}
