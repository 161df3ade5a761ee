/* secvote.c — a section's kind voted by its content: features from the words
 * and from the shared grammars, weighed by the trained section model. */
#include "secvote.h"

#include "grammar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The built-in model, compiled from pipeline/models/section.model. */
extern const char *const cvx_model_section_text;
extern const size_t cvx_model_section_text_len;

static cvx_model *section_model;

/* Class names of the model, by kind, in the model file's order. "talk" is a
 * projects section of talks. */
static const struct {
  const char *name;
  cvx_rec_kind kind;
} classes[] = {
    {"work", CVX_REC_WORK},         {"volunteer", CVX_REC_VOLUNTEER},
    {"education", CVX_REC_EDUCATION}, {"award", CVX_REC_AWARD},
    {"certificate", CVX_REC_CERTIFICATE}, {"publication", CVX_REC_PUBLICATION},
    {"skill", CVX_REC_SKILL},       {"language", CVX_REC_LANGUAGE},
    {"interest", CVX_REC_INTEREST}, {"reference", CVX_REC_REFERENCE},
    {"project", CVX_REC_PROJECT},   {"talk", CVX_REC_PROJECT},
    {"news", CVX_REC_NEWS},         {"basics", CVX_REC_BASICS},
};
#define NCLASSES (sizeof classes / sizeof classes[0])

/* The vote must win by this much (the difference of the two best scores,
 * per feature of the section) to name a section; below, it abstains. */
#ifndef CVX_VOTE_MARGIN
#define CVX_VOTE_MARGIN 0.05f
#endif

/* CVX_SECTION_DEBUG=1: each vote's scores on standard error. */
static bool vote_debug;

bool cvx_secvote_init(void) {
  if (section_model) return true;
  vote_debug = getenv("CVX_SECTION_DEBUG") != NULL;
  section_model = cvx_model_load("CVX_SECTION_MODEL", cvx_model_section_text, cvx_model_section_text_len, "section");
  return section_model != NULL;
}

void cvx_secvote_cleanup(void) {
  cvx_model_free(section_model);
  section_model = NULL;
}

int cvx_secvote_classes(const char **names, int max) {
  int n = 0;
  for (size_t i = 0; i < NCLASSES && n < max; i++) names[n++] = classes[i].name;
  return n;
}

const char *cvx_secvote_class(cvx_rec_kind kind, bool talks) {
  if (kind == CVX_REC_PROJECT) return talks ? "talk" : "project";
  for (size_t i = 0; i < NCLASSES; i++)
    if (classes[i].kind == kind) return classes[i].name;
  return NULL;
}

/* ------------------------------------------------------------- features */

/* Grammar look-ups read at most this much of a line, and a section at most
 * this many lines: enough to know what it holds, and linear in any input. */
#define LINE_CAP 300
#define MAX_LINES 200
#define MAX_WORD 24

enum flag {
  F_RANGE, F_DATE, F_YEAR, F_DEGREE, F_EMAIL, F_URL, F_PHONE, F_ORG, F_ROLE, F_PLACE, F_PERSON, F_QUOTE,
  F_ETAL, F_COMMAS, F_PERIOD, F_NUMBERED, F_SHORT, F_MEDIUM, F_LONG, F_ITEM, F_PARA, F_ROW, F_SUBHEAD,
  F_COLON, F_PAREN, F_PROSE, F_CITE, F__COUNT
};
static const char *const flag_names[F__COUNT] = {
    "range", "date", "year", "degree", "email", "url", "phone", "org", "role", "place", "person", "quote",
    "etal", "commas", "period", "numbered", "short", "medium", "long", "item", "para", "row", "subhead",
    "colon", "paren", "prose", "cite"};

static bool is_word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

static bool has_sub(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  for (size_t i = 0; i + m <= n; i++)
    if (memcmp(s + i, w, m) == 0) return true;
  return false;
}

/* Adds the word features of one line; counts words into *words and four-digit
 * years into *years. */
