/* test_prose.c — facts in running prose: each sentence of a bio paragraph
 * against the records it must (and must not) produce, the dedupe against
 * section entries, and hostile paragraphs that must finish. */
#include "cvx.h"
#include "grammar.h"
#include "prose.h"

#include "check.h"

#include <stdlib.h>

typedef struct row {
  const char *text;
  const char *want; /* records as "kind{key=value|…}" joined by "; " ("" = none) */
} row;

static const row ROWS[] = {
    /* degrees */
    {"I received my Ph.D. in Physics from ETH Zurich in 2016 under the supervision of Prof. Rana Okafor.",
     "education{institution=ETH Zurich|area=Physics|studyType=PhD|endDate=2016}"},
    {"I am a third-year Ph.D. student in Marine Biology at the University of Leeds, working on coral reefs.",
     "education{institution=University of Leeds|area=Marine Biology|studyType=PhD}"},
    {"She holds a B.Eng. degree from Example Tech in 2012 and has worked in industry since.",
     "education{institution=Example Tech|studyType=BEng|endDate=2012}"},
    {"He graduated from Northwind College with a BS in Applied Statistics in 2009.",
     "education{institution=Northwind College|area=Applied Statistics|studyType=BS|endDate=2009}"},
    {"I earned an M.Sc. in Robotics from the Lakeside Institute of Technology (2018).",
     "education{institution=Lakeside Institute of Technology|area=Robotics|studyType=MS|endDate=2018}"},
    {"I am a researcher and second-year PhD student in Urban Design at Harbor State University.",
     "education{institution=Harbor State University|area=Urban Design|studyType=PhD}"},
    {"I am currently pursuing a Master's degree in Data Science at Greyfield University.",
     "education{institution=Greyfield University|area=Data Science|studyType=MS}"},
    {"He received the B.E. and M.E. degrees from the Department of Physics, Eastfield University, in 2001 and 2004.",
     "education{institution=Eastfield University|studyType=BEng|endDate=2001}; "
     "education{institution=Eastfield University|studyType=MEng|endDate=2004}"},
    /* degrees of a list share the verb before the first */
    {"I received a BA in History in 2008 from Westmoor College, an MS in Geology in 2011 from the University of "
     "Farland, and a PhD in Geology in 2015 from Pinecrest University; my PhD adviser was Ada Brill.",
     "education{institution=Westmoor College|area=History|studyType=BA|endDate=2008}; "
     "education{institution=University of Farland|area=Geology|studyType=MS|endDate=2011}; "
     "education{institution=Pinecrest University|area=Geology|studyType=PhD|endDate=2015}"},
    {"She earned a BSc in Chemistry from Dunmore University and an MSc in Catalysis from Hollins Institute.",
     "education{institution=Dunmore University|area=Chemistry|studyType=BS}; "
     "education{institution=Hollins Institute|area=Catalysis|studyType=MS}"},
    /* a degree of a list names its own institution, close after it */
    {"He got his BEng in robotics at Harwick College and a BEng in product design in Arden University.",
     "education{institution=Harwick College|area=robotics|studyType=BEng}"},
    {"She completed a BA in Art History at Osgood College and an MA with honours in the history of "
     "print culture and early modern book trades at the Harwell Institute.",
     "education{institution=Osgood College|area=Art History|studyType=BA}"},
    /* ... but not across a clause that has no verb of its own */
    {"I completed a BA in Music at Fairhaven College. My MA in Composition at Fairhaven College was never finished.",
     "education{institution=Fairhaven College|area=Music|studyType=BA}"},
    /* a month with the year; a range's end */
    {"I received my Ph.D. in Linguistics from the University of the North in May 2017.",
     "education{institution=University of the North|area=Linguistics|studyType=PhD|endDate=2017-05}"},
    {"He completed an MBA at Calder Business School (2014-2016) before moving to consulting.",
     "education{institution=Calder Business School|studyType=MBA|endDate=2016}"},
    /* a sentence that opens with the degree, as a headline */
    {"Ph.D. in Ocean Engineering from the Tidewater Dynamics Lab at Harbourside University.",
     "education{institution=Harbourside University|area=Ocean Engineering|studyType=PhD}"},
    {"M.S. in Computer Vision from Ridgeline Institute of Technology, 2019.",
     "education{institution=Ridgeline Institute of Technology|area=Computer Vision|studyType=MS}"},
    {"PhD in Statistics, with a minor in applied mathematics and a lot of coffee.", ""},
    /* a degree without a verb or a study is no fact about this person */
    {"My PhD thesis was about graph colouring and its many applications in scheduling problems.", ""},
    {"We welcome PhD applicants who want to work on systems and networking problems with us.", ""},
    /* positions */
    {"I am a Senior Research Engineer at Initech Robotics, where I build perception systems for drones.",
     "work{name=Initech Robotics|position=Senior Research Engineer|summary=where I build perception systems for drones}"},
    {"Currently I'm a professor of applied physics at Brightwater Polytechnic in the north of the country.",
     "work{name=Brightwater Polytechnic|position=professor of applied physics}"},
    {"In 2017 I joined Globex Analytics in 2017 as a Data Scientist on the forecasting team.",
     "work{name=Globex Analytics|position=Data Scientist|startDate=2017}"},
    {"Since 2019, I have been leading the platform team at Umbrella Systems and mentoring new hires.",
     "work{name=Umbrella Systems|startDate=2019}"},
    {"I worked as a Research Scientist at Acme Labs, beginning in 2018, on speech recognition models.",
     "work{name=Acme Labs|position=Research Scientist|startDate=2018}"},
    {"I work at Pellucid Systems as a Staff Engineer on the storage team.",
     "work{name=Pellucid Systems|position=Staff Engineer}"},
    {"Since 2020 she has served at Fenwick Hospital as a Clinical Data Manager.",
     "work{name=Fenwick Hospital|position=Clinical Data Manager|startDate=2020}"},
    {"I love to work at night with loud music and strong coffee.", ""},
    {"During my studies I spent a summer as a research intern at Initech Research in a vision group.",
     "work{name=Initech Research|position=research intern}"},
    {"I play the cello in a community orchestra, and I'm the librarian and the secretary of this association.",
     "volunteer{organization=community orchestra|position=librarian and the secretary}"},
    /* the role ends before the group and the people it was held with */
    {"From 2016-2018 I was a postdoc in the Varga group at the Institute of Marine Studies in Brest.",
     "work{name=Institute of Marine Studies|position=postdoc|startDate=2016|endDate=2018}"},
    {"I am a postdoctoral fellow with Dr. Imre Solt at the University of the Coast, studying tides.",
     "work{name=University of the Coast|position=postdoctoral fellow|summary=studying tides}"},
    {"Currently I'm a research intern in the Perception Lab at Ostara Robotics.",
     "work{name=Perception Lab at Ostara Robotics|position=research intern}"},
    {"Previously, I was a Data Engineer at Halvard Logistics, building pipelines for warehouse data.",
     "work{name=Halvard Logistics|position=Data Engineer|summary=building pipelines for warehouse data}"},
    {"From 2010 to 2013 she was a lecturer at l'Institut Montclair de Physique in Lyon.",
     "work{name=l'Institut Montclair de Physique|position=lecturer|startDate=2010|endDate=2013}"},
    /* a place after the organisation, a clause about the work */
    {"I am a Staff Scientist at Corvid Instruments in Boulder, CO, where I design spectrometers.",
     "work{name=Corvid Instruments|position=Staff Scientist|location=Boulder, CO}"},
    {"I am a lecturer in statistics at Dunmore University, where I teach survey methods.",
     "work{name=Dunmore University|position=lecturer in statistics|summary=where I teach survey methods}"},
    {"I'm a data scientist at Corvid Instruments in Boulder, CO, where I live with two cats.",
     "work{name=Corvid Instruments|position=data scientist|location=Boulder, CO}"},
    {"I'm currently a Visiting Lecturer at the University of the Plains (Westbury) in Westbury, KS, working on "
     "rural health.",
     "work{name=University of the Plains|position=Visiting Lecturer|location=Westbury, KS|summary=working on rural health}"},
    /* internships: the verb's stem as written, one entry per organisation */
    {"Interned at Quillon Labs in battery chemistry and Marrow Health in clinical data pipelines.",
     "work{name=Quillon Labs|position=Intern|summary=battery chemistry}; "
     "work{name=Marrow Health|position=Intern|summary=clinical data pipelines}"},
    {"During college I interned at Tessaly Games in 2014, working on level design.",
     "work{name=Tessaly Games|position=intern|startDate=2014}"},
    {"I interned with the design team twice before graduating.", ""},
    {"In 2016 I interned at Brightline Energy working on grid storage models.",
     "work{name=Brightline Energy|position=intern|summary=grid storage models}"},
    /* a role at an organisation with no verb */
    {"Senior Data Engineer at Brackwater Analytics since 2021.",
     "work{name=Brackwater Analytics|position=Senior Data Engineer|startDate=2021}"},
    {"Lecturer at Ferndale College (2015-2018).",
     "work{name=Ferndale College|position=Lecturer|startDate=2015|endDate=2018}"},
    {"Research at Ferndale College is organised in five schools.", ""},
    {"Computer science is a very wide area with many applications in medicine and physics at large.", ""},
    {"I am a big believer in open science and reproducible research practices for everyone.", ""},
    /* awards: a title holding an award word, its reason and year */
    {"Awarded the Meridian Graduate Fellowship for work on river chemistry and the Halden Prize for "
     "teaching excellence.",
     "awards{title=Meridian Graduate Fellowship|summary=for work on river chemistry}; "
     "awards{title=Halden Prize|summary=for teaching excellence}"},
    {"In 2020 she received the Corwin Young Investigator Award in 2020 from the Society of Soil Science.",
     "awards{title=Corwin Young Investigator Award|date=2020}"},
    {"He was the recipient of the Ashgrove Travel Grant from the Ashgrove Foundation.",
     "awards{title=Ashgrove Travel Grant|awarder=Ashgrove Foundation}"},
    /* "for" as the last word: no reason (the token after it belongs to no
     * sentence; a shorter sentence before left one there) */
    {"We do go to it on a boat now. Awarded the Meridian Graduate Fellowship for",
     "awards{title=Meridian Graduate Fellowship}"},
    {"I won the Lakeside Hackathon twice and received praise from my Team Lead.", ""},
    {"I received the B.S. degree in Physics from Norland University in 2003.",
     "education{institution=Norland University|area=Physics|studyType=BS|endDate=2003}"},
    /* interests */
    {"My research interests encompass causal inference, fairness, and privacy-preserving learning.",
     "interests{name=causal inference}; interests{name=fairness}; interests{name=privacy-preserving learning}"},
    {"My research focuses on soft robotics and tactile sensing.",
     "interests{name=soft robotics}; interests{name=tactile sensing}"},
    {"I am interested in compilers, program analysis and formal verification.",
     "interests{name=compilers}; interests{name=program analysis}; interests{name=formal verification}"},
    {"My area of research is speech processing: teaching machines to listen in noisy rooms.",
     "interests{name=speech processing}"},
    {"I'm an avid climber and spend most weekends outdoors in the mountains near the city.",
     "interests{name=avid climber}"},
    /* the words the hobby pattern needs, found before it runs: "keen" after k
     * or the Kelvin sign (which folds to k), any ASCII case */
    {"I'm a keen sailor and have been racing dinghies on the lake for years.",
     "interests{name=keen sailor}"},
    {"I'm a \xe2\x84\xaa" "een sailor and have been racing dinghies on the lake for years.",
     "interests{name=\xe2\x84\xaa" "een sailor}"},
    {"I'm a PASSIONATE baker and I have been between two ovens since then.",
     "interests{name=PASSIONATE baker}"},
    {"I have been between jobs and have seen many places across the country lately.", ""},
    {"I'm interested in areas such as graph theory, query optimisation, and more.",
     "interests{name=graph theory}; interests{name=query optimisation}"},
    {"My research interests include Robust learning, Safe and verifiable control, and Swarm robotics.",
     "interests{name=Robust learning}; interests{name=Safe and verifiable control}; interests{name=Swarm robotics}"},
    {"My doctoral research focused on glacier dynamics and sea level rise.",
     "interests{name=glacier dynamics}; interests{name=sea level rise}"},
    {"My hobbies include restoring old radios, baking rye bread, and hill walking.",
     "interests{name=restoring old radios}; interests{name=baking rye bread}; interests{name=hill walking}"},
    {"I'm very interested in wetland ecology and bird migration.",
     "interests{name=wetland ecology}; interests{name=bird migration}"},
    {"I am also interested in data journalism and enjoy building small tools, mostly for newsrooms.",
     "interests{name=data journalism}"},
    {"Outside the lab I enjoy sea kayaking, pottery, chess and long train journeys.",
     "interests{name=sea kayaking}; interests{name=pottery}; interests{name=chess}; interests{name=long train journeys}"},
    {"I really love birdwatching, baking and trail running.",
     "interests{name=birdwatching}; interests{name=baking}; interests{name=trail running}"},
    {"I enjoy rowing, early music, pottery and occasionally fencing.",
     "interests{name=rowing}; interests{name=early music}; interests{name=pottery}; interests{name=fencing}"},
    {"I enjoy working with people from many backgrounds and disciplines.", ""},
    {"I enjoy teaching and mentoring.", ""},
    {"I enjoy hard problems, whether it's tuning compilers, fixing builds or adapting old code to new chips.", ""},
    {"My research is motivated by a wish to see better use of water.", ""},
    {"My research is mostly about the environmental economics of fisheries in a changing climate.", ""},
    {"My research focuses on to develop tools for lake ecosystem modelling.", ""},
    {"I am interested in building tools that make scientists more productive in their daily work.", ""},
    /* Chinese */
    {"王晓明，现任华东大学机械系智能制造所副研究员，兼任华东大学创新中心机器人实验室主任以及中国机械学会理事等职务。",
     "work{name=华东大学机械系智能制造所|position=副研究员}; work{name=华东大学创新中心机器人实验室|position=主任}; "
     "volunteer{organization=中国机械学会|position=理事}"},
    {"先后于华东大学机械系获得学士（2010年）、博士学位（2015年）。",
     "education{institution=华东大学|area=机械系|studyType=BS|endDate=2010}; "
     "education{institution=华东大学|area=机械系|studyType=PhD|endDate=2015}"},
    {"东岭大学、西川理工大学访问学者。",
     "work{name=东岭大学|position=访问学者}; work{name=西川理工大学|position=访问学者}"},
    {"主要研究方向为数字孪生、智能运维与结构健康监测，致力于提升工程安全水平。",
     "interests{name=数字孪生}; interests{name=智能运维}; interests{name=结构健康监测}"},
    {"获得2019年华东科学技术二等奖、2021年中国机械学会科技进步一等奖等荣誉。",
     "awards{title=华东科学技术二等奖|date=2019}; awards{title=中国机械学会科技进步一等奖|date=2021|awarder=中国机械学会}"},
    /* Russian hobbies */
    {"В качестве хобби увлекаюсь фотографией и шахматами (по выходным).",
     "interests{name=фотографией}; interests{name=шахматами}"},
};

