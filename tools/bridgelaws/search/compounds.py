"""Compound words for search: the parts of each compound, indexed as hidden text (issue 17).

Pagefind matches a query at the start of a word only, so ``johtaja`` cannot find
``kilpailunjohtajalle`` nor ``ledare`` ``tävlingsledaren``.  Each law, point and definition
page therefore carries, after every compound of its text, the compound's parts in an empty
element: ``<span hidden data-pagefind-index-attrs="data-parts" data-parts="⁘johtaja"></span>``.
Pagefind indexes the attribute in place (so the part is found where the compound is, in its
provision); nothing is shown, read aloud or copied.  Each indexed part starts with
:data:`MARK`, which Pagefind leaves out of the word it indexes and ``search.js`` uses to keep
such words out of snippets (a matched part marks its compound there).

Where the parts come from is data, in ``content/search.toml`` (``[<lang>.compounds]``):

* **Finnish**: Voikko's analyses (Debian's ``voikko-fi``, the maintained Finnish morphology):
  each compound's parts in their base forms (``lähtökortista`` → ``lähtö``, ``kortti``;
  ``pöydänjohtaja`` → ``pöytä``, ``johtaja``), computed by ``bridgelaws compounds`` into
  ``content/search/compounds-fi.computed.toml`` (:mod:`.voikko`) and committed, so a build never
  needs Voikko; a test checks that the file was computed from today's texts.  Words Voikko does
  not know (``revokkikortin``) are split by the corpus splitter below.
* **Swedish** (no Voikko): :class:`CorpusSplitter`, at build time: a word splits where each
  part is a word of the texts (a head may end in a linking letter: ``tävlings|ledare``).
* **Turkish**: no compounds; ``bases`` rules give a mutated word's base form where the texts
  have it (``usulsüzlüğe`` → ``usulsüzlük``), indexed the same way.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgelaws.core import datafile
from bridgelaws.stage2_parse.corpus import Corpus

MARK = "⁘"  # starts every hidden part: not a letter, so Pagefind indexes the word after it
ATTRIBUTE = "data-parts"
WORD = re.compile(r"[^\W\d_]+")
MIN_WORD = 6  # the shortest word looked at: two parts of three letters
TABLE_FILE = "search/compounds-fi.computed.toml"  # under content/: Voikko's analyses, regenerated


@dataclass(frozen=True)
class Link:
    """A linking letter a compound's head may end in, as a pattern on the head whose group
    ``stem`` is the head as a word of its own: ``tävlings`` → ``tävling``."""

    pattern: re.Pattern[str]
    example: str


@dataclass(frozen=True)
class Split:
    """A compound: ``surface`` its parts as printed (they join to the word), ``parts`` each as a
    word of its own (a head without its linking letter; from Voikko, base forms)."""

    surface: tuple[str, ...]
    parts: tuple[str, ...]


class CompoundsError(ValueError):
    """``[<lang>.compounds]`` in search.toml or the computed table is malformed."""


def text_words(corpus: Corpus, lang: str) -> Counter[str]:
    """Every word of the language's texts, lower-cased, with how often it is printed."""
    counts: Counter[str] = Counter()
    for text in texts(corpus, lang):
        counts.update(word.lower() for word in WORD.findall(text))
    return counts


def texts(corpus: Corpus, lang: str) -> Iterator[str]:
    for entry in corpus.in_language(lang):
        for definition in entry.document.definitions:
            yield from (definition.term, *(p.text for p in definition.paragraphs))
        for item in [*entry.document.laws, *entry.document.points]:
            yield item.title or ""
            yield from (p.text for p in item.paragraphs)
            yield from (note.text for note in item.footnotes)
            for provision in item.provisions():
                yield provision.title or ""
                yield from (p.text for p in provision.paragraphs)


def candidates(words: Iterable[str]) -> list[str]:
    """The words a compound table covers: every word of :data:`MIN_WORD` letters or more."""
    return sorted({word for word in words if len(word) >= MIN_WORD})