static void line_words(const char *s, size_t n, cvx_features *f, int *words, bool *year) {
  char w[MAX_WORD + 1];
  for (size_t i = 0; i < n;) {
    while (i < n && !is_word_byte((unsigned char)s[i])) i++;
    size_t j = i;
    bool digits = true;
    while (j < n && is_word_byte((unsigned char)s[j])) digits &= s[j] >= '0' && s[j] <= '9', j++;
    if (j == i) break;
    size_t len = j - i;
    (*words)++;
    if (digits) {
      if (len == 4 && (s[i] == '1' || s[i] == '2') && (s[i + 1] == '9' || s[i + 1] == '0')) *year = true;
    } else if (len >= 2) {
      size_t m = len < MAX_WORD ? len : MAX_WORD;
      for (size_t k = 0; k < m; k++) {
        unsigned char c = (unsigned char)s[i + k];
        w[k] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
      }
      cvx_features_add(f, "w:", w, m);
    }
    i = j;
  }
}

/* A line of running prose: a dozen words or more, mostly starting in lower
 * case ("I received my degree in 2014 from …"), or for text without spaces a
 * long line with an ideographic full stop. */
static bool prose_line(const char *s, size_t n, int words) {
  int lower = 0;
  for (size_t i = 0; i < n; i++)
    if (s[i] >= 'a' && s[i] <= 'z' && (i == 0 || s[i - 1] == ' ')) lower++;
  if (words >= 12 && lower * 2 >= words) return true;
  if (n < 60) return false;
  for (size_t i = 0; i + 2 < n; i++)
    if ((unsigned char)s[i] == 0xe3 && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x82) return true;
  return false;
}

/* The flags of one line of a block. */
static void line_flags(const char *s, size_t n, const cvx_block *b, bool first_line, int words, bool year,
                       bool fl[F__COUNT]) {
  size_t cap = n < LINE_CAP ? n : LINE_CAP;
  cvx_daterange d;
  if (cvx_date_find(s, cap, &d)) fl[d.range ? F_RANGE : F_DATE] = true;
  fl[F_YEAR] = year;
  const char *st;
  size_t a, e;
  fl[F_DEGREE] = cvx_degree_find(s, cap, &st, &a, &e);
  fl[F_EMAIL] = memchr(s, '@', cap) != NULL;
  fl[F_URL] = has_sub(s, cap, "http") || has_sub(s, cap, "www.");
  fl[F_PHONE] = cvx_phone_find(s, cap, &a, &e);
  fl[F_ORG] = cvx_org_score(s, cap) > 0;
  fl[F_ROLE] = cvx_role_score(s, cap) > 0;
  fl[F_PLACE] = cvx_location_find(s, cap, &a, &e);
  fl[F_PERSON] = cvx_is_person_name(s, cap);
  fl[F_QUOTE] = memchr(s, '"', cap) || has_sub(s, cap, "\xe2\x80\x9c");
  fl[F_ETAL] = has_sub(s, cap, "et al");
  int commas = 0;
  for (size_t i = 0; i < cap; i++) commas += s[i] == ',' || s[i] == ';';
  fl[F_COMMAS] = commas >= 3;
  fl[F_PERIOD] = n && s[n - 1] == '.';
  fl[F_NUMBERED] = n && (s[0] == '[' || (s[0] >= '0' && s[0] <= '9'));
  fl[F_SHORT] = words <= 3;
  fl[F_MEDIUM] = words > 3 && words <= 12;
  fl[F_LONG] = words > 12;
  fl[F_ITEM] = b->kind == CVX_BLK_ITEM && first_line;
  fl[F_PARA] = b->kind == CVX_BLK_PARA && first_line;
  fl[F_ROW] = b->kind == CVX_BLK_ROW;
  fl[F_SUBHEAD] = b->kind == CVX_BLK_HEADING;
  fl[F_COLON] = memchr(s, ':', cap) != NULL;
  fl[F_PAREN] = memchr(s, '(', cap) != NULL;
  fl[F_PROSE] = prose_line(s, n, words);
  fl[F_CITE] = cvx_citation_line(s, n < LINE_CAP ? n : LINE_CAP);
}

/* Does s[0,n) name a credential: a word that starts as "certif",
 * "licen", "accredit" or "credential" does ("AWS Certified Data Engineer",
 * "Driving Licence", "Certificate in Welding")? */
static bool names_credential(const char *s, size_t n) {
  static const char *const stems[] = {"certif", "licen", "accredit", "credential", "zertifi", "certyfik", NULL};
  for (size_t i = 0; i < n; i++) {
    if (i > 0 && is_word_byte((unsigned char)s[i - 1])) continue;
    for (int k = 0; stems[k]; k++)
      if (i + strlen(stems[k]) <= n && strncasecmp(s + i, stems[k], strlen(stems[k])) == 0) return true;
  }
  return false;
}

