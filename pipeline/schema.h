/* schema.h — a JSON-Schema validator (draft-07, local $ref only) over jansson
 * values: parse a schema once, validate many instances from many threads. */
#ifndef CVX_SCHEMA_H
#define CVX_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* A parsed, read-only schema: the JSON document plus every `pattern` and
 * `patternProperties` key compiled once. */
typedef struct cvx_schema cvx_schema;

/* Parses a schema (an object or a boolean) from len bytes of JSON text and
 * checks its shape (keyword types, local $ref targets, regexes). Returns a
 * schema the caller frees with cvx_schema_free, or NULL with a one-line
 * message in err (err may be NULL; errsz bytes, always NUL-terminated).
 * Remote $refs (anything but "#…" or the root $id) are refused. */
cvx_schema *cvx_schema_parse(const char *text, size_t len, char *err, size_t errsz);

/* Frees s and everything it owns; s may be NULL. */
void cvx_schema_free(cvx_schema *s);

/* Receives one validation error. instance_path is a JSON pointer into the
 * instance ("" for the root, "/work/0/startDate"); schema_path is the keyword's
 * location in the schema document ("#/definitions/iso8601/pattern"); message
 * is a short English sentence. All three are valid only during the call. */
typedef void (*cvx_schema_error_fn)(void *ctx, const char *instance_path,
                                    const char *schema_path, const char *message);

/* Most errors one validation reports; validation stops at this count. */
#define CVX_SCHEMA_MAX_ERRORS 100
/* Deepest nesting of subschemas (instance levels and $ref hops together). */
#define CVX_SCHEMA_MAX_DEPTH 128

/* Validates instance against the schema root (pointer NULL, "" or "#") or
 * against the subschema at a JSON pointer such as "#/definitions/work". Calls
 * fn (may be NULL) once per error and returns the number of errors, at most
 * CVX_SCHEMA_MAX_ERRORS; 0 means valid. Pathological input (nesting past
 * CVX_SCHEMA_MAX_DEPTH, a regex hitting its limits, too much work) is an
 * error, never a crash or a hang. Never modifies s or instance, so any number
 * of threads may validate with one schema at once. */
size_t cvx_schema_validate(const cvx_schema *s, const char *pointer, const json_t *instance,
                           cvx_schema_error_fn fn, void *ctx);

/* ------------------------------------------------ values built without jansson */

/* A JSON value that callers build cheaply (in their own arena or array) to
 * ask cvx_schema_accepts whether it is valid, without making a json_t tree. */
typedef enum cvx_sv_type {
  CVX_SV_NULL,
  CVX_SV_FALSE,
  CVX_SV_TRUE,
  CVX_SV_INTEGER,
  CVX_SV_REAL,
  CVX_SV_STRING,
  CVX_SV_ARRAY,
  CVX_SV_OBJECT
} cvx_sv_type;

typedef struct cvx_sv cvx_sv;
struct cvx_sv {
  cvx_sv_type type;
  const char *key; /* the member name when in an object (NUL-terminated) */
  size_t keylen;
  const char *str; /* CVX_SV_STRING: valid UTF-8, str[len] == '\0' */
  size_t len;
  bool plain;      /* CVX_SV_STRING: known to need no JSON escaping (a writer's
                      hint, never read here; false is always safe) */
  bool keyplain;   /* key is known to need no JSON escaping (a writer's hint, as
                      plain; false is always safe) */
  json_int_t i;   /* CVX_SV_INTEGER */
  double d;       /* CVX_SV_REAL: finite */
  cvx_sv *head, *tail; /* items or members, in order; object keys are unique */
  size_t n;            /* how many */
  cvx_sv *next;        /* the next sibling */
};

/* Appends child (its key set when parent is an object) to parent's items. */
static inline void cvx_sv_append(cvx_sv *parent, cvx_sv *child) {
  child->next = NULL;
  if (parent->tail) parent->tail->next = child;
  else parent->head = child;
  parent->tail = child;
  parent->n++;
}

/* True when v is certainly valid against the schema root or the subschema at
 * pointer (as for cvx_schema_validate), that is when cvx_schema_validate on
 * the same value as JSON would report no error. False means "not known
 * valid": the value may be invalid, or use a keyword this quick check leaves
 * to the full validator (combinators, patternProperties, uniqueItems…), or
 * hit a limit; then run cvx_schema_validate on cvx_sv_to_json(v) for the
 * verdict and the error messages. Allocates nothing but regex match data;
 * never modifies s or v, so threads may share both. */
bool cvx_schema_accepts(const cvx_schema *s, const char *pointer, const cvx_sv *v);

/* The subschema cvx_schema_accepts finds for pointer (NULL, "" or "#": the
 * root), or NULL when there is none; read-only, valid as long as s. For
 * callers checking many values against one subschema. */
const json_t *cvx_schema_subschema(const cvx_schema *s, const char *pointer);

/* cvx_schema_accepts(s, pointer, v) for sub = cvx_schema_subschema(s,
 * pointer): the same answer without resolving pointer again. */
bool cvx_schema_accepts_sub(const cvx_schema *s, const json_t *sub, const cvx_sv *v);

/* The same value as a new jansson tree (a reference the caller owns), or NULL
 * when out of depth (past CVX_SCHEMA_MAX_DEPTH levels). Strings are taken as
 * valid UTF-8, as cvx_sv promises. */
json_t *cvx_sv_to_json(const cvx_sv *v);

#endif /* CVX_SCHEMA_H */
