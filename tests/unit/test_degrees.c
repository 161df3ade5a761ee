/* test_degrees.c — table tests for the degree grammar (cvx_degree_find,
 * cvx_degree_canonical): every spelling CVs use, the acronyms that are not
 * degrees, and pathological inputs that must stay fast. */
#include "grammar.h"

#include "check.h"

#include <stdlib.h>
#include <time.h>

typedef struct find_case {
  const char *in;
  const char *type;  /* NULL: no degree */
  const char *match; /* the text at [mstart, mend) */
} find_case;

#define D(in, t, m) {in, t, m}
#define N(in) {in, NULL, NULL}

static const find_case finds[] = {
    /* doctorates */
    D("Ph.D. in Computer Science", "PhD", "Ph.D."),
    D("Ph.D in Botany, State University", "PhD", "Ph.D"),
    D("PhD, Civil Engineering", "PhD", "PhD"),
    D("Ph. D. candidate", "PhD", "Ph. D."),
    D("received his phd in 2010", "PhD", "phd"),
    D("PHD IN PHYSICS", "PhD", "PHD"),
    D("She finished her PhD. Then she moved", "PhD", "PhD"),
    D("Doctor of Philosophy in Statistics", "PhD", "Doctor of Philosophy"),
    D("Doctorate in Law", "PhD", "Doctorate"),
    D("Doctoral degree, 2019", "PhD", "Doctoral degree"),
    D("Dr. rer. nat. in Physics", "PhD", "Dr. rer. nat."),
    D("Dr.-Ing., Mechanical Engineering", "PhD", "Dr.-Ing."),
    D("DPhil in History", "PhD", "DPhil"),
    D("Ed.D. in Leadership", "EdD", "Ed.D."),
    D("Doctor of Medicine", "MD", "Doctor of Medicine"),
    D("M.D., Medical School", "MD", "M.D."),
    D("J.D., Law School, 2012", "JD", "J.D."),
    /* masters */
    D("M.S. in Soil Science", "MS", "M.S."),
    D("MS in Computer Science", "MS", "MS"),
    D("M.Sc. in Robotics", "MS", "M.Sc."),
    D("MSc project", "MS", "MSc"),
    D("Master of Science in Physics", "MS", "Master of Science"),
    D("Master's degree in physics", "MS", "Master's degree"),
    D("Master\xe2\x80\x99s in Chemistry", "MS", "Master\xe2\x80\x99s"),
    D("Masters of Geography", "MS", "Masters"),
    D("Master in Data Analytics, Some University, 2020", "MS", "Master"),
    D("a master's degree", "MS", "master's degree"),
    D("M.Eng. in Robotics", "MEng", "M.Eng."),
    D("M.E. in Civil Engineering", "MEng", "M.E."),
    D("M.Tech, Computer Science", "MTech", "M.Tech"),
    D("M.A. in History", "MA", "M.A."),
    D("MA, 1999.", "MA", "MA"),
    D("Master of Arts: Art History", "MA", "Master of Arts"),
    D("MBA 2010-2012", "MBA", "MBA"),
    D("M.B.A., Business School", "MBA", "M.B.A."),
    D("MPhil in Economics", "MPhil", "MPhil"),
    D("M.Phil. thesis", "MPhil", "M.Phil."),
    D("MRes in Neuroscience", "MRes", "MRes"),
    D("LL.M. in International Law", "LLM", "LL.M."),
    D("MFA in Creative Writing", "MFA", "MFA"),
    D("M.S.E. in Robotics", "MSE", "M.S.E."),
    D("Master of Electrical Engineering", "MEng", "Master"),
    D("Laurea Magistrale in Fisica", "MS", "Laurea Magistrale"),
    D("Ma\xc3\xaetrise de math\xc3\xa9matiques", "MS", "Ma\xc3\xaetrise"),
    /* bachelors */
    D("B.S. in Applied Physics", "BS", "B.S."),
    D("BS Computer Science, 2008", "BS", "BS"),
    D("- B.S. Data Science", "BS", "B.S."),
    D("B.Sc. in Geology", "BS", "B.Sc."),
    D("BSc. (Hons.) Applied Physics", "BS", "BSc"),
    D("BSCS, Software", "BS", "BSCS"),
    D("Bachelor of Science in Biology", "BS", "Bachelor of Science"),
    D("Bachelors of Science in Information Systems", "BS", "Bachelors of Science"),
    D("Bachelor's degree in chemistry", "BS", "Bachelor's degree"),
    D("Bachelor of Engineering in Mechatronics", "BEng", "Bachelor of Engineering"),
    D("Bachelor of Civil Engineering, minor in Music", "BEng", "Bachelor"),
    D("Bachelor of Arts: Philosophy", "BA", "Bachelor of Arts"),
    /* "in" before a degree's own field names that degree */
    D("Bachelor's in Commerce", "BCom", "Bachelor's in Commerce"),
    D("Bachelor in Arts, History", "BA", "Bachelor in Arts"),
    D("Master's in Business Administration", "MBA", "Master's in Business Administration"),
    D("Bachelor's in Nursing", "BS", "Bachelor's"),
    D("Bachelor thesis: Optics", "BS", "Bachelor"),
    D("B.E. in Chemical Engineering", "BEng", "B.E."),
    D("B.Eng. degree in Acoustics", "BEng", "B.Eng."),
    D("B.Tech, Computer Science", "BTech", "B.Tech"),
    D("B-Tech (Civil)", "BTech", "B-Tech"),
    D("B Tech in Mechanical Engineering", "BTech", "B Tech"),
    D("M-tech, Structures", "MTech", "M-tech"),
    D("B.A. in Korean", "BA", "B.A."),
    D("BA in Sociology", "BA", "BA"),
    D("B.S.E., Mechanical Engineering", "BSE", "B.S.E."),
    D("BBA, Finance", "BBA", "BBA"),
    D("Laurea in Ingegneria", "BS", "Laurea"),
    D("M\xc3\xa1ster en Ingenier\xc3\xad" "a Civil", "MS", "M\xc3\xa1ster"),
    D("Mestrado em Qu\xc3\xadmica", "MS", "Mestrado"),
    D("Grado en Historia \xc2\xb7 Universidad de Ejemplo", "BS", "Grado"),
    D("Gradua\xc3\xa7\xc3\xa3o em Engenharia", "BS", "Gradua\xc3\xa7\xc3\xa3o"),
    /* a state code's letters after a field of study are its degree */
    D("Coastal Engineering, MS, Example University", "MS", "MS"),
    D("Soil Science, MA", "MA", "MA"),
    D("Licence en informatique", "BS", "Licence"),
    /* other levels */
    D("Associate of Applied Science", "Associate", "Associate of Applied Science"),
    D("Associate degree in Nursing", "Associate", "Associate degree"),
    D("A.S. in Biology", "Associate", "A.S."),
    D("High School Diploma, 2008", "High School", "High School Diploma"),
    D("Completed High School in 2009", "High School", "High School"),
    D("Rosewell High School Diploma", "High School", "High School Diploma"),
    D("Class XII, 2007", "HSC", "Class XII"),
    D("Secondary School Certificate in Science", "SSC", "Secondary School Certificate"),
    D("Higher Secondary Certificate, 2009", "HSC", "Higher Secondary Certificate"),
    D("Senior Secondary School Certificate", "HSC", "Senior Secondary School Certificate"),
    D("Class 10th from a state board", "SSC", "Class 10th"),
    N("Class X-ray imaging"),
    N("World class engineering"),
    N("Senior Secondary Teacher"),
    N("higher secondary certificate holders were admitted"),
    D("Graduate Diploma in Design", "Diploma", "Diploma"),
    D("Diplom-Ingenieur, TU Somewhere", "Diplom", "Diplom-Ingenieur"),
    D("Dipl.-Ing. Maschinenbau", "Diplom", "Dipl.-Ing."),
    D("Habilitation in Algebra", "Habilitation", "Habilitation"),
    D("1991: Engineering degree from Ecole Nord", "Engineering degree", "Engineering degree"),
    D("Engineer's degree in Mechanics", "Engineering degree", "Engineer's degree"),
    D("Diplôme d'ingénieur, Ecole Sud", "Engineering degree", "Diplôme d'ingénieur"),
    /* "High School" ending a school's name is the school, not a degree */
    N("Brookfield Central High School"),
    N("Govt. High School Marlow"),
    N("Software Engineering team lead"),
    N("B-Technical support rota"),
    N("Engineer, Brindle Labs"),
    /* CJK and Cyrillic */
    D("\xe5\xb7\xa5\xe5\xad\xa6\xe5\xad\xa6\xe5\xa3\xab\xef\xbc\x8c\xe5\xa4\xa7\xe5\xad\xa6",
      "BEng", "\xe5\xb7\xa5\xe5\xad\xa6\xe5\xad\xa6\xe5\xa3\xab"),
    D("\xe5\xb7\xa5\xe5\xad\xa6\xe5\x8d\x9a\xe5\xa3\xab", "PhD",
      "\xe5\xb7\xa5\xe5\xad\xa6\xe5\x8d\x9a\xe5\xa3\xab"),
    D("\xe5\x8c\x96\xe5\xad\xa6\xe5\x8d\x9a\xe5\xa3\xab\xe5\x9c\xa8\xe8\xaf\xbb", "PhD",
      "\xe5\x8d\x9a\xe5\xa3\xab"),
    D("\xe7\xa7\x91\xe5\xad\xa6\xe7\xa1\x95\xe5\xa3\xab\xef\xbc\x8c", "MS",
      "\xe7\xa7\x91\xe5\xad\xa6\xe7\xa1\x95\xe5\xa3\xab"),
    D("\xe5\xb7\xa5\xe5\xad\xa6\xe7\xa1\x95\xe5\xa3\xab", "MEng",
      "\xe5\xb7\xa5\xe5\xad\xa6\xe7\xa1\x95\xe5\xa3\xab"),
    D("\xe6\x9c\xac\xe7\xa7\x91/\xe5\xa4\xa7\xe5\xad\xa6", "BS", "\xe6\x9c\xac\xe7\xa7\x91"),
    D("\xe5\x8d\x9a\xe5\xa3\xab\xe5\x90\x8e\xef\xbc\x8c\xe7\xa1\x95\xe5\xa3\xab", "MS",
      "\xe7\xa1\x95\xe5\xa3\xab"),
    D("\xd0\x91\xd0\xb0\xd0\xba\xd0\xb0\xd0\xbb\xd0\xb0\xd0\xb2\xd1\x80\xd0\xb8\xd0\xb0\xd1\x82",
      "BS", "\xd0\x91\xd0\xb0\xd0\xba\xd0\xb0\xd0\xbb\xd0\xb0\xd0\xb2\xd1\x80\xd0\xb8\xd0\xb0\xd1\x82"),
    /* the first one wins */
    D("B.Eng. and M.Eng. from the same school", "BEng", "B.Eng."),
    D("Research Associate, then PhD student", "PhD", "PhD"),
    /* not degrees */
    N("MATLAB, Simulink"),
    N("MS Office, Outlook"),
    N("- MS Excel"),
    N("MS-DOS"),
    N("theoreticians from Master's level and up"),
    N("a bachelor\xe2\x80\x99s worth of credits"),
    N("BASF, Ludwigshafen"),
    N("I am a researcher"),
    N("Springfield, MA"),
    N("Grado de dificultad alto"),
    N("un grado mayor"),
    N("Engineers Hall, Springfield, MA"),
    N("Workshop, Springfield, MA, 2001."),
    N("Jane Roe\n  Town\n  MA\n  01234\n"),
    N("Cambridge, MA 02139"),
    N("Springfield MA USA"),
    N("Rockville, MD, USA"),
    N("BA flight 117"),
    N("+1 (555) 010-0173"),
    N("pp. 123-145"),
    N("doi:10.1016/j.mri.2025.110322"),
    N("Python 3.10"),
    N("ISO 9001"),
    N("COVID-19"),
    N("10:30-11:45"),
    N("LLM-based agents"),
    N("LLM agents in production"),
    N("Ms. Smith"),
    N("Dr. Jane Roe"),
    N("M. Fairfax, A. Jones"),
    N("M. A. Fairfax, Title"),
    N("Master Plan for the city"),
    N("mastered the violin"),
    N("Associate Professor"),
    N("Jones & Associates, LLC"),
    N("Research Associate"),
    N("Postdoc at the institute"),
    N("\xe5\x8d\x9a\xe5\xa3\xab\xe5\x90\x8e"),
    N("MSE loss and MAE"),
    N("Senior DBA"),
    N("MAS.S12 Seminar"),
    N("Post Doctorate Fellow"),
    N("notes/thesis_habilitation_draft.pdf"),
    N("coached high school students"),
    N("PhD-level seminar"),
    N("the bachelors party"),
    N("Diplomacy"),
    N("MSNBC news"),
    N(""),
};

