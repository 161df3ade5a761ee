/* blocks.c — building the block stream the body extractors hand to the interpreter. */
#include "blocks.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_RUN 64
_Static_assert(sizeof(void *) != 8 || sizeof(cvx_block) == 40, "a block is 40 bytes on a 64-bit machine");
_Static_assert(CVX_BLK_RULE < 8, "a block kind fits in 3 bits");

cvx_block *cvx_blocks_add(cvx_doc *doc, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span) {
  return cvx_blocks_push(doc->arena, bl, kind, level, span);
}

void cvx_block_link(cvx_doc *doc, cvx_block *b, const char *text, const char *url, cvx_span span) {
  cvx_links_add(doc->arena, b, text, url, span);
}

cvx_block *cvx_blocks_push(cvx_arena *a, cvx_blocks *bl, cvx_blk_kind kind, int level, cvx_span span) {
  /* blocks are taken from the arena 64 at a time, so that each costs its
   * size and not that rounded up to the arena's alignment */
  if (!bl->nroom) {
    bl->room = cvx_arena_alloc(a, BLOCK_RUN * sizeof *bl->room);
    bl->nroom = BLOCK_RUN;
  }
  cvx_block *b = bl->room++;
  bl->nroom--;
  b->kind = kind;
  b->level = level;
  b->span = span;
  b->text = "";
  if (bl->tail)
    bl->tail->next = b;
  else
    bl->head = b;
  bl->tail = b;
  bl->n++;
  return b;
}

void cvx_links_add(cvx_arena *a, cvx_block *b, const char *text, const char *url, cvx_span span) {
  if (!url) return;
  uint32_t n = cvx_block_nlinks(b);
  cvx_link *links = cvx_arena_grow(a, (void *)(uintptr_t)cvx_block_links(b), n, n + 1, sizeof *links);
  links[n] = (cvx_link){cvx_arena_strdup(a, text ? text : ""), cvx_arena_strdup(a, url), span};
  cvx_block_set_links(a, b, links, n + 1);
}

/* b's extra part with links and bold run as given: NULL when both are none. */
static void set_x(cvx_arena *a, cvx_block *b, cvx_link *links, uint32_t n, uint32_t strong_len) {
  if (!n && !strong_len) {
    b->x = NULL;
    return;
  }
  if (b->x && b->x->links == links && b->x->nlinks == n && b->x->strong_len == strong_len) return;
  cvx_block_x *x = cvx_arena_alloc(a, sizeof *x);
  *x = (cvx_block_x){n ? links : NULL, n, strong_len};
  b->x = x;
}

void cvx_block_set_links(cvx_arena *a, cvx_block *b, cvx_link *links, uint32_t n) {
  set_x(a, b, links, n, cvx_block_strong(b));
}

void cvx_block_set_strong(cvx_arena *a, cvx_block *b, uint32_t strong_len) {
  set_x(a, b, b->x ? b->x->links : NULL, cvx_block_nlinks(b), strong_len);
}

/* ---------------------------------------------------------------- markers */

/* Codes: 0 none; 1..NSTATIC the bullets below; bit 19 set: a number N
 * (bits 0..16, written without leading zeros) in one of four forms (bits 17
 * and 18: "N.", "N)", "(N)", "[N]"); else 1 + NSTATIC + the index of a
 * marker kept in the process's table; MARKER_LOST past its room. */
static const char *const static_markers[] = {
    "", "-", "*", "+", "o", ">", "\xE2\x80\xA2" /* • */, "\xE2\x80\x93" /* – */, "\xE2\x80\x94" /* — */,
    "\xE2\x97\xA6" /* ◦ */, "\xE2\x96\xAA" /* ▪ */, "\xC2\xB7" /* · */, "\xE2\x80\xA3" /* ‣ */,
    "\xE2\x81\x83" /* ⁃ */, "\xE2\x96\xA0" /* ■ */, "\xE2\x97\x8F" /* ● */, "\xE2\x9E\xA2" /* ➢ */,
    "\xE2\x9C\x93" /* ✓ */, "\xEF\x82\xA7" /* a PDF's private-use bullet */, "\xEF\x82\xB7",
};
enum {
  NSTATIC = (int)(sizeof static_markers / sizeof *static_markers),
  MARKER_NUM = 1 << 19,
  MARKER_NUM_MAX = 1 << 17,
  KEPT_MAX = 65536,
  KEPT_LEN = 32,
  KEPT_SLOTS = 2 * KEPT_MAX,
  MARKER_LOST = (1 << 19) - 1
};
_Static_assert(1 + NSTATIC + KEPT_MAX < MARKER_LOST, "marker codes overlap");

static const char *const num_forms[4][2] = {{"", "."}, {"", ")"}, {"(", ")"}, {"[", "]"}};

/* The process's other markers: a table filled under a lock, never emptied
 * (bounded: KEPT_MAX strings of under KEPT_LEN bytes). */
static pthread_mutex_t kept_mu = PTHREAD_MUTEX_INITIALIZER;
static char (*kept)[KEPT_LEN];  /* by index */
static uint32_t *kept_slots;    /* hash slots: index + 1, 0 = empty */
static uint32_t nkept;

