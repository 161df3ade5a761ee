/* test_schema.c — the schema validator against the official JSON-Schema-Test-Suite
 * (draft-07, the keywords we support) plus our own cases: error paths, regex
 * limits, pathological nesting, $ref cycles, error caps and threads. */
#include "schema.h"

#include "check.h"
#include "convert.h"
#include "cvx.h"

#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
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

/* ------------------------------------------------- quick check (cvx_sv) */

/* v as a cvx_sv tree in a (jansson strings stay owned by v). */
static cvx_sv *to_sv(cvx_arena *a, const json_t *v) {
  cvx_sv *o = cvx_arena_alloc(a, sizeof *o);
  switch (json_typeof(v)) {
  case JSON_OBJECT: {
    o->type = CVX_SV_OBJECT;
    for (void *it = json_object_iter((json_t *)v); it; it = json_object_iter_next((json_t *)v, it)) {
      cvx_sv *m = to_sv(a, json_object_iter_value(it));
      m->key = json_object_iter_key(it);
      m->keylen = json_object_iter_key_len(it);
      cvx_sv_append(o, m);
    }
    break;
  }
  case JSON_ARRAY:
    o->type = CVX_SV_ARRAY;
    for (size_t i = 0; i < json_array_size(v); i++) cvx_sv_append(o, to_sv(a, json_array_get(v, i)));
    break;
  case JSON_STRING:
    o->type = CVX_SV_STRING;
    o->str = json_string_value(v);
    o->len = json_string_length(v);
    break;
  case JSON_INTEGER:
    o->type = CVX_SV_INTEGER;
    o->i = json_integer_value(v);
    break;
  case JSON_REAL:
    o->type = CVX_SV_REAL;
    o->d = json_real_value(v);
    break;
  case JSON_TRUE: o->type = CVX_SV_TRUE; break;
  case JSON_FALSE: o->type = CVX_SV_FALSE; break;
  default: o->type = CVX_SV_NULL; break;
  }
  return o;
}

/* Quick check of instance against s at pointer; also checks that the quick
 * answer never contradicts the full validator and that cvx_sv_to_json gives
 * back an equal value. Returns the quick answer. */
static bool quick_agrees(const cvx_schema *s, const char *pointer, const json_t *instance,
                         const char *what) {
  cvx_arena *a = cvx_arena_new(4096);
  cvx_sv *v = to_sv(a, instance);
  bool q = cvx_schema_accepts(s, pointer, v);
  size_t n = cvx_schema_validate(s, pointer, instance, NULL, NULL);
  CHECK(!q || n == 0, "%s: quick check accepts what the validator rejects (%zu errors)", what, n);
  CHECK(cvx_schema_accepts_sub(s, cvx_schema_subschema(s, pointer), v) == q,
        "%s: accepts_sub on the resolved subschema differs from accepts", what);
  json_t *back = cvx_sv_to_json(v);
  CHECK(back && json_equal(back, instance), "%s: cvx_sv_to_json round trip", what);
  json_decref(back);
  cvx_arena_free(a);
  return q;
}

