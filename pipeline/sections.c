/* sections.c — maps a section heading, in any wording and language we know,
 * to the record kind its entries become (MAPPING.md, "Sections"). A heading is
 * normalized (case, accents, emoji, numbering, Markdown leftovers) and then
 * read word by word against one table of wordings. */
#include "sections.h"
#include "utf8.h"

#include "grammar.h"

#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------- the table */

/* What a table entry is: a wording that names a section, a word that may
 * stand beside one without changing it ("selected", "and", "其他"), or a
 * word that marks an entry title rather than a section ("Engineer",
 * "University": "Software Engineer" is a job, not the Software section). */
typedef enum wclass { W_SECTION, W_FILLER, W_ENTRY } wclass;

typedef struct wording {
  const char *text; /* normalized: lower case, accents folded, single spaces */
  wclass cls;
  cvx_rec_kind kind;
  bool talk;
} wording;

/* clang-format off */
#define S(t, k) {t, W_SECTION, CVX_REC_##k, false}
#define TALK(t) {t, W_SECTION, CVX_REC_PROJECT, true}
#define FILL(t) {t, W_FILLER, CVX_REC_SECTION, false}
#define ENTRY(t) {t, W_ENTRY, CVX_REC_SECTION, false}
/* clang-format on */

/* A Latin section wording also matches with one trailing "s" ("award" → "awards").
 * At each word the longest wording wins; the first section wording read
 * decides the kind ("Education and Training" → education). */
