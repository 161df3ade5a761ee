/* degrees.c — the one degree grammar: finds "Ph.D.", "M.Sc.", "Bachelor of
 * Science", "硕士"… in loose text and names each by its canonical studyType
 * (MAPPING.md: "PhD", "MS", "BEng"…). Hand-written scanner, bounded lookahead. */
#include "grammar.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Decisions the grammar makes:
 * - Abbreviations are read as letter groups joined by "." (optionally ". " or
 *   ".-"): "Ph. D.", "M.Sc.", "Dr. rer. nat.", "Dipl.-Ing.". The span keeps the
 *   final dot of a dotted form ("Ph.D.") and never the dot after an undotted
 *   one ("PhD." at a sentence end).
 * - Short all-caps forms that are also ordinary acronyms (MS, MA, BA, BS, MD,
 *   JD, LL.M., B.E., M.E.…) need degree context. After them: "in", "degree",
 *   "student", "candidate", "program", "thesis", "from", "at", "with", "of",
 *   "(", or a year — always enough; the end of the text or punctuation — enough
 *   unless an undotted US state code (MA, MD, MS) follows a comma or a word
 *   ("Springfield, MA", "Springfield, MA, 2001") or stands on a line above a ZIP
 *   code; a capitalized word — only at the start of a line or item
 *   and, undotted, never a product word ("MS Office", "MS Excel"). Spaced
 *   initials ("M. A. Smith") never take a capitalized word. A hyphen after the
 *   form makes a compound, not a degree ("PhD-level", "MS-DOS", "LLM-based").
 *   Undotted LLM (large language model) is never a degree; "LL.M." is.
 * - Master/Bachelor alone read as MS/BS; "of <field>" picks the type and joins
 *   the span for known fields ("Master of Arts" -> MA); "of … Engineering" gives
 *   MEng/BEng with the span on the word alone, so the caller still reads the
 *   area. A bare singular needs context as above ("Master Plan" is not one).
 * - Doctorate, DPhil, Dr. rer. nat., Dr.-Ing., Dr. phil. -> PhD; Dr. med. -> MD;
 *   "Dr." alone is a title. Postdoc (博士后, Post Doctorate) is a job, not a degree.
 * - "High School" (capitalized, or followed by "diploma") -> "High School";
 *   "Class XII" (12, 12th) -> HSC and "Class X" (10, 10th) -> SSC.
 * - Laurea Magistrale/Specialistica -> MS, Laurea (Triennale) -> BS; French
 *   Licence (only before en/in/de), Licenciatura and Bacharelado -> BS, and
 *   so are Grado and Licenciado before "en", Graduação before "em"; Maîtrise,
 *   Maestría, Máster, Mestrado -> MS; German Diplom and Dipl.-Ing. (any Dipl.-X) -> "Diplom"; Abitur and
 *   高中 -> "High School"; 学士/本科 -> BS, 工学学士 -> BEng, 硕士 -> MS, 工学硕士
 *   -> MEng, 博士 -> PhD; Associate only as "Associate's", "Associate degree",
 *   "Associate of Arts/Science", A.A., A.S. */

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool is_alnum(unsigned char c) { return is_digit(c) || is_alpha(c); }
static int to_lower(unsigned char c) { return is_upper(c) ? c + 32 : c; }
static bool in_set(const char *set, char c) { return c && strchr(set, c); }

static bool has(const char *s, size_t n, size_t i, const char *lit) {
  size_t l = strlen(lit);
  return i <= n && l <= n - i && memcmp(s + i, lit, l) == 0;
}

/* Matches the ASCII word w case-insensitively at s[i], ending at a non-letter.
 * Returns the end, or 0. */
static size_t word_ci(const char *s, size_t n, size_t i, const char *w) {
  size_t l = strlen(w);
  if (i > n || l > n - i) return 0;
  for (size_t k = 0; k < l; k++)
    if (to_lower((unsigned char)s[i + k]) != to_lower((unsigned char)w[k])) return 0;
  if (i + l < n && is_alpha((unsigned char)s[i + l])) return 0;
  return i + l;
}

static size_t skip_sp(const char *s, size_t n, size_t i, size_t cap) {
  size_t start = i;
  while (i < n && i - start < cap && (s[i] == ' ' || s[i] == '\t')) i++;
  return i;
}

/* Matches a phrase of space-separated words case-insensitively (single spaces
 * in the phrase match 1–2 spaces in the text). Returns the end, or 0. */
static size_t phrase_ci(const char *s, size_t n, size_t i, const char *ph) {
  char w[32];
  while (*ph) {
    size_t l = strcspn(ph, " ");
    if (l >= sizeof w) return 0;
    memcpy(w, ph, l);
    w[l] = 0;
    size_t e = word_ci(s, n, i, w);
    if (!e) return 0;
    ph += l;
    if (*ph == ' ') {
      ph++;
      i = skip_sp(s, n, e, 2);
      if (i == e) return 0;
    } else {
      i = e;
    }
  }
  return i;
}

/* ------------------------------------------------------------ abbreviations */

enum {
  A_CI = 1,           /* the key matches in any case */
  A_WEAK = 2,         /* an ordinary acronym too: needs degree context */
  A_NEEDDOT = 4,      /* only with dots (B.E., LL.M.) */
  A_STRICT = 8,       /* needs a word of degree context ("in", "degree", a year…) */
  A_STRICT_BARE = 16, /* A_STRICT when written without dots */
  A_STATE = 32        /* also a US state code */
};

typedef struct abbr {
  const char *key; /* the letters as written, dots removed */
  size_t len;
  const char *canon;
  unsigned flags;
} abbr;
#define AB(key, canon, flags) {key, sizeof key - 1, canon, flags}

