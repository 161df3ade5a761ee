/* test_rules.c — the validate rules: the code table, edit distance, and each
 * rule on small documents run through the pipeline (cvx_convert_bytes). */
#define _GNU_SOURCE /* open_memstream */
#include "rules.h"

#include "check.h"
#include "convert.h"
#include "report.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

/* The SARIF document for one file whose diagnostics carry codes[0..n) and
 * message msg, as text (to free). */
static char *sarif_text(const char *const *codes, size_t n, const char *msg, size_t *len) {
  char *buf = NULL;
  FILE *out = open_memstream(&buf, len);
  cvx_reporter *r = cvx_reporter_new(CVX_REPORT_SARIF, out);
  cvx_report_item items[4];
  for (size_t i = 0; i < n; i++)
    items[i] = (cvx_report_item){
        .severity = CVX_WARNING, .code = (char *)codes[i], .message = (char *)msg, .line = 1, .col = 1};
  cvx_result res = {.items = items, .nitems = n, .nwarnings = n};
  cvx_reporter_add(r, "p.md", &res);
  cvx_reporter_finish(r);
  fclose(out);
  return buf;
}

/* The same, parsed back (NULL when it does not parse). */
static json_t *sarif_of(const char *const *codes, size_t n) {
  size_t len = 0;
  char *buf = sarif_text(codes, n, "m", &len);
  json_t *doc = json_loadb(buf, len, 0, NULL);
  free(buf);
  return doc;
}

/* Whether the SARIF text for codes[0..n) and msg is, byte for byte, jansson's
 * dump of the document it parses to (the shared rule table's text is dumped
 * once and spliced in; this is the dump it stands for). */
static bool sarif_is_dump(const char *const *codes, size_t n, const char *msg) {
  size_t len = 0;
  char *buf = sarif_text(codes, n, msg, &len);
  json_t *doc = json_loadb(buf, len, 0, NULL);
  char *s = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
  bool same = s && len == strlen(s) + 1 && memcmp(buf, s, len - 1) == 0 && buf[len - 1] == '\n';
  free(s);
  json_decref(doc);
  free(buf);
  return same;
}

/* The id of rule i of a SARIF document's rule table, and the table's size. */
static const char *rule_id(json_t *doc, size_t i) {
  json_t *rules = json_object_get(json_object_get(json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "tool"), "driver"), "rules");
  return json_string_value(json_object_get(json_array_get(rules, i), "id"));
}
static size_t nrules(json_t *doc) {
  return json_array_size(json_object_get(json_object_get(json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "tool"), "driver"), "rules"));
}
static long rule_index(json_t *doc, size_t result) {
  json_t *res = json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "results");
  return (long)json_integer_value(json_object_get(json_array_get(res, result), "ruleIndex"));
}

/* Converts text with the rules on; true when a diagnostic with code is
 * reported (and, when line is not 0, on that line). */
static bool has_code(const char *display, const char *text, const char *code, unsigned line) {
  cvx_convert_opts o = {.want_json = true, .rules = true, .today = "2026-09"};
  cvx_result res;
  cvx_convert_bytes(display, (const unsigned char *)text, strlen(text), &o, &res);
  bool found = false;
  for (size_t i = 0; i < res.nitems; i++)
    if (strcmp(res.items[i].code, code) == 0 && (!line || res.items[i].line == line)) found = true;
  cvx_result_free(&res);
  return found;
}

/* tmpl into out[0,cap) with $1 replaced by a and $2 by b (cut at cap). */
static void expand(char *out, size_t cap, const char *tmpl, const char *a, const char *b) {
  size_t o = 0;
  for (const char *t = tmpl; *t && o + 1 < cap; t++) {
    const char *put = t[0] == '$' && t[1] == '1' ? a : t[0] == '$' && t[1] == '2' ? b : NULL;
    if (!put) {
      out[o++] = *t;
      continue;
    }
    for (; *put && o + 1 < cap; put++) out[o++] = *put;
    t++;
  }
  out[o] = '\0';
}

