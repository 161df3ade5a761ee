/* yamldata.c — CVs kept as YAML data (al-folio's _data/cv.yml, online-cv's
 * data.yml, Hugo Blox author profiles, JSON Resume written as YAML): the tree
 * frontmatter.c reads, mapped to records by what keys mean and what values
 * look like — a generic walk, not a table per theme. */
#include "yamldata.h"

#include "grammar.h"
#include "publications.h"
#include "sections.h"

#include <stdlib.h>
#include <string.h>

typedef cvx_ynode node;

#define YD_MAX_DEPTH 16 /* sections nested deeper stay unmapped text */
#define YD_KEY 48       /* folded keys longer than this match nothing */

static const char ORIGIN[] = "yamldata";

/* ------------------------------------------------------------------ text */

static char lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }
static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* key folded to lowercase letters and digits ("date_start" -> "datestart"). */
static void fold(const char *key, char out[YD_KEY]) {
  size_t n = 0;
  for (const char *p = key ? key : ""; *p; p++) {
    if (!is_alnum(*p)) continue;
    if (n + 1 >= YD_KEY) {
      n = 0; /* too long to be a known key */
      break;
    }
    out[n++] = lower(*p);
  }
  out[n] = '\0';
}

static bool in(const char *s, const char *const *list) {
  for (size_t i = 0; list[i]; i++)
    if (strcmp(s, list[i]) == 0) return true;
  return false;
}

static bool ends(const char *s, const char *suf) {
  size_t n = strlen(s), k = strlen(suf);
  return n >= k && strcmp(s + n - k, suf) == 0;
}

static bool istarts(const char *s, const char *prefix) {
  for (; *prefix; s++, prefix++)
    if (!*s || lower(*s) != lower(*prefix)) return false;
  return true;
}

static bool icontains(const char *s, const char *word) {
  for (; *s; s++)
    if (istarts(s, word)) return true;
  return false;
}

/* ----------------------------------------------------------- key meanings */

/* What a member of an entry holds, by its key. */
typedef enum role {
  R_NONE = 0,
  R_TITLE,  /* title heading item group section */
  R_NAME,   /* name: a title, or the organisation of a JSON Resume job */
  R_ORG,    /* company institution university employer … */
  R_DEPT,   /* department: joined before the organisation */
  R_ROLE,   /* position role job title */
  R_DEGREE, /* degree studyType course */
  R_AREA,   /* area field major */
  R_START,
  R_END,
  R_DATE,     /* date year time period: a date or a range */
  R_SUBTITLE, /* subtitle: a date and a place, or a date and words */
  R_SUMMARY,  /* summary description details info about */
  R_LIST,     /* highlights items key_points achievements */
  R_KEYWORDS, /* keywords tags skills technologies knowledge */
  R_URL,
  R_LOCATION,
  R_VENUE, /* journal conference booktitle publisher */
  R_AUTHORS,
  R_LEVEL,   /* level fluency percent */
  R_LANG,    /* language idiom */
  R_AWARDER, /* awarder issuer by */
  R_SCORE,   /* gpa grade honours */
  R_TYPE,    /* type category */
  R_VOLUME,
  R_ISSUE,
  R_PAGES,
  R_DOI,
  R_SUPERVISOR,
  R_THESIS,
  R_HIDDEN, /* icons, colours, logos, layout switches: not visible text */
  R__COUNT
} role;

/* clang-format off */
static const struct {
  const char *key;
  role r;
} roles[] = {
    {"title", R_TITLE}, {"heading", R_TITLE}, {"item", R_TITLE}, {"group", R_TITLE},
    {"section", R_TITLE}, {"project", R_TITLE}, {"projectname", R_TITLE}, {"award", R_TITLE},
    {"name", R_NAME},
    {"company", R_ORG}, {"companyname", R_ORG}, {"organization", R_ORG}, {"organisation", R_ORG},
    {"org", R_ORG}, {"employer", R_ORG}, {"institution", R_ORG}, {"institute", R_ORG},
    {"school", R_ORG}, {"university", R_ORG}, {"college", R_ORG}, {"brand", R_ORG},
    {"firm", R_ORG}, {"agency", R_ORG}, {"body", R_ORG}, {"host", R_ORG}, {"lab", R_ORG},
    {"department", R_DEPT}, {"dept", R_DEPT}, {"faculty", R_DEPT},
    {"position", R_ROLE}, {"role", R_ROLE}, {"jobtitle", R_ROLE}, {"job", R_ROLE},
    {"designation", R_ROLE}, {"occupation", R_ROLE},
    {"degree", R_DEGREE}, {"studytype", R_DEGREE}, {"diploma", R_DEGREE},
    {"qualification", R_DEGREE}, {"course", R_DEGREE}, {"program", R_DEGREE},
    {"programme", R_DEGREE},
    {"area", R_AREA}, {"field", R_AREA}, {"major", R_AREA}, {"discipline", R_AREA},
    {"subject", R_AREA}, {"specialization", R_AREA}, {"specialisation", R_AREA},
    {"fieldofstudy", R_AREA},
    {"start", R_START}, {"startdate", R_START}, {"datestart", R_START}, {"from", R_START},
    {"since", R_START}, {"begin", R_START},
    {"end", R_END}, {"enddate", R_END}, {"dateend", R_END}, {"to", R_END}, {"until", R_END},
    {"till", R_END},
    {"date", R_DATE}, {"year", R_DATE}, {"years", R_DATE}, {"time", R_DATE},
    {"period", R_DATE}, {"duration", R_DATE}, {"dates", R_DATE}, {"when", R_DATE},
    {"releasedate", R_DATE}, {"published", R_DATE},
    {"subtitle", R_SUBTITLE},
    {"summary", R_SUMMARY}, {"description", R_SUMMARY}, {"details", R_SUMMARY},
    {"desc", R_SUMMARY}, {"info", R_SUMMARY}, {"about", R_SUMMARY}, {"intro", R_SUMMARY},
    {"abstract", R_SUMMARY}, {"content", R_SUMMARY}, {"text", R_SUMMARY}, {"note", R_SUMMARY},
    {"notes", R_SUMMARY}, {"value", R_SUMMARY}, {"excerpt", R_SUMMARY},
    {"tagline", R_SUMMARY}, {"overview", R_SUMMARY}, {"comment", R_SUMMARY},
    {"highlights", R_LIST}, {"items", R_LIST}, {"keypoints", R_LIST}, {"bullets", R_LIST},
    {"achievements", R_LIST}, {"responsibilities", R_LIST}, {"tasks", R_LIST},
    {"duties", R_LIST}, {"accomplishments", R_LIST}, {"points", R_LIST}, {"list", R_LIST},
    {"subcontents", R_LIST}, {"activities", R_LIST}, {"courses", R_LIST},
    {"keywords", R_KEYWORDS}, {"tags", R_KEYWORDS}, {"skills", R_KEYWORDS},
    {"technologies", R_KEYWORDS}, {"tech", R_KEYWORDS}, {"stack", R_KEYWORDS},
    {"tools", R_KEYWORDS}, {"knowledge", R_KEYWORDS}, {"subtags", R_KEYWORDS},
    {"topics", R_KEYWORDS},
    {"url", R_URL}, {"link", R_URL}, {"href", R_URL}, {"website", R_URL}, {"web", R_URL},
    {"homepage", R_URL}, {"github", R_URL}, {"paperurl", R_URL}, {"pdf", R_URL},
    {"slides", R_URL}, {"video", R_URL}, {"code", R_URL}, {"repo", R_URL}, {"demo", R_URL},
    {"location", R_LOCATION}, {"place", R_LOCATION}, {"city", R_LOCATION},
    {"address", R_LOCATION}, {"where", R_LOCATION},
    {"journal", R_VENUE}, {"venue", R_VENUE}, {"conference", R_VENUE}, {"booktitle", R_VENUE},
    {"publisher", R_VENUE}, {"publication", R_VENUE}, {"proceedings", R_VENUE},
    {"event", R_VENUE},
    {"authors", R_AUTHORS}, {"author", R_AUTHORS}, {"coauthors", R_AUTHORS},
    {"level", R_LEVEL}, {"fluency", R_LEVEL}, {"proficiency", R_LEVEL}, {"percent", R_LEVEL},
    {"width", R_LEVEL}, {"rating", R_LEVEL}, {"stars", R_LEVEL},
    {"language", R_LANG}, {"idiom", R_LANG}, {"lang", R_LANG},
    {"awarder", R_AWARDER}, {"issuer", R_AWARDER}, {"by", R_AWARDER}, {"grantor", R_AWARDER},
    {"issuedby", R_AWARDER}, {"awardedby", R_AWARDER}, {"sponsor", R_AWARDER},
    {"funder", R_AWARDER},
    {"gpa", R_SCORE}, {"grade", R_SCORE}, {"score", R_SCORE}, {"distinct", R_SCORE},
    {"honours", R_SCORE}, {"honors", R_SCORE}, {"distinction", R_SCORE},
    {"type", R_TYPE}, {"category", R_TYPE}, {"kind", R_TYPE},
    {"volume", R_VOLUME}, {"issue", R_ISSUE}, {"number", R_ISSUE}, {"pages", R_PAGES},
    {"doi", R_DOI},
    {"supervisor", R_SUPERVISOR}, {"supervisors", R_SUPERVISOR}, {"advisor", R_SUPERVISOR},
    {"adviser", R_SUPERVISOR}, {"advisors", R_SUPERVISOR}, {"mentor", R_SUPERVISOR},
    {"thesis", R_THESIS}, {"dissertation", R_THESIS},
    {"icon", R_HIDDEN}, {"iconpack", R_HIDDEN}, {"logo", R_HIDDEN}, {"companylogo", R_HIDDEN},
    {"image", R_HIDDEN}, {"img", R_HIDDEN}, {"color", R_HIDDEN}, {"colour", R_HIDDEN},
    {"colorborder", R_HIDDEN}, {"class", R_HIDDEN}, {"style", R_HIDDEN},
    {"layout", R_HIDDEN}, {"avatar", R_HIDDEN}, {"photo", R_HIDDEN}, {"thumbnail", R_HIDDEN},
    {"button", R_HIDDEN}, {"draft", R_HIDDEN}, {"show", R_HIDDEN}, {"hidden", R_HIDDEN},
    {"weight", R_HIDDEN}, {"order", R_HIDDEN}, {"id", R_HIDDEN}, {"slug", R_HIDDEN},
    {NULL, R_NONE}};