/* (a name of four words at most, a dash or a colon, then an indefinite
 * article and three words or more: a thing made, not a level) */
bool cvx_defines_thing(const char *s, size_t n) {
  static const char *const articles[] = {"a ", "an ", "un ", "una ", "une ", "ein ", "eine ", "um ", "uma ", NULL};
  size_t i = 0;
  int words = 0;
  while (i < n && words <= 4) {
    while (i < n && s[i] == ' ') i++;
    if (i >= n) return false;
    /* the separator: " - ", " — ", " – " or ": " */
    size_t sep = 0;
    if (s[i] == '-' && i > 0 && s[i - 1] == ' ' && i + 1 < n && s[i + 1] == ' ') sep = 1;
    else if ((unsigned char)s[i] == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
             ((unsigned char)s[i + 2] == 0x93 || (unsigned char)s[i + 2] == 0x94) && i > 0 && s[i - 1] == ' ')
      sep = 3;
    if (sep) {
      i += sep;
      break;
    }
    size_t w = i;
    while (i < n && s[i] != ' ' && s[i] != ':') i++;
    if (i > w) words++;
    if (i < n && s[i] == ':') {
      i++;
      break;
    }
  }
  if (!words || words > 4 || i >= n) return false;
  while (i < n && s[i] == ' ') i++;
  for (int k = 0; articles[k]; k++) {
    size_t l = strlen(articles[k]);
    if (i + l <= n && strncasecmp(s + i, articles[k], l) == 0) {
      int more = 0;
      for (size_t q = i + l; q < n; q++) more += s[q] != ' ' && s[q - 1] == ' ';
      return more >= 3;
    }
  }
  return false;
}

/* A share as a coarse bin: none, a few, some, most. */
static const char *share_bin(int k, int n) {
  if (k == 0) return "0";
  if (k * 6 < n) return "lo";
  if (k * 2 < n) return "mid";
  return "hi";
}

/* What scan counts in a section, for the vote's rules beside the model. */
typedef struct tally {
  int lines;      /* lines read */
  int prose;      /* … of running prose */
  int blocks;     /* blocks read (plus 100 when one is a list item or a row: a list is never prose) */
  int jobby;      /* lines with a date, plus lines with a role: what a job has */
  int orgs;       /* lines that name an organisation */
  int heads;      /* lines with a date that are no sentence */
  int cites;      /* lines that read as references */
  int role_heads; /* blocks whose first line names a role and a date and is no sentence */
  int read;       /* blocks read */
  int cert_heads; /* blocks whose first line names a credential ("Certified …", "… Licence") */
  int schools;    /* blocks whose first line names a school */
  int things;     /* lines that name a thing and say what it is ("tidewatch — a tool that …") */
} tally;

