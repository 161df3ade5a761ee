/* layout.c — the builder the binary document readers share: the source text
 * and the block stream grow together, so spans need no searching. */
#include "layout.h"

#include "utf8.h"

#include <stdlib.h>
#include <string.h>

void cvx_lb_init(cvx_lb *lb, cvx_arena *a, const char *format, size_t max) {
  memset(lb, 0, sizeof *lb);
  lb->a = a;
  lb->lay = cvx_arena_alloc(a, sizeof *lb->lay);
  lb->lay->format = format;
  lb->max = max;
  cvx_buf_init(&lb->text);
  cvx_buf_init(&lb->bt);
}

/* Appends to the text, checking the limit (whole sequences only). */
static bool text_put(cvx_lb *lb, const char *s, size_t n) {
  if (lb->full) return false;
  if (lb->text.len + n > lb->max) {
    lb->full = true;
    return false;
  }
  cvx_buf_put(&lb->text, s, n);
  return true;
}

/* b's length without the trailing bytes of set. */
static size_t trimmed(const cvx_buf *b, const char *set) {
  size_t k = b->len;
  while (k && strchr(set, b->ptr[k - 1])) k--;
  return k;
}

static bool at_line_start(const cvx_lb *lb) { return !lb->text.len || lb->text.ptr[lb->text.len - 1] == '\n'; }

void cvx_lb_page(cvx_lb *lb) {
  cvx_lb_end(lb);
  if (lb->text.len) {
    if (!at_line_start(lb)) (void)text_put(lb, "\n", 1);
    (void)text_put(lb, "\n", 1);
  }
  if (lb->npages == lb->cappages) {
    lb->cappages = lb->cappages ? lb->cappages * 2 : 16;
    lb->pages = cvx_xrealloc(lb->pages, lb->cappages * sizeof *lb->pages);
  }
  lb->pages[lb->npages++] = (uint32_t)lb->text.len;
}

void cvx_lb_page_carry(cvx_lb *lb) {
  if (!lb->open) {
    cvx_lb_page(lb);
    return;
  }
  if (!at_line_start(lb)) (void)text_put(lb, "\n", 1);
  if (lb->npages == lb->cappages) {
    lb->cappages = lb->cappages ? lb->cappages * 2 : 16;
    lb->pages = cvx_xrealloc(lb->pages, lb->cappages * sizeof *lb->pages);
  }
  lb->pages[lb->npages++] = (uint32_t)lb->text.len;
  lb->carry = true;
}

void cvx_lb_begin(cvx_lb *lb, cvx_blk_kind kind, int level, const char *marker) {
  cvx_lb_end(lb);
  lb->open = true;
  lb->kind = kind;
  lb->level = level;
  lb->marker = marker;
  lb->strong_len = 0;
  lb->bstarted = false;
  lb->nlinks = 0;
  cvx_buf_clear(&lb->bt);
}

void cvx_lb_raw(cvx_lb *lb, const char *s, size_t n) {
  char tmp[64];
  while (n) { /* markers are short; controls never reach the text */
    size_t k = n < sizeof tmp ? n : sizeof tmp;
    for (size_t i = 0; i < k; i++) tmp[i] = (unsigned char)s[i] < 0x20 ? ' ' : s[i];
    (void)text_put(lb, tmp, k);
    s += k;
    n -= k;
  }
}

void cvx_lb_put(cvx_lb *lb, const char *s, size_t n) {
  if (!lb->open) cvx_lb_begin(lb, CVX_BLK_PARA, 0, NULL);
  if (n) lb->carry = false;
  for (size_t i = 0; i < n && !lb->full;) {
    uint32_t cp;
    size_t k = cvx_utf8_decode(s, n, i, &cp);
    char enc[4];
    size_t el;
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) {
      enc[0] = ' ';
      el = 1;
    } else if (k == 1 && cp == 0xFFFD) {
      el = cvx_utf8_encode(enc, 0xFFFD);
    } else {
      memcpy(enc, s + i, k);
      el = k;
    }
    if (!lb->bstarted) {
      if (enc[0] == ' ' && el == 1) { /* a block starts at its first visible byte */
        (void)text_put(lb, " ", 1);
        i += k;
        continue;
      }
      lb->bstart = lb->text.len;
      lb->bstarted = true;
    }
    if (!text_put(lb, enc, el)) break;
    /* a run of blanks is one space in the block (as HTML shows it) */
    if (!(enc[0] == ' ' && el == 1 && lb->bt.len && strchr(" \n\t", lb->bt.ptr[lb->bt.len - 1])))
      cvx_buf_put(&lb->bt, enc, el);
    i += k;
  }
}

