"""Read a source file's bytes into the text its parser reads, saying what reading changed.

Sources arrive damaged: saved in a legacy code page, double-encoded (``KÃ¤ytÃ¶s``), cut
short, with stray control bytes, or not text at all.  :func:`read` turns bytes into text in
small named steps and reports each change, so that the parse report still accounts for
every character:

1. :func:`sniff_binary` refuses a file that is not text (a PDF, an image, random bytes);
2. :func:`decode` reads UTF-8 (with or without a byte order mark), UTF-16, or, when the
   bytes are not UTF-8, the legacy code page of the source's language that reads them best
   (``cp1252`` for Finnish and Swedish, ``cp1254`` Turkish, ``cp1250`` Polish) — and says so;
   a few bad bytes inside UTF-8 show as ``�`` with a warning naming the line;
3. a saved web page (``.html``) is reduced to its main text
   (:mod:`bridgelaws.stage1_read.htmlpage`);
4. the cleaning steps of :data:`~bridgelaws.stage1_read.repairs.CLEANING_STEPS` run in order
   (:mod:`bridgelaws.stage1_read.repairs`): ``normalise_line_ends`` (CRLF and CR → LF),
   ``repair_mojibake`` (ftfy, one line at a time), ``drop_control_characters`` and
   ``drop_invisible_characters``; then ``flag_markup`` warns where HTML stands in the text (it
   is shown as text, never run).

Line numbers are kept: every step works line by line, and the web page's extraction maps
each text line back to its line in the HTML file.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass, field

from bridgelaws.core.model import Dropped, Inserted, Origin, Warning
from bridgelaws.stage1_read import htmlpage
from bridgelaws.stage1_read.repairs import CLEANING_STEPS, LETTERS, normalise_line_ends


class Unreadable(ValueError):
    """The file cannot be read as text at all; ``line`` says where the reader gave up."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Intake:
    """A source read into text for its parser, and every change reading made.

    ``accounted`` holds the characters conservation counts: the decoded file, or for a web
    page the text of every element (tags and attributes are markup, not text).  ``lines``
    maps a line of ``text`` (1-based, index + 1) to the line of the file it came from; it is
    empty when the two are the same.  All origins here are lines of the file.
    """

    text: str
    accounted: str
    encoding: str
    form: str = "text"  # text | html
    lines: list[int] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    inserted: list[Inserted] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)

    def source_line(self, line: int) -> int:
        """The file line of ``text`` line ``line``."""
        if not self.lines:
            return line
        return self.lines[min(max(line, 1), len(self.lines)) - 1]


# -- 1. binary files -------------------------------------------------------------------------

