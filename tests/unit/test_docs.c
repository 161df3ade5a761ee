/* test_docs.c — the PDF, DOCX and ODT readers, table-driven: the block stream
 * each fixture document gives (kind, level, marker, text), its links and page
 * furniture, page:line positions, and the reason each refused input gets. */
#include "check.h"
#include "convert.h"
#include "layout.h"

#include <stdlib.h>

typedef struct want_block {
  cvx_blk_kind kind;
  int level;
  const char *marker; /* NULL: none */
  const char *text;
  const char *strong; /* the bold run it starts with; NULL: none, or not checked (ANY) */
  bool check_strong;
} want_block;

typedef struct doc_case {
  const char *path;
  const char *format;
  size_t pages, hidden;
  const char *link_url, *link_text; /* one link that must be there, with its visible text */
  want_block blocks[32];
} doc_case;

#define H(l, t) {CVX_BLK_HEADING, l, NULL, t, NULL, false}
#define P(t) {CVX_BLK_PARA, 0, NULL, t, NULL, false}
/* a paragraph at list depth l (an item's further paragraph) */
#define PL(l, t) {CVX_BLK_PARA, l, NULL, t, NULL, false}
#define I(l, m, t) {CVX_BLK_ITEM, l, m, t, NULL, false}
#define ROW(t) {CVX_BLK_ROW, 0, NULL, t, NULL, false}
/* a paragraph that starts with a bold run (b), or has none (NULL) */
#define PB(t, b) {CVX_BLK_PARA, 0, NULL, t, b, true}

