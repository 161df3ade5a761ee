/* sections.h — private helpers of the section-heading classifier beyond the
 * cvx_section_classify contract in grammar.h. */
#ifndef CVX_SECTIONS_H
#define CVX_SECTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "cvx.h"

/* True when the heading s[0,n) names a talks section ("Talks", "Invited talks",
 * "Conference presentations", "Vorträge", "学术报告"). Such headings classify as
 * CVX_REC_PROJECT; the caller marks their entries type "talk". Never reads
 * outside s[0,n). */
bool cvx_section_is_talks(const char *heading, size_t n);

/* True when the heading s[0,n) names a section but ends in a word that is in
 * no word list: "Software Engineering", "Education Policy" (a field or a
 * course named with a section word), not "Work Experience" nor
 * "Contributions and Achievements". */
bool cvx_section_tail_unknown(const char *heading, size_t n);

/* True when the heading s[0,n) names a section, holds a wording of the given
 * kind and a word in no word list besides: "Travel Award", "Best
 * Presentation Award" (an entry or a group named with a section word), not
 * "Awards" nor "Honors and Awards". */
bool cvx_section_names_more(const char *heading, size_t n, cvx_rec_kind kind);

/* True when the heading s[0,n) names a section in words of the word lists
 * only: "Awards", "Work Experience", not "Ashby Works Council". */
bool cvx_section_pure(const char *heading, size_t n);

/* Whether a few words hold a pronoun, a question word or an article: a
 * phrase someone wrote ("Where I Have Been Employed", "What I Made"), which
 * the name of a firm, a school or a product seldom is. */
bool cvx_heading_phrase(const char *s, size_t n);

/* True when the line s[0,n) ends in a word after which it cannot end a
 * heading or a title: it leads into what follows ("Extensive experience
 * with:", "CAD software such as"). */
bool cvx_ends_open(const char *s, size_t n);

/* True when the line s[0,n) labels a part of one entry ("Responsibilities",
 * "Key achievements", "ROLES AND RESPONSIBILITIES", "Основные обязанности"):
 * label words, with words that qualify or join them, five words at most. */
bool cvx_entry_part_label(const char *s, size_t n);

/* The length of a label in capitals that opens line s[0,n) in place of a
 * colon ("TEAM SIZE 20", "CLIENT Example Bank"): words of an entry's details
 * in capitals over a value that is not; 0 when there is none. */
size_t cvx_caps_label(const char *s, size_t n);

/* What the label of a "Label: value" line in an entry names, by its words:
 * "Designation", "Company Name", "Name and address of employer", "Occupation
 * or position held", "Title of qualification awarded", "Year of Passing",
 * "Main activities and responsibilities". Every word of the label is a word
 * of a field or one that qualifies or joins them (six words at most); the
 * strongest field named wins (an employer over its address, a qualification
 * over a title). */
typedef enum cvx_label_slot {
  CVX_FL_NONE, CVX_FL_ORG, CVX_FL_SCHOOL, CVX_FL_DEGREE, CVX_FL_POSITION, CVX_FL_FIELD, CVX_FL_GRADE,
  CVX_FL_DATES, CVX_FL_PLACE, CVX_FL_DUTIES
} cvx_label_slot;
cvx_label_slot cvx_entry_field_label(const char *s, size_t n);

#endif /* CVX_SECTIONS_H */
