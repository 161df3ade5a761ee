/* partlabel.c — the words that label a part of one entry ("Responsibilities",
 * "Key achievements", "ROLES AND RESPONSIBILITIES"), as opposed to the
 * section headings of sections.c: a line of them inside an entry labels the
 * lines under it. Read by the text extractor (no heading), the entry
 * segmenter (a detail line) and the field labeller (no field). */
#include "sections.h"

#include <stdbool.h>
#include <stddef.h>

/* s[0,n) is w, ignoring ASCII case. */
static bool part_equals_ci(const char *s, size_t n, const char *w) {
  size_t i = 0;
  for (; i < n && w[i]; i++) {
    unsigned char a = (unsigned char)s[i], b = (unsigned char)w[i];
    if ((a >= 'A' && a <= 'Z' ? a | 0x20 : a) != (b >= 'A' && b <= 'Z' ? b | 0x20 : b)) return false;
  }
  return i == n && w[i] == '\0';
}

/* A label that introduces part of one entry ("Responsibilities", "Key
 * achievements", "Основные обязанности и достижения"): label words, with
 * words that qualify or join them, five words at most. */
bool cvx_entry_part_label(const char *s, size_t n) {
  static const char *const labels[] = {
      "responsibilities", "duties", "tasks", "achievements", "accomplishments", "highlights", "results",
      "aufgaben", "erfolge", "tätigkeiten", "missions", "réalisations", "realisations", "logros", "funciones",
      "responsabilidades", "tareas", "atividades", "realizações", "conquistas", "mansioni", "risultati",
      "обязанности", "Обязанности", "достижения", "Достижения", "задачи", "Задачи", "результаты",
      "Результаты", NULL};
  static const char *const joins[] = {
      "key", "main", "major", "selected", "roles", "and", "&", "/", "wichtigste", "und", "principales",
      "principais", "y", "e", "principaux", "et", "основные", "Основные", "ключевые", "Ключевые",
      "главные", "Главные", "и", NULL};
  int words = 0;
  bool label = false;
  for (size_t i = 0; i < n;) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) i++;
    size_t j = i;
    while (j < n && s[j] != ' ' && s[j] != '\t' && s[j] != ',') j++;
    if (j == i) break;
    if (++words > 5) return false;
    bool known = false;
    for (int k = 0; labels[k] && !known; k++)
      if (part_equals_ci(s + i, j - i, labels[k])) known = label = true;
    for (int k = 0; joins[k] && !known; k++)
      if (part_equals_ci(s + i, j - i, joins[k])) known = true;
    if (!known) return false;
    i = j;
  }
  return label;
}

/* The length of a label in capitals that opens line s[0,n) in place of a
 * colon ("TEAM SIZE 20", "CLIENT Example Bank", "DURATION Jan-2014 to
 * Jun-2015"): words of one entry's details, all in capitals, then a space and
 * a value that is not in capitals (it has a lower-case letter or a digit);
 * 0 when the line opens otherwise. */
size_t cvx_caps_label(const char *s, size_t n) {
  static const char *const labels[] = {
      "duration", "period", "team size", "team", "client", "customer", "project", "project name", "project title",
      "product", "release", "releases", "role", "environment", "technology", "technologies", "tools",
      "tools used", "platform", "platforms", "database", "databases", "domain", "organisation", "organization",
      "company", "employer", "designation", "location", "module", "modules", "description", "language",
      "languages", "software", "hardware", "operating system", "os", NULL};
  /* the run of capitals words: up to three */
  size_t ends[3];
  int k = 0;
  size_t i = 0;
  while (k < 3 && i < n) {
    size_t j = i;
    while (j < n && s[j] >= 'A' && s[j] <= 'Z') j++;
    if (j - i < 2 || (j < n && s[j] != ' ')) break;
    ends[k++] = j;
    i = j + 1;
  }
  /* the longest run that names a label, over a value not in capitals */
  for (int w = k; w >= 1; w--) {
    size_t e = ends[w - 1];
    if (e + 1 >= n) continue;
    bool lower = false;
    for (size_t q = e + 1; q < n && !lower; q++) lower = (s[q] >= 'a' && s[q] <= 'z') || (s[q] >= '0' && s[q] <= '9');
    if (!lower) continue;
    /* the words [0, e) against the vocabulary, case folded */
    for (int v = 0; labels[v]; v++)
      if (part_equals_ci(s, e, labels[v])) return e;
  }
  return 0;
}