typedef struct canon_case {
  const char *in;
  const char *type;
} canon_case;

static const canon_case canons[] = {
    {"B.Sc.", "BS"},      {"BSc", "BS"},        {"Ph.D", "PhD"},     {"PhD.", "PhD"},
    {"ms", "MS"},         {"M.S.", "MS"},       {"MEng", "MEng"},    {"B.E.", "BEng"},
    {" Master of Science ", "MS"},              {"Master's", "MS"},  {"Bachelor", "BS"},
    {"High School", "High School"},            {"Diploma", "Diploma"},
    {"B.S. in Physics", "BS"},                  {"Master of Electrical Engineering", "MEng"},
    {"MBA,", "MBA"},      {"\xe7\xa1\x95\xe5\xa3\xab", "MS"},
    {"Postdoc", NULL},    {"Computer Science", NULL}, {"MS Office", NULL}, {"", NULL},
    {"PhD candidate", NULL},
    {"Master of Computer Application", "MCA"},   {"Bachelor of Computer Applications", "BCA"},
};

static bool find_exact(const char *text, size_t n, const char **t, size_t *a, size_t *b) {
  char *copy = malloc(n ? n : 1);
  if (n) memcpy(copy, text, n);
  bool ok = cvx_degree_find(copy, n, t, a, b);
  free(copy);
  return ok;
}

