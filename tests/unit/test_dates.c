/* test_dates.c — table tests for the date grammar (cvx_date_find,
 * cvx_date_parse): every shape CVs use, the ranges, the open and expected ends,
 * the numbers that are not dates, and pathological inputs that must stay fast. */
#include "grammar.h"

#include "check.h"

#include <stdlib.h>
#include <time.h>

typedef struct find_case {
  const char *in;
  bool found;
  const char *start, *end;
  bool open, expected, range;
  const char *match; /* the text at [mstart, mend) */
} find_case;

/* F: found; N: not a date. */
#define F(in, st, en, op, ex, rg, m) {in, true, st, en, op, ex, rg, m}
#define N(in) {in, false, "", "", false, false, false, ""}

static const find_case finds[] = {
    /* years */
    F("2016", "2016", "", 0, 0, 0, "2016"),
    F("Graduated in 1995.", "1995", "", 0, 0, 0, "1995"),
    F("Best Paper Award, 2021", "2021", "", 0, 0, 0, "2021"),
    F("Class of 1950", "1950", "", 0, 0, 0, "1950"),
    F("planned for 2099", "2099", "", 0, 0, 0, "2099"),
    N("founded in 1949"),
    N("year 2100 problem"),
    N("ISO 9001 certified"),
    N("order #20190512"),
    N("ID 12019"),
    N("the 1990s"),
    /* no digit, no date (a month alone is only a range start) */
    N("from November to December, spring and summer"),
    N("since March, expected in May"),
    F("Spring 2019 - Summer 2020", "2019", "2020", 0, 0, 1, "Spring 2019 - Summer 2020"),
    /* month and year */
    F("Nov 2018", "2018-11", "", 0, 0, 0, "Nov 2018"),
    F("Nov. 2018", "2018-11", "", 0, 0, 0, "Nov. 2018"),
    F("November 2018", "2018-11", "", 0, 0, 0, "November 2018"),
    F("Sept 2018", "2018-09", "", 0, 0, 0, "Sept 2018"),
    F("Sep. 2020", "2020-09", "", 0, 0, 0, "Sep. 2020"),
    F("Nov, 2018", "2018-11", "", 0, 0, 0, "Nov, 2018"),
    F("November, 2018", "2018-11", "", 0, 0, 0, "November, 2018"),
    F("2018 Nov", "2018-11", "", 0, 0, 0, "2018 Nov"),
    F("Jan.2016", "2016-01", "", 0, 0, 0, "Jan.2016"),
    F("Feb-2020", "2020-02", "", 0, 0, 0, "Feb-2020"),
    F("JUNE 2004", "2004-06", "", 0, 0, 0, "JUNE 2004"),
    F("started dec 2012", "2012-12", "", 0, 0, 0, "dec 2012"),
    F("Jul '25", "2025-07", "", 0, 0, 0, "Jul '25"),
    F("Oct \xe2\x80\x99" "99 launch", "1999-10", "", 0, 0, 0, "Oct \xe2\x80\x99" "99"),
    F("May 2023", "2023-05", "", 0, 0, 0, "May 2023"),
    F("you may 2023", "2023", "", 0, 0, 0, "2023"),
    N("Mayor of the town"),
    N("February 17"),
    F("March 21, 2025", "2025-03-21", "", 0, 0, 0, "March 21, 2025"),
    F("Aug 3rd, 2019", "2019-08-03", "", 0, 0, 0, "Aug 3rd, 2019"),
    F("21 March 2025", "2025-03-21", "", 0, 0, 0, "21 March 2025"),
    F("the 2nd June 2010 release", "2010-06-02", "", 0, 0, 0, "2nd June 2010"),
    /* numeric forms */
    F("2018.11", "2018-11", "", 0, 0, 0, "2018.11"),
    F("2018/11", "2018-11", "", 0, 0, 0, "2018/11"),
    F("2018-11", "2018-11", "", 0, 0, 0, "2018-11"),
    F("2011-12", "2011-12", "", 0, 0, 0, "2011-12"),
    F("**2023.5:** paper accepted", "2023-05", "", 0, 0, 0, "2023.5"),
    F("11/2018", "2018-11", "", 0, 0, 0, "11/2018"),
    F("11.2018", "2018-11", "", 0, 0, 0, "11.2018"),
    F("1/2019", "2019-01", "", 0, 0, 0, "1/2019"),
    F("12-2019", "2019-12", "", 0, 0, 0, "12-2019"),
    F("2018-11-05", "2018-11-05", "", 0, 0, 0, "2018-11-05"),
    F("2020.02.29", "2020-02-29", "", 0, 0, 0, "2020.02.29"),
    N("2019.02.29"),
    N("2018-13"),
    F("21/03/2025", "2025-03-21", "", 0, 0, 0, "21/03/2025"),
    F("03/04/2019", "2019-04-03", "", 0, 0, 0, "03/04/2019"),
    F("04/23/2019", "2019-04-23", "", 0, 0, 0, "04/23/2019"),
    F("05.11.2017", "2017-11-05", "", 0, 0, 0, "05.11.2017"),
    N("31/02/2019"),
    N("13/14/2019"),
    N("03/17"),
    N("'18"),
    /* Chinese */
    F("2018\xe5\xb9\xb4" "11\xe6\x9c\x88", "2018-11", "", 0, 0, 0, "2018\xe5\xb9\xb4" "11\xe6\x9c\x88"),
    F("\xe4\xba\x8e" "2018\xe5\xb9\xb4\xe6\xaf\x95\xe4\xb8\x9a", "2018", "", 0, 0, 0, "2018\xe5\xb9\xb4"),
    F("2021\xe5\xb9\xb4" "6\xe6\x9c\x88" "18\xe6\x97\xa5", "2021-06-18", "", 0, 0, 0,
      "2021\xe5\xb9\xb4" "6\xe6\x9c\x88" "18\xe6\x97\xa5"),
    F("\xe5\xad\xa6\xe5\xa3\xab\xef\xbc\x88" "2009\xe5\xb9\xb4\xef\xbc\x89", "2009", "", 0, 0, 0,
      "\xef\xbc\x88" "2009\xe5\xb9\xb4\xef\xbc\x89"),
    F("2006\xe5\xb9\xb4" "9\xe6\x9c\x88-2010\xe5\xb9\xb4" "6\xe6\x9c\x88\xef\xbc\x8c", "2006-09",
      "2010-06", 0, 0, 1, "2006\xe5\xb9\xb4" "9\xe6\x9c\x88-2010\xe5\xb9\xb4" "6\xe6\x9c\x88"),
    F("2017\xe5\xb9\xb4" "3\xe6\x9c\x88-\xe4\xbb\x8a\xef\xbc\x8c", "2017-03", "", 1, 0, 1,
      "2017\xe5\xb9\xb4" "3\xe6\x9c\x88-\xe4\xbb\x8a"),
    F("2014\xe8\x87\xb3\xe4\xbb\x8a", "2014", "", 1, 0, 1, "2014\xe8\x87\xb3\xe4\xbb\x8a"),
    F("2018.09-\xe8\x87\xb3\xe4\xbb\x8a", "2018-09", "", 1, 0, 1, "2018.09-\xe8\x87\xb3\xe4\xbb\x8a"),
    F("2015 \xe5\x86\xac \xe8\x87\xb3\xe4\xbb\x8a", "2015", "", 1, 0, 1,
      "2015 \xe5\x86\xac \xe8\x87\xb3\xe4\xbb\x8a"),
    F("2010 \xe5\xa4\x8f - 2012 \xe6\x98\xa5", "2010", "2012", 0, 0, 1,
      "2010 \xe5\xa4\x8f - 2012 \xe6\x98\xa5"),
    F("\xe8\x8e\xb7\xe5\xbe\x97" "2015-2017\xe5\xb9\xb4\xe5\xba\xa6", "2015", "2017", 0, 0, 1,
      "2015-2017\xe5\xb9\xb4"),
    /* seasons */
    F("Summer 2024", "2024", "", 0, 0, 0, "Summer 2024"),
    F("Fall 2015", "2015", "", 0, 0, 0, "Fall 2015"),
    F("2023 Fall", "2023", "", 0, 0, 0, "2023 Fall"),
    F("Spring/Summer 2019", "2019", "", 0, 0, 0, "Spring/Summer 2019"),
    F("autumn 2010 term", "2010", "", 0, 0, 0, "autumn 2010"),
    F("Ph.D. (2026Fall)", "2026", "", 0, 0, 0, "(2026Fall)"),
    F("Winter 2018/19", "2018", "2019", 0, 0, 1, "Winter 2018/19"),
    F("Summer 2010 - Summer 2011", "2010", "2011", 0, 0, 1, "Summer 2010 - Summer 2011"),
    F("Winter 2013 - Spring 2016", "2013", "2016", 0, 0, 1, "Winter 2013 - Spring 2016"),
    /* ranges */
    F("2014-2017", "2014", "2017", 0, 0, 1, "2014-2017"),
    F("2014 - 2017", "2014", "2017", 0, 0, 1, "2014 - 2017"),
    F("2014\xe2\x80\x93" "2017", "2014", "2017", 0, 0, 1, "2014\xe2\x80\x93" "2017"),
    F("2014 \xe2\x80\x94 2017", "2014", "2017", 0, 0, 1, "2014 \xe2\x80\x94 2017"),
    F("**2007--2011**", "2007", "2011", 0, 0, 1, "2007--2011"),
    F("2004 to 2009", "2004", "2009", 0, 0, 1, "2004 to 2009"),
    F("2004 until 2009", "2004", "2009", 0, 0, 1, "2004 until 2009"),
    F("2004 till 2009", "2004", "2009", 0, 0, 1, "2004 till 2009"),
    F("2004 through 2009", "2004", "2009", 0, 0, 1, "2004 through 2009"),
    F("2004 thru 2009", "2004", "2009", 0, 0, 1, "2004 thru 2009"),
    /* a line wrapped after the word of a range: its end is on the next line */
    F("from March 2017 to\nJune 2021.", "2017-03", "2021-06", 0, 0, 1, "from March 2017 to\nJune 2021"),
    F("since May 2019 until\r\n  Present", "2019-05", "", 1, 0, 1, "since May 2019 until\r\n  Present"),
    /* but a dash there may end an open range, and a line of no date ends it */
    F("2017 to\nthe board", "2017", "", 0, 0, 0, "2017"),
    F("2004~2009", "2004", "2009", 0, 0, 1, "2004~2009"),
    F("2004 \xe2\x86\x92 2009", "2004", "2009", 0, 0, 1, "2004 \xe2\x86\x92 2009"),
    F("Mar 2016 - Jun 2018", "2016-03", "2018-06", 0, 0, 1, "Mar 2016 - Jun 2018"),
    F("Sep. 2012 -- Jan. 2016), more", "2012-09", "2016-01", 0, 0, 1, "Sep. 2012 -- Jan. 2016"),
    F("2002-June 2004", "2002", "2004-06", 0, 0, 1, "2002-June 2004"),
    F("2012 - Winter 2013", "2012", "2013", 0, 0, 1, "2012 - Winter 2013"),
    F("2016- Apr, 2017</span>", "2016", "2017-04", 0, 0, 1, "2016- Apr, 2017"),
    F("2018 - July 2018Intern", "2018", "2018-07", 0, 0, 1, "2018 - July 2018"),
    F("08/2016 - 02/2018: Research", "2016-08", "2018-02", 0, 0, 1, "08/2016 - 02/2018"),
    F("1/2018-3/2018\tTA", "2018-01", "2018-03", 0, 0, 1, "1/2018-3/2018"),
    F("*04.2008 - 06.2011* | Town", "2008-04", "2011-06", 0, 0, 1, "04.2008 - 06.2011"),
    F("2012.9 - 2016.6", "2012-09", "2016-06", 0, 0, 1, "2012.9 - 2016.6"),
    F("2022.10~2023.9", "2022-10", "2023-09", 0, 0, 1, "2022.10~2023.9"),
    F("03/17 - 05/19", "2017-03", "2019-05", 0, 0, 1, "03/17 - 05/19"),
    F("| 06/21 \xe2\x80\x93 09/23  |", "2021-06", "2023-09", 0, 0, 1, "06/21 \xe2\x80\x93 09/23"),
    F("'16 - '19", "2016", "2019", 0, 0, 1, "'16 - '19"),
    F("2016 - '19", "2016", "2019", 0, 0, 1, "2016 - '19"),
    F("September - November 2017", "2017-09", "2017-11", 0, 0, 1, "September - November 2017"),
    F("Jan\xe2\x80\x93Mar 2020", "2020-01", "2020-03", 0, 0, 1, "Jan\xe2\x80\x93Mar 2020"),
    F("Nov - Feb 2020", "2019-11", "2020-02", 0, 0, 1, "Nov - Feb 2020"),
    F("2019-20", "2019", "2020", 0, 0, 1, "2019-20"),
    F("2019\xe2\x80\x93" "20 season", "2019", "2020", 0, 0, 1, "2019\xe2\x80\x93" "20"),
    F("1971-83: school", "1971", "1983", 0, 0, 1, "1971-83"),
    F("1999-00", "1999", "2000", 0, 0, 1, "1999-00"),
    F("2015/16", "2015", "2016", 0, 0, 1, "2015/16"),
    F("2015/2016", "2015", "2016", 0, 0, 1, "2015/2016"),
    F("(2001-2004): organised", "2001", "2004", 0, 0, 1, "(2001-2004)"),
    F("from 2010 to 2012", "2010", "2012", 0, 0, 1, "from 2010 to 2012"),
    F("2019 - 2010", "2019", "", 0, 0, 0, "2019"),
    /* open ends */
    F("2013-present", "2013", "", 1, 0, 1, "2013-present"),
    F("2021 \xe2\x80\x93 Present", "2021", "", 1, 0, 1, "2021 \xe2\x80\x93 Present"),
    F("2016 - PRESENT", "2016", "", 1, 0, 1, "2016 - PRESENT"),
    F("Sep 2019 \xe2\x80\x93 Now", "2019-09", "", 1, 0, 1, "Sep 2019 \xe2\x80\x93 Now"),
    F("2017-now: editor", "2017", "", 1, 0, 1, "2017-now"),
    F("2015 - current", "2015", "", 1, 0, 1, "2015 - current"),
    F("2023 \xe2\x80\x93 \xd0\x9d\xd0\xb0\xd1\x81\xd1\x82\xd0\xbe\xd1\x8f\xd1\x89\xd0\xb5\xd0\xb5 "
      "\xd0\xb2\xd1\x80\xd0\xb5\xd0\xbc\xd1\x8f (5 terms)",
      "2023", "", 1, 0, 1,
      "2023 \xe2\x80\x93 \xd0\x9d\xd0\xb0\xd1\x81\xd1\x82\xd0\xbe\xd1\x8f\xd1\x89\xd0\xb5\xd0\xb5 "
      "\xd0\xb2\xd1\x80\xd0\xb5\xd0\xbc\xd1\x8f"), /* 2023 – Настоящее время */
    F("03.2018 - \xd1\x81\xd0\xb5\xd0\xb9\xd1\x87\xd0\xb0\xd1\x81", "2018-03", "", 1, 0, 1,
      "03.2018 - \xd1\x81\xd0\xb5\xd0\xb9\xd1\x87\xd0\xb0\xd1\x81"), /* сейчас */
    F("marzo 2020 - actualidad", "2020-03", "", 1, 0, 1, "marzo 2020 - actualidad"),
    F("2017 - Presente", "2017", "", 1, 0, 1, "2017 - Presente"),
    F("Janeiro/2021 - Atual", "2021-01", "", 1, 0, 1, "Janeiro/2021 - Atual"),
    F("2012 - aujourd'hui", "2012", "", 1, 0, 1, "2012 - aujourd'hui"),
    F("2019 - pr\xc3\xa9sent", "2019", "", 1, 0, 1, "2019 - pr\xc3\xa9sent"),
    F("2019 - pr\xc3\xa9sentation", "2019", "", 0, 0, 0, "2019"),
    F("2016 - actually", "2016", "", 0, 0, 0, "2016"),
    F("2015-Current", "2015", "", 1, 0, 1, "2015-Current"),
    F("2018 - ongoing", "2018", "", 1, 0, 1, "2018 - ongoing"),
    F("**2020--today**", "2020", "", 1, 0, 1, "2020--today"),
    F("2013 to today", "2013", "", 1, 0, 1, "2013 to today"),
    F("Jan 2019 till date", "2019-01", "", 1, 0, 1, "Jan 2019 till date"),
    F("Jan 2019 to date", "2019-01", "", 1, 0, 1, "Jan 2019 to date"),
    F("2023.4 ~ Present  ", "2023-04", "", 1, 0, 1, "2023.4 ~ Present"),
    /* month names in other languages, "Month/YYYY", "Month de YYYY" */
    F("Oktober 2018 - heute", "2018-10", "", 1, 0, 1, "Oktober 2018 - heute"),
    F("März 2015 – Dezember 2017", "2015-03", "2017-12", 0, 0, 1, "März 2015 – Dezember 2017"),
    F("Novembro/2020 – Março/2026", "2020-11", "2026-03", 0, 0, 1, "Novembro/2020 – Março/2026"),
    F("septembre 2019 - juin 2021", "2019-09", "2021-06", 0, 0, 1, "septembre 2019 - juin 2021"),
    F("de noviembre de 2019 a marzo de 2021", "2019-11", "2021-03", 0, 0, 1, "noviembre de 2019 a marzo de 2021"),
    F("Сентябрь 2016 — Май 2019", "2016-09", "2019-05", 0, 0, 1, "Сентябрь 2016 — Май 2019"),
    F("с марта 2012 по декабрь 2014", "2012-03", "2014-12", 0, 0, 1, "марта 2012 по декабрь 2014"),
    F("mars 2020", "2020-03", "", 0, 0, 0, "mars 2020"),
    N("set the table"),
    N("mars and venus"),
    /* a duration glued to the date by copying a page ("Jan, 201814 years") */
    F("Jan, 2004 - Jan, 201814 years", "2004-01", "2018-01", 0, 0, 1, "Jan, 2004 - Jan, 2018"),
    F("2011 - 20132 yrs", "2011", "2013", 0, 0, 1, "2011 - 2013"),
    F("Mar 2019 - Present2 yrs 3 mos", "2019-03", "", 1, 0, 1, "Mar 2019 - Present"),
    F("Jan 2020 - Dec 202011 months", "2020-01", "2020-12", 0, 0, 1, "Jan 2020 - Dec 2020"),
    F("Feb, 2019 - Feb, 20191 day", "2019-02", "2019-02", 0, 0, 1, "Feb, 2019 - Feb, 2019"),
    F("Oct, 2022 - Nov, 20226 weeks", "2022-10", "2022-11", 0, 0, 1, "Oct, 2022 - Nov, 2022"),
    N("ref 201814"),
    N("order 20181 daylight"),
    N("order 2018145 years"),
    F("2017 - CurrentShift Lead", "2017", "", 1, 0, 1, "2017 - Current"),
    /* two points apart by spaces alone, the whole of their line */
    F("2021 2025", "2021", "2025", 0, 0, 1, "2021 2025"),
    F("  \u2022 2025 Present", "2025", "", 1, 0, 1, "2025 Present"),
    F("Jan 2019  Mar 2020\nNext", "2019-01", "2020-03", 0, 0, 1, "Jan 2019  Mar 2020"),
    F("2021 2025 papers", "2021", "", 0, 0, 0, "2021"),   /* more on the line: no range */
    F("Class of 2021 2025", "2021", "", 0, 0, 0, "2021"), /* words before it */
    F("2025 2021", "2025", "", 0, 0, 0, "2025"),          /* backwards */
    F("2015 onwards", "2015", "", 1, 0, 1, "2015 onwards"),
    F("2024 and forward", "2024", "", 1, 0, 1, "2024 and forward"),
    F("Sept 2019 and onwards: chair", "2019-09", "", 1, 0, 1, "Sept 2019 and onwards"),
    F("2021 forward-looking plans", "2021", "", 0, 0, 0, "2021"),
    F("2018 and beyond", "2018", "", 0, 0, 0, "2018"),
    F("(2011-present) - PhD", "2011", "", 1, 0, 1, "(2011-present)"),
    F("since 2015", "2015", "", 1, 0, 1, "since 2015"),
    F("Seit Mai 2024", "2024-05", "", 1, 0, 1, "Seit Mai 2024"),
    F("Seit M\xc3\xa4rz 2022", "2022-03", "", 1, 0, 1, "Seit M\xc3\xa4rz 2022"),
    F("desde 2019: consultora", "2019", "", 1, 0, 1, "desde 2019"),
    F("Depuis mars 2021", "2021-03", "", 1, 0, 1, "Depuis mars 2021"),
    F("Seitz 2019", "2019", "", 0, 0, 0, "2019"),
    F("Since May 2019, I lead", "2019-05", "", 1, 0, 1, "Since May 2019"),
    F("from 2019", "2019", "", 1, 0, 1, "from 2019"),
    F("May 2017 - ", "2017-05", "", 1, 0, 1, "May 2017 -"),
    F("(May 2017 - )", "2017-05", "", 1, 0, 1, "(May 2017 - )"),
    F("2012 - ), [Tool]", "2012", "", 1, 0, 1, "2012 -"),
    F("2018-        Acme ------ Springfield", "2018", "", 1, 0, 1, "2018-"),
    F("  Jul 2015-\n", "2015-07", "", 1, 0, 1, "Jul 2015-"),
    F("Nov 2013\xe2\x80\x93", "2013-11", "", 1, 0, 1, "Nov 2013\xe2\x80\x93"),
    F("2011 - A Short Talk on Things", "2011", "", 0, 0, 0, "2011"),
    F("2018 \xe2\x80\x93 \xd0\x9b\xd0\xb8\xd1\x86\xd0\xb5\xd0\xb9", "2018", "", 0, 0, 0, "2018"),
    F("2019 - Presentation day", "2019", "", 0, 0, 0, "2019"),
    /* expected */
    F("2024 (expected)", "", "2024", 0, 1, 0, "2024 (expected)"),
    F("May 2024 (Expected)", "", "2024-05", 0, 1, 0, "May 2024 (Expected)"),
    F("expected 2024", "", "2024", 0, 1, 0, "expected 2024"),
    F("Expected: June 2026", "", "2026-06", 0, 1, 0, "Expected: June 2026"),
    F("exp. 2024", "", "2024", 0, 1, 0, "exp. 2024"),
    F("expected in June 2025", "", "2025-06", 0, 1, 0, "expected in June 2025"),
    N("expected to graduate"),
    F("2025 (anticipated)", "", "2025", 0, 1, 0, "2025 (anticipated)"),
    F("(expected 2027)", "", "2027", 0, 1, 0, "(expected 2027)"),
    F("2020~2024 (expected)   ", "2020", "2024", 0, 1, 1, "2020~2024 (expected)"),
    F("Sep. 2021 -- Jun. 2026 expected", "2021-09", "2026-06", 0, 1, 1,
      "Sep. 2021 -- Jun. 2026 expected"),
    F("Expected graduation: May 2025", "", "2025-05", 0, 1, 0, "Expected graduation: May 2025"),
    /* not dates */
    N("pages 123-145"),
    N("pp. 1999-2005"),
    N("vol. 2019"),
    N("doi: 10.1016/j.mri.2025.110322"),
    N("arXiv:2005.02205"),
    N("https://example.org/2021/05/post"),
    N("ISSN 2073-4441"),
    N("Python 3.10"),
    N("COVID-19"),
    N("10:30-11:45"),
    N("+1 (555) 010-0173"),
    N("call 555-2019 now"),
    N("tel 020 1995 1234"),
    F("GPA 3.6/4.0 1991-1995", "1991", "1995", 0, 0, 1, "1991-1995"),
    N("$2000 grant"),
    N("v2.2019 release"),
    N("2019% growth"),
    N("Present"),
    N("Currently at Acme"),
    N("since then"),
    N("2019-555-1234"),
    N(""),
    N("2019-13"),
    N("score 1811.5/2200"),
    F("score 1811.5/2200 March 2013", "2013-03", "", 0, 0, 0, "March 2013"),
    F("1991. 112-130.", "1991", "", 0, 0, 0, "1991"),
    F("(CONF 2016](http://x.org/conf2016)", "2016", "", 0, 0, 0, "2016"),
};

