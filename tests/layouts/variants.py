#!/usr/bin/env python3
"""variants.py — one CV written many ways: section headings in phrasings no
word list of cvx holds, in every heading style, over entries in several
shapes, in plain text and Markdown. Each document must come out with its
jobs (employer, title, start date) and both degrees (school, degree type,
field, end date).

Generalisation guard: the phrasings and the CV are this project's own, not
taken from any shared set. Each document has a twin in which one value holds
a section's word ("Publications Editor", "Brindle Technologies"), and each of
the jobs' documents one whose employers no word names, in towns that name
their region too ("Cobalt Freight, Berlin"). Prints "ok NAME" / "FAIL NAME: why" per document
and a closing "variants: N passed, M failed".

usage: tests/layouts/variants.py BUILD_DIR"""
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

WORK_HEADS = ["Jobs I've Held", "Paid Work", "Career So Far", "Where I Have Been Employed", "Track Record",
              "Industry Roles", "What I Do for a Living", "Places I've Worked", "Day Jobs", "Professional Path"]
EDU_HEADS = ["Schooling", "Where I Studied", "Academic Background", "Learning", "Degrees Earned"]

TEXT_STYLES = {
    "plain": lambda h: h + "\n",
    "caps": lambda h: h.upper() + "\n",
    "dashes": lambda h: h + "\n" + "-" * len(h) + "\n",
    "equals": lambda h: h + "\n" + "=" * len(h) + "\n",
    "colon": lambda h: h + ":\n",
}
# the two text heading styles the shape families are written under
PLAIN_CAPS = (("plain", TEXT_STYLES["plain"]), ("caps", TEXT_STYLES["caps"]))
MD_STYLES = {
    "atx2": lambda h: "## " + h + "\n",
    "atx3": lambda h: "### " + h + "\n",
    "bold": lambda h: "**" + h + "**\n",
    "setext": lambda h: h + "\n" + "-" * len(h) + "\n",
}

