#!/usr/bin/env python3
"""refs_extra.py — writes refs-extra.jsonl, labelled references of the
project's own making that `make train` adds to the shared benchmark: the
styles a CV and the humanities and social sciences use that the benchmark
holds few of (APA, Chicago, Harvard, MLA for articles, books, chapters,
newspapers and web pages; CV publication lines that put the title first, the
authors after it and a venue with its year, or a place in parentheses).

Every name, title and venue below is invented here (word lists combined at
random with a fixed seed), so the file is the same on every run:
  python3 pipeline/models/refs_extra.py > pipeline/models/refs-extra.jsonl
Each line: {"id", "text", "gold": {CSL fields}}, as the benchmark's lines.
"""
import json
import random

R = random.Random(16)

GIVEN = ["Maria", "Jonas", "Aiko", "Peter", "Fatima", "Lucas", "Ingrid", "Tomasz", "Elena", "Samuel", "Nadia",
         "Oliver", "Chloé", "Rahul", "Hannah", "Mateo", "Yuki", "Grace", "Henrik", "Amara", "Daniel", "Sofia",
         "Wei", "Kofi", "Laura", "Stefan", "Isabel", "Marcus", "Zeynep", "Anton", "Claire", "Diego", "Mei",
         "Jakob", "Leila", "Owen", "Rosa", "Viktor", "Nora", "Felix"]
FAMILY = ["Lindqvist", "Okafor", "Moreau", "Tanaka", "Hartmann", "Silva", "Novak", "Brennan", "Castillo",
          "Whitfield", "Kowalski", "Haddad", "Petersen", "Rinaldi", "Osei", "Fischer", "Nakamura", "Duarte",
          "Bergström", "Achterberg", "Kaplan", "Mensah", "Ferreira", "Lambert", "Ivanova", "Gallagher",
          "Sørensen", "Abernathy", "Yilmaz", "Marchetti", "Holloway", "Dubois", "Chen", "Wang", "Li", "Park",
          "Zhou", "Kim", "Nguyen", "Müller", "O'Brien", "Van der Berg", "de Vries", "MacLeod", "García-López"]
TOPIC = ["memory", "attention", "grief", "migration", "labour", "ritual", "childhood", "empire", "trust",
         "landscape", "reading", "urban gardens", "monastic life", "public health", "social media",
         "anxiety", "bilingual education", "the printing press", "coastal towns", "folk music", "sleep",
         "resilience", "wage inequality", "medieval trade", "river cities", "moral judgement", "peer feedback"]
FRAME = ["{T} and its discontents", "Rethinking {t}", "The politics of {t}", "{T} in the early modern period",
         "A longitudinal study of {t}", "Why {t} matters", "{T}: a cultural history",
         "Measuring {t} in adolescents", "Narratives of {t} after the war", "{T} and the making of the modern state",
         "On {t}", "Between {t} and {u}", "{T}, {u} and identity", "The effect of {t} on {u}",
         "Women, {t} and the law", "{T} reconsidered: evidence from three countries",
         "Toward a theory of {t}", "Learning {t} online", "Children's understanding of {t}",
         "{T} as practice", "When {t} fails: lessons for policy"]
JOURNAL = ["Journal of Social History", "Psychological Review Letters", "Cognition and Emotion Quarterly",
           "Urban Studies Review", "Journal of Medieval Culture", "Developmental Science Reports",
           "History Workshop Journal", "Journal of Applied Psychology Research", "Modern Language Notes",
           "Comparative Literature Studies", "Journal of Health Psychology", "Past and Present Studies",
           "Annals of Regional Science", "Review of Cultural Economics", "Memory & Society",
           "Journal of Experimental Child Psychology", "Literature and Theology", "Environmental History Today"]
NEWS = ["The Morning Ledger", "The Northern Courier", "Daily Tribune", "The Evening Standard Post",
        "The Harbour Gazette", "City Herald"]
SITE = ["Policy Lab", "The Learning Network", "Open Science Forum", "Heritage Online", "Mind Matters Blog"]
PUBLISHER = ["Oxford University Press", "Routledge", "Cambridge University Press", "Harvard University Press",
             "Palgrave Macmillan", "Springer", "Polity Press", "University of Chicago Press", "Verso",
             "Sage Publications", "Penguin Books", "MIT Press", "Brill", "Wiley-Blackwell"]