def digest(words: Iterable[str]) -> str:
    """What the computed table was computed from: a hash of its candidate words."""
    return hashlib.sha256("\n".join(candidates(words)).encode("utf-8")).hexdigest()[:16]


class CorpusSplitter:
    """Splits a word where each part is a word of the texts, every part at least ``min_part``
    letters.  A head part (any but the last) is a text word, or one with a linking letter
    (``links``); the last part, inflected as the compound is, a text word or a form of one
    (the same word but for its last one to three letters: ``ledarna`` for ``ledaren``).  Of
    the possible splits the one whose parts are most frequent wins (Koehn and Knight's
    geometric mean); a word with none is no compound."""

    ENDING = 3  # letters an inflection may change at the end of a last part

    def __init__(
        self,
        words: Counter[str],
        links: Sequence[Link] = (),
        min_part: int = 4,
        open_tail: int = 0,
        endings: re.Pattern[str] | None = None,
    ) -> None:
        self.words = words
        self.links = tuple(links)
        self.min_part = min_part
        self.open_tail = open_tail  # after a linking letter, a last part of so many letters need not be a text word
        self.endings = endings  # what is an inflection, never a last part (Swedish "erna")
        self.stems: Counter[str] = Counter()
        for word, count in words.items():
            for cut in range(self.ENDING + 1):
                if len(word) - cut >= min_part:
                    self.stems[word[: len(word) - cut]] += count

    def head(self, part: str) -> tuple[str, int, bool] | None:
        """The head as a word, its frequency, and whether it ends in a linking letter:
        ``tävlings`` → (``tävling``, 3, True): the stem of ``tävlingar``."""
        if len(part) < self.min_part:
            return None
        if part in self.words:
            return part, self.words[part], False
        for link in self.links:
            match = link.pattern.fullmatch(part)
            stem = match["stem"] if match else ""
            if len(stem) >= self.min_part and (stem in self.words or (len(stem) >= 5 and stem in self.stems)):
                return stem, self.words[stem] or self.stems[stem], True
        return None

    def last(self, part: str) -> int:
        if len(part) < self.min_part:
            return 0
        if part in self.words:
            return self.words[part]
        for cut in range(1, self.ENDING + 1):
            if len(part) - cut >= max(self.min_part, 4) and part[: len(part) - cut] in self.stems:
                return self.stems[part[: len(part) - cut]]
        return 0

    def _shared(self, rest: str) -> bool:
        """An open last part that ends three words of the texts or more is a word too
        (``perioden``: budgivnings-, korrigerings-, spel-), unless it is an inflection."""
        if len(rest) < self.open_tail + 1 or (self.endings and self.endings.fullmatch(rest)):
            return False
        return sum(1 for word in self.words if word.endswith(rest) and len(word) >= len(rest) + self.min_part) >= 3

    def _productive(self, head: str, rest: str) -> bool:
        """An open last part is taken only after a head that starts other words of the texts
        too (``tävlings``: -formen, -jury, -ledaren), never an inflection (``bestämmel|s|erna``):
        ``före|s|laget`` is ``före`` + ``slaget``, not ``föres`` + ``laget``."""
        if self.endings and self.endings.fullmatch(rest):
            return False
        tails = {
            word[len(head) : len(head) + 3]
            for word in self.words
            if word.startswith(head) and len(word) > len(head) + 3
        }
        return len(tails) >= 2

    def split(self, word: str) -> Split | None:
        best = self._best(word.lower())
        return best[1] if best else None

    def _best(self, word: str) -> tuple[float, Split] | None:
        best: tuple[float, Split] | None = None
        for cut in range(self.min_part, len(word) - self.min_part + 1):
            head = self.head(word[:cut])
            if head is None:
                continue
            rest = word[cut:]
            options: list[tuple[float, Split]] = []
            if count := self.last(rest):
                options.append((float(count), Split((rest,), (rest,))))
            elif (
                self.open_tail
                and len(rest) >= self.open_tail
                and ((head[2] and self._productive(word[:cut], rest)) or self._shared(rest))
            ):
                options.append((1.0, Split((rest,), (rest,))))
            if tail := self._best(rest):
                options.append(tail)
            for score, tail_split in options:
                n = len(tail_split.parts)
                mean = (head[1] * score**n) ** (1 / (n + 1))
                candidate = Split((word[:cut], *tail_split.surface), (head[0], *tail_split.parts))
                if best is None or mean > best[0] or (mean == best[0] and n + 1 < len(best[1].parts)):
                    best = (mean, candidate)
        return best


