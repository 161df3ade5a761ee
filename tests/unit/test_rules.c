/* test_rules.c — the validate rules: the code table, edit distance, and each
 * rule on small documents run through the pipeline (cvx_convert_bytes). */
#include "rules.h"

#include "check.h"
#include "convert.h"
#include "report.h"

#include <stdlib.h>

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

  /* JSON Resume files given directly */
  CHECK(has_code("r.json", "{\"basics\": [1,}", "json.syntax", 1), "json syntax");
  CHECK(has_code("r.json", "{\n  \"basics\": {\"email\": \"nope\"}\n}\n", "resume.schema-violation", 2),
        "schema error on the value's line");
  CHECK(!has_code("r.json", "{\"basics\": {\"name\": \"A B\"}}\n", "resume.schema-violation", 0), "valid json");

  /* report formats parse */
  cvx_report_format f;
  CHECK(cvx_report_format_parse("sarif", &f) && f == CVX_REPORT_SARIF, "sarif");
  CHECK(!cvx_report_format_parse("xml", &f), "xml refused");
  cvx_convert_cleanup();
  return check_done("rules");
}
