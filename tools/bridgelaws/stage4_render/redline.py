"""Differences between two editions of one language (the redline), sentence by sentence.

Computed at build time with the standard library's :mod:`difflib` (no hand-written diff
algorithm).  A rewritten section is compared the way a reader compares it:

1. both texts are split into sentences by their language's rules
   (:func:`bridgelaws.core.sentences.split`: a word ending in ``.``, ``!``, ``?``, ``:`` or
   ``;`` before a word that starts with a capital letter ends a sentence, unless it is one of
   the language's abbreviations, ``ks.``, ``t.ex.``), each block (a title, a paragraph) ending one;
2. the two sentence sequences are aligned with :class:`difflib.SequenceMatcher` (identical
   sentences), and in each stretch between identical ones the most similar pair of sentences
   is matched first, then the stretches on either side of it, as long as a pair's character
   similarity is at least :data:`CUTOFF` (what :class:`difflib.Differ` does with lines);
3. a matched pair is compared word by word (words with their punctuation; whitespace is not
   compared, so a changed case ending shows as one replaced word); a sentence left unmatched
   is deleted or inserted whole.

So a section with one new sentence and a reworded clause shows as that sentence inserted and
the clause's words changed, not as the whole old text struck out and the whole new one
inserted.  The HTML marks deletions with ``<del>`` and insertions with ``<ins>`` (the
stylesheet makes them readable without colour too: strike-through and underline, with − and
+ signs); the source text is escaped, never markup.
"""

from __future__ import annotations

import difflib
import html
import itertools
import re
from collections.abc import Iterator, Sequence

from bridgelaws.core.sentences import split

TOKEN = re.compile(r"\S+")  # "Kilpailunjohtaja" / "(ks." / "13F),"
# Sentences are compared word by word from this character similarity on: Finnish 1997 16A1 and
# 2007 16B2, one sentence rewritten around the same clauses, score 0.52; unrelated sentences of
# the two texts score 0.26 (median of random pairs; 0.36 at the 90th percentile).
CUTOFF = 0.5

Sentence = tuple[str, ...]
Op = str  # "=" both texts, "-" only the old, "+" only the new


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def sentences(text: str | Sequence[str], lang: str) -> list[Sentence]:
    """The text's words, grouped into sentences (every word in exactly one, in order).

    Given several blocks (a title and paragraphs), each block ends a sentence: a title has
    no full stop, and is compared as a sentence of its own.
    """
    if not isinstance(text, str):
        return [sentence for block in text for sentence in sentences(block, lang)]
    return [words for piece in split(text, lang) if (words := tuple(tokens(piece)))]


def similarity(a: Sentence, b: Sentence) -> float:
    """Character similarity of two sentences (difflib's ratio, 0–1)."""
    matcher = difflib.SequenceMatcher(a=" ".join(a), b=" ".join(b), autojunk=False)
    if matcher.real_quick_ratio() < CUTOFF or matcher.quick_ratio() < CUTOFF:
        return 0.0
    return matcher.ratio()


