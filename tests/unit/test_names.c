/* test_names.c — what reads as a person's name and what is a heading, a job,
 * an organisation, a place or a sentence. */
#include "grammar.h"

#include "check.h"

#include <stdlib.h>

typedef struct row {
  const char *text;
  bool name;
} row;

static const row ROWS[] = {
    /* names */
    {"Jane Roe", true},
    {"Jane Q. Roe", true},
    {"J. R. R. Tolkien", true},
    {"J.R.R. Tolkien", true},
    {"Ana María López-García", true},
    {"Vincent van Gogh", true},
    {"Ludwig van der Berg", true},
    {"Antônio Silva", true},
    {"JANE ROE", true},
    {"JOHN Q. PUBLIC", true},
    {"WHERE I'VE WORKED", false},
    {"What I Studied", false},
    {"Will Smith", true},
    {"Can Yilmaz", true},
    {"Jean DUPONT", true},
    {"李明", true},
    {"王小明", true},
    {"欧阳小明", true},
    {"山田 太郎", true},
    {"科学研究", false},
    {"Usability Evaluation", false},
    {"Data Analysis", false},
    {"Jane Roe, PhD", true},
    /* one name in two scripts */
    {"Сергей Волков / Sergei Volkov", true},
    {"박서윤 · Seoyun Park", true},
    {"王芳 (Fang Wang)", true},
    {"Jane Roe / John Doe", false},       /* two names, one script: two people */
    {"Jane Roe | Data Scientist", false}, /* a name and a title */
    {"Сергей Волков / Data Scientist", false},
    {"Jane Roe, Ph.D.", true},
    {"Jane Roe Jr.", true},
    {"John Roe III", true},
    {"Dr. Jane Roe", true},
    {"Seán O'Brien", true},
    {"Siobhán O’Connor", true},
    {"Jean-Luc Picard", true},
    {"J.-P. Roe", true},
    {"Harry S Truman", true},
    {"Omar al-Rashid", true},
    {"Jean d'Arcy", true},
    {"Mary-Kate McDonald", true},
    {"Иван Петров", true},
    {"Zoë Ångström", true},
    {"Li Na", true},
    {"Wei Ng", true},
    {"Nguyễn Văn An", true},
    {"  Jane Roe  ", true},
    {"María de la Cruz", true},
    /* headings, roles, organisations, places, sentences */
    {"About", false},
    {"About Me", false},
    {"Curriculum Vitae", false},
    {"Resume", false},
    {"CV", false},
    {"Education", false},
    {"Professional Experience in Industry", false},
    {"Software Engineer", false},
    {"Research Assistant", false},
    {"Texas A&M University", false},
    {"Hello World", false},
    {"Contact Information", false},
    {"Selected Publications", false},
    {"I am a PhD student", false},
    {"I Am", false},
    {"Welcome to my homepage", false},
    {"Welcome To My Homepage", false},
    {"Machine Learning Engineer", false},
    {"Google Inc", false},
    {"Initech Inc.", false},
    {"New York City", false},
    {"San Francisco", false},
    {"Table of Contents", false},
    {"Table Of Contents", false},
    {"Skills & Tools", false},
    {"Work Experience", false},
    {"WORK EXPERIENCE", false},
    {"PERSONAL STATEMENT", false},
    {"Jane", false},
    {"Roe", false},
    {"Jane Mary Ann Beth Roe Smith", false},
    {"Jane Roe 2", false},
    {"Jane Roe (2024)", false},
    {"jane@roe.org", false},
    {"Jane Roe: CV", false},
    {"Jane Roe's CV", false},
    {"Jane Roe | Homepage", false},
    {"Jane/Roe", false},
    {"Hi! I'm Jane.", false},
    {"Jane Roe.", false},
    {"Jane Roe?", false},
    {"jane roe", false},
    {"Jane roe", false},
    {"Roe, Jane", false},
    {"Jane Roe, Initech", false},
    {"van Gogh", false},
    {"Jane van", false},
    {"J. R.", false},
    {"Dr. Roe", false},
    {"NASA JPL", false},
    {"University of Springfield", false},
    {"Initech University", false},
    {"Springfield College", false},
    {"Jane Roe Lab", false},
    {"Senior Data Scientist", false},
    {"PhD Student", false},
    {"Tech Lead", false},
    {"Full Stack Developer", false},
    {"Beijing China", false},
    {"Open Source", false},
    {"Talks", false},
    {"Invited Talks", false},
    {"Research Interests", false},
    {"教育背景", false},
    {"个人简介", false},
    {"新闻", false},
    {"王", false},
    {"中华人民共和国", false},
    {"王小明 Jane", false},
    {"王小明，博士", false},
    {"👋 Jane Roe", false},
    {"Jane\tRoe\nSmith", false},
    {"", false},
    {"   ", false},
    {"-", false},
    {"Jane-", false},
    {"Jane Roe-", false},
    {"O' Roe", false},
};