TEXT_JOBS = {
    "role-org-dates": ("Senior Data Engineer, Pellham Analytics — Leeds, UK\nMarch 2020 – present\n"
                       "• Rebuilt the ingestion pipeline.\n\n"
                       "Data Analyst, Kestrelmoor Council — York, UK\n2016 – 2020\n"
                       "• Produced the monthly housing dashboards.\n"),
    "org-role-bar": ("Pellham Analytics, Leeds\nSenior Data Engineer | March 2020 – present\n"
                     "• Rebuilt the ingestion pipeline.\n\n"
                     "Kestrelmoor Council, York\nData Analyst | 2016 – 2020\n"
                     "• Produced the monthly housing dashboards.\n"),
    "dates-first": ("2020 – present   Senior Data Engineer, Pellham Analytics\n"
                    "                 Rebuilt the ingestion pipeline.\n\n"
                    "2016 – 2020      Data Analyst, Kestrelmoor Council\n"
                    "                 Produced the monthly housing dashboards.\n"),
    "one-line": ("Senior Data Engineer | Pellham Analytics | 2020 – present\n"
                 "Data Analyst | Kestrelmoor Council | 2016 – 2020\n"),
    # a field a paragraph, as text copied from a web page sets it
    "spaced-org-first": ("Pellham Analytics\n\n03/2020 - Present\n\nLeeds\n\nSenior Data Engineer\n\n"
                         "Rebuilt the ingestion pipeline for the analytics team.\n\n"
                         "Kestrelmoor Council\n\n01/2016 - 02/2020\n\nYork\n\nData Analyst\n\n"
                         "Produced the monthly housing dashboards.\n"),
    # role, employer left hanging on a dash, dates: a job site's export
    "spaced-role-first": ("Senior Data Engineer\n\nPellham Analytics - Leeds -\n\nMarch 2020 to Present\n\n"
                          "Rebuilt the ingestion pipeline for the analytics team.\n\n"
                          "Data Analyst\n\nKestrelmoor Council - York -\n\nJanuary 2016 to February 2020\n\n"
                          "Produced the monthly housing dashboards.\n"),
    # a theme's page copied: the title set apart over the employer and what it
    # does, the dates and the place
    "title-over-fields": ("Senior Data Engineer\n\nPellham Analytics · builds reporting tools for city councils\n"
                          "March 2020 – Present\nLeeds, UK\n\n  • Rebuilt the ingestion pipeline.\n\n"
                          "Data Analyst\n\nKestrelmoor Council · runs housing and transport for the district\n"
                          "January 2016 – February 2020\nYork, UK\n\n  • Produced the monthly housing dashboards.\n"),
    # a profile page copied: title, employer, dates and length, place, what was done
    "profile-copy": ("Senior Data Engineer\nPellham Analytics\nMar 2020 - Present · 4 yrs\n"
                     "Leeds, England, United Kingdom\nRebuilt the ingestion pipeline for the analytics team.\n\n"
                     "Data Analyst\nKestrelmoor Council\nJan 2016 - Feb 2020 · 4 yrs 2 mos\n"
                     "York, England, United Kingdom\nProduced the monthly housing dashboards.\n"),
}
MD_JOBS = {
    "sub-headings": ("### Senior Data Engineer, Pellham Analytics\n*March 2020 – present* · Leeds, UK\n\n"
                     "- Rebuilt the ingestion pipeline.\n\n"
                     "### Data Analyst, Kestrelmoor Council\n*2016 – 2020* · York, UK\n\n"
                     "- Produced the monthly housing dashboards.\n"),
    "bullets": ("- **Pellham Analytics** — Senior Data Engineer (2020 – present)\n"
                "- **Kestrelmoor Council** — Data Analyst (2016 – 2020)\n"),
    "table": ("| Years | Role | Employer |\n| --- | --- | --- |\n"
              "| 2020 – present | Senior Data Engineer | Pellham Analytics |\n"
              "| 2016 – 2020 | Data Analyst | Kestrelmoor Council |\n"),
    "bold-dots": ("**Senior Data Engineer** · Pellham Analytics · Leeds · 2020 – present  \n"
                  "Rebuilt the ingestion pipeline.\n\n"
                  "**Data Analyst** · Kestrelmoor Council · York · 2016 – 2020  \n"
                  "Produced the monthly housing dashboards.\n"),
    "nested": ("- Pellham Analytics, Leeds\n  - Senior Data Engineer, 2020 – present\n"
               "  - Rebuilt the ingestion pipeline.\n"
               "- Kestrelmoor Council, York\n  - Data Analyst, 2016 – 2020\n"
               "  - Produced the monthly housing dashboards.\n"),
    "h3-italics": ("### Pellham Analytics\n_Senior Data Engineer_, _March 2020 – present_, Leeds\n\n"
                   "Rebuilt the ingestion pipeline.\n\n"
                   "### Kestrelmoor Council\n_Data Analyst_, _January 2016 – February 2020_, York\n\n"
                   "Produced the monthly housing dashboards.\n"),
}
TEXT_EDU = "MSc Data Science, University of Sheffield, 2016\nBSc Mathematics, University of Hull, 2015\n"
# degrees in several shapes, under every education phrasing, after one job
TEXT_EDU_SHAPES = {
    "degree-school-year": TEXT_EDU,
    "school-over-degree": ("University of Sheffield\nMSc Data Science, 2014 – 2016\n\n"
                           "University of Hull\nBSc Mathematics, 2012 – 2015\n"),
    "school-dash-degree": ("University of Sheffield — MSc Data Science (2014 – 2016)\n"
                           "University of Hull — BSc Mathematics (2012 – 2015)\n"),
    "dates-first": ("2014 – 2016   MSc Data Science, University of Sheffield\n"
                    "2012 – 2015   BSc Mathematics, University of Hull\n"),
    "bars": ("MSc Data Science | University of Sheffield | 2016\n"
             "BA Mathematics | University of Hull | 2015\n"),
    "words": ("Master of Science in Data Science\nUniversity of Sheffield, 2016\n\n"
              "Bachelor of Science in Mathematics\nUniversity of Hull, 2015\n"),
    "spaced": ("University of Sheffield\n\n09/2014 - 06/2016\n\nMSc Data Science\n\n"
               "University of Hull\n\n09/2012 - 06/2015\n\nBSc Mathematics\n"),
    "spaced-degree-first": ("MSc in Data Science\n\nUniversity of Sheffield - Sheffield\n\n2016\n\n"
                            "BSc in Mathematics\n\nUniversity of Hull - Hull\n\n2015\n"),
    "profile-copy": ("University of Sheffield\nMaster of Science - MSc, Data Science\n2014 - 2016\n\n"
                     "University of Hull\nBachelor of Science - BSc, Mathematics\n2012 - 2015\n"),
    # two degrees at one school, the school written once above them
    "two-at-school": ("University of Sheffield\n  MSc Data Science, 2015 – 2016\n  BSc Mathematics, 2012 – 2015\n"),
    # the degree's abbreviation in brackets after its name
    "abbreviated": ("Master of Science (MSc) in Data Science — University of Sheffield (2016)\n"
                    "Bachelor of Science (BSc) in Mathematics — University of Hull (2015)\n"),
}
# references under a heading in no word list, after the jobs
PUB_HEADS = ["Writing", "Papers I Have Written", "Printed Work", "In Print", "Things I Wrote"]
PUB_SHAPES = {
    "author-year": ("Whitcombe, D. and Fenwick, A. (2022). Streaming joins at scale. "
                    "Journal of Data Engineering, 14(2), 33–49.\n"
                    "Whitcombe, D. (2020). Cheap lineage for small teams. "
                    "In Proceedings of the Workshop on Data Pipelines, 12–19.\n"),
    "numbered": ("[1] D. Whitcombe and A. Fenwick, \"Streaming joins at scale,\" "
                 "Journal of Data Engineering, vol. 14, no. 2, pp. 33–49, 2022.\n"
                 "[2] D. Whitcombe, \"Cheap lineage for small teams,\" in Proc. Workshop on Data Pipelines, "
                 "2020, pp. 12–19.\n"),
}
# several roles at one employer, the employer written once above them, and a
# duty that holds dates; under every work phrasing
TEXT_GROUP_SHAPES = {
    "org-line": ("Pellham Analytics, Leeds\nSenior Data Engineer | March 2020 – present\n"
                 "• Rebuilt the ingestion pipeline in 2021, cutting costs by half.\n"
                 "Data Engineer | June 2018 – March 2020\n• Wrote the first batch jobs.\n\n"
                 "Kestrelmoor Council, York\nData Analyst | 2016 – 2018\n"
                 "• Produced the monthly housing dashboards.\n"),
    "indented": ("Pellham Analytics, Leeds\n  Senior Data Engineer, March 2020 – present\n"
                 "    • Led the migration to Airflow between 2022 and 2023.\n"
                 "  Data Engineer, June 2018 – March 2020\n    • Wrote the first batch jobs.\n\n"
                 "Kestrelmoor Council, York\n  Data Analyst, 2016 – 2018\n"
                 "    • Produced the monthly housing dashboards.\n"),
    "profile-copy": ("Pellham Analytics\n4 yrs 10 mos\nSenior Data Engineer\nMar 2020 - Present · 2 yrs\n"
                     "Leeds, England, United Kingdom\nRebuilt the ingestion pipeline.\nData Engineer\n"
                     "Jun 2018 - Mar 2020 · 1 yr 10 mos\nWrote the first batch jobs.\n\n"
                     "Data Analyst\nKestrelmoor Council\nJan 2016 - May 2018 · 2 yrs 5 mos\n"
                     "York, England, United Kingdom\n"),
}
MD_GROUP_SHAPES = {
    "h3-bold": ("### Pellham Analytics — Leeds\n\n**Senior Data Engineer** (March 2020 – present)\n\n"
                "- Rebuilt the ingestion pipeline in 2021, cutting costs by half.\n"
                "- Led the migration to Airflow between 2022 and 2023.\n\n"
                "**Data Engineer** (June 2018 – March 2020)\n\n- Wrote the first batch jobs.\n\n"
                "### Kestrelmoor Council — York\n\n**Data Analyst** (2016 – 2018)\n\n"
                "- Produced the monthly housing dashboards.\n"),
    "nested": ("- **Pellham Analytics**, Leeds\n  - Senior Data Engineer (March 2020 – present)\n"
               "    - Led the migration to Airflow between 2022 and 2023.\n"
               "  - Data Engineer (June 2018 – March 2020)\n    - Wrote the first batch jobs.\n"
               "- **Kestrelmoor Council**, York\n  - Data Analyst (2016 – 2018)\n"
               "    - Produced the monthly housing dashboards.\n"),
    "h3-h4": ("### Pellham Analytics, Leeds\n\n#### Senior Data Engineer · 2020 – present\n\n"
              "- Rebuilt the ingestion pipeline in 2021, cutting costs by half.\n\n"
              "#### Data Engineer · 2018 – 2020\n\n- Wrote the first batch jobs.\n\n"
              "### Kestrelmoor Council, York\n\n#### Data Analyst · 2016 – 2018\n\n"
              "- Produced the monthly housing dashboards.\n"),
}
# things made, each named and told what it is, under a heading in no word
# list (or one that names another kind among its words: "Tools I Wrote")
PROJ_HEADS = ["Things I Built", "Weekend Hacks", "Tinkering", "Tools I Wrote", "Odds and Ends I Made"]
TEXT_PROJ_SHAPES = {
    "dash": ("tidewatch - a command-line tool that predicts harbour tides from open data (Rust, SQLite)\n"
             "shelfscan - a phone app that reads book spines and files them into a catalogue (Kotlin)\n"),
    "colon": ("Tidewatch: a command-line tool that predicts harbour tides from open data.\n"
              "Shelfscan: a phone app that reads book spines and files them into a catalogue.\n"),
    "spaced": ("Tidewatch - a command-line tool that predicts harbour tides from open data.\n\n"
               "Shelfscan - a phone app that reads book spines and files them into a catalogue.\n"),
}
MD_PROJ_SHAPES = {
    "list": ("- **tidewatch** — a command-line tool that predicts harbour tides from open data. Rust, SQLite.\n"
             "- **shelfscan** — a phone app that reads book spines and files them into a catalogue. Kotlin.\n"),
    "paragraphs": ("**tidewatch** — a command-line tool that predicts harbour tides from open data. Rust, SQLite.\n\n"
                   "**shelfscan** — a phone app that reads book spines and files them into a catalogue. Kotlin.\n"),
    "links": ("- [tidewatch](https://example.org/tidewatch): a command-line tool that predicts harbour tides\n"
              "- [shelfscan](https://example.org/shelfscan): a phone app that reads book spines and files them\n"),
}
# skills under a heading in no word list (or one that names a kind of
# entries among its words: "What I Work With"), after the jobs
SKILL_HEADS = ["Toolbox", "What I Work With", "Tech I Know", "Stack", "Know-how"]
TEXT_SKILL_SHAPES = {
    "groups": "Languages: Python, SQL, Scala\nData: Airflow, dbt, Spark\nCloud: AWS, Terraform\n",
    "list": "Python, SQL, Scala, Airflow, dbt, Spark, AWS, Terraform\n",
    "lines": "Python\nSQL\nAirflow\ndbt\n",
}
ONE_JOB = ("Senior Data Engineer, Pellham Analytics — Leeds, UK\nMarch 2020 – present\n"
           "• Rebuilt the ingestion pipeline.\n")