static uint32_t number_code(const char *m, size_t n) {
  for (unsigned f = 0; f < 4; f++) {
    size_t pl = strlen(num_forms[f][0]);
    if (n < pl + 2 || memcmp(m, num_forms[f][0], pl) != 0 || m[n - 1] != num_forms[f][1][0]) continue;
    const char *d = m + pl, *e = m + n - 1;
    if (e - d > 6 || (*d == '0' && e - d > 1)) continue;
    uint32_t v = 0;
    const char *q = d;
    for (; q < e && *q >= '0' && *q <= '9'; q++) v = v * 10 + (uint32_t)(*q - '0');
    if (q == e && v < MARKER_NUM_MAX) return MARKER_NUM | f << 17 | v;
  }
  return 0;
}

static uint32_t kept_code(const char *m, size_t n) {
  if (n >= KEPT_LEN) return MARKER_LOST;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)m[i]) * 16777619u;
  uint32_t code = MARKER_LOST;
  pthread_mutex_lock(&kept_mu);
  if (!kept) {
    kept = malloc(sizeof *kept * KEPT_MAX);
    kept_slots = calloc(KEPT_SLOTS, sizeof *kept_slots);
  }
  if (kept && kept_slots) {
    for (uint32_t i = h % KEPT_SLOTS;; i = (i + 1) % KEPT_SLOTS) {
      uint32_t k = kept_slots[i];
      if (!k) {
        if (nkept < KEPT_MAX) {
          memcpy(kept[nkept], m, n);
          kept[nkept][n] = '\0';
          kept_slots[i] = ++nkept;
          code = (uint32_t)NSTATIC + nkept;
        }
        break;
      }
      if (strncmp(kept[k - 1], m, n) == 0 && kept[k - 1][n] == '\0') {
        code = (uint32_t)NSTATIC + k;
        break;
      }
    }
  }
  pthread_mutex_unlock(&kept_mu);
  return code;
}

void cvx_block_set_marker(cvx_block *b, const char *m) {
  if (!m) {
    b->marker = 0;
    return;
  }
  size_t n = strlen(m);
  for (int i = 0; i < NSTATIC; i++)
    if (strcmp(m, static_markers[i]) == 0) {
      b->marker = (unsigned)i + 1;
      return;
    }
  uint32_t c = number_code(m, n);
  b->marker = c ? c : kept_code(m, n);
}

const char *cvx_block_marker(const cvx_block *b, char buf[CVX_MARKER_MAX]) {
  uint32_t c = b->marker;
  if (!c) return NULL;
  if (c & MARKER_NUM) {
    const char *const *f = num_forms[(c >> 17) & 3];
    snprintf(buf, CVX_MARKER_MAX, "%s%u%s", f[0], (unsigned)(c & (MARKER_NUM_MAX - 1)), f[1]);
    return buf;
  }
  if (c <= (uint32_t)NSTATIC) return static_markers[c - 1];
  if (c == MARKER_LOST) return "?";
  const char *s = NULL;
  pthread_mutex_lock(&kept_mu); /* the table's address is set under it */
  s = kept[c - 1 - NSTATIC];
  pthread_mutex_unlock(&kept_mu);
  return s;
}

/* ------------------------------------------------- texts in the source */

bool cvx_block_text_in_source(cvx_doc *doc, cvx_block *b, const char *t, size_t n, size_t end) {
  const cvx_source *src = doc->src;
  if (!n || n > UINT32_MAX || src->layout || doc->section_sink || doc->entry_sink || doc->field_sink) return false;
  if (end > src->len || end < n || (end < src->len && src->text[end] != '\n')) return false;
  const char *at = src->text + (end - n);
  if (memcmp(at, t, n) != 0) return false;
  b->text = at;
  b->len = (uint32_t)n;
  b->in_source = 1;
  return true;
}

void cvx_blocks_seal(cvx_doc *doc, cvx_blocks *bl) {
  char *text = (char *)(uintptr_t)doc->src->text;
  size_t len = doc->src->len;
  /* a NUL must never fall inside another text in the source: one that does
   * not start after the one before it ends (out of order, overlapping) is
   * copied, before anything is sealed */
  size_t after = 0;
  bool first = true;
  for (cvx_block *b = bl->head; b; b = b->next) {
    if (!b->in_source) continue;
    size_t start = (size_t)(b->text - text);
    if (!first && start <= after) {
      b->text = cvx_arena_strndup(doc->arena, b->text, b->len);
      b->in_source = 0;
      continue;
    }
    after = start + b->len;
    first = false;
  }
  for (cvx_block *b = bl->head; b; b = b->next) {
    if (!b->in_source) continue;
    size_t end = (size_t)(b->text - text) + b->len;
    if (end < len && text[end] == '\n') {
      text[end] = '\0';
      doc->sealed++;
    }
  }
}

/* Turns the NULs of s[0,n) back into '\n's: s had none before sealing (a
 * text source with a NUL is refused as binary). */
static void unseal(char *s, size_t n) {
  for (char *p = s, *e = s + n; p < e && (p = memchr(p, '\0', (size_t)(e - p))) != NULL; p++) *p = '\n';
}

void cvx_doc_unseal(cvx_doc *doc) {
  if (!doc->sealed) return;
  char *text = (char *)(uintptr_t)doc->src->text;
  unseal(text, doc->src->len);
  /* a view owned after sealing was copied with the NULs */
  if (doc->view_owned && doc->view && doc->view != text) unseal(doc->view, doc->src->len);
  doc->sealed = 0;
}