/* clang-format on */

static role role_of(const char *key) {
  char k[YD_KEY];
  fold(key, k);
  if (!*k) return R_NONE;
  for (size_t i = 0; roles[i].key; i++)
    if (roles[i].key[0] == k[0] && strcmp(roles[i].key, k) == 0) return roles[i].r;
  if (ends(k, "url") || ends(k, "link")) return R_URL;
  if (ends(k, "logo") || ends(k, "icon") || ends(k, "color")) return R_HIDDEN;
  if (ends(k, "date") || strncmp(k, "date", 4) == 0) return R_DATE;
  return R_NONE;
}

static bool invisible_value(const cvx_ynode *n, bool type_key);

/* -------------------------------------------------------------- the walk */

typedef struct yd {
  cvx_doc *doc;
  cvx_arena *arena;
  const char *origin;
  bool fm; /* a page's front matter: the person is done elsewhere */
  cvx_record *basics;
} yd;

/* A section's kind and, for talks, the project type. */
typedef struct hint {
  cvx_rec_kind kind;
  bool talk;
} hint;

/* The visible, trimmed text of a scalar (arena), or NULL. */
static char *text_of(yd *y, const node *n) {
  if (!n || n->type != CVX_Y_SCALAR || !n->len) return NULL;
  char *v = cvx_yaml_visible(y->arena, n->s, n->len);
  char *s = v;
  while (is_ws(*s)) s++;
  size_t len = strlen(s);
  while (len && is_ws(s[len - 1])) len--;
  s[len] = '\0';
  return len ? s : NULL;
}

/* Where text (derived from n) lies: exactly when n's bytes are its text,
 * else found inside n's span, else n's span. */
static cvx_span span_in(yd *y, const node *n, const char *text) {
  if (!n || !cvx_span_valid(n->span) || n->span.start >= n->span.end)
    return n ? n->span : CVX_NOSPAN;
  cvx_span s = cvx_doc_locate(y->doc, n->span, text);
  return cvx_span_valid(s) ? s : n->span;
}

static cvx_span sub_span(yd *y, const node *n, const char *base, size_t off, size_t len) {
  const char *src = y->doc->src->text;
  cvx_span sp = n->span;
  if (cvx_span_valid(sp) && sp.end - sp.start == n->len && base == n->s &&
      memcmp(src + sp.start, n->s, n->len) == 0)
    return cvx_span_make(sp.start + off, sp.start + off + len);
  char *part = cvx_arena_strndup(y->arena, base + off, len);
  return span_in(y, n, part);
}

static bool has(const cvx_record *r, const char *key) { return r && cvx_record_get(r, key); }

/* Adds key = text (n's visible text when text is NULL) with its span. */
static bool add(yd *y, cvx_record *r, const char *key, const node *n, const char *text) {
  if (!r) return false;
  if (!text) text = text_of(y, n);
  if (!text || !*text) return false;
  return cvx_record_add(y->doc, r, key, text, span_in(y, n, text)) != NULL;
}

static bool add_once(yd *y, cvx_record *r, const char *key, const node *n, const char *text) {
  return !has(r, key) && add(y, r, key, n, text);
}

/* A section title made of a key: "other-skills" -> "Other skills". */
static char *humanize(yd *y, const char *key) {
  char *t = cvx_arena_strdup(y->arena, key ? key : "");
  for (char *p = t; *p; p++)
    if (*p == '_' || *p == '-') *p = ' ';
  if (*t >= 'a' && *t <= 'z') *t = (char)(*t - 'a' + 'A');
  return t;
}

/* The kind a section title names (key words or a title value). */
static hint classify(const char *title) {
  hint h = {CVX_REC_SECTION, false};
  if (!title || !*title) return h;
  size_t n = strlen(title);
  h.kind = cvx_section_classify(title, n);
  h.talk = h.kind == CVX_REC_PROJECT && cvx_section_is_talks(title, n);
  if (h.kind == CVX_REC_SECTION || h.kind == CVX_REC_WORK) {
    if (icontains(title, "conference") || icontains(title, "presentation") ||
        icontains(title, "talk") || icontains(title, "seminar")) {
      h.kind = CVX_REC_PROJECT;
      h.talk = true;
    } else if (icontains(title, "project") || icontains(title, "portfolio")) {
      h.kind = CVX_REC_PROJECT;
    }
  }
  if (h.kind == CVX_REC_SECTION) {
    if (icontains(title, "membership") || icontains(title, "activities") ||
        icontains(title, "committee") || icontains(title, "reviewing"))
      h.kind = CVX_REC_VOLUNTEER;
    else if (icontains(title, "course") || icontains(title, "degree"))
      h.kind = CVX_REC_EDUCATION;
    else if (icontains(title, "publication") || icontains(title, "paper"))
      h.kind = CVX_REC_PUBLICATION;
  }
  return h;
}

/* ---------------------------------------------------------- entry shape */

/* The members of one entry (a mapping, or a run of one mapping's members
 * when keys repeat) sorted by role: the first member of each role. */
typedef struct entry {
  const node *first, *stop; /* members [first, stop) */
  const node *by[R__COUNT];
  int n[R__COUNT];
  cvx_span span;
} entry;

static void entry_scan(entry *e, const node *first, const node *stop) {
  memset(e, 0, sizeof *e);
  e->first = first;
  e->stop = stop;
  e->span = CVX_NOSPAN;
  for (const node *k = first; k != stop; k = k->next) {
    role r = role_of(k->key);
    bool empty = k->type == CVX_Y_NULL || (k->type == CVX_Y_SCALAR && !k->len);
    if (empty && r != R_END) continue;
    if (!e->by[r]) e->by[r] = k;
    e->n[r]++;
    cvx_span s = cvx_span_valid(k->key_span) ? k->key_span : k->span;
    if (cvx_span_valid(s)) {
      if (!cvx_span_valid(e->span)) e->span = s;
      if (s.start < e->span.start) e->span.start = s.start;
      if (cvx_span_valid(k->span) && k->span.end > e->span.end) e->span.end = k->span.end;
    }
  }
  if (!cvx_span_valid(e->span)) e->span = cvx_span_make(0, 0);
}

static bool has_dates(const entry *e) {
  return e->by[R_START] || e->by[R_END] || e->by[R_DATE] || e->by[R_SUBTITLE];
}

/* A `location:` that names an organisation ("University of Tartu"):
 * some themes keep the employer there. */
static bool org_location(yd *y, const entry *e) {
  const char *t = e->by[R_LOCATION] ? text_of(y, e->by[R_LOCATION]) : NULL;
  return t && cvx_org_score(t, strlen(t)) >= 2;
}

/* The record kind the entry's own content says, or CVX_REC_SECTION. */
static cvx_rec_kind content_kind(yd *y, const entry *e) {
  bool title = e->by[R_TITLE] || e->by[R_NAME];
  bool org = e->by[R_ORG] || org_location(y, e);
  if (e->by[R_DEGREE] || (e->by[R_AREA] && (e->by[R_ORG] || e->by[R_NAME])))
    return CVX_REC_EDUCATION;
  if (e->by[R_LANG]) return CVX_REC_LANGUAGE;
  if ((e->by[R_VENUE] || e->by[R_AUTHORS]) && title) return CVX_REC_PUBLICATION;
  if (e->by[R_AWARDER] && title) return CVX_REC_AWARD;
  if (e->by[R_ROLE] && (e->by[R_ORG] || e->by[R_NAME])) return CVX_REC_WORK;
  if (org && e->by[R_TITLE] && has_dates(e)) return CVX_REC_WORK;
  if (title && e->by[R_LEVEL] && !has_dates(e) && !e->by[R_SUMMARY]) return CVX_REC_SKILL;
  if (title && !org && (e->by[R_URL] || e->by[R_KEYWORDS]) &&
      (e->by[R_SUMMARY] || e->by[R_KEYWORDS] || e->by[R_LIST]))
    return CVX_REC_PROJECT;
  /* a titled, dated piece of work with no employer: a project */
  if (e->by[R_TITLE] && !org && !e->by[R_ROLE] && has_dates(e)) return CVX_REC_PROJECT;
  return CVX_REC_SECTION;
}

/* The entry's type value names a project ("M.Tech Project", "Term Project"). */
static bool typed_project(yd *y, const entry *e) {
  const char *t = text_of(y, e->by[R_TYPE]);
  return t && icontains(t, "project");
}

static cvx_rec_kind decide(yd *y, hint h, const entry *e) {
  cvx_rec_kind ck = content_kind(y, e);
  switch (h.kind) {
  case CVX_REC_SECTION:
  case CVX_REC_BASICS:
  case CVX_REC_NEWS: return ck;
  case CVX_REC_WORK:
  case CVX_REC_VOLUNTEER:
    if (ck == CVX_REC_EDUCATION && e->by[R_DEGREE]) return ck;
    if (ck == CVX_REC_PUBLICATION || ck == CVX_REC_LANGUAGE) return ck;
    if (typed_project(y, e)) return CVX_REC_PROJECT;
    if (!e->by[R_ORG] && !e->by[R_ROLE] && !org_location(y, e) && ck == CVX_REC_PROJECT &&
        (e->by[R_URL] || e->by[R_KEYWORDS]))
      return ck;
    return h.kind;
  case CVX_REC_EDUCATION:
    /* a course with neither school nor degree: a certificate */
    if (!e->by[R_ORG] && !e->by[R_DEGREE] && !e->by[R_AREA] && !org_location(y, e) &&
        (e->by[R_TITLE] || e->by[R_NAME]) && !e->by[R_SUMMARY])
      return CVX_REC_CERTIFICATE;
    return h.kind;
  case CVX_REC_SKILL: return ck == CVX_REC_LANGUAGE ? ck : h.kind;
  default: return h.kind;
  }
}

/* ------------------------------------------------------------- values */

static const char *const months[] = {"january",   "february", "march",    "april",
                                     "may",       "june",     "july",     "august",
                                     "september", "october",  "november", "december"};

/* The text of a date value: a scalar, or a mapping {year, month, day}
 * ("May 2016"). NULL when empty. */