static void test_finds(void) {
  for (size_t i = 0; i < sizeof finds / sizeof finds[0]; i++) {
    const find_case *c = &finds[i];
    size_t n = strlen(c->in), a = 0, b = 0;
    const char *t = NULL;
    bool found = find_exact(c->in, n, &t, &a, &b);
    CHECK(found == (c->type != NULL), "[%zu] \"%s\": found=%d (%s)", i, c->in, found,
          t ? t : "-");
    if (!found || !c->type) continue;
    CHECK_STR(t, c->type, c->in);
    bool span_ok = a < b && b <= n;
    CHECK(span_ok, "\"%s\": span %zu..%zu", c->in, a, b);
    if (span_ok) {
      char m[128];
      size_t l = b - a < sizeof m - 1 ? b - a : sizeof m - 1;
      memcpy(m, c->in + a, l);
      m[l] = 0;
      CHECK_STR(m, c->match, c->in);
    }
  }
}

static void test_canonical(void) {
  for (size_t i = 0; i < sizeof canons / sizeof canons[0]; i++) {
    const canon_case *c = &canons[i];
    size_t n = strlen(c->in);
    char *copy = malloc(n ? n : 1);
    if (n) memcpy(copy, c->in, n);
    const char *t = cvx_degree_canonical(copy, n);
    free(copy);
    CHECK_STR(t, c->type, c->in);
  }
}