/* The features of [first, end) into f, and its counts into *t. */
static void scan(const cvx_block *first, const cvx_block *end, cvx_features *f, tally *t) {
  cvx_features_clear(f);
  cvx_features_add(f, "bias", NULL, 0);
  int count[F__COUNT] = {0};
  int lines = 0, blocks = 0, heads = 0, role_heads = 0, cert_heads = 0, schools = 0, things = 0;
  for (const cvx_block *b = first; b && b != end && lines < MAX_LINES; b = b->next) {
    if (b->kind == CVX_BLK_RULE || !b->text) continue;
    blocks++;
    const char *s = b->text, *stop = b->text + b->len;
    bool first_line = true;
    while (s < stop && lines < MAX_LINES) {
      const char *nl = memchr(s, '\n', (size_t)(stop - s));
      size_t n = nl ? (size_t)(nl - s) : (size_t)(stop - s);
      while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
      int words = 0;
      bool year = false;
      line_words(s, n, f, &words, &year);
      if (words) {
        bool fl[F__COUNT] = {0};
        line_flags(s, n, b, first_line, words, year, fl);
        for (int i = 0; i < F__COUNT; i++) count[i] += fl[i];
        heads += !fl[F_PROSE] && (fl[F_RANGE] || fl[F_DATE] || fl[F_YEAR]);
        role_heads += first_line && !fl[F_PROSE] && (fl[F_RANGE] || fl[F_DATE]) &&
                      (fl[F_ROLE] || cvx_role_piece(s, n < LINE_CAP ? n : LINE_CAP));
        cert_heads += first_line && !fl[F_PROSE] && names_credential(s, n < LINE_CAP ? n : LINE_CAP);
        schools += first_line && cvx_school_named(s, n < LINE_CAP ? n : LINE_CAP);
        things += cvx_defines_thing(s, n < LINE_CAP ? n : LINE_CAP);
        lines++;
        first_line = false;
      }
      s = nl ? nl + 1 : stop;
    }
  }
  *t = (tally){.lines = lines,
               .prose = count[F_PROSE],
               .blocks = count[F_ITEM] || count[F_ROW] ? blocks + 100 : blocks,
               .jobby = count[F_RANGE] + count[F_DATE] + count[F_YEAR] + count[F_ROLE],
               .orgs = count[F_ORG],
               .heads = heads,
               .cites = count[F_CITE],
               .role_heads = role_heads,
               .cert_heads = cert_heads,
               .schools = schools,
               .things = things,
               .read = blocks};
  char name[64];
  for (int i = 0; i < F__COUNT; i++) {
    /* how many lines show it (none, one, several) and what share */
    snprintf(name, sizeof name, "g:%s=%s", flag_names[i], share_bin(count[i], lines));
    cvx_features_add(f, name, NULL, 0);
    snprintf(name, sizeof name, "n:%s=%s", flag_names[i], count[i] == 0 ? "0" : count[i] == 1 ? "1" : "2+");
    cvx_features_add(f, name, NULL, 0);
  }
  snprintf(name, sizeof name, "lines=%s",
           lines == 0 ? "0" : lines == 1 ? "1" : lines <= 3 ? "2-3" : lines <= 10 ? "4-10" : "many");
  cvx_features_add(f, name, NULL, 0);
  snprintf(name, sizeof name, "blocks=%s", blocks <= 1 ? "1" : blocks <= 4 ? "2-4" : "many");
  cvx_features_add(f, name, NULL, 0);
  cvx_features_close(f);
}

void cvx_section_features(const cvx_block *first, const cvx_block *end, cvx_features *f) {
  tally t;
  scan(first, end, f, &t);
}

/* The vote's grammar rule for things made, on a tally. */
static bool things_made(const tally *t) { return t->things >= 2 && t->things * 2 >= t->lines && !t->jobby; }

bool cvx_section_things(const cvx_block *first, const cvx_block *end) {
  cvx_features f;
  cvx_features_init(&f);
  tally t;
  scan(first, end, &f, &t);
  cvx_features_free(&f);
  return things_made(&t);
}

cvx_rec_kind cvx_section_vote(const cvx_block *first, const cvx_block *end, bool *talks) {
  return cvx_section_vote_strict(first, end, talks, 1.0f);
}

static cvx_rec_kind vote(const cvx_block *first, const cvx_block *end, bool *talks, float strict, bool lists,
                         cvx_rec_kind near);

cvx_rec_kind cvx_section_vote_strict(const cvx_block *first, const cvx_block *end, bool *talks, float strict) {
  return vote(first, end, talks, strict, false, CVX_REC_SECTION);
}

cvx_rec_kind cvx_section_vote_lists(const cvx_block *first, const cvx_block *end, bool *talks) {
  return vote(first, end, talks, 1.0f, true, CVX_REC_SECTION);
}

bool cvx_section_vote_near(const cvx_block *first, const cvx_block *end, cvx_rec_kind kind) {
  bool talks;
  return vote(first, end, &talks, 1.0f, false, kind) == kind;
}

