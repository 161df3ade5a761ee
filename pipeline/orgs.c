/* orgs.c — the organisation / role / place grammar: word tables that tell
 * "Initech Inc." from "Staff Engineer" from "Loveland, CO", shared by every
 * extractor that splits an entry line into its parts. */
#include "grammar.h"
#include "places.h"
#include "swar.h"

#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Words that mark an organisation (matched as whole words, case-insensitive). */
static const char *const org_words[] = {
    "university", "universität", "universitat", "université", "universite", "universidad",
    "universidade", "università", "universiteit", "college", "institute", "institut",
    "instituto", "istituto", "school", "academy", "polytechnic", "politecnico", "eth", "epfl",
    "mit", "laboratory", "laboratories", "lab", "labs", "center", "centre", "centro",
    "inc", "inc.", "llc", "l.l.c.", "ltd", "ltd.", "limited", "pvt", "pvt.", "llp", "incorporated", "gmbh", "ag",
    "corp", "corp.",
    "corporation", "company", "co.", "group", "foundation", "hospital", "agency",
    "department", "dept", "dept.", "faculty", "ministry", "council", "society",
    "association", "bank", "technologies", "technology", "systems", "solutions", "software",
    "studio", "studios", "consulting", "partners", "labs.", "research", "sa", "s.a.",
    "srl", "s.r.l.", "bv", "b.v.", "plc", "network", "services", "media", "games",
    "museum", "library", "google", "microsoft", "amazon", "facebook", "meta", "apple",
    "ibm", "intel", "nvidia", "netflix", "adobe", "oracle", "baidu", "alibaba", "tencent",
    "huawei", "samsung", "nasa", "cern", "inria", "cnrs", "max", "planck", "fraunhofer",
    "national", "federal", "state", "startup", "team", "project", "club", "navy", "army",
    "air", "force", "government", "council", "office", "ecole", "école", "École", "hochschule",
    "escuela", "scuola", "universiti", "universitas", "conservatory", "seminary", "trust",
    NULL};

/* CJK organisation suffixes (substring match). */
static const char *const org_cjk[] = {"大学", "学院", "研究所", "研究院", "公司", "实验室",
                                      "中心", "科学院", "集团", "医院", "银行", NULL};

/* Words that mark a role or job title. */
static const char *const role_words[] = {
    "engineer", "engineering", "developer", "programmer", "intern", "internship",
    "assistant", "researcher", "scientist", "manager", "director", "professor", "lecturer",
    "analyst", "consultant", "fellow", "associate", "lead", "head", "founder", "co-founder",
    "cofounder", "ceo", "cto", "cfo", "coo", "vp", "president", "postdoc", "postdoctoral",
    "post-doctoral", "student", "candidate", "designer", "architect", "administrator",
    "officer", "specialist", "coordinator", "instructor", "tutor", "trainee", "volunteer",
    "member", "chair", "editor", "reviewer", "advisor", "adviser", "mentor", "teacher",
    "technician", "owner", "partner", "principal", "staff", "senior", "junior", "sr.", "jr.",
    "chief", "executive", "supervisor", "representative", "writer", "author", "maintainer",
    "contributor", "ra", "ta", "gra", "gta", "sde", "swe", "sre", "devops", "freelance",
    "freelancer", "contractor", "visiting", "adjunct", "emeritus", "lecturer", "teaching",
    "apprentice", "clerk", "cashier", "server", "barista", "waiter", "waitress", "bartender",
    "coach", "nurse", "physician", "doctor", "attorney", "lawyer", "accountant", "auditor",
    "planner", "strategist", "producer", "organizer", "organiser", "webmaster", "treasurer",
    "secretary", "ambassador", "leader", "worker", "operator", "agent", "investigator",
    "pi", "phd", "graduate", "undergraduate", "research", "hacker", "evangelist", "expert",
    "host", "moderator", "convener", "convenor", "trainer", "recruiter", "therapist", "counselor",
    "counsellor", "librarian", "curator", "translator", "photographer", "journalist", "reporter",
    "pharmacist", "surgeon", "dentist", "electrician", "mechanic", "technologist", "inspector", "surveyor",
    "receptionist", "tester", "economist", "statistician", "chemist", "biologist", "physicist",
    "psychologist", "underwriter", "actuary", "estimator", "paralegal", "caregiver", "dispatcher",
    "salesperson", "merchandiser", "copywriter", "illustrator", "animator",
    /* the same in Spanish, Portuguese, French, Italian, German and Russian */
    "ingeniero", "ingeniera", "desarrollador", "desarrolladora", "programador", "programadora",
    "analista", "gerente", "jefe", "jefa", "consultor", "consultora", "becario", "becaria",
    "investigador", "investigadora", "profesor", "profesora", "diseñador", "diseñadora",
    "arquitecto", "coordinador", "coordinadora", "técnico", "técnica", "asistente", "responsable",
    "engenheiro", "engenheira", "desenvolvedor", "desenvolvedora", "estagiário", "estagiária",
    "coordenador", "pesquisador", "pesquisadora", "diretor", "diretora", "líder", "especialista",
    "ingénieur", "développeur", "développeuse", "stagiaire", "chercheur", "chercheuse",
    "enseignant", "enseignante", "chargé", "chargée", "directeur", "directrice", "analyste",
    "doctorant", "doctorante", "ingegnere", "sviluppatore", "ricercatore", "ricercatrice",
    "docente", "ingenieur", "entwickler", "entwicklerin", "programmierer", "programmiererin", "berater",
    "leiter", "leiterin", "praktikant",
    "praktikantin", "werkstudent", "doktorand", "doktorandin", "dozent", "referent",
    "инженер", "Инженер", "разработчик", "Разработчик", "программист", "Программист",
    "руководитель", "Руководитель", "менеджер", "Менеджер", "аналитик", "Аналитик",
    "стажер", "стажёр", "Стажер", "директор", "Директор", "специалист", "Специалист",
    "ведущий", "Ведущий", "старший", "Старший", "преподаватель", "Преподаватель",
    "тестировщик", "Тестировщик", "консультант", "дизайнер", "Дизайнер",
    NULL};