PLACE = ["London", "New York", "Chicago", "Oxford", "Cambridge, MA", "Berlin", "Paris", "Toronto",
         "Amsterdam", "Leiden", "Thousand Oaks, CA", "Basingstoke"]
CONF = [("Proceedings of the Annual Conference of the Cognitive Science Society", "CogSci"),
        ("International Conference on Learning Systems", "ICLS"),
        ("Annual Meeting of the Society for Historical Studies", "SHS"),
        ("European Conference on Reading and Writing", "ECRW"),
        ("Design Automation Symposium", "DAS"),
        ("International Workshop on Embedded Reliability", "IWER"),
        ("Conference on Human Factors in Learning", "HFL"),
        ("Symposium on Computer Architecture Methods", "SCAM")]
COUNTRY_CITY = [("Lisbon", "Portugal"), ("Kyoto", "Japan"), ("Toulouse", "France"), ("Montreal", "Canada"),
                ("Porto Alegre", "Brazil"), ("Vienna", "Austria"), ("Austin", "USA"), ("Seoul", "Korea")]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def person():
    return {"family": R.choice(FAMILY), "given": R.choice(GIVEN)}


def people(lo=1, hi=4):
    seen, out = set(), []
    for _ in range(R.randint(lo, hi)):
        p = person()
        if p["family"] in seen:
            continue
        seen.add(p["family"])
        out.append(p)
    return out


def initials(given, dots=True, space=True):
    parts = [g[0] for g in given.replace("-", " ").split()]
    return (" " if space else "").join(p + ("." if dots else "") for p in parts)


def title():
    t, u = R.sample(TOPIC, 2)
    s = R.choice(FRAME).format(t=t, T=t[0].upper() + t[1:], u=u)
    return s


def title_case(s):
    small = {"and", "of", "the", "in", "on", "a", "an", "its", "as", "for", "to", "after", "from", "between"}
    words = s.split(" ")
    return " ".join(w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words))


def join_names(names, fmt, last_sep):
    parts = [fmt(p, i) for i, p in enumerate(names)]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + last_sep + parts[-1]


def year():
    return str(R.randint(1968, 2025))


def pages():
    a = R.randint(1, 480)
    return str(a), str(a + R.randint(4, 40))


def apa_names(names):
    return join_names(names, lambda p, i: f"{p['family']}, {initials(p['given'])}", ", & " if len(names) > 2 else " & ")


def natural(p):
    return f"{p['given']} {p['family']}"


def chicago_names(names):
    def f(p, i):
        return f"{p['family']}, {p['given']}" if i == 0 else natural(p)
    return join_names(names, f, ", and " if len(names) > 2 else " and ")


def harvard_names(names):
    return join_names(names, lambda p, i: f"{p['family']}, {initials(p['given'], space=False)}", " and ")


def article():
    a, t, j, y = people(), title(), R.choice(JOURNAL), year()
    v, n = str(R.randint(1, 90)), str(R.randint(1, 12))
    p1, p2 = pages()
    g = {"author": a, "title": t, "container-title": j, "issued": y, "volume": v, "issue": n,
         "page": f"{p1}-{p2}"}
    style = R.choice(["apa", "chicago", "harvard", "mla", "vancouver"])
    if style == "apa":
        text = f"{apa_names(a)} ({y}). {t}. {j}, {v}({n}), {p1}–{p2}."
        if R.random() < 0.4:
            doi = f"10.{R.randint(1000, 9999)}/{R.choice('abcdefgh')}{R.randint(10000, 99999)}"
            text += f" https://doi.org/{doi}"
            g["DOI"] = doi
    elif style == "chicago":
        tt = title_case(t)
        g["title"] = tt
        text = f"{chicago_names(a)}. “{tt}.” {j} {v}, no. {n} ({y}): {p1}–{p2}."
    elif style == "harvard":
        text = f"{harvard_names(a)} ({y}) '{t}', {j}, {v}({n}), pp. {p1}-{p2}."
    elif style == "mla":
        tt = title_case(t)
        g["title"] = tt
        text = f"{chicago_names(a[:2])}{', et al' if len(a) > 2 else ''}. \"{tt}.\" {j}, vol. {v}, no. {n}, {y}, pp. {p1}-{p2}."
        if len(a) > 2:
            g["author"] = a[:1]
            g["et_al"] = True
            text = f"{a[0]['family']}, {a[0]['given']}, et al. \"{tt}.\" {j}, vol. {v}, no. {n}, {y}, pp. {p1}-{p2}."
    else:
        names = ", ".join(f"{p['family']} {initials(p['given'], dots=False, space=False)}" for p in a)
        text = f"{names}. {t}. {j}. {y};{v}({n}):{p1}-{p2}."
    return text, g


