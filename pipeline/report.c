/* report.c — diagnostic formats. Text is what convert.c already formatted;
 * GitHub annotations stream line by line; JSON and SARIF are built as one
 * jansson document and dumped at the end, keys in a fixed order. */
#include "report.h"

#include "rules.h"

#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct cvx_reporter {
  cvx_report_format format;
  FILE *out;
  json_t *files;   /* JSON: [{file, errors, warnings, diagnostics}] */
  json_t *results; /* SARIF: results */
  json_t *rules;   /* SARIF: reportingDescriptor[] */
  json_t *rule_index; /* SARIF: code -> index in rules */
  size_t nfiles, with_errors, with_warnings, nerrors, nwarnings, nnotes;
};

bool cvx_report_format_parse(const char *s, cvx_report_format *out) {
  static const struct {
    const char *name;
    cvx_report_format f;
  } names[] = {{"text", CVX_REPORT_TEXT},
               {"github", CVX_REPORT_GITHUB},
               {"json", CVX_REPORT_JSON},
               {"sarif", CVX_REPORT_SARIF}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(s, names[i].name) == 0) {
      *out = names[i].f;
      return true;
    }
  return false;
}

static const char *sarif_level(cvx_severity s) {
  return s == CVX_ERROR ? "error" : s == CVX_WARNING ? "warning" : "note";
}

static json_t *rule_json(const char *code, const cvx_rule *r) {
  json_t *o = json_object();
  json_object_set_new(o, "id", json_string(code));
  json_t *sd = json_object();
  json_object_set_new(sd, "text", json_string(r ? r->description : code));
  json_object_set_new(o, "shortDescription", sd);
  json_t *cfg = json_object();
  json_object_set_new(cfg, "level", json_string(sarif_level(r ? r->severity : CVX_WARNING)));
  json_object_set_new(o, "defaultConfiguration", cfg);
  return o;
}

/* The rule table of every known rule, the same for every SARIF reporter:
 * built once and shared (jansson counts its references atomically); a
 * reporter that meets a code not in it appends to a copy of its own
 * (rule_index_of). A reporter used to build its own, some thousand jansson
 * nodes for each one: most of the time of a validate run on a short page. */
static pthread_once_t rules_once = PTHREAD_ONCE_INIT;
static json_t *all_rules, *all_index;

static void rules_build(void) {
  all_rules = json_array();
  all_index = json_object();
  size_t n;
  const cvx_rule *all = cvx_rules_all(&n);
  for (size_t i = 0; i < n; i++) {
    json_array_append_new(all_rules, rule_json(all[i].code, &all[i]));
    json_object_set_new(all_index, all[i].code, json_integer((json_int_t)i));
  }
}

cvx_reporter *cvx_reporter_new(cvx_report_format f, FILE *out) {
  cvx_reporter *r = cvx_xcalloc(1, sizeof *r);
  r->format = f;
  r->out = out;
  if (f == CVX_REPORT_JSON) r->files = json_array();
  if (f == CVX_REPORT_SARIF) {
    r->results = json_array();
    pthread_once(&rules_once, rules_build);
    r->rules = json_incref(all_rules);
    r->rule_index = json_incref(all_index);
  }
  return r;
}

/* GitHub workflow-command escaping: data escapes % CR LF; properties also
 * escape : and , (they separate properties). */
static void gh_escape(FILE *out, const char *s, bool property) {
  for (; *s; s++) {
    switch (*s) {
    case '%': fputs("%25", out); break;
    case '\r': fputs("%0D", out); break;
    case '\n': fputs("%0A", out); break;
    case ':':
      if (property) fputs("%3A", out);
      else fputc(':', out);
      break;
    case ',':
      if (property) fputs("%2C", out);
      else fputc(',', out);
      break;
    default: fputc(*s, out);
    }
  }
}

/* A relative URI reference for a path: unreserved characters and '/' kept,
 * the rest percent-encoded; absolute paths become file:// URIs. */
static char *path_uri(const char *path) {
  cvx_buf b = CVX_BUF_INIT;
  if (strcmp(path, "<stdin>") == 0) path = "stdin";
  while (path[0] == '.' && path[1] == '/') path += 2;
  if (path[0] == '/') cvx_buf_puts(&b, "file://");
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
        strchr("-._~/", *p))
      cvx_buf_putc(&b, (char)*p);
    else
      cvx_buf_printf(&b, "%%%02X", *p);
  }
  return cvx_buf_detach(&b);
}

