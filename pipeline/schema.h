/* schema.h — a JSON-Schema validator (draft-07, local $ref only) over jansson
 * values: parse a schema once, validate many instances from many threads. */
#ifndef CVX_SCHEMA_H
#define CVX_SCHEMA_H

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

#endif /* CVX_SCHEMA_H */
