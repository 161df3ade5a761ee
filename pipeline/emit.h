/* emit.h — the serializers' private header: a finished document in, bytes out
 * (BibTeX, CSV, JSON Resume). Pure and deterministic; each format escapes in
 * exactly one function of its own .c file. */
#ifndef CVX_EMIT_H
#define CVX_EMIT_H

#include "cvx.h"

#include "utf8.h"

/* ----------------------------------------------------------------- BibTeX */

typedef struct cvx_bibtex_opts {
  bool ascii;             /* pure-ASCII output: accents as LaTeX, the rest "?" */
  const char *owner_name; /* the CV's owner, for keys of entries without authors; may be NULL */
} cvx_bibtex_opts;

/* Longest value written between a field's braces, in bytes; a longer one is
 * cut at a character boundary (never inside a UTF-8 sequence or a LaTeX
 * escape) and ends in "…" ("\ldots{}" in ASCII mode). */
#define CVX_BIBTEX_MAX_FIELD ((size_t)64 * 1024)
/* Most authors written per entry; the rest become "and others". */
#define CVX_BIBTEX_MAX_AUTHORS 1000

/* Appends one BibTeX entry per CVX_REC_PUBLICATION record of doc to out, in
 * record order, and returns how many it wrote. A record that yields no field
 * at all (nothing but a summary, say) is skipped: BibTeX tools reject an
 * entry without fields. opts may be NULL (UTF-8, no owner). The caller owns
 * out; doc is only read.
 *
 * Entry type: from the record's CSL-ish `type` (paper-conference →
 * inproceedings, article-journal → article, chapter → incollection, report →
 * techreport, thesis → phdthesis or mastersthesis, book, patent; manuscript,
 * preprint → misc), else from the venue table (pipeline/venues.tsv: a venue
 * that is a known acronym, with or without a year, such as "NSDI 2019", gets
 * the table's type, and a short one, up to 24 bytes, is written under its
 * full name), else from the venue (journal/transactions/letters/magazine
 * → article; conference/workshop/proceedings/symposium, or an acronym with a
 * year such as "NSDI '23" → inproceedings), else misc. The venue goes to
 * booktitle, journal, school, institution, publisher or howpublished.
 * Fields, always in this order: author title <venue> year month doi url
 * eprint archivePrefix primaryClass; month is a number; an arXiv id adds
 * eprint + archivePrefix = {arXiv} (+ primaryClass when given).
 *
 * Keys: family name of the first author (else of opts->owner_name, else the
 * first venue word, else "anon") + year (else "nd") + first title word that
 * is not a stop word; folded to [a-z0-9] (é → e, ß → ss, ø → o; scripts
 * without a Latin transliteration are dropped). Repeated keys get a, b, …,
 * z, aa, ab, … in record order.
 *
 * Escaping: LaTeX specials become \# \$ \% \& \_ \textasciitilde{}
 * \textasciicircum{} \textbackslash{} \textbraceleft{} \textbraceright{}, so
 * no CV text becomes a TeX command and every value's braces balance (BibTeX
 * counts "\{" as a brace, hence the named forms). Control characters are
 * dropped (tab and newline become a space); invalid UTF-8 becomes U+FFFD.
 * Title words with a capital after their first character ("NSDI",
 * "TensorFlow", "3D") and lone capitals other than "A" after the first word
 * ("in {C}") are braced so styles keep their case. In author names a word
 * "and" is braced, and a name whose commas do not give "von Last, Jr, First"
 * (more than two, or an empty part) is braced whole as a corporate author, so
 * BibTeX and biber split the list where cvx did.
 * Without ascii, other text stays UTF-8; with ascii, Latin-1 and Latin
 * Extended-A letters become {\'e} {\"o} {\ss} {\o}…, dashes, curly quotes,
 * "…" and no-break space their LaTeX forms, combining accents are dropped and
 * any other character becomes "?" (one per code point: CJK, emoji, Greek…).
 * URLs, DOIs and arXiv ids are verbatim fields, so they are percent-encoded
 * instead of escaped (space " < > \ ^ ` { | }, controls, non-ASCII bytes).
 * Output uses '\n' line ends and a blank line between entries. */
size_t cvx_emit_bibtex(const cvx_doc *doc, const cvx_bibtex_opts *opts, cvx_buf *out);

/* -------------------------------------------------------------------- CSV */

typedef struct cvx_csv_opts {
  bool excel;        /* a UTF-8 BOM before the header and CRLF line ends; else '\n' */
  const char *today; /* "YYYY-MM": where open work intervals end (years_experience);
                        NULL leaves open intervals out, keeping output deterministic */
} cvx_csv_opts;