static const char *date_text(yd *y, const node *n) {
  if (!n) return NULL;
  if (n->type == CVX_Y_SCALAR) return text_of(y, n);
  if (n->type != CVX_Y_MAP) return NULL;
  const char *yr = NULL, *mo = NULL, *dd = NULL;
  for (const node *k = n->kids; k; k = k->next) {
    char f[YD_KEY];
    fold(k->key, f);
    if (strcmp(f, "year") == 0)
      yr = text_of(y, k);
    else if (strcmp(f, "month") == 0)
      mo = text_of(y, k);
    else if (strcmp(f, "day") == 0)
      dd = text_of(y, k);
  }
  if (!yr) return NULL;
  if (mo && mo[0] >= '0' && mo[0] <= '9') {
    int m = atoi(mo);
    mo = m >= 1 && m <= 12 ? months[m - 1] : NULL;
  }
  if (mo && dd) return cvx_arena_printf(y->arena, "%s %s %s", dd, mo, yr);
  if (mo) return cvx_arena_printf(y->arena, "%s %s", mo, yr);
  return yr;
}

/* Finds a date or range in n's value; *span is the matched text's span. */
static bool date_in(yd *y, const node *n, cvx_daterange *dr, cvx_span *span) {
  const char *t = date_text(y, n);
  if (!t) return false;
  if (!cvx_date_find(t, strlen(t), dr)) {
    /* "Present" alone: an open end */
    if (istarts(t, "present") || istarts(t, "now") || istarts(t, "current") ||
        istarts(t, "ongoing") || istarts(t, "today")) {
      memset(dr, 0, sizeof *dr);
      dr->open = true;
      *span = n->span;
      return true;
    }
    return false;
  }
  *span = n->span;
  if (n->type == CVX_Y_SCALAR) {
    char *m = cvx_arena_strndup(y->arena, t + dr->mstart, dr->mend - dr->mstart);
    *span = span_in(y, n, m);
  }
  return true;
}

typedef struct dkeys {
  const char *start, *end; /* range kinds */
  const char *one;         /* single-date kinds */
  bool single_both;        /* a lone date on a job is its start and its end */
  bool single_end;         /* a lone year on a degree is its end */
} dkeys;

static dkeys dates_for(cvx_rec_kind k) {
  switch (k) {
  case CVX_REC_WORK:
  case CVX_REC_VOLUNTEER: return (dkeys){"startDate", "endDate", NULL, true, false};
  case CVX_REC_EDUCATION: return (dkeys){"startDate", "endDate", NULL, false, true};
  case CVX_REC_PROJECT: return (dkeys){"startDate", "endDate", NULL, true, false};
  case CVX_REC_AWARD:
  case CVX_REC_CERTIFICATE:
  case CVX_REC_NEWS: return (dkeys){NULL, NULL, "date", false, false};
  case CVX_REC_PUBLICATION: return (dkeys){NULL, NULL, "releaseDate", false, false};
  default: return (dkeys){NULL, NULL, NULL, false, false};
  }
}

static void put_date(yd *y, cvx_record *r, const char *key, const char *iso, cvx_span sp) {
  if (key && iso && *iso && !has(r, key)) cvx_record_add(y->doc, r, key, iso, sp);
}

/* The entry's dates: start/end members, else one date or range member. */
static void put_dates(yd *y, cvx_record *r, cvx_rec_kind k, const entry *e) {
  dkeys d = dates_for(k);
  cvx_daterange dr;
  cvx_span sp;
  if (!d.start && !d.one) return;
  if (e->by[R_START] && date_in(y, e->by[R_START], &dr, &sp) &&
      (k != CVX_REC_CERTIFICATE || strlen(dr.start) == 10)) {
    put_date(y, r, d.start ? d.start : d.one, dr.start, sp);
    if (dr.end[0] && d.end) put_date(y, r, d.end, dr.end, sp);
  }
  if (e->by[R_END] && d.end && date_in(y, e->by[R_END], &dr, &sp)) {
    if (!dr.open)
      put_date(y, r, d.end, dr.start, sp);
    else
      cvx_doc_take(y->doc, sp); /* "Present": read, and said by the missing end */
  }
  const node *one = e->by[R_DATE] ? e->by[R_DATE] : e->by[R_SUBTITLE];
  if (!one || e->by[R_START] || !date_in(y, one, &dr, &sp)) return;
  if (d.one) {
    /* the legacy JSON Resume schema wants a full date on certificates: a
     * partial one stays visible as unmapped text rather than be padded */
    if (k != CVX_REC_CERTIFICATE || strlen(dr.start) == 10) put_date(y, r, d.one, dr.start, sp);
    /* an award held over years ("2014--2018"): its date is the start, the
     * span as written goes to the summary */
    if (k == CVX_REC_AWARD && dr.range && !dr.open && dr.end[0] && !e->by[R_SUMMARY] &&
        one->type == CVX_Y_SCALAR)
      add_once(y, r, "summary", one, NULL);
  } else if (dr.range || dr.open) {
    put_date(y, r, d.start, dr.start, sp);
    if (!dr.open && dr.end[0]) put_date(y, r, d.end, dr.end, sp);
  } else if (d.single_end) {
    put_date(y, r, d.end, dr.start, sp);
  } else {
    put_date(y, r, d.start, dr.start, sp);
    if (d.single_both) put_date(y, r, d.end, dr.start, sp);
  }
}

/* Splits "Org, City, Country" / "Org (City, Country)": *org_len is the
 * organisation's length, *loc the place (NULL when none is found at the end). */
static void split_place(const char *t, size_t *org_len, const char **loc, size_t *loc_len) {
  size_t n = strlen(t), a, b;
  *org_len = n;
  *loc = NULL;
  *loc_len = 0;
  if (!cvx_location_find(t, n, &a, &b) || a == 0) return;
  size_t e = n;
  while (e > b && (is_ws(t[e - 1]) || t[e - 1] == ')' || t[e - 1] == '.')) e--;
  if (e != b) { /* "Kosice, Slovak rep.": a short tail after the place */
    const char *rest = t + b;
    size_t words = 0;
    if (*rest != ',') return;
    for (size_t i = b + 1; i < n; i++) {
      if (t[i] == ',' || t[i] == '(') return;
      if (t[i] == ' ' && i + 1 < n && t[i + 1] != ' ') words++;
    }
    if (words > 2) return;
    b = n;
    while (b > a && (is_ws(t[b - 1]) || t[b - 1] == ')')) b--;
  }
  while (a > 0 && t[a - 1] == '/') { /* "Lyon/Villeurbanne, France" */
    a--;
    while (a > 0 && t[a - 1] != ',' && t[a - 1] != '(') a--;
    while (a < n && is_ws(t[a])) a++;
  }
  size_t p = a; /* the place starts a part: after ", ", "(", " - " or " | " */
  while (p > 0 && is_ws(t[p - 1])) p--;
  if (p == 0 || !(t[p - 1] == ',' || t[p - 1] == '(' || t[p - 1] == '-' || t[p - 1] == '|')) return;
  size_t o = a;
  while (o > 0 && (is_ws(t[o - 1]) || t[o - 1] == ',' || t[o - 1] == '(' || t[o - 1] == '-' ||
                   t[o - 1] == '|'))
    o--;
  if (o == 0) return;
  *org_len = o;
  *loc = t + a;
  *loc_len = b - a;
}

/* Organisation (and, where the kind has one, its place) from n's text (or
 * from t, a part of it). */
static void put_org_text(yd *y, cvx_record *r, const char *key, const char *loc_key, const node *n,
                         char *t, const node *dept) {
  if (!t || has(r, key)) return;
  size_t ol, ll;
  const char *loc;
  split_place(t, &ol, &loc, &ll);
  char *org = cvx_arena_strndup(y->arena, t, ol);
  const char *d = text_of(y, dept);
  if (loc && (loc_key ? !has(r, loc_key) : true)) {
    if (loc_key) add(y, r, loc_key, n, cvx_arena_strndup(y->arena, loc, ll));
  } else {
    org = t;
  }
  if (d) {
    cvx_doc_take(y->doc, dept->span);
    org = cvx_arena_printf(y->arena, "%s, %s", d, org);
    cvx_record_add(y->doc, r, key, org, n->span);
  } else {
    add(y, r, key, n, org);
  }
}

static void put_org(yd *y, cvx_record *r, const char *key, const char *loc_key, const node *n,
                    const node *dept) {
  put_org_text(y, r, key, loc_key, n, text_of(y, n), dept);
}

/* "Teaching assistant, Department of X, University of Y (160 hours)": a
 * title that holds the role, then the organisation. Returns true when it
 * split (the role, organisation, place and a trailing note are added). */
static bool split_title(yd *y, cvx_record *r, const char *org_key, const char *loc_key,
                        const char *items_key, const node *n) {
  char *t = text_of(y, n);
  const char *comma = t ? strstr(t, ", ") : NULL;
  if (!comma || cvx_role_score(t, (size_t)(comma - t)) == 0) return false;
  char *rest = cvx_arena_strdup(y->arena, comma + 2);
  size_t rl = strlen(rest);
  if (cvx_org_score(rest, rl) == 0 && !strstr(rest, " at ")) return false;
  add_once(y, r, "position", n, cvx_arena_strndup(y->arena, t, (size_t)(comma - t)));
  if (rl && rest[rl - 1] == ')') { /* "(160 hours)": a note, not the organisation */
    char *open = strrchr(rest, '(');
    if (open && open > rest) {
      char *note = cvx_arena_strndup(y->arena, open + 1, (size_t)(rest + rl - 1 - open - 1));
      if (items_key) add(y, r, items_key, n, note);
      *open = '\0';
      size_t l = strlen(rest);
      while (l && is_ws(rest[l - 1])) rest[--l] = '\0';
    }
  }
  put_org_text(y, r, org_key, loc_key, n, rest, NULL);
  return true;
}

/* Degree text ("Ph.D. in Marine Geochemistry", "MSc environmental
 * chemistry") as studyType + area. */