/* A document over text, with the paragraph spanning all of it. */
static cvx_doc *doc_over(cvx_arena *a, const char *text, size_t n) {
  cvx_source *src = cvx_arena_alloc(a, sizeof *src);
  src->path = "bio.md";
  src->text = cvx_arena_strndup(a, text, n);
  src->len = n;
  uint32_t *lines = cvx_arena_alloc(a, sizeof *lines);
  src->lines = lines;
  src->nlines = 1;
  cvx_diags *dx = cvx_arena_alloc(a, sizeof *dx);
  cvx_diags_init(dx, a);
  return cvx_doc_new(a, src, dx);
}

static void dump(const cvx_doc *doc, cvx_buf *out, bool prose_only) {
  for (const cvx_record *r = doc->records; r; r = r->next) {
    if (prose_only && strcmp(r->origin, "prose") != 0) continue;
    if (out->len) cvx_buf_puts(out, "; ");
    cvx_buf_printf(out, "%s{", cvx_rec_kind_name(r->kind));
    for (const cvx_field *f = r->fields; f; f = f->next)
      cvx_buf_printf(out, "%s%s=%s", f == r->fields ? "" : "|", f->key, f->value);
    cvx_buf_putc(out, '}');
  }
}

static void test_rows(void) {
  for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
    cvx_arena *a = cvx_arena_new(1 << 16);
    size_t n = strlen(ROWS[i].text);
    cvx_doc *doc = doc_over(a, ROWS[i].text, n);
    /* no dedupe here: one sentence must state each fact once by itself */
    cvx_prose_extract(doc, ROWS[i].text, n, cvx_span_make(0, n));
    cvx_buf got = CVX_BUF_INIT;
    dump(doc, &got, true);
    CHECK_STR(got.ptr, ROWS[i].want, ROWS[i].text);
    /* every located value points at its own text */
    for (const cvx_record *r = doc->records; r; r = r->next) {
      CHECK(strcmp(r->origin, "prose") == 0, "origin %s", r->origin);
      for (const cvx_field *f = r->fields; f; f = f->next)
        if (cvx_span_valid(f->span) && strcmp(f->key, "studyType") != 0)
          CHECK(f->span.end <= n && memcmp(ROWS[i].text + f->span.start, f->value, f->span.end - f->span.start) == 0,
                "%s: span of %s", ROWS[i].text, f->key);
    }
    cvx_buf_free(&got);
    cvx_arena_free(a);
  }
}