def book():
    a, t, y = people(1, 3), title_case(title()), year()
    pub, place = R.choice(PUBLISHER), R.choice(PLACE)
    g = {"author": a, "title": t, "issued": y, "publisher": pub, "publisher-place": place}
    style = R.choice(["apa", "chicago", "harvard", "apa7"])
    if style == "apa":
        text = f"{apa_names(a)} ({y}). {t}. {place}: {pub}."
    elif style == "apa7":
        del g["publisher-place"]
        text = f"{apa_names(a)} ({y}). {t}. {pub}."
    elif style == "chicago":
        text = f"{chicago_names(a)}. {t}. {place}: {pub}, {y}."
    else:
        text = f"{harvard_names(a)} ({y}) {t}. {place}: {pub}."
    return text, g


def chapter():
    a, t, y, eds = people(1, 2), title(), year(), people(1, 2)
    book_t = title_case(title())
    pub, place = R.choice(PUBLISHER), R.choice(PLACE)
    p1, p2 = pages()
    g = {"author": a, "title": t, "container-title": book_t, "editor": eds, "issued": y, "publisher": pub,
         "page": f"{p1}-{p2}"}
    style = R.choice(["apa", "chicago", "harvard"])
    if style == "apa":
        en = join_names(eds, lambda p, i: f"{initials(p['given'])} {p['family']}", " & ")
        text = f"{apa_names(a)} ({y}). {t}. In {en} (Ed{'s' if len(eds) > 1 else ''}.), {book_t} (pp. {p1}–{p2}). {pub}."
    elif style == "chicago":
        g["title"] = title_case(t)
        g["publisher-place"] = place
        en = join_names(eds, lambda p, i: natural(p), " and ")
        text = f"{chicago_names(a)}. “{g['title']}.” In {book_t}, edited by {en}, {p1}–{p2}. {place}: {pub}, {y}."
    else:
        g["publisher-place"] = place
        en = join_names(eds, lambda p, i: f"{p['family']}, {initials(p['given'], space=False)}", " and ")
        text = f"{harvard_names(a)} ({y}) '{t}', in {en} (ed{'s' if len(eds) > 1 else ''}.) {book_t}. {place}: {pub}, pp. {p1}-{p2}."
    return text, g


def newspaper():
    a, t, paper, y = people(1, 1), title_case(title()), R.choice(NEWS), year()
    m, d = R.choice(MONTHS), str(R.randint(1, 28))
    g = {"author": a, "title": t, "container-title": paper, "issued": y}
    style = R.choice(["apa", "chicago", "harvard"])
    if style == "apa":
        text = f"{apa_names(a)} ({y}, {m} {d}). {t}. {paper}."
        if R.random() < 0.5:
            p = str(R.randint(1, 40))
            text = text[:-1] + f", p. A{p}."
    elif style == "chicago":
        text = f"{natural(a[0])}. “{t}.” {paper}, {m} {d}, {y}."
        text = f"{a[0]['family']}, {a[0]['given']}. “{t}.” {paper}, {m} {d}, {y}."
    else:
        text = f"{harvard_names(a)} ({y}) '{t}', {paper}, {d} {m}, p. {R.randint(1, 30)}."
    return text, g


