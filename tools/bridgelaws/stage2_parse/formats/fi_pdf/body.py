"""Law bodies of the Finnish 2007 PDF text: cut at their labels into the provision tree.

Labels run inline with the text (``… kirjattu. A. Epäsäännöllisyydestä huomauttaminen 1.
Jokainen pelaaja …``): :func:`parse_law_body` finds them in reading order and opens the
provision the outline accepts; a section title ends before the next capitalised word
(:func:`section_title`).  Every span of text, here and in the front matter, becomes a
paragraph through :func:`make_paragraph`, which re-joins broken words and restores the lost
suit symbols.
"""

from __future__ import annotations

import itertools
import re

from bridgelaws.core.model import Law, Level, NoteRef, Origin, Paragraph, ParseResult
from bridgelaws.stage1_read.cleaning import join_broken_words, restore_suit_symbols
from bridgelaws.stage2_parse.formats.fi_pdf.hints import lift_page_hints
from bridgelaws.stage2_parse.formats.fi_pdf.pages import CAPS, LOWER, Stream
from bridgelaws.stage2_parse.outline import Outline

SECTION_LABEL = re.compile(rf"(?P<label>(?P<key>[A-H])\.)\ (?=[{CAPS}])", re.VERBOSE)  # A. Aloituspaikka
ITEM_LABEL = re.compile(r"(?P<label>(?P<key>\d{1,2})\.)\ (?=\S)", re.VERBOSE)  # 1. Jos jo ennen …
SUBITEM_LABEL = re.compile(r"(?P<label>(?P<key>[a-h])\.)\ (?=\S)", re.VERBOSE)  # a. Kun laki valtuuttaa …
ROMAN_LABEL = re.compile(r"(?P<label>\((?P<key>i{1,3}|iv|v|vi{1,3}|ix|x)\))\ (?=\S)", re.VERBOSE)  # (ii) Rikkoneelle …

ANY_LABEL = re.compile(
    rf"""(?<!\S)(?:
        [A-H]\.\ (?=[{CAPS}])                         # A. Aloituspaikka
      | \d{{1,2}}\.\ (?=\S)                           # 1. Jos jo ennen
      | [a-h]\.\ (?=\S)                               # a. Kun laki
      | \((?:i{{1,3}}|iv|v|vi{{1,3}}|ix|x)\)\ (?=\S)    # (ii) Rikkoneelle
    )""",
    re.VERBOSE,
)

# Words before which a sub-item label may stand although no punctuation precedes it:
# "… ei ole vaikuttanut, tai b. se on luvallista tietoa …"
SUBITEM_AFTER_WORDS = ("tai", "ja")
SUBITEM_WORD_MAX = max(map(len, SUBITEM_AFTER_WORDS))
WORD = re.compile(r"\S+")

SECTION_TITLE_MAX_WORDS = 14


# -- paragraphs ----------------------------------------------------------------------------


def make_paragraph(text: str, origin: Origin, result: ParseResult) -> Paragraph | None:
    """Clean one span of text into a paragraph (None when it is only whitespace)."""
    text = " ".join(text.split())
    if not text:
        return None
    text = join_broken_words(text).report(result, origin)  # hyphens dropped
    text = restore_suit_symbols(text).report(result, origin)  # suit symbols inserted
    lifted, hints = lift_page_hints(text)
    return Paragraph(lifted.report(result, origin), origin, hints=hints)  # page hints lifted


# -- law bodies -------------------------------------------------------------------------------


def section_title(text: str, start: int) -> int:
    """End offset of a section title that begins at ``start`` (``start`` if there is none).

    The title runs until the next capitalised word or label: ``Aloituspaikka Kilpailunjohtaja
    määrää …`` → ``Aloituspaikka``.  A run that meets punctuation first is a sentence, not a
    title.
    """
    words = list(itertools.islice(WORD.finditer(text, start), SECTION_TITLE_MAX_WORDS + 1))
    if not words or not re.match(rf"[{CAPS}]", words[0][0]):
        return start
    end = start
    for index, word in enumerate(words):
        token = word[0]
        if index > 0 and (re.match(rf"[{CAPS}]", token) or re.fullmatch(r"\d{1,2}\.", token)):
            return end
        if index >= SECTION_TITLE_MAX_WORDS or re.search(r"[.,:;()!?]", token):
            return start
        end = word.end()
    return start


