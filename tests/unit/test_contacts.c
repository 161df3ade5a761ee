/* test_contacts.c — e-mail, URL, profile and phone finders: the shapes CVs
 * use, the look-alikes they must refuse, and hostile inputs that must stay fast. */
#include "grammar.h"

#include "check.h"

#include <stdlib.h>
#include <time.h>

/* want: the value found (NULL: none); text: the matched source text (NULL:
 * not checked). */
typedef struct find_row {
  const char *in;
  const char *want;
  const char *text;
} find_row;

static const find_row EMAILS[] = {
    {"jane@initech.com", "jane@initech.com", "jane@initech.com"},
    {"Email: Jane.Roe@Initech.COM.", "Jane.Roe@initech.com", "Jane.Roe@Initech.COM"},
    {"[Email](mailto:jane@initech.com)", "jane@initech.com", "jane@initech.com"},
    {"<a href=\"mailto:jane.roe@cs.initech.edu\">mail</a>", "jane.roe@cs.initech.edu", NULL},
    {"jroe [at] initech [dot] edu", "jroe@initech.edu", "jroe [at] initech [dot] edu"},
    {"jroe (at) initech (dot) com", "jroe@initech.com", NULL},
    {"jroe{at}initech{dot}org", "jroe@initech.org", "jroe{at}initech{dot}org"},
    {"jroe [AT] cs [DOT] initech [DOT] edu", "jroe@cs.initech.edu", NULL},
    {"mail: jane at initech dot org", "jane@initech.org", "jane at initech dot org"},
    {"jane AT initech DOT org", "jane@initech.org", NULL},
    {"jane.roe (at) initech.edu", "jane.roe@initech.edu", "jane.roe (at) initech.edu"},
    {"jane [dot] roe [at] initech [dot] edu", "jane.roe@initech.edu",
     "jane [dot] roe [at] initech [dot] edu"},
    {"jroe<at>initech<dot>com", "jroe@initech.com", NULL},
    {"jroe [@] initech.com", "jroe@initech.com", NULL},
    {"jroe ( at ) initech ( dot ) com", "jroe@initech.com", NULL},
    {"write to name@domain.edu, or call", "name@domain.edu", "name@domain.edu"},
    {"(jane@initech.com)", "jane@initech.com", "jane@initech.com"},
    {"jane+cv@initech.co.uk", "jane+cv@initech.co.uk", NULL},
    {"Contact: jane_roe-1@mail.initech.io;", "jane_roe-1@mail.initech.io", NULL},
    {"电子邮件：jane@initech.cn，欢迎", "jane@initech.cn", "jane@initech.cn"},
    {"first jane@a.org then bob@b.org", "jane@a.org", NULL},
    {"jroe [at] a [dot] org or jane@b.org", "jroe@a.org", NULL},
    {"...jane@initech.com", "jane@initech.com", "jane@initech.com"},
    /* not addresses */
    {"Engineer at Initech since 2019", NULL, NULL},
    {"I work at initech.com", NULL, NULL},
    {"Software Engineer at Initech dot com", NULL, NULL},
    {"jane at initech.org", NULL, NULL},
    {"@janeroe on Twitter", NULL, NULL},
    {"Labs@Initech", NULL, NULL},
    {"logo@2x.png", NULL, NULL},
    {"https://user:pw@initech.com/x", NULL, NULL},
    {"jane@localhost", NULL, NULL},
    {"jane@@initech.com", NULL, NULL},
    {"jane..roe@initech.com", NULL, NULL},
    {"jane@initech.c", NULL, NULL},
    {"https://medium.com/@jane", NULL, NULL},
    {"[at] initech [dot] com", NULL, NULL},
    {"jane [at]", NULL, NULL},
    {"", NULL, NULL},
};

static const char *const VALID_EMAILS[] = {
    "jane@initech.com", "o'brien@initech.ie", "a.b-c+d@sub.initech.org",
    "x@a-b.io",         "J_R@INITECH.COM",
};
static const char *const INVALID_EMAILS[] = {
    ".jane@x.com",
    "jane.@x.com",
    "jane@x",
    "jane@-x.com",
    "jane@x-.com",
    "ja ne@x.com",
    "jane@x..com",
    "jane@x.com.",
    "",
    "@x.com",
    "jane@x.c0m",
    "jane@",
    "jane@x.c",
    "jané@x.com",
    "jane@x_y.com",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@x.com",
};