static void run_suite(void) {
  DIR *d = opendir(SUITE_DIR);
  if (!d) {
    CHECK(0, "JSON-Schema-Test-Suite not found at %s (install json-schema-test-suite)",
          SUITE_DIR);
    return;
  }
  closedir(d);
  int passed = 0, total = 0, skipped = 0, quick = 0;
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
        char what[512];
        snprintf(what, sizeof what, "%s: %s / %s", suite_files[f], gdesc, tdesc);
        if (quick_agrees(s, NULL, json_object_get(t, "data"), what)) quick++;
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
  printf("schema-test-suite: %d/%d passed (%d skipped; quick check settled %d valid cases)\n",
         passed, total, skipped, quick);
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
      /* each component's extra characters (uri_scan's classes) */
      {"uri", "urn:a-._~!$&'()*+,;=:@/?x", true}, {"uri", "http://u:p@h/a", true},
      {"uri", "http://u@h@x/", false},       {"uri", "http://h/a#b#c", false},
      {"uri", "http://h/?a?b/c", true},      {"uri", "http://h/a?b#c?d/e", true},
      {"uri", "http://h/\x01", false},      {"uri", "http://h/\xc3\xa4", false},
      {"uri", "http://h/a\\b", false},     {"uri", "http://h/{x}", false},
      {"uri-reference", "a@b:c", false},     {"uri-reference", "x/y:z", true},
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

/* The record and resume schemas use only keywords the quick check handles,
 * so on them it must give the full validator's verdict exactly. */
static void test_quick_records(void) {
  size_t len = 0;
  const char *text = cvx_builtin_schema("record.schema.json", &len);
  char err[256] = "";
  cvx_schema *s = text ? cvx_schema_parse(text, len, err, sizeof err) : NULL;
  CHECK(s != NULL, "record schema: %s", err);
  if (!s) return;
  static const struct {
    const char *pointer, *record;
    bool valid;
    const char *ipath; /* the first error's instance path when invalid */
  } cases[] = {
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"markdown\",\"span\":[0,10],\"fields\":{\"name\":\"Acme\","
       "\"startDate\":\"2020-01\",\"endDate\":\"2021\",\"url\":\"https://acme.example/x\","
       "\"highlights\":[\"a\",\"b\"]}}",
       true, NULL},
      {"#/definitions/basics",
       "{\"kind\":\"basics\",\"origin\":\"frontmatter\",\"span\":[3,4],\"fields\":{\"name\":\"\\u00c9mile\","
       "\"email\":\"e@example.org\",\"phoneE164\":\"+15550100123\",\"location.city\":\"Paris\"}}",
       true, NULL},
      {"#/definitions/news",
       "{\"kind\":\"news\",\"origin\":\"prose\",\"span\":[0,0],\"fields\":{\"summary\":\"x\"}}", true,
       NULL},
      {"#/definitions/sections",
       "{\"kind\":\"sections\",\"origin\":\"text\",\"span\":[1,2],\"fields\":{\"title\":\"T\","
       "\"items\":[\"i\"]}}",
       true, NULL},
      /* bad date pattern */
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"markdown\",\"span\":[0,10],\"fields\":{\"name\":\"Acme\","
       "\"startDate\":\"2020-13\"}}",
       false, "/fields/startDate"},
      /* bad email */
      {"#/definitions/basics",
       "{\"kind\":\"basics\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"email\":\"not an email\"}}",
       false, "/fields/email"},
      /* bad url */
      {"#/definitions/profiles",
       "{\"kind\":\"profiles\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"url\":\"no scheme\"}}",
       false, "/fields/url"},
      /* unknown key */
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"name\":\"A\",\"foo\":\"x\"}}",
       false, "/fields/foo"},
      /* empty string */
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"name\":\"\"}}", false,
       "/fields/name"},
      /* empty list, and a list with an empty item */
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"highlights\":[]}}", false,
       "/fields/highlights"},
      {"#/definitions/skills",
       "{\"kind\":\"skills\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"keywords\":[\"a\",\"\"]}}",
       false, "/fields/keywords/1"},
      /* a string where a list belongs */
      {"#/definitions/skills",
       "{\"kind\":\"skills\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"keywords\":\"a\"}}", false,
       "/fields/keywords"},
      /* required field missing (news needs a summary) */
      {"#/definitions/news",
       "{\"kind\":\"news\",\"origin\":\"prose\",\"span\":[0,1],\"fields\":{\"date\":\"2020\"}}", false,
       "/fields"},
      /* the envelope: wrong kind, unknown origin, negative span, extra member, missing member */
      {"#/definitions/work",
       "{\"kind\":\"education\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{\"name\":\"A\"}}", false,
       "/kind"},
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"unknown\",\"span\":[0,1],\"fields\":{\"name\":\"A\"}}", false,
       "/origin"},
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"text\",\"span\":[-1,1],\"fields\":{\"name\":\"A\"}}", false,
       "/span/0"},
      {"#/definitions/work",
       "{\"kind\":\"work\",\"origin\":\"text\",\"span\":[0,1],\"fields\":{},\"x\":1}", false, "/x"},
      {"#/definitions/work", "{\"kind\":\"work\",\"origin\":\"text\",\"fields\":{}}", false, ""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    json_t *j = load(cases[i].record);
    if (!j) continue;
    char what[64];
    snprintf(what, sizeof what, "record case %zu", i);
    bool q = quick_agrees(s, cases[i].pointer, j, what);
    errlog log = {0};
    size_t n = cvx_schema_validate(s, cases[i].pointer, j, collect, &log);
    CHECK(q == cases[i].valid && (n == 0) == cases[i].valid, "%s: quick %d, %zu errors (%s: %s)",
          what, q, n, log.first_ipath, log.first_msg);
    if (!cases[i].valid) CHECK_STR(log.first_ipath, cases[i].ipath, what);
    json_decref(j);
  }
  cvx_schema_free(s);

  text = cvx_builtin_schema("resume.schema.json", &len);
  s = text ? cvx_schema_parse(text, len, err, sizeof err) : NULL;
  CHECK(s != NULL, "resume schema: %s", err);
  if (!s) return;
  static const struct {
    const char *doc;
    bool valid;
  } docs[] = {
      {"{\"basics\":{\"name\":\"A\",\"profiles\":[{\"network\":\"GitHub\",\"url\":\"https://github.com/a\"}]},"
       "\"work\":[{\"name\":\"X\",\"startDate\":\"2020-01\",\"highlights\":[\"h\"]}],"
       "\"certificates\":[{\"name\":\"C\",\"date\":\"2020-02-29\"}],"
       "\"meta\":{\"cvx\":{\"version\":\"0.1.0\",\"source\":\"a.md\",\"coverage\":0.5,"
       "\"diagnostics\":{\"errors\":0,\"warnings\":2},\"provenance\":[{\"path\":\"/work/0\","
       "\"extractor\":\"markdown\",\"line\":1,\"column\":1}]}}}",
       true},
      {"{\"certificates\":[{\"name\":\"C\",\"date\":\"2021-02-29\"}]}", false},
      {"{\"certificates\":[{\"name\":\"C\",\"date\":\"2021\"}]}", false},
      {"{\"meta\":{\"cvx\":{\"version\":\"0.1.0\",\"source\":\"a\",\"coverage\":1.5}}}", false},
      {"{\"meta\":{\"cvx\":{\"version\":\"0.1.0\",\"source\":\"a\",\"coverage\":1.0}}}", true},
      {"{\"meta\":{\"cvx\":{\"version\":\"0.1.0\",\"source\":\"a\",\"diagnostics\":{\"errors\":-1,"
       "\"warnings\":0}}}}",
       false},
      {"{\"meta\":{\"cvx\":{\"version\":\"0.1.0\",\"source\":\"a\",\"unmapped\":[{\"line\":0,"
       "\"text\":\"t\"}]}}}",
       false},
      {"{\"meta\":{\"cvx\":{\"version\":\"0.1.0\",\"source\":\"a\",\"provenance\":[{\"path\":\"x\","
       "\"extractor\":\"e\",\"line\":1,\"column\":1}]}}}",
       false},
      {"{\"work\":[]}", false},
      {"{\"wrok\":[{\"name\":\"X\"}]}", false},
  };
  for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
    json_t *j = load(docs[i].doc);
    if (!j) continue;
    char what[64];
    snprintf(what, sizeof what, "resume case %zu", i);
    bool q = quick_agrees(s, NULL, j, what);
    size_t n = cvx_schema_validate(s, NULL, j, NULL, NULL);
    CHECK(q == docs[i].valid && (n == 0) == docs[i].valid, "%s: quick %d, %zu errors", what, q, n);
    json_decref(j);
  }
  cvx_schema_free(s);
}