void cvx_lb_newline(cvx_lb *lb) {
  /* blanks at a line's end are the line's, not the block's */
  cvx_buf_truncate(&lb->bt, trimmed(&lb->bt, " "));
  (void)text_put(lb, "\n", 1);
  if (lb->open && lb->bt.len && lb->bt.ptr[lb->bt.len - 1] != '\n') cvx_buf_putc(&lb->bt, '\n');
}

void cvx_lb_join_hyphen(cvx_lb *lb) {
  cvx_buf_truncate(&lb->bt, trimmed(&lb->bt, " "));
  (void)text_put(lb, "\n", 1);
  if (!lb->open || !lb->bt.len) return;
  size_t k = lb->bt.len;
  if (lb->bt.ptr[k - 1] == '-') k--;
  else if (k >= 2 && (unsigned char)lb->bt.ptr[k - 2] == 0xC2 && (unsigned char)lb->bt.ptr[k - 1] == 0xAD) k -= 2;
  else if (k >= 3 && memcmp(lb->bt.ptr + k - 3, "\xe2\x80\x90", 3) == 0) k -= 3;
  cvx_buf_truncate(&lb->bt, k);
}

void cvx_lb_join_space(cvx_lb *lb) {
  cvx_buf_truncate(&lb->bt, trimmed(&lb->bt, " "));
  (void)text_put(lb, "\n", 1);
  if (lb->open && lb->bt.len && !strchr("\n\t", lb->bt.ptr[lb->bt.len - 1])) cvx_buf_putc(&lb->bt, ' ');
}

void cvx_lb_tab(cvx_lb *lb) {
  if (at_line_start(lb)) return;
  cvx_buf_truncate(&lb->bt, trimmed(&lb->bt, " "));
  if (!text_put(lb, "\t", 1)) return;
  if (lb->open && lb->bt.len && lb->bt.ptr[lb->bt.len - 1] != '\n' && lb->bt.ptr[lb->bt.len - 1] != '\t')
    cvx_buf_putc(&lb->bt, '\t');
}

void cvx_lb_strong(cvx_lb *lb) {
  size_t k = trimmed(&lb->bt, " \n\t"); /* the run, not the blank after it */
  if (lb->open && !lb->strong_len && k) lb->strong_len = k;
}

void cvx_lb_link_begin(cvx_lb *lb, const char *url) {
  if (!url || !*url) return;
  if (!lb->open) cvx_lb_begin(lb, CVX_BLK_PARA, 0, NULL);
  if (lb->nlinks == lb->caplinks) {
    lb->caplinks = lb->caplinks ? lb->caplinks * 2 : 8;
    lb->links = cvx_xrealloc(lb->links, lb->caplinks * sizeof *lb->links);
  }
  lb->links[lb->nlinks++] = (cvx_lb_link){lb->bt.len, lb->bt.len, (uint32_t)lb->text.len, (uint32_t)lb->text.len,
                                          cvx_arena_strdup(lb->a, url), true};
}

void cvx_lb_link_end(cvx_lb *lb) {
  for (size_t i = lb->nlinks; i-- > 0;)
    if (lb->links[i].open) {
      lb->links[i].open = false;
      lb->links[i].te = lb->bt.len;
      lb->links[i].e = (uint32_t)lb->text.len;
      return;
    }
}

