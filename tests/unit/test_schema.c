/* test_schema.c — the schema validator against the official JSON-Schema-Test-Suite
 * (draft-07, the keywords we support) plus our own cases: error paths, regex
 * limits, pathological nesting, $ref cycles, error caps and threads. */
#include "schema.h"

#include "check.h"
#include "cvx.h"

#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUITE_DIR "/usr/share/json-schema-test-suite/tests/draft7"

/* Keyword files we support. refRemote.json is left out (remote refs only);
 * optional/format files only for the formats we check (the rest pass as
 * unknown formats, which their invalid cases would flag). */
static const char *const suite_files[] = {
    "additionalItems.json", "additionalProperties.json", "allOf.json",
    "anyOf.json",           "boolean_schema.json",       "const.json",
    "contains.json",        "default.json",              "definitions.json",
    "dependencies.json",    "enum.json",                 "exclusiveMaximum.json",
    "exclusiveMinimum.json", "if-then-else.json",        "items.json",
    "maxItems.json",        "maxLength.json",            "maxProperties.json",
    "maximum.json",         "minItems.json",             "minLength.json",
    "minProperties.json",   "minimum.json",              "multipleOf.json",
    "not.json",             "oneOf.json",                "pattern.json",
    "patternProperties.json", "properties.json",         "propertyNames.json",
    "ref.json",             "required.json",             "type.json",
    "uniqueItems.json",     "optional/zeroTerminatedFloats.json",
    "optional/format/email.json", "optional/format/uri.json",
    "optional/format/uri-reference.json", "optional/format/date.json",
    "optional/format/date-time.json",
};

/* Cases we skip on purpose, by group and case description, with the reason.
 * Groups whose schema holds a non-local $ref ("http://…", or "node" relative to
 * an http $id in "Recursive references between schemas") are skipped by
 * needs_remote() instead and counted as skipped too. */
static const struct {
  const char *group, *test, *why;
} suite_skips[] = {
    {NULL, NULL, NULL},
};

static bool skipped_case(const char *group, const char *test) {
  for (size_t i = 0; suite_skips[i].group; i++)
    if (!strcmp(suite_skips[i].group, group) && !strcmp(suite_skips[i].test, test)) return true;
  return false;
}

/* True when a "$ref" anywhere in the schema points outside the document. */
static bool needs_remote(const json_t *j, int depth) {
  if (depth > 64) return false;
  if (json_is_array(j)) {
    size_t i;
    json_t *e;
    json_array_foreach(j, i, e) if (needs_remote(e, depth + 1)) return true;
  } else if (json_is_object(j)) {
    const char *k;
    json_t *e;
    json_object_foreach((json_t *)j, k, e) {
      if (!strcmp(k, "$ref") && json_is_string(e) && json_string_value(e)[0] != '#')
        return true;
      if (needs_remote(e, depth + 1)) return true;
    }
  }
  return false;
}

typedef struct errlog {
  size_t calls;
  char first_ipath[256], first_spath[256], first_msg[256];
} errlog;

static void collect(void *ctx, const char *ipath, const char *spath, const char *msg) {
  errlog *log = ctx;
  if (log->calls++ == 0) {
    snprintf(log->first_ipath, sizeof log->first_ipath, "%s", ipath);
    snprintf(log->first_spath, sizeof log->first_spath, "%s", spath);
    snprintf(log->first_msg, sizeof log->first_msg, "%s", msg);
  }
}

