"""Lines of the Turkish blog post: the vocabulary, the patterns, and what a line is by itself.

:func:`classify` gives each stripped line a :class:`Kind` (blank, blog furniture, the
definitions heading, a law heading, a law's intro sentence, a provision label, text) judged
by the line alone; the parser (:mod:`bridgelaws.stage2_parse.formats.tr_blog`) decides the
rest from context.  Labels may be read at more than one level (:func:`label_readings`);
Turkish letters are compared through :func:`turkish_lower`.
"""

from __future__ import annotations

import re
from enum import Enum, auto

from bridgelaws.core.facts import LAW_NUMBERS
from bridgelaws.core.model import Level
from bridgelaws.stage2_parse.blocks import Reading, readings

# -- vocabulary (compared after turkish_lower) -------------------------------------------

# WordPress comment form, share and like widgets: whole lines ...
FURNITURE_LINES = frozenset(
    {
        "bir cevap yazın",  # Bir Cevap Yazın
        "cevap yazın",
        "yorum yap",
        "cevabı iptal et",
        "bunu paylaş:",
        "paylaş:",
        "beğen:",
        "beğen",
        "yükleniyor...",
        "yükleniyor…",
        "ilgili",
    }
)
# ... and lines known by how they start.
FURNITURE_PREFIXES = (
    "this site uses akismet",  # This site uses Akismet to reduce spam. Learn how …
    "%d blogcu",  # %d blogcu bunu beğendi:
    "%d bloggers like",
    "e-posta adresiniz yayınlanmayacak",
)
# The author's heading of his definitions block: "Tanımlar;"
DEFINITIONS_WORDS = frozenset({"tanımlar"})

TITLE_END = ".,;:!?"  # a title-like line ends in none of these
SUBHEADING_MAX_WORDS = 8
DERIVED_TITLE_MAX = 60


def turkish_lower(text: str) -> str:
    """Lower-case Turkish text: ``YERİN HAKLARI`` → ``yerin hakları`` (not ``yeri̇n haklari``).

    Length-preserving, unlike ``str.lower`` on ``İ``.
    """
    return text.replace("I", "ı").replace("İ", "i").lower()


def turkish_upper(text: str) -> str:
    """Upper-case Turkish text: ``ilgili`` → ``İLGİLİ``, ``ışık`` → ``IŞIK``."""
    return text.replace("i", "İ").replace("ı", "I").upper()


# -- patterns ----------------------------------------------------------------------------
# Python's re.IGNORECASE already treats I, ı, İ and i as one letter, so "YASA"/"Yasa" and
# "TANIMLAR"/"tanımlar" match the same patterns.

LAW_HEADING = re.compile(
    r"""
    ^(?P<label>yasa\s+(?P<number>[0-9]{1,2}))(?!\w)   # YASA 42
    (?:(?:\s*(?P<sep>[–—-])\s*|\s+)                   #  –
       (?P<title>\S.*))?$                             # YERİN HAKLARI
    """,
    re.VERBOSE | re.IGNORECASE,
)

LAW_INTRO = re.compile(
    r"""
    ^yasa\s+(?P<number>[0-9]{1,2})(?!\w)           # Yasa 13
    (?:\s*,|\s*['’]?\s*y?[ae]\s+göre(?!\w))        # ,   /   ye göre
    \s*(?P<rest>.*)$                               # yanlış sayıda (13 den fazla) kart durumunda …
    """,
    re.VERBOSE | re.IGNORECASE,
)

INTRO_TOPIC = re.compile(
    r"""
    ^(?P<topic>.+?)\s+durumunda\s+yapılacakları\s+tanımlar\.?$   # Kayıp (eksik) kart durumunda yapılacakları tanımlar.
    """,
    re.VERBOSE | re.IGNORECASE,
)

SECTION = re.compile(
    r"""
    ^(?P<label>(?P<key>[A-Z])\.)(?:\s+(?P<rest>\S.*))?$   # A. Mutlak Haklar
    """,
    re.VERBOSE,
)

ITEM = re.compile(
    r"""
    ^(?P<label>(?P<key>[0-9]{1,2})[.)])(?:\s+(?P<rest>\S.*))?$   # 1. (a) Bir usulsüzlükten sonra hakem …
    """,
    re.VERBOSE,
)

PAREN = re.compile(
    r"""
    ^(?P<label>\((?P<key>[a-z]{1,4})\))(?:\s+(?P<rest>\S.*))?$   # (b) Yer deklaranın eli oynamasını …
    """,
    re.VERBOSE,
)

LETTER = re.compile(
    r"""
    ^(?P<label>(?P<key>[a-z]{1,4})(?P<close>[.)]))(?:\s+(?P<rest>\S.*))?$   # a) yüzü açık …  /  ii. Kusursuz taraf …
    """,
    re.VERBOSE,
)