@dataclass(frozen=True)
class Base:
    """A spelling rule back to a word's base form, taken only where the base is a word of the
    texts: ``[pattern, replacement, "inflected → base"]`` (Turkish ``usulsüzlüğe`` → ``usulsüzlük``)."""

    pattern: re.Pattern[str]
    replacement: str
    example: str


@dataclass
class Compounds:
    """Per language, each compound word of the texts (lower-cased) → its split, and each word
    whose base form a rule gives → that base."""

    splits: dict[str, dict[str, Split]] = field(default_factory=dict)
    bases: dict[str, dict[str, str]] = field(default_factory=dict)

    def hidden(self, lang: str, word: str) -> tuple[str, ...]:
        """The parts to index beside ``word``: those it does not begin with (a query finds the
        word's start already: ``kilpailunjohtajalle`` → ``johtaja``; ``pöydänjohtaja`` →
        ``pöytä``, ``johtaja``)."""
        lowered = word.lower()
        split = self.splits.get(lang, {}).get(lowered)
        base = self.bases.get(lang, {}).get(lowered)
        parts = [*(split.parts if split else ()), *((base,) if base else ())]
        return tuple(dict.fromkeys(part for part in parts if not lowered.startswith(part)))

    def languages(self) -> list[str]:
        return sorted({*self.splits, *self.bases})


# -- the configuration (search.toml) and the computed table ------------------------------------------


@dataclass(frozen=True)
class Settings:
    """``[<lang>.compounds]``: ``source`` "voikko" (the computed table, words it lacks split by
    the corpus splitter), "corpus" or "none"; the splitter's ``min_part``, ``links``,
    ``open_tail`` and ``endings``; the ``bases`` rules."""

    source: str
    min_part: int
    links: tuple[Link, ...]
    open_tail: int = 0
    endings: re.Pattern[str] | None = None
    bases: tuple[Base, ...] = ()


def _read(path: Path) -> dict[str, Any]:
    try:
        return datafile.read_toml(path).data
    except datafile.DataError as error:
        raise CompoundsError(str(error)) from error


def settings(path: Path) -> dict[str, Settings]:
    if not path.exists():
        return {}
    data = _read(path)
    found = {}
    for lang, table in data.items():
        if not isinstance(table, dict) or "compounds" not in table:
            continue
        entry = table["compounds"]
        source, min_part = entry.get("source", "corpus"), entry.get("min_part", 4)
        if source not in ("voikko", "corpus", "none") or not isinstance(min_part, int) or min_part < 2:
            raise CompoundsError(f"{path}: [{lang}.compounds]: source voikko|corpus|none, min_part a number ≥ 2")
        links = []
        for pair in entry.get("links", []):
            if not (isinstance(pair, list) and len(pair) == 2):
                raise CompoundsError(f"{path}: [{lang}.compounds] links: expected [pattern, example], got {pair!r}")
            try:
                pattern = re.compile(str(pair[0]), re.VERBOSE)
            except re.error as error:
                raise CompoundsError(f"{path}: [{lang}.compounds] link {pair[0]!r}: {error}") from error
            if "stem" not in pattern.groupindex or not pattern.fullmatch(str(pair[1]).split()[0]):
                raise CompoundsError(
                    f"{path}: [{lang}.compounds] link {pair[0]!r}: needs (?P<stem>…) and must match its example"
                )
            links.append(Link(pattern, str(pair[1])))
        open_tail, endings = entry.get("open_tail", 0), entry.get("endings")
        if not isinstance(open_tail, int) or (endings is not None and not isinstance(endings, list)):
            raise CompoundsError(f"{path}: [{lang}.compounds]: open_tail a number, endings [pattern, example]")
        ending = re.compile(str(endings[0]), re.VERBOSE) if endings else None
        if ending and not ending.fullmatch(str(endings[1]).split()[0]):  # type: ignore[index]
            raise CompoundsError(f"{path}: [{lang}.compounds] endings: the pattern must match its example")
        found[str(lang)] = Settings(str(source), min_part, tuple(links), open_tail, ending, _bases(path, lang, entry))
    return found