static const abbr abbrs[] = {
    AB("PhD", "PhD", A_CI),
    AB("DPhil", "PhD", A_CI),
    AB("Drrernat", "PhD", 0),
    AB("Drrerpol", "PhD", 0),
    AB("Drrertechn", "PhD", 0),
    AB("Drphil", "PhD", 0),
    AB("DrIng", "PhD", 0),
    AB("Drsc", "PhD", 0),
    AB("Drscnat", "PhD", 0),
    AB("Drsctechn", "PhD", 0),
    AB("Drmed", "MD", 0),
    AB("DSc", "DSc", 0),
    AB("ScD", "DSc", 0),
    AB("EdD", "EdD", 0),
    AB("PsyD", "PsyD", 0),
    AB("PharmD", "PharmD", 0),
    AB("EngD", "EngD", 0),
    AB("DBA", "DBA", A_WEAK | A_STRICT_BARE),
    AB("DDS", "DDS", A_WEAK | A_STRICT_BARE),
    AB("DVM", "DVM", A_WEAK | A_STRICT_BARE),
    AB("MD", "MD", A_WEAK | A_STATE),
    AB("JD", "JD", A_WEAK),
    AB("LLM", "LLM", A_WEAK | A_NEEDDOT),
    AB("LLB", "LLB", A_WEAK),
    AB("MS", "MS", A_WEAK | A_STATE),
    AB("MSc", "MS", A_CI),
    AB("MSCS", "MS", 0),
    AB("MSEE", "MS", 0),
    AB("MSME", "MS", 0),
    AB("MA", "MA", A_WEAK | A_STATE),
    AB("MEng", "MEng", 0),
    AB("MENG", "MEng", 0),
    AB("ME", "MEng", A_WEAK | A_NEEDDOT),
    AB("MTech", "MTech", 0),
    AB("MTECH", "MTech", 0),
    AB("MPhil", "MPhil", A_CI),
    AB("MBA", "MBA", A_CI),
    AB("MRes", "MRes", A_CI),
    AB("MFA", "MFA", A_WEAK | A_STRICT_BARE),
    AB("MSE", "MSE", A_WEAK | A_STRICT_BARE),
    AB("MPH", "MPH", A_WEAK | A_STRICT_BARE),
    AB("MPA", "MPA", A_WEAK | A_STRICT_BARE),
    AB("MPP", "MPP", A_WEAK | A_STRICT_BARE),
    AB("MSW", "MSW", A_WEAK | A_STRICT_BARE),
    AB("MCA", "MCA", A_WEAK | A_STRICT_BARE),
    AB("MEd", "MEd", 0),
    AB("MArch", "MArch", 0),
    AB("MCom", "MCom", 0),
    AB("MMus", "MMus", 0),
    AB("MASc", "MASc", 0),
    AB("BS", "BS", A_WEAK),
    AB("BSc", "BS", A_CI),
    AB("BSCS", "BS", 0),
    AB("BSEE", "BS", 0),
    AB("BSME", "BS", 0),
    AB("BSCE", "BS", 0),
    AB("BSE", "BSE", A_WEAK | A_STRICT_BARE),
    AB("BA", "BA", A_WEAK),
    AB("BE", "BEng", A_WEAK | A_NEEDDOT),
    AB("BEng", "BEng", 0),
    AB("BENG", "BEng", 0),
    AB("BTech", "BTech", 0),
    AB("BTECH", "BTech", 0),
    AB("BBA", "BBA", 0),
    AB("BFA", "BFA", A_WEAK),
    AB("BEd", "BEd", 0),
    AB("BArch", "BArch", 0),
    AB("BCom", "BCom", 0),
    AB("BCA", "BCA", A_WEAK | A_STRICT_BARE),
    AB("BMus", "BMus", 0),
    AB("BASc", "BASc", 0),
    AB("BSW", "BSW", A_WEAK | A_STRICT_BARE),
    AB("AA", "Associate", A_WEAK | A_NEEDDOT | A_STRICT),
    AB("AS", "Associate", A_WEAK | A_NEEDDOT | A_STRICT),
    AB("AAS", "Associate", A_WEAK | A_STRICT),
    /* school-leaving certificates, listed as degrees in many CVs */
    AB("HSC", "HSC", A_WEAK | A_STRICT_BARE),
    AB("SSC", "SSC", A_WEAK | A_STRICT_BARE),
    AB("Dipl", "Diplom", A_NEEDDOT),
    AB("DiplIng", "Diplom", 0),
    AB("DiplInf", "Diplom", 0),
    AB("DiplMath", "Diplom", 0),
    AB("DiplPhys", "Diplom", 0),
    AB("DiplChem", "Diplom", 0),
    AB("DiplKfm", "Diplom", 0),
    AB("DiplPsych", "Diplom", 0),
};

/* Words after an undotted acronym that make it a product, not a degree. */
static const char *const product_words[] = {
    "Office", "Excel",  "Word",      "Windows", "Access", "PowerPoint", "Outlook", "Teams",
    "SQL",    "Project", "Visio",    "Paint",   "Azure",  "Dynamics",   "DOS",     "Visual",
    "Exchange", "SharePoint", "OneNote", "Edge", "Publisher", "Server", "Studio", "Power",
    "Forms",  "Intune", "Graph",     "USA",     "US"};

/* Context around a candidate. */
enum { B_LINE, B_SEP, B_OPEN, B_COMMA, B_WORD };
enum { C_END, C_PUNCT, C_PAREN, C_STRONG, C_YEAR, C_CAP, C_OTHER, C_COMPOUND };

/* What precedes s[i] on its line: the start of a line or list item, a date
 * or separator, an opening bracket, a comma, or a word. */
static int before_ctx(const char *s, size_t i) {
  size_t j = i;
  for (int steps = 0; j > 0 && steps < 12; steps++) {
    unsigned char c = (unsigned char)s[j - 1];
    if (c == '\n' || c == '\r') return B_LINE;
    if (c == ' ' || c == '\t' || in_set("*_-+#>|:;", (char)c)) {
      j--;
    } else if (j >= 3 && (has(s, j, j - 3, "\xe2\x80\xa2") || has(s, j, j - 3, "\xe2\x80\x93") ||
                          has(s, j, j - 3, "\xe2\x80\x94"))) {
      j -= 3; /* • – — */
    } else {
      break;
    }
  }
  if (j == 0) return B_LINE;
  unsigned char c = (unsigned char)s[j - 1];
  if (c == ',') return B_COMMA;
  if (c == '(' || c == '[' || c == '/' || c == '"') return B_OPEN;
  if (is_digit(c) || c == '.' || c == ')' || c == ']' || c >= 0x80) return B_SEP;
  if (i > j) {
    /* "Name -- MS": a dash or bar between words separates them */
    for (size_t k = j; k < i; k++)
      if (s[k] == '|' || s[k] == ':' || s[k] == '-' || s[k] == ';') return B_SEP;
  }
  return B_WORD;
}