static const char *const role_cjk[] = {"工程师", "研究员", "实习", "助理", "教授", "讲师",
                                       "经理", "主任", "学生", "博士后", "开发", "顾问", NULL};

/* US states and Canadian provinces, as the two-letter codes used in "City, ST". */
static const char *const regions[] = {
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN",
    "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV",
    "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN",
    "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC", "ON", "QC", "BC", "AB", "NS",
    NULL};

static const char *const countries[] = {
    "USA", "U.S.A.", "US", "United States", "UK", "U.K.", "United Kingdom", "England",
    "Scotland", "Wales", "Ireland", "Canada", "Mexico", "Brazil", "Argentina", "Chile",
    "Colombia", "Peru", "France", "Germany", "Italy", "Spain", "Portugal", "Netherlands",
    "Belgium", "Switzerland", "Austria", "Denmark", "Sweden", "Norway", "Finland",
    "Iceland", "Poland", "Czech Republic", "Czechia", "Hungary", "Greece", "Turkey",
    "Russia", "Ukraine", "Romania", "Israel", "Egypt", "India", "Pakistan", "Bangladesh",
    "China", "P.R. China", "PR China", "Hong Kong", "Taiwan", "Japan", "Korea",
    "South Korea", "Singapore", "Malaysia", "Indonesia", "Vietnam", "Thailand",
    "Philippines", "Australia", "New Zealand", "South Africa", "Nigeria", "Kenya",
    "Saudi Arabia", "UAE", "Qatar", "Iran", "Luxembourg", "Estonia", "Latvia",
    "Lithuania", "Slovenia", "Croatia", "Serbia", "Bulgaria", "Slovakia", "Deutschland", "España",
    "Россия", "Украина", "Беларусь", "Казахстан", "Германия", NULL};

/* Large cities, in English and in their own script, that stand for a place
 * when written alone as a column ("Volgatek, Moscow (…)"): a city name cannot be
 * told from a company name by its shape, so only well-known ones count. */
static const char *const cities[] = {
    "Moscow", "Москва", "Saint Petersburg", "Saint-Petersburg", "St. Petersburg",
    "Санкт-Петербург", "Novosibirsk", "Новосибирск", "Kazan", "Казань", "Kyiv", "Kiev",
    "Киев", "Київ", "Minsk", "Минск", "Almaty", "Алматы", "London", "Paris", "Berlin",
    "Munich", "München", "Hamburg", "Vienna", "Wien", "Zurich", "Zürich", "Geneva",
    "Amsterdam", "Brussels", "Madrid", "Barcelona", "Lisbon", "Rome", "Milan", "Milano",
    "Warsaw", "Prague", "Budapest", "Stockholm", "Oslo", "Copenhagen", "Helsinki", "Dublin",
    "Istanbul", "Tel Aviv", "Dubai", "New York", "New York City", "San Francisco",
    "Los Angeles", "Seattle", "Boston", "Chicago", "Toronto", "Vancouver", "Montreal",
    "Tokyo", "Seoul", "Singapore", "Beijing", "Shanghai", "Shenzhen", "Hangzhou",
    "Guangzhou", "Chengdu", "Hong Kong", "Taipei", "Bangalore", "Bengaluru", "Mumbai",
    "Delhi", "New Delhi", "Hyderabad", "Sydney", "Melbourne", "São Paulo", "Sao Paulo",
    "北京", "上海", "深圳", "杭州", "广州", "成都", "南京", "武汉", "西安", "香港", NULL};

