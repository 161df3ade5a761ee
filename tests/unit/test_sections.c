/* test_sections.c — section headings in many wordings and languages map to the
 * record kinds of MAPPING.md; entry titles and unknown headings stay sections. */
#include "grammar.h"
#include "sections.h"

#include "check.h"

#include <stdlib.h>

typedef struct row {
  const char *heading;
  cvx_rec_kind kind;
  bool talk;
} row;

static const char *kind_name(cvx_rec_kind k) {
  static const char *const names[] = {"basics",    "profile",  "work",        "volunteer",
                                      "education", "award",    "certificate", "publication",
                                      "skill",     "language", "interest",    "reference",
                                      "project",   "news",     "section"};
  return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

#define R(h, k)                                                                                    \
  { h, CVX_REC_##k, false }
#define T(h)                                                                                       \
  { h, CVX_REC_PROJECT, true }

static const row ROWS[] = {
    /* education */
    R("Education", EDUCATION),
    R("EDUCATION", EDUCATION),
    R("Education:", EDUCATION),
    R("## Education", EDUCATION),
    R("🎓 Education", EDUCATION),
    R("Academic Background", EDUCATION),
    R("Degrees", EDUCATION),
    R("Qualifications", EDUCATION),
    R("Educational Qualification", EDUCATION),
    R("Formal Education", EDUCATION),
    R("Continuing education", EDUCATION),
    R("Education and Training", EDUCATION),
    R("Education and Professional Experience", EDUCATION),
    R("1. Education", EDUCATION),
    R("II. Education", EDUCATION),
    R("**Education**", EDUCATION),
    R("Education {#edu}", EDUCATION),
    R("[Education](#education)", EDUCATION),
    R("Selected Coursework", EDUCATION),
    R("Formation", EDUCATION),
    R("Ausbildung", EDUCATION),
    R("Studium", EDUCATION),
    R("Educación", EDUCATION),
    R("Formación académica", EDUCATION),
    R("Formação", EDUCATION),
    R("Istruzione", EDUCATION),
    R("Образование", EDUCATION),
    R("教育背景", EDUCATION),
    R("教育经历", EDUCATION),
    R("学历", EDUCATION),
    /* work */
    R("Experience", WORK),
    R("Work Experience", WORK),
    R("WORK EXPERIENCE", WORK),
    R("Working Experiences", WORK),
    R("Professional Experience", WORK),
    R("Professional Experience in Industry", WORK),
    R("Employment", WORK),
    R("Employment History:", WORK),
    R("Industry Experience", WORK),
    R("Research Experience", WORK),
    R("Positions", WORK),
    R("Academic Positions", WORK),
    R("Appointments", WORK),
    R("Internships", WORK),
    R("Teaching", WORK),
    R("Teaching Experience", WORK),
    R("Teaching and Supervision of Students", WORK),
    R("Experience and skills", WORK),
    R("Extra work history", WORK),
    R("Scientific Career", WORK),
    R("Expérience professionnelle", WORK),
    R("Expériences professionnelles", WORK),
    R("Berufserfahrung", WORK),
    R("Beruflicher Werdegang", WORK),
    R("Experiencia laboral", WORK),
    R("Experiencia profesional", WORK),
    R("Experiência", WORK),
    R("Esperienza lavorativa", WORK),
    R("Esperienze professionali", WORK),
    R("Опыт работы", WORK),
    R("工作经历", WORK),
    R("实习经历", WORK),
    R("科研经历", WORK),
    R("研究经历", WORK),
    R("工作经验", WORK),
    R("<i class=\"fas fa-list\"></i> 工作经历", WORK),
    /* volunteer */
    R("Volunteering", VOLUNTEER),
    R("Volunteer Experience", VOLUNTEER),
    R("Service", VOLUNTEER),
    R("Professional Service", VOLUNTEER),
    R("Academic Service", VOLUNTEER),
    R("Reviewing", VOLUNTEER),
    R("Leadership", VOLUNTEER),
    R("Outreach", VOLUNTEER),
    R("Professional Outreach", VOLUNTEER),
    R("Service and leadership", VOLUNTEER),
    R("Service to the profession", VOLUNTEER),
    R("Departmental and university service", VOLUNTEER),
    R("Editorial and Reviewing Service", VOLUNTEER),
    R("Journal review", VOLUNTEER),
    R("Volunteering/ Extracurricular Activities", VOLUNTEER),
    R("学术服务", VOLUNTEER),
    R("社会服务", VOLUNTEER),
    R("Bénévolat", VOLUNTEER),
    R("Ehrenamt", VOLUNTEER),
    /* awards */
    R("Awards", AWARD),
    R("Honors", AWARD),
    R("Honours", AWARD),
    R("Honors and Awards", AWARD),
    R("Honors & Awards", AWARD),
    R("AWARDS/ACHIEVEMENTS", AWARD),
    R("Scholarships", AWARD),
    R("Fellowships", AWARD),
    R("Grants", AWARD),
    R("Achievements", AWARD),
    R("Prizes and Honors", AWARD),
    R("Scholarships and Awards", AWARD),
    R("Prix", AWARD),
    R("Distinctions", AWARD),
    R("Auszeichnungen", AWARD),
    R("Premios", AWARD),
    R("获奖情况", AWARD),
    R("荣誉奖励", AWARD),
    R("荣誉获奖", AWARD),
    /* certificates */
    R("Personalien", BASICS),
    R("Personendaten", BASICS),
    R("Informaci\xc3\xb3n personal", BASICS),
    R("\xd0\x9b\xd0\xb8\xd1\x87\xd0\xbd\xd1\x8b\xd0\xb5 \xd0\xb4\xd0\xb0\xd0\xbd\xd0\xbd\xd1\x8b\xd0\xb5", BASICS),
    R("Certifications", CERTIFICATE),
    R("Licenses", CERTIFICATE),
    R("Certificates", CERTIFICATE),
    R("Licenses & Certifications", CERTIFICATE),
    R("Zertifikate", CERTIFICATE),
    R("证书", CERTIFICATE),
    R("Cursos Complementares", CERTIFICATE),
    R("Otros cursos", CERTIFICATE),
    R("Weiterbildungen", CERTIFICATE),
    R("Курсы", CERTIFICATE),
    R("培训经历", CERTIFICATE),
    R("Coursework", EDUCATION),
    /* publications */
    R("Publications", PUBLICATION),
    R("Papers", PUBLICATION),
    R("Preprints", PUBLICATION),
    R("Selected Publications", PUBLICATION),
    R("Journal Articles", PUBLICATION),
    R("Journal Publications", PUBLICATION),
    R("Conference Papers", PUBLICATION),
    R("Conference Proceedings", PUBLICATION),
    R("Peer-Reviewed Publications", PUBLICATION),
    R("Publications in conference proceedings", PUBLICATION),
    R("Abstracts and Short Papers", PUBLICATION),
    R("Works in progress", PUBLICATION),
    R("Selected Works", PUBLICATION),
    R("Book reviews", PUBLICATION),
    R("Veröffentlichungen", PUBLICATION),
    R("Publikationen", PUBLICATION),
    R("Publicaciones", PUBLICATION),
    R("论文发表", PUBLICATION),
    R("发表论文", PUBLICATION),
    R("期刊论文", PUBLICATION),
    R("Publications 文章发表", PUBLICATION),
    /* talks */
    T("Talks"),
    T("Invited Talks"),
    T("Presentations"),
    T("Conference Presentations"),
    T("Conference Presentations and Posters"),
    T("Guest lectures"),
    T("Recent Speaking Engagements"),
    T("Talks 演讲和口头报告"),
    T("Vorträge"),
    T("学术报告"),
    /* projects */
    R("Projects", PROJECT),
    R("Portfolio", PROJECT),
    R("Open Source", PROJECT),
    R("Software", PROJECT),
    R("Selected Projects", PROJECT),
    R("Side Projects", PROJECT),
    R("Selected Open Source Projects and Publications", PROJECT),
    R("Participation in Projects", PROJECT),
    R("Projets", PROJECT),
    R("Projekte", PROJECT),
    R("Proyectos", PROJECT),
    R("项目经历", PROJECT),
    R("科研项目", PROJECT),
    /* skills */
    R("Skills", SKILL),
    R("Technical Skills", SKILL),
    R("Tools", SKILL),
    R("Technologies", SKILL),
    R("Programming Languages", SKILL),
    R("👨‍💻 Programming Languages", SKILL),
    R("Programming languages:", SKILL),
    R("Skills and Interests", SKILL),
    R("Skills & Abilities", SKILL),
    R("Technical Expertise", SKILL),
    R("Computer skills", SKILL),
    R("Tools & Protocols", SKILL),
    R("💡 Technologies & Tools", SKILL),
    R("Languages & Frameworks", SKILL),
    R("Compétences", SKILL),
    R("Kenntnisse", SKILL),
    R("Fähigkeiten", SKILL),
    R("Kenntnisse/Fähigkeiten", SKILL),
    R("Habilidades", SKILL),
    R("Навыки", SKILL),
    R("专业技能", SKILL),
    R("技能", SKILL),
    R("Skills 技能", SKILL),
    R("<i class=\"fas fa-code\"></i> 技术清单", SKILL),
    /* languages */
    R("Languages", LANGUAGE),
    R("LANGUAGES", LANGUAGE),
    R("🌐 Languages", LANGUAGE),
    R("Language Skills", LANGUAGE),
    R("Languages Known", LANGUAGE),
    R("Langues", LANGUAGE),
    R("Sprachen", LANGUAGE),
    R("Idiomas", LANGUAGE),
    R("Английский язык", LANGUAGE),
    R("语言", LANGUAGE),
    /* interests */
    R("Interests", INTEREST),
    R("Research Interests", INTEREST),
    R("Hobbies", INTEREST),
    R("Centres d'intérêt", INTEREST),
    R("Interessen", INTEREST),
    R("研究兴趣", INTEREST),
    /* references, news */
    R("References", REFERENCE),
    R("Referees", REFERENCE),
    R("News", NEWS),
    R("Recent News", NEWS),
    R("Updates", NEWS),
    R("Timeline", NEWS),
    R("What's New", NEWS),
    R("What’s New", NEWS),
    R("新闻", NEWS),
    /* basics */
    R("Contact", BASICS),
    R("Contact Info", BASICS),
    R("CONTACT DETAILS", BASICS),
    R("About", BASICS),
    R("About Me", BASICS),
    R("Personal Details", BASICS),
    R("Personal Information", BASICS),
    R("Profile", BASICS),
    R("Summary", BASICS),
    R("Professional Summary", BASICS),
    R("Bio", BASICS),
    R("Biographic information", BASICS),
    R("Résumé", BASICS),
    R("Curriculum Vitae", BASICS),
    R("Career Objective", BASICS),
    R("Über mich", BASICS),
    R("О себе", BASICS),
    R("个人信息", BASICS),
    R("联系方式", BASICS),
    R("<i class=\"fas fa-tag\"></i> 关于我", BASICS),
    /* anything else, and entry titles that merely contain a section word */
    R("Research", SECTION),
    /* a section word inside a job title is an entry's role */
    R("Customer Service Partner", SECTION),
    /* …first, two words alone, or in a piece of an entry's head */
    R("Publications Editor", SECTION),
    R("Projects Coordinator", SECTION),
    R("Skills Trainer", SECTION),
    R("Publications Editor, Brindle Technologies", SECTION),
    R("Projects Coordinator | Harrowgate Education Trust", SECTION),
    /* (not past other words, nor a role the wording holds) */
    R("About This Nurse", BASICS),
    R("Honors, Awards", AWARD),
    R("Leadership, Volunteer Work", VOLUNTEER),
    /* a letter alone hyphened to a word makes one word with it */
    R("Objective-C", SECTION),
    R("Objective", BASICS),
    R("Press", SECTION),
    R("Professional Affiliations", SECTION),
    R("Memberships", SECTION),
    R("Welcome to Jekyll!", SECTION),
    R("Advising", SECTION),
    R("Software Engineer", SECTION),
    R("Software developer at Initech", SECTION),
    R("Teaching Assistant", SECTION),
    R("Initech University, Springfield (teaching assistant)", SECTION),
    R("Open Source Maintainer | Nov 2019 -- Present | [GitHub](https://github.com/x)", SECTION),
    R("Project Engineer, Initech | Sep 2020 -- Jun 2021", SECTION),
    R("Initech University (QS=99)", SECTION),
    R("Jane Roe", SECTION),
    R("Other Conferences, Workshops, and Courses Attended", SECTION),
    R("2020 - Now", SECTION),
    R("Masters of Linguistics", SECTION),
    R("", SECTION),
    R("   ", SECTION),
    R("🎓", SECTION),
    R("###", SECTION),
    R("加入我们", SECTION),
    R("初创科技有限公司 2016.10 - 2017.9", SECTION),
};

int main(void) {
  for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
    const row *r = &ROWS[i];
    size_t n = strlen(r->heading);
    cvx_rec_kind got = cvx_section_classify(r->heading, n);
    CHECK(got == r->kind, "\"%s\": got %s, want %s", r->heading, kind_name(got),
          kind_name(r->kind));
    bool talk = cvx_section_is_talks(r->heading, n);
    CHECK(talk == r->talk, "\"%s\": talks %d, want %d", r->heading, talk, r->talk);
  }

  /* a label of one entry's part, not of a section */
  static const struct {
    const char *line;
    bool label;
  } parts[] = {{"Responsibilities", true},          {"KEY RESPONSIBILITIES", true},
               {"Roles and Responsibilities", true}, {"Main tasks", true},
               {"Основные обязанности", true},       {"Roles", false},
               {"Work Experience", false},           {"Key Skills", false},
               {"Responsibilities of a lead tester and more", false}, {"", false}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    bool got = cvx_entry_part_label(parts[i].line, strlen(parts[i].line));
    CHECK(got == parts[i].label, "\"%s\": part label %d, want %d", parts[i].line, got, parts[i].label);
  }

  /* a label in capitals standing for its colon: its length */
  static const struct {
    const char *line;
    size_t len;
  } capsl[] = {{"TEAM SIZE 12", 9},          {"CLIENT Harbour Telecom", 6}, {"DURATION Apr-2017 to Mar-2021", 8},
               {"PROJECT SPECIFIC SKILLS JAVA, CSS", 0}, {"IBM Research Lab", 0},   {"CLIENT", 0},
               {"Client Harbour Telecom", 0}, {"TEAMSIZE 12", 0},            {"", 0}};
  for (size_t i = 0; i < sizeof capsl / sizeof capsl[0]; i++) {
    size_t got = cvx_caps_label(capsl[i].line, strlen(capsl[i].line));
    CHECK(got == capsl[i].len, "\"%s\": caps label %zu, want %zu", capsl[i].line, got, capsl[i].len);
  }

  /* the field a label names by its words, the strongest one when it names
   * two */
  static const struct {
    const char *label;
    cvx_label_slot slot;
  } slots[] = {{"Designation", CVX_FL_POSITION},
               {"Company Name", CVX_FL_ORG},
               {"Name and address of employer", CVX_FL_ORG},
               {"Occupation or position held", CVX_FL_POSITION},
               {"Title of qualification awarded", CVX_FL_DEGREE},
               {"Name of organisation providing education", CVX_FL_ORG},
               {"Year of Passing", CVX_FL_DATES},
               {"DURATION", CVX_FL_DATES},
               {"Main activities and responsibilities", CVX_FL_DUTIES},
               {"College", CVX_FL_SCHOOL},
               {"CGPA", CVX_FL_GRADE},
               {"Branch", CVX_FL_FIELD},
               {"Research topic", CVX_FL_NONE},
               {"Team size", CVX_FL_NONE},
               {"Client", CVX_FL_NONE},
               {"Name", CVX_FL_NONE},
               {"Name of the company I liked best of all", CVX_FL_NONE},
               {"", CVX_FL_NONE}};
  for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) {
    cvx_label_slot got = cvx_entry_field_label(slots[i].label, strlen(slots[i].label));
    CHECK(got == slots[i].slot, "\"%s\": label slot %d, want %d", slots[i].label, (int)got, (int)slots[i].slot);
  }

  /* a heading ending in a word in no word list: a field or a course named
   * with a section word, not a section heading written alone */
  static const struct {
    const char *heading;
    bool tail;
  } tails[] = {{"Software Engineering", true},  {"Education Policy", true},
               {"Work Experience", false},      {"Contributions and Achievements", false},
               {"Selected Publications", false}, {"Skills (selected)", false},
               {"Grzyby i porosty", false},      {"Software", false}};
  for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
    bool got = cvx_section_tail_unknown(tails[i].heading, strlen(tails[i].heading));
    CHECK(got == tails[i].tail, "\"%s\": tail unknown %d, want %d", tails[i].heading, got, tails[i].tail);
  }

  /* the heading is not NUL-terminated at n: only "Skills" is read */
  CHECK(cvx_section_classify("Skills and Publications", 6) == CVX_REC_SKILL, "prefix");
  CHECK(cvx_section_classify("Education", 0) == CVX_REC_SECTION, "empty");
  CHECK(cvx_section_classify(NULL, 0) == CVX_REC_SECTION, "null");

  /* hostile input: truncated UTF-8, long lines, unbalanced markup */
  static const char *const hostile[] = {"\xE6\x95", "\xFF\xFE Education", "<<<<<",       "{{{{",
                                        "](((",     "Education <span",    "\xF0\x9F\x8E"};
  for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++)
    (void)cvx_section_classify(hostile[i], strlen(hostile[i]));
  CHECK(cvx_section_classify("\xFF\xFE Education", 12) == CVX_REC_EDUCATION, "bad bytes");
  size_t big = 100000;
  char *buf = malloc(big);
  for (size_t i = 0; i < big; i++) buf[i] = "ab&<{]( \xE4"[i % 9];
  CHECK(cvx_section_classify(buf, big) == CVX_REC_SECTION, "huge");
  for (size_t n = 0; n < 400; n += 7) (void)cvx_section_classify(buf, n);
  memset(buf, '&', 400);
  (void)cvx_section_classify(buf, 400);
  free(buf);
  return check_done("sections");
}