/* What follows a candidate ending at s[e]. *word gets a following capitalized word. */
static int after_ctx(const char *s, size_t n, size_t e, size_t *word, size_t *wlen) {
  static const char *const strong[] = {
      "in",         "degree",    "degrees",  "student",  "students", "candidate", "candidates",
      "program",    "programme", "programs", "thesis",   "dissertation", "from",  "at",
      "with",       "of",        "cum",      "hons",     "honours",  "honors",    "studies",
      "course",     "coursework", "graduate", "diploma"};
  *word = e;
  *wlen = 0;
  if (e + 1 < n && s[e] == '-' && is_alpha((unsigned char)s[e + 1])) return C_COMPOUND;
  size_t j = skip_sp(s, n, e, 3);
  if (j >= n || s[j] == '\n' || s[j] == '\r') return C_END;
  unsigned char c = (unsigned char)s[j];
  if (c == '(') return C_PAREN;
  if (in_set(",;:)]|/*_<\"'.&", (char)c) || c >= 0x80) return C_PUNCT;
  if (c == '-' && (j + 1 >= n || s[j + 1] == ' ' || s[j + 1] == '-')) return C_PUNCT;
  if (is_digit(c)) {
    size_t l = 0;
    while (j + l < n && is_digit((unsigned char)s[j + l]) && l < 5) l++;
    if (l == 4 && (s[j] == '1' || s[j] == '2')) return C_YEAR;
    return C_OTHER;
  }
  if (!is_alpha(c)) return C_OTHER;
  for (size_t k = 0; k < sizeof strong / sizeof strong[0]; k++)
    if (word_ci(s, n, j, strong[k])) return C_STRONG;
  if (word_ci(s, n, j, "and") || word_ci(s, n, j, "or")) return C_PUNCT;
  if (!is_upper(c)) return C_OTHER;
  size_t l = 0;
  while (j + l < n && is_alnum((unsigned char)s[j + l]) && l < 16) l++;
  *word = j;
  *wlen = l;
  return C_CAP;
}

/* Whether the comma before s[i] follows a word that heads a field of study
 * ("Water Engineering, MS"): the field's degree, where a town would give a
 * state code ("Springfield, MS"). */
static bool field_before_comma(const char *s, size_t i) {
  static const char *const heads[] = {
      "engineering", "science",  "sciences",  "studies",    "management", "administration",
      "mathematics", "physics",  "chemistry", "biology",    "economics",  "informatics",
      "linguistics", "medicine", "psychology", "philosophy", "technology", "statistics"};
  size_t j = i;
  while (j > 0 && (s[j - 1] == ' ' || s[j - 1] == '\t')) j--;
  if (j == 0 || s[j - 1] != ',') return false;
  j--;
  while (j > 0 && s[j - 1] == ' ') j--;
  size_t z = j;
  while (j > 0 && z - j < 16 && is_alpha((unsigned char)s[j - 1])) j--;
  if (j == z || (j > 0 && is_alpha((unsigned char)s[j - 1]))) return false;
  for (size_t k = 0; k < sizeof heads / sizeof heads[0]; k++)
    if (strlen(heads[k]) == z - j && word_ci(s, z, j, heads[k]) == z) return true;
  return false;
}

static bool is_product_word(const char *s, size_t i, size_t l) {
  for (size_t k = 0; k < sizeof product_words / sizeof product_words[0]; k++)
    if (strlen(product_words[k]) == l && memcmp(s + i, product_words[k], l) == 0) return true;
  return false;
}

/* Is a weak form at [b,e) a degree here? canon: a degree-only field, no context needed. */
static bool weak_ok(const char *s, size_t n, size_t b, size_t e, unsigned flags, bool dotted,
                    bool spaced) {
  size_t w, wl;
  int after = after_ctx(s, n, e, &w, &wl);
  int before = before_ctx(s, b);
  bool strict = (flags & A_STRICT) || ((flags & A_STRICT_BARE) && !dotted);
  bool state = (flags & A_STATE) && !dotted && (before == B_COMMA || before == B_WORD) &&
               !(before == B_COMMA && field_before_comma(s, b));
  switch (after) {
  case C_STRONG:
  case C_YEAR:
    return true;
  case C_PAREN:
    return !state;
  case C_END:
  case C_PUNCT:
    if (strict || state) return false; /* "Boston, MA", "Worcester, MA, 2009" */
    if ((flags & A_STATE) && !dotted && after == C_END) {
      /* an address split over lines: "Town\n MA\n 01234" */
      size_t j = e;
      while (j < n && j - e < 8 && s[j] != '\n') j++;
      if (j < n) j = skip_sp(s, n, j + 1, 8);
      size_t l = 0;
      while (j + l < n && is_digit((unsigned char)s[j + l]) && l < 6) l++;
      if (l == 5) return false;
    }
    return true;
  case C_CAP:
    if (strict || spaced) return false;
    if (before != B_LINE && before != B_SEP && before != B_OPEN) return false;
    return dotted || !is_product_word(s, w, wl);
  default:
    return false;
  }
}

/* The abbreviations by lower-case first letter: for each letter the 1-based
 * indices into abbrs[] in table order (so the first match stays the same),
 * 0-terminated; and which bytes start a lits[] entry. Built once. */
#define GROUP_CAP 40
static unsigned char by_letter[26][GROUP_CAP];
/* abbr_pair[a][b]: some key starts with the letters a, b (lower case), and
 * abbr_lens[a][b] has bit l set when one of them is l letters long;
 * word_tri[a][b] has bit c set when a word read_words knows starts with the
 * letters a, b, c. */