cvx_label_slot cvx_entry_field_label(const char *s, size_t n) {
  /* the words of each field, strongest field first (the enum's order) */
  static const struct {
    const char *word;
    cvx_label_slot field;
  } words[] = {
      {"company", CVX_FL_ORG}, {"employer", CVX_FL_ORG}, {"organisation", CVX_FL_ORG},
      {"organization", CVX_FL_ORG}, {"firm", CVX_FL_ORG}, {"college", CVX_FL_SCHOOL},
      {"university", CVX_FL_SCHOOL}, {"school", CVX_FL_SCHOOL}, {"institute", CVX_FL_SCHOOL},
      {"institution", CVX_FL_SCHOOL}, {"degree", CVX_FL_DEGREE}, {"qualification", CVX_FL_DEGREE},
      {"diploma", CVX_FL_DEGREE}, {"course", CVX_FL_DEGREE}, {"programme", CVX_FL_DEGREE},
      {"program", CVX_FL_DEGREE}, {"position", CVX_FL_POSITION}, {"role", CVX_FL_POSITION},
      {"designation", CVX_FL_POSITION}, {"occupation", CVX_FL_POSITION}, {"title", CVX_FL_POSITION},
      {"specialization", CVX_FL_FIELD}, {"specialisation", CVX_FL_FIELD}, {"major", CVX_FL_FIELD},
      {"branch", CVX_FL_FIELD}, {"stream", CVX_FL_FIELD}, {"discipline", CVX_FL_FIELD},
      {"field", CVX_FL_FIELD}, {"subject", CVX_FL_FIELD}, {"grade", CVX_FL_GRADE},
      {"gpa", CVX_FL_GRADE}, {"cgpa", CVX_FL_GRADE}, {"percentage", CVX_FL_GRADE},
      {"marks", CVX_FL_GRADE}, {"score", CVX_FL_GRADE}, {"dates", CVX_FL_DATES},
      {"date", CVX_FL_DATES}, {"duration", CVX_FL_DATES}, {"period", CVX_FL_DATES},
      {"tenure", CVX_FL_DATES}, {"year", CVX_FL_DATES}, {"years", CVX_FL_DATES},
      {"location", CVX_FL_PLACE}, {"address", CVX_FL_PLACE}, {"city", CVX_FL_PLACE},
      {"place", CVX_FL_PLACE}, {"responsibilities", CVX_FL_DUTIES}, {"activities", CVX_FL_DUTIES},
      {"duties", CVX_FL_DUTIES}, {"tasks", CVX_FL_DUTIES}, {"achievements", CVX_FL_DUTIES},
  };
  /* words that qualify or join them */
  static const char *const joins[] = {"name", "of", "and", "or", "the", "&", "/", "held", "awarded", "main",
                                      "key", "providing", "education", "job", "current", "official",
                                      "passing", "study", "obtained", "cumulative", "total", "employment",
                                      "work", "from", "to", NULL};
  cvx_label_slot best = CVX_FL_NONE;
  int count = 0;
  for (size_t i = 0; i < n;) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) i++;
    size_t j = i;
    while (j < n && s[j] != ' ' && s[j] != '\t' && s[j] != ',') j++;
    if (j == i) break;
    if (++count > 6) return CVX_FL_NONE;
    bool known = false;
    for (size_t k = 0; k < sizeof words / sizeof *words && !known; k++)
      if (part_equals_ci(s + i, j - i, words[k].word)) {
        known = true;
        if (best == CVX_FL_NONE || words[k].field < best) best = words[k].field;
      }
    for (int k = 0; joins[k] && !known; k++)
      if (part_equals_ci(s + i, j - i, joins[k])) known = true;
    if (!known) return CVX_FL_NONE;
    i = j;
  }
  return best;
}