static const find_row URLS[] = {
    {"https://initech.com", "https://initech.com", "https://initech.com"},
    {"See https://initech.com/jane.", "https://initech.com/jane", "https://initech.com/jane"},
    {"[site](https://initech.com/~jroe/)", "https://initech.com/~jroe/", NULL},
    {"(https://en.wikipedia.org/wiki/Foo_(bar))", "https://en.wikipedia.org/wiki/Foo_(bar)", NULL},
    {"www.initech.com/jane", "https://www.initech.com/jane", "www.initech.com/jane"},
    {"github.com/janeroe", "https://github.com/janeroe", "github.com/janeroe"},
    {"linkedin.com/in/jane-roe,", "https://linkedin.com/in/jane-roe", "linkedin.com/in/jane-roe"},
    {"scholar.google.com/citations?user=AbCdEf0AAAAJ&hl=en",
     "https://scholar.google.com/citations?user=AbCdEf0AAAAJ&hl=en", NULL},
    {"jane@initech.com   github.com/janeroe", "https://github.com/janeroe", NULL},
    /* a dot with no label after it is no host */
    {"Ends here. And here.", NULL, NULL},
    {"**https://initech.com**", "https://initech.com", "https://initech.com"},
    {"<https://initech.com/a>", "https://initech.com/a", NULL},
    {"'https://initech.com/a'", "https://initech.com/a", NULL},
    {"主页：https://initech.cn/jane，欢迎", "https://initech.cn/jane", "https://initech.cn/jane"},
    {"initech.com", "https://initech.com", "initech.com"},
    {"http://192.168.0.1/admin", "http://192.168.0.1/admin", NULL},
    {"Website:www.initech.io", "https://www.initech.io", "www.initech.io"},
    {"github.com/jane\\_roe", "https://github.com/jane_roe", "github.com/jane\\_roe"},
    {"_https://initech.com/a_b_", "https://initech.com/a_b", NULL},
    {"[https://initech.com](https://initech.com)", "https://initech.com", "https://initech.com"},
    {"https://initech.com/p?q=1#frag).", "https://initech.com/p?q=1#frag", NULL},
    {"see:https://initech.com", "https://initech.com", NULL},
    {"http://initech.com:8080/x", "http://initech.com:8080/x", NULL},
    /* not links */
    {"jane@initech.com", NULL, NULL},
    {"jane.roe@initech.com", NULL, NULL},
    {"jroe (at) initech.edu", NULL, NULL},
    {"Node.js/React and ASP.NET", NULL, NULL},
    {"e.g. this, i.e. that", NULL, NULL},
    {"version 2.0.1", NULL, NULL},
    {"resume.pdf", NULL, NULL},
    {"doi:10.1000/xyz123", NULL, NULL},
    {"ftp://initech.com", NULL, NULL},
    {"https://localhost/x", NULL, NULL},
    {"https://", NULL, NULL},
    {"", NULL, NULL},
};

typedef struct profile_row {
  const char *url;
  const char *network;
  const char *user;
} profile_row;