/* clang-format off */
static const wording WORDINGS[] = {
    /* ---- basics: the person, contact lines, links, bio */
    S("about", BASICS), S("about me", BASICS), S("about myself", BASICS), S("who am i", BASICS),
    S("bio", BASICS), S("biography", BASICS), S("biographic information", BASICS),
    S("biographical sketch", BASICS), S("contact", BASICS), S("contact info", BASICS),
    S("contact information", BASICS), S("contact details", BASICS), S("get in touch", BASICS),
    S("profile", BASICS), S("personal profile", BASICS), S("summary", BASICS),
    S("professional summary", BASICS), S("career summary", BASICS),
    S("personal details", BASICS), S("personal information", BASICS),
    S("personal info", BASICS), S("personal data", BASICS), S("personal statement", BASICS),
    S("personel profile", BASICS), S("objective", BASICS), S("career objective", BASICS),
    S("introduction", BASICS), S("overview", BASICS), S("links", BASICS), S("social", BASICS),
    S("social media", BASICS), S("social links", BASICS), S("online profile", BASICS),
    S("websites", BASICS), S("web presence", BASICS), S("resume", BASICS), S("cv", BASICS),
    S("curriculum vitae", BASICS), S("vita", BASICS),
    /* French, German, Spanish, Portuguese, Italian, Russian */
    S("a propos", BASICS), S("a propos de moi", BASICS), S("profil", BASICS),
    S("coordonnees", BASICS), S("informations personnelles", BASICS), S("objectif", BASICS),
    S("kontakt", BASICS), S("kontaktdaten", BASICS), S("personliche daten", BASICS),
    S("personalien", BASICS), S("personendaten", BASICS), S("steckbrief", BASICS),
    S("donnees personnelles", BASICS),
    S("informacion personal", BASICS),
    S("informacoes pessoais", BASICS), S("dati anagrafici", BASICS), S("личные данные", BASICS),
    S("personliche angaben", BASICS), S("uber mich", BASICS), S("ueber mich", BASICS),
    S("lebenslauf", BASICS), S("kurzprofil", BASICS), S("sobre mi", BASICS),
    S("acerca de mi", BASICS), S("perfil", BASICS), S("contacto", BASICS),
    S("datos personales", BASICS), S("datos de contacto", BASICS), S("resumen", BASICS),
    S("objetivo", BASICS), S("sobre mim", BASICS), S("contato", BASICS),
    S("dados pessoais", BASICS), S("resumo", BASICS), S("chi sono", BASICS),
    S("profilo", BASICS), S("contatti", BASICS), S("dati personali", BASICS),
    S("su di me", BASICS), S("о себе", BASICS), S("обо мне", BASICS), S("контакты", BASICS),
    S("контактная информация", BASICS), S("персональная информация", BASICS),
    S("личная информация", BASICS), S("резюме", BASICS), S("профиль", BASICS),
    /* Chinese, Japanese, Korean */
    S("个人信息", BASICS), S("联系方式", BASICS), S("基本信息", BASICS), S("个人简介", BASICS), S("简介", BASICS),
    S("关于我", BASICS), S("关于", BASICS), S("自我评价", BASICS), S("自我介绍", BASICS), S("个人简历", BASICS),
    S("简历", BASICS), S("履历", BASICS), S("个人资料", BASICS), S("联系我", BASICS), S("自己紹介", BASICS),
    S("連絡先", BASICS), S("履歴書", BASICS), S("연락처", BASICS), S("자기소개", BASICS),
    /* ---- education */
    S("education", EDUCATION), S("educational background", EDUCATION),
    S("educational qualification", EDUCATION), S("academic background", EDUCATION),
    S("academic qualification", EDUCATION), S("academic training", EDUCATION),
    S("academic history", EDUCATION), S("degree", EDUCATION), S("qualification", EDUCATION),
    S("studies", EDUCATION), S("schooling", EDUCATION), S("coursework", EDUCATION),
    S("training", EDUCATION), S("formation", EDUCATION), S("etudes", EDUCATION),
    S("parcours academique", EDUCATION), S("parcours universitaire", EDUCATION),
    S("diplome", EDUCATION), S("cursus", EDUCATION), S("scolarite", EDUCATION),
    S("ausbildung", EDUCATION), S("bildung", EDUCATION), S("bildungsweg", EDUCATION),
    S("studium", EDUCATION), S("schulbildung", EDUCATION),
    S("akademischer werdegang", EDUCATION), S("hochschulbildung", EDUCATION),
    S("educacion", EDUCATION), S("formacion", EDUCATION), S("estudios", EDUCATION),
    S("formacao", EDUCATION), S("educacao", EDUCATION), S("escolaridade", EDUCATION),
    S("istruzione", EDUCATION), S("formazione", EDUCATION), S("titoli di studio", EDUCATION),
    S("образование", EDUCATION), S("教育背景", EDUCATION), S("教育经历", EDUCATION), S("教育", EDUCATION),
    S("学历", EDUCATION), S("学习经历", EDUCATION), S("学歴", EDUCATION), S("학력", EDUCATION),
    /* ---- work */
    S("experience", WORK), S("work experience", WORK), S("working experience", WORK),
    S("work history", WORK), S("work", WORK), S("employment", WORK),
    S("professional experience", WORK), S("professional background", WORK),
    S("industry experience", WORK), S("research experience", WORK),
    S("teaching experience", WORK), S("teaching", WORK), S("courses taught", WORK),
    S("position", WORK), S("appointment", WORK), S("internship", WORK),
    S("assistantship", WORK), S("career", WORK), S("jobs", WORK),
    S("parcours professionnel", WORK), S("emplois", WORK), S("stages", WORK),
    S("enseignement", WORK), S("berufserfahrung", WORK), S("berufliche erfahrung", WORK),
    S("beruflicher werdegang", WORK), S("berufliche laufbahn", WORK), S("werdegang", WORK),
    S("erfahrung", WORK), S("praktika", WORK), S("praktikum", WORK), S("lehrtatigkeit", WORK),
    S("experiencia", WORK), S("experiencia laboral", WORK), S("trayectoria profesional", WORK),
    S("practicas", WORK), S("docencia", WORK), S("estagios", WORK), S("esperienza", WORK),
    S("esperienze", WORK), S("tirocini", WORK), S("tirocinio", WORK), S("insegnamento", WORK),
    S("didattica", WORK), S("опыт работы", WORK), S("опыт", WORK), S("места работы", WORK),
    S("стажировки", WORK), S("工作经历", WORK), S("工作经验", WORK), S("实习经历", WORK), S("实习经验", WORK),
    S("实习", WORK), S("科研经历", WORK), S("研究经历", WORK), S("任职经历", WORK), S("职业经历", WORK),
    S("工作", WORK), S("经历", WORK), S("教学经历", WORK), S("教学", WORK), S("教育教学", WORK),
    S("职歴", WORK), S("職歴", WORK), S("職務経歴", WORK), S("経歴", WORK), S("경력", WORK),
    /* ---- volunteer */
    S("volunteer", VOLUNTEER), S("volunteering", VOLUNTEER), S("service", VOLUNTEER),
    S("community service", VOLUNTEER), S("reviewing", VOLUNTEER), S("reviewer", VOLUNTEER),
    S("review", VOLUNTEER), S("peer review", VOLUNTEER), S("leadership", VOLUNTEER),
    S("outreach", VOLUNTEER), S("extracurricular", VOLUNTEER), S("committees", VOLUNTEER),
    S("editorial", VOLUNTEER), S("community involvement", VOLUNTEER), S("benevolat", VOLUNTEER),
    S("vie associative", VOLUNTEER), S("engagement associatif", VOLUNTEER),
    S("ehrenamt", VOLUNTEER), S("ehrenamtliches engagement", VOLUNTEER),
    S("ehrenamtliche tatigkeit", VOLUNTEER), S("ehrenamtliche tatigkeiten", VOLUNTEER),
    S("voluntariado", VOLUNTEER), S("volontariato", VOLUNTEER), S("волонтерство", VOLUNTEER),
    S("学术服务", VOLUNTEER), S("社会服务", VOLUNTEER), S("服务", VOLUNTEER), S("志愿者", VOLUNTEER),
    S("志愿服务", VOLUNTEER), S("审稿", VOLUNTEER), S("审稿人", VOLUNTEER), S("编委", VOLUNTEER),
    S("社会活动", VOLUNTEER), S("学术兼职", VOLUNTEER), S("兼职", VOLUNTEER),
    /* ---- awards */
    S("award", AWARD), S("honor", AWARD), S("honour", AWARD), S("scholarship", AWARD),
    S("fellowship", AWARD), S("grants", AWARD), S("achievement", AWARD), S("prize", AWARD),
    S("distinction", AWARD), S("recognition", AWARD), S("funding", AWARD), S("bursary", AWARD),
    S("bursaries", AWARD),
    S("accolades", AWARD), S("prix", AWARD), S("recompense", AWARD), S("bourse", AWARD),
    S("auszeichnung", AWARD), S("auszeichnungen", AWARD), S("preise", AWARD),
    S("stipendien", AWARD), S("stipendium", AWARD), S("ehrungen", AWARD), S("premio", AWARD),
    S("reconocimiento", AWARD), S("distinciones", AWARD), S("logros", AWARD), S("becas", AWARD),
    S("premiacoes", AWARD), S("reconhecimento", AWARD), S("conquistas", AWARD),
    S("premi", AWARD), S("riconoscimenti", AWARD), S("borse di studio", AWARD),
    S("награды", AWARD), S("достижения", AWARD), S("获奖情况", AWARD), S("荣誉奖励", AWARD),
    S("获奖", AWARD), S("荣誉", AWARD), S("奖励", AWARD), S("奖项", AWARD), S("获奖经历", AWARD),
    S("奖学金", AWARD), S("受賞歴", AWARD), S("受賞", AWARD), S("수상", AWARD),
    /* ---- certificates */
    S("certification", CERTIFICATE), S("certificate", CERTIFICATE), S("license", CERTIFICATE),
    S("licence", CERTIFICATE), S("zertifikat", CERTIFICATE), S("zertifikate", CERTIFICATE),
    S("zertifizierungen", CERTIFICATE), S("certificaciones", CERTIFICATE),
    S("certificado", CERTIFICATE), S("certificacoes", CERTIFICATE),
    S("certificazioni", CERTIFICATE), S("сертификаты", CERTIFICATE), S("证书", CERTIFICATE),
    S("资格证书", CERTIFICATE), S("认证", CERTIFICATE), S("資格", CERTIFICATE), S("자격증", CERTIFICATE),
    /* courses taken outside a degree, each with its school: certificates */
    S("cursos", CERTIFICATE), S("cursos complementares", CERTIFICATE), S("kurse", CERTIFICATE),
    S("weiterbildung", CERTIFICATE), S("weiterbildungen", CERTIFICATE), S("fortbildung", CERTIFICATE),
    S("fortbildungen", CERTIFICATE), S("corsi", CERTIFICATE), S("курсы", CERTIFICATE),
    S("培训", CERTIFICATE), S("培训经历", CERTIFICATE),
    /* ---- publications */
    S("publication", PUBLICATION), S("papers", PUBLICATION), S("preprint", PUBLICATION),
    S("journal articles", PUBLICATION), S("articles", PUBLICATION),
    S("proceedings", PUBLICATION), S("abstracts", PUBLICATION), S("books", PUBLICATION),
    S("book chapters", PUBLICATION), S("bibliography", PUBLICATION),
    S("works in progress", PUBLICATION), S("working papers", PUBLICATION),
    S("manuscripts", PUBLICATION), S("works", PUBLICATION), S("book reviews", PUBLICATION),
    S("veroffentlichungen", PUBLICATION), S("veroeffentlichungen", PUBLICATION),
    S("publikationen", PUBLICATION), S("schriften", PUBLICATION),
    S("publicaciones", PUBLICATION), S("articulos", PUBLICATION), S("publicacoes", PUBLICATION),
    S("artigos", PUBLICATION), S("pubblicazioni", PUBLICATION), S("публикации", PUBLICATION),
    S("论文发表", PUBLICATION), S("发表论文", PUBLICATION), S("论文", PUBLICATION), S("著作", PUBLICATION),
    S("论著", PUBLICATION), S("专著", PUBLICATION), S("出版物", PUBLICATION), S("文章", PUBLICATION),
    S("論文", PUBLICATION), S("業績", PUBLICATION), S("논문", PUBLICATION),
    /* ---- talks (projects of type talk) */
    TALK("talks"), TALK("presentation"), TALK("speaking"), TALK("speaking engagements"),
    TALK("public speaking"), TALK("lectures"), TALK("seminars"), TALK("keynotes"),
    TALK("posters"), TALK("colloquia"), TALK("communications"), TALK("exposes"),
    TALK("vortrage"), TALK("vortraege"), TALK("charlas"), TALK("ponencias"),
    TALK("conferencias"), TALK("palestras"), TALK("apresentacoes"), TALK("presentazioni"),
    TALK("interventi"), TALK("seminari"), TALK("доклады"), TALK("выступления"), TALK("学术报告"),
    TALK("报告"), TALK("演讲"), TALK("讲座"), TALK("学术讲座"), TALK("邀请报告"),
    /* ---- projects */
    S("projects", PROJECT), S("project experience", PROJECT), S("project work", PROJECT),
    S("portfolio", PROJECT), S("open source", PROJECT), S("software", PROJECT),
    S("repositories", PROJECT), S("projets", PROJECT), S("projekte", PROJECT),
    S("proyectos", PROJECT), S("projetos", PROJECT), S("progetti", PROJECT),
    S("проекты", PROJECT), S("项目经历", PROJECT), S("项目经验", PROJECT), S("项目", PROJECT),
    S("科研项目", PROJECT), S("研究项目", PROJECT), S("作品", PROJECT), S("プロジェクト", PROJECT),
    S("프로젝트", PROJECT),
    /* ---- skills (programming languages are skills) */
    S("skill", SKILL), S("tools", SKILL), S("technologies", SKILL),
    S("programming languages", SKILL), S("programming", SKILL), S("expertise", SKILL),
    S("competencies", SKILL), S("abilities", SKILL), S("tech stack", SKILL),
    S("frameworks", SKILL), S("libraries", SKILL), S("software skills", SKILL),
    S("proficiencies", SKILL), S("toolbox", SKILL), S("toolkit", SKILL),
    S("computer languages", SKILL), S("coding languages", SKILL),
    S("scripting languages", SKILL), S("compiled languages", SKILL),
    S("markup languages", SKILL), S("competences", SKILL), S("outils", SKILL),
    S("langages", SKILL), S("savoir faire", SKILL), S("kenntnisse", SKILL),
    S("fahigkeiten", SKILL), S("faehigkeiten", SKILL), S("fertigkeiten", SKILL),
    S("kompetenzen", SKILL), S("programmiersprachen", SKILL), S("technologien", SKILL),
    S("werkzeuge", SKILL), S("habilidades", SKILL), S("competencias", SKILL),
    S("conocimientos", SKILL), S("aptitudes", SKILL), S("herramientas", SKILL),
    S("tecnologias", SKILL), S("lenguajes de programacion", SKILL), S("conhecimentos", SKILL),
    S("ferramentas", SKILL), S("linguagens de programacao", SKILL), S("competenze", SKILL),
    S("abilita", SKILL), S("conoscenze", SKILL), S("strumenti", SKILL), S("tecnologie", SKILL),
    S("навыки", SKILL), S("ключевые навыки", SKILL), S("умения", SKILL), S("технологии", SKILL),
    S("专业技能", SKILL), S("技能", SKILL), S("技术", SKILL), S("技术栈", SKILL), S("技能特长", SKILL),
    S("专业技术", SKILL), S("编程语言", SKILL), S("スキル", SKILL), S("技術", SKILL), S("기술", SKILL),
    /* ---- spoken languages */
    S("language", LANGUAGE), S("language skills", LANGUAGE),
    S("language proficiency", LANGUAGE), S("spoken languages", LANGUAGE),
    S("foreign languages", LANGUAGE), S("langues", LANGUAGE), S("sprachen", LANGUAGE),
    S("sprachkenntnisse", LANGUAGE), S("fremdsprachen", LANGUAGE), S("idiomas", LANGUAGE),
    S("lenguas", LANGUAGE), S("linguas", LANGUAGE), S("lingue", LANGUAGE),
    S("conoscenze linguistiche", LANGUAGE), S("competenze linguistiche", LANGUAGE),
    S("competences linguistiques", LANGUAGE), S("языки", LANGUAGE), S("язык", LANGUAGE),
    S("иностранные языки", LANGUAGE), S("знание языков", LANGUAGE), S("语言", LANGUAGE),
    S("语言能力", LANGUAGE), S("外语", LANGUAGE), S("外语能力", LANGUAGE), S("語学", LANGUAGE),
    S("언어", LANGUAGE),
    /* ---- interests */
    S("interest", INTEREST), S("research interests", INTEREST), S("hobby", INTEREST),
    S("hobbies", INTEREST), S("research areas", INTEREST), S("research topics", INTEREST),
    S("research focus", INTEREST), S("passions", INTEREST), S("pastimes", INTEREST),
    S("leisure", INTEREST), S("interet", INTEREST), S("loisirs", INTEREST),
    S("interessen", INTEREST), S("hobbys", INTEREST), S("freizeit", INTEREST),
    S("forschungsinteressen", INTEREST), S("forschungsschwerpunkte", INTEREST),
    S("intereses", INTEREST), S("aficiones", INTEREST), S("pasatiempos", INTEREST),
    S("interesses", INTEREST), S("interessi", INTEREST), S("интересы", INTEREST),
    S("хобби", INTEREST), S("увлечения", INTEREST), S("研究兴趣", INTEREST), S("研究方向", INTEREST),
    S("研究领域", INTEREST), S("兴趣爱好", INTEREST), S("兴趣", INTEREST), S("爱好", INTEREST),
    S("趣味", INTEREST), S("관심", INTEREST),
    /* ---- references */
    S("reference", REFERENCE), S("referees", REFERENCE), S("recommendations", REFERENCE),
    S("referenzen", REFERENCE), S("referencias", REFERENCE), S("referenze", REFERENCE),
    S("рекомендации", REFERENCE), S("推荐人", REFERENCE),
    /* ---- news */
    S("news", NEWS), S("updates", NEWS), S("recent news", NEWS), S("latest news", NEWS),
    S("timeline", NEWS), S("announcements", NEWS), S("what s new", NEWS), S("whats new", NEWS),
    S("actualites", NEWS), S("nouvelles", NEWS), S("neuigkeiten", NEWS), S("aktuelles", NEWS),
    S("noticias", NEWS), S("novedades", NEWS), S("novidades", NEWS), S("notizie", NEWS),
    S("novita", NEWS), S("новости", NEWS), S("新闻", NEWS), S("动态", NEWS), S("最新动态", NEWS),
    S("最新消息", NEWS), S("近期动态", NEWS), S("ニュース", NEWS), S("お知らせ", NEWS),
    /* ---- words that may stand beside a section wording */
    FILL("and"), FILL("or"), FILL("of"), FILL("the"), FILL("in"), FILL("on"), FILL("for"),
    FILL("to"), FILL("with"), FILL("my"), FILL("our"), FILL("me"), FILL("a"), FILL("an"),
    FILL("s"), FILL("d"), FILL("l"), FILL("selected"), FILL("select"), FILL("recent"),
    FILL("latest"), FILL("other"), FILL("additional"), FILL("relevant"), FILL("key"),
    FILL("research"), FILL("professional"), FILL("academic"), FILL("technical"),
    FILL("personal"), FILL("journal"), FILL("conference"), FILL("invited"),
    FILL("international"), FILL("peer"), FILL("reviewed"), FILL("refereed"), FILL("industry"),
    FILL("graduate"), FILL("main"), FILL("core"), FILL("major"), FILL("list"), FILL("full"),
    FILL("complete"), FILL("past"), FILL("previous"), FILL("current"), FILL("various"),
    FILL("brief"), FILL("short"), FILL("general"), FILL("et"), FILL("de"), FILL("des"),
    FILL("du"), FILL("la"), FILL("le"), FILL("les"), FILL("en"), FILL("mes"), FILL("autres"),
    FILL("und"), FILL("der"), FILL("die"), FILL("das"), FILL("von"), FILL("im"), FILL("meine"),
    FILL("weitere"), FILL("sonstige"), FILL("y"), FILL("e"), FILL("del"), FILL("las"),
    FILL("los"), FILL("el"), FILL("mis"), FILL("otros"), FILL("otras"), FILL("da"), FILL("do"),
    FILL("dos"), FILL("em"), FILL("outros"), FILL("outras"), FILL("di"), FILL("della"),
    FILL("il"), FILL("altre"), FILL("altri"), FILL("и"), FILL("о"), FILL("мои"), FILL("другие"),
    FILL("和"), FILL("与"), FILL("及"), FILL("的"), FILL("之"), FILL("主要"), FILL("其他"), FILL("个人"),
    FILL("近期"), FILL("部分"), FILL("代表性"), FILL("相关"),
    /* ---- words of an entry title (a job, a school), never of a section name */
    ENTRY("engineer"), ENTRY("developer"), ENTRY("maintainer"), ENTRY("manager"),
    ENTRY("intern"), ENTRY("assistant"), ENTRY("lead"), ENTRY("director"), ENTRY("scientist"),
    ENTRY("researcher"), ENTRY("professor"), ENTRY("lecturer"), ENTRY("consultant"),
    ENTRY("analyst"), ENTRY("designer"), ENTRY("architect"), ENTRY("officer"), ENTRY("speaker"),
    ENTRY("teacher"), ENTRY("instructor"), ENTRY("student"), ENTRY("postdoc"), ENTRY("inc"),
    ENTRY("llc"), ENTRY("ltd"), ENTRY("gmbh"), ENTRY("corp"), ENTRY("corporation"),
    ENTRY("company"), ENTRY("at"), ENTRY("公司"), ENTRY("大学"), ENTRY("工程师"),
};
/* clang-format on */