def _words(a: Sequence[str], b: Sequence[str]) -> Iterator[tuple[Op, list[str]]]:
    """Word-level differences of two sentences."""
    matcher = difflib.SequenceMatcher(a=list(a), b=list(b), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            yield "=", list(b[j1:j2])
            continue
        if i2 > i1:
            yield "-", list(a[i1:i2])
        if j2 > j1:
            yield "+", list(b[j1:j2])


def _stretch(a: Sequence[Sentence], b: Sequence[Sentence]) -> Iterator[tuple[Op, list[str]]]:
    """Sentences between two identical ones: the most similar pair first, then either side of it."""
    best, at = CUTOFF, None
    for i, old in enumerate(a):
        for j, new in enumerate(b):
            score = similarity(old, new)
            if score >= best and (at is None or score > best):
                best, at = score, (i, j)
    if at is None:
        for old in a:
            yield "-", list(old)
        for new in b:
            yield "+", list(new)
        return
    i, j = at
    yield from _stretch(a[:i], b[:j])
    yield from _words(a[i], b[j])
    yield from _stretch(a[i + 1 :], b[j + 1 :])


Text = str | Sequence[str]  # a text, or its blocks (title, paragraphs), each ending a sentence


def diff(old: Text, new: Text, lang: str) -> Iterator[tuple[Op, str]]:
    """(op, text) pieces of two texts in ``lang``: op is ``=`` (both), ``-`` (only in old) or
    ``+`` (only in new).

    Each piece is its words joined by single spaces; consecutive pieces of one op are joined,
    so the ops alternate.  Dropping the ``+`` pieces gives the old text's words, dropping the
    ``-`` pieces the new text's.
    """
    a, b = sentences(old, lang), sentences(new, lang)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    pieces: list[tuple[Op, list[str]]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        found = (
            [("=", [word for sentence in b[j1:j2] for word in sentence])]
            if tag == "equal"
            else list(_stretch(a[i1:i2], b[j1:j2]))
        )
        for op, words in found:
            if not words:
                continue
            if pieces and pieces[-1][0] == op:
                pieces[-1][1].extend(words)
            else:
                pieces.append((op, list(words)))
    for op, words in pieces:
        yield op, " ".join(words)


Pieces = Sequence[tuple[Op, str]]  # what :func:`diff` yields


def _word_counts(pieces: Pieces) -> dict[Op, int]:
    counts = {"=": 0, "-": 0, "+": 0}
    for op, text in pieces:
        counts[op] += len(text.split())
    return counts


def kept_share(pieces: Pieces) -> float:
    """The share of the two texts' words a redline keeps (0–1): twice the kept words over all
    words.  Near 0 the texts were rewritten, not edited."""
    counts = _word_counts(pieces)
    total = 2 * counts["="] + counts["-"] + counts["+"]
    return 2 * counts["="] / total if total else 1.0


# A pair keeping less than this share of its words was rewritten, not edited (measured over the
# 108 fi-1997 ↔ fi-2007 pairs of the compare views: 1997 16 ↔ 2007 16A keeps 0, 6D1 0, 16B ↔ 16C
# 0.11; the first edited pair, 14A, keeps 0.21) …
REWRITTEN_SHARE = 0.2
# … unless both are short: a changed title ("LUVATTOMAT TIEDOT" → "LUVALLINEN JA LUVATON TIETO")
# reads well struck out and inserted
REWRITTEN_WORDS = 12


def is_rewrite(pieces: Pieces) -> bool:
    """Whether a redline (:func:`diff`'s pieces) strikes out one long text and inserts the other
    whole.  The pieces hold both texts' words (dropping ``+`` gives the old text, ``-`` the new)."""
    counts = _word_counts(pieces)
    longest = counts["="] + max(counts["-"], counts["+"])
    return longest > REWRITTEN_WORDS and kept_share(pieces) < REWRITTEN_SHARE


TAGS = {"=": ("", ""), "-": ("<del>", "</del>"), "+": ("<ins>", "</ins>")}


def _marked(op: Op, text: str) -> str:
    return f"{TAGS[op][0]}{html.escape(text)}{TAGS[op][1]}"


def blocks_html(pieces: Pieces, block_words: Sequence[int]) -> list[str]:
    """A redline's pieces as HTML, one string per block of the new text (a title, a paragraph):
    ``block_words`` is how many words each block of the new text has, in order, so the redline
    keeps the new text's title and paragraphs apart.  Each block holds its words, kept or
    inserted; words only the old text has go where they were read: at the start of the block
    that follows them, or in the block they were read inside.  A new text of no words, or
    ``block_words`` empty, is one block."""
    ends = list(itertools.accumulate(count for count in block_words if count))
    starts = set(ends[:-1])  # where a block after the first starts: its first word's place
    blocks: list[list[str]] = [[]]
    seen = 0  # the new text's words placed so far
    opened_at = 0  # ``seen`` when the block being written was opened

    def block_due() -> bool:
        """Whether the new text's next word starts a block not opened yet."""
        return seen in starts and seen != opened_at

    def open_block() -> None:
        nonlocal opened_at
        blocks.append([])
        opened_at = seen

    for op, text in pieces:
        if op == "-":
            if block_due():
                open_block()
            blocks[-1].append(_marked(op, text))
            continue
        run: list[str] = []
        for word in text.split(" "):
            if block_due():
                if run:
                    blocks[-1].append(_marked(op, " ".join(run)))
                    run = []
                open_block()
            run.append(word)
            seen += 1
        blocks[-1].append(_marked(op, " ".join(run)))
    return [" ".join(block) for block in blocks]