/* What the batch driver knows about one input besides its document. */
typedef struct cvx_csv_row_info {
  const char *source; /* path as given; NULL: doc->src->path */
  const char *status; /* "ok", "warnings" or "error"; NULL: derived from doc */
  size_t nwarnings;
} cvx_csv_row_info;

/* Longest cell in bytes (spreadsheets stop at 32,767 characters); a longer
 * one is cut at a UTF-8 boundary and ends in "…". */
#define CVX_CSV_MAX_CELL ((size_t)32000)

/* Cells (RFC 4180, one place: put_cell in emit_csv.c):
 *  - quoted when they contain , " CR or LF or start or end with a space;
 *    inner quotes doubled;
 *  - formula injection (OWASP): a cell whose first character, after leading
 *    spaces and quote characters (" '), is = + - @ TAB CR or LF gets a
 *    single quote ' in front, always. Phone numbers and negative numbers are
 *    prefixed too ("'+1 555 0100", "'-2"): that keeps every cell inert, and
 *    spreadsheets hide a leading apostrophe, so they still read as written;
 *  - other control characters (C0, DEL, C1) become a space; invalid UTF-8
 *    becomes U+FFFD.
 * Numbers cvx computes itself (counts, years) are never negative. */

/* The columns of cvx.csv, one row per input, in this order:
 *   source               path of the input
 *   name email phone     basics
 *   city region country  basics.location (city, region, countryCode)
 *   headline             basics.label
 *   current_position     position / name of the current job: the work record
 *   current_organization   with a startDate and no endDate that started last
 *                          (first in document order on a tie); empty if none
 *   degree degree_field  studyType, area, institution and endDate year of
 *   degree_institution     the most recent education (by endDate, else
 *   degree_year            startDate; undated ones only when none is dated)
 *   linkedin github      the profile's url (else username) for that network,
 *   google_scholar orcid   matched by name or by url host
 *   website              basics.url
 *   skills               every skill name and keyword, joined "; "
 *   languages            every spoken language, joined "; "
 *   n_work n_education n_publications n_awards   record counts
 *   years_experience     months covered by the union of work intervals / 12,
 *                        rounded down to 0.1 ("4.5"). A year-only start is
 *                        January, a year-only end December; no endDate means
 *                        opts->today; ends are clamped to today; records
 *                        without a usable startDate are skipped; empty when
 *                        no dated work remains
 *   status warnings      from the row info
 * A NULL doc (a failed input) fills only source, status and warnings. */
#define CVX_CSV_COLUMNS                                                                            \
  "source,name,email,phone,city,region,country,headline,current_position,"                         \
  "current_organization,degree,degree_field,degree_institution,degree_year,linkedin,github,"       \
  "google_scholar,orcid,website,skills,languages,n_work,n_education,n_publications,n_awards,"      \
  "years_experience,status,warnings"

/* Appends the cvx.csv header line (with the BOM first in excel mode). o may
 * be NULL (defaults). The caller owns out. */
void cvx_emit_csv_header(const cvx_csv_opts *o, cvx_buf *out);
/* Appends one cvx.csv row for doc (NULL for an input that failed) and info
 * (may be NULL: everything derived from doc). Reads only; never fails. */
void cvx_emit_csv_row(const cvx_doc *doc, const cvx_csv_row_info *info, const cvx_csv_opts *o,
                      cvx_buf *out);

/* The long format, one row per field: source,section,entry,field,value,line.
 * section is the record kind's JSON Resume name ("work", "profiles", "news",
 * "sections"); entry numbers records of that kind from 1 in document order;
 * field is the key (list keys repeat, one row per item); line is the 1-based
 * source line where the value's span starts, empty for CVX_NOSPAN. */
#define CVX_ENTRIES_COLUMNS "source,section,entry,field,value,line"

/* Appends the entries.csv header line (BOM first in excel mode). */
void cvx_emit_entries_header(const cvx_csv_opts *o, cvx_buf *out);
/* Appends one row per field of every record of doc; nothing for a NULL doc.
 * Only info->source is used (NULL info or source: doc->src->path). */
void cvx_emit_entries_rows(const cvx_doc *doc, const cvx_csv_row_info *info, const cvx_csv_opts *o,
                           cvx_buf *out);

/* ------------------------------------------------------------ JSON Resume */

/* emit_json.c: the JSON Resume serializer's prototype goes here. */

/* The length of the C string s when it is valid UTF-8 as jansson checks it
 * (json_string(s) would succeed), else SIZE_MAX. Fast on ASCII. */
size_t cvx_json_utf8_len(const char *s);

#endif /* CVX_EMIT_H */