static void run_suite(void) {
  DIR *d = opendir(SUITE_DIR);
  if (!d) {
    CHECK(0, "JSON-Schema-Test-Suite not found at %s (install json-schema-test-suite)",
          SUITE_DIR);
    return;
  }
  closedir(d);
  int passed = 0, total = 0, skipped = 0;
  for (size_t f = 0; f < sizeof suite_files / sizeof *suite_files; f++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SUITE_DIR, suite_files[f]);
    json_error_t je;
    json_t *groups = json_load_file(path, 0, &je);
    CHECK(json_is_array(groups), "cannot load %s: %s", path, je.text);
    size_t gi;
    json_t *g;
    json_array_foreach(groups, gi, g) {
      const char *gdesc = json_string_value(json_object_get(g, "description"));
      json_t *tests = json_object_get(g, "tests");
      json_t *schema = json_object_get(g, "schema");
      if (!gdesc) gdesc = "?";
      if (needs_remote(schema, 0)) {
        skipped += (int)json_array_size(tests);
        continue;
      }
      char *text = json_dumps(schema, JSON_ENCODE_ANY | JSON_COMPACT);
      char err[256];
      cvx_schema *s = text ? cvx_schema_parse(text, strlen(text), err, sizeof err) : NULL;
      free(text);
      size_t ti;
      json_t *t;
      json_array_foreach(tests, ti, t) {
        const char *tdesc = json_string_value(json_object_get(t, "description"));
        if (!tdesc) tdesc = "?";
        if (skipped_case(gdesc, tdesc)) {
          skipped++;
          continue;
        }
        bool valid = json_is_true(json_object_get(t, "valid"));
        total++;
        if (!s) {
          CHECK(0, "%s: %s: schema rejected: %s", suite_files[f], gdesc, err);
          continue;
        }
        errlog log = {0};
        size_t n = cvx_schema_validate(s, NULL, json_object_get(t, "data"), collect, &log);
        bool good = valid ? n == 0 && log.calls == 0 : n > 0 && log.calls == n;
        passed += good;
        CHECK(good, "%s: %s / %s: want %s, got %zu errors (%s %s: %s)", suite_files[f], gdesc,
              tdesc, valid ? "valid" : "invalid", n, log.first_ipath, log.first_spath,
              log.first_msg);
      }
      cvx_schema_free(s);
    }
    json_decref(groups);
  }
  printf("schema-test-suite: %d/%d passed (%d skipped)\n", passed, total, skipped);
}

/* ------------------------------------------------------------ own checks */

static cvx_schema *parse(const char *text) {
  char err[256];
  cvx_schema *s = cvx_schema_parse(text, strlen(text), err, sizeof err);
  CHECK(s != NULL, "parse %s: %s", text, err);
  return s;
}

static json_t *load(const char *text) {
  json_error_t je;
  json_t *j = json_loads(text, JSON_DECODE_ANY, &je);
  CHECK(j != NULL, "bad test JSON %s: %s", text, je.text);
  return j;
}

static const char resume_schema[] =
    "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
    " \"definitions\":{"
    "  \"iso8601\":{\"type\":\"string\",\"pattern\":"
    "   \"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$\"},"
    "  \"work\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
    "   \"properties\":{\"name\":{\"type\":\"string\"},"
    "    \"url\":{\"type\":\"string\",\"format\":\"uri\"},"
    "    \"startDate\":{\"$ref\":\"#/definitions/iso8601\"}},"
    "   \"required\":[\"name\"]}}},"
    " \"type\":\"object\",\"additionalProperties\":false,"
    " \"properties\":{"
    "  \"basics\":{\"type\":\"object\",\"properties\":{"
    "   \"email\":{\"type\":\"string\",\"format\":\"email\"}}},"
    "  \"work\":{\"$ref\":\"#/definitions/work\"},"
    "  \"odd/key~\":{\"type\":\"integer\"}}}";