/* Random values built from the names and kinds of values the record and
 * resume schemas talk about: on schemas the quick check fully handles it must
 * agree with the full validator both ways, on every value. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static unsigned rnd(unsigned n) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % n);
}

static json_t *random_value(int depth) {
  static const char *const strs[] = {
      "",          "x",           "Acme",        "2020",      "2020-01",    "2020-13",
      "2021-02-29", "2020-02-29", "a@b.org",     "not mail",  "https://x.org/a", "no url",
      "+15550100123", "work",     "basics",      "markdown",  "unknown",    "/work/0",
      "work/0",    "/a~2",        "\xc3\xa9t\xc3\xa9", "tab\there", "news", "sections"};
  static const char *const keys[] = {
      "kind",  "origin",  "span",    "fields",     "name",      "email",      "url",
      "startDate", "endDate", "highlights", "keywords", "summary", "date", "title",
      "items", "basics",  "work",    "meta",       "cvx",       "version",    "source",
      "coverage", "diagnostics", "errors", "warnings", "provenance", "path", "extractor",
      "line",  "column",  "profiles", "location", "city", "certificates", "unmapped", "text",
      "foo",   "location.city", "phoneE164", "news"};
  unsigned t = depth > 3 ? rnd(4) : rnd(7);
  switch (t) {
  case 0: return json_string(strs[rnd(sizeof strs / sizeof *strs)]);
  case 1: return json_integer((json_int_t)rnd(5) - 1);
  case 2: {
    static const double reals[] = {0.0, 0.5, 1.0, 1.5, -0.25, 3.0};
    return json_real(reals[rnd(6)]);
  }
  case 3: return rnd(3) == 0 ? json_null() : json_boolean(rnd(2));
  case 4:
  case 5: {
    json_t *o = json_object();
    for (unsigned i = 0, n = rnd(6); i < n; i++)
      json_object_set_new(o, keys[rnd(sizeof keys / sizeof *keys)], random_value(depth + 1));
    return o;
  }
  default: {
    json_t *a = json_array();
    for (unsigned i = 0, n = rnd(4); i < n; i++) json_array_append_new(a, random_value(depth + 1));
    return a;
  }
  }
}

/* A valid-looking skeleton with one random part, so that deep paths are reached. */
static json_t *random_instance(bool record) {
  if (rnd(3) == 0) return random_value(0);
  json_t *j = record ? load("{\"kind\":\"work\",\"origin\":\"text\",\"span\":[0,1],\"fields\":"
                            "{\"name\":\"A\",\"startDate\":\"2020\"}}")
                     : load("{\"basics\":{\"name\":\"A\"},\"work\":[{\"name\":\"X\"}],\"meta\":{\"cvx\":"
                            "{\"version\":\"1\",\"source\":\"s\",\"diagnostics\":{\"errors\":0,"
                            "\"warnings\":0},\"provenance\":[{\"path\":\"/work/0\",\"extractor\":\"e\","
                            "\"line\":1,\"column\":1}]}}}");
  if (!j) return json_null();
  if (rnd(4) == 0) return j; /* valid as it is */
  json_t *into = j;
  const char *const *path = NULL;
  static const char *const rpaths[][3] = {{"fields", NULL}, {"fields", "startDate", NULL},
                                          {"span", NULL},   {NULL}};
  static const char *const dpaths[][4] = {{"basics", NULL}, {"work", NULL}, {"meta", "cvx", NULL},
                                          {NULL}};
  path = record ? rpaths[rnd(4)] : dpaths[rnd(4)];
  for (int i = 0; path[i] && path[i + 1] && json_is_object(into); i++) into = json_object_get(into, path[i]);
  const char *last = NULL;
  for (int i = 0; path[i]; i++) last = path[i];
  if (json_is_object(into)) {
    static const char *const keys[] = {"name", "startDate", "highlights", "email", "url", "foo",
                                       "coverage", "provenance", "diagnostics", "profiles",
                                       "location", "news", "kind", "origin", "span"};
    json_object_set_new(into, rnd(2) && last ? last : keys[rnd(15)], random_value(1));
  }
  return j;
}