int main(void) {
  if (!cvx_convert_init()) return 1;
  size_t n;
  const cvx_rule *all = cvx_rules_all(&n);
  for (size_t i = 1; i < n; i++) CHECK(strcmp(all[i - 1].code, all[i].code) < 0, "table order at %s", all[i].code);
  CHECK(cvx_rule_find("heading.empty") != NULL, "find");
  CHECK(cvx_rule_find("no.such") == NULL, "find unknown");

  static const struct {
    const char *a, *b;
    unsigned want;
  } dist[] = {{"layuot", "layout", 1}, {"Xlayout", "layout", 1}, {"layout", "layout", 0},
              {"", "abc", 3},          {"kitten", "sitting", 3}, {"ab", "ba", 1}};
  for (size_t i = 0; i < sizeof dist / sizeof dist[0]; i++)
    CHECK(cvx_edit_distance(dist[i].a, dist[i].b, 5) == dist[i].want, "%s/%s", dist[i].a, dist[i].b);
  CHECK(cvx_edit_distance("a", "abcdefgh", 2) == 3, "capped");

  static const struct {
    const char *text, *code;
    unsigned line;
    bool want;
  } cases[] = {
      {"---\nlayuot: single\ntitle: x\n---\n\n# A\n\ntext\n", "frontmatter.misspelled-key", 2, true},
      {"---\nXlayout: single\n---\n\n# A\n\ntext\n", "frontmatter.misspelled-key", 2, true},
      {"---\nlayout: single\ntitle: x\n---\n\n# A\n\ntext\n", "frontmatter.misspelled-key", 0, false},
      {"---\nzzqqx: 1\n---\n\ntext\n", "frontmatter.unknown-key", 2, true},
      {"---\ndate: 2021-13-45\n---\n\ntext\n", "date.unparsed", 2, true},
      {"---\ndate: 2021-03-04 10:00:00 +0100\n---\n\ntext\n", "date.unparsed", 0, false},
      {"---\ndate: {{ page.x }}\n---\n\ntext\n", "date.unparsed", 0, false},
      {"# A\n\n## B\n\n## C\n\ntext\n", "heading.empty", 3, true},
      {"# A\n\n## B\n\n## C\n\ntext\n", "heading.empty", 1, false},
      {"# A\n\n```\n# not a heading\n```\n", "heading.empty", 0, false},
      {"See [](https://example.org) and more.\n", "link.empty", 1, true},
      {"See []() here.\n", "link.empty", 1, true},
      {"See [site]() here.\n", "link.empty", 1, true},
      {"See [site](htp://example.org) here.\n", "link.invalid-url", 1, true},
      {"See [site](https://example.org/a) here.\n", "link.invalid-url", 0, false},
      {"See [site](/about/) and [me](#top).\n", "link.invalid-url", 0, false},
      {"Mail [me](mailto:bob@) now.\n", "link.invalid-email", 1, true},
      {"Mail [me](mailto:bob@example.org) now.\n", "link.invalid-email", 0, false},
      {"See [site]({{ site.url }}) here.\n", "link.empty", 0, false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    CHECK(has_code("t.md", cases[i].text, cases[i].code, cases[i].line) == cases[i].want, "case %zu: %s", i,
          cases[i].code);

  /* repeated entries: keys of any length (a first field of 510 bytes and
   * more once overran entry_key's stack buffer), reported against the first
   * entry with the same key */
  {
    char *big = malloc(8192), *l600 = malloc(700), *l601 = malloc(700);
    memset(l600, 'x', 600);
    memcpy(l600, "Acme", 4);
    l600[600] = '\0';
    snprintf(l601, 700, "%sy", l600);
    static const struct {
      const char *tmpl; /* $1: a 600-byte name, $2: the same and one more byte */
      const char *code;
      unsigned line;
      bool want;
    } dups[] = {
        {"Experience\n$1$1\n", "entry.duplicate", 0, false},
        {"Experience\n\n$1, Engineer, 2019 - 2020\n\n$1, Engineer, 2019 - 2020\n", "entry.duplicate", 5, true},
        {"Experience\n\n$1, Engineer, 2019 - 2020\n\n$2, Engineer, 2019 - 2020\n", "entry.duplicate", 0, false},
        {"Experience\n\nAcme Corp, Engineer, 2019 - 2020\n\nBeta Ltd, Engineer, 2019 - 2020\n\n"
         "Acme Corp, Engineer, 2019 - 2020\n\nAcme Corp, Engineer, 2019 - 2020\n",
         "entry.duplicate", 7, true},
        {"Experience\n\nAcme Corp, Engineer, 2019 - 2020\n\nBeta Ltd, Engineer, 2019 - 2020\n\n"
         "Acme Corp, Engineer, 2019 - 2020\n\nAcme Corp, Engineer, 2019 - 2020\n",
         "entry.duplicate", 9, true},
        {"Experience\n\nAcme Corp, Engineer, 2019 - 2020\n\nAcme Corp, Engineer, 2021 - 2022\n", "entry.duplicate",
         0, false},
    };
    for (size_t i = 0; i < sizeof dups / sizeof dups[0]; i++) {
      expand(big, 8192, dups[i].tmpl, l600, l601);
      CHECK(has_code("t.txt", big, dups[i].code, dups[i].line) == dups[i].want, "duplicate case %zu", i);
    }
    free(big);
    free(l600);
    free(l601);
  }

  /* a kept unmapped line cut at 2,000 bytes says so (a note) */
  {
    char *t = malloc(8192);
    size_t o = (size_t)snprintf(t, 8192, "Experience\n");
    for (int i = 0; i < 1000; i++) o += (size_t)snprintf(t + o, 8192 - o, "word ");
    snprintf(t + o, 8192 - o, "\n");
    CHECK(has_code("t.txt", t, "unmapped.truncated", 2), "unmapped text cut: a note");
    CHECK(!has_code("t.txt", "Experience\nword word word word\n", "unmapped.truncated", 0), "short line: no note");
    free(t);
  }

  /* past 2,000 kept lines the rest are left out of the list, with a note at
   * the first one left out (here: 5,000 entries, then 2,100 unmapped lines) */
  {
    size_t cap = 7200 * 32;
    char *t = malloc(cap);
    size_t o = (size_t)snprintf(t, cap, "# Jane Doe\n\n## Skills\n\n");
    size_t at2000 = 0; /* the end of item 6,999: 2,000 unmapped lines */
    for (int i = 0; i < 7100; i++) {
      o += (size_t)snprintf(t + o, cap - o, "- alpha beta gamma %d\n", i);
      if (i == 6998) at2000 = o;
    }
    CHECK(has_code("s.md", t, "unmapped.truncated", 7004), "2,101 unmapped lines: a note at the first left out");
    t[at2000] = '\0';
    CHECK(!has_code("s.md", t, "unmapped.truncated", 0), "2,000 unmapped lines: no note");
    free(t);
  }

  /* JSON Resume files given directly */
  CHECK(has_code("r.json", "{\"basics\": [1,}", "json.syntax", 1), "json syntax");
  CHECK(has_code("r.json", "{\n  \"basics\": {\"email\": \"nope\"}\n}\n", "resume.schema-violation", 2),
        "schema error on the value's line");
  CHECK(!has_code("r.json", "{\"basics\": {\"name\": \"A B\"}}\n", "resume.schema-violation", 0), "valid json");

  /* report formats parse */
  cvx_report_format f;
  CHECK(cvx_report_format_parse("sarif", &f) && f == CVX_REPORT_SARIF, "sarif");
  CHECK(!cvx_report_format_parse("xml", &f), "xml refused");

  /* SARIF rule table: every known rule, in table order, shared by the
   * reporters; a code not in it is appended to that reporter's table only */
  {
    const char *const codes[] = {"x.not-a-rule", all[1].code, "x.not-a-rule", "y.not-a-rule"};
    for (int round = 0; round < 2; round++) {
      json_t *doc = sarif_of(codes, 4);
      CHECK(doc && nrules(doc) == n + 2, "sarif: the known rules and the two unknown codes");
      CHECK(doc && rule_index(doc, 0) == (long)n && rule_index(doc, 1) == 1 && rule_index(doc, 2) == (long)n &&
                rule_index(doc, 3) == (long)n + 1,
            "sarif: ruleIndex of known and unknown codes");
      CHECK(doc && rule_id(doc, 0) && strcmp(rule_id(doc, 0), all[0].code) == 0 && rule_id(doc, n + 1) &&
                strcmp(rule_id(doc, n + 1), "y.not-a-rule") == 0,
            "sarif: rule ids in order");
      json_decref(doc);
      doc = sarif_of(codes + 1, 1); /* a later reporter sees the shared table unchanged */
      CHECK(doc && nrules(doc) == n && rule_index(doc, 0) == 1, "sarif: the shared table is not changed by a reporter");
      json_decref(doc);
    }
  }
  /* the text is the document's dump, with the shared table (spliced in) and
   * with a reporter's own (a code not in the table), whatever the messages
   * hold (the splice looks for the table's key in the text) */
  {
    const char *const codes[] = {all[1].code, all[0].code, "x.not-a-rule"};
    const char *const msgs[] = {"m", "\"rules\": []", "a\n  \"rules\": []\n", "\"rules\": [] \"rules\": []"};
    for (size_t i = 0; i < sizeof msgs / sizeof msgs[0]; i++) {
      CHECK(sarif_is_dump(codes, 2, msgs[i]), "sarif text: shared table, message %zu", i);
      CHECK(sarif_is_dump(codes, 3, msgs[i]), "sarif text: own table, message %zu", i);
      CHECK(sarif_is_dump(codes, 0, msgs[i]), "sarif text: no results, message %zu", i);
    }
  }
  cvx_convert_cleanup();
  return check_done("rules");
}