static void test_error_paths(void) {
  cvx_schema *s = parse(resume_schema);
  if (!s) return;
  json_t *good = load("{\"basics\":{\"email\":\"a@b.org\"},\"work\":[{\"name\":\"X\","
                      "\"startDate\":\"2020-07\",\"url\":\"https://x.org/a\"}]}");
  errlog log = {0};
  CHECK(cvx_schema_validate(s, NULL, good, collect, &log) == 0, "valid resume: %s %s", log.first_ipath,
        log.first_msg);

  json_t *bad = load("{\"work\":[{\"name\":\"X\",\"startDate\":\"July 2020\"}]}");
  memset(&log, 0, sizeof log);
  CHECK(cvx_schema_validate(s, NULL, bad, collect, &log) == 1, "one error, got %zu", log.calls);
  CHECK_STR(log.first_ipath, "/work/0/startDate", "instance path");
  CHECK_STR(log.first_spath, "#/definitions/iso8601/pattern", "schema path");
  CHECK(strstr(log.first_msg, "pattern") != NULL, "message: %s", log.first_msg);

  /* the same entry validated against a subschema by pointer */
  memset(&log, 0, sizeof log);
  CHECK(cvx_schema_validate(s, "#/definitions/work", json_object_get(bad, "work"), collect,
                            &log) == 1,
        "pointer validation: %zu", log.calls);
  CHECK_STR(log.first_ipath, "/0/startDate", "instance path under a pointer");
  memset(&log, 0, sizeof log);
  CHECK(cvx_schema_validate(s, "#/definitions/nope", bad, collect, &log) == 1 && log.calls == 1,
        "a pointer that does not resolve is one error");

  json_t *more = load("{\"basics\":{\"email\":\"not an address\"},\"extra\":1,"
                      "\"odd/key~\":\"x\",\"work\":[{\"url\":\"no scheme\"}]}");
  memset(&log, 0, sizeof log);
  size_t n = cvx_schema_validate(s, "#", more, collect, &log);
  CHECK(n == 5, "five errors (email, extra, odd key, name, url), got %zu", n);
  CHECK_STR(log.first_ipath, "/basics/email", "first error path");
  CHECK_STR(log.first_spath, "#/properties/basics/properties/email/format", "first schema path");

  memset(&log, 0, sizeof log);
  json_t *odd = load("{\"odd/key~\":\"x\"}");
  CHECK(cvx_schema_validate(s, NULL, odd, collect, &log) == 1, "odd key");
  CHECK_STR(log.first_ipath, "/odd~1key~0", "escaped instance path");
  CHECK_STR(log.first_spath, "#/properties/odd~1key~0/type", "escaped schema path");
  /* the reported schema path leads back to the same subschema */
  memset(&log, 0, sizeof log);
  CHECK(cvx_schema_validate(s, "#/properties/odd~1key~0", json_object_get(odd, "odd/key~"),
                            collect, &log) == 1,
        "schema path round trip");
  CHECK(cvx_schema_validate(s, NULL, good, NULL, NULL) == 0, "NULL callback");
  CHECK(cvx_schema_validate(s, NULL, bad, NULL, NULL) == 1, "NULL callback counts errors");
  json_decref(good);
  json_decref(bad);
  json_decref(more);
  json_decref(odd);
  cvx_schema_free(s);
}