TERM = re.compile(
    r"""
    ^(?P<term>[^\W\d_]+(?:\s+[^\W\d_]+){0,3})   # Suni Ayarlı Skor
    \s*(?P<sep>[;,])                            # ;
    \s+(?P<body>\S.*)$                          # bir dağıtımdan herhangi bir skor elde edilememesi …
    """,
    re.VERBOSE,
)

SENTENCE_END = re.compile(
    r"""[.:;!?]["”’)]*$   # … o verilir.  /  (Aşağıdaki B4. maddeye bkz.)   — but not: cezası (Yasa 90)""",
    re.VERBOSE,
)

SERIES_DASH = re.compile(r"\s[–—-]\s")  # Briç Yasaları – Diğer Konular (Bilgi)

LABEL_PATTERNS = (SECTION, ITEM, PAREN, LETTER)
LABEL_LEVELS = {SECTION: Level.SECTION, ITEM: Level.ITEM}  # PAREN and LETTER: sub-item or lower


# -- labels ------------------------------------------------------------------------------


def label_readings(pattern: re.Pattern[str], match: re.Match[str]) -> list[Reading]:
    """The (level, key) readings of a label, in the order they are tried.

    ``a)`` is a sub-item under an item (45C2a) and otherwise a section (the blog's ``a)``,
    ``b)``, ``c)`` of Law 12 are 12A, 12B, 12C); ``i.`` is a sub-item after ``h``, otherwise
    a roman sub-sub-item (12C1ei); ``ii.`` is only roman; ``ve.`` is no label.
    """
    key = match["key"]
    found = readings(LABEL_LEVELS.get(pattern, Level.SUBITEM), key)
    if pattern is LETTER and match["close"] == ")" and len(key) == 1:
        found.append((Level.SECTION, key.upper()))
    return found


def match_label(line: str) -> tuple[re.Pattern[str], re.Match[str]] | None:
    for pattern in LABEL_PATTERNS:
        match = pattern.match(line)
        if match and label_readings(pattern, match):
            return pattern, match
    return None


# -- line kinds --------------------------------------------------------------------------


class Kind(Enum):
    BLANK = auto()
    FURNITURE = auto()
    DEFINITIONS = auto()
    LAW = auto()
    INTRO = auto()
    LABEL = auto()
    TEXT = auto()


STRUCTURE = frozenset({Kind.LAW, Kind.INTRO, Kind.LABEL})


def _is_caps(text: str) -> bool:
    return any(ch.isupper() for ch in text) and not any(ch.islower() for ch in text)


def is_furniture(line: str) -> bool:
    folded = turkish_lower(" ".join(line.split()))
    return folded in FURNITURE_LINES or folded.startswith(FURNITURE_PREFIXES)


def classify(line: str) -> Kind:
    """What a stripped line is, judged by the line alone (context decides the rest)."""
    if not line:
        return Kind.BLANK
    if is_furniture(line):
        return Kind.FURNITURE
    if turkish_lower(line).rstrip(";:").strip() in DEFINITIONS_WORDS:
        return Kind.DEFINITIONS
    heading = LAW_HEADING.match(line)
    if heading and int(heading["number"]) in LAW_NUMBERS and (heading["sep"] or _is_caps(line)):
        return Kind.LAW
    intro = LAW_INTRO.match(line)
    if intro and int(intro["number"]) in LAW_NUMBERS:
        return Kind.INTRO
    if match_label(line):
        return Kind.LABEL
    return Kind.TEXT


def is_title_like(line: str) -> bool:
    """A short line starting with a capital and ending in no punctuation: ``Oynanmış Kart``."""
    return line[0].isupper() and line[-1] not in TITLE_END and len(line.split()) <= SUBHEADING_MAX_WORDS


def derived_title(rest: str) -> str:
    """The title an intro sentence gives its law.

    ``yanlış sayıda (13 den fazla) kart durumunda yapılacakları tanımlar.`` →
    ``Yanlış sayıda (13 den fazla) kart``; any other sentence gives its first clause.
    """
    topic = INTRO_TOPIC.match(rest)
    text = topic["topic"] if topic else re.split(r"[.;:,]", rest, maxsplit=1)[0]
    text = " ".join(text.split())
    if len(text) > DERIVED_TITLE_MAX:
        text = text[:DERIVED_TITLE_MAX].rsplit(" ", 1)[0] + " …"
    return turkish_upper(text[:1]) + text[1:]


def law_number(line: str) -> int | None:
    """The number of the law a heading or intro line opens, else None."""
    kind = classify(line)
    match = LAW_HEADING.match(line) if kind is Kind.LAW else LAW_INTRO.match(line) if kind is Kind.INTRO else None
    return int(match["number"]) if match else None


def is_label(line: str) -> bool:
    """A provision label: what makes a lost law heading likely (:func:`~bridgelaws.stage2_parse.blocks.missing_law`)."""
    return classify(line) is Kind.LABEL
