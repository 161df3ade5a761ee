/* fuzz_schema.c — libFuzzer target: the JSON-Schema validator. Even first
 * byte: the rest is an instance validated against the built-in resume schema
 * and each record definition. Odd: the rest is a schema, parsed and, when it
 * parses, used to validate a few fixed instances and itself. */
#include "convert.h"
#include "schema.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static cvx_schema *resume, *record;

static cvx_schema *builtin(const char *name) {
  size_t len = 0;
  const char *text = cvx_builtin_schema(name, &len);
  cvx_schema *s = text ? cvx_schema_parse(text, len, NULL, 0) : NULL;
  if (!s) abort();
  return s;
}

static const char *const kinds[] = {"basics", "profiles", "work", "education", "publications",
                                    "skills", "projects", "sections"};
static const char *const fixed[] = {"null", "true", "0", "1.5", "\"x\"", "[]", "{}",
                                    "{\"a\":[1,\"b\",{\"c\":null}]}", "\"2019-07\"", "[[[[[]]]]]"};

static void check(const cvx_schema *s, const char *ptr, const json_t *j) {
  size_t n = cvx_schema_validate(s, ptr, j, NULL, NULL);
  if (n > CVX_SCHEMA_MAX_ERRORS) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!resume) {
    resume = builtin("resume.schema.json");
    record = builtin("record.schema.json");
  }
  if (size < 1) return 0;
  const char *text = (const char *)data + 1;
  size_t len = size - 1;
  if ((data[0] & 1) == 0) {
    json_t *j = json_loadb(text, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
    if (!j) return 0;
    check(resume, NULL, j);
    char ptr[64];
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
      strcpy(ptr, "#/definitions/");
      strcat(ptr, kinds[i]);
      check(record, ptr, j);
    }
    json_decref(j);
  } else {
    char err[128];
    cvx_schema *s = cvx_schema_parse(text, len, err, sizeof err);
    if (!s) return 0;
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
      json_t *j = json_loads(fixed[i], JSON_DECODE_ANY, NULL);
      check(s, NULL, j);
      json_decref(j);
    }
    json_t *self = json_loadb(text, len, JSON_DECODE_ANY, NULL);
    if (self) {
      check(s, NULL, self);
      check(s, "#/definitions/a", self);
      json_decref(self);
    }
    cvx_schema_free(s);
  }
  return 0;
}