static bool abbr_pair[26][26];
static uint16_t abbr_lens[26][26];
static uint32_t word_tri[26][26];
/* lits[] by first byte: lit_at[b] .. lit_at[b + 1] index lit_ix[], in table order. */
#define LIT_CAP 64
static unsigned char lit_at[257];
static unsigned char lit_ix[LIT_CAP];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;
static void build_index(void);

/* Reads an abbreviation at s[i] (an ASCII letter) and returns the longest
 * table entry it spells. */
static const abbr *read_abbr(const char *s, size_t n, size_t i, bool canon, size_t *end) {
  if (!by_letter[to_lower((unsigned char)s[i]) - 'a'][0]) return NULL; /* no key starts so */
  char key[40];
  size_t klen[6], segend[6];
  bool dot[6], spaced = false, sp_at[6];
  size_t nseg = 0, kl = 0, pos = i;
  while (nseg < 6) {
    size_t st = pos, cap = nseg == 0 ? 6 : 5;
    while (pos < n && is_alpha((unsigned char)s[pos]) && pos - st <= cap) pos++;
    if (pos == st || pos - st > cap) break;
    if (pos < n && is_digit((unsigned char)s[pos])) break;
    memcpy(key + kl, s + st, pos - st);
    kl += pos - st;
    klen[nseg] = kl;
    segend[nseg] = pos;
    dot[nseg] = pos < n && s[pos] == '.';
    sp_at[nseg] = spaced;
    nseg++;
    if (!dot[nseg - 1]) break;
    size_t q = pos + 1;
    bool sp = false;
    if (q < n && (s[q] == ' ' || s[q] == '-')) sp = s[q] == ' ', q++;
    if (q >= n || !is_alpha((unsigned char)s[q])) break;
    if (sp) spaced = true;
    pos = q;
  }
  const unsigned char *group = by_letter[to_lower((unsigned char)s[i]) - 'a']; /* key[0] == s[i] */
  for (size_t k = nseg; k > 0; k--) {
    size_t l = klen[k - 1];
    bool dotted = k > 1;
    for (const unsigned char *g = group; *g; g++) {
      const abbr *a = &abbrs[*g - 1];
      if (a->len != l) continue;
      bool eq = true;
      bool ci = (a->flags & A_CI) || canon;
      for (size_t q = 0; q < l && eq; q++)
        eq = ci ? to_lower((unsigned char)key[q]) == to_lower((unsigned char)a->key[q])
                : key[q] == a->key[q];
      if (!eq) continue;
      if ((a->flags & A_NEEDDOT) && !dotted && !(k == 1 && dot[0] && l > 3)) continue;
      size_t e = segend[k - 1];
      if (dotted && dot[k - 1]) e++;
      if (k == 1 && dot[0] && (a->flags & A_NEEDDOT)) e++; /* "Dipl." */
      if (e < n && is_alnum((unsigned char)s[e])) continue;
      if (!canon) {
        size_t w, wl;
        if (after_ctx(s, n, e, &w, &wl) == C_COMPOUND) continue;
        if ((a->flags & A_WEAK) && !weak_ok(s, n, i, e, a->flags, dotted, sp_at[k - 1]))
          continue;
      }
      *end = e;
      return a;
    }
  }
  return NULL;
}

/* ------------------------------------------------------------- word forms */

typedef struct field {
  const char *phrase;
  const char *canon;
} field;

static const field master_of[] = {
    {"Science in Engineering", "MSE"}, {"Sciences", "MS"},   {"Science", "MS"},
    {"Arts", "MA"},                   {"Engineering", "MEng"},
    {"Philosophy", "MPhil"},          {"Business Administration", "MBA"},
    {"Fine Arts", "MFA"},             {"Laws", "LLM"},       {"Law", "LLM"},
    {"Research", "MRes"},             {"Technology", "MTech"},
    {"Public Health", "MPH"},         {"Public Administration", "MPA"},
    {"Public Policy", "MPP"},         {"Education", "MEd"},  {"Architecture", "MArch"},
    {"Social Work", "MSW"},           {"Applied Science", "MASc"},
    {"Computer Applications", "MCA"}, {"Computer Application", "MCA"}, {"Commerce", "MCom"},
    {"Music", "MMus"},
    {NULL, NULL}};
static const field bachelor_of[] = {
    {"Science in Engineering", "BSE"}, {"Sciences", "BS"},  {"Science", "BS"},
    {"Arts", "BA"},                    {"Engineering", "BEng"},
    {"Technology", "BTech"},           {"Business Administration", "BBA"},
    {"Fine Arts", "BFA"},              {"Laws", "LLB"},     {"Law", "LLB"},
    {"Applied Science", "BASc"},       {"Architecture", "BArch"},
    {"Commerce", "BCom"},              {"Computer Applications", "BCA"}, {"Computer Application", "BCA"},
    {"Education", "BEd"},              {"Music", "BMus"},   {"Social Work", "BSW"},
    {NULL, NULL}};
static const field doctor_of[] = {
    {"Philosophy", "PhD"},           {"Medicine", "MD"},     {"Education", "EdD"},
    {"Sciences", "DSc"},             {"Science", "DSc"},     {"Engineering", "EngD"},
    {"Business Administration", "DBA"}, {"Pharmacy", "PharmD"},
    {"Dental Surgery", "DDS"},       {"Veterinary Medicine", "DVM"},
    {"Psychology", "PsyD"},          {"Jurisprudence", "JD"}, {"Law", "JD"},
    {NULL, NULL}};
static const field associate_of[] = {
    {"Applied Science", "Associate"}, {"Arts", "Associate"}, {"Science", "Associate"},
    {NULL, NULL}};

