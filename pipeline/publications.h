/* publications.h — one publication entry (a full reference string, a short
 * CV line, a Markdown bullet with links) read into a publication record. The
 * interpreter hands every entry of a Publications section to this one door. */
#ifndef CVX_PUBLICATIONS_H
#define CVX_PUBLICATIONS_H

#include "blocks.h"
#include "refparse.h"

typedef struct cvx_pub_input {
  const char *text;      /* the entry's visible text; its lines joined by '\n' */
  size_t len;
  const char *details;   /* text of nested lines (notes, abstracts), or NULL */
  const cvx_link *links; /* links inside the entry */
  size_t nlinks;
  cvx_span span;         /* the entry in the source */
  const char *origin;    /* extractor name for the record */
} cvx_pub_input;

/* Adds a CVX_REC_PUBLICATION record for the entry: name (title), publisher
 * (venue), releaseDate, url (DOI, arXiv, paper link), authors, doi, arxiv,
 * type. Returns the record, or NULL when no title could be found (the text
 * then stays visible as unmapped text). Never invents an author. */
cvx_record *cvx_publication_add(cvx_doc *doc, const cvx_pub_input *in);

/* Adds a CVX_REC_PUBLICATION record holding a parsed reference's fields
 * (authors as "Family, Given", "et al." last when the list said so; url from
 * the DOI, else arXiv, else the link). Every value gets span. Returns the
 * record, or NULL when the reference has no title or the document is full. */
cvx_record *cvx_publication_from_ref(cvx_doc *doc, const cvx_ref *ref, const char *origin,
                                     cvx_span span);

#endif