def _bases(path: Path, lang: str, entry: dict[str, object]) -> tuple[Base, ...]:
    rules = entry.get("bases", [])
    found = []
    for rule in rules if isinstance(rules, list) else [rules]:
        if not (isinstance(rule, list) and len(rule) == 3):
            raise CompoundsError(f"{path}: [{lang}.compounds] bases: expected [pattern, replacement, example]")
        pattern = re.compile(str(rule[0]), re.VERBOSE)
        inflected, _, base = str(rule[2]).partition(" → ")
        match = pattern.fullmatch(inflected)
        if not match or match.expand(str(rule[1])) != base.split()[0]:
            raise CompoundsError(f"{path}: [{lang}.compounds] base {rule[0]!r}: must turn {inflected!r} into {base!r}")
        found.append(Base(pattern, str(rule[1]), str(rule[2])))
    return tuple(found)


@dataclass(frozen=True)
class Table:
    """The computed table: the digest of the words it was computed from, Voikko's compounds,
    and the words Voikko does not know (the corpus splitter's, at build time)."""

    digest: str = ""
    splits: dict[str, Split] = field(default_factory=dict)
    unknown: frozenset[str] = frozenset()


def read_table(path: Path) -> Table:
    """The computed table (an absent file: an empty one)."""
    if not path.exists():
        return Table()
    data = _read(path)
    splits = {}
    for word, row in data.get("words", {}).items():
        surface, parts = row.get("surface", []), row.get("parts", [])
        if "".join(surface) != word or len(surface) != len(parts) or len(parts) < 2:
            raise CompoundsError(f"{path}: {word}: its surface parts must join to the word, one part for each")
        splits[word] = Split(tuple(surface), tuple(parts))
    return Table(str(data.get("digest", "")), splits, frozenset(data.get("unknown", [])))


def to_toml(words: Counter[str], table: Table) -> str:
    lines = [
        "# Finnish compounds of the texts, by Voikko (voikko-fi): computed by `bridgelaws compounds`; do not edit.",
        "# surface: the word cut into its parts as printed; parts: each part's base form.",
        f'digest = "{digest(words)}"  # of the texts\' words of {MIN_WORD}+ letters: tests check it is current',
        "# unknown: the words Voikko does not know, split by the corpus splitter at build time.",
        "unknown = [",
        *(f'  "{word}",' for word in sorted(table.unknown)),
        "]",
        "",
        "[words]",
    ]
    for word in sorted(table.splits):
        split = table.splits[word]
        surface = ", ".join(f'"{part}"' for part in split.surface)
        parts = ", ".join(f'"{part}"' for part in split.parts)
        lines.append(f'"{word}" = {{ surface = [{surface}], parts = [{parts}] }}')
    return "\n".join(lines) + "\n"


def load(content: Path, corpus: Corpus, vocabulary_file: str = "search.toml") -> Compounds:
    """Each configured language's compounds: for Finnish the computed table (and the corpus
    splitter for the words Voikko does not know), for Swedish the corpus splitter."""
    compounds = Compounds()
    for lang, setting in settings(content / vocabulary_file).items():
        words = text_words(corpus, lang)
        table = read_table(content / TABLE_FILE) if setting.source == "voikko" else Table()
        splitter = CorpusSplitter(words, setting.links, setting.min_part, setting.open_tail, setting.endings)
        found = {}
        for word in candidates(words) if setting.source != "none" else []:
            if setting.source == "voikko" and word not in table.unknown:
                split = table.splits.get(word)
            else:
                split = splitter.split(word)
            if split is not None:
                found[word] = split
        compounds.splits[lang] = found
        compounds.bases[lang] = base_forms(words, setting.bases)
    return compounds