/* ---------------------------------------------------------------- UTF-8 */

/* Decodes one code point at s[*i] (i < n) and advances *i; a malformed or
 * truncated sequence yields U+FFFD and advances one byte. */
static uint32_t utf8_next(const char *s, size_t n, size_t *i) {
  uint32_t c;
  *i += cvx_utf8_decode(s, n, *i, &c);
  return c;
}

static size_t utf8_put(char *out, uint32_t c) { return cvx_utf8_encode(out, c); }

/* Scripts written without spaces between words. */
static bool is_cjk(uint32_t c) {
  return (c >= 0x3040 && c <= 0x30FF && c != 0x30FB) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0x1100 && c <= 0x11FF);
}

/* U+00C0..U+017F folded to a lower-case ASCII letter (' ' for × and ÷; ß is
 * special-cased to "ss"). */
static const char FOLD_LATIN[] = "aaaaaaaceeeeiiiidnooooo ouuuuytsaaaaaaaceeeeiiiidnooooo ouuuuyty"
                                 "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkklllllll"
                                 "lllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/* Other letters kept as they are (Greek, Latin Extended-B and Additional, Hebrew, Arabic,
 * Indic, Thai): they never match a wording but count as words. */
static bool is_other_letter(uint32_t c) {
  return (c >= 0x180 && c <= 0x24F) || (c >= 0x370 && c <= 0x3FF) || (c >= 0x1E00 && c <= 0x1EFF) ||
         (c >= 0x5D0 && c <= 0x5EA) || (c >= 0x620 && c <= 0x64A) || (c >= 0x900 && c <= 0xDFF) ||
         (c >= 0xE01 && c <= 0xE3A);
}