static const doc_case docs[] = {
    /* the sidebar is read before the main column; right-set dates stay on their
     * line; the running header and "Page N of 2" are set aside */
    {"fixtures/pdf-columns/cv.pdf", "pdf", 2, 4, "mailto:orla.qv@example.net", "orla.qv@example.net",
     {H(1, "Orla Quennell-Varga"), P("Marine Data Engineer"), H(2, "Contact"),
      P("orla.qv@example.net\n+44 20 7946 0311\nGalway, Ireland"), H(2, "Skills"), P("Python, Rust, SQL\nSensor networks"),
      H(2, "Languages"), P("Irish (native)\nHungarian (fluent)"), H(2, "Experience"),
      P("Lead Data Engineer\t2021 \xe2\x80\x93 Present\nTidewatch Buoys Ltd, Galway"),
      I(0, "\xe2\x80\xa2", "Built a fleet telemetry pipeline for 400 buoys"),
      I(0, "\xe2\x80\xa2", "Cut storage costs by a third with columnar archives"),
      P("Data Engineer\t2017 \xe2\x80\x93 2021\nSaltmarsh Analytics, Cork"),
      I(0, "\xe2\x80\xa2", "Wrote the tide model ingest service"), H(2, "Education"),
      P("MSc Ocean Science\t2015 \xe2\x80\x93 2017\nUniversity of Galway"), H(2, "Publications"),
      P("O. Quennell-Varga, T. Brandt. Drift-aware buoy calibration.\nJournal of Ocean Instruments, 12(3), 2022.")}},
    /* a printed page's weights and spacing: bold titles over their indented
     * content are headings (below the size heading, one level per margin);
     * bold lines one under the other, and a bold date over a bold title, are
     * not; tags a little over a space apart are cells; the sidebar whose
     * baselines come near the main column's at varying offsets is a column */
    {"fixtures/pdf-weights/cv.pdf", "pdf", 2, 0, "mailto:wenna@example.org", "wenna@example.org",
     {H(1, "Wenna Castellanos-Ibe"), P("Glaciologist"), H(3, "Experience"), P("Field Scientist, Nordkap Ice Institute"),
      P("Spring 2018\nVisiting Researcher\nSvalbard Polar Station"), H(3, "Skills"), H(4, "Field Methods"),
      P("Ice coring\tGPR\tDrone survey"), H(3, "Languages"), P("Norwegian\nSpanish"), H(3, "Education"),
      P("MSc Glaciology, University of Bergen"),
      P("Contact\nwenna@example.org\nBergen, Norway\nTools\nPython\nQGIS\nHobbies\nSailing\nChess"),
      P("Field glaciologist with eight seasons on the Svalbard and Greenland ice sheets, from shallow coring to radar "
        "surveys\nof outlet glaciers. I plan logistics,\nlead small teams on the ice and write the processing code "
        "for what we bring back.\nRecent work models meltwater routing under the ice with open data and\nopen "
        "tools.")}},
    /* '-', '\u2013' and '*' open items only in a run of lines that start
     * with the same mark: alone, "- Present" is a date range's end */
    {"fixtures/pdf-dashes/cv.pdf", "pdf", 1, 0, NULL, NULL,
     {H(1, "Ilse Varga-Moreau"), H(2, "Experience"), P("Beekeeper, Linden Apiary\n- Present\nKept forty hives"),
      I(0, "-", "Queen rearing"), I(0, "-", "Honey extraction"), P("* Seasonal"),
      I(0, "\xe2\x80\x93", "Swarm calls"), I(0, "\xe2\x80\x93", "Hive inspections")}},
    /* a column of labels beside the entries: section titles set at their
     * rows' middle and dates set lower than their titles are read before
     * their rows, a title with an empty row stays where it is; page 2: small
     * bold capitals are section titles over the larger bold entry titles, a
     * short line over an indented row of smaller tags is their group's title */
    {"fixtures/pdf-labels/cv.pdf", "pdf", 2, 0, NULL, NULL,
     {H(1, "Teodor Achterberg-Lune"), H(2, "Contact"), H(2, "Core\nSkills"),
      P("Hydrology: flood models, river gauging, catchment mapping"), P("Software: Fortran, R, Julia"),
      P("Fieldwork: sediment cores, drone lidar"), H(2, "Work"), PB("2019 to 2024", "2019 to 2024"),
      PB("River Engineer, Oosterschelde Waterworks\nDesigned three tidal weirs\nand their fish passes\nRan the "
         "yearly dike inspections",
         "River Engineer, Oosterschelde Waterworks"),
      PB("2014 to 2019", "2014 to 2019"),
      PB("Hydrologist, Maasvlakte Survey\nLogged groundwater in forty wells\nWrote the survey's data manual",
         "Hydrologist, Maasvlakte Survey"),
      H(3, "PROJECTS"), H(4, "Tidal Atlas"),
      P("Open maps of tide gauges along the coast"), H(4, "Weir Sim"), P("A weir flow simulator for teaching"),
      H(3, "LANGUAGES"), P("Dutch, Swedish, English"), H(3, "TOOLS"), H(4, "Field Kit"),
      P("Piezometer\tCurrent meter\tDrone")}},
    /* pdflatex, moderncv classic: the name and the title under it before the
     * address block beside them (the title a paragraph), the date column
     * cut from its row's text at the margin (a tab), marvosym's '{' bullets
     * as items and its phone and mail icons dropped, the page numbers set
     * above the bottom band set aside */
    {"fixtures/pdf-moderncv-classic/cv.pdf", "pdf", 2, 2, NULL, NULL,
     {H(1, "Ingrid Solvang-Achebe"), P("Flood Modelling Engineer"),
      P("14 Quayside Row\nBristol BS1 4QX\nUnited Kingdom\n+44 7700 900418"),
      P("ingrid.solvang@example.org\nsolvang-hydro.example.org"), H(3, "Profile"),
      P("Hydraulic engineer with eleven years of flood risk and river modelling for public agencies and "
        "consultancies. Specialised in efficient two-dimensional inundation models, field surveys after floods, "
        "and clear reporting to the officials who fund flood defences."),
      H(3, "Experience"), P("2020\xe2\x80\x93Present\tPrincipal Flood Modelling Engineer, Harrowgate Water Consultants, Bristol"),
      I(0, "\xe2\x80\xa2", "Led a team of six engineers on catchment studies for three regional flood authorities."),
      I(0, "\xe2\x80\xa2", "Rebuilt the firm\xe2\x80\x99s model workflow in Python, cutting calibration time by forty per cent."),
      I(0, "\xe2\x80\xa2", "Certified the office\xe2\x80\x99s hydraulic models against the national benchmark tests.")}},
    /* pdflatex, curve: contact lines over the name read after it; words
     * hyphenated at line ends read whole; a row of the key column beside
     * text its own block, the lines under the text going on with it */
    {"fixtures/pdf-curve/cv.pdf", "pdf", 2, 0, NULL, NULL,
     {H(1, "Hamish Abernethy-Kaur"), P("Research Fellow in Glaciology"),
      P("Department of Glaciology\th.abernethy-kaur@example.ac.uk\nRavenscar University\t+44 1632 960 552\nRavenscar "
        "YO13 9PT, United Kingdom\thttps://hak-ice.example.ac.uk"),
      H(3, "Research interests"),
      P("I study the flow of mountain glaciers and ice caps, and their contribution to sea-level rise, combining field "
        "glaciophysical measurements, satellite interferometry and numerical ice-flow modelling. My recent work "
        "quantifies basal sliding underneath surge-type glaciers and characterises supraglacial meltwater effluence "
        "through the ablation season."),
      H(3, "Employment"),
      P("2021\xe2\x80\x93present\tResearch Fellow, Department of Glaciology, Ravenscar University. Principal investigator of "
        "the Svalbard surge-dynamics project, funded by the Polar Sciences Council; supervision of two doctoral "
        "students."),
      P("2018\xe2\x80\x93" "2021\tPostdoctoral Researcher, Institute for Cryosphere Studies, Troms\xc3\xb8. Radar interferometry of "
        "outlet-glacier velocities; field campaigns on three ice caps.")}},
    /* LibreOffice Writer: a table's date cell joins its row's title though set
     * smaller; the running header and "Page N of 2" are set aside */
    {"fixtures/pdf-writer/cv.pdf", "pdf", 2, 4, "mailto:marta.wo@example.pl", "marta.wo@example.pl",
     {H(1, "Marta Wi\xc5\x9bniewska-Okafor"), P("Senior Logistics Planner\nul. D\xc5\x82uga 41/3, 80-827 Gda\xc5\x84sk, Poland \xc2\xb7 +48 512 000 318 \xc2\xb7 "
        "marta.wo@example.pl"),
      H(2, "Profile"),
      P("Logistics planner with ten years in port, rail and warehouse operations. I plan efficient multimodal "
        "transport, keep subcontractors to their service levels and write the figures management needs to decide on "
        "capacity."),
      H(2, "Work experience"), P("03/2021 \xe2\x80\x93 present\tSenior Logistics Planner"),
      P("Baltic Harbour Freight, Gda\xc5\x84sk, Poland"),
      I(0, "\xe2\x80\xa2", "Planned inland transport for 2,400 containers a month across three terminals.")}},
    /* a browser's print: lines wrapped at the column's edge read as one
     * (a paragraph, an item, a title in a larger size, a bold venue after
     * "Published by"), short lines stay lines; bullets drawn as squares
     * open items; a bold title over its description set further apart
     * than the description's lines is a block of its own; a table of two
     * rows (names a little over an em apart over their levels) is cut into
     * cells and read column by column, one block;
     * a label with nothing beside it leaves its row to the next label, set
     * lower than its text's first line */
    {"fixtures/pdf-drawn/cv.pdf", "pdf", 2, 0, NULL, NULL,
     {H(1, "Nils Oduya-Brekke"), H(2, "Profile"),
      P("Coastal engineer who designs and tests breakwaters, sea walls and harbour works in the wave basin and in the "
        "field, and who writes the numerical models that turn all their measurements into design tables."),
      H(2, "Experience"), PB("Wave Basin Engineer, Stormbank Laboratory", "Wave Basin Engineer, Stormbank Laboratory"),
      I(0, "\xe2\x80\xa2", "Built a wave maker controller for the long flume"),
      I(0, "\xe2\x80\xa2",
        "Ran model tests of rubble mound breakwaters for harbour authorities along the northern coast and wrote their "
        "reports"),
      I(0, "\xe2\x80\xa2", "Taught the lab safety course"),
      H(5, "Research Assistant, Fjordline Institute"),
      P("Logged wave heights at four coastal stations and kept the instruments\ncalibrated through two winters."),
      H(2, "Publications"),
      H(4, "Armour stone stability under oblique wave attack on shallow foreshores of the North Sea"),
      P("Published by Proceedings of the International Conference on Coastal Structures and Breakwaters, Bergen, 2021"),
      H(2, "Skills"), P("Wave flume testing\nHydraulic model scaling\nSWAN\nPython"), H(2, "Languages"),
      P("Norwegian\nNative\nEnglish\nFluent\nSwahili\nConversational"), H(3, "Contact"), H(3, "Interests"),
      P("Sea kayaking\nTide tables\nKnot tying\nBirdwatching")}},
    /* Title and Heading1 styles, bold entry heads, list levels, a table, links */
    {"fixtures/docx-styles/cv.docx", "docx", 0, 0, "https://tes.example.org", "tes.example.org",
     {H(1, "Tobiah Ekwueme-Sand"),
      P("Structural engineer \xc2\xb7 tobiah.es@example.org \xc2\xb7 tes.example.org"), H(1, "Experience"),
      PB("Senior Bridge Engineer, Ferrocarril Design, Lisbon, 2019 \xe2\x80\x93 2024", "Senior Bridge Engineer"),
      I(0, "-", "Led the retrofit of three rail viaducts"), I(1, "-", "Seismic assessment to Eurocode 8"),
      I(0, "-", "Mentored six graduate engineers"),
      P("Graduate Engineer, Kestrel & Lowe, Manchester, 2015 \xe2\x80\x93 2019"), H(1, "Education"),
      P("MEng Civil Engineering, University of Leeds, 2011 \xe2\x80\x93 2015"), H(1, "Languages"),
      ROW("English\tnative"), ROW("Portuguese\tprofessional"), ROW("Igbo\tconversational"), H(1, "Skills"),
      I(0, "-", "Finite element analysis, SAP2000, Python")}},
    /* styles that make headings by outline level and basedOn (9: body
     * text); numbering.xml's bullets, numbers, a level override and levels
     * with no marker (the item's further paragraphs, one level in); a list
     * by its style's numbering; numId 0 ends a list; a heading style
     * numbered by the paragraph is the list's; weight by a character style
     * through basedOn; a layout table (one cell of content a row) read as
     * paragraphs, a data table as rows */
    {"fixtures/docx-lists/cv.docx", "docx", 0, 0, "mailto:ysolde.fo@example.com", "ysolde.fo@example.com",
     {H(1, "Ysolde Farrant-Okoye"), P("ysolde.fo@example.com"), H(2, "Experience"), H(3, "Hydrologist"),
      PL(1, "Moorland Water Trust, 2020 \xe2\x80\x93 2024"),
      I(0, "-", "Mapped peat erosion across four catchments"), I(1, "-", "Drone photogrammetry"),
      PL(3, "ground truth from dipwells"), I(1, "1.", "Trained volunteers"),
      I(0, "-", "Wrote the monitoring handbook"), H(2, "Selected projects"), I(0, "1.", "Bog restoration plan"),
      I(0, "-", "Flood model"), PL(2, "Downstream of Hebden"),
      PB("Referees available on request", NULL), PB("Not a list", NULL),
      PB("Field kit: waders, auger, GPS", "Field kit:"), H(2, "Languages"), P("Welsh (native)"),
      P("Yoruba (fluent)"), H(2, "Certificates"), ROW("Chainsaw CS30\t2019")}},
    /* no heading style but the title: a bold title over its content is a
     * heading; bold paragraphs one under the other, or one ending as a
     * sentence, are not */
    {"fixtures/docx-bold/cv.docx", "docx", 0, 0, "https://cml.example.net", "cml.example.net",
     {H(1, "Caspian Mbeki-Lowe"), P("Orchard manager"), H(2, "Experience"),
      PB("Head Grower, Longacre Cider Farm, 2016 \xe2\x80\x93 2023", "Head Grower"),
      PB("Ran forty acres of heritage apple trees", NULL), PB("Seasonal Picker", "Seasonal Picker"),
      PB("Hawthorn Orchards", "Hawthorn Orchards"), P("Picked and graded fruit"), H(2, "Skills"),
      I(0, "-", "Grafting and pruning"), PB("References on request.", "References on request."),
      P("Ask by letter."), PB("Hobbies cml.example.net", "Hobbies")}},
    /* text:h outline levels, text:list nesting, bold by an automatic style */
    {"fixtures/odt-basic/cv.odt", "odt", 0, 0, "mailto:tobiah.es@example.org", "tobiah.es@example.org",
     {H(1, "Tobiah Ekwueme-Sand"),
      P("Structural engineer \xc2\xb7 tobiah.es@example.org \xc2\xb7 tes.example.org"), H(1, "Experience"),
      PB("Senior Bridge Engineer, Ferrocarril Design, Lisbon, 2019 \xe2\x80\x93 2024", "Senior Bridge Engineer"),
      I(0, "-", "Led the retrofit of three rail viaducts"), I(1, "-", "Seismic assessment to Eurocode 8"),
      I(0, "-", "Mentored six graduate engineers")}},
};