def base_forms(words: Counter[str], rules: Sequence[Base]) -> dict[str, str]:
    """Each word a rule turns into another word of the texts → that word (its base form)."""
    found = {}
    for word in sorted(words):
        for rule in rules:
            match = rule.pattern.fullmatch(word)
            base = match.expand(rule.replacement) if match else ""
            if base and base != word and base in words:
                found[word] = base
                break
    return found


# -- the hidden parts on a page ---------------------------------------------------------------------

# the blocks of a page that hold source text (law-source, switches, notes, scripts do not)
TEXT_BLOCK = re.compile(
    r"""^ (?: <p\ class="(?:prov|prov-text|law-text|law-chapter)\b   # <p class="prov lvl-2" id="13D2a">
            | <pre\b                                                  # <pre class="prov-text pre">
            | <section\ class="footnotes"                             # the law's footnotes
            | <div\ class="matter                                     # front and back matter
            | <dl\ class="definitions"                                # the definitions page
            | \#{2,6}\ (?!.*<)                                        # ## 12C Kilpailunjohtajan … { #12C .prov-h }
          )""",
    re.VERBOSE,
)
TAG = re.compile(r"(<[^>]*>)")
ATTRIBUTE_LIST = re.compile(r"\s*\{\s*#[^}]*\}\s*$")  # a heading's { #12C .prov-h }


def hidden_span(parts: Sequence[str]) -> str:
    """``<span hidden data-pagefind-index-attrs="data-parts" data-parts="⁘johtaja"></span>``"""
    value = " ".join(MARK + part for part in parts)
    return f'<span hidden data-pagefind-index-attrs="{ATTRIBUTE}" {ATTRIBUTE}="{value}"></span>'


def with_parts(body: list[str], lang: str, compounds: Compounds) -> list[str]:
    """The page's text blocks with each compound, and each word after a glued hyphen, followed
    by its hidden parts."""
    return [_block(block, lang, compounds) if TEXT_BLOCK.match(block) else block for block in body]


def _words(text: str, lang: str, compounds: Compounds, seen: set[str]) -> str:
    """Each compound of ``text`` (and word after a glued hyphen) followed by those of its parts
    the block has not had yet (once per paragraph finds it; more would only weigh on the index)."""

    def after(match: re.Match[str]) -> str:
        parts = [part for part in compounds.hidden(lang, match[0]) if len(part) >= 3 and part not in seen]
        tail = match[0].lower()
        if _after_glued_hyphen(text, match.start()) and len(tail) >= 3 and tail not in seen:
            parts.append(tail)
        seen.update(parts)
        return match[0] + hidden_span(parts) if parts else match[0]

    return WORD.sub(after, text)


def _after_glued_hyphen(text: str, start: int) -> bool:
    """Whether the word at ``start`` follows a hyphen glued to what precedes it (``C-momentti``,
    ``-momentti`` after a citation's link): Pagefind indexes it only unstemmed, in the whole."""
    return start >= 1 and text[start - 1] == "-" and (start == 1 or text[start - 2].isalnum() or text[start - 2] == ")")


def _block(block: str, lang: str, compounds: Compounds) -> str:
    seen: set[str] = set()
    if block.startswith("#"):
        attributes = ATTRIBUTE_LIST.search(block)
        head = block[: attributes.start()] if attributes else block
        return _words(head, lang, compounds, seen) + (block[attributes.start() :] if attributes else "")
    pieces = TAG.split(block)
    return "".join(piece if index % 2 else _words(piece, lang, compounds, seen) for index, piece in enumerate(pieces))