/* ------------------------------------------------------------ normalize */

#define MAX_HEADING 400 /* bytes; a longer line is not a heading */
#define NORM_CAP (MAX_HEADING * 5 + 8)

/* Skips a leading outline number written with letters: "II.", "iv)", "A.". */
static size_t skip_letter_numbering(const char *s, size_t n, size_t i) {
  size_t j = i, roman = 0;
  while (j < n && j - i < 5 && strchr("IVXivx", s[j]) && s[j]) j++, roman++;
  if (roman == 0 && j < n && ((s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= 'a' && s[j] <= 'z'))) j++;
  if (j > i && j + 1 < n && (s[j] == '.' || s[j] == ')') && s[j + 1] == ' ') return j + 1;
  return i;
}

/* Writes the heading as lower-case words separated by single spaces: ASCII
 * and Latin letters folded to ASCII, Cyrillic lower-cased, CJK kept; HTML
 * tags, {…} attribute lists and link targets dropped; everything else
 * (digits, punctuation, emoji) becomes a space. Returns the length. */
static size_t normalize(const char *s, size_t n, char *out) {
  size_t o = 0, i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '#' || s[i] == '*' || s[i] == '_' ||
                   s[i] == '>' || s[i] == '-'))
    i++;
  i = skip_letter_numbering(s, n, i);