/* A fact in a section and in prose is entered once, from the section. */
static void test_dedupe(void) {
  const char *bio = "I am a Staff Engineer at Initech Robotics. I received my Ph.D. in Optics from the "
                    "University of Leeds in 2014. My research interests include lasers and holography.";
  size_t n = strlen(bio);
  cvx_arena *a = cvx_arena_new(1 << 16);
  cvx_doc *doc = doc_over(a, bio, n);
  cvx_record *w = cvx_record_new(doc, CVX_REC_WORK, "markdown", CVX_NOSPAN);
  cvx_record_add(doc, w, "name", "Initech Robotics Inc.", CVX_NOSPAN);
  cvx_record_add(doc, w, "position", "Senior Staff Engineer", CVX_NOSPAN);
  cvx_record *e = cvx_record_new(doc, CVX_REC_EDUCATION, "markdown", CVX_NOSPAN);
  cvx_record_add(doc, e, "institution", "University of Leeds", CVX_NOSPAN);
  cvx_record_add(doc, e, "studyType", "PhD", CVX_NOSPAN);
  cvx_prose_extract(doc, bio, n, cvx_span_make(0, n));
  /* the same paragraph read twice (person block and a section) adds nothing new */
  cvx_prose_extract(doc, bio, n, cvx_span_make(0, n));
  cvx_prose_dedupe(doc);
  cvx_buf got = CVX_BUF_INIT;
  dump(doc, &got, false);
  CHECK_STR(got.ptr,
            "work{name=Initech Robotics Inc.|position=Senior Staff Engineer}; "
            "education{institution=University of Leeds|studyType=PhD}; "
            "interests{name=lasers}; interests{name=holography}",
            "dedupe");
  CHECK(doc->nrecords == 4, "nrecords %zu", doc->nrecords);
  CHECK(doc->records_tail && doc->records_tail->next == NULL, "tail");
  cvx_buf_free(&got);
  cvx_arena_free(a);
}

