/* test_htmlesc.c — the review site's escaping (htmlesc.c), table-driven: text and
 * attribute values, link targets, path segments, hostile bytes. */
#include "check.h"
#include "htmlesc.h"

#include <string.h>

typedef struct {
  const char *in;
  size_t n; /* 0: strlen(in) */
  const char *want;
} text_case;

static const text_case texts[] = {
    {"plain text", 0, "plain text"},
    {"<script>alert(1)</script>", 0, "&lt;script&gt;alert(1)&lt;/script&gt;"},
    {"a \"quoted\" 'value'", 0, "a &quot;quoted&quot; &#39;value&#39;"},
    {"Tom & Jerry &amp;", 0, "Tom &amp; Jerry &amp;amp;"},
    {"<img src=x onerror=alert(1)>", 0, "&lt;img src=x onerror=alert(1)&gt;"},
    {"\" onmouseover=\"alert(1)", 0, "&quot; onmouseover=&quot;alert(1)"},
    {"tab\tand\nnewline", 0, "tab\tand\nnewline"},
    {"nul\0byte", 8, "nul\xEF\xBF\xBD" "byte"},
    {"bell\a esc\x1b del\x7f", 0, "bell\xE2\x90\x87 esc\xE2\x90\x9B del\xE2\x90\xA1"},
    {"cr\rlf", 0, "cr\xE2\x90\x8Dlf"},
    {"bad \xC3( utf8", 0, "bad \xEF\xBF\xBD( utf8"},
    {"lone \x80\xBF cont", 0, "lone \xEF\xBF\xBD\xEF\xBF\xBD cont"},
    {"overlong \xC0\xBC", 0, "overlong \xEF\xBF\xBD\xEF\xBF\xBD"},
    {"surrogate \xED\xA0\x80", 0, "surrogate \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"cut \xE2\x82", 0, "cut \xEF\xBF\xBD\xEF\xBF\xBD"},
    {"rtl \xE2\x80\xAE" "gpj.exe", 0, "rtl [U+202E]gpj.exe"},
    {"isolate \xE2\x81\xA6x\xE2\x81\xA9", 0, "isolate [U+2066]x[U+2069]"},
    {"marks \xE2\x80\x8F\xE2\x80\x8E\xD8\x9C", 0, "marks [U+200F][U+200E][U+061C]"},
    {"caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80", 0, "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80"},
    {"\xEF\xBF\xBD kept", 0, "\xEF\xBF\xBD kept"},
    {"", 0, ""},
};

typedef struct {
  const char *in;
  const char *want; /* NULL: refused */
} url_case;

static const url_case urls[] = {
    {"https://example.org/a?b=1&c=2", "https://example.org/a?b=1&amp;c=2"},
    {"http://example.org", "http://example.org"},
    {"HTTPS://EXAMPLE.ORG", "HTTPS://EXAMPLE.ORG"},
    {"mailto:jane@example.org", "mailto:jane@example.org"},
    {"https://example.org/\"><script>", "https://example.org/&quot;&gt;&lt;script&gt;"},
    {"https://example.org/it's", "https://example.org/it&#39;s"},
    {"javascript:alert(1)", NULL},
    {"JavaScript:alert(1)", NULL},
    {" javascript:alert(1)", NULL},
    {"java\tscript:alert(1)", NULL},
    {"javascript&colon;alert(1)", NULL},
    {"data:text/html,<script>alert(1)</script>", NULL},
    {"vbscript:msgbox", NULL},
    {"//evil.example/x", NULL},
    {"/relative/path", NULL},
    {"example.org", NULL},
    {"https://", NULL},
    {"mailto:", NULL},
    {"http:/example.org", NULL},
    {"https://exa mple.org", NULL},
    {"https://example.org/\n", NULL},
    {"https://example.org/\xC3(", NULL},
    {"https://example.org/\xE2\x80\xAEgpj", NULL},
    {"https://example.org/\xC2\x85", NULL},
    {"https://b\xC3\xBC" "cher.example/", "https://b\xC3\xBC" "cher.example/"},
    {"", NULL},
};

typedef struct {
  const char *in;
  const char *want;
} path_case;

static const path_case paths[] = {
    {"cv", "cv"},
    {"my cv (2)", "my%20cv%20%282%29"},
    {"a/b", "a%2Fb"},
    {"..", ".."},
    {"x?y#z", "x%3Fy%23z"},
    {"javascript:alert(1)", "javascript%3Aalert%281%29"},
    {"\"><script>", "%22%3E%3Cscript%3E"},
    {"caf\xC3\xA9", "caf%C3%A9"},
    {"100%", "100%25"},
};

int main(void) {
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    cvx_buf b = CVX_BUF_INIT;
    const text_case *t = &texts[i];
    cvx_html_text(&b, t->in, t->n ? t->n : strlen(t->in));
    CHECK_STR(b.ptr, t->want, t->in);
    CHECK(!strchr(b.ptr, '<') && !strchr(b.ptr, '>') && !strchr(b.ptr, '"') && !strchr(b.ptr, '\''),
          "text %zu: a markup character survived", i);
    cvx_buf_free(&b);
  }
  for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++) {
    cvx_buf b = CVX_BUF_INIT;
    const url_case *u = &urls[i];
    bool ok = cvx_html_url(&b, u->in, strlen(u->in));
    CHECK(ok == (u->want != NULL), "url %zu '%s': accepted=%d", i, u->in, ok);
    CHECK(ok == cvx_html_url_ok(u->in, strlen(u->in)), "url %zu: cvx_html_url_ok disagrees", i);
    CHECK_STR(b.ptr, u->want ? u->want : "", u->in);
    cvx_buf_free(&b);
  }
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
    cvx_buf b = CVX_BUF_INIT;
    cvx_html_path(&b, paths[i].in, strlen(paths[i].in));
    CHECK_STR(b.ptr, paths[i].want, paths[i].in);
    cvx_buf_free(&b);
  }
  /* between tags quotes stay; everything else is as for attributes */
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    cvx_buf a = CVX_BUF_INIT, t = CVX_BUF_INIT;
    const char *in = texts[i].in;
    size_t n = texts[i].n ? texts[i].n : strlen(in);
    cvx_html_body(&t, in, n);
    CHECK(!strchr(t.ptr, '<') && !strchr(t.ptr, '>'), "body %zu: a tag character survived", i);
    /* the body form is the attribute form with quotes unescaped */
    cvx_html_text(&a, in, n);
    cvx_buf u = CVX_BUF_INIT;
    for (const char *p = a.ptr; *p;) {
      if (strncmp(p, "&quot;", 6) == 0) cvx_buf_putc(&u, '"'), p += 6;
      else if (strncmp(p, "&#39;", 5) == 0) cvx_buf_putc(&u, '\''), p += 5;
      else cvx_buf_putc(&u, *p++);
    }
    CHECK_STR(t.ptr, u.ptr, in);
    cvx_buf_free(&a);
    cvx_buf_free(&t);
    cvx_buf_free(&u);
  }
  /* appending keeps what the buffer held */
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_puts(&b, "<p>");
  cvx_html_str(&b, "a<b");
  CHECK_STR(b.ptr, "<p>a&lt;b", "append");
  cvx_buf_free(&b);
  return check_done("html");
}
