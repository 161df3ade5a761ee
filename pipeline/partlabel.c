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
