/* test_interpret.c — table-driven tests of the shared interpreter on Markdown
 * entry shapes (sub-heading jobs, skill groups, fenced plain-text CVs, logo
 * images before entries) and of the "City ST" place grammar. */
#include "blocks.h"

#include "check.h"
#include "grammar.h"
#include "markdown.h"
#include "md_interpret.h"

#include <stdio.h>
#include <stdlib.h>

/* A record of the wanted kind as "k=v|k=v", records joined by "; ". */
static void put_fields(const cvx_record *r, cvx_buf *out, const void *arg) {
  if (r->kind != *(const cvx_rec_kind *)arg) return;
  if (out->len) cvx_buf_puts(out, "; ");
  for (cvx_field *f = r->fields; f; f = f->next) {
    if (f != r->fields) cvx_buf_putc(out, '|');
    cvx_buf_printf(out, "%s=%s", f->key, f->value);
  }
}

/* Records of one kind as "k=v|k=v" joined by "; ". */
static char *records_of(const char *text, cvx_rec_kind kind) { return md_interpret(text, put_fields, &kind); }

static void run_entries(void) {
  static const struct {
    const char *text;
    cvx_rec_kind kind;
    const char *want;
  } cases[] = {
      /* a sub-heading job: dates | place line, a description, bullets */
      {"# A\n## Experience\n### Developer at Brindle Data\n06.2016 - 02.2019 | Eastport\n\n"
       "Kept the ingestion service running for the whole analytics group.\n\n* Wrote the loader;\n",
       CVX_REC_WORK,
       "name=Brindle Data|position=Developer|location=Eastport|startDate=2016-06|endDate=2019-02|"
       "highlights=Kept the ingestion service running for the whole analytics group.|highlights=Wrote the loader"},
      /* a heading link is the organisation's url */
      {"# A\n## Experience\n### Engineer at [Larkspur](https://larkspur.example.com)\n2019 - 2020\n",
       CVX_REC_WORK, "name=Larkspur|url=https://larkspur.example.com|position=Engineer|startDate=2019|endDate=2020"},
      /* a length of time after the employer is none of its name */
      {"# A\n## Experience\n### Analyst at Brindle Data for 6 months\n2019\n", CVX_REC_WORK,
       "name=Brindle Data|position=Analyst|startDate=2019|endDate=2019"},
      {"# A\n## Experience\n### Brindle Data (2 years), Analyst\n2017 - 2019\n", CVX_REC_WORK,
       "name=Brindle Data|position=Analyst|startDate=2017|endDate=2019"},
      /* a logo image before an entry is no entry head */
      {"# A\n## Experience\n![logo](l.png)\n\n* **Northwind Lab**\n  Research Intern @ Vision Group, 2023.3~2024.6\n",
       CVX_REC_WORK, "name=Northwind Lab|position=Research Intern|startDate=2023-03|endDate=2024-06|summary=Vision Group"},
      /* spaces of any script around a value are trimmed (ideographic
       * spaces after a degree line, a no-break space before a place) */
      {"# A\n## Experience\n### Developer at Brindle Data\n2016 - 2019 |\xc2\xa0" "Eastport\n\n"
       "Kept the loader running.\xe3\x80\x80\xe3\x80\x80\n",
       CVX_REC_WORK,
       "name=Brindle Data|position=Developer|location=Eastport|startDate=2016|endDate=2019|"
       "summary=Kept the loader running."},
      /* a degree's abbreviation after a dash is the same degree, the field
       * after the comma */
      {"# A\n## Education\n### Eastport University\nMaster of Science - MS, Computer Science \xc2\xb7 (2012 - 2017)\n",
       CVX_REC_EDUCATION, "studyType=MS|area=Computer Science|institution=Eastport University|startDate=2012|endDate=2017"},
      /* an honours class in brackets qualifies the degree: the field follows */
      /* a head line led by a title as its label runs long; a quoted name
       * keeps its colon and loses its marks */
      {"# A\n## Service\n\n*2021 \xe2\x80\x93 present*  \n**Co-organizer & Lecturer: \"Winter School on Widget "
       "Theory: Methods and Tools\"**, Lyon, France  \nThe school is held every year for students.\n",
       CVX_REC_VOLUNTEER,
       "organization=Winter School on Widget Theory: Methods and Tools|position=Co-organizer & "
       "Lecturer|startDate=2021|summary=The school is held every year for students"},
      /* an employer's heading over two dated roles names the employer of both */
      {"# A\n## Experience\n### Quillfeather Press, Leeds\n\n**Senior Editor** (2021 \xe2\x80\x93 present)\n"
       "- Runs the list.\n\n**Copy Editor** (2018 \xe2\x80\x93 2020)\n- Edited novels.\n",
       CVX_REC_WORK,
       "name=Quillfeather Press|position=Senior Editor|location=Leeds|startDate=2021|highlights=Runs the list.; "
       "name=Quillfeather Press|position=Copy Editor|location=Leeds|startDate=2018|endDate=2020|highlights=Edited novels."},
      /* a labelled detail under a degree is one highlight */
      {"# A\n## Education\n\n*2016 \xe2\x80\x93 2020*  \n**PhD in Geology: Lakemont University**  \n"
       "Thesis: Slow creep of wet clays  \nAdvisors: Ada Bo, Li Wei\n",
       CVX_REC_EDUCATION,
       "studyType=PhD|institution=Lakemont University|startDate=2016|endDate=2020|area=Geology|highlights=Thesis: Slow "
       "creep of wet clays|highlights=Advisors: Ada Bo, Li Wei"},
      {"# A\n## Education\n* **2014** BA (Hons) in Geography, Lakemont University\n", CVX_REC_EDUCATION,
       "studyType=BA|area=Geography|institution=Lakemont University|endDate=2014"},
      /* skill groups under sub-headings, emoji dropped, brackets kept */
      {"# A\n## Skills\n#### 🧰 Frameworks\n- React, Atlassian Suite (Jira, Confluence)\n", CVX_REC_SKILL,
       "name=Frameworks|keywords=React|keywords=Atlassian Suite (Jira, Confluence)"},
      /* bold-lead items with a description: the lead is the keyword */
      {"# A\n## Work\n### Team Lead at Brindle\n2019\n## Skills\n### Programming languages\n"
       "* **Go** - most of my services since 2017 are written in it, with gRPC and Postgres behind.\n",
       CVX_REC_SKILL, "name=Programming languages|keywords=Go"},
      /* "Extensive experience with:" is a level of the group */
      {"# A\n## Skills\n### Computer Software\nExtensive experience with:\n\n+ vector drawing tools\n", CVX_REC_SKILL,
       "name=Computer Software|level=Extensive experience with|keywords=vector drawing tools"},
      /* a plain-text CV inside a ```text fence */
      {"```text\nOla Brandt\n\nEXPERIENCE\n\n2017-2021    KESTREL LABS, Staff Engineer ------- Salem MA\n\n"
       "EDUCATION\n\n2013-2017    Eastport University\n```\n",
       CVX_REC_WORK, "name=KESTREL LABS|position=Staff Engineer|location=Salem MA|startDate=2017|endDate=2021"},
      {"```text\nOla Brandt\n\nEXPERIENCE\n\n2021-        NORTHWIND Senior Engineer ---------- Eastport ME\n\n"
       "EDUCATION\n\n2013-2017    Eastport University\n```\n",
       CVX_REC_WORK, "name=NORTHWIND|position=Senior Engineer|location=Eastport ME|startDate=2021"},
      /* an entry header over several short paragraphs, then a sentence: one entry each */
      {"# A\n## Experience\n\nData Analyst\n\nInitech - Springfield, IL\n\nJune 2012 to Present\n\n"
       "Built the loader for the reporting team.\n\nIntern\n\nGlobex - Shelbyville, IL\n\nMay 2011 to August 2011\n",
       CVX_REC_WORK,
       "name=Initech|position=Data Analyst|location=Springfield, IL|startDate=2012-06|"
       "highlights=Built the loader for the reporting team.; "
       "name=Globex|position=Intern|location=Shelbyville, IL|startDate=2011-05|endDate=2011-08"},
      {"# A\n## Education\n\nB.Sc. in Statistics\n\nUniversity of Springfield - Springfield, IL\n\n2008 to 2012\n",
       CVX_REC_EDUCATION,
       "studyType=BS|area=Statistics|institution=University of Springfield|startDate=2008|endDate=2012"},
      /* header fragments typeset as sub-headings; a label sub-heading inside a dated entry */
      {"# A\n## Experience\n\n### Team Member\n\n### Kestrel -\n\nMay 2019 to Present\n\n### Responsibilities\n\n"
       "* Ran the build farm.\n\n### Intern\n\n### Northwind -\n\nMay 2017 to June 2018\n",
       CVX_REC_WORK,
       "name=Kestrel|position=Team Member|startDate=2019-05|highlights=Ran the build farm.; "
       "name=Northwind|position=Intern|startDate=2017-05|endDate=2018-06"},
      /* ... but a sub-heading over whole dated lines keeps its entries */
      {"# A\n## Experience\n\n### Kestrel Labs\n\nEngineer, 2019 - 2020\n\nSenior Engineer, 2020 - 2022\n",
       CVX_REC_WORK, "name=Kestrel Labs|position=Engineer|startDate=2019|endDate=2020; "
       "name=Kestrel Labs|position=Senior Engineer|startDate=2020|endDate=2022"},
      /* dotless abbreviations that need their dots elsewhere, school-leaving certificates */
      {"# A\n## Education\n\nBE in Physics\n\nEastport University\n\nHSC in Science\n\nBrindle School\n",
       CVX_REC_EDUCATION, "studyType=BEng|area=Physics|institution=Eastport University; "
       "studyType=HSC|area=Science|institution=Brindle School"},
      /* a link repeated on every page (an export's footer) opens no entry */
      {"# A\n## Experience\n\nEngineer\n\nKestrel -\n\nMay 2019 to Present\n\nhttps://example.com/r/jo\n\n"
       "Ran the build farm for the whole group.\n\nIntern\n\nhttps://example.com/r/jo\n\nNorthwind -\n\n"
       "May 2017 to June 2018\n",
       CVX_REC_WORK,
       "name=Kestrel|position=Engineer|startDate=2019-05|highlights=Ran the build farm for the whole group.; "
       "name=Northwind|position=Intern|startDate=2017-05|endDate=2018-06"},
      /* section titles typeset as plain paragraphs (no heading names a section) */
      {"<div class=\"title\">\n\nJo Example\n\n</div>\n\nWork Experience\n\n"
       "**Engineer**, Kestrel Labs, 2019 - 2022\n\nEducation\n\nBSc in Physics, Eastport University, 2015\n",
       CVX_REC_EDUCATION, "studyType=BS|area=Physics|institution=Eastport University|endDate=2015"},
      /* degree-list style: a bare abbreviation that is an ordinary word elsewhere, then the school */
      {"# A\n## Education\n\nMCA\n\nEastport University\n\nBSc in Physics\n\nEastport University\n",
       CVX_REC_EDUCATION, "studyType=MCA|institution=Eastport University; "
       "studyType=BS|area=Physics|institution=Eastport University"},
      /* program code in a fence stays code */
      {"# A\n## Projects\n```c\nEXPERIENCE\nEDUCATION\n```\n", CVX_REC_WORK, ""},
      /* a key-value job block: labelled position, duty headings, a bare domain */
      {"# A\n## Experience\n\n03.2015 - 08.2018\nQuillon, Moscow (quillon.example.com, Payments firm)\n\n"
       "**Position:** Developer / Designer\n\n**Responsibilities:**\n\nDesigner\n\n* Drew the screens\n",
       CVX_REC_WORK, "name=Quillon|url=https://quillon.example.com|position=Developer / Designer|location=Moscow|startDate=2015-03|endDate=2018-08|highlights=Designer|highlights=Drew the screens|summary=Payments firm"},
      /* the same with Cyrillic labels */
      {"# A\n## Experience\n\n01.2010 - 02.2012\nОрнамент, Москва\n\n**Должность:** Дизайнер\n\n"
       "**Обязанности:**\n\n* Макеты\n",
       CVX_REC_WORK, "name=Орнамент|position=Дизайнер|location=Москва|startDate=2010-01|endDate=2012-02|highlights=Макеты"},
      /* "Specialty:" gives the field; an institution without a degree word */
      {"# A\n## Education\n\n2004-2009 – ТГУ (Тестовый Государственный Университет)\nСпециальность: Физик\n",
       CVX_REC_EDUCATION, "area=Физик|institution=ТГУ|startDate=2004|endDate=2009|highlights=Тестовый Государственный Университет"},
      /* several degrees in one paragraph, one per line */
      {"# A\n## Education\n\nMS Data Science, Example University\nBSCS Computer Science, Brindle College\n"
       "Minor in Music.\n",
       CVX_REC_EDUCATION, "studyType=MS|area=Data Science|institution=Example University; studyType=BS|area=Computer Science|institution=Brindle College|highlights=Minor in Music"},
      /* languages nested under "Languages:" in the person block */
      {"# Jo Example\n\n* Languages:\n  * Polish - native\n  * German - fluent\n\n## Experience\n",
       CVX_REC_LANGUAGE, "language=Polish|fluency=native; language=German|fluency=fluent"},
      /* a language list inside skills */
      {"# A\n## Skills\n\n* Go, Rust\n* Spanish (native), English, French (basic)\n", CVX_REC_LANGUAGE, "language=Spanish|fluency=native; language=English; language=French|fluency=basic"},
      /* the page's first line, a name written in small letters */
      {"jo marlow\njo@example.com\n\n## Experience\n", CVX_REC_BASICS, "name=jo marlow|email=jo@example.com"},
      /* a town beside the contacts is where the person lives, in the place
       * list or not; a label's row in a table is no town */
      {"# Ines Roe\n\nines@example.com \xc2\xb7 Porto \xc2\xb7 +351 912 000 111\n\n## Experience\n", CVX_REC_BASICS,
       "name=Ines Roe|email=ines@example.com|location.city=Porto|phone=+351 912 000 111|phoneE164=+351912000111"},
      {"# Ines Roe\n\n| Born | 10.03.1987 |\n| --- | --- |\n| Email | ines@example.com |\n\n## Experience\n",
       CVX_REC_BASICS, "name=Ines Roe|email=ines@example.com"},
      /* ... but not a role or a greeting so written */
      {"senior engineer\njo@example.com\n\n## Experience\n", CVX_REC_BASICS, "email=jo@example.com"},
      {"hello there\njo@example.com\n\n## Experience\n", CVX_REC_BASICS, "email=jo@example.com"},
      /* labelled person facts */
      {"# Profile\n\n**Full name:** Jo Marlow\n**Address:** 12 Elm St., Springfield, IL 62701\n"
       "**Portfolio:** https://jo.example.com/folio.pdf\n\n## Experience\n",
       CVX_REC_BASICS, "name=Jo Marlow|location.address=12 Elm St.|location.postalCode=62701|location.city=Springfield|location.region=IL"},
      /* rating dots named by a legend line become the fluency */
      {"# A\n## Skills\n\n**Tools**: Git\u2022\u2022\u2022 Make\u2022\n\n"
       "**Languages**: Polish\u2022\u2022\u2022 Dutch\u2022\u2022\n\n"
       "\u2022\u2022\u2022Native \u2022\u2022Working \u2022Basic\n",
       CVX_REC_LANGUAGE, "language=Polish|fluency=Native; language=Dutch|fluency=Working"},
      /* ... and without a legend the dots say nothing */
      {"# A\n## Skills\n\n**Languages**: Polish\u2022\u2022\u2022 Dutch\u2022\u2022\n",
       CVX_REC_LANGUAGE, "language=Polish; language=Dutch"},
      /* a hard-wrapped "in" before the field; "from" before the school */
      {"# A\n## Education\n\n* 1997: [Ph.D](https://t.example.org) in\n  [Ice Dynamics](https://w.example.org/ice)\n"
       "  from\n  [Ecole Nord](https://nord.example.org/). [(thesis)](https://t.example.org/t.pdf)\n",
       CVX_REC_EDUCATION, "studyType=PhD|area=Ice Dynamics|institution=Ecole Nord|url=https://nord.example.org/|endDate=1997|highlights=thesis"},
      /* a field with an organisation word after "in"; a city inside the school's name; GPA figures */
      {"# A\n## Education\n\n* **University of Hong Kong**, Hong Kong SAR, China\n"
       "  M.Phil. in Systems Engineering, 2019~2021\n  GPA: 3.70/4.0 (88.1/100)\n",
       CVX_REC_EDUCATION, "studyType=MPhil|area=Systems Engineering|score=3.70/4.0 (88.1/100)|institution=University of Hong Kong|startDate=2019|endDate=2021"},
      /* awards: the body after "of", a note in brackets, a rank after the colon */
      {"# A\n## Awards\n\n* Dean's Medal of Brindle University, 2021 (Top 1%)\n"
       "* Open Puzzle Contest (North): Second Prize, 2020 & 2021 (twice)\n"
       "* Best Team Award of Brindle University (as captain), 2019\n",
       CVX_REC_AWARD,
       "title=Dean's Medal of Brindle University|awarder=Brindle University|summary=Top 1%|date=2021; "
       "title=Open Puzzle Contest (North): Second Prize|summary=twice|date=2020; "
       "title=Best Team Award of Brindle University (as captain)|awarder=Brindle University|date=2019"},
      /* a translated copy of a section (same kinds, same dates) is not entered twice */
      {"# A\n## Education\n\n* BS, Brindle University, 2010\n* MS, Eastport University, 2012\n"
       "## 学历\n\n* 学士，布林德尔大学，2010\n* 硕士，伊斯特波特大学，2012\n",
       CVX_REC_EDUCATION, "studyType=BS|institution=Brindle University|endDate=2010; studyType=MS|institution=Eastport University|endDate=2012"},
      /* the first nested line names the organisation and its place */
      {"# A\n## Experience\n\n* Research intern, Summer 2014 - Summer 2015\n"
       "  * Northwind research center (NRC), Heidelberg, Germany\n  * Built the scanner rig\n",
       CVX_REC_WORK, "position=Research intern|startDate=2014|endDate=2015|name=Northwind research center (NRC)|location=Heidelberg, Germany|highlights=Built the scanner rig"},
      /* "@ [Lab](url)" under a school: the lab's page */
      {"# A\n## Experience\n\n* **Brindle University of Science and Technology**\n"
       "  Research Intern @ [Vision Lab](https://vision.example.org/), 2023.3~2024.6\n",
       CVX_REC_WORK, "name=Brindle University of Science and Technology|url=https://vision.example.org/|position=Research Intern|startDate=2023-03|endDate=2024-06|summary=Vision Lab"},
      /* "View all >>" links are page furniture */
      {"# A\n## Projects\n\n* Tidewatch - a tide table app\n\n[View all >>](/projects/)\n",
       CVX_REC_PROJECT, "name=Tidewatch|description=a tide table app"},
      /* a self-directed "experience" heading holds projects; a pointer line is
       * no project; name, date, description, technology and address lines */
      {"# A\n## Self-motivated Design Experience\n\nFull list at example.org/things\n\n"
       "* Tidewatch\n  Mar 2019\u2013\n  A tide table app\n  Languages: Go, CSS\n  * Drew the charts\n"
       "* Kettle\n  Jan 2018\u2013Feb 2018\n  kettle.example.net\n  A brewing timer\n",
       CVX_REC_PROJECT,
       "name=Tidewatch|keywords=Go|keywords=CSS|description=A tide table app|startDate=2019-03|highlights=Drew the charts; "
       "name=Kettle|url=https://kettle.example.net|description=A brewing timer|startDate=2018-01|endDate=2018-02"},
      /* organisation / dates / a role line with a comma: the role stays whole */
      {"# A\n## Experience\n\n* Brindle Data\n  Summer 2015\n  Intern, data pipeline design and testing\n"
       "  * Wrote the loader\n",
       CVX_REC_WORK,
       "name=Brindle Data|position=Intern, data pipeline design and testing|startDate=2015|endDate=2015|highlights=Wrote the loader"},
      /* classes taken: the class is the area, "Via X" the institution */
      {"# A\n## Skills\n\n* Go\n\n## Online Courses\n\n* Ice Dynamics (Fall 2013)\n  * Via Eastport's open courses\n",
       CVX_REC_EDUCATION, "institution=Eastport's open courses|area=Ice Dynamics|endDate=2013"},
      /* a skill group's bullets, then a "Label:" paragraph opening another group */
      {"# A\n## Skills\n\n### Tooling\n\n* Experience with Git\n\nKnown languages:\n\n* Go, C\n",
       CVX_REC_SKILL, "name=Tooling|keywords=Experience with Git; name=Known languages|keywords=Go|keywords=C"},
      /* a name ending in an organisation word, with its address in brackets:
       * the organisation, not a title; the description line is no title */
      {"# A\n## Experience\n\nGlobex Research (research.globex.example), March 2012 \u2013 June 2014\n"
       "Built the sample tracking service for the lab.\n",
       CVX_REC_WORK, "name=Globex Research|url=https://research.globex.example|startDate=2012-03|endDate=2014-06|"
       "summary=Built the sample tracking service for the lab"},
      /* skill groups and their lists separated by a wide gap, no colon */
      {"# A\n## Skills\n\nLanguages  C, C++, Rust\nTools      Git, Make\n", CVX_REC_SKILL,
       "name=Languages|keywords=C|keywords=C++|keywords=Rust; name=Tools|keywords=Git|keywords=Make"},
      /* a section heading with only headings of its level under it is their
       * parent (one heading style on the page); a short line over a list
       * names a group of its own */
      {"# A\n## Skills\n## Programming\n* Go\n* Rust\n## Software\n* QGIS\n* ParaView\n\nOS\n\n* Linux\n"
       "## Interests\n* Sailing\n",
       CVX_REC_SKILL,
       "name=Programming|keywords=Go|keywords=Rust; name=Software|keywords=QGIS|keywords=ParaView; name=OS|keywords=Linux"},
      {"# A\n## Experience\n## Brindle Data\n2019 - 2021, Engineer\n## Kestrel Labs\n2016 - 2019, Analyst\n"
       "## Education\n* BS, Eastport University, 2015\n",
       CVX_REC_WORK,
       "name=Brindle Data|position=Engineer|startDate=2019|endDate=2021; name=Kestrel Labs|position=Analyst|startDate=2016|endDate=2019"},
      /* "Role: Organisation" under the dates: the label is the position */
      {"# A\n## Appointments\n\n*Sept 2021 \u2013 present*  \n**Postdoc: Kestrel Institute for Biology**, Eastport, Germany  \n"
       "In the group of Ada Bo, working on the ecology of microbial collectives and their dynamics\n",
       CVX_REC_WORK,
       "name=Kestrel Institute for Biology|position=Postdoc|location=Eastport, Germany|startDate=2021-09|"
       "summary=In the group of Ada Bo, working on the ecology of microbial collectives and their dynamics"},
      /* a languages section that names no spoken language is one skill group */
      {"# A\n## Skills\n* Go\n## Languages\n* PHP\n* Erlang\n* Go-lang\n", CVX_REC_SKILL,
       "name=Go; name=Languages|keywords=PHP|keywords=Erlang|keywords=Go-lang"},
      {"# A\n## Languages\n* PHP\n* German\n", CVX_REC_LANGUAGE, "language=PHP; language=German"},
      {"# A\n## Languages\n* Cornish (native)\n* Manx (basic)\n", CVX_REC_LANGUAGE,
       "language=Cornish|fluency=native; language=Manx|fluency=basic"},
      {"# A\n## Languages\n\n| | |\n|---|---|\n| German | native |\n| Welsh | fluent |\n", CVX_REC_LANGUAGE,
       "language=German|fluency=native; language=Welsh|fluency=fluent"},
      /* a bold label over a paragraph written one item a line: one group */
      {"# A\n## Skills\n\n**Language**\n\nJava  \nKotlin  \nDart\n\n**Data**\n\nKafka  \nRedis\n", CVX_REC_SKILL,
       "name=Language|keywords=Java|keywords=Kotlin|keywords=Dart; name=Data|keywords=Kafka|keywords=Redis"},
      /* " · " separates a head's parts; role words in other languages */
      {"# A\n## Experiencia\n\n### Ingeniero de Datos \u00b7 Kestrel Labs\n**marzo 2025 - febrero 2026**\n", CVX_REC_WORK,
       "name=Kestrel Labs|position=Ingeniero de Datos|startDate=2025-03|endDate=2026-02"},
      /* a table laid out with a marker cell: the row is its other cell's paragraph */
      {"# A\n## Career\n\n<table><tr><td>\u25cf</td><td>Kestrel Labs \u00b7 Engineer \u00b7 2019 - 2021</td></tr>"
       "<tr><td>\u25cf</td><td>Brindle Data \u00b7 Analyst \u00b7 2016 - 2019</td></tr></table>\n",
       CVX_REC_WORK,
       "name=Kestrel Labs|position=Engineer|startDate=2019|endDate=2021; name=Brindle Data|position=Analyst|startDate=2016|endDate=2019"},
      /* under a head of dates alone, the first short line is "Role at Org (note)"
       * (the item's own line: one header with the dates) */
      {"# A\n## Experience\n\n* **02.2014 - 04.2014**\n\n    Python trainer at Kestrel Labs (IT training)\n\n"
       "    Wrote a course and taught the first group of students.\n",
       CVX_REC_WORK,
       "name=Kestrel Labs|position=Python trainer|startDate=2014-02|endDate=2014-04|"
       "highlights=Wrote a course and taught the first group of students.|summary=IT training"},
      /* a bullet's short paragraphs set in under it are its header's lines;
       * in a list of skills they stay its keywords */
      {"# A\n## Education\n\n-   2018\n\n    Northmoor Polytechnic\n\n    MSc\n\n    Marine Ecology\n\n"
       "-   2015\n\n    Calder Bay College\n\n    BSc\n\n    Biology\n",
       CVX_REC_EDUCATION, "studyType=MS|institution=Northmoor Polytechnic|endDate=2018|area=Marine Ecology; "
       "studyType=BS|institution=Calder Bay College|endDate=2015|area=Biology"},
      {"# A\n## Skills\n\n-   Fieldwork\n\n    Coring\n\n    Sonar\n", CVX_REC_SKILL, "name=Fieldwork|keywords=Coring|keywords=Sonar"},
      /* a skills section headed by a category, holding a flat list: one group
       * named by the heading; under a word for skills, one skill an item */
      {"# A\n## Frameworks\n* React\n* Vue\n## Skills\n* Go\n* Rust\n", CVX_REC_SKILL,
       "name=Frameworks|keywords=React|keywords=Vue; name=Go; name=Rust"},
      /* tags set as headings under a heading are its items */
      {"# A\n### Programming\n###### Python\n###### Rust\n###### Go\n### Education\n* BS, Eastport University, 2015\n",
       CVX_REC_SKILL, "name=Programming|keywords=Python|keywords=Rust|keywords=Go"},
      /* an employer on a line of its own comes before an organisation after "at" */
      {"# A\n\n## Experience\n\nSenior Engineer at Kestrel Labs Limited  \nNorthwind Group -  \n2016 - 2019\n", CVX_REC_WORK,
       "name=Northwind Group|position=Senior Engineer|startDate=2016|endDate=2019|summary=Kestrel Labs Limited"},
      /* a language, then its level on a line (or sub-heading) of its own */
      {"# A\n## Languages\n\nGerman\n\nNative speaker\n\nEnglish\n\nFluent\n\nFrench, Spanish\n", CVX_REC_LANGUAGE,
       "language=German|fluency=Native speaker; language=English|fluency=Fluent; language=French; language=Spanish"},
      {"# A\n## Languages\n### German\n### Native\n### English\nC1\n", CVX_REC_LANGUAGE,
       "language=German|fluency=Native; language=English|fluency=C1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *got = records_of(cases[i].text, cases[i].kind);
    CHECK_STR(got, cases[i].want, cases[i].text);
    free(got);
  }
}

static void run_places(void) {
  static const struct {
    const char *s, *want;
  } cases[] = {
      {"KESTREL LABS, Staff Engineer, Salem MA", "Salem MA"},
      {"Eastport ME USA, ola@example.net", "Eastport ME USA"},
      {"Quillon, Boston, MA", "Boston, MA"},
      {"Senior SE, Staff SE", NULL},       /* SE is no region */
      {"NORTHWIND MA", NULL},             /* capitals are a name, not a city */
      {"Studied Arts MA later", NULL},    /* not a column of its own */
      {"Remote", "Remote"},
      {"Quillon, Moscow (payments)", "Moscow"},  /* a well-known city as a column */
      {"New York University", NULL},            /* a city inside a name is no place */
      {"University of Hong Kong, Hong Kong SAR, China", "Hong Kong SAR, China"},
      /* words right after an organisation's word go on with its name */
      {"Studio Brisa, Valencia", "Valencia"},
      {"Harbour Studio Tullamore, Ireland", "Ireland"},
      {"Studio, Lisbon, Portugal", "Lisbon, Portugal"},
      /* a dash ends the city */
      {"Ferry Air \xe2\x80\x94 Madrid, Spain", "Madrid, Spain"},
      {"Kestrel Air \xe2\x80\x93 Turin, Italy", "Turin, Italy"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t a = 0, b = 0;
    bool ok = cvx_location_find(cases[i].s, strlen(cases[i].s), &a, &b);
    char buf[128] = "";
    if (ok && b - a < sizeof buf) memcpy(buf, cases[i].s + a, b - a), buf[b - a] = 0;
    CHECK_STR(ok ? buf : NULL, cases[i].want, cases[i].s);
  }
}

/* Which of organisation and role a head piece reads as more. */
static void run_org_role(void) {
  static const struct {
    const char *s;
    int want; /* 1: organisation wins, -1: role wins */
  } cases[] = {
      {"Globex Research", 1},          {"Kestrel Labs", 1},
      {"Vision Group", 1},             {"Research Assistant", -1},
      {"Senior Research Engineer", -1}, {"Head of Research", -1},
      {"Director of Research", -1},    {"Research Intern", -1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t n = strlen(cases[i].s);
    int o = cvx_org_score(cases[i].s, n), r = cvx_role_score(cases[i].s, n);
    CHECK(cases[i].want > 0 ? o > r : r >= o, "%s: org %d role %d", cases[i].s, o, r);
  }
  /* practitioners' names no list holds are role nouns by their ending */
  static const struct {
    const char *s;
    bool role;
  } nouns[] = {
      {"Computational ecologist", true}, {"Statistician", true}, {"Lead Cartographer", true},
      {"Ecology", false},                {"Politics", false},    {"Graphics", false},
  };
  for (size_t i = 0; i < sizeof nouns / sizeof nouns[0]; i++) {
    int r = cvx_role_score(nouns[i].s, strlen(nouns[i].s));
    CHECK((r > 0) == nouns[i].role, "%s: role %d", nouns[i].s, r);
  }
  /* a title among the pieces of a head too long to read as one */
  static const struct {
    const char *s;
    bool role;
  } pieces[] = {
      {"Publications Editor · Brindle Technologies · Leeds · 2020 – present", true},
      {"Brindle Technologies, Leeds\nPublications Editor | March 2020 – present", true},
      {"Kestrel Analytics - Leeds - 2016 – 2020", false},
      {"Brindle Technologies · Leeds · 2020 – present · remote, part of the platform group", false},
  };
  for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
    CHECK(cvx_role_piece(pieces[i].s, strlen(pieces[i].s)) == pieces[i].role, "role piece: %s", pieces[i].s);
  /* a school by a word only schools' names hold, in several languages */
  static const struct {
    const char *s;
    bool school;
  } schools[] = {
      {"University of Hull", true},        {"Universidad de Chile", true}, {"Hochschule Bremen", true},
      {"École normale supérieure", true},  {"Kings College", true},        {"北京大学", true},
      {"Brindle Technologies", false},     {"Information Technologies", false},
      {"Harrowgate Education Trust", false},
  };
  for (size_t i = 0; i < sizeof schools / sizeof schools[0]; i++)
    CHECK(cvx_school_named(schools[i].s, strlen(schools[i].s)) == schools[i].school, "school: %s", schools[i].s);
  /* roles of unpaid service, not jobs that share a word with one */
  static const struct {
    const char *s;
    bool service;
  } services[] = {
      {"Co-organizer & Lecturer", true}, {"Principal organiser", true},      {"Peer reviewer", true},
      {"Referee", true},                 {"Volunteer tutor", true},          {"Co-convenor", true},
      {"Department Chair", false},       {"Organization Development Lead", false},
      {"Content Moderator", false},      {"Teaching assistant", false},
  };
  for (size_t i = 0; i < sizeof services / sizeof services[0]; i++)
    CHECK(cvx_service_role(services[i].s, strlen(services[i].s)) == services[i].service, "service: %s",
          services[i].s);
  /* a thing named and told what it is, as a project's line; not a level,
   * not a sentence */
  static const struct {
    const char *s;
    bool thing;
  } things[] = {
      {"tidewatch - a command-line tool that predicts harbour tides", true},
      {"Shelfscan: an app that reads book spines", true},
      {"Quiet Route \xE2\x80\x94 a route planner for cyclists", true},
      {"Spanish \xE2\x80\x94 a native speaker", false},
      {"I wrote a tool that predicts harbour tides from open data", false},
      {"Initech - Leeds", false},
  };
  for (size_t i = 0; i < sizeof things / sizeof things[0]; i++)
    CHECK(cvx_defines_thing(things[i].s, strlen(things[i].s)) == things[i].thing, "thing: %s", things[i].s);
  /* a name written surname first, by its shape */
  static const struct {
    const char *s;
    bool name;
  } inverted[] = {
      {"Whitcombe, Dana", true},   {"van Dijk, Anna M.", true},       {"Whitcombe, Dana J.", true},
      {"Whitcombe , Dana", false}, {"Whitcombe, Dana, Leeds", false}, {"Education, Skills", false},
      {"Dana Whitcombe", false},
  };
  for (size_t i = 0; i < sizeof inverted / sizeof inverted[0]; i++)
    CHECK(cvx_surname_first(inverted[i].s, strlen(inverted[i].s)) == inverted[i].name, "surname first: %s",
          inverted[i].s);
}

/* The phone as written is kept; its E.164 form is added only when the
 * country is evident: the number's own "+CC", or the person's country (a
 * US/Canadian region code counts). Never a guessed country. */
static void run_phones(void) {
  static const struct {
    const char *phone, *place, *want; /* want NULL: no phoneE164 */
  } cases[] = {
      {"+44 20 7946 0321", NULL, "+442079460321"},
      {"+44 (0)20 7946 0321", NULL, "+442079460321"},
      {"+1 (555) 010-0199", NULL, "+15550100199"},
      {"+49 30 901820", "Berlin, Germany", "+4930901820"},
      {"(555) 234-0199", "Denver, CO", "+15552340199"},
      {"1-555-234-0199", "Salem, OR", "+15552340199"},
      {"555-234-0199", "Toronto, ON", "+15552340199"},
      {"555-234-0199", "Eastport, USA", "+15552340199"},
      {"020 7946 0321", "Bristol, United Kingdom", "+442079460321"},
      {"030 901820", "Berlin, Germany", "+4930901820"},
      {"612 345 678", "Madrid, Spain", "+34612345678"},
      {"020 7946 0321", NULL, NULL},                 /* no country: none */
      {"555-234-0199", NULL, NULL},                  /* a US shape alone says no country */
      {"555-234-0199", "Bristol, United Kingdom", NULL}, /* no trunk 0 in the UK */
      {"020 7946 0321", "Denver, CO", NULL},         /* not a North American number */
      {"0301 2345 6789", "Lagos, Nigeria", NULL},    /* a country without a plan here */
      {"+0 123 456 789", NULL, NULL},                /* no calling code starts with 0 */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "# Jo Example\n\n%s\n\n%s\n\n## Experience\n", cases[i].phone,
             cases[i].place ? cases[i].place : "");
    char *got = records_of(text, CVX_REC_BASICS);
    char *at = strstr(got, "phoneE164="), val[64] = "";
    if (at) {
      at += strlen("phoneE164=");
      size_t l = strcspn(at, "|;");
      if (l < sizeof val) memcpy(val, at, l), val[l] = 0;
    }
    CHECK_STR(at ? val : NULL, cases[i].want, text);
    /* the phone as written stays */
    CHECK(strstr(got, "phone=") != NULL, "%s", text);
    free(got);
  }
}

/* Every entry shape in one large document: interpretation must finish (it is
 * linear in the input; no timing is asserted). */
static void run_large(void) {
  static const char unit[] = "* Brindle Data\n  Summer 2015\n  Intern, data design\n  * Wrote the loader\n"
                             "* Kettle\n  Jan 2018\u2013Feb 2018\n  Languages: Go, C\n";
  size_t want = (size_t)5 << 20, ul = sizeof unit - 1;
  const char *head = "# A\n## Experience\n\n";
  size_t hl = strlen(head), n = hl + (want / ul + 1) * ul;
  char *s = malloc(n + 1);
  memcpy(s, head, hl);
  for (size_t o = hl; o + ul <= n; o += ul) memcpy(s + o, unit, ul);
  s[n] = 0;
  char *got = records_of(s, CVX_REC_WORK);
  CHECK(got != NULL && strncmp(got, "name=Brindle Data", 17) == 0, "5 MB document: entries read");
  free(got);
  free(s);
}

/* Blocks made by hand, as a PDF reader hands them over: a section label set
 * in a column of its own beside the first entry's title, one heading line. */
static void run_side_labels(void) {
  static const char text[] = "Work\tResearch Associate\nKestrel Labs, 2017 - 2019\n";
  cvx_arena *a = cvx_arena_new(0);
  cvx_diags dx;
  cvx_diags_init(&dx, a);
  size_t len = sizeof text - 1;
  static uint32_t lines[] = {0, 24, 50};
  cvx_source src = {.path = "t.pdf", .text = cvx_arena_strndup(a, text, len), .len = len, .lines = lines,
                    .nlines = 3, .raw_size = len};
  cvx_doc *doc = cvx_doc_new(a, &src, &dx);
  cvx_blocks bl = {0};
  cvx_block *h = cvx_blocks_add(doc, &bl, CVX_BLK_HEADING, 1, (cvx_span){0, 23});
  h->text = src.text;
  h->len = 23;
  cvx_block *p = cvx_blocks_add(doc, &bl, CVX_BLK_PARA, 0, (cvx_span){24, 49});
  p->text = cvx_arena_strndup(a, src.text + 24, 25);
  p->len = 25;
  cvx_buf out = CVX_BUF_INIT;
  cvx_rec_kind kind = CVX_REC_WORK;
  CHECK(cvx_interpret(doc, &bl, "pdf") == CVX_OK, "side labels: interpret");
  for (cvx_record *r = doc->records; r; r = r->next) put_fields(r, &out, &kind);
  /* the label opened a work section, the rest titled its entry */
  CHECK(out.ptr && strstr(out.ptr, "name=Kestrel Labs|position=Research Associate|startDate=2017|endDate=2019"),
        "side labels: got \"%s\"", out.ptr ? out.ptr : "");
  cvx_buf_free(&out);
  cvx_arena_free(a);
}

int main(void) {
  run_side_labels();
  run_entries();
  run_large();
  run_places();
  run_phones();
  run_org_role();
  cvx_rx_cleanup();
  return check_done("interpret");
}
