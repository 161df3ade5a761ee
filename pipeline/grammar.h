/* grammar.h — shared field grammars (dates, degrees, contacts, names, section
 * headings) and the one pcre2 wrapper every pattern goes through. Extractors
 * call these; none re-parses a date or a degree its own way. */
#ifndef CVX_GRAMMAR_H
#define CVX_GRAMMAR_H

#include "cvx.h"

/* ------------------------------------------------------------------ regex */

/* A pcre2 pattern compiled once (JIT when available) and matched with match,
 * depth and heap limits. Thread-safe: compile happens under pthread_once via
 * cvx_rx_get; match data is per call. */
typedef struct cvx_rx cvx_rx;
/* Returns the compiled pattern for the static descriptor (compiled at first
 * use; aborts with a message on a pattern error — a programming error). */
typedef struct cvx_rx_def {
  const char *pattern;
  uint32_t flags; /* PCRE2_* compile options; PCRE2_UTF | PCRE2_UCP always added */
  cvx_rx *compiled;
} cvx_rx_def;
/* Matches def against s[0,n) starting at start. On a match returns the number
 * of pairs filled in ov (ov[2*i], ov[2*i+1] are byte offsets, PCRE2_UNSET when
 * the group did not take part), at most ovn pairs. Returns 0 on no match and
 * also when a limit was hit (never hangs). */
int cvx_rx_match(cvx_rx_def *def, const char *s, size_t n, size_t start, size_t *ov, int ovn);
/* Releases every compiled pattern (for leak checkers at exit). */
void cvx_rx_cleanup(void);

/* ------------------------------------------------------------------ dates */

/* A date or range found in text. ISO partials ("2025", "2025-07",
 * "2025-07-14"); empty string when absent. */
typedef struct cvx_daterange {
  char start[11];
  char end[11];
  bool open;      /* ends with Present/Now/current/ongoing/today/since or a dangling dash */
  bool expected;  /* "(expected)", "exp.", "anticipated" */
  bool range;     /* two ends, or an open end, were given */
  size_t mstart, mend; /* the matched date text, byte offsets into the input */
} cvx_daterange;

/* Finds the first date or date range in s[0,n) (English month names and
 * abbreviations, seasons, numeric forms 2018.11 11/2018 2018-11 11.2018
 * 03/2017, DD/MM/YYYY, 'YY, Chinese 2018年11月 and 至今/今, ranges with - – — to
 * until ~ and "since X"). Single dates fill start only. Returns false when no
 * date is found. Never reads outside s[0,n). */
bool cvx_date_find(const char *s, size_t n, cvx_daterange *out);
/* Whether the line s[0,n) is an entry's dated head: a date in it, twelve
 * words at most, not ending in a full stop and no sentence (five words or
 * more, most of them starting in lower case): "_Engineer_, _March 2020 –
 * present_, Leeds", "**Engineer** · Initech · 2020 – present". */
bool cvx_dated_head_line(const char *s, size_t n);
/* Parses s[0,n) as exactly one date (no surrounding text) into iso. */
bool cvx_date_parse(const char *s, size_t n, char iso[11]);

/* ---------------------------------------------------------------- degrees */

/* Finds a degree mention in s[0,n): "Ph.D", "PhD", "M.S.", "MSc", "B.E.",
 * "Bachelor of Science", "Master's", "Doctor of Philosophy", "MBA", "学士"…
 * Sets *study_type to the canonical form from MAPPING.md (static string:
 * "PhD", "MS", "MEng", "MPhil", "MA", "MBA", "BS", "BEng", "BA", …) and
 * the match offsets. */
bool cvx_degree_find(const char *s, size_t n, const char **study_type, size_t *mstart,
                     size_t *mend);
/* The end of the run of abbreviated degrees joined to the degree ending at
 * e ("MSc & BSc", "BA/MA", "B.S. and M.S."); e when none is joined. */
size_t cvx_degree_run_end(const char *s, size_t n, size_t e);
/* Canonical studyType of a degree written alone ("B.Sc." -> "BS"), or NULL. */
const char *cvx_degree_canonical(const char *s, size_t n);

/* --------------------------------------------------------------- contacts */

/* Finds the first e-mail in s[0,n): plain, in a mailto: link, or obfuscated
 * ("name [at] domain [dot] edu", "name (at) domain.edu", "name AT domain DOT
 * org"). Writes the normalized address into the arena. */
bool cvx_email_find(cvx_arena *a, const char *s, size_t n, const char **email, size_t *mstart,
                    size_t *mend);
/* True when s is a syntactically valid e-mail address (the schema's notion). */
bool cvx_email_valid(const char *s);
/* Finds the first URL (http(s)://…, www.…, or a bare domain with a path such
 * as github.com/user) in s[0,n); result normalized with a scheme, trailing
 * punctuation dropped. */
bool cvx_url_find(cvx_arena *a, const char *s, size_t n, const char **url, size_t *mstart,
                  size_t *mend);
/* The social network a URL belongs to ("GitHub", "LinkedIn", "Google Scholar",
 * "ORCID", "Twitter", "ResearchGate", "GitLab", "HackerRank", "Stack Overflow",
 * "Kaggle", "Mastodon"…) with the username when the URL shows one; NULL when
 * the URL is not an account on a known network. */