/* Cut off at every length: no crash, no read past the end. */
static void test_truncations(void) {
  const char *s = "Dr. rer. nat., Bachelor of Science in Engineering, M.S.E., "
                  "\xe5\xb7\xa5\xe5\xad\xa6\xe5\x8d\x9a\xe5\xa3\xab \xd0\x9c\xd0\xb0\xd0\xb3"
                  "\xd0\xb8\xd1\x81\xd1\x82\xd1\x80 Master\xe2\x80\x99s LL.M.";
  size_t n = strlen(s);
  int ok = 0;
  for (size_t l = 0; l <= n; l++) {
    const char *t;
    size_t a, b;
    if (find_exact(s, l, &t, &a, &b)) ok += a < b && b <= l;
    else ok++;
    char *copy = malloc(l ? l : 1);
    if (l) memcpy(copy, s, l);
    (void)cvx_degree_canonical(copy, l);
    free(copy);
  }
  CHECK(ok == (int)n + 1, "truncations: %d of %zu", ok, n + 1);
}

static void test_pathological(void) {
  static const char *const units[] = {"a ", "M.", "MA ", "M.S.", "Master ", "x-", "1-",
                                      "\xe5\x8d\x9a", "Dr. ", "Ph. "};
  size_t n = (size_t)1 << 20;
  char *big = malloc(n);
  for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
    size_t ul = strlen(units[u]);
    for (size_t i = 0; i < n; i++) big[i] = units[u][i % ul];
    clock_t t0 = clock();
    const char *t;
    size_t a, b;
    bool found = cvx_degree_find(big, n, &t, &a, &b);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 2.0, "unit \"%s\": %.2fs", units[u], secs);
    CHECK(!found || b <= n, "unit \"%s\": span", units[u]);
  }
  free(big);
}