static void check_doc(const doc_case *c) {
  cvx_arena *a = cvx_arena_new(65536);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  cvx_load_opts lo = {0, 0};
  cvx_status st = cvx_source_load(a, c->path, &lo, &src, &dx);
  CHECK(st == CVX_OK && src && src->layout, "%s: not read (%s)", c->path, cvx_status_str(st));
  if (st != CVX_OK || !src || !src->layout) {
    cvx_arena_free(a);
    return;
  }
  CHECK_STR(src->layout->format, c->format, c->path);
  CHECK(src->npages == c->pages, "%s: %zu pages, want %zu", c->path, src->npages, c->pages);
  CHECK(src->layout->nhidden == c->hidden, "%s: %zu furniture lines, want %zu", c->path, src->layout->nhidden,
        c->hidden);
  const cvx_block *b = src->layout->blocks.head;
  bool link_found = false;
  for (size_t i = 0; i < sizeof c->blocks / sizeof c->blocks[0] && c->blocks[i].text; i++, b = b ? b->next : NULL) {
    const want_block *w = &c->blocks[i];
    char ctx[256];
    snprintf(ctx, sizeof ctx, "%s block %zu", c->path, i);
    CHECK(b != NULL, "%s: missing", ctx);
    if (!b) break;
    CHECK(b->kind == w->kind && b->level == w->level, "%s: kind %d level %d, want %d %d", ctx, (int)b->kind, b->level,
          (int)w->kind, w->level);
    char mb[CVX_MARKER_MAX];
    CHECK_STR(cvx_block_marker(b, mb), w->marker, ctx);
    CHECK_STR(b->text, w->text, ctx);
    if (w->check_strong) {
      size_t sl = w->strong ? strlen(w->strong) : 0;
      CHECK(cvx_block_strong(b) == sl && (!sl || strncmp(b->text, w->strong, sl) == 0), "%s: bold run of %u bytes, want %zu",
            ctx, (unsigned)cvx_block_strong(b), sl);
    }
    /* the span holds the block's first line as it shows in the text */
    CHECK(cvx_span_valid(b->span) && b->span.end <= src->len, "%s: span out of the text", ctx);
    size_t first = strcspn(w->text, "\t\n");
    /* a word hyphenated at the line's end is whole in the block: its text
     * agrees with the line up to the hyphen */
    size_t sl = b->span.start < src->len ? strcspn(src->text + b->span.start, "\t\n") : 0;
    if (sl < first && sl && src->text[b->span.start + sl - 1] == '-') first = sl - 1;
    /* a line the layout wrapped goes on in the block after a space: its
     * text agrees with the line up to the break */
    else if (sl < first && sl && w->text[sl] == ' ') first = sl;
    CHECK(b->span.end - b->span.start >= first && strncmp(src->text + b->span.start, w->text, first) == 0,
          "%s: span does not start at its text", ctx);
    for (size_t k = 0; k < cvx_block_nlinks(b); k++) {
      if (!c->link_url || strcmp(cvx_block_links(b)[k].url, c->link_url) != 0) continue;
      link_found = true;
      CHECK_STR(cvx_block_links(b)[k].text, c->link_text, ctx);
      CHECK(strncmp(src->text + cvx_block_links(b)[k].span.start, c->link_text, strlen(c->link_text)) == 0,
            "%s: link span does not hold its text", ctx);
    }
  }
  CHECK(link_found || !c->link_url, "%s: no link to %s", c->path, c->link_url ? c->link_url : "");
  CHECK(dx.nerrors == 0, "%s: %zu errors", c->path, dx.nerrors);
  cvx_arena_free(a);
}