void cvx_lb_end(cvx_lb *lb) {
  lb->carry = false;
  if (!lb->open) return;
  lb->open = false;
  for (size_t i = 0; i < lb->nlinks; i++)
    if (lb->links[i].open) cvx_lb_link_end(lb);
  cvx_buf_truncate(&lb->bt, trimmed(&lb->bt, " \n\t"));
  if (!lb->bt.len && !lb->nlinks) return;
  /* the span: from the first visible byte to the last one put */
  size_t s = lb->bstarted ? lb->bstart : lb->text.len, e = lb->text.len;
  while (e > s && (lb->text.ptr[e - 1] == '\n' || lb->text.ptr[e - 1] == ' ' || lb->text.ptr[e - 1] == '\t')) e--;
  cvx_block *b = cvx_blocks_push(lb->a, &lb->lay->blocks, lb->kind, lb->level, cvx_span_make(s, e));
  b->text = cvx_arena_strndup(lb->a, lb->bt.ptr, lb->bt.len);
  b->len = lb->bt.len;
  cvx_block_set_marker(b, lb->marker);
  /* the bold run may have ended in blanks that the block's end trimmed */
  if (lb->strong_len) cvx_block_set_strong(lb->a, b, (uint32_t)(lb->strong_len < b->len ? lb->strong_len : b->len));
  for (size_t i = 0; i < lb->nlinks; i++) {
    cvx_lb_link *l = &lb->links[i];
    size_t te = l->te < lb->bt.len ? l->te : lb->bt.len, ts = l->ts < te ? l->ts : te;
    uint32_t ls = l->s, le = l->e > l->s ? l->e : l->s;
    while (ls < le && (lb->text.ptr[ls] == ' ' || lb->text.ptr[ls] == '\n')) ls++;
    const char *text = cvx_arena_strndup(lb->a, lb->bt.ptr + ts, te - ts);
    cvx_links_add(lb->a, b, text, l->url, cvx_span_make(ls, le));
  }
  lb->nlinks = 0;
}

void cvx_lb_hidden_line(cvx_lb *lb, const char *s, size_t n) {
  /* a block carried over a page (cvx_lb_page_carry) stays open around it */
  bool carried = lb->open && lb->carry;
  bool was_started = lb->bstarted;
  size_t was_start = lb->bstart;
  if (!carried) cvx_lb_end(lb);
  if (!at_line_start(lb)) (void)text_put(lb, "\n", 1);
  size_t start = lb->text.len;
  cvx_buf save = lb->bt; /* put writes the block text too: keep it aside */
  cvx_buf_init(&lb->bt);
  lb->open = true;
  lb->bstarted = true;
  lb->bstart = start;
  cvx_lb_put(lb, s, n);
  lb->open = carried;
  lb->bstarted = was_started;
  lb->bstart = was_start;
  cvx_buf_free(&lb->bt);
  lb->bt = save;
  lb->carry = carried;
  size_t end = lb->text.len;
  (void)text_put(lb, "\n", 1);
  if (end > start) {
    if (lb->lay->nhidden == lb->caphidden) {
      size_t cap = lb->caphidden ? lb->caphidden * 2 : 16;
      lb->lay->hidden = cvx_arena_grow(lb->a, lb->lay->hidden, lb->lay->nhidden, cap, sizeof *lb->lay->hidden);
      lb->caphidden = cap;
    }
    lb->lay->hidden[lb->lay->nhidden++] = cvx_span_make(start, end);
  }
}

cvx_source *cvx_lb_finish(cvx_lb *lb, const char *path, size_t raw_size) {
  cvx_lb_end(lb);
  cvx_source *src = cvx_source_from_text(lb->a, path, lb->text.ptr, lb->text.len, raw_size);
  src->layout = lb->lay;
  if (lb->npages) {
    uint32_t *pages = cvx_arena_alloc(lb->a, lb->npages * sizeof *pages);
    memcpy(pages, lb->pages, lb->npages * sizeof *pages);
    src->pages = pages;
    src->npages = lb->npages;
  }
  cvx_lb_free(lb);
  return src;
}

void cvx_lb_free(cvx_lb *lb) {
  cvx_buf_free(&lb->text);
  cvx_buf_free(&lb->bt);
  free(lb->pages);
  free(lb->links);
  lb->pages = NULL;
  lb->links = NULL;
  lb->npages = lb->nlinks = lb->cappages = lb->caplinks = 0;
}

/* Page furniture is hidden in doc, so it is neither read nor unmapped. */
cvx_status cvx_layout_extract(const cvx_source *src, cvx_doc *doc, const char *origin) {
  cvx_layout *lay = src->layout;
  for (size_t i = 0; i < lay->nhidden; i++) cvx_doc_hide(doc, lay->hidden[i]);
  cvx_blocks bl = lay->blocks;
  lay->blocks = (cvx_blocks){0}; /* the interpreter reshapes them: once */
  return cvx_interpret(doc, &bl, origin);
}