const char *cvx_profile_network(cvx_arena *a, const char *url, const char **username);
/* Finds a phone number (kept as written) in s[0,n): at least 7 digits, with
 * the usual separators, optional +country and extension. */
bool cvx_phone_find(const char *s, size_t n, size_t *mstart, size_t *mend);

/* A postal address on one line, its parts as offsets into the line (an
 * empty range: the part is not written). */
enum { CVX_ADDR_STREET, CVX_ADDR_POSTAL, CVX_ADDR_CITY, CVX_ADDR_REGION, CVX_ADDR_COUNTRY, CVX_ADDR_NPARTS };
typedef struct cvx_address {
  size_t at[CVX_ADDR_NPARTS][2];
  const char *cc; /* the country's ISO 3166-1 code when one is written */
} cvx_address;
/* Reads s[0,n) as a postal address when all of it is one ("Lindenweg 12,
 * 04109, Leipzig (DE)", "14 Harbour Road, Ventura, CA 93001", "Alte Gasse 3
 * Bad Ragaz 7310 CH"): a street with a house number, a city and a postal
 * code or a country. False, and *ad cleared, otherwise. */
bool cvx_address_parse(const char *s, size_t n, cvx_address *ad);

/* ------------------------------------------------------------------ names */

/* True when s[0,n) reads as a person's name: 2–5 words, each capitalized
 * (or a particle such as "van", "de", "da"), initials allowed, letters of any
 * script; never a known heading ("About", "Curriculum Vitae", "Resume"), a
 * sentence, or a phrase with role/organisation words ("Engineer", "University"). */
bool cvx_is_person_name(const char *s, size_t n);
/* Is s[0,n) a person's name written surname first ("Whitcombe, Dana",
 * "van Dijk, Anna M.")? By its shape alone (any capitalised words), so only
 * for a line that stands where the person's name does. */
bool cvx_surname_first(const char *s, size_t n);

/* Whether line s[0,n) reads as a reference: its first author written as
 * references write names ("Whitcombe, D.", "D. Whitcombe", "Whitcombe D,"),
 * after a number or not ("[3]"), with a year in the line and words enough
 * for a title and a venue. */
bool cvx_citation_line(const char *s, size_t n);

/* The person a bio names at its start, as [*a, *e) of s: the subject of a
 * sentence in the third person ("Jane Roe is an assistant professor …",
 * "Dr. Jane Roe received …") or the name after a first-person opening ("Hi!
 * I'm Jane Roe.", "My name is Jane Roe and …"). False when the start reads
 * as no person's name. */
bool cvx_bio_subject(const char *s, size_t n, size_t *a, size_t *e);

/* --------------------------------------------------------------- sections */

/* Maps a heading ("Work Experience", "Formation", "Ausbildung", "教育背景",
 * "Selected Publications", "🎓 Education") to a record kind. Returns
 * CVX_REC_SECTION when the heading is not a known section; CVX_REC_BASICS for
 * headings about the person ("Contact", "About me", "Personal details"). */
cvx_rec_kind cvx_section_classify(const char *heading, size_t n);

/* ---------------------------------------------------- organisations, roles */

/* How much s[0,n) reads as an organisation ("Initech Inc.", "University of
 * Leeds", "Northwind Data Lab"): 0 = not at all, higher = more. */
int cvx_org_score(const char *s, size_t n);
/* How much s[0,n) reads as a job title or role ("Senior Data Engineer",
 * "Research Assistant", "Teaching Assistant"): 0 = not at all. */
int cvx_role_score(const char *s, size_t n);
/* Is the word w[0,n) one that names a doer ("Editor", "Coordinator",
 * "Statistician"), not one that only qualifies a title ("Senior",
 * "Research") or names a field ("Engineering")? */
bool cvx_role_noun(const char *w, size_t n);
/* Does a piece of s[0,n), between the marks that part an entry's head
 * (",", "|", ";", a tab, a line break, brackets, a middle dot, a spaced
 * dash), name a role? ("Publications Editor · Initech · Leeds · 2020 –
 * present": the whole line of ten words reads as no title, its first
 * piece does.) */
bool cvx_role_piece(const char *s, size_t n);
/* Does s[0,n) name a thing and say what it is, as a project's line does
 * ("tidewatch — a command-line tool that predicts tides", "Shelfscan: an
 * app that reads book spines"), not a level ("Spanish — a native
 * speaker")? */
bool cvx_defines_thing(const char *s, size_t n);
/* Does s[0,n) name a role of unpaid service ("Co-organizer", "Peer
 * reviewer", "Referee", "Volunteer") by one of its words? */
bool cvx_service_role(const char *s, size_t n);
/* Does s[0,n) name a school ("University of Hull", "Kings College",
 * "Escuela Técnica", "北京大学"), by a word only schools' names hold? */
bool cvx_school_named(const char *s, size_t n);
/* Finds a place ("Loveland, CO", "Lausanne, Switzerland", "Remote") in
 * s[0,n); sets the match offsets. */
bool cvx_location_find(const char *s, size_t n, size_t *mstart, size_t *mend);

/* ISO 3166-1 alpha-2 code of a country name or common abbreviation
 * ("Nigeria" -> "NG", "USA" -> "US", "P.R. China" -> "CN"), or NULL. */
const char *cvx_country_code(const char *s, size_t n);

#endif /* CVX_GRAMMAR_H */