/* Country names (as matched in locations) and their ISO 3166-1 alpha-2 codes. */
static const char *const country_codes[][2] = {
    {"USA", "US"}, {"U.S.A.", "US"}, {"US", "US"}, {"United States", "US"}, {"UK", "GB"},
    {"U.K.", "GB"}, {"United Kingdom", "GB"}, {"England", "GB"}, {"Scotland", "GB"},
    {"Wales", "GB"}, {"Ireland", "IE"}, {"Canada", "CA"}, {"Mexico", "MX"}, {"Brazil", "BR"},
    {"Argentina", "AR"}, {"Chile", "CL"}, {"Colombia", "CO"}, {"Peru", "PE"}, {"France", "FR"},
    {"Germany", "DE"}, {"Italy", "IT"}, {"Spain", "ES"}, {"Portugal", "PT"},
    {"Netherlands", "NL"}, {"Belgium", "BE"}, {"Switzerland", "CH"}, {"Austria", "AT"},
    {"Denmark", "DK"}, {"Sweden", "SE"}, {"Norway", "NO"}, {"Finland", "FI"}, {"Iceland", "IS"},
    {"Poland", "PL"}, {"Czech Republic", "CZ"}, {"Czechia", "CZ"}, {"Hungary", "HU"},
    {"Greece", "GR"}, {"Turkey", "TR"}, {"Russia", "RU"}, {"Ukraine", "UA"}, {"Romania", "RO"},
    {"Israel", "IL"}, {"Egypt", "EG"}, {"India", "IN"}, {"Pakistan", "PK"},
    {"Bangladesh", "BD"}, {"China", "CN"}, {"P.R. China", "CN"}, {"PR China", "CN"},
    {"Hong Kong", "HK"}, {"Taiwan", "TW"}, {"Japan", "JP"}, {"Korea", "KR"},
    {"South Korea", "KR"}, {"Singapore", "SG"}, {"Malaysia", "MY"}, {"Indonesia", "ID"},
    {"Vietnam", "VN"}, {"Thailand", "TH"}, {"Philippines", "PH"}, {"Australia", "AU"},
    {"New Zealand", "NZ"}, {"South Africa", "ZA"}, {"Nigeria", "NG"}, {"Kenya", "KE"},
    {"Saudi Arabia", "SA"}, {"UAE", "AE"}, {"Qatar", "QA"}, {"Iran", "IR"},
    {"Luxembourg", "LU"}, {"Estonia", "EE"}, {"Latvia", "LV"}, {"Lithuania", "LT"},
    {"Slovenia", "SI"}, {"Croatia", "HR"}, {"Serbia", "RS"}, {"Bulgaria", "BG"},
    {"Slovakia", "SK"}, {"Deutschland", "DE"}, {"España", "ES"}, {"Россия", "RU"},
    {"Украина", "UA"}, {"Беларусь", "BY"}, {"Казахстан", "KZ"}, {"Германия", "DE"},
    {NULL, NULL}};

/* --------------------------------------------------------- table indexes */

/* Each word table is searched through an index built once: entry lengths and,
 * per first byte (ASCII-folded, as strncasecmp folds in the C locale), the
 * entries starting with it in table order, so a lookup compares only the few
 * entries that can match and returns the same first match as a full scan. */
#define TABLE_MAX 512
typedef struct windex {
  const char *const *t;
  unsigned char len[TABLE_MAX];
  unsigned short order[TABLE_MAX];  /* entry numbers grouped by folded first byte */
  unsigned short by_len[TABLE_MAX]; /* the same groups, each by length, equal lengths in table order */
  unsigned short bstart[257];     /* bucket b is order[bstart[b], bstart[b + 1]) */
  uint64_t lens[256];             /* bucket b's entry lengths: bit l (bit 63: 63 or more) */
} windex;

static windex ix_org, ix_role, ix_regions, ix_countries, ix_cities, ix_ccodes;
static const char *ccode_names[TABLE_MAX];
static pthread_once_t ix_once = PTHREAD_ONCE_INIT;

static unsigned char fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c; }

static void index_build(windex *ix, const char *const *t) {
  size_t n = 0, count[256] = {0};
  ix->t = t;
  for (; t[n]; n++) {
    size_t m = strlen(t[n]);
    if (n + 1 >= TABLE_MAX || m > 255 || m == 0) abort(); /* a build defect */
    ix->len[n] = (unsigned char)m;
    count[fold((unsigned char)t[n][0])]++;
    ix->lens[fold((unsigned char)t[n][0])] |= (uint64_t)1 << (m < 63 ? m : 63);
  }
  size_t pos = 0;
  for (int b = 0; b < 256; b++) {
    ix->bstart[b] = (unsigned short)pos;
    pos += count[b];
  }
  ix->bstart[256] = (unsigned short)pos;
  size_t fill[256];
  for (int b = 0; b < 256; b++) fill[b] = ix->bstart[b];
  for (size_t k = 0; k < n; k++) ix->order[fill[fold((unsigned char)t[k][0])]++] = (unsigned short)k;
  /* by_len: each group sorted by length with a stable insertion sort */
  memcpy(ix->by_len, ix->order, sizeof ix->by_len);
  for (int b = 0; b < 256; b++)
    for (size_t q = ix->bstart[b] + 1u; q < ix->bstart[b + 1]; q++) {
      unsigned short k = ix->by_len[q];
      size_t j = q;
      while (j > ix->bstart[b] && ix->len[ix->by_len[j - 1]] > ix->len[k]) {
        ix->by_len[j] = ix->by_len[j - 1];
        j--;
      }
      ix->by_len[j] = k;
    }
}

static bool word_char_slow(unsigned char c);
static bool word_bytes[256]; /* word_char_slow of every byte, set with the indexes */

static void indexes_build(void) {
  for (unsigned c = 0; c < 256; c++) word_bytes[c] = word_char_slow((unsigned char)c);
  size_t n = 0;
  for (; country_codes[n][0]; n++) {
    if (n + 1 >= TABLE_MAX) abort();
    ccode_names[n] = country_codes[n][0];
  }
  ccode_names[n] = NULL;
  index_build(&ix_org, org_words);
  index_build(&ix_role, role_words);
  index_build(&ix_regions, regions);
  index_build(&ix_countries, countries);
  index_build(&ix_cities, cities);
  index_build(&ix_ccodes, ccode_names);
}

static void indexes(void) { pthread_once(&ix_once, indexes_build); }