SIGNATURES = (
    (b"%PDF-", "a PDF document; give its text layer (pdftotext) instead"),
    (b"PK\x03\x04", "a ZIP archive (a .docx, .odt or .epub is one); save the text as UTF-8 instead"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document; save the text as UTF-8 instead"),
    (b"{\\rtf", "an RTF document; save the text as UTF-8 instead"),
    (b"\x89PNG", "a PNG image"),
    (b"GIF8", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"\x1f\x8b", "a gzip archive; unpack it first"),
    (b"\x7fELF", "a program, not text"),
)

# Bytes no text file holds: C0 controls other than tab, line feed, vertical tab, form feed,
# carriage return and escape.  A few are damage to report; many mean the file is not text.
CONTROL_BYTES = frozenset(range(0x00, 0x09)) | frozenset(range(0x0E, 0x1B)) | frozenset(range(0x1C, 0x20))
_CONTROLS = bytes(sorted(CONTROL_BYTES))  # counted by deleting them (bytes.translate), not byte by byte
_CONTROL_BYTE = re.compile(b"[" + re.escape(_CONTROLS) + b"]")
MAX_CONTROL_SHARE = 0.01
MIN_CONTROLS = 8  # a short file with a stray NUL is damaged text, not binary


def _line_of(data: bytes, offset: int) -> int:
    """The line of byte ``offset``, counting ``\n``, ``\r\n`` and a lone ``\r`` as line ends."""
    before = data[:offset]
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1


def sniff_binary(data: bytes) -> None:
    """Raise :class:`Unreadable` when ``data`` is not text: a known file signature, or more
    than 1 % control bytes (random bytes hold about 10 %, a text with stray damage almost none;
    and at least 8, so that a short file with a stray NUL is read as the damaged text it is).
    """
    for signature, what in SIGNATURES:
        if data.startswith(signature):
            raise Unreadable(1, f"not a text file: this is {what}")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _looks_utf16(data):
        return
    controls = len(data) - len(data.translate(None, _CONTROLS))
    if controls > max(MAX_CONTROL_SHARE * len(data), MIN_CONTROLS):
        first = _CONTROL_BYTE.search(data)
        assert first is not None  # there are controls
        raise Unreadable(
            1,  # the whole file is the problem, not a line of it
            f"not a text file: {controls} of its {len(data)} bytes are control bytes "
            f"(the first, {data[first.start()]:#04x}, at byte {first.start()})",
        )


def _looks_utf16(data: bytes) -> bool:
    """UTF-16 without a byte order mark: every other byte of Latin text is zero."""
    sample = data[:4096]
    if len(sample) < 16:
        return False
    zeros_even = sample[0::2].count(0) / len(sample[0::2])
    zeros_odd = sample[1::2].count(0) / len(sample[1::2])
    return max(zeros_even, zeros_odd) > 0.4 and min(zeros_even, zeros_odd) < 0.05


# -- 2. decoding -----------------------------------------------------------------------------

# The legacy code pages a source of each language was most likely saved in, best first.
LEGACY_ENCODINGS = {
    "fi": ("cp1252", "latin-1"),  # not Latin-9: it reads UTF-8's "ä" (C3 A4) as "Ã€", a better score
    "sv": ("cp1252", "latin-1"),
    "tr": ("cp1254", "iso-8859-9", "cp1252", "latin-1"),
    "pl": ("cp1250", "iso-8859-2", "cp1252", "latin-1"),
}
ALL_LEGACY = ("cp1252", "cp1250", "cp1254", "iso-8859-2", "iso-8859-9", "latin-1")

# A code page that reads the bytes as the language's letters (:data:`LETTERS`, shared with the
# mojibake repair) and as this punctuation is the right one.
PUNCTUATION = "“”„‘’‚«»–—…§°±×½¼¾·•€£©®™"

NAMES = {
    "cp1252": "Windows-1252 (cp1252)",
    "cp1250": "Windows-1250 (cp1250)",
    "cp1254": "Windows-1254 (cp1254)",
    "iso-8859-2": "ISO 8859-2 (Latin-2)",
    "iso-8859-9": "ISO 8859-9 (Latin-5)",
    "latin-1": "ISO 8859-1 (Latin-1)",
}


@dataclass
class Decoded:
    text: str
    encoding: str
    warnings: list[Warning] = field(default_factory=list)


def _score(text: str, lang: str) -> int:
    """How much ``text`` reads like ``lang``: its letters count for, anything else odd against."""
    expected = set(LETTERS.get(lang, "".join(LETTERS.values()))) | set(PUNCTUATION)
    score = 0
    for ch in text:
        if ord(ch) < 128:
            continue
        if ch in expected:
            score += 1
        elif unicodedata.category(ch) == "Cc":
            score -= 10
        else:
            score -= 3
    return score


def _legacy(data: bytes, lang: str) -> tuple[str, str]:
    """The code page that reads ``data`` most like ``lang``, and the text it gives."""
    candidates = LEGACY_ENCODINGS.get(lang, ALL_LEGACY)
    best: tuple[int, str, str] | None = None
    for rank, encoding in enumerate(candidates):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        score = _score(text, lang) * 100 - rank  # on a tie, the language's usual code page
        if best is None or score > best[0]:
            best = (score, encoding, text)
    assert best is not None  # latin-1 reads any bytes
    return best[2], best[1]


def decode(data: bytes, lang: str) -> Decoded:
    """Text from bytes: UTF-8 if it is, else UTF-16 or the language's legacy code page."""
    if data.startswith(codecs.BOM_UTF8):
        return _decode_utf8(data[len(codecs.BOM_UTF8) :], lang, "utf-8-sig")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _looks_utf16(data):
        return _decode_utf16(data)
    return _decode_utf8(data, lang, "utf-8")


def _decode_utf16(data: bytes) -> Decoded:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-16-le" if data[1::2].count(0) > data[0::2].count(0) else "utf-16-be"
    text = data.decode(encoding, errors="replace")
    return Decoded(text, encoding, [Warning(Origin(1), f"saved as {encoding.upper()}, not UTF-8: converted")])


def _incomplete_tail(data: bytes) -> int:
    """How many bytes at the end start a UTF-8 character they do not finish (a cut file)."""
    for back in range(1, min(3, len(data)) + 1):
        byte = data[-back]
        if 0x80 <= byte < 0xC0:
            continue  # a continuation byte: look further back for the lead
        needed = 2 if 0xC0 <= byte < 0xE0 else 3 if 0xE0 <= byte < 0xF0 else 4 if 0xF0 <= byte < 0xF8 else 0
        return back if back < needed else 0
    return 0


def _decode_utf8(data: bytes, lang: str, encoding: str) -> Decoded:
    cut = _incomplete_tail(data)
    if cut:
        decoded = _decode_utf8(data[:-cut], lang, encoding)
        decoded.text += "\ufffd"
        end = Origin(_line_of(data, len(data)))
        decoded.warnings.append(Warning(end, "the file ends inside a character (shown as �): it looks truncated"))
        return decoded
    try:
        return Decoded(data.decode("utf-8"), encoding)
    except UnicodeDecodeError:
        pass
    mixed = data.decode("utf-8", errors="surrogateescape")
    invalid = sum(1 for ch in mixed if "\udc80" <= ch <= "\udcff")
    valid = sum(1 for ch in mixed if ord(ch) > 127 and not "\udc80" <= ch <= "\udcff")
    if valid < invalid:
        # no (or hardly any) UTF-8: the whole file is in a legacy code page
        text, legacy = _legacy(data, lang)
        first = next(offset for offset, byte in enumerate(data) if byte > 127)
        warning = Warning(
            Origin(_line_of(data, first)),
            f"not UTF-8: read as {NAMES[legacy]} and converted "
            f"(byte {data[first]:#04x} here reads as {text[len(data[:first].decode(legacy))]!r}); "
            "save the source as UTF-8",
        )
        return Decoded(text, legacy, [warning])
    return _repair_bad_bytes(mixed, lang, encoding)


BAD_BYTES = re.compile(r"[\udc80-\udcff]+")  # bytes that are not UTF-8, as surrogateescape leaves them


def _repair_bad_bytes(mixed: str, lang: str, encoding: str) -> Decoded:
    """UTF-8 with a few bad bytes: a byte that the language's code page reads as one of its
    letters is that letter (a line pasted from a cp1252 file, ``M\\xe4\\xe4r`` → ``Määr``);
    any other shows as ``�``.  Each repaired line is reported.
    """
    warnings: list[Warning] = []
    legacy = LEGACY_ENCODINGS.get(lang, ALL_LEGACY)[0]
    letters = set(LETTERS.get(lang, ""))
    lines = normalise_line_ends(mixed).text.split("\n")  # lines as the later steps count them
    for number, line in enumerate(lines, start=1):
        if not BAD_BYTES.search(line):
            continue

        def fix(match: re.Match[str]) -> str:
            raw = bytes(ord(ch) - 0xDC00 for ch in match[0])
            as_legacy = raw.decode(legacy, errors="replace")
            return as_legacy if all(ch in letters for ch in as_legacy) else "\ufffd" * len(raw)

        fixed = BAD_BYTES.sub(fix, line)
        shown = ", ".join(f"{ord(ch) - 0xDC00:#04x}" for match in BAD_BYTES.findall(line) for ch in match)
        what = "read as " + NAMES[legacy] if "\ufffd" not in fixed else "shown as �"
        warnings.append(Warning(Origin(number), f"bytes {shown} are not UTF-8: {what}"))
        lines[number - 1] = fixed
    return Decoded("\n".join(lines), encoding, warnings)


# -- all together ----------------------------------------------------------------------------


def read(data: bytes, lang: str = "") -> Intake:
    """Bytes → the text a parser reads, with every change reported; raises :class:`Unreadable`."""
    if not data.strip():
        raise Unreadable(1, "the file is empty" if not data else "the file holds only whitespace")
    sniff_binary(data)
    decoded = decode(data, lang)
    intake = Intake(text=decoded.text, accounted=decoded.text, encoding=decoded.encoding)
    intake.warnings.extend(decoded.warnings)
    if htmlpage.looks_like_html(decoded.text):
        _extract_page(intake)
    _clean(intake)
    if not intake.text.strip():
        if intake.form == "html":
            raise Unreadable(1, "no text left to read once the page furniture was dropped")
        raise Unreadable(1, "the file holds no printable text (only control or invisible characters)")
    return intake


def _extract_page(intake: Intake) -> None:
    page = htmlpage.extract(normalise_line_ends(intake.text).text)
    intake.form = "html"
    intake.text = page.text
    intake.accounted = page.accounted
    intake.lines = page.lines
    intake.dropped.extend(page.dropped)
    intake.inserted.extend(page.inserted)
    intake.warnings.extend(page.warnings)


def _clean(intake: Intake) -> None:
    """Run the cleaning steps in their registered order; their origins become lines of the file."""
    for clean in CLEANING_STEPS:
        intake.text = clean(intake.text).report(intake, lambda origin: intake_origin(intake, origin))


def intake_origin(intake: Intake, origin: Origin) -> Origin:
    """An origin in the parser's text, as a line of the file."""
    return Origin(intake.source_line(origin.line), origin.page)
