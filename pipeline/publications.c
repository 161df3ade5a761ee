/* publications.c — a publication entry read through the reference parser
 * (refparse.c): title, venue, date, authors, DOI, arXiv id, type; the
 * entry's own links win for the paper's url. */
#include "publications.h"

#include <string.h>

static bool http(const char *u) { return u && (strncmp(u, "http://", 7) == 0 || strncmp(u, "https://", 8) == 0); }

/* Adds key=value with the span of value inside within when it can be found. */
static void put(cvx_doc *doc, cvx_record *r, const char *key, const char *v, cvx_span within) {
  if (!v || !*v) return;
  cvx_span sp = cvx_span_valid(within) ? cvx_doc_locate(doc, within, v) : CVX_NOSPAN;
  cvx_record_add(doc, r, key, v, cvx_span_valid(sp) ? sp : within);
}

static bool has_ci(const char *s, const char *needle) {
  size_t m = strlen(needle);
  for (; s && *s; s++)
    if (strncasecmp(s, needle, m) == 0) return true;
  return false;
}

cvx_record *cvx_publication_from_ref(cvx_doc *doc, const cvx_ref *ref, const char *origin,
                                     cvx_span span) {
  if (!ref->title) return NULL;
  cvx_record *r = cvx_record_new(doc, CVX_REC_PUBLICATION, origin, span);
  if (!r) return NULL;
  put(doc, r, "name", ref->title, span);
  put(doc, r, "publisher", ref->container ? ref->container : ref->publisher, span);
  if (ref->issued) cvx_record_add(doc, r, "releaseDate", ref->issued, span);
  const char *url = NULL;
  if (ref->doi) url = cvx_arena_printf(doc->arena, "https://doi.org/%s", ref->doi);
  else if (ref->arxiv) url = cvx_arena_printf(doc->arena, "https://arxiv.org/abs/%s", ref->arxiv);
  else if (ref->url && http(ref->url)) url = ref->url;
  if (url) put(doc, r, "url", url, span);
  for (size_t i = 0; i < ref->nauthors; i++) {
    const cvx_ref_name *nm = &ref->authors[i];
    const char *v = nm->literal ? nm->literal
                    : nm->given ? cvx_arena_printf(doc->arena, "%s, %s", nm->family, nm->given)
                                : nm->family;
    cvx_record_add(doc, r, "authors", v, span);
  }
  if (ref->et_al && ref->nauthors) cvx_record_add(doc, r, "authors", "et al.", span);
  put(doc, r, "volume", ref->volume, span);
  put(doc, r, "issue", ref->issue, span);
  put(doc, r, "pages", ref->page, span);
  put(doc, r, "doi", ref->doi, span);
  put(doc, r, "arxiv", ref->arxiv, span);
  if (ref->type) cvx_record_add(doc, r, "type", ref->type, span);
  return r;
}

cvx_record *cvx_publication_add(cvx_doc *doc, const cvx_pub_input *in) {
  cvx_ref ref;
  cvx_ref_parse(doc->arena, in->text, in->len, &ref);
  /* a linked title of three words or more beats a guessed one */
  const cvx_link *tl = NULL;
  for (size_t i = 0; i < in->nlinks; i++) {
    const char *lt = in->links[i].text;
    if (!lt) continue;
    size_t w = 0;
    bool sp = true;
    for (const char *p = lt; *p; p++) {
      if (*p != ' ' && sp) w++;
      sp = *p == ' ';
    }
    if (w >= 3 && (!tl || strlen(lt) > strlen(tl->text))) tl = &in->links[i];
  }
  if (tl && (!ref.title || !strstr(tl->text, ref.title))) {
    /* "[Title](url). Venue, 2016.": what was read as the title is the venue */
    if (ref.title && !ref.container && !ref.publisher && strstr(in->text, tl->text) &&
        strstr(in->text, ref.title) > strstr(in->text, tl->text))
      ref.container = ref.title;
    ref.title = tl->text;
    /* names parsed from the title itself are no names */
    if (ref.nauthors && in->len && strstr(tl->text, ref.authors[0].family)) ref.nauthors = 0, ref.et_al = false;
  }
  if (!ref.title) return NULL;
  /* the entry's own links: DOI or arXiv first, then any web link */
  const cvx_link *best = NULL;
  for (size_t i = 0; i < in->nlinks; i++) {
    if (!http(in->links[i].url)) continue;
    if (strstr(in->links[i].url, "doi.org/") || strstr(in->links[i].url, "arxiv.org/")) {
      best = &in->links[i];
      break;
    }
    if (!best) best = &in->links[i];
  }
  if (best) {
    const char *u = best->url;
    const char *d = strstr(u, "doi.org/");
    if (d && !ref.doi) ref.doi = cvx_arena_strdup(doc->arena, d + 8);
    if (strstr(u, "arxiv.org/") && !ref.arxiv) {
      cvx_ref tmp;
      cvx_ref_parse(doc->arena, u, strlen(u), &tmp);
      ref.arxiv = tmp.arxiv;
      if (!ref.issued) ref.issued = tmp.issued;
    }
  }
  cvx_record *r = cvx_publication_from_ref(doc, &ref, in->origin, in->span);
  if (!r) return NULL;
  if (best) cvx_record_set(doc, r, "url", best->url, best->span);
  if (ref.type && !strcmp(ref.type, "preprint") && !has_ci(in->text, "arxiv") && !ref.arxiv)
    cvx_record_remove(r, "type");
  if (in->details) {
    const char *d = in->details;
    while (*d == ' ' || *d == '\n') d++;
    put(doc, r, "summary", d, in->span);
  }
  return r;
}