MD_EDU = "- MSc Data Science, University of Sheffield, 2016\n- BSc Mathematics, University of Hull, 2015\n"
# degrees in Markdown shapes, under every education phrasing, after one job
MD_EDU_SHAPES = {
    "table": ("| Years | Degree | School |\n| --- | --- | --- |\n"
              "| 2014 – 2016 | MSc Data Science | University of Sheffield |\n"
              "| 2012 – 2015 | BSc Mathematics | University of Hull |\n"),
    "bold-school": ("**University of Sheffield** — MSc Data Science, 2016\n\n"
                    "**University of Hull** — BSc Mathematics, 2015\n"),
    "nested": ("- University of Sheffield\n  - MSc Data Science, 2014 – 2016\n"
               "- University of Hull\n  - BSc Mathematics, 2012 – 2015\n"),
    "h3-school": ("### University of Sheffield\nMSc Data Science · 2014 – 2016\n\n"
                  "### University of Hull\nBSc Mathematics · 2012 – 2015\n"),
    "h3-degree": ("### MSc Data Science\nUniversity of Sheffield, 2014 – 2016\n\n"
                  "### BSc Mathematics\nUniversity of Hull, 2012 – 2015\n"),
    "words": ("- Master of Science in Data Science, University of Sheffield (2016)\n"
              "- Bachelor of Science in Mathematics, University of Hull (2015)\n"),
}


