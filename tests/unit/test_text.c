/* test_text.c — unit tests of the plain-text block builder: the line
 * classifier (a line in its context → heading, paragraph, item, row, rule),
 * whole CV shapes with their block kinds, levels, texts, markers and spans,
 * and pathological inputs (huge lines, deep indentation, noise). */
#include "text.h"

#include "check.h"
#include "grammar.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* ---------------------------------------------------------------- fixture */

typedef struct fx {
  cvx_arena *a;
  cvx_diags dx;
  cvx_source src;
  cvx_doc *doc;
  cvx_blocks bl;
} fx;

/* Builds a source by hand (text already '\n'-normalized) and runs the block
 * builder from body_start. */
static void fx_run(fx *f, const char *text, size_t len, uint32_t body_start) {
  f->a = cvx_arena_new(0);
  cvx_diags_init(&f->dx, f->a);
  char *t = cvx_arena_strndup(f->a, text, len);
  size_t nlines = 1;
  for (size_t i = 0; i < len; i++) nlines += t[i] == '\n';
  uint32_t *lines = cvx_arena_alloc(f->a, nlines * sizeof *lines);
  size_t k = 0;
  lines[k++] = 0;
  for (size_t i = 0; i < len; i++)
    if (t[i] == '\n') lines[k++] = (uint32_t)(i + 1);
  f->src = (cvx_source){.path = "<test>", .text = t, .len = len, .lines = lines, .nlines = nlines,
                        .raw_size = len};
  f->doc = cvx_doc_new(f->a, &f->src, &f->dx);
  f->doc->body_start = body_start;
  f->bl = (cvx_blocks){0};
  cvx_status st = cvx_text_blocks(f->doc, &f->bl);
  CHECK(st == CVX_OK, "cvx_text_blocks returned %s", cvx_status_str(st));
}

static void fx_free(fx *f) { cvx_arena_free(f->a); }

static const char *kind_name(int k) {
  static const char *const names[] = {"HEADING", "PARA", "ITEM", "ROW", "RULE"};
  return k >= 0 && k <= 4 ? names[k] : "NONE";
}

/* Every block: span inside the source, start <= end, text without '\r'. */
static bool blocks_sane(const fx *f) {
  size_t n = 0;
  for (const cvx_block *b = f->bl.head; b; b = b->next, n++) {
    if (!cvx_span_valid(b->span) || b->span.end > f->src.len) return false;
    if (!b->text || strlen(b->text) != b->len || strchr(b->text, '\r')) return false;
    if (b->level < 0 || b->level > 32) return false;
  }
  return n == f->bl.n;
}

/* --------------------------------------------------------- line classifier */

#define NONE (-1) /* the line made no block of its own (an underline) */

typedef struct line_case {
  const char *input;  /* the line in its context */
  const char *target; /* the line under test (first occurrence in input) */
  int kind;           /* cvx_blk_kind, or NONE */
  int level;
} line_case;

/* Each input starts with a person line, as a CV does, unless the case is
 * about that first line. */