static const profile_row PROFILES[] = {
    {"https://github.com/janeroe", "GitHub", "janeroe"},
    {"https://github.com/janeroe/", "GitHub", "janeroe"},
    {"github.com/janeroe?tab=repositories", "GitHub", "janeroe"},
    {"https://github.com/janeroe/cvx", NULL, NULL},
    {"https://janeroe.github.io", NULL, NULL},
    {"https://github.com/orgs/initech", NULL, NULL},
    {"https://github.com/", NULL, NULL},
    {"https://www.linkedin.com/in/jane-roe/", "LinkedIn", "jane-roe"},
    {"https://uk.linkedin.com/pub/jane-roe/1/2b/3c4", "LinkedIn", "jane-roe"},
    {"https://www.linkedin.com/profile/view?id=12345#x", "LinkedIn", NULL},
    {"https://www.linkedin.com/company/initech", NULL, NULL},
    {"https://scholar.google.com/citations?user=AbCdEf0AAAAJ&hl=en", "Google Scholar",
     "AbCdEf0AAAAJ"},
    {"https://scholar.google.com.br/citations?hl=en&user=XyZ-12AAAAJ", "Google Scholar",
     "XyZ-12AAAAJ"},
    {"https://scholar.google.com/citations?hl=en&amp;user=Q1w2E3AAAAJ", "Google Scholar",
     "Q1w2E3AAAAJ"},
    {"https://scholar.google.com/citations?view_op=search", NULL, NULL},
    {"https://orcid.org/0000-0002-1825-0097", "ORCID", "0000-0002-1825-0097"},
    {"http://orcid.org/0000-0002-1694-233X", "ORCID", "0000-0002-1694-233X"},
    {"https://orcid.org/yourorcid", NULL, NULL},
    {"https://twitter.com/janeroe", "Twitter", "janeroe"},
    {"https://x.com/@janeroe", "Twitter", "janeroe"},
    {"https://twitter.com/janeroe/status/123", NULL, NULL},
    {"https://twitter.com/intent/tweet", NULL, NULL},
    {"https://www.researchgate.net/profile/Jane_Roe", "ResearchGate", "Jane_Roe"},
    {"https://gitlab.com/jroe", "GitLab", "jroe"},
    {"https://bitbucket.org/jroe", "Bitbucket", "jroe"},
    {"https://www.hackerrank.com/jane_roe", "HackerRank", "jane_roe"},
    {"https://www.hackerrank.com/profile/jane_roe", "HackerRank", "jane_roe"},
    {"https://leetcode.com/u/janeroe/", "LeetCode", "janeroe"},
    {"https://leetcode.com/problems/two-sum", NULL, NULL},
    {"https://stackoverflow.com/users/12345/jane-roe", "Stack Overflow", "jane-roe"},
    {"https://www.kaggle.com/janeroe", "Kaggle", "janeroe"},
    {"https://medium.com/@janeroe", "Medium", "janeroe"},
    {"https://janeroe.medium.com", "Medium", "janeroe"},
    {"https://medium.com/@janeroe/a-post-123", NULL, NULL},
    {"https://mastodon.social/@jane", "Mastodon", "jane"},
    {"https://www.youtube.com/@janeroe", "YouTube", "janeroe"},
    {"https://www.youtube.com/channel/UC123abc", "YouTube", "UC123abc"},
    {"https://www.youtube.com/watch?v=abc", NULL, NULL},
    {"https://www.facebook.com/jane.roe", "Facebook", "jane.roe"},
    {"https://www.facebook.com/profile.php?id=1000", "Facebook", NULL},
    {"https://www.facebook.com/groups/initech", NULL, NULL},
    {"https://www.instagram.com/janeroe", "Instagram", "janeroe"},
    {"https://dribbble.com/janeroe", "Dribbble", "janeroe"},
    {"https://www.behance.net/janeroe", "Behance", "janeroe"},
    {"https://www.zhihu.com/people/jane-roe", "Zhihu", "jane-roe"},
    {"https://weibo.com/u/123456", "Weibo", "123456"},
    {"https://dblp.org/pid/12/3456.html", "DBLP", "12/3456"},
    {"http://dblp.uni-trier.de/pers/hd/r/Roe:Jane", "DBLP", "Roe:Jane"},
    {"https://www.semanticscholar.org/author/Jane-Roe/12345", "Semantic Scholar", "12345"},
    {"https://codeforces.com/profile/jroe", "Codeforces", "jroe"},
    {"https://t.me/janeroe", "Telegram", "janeroe"},
    {"https://initech.com/jane", NULL, NULL},
    {"https://initech.com/@", NULL, NULL},
    {"mailto:jane@initech.com", NULL, NULL},
    {"https://jane@github.com/janeroe", NULL, NULL},
    {"", NULL, NULL},
    {"not a url", NULL, NULL},
};