static size_t rule_index_of(cvx_reporter *r, const char *code) {
  json_t *idx = json_object_get(r->rule_index, code);
  if (idx) return (size_t)json_integer_value(idx);
  if (r->rules == all_rules) { /* the shared table: this reporter's own copy */
    json_t *rules = json_copy(all_rules), *index = json_copy(all_index);
    json_decref(r->rules);
    json_decref(r->rule_index);
    r->rules = rules;
    r->rule_index = index;
  }
  size_t i = json_array_size(r->rules);
  json_array_append_new(r->rules, rule_json(code, NULL));
  json_object_set_new(r->rule_index, code, json_integer((json_int_t)i));
  return i;
}

void cvx_reporter_add(cvx_reporter *r, const char *display, const cvx_result *res) {
  r->nfiles++;
  if (res->nerrors) r->with_errors++;
  else if (res->nwarnings) r->with_warnings++;
  r->nerrors += res->nerrors;
  r->nwarnings += res->nwarnings;
  switch (r->format) {
  case CVX_REPORT_TEXT:
    fwrite(res->report.ptr, 1, res->report.len, r->out);
    break;
  case CVX_REPORT_GITHUB:
    for (size_t i = 0; i < res->nitems; i++) {
      const cvx_report_item *it = &res->items[i];
      const char *cmd = it->severity == CVX_ERROR ? "error" : it->severity == CVX_WARNING ? "warning" : "notice";
      fprintf(r->out, "::%s file=", cmd);
      gh_escape(r->out, display, true);
      if (it->line) fprintf(r->out, ",line=%u,col=%u", it->line, it->col);
      fputs(",title=", r->out);
      gh_escape(r->out, it->code, true);
      fputs("::", r->out);
      gh_escape(r->out, it->message, false);
      fputc('\n', r->out);
    }
    break;
  case CVX_REPORT_JSON: {
    json_t *f = json_object();
    json_object_set_new(f, "file", json_string(display));
    json_object_set_new(f, "status", json_string(res->status != CVX_OK || res->nerrors ? "error"
                                                 : res->nwarnings                     ? "warnings"
                                                                                      : "ok"));
    json_object_set_new(f, "errors", json_integer((json_int_t)res->nerrors));
    json_object_set_new(f, "warnings", json_integer((json_int_t)res->nwarnings));
    json_t *ds = json_array();
    for (size_t i = 0; i < res->nitems; i++) {
      const cvx_report_item *it = &res->items[i];
      json_t *d = json_object();
      json_object_set_new(d, "severity", json_string(cvx_severity_str(it->severity)));
      json_object_set_new(d, "code", json_string(it->code));
      json_object_set_new(d, "message", json_string(it->message));
      if (it->page) json_object_set_new(d, "page", json_integer(it->page)); /* a PDF's: line is counted on it */
      json_object_set_new(d, "line", it->line ? json_integer(it->line) : json_null());
      json_object_set_new(d, "column", it->line ? json_integer(it->col) : json_null());
      json_array_append_new(ds, d);
    }
    json_object_set_new(f, "diagnostics", ds);
    json_array_append_new(r->files, f);
    break;
  }
  case CVX_REPORT_SARIF: {
    char *uri = path_uri(display);
    for (size_t i = 0; i < res->nitems; i++) {
      const cvx_report_item *it = &res->items[i];
      json_t *o = json_object();
      json_object_set_new(o, "ruleId", json_string(it->code));
      json_object_set_new(o, "ruleIndex", json_integer((json_int_t)rule_index_of(r, it->code)));
      json_object_set_new(o, "level", json_string(sarif_level(it->severity)));
      json_t *msg = json_object();
      json_object_set_new(msg, "text", json_string(it->message));
      json_object_set_new(o, "message", msg);
      json_t *phys = json_object();
      json_t *art = json_object();
      json_object_set_new(art, "uri", json_string(uri));
      json_object_set_new(phys, "artifactLocation", art);
      if (it->line) {
        json_t *reg = json_object();
        json_object_set_new(reg, "startLine", json_integer(it->line));
        json_object_set_new(reg, "startColumn", json_integer(it->col ? it->col : 1));
        if (it->source_line) {
          json_t *snip = json_object();
          json_object_set_new(snip, "text", json_string(it->source_line));
          json_object_set_new(reg, "snippet", snip);
        }
        json_object_set_new(phys, "region", reg);
      }
      json_t *loc = json_object();
      json_object_set_new(loc, "physicalLocation", phys);
      json_t *locs = json_array();
      json_array_append_new(locs, loc);
      json_object_set_new(o, "locations", locs);
      json_array_append_new(r->results, o);
    }
    free(uri);
    break;
  }
  }
}

static void dump(cvx_reporter *r, json_t *doc) {
  char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  if (s) {
    fputs(s, r->out);
    fputc('\n', r->out);
    free(s);
  }
  json_decref(doc);
}