/* After "of": a known field phrase; returns its canonical type and end. */
static const char *field_after_of(const field *t, const char *s, size_t n, size_t i,
                                  size_t *end) {
  size_t k = skip_sp(s, n, i, 2);
  /* ("in" as well: "Bachelor's in Commerce" is a Bachelor of Commerce) */
  size_t of = word_ci(s, n, k, "of");
  if (!of) of = word_ci(s, n, k, "in");
  if (!of) return NULL;
  k = skip_sp(s, n, of, 2);
  if (k == of) return NULL;
  for (; t->phrase; t++) {
    size_t e = phrase_ci(s, n, k, t->phrase);
    if (e) {
      *end = e;
      return t->canon;
    }
  }
  return NULL;
}

/* "of <words> Engineering" within four words after i. */
static bool of_engineering(const char *s, size_t n, size_t i) {
  size_t k = skip_sp(s, n, i, 2);
  size_t of = word_ci(s, n, k, "of");
  if (!of) return false;
  k = of;
  for (int w = 0; w < 4; w++) {
    size_t st = skip_sp(s, n, k, 2);
    if (st == k) return false;
    if (word_ci(s, n, st, "engineering")) return true;
    k = st;
    while (k < n && is_alpha((unsigned char)s[k]) && k - st < 20) k++;
    if (k == st) return false;
  }
  return false;
}

/* True when "post" (as in Post Doctorate, post-doctoral) ends just before s[i]. */
static bool after_post(const char *s, size_t i) {
  size_t j = i;
  if (j > 0 && (s[j - 1] == ' ' || s[j - 1] == '-')) j--;
  return j >= 4 && j < i && word_ci(s, j, j - 4, "post") && (j == 4 || !is_alpha((unsigned char)s[j - 5]));
}

/* True when a name's word ends just before s[i] on its line ("Northgate
 * High School", "Govt. High School"): a capitalised word that is not a verb
 * of finishing a school ("Completed High School"). */
static bool school_name_before(const char *s, size_t i) {
  size_t j = i;
  while (j > 0 && s[j - 1] == ' ') j--;
  if (j == i || j == 0) return false;
  size_t e = j;
  if (s[e - 1] == '.') e--;
  size_t b = e;
  while (b > 0 && is_alpha((unsigned char)s[b - 1])) b--;
  if (b == e || !is_upper((unsigned char)s[b])) return false;
  static const char *const verbs[] = {"completed", "graduated", "finished", "passed", "attended", "from", NULL};
  for (int k = 0; verbs[k]; k++)
    if (e - b == strlen(verbs[k]) && word_ci(s, e, b, verbs[k])) return false;
  return true;
}

/* Extends e over a following " degree". */
static size_t with_degree(const char *s, size_t n, size_t e) {
  size_t k = skip_sp(s, n, e, 2), d;
  if (k > e && (d = word_ci(s, n, k, "degree"))) return d;
  return e;
}

/* Is there context for a bare word form ("Master", "masters") ending at e? */
static bool bare_ok(const char *s, size_t n, size_t e, bool cap, bool canon) {
  if (canon) return true;
  size_t w, wl;
  int after = after_ctx(s, n, e, &w, &wl);
  if (after == C_STRONG) return true;
  if (!cap) return false;
  if (after == C_PAREN || after == C_END || after == C_PUNCT || after == C_YEAR) return true;
  if (after == C_OTHER && e < n) {
    size_t j = skip_sp(s, n, e, 2);
    return j < n && is_digit((unsigned char)s[j]) && (j + 1 >= n || !is_digit((unsigned char)s[j + 1]));
  }
  return false;
}

/* Whether a possessive degree word ending at e modifies the lower-case word
 * after it ("Master's level", "bachelor's worth"): a level or a measure, not
 * the degree itself, unless that word is context ("Master's degree", "Master's
 * in", "master's thesis"). */
static bool possessive_modifier(const char *s, size_t n, size_t e) {
  size_t w, wl;
  if (after_ctx(s, n, e, &w, &wl) != C_OTHER) return false;
  size_t j = skip_sp(s, n, e, 3);
  return j < n && is_alpha((unsigned char)s[j]) && !is_upper((unsigned char)s[j]);
}

/* The words read_words compares against, by length, |-separated. */
static const char *const by_len[13] = {
    NULL, NULL, NULL, NULL, "high", "juris|class", "master|doctor|abitur|diplom|laurea|higher|senior",
    "masters|diploma|licence", "bachelor|doctorat|doctoral|engineer",
    "bachelors|doctorate|dottorato|doctorado|associate|secondary", "associates", "engineering",
    "habilitation|licenciatura"};

/* Is the lower-case word w[0,l) one that read_words knows? */
static bool degree_word(const char *w, size_t l) {
  if (l >= sizeof by_len / sizeof by_len[0] || !by_len[l]) return false;
  for (const char *c = by_len[l];; c += l + 1) {
    if (memcmp(c, w, l) == 0) return true;
    if (c[l] != '|') return false;
  }
}

