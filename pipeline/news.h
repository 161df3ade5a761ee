/* news.h — News/Updates items that only repeat a fact found elsewhere in the
 * CV (a paper in the publication list, an award, a job) are not entered twice. */
#ifndef CVX_NEWS_H
#define CVX_NEWS_H

#include "cvx.h"

/* Drops every CVX_REC_NEWS record whose summary restates a publication title,
 * an award title, or a job (organisation and position) of doc. Conservative:
 * a news item is kept unless the other entry's key words all appear in it. */
void cvx_news_dedupe(cvx_doc *doc);

#endif