static void put_degree(yd *y, cvx_record *r, const node *n, bool area_only) {
  char *t = text_of(y, n);
  if (!t) return;
  const char *st = NULL;
  size_t ds, de, len = strlen(t);
  if (!cvx_degree_find(t, len, &st, &ds, &de) || !st) {
    add_once(y, r, area_only ? "area" : "studyType", n, t);
    return;
  }
  cvx_span dsp = sub_span(y, n, t, ds, de - ds);
  if (!has(r, "studyType")) cvx_record_add(y->doc, r, "studyType", st, dsp);
  /* the field: the rest after the degree ("in X", "of X", ", X") or before it */
  const char *a = t + de;
  while (*a == ')') a++;
  while (*a && (is_ws(*a) || *a == ',' || *a == ':' || *a == '-' || *a == '.')) a++;
  bool inside = false; /* "Dual Degree (B.Tech + M.Tech)": the degree sits in parentheses */
  for (size_t i = 0; i < ds; i++)
    if (t[i] == '(')
      inside = true;
    else if (t[i] == ')')
      inside = false;
  if (inside || *a == '+' || *a == '/' || *a == '&') a = t + len;
  if (istarts(a, "in "))
    a += 3;
  else if (istarts(a, "of "))
    a += 3;
  else if (*a >= '0' && *a <= '9' && a[1] == ' ')
    a += 2;                   /* "Master 2 X" */
  if (*a == '(') a = t + len; /* "Bc/Ing (Masters)" */
  if (*a) {
    add_once(y, r, "area", n, a);
  } else if (ds > 3 && !inside) { /* "Computer Science PhD"; not "Dual Degree (B.Tech…)" */
    char *pre = cvx_arena_strndup(y->arena, t, ds);
    size_t pl = strlen(pre);
    while (pl &&
           (is_ws(pre[pl - 1]) || pre[pl - 1] == ',' || pre[pl - 1] == '(' || pre[pl - 1] == '/'))
      pre[--pl] = '\0';
    if (pl > 3 && !strchr(pre, '/')) add_once(y, r, "area", n, pre);
  }
}

/* Free text into the kind's text fields: bullet lines ("- x") become list
 * items, the other lines one paragraph (summary when empty, else an item). */
static void put_text(yd *y, cvx_record *r, const char *para_key, const char *item_key,
                     const node *n, const char *prefix) {
  char *t = text_of(y, n);
  if (!t) return;
  cvx_buf para = CVX_BUF_INIT;
  for (char *line = t; line && *line;) {
    char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    char *l = cvx_arena_strndup(y->arena, line, len);
    char *s = l;
    while (is_ws(*s)) s++;
    size_t sl = strlen(s);
    while (sl && is_ws(s[sl - 1])) s[--sl] = '\0';
    bool bullet = sl > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ';
    if (bullet && item_key) {
      const char *item = s + 2;
      while (is_ws(*item)) item++;
      if (prefix) item = cvx_arena_printf(y->arena, "%s %s", prefix, item);
      cvx_record_add(y->doc, r, item_key, item, span_in(y, n, s + 2));
    } else if (sl) {
      if (bullet) s += 2;
      if (para.len) cvx_buf_putc(&para, ' ');
      cvx_buf_puts(&para, s);
    }
    line = nl ? nl + 1 : NULL;
  }
  if (para.len) {
    const char *p = prefix ? cvx_arena_printf(y->arena, "%s %s", prefix, para.ptr)
                           : cvx_arena_strndup(y->arena, para.ptr, para.len);
    const char *key = para_key && !has(r, para_key) ? para_key : item_key;
    if (key) cvx_record_add(y->doc, r, key, p, span_in(y, n, para.ptr));
  }
  cvx_buf_free(&para);
}

/* The name of a list item: its text, or a mapping's name/title. */
static const node *item_name(const node *it) {
  if (!it) return NULL;
  if (it->type == CVX_Y_SCALAR) return it;
  if (it->type != CVX_Y_MAP) return NULL;
  for (const node *k = it->kids; k; k = k->next) {
    role r = role_of(k->key);
    if ((r == R_NAME || r == R_TITLE || r == R_LANG) && k->type == CVX_Y_SCALAR && k->len) return k;
  }
  return NULL;
}

/* A list member (scalars or small mappings) as list items of key; mapping
 * items read "Head: text" (their title, then each other value). */
static void put_list(yd *y, cvx_record *r, const char *key, const node *list, bool names_only) {
  if (!list || !key) return;
  if (list->type == CVX_Y_SCALAR) {
    put_text(y, r, NULL, key, list, NULL);
    return;
  }
  if (list->type != CVX_Y_SEQ && list->type != CVX_Y_MAP) return;
  for (const node *it = list->type == CVX_Y_SEQ ? list->kids : list; it;
       it = list->type == CVX_Y_SEQ ? it->next : NULL) {
    if (cvx_doc_expired(y->doc)) return;
    if (it->type == CVX_Y_SCALAR) {
      if (names_only)
        add(y, r, key, it, NULL);
      else
        put_text(y, r, NULL, key, it, NULL);
      continue;
    }
    const node *head = item_name(it);
    if (names_only || it->type != CVX_Y_MAP) {
      if (head) add(y, r, key, head, NULL);
      continue;
    }
    char *h = head ? text_of(y, head) : NULL;
    if (h) {
      size_t hl = strlen(h);
      while (hl && (h[hl - 1] == ':' || is_ws(h[hl - 1]))) h[--hl] = '\0';
    }
    const char *prefix = h && *h ? cvx_arena_printf(y->arena, "%s:", h) : NULL;
    bool any = false;
    for (const node *k = it->kids; k; k = k->next) {
      if (k == head || role_of(k->key) == R_HIDDEN || role_of(k->key) == R_URL) continue;
      if (k->type == CVX_Y_SCALAR && k->len) {
        put_text(y, r, NULL, key, k, prefix);
        any = true;
      } else if (k->type == CVX_Y_SEQ) {
        cvx_buf b = CVX_BUF_INIT;
        for (const node *s = k->kids; s; s = s->next) {
          const node *nm = item_name(s);
          const char *v = nm ? text_of(y, nm) : NULL;
          if (!v) continue;
          if (b.len) cvx_buf_puts(&b, ", ");
          cvx_buf_puts(&b, v);
          cvx_doc_take(y->doc, nm->span);
        }
        if (b.len) {
          const char *v = prefix ? cvx_arena_printf(y->arena, "%s %s", prefix, b.ptr) : b.ptr;
          cvx_record_add(y->doc, r, key, v, k->span);
          any = true;
        }
        cvx_buf_free(&b);
      }
    }
    if (head && (any || !prefix))
      cvx_doc_take(y->doc, head->span);
    else if (head)
      add(y, r, key, head, NULL);
  }
}

/* ------------------------------------------------------------- entries */

static cvx_record *new_rec(yd *y, cvx_rec_kind k, cvx_span span) {
  return cvx_record_new(y->doc, k, y->origin, span);
}

/* The first http(s) URL among the entry's URL members. */
static const node *http_url(yd *y, const entry *e) {
  for (const node *k = e->first; k != e->stop; k = k->next) {
    if (role_of(k->key) != R_URL) continue;
    const char *t = text_of(y, k);
    if (t && (istarts(t, "http://") || istarts(t, "https://")) && !strchr(t, ' ')) return k;
  }
  return NULL;
}

static void put_url(yd *y, cvx_record *r, const entry *e) {
  const node *u = http_url(y, e);
  if (u) add_once(y, r, "url", u, NULL);
}

/* "Supervisor: X", "Thesis: Y" notes of an entry. */
static void put_notes(yd *y, cvx_record *r, const entry *e, const char *key) {
  static const struct {
    role r;
    const char *label;
  } notes[] = {{R_THESIS, "Thesis:"}, {R_SUPERVISOR, "Supervisor:"}};
  for (size_t i = 0; i < 2; i++)
    for (const node *k = e->first; k != e->stop; k = k->next)
      if (role_of(k->key) == notes[i].r && k->type == CVX_Y_SCALAR)
        put_text(y, r, key, key, k, notes[i].label);
}

/* Members of role rr (text and lists) into the record's text fields. */
static void put_role_text(yd *y, cvx_record *r, const entry *e, role rr, const char *para,
                          const char *items) {
  for (const node *k = e->first; k != e->stop; k = k->next) {
    if (role_of(k->key) != rr) continue;
    if (k->type == CVX_Y_SCALAR)
      put_text(y, r, para, items, k, NULL);
    else
      put_list(y, r, items ? items : para, k, false);
  }
}

static void build_work(yd *y, cvx_record *r, const entry *e, bool volunteer) {
  const char *org_key = volunteer ? "organization" : "name";
  const node *org = e->by[R_ORG], *pos = e->by[R_ROLE], *title = e->by[R_TITLE];
  const node *name = e->by[R_NAME], *loc = e->by[R_LOCATION];
  if (!org && name && (pos || title)) org = name, name = NULL; /* JSON Resume: name = company */
  if (!pos)
    pos = title ? title : name;
  else if (title && !org)
    org = title;
  /* a theme that keeps the organisation under `location:` */
  const char *lt = loc ? text_of(y, loc) : NULL;
  if (!org && lt && cvx_org_score(lt, strlen(lt)) >= 2) org = loc, loc = NULL;
  if (org) put_org(y, r, org_key, volunteer ? NULL : "location", org, e->by[R_DEPT]);
  if (pos && !org && pos == title &&
      split_title(y, r, org_key, volunteer ? NULL : "location", "highlights", pos))
    pos = NULL;
  if (pos) add_once(y, r, "position", pos, NULL);
  if (loc && !volunteer) add_once(y, r, "location", loc, NULL);
  put_url(y, r, e);
  put_dates(y, r, volunteer ? CVX_REC_VOLUNTEER : CVX_REC_WORK, e);
  if (e->by[R_SUBTITLE] && !volunteer && !has(r, "location")) {
    /* "2020-01 - Present, Tartu Estonia": the place after the date */
    const char *t = text_of(y, e->by[R_SUBTITLE]);
    cvx_daterange dr;
    if (t && cvx_date_find(t, strlen(t), &dr)) {
      const char *p = t + dr.mend;
      while (*p && (is_ws(*p) || *p == ',' || *p == '-' || *p == '|')) p++;
      if (*p && strlen(p) <= 60) add(y, r, "location", e->by[R_SUBTITLE], p);
    }
  }
  put_role_text(y, r, e, R_SUMMARY, "summary", "highlights");
  put_role_text(y, r, e, R_LIST, "summary", "highlights");
  put_notes(y, r, e, "highlights");
}

static void build_education(yd *y, cvx_record *r, const entry *e) {
  const node *org = e->by[R_ORG], *name = e->by[R_NAME], *title = e->by[R_TITLE];
  if (!org && name) org = name, name = NULL;
  if (!org && org_location(y, e)) org = e->by[R_LOCATION];
  if (org) put_org(y, r, "institution", NULL, org, e->by[R_DEPT]);
  if (e->by[R_DEGREE]) put_degree(y, r, e->by[R_DEGREE], false);
  if (e->by[R_AREA]) put_degree(y, r, e->by[R_AREA], true);
  if (!e->by[R_DEGREE] && title)
    put_degree(y, r, title, true);
  else if (title)
    add_once(y, r, "area", title, NULL);
  const node *score = e->by[R_SCORE];
  if (score) add_once(y, r, "score", score, NULL);
  put_url(y, r, e);
  put_dates(y, r, CVX_REC_EDUCATION, e);
  put_notes(y, r, e, "highlights");
  put_role_text(y, r, e, R_SUMMARY, NULL, "highlights");
  put_role_text(y, r, e, R_LIST, NULL, "highlights");
}