typedef struct parse_case {
  const char *in;
  const char *iso; /* NULL: not one date */
} parse_case;

static const parse_case parses[] = {
    {"2018", "2018"},
    {" 2018-03 ", "2018-03"},
    {"2018-3", "2018-03"},
    {"March 2018", "2018-03"},
    {"Jul '25", "2025-07"},
    {"2018-11-05", "2018-11-05"},
    {"2020-01-05T10:00:00Z", "2020-01-05"},
    {"2020-01-05 10:00:00 +0100", "2020-01-05"},
    {"05.11.2017", "2017-11-05"},
    {"Summer 2024", "2024"},
    {"2018\xe5\xb9\xb4" "11\xe6\x9c\x88", "2018-11"},
    {"2019-02-29", NULL},
    {"2018 and more", NULL},
    {"2019-2020", NULL},
    {"Present", NULL},
    {"03/17", NULL},
    {"'18", NULL},
    {"May", NULL},
    {"", NULL},
};

/* Runs find on a heap copy of exactly n bytes, so ASan catches any read past n. */
static bool find_exact(const char *text, size_t n, cvx_daterange *d) {
  char *copy = malloc(n ? n : 1);
  if (n) memcpy(copy, text, n);
  bool ok = cvx_date_find(copy, n, d);
  free(copy);
  return ok;
}