static void test_parse_errors(void) {
  static const struct {
    const char *schema, *want;
  } cases[] = {
      {"{\"type\":", "line"},
      {"3", "object or a boolean"},
      {"{\"pattern\":\"(\"}", "#/pattern: invalid regular expression"},
      {"{\"patternProperties\":{\"[\":{}}}", "#/patternProperties/[: invalid regular"},
      {"{\"minLength\":-1}", "#/minLength: must be a non-negative integer"},
      {"{\"type\":\"text\"}", "unknown type"},
      {"{\"properties\":{\"a\":3}}", "#/properties/a: a schema must be"},
      {"{\"$ref\":\"#/definitions/missing\"}", "does not resolve"},
      {"{\"$ref\":\"http://example.com/s.json\"}", "not supported"},
      {"{\"$ref\":\"#\"}", "cycle"},
      {"{\"definitions\":{\"a\":{\"$ref\":\"#/definitions/b\"},\"b\":{\"$ref\":\"#/definitions/a\"}},"
       "\"properties\":{\"x\":{\"$ref\":\"#/definitions/a\"}}}",
       "cycle"},
      {"{\"allOf\":[]}", "non-empty array"},
      {"{\"multipleOf\":0}", "above 0"},
      {"{\"a\":1,\"a\":2}", "duplicate"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char err[256] = "";
    cvx_schema *s = cvx_schema_parse(cases[i].schema, strlen(cases[i].schema), err, sizeof err);
    CHECK(s == NULL && strstr(err, cases[i].want), "%s: want error with \"%s\", got \"%s\"",
          cases[i].schema, cases[i].want, err);
    cvx_schema_free(s);
  }
  cvx_schema *s = cvx_schema_parse("{\"pattern\":\"(\"}", 15, NULL, 0);
  CHECK(s == NULL, "error without an err buffer");
  /* the root $id counts as local */
  s = parse("{\"$id\":\"http://x.org/s#\",\"definitions\":{\"n\":{\"type\":\"integer\"}},"
            "\"items\":{\"$ref\":\"http://x.org/s#/definitions/n\"}}");
  json_t *j = load("[1,\"2\"]");
  errlog log = {0};
  CHECK(s && cvx_schema_validate(s, NULL, j, collect, &log) == 1, "root $id ref");
  CHECK_STR(log.first_spath, "#/definitions/n/type", "root $id ref path");
  json_decref(j);
  cvx_schema_free(s);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void test_regex_limit(void) {
  cvx_schema *s = parse("{\"type\":\"string\",\"pattern\":\"^(a+)+$\"}");
  if (!s) return;
  char buf[4096];
  memset(buf, 'a', sizeof buf - 2);
  buf[sizeof buf - 2] = 'b';
  buf[sizeof buf - 1] = '\0';
  json_t *j = json_string(buf);
  errlog log = {0};
  double t0 = now();
  size_t n = cvx_schema_validate(s, NULL, j, collect, &log);
  double dt = now() - t0;
  CHECK(n == 1, "catastrophic pattern reports one error, got %zu", n);
  CHECK(strstr(log.first_msg, "limit") != NULL, "message names the limit: %s", log.first_msg);
  CHECK(dt < 5.0, "catastrophic pattern took %.2fs", dt);
  json_decref(j);
  j = json_string("aaaa");
  CHECK(cvx_schema_validate(s, NULL, j, NULL, NULL) == 0, "same pattern, matching string");
  json_decref(j);
  cvx_schema_free(s);

  /* the same pattern as a property name pattern */
  s = parse("{\"patternProperties\":{\"^(a+)+$\":{}},\"additionalProperties\":false}");
  json_t *o = json_object();
  json_object_set_new(o, buf, json_true());
  memset(&log, 0, sizeof log);
  CHECK(s && cvx_schema_validate(s, NULL, o, collect, &log) >= 1, "patternProperties limit");
  json_decref(o);
  cvx_schema_free(s);
}

/* Frees a deep chain of one-element arrays without deep recursion. */
static void free_chain(json_t *j) {
  while (j) {
    json_t *inner = json_array_get(j, 0);
    json_incref(inner);
    json_decref(j);
    j = inner;
  }
}

static json_t *deep_arrays(int levels) {
  json_t *cur = json_array();
  for (int i = 0; i < levels; i++) {
    json_t *outer = json_array();
    json_array_append_new(outer, cur);
    cur = outer;
  }
  return cur;
}

static void test_deep_nesting(void) {
  static const char *const schemas[] = {
      "{\"type\":\"array\",\"items\":{\"$ref\":\"#\"}}",
      "{\"items\":[{\"$ref\":\"#\"}],\"additionalItems\":false}",
      "{\"anyOf\":[{\"items\":{\"$ref\":\"#\"}},{\"items\":{\"$ref\":\"#\"},\"minItems\":0}]}",
      "{\"not\":{\"not\":{\"items\":{\"$ref\":\"#\"}}}}",
      "{\"uniqueItems\":true}",
      NULL, /* a 200-level "const", filled in below */
  };
  json_t *deep = deep_arrays(10000);
  json_t *pair = json_array(); /* two deep but different chains side by side */
  json_array_append(pair, deep);
  json_t *other = deep_arrays(10000);
  json_array_append(pair, other);
  cvx_buf deep_const = CVX_BUF_INIT;
  cvx_buf_puts(&deep_const, "{\"const\":");
  for (int i = 0; i < 200; i++) cvx_buf_putc(&deep_const, '[');
  for (int i = 0; i < 200; i++) cvx_buf_putc(&deep_const, ']');
  cvx_buf_putc(&deep_const, '}');
  for (size_t i = 0; i < sizeof schemas / sizeof *schemas; i++) {
    cvx_schema *s = parse(schemas[i] ? schemas[i] : deep_const.ptr);
    if (!s) continue;
    errlog log = {0};
    double t0 = now();
    size_t n = cvx_schema_validate(s, NULL, i == 4 ? pair : deep, collect, &log);
    CHECK(n >= 1 && log.calls == n && (strstr(log.first_msg, "deeper") ||
                                       strstr(log.first_msg, "work")),
          "schema %zu: deep instance: %zu errors, %s", i, n, log.first_msg);
    CHECK(now() - t0 < 10.0, "schema %zu: took too long", i);
    cvx_schema_free(s);
  }
  cvx_buf_free(&deep_const);
  json_array_clear(pair);
  json_decref(pair);
  free_chain(other);
  free_chain(deep);

  /* a shallow instance against the same recursive schema is fine */
  cvx_schema *s = parse(schemas[0]);
  json_t *j = load("[[[],[[]]],[]]");
  CHECK(s && cvx_schema_validate(s, NULL, j, NULL, NULL) == 0, "shallow recursive instance");
  json_decref(j);
  cvx_schema_free(s);
}

static void test_ref_cycles(void) {
  /* cycles through keywords parse, then stop at the depth cap */
  static const char *const schemas[] = {
      "{\"allOf\":[{\"$ref\":\"#\"}]}",
      ("{\"definitions\":{\"a\":{\"anyOf\":[{\"$ref\":\"#/definitions/b\"}]},"
       "\"b\":{\"not\":{\"$ref\":\"#/definitions/a\"}}},\"$ref\":\"#/definitions/a\"}"),
      "{\"if\":{\"$ref\":\"#\"},\"then\":true}",
  };
  json_t *j = load("{\"x\":1}");
  for (size_t i = 0; i < sizeof schemas / sizeof *schemas; i++) {
    cvx_schema *s = parse(schemas[i]);
    errlog log = {0};
    size_t n = s ? cvx_schema_validate(s, NULL, j, collect, &log) : 0;
    CHECK(n == 1 && strstr(log.first_msg, "deeper"), "%s: %zu errors: %s", schemas[i], n,
          log.first_msg);
    cvx_schema_free(s);
  }
  json_decref(j);
}

static void test_limits(void) {
  /* the error count stops at the cap */
  cvx_schema *s = parse("{\"items\":{\"type\":\"string\"}}");
  json_t *arr = json_array();
  for (int i = 0; i < 1000; i++) json_array_append_new(arr, json_integer(i));
  errlog log = {0};
  size_t n = s ? cvx_schema_validate(s, NULL, arr, collect, &log) : 0;
  CHECK(n == CVX_SCHEMA_MAX_ERRORS && log.calls == n, "error cap: %zu errors, %zu calls", n,
        log.calls);
  CHECK_STR(log.first_ipath, "/0", "first capped error");
  cvx_schema_free(s);

  /* uniqueItems over a long array stays fast; 1 and 1.0 are the same item */
  s = parse("{\"uniqueItems\":true}");
  json_array_clear(arr);
  for (int i = 0; i < 200000; i++) json_array_append_new(arr, json_integer(i));
  CHECK(s && cvx_schema_validate(s, NULL, arr, NULL, NULL) == 0, "200000 unique items");
  json_array_append_new(arr, json_real(7.0));
  memset(&log, 0, sizeof log);
  CHECK(s && cvx_schema_validate(s, NULL, arr, collect, &log) == 1, "one duplicate");
  CHECK(strstr(log.first_msg, "items 7 and 200000"), "duplicate named: %s", log.first_msg);
  cvx_schema_free(s);
  json_decref(arr);

  /* code points, not bytes */
  s = parse("{\"maxLength\":2,\"minLength\":2}");
  json_t *str = json_string("\xC3\xA9\xF0\x9F\x98\x80"); /* é😀 */
  CHECK(s && cvx_schema_validate(s, NULL, str, NULL, NULL) == 0, "two code points");
  json_decref(str);
  cvx_schema_free(s);

  /* integers beyond 2^53 compare exactly */
  s = parse("{\"maximum\":9007199254740992}");
  json_t *big = json_integer(9007199254740993LL);
  CHECK(s && cvx_schema_validate(s, NULL, big, NULL, NULL) == 1, "2^53+1 > 2^53");
  json_decref(big);
  cvx_schema_free(s);

  /* hostile text in messages is shortened and stripped of control characters */
  s = parse("{\"format\":\"email\"}");
  char longs[300];
  memset(longs, 'x', sizeof longs - 1);
  longs[sizeof longs - 1] = '\0';
  longs[3] = '\x1b';
  str = json_string(longs);
  memset(&log, 0, sizeof log);
  CHECK(s && cvx_schema_validate(s, NULL, str, collect, &log) == 1, "long bad email");
  CHECK(strlen(log.first_msg) < 120 && !strchr(log.first_msg, '\x1b'), "message: %s",
        log.first_msg);
  json_decref(str);
  cvx_schema_free(s);
  CHECK(cvx_schema_validate(NULL, NULL, NULL, NULL, NULL) == 1, "NULL schema is an error");
}

static void test_formats(void) {
  static const struct {
    const char *format, *value;
    bool valid;
  } cases[] = {
      {"date", "2024-02-29", true},       {"date", "2023-02-29", false},
      {"date", "2024-13-01", false},      {"date", "2024-1-01", false},
      {"date-time", "2016-12-31T23:59:60Z", true},
      {"date-time", "2016-12-31T22:59:60-01:00", true},
      {"date-time", "2016-12-31T23:59:60+01:00", false},
      {"date-time", "2016-12-31T23:59:59.5", false},
      {"email", "first.last+tag@sub.example.org", true},
      {"email", "\"quoted @ local\"@example.org", true},
      {"email", "a..b@example.org", false},  {"email", ".a@example.org", false},
      {"email", "a@-example.org", false},    {"email", "a@", false},
      {"email", "user@[192.168.0.1]", true},
      {"uri", "https://github.com/user", true}, {"uri", "https://exa mple.org", false},
      {"uri", "http://[::1]:8080/x", true},  {"uri", "http://h/%zz", false},
      {"uri", "http://h/%4", false},         {"uri-reference", "../a/b?c#d", true},
      {"uri-reference", "a:b:c", true},      {"uri-reference", "1a:b", false},
      {"hostname", "anything goes", true},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[64];
    snprintf(text, sizeof text, "{\"format\":\"%s\"}", cases[i].format);
    cvx_schema *s = parse(text);
    json_t *j = json_string(cases[i].value);
    size_t n = s ? cvx_schema_validate(s, NULL, j, NULL, NULL) : 99;
    CHECK((n == 0) == cases[i].valid, "format %s: \"%s\" want %s", cases[i].format,
          cases[i].value, cases[i].valid ? "valid" : "invalid");
    json_decref(j);
    cvx_schema_free(s);
  }
}

typedef struct job {
  const cvx_schema *s;
  const json_t *bad;
  int wrong;
} job;

static void *worker(void *arg) {
  job *jb = arg;
  for (int i = 0; i < 300; i++) {
    errlog log = {0};
    if (cvx_schema_validate(jb->s, NULL, jb->bad, collect, &log) != 2 ||
        strcmp(log.first_ipath, "/work/0/startDate") != 0)
      jb->wrong++;
  }
  return NULL;
}

static void test_threads(void) {
  cvx_schema *s = parse(resume_schema);
  json_t *bad = load("{\"work\":[{\"name\":\"X\",\"startDate\":\"soon\"},"
                     "{\"name\":\"Y\",\"startDate\":\"2020-1\"}]}");
  if (!s || !bad) return;
  pthread_t th[4];
  job jobs[4];
  for (int i = 0; i < 4; i++) {
    jobs[i] = (job){s, bad, 0};
    CHECK(pthread_create(&th[i], NULL, worker, &jobs[i]) == 0, "pthread_create");
  }
  int wrong = 0;
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    wrong += jobs[i].wrong;
  }
  CHECK(wrong == 0, "%d concurrent validations disagreed", wrong);
  json_decref(bad);
  cvx_schema_free(s);
}

int main(void) {
  run_suite();
  test_error_paths();
  test_parse_errors();
  test_regex_limit();
  test_deep_nesting();
  test_ref_cycles();
  test_limits();
  test_formats();
  test_threads();
  return check_done("schema");
}
