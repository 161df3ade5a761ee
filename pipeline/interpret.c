/* interpret.c — from a block stream to records: the person block at the top,
 * sections by heading, entries by section kind. Markdown and plain text both
 * arrive here, so an entry line is read the same way whatever its format. */
#include "blocks.h"
#include "entryseg.h"
#include "fieldlabel.h"
#include "grammar.h"
#include "places.h"
#include "prose.h"
#include "publications.h"
#include "secvote.h"
#include "sections.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ text pieces */

typedef struct piece {
  const char *s;
  size_t n;
} piece;

static bool is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Characters that frame a piece without being part of it. */
static bool is_frame(const char *s, size_t n, size_t i, size_t *clen) {
  unsigned char c = (unsigned char)s[i];
  *clen = 1;
  switch (c) { /* the set " \t\n,;:|*_#>~`=" and NUL, as strchr on it matched */
  case 0: case ' ': case '\t': case '\n': case ',': case ';': case ':': case '|': case '*':
  case '_': case '#': case '>': case '~': case '`': case '=':
    return true;
  default:
    break;
  }
  if (c == '-' && !(i + 1 < n && isalnum((unsigned char)s[i + 1]) && i > 0 &&
                    isalnum((unsigned char)s[i - 1])))
    return true;
  /* U+2013 – U+2014 — U+2022 • U+00B7 · U+25AA ▪ U+2012 ‒ */
  if (c == 0xE2 && i + 2 < n + 0 && i + 2 < n) {
    unsigned char c1 = (unsigned char)s[i + 1], c2 = (unsigned char)s[i + 2];
    if (c1 == 0x80 && (c2 == 0x93 || c2 == 0x94 || c2 == 0xA2 || c2 == 0x92)) {
      *clen = 3;
      return true;
    }
    if (c1 == 0x96 && c2 == 0xAA) {
      *clen = 3;
      return true;
    }
  }
  if (c == 0xC2 && i + 1 < n && ((unsigned char)s[i + 1] == 0xB7 || (unsigned char)s[i + 1] == 0xA0)) {
    *clen = 2; /* (and U+00A0, a space that does not break) */
    return true;
  }
  return false;
}

static bool ascii_alnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The first c found in a shrinking piece, so each byte is searched once
 * (a piece of 1,000,000 '[' once cost a search per bracket trimmed). */
typedef struct first_seen {
  const char *at; /* the first c at or after where the last search began */
  bool none;      /* no c at all: stays true as the piece only shrinks */
} first_seen;

/* True when c is not in p (p within the piece the earlier calls saw). */
static bool lacks(piece p, char c, first_seen *f) {
  if (f->none) return true;
  if (f->at && f->at >= p.s) { /* nothing before it: present unless cut off the end */
    if (f->at < p.s + p.n) return false;
    f->none = true;
    return true;
  }
  f->at = memchr(p.s, c, p.n);
  f->none = f->at == NULL;
  return f->none;
}

/* Trims framing punctuation from both ends and unbalanced brackets. */
static piece trim_piece(piece p) {
  /* a letter or digit at both ends: nothing frames it (the usual piece) */
  if (!p.n || (ascii_alnum((unsigned char)p.s[0]) && ascii_alnum((unsigned char)p.s[p.n - 1]))) return p;
  first_seen seen[4] = {{NULL, false}, {NULL, false}, {NULL, false}, {NULL, false}}; /* ) ] ( [ */
  for (;;) {
    bool changed = false;
    size_t cl;
    /* an ASCII letter or digit never frames: the usual ends cost no call */
    while (p.n && !ascii_alnum((unsigned char)p.s[0]) && is_frame(p.s, p.n, 0, &cl) && cl <= p.n) {
      p.s += cl;
      p.n -= cl;
      changed = true;
    }
    while (p.n && !ascii_alnum((unsigned char)p.s[p.n - 1])) {
      /* find the start of the last character */
      size_t k = p.n - 1;
      while (k > 0 && ((unsigned char)p.s[k] & 0xC0) == 0x80) k--;
      /* (a "#" a letter wears is a name's: "C#", "F#") */
      if (p.s[k] == '#' && k > 0 && isalpha((unsigned char)p.s[k - 1])) break;
      if (is_frame(p.s, p.n, k, &cl) && k + cl == p.n) {
        p.n = k;
        changed = true;
      } else {
        break;
      }
    }
    /* a bracket that closes at the start or opens at the end frames nothing */
    if (p.n && (p.s[0] == ']' || p.s[0] == ')')) {
      p.s++, p.n--;
      changed = true;
    }
    if (p.n && (p.s[p.n - 1] == '[' || p.s[p.n - 1] == '(')) {
      p.n--;
      changed = true;
    }
    /* unbalanced brackets at the ends */
    if (p.n && (p.s[0] == '(' || p.s[0] == '[')) {
      char close = p.s[0] == '(' ? ')' : ']';
      if (lacks(p, close, &seen[close == ')' ? 0 : 1])) {
        p.s++, p.n--;
        changed = true;
      } else if (p.s[p.n - 1] == close) {
        p.s++, p.n -= 2;
        changed = true;
      }
    }
    if (p.n && (p.s[p.n - 1] == ')' || p.s[p.n - 1] == ']')) {
      char open = p.s[p.n - 1] == ')' ? '(' : '[';
      if (lacks(p, open, &seen[open == '(' ? 2 : 3])) {
        p.n--;
        changed = true;
      }
    }
    if (p.n && p.s[p.n - 1] == '.' && !(p.n >= 2 && isupper((unsigned char)p.s[p.n - 2]) &&
                                         (p.n == 2 || p.s[p.n - 3] == ' ' || p.s[p.n - 3] == '.'))) {
      /* a sentence full stop, not an abbreviation like "Inc." or "L.L.C." */
      int f = p.n >= 4 ? tolower((unsigned char)p.s[p.n - 4]) : 0; /* the first letter without a call */
      if (!(p.n >= 4 && ((f == 'i' && strncasecmp(p.s + p.n - 4, "inc.", 4) == 0) ||
                         (f == 'l' && strncasecmp(p.s + p.n - 4, "ltd.", 4) == 0) ||
                         (f == 'c' && strncasecmp(p.s + p.n - 4, "co.", 3) == 0)))) {
        p.n--;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return p;
}

static int count_words(const char *s, size_t n) {
  int w = 0;
  bool in = false;
  for (size_t i = 0; i < n; i++) {
    if (is_ws((unsigned char)s[i])) {
      in = false;
    } else if (!in) {
      in = true;
      w++;
    }
  }
  return w;
}

/* count_words(s, n) > k, reading no further than the word that decides it. */
static bool words_over(const char *s, size_t n, int k) {
  int w = 0;
  size_t i = 0;
  for (;;) { /* a run of spaces, then a word */
    while (i < n && is_ws((unsigned char)s[i])) i++;
    if (i == n) return false;
    if (++w > k) return true;
    while (i < n && !is_ws((unsigned char)s[i])) i++;
  }
}

static bool has_alnum(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80) return true;
  return false;
}

static bool starts_ci(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  return n >= m && strncasecmp(s, w, m) == 0;
}

/* Replaces s[a,b) with newlines so later splitting treats it as a boundary. */
static void cut(char *s, size_t a, size_t b) {
  for (size_t i = a; i < b; i++) s[i] = '\n';
}

/* True when s starts with a company-form suffix that belongs to the name
 * before its comma: "Halcyon Devices, Inc.", "Acme, LLC", "Foo, Ltd". */
static bool company_suffix(const char *s, size_t n) {
  static const char *const forms[] = {"Inc.", "Inc", "LLC", "L.L.C.", "Ltd.", "Ltd", "GmbH", "Corp.",
                                      "Corp", "Co.", "S.A.", "AG", "PLC", "plc", "LLP", "B.V.", NULL};
  if (!n) return false;
  for (int k = 0; forms[k]; k++) {
    if (s[0] != forms[k][0]) continue; /* most forms differ at once: no strlen, no memcmp */
    size_t m = strlen(forms[k]);
    if (n >= m && memcmp(s, forms[k], m) == 0 &&
        (n == m || !(isalnum((unsigned char)s[m]) || (unsigned char)s[m] >= 0x80)))
      return true;
  }
  return false;
}

#define MAX_SEGS 32
/* A paragraph this long is running prose: its facts go to the prose reader. */
#define PROSE_WORDS 15
/* True when s[0,n) has PROSE_WORDS words of running prose, each CJK
 * character counting as one (CJK prose has no spaces between words); reads
 * no further than needed. */
static bool is_prose(const char *s, size_t n) {
  if (words_over(s, n, PROSE_WORDS - 1)) return true;
  int w = count_words(s, n);
  for (size_t i = 0; i + 2 < n; i++)
    if ((unsigned char)s[i] >= 0xE4 && (unsigned char)s[i] <= 0xE9 && ++w >= PROSE_WORDS) return true;
  return false;
}

/* The lead byte of a three-byte UTF-8 character in the CJK blocks
 * (U+3000 to U+9FFF: punctuation, kana, ideographs)? */
static bool cjk_lead(unsigned char c) { return c >= 0xE3 && c <= 0xE9; }

/* The words that join a role to its organisation ("Engineer at Initech"),
 * in English, German, French and Russian, spaces included. */
static const char *const role_joins[] = {" at ", " @ ", " \xd0\xb2 ", " chez ", " bei ", NULL};

/* The length of the role_joins word at s[i], or 0. */
static size_t role_join_at(const char *s, size_t n, size_t i) {
  for (int j = 0; role_joins[j]; j++) {
    size_t jl = strlen(role_joins[j]);
    if (i + jl <= n && memcmp(s + i, role_joins[j], jl) == 0) return jl;
  }
  return 0;
}

/* Whether a capital follows a letter inside p: an acronym or a brand
 * ("DLR", "GitHub", "VeritasU"), not a town's name. */
static bool inner_capital(piece p) {
  for (size_t q = 0; q + 1 < p.n; q++)
    if (isupper((unsigned char)p.s[q + 1]) && isalpha((unsigned char)p.s[q])) return true;
  return false;
}

/* Where the quotation opened by the mark at s[i] closes on its line: the
 * index of the closing mark, or 0 when it does not close there. A plain
 * '"' closes at the next one; “ at its matching ”, quotations inside it
 * counted. */
static size_t quote_close(const char *s, size_t n, size_t i) {
  if (s[i] == '"') {
    for (size_t k = i + 1; k < n && s[k] != '\n'; k++)
      if (s[k] == '"') return k;
    return 0;
  }
  int depth = 0;
  for (size_t k = i; k + 2 < n && s[k] != '\n'; k++) {
    if ((unsigned char)s[k] != 0xE2 || (unsigned char)s[k + 1] != 0x80) continue;
    if ((unsigned char)s[k + 2] == 0x9C) depth++;
    else if ((unsigned char)s[k + 2] == 0x9D && --depth == 0) return k;
  }
  return 0;
}

/* Splits s[0,n) into pieces at entry separators: newlines, ", ", " | ",
 * spaced dashes and bullets, " · ", "; ", ": ", parentheses, " / ", a space
 * between two CJK characters and (when `at`) the role_joins words. Inside
 * a quotation closed on its line ("Workshop: bridging theory and
 * practice", “Data, models: a survey”) a comma, semicolon or colon does not
 * split: a quoted name keeps them. */
static int split_segments(const char *s, size_t n, bool at, piece *out, int max) {
  /* the bytes a separator can start with; every other byte is skipped at once */
  static const bool may_sep[256] = {['\n'] = true, ['\t'] = true, ['('] = true, [')'] = true,
                                    ['['] = true,  [']'] = true,  [','] = true, [';'] = true,
                                    [':'] = true,  [' '] = true,  ['"'] = true, [0xE2] = true};
  int k = 0;
  size_t st = 0;
  int depth = 0;
  /* the closing marks of the plain and the curly quotation s[i] is in
   * (inside while i is below them; each found once, when it opens) */
  size_t plain_end = 0, curly_end = 0;
  for (size_t i = 0; i <= n && k < max; i++) {
    if (i < n && !may_sep[(unsigned char)s[i]]) continue;
    if (i < n && s[i] == '"') {
      if (i > plain_end || !plain_end) plain_end = quote_close(s, n, i);
      continue;
    }
    if (i < n && (unsigned char)s[i] == 0xE2) {
      if (i + 2 < n && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x9C && i >= curly_end)
        curly_end = quote_close(s, n, i);
      continue;
    }
    size_t sep = 0;
    if (i == n) {
      sep = 1;
    } else {
      unsigned char c = (unsigned char)s[i];
      if (c == '\n' || c == '\t' || c == '(' || c == ')' || c == '[' || c == ']') {
        sep = 1;
        if (c == '(') depth++;
        if (c == ')' && depth) depth--;
      } else if ((c == ',' || c == ';' || c == ':') && (i < plain_end || i < curly_end)) {
        /* (no break inside a quoted name) */
      } else if ((c == ',' || c == ';') && i + 1 < n && s[i + 1] == ' ' &&
                 !(c == ',' && company_suffix(s + i + 2, n - i - 2))) {
        sep = 1;
      } else if ((c == ',' || c == ';') && i + 2 < n && (unsigned char)s[i + 1] == 0xC2 &&
                 (unsigned char)s[i + 2] == 0xA0 && !(c == ',' && company_suffix(s + i + 3, n - i - 3))) {
        sep = 1; /* (a space that does not break after it, as a word processor sets one) */
      } else if (c == ':' && (i + 1 == n || s[i + 1] == ' ')) {
        sep = 1;
      } else if (c == ' ' && i + 2 < n && (s[i + 1] == '|' || s[i + 1] == '-' || s[i + 1] == '/' ||
                                           s[i + 1] == '@') &&
                 s[i + 2] == ' ') {
        sep = 3;
      } else if (c == ' ' && i + 4 < n && (unsigned char)s[i + 1] == 0xE2 &&
                 (unsigned char)s[i + 2] == 0x80 &&
                 ((unsigned char)s[i + 3] == 0x93 || (unsigned char)s[i + 3] == 0x94 ||
                  (unsigned char)s[i + 3] == 0xA2) &&
                 s[i + 4] == ' ') {
        sep = 5;
      } else if (c == ' ' && i + 3 < n && (unsigned char)s[i + 1] == 0xC2 && (unsigned char)s[i + 2] == 0xB7 &&
                 s[i + 3] == ' ') { /* " · " */
        sep = 4;
      } else if (at && c == ' ' && (sep = role_join_at(s, n, i)) > 0) {
        /* " at ", " bei ", " chez ", " в " (" @ " was taken above) */
      } else if (c == ' ' && i >= 3 && i + 1 < n && cjk_lead((unsigned char)s[i - 3]) &&
                 cjk_lead((unsigned char)s[i + 1])) {
        sep = 1; /* "某某科技有限公司 软件工程师": Chinese and Japanese put no space inside a name */
      }
    }
    if (sep) {
      if (i > st) { /* (an empty piece, as between the newlines of a cut line, adds nothing) */
        piece p = trim_piece((piece){s + st, i - st});
        if (p.n && has_alnum(p.s, p.n)) out[k++] = p;
      }
      i += sep - 1;
      st = i + 1;
    }
  }
  return k;
}

/* ------------------------------------------------------------- entries */

typedef struct entry {
  cvx_block *head;  /* first block */
  cvx_block *end;   /* one past the last block of the entry */
  cvx_block *title; /* sub-heading that opened the entry, or NULL */
} entry;

typedef struct ctx {
  cvx_doc *doc;
  const char *origin;
  bool have_name;
  bool have_label;
  bool have_summary;
  int top_level; /* the level of the outermost section headings (7: none known) */
  bool skill_siblings; /* the section's neighbour at its level holds skills too */
  bool have_email;
  bool have_phone;
  bool have_url;
  bool have_location;
  cvx_record *basics;
  cvx_record *headline_job; /* the work entry a "Role - Employer" headline made */
  cvx_record *group_job;    /* the section's last job (degree) whose employer (school) stood on a line above
                               its role (degree) and dates: entry_group */
  const cvx_block *group_head; /* … the first block of that entry */
  const cvx_block *group_line; /* … the head block of the group's last entry (its role or degree and dates) */
  cvx_record *group_last;       /* … that last entry */
  const cvx_block *first_block; /* the page's first block */
  /* the language the previous line of a languages section named, without a
   * fluency yet: a short line after it that names no language is its fluency
   * ("Chinese" / "Native", one per line) */
  cvx_record *lang_open;
  cvx_buf line; /* contact_line's scratch copy, reused line after line */
  /* the rows of the table being read, one entry a row: the last row read,
   * and for each column how many rows above read it as the organisation
   * ([0]) and as the position ([1]) */
  const cvx_block *table_row;
  unsigned char table_votes[8][2];
  /* tables whose header row names their columns ("Years | Degree |
   * School"): the bytes of the rows under each header, and what each of its
   * first eight columns holds (cvx_label_slot) */
  struct {
    uint32_t start, end;
    unsigned char slot[8];
  } table_heads[32];
  int ntable_heads;
  /* in the section being read, which comes first in a job's head where a
   * word vouched for the role or the employer: 1 the role, -1 the employer,
   * 0 not known yet */
  int role_first;
  /* the document's short phrases set apart by punctuation (doc_phrases),
   * sorted; built on first use */
  piece *phrases;
  size_t nphrases;
  bool phrases_built;
} ctx;

static cvx_span entry_span(const entry *e) {
  cvx_span s = e->title ? e->title->span : e->head->span;
  for (cvx_block *b = e->head; b && b != e->end; b = b->next)
    if (cvx_span_valid(b->span) && b->span.end > s.end) s.end = b->span.end;
  return s;
}

/* Adds a field whose value is a piece of an extracted text: its span is
 * located inside `within`. */
static void add_piece(ctx *c, cvx_record *r, const char *key, piece p, cvx_span within) {
  if (!r || !p.n) return;
  /* no copy of the piece: the field takes its own (a summary may be most of the input) */
  cvx_span sp = cvx_doc_locaten(c->doc, within, p.s, p.n);
  cvx_record_addn(c->doc, r, key, p.s, p.n, cvx_span_valid(sp) ? sp : within);
}

/* add_piece for a piece of a lasting arena text (joined's): a big value is
 * referenced, not copied (cvx_record_addn_lasting). */
static void add_lasting(ctx *c, cvx_record *r, const char *key, piece p, cvx_span within) {
  if (!r || !p.n) return;
  cvx_span sp = cvx_doc_locaten(c->doc, within, p.s, p.n);
  cvx_record_addn_lasting(c->doc, r, key, p.s, p.n, cvx_span_valid(sp) ? sp : within);
}

static void add_str(ctx *c, cvx_record *r, const char *key, const char *v, cvx_span within) {
  add_piece(c, r, key, (piece){v, strlen(v)}, within);
}

/* Text of a block with its lines joined by spaces (for highlights, items):
 * list decorations trimmed, sentence punctuation kept as written. */
static piece joined_base(ctx *c, const cvx_block *b, const char **base);

static piece joined(ctx *c, const cvx_block *b) { return joined_base(c, b, NULL); }
static piece joined_text(char *t, size_t len);

/* joined() that also gives the start of the whole copy (*base): offsets into
 * it are offsets into b->text, the trimmed piece starting somewhere inside. */
static piece joined_base(ctx *c, const cvx_block *b, const char **base) {
  size_t len = strlen(b->text); /* the copy has the same length: no NUL before it */
  /* a text with no line break or tab to turn into a space is its own join:
   * not copied (block texts are arena-owned and never written again) */
  char *t = memchr(b->text, '\n', len) || memchr(b->text, '\t', len)
                ? cvx_arena_strndup(c->doc->arena, b->text, len)
                : (char *)(uintptr_t)b->text;
  if (base) *base = t;
  return joined_text(t, len);
}

/* joined() done in place on t[0,len) (NUL-terminated, writable when it
 * holds a line break or tab). */
static piece joined_text(char *t, size_t len) {
  for (char *q = memchr(t, '\n', len); q; q = memchr(q + 1, '\n', len - (size_t)(q + 1 - t))) *q = ' ';
  for (char *q = memchr(t, '\t', len); q; q = memchr(q + 1, '\t', len - (size_t)(q + 1 - t))) *q = ' ';
  piece p = {t, len};
  piece core = trim_piece(p);
  if (!core.n) return core;
  /* give back a final . ! ? ) that trim_piece took */
  size_t end = (size_t)(core.s - t) + core.n;
  while (end < p.n && strchr(".!?)", t[end]) && end - ((size_t)(core.s - t) + core.n) < 3) end++;
  core.n = end - (size_t)(core.s - t);
  return core;
}

/* True when needle[0,nn) occurs in hay[0,hn) (memmem is not standard C). */
static bool contains(const char *hay, size_t hn, const char *needle, size_t nn) {
  if (nn == 0 || nn > hn) return nn == 0;
  for (size_t i = 0; i + nn <= hn; i++)
    if (hay[i] == needle[0] && memcmp(hay + i, needle, nn) == 0) return true;
  return false;
}

/* The link whose visible text overlaps piece p, or NULL. */
static const cvx_link *link_for(const entry *e, piece p) {
  if (e->title && e->title != e->head) {
    const cvx_block *b = e->title;
    for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
      const cvx_link *l = &cvx_block_links(b)[i];
      size_t ln = strlen(l->text);
      if (ln && ((ln <= p.n && contains(p.s, p.n, l->text, ln)) || (p.n <= ln && contains(l->text, ln, p.s, p.n))))
        return l;
    }
  }
  for (cvx_block *b = e->head; b && b != e->end; b = b->next) {
    for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
      const cvx_link *l = &cvx_block_links(b)[i];
      size_t ln = strlen(l->text);
      if (!ln) continue;
      if ((ln <= p.n && contains(p.s, p.n, l->text, ln)) || (p.n <= ln && contains(l->text, ln, p.s, p.n)))
        return l;
    }
    if (b == e->head && e->title == NULL) break; /* only the head line's links */
  }
  return NULL;
}

/* Whether u[0,n) is a web address a record can link to (http or https). */
static bool url_usable_n(const char *u, size_t n) {
  return u && (starts_ci(u, n, "http://") || starts_ci(u, n, "https://"));
}

static bool url_usable(const char *u) { return u && url_usable_n(u, strlen(u)); }

/* Applies a date range to a record the way MAPPING.md reads it for kind. */
static void add_dates(ctx *c, cvx_record *r, const cvx_daterange *d, cvx_rec_kind kind,
                      cvx_span within) {
  cvx_span sp = within;
  if (kind == CVX_REC_AWARD || kind == CVX_REC_CERTIFICATE || kind == CVX_REC_NEWS) {
    const char *v = d->start[0] ? d->start : d->end;
    /* the legacy JSON Resume schema wants a full date on certificates: a
     * partial one stays visible as unmapped text rather than be padded */
    if (kind == CVX_REC_CERTIFICATE && strlen(v) != 10) return;
    cvx_record_add(c->doc, r, kind == CVX_REC_NEWS ? "date" : "date", v, sp);
    return;
  }
  if (kind == CVX_REC_PUBLICATION) {
    cvx_record_add(c->doc, r, "releaseDate", d->start[0] ? d->start : d->end, sp);
    return;
  }
  if (kind == CVX_REC_EDUCATION && !d->range) {
    /* a lone year on a degree is its end */
    cvx_record_add(c->doc, r, "endDate", d->start[0] ? d->start : d->end, sp);
    return;
  }
  if (d->start[0]) cvx_record_add(c->doc, r, "startDate", d->start, sp);
  if (d->end[0]) {
    cvx_record_add(c->doc, r, "endDate", d->end, sp);
  } else if (!d->range && !d->open && d->start[0] && kind != CVX_REC_PROJECT) {
    /* a single date on a job is both its start and its end */
    cvx_record_add(c->doc, r, "endDate", d->start, sp);
  }
}

/* True when an ASCII word w (lower case) is one of list. */
static bool word_in(const char *w, size_t n, const char *const *list) {
  for (int i = 0; list[i]; i++)
    if (strlen(list[i]) == n && strncasecmp(w, list[i], n) == 0) return true;
  return false;
}

/* The start of the word that leads into a date ending right before s[a]
 * ("organised by the committee in 2016", "from", "since"), or a when there
 * is none: cut with the date, it would dangle at the end of a name. */
static size_t date_lead(const char *s, size_t a) {
  static const char *const leads[] = {"in", "on", "from", "since", "during", "till", "until", NULL};
  size_t e = a;
  while (e && s[e - 1] == ' ') e--;
  size_t b = e;
  while (b && isalpha((unsigned char)s[b - 1])) b--;
  if (b == e || e == a || (b && s[b - 1] != ' ' && s[b - 1] != '\n')) return a;
  return word_in(s + b, e - b, leads) ? b : a;
}

/* Finds the first date (range) in t, cuts it out of t (with the word that
 * leads into it) and returns it. */
static bool take_date(char *t, size_t n, cvx_daterange *d) {
  if (!cvx_date_find(t, n, d)) return false;
  if (d->mend > n || d->mstart >= d->mend) return false;
  d->mstart = date_lead(t, d->mstart); /* (the match's span, as "from" and "since" are) */
  cut(t, d->mstart, d->mend);
  return true;
}

/* Takes the first date (range) of t into *d and cuts every later one out of t
 * too: a second range ("2019–2020, 2022") or a repeated year ("2022 & 2023")
 * belongs to the same entry, never to its name or role. */
static bool take_dates(char *t, size_t n, cvx_daterange *d) {
  if (!take_date(t, n, d)) return false;
  cvx_daterange more;
  while (take_date(t, n, &more)) {
  }
  return true;
}

static cvx_span date_span(ctx *c, const cvx_daterange *d, const char *orig, cvx_span within) {
  char *v = cvx_arena_strndup(c->doc->arena, orig + d->mstart, d->mend - d->mstart);
  cvx_span sp = cvx_doc_locate(c->doc, within, v);
  return cvx_span_valid(sp) ? sp : within;
}

/* The head text of an entry: the sub-heading (if any) and the head block. */
static char *head_text(ctx *c, const entry *e) {
  cvx_buf b = CVX_BUF_INIT;
  if (e->title) {
    cvx_buf_puts(&b, e->title->text);
    if (e->head && e->head != e->title) cvx_buf_putc(&b, '\n');
  }
  if (e->head && e->head != e->title) cvx_buf_puts(&b, e->head->text);
  char *t = cvx_arena_strndup(c->doc->arena, b.ptr, b.len);
  cvx_buf_free(&b);
  return t;
}

/* The length of a name that opens line[0,len) before a middle dot, a bar
 * or a spaced dash ("Initech · …", "Initech | …", "Initech — …"): a few
 * words (five at most), the first capitalised, no sentence; 0 when there
 * is none. *rest_at gets where the text after the separator starts. */
static bool sentence_like(piece p);

static size_t name_lead(const char *line, size_t len, size_t *rest_at) {
  static const char *const seps[] = {" \xc2\xb7 ", " | ", " \xe2\x80\x94 ", " \xe2\x80\x93 ", NULL};
  size_t best = 0, sep_len = 0;
  for (int k = 0; seps[k]; k++) {
    size_t sl = strlen(seps[k]);
    for (size_t i = 1; i + sl <= len && i < 80; i++)
      if (memcmp(line + i, seps[k], sl) == 0) {
        if (!best || i < best) best = i, sep_len = sl;
        break;
      }
  }
  if (!best) return 0;
  piece name = trim_piece((piece){line, best});
  unsigned char c0 = name.n ? (unsigned char)name.s[0] : 0;
  /* (a comma only before the firm's legal form, "Backpack, LLC", "Kite
   * Works, Inc.", whose full stops are the form's) */
  const char *comma = memchr(name.s, ',', name.n);
  bool form = comma && comma + 2 <= name.s + name.n && comma[1] == ' ' &&
              company_suffix(comma + 2, (size_t)(name.s + name.n - comma - 2)) && !memchr(name.s, '.', (size_t)(comma - name.s));
  /* (or a brand's small first letter before a capital: "eBackpack") */
  bool brand = islower(c0) && name.n > 1 && isupper((unsigned char)name.s[1]);
  if (!name.n || words_over(name.s, name.n, 5) || !(isupper(c0) || brand || isdigit(c0) || c0 >= 0x80) ||
      sentence_like(name) || (!form && (memchr(name.s, '.', name.n) || comma)))
    return 0;
  *rest_at = best + sep_len;
  return best;
}

/* A line of dates alone, or nearly ("Mar 2021 – Jun 2024", "since 2019"). */
static bool dates_line(piece l) {
  l = trim_piece(l);
  cvx_daterange d;
  if (!l.n || words_over(l.s, l.n, 6) || !cvx_date_find(l.s, l.n, &d)) return false;
  piece before = trim_piece((piece){l.s, d.mstart}), after = trim_piece((piece){l.s + d.mend, l.n - d.mend});
  return !words_over(before.s, before.n, 1) && !words_over(after.s, after.n, 1);
}

/* Long lines of a head (descriptions) are set aside as the summary: from a
 * line of 13+ words (or of 9+ whose sentence runs on in lower case), the
 * lines after it are its wrapped rest, up to a line of dates alone, where
 * the head goes on, with the short lines right above the dates that end no
 * sentence ("Initech · what it does." / "Team Lead" / "Initech UK -" /
 * "June 2006 to July 2010"). A name set before what it is ("Initech ·
 * Initech makes staplers for …") stays in the head. */
#define HEAD_LINES 64
static bool split_label(piece line, piece *label, piece *value);

/* A line led by a title as its label, not a sentence: "Co-organizer &
 * Lecturer: "Summer School on Mathematical Theory in Community Ecology",
 * Town, Country" is a head line however long its name runs. */
static bool role_label_line(piece line) {
  piece l, v;
  return !words_over(line.s, line.n, 30) && split_label(line, &l, &v) && v.n &&
         cvx_role_score(l.s, l.n) > cvx_org_score(l.s, l.n) && !sentence_like(v);
}

static void split_long_lines(ctx *c, char *t, cvx_buf *summary) {
  (void)c;
  char *ls[HEAD_LINES];
  size_t ln[HEAD_LINES];
  bool desc[HEAD_LINES];
  size_t rest[HEAD_LINES]; /* a name's line: where its description starts (else 0) */
  size_t lead[HEAD_LINES]; /* …and the name's length */
  int m = 0;
  for (char *line = t; line && *line;) {
    char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    if (m == HEAD_LINES) { /* (a head this long: the rest is description) */
      ln[m - 1] = strlen(ls[m - 1]);
      break;
    }
    ls[m] = line, ln[m] = len, desc[m] = false, rest[m] = lead[m] = 0;
    m++;
    line = nl ? nl + 1 : NULL;
  }
  bool in_desc = false;
  for (int i = 1; i < m; i++) {
    piece l = {ls[i], ln[i]};
    if (dates_line(l)) {
      in_desc = false;
      for (int j = i - 1; j >= 1 && desc[j] && !rest[j]; j--) {
        piece p = trim_piece((piece){ls[j], ln[j]});
        if (!p.n || words_over(p.s, p.n, 6) || strchr(".!?", p.s[p.n - 1]) || sentence_like(p)) break;
        desc[j] = false;
      }
      continue;
    }
    if (in_desc) {
      desc[i] = true;
      continue;
    }
    bool runs_on = i + 1 < m && ln[i + 1] && ls[i + 1][0] >= 'a' && ls[i + 1][0] <= 'z' && words_over(ls[i], ln[i], 8);
    if (runs_on || (words_over(ls[i], ln[i], 12) && !role_label_line((piece){ls[i], ln[i]}))) {
      desc[i] = in_desc = true;
      size_t at = 0, name = name_lead(ls[i], ln[i], &at);
      if (name) rest[i] = at, lead[i] = name;
    }
  }
  for (int i = 1; i < m; i++) {
    if (!desc[i]) continue;
    piece p = rest[i] ? trim_piece((piece){ls[i] + rest[i], ln[i] - rest[i]}) : (piece){ls[i], ln[i]};
    if (summary->len) cvx_buf_putc(summary, ' ');
    cvx_buf_put(summary, p.s, p.n);
  }
  for (int i = 1; i < m; i++)
    if (desc[i]) cut(ls[i], lead[i], ln[i]);
}

static bool looks_key_value(piece p, const char *key) { return starts_ci(p.s, p.n, key); }

/* ------------------------------------------------------- labelled lines */

/* One character of s folded to lower case for label matching: ASCII and
 * Cyrillic capitals (U+0410–U+042F, U+0401) fold; returns its byte length. */
static size_t fold_char(const char *s, size_t n, char out[2]) {
  unsigned char c = (unsigned char)s[0];
  if (c < 0x80) {
    out[0] = (char)tolower(c);
    out[1] = 0;
    return 1;
  }
  if (n >= 2 && c == 0xD0) {
    unsigned char d = (unsigned char)s[1];
    if (d >= 0x90 && d <= 0x9F) d = (unsigned char)(d + 0x20);
    else if (d >= 0xA0 && d <= 0xAF) {
      out[0] = (char)0xD1;
      out[1] = (char)(d - 0x20);
      return 2;
    } else if (d == 0x81) {
      out[0] = (char)0xD1;
      out[1] = (char)0x91;
      return 2;
    }
    out[0] = (char)c;
    out[1] = (char)d;
    return 2;
  }
  out[0] = (char)c;
  out[1] = 0;
  return 1;
}

/* True when s[0,n) equals w (lower case) with case folded. */
static bool eq_fold(const char *s, size_t n, const char *w) {
  if (n) { /* most words differ at the first character: no strlen for them */
    char f0[2];
    fold_char(s, n, f0);
    if (f0[0] != w[0]) return false;
  }
  size_t i = 0, j = 0, wn = strlen(w);
  while (i < n) {
    char f[2];
    size_t l = fold_char(s + i, n - i, f);
    for (size_t q = 0; q < l; q++) {
      if (j >= wn || w[j] != f[q]) return false;
      j++;
    }
    i += l;
  }
  return j == wn;
}

/* Label vocabularies for "Label: value" lines (lower case). */
static const char *const name_labels[] = {"name", "full name", "имя", "фамилия", "фио", "nom", "prénom",
                                          "vorname", "nachname", "nombre", "姓名", NULL};
/* labels of the post the person seeks: a short value is the headline */
static const char *const objective_labels[] = {"objective", "career objective", "job objective", "objetivo",
                                               "objetivo profissional", "objectif", "objectif professionnel",
                                               "berufsziel", "цель", "obiettivo", "title", "job title",
                                               "headline", "profession", "occupation", "current role",
                                               "current position", "desired position", "beruf", "должность",
                                               "profissão", "profesión", "cargo", NULL};
static const char *const place_labels[] = {"location", "address", "city", "residence", "based in",
                                           "место проживания", "город", "адрес", "проживание",
                                           "lieu", "adresse", "wohnort", "ort", "dirección", "地址", "локация",
                                           "местоположение", "местонахождение", "ubicación", "ubicacion",
                                           "ciudad", "residencia", "domicilio", "localização", "localizacao",
                                           "cidade", "endereço", "endereco", "residência", "anschrift",
                                           "standort", "wohnsitz", "località", "città", "indirizzo",
                                           "residenza", "ville", "所在地", "城市", "现居", NULL};
static const char *const position_labels[] = {"position", "role", "title", "job title", "post", "должность",
                                              "позиция", "poste", "fonction", "stelle", "cargo", "puesto",
                                              "职位", "职务", NULL};
static const char *const company_labels[] = {"company", "employer", "organization", "organisation",
                                             "компания", "организация", "работодатель", "место работы",
                                             "entreprise", "société", "firma", "unternehmen", "empresa",
                                             "公司", "单位", NULL};
static const char *const url_labels[] = {"website", "web site", "web", "url", "homepage", "home page", "site",
                                         "webseite", "sitio web", "site web", "сайт", "网站", "官网", NULL};
static const char *const duty_labels[] = {"responsibilities", "duties", "tasks", "achievements",
                                          "accomplishments", "key achievements", "highlights",
                                          "key highlights", "key results", "key responsibilities",
                                          "job responsibilities", "roles and responsibilities", "обязанности",
                                          "достижения", "задачи", "responsabilités", "réalisations",
                                          "aufgaben", "tätigkeiten", "responsabilidades", "logros",
                                          "职责", "工作内容", "主要职责", NULL};
/* labels of a line naming someone else than the person: an entry's detail */
static const char *const person_labels[] = {"supervisor", "supervisors", "advisor", "advisors", "adviser",
                                            "mentor", "manager", "reports to", "reporting to", "pi",
                                            "principal investigator", "professor", "tutor", "host",
                                            "руководитель", "научный руководитель", "betreuer", "betreuerin",
                                            "directeur", "directrice", "encadrant", "tutor", "导师", NULL};
static const char *const field_labels[] = {"specialty", "speciality", "specialization", "major", "field",
                                           "field of study", "специальность", "направление",
                                           "факультет", "квалификация", "spécialité", "fachrichtung",
                                           "studiengang", "especialidad", "专业", NULL};

/* Splits "Label: value" (ASCII or full-width colon, label of at most five
 * words). Returns false when the line is not labelled. */
static bool split_label(piece line, piece *label, piece *value) {
  /* the first colon (ASCII or full-width) among the first 48 bytes, before
   * any newline: found with memchr */
  if (!line.n) return false;
  size_t lim = line.n < 48 ? line.n : 48;
  const char *nl = memchr(line.s, '\n', lim);
  size_t stop = nl ? (size_t)(nl - line.s) : lim;
  const char *co = memchr(line.s, ':', stop);
  size_t i = co ? (size_t)(co - line.s) : stop, cl = co ? 1 : 0;
  for (const char *f = memchr(line.s, 0xEF, i); f; f = memchr(f + 1, 0xEF, i - (size_t)(f + 1 - line.s))) {
    size_t k = (size_t)(f - line.s);
    if (k + 2 < line.n && (unsigned char)line.s[k + 1] == 0xBC && (unsigned char)line.s[k + 2] == 0x9A) {
      i = k, cl = 3;
      break;
    }
  }
  if (cl) {
    if (cl == 1 && i + 1 < line.n && line.s[i + 1] == '/') return false; /* a URL */
    piece l = trim_piece((piece){line.s, i});
    if (!l.n || words_over(l.s, l.n, 5)) return false;
    *label = l;
    *value = trim_piece((piece){line.s + i + cl, line.n - i - cl});
    return true;
  }
  /* a label in capitals stands for its colon: "CLIENT Example Bank" */
  size_t cl2 = cvx_caps_label(line.s, stop);
  if (cl2) {
    *label = (piece){line.s, cl2};
    *value = trim_piece((piece){line.s + cl2, line.n - cl2});
    return true;
  }
  return false;
}

/* True when a label (or one of its "A / B" parts) is in the vocabulary. */
static bool label_in(piece l, const char *const *vocab) {
  size_t st = 0;
  for (size_t i = 0; i <= l.n; i++) {
    if (i < l.n && l.s[i] != '/' && l.s[i] != ',') continue;
    piece part = trim_piece((piece){l.s + st, i - st});
    char f0[2] = {0, 0}; /* the folded first character: eq_fold's first test, made once */
    if (part.n) fold_char(part.s, part.n, f0);
    for (int k = 0; part.n && vocab[k]; k++)
      if (vocab[k][0] == f0[0] && eq_fold(part.s, part.n, vocab[k])) return true;
    st = i + 1;
  }
  return false;
}

/* True when every line of s is a "Label: value" line: a block of fields, not
 * running prose. */
static bool labelled_lines(const char *s, size_t n);

/* A name line over labelled lines ("Acme University" / "Degree: BSc" /
 * "Years: 2019 - 2023"): an entry's head, however many words it holds. */
static bool name_over_labels(const char *s, size_t n) {
  const char *nl = memchr(s, '\n', n);
  return nl && !words_over(s, (size_t)(nl - s), 16) && labelled_lines(nl + 1, n - (size_t)(nl + 1 - s));
}

static bool labelled_lines(const char *s, size_t n) {
  size_t st = 0;
  int lines = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && s[i] != '\n') continue;
    piece line = trim_piece((piece){s + st, i - st});
    st = i + 1;
    if (!line.n) continue;
    piece l, v;
    if (!split_label((piece){s + (line.s - s), i - (size_t)(line.s - s)}, &l, &v)) return false;
    lines++;
  }
  return lines > 0;
}

/* ------------------------------------------------------------ work-like */

/* "Brightwell" / "Intern, software design and development" (dates cut out of
 * t): a head of exactly two lines, the first one organisation-like piece
 * and the second a role line, keeps the role line whole (its commas belong
 * to the title). Sets *org and *pos (pieces of orig) and cuts both lines. */
static void two_line_head(char *t, size_t n, const char *orig, piece *org, piece *pos) {
  piece lines[3];
  int k = 0;
  size_t st = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && t[i] != '\n') continue;
    piece ln = trim_piece((piece){t + st, i - st});
    st = i + 1;
    if (!ln.n || !has_alnum(ln.s, ln.n)) continue;
    if (k == 2) return;
    lines[k++] = ln;
  }
  if (k != 2) return;
  piece a = lines[0], b = lines[1], seg[MAX_SEGS], l, v;
  if (split_label(a, &l, &v) || split_label(b, &l, &v)) return;
  if (split_segments(a.s, a.n, true, seg, MAX_SEGS) != 1 || words_over(a.s, a.n, 6) ||
      cvx_role_score(a.s, a.n) > 0)
    return;
  if (words_over(b.s, b.n, 10) || !memchr(b.s, ',', b.n) || contains(b.s, b.n, " at ", 4) ||
      memchr(b.s, '@', b.n))
    return;
  int bs = split_segments(b.s, b.n, true, seg, MAX_SEGS);
  if (bs < 2 || cvx_role_score(seg[0].s, seg[0].n) <= cvx_org_score(seg[0].s, seg[0].n)) return;
  /* the rest of the line is the title's field in lower case, not a
   * capitalised place or company */
  for (int i = 1; i < bs; i++)
    if (!islower((unsigned char)seg[i].s[0])) return;
  *org = (piece){orig + (a.s - t), a.n};
  *pos = (piece){orig + (b.s - t), b.n};
  cut(t, (size_t)(a.s - t), (size_t)(a.s - t) + a.n);
  cut(t, (size_t)(b.s - t), (size_t)(b.s - t) + b.n);
}

/* True when p reads as a sentence rather than a name or a title: five or
 * more words, most of them in lower case. */
static bool sentence_like(piece p) {
  int words = 0, lower = 0;
  for (size_t i = 0; i < p.n; i++) {
    if (is_ws((unsigned char)p.s[i]) || (i > 0 && !is_ws((unsigned char)p.s[i - 1]))) continue;
    words++;
    if (islower((unsigned char)p.s[i])) lower++;
  }
  return words >= 5 && 2 * lower > words;
}

/* True when p is a line labelling the list below it with a word for an
 * entry's details, with or without its colon ("Highlights", "Key
 * results:"). */
static bool list_label(piece p) {
  p = trim_piece(p);
  if (p.n && p.s[p.n - 1] == ':') p = trim_piece((piece){p.s, p.n - 1});
  return p.n && label_in(p, duty_labels);
}

/* True when p is a line labelling a list of courses ("Courses",
 * "Relevant coursework:"). */
static bool courses_label(piece p) {
  p = trim_piece(p);
  if (p.n && p.s[p.n - 1] == ':') p = trim_piece((piece){p.s, p.n - 1});
  return eq_fold(p.s, p.n, "courses") || eq_fold(p.s, p.n, "coursework") || eq_fold(p.s, p.n, "relevant coursework") ||
         eq_fold(p.s, p.n, "relevant courses");
}

/* True when piece p of t[0,n) is a whole line of it, but for spaces and a
 * trailing dash ("Initech -"). */
static bool own_line(const char *t, size_t n, piece p) {
  size_t a = (size_t)(p.s - t), z = a + p.n;
  while (a > 0 && (t[a - 1] == ' ' || t[a - 1] == '\t')) a--;
  if (a > 0 && t[a - 1] != '\n') return false;
  while (z < n && (t[z] == ' ' || t[z] == '\t' || t[z] == '-')) z++;
  if (z < n && t[z] == '(') { /* "Initech (Guangzhou)" */
    const char *close = memchr(t + z, ')', n - z);
    const char *nl = memchr(t + z, '\n', n - z);
    if (close && (!nl || close < nl)) z = (size_t)(close - t) + 1;
    while (z < n && (t[z] == ' ' || t[z] == '\t')) z++;
  }
  return z >= n || t[z] == '\n';
}

static bool duration_phrase(piece p);

/* An organisation's name without a length of time after it: "Initech for 6
 * months" names Initech. (A length in brackets, "Initech (2 years)", never
 * reaches here: the head's pieces split at brackets, and role_at_org takes
 * a bracket after the organisation as its note.) */
static piece drop_duration_tail(piece p) {
  p = trim_piece(p);
  for (size_t k = p.n; k-- > 1;) {
    if (p.s[k - 1] != ' ' || k + 4 > p.n || strncasecmp(p.s + k, "for ", 4) != 0) continue;
    if (duration_phrase((piece){p.s + k + 4, p.n - k - 4})) return trim_piece((piece){p.s, k - 1});
    break; /* (the last "for" only) */
  }
  return p;
}

/* "Role at Org (note)" in English, Russian ("в"), French ("chez"), German
 * ("bei") or with "@": the position, the organisation and the note as the
 * summary. False (adding nothing) when no such word joins two parts. */
static bool role_at_org(ctx *c, cvx_record *r, const char *org_key, piece p, cvx_span within) {
  for (int j = 0; role_joins[j]; j++) {
    size_t jl = strlen(role_joins[j]);
    for (size_t i = 0; i + jl <= p.n; i++) {
      if (memcmp(p.s + i, role_joins[j], jl) != 0) continue;
      piece role = trim_piece((piece){p.s, i}), org = trim_piece((piece){p.s + i + jl, p.n - i - jl}), note = {0};
      const char *open = memchr(org.s, '(', org.n);
      if (open && org.s[org.n - 1] == ')') {
        note = trim_piece((piece){open + 1, (size_t)(org.s + org.n - 1 - open - 1)});
        org = trim_piece((piece){org.s, (size_t)(open - org.s)});
      }
      org = drop_duration_tail(org);
      if (!role.n || !org.n || words_over(role.s, role.n, 5) || words_over(org.s, org.n, 6)) return false;
      add_piece(c, r, "position", role, within);
      add_piece(c, r, org_key, org, within);
      if (note.n) add_piece(c, r, "summary", note, within);
      return true;
    }
  }
  return false;
}

/* Each segment's label from the field labeller's word labels lab[0,nt) of
 * tokens tok: the label most of its words carry (more than half), or -1.
 * The segments are pieces of t, which the token offsets index. */
static void segment_labels(const char *t, const piece *seg, int ns, const cvx_ftok *tok, size_t nt, const int *lab,
                           int *seg_lab) {
  for (int i = 0; i < ns; i++) {
    seg_lab[i] = -1;
    if (!seg[i].n) continue;
    size_t a = (size_t)(seg[i].s - t), z = a + seg[i].n;
    int count[CVX_FLD_NCLASSES] = {0}, words = 0;
    for (size_t k = 0; k < nt; k++) {
      if (tok[k].sep || tok[k].a < a || tok[k].z > z) continue;
      count[lab[k]]++;
      words++;
    }
    for (int y = 0; y < CVX_FLD_NCLASSES; y++)
      if (words && 2 * count[y] > words) seg_lab[i] = y;
  }
}

/* True when no line ends between the two places of one text. */
static bool same_line(const char *p, const char *q) {
  const char *lo = p < q ? p : q, *hi = p < q ? q : p;
  return !memchr(lo, '\n', (size_t)(hi - lo));
}

/* The trained field labeller's word on a work header (fieldlabel.h). The
 * rules' pick (pos, org, loc, the dates d) is written per byte of the head
 * text orig[0,n) (t is its working copy, which the segments point into) and
 * handed to the training sink and to the model as a feature; where the
 * model labels most words of a segment ROLE, ORG or PLACE, that segment
 * fills the slot instead of the rules' pick (labelled lines, lab_*, stay
 * first), and a ROLE segment followed on its line by more ROLE words
 * ("Team lead - data quality") takes them in. */
static void field_model_assign(ctx *c, cvx_rec_kind kind, const char *orig, const char *t, size_t n, piece *seg,
                               int ns, int *pos, int *org, piece *loc, bool lab_pos, bool lab_org,
                               const cvx_daterange *d) {
  if (!n || n > CVX_FIELD_MAX_BYTES || (!c->doc->field_sink && !cvx_field_active())) return;
  unsigned char rule[CVX_FIELD_MAX_BYTES];
  memset(rule, CVX_FLD_O, n);
  for (int i = 0; i < ns; i++) {
    if (!seg[i].n || (i != *pos && i != *org)) continue;
    size_t a = (size_t)(seg[i].s - t);
    memset(rule + a, i == *pos ? CVX_FLD_ROLE : CVX_FLD_ORG, seg[i].n);
  }
  if (loc->n && loc->s >= orig && loc->s + loc->n <= orig + n) memset(rule + (loc->s - orig), CVX_FLD_PLACE, loc->n);
  if (d && d->mend <= n && d->mstart < d->mend) memset(rule + d->mstart, CVX_FLD_DATE, d->mend - d->mstart);
  if (c->doc->field_sink) c->doc->field_sink->fn(c->doc->field_sink->ctx, kind, orig, n, rule);
  /* labelled lines gave both fields: the model cannot change them */
  if (lab_pos && lab_org) return;
  cvx_ftok tok[CVX_FIELD_MAX_TOKENS + 1];
  int lab[CVX_FIELD_MAX_TOKENS];
  size_t nt = cvx_field_tokens(orig, n, tok, CVX_FIELD_MAX_TOKENS);
  if (nt > CVX_FIELD_MAX_TOKENS || !cvx_field_label(kind, orig, n, tok, nt, rule, lab)) return;
  int seg_lab[MAX_SEGS];
  segment_labels(t, seg, ns, tok, nt, lab, seg_lab);
  /* a piece the rules took for the organisation on the grammar's word (an
   * organisation's words, no title's) stays one: "Acme Corp, Engineer" */
  int rules_org = *org;
  /* unless the model reads the two the other way round, the rules' title as
   * the organisation too ("Software" / "Initech -": the rules' pick swapped) */
  bool swapped = rules_org >= 0 && *pos >= 0 && seg_lab[*pos] == CVX_FLD_ORG && seg[rules_org].n &&
                 (seg_lab[rules_org] == CVX_FLD_ROLE ||
                  /* or as nothing, when no organisation's word speaks for it
                   * ("fresher job" / "Initech - City": the rules' pick
                   * swapped) */
                  ((seg_lab[rules_org] < 0 || seg_lab[rules_org] == CVX_FLD_O) &&
                   cvx_org_score(seg[rules_org].s, seg[rules_org].n) == 0));
  /* …or when the rules took it by order alone, with no title beside it,
   * and the model reads a title there ("Glass Blower" over a sentence of
   * what was done) */
  swapped = swapped || (rules_org >= 0 && *pos < 0 && !lab_pos && seg[rules_org].n &&
                        seg_lab[rules_org] == CVX_FLD_ROLE &&
                        cvx_org_score(seg[rules_org].s, seg[rules_org].n) == 0);
  bool org_firm = rules_org >= 0 && seg[rules_org].n && cvx_org_score(seg[rules_org].s, seg[rules_org].n) > 0 &&
                  cvx_role_score(seg[rules_org].s, seg[rules_org].n) == 0 && !swapped;
  if (org_firm) seg_lab[rules_org] = CVX_FLD_ORG;
  int mrole = -1, morg = -1, mplace = -1;
  for (int i = 0; i < ns; i++) {
    /* the rules' organisation does not become the title: the model may
     * only add it to a title it follows after a dash */
    if (seg_lab[i] == CVX_FLD_ROLE && mrole < 0 && (i != rules_org || swapped)) mrole = i;
    if (seg_lab[i] == CVX_FLD_ORG && morg < 0) morg = i;
    if (seg_lab[i] == CVX_FLD_PLACE && mplace < 0) mplace = i;
  }
  if (swapped && mrole < 0) mrole = rules_org;
  /* a note in brackets right after the rules' title qualifies it
   * ("Baker (night shift)"): it does not take the title's place */
  if (mrole >= 0 && *pos >= 0 && mrole == *pos + 1 && seg[*pos].n && seg[mrole].s > t) {
    const char *q = seg[mrole].s - 1;
    while (q > t && *q == ' ') q--;
    if (*q == '(') mrole = -1;
  }
  if (!lab_pos && mrole >= 0) {
    *pos = mrole;
    /* more ROLE words after a dash or a slash on its line: one title
     * ("Lead Analyst - Data Quality") */
    for (int j = mrole + 1; j < ns && seg_lab[j] == CVX_FLD_ROLE; j++) {
      const char *end = seg[mrole].s + seg[mrole].n;
      bool joinable = seg[j].s > end, dash = false;
      for (const char *q = end; q < seg[j].s && joinable; q++) {
        unsigned char ch = (unsigned char)*q;
        joinable = ch == ' ' || ch == '-' || ch == '/' || ch == 0xE2 || ch == 0x80 || ch == 0x93 || ch == 0x94;
        dash |= ch != ' ';
      }
      if (!joinable || !dash) break;
      seg[mrole].n = (size_t)(seg[j].s + seg[j].n - seg[mrole].s);
      seg[j].n = 0;
      seg_lab[j] = -1;
    }
  }
  if (!lab_org && morg >= 0 && morg != *pos) *org = morg;
  if (*org == *pos && *pos >= 0) *org = !lab_org && morg >= 0 && morg != *pos ? morg : -1;
  /* the rules' organisation that the model took into the title gives way
   * to the first other piece that reads as an organisation, or stands on a
   * line of its own */
  if (!lab_org && morg < 0 && *org >= 0 && !seg[*org].n) {
    int drop = *org, pick = -1;
    for (int pass = 0; pass < 2 && pick < 0; pass++)
      for (int i = 0; i < ns && pick < 0; i++) {
        if (i == *pos || i == drop || !seg[i].n || seg_lab[i] == CVX_FLD_ROLE || seg_lab[i] == CVX_FLD_DATE ||
            seg_lab[i] == CVX_FLD_PLACE || words_over(seg[i].s, seg[i].n, 10))
          continue;
        if (pass == 0 ? cvx_org_score(seg[i].s, seg[i].n) > 0 : own_line(t, n, seg[i])) pick = i;
      }
    if (pick >= 0 || drop >= 0) *org = pick;
  }
  if (!loc->n && kind == CVX_REC_WORK && mplace >= 0 && mplace != *pos && mplace != *org) {
    *loc = (piece){orig + (seg[mplace].s - t), seg[mplace].n};
    seg[mplace].n = 0;
  }
}

/* The column of the table row t that piece p of it starts in (cells are
 * separated by tabs), or -1 past the eighth. */
static int cell_of(const char *t, piece p) {
  int col = 0;
  for (const char *q = t; q < p.s; q++) col += *q == '\t';
  return col < 8 ? col : -1;
}

/* What column col of table row `row` holds by the header row of its table
 * ("Years | Degree | School"); CVX_FL_NONE when no header names it. */
static cvx_label_slot column_slot(const ctx *c, const cvx_block *row, int col) {
  if (!row || row->kind != CVX_BLK_ROW || col < 0 || col >= 8 || !cvx_span_valid(row->span)) return CVX_FL_NONE;
  for (int k = 0; k < c->ntable_heads; k++)
    if (row->span.start >= c->table_heads[k].start && row->span.start < c->table_heads[k].end)
      return (cvx_label_slot)c->table_heads[k].slot[col];
  return CVX_FL_NONE;
}

/* A table sets each field in one column, row after row: when the
 * organisation and the position of row `row` come out in each other's
 * columns by the reading of the rows above it (at least two rows read each
 * column so), they are swapped ("Technician | Systemhaus" under rows of
 * "Consultant | NORVANE Group"). The row's reading then adds to the votes. */
static void table_columns(ctx *c, const cvx_block *row, const char *t, const piece *seg, int *pos, int *org) {
  if (!c->table_row || c->table_row->next != row) memset(c->table_votes, 0, sizeof c->table_votes);
  c->table_row = row;
  if (*pos < 0 || *org < 0) return;
  int oc = cell_of(t, seg[*org]), pc = cell_of(t, seg[*pos]);
  if (oc < 0 || pc < 0 || oc == pc) return;
  unsigned char (*v)[2] = c->table_votes;
  if (v[oc][1] >= 2 && v[oc][0] == 0 && v[pc][0] >= 2 && v[pc][1] == 0) {
    int x = *pos;
    *pos = *org;
    *org = x;
    x = oc;
    oc = pc;
    pc = x;
  }
  if (v[oc][0] < 255) v[oc][0]++;
  if (v[pc][1] < 255) v[pc][1]++;
}

/* True when p is a length of time and nothing else ("2 years", "1 year 4
 * months", "3 mos", "6 Monate"): what a page prints beside the dates, no
 * role or organisation. */
static bool duration_phrase(piece p) {
  static const char *const units[] = {"year", "years", "yr", "yrs", "month", "months", "mo", "mos", "week", "weeks",
                                      "day", "days", "jahr", "jahre", "monat", "monate", "año", "años", "ano",
                                      "anos", "mes", "meses", "an", "ans", "mois", "год", "года", "лет", "месяц",
                                      "месяца", "месяцев", NULL};
  p = trim_piece(p);
  int pairs = 0;
  size_t i = 0;
  while (i < p.n) {
    while (i < p.n && (p.s[i] == ' ' || p.s[i] == ',')) i++;
    if (i + 3 <= p.n && strncasecmp(p.s + i, "and", 3) == 0 && (i + 3 == p.n || p.s[i + 3] == ' ')) {
      i += 3;
      continue;
    }
    if (i >= p.n) break;
    size_t a = i;
    while (i < p.n && isdigit((unsigned char)p.s[i])) i++;
    if (i == a || i - a > 3) return false;
    while (i < p.n && p.s[i] == ' ') i++;
    size_t w = i;
    while (i < p.n && p.s[i] != ' ' && p.s[i] != ',') i++;
    piece unit = {p.s + w, i - w};
    if (unit.n && unit.s[unit.n - 1] == '.') unit.n--;
    bool known = false;
    for (int k = 0; units[k] && !known; k++) known = eq_fold(unit.s, unit.n, units[k]);
    if (!known) return false;
    pairs++;
  }
  return pairs >= 1 && pairs <= 3;
}

/* Block b, read as p, is one short line that a role's words vouch for and
 * no sentence ("Senior Projects Engineer"). */
static bool short_role_line(const cvx_block *b, piece p) {
  return p.n && !memchr(b->text, '\n', b->len) && !words_over(p.s, p.n, 6) && !sentence_like(p) &&
         p.s[p.n - 1] != '.' && cvx_role_score(p.s, p.n) > 0;
}

/* A line that is a place and nothing else: "Leipzig, Germany", "Austin,
 * TX", "Remote" (cvx_location_find over all of it). */
static bool place_alone(piece p) {
  size_t a, z;
  p = trim_piece(p);
  if (!p.n || words_over(p.s, p.n, 5) || !cvx_location_find(p.s, p.n, &a, &z)) return false;
  return a == 0 && !trim_piece((piece){p.s + z, p.n - z}).n;
}

/* The value of a "Label: value" line as a field holds it: without the
 * punctuation before it ("Designation:. System Engineer") and up to the next
 * label on the line ("Engineer. Department: Plant Engineering"), not to a
 * full stop of an abbreviation ("Pvt. Ltd., Mandya"). */
static piece field_value(piece v) {
  while (v.n && (v.s[0] == '.' || v.s[0] == ':' || v.s[0] == '-' || v.s[0] == ' ')) v.s++, v.n--;
  for (size_t k = 0; k + 2 < v.n; k++) {
    if (v.s[k] != '.' || v.s[k + 1] != ' ' || !isupper((unsigned char)v.s[k + 2])) continue;
    piece rest, l2, v2;
    rest = (piece){v.s + k + 2, v.n - k - 2};
    if (split_label(rest, &l2, &v2) && l2.n < 32) {
      v.n = k;
      break;
    }
  }
  return trim_piece(v);
}

/* The label l of a "Label: value" line of an entry head (l lies in t, a
 * copy of orig) is read: its words are taken, as a heading's are. */
static void take_label(ctx *c, cvx_span es, const char *orig, const char *t, piece l) {
  cvx_span sp = cvx_doc_locaten(c->doc, es, orig + (l.s - t), l.n);
  if (cvx_span_valid(sp)) cvx_doc_take(c->doc, sp);
}

/* Whether s[0,n) is written as a name: no word of it starts in lower case
 * but the short words that join a name's parts ("Image Analysis and
 * Stereology", "Banco de España"; not "Project management"). */
static bool name_cased(const char *s, size_t n) {
  static const char *const joins[] = {"of", "and", "for", "the", "on", "in", "at", "de", "del", "da", "do", "di",
                                      "du", "des", "la", "le", "van", "von", "der", "und", "y", "e", "&", NULL};
  for (size_t i = 0; i < n;) {
    while (i < n && s[i] == ' ') i++;
    size_t j = i;
    while (j < n && s[j] != ' ') j++;
    if (j > i && islower((unsigned char)s[i])) {
      bool join = false;
      for (int k = 0; joins[k] && !join; k++) join = strlen(joins[k]) == j - i && strncmp(s + i, joins[k], j - i) == 0;
      if (!join) return false;
    }
    i = j;
  }
  return true;
}

/* Whether the source between a and b holds nothing but blanks, marks, the
 * place of record r and a line with the length of time at the employer (the
 * employer's line runs straight into the role's: "Initech, Leeds" /
 * "**Engineer** (2020 – present)"; "Initech" / "2 years 6 months" /
 * "Engineer"), and is short. */
static bool only_marks_between(const ctx *c, const cvx_record *r, uint32_t a, uint32_t b) {
  if (a > b || b > c->doc->src->len || b - a > 80) return false;
  cvx_field *loc = cvx_record_field(r, "location");
  const char *t = c->doc->src->text;
  for (uint32_t from = a; from < b;) {
    uint32_t eol = from;
    while (eol < b && t[eol] != '\n' && t[eol] != '\0') eol++;
    bool words = false;
    for (uint32_t i = from; i < eol && !words; i++) {
      if (loc && cvx_span_valid(loc->span) && i >= loc->span.start && i < loc->span.end) continue;
      unsigned char ch = (unsigned char)t[i];
      /* (a dash, a middle dot: punctuation beyond ASCII) */
      words = isalnum(ch) || (ch >= 0x80 && !(ch == 0xE2 || ch == 0xC2 || (ch & 0xC0) == 0x80));
    }
    if (words && !duration_phrase((piece){t + from, eol - from})) return false;
    from = eol + 1;
  }
  return true;
}

/* Does p open with a contact: an e-mail address, a phone number or a web
 * address, up to the next comma? */
static bool contact_ahead(piece p) {
  size_t n = 0, w = 0; /* up to the next comma or bar; its first word */
  while (n < p.n && p.s[n] != ',' && p.s[n] != '|') n++;
  while (w < n && p.s[w] != ' ') w++;
  size_t a, z;
  if (!w) return false;
  if (memchr(p.s, '@', w)) return true;
  if (cvx_phone_find(p.s, n, &a, &z) && a == 0) return true;
  return starts_ci(p.s, w, "http") || starts_ci(p.s, w, "www.") || (memchr(p.s, '/', w) && memchr(p.s, '.', w));
}

/* Does a contact follow the comma right after p, before end (a column of
 * contacts beside it, "Data Engineer, +44 113 496 0123")? */
static bool contact_after(piece p, const char *end) {
  const char *q = p.s + p.n + 1;
  while (q < end && *q == ' ') q++;
  return q < end && contact_ahead((piece){q, (size_t)(end - q)});
}

/* Is p the text w, byte for byte? */
static bool is_text(piece p, const char *w) { return strlen(w) == p.n && memcmp(p.s, w, p.n) == 0; }

/* Whether the source holds a line break in [a, b) (a NUL once the blocks
 * are sealed, blocks.h). */
static bool break_between(const ctx *c, uint32_t a, uint32_t b) {
  if (a >= b || b > c->doc->src->len) return false;
  const char *t = c->doc->src->text;
  return memchr(t + a, '\n', b - a) != NULL || memchr(t + a, '\0', b - a) != NULL;
}

/* Several roles at one employer, or degrees at one school: the employer
 * (school) set once, on a line (or a sub-heading) above the first role
 * (degree) and its dates, each later one a line of its own with its dates
 * ("Initech, Leeds" / "Senior Engineer | 2020 – present" / bullets /
 * "Engineer | 2018 – 2020" / bullets). An entry r whose head names a role
 * (degree) and dates and no employer (school), right after such an entry in
 * its section and under no sub-heading of its own, is another at that
 * employer (school), in its town; r that named its employer so starts such
 * a group. org_key and role_key name the fields (name and position,
 * institution and studyType). */
static void entry_group(ctx *c, cvx_record *r, const entry *e, const char *org_key, const char *role_key) {
  cvx_field *org = cvx_record_field(r, org_key), *pos = cvx_record_field(r, role_key),
            *start = cvx_record_field(r, "startDate");
  if (!start && r->kind == CVX_REC_EDUCATION) start = cvx_record_field(r, "endDate");
  cvx_record *g = c->group_job;
  const cvx_block *gh = c->group_head, *gl = c->group_line;
  c->group_job = NULL;
  if (!pos || !start) return;
  if (!org) {
    cvx_field *gorg = g ? cvx_record_field(g, org_key) : NULL;
    if (!gorg || e->title || g->kind != r->kind) return;
    /* (not when the block right above could name this entry's own
     * employer: a short line that is no duty, no sentence, not the place
     * of the group's last entry, nor that entry's head line) */
    const cvx_block *above = gh;
    for (int k = 0; above && above->next != e->head && k < 256; k++) above = above->next;
    if (!above || above->next != e->head) return;
    const char *lloc = cvx_record_get(c->group_last, "location"); /* (the group's last entry's place) */
    /* (the group's last head line ends with its dates, its role or its
     * place: nothing of the next entry's was joined to it) */
    if (above == gl && gl && gl->text) {
      const char *last = gl->text, *stop = gl->text + gl->len;
      for (const char *q = gl->text; q < stop; q++)
        if (*q == '\n' && q + 1 < stop) last = q + 1;
      piece lp = trim_piece((piece){last, (size_t)(stop - last)});
      const char *lrole = cvx_record_get(c->group_last, role_key);
      cvx_daterange ld;
      bool ends_head = cvx_date_find(lp.s, lp.n, &ld) || (lrole && contains(lp.s, lp.n, lrole, strlen(lrole))) ||
                       (lloc && is_text(lp, lloc));
      if (!ends_head) return;
    }
    if (above != gh && above != gl && above->kind != CVX_BLK_ITEM && above->text && above->len) {
      size_t an = above->len;
      while (an && is_ws((unsigned char)above->text[an - 1])) an--;
      /* (a place there is the last entry's own, as its location) */
      piece ap = trim_piece((piece){above->text, an});
      bool its_place = lloc && place_alone(ap) && is_text(ap, lloc);
      if (an && above->text[an - 1] != '.' && !its_place) return;
    }
    cvx_record_add(c->doc, r, org_key, gorg->value, gorg->span);
    cvx_field *gloc = cvx_record_field(g, "location");
    if (gloc && !cvx_record_get(r, "location")) cvx_record_add(c->doc, r, "location", gloc->value, gloc->span);
    c->group_job = g;
    c->group_head = gh;
    c->group_line = e->head;
    c->group_last = r;
    return;
  }
  /* (the employer above both the role and the dates, on a line apart, and
   * written as a name: not a section's, "Work Experience", nor a phrase in
   * lower case) */
  size_t on = strlen(org->value);
  if (!name_cased(org->value, on) ||
      (cvx_section_pure(org->value, on) && cvx_section_classify(org->value, on) != CVX_REC_SECTION))
    return;
  if (cvx_span_valid(org->span) && cvx_span_valid(pos->span) && cvx_span_valid(start->span) &&
      org->span.end <= pos->span.start && org->span.end <= start->span.start &&
      break_between(c, org->span.end, pos->span.start) && break_between(c, org->span.end, start->span.start) &&
      only_marks_between(c, r, org->span.end, pos->span.start)) {
    c->group_job = r;
    c->group_head = e->title ? e->title : e->head;
    c->group_line = e->head;
    c->group_last = r;
  }
}

static void parse_job(ctx *c, const entry *e, cvx_rec_kind kind) {
  cvx_span es = entry_span(e);
  cvx_record *r = cvx_record_new(c->doc, kind, c->origin, es);
  if (!r) return;
  const char *org_key = kind == CVX_REC_VOLUNTEER ? "organization" : "name";
  char *orig = head_text(c, e);
  char *t = cvx_arena_strdup(c->doc->arena, orig);
  size_t n = strlen(t);
  cvx_buf summary = CVX_BUF_INIT;
  split_long_lines(c, t, &summary);
  /* "Position: …", "Company: …", "Location: …" lines (head or children) */
  piece lab_pos = {0}, lab_org = {0}, lab_loc = {0};
  for (size_t st = 0, i = 0; i <= n; i++) {
    if (i < n && t[i] != '\n') continue;
    piece l, v;
    if (split_label((piece){t + st, i - st}, &l, &v)) {
      piece *slot = label_in(l, position_labels) ? &lab_pos
                    : label_in(l, company_labels) ? &lab_org
                    : label_in(l, place_labels)   ? &lab_loc
                                                  : NULL;
      /* a label named by its words: "Designation", "Company Name",
       * "Occupation or position held", "Dates", "Main activities" */
      cvx_label_slot fl = slot ? CVX_FL_NONE : cvx_entry_field_label(l.s, l.n);
      if (fl == CVX_FL_POSITION) slot = &lab_pos;
      else if (fl == CVX_FL_ORG) slot = &lab_org;
      else if (fl == CVX_FL_PLACE) slot = &lab_loc;
      piece fv = field_value(v);
      if (slot && fv.n && !slot->n) {
        *slot = (piece){orig + (fv.s - t), fv.n};
        take_label(c, es, orig, t, l);
        cut(t, st, (size_t)(fv.s - t) + fv.n);
      } else if (fl != CVX_FL_NONE && v.n) {
        /* the dates, the duties: the value is read as the line was */
        take_label(c, es, orig, t, l);
        cut(t, (size_t)(l.s - t), (size_t)(v.s - t));
      } else if (label_in(l, duty_labels) && !v.n) {
        cut(t, st, i);
      } else if (st > 0 && v.n && !lab_pos.n && cvx_role_score(l.s, l.n) > cvx_org_score(l.s, l.n) &&
                 (cvx_org_score(v.s, v.n) > 0 || !cvx_is_person_name(v.s, v.n))) {
        /* "Postdoc: Kavli Institute", "Teaching assistant: University
         * of Dundee", "Postdoc: Eastholm Marine Station": the label is the
         * position (not "Advisor: Ada Bo", who is someone else) */
        lab_pos = (piece){orig + (l.s - t), l.n};
        cut(t, (size_t)(l.s - t), (size_t)(v.s - t));
      } else if (st > 0 && v.n) {
        /* "Department: X" below the head line: the label is no organisation;
         * a number under its label ("TEAM SIZE 20") names nothing either */
        bool letter = false;
        for (size_t k = 0; k < v.n && !letter; k++) letter = isalpha((unsigned char)v.s[k]) || (unsigned char)v.s[k] >= 0x80;
        cut(t, (size_t)(l.s - t), letter ? (size_t)(v.s - t) : i);
      }
    }
    st = i + 1;
  }
  /* from the sub-heading down: "Location: …" under an organisation's
   * heading stands for each role below it */
  cvx_block *from = e->title && e->title != e->head ? e->title->next : e->head->next;
  piece lab_url = {0}; /* "Website: https://…" */
  cvx_span url_at = CVX_NOSPAN;
  for (cvx_block *b = from; b && b != e->end; b = b->next) {
    if (b == e->head) continue;
    /* each line of a block of labelled lines ("Location: …" / "Website: …") */
    for (const char *q = b->text, *stop = b->text + b->len; q && q < stop;) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      piece line = {q, (size_t)((nl ? nl : stop) - q)}, l, v;
      q = nl ? nl + 1 : NULL;
      if (!split_label(line, &l, &v) || !v.n) {
        if (line.s == b->text) break; /* (a block that opens unlabelled is no such block) */
        continue;
      }
      cvx_label_slot fl = cvx_entry_field_label(l.s, l.n);
      /* a field's value, not a sentence about it */
      v = field_value(v);
      if (!v.n || words_over(v.s, v.n, 8)) continue;
      if (!lab_pos.n && (label_in(l, position_labels) || fl == CVX_FL_POSITION)) lab_pos = v;
      else if (!lab_org.n && (label_in(l, company_labels) || fl == CVX_FL_ORG)) lab_org = v;
      else if (!lab_loc.n && (label_in(l, place_labels) || fl == CVX_FL_PLACE)) lab_loc = v;
      else if (!lab_url.n && label_in(l, url_labels) && !memchr(v.s, ' ', v.n) && url_usable_n(v.s, v.n))
        lab_url = v, url_at = b->span;
    }
  }

  /* a table row under a header that names its columns ("Company | Role |
   * Years"): each named column fills its slot */
  for (size_t cf = 0, i = 0, col = 0; e->head->kind == CVX_BLK_ROW && c->ntable_heads && i <= n; i++) {
    if (i < n && orig[i] != '\t' && orig[i] != '\n') continue;
    piece cell = trim_piece((piece){orig + cf, i - cf});
    cvx_label_slot sl = column_slot(c, e->head, (int)col);
    piece *slot = sl == CVX_FL_ORG ? &lab_org : sl == CVX_FL_POSITION ? &lab_pos : sl == CVX_FL_PLACE ? &lab_loc : NULL;
    if (slot && !slot->n && cell.n && !words_over(cell.s, cell.n, 10)) {
      *slot = cell;
      cut(t, cf, i);
    }
    if (i == n || orig[i] == '\n') break;
    col++;
    cf = i + 1;
  }
  cvx_daterange d;
  bool dated = take_dates(t, n, &d);
  size_t ls, le;
  piece loc = lab_loc;
  if (!loc.n && cvx_location_find(t, n, &ls, &le)) {
    /* "Cobalt Freight, Lagos" where a town names its region too (Lagos,
     * Berlin, Tokyo): the words before the comma that name no place are
     * the employer when nothing else in the head reads as one, and the
     * town is the place */
    size_t cm = ls;
    while (cm < le && t[cm] != ',') cm++;
    if (cm < le && !lab_org.n) {
      piece before = trim_piece((piece){t + ls, cm - ls}), after = trim_piece((piece){t + cm + 1, le - cm - 1});
      /* (not when another line of the head, no title, could name the
       * employer: "Tarnwick Water Board" over "Dunmore, Ontario") */
      bool other_name = false;
      for (size_t a = 0, z; a < n && !other_name; a = z + 1) {
        const char *nl = memchr(t + a, '\n', n - a);
        z = nl ? (size_t)(nl - t) : n;
        if (ls >= a && ls <= z) continue;
        piece ln = trim_piece((piece){t + a, z - a});
        other_name = ln.n && !words_over(ln.s, ln.n, 6) && (isupper((unsigned char)ln.s[0]) || (unsigned char)ln.s[0] >= 0x80) &&
                     cvx_role_score(ln.s, ln.n) <= 0 && !sentence_like(ln);
      }
      if (before.n && after.n && !other_name && cvx_town_named(after.s, after.n) &&
          !cvx_town_named(before.s, before.n) && !place_alone(before) && cvx_org_score(t, ls) <= 0 &&
          cvx_org_score(t + le, n - le) <= 0)
        ls = (size_t)(after.s - t);
    }
    loc = (piece){orig + ls, le - ls};
    cut(t, ls, le);
  }
  /* a labelled employer with its town after a comma ("Name and address of
   * employer: Harbour Bank, Leith"): the town is the place */
  for (size_t k = lab_org.n; !loc.n && k-- > 0;) {
    if (lab_org.s[k] != ',') continue;
    piece after = trim_piece((piece){lab_org.s + k + 1, lab_org.n - k - 1});
    if (after.n && place_alone(after) && trim_piece((piece){lab_org.s, k}).n) {
      loc = after;
      lab_org = trim_piece((piece){lab_org.s, k});
    }
    break;
  }
  if (!lab_pos.n && !lab_org.n) two_line_head(t, n, orig, &lab_org, &lab_pos);
  piece seg[MAX_SEGS];
  int ns = split_segments(t, n, true, seg, MAX_SEGS);
  int pos = -1, org = -1, best_r = 0, best_o = 0;
  int oscore[MAX_SEGS], rscore[MAX_SEGS];
  const char *url = NULL;
  bool has_url = false;
  for (int i = 0; i < ns; i++) {
    /* a length of time beside the dates fills no slot */
    if (duration_phrase(seg[i])) {
      cvx_span sp = cvx_doc_locaten(c->doc, es, seg[i].s, seg[i].n);
      if (cvx_span_valid(sp)) cvx_doc_take(c->doc, sp);
      seg[i].n = 0;
    }
    oscore[i] = cvx_org_score(seg[i].s, seg[i].n);
    rscore[i] = cvx_role_score(seg[i].s, seg[i].n);
    const cvx_link *l = link_for(e, seg[i]);
    if (l && !words_over(seg[i].s, seg[i].n, 8)) oscore[i] += 2;
    /* "example.com/ru" beside the organisation is its address */
    const char *u;
    size_t ua, ub;
    if (!has_url && cvx_url_find(c->doc->arena, seg[i].s, seg[i].n, &u, &ua, &ub) && ua == 0 &&
        ub == seg[i].n && !memchr(seg[i].s, ' ', seg[i].n)) {
      url = u;
      has_url = true;
      seg[i].n = 0;
      oscore[i] = rscore[i] = 0;
      continue;
    }
    if (lab_pos.n) continue;
    if (rscore[i] > best_r && rscore[i] >= oscore[i]) {
      best_r = rscore[i];
      pos = i;
    }
  }
  /* an organisation standing on a line of its own (an employer line,
   * "Initech -") comes before one split off another line ("Engineer at
   * Initech Labs"), whatever their scores */
  bool org_line = false;
  for (int i = 0; i < ns && !lab_org.n; i++) {
    if (i == pos || !seg[i].n) continue;
    /* (a sentence on its own line describes: "The school is held every
     * year for students.") */
    bool line = own_line(t, n, seg[i]) && !cvx_is_person_name(seg[i].s, seg[i].n) && !sentence_like(seg[i]);
    /* (nor does one closed by its full stop name anyone: "Rebuilt the
     * pipeline for the analytics team." under the head's lines) */
    if (sentence_like(seg[i]) && orig[(size_t)(seg[i].s - t) + seg[i].n] == '.') continue;
    if (oscore[i] > 0 && ((line && !org_line) || (line == org_line && oscore[i] > best_o))) {
      best_o = oscore[i];
      org = i;
      org_line = line;
    }
  }
  /* fall back on order: the first unassigned short piece fills the gap */
  bool need_pos = !lab_pos.n, need_org = !lab_org.n;
  for (int i = 0; i < ns && ((need_pos && pos < 0) || (need_org && org < 0)); i++) {
    if (i == pos || i == org || !seg[i].n || words_over(seg[i].s, seg[i].n, 10)) continue;
    /* a word for duties alone on its line ("Highlights") labels what follows */
    if (list_label(seg[i]) && own_line(t, n, seg[i])) continue;
    /* a town of the city list, a region or a country (or its code) after
     * a comma is a place, no title ("Initech, Leeds", "Initech, Mumbai,
     * Maharashtra, IN") */
    if (i > 0 && (cvx_town_named(seg[i].s, seg[i].n) ||
                  ((isupper((unsigned char)seg[i].s[0]) || (unsigned char)seg[i].s[0] >= 0x80) &&
                   (cvx_place_find(seg[i].s, seg[i].n) || cvx_iso_country(seg[i].s, seg[i].n)))))
      continue;
    /* a description line under a named organisation is no title: "Built
     * the sample tracking service for the lab." */
    if (org >= 0 && pos < 0 && rscore[i] == 0 && sentence_like(seg[i])) continue;
    /* …nor a phrase in lower case closed by a full stop ("inventory audits.") */
    if (rscore[i] == 0 && seg[i].n > 2 && islower((unsigned char)seg[i].s[0]) &&
        orig[(size_t)(seg[i].s - t) + seg[i].n] == '.' && islower((unsigned char)seg[i].s[seg[i].n - 1]))
      continue;
    if (!need_pos) {
      org = i;
    } else if (!need_org) {
      pos = i;
    } else if (org < 0 && pos >= 0)
      org = i;
    else if (pos < 0 && org >= 0)
      pos = i;
    else if (c->role_first > 0) /* (as the section's heads that say so go) */
      pos = i;
    else
      org = i;
  }
  /* the order of a head's role and employer when a word vouched for one */
  if (pos >= 0 && org >= 0 && (rscore[pos] > 0 || oscore[org] > 0) && !same_line(seg[pos].s, seg[org].s))
    c->role_first = seg[pos].s < seg[org].s ? 1 : -1;
  /* a title no word vouches for that shares the organisation's line ("Org
   * – what it does") gives way to a piece on the dates' line ("Gestora de
   * Operações | 2019 – 2024"): the title goes with the dates */
  if (!lab_pos.n && pos >= 0 && org >= 0 && rscore[pos] == 0 && dated && d.mstart < n) {
    /* (t has the dates cut out as line ends: lines are read in orig) */
    const char *ds = orig + d.mstart, *so = orig + (seg[org].s - t);
    if (same_line(orig + (seg[pos].s - t), so) && !same_line(so, ds)) {
      for (int i = 0; i < ns; i++) {
        if (i == pos || i == org || !seg[i].n || rscore[i] < 0 || oscore[i] > 0 ||
            words_over(seg[i].s, seg[i].n, 6) || sentence_like(seg[i]))
          continue;
        size_t pa, pz;
        if (same_line(orig + (seg[i].s - t), ds) && !cvx_location_find(seg[i].s, seg[i].n, &pa, &pz)) {
          pos = i;
          break;
        }
      }
    }
  }
  /* "BRIGHTLOOM Senior SE": a capitalised name run, then the title */
  if (org < 0 && pos >= 0 && ns < MAX_SEGS) {
    piece p = seg[pos];
    size_t i = 0, last = 0;
    int caps = 0;
    while (i < p.n) {
      size_t w = i;
      while (w < p.n && p.s[w] != ' ') w++;
      bool up = w - i >= 2;
      for (size_t q = i; q < w && up; q++) up = !islower((unsigned char)p.s[q]) && (isalpha((unsigned char)p.s[q]) || p.s[q] == '&' || p.s[q] == '.');
      if (!up) break;
      caps++;
      last = w;
      i = w + 1;
    }
    piece rest = i < p.n ? trim_piece((piece){p.s + i, p.n - i}) : (piece){0};
    if (caps && last < p.n && rest.n && islower((unsigned char)rest.s[1 < rest.n ? 1 : 0]) &&
        cvx_role_score(rest.s, rest.n) > 0 && cvx_role_score(p.s, last) == 0) {
      seg[ns] = (piece){p.s, last};
      org = ns++;
      seg[pos] = rest;
    }
  }
  /* a short capitalised column beside the dates is the place: "03.2016 -
   * 11.2017 | Novosibirsk" */
  if (!loc.n && kind == CVX_REC_WORK && dated) {
    for (int i = 0; i < ns; i++) {
      if (i == pos || i == org || oscore[i] || rscore[i] || words_over(seg[i].s, seg[i].n, 3)) continue;
      size_t a = (size_t)(seg[i].s - t), z = a + seg[i].n;
      size_t lo = a < d.mstart ? a : d.mstart, hi = z > d.mend ? z : d.mend;
      if (memchr(orig + lo, '\n', hi - lo)) continue; /* t has the date cut out as newlines */
      bool ok = true;
      for (size_t q = 0; q < seg[i].n && ok; q++) ok = !isdigit((unsigned char)seg[i].s[q]);
      const char *w = seg[i].s;
      for (size_t q = 0; q < seg[i].n && ok; q++)
        if (q == 0 || seg[i].s[q - 1] == ' ') ok = isupper((unsigned char)w[q]) || (unsigned char)w[q] >= 0x80;
      if (!ok) continue;
      loc = (piece){orig + a, seg[i].n};
      seg[i].n = 0;
      break;
    }
  }
  field_model_assign(c, kind, orig, t, n, seg, ns, &pos, &org, &loc, lab_pos.n, lab_org.n, dated ? &d : NULL);
  if (e->head->kind == CVX_BLK_ROW && !e->title && !lab_pos.n && !lab_org.n) table_columns(c, e->head, t, seg, &pos, &org);
  /* a short capitalised name after the organisation's comma or dash,
   * ending its line, is its town, known to the place list or not
   * ("Quillfeather Press, Leeds", "Vauxmere Systems — Porto") */
  if (!loc.n && org >= 0 && org + 1 < ns && org + 1 != pos && seg[org].n && seg[org + 1].n) {
    piece p = seg[org + 1];
    size_t a = (size_t)(seg[org].s - t) + seg[org].n, z = (size_t)(p.s - t) + p.n, b = (size_t)(p.s - t);
    /* the separator: ", " or a spaced dash or bar */
    size_t g = a, h = b;
    while (g < h && t[g] == ' ') g++;
    while (h > g && t[h - 1] == ' ') h--;
    bool sep = (h == g + 1 && g == a && t[g] == ',') ||
               (g > a && h == g + 1 && (t[g] == '-' || t[g] == '|')) ||
               (g > a && h == g + 3 && (unsigned char)t[g] == 0xE2 && (unsigned char)t[g + 1] == 0x80 &&
                ((unsigned char)t[g + 2] == 0x93 || (unsigned char)t[g + 2] == 0x94));
    /* (the line may be left hanging on a dash after a dash: "Initech -
     * Leeds -"; "Oracle, Business Objects -" names two firms) */
    size_t ze = z;
    while (ze < n && t[ze] == ' ') ze++;
    if (ze > z && ze < n && t[ze] == '-' && g > a && t[g] == '-')
      for (ze++; ze < n && t[ze] == ' ';) ze++;
    else ze = z;
    bool ok = sep && b > a + 1 && t[b - 1] == ' ' && (ze == n || t[ze] == '\n') && !words_over(p.s, p.n, 2) &&
              !oscore[org + 1] && !rscore[org + 1];
    for (size_t q = 0; ok && q < p.n; q++)
      ok = !isdigit((unsigned char)p.s[q]) && (q > 0 && p.s[q - 1] != ' ' ? p.s[q] != ',' : isupper((unsigned char)p.s[q]) || (unsigned char)p.s[q] >= 0x80);
    /* (not an acronym, "Aerospace Center, DLR", nor a university's campus,
     * "University of California, Berkeley", part of its name) */
    ok = ok && !inner_capital(p); /* (nor a brand, "VeritasU") */
    /* the organisation's name starts as a name does */
    ok = ok && (isupper((unsigned char)seg[org].s[0]) || (unsigned char)seg[org].s[0] >= 0x80);
    for (size_t q = 0; ok && q + 9 <= seg[org].n; q++) ok = strncasecmp(seg[org].s + q, "universit", 9) != 0;
    cvx_daterange pd;
    if (ok && !cvx_date_find(p.s, p.n, &pd) && !cvx_is_person_name(p.s, p.n)) {
      loc = (piece){orig + (p.s - t), p.n};
      seg[org + 1].n = 0;
    }
  }
  /* a line of its own in a head that has its employer and its dates,
   * naming a town of the city list and nothing else, is its town
   * ("Initech" / "03/2020 - Present" / "Leeds" / "Engineer"), as a page
   * copied from a browser sets each field apart */
  if (!loc.n && kind == CVX_REC_WORK && dated && (org >= 0 || lab_org.n)) {
    for (int i = 0; i < ns && !loc.n; i++) {
      piece p = seg[i];
      if (i == pos || i == org || !p.n || !cvx_town_named(p.s, p.n)) continue;
      /* (on a line of its own in the head's text, orig: t has the dates
       * cut out as line ends) */
      size_t a = (size_t)(p.s - t);
      if ((a == 0 || orig[a - 1] == '\n') && (a + p.n == n || orig[a + p.n] == '\n')) {
        loc = (piece){orig + a, p.n};
        seg[i].n = 0;
      }
    }
  }
  /* a role the head took by order alone gives way to a line right under
   * the head that a role's words vouch for ("11/2020 - 03/2026" / "Leader
   * in roofing sheets" / "Senior Projects Engineer" / bullets): the head's
   * line tells what the employer does */
  const cvx_block *role_line = NULL;
  if (!lab_pos.n && (pos < 0 || rscore[pos] == 0) && kind == CVX_REC_WORK) {
    const cvx_block *b1 = e->head->next;
    if (b1 && b1 != e->end && b1->kind == CVX_BLK_PARA && b1->level == 0 &&
        short_role_line(b1, trim_piece((piece){b1->text, b1->len})) &&
        (!b1->next || b1->next == e->end || b1->next->level > 0 || b1->next->kind == CVX_BLK_ITEM))
      role_line = b1, pos = -1;
  }
  /* beside a role, an employer no word vouches for that reads as a phrase
   * ("Leader in rooftop solar panels for schools") is what the employer
   * does, not its name */
  if ((pos >= 0 || role_line) && !lab_org.n && org >= 0 && oscore[org] <= 0 && sentence_like(seg[org])) org = -1;
  if (lab_org.n) add_piece(c, r, org_key, lab_org, es);
  if (org >= 0) {
    add_piece(c, r, org_key, drop_duration_tail(seg[org]), es);
    const cvx_link *l = link_for(e, seg[org]);
    if (l && url_usable(l->url)) {
      cvx_record_add(c->doc, r, "url", l->url, l->span);
      has_url = false;
    }
  }
  if (has_url && url) add_piece(c, r, "url", (piece){url, strlen(url)}, es);
  if (lab_url.n && !cvx_record_get(r, "url") && !(has_url && url)) add_piece(c, r, "url", lab_url, url_at);
  /* "Research Intern @ [Vision Lab](url)" under a bold school name: the
   * linked unit's page is the entry's page */
  if (!cvx_record_get(r, "url") && !has_url) {
    for (const cvx_block *b = e->title ? e->title : e->head; b && b != e->end && !cvx_record_get(r, "url"); b = b->next) {
      for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
        const cvx_link *l = &cvx_block_links(b)[i];
        size_t ln = strlen(l->text);
        if (url_usable(l->url) && ln && !words_over(l->text, ln, 8) && cvx_org_score(l->text, ln) > 0 &&
            !cvx_is_person_name(l->text, ln)) {
          cvx_record_add(c->doc, r, "url", l->url, l->span);
          break;
        }
      }
      if (b == e->head) break;
    }
  }
  if (lab_pos.n) add_piece(c, r, "position", lab_pos, es);
  if (pos >= 0) add_piece(c, r, "position", seg[pos], es);
  if (loc.n && kind == CVX_REC_WORK) add_piece(c, r, "location", loc, es);
  if (dated) add_dates(c, r, &d, kind, date_span(c, &d, orig, es));
  /* a short last line of the head over the bullets or the text below
   * ("Highlights", "Key projects:") labels them: no summary */
  const cvx_block *below = e->head->next != e->end ? e->head->next : NULL;
  for (int i = 0; i < ns; i++) {
    if (i == pos || i == org || !seg[i].n) continue;
    if (below && list_label(seg[i]) && own_line(t, n, seg[i]) && !trim_piece((piece){seg[i].s + seg[i].n, n - (size_t)(seg[i].s + seg[i].n - t)}).n)
    {
      cvx_span sp = cvx_doc_locaten(c->doc, es, seg[i].s, seg[i].n);
      if (cvx_span_valid(sp)) cvx_doc_take(c->doc, sp);
      continue;
    }
    if (summary.len) cvx_buf_puts(&summary, "; ");
    cvx_buf_put(&summary, seg[i].s, seg[i].n);
  }
  /* children: organisation or dates that the head lacked, then highlights */
  int child = -1;
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
    if (b == e->head) continue;
    child++;
    piece p = joined(c, b);
    if (!p.n) continue;
    /* under a head that named no role, a short line at the margin after a
     * first child set deeper (what the employer does), over the bullets or
     * the end, is the role ("11/2023 - 10/2025" / "Initech builds tools for
     * …" / "Senior Engineer" / bullets) */
    if (b == role_line) {
      add_piece(c, r, "position", p, b->span);
      continue;
    }
    const cvx_block *b0 = e->head->next; /* (the first child, which tells) */
    if (child == 1 && kind == CVX_REC_WORK && !cvx_record_get(r, "position") &&
        ((b->kind == CVX_BLK_PARA && b->level == 0) || (b->kind == CVX_BLK_HEADING && b0->kind == CVX_BLK_HEADING)) &&
        (b0->kind == CVX_BLK_PARA ? b0->level > 0 : b0->kind == CVX_BLK_HEADING && words_over(b0->text, b0->len, 8)) &&
        short_role_line(b, p) &&
        (b->next == e->end || !b->next || (b->next->kind == CVX_BLK_PARA && b->next->level > 0) || b->next->kind == CVX_BLK_ITEM)) {
      add_piece(c, r, "position", p, b->span);
      continue;
    }
    piece bl, bv;
    bool labelled = false; /* "Research topic: Data mining": a detail of its label's */
    if (split_label((piece){b->text, b->len}, &bl, &bv)) {
      labelled = bv.n > 0;
      bool field = label_in(bl, position_labels) || label_in(bl, company_labels) || label_in(bl, place_labels);
      if ((field && bv.n && !memchr(bv.s, '\n', bv.n)) || (label_in(bl, duty_labels) && !bv.n)) {
        cvx_doc_take(c->doc, b->span);
        continue;
      }
      if (label_in(bl, duty_labels)) {
        /* "Achievements: text": the text is the highlight */
        char *v = cvx_arena_strndup(c->doc->arena, bv.s, bv.n);
        for (char *q = v; *q; q++)
          if (*q == '\n' || *q == '\t') *q = ' ';
        p = (piece){v, bv.n};
      }
    }
    /* a short line over the bullets labels them, as "Responsibilities:" does */
    if (b->kind != CVX_BLK_ITEM && b->next && b->next != e->end && b->next->kind == CVX_BLK_ITEM &&
        !memchr(b->text, '\n', b->len) && list_label(p)) {
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    cvx_daterange cd;
    if (!cvx_record_get(r, "startDate") && !cvx_record_get(r, "endDate") &&
        cvx_date_find(p.s, p.n, &cd) && cd.mend - cd.mstart + 12 >= p.n) {
      add_dates(c, r, &cd, kind, b->span);
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    /* the first nested line under a role names its organisation, with the
     * place after it: "Example Research Center (ERC), Heidelberg, Germany" */
    piece core = p, place = {0};
    size_t pa, pz;
    bool first_child = b == e->head->next;
    /* the first line under the head that is a place and nothing else
     * ("Leipzig, Germany", "Austin, TX") is where the job was */
    if (first_child && kind == CVX_REC_WORK && !cvx_record_get(r, "location") && !memchr(b->text, '\n', b->len) &&
        place_alone(p)) {
      add_piece(c, r, "location", p, b->span);
      continue;
    }
    if (first_child && !cvx_record_get(r, org_key) && kind == CVX_REC_WORK && !cvx_record_get(r, "location") &&
        cvx_location_find(p.s, p.n, &pa, &pz) && pa > 2 && p.s[pa - 2] == ',' &&
        !trim_piece((piece){p.s + pz, p.n - pz}).n) {
      core = trim_piece((piece){p.s, pa - 2});
      place = (piece){p.s + pa, pz - pa};
    }
    /* under a head of dates alone, a short first line is the head's words:
     * "Python Trainer at CodeHarbor (IT training)", "Программист в Lumora" */
    if (first_child && !cvx_record_get(r, org_key) && !cvx_record_get(r, "position") && !memchr(b->text, '\n', b->len) &&
        !words_over(p.s, p.n, 10) && !sentence_like(p) && role_at_org(c, r, org_key, p, b->span))
      continue;
    /* under a head that named neither, a short first line closed by a colon
     * ("Kitchen Hand:", "Northwind Ltd:") titles the description below it:
     * the organisation when it reads as one, else the role */
    if (first_child && kind == CVX_REC_WORK && !cvx_record_get(r, org_key) && !cvx_record_get(r, "position") &&
        b->len > 1 && b->text[b->len - 1] == ':' && !memchr(b->text, '\n', b->len) && b->next != e->end &&
        !words_over(p.s, p.n, 6)) {
      piece title = trim_piece(p.s[p.n - 1] == ':' ? (piece){p.s, p.n - 1} : p);
      if (title.n && has_alnum(title.s, title.n) && !sentence_like(title)) {
        int os = cvx_org_score(title.s, title.n), rs = cvx_role_score(title.s, title.n);
        add_piece(c, r, os > 0 && os > rs ? org_key : "position", title, b->span);
        continue;
      }
    }
    /* the scores only when the line could still name the organisation */
    bool names_org = false;
    /* (a line closed by a full stop after a word in lower case, "client
     * onboarding, data migration, training.", tells; it names nothing) */
    bool told = core.n >= 3 && core.s[core.n - 1] == '.' && islower((unsigned char)core.s[core.n - 2]) &&
                islower((unsigned char)core.s[core.n - 3]);
    if (!cvx_record_get(r, org_key) && !words_over(core.s, core.n, 8) && !told && !labelled &&
        (b->kind != CVX_BLK_ITEM || (first_child && (place.n || !sentence_like(core))))) {
      /* (a later bullet is a duty, and so is a phrase with no place after it) */
      int os = cvx_org_score(core.s, core.n);
      if (os > 0) {
        int rs = cvx_role_score(core.s, core.n);
        names_org = rs == 0 || (first_child && rs <= os);
      }
    }
    if (names_org) {
      add_piece(c, r, org_key, core, b->span);
      if (place.n) add_piece(c, r, "location", place, b->span);
      continue;
    }
    add_piece(c, r, "highlights", p, b->span);
  }
  if (summary.len) add_str(c, r, "summary", summary.ptr, es);
  cvx_buf_free(&summary);
  entry_group(c, r, e, org_key, "position");
}

/* ------------------------------------------------------------ education */

/* The figures of a "GPA: 3.72/4.0 (88.16/100)" or "GPA 5.00/5.00 - Transcript"
 * mention in p; *at gets the offset of "GPA". Empty when there is none. */
static piece gpa_figures(piece p, size_t *at) {
  const char *t = p.s;
  size_t n = p.n;
  for (size_t i = 0; i + 3 < n; i++) {
    if (strncmp(t + i, "GPA", 3) != 0 || (i > 0 && isalpha((unsigned char)t[i - 1])) || isalpha((unsigned char)t[i + 3]))
      continue;
    size_t a = i + 3;
    while (a < n) {
      if (t[a] == ':' || t[a] == ' ') a++;
      else if (a + 2 < n && (unsigned char)t[a] == 0xEF && (unsigned char)t[a + 1] == 0xBC && (unsigned char)t[a + 2] == 0x9A)
        a += 3; /* full-width colon */
      else break;
    }
    if (a >= n || !isdigit((unsigned char)t[a])) continue;
    size_t z = a;
    while (z < n && (isdigit((unsigned char)t[z]) || t[z] == '.' || t[z] == '/' || t[z] == '(' || t[z] == ')' || t[z] == ' '))
      z++;
    piece sc = trim_piece((piece){t + a, z - a});
    /* keep a closing bracket that trim_piece balanced away */
    size_t ob = 0, cb = 0;
    for (size_t q = 0; q < sc.n; q++) ob += sc.s[q] == '(', cb += sc.s[q] == ')';
    if (ob && ob == cb + 1 && sc.s + sc.n < t + z && sc.s[sc.n] == ')') sc.n++;
    if (!sc.n) continue;
    *at = i;
    return sc;
  }
  return (piece){0};
}

/* A class taken: "Natural Language Processing (Spring 2012)" with a first
 * detail "Via Example University's online courses" (t is orig with the dates
 * cut out). The class is the area, the provider the institution, further
 * details highlights. Returns false (adding nothing) for any other shape. */
static bool course_entry(ctx *c, const entry *e, cvx_record *r, const char *orig, const char *t, size_t n) {
  static const char *const via[] = {"via ", "through ", "offered by ", "taught by ", NULL};
  const cvx_block *d = e->head->next;
  if (e->title || !d || d == e->end || strchr(orig, '\n')) return false;
  const char *st;
  size_t ds, de;
  piece name = trim_piece((piece){t, n});
  if (!name.n || words_over(name.s, name.n, 10) || cvx_degree_find(t, n, &st, &ds, &de)) return false;
  piece p = joined(c, d);
  int k = -1;
  for (int i = 0; via[i] && k < 0; i++)
    if (starts_ci(p.s, p.n, via[i])) k = i;
  if (k < 0) return false;
  piece inst = trim_piece((piece){p.s + strlen(via[k]), p.n - strlen(via[k])});
  if (!inst.n || words_over(inst.s, inst.n, 8)) return false;
  cvx_span es = entry_span(e);
  add_piece(c, r, "institution", inst, d->span);
  add_piece(c, r, "area", (piece){orig + (name.s - t), name.n}, es);
  cvx_doc_take(c->doc, d->span);
  for (const cvx_block *b = d->next; b && b != e->end; b = b->next) add_piece(c, r, "highlights", joined(c, b), b->span);
  return true;
}

/* A line of an education entry that starts with a degree written the way
 * degree lists do even when the abbreviation is an ordinary word elsewhere
 * ("MCA", "BE (Computer Science)", "HSC in Science"): the degree alone, or
 * followed by "in", "of", "(" or ",". Sets the canonical form and the
 * abbreviation's offsets in t. */
static bool degree_line(const char *t, size_t n, const char **st, size_t *ds, size_t *de) {
  size_t a = 0;
  while (a < n && is_ws((unsigned char)t[a])) a++;
  size_t z = a;
  while (z < n && (isalpha((unsigned char)t[z]) || t[z] == '.')) z++;
  if (z == a || z - a > 8) return false;
  size_t stop = z;
  while (stop < n && t[stop] != '\n') stop++;
  const char *canon = cvx_degree_canonical(t + a, stop - a);
  if (!canon && z - a >= 2 && z - a <= 4 && stop - z < 120) {
    /* "BE (Computer Science)", "ME in Design": an abbreviation that reads as
     * a degree only with its dots is one at the start of a degree line */
    char dotted[140];
    size_t o = 0;
    for (size_t i = a; i < z && isupper((unsigned char)t[i]); i++) {
      dotted[o++] = t[i];
      dotted[o++] = '.';
    }
    if (o == 2 * (z - a)) {
      memcpy(dotted + o, t + z, stop - z);
      canon = cvx_degree_canonical(dotted, o + (stop - z));
    }
  }
  if (!canon) return false;
  *st = canon;
  *ds = a;
  *de = z;
  return true;
}

/* The field labeller's word on an education header, as
 * field_model_assign's on a work header: the rules' degree [ds, de), area,
 * institution segment inst, place [ls, le) and dates d, per byte of orig,
 * go to the sink and the model; a segment most of whose words the model
 * labels ORG becomes the institution (with the ORG segments after it on its
 * line: "Example College, Example University"), and where the degree grammar
 * found no degree, the words it labels DEGREE are the study type (the words
 * after "in" the area). */
static void field_model_education(ctx *c, const char *orig, const char *t, size_t n, piece *seg, int ns, int *inst,
                                  const char **st, size_t ds, size_t de, piece area, size_t ls, size_t le,
                                  const cvx_daterange *d, piece *degree, piece *darea) {
  if (!n || n > CVX_FIELD_MAX_BYTES || (!c->doc->field_sink && !cvx_field_active())) return;
  unsigned char rule[CVX_FIELD_MAX_BYTES];
  memset(rule, CVX_FLD_O, n);
  if (*st && de <= n && ds < de) memset(rule + ds, CVX_FLD_DEGREE, de - ds);
  if (area.n && area.s >= orig && area.s + area.n <= orig + n) memset(rule + (area.s - orig), CVX_FLD_AREA, area.n);
  if (le <= n && ls < le) memset(rule + ls, CVX_FLD_PLACE, le - ls);
  if (*inst >= 0 && seg[*inst].n) memset(rule + (seg[*inst].s - t), CVX_FLD_ORG, seg[*inst].n);
  if (d && d->mend <= n && d->mstart < d->mend) memset(rule + d->mstart, CVX_FLD_DATE, d->mend - d->mstart);
  if (c->doc->field_sink) c->doc->field_sink->fn(c->doc->field_sink->ctx, CVX_REC_EDUCATION, orig, n, rule);
  cvx_ftok tok[CVX_FIELD_MAX_TOKENS + 1];
  int lab[CVX_FIELD_MAX_TOKENS];
  size_t nt = cvx_field_tokens(orig, n, tok, CVX_FIELD_MAX_TOKENS);
  if (nt > CVX_FIELD_MAX_TOKENS || !cvx_field_label(CVX_REC_EDUCATION, orig, n, tok, nt, rule, lab)) return;
  int seg_lab[MAX_SEGS], morg = -1;
  segment_labels(t, seg, ns, tok, nt, lab, seg_lab);
  for (int i = 0; i < ns && morg < 0; i++)
    if (seg_lab[i] == CVX_FLD_ORG) morg = i;
  /* not the piece the rules read as the field when the rules' school is
   * one the model reads so too ("BSc Mathematics | University of Hull") */
  if (morg >= 0 && *inst >= 0 && *inst < ns && morg != *inst && seg_lab[*inst] == CVX_FLD_ORG && seg[*inst].n &&
      area.n && area.s >= orig) {
    size_t ma = (size_t)(seg[morg].s - t), mz = ma + seg[morg].n, aa = (size_t)(area.s - orig), az = aa + area.n;
    if (ma < az && aa < mz) morg = *inst;
  }
  if (morg >= 0) {
    *inst = morg;
    for (int j = morg + 1; j < ns && seg_lab[j] == CVX_FLD_ORG; j++) {
      const char *end = seg[morg].s + seg[morg].n;
      bool joinable = seg[j].s > end;
      int opens = 0;
      for (const char *q = end; q < seg[j].s && joinable; q++) {
        opens += *q == '(';
        joinable = *q != '\n' && *q != ')' && *q != '\t'; /* (a table's column ends a name) */
      }
      /* the school's own name in brackets after it ("Example College
       * (Example University)") is part of the institution, brackets and all */
      const char *close = seg[j].s + seg[j].n;
      while (close < t + n && *close == ' ') close++;
      bool bracketed = opens == 1 && close < t + n && *close == ')';
      if (opens > (bracketed ? 1 : 0)) joinable = false;
      /* only a piece that reads as an organisation itself joins (a city, a
       * field of study after the name stay apart) */
      if (joinable && cvx_org_score(seg[j].s, seg[j].n) == 0) joinable = false;
      if (!joinable) break;
      seg[morg].n = (size_t)((bracketed ? close + 1 : seg[j].s + seg[j].n) - seg[morg].s);
      seg[j].n = 0;
    }
  }
  if (*st) return;
  /* the first run of DEGREE words, on one line, in a segment of t (not cut) */
  size_t k = 0;
  while (k < nt && lab[k] != CVX_FLD_DEGREE) k++;
  if (k == nt || tok[k].sep) return;
  size_t z = k;
  while (z + 1 < nt && lab[z + 1] == CVX_FLD_DEGREE && tok[z + 1].line == tok[k].line) z++;
  while (z > k && tok[z].sep) z--;
  size_t a = tok[k].a, b = tok[z].z;
  for (size_t q = a; q < b; q++)
    if (t[q] != orig[q]) return; /* cut: the rules took it */
  /* "B E in Production Engineering": the words after "in" are the area */
  size_t split = b;
  for (size_t q = k + 1; q < z; q++) {
    size_t wn = tok[q].z - tok[q].a;
    if (wn == 2 && (strncasecmp(orig + tok[q].a, "in", 2) == 0 || strncasecmp(orig + tok[q].a, "of", 2) == 0) &&
        q > k) {
      split = tok[q].a;
      *darea = (piece){orig + tok[q + 1].a, b - tok[q + 1].a};
      break;
    }
  }
  *degree = trim_piece((piece){orig + a, split - a});
  const char *canon = cvx_degree_canonical(degree->s, degree->n);
  *st = canon ? canon : "";
  /* the degree's words leave the segments they were in */
  for (int i = 0; i < ns; i++) {
    size_t sa = (size_t)(seg[i].s - t), sz = sa + seg[i].n;
    if (!seg[i].n || sa >= b || sz <= a) continue;
    if (sa < a) seg[i] = trim_piece((piece){seg[i].s, a - sa});
    else if (sz > b) seg[i] = trim_piece((piece){t + b, sz - b});
    else seg[i].n = 0;
    if (i == *inst && !seg[i].n) *inst = -1;
  }
}

/* Whether p ends in a word that heads a field of study ("… Engineering",
 * "… Management", "… Sciences"). */
static bool field_tail(piece p) {
  static const char *const heads[] = {"engineering", "science", "sciences", "studies", "management",
                                      "administration", "mathematics", "physics", "chemistry", "biology",
                                      "economics", "informatics", "linguistics", "design", "arts", "law",
                                      "medicine", "psychology", "philosophy", NULL};
  p = trim_piece(p);
  size_t a = p.n;
  while (a > 0 && p.s[a - 1] != ' ') a--;
  return a < p.n && isupper((unsigned char)p.s[0]) && label_in((piece){p.s + a, p.n - a}, heads);
}

/* Whether a line names an honour by its words ("Travel Award", "Lord
 * Example Scholarship", "Best Paper Award at Example Conference"). */
static bool names_award(piece p) {
  if (!p.n || words_over(p.s, p.n, 12)) return false;
  return cvx_section_classify(p.s, p.n) == CVX_REC_AWARD || cvx_section_names_more(p.s, p.n, CVX_REC_AWARD);
}

/* seg[i] and, when a colon follows it, the segments after it on its line
 * (none of them skip): one detail "Thesis: Stability of tidal bores",
 * "Advisors: Ada Bo, Li Wei", not a label and its value apart. The
 * segments taken are emptied. */
static piece labelled_run(const char *t, size_t n, piece *seg, int ns, int i, int skip) {
  piece p = seg[i];
  size_t z = (size_t)(seg[i].s - t) + seg[i].n, q = z;
  while (q < n && t[q] == ' ') q++;
  if (q >= n || t[q] != ':') return p;
  for (int j = i + 1; j < ns && j != skip && seg[j].n; j++) {
    size_t a = (size_t)(seg[j].s - t);
    if (a < z) break;
    bool gap = true;
    for (size_t k = z; k < a && gap; k++) gap = t[k] == ' ' || t[k] == ':' || t[k] == ',' || t[k] == ';';
    if (!gap) break;
    p.n = a + seg[j].n - (size_t)(p.s - t);
    z = a + seg[j].n;
    seg[j].n = 0;
  }
  return p;
}

/* Whether p ends with w (ASCII case ignored). */
static bool ends_ci(piece p, const char *w) {
  size_t m = strlen(w);
  return p.n >= m && strncasecmp(p.s + p.n - m, w, m) == 0;
}

/* A field of study without the word that joins it to its degree: "in
 * Nursing" (after "BSN") is Nursing. */
static piece field_words(piece p) {
  p = trim_piece(p);
  if (p.n > 3 && (starts_ci(p.s, p.n, "in ") || starts_ci(p.s, p.n, "of "))) p = trim_piece((piece){p.s + 3, p.n - 3});
  return p;
}

/* Adds the field of study p without its joining word, read from the span
 * of all of p (the word is the field's, not text left unread). */
static void add_area(ctx *c, cvx_record *r, piece p, cvx_span within) {
  piece q = field_words(p);
  if (!r || !q.n) return;
  cvx_span sp = cvx_doc_locaten(c->doc, within, p.s, p.n);
  cvx_record_addn(c->doc, r, "area", q.s, q.n, cvx_span_valid(sp) ? sp : within);
}

static void parse_education(ctx *c, const entry *e) {
  cvx_span es = entry_span(e);
  cvx_record *r = cvx_record_new(c->doc, CVX_REC_EDUCATION, c->origin, es);
  if (!r) return;
  char *orig = head_text(c, e);
  char *t = cvx_arena_strdup(c->doc->arena, orig);
  size_t n = strlen(t);
  cvx_daterange d;
  bool dated = take_dates(t, n, &d);
  if (course_entry(c, e, r, orig, t, n)) {
    if (dated) add_dates(c, r, &d, CVX_REC_EDUCATION, date_span(c, &d, orig, es));
    return;
  }
  /* "Specialty: X" lines name the field; the labels of the other fields
   * ("Degree:", "College:", "Year of Passing:") are read past, their values
   * read as the lines would be without them */
  for (size_t ls0 = 0, i = 0; i <= n; i++) {
    if (i < n && t[i] != '\n') continue;
    piece l, v;
    if (split_label((piece){t + ls0, i - ls0}, &l, &v)) {
      cvx_label_slot fl = cvx_entry_field_label(l.s, l.n);
      if (!v.n && fl != CVX_FL_DATES) fl = CVX_FL_NONE;
      if (!v.n) {
        /* nothing to read */
      } else if ((label_in(l, field_labels) || fl == CVX_FL_FIELD) && !cvx_record_get(r, "area")) {
        add_piece(c, r, "area", (piece){orig + (v.s - t), v.n}, es);
        take_label(c, es, orig, t, l);
        cut(t, ls0, i);
      }
      if (fl != CVX_FL_NONE && fl != CVX_FL_POSITION && fl != CVX_FL_DUTIES && fl != CVX_FL_FIELD) {
        /* (the dates were taken already: "Year of Passing:" is left) */
        take_label(c, es, orig, t, l);
        cut(t, (size_t)(l.s - t), v.n ? (size_t)(v.s - t) : i);
      }
    }
    ls0 = i + 1;
  }
  /* a table row under a header that names its columns: the school's
   * column is the institution, the degree's column the degree, an
   * abbreviation before the field when the grammar knows no such degree
   * ("BA Visual Communication" under "Degree") */
  const char *st_unused;
  size_t ds_unused, de_unused;
  for (size_t from = 0, i = 0, col = 0; e->head->kind == CVX_BLK_ROW && c->ntable_heads && i <= n; i++) {
    if (i < n && orig[i] != '\t' && orig[i] != '\n') continue;
    piece cell = trim_piece((piece){orig + from, i - from});
    cvx_label_slot sl = column_slot(c, e->head, (int)col);
    if (cell.n && (sl == CVX_FL_SCHOOL || sl == CVX_FL_ORG) && !cvx_record_get(r, "institution") &&
        !words_over(cell.s, cell.n, 10)) {
      add_piece(c, r, "institution", cell, es);
      cut(t, from, i);
    } else if (cell.n && sl == CVX_FL_DEGREE && !cvx_record_get(r, "studyType") &&
               !cvx_degree_find(t + from, i - from, &st_unused, &ds_unused, &de_unused)) {
      size_t w = 0, upper = 0;
      while (w < cell.n && cell.s[w] != ' ') upper += isupper((unsigned char)cell.s[w]) != 0, w++;
      bool abbrev = w >= 2 && w <= 6 && upper >= 2;
      for (size_t q = 0; q < w && abbrev; q++) abbrev = isalpha((unsigned char)cell.s[q]) || cell.s[q] == '.';
      if (abbrev) {
        add_piece(c, r, "studyType", (piece){cell.s, w}, es);
        piece rest = trim_piece((piece){cell.s + w, cell.n - w});
        if (rest.n && !cvx_record_get(r, "area")) add_piece(c, r, "area", rest, es);
        cut(t, from, i);
      }
    }
    if (i == n || orig[i] == '\n') break;
    col++;
    from = i + 1;
  }
  const char *st = NULL;
  size_t ds = 0, de = 0;
  piece rule_area = {0};
  bool degree = cvx_degree_find(t, n, &st, &ds, &de);
  for (size_t ls0 = 0, i = 0; !degree && i <= n; i++) { /* a degree line in degree-list style */
    if (i < n && t[i] != '\n') continue;
    if (degree_line(t + ls0, i - ls0, &st, &ds, &de)) {
      degree = true;
      ds += ls0;
      de += ls0;
    }
    ls0 = i + 1;
  }
  if (degree) {
    /* the degrees joined to it ("MSc & BSc in X") are read with it: the
     * field after them is theirs too */
    de = cvx_degree_run_end(t, n, de);
    cvx_record_add(c->doc, r, "studyType", st, date_span(c, &(cvx_daterange){.mstart = ds, .mend = de}, orig, es));
    /* the degree's abbreviation after a dash is the same degree ("Master of
     * Science - MS, Computer Science", as networking sites export it) */
    {
      size_t q = de;
      while (q < n && t[q] == ' ') q++;
      size_t dash = 0; /* "-", "–" or "—" */
      if (q < n && t[q] == '-')
        dash = 1;
      else if (q + 2 < n && (unsigned char)t[q] == 0xE2 && (unsigned char)t[q + 1] == 0x80 &&
               ((unsigned char)t[q + 2] == 0x93 || (unsigned char)t[q + 2] == 0x94))
        dash = 3;
      if (dash && q > de) {
        size_t w = q + dash;
        while (w < n && t[w] == ' ') w++;
        size_t we = w;
        while (we < n && t[we] != ',' && t[we] != '\n' && t[we] != ' ') we++;
        const char *st2;
        size_t a2, e2;
        if (we > w && we - w <= 8 && cvx_degree_find(t + w, we - w, &st2, &a2, &e2) && a2 == 0 && e2 == we - w &&
            strcmp(st2, st) == 0)
          de = we;
      }
    }
    /* area: "in X" / "of X" right after the degree, up to the next separator */
    size_t a = de;
    while (a < n && (t[a] == ' ' || t[a] == '.' || t[a] == ',')) a++;
    if (starts_ci(t + a, n - a, "degree ")) a += 7;
    /* an honours class in brackets after the degree qualifies it: "BA
     * (Hons) in Geography", "BSc (Honours) Physics" */
    if (a < n && t[a] == '(') {
      static const char *const honours[] = {"hons", "hons.", "honours", "honors", "first class", "cum laude",
                                            "magna cum laude", "summa cum laude", "with distinction",
                                            "distinction", "merit", NULL};
      const char *close = memchr(t + a, ')', n - a < 40 ? n - a : 40);
      piece in = close ? trim_piece((piece){t + a + 1, (size_t)(close - t) - a - 1}) : (piece){0};
      bool hon = false;
      for (int k = 0; honours[k] && in.n && !hon; k++) hon = eq_fold(in.s, in.n, honours[k]);
      /* …and so does the degree's own abbreviation there: "Master of
       * Science (MSc) in Data Science" */
      const char *st3;
      size_t a3, e3;
      if (!hon && in.n && in.n <= 12 && cvx_degree_find(in.s, in.n, &st3, &a3, &e3) && a3 == 0 && e3 == in.n)
        hon = true;
      if (hon) {
        a = (size_t)(close - t) + 1;
        while (a < n && (t[a] == ' ' || t[a] == ',')) a++;
      }
    }
    /* "in" / "of" may end a hard-wrapped line: "Ph.D in\nOptics\nfrom X";
     * "en", "em", "de" join a field to its degree as they do ("Máster en
     * Física", "Mestrado em Química") */
    size_t w = a;
    bool in_of = false;
    while (w < n && is_ws((unsigned char)t[w])) w++;
    if ((starts_ci(t + w, n - w, "in") || starts_ci(t + w, n - w, "of") || starts_ci(t + w, n - w, "en") ||
         starts_ci(t + w, n - w, "em") || starts_ci(t + w, n - w, "de")) &&
        w + 2 < n && is_ws((unsigned char)t[w + 2])) {
      in_of = true;
      a = w + 2;
      while (a < n && is_ws((unsigned char)t[a])) a++;
    } else if (a < n && t[a] == '(') {
      a++;
    }
    while (a < n && (t[a] == ' ' || t[a] == '\t' || t[a] == ':')) a++; /* (the field may be the next column) */
    size_t b = a;
    while (b < n && t[b] != ',' && t[b] != '\n' && t[b] != '(' && t[b] != ')' && t[b] != ';' &&
           t[b] != '|' && t[b] != '\t' &&
           !(t[b] == ' ' && b + 2 < n &&
             (t[b + 1] == '-' || (unsigned char)t[b + 1] == 0xE2 ||
              ((unsigned char)t[b + 1] == 0xC2 && (unsigned char)t[b + 2] == 0xB7))) && /* " - ", " – ", " · " */
           !(t[b] == ' ' && b + 2 < n && t[b + 1] == '/' && t[b + 2] == ' ') && /* "MSc X / School" */
           !(t[b] == ' ' && (starts_ci(t + b, n - b, " at ") || starts_ci(t + b, n - b, " from "))))
      b++;
    piece area = trim_piece((piece){t + a, b - a});
    if (starts_ci(area.s, area.n, "from ") || starts_ci(area.s, area.n, "at ")) area.n = 0;
    /* after "in", words such as "Systems" name a field, not a school; so
     * they do right after the degree when the head names a school
     * elsewhere ("MSc Information Technologies, University of Hull") or
     * the entry has its school already: an entry names one school */
    bool school = area.n && cvx_school_named(area.s, area.n);
    if (area.n && !words_over(area.s, area.n, 8) &&
        (cvx_org_score(area.s, area.n) == 0 ||
         (!school && (in_of || cvx_school_named(t, ds) || cvx_school_named(t + b, n - b) ||
                      cvx_record_get(r, "institution")))) &&
        !cvx_record_get(r, "area")) {
      rule_area = (piece){orig + (area.s - t), area.n};
      add_piece(c, r, "area", rule_area, es);
    } else
      b = a;
    cut(t, ds, b > de ? b : de);
  }
  size_t ls = 0, le = 0;
  if (cvx_location_find(t, n, &ls, &le)) cut(t, ls, le);
  else ls = le = 0;
  /* "GPA: 3.72/4.0 (88.16/100)", "GPA 5.00/5.00 - Transcript": the figures */
  {
    size_t at;
    piece sc = gpa_figures((piece){orig, n}, &at);
    if (sc.n) {
      add_piece(c, r, "score", sc, es);
      cut(t, at, (size_t)(sc.s - orig) + sc.n);
    }
  }
  piece seg[MAX_SEGS];
  int ns = split_segments(t, n, true, seg, MAX_SEGS);
  int inst = -1, best = 0;
  /* "from Example University": the preposition is no part of the name */
  for (int i = 0; i < ns; i++) {
    if (starts_ci(seg[i].s, seg[i].n, "from ")) seg[i] = trim_piece((piece){seg[i].s + 5, seg[i].n - 5});
    else if (seg[i].n == 4 && starts_ci(seg[i].s, seg[i].n, "from")) seg[i].n = 0;
  }
  const char *eurl = NULL;
  for (int i = 0; i < ns; i++) {
    /* "(example.org)" beside the school is its address */
    const char *u;
    size_t ua, ub;
    if (!eurl && cvx_url_find(c->doc->arena, seg[i].s, seg[i].n, &u, &ua, &ub) && ua == 0 && ub == seg[i].n &&
        !memchr(seg[i].s, ' ', seg[i].n) && !memchr(seg[i].s, '@', seg[i].n)) {
      eurl = u;
      seg[i].n = 0;
      continue;
    }
    int s = cvx_org_score(seg[i].s, seg[i].n);
    if (link_for(e, seg[i])) s += 1;
    /* "Graduate school in computer science": a programme in a field, not a name */
    for (size_t q = 0; s > 0 && q + 5 < seg[i].n; q++)
      if (seg[i].s[q] == ' ' && strncmp(seg[i].s + q, " in ", 4) == 0 && islower((unsigned char)seg[i].s[q + 4])) s--;
    if (s > best) {
      best = s;
      inst = i;
    }
  }
  if (inst < 0 && ns > 0 && seg[0].n && !words_over(seg[0].s, seg[0].n, 8) &&
      (st || isupper((unsigned char)seg[0].s[0]) || (unsigned char)seg[0].s[0] >= 0x80))
    inst = 0;
  {
    piece mdeg = {0}, marea = {0};
    field_model_education(c, orig, t, n, seg, ns, &inst, &st, ds, de, rule_area, ls, le, dated ? &d : NULL, &mdeg,
                          &marea);
    if (mdeg.n && !cvx_record_get(r, "studyType")) {
      if (*st) cvx_record_add(c->doc, r, "studyType", st, date_span(c, &(cvx_daterange){.mstart = (size_t)(mdeg.s - orig), .mend = (size_t)(mdeg.s - orig) + mdeg.n}, orig, es));
      else {
        /* (without the word that joins the field to it: "BSN in") */
        if (mdeg.n > 3 && (ends_ci(mdeg, " in") || ends_ci(mdeg, " of"))) mdeg = trim_piece((piece){mdeg.s, mdeg.n - 3});
        add_piece(c, r, "studyType", mdeg, es);
      }
      if (marea.n && !cvx_record_get(r, "area")) add_area(c, r, marea, es);
    }
  }
  if (inst >= 0) {
    /* "Example University. Thesis on X. Coursework": the name ends at the
     * first sentence stop */
    piece ip = seg[inst];
    if (words_over(ip.s, ip.n, 6)) {
      for (size_t i = 2; i + 2 < ip.n; i++) {
        if (ip.s[i] == '.' && ip.s[i + 1] == ' ' && isupper((unsigned char)ip.s[i + 2]) &&
            islower((unsigned char)ip.s[i - 1]) && islower((unsigned char)ip.s[i - 2]) &&
            cvx_org_score(ip.s, i) > 0) {
          seg[inst].n = i;
          if (ns < MAX_SEGS) seg[ns++] = trim_piece((piece){ip.s + i + 1, ip.n - i - 1});
          break;
        }
      }
    }
    if (!cvx_record_get(r, "institution")) add_piece(c, r, "institution", seg[inst], es);
    const cvx_link *l = link_for(e, seg[inst]);
    if (l && url_usable(l->url)) cvx_record_add(c->doc, r, "url", l->url, l->span);
    else if (eurl) add_str(c, r, "url", eurl, es);
  }
  if (dated) add_dates(c, r, &d, CVX_REC_EDUCATION, date_span(c, &d, orig, es));
  for (int i = 0; i < ns; i++) {
    if (i == inst) continue;
    if (looks_key_value(seg[i], "GPA") || looks_key_value(seg[i], "grade")) {
      add_piece(c, r, "score", seg[i], es);
      continue;
    }
    /* a line of the head of its own under the school's is the field
     * even with no degree named ("Example University" / "Computer
     * Science") */
    bool own_line = inst >= 0 && i > inst && seg[i].n && (seg[i].s == t || seg[i].s[-1] == '\n') &&
                    (seg[i].s + seg[i].n == t + n || seg[i].s[seg[i].n] == '\n') &&
                    !strchr(".!?", seg[i].s[seg[i].n - 1]) && /* a sentence, in any script: "…DB。" */
                    !(seg[i].n >= 3 && memcmp(seg[i].s + seg[i].n - 3, "\xe3\x80\x82", 3) == 0);
    for (size_t q = 0, digits = 0; own_line && q < seg[i].n; q++) /* nor a run of figures: a wrapped link's tail */
      if ((isdigit((unsigned char)seg[i].s[q]) && ++digits >= 4) || seg[i].s[q] == '%') own_line = false;
    if (own_line && names_award(seg[i])) own_line = false; /* nor an honour ("First Prize Scholarship") */
    /* (a field's words may read as a firm's, "Software Engineering": not
     * once the school is known and the part ends in a field's word) */
    if (!cvx_record_get(r, "area") && (st || own_line) && !words_over(seg[i].s, seg[i].n, 6) &&
        (cvx_org_score(seg[i].s, seg[i].n) == 0 || (inst >= 0 && field_tail(seg[i])))) {
      add_area(c, r, seg[i], es);
      continue;
    }
    add_piece(c, r, "highlights", labelled_run(t, n, seg, ns, i, inst), es);
  }
  bool in_courses = false; /* under a line "Courses" alone: its items are courses */
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
    piece p = joined(c, b);
    if (!p.n) continue;
    if (in_courses && b->kind == CVX_BLK_ITEM) {
      add_piece(c, r, "courses", p, b->span);
      continue;
    }
    in_courses = false;
    if (b->kind != CVX_BLK_ITEM && b->next && b->next != e->end && b->next->kind == CVX_BLK_ITEM && courses_label(p)) {
      in_courses = true;
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    if (looks_key_value(p, "GPA")) {
      size_t at;
      piece sc = gpa_figures(p, &at);
      add_piece(c, r, "score", sc.n ? sc : p, b->span);
      continue;
    }
    if (!cvx_record_get(r, "institution") && !words_over(p.s, p.n, 8) && cvx_org_score(p.s, p.n) > 0) {
      add_piece(c, r, "institution", p, b->span);
      continue;
    }
    if (!cvx_record_get(r, "studyType") && cvx_degree_find(p.s, p.n, &st, &ds, &de)) {
      cvx_record_add(c->doc, r, "studyType", st, b->span);
      piece rest = trim_piece((piece){p.s + de, p.n - de});
      if (starts_ci(rest.s, rest.n, "in ")) rest = trim_piece((piece){rest.s + 3, rest.n - 3});
      /* the dates after the field are the degree's ("MSc Data Science,
       * 2014 – 2016") */
      cvx_daterange rd;
      if (cvx_date_find(rest.s, rest.n, &rd)) {
        if (!cvx_record_get(r, "endDate") && !cvx_record_get(r, "startDate"))
          add_dates(c, r, &rd, CVX_REC_EDUCATION, b->span);
        rest.n = rd.mstart;
        while (rest.n && strchr(" ,;(|-", rest.s[rest.n - 1])) rest.n--;
      }
      if (rest.n && !words_over(rest.s, rest.n, 8)) add_piece(c, r, "area", rest, b->span);
      continue;
    }
    if (!cvx_record_get(r, "endDate") && !cvx_record_get(r, "startDate")) {
      cvx_daterange cd;
      if (cvx_date_find(p.s, p.n, &cd) && cd.mend - cd.mstart + 12 >= p.n) {
        add_dates(c, r, &cd, CVX_REC_EDUCATION, b->span);
        cvx_doc_take(c->doc, b->span);
        continue;
      }
    }
    if (starts_ci(p.s, p.n, "courses") || starts_ci(p.s, p.n, "relevant coursework") ||
        starts_ci(p.s, p.n, "coursework")) {
      const char *colon = memchr(p.s, ':', p.n);
      if (colon) {
        piece items[MAX_SEGS];
        char *copy = cvx_arena_strndup(c->doc->arena, colon + 1, p.n - (size_t)(colon + 1 - p.s));
        for (char *q = copy; *q; q++)
          if (*q == ';') *q = ',';
        int k = split_segments(copy, strlen(copy), false, items, MAX_SEGS);
        for (int i = 0; i < k; i++) add_piece(c, r, "courses", items[i], b->span);
        cvx_doc_take(c->doc, b->span);
        continue;
      }
    }
    add_piece(c, r, "highlights", p, b->span);
  }
  entry_group(c, r, e, "institution", "studyType");
}

/* ------------------------------------------------------ awards, certificates */

/* A line of an award's header that labels its date or its granting body:
 * "Awarded on:", "by Example Society", "Awarded by Example Society". Returns
 * the length of the label (0: none); *by is set when the rest names the body. */
static size_t award_label(piece line, bool *by) {
  static const char *const labels[] = {"awarded by ",  "issued by ",  "granted by ", "presented by ", "conferred by ",
                                       "published by ", "by ",        "awarded on", "awarded in",   "awarded",
                                       "issued on",    "issued",      "received",   NULL};
  *by = false;
  for (int i = 0; labels[i]; i++) {
    size_t k = strlen(labels[i]);
    if (line.n >= k && strncasecmp(line.s, labels[i], k) == 0) {
      *by = labels[i][k - 1] == ' ';
      size_t z = k;
      while (z < line.n && (line.s[z] == ':' || is_ws((unsigned char)line.s[z]))) z++;
      if (*by || z == line.n) return z;
    }
  }
  return 0;
}

/* True when s[0,n) is a date alone or after a label of award_label: "1
 * January 2017", "Awarded on: Jan 01, 2017", "Awarded 2017". */
static bool date_line_text(const char *s, size_t n) {
  cvx_daterange d;
  if (n > 60 || !cvx_date_find(s, n, &d) || d.mend > n || d.mstart > d.mend) return false;
  if (has_alnum(s + d.mend, n - d.mend)) return false;
  piece before = trim_piece((piece){s, d.mstart});
  while (before.n && (before.s[before.n - 1] == ':' || before.s[before.n - 1] == ',')) before.n--;
  bool by;
  return !before.n || (award_label(before, &by) == before.n && !by);
}

/* True when the first line of block b is a date line (date_line_text). */
static bool date_line(const cvx_block *b) {
  if (!b->text || b->kind == CVX_BLK_HEADING) return false;
  size_t n = 0;
  while (n < b->len && b->text[n] != '\n') n++;
  return date_line_text(b->text, n);
}

/* The blocks of an award or certificate below its header: its summary, or
 * its date when the header had none ("Awarded on: Jan 01, 2017" under it). */
static void award_details(ctx *c, cvx_record *r, const entry *e, cvx_rec_kind kind, bool dated) {
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
    if (!dated && date_line(b)) {
      /* its date's line, and under it the body that gave it ("Awarded
       * 2014" / "by Example Society"), the rest a summary */
      const char *nl = memchr(b->text, '\n', b->len);
      size_t first = nl ? (size_t)(nl - b->text) : b->len;
      cvx_daterange bd;
      char *bt = cvx_arena_strndup(c->doc->arena, b->text, first);
      if (take_dates(bt, first, &bd)) {
        add_dates(c, r, &bd, kind, date_span(c, &bd, b->text, b->span));
        dated = true;
        const char *by_key = kind == CVX_REC_AWARD ? "awarder" : "issuer";
        for (const char *q = nl ? nl + 1 : NULL, *z = b->text + b->len; q && q < z;) {
          const char *qe = memchr(q, '\n', (size_t)(z - q));
          if (!qe) qe = z;
          piece line = trim_piece((piece){q, (size_t)(qe - q)});
          bool by;
          size_t lab = line.n ? award_label(line, &by) : 0;
          if (lab && by && lab < line.n && !cvx_record_get(r, by_key))
            add_piece(c, r, by_key, trim_piece((piece){line.s + lab, line.n - lab}), b->span);
          else if (line.n && kind == CVX_REC_AWARD)
            add_piece(c, r, "summary", line, b->span);
          q = qe + 1;
        }
        if (!nl) cvx_doc_take(c->doc, b->span);
        else {
          cvx_span ls = cvx_doc_locaten(c->doc, b->span, b->text, first); /* (the label beside the date) */
          if (cvx_span_valid(ls)) cvx_doc_take(c->doc, ls);
        }
        continue;
      }
    }
    piece p = joined(c, b);
    if (p.n && kind == CVX_REC_AWARD) add_piece(c, r, "summary", p, b->span);
  }
}

/* A line that says what an award was for, in lower case: "for outstanding
 * work in coastal monitoring", "in recognition of …". */
static bool reason_line(piece p) {
  static const char *const leads[] = {"for ", "in recognition ", "awarded for ", NULL};
  if (!p.n || !islower((unsigned char)p.s[0])) return false;
  for (int i = 0; leads[i]; i++)
    if (starts_ci(p.s, p.n, leads[i])) return true;
  return false;
}

/* "Travel Bursary, Coastal Modelling School": an award's name (a word for
 * an award in it), a comma, the body that gave it (capitalised, no comma,
 * twelve words at most). */
static bool award_name_body(piece t, piece *name, piece *body) {
  static const char *const award_words[] = {"award", "prize", "bursary", "scholarship", "fellowship", "grant",
                                            "medal", "honour", "honor", "stipend", "premio", "preis", "prix",
                                            "bolsa", "beca", "премия", "стипендия", NULL};
  const char *cm = memchr(t.s, ',', t.n);
  if (!cm) return false;
  *name = trim_piece((piece){t.s, (size_t)(cm - t.s)});
  *body = trim_piece((piece){cm + 1, t.n - (size_t)(cm + 1 - t.s)});
  bool awardish = false;
  for (size_t q = 0; q < name->n && !awardish; q++) {
    if (q && name->s[q - 1] != ' ') continue;
    for (int w = 0; award_words[w] && !awardish; w++) {
      size_t wl = strlen(award_words[w]);
      awardish = q + wl <= name->n && strncasecmp(name->s + q, award_words[w], wl) == 0;
    }
  }
  return awardish && body->n && (isupper((unsigned char)body->s[0]) || (unsigned char)body->s[0] >= 0x80) &&
         !memchr(body->s, ',', body->n) && !words_over(body->s, body->n, 12) && !words_over(name->s, name->n, 6);
}

/* An award or certificate whose header is written one field a line (the
 * date, the title, the granting body; see join_field_lines): the date read
 * from any line, labels dropped, the first other line the title, a line
 * after "by" or else the second line the body, the rest its summary.
 * Returns false (nothing made) for a header of one line. */
static bool award_lines(ctx *c, const entry *e, cvx_rec_kind kind) {
  if (!e->head || (!e->title && !memchr(e->head->text, '\n', e->head->len))) return false;
  if (e->title) { /* under a sub-heading: only "Awarded by Example Society" */
    bool by;
    if (e->head == e->title || !award_label((piece){e->head->text, e->head->len}, &by) || !by) return false;
  } else { /* a line of the header is its date alone */
    bool date_alone = false;
    int nlines = 0;
    bool last_dated_end = false; /* (the line's dates end it: "Chamber of Leeds — 2025") */
    bool first_dated = false;
    for (const char *q = e->head->text, *z = q + e->head->len; q < z;) {
      const char *nl = memchr(q, '\n', (size_t)(z - q));
      if (!nl) nl = z;
      size_t ln = (size_t)(nl - q);
      date_alone |= date_line_text(q, ln);
      while (ln && (q[ln - 1] == ' ' || q[ln - 1] == '.')) ln--;
      cvx_daterange dd;
      bool dated_line = cvx_date_find(q, ln, &dd);
      if (!nlines) first_dated = dated_line;
      last_dated_end = dated_line && dd.mend == ln;
      nlines++;
      q = nl + 1;
    }
    /* …or, in two lines, the second ends in the dates and the first has
     * none: a title over its issuer ("Digital Strategy — Corporate Course"
     * / "Chamber of Commerce of Leeds — 2025") */
    if (!date_alone && !(nlines == 2 && last_dated_end && !first_dated)) return false;
  }
  cvx_span es = entry_span(e);
  char *orig = head_text(c, e);
  char *t = cvx_arena_strdup(c->doc->arena, orig);
  size_t n = strlen(t);
  cvx_daterange d;
  bool dated = take_dates(t, n, &d);
  piece lines[8];
  bool bys[8];
  int k = 0;
  for (size_t a = 0; a < n && k < 8;) {
    size_t z = a;
    while (z < n && t[z] != '\n') z++;
    piece line = trim_piece((piece){orig + a, z - a}), cut_line = trim_piece((piece){t + a, z - a});
    a = z + 1;
    if (!cut_line.n || !has_alnum(cut_line.s, cut_line.n)) continue;
    bool by;
    size_t lab = award_label(cut_line, &by);
    if (lab == cut_line.n) continue; /* "Awarded on" beside the date */
    /* the text as written: the date is cut only from a label's line */
    piece v = trim_piece((piece){cut_line.s + lab, cut_line.n - lab});
    if (!by && v.n == line.n) v = line;
    else v = (piece){orig + (v.s - t), v.n};
    lines[k] = v;
    bys[k++] = by;
  }
  if (!k) return false;
  cvx_record *r = cvx_record_new(c->doc, kind, c->origin, es);
  if (!r) return true;
  const char *title_key = kind == CVX_REC_AWARD ? "title" : "name";
  const char *by_key = kind == CVX_REC_AWARD ? "awarder" : "issuer";
  int by_at = -1;
  for (int i = 1; i < k && by_at < 0; i++)
    if (bys[i]) by_at = i;
  if (by_at < 0 && k > 1) by_at = 1;
  /* two lines, the second naming an honour and the first not ("Example
   * Symposium" / "Best Presentation Award", as a page sets the awarder as
   * the heading): the second is the title, the first the awarder */
  if (kind == CVX_REC_AWARD && k == 2 && by_at == 1 && !bys[1] && !islower((unsigned char)lines[1].s[0]) &&
      names_award(lines[1]) && !names_award(lines[0])) { /* (not a title's wrapped end: "… Masters" / "scholarship") */
    piece tmp = lines[0];
    lines[0] = lines[1];
    lines[1] = tmp;
  }
  piece an, ab;
  if (by_at < 0 && kind == CVX_REC_AWARD && award_name_body(lines[0], &an, &ab)) {
    add_piece(c, r, title_key, an, es);
    add_piece(c, r, by_key, ab, es);
  } else {
    add_piece(c, r, title_key, lines[0], es);
  }
  if (by_at > 0) add_piece(c, r, by_key, lines[by_at], es);
  for (int i = 1; i < k; i++)
    if (i != by_at && kind == CVX_REC_AWARD) add_piece(c, r, "summary", lines[i], es);
  if (dated) add_dates(c, r, &d, kind, date_span(c, &d, orig, es));
  /* the labels ("Awarded by") are read too, unless a date no field took
   * (a certificate's partial one) must stay visible beside them */
  if (!dated || kind != CVX_REC_CERTIFICATE || strlen(d.start[0] ? d.start : d.end) == 10)
    cvx_doc_take(c->doc, e->head->span);
  award_details(c, r, e, kind, dated);
  return true;
}

static void parse_award(ctx *c, const entry *e, cvx_rec_kind kind) {
  if (award_lines(c, e, kind)) return;
  cvx_span es = entry_span(e);
  cvx_record *r = cvx_record_new(c->doc, kind, c->origin, es);
  if (!r) return;
  char *orig = head_text(c, e);
  char *t = cvx_arena_strdup(c->doc->arena, orig);
  size_t n = strlen(t);
  cvx_daterange d;
  bool dated = take_dates(t, n, &d);
  /* a closing "(…)" after the date or at the end: the granting body when it
   * reads as one ("(IEEE)"), else a note ("(Top 5%)") */
  piece note = {0}, by = {0};
  size_t title_end = 0;
  {
    size_t z = n;
    while (z > 0 && (is_ws((unsigned char)t[z - 1]) || t[z - 1] == '.' || t[z - 1] == ',')) z--;
    if (z > 0 && t[z - 1] == ')') {
      size_t o = z - 1;
      int depth = 0;
      while (o > 0) {
        o--;
        if (t[o] == ')') depth++;
        else if (t[o] == '(' && depth-- == 0) break;
      }
      bool after_date = dated && o >= d.mend;
      bool at_end = true;
      for (size_t q = z; q < n; q++) at_end = at_end && (is_ws((unsigned char)t[q]) || t[q] == '.' || t[q] == ',');
      if (t[o] == '(' && o > 0 && (after_date || (at_end && is_ws((unsigned char)t[o - 1])))) {
        piece in = trim_piece((piece){orig + o + 1, z - o - 2});
        bool digits = false;
        for (size_t q = 0; q < in.n; q++) digits = digits || isdigit((unsigned char)in.s[q]) || in.s[q] == '%';
        if (in.n && !digits && cvx_org_score(in.s, in.n) > 0 && !words_over(in.s, in.n, 8) &&
            isupper((unsigned char)in.s[0]))
          by = in;
        else if (in.n && (after_date || !dated))
          note = in;
        if (by.n || note.n) cut(t, o, z);
        else if (in.n) title_end = z; /* "Award (as captain), 2023": part of the title */
      }
    }
  }
  /* a summary after ": " following the date or the awarder; a short rank
   * right after the colon ("Contest: First Prize, 2022") stays in the title */
  piece summary = {0};
  char *colon = strstr(t, ": ");
  if (colon && colon > t && !title_end) {
    piece before = trim_piece((piece){t, (size_t)(colon - t)});
    if (before.n) {
      size_t a = (size_t)(colon + 2 - t), z = a;
      while (z < n && t[z] != ',' && t[z] != '\n' && t[z] != ';' && t[z] != '(') z++;
      piece rank = trim_piece((piece){t + a, z - a});
      static const char *const ranks[] = {"prize", "place", "finalist", "winner", "medal", "award", "mention",
                                          "runner-up", "semifinalist", "honorable", "honourable", NULL};
      bool is_rank = false;
      for (int k = 0; ranks[k] && rank.n && !words_over(rank.s, rank.n, 3); k++)
        for (size_t q = 0; q + strlen(ranks[k]) <= rank.n && !is_rank; q++)
          is_rank = tolower((unsigned char)rank.s[q]) == ranks[k][0] &&
                    strncasecmp(rank.s + q, ranks[k], strlen(ranks[k])) == 0;
      if (is_rank) {
        title_end = (size_t)(rank.s - t) + rank.n;
        summary = trim_piece((piece){t + z, n - z});
        piece sseg[MAX_SEGS];
        int ks = split_segments(summary.s, summary.n, false, sseg, MAX_SEGS);
        summary = ks == 1 ? (piece){orig + (sseg[0].s - t), sseg[0].n} : ks == 0 ? (piece){0} : (piece){orig + z, n - z};
        cut(t, z, n);
      } else {
        summary = trim_piece((piece){orig + (colon + 2 - t), n - (size_t)(colon + 2 - t)});
        cut(t, (size_t)(colon - t), n);
      }
    }
  }
  if (summary.n && !has_alnum(summary.s, summary.n)) summary.n = 0;
  /* the summary text as written, without the date that was read already */
  if (summary.n && dated) {
    char *sc = cvx_arena_strndup(c->doc->arena, summary.s, summary.n);
    cvx_daterange sd;
    if (take_date(sc, summary.n, &sd)) {
      piece seg2[MAX_SEGS];
      int k2 = split_segments(sc, summary.n, false, seg2, MAX_SEGS);
      summary = k2 == 1 ? seg2[0] : k2 == 0 ? (piece){0} : summary;
    }
  }
  piece seg[MAX_SEGS];
  int ns = 0;
  if (title_end) {
    seg[ns++] = trim_piece((piece){t, title_end});
    ns += split_segments(t + title_end, n - title_end, false, seg + 1, MAX_SEGS - 1);
  } else {
    ns = split_segments(t, n, false, seg, MAX_SEGS);
  }
  const char *title_key = kind == CVX_REC_AWARD ? "title" : "name";
  const char *by_key = kind == CVX_REC_AWARD ? "awarder" : "issuer";
  /* a certificate of three parts or more: the last is its issuer, the rest
   * its name as written ("AWS Certified Developer, Associate, Amazon Web
   * Services"; a certificate has one issuer and no summary) */
  if (kind == CVX_REC_CERTIFICATE && ns >= 3 && !by.n && !title_end) {
    /* (not counting a label its date left behind: "Issued on") */
    int kept = 0;
    for (int i = 0; i < ns; i++) {
      bool lab_by;
      /* (a segment right before a colon labels the cut date: "Exp:") */
      size_t after = (size_t)(seg[i].s - t) + seg[i].n;
      bool labels_date = after < n && orig[after] == ':' && !words_over(seg[i].s, seg[i].n, 2);
      /* (and a link's own text, "Certificate Link": the certificate's
       * address, no issuer) */
      const cvx_link *sl = i ? link_for(e, seg[i]) : NULL;
      bool url_text = sl && strlen(sl->text) == seg[i].n && url_usable(sl->url);
      if (url_text) cvx_record_add(c->doc, r, "url", sl->url, sl->span);
      if (url_text || (i && (labels_date || award_label(seg[i], &lab_by) == seg[i].n))) {
        cvx_span ls = cvx_doc_locaten(c->doc, es, seg[i].s, seg[i].n);
        if (cvx_span_valid(ls)) cvx_doc_take(c->doc, ls); /* (read: a URL's text, the date's label) */
        continue;
      }
      seg[kept++] = seg[i];
    }
    ns = kept;
  }
  if (kind == CVX_REC_CERTIFICATE && ns >= 3 && !by.n && !title_end) {
    const char *a = orig + (seg[0].s - t), *z = orig + (seg[ns - 2].s - t) + seg[ns - 2].n;
    /* (with the bracket its last part closes: "Professional (CSCP)") */
    int open_br = 0;
    for (const char *q = a; q < z; q++) open_br += *q == '(' ? 1 : *q == ')' ? -1 : 0;
    while (open_br > 0 && *z == ')') z++, open_br--;
    bool date_inside = dated && d.mstart < (size_t)(z - orig) && d.mend > (size_t)(a - orig);
    /* (nor when two lines hold dates: two certificates the entry joined) */
    int dated_lines = 0;
    for (const char *q = orig; *q && dated_lines < 2;) {
      const char *nl = strchr(q, '\n');
      size_t ln = nl ? (size_t)(nl - q) : strlen(q);
      cvx_daterange qd;
      dated_lines += cvx_date_find(q, ln, &qd);
      q = nl ? nl + 1 : q + ln;
    }
    if (!date_inside && dated_lines < 2) {
      seg[0] = trim_piece((piece){a, (size_t)(z - a)});
      seg[1] = seg[ns - 1];
      ns = 2;
    }
  }
  /* an award's (or a certificate's) parts after its title: a label its cut
   * date left ("Awarded" of "Awarded 2017") is read and dropped; "by
   * Example Society", "Issued by Example Office" names the body that gave
   * it */
  if ((kind == CVX_REC_AWARD || kind == CVX_REC_CERTIFICATE) && !title_end) {
    int kept = ns ? 1 : 0;
    for (int i = 1; i < ns; i++) {
      bool lab_by;
      size_t lab = award_label(seg[i], &lab_by);
      if (lab && (lab == seg[i].n || (lab_by && !by.n))) {
        if (lab < seg[i].n) by = trim_piece((piece){seg[i].s + lab, seg[i].n - lab}), by.s = orig + (by.s - t);
        cvx_span ls = cvx_doc_locaten(c->doc, es, seg[i].s, lab);
        if (cvx_span_valid(ls)) cvx_doc_take(c->doc, ls);
        continue;
      }
      seg[kept++] = seg[i];
    }
    ns = kept;
  }
  if (ns > 0) {
    if (title_end) seg[0] = (piece){orig + (seg[0].s - t), seg[0].n};
    add_piece(c, r, title_key, seg[0], es);
    const cvx_link *l = link_for(e, seg[0]);
    if (l && url_usable(l->url) && kind == CVX_REC_CERTIFICATE) cvx_record_add(c->doc, r, "url", l->url, l->span);
    /* "First Prize Scholarship of Example University": the body is named */
    if (ns == 1 && !by.n && kind == CVX_REC_AWARD) {
      piece tt = seg[0];
      for (size_t q = 0; q + 4 < tt.n; q++) {
        if (tt.s[q] != ' ' || strncmp(tt.s + q, " of ", 4) != 0) continue;
        piece tail = trim_piece((piece){tt.s + q + 4, tt.n - q - 4});
        const char *paren = memchr(tail.s, '(', tail.n);
        if (paren) tail = trim_piece((piece){tail.s, (size_t)(paren - tail.s)});
        if (tail.n && isupper((unsigned char)tail.s[0]) && cvx_org_score(tail.s, tail.n) > 0 &&
            !words_over(tail.s, tail.n, 8)) {
          by = tail;
          break;
        }
      }
      piece an, ab;
      if (!by.n && award_name_body(tt, &an, &ab)) {
        cvx_record_remove(r, title_key);
        add_piece(c, r, title_key, an, es);
        by = ab;
      }
    }
  }
  if (by.n) add_piece(c, r, by_key, by, es);
  /* (what it was for is no body that gave it, but for the one it names
   * after "at": "for Best Junior Speaker at Kestrel Bay High School") */
  bool for_what = ns > 1 && kind == CVX_REC_AWARD && reason_line(seg[1]);
  if (for_what && !by.n) {
    for (size_t q = 0; q + 4 < seg[1].n; q++) {
      if (memcmp(seg[1].s + q, " at ", 4) != 0) continue;
      piece at = trim_piece((piece){seg[1].s + q + 4, seg[1].n - q - 4});
      if (at.n && isupper((unsigned char)at.s[0]) && cvx_org_score(at.s, at.n) > 0) {
        add_piece(c, r, by_key, at, es);
        by = at;
      }
      break;
    }
  }
  if (ns > 1) add_piece(c, r, by.n || for_what ? (kind == CVX_REC_AWARD ? "summary" : "issuer") : by_key, seg[1], es);
  if (note.n && kind == CVX_REC_AWARD) add_piece(c, r, "summary", note, es);
  for (int i = 2; i < ns; i++) add_piece(c, r, kind == CVX_REC_AWARD ? "summary" : "issuer", seg[i], es);
  if (dated) add_dates(c, r, &d, kind, date_span(c, &d, orig, es));
  if (summary.n && kind == CVX_REC_AWARD) add_piece(c, r, "summary", summary, es);
  award_details(c, r, e, kind, dated);
}

/* ---------------------------------------------------------- publications */

static bool ends_dated(const char *s, size_t n);

/* Does the line s[0,n) open with a word of a reference's venue ("in
 * Example Review", "Published by Example Press")? *skip gets its length. */
static bool venue_lead(const char *s, size_t n, size_t *skip) {
  static const char *const leads[] = {"published by ", "published in ", "in ", NULL};
  for (int i = 0; leads[i]; i++) {
    size_t k = strlen(leads[i]);
    if (n > k && strncasecmp(s, leads[i], k) == 0 && !islower((unsigned char)s[k])) {
      *skip = k;
      return true;
    }
  }
  return false;
}

/* A reference written one field a line ("Title" / "in Example Review" /
 * "Jan 2018"; "Published by Example Press"): two to five short lines, each
 * after the first opening with a capital, a digit or a venue's lead word, no
 * line holding a sentence's end or running on (a hard-wrapped reference
 * does). Returns it as one reference, a full stop after each field and "In"
 * before the venue, or NULL when text does not have this shape. */
static char *field_lines_reference(ctx *c, const char *text) {
  size_t n = strlen(text);
  int lines = 0;
  for (const char *q = text, *z = text + n; q < z; lines++) {
    const char *nl = memchr(q, '\n', (size_t)(z - q));
    size_t len = (size_t)((nl ? nl : z) - q), skip;
    piece p = trim_piece((piece){q, len});
    if (!p.n || lines >= 5 || words_over(p.s, p.n, 25) || contains(p.s, p.n, ". ", 2) ||
        strchr(".,;:-(", p.s[p.n - 1]))
      return NULL;
    if (lines && !(isupper((unsigned char)p.s[0]) || isdigit((unsigned char)p.s[0]) ||
                   (unsigned char)p.s[0] >= 0x80 || venue_lead(p.s, p.n, &skip)))
      return NULL;
    q = nl ? nl + 1 : z;
  }
  if (lines < 2) return NULL;
  cvx_buf b = CVX_BUF_INIT;
  for (const char *q = text, *z = text + n; q < z;) {
    const char *nl = memchr(q, '\n', (size_t)(z - q));
    piece p = trim_piece((piece){q, (size_t)((nl ? nl : z) - q)});
    size_t skip = 0;
    if (b.len) cvx_buf_putc(&b, ' ');
    if (venue_lead(p.s, p.n, &skip)) {
      cvx_buf_puts(&b, "In ");
      p.s += skip, p.n -= skip;
    }
    cvx_buf_put(&b, p.s, p.n);
    cvx_buf_putc(&b, '.');
    q = nl ? nl + 1 : z;
  }
  char *t = cvx_arena_strndup(c->doc->arena, b.ptr, b.len);
  cvx_buf_free(&b);
  return t;
}

/* A short CV line "Title in Example Review, 2018" (maybe wrapped) that the
 * reference reader found no title in: the last " in " before a capital
 * opens the venue, read as "Title. In Example Review, 2018". NULL when there
 * is none. */
static char *title_in_venue(ctx *c, const char *orig) {
  size_t n = strlen(orig);
  if (words_over(orig, n, 60)) return NULL;
  /* a line in lower case goes on with the one above (a wrapped line) */
  char *text = cvx_arena_strndup(c->doc->arena, orig, n);
  for (char *q = strchr(text, '\n'); q; q = strchr(q + 1, '\n')) {
    if (!islower((unsigned char)q[1])) return NULL;
    *q = ' ';
  }
  const char *at = NULL;
  for (const char *q = strstr(text, " in "); q; q = strstr(q + 1, " in "))
    if (q > text && isupper((unsigned char)q[4])) at = q;
  if (!at) return NULL;
  cvx_buf b = CVX_BUF_INIT;
  cvx_buf_put(&b, text, (size_t)(at - text));
  cvx_buf_puts(&b, ". In ");
  cvx_buf_puts(&b, at + 4);
  char *t = cvx_arena_strndup(c->doc->arena, b.ptr, b.len);
  cvx_buf_free(&b);
  return t;
}

static void parse_publication(ctx *c, const entry *e) {
  cvx_span es = entry_span(e);
  char *text = head_text(c, e);
  cvx_buf details = CVX_BUF_INIT;
  /* a first line wholly in brackets ("(* equal contribution)") notes the
   * entry: it is no part of the reference, and goes with the details */
  const char *nl = strchr(text, '\n');
  if (text[0] == '(' && nl && nl > text + 1 && nl[-1] == ')' && !memchr(text + 1, '(', (size_t)(nl - text - 1))) {
    cvx_buf_put(&details, text + 1, (size_t)(nl - text - 2));
    text = (char *)nl + 1;
  }
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
    piece p = joined(c, b);
    if (!p.n) continue;
    if (details.len) cvx_buf_putc(&details, ' ');
    cvx_buf_put(&details, p.s, p.n);
  }
  /* links of the whole entry, in order */
  cvx_link *links = NULL;
  size_t nlinks = 0;
  for (cvx_block *b = e->title ? e->title : e->head; b && b != e->end; b = b->next) {
    if (!cvx_block_nlinks(b)) continue;
    links = cvx_arena_grow(c->doc->arena, links, nlinks, nlinks + cvx_block_nlinks(b), sizeof *links);
    memcpy(links + nlinks, cvx_block_links(b), cvx_block_nlinks(b) * sizeof *links);
    nlinks += cvx_block_nlinks(b);
  }
  char *fields = field_lines_reference(c, text);
  if (fields) text = fields;
  /* a CV's short line "Title in Example Review, 2018" (no full stop inside,
   * its date last) is read as that */
  size_t tn = strlen(text);
  char *tv = !contains(text, tn, ". ", 2) && ends_dated(text, tn) ? title_in_venue(c, text) : NULL;
  if (tv) text = tv;
  cvx_pub_input in = {text, strlen(text), details.len ? cvx_arena_strdup(c->doc->arena, details.ptr) : NULL,
                      links, nlinks, es, c->origin};
  if (!cvx_publication_add(c->doc, &in) && (in.text = title_in_venue(c, text))) {
    in.len = strlen(in.text);
    cvx_publication_add(c->doc, &in);
  }
  cvx_buf_free(&details);
}

/* ---------------------------------------------------------------- skills */

/* Splits a keyword list ("C, Python; Go • Rust", "Matlab••• Python••") at
 * separators outside brackets: "Atlassian Suite (Jira, Confluence)" stays one. */
static int split_keywords(ctx *c, const char *s, size_t n, piece *out, int max) {
  char *t = cvx_arena_strndup(c->doc->arena, s, n);
  int depth = 0;
  size_t ls = 0; /* where the line holding i starts */
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)t[i];
    /* a line that ends in a word leading on ("CAD software such as" /
     * "AutoDesk Inventor"): one item wrapped, its lines joined */
    if (ch == '\n') {
      size_t e = i;
      while (e > ls && (s[e - 1] == ' ' || s[e - 1] == '\t')) e--;
      bool open = e > ls && cvx_ends_open(s + ls, e - ls);
      ls = i + 1;
      if (open && !depth) {
        t[i] = ' ';
        continue;
      }
    }
    if (ch == '(' || ch == '[') depth++;
    if ((ch == ')' || ch == ']') && depth) depth--;
    if (ch == '\n' || ch == '\t') depth = 0;
    if (depth) continue;
    if (ch == ';' || ch == '|' || ch == ',' || ch == '\t') t[i] = '\n';
    if (ch == ' ' && i + 2 < n && t[i + 1] == '/' && t[i + 2] == ' ') t[i + 1] = '\n';
    if (ch == 0xE2 && i + 2 < n && (unsigned char)t[i + 1] == 0x80 && (unsigned char)t[i + 2] == 0xA2)
      t[i] = t[i + 1] = t[i + 2] = '\n';
    if (ch == 0xC2 && i + 1 < n && (unsigned char)t[i + 1] == 0xB7) t[i] = t[i + 1] = '\n';
    /* full-width separators: ， 、 ； */
    if (ch == 0xEF && i + 2 < n && (unsigned char)t[i + 1] == 0xBC &&
        ((unsigned char)t[i + 2] == 0x8C || (unsigned char)t[i + 2] == 0x9B))
      t[i] = t[i + 1] = t[i + 2] = '\n';
    if (ch == 0xE3 && i + 2 < n && (unsigned char)t[i + 1] == 0x80 && (unsigned char)t[i + 2] == 0x81)
      t[i] = t[i + 1] = t[i + 2] = '\n';
  }
  int o = 0;
  size_t st = 0;
  for (size_t i = 0; i <= n && o < max; i++) {
    if (i < n && t[i] != '\n') continue;
    piece p = trim_piece((piece){t + st, i - st});
    if (starts_ci(p.s, p.n, "and ")) p = trim_piece((piece){p.s + 4, p.n - 4});
    if (p.n && has_alnum(p.s, p.n)) out[o++] = (piece){s + (p.s - t), p.n};
    st = i + 1;
  }
  return o;
}

/* Splits a list at , ; | • · outside parentheses: "English (native), Spanish (B2)";
 * and at the tabs of a row of three cells or more ("Kotlin<TAB>Apache
 * Kafka<TAB>Rust", tags set side by side; two cells are more often a name
 * and its level, "English<TAB>native"). */
static int split_list(piece line, piece *out, int max) {
  int k = 0, depth = 0, tabs = 0;
  size_t st = 0;
  for (size_t i = 0; i < line.n; i++) tabs += line.s[i] == '\t';
  for (size_t i = 0; i <= line.n && k < max; i++) {
    size_t sep = 0;
    if (i == line.n) {
      sep = 1;
    } else {
      unsigned char ch = (unsigned char)line.s[i];
      if (ch == '(' || ch == '[') depth++;
      if ((ch == ')' || ch == ']') && depth) depth--;
      if (!depth && (ch == ',' || ch == ';' || ch == '|' || (ch == '\t' && tabs >= 2))) sep = 1;
      if (!depth && ch == 0xE2 && i + 2 < line.n && (unsigned char)line.s[i + 1] == 0x80 &&
          (unsigned char)line.s[i + 2] == 0xA2)
        sep = 3;
      if (!depth && ch == 0xC2 && i + 1 < line.n && (unsigned char)line.s[i + 1] == 0xB7) sep = 2;
    }
    if (sep) {
      piece p = trim_piece((piece){line.s + st, i - st});
      if (starts_ci(p.s, p.n, "and ")) p = trim_piece((piece){p.s + 4, p.n - 4});
      if (p.n && has_alnum(p.s, p.n)) out[k++] = p;
      i += sep - 1;
      st = i + 1;
    }
  }
  return k;
}

/* Labels of a line of spoken languages ("Languages: English, French"). */
static const char *const language_labels[] = {"languages", "language skills", "spoken languages", "языки",
                                              "иностранные языки", "знание языков", "langues", "sprachen",
                                              "sprachkenntnisse", "idiomas", "lingue", "语言", "外语", NULL};

/* Spoken languages by name, for lists that sit in a skills section or the
 * person block: languages named in other languages than English ("Deutsch", "inglés",
 * "русский"), and English names iso-codes spells otherwise ("Mandarin",
 * "Farsi"); the English names of ISO 639 come from iso-codes
 * (cvx_language_known). */
static const char *const language_names[] = {
    "english", "chinese", "mandarin", "cantonese", "french", "german", "spanish", "russian", "italian",
    "portuguese", "japanese", "korean", "arabic", "hindi", "bengali", "urdu", "dutch", "swedish",
    "norwegian", "danish", "finnish", "polish", "czech", "slovak", "hungarian", "romanian", "bulgarian",
    "serbian", "croatian", "greek", "turkish", "hebrew", "persian", "farsi", "ukrainian", "belarusian",
    "vietnamese", "thai", "indonesian", "malay", "tagalog", "swahili", "catalan", "basque", "latin",
    "русский", "английский", "немецкий", "французский", "испанский", "украинский", "deutsch",
    "englisch", "français", "anglais", "allemand", "español", "inglés", "中文", "汉语", "英语", "普通话",
    "德语", "法语", "日语", "inglês", "português", "alemão", "espanhol", "francês", "italiano", "alemán",
    "francés", "portugués", "castellano", "catalán", "chino", "französisch", "spanisch", "russisch",
    "italienisch", "chinesisch", "espagnol", "italien", "russe", "chinois", "portugais", "inglese",
    "tedesco", "francese", "spagnolo", "итальянский", "китайский", "японский", "польский", "gallego",
    "galego", "euskera", "valenciano", "japonés", "árabe", "ruso", "holandés", "neerlandés", "slovakian",
    "swiss german", "brazilian portuguese", "american english", "british english", NULL};

static bool is_language_name(piece p) {
  size_t cutat = p.n;
  for (size_t j = 0; j < p.n; j++)
    if (p.s[j] == '(' || p.s[j] == ':' || p.s[j] == '\t' ||
        (p.s[j] == ' ' && j + 1 < p.n && (p.s[j + 1] == '-' || (unsigned char)p.s[j + 1] == 0xE2))) {
      cutat = j;
      break;
    }
  piece w = trim_piece((piece){p.s, cutat});
  char f0[2] = {0, 0}; /* as in label_in */
  if (w.n) fold_char(w.s, w.n, f0);
  for (int i = 0; w.n && language_names[i]; i++)
    if (language_names[i][0] == f0[0] && eq_fold(w.s, w.n, language_names[i])) return true;
  return w.n && cvx_language_known(w.s, w.n);
}

/* True when the first block under heading h opens with a spoken language:
 * "Languages" over "English, French" or "• German"; not over "Java". */
static bool spoken_below(const cvx_block *h) {
  const cvx_block *b = h->next;
  if (!b || b->kind == CVX_BLK_HEADING || !b->text) return false;
  size_t n = 0;
  while (n < b->len && b->text[n] != '\n' && b->text[n] != ',' && b->text[n] != ';') n++;
  return is_language_name(trim_piece((piece){b->text, n}));
}

/* True when every item of a list names a spoken language: "Chinese
 * (native), English, German (basic)". */
static bool language_list(piece line) {
  piece items[MAX_SEGS];
  int k = split_list(line, items, MAX_SEGS);
  if (k < 1) return false;
  for (int i = 0; i < k; i++)
    if (!is_language_name(items[i])) return false;
  return true;
}

/* True when every line of the blocks [first, end) is a list of spoken
 * languages (each with its level or not), two languages or more in all. */
static bool languages_only(const cvx_block *first, const cvx_block *end) {
  int names = 0, blocks = 0;
  for (const cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind == CVX_BLK_RULE || !b->text || !b->len) continue;
    if (b->kind == CVX_BLK_HEADING || ++blocks > 12) return false;
    const char *q = b->text, *stop = b->text + b->len;
    while (q < stop) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      piece line = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
      if (line.n) {
        piece items[MAX_SEGS];
        int k = split_list(line, items, MAX_SEGS);
        if (k < 1 || !language_list(line)) return false;
        names += k;
      }
      q = nl ? nl + 1 : stop;
    }
  }
  return names >= 2;
}

/* Whether half the lines or more of the blocks [first, end) read as
 * references (cvx_citation_line), one at least; sub-headings ("Journal
 * articles", "2021") are not counted. */
static bool references_only(const cvx_block *first, const cvx_block *end) {
  int lines = 0, cites = 0;
  for (const cvx_block *b = first; b && b != end && lines < 200; b = b->next) {
    if (b->kind == CVX_BLK_RULE || b->kind == CVX_BLK_HEADING || !b->text || !b->len) continue;
    const char *q = b->text, *stop = b->text + b->len;
    while (q < stop && lines < 200) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      piece line = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
      if (line.n) {
        lines++;
        cites += cvx_citation_line(line.s, line.n < 600 ? line.n : 600);
      }
      q = nl ? nl + 1 : stop;
    }
  }
  return cites && cites * 2 >= lines;
}

/* Length of the run of rating dots (U+2022 •, U+25CF ●) at s[i], in bytes;
 * *count gets the number of dots. */
static size_t dot_run(const char *s, size_t n, size_t i, int *count) {
  size_t j = i;
  *count = 0;
  while (j + 3 <= n) {
    unsigned char a = (unsigned char)s[j], b = (unsigned char)s[j + 1], d = (unsigned char)s[j + 2];
    if (!(a == 0xE2 && ((b == 0x80 && d == 0xA2) || (b == 0x97 && d == 0x8F)))) break;
    j += 3;
    (*count)++;
  }
  return j - i;
}

/* A list rated with dots: "Chinese••• English••", each name closed by its
 * dots. Fills names and their dot runs; returns the count, 0 when the line
 * does not have this shape. */
static int dot_rated(piece line, piece *names, piece *dots, int max) {
  int k = 0;
  size_t st = 0;
  for (size_t i = 0; i < line.n && k < max;) {
    int cnt;
    size_t rl = dot_run(line.s, line.n, i, &cnt);
    if (!rl) {
      i++;
      continue;
    }
    piece name = trim_piece((piece){line.s + st, i - st});
    if (!name.n || !has_alnum(name.s, name.n) || is_ws((unsigned char)line.s[i - 1])) return 0;
    names[k] = name;
    dots[k++] = (piece){line.s + i, rl};
    i += rl;
    st = i;
  }
  return k > 0 && !trim_piece((piece){line.s + st, line.n - st}).n ? k : 0;
}

/* A legend of dot ratings: "•••Native ••Professional •Elementary". Applies
 * each label to the languages rated with as many dots; true when the line
 * is such a legend. */
static bool dot_legend(ctx *c, piece line) {
  int cnt;
  if (!line.n || !dot_run(line.s, line.n, 0, &cnt)) return false;
  const char *label[8] = {0};
  size_t llen[8] = {0};
  int groups = 0;
  for (size_t i = 0; i < line.n;) {
    size_t rl = dot_run(line.s, line.n, i, &cnt);
    if (!rl) return false;
    size_t j = i + rl;
    while (j < line.n && !dot_run(line.s, line.n, j, &(int){0})) j++;
    piece l = trim_piece((piece){line.s + i + rl, j - i - rl});
    if (!l.n || cnt >= 8 || label[cnt]) return false;
    label[cnt] = l.s;
    llen[cnt] = l.n;
    groups++;
    i = j;
  }
  if (groups < 2) return false;
  for (cvx_record *r = c->doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_LANGUAGE) continue;
    cvx_field *f = cvx_record_field(r, "fluency");
    if (!f) continue;
    size_t fl = strlen(f->value);
    if (dot_run(f->value, fl, 0, &cnt) != fl || cnt >= 8 || !label[cnt]) continue;
    f->value = cvx_arena_strndup(c->doc->arena, label[cnt], llen[cnt]);
  }
  return true;
}

static bool skill_level_words(piece p);

/* A spoken language's level: a skill level word, "native" or "mother
 * tongue", or a CEFR level ("B2"). */
static bool fluency_words(piece p) {
  if (skill_level_words(p)) return true;
  for (size_t j = 0; j < p.n; j++)
    if ((j == 0 || p.s[j - 1] == ' ') && ((j + 6 <= p.n && strncasecmp(p.s + j, "native", 6) == 0) ||
                                         (j + 13 <= p.n && strncasecmp(p.s + j, "mother tongue", 13) == 0)))
      return true;
  for (size_t j = 0; j + 2 <= p.n; j++)
    if ((j == 0 || p.s[j - 1] == ' ') && (p.s[j] == 'A' || p.s[j] == 'B' || p.s[j] == 'C') &&
        (p.s[j + 1] == '1' || p.s[j + 1] == '2') && (j + 2 == p.n || p.s[j + 2] == ' '))
      return true;
  return false;
}

/* A line that names spoken languages after a level that rates them all
 * ("Fluent in English, Spanish, and Portuguese."): a language each, the
 * level its fluency. True when it took the line. */
static bool fluent_languages(ctx *c, piece line, cvx_span within) {
  piece body = trim_piece(line);
  if (body.n && body.s[body.n - 1] == '.') body = trim_piece((piece){body.s, body.n - 1});
  piece items[MAX_SEGS];
  int k = split_list(body, items, MAX_SEGS);
  if (k < 2 || k >= MAX_SEGS) return false;
  for (int i = 1; i < k; i++)
    if (!is_language_name(items[i])) return false;
  /* the first item: the level, then its language */
  piece first = items[0], level = {0};
  for (size_t j = 1; j < first.n && !level.n; j++) {
    if (first.s[j - 1] != ' ') continue;
    piece tail = trim_piece((piece){first.s + j, first.n - j});
    if (!is_language_name(tail)) continue;
    piece lead = trim_piece((piece){first.s, j});
    static const char *const tie[] = {" in", " at", " en", " in:", NULL};
    for (int t = 0; tie[t]; t++) {
      size_t tl = strlen(tie[t]);
      if (lead.n > tl && strncasecmp(lead.s + lead.n - tl, tie[t], tl) == 0) {
        lead = trim_piece((piece){lead.s, lead.n - tl});
        break;
      }
    }
    if (lead.n && !words_over(lead.s, lead.n, 3) && fluency_words(lead)) {
      level = lead;
      items[0] = tail;
    }
  }
  if (!level.n) return false;
  for (int i = 0; i < k; i++) {
    cvx_record *r = cvx_record_new(c->doc, CVX_REC_LANGUAGE, c->origin, within);
    if (!r) return true;
    add_piece(c, r, "language", items[i], within);
    add_piece(c, r, "fluency", level, within);
  }
  return true;
}

/* A paragraph line listing skills with no label ("Python, SQL, dbt"):
 * one skill each. Not a sentence (a long item, a full stop at the end, a
 * label's colon), and not a list item, which names one skill ("SQLite,
 * MySQL" among other bullets). True when it took the line. */
static bool unlabelled_list(ctx *c, piece line, cvx_span within, cvx_rec_kind kind) {
  if (!line.n || line.s[line.n - 1] == '.' || memchr(line.s, ':', line.n) || memchr(line.s, '\t', line.n) ||
      !(memchr(line.s, ',', line.n) || memchr(line.s, ';', line.n)))
    return false;
  piece items[MAX_SEGS];
  int k = split_keywords(c, line.s, line.n, items, MAX_SEGS);
  if (k < 2) return false;
  for (int i = 0; i < k; i++)
    if (words_over(items[i].s, items[i].n, 4)) return false;
  for (int i = 0; i < k; i++) {
    cvx_record *one = cvx_record_new(c->doc, kind, c->origin, within);
    if (!one) return true;
    add_piece(c, one, "name", items[i], within);
  }
  return true;
}

static void parse_skill_line(ctx *c, piece line, cvx_span within, cvx_rec_kind kind) {
  const char *colon = NULL;
  for (size_t i = 0; i < line.n; i++)
    if (line.s[i] == ':' && i < 60) {
      colon = line.s + i;
      break;
    }
  /* a label in a cell of its own beside a list in the next (a table row, a
   * PDF's label column): the one cell boundary is the label's colon; cells
   * of a row of chips are no label and its values */
  const char *tab = colon ? NULL : memchr(line.s, '\t', line.n < 60 ? line.n : 60);
  if (tab && tab > line.s) {
    piece lab = {line.s, (size_t)(tab - line.s)}, val = {tab + 1, line.n - (size_t)(tab + 1 - line.s)};
    int seps = 0; /* a list: three items at least */
    for (size_t i = 0; i < val.n; i++) seps += val.s[i] == ',' || val.s[i] == ';';
    bool list = seps >= 2;
    if (!memchr(val.s, '\t', val.n) && list && !memchr(lab.s, ',', lab.n) && !words_over(lab.s, lab.n, 3) &&
        has_alnum(val.s, val.n))
      colon = tab;
  }
  /* "Scripting - Powershell, Python, Bash", "Databases – SQL": a spaced
   * dash after a short name stands for the colon */
  size_t dash_len = 0;
  if (!colon && kind == CVX_REC_SKILL) {
    for (size_t i = 1; i + 2 < line.n && i < 48 && !dash_len; i++) {
      if (line.s[i - 1] != ' ') continue;
      size_t dl = line.s[i] == '-' ? 1
                  : ((unsigned char)line.s[i] == 0xE2 && i + 3 < line.n && (unsigned char)line.s[i + 1] == 0x80 &&
                     ((unsigned char)line.s[i + 2] == 0x93 || (unsigned char)line.s[i + 2] == 0x94))
                      ? 3
                      : 0;
      if (!dl || i + dl >= line.n || line.s[i + dl] != ' ') continue;
      piece name = trim_piece((piece){line.s, i});
      piece val = trim_piece((piece){line.s + i + dl, line.n - i - dl});
      if (!name.n || !val.n || words_over(name.s, name.n, 4) || memchr(name.s, ',', name.n) || memchr(name.s, '(', name.n))
        break;
      /* the value: a list of short items, none a sentence */
      piece items[MAX_SEGS];
      int k = split_list(val, items, MAX_SEGS);
      bool list = k >= 1 && k < MAX_SEGS && val.s[val.n - 1] != '.';
      for (int j = 0; j < k && list; j++) list = !words_over(items[j].s, items[j].n, 4);
      if (list) {
        colon = line.s + i;
        dash_len = dl;
      }
      break;
    }
  }
  if (kind == CVX_REC_LANGUAGE) {
    cvx_record *open = c->lang_open;
    c->lang_open = NULL;
    if (open && !is_language_name(line) && !words_over(line.s, line.n, 5) && !memchr(line.s, ',', line.n)) {
      add_piece(c, open, "fluency", line, within);
      return;
    }
    piece items[MAX_SEGS], dots[MAX_SEGS];
    int k = dot_rated(line, items, dots, MAX_SEGS);
    for (int i = 0; i < k; i++) {
      /* the dots stand for a level until a legend names it */
      cvx_record *r = cvx_record_new(c->doc, CVX_REC_LANGUAGE, c->origin, within);
      if (!r) return;
      add_piece(c, r, "language", items[i], within);
      add_piece(c, r, "fluency", dots[i], within);
    }
    if (k) return;
    /* a row of cells, a language and then what is said of it ("German" |
     * "Intermediate" | "B1 certificate"), is one language */
    const char *t1 = memchr(line.s, '\t', line.n);
    if (t1) {
      const char *t2 = memchr(t1 + 1, '\t', line.n - (size_t)(t1 + 1 - line.s));
      piece second = trim_piece((piece){t1 + 1, (size_t)((t2 ? t2 : line.s + line.n) - (t1 + 1))});
      if (is_language_name((piece){line.s, (size_t)(t1 - line.s)}) && !is_language_name(second)) k = 1, items[0] = line;
    }
    if (!k) k = split_list(line, items, MAX_SEGS);
    cvx_record *last = NULL; /* the language before, while it has no level */
    for (int i = 0; i < k; i++) {
      /* "German, Intermediate": a level alone after a language is that
       * language's */
      if (last && !is_language_name(items[i]) && !words_over(items[i].s, items[i].n, 3) && fluency_words(items[i])) {
        add_piece(c, last, "fluency", items[i], within);
        last = NULL;
        continue;
      }
      cvx_record *r = cvx_record_new(c->doc, CVX_REC_LANGUAGE, c->origin, within);
      if (!r) return;
      last = NULL;
      /* "English (native)", "English: fluent", "English – C1" */
      piece p = items[i];
      size_t cutat = p.n;
      for (size_t j = 0; j < p.n; j++)
        if (p.s[j] == '(' || p.s[j] == ':' || p.s[j] == '\t' ||
            (p.s[j] == ' ' && j + 1 < p.n && (p.s[j + 1] == '-' || (unsigned char)p.s[j + 1] == 0xE2))) {
          cutat = j;
          break;
        }
      add_piece(c, r, "language", trim_piece((piece){p.s, cutat}), within);
      if (cutat == p.n && is_language_name(p)) last = r;
      if (cutat < p.n) {
        piece fl = trim_piece((piece){p.s + cutat, p.n - cutat});
        if (fl.n >= 2 && fl.s[0] == '(' && fl.s[fl.n - 1] == ')') fl = trim_piece((piece){fl.s + 1, fl.n - 2});
        add_piece(c, r, "fluency", fl, within);
      } else if (k == 1 && is_language_name(p)) {
        c->lang_open = r;
      }
    }
    return;
  }
  /* a row of three cells or more with no label: tags side by side, a
   * skill each */
  if (!colon) {
    piece items[MAX_SEGS];
    int tabs = 0;
    for (size_t i = 0; i < line.n; i++) tabs += line.s[i] == '\t';
    int k = tabs >= 2 ? split_list(line, items, MAX_SEGS) : 0;
    for (int i = 0; i < k; i++) {
      cvx_record *one = cvx_record_new(c->doc, kind, c->origin, within);
      if (!one) return;
      add_piece(c, one, "name", items[i], within);
    }
    if (k) return;
  }
  /* a table row "JS | react, vue": its first cell names the group (a
   * level alone in the next cell rates it) */
  const char *cell = colon ? NULL : memchr(line.s, '\t', line.n < 60 ? line.n : 60);
  if (cell && !words_over(line.s, (size_t)(cell - line.s), 4) && has_alnum(line.s, (size_t)(cell - line.s))) {
    piece rest = trim_piece((piece){cell + 1, line.n - (size_t)(cell + 1 - line.s)});
    if (rest.n && !memchr(rest.s, '\t', rest.n)) {
      cvx_record *r = cvx_record_new(c->doc, kind, c->origin, within);
      if (!r) return;
      add_piece(c, r, "name", trim_piece((piece){line.s, (size_t)(cell - line.s)}), within);
      if (skill_level_words(rest) && !words_over(rest.s, rest.n, 3)) {
        add_piece(c, r, "level", rest, within);
        return;
      }
      piece items[MAX_SEGS];
      int k = split_keywords(c, rest.s, rest.n, items, MAX_SEGS);
      for (int i = 0; i < k; i++) add_piece(c, r, "keywords", items[i], within);
      return;
    }
  }
  cvx_record *r = cvx_record_new(c->doc, kind, c->origin, within);
  if (!r) return;
  if (colon) {
    piece name = trim_piece((piece){line.s, (size_t)(colon - line.s)});
    add_piece(c, r, "name", name, within);
    piece items[MAX_SEGS];
    size_t cl = dash_len ? dash_len : 1;
    piece val = trim_piece((piece){colon + cl, line.n - (size_t)(colon + cl - line.s)});
    if (dash_len && skill_level_words(val) && !words_over(val.s, val.n, 3)) { /* "Python - advanced" */
      add_piece(c, r, "level", val, within);
      return;
    }
    int k = split_keywords(c, colon + cl, line.n - (size_t)(colon + cl - line.s), items, MAX_SEGS);
    for (int i = 0; i < k; i++) add_piece(c, r, "keywords", items[i], within);
  } else {
    add_piece(c, r, "name", line, within);
  }
}

/* True when p is a run of ", X" where each X is a degree or a short
 * credential in capitals (", BSN, RN", ", Ph.D.", ", MBA, PMP"). */
static bool postnominals(piece p) {
  int k = 0;
  size_t i = 0;
  while (i < p.n) {
    if (p.s[i] != ',') return false;
    size_t a = i + 1, e = a;
    while (e < p.n && p.s[e] != ',') e++;
    piece x = trim_piece((piece){p.s + a, e - a});
    if (!x.n || x.n > 8) return false;
    bool caps = true;
    for (size_t q = 0; q < x.n && caps; q++)
      caps = isupper((unsigned char)x.s[q]) || x.s[q] == '.' || x.s[q] == '-';
    if (!caps && !cvx_degree_canonical(x.s, x.n)) return false;
    k++;
    i = e;
  }
  return k > 0;
}

/* Drops leading pictographs and their joiners ("👨‍💻 Programming Languages",
 * "🌐 Languages"): decoration, not words. */
static piece strip_symbols(piece p) {
  for (;;) {
    p = trim_piece(p);
    if (!p.n) return p;
    unsigned char c0 = (unsigned char)p.s[0];
    size_t l = c0 >= 0xF0 ? 4 : c0 >= 0xE0 ? 3 : c0 >= 0xC0 ? 2 : 1;
    if (l > p.n) return p;
    uint32_t cp = c0;
    if (l == 4) cp = ((c0 & 7u) << 18) | (((unsigned char)p.s[1] & 63u) << 12) | (((unsigned char)p.s[2] & 63u) << 6) | ((unsigned char)p.s[3] & 63u);
    else if (l == 3) cp = ((c0 & 15u) << 12) | (((unsigned char)p.s[1] & 63u) << 6) | ((unsigned char)p.s[2] & 63u);
    bool sym = (cp >= 0x1F000 && cp <= 0x1FFFF) || cp == 0x200D || cp == 0xFE0F || (cp >= 0x2190 && cp <= 0x2BFF);
    if (!sym) return p;
    p.s += l;
    p.n -= l;
  }
}

/* True when a group label states a level ("Extensive experience with"). */
static bool skill_level_words(piece p) {
  static const char *const lv[] = {"extensive", "intermediate", "advanced", "basic", "beginner", "expert",
                                   "proficient", "familiar", "working knowledge", "novice", "fluent", NULL};
  for (int i = 0; lv[i]; i++) {
    size_t m = strlen(lv[i]);
    for (size_t j = 0; j + m <= p.n; j++)
      if (strncasecmp(p.s + j, lv[i], m) == 0 && (j == 0 || p.s[j - 1] == ' ')) return true;
  }
  return false;
}

/* A skills block laid out in columns without punctuation:
 *   Languages  C Go Rust
 *   Tools      Git Docker Build
 *              systems Make
 * a group name, a gap of two or more spaces, keywords separated by single
 * spaces, indented lines continuing the group above. A keyword starting in
 * lower case continues the one before it ("Build systems"). Reads the
 * source layout (doc->view) of the block's span; false when the block does
 * not have this shape. */
static bool skill_columns(ctx *c, const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !cvx_span_valid(b->span) || b->span.end > c->doc->src->len) return false;
  if (strpbrk(b->text, ",;:|") || cvx_block_nlinks(b)) return false;
  const char *v = c->doc->view;
  /* the block's span may start after the first line's indentation */
  size_t from = b->span.start;
  while (from > 0 && !cvx_eol(v[from - 1])) from--;
  size_t to = b->span.end;
  /* the keyword column: where indented lines start, or the end of the
   * widest "Name  " gap; every group name must fit before it */
  size_t col = 0;
  int groups = 0;
  for (size_t ls = from; ls < to;) {
    const char *nl = memchr(v + ls, '\n', to - ls);
    size_t le = nl ? (size_t)(nl - v) : to;
    size_t i = ls;
    if (v[i] == ' ') {
      while (i < le && v[i] == ' ') i++;
      if (i - ls < 4 || !groups) return false;
      if (!col) col = i - ls;
      else if (col != i - ls) return false;
    } else {
      size_t g = i;
      while (g + 1 < le && !(v[g] == ' ' && v[g + 1] == ' ')) g++;
      if (g + 1 < le) {
        size_t k = g;
        while (k < le && v[k] == ' ') k++;
        if (words_over(v + ls, g - ls, 3)) return false;
        if (k - ls > col) col = k - ls;
      }
      groups++;
    }
    ls = le + 1;
  }
  if (groups < 1 || col < 3) return false;
  for (size_t ls = from; ls < to;) {
    const char *nl = memchr(v + ls, '\n', to - ls);
    size_t le = nl ? (size_t)(nl - v) : to;
    if (v[ls] != ' ' && (ls + col >= le || v[ls + col - 1] != ' ' || v[ls + col] == ' ' ||
                         words_over(v + ls, col, 3)))
      return false;
    ls = le + 1;
  }
  cvx_record *r = NULL;
  piece last = {0};
  for (size_t ls = from; ls < to;) {
    const char *nl = memchr(v + ls, '\n', to - ls);
    size_t le = nl ? (size_t)(nl - v) : to;
    size_t i = ls;
    if (v[i] != ' ') {
      size_t g = ls + col;
      while (g > ls && v[g - 1] == ' ') g--;
      r = cvx_record_new(c->doc, CVX_REC_SKILL, c->origin, cvx_span_make(ls, le));
      if (!r) return true;
      cvx_record_addn(c->doc, r, "name", v + ls, g - ls, cvx_span_make(ls, g));
      i = g;
      last = (piece){0};
    }
    while (i < le) {
      while (i < le && v[i] == ' ') i++;
      size_t w = i;
      while (w < le && v[w] != ' ') w++;
      if (w == i) break;
      if (last.n && islower((unsigned char)v[i])) {
        /* lower case: the keyword goes on ("Browser extensions") */
        cvx_field *f = r ? r->tail : NULL;
        if (f && f->key && strcmp(f->key, "keywords") == 0) {
          f->value = cvx_arena_printf(c->doc->arena, "%s %.*s", f->value, (int)(w - i), v + i);
          f->span.end = (uint32_t)w;
          cvx_doc_take(c->doc, cvx_span_make(i, w));
          i = w;
          continue;
        }
      }
      if (r) cvx_record_addn(c->doc, r, "keywords", v + i, w - i, cvx_span_make(i, w));
      last = (piece){v + i, w - i};
      i = w;
    }
    ls = le + 1;
  }
  return true;
}

/* A skills block whose lines name a group, then, after a gap of two or more
 * spaces, its list with separators:
 *   Languages  C, C++, Rust
 *   Tools      Git, Make
 * Indented lines continue the list above. Reads the source layout
 * (doc->view) of the block's span; false when a line does not have this
 * shape or no list has a separator (skill_columns reads those). */
static bool skill_gap_lists(ctx *c, const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !cvx_span_valid(b->span) || b->span.end > c->doc->src->len) return false;
  if (cvx_block_nlinks(b) || strchr(b->text, ':')) return false;
  const char *v = c->doc->view;
  size_t from = b->span.start;
  while (from > 0 && !cvx_eol(v[from - 1])) from--;
  size_t to = b->span.end;
  bool sep = false;
  int groups = 0;
  for (size_t ls = from; ls < to;) {
    const char *nl = memchr(v + ls, '\n', to - ls);
    size_t le = nl ? (size_t)(nl - v) : to;
    if (v[ls] == ' ') {
      if (!groups) return false;
    } else if (le > ls) {
      size_t g = ls;
      while (g + 1 < le && !(v[g] == ' ' && v[g + 1] == ' ')) g++;
      if (g + 1 >= le) return false;
      size_t k = g;
      while (k < le && v[k] == ' ') k++;
      if (k == le || words_over(v + ls, g - ls, 3)) return false;
      for (size_t q = ls; q < g; q++)
        if (strchr(",;|()", v[q])) return false;
      if (memchr(v + k, ',', le - k) || memchr(v + k, ';', le - k)) sep = true;
      groups++;
    }
    ls = le + 1;
  }
  if (!groups || !sep) return false;
  cvx_record *r = NULL;
  for (size_t ls = from; ls < to;) {
    const char *nl = memchr(v + ls, '\n', to - ls);
    size_t le = nl ? (size_t)(nl - v) : to;
    size_t i = ls;
    if (le > ls && v[ls] != ' ') {
      size_t g = ls;
      while (!(v[g] == ' ' && v[g + 1] == ' ')) g++;
      r = cvx_record_new(c->doc, CVX_REC_SKILL, c->origin, cvx_span_make(ls, le));
      if (!r) return true;
      cvx_record_addn(c->doc, r, "name", v + ls, g - ls, cvx_span_make(ls, g));
      i = g;
    }
    piece items[MAX_SEGS];
    int k = le > i ? split_keywords(c, v + i, le - i, items, MAX_SEGS) : 0;
    for (int j = 0; j < k && r; j++) {
      size_t a = (size_t)(items[j].s - v);
      cvx_record_addn(c->doc, r, "keywords", items[j].s, items[j].n, cvx_span_make(a, a + items[j].n));
    }
    ls = le + 1;
  }
  return true;
}

/* A bullet whose sentence was hard-wrapped: several lines, no "Label:",
 * a dozen words or more, the second line going on in lower case. It is one
 * skill, not one per line. */
static bool wrapped_sentence(const cvx_block *b) {
  const char *nl = strchr(b->text, '\n');
  if (b->kind != CVX_BLK_ITEM || !nl || memchr(b->text, ':', b->len) || !words_over(b->text, b->len, 11))
    return false;
  while (*nl && is_ws((unsigned char)*nl)) nl++;
  return islower((unsigned char)*nl);
}

/* A paragraph of two or more lines of at most four words each, none ending
 * a sentence: a list written one item a line ("Java" / "Kotlin" / "Dart"). */
static bool short_lines(const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !memchr(b->text, '\n', b->len)) return false;
  for (const char *q = b->text, *stop = b->text + b->len; q < stop;) {
    const char *nl = memchr(q, '\n', (size_t)(stop - q));
    size_t n = (size_t)((nl ? nl : stop) - q);
    if (!n || words_over(q, n, 4) || q[n - 1] == '.') return false;
    q = nl ? nl + 1 : stop;
  }
  return true;
}

/* A paragraph that is one list of short items ("C, Go, Rust", "Git; Make"):
 * two or more items of at most four words, none ending a sentence. */
static bool item_list(const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !b->len || b->text[b->len - 1] == '.' || memchr(b->text, ':', b->len)) return false;
  piece items[MAX_SEGS];
  int k = split_list((piece){b->text, b->len}, items, MAX_SEGS);
  if (k < 2 || k >= MAX_SEGS) return false;
  for (int i = 0; i < k; i++)
    if (words_over(items[i].s, items[i].n, 4) || items[i].s[items[i].n - 1] == '.') return false;
  return true;
}

/* A short line of its own naming a group: a few words, no list and no
 * sentence ("Frameworks" over "React, Vue"). */
static bool group_label(const cvx_block *b) {
  return b->kind == CVX_BLK_PARA && b->len && !memchr(b->text, '\n', b->len) && !words_over(b->text, b->len, 4) &&
         b->text[b->len - 1] != '.' && !memchr(b->text, ',', b->len) && !memchr(b->text, ';', b->len);
}

/* True when p holds a letter (any non-ASCII byte counts as one). */
static bool has_letter(piece p) {
  for (size_t i = 0; i < p.n; i++)
    if (isalpha((unsigned char)p.s[i]) || (unsigned char)p.s[i] >= 0x80) return true;
  return false;
}

/* A list's separator at s[i] (",", ";", "|", a middle dot or a bullet):
 * its length in bytes, else 0. */
static size_t list_sep_at(const char *s, size_t n, size_t i) {
  unsigned char c = (unsigned char)s[i];
  if (c == ',' || c == ';' || c == '|') return 1;
  if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xB7) return 2;
  if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0xA2) return 3;
  return 0;
}

/* Phrases of two to four words the document sets apart by punctuation
 * (commas, semicolons, bars, tabs, brackets, bullets, colons, line ends),
 * the first word capitalised: "Power BI" in "Python, Power BI (DAX)". A run
 * of tags copied with single spaces between them is cut at these names
 * (space_tags). At most MAX_PHRASES are kept. */
#define MAX_PHRASES 4096
static int cmp_piece(const void *a, const void *b) {
  const piece *p = a, *q = b;
  if (p->n != q->n) return p->n < q->n ? -1 : 1;
  return memcmp(p->s, q->s, p->n);
}

static void doc_phrases(ctx *c) {
  c->phrases_built = true;
  size_t cap = 0;
  for (const cvx_block *b = c->first_block; b && c->nphrases < MAX_PHRASES; b = b->next) {
    if (!b->text) continue;
    for (size_t i = 0; i < b->len && c->nphrases < MAX_PHRASES;) {
      size_t j = i;
      while (j < b->len && !strchr("\t()[]\n:", b->text[j]) && !list_sep_at(b->text, b->len, j)) j++;
      piece p = trim_piece((piece){b->text + i, j - i});
      int w = p.n && p.n <= 40 ? count_words(p.s, p.n) : 0;
      unsigned char c0 = p.n ? (unsigned char)p.s[0] : 0;
      if (w >= 2 && w <= 4 && (isupper(c0) || isdigit(c0) || c0 >= 0x80) && p.s[p.n - 1] != '.') {
        if (c->nphrases == cap) {
          size_t ncap = cap ? cap * 2 : 64;
          piece *np = cvx_arena_alloc(c->doc->arena, ncap * sizeof *np);
          if (!np) break;
          if (cap) memcpy(np, c->phrases, cap * sizeof *np);
          c->phrases = np, cap = ncap;
        }
        c->phrases[c->nphrases++] = p;
      }
      size_t sep = j < b->len ? list_sep_at(b->text, b->len, j) : 0;
      i = j + (sep ? sep : 1); /* past the mark */
    }
  }
  if (c->nphrases) qsort(c->phrases, c->nphrases, sizeof *c->phrases, cmp_piece);
}

static bool doc_phrase(ctx *c, piece p) {
  if (!c) return false;
  if (!c->phrases_built) doc_phrases(c);
  return c->nphrases && bsearch(&p, c->phrases, c->nphrases, sizeof *c->phrases, cmp_piece);
}

/* Tags a page set apart by their boxes alone, copied as one line with
 * single spaces ("Docker Kubernetes Helm GitHub Actions"): `least` words at
 * least, no separator, no sentence (half the words in capitals, digits or
 * symbols, half with a letter, no word only a phrase has: "such", "the").
 * Each word is a tag but where a joining word ("with", "and", "&", "/",
 * "of") binds its neighbours ("C++ with Qt"), or where the document sets a
 * name of several words apart elsewhere (doc_phrases: "Power BI"); another
 * tag of several words cannot be told from two, and comes out as two.
 * Writes up to max pieces to out; 0 when the line is no such run. c may be
 * NULL (no phrases weighed). */
static int space_tags_n(ctx *c, piece line, piece *out, int max, int least, bool plain_ok) {
  static const char *const joins[] = {"with", "and", "&", "/", "+", "of", "for", "in", "on", "und", "y", "e", "et", "de", NULL};
  /* words that only a phrase has */
  static const char *const phrase_words[] = {"the", "a", "an", "as", "such", "to", "is", "are", "was", "be", "by",
                                             "from", "at", "or", "not", "my", "our", "this", "that", "which",
                                             "ich", "mein", "mich", "sehr", "le", "la", "les", "des", "du", "el",
                                             "los", "las", "con", "para", "por", "com", "em", "и", "в", "с", NULL};
  line = trim_piece(line);
  if (!line.n || line.s[line.n - 1] == '.' || line.s[line.n - 1] == ':') return 0;
  /* words; a bracket's words go with the word before ("C1 (PET/FCE)",
   * "Build Systems (e.g. Webpack, Gulp)"), which nothing inside splits */
  piece w[64];
  int nw = 0, depth = 0;
  for (size_t i = 0; i < line.n;) {
    while (i < line.n && line.s[i] == ' ') i++;
    size_t a = i;
    bool inner = depth > 0 || (i < line.n && line.s[i] == '(');
    while (i < line.n && (line.s[i] != ' ' || depth > 0)) {
      char ch = line.s[i];
      if (ch == '(') depth++;
      else if (ch == ')' && depth) depth--;
      else if (!depth && (strchr(",;|\t)", ch) || (ch == '.' && i + 1 < line.n && line.s[i + 1] == ' '))) return 0;
      i++;
    }
    if (depth) return 0; /* (a bracket left open) */
    if (i == a) continue;
    if (inner && nw) {
      w[nw - 1].n = (size_t)(line.s + i - w[nw - 1].s);
      continue;
    }
    if (nw == 64) return 0;
    w[nw++] = (piece){line.s + a, i - a};
  }
  cvx_daterange d;
  if (nw < least || cvx_date_find(line.s, line.n, &d)) return 0;
  int marked = 0, joiners = 0, plain = 0, lettered = 0;
  bool join[64];
  for (int i = 0; i < nw; i++) {
    join[i] = false;
    for (int j = 0; joins[j]; j++)
      if (eq_fold(w[i].s, w[i].n, joins[j]) && islower((unsigned char)w[i].s[0]) == islower((unsigned char)joins[j][0])) join[i] = true;
    if (join[i]) {
      joiners++;
      continue;
    }
    for (int j = 0; phrase_words[j]; j++)
      if (!isupper((unsigned char)w[i].s[0]) && eq_fold(w[i].s, w[i].n, phrase_words[j])) return 0;
    if (has_letter(w[i])) lettered++;
    unsigned char c0 = (unsigned char)w[i].s[0];
    bool mark = isupper(c0) || isdigit(c0) || c0 >= 0x80;
    for (size_t q = 1; q < w[i].n && !mark; q++) mark = isupper((unsigned char)w[i].s[q]) || strchr("+#./-_", w[i].s[q]);
    marked += mark;
    plain += islower(c0) && !mark;
  }
  /* (five words at least besides the joining ones, half of them marked and
   * two in five at most in plain lower case, few joining words: else a
   * phrase) */
  int words = nw - joiners;
  if (words < least || 2 * lettered < words || 3 * joiners > nw || join[0] || join[nw - 1]) return 0;
  if (!plain_ok && (2 * marked < words || 5 * plain > 2 * words)) return 0;
  int o = 0;
  for (int i = 0; i < nw && o < max;) {
    int j = i;
    /* a name the document sets apart elsewhere ("Power BI") is one tag
     * (not the whole run: the line itself is such a phrase) */
    for (int L = nw - i < 4 ? nw - i : 4; L >= 2 && j == i && L < nw; L--) {
      bool plain_run = true;
      for (int q = i; q < i + L && plain_run; q++) plain_run = !join[q];
      if (plain_run && doc_phrase(c, (piece){w[i].s, (size_t)(w[i + L - 1].s + w[i + L - 1].n - w[i].s)}))
        j = i + L - 1;
    }
    while (j == i && j + 2 < nw && join[j + 1] && !join[j + 2]) j += 2;
    out[o++] = (piece){w[i].s, (size_t)(w[j].s + w[j].n - w[i].s)};
    i = j + 1;
  }
  return o;
}

/* A run of five words at least: fewer might be a phrase. */
static int space_tags(ctx *c, piece line, piece *out, int max) { return space_tags_n(c, line, out, max, 5, false); }

/* Words after the first of p that start in lower case: a phrase's words
 * ("Version control systems"), not a name's. */
static bool phrase_cased(piece p) {
  bool first = true;
  for (size_t i = 0; i < p.n;) {
    while (i < p.n && p.s[i] == ' ') i++;
    if (i < p.n && !first && islower((unsigned char)p.s[i])) return true;
    while (i < p.n && p.s[i] != ' ') i++;
    first = false;
  }
  return false;
}

/* Every word of p marked as a name: a capital or a digit first, or a
 * capital or symbol inside ("Git Subversion", "MPI OpenMP", "iOS"). */
static bool marked_names(piece p) {
  int words = 0;
  for (size_t i = 0; i < p.n;) {
    while (i < p.n && p.s[i] == ' ') i++;
    size_t a = i;
    bool mark = false;
    while (i < p.n && p.s[i] != ' ') {
      unsigned char ch = (unsigned char)p.s[i];
      mark |= (i == a && (isupper(ch) || isdigit(ch))) || (i > a && (isupper(ch) || strchr("+#./-_", ch)));
      i++;
    }
    if (i == a) continue;
    if (!mark) return false;
    words++;
  }
  return words > 0;
}

/* Lines of one paragraph under a group's title that go on naming groups:
 * tags, a short title, tags, … ("C Go Rust Zig Lua" / "Tooling" / "Make Git
 * Nix Bazel CMake"), or title, tags, title, … when the lines are even in
 * number; each title of four words at most with no separator and no full
 * stop, over a longer line, and each line of tags a list of two at least,
 * three in half of them. When the lines do not alternate so, a list may
 * go on over a second line ("Python SQL … Data Storytelling" / "Continuous
 * Learning Project Management"): a title is then a line of that shape not
 * right under one that ends in a separator, never two in a row, and a
 * line of tags a list or a long line with no full stop. title[i] tells the
 * titles among the m lines (MAX_SEGS at most); lines before the first
 * title fill the group of the entry's own title. */
static bool alternating_groups(const cvx_block *b, bool *title) {
  if (b->kind != CVX_BLK_PARA || !memchr(b->text, '\n', b->len)) return false;
  piece l[MAX_SEGS];
  bool wraps[MAX_SEGS]; /* the line ends in a separator: its list goes on below */
  bool stops[MAX_SEGS]; /* the line ends in a full stop */
  int m = 0;
  bool any_wrap = false;
  for (const char *q = b->text, *stop = b->text + b->len; q < stop;) {
    const char *nl = memchr(q, '\n', (size_t)(stop - q));
    if (m == MAX_SEGS) return false;
    size_t n = (size_t)((nl ? nl : stop) - q);
    while (n && q[n - 1] == ' ') n--;
    wraps[m] = nl && ((n >= 1 && list_sep_at(q, n, n - 1) == 1) || (n >= 2 && list_sep_at(q, n, n - 2) == 2) ||
                      (n >= 3 && list_sep_at(q, n, n - 3) == 3));
    stops[m] = n && (q[n - 1] == '.' || q[n - 1] == '!' || q[n - 1] == '?');
    any_wrap |= wraps[m];
    l[m++] = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
    q = nl ? nl + 1 : stop;
  }
  if (m < 2) return false;
  /* the form of a title (four words at most, no separator, no full stop)
   * over line i + 1: shaped when shorter than it; named when shorter or a
   * name in words of a phrase over a line of names ("Version control
   * systems" over "Git Subversion") */
  bool shaped[MAX_SEGS], named[MAX_SEGS], form[MAX_SEGS];
  for (int i = 0; i < m; i++) {
    form[i] = i + 1 < m && !wraps[i] && l[i].n && !words_over(l[i].s, l[i].n, 4) && l[i].s[l[i].n - 1] != '.' &&
              l[i].s[l[i].n - 1] != ',' && !memchr(l[i].s, ':', l[i].n) && /* ("Databases: SQL") */
              !cvx_ends_open(l[i].s, l[i].n);                            /* ("CAD software such as") */
    for (size_t q = 0; q < l[i].n && form[i]; q++)
      if (l[i].s[q] == '\t' || list_sep_at(l[i].s, l[i].n, q)) form[i] = false; /* (nor a "·" or "•") */
    shaped[i] = form[i] && count_words(l[i].s, l[i].n) < count_words(l[i + 1].s, l[i + 1].n);
    named[i] = shaped[i] || (form[i] && phrase_cased(l[i]) && marked_names(l[i + 1]));
  }
  /* titles by turns first (the first line a title when the lines are even
   * in number; each of a title's form, and each named but one when there
   * are three pairs or more), else by shape */
  int t0 = m % 2 ? 1 : 0;
  bool turns = !any_wrap;
  int pairs = 0, unnamed = 0;
  for (int i = 0; i < m; i++) title[i] = (i % 2 == t0) && i != m - 1;
  for (int i = 0; i < m && turns; i++)
    if (title[i]) {
      turns = form[i];
      pairs++;
      unnamed += !named[i];
    }
  if (turns && unnamed > (pairs >= 3 ? 1 : 0)) turns = false;
  /* (sentences after the last group, each ending in a full stop, are
   * groups of their own with no tags: "I know how to set up builds, …") */
  bool told[MAX_SEGS] = {false};
  if (!turns) {
    for (int i = 0; i < m; i++) title[i] = shaped[i] && !(i && (wraps[i - 1] || title[i - 1]));
    int t = m;
    while (t > 1 && stops[t - 1] && words_over(l[t - 1].s, l[t - 1].n, 8) && !wraps[t - 2])
      t--;
    for (int i = 0; i < t && t < m; i++)
      if (title[i]) { /* only after a group's title */
        for (int j = t; j < m; j++) told[j] = title[j] = true;
        break;
      }
  }
  /* lines of tags: three at least in half of the groups, two at least in
   * each line (a short group, "Photoshop Gimp", among longer ones), or, not
   * by turns, a long line with no full stop */
  int lists = 0, groups = 0, titles = 0;
  bool group_listed = false, open = false;
  for (int i = 0; i < m; i++) {
    if (told[i]) continue;
    if (title[i]) {
      titles++;
      if (open) lists += group_listed;
      open = true, group_listed = false;
      groups++;
      continue;
    }
    if (!open) open = true, groups++;
    piece items[MAX_SEGS];
    int k = split_list(l[i], items, MAX_SEGS);
    if (k < 3) {
      /* (by turns, or under a title, "postgres mysql") */
      int ks = space_tags_n(NULL, l[i], items, MAX_SEGS, 2, turns || (i && title[i - 1]));
      k = ks > k ? ks : k;
    }
    bool long_line = !turns && words_over(l[i].s, l[i].n, 8) && l[i].s[l[i].n - 1] != '.';
    /* (a line of tags under another goes on from a long one or from one
     * that ends in a separator: a list wrapped) */
    if (!turns && i && !title[i - 1] && !wraps[i - 1] && !words_over(l[i - 1].s, l[i - 1].n, 8)) return false;
    if (k >= 3 || long_line) group_listed = true;
    /* (by turns a group may hold one tag, "Web (server)" / "fastify", or
     * a run of tags that cannot be told apart, no sentence) */
    else if (k < 2 && !(wraps[i] || (i && wraps[i - 1])) &&
             !(turns && (!words_over(l[i].s, l[i].n, 2) || (l[i].n && l[i].s[l[i].n - 1] != '.'))))
      return false;
  }
  lists += open && group_listed;
  /* (by turns, three titles or more each named over its tags, or all but
   * one of five or more, need one list of three: "Parallel programming" /
   * "MPI OpenMP" …) */
  return titles && lists && (2 * lists >= groups || (turns && pairs >= 3 && unnamed <= (pairs >= 5 ? 1 : 0)));
}

static bool ampersand_category(piece p);

/* The record of a group named by its entry's title, opened when its first
 * keyword comes; NULL when the document is full. */
static cvx_record *titled_group(ctx *c, cvx_rec_kind kind, const entry *e, piece name) {
  cvx_record *r = cvx_record_new(c->doc, kind, c->origin, entry_span(e));
  if (r) add_piece(c, r, "name", name, e->title->span);
  return r;
}

/* How many bytes of s[0,n) are ch. */
static size_t count_byte(const char *s, char ch, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) k += s[i] == ch;
  return k;
}

/* Reads the lines of paragraph b that alternating_groups took (title[i]
 * for its titles): each title opens a group, each line of tags fills the
 * open one (before any title, the group named by the entry's title, name).
 * spans[i], when given, is where line i stands (b a copy of lines apart);
 * *r: the open group. False when the document is full. */
static bool alternating_read(ctx *c, cvx_rec_kind kind, const entry *e, piece name, const cvx_block *b,
                             const bool *title, const cvx_span *spans, cvx_record **r) {
  int li = 0;
  for (const char *q = b->text, *stop = b->text + b->len; q < stop; li++) {
    const char *nl = memchr(q, '\n', (size_t)(stop - q));
    piece l = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
    q = nl ? nl + 1 : stop;
    cvx_span in = spans && li < MAX_SEGS ? spans[li] : b->span; /* (where the line is) */
    if (li < MAX_SEGS && title[li]) {
      if (!(*r = cvx_record_new(c->doc, kind, c->origin, in))) return false;
      add_piece(c, *r, "name", l, in);
      continue;
    }
    if (!*r && !(*r = titled_group(c, kind, e, name))) return false;
    piece items[MAX_SEGS];
    int k = space_tags(c, l, items, MAX_SEGS);
    if (k < 2 && split_list(l, items, MAX_SEGS) < 2) k = space_tags_n(c, l, items, MAX_SEGS, 2, false);
    if (k < 2) k = split_keywords(c, l.s, l.n, items, MAX_SEGS);
    /* a line of tags in plain lower case ("postgres mysql redis"): each
     * word a tag, where no word only a phrase has says it is one */
    piece plain[MAX_SEGS];
    if (k < 2 && split_list(l, plain, MAX_SEGS) < 2) {
      int kp = space_tags_n(c, l, plain, MAX_SEGS, 2, true);
      if (kp > k) memcpy(items, plain, (size_t)kp * sizeof *plain), k = kp;
    }
    for (int i = 0; i < k; i++) add_piece(c, *r, "keywords", items[i], in);
  }
  return true;
}

/* The words of p outside brackets. */
static int bare_words(piece p) {
  int words = 0, depth = 0;
  bool in = false;
  for (size_t i = 0; i < p.n; i++) {
    char ch = p.s[i];
    if (ch == '(') depth++;
    else if (ch == ')' && depth) depth--;
    bool letter = !is_ws((unsigned char)ch) && ch != '(' && ch != ')' && !depth;
    if (letter && !in) words++;
    in = letter;
  }
  return words;
}

static void parse_skills(ctx *c, const entry *e, cvx_rec_kind kind) {
  /* a sub-heading with nothing under it (nor deeper headings of its own)
   * names one item ("### the history of cartography" among the interests) */
  if ((kind == CVX_REC_INTEREST || kind == CVX_REC_SKILL) && e->title && e->title == e->head &&
      e->title->kind == CVX_BLK_HEADING && (e->title->next == e->end || !e->title->next) &&
      !(e->end && e->end->kind == CVX_BLK_HEADING && e->end->level > e->title->level)) {
    piece name = strip_symbols(joined(c, e->title));
    if (name.n && !words_over(name.s, name.n, 15)) {
      cvx_record *r = cvx_record_new(c->doc, kind, c->origin, e->title->span);
      if (!r) return;
      add_piece(c, r, "name", name, e->title->span);
      return;
    }
  }
  /* a sub-heading names the group, the lines under it are its keywords
   * ("#### Frameworks" + "- React, Vue") unless they name groups themselves */
  cvx_block *body = e->title && e->head == e->title ? e->title->next : e->head;
  if (e->title && body && body != e->end && kind == CVX_REC_SKILL) {
    bool labelled = false; /* "Languages: C, Go" lines name their own groups */
    for (cvx_block *b = body; b && b != e->end && !labelled; b = b->next) {
      const char *colon = memchr(b->text, ':', b->len), *nl = memchr(b->text, '\n', b->len);
      /* (on the block's first line: "SAP" / "Office: Word, Excel" is a
       * list whose item has its own parts) */
      labelled = colon && colon - b->text < 60 && (!nl || colon < nl) &&
                 has_alnum(colon + 1, b->len - (size_t)(colon + 1 - b->text));
    }
    piece name = strip_symbols(joined(c, e->title));
    if (!labelled && name.n && !words_over(name.s, name.n, 6)) {
      cvx_record *r = NULL;
      for (cvx_block *b = body; b && b != e->end; b = b->next) {
        piece line = joined(c, b);
        /* "Extensive experience with:" opens a group at that level;
         * "Known programming languages:" a group of that name */
        /* so does a short line of its own over a list ("OS" + "- Windows") */
        bool over_list = b->kind == CVX_BLK_PARA && b->next && b->next != e->end &&
                         b->next->kind == CVX_BLK_ITEM && !memchr(b->text, '\n', b->len) &&
                         !words_over(line.s, line.n, 4);
        /* …and, among lines that each stand alone, one naming a category
         * ("Cloud & BI") with two such lines at least under it */
        if (!over_list && b != body && b->kind == CVX_BLK_PARA && ampersand_category(line)) {
          int under = 0;
          for (cvx_block *x = b->next; x && x != e->end && under < 2 && x->kind == CVX_BLK_PARA &&
                                       !memchr(x->text, '\n', x->len);
               x = x->next)
            under++;
          over_list = under >= 2;
        }
        if (line.n && (b->text[b->len - 1] == ':' || over_list) && !words_over(line.s, line.n, 8)) {
          r = cvx_record_new(c->doc, kind, c->origin, b->span);
          if (!r) return;
          if (skill_level_words(line)) {
            add_piece(c, r, "name", name, e->title->span);
            add_piece(c, r, "level", line, b->span);
          } else {
            add_piece(c, r, "name", line, b->span);
          }
          continue;
        }
        bool title[MAX_SEGS];
        if (alternating_groups(b, title)) {
          if (!alternating_read(c, kind, e, name, b, title, NULL, &r)) return;
          continue;
        }
        if (!r && !(r = titled_group(c, kind, e, name))) return;
        piece items[MAX_SEGS];
        int k = split_keywords(c, b->text, b->len, items, MAX_SEGS);
        int words = count_words(b->text, b->len);
        if (k == 1 && b->kind == CVX_BLK_PARA && !memchr(b->text, '\n', b->len)) {
          int kt = space_tags(c, line, items, MAX_SEGS);
          if (kt) {
            for (int i = 0; i < kt; i++) add_piece(c, r, "keywords", items[i], b->span);
            continue;
          }
        }
        /* a phrase with commas: long items on average ("Familiar with
         * prototyping, FPGAs, and circuit design"); cells apart (a page's
         * tags, tab-separated) or items that each start a capital ("Careful
         * code review, Clear written plans") of a few words each are a list
         * however many words they have, unless one is a sentence's length */
        bool phrase = false;
        if (k > 1 && 2 * words > 5 * k) {
          bool capitals = true;
          for (int i = 0; i < k && capitals; i++) {
            unsigned char c0 = (unsigned char)items[i].s[0];
            capitals = isupper(c0) || isdigit(c0) || c0 >= 0x80;
          }
          phrase = !capitals && !memchr(b->text, '\t', b->len);
          /* (a bracket's words qualify the item: "Beckhoff (TwinCAT 3 + Motion
           * Designer)" is a name of one word) */
          for (int i = 0; i < k && !phrase; i++) phrase = bare_words(items[i]) > 4;
        }
        if (phrase) k = 1, items[0] = line;
        if (k == 1 && words > 12) {
          /* "**Erlang** - what I did with it": the bold lead is the keyword,
           * a sentence without one is a description, not a keyword */
          if (cvx_block_strong(b) && cvx_block_strong(b) <= b->len)
            add_piece(c, r, "keywords", trim_piece((piece){b->text, cvx_block_strong(b)}), b->span);
          continue;
        }
        for (int i = 0; i < k; i++) add_piece(c, r, "keywords", items[i], b->span);
      }
      return;
    }
  }
  /* a head with nested items (or a short line over a list): the head names
   * the group, the items are keywords (a row of cells is a list itself) */
  bool short_para = e->head->kind == CVX_BLK_PARA && !memchr(e->head->text, '\n', e->head->len) &&
                    !memchr(e->head->text, '\t', e->head->len) &&
                    !words_over(e->head->text, e->head->len, 4) && e->head->next && e->head->next != e->end &&
                    (e->head->next->kind == CVX_BLK_ITEM || short_lines(e->head->next) ||
                     (group_label(e->head) && item_list(e->head->next)));
  /* …and so does the last of a few short lines over items set deeper, the
   * lines before it items of their own ("PC" / "Software" / "  • Sketch") */
  bool lines_over = kind == CVX_REC_SKILL && short_lines(e->head) && e->head->next && e->head->next != e->end &&
                    e->head->next->kind == CVX_BLK_ITEM && e->head->next->level > e->head->level &&
                    !memchr(e->head->text, ',', e->head->len) && !memchr(e->head->text, '\t', e->head->len);
  if (e->head->next && e->head->next != e->end && (e->head->kind == CVX_BLK_ITEM || short_para || lines_over) &&
      !strchr(e->head->text, ':')) {
    cvx_span es = entry_span(e);
    piece gname = strip_symbols(joined(c, e->head));
    if (lines_over) {
      const char *last = e->head->text;
      for (const char *q = e->head->text, *stop = e->head->text + e->head->len; q < stop;) {
        const char *nl = memchr(q, '\n', (size_t)(stop - q));
        if (!nl) {
          last = q;
          break;
        }
        cvx_record *one = cvx_record_new(c->doc, kind, c->origin, e->head->span);
        if (!one) return;
        add_piece(c, one, "name", trim_piece((piece){q, (size_t)(nl - q)}), e->head->span);
        q = nl + 1;
      }
      gname = trim_piece((piece){last, (size_t)(e->head->text + e->head->len - last)});
    }
    cvx_record *r = cvx_record_new(c->doc, kind, c->origin, es);
    if (!r) return;
    add_piece(c, r, "name", gname, e->head->span);
    for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
      if (b->kind == CVX_BLK_PARA && short_lines(b)) { /* one keyword a line, or a cell */
        for (const char *q = b->text, *stop = b->text + b->len; q < stop;) {
          const char *nl = memchr(q, '\n', (size_t)(stop - q));
          const char *le = nl ? nl : stop;
          for (const char *x = q; x < le;) {
            const char *tab = memchr(x, '\t', (size_t)(le - x));
            piece w = trim_piece((piece){x, (size_t)((tab ? tab : le) - x)});
            if (w.n) add_piece(c, r, "keywords", w, b->span);
            x = tab ? tab + 1 : le;
          }
          q = nl ? nl + 1 : stop;
        }
        continue;
      }
      if (item_list(b)) { /* one list of keywords */
        piece items[MAX_SEGS];
        int k = split_keywords(c, b->text, b->len, items, MAX_SEGS);
        for (int i = 0; i < k; i++) add_piece(c, r, "keywords", items[i], b->span);
        continue;
      }
      add_piece(c, r, "keywords", joined(c, b), b->span);
    }
    return;
  }
  for (cvx_block *b = e->title ? e->title : e->head; b && b != e->end; b = b->next) {
    /* in a languages section a sub-heading names a language, or the level of
     * the one before it ("Chinese" over "Native") */
    if (b->kind == CVX_BLK_HEADING &&
        !(kind == CVX_REC_LANGUAGE && (c->lang_open || is_language_name(joined(c, b)))))
      continue;
    if (kind == CVX_REC_SKILL && (skill_columns(c, b) || skill_gap_lists(c, b))) continue;
    if (kind == CVX_REC_SKILL && wrapped_sentence(b)) {
      parse_skill_line(c, joined(c, b), b->span, kind);
      continue;
    }
    /* titles and tags a line each ("Visual design" / "Figma Inkscape
     * Blender"), with a title first: the paragraph's own groups */
    bool title[MAX_SEGS];
    if (kind == CVX_REC_SKILL && alternating_groups(b, title) && title[0]) {
      cvx_record *r = NULL;
      if (!alternating_read(c, kind, e, (piece){NULL, 0}, b, title, NULL, &r)) return;
      continue;
    }
    const char *s = b->text;
    while (*s) {
      const char *nl = strchr(s, '\n');
      size_t len = nl ? (size_t)(nl - s) : strlen(s);
      piece line = trim_piece((piece){s, len});
      /* trim_piece drops leading bullets: test the legend on the raw line */
      piece raw = {s, len};
      while (raw.n && is_ws((unsigned char)raw.s[0])) raw.s++, raw.n--;
      if (line.n && kind != CVX_REC_INTEREST && dot_legend(c, raw)) {
        cvx_doc_take(c->doc, b->span);
      } else if (line.n) {
        if (kind == CVX_REC_INTEREST) {
          piece items[MAX_SEGS];
          /* a label in a cell of its own beside what it names ("Outdoors" |
           * "fell running, sea kayaking"): one interest and its keywords */
          const char *tab = memchr(line.s, '\t', line.n);
          if (tab && tab > line.s && !memchr(tab + 1, '\t', line.n - (size_t)(tab + 1 - line.s)) &&
              !words_over(line.s, (size_t)(tab - line.s), 3) && !memchr(line.s, ',', (size_t)(tab - line.s)) &&
              has_alnum(tab + 1, line.n - (size_t)(tab + 1 - line.s))) {
            cvx_record *r = cvx_record_new(c->doc, kind, c->origin, b->span);
            add_piece(c, r, "name", trim_piece((piece){line.s, (size_t)(tab - line.s)}), b->span);
            int k = split_keywords(c, tab + 1, line.n - (size_t)(tab + 1 - line.s), items, MAX_SEGS);
            for (int i = 0; i < k; i++) add_piece(c, r, "keywords", items[i], b->span);
            s = nl ? nl + 1 : s + len;
            continue;
          }
          /* a long line is one interest told in a sentence, unless it is a
           * list of three short items or more ("Chess, Cycling, …, and Lemon
           * Meringue Pies.") */
          piece lbody = line;
          if (lbody.n > 1 && lbody.s[lbody.n - 1] == '.') lbody.n--;
          int k = split_keywords(c, lbody.s, lbody.n, items, MAX_SEGS);
          bool short_items = k >= 3;
          for (int i = 0; i < k && short_items; i++) short_items = !words_over(items[i].s, items[i].n, 4);
          if (!short_items && words_over(line.s, line.n, 12)) k = 1, items[0] = line;
          else if (!short_items) k = split_keywords(c, line.s, line.n, items, MAX_SEGS);
          for (int i = 0; i < k; i++) {
            cvx_record *r = cvx_record_new(c->doc, kind, c->origin, b->span);
            add_piece(c, r, "name", items[i], b->span);
          }
        } else {
          /* "Languages: …" ("Idiomas: …", "Языки: …") inside a skills list
           * are spoken languages */
          cvx_rec_kind k = kind;
          piece lab_l, lab_v;
          size_t lab_at = 0; /* where the languages start after the label */
          if (kind == CVX_REC_SKILL && split_label(line, &lab_l, &lab_v) && lab_v.n &&
              label_in(lab_l, language_labels) && language_list(lab_v)) {
            k = CVX_REC_LANGUAGE; /* "Languages: C, Rust" stays a skill group */
            lab_at = (size_t)(lab_v.s - line.s);
          }
          if (kind == CVX_REC_SKILL && k == kind && fluent_languages(c, line, b->span)) {
            cvx_doc_take(c->doc, b->span);
            s = nl ? nl + 1 : s + len;
            continue;
          }
          if (kind == CVX_REC_SKILL && k == kind && language_list(line)) {
            parse_skill_line(c, line, b->span, CVX_REC_LANGUAGE);
            cvx_doc_take(c->doc, b->span);
            s = nl ? nl + 1 : s + len;
            continue;
          }
          if (k == CVX_REC_LANGUAGE && kind == CVX_REC_SKILL) {
            /* up to the raw line end: trailing rating dots belong to it */
            piece rest = {line.s + lab_at, (size_t)(raw.s + raw.n - line.s) - lab_at};
            while (rest.n && is_ws((unsigned char)rest.s[0])) rest.s++, rest.n--;
            while (rest.n && is_ws((unsigned char)rest.s[rest.n - 1])) rest.n--;
            parse_skill_line(c, rest, b->span, k);
            cvx_doc_take(c->doc, b->span);
          } else if (!(k == CVX_REC_SKILL && b->kind == CVX_BLK_PARA && unlabelled_list(c, line, b->span, k))) {
            parse_skill_line(c, line, b->span, k);
          }
        }
      }
      s = nl ? nl + 1 : s + len;
    }
  }
}

/* -------------------------------------------------------------- projects */

/* Labels of a project's technology line ("Languages: Ruby, CSS"). */
static const char *const stack_labels[] = {"languages", "language", "technologies", "technology", "tech",
                                           "tech stack", "stack", "tools", "built with", "keywords",
                                           "frameworks", "tags", "platform", "platforms", NULL};

/* The lines of a project head after its name (t is orig with the dates cut
 * out): a technology line gives keywords, a lone address the url, the other
 * lines the description. */
static void project_lines(ctx *c, cvx_record *r, const char *orig, const char *t, piece rest, cvx_span es) {
  cvx_buf desc = CVX_BUF_INIT;
  size_t st = 0;
  for (size_t i = 0; i <= rest.n; i++) {
    if (i < rest.n && rest.s[i] != '\n') continue;
    piece ln = trim_piece((piece){rest.s + st, i - st});
    st = i + 1;
    if (!ln.n || !has_alnum(ln.s, ln.n)) continue;
    piece o = {orig + (ln.s - t), ln.n}, lab, val;
    if (split_label(o, &lab, &val) && val.n && label_in(lab, stack_labels)) {
      piece items[MAX_SEGS];
      int k = split_list(val, items, MAX_SEGS);
      for (int q = 0; q < k; q++) add_piece(c, r, "keywords", items[q], es);
      continue;
    }
    const char *u;
    size_t ua, ub;
    if (!cvx_record_get(r, "url") && !memchr(o.s, ' ', o.n) &&
        cvx_url_find(c->doc->arena, o.s, o.n, &u, &ua, &ub) && ua == 0 && ub == o.n) {
      cvx_span sp = cvx_doc_locate(c->doc, es, cvx_arena_strndup(c->doc->arena, o.s, o.n));
      cvx_record_add(c->doc, r, "url", u, cvx_span_valid(sp) ? sp : es);
      continue;
    }
    /* a line of its own "at" a named place is where the project was done
     * ("at Lake Onega Biological Station, Karelia"): its entity */
    if (!cvx_record_get(r, "entity") && o.n > 4 && !strncmp(o.s, "at ", 3) && isupper((unsigned char)o.s[3]) &&
        !words_over(o.s, o.n, 12) && o.s[o.n - 1] != '.') {
      add_piece(c, r, "entity", trim_piece((piece){o.s + 3, o.n - 3}), es);
      continue;
    }
    /* …and one word of its own in lower case, what kind of project it was
     * ("fieldwork", "application") */
    bool one_word = !cvx_record_get(r, "type") && o.n >= 3 && o.n <= 24;
    for (size_t q = 0; q < o.n && one_word; q++) one_word = islower((unsigned char)o.s[q]) || (q && o.s[q] == '-');
    if (one_word) {
      add_piece(c, r, "type", o, es);
      continue;
    }
    if (desc.len) cvx_buf_putc(&desc, ' ');
    cvx_buf_put(&desc, o.s, o.n);
  }
  if (desc.len) add_str(c, r, "description", desc.ptr, es);
  cvx_buf_free(&desc);
}

/* A one-line paragraph that only points elsewhere ("Complete list at
 * example.com/portfolio", "More on github.com/jo"): no project of its own. */
static bool pointer_line(ctx *c, const cvx_block *b) {
  const char *u;
  size_t ua, ub;
  if (b->kind != CVX_BLK_PARA || strchr(b->text, '\n') || b->len > 120) return false;
  if (!cvx_url_find(c->doc->arena, b->text, b->len, &u, &ua, &ub) || ua == 0) return false;
  piece after = trim_piece((piece){b->text + ub, b->len - ub});
  piece before = trim_piece((piece){b->text, ua});
  if (after.n || !before.n || words_over(before.s, before.n, 5)) return false;
  size_t k = before.n;
  while (k > 0 && before.s[k - 1] != ' ') k--;
  piece last = {before.s + k, before.n - k};
  return eq_fold(last.s, last.n, "at") || eq_fold(last.s, last.n, "on") || eq_fold(last.s, last.n, "see") ||
         b->text[ua - 1] == ':';
}

/* Block b is a short item, a name or two: one of a run of tags? */
static bool tag_item(const cvx_block *b) {
  return b->kind == CVX_BLK_ITEM && b->text && b->len && !memchr(b->text, '\n', b->len) &&
         !words_over(b->text, b->len, 3) && b->text[b->len - 1] != '.';
}

/* A project's one-line description, with what it was built with in
 * brackets at its end ("a tool that predicts tides (Rust, SQLite)") given
 * as keywords: two names or more of three words at most, each opening with
 * a capital or a digit ("(open source)", "(with Jane Roe)" and one name
 * alone, "(EPLWG)", stay the description's). */
static void add_project_text(ctx *c, cvx_record *r, piece p, cvx_span es) {
  size_t z = p.n;
  while (z && (p.s[z - 1] == '.' || p.s[z - 1] == ' ')) z--;
  const char *open = NULL; /* the bracket that the closing one at the end closes */
  for (size_t i = z && p.s[z - 1] == ')' ? z - 1 : 0; i-- > 0 && !open;)
    if (p.s[i] == '(') open = p.s + i;
  if (open) {
    piece in = {open + 1, (size_t)(p.s + z - 1 - (open + 1))};
    piece items[MAX_SEGS];
    int k = in.n ? split_list(in, items, MAX_SEGS) : 0;
    bool tags = k >= 2 && !memchr(in.s, '(', in.n); /* (one alone may be an abbreviation: "(EPLWG)") */
    for (int q = 0; q < k && tags; q++)
      tags = items[q].n && !words_over(items[q].s, items[q].n, 3) &&
             (isupper((unsigned char)items[q].s[0]) || isdigit((unsigned char)items[q].s[0]) ||
              (unsigned char)items[q].s[0] >= 0x80);
    piece before = trim_piece((piece){p.s, (size_t)(open - p.s)});
    if (tags && before.n && words_over(before.s, before.n, 2)) {
      add_piece(c, r, "description", before, es);
      for (int q = 0; q < k; q++) add_piece(c, r, "keywords", items[q], es);
      return;
    }
  }
  add_piece(c, r, "description", p, es);
}

/* The first quoted phrase of two words or more in p, in straight or curly
 * double quotes, into *q (its words only). */
static bool quoted_title(piece p, piece *q) {
  for (size_t i = 0; i < p.n; i++) {
    bool curly = i + 2 < p.n && (unsigned char)p.s[i] == 0xE2 && (unsigned char)p.s[i + 1] == 0x80 &&
                 (unsigned char)p.s[i + 2] == 0x9C;
    if (p.s[i] != '"' && !curly) continue;
    size_t a = i + (curly ? 3 : 1), z = a;
    while (z < p.n && p.s[z] != '\n' &&
           !(curly ? z + 2 < p.n && (unsigned char)p.s[z] == 0xE2 && (unsigned char)p.s[z + 1] == 0x80 &&
                         (unsigned char)p.s[z + 2] == 0x9D
                   : p.s[z] == '"'))
      z++;
    if (z >= p.n || p.s[z] == '\n') return false;
    *q = trim_piece((piece){p.s + a, z - a});
    if (q->n && words_over(q->s, q->n, 1)) return true;
    i = z;
  }
  return false;
}

/* Does p name a kind of talk by one of its words ("Contributed talk",
 * "Keynote", "Poster")? */
static bool names_talk(piece p) {
  static const char *const words[] = {"talk", "talks", "keynote", "poster", "presentation", "vortrag", "ponencia",
                                      "charla", "palestra", NULL};
  for (size_t i = 0; i < p.n;) {
    while (i < p.n && !isalpha((unsigned char)p.s[i])) i++;
    size_t j = i;
    while (j < p.n && isalpha((unsigned char)p.s[j])) j++;
    for (int k = 0; words[k] && j > i; k++)
      if (eq_fold(p.s + i, j - i, words[k])) return true;
    i = j;
  }
  return false;
}

/* A talk told on one line: its venue, the kind of talk and the title in
 * quotes ("EXAMPLECONF, Florence, Italy. Contributed talk: "Title""): the
 * name is the quoted title, the venue the words before the kind, which is
 * the description. True when the first line of t[0,n) is so; the pieces
 * point into t. */
static bool talk_line(const char *t, size_t n, piece *name, piece *venue, piece *kind) {
  /* (the dates cut out of the line left line ends) */
  while (n && (is_ws((unsigned char)*t) || *t == ':')) t++, n--;
  const char *nl = memchr(t, '\n', n);
  piece l = {t, nl ? (size_t)(nl - t) : n};
  if (!quoted_title(l, name)) return false;
  const char *open = name->s;
  while (open > l.s && open[-1] != '"' && !((unsigned char)open[-1] == 0x9C)) open--;
  piece before = {l.s, (size_t)(open - l.s)};
  while (before.n && (before.s[before.n - 1] == '"' || (unsigned char)before.s[before.n - 1] >= 0x80)) before.n--;
  before = trim_piece(before);
  while (before.n && (before.s[before.n - 1] == ':' || before.s[before.n - 1] == ' ')) before.n--;
  /* the kind is the part after the last full stop before the title */
  size_t cut_at = 0;
  for (size_t i = 0; i + 1 < before.n; i++)
    if (before.s[i] == '.' && before.s[i + 1] == ' ') cut_at = i + 1;
  piece k = trim_piece((piece){before.s + cut_at, before.n - cut_at});
  if (!names_talk(k)) return false;
  *kind = k;
  *venue = cut_at ? trim_piece((piece){before.s, cut_at}) : (piece){0};
  /* (the venue's line may open with the date's colon, cut out before) */
  while (venue->n && (venue->s[0] == ':' || venue->s[0] == ' ')) venue->s++, venue->n--;
  return true;
}

static void parse_project(ctx *c, const entry *e, bool talk) {
  cvx_span es = entry_span(e);
  cvx_record *r = cvx_record_new(c->doc, CVX_REC_PROJECT, c->origin, es);
  if (!r) return;
  char *orig = head_text(c, e);
  char *t = cvx_arena_strdup(c->doc->arena, orig);
  size_t n = strlen(t);
  cvx_daterange d;
  bool dated = take_date(t, n, &d);
  piece name = {0}, rest = {0}, kind_of_talk = {0};
  const cvx_link *l = cvx_block_nlinks(e->head) ? &cvx_block_links(e->head)[0] : NULL;
  if (talk && talk_line(t, n, &name, &rest, &kind_of_talk)) {
    /* (the venue is the entity; the kind of talk describes it) */
  } else if (cvx_block_strong(e->head) && cvx_block_strong(e->head) <= n) {
    name = trim_piece((piece){t, cvx_block_strong(e->head)});
    rest = trim_piece((piece){t + cvx_block_strong(e->head), n - cvx_block_strong(e->head)});
  } else {
    /* name up to ": ", " - ", " – " or the first line end; a talk's title
     * also ends at the comma before its venue ("Title, Venue, 2019") */
    size_t i = 0;
    for (; i < n; i++) {
      if (t[i] == '\n' || (t[i] == ':' && (i + 1 == n || t[i + 1] == ' '))) break;
      if (t[i] == ' ' && i + 2 < n && (t[i + 1] == '-' || (unsigned char)t[i + 1] == 0xE2)) break;
      if (talk && t[i] == ',' && i + 1 < n && t[i + 1] == ' ') break;
    }
    name = trim_piece((piece){t, i});
    rest = trim_piece((piece){t + i, n - i});
    /* a head whose first line was its dates alone ("Mar 2013 - Current" /
     * "Libquiver"): the line after them names the project */
    if (!name.n && rest.n) {
      const char *nl = memchr(rest.s, '\n', rest.n);
      piece first = trim_piece((piece){rest.s, nl ? (size_t)(nl - rest.s) : rest.n});
      if (first.n && !words_over(first.s, first.n, 8) && first.s[first.n - 1] != '.') {
        name = first;
        rest = trim_piece((piece){first.s + first.n, (size_t)(rest.s + rest.n - (first.s + first.n))});
      }
    }
  }
  if (name.n) {
    add_piece(c, r, "name", (piece){orig + (name.s - t), name.n}, es);
    if (l && url_usable(l->url)) cvx_record_add(c->doc, r, "url", l->url, l->span);
  }
  if (rest.n && has_alnum(rest.s, rest.n) && !talk && memchr(rest.s, '\n', rest.n)) {
    project_lines(c, r, orig, t, rest, es);
  } else if (rest.n && has_alnum(rest.s, rest.n)) {
    if (talk) add_piece(c, r, "entity", (piece){orig + (rest.s - t), rest.n}, es);
    else add_project_text(c, r, (piece){orig + (rest.s - t), rest.n}, es);
  }
  if (kind_of_talk.n) add_piece(c, r, "description", (piece){orig + (kind_of_talk.s - t), kind_of_talk.n}, es);
  if (talk) cvx_record_add(c->doc, r, "type", "talk", CVX_NOSPAN);
  if (dated) add_dates(c, r, &d, CVX_REC_PROJECT, date_span(c, &d, orig, es));
  /* a run of two short items or more, a name or two each, under the head
   * or after the duties, is what it was built with ("Android" / "Java" /
   * "Git") */
  const cvx_block *run_end = NULL; /* one past the run of tags b is in */
  bool in_run = false;
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
    piece p = joined(c, b);
    if (in_run && b == run_end) in_run = false;
    if (!in_run && tag_item(b)) {
      const cvx_block *z = b;
      int tags = 0;
      while (z && z != e->end && tag_item(z) && z->level == b->level) z = z->next, tags++;
      in_run = tags >= 2;
      run_end = z;
    }
    if (!p.n) continue;
    if (in_run) {
      add_piece(c, r, "keywords", p, b->span);
      continue;
    }
    /* a line that is a link alone is the project's page */
    const char *u;
    size_t ua, ub;
    if (!cvx_record_get(r, "url") && b->kind == CVX_BLK_PARA && !memchr(p.s, ' ', p.n) &&
        cvx_url_find(c->doc->arena, p.s, p.n, &u, &ua, &ub) && ua == 0 && ub == p.n) {
      cvx_record_add(c->doc, r, "url", u, b->span);
      continue;
    }
    cvx_daterange cd;
    if (!cvx_record_get(r, "startDate") && cvx_date_find(p.s, p.n, &cd) && cd.mend - cd.mstart + 14 >= p.n) {
      add_dates(c, r, &cd, CVX_REC_PROJECT, b->span);
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    /* (so does the short line of its own under a head of dates alone) */
    if (!cvx_record_get(r, "name") && b->kind != CVX_BLK_ITEM && !memchr(p.s, '\n', p.n) &&
        !words_over(p.s, p.n, 8) && p.s[p.n - 1] != '.') {
      add_piece(c, r, "name", p, b->span);
      continue;
    }
    if (!cvx_record_get(r, "description") && !talk) {
      add_piece(c, r, "description", p, b->span);
      continue;
    }
    add_piece(c, r, "highlights", p, b->span);
  }
}

/* ------------------------------------------------------ news, references */

static void parse_news(ctx *c, const entry *e) {
  cvx_span es = entry_span(e);
  for (cvx_block *b = e->title ? e->title : e->head; b && b != e->end; b = b->next) {
    piece p = joined(c, b);
    if (!p.n) continue;
    cvx_record *r = cvx_record_new(c->doc, CVX_REC_NEWS, c->origin, b->span);
    if (!r) return;
    char *t = cvx_arena_strndup(c->doc->arena, p.s, p.n);
    cvx_daterange d;
    if (cvx_date_find(t, p.n < 40 ? p.n : 40, &d) && d.mstart < 8) {
      add_dates(c, r, &d, CVX_REC_NEWS, date_span(c, &d, t, es));
      add_piece(c, r, "summary", trim_piece((piece){p.s + d.mend, p.n - d.mend}), b->span);
    } else {
      add_piece(c, r, "summary", p, b->span);
    }
  }
}

static void parse_reference(ctx *c, const entry *e) {
  cvx_span es = entry_span(e);
  cvx_record *r = cvx_record_new(c->doc, CVX_REC_REFERENCE, c->origin, es);
  if (!r) return;
  const char *base;
  piece p = joined_base(c, e->head, &base);
  const char *nl = strchr(e->head->text, '\n');
  size_t first = nl ? (size_t)(nl - e->head->text) : strlen(e->head->text);
  piece name = trim_piece((piece){e->head->text, first});
  const char *comma = memchr(name.s, ',', name.n);
  if (comma) name.n = (size_t)(comma - name.s);
  add_piece(c, r, "name", name, es);
  cvx_buf ref = CVX_BUF_INIT;
  /* the rest of the head after the name: from the name's end to the end of
   * the joined piece, both as offsets into the copy (which has the text's) */
  size_t from = (size_t)(name.s - e->head->text) + name.n, to = (size_t)(p.s - base) + p.n;
  if (p.n && to > from) cvx_buf_put(&ref, base + from, to - from);
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) {
    piece q = joined(c, b);
    if (ref.len) cvx_buf_putc(&ref, ' ');
    cvx_buf_put(&ref, q.s, q.n);
  }
  piece rp = trim_piece((piece){ref.ptr, ref.len});
  if (rp.n) add_piece(c, r, "reference", rp, es);
  cvx_buf_free(&ref);
}

/* Anything else is kept visible as meta.cvx.sections[] {title, items}; the
 * record is made at the first item so an empty heading stays unmapped text. */
static void add_profile_or_url(ctx *c, const char *url, cvx_span sp);
static bool network_named(ctx *c, const cvx_link *l);

static void parse_other(ctx *c, cvx_record **sec, const cvx_block *heading, const entry *e) {
  for (cvx_block *b = e->title ? e->title : e->head; b && b != e->end; b = b->next) {
    piece p = joined(c, b);
    if (!p.n) continue;
    if (!*sec) {
      *sec = cvx_record_new(c->doc, CVX_REC_SECTION, c->origin, heading ? heading->span : b->span);
      if (!*sec) return;
      if (heading) add_piece(c, *sec, "title", joined(c, heading), heading->span);
    }
    add_piece(c, *sec, "items", p, b->span);
    /* "pictures on my [FB page](…)": the person's own account */
    for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
      const cvx_link *l = &cvx_block_links(b)[i];
      const char *src = c->doc->src->text;
      uint32_t st = l->span.start;
      if (!cvx_span_valid(l->span) || st < 3 || st > c->doc->src->len || !url_usable(l->url)) continue;
      if (!(strncasecmp(src + st - 3, "my ", 3) == 0 && (st == 3 || !isalpha((unsigned char)src[st - 4]))))
        continue;
      const char *user = NULL;
      if (cvx_profile_network(c->doc->arena, l->url, &user) && user) add_profile_or_url(c, l->url, l->span);
      else network_named(c, l);
    }
    if (b->kind == CVX_BLK_PARA && is_prose(p.s, p.n)) cvx_prose_extract(c->doc, p.s, p.n, b->span);
  }
}

/* ---------------------------------------------------------------- basics */

/* The job title that opens a headline telling the years of experience
 * ("Cloud Developer with 8 Yrs of working experience", "QA Lead having 6
 * years of experience"): a role of at most six words before " with " or
 * " having ", followed by a figure; empty when p is not such a line. */
static piece experience_lead(piece p) {
  static const char *const joins[] = {" with ", " having ", NULL};
  for (int k = 0; joins[k]; k++) {
    size_t jn = strlen(joins[k]);
    for (size_t i = 1; i + jn <= p.n; i++) {
      if (strncasecmp(p.s + i, joins[k], jn) != 0) continue;
      piece a = trim_piece((piece){p.s, i});
      bool figure = false;
      for (size_t q = i + jn; q < p.n && q < i + jn + 24 && !figure; q++) figure = isdigit((unsigned char)p.s[q]);
      if (figure && a.n && !words_over(a.s, a.n, 6) && cvx_role_score(a.s, a.n) > 0 && !memchr(a.s, ',', a.n))
        return a;
      break;
    }
  }
  return (piece){p.s, 0};
}

/* True when a headline splits at its first " - " into a job title and an
 * employer, in either order ("Data Analyst - Northwind", "NORTHWIND - Data
 * Analyst"): one side reads as a role, the other is a short name that reads
 * as no role, no place and no date. */
static bool headline_job(piece p, piece *role, piece *org) {
  const char *d = NULL;
  for (size_t i = 0; i + 3 <= p.n && !d; i++)
    if (p.s[i] == ' ' && p.s[i + 1] == '-' && p.s[i + 2] == ' ') d = p.s + i;
  if (!d) return false;
  piece a = trim_piece((piece){p.s, (size_t)(d - p.s)});
  piece b = trim_piece((piece){d + 3, p.n - (size_t)(d + 3 - p.s)});
  while (a.n && (a.s[a.n - 1] == ',' || a.s[a.n - 1] == ';')) a.n--;
  if (!a.n || !b.n || words_over(b.s, b.n, 6) || words_over(a.s, a.n, 8)) return false;
  int ra = cvx_role_score(a.s, a.n), rb = cvx_role_score(b.s, b.n);
  if (ra > 0 && rb == 0) {
    *role = a, *org = b;
  } else if (rb > 0 && ra == 0 && !words_over(a.s, a.n, 6)) {
    *role = b, *org = a;
  } else {
    return false;
  }
  size_t ms, me;
  if (cvx_location_find(org->s, org->n, &ms, &me) && ms == 0 && me == org->n) return false;
  for (size_t i = 0; i < org->n; i++)
    if (isdigit((unsigned char)org->s[i]) || org->s[i] == ':' || org->s[i] == '@') return false;
  return true;
}

static cvx_record *basics(ctx *c) {
  if (!c->basics) c->basics = cvx_record_new(c->doc, CVX_REC_BASICS, c->origin, CVX_NOSPAN);
  return c->basics;
}

static void add_profile_or_url(ctx *c, const char *url, cvx_span sp) {
  const char *user = NULL;
  const char *net = cvx_profile_network(c->doc->arena, url, &user);
  if (net) {
    /* one profile per URL */
    for (cvx_record *r = c->doc->records; r; r = r->next)
      if (r->kind == CVX_REC_PROFILE && cvx_record_get(r, "url") && strcmp(cvx_record_get(r, "url"), url) == 0)
        return;
    cvx_record *p = cvx_record_new(c->doc, CVX_REC_PROFILE, c->origin, sp);
    cvx_record_add(c->doc, p, "network", net, CVX_NOSPAN);
    if (user) cvx_record_add(c->doc, p, "username", user, CVX_NOSPAN);
    cvx_record_add(c->doc, p, "url", url, sp);
    return;
  }
  size_t ul = strlen(url);
  if (!c->have_url && ul > 8 && !strstr(url, ".pdf") && !strstr(url, "mailto:")) {
    cvx_record_add(c->doc, basics(c), "url", url, sp);
    c->have_url = true;
  }
}

/* A link whose visible text names a network ("on [GitHub](…/user/repo)",
 * "my [FB page](…)") points into the person's account there: the account is
 * the first path segment of the URL. Adds the profile; true when it did. */
static bool network_named(ctx *c, const cvx_link *l) {
  static const char *const names[][2] = {{"github", "GitHub"}, {"gitlab", "GitLab"}, {"linkedin", "LinkedIn"},
                                         {"twitter", "Twitter"}, {"facebook", "Facebook"}, {"fb", "Facebook"},
                                         {NULL, NULL}};
  size_t tl = strlen(l->text);
  const char *net = NULL;
  for (int i = 0; names[i][0] && !net; i++) {
    size_t m = strlen(names[i][0]);
    if (tl >= m && strncasecmp(l->text, names[i][0], m) == 0 && (tl == m || l->text[m] == ' ')) net = names[i][1];
  }
  if (!net) return false;
  const char *h = strstr(l->url, "://");
  if (!h) return false;
  const char *path = strchr(h + 3, '/');
  if (!path) return false;
  const char *seg_end = strchr(path + 1, '/');
  size_t sl = seg_end ? (size_t)(seg_end - path) : strlen(path);
  char *acct = cvx_arena_strndup(c->doc->arena, l->url, (size_t)(path - l->url) + sl);
  const char *user = NULL;
  const char *found = cvx_profile_network(c->doc->arena, acct, &user);
  if (!found || strcmp(found, net) != 0 || !user) return false;
  for (cvx_record *r = c->doc->records; r; r = r->next)
    if (r->kind == CVX_REC_PROFILE && cvx_record_get(r, "network") && strcmp(cvx_record_get(r, "network"), net) == 0)
      return false; /* one account per network */
  cvx_record *p = cvx_record_new(c->doc, CVX_REC_PROFILE, c->origin, l->span);
  if (!p) return false;
  cvx_record_add(c->doc, p, "network", found, CVX_NOSPAN);
  cvx_record_add(c->doc, p, "username", user, CVX_NOSPAN);
  cvx_record_add(c->doc, p, "url", l->url, l->span);
  return true;
}

/* Reads contact facts out of one line of the person block; returns true when
 * the line held nothing but contact facts. */
/* True when p holds a word of two or more letters ("Willow" in "27 Willow
 * Bend Ct"; not "12 34"). */
static bool has_alpha_word(piece p) {
  size_t run = 0;
  for (size_t i = 0; i < p.n; i++) {
    run = isalpha((unsigned char)p.s[i]) ? run + 1 : 0;
    if (run >= 2) return true;
  }
  return false;
}

/* Blanks t[a,b) of a contact line: in a scratch copy made at the first
 * cut (never in the arena, where one per line of a long paragraph would add
 * up to more than the input), so that a line nothing is found in, as a long
 * paragraph's, is not copied at all. Returns the copy. */
static const char *cut_in(ctx *c, piece line, const char *t, size_t a, size_t b) {
  if (t == line.s) {
    cvx_buf_clear(&c->line);
    cvx_buf_put(&c->line, line.s, line.n);
  }
  cut(c->line.ptr, a, b);
  return c->line.ptr;
}

/* The country whose ISO 3166-1 code p is, two capitals ("ES", "RU"), from
 * the iso-codes gazetteer; NULL for anything else. */
static const char *iso_country(piece p) { return cvx_iso_country(p.s, p.n); }

/* Whether two capitals p name a state of the United States or a province
 * of Canada ("MA", "IN", "ON"), the region codes written after a city. */
static bool na_region(piece p) { return cvx_na_region(p.s, p.n); }

/* Where a region code stands among the words of a place ("Kerrville TX
 * USA": two capitals after a space), or 0. */
static size_t region_code_at(piece loc) {
  for (size_t i = 1; i + 2 <= loc.n; i++)
    if (loc.s[i - 1] == ' ' && isupper((unsigned char)loc.s[i]) && isupper((unsigned char)loc.s[i + 1]) &&
        (i + 2 == loc.n || loc.s[i + 2] == ' '))
      return i;
  return 0;
}

/* Whether s[0,n) holds nothing but [a, b), separators and blanked
 * contacts, and maybe ", XX" (a country's code) after it. */
static bool alone_but_code(const char *s, size_t n, size_t a, size_t b) {
  for (size_t i = 0; i < a; i++)
    if (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80) return false;
  size_t q = b;
  while (q < n && (s[q] == ' ' || s[q] == ',')) q++;
  if (q + 2 <= n && iso_country((piece){s + q, 2})) q += 2;
  for (; q < n; q++)
    if (isalnum((unsigned char)s[q]) || (unsigned char)s[q] >= 0x80) return false;
  return true;
}

/* "Girona, ES", "Казань, RU": the whole of s[0,n) (but spaces) is one to
 * three capitalised words, a comma and a country's two-letter code, where
 * region codes and country names (cvx_location_find) know neither. Sets
 * [*a, *b) to it. */
static bool city_country_code(const char *s, size_t n, size_t *a, size_t *b) {
  piece all = trim_piece((piece){s, n});
  const char *comma = all.n ? memchr(all.s, ',', all.n) : NULL;
  /* (or a space, "Girona ES", when the code is no North American
   * region's: "Boise ID" is Idaho) */
  if (!comma && all.n > 3 && all.s[all.n - 3] == ' ' && !na_region((piece){all.s + all.n - 2, 2}))
    comma = all.s + all.n - 3;
  if (!comma) return false;
  piece city = trim_piece((piece){all.s, (size_t)(comma - all.s)});
  piece code = trim_piece((piece){comma + 1, all.n - (size_t)(comma + 1 - all.s)});
  if (!city.n || words_over(city.s, city.n, 3) || !iso_country(code)) return false;
  for (size_t i = 0; i < city.n; i++)
    if (isdigit((unsigned char)city.s[i]) || city.s[i] == '@' || city.s[i] == ':') return false;
  for (size_t i = 0; i < city.n; i++)
    if (i == 0 || city.s[i - 1] == ' ')
      if (!(isupper((unsigned char)city.s[i]) || (unsigned char)city.s[i] >= 0x80)) return false;
  *a = (size_t)(all.s - s);
  *b = (size_t)(all.s + all.n - s);
  return true;
}

/* Adds the parts of address ad, read from text at, to the person's
 * location: the parts the location does not hold yet. The country's code
 * gets the span of the country as written when written is set, else that
 * of its code in within (as add_str finds it). */
static void put_address(ctx *c, const cvx_address *ad, const char *at, cvx_span within, bool written) {
  static const char *const keys[CVX_ADDR_NPARTS] = {"location.address", "location.postalCode", "location.city",
                                                    "location.region", NULL};
  cvx_record *r = basics(c);
  for (int f = 0; f < CVX_ADDR_NPARTS; f++)
    if (keys[f] && ad->at[f][1] > ad->at[f][0] && !cvx_record_get(r, keys[f]))
      add_piece(c, r, keys[f], (piece){at + ad->at[f][0], ad->at[f][1] - ad->at[f][0]}, within);
  if (!ad->cc || cvx_record_get(r, "location.countryCode")) return;
  if (!written) {
    add_str(c, r, "location.countryCode", ad->cc, within);
    return;
  }
  size_t a = ad->at[CVX_ADDR_COUNTRY][0], z = ad->at[CVX_ADDR_COUNTRY][1];
  cvx_span sp = cvx_doc_locate(c->doc, within, cvx_arena_strndup(c->doc->arena, at + a, z - a));
  cvx_record_add(c->doc, r, "location.countryCode", ad->cc, cvx_span_valid(sp) ? sp : within);
}

/* The part of s[0,n) that the contacts cut out of it (cut) left, between
 * separators ("|", "·", "•", ",", ";") at its ends; false when cuts split
 * it or nothing is left. */
static bool left_whole(const char *s, size_t n, size_t *lo, size_t *hi) {
  size_t a = 0, b = n;
  for (;;) {
    if (a < b && s[a] && strchr("\n |,;", s[a])) a++;
    else if (a + 2 <= b && (unsigned char)s[a] == 0xC2 && (unsigned char)s[a + 1] == 0xB7) a += 2;
    else if (a + 3 <= b && (unsigned char)s[a] == 0xE2 && (unsigned char)s[a + 1] == 0x80 &&
             (unsigned char)s[a + 2] == 0xA2)
      a += 3;
    else break;
  }
  for (;;) {
    if (b > a && s[b - 1] && strchr("\n |,;", s[b - 1])) b--;
    else if (b >= a + 2 && (unsigned char)s[b - 2] == 0xC2 && (unsigned char)s[b - 1] == 0xB7) b -= 2;
    else if (b >= a + 3 && (unsigned char)s[b - 3] == 0xE2 && (unsigned char)s[b - 2] == 0x80 &&
             (unsigned char)s[b - 1] == 0xA2)
      b -= 3;
    else break;
  }
  if (a >= b || memchr(s + a, '\n', b - a)) return false;
  *lo = a, *hi = b;
  return true;
}

/* One to three capitalised words with no digit, comma or '@': a place's
 * name ("West Yorkshire", "Saint-Étienne"). */
static bool place_name(piece p) {
  if (!p.n || words_over(p.s, p.n, 3) || !(isupper((unsigned char)p.s[0]) || (unsigned char)p.s[0] >= 0x80))
    return false;
  for (size_t i = 0; i < p.n; i++)
    if (isdigit((unsigned char)p.s[i]) || p.s[i] == ',' || p.s[i] == '@' || p.s[i] == '(' || p.s[i] == ')')
      return false;
  return true;
}

static bool contact_line(ctx *c, piece line, cvx_span within) {
  const char *v;
  size_t a, b;
  bool any = false;
  /* the finds read the line itself until one is cut out (cut_in) */
  const char *t = line.s;
  size_t n = line.n;
  if (cvx_email_find(c->doc->arena, t, n, &v, &a, &b)) {
    if (!c->have_email && cvx_email_valid(v)) {
      cvx_span sp = cvx_doc_locate(c->doc, within, cvx_arena_strndup(c->doc->arena, t + a, b - a));
      cvx_record_add(c->doc, basics(c), "email", v, cvx_span_valid(sp) ? sp : within);
      c->have_email = true;
    }
    t = cut_in(c, line, t, a, b);
    any = true;
  }
  while (cvx_url_find(c->doc->arena, t, n, &v, &a, &b)) {
    cvx_span sp = cvx_doc_locate(c->doc, within, cvx_arena_strndup(c->doc->arena, t + a, b - a));
    add_profile_or_url(c, v, cvx_span_valid(sp) ? sp : within);
    t = cut_in(c, line, t, a, b);
    any = true;
  }
  if (cvx_phone_find(t, n, &a, &b)) {
    if (!c->have_phone) {
      piece ph = {line.s + a, b - a};
      add_piece(c, basics(c), "phone", ph, within);
      c->have_phone = true;
    }
    t = cut_in(c, line, t, a, b);
    any = true;
  }
  size_t lo, hi; /* what is left of the line, between separators */
  if (!c->have_location && left_whole(t, n, &lo, &hi)) {
    /* a postal address whole: its parts told apart ("Lindenweg 12, 04109,
     * Leipzig (DE)", "Alte Gasse 3 Bad Ragaz 7310 CH") */
    cvx_address ad;
    if (cvx_address_parse(t + lo, hi - lo, &ad)) {
      put_address(c, &ad, line.s + lo, within, true);
      c->have_location = true;
      return true;
    }
    /* "Leeds (GB)", "Leeds (GB), West Yorkshire": a city, its country's
     * code in brackets, maybe its region after a comma */
    piece all = {t + lo, hi - lo};
    const char *open = memchr(all.s, '(', all.n);
    if (open && open + 3 < all.s + all.n && open[3] == ')') {
      piece city = trim_piece((piece){all.s, (size_t)(open - all.s)});
      const char *cc = iso_country((piece){open + 1, 2});
      piece rest = trim_piece((piece){open + 4, all.n - (size_t)(open + 4 - all.s)});
      if (rest.n && rest.s[0] == ',') rest = trim_piece((piece){rest.s + 1, rest.n - 1});
      if (cc && place_name(city) && (!rest.n || place_name(rest))) {
        add_piece(c, basics(c), "location.city", (piece){line.s + (city.s - t), city.n}, within);
        add_str(c, basics(c), "location.countryCode", cc, within);
        if (rest.n) add_piece(c, basics(c), "location.region", (piece){line.s + (rest.s - t), rest.n}, within);
        c->have_location = true;
        return true;
      }
    }
  }
  bool coded = false; /* "Girona, ES": a city and a country's ISO code */
  bool found = !c->have_location && !words_over(t, n, 10) &&
               (cvx_location_find(t, n, &a, &b) || (coded = city_country_code(t, n, &a, &b)));
  /* a place found with nothing to say of it (a city's name among other
   * words: "Associate, Initech, Pune") is left for a line that says more */
  /* (nor is an employer before its country: "Initech Limited, India") */
  const char *lc = found ? memchr(line.s + a, ',', b - a) : NULL;
  if (lc && cvx_org_score(line.s + a, (size_t)(lc - (line.s + a))) > 0) found = false;
  bool remote = found && b - a == 6 && strncasecmp(line.s + a, "remote", 6) == 0;
  /* (a state's code after a slash: "Rio de Janeiro/RJ") */
  bool slash_code = found && b - a > 3 && line.s[b - 3] == '/';
  if (found && !remote && !slash_code && !memchr(line.s + a, ',', b - a) &&
      !region_code_at((piece){line.s + a, b - a}) && !alone_but_code(t, n, a, b))
    found = false;
  if (found) {
    piece loc = {line.s + a, b - a};
    const char *comma = slash_code ? loc.s + loc.n - 3 : memchr(loc.s, ',', loc.n);
    if (!comma && coded) comma = loc.s + loc.n - 3; /* ("Girona ES") */
    if (comma) {
      add_piece(c, basics(c), "location.city", trim_piece((piece){loc.s, (size_t)(comma - loc.s)}), within);
      piece rest = trim_piece((piece){comma + 1, loc.n - (size_t)(comma + 1 - loc.s)});
      /* "VT, US": a region and then the country */
      const char *comma2 = memchr(rest.s, ',', rest.n);
      piece country = comma2 ? trim_piece((piece){comma2 + 1, rest.n - (size_t)(comma2 + 1 - rest.s)}) : rest;
      const char *cc = coded ? iso_country(country) : cvx_country_code(country.s, country.n);
      if (!cc && comma2) cc = iso_country(country);
      if (cc && comma2) add_piece(c, basics(c), "location.region", trim_piece((piece){rest.s, (size_t)(comma2 - rest.s)}), within);
      if (cc) {
        cvx_span sp = cvx_doc_locate(c->doc, within, cvx_arena_strndup(c->doc->arena, country.s, country.n));
        cvx_record_add(c->doc, basics(c), "location.countryCode", cc, cvx_span_valid(sp) ? sp : within);
      } else {
        add_piece(c, basics(c), "location.region", rest, within);
        /* and the country's code after the region ("Lugo, Galicia, ES") */
        size_t q = b;
        while (q < n && (t[q] == ' ' || t[q] == ',')) q++;
        const char *cc2 = q > b && q + 2 <= n ? iso_country((piece){t + q, 2}) : NULL;
        if (cc2 && (q + 2 == n || !isalnum((unsigned char)t[q + 2]))) {
          add_str(c, basics(c), "location.countryCode", cc2, within);
          b = q + 2;
        }
      }
    } else {
      /* "Kerrville TX USA": city words, a region code, a country */
      size_t cut_at = region_code_at(loc);
      piece code2 = {loc.s + cut_at, 2};
      /* (last, a country's code that is no North American region's is
       * the country: "Lyon FR"; "Boise ID" stays Idaho) */
      if (cut_at && cut_at + 2 == loc.n && !na_region(code2) && iso_country(code2)) {
        add_piece(c, basics(c), "location.city", trim_piece((piece){loc.s, cut_at}), within);
        add_str(c, basics(c), "location.countryCode", iso_country(code2), within);
      } else if (cut_at) {
        add_piece(c, basics(c), "location.city", trim_piece((piece){loc.s, cut_at}), within);
        add_piece(c, basics(c), "location.region", (piece){loc.s + cut_at, 2}, within);
        piece rest = trim_piece((piece){loc.s + cut_at + 2, loc.n - cut_at - 2});
        const char *cc = rest.n ? cvx_country_code(rest.s, rest.n) : NULL;
        if (cc) {
          cvx_span sp = cvx_doc_locate(c->doc, within, cvx_arena_strndup(c->doc->arena, rest.s, rest.n));
          cvx_record_add(c->doc, basics(c), "location.countryCode", cc, cvx_span_valid(sp) ? sp : within);
        }
      } else if (!remote) {
        /* a city the gazetteer knows alone on its line (but for contacts
         * cut out), or before a country's code ("Novosibirsk, RU") */
        add_piece(c, basics(c), "location.city", loc, within);
        size_t q = b;
        while (q < n && t[q] == ' ') q++;
        bool sep = q < n && t[q] == ',';
        if (sep) q++;
        /* (a space is enough before the code: "Girona ES") */
        if (sep || (q > b && q + 2 <= n && !na_region((piece){t + q, 2}))) {
          while (q < n && t[q] == ' ') q++;
          piece code = {t + q, q + 2 <= n ? 2 : 0};
          const char *cc = iso_country(code);
          if (cc && (q + 2 == n || !isalnum((unsigned char)t[q + 2]))) {
            add_str(c, basics(c), "location.countryCode", cc, within);
            b = q + 2;
          }
        }
      }
    }
    /* "27 Willow Bend Ct, Kerrville, TX 78028": a street before the place
     * (a house number at its start or end: "Am Mühlbach 9"), a postal
     * code after it ("Kerrville, TX, 78028") */
    size_t z = b;
    while (z < n && t[z] == ' ') z++;
    if (z + 1 < n && t[z] == ',') {
      z++;
      while (z < n && t[z] == ' ') z++;
    }
    size_t zs = z;
    while (z < n && (isdigit((unsigned char)t[z]) || (t[z] == '-' && z > zs))) z++;
    if (z - zs >= 4 && (z == n || t[z] == ' ' || t[z] == ',')) {
      add_piece(c, basics(c), "location.postalCode", (piece){line.s + zs, z - zs}, within);
      t = cut_in(c, line, t, zs, z);
    }
    piece street = trim_piece((piece){t, a});
    bool numbered = street.n && (isdigit((unsigned char)t[0]) || isdigit((unsigned char)street.s[street.n - 1]));
    if (street.n && street.s == t && numbered && !words_over(street.s, street.n, 6) &&
        street.n + 2 <= a && t[street.n] == ',' && !memchr(street.s, ',', street.n) &&
        has_alpha_word(street)) {
      add_piece(c, basics(c), "location.address", (piece){line.s, street.n}, within);
      t = cut_in(c, line, t, 0, street.n);
    }
    c->have_location = true;
    t = cut_in(c, line, t, a, b);
    any = true;
  }
  if (!any) return false;
  /* only labels such as "Email:", "Phone" remain? */
  piece seg[MAX_SEGS];
  int k = split_segments(t, n, false, seg, MAX_SEGS);
  for (int i = 0; i < k; i++)
    if (words_over(seg[i].s, seg[i].n, 2)) return false;
  return true;
}

/* Labels of the person's own site ("Website: …"), as opposed to accounts. */
static const char *const site_labels[] = {"website", "web", "homepage", "home page", "site", "web site",
                                          "personal website", "сайт", "site web", "webseite", "网站", "主页", NULL};

/* A "Label: value" line of the person block: "Name: …", "Location: …",
 * "Portfolio: https://…". Returns true when it took the line. */
/* Labels of a contact, written alone on a line over it. */
static const char *const contact_labels[] = {"email", "e-mail", "mail", "phone", "mobile", "telephone", "tel",
                                             "cell", "website", "web", "homepage", "telefon", "téléphone",
                                             "teléfono", "telefone", "телефон", "почта", "邮箱", "电话", NULL};

static int address_label(piece l);
static bool address_part(ctx *c, int bits, piece v, cvx_span sp);

static bool labelled_fact(ctx *c, piece line, cvx_span within) {
  piece l, v;
  if (!split_label(line, &l, &v)) {
    /* a row of two cells, the label in the first ("Anschrift" | "…") */
    const char *tab = memchr(line.s, '\t', line.n);
    if (!tab || memchr(tab + 1, '\t', line.n - (size_t)(tab + 1 - line.s))) return false;
    l = trim_piece((piece){line.s, (size_t)(tab - line.s)});
    v = trim_piece((piece){tab + 1, line.n - (size_t)(tab + 1 - line.s)});
    if (!l.n || words_over(l.s, l.n, 3)) return false;
  }
  if (!v.n) return false;
  if (label_in(l, language_labels) && language_list(v)) {
    parse_skill_line(c, v, within, CVX_REC_LANGUAGE);
    return true;
  }
  if (label_in(l, objective_labels) && !c->have_label && !words_over(v.s, v.n, 8) && !sentence_like(v)) {
    add_piece(c, basics(c), "label", v, within);
    c->have_label = true;
    return true;
  }
  if (label_in(l, name_labels)) {
    if (c->have_name || !cvx_is_person_name(v.s, v.n)) return false;
    add_piece(c, basics(c), "name", v, within);
    c->have_name = true;
    return true;
  }
  /* a part of the address its label names ("Postal Code & City", "Region") */
  if (address_part(c, address_label(l), v, within)) return true;
  if (label_in(l, place_labels) && !c->have_location && !words_over(v.s, v.n, 8) &&
      !cvx_email_find(c->doc->arena, v.s, v.n, &(const char *){NULL}, &(size_t){0}, &(size_t){0})) {
    /* "City, Region", "City, Country" or "Country, City" */
    piece parts[6];
    int k = split_list(v, parts, 6);
    if (k < 1 || k > 5) return false;
    /* "860 Main St. Apt 4, Springfield, IL 62701": street, city, region + code */
    bool has_digit = false;
    for (size_t i = 0; i < parts[0].n && !has_digit; i++) has_digit = isdigit((unsigned char)parts[0].s[i]);
    if (has_digit && k >= 2) {
      add_piece(c, basics(c), "location.address", parts[0], within);
      for (int i = 1; i < k; i++) parts[i - 1] = parts[i];
      k--;
    }
    piece last = parts[k - 1];
    size_t q = last.n;
    while (q > 0 && (isdigit((unsigned char)last.s[q - 1]) || last.s[q - 1] == '-')) q--;
    if (q < last.n && last.n - q >= 4 && (q == 0 || last.s[q - 1] == ' ')) {
      add_piece(c, basics(c), "location.postalCode", (piece){last.s + q, last.n - q}, within);
      parts[k - 1] = trim_piece((piece){last.s, q});
      if (!parts[k - 1].n) k--;
    } else {
      /* the code before the city ("34117 Kassel", "75011 Paris") */
      size_t z = 0;
      while (z < last.n && isdigit((unsigned char)last.s[z])) z++;
      if (z >= 4 && z <= 6 && z + 1 < last.n && last.s[z] == ' ' &&
          (isupper((unsigned char)last.s[z + 1]) || (unsigned char)last.s[z + 1] >= 0x80)) {
        add_piece(c, basics(c), "location.postalCode", (piece){last.s, z}, within);
        parts[k - 1] = trim_piece((piece){last.s + z, last.n - z});
      }
    }
    if (k < 1 || k > 3) {
      c->have_location = true;
      return true;
    }
    const char *cc0 = cvx_country_code(parts[0].s, parts[0].n);
    const char *ccl = cvx_country_code(parts[k - 1].s, parts[k - 1].n);
    if (k == 2 && cc0 && !ccl) {
      add_piece(c, basics(c), "location.city", parts[1], within);
      add_str(c, basics(c), "location.countryCode", cc0, within);
    } else {
      add_piece(c, basics(c), "location.city", parts[0], within);
      if (k >= 2 && ccl) add_str(c, basics(c), "location.countryCode", ccl, within);
      else if (k >= 2) add_piece(c, basics(c), "location.region", parts[1], within);
    }
    c->have_location = true;
    return true;
  }
  const char *u;
  size_t a, z;
  if (cvx_url_find(c->doc->arena, v.s, v.n, &u, &a, &z) && a == 0 && z == v.n) {
    const char *user = NULL;
    cvx_span sp = cvx_doc_locate(c->doc, within, cvx_arena_strndup(c->doc->arena, v.s, v.n));
    if (!cvx_span_valid(sp)) sp = within;
    if (cvx_profile_network(c->doc->arena, u, &user) || label_in(l, site_labels)) {
      add_profile_or_url(c, u, sp);
      return true;
    }
    /* an account or document the CV names by its label ("Portfolio: …") */
    for (cvx_record *r = c->doc->records; r; r = r->next)
      if (r->kind == CVX_REC_PROFILE && cvx_record_get(r, "url") && strcmp(cvx_record_get(r, "url"), u) == 0)
        return true;
    cvx_record *pr = cvx_record_new(c->doc, CVX_REC_PROFILE, c->origin, sp);
    add_piece(c, pr, "network", l, within);
    cvx_record_add(c->doc, pr, "url", u, sp);
    return true;
  }
  return false;
}

/* The person block: blocks before the first section heading, and sections
 * about the person (Contact, About). */
/* The page's first line written as a name in small letters ("jane roe",
 * "Jane roe"): two to four words of letters only that read as a name once
 * each word starts with a capital. Only the first line of a page is read
 * so: elsewhere such words are text. */
static bool lower_case_name(piece p) {
  char buf[64];
  if (p.n == 0 || p.n >= sizeof buf) return false;
  int words = 0;
  for (size_t i = 0; i < p.n; i++) {
    unsigned char ch = (unsigned char)p.s[i];
    bool start = i == 0 || p.s[i - 1] == ' ';
    if (ch == ' ') {
      if (start) return false; /* two spaces */
      buf[i] = ' ';
      continue;
    }
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))) return false;
    words += start;
    buf[i] = (char)(start && ch >= 'a' && ch <= 'z' ? ch - 32 : ch);
  }
  return words >= 2 && words <= 4 && cvx_is_person_name(buf, p.n) && cvx_role_score(p.s, p.n) <= 0 &&
         cvx_org_score(p.s, p.n) <= 0;
}

/* True when p is the text of one of b's links to a profile ("ivdm" linking
 * to a GitHub account): the account, read from its link, not a headline. */
static bool profile_link_text(ctx *c, const cvx_block *b, piece p) {
  const cvx_link *links = cvx_block_links(b);
  for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
    const cvx_link *l = &links[i];
    const char *user = NULL;
    piece t = trim_piece((piece){l->text, strlen(l->text)});
    if (t.n == p.n && memcmp(t.s, p.s, p.n) == 0 && cvx_profile_network(c->doc->arena, l->url, &user)) return true;
  }
  return false;
}

/* True when p is the whole text of one of b's web links ("57190246813"
 * linking to an author page): the link was read as such, the text is no
 * phone number nor headline of its own. */
static bool web_link_text(const cvx_block *b, piece p) {
  const cvx_link *links = cvx_block_links(b);
  for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
    const cvx_link *l = &links[i];
    size_t ul = strlen(l->url);
    if (!starts_ci(l->url, ul, "http://") && !starts_ci(l->url, ul, "https://")) continue;
    piece t = trim_piece((piece){l->text, strlen(l->text)});
    if (t.n == p.n && memcmp(t.s, p.s, p.n) == 0) return true;
  }
  return false;
}

/* True when s[0,n) has two to six lines, each of two or more words ending
 * as a sentence does ('.', '!', '?'), eight words or more in all, with no
 * address, label or date among them: sentences set one a line. */
static bool sentence_lines(const char *s, size_t n) {
  int lines = 0, words = 0, sentences = 0;
  cvx_daterange d;
  if (memchr(s, '@', n) || memchr(s, ':', n) || cvx_date_find(s, n, &d)) return false;
  for (size_t i = 0; i < n;) {
    size_t e = i;
    while (e < n && s[e] != '\n') e++;
    size_t z = e;
    while (z > i && is_ws((unsigned char)s[z - 1])) z--;
    int w = count_words(s + i, z - i);
    if (w < 2 || ++lines > 6) return false;
    char last = s[z - 1];
    if (last != '.' && last != '!' && last != '?') return false;
    /* the sentences a line holds (a page's paragraph joins its lines): an
     * end mark after a word of two letters or more, then a space or the
     * line's end ("leader. Deep", not "J. Roe") */
    for (size_t k = i + 2; k < z; k++)
      if ((s[k] == '.' || s[k] == '!' || s[k] == '?') && s[k + 1] == ' ' && isalpha((unsigned char)s[k - 1]) &&
          isalpha((unsigned char)s[k - 2]))
        sentences++;
    sentences++;
    words += w;
    i = e + 1;
  }
  return sentences >= 2 && sentences <= 8 && words >= 8;
}

/* "Jane Roe Jane Roe": a line printed twice side by side (a page's header
 * and its copy for another screen) is read once. */
static piece undoubled(piece p) {
  if (p.n >= 5 && p.n % 2 && (p.s[p.n / 2] == ' ' || p.s[p.n / 2] == '\t') &&
      memcmp(p.s, p.s + p.n / 2 + 1, p.n / 2) == 0)
    return (piece){p.s, p.n / 2};
  return p;
}

/* Is p a document's title word ("Curriculum Vitae", "Résumé", "CV")? */
static bool cv_title(piece p) {
  p = trim_piece(p);
  return p.n && cvx_section_classify(p.s, p.n) == CVX_REC_BASICS && cvx_section_pure(p.s, p.n);
}

/* The person's name in a line at the top of the page: the line when it is
 * a name, or the name beside the document's title or the person's title
 * ("Dana Whitcombe — Curriculum Vitae", "Résumé of Dana Whitcombe", "Dana
 * Whitcombe | Data Engineer": *title gets "Data Engineer"), or a name
 * written surname first ("Whitcombe, Dana"). Empty when it holds none. */
static piece title_name(piece p, piece *title) {
  *title = (piece){0};
  p = trim_piece(p);
  if (!p.n || cvx_is_person_name(p.s, p.n)) return p;
  static const char *const seps[] = {" \xE2\x80\x94 ", " \xE2\x80\x93 ", " - ", " | ", ": ", " \xC2\xB7 ", NULL};
  for (int k = 0; seps[k]; k++) {
    const char *at = NULL;
    size_t sl = strlen(seps[k]);
    for (size_t i = 0; i + sl <= p.n && !at; i++)
      if (memcmp(p.s + i, seps[k], sl) == 0) at = p.s + i;
    if (!at) continue;
    piece l = trim_piece((piece){p.s, (size_t)(at - p.s)}), r = trim_piece((piece){at + sl, p.n - (size_t)(at + sl - p.s)});
    if (cvx_is_person_name(l.s, l.n) && (cv_title(r) || cvx_role_score(r.s, r.n) > 0)) {
      if (!cv_title(r)) *title = r;
      return l;
    }
    if (cvx_is_person_name(r.s, r.n) && cv_title(l)) return r;
  }
  /* "Résumé of Dana Whitcombe", "Lebenslauf von …", "CV de …" */
  static const char *const ofs[] = {" of ", " von ", " de ", " di ", " du ", NULL};
  for (int k = 0; ofs[k]; k++) {
    size_t ol = strlen(ofs[k]);
    for (size_t i = 1; i + ol < p.n; i++) {
      if (strncasecmp(p.s + i, ofs[k], ol) != 0) continue;
      piece r = trim_piece((piece){p.s + i + ol, p.n - i - ol});
      if (cv_title((piece){p.s, i}) && cvx_is_person_name(r.s, r.n)) return r;
      break;
    }
  }
  if (cvx_surname_first(p.s, p.n)) return p;
  return (piece){0};
}

/* The person's name and, when title_name found one beside it, their title
 * (unless one was read already), from a line within span. */
static void take_title_name(ctx *c, piece name, piece title, cvx_span span) {
  add_piece(c, basics(c), "name", name, span);
  if (title.n && !cvx_record_get(basics(c), "label")) add_piece(c, basics(c), "label", title, span);
  c->have_name = true;
}

/* Labels of one part of the person's address, written alone on a line
 * over its value ("Address" / "Lindenweg 12", "Postal Code & City" /
 * "04109 Leipzig", "Region" / "Saxony"). */
static const char *const street_labels[] = {"address", "street", "street address", "adresse", "anschrift",
                                            "dirección", "direccion", "endereço", "endereco", "indirizzo",
                                            "адрес", "地址", "domicilio", "straße", "strasse", NULL};
static const char *const postal_labels[] = {"postal code", "postcode", "post code", "zip", "zip code", "plz",
                                            "code postal", "código postal", "codigo postal", "cep", "cap",
                                            "почтовый индекс", "邮编", NULL};
static const char *const city_labels[] = {"city", "town", "ort", "stadt", "ville", "ciudad", "cidade", "città",
                                          "город", "城市", NULL};
static const char *const region_labels[] = {"region", "state", "province", "county", "bundesland", "région",
                                            "región", "estado", "regione", "provincia", "регион", "область",
                                            "省", NULL};
static const char *const country_labels[] = {"country", "land", "pays", "país", "pais", "paese", "страна", "国家",
                                             NULL};

/* A label's words, apart by "&", "and", "/" or ",": whether each names a
 * part of an address (sets the parts' bits: 1 street, 2 postal code, 4
 * city, 8 region, 16 country); 0 when one does not. */
static int address_label(piece l) {
  int bits = 0;
  size_t st = 0;
  for (size_t i = 0; i <= l.n; i++) {
    bool cut = i == l.n || l.s[i] == '&' || l.s[i] == '/' || l.s[i] == ',' ||
               (i + 5 <= l.n && !strncasecmp(l.s + i, " and ", 5));
    if (!cut) continue;
    piece part = trim_piece((piece){l.s + st, i - st});
    int bit = label_in(part, street_labels)    ? 1
              : label_in(part, postal_labels)  ? 2
              : label_in(part, city_labels)    ? 4
              : label_in(part, region_labels)  ? 8
              : label_in(part, country_labels) ? 16
                                               : 0;
    if (!bit) return 0;
    bits |= bit;
    if (i < l.n && l.s[i] == ' ') i += 4; /* past " and " */
    st = i + 1;
  }
  return bits;
}

/* A block of one line, its bullet or marks aside. */
static piece one_line(ctx *c, const cvx_block *b) {
  if (!b || !b->text || !b->len || memchr(b->text, '\n', b->len) ||
      (b->kind != CVX_BLK_PARA && b->kind != CVX_BLK_ITEM))
    return (piece){0};
  return trim_piece(joined(c, b));
}

/* Block b as a label over the next block of its kind (before end): its one
 * line of max_words words at most, a closing colon aside; empty when it is
 * not one. */
static piece label_over(ctx *c, const cvx_block *b, const cvx_block *end, int max_words) {
  if (!b->next || b->next == end || b->next->kind != b->kind) return (piece){0};
  piece l = one_line(c, b);
  if (!l.n || words_over(l.s, l.n, max_words)) return (piece){0};
  if (l.s[l.n - 1] == ':') l = trim_piece((piece){l.s, l.n - 1});
  return l;
}

/* Whether b is such a label and the line below it holds an e-mail, a
 * phone number or a link. */
static bool contact_label_over(ctx *c, const cvx_block *b, const cvx_block *end) {
  piece l = label_over(c, b, end, 2);
  if (!l.n || !label_in(l, contact_labels)) return false;
  piece v = one_line(c, b->next);
  size_t a, z;
  const char *u;
  return v.n && (memchr(v.s, '@', v.n) || cvx_block_nlinks(b->next) || cvx_phone_find(v.s, v.n, &a, &z) ||
                 cvx_url_find(c->doc->arena, v.s, v.n, &u, &a, &z));
}

/* A part of the person's address under its label (bits from
 * address_label): the value is that part ("Postal Code & City" over
 * "04109 Leipzig" gives both). True when it read the value. */
static bool address_part(ctx *c, int bits, piece v, cvx_span sp) {
  if (!bits || !v.n || words_over(v.s, v.n, 10)) return false;
  cvx_record *r = basics(c);
  cvx_address ad;
  if ((bits & 1) && cvx_address_parse(v.s, v.n, &ad)) {
    put_address(c, &ad, v.s, sp, false);
  } else if (bits == 1) {
    /* a street: a house number and a word */
    bool digit = false, alpha = false;
    for (size_t i = 0; i < v.n; i++) {
      digit |= isdigit((unsigned char)v.s[i]) != 0;
      alpha |= isalpha((unsigned char)v.s[i]) || (unsigned char)v.s[i] >= 0x80;
    }
    if (!digit || !alpha || memchr(v.s, ',', v.n) || cvx_record_get(r, "location.address")) return false;
    add_piece(c, r, "location.address", v, sp);
  } else if (bits & 2) {
    /* the code, and the city before or after it when the label names one */
    size_t d = 0, e = v.n;
    while (d < v.n && isdigit((unsigned char)v.s[d])) d++;
    while (e > 0 && isdigit((unsigned char)v.s[e - 1])) e--;
    piece code = {0}, city = {0};
    if (d == v.n && d >= 3) code = v;
    else if (d >= 3 && d <= 6 && v.s[d] == ' ') code = (piece){v.s, d}, city = trim_piece((piece){v.s + d, v.n - d});
    else if (v.n - e >= 3 && v.n - e <= 6 && e > 0 && v.s[e - 1] == ' ')
      code = (piece){v.s + e, v.n - e}, city = trim_piece((piece){v.s, e});
    if (!code.n || (city.n && !(bits & 4)) || cvx_record_get(r, "location.postalCode")) return false;
    add_piece(c, r, "location.postalCode", code, sp);
    if (city.n && !cvx_record_get(r, "location.city")) add_piece(c, r, "location.city", city, sp);
  } else if (bits == 4 || bits == 8) {
    const char *key = bits == 4 ? "location.city" : "location.region";
    if (cvx_record_get(r, key) || !has_alpha_word(v) || words_over(v.s, v.n, 4)) return false;
    add_piece(c, r, key, v, sp);
  } else if (bits == 16) {
    const char *cc = cvx_country_code(v.s, v.n);
    if (!cc) cc = iso_country(v);
    if (!cc || cvx_record_get(r, "location.countryCode")) return false;
    add_str(c, r, "location.countryCode", cc, sp);
  } else {
    return false;
  }
  c->have_location = true;
  return true;
}

/* The same, the label alone on the line above its value. True when it
 * took the two blocks. */
static bool address_part_below(ctx *c, cvx_block *b, const cvx_block *end) {
  piece l = label_over(c, b, end, 5);
  if (!l.n) return false;
  int bits = address_label(l);
  piece v = one_line(c, b->next);
  if (!bits || cvx_block_nlinks(b->next) || !address_part(c, bits, v, b->next->span)) return false;
  cvx_doc_take(c->doc, b->span);
  cvx_doc_take(c->doc, b->next->span);
  return true;
}

/* How many parts of an address first..end labels: lines of two cells, a
 * part's label and its value ("Region" | "Saxony"), and labels alone over
 * a line ("Address" / "Lindenweg 12"). */
static int address_rows(ctx *c, const cvx_block *first, const cvx_block *end) {
  int rows = 0;
  for (const cvx_block *b = first; b && b != end && rows < 8; b = b->next) {
    if (!b->text || (b->kind != CVX_BLK_PARA && b->kind != CVX_BLK_ITEM && b->kind != CVX_BLK_ROW)) continue;
    if (!memchr(b->text, '\n', b->len) && !memchr(b->text, '\t', b->len)) {
      piece l = one_line(c, b);
      if (l.n && l.s[l.n - 1] == ':') l = trim_piece((piece){l.s, l.n - 1});
      rows += l.n && !words_over(l.s, l.n, 5) && address_label(l) && b->next && b->next != end;
      continue;
    }
    for (const char *s = b->text, *stop = b->text + b->len; s < stop;) {
      const char *nl = memchr(s, '\n', (size_t)(stop - s));
      const char *e = nl ? nl : stop;
      const char *tab = memchr(s, '\t', (size_t)(e - s));
      if (tab) {
        piece l = trim_piece((piece){s, (size_t)(tab - s)});
        rows += l.n && !words_over(l.s, l.n, 5) && address_label(l);
      }
      s = nl ? nl + 1 : stop;
    }
  }
  return rows;
}

static bool same_words(const char *a, const char *b);

static void parse_person(ctx *c, cvx_block *from, cvx_block *end, bool top) {
  /* the name is the first line of the first text under the page's titles
   * ("# Lebenslauf" / "## Personalien" / "Luca Muster") */
  const cvx_block *first_text = from;
  while (first_text && first_text != end && first_text->kind == CVX_BLK_HEADING) first_text = first_text->next;
  for (cvx_block *b = from, *prev_b = NULL; b && b != end; prev_b = b, b = b->next) {
    if (address_part_below(c, b, end)) {
      b = b->next;
      continue;
    }
    /* a label alone over the contact it names ("Email" / "jane@…"): read
     * with it */
    if (contact_label_over(c, b, end)) {
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    int prose_links = -1; /* is_prose(b->text, b->len), once known */
    for (size_t i = 0; i < cvx_block_nlinks(b); i++) {
      const cvx_link *l = &cvx_block_links(b)[i];
      if (starts_ci(l->url, strlen(l->url), "mailto:")) {
        const char *v;
        size_t a, z;
        if (!c->have_email && cvx_email_find(c->doc->arena, l->url + 7, strlen(l->url) - 7, &v, &a, &z) &&
            cvx_email_valid(v)) {
          cvx_record_add(c->doc, basics(c), "email", v, l->span);
          c->have_email = true;
        }
      } else if (url_usable(l->url)) {
        const char *user = NULL;
        /* "advised by Prof. [Jane Roe](scholar…)" in a bio: someone else's account */
        size_t tl = strlen(l->text);
        if (b->kind == CVX_BLK_PARA && prose_links < 0) prose_links = is_prose(b->text, b->len);
        if (b->kind == CVX_BLK_PARA && prose_links && cvx_is_person_name(l->text, tl))
          continue;
        if (cvx_profile_network(c->doc->arena, l->url, &user)) add_profile_or_url(c, l->url, l->span);
        else network_named(c, l);
      }
    }
    /* "My current projects include:" and a list: each item is a project */
    if (b->kind == CVX_BLK_PARA && b->len && b->text[b->len - 1] == ':' && b->len < 200 &&
        (strstr(b->text, "project") || strstr(b->text, "Project")) && b->next && b->next != end &&
        b->next->kind == CVX_BLK_ITEM) {
      cvx_doc_take(c->doc, b->span);
      int base = b->next->level;
      while (b->next && b->next != end && b->next->kind == CVX_BLK_ITEM && b->next->level == base) {
        b = b->next;
        piece p = joined(c, b);
        if (!p.n || words_over(p.s, p.n, 15)) continue;
        cvx_record *r = cvx_record_new(c->doc, CVX_REC_PROJECT, c->origin, b->span);
        if (!r) return;
        add_piece(c, r, "name", p, b->span);
        if (cvx_block_nlinks(b) && url_usable(cvx_block_links(b)[0].url))
          cvx_record_add(c->doc, r, "url", cvx_block_links(b)[0].url, cvx_block_links(b)[0].span);
      }
      continue;
    }
    /* "My doctoral research focused on" and a list: each item is a topic */
    if (b->kind == CVX_BLK_PARA && b->next && b->next != end && b->next->kind == CVX_BLK_ITEM &&
        cvx_prose_list_lead(b->text, b->len)) {
      int base = b->next->level;
      while (b->next && b->next != end && b->next->kind == CVX_BLK_ITEM && b->next->level == base) {
        b = b->next;
        piece p = joined(c, b);
        if (!p.n || words_over(p.s, p.n, 20)) continue;
        cvx_record *r = cvx_record_new(c->doc, CVX_REC_INTEREST, "prose", b->span);
        if (!r) return;
        add_piece(c, r, "name", p, b->span);
      }
      continue;
    }
    /* "Languages:" with the languages after it or nested under it */
    piece ll, lv;
    if (b->kind != CVX_BLK_HEADING && split_label((piece){b->text, b->len}, &ll, &lv) &&
        label_in(ll, language_labels)) {
      if (lv.n && !memchr(lv.s, '\n', lv.n) && language_list(lv)) {
        parse_skill_line(c, lv, b->span, CVX_REC_LANGUAGE);
        cvx_doc_take(c->doc, b->span);
        continue;
      }
      if (!lv.n && b->next && b->next != end && b->next->level > b->level && is_language_name(joined(c, b->next))) {
        cvx_doc_take(c->doc, b->span);
        int base = b->level;
        while (b->next && b->next != end && b->next->level > base && b->next->kind != CVX_BLK_HEADING) {
          b = b->next;
          parse_skill_line(c, joined(c, b), b->span, CVX_REC_LANGUAGE);
        }
        continue;
      }
    }
    if (b->kind == CVX_BLK_HEADING) {
      piece h = joined(c, b);
      piece title, nm = top && !c->have_name ? title_name(undoubled(h), &title) : (piece){0};
      if (!nm.n && cvx_section_classify(b->text, strlen(b->text)) == CVX_REC_BASICS) {
        cvx_doc_take(c->doc, b->span); /* "Contact", "Summary": structure, not content */
        continue;
      }
      if (nm.n) {
        take_title_name(c, nm, title, b->span);
        cvx_doc_take(c->doc, b->span); /* (the document's title beside it is structure) */
      } else if (top && c->have_name && same_words(h.s ? cvx_arena_strndup(c->doc->arena, h.s, h.n) : NULL,
                                                   cvx_record_get(basics(c), "name"))) {
        /* the name printed again (a page's header and its copy): read */
        cvx_doc_take(c->doc, b->span);
      } else if (!memchr(h.s, '\n', h.n) && contact_line(c, h, b->span)) {
        /* a page that sets its contact lines as small headings ("######
         * (555) 010-2299" under the name): they are contacts still */
      } else if (top && !c->have_label && !words_over(h.s, h.n, 8)) {
        add_piece(c, basics(c), "label", h, b->span);
        c->have_label = true;
      }
      continue;
    }
    /* a paragraph of two sentences or more, each line ending one, is the
     * person's summary set one sentence a line ("Natural leader." / "Deep
     * commitment to quality.") or run together, not a title and leftovers
     * (one line of prose is read below, for the facts it tells) */
    if (b->kind == CVX_BLK_PARA && c->have_name && !c->have_summary && sentence_lines(b->text, b->len) &&
        (memchr(b->text, '\n', b->len) || !is_prose(b->text, b->len))) {
      add_lasting(c, basics(c), "summary", joined(c, b), b->span);
      c->have_summary = true;
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    /* a line that names the person's section ("Persönliche Daten" over a
     * table of facts) is structure, as such a heading is */
    if (b->kind == CVX_BLK_PARA && c->have_name && b->len && !memchr(b->text, '\n', b->len) &&
        cvx_section_classify(b->text, b->len) == CVX_REC_BASICS && cvx_section_pure(b->text, b->len)) {
      cvx_doc_take(c->doc, b->span);
      continue;
    }
    /* line by line: name (first line), label (short line after it), contacts */
    const char *s = b->text;
    int line_no = 0, unread = 0, unread_words = 0;
    bool went_on = false; /* the line before ended where its sentence goes on */
    while (*s) {
      const char *nl = strchr(s, '\n');
      size_t len = nl ? (size_t)(nl - s) : strlen(s);
      piece line = trim_piece((piece){s, len});
      /* a name set large and broken over two lines, one word each
       * ("MARISOL" / "QUINTERRA"): read as the one name they make */
      if (top && !c->have_name && line_no == 0 && nl && (b == from || b == first_text) && line.n &&
          !memchr(line.s, ' ', line.n)) {
        const char *nl2 = strchr(nl + 1, '\n');
        piece next = trim_piece((piece){nl + 1, nl2 ? (size_t)(nl2 - nl - 1) : strlen(nl + 1)});
        if (next.n && !memchr(next.s, ' ', next.n) && line.n + next.n < 64) {
          char two[64];
          memcpy(two, line.s, line.n);
          two[line.n] = ' ';
          memcpy(two + line.n + 1, next.s, next.n);
          if (cvx_is_person_name(two, line.n + 1 + next.n) && cvx_role_score(two, line.n + 1 + next.n) <= 0) {
            add_piece(c, basics(c), "name", (piece){two, line.n + 1 + next.n}, b->span);
            c->have_name = true;
            line_no += 2;
            s = nl2 ? nl2 + 1 : next.s + next.n;
            continue;
          }
        }
      }
      /* a table's row of a label and its value ("Anschrift" | "…"): a
       * labelled fact, as "Anschrift: …" is */
      if (b->kind == CVX_BLK_ROW && memchr(line.s, '\t', line.n) && labelled_fact(c, line, b->span)) {
        line_no++;
        s = nl ? nl + 1 : s + len;
        continue;
      }
      /* a line of two cells apart by a tab, a part of the address's label
       * and its value ("Postal Code & City" | "04109 Leipzig") */
      const char *tab = memchr(line.s, '\t', line.n);
      if (tab && !memchr(tab + 1, '\t', line.n - (size_t)(tab + 1 - line.s))) {
        piece l = trim_piece((piece){line.s, (size_t)(tab - line.s)});
        piece v = trim_piece((piece){tab + 1, line.n - (size_t)(tab + 1 - line.s)});
        if (l.n && !words_over(l.s, l.n, 5) && address_part(c, address_label(l), v, b->span)) {
          cvx_span ls = cvx_doc_locate(c->doc, b->span, cvx_arena_strndup(c->doc->arena, l.s, l.n));
          if (cvx_span_valid(ls)) cvx_doc_take(c->doc, ls);
          line_no++;
          s = nl ? nl + 1 : s + len;
          continue;
        }
        /* (a contact's label in the first cell is read with the contact) */
        size_t a, z;
        if (l.n && label_in(l, contact_labels) &&
            (memchr(v.s, '@', v.n) || cvx_phone_find(v.s, v.n, &a, &z) || cvx_block_nlinks(b))) {
          cvx_span ls = cvx_doc_locate(c->doc, b->span, cvx_arena_strndup(c->doc->arena, l.s, l.n));
          if (cvx_span_valid(ls)) cvx_doc_take(c->doc, ls);
        }
      }
      /* a part of the address under its label, whole ("Postal Code &
       * City: 04109 Leipzig", whose "&" parts no columns) */
      piece al, av;
      if (split_label(line, &al, &av) && address_label(al) && labelled_fact(c, line, b->span)) {
        line_no++;
        s = nl ? nl + 1 : s + len;
        continue;
      }
      /* two-column lines: "Dana Whitlock & http://…" */
      piece cols[8];
      int nc = 0;
      size_t cs = 0;
      for (size_t i = 0; i <= line.n && nc < 8; i++) {
        /* every separator starts with a space, but a tab (a table's or a
         * page's cells side by side) */
        while (i < line.n && line.s[i] != ' ' && line.s[i] != '\t') i++;
        size_t w = 0; /* width of the separator at i */
        if (i == line.n || line.s[i] == '\t') w = 1;
        else if (i + 2 < line.n && line.s[i] == ' ' && (line.s[i + 1] == '&' || line.s[i + 1] == '|') && line.s[i + 2] == ' ')
          w = 3;
        else if (i + 3 < line.n && line.s[i] == ' ' && (unsigned char)line.s[i + 1] == 0xC2 &&
                 (unsigned char)line.s[i + 2] == 0xB7 && line.s[i + 3] == ' ')
          w = 4;
        else if (i + 4 < line.n && line.s[i] == ' ' && (unsigned char)line.s[i + 1] == 0xE2 &&
                 (unsigned char)line.s[i + 2] == 0x80 && (unsigned char)line.s[i + 3] == 0xA2 && line.s[i + 4] == ' ')
          w = 5;
        /* a comma before a contact parts columns too: a page's columns set
         * side by side came as "Dana Roe, dana@example.org" */
        else if (i > cs && line.s[i - 1] == ',' && contact_ahead((piece){line.s + i + 1, line.n - i - 1}))
          w = 1;
        if (w) {
          piece p = trim_piece((piece){line.s + cs, i - cs});
          if (p.n) cols[nc++] = p;
          cs = i + w;
          i += w - 1;
        }
      }
      for (int ci = 0; ci < nc; ci++) {
        piece p = cols[ci];
        if (labelled_fact(c, p, b->span)) continue;
        /* the text of a web link, itself no address ("57190246813" linking
         * to an author page): read as the link already */
        bool linked = web_link_text(b, p) && !memchr(p.s, '.', p.n) && !memchr(p.s, '@', p.n) &&
                      !memchr(p.s, '/', p.n);
        if (!linked && contact_line(c, p, b->span)) continue;
        /* "Chinese, English" among the contacts: the languages spoken */
        if (top && memchr(p.s, ',', p.n) && language_list(p)) {
          parse_skill_line(c, p, b->span, CVX_REC_LANGUAGE);
          continue;
        }
        if (top && !c->have_name && line_no == 0 && (b == from || b == first_text)) {
          /* "Jane Roe, MSc, RN": the name before the letters after it */
          piece nm = p;
          p = nm = undoubled(p);
          const char *comma = memchr(p.s, ',', p.n);
          if (comma && postnominals((piece){comma, p.n - (size_t)(comma - p.s)}))
            nm = trim_piece((piece){p.s, (size_t)(comma - p.s)});
          if (cvx_is_person_name(nm.s, nm.n) || (b == c->first_block && lower_case_name(p))) {
            add_piece(c, basics(c), "name", nm.n < p.n && cvx_is_person_name(nm.s, nm.n) ? nm : p, b->span);
            c->have_name = true;
            continue;
          }
          /* (beside the document's title, or surname first, on the page's
           * first line) */
          piece title;
          nm = b == c->first_block ? title_name(p, &title) : (piece){0};
          if (nm.n) {
            take_title_name(c, nm, title, b->span);
            continue;
          }
        }
        /* (a line with figures under the name is a birth date or a street,
         * and a country alone is where the person lives: not a title) */
        bool figures = cvx_country_code(p.s, p.n) != NULL;
        for (size_t q = 0; q < p.n && !figures; q++) figures = p.s[q] >= '0' && p.s[q] <= '9';
        /* "Azure Developer with 9 years of experience in .NET": the title
         * before what it says of the years is the label */
        piece lead = experience_lead(p);
        if (top && c->have_name && !c->have_label && lead.n && b->kind != CVX_BLK_ITEM) {
          add_piece(c, basics(c), "label", lead, b->span);
          c->have_label = true;
          unread++; /* the rest of the line is text of a bio */
          unread_words += count_words(p.s, p.n) - count_words(lead.s, lead.n);
          continue;
        }
        /* beside contacts on one line, a few capitalised words that name no
         * role ("ana@example.org | Porto") are a place, not a title ("Soil
         * physicist" is one) */
        bool beside = nc > 1 && !words_over(p.s, p.n, 3) && cvx_role_score(p.s, p.n) <= 0;
        for (size_t q = 0; q < p.n && beside; q++)
          if (q == 0 || p.s[q - 1] == ' ') beside = isupper((unsigned char)p.s[q]) || (unsigned char)p.s[q] >= 0x80;
        /* …and where the person lives when the page says so nowhere else
         * and a contact stands beside it, known to the place list or not */
        if (beside && top && !c->have_location && !figures && p.n >= 3 && b->kind != CVX_BLK_ROW &&
            !memchr(p.s, ',', p.n) && cvx_org_score(p.s, p.n) == 0 &&
            !cvx_is_person_name(p.s, p.n) && !label_in(p, contact_labels)) {
          bool contact = false;
          for (int cj = 0; cj < nc && !contact; cj++)
            if (cj != ci) {
              size_t pa, pb;
              contact = memchr(cols[cj].s, '@', cols[cj].n) || cvx_phone_find(cols[cj].s, cols[cj].n, &pa, &pb);
            }
          if (contact && !inner_capital(p)) { /* (not an acronym, a brand: "IBM", "GitHub") */
            add_piece(c, basics(c), "location.city", p, b->span);
            c->have_location = true;
            continue;
          }
        }
        /* (a value in a table's row of a label and its value is that
         * label's, no title: "Geburtsort" | "Kleinbrück") */
        bool row_value = b->kind == CVX_BLK_ROW && nc == 2 && ci == 1 && !words_over(cols[0].s, cols[0].n, 3);
        /* (nor is a line that goes on below, "…를 함께 이해하고," over the
         * rest of its sentence, nor that rest) */
        bool goes_on =
            went_on || (p.n && ((p.s + p.n < s + len && p.s[p.n] == ',' && !contact_after(p, s + len)) ||
                                cvx_ends_open(p.s, p.n)));
        /* (nor is a label of the person's details alone, "Address") */
        bool label_alone = address_label(p) || label_in(p, contact_labels);
        if (top && c->have_name && !c->have_label && !words_over(p.s, p.n, 8) && b->kind != CVX_BLK_ITEM &&
            !memchr(p.s, ':', p.n) && !figures && !linked && !beside && !row_value && !goes_on && !label_alone &&
            !profile_link_text(c, b, p)) {
          piece role, org;
          if (headline_job(p, &role, &org)) {
            /* "Role - Employer": the title is the label, and the two make
             * the current job (dropped again when a section repeats it) */
            add_piece(c, basics(c), "label", role, b->span);
            c->headline_job = cvx_record_new(c->doc, CVX_REC_WORK, c->origin, b->span);
            add_piece(c, c->headline_job, "name", org, b->span);
            add_piece(c, c->headline_job, "position", role, b->span);
          } else {
            add_piece(c, basics(c), "label", p, b->span);
          }
          c->have_label = true;
          continue;
        }
        unread++; /* a line no contact fact took: text of a bio */
        unread_words += count_words(p.s, p.n);
      }
      line_no++;
      {
        size_t e = len;
        while (e && (s[e - 1] == ' ' || s[e - 1] == '\t')) e--;
        went_on = e && (s[e - 1] == ',' || cvx_ends_open(s, e));
      }
      s = nl ? nl + 1 : s + len;
    }
    /* the scratch copy of a long line is not kept for the next one */
    if (c->line.cap > ((size_t)1 << 20)) cvx_buf_free(&c->line);
    /* (a bio when its unread lines are most of it: not a block of contacts
     * with a licence number left over) */
    /* (under a later heading of the person's, "Summary", one sentence of
     * six words or more is enough; so is one right under such a heading
     * among the page's top details) */
    bool under_own = !top || (prev_b && prev_b->kind == CVX_BLK_HEADING && prev_b->text &&
                              cvx_section_classify(prev_b->text, strlen(prev_b->text)) == CVX_REC_BASICS);
    bool one_sentence = under_own && b->len && strchr(".!?", b->text[b->len - 1]) && words_over(b->text, b->len, 5);
    if (unread > 0 && b->kind == CVX_BLK_PARA && (is_prose(b->text, strlen(b->text)) || one_sentence) &&
        unread_words * 2 >= count_words(b->text, b->len) && !labelled_lines(b->text, b->len)) {
      /* only the summary keeps its joined copy: the prose of any later
       * paragraph is read from a scratch copy (a CV over and over, or a long
       * text cut into blocks, would otherwise keep one copy of each) */
      cvx_buf scratch = CVX_BUF_INIT;
      piece p;
      if (!c->have_summary) {
        p = joined(c, b);
        add_lasting(c, basics(c), "summary", p, b->span);
        c->have_summary = true;
      } else {
        cvx_buf_put(&scratch, b->text, strlen(b->text));
        p = joined_text(scratch.ptr, scratch.len);
      }
      cvx_prose_extract(c->doc, p.s, p.n, b->span);
      cvx_buf_free(&scratch);
    }
  }
}

/* ------------------------------------------------------------- sections */

static bool job_like(cvx_rec_kind k) {
  return k == CVX_REC_WORK || k == CVX_REC_VOLUNTEER || k == CVX_REC_PROJECT || k == CVX_REC_EDUCATION;
}

/* ------------------------------------------------- entry headers in runs */

/* What an entry header line can carry: each slot is filled once per entry. */
enum { SLOT_DATE = 1, SLOT_DEGREE = 2, SLOT_ROLE = 4, SLOT_ORG = 8 };

/* The header slots a short paragraph fills, or -1 when it is not header-like
 * (a sentence, a long or many-line paragraph, a list). A short line with no
 * slot (a company name no grammar knows: "Kestrel") gives 0. */
static bool degree_line(const char *t, size_t n, const char **st, size_t *ds, size_t *de);

/* The slots one header line s[0,n) fills, or -1 when it is no header line
 * (long, or a sentence). */
/* True when block b is one line naming someone else than the person
 * ("Supervisor: Jane Roe"): a detail of its entry, never part of a header. */
static bool person_line(const cvx_block *b) {
  piece l, v;
  return b->text && !memchr(b->text, '\n', b->len) && split_label((piece){b->text, b->len}, &l, &v) && v.n &&
         label_in(l, person_labels);
}

static int line_slots(const char *s, size_t n, bool edu) {
  if (words_over(s, n, 10) || is_prose(s, n)) return -1;
  /* "Supervisor: Jane Roe" names someone else: a detail of the entry */
  piece l, v;
  if (split_label((piece){s, n}, &l, &v) && v.n && label_in(l, person_labels)) return -1;
  /* a sentence ends with a full stop after a lower-case word; "Inc." does not */
  if (n > 2 && s[n - 1] == '.' && islower((unsigned char)s[n - 2]) && count_words(s, n) > 4) return -1;
  /* …and so does one that starts and ends so ("client onboarding, data
   * migration.") */
  if (n > 2 && s[n - 1] == '.' && islower((unsigned char)s[n - 2]) && islower((unsigned char)s[0]) &&
      count_words(s, n) >= 3)
    return -1;
  int slots = 0;
  cvx_daterange d;
  const char *st;
  size_t a, e;
  bool dated = cvx_date_find(s, n, &d);
  if (dated) slots |= SLOT_DATE;
  if (cvx_degree_find(s, n, &st, &a, &e) || (edu && degree_line(s, n, &st, &a, &e))) slots |= SLOT_DEGREE;
  /* the stronger reading of the line: "Senior Software Engineer" is a role
   * with an organisation word in it, "Engineer at Initech" both; the words
   * on either side of a date are read apart ("Engineer | May 2002 – 2019":
   * the date's words are neither) */
  int role, org;
  if (dated) {
    int r1 = cvx_role_score(s, d.mstart), r2 = cvx_role_score(s + d.mend, n - d.mend);
    int o1 = cvx_org_score(s, d.mstart), o2 = cvx_org_score(s + d.mend, n - d.mend);
    role = r1 > r2 ? r1 : r2;
    org = o1 > o2 ? o1 : o2;
  } else {
    role = cvx_role_score(s, n);
    org = cvx_org_score(s, n);
  }
  if (role > 0) slots |= SLOT_ROLE;
  if ((org > 0 && org >= role) || cvx_location_find(s, n, &a, &e)) slots |= SLOT_ORG;
  return slots;
}

static int header_slots(const cvx_block *b, bool edu) {
  bool para = b->kind == CVX_BLK_PARA && b->level == 0;
  if (!(para || b->kind == CVX_BLK_HEADING) || !b->text || b->len > 160) return -1;
  int lines = 1 + (int)count_byte(b->text, '\n', b->len), slots = 0;
  if (lines > 2) return -1;
  for (const char *s = b->text, *stop = b->text + b->len; s < stop;) {
    const char *nl = memchr(s, '\n', (size_t)(stop - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(stop - s);
    int k = line_slots(s, n, edu);
    if (k < 0) return -1;
    slots |= k;
    s = nl ? nl + 1 : stop;
  }
  return slots;
}

/* The slots the header lines of a paragraph of up to three lines fill
 * together, lines that read as no header line ("Org – a tagline of a dozen
 * words") left out; 0 for a longer paragraph or one with no header line. */
static int para_slots(const cvx_block *b) {
  if (!b->text || b->len > 600) return 0;
  int lines = 0, slots = 0;
  for (const char *s = b->text, *stop = b->text + b->len; s < stop;) {
    const char *nl = memchr(s, '\n', (size_t)(stop - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(stop - s);
    if (++lines > 3) return 0;
    int k = line_slots(s, n, false);
    if (k > 0) slots |= k;
    s = nl ? nl + 1 : stop;
  }
  return slots;
}

static void join_next(ctx *c, cvx_block *b);

/* Splits paragraph b (no links) before its lines cut[0..nc) (ascending, the
 * first above 0; at[i] is where line i starts in b->text, at[nl] is
 * b->len + 1): b keeps the lines before the first cut, a new paragraph per
 * part follows it, each part's span ending where the next begins. Returns
 * the last part. */
static cvx_block *split_paragraph(ctx *c, cvx_block *b, const size_t *at, const int *cut, int nc) {
  cvx_block *prev = b;
  for (int j = 0; j < nc; j++) {
    size_t a = at[cut[j]], z = (j + 1 < nc ? at[cut[j + 1]] : b->len + 1) - 1;
    cvx_block *nb = cvx_arena_alloc(c->doc->arena, sizeof *nb);
    *nb = *b;
    nb->text = cvx_arena_strndup(c->doc->arena, b->text + a, z - a);
    nb->len = (uint32_t)(z - a);
    cvx_block_set_strong(c->doc->arena, nb, 0); /* (b has no links) */
    cvx_span sp = cvx_doc_locaten(c->doc, b->span, nb->text, nb->len);
    if (cvx_span_valid(sp)) {
      cvx_span tail = sp;
      tail.end = b->span.end;
      nb->span = tail;
    }
    nb->next = prev->next;
    prev->next = nb;
    prev = nb;
  }
  size_t keep = at[cut[0]] - 1;
  b->text = cvx_arena_strndup(c->doc->arena, b->text, keep);
  b->len = (uint32_t)keep;
  for (cvx_block *x = b; x != prev; x = x->next)
    if (cvx_span_valid(x->next->span) && x->next->span.start > x->span.start) x->span.end = x->next->span.start;
  return prev;
}

/* A paragraph of short header lines that runs several entries together (the
 * copied text of a page that set each entry's degree and school, or dates,
 * role and employer, on lines of their own with no gap between entries:
 * "MS Hydrology" / "Example University" / "BS Hydrology" / "Other
 * University") is split before each line that fills again a slot the lines
 * above it filled (a second degree, date or role), one paragraph an entry,
 * when every entry so made starts alike and holds two lines or more (lines
 * before the first such start may end the entry above). In place. */
static void split_header_lines(ctx *c, cvx_block *first, const cvx_block *end, bool edu) {
  enum { MAXL = 32 };
  /* a degree's field often reads as a role ("BSc Civil Engineering") */
  const int strong_slots = edu ? SLOT_DEGREE | SLOT_DATE : SLOT_DEGREE | SLOT_DATE | SLOT_ROLE;
  cvx_block *before = NULL;
  for (cvx_block *b = first; b && b != end; before = b, b = b->next) {
    if (b->kind != CVX_BLK_PARA || b->level != 0 || !b->text || b->len > 2000 || cvx_block_nlinks(b)) continue;
    size_t at[MAXL + 1];
    int sl[MAXL], nl = 0;
    bool ok = true;
    for (const char *s = b->text, *stop = s + b->len; s < stop && ok;) {
      const char *e = memchr(s, '\n', (size_t)(stop - s));
      size_t n = e ? (size_t)(e - s) : (size_t)(stop - s);
      if (nl == MAXL || (sl[nl] = line_slots(s, n, edu)) < 0) ok = false;
      else at[nl++] = (size_t)(s - b->text);
      s = e ? e + 1 : stop;
    }
    if (!ok || nl < 3) continue;
    at[nl] = b->len + 1;
    /* what the sub-heading right above starts its entry with, if anything */
    int above = 0;
    if (before && before->kind == CVX_BLK_HEADING && before->text && !memchr(before->text, '\n', before->len)) {
      above = line_slots(before->text, before->len, edu);
      above = above > 0 ? above & strong_slots : 0;
    }
    int cut[MAXL], nc = 0, acc = 0, pattern = 0;
    for (int i = 0; i < nl; i++) {
      int strong = sl[i] & strong_slots;
      if (i > 0 && ((strong & acc) || (!nc && strong && !(acc & strong_slots) && strong == above))) {
        if (!nc) pattern = strong;
        if (strong != pattern || (nc && i - cut[nc - 1] < 2)) {
          ok = false;
          break;
        }
        cut[nc++] = i;
        acc = 0;
      }
      acc |= sl[i];
    }
    /* (entries of a school whose dates, when it has them, lead: "Jan 2011
     * - Jan 2015" / "Computer Science" / "Saarland University" / "MS" /
     * "Example University": each starts at a line of dates alone, or at a
     * degree with none right above it, when a line of dates alone stands
     * right over a degree somewhere) */
    bool leads = false;
    for (int i = 0; edu && (!ok || !nc) && i + 1 < nl && !leads; i++)
      leads = sl[i] == SLOT_DATE && (sl[i + 1] & SLOT_DEGREE);
    if (leads) {
      ok = true, nc = 0, pattern = SLOT_DEGREE;
      for (int i = 1; i < nl && ok; i++) {
        if (sl[i] != SLOT_DATE && !((sl[i] & SLOT_DEGREE) && sl[i - 1] != SLOT_DATE)) continue;
        if (nc && i - cut[nc - 1] < 2) ok = false;
        else cut[nc++] = i;
      }
    }
    if (!ok || !nc || nl - cut[nc - 1] < 2) continue;
    if (!leads && (sl[0] & strong_slots) && (sl[0] & strong_slots) != pattern) continue;
    cvx_block *prev = split_paragraph(c, b, at, cut, nc);
    /* lines before the first start end the entry a sub-heading above opened
     * when that sub-heading starts like the others ("MSc Hydrology" over
     * "Example University" / "BSc …"): one paragraph with it */
    if (!(sl[0] & strong_slots) && above && above == pattern) {
      before->kind = CVX_BLK_PARA;
      before->level = 0;
      cvx_block_set_strong(c->doc->arena, before, 0);
      join_next(c, before);
    }
    b = prev;
  }
}

/* Joins block b's successor into b: one paragraph, the lines kept apart. */
static void join_next(ctx *c, cvx_block *b) {
  cvx_block *x = b->next;
  char *t = cvx_arena_alloc(c->doc->arena, b->len + x->len + 2);
  memcpy(t, b->text, b->len);
  t[b->len] = '\n';
  memcpy(t + b->len + 1, x->text, x->len + 1);
  b->text = t;
  b->len += x->len + 1;
  b->span.end = x->span.end;
  if (cvx_block_nlinks(x)) {
    cvx_link *l = cvx_arena_alloc(c->doc->arena, (cvx_block_nlinks(b) + cvx_block_nlinks(x)) * sizeof *l);
    if (cvx_block_nlinks(b)) memcpy(l, cvx_block_links(b), cvx_block_nlinks(b) * sizeof *l);
    memcpy(l + cvx_block_nlinks(b), cvx_block_links(x), cvx_block_nlinks(x) * sizeof *l);
    cvx_block_set_links(c->doc->arena, b, l, cvx_block_nlinks(b) + cvx_block_nlinks(x));
  }
  b->next = x->next;
}

/* What one line of a job's header names: 'r' a role (its words may read
 * as an organisation's too: "Software Development Engineer"), 'o' an
 * organisation, 'u' nothing a grammar knows ("Kestrel"); 0 when it is no
 * header line (dates, a degree, a label, a list, a sentence). */
static char header_half(const cvx_block *b) {
  if ((b->kind != CVX_BLK_PARA && b->kind != CVX_BLK_HEADING) || (b->kind == CVX_BLK_PARA && b->level) || !b->text ||
      memchr(b->text, '\n', b->len) || cvx_block_nlinks(b) || words_over(b->text, b->len, 8) ||
      memchr(b->text, ':', b->len))
    return 0;
  /* a sentence ("Logged the samples.") is a detail */
  if (b->len > 2 && b->text[b->len - 1] == '.' && islower((unsigned char)b->text[b->len - 2])) return 0;
  int commas = 0, dashes = 0;
  for (size_t i = 0; i < b->len; i++) {
    commas += b->text[i] == ',';
    dashes += b->text[i] == '-' && i && b->text[i - 1] == ' ';
  }
  if (commas > 1) return 0;
  int k = line_slots(b->text, b->len, false);
  if (k < 0 || (k & (SLOT_DATE | SLOT_DEGREE))) return 0;
  /* a role and an organisation on one line, set apart ("Assistant, Kelp
   * Institute"), are a whole header already */
  if ((k & SLOT_ROLE) && (k & SLOT_ORG) && (commas || dashes)) return 0;
  return (k & SLOT_ROLE) ? 'r' : (k & SLOT_ORG) ? 'o' : 'u';
}

/* Are head and b two undated one-line paragraphs (or a sub-heading and a
 * paragraph) of a job's header that fill its two halves, the role and the
 * organisation, in either order (a name no grammar knows is the half the
 * other line does not name)? */
static bool role_org_pair(const cvx_block *head, const cvx_block *b) {
  char h = header_half(head), k = header_half(b);
  return h && k && h != k;
}

/* True when the last line of block b is dates and nothing else but
 * punctuation ("2014 to 2017"). */
static bool last_line_dates(const cvx_block *b) {
  if (!b->text || !b->len) return false;
  size_t z = b->len;
  while (z && b->text[z - 1] == '\n') z--;
  size_t a = z;
  while (a && b->text[a - 1] != '\n') a--;
  cvx_daterange d;
  const char *s = b->text + a;
  size_t n = z - a;
  if (n > 60 || !cvx_date_find(s, n, &d) || d.mend > n || d.mstart > d.mend) return false;
  return !has_alnum(s, d.mstart) && !has_alnum(s + d.mend, n - d.mend);
}

/* True when block b is one line of dates and nothing else but
 * punctuation ("October 2023 - present:"). */
static bool dates_alone(const cvx_block *b) {
  cvx_daterange d;
  if (!b->text || memchr(b->text, '\n', b->len) || !cvx_date_find(b->text, b->len, &d)) return false;
  return !has_alnum(b->text, d.mstart) && !has_alnum(b->text + d.mend, b->len - d.mend);
}

/* Whether block b's first line ends in a colon ("Professor:"). */
static bool first_line_colon(const cvx_block *b) {
  const char *nl = memchr(b->text, '\n', b->len);
  size_t n = nl ? (size_t)(nl - b->text) : b->len;
  while (n && (b->text[n - 1] == ' ' || b->text[n - 1] == '\t')) n--;
  return n && b->text[n - 1] == ':';
}

/* True when blocks a and b are set alike: the same kind and depth, their
 * first lines both ending in a colon or neither, both bold or neither. */
static bool set_alike(const cvx_block *a, const cvx_block *b) {
  if (a->kind != b->kind || a->level != b->level || !a->text || !b->text || !a->len || !b->len) return false;
  return first_line_colon(a) == first_line_colon(b) && (cvx_block_strong(a) > 0) == (cvx_block_strong(b) > 0);
}

/* An entry's header written over several short paragraphs ("Data Analyst",
 * blank, "Initech - Springfield, IL", blank, "June 2012 to Present") is one
 * header: consecutive header-like paragraphs are joined while each adds
 * slots the run has not filled yet (a second date or role starts the next
 * entry) and until a run holds a date; in education a line of dates ends
 * the run; a role and its organisation with no dates are a run of two.
 * Works on [first, end) in place. */
static void join_header_runs(ctx *c, cvx_block *first, const cvx_block *end, bool edu) {
  /* what makes a run a whole header: a date, or for a degree its school */
  const int whole = SLOT_DEGREE | SLOT_ORG;
  /* a section that opens with a line of dates alone ("2004 to 2018" /
   * "Professor:" / its details), each such line over a title set like the
   * first one's, shows how its entries open: a line of dates alone opens the
   * next entry, and the line above it ends the entry before ("Optimisation,
   * Machine learning") rather than heading it. (Where a title is under some
   * of the dates and over others, as a PDF's reading order may put dates
   * printed beside the titles, nothing is shown.) */
  const cvx_block *top = first;
  while (top && top != end && (top->kind == CVX_BLK_RULE || !top->text || !has_alnum(top->text, top->len)))
    top = top->next;
  bool dates_open = top && top != end && top->kind == CVX_BLK_PARA && dates_alone(top) && top->next &&
                    top->next != end;
  for (const cvx_block *x = top; dates_open && x && x != end; x = x->next)
    if (x->kind == CVX_BLK_PARA && dates_alone(x))
      dates_open = x->next && x->next != end && !dates_alone(x->next) && set_alike(x->next, top->next);
  for (cvx_block *b = first; b && b != end; b = b->next) {
    int have = header_slots(b, edu);
    if (have < 0) continue;
    /* a sub-heading opens a run only when it and the paragraph after it are
     * both fragments ("Team Member" / "Kestrel -" / "May 2019 to Present"); one
     * followed by a whole dated line ("### Kestrel" / "Engineer, 2019") keeps
     * its entries under it */
    if (b->kind == CVX_BLK_HEADING) {
      int next = b->next && b->next != end ? header_slots(b->next, edu) : -1;
      if ((have & SLOT_DATE) || next < 0 || (next & SLOT_DATE)) continue;
    }
    int parts = 1;
    bool headed = b->kind == CVX_BLK_HEADING; /* the run so far is sub-headings only */
    while (b->next && b->next != end && parts < 4) {
      /* in education, a line of dates alone below the run's first line
       * ends its entry's header: the line after it opens the next entry,
       * even when it fills a slot the run lacks (a degree the grammar does
       * not know, its dates, then "HSC" / its school / its year) */
      if (edu && parts >= 2 && last_line_dates(b)) break;
      if (dates_open && b->next->kind == CVX_BLK_PARA && dates_alone(b->next)) break;
      /* a job's role and its organisation on two lines with no dates
       * ("Analyst" / "Initech - Springfield, IL" over a description) are a
       * whole header, though a role's words may read as an organisation's
       * and a text's line may have been taken for a sub-heading */
      bool pair = !edu && parts == 1 && role_org_pair(b, b->next);
      /* a sub-heading joins only a run of sub-headings: after a paragraph it
       * opens the next entry */
      if (b->next->kind == CVX_BLK_HEADING && !headed && !pair) break;
      headed &= b->next->kind == CVX_BLK_HEADING;
      /* (a line that labels a list of courses is no part of a header) */
      if (b->next->kind == CVX_BLK_PARA && !memchr(b->next->text, '\n', b->next->len) &&
          courses_label((piece){b->next->text, b->next->len}))
        break;
      int more = header_slots(b->next, edu);
      if (!pair &&
          (more < 0 || (more & have) || (more == 0 && (have & (SLOT_ORG | SLOT_DATE)) == (SLOT_ORG | SLOT_DATE))))
        break;
      /* the run must end in a date (or a degree and its school), or hold one
       * already, to be a header */
      int both = have | more;
      bool complete = pair || (both & SLOT_DATE) || (edu && (both & whole) == whole);
      if (!complete) {
        const cvx_block *n2 = b->next->next;
        int after = n2 && n2 != end ? header_slots(n2, edu) : -1;
        if (after < 0 || (after & both) ||
            !((after & SLOT_DATE) || (edu && ((both | after) & whole) == whole)))
          break;
      }
      b->kind = CVX_BLK_PARA; /* a sub-heading in the run is part of it */
      b->level = 0;
      join_next(c, b);
      have |= more;
      parts++;
    }
  }
}

/* A line of a degrees' list that opens an entry: it names an organisation
 * after a comma, in twelve words at most ("MS Physics, Example University"). */
static bool school_after_comma(const char *s, size_t len) {
  const char *comma = memchr(s, ',', len);
  return comma && cvx_org_score(comma, len - (size_t)(comma - s)) > 0 && !words_over(s, len, 12);
}

static void parse_project(ctx *c, const entry *e, bool talk);
static void parse_education(ctx *c, const entry *e);

/* A paragraph whose lines open entries of one kind, one a line: every line
 * for which opens() holds starts an entry of its own, read by parse; the
 * other lines belong to the entry above. Returns false when fewer than two
 * lines open one. */
static bool split_lines(ctx *c, const entry *e, bool (*opens)(const char *, size_t),
                        void (*parse)(ctx *, const entry *)) {
  const cvx_block *h = e->head;
  if (e->title || h->kind != CVX_BLK_PARA || !strchr(h->text, '\n')) return false;
  int heads = 0;
  for (const char *s = h->text; *s;) {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    heads += opens(s, len);
    s = nl ? nl + 1 : s + len;
  }
  if (heads < 2) return false;
  cvx_block *groups[MAX_SEGS];
  int ng = 0;
  cvx_buf cur = CVX_BUF_INIT;
  for (const char *s = h->text;;) {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    if ((!*s || opens(s, len)) && cur.len && ng < MAX_SEGS) {
      cvx_block *g = cvx_arena_alloc(c->doc->arena, sizeof *g);
      *g = *h;
      g->text = cvx_arena_strndup(c->doc->arena, cur.ptr, cur.len);
      g->len = cur.len;
      g->next = NULL;
      cvx_block_set_strong(c->doc->arena, g, 0);
      cvx_span sp = cvx_doc_locate(c->doc, h->span, g->text);
      if (cvx_span_valid(sp)) g->span = sp;
      groups[ng++] = g;
      cvx_buf_clear(&cur);
    }
    if (!*s) break;
    if (cur.len) cvx_buf_putc(&cur, '\n');
    cvx_buf_put(&cur, s, len);
    s = nl ? nl + 1 : s + len;
  }
  cvx_buf_free(&cur);
  for (int i = 0; i < ng; i++) {
    bool last = i == ng - 1;
    if (last) groups[i]->next = h->next;
    entry sub = {groups[i], last ? e->end : NULL, NULL};
    parse(c, &sub);
  }
  return ng > 0;
}

/* A paragraph listing several degrees, one per line ("MS Physics, Example
 * University" / "BS Maths, Other College" / a detail line). */
static bool split_degrees(ctx *c, const entry *e) { return split_lines(c, e, school_after_comma, parse_education); }

static void parse_made(ctx *c, const entry *e) { parse_project(c, e, false); }

/* A paragraph listing several projects, one a line, each named and said
 * what it is ("tidewatch - a tool that predicts tides (Rust)" /
 * "shelfscan - an app that reads book spines"). */
static bool split_projects(ctx *c, const entry *e) { return split_lines(c, e, cvx_defines_thing, parse_made); }

/* A paragraph that opens with short lines, one of them dated ("Globex
 * Research, March 2012 – June 2014"; or "Globex Research" / "Remote" /
 * "March 2012 – June 2014" / "Engineer"), followed by a line of sentence
 * length is an entry with a description, not running prose. At most four
 * short lines lead, and one only is dated, its dates at an end of it. */
static bool dated_head_line(const cvx_block *b) {
  const char *s = b->text, *z = b->text + b->len;
  int lead = 0, dated = 0;
  bool in_head = true, described = false;
  while (s < z) {
    const char *e = memchr(s, '\n', (size_t)(z - s));
    if (!e) e = z;
    piece l = trim_piece((piece){s, (size_t)(e - s)});
    cvx_daterange d;
    bool has_date = l.n && cvx_date_find(l.s, l.n, &d);
    if (in_head && (words_over(l.s, l.n, dated ? 8 : 12) || lead == 4 || (dated && has_date) || sentence_like(l))) in_head = false;
    if (in_head) {
      lead++;
      /* (the dates open or close their line: "Windows Server 2008 R2, MS
       * Office" dates nothing) */
      if (has_date) {
        piece before = trim_piece((piece){l.s, d.mstart}), after = trim_piece((piece){l.s + d.mend, l.n - d.mend});
        if (has_alnum(before.s, before.n) && has_alnum(after.s, after.n)) return false;
        dated++;
      }
    } else {
      /* the description: a line of sentence length below the head lines,
       * and no later line that starts or ends with a date (several entries
       * run together; "First semester 2016 at …" tells of the one entry) */
      if (words_over(l.s, l.n, 8)) described = true;
      if (has_date) {
        piece before = trim_piece((piece){l.s, d.mstart}), after = trim_piece((piece){l.s + d.mend, l.n - d.mend});
        if (!has_alnum(before.s, before.n) || !has_alnum(after.s, after.n)) return false;
      }
    }
    s = e + 1;
  }
  return dated == 1 && lead < 5 && described;
}

/* A paragraph that opens with two to four short lines, none a sentence,
 * over a line of sentence length ("Initech" / "initech.example" / "Web
 * Developer" / "In my first year I …"): an entry's head and its
 * description, dated or not, not running prose. */
static bool short_head_lines(const cvx_block *b) {
  int lead = 0;
  for (const char *s = b->text, *z = b->text + b->len; s < z;) {
    const char *e = memchr(s, '\n', (size_t)(z - s));
    if (!e) e = z;
    piece l = trim_piece((piece){s, (size_t)(e - s)});
    unsigned char c0 = l.n ? (unsigned char)l.s[0] : 0;
    if (words_over(l.s, l.n, 6) || sentence_like(l) || !l.n || l.s[l.n - 1] == '.' || l.s[l.n - 1] == ',' ||
        !(isalnum(c0) || (c0 >= 0xC3 && c0 != 0xE2)) || /* (a line of a list marked "♦", "·") */
        (memchr(l.s, ':', l.n) && !contains(l.s, l.n, "://", 3)) || /* (a label's line: "Client: …") */
        (lead && islower((unsigned char)l.s[0]) && memchr(l.s, ' ', l.n))) /* (words going on; a link may start so) */
      return lead >= 2 && lead <= 4 && words_over(l.s, l.n, 8);
    lead++;
    s = e + 1;
  }
  return false;
}

/* True when a paragraph of several lines holds a line of dates alone ("Mar
 * 2021 – Jun 2024", "Since 2019"): no running prose has one; an entry's
 * head and description do. */
static bool date_alone_line(const cvx_block *b) {
  if (!memchr(b->text, '\n', b->len)) return false;
  for (const char *s = b->text, *z = b->text + b->len; s < z;) {
    const char *e = memchr(s, '\n', (size_t)(z - s));
    if (!e) e = z;
    if (dates_line((piece){s, (size_t)(e - s)})) return true;
    s = e + 1;
  }
  return false;
}

static bool list_kind(cvx_rec_kind k);

/* An entry that is a line "Courses" over its items, right after a degree:
 * they are that degree's courses (the segmenter may open an entry at the
 * label). True when it took the entry. */
static bool courses_of_last(ctx *c, const entry *e) {
  cvx_record *last = c->doc->records_tail;
  const cvx_block *h = e->title ? e->title : e->head;
  if ((e->title && e->title != e->head) || (h->kind != CVX_BLK_PARA && h->kind != CVX_BLK_HEADING) ||
      memchr(e->head->text, '\n', e->head->len) ||
      !courses_label((piece){e->head->text, e->head->len}) || !last || last->kind != CVX_REC_EDUCATION)
    return false;
  for (const cvx_block *b = e->head->next; b && b != e->end; b = b->next)
    if (b->kind != CVX_BLK_ITEM) return false;
  cvx_doc_take(c->doc, e->head->span);
  for (cvx_block *b = e->head->next; b && b != e->end; b = b->next) add_piece(c, last, "courses", joined(c, b), b->span);
  return true;
}

static cvx_rec_kind heading_kind(const cvx_block *h);

/* The first piece of a head's line: up to a colon, comma, semicolon,
 * bracket, bar, middle dot, spaced dash, or " at " / " for " / "@" (the
 * role of "Co-organizer: Example Workshop", "Peer reviewer for Journal A;
 * Journal B"). */
static piece first_piece(piece l) {
  static const char *const joins[] = {" at ", " for ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " \xC2\xB7 ", NULL};
  size_t z = l.n;
  for (size_t i = 0; i < z; i++) {
    char ch = l.s[i];
    if (ch == ':' || ch == ',' || ch == ';' || ch == '(' || ch == '|' || ch == '@') z = i;
    for (int k = 0; joins[k] && i < z; k++) {
      size_t jl = strlen(joins[k]);
      if (i + jl <= l.n && strncasecmp(l.s + i, joins[k], jl) == 0) z = i;
    }
  }
  return trim_piece((piece){l.s, z});
}

/* True when an entry's head names a role of unpaid service in the first
 * piece of one of its first lines ("2023" / "Co-organizer & Host: Example
 * Webinar Series", "Peer reviewer for Journal A; Journal B"): where no
 * heading named the section jobs, the entry is volunteering, whatever the
 * vote made of the section's other entries (a teaching post beside it). */
static bool service_head(const entry *e) {
  int seen = 0;
  for (const cvx_block *b = e->title ? e->title : e->head; b && b != e->end && seen < 3; b = b->next) {
    if (!b->text || (b != e->title && b != e->head)) continue;
    for (const char *s = b->text, *z = b->text + b->len; s < z && seen < 3;) {
      const char *nl = memchr(s, '\n', (size_t)(z - s));
      if (!nl) nl = z;
      piece l = trim_piece((piece){s, (size_t)(nl - s)});
      s = nl + 1;
      if (!l.n || dates_line(l)) continue;
      seen++;
      piece f = first_piece(l);
      if (f.n && !words_over(f.s, f.n, 5) && !sentence_like(f) && cvx_service_role(f.s, f.n)) return true;
    }
    if (b == e->head) break;
  }
  return false;
}

/* A one-line entry "Peer reviewer for Journal A; Journal B; Journal C": a
 * role of service for each of a list parted by semicolons is one
 * volunteering entry an item, the role in each. (Commas part no list
 * here: "reviewer for all major conferences (A, B, C)" is one.) True when
 * it took the entry. */
static bool service_list(ctx *c, const entry *e) {
  const cvx_block *h = e->head;
  if ((e->title && e->title != h) || !h->text || h->kind == CVX_BLK_ROW || memchr(h->text, '\n', h->len) ||
      (h->next && h->next != e->end))
    return false;
  piece l = trim_piece((piece){h->text, h->len}), role = first_piece(l);
  if (!role.n || words_over(role.s, role.n, 5) || !cvx_service_role(role.s, role.n)) return false;
  size_t at = (size_t)(role.s - l.s) + role.n;
  while (at < l.n && l.s[at] == ' ') at++;
  if (at + 4 > l.n || strncasecmp(l.s + at, "for ", 4) != 0) return false;
  piece rest = {l.s + at + 4, l.n - at - 4};
  int items = 0;
  for (size_t i = 0, from = 0; i <= rest.n; i++) {
    if (i < rest.n && rest.s[i] != ';') continue;
    piece it = trim_piece((piece){rest.s + from, i - from});
    if (!it.n || words_over(it.s, it.n, 8) || sentence_like(it)) return false;
    items++;
    from = i + 1;
  }
  if (items < 2) return false;
  cvx_span es = entry_span(e);
  for (size_t i = 0, from = 0; i <= rest.n; i++) {
    if (i < rest.n && rest.s[i] != ';') continue;
    piece it = trim_piece((piece){rest.s + from, i - from});
    /* (an abbreviated name keeps its last full stop: "J. Theor. Biol.") */
    if (it.s + it.n < rest.s + rest.n && it.s[it.n] == '.' && memchr(it.s, '.', it.n)) it.n++;
    cvx_record *r = cvx_record_new(c->doc, CVX_REC_VOLUNTEER, c->origin, es);
    add_piece(c, r, "organization", it, es);
    add_piece(c, r, "position", role, es);
    from = i + 1;
  }
  cvx_doc_take(c->doc, h->span);
  return true;
}

static void parse_entry(ctx *c, cvx_rec_kind kind, bool talks, cvx_record **other,
                        const cvx_block *heading, const entry *e) {
  if ((kind == CVX_REC_VOLUNTEER || (kind == CVX_REC_WORK && (!heading || heading_kind(heading) != CVX_REC_WORK))) &&
      service_list(c, e))
    return;
  /* (projects a line each, named and told what they are, are no prose) */
  if (kind == CVX_REC_PROJECT && !talks && split_projects(c, e)) return;
  /* a paragraph of running prose is not an entry line: read its facts (a
   * list of skills, languages or interests a line, no sentence ended, is
   * no prose) */
  if (e->head->kind == CVX_BLK_PARA && !e->title && kind != CVX_REC_SECTION && kind != CVX_REC_BASICS &&
      kind != CVX_REC_PUBLICATION && kind != CVX_REC_NEWS && words_over(e->head->text, strlen(e->head->text), 25) &&
      !labelled_lines(e->head->text, e->head->len) && !name_over_labels(e->head->text, e->head->len) &&
      !dated_head_line(e->head) && !date_alone_line(e->head) && !short_head_lines(e->head) &&
      !(list_kind(kind) && !strstr(e->head->text, ". "))) {
    for (cvx_block *b = e->head; b && b != e->end; b = b->next) {
      piece p = joined(c, b);
      if (p.n) cvx_prose_extract(c->doc, p.s, p.n, b->span);
    }
    return;
  }
  switch (kind) {
  case CVX_REC_WORK: {
    /* where no heading named the section jobs, an entry may be of another
     * kind than the vote's: a role of service, a talk told with its title */
    bool named = heading && heading_kind(heading) == CVX_REC_WORK;
    piece tn, tv, tk;
    if (!named && e->head->text && talk_line(e->head->text, e->head->len, &tn, &tv, &tk))
      parse_project(c, e, true);
    else parse_job(c, e, !named && service_head(e) ? CVX_REC_VOLUNTEER : kind);
    break;
  }
  case CVX_REC_VOLUNTEER: parse_job(c, e, kind); break;
  case CVX_REC_EDUCATION:
    if (!courses_of_last(c, e) && !split_degrees(c, e)) parse_education(c, e);
    break;
  case CVX_REC_AWARD:
  case CVX_REC_CERTIFICATE: parse_award(c, e, kind); break;
  case CVX_REC_PUBLICATION: parse_publication(c, e); break;
  case CVX_REC_SKILL:
  case CVX_REC_LANGUAGE:
  case CVX_REC_INTEREST: parse_skills(c, e, kind); break;
  case CVX_REC_PROJECT: parse_project(c, e, talks); break;
  case CVX_REC_NEWS: parse_news(c, e); break;
  case CVX_REC_REFERENCE: parse_reference(c, e); break;
  case CVX_REC_BASICS: parse_person(c, e->title ? e->title : e->head, e->end, false); break;
  default: parse_other(c, other, heading, e); break;
  }
}

/* True when a block is only a navigation link ("View all >>", "查看全部>>",
 * "Read more"): page furniture, not an entry. */
static bool nav_link(const cvx_block *b) {
  static const char *const nav[] = {"view all", "see all", "see more", "show all", "show more", "read more",
                                    "more", "查看全部", "查看更多", "更多", "全部", NULL};
  if (cvx_block_nlinks(b) != 1 || b->len > 40) return false;
  piece p = {b->text, b->len};
  while (p.n && (is_ws((unsigned char)p.s[p.n - 1]) || p.s[p.n - 1] == '>' || p.s[p.n - 1] == '.')) p.n--;
  if (p.n >= 2 && (unsigned char)p.s[p.n - 2] == 0xC2 && (unsigned char)p.s[p.n - 1] == 0xBB) p.n -= 2; /* » */
  p = trim_piece(p);
  for (int i = 0; nav[i]; i++)
    if (eq_fold(p.s, p.n, nav[i])) return true;
  return false;
}

/* A line of a name's capitals: every ASCII word of four letters or more
 * starts with a capital, two of them at least, no full stop at its end
 * ("Memorial Prize in Botany", not "Top 0.2% nation-wide"). */
static bool capitalised_line(const char *s, size_t n) {
  if (!n || memchr(s, '\n', n) || s[n - 1] == '.') return false;
  int caps = 0;
  for (size_t i = 0; i < n;) {
    while (i < n && s[i] == ' ') i++;
    size_t j = i;
    while (j < n && s[j] != ' ') j++;
    size_t letters = 0;
    for (size_t k = i; k < j; k++) letters += isalpha((unsigned char)s[k]) != 0;
    if (letters >= 4 && letters == j - i) {
      if (!isupper((unsigned char)s[i])) return false;
      caps++;
    }
    i = j;
  }
  return caps >= 2;
}

/* The rules' grouping of a section's blocks into entries: a sub-heading or
 * a top-level block opens an entry unless the entry above claims it (its
 * dates, description, labelled lines, highlights). With parse set, each
 * entry is parsed; with act set, act[i] gets the rules' decision
 * (CVX_RULE_*) for the i-th block taking part (cvx_entryseg_blocks order),
 * for i < nact: the entry segmenter weighs it as evidence. */
static void rule_entries(ctx *c, cvx_rec_kind kind, bool talks, const cvx_block *heading, cvx_block *first,
                         cvx_block *end, bool parse, unsigned char *act, size_t nact) {
  cvx_record *other = NULL;
  bool has_para_heads = false;
  for (cvx_block *b = first; b && b != end; b = b->next)
    if ((b->kind == CVX_BLK_PARA && b->level == 0 && has_alnum(b->text, b->len)) || b->kind == CVX_BLK_HEADING)
      has_para_heads = true;
  /* awards or certificates that each open with a sub-heading of one level
   * (two or more), with a few paragraphs at most under each (its date, its
   * body, a line on it): a paragraph under one is its detail, not an award
   * of its own ("National Prize" / "Jan 2022" / "Top 0.2% nation-wide") */
  bool titled = false;
  if (kind == CVX_REC_AWARD || kind == CVX_REC_CERTIFICATE) {
    int lv = -1, heads = 0, under = 0;
    titled = true;
    for (const cvx_block *b = first; b && b != end && titled; b = b->next) {
      if (!cvx_entryseg_takes_part(b)) continue;
      if (b->kind == CVX_BLK_HEADING) {
        if (lv < 0) lv = b->level;
        titled = b->level == lv;
        heads++, under = 0;
      } else {
        titled = heads > 0 && ++under <= 3;
      }
    }
    titled = titled && heads >= 2;
  }
  entry e = {0};
  bool head_dated = false;
  size_t at = 0; /* the block's index among those taking part (cvx_entryseg_blocks) */
  for (cvx_block *b = first; b && b != end && !cvx_doc_expired(c->doc); b = b->next) {
    if (!cvx_entryseg_takes_part(b)) continue;
    size_t here = at++;
    if (act && here < nact) act[here] = CVX_RULE_CONT;
    /* so is a line that points to a fuller list elsewhere */
    if (b->kind != CVX_BLK_HEADING && (nav_link(b) || (kind == CVX_REC_PROJECT && pointer_line(c, b)))) {
      if (act && here < nact) act[here] = CVX_RULE_CLOSE;
      if (e.head) { /* it closes the entry above */
        e.end = b;
        if (parse) parse_entry(c, kind, talks, &other, heading, &e);
        e = (entry){0};
      }
      continue;
    }
    bool starts = false;
    if (b->kind == CVX_BLK_HEADING || b->kind == CVX_BLK_ROW) {
      starts = true;
      /* under a dated entry, a sub-heading that names nothing an entry has
       * ("Responsibilities", "Description") and is not followed by a dated
       * line labels the entry's details: it opens no entry */
      if (b->kind == CVX_BLK_HEADING && job_like(kind) && e.head && head_dated && header_slots(b, false) == 0 &&
          !words_over(b->text, b->len, 3)) {
        const cvx_block *nx = b->next;
        cvx_daterange d;
        if (!(nx && nx != end && nx->text && cvx_date_find(nx->text, nx->len < 80 ? nx->len : 80, &d)))
          starts = false;
      }
    } else if (b->level == 0) {
      starts = true;
      /* bullets under a dated paragraph or sub-heading are its highlights */
      if (b->kind == CVX_BLK_ITEM && job_like(kind) && has_para_heads && e.head &&
          (e.title || e.head->kind == CVX_BLK_PARA)) {
        cvx_daterange d;
        piece p = joined(c, b);
        if (!cvx_date_find(p.s, p.n, &d) || !head_dated) starts = false;
      }
      /* under a sub-heading that opened an award, a date line is its date;
       * so is one (and the lines under it, "Awarded 2014" / "by Example
       * Society") right under an undated title of one line, where the
       * section's entries do not open with their dates */
      if ((kind == CVX_REC_AWARD || kind == CVX_REC_CERTIFICATE) && b->kind == CVX_BLK_PARA && !head_dated &&
          date_line(b) &&
          ((e.title && e.head != e.title) ||
           (!e.title && e.head && e.head->kind == CVX_BLK_PARA && e.head->next == b && e.head->text &&
            !date_line(first) && !memchr(e.head->text, '\n', e.head->len))))
        starts = false;
      if (titled && e.title && b->kind == CVX_BLK_PARA) {
        /* (but a title left without its heading, over a date line of its
         * own after the entry's date, is the next award) */
        bool dated = false;
        cvx_daterange xd;
        for (const cvx_block *x = e.title->next; x && x != b && !dated; x = x->next)
          dated = x->text && cvx_date_find(x->text, x->len < 200 ? x->len : 200, &xd);
        const cvx_block *nx = b->next;
        /* (the lines joined under it end with its date) */
        const char *nl = NULL;
        for (size_t q = b->len; q > 0 && !nl; q--)
          if (b->text[q - 1] == '\n') nl = b->text + q - 1;
        bool by;
        piece last = nl ? (piece){nl + 1, b->len - (size_t)(nl + 1 - b->text)} : (piece){0};
        /* (its date line right under it, or under its "Issued by" line) */
        bool labelled_last = nl && award_label(last, &by) && by;
        if (!nl && nx && nx != end && nx->kind == CVX_BLK_PARA && !date_line(nx) &&
            award_label((piece){nx->text, nx->len}, &by) && by)
          nx = nx->next;
        bool own = nl && !labelled_last ? date_line_text(last.s, last.n)
                                        : nx && nx != end && nx->kind == CVX_BLK_PARA && date_line(nx);
        /* (and so is one named in capitals after the entry's first line
         * under its heading: "Memorial Prize" left as a paragraph) */
        bool named = e.head != e.title && capitalised_line(b->text, b->len) &&
                     !award_label((piece){b->text, b->len}, &by) && cvx_org_score(b->text, b->len) <= 0;
        if (!((dated && !date_line(b) && own) || named)) starts = false;
      }
      /* under a sub-heading that opened a job, paragraphs are its dates,
       * place and description; only a second dated line opens another role */
      if (e.title && e.head != e.title && job_like(kind) && b->kind == CVX_BLK_PARA) {
        cvx_daterange d;
        bool dated = cvx_date_find(b->text, b->len < 200 ? b->len : 200, &d);
        if (!(dated && head_dated && !words_over(b->text, b->len, 12))) starts = false;
      }
      /* under a dated entry, a short undated paragraph ("Designer",
       * "Responsibilities:", "Position: Designer") is part of it unless a
       * date line follows it (then it names the next entry) */
      if (starts && job_like(kind) && kind != CVX_REC_EDUCATION && !e.title && e.head && head_dated &&
          b->kind == CVX_BLK_PARA) {
        cvx_daterange d;
        /* "Present" alone (an export repeating an end) dates nothing */
        bool dated = cvx_date_find(b->text, b->len < 200 ? b->len : 200, &d) && d.start[0];
        const cvx_block *nx = b->next;
        bool next_dated = nx && nx != end && nx->kind == CVX_BLK_PARA &&
                          cvx_date_find(nx->text, nx->len < 80 ? nx->len : 80, &d);
        piece l, v;
        bool labelled = split_label((piece){b->text, b->len}, &l, &v) &&
                        (label_in(l, duty_labels) || label_in(l, position_labels) ||
                         label_in(l, company_labels) || label_in(l, place_labels));
        /* ... and so is an undated paragraph of sentences (its description),
         * whatever follows: a sentence names no entry */
        bool sentences = b->kind == CVX_BLK_PARA && sentence_like((piece){b->text, b->len});
        if (!dated && (sentences || (!next_dated && (labelled || (!words_over(b->text, b->len, 3) &&
                                                                  !strchr(b->text, '\n'))))))
          starts = false;
      }
      /* lists under a skills sub-heading are its keywords */
      if (e.title && kind == CVX_REC_SKILL) starts = false;
      /* so are a list, or a paragraph written one item a line or as one line
       * of names, under a short label line ("Language" over "Java" /
       * "Kotlin", "Backend" over "Kafka, gRPC") */
      if (starts && kind == CVX_REC_SKILL && !e.title && e.head && e.head->kind == CVX_BLK_PARA &&
          !memchr(e.head->text, '\n', e.head->len) && !words_over(e.head->text, e.head->len, 4) &&
          e.head->len && e.head->text[e.head->len - 1] != '.' &&
          (b->kind == CVX_BLK_ITEM || (b == e.head->next && (short_lines(b) || (group_label(e.head) && item_list(b))))))
        starts = false;
      /* a short paragraph right after a sub-heading belongs to it (under
       * skills only when nothing came between: after a group's bullets,
       * "Known languages:" opens a group of its own) */
      if (e.title && e.head == e.title && b->kind == CVX_BLK_PARA &&
          (kind != CVX_REC_SKILL || b == e.title->next)) {
        e.head = b;
        starts = false;
        if (act && here < nact) act[here] = CVX_RULE_HEAD;
        cvx_daterange d;
        head_dated = cvx_date_find(b->text, strlen(b->text), &d);
        continue;
      }
    }
    if (starts) {
      if (act && here < nact) act[here] = CVX_RULE_START;
      if (e.head) {
        e.end = b;
        if (parse) parse_entry(c, kind, talks, &other, heading, &e);
      }
      /* a second role under the same organisation heading keeps the heading */
      const cvx_block *keep = e.title && job_like(kind) && b->kind == CVX_BLK_PARA ? e.title : NULL;
      e = (entry){b, NULL, b->kind == CVX_BLK_HEADING ? b : (cvx_block *)keep};
      cvx_daterange d;
      head_dated = cvx_date_find(b->text, strlen(b->text), &d);
    }
  }
  if (e.head && parse) {
    e.end = end;
    parse_entry(c, kind, talks, &other, heading, &e);
  }
}

/* Does heading b carry a date (a role's line: "Engineer ~ 2019 to 2021")? */
static bool heading_dated(const cvx_block *b) {
  cvx_daterange d;
  return b->len <= 200 && cvx_date_find(b->text, b->len, &d) && d.start[0];
}

/* Can heading h sit under group g: g is a paragraph (a heading joined with
 * its first line), or a heading no deeper than h? */
static bool under_group(const cvx_block *g, const cvx_block *h) {
  return g->kind != CVX_BLK_HEADING || h->level >= g->level;
}

/* Is the next heading after bs[i] (among the n blocks of a section) that
 * opens an entry (label B) dated, at bs[i]'s level or deeper? */
static bool next_heading_dated(const cvx_block *const *bs, const int *lab, size_t n, size_t i) {
  for (size_t k = i + 1; k < n; k++)
    if (bs[k]->kind == CVX_BLK_HEADING && lab[k] == CVX_SEG_B)
      return under_group(bs[i], bs[k]) && heading_dated(bs[k]);
  return false;
}

/* Does paragraph b open with a role's head: a start date in its first four
 * lines, and a title a role's words vouch for beside it or on the one line
 * above it besides a length of time ("Senior Engineer (2021 – present)",
 * "3 yrs 2 mos / Senior Engineer / Jan 2021 - Present"; not "Initech /
 * Engineer / 2016 - 2019", an employer's own, nor "ICPR / 2016")? */
static bool para_head_dated(const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !b->text) return false;
  const char *s = b->text, *z = b->text + b->len;
  piece title = {0};
  for (int k = 0; k < 4 && s < z; k++) {
    const char *nl = memchr(s, '\n', (size_t)(z - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(z - s);
    cvx_daterange d;
    if (n <= 120 && cvx_date_find(s, n, &d) && d.start[0]) {
      piece before = trim_piece((piece){s, d.mstart});
      if (before.n > 1) title = before;
      return title.n && cvx_role_score(title.s, title.n) > cvx_org_score(title.s, title.n);
    }
    piece line = trim_piece((piece){s, n});
    if (!duration_phrase(line)) {
      if (title.n) return false;
      title = line;
    }
    s = nl ? nl + 1 : z;
  }
  return false;
}

/* How many of the blocks under heading bs[i], up to the next heading at
 * its level or above, open an entry (label B, or the first block under it)
 * as a dated role's head (para_head_dated): an employer's heading over its
 * roles ("Initech" / "Senior Engineer (2021 – present)" / bullets /
 * "Engineer (2019 – 2020)" / bullets) has two or more. */
static int para_roles_under(const cvx_block *const *bs, const int *lab, size_t n, size_t i) {
  int roles = 0;
  for (size_t k = i + 1; k < n; k++) {
    if (bs[k]->kind == CVX_BLK_HEADING && bs[k]->level <= bs[i]->level) break;
    if ((lab[k] == CVX_SEG_B || k == i + 1) && para_head_dated(bs[k])) roles++;
  }
  return roles;
}

/* The length of block b's first line. */
static size_t first_line_len(const cvx_block *b) {
  const char *nl = memchr(b->text, '\n', b->len);
  return nl ? (size_t)(nl - b->text) : b->len;
}

/* A paragraph that tells rather than names: one sentence or more of eight
 * words at least, ending in a full stop, with no date, its first line six
 * words at least. */
static bool told_sentence(const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !b->text || b->len < 2 || b->text[b->len - 1] != '.' ||
      !words_over(b->text, b->len, 7))
    return false;
  /* its first line is part of the sentence, no title over it ("Glass
   * Blower" / "Ran the furnace …") */
  const char *nl = memchr(b->text, '\n', b->len);
  if (nl && !words_over(b->text, (size_t)(nl - b->text), 5)) return false;
  cvx_daterange d;
  return !cvx_date_find(b->text, b->len, &d);
}

/* Whether block b, right under the head of entry e, is the rest of that
 * head: under a head of one line that names no date, role or degree (an
 * organisation and its town, by its words or by none), a line with the
 * dates and a role or a degree and no organisation ("- Initech, Leeds"
 * over "  - Engineer, 2020 – present"; "- University of Hull" over "  -
 * BSc Mathematics, 2012 – 2015"). */
static bool completes_head(const entry *e, const cvx_block *b) {
  if (!e->head || e->head == e->title || !e->head->text || memchr(e->head->text, '\n', e->head->len) || !b->text ||
      memchr(b->text, '\n', b->len))
    return false;
  int hs = line_slots(e->head->text, e->head->len, false), ns = line_slots(b->text, b->len, false);
  /* (beside a degree only a school's word names an organisation: a field
   * of study may end in a firm's, "MSc Information Technologies") */
  bool org = (ns & SLOT_ORG) && !((ns & SLOT_DEGREE) && !cvx_school_named(b->text, b->len));
  return hs >= 0 && ns > 0 && !(hs & (SLOT_DATE | SLOT_ROLE | SLOT_DEGREE)) && (ns & SLOT_DATE) &&
         (ns & (SLOT_ROLE | SLOT_DEGREE)) && !org;
}

/* Whether paragraph b is the rest of the head whose title line is t, a
 * line that names a role and no date or organisation: two to four lines,
 * one of them dates alone ("Senior Software Engineer" / "Initech · builds
 * tools for hospitals" + "Nov 2023 – Oct 2025" + "Leeds, UK"), as a page
 * copied from a theme sets a job's title over its other fields. t may be an
 * entry's head or a block that opens no entry yet. */
static bool title_over(const cvx_block *t, const cvx_block *b) {
  if (!t->text || memchr(t->text, '\n', t->len) || b->kind != CVX_BLK_PARA ||
      (t->kind != CVX_BLK_HEADING && b->level != t->level) || !b->text || !memchr(b->text, '\n', b->len))
    return false;
  int hs = line_slots(t->text, t->len, false);
  /* (a role with a firm's word in it, "Software Engineer", is a role) */
  if (hs <= 0 || (hs & (SLOT_DATE | SLOT_DEGREE)) || !(hs & SLOT_ROLE) ||
      ((hs & SLOT_ORG) && cvx_role_score(t->text, t->len) < cvx_org_score(t->text, t->len)))
    return false;
  int lines = 0;
  bool dated = false;
  for (const char *s = b->text, *z = b->text + b->len; s < z && lines <= 4; lines++) {
    const char *nl = memchr(s, '\n', (size_t)(z - s));
    if (!nl) nl = z;
    dated |= dates_line((piece){s, (size_t)(nl - s)});
    s = nl + 1;
  }
  return dated && lines <= 4;
}

/* Groups a job-like section's blocks into entries by the entry segmenter's
 * labels (entryseg.h): a B block opens an entry, an H block right after the
 * entry's header is joined to it, everything else is the entry's detail.
 * Hands the section to the training sink when there is one. Returns false
 * when the section is left to the rules (no model, or too many blocks). */
static bool parse_section_model(ctx *c, cvx_rec_kind kind, bool talks, const cvx_block *heading,
                                cvx_block *first, cvx_block *end) {
  size_t n = cvx_entryseg_blocks(first, end, NULL, CVX_SEG_MAX_BLOCKS);
  if (!n || n > CVX_SEG_MAX_BLOCKS) return false;
  /* the section's arrays, given back when it is read (in the arena they
   * would add a fifth of the input for a text CV over and over) */
  void *mem = cvx_xcalloc(n, sizeof(const cvx_block *) + sizeof(int) + 1);
  const cvx_block **bs = mem;
  int *lab = (int *)(void *)(bs + n);
  unsigned char *act = (unsigned char *)(lab + n);
  cvx_entryseg_blocks(first, end, bs, n);
  rule_entries(c, kind, talks, heading, first, end, false, act, n);
  if (c->doc->entry_sink) {
    cvx_features *ft = calloc(n, sizeof *ft);
    if (ft) {
      for (size_t i = 0; i < n; i++) cvx_features_init(&ft[i]);
      cvx_entryseg_features(kind, bs, n, act, ft);
      c->doc->entry_sink->fn(c->doc->entry_sink->ctx, kind, bs, ft, n);
      for (size_t i = 0; i < n; i++) cvx_features_free(&ft[i]);
      free(ft);
    }
  }
  if (!cvx_entryseg_active()) {
    free(mem);
    return false;
  }
  cvx_entryseg_label(kind, bs, n, act, lab);
  if (cvx_entryseg_debug())
    for (size_t i = 0; i < n; i++)
      fprintf(stderr, "entry %s %c%d %.*s\n", cvx_entryseg_classes[lab[i]], "hpirx"[bs[i]->kind], bs[i]->level,
              (int)(bs[i]->len < 70 ? bs[i]->len : 70), bs[i]->text);
  cvx_record *other = NULL;
  entry e = {0};
  bool in_head = false;
  /* an undated heading over dated headings ("Initech" over "Engineer ~
   * 2019 to 2021", "Analyst ~ 2017 to 2019") names the organisation of each:
   * the group, and whether its entry has had its dated heading yet */
  cvx_block *group = NULL;
  bool group_dated = false;
  bool group_paras = false; /* the group's roles are paragraphs (para_roles_under) */
  /* the head a nested line completed (completes_head), and that line's shape */
  const cvx_block *completed = NULL;
  cvx_blk_kind completer_kind = CVX_BLK_PARA;
  int completer_level = 0;
  for (size_t i = 0; i < n && !cvx_doc_expired(c->doc); i++) {
    cvx_block *b = (cvx_block *)bs[i];
    /* a line that points to a fuller list elsewhere closes the entry above */
    if (b->kind != CVX_BLK_HEADING && (nav_link(b) || (kind == CVX_REC_PROJECT && pointer_line(c, b)))) {
      if (e.head) {
        e.end = b;
        parse_entry(c, kind, talks, &other, heading, &e);
        e = (entry){0};
      }
      in_head = false;
      continue;
    }
    /* under a group, an undated heading at the group's level over dated
     * headings is the next group, whatever the segmenter said */
    bool next_group = group && group->kind == CVX_BLK_HEADING && b->kind == CVX_BLK_HEADING &&
                      b->level <= group->level && !heading_dated(b) && next_heading_dated(bs, lab, n, i);
    /* and a dated heading under it is one of its roles, and so is a dated
     * paragraph that opens an entry under an employer's heading over
     * such paragraphs */
    bool role = group && ((b->kind == CVX_BLK_HEADING && under_group(group, b) && heading_dated(b)) ||
                          (group_paras && (lab[i] == CVX_SEG_B || bs[i - 1] == group) && para_head_dated(b)));
    /* "Organisation: Initech" below the description of the job above opens
     * the next job, written as labelled lines, whatever the segmenter said */
    bool labelled_next = false;
    if ((kind == CVX_REC_WORK || kind == CVX_REC_VOLUNTEER) && e.head && lab[i] != CVX_SEG_B &&
        b->kind != CVX_BLK_HEADING && b->text && !memchr(b->text, '\n', b->len)) {
      piece l, v;
      if (split_label((piece){b->text, b->len}, &l, &v) && v.n && label_in(l, company_labels)) {
        bool described = false;
        for (size_t j = i, k = 0; j > 0 && k < 64 && bs[j - 1] != e.head && !described; j--, k++)
          described = lab[j - 1] == CVX_SEG_D && bs[j - 1]->kind == CVX_BLK_ITEM;
        labelled_next = described;
      }
    }
    /* a short paragraph below the bullets of the entry above, at its
     * head's depth, that fills again the slots its head filled (a date,
     * and a role or an organisation: "Org – tagline" / "Role | dates" after
     * "Org – tagline" / "Role | dates" and bullets) heads the next entry,
     * whatever the segmenter said: a header holds each slot once */
    bool refilled = false;
    if (lab[i] == CVX_SEG_D && e.head && !e.title && i > 0 && bs[i - 1]->kind == CVX_BLK_ITEM &&
        b->kind == CVX_BLK_PARA && e.head->kind == CVX_BLK_PARA && b->level == e.head->level) {
      int again = para_slots(e.head) & para_slots(b);
      refilled = (again & SLOT_DATE) && (again & (SLOT_ROLE | SLOT_ORG));
    }
    /* a sentence right under a head with nothing under it yet is that
     * entry's description, whatever the segmenter said: a head names and
     * dates, it does not tell ("Research Assistant, Fjordline" / "Logged
     * wave heights at four stations and kept them calibrated.") */
    if (lab[i] == CVX_SEG_B && e.head && i > 0 && bs[i - 1] == e.head && !next_group && !role && !labelled_next &&
        !refilled && told_sentence(b) && !cvx_defines_thing(b->text, first_line_len(b)))
      lab[i] = CVX_SEG_D;
    /* …and a paragraph of a few lines, one of them dates alone, right under
     * a lone title line is that title's entry, not the next one; that title
     * line below the entry above opens the next one */
    if (lab[i] == CVX_SEG_B && e.head && i > 0 && bs[i - 1] == e.head && !next_group && !role && !labelled_next &&
        title_over(e.head, b))
      lab[i] = CVX_SEG_H;
    if (lab[i] == CVX_SEG_D && e.head && i + 1 < n && b->kind == CVX_BLK_PARA && b->level == 0 &&
        bs[i - 1]->kind == CVX_BLK_ITEM && title_over(b, bs[i + 1]))
      lab[i] = CVX_SEG_B;
    /* …and a paragraph that names a thing and says what it is, set as the
     * head above it that did so, is the next one ("tidewatch — a tool
     * that …" / "shelfscan — an app that …"): a head names one thing */
    if (lab[i] == CVX_SEG_D && e.head && !e.title && b->kind == CVX_BLK_PARA && e.head->kind == CVX_BLK_PARA &&
        b->level == e.head->level && cvx_defines_thing(b->text, first_line_len(b)) &&
        cvx_defines_thing(e.head->text, first_line_len(e.head)))
      lab[i] = CVX_SEG_B;
    /* a nested line of jobs under the same head, shaped as the line that
     * completed that head (a role and dates, no organisation: "- Initech" /
     * "  - Engineer, 2020 – present" / "    - a duty" / "  - Intern, 2019")
     * is the next role at the head's organisation */
    bool sibling = false;
    if (lab[i] == CVX_SEG_D && e.head && e.head == completed && b->kind == completer_kind &&
        b->level == completer_level && (kind == CVX_REC_WORK || kind == CVX_REC_VOLUNTEER) && b->text &&
        !memchr(b->text, '\n', b->len)) {
      int sl = line_slots(b->text, b->len, false);
      sibling = sl > 0 && (sl & SLOT_DATE) && (sl & SLOT_ROLE) && !(sl & SLOT_ORG);
    }
    if (lab[i] == CVX_SEG_B || !e.head || next_group || role || labelled_next || refilled || sibling) {
      bool dated_heading = b->kind == CVX_BLK_HEADING && heading_dated(b);
      if (group && (role || (dated_heading && under_group(group, b))) && kind != CVX_REC_EDUCATION) {
        if (!group_dated && e.head && (e.title ? e.title : e.head) == group) {
          /* the group's first role: the entry the group heading opened */
          e.title = group;
          e.head = b;
          group_dated = true;
          in_head = true;
          continue;
        }
        if (e.head) {
          e.end = b;
          parse_entry(c, kind, talks, &other, heading, &e);
        }
        e = (entry){b, NULL, group};
        in_head = true;
        continue;
      }
      if (e.head) {
        e.end = b;
        parse_entry(c, kind, talks, &other, heading, &e);
      }
      e = (entry){b, NULL, b->kind == CVX_BLK_HEADING ? b : NULL};
      group = (b->kind == CVX_BLK_HEADING || b->kind == CVX_BLK_PARA) && !dated_heading &&
                      !(b->kind == CVX_BLK_PARA && heading_dated(b)) && next_heading_dated(bs, lab, n, i)
                  ? b
                  : NULL;
      group_paras = !group && b->kind == CVX_BLK_HEADING && !dated_heading && kind != CVX_REC_EDUCATION &&
                    cvx_role_score(b->text, b->len) <= cvx_org_score(b->text, b->len) &&
                    para_roles_under(bs, lab, n, i) >= 2;
      if (group_paras) group = b;
      group_dated = false;
      in_head = true;
      continue;
    }
    if ((lab[i] == CVX_SEG_H ||
         (lab[i] == CVX_SEG_D && e.head && e.head->next == b && (completes_head(&e, b) || title_over(e.head, b)))) &&
        in_head && !person_line(b)) {
      if (e.head == e.title && b->kind == CVX_BLK_PARA) { /* a sub-heading's first line */
        e.head = b;
        continue;
      }
      /* a nested line stays a child: the entry's parser reads it as the
       * organisation or dates its header lacks; but under a head that is
       * dates alone ("* October 2023 - present:" over "  * Analyst,
       * Initech (City)"), a line that names a role or an organisation is the
       * rest of the header */
      bool completes = e.head->next == b && completes_head(&e, b);
      if (e.head->next == b &&
          (b->level <= e.head->level || completes ||
           (e.head != e.title && dates_alone(e.head) && b->text && !memchr(b->text, '\n', b->len) &&
            line_slots(b->text, b->len, false) & (SLOT_ROLE | SLOT_ORG)))) {
        if (completes) {
          completed = e.head;
          completer_kind = b->kind;
          completer_level = b->level;
        }
        if (e.head != e.title) e.head->kind = CVX_BLK_PARA;
        join_next(c, e.head);
        continue;
      }
    }
    in_head = false;
  }
  if (e.head) {
    e.end = end;
    parse_entry(c, kind, talks, &other, heading, &e);
  }
  free(mem);
  return true;
}

/* The shape of a date line's first line: runs of letters as 'a', of digits
 * as '0', other bytes as written ("1 January 2017" and "9 March 2015" alike);
 * in out (cap bytes), false when it does not fit. */
static bool text_shape(const char *s, size_t n, char *out, size_t cap) {
  size_t o = 0;
  char last = 0;
  for (size_t i = 0; i < n && s[i] != '\n'; i++) {
    unsigned char ch = (unsigned char)s[i];
    char k = isdigit(ch) ? '0' : (isalpha(ch) || ch >= 0x80) ? 'a' : (char)ch;
    if ((k == 'a' || k == '0') && k == last) continue;
    if (o + 1 >= cap) return false;
    out[o++] = last = k;
  }
  out[o] = '\0';
  return true;
}

static bool line_shape(const cvx_block *b, char *out, size_t cap) { return text_shape(b->text, b->len, out, cap); }

/* A section of awards or certificates written one field a paragraph
 * ("1 January 2017" / "Best Paper Award" / "Example Society", or the title
 * first and its date after it) has one date line per entry, written alike
 * and at the same place in each: with two such lines or more, the paragraphs
 * from k before one of them up to k before the next are one header (k: how
 * many paragraphs come before the first). Works in place, on a section of
 * level-0 paragraphs only. */
static void join_field_lines(ctx *c, cvx_block *first, const cvx_block *end) {
  enum { MAXB = 256 };
  cvx_block *bs[MAXB];
  size_t n = 0;
  for (cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind == CVX_BLK_RULE) continue;
    if (b->kind != CVX_BLK_PARA || b->level != 0 || n == MAXB) return;
    bs[n++] = b;
  }
  size_t di[MAXB], nd = 0;
  char shape[64], sh[64];
  for (size_t i = 0; i < n; i++) {
    if (!date_line(bs[i]) || !line_shape(bs[i], sh, sizeof sh)) continue;
    if (nd && strcmp(sh, shape) != 0) continue;
    if (!nd) memcpy(shape, sh, sizeof sh);
    di[nd++] = i;
  }
  if (nd < 2 || di[0] > 2) return;
  size_t k = di[0];
  /* a date line that goes on with the rest of its entry ("1 January 2022" /
   * "Best Paper Award") heads it: the entry cannot start before it */
  for (size_t j = 0; j < nd && k; j++) {
    const char *nl = memchr(bs[di[j]]->text, '\n', bs[di[j]]->len);
    bool by = false;
    if (nl) award_label(trim_piece((piece){nl + 1, bs[di[j]]->len - (size_t)(nl + 1 - bs[di[j]]->text)}), &by);
    if (nl && !by) return;
  }
  for (size_t j = 0; j + 1 < nd; j++) /* each date inside its own header of 2 to 6 lines */
    if (di[j + 1] - di[j] < 2 || di[j + 1] - di[j] <= k || di[j + 1] - di[j] > 6) return;
  if (n - (di[nd - 1] - k) > 6) return;
  for (size_t j = 0; j < nd; j++) {
    size_t start = di[j] - k, stop = j + 1 < nd ? di[j + 1] - k : n;
    for (size_t i = start + 1; i < stop; i++) {
      if (bs[start]->next != bs[i]) return; /* a rule between: left as it is */
      join_next(c, bs[start]);
    }
  }
}

/* A paragraph of awards or certificates written one field a line with no
 * gap between entries ("1 May 2017" / "Best Paper Award" / "Example
 * Society" / "1 June 2015" / "Travel Grant" / …): the lines that are a date
 * alone, written alike, come at the same place in each entry (k lines after
 * its start, k <= 2, as in the first), two to six lines apart; the paragraph
 * is split k lines before each of them after the first, one paragraph an
 * entry. In place. */
static void split_dated_lines(ctx *c, cvx_block *first, const cvx_block *end) {
  enum { MAXL = 64 };
  for (cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind != CVX_BLK_PARA || b->level != 0 || !b->text || b->len > 4000 || cvx_block_nlinks(b)) continue;
    size_t at[MAXL + 1];
    int di[MAXL], nl = 0, nd = 0;
    char shape[64], sh[64];
    bool ok = true;
    for (const char *s = b->text, *stop = s + b->len; s < stop && ok;) {
      const char *e = memchr(s, '\n', (size_t)(stop - s));
      size_t n = e ? (size_t)(e - s) : (size_t)(stop - s);
      if (nl == MAXL || words_over(s, n, 25)) {
        ok = false;
        break;
      }
      if (date_line_text(s, n) && text_shape(s, n, sh, sizeof sh) && (!nd || strcmp(sh, shape) == 0)) {
        if (!nd) memcpy(shape, sh, sizeof sh);
        di[nd++] = nl;
      }
      at[nl++] = (size_t)(s - b->text);
      s = e ? e + 1 : stop;
    }
    if (!ok || nd < 2 || di[0] > 2) continue;
    at[nl] = b->len + 1;
    int k = di[0], cut[MAXL], nc = 0;
    for (int j = 0; j + 1 < nd && ok; j++)
      ok = di[j + 1] - di[j] >= 2 && di[j + 1] - di[j] > k && di[j + 1] - di[j] <= 6;
    if (!ok || nl - (di[nd - 1] - k) > 6) continue;
    for (int j = 1; j < nd; j++) cut[nc++] = di[j] - k;
    b = split_paragraph(c, b, at, cut, nc);
  }
}

/* Does the line s[0,n) end with a date after some text ("Gear Trains in
 * Example Review, 1 May 2018")? */
static bool ends_dated(const char *s, size_t n) {
  cvx_daterange d;
  if (!n || n > 600 || !cvx_date_find(s, n, &d) || d.mend > n || d.mstart == 0) return false;
  size_t z = n;
  /* the last date of the line: look again after the one found */
  for (cvx_daterange d2; d.mend < z && cvx_date_find(s + d.mend, z - d.mend, &d2) && d2.mend > 0 &&
                          d2.mend <= z - d.mend;) {
    size_t off = d.mend;
    d = d2;
    d.mstart += off;
    d.mend += off;
  }
  while (z > d.mend && strchr(" .,;)]", s[z - 1])) z--;
  return z == d.mend && has_alnum(s, d.mstart);
}

/* A paragraph of awards, certificates or publications whose every line
 * ends with its date ("Title in Example Review, 1 May 2018" / "Other Title
 * in …, 2016"; a line in lower case going on with the one above): one entry
 * a line, split into one paragraph each. In place. */
static void split_dated_rows(ctx *c, cvx_block *first, const cvx_block *end) {
  enum { MAXL = 64 };
  for (cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind != CVX_BLK_PARA || b->level != 0 || !b->text || cvx_block_nlinks(b) || !memchr(b->text, '\n', b->len))
      continue;
    size_t at[MAXL + 1];
    int cut[MAXL], nl = 0, nc = 0;
    bool ok = true, dated = false; /* the row so far ends with its date */
    for (const char *s = b->text, *stop = s + b->len; s < stop && ok;) {
      const char *e = memchr(s, '\n', (size_t)(stop - s));
      size_t n = e ? (size_t)(e - s) : (size_t)(stop - s);
      if (nl == MAXL) {
        ok = false;
        break;
      }
      /* a line in lower case goes on with the row above (a wrapped line) */
      if (nl && !islower((unsigned char)s[0])) {
        ok = dated;
        cut[nc++] = nl;
      }
      dated = ends_dated(s, n);
      at[nl++] = (size_t)(s - b->text);
      s = e ? e + 1 : stop;
    }
    if (!ok || !dated || !nc) continue;
    at[nl] = b->len + 1;
    b = split_paragraph(c, b, at, cut, nc);
  }
}

/* A paragraph that opens with who gave or published the entry ("Awarded by
 * Example Society" / "Jan 2017", "Published by Journal of Widgets"), or is
 * a date alone, right under an undated paragraph that is neither names the
 * entry above it: it is joined to it, one header. In place, on level-0
 * paragraphs. */
static void join_by_lines(ctx *c, cvx_block *first, const cvx_block *end) {
  for (cvx_block *b = first; b && b != end && b->next && b->next != end; b = b->next) {
    cvx_block *x = b->next;
    if (b->kind != CVX_BLK_PARA || x->kind != CVX_BLK_PARA || b->level != 0 || x->level != 0 || !b->text ||
        !x->text)
      continue;
    bool by = false, by_above = false;
    award_label((piece){x->text, x->len}, &by);
    award_label((piece){b->text, b->len}, &by_above);
    cvx_daterange d;
    bool date_alone = date_line(x) && !memchr(x->text, '\n', x->len);
    /* (so does a line that says what it was for: "for outstanding
     * work in coastal monitoring" under "Halvorsen Graduate Fellowship") */
    bool reason = reason_line((piece){x->text, x->len}) && !memchr(x->text, '\n', x->len) &&
                  !memchr(b->text, '\n', b->len);
    if ((by || date_alone || reason) && !by_above && !words_over(b->text, b->len, 30) &&
        !cvx_date_find(b->text, b->len, &d))
      join_next(c, b);
  }
}

/* Groups a section's blocks into entries and parses each. */
/* A line that names a category of skills by joining two short names with
 * an ampersand ("Backend & MSA", "Cloud & BI"), each capitalised. */
static bool ampersand_category(piece p) {
  const char *amp = NULL;
  for (size_t i = 1; i + 2 < p.n && !amp; i++)
    if (p.s[i] == '&' && p.s[i - 1] == ' ' && p.s[i + 1] == ' ') amp = p.s + i;
  if (!amp || memchr(p.s, ',', p.n) || memchr(p.s, '\n', p.n)) return false;
  piece a = trim_piece((piece){p.s, (size_t)(amp - p.s)});
  piece b = trim_piece((piece){amp + 1, p.n - (size_t)(amp + 1 - p.s)});
  if (!a.n || !b.n || words_over(a.s, a.n, 2) || words_over(b.s, b.n, 2)) return false;
  unsigned char ca = (unsigned char)a.s[0], cb = (unsigned char)b.s[0];
  return (isupper(ca) || ca >= 0x80) && (isupper(cb) || cb >= 0x80);
}

/* One skill group for a whole section: named by its heading (name), the
 * keywords of each block under it, its span from the heading to the last. */
static void heading_group(ctx *c, const cvx_block *heading, piece name, cvx_block *first, cvx_block *end) {
  cvx_span es = heading->span;
  /* in a list of paragraphs, a line of its own that names a category
   * ("Backend & MSA") with two lines at least under it opens a group of its
   * own: the end of the heading's group */
  bool paras = true;
  for (cvx_block *b = first; b && b != end && paras; b = b->next)
    paras = b->kind == CVX_BLK_RULE || b->kind == CVX_BLK_PARA;
  cvx_block *cut = end;
  for (cvx_block *b = first; paras && b && b != end && cut == end; b = b->next)
    if (b != first && !memchr(b->text, '\n', b->len) && ampersand_category((piece){b->text, b->len}) && b->next &&
        b->next != end &&
        (memchr(b->next->text, '\n', b->next->len) || memchr(b->next->text, '\t', b->next->len) ||
         memchr(b->next->text, ',', b->next->len) || (b->next->next && b->next->next != end)))
      cut = b;
  for (cvx_block *b = first; b && b != cut; b = b->next)
    if (cvx_span_valid(b->span) && b->span.end > es.end) es.end = b->span.end;
  cvx_record *r = cvx_record_new(c->doc, CVX_REC_SKILL, c->origin, es);
  if (!r) return;
  add_piece(c, r, "name", name, heading->span);
  if (cut != end) heading_group(c, cut, (piece){cut->text, cut->len}, cut->next, end);
  for (cvx_block *b = first; b && b != cut; b = b->next) {
    if (b->kind == CVX_BLK_RULE) continue;
    piece its[MAX_SEGS];
    int k = split_keywords(c, b->text, b->len, its, MAX_SEGS);
    for (int i = 0; i < k; i++) add_piece(c, r, "keywords", its[i], b->span);
  }
}

static void parse_section(ctx *c, cvx_rec_kind kind, bool talks, const cvx_block *heading, cvx_block *first,
                          cvx_block *end);

/* A "Languages" section (any language's word for it) none of whose lines
 * names a spoken language ("PHP", "Javascript", "Go-lang"): programming
 * languages, one skill group named by the heading. True when it took the
 * section. */
static bool programming_languages(ctx *c, const cvx_block *heading, cvx_block *first, cvx_block *end) {
  int lines = 0;
  for (cvx_block *b = first; b && b != end; b = b->next) {
    /* a sub-heading after such a list ("Языки" / "PHP" / … / "Languages" /
     * "English"): the list is one group, the sub-heading's section is read
     * as the languages it names */
    if (b->kind == CVX_BLK_HEADING && b != first && lines >= 2 && b->level > heading->level) {
      heading_group(c, heading, strip_symbols(joined(c, heading)), first, b);
      cvx_doc_take(c->doc, b->span);
      parse_section(c, CVX_REC_LANGUAGE, false, b, b->next, end);
      return true;
    }
    if (b->kind == CVX_BLK_HEADING || b->kind == CVX_BLK_RULE) return false;
    piece items[MAX_SEGS];
    /* cells apart by tabs: a level beside a language ("English\tNative")
     * when one names a language, else items ("Java\tKotlin\tDart") */
    if (memchr(b->text, '\t', b->len)) {
      for (const char *q = b->text, *stop = b->text + b->len; q < stop;) {
        const char *z = q;
        while (z < stop && *z != '\t' && *z != '\n') z++;
        piece cell = trim_piece((piece){q, (size_t)(z - q)});
        if (cell.n && (is_language_name(cell) || memchr(cell.s, '(', cell.n))) return false;
        lines += cell.n > 0;
        q = z + 1;
      }
      continue;
    }
    /* the lines each (a language over its level, "Chinese" / "native", is
     * no one item), then the whole paragraph (a list wrapped over lines) */
    for (const char *q = b->text, *stop = b->text + b->len; q < stop;) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      piece ln = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
      int k = split_list(ln, items, MAX_SEGS);
      for (int i = 0; i < k; i++)
        if (is_language_name(items[i])) return false;
      q = nl ? nl + 1 : stop;
    }
    int k = split_list(joined(c, b), items, MAX_SEGS);
    for (int i = 0; i < k; i++) {
      /* a known language, or an item with a level beside it ("Welsh
       * (native)", "Yoruba: fluent"), is a spoken language */
      if (is_language_name(items[i]) || memchr(items[i].s, '(', items[i].n) || memchr(items[i].s, ':', items[i].n))
        return false;
      lines++;
    }
  }
  if (lines < 2) return false;
  heading_group(c, heading, strip_symbols(joined(c, heading)), first, end);
  return true;
}

/* A skills section headed by a category ("Programming", "Frameworks",
 * "Werkzeuge") rather than by a word for skills themselves, holding a flat
 * list of short items before any sub-heading (list items only, one
 * paragraph, or lines that each stand alone, "Valgrind" / "lint"): one group
 * named by the heading. True when it took the leading blocks; *rest gets
 * where the rest of the section starts (its first sub-heading, or end). */
static bool category_list(ctx *c, const cvx_block *heading, cvx_block *first, cvx_block *end, cvx_block **rest) {
  static const char *const generic[] = {"skill", "competenc", "compétenc", "kompetenz", "kenntnis", "fähigkeit",
                                        "fahigkeit", "habilidad", "abilit", "expertise", "proficienc", "aptitud",
                                        "навык", "умени", "技能", "スキル", "기술", NULL};
  piece name = strip_symbols(joined(c, heading));
  if (!name.n || words_over(name.s, name.n, 5)) return false;
  /* a heading in no word list ("Know-how", "What I Can Do"), its kind
   * read from the lines under it, names the section, not a category, when
   * it stands at the level of the page's sections alone (a deeper one over
   * a list, or one of a run of such sections, "Scripting" / "Databases", is
   * a category) */
  if (heading->kind == CVX_BLK_HEADING && heading->level <= c->top_level && !c->skill_siblings &&
      cvx_section_classify(name.s, name.n) == CVX_REC_SECTION)
    return false;
  char low[128];
  size_t ln = name.n < sizeof low - 1 ? name.n : sizeof low - 1;
  for (size_t i = 0; i < ln; i++) low[i] = (char)tolower((unsigned char)name.s[i]);
  low[ln] = 0;
  /* (one of a run of sibling skill sections names its group even in such
   * a word when another word says which, "Soft Skills" beside "Tech
   * Stack", not "Skills" alone; and its items may be longer: the run's
   * headings are the groups' names) */
  bool qualified = c->skill_siblings && words_over(name.s, name.n, 1);
  for (int i = 0; generic[i] && !qualified; i++)
    if (strstr(low, generic[i])) return false;
  int items = 0, paras = 0, lists = 0, long_paras = 0, prev_k = 0;
  cvx_block *b = first;
  for (; b && b != end && b->kind != CVX_BLK_HEADING; b = b->next) {
    if (b->kind == CVX_BLK_RULE) continue;
    if (b->kind != CVX_BLK_ITEM && b->kind != CVX_BLK_PARA) return false;
    /* a paragraph beside list items may label a group of its own; several
     * paragraphs are a list when each is one line (each stands alone) */
    bool multi = memchr(b->text, '\n', b->len) != NULL;
    if (b->kind == CVX_BLK_PARA) {
      paras++;
      long_paras += multi;
    } else {
      lists++;
    }
    if ((paras && lists) || (paras > 1 && long_paras)) return false;
    if (memchr(b->text, ':', b->len) || (b->kind == CVX_BLK_PARA && multi && !short_lines(b))) return false;
    piece its[MAX_SEGS];
    int k = split_keywords(c, b->text, b->len, its, MAX_SEGS);
    /* (an item wrapped over lines may have that many more words) */
    for (int i = 0; i < k; i++)
      if (words_over(its[i].s, its[i].n,
                     (c->skill_siblings ? 8 : 4) * (1 + (int)count_byte(its[i].s, '\n', its[i].n))))
        return false;
    /* a line of one name over a line of several names the group they are
     * in ("Tools" / "Git, Make, Nix", as paragraphs or as the lines of
     * one): groups, not one list */
    if (b->kind == CVX_BLK_PARA && prev_k == 1 && k >= 3) return false;
    prev_k = b->kind == CVX_BLK_PARA ? k : 0;
    bool cells = memchr(b->text, '\t', b->len) != NULL; /* (a row of one cell is no title) */
    for (const char *q = b->text, *stop = b->text + b->len; multi && !cells && q < stop;) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      piece line = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
      int kl = split_list(line, its, MAX_SEGS);
      if (kl < 2) kl = space_tags_n(c, line, its, MAX_SEGS, 4, false) >= 4 ? 3 : 1; /* (a tag of three words is one) */
      if (prev_k == -1 && kl >= 3) return false;
      prev_k = kl == 1 ? -1 : 0;
      q = nl ? nl + 1 : stop;
    }
    items += k;
  }
  if (items < 2) return false;
  *rest = b;
  heading_group(c, heading, name, first, b);
  return true;
}

static void item_paragraphs(ctx *c, cvx_block *first, const cvx_block *end);
static void heading_lines(ctx *c, cvx_block *first, const cvx_block *end);

/* In education, a degree line right below an entry's dates is the next
 * entry's, not a description of the one above (a long degree name, "Master
 * of Science in Applied Geology", reads as a sentence to the text reader,
 * which sets it one level deeper): it and the one-line header lines after
 * it at its depth come back to the top level. In place. */
static void lift_degree_lines(cvx_block *first, const cvx_block *end) {
  for (cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind != CVX_BLK_PARA || b->level != 0 || !last_line_dates(b)) continue;
    cvx_block *x = b->next;
    if (!x || x == end || x->kind != CVX_BLK_PARA || x->level != 1 || !x->text || memchr(x->text, '\n', x->len))
      continue;
    int k = line_slots(x->text, x->len, true);
    if (k < 0 || !(k & SLOT_DEGREE) || (k & SLOT_DATE)) continue;
    for (; x && x != end && x->kind == CVX_BLK_PARA && x->level == 1 && x->text && !memchr(x->text, '\n', x->len) &&
           line_slots(x->text, x->len, true) >= 0;
         x = x->next)
      x->level = 0;
  }
}

/* A one-line paragraph with no date that may title what follows it: a
 * title's length, no label (":") or sentence (".") at its end. */
static bool title_line(const cvx_block *t) {
  cvx_daterange d;
  return t && t->kind == CVX_BLK_PARA && !t->level && t->text && t->len && !memchr(t->text, '\n', t->len) &&
         !cvx_date_find(t->text, t->len, &d) && !words_over(t->text, t->len, 16) && t->text[t->len - 1] != ':' &&
         t->text[t->len - 1] != '.';
}

/* A paragraph that holds a date. */
static bool dated_para(const cvx_block *b) {
  cvx_daterange d;
  return b && b->kind == CVX_BLK_PARA && !b->level && b->text && b->len && cvx_date_find(b->text, b->len, &d);
}

/* Entries whose title stands alone on a line over a paragraph that holds
 * their dates ("How tides shape estuaries" / "at OCEANS24 · Jun
 * 2024 · talk" / "Contributed talk"): when the section opens with such a
 * line and every dated paragraph in it (two at least) has one right above
 * it, with more than the dates above it (the entry above has a body), each
 * title joins the paragraph under it, as the entry's first line.
 * Without the pattern throughout, a lone line over dates may as well end
 * the entry above. In place. */
static void titles_over_dates(ctx *c, cvx_block *first, const cvx_block *end) {
  int dated = 0;
  /* one pass, the two blocks before b at hand (linear in the section) */
  cvx_block *t = NULL, *u = NULL;
  for (cvx_block *b = first; b && b != end; u = t, t = b, b = b->next) {
    if (b->kind == CVX_BLK_HEADING) return; /* entries go by sub-headings */
    if (!dated_para(b)) continue;
    /* the line above: one line, no date, a title's length, not a label */
    if (!title_line(t)) return;
    if (!dated && t != first) return; /* the first title opens the section */
    /* right under the dates above, the line may as well go on with that
     * entry (a head wrapped around its dates) */
    if (dated_para(u)) return;
    dated++;
  }
  if (dated < 2) return;
  for (cvx_block *b = first; b && b != end; b = b->next)
    if (b->next && b->next != end && title_line(b) && dated_para(b->next)) join_next(c, b);
}

/* A skills section set as paragraphs of one line each that go title,
 * tags, title, tags ("Backend & MSA" / "Spring Boot GraalVM Node.js …", a
 * page's groups with each line a paragraph of its own): read as the lines
 * of one paragraph are (alternating_groups), a title first. True when it
 * took the section. */
static bool paragraph_groups(ctx *c, cvx_block *first, const cvx_block *end) {
  cvx_buf text = CVX_BUF_INIT;
  cvx_span span = CVX_NOSPAN, spans[MAX_SEGS];
  int lines = 0;
  for (cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind == CVX_BLK_RULE) continue;
    if (b->kind != CVX_BLK_PARA || !b->text || !b->len || memchr(b->text, '\n', b->len) || lines == MAX_SEGS) {
      cvx_buf_free(&text);
      return false;
    }
    spans[lines] = b->span;
    if (lines++) cvx_buf_putc(&text, '\n');
    cvx_buf_put(&text, b->text, b->len);
    if (!cvx_span_valid(span)) span = b->span;
    else if (cvx_span_valid(b->span) && b->span.end > span.end) span.end = b->span.end;
  }
  bool title[MAX_SEGS];
  cvx_block all = {.kind = CVX_BLK_PARA, .span = span};
  bool took = false;
  if (lines >= 4) {
    all.text = cvx_arena_strndup(c->doc->arena, text.ptr, text.len);
    all.len = text.len;
    took = alternating_groups(&all, title) && title[0];
  }
  cvx_buf_free(&text);
  if (!took) return false;
  cvx_record *r = NULL;
  alternating_read(c, CVX_REC_SKILL, NULL, (piece){NULL, 0}, &all, title, spans, &r);
  return true;
}

/* In a section whose groups are named by sub-headings of one level, each
 * over a paragraph, a line of its own in bold over a paragraph names a
 * group the same way ("**Programming**" / "Python\nVBA" / "##### CAD" /
 * "Eplan\nKiCad": a page's first title set apart by its weight alone):
 * it becomes such a sub-heading. */
static void bold_subheads(cvx_block *first, const cvx_block *end) {
  int level = 0, heads = 0;
  for (cvx_block *b = first; b && b != end; b = b->next) {
    if (b->kind != CVX_BLK_HEADING) continue;
    if ((level && b->level != level) || !b->next || b->next == end || b->next->kind != CVX_BLK_PARA) return;
    level = b->level;
    heads++;
  }
  if (heads < 2) return;
  for (cvx_block *b = first; b && b != end; b = b->next)
    if (b->kind == CVX_BLK_PARA && b->level == 0 && cvx_block_strong(b) > 0 && b->len && !memchr(b->text, '\n', b->len) &&
        !words_over(b->text, b->len, 6) && !memchr(b->text, ',', b->len) && !memchr(b->text, ':', b->len) &&
        b->text[b->len - 1] != '.' && b->next && b->next != end && b->next->kind == CVX_BLK_PARA &&
        cvx_block_strong(b->next) == 0) {
      b->kind = CVX_BLK_HEADING;
      b->level = level;
    }
}

static void parse_section(ctx *c, cvx_rec_kind kind, bool talks, const cvx_block *heading,
                          cvx_block *first, cvx_block *end) {
  c->lang_open = NULL;
  c->role_first = 0;
  if (kind == CVX_REC_LANGUAGE && heading && programming_languages(c, heading, first, end)) return;
  if (kind == CVX_REC_SKILL) bold_subheads(first, end);
  if (kind == CVX_REC_SKILL && paragraph_groups(c, first, end)) return;
  if (kind == CVX_REC_SKILL && heading) {
    cvx_block *rest;
    if (category_list(c, heading, first, end, &rest)) {
      if (rest == end) return;
      first = rest; /* the groups under sub-headings after it */
    }
  }
  if (kind == CVX_REC_EDUCATION) lift_degree_lines(first, end);
  if (job_like(kind)) titles_over_dates(c, first, end);
  /* (a project's short line under its name is its description) */
  if ((job_like(kind) && kind != CVX_REC_PROJECT) || kind == CVX_REC_AWARD || kind == CVX_REC_CERTIFICATE ||
      kind == CVX_REC_PUBLICATION) {
    item_paragraphs(c, first, end);
    /* (a job's deeper headings are as often its roles, each over bullets
     * the theme left out, as its header's lines) */
    if (kind != CVX_REC_WORK && kind != CVX_REC_VOLUNTEER) heading_lines(c, first, end);
  }
  if (job_like(kind) && kind != CVX_REC_PROJECT) {
    split_header_lines(c, first, end, kind == CVX_REC_EDUCATION);
    join_header_runs(c, first, end, kind == CVX_REC_EDUCATION);
  }
  if (kind == CVX_REC_AWARD || kind == CVX_REC_CERTIFICATE || kind == CVX_REC_PUBLICATION) {
    split_dated_rows(c, first, end);
    split_dated_lines(c, first, end);
    join_field_lines(c, first, end);
    join_by_lines(c, first, end);
  }
  if (job_like(kind) && (c->doc->entry_sink || cvx_entryseg_active()) &&
      parse_section_model(c, kind, talks, heading, first, end))
    return;
  rule_entries(c, kind, talks, heading, first, end, true, NULL, 0);
}

/* True when two optional values are equal (both absent counts). */
static bool same_value(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }

/* A section that repeats an earlier one in another language (an "Education"
 * list, then "学历" with the same degrees): every dated entry it made has the
 * kind and the dates of an entry made before it. Its records are dropped
 * (their text stays taken: it was read, as a translation). */
static void drop_translation(cvx_doc *doc, cvx_record *before) {
  cvx_record *first = before ? before->next : doc->records;
  if (!first || !before) return;
  int made = 0, matched = 0;
  for (cvx_record *r = first; r; r = r->next) {
    if (r->kind != CVX_REC_WORK && r->kind != CVX_REC_EDUCATION && r->kind != CVX_REC_VOLUNTEER) return;
    const char *rs = cvx_record_get(r, "startDate"), *re = cvx_record_get(r, "endDate");
    made++;
    if (!rs && !re) return;
    for (cvx_record *q = doc->records; q && q != first; q = q->next) {
      if (q->kind == r->kind && same_value(rs, cvx_record_get(q, "startDate")) &&
          same_value(re, cvx_record_get(q, "endDate"))) {
        matched++;
        break;
      }
    }
  }
  if (made < 2 || matched != made) return;
  before->next = NULL;
  doc->records_tail = before;
  doc->nrecords -= (size_t)made;
}

/* True when two values are the same words, case and spacing aside. */
static bool same_words(const char *a, const char *b) {
  if (!a || !b) return false;
  while (*a || *b) {
    while (*a && !isalnum((unsigned char)*a) && (unsigned char)*a < 0x80) a++;
    while (*b && !isalnum((unsigned char)*b) && (unsigned char)*b < 0x80) b++;
    if (!*a || !*b) return !*a && !*b;
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
    a++, b++;
  }
  return true;
}

/* The work entry a headline made, when a section's entry has its employer
 * and title too: the same job, told twice; the section's entry stays. */
static void drop_repeated_headline_job(cvx_doc *doc, cvx_record *h) {
  if (!h) return;
  const char *name = cvx_record_get(h, "name"), *pos = cvx_record_get(h, "position");
  bool repeated = false;
  for (cvx_record *r = doc->records; r && !repeated; r = r->next)
    repeated = r != h && r->kind == CVX_REC_WORK && same_words(name, cvx_record_get(r, "name")) &&
               same_words(pos, cvx_record_get(r, "position"));
  if (!repeated) return;
  cvx_record *prev = NULL;
  for (cvx_record *r = doc->records; r; prev = r, r = r->next) {
    if (r != h) continue;
    if (prev) prev->next = r->next;
    else doc->records = r->next;
    if (doc->records_tail == r) doc->records_tail = prev;
    doc->nrecords--;
    return;
  }
}

/* A heading no section wording names but that lists things made on one's own
 * initiative: "Self-motivated Programming & Design Experience", "Personal
 * Coding Work". It holds projects. */
static bool self_made_heading(const char *s, size_t n) {
  static const char *const own[] = {"self", "personal", "side", "hobby", "spare", NULL};
  static const char *const made[] = {"programming", "coding", "development", "design", "software",
                                     "hacking", "engineering", NULL};
  if (n > 120) return false;
  bool has_own = false, has_made = false;
  int words = 0;
  for (size_t i = 0; i < n;) {
    while (i < n && !isalpha((unsigned char)s[i])) i++;
    size_t j = i;
    while (j < n && isalpha((unsigned char)s[j])) j++;
    if (j == i) break;
    words++;
    has_own |= word_in(s + i, j - i, own);
    has_made |= word_in(s + i, j - i, made);
    i = j;
  }
  return has_own && has_made && words <= 8;
}

/* A heading of classes taken ("Current Classes:", "Online Courses",
 * "Completed MOOCs"): education, but not "Courses" alone, which is often
 * teaching. */
static bool classes_heading(const char *s, size_t n) {
  static const char *const what[] = {"classes", "courses", "moocs", "mooc", NULL};
  static const char *const which[] = {"current", "online", "taken", "completed", "attended", "moocs",
                                      "mooc", "classes", NULL};
  static const char *const never[] = {"taught", "teaching", "teach", "instructor", NULL};
  if (n > 80) return false;
  bool has_what = false, has_which = false;
  int words = 0;
  for (size_t i = 0; i < n;) {
    while (i < n && !isalpha((unsigned char)s[i])) i++;
    size_t j = i;
    while (j < n && isalpha((unsigned char)s[j])) j++;
    if (j == i) break;
    words++;
    if (word_in(s + i, j - i, never)) return false;
    has_what |= word_in(s + i, j - i, what);
    has_which |= word_in(s + i, j - i, which);
    i = j;
  }
  return has_what && has_which && words <= 4;
}

/* Whether heading h, whose words name a section among other words, reads
 * as an entry's title by what it holds and what stands under it: a degree
 * over a line that names a school ("MSc Information Technologies" /
 * "University of Hull, 2014 – 2016"), or a firm's name that ends in an
 * organisation's word over a line with dates ("Brindle Technologies",
 * "Harrowgate Education Trust" / "03/2020 - Present"). Such a sub-heading
 * opens no section of the kind its last words name. */
static bool heading_dated(const cvx_block *b);

static bool entry_title_heading(const cvx_block *h) {
  if (h->kind != CVX_BLK_HEADING || !h->text || !h->next || !h->next->text) return false;
  size_t n = strlen(h->text);
  if (cvx_section_pure(h->text, n)) return false;
  /* a firm's name over deeper headings of its roles and their dates
   * ("### Brindle Technologies, Leeds" / "#### Senior Data Engineer · 2020
   * – present") */
  bool over_roles = h->next->kind == CVX_BLK_HEADING && h->next->level > h->level && heading_dated(h->next);
  if (h->next->kind == CVX_BLK_HEADING && !over_roles) return false;
  const char *st, *nl = memchr(h->next->text, '\n', h->next->len);
  size_t a, z, first = nl ? (size_t)(nl - h->next->text) : h->next->len;
  if (cvx_degree_find(h->text, n, &st, &a, &z) && cvx_school_named(h->next->text, first)) return true;
  /* (the name is the heading's first piece: "Brindle Technologies — Leeds") */
  size_t k = 0;
  while (k < n && h->text[k] != ',' && h->text[k] != '|' && h->text[k] != '(' &&
         !(h->text[k] == ' ' && k + 1 < n && (h->text[k + 1] == '-' || (unsigned char)h->text[k + 1] == 0xE2 ||
                                              (unsigned char)h->text[k + 1] == 0xC2)))
    k++;
  /* (its dates in the first three lines under it: "Brindle Technologies" /
   * "4 yrs 10 mos" / "Senior Data Engineer" / "Mar 2020 - Present") */
  size_t three = first;
  for (int l = 1; l < 3 && three < h->next->len; l++) {
    const char *more = memchr(h->next->text + three + 1, '\n', h->next->len - three - 1);
    three = more ? (size_t)(more - h->next->text) : h->next->len;
  }
  cvx_daterange d;
  return cvx_org_score(h->text, k) >= 3 && (over_roles || cvx_date_find(h->next->text, three, &d));
}

/* The section kind of a heading: the shared wording table first, then the
 * headings it leaves unknown that still say what they hold. */
static cvx_rec_kind heading_kind(const cvx_block *h) {
  size_t n = strlen(h->text);
  cvx_rec_kind k = cvx_section_classify(h->text, n);
  if (k != CVX_REC_SECTION || h->kind != CVX_BLK_HEADING) return k;
  if (self_made_heading(h->text, n)) return CVX_REC_PROJECT;
  if (classes_heading(h->text, n)) return CVX_REC_EDUCATION;
  return k;
}

/* True when sub-heading t, the first thing under a heading of dated entries
 * (work, education, volunteering), is over the lines of an entry: a date or
 * an "Employer - City" line. It is then the first entry's title whatever
 * kind its words name ("Work Experience" / "Software" / "Initech -"): a
 * section does not end before it holds anything. */
static bool entry_title_first(cvx_rec_kind kind, const cvx_block *t) {
  if (kind != CVX_REC_WORK && kind != CVX_REC_EDUCATION && kind != CVX_REC_VOLUNTEER) return false;
  const cvx_block *b = t->next;
  if (!b || b->kind == CVX_BLK_HEADING || !b->text) return false;
  size_t n = 0;
  while (n < b->len && b->text[n] != '\n') n++;
  if (n > 120) return false;
  cvx_daterange d;
  if (cvx_date_find(b->text, n, &d)) return true;
  for (size_t i = 0; i + 1 < n; i++)
    if (b->text[i] == ' ' && b->text[i + 1] == '-' && (i + 2 == n || b->text[i + 2] == ' ')) return true;
  return false;
}

/* Kinds for which sub-headings are entries rather than new sections. */
static bool entry_heading_kind(cvx_rec_kind k) { return k != CVX_REC_SECTION && k != CVX_REC_BASICS; }

/* ------------------------------------------------------------- phones */

/* How a national number is dialled from abroad, for the countries whose
 * plans are simple enough to normalize without guessing: the calling code,
 * the trunk prefix dropped after it ('\0' none) and the national length in
 * digits, trunk included. Other countries get no E.164 form from a national
 * number. */
static const struct dial_plan {
  char country[3];
  char code[4];
  char trunk;
  unsigned char min, max;
} dial_plans[] = {
    {"US", "1", 0, 10, 10},   {"CA", "1", 0, 10, 10},   {"GB", "44", '0', 10, 11},
    {"IE", "353", '0', 9, 11}, {"DE", "49", '0', 7, 13}, {"AT", "43", '0', 7, 14},
    {"CH", "41", '0', 10, 10}, {"FR", "33", '0', 10, 10}, {"NL", "31", '0', 10, 10},
    {"BE", "32", '0', 9, 10},  {"SE", "46", '0', 8, 10},  {"FI", "358", '0', 7, 11},
    {"AU", "61", '0', 10, 10}, {"NZ", "64", '0', 9, 11},  {"IN", "91", '0', 11, 11},
    {"JP", "81", '0', 10, 11}, {"ES", "34", 0, 9, 9},     {"PL", "48", 0, 9, 9},
    {"PT", "351", 0, 9, 9},    {"DK", "45", 0, 8, 8},     {"NO", "47", 0, 8, 8},
};

/* US states and Canadian provinces and territories: a region written as one
 * of these places the person in the North American numbering plan. */
static const char *const nanp_regions[] = {
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ",
    "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT",
    "VA", "WA", "WV", "WI", "WY", "DC", "ON", "QC", "BC", "AB", "NS", "NB", "MB", "SK", "PE",
    "NL", "YT", "NT", "NU", NULL};

/* The E.164 form ("+442079460321") of a phone number as written, in buf
 * (at least 24 bytes): from its own "+CC" (a "(0)" trunk marker dropped), or
 * from a national number when country (ISO alpha-2, may be NULL) has a plan
 * above. Returns false, leaving buf empty, when the country is not evident
 * or the digits do not fit it: it never guesses a country. */
static bool phone_e164(const char *phone, const char *country, char *buf) {
  char d[32];
  size_t nd = 0;
  bool plus = false;
  buf[0] = 0;
  const char *p = phone;
  while (*p == ' ' || *p == '(') p++;
  if (*p == '+') plus = true, p++;
  for (; *p; p++) {
    if (isdigit((unsigned char)*p)) {
      if (nd + 1 >= sizeof d) return false;
      d[nd++] = *p;
    } else if (*p == '(' && plus && p[1] == '0' && p[2] == ')' && nd > 0) {
      p += 2; /* "+44 (0)20 …": the trunk prefix shown for callers at home */
    } else if (!strchr(" -./()", *p)) {
      break; /* an extension ("x12", "ext. 12") is no part of the number */
    }
  }
  d[nd] = 0;
  if (plus) {
    if (nd < 8 || nd > 15 || d[0] == '0') return false;
    buf[0] = '+';
    memcpy(buf + 1, d, nd + 1);
    return true;
  }
  if (!country) return false;
  for (size_t i = 0; i < sizeof dial_plans / sizeof dial_plans[0]; i++) {
    const struct dial_plan *dp = &dial_plans[i];
    if (strcmp(dp->country, country) != 0) continue;
    const char *nat = d;
    size_t nn = nd;
    if (strcmp(dp->code, "1") == 0 && nn == 11 && d[0] == '1') nat++, nn--; /* "1 555 …" */
    if (nn < dp->min || nn > dp->max) return false;
    if (dp->trunk) {
      if (nat[0] != dp->trunk) return false;
      nat++, nn--;
    }
    if (nat[0] == '0' || (strcmp(dp->code, "1") == 0 && nat[0] == '1')) return false;
    size_t cl = strlen(dp->code);
    if (1 + cl + nn >= 24) return false;
    buf[0] = '+';
    memcpy(buf + 1, dp->code, cl);
    memcpy(buf + 1 + cl, nat, nn + 1);
    return true;
  }
  return false;
}

/* Adds basics.phoneE164 beside the phone as written, when the number's
 * country is evident (its own "+CC", or the person's country or a US/Canadian
 * region in basics.location). */
static void add_phone_e164(cvx_doc *doc) {
  cvx_field *phone = NULL;
  cvx_record *holder = NULL;
  const char *cc = NULL, *region = NULL;
  for (cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_BASICS) continue;
    if (cvx_record_get(r, "phoneE164")) return;
    if (!phone && (phone = cvx_record_field(r, "phone")) != NULL) holder = r;
    if (!cc) cc = cvx_record_get(r, "location.countryCode");
    if (!region) region = cvx_record_get(r, "location.region");
  }
  if (!phone) return;
  if (!cc && region)
    for (size_t i = 0; nanp_regions[i]; i++)
      if (strcmp(region, nanp_regions[i]) == 0) cc = "US";
  char e164[24];
  if (phone_e164(phone->value, cc, e164)) cvx_record_add(doc, holder, "phoneE164", e164, phone->span);
}

/* A section that neither its heading nor its content placed is kept in
 * meta.cvx.sections; when it holds dated lines (entries, most likely) the
 * reader is told, so that "covered" never hides them. */
static void warn_unread_entries(cvx_doc *doc, const cvx_block *h, const cvx_block *end) {
  int dated = 0, seen = 0;
  for (const cvx_block *b = h->next; b && b != end && seen < 200; b = b->next, seen++) {
    cvx_daterange d;
    if (b->kind != CVX_BLK_RULE && b->text && cvx_date_find(b->text, b->len < 200 ? b->len : 200, &d)) dated++;
  }
  if (dated >= 2)
    cvx_diag_add(doc->dx, CVX_WARNING, "section.unread-entries", h->span,
                 "section '%.60s' holds %d dated lines that no entry kind took; its text is kept in "
                 "meta.cvx.sections",
                 h->text, dated);
}

/* Hands the section [first, end), whose heading says it holds kind, to the
 * training sink. */
static void section_example(cvx_doc *doc, cvx_rec_kind kind, bool talks, const cvx_block *first,
                            const cvx_block *end) {
  cvx_features f;
  cvx_features_init(&f);
  cvx_section_features(first, end, &f);
  doc->section_sink->fn(doc->section_sink->ctx, cvx_secvote_class(kind, talks), &f);
  cvx_features_free(&f);
}

/* A page that typesets none of its section titles as headings (a theme's
 * "<div class=title>Work Experience</div>", or its Markdown conversion) has
 * them as short paragraphs standing alone: there, one that is a known
 * section name and nothing else is a heading (level 2). */
/* A paragraph of one short line (a heading written as a paragraph would be). */
static bool short_line_para(const cvx_block *b) {
  return b->kind == CVX_BLK_PARA && b->level == 0 && b->text && b->len <= 40 && !memchr(b->text, '\n', b->len);
}

/* A line set wholly in bold, alone, over a list, deeper headings, a table
 * or dated paragraphs led in bold, that
 * titles a section in words no list has: a phrase someone wrote ("Jobs
 * I've Held", "Where I Studied"), or on a page that sets a known section's
 * title so (bold_named), any few words that name no firm, title or person
 * ("Track Record" over its jobs, where "**Skills**" titles the skills). */
static bool bold_title(const cvx_block *b, int bold_named) {
  if (cvx_block_strong(b) != b->len || words_over(b->text, b->len, 6) || !b->next) return false;
  for (size_t i = 0; i < b->len; i++)
    if (isdigit((unsigned char)b->text[i])) return false;
  const cvx_block *x = b->next;
  /* (over entries: a list, deeper headings, a table's rows, or a dated
   * paragraph led by words in bold, "**Engineer** · Initech · 2020 –
   * present") */
  cvx_daterange d;
  bool bold_led = x->kind == CVX_BLK_PARA && x->text && cvx_block_strong(x) > 0 && cvx_block_strong(x) < x->len &&
                  cvx_date_find(x->text, x->len < 240 ? x->len : 240, &d);
  if (x->kind != CVX_BLK_ITEM && x->kind != CVX_BLK_ROW && !(x->kind == CVX_BLK_HEADING && x->level >= 3) && !bold_led)
    return false;
  /* (a title, a firm; not a person's name, which two capitalised words
   * may read as, "Track Record": the person is named at the top, over
   * contacts, not over a list) */
  if (cvx_role_score(b->text, b->len) > 0 || cvx_org_score(b->text, b->len) > 0) return false;
  return cvx_heading_phrase(b->text, b->len) || bold_named >= 1;
}

static void promote_section_paragraphs(const cvx_blocks *bl) {
  /* (a heading that names a section in words of the lists only, or more
   * headings of the outer levels past the page's first block, whatever their
   * words, than short lines that name sections, two at least: the page sets
   * its section titles as headings; an entry's title that holds a section's
   * word, "Best Presentation Award", set deeper, says nothing of them) */
  int outer = 0, named = 0, named_pure = 0;
  for (const cvx_block *b = bl->head; b; b = b->next) {
    if (b->kind == CVX_BLK_HEADING && cvx_section_pure(b->text, strlen(b->text))) return;
    if (b->kind == CVX_BLK_HEADING && b != bl->head && b->level <= 2) outer++;
    if (short_line_para(b) && !words_over(b->text, b->len, 4) &&
        cvx_section_classify(b->text, b->len) != CVX_REC_SECTION) {
      named++;
      named_pure += cvx_section_pure(b->text, b->len);
    }
  }
  if (outer >= 2 && outer >= named) return;
  /* how many lines set wholly in bold name sections in list words */
  int bold_named = 0;
  for (const cvx_block *b = bl->head; b; b = b->next)
    bold_named += short_line_para(b) && cvx_block_strong(b) == b->len && !words_over(b->text, b->len, 4) &&
                  cvx_section_classify(b->text, b->len) != CVX_REC_SECTION;
  /* (when two of them name sections in list words alone, "Work
   * Experience", "Education", the page's titles are such lines: a line
   * with other words, "Co-organise the reading group", is an entry's) */
  bool pure_only = named_pure >= 2;
  /* a promoted line sits one level under the sub-section heading it was
   * written under (a bold "Languages" under "### Tech" labels part of Tech),
   * and at level 2 under a heading of level 1 or 2 (the page's title, the
   * person's headline) or when there is none; section names come in a
   * series, so one after another promoted line takes its level while the
   * headings written between them are deeper (an entry's title set large) */
  int level = 2, promoted = 0;
  const cvx_block *seg = bl->head; /* the first block under the last written heading */
  for (cvx_block *b = bl->head; b; b = b->next) {
    if (b->kind == CVX_BLK_HEADING) {
      if (promoted && b->level > promoted) continue;
      promoted = 0;
      level = b->level <= 2 ? 2 : b->level < 6 ? b->level + 1 : 6;
      seg = b->next;
      continue;
    }
    if (!short_line_para(b) || (b->len && (b->text[b->len - 1] == '.' || b->text[b->len - 1] == ','))) continue;
    cvx_rec_kind k = cvx_section_classify(b->text, b->len);
    bool bold = bold_title(b, bold_named);
    if ((k == CVX_REC_SECTION || words_over(b->text, b->len, 4)) && !bold) continue;
    if (pure_only && !bold && !cvx_section_pure(b->text, b->len)) continue;
    /* under a section's heading, one of a series of bold labels ("Languages",
     * "Backend", "Mobile" over their lists) is a label like the others, not a
     * section heading (under the page's title such lines can be the page's
     * section names, set in bold like its entries' names) */
    if (level > 2 && cvx_block_strong(b) == b->len) {
      int labels = 0, seen = 0;
      for (const cvx_block *x = seg; x && x->kind != CVX_BLK_HEADING && seen < 64; x = x->next, seen++)
        labels += x != b && short_line_para(x) && cvx_block_strong(x) == x->len &&
                  cvx_section_classify(x->text, x->len) == CVX_REC_SECTION;
      if (labels >= 2) continue;
    }
    b->kind = CVX_BLK_HEADING; /* not read again: the level stays the written heading's */
    b->level = level;
    promoted = level;
  }
}

/* The first block past heading h's content: the next heading of its level
 * or above (NULL at the end). */
static const cvx_block *heading_reach(const cvx_block *h) {
  const cvx_block *r = h->next;
  while (r && !(r->kind == CVX_BLK_HEADING && r->level <= h->level)) r = r->next;
  return r;
}

/* True when [first, end) holds two lines at least and only names: lines of
 * a few words (five at most), with no label's colon and no sentence's end. */
static bool names_only(const cvx_block *first, const cvx_block *end) {
  int lines = 0;
  for (const cvx_block *x = first; x && x != end; x = x->next) {
    if (x->kind == CVX_BLK_RULE || !x->text || !x->len) continue;
    for (const char *q = x->text, *stop = x->text + x->len; q < stop;) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      size_t n = (size_t)((nl ? nl : stop) - q);
      while (n && is_ws((unsigned char)q[n - 1])) n--;
      if (n) {
        if (words_over(q, n, 5) || memchr(q, ':', n) || q[n - 1] == '.' || ++lines > 400) return false;
      }
      q = nl ? nl + 1 : stop;
    }
  }
  return lines >= 2;
}

/* True when every line of [first, end) is a short name (five words at
 * most, no sentence's end) or a list of them ("Python, SQL, Airflow",
 * "Data: Airflow, dbt, Spark": three words at most an item, two items or
 * more), and none holds a date: what a list section holds, never an
 * entry's head. */
static bool lists_only(const cvx_block *first, const cvx_block *end) {
  int lines = 0;
  for (const cvx_block *x = first; x && x != end; x = x->next) {
    if (x->kind == CVX_BLK_RULE || !x->text || !x->len) continue;
    for (const char *q = x->text, *stop = x->text + x->len; q < stop;) {
      const char *nl = memchr(q, '\n', (size_t)(stop - q));
      piece l = trim_piece((piece){q, (size_t)((nl ? nl : stop) - q)});
      q = nl ? nl + 1 : stop;
      if (!l.n) continue;
      cvx_daterange d;
      if (++lines > 400 || cvx_date_find(l.s, l.n, &d)) return false;
      piece lab, val;
      if (split_label(l, &lab, &val) && val.n && !words_over(lab.s, lab.n, 3)) l = val;
      if (!words_over(l.s, l.n, 5) && l.s[l.n - 1] != '.') continue;
      piece items[MAX_SEGS];
      int k = split_list(l, items, MAX_SEGS);
      if (k < 2) return false;
      for (int i = 0; i < k; i++)
        if (words_over(items[i].s, items[i].n, 3)) return false;
    }
  }
  return lines >= 1;
}

/* The section kind heading h's content votes for. */
static cvx_rec_kind content_vote(const cvx_block *h) {
  bool talks;
  return cvx_section_vote(h->next, heading_reach(h), &talks);
}

/* True when heading h holds a deeper heading that names a known section:
 * h is the page's title over them ("# Jane Roe" over "## Work"), not a
 * section of its own. */
static bool groups_sections(const cvx_block *h) {
  const cvx_block *reach = heading_reach(h);
  for (const cvx_block *x = h->next; x != reach; x = x->next)
    if (x->kind == CVX_BLK_HEADING && heading_kind(x) != CVX_REC_SECTION && !entry_title_heading(x)) return true;
  return false;
}

/* True when block b, first under a heading and followed by more before
 * reach, is a paragraph of sentences: the person's summary over their
 * contacts ("## BSN, RN" / "Dedicated and compassionate nurse with…" /
 * contacts). */
static bool summary_over(const cvx_block *b, const cvx_block *reach) {
  return b && b != reach && b->kind == CVX_BLK_PARA && b->text && b->next != reach &&
         (sentence_lines(b->text, b->len) || is_prose(b->text, b->len));
}

/* True when heading h holds only a few short undated lines, one of them a
 * link or an address, perhaps under a paragraph of sentences: contacts ("jane@example.org", "github.com/jane"), not
 * a section's entries or sentences; or nothing at all (the contacts were
 * icons, or a theme set them beside it); or, first, a sub-heading of the
 * person's own details ("### About", "### Contact"). */
static bool contact_lines(const cvx_block *h) {
  const cvx_block *reach = heading_reach(h);
  const cvx_block *first = h->next;
  while (first != reach && first->kind == CVX_BLK_RULE) first = first->next;
  if (first == reach) return true;
  if (first->kind == CVX_BLK_HEADING && heading_kind(first) == CVX_REC_BASICS) return true;
  if (summary_over(first, reach)) first = first->next;
  int n = 0;
  bool contact = false;
  for (const cvx_block *x = first; x != reach; x = x->next) {
    if (x->kind == CVX_BLK_RULE) continue;
    /* (the sections it holds start: "## BSN, RN" over contacts over "### Work") */
    if (x->kind == CVX_BLK_HEADING && heading_kind(x) != CVX_REC_SECTION) break;
    if ((x->kind != CVX_BLK_PARA && x->kind != CVX_BLK_ITEM) || !x->text || ++n > 12 ||
        memchr(x->text, '\n', x->len) || words_over(x->text, x->len, 8))
      return false;
    cvx_daterange d;
    if (cvx_date_find(x->text, x->len, &d)) return false;
    contact |= cvx_block_nlinks(x) > 0 || memchr(x->text, '@', x->len) != NULL;
  }
  return contact;
}

/* Whether what heading h holds names the person's own contacts: an
 * e-mail, a link to an account on a known network, or a place alone on a
 * line. */
static bool own_contacts(cvx_doc *doc, const cvx_block *h) {
  const cvx_block *reach = heading_reach(h);
  for (const cvx_block *x = h->next; x && x != reach; x = x->next) {
    if (!x->text || x->kind == CVX_BLK_HEADING) continue;
    if (memchr(x->text, '@', x->len) || place_alone((piece){x->text, x->len})) return true;
    for (size_t i = 0; i < cvx_block_nlinks(x); i++) {
      const char *user = NULL;
      if (cvx_profile_network(doc->arena, cvx_block_links(x)[i].url, &user)) return true;
    }
  }
  return false;
}

/* A user name alone ("janeroe42", "jane_roe"): one word in lower case with a
 * digit or an underscore. */
static bool handle(piece p) {
  bool mark = false;
  for (size_t i = 0; i < p.n; i++) {
    unsigned char ch = (unsigned char)p.s[i];
    if (ch == ' ' || isupper(ch)) return false;
    mark |= isdigit(ch) || ch == '_';
  }
  return mark && p.n && isalpha((unsigned char)p.s[0]);
}

/* The run of lines that ends the person's details under a heading of
 * theirs ("About" over a city, an e-mail, a phone, then "Graphics" /
 * "OpenGL ES" / "WebGL" …: a sidebar's skills set under its contacts):
 * four lines at least after the last one that holds a contact (a link, an
 * e-mail, a phone number), each alone in its paragraph or item, of a few
 * words, no date, when what they hold votes for a list kind (skills,
 * languages, interests). Returns the run's first block and sets *kind, or
 * NULL. */
static cvx_block *details_tail(ctx *c, cvx_block *first, cvx_block *end, cvx_rec_kind *kind) {
  cvx_block *run = NULL;
  int n = 0, named = 0;
  bool contact = false, listed = false; /* listed: the run opens with "Label: item, item, item" */
  for (cvx_block *x = first; x && x != end; x = x->next) {
    if (x->kind == CVX_BLK_RULE) continue;
    /* (a paragraph "Label: item, item, item", over lines or not, is a
     * run of a list's lines by itself: its label and each line count) */
    piece lab, val;
    if (x->kind == CVX_BLK_PARA && x->text && split_label((piece){x->text, x->len}, &lab, &val) && val.n &&
        !memchr(val.s, '@', val.n) && val.s[val.n - 1] != '.') {
      int commas = 0, lines = 1;
      bool told = false; /* (a sentence ended inside: prose) */
      for (size_t i = 0; i < val.n; i++) {
        commas += val.s[i] == ',', lines += val.s[i] == '\n';
        told |= val.s[i] == '.' && i + 1 < val.n && val.s[i + 1] == ' ';
      }
      if (commas >= 2 && !told) {
        if (!run) run = x, named = 0, listed = true;
        n += lines + 1; /* (its label, and its items) */
        continue;
      }
    }
    if ((x->kind != CVX_BLK_PARA && x->kind != CVX_BLK_ITEM) || !x->text || memchr(x->text, '\n', x->len) ||
        words_over(x->text, x->len, 6)) {
      /* (a block of lines of contacts, "Email | jane@…" over "Phone | …") */
      size_t a, z;
      if (x->text && x->kind != CVX_BLK_HEADING && memchr(x->text, '\n', x->len) && x->len < 400 &&
          (cvx_block_nlinks(x) || memchr(x->text, '@', x->len) || cvx_phone_find(x->text, x->len, &a, &z) ||
           address_rows(c, x, x->next) >= 2))
        contact = true;
      run = NULL; /* (a heading, a paragraph of sentences: no run yet) */
      n = 0;
      continue;
    }
    piece p = trim_piece((piece){x->text, x->len});
    const char *v;
    size_t a, z;
    cvx_daterange d;
    /* (so is a label of the person's details, "Contact", and a line of
     * their address: a number first, "312 Alder St.", or a place) */
    cvx_rec_kind names = cvx_section_classify(p.s, p.n);
    bool holds = cvx_block_nlinks(x) > 0 || memchr(p.s, '@', p.n) || cvx_phone_find(p.s, p.n, &a, &z) ||
                 cvx_url_find(c->doc->arena, p.s, p.n, &v, &a, &z) || names == CVX_REC_BASICS ||
                 (p.n && isdigit((unsigned char)p.s[0])) || cvx_location_find(p.s, p.n, &a, &z) || handle(p);
    if (holds) {
      contact = true;
      run = NULL;
      n = 0;
      continue;
    }
    if (cvx_date_find(p.s, p.n, &d)) {
      run = NULL;
      n = 0;
      continue;
    }
    if (!run) run = x, named = 0, listed = false;
    n++;
    named += names != CVX_REC_SECTION;
  }
  /* (lines that name sections, half of them at least, are a page's menu) */
  if (!contact || !run || n < 4 || 2 * named >= n) return NULL;
  bool talks;
  cvx_rec_kind k = listed ? cvx_section_vote_lists(run, end, &talks) : cvx_section_vote(run, end, &talks);
  if (!list_kind(k)) return NULL;
  *kind = k;
  return run;
}

/* Whether [first, end) is a short run of running prose: one to three
 * paragraphs of sentences (each ends as one does), a dozen words or more in
 * all, no date, address or link: what a profile or summary under its own
 * heading looks like. */
static bool prose_only(const cvx_block *first, const cvx_block *end) {
  int paras = 0;
  bool long_enough = false;
  for (const cvx_block *b = first; b != end; b = b->next) {
    if (b->kind == CVX_BLK_RULE) continue;
    if (b->kind != CVX_BLK_PARA || !b->text || !b->len || ++paras > 3) return false;
    char last = b->text[b->len - 1];
    if (last != '.' && last != '!' && last != '?') return false;
    if (memchr(b->text, '@', b->len) || contains(b->text, b->len, "://", 3) || contains(b->text, b->len, "www.", 4))
      return false;
    cvx_daterange d;
    if (cvx_date_find(b->text, b->len, &d)) return false;
    long_enough |= words_over(b->text, b->len, 12);
  }
  return paras && long_enough;
}

/* Kinds read as lists of names (skills, languages, interests) against kinds
 * read as dated entries (jobs, degrees, papers, awards…). */
static bool list_kind(cvx_rec_kind k) {
  return k == CVX_REC_SKILL || k == CVX_REC_LANGUAGE || k == CVX_REC_INTEREST;
}

/* Whether most of the blocks [first, end) (the first 64) are paragraphs of
 * running prose, headings aside: an essay, not a list of entries. */
static bool mostly_prose(const cvx_block *first, const cvx_block *end) {
  int prose = 0, all = 0;
  for (const cvx_block *b = first; b && b != end && all < 64; b = b->next) {
    if (b->kind == CVX_BLK_RULE || b->kind == CVX_BLK_HEADING || !b->text) continue;
    all++;
    /* (a paragraph whose first line is an entry's dated head, a few words
     * and no sentence, is an entry and its description: "**Engineer** ·
     * Initech · 2020 – present" over "Rebuilt the pipeline.") */
    const char *nl = memchr(b->text, '\n', b->len);
    bool head = nl && cvx_dated_head_line(b->text, (size_t)(nl - b->text));
    prose += b->kind == CVX_BLK_PARA && !head && is_prose(b->text, b->len);
  }
  return all && prose * 2 >= all;
}

/* How many of the blocks [first, end) hold a date, counting to two and
 * looking at no more than 64 blocks. */
static int dated_blocks(const cvx_block *first, const cvx_block *end) {
  int n = 0, seen = 0;
  for (const cvx_block *b = first; b && b != end && n < 2 && seen < 64; b = b->next, seen++) {
    cvx_daterange d;
    n += b->text && cvx_date_find(b->text, b->len, &d);
  }
  return n;
}

/* The kind that heading h's sub-sections agree on, or CVX_REC_SECTION: each
 * heading one level under h (the shallowest level in [h->next, reach)) is
 * read by its words, or when they name no kind by what it holds (groups of
 * software or projects count as skills beside skills, as they do under a
 * known Skills heading). With at least two such kinds found, one kind for
 * all makes h a section of that kind: a heading in no word list over
 * "Programming" / "Electronics" / "Machine Shop" is a skills section. *mixed
 * is set when lists stand beside dated entries (skills beside jobs), or
 * sub-sections of several dated entries each read as different kinds (jobs
 * beside degrees): those are sections h groups. Sub-headings that are
 * entries themselves (dated, or over content with one date) make h one
 * section of entries, for its whole content to vote on. */
static cvx_rec_kind children_kind(const cvx_block *h, const cvx_block *reach, bool *mixed) {
  *mixed = false;
  int lv = 7;
  for (const cvx_block *x = h->next; x != reach; x = x->next)
    if (x->kind == CVX_BLK_HEADING && x->level < lv) lv = x->level;
  int count[CVX_REC__COUNT] = {0}, total = 0, kinds = 0, lists = 0;
  bool multi = true; /* every sub-section read holds several dated entries */
  for (const cvx_block *x = h->next; x != reach; x = x->next) {
    if (x->kind != CVX_BLK_HEADING || x->level != lv) continue;
    /* a dated sub-heading ("2014 - 2016 Consultant, Acme"), or one over
     * content with a single date ("Consultant · Acme" over "2014 - 2016"),
     * opens an entry: h's content is one section of entries, for the whole
     * to vote on */
    int dated = dated_blocks(x, heading_reach(x));
    if (dated == 1) return CVX_REC_SECTION;
    cvx_rec_kind xk = heading_kind(x);
    if (xk == CVX_REC_SECTION) xk = content_vote(x);
    if (xk == CVX_REC_SECTION || xk == CVX_REC_BASICS) continue;
    count[xk]++;
    total++;
    multi &= dated >= 2;
  }
  if (count[CVX_REC_SKILL]) {
    count[CVX_REC_SKILL] += count[CVX_REC_PROJECT];
    count[CVX_REC_PROJECT] = 0;
  }
  cvx_rec_kind only = CVX_REC_SECTION;
  for (int k = 0; k < CVX_REC__COUNT; k++)
    if (count[k]) kinds++, lists += list_kind((cvx_rec_kind)k), only = (cvx_rec_kind)k;
  *mixed = kinds >= 2 && ((lists && lists < kinds) || multi);
  return kinds == 1 && total >= 2 ? only : CVX_REC_SECTION;
}

/* A section heading with nothing under it but headings of its own level
 * ("Skills" / "Programming" / "Software", "EXPERIENCE" / "[ Acme ]" / "[ Initech ]",
 * all made level 1 by a plain-text or themed page that has one heading style)
 * is the parent of those headings: they sit one level down until a heading of
 * a higher level comes, or one of the same level that names another kind of
 * section and holds content that reads as that kind, or as any kind but the
 * parent's (in one pass; a heading a level deeper than the children moves
 * down too). */
static void nest_under_empty_sections(const cvx_blocks *bl) {
  for (cvx_block *h = bl->head, *x; h; h = x) {
    x = h->next;
    if (h->kind != CVX_BLK_HEADING || h->level >= 6) continue;
    while (x && x->kind == CVX_BLK_RULE) x = x->next;
    if (!x || x->kind != CVX_BLK_HEADING || x->level != h->level) continue;
    /* the same heading twice (a page's tab label over its section), or a
     * heading of the same kind with sub-headings of its own ("EXPERIENCE:-"
     * over "WORK EXPERIENCE" over jobs): the second one is the section's */
    if (x->len == h->len && strncasecmp(x->text, h->text, x->len) == 0) continue;
    cvx_rec_kind k = heading_kind(h);
    if (!entry_heading_kind(k)) continue;
    if (heading_kind(x) == k && x->next && x->next->kind == CVX_BLK_HEADING && x->next->level > x->level) continue;
    for (; x; x = x->next) {
      if (x->kind != CVX_BLK_HEADING) continue;
      if (x->level < h->level) break;
      if (x->level == h->level) {
        cvx_rec_kind xk = heading_kind(x);
        if (xk != CVX_REC_SECTION && xk != k) {
          /* "Software" names a section of its own, unless what it holds reads
           * as the parent's kind (a list of tools under Skills) */
          cvx_rec_kind v = content_vote(x);
          if (v == xk || (v != k && v != CVX_REC_SECTION)) break;
        }
      }
      if (x->level < 6) x->level++;
    } /* x: the heading that ended the children (or none): looked at next */
  }
}

/* Tags set as headings: a run of two or more headings of one level, each
 * of a dozen words at most, right under a heading of a higher level and with nothing
 * under any of them ("Programming" over <h6>Python</h6> <h6>R</h6>), is a
 * list of items, not a run of empty sections. */
static void tags_as_items(const cvx_blocks *bl) {
  for (cvx_block *h = bl->head; h;) {
    cvx_block *x = h->next;
    if (h->kind != CVX_BLK_HEADING || !x || x->kind != CVX_BLK_HEADING || x->level <= h->level) {
      h = x;
      continue;
    }
    int lv = x->level, run = 0;
    cvx_block *y = x;
    /* (a tag of a few words, or of a dozen on one line with no separator:
     * "Comfortable with hand tools", "Experience with welding";
     * empty headings that long are no entries' titles; one a page wrapped,
     * or one a list would split, "Myths and Legends; Modern Poetry",
     * stays a heading) */
    for (; y && y->kind == CVX_BLK_HEADING && y->level == lv &&
           !words_over(y->text, y->len, strpbrk(y->text, "\n\t,;:") ? 4 : 12);
         y = y->next)
      run++;
    /* the run must end where the heading's content ends: at a heading of a
     * higher level, or the end (content or a deeper heading would belong to
     * the last tag) */
    if (run < 2 || !(!y || (y->kind == CVX_BLK_HEADING && y->level < lv))) {
      h = x;
      continue;
    }
    for (cvx_block *z = x; z != y; z = z->next) {
      z->kind = CVX_BLK_ITEM;
      z->level = 0;
    }
    h = y; /* the blocks before y are settled; y may head tags of its own */
  }
}

/* A list item whose first line is followed by short paragraphs indented under
 * it (a theme's "• 2019" with its school, degree and field as paragraphs
 * inside the same bullet; "- Acme Corp" / blank / "  Engineer" / blank /
 * "  2019 - 2021" in a text or Markdown CV) holds one entry's header: those
 * lines are the item's own, joined into it, as a reader sees them under one
 * bullet. Only lines that could head an entry are joined (at most twelve
 * words, no sentence end): a paragraph of prose under the item stays its
 * description, and so does everything after it. In a list of skills the
 * lines under an item are its keywords, not a header: only sections of
 * entries are read so. */
static bool header_fragment(const cvx_block *b) {
  if (!b->text || !b->len || b->len > 160 || memchr(b->text, '\n', b->len)) return false;
  char last = b->text[b->len - 1];
  if (last == '.' || last == '!' || last == '?' || last == ':' || words_over(b->text, b->len, 12)) return false;
  /* "Awarded on: May 2016", "GPA: 3.9": a labelled detail the entry's
   * reader takes as it is */
  const char *colon = memchr(b->text, ':', b->len);
  return !(colon && colon - b->text < 30 && colon[1] == ' ');
}

/* The indentation (leading spaces and tabs, in bytes) of the source line
 * that holds the start of sp, or -1 when unknown; *after tells whether
 * something else (a list marker) stands between that indentation and sp.
 * Reads no more than 512 bytes back. */
static int line_indent(const cvx_doc *doc, cvx_span sp, bool *after) {
  if (!cvx_span_valid(sp) || sp.start >= doc->src->len) return -1;
  const char *t = doc->src->text;
  size_t ls = sp.start;
  for (size_t k = 0; ls > 0 && !cvx_eol(t[ls - 1]); ls--)
    if (++k > 512) return -1;
  size_t n = 0;
  while (ls + n < sp.start && (t[ls + n] == ' ' || t[ls + n] == '\t')) n++;
  if (after) *after = ls + n < sp.start;
  return (int)n;
}

/* An entry's title heading with deeper short headings right under it and
 * nothing else before the next entry's heading (a themed page's
 * "### Example University" / "##### Springfield, IL" / "#### BSc Biology",
 * or "### Acme" / "#### Engineer" / "##### 2019 - 2021" in a Markdown CV):
 * the deeper headings are the lines of that entry's header, not entries or
 * sections of their own; they become one paragraph under the title. A run
 * followed by content (bullets, a paragraph) is left alone: there the deeper
 * headings can be roles of a group, each over its own description. */
static void heading_lines(ctx *c, cvx_block *first, const cvx_block *end) {
  for (cvx_block *t = first; t && t != end; t = t->next) {
    if (t->kind != CVX_BLK_HEADING || !header_fragment(t)) continue;
    cvx_block *x = t->next;
    int run = 0;
    while (x && x != end && x->kind == CVX_BLK_HEADING && x->level > t->level && header_fragment(x) && run < 8) {
      x = x->next;
      run++;
    }
    if (!run || (x && x != end && !(x->kind == CVX_BLK_HEADING && x->level <= t->level))) continue;
    cvx_block *h = t->next;
    h->kind = CVX_BLK_PARA;
    h->level = 0;
    cvx_block_set_strong(c->doc->arena, h, 0);
    for (int i = 1; i < run; i++) join_next(c, h);
    t = h;
  }
}

static void item_paragraphs(ctx *c, cvx_block *first, const cvx_block *end) {
  for (cvx_block *b = first; b && b != end; b = b->next) {
    /* an item of many words is a sentence whose wrapped lines follow it */
    if (b->kind != CVX_BLK_ITEM || !header_fragment(b) || words_over(b->text, b->len, 8)) continue;
    /* the lines are set in under the bullet: a paragraph at the bullet's
     * own margin is not the item's, whatever level a reader gave it */
    /* when the marker is on the item's line, its lines go in past it (a
     * text reader's levels are a guess); an item whose text stands on a
     * line of its own came nested from the Markdown itself */
    bool marked;
    int col = line_indent(c->doc, b->span, &marked);
    if (col < 0) continue;
    for (int joined = 0; joined < 8; joined++) {
      cvx_block *x = b->next;
      if (!x || x == end || x->kind != CVX_BLK_PARA || x->level != b->level + 1 || !header_fragment(x) ||
          (marked && line_indent(c->doc, x->span, NULL) <= col))
        break;
      join_next(c, b);
    }
  }
}

/* A section name set in a column of its own beside the first entry, read
 * into one heading line ("Work<TAB>Post Doctorate Research Associate", a
 * PDF or copied page with the section labels in a left column): the section
 * heading, and the rest a heading one level down. */
static void split_side_labels(cvx_doc *doc, cvx_blocks *bl) {
  for (cvx_block *b = bl->head; b; b = b->next) {
    if (b->kind != CVX_BLK_HEADING || b->level >= 6 || !b->text) continue;
    const char *tab = memchr(b->text, '\t', b->len);
    if (!tab) continue;
    size_t k = (size_t)(tab - b->text);
    piece label = trim_piece((piece){b->text, k}), rest = trim_piece((piece){tab + 1, b->len - k - 1});
    if (!label.n || !rest.n || !has_alnum(rest.s, rest.n)) continue;
    cvx_rec_kind kind = cvx_section_classify(label.s, label.n);
    if (kind == CVX_REC_SECTION) continue;
    cvx_block *nb = cvx_arena_alloc(doc->arena, sizeof *nb);
    *nb = *b;
    nb->text = rest.s;
    nb->len = (uint32_t)rest.n;
    nb->level = b->level + 1;
    cvx_block_set_strong(doc->arena, nb, 0);
    b->text = cvx_arena_strndup(doc->arena, label.s, label.n); /* the heading's text ends at its label */
    b->len = (uint32_t)label.n;
    cvx_block_set_links(doc->arena, b, NULL, 0);
    nb->next = b->next;
    b->next = nb;
    if (bl->tail == b) bl->tail = nb;
    bl->n++;
    b = nb;
  }
}

/* A table row with words in one cell only, the others empty or marks
 * ("🟢" | "Acme · Engineer · 2019 ~ 2021"), is that cell's paragraph: the
 * table laid out the page, it holds no columns of data. */
static void unwrap_one_cell_rows(cvx_doc *doc, const cvx_blocks *bl) {
  for (cvx_block *b = bl->head; b; b = b->next) {
    if (b->kind != CVX_BLK_ROW || !b->text) continue;
    const char *cell = NULL, *stop = b->text + b->len;
    size_t cn = 0;
    int worded = 0;
    for (const char *q = b->text; q <= stop && worded < 2;) {
      const char *tab = memchr(q, '\t', (size_t)(stop - q));
      const char *e = tab ? tab : stop;
      piece w = strip_symbols((piece){q, (size_t)(e - q)});
      if (w.n && has_alnum(w.s, w.n)) {
        worded++;
        cell = q;
        cn = (size_t)(e - q);
      }
      if (!tab) break;
      q = tab + 1;
    }
    if (worded != 1 || cn == b->len) continue;
    piece t = trim_piece((piece){cell, cn});
    b->kind = CVX_BLK_PARA;
    b->level = 0;
    b->text = t.s;
    b->len = (uint32_t)t.n;
    cvx_block_set_strong(doc->arena, b, 0);
  }
}

/* A paragraph that is nothing but one or more links written out
 * ("https://…", "www.…"). */
static bool url_only(const cvx_block *b) {
  if (b->kind != CVX_BLK_PARA || !b->text || !b->len) return false;
  for (size_t i = 0; i < b->len;) {
    while (i < b->len && is_ws((unsigned char)b->text[i])) i++;
    if (i >= b->len) break;
    if (!starts_ci(b->text + i, b->len - i, "http://") && !starts_ci(b->text + i, b->len - i, "https://") &&
        !starts_ci(b->text + i, b->len - i, "www."))
      return false;
    while (i < b->len && !is_ws((unsigned char)b->text[i])) i++;
  }
  return true;
}

/* The length of the run of one-line list items at b that each name a
 * section and nothing else ("• About" / "• Work Experience" / "• Skills"):
 * a page's navigation menu when two or more; 0 otherwise. */
static size_t menu_items(const cvx_block *b) {
  size_t k = 0;
  for (; b && b->kind == CVX_BLK_ITEM && b->text && !memchr(b->text, '\n', b->len) && b->len <= 60 &&
         cvx_section_pure(b->text, b->len);
       b = b->next)
    k++;
  return k >= 2 ? k : 0;
}

/* A page's furniture above the person, as copied text has it: a skip link
 * ("Skip to content"), the label of a portrait ("avatar", "Profile photo"),
 * a menu's or a dialog's button ("Menu", "×"), the navigation menu (items
 * naming sections only). Such blocks at the head of the stream are taken
 * out of it (the person's name comes after them); their text stays visible
 * in meta.cvx.unmapped. */
static void drop_head_furniture(cvx_blocks *bl) {
  static const char *const furniture[] = {"skip to content", "skip to main content", "skip navigation",
                                          "skip to navigation", "toggle navigation", "avatar", "photo",
                                          "profile photo", "profile picture", "profile image", "portrait",
                                          "menu", "\xC3\x97", NULL};
  while (bl->head && bl->head->next) {
    size_t menu = menu_items(bl->head);
    if (menu) { /* the blocks after it hold the person, or the menu is no menu */
      const cvx_block *after = bl->head;
      for (size_t i = 0; i < menu && after; i++) after = after->next;
      if (!after) return;
      for (size_t i = 0; i < menu; i++) bl->head = bl->head->next, bl->n--;
      continue;
    }
    if (bl->head->kind != CVX_BLK_PARA || !bl->head->text || memchr(bl->head->text, '\n', bl->head->len)) return;
    piece p = trim_piece((piece){bl->head->text, bl->head->len});
    bool hit = false;
    for (int i = 0; furniture[i] && !hit; i++) hit = eq_fold(p.s, p.n, furniture[i]);
    if (!hit) return;
    bl->head = bl->head->next;
    bl->n--;
  }
}

/* A line that repeats the heading right after it ("Education" over
 * "#### Education": a page's caption for small screens) is that heading's
 * copy: read as structure and dropped, not an item of the section above. */
static void drop_heading_captions(cvx_doc *doc, cvx_blocks *bl) {
  cvx_block **pp = &bl->head, *prev = NULL;
  while (*pp) {
    cvx_block *b = *pp, *h = b->next;
    if (b->kind == CVX_BLK_PARA && b->text && h && h->kind == CVX_BLK_HEADING && h->text && b->len <= 60 &&
        !memchr(b->text, '\n', b->len) && !cvx_block_nlinks(b)) {
      piece x = trim_piece((piece){b->text, b->len}), y = trim_piece((piece){h->text, h->len});
      if (x.n && x.n == y.n && strncasecmp(x.s, y.s, x.n) == 0) {
        cvx_doc_take(doc, b->span);
        *pp = h;
        bl->n--;
        continue;
      }
    }
    prev = b;
    pp = &b->next;
  }
  bl->tail = prev;
}

/* Page furniture: a link-only paragraph repeated on every page of an export
 * (a profile URL in each page's footer) falls between the lines of entries
 * and would open entries of its own. Such paragraphs, when the same text
 * comes back at least twice, are taken out of the block stream; their text
 * stays visible in meta.cvx.unmapped. Looks at the first 64 candidates. */
static void drop_page_furniture(cvx_blocks *bl) {
  const cvx_block *cand[64];
  int nc = 0;
  for (const cvx_block *b = bl->head; b && nc < 64; b = b->next)
    if (url_only(b)) cand[nc++] = b;
  bool repeated[64] = {false};
  for (int i = 0; i < nc; i++)
    for (int j = i + 1; j < nc; j++)
      if (cand[i]->len == cand[j]->len && memcmp(cand[i]->text, cand[j]->text, cand[i]->len) == 0)
        repeated[i] = repeated[j] = true;
  cvx_block **pp = &bl->head, *prev = NULL;
  for (int i = 0; *pp;) {
    cvx_block *b = *pp;
    if (i < nc && b == cand[i]) {
      if (repeated[i++]) {
        *pp = b->next;
        bl->n--;
        continue;
      }
    }
    prev = b;
    pp = &b->next;
  }
  bl->tail = prev;
}

/* Is the source line after byte at a Markdown table's delimiter row
 * ("| --- | :---: |"): only pipes, dashes, colons and blanks, with a run of
 * three dashes? */
static bool delimiter_below(const cvx_doc *doc, size_t at) {
  const char *v = doc->view;
  size_t n = doc->src->len, i = at;
  while (i < n && !cvx_eol(v[i])) i++;
  if (i >= n) return false;
  int dashes = 0, run = 0;
  for (i++; i < n && !cvx_eol(v[i]); i++) {
    char ch = v[i];
    if (ch == '-') {
      if (++run > dashes) dashes = run;
      continue;
    }
    run = 0;
    if (ch != '|' && ch != ':' && ch != ' ' && ch != '\t' && ch != '\r') return false;
  }
  return dashes >= 3;
}

/* A row with no figure in it, of short cells, over two or more rows that
 * each hold a date ("Degree | School | Year" over "MSc Robotics | Delft
 * University | 2016"): the names of the columns, where no delimiter row
 * says so (a PDF's or a pasted table). A row after another row is no
 * header. */
static bool names_columns(const cvx_block *prev, const cvx_block *b) {
  if (!b->text || !b->len || (prev && prev->kind == CVX_BLK_ROW)) return false;
  if (b->kind != CVX_BLK_ROW && (b->kind != CVX_BLK_PARA || memchr(b->text, '\n', b->len))) return false;
  for (size_t i = 0; i < b->len; i++)
    if (isdigit((unsigned char)b->text[i])) return false;
  int cells = 1;
  size_t from = 0;
  for (size_t i = 0; i <= b->len; i++)
    if (i == b->len || b->text[i] == '\t') {
      if (words_over(b->text + from, i - from, 3)) return false;
      if (i < b->len) cells++;
      from = i + 1;
    }
  if (cells < 2) return false;
  /* the rows below: table rows, or the lines of one paragraph of cells */
  int dated = 0;
  const cvx_block *r = b->next;
  if (b->kind == CVX_BLK_PARA) {
    if (!r || r->kind != CVX_BLK_PARA || !r->text) return false;
    for (size_t i = 0; i < r->len && dated < 3;) {
      const char *nl = memchr(r->text + i, '\n', r->len - i);
      size_t e = nl ? (size_t)(nl - r->text) : r->len;
      int k = 1;
      for (size_t q = i; q < e; q++) k += r->text[q] == '\t';
      cvx_daterange d;
      if (k != cells || !cvx_date_find(r->text + i, e - i, &d)) return false;
      dated++;
      i = e + 1;
    }
    return dated >= 2;
  }
  for (; r && r->kind == CVX_BLK_ROW && dated < 3; r = r->next) {
    cvx_daterange d;
    if (!r->text || !cvx_date_find(r->text, r->len, &d)) return false;
    dated++;
  }
  return dated >= 2;
}

/* A table's header row ("Period | Position | Company" over its delimiter
 * row and the dated rows) names the columns: it is no entry of the section,
 * so it is set apart as a rule that keeps its text. */
static void table_header_rows(ctx *c, const cvx_doc *doc, const cvx_blocks *bl) {
  const cvx_block *prev = NULL;
  for (cvx_block *b = bl->head; b; prev = b, b = b->next) {
    if (!((b->kind == CVX_BLK_ROW && b->next && b->next->kind == CVX_BLK_ROW && cvx_span_valid(b->span) &&
           b->span.end <= doc->src->len && delimiter_below(doc, b->span.end)) ||
          names_columns(prev, b)))
      continue;
    b->kind = CVX_BLK_RULE;
    /* what its cells name, for the rows under it */
    if (!b->next || b->next->kind != CVX_BLK_ROW || !cvx_span_valid(b->span) ||
        c->ntable_heads >= (int)(sizeof c->table_heads / sizeof c->table_heads[0]))
      continue;
    const cvx_block *last = b->next;
    while (last->next && last->next->kind == CVX_BLK_ROW) last = last->next;
    if (!cvx_span_valid(last->span)) continue;
    int k = c->ntable_heads;
    memset(c->table_heads[k].slot, 0, sizeof c->table_heads[k].slot);
    bool any = false;
    int col = 0;
    for (size_t i = 0, from = 0; i <= b->len && col < 8; i++) {
      if (i < b->len && b->text[i] != '\t') continue;
      piece cell = trim_piece((piece){b->text + from, i - from});
      cvx_label_slot sl = cell.n ? cvx_entry_field_label(cell.s, cell.n) : CVX_FL_NONE;
      c->table_heads[k].slot[col++] = (unsigned char)sl;
      any |= sl != CVX_FL_NONE;
      from = i + 1;
    }
    if (!any) continue;
    cvx_doc_take(c->doc, b->span); /* read, as a heading is */
    c->table_heads[k].start = b->span.end;
    c->table_heads[k].end = last->span.end;
    c->ntable_heads++;
  }
}

/* The blocks below the page's last rule, when they are only the person's
 * contacts ("jane@example.org • +1 555 0100" / a street address), after
 * the sections: a footer that belongs to no section. The rule is cut off
 * the stream there and the first of those blocks returned; NULL (and the
 * stream untouched) when the last section is references (a referee's
 * address), when nothing follows a heading between, or when any block
 * holds more than a few short lines, a date, or no e-mail or phone. */
static cvx_block *contacts_footer(cvx_blocks *bl, cvx_block *top_end) {
  cvx_block *rule = NULL;
  const cvx_block *heading = NULL;
  for (cvx_block *b = top_end; b; b = b->next) {
    if (b->kind == CVX_BLK_HEADING) {
      heading = b;
      rule = NULL;
    } else if (b->kind == CVX_BLK_RULE && heading) {
      rule = b;
    }
  }
  if (!rule || !rule->next || heading_kind(heading) == CVX_REC_REFERENCE) return NULL;
  bool contact = false;
  int n = 0;
  for (const cvx_block *b = rule->next; b; b = b->next) {
    if (b->kind != CVX_BLK_PARA || !b->text || ++n > 3 || words_over(b->text, b->len, 30)) return NULL;
    size_t lines = 1 + count_byte(b->text, '\n', b->len);
    cvx_daterange d;
    if (lines > 4 || cvx_date_find(b->text, b->len, &d)) return NULL;
    size_t a, z;
    contact |= memchr(b->text, '@', b->len) || cvx_phone_find(b->text, b->len, &a, &z);
  }
  if (!contact) return NULL;
  cvx_block *footer = rule->next;
  rule->next = NULL;
  bl->tail = rule;
  return footer;
}

/* CVX_ENTRY_DEBUG also prints the block stream the interpreter receives (after
 * its own reshaping), one block a line: kind, level, first characters. */
static void debug_blocks(const cvx_blocks *bl) {
  static const char kinds[] = "HPIRL";
  for (const cvx_block *b = bl->head; b; b = b->next) {
    fprintf(stderr, "block %c%d%s ", kinds[b->kind], b->level, cvx_block_strong(b) ? "*" : "");
    for (uint32_t i = 0; i < b->len && i < 90; i++) fputc(b->text[i] == '\n' ? '/' : b->text[i], stderr);
    fputc('\n', stderr);
  }
}

/* The bytes of a lead that tells a job in a phrase ("Worked as a", "I have
 * worked as", "Working as", "Served as"), case aside, or 0. */
static size_t role_lead(piece p) {
  static const char *const subjects[] = {"i have ", "i ", NULL};
  static const char *const verbs[] = {"worked as ", "working as ", "work as ", "served as ", "serving as ",
                                      "employed as ", "joined as ", "posted as ", NULL};
  size_t i = 0;
  while (i < p.n && (p.s[i] == '.' || p.s[i] == ' ')) i++;
  for (int k = 0; subjects[k]; k++) {
    size_t l = strlen(subjects[k]);
    if (i + l < p.n && strncasecmp(p.s + i, subjects[k], l) == 0) {
      i += l;
      break;
    }
  }
  for (int k = 0; verbs[k]; k++) {
    size_t l = strlen(verbs[k]);
    if (i + l < p.n && strncasecmp(p.s + i, verbs[k], l) == 0) {
      i += l;
      if (i + 2 < p.n && strncasecmp(p.s + i, "a ", 2) == 0) i += 2;
      else if (i + 3 < p.n && strncasecmp(p.s + i, "an ", 3) == 0) i += 3;
      return i;
    }
  }
  return 0;
}

/* A job told in one phrase where a position goes ("Worked as Senior
 * Systems Engineer for Infosys Limited", "Senior System Engineer in Acme
 * Pvt Ltd, Chennai"): the role before "for", "at", "in" or "with", the
 * organisation after it (its words name one), a place after a comma the
 * job's place; the lead ("Worked as") is no part of the role. The employer
 * is taken only where the entry has none, or has a place where it goes. */
static void role_phrases(ctx *c) {
  static const char *const joins[] = {" for ", " at ", " in ", " with ", NULL};
  for (cvx_record *r = c->doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_WORK) continue;
    cvx_field *f = cvx_record_field(r, "position");
    const char *name = cvx_record_get(r, "name");
    /* the phrase read as the employer's name, a place read as the role
     * ("Worked as Harbour Pilot with Acme Marine" / "Dundee") */
    cvx_field *moved = NULL;
    if (name && (!f || !f->value || place_alone((piece){f->value, strlen(f->value)})) &&
        role_lead((piece){name, strlen(name)}))
      moved = f, f = cvx_record_field(r, "name"), name = NULL;
    if (!f || !f->value) continue;
    piece p = {f->value, strlen(f->value)};
    if (p.n > 160) continue;
    size_t lead = role_lead(p);
    piece rest = trim_piece((piece){p.s + lead, p.n - lead});
    if (!rest.n) continue;
    bool name_place = name && place_alone((piece){name, strlen(name)});
    piece role = rest, org = {0}, place = {0};
    for (int k = 0; joins[k] && !org.n && (!name || name_place); k++) {
      size_t jl = strlen(joins[k]);
      for (size_t i = 0; i + jl < rest.n; i++) {
        if (strncasecmp(rest.s + i, joins[k], jl) != 0) continue;
        piece left = trim_piece((piece){rest.s, i}), right = trim_piece((piece){rest.s + i + jl, rest.n - i - jl});
        piece where = {0};
        /* (the organisation ends at the next joining word: "the Example
         * Lab with Jane Roe") */
        for (int k2 = 0; joins[k2]; k2++) {
          size_t l2 = strlen(joins[k2]);
          for (size_t q = 0; q + l2 < right.n; q++)
            if (strncasecmp(right.s + q, joins[k2], l2) == 0) {
              right.n = q;
              break;
            }
        }
        if (right.n > 4 && strncasecmp(right.s, "the ", 4) == 0) right = trim_piece((piece){right.s + 4, right.n - 4});
        const char *comma = memchr(right.s, ',', right.n);
        if (comma) {
          where = trim_piece((piece){comma + 1, (size_t)(right.s + right.n - comma - 1)});
          right = trim_piece((piece){right.s, (size_t)(comma - right.s)});
          if (!place_alone(where)) break;
        }
        if (!left.n || !right.n || words_over(left.s, left.n, 6) || words_over(right.s, right.n, 6) ||
            (!lead && cvx_role_score(left.s, left.n) <= 0) || cvx_org_score(right.s, right.n) <= 0 ||
            cvx_role_score(right.s, right.n) > 0)
          break;
        role = left, org = right, place = where;
        break;
      }
    }
    if (!org.n && (!lead || moved)) continue;
    if (!org.n && cvx_role_score(rest.s, rest.n) <= 0) continue;
    cvx_span at = f->span;
    if (moved && moved->value && !cvx_record_get(r, "location"))
      cvx_record_set(c->doc, r, "location", moved->value, moved->span);
    char *v = cvx_arena_strndup(c->doc->arena, role.s, role.n);
    cvx_span rs = cvx_doc_locaten(c->doc, at, role.s, role.n);
    if (org.n) {
      char *o = cvx_arena_strndup(c->doc->arena, org.s, org.n);
      cvx_span os = cvx_doc_locaten(c->doc, at, org.s, org.n);
      if (name_place && !cvx_record_get(r, "location"))
        cvx_record_set(c->doc, r, "location", name, cvx_record_field(r, "name")->span);
      cvx_record_set(c->doc, r, "name", o, cvx_span_valid(os) ? os : at);
      if (place.n && !cvx_record_get(r, "location")) {
        char *w = cvx_arena_strndup(c->doc->arena, place.s, place.n);
        cvx_span ws = cvx_doc_locaten(c->doc, at, place.s, place.n);
        cvx_record_set(c->doc, r, "location", w, cvx_span_valid(ws) ? ws : at);
      }
    }
    cvx_record_set(c->doc, r, "position", v, cvx_span_valid(rs) ? rs : at);
  }
}

cvx_status cvx_interpret(cvx_doc *doc, cvx_blocks *bl, const char *origin) {
  ctx c = {.doc = doc, .origin = origin, .line = CVX_BUF_INIT};
  drop_head_furniture(bl);
  drop_page_furniture(bl);
  drop_heading_captions(doc, bl);
  promote_section_paragraphs(bl);
  unwrap_one_cell_rows(doc, bl);
  table_header_rows(&c, doc, bl);
  split_side_labels(doc, bl);
  tags_as_items(bl);
  nest_under_empty_sections(bl);
  c.first_block = bl->head;
  if (cvx_entryseg_debug()) debug_blocks(bl);
  /* reuse facts already found (front matter) so the body cannot duplicate them */
  for (cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_BASICS) continue;
    c.have_name |= cvx_record_get(r, "name") != NULL;
    c.have_label |= cvx_record_get(r, "label") != NULL;
    c.have_email |= cvx_record_get(r, "email") != NULL;
    c.have_summary |= cvx_record_get(r, "summary") != NULL;
    c.have_url |= cvx_record_get(r, "url") != NULL;
  }
  cvx_block *b = bl->head;
  /* the person block: everything up to the first heading that names a section */
  cvx_block *top_end = b;
  const cvx_block *name_above = NULL; /* the block after a heading that reads as a name */
  int name_level = 0;                  /* that heading's level */
  /* the page's first block that shows something: empty paragraphs and rules
   * above it (what is left of a page's menu or markup) do not make its first
   * heading a later one */
  const cvx_block *first_shown = b;
  while (first_shown && first_shown->next &&
         (first_shown->kind == CVX_BLK_RULE ||
          (first_shown->kind == CVX_BLK_PARA && (!first_shown->text || !has_alnum(first_shown->text, first_shown->len)))))
    first_shown = first_shown->next;
  while (top_end) {
    if (top_end->kind == CVX_BLK_HEADING) {
      cvx_rec_kind k = cvx_section_classify(top_end->text, strlen(top_end->text));
      if (k != CVX_REC_BASICS && k != CVX_REC_SECTION) break;
      /* an unknown heading after the first one starts a section too, and so
       * does a first one whose content votes for a section kind (a page
       * whose title came in its front matter) */
      bool person = cvx_is_person_name(top_end->text, strlen(top_end->text));
      /* a short heading set deeper right under the person's name heading,
       * over contacts, is the headline ("### Jane Roe" / "##### Data
       * Engineer" / a place, links), as one of the name's level or above
       * is (below) */
      if (k == CVX_REC_SECTION && !person && top_end != first_shown && name_above == top_end &&
          top_end->level > 2 && top_end->level > name_level && top_end->text &&
          !words_over(top_end->text, top_end->len, 8) && contact_lines(top_end)) {
        top_end = top_end->next;
        continue;
      }
      if (k == CVX_REC_SECTION && (top_end->level > 2 || person) && top_end != first_shown) {
        /* a heading that reads like a name ("Occupational Record"), or a
         * sub-heading ("### Diplomas Earned") over anything but an essay,
         * over content that votes for a section kind is that section's, and
         * so is one over a few sentences ("A Few Words"): not a headline;
         * but a name heading over headings naming known sections is the
         * page's title ("# Jane Roe" over "## Work") */
        const cvx_block *reach = heading_reach(top_end);
        if (!(person && top_end->level <= 2 && groups_sections(top_end))) {
          if (prose_only(top_end->next, reach)) break;
          if (content_vote(top_end) != CVX_REC_SECTION && (person || !mostly_prose(top_end->next, reach))) break;
        }
      }
      if (k == CVX_REC_SECTION && top_end->level <= 2 && !person) {
        /* a short heading right under the person's name heading, over
         * contacts that vote for no section, is the headline ("# Jane Roe" /
         * "## Data Engineer" / email, links) */
        cvx_rec_kind under = CVX_REC_WORK;
        if (top_end != first_shown && name_above == top_end) {
          /* (what the contacts vote for: a summary above them is prose) */
          const cvx_block *from = top_end->next, *reach = heading_reach(top_end);
          if (summary_over(from, reach)) from = from->next;
          bool t2;
          under = cvx_section_vote(from, reach, &t2);
        }
        /* so is one right under the name over the page's known sections
         * ("# Jane Roe" / "## Data Engineer" / "### About", "### Work") */
        bool over_sections = top_end != first_shown && name_above == top_end && groups_sections(top_end);
        /* (over an account on a known network, an e-mail or a place, the
         * vote of a few short lines does not count: "## Data Engineer" over
         * "Leeds, UK" and linked user names) */
        bool headline = (under == CVX_REC_SECTION || under == CVX_REC_BASICS || over_sections ||
                         own_contacts(c.doc, top_end)) &&
                        top_end->text && !words_over(top_end->text, top_end->len, 8) && contact_lines(top_end);
        if (top_end != first_shown && !headline) break;
        if (headline) {
          top_end = top_end->next;
          continue;
        }
        const cvx_block *reach = top_end->next;
        bool groups = false; /* it holds known sections: the page's title, not a section */
        for (; reach && !(reach->kind == CVX_BLK_HEADING && reach->level <= top_end->level); reach = reach->next)
          groups |= reach->kind == CVX_BLK_HEADING && heading_kind(reach) != CVX_REC_SECTION;
        bool talks;
        if (!groups && cvx_section_vote(top_end->next, reach, &talks) != CVX_REC_SECTION) break;
      }
      name_above = person ? top_end->next : NULL;
      if (person) name_level = top_end->level;
    }
    top_end = top_end->next;
  }
  if (b && b != top_end) {
    /* (a run of a list kind's lines under the contacts is that section's) */
    cvx_rec_kind tail_kind = CVX_REC_SECTION;
    cvx_block *tail = details_tail(&c, b, top_end, &tail_kind);
    parse_person(&c, b, tail ? tail : top_end, true);
    if (tail) parse_section(&c, tail_kind, false, NULL, tail, top_end);
  }
  /* the person's contacts set at the foot of the page, below a rule */
  cvx_block *footer = contacts_footer(bl, top_end);
  /* the level of the outermost section headings */
  int top_level = 7;
  for (cvx_block *x = top_end; x; x = x->next)
    if (x->kind == CVX_BLK_HEADING && x->level < top_level &&
        cvx_section_classify(x->text, strlen(x->text)) != CVX_REC_SECTION)
      top_level = x->level;
  c.top_level = top_level;
  cvx_rec_kind prev_kind = CVX_REC_SECTION;
  int prev_level = 0;
  /* the kind of the section last opened at each heading level (1-6), the
   * deeper ones cleared when one opens: what a heading sits under */
  cvx_rec_kind level_kind[8];
  for (int l = 0; l < 8; l++) level_kind[l] = CVX_REC_SECTION;
  bool prev_empty = false; /* the section before held nothing */
  const cvx_block *prev_h = NULL;
  /* sections */
  b = top_end;
  while (b && !cvx_doc_expired(doc)) {
    cvx_block *h = b;
    cvx_rec_kind kind = heading_kind(h);
    bool talks = kind == CVX_REC_PROJECT && cvx_section_is_talks(h->text, strlen(h->text));
    bool details = false; /* read by the person's reader as a whole */
    /* what the section holds: up to the next heading of its level or above */
    cvx_block *reach = h->next;
    bool holds_sections = false; /* a deeper heading names a section: h groups sections */
    for (; reach && !(reach->kind == CVX_BLK_HEADING && reach->level <= h->level); reach = reach->next)
      if (kind == CVX_REC_SECTION && reach->kind == CVX_BLK_HEADING && !holds_sections)
        holds_sections = heading_kind(reach) != CVX_REC_SECTION && !entry_title_heading(reach);
    /* a heading that names another kind among other words ("Printed
     * Work") over references is one of papers: the references' shape says
     * so */
    if (kind != CVX_REC_SECTION && kind != CVX_REC_PUBLICATION && !talks && h->kind == CVX_BLK_HEADING && h->text &&
        !cvx_section_pure(h->text, strlen(h->text)) && references_only(h->next, reach))
      kind = CVX_REC_PUBLICATION;
    /* …and one over things made, each named and told what it is ("Tools I
     * Wrote" / "tidewatch — a command-line tool that …"), is one of projects */
    if (kind != CVX_REC_SECTION && kind != CVX_REC_PROJECT && h->kind == CVX_BLK_HEADING && h->text &&
        !cvx_section_pure(h->text, strlen(h->text)) && cvx_section_things(h->next, reach))
      kind = CVX_REC_PROJECT, talks = false;
    /* a heading whose words name projects ("Software", "Tools") in a run of
     * skill sections of its level, over names alone that vote for skills,
     * names one more group of skills: as under a Skills heading (below).
     * (Projects told with a role and a description stay projects.) */
    /* (the run may start with it: the next heading of its level names
     * skills, "Software" over "Programming") */
    /* under a skills heading, "Software" names a group of skills, as it
     * does inside the section, also after a sibling read as a section of
     * its own ("Skills" / "### Languages" / "### Software") */
    if (kind == CVX_REC_PROJECT && h->kind == CVX_BLK_HEADING) {
      int l = h->level - 1;
      while (l >= 1 && level_kind[l] == CVX_REC_SECTION) l--;
      if (l >= 1 && level_kind[l] == CVX_REC_SKILL) kind = CVX_REC_SKILL;
    }
    bool skill_beside = (prev_kind == CVX_REC_SKILL && prev_level == h->level) ||
                        (reach && reach->kind == CVX_BLK_HEADING && reach->level == h->level &&
                         heading_kind(reach) == CVX_REC_SKILL);
    if (kind == CVX_REC_PROJECT && h->kind == CVX_BLK_HEADING && skill_beside && !holds_sections &&
        names_only(h->next, reach) && content_vote(h) == CVX_REC_SKILL)
      kind = CVX_REC_SKILL;
    /* a heading that names a kind of dated entries among other words
     * ("What I Work With") over lists of names alone, no date, that vote
     * for a list kind names that list */
    if ((kind == CVX_REC_WORK || kind == CVX_REC_VOLUNTEER || kind == CVX_REC_EDUCATION) && h->kind == CVX_BLK_HEADING &&
        h->text && !holds_sections && !cvx_section_pure(h->text, strlen(h->text)) && lists_only(h->next, reach)) {
      cvx_rec_kind v = content_vote(h);
      if (list_kind(v)) kind = v;
    }
    if (kind == CVX_REC_SECTION && h->kind == CVX_BLK_HEADING) {
      /* sub-sections of differing kinds: h groups them, each is read alone */
      bool mixed;
      cvx_rec_kind ck = children_kind(h, reach, &mixed);
      /* a level-1 heading over sub-headings to the end of the page is the
       * page's title: the sections are under it */
      bool title = false;
      if (!reach && h->level == 1)
        for (const cvx_block *x = h->next; x && !title; x = x->next) title = x->kind == CVX_BLK_HEADING;
      if (holds_sections || mixed || title) {
        kind = ck;
      } else if (address_rows(&c, h->next, reach) >= 2) {
        /* parts of the person's address under their labels ("Location" /
         * "Address" | "Lindenweg 12" / "Region" | "Saxony"): read whole as
         * the person's details */
        kind = CVX_REC_BASICS;
        details = true;
      } else {
        kind = cvx_section_vote(h->next, reach, &talks);
        /* the first section after the person's details, a few sentences
         * under a heading in no word list, is the person's summary, even
         * when the skills its sentences name win the vote of a list kind */
        if ((kind == CVX_REC_SECTION || list_kind(kind)) && h == top_end && !c.have_summary &&
            prose_only(h->next, reach))
          kind = CVX_REC_BASICS;
        /* right after a skills section of its level, a close vote between
         * skills and another kind is skills: one more group of the run
         * ("Software Engineering" over "LaTeX", "Texinfo" after
         * "Development" over "C", "Python") */
        if (kind == CVX_REC_SECTION && prev_kind == CVX_REC_SKILL && prev_level == h->level &&
            cvx_section_vote_near(h->next, reach, CVX_REC_SKILL))
          kind = CVX_REC_SKILL;
        /* lines that name spoken languages and nothing else ("Español -
         * Nativo · Inglés - B1") are the languages section, whatever the
         * vote's words knew of them */
        if ((kind == CVX_REC_SECTION || list_kind(kind)) && languages_only(h->next, reach)) kind = CVX_REC_LANGUAGE;
        if (kind == CVX_REC_SECTION) warn_unread_entries(doc, h, reach);
      }
    }
    else if (doc->section_sink && cvx_secvote_class(kind, talks))
      section_example(doc, kind, talks, h->next, reach);
    if (kind != CVX_REC_SECTION) cvx_doc_take(doc, h->span);
    cvx_block *end = h->next;
    int sub_level = 0; /* the level of the section's first entry sub-heading */
    while (end) {
      if (end->kind == CVX_BLK_HEADING) {
        if (end->level <= h->level) break;
        /* a deeper heading: an entry of this section, unless it names a section itself */
        cvx_rec_kind k2 = heading_kind(end);
        /* under Skills, "Computer Software" or "Tools" name groups of skills */
        if (kind == CVX_REC_SKILL && (k2 == CVX_REC_PROJECT || k2 == CVX_REC_SKILL)) k2 = kind;
        /* and "Languages" over "Java", "Kotlin" names programming languages */
        if (kind == CVX_REC_SKILL && k2 == CVX_REC_LANGUAGE && !spoken_below(end)) k2 = kind;
        /* one that names this section's kind among other words ("Best
         * Presentation Award" under Awards) names one of its entries */
        if (k2 != kind && kind != CVX_REC_SECTION && end->text && cvx_section_names_more(end->text, end->len, kind))
          k2 = kind;
        /* …and so does one that names another kind in a word before its
         * last, which no list has ("Field Work Grant" under Awards; not
         * "Current Classes") */
        if (k2 != kind && k2 != CVX_REC_SECTION && kind != CVX_REC_SECTION && end->text &&
            cvx_section_tail_unknown(end->text, end->len))
          k2 = kind;
        /* …and so does one at the level of the entries' sub-headings above
         * it that names another kind among other words ("Unified Model
         * Training" after "Polar Prediction School" under Certificates) */
        if (k2 != kind && k2 != CVX_REC_SECTION && kind != CVX_REC_SECTION && end->level == sub_level &&
            end->text && !cvx_section_pure(end->text, end->len))
          k2 = kind;
        /* one whose words name no section, over spoken languages alone
         * ("Tongues I Speak" / "German - Fluent"), opens the languages
         * section */
        if (heading_kind(end) == CVX_REC_SECTION && kind != CVX_REC_LANGUAGE &&
            languages_only(end->next, heading_reach(end)))
          k2 = CVX_REC_LANGUAGE;
        if (k2 != CVX_REC_SECTION && k2 != kind && !(end == h->next && entry_title_first(kind, end)) &&
            !entry_title_heading(end))
          break;
        /* under the person's details, a heading in no word list over a link
         * or an address ("#### GitHub" over a linked user name) is one more
         * contact */
        if (!entry_heading_kind(kind) && !(kind == CVX_REC_BASICS && k2 == CVX_REC_SECTION && contact_lines(end)))
          break;
        if (!sub_level) sub_level = end->level;
      }
      end = end->next;
    }
    /* a nested skills heading ("### Programming languages" inside "## Technical
     * Experience") names one group: it is the title of its entry */
    bool group = kind == CVX_REC_SKILL && h->kind == CVX_BLK_HEADING && h->level > top_level;
    c.skill_siblings = false;
    c.group_job = NULL;
    /* (a heading printed twice, the first over nothing, is one section) */
    bool twice = prev_empty && prev_h && prev_h->text && h->text && !strcmp(prev_h->text, h->text);
    if (kind == CVX_REC_SKILL && h->kind == CVX_BLK_HEADING) {
      /* (one whose kind nothing told, an empty "Qt", breaks no run) */
      c.skill_siblings =
          (prev_kind == CVX_REC_SKILL || prev_kind == CVX_REC_SECTION) && prev_level == h->level && !twice;
      if (!c.skill_siblings && end && end->kind == CVX_BLK_HEADING && end->level == h->level) {
        /* by its words, else by what it holds ("Software Engineering" over
         * "LaTeX", "Texinfo"; "Patient Education" over nothing): not
         * References, whose names and firms a vote may take for tags */
        cvx_rec_kind nk = heading_kind(end);
        if (nk != CVX_REC_SKILL && nk != CVX_REC_REFERENCE) {
          const cvx_block *r2 = end->next;
          while (r2 && !(r2->kind == CVX_BLK_HEADING && r2->level <= end->level)) r2 = r2->next;
          /* (a close vote that skills is one of is the run's, as above) */
          nk = cvx_section_vote_near(end->next, r2, CVX_REC_SKILL) ? CVX_REC_SKILL : CVX_REC_SECTION;
        }
        c.skill_siblings = nk == CVX_REC_SKILL;
      }
    }
    /* the person's e-mail or phone alone on a line at the head of another
     * section, among short lines only (a sidebar's contacts that a page
     * break set under the next title), when the person's details gave
     * none: the person's, not an entry's */
    if (kind != CVX_REC_SECTION && kind != CVX_REC_BASICS && kind != CVX_REC_REFERENCE)
      for (cvx_block *x = h->next, *px = h; x && x != end; px = x, x = x->next) {
        if ((x->kind != CVX_BLK_PARA && x->kind != CVX_BLK_ITEM) || !x->text || memchr(x->text, '\n', x->len) ||
            words_over(x->text, x->len, 6))
          break;
        piece p = trim_piece((piece){x->text, x->len});
        const char *v;
        size_t a, z;
        bool email = !c.have_email && cvx_email_find(doc->arena, p.s, p.n, &v, &a, &z) && a == 0 && z == p.n &&
                     cvx_email_valid(v);
        bool phone = !email && !c.have_phone && cvx_phone_find(p.s, p.n, &a, &z) && a == 0 && z == p.n;
        if (!email && !phone) continue;
        if (email) cvx_record_add(doc, basics(&c), "email", v, x->span);
        else add_piece(&c, basics(&c), "phone", p, x->span);
        c.have_email |= email;
        c.have_phone |= phone;
        cvx_doc_take(doc, x->span);
        px->next = x->next; /* read by no entry */
        if (bl->tail == x) bl->tail = px;
        x = px;
      }
    /* the person's details that end in a run of a list kind's lines: the
     * run is that section's, its title unseen */
    cvx_rec_kind tail_kind = CVX_REC_SECTION;
    cvx_block *tail = kind == CVX_REC_BASICS && h->kind == CVX_BLK_HEADING ? details_tail(&c, h->next, end, &tail_kind)
                                                                          : NULL;
    prev_kind = kind;
    prev_level = h->kind == CVX_BLK_HEADING ? h->level : 0;
    if (prev_level >= 1 && prev_level <= 6) {
      level_kind[prev_level] = kind;
      for (int l = prev_level + 1; l < 8; l++) level_kind[l] = CVX_REC_SECTION;
    }
    prev_empty = h->next == end;
    prev_h = h;
    cvx_record *before = doc->records_tail;
    if (details) parse_person(&c, h->next, tail ? tail : end, false);
    else parse_section(&c, kind, talks, h, group ? h : h->next, tail ? tail : end);
    if (tail) parse_section(&c, tail_kind, false, NULL, tail, end);
    drop_translation(doc, before);
    b = end;
  }
  if (footer) parse_person(&c, footer, NULL, false);
  /* rating dots that no legend named say no level in words: drop them */
  for (cvx_record *r = doc->records; r; r = r->next) {
    if (r->kind != CVX_REC_LANGUAGE) continue;
    const char *f = cvx_record_get(r, "fluency");
    int cnt;
    if (f && dot_run(f, strlen(f), 0, &cnt) == strlen(f)) cvx_record_remove(r, "fluency");
  }
  drop_repeated_headline_job(doc, c.headline_job);
  role_phrases(&c);
  /* the name printed twice (a page's header and its copy for another
   * screen) is no headline */
  for (cvx_record *r = doc->records; r; r = r->next)
    if (r->kind == CVX_REC_BASICS && same_words(cvx_record_get(r, "label"), cvx_record_get(r, "name")))
      cvx_record_remove(r, "label");
  add_phone_e164(doc);
  cvx_buf_free(&c.line);
  return CVX_OK;
}
