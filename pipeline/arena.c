/* arena.c — the out-of-memory policy (cvx_x*) and the per-document arena:
 * bump allocation in chunks, everything freed at once. */
#include "cvx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(size_t n) {
  fprintf(stderr, "cvx: out of memory (%zu bytes)\n", n);
  abort();
}

void *cvx_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) oom(n);
  return p;
}

void *cvx_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) oom(n * size);
  return p;
}

void *cvx_xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) oom(n);
  return q;
}

char *cvx_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(cvx_xmalloc(n), s, n);
}

typedef struct chunk {
  struct chunk *prev;
  size_t size;
  bool single; /* holds one big block, which cvx_arena_give_back may free */
  _Alignas(max_align_t) unsigned char data[];
} chunk;

/* w (first, for cvx_arena_alloc_inline) is the unused room of head */
/* A heap block the arena took over (cvx_arena_adopt). */
typedef struct adopted {
  struct adopted *next;
  void *p;
} adopted;

struct cvx_arena {
  cvx_arena_window w;
  chunk *head;
  adopted *adopted;
  size_t chunk_size;
  size_t reserved;
};

#define ALIGN (sizeof(max_align_t))

static chunk *chunk_new(cvx_arena *a, size_t min) {
  size_t size = a->chunk_size > min ? a->chunk_size : min;
  if (size > SIZE_MAX - sizeof(chunk)) oom(size);
  chunk *c = cvx_xmalloc(sizeof(chunk) + size);
  c->prev = a->head;
  c->size = size;
  c->single = false;
#ifdef CVX_ARENA_POISON
  memset(c->data, 0xA5, size); /* debug builds: a read past a text's end meets no NUL */
#endif
  a->head = c;
  a->w.next = c->data;
  a->w.end = c->data + size;
  a->reserved += sizeof(chunk) + size;
  return c;
}

cvx_arena *cvx_arena_new(size_t chunk_size) {
  cvx_arena *a = cvx_xcalloc(1, sizeof *a);
  a->chunk_size = chunk_size < 1024 ? 1024 : chunk_size;
  return a;
}

/* A block of n bytes (n already rounded to ALIGN) that the current chunk
 * has no room for, cleared when zero is set (else the caller writes every
 * byte). */
static void *alloc_slow(cvx_arena *a, size_t n, bool zero) {
  chunk *c = a->head;
  /* big requests get a chunk of their own so the current one keeps filling */
  if (n > a->chunk_size / 4 && c) {
    chunk *big = cvx_xmalloc(sizeof(chunk) + n);
    big->size = n;
    big->single = true;
    big->prev = c->prev;
    c->prev = big;
    a->reserved += sizeof(chunk) + n;
    if (zero) memset(big->data, 0, n);
    return big->data;
  }
  c = chunk_new(a, n);
  a->w.next += n;
  if (zero) memset(c->data, 0, n);
  return c->data;
}

/* Room left in the current chunk (0 before the first one). */
static inline size_t room_of(const cvx_arena *a) { return (size_t)((uintptr_t)a->w.end - (uintptr_t)a->w.next); }

void *(cvx_arena_alloc)(cvx_arena *a, size_t n) {
  if (n > SIZE_MAX - ALIGN) oom(n);
  n = (n + ALIGN - 1) & ~(ALIGN - 1);
  if (n == 0) n = ALIGN;
  size_t room = room_of(a);
  if (room < n) return alloc_slow(a, n, true);
  unsigned char *p = a->w.next;
  /* a small block is zeroed by a fixed-size (inlined) clear that may run
   * into the chunk's unused room, which no block holds yet */
  if (n <= 64 && room >= 64)
    memset(p, 0, 64);
  else if (n <= 256 && room >= 256)
    for (size_t k = 0; k < n; k += 64) memset(p + k, 0, 64);
  else
    memset(p, 0, n);
  a->w.next = p + n;
  return p;
}

/* The copy is never cleared first: every byte of it is written. */
char *(cvx_arena_strndup)(cvx_arena *a, const char *s, size_t n) {
  if (n >= SIZE_MAX - ALIGN) oom(n);
  char *p;
  if (room_of(a) >= n + 1) { /* packed down from the end of the room: no alignment */
    a->w.end -= n + 1;
    p = (char *)a->w.end;
  } else {
    p = alloc_slow(a, (n + 1 + ALIGN - 1) & ~(ALIGN - 1), false);
  }
  if (n) memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

char *cvx_arena_strdup(cvx_arena *a, const char *s) { return cvx_arena_strndup(a, s, strlen(s)); }

char *cvx_arena_printf(cvx_arena *a, const char *fmt, ...) {
  /* formatted once into a small block; only a longer text is formatted again */
  char small[256];
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  if ((size_t)n < sizeof small) {
    va_end(ap2);
    return cvx_arena_strndup(a, small, (size_t)n);
  }
  char *p = cvx_arena_alloc(a, (size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return p;
}

bool cvx_arena_give_back(cvx_arena *a, void *p) {
  if (!a || !p || !a->head) return false;
  /* big blocks sit under the current chunk, newest first: the search is short */
  for (chunk **pp = &a->head->prev; *pp; pp = &(*pp)->prev) {
    chunk *c = *pp;
    if (c->data != p) continue;
    if (!c->single) return false;
    *pp = c->prev;
    a->reserved -= sizeof(chunk) + c->size;
    free(c);
    return true;
  }
  return false;
}

void *cvx_arena_grow(cvx_arena *a, void *old, size_t old_n, size_t new_n, size_t elem) {
  if (new_n && elem > SIZE_MAX / new_n) oom(SIZE_MAX);
  void *p = cvx_arena_alloc(a, new_n * elem);
  if (old && old_n) {
    memcpy(p, old, (old_n < new_n ? old_n : new_n) * elem);
    /* only a block bigger than a quarter chunk can have a chunk of its own:
     * the old copy of a big array is freed, not left behind at each doubling */
    if (old_n * elem > a->chunk_size / 4) cvx_arena_give_back(a, old);
  }
  return p;
}

size_t cvx_arena_bytes(const cvx_arena *a) { return a->reserved; }

void cvx_arena_adopt(cvx_arena *a, void *p, size_t n) {
  if (!p) return;
  adopted *ad = cvx_arena_alloc(a, sizeof *ad); /* may add a chunk: before p is counted */
  ad->p = p;
  ad->next = a->adopted;
  a->adopted = ad;
  a->reserved += n;
}

void cvx_arena_free(cvx_arena *a) {
  if (!a) return;
  for (adopted *ad = a->adopted; ad; ad = ad->next) free(ad->p); /* the records live in chunks */
  chunk *c = a->head;
  while (c) {
    chunk *p = c->prev;
    free(c);
    c = p;
  }
  free(a);
}

const char *cvx_status_str(cvx_status st) {
  switch (st) {
  case CVX_OK: return "ok";
  case CVX_EIO: return "i/o error";
  case CVX_ELIMIT: return "limit exceeded";
  case CVX_EBINARY: return "binary file";
  case CVX_EPARSE: return "parse error";
  case CVX_EINVAL: return "invalid argument";
  }
  return "unknown status";
}