# values whose words are a section's too ("Publications", "Technologies",
# "Education", "Languages"): each variant has a twin that holds one of them,
# in turn, where its first cast holds a plain one. A reader that took such a
# title, employer or field for a heading would lose the entry.
COLLIDING = [("Senior Data Engineer", "Publications Editor"), ("Pellham Analytics", "Brindle Technologies"),
             ("Data Analyst", "Projects Coordinator"), ("Kestrelmoor Council", "Harrowgate Education Trust"),
             ("Data Science", "Information Technologies"), ("Mathematics", "Modern Languages")]


# employers no organisation's word names, in towns that name their region
# too ("Berlin", "Lagos"): "Cobalt Freight, Berlin" is an employer and its
# town, not a town and its region. The jobs' documents have a third cast so.
TOWNS = [("Pellham Analytics", "Cobalt Freight"), ("Kestrelmoor Council", "Marrow & Finch"),
         ("Leeds, UK", "Berlin"), ("York, UK", "Lagos"), ("Leeds", "Berlin"), ("York", "Lagos")]


def documents():
    """(name, file name, text) of every variant and of its twins."""
    for k, (name, fn, text) in enumerate(plain_documents()):
        yield name, fn, text
        plain, colliding = COLLIDING[k % len(COLLIDING)]
        yield (f"{name} [{colliding}]", "c-" + fn, text.replace(plain, colliding))
        if name.startswith(("text ", "md ")):
            for a, b in TOWNS:
                text = text.replace(a, b)
            yield f"{name} [towns]", "w-" + fn, text