/* Positions: a PDF's offsets read as page and line on that page. */
static void check_pages(void) {
  cvx_arena *a = cvx_arena_new(65536);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  cvx_load_opts lo = {0, 0};
  if (cvx_source_load(a, "fixtures/pdf-columns/cv.pdf", &lo, &src, &dx) == CVX_OK && src) {
    const char *at = strstr(src->text, "MSc Ocean Science");
    unsigned page = 0, line = 0;
    CHECK(at && cvx_source_page(src, (uint32_t)(at - src->text), &page, &line), "no page for an offset");
    /* page 2: the running header, the page number, "Education", then this line */
    CHECK(page == 2 && line == 4, "MSc line at page %u line %u, want 2:4", page, line);
    CHECK(cvx_source_page(src, 0, &page, &line) && page == 1 && line == 1, "offset 0 at %u:%u", page, line);
  } else {
    CHECK(0, "pdf-columns not read");
  }
  cvx_source *txt = NULL;
  unsigned page = 9, line = 9;
  CHECK(cvx_source_from_bytes(a, "t.txt", (const unsigned char *)"a\nb\n", 4, &lo, &txt, &dx) == CVX_OK &&
            !cvx_source_page(txt, 2, &page, &line) && page == 9,
        "a text source has no pages");
  cvx_arena_free(a);
}