/* A degree spelled as words at s[i] (ASCII letter at a word start). */
static const char *read_words(const char *s, size_t n, size_t i, bool canon, size_t *end) {
  /* the first letters of the words below: a cheap way out for all others */
  if (!memchr("abcdehjlms", to_lower((unsigned char)s[i]), 10)) return NULL;
  size_t we = i;
  while (we < n && is_alpha((unsigned char)s[we]) && we - i <= 14) we++;
  if (we - i > 14 || we == i) return NULL;
  size_t wl = we - i;
  bool cap = is_upper((unsigned char)s[i]);
  char w[16];
  for (size_t k = 0; k < wl; k++) w[k] = (char)to_lower((unsigned char)s[i + k]);
  w[wl] = 0;
  if (!degree_word(w, wl)) return NULL; /* none of the words below */
  /* possessive: Master's, Master’s, Masters' */
  size_t pe = we;
  bool poss = false;
  if (has(s, n, we, "'s") || has(s, n, we, "'S")) pe = we + 2, poss = true;
  else if (has(s, n, we, "\xe2\x80\x99s")) pe = we + 4, poss = true;
  else if (w[wl - 1] == 's' && (has(s, n, we, "'") || has(s, n, we, "\xe2\x80\x99")))
    pe = we + (s[we] == '\'' ? 1 : 3), poss = true;
  if (pe < n && is_alnum((unsigned char)s[pe])) return NULL;
  const char *c;
  size_t fe;

  bool master = !strcmp(w, "master") || !strcmp(w, "masters");
  bool bachelor = !strcmp(w, "bachelor") || !strcmp(w, "bachelors");
  if (master || bachelor) {
    if ((c = field_after_of(master ? master_of : bachelor_of, s, n, pe, &fe))) {
      *end = fe;
      return c;
    }
    c = master ? "MS" : "BS";
    if (of_engineering(s, n, pe)) {
      *end = pe;
      return master ? "MEng" : "BEng";
    }
    if (!poss && !bare_ok(s, n, pe, cap, canon)) return NULL;
    if (poss && !canon && possessive_modifier(s, n, pe)) return NULL;
    *end = with_degree(s, n, pe);
    return c;
  }
  if (!strcmp(w, "doctor")) {
    if ((c = field_after_of(doctor_of, s, n, pe, &fe))) {
      *end = fe;
      return c;
    }
    return NULL;
  }
  if (!strcmp(w, "juris")) {
    size_t k = skip_sp(s, n, we, 2), e;
    if (k > we && (e = word_ci(s, n, k, "doctor"))) {
      *end = e;
      return "JD";
    }
    return NULL;
  }
  if (!strcmp(w, "doctorate") || !strcmp(w, "doctorat") || !strcmp(w, "dottorato") ||
      !strcmp(w, "doctorado")) {
    if (after_post(s, i)) return NULL; /* Post Doctorate: a postdoc */
    *end = with_degree(s, n, we);
    return "PhD";
  }
  if (!strcmp(w, "doctoral")) {
    size_t k = skip_sp(s, n, we, 2), e;
    if (k == we) return NULL;
    if ((e = word_ci(s, n, k, "degree"))) {
      *end = e;
      return "PhD";
    }
    if (word_ci(s, n, k, "studies") || word_ci(s, n, k, "candidate") ||
        word_ci(s, n, k, "program") || word_ci(s, n, k, "programme")) {
      *end = we;
      return "PhD";
    }
    return NULL;
  }
  if (!strcmp(w, "associate") || !strcmp(w, "associates")) {
    if ((c = field_after_of(associate_of, s, n, pe, &fe))) {
      *end = fe;
      return c;
    }
    size_t d = with_degree(s, n, pe);
    if (d == pe && !poss) return NULL; /* Associate Professor, Research Associate */
    *end = d;
    return "Associate";
  }
  if (!strcmp(w, "high")) {
    size_t k = skip_sp(s, n, we, 2), e;
    if (k == we || !(e = word_ci(s, n, k, "school"))) return NULL;
    size_t k2 = skip_sp(s, n, e, 2), e2;
    if (k2 > e && (e2 = word_ci(s, n, k2, "diploma"))) e = e2;
    else if (!cap && !canon) return NULL; /* "high school students" */
    else if (school_name_before(s, i)) return NULL; /* "Riverbend National High School": a school */
    *end = e;
    return "High School";
  }
  if (!strcmp(w, "class")) {
    /* the school years that end in a certificate: "Class XII" (higher
     * secondary), "Class X" (secondary), as Indian CVs list them */
    if (!cap) return NULL;
    size_t k = skip_sp(s, n, we, 2), e;
    if (k == we) return NULL;
    size_t t = k;
    while (t < n && is_alnum((unsigned char)s[t])) t++;
    if (t < n && s[t] == '-') return NULL; /* "Class X-ray" */
    if ((e = word_ci(s, n, k, "xii")) || (e = word_ci(s, n, k, "12th")) || (e = word_ci(s, n, k, "12"))) {
      *end = e;
      return "HSC";
    }
    if ((e = word_ci(s, n, k, "x")) || (e = word_ci(s, n, k, "10th")) || (e = word_ci(s, n, k, "10"))) {
      *end = e;
      return "SSC";
    }
    return NULL;
  }
  if (!strcmp(w, "secondary") || !strcmp(w, "higher") || !strcmp(w, "senior")) {
    /* the certificates that end school, spelled out: "Secondary School
     * Certificate", "Higher Secondary (School) Certificate", "Senior
     * Secondary Certificate" */
    if (!cap) return NULL;
    size_t k = we, e;
    bool higher = strcmp(w, "secondary") != 0;
    if (higher) {
      size_t k1 = skip_sp(s, n, we, 2);
      if (k1 == we || !(e = word_ci(s, n, k1, "secondary"))) return NULL;
      k = e;
    }
    size_t k2 = skip_sp(s, n, k, 2);
    if (k2 > k && (e = word_ci(s, n, k2, "school"))) k = e, k2 = skip_sp(s, n, k, 2);
    if (k2 == k || !(e = word_ci(s, n, k2, "certificate"))) return NULL;
    *end = e;
    return higher ? "HSC" : "SSC";
  }
  if (!strcmp(w, "abitur")) {
    *end = we;
    return "High School";
  }
  if (!strcmp(w, "diploma")) {
    *end = we;
    return "Diploma";
  }
  if (!strcmp(w, "diplom")) {
    size_t e = we;
    if (e + 1 < n && s[e] == '-' && is_upper((unsigned char)s[e + 1])) {
      e++;
      while (e < n && is_alpha((unsigned char)s[e]) && e - we < 24) e++;
      if (e < n && is_alpha((unsigned char)s[e])) return NULL;
    }
    *end = e;
    return "Diplom";
  }
  if (!strcmp(w, "engineering") || !strcmp(w, "engineer")) {
    /* "Engineering degree", "Engineer's degree" (the French diplôme d'ingénieur) */
    size_t k = skip_sp(s, n, pe, 2), e;
    if (k == pe || !(e = word_ci(s, n, k, "degree"))) return NULL;
    if (!strcmp(w, "engineer") && !poss) return NULL;
    *end = e;
    return "Engineering degree";
  }
  if (!strcmp(w, "habilitation")) {
    *end = we;
    return "Habilitation";
  }
  if (!strcmp(w, "laurea")) {
    size_t k = skip_sp(s, n, we, 2), e;
    if (k > we && ((e = word_ci(s, n, k, "magistrale")) || (e = word_ci(s, n, k, "specialistica")))) {
      *end = e;
      return "MS";
    }
    *end = we;
    if (k > we && (e = word_ci(s, n, k, "triennale"))) *end = e;
    return "BS";
  }
  if (!strcmp(w, "licence") || !strcmp(w, "licenciatura")) {
    size_t k = skip_sp(s, n, we, 2);
    if (!strcmp(w, "licenciatura") || (k > we && (word_ci(s, n, k, "en") || word_ci(s, n, k, "in") ||
                                   word_ci(s, n, k, "de") || has(s, n, k, "\xc3\xa8s ")))) {
      *end = we;
      return "BS";
    }
    return NULL;
  }
  return NULL;
}