/* The first entry equal to w[0,n) ignoring ASCII case, or -1. */
static int ix_find(const windex *ix, const char *w, size_t n) {
  if (n == 0) return -1;
  unsigned b = fold((unsigned char)w[0]);
  if (!(ix->lens[b] >> (n < 63 ? n : 63) & 1)) return -1; /* no entry that long */
  /* by length, equal lengths in table order: the first equal entry is the one
   * a scan in table order finds */
  for (unsigned q = ix->bstart[b]; q < ix->bstart[b + 1]; q++) {
    unsigned k = ix->by_len[q];
    if (ix->len[k] < n) continue;
    if (ix->len[k] > n) break;
    const unsigned char *e = (const unsigned char *)ix->t[k];
    size_t c = 1; /* byte 0 matched by the bucket */
    while (c < n && fold(e[c]) == fold((unsigned char)w[c])) c++;
    if (c == n) return (int)k;
  }
  return -1;
}

const char *cvx_country_code(const char *s, size_t n) {
  indexes();
  int k = ix_find(&ix_ccodes, s, n);
  if (k >= 0) return country_codes[k][1];
  const cvx_place *p = cvx_place_find(s, n); /* every ISO 3166-1 country */
  return p && p->kind == 'C' ? p->cc : NULL;
}

/* A byte of a word: ASCII letters and digits (isalnum in the C locale, which
 * cvx never leaves), any non-ASCII byte, '-', '.' and '\''. */
static bool word_char_slow(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80 ||
         c == '-' || c == '.' || c == '\'';
}
static bool word_char(unsigned char c) { return word_bytes[c]; }

static bool in_table(const windex *ix, const char *w, size_t n) { return ix_find(ix, w, n) >= 0; }

/* Whether s[0,n) holds an entry of t (CJK words: every entry starts with a
 * lead byte of a 3-byte sequence, so text without one holds none). */
static bool has_sub(const char *const *t, const char *s, size_t n) {
  size_t k = 0;
  /* ASCII runs 8 bytes at a time */
  for (; k + 8 <= n; k += 8)
    if (swar_nonascii(swar_load8(s + k))) break;
  for (; k < n; k++) {
    if ((unsigned char)s[k] < 0xE0) continue; /* no entry starts here */
    for (int i = 0; t[i]; i++) {
      if (t[i][0] != s[k]) continue;
      size_t m = strlen(t[i]);
      if (m <= n - k && memcmp(s + k, t[i], m) == 0) return true;
    }
  }
  return false;
}

/* The next word of s[0,n) at or after *i (a run of word_char bytes, so
 * trailing dots stay and commas cut): sets *start and moves *i past it;
 * returns its length, 0 when there is none left. */
static size_t next_word(const char *s, size_t n, size_t *i, size_t *start) {
  size_t k = *i;
  while (k < n && !word_char((unsigned char)s[k])) k++;
  size_t st = k;
  while (k < n && word_char((unsigned char)s[k])) k++;
  *i = k;
  *start = st;
  return k - st;
}

/* Twice the number of words of s[0,n) in table (a word also counts without
 * its trailing dots, hyphens and apostrophes); *nwords gets the word count. */
/* True when the word s[0,n) ends as the names of trades and sciences'
 * practitioners do ("ecologist", "statistician", "cartographer"): a role
 * noun no list needs to hold. */
static bool role_suffix(const char *s, size_t n) {
  static const char *const suf[] = {"ologist", "ologists", "ician", "icians", "ographer", "ographers", NULL};
  for (int k = 0; suf[k]; k++) {
    size_t m = strlen(suf[k]);
    if (n >= m + 2 && strncasecmp(s + n - m, suf[k], m) == 0) return true;
  }
  /* German joins a role noun to what it works on in one word
   * ("Softwareentwickler", "Projektleiterin", "Web-Programmierer"): the
   * word ends in a role noun of the list after a stem of three letters or
   * more */
  /* (every head ends in r, t, n or u, and a compound is longer than 8
   * bytes: most words are done here) */
  char last = n ? (char)tolower((unsigned char)s[n - 1]) : 0;
  if (n < 9 || (last != 'r' && last != 't' && last != 'n' && last != 'u')) return false;
  static const char *const heads[] = {"entwickler", "programmierer", "ingenieur", "berater", "leiter",
                                      "techniker", "mitarbeiter", "architekt", "assistent", "praktikant",
                                      "lehrer", "designer", "manager", "referent", "kaufmann", "kauffrau",
                                      NULL};
  for (int k = 0; heads[k]; k++) {
    size_t m = strlen(heads[k]);
    for (int fem = 0; fem < 2; fem++) {
      size_t e = n - (fem ? 2 : 0);
      if (fem && strncasecmp(s + n - 2, "in", 2) != 0) continue; /* (n >= 9 here) */
      if (e >= m + 3 && strncasecmp(s + e - m, heads[k], m) == 0) return true;
    }
  }
  return false;
}

static int score_words(const char *s, size_t n, const windex *table, int *nwords) {
  int score = 0, idx = 0;
  size_t i = 0, st, len;
  while ((len = next_word(s, n, &i, &st))) {
    /* strip trailing punctuation but keep abbreviations such as "Inc." */
    if (in_table(table, s + st, len)) {
      score += 2;
    } else {
      while (len && (s[st + len - 1] == '.' || s[st + len - 1] == '-' || s[st + len - 1] == '\''))
        len--;
      if (len && (in_table(table, s + st, len) || (table == &ix_role && role_suffix(s + st, len)))) score += 2;
      /* "Co-host", "co-organiser", "Co-PI": a title shared is a title */
      else if (table == &ix_role && len > 3 && strncasecmp(s + st, "co-", 3) == 0 && in_table(table, s + st + 3, len - 3))
        score += 2;
    }
    idx++;
  }
  if (nwords) *nwords = idx;
  return score;
}