#define PUT_SPACE()                                                                                \
  do {                                                                                             \
    if (o > 0 && out[o - 1] != ' ') out[o++] = ' ';                                                \
  } while (0)
  while (i < n) {
    unsigned char b = (unsigned char)s[i];
    if (b == '<' && i + 1 < n &&
        ((s[i + 1] >= 'a' && s[i + 1] <= 'z') || (s[i + 1] >= 'A' && s[i + 1] <= 'Z') ||
         s[i + 1] == '/' || s[i + 1] == '!')) {
      const char *gt = memchr(s + i, '>', n - i);
      if (gt) {
        i = (size_t)(gt - s) + 1;
        PUT_SPACE();
        continue;
      }
    }
    if (b == '{') {
      const char *cl = memchr(s + i, '}', n - i);
      if (cl) {
        i = (size_t)(cl - s) + 1;
        while (i < n && s[i] == '}') i++;
        PUT_SPACE();
        continue;
      }
    }
    if (b == ']' && i + 1 < n && s[i + 1] == '(') {
      const char *cp = memchr(s + i, ')', n - i);
      if (cp) {
        i = (size_t)(cp - s) + 1;
        PUT_SPACE();
        continue;
      }
    }
    uint32_t c = utf8_next(s, n, &i);
    if (c < 0x80) {
      if (c >= 'A' && c <= 'Z') {
        out[o++] = (char)(c + 32);
      } else if (c >= 'a' && c <= 'z') {
        out[o++] = (char)c;
      } else if (c == '&') {
        PUT_SPACE();
        memcpy(out + o, "and ", 4);
        o += 4;
      } else if (c == '-' && o > 0 && out[o - 1] != ' ' && i < n && isalpha((unsigned char)s[i]) &&
                 ((o == 1 || out[o - 2] == ' ') || i + 1 == n || !isalpha((unsigned char)s[i + 1]))) {
        /* a hyphen that joins a letter alone to a word joins one word
         * ("Objective-C" is no Objective, "E-Mail" is email) */
      } else {
        PUT_SPACE();
      }
    } else if (c >= 0xC0 && c <= 0x17F) {
      if (c == 0xDF) {
        out[o++] = 's';
        out[o++] = 's';
      } else if (FOLD_LATIN[c - 0xC0] == ' ') {
        PUT_SPACE();
      } else {
        out[o++] = FOLD_LATIN[c - 0xC0];
      }
    } else if (c >= 0x300 && c <= 0x36F) {
      /* a combining accent: dropped, as the precomposed ones are folded */
    } else if (c >= 0x400 && c <= 0x4FF) {
      if (c >= 0x410 && c <= 0x42F)
        c += 0x20;
      else if (c >= 0x400 && c <= 0x40F)
        c += 0x50;
      if (c == 0x451) c = 0x435; /* ё → е */
      o += utf8_put(out + o, c);
    } else if (c >= 0xFF21 && c <= 0xFF3A) {
      out[o++] = (char)('a' + (c - 0xFF21));
    } else if (c >= 0xFF41 && c <= 0xFF5A) {
      out[o++] = (char)('a' + (c - 0xFF41));
    } else if (is_cjk(c) || is_other_letter(c)) {
      if (c >= 0x391 && c <= 0x3A9) c += 0x20;
      o += utf8_put(out + o, c);
    } else {
      PUT_SPACE();
    }
  }