static void test_finds(void) {
  for (size_t i = 0; i < sizeof finds / sizeof finds[0]; i++) {
    const find_case *c = &finds[i];
    size_t n = strlen(c->in);
    cvx_daterange d;
    bool found = find_exact(c->in, n, &d);
    CHECK(found == c->found, "[%zu] \"%s\": found=%d", i, c->in, found);
    if (!found || !c->found) continue;
    CHECK_STR(d.start, c->start, c->in);
    CHECK_STR(d.end, c->end, c->in);
    CHECK(d.open == c->open, "\"%s\": open=%d", c->in, d.open);
    CHECK(d.expected == c->expected, "\"%s\": expected=%d", c->in, d.expected);
    CHECK(d.range == c->range, "\"%s\": range=%d", c->in, d.range);
    bool span_ok = d.mstart <= d.mend && d.mend <= n;
    CHECK(span_ok, "\"%s\": span %zu..%zu", c->in, d.mstart, d.mend);
    if (span_ok) {
      char m[128];
      size_t l = d.mend - d.mstart < sizeof m - 1 ? d.mend - d.mstart : sizeof m - 1;
      memcpy(m, c->in + d.mstart, l);
      m[l] = 0;
      CHECK_STR(m, c->match, c->in);
    }
  }
}

static void test_parses(void) {
  for (size_t i = 0; i < sizeof parses / sizeof parses[0]; i++) {
    const parse_case *c = &parses[i];
    char iso[11];
    size_t n = strlen(c->in);
    char *copy = malloc(n ? n : 1);
    if (n) memcpy(copy, c->in, n);
    bool ok = cvx_date_parse(copy, n, iso);
    free(copy);
    CHECK(ok == (c->iso != NULL), "parse \"%s\": %d", c->in, ok);
    if (ok && c->iso) CHECK_STR(iso, c->iso, c->in);
  }
}