static void test_quick_random(void) {
  static const char *const names[] = {"record.schema.json", "resume.schema.json"};
  static const char *const pointers[] = {"#/definitions/work", "#/definitions/basics",
                                         "#/definitions/news", "#/definitions/sections", NULL};
  for (int k = 0; k < 2; k++) {
    size_t len = 0;
    const char *text = cvx_builtin_schema(names[k], &len);
    char err[256] = "";
    cvx_schema *s = text ? cvx_schema_parse(text, len, err, sizeof err) : NULL;
    CHECK(s != NULL, "%s: %s", names[k], err);
    if (!s) continue;
    CHECK(cvx_schema_subschema(s, "#/definitions/no-such-kind") == NULL, "%s: missing definition",
          names[k]);
    CHECK(cvx_schema_subschema(s, NULL) != NULL, "%s: the root", names[k]);
    int accepted = 0, disagree = 0;
    for (int i = 0; i < 4000; i++) {
      json_t *j = random_instance(k == 0);
      const char *ptr = k == 0 ? pointers[rnd(3) ? 0 : rnd(4)] : NULL;
      cvx_arena *a = cvx_arena_new(4096);
      const cvx_sv *sv = to_sv(a, j);
      bool q = cvx_schema_accepts(s, ptr, sv);
      CHECK(cvx_schema_accepts_sub(s, cvx_schema_subschema(s, ptr), sv) == q,
            "%s %s: accepts_sub differs from accepts", names[k], ptr ? ptr : "#");
      size_t n = cvx_schema_validate(s, ptr, j, NULL, NULL);
      if (q != (n == 0)) {
        disagree++;
        if (disagree < 5) {
          char *dump = json_dumps(j, JSON_ENCODE_ANY | JSON_COMPACT);
          CHECK(0, "%s %s: quick %d, %zu errors: %s", names[k], ptr ? ptr : "#", q, n,
                dump ? dump : "?");
          free(dump);
        }
      }
      accepted += q;
      cvx_arena_free(a);
      json_decref(j);
    }
    CHECK(disagree == 0 && accepted > 100, "%s: %d disagreements, %d accepted", names[k], disagree,
          accepted);
    printf("quick check vs validator, %s: 4000 random values, %d valid, 0 disagreements\n",
           names[k], accepted);
    cvx_schema_free(s);
  }
}