/* Role words that only qualify a title ("Research Assistant", "Senior
 * Engineer"): without a role noun beside them they name no role. */
static const char *const role_modifiers[] = {
    "research", "senior", "junior", "staff", "teaching", "visiting", "principal", "chief",
    "executive", "freelance", "sr.", "jr.", "graduate", "undergraduate", "adjunct", "emeritus",
    "phd", NULL};

static bool word_in_list(const char *const *t, const char *w, size_t n) {
  for (int i = 0; t[i]; i++)
    if (strlen(t[i]) == n && strncasecmp(t[i], w, n) == 0) return true;
  return false;
}

/* True when s[0,n) is a capitalised name of two or more words ending in an
 * organisation word ("Globex Research", "Kestrel Labs", "Vision Group") with
 * no role noun in it: a unit's name, not a title, even when a word of it
 * ("Research") can also qualify a title. */
static bool org_headed(const char *s, size_t n) {
  size_t i = 0, last = 0, last_len = 0, st, len;
  int words = 0;
  while ((len = next_word(s, n, &i, &st))) {
    unsigned char c0 = (unsigned char)s[st];
    bool connector = (len == 2 && strncmp(s + st, "of", 2) == 0) ||
                     (len == 3 && (strncmp(s + st, "and", 3) == 0 || strncmp(s + st, "for", 3) == 0)) ||
                     (len == 1 && c0 == '&');
    if (!connector && !isupper(c0) && !isdigit(c0)) return false;
    if (in_table(&ix_role, s + st, len) && !word_in_list(role_modifiers, s + st, len)) return false;
    last = st, last_len = len;
    words++;
  }
  return words >= 2 && words <= 6 && in_table(&ix_org, s + last, last_len);
}

int cvx_org_score(const char *s, size_t n) {
  int nw = 0;
  indexes();
  int score = score_words(s, n, &ix_org, &nw);
  if (score && org_headed(s, n)) score += 1;
  if (has_sub(org_cjk, s, n)) score += 3;
  /* "of" inside a capitalised phrase: "University of X", "Bank of Y" */
  if (score && n > 4) {
    for (size_t i = 0; i + 4 <= n; i++)
      if (memcmp(s + i, " of ", 4) == 0) {
        score += 1;
        break;
      }
  }
  if (nw > 8) score -= 2; /* a sentence, not a name */
  return score < 0 ? 0 : score;
}

bool cvx_role_noun(const char *w, size_t n) {
  /* (role words that name a field or a kind of work, not its doer) */
  static const char *const not_doers[] = {"engineering", "internship", "devops", "freelance", NULL};
  return cvx_role_score(w, n) > 0 && !word_in_list(role_modifiers, w, n) && !word_in_list(not_doers, w, n);
}

bool cvx_role_piece(const char *s, size_t n) {
  size_t from = 0;
  for (size_t i = 0; i <= n; i++) {
    size_t mark = 0; /* the length of a mark at i */
    if (i < n) {
      unsigned char c = (unsigned char)s[i];
      if (c == ',' || c == '|' || c == ';' || c == '\t' || c == '\n' || c == '(' || c == ')') mark = 1;
      else if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xB7) mark = 2;
      else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
               ((unsigned char)s[i + 2] == 0x93 || (unsigned char)s[i + 2] == 0x94))
        mark = 3;
      else if (c == '-' && i > 0 && s[i - 1] == ' ' && i + 1 < n && s[i + 1] == ' ') mark = 1;
      if (!mark) continue;
    }
    if (i > from && cvx_role_score(s + from, i - from) > 0) return true;
    from = i + (mark ? mark : 1);
    i = from - 1;
  }
  return false;
}

bool cvx_service_role(const char *s, size_t n) {
  /* the doers of unpaid service: a meeting's organisers, a journal's
   * reviewers and referees, a volunteer; "co-" before one is the same role.
   * (Not "chair", a department's head, nor "judge" or "moderator", which
   * are jobs too.) */
  static const char *const doers[] = {"organizer", "organiser", "organizers", "organisers", "organizing", "organising",
                                      "reviewer", "reviewers", "referee", "volunteer", "volunteering", "rapporteur",
                                      "convener", "convenor", "voluntario", "voluntaria", "bénévole", "gutachter",
                                      "ehrenamtlich", NULL};
  indexes();
  size_t i = 0, st, len;
  while ((len = next_word(s, n, &i, &st))) {
    const char *w = s + st;
    if (len > 3 && strncasecmp(w, "co-", 3) == 0) w += 3, len -= 3;
    if (word_in_list(doers, w, len)) return true;
  }
  return false;
}