static const line_case LINES[] = {
    /* the first line is the person block, whatever it looks like */
    {"Jane Roe\nStaff Engineer\n", "Jane Roe", CVX_BLK_PARA, 0},
    {"JANE ROE\n\nEXPERIENCE\n", "JANE ROE", CVX_BLK_PARA, 0},
    {"\n\n  Jane Roe - Resume\n\nEducation\n", "Jane Roe - Resume", CVX_BLK_PARA, 0},
    {"# Jane Roe\n\n## Education\n", "Jane Roe", CVX_BLK_PARA, 0},
    {"Curriculum Vitae\n\nJane Roe\n", "Curriculum Vitae", CVX_BLK_HEADING, 1},
    {"EXPERIENCE\n\nInitech, Engineer, 2019\n", "EXPERIENCE", CVX_BLK_HEADING, 1},
    /* known section words, any case, optional colon, no blank needed */
    {"Jane Roe\n\nEducation\n", "Education", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nwork experience\n", "work experience", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nExperience:\n", "Experience", CVX_BLK_HEADING, 1},
    {"Jane Roe\njane@example.org\nEDUCATION\nFernhill College\n", "EDUCATION", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\n   Languages Known\n", "Languages Known", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nHobbies \t\n", "Hobbies", CVX_BLK_HEADING, 1},
    /* ALL-CAPS lines after a blank */
    {"Jane Roe\n\nWORK HISTORY\n", "WORK HISTORY", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nEducation\n\nADDENDUM\n\nMore things here.\n", "ADDENDUM", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nEducation\n\nIBM\nResearch intern, 2012\n", "IBM", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSENIOR DATA ENGINEER\njane@example.org\n", "SENIOR DATA ENGINEER", CVX_BLK_PARA, 0},
    /* a few title-case words alone in the person block over dated entries
     * or a list start a section; over plain lines they stay the person's */
    {"Jane Roe\njane@example.org\n\nOccupational Record\n\n2018-   Initech ---- Boston, MA\n",
     "Occupational Record", CVX_BLK_HEADING, 1},
    {"Jane Roe\njane@example.org\n\nThings I Made\n\n- a kite\n- a boat\n", "Things I Made", CVX_BLK_HEADING, 1},
    /* set apart over a paragraph whose second line is dated */
    {"Jane Roe\njane@example.org\n\nIndustry Roles\n\nAnalyst, Initech\n2016 \xe2\x80\x93 2020\n", "Industry Roles",
     CVX_BLK_HEADING, 1},
    /* after jobs, a phrase set apart over a degree, or a word in no list
     * over a degree that leads its line */
    {"Jane Roe\n\nWork\n\nAnalyst, Initech\n2016 \xe2\x80\x93 2020\n\nWhere I Studied\n\nBSc Physics, Hull "
     "University, 2015\n",
     "Where I Studied", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nWork\n\nAnalyst, Initech\n2016 \xe2\x80\x93 2020\n\nLearning\n\nBSc Physics, Hull University, "
     "2015\n",
     "Learning", CVX_BLK_HEADING, 1},
    /* a phrase closed by a colon over degrees after the jobs */
    {"Jane Roe\n\nWork\n\nAnalyst, Initech\n2016 \xe2\x80\x93 2020\n\nWhere I Studied:\n\nBSc Physics, Hull "
     "University, 2015\n",
     "Where I Studied:", CVX_BLK_HEADING, 1},
    /* two words in capitals at the top are a heading, not a name, over a
     * paragraph dated in its second line */
    {"Jane Roe\njane@example.org\n\nTRACK RECORD\n\nAnalyst, Initech\n2016 \xe2\x80\x93 2020\n", "TRACK RECORD",
     CVX_BLK_HEADING, 1},
    /* …but not over a firm in a town whose code reads as a degree */
    {"Jane Roe\n\nWork\n\nAnalyst, Initech\n2016 \xe2\x80\x93 2020\n\nTester\n\nInitech, BA\n2010 \xe2\x80\x93 2012\n",
     "Tester", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSenior Engineer\n\njane@example.org\n", "Senior Engineer", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nBoston Harbor\n\nI build kites in 2019.\n", "Boston Harbor", CVX_BLK_PARA, 0},
    /* plain-text boxes: the frame is no content */
    {"Jane Roe\n\n+------------+\n| EXPERIENCE |\n+------------+\n\nInitech, 2019\n", "EXPERIENCE",
     CVX_BLK_HEADING, 1},
    /* underlines are consumed */
    {"Jane Roe\n\nEducation\n=========\n\nFernhill College\n", "=========", NONE, 0},
    {"Jane Roe\n\nEducation\n=========\n", "Education", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\nThings I Like\n-------------\nKites\n", "Things I Like", CVX_BLK_HEADING, 1},
    {"JANE ROE\n========\n\nStaff Engineer\n", "========", NONE, 0},
    /* an underlined entry line stays an entry; its underline is a rule */
    {"Jane Roe\n\nExperience\n\nCTO      Initech      2013-Present\n-----------------\n",
     "-----------------", CVX_BLK_RULE, 0},
    {"Jane Roe\n\nExperience\n\nCTO      Initech      2013-Present\n-----------------\n", "CTO",
     CVX_BLK_PARA, 0},
    /* `Heading:` lines and Title-Case lines are level 2 */
    {"Jane Roe\n\nEducation\n\nOdds and Ends:\n- kites\n", "Odds and Ends", CVX_BLK_HEADING, 2},
    {"Jane Roe\n\nEducation\n\nUniversity of Leeds\nM.Eng. in Control Science\n", "University of Leeds",
     CVX_BLK_HEADING, 2},
    {"Jane Roe\n\nEducation\n\nThings I Built\n\nA kite that flies in the rain.\n", "Things I Built",
     CVX_BLK_HEADING, 2},
    /* … but not in the person block, not inside a dated entry, not as a list */
    {"Jane Roe\n\nThings I Built\n\nA kite.\n", "Things I Built", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSkills\n\nKites\nBoats\nTrains\n", "Kites", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nInitech, Engineer, 2019-2021\n\nFun Facts\n- a kite\n", "Fun Facts",
     CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nInitech, Engineer, 2019-2021\n\nDuties:\n- kites\n", "Duties", CVX_BLK_PARA, 1},
    {"Jane Roe\n\nEducation\n\nFernhill College\nB.Sc., 2008\n\nBrookside Institute\nB.A., 2006\n",
     "Brookside", CVX_BLK_HEADING, 2},
    {"Jane Roe\n\nEducation\nFernhill College\nB.Sc., 2008\n\nBrookside Institute\nB.A., 2006\n", "Brookside",
     CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nStaff Engineer\nInitech, 2019\n", "Staff Engineer", CVX_BLK_PARA, 0},
    /* an acronym alone or a line hanging on a dash is an entry, not a heading */
    {"Jane Roe\n\nEducation\n\nMCA\n\nOsmania University\n", "MCA", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nKESTREL -\n\n2016 to 2017\n", "KESTREL", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nPAID ROLES\n\n2016 to 2017\n", "PAID ROLES", CVX_BLK_HEADING, 1},
    /* entry lines are never headings */
    {"Jane Roe\n\nEducation\n\nAcme Corp, Berlin\n\nMore.\n", "Acme Corp, Berlin", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nEducation\n\nSpring 2012\n\nMore.\n", "Spring 2012", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nEducation\n\nSee Github.com/dana\n\nMore.\n", "See Github", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nEducation\n\nwww.example.org\n\nMore.\n", "www.example.org", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSkills\n\nLanguages: English, French\n", "Languages: English", CVX_BLK_PARA, 0},
    /* an employer and what it does, apart by a middle dot, is an entry */
    {"Jane Roe\n\nWork\n\nTrainer\n\nCodeHarbor \xC2\xB7 training in IT\nFeb 2014 \xE2\x80\x93 Apr 2014\n\n"
     "  \xE2\x80\xA2 Wrote a course.\n\nProgrammer\n\nLumora \xC2\xB7 \xD0\xBE\xD0\xBD\xD0\xBB\xD0\xB0\xD0\xB9\xD0\xBD \xD0\xBE\xD0\xB1\xD1\x80\xD0\xB0\xD0\xB7\xD0\xBE\xD0\xB2\xD0\xB0\xD0\xBD\xD0\xB8\xD0\xB5\nApr 2013 \xE2\x80\x93 Sep 2013\n",
     "Lumora", CVX_BLK_PARA, 0},
    /* a line of a run of short lines under a job names no section */
    {"Jane Roe\n\nExperience\n\n2018 to 2020\n\nTeaching assistant:\n\nThermodynamics\n\nStatistical Physics (Honours)\n",
     "Statistical Physics", CVX_BLK_PARA, 1},
    /* a label left empty in a run of labelled lines is one of them */
    {"Jane Roe\n\nExperience\n\nKestrel Freight\nLOCATION: Rotterdam\nPERIOD:\nWEBSITE: https://kestrel.example\n",
     "PERIOD", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSkills\n\nExtensive experience with:\n+ kites\n", "Extensive experience with", CVX_BLK_PARA,
     0},
    {"Jane Roe\n\nEducation\n\nA Very Long Line Of Capitalised Words Here\n\nx\n", "A Very Long", CVX_BLK_PARA,
     0},
    {"Jane Roe\n\nEducation\n\nDone Here.\n\nx\n", "Done Here.", CVX_BLK_PARA, 0},
    /* a wrapped sentence that ends on a section word stays text */
    {"Jane Roe\n\nProjects\n- Wrote Python code that helped integrate\n  cryptography into projects.\n",
     "cryptography", CVX_BLK_ITEM, 0},
    /* decorated headings */
    {"Jane Roe\n\n== Projects ==\n", "Projects", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\n*** Awards ***\n", "Awards", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\n## Talks\n", "Talks", CVX_BLK_HEADING, 2},
    {"Jane Roe\n\n#Talks\n", "Talks", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\n[ Languages ]\n", "Languages", CVX_BLK_HEADING, 1},
    {"Jane Roe\n\n**EDUCATION**\n", "EDUCATION", CVX_BLK_HEADING, 1},
    /* bullets of every kind */
    {"Jane Roe\n\nSkills\n- kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n* kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n+ kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xE2\x80\xA2 kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xE2\x80\xA2kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xC2\xB7 kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xE2\x96\xAA kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xE2\x97\xA6 kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xE2\x97\x8F kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\no kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\xE2\x80\x94 kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n-Kites and boats\n", "Kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\n(2) kites\n", "kites", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n\n12) kites\n", "kites", CVX_BLK_ITEM, 0},
    /* not bullets */
    {"Jane Roe\n(555) 010-0199\n", "(555)", CVX_BLK_PARA, 0},
    {"Jane Roe\n+33 6 55 50 12 34\n", "+33", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSkills\n\n2014. A year.\n", "2014.", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nSkills\n\n-5 kelvin, cold\n", "-5 kelvin", CVX_BLK_PARA, 0},
    /* a dash line right under an entry line belongs to that entry */
    {"Jane Roe\n\nExperience\n\nNorthwind Data Lab\n\xE2\x80\x94 Senior Data Engineer\n", "Northwind",
     CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nNorthwind Data Lab\n\xE2\x80\x93 Senior Data Engineer\n", "Senior Data",
     CVX_BLK_PARA, 0},
    /* a dash line under an item is the next item */
    {"Jane Roe\n\nExperience\n- Northwind Data Lab\n\xE2\x80\x94 Senior Data Engineer\n", "Senior Data",
     CVX_BLK_ITEM, 0},
    /* nesting: marker columns, tabs count as 4 columns, numbered lists nest too */
    {"Jane Roe\n\nSkills\n- Kites\n\t- Boxes\n", "Boxes", CVX_BLK_ITEM, 1},
    {"Jane Roe\n\nSkills\n- Kites\n  - Boxes\n    - Deltas\n", "Deltas", CVX_BLK_ITEM, 2},
    {"Jane Roe\n\nSkills\n  - Kites\n - Boxes\n", "Boxes", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n1. Kites\n   - Boxes\n2. Boats\n", "Boats", CVX_BLK_ITEM, 0},
    {"Jane Roe\n\nSkills\n1. Kites\n   - Boxes\n2. Boats\n", "Boxes", CVX_BLK_ITEM, 1},
    /* bullets indented under an entry paragraph are its children */
    {"Jane Roe\n\nWork\nUmbrella Systems (Springfield, IL / Security Engineer)\n    - July 2010 - Present\n",
     "July 2010", CVX_BLK_ITEM, 1},
    /* a paragraph indented under an item belongs to it */
    {"Jane Roe\n\nSkills\n- Kites\n\n  All sorts of kites, flown in all weathers.\n", "All sorts", CVX_BLK_PARA, 1},
    /* details indented under a dated entry line are its children */
    {"Jane Roe\n\nExperience\n2016-2018    Hooli\n     client work, testing.\n", "client", CVX_BLK_PARA, 1},
    /* rules */
    {"Jane Roe\n\n* * *\n", "* * *", CVX_BLK_RULE, 0},
    {"Jane Roe\n\n____\n", "____", CVX_BLK_RULE, 0},
    {"Jane Roe\n\n+------+------+\n", "+------+", CVX_BLK_RULE, 0},
    /* tables: two or more adjacent rows */
    {"Jane Roe\n\nSkills\nGo | 5 | expert\nC | 9 | expert\n", "Go | 5", CVX_BLK_ROW, 0},
    {"Jane Roe\n\nSkills\nGo\t5\texpert\nC\t9\texpert\n", "C\t9", CVX_BLK_ROW, 0},
    {"Jane Roe\n\nSkills\nGo     |  5\nC      |  9\n", "C  ", CVX_BLK_ROW, 0},
    {"Jane Roe\n\nSkills\nGo | Rust | Zig\n", "Go | Rust", CVX_BLK_PARA, 0},
    {"Jane Roe | jane@example.org | 555 0100\nStaff | Remote | Full-time\n", "Staff |", CVX_BLK_PARA, 0},
    /* web-page paste noise is text */
    {"Jane Roe\n\nExperience\n\nSee more\n", "See more", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\nShow all 12 experiences \xE2\x86\x92\n\nx\n", "Show all", CVX_BLK_PARA, 0},
    {"Jane Roe\n\nExperience\n\n\xE2\x80\xA6 more\n", "more", CVX_BLK_PARA, 0},
    /* a quiet line naming the section's kind among other words is an entry
     * of it: a sub-heading after a blank line, a line of the open paragraph
     * when it runs on in one (the line is then inside that paragraph);
     * "in Example Review" under a title goes on */
    {"Jane Roe\n\nAwards\n\nBest Bench Demonstration Award\n\nAwarded by Example Guild\n",
     "Best Bench Demonstration Award", CVX_BLK_HEADING, 2},
    {"Jane Roe\n\nAwards\n\n12 May 2022\nGolden Ratchet Medal Award\nExample Guild\n", "Golden Ratchet Medal Award",
     CVX_BLK_PARA, 0},
    {"Jane Roe\n\nPublications\n\nJan 2021\nBacklash in spur gears\nin Example Review\n", "in Example Review",
     CVX_BLK_PARA, 0},
    /* a quiet line of a section word and other words right under text runs on */
    {"Jane Roe\n\nAwards\n\n1 March 2016\nJunior Fitter of the Year\nAshby Works Council\n", "Ashby Works Council",
     CVX_BLK_PARA, 0},
};

/* The block whose span starts at (or, failing that, contains) offset off. */
static const cvx_block *block_at(const fx *f, uint32_t off) {
  const cvx_block *in = NULL;
  for (const cvx_block *b = f->bl.head; b; b = b->next) {
    if (b->kind == CVX_BLK_RULE ? (b->span.start <= off && off < b->span.end) : b->span.start == off) return b;
    if (!in && b->span.start <= off && off < b->span.end) in = b;
  }
  return in;
}

static void test_lines(void) {
  for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
    const line_case *c = &LINES[i];
    fx f;
    fx_run(&f, c->input, strlen(c->input), 0);
    const char *at = strstr(c->input, c->target);
    CHECK(at != NULL, "case %zu: target not in input", i);
    if (!at) {
      fx_free(&f);
      continue;
    }
    const cvx_block *b = block_at(&f, (uint32_t)(at - c->input));
    int kind = b ? (int)b->kind : NONE;
    CHECK(kind == c->kind && (!b || b->level == c->level), "case %zu \"%s\": got %s %d, want %s %d", i,
          c->target, kind_name(kind), b ? b->level : 0, kind_name(c->kind), c->level);
    CHECK(blocks_sane(&f), "case %zu: blocks sane", i);
    fx_free(&f);
  }
}

/* ------------------------------------------------------------ whole shapes */

typedef struct want {
  int kind;
  int level;
  const char *text;
  const char *marker; /* NULL: no marker */
  const char *span;   /* the source bytes the span covers; NULL: same as text */
} want;

typedef struct shape {
  const char *name;
  const char *input;
  want blocks[16]; /* ends at the first entry without text */
} shape;

#define H(l, t) {CVX_BLK_HEADING, l, t, NULL, NULL}
#define P(l, t, s) {CVX_BLK_PARA, l, t, NULL, s}
#define I(l, m, t, s) {CVX_BLK_ITEM, l, t, m, s}
#define R(t, s) {CVX_BLK_ROW, 0, t, NULL, s}
#define RULE(s) {CVX_BLK_RULE, 0, "", NULL, s}

static const shape SHAPES[] = {
    {"org, role, dates on one line",
     "Dana Okafor\n\nExperience\n\nInitech, Staff Engineer, 2014-2017\n",
     {P(0, "Dana Okafor", NULL), H(1, "Experience"), P(0, "Initech, Staff Engineer, 2014-2017", NULL)}},

    {"org (url), dates + location line + description paragraph",
     "Dana Okafor\n\nExperience\n\n"
     "Globex Research (research.globex.example), March 2012 \xE2\x80\x93 June 2014\n"
     "Seattle, WA\n\n"
     "Led a team of four building demand forecasts for regional\nwater utilities.\n",
     {P(0, "Dana Okafor", NULL), H(1, "Experience"),
      P(0, "Globex Research (research.globex.example), March 2012 \xE2\x80\x93 June 2014\nSeattle, WA", NULL),
      P(1, "Led a team of four building demand forecasts for regional\nwater utilities.", NULL)}},

    {"org / dashed role / dates on three lines, then bullets",
     "Dana Okafor\n\nExperience\n\nNorthwind Data Lab\n\xE2\x80\x94 Senior Data Engineer\n2021 \xE2\x80\x93 Present\n"
     "- Built the ingestion pipeline for sensor data\n- Cut storage costs by 30%\n",
     {P(0, "Dana Okafor", NULL), H(1, "Experience"),
      P(0, "Northwind Data Lab\n\xE2\x80\x94 Senior Data Engineer\n2021 \xE2\x80\x93 Present", NULL),
      I(0, "-", "Built the ingestion pipeline for sensor data", NULL), I(0, "-", "Cut storage costs by 30%", NULL)}},

    {"role at org (dates)",
     "Dana Okafor\n\nWork\n\nStaff Engineer at Initech (2014 \xE2\x80\x93 2017)\n",
     {P(0, "Dana Okafor", NULL), H(1, "Work"), P(0, "Staff Engineer at Initech (2014 \xE2\x80\x93 2017)", NULL)}},

    {"org (city / role) with an indented date item and nested bullets",
     "Dana Okafor\n\nWork Experience\n"
     "- Umbrella Systems, L.L.C. (Springfield, IL / Security Engineer)\n"
     "    - July 2010 - Present\n"
     "    - Review C code for memory-safety issues and\n"
     "    fix the worst of them.\n"
     "    - Write Kotlin code to generate signed firmware bundles for\n"
     "    ARM-based ticket machines. {-2pt}\n",
     {P(0, "Dana Okafor", NULL), H(1, "Work Experience"),
      I(0, "-", "Umbrella Systems, L.L.C. (Springfield, IL / Security Engineer)", NULL),
      I(1, "-", "July 2010 - Present", NULL),
      I(1, "-", "Review C code for memory-safety issues and\nfix the worst of them.",
        "Review C code for memory-safety issues and\n    fix the worst of them."),
      I(1, "-", "Write Kotlin code to generate signed firmware bundles for\nARM-based ticket machines.",
        "Write Kotlin code to generate signed firmware bundles for\n    ARM-based ticket machines. {-2pt}")}},

    {"right-aligned date column, tab column, dashed leader",
     "Dana Okafor\n\nExperience\n\n"
     "Senior Engineer                     2019 \xE2\x80\x93 Present\n"
     "Acme Widgets                        Portland, OR\n\n"
     "Engineer\t2016 \xE2\x80\x93 2019\n\n"
     "2012-2016    Hooli ---------------------------- Boston, MA\n"
     "     client work, testing, mentoring.   Also hiring.\n",
     {P(0, "Dana Okafor", NULL), H(1, "Experience"),
      P(0, "Senior Engineer, 2019 \xE2\x80\x93 Present\nAcme Widgets, Portland, OR",
        "Senior Engineer                     2019 \xE2\x80\x93 Present\n"
        "Acme Widgets                        Portland, OR"),
      P(0, "Engineer, 2016 \xE2\x80\x93 2019", "Engineer\t2016 \xE2\x80\x93 2019"),
      P(0, "2012-2016, Hooli, Boston, MA", "2012-2016    Hooli ---------------------------- Boston, MA"),
      P(1, "client work, testing, mentoring. Also hiring.", "client work, testing, mentoring.   Also hiring.")}},

    {"open range first, then the organisation",
     "Dana Okafor\n\nExperience\n\n2020-Now, Independent consulting\n",
     {P(0, "Dana Okafor", NULL), H(1, "Experience"), P(0, "2020-Now, Independent consulting", NULL)}},

    {"institution line then degree line",
     "Dana Okafor\n\nEducation\nUniversity of Leeds\nM.Eng. in Control Science\n\n"
     "Fernhill College\nB.Sc. in Physics, 2008\n",
     {P(0, "Dana Okafor", NULL), H(1, "Education"), P(0, "University of Leeds\nM.Eng. in Control Science", NULL),
      P(0, "Fernhill College\nB.Sc. in Physics, 2008", NULL)}},

    {"sub-headed entries stay sub-headed",
     "Dana Okafor\n\nEducation\n\nUniversity of Leeds\nM.Eng. in Control Science, 2011\n\n"
     "Fernhill College\nB.Sc. in Physics, 2008\n",
     {P(0, "Dana Okafor", NULL), H(1, "Education"), H(2, "University of Leeds"),
      P(0, "M.Eng. in Control Science, 2011", NULL), H(2, "Fernhill College"),
      P(0, "B.Sc. in Physics, 2008", NULL)}},

    {"institution as a sub-heading after a blank line",
     "Dana Okafor\n\nEducation\n\nUniversity of Leeds\nM.Eng. in Control Science\n",
     {P(0, "Dana Okafor", NULL), H(1, "Education"), H(2, "University of Leeds"),
      P(0, "M.Eng. in Control Science", NULL)}},

    {"skill lines",
     "Dana Okafor\n\nSkills\nDevelopment: C, Python, Go, \xE2\x80\xA6\nTools: Git, Make, Valgrind\n"
     "- Languages: English (native), French\n",
     {P(0, "Dana Okafor", NULL), H(1, "Skills"),
      P(0, "Development: C, Python, Go, \xE2\x80\xA6\nTools: Git, Make, Valgrind", NULL),
      I(0, "-", "Languages: English (native), French", NULL)}},

    {"hard-wrapped bullets continue at column 0",
     "Dana Okafor\n\nProjects\n"
     "- Designed the billing service that processes invoices for\n"
     "thousands of customers every night.\n"
     "- Built the search backend for a kiosk app used by a large retailer.\n"
     "The app is used by over 8,000 store staff every single day.\n"
     "- Mentored two interns\n"
     "Kite Works, 2015-2016\n",
     {P(0, "Dana Okafor", NULL), H(1, "Projects"),
      I(0, "-", "Designed the billing service that processes invoices for\nthousands of customers every night.", NULL),
      I(0, "-",
        "Built the search backend for a kiosk app used by a large retailer.\n"
        "The app is used by over 8,000 store staff every single day.",
        NULL),
      I(0, "-", "Mentored two interns", NULL), P(0, "Kite Works, 2015-2016", NULL)}},

    {"ALL-CAPS, colon and underlined headings",
     "DANA OKAFOR\n===========\n\nEXPERIENCE\n\nInitech, Engineer, 2019\n\nSkills:\n- Go\n\n"
     "Volunteer Work\n--------------\n- Food bank, 2018\n",
     {P(0, "DANA OKAFOR", NULL), H(1, "EXPERIENCE"), P(0, "Initech, Engineer, 2019", NULL), H(1, "Skills"),
      I(0, "-", "Go", NULL), H(1, "Volunteer Work"), I(0, "-", "Food bank, 2018", NULL)}},

    {"numbered list",
     "Dana Okafor\n\nAwards\n1. Best Paper, 2019\n2. Kite Prize, 2017\n   for a kite that flies in rain\n"
     "10) Honourable mention\n",
     {P(0, "Dana Okafor", NULL), H(1, "Awards"), I(0, "1.", "Best Paper, 2019", NULL),
      I(0, "2.", "Kite Prize, 2017\nfor a kite that flies in rain", "Kite Prize, 2017\n   for a kite that flies in rain"),
      I(0, "10)", "Honourable mention", NULL)}},

    {"[1] references",
     "Dana Okafor\n\nPublications\n\n"
     "[1] D. Okafor and K. Poe. Kites in the Rain. Journal of Wind, 2019.\n"
     "[2] D. Okafor. Boats. In Proc. of Water, 2017.\n",
     {P(0, "Dana Okafor", NULL), H(1, "Publications"),
      I(0, "[1]", "D. Okafor and K. Poe. Kites in the Rain. Journal of Wind, 2019.", NULL),
      I(0, "[2]", "D. Okafor. Boats. In Proc. of Water, 2017.", NULL)}},

    {"person block at the top",
     "Dana Okafor & https://danaokafor.example\n"
     "Staff Software Engineer | Kites & Boats\n"
     "dana.okafor@example.org\n"
     "+1 555 010 0199\n"
     "https://github.com/danaokafor-example\n\n"
     "Experience\n",
     {P(0,
        "Dana Okafor & https://danaokafor.example\nStaff Software Engineer | Kites & Boats\n"
        "dana.okafor@example.org\n+1 555 010 0199\nhttps://github.com/danaokafor-example",
        NULL),
      H(1, "Experience")}},

    {"two-column contact line with a big gap",
     "Dana Okafor\n\nsomerville MA 02143      dana@example.org      github.com/dana-example\n",
     {P(0, "Dana Okafor", NULL),
      P(0, "somerville MA 02143, dana@example.org, github.com/dana-example",
        "somerville MA 02143      dana@example.org      github.com/dana-example")}},

    {"pipe table with a separator rule",
     "Dana Okafor\n\nSkills\n\nSkill | Years | Level\n----- | ----- | -----\nGo    | 5     | expert\n",
     {P(0, "Dana Okafor", NULL), H(1, "Skills"), R("Skill\tYears\tLevel", "Skill | Years | Level"),
      RULE("----- | ----- | -----"), R("Go\t5\texpert", "Go    | 5     | expert")}},

    {"indented hierarchy without bullets",
     "Dana Okafor\n\nEducation \t\n"
     "    Fernhill College, Leeds\n"
     "        Certificate in Data Analysis, May 2012\n"
     "    Brookside Institute, York\n"
     "        B.Sc. in Physics, 2008\n"
     "            * graduated with honours\n",
     {P(0, "Dana Okafor", NULL), H(1, "Education"),
      P(0, "Fernhill College, Leeds\nCertificate in Data Analysis, May 2012",
        "Fernhill College, Leeds\n        Certificate in Data Analysis, May 2012"),
      P(0, "Brookside Institute, York\nB.Sc. in Physics, 2008",
        "Brookside Institute, York\n        B.Sc. in Physics, 2008"),
      I(1, "*", "graduated with honours", NULL)}},

    {"one dated entry per line",
     "Dana Okafor\n\nEducation:\n2015-2017: M.Sc. Public Health, Example University\n"
     "2010-2014: B.Sc. Biology, Other College\n",
     {P(0, "Dana Okafor", NULL), H(1, "Education"), P(0, "2015-2017: M.Sc. Public Health, Example University", NULL),
      P(0, "2010-2014: B.Sc. Biology, Other College", NULL)}},

    {"one paragraph per long line",
     "Dana Okafor\n\nSummary\n"
     "Dana builds kites and boats for people who like both, and has done so for many years in several countries.\n"
     "She also teaches.\n",
     {P(0, "Dana Okafor", NULL), H(1, "Summary"),
      P(0, "Dana builds kites and boats for people who like both, and has done so for many years in several countries.",
        NULL),
      P(0, "She also teaches.", NULL)}},

    {"leftovers from other formats",
     "Dana Okafor\n HYPERLINK \"mailto:dana@example.org\" dana@example.org\n\n"
     "** Engineer; Initech; Feb. 2017 - Jul. 2018 **\n",
     {P(0, "Dana Okafor\ndana@example.org", "Dana Okafor\n HYPERLINK \"mailto:dana@example.org\" dana@example.org"),
      P(0, "Engineer; Initech; Feb. 2017 - Jul. 2018", "** Engineer; Initech; Feb. 2017 - Jul. 2018 **")}},

    {"ASCII grid frame",
     "Dana Okafor\n\nSummary\n+----------------------------+\n| -   Kites and boats        |\n"
     "|     and trains             |\n|     -   Nested idea        |\n+----------------------------+\n",
     {P(0, "Dana Okafor", NULL), H(1, "Summary"), RULE("+----------------------------+"),
      I(0, "-", "Kites and boats\nand trains", "Kites and boats        |\n|     and trains"),
      I(1, "-", "Nested idea", NULL), RULE("+----------------------------+")}},

    {"labels inside dated entries",
     "Dana Okafor\n\nEXPERIENCE\n\n03.2015 - 02.2019\nKite Works, Leeds\n\nRole: Designer\n\nDuties:\n"
     "\xE2\x80\xA2 Drew kites.\n\xE2\x80\xA2 Flew kites.\n\nAchievements:\n\xE2\x80\xA2 Won a prize.\n\n"
     "06.2012 - 06.2013\nBoat Co, York\n",
     {P(0, "Dana Okafor", NULL), H(1, "EXPERIENCE"), P(0, "03.2015 - 02.2019\nKite Works, Leeds", NULL),
      P(1, "Role: Designer", NULL), P(1, "Duties:", NULL), I(0, "\xE2\x80\xA2", "Drew kites.", NULL),
      I(0, "\xE2\x80\xA2", "Flew kites.", NULL), P(1, "Achievements:", NULL),
      I(0, "\xE2\x80\xA2", "Won a prize.", NULL), P(0, "06.2012 - 06.2013\nBoat Co, York", NULL)}},

    {"project lines with their dates: each opens an entry",
     "Dana Okafor\n\nProjects\n\nTidewatch, 2016\nA tide table app for sailors.\nOpen Loom, 2017\n"
     "A weaving pattern editor.\n",
     {P(0, "Dana Okafor", NULL), H(1, "Projects"), P(0, "Tidewatch, 2016", NULL),
      P(1, "A tide table app for sailors.", NULL), P(0, "Open Loom, 2017", NULL),
      P(1, "A weaving pattern editor.", NULL)}},

    {"one line per sentence: an employer over dated roles, each with its sentences",
     "Ines Duarte\n\nWork\nHarbour Clinic, Faro\nNurse | May 2020 - Present\nRan the night ward.\n"
     "Trained two new nurses.\nNurse Aide | 2018 - 2020\nHelped on the day ward.\nLagos Care Home, Lagos\n"
     "Carer | 2016 - 2018\nCooked for the residents.\n",
     {P(0, "Ines Duarte", NULL), H(1, "Work"), P(0, "Harbour Clinic, Faro\nNurse | May 2020 - Present", NULL),
      P(1, "Ran the night ward.\nTrained two new nurses.", NULL), P(0, "Nurse Aide | 2018 - 2020", NULL),
      P(1, "Helped on the day ward.", NULL), P(0, "Lagos Care Home, Lagos\nCarer | 2016 - 2018", NULL),
      P(1, "Cooked for the residents.", NULL)}},

    {"a label of an entry's parts right under its lines is no section, dated or not",
     "Ana Lima\n\nWork\n\nAcme Bank\nClerk\nKey achievements:\n- Counted the cash.\nBeta Bank\nTeller\n"
     "Main duties and results:\n- Opened accounts.\n",
     {P(0, "Ana Lima", NULL), H(1, "Work"), P(0, "Acme Bank\nClerk\nKey achievements:", NULL),
      I(0, "-", "Counted the cash.", NULL), P(0, "Beta Bank\nTeller\nMain duties and results:", NULL),
      I(0, "-", "Opened accounts.", NULL)}},

    {"web-page paste",
     "Dana Okafor\nStaff Engineer at Initech\n\nExperience\n\nStaff Engineer\nInitech \xC2\xB7 Full-time\n"
     "Jan 2019 - Present \xC2\xB7 3 yrs\n\nSee more\n\nShow all 12 experiences \xE2\x86\x92\n",
     {P(0, "Dana Okafor\nStaff Engineer at Initech", NULL), H(1, "Experience"),
      P(0, "Staff Engineer\nInitech \xC2\xB7 Full-time\nJan 2019 - Present \xC2\xB7 3 yrs", NULL),
      P(0, "See more", NULL), P(0, "Show all 12 experiences \xE2\x86\x92", NULL)}},
};

static void test_shapes(void) {
  for (size_t i = 0; i < sizeof SHAPES / sizeof SHAPES[0]; i++) {
    const shape *s = &SHAPES[i];
    fx f;
    fx_run(&f, s->input, strlen(s->input), 0);
    const cvx_block *b = f.bl.head;
    size_t k = 0;
    for (; k < 16 && s->blocks[k].text; k++, b = b ? b->next : NULL) {
      const want *w = &s->blocks[k];
      CHECK(b != NULL, "%s: block %zu missing (want \"%s\")", s->name, k, w->text);
      if (!b) break;
      CHECK((int)b->kind == w->kind && b->level == w->level, "%s: block %zu \"%s\": got %s %d, want %s %d",
            s->name, k, b->text, kind_name((int)b->kind), b->level, kind_name(w->kind), w->level);
      CHECK_STR(b->text, w->text, s->name);
      char mb[CVX_MARKER_MAX];
      CHECK_STR(cvx_block_marker(b, mb), w->marker, s->name);
      const char *want_span = w->span ? w->span : w->text;
      size_t sl = b->span.end - b->span.start;
      CHECK(cvx_span_valid(b->span) && b->span.end <= f.src.len && strlen(want_span) == sl &&
                memcmp(f.src.text + b->span.start, want_span, sl) == 0,
            "%s: block %zu span [%u,%u) is \"%.*s\", want \"%s\"", s->name, k, b->span.start, b->span.end,
            (int)(b->span.end <= f.src.len ? sl : 0), f.src.text + b->span.start, want_span);
    }
    CHECK(b == NULL, "%s: extra block \"%s\"", s->name, b ? b->text : "");
    CHECK(blocks_sane(&f), "%s: blocks sane", s->name);
    fx_free(&f);
  }
}

/* ----------------------------------------------------------------- edges */

static void test_edges(void) {
  /* empty input, blanks only, rules only, no final newline */
  static const char *const inputs[] = {"", "\n", "\n\n   \n\t\n", "---\n===\n", "x", "- ", "*", "1.", "[",
                                       "|", "||", "| |", "\xE2\x80\x94", "#", "# ", "==  ==", "[ ]", ":",
                                       "{-2pt}", "Jane\r\n\r\nSkills\r\n- Go\r\n", "**", "****", "__x__",
                                       "\t\t\t- x\n- y\n\t\t\t\t\t\t- z", " HYPERLINK \"x"};
  for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
    fx f;
    fx_run(&f, inputs[i], strlen(inputs[i]), 0);
    CHECK(blocks_sane(&f), "edge input %zu", i);
    fx_free(&f);
  }
  fx f;
  fx_run(&f, "\n\n\n", 3, 0);
  CHECK(f.bl.n == 0, "blank input gives no blocks (%zu)", f.bl.n);
  fx_free(&f);

  /* front matter before body_start is not read */
  const char *fm = "---\ntitle: Experience\n---\nDana Okafor\n\nEducation\n";
  fx_run(&f, fm, strlen(fm), 26);
  CHECK(f.bl.n == 2 && f.bl.head->kind == CVX_BLK_PARA && f.bl.head->span.start == 26,
        "body_start respected (%zu blocks)", f.bl.n);
  fx_free(&f);
  fx_run(&f, "abc", 3, 99); /* a body_start past the end reads nothing */
  CHECK(f.bl.n == 0, "body_start past the end");
  fx_free(&f);

  /* hidden content is blank in the view */
  char hid[] = "Dana Okafor\n\nSECRET HEADING\n\nEducation\n"; /* a source text is writable (blocks.h: sealing) */
  f.a = cvx_arena_new(0);
  cvx_diags_init(&f.dx, f.a);
  f.src = (cvx_source){.path = "<t>", .text = hid, .len = strlen(hid)};
  f.doc = cvx_doc_new(f.a, &f.src, &f.dx);
  cvx_doc_hide(f.doc, cvx_span_make(13, 27));
  f.bl = (cvx_blocks){0};
  CHECK(cvx_text_blocks(f.doc, &f.bl) == CVX_OK, "hidden: ok");
  CHECK(f.bl.n == 2 && f.bl.tail->kind == CVX_BLK_HEADING && strcmp(f.bl.tail->text, "Education") == 0,
        "hidden lines are blank (%zu blocks)", f.bl.n);
  fx_free(&f);

  /* invalid-looking bytes and stray continuation bytes never crash */
  const char junk[] = "Dana\n\xE2\x80\n\xC2\n\x80\x80\x80\n\xE2\x80\xA2\n\xF0\x9F\n- \xE2\n";
  fx_run(&f, junk, sizeof junk - 1, 0);
  CHECK(blocks_sane(&f), "stray bytes");
  fx_free(&f);

  /* the same input twice gives the same blocks */
  const char *in = SHAPES[5].input;
  fx g;
  fx_run(&f, in, strlen(in), 0);
  fx_run(&g, in, strlen(in), 0);
  bool same = f.bl.n == g.bl.n;
  for (const cvx_block *x = f.bl.head, *y = g.bl.head; same && x && y; x = x->next, y = y->next)
    same = x->kind == y->kind && x->level == y->level && strcmp(x->text, y->text) == 0 &&
           x->span.start == y->span.start && x->span.end == y->span.end;
  CHECK(same, "deterministic");
  fx_free(&f);
  fx_free(&g);
}

/* ------------------------------------------------------------- two columns */

/* Two columns laid side by side (as a PDF converted with its layout kept)
 * are read as the column holding the first line, then the other: the blocks
 * are those of the two columns written one after the other. */
typedef struct col_case {
  const char *name;
  const char *left, *right; /* each column's lines, '\n'-separated */
  int gutter;               /* the right column's first character column */
  int shift_every;          /* every Nth right line starts one column early (0: none) */
  bool tabs;                /* the gap is tabs (stops every 8 columns) */
  bool right_first;         /* the document's first line is in the right column */
} col_case;

static const char SIDEBAR[] = "Jane Roe\nData Engineer\n\nCONTACT\njane@example.org\n+1 555 0100\nBerlin, Germany\n\n"
                              "SKILLS\nPython and SQL\nStream processing\nKubernetes\n\nLANGUAGES\nEnglish\nGerman";
static const char MAIN[] = "EXPERIENCE\n\nSenior Data Engineer, Initech\n2019 \xE2\x80\x93 Present\n"
                           "Built the ingestion pipeline for sensor data\nfrom plants across the region.\n\n"
                           "Data Engineer, Globex\n2016 \xE2\x80\x93 2019\nMoved the nightly reports to a\n"
                           "streaming design.\n\nEDUCATION\n\nUniversity of Leeds\nM.Eng. in Control Science, 2016";
/* the same sidebar with accents and Cyrillic: columns are characters, not bytes */
static const char SIDEBAR_UTF8[] = "J\xC3\xBCrgen M\xC3\xBCller\nIng\xC3\xA9nieur donn\xC3\xA9" "es\n\nCONTACT\n"
                                   "j\xC3\xBCrgen@example.org\nK\xC3\xB6ln, Deutschland\n\nLANGUAGES\n"
                                   "\xD0\xA0\xD1\x83\xD1\x81\xD1\x81\xD0\xBA\xD0\xB8\xD0\xB9 \xD1\x8F\xD0\xB7\xD1\x8B\xD0\xBA\n"
                                   "Fran\xC3\xA7" "ais courant\nDeutsch";
static const char NAME_TOP[] = "JANE ROE\nData Engineer\n\nEXPERIENCE\n\nSenior Data Engineer, Initech\n"
                               "2019 \xE2\x80\x93 Present\nBuilt the ingestion pipeline for sensor data\n"
                               "from plants across the region.\n\nData Engineer, Globex\n2016 \xE2\x80\x93 2019\n"
                               "Moved the nightly reports to a\nstreaming design.";
static const char SIDE_LATE[] = "\n\n\n\nCONTACT\njane@example.org\n+1 555 0100\nBerlin, Germany\n\nSKILLS\n"
                                "Python and SQL\nStream processing";

static const col_case COLS[] = {
    {"left sidebar", SIDEBAR, MAIN, 28, 0, false, false},
    {"left sidebar, narrow gutter", SIDEBAR, MAIN, 22, 0, false, false},
    {"right sidebar", MAIN, SIDEBAR, 50, 0, false, false},
    {"ragged right column", SIDEBAR, MAIN, 30, 3, false, false},
    {"tabs", SIDEBAR, MAIN, 32, 0, true, false},
    {"UTF-8 sidebar", SIDEBAR_UTF8, MAIN, 26, 0, false, false},
    {"name in the right column", SIDE_LATE, NAME_TOP, 26, 0, false, true},
};

/* Display width of s[0,n) in characters. */
static int text_width(const char *s, size_t n) {
  int w = 0;
  for (size_t i = 0; i < n; i++) w += ((unsigned char)s[i] & 0xC0) != 0x80;
  return w;
}

/* The next line of *p ('\n'-separated), NULL past the end. */
static const char *next_part(const char **p, size_t *n) {
  if (!*p) return NULL;
  const char *s = *p, *nl = strchr(s, '\n');
  *n = nl ? (size_t)(nl - s) : strlen(s);
  *p = nl ? nl + 1 : NULL;
  return s;
}

/* Lays c's columns out side by side into buf (NUL-terminated). */
static void col_layout(const col_case *c, char *buf, size_t cap) {
  const char *l = c->left, *r = c->right;
  size_t len = 0, ln, rn;
  for (int row = 0;; row++) {
    const char *ls = next_part(&l, &ln), *rs = next_part(&r, &rn);
    if (!ls && !rs) break;
    if (!ls) ln = 0;
    if (rs && rn) {
      int g = c->gutter - (c->shift_every && row % c->shift_every == 1 ? 1 : 0);
      memcpy(buf + len, ls ? ls : "", ln);
      len += ln;
      int col = text_width(ls ? ls : "", ln);
      if (c->tabs) {
        while (col < g) {
          buf[len++] = '\t';
          col = (col / 8 + 1) * 8;
        }
      } else {
        for (; col < g; col++) buf[len++] = ' ';
      }
      memcpy(buf + len, rs, rn);
      len += rn;
    } else if (ls) {
      memcpy(buf + len, ls, ln);
      len += ln;
    }
    buf[len++] = '\n';
    if (len + 512 > cap) break;
  }
  buf[len] = 0;
}

static bool same_blocks(const fx *f, const fx *g, const char *name) {
  const cvx_block *x = f->bl.head, *y = g->bl.head;
  size_t k = 0;
  for (; x && y; x = x->next, y = y->next, k++) {
    bool same = x->kind == y->kind && x->level == y->level && strcmp(x->text, y->text) == 0 &&
                x->marker == y->marker;
    CHECK(same, "%s: block %zu is %s %d \"%s\", want %s %d \"%s\"", name, k, kind_name((int)x->kind), x->level,
          x->text, kind_name((int)y->kind), y->level, y->text);
    if (!same) return false;
  }
  CHECK(!x && !y, "%s: %zu blocks, want %zu", name, f->bl.n, g->bl.n);
  return !x && !y;
}

static void test_columns(void) {
  static char buf[8192], ref[8192];
  for (size_t i = 0; i < sizeof COLS / sizeof COLS[0]; i++) {
    const col_case *c = &COLS[i];
    col_layout(c, buf, sizeof buf);
    snprintf(ref, sizeof ref, "%s\n\n%s\n", c->right_first ? c->right : c->left, c->right_first ? c->left : c->right);
    fx f, g;
    fx_run(&f, buf, strlen(buf), 0);
    fx_run(&g, ref, strlen(ref), 0);
    same_blocks(&f, &g, c->name);
    CHECK(blocks_sane(&f), "%s: blocks sane", c->name);
    /* every block's span starts and ends on its own text */
    for (const cvx_block *b = f.bl.head; b; b = b->next) {
      if (!b->len) continue;
      CHECK(f.src.text[b->span.start] == b->text[0] && f.src.text[b->span.end - 1] == b->text[b->len - 1],
            "%s: span of \"%s\" is exact", c->name, b->text);
    }
    fx_free(&f);
    fx_free(&g);
  }
}

/* Gaps that are not a gutter: each physical line stays one line (the target
 * words on either side of the gap land in one block). */
typedef struct nocol_case {
  const char *name;
  const char *input;
  const char *left_word, *right_word; /* on one line, either side of the gap */
} nocol_case;

static const nocol_case NOCOLS[] = {
    {"a column of dates beside entries",
     "Jane Roe\n\nEXPERIENCE\n\n"
     "2019 \xE2\x80\x93 now         Senior Data Engineer, Initech\n"
     "                    Built the ingestion pipeline for sensor data\n"
     "                    from plants across the region.\n"
     "2016 \xE2\x80\x93 2019        Data Engineer, Globex\n"
     "                    Moved the nightly reports to a streaming design.\n"
     "2014 \xE2\x80\x93 2016        Analyst, Hooli\n"
     "                    Wrote the first dashboards.\n"
     "May 2013            Intern, Umbrella\n"
     "                    Tested the billing system.\n",
     "2016", "Globex"},
    {"dates with a place under each",
     "Jane Roe\n\n"
     "2019 \xE2\x80\x93 now         Senior Data Engineer, Initech\n"
     "Berlin              Built the ingestion pipeline for sensor data\n"
     "                    from plants across the region.\n"
     "2016 \xE2\x80\x93 2019        Data Engineer, Globex\n"
     "Paris               Moved the nightly reports to a streaming design.\n"
     "2014 \xE2\x80\x93 2016        Analyst, Hooli\n"
     "Leeds               Wrote the first dashboards.\n",
     "Paris", "Moved"},
    {"right-aligned dates in one column",
     "Jane Roe\n\nEXPERIENCE\n\n"
     "Senior Data Engineer, Initech            2019 \xE2\x80\x93 2021\n"
     "Built the ingestion pipeline for sensor data from plants across the region.\n"
     "Data Engineer, Globex                    2016 \xE2\x80\x93 2019\n"
     "Moved the nightly reports to a streaming design, and the alerts too.\n"
     "Analyst, Hooli                           2014 \xE2\x80\x93 2016\n"
     "Wrote the first dashboards for the sales team and its managers.\n"
     "Intern, Umbrella                         2013 \xE2\x80\x93 2014\n",
     "Hooli", "2014"},
    {"content indented under headings at column 0",
     "Jane Roe\njane@example.org\nBerlin, Germany\n\n"
     "EXPERIENCE\n"
     "                Senior Data Engineer, Initech, 2019 \xE2\x80\x93 now\n"
     "                Built the ingestion pipeline for sensor data.\n"
     "EDUCATION\n"
     "                University of Leeds, 2016\n"
     "                M.Eng. in Control Science\n"
     "SKILLS\n"
     "                Python, SQL, Kubernetes\n",
     "EDUCATION", "EDUCATION"},
};

static void test_no_columns(void) {
  for (size_t i = 0; i < sizeof NOCOLS / sizeof NOCOLS[0]; i++) {
    const nocol_case *c = &NOCOLS[i];
    fx f;
    fx_run(&f, c->input, strlen(c->input), 0);
    const char *l = strstr(c->input, c->left_word);
    const cvx_block *b = l ? block_at(&f, (uint32_t)(l - c->input)) : NULL;
    CHECK(b && strstr(b->text, c->left_word) && strstr(b->text, c->right_word), "%s: \"%s\" and \"%s\" in one block (%s)",
          c->name, c->left_word, c->right_word, b ? b->text : "none");
    /* blocks come in source order: nothing was read as a second column */
    uint32_t last = 0;
    bool ordered = true;
    for (const cvx_block *x = f.bl.head; x; x = x->next) {
      ordered &= x->span.start >= last;
      last = x->span.start;
    }
    CHECK(ordered, "%s: blocks in source order", c->name);
    fx_free(&f);
  }
}

/* ---------------------------------------------------------- pathological */

static double seconds_since(clock_t t0) { return (double)(clock() - t0) / CLOCKS_PER_SEC; }

static void test_pathological(void) {
  /* a 20 MB single line of words, gaps, leaders and bullets */
  size_t big = (size_t)20 << 20;
  char *s = malloc(big);
  static const char pat[] = "Kites   and ----- boats\t2019 \xE2\x80\xA2 x ** {-2pt} ";
  for (size_t i = 0; i < big; i++) s[i] = pat[i % (sizeof pat - 1)];
  clock_t t0 = clock();
  fx f;
  fx_run(&f, s, big, 0);
  double dt = seconds_since(t0);
  CHECK(f.bl.n == 1 && blocks_sane(&f), "20 MB line: one block (%zu)", f.bl.n);
  CHECK(dt < 20.0, "20 MB line took %.2f s", dt);
  fx_free(&f);

  /* a 20 MB line without any space */
  memset(s, 'a', big);
  t0 = clock();
  fx_run(&f, s, big, 0);
  dt = seconds_since(t0);
  CHECK(f.bl.n == 1 && f.bl.head->len == big, "20 MB word");
  CHECK(dt < 20.0, "20 MB word took %.2f s", dt);
  fx_free(&f);
  free(s);

  /* 5 MB of every shape, repeated */
  static const char *const parts[] = {
      "EXPERIENCE\n\n", "Initech, Staff Engineer, 2014-2017\n", "  - did things that matter a lot to many\n",
      "people in many places.\n", "\n", "Skills:\n", "Go | 5\nC | 9\n", "University of Leeds\n",
      "=========\n", "    indented text\n", "\t\tdeep\n", "[1] ref\n", "1) one\n", "\xE2\x80\x94 dash\n",
      "                                         \n", "** bold **\n", "See more\n"};
  size_t cap = (size_t)5 << 20, len = 0;
  s = malloc(cap);
  for (size_t i = 0; len < cap - 64; i = (i * 7 + 3) % (sizeof parts / sizeof parts[0])) {
    size_t m = strlen(parts[i]);
    memcpy(s + len, parts[i], m);
    len += m;
  }
  t0 = clock();
  fx_run(&f, s, len, 0);
  dt = seconds_since(t0);
  CHECK(f.bl.n > 1000 && blocks_sane(&f), "5 MB mix: %zu blocks", f.bl.n);
  CHECK(dt < 20.0, "5 MB mix took %.2f s", dt);
  fx_free(&f);

  /* a million blank lines, half a million one-letter lines */
  size_t mb = (size_t)1 << 20;
  memset(s, '\n', mb);
  fx_run(&f, s, mb, 0);
  CHECK(f.bl.n == 0, "1 MB of blank lines");
  fx_free(&f);
  for (size_t i = 0; i < mb; i++) s[i] = i % 2 ? '\n' : 'x';
  t0 = clock();
  fx_run(&f, s, mb, 0);
  CHECK(f.bl.n == 1 && seconds_since(t0) < 20.0, "one-letter lines: one paragraph");
  fx_free(&f);

  /* ever deeper indentation: levels stop at the cap */
  len = 0;
  for (int d = 0; d < 3000 && len + 8200 < cap; d++) {
    int cols = d * 2;
    memset(s + len, ' ', (size_t)cols);
    len += (size_t)cols;
    memcpy(s + len, "- x\n", 4);
    len += 4;
  }
  fx_run(&f, s, len, 0);
  int maxlevel = 0;
  for (const cvx_block *b = f.bl.head; b; b = b->next)
    if (b->level > maxlevel) maxlevel = b->level;
  CHECK(blocks_sane(&f) && maxlevel <= 32, "deep nesting capped (max level %d)", maxlevel);
  fx_free(&f);

  /* thousands of lines that all look like Title-Case headings before blanks */
  len = 0;
  while (len + 32 < mb) {
    memcpy(s + len, "Kite Works\n\n\n\n", 14);
    len += 14;
  }
  t0 = clock();
  fx_run(&f, s, len, 0);
  CHECK(blocks_sane(&f) && seconds_since(t0) < 20.0, "many heading candidates");
  fx_free(&f);
  free(s);
}

int main(void) {
  test_lines();
  test_shapes();
  test_edges();
  test_columns();
  test_no_columns();
  test_pathological();
  cvx_rx_cleanup();
  return check_done("text");
}