def plain_documents():
    """(name, file name, text) of every variant in the first cast."""
    for (i, w), (sn, style), (jn, jobs) in itertools.product(enumerate(WORK_HEADS), TEXT_STYLES.items(),
                                                             TEXT_JOBS.items()):
        e = EDU_HEADS[i % len(EDU_HEADS)]
        yield (f"text {sn} {jn} {w!r}", f"t{i}-{sn}-{jn}.txt",
               f"Dana Whitcombe\ndana@example.net | Leeds, UK\n\n{style(w)}\n{jobs}\n{style(e)}\n{TEXT_EDU}\n"
               f"Skills\nPython, SQL, Airflow, dbt\n")
    for (sn, shape), e, (yn, style) in itertools.product(TEXT_EDU_SHAPES.items(), EDU_HEADS,
                                                         PLAIN_CAPS):
        yield (f"text-edu {yn} {sn} {e!r}", f"e-{sn}-{yn}-{e.replace(' ', '_')}.txt",
               f"Dana Whitcombe\ndana@example.net | Leeds, UK\n\nExperience\n\n{ONE_JOB}\n{style(e)}\n{shape}\n"
               f"Skills\nPython, SQL\n")
    for p, (sn, shape), (yn, style) in itertools.product(PUB_HEADS, PUB_SHAPES.items(),
                                                         PLAIN_CAPS):
        yield (f"text-pub {yn} {sn} {p!r}", f"p-{sn}-{yn}-{p.replace(' ', '_')}.txt",
               f"Dana Whitcombe\ndana@example.net | Leeds, UK\n\nExperience\n\n{ONE_JOB}\n{style(p)}\n{shape}\n"
               f"{style('Education')}\n{TEXT_EDU}\nSkills\nPython, SQL\n")
    for (sn, shape), e in itertools.product(MD_EDU_SHAPES.items(), EDU_HEADS):
        yield f"md-edu atx2 {sn} {e!r}", f"f-{sn}-{e.replace(' ', '_')}.md", md_after_job(e, shape)
    for w, (sn, shape), (yn, style) in itertools.product(WORK_HEADS, TEXT_GROUP_SHAPES.items(),
                                                         PLAIN_CAPS):
        yield (f"text-group {yn} {sn} {w!r}", f"g-{sn}-{yn}-{slug(w)}.txt",
               f"Dana Whitcombe\ndana@example.net | Leeds, UK\n\n{style(w)}\n{shape}\n{style('Education')}\n"
               f"{TEXT_EDU}\nSkills\nPython, SQL\n")
    for w, (sn, shape) in itertools.product(WORK_HEADS, MD_GROUP_SHAPES.items()):
        yield (f"md-group atx2 {sn} {w!r}", f"h-{sn}-{slug(w)}.md",
               f"# Dana Whitcombe\n\ndana@example.net | Leeds, UK\n\n## {w}\n\n{shape}\n## Education\n\n{MD_EDU}\n"
               f"## Skills\n\nPython, SQL\n")
    for p, (sn, shape), (yn, style) in itertools.product(PROJ_HEADS, TEXT_PROJ_SHAPES.items(), PLAIN_CAPS):
        yield (f"text-proj {yn} {sn} {p!r}", f"q-{sn}-{yn}-{slug(p)}.txt",
               f"Dana Whitcombe\ndana@example.net | Leeds, UK\n\n{style('Experience')}\n{ONE_JOB}\n{style(p)}\n"
               f"{shape}\n{style('Education')}\n{TEXT_EDU}\n{style('Skills')}\nPython, SQL\n")
    for k, (sn, shape), (yn, style) in itertools.product(SKILL_HEADS, TEXT_SKILL_SHAPES.items(), PLAIN_CAPS):
        yield (f"text-skill {yn} {sn} {k!r}", f"k-{sn}-{yn}-{slug(k)}.txt",
               f"Dana Whitcombe\ndana@example.net | Leeds, UK\n\n{style('Experience')}\n{ONE_JOB}\n{style(k)}\n"
               f"{shape}\n{style('Education')}\n{TEXT_EDU}")
    for p, (sn, shape) in itertools.product(PROJ_HEADS, MD_PROJ_SHAPES.items()):
        yield f"md-proj atx2 {sn} {p!r}", f"r-{sn}-{slug(p)}.md", md_after_job(p, shape, f"## Education\n\n{MD_EDU}\n")
    for (i, w), (sn, style), (jn, jobs) in itertools.product(enumerate(WORK_HEADS), MD_STYLES.items(),
                                                             MD_JOBS.items()):
        if sn == "atx3" and jn in ("sub-headings", "h3-italics"):
            continue  # (the jobs' own headings are at that level)
        e = EDU_HEADS[i % len(EDU_HEADS)]
        yield (f"md {sn} {jn} {w!r}", f"m{i}-{sn}-{jn}.md",
               f"# Dana Whitcombe\n\ndana@example.net | Leeds, UK\n\n{style(w)}\n{jobs}\n{style(e)}\n{MD_EDU}\n"
               f"{style('Skills')}\nPython, SQL, Airflow, dbt\n")