def webpage():
    corp = R.random() < 0.3
    a = [{"literal": R.choice(SITE)}] if corp else people(1, 2)
    t, site, y = title_case(title()), R.choice(SITE), year()
    url = f"https://www.{site.lower().replace(' ', '')}.org/{R.choice(['articles', 'blog', 'news'])}/{R.randint(100, 9999)}"
    g = {"title": t, "issued": y, "URL": url}
    if not corp:
        g["author"] = a
        g["container-title"] = site
    who = a[0]["literal"] if corp else apa_names(a)
    style = R.choice(["apa", "harvard"])
    if style == "apa":
        m, d = R.choice(MONTHS), str(R.randint(1, 28))
        where = "" if corp else f" {site}."
        text = f"{who}{'' if who.endswith('.') else '.'} ({y}, {m} {d}). {t}.{where} {url}"
    else:
        who = a[0]["literal"] if corp else harvard_names(a)
        where = "" if corp else f" {site}."
        text = f"{who} ({y}) {t}.{where} Available at: {url} (Accessed: {R.randint(1, 28)} {R.choice(MONTHS)} {int(y) + 1})."
    return text, g


def thesis():
    a, t, y = people(1, 1), title_case(title()), year()
    uni = R.choice(["University of Leeds", "McGill University", "University of Bologna", "Stanford University",
                    "University of Cape Town", "Uppsala University"])
    g = {"author": a, "title": t, "issued": y, "publisher": uni}
    kind = R.choice(["Doctoral dissertation", "PhD thesis", "Master's thesis"])
    style = R.choice(["apa", "chicago"])
    if style == "apa":
        text = f"{apa_names(a)} ({y}). {t} [{kind}, {uni}]."
    else:
        text = f"{chicago_names(a)}. “{t}.” {kind}, {uni}, {y}."
    return text, g


def cv_line():
    """A CV's publication line: the title first, then the authors (the CV's
    owner among them), then the venue and year, sometimes a place."""
    a, t, y = people(2, 6), title_case(title()), year()
    name, acr = R.choice(CONF)
    g = {"author": a, "title": t, "issued": y}
    names = join_names(a, lambda p, i: natural(p), R.choice([", and ", " and ", ", "]))
    style = R.choice(["acronym", "full", "presented", "journal"])
    if style == "acronym":
        g["container-title"] = acr
        text = f"{t}. {names}. {acr} {y}. Paper Link"
        if R.random() < 0.5:
            text = f"{t}. {names}. {acr} {y}."
    elif style == "full":
        g["container-title"] = name
        text = f"{t}. {names}. In {name}, {y}."
    elif style == "presented":
        city, country = R.choice(COUNTRY_CITY)
        g["container-title"] = f"{acr} Annual Meeting"
        g["publisher-place"] = f"{city}, {country}"
        text = f"{t} - Presented at {acr} Annual Meeting ({city}, {country} - {y}). {names}."
    else:
        j = R.choice(JOURNAL)
        v = str(R.randint(1, 60))
        g["container-title"] = j
        g["volume"] = v
        text = f"{t}. {names}. {j}, {v}, {y}."
    return text, g


def preprint():
    """A preprint as CVs and IEEE-style lists cite it: the arXiv identifier
    with its subject class in brackets, which is neither a venue nor a
    publisher."""
    a, t, y = people(1, 4), title(), str(R.randint(2008, 2025))
    ident = f"{y[2:]}{R.randint(1, 12):02d}.{R.randint(10000, 99999)}"
    cls = R.choice(["cs.DC", "cs.LG", "cs.CL", "stat.ML", "q-bio.NC", "physics.soc-ph", "econ.GN", "cs.HC"])
    g = {"author": a, "title": t, "issued": y}
    style = R.choice(["ieee", "apa", "plain"])
    if style == "ieee":
        names = join_names(a, lambda p, i: f"{initials(p['given'])} {p['family']}", ", and " if len(a) > 2 else " and ")
        text = f"{names}, \"{t},\" arXiv:{ident} [{cls}], {y}."
    elif style == "apa":
        text = f"{apa_names(a)} ({y}). {t}. arXiv preprint arXiv:{ident}."
    else:
        names = join_names(a, lambda p, i: natural(p), " and ")
        text = f"{names}. {title_case(t)}. arXiv:{ident} [{cls}] ({y})."
        g["title"] = title_case(t)
    return text, g


KINDS = [(article, 45), (book, 25), (chapter, 25), (newspaper, 20), (webpage, 20), (thesis, 10), (cv_line, 45),
         (preprint, 12)]


def main():
    n = 0
    for make, count in KINDS:
        for _ in range(count):
            text, gold = make()
            n += 1
            print(json.dumps({"id": f"extra-{n:04d}", "text": text, "gold": gold}, ensure_ascii=False))


if __name__ == "__main__":
    main()