bool cvx_school_named(const char *s, size_t n) {
  /* stems, matched anywhere in a word ("Universidad", "Hochschule",
   * "Istituto"), in any case */
  static const char *const stems[] = {"universi", "college", "colegio", "school", "institut", "istituto",
                                      "academy", "academia", "akademi", "polytechnic", "politecnic", "ecole",
                                      "école", "École", "hochschule", "escuela", "scuola", "conservato", "seminary", "faculdade",
                                      "facultad", "大学", "学院", NULL};
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i] | 0x20; /* (ASCII letters folded; the stems' other bytes are >= 0x80) */
    for (int k = 0; stems[k]; k++) {
      if (((unsigned char)stems[k][0] | 0x20) != c) continue; /* the first byte first: most differ there */
      size_t m = strlen(stems[k]);
      if (i + m <= n && strncasecmp(s + i, stems[k], m) == 0) return true;
    }
  }
  return false;
}

int cvx_role_score(const char *s, size_t n) {
  int nw = 0;
  indexes();
  int score = score_words(s, n, &ix_role, &nw);
  if (score && org_headed(s, n)) return 0;
  if (has_sub(role_cjk, s, n)) score += 3;
  if (nw > 8) score -= 2;
  return score < 0 ? 0 : score;
}

/* Matches a table entry at s[i..] as a whole word; returns its length or 0
 * (the first entry in table order that fits, as a full scan would). */
static size_t match_entry(const windex *ix, const char *s, size_t n, size_t i, bool exact_case) {
  if (i >= n) return 0;
  unsigned b = fold((unsigned char)s[i]);
  for (unsigned q = ix->bstart[b]; q < ix->bstart[b + 1]; q++) {
    unsigned k = ix->order[q];
    const char *e = ix->t[k];
    size_t m = ix->len[k];
    if (i + m > n) continue;
    if (exact_case) {
      if (memcmp(s + i, e, m) != 0) continue;
    } else {
      size_t c = 1; /* byte 0 matched by the bucket */
      while (c < m && fold((unsigned char)e[c]) == fold((unsigned char)s[i + c])) c++;
      if (c < m) continue;
    }
    if (i + m < n && (isalnum((unsigned char)s[i + m]) || (unsigned char)s[i + m] >= 0x80)) continue;
    return m;
  }
  return 0;
}

/* The first standalone "remote" (any case) starting with byte c, or SIZE_MAX;
 * n >= 6. Not one a word follows on its line: "Remote Sensing", "remote
 * teams" qualify what follows. */
static size_t remote_at(const char *s, size_t n, char c) {
  for (const char *p = memchr(s, c, n - 5); p; p = memchr(p + 1, c, n - 5 - (size_t)(p + 1 - s))) {
    size_t i = (size_t)(p - s);
    if ((i == 0 || !isalpha((unsigned char)s[i - 1])) && strncasecmp(s + i, "remote", 6) == 0 &&
        (i + 6 == n || !isalpha((unsigned char)s[i + 6]))) {
      size_t k = i + 6;
      while (k < n && s[k] == ' ') k++;
      if (k < n && k > i + 6 && isalpha((unsigned char)s[k])) continue;
      return i;
    }
  }
  return SIZE_MAX;
}

/* The first ", " at or after s[from], or n. */
static size_t comma_space(const char *s, size_t n, size_t from) {
  for (size_t j = from; j < n;) {
    const char *p = memchr(s + j, ',', n - j);
    if (!p) break;
    j = (size_t)(p - s);
    if (j + 1 < n && s[j + 1] == ' ') return j;
    j++;
  }
  return n;
}

/* The first column start at or after i: the text start, the byte after a
 * '\n', or the byte after ", "; n or more when there is none. *nl and *cm keep
 * the newline and the ", " found last (SIZE_MAX before the first call; i must
 * not decrease between calls), so a scan over all columns reads the text once. */
static size_t col_next(const char *s, size_t n, size_t i, size_t *nl, size_t *cm) {
  if (i == 0) return 0;
  if (i >= n) return n;
  if (*nl == SIZE_MAX || *nl < i - 1) {
    const char *p = memchr(s + i - 1, '\n', n - (i - 1));
    *nl = p ? (size_t)(p - s) : n;
  }
  size_t from = i >= 2 ? i - 2 : 0;
  if (*cm == SIZE_MAX || *cm < from) *cm = comma_space(s, n, from);
  size_t a = *nl < n ? *nl + 1 : n, b = *cm < n ? *cm + 2 : n;
  return a < b ? a : b;
}

/* True when a region code (a whole word) follows a space somewhere in s[0,n):
 * the one place the "Kerrville TX" reading below takes a code from. */
static bool region_after_space(const char *s, size_t n) {
  for (const char *p = memchr(s, ' ', n); p; p = memchr(p + 1, ' ', n - (size_t)(p + 1 - s))) {
    size_t k = (size_t)(p - s) + 1;
    if (k + 1 < n && isupper((unsigned char)s[k]) && isupper((unsigned char)s[k + 1]) &&
        match_entry(&ix_regions, s, n, k, true))
      return true;
  }
  return false;
}