/* "\roe, Marsh KL, and Hollis T" -> one author per name. */
static void put_authors(yd *y, cvx_record *r, const node *n) {
  char *t = text_of(y, n);
  if (!t) return;
  for (char *p = t; *p;) {
    while (*p && (is_ws(*p) || *p == ',' || *p == ';')) p++;
    if (istarts(p, "and ")) p += 4;
    if (*p == '\\') p++; /* a LaTeX macro standing for the author */
    char *q = p;
    while (*q && *q != ',' && *q != ';' && !istarts(q, " and ")) q++;
    size_t len = (size_t)(q - p);
    while (len && is_ws(p[len - 1])) len--;
    if (len) {
      char *a = cvx_arena_strndup(y->arena, p, len);
      cvx_record_add(y->doc, r, "authors", a, span_in(y, n, a));
    }
    p = q;
    if (istarts(p, " and ")) p += 5;
  }
}

static void build_publication(yd *y, cvx_record *r, const entry *e) {
  const node *title = e->by[R_TITLE] ? e->by[R_TITLE] : e->by[R_NAME];
  if (title) add_once(y, r, "name", title, NULL);
  if (e->by[R_VENUE]) add_once(y, r, "publisher", e->by[R_VENUE], NULL);
  put_dates(y, r, CVX_REC_PUBLICATION, e);
  put_url(y, r, e);
  if (e->by[R_AUTHORS]) put_authors(y, r, e->by[R_AUTHORS]);
  if (e->by[R_VOLUME]) add_once(y, r, "volume", e->by[R_VOLUME], NULL);
  if (e->by[R_ISSUE]) add_once(y, r, "issue", e->by[R_ISSUE], NULL);
  if (e->by[R_PAGES]) add_once(y, r, "pages", e->by[R_PAGES], NULL);
  if (e->by[R_DOI]) add_once(y, r, "doi", e->by[R_DOI], NULL);
  if (e->by[R_SUMMARY]) add_once(y, r, "summary", e->by[R_SUMMARY], NULL);
}

static void build_award(yd *y, cvx_record *r, const entry *e, bool cert) {
  const node *title = e->by[R_TITLE] ? e->by[R_TITLE] : e->by[R_NAME];
  const node *by = e->by[R_AWARDER] ? e->by[R_AWARDER] : e->by[R_ORG];
  if (title) add_once(y, r, cert ? "name" : "title", title, NULL);
  if (by) add_once(y, r, cert ? "issuer" : "awarder", by, NULL);
  put_dates(y, r, cert ? CVX_REC_CERTIFICATE : CVX_REC_AWARD, e);
  if (cert)
    put_url(y, r, e);
  else
    put_role_text(y, r, e, R_SUMMARY, "summary", NULL);
}

/* A project; kind_word (the title of a section no kind word names, such as
 * "Fieldwork") becomes its type when the entry gives none. */
static void build_project(yd *y, cvx_record *r, const entry *e, bool talk, const char *kind_word,
                          const node *kind_node) {
  const node *title = e->by[R_TITLE] ? e->by[R_TITLE] : e->by[R_NAME];
  if (title) add_once(y, r, "name", title, NULL);
  const node *ent = e->by[R_VENUE] ? e->by[R_VENUE]
                    : e->by[R_ORG] ? e->by[R_ORG]
                                   : e->by[R_LOCATION];
  if (ent) add_once(y, r, "entity", ent, NULL);
  put_url(y, r, e);
  put_dates(y, r, CVX_REC_PROJECT, e);
  if (e->by[R_ROLE]) add(y, r, "roles", e->by[R_ROLE], NULL);
  put_role_text(y, r, e, R_SUMMARY, "description", "highlights");
  put_role_text(y, r, e, R_LIST, "description", "highlights");
  for (const node *k = e->first; k != e->stop; k = k->next)
    if (role_of(k->key) == R_KEYWORDS) put_list(y, r, "keywords", k, true);
  if (talk)
    cvx_record_add(y->doc, r, "type", "talk", CVX_NOSPAN);
  else if (e->by[R_TYPE])
    add_once(y, r, "type", e->by[R_TYPE], NULL);
  else if (kind_word)
    cvx_record_add(y->doc, r, "type", kind_word, kind_node ? kind_node->span : CVX_NOSPAN);
}

static void build_skill(yd *y, cvx_record *r, const entry *e) {
  const node *title = e->by[R_TITLE] ? e->by[R_TITLE] : e->by[R_NAME];
  if (title) add_once(y, r, "name", title, NULL);
  if (e->by[R_LEVEL]) add_once(y, r, "level", e->by[R_LEVEL], NULL);
  for (const node *k = e->first; k != e->stop; k = k->next) {
    role rr = role_of(k->key);
    if (rr == R_KEYWORDS || rr == R_LIST) put_list(y, r, "keywords", k, true);
  }
}

static void build_language(yd *y, cvx_record *r, const entry *e) {
  const node *l = e->by[R_LANG] ? e->by[R_LANG] : e->by[R_NAME] ? e->by[R_NAME] : e->by[R_TITLE];
  if (l) add_once(y, r, "language", l, NULL);
  if (e->by[R_LEVEL]) add_once(y, r, "fluency", e->by[R_LEVEL], NULL);
}

static void build_interest(yd *y, cvx_record *r, const entry *e) {
  const node *title = e->by[R_TITLE] ? e->by[R_TITLE] : e->by[R_NAME];
  if (title) add_once(y, r, "name", title, NULL);
  for (const node *k = e->first; k != e->stop; k = k->next)
    if (role_of(k->key) == R_KEYWORDS || role_of(k->key) == R_LIST)
      put_list(y, r, "keywords", k, true);
}

static void build_reference(yd *y, cvx_record *r, const entry *e) {
  const node *title = e->by[R_NAME] ? e->by[R_NAME] : e->by[R_TITLE];
  if (title) add_once(y, r, "name", title, NULL);
  if (e->by[R_SUMMARY]) add_once(y, r, "reference", e->by[R_SUMMARY], NULL);
  static const char *const contact[] = {"email", "mail", "phone", "contact", "tel", NULL};
  for (const node *k = e->first; k != e->stop && !has(r, "reference"); k = k->next) {
    char f[YD_KEY];
    fold(k->key, f);
    if (in(f, contact)) add(y, r, "reference", k, NULL);
  }
}

/* An entry no kind fits: its visible values as one meta section. */
static void build_section(yd *y, cvx_record *r, const entry *e) {
  const node *head = e->by[R_NAME] ? e->by[R_NAME] : e->by[R_TITLE];
  char *h = head && e->n[R_NAME] + e->n[R_TITLE] == 1 ? text_of(y, head) : NULL;
  const char *prefix = NULL;
  if (h) {
    size_t hl = strlen(h);
    while (hl && (h[hl - 1] == ':' || is_ws(h[hl - 1]))) h[--hl] = '\0';
    bool others = false;
    for (const node *k = e->first; k != e->stop; k = k->next)
      others |= k != head && k->type == CVX_Y_SCALAR && k->len && role_of(k->key) != R_HIDDEN &&
                !invisible_value(k, role_of(k->key) == R_TYPE);
    if (others && hl) {
      prefix = cvx_arena_printf(y->arena, "%s:", h);
      cvx_doc_take(y->doc, head->span);
    }
  }
  for (const node *k = e->first; k != e->stop; k = k->next) {
    if (role_of(k->key) == R_HIDDEN || (prefix && k == head)) continue;
    if (k->type == CVX_Y_SCALAR && invisible_value(k, role_of(k->key) == R_TYPE)) continue;
    if (k->type == CVX_Y_SCALAR)
      put_text(y, r, NULL, "items", k, prefix);
    else
      put_list(y, r, "items", k, false);
  }
}

static void entry_record(yd *y, const char *stitle, const node *tnode, hint h, const node *first,
                         const node *stop) {
  entry e;
  entry_scan(&e, first, stop);
  cvx_rec_kind k = decide(y, h, &e);
  bool talk = h.talk && k == CVX_REC_PROJECT;
  cvx_record *r = new_rec(y, k, e.span);
  if (!r) return;
  switch (k) {
  case CVX_REC_WORK: build_work(y, r, &e, false); break;
  case CVX_REC_VOLUNTEER: build_work(y, r, &e, true); break;
  case CVX_REC_EDUCATION: build_education(y, r, &e); break;
  case CVX_REC_PUBLICATION: build_publication(y, r, &e); break;
  case CVX_REC_AWARD: build_award(y, r, &e, false); break;
  case CVX_REC_CERTIFICATE: build_award(y, r, &e, true); break;
  case CVX_REC_PROJECT:
    build_project(y, r, &e, talk, h.kind == CVX_REC_SECTION ? stitle : NULL, tnode);
    break;
  case CVX_REC_SKILL: build_skill(y, r, &e); break;
  case CVX_REC_LANGUAGE: build_language(y, r, &e); break;
  case CVX_REC_INTEREST: build_interest(y, r, &e); break;
  case CVX_REC_REFERENCE: build_reference(y, r, &e); break;
  default:
    r->kind = CVX_REC_SECTION;
    add(y, r, "title", tnode, stitle ? stitle : "Other");
    build_section(y, r, &e);
    break;
  }
  if (r->kind == CVX_REC_SECTION && !cvx_record_get(r, "items")) cvx_record_remove(r, "title");
}

/* ----------------------------------------------------------- sections */

static void section(yd *y, const char *title, const node *tnode, hint h, const node *v, int depth);