/* ------------------------------------------------------- non-ASCII forms */

typedef struct lit {
  const char *text;
  const char *canon;
} lit;

static const lit lits[] = {
    {"工学博士", "PhD"},     {"理学博士", "PhD"},   {"哲学博士", "PhD"},  {"医学博士", "MD"},
    {"博士", "PhD"},         {"工商管理硕士", "MBA"}, {"工学硕士", "MEng"}, {"文学硕士", "MA"},
    {"理学硕士", "MS"},      {"科学硕士", "MS"},    {"硕士", "MS"},       {"修士", "MS"},
    {"工学学士", "BEng"},    {"文学学士", "BA"},    {"理学学士", "BS"},   {"学士", "BS"},
    {"本科", "BS"},          {"专科", "Associate"}, {"大专", "Associate"}, {"高中", "High School"},
    {"박사", "PhD"},         {"석사", "MS"},        {"학사", "BS"},
    {"Maîtrise", "MS"},      {"maîtrise", "MS"},    {"Maestría", "MS"},   {"maestría", "MS"},
    {"Бакалавр", "BS"},      {"бакалавр", "BS"},    {"Магистр", "MS"},    {"магистр", "MS"},
    {"Máster", "MS"},        {"máster", "MS"},      {"Mestrado", "MS"},   {"mestrado", "MS"},
    {"Bacharelado", "BS"},   {"bacharelado", "BS"}, {"Grado", "BS"},
    {"Graduação", "BS"},     {"Licenciado", "BS"},
    {"Diplôme d'ingénieur", "Engineering degree"}, {"Diplôme d\xe2\x80\x99ingénieur", "Engineering degree"},
    {"diplôme d'ingénieur", "Engineering degree"}, {"diplôme d\xe2\x80\x99ingénieur", "Engineering degree"},
};

/* True when a Cyrillic or Latin-1 letter ends just before s[i]. */
static bool letter_before(const char *s, size_t i) {
  if (i == 0) return false;
  unsigned char p = (unsigned char)s[i - 1];
  if (is_alnum(p)) return true;
  if (i >= 2 && p >= 0x80 && p < 0xc0) {
    unsigned char l = (unsigned char)s[i - 2];
    return l == 0xc3 || l == 0xd0 || l == 0xd1;
  }
  return false;
}

/* Forms that are also ordinary words are degrees only before what names
 * the field: "Grado en Física" (not "grado de dificultad"), "Graduação
 * em …", "Licenciado en …". */
static bool lit_context(const char *text, const char *s, size_t n, size_t e) {
  static const struct {
    const char *text, *after;
  } need[] = {{"Grado", " en "}, {"Graduação", " em "}, {"Licenciado", " en "}};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (strcmp(text, need[k].text) == 0) return has(s, n, e, need[k].after);
  return true;
}

static const char *read_lit(const char *s, size_t n, size_t i, size_t *end) {
  unsigned char b = (unsigned char)s[i];
  for (unsigned q = lit_at[b]; q < lit_at[b + 1]; q++) {
    size_t k = lit_ix[q];
    if (!has(s, n, i, lits[k].text)) continue;
    size_t e = i + strlen(lits[k].text);
    if (!lit_context(lits[k].text, s, n, e)) continue;
    unsigned char f = (unsigned char)lits[k].text[0];
    if (f == 0xd0 || f == 0xd1 || f < 0x80) { /* a word in an alphabet: whole words */
      if (letter_before(s, i)) continue;
      if (f < 0x80 && e < n && is_alpha((unsigned char)s[e])) continue;
      while (e + 1 < n && ((unsigned char)s[e] == 0xd0 || (unsigned char)s[e] == 0xd1) &&
             e - i < 40)
        e += 2; /* бакалавриат, магистратура */
    } else if (has(s, n, e, "后") || has(s, n, e, "生导师")) {
      continue; /* 博士后 is a postdoc, 博士生导师 an advisor */
    }
    *end = e;
    return lits[k].canon;
  }
  return NULL;
}

/* ------------------------------------------------------------------ scan */

static void build_index(void) {
  size_t cnt[26] = {0};
  for (size_t t = 0; t < sizeof abbrs / sizeof abbrs[0]; t++) {
    int f = to_lower((unsigned char)abbrs[t].key[0]) - 'a';
    int g = to_lower((unsigned char)abbrs[t].key[1]) - 'a';
    if (f < 0 || f >= 26 || g < 0 || g >= 26 || cnt[f] + 1 >= GROUP_CAP || t + 1 > 255)
      abort(); /* a table error */
    by_letter[f][cnt[f]++] = (unsigned char)(t + 1);
    abbr_pair[f][g] = true;
    if (abbrs[t].len >= 16) abort();
    abbr_lens[f][g] |= (uint16_t)(1u << abbrs[t].len);
  }
  for (size_t l = 0; l < sizeof by_len / sizeof by_len[0]; l++)
    for (const char *c = by_len[l]; c; c = c[l] == '|' ? c + l + 1 : NULL)
      word_tri[c[0] - 'a'][c[1] - 'a'] |= 1u << (c[2] - 'a');
  size_t nl = sizeof lits / sizeof lits[0];
  if (nl > LIT_CAP) abort();
  unsigned q = 0;
  for (unsigned b = 0; b < 256; b++) {
    lit_at[b] = (unsigned char)q;
    for (size_t k = 0; k < nl; k++)
      if ((unsigned char)lits[k].text[0] == b) lit_ix[q++] = (unsigned char)k;
  }
  lit_at[256] = (unsigned char)q;
}