bool cvx_location_find(const char *s, size_t n, size_t *mstart, size_t *mend) {
  indexes();
  if (!s || n == 0) return false; /* nothing to find (and no memchr on NULL) */
  /* a place named before "Remote" on its line comes first ("Roanoke, VA
   * USA (remote)"); "Remote" alone is the place otherwise */
  if (n >= 6) {
    size_t lo = remote_at(s, n, 'r'), up = remote_at(s, n, 'R');
    size_t i = lo < up ? lo : up;
    if (i < n) {
      size_t a, b, ls = i; /* (on Remote's own line) */
      while (ls > 0 && s[ls - 1] != '\n') ls--;
      if (i > ls && cvx_location_find(s + ls, i - ls, &a, &b)) {
        a += ls, b += ls;
        *mstart = a;
        *mend = b;
        /* "(remote)" right after the place is part of it */
        size_t q = b;
        while (q < i && (s[q] == ' ' || s[q] == '(' || s[q] == ',' || s[q] == '-')) q++;
        if (q == i) {
          *mend = i + 6;
          if (*mend < n && s[*mend] == ')' && memchr(s + b, '(', i - b)) (*mend)++;
        }
        return true;
      }
      *mstart = i;
      *mend = i + 6;
      /* a place right after it ("Remote, Girona, Spain") is part of it */
      size_t q = i + 6, le = q;
      while (le < n && s[le] != '\n') le++;
      while (q < le && (s[q] == ' ' || s[q] == ',' || s[q] == '-' || s[q] == '(')) q++;
      if (q > i + 6 && q < le && cvx_location_find(s + q, le - q, &a, &b) && a == 0) {
        *mend = q + b;
        if (*mend < le && s[*mend] == ')' && memchr(s + i, '(', *mend - i)) (*mend)++;
      }
      return true;
    }
  }
  /* "City, ST" / "City, Country": one to three capitalised words, a comma, a
   * region code or a country name. */
  for (const char *cp = memchr(s, ',', n); cp; cp = memchr(cp + 1, ',', n - (size_t)(cp + 1 - s))) {
    size_t i = (size_t)(cp - s);
    size_t j = i + 1;
    while (j < n && s[j] == ' ') j++;
    size_t m = match_entry(&ix_regions, s, n, j, true);
    bool country = false;
    if (!m) country = (m = match_entry(&ix_countries, s, n, j, false)) > 0;
    if (!m && j < n && (isupper((unsigned char)s[j]) || (unsigned char)s[j] >= 0x80) && !cvx_place_at(s, n, j, &m))
      m = 0; /* a country or first-level region of the gazetteer ("Pune, Maharashtra") */
    if (!m) continue;
    /* a region's name that goes on in capitalised words is longer than the
     * entry it matched ("West" of "West Yorkshire"): the name is all of them */
    if (!country) {
      bool code = true;
      for (size_t q = j; q < j + m && code; q++) code = !islower((unsigned char)s[q]);
      for (int w = 0; !code && w < 2 && j + m + 1 < n && s[j + m] == ' ' && isupper((unsigned char)s[j + m + 1]) &&
                      !match_entry(&ix_countries, s, n, j + m + 1, false);
           w++) {
        size_t e = j + m + 1;
        while (e < n && (isalpha((unsigned char)s[e]) || (unsigned char)s[e] >= 0x80)) e++;
        m = e - j;
      }
    }
    /* walk back over the city: capitalised words */
    size_t k = i;
    int words = 0;
    size_t start = i;
    bool org_before = false;
    while (k > 0 && words < 3) {
      size_t e = k;
      while (e > 0 && s[e - 1] == ' ') e--;
      size_t b = e;
      while (b > 0 && (isalpha((unsigned char)s[b - 1]) || (unsigned char)s[b - 1] >= 0x80 ||
                       s[b - 1] == '.' || s[b - 1] == '-' || s[b - 1] == '\''))
        b--;
      if (b == e) break;
      unsigned char c0 = (unsigned char)s[b];
      if (!(isupper(c0) || c0 >= 0x80)) break;
      /* a dash between an employer and its city ("Norte — Madrid, Spain") */
      if (e - b == 3 && c0 == 0xE2 && (unsigned char)s[b + 1] == 0x80 &&
          ((unsigned char)s[b + 2] == 0x93 || (unsigned char)s[b + 2] == 0x94))
        break;
      /* organisation words are not part of a city */
      if (score_words(s + b, e - b, &ix_org, NULL) || score_words(s + b, e - b, &ix_role, NULL)) {
        org_before = e == k || s[e] == ' ';
        break;
      }
      start = b;
      words++;
      k = b;
    }
    if (!words) continue;
    /* "Toowoomba, QLD, Australia": a region code no table knows (two or
     * three capitals) between a city and its country: the city is the
     * capitalised words before it */
    if (country && words == 1 && !org_before && i - start >= 2 && i - start <= 3 && start >= 3 &&
        s[start - 1] == ' ' && s[start - 2] == ',') {
      bool code = true;
      for (size_t q = start; q < i && code; q++) code = isupper((unsigned char)s[q]);
      size_t q = start - 2, city = q;
      for (int w = 0; code && w < 3 && q > 0; w++) {
        size_t e = q;
        while (e > 0 && s[e - 1] == ' ') e--;
        size_t b = e;
        while (b > 0 && (isalpha((unsigned char)s[b - 1]) || (unsigned char)s[b - 1] >= 0x80 || s[b - 1] == '.' ||
                         s[b - 1] == '-'))
          b--;
        if (b == e || !(isupper((unsigned char)s[b]) || (unsigned char)s[b] >= 0x80) ||
            score_words(s + b, e - b, &ix_org, NULL) || score_words(s + b, e - b, &ix_role, NULL))
          break;
        city = b;
        q = b;
      }
      if (code && city < start - 2) start = city;
    }
    /* "Studio Brisa, Valencia": capitalised words right after an
     * organisation's word go on with its name; unless they are a known city,
     * the place is what follows the comma (a city that names its region,
     * "Valencia", or the region alone) */
    if (org_before && match_entry(&ix_cities, s, n, start, false) < i - start) {
      *mstart = j;
      *mend = j + m;
      return true;
    }
    /* "University of Hong Kong, Hong Kong SAR": the city words end a name */
    {
      size_t e = start;
      while (e > 0 && s[e - 1] == ' ') e--;
      size_t b = e;
      while (b > 0 && isalpha((unsigned char)s[b - 1])) b--;
      if (e - b == 2 && e < start &&
          (strncmp(s + b, "of", 2) == 0 || strncmp(s + b, "de", 2) == 0 || strncmp(s + b, "du", 2) == 0 ||
           strncmp(s + b, "di", 2) == 0))
        continue;
    }
    *mstart = start;
    *mend = j + m;
    /* "City, ST, USA"; "City, ST USA" after a region's code */
    size_t t = j + m;
    bool code_only = m >= 2 && m <= 3;
    for (size_t q = j; q < j + m && code_only; q++) code_only = isupper((unsigned char)s[q]);
    if (t < n && (s[t] == ',' || (s[t] == ' ' && code_only))) {
      size_t u = t + 1;
      while (u < n && s[u] == ' ') u++;
      size_t mm = match_entry(&ix_countries, s, n, u, false);
      if (mm) *mend = u + mm;
    }
    return true;
  }
  /* a well-known city (or a place of the gazetteer, a state that names
   * its capital) and its region's code after a slash ("Rio de Janeiro/RJ"
   * in Brazilian usage) */
  for (const char *sl = memchr(s, '/', n); sl; sl = memchr(sl + 1, '/', n - (size_t)(sl + 1 - s))) {
    size_t j = (size_t)(sl - s) + 1;
    if (j + 2 > n || !isupper((unsigned char)s[j]) || !isupper((unsigned char)s[j + 1]) ||
        (j + 2 < n && (isalnum((unsigned char)s[j + 2]) || (unsigned char)s[j + 2] >= 0x80)))
      continue;
    /* the city: the known city that ends at the slash */
    size_t i = (size_t)(sl - s);
    for (size_t b = i; b-- > 0;) {
      if (b > 0 && s[b - 1] != ' ' && s[b - 1] != '\n' && s[b - 1] != '\t' && (unsigned char)s[b - 1] < 0x80 &&
          isalpha((unsigned char)s[b - 1]))
        continue;
      if (i - b > 40) break;
      size_t pl = 0;
      if (match_entry(&ix_cities, s, n, b, false) == i - b || (cvx_place_at(s, i, b, &pl) && pl == i - b)) {
        *mstart = b;
        *mend = j + 2;
        return true;
      }
    }
  }
  /* a well-known city as a column of its own: after a line start or ", ",
   * before a line end, ",", "(" or "/" */
  size_t nl = SIZE_MAX, cm = SIZE_MAX;
  for (size_t i = col_next(s, n, 0, &nl, &cm); i < n; i = col_next(s, n, i + 1, &nl, &cm)) {
    /* a column that starts with a newline holds nothing: the byte after a
     * run of them starts the next column (cut lines are runs of newlines) */
    while (i < n && s[i] == '\n') i++;
    if (i >= n) break;
    size_t m = match_entry(&ix_cities, s, n, i, false);
    if (!m) continue;
    size_t e = i + m;
    while (e < n && s[e] == ' ') e++;
    if (e < n && s[e] != '\n' && s[e] != ',' && s[e] != '(' && s[e] != '/') continue;
    *mstart = i;
    *mend = i + m;
    return true;
  }
  /* "Kerrville TX" as a column of its own (after ", " or a line start, and
   * ending the column): one or two capitalised words and a region code, with
   * an optional country ("Kerrville TX USA") */
  if (!region_after_space(s, n)) return false; /* the code the loop below needs */
  nl = cm = SIZE_MAX;
  for (size_t i = col_next(s, n, 0, &nl, &cm); i + 4 <= n; i = col_next(s, n, i + 1, &nl, &cm)) {
    while (i < n && s[i] == '\n') i++; /* as above */
    if (i + 4 > n) break;
    size_t k = i;
    int words = 0;
    size_t m = 0;
    while (k < n && words < 3) {
      m = words ? match_entry(&ix_regions, s, n, k, true) : 0; /* a code only after a word */
      if (m) break;
      size_t e = k;
      while (e < n && (isalpha((unsigned char)s[e]) || (unsigned char)s[e] >= 0x80 || s[e] == '-' || s[e] == '.')) e++;
      if (e == k || !isupper((unsigned char)s[k]) || e - k < 3) break;
      bool caps = true;
      for (size_t q = k; q < e && caps; q++) caps = !islower((unsigned char)s[q]);
      if (caps || score_words(s + k, e - k, &ix_org, NULL) || score_words(s + k, e - k, &ix_role, NULL)) break;
      words++;
      if (e >= n || s[e] != ' ') break;
      k = e + 1;
    }
    if (!m || !words) continue;
    size_t end = k + m;
    if (end < n && s[end] == ' ') {
      size_t mm = match_entry(&ix_countries, s, n, end + 1, false);
      if (mm) end = end + 1 + mm;
    }
    if (!(end == n || s[end] == '\n' || s[end] == ',')) continue;
    *mstart = i;
    *mend = end;
    return true;
  }
  return false;
}