/* The person a bio opens with: the name found, or NULL for none. */
static const struct {
  const char *text, *name;
} BIOS[] = {
    {"Jane Roe is an assistant professor of geology at Example University.", "Jane Roe"},
    {"  Dr. Jane Roe received her PhD in 2019.", "Jane Roe"},
    {"Jan van Dijk works on coastal models.", "Jan van Dijk"},
    {"Hi! I'm Jane Roe. I build data pipelines.", "Jane Roe"},
    {"My name is Jane Roe and I teach physics.", "Jane Roe"},
    {"I am Jane Roe, a nurse in Leeds.", "Jane Roe"},
    {"Marie Dupont est chercheuse en biologie.", "Marie Dupont"},
    {"Jane Roe, PhD, is a chemist.", NULL},                 /* the verb does not follow the name */
    {"Data Engineer is what I do.", NULL},                 /* no person's name */
    {"Example University is where I studied.", NULL},
    {"I am a nurse in Leeds.", NULL},
    {"I'm Jane.", NULL},                                   /* one word */
    {"Jane Roe and Sam Poe are the founders.", NULL},      /* no verb after the name */
    {"The Lab is small.", NULL},
    {"Jane Roe Smith Poe Lee Kay is here.", NULL},         /* too many words */
    {"", NULL},
    {"Jane", NULL},
    {"\xff\xfe is", NULL},
};

int main(void) {
  for (size_t i = 0; i < sizeof BIOS / sizeof BIOS[0]; i++) {
    size_t a = 0, e = 0;
    bool got = cvx_bio_subject(BIOS[i].text, strlen(BIOS[i].text), &a, &e);
    if (BIOS[i].name)
      CHECK(got && e - a == strlen(BIOS[i].name) && memcmp(BIOS[i].text + a, BIOS[i].name, e - a) == 0,
            "bio \"%s\": got %d \"%.*s\"", BIOS[i].text, got, got ? (int)(e - a) : 0, BIOS[i].text + a);
    else
      CHECK(!got, "bio \"%s\": got \"%.*s\"", BIOS[i].text, (int)(e - a), BIOS[i].text + a);
  }
  for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
    bool got = cvx_is_person_name(ROWS[i].text, strlen(ROWS[i].text));
    CHECK(got == ROWS[i].name, "\"%s\": got %d", ROWS[i].text, got);
  }

  /* only s[0,n) is read: "Jane Roe" inside a longer buffer */
  CHECK(cvx_is_person_name("Jane Roe, Software Engineer", 8), "prefix");
  CHECK(!cvx_is_person_name("Jane Roe", 4), "one word");
  CHECK(!cvx_is_person_name(NULL, 0), "null");

  /* hostile input: truncated UTF-8, long lines, many words */
  static const char *const hostile[] = {"\xE6\x95",
                                        "Jane \xFF",
                                        "\xC3",
                                        ("J\xCC\x81" /* split: \x81a would be one escape */
                                         "ane Roe"),
                                        ", , ,",
                                        "'-'-'",
                                        "J.J.J.J.J.J.J.J.J.J.J.J.J.J. Roe"};
  for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++)
    (void)cvx_is_person_name(hostile[i], strlen(hostile[i]));
  CHECK(!cvx_is_person_name("Jane \xFF", 6), "invalid byte");
  size_t big = 100000;
  char *buf = malloc(big);
  for (size_t i = 0; i < big; i++) buf[i] = "Ab -.'"[i % 6];
  CHECK(!cvx_is_person_name(buf, big), "huge");
  for (size_t n = 0; n < 200; n++) (void)cvx_is_person_name(buf, n);
  for (size_t n = 0; n < 200; n++) (void)cvx_citation_line(buf, n);
  free(buf);
  /* references told by their first author, a year and words enough */
  static const struct {
    const char *text;
    bool cite;
  } cites[] = {
      {"Whitcombe, D. and Fenwick, A. (2022). Streaming joins at scale. Journal of Data Engineering, 14(2).", true},
      {"D. Whitcombe, A. Fenwick. Streaming joins at scale. In Proc. of the Data Workshop, 2021.", true},
      {"[3] Whitcombe D, Fenwick A. Streaming joins at scale. J Data Eng. 2019;14:33-49.", true},
      {"12. Whitcombe, D.-J. (2018). Cheap lineage for small teams. Data Notes, 4.", true},
      {"Whitcombe, D. Streaming joins at scale. Journal of Data Engineering.", false}, /* no year */
      {"Senior Data Engineer, Pellham Analytics, 2020 - present", false},              /* a job */
      {"MSc Data Science, University of Sheffield, 2016", false},                      /* a degree */
      {"D. Whitcombe, 2020", false},                                                   /* too short */
      {"", false},
  };
  for (size_t i = 0; i < sizeof cites / sizeof cites[0]; i++)
    CHECK(cvx_citation_line(cites[i].text, strlen(cites[i].text)) == cites[i].cite, "citation: %s", cites[i].text);
  CHECK(!cvx_citation_line(NULL, 0), "citation: null");
  return check_done("names");
}