/* Refused inputs, made in memory: the status and the reason's code. */
typedef struct bad_case {
  const char *name;
  const char *bytes;
  size_t len;
  cvx_status status;
  const char *code;
} bad_case;

#define BAD(n, s, st, code) {n, s, sizeof(s) - 1, st, code}
static const bad_case bad[] = {
    BAD("pdf header only", "%PDF-1.4\n", CVX_EPARSE, "pdf.corrupt"),
    BAD("pdf no xref", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", CVX_EPARSE, "pdf.corrupt"),
    BAD("zip header only", "PK\x03\x04", CVX_EPARSE, "docx.corrupt"),
    BAD("zip garbage", "PK\x03\x04garbage that is no zip at all", CVX_EPARSE, "docx.corrupt"),
};

static void check_bad(void) {
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const bad_case *c = &bad[i];
    cvx_arena *a = cvx_arena_new(65536);
    cvx_diags dx;
    cvx_diags_init(&dx, a);
    cvx_source *src = NULL;
    cvx_load_opts lo = {0, 0};
    cvx_status st = cvx_source_from_bytes(a, c->name, (const unsigned char *)c->bytes, c->len, &lo, &src, &dx);
    CHECK(st == c->status && !src, "%s: status %s, want %s", c->name, cvx_status_str(st), cvx_status_str(c->status));
    CHECK(dx.n >= 1 && strcmp(dx.items[0].code, c->code) == 0 && dx.items[0].severity == CVX_ERROR,
          "%s: code %s, want %s", c->name, dx.n ? dx.items[0].code : "(none)", c->code);
    cvx_arena_free(a);
  }
  /* a document larger than --max-size is refused before its reader runs */
  cvx_arena *a = cvx_arena_new(65536);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  cvx_source *src = NULL;
  cvx_load_opts lo = {16, 0};
  cvx_status st = cvx_source_load(a, "fixtures/docx-styles/cv.docx", &lo, &src, &dx);
  CHECK(st == CVX_ELIMIT && dx.n && strcmp(dx.items[0].code, "source.too-large") == 0, "max-size: %s",
        cvx_status_str(st));
  cvx_arena_free(a);
}