/* A date cut off at every length must neither crash nor read past the end. */
static void test_truncations(void) {
  const char *s = "Since Sep. 21, 2019 \xe2\x80\x93 2018\xe5\xb9\xb4" "11\xe6\x9c\x88-\xe8\x87\xb3"
                  "\xe4\xbb\x8a (expected) '18 - 03/17 \xe2\x80\x99" "20";
  size_t n = strlen(s);
  int ok = 0;
  for (size_t l = 0; l <= n; l++) {
    cvx_daterange d;
    if (find_exact(s, l, &d)) ok += d.mend <= l;
    else ok++;
  }
  CHECK(ok == (int)n + 1, "truncations: %d of %zu", ok, n + 1);
}

/* Pathological lines finish fast (linear work). */
static void test_pathological(void) {
  static const char *const units[] = {"1-", "2019-", "12/", "Jan - ", "2019.", "'1", "9",
                                      " ", "-", "\xe2\x80\x93"};
  size_t n = (size_t)1 << 20;
  char *big = malloc(n);
  for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
    size_t ul = strlen(units[u]);
    for (size_t i = 0; i < n; i++) big[i] = units[u][i % ul];
    clock_t t0 = clock();
    cvx_daterange d;
    bool found = cvx_date_find(big, n, &d);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 2.0, "unit \"%s\": %.2fs", units[u], secs);
    CHECK(!found || d.mend <= n, "unit \"%s\": span", units[u]);
  }
  free(big);
}