#undef PUT_SPACE
  while (o > 0 && out[o - 1] == ' ') o--;
  out[o] = '\0';
  return o;
}

/* ---------------------------------------------------------------- match */

static bool cjk_at(const char *t, size_t len, size_t q) {
  if (q >= len || (unsigned char)t[q] < 0x80) return false;
  size_t j = q;
  return is_cjk(utf8_next(t, len, &j));
}

/* True when a word may end at t[q]: end, space, or a CJK character (which
 * needs no space before it). */
static bool word_end(const char *t, size_t len, size_t q) {
  return q == len || t[q] == ' ' || cjk_at(t, len, q);
}

/* The wordings grouped by first byte, each group in table order (so ties
 * resolve as a plain scan of the table would), with each wording's length and
 * whether it ends in a CJK character. Built once. */
#define N_WORDINGS (sizeof WORDINGS / sizeof WORDINGS[0])
static uint16_t by_first[N_WORDINGS];    /* indices into WORDINGS */
static uint16_t group_at[257];           /* by_first[group_at[b], group_at[b + 1]) start with b */
static uint16_t w_len[N_WORDINGS];
static bool w_cjk_tail[N_WORDINGS];
static unsigned char g_b1[N_WORDINGS]; /* the second byte of by_first[g]'s wording (0: none) */
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static void build_index(void) {
  uint16_t cnt[256] = {0};
  for (size_t k = 0; k < N_WORDINGS; k++) {
    const char *tx = WORDINGS[k].text;
    size_t wl = strlen(tx), last = wl - 1;
    while (last > 0 && ((unsigned char)tx[last] & 0xC0) == 0x80) last--;
    w_len[k] = (uint16_t)wl;
    w_cjk_tail[k] = cjk_at(tx, wl, last);
    cnt[(unsigned char)tx[0]]++;
  }
  group_at[0] = 0;
  for (size_t b = 0; b < 256; b++) group_at[b + 1] = (uint16_t)(group_at[b] + cnt[b]);
  uint16_t fill[256];
  memcpy(fill, group_at, sizeof fill);
  for (size_t k = 0; k < N_WORDINGS; k++) by_first[fill[(unsigned char)WORDINGS[k].text[0]]++] = (uint16_t)k;
  for (size_t g = 0; g < N_WORDINGS; g++) g_b1[g] = (unsigned char)WORDINGS[by_first[g]].text[1];
}