def md_after_job(heading, shape, more=""):
    """A Markdown page: one job, then the section under test, then more
    sections and the skills."""
    return (f"# Dana Whitcombe\n\ndana@example.net | Leeds, UK\n\n## Experience\n\n"
            f"- **Pellham Analytics** — Senior Data Engineer, Leeds (2020 – present)\n\n## {heading}\n\n{shape}\n"
            f"{more}## Skills\n\nPython, SQL\n")


def slug(heading):
    """A file name's part for a heading."""
    return "".join(ch if ch.isalnum() else "_" for ch in heading)


def verdict(doc, jobs=2, towns=(), papers=0, projects=0, skills=0):
    """None when the jobs (with their towns, when the document names them),
    both degrees, and the papers, projects and skills (names or keywords),
    if any, came out whole, else why not."""
    if skills:
        names = sum(len(k.get("keywords", [])) or 1 for k in doc.get("skills", []))
        if names < skills:
            return "skills: " + json.dumps([[k.get("name"), k.get("keywords")] for k in doc.get("skills", [])])
    made = doc.get("projects", [])
    if len(made) != projects or not all(p.get("name") and p.get("description") for p in made):
        return "projects: " + json.dumps([[p.get("name"), p.get("description")] for p in made])
    pubs = doc.get("publications", [])
    if len(pubs) != papers or not all(p.get("name") and p.get("releaseDate") for p in pubs):
        return "papers: " + json.dumps([[p.get("name"), p.get("releaseDate")] for p in pubs])
    work = doc.get("work", [])
    edu = doc.get("education", [])
    if len(work) != jobs or not all(w.get("name") and w.get("position") and w.get("startDate") for w in work):
        return "jobs: " + json.dumps([[w.get("name"), w.get("position"), w.get("startDate")] for w in work])
    if not all(town in (w.get("location") or "") for w, town in zip(work, towns)):
        return "towns: " + json.dumps([w.get("location") for w in work])
    if len(edu) != 2 or not all(d.get("institution") and d.get("studyType") for d in edu):
        return "degrees: " + json.dumps([[d.get("institution"), d.get("studyType")] for d in edu])
    # (a field of study, not a degree's abbreviation: "MSc" is no area)
    if not all(d.get("area") and not re.fullmatch(r"[A-Z][A-Za-z.]{1,5}", d["area"]) and d.get("endDate")
               for d in edu):
        return "degrees: " + json.dumps([[d.get("area"), d.get("endDate")] for d in edu])
    return None