/* Hostile paragraphs: huge, without sentence ends, full of triggers. Must
 * finish (the run time is linear) and stay within the record limit. */
static void test_hostile(void) {
  const size_t big = 5u << 20;
  char *t = malloc(big + 1);
  CHECK(t != NULL, "malloc");
  if (!t) return;
  static const char *const fills[] = {
      "I am a Senior Engineer at Initech Systems. ",
      "at at the of of I'm a an the Ph.D. student in ",
      "获得2018年奖、",
      "Awarded the Zed Prize for a and the Wye Fellowship for b and the ",
      "Awarded the Zed Prize for a and the Wye Fellowship for b. Interned at Foo Labs in bar and Baz Corp in qux. ",
      "I received a BS in X from Yan College, an MS in Z from Wen College, and a PhD in Q from Ux College. ",
      "My hobbies include: ",
      "My research interests include a, b, c, d, e, f, g, h, ",
      "x",
  };
  for (size_t f = 0; f < sizeof fills / sizeof fills[0]; f++) {
    size_t m = strlen(fills[f]);
    for (size_t i = 0; i < big; i++) t[i] = fills[f][i % m];
    size_t n = big - (big % m);
    t[n] = 0;
    cvx_arena *a = cvx_arena_new(1 << 20);
    cvx_doc *doc = doc_over(a, t, n);
    cvx_prose_extract(doc, t, n, cvx_span_make(0, n));
    cvx_prose_dedupe(doc);
    CHECK(doc->nrecords <= doc->max_records, "fill %zu: %zu records", f, doc->nrecords);
    cvx_arena_free(a);
  }
  /* empty and tiny inputs */
  cvx_arena *a = cvx_arena_new(4096);
  cvx_doc *doc = doc_over(a, "a", 1);
  cvx_prose_extract(doc, "", 0, cvx_span_make(0, 0));
  cvx_prose_extract(doc, "a", 1, CVX_NOSPAN);
  cvx_prose_dedupe(doc);
  CHECK(doc->nrecords == 0, "tiny");
  cvx_arena_free(a);
  free(t);
}

/* A short paragraph that opens a list of topics and states none. */
static void test_list_lead(void) {
  static const struct {
    const char *text;
    bool want;
  } rows[] = {
      {"My doctoral research focused on", true},
      {"My research interests include:", true},
      {"I came to science late. My hobbies include:", true},
      {"I am particularly interested in", true},
      {"In my free time I enjoy", true},
      {"My research focused on glaciers and ice sheets.", false}, /* the topics are stated */
      {"My current projects include:", false},                  /* projects, not topics */
      {"Some of the places I have worked at:", false},
      {"", false},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    CHECK(cvx_prose_list_lead(rows[i].text, strlen(rows[i].text)) == rows[i].want, "list lead: %s", rows[i].text);
}

int main(void) {
  test_rows();
  test_list_lead();
  test_dedupe();
  test_hostile();
  cvx_rx_cleanup();
  return check_done("prose");
}