/* Answers are remembered per text: the same bytes at a reused address give
 * the fresh answer, never the one for the text that was there before. */
static void test_memo(void) {
  char buf[32];
  cvx_daterange a, b;
  memcpy(buf, "Jan 2019 - Mar 2020", 20);
  bool fa = cvx_date_find(buf, 19, &a);
  memcpy(buf, "Jan 2018 - Mar 2021", 20); /* same length, same address */
  bool fb = cvx_date_find(buf, 19, &b);
  CHECK(fa && fb, "memo: found %d %d", fa, fb);
  CHECK_STR(a.start, "2019-01", "memo first");
  CHECK_STR(b.start, "2018-01", "memo reused address");
  CHECK_STR(b.end, "2021-03", "memo reused address end");
  memcpy(buf, "no date in here at all", 23);
  CHECK(!cvx_date_find(buf, 22, &b) && !b.start[0], "memo: no date");
  memcpy(buf, "Jan 2019 - Mar 2020", 20);
  CHECK(cvx_date_find(buf, 19, &b) && !memcmp(&a, &b, sizeof a), "memo: repeat");
}

/* An entry's dated head line: a date, a few words, no sentence. */
static void test_dated_heads(void) {
  static const struct {
    const char *line;
    bool head;
  } cases[] = {
      {"_Engineer_, _March 2020 \xe2\x80\x93 present_, Leeds", true},
      {"Senior Data Engineer \xc2\xb7 Pellham Analytics \xc2\xb7 2020 \xe2\x80\x93 present  ", true},
      {"Engineer, Initech, 2019.", false},                            /* a full stop ends it */
      {"I rebuilt the pipeline for the team in 2019 and", false},      /* a sentence */
      {"Engineer, Initech, Leeds", false},                             /* no date */
      {"one two three four five six seven eight nine ten eleven twelve thirteen 2019", false},
      {"", false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    CHECK(cvx_dated_head_line(cases[i].line, strlen(cases[i].line)) == cases[i].head, "dated head: %s",
          cases[i].line);
}

int main(void) {
  test_dated_heads();
  test_finds();
  test_memo();
  test_parses();
  test_truncations();
  test_pathological();
  cvx_rx_cleanup();
  return check_done("dates");
}