/* The longest wording at t[pos]; its length in *mlen. */
static const wording *longest_at(const char *t, size_t len, size_t pos, size_t *mlen) {
  const wording *best = NULL;
  size_t best_len = 0;
  bool best_exact = false;
  unsigned char b0 = (unsigned char)t[pos], b1 = pos + 1 < len ? (unsigned char)t[pos + 1] : 0;
  for (size_t g = group_at[b0]; g < group_at[b0 + 1]; g++) {
    /* the second byte first, from a compact array: most wordings differ there
     * (a one-byte wording has 0 there and goes on to the full test) */
    if (g_b1[g] && g_b1[g] != b1) continue;
    size_t k = by_first[g];
    const wording *w = &WORDINGS[k];
    size_t wl = w_len[k];
    if (wl > len - pos || (wl > 1 && t[pos + 1] != w->text[1]) || memcmp(t + pos, w->text, wl) != 0)
      continue; /* the second byte first: most wordings differ there */
    size_t end = wl;
    bool exact = true;
    bool cjk_tail = w_cjk_tail[k];
    if (!cjk_tail && !word_end(t, len, pos + end)) {
      /* a Latin section wording may take one plural "s" */
      if (w->cls == W_SECTION && w->text[wl - 1] >= 'a' && w->text[wl - 1] <= 'z' &&
          t[pos + end] == 's' && word_end(t, len, pos + end + 1))
        end++, exact = false;
      else
        continue;
    }
    /* longest first; at equal length a wording written out beats a plural */
    if (end > best_len || (end == best_len && exact && !best_exact))
      best = w, best_len = end, best_exact = exact;
  }
  *mlen = best_len;
  return best;
}

typedef struct verdict {
  cvx_rec_kind kind;
  bool talk;
  bool tail_unknown; /* the last word is in no word list */
  bool unknown;      /* some word is in no word list */
  unsigned kinds;    /* bit k: a wording of kind k occurs */
} verdict;

/* Unknown words allowed beside a section wording, in half-words (a Latin
 * word counts two, a CJK character one): "Teaching and Supervision of
 * Students" is still teaching, "University of California, Merced (teaching
 * assistant)" is an entry. */
#define MAX_UNKNOWN 4

static verdict classify(const char *s, size_t n);

/* Does s[0,n) fall in pieces at a comma, a bar, brackets or a spaced dash,
 * one of which ends in a role noun that names no section ("Publications
 * Editor, Brindle Technologies": a job's title and its employer)? */
static bool piece_ends_in_role(const char *s, size_t n) {
  size_t from = 0;
  bool parts = false;
  for (size_t i = 0; i <= n; i++) {
    size_t mark = 0;
    if (i < n) {
      unsigned char c = (unsigned char)s[i];
      if (c == ',' || c == '|' || c == '(' || c == ')' || c == '@' || (c == '-' && i > 0 && s[i - 1] == ' '))
        mark = 1;
      else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
               ((unsigned char)s[i + 2] == 0x93 || (unsigned char)s[i + 2] == 0x94))
        mark = 3;
      if (!mark) continue;
      parts = true;
    }
    size_t e = i, b;
    while (e > from && !isalpha((unsigned char)s[e - 1])) e--;
    for (b = e; b > from && isalpha((unsigned char)s[b - 1]);) b--;
    if (parts && e > b && cvx_role_noun(s + b, e - b) && classify(s + b, e - b).kind == CVX_REC_SECTION)
      return true;
    from = i + (mark ? mark : 1);
    i = from - 1;
  }
  return false;
}

static verdict classify(const char *s, size_t n) {
  verdict v = {CVX_REC_SECTION, false, false, false, 0};
  if (!s || n == 0 || n > MAX_HEADING) return v;
  char t[NORM_CAP];
  size_t len = normalize(s, n, t);
  pthread_once(&index_once, build_index);
  const wording *first = NULL;
  size_t first_at = 0; /* where the first section word starts in t */
  bool later_skill = false, last_unknown = false;
  unsigned unknown = 0;
  size_t pos = 0;
  while (pos < len) {
    if (t[pos] == ' ') {
      pos++;
      continue;
    }
    size_t mlen;
    const wording *w = longest_at(t, len, pos, &mlen);
    if (w) {
      if (w->cls == W_ENTRY) return v;
      if (w->cls == W_SECTION) {
        v.kinds |= 1u << w->kind;
        if (!first) {
          first = w;
          first_at = pos;
        }
        else if (w->kind == CVX_REC_SKILL)
          later_skill = true;
      }
      pos += mlen;
      last_unknown = false;
      continue;
    }
    last_unknown = true;
    if (cjk_at(t, len, pos)) {
      utf8_next(t, len, &pos);
      unknown += 1;
    } else {
      while (pos < len && t[pos] != ' ' && !cjk_at(t, len, pos)) pos++;
      unknown += 2;
    }
    if (unknown > MAX_UNKNOWN) return v;
  }
  if (!first) return v;
  /* a section word inside a job title ("Customer Service Partner", "Service
   * Desk Analyst": a role word last, the section word not first; or the
   * two words alone, "Publications Editor", not "About This Nurse") is an
   * entry's role */
  size_t words = 0;
  for (size_t q = 0; q < len; q++) words += t[q] != ' ' && (q == 0 || t[q - 1] == ' ');
  if (unknown && piece_ends_in_role(s, n)) return v;
  if (unknown && (first_at > 0 || (last_unknown && words == 2))) {
    size_t e = n;
    while (e > 0 && !isalpha((unsigned char)s[e - 1])) e--;
    size_t b = e;
    while (b > 0 && isalpha((unsigned char)s[b - 1])) b--;
    if (e > b && (first_at > 0 ? cvx_role_score(s + b, e - b) > 0 : cvx_role_noun(s + b, e - b))) return v;
  }
  v.kind = first->kind;
  v.talk = first->talk;
  v.tail_unknown = last_unknown;
  v.unknown = unknown > 0;
  /* "Languages & Tools", "Languages / Frameworks": programming languages */
  if (v.kind == CVX_REC_LANGUAGE && later_skill) v.kind = CVX_REC_SKILL;
  return v;
}