/* A list of plain values under a section title. */
static void scalar_items(yd *y, const char *title, const node *tnode, hint h, const node *list) {
  cvx_record *r = NULL;
  for (const node *it = list->type == CVX_Y_SEQ ? list->kids : list; it;
       it = list->type == CVX_Y_SEQ ? it->next : NULL) {
    if (it->type != CVX_Y_SCALAR || !it->len || invisible_value(it, false)) continue;
    if (cvx_doc_expired(y->doc)) return;
    char *t = text_of(y, it);
    if (!t) continue;
    switch (h.kind) {
    case CVX_REC_INTEREST:
    case CVX_REC_LANGUAGE:
    case CVX_REC_CERTIFICATE: {
      cvx_record *q = new_rec(y, h.kind, it->span);
      add(y, q,
          h.kind == CVX_REC_INTEREST   ? "name"
          : h.kind == CVX_REC_LANGUAGE ? "language"
                                       : "name",
          it, t);
      break;
    }
    case CVX_REC_AWARD: {
      cvx_record *q = new_rec(y, h.kind, it->span);
      add(y, q, "title", it, t);
      cvx_daterange dr;
      if (q && cvx_date_find(t, strlen(t), &dr) && dr.start[0] && !dr.range)
        cvx_record_add(
            y->doc, q, "date", dr.start,
            span_in(y, it, cvx_arena_strndup(y->arena, t + dr.mstart, dr.mend - dr.mstart)));
      break;
    }
    case CVX_REC_PUBLICATION: {
      cvx_pub_input pin = {.text = t, .len = strlen(t), .span = it->span, .origin = y->origin};
      if (!cvx_publication_add(y->doc, &pin)) goto as_section;
      break;
    }
    case CVX_REC_SKILL: {
      const char *colon = strchr(t, ':');
      if (colon && colon - t < 40) { /* "Languages: C, Go" */
        cvx_record *q = new_rec(y, CVX_REC_SKILL, it->span);
        add(y, q, "name", it, cvx_arena_strndup(y->arena, t, (size_t)(colon - t)));
        for (const char *p = colon + 1; *p;) {
          while (*p == ',' || is_ws(*p)) p++;
          const char *c = p;
          while (*c && *c != ',') c++;
          size_t l = (size_t)(c - p);
          while (l && is_ws(p[l - 1])) l--;
          if (l) add(y, q, "keywords", it, cvx_arena_strndup(y->arena, p, l));
          p = c;
        }
        break;
      }
      if (!r) {
        r = new_rec(y, CVX_REC_SKILL, list->span);
        add(y, r, "name", tnode, title);
      }
      add(y, r, "keywords", it, t);
      break;
    }
    default:
    as_section:
      if (!r) {
        r = new_rec(y, CVX_REC_SECTION, list->span);
        add(y, r, "title", tnode, title ? title : "Other");
      }
      put_text(y, r, NULL, "items", it, NULL);
      break;
    }
  }
  if (r && r->kind == CVX_REC_SECTION && !cvx_record_get(r, "items")) cvx_record_remove(r, "title");
}

/* The title-like scalar member of a mapping (title, name, section, group, type). */
static const node *title_member(const node *m) {
  const node *t = NULL;
  for (const node *k = m->kids; k; k = k->next) {
    role r = role_of(k->key);
    if (k->type != CVX_Y_SCALAR || !k->len) continue;
    if (r == R_TITLE || r == R_NAME) return k;
    if (r == R_TYPE && !t) t = k;
  }
  return t;
}

/* The one list member of a mapping that holds entries (a list, or a mapping
 * of mappings), when the mapping's other members only title it: a typed
 * section ({title, type, contents}) or a group ({name, items}). */
static const node *group_list(const node *m) {
  const node *list = NULL;
  for (const node *k = m->kids; k; k = k->next) {
    role r = role_of(k->key);
    if (k->type == CVX_Y_SEQ && k->kids) {
      if (list) return NULL;
      list = k;
    } else if (k->type == CVX_Y_MAP) {
      if (r == R_HIDDEN) continue;
      bool maps = k->kids != NULL;
      for (const node *c = k->kids; c && maps; c = c->next) maps = c->type == CVX_Y_MAP;
      if (!maps || list) return NULL;
      list = k;
    } else if (k->type == CVX_Y_SCALAR && k->len) {
      if (r == R_TITLE || r == R_NAME || r == R_TYPE || r == R_HIDDEN || r == R_NONE ||
          r == R_SUMMARY || r == R_LEVEL)
        continue;
      return NULL; /* dates, organisations…: an entry, not a group */
    }
  }
  return list;
}

/* Whether a list's items are bare names ({name, level}) or plain values. */
static bool bare_items(const node *list) {
  if (!list || list->type != CVX_Y_SEQ) return false;
  for (const node *it = list->kids; it; it = it->next) {
    if (it->type == CVX_Y_SCALAR) continue;
    if (it->type != CVX_Y_MAP) return false;
    for (const node *k = it->kids; k; k = k->next) {
      role r = role_of(k->key);
      if (!(r == R_NAME || r == R_TITLE || r == R_LEVEL || r == R_HIDDEN || r == R_URL ||
            (r == R_SUMMARY && (k->type != CVX_Y_SCALAR || !k->len))))
        return false;
    }
  }
  return true;
}

/* A group of named values as one skill (name, keywords) — its other plain
 * members ("forte: Linux") count among the keywords. */
static void skill_group(yd *y, const char *title, const node *tnode, const node *m,
                        const node *list) {
  cvx_record *r = new_rec(y, CVX_REC_SKILL, m ? m->span : list->span);
  if (!r) return;
  add(y, r, "name", tnode, title);
  if (m)
    for (const node *k = m->kids; k; k = k->next)
      if (k != tnode && k->type == CVX_Y_SCALAR && role_of(k->key) == R_NONE && k->len &&
          k->len < 60)
        add(y, r, "keywords", k, NULL);
  put_list(y, r, "keywords", list, true);
}

/* One mapping met in a section: a group of entries, or an entry. */
static void map_item(yd *y, const char *title, const node *tnode, hint h, const node *m,
                     int depth) {
  const node *list = group_list(m);
  const node *tm = title_member(m);
  if (list) {
    const char *gt = tm ? text_of(y, tm) : NULL;
    hint gh = classify(gt);
    if (gh.kind == CVX_REC_SECTION || gh.kind == CVX_REC_BASICS) gh = h;
    if (gh.kind == CVX_REC_SKILL && h.kind != CVX_REC_SKILL && bare_items(list) == false) gh = h;
    if ((gh.kind == CVX_REC_SKILL || h.kind == CVX_REC_SKILL) && gh.kind != CVX_REC_INTEREST &&
        gh.kind != CVX_REC_LANGUAGE && bare_items(list)) {
      skill_group(y, gt ? gt : title, gt ? tm : tnode, m, list);
      return;
    }
    if (tm) cvx_doc_take(y->doc, tm->span);
    section(y, gt ? gt : title, gt ? tm : tnode, gh, list, depth + 1);
    return;
  }
  /* a theme's {title: Profile, summary: …} block: the person's summary */
  const char *tt = tm ? text_of(y, tm) : NULL;
  if (!y->fm && (h.kind == CVX_REC_BASICS || (tt && classify(tt).kind == CVX_REC_BASICS))) {
    bool only = true;
    for (const node *k = m->kids; k && only; k = k->next) {
      role r = role_of(k->key);
      only = k->type != CVX_Y_MAP && k->type != CVX_Y_SEQ &&
             (r == R_TITLE || r == R_NAME || r == R_SUMMARY || r == R_HIDDEN || r == R_NONE);
    }
    for (const node *k = m->kids; k && only; k = k->next)
      if (role_of(k->key) == R_SUMMARY && y->basics && !has(y->basics, "summary")) {
        put_text(y, y->basics, "summary", NULL, k, NULL);
        if (tm) cvx_doc_take(y->doc, tm->span);
        return;
      }
  }
  entry_record(y, title, tnode, h, m->kids, NULL);
}

/* A mapping whose keys repeat ({title, intro, title, intro}) holds several
 * entries in a row: each run starts at a repeat of the first key. */
static bool repeated_keys(const node *m) {
  if (!m->kids || !m->kids->key) return false;
  for (const node *k = m->kids->next; k; k = k->next)
    if (k->key && strcmp(k->key, m->kids->key) == 0) return true;
  return false;
}

static void section(yd *y, const char *title, const node *tnode, hint h, const node *v, int depth) {
  if (!v || depth > YD_MAX_DEPTH || cvx_doc_expired(y->doc)) return;
  if (v->type == CVX_Y_SCALAR) {
    scalar_items(y, title, tnode, h, v);
    return;
  }
  if (v->type == CVX_Y_SEQ) {
    bool scalars = true;
    for (const node *it = v->kids; it; it = it->next)
      scalars &= it->type != CVX_Y_MAP && it->type != CVX_Y_SEQ;
    if (scalars) {
      scalar_items(y, title, tnode, h, v);
      return;
    }
    if ((h.kind == CVX_REC_SKILL && bare_items(v))) {
      skill_group(y, title, tnode, NULL, v);
      return;
    }
    for (const node *it = v->kids; it; it = it->next) {
      if (cvx_doc_expired(y->doc)) return;
      if (it->type == CVX_Y_MAP)
        map_item(y, title, tnode, h, it, depth);
      else if (it->type == CVX_Y_SEQ)
        section(y, title, tnode, h, it, depth + 1);
      else if (it->type == CVX_Y_SCALAR && it->len)
        scalar_items(y, title, tnode, h, it);
    }
    return;
  }
  if (v->type != CVX_Y_MAP || !v->kids) return;
  if (repeated_keys(v)) {
    const char *k0 = v->kids->key;
    const node *start = v->kids;
    for (const node *k = v->kids->next;; k = k->next) {
      if (!k || (k->key && strcmp(k->key, k0) == 0)) {
        entry_record(y, title, tnode, h, start, k);
        if (!k) break;
        start = k;
      }
    }
    return;
  }
  const node *list = group_list(v);
  if (list) {
    map_item(y, title, tnode, h, v, depth);
    return;
  }
  size_t nmaps = 0, n = 0;
  for (const node *k = v->kids; k; k = k->next) {
    n++;
    nmaps += k->type == CVX_Y_MAP;
  }
  if (nmaps && nmaps * 2 >= n) { /* a mapping of entries: {05: {…}, 04: {…}} */
    for (const node *k = v->kids; k; k = k->next)
      if (k->type == CVX_Y_MAP) map_item(y, title, tnode, h, k, depth + 1);
    return;
  }
  entry e;
  entry_scan(&e, v->kids, NULL);
  if (content_kind(y, &e) != CVX_REC_SECTION || e.by[R_TITLE] || e.by[R_ROLE] || e.by[R_ORG]) {
    map_item(y, title, tnode, h, v, depth);
    return;
  }
  /* a mapping of plain values: {Languages: "C, Go"} skills, or key: value items */
  for (const node *k = v->kids; k; k = k->next) {
    if (cvx_doc_expired(y->doc)) return;
    if (!k->key) continue;
    if (k->type == CVX_Y_SEQ || k->type == CVX_Y_MAP) {
      hint kh = classify(humanize(y, k->key));
      if (kh.kind == CVX_REC_SECTION || kh.kind == CVX_REC_BASICS) kh = h;
      section(y, humanize(y, k->key), NULL, kh, k, depth + 1);
    } else if (k->type == CVX_Y_SCALAR && k->len && role_of(k->key) != R_HIDDEN) {
      if (h.kind == CVX_REC_SKILL) {
        cvx_record *r = new_rec(y, CVX_REC_SKILL, k->span);
        cvx_record_add(y->doc, r, "name", humanize(y, k->key), k->key_span);
        const char *t = text_of(y, k);
        for (const char *p = t; p && *p;) { /* "C, Rust, OCaml" */
          while (*p == ',' || *p == ';' || is_ws(*p)) p++;
          const char *c = p;
          while (*c && *c != ',' && *c != ';') c++;
          size_t l = (size_t)(c - p);
          while (l && is_ws(p[l - 1])) l--;
          if (l) add(y, r, "keywords", k, cvx_arena_strndup(y->arena, p, l));
          p = c;
        }
      } else {
        scalar_items(y, title, tnode, h, k);
      }
    }
  }
}