/* Words longer than any abbreviation segment, and words that only start
 * like a degree word, are read without a match. */
static void test_long_words(void) {
  static const char *const no[] = {"Bachelorsdegreeprogramme", "Masterpiece", "Doctors", "Highly",
                                   "Engineers", "Abcdefghijklmnopq", "M"};
  for (size_t k = 0; k < sizeof no / sizeof no[0]; k++) {
    const char *t;
    size_t a, b;
    CHECK(!cvx_degree_find(no[k], strlen(no[k]), &t, &a, &b), "long word \"%s\"", no[k]);
    CHECK(cvx_degree_canonical(no[k], strlen(no[k])) == NULL, "canonical \"%s\"", no[k]);
  }
}

/* cvx_degree_run_end: the abbreviated degrees joined to the first one make
 * one phrase ("MSc & BSc in Optics": the field after them is both's); a
 * word that is no degree, or a degree spelled out, ends the run. */
static void test_runs(void) {
  static const struct {
    const char *in, *run;
  } runs[] = {
      {"MSc & BSc in Applied Optics", "MSc & BSc"},
      {"BA/MA in History", "BA/MA"},
      {"B.S. and M.S. in Geology", "B.S. and M.S."},
      {"BSc, MSc", "BSc"},
      {"BSc and Honours", "BSc"},
      {"MSc & sons", "MSc"},
      {"BA and Master of Arts", "BA"},
      {"BA/MA/PhD, Linguistics", "BA/MA/PhD"},
      {"PhD &", "PhD"},
  };
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    const char *s = runs[i].in, *st = NULL;
    size_t n = strlen(s), a = 0, e = 0;
    bool found = cvx_degree_find(s, n, &st, &a, &e);
    CHECK(found && a == 0, "\"%s\": degree at 0", s);
    if (!found) continue;
    size_t r = cvx_degree_run_end(s, n, e);
    CHECK(r == strlen(runs[i].run) && memcmp(s, runs[i].run, r) == 0, "\"%s\": run \"%.*s\", want \"%s\"", s,
          (int)r, s, runs[i].run);
  }
}

int main(void) {
  test_finds();
  test_runs();
  test_long_words();
  test_canonical();
  test_truncations();
  test_pathological();
  return check_done("degrees");
}