static cvx_rec_kind vote(const cvx_block *first, const cvx_block *end, bool *talks, float strict, bool lists,
                         cvx_rec_kind near) {
  *talks = false;
  if (!section_model) return CVX_REC_SECTION;
  cvx_features f;
  cvx_features_init(&f);
  tally t;
  scan(first, end, &f, &t);
  float sc[CVX_MODEL_MAX_CLASSES];
  int best = cvx_model_predict(section_model, &f, sc);
  int k = cvx_model_nclasses(section_model);
  /* a job has a date or a role: a section of ten lines or more with
   * neither in nineteen lines of twenty is not jobs, whatever its words (a
   * long list of tools and firms' names) */
  if (t.lines >= 10 && t.jobby * 20 < t.lines)
    for (int i = 0; i < k; i++)
      if (strcmp(cvx_model_class(section_model, i), "work") == 0) sc[i] = -1e30f;
  best = 0;
  for (int i = 1; i < k; i++)
    if (sc[i] > sc[best]) best = i;
  int second = best == 0 ? 1 : 0;
  for (int i = 0; i < k; i++)
    if (i != best && sc[i] > sc[second]) second = i;
  size_t nf = f.n;
  cvx_features_free(&f);
  if (vote_debug) {
    fprintf(stderr, "secvote lines=%d prose=%d blocks=%d jobby=%d role_heads=%d features=%zu margin=%.3f need=%.3f:", t.lines, t.prose, t.blocks, t.jobby, t.role_heads,
            nf, (double)(sc[best] - sc[second]), (double)(strict * CVX_VOTE_MARGIN * (float)nf));
    for (int i = 0; i < k; i++) fprintf(stderr, " %s=%.2f", cvx_model_class(section_model, i), (double)sc[i]);
    fprintf(stderr, " | %.60s\n", first && first->text ? first->text : "");
  }
  /* two lines or more, half of them at least, that name a thing and say
   * what it is ("tidewatch — a command-line tool that …"), with no date
   * or role, are projects, however the words vote and however much they
   * read as prose */
  if (things_made(&t)) return CVX_REC_PROJECT;
  /* a few paragraphs of running prose hold facts in sentences (the prose
   * reader's work), not entries: the vote abstains on them, unless two
   * lines or more of them are no sentence and hold a date, as entries'
   * heads do ("Máster en … · Universidad … · 2019-2021" over a sentence
   * on its thesis, and the next degree) */
  if (!lists && t.prose * 2 >= t.lines && t.blocks <= 3 && t.heads < 2) return CVX_REC_SECTION;
  /* ten lines or more of organisations' names alone, with no date or role,
   * do not say what the organisations were to the person (employers,
   * clients, schools, tools of a vendor): the vote abstains on them */
  if (t.lines >= 10 && t.jobby * 20 < t.lines && t.orgs * 10 >= t.lines * 9) return CVX_REC_SECTION;
  if (k < 2) return CVX_REC_SECTION;
  /* half its lines or more read as references (their authors as
   * references write names, a year, a title and a venue: the grammar's
   * word): papers, or talks when the model says so, whatever the rest
   * votes and however close the vote */
  const char *bname = cvx_model_class(section_model, best);
  if (t.cites && t.cites * 2 >= t.lines && strcmp(bname, "talk") != 0) return CVX_REC_PUBLICATION;
  /* …and so are certificates a section half of whose entries open naming a
   * credential, where no line names a school (a degree's "Graduate
   * Certificate" is education), whatever the titles' words vote ("AWS
   * Certified Data Engineer – Associate, 2023" is no job) */
  if (t.cert_heads && t.cert_heads * 2 >= t.read && !t.schools && strcmp(bname, "award") != 0)
    return CVX_REC_CERTIFICATE;
  if ((sc[best] - sc[second]) < strict * CVX_VOTE_MARGIN * (float)nf) {
    /* too close to call alone; a kind the context expects wins it when it
     * is one of the two, and so do jobs when half the blocks or more open
     * with a line that names a role and its dates, as a job's head does
     * ("Publications Editor · Initech · 2020 – present"): the grammar's
     * word where the model knows too few of the words */
    if (near == CVX_REC_SECTION && t.role_heads && t.role_heads * 2 >= t.read) near = CVX_REC_WORK;
    if (near == CVX_REC_SECTION) return CVX_REC_SECTION;
    const char *want = cvx_secvote_class(near, false);
    if (!want || (strcmp(cvx_model_class(section_model, best), want) != 0 &&
                  strcmp(cvx_model_class(section_model, second), want) != 0))
      return CVX_REC_SECTION;
    return near;
  }
  const char *name = cvx_model_class(section_model, best);
  for (size_t i = 0; i < NCLASSES; i++) {
    if (strcmp(classes[i].name, name) != 0) continue;
    /* the person's details are read at the top; a later section of them
     * under an unknown heading is not voted into basics */
    if (classes[i].kind == CVX_REC_BASICS) return CVX_REC_SECTION;
    *talks = strcmp(name, "talk") == 0;
    return classes[i].kind;
  }
  return CVX_REC_SECTION;
}