/* ------------------------------------------------------------- person */

static const char *const person_keys[] = {
    "basics", "profile", "personal", "personalinfo", "personaldetails",
    "person", "sidebar", "author",   "contact",      "contactinfo",
    "header", "me",      "identity", "owner",        NULL};

static const char *const person_fields[] = {
    "name",  "fullname", "firstname", "lastname", "givenname", "familyname", "surname",
    "email", "mail",     "phone",     "mobile",   "tel",       "telephone",  NULL};

static int person_score(const node *m) {
  int s = 0;
  if (!m || m->type != CVX_Y_MAP) return 0;
  for (const node *k = m->kids; k; k = k->next) {
    char f[YD_KEY];
    fold(k->key, f);
    if (k->type == CVX_Y_SCALAR && k->len && in(f, person_fields)) s++;
  }
  return s;
}

static const node *find_person(const node *root) {
  const node *best = root;
  int bs = person_score(root);
  for (const node *k = root->kids; k; k = k->next) {
    char f[YD_KEY];
    fold(k->key, f);
    if (k->type != CVX_Y_MAP || !in(f, person_keys)) continue;
    int s = person_score(k);
    if (s > bs) best = k, bs = s;
  }
  return bs ? best : NULL;
}

/* Keys of the person themselves (contacts, accounts, settings of a theme's
 * sidebar): not sections. */
static bool person_key(const char *key) {
  static const char *const keys[] = {
      "name",          "fullname",      "firstname",    "lastname", "middlename",  "givenname",
      "familyname",    "surname",       "email",        "mail",     "phone",       "mobile",
      "tel",           "telephone",     "title",        "label",    "role",        "tagline",
      "headline",      "subtitle",      "position",     "jobtitle", "image",       "avatar",
      "photo",         "picture",       "address",      "location", "city",        "place",
      "country",       "region",        "state",        "url",      "website",     "homepage",
      "web",           "social",        "profiles",     "links",    "network",     "networks",
      "socials",       "socialmedia",   "bio",          "about",    "summary",     "description",
      "organizations", "organisations", "affiliations", "pronouns", "status",      "superuser",
      "highlightname", "sitetitle",     "footer",       "timezone", "citizenship", "nationality",
      "birthday",      "birthdate",     "gender",       NULL};
  char f[YD_KEY];
  fold(key, f);
  if (in(f, keys)) return true;
  static const char *const nets[] = {
      "github",  "gitlab",       "linkedin",      "twitter",  "googlescholar", "scholar",
      "orcid",   "researchgate", "stackoverflow", "facebook", "instagram",     "medium",
      "youtube", "mastodon",     "bluesky",       "scopus",   "webofscience",  "kaggle",
      "dblp",    "bitbucket",    "keybase",       "telegram", "xing",          NULL};
  for (size_t i = 0; nets[i]; i++)
    if (strncmp(f, nets[i], strlen(nets[i])) == 0) return true;
  return false;
}

static const node *member(const node *m, const char *const *keys) {
  if (!m || m->type != CVX_Y_MAP) return NULL;
  for (size_t i = 0; keys[i]; i++)
    for (const node *k = m->kids; k; k = k->next) {
      char f[YD_KEY];
      fold(k->key, f);
      if (strcmp(f, keys[i]) == 0 && k->type == CVX_Y_SCALAR && k->len) return k;
    }
  return NULL;
}

static cvx_record *basics(yd *y, const node *m) {
  if (!y->basics) y->basics = new_rec(y, CVX_REC_BASICS, m ? m->span : CVX_NOSPAN);
  return y->basics;
}

/* "School | University | Exeter | United Kingdom | EX44QJ": the address,
 * and its city, postal code and country where the parts say so. */
static void put_address(yd *y, const node *n) {
  char *t = text_of(y, n);
  if (!t) return;
  cvx_record *b = basics(y, n);
  if (!b || has(b, "location.address")) return;
  add(y, b, "location.address", n, t);
  const char *part[12];
  size_t plen[12], np = 0;
  for (const char *p = t; *p && np < 12;) {
    while (*p && (is_ws(*p) || *p == ',' || *p == '|' || *p == ';' || *p == '(' || *p == ')')) p++;
    const char *q = p;
    while (*q && *q != ',' && *q != '|' && *q != ';' && *q != '(' && *q != ')') q++;
    size_t l = (size_t)(q - p);
    while (l && is_ws(p[l - 1])) l--;
    if (l) part[np] = p, plen[np++] = l;
    p = q;
  }
  size_t country = np;
  for (size_t i = 0; i < np; i++) {
    const char *cc = cvx_country_code(part[i], plen[i]);
    if (cc && !has(b, "location.countryCode")) {
      cvx_record_add(y->doc, b, "location.countryCode", cc,
                     span_in(y, n, cvx_arena_strndup(y->arena, part[i], plen[i])));
      country = i;
      break;
    }
  }
  for (size_t i = 0; i < np; i++) {
    bool digit = false, lowercase = false;
    for (size_t j = 0; j < plen[i]; j++) {
      digit |= part[i][j] >= '0' && part[i][j] <= '9';
      lowercase |= (part[i][j] >= 'a' && part[i][j] <= 'z');
    }
    if (digit && plen[i] <= 10 && !lowercase && i > 0 && !has(b, "location.postalCode"))
      cvx_record_add(y->doc, b, "location.postalCode",
                     cvx_arena_strndup(y->arena, part[i], plen[i]),
                     span_in(y, n, cvx_arena_strndup(y->arena, part[i], plen[i])));
  }
  if (country < np && country > 0 && !has(b, "location.city")) {
    size_t c = country - 1;
    if (cvx_org_score(part[c], plen[c]) == 0 && plen[c] < 40)
      cvx_record_add(y->doc, b, "location.city", cvx_arena_strndup(y->arena, part[c], plen[c]),
                     span_in(y, n, cvx_arena_strndup(y->arena, part[c], plen[c])));
  }
}

/* What the front matter's person mapping leaves to data files: split names,
 * labels under other keys, the address, a home page without a scheme. */
static void person_extras(yd *y, const node *p, const node *root) {
  static const char *const first_k[] = {"firstname", "givenname", "first", NULL};
  static const char *const last_k[] = {"lastname", "familyname", "surname", "last", NULL};
  static const char *const label_k[] = {"role",     "occupation", "profession", "jobtitle",
                                        "headline", "label",      "title",      NULL};
  static const char *const summary_k[] = {"about",   "bio",       "summary", "careersummary",
                                          "profile", "objective", "aboutme", NULL};
  static const char *const addr_k[] = {"address", NULL};
  static const char *const city_k[] = {"place", "city", "location", NULL};
  static const char *const country_k[] = {"country", NULL};
  static const char *const url_k[] = {"homepage", "website", "url", "web", NULL};
  const node *maps[2] = {p, root == p ? NULL : root};
  for (int i = 0; i < 2; i++) {
    const node *m = maps[i];
    if (!m) continue;
    cvx_record *b = y->basics;
    const node *f = member(m, first_k), *l = member(m, last_k);
    if (f && l && !has(b, "name")) {
      const char *ft = text_of(y, f), *lt = text_of(y, l);
      if (ft && lt && (b = basics(y, m))) {
        uint32_t end = l->span.end > f->span.start ? l->span.end : f->span.end;
        cvx_record_add(y->doc, b, "name", cvx_arena_printf(y->arena, "%s %s", ft, lt),
                       cvx_span_make(f->span.start, end));
        cvx_doc_take(y->doc, l->span);
      }
    }
    const node *lab = member(m, label_k);
    const char *lt = lab ? text_of(y, lab) : NULL;
    if (lt && y->basics && !has(y->basics, "label") && !strchr(lt, '\n') && strlen(lt) < 120 &&
        !(cvx_record_get(y->basics, "name") &&
          strcmp(cvx_record_get(y->basics, "name"), lt) == 0) &&
        !cvx_is_person_name(lt, strlen(lt)) && classify(lt).kind == CVX_REC_SECTION &&
        !icontains(lt, " cv") && !icontains(lt, "resume"))
      add(y, y->basics, "label", lab, lt);
    const node *s = member(m, summary_k);
    const char *cur = y->basics ? cvx_record_get(y->basics, "summary") : NULL;
    if (s && cur && strlen(cur) < 40 && s->len > 2 * strlen(cur) && !strstr(s->s, cur))
      cvx_record_remove(y->basics,
                        "summary"); /* "A summary of my work" gives way to the about text */
    if (s && s->len > 40 && (b = basics(y, m)) && !has(b, "summary"))
      put_text(y, b, "summary", NULL, s, NULL);
    const node *a = member(m, addr_k);
    if (a) put_address(y, a);
    const node *c = member(m, city_k);
    if (c && (b = basics(y, m)) && !has(b, "location.city") && c->len < 60)
      add(y, b, "location.city", c, NULL);
    const node *co = member(m, country_k);
    const char *cot = co ? text_of(y, co) : NULL;
    const char *cc = cot ? cvx_country_code(cot, strlen(cot)) : NULL;
    if (cc && (b = basics(y, m)) && !has(b, "location.countryCode"))
      cvx_record_add(y->doc, b, "location.countryCode", cc, co->span);
    const node *u = member(m, url_k);
    const char *ut = u ? text_of(y, u) : NULL;
    if (ut && y->basics && !has(y->basics, "url") && !strchr(ut, ' ') && !strstr(ut, "://") &&
        strchr(ut, '.') && !strchr(ut, '@'))
      cvx_record_add(y->doc, y->basics, "url", cvx_arena_printf(y->arena, "https://%s", ut),
                     u->span);
  }
}