static const find_row PHONES[] = {
    {"+1 (555) 010-0173", NULL, "+1 (555) 010-0173"},
    {"Phone: 555.010.0161", NULL, "555.010.0161"},
    {"(555) 010-0126", NULL, "(555) 010-0126"},
    {"555-010-0142", NULL, "555-010-0142"},
    {"+7 (999) 555-01-23", NULL, "+7 (999) 555-01-23"},
    {"电话：(099)55501234", NULL, "(099)55501234"},
    {"(+212) 600000173", NULL, "(+212) 600000173"},
    {"029 0555 0142", NULL, "029 0555 0142"},
    {"(090) 5550-0144", NULL, "(090) 5550-0144"},
    {"+44 20 7946 0958 ext. 123", NULL, "+44 20 7946 0958 ext. 123"},
    {"555-010-0142 x12.", NULL, "555-010-0142 x12"},
    {"Tel: +49 30 12345678", NULL, "+49 30 12345678"},
    {"+86 138 0013 8000", NULL, "+86 138 0013 8000"},
    {"Call (555-010-0142).", NULL, "555-010-0142"},
    {"5550100161", NULL, "5550100161"},
    {"555-010-0142 2014-2017", NULL, "555-010-0142"},
    {"me@x.org | 555-010-0166 | Springfield", NULL, "555-010-0166"},
    {"Fax: 555-010-0157 Phone: 555-010-0142", NULL, "555-010-0142"},
    {"Mobile No.: 98765 43210", NULL, "98765 43210"},
    /* digits past the eighth byte, and fewer than seven of them anywhere */
    {"Phone number: 555-010-0142", NULL, "555-010-0142"},
    {"Office 12, building 345 (see map)", NULL, NULL},
    /* not phone numbers */
    {"2014-2017", NULL, NULL},
    {"2014 - 2017", NULL, NULL},
    {"2021-03-15", NULL, NULL},
    {"15.03.2021", NULL, NULL},
    {"03/15/2021", NULL, NULL},
    {"2013.07 - 2019.02", NULL, NULL},
    {"2014 2015 2016", NULL, NULL},
    {"doi:10.1145/3368089.3409701", NULL, NULL},
    {"10.1145/3368089.3409701", NULL, NULL},
    {"arXiv:2005.02205", NULL, NULL},
    {"2005.02205v2", NULL, NULL},
    {"ISBN 978-3-16-148410-0", NULL, NULL},
    {"978-3-16-148410-0", NULL, NULL},
    {"0000-0002-1825-0097", NULL, NULL},
    {"0000-0002-1694-233X", NULL, NULL},
    {"192.168.100.200", NULL, NULL},
    {"3.14159265", NULL, NULL},
    {"1917.3/2126", NULL, NULL},
    {"pp. 1234-1245", NULL, NULL},
    {"Fax: 555-010-0157", NULL, NULL},
    {"?id=100009620767683", NULL, NULL},
    {"1234567", NULL, NULL},
    {"GPA 3.71/4.0", NULL, NULL},
    {"https://initech.com/555-010-0142", NULL, NULL},
    {"555-010-0142abc", NULL, NULL},
    {"12345", NULL, NULL},
    {"| 03/23 - 06/23 | Scholarship", NULL, NULL},
    {"Display. Initech Press, 1990. 235-243.", NULL, NULL},
    {"score: 91.87/100", NULL, NULL},
    {"Tel. 030/1234567", NULL, "030/1234567"},
    {"", NULL, NULL},
};

static double seconds(clock_t since) { return (double)(clock() - since) / CLOCKS_PER_SEC; }

static char *repeat(const char *unit, size_t total) {
  size_t ul = strlen(unit);
  char *b = malloc(total);
  for (size_t i = 0; i < total; i++) b[i] = unit[i % ul];
  return b;
}