/* The shared rule table as json_dumps writes it in a SARIF document: its
 * lines indented by RULES_INDENT (the depth of runs[0].tool.driver.rules), so
 * that a document whose table is the shared one is its dump with the table
 * left empty, the text spliced in. Dumped once per process: it is most of a
 * SARIF document of a short page (13 KB of its 14 for 44 rules); a batch
 * writes one report, but a caller that writes one per page (the fuzz target
 * does) spent 5 to 10% of its time dumping it again. */
#define RULES_INDENT 10
static pthread_once_t rules_text_once = PTHREAD_ONCE_INIT;
static char *rules_text;

static void rules_text_build(void) {
  char *s = json_dumps(all_rules, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  if (!s) return;
  cvx_buf b = {0};
  for (const char *p = s; *p; p++) { /* strings are escaped: a newline is the dump's */
    cvx_buf_putc(&b, *p);
    if (*p == '\n') cvx_buf_printf(&b, "%*s", RULES_INDENT, "");
  }
  free(s);
  rules_text = cvx_buf_detach(&b);
}

/* dump(r, doc) for a SARIF document whose driver's "rules" (its last key) is
 * the shared table: the document is dumped with an empty array there, which
 * is the first '"rules": []' of the text (the header before it is fixed, and
 * in a string a '"' is escaped), and the table's text goes in its place. */
static void dump_sarif(cvx_reporter *r, json_t *doc, json_t *driver) {
  pthread_once(&rules_text_once, rules_text_build);
  if (rules_text) {
    json_object_set_new(driver, "rules", json_array());
    char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    static const char key[] = "\"rules\": []";
    const char *at = s ? strstr(s, key) : NULL;
    const char *line = at;
    while (line && line > s && line[-1] == ' ') line--;
    if (at && line > s && line[-1] == '\n' && at - line == RULES_INDENT) {
      at += sizeof key - 3; /* the '[' */
      fwrite(s, 1, (size_t)(at - s), r->out);
      fputs(rules_text, r->out);
      fputs(at + 2, r->out);
      fputc('\n', r->out);
      free(s);
      json_decref(doc);
      return;
    }
    free(s);
    json_object_set(driver, "rules", all_rules); /* not the shape expected: the whole dump */
  }
  dump(r, doc);
}

void cvx_reporter_finish(cvx_reporter *r) {
  if (!r) return;
  if (r->format == CVX_REPORT_JSON) {
    json_t *doc = json_object();
    json_object_set_new(doc, "tool", json_string("cvx"));
    json_object_set_new(doc, "version", json_string(CVX_VERSION));
    json_object_set_new(doc, "files", r->files);
    json_t *sum = json_object();
    json_object_set_new(sum, "files", json_integer((json_int_t)r->nfiles));
    json_object_set_new(sum, "withErrors", json_integer((json_int_t)r->with_errors));
    json_object_set_new(sum, "withWarnings", json_integer((json_int_t)r->with_warnings));
    json_object_set_new(sum, "errors", json_integer((json_int_t)r->nerrors));
    json_object_set_new(sum, "warnings", json_integer((json_int_t)r->nwarnings));
    json_object_set_new(doc, "summary", sum);
    r->files = NULL;
    dump(r, doc);
  } else if (r->format == CVX_REPORT_SARIF) {
    json_t *driver = json_object();
    json_object_set_new(driver, "name", json_string("cvx"));
    json_object_set_new(driver, "version", json_string(CVX_VERSION));
    json_object_set_new(driver, "semanticVersion", json_string(CVX_VERSION));
    json_object_set_new(driver, "rules", r->rules);
    json_t *tool = json_object();
    json_object_set_new(tool, "driver", driver);
    json_t *run = json_object();
    json_object_set_new(run, "tool", tool);
    json_object_set_new(run, "columnKind", json_string("unicodeCodePoints"));
    json_object_set_new(run, "results", r->results);
    json_t *runs = json_array();
    json_array_append_new(runs, run);
    json_t *doc = json_object();
    json_object_set_new(doc, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json"));
    json_object_set_new(doc, "version", json_string("2.1.0"));
    json_object_set_new(doc, "runs", runs);
    bool shared = r->rules == all_rules;
    r->rules = r->results = NULL;
    if (shared) dump_sarif(r, doc, driver);
    else dump(r, doc);
  }
  json_decref(r->files);
  json_decref(r->results);
  json_decref(r->rules);
  json_decref(r->rule_index);
  fflush(r->out);
  free(r);
}

void cvx_rules_print(FILE *out) {
  size_t n;
  const cvx_rule *all = cvx_rules_all(&n);
  for (size_t i = 0; i < n; i++)
    fprintf(out, "%-28s %-8s %s\n", all[i].code, cvx_severity_str(all[i].severity), all[i].description);
}
