"""mkfixtures.py — writes the PDF, DOCX and ODT golden fixtures (fixtures/
pdf-columns, pdf-weights, pdf-dashes, pdf-labels, pdf-tight-blocks, pdf-heading-weights, pdf-grid, pdf-band-dates, pdf-date-above, pdf-date-below, pdf-tag-cards, pdf-header-cells, pdf-desc-under-dates, pdf-header-wraps, pdf-header-email-cells, pdf-tag-pills, pdf-tag-pairs, pdf-page-carry, pdf-drawn, pdf-row-dates, pdf-head-across-pages, pdf-head-title-below, pdf-section-lines, pdf-wrapped-cells, pdf-sparse-sidebar, docx-styles, docx-lists, docx-bold, docx-nbsp, odt-basic) from the CV text
below, which is made up. Run after changing the text or the generators, then `make
golden-update CASES="pdf-columns pdf-weights pdf-dashes pdf-labels pdf-tight-blocks pdf-heading-weights pdf-grid pdf-band-dates pdf-date-above pdf-date-below pdf-tag-cards pdf-header-cells pdf-desc-under-dates pdf-header-wraps pdf-header-email-cells pdf-tag-pills pdf-tag-pairs pdf-page-carry pdf-drawn pdf-row-dates pdf-head-across-pages pdf-head-title-below pdf-section-lines pdf-wrapped-cells pdf-sparse-sidebar docx-styles docx-lists docx-bold docx-nbsp odt-basic"`
and review the diff.
usage: python3 tests/docs/mkfixtures.py [ROOT]"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mkdocx import docx, docx_parts, odt  # noqa: E402
from mkpdf import build as pdf  # noqa: E402

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def lines_down(runs, x, y, size, step, lines):
    """Appends lines of regular text at x, from baseline y down by step;
    returns the baseline under the last."""
    for t in lines:
        runs.append((x, y, "R", size, t))
        y -= step
    return y


def write(case, name, data):
    d = os.path.join(root, "fixtures", case)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


# ---- PDF: a name over two columns (a sidebar on the left), right-set dates in
# the main column, a running header and a page number on both pages
def page(n):
    runs = [(72, 770, "R", 8, "Orla Quennell-Varga \u2014 Curriculum Vitae"), (300, 24, "R", 8, f"Page {n} of 2")]
    links = []
    if n == 1:
        runs += [(72, 722, "B", 22, "Orla Quennell-Varga"), (72, 702, "R", 11, "Marine Data Engineer")]
        left = [("B", 13, "Contact"), ("R", 9, "orla.qv@example.net"), ("R", 9, "+44 20 7946 0311"),
                ("R", 9, "Galway, Ireland"), ("R", 9, ""), ("B", 13, "Skills"), ("R", 9, "Python, Rust, SQL"),
                ("R", 9, "Sensor networks"), ("R", 9, ""), ("B", 13, "Languages"), ("R", 9, "Irish (native)"),
                ("R", 9, "Hungarian (fluent)")]
        y = 657  # the sidebar's own line pitch: its baselines seldom meet the main column's
        for font, size, text in left:
            if text:
                runs.append((72, y, font, size, text))
            y -= size + 4.3
        links.append((72, 640, 170, 652, "mailto:orla.qv@example.net"))
        main = [("B", 13, "Experience", None), ("B", 10, "Lead Data Engineer", "2021 \u2013 Present"),
                ("R", 10, "Tidewatch Buoys Ltd, Galway", None),
                ("R", 10, "\u2022 Built a fleet telemetry pipeline for 400 buoys", None),
                ("R", 10, "\u2022 Cut storage costs by a third with columnar archives", None),
                ("R", 10, "", None),
                ("B", 10, "Data Engineer", "2017 \u2013 2021"), ("R", 10, "Saltmarsh Analytics, Cork", None),
                ("R", 10, "\u2022 Wrote the tide model ingest service", None)]
    else:
        main = [("B", 13, "Education", None), ("B", 10, "MSc Ocean Science", "2015 \u2013 2017"),
                ("R", 10, "University of Galway", None), ("R", 10, "", None),
                ("B", 13, "Publications", None),
                ("R", 10, "O. Quennell-Varga, T. Brandt. Drift-aware buoy calibration.", None),
                ("R", 10, "Journal of Ocean Instruments, 12(3), 2022.", None)]
    y = 660
    for font, size, text, date in main:
        if text:
            runs.append((230, y, font, size, text))
        if date:
            runs.append((540 - len(date) * 4.4, y, "R", 10, date))
        y -= size + 6
    return {"runs": runs, "links": links}


write("pdf-columns", "cv.pdf", pdf([page(1), page(2)]))

# ---- PDF: weight and spacing as the only layout (a printed theme page): bold
# titles in the body size over indented content, bold lines one under the
# other (a list, no titles), a bold date over a bold job title (an entry's
# head), tags set side by side a little over a space apart; page 2: a sidebar
# whose line pitch is close to the main column's, so most of its baselines
# come near one of the other side's, each at another offset
def weights_page1():
    runs = [(72, 740, "B", 20, "Wenna Castellanos-Ibe"), (72, 718, "R", 10, "Glaciologist"),
            (72, 690, "B", 10, "Experience"),
            (90, 672, "R", 10, "Field Scientist, Nordkap Ice Institute"),
            (90, 640, "B", 10, "Spring 2018"), (90, 626, "B", 10, "Visiting Researcher"),
            (90, 612, "R", 10, "Svalbard Polar Station"),
            (72, 580, "B", 10, "Skills"), (90, 562, "B", 10, "Field Methods"),
            # "Ice coring" ends near 133.6 pt, "GPR" near 166.7: gaps of 1.1 em
            (90, 546, "R", 10, "Ice coring"), (145, 546, "R", 10, "GPR"), (178, 546, "R", 10, "Drone survey"),
            (72, 514, "B", 10, "Languages"), (90, 498, "B", 10, "Norwegian"), (90, 484, "B", 10, "Spanish"),
            (72, 452, "B", 10, "Education"), (90, 436, "R", 10, "MSc Glaciology, University of Bergen")]
    return {"runs": runs}


def weights_page2():
    side = ["Contact", "wenna@example.org", "Bergen, Norway", "Tools", "Python", "QGIS", "Hobbies", "Sailing",
            "Chess"]
    main = ["Field glaciologist with eight seasons on", "the Svalbard and Greenland ice sheets,",
            "from shallow coring to radar surveys", "of outlet glaciers. I plan logistics,",
            "lead small teams on the ice and write", "the processing code for what we bring", "back.",
            "Recent work models meltwater routing", "under the ice with open data and", "open tools."]
    runs = [(72, 700 - 11.5 * k, "R", 10, t) for k, t in enumerate(side)]
    runs += [(230, 700 - 11 * k, "R", 10, t) for k, t in enumerate(main)]
    return {"runs": runs, "links": [(70, 686, 175, 698, "mailto:wenna@example.org")]}


write("pdf-weights", "cv.pdf", pdf([weights_page1(), weights_page2()]))

# ---- PDF: '-', '\u2013' and '*' are bullets only in a run of lines that
# start with them; alone, "- Present" is a date range with no start
dashes = [(72, 720, "B", 18, "Ilse Varga-Moreau"), (72, 690, "B", 13, "Experience"),
          (72, 670, "R", 10, "Beekeeper, Linden Apiary"), (72, 656, "R", 10, "- Present"),
          (72, 642, "R", 10, "Kept forty hives"),
          (72, 622, "R", 10, "- Queen rearing"), (72, 608, "R", 10, "- Honey extraction"),
          (72, 592, "R", 10, "* Seasonal"), (72, 582, "R", 10, "\u2013 Swarm calls"),
          (72, 568, "R", 10, "\u2013 Hive inspections")]
write("pdf-dashes", "cv.pdf", pdf([{"runs": dashes}]))

# ---- PDF: a column of labels beside the entries (a printed table of rows):
# section titles larger than the text set at the middle of their rows, small
# bold dates set lower than their entries' titles, one section with no text;
# page 2: section titles in small bold capitals over larger bold entry titles,
# a group title in the body size over an indented row of smaller tags
def labels_page1():
    runs = [(230, 740, "B", 18, "Teodor Achterberg-Lune")]
    # (label runs, text lines): a row; a text line of None is a pause
    y = 700
    runs.append((72, y, "R", 13, "Contact"))
    y -= 40
    rows = [([("R", 13, "Core"), ("R", 13, "Skills")],
             ["Hydrology: flood models, river gauging,", "catchment mapping", None,
              "Software: Fortran, R, Julia", None, "Fieldwork: sediment cores, drone lidar"]),
            ([("R", 13, "Work")], []),
            ([("B", 8, "2019 to 2024")], ["River Engineer, Oosterschelde Waterworks", "Designed three tidal weirs",
                                          "and their fish passes", "Ran the yearly dike inspections"]),
            ([("B", 8, "2014 to 2019")], ["Hydrologist, Maasvlakte Survey", "Logged groundwater in forty wells",
                                          "Wrote the survey's data manual"])]
    for labels, text in rows:
        lines = len([t for t in text if t is not None]) or 1
        height = sum(12 if t is not None else 6 for t in text) or 12
        # section titles sit at their row's middle, dates a line below its top
        ly = y - (height - 12 * len(labels)) / 2 if labels[0][1] > 10 else y - 8
        if not text:
            ly = y
        for font, size, t in labels:
            runs.append((72, ly, font, size, t))
            ly -= size + 2
        for t in text:
            if t is not None:
                runs.append((230, y, "B" if t is text[0] and labels[0][1] < 10 else "R", 10, t))
                y -= 12
            else:
                y -= 6
        y -= 10 if lines else 0
    return {"runs": runs}


def labels_page2():
    runs = [(72, 720, "B", 8, "PROJECTS"), (72, 700, "B", 11, "Tidal Atlas"),
            (72, 684, "R", 10, "Open maps of tide gauges along the coast"), (72, 660, "B", 11, "Weir Sim"),
            (72, 644, "R", 10, "A weir flow simulator for teaching"), (72, 612, "B", 8, "LANGUAGES"),
            (72, 596, "R", 10, "Dutch, Swedish, English"), (72, 564, "B", 8, "TOOLS"),
            (72, 548, "R", 10, "Field Kit"), (80, 532, "R", 8.5, "Piezometer"), (140, 532, "R", 8.5, "Current meter"),
            (215, 532, "R", 8.5, "Drone")]
    return {"runs": runs}


write("pdf-labels", "cv.pdf", pdf([labels_page1(), labels_page2()]))


# ---- PDF: blocks set apart by a few points only (a printed theme page whose
# lines follow each other with no gap): a bold job title at the text's
# margin with its dates set right, its sub-heading and sentences indented
# under it, each block 4 pt below the one above
def tight_page():
    runs = [(72, 740, "B", 18, "Idris Okonkwo-Lind"), (72, 716, "R", 10, "idris.ol@example.org"),
            (72, 690, "B", 13, "Experience")]
    y = 664.0
    jobs = [("2020 to Present", "Harbour Systems Engineer:", "Berth Scheduling",
             ["Rebuilt the berth planning service around", "a queue of vessel arrivals."]),
            ("2016 to 2020", "Port Data Analyst:", "Tonnage Reports",
             ["Wrote the monthly tonnage reports for", "the harbour board."])]
    for date, title, sub, text in jobs:
        runs.append((200, y, "B", 9, title))
        runs.append((470, y, "R", 9, date))
        y -= 10.5 + 2.5
        runs.append((214, y, "R", 9, sub))
        y -= 10.5 + 2.5
        for t in text:
            runs.append((214, y, "R", 9, t))
            y -= 10.5
        y -= 2.5 + 10.5
    return {"runs": runs}


write("pdf-tight-blocks", "cv.pdf", pdf([tight_page()]))


# ---- PDF: section titles and entry titles in one size, told apart by weight
# alone: the sections in the regular weight, the organisations under them in
# bold, each entry's dates, role and text in the body size, apart as blocks
def heading_weights_page():
    runs = [(72, 740, "B", 24, "Maelis Oyelaran-Kask"), (72, 716, "R", 10, "maelis.ok@example.org")]
    y = 684.0
    sections = [("Experience", [("Kestrel Wind Farms", "2019 - Present", "Turbine Technician",
                                 "Serviced forty offshore turbines."),
                                ("Brightwater Grid", "2015 - 2019", "Line Engineer", "Planned feeder upgrades.")]),
                ("Volunteer", [("Coastal Rowing Club", "2012 - 2016", "Coach", "Trained the junior crews."),
                               ("Harbour Cleanup Trust", "2010 - 2012", "Organiser", "Ran monthly beach cleanups.")]),
                ("Education", [("Tallinn Technical College", "2011 - 2015", "BEng Electrical Engineering", None)])]
    for title, entries in sections:
        runs.append((72, y, "R", 13, title))
        y -= 24
        for org, dates, role, text in entries:
            runs.append((72, y, "B", 13, org))
            y -= 16
            runs.append((72, y, "B", 10, dates))
            y -= 22
            runs.append((72, y, "R", 10, role))
            y -= 22
            if text:
                runs.append((72, y, "R", 10, text))
                y -= 22
            y -= 6
        y -= 10
    return {"runs": runs}


write("pdf-heading-weights", "cv.pdf", pdf([heading_weights_page()]))


# ---- PDF: a grid of cards (a printed page's skill groups side by side): a
# section title set left of a row of bold group titles on their baseline,
# each group's items in a column under its title, the columns ending at
# different heights, a small bold section title under the first; a table
# whose header row is bold over two rows ending
# at one height (read in rows); two language cards, a title over one line
def grid_page():
    runs = [(72, 740, "B", 22, "Ines Valdaura-Pike"), (72, 716, "R", 10, "ines.vp@example.com"),
            (72, 680, "R", 16, "Skills")]
    cols = [("Languages", ["Rust", "Go", "Haskell"]), ("Data Stores", ["Postgres", "Redis"]),
            ("Operations", ["Kubernetes", "Terraform", "Ansible", "Nix"])]
    for i, (title, items) in enumerate(cols):
        x = 134 + 150 * i
        runs.append((x, 680, "B", 11, title))
        for k, item in enumerate(items):
            runs.append((x, 662 - 14 * k, "R", 10, item))
    # the next section's title, bold and small, at the first column's margin
    runs += [(134, 604, "B", 8, "CERTIFICATES"), (134, 590, "R", 10, "Rope Access Level 2")]
    runs.append((72, 550, "R", 16, "Education"))
    for x, head, cell, cell2 in ((134, "Degree", "MSc Robotics", "BSc Physics"),
                                 (284, "School", "Delft University", "Leiden University"), (434, "Year", "2016", "2013")):
        runs.append((x, 550, "B", 10, head))
        runs.append((x, 534, "R", 10, cell))
        runs.append((x, 520, "R", 10, cell2))
    # languages: a title over one line in each card, every card as tall
    for x, lang, level in ((134, "Catalan", "Native"), (284, "Danish", "Fluent")):
        runs.append((72, 470, "R", 16, "Languages"))
        runs.append((x, 470, "B", 11, lang))
        runs.append((x, 454, "R", 10, level))
    return {"runs": runs}


write("pdf-grid", "cv.pdf", pdf([grid_page()]))


# ---- PDF: entries' dates that fall in the header and footer bands: one the
# last line of page 1, one the first of page 2, at other distances from
# their edges (text, not a running footer); a running footer at one place
# on both pages (set aside)
def band_page(n):
    runs = [(72, 20, "R", 8, "Ada Lindqvist-Moe \u00b7 CV")]
    if n == 1:
        runs += [(72, 720, "B", 20, "Ada Lindqvist-Moe"), (72, 690, "B", 13, "Experience"),
                 (72, 666, "B", 10, "Hydrographer, Skagen Charts"), (72, 652, "R", 10, "2019 - 2024"),
                 (72, 638, "R", 10, "Mapped the harbour approaches."),
                 (72, 66, "B", 10, "Data Analyst, Fjord Bank"), (72, 40, "R", 10, "2016 - 2019")]
    else:
        runs += [(72, 754, "R", 10, "2012 - 2016"), (72, 738, "B", 10, "Survey Assistant, Kelp Institute"),
                 (72, 724, "R", 10, "Logged the seabed samples.")]
    return {"runs": runs}


write("pdf-band-dates", "cv.pdf", pdf([band_page(1), band_page(2)]))


# ---- PDF: each entry's dates in bold set at the right edge on the line
# above its bold title, the title over text in the regular weight at its
# margin (an entry's head, no section title)
def date_above_page():
    runs = [(72, 730, "B", 22, "Rafa Quintero-Lowe"), (72, 690, "B", 16, "Work")]
    y = 664
    for dates, title, text in (("2020-04 - 2023-09", "Glass Blower", "Ran the furnace for a studio of six."),
                               ("2017-01 - 2020-03", "Kiln Technician", "Kept four kilns in repair.")):
        runs.append((460, y, "B", 10, dates))
        runs.append((72, y - 16, "B", 11, title))
        runs.append((72, y - 32, "R", 11, text))
        y -= 64
    return {"runs": runs}


write("pdf-date-above", "cv.pdf", pdf([date_above_page()]))


# ---- PDF: each job's title and employer in the body size, its dates in a
# smaller size set close under it, then a wide gap before the next job (no
# bullets, no weights: the spacing alone groups each job's lines)
def date_below_page():
    runs = [(72, 730, "B", 22, "Ilse Marchetti-Dunne"), (72, 690, "B", 16, "Experience")]
    y = 660
    for title, dates in (("Bridge Inspector, Calder Span Services", "Mar 2019 - Present"),
                         ("Survey Assistant, Northgate Mapping", "Jun 2015 - Feb 2019"),
                         ("Draughtsman, Pell & Orme", "Sep 2012 - May 2015")):
        runs.append((72, y, "R", 12, title))
        runs.append((72, y - 15, "R", 9, dates))
        y -= 52
    return {"runs": runs}


write("pdf-date-below", "cv.pdf", pdf([date_below_page()]))


# ---- PDF: skill groups set as cards side by side, two to a row: a row of
# group titles over a row of their tags in a smaller size, each tag under
# its group's title (the reading order runs across the cards)
def tag_cards_page():
    runs = [(72, 730, "B", 22, "Tomasz Adeyemi-Roy"), (72, 690, "B", 16, "Skills")]
    y = 664
    for row in ((("Embedded", ["Zephyr", "FreeRTOS", "CAN bus"]), ("Web", ["Flask", "HTMX"])),
                (("Data", ["PostgreSQL", "DuckDB"]), ("Testing", ["pytest", "Hypothesis", "Robot"]))):
        for col, (title, tags) in enumerate(row):
            x = 72 + col * 250
            runs.append((x, y, "R", 11, title))
            tx = x + 6
            for tag in tags:
                runs.append((tx, y - 20, "R", 9, tag))
                tx += 9 * 0.55 * len(tag) + 18
        y -= 52
    return {"runs": runs}


write("pdf-tag-cards", "cv.pdf", pdf([tag_cards_page()]))


# ---- PDF: a page header that prints the name twice on one line (a small
# copy for another screen beside it), then two columns of contact
# lines side by side, the last cell of each broken after a comma
def header_cells_page():
    runs = [(110, 740, "R", 22, "Nives Kobal-Arh"), (300, 740, "R", 22, "Nives Kobal-Arh"),
            (90, 700, "R", 10, "+386 555 010 442"), (330, 700, "R", 10, "nives.ka@example.org"),
            (90, 686, "R", 10, "Lindenweg 12,"), (330, 686, "R", 10, "Spanish, German,"),
            (90, 672, "R", 10, "Graz, 8010"), (330, 672, "R", 10, "Croatian"),
            (72, 630, "B", 16, "Experience"),
            (72, 605, "R", 12, "Acoustics Engineer, Soundfield Labs"), (72, 590, "R", 10, "Apr 2017 - Present")]
    return {"runs": runs}


write("pdf-header-cells", "cv.pdf", pdf([header_cells_page()]))


# ---- PDF: each job's employer in the body size, its dates in a smaller size
# close under it, then its one-line description back in the body size a
# paragraph's gap under the dates (nearer the dates than the next job): the
# description is a block of its own, not a line of the dates' block
def desc_under_dates_page():
    runs = [(72, 730, "B", 22, "Radka Oyelaran-Beck"), (72, 690, "B", 16, "Work")]
    y = 660
    for org, dates, desc in (("Fenwick Glassworks", "Jan 2018 - Present", "Scheduled the kilns and trained new furnace crews."),
                             ("Marlow Ceramics", "Jan 2014 - Jan 2018", "Mixed glazes and ran the quality checks on every batch."),
                             ("Ostrava Tileworks", "Jan 2010 - Jan 2014", "Pressed, fired and packed floor tiles for export.")):
        runs.append((72, y, "R", 12, org))
        runs.append((72, y - 16, "R", 10, dates))
        runs.append((72, y - 40, "R", 12, desc))
        y -= 80
    return {"runs": runs}


write("pdf-desc-under-dates", "cv.pdf", pdf([desc_under_dates_page()]))


# ---- PDF: a header of cells side by side: an address wrapped over two lines
# beside a list of languages wrapped after a comma (only two rows of cells:
# each column is read down on its own), then an e-mail address beside the
# languages someone else lists in a cell of their own
def header_wraps_pages():
    one = [(72, 730, "B", 22, "Radomir Eastwood-Chen"),
           (150, 712, "R", 10, "+44 29 2018 0447"), (270, 712, "R", 10, "radomir.ec@example.org"),
           (72, 700, "R", 10, "18 Quarry Lane, Port"), (330, 700, "R", 10, "Welsh, English, Polish,"),
           (72, 688, "R", 10, "Talbot, SA13 1AA"), (330, 688, "R", 10, "Portuguese"),
           (72, 650, "B", 16, "Experience"), (72, 630, "R", 10, "Hydrologist, Vistula Water Board, 2016 - 2022")]
    two = [(72, 730, "B", 22, "Iwona Achterberg-Sy"),
           (72, 700, "R", 10, "iwona.as@example.org"), (330, 700, "R", 10, "Dutch, French, Spanish"),
           (72, 660, "B", 16, "Experience"), (72, 640, "R", 10, "Ferry Pilot, Dakar Harbour, 2012 - 2020")]
    return [{"runs": one}], [{"runs": two}]


# Helvetica's advance widths (thousandths of an em, from its AFM), for runs
# placed a measured gap after the run before
HELV = dict(zip(" abcdefghijklmnopqrstuvwxyz", [278, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
                                                 556, 556, 556, 556, 333, 500, 278, 556, 556, 500, 722, 500, 500, 500]))
HELV.update(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722,
                                               778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611]))
HELV.update({c: 556 for c in "0123456789"}, **{".": 278, "-": 333, "+": 584})


def helv_width(text, size):
    return sum(HELV.get(c, 556) for c in text) * size / 1000


# ---- PDF: tags set side by side as pills, a space plus their paddings
# apart (0.65 em, narrower than a cell's gap), some of two words with an
# ordinary space inside ("Apache Kafka"): on a line whose spaces come in
# two widths, the wide ones part the tags
def pill_row(y, tags, gap):
    """Runs of tags side by side on baseline y, gap points apart (Helvetica 10)."""
    runs, x = [], 72
    for tag in tags:
        runs.append((x, y, "R", 10, tag))
        x += helv_width(tag, 10) + gap
    return runs


def tag_pills_page():
    runs = [(72, 730, "B", 22, "Ines Vourvachaki-Lund"), (72, 690, "B", 16, "Skills")]
    y = 664
    for row in (("Kotlin", "Apache Kafka", "Rust"), ("Spring Boot", "Go", "Grafana")):
        runs += pill_row(y, row, 6.5)
        y -= 18
    return {"runs": runs}


write("pdf-tag-pills", "cv.pdf", pdf([tag_pills_page()]))


# ---- PDF: tags two to a row, a pill's padding apart (wider than a space of
# their size, which the two-word tags show), under group titles, beside a
# justified paragraph that sets the column's edge
def tag_pairs_page():
    runs = [(72, 730, "B", 22, "Teodor Halvorsen-Mbeki"), (72, 690, "B", 14, "Profile")]
    prose = ["Hydrologist who models river catchments and flood plains for regional water boards, and who",
             "builds the gauging networks and data pipelines that feed those models with their measurements",
             "through every season, from the first snowmelt to the autumn storms on the western coast."]
    y = 672
    for t in prose:
        runs.append((72, y, "R", 10, t))
        y -= 13
    y -= 14
    runs.append((72, y, "B", 14, "Skills"))
    y -= 20
    for title, rows in (("Modelling", (("HEC-RAS", "MIKE SHE"), ("Python", "Fortran"))),
                        ("Survey tools", (("Gauging", "Drone survey"), ("GIS",)))):
        runs.append((72, y, "B", 11, title))
        y -= 16
        for row in rows:
            runs += pill_row(y, row, 6.4)
            y -= 15
        y -= 6
    return {"runs": runs}


write("pdf-tag-pairs", "cv.pdf", pdf([tag_pairs_page()]))


# ---- PDF: a list of names a line and a sentence that a page breaks: both go
# on at the head of the next page (a title set a paragraph apart does not);
# a bold title at a page's foot over its content atop the next page
def page_carry_pages():
    p1 = [(72, 730, "B", 22, "Hedda Okonkwo-Strand"), (72, 690, "B", 14, "Skills"),
          (72, 670, "B", 11, "Analysis software")]
    y = 652
    for t in ["PLAXIS", "GeoStudio", "Slide2", "RS2", "FLAC", "LPILE", "GROUP", "SHAFT", "UniSettle", "Settle3",
              "CPeT-IT", "gINT", "HoleBASE", "Leapfrog", "Civil 3D", "QGIS", "Python", "MATLAB", "Excel", "Mathcad",
              "AutoCAD", "Revit", "Navisworks", "ProjectWise", "Bentley", "Tekla", "Surfer", "Grapher", "OpenGround",
              "Rocscience RS3", "Midas GTS", "Optum G2", "Dips", "Unwedge", "Phase2", "Oasys Pdisp", "Oasys Xdisp",
              "Wallap", "ReWaRD", "GeoSuite"]:
        p1.append((72, y, "R", 10, t))
        y -= 15
    p2 = [(72, 760, "R", 10, "Geo5"), (72, 745, "R", 10, "Flac3D"), (72, 715, "B", 14, "Experience"),
          (72, 695, "B", 11, "Senior Engineer, Fjellgrunn AS"), (72, 680, "R", 10, "March 2017 \u2013 Present")]
    y = 660
    lines = ["Designed the retaining walls and the piled foundations of eleven road bridges in the west, and",
             "kept the ground models of three of them up to date through their construction, with the site"]
    for i in range(40):
        t = lines[i % 2]
        if y < 60:
            break
        p2.append((72, y, "R", 10, t))
        y -= 13
    p3 = [(72, 760, "R", 10, "teams and the owners' checkers, and trained two graduates in the use of ground anchors."),
          (72, 747, "R", 10, "Wrote the company's guide to slope monitoring.")]
    # a bold title at the foot of its page: its content heads the next one
    p3 += [(72, 60, "B", 10, "Certificates")]
    p4 = [(84, 760, "R", 10, "Chartered Engineer, Institution of Civil Engineers, 2019"),
          (84, 745, "R", 10, "Rope Access Technician Level 1, 2016")]
    return [{"runs": p1}, {"runs": p2}, {"runs": p3}, {"runs": p4}]


write("pdf-page-carry", "cv.pdf", pdf(page_carry_pages()))

write("pdf-header-wraps", "cv.pdf", pdf(header_wraps_pages()[0]))
write("pdf-header-email-cells", "cv.pdf", pdf(header_wraps_pages()[1]))

# ---- PDF: what a browser's print shows. Page 1: a profile paragraph
# wrapped at the column's edge (one line each), list items whose bullets are
# drawn squares (no character), one item wrapped; a bold title over its
# description set a little further apart than the description's lines; a
# publication's title in a
# larger bold size wrapped over two lines, its venue in bold after
# "Published by" wrapped onto a bold line; short skill lines (the widest at
# no edge: lines of their own); a table of two rows, names over levels.
# Page 2: a column of labels, the first with nothing beside it, the next set
# lower than its text's first line
def drawn_page1():
    runs = [(72, 730, "B", 22, "Nils Oduya-Brekke"), (72, 690, "B", 15, "Profile")]
    prose = ["Coastal engineer who designs and tests breakwaters, sea walls and harbour works in the wave",
             "basin and in the field, and who writes the numerical models that turn all their measurements",
             "into design tables."]
    y = 670
    for t in prose:
        runs.append((72, y, "R", 10, t))
        y -= 13
    runs += [(72, 614, "B", 15, "Experience"), (72, 592, "B", 11, "Wave Basin Engineer, Stormbank Laboratory")]
    items = [["Built a wave maker controller for the long flume"],
             ["Ran model tests of rubble mound breakwaters for harbour authorities along the northern",
              "coast and wrote their reports"],
             ["Taught the lab safety course"]]
    images = []
    y = 574
    for item in items:
        images.append((80, y + 2.5, 83, y + 5.5))
        for t in item:
            runs.append((90, y, "R", 10, t))
            y -= 13
    # a title over its description, set a little further apart than the
    # description's lines
    runs += [(72, y - 6, "B", 10, "Research Assistant, Fjordline Institute"),
             (72, y - 22, "R", 10, "Logged wave heights at four coastal stations and kept the instruments"),
             (72, y - 35, "R", 10, "calibrated through two winters.")]
    y -= 44
    runs.append((72, y - 12, "B", 15, "Publications"))
    y -= 34
    runs += [(72, y, "B", 13, "Armour stone stability under oblique wave attack on shallow"),
             (72, y - 16, "B", 13, "foreshores of the North Sea")]
    y -= 32
    runs += [(72, y, "R", 10, "Published by"),
             (131.2, y, "B", 10, "Proceedings of the International Conference on Coastal Structures and"),
             (72, y - 13, "B", 10, "Breakwaters, Bergen, 2021")]
    y -= 44
    runs.append((72, y, "B", 15, "Skills"))
    for k, t in enumerate(["Wave flume testing", "Hydraulic model scaling", "SWAN", "Python"]):
        runs.append((72, y - 20 - 13 * k, "R", 10, t))
    # a table of two rows, names over levels, the names a little over an em apart
    y -= 96
    runs.append((72, y, "B", 15, "Languages"))
    for x, name, level in ((72, "Norwegian", "Native"), (132, "English", "Fluent"), (177, "Swahili", "Conversational")):
        runs += [(x, y - 20, "R", 10, name), (x, y - 34, "R", 10, level)]
    return {"runs": runs, "images": images}


def drawn_page2():
    runs = [(72, 720, "R", 13, "Contact"), (72, 640, "R", 13, "Interests"),
            (230, 660, "R", 10, "Sea kayaking"), (230, 647, "R", 10, "Tide tables"),
            (230, 634, "R", 10, "Knot tying"), (230, 621, "R", 10, "Birdwatching")]
    return {"runs": runs}


write("pdf-drawn", "cv.pdf", pdf([drawn_page1(), drawn_page2()]))

# ---- PDF: dates set right of entry titles in a smaller size, on their
# baselines, beside a column of text that wide lines cross (a column of
# labels): each date is read after its title, and after the title's wrapped
# rest; the place under both goes with them. Section titles in small bold
# capitals, one under the last of a list of bold tags. A profile linked from
# an icon (a link over no text) beside the headline
def row_dates_page():
    runs = [(72, 730, "B", 22, "Jorunn Abebe-Lindqvist"), (72, 712, "R", 10.5, "Hydrographic Surveyor"),
            (72, 684, "B", 9, "SUMMARY"),
            (72, 668, "R", 10.5, "Surveyor who charts harbours, fairways and wind farm sites with multibeam echo"),
            (72, 654, "R", 10.5, "sounders, and who writes the processing tools that turn soundings into charts."),
            (72, 626, "B", 9, "SKILLS"),
            (72, 610, "B", 11, "Multibeam survey"), (72, 595, "B", 11, "Tide modelling"),
            (72, 576, "B", 9, "EXPERIENCE"),
            (72, 558, "R", 12, "Senior Hydrographic Surveyor at the Baltic Seabed Mapping"),
            (430, 559, "R", 9.8, "Mar 2019 - Current"),
            (72, 542, "R", 12, "Agency"),
            (72, 527, "R", 9.8, "Gdynia, Poland"),
            (86, 505, "R", 10.5, "Led the survey crews of two vessels along the southern coast."),
            (72, 478, "R", 12, "Survey Technician at Nordic Charts"), (424, 479, "R", 9.8, "Jun 2015 - Feb 2019"),
            (72, 463, "R", 9.8, "Bergen, Norway"),
            (86, 441, "R", 10.5, "Calibrated the motion sensors and kept the sound velocity profiles.")]
    # an icon that links a profile, beside the headline: a link over no text
    return {"runs": runs, "links": [(200, 709, 212, 721, "https://github.com/jorunn-al")]}


write("pdf-row-dates", "cv.pdf", pdf([row_dates_page()]))


# ---- PDF: an entry's head split by a page: a bold date and a bold job
# title at a page's foot, a bold label atop the next page over its indented
# lines; the label is part of the head, as on one page, not a section title
def head_across_pages():
    p1 = [(72, 730, "B", 22, "Ilse Marangoni-Achebe"), (72, 690, "B", 18, "Experience"),
          (480, 666, "B", 10, "2016 - 2019"), (72, 650, "B", 12, "Research intern"),
          (72, 634, "B", 12, "Highlights"),
          (96, 614, "R", 12, "Duties included: gait analysis from wearable sensors"),
          (96, 596, "R", 12, "Supervisor: Prof. Anke Vollmer"),
          (480, 82, "B", 10, "2019 - 2023"), (72, 66, "B", 12, "Research assistant")]
    p2 = [(72, 760, "B", 12, "Highlights"),
          (96, 740, "R", 12, "Duties included: sleep staging from wrist actigraphy"),
          (96, 722, "R", 12, "Supervisor: Prof. Jonas Eberhardt"),
          (72, 700, "B", 18, "Education"), (72, 680, "B", 12, "University of Leipzig"),
          (72, 666, "R", 12, "MSc Biomedical Engineering, 2016")]
    return [{"runs": p1}, {"runs": p2}]


write("pdf-head-across-pages", "cv.pdf", pdf(head_across_pages()))


# ---- PDF: an entry's head in one bold style, broken by its dates: the
# employer and the place, the dates in the regular weight, then the job
# title a little apart over its description; the title is the head's last
# line, not a heading over the description
def head_title_below_page():
    runs = [(34, 740, "B", 25, "KAURI NGATA-BELLWOOD"), (45, 700, "B", 17, "WORK EXPERIENCE")]
    y = 670
    for org, place, dates, title, desc in (
            ("Harbour Ferries Ltd", "Picton", "March 2021 \u2013 June 2023", "Ticket Office Assistant",
             ["I crewed the morning sailings across the strait and kept the", "passenger decks safe in all weathers, with a crew of six."]),
            ("Ridgeline Orchards", "Motueka", "January 2019 \u2013 May 2019", "Orchard Supervisor",
             ["I picked and graded apples for export in a crew of twelve, and", "drove the tractor between the rows at the end of each day."])):
        runs += [(63, y, "B", 13.7, org), (63, y - 16, "B", 13.7, place), (63, y - 31, "R", 11.4, dates),
                 (61, y - 62, "B", 13.7, title)]
        y = lines_down(runs, 61, y - 79, 11.4, 17, desc) - 30
    return {"runs": runs}


write("pdf-head-title-below", "cv.pdf", pdf([head_title_below_page()]))


# ---- PDF: section titles a little larger than the text and in its weight
# (no heading by size), entry titles in bold over their text, one of them
# holding a section's word ("Best Poster Award"): the section titles are
# still read as such
def section_lines_page():
    runs = [(76, 730, "B", 28, "Maren Oduya-Castell"), (76, 700, "R", 9.9, "Experience"),
            (469, 680, "R", 7.8, "2016 - 2020"), (76, 672, "R", 8.5, "Research Technician"),
            (76, 660, "R", 8.5, "Institute for Polar Ecology, Kiel"),
            (469, 628, "R", 7.8, "2012 - 2016"), (76, 620, "R", 8.5, "Laboratory Assistant"),
            (76, 608, "R", 8.5, "Baltic Fisheries Station, Rostock"),
            (76, 566, "R", 9.9, "Awards"),
            (76, 546, "B", 8.5, "Best Poster Award"), (76, 534, "R", 8.5, "Annual Polar Science Meeting, 2019"),
            (76, 514, "B", 8.5, "Field Work Grant"), (76, 502, "R", 8.5, "Nordic Marine Fund, 2017"),
            (76, 472, "R", 9.9, "Education"),
            (76, 452, "R", 8.5, "MSc Polar Sciences, University of Tromso, 2014"),
            (76, 440, "R", 8.5, "BSc Marine Biology, University of Kiel, 2012")]
    return {"runs": runs}


write("pdf-section-lines", "cv.pdf", pdf([section_lines_page()]))


# ---- PDF: cards side by side whose text wraps in their columns (three
# interests, each over three or four lines, the lines of a row on one
# baseline): each card is read down its column as one line
def wrapped_cells_page():
    runs = [(42, 740, "B", 22, "Sunniva Achterberg-Mensah"), (42, 720, "R", 10.5, "Process engineer"),
            (42, 690, "B", 9, "INTERESTS")]
    cols = [["designing small reactors", "that turn waste heat", "into usable steam"],
            ["teaching kinetics with", "kitchen experiments", "for school visits", "on open days"],
            ["the history of glass", "furnaces in Bohemia"]]
    for i, col in enumerate(cols):
        for k, t in enumerate(col):
            runs.append((42 + 182 * i, 672 - 14.5 * k, "B", 11.2, t))
    runs += [(42, 600, "B", 9, "LANGUAGES"), (42, 584, "R", 10.5, "Norwegian, Twi, English")]
    return {"runs": runs}


write("pdf-wrapped-cells", "cv.pdf", pdf([wrapped_cells_page()]))


# ---- PDF: a sparse sidebar beside the main column, each opening with a
# title of its own on one baseline ("Skills" beside "Experience"): two
# columns, read one after the other, though the sidebar's few lines fill
# little of its height
def sparse_sidebar_page():
    runs = [(76, 740, "B", 26, "Odile Fairweather-Nakamura"), (76, 700, "R", 10, "Skills"),
            (204, 700, "R", 10, "Experience")]
    for k, t in enumerate(["Fortran", "Julia", "netCDF", "Slurm"]):
        runs.append((76, 660 - 40 * k, "R", 10, t))
    y = 676
    for dates, title, desc in (("03/2019 - Present", "Climate Model Developer",
                                ["Ported the ocean component to GPUs and kept its", "regression tests green."]),
                               ("09/2014 - 02/2019", "Research Software Engineer",
                                ["Wrote the ensemble runner used by four groups."])):
        runs += [(470, y, "R", 8, dates), (204, y - 10, "R", 8.5, title)]
        y = lines_down(runs, 228, y - 24, 8, 10, desc) - 24
    return {"runs": runs}


write("pdf-sparse-sidebar", "cv.pdf", pdf([sparse_sidebar_page()]))

# ---- DOCX and ODT: heading styles, bold entry heads, list levels, a table, links
paras = [
    ("title", "Tobiah Ekwueme-Sand"),
    ("p", ["Structural engineer \u00b7 ", ("a", "mailto:tobiah.es@example.org", "tobiah.es@example.org"),
           " \u00b7 ", ("a", "https://tes.example.org", "tes.example.org")]),
    ("h1", "Experience"),
    ("p", [("b", "Senior Bridge Engineer"), ", Ferrocarril Design, Lisbon, 2019 \u2013 2024"]),
    ("li0", "Led the retrofit of three rail viaducts"),
    ("li1", "Seismic assessment to Eurocode 8"),
    ("li0", "Mentored six graduate engineers"),
    ("p", [("b", "Graduate Engineer"), ", Kestrel & Lowe, Manchester, 2015 \u2013 2019"]),
    ("h1", "Education"),
    ("p", [("b", "MEng Civil Engineering"), ", University of Leeds, 2011 \u2013 2015"]),
    ("h1", "Languages"),
    ("table", [["English", "native"], ["Portuguese", "professional"], ["Igbo", "conversational"]]),
    ("h1", "Skills"),
    ("li0", "Finite element analysis, SAP2000, Python"),
]
write("docx-styles", "cv.docx", docx(paras))
write("odt-basic", "cv.odt", odt(paras))

# ---- DOCX as word processors write it: headings by styles that are not
# named "heading N" (an outline level, a basedOn chain; outline level 9 is body
# text), list levels and markers from numbering.xml (bullets, numbers, a level
# override, levels that show no marker: the item's further paragraphs), lists
# by a style's numbering, a heading style numbered by the paragraph (a list's
# paragraph), bold by a character style, a layout table (one cell of content a
# row) and a data table
def wp(text, style=None, num=None, runs=None):
    ppr = ""
    if style or num:
        ppr = "<w:pPr>" + (f'<w:pStyle w:val="{style}"/>' if style else "")
        if num:
            ppr += f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
        ppr += "</w:pPr>"
    body = runs if runs is not None else f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'
    return f"<w:p>{ppr}{body}</w:p>"


def wr(text, rstyle=None):
    rpr = f'<w:rPr><w:rStyle w:val="{rstyle}"/></w:rPr>' if rstyle else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{text}</w:t></w:r>'


def wstyle(sid, name, based=None, ppr="", rpr="", kind="paragraph"):
    return (f'<w:style w:type="{kind}" w:styleId="{sid}"><w:name w:val="{name}"/>'
            + (f'<w:basedOn w:val="{based}"/>' if based else "")
            + (f"<w:pPr>{ppr}</w:pPr>" if ppr else "") + (f"<w:rPr>{rpr}</w:rPr>" if rpr else "") + "</w:style>")


def lvl(i, fmt, text):
    return f'<w:lvl w:ilvl="{i}"><w:numFmt w:val="{fmt}"/><w:lvlText w:val="{text}"/></w:lvl>'


def cell(*paras):
    return "<w:tc>" + ("".join(paras) or "<w:p/>") + "</w:tc>"


lists_styles = "".join([
    wstyle("Normal", "Normal"), wstyle("Title", "Title", "Normal"), wstyle("CvName", "CV Name", "Title"),
    wstyle("Band", "Band", "Normal", '<w:outlineLvl w:val="1"/>'), wstyle("BandQuiet", "Band Quiet", "Band",
                                                                          '<w:outlineLvl w:val="9"/>'),
    wstyle("Heading3", "heading 3", "Normal", '<w:outlineLvl w:val="2"/>'), wstyle("Role", "Role", "Heading3"),
    wstyle("ListBullet", "List Bullet", "Normal", '<w:numPr><w:numId w:val="1"/></w:numPr>'),
    wstyle("ListParagraph", "List Paragraph", "Normal"),
    wstyle("Loud", "Loud", None, "", "<w:b/>", "character"), wstyle("Louder", "Louder", "Loud", kind="character")])
lists_numbering = (
    '<w:abstractNum w:abstractNumId="10">' + lvl(0, "bullet", "\u2022") + lvl(1, "bullet", "o")
    + lvl(2, "none", "") + "</w:abstractNum>"
    '<w:abstractNum w:abstractNumId="11">' + lvl(0, "decimal", "%1.") + "</w:abstractNum>"
    '<w:abstractNum w:abstractNumId="12">' + lvl(0, "bullet", " ") + lvl(1, "bullet", " ") + "</w:abstractNum>"
    '<w:num w:numId="1"><w:abstractNumId w:val="10"/></w:num>'
    '<w:num w:numId="2"><w:abstractNumId w:val="11"/></w:num>'
    '<w:num w:numId="3"><w:abstractNumId w:val="12"/></w:num>'
    '<w:num w:numId="4"><w:abstractNumId w:val="10"/><w:lvlOverride w:ilvl="1">'
    + lvl(1, "lowerLetter", "%2)") + "</w:lvlOverride></w:num>")
lists_body = "".join([
    wp("Ysolde Farrant-Okoye", "CvName"),
    wp(None, runs=f'<w:hyperlink r:id="rId7">{wr("ysolde.fo@example.com")}</w:hyperlink>'),
    wp("Experience", "Band"),
    wp("Hydrologist", "Role"),
    wp("Moorland Water Trust, 2020 \u2013 2024", num=(3, 0)),
    wp("Mapped peat erosion across four catchments", num=(1, 0)),
    wp("Drone photogrammetry", num=(1, 1)),
    wp("ground truth from dipwells", num=(1, 2)),
    wp("Trained volunteers", num=(4, 1)),
    wp("Wrote the monitoring handbook", "ListBullet"),
    wp("Selected projects", "Band"),
    wp("Bog restoration plan", num=(2, 0)),
    wp("Flood model", "Heading3", num=(1, 0)),
    wp("Downstream of Hebden", num=(3, 1)),
    wp("Referees available on request", "BandQuiet"),
    wp("Not a list", "ListParagraph", num=(0, 0)),
    wp(None, runs=wr("Field kit:", "Louder") + wr(" waders, auger, GPS")),
    wp("Languages", "Band"),
    "<w:tbl><w:tblPr/><w:tr>" + cell() + cell(wp("Welsh (native)")) + "</w:tr><w:tr>" + cell()
    + cell(wp("Yoruba (fluent)")) + "</w:tr></w:tbl>",
    wp("Certificates", "Band"),
    "<w:tbl><w:tblPr/><w:tr>" + cell(wp("Chainsaw CS30")) + cell(wp("2019")) + "</w:tr></w:tbl>",
])
write("docx-lists", "cv.docx", docx_parts(lists_body, lists_styles, lists_numbering,
                                          [("rId7", "mailto:ysolde.fo@example.com")]))

# ---- DOCX typed by hand: no heading styles but the title, bold paragraphs
# for headings; a bold title over its content is a heading, bold paragraphs
# one under the other (an entry's head) are not, nor one ending as a sentence
bold_paras = [
    ("title", "Caspian Mbeki-Lowe"),
    ("p", "Orchard manager"),
    ("p", [("b", "Experience")]),
    ("p", [("b", "Head Grower"), ", Longacre Cider Farm, 2016 \u2013 2023"]),
    ("p", "Ran forty acres of heritage apple trees"),
    ("p", [("b", "Seasonal Picker")]),
    ("p", [("b", "Hawthorn Orchards")]),
    ("p", "Picked and graded fruit"),
    ("p", [("b", "Skills")]),
    ("li0", "Grafting and pruning"),
    ("p", [("b", "References on request.")]),
    ("p", "Ask by letter."),
    ("p", [("b", "Hobbies"), " ", ("a", "https://cml.example.net", "cml.example.net")]),
]
write("docx-bold", "cv.docx", docx(bold_paras))

# ---- DOCX whose word processor set a space that does not break after the
# comma between a role and its employer
nbsp_paras = [
    ("title", "Ivo Castellanos"),
    ("p", [("b", "Experience")]),
    ("p", "Field Technician,\u00a0Brackwater Survey Institute (BSI)"),
    ("p", "Mar 2016 \u2013 Jan 2019"),
    ("li0", "Logged tide gauges along the coast"),
    ("p", "Data Analyst,\u00a0Lowmoor Analytics"),
    ("p", "Feb 2019 \u2013 Present"),
    ("li0", "Built the harbour traffic dashboards"),
]
write("docx-nbsp", "cv.docx", docx(nbsp_paras))

# ---- a PDF for `cvx validate`: its diagnostics print page:line:column (an
# entry dated in the future on page 1, a publication with no venue on page 2)
vpages = [{"runs": [(72, 720, "B", 20, "Ines Obradovic-Lund"), (72, 700, "R", 10, "ines@example.com"),
                    (72, 660, "B", 14, "Experience"), (72, 640, "R", 10, "\u2022 Survey Technician, Fjordline, 2016 - 2019"),
                    (72, 626, "R", 10, "\u2022 Harbour Mapper, 2031")]},
          {"runs": [(72, 720, "B", 14, "Publications"),
                    (72, 700, "R", 10, "\u2022 Tidal benchmarks in narrow fjords. 2020.")]}]
d = os.path.join(root, "fixtures", "validate-pdf", "input")
os.makedirs(d, exist_ok=True)
with open(os.path.join(d, "cv.pdf"), "wb") as f:
    f.write(pdf(vpages))