/* Skip kinds, as the summary names them. */
static void check_skips(void) {
  static const struct {
    const char *bytes;
    size_t len;
    cvx_skip want;
  } t[] = {{"\x89PNG\r\n\x1a\n\0\0", 10, CVX_SKIP_IMAGE},
           {"\xff\xd8\xff\xe0\0\0", 6, CVX_SKIP_IMAGE},
           {"\x1f\x8b\x08\0\0\0", 6, CVX_SKIP_ARCHIVE},
           {"\x7f" "ELF\x02\x01", 6, CVX_SKIP_EXECUTABLE},
           {"\0\0\0\0\0\0", 6, CVX_SKIP_BINARY}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    CHECK(cvx_skip_of_bytes((const unsigned char *)t[i].bytes, t[i].len) == t[i].want, "skip kind %zu", i);
  CHECK_STR(cvx_skip_name(CVX_SKIP_PDF_NO_TEXT), "PDF without text", "skip name");
  CHECK_STR(cvx_skip_name(CVX_SKIP_IMAGE), "image", "skip name");
  /* a PDF is read even in a folder walk: its start is not "binary" */
  CHECK(!cvx_bytes_look_binary((const unsigned char *)"%PDF-1.7\n\0\0", 11), "a PDF is not skipped as binary");
}

int main(void) {
  for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) check_doc(&docs[i]);
  check_pages();
  check_bad();
  check_skips();
  return check_done("docs");
}