def parse_law_body(law: Law, text: str, base: int, stream: Stream, result: ParseResult) -> None:
    """Cut a law's text at its labels, in reading order, into the provision tree."""
    outline = Outline(str(law.number))
    position = 0  # start of the text not yet given to a paragraph
    cursor = 0  # where to look for the next label
    after_label = -1  # a label may follow a section title (or a label) with no punctuation
    while match := ANY_LABEL.search(text, cursor):
        start = match.start() + (1 if match[0][0].isspace() else 0)
        found = _match_label(outline, text, start, after_label)
        if found is None:
            cursor = start + 1
            continue
        level, key, label, label_end = found
        _add_paragraph(outline, text[position:start], stream.origin_at(base + position), result)
        node = outline.open(level, key, label, "", stream.origin_at(base + start))
        assert node is not None  # _match_label asked outline.accepts first
        title_end = section_title(text, label_end) if level is Level.SECTION else label_end
        node.title = text[label_end:title_end].strip()
        position = cursor = after_label = title_end
    _add_paragraph(outline, text[position:], stream.origin_at(base + position), result)
    law.paragraphs = outline.paragraphs
    law.children = outline.children


def _match_label(outline: Outline, text: str, start: int, after_label: int) -> tuple[Level, str, str, int] | None:
    """The label at ``start`` as (level, key, label, end) if context and sequence allow."""
    before = start  # where the text before the label ends, spaces left out (never copied: linear)
    while before and text[before - 1].isspace():
        before -= 1
    at_boundary = start == 0 or text.endswith((".", ":", ";", "!", "?", ")"), 0, before) or before == after_label
    for level, pattern in (
        (Level.SECTION, SECTION_LABEL),
        (Level.ITEM, ITEM_LABEL),
        (Level.SUBITEM, SUBITEM_LABEL),
        (Level.SUBSUBITEM, ROMAN_LABEL),
    ):
        match = pattern.match(text, start)
        if not match:
            continue
        allowed = at_boundary
        if level is Level.SUBITEM:
            allowed = at_boundary or text.endswith(",", 0, before) or _last_word(text, before) in SUBITEM_AFTER_WORDS
        elif level is Level.SUBSUBITEM:
            allowed = True  # "… c-kohdan sijaan (i) Alkuperäisen …": brackets make it unambiguous
        if allowed and outline.accepts(level, match["key"]):
            return level, match["key"], match["label"], match.end()
    return None


def _last_word(text: str, end: int) -> str:
    """What follows the last space in ``text[:end]``, looked for only as far back as the
    longest of :data:`SUBITEM_AFTER_WORDS` (a longer word is none of them).
    """
    reach = max(0, end - SUBITEM_WORD_MAX - 1)
    space = text.rfind(" ", reach, end)
    if space < 0 and reach > 0:
        return text[end - SUBITEM_WORD_MAX - 1 : end]  # longer than any of the words
    return text[space + 1 : end]


def _add_paragraph(outline: Outline, span: str, origin: Origin, result: ParseResult) -> None:
    paragraph = make_paragraph(span, origin, result)
    if paragraph:
        outline.add(paragraph)


def link_footnote_markers(law: Law) -> None:
    """Find each footnote's inline marker (``pakasta 1 tai``) in the law's paragraphs."""
    for note in law.footnotes:
        marker = re.compile(rf"(?<=[{LOWER}]) ({re.escape(note.key)})(?=[ .,;]|$)")
        for paragraph in _all_paragraphs(law):
            for match in marker.finditer(paragraph.text):
                paragraph.notes.append(NoteRef(match.start(1), note.key))


def _all_paragraphs(law: Law) -> list[Paragraph]:
    paragraphs = list(law.paragraphs)
    for node in law.provisions():
        paragraphs.extend(node.paragraphs)
    return paragraphs