int main(void) {
  cvx_arena *a = cvx_arena_new(1 << 16);
  char ctx[160];

  for (size_t i = 0; i < sizeof EMAILS / sizeof EMAILS[0]; i++) {
    const find_row *r = &EMAILS[i];
    const char *got = NULL;
    size_t ms = 0, me = 0;
    bool found = cvx_email_find(a, r->in, strlen(r->in), &got, &ms, &me);
    snprintf(ctx, sizeof ctx, "email in \"%s\"", r->in);
    CHECK_STR(found ? got : NULL, r->want, ctx);
    if (found && r->text)
      CHECK(me - ms == strlen(r->text) && memcmp(r->in + ms, r->text, me - ms) == 0,
            "%s: matched \"%.*s\"", ctx, (int)(me - ms), r->in + ms);
    if (found) CHECK(cvx_email_valid(got), "%s: result not valid", ctx);
  }
  for (size_t i = 0; i < sizeof VALID_EMAILS / sizeof VALID_EMAILS[0]; i++)
    CHECK(cvx_email_valid(VALID_EMAILS[i]), "valid: %s", VALID_EMAILS[i]);
  for (size_t i = 0; i < sizeof INVALID_EMAILS / sizeof INVALID_EMAILS[0]; i++)
    CHECK(!cvx_email_valid(INVALID_EMAILS[i]), "invalid: %s", INVALID_EMAILS[i]);
  CHECK(!cvx_email_valid(NULL), "NULL");

  for (size_t i = 0; i < sizeof URLS / sizeof URLS[0]; i++) {
    const find_row *r = &URLS[i];
    const char *got = NULL;
    size_t ms = 0, me = 0;
    bool found = cvx_url_find(a, r->in, strlen(r->in), &got, &ms, &me);
    snprintf(ctx, sizeof ctx, "url in \"%s\"", r->in);
    CHECK_STR(found ? got : NULL, r->want, ctx);
    if (found && r->text)
      CHECK(me - ms == strlen(r->text) && memcmp(r->in + ms, r->text, me - ms) == 0,
            "%s: matched \"%.*s\"", ctx, (int)(me - ms), r->in + ms);
  }

  for (size_t i = 0; i < sizeof PROFILES / sizeof PROFILES[0]; i++) {
    const profile_row *r = &PROFILES[i];
    const char *user = "unset";
    const char *net = cvx_profile_network(a, r->url, &user);
    snprintf(ctx, sizeof ctx, "network of \"%s\"", r->url);
    CHECK_STR(net, r->network, ctx);
    snprintf(ctx, sizeof ctx, "user of \"%s\"", r->url);
    CHECK_STR(user, r->user, ctx);
  }
  CHECK(cvx_profile_network(a, NULL, NULL) == NULL, "NULL url");
  CHECK_STR(cvx_profile_network(a, "https://github.com/janeroe", NULL), "GitHub",
            "no username out");

  for (size_t i = 0; i < sizeof PHONES / sizeof PHONES[0]; i++) {
    const find_row *r = &PHONES[i];
    size_t ms = 0, me = 0;
    bool found = cvx_phone_find(r->in, strlen(r->in), &ms, &me);
    snprintf(ctx, sizeof ctx, "phone in \"%s\"", r->in);
    if (r->text)
      CHECK(found && me - ms == strlen(r->text) && memcmp(r->in + ms, r->text, me - ms) == 0,
            "%s: got \"%.*s\"", ctx, found ? (int)(me - ms) : 6, found ? r->in + ms : "(none)");
    else
      CHECK(!found, "%s: got \"%.*s\"", ctx, (int)(me - ms), r->in + ms);
  }

  /* only s[0,n) is read */
  {
    const char *got = NULL;
    size_t ms, me;
    CHECK(!cvx_email_find(a, "jane@initech.com", 5, &got, &ms, &me), "email cut at n");
    CHECK(cvx_email_find(a, "jane@initech.community", 16, &got, &ms, &me) &&
              strcmp(got, "jane@initech.com") == 0,
          "email ends at n");
    CHECK(cvx_url_find(a, "https://initech.com/jane", 19, &got, &ms, &me) &&
              strcmp(got, "https://initech.com") == 0,
          "url ends at n");
    CHECK(!cvx_phone_find("555-010-0142", 6, &ms, &me), "phone cut at n");
    CHECK(!cvx_email_find(a, NULL, 0, &got, &ms, &me), "email NULL");
    CHECK(!cvx_url_find(a, NULL, 0, &got, &ms, &me), "url NULL");
    CHECK(!cvx_phone_find(NULL, 0, &ms, &me), "phone NULL");
  }

  /* a marker at every offset (the scan skips 16 bytes at a time where no
   * marker can start): read the same wherever it falls */
  {
    static const char *const marks[] = {"jane@initech.com", "jane [at] initech [dot] com",
                                        "jane at initech dot com", "jane(at)initech.com",
                                        "jane{at}initech.com", "jane<at>initech.com", "Jane AT initech DOT com",
                                        "jane At initech.com", "no marker here at all"};
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
      const char *got0 = NULL;
      size_t ms0 = 0, me0 = 0, ml = strlen(marks[m]);
      bool found0 = cvx_email_find(a, marks[m], ml, &got0, &ms0, &me0);
      CHECK(found0 == (m <= 6), "marker %zu read", m);
      for (size_t pad = 1; pad < 40; pad++) {
        char buf[128];
        memset(buf, 'x', pad);
        buf[pad - 1] = ' ';
        memcpy(buf + pad, marks[m], ml);
        memcpy(buf + pad + ml, " yyyyyyyyyyyyyyyy", 17);
        const char *got = NULL;
        size_t ms = 0, me = 0;
        bool found = cvx_email_find(a, buf, pad + ml + 17, &got, &ms, &me);
        CHECK(found == found0 && (!found || (ms == ms0 + pad && me == me0 + pad && strcmp(got, got0) == 0)),
              "marker %zu at %zu", m, pad);
      }
    }
  }

  /* hostile inputs: each must finish fast and never read past n */
  static const char *const units[] = {
      "a@a.a@a.",    "a@",     "@a.",  "[at]",      "a [at] a [dot] ",
      "a at a dot ", " dot ",  "(",    "http://a.", "https://a.co/(",
      "www.",        "a.co/",  "\\_",  "1-",        "+(",
      "(1) ",        "2014-",  "1.1.", "a.b.",      "\xE6\x95",
      "mailto:",     "a.com@", "_a_",  "@a.com ",
  };
  size_t big = 100000;
  for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
    char *buf = repeat(units[u], big);
    clock_t t0 = clock();
    const char *got;
    size_t ms, me;
    (void)cvx_email_find(a, buf, big, &got, &ms, &me);
    (void)cvx_url_find(a, buf, big, &got, &ms, &me);
    (void)cvx_phone_find(buf, big, &ms, &me);
    for (size_t n = 0; n < 64; n++) {
      (void)cvx_email_find(a, buf, n, &got, &ms, &me);
      (void)cvx_url_find(a, buf, n, &got, &ms, &me);
      (void)cvx_phone_find(buf, n, &ms, &me);
    }
    double el = seconds(t0);
    CHECK(el < 2.0, "hostile \"%s\" x %zu took %.2fs", units[u], big, el);
    free(buf);
  }
  CHECK(!cvx_email_find(a, "a@a.a@a.a@a.", 12, NULL, NULL, NULL), "short hostile");
  {
    /* the longest local part with a domain of many long labels */
    char buf[1200];
    size_t o = 0;
    memset(buf, 'l', 64), o = 64;
    buf[o++] = '@';
    while (o + 64 < sizeof buf) memset(buf + o, 'd', 62), o += 62, buf[o++] = '.';
    memcpy(buf + o, "com", 3), o += 3;
    CHECK(!cvx_email_find(a, buf, o, NULL, NULL, NULL), "domain too long");
    memcpy(buf + o, " x [at] y [dot] org", 19);
    const char *got = NULL;
    CHECK(cvx_email_find(a, buf, o + 19, &got, NULL, NULL) && strcmp(got, "x@y.org") == 0,
          "after a too-long domain");
  }
  {
    char *buf = repeat("https://initech.com/ ", big);
    buf[big - 1] = 'x';
    const char *got = NULL;
    size_t ms, me;
    CHECK(cvx_url_find(a, buf, big, &got, &ms, &me) && strcmp(got, "https://initech.com/") == 0,
          "first of many urls");
    free(buf);
  }

  cvx_arena_free(a);
  cvx_rx_cleanup();
  return check_done("contacts");
}