/* The quick check matches a few common patterns without pcre2: it must
 * never accept a string that pcre2 (in the full validator) rejects, and it
 * should accept the usual valid ones. Every pattern gets short, boundary and
 * long subjects, valid and not. */
static void test_fast_patterns(void) {
  static const char *const pats[] = {
      "^[12][0-9]{3}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$",
      "^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
      "^\\\\+[1-9][0-9]{6,14}$", /* in JSON text: the pattern is ^\+… */
      "^(/([^~/]|~[01])*)+$",
  };
  static const char *const subjects[] = {
      "2020", "1999", "3000", "0999", "202", "20201", "2020-", "2020-00", "2020-01", "2020-09",
      "2020-10", "2020-12", "2020-13", "2020-1", "2020-01-00", "2020-01-01", "2020-01-09",
      "2020-01-10", "2020-01-29", "2020-01-30", "2020-01-31", "2020-01-32", "2020-01-3",
      "2020-01-011", "2020/01/01", "2020-02-30", "x2020", "2020\\n", "+1234567", "+123456",
      "+0234567", "+123456789012345", "+1234567890123456", "1234567", "+12a4567", "/", "//",
      "/a", "/a/b", "/work/0/startDate", "/a~0b", "/a~1", "/a~", "/a~2", "~0", "a/b", "",
      "/\\u00e9t\\u00e9", "/a\\nb", "/a\\u0000b", "/~01",
  };
  char err[256];
  int fast = 0;
  for (size_t p = 0; p < sizeof pats / sizeof *pats; p++) {
    char text[256];
    snprintf(text, sizeof text, "{\"type\":\"string\",\"pattern\":\"%s\"}", pats[p]);
    cvx_schema *s = cvx_schema_parse(text, strlen(text), err, sizeof err);
    CHECK(s != NULL, "fast pattern %zu: %s", p, err);
    if (!s) continue;
    for (size_t i = 0; i < sizeof subjects / sizeof *subjects; i++) {
      char js[64];
      snprintf(js, sizeof js, "\"%s\"", subjects[i]);
      json_t *j = json_loads(js, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
      CHECK(j != NULL, "subject %s", subjects[i]);
      if (!j) continue;
      cvx_arena *a = cvx_arena_new(1024);
      bool q = cvx_schema_accepts(s, NULL, to_sv(a, j));
      size_t n = cvx_schema_validate(s, NULL, j, NULL, NULL);
      CHECK(q == (n == 0), "pattern %zu, %s: quick %d, %zu errors", p, subjects[i], q, n);
      fast += q;
      cvx_arena_free(a);
      json_decref(j);
    }
    /* long pointers: around the fast matcher's bound and far past it */
    static const size_t lens[] = {255, 256, 257, 4000};
    for (size_t l = 0; p == 3 && l < sizeof lens / sizeof *lens; l++) {
      for (int tilde = 0; tilde < 2; tilde++) {
        char *buf = malloc(lens[l] + 1);
        for (size_t i = 0; i < lens[l]; i++) buf[i] = i % 7 == 0 ? '/' : 'x';
        if (tilde) buf[lens[l] - 2] = '~', buf[lens[l] - 1] = '1';
        buf[lens[l]] = '\0';
        json_t *j = json_string(buf);
        cvx_arena *a = cvx_arena_new(1024);
        bool q = cvx_schema_accepts(s, NULL, to_sv(a, j));
        size_t n = cvx_schema_validate(s, NULL, j, NULL, NULL);
        CHECK(!q || n == 0, "pointer of %zu bytes: quick accepts, validator %zu errors", lens[l], n);
        CHECK(lens[l] > 256 || q, "pointer of %zu bytes: quick check refuses", lens[l]);
        cvx_arena_free(a);
        json_decref(j);
        free(buf);
      }
    }
    cvx_schema_free(s);
  }
  CHECK(fast > 20, "fast patterns accepted only %d subjects", fast);
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
  test_quick_records();
  test_quick_random();
  test_fast_patterns();
  return check_done("schema");
}