/* The interpreter asks about the same heading several times (to find the
 * top, to read each section): the last few verdicts are kept per thread,
 * each with a copy of its text, and reused only for byte-identical text. */
#define MEMO_SLOTS 8
#define MEMO_TEXT 96
typedef struct heading_memo {
  size_t n; /* 0: unused */
  verdict v;
  char text[MEMO_TEXT];
} heading_memo;
static _Thread_local heading_memo memo[MEMO_SLOTS];
static _Thread_local unsigned memo_next;

static verdict classify_memo(const char *s, size_t n) {
  bool keep = s && n > 0 && n <= MEMO_TEXT;
  if (keep)
    for (unsigned k = 0; k < MEMO_SLOTS; k++)
      if (memo[k].n == n && memcmp(memo[k].text, s, n) == 0) return memo[k].v;
  verdict v = classify(s, n);
  if (keep) {
    heading_memo *m = &memo[memo_next++ % MEMO_SLOTS];
    m->n = n;
    m->v = v;
    memcpy(m->text, s, n);
  }
  return v;
}

/* Headings longer than MAX_HEADING bytes, and headings with more than two
 * unknown words beside the wording, are CVX_REC_SECTION. */
cvx_rec_kind cvx_section_classify(const char *heading, size_t n) {
  return classify_memo(heading, n).kind;
}

bool cvx_section_tail_unknown(const char *heading, size_t n) {
  verdict v = classify_memo(heading, n);
  return v.kind != CVX_REC_SECTION && v.tail_unknown;
}

bool cvx_section_names_more(const char *heading, size_t n, cvx_rec_kind kind) {
  verdict v = classify_memo(heading, n);
  return v.kind != CVX_REC_SECTION && v.unknown && kind < CVX_REC_SECTION && (v.kinds >> kind & 1u);
}

bool cvx_section_pure(const char *heading, size_t n) {
  verdict v = classify_memo(heading, n);
  return v.kind != CVX_REC_SECTION && !v.unknown;
}

bool cvx_section_is_talks(const char *heading, size_t n) {
  verdict v = classify_memo(heading, n);
  return v.kind == CVX_REC_PROJECT && v.talk;
}

bool cvx_ends_open(const char *s, size_t n) {
  static const struct {
    const char *w;
    size_t n;
  } words[] = {{"with", 4}, {"of", 2},        {"in", 2},   {"for", 3},  {"and", 3},
               {"or", 2},   {"to", 2},        {"at", 2},   {"by", 2},   {"from", 4},
               {"on", 2},   {"the", 3},       {"a", 1},    {"an", 2},   {"as", 2},
               {"such", 4}, {"including", 9}, {"like", 4}, {"e.g.", 4}, {"i.e.", 4}};
  size_t e = n;
  while (e > 0 && (s[e - 1] == ':' || s[e - 1] == ' ')) e--;
  size_t b = e;
  while (b > 0 && e - b <= 9 && s[b - 1] != ' ') b--; /* no word here is longer than 9 */
  if (e - b > 9 || e == b) return false;
  /* a word matches when it has the same length and bytes */
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (words[i].n == e - b && words[i].w[0] == s[b] && memcmp(s + b, words[i].w, e - b) == 0)
      return true;
  return false;
}

/* (ASCII letter test and case-blind compare for cvx_heading_phrase) */
static bool phrase_alpha(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
static bool phrase_eq(const char *s, size_t n, const char *w) {
  for (size_t i = 0; i < n; i++)
    if (!w[i] || (char)tolower((unsigned char)s[i]) != w[i]) return false;
  return w[n] == 0;
}

/* Whether a few words hold a pronoun, a question word or an article: a
 * phrase someone wrote ("Where I Have Been Employed", "What I Made"), which
 * the name of a firm, a school or a product seldom is. Closed-class words
 * of English only, not section names. */
bool cvx_heading_phrase(const char *s, size_t n) {
  static const char *const closed[] = {"i",   "me",   "my",    "we",   "us",  "our", "you", "your", "what",
                                       "where", "how", "why", "when", "who", "which", "a",  "an",  "am",
                                       "is",  "are",  "was",   "were", "have", "has", "do",  "did",  "can",
                                       NULL};
  /* a word is a run of letters, other scripts' bytes included ("Ingeniería"
   * is one word, not "Ingenier" and "a"); an article makes a phrase of
   * three words or more only: "A Coruña" is a place's name */
  int words = 0;
  bool article = false;
  for (size_t i = 0; i < n;) {
    while (i < n && !phrase_alpha((unsigned char)s[i]) && (unsigned char)s[i] < 0x80) i++;
    size_t j = i;
    while (j < n && (phrase_alpha((unsigned char)s[j]) || (unsigned char)s[j] >= 0x80)) j++;
    words += j > i;
    for (int k = 0; closed[k] && j > i; k++)
      if (strlen(closed[k]) == j - i && phrase_eq(s + i, j - i, closed[k])) {
        if (strcmp(closed[k], "a") != 0 && strcmp(closed[k], "an") != 0) return true;
        /* (an article is a word of its own, a space after it: not the
         * "A" of "A'Bad" or of "B.A.") */
        article |= j < n && s[j] == ' ' && (i == 0 || s[i - 1] == ' ');
      }
    i = j;
  }
  return article && words >= 3;
}