/* ------------------------------------------------------------ visibility */

typedef struct spans {
  cvx_span *v;
  size_t n, cap;
} spans;

/* A value a page never shows as text: a boolean, a colour, an image file, an
 * identifier (time_table, brands/x), or a renderer switch under `type:`
 * (one lowercase word). */
static bool invisible_value(const node *n, bool type_key) {
  const char *s = n->s;
  size_t len = n->len;
  if (n->type != CVX_Y_SCALAR) return false;
  static const char *const words[] = {"true", "false", "yes", "no", "on", "off", NULL};
  char f[8];
  if (len < sizeof f) {
    for (size_t i = 0; i <= len; i++) f[i] = lower(s[i]);
    if (in(f, words)) return true;
  }
  if (s[0] == '#' && len <= 9) return true; /* a colour */
  bool slug = len > 0;
  for (size_t i = 0; i < len && slug; i++)
    slug = (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_' ||
           s[i] == '/' || s[i] == '-' || s[i] == '.';
  if (slug && (memchr(s, '_', len) || memchr(s, '/', len))) return true; /* time_table, brands/x */
  if (slug && type_key && !memchr(s, '.', len)) return true;
  static const char *const exts[] = {".png", ".jpg", ".jpeg", ".svg", ".gif", ".webp", NULL};
  for (size_t i = 0; exts[i]; i++)
    if (len > strlen(exts[i]) && !memchr(s, ' ', len) && ends(s, exts[i])) return true;
  return false;
}

static void collect_visible(yd *y, spans *sp, const node *n, int depth) {
  if (!n || depth > 200) return;
  if (n->key && role_of(n->key) == R_HIDDEN) return;
  if (n->type == CVX_Y_SCALAR) {
    if (!n->len || invisible_value(n, role_of(n->key) == R_TYPE) || !cvx_span_valid(n->span))
      return;
    if (sp->n == sp->cap) {
      size_t nc = sp->cap ? sp->cap * 2 : 64;
      sp->v = cvx_arena_grow(y->arena, sp->v, sp->n, nc, sizeof *sp->v);
      sp->cap = nc;
    }
    sp->v[sp->n++] = n->span;
    return;
  }
  for (const node *k = n->kids; k; k = k->next) collect_visible(y, sp, k, depth + 1);
}

static int cmp_span(const void *a, const void *b) {
  const cvx_span *x = a, *z = b;
  return x->start < z->start ? -1 : x->start > z->start;
}

/* A data file shows only its values: keys, comments, structure and theme
 * switches are hidden, so that what no field takes is the unmapped text. */
static void hide_structure(yd *y, spans *sp_, cvx_span whole) {
  spans sp = *sp_;
  if (sp.n) qsort(sp.v, sp.n, sizeof *sp.v, cmp_span);
  uint32_t at = whole.start;
  for (size_t i = 0; i < sp.n; i++) {
    if (sp.v[i].start > at) cvx_doc_hide(y->doc, cvx_span_make(at, sp.v[i].start));
    if (sp.v[i].end > at) at = sp.v[i].end;
  }
  if (whole.end > at) cvx_doc_hide(y->doc, cvx_span_make(at, whole.end));
}

/* ----------------------------------------------------------------- map */

void cvx_yamldata_map(cvx_doc *doc, const cvx_ynode *root, const char *origin, bool front_matter) {
  if (!doc || !root) return;
  yd y = {doc, doc->arena, origin ? origin : ORIGIN, front_matter, NULL};
  hint none = {CVX_REC_SECTION, false};
  if (root->type == CVX_Y_SEQ) { /* al-folio: a list of typed sections */
    if (!front_matter) section(&y, NULL, NULL, none, root, 0);
    return;
  }
  if (root->type != CVX_Y_MAP) return;
  const node *person = NULL;
  if (!front_matter) {
    person = find_person(root);
    if (person) y.basics = cvx_frontmatter_person(doc, person, y.origin);
    person_extras(&y, person ? person : root, root);
  }
  for (const node *k = root->kids; k; k = k->next) {
    if (cvx_doc_expired(doc)) return;
    if (!k->key) continue;
    const node *members = k;
    if (k == person && person != root) {
      /* the person's block may hold sections too (a sidebar's languages) */
      for (const node *m = person->kids; m; m = m->next)
        if (m->key && (m->type == CVX_Y_SEQ || m->type == CVX_Y_MAP) && !person_key(m->key)) {
          hint h = classify(humanize(&y, m->key));
          if (h.kind != CVX_REC_SECTION && h.kind != CVX_REC_BASICS)
            section(&y, humanize(&y, m->key), NULL, h, m, 1);
        }
      continue;
    }
    if (person_key(k->key)) continue;
    char *title = humanize(&y, k->key);
    hint h = classify(title);
    if (front_matter && (h.kind == CVX_REC_SECTION || h.kind == CVX_REC_BASICS)) continue;
    if (members->type == CVX_Y_SCALAR) {
      if (front_matter || !members->len || role_of(k->key) == R_HIDDEN) continue;
      if (h.kind == CVX_REC_BASICS) {
        cvx_record *b = members->len > 40 ? basics(&y, members) : NULL;
        if (b && !has(b, "summary")) put_text(&y, b, "summary", NULL, members, NULL);
        continue;
      }
      if (h.kind == CVX_REC_SECTION) continue; /* a setting, or unmapped text */
    }
    if (members->type == CVX_Y_NULL) continue;
    section(&y, title, NULL, h, members, 0);
  }
}

/* ---------------------------------------------------------------- sniff */

bool cvx_yamldata_sniff(const char *text, size_t len) {
  size_t top = 0, known = 0, nested = 0;
  for (size_t s = 0; s < len;) {
    const char *nl = memchr(text + s, '\n', len - s);
    size_t e = nl ? (size_t)(nl - text) : len;
    size_t i = s;
    while (i < e && text[i] == ' ') i++;
    if (i < e && text[i] != '#' && text[i] != '\r') {
      if (i > s || (text[i] == '-' && (i + 1 == e || text[i + 1] == ' '))) {
        nested++;
      } else if (s == 0 && e - s >= 3 && memcmp(text, "---", 3) == 0) {
        /* a document start */
      } else {
        size_t c = i;
        while (c < e && text[c] != ':' && c - i < YD_KEY) c++;
        if (c >= e || text[c] != ':' || (c + 1 < e && text[c + 1] != ' ')) return false;
        top++;
        char key[YD_KEY];
        size_t kl = c - i;
        for (size_t j = 0; j < kl; j++)
          key[j] = (text[i + j] == '_' || text[i + j] == '-') ? ' ' : text[i + j];
        key[kl] = '\0';
        char f[YD_KEY];
        fold(key, f);
        cvx_rec_kind k = kl ? cvx_section_classify(key, kl) : CVX_REC_SECTION;
        if (in(f, person_fields) || (k != CVX_REC_SECTION && k != CVX_REC_BASICS)) known++;
      }
    }
    s = e + 1;
  }
  return top >= 2 && known >= 2 && nested > 0;
}

/* ------------------------------------------------------------ extractor */

static bool has_ext(const char *path, const char *ext) {
  if (!path) return false;
  size_t n = strlen(path), k = strlen(ext);
  if (n < k) return false;
  for (size_t i = 0; i < k; i++)
    if (lower(path[n - k + i]) != ext[i]) return false;
  return true;
}

/* 100 for a .yml/.yaml file, or a file of another kind (no .md, .txt…
 * extension) whose text sniffs as a YAML data CV; else 0. */
static int yd_accepts(const cvx_source *src) {
  if (!src || !src->text) return 0;
  if (has_ext(src->path, ".yml") || has_ext(src->path, ".yaml")) return 100;
  static const char *const other[] = {".md", ".markdown", ".txt", ".text", ".json", NULL};
  for (size_t i = 0; other[i]; i++)
    if (has_ext(src->path, other[i])) return 0;
  return cvx_yamldata_sniff(src->text, src->len) ? 100 : 0;
}

/* Reads the whole source as YAML and maps it; the keys, comments and theme
 * switches are hidden, so that a value no field took stays visible as
 * unmapped text (and so does everything after a syntax error). Always CVX_OK
 * for valid arguments: what is wrong with the file is a diagnostic. */
static cvx_status yd_extract(const cvx_source *src, cvx_doc *doc, cvx_diags *dx) {
  if (!src || !doc || !dx || doc->src != src) return CVX_EINVAL;
  cvx_span whole = cvx_span_make(0, src->len);
  size_t before = dx->n;
  node *root = cvx_yaml_read(doc, dx, whole, "YAML file");
  bool broken = false;
  for (size_t i = before; i < dx->n; i++)
    broken |= strcmp(dx->items[i].code, "frontmatter.syntax") == 0 ||
              strcmp(dx->items[i].code, "frontmatter.limit") == 0;
  yd y = {doc, doc->arena, ORIGIN, false, NULL};
  if (root) {
    spans sp = {0};
    collect_visible(&y, &sp, root, 0);
    uint32_t end = whole.end;
    if (broken) {
      end = 0;
      for (size_t i = 0; i < sp.n; i++)
        if (sp.v[i].end > end) end = sp.v[i].end;
    }
    hide_structure(&y, &sp, cvx_span_make(0, end));
  } else if (!broken) {
    cvx_doc_hide(doc, whole); /* comments only */
  }
  cvx_yamldata_map(doc, root, ORIGIN, false);
  doc->body_start = (uint32_t)src->len;
  doc->as_data = true;
  return CVX_OK;
}

/* The extractor for YAML data CVs (declared in cvx.h). */
const cvx_extractor cvx_extractor_yamldata = {
    .name = "yamldata",
    .role = CVX_ROLE_WHOLE,
    .accepts = yd_accepts,
    .extract = yd_extract,
};