def main():
    cvx = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "build", "cvx")
    docs = list(documents())
    with tempfile.TemporaryDirectory(prefix="cvx-variants-") as tmp:
        src, out = os.path.join(tmp, "in"), os.path.join(tmp, "out")
        os.mkdir(src)
        for _, fn, text in docs:
            with open(os.path.join(src, fn), "w", encoding="utf-8") as f:
                f.write(text)
        p = subprocess.run([cvx, "convert", "-q", "-f", "json", "-o", out, "--"] +
                           [os.path.join(src, fn) for _, fn, _ in docs], capture_output=True, text=True)
        passed = failed = 0
        for name, fn, _ in docs:
            path = os.path.join(out, fn.rsplit(".", 1)[0] + ".json")
            why = "no output (exit %d)" % p.returncode if not os.path.exists(path) else None
            if not why:
                with open(path, encoding="utf-8") as f:
                    doc = json.load(f)
                    group = name.startswith(("text-group", "md-group"))
                    jobs = 1 if name.startswith(("text-edu", "text-pub", "md-edu", "text-proj", "md-proj",
                                                 "text-skill")) else \
                        3 if group else 2
                    # every shape names the jobs' towns but for these
                    cast = name.endswith("[towns]")
                    towns = () if group or any(k in name for k in (" one-line ", " dates-first ", " bullets ",
                                                                    " table ")) else \
                        (("Berlin", "Lagos") if cast else ("Leeds", "York"))[:jobs]
                    why = verdict(doc, jobs, towns, 2 if name.startswith("text-pub") else 0,
                                  2 if name.startswith(("text-proj", "md-proj")) else 0,
                                  4 if name.startswith("text-skill") else 0)
                    if not why and cast and [w.get("name") for w in doc["work"]] != ["Cobalt Freight", "Marrow & Finch"]:
                        why = "employers: " + json.dumps([w.get("name") for w in doc["work"]])
                    # (the first two roles are at one employer)
                    if not why and group and doc["work"][0]["name"] != doc["work"][1]["name"]:
                        why = "employers: " + json.dumps([w.get("name") for w in doc["work"]])
            if why:
                failed += 1
                print(f"FAIL {name}: {why}")
            else:
                passed += 1
                print(f"ok {name}")
    print(f"variants: {passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