/* False when no degree can start at the ASCII letter s[i], whose run of
 * letters is l long (l > 15: longer): a cheap test, exact for every way
 * degree_at can succeed (a lits[] entry with that first byte; a read_words
 * word of 4–12 letters starting with the first three letters of one; an
 * abbreviation whose first segment is at most 6 letters and, when 2 or more,
 * starts with the first two letters of a key — a key exactly l long when no
 * dot follows, as the key is then that one segment — or a single letter
 * followed by a dot, or a capital B or M followed by a dash or a space:
 * "B-Tech"). */
static bool may_start(const char *s, size_t n, size_t i, size_t l) {
  unsigned char c = (unsigned char)s[i];
  if (lit_at[c] != lit_at[c + 1]) return true;
  int f = to_lower(c) - 'a';
  if (l == 1)
    return (i + 1 < n && s[i + 1] == '.' && by_letter[f][0]) ||
           ((c == 'B' || c == 'M') && i + 2 < n && (s[i + 1] == '-' || s[i + 1] == ' ')); /* "B-Tech" */
  int g = to_lower((unsigned char)s[i + 1]) - 'a';
  if (l >= 4 && l <= 12 && (word_tri[f][g] >> (to_lower((unsigned char)s[i + 2]) - 'a') & 1)) return true;
  if (l > 6) return false;
  if (i + l < n && s[i + l] == '.') return abbr_pair[f][g];
  return abbr_lens[f][g] >> l & 1;
}

/* The degree starting at s[i], if any. */
static const char *degree_at(const char *s, size_t n, size_t i, bool canon, size_t *end) {
  const char *c;
  if ((c = read_lit(s, n, i, end))) return c;
  if (!is_alpha((unsigned char)s[i])) return NULL;
  /* "B-Tech", "B Tech", "M-tech": the letter and the word apart */
  if ((s[i] == 'B' || s[i] == 'M') && i + 2 < n && (s[i + 1] == '-' || s[i + 1] == ' ')) {
    size_t e = word_ci(s, n, i + 2, "tech");
    if (e) {
      *end = e;
      return s[i] == 'B' ? "BTech" : "MTech";
    }
  }
  if ((c = read_words(s, n, i, canon, end))) return c;
  const abbr *a = read_abbr(s, n, i, canon, end);
  return a ? a->canon : NULL;
}

/* The end of a run of abbreviated degrees joined to the one ending at e
 * ("MSc & BSc", "BA/MA", "B.S. and M.S."): one degree phrase, so that what
 * follows it ("in Physics") is read as the field of both. Up to three more. */
size_t cvx_degree_run_end(const char *s, size_t n, size_t e) {
  pthread_once(&index_once, build_index);
  for (int k = 0; k < 3; k++) {
    size_t j = skip_sp(s, n, e, 2), w;
    if (j < n && (s[j] == '&' || s[j] == '/')) j++;
    else if ((w = word_ci(s, n, j, "and"))) j = w;
    else return e;
    j = skip_sp(s, n, j, 2);
    size_t e2;
    if (j >= n || !is_alpha((unsigned char)s[j]) || !read_abbr(s, n, j, false, &e2)) return e;
    e = e2;
  }
  return e;
}

bool cvx_degree_find(const char *s, size_t n, const char **study_type, size_t *mstart,
                     size_t *mend) {
  if (study_type) *study_type = NULL;
  if (!s) return false;
  pthread_once(&index_once, build_index);
  size_t i = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (is_alpha(c)) {
      /* a word start, not inside an abbreviation (U.S.A.) or an identifier (a_b) */
      bool start = i == 0 || (!is_alnum((unsigned char)s[i - 1]) &&
                              !((s[i - 1] == '.' || s[i - 1] == '_') && i >= 2 &&
                                is_alnum((unsigned char)s[i - 2])));
      size_t e, l = 1;
      while (i + l < n && is_alpha((unsigned char)s[i + l]) && l <= 15) l++;
      const char *t = start && may_start(s, n, i, l) ? degree_at(s, n, i, false, &e) : NULL;
      if (t) {
        if (study_type) *study_type = t;
        if (mstart) *mstart = i;
        if (mend) *mend = e;
        return true;
      }
      i += l;
      while (i < n && is_alpha((unsigned char)s[i])) i++;
    } else {
      size_t e;
      const char *t = c >= 0xc0 ? degree_at(s, n, i, false, &e) : NULL;
      if (t) {
        if (study_type) *study_type = t;
        if (mstart) *mstart = i;
        if (mend) *mend = e;
        return true;
      }
      i++;
    }
  }
  return false;
}

const char *cvx_degree_canonical(const char *s, size_t n) {
  if (!s) return NULL;
  pthread_once(&index_once, build_index);
  size_t a = 0, z = n;
  while (a < z && (s[a] == ' ' || s[a] == '\t' || s[a] == '\n')) a++;
  while (z > a && (s[z - 1] == ' ' || s[z - 1] == '\t' || s[z - 1] == '\n' || s[z - 1] == ','))
    z--;
  if (a == z) return NULL;
  size_t e;
  const char *t = degree_at(s, z, a, true, &e);
  if (!t) return NULL;
  if (e < z && s[e] == '.') e++;
  if (e == z) return t;
  /* the degree and its area: "B.S. in Physics", "Master of Electrical Engineering" */
  size_t k = skip_sp(s, z, e, 2);
  if (k > e && (word_ci(s, z, k, "in") || word_ci(s, z, k, "of"))) return t;
  if (s[e] == ',' || s[e] == '(') return t;
  return NULL;
}
