"""The term base's types: a concept, its terms in each language, the laws that govern it.

See ``content/terms/README.md`` for the data files.  A :class:`Concept` is one thing a
director looks up (a penalty card, the dummy's rights); its :class:`Term` rows give the
words for it in one language, each with the ``basis`` that justifies them; its ``laws``
are canonical references, the governing law (the one that defines it or is titled by it)
first, then the laws that use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from bridgelaws.core import refs
from bridgelaws.core.facts import DEFAULT_LANGUAGE, EDITIONS
from bridgelaws.stage3_link.concordance import Checked, first_counterpart, law_in

if TYPE_CHECKING:
    from bridgelaws.stage3_link.concordance import Concordance

PREFIX = "*"  # ``revoke*``: a form that matches any word starting with ``revoke``


def is_stem(form: str) -> bool:
    """Whether ``form`` is a search stem (``revoke*``), not a word: search's prefix-match
    notation, never shown to a reader as a form (the TBX, the term pages, a concept's name)."""
    return form.endswith(PREFIX)


@dataclass(frozen=True)
class Term:
    """The words for a concept in ``lang``: ``forms`` (base form first), and why they are it.

    ``source`` and ``at`` name where the first form is printed when the words come from our
    texts (``fi-2007`` at ``definitions``, ``16B``, ``contents``); None for curated words.
    ``checked`` says how sure they are (``read`` in a published text, or ``not verified``).
    """

    lang: str
    forms: tuple[str, ...]
    basis: str
    source: str | None = None
    at: str | None = None
    where: str = ""
    checked_as: Checked | None = None  # the row's own `checked`, if it says

    @property
    def seeded(self) -> bool:
        return self.source is not None

    @property
    def checked(self) -> Checked:
        """How sure the words are: as the row says; else read for a seeded row (``bridgelaws
        terms`` checks they are printed where it says), not verified for a curated one."""
        if self.checked_as is not None:
            return self.checked_as
        return Checked.READ if self.seeded else Checked.NOT_VERIFIED

    @property
    def words(self) -> tuple[str, ...]:
        """The forms that are words or phrases, in the row's order: what a reader is shown."""
        return tuple(form for form in self.forms if not is_stem(form))

    @property
    def stems(self) -> tuple[str, ...]:
        """The row's search stems without their ``*`` (``revoke*`` → ``revoke``), in its order."""
        return tuple(form.removesuffix(PREFIX) for form in self.forms if is_stem(form))


@dataclass(frozen=True)
class Missing:
    """No term in ``lang``, and why (no source names it and none could be justified)."""

    lang: str
    reason: str
    where: str = ""


@dataclass(frozen=True)
class Place:
    """Where a text defines or heads the concept: a definition (``term``) or a provision (``ref``)."""

    doc: str
    term: str | None = None
    ref: str | None = None
    where: str = ""  # file:line of the concept's ``defined``


class SynonymRow(NamedTuple):
    """A concept as search's synonym (TermBase.synonyms; the fields of vocabulary.Synonym)."""

    words: tuple[str, ...]
    refs: tuple[str, ...]
    note: str
    title: bool
    elsewhere: tuple[tuple[str, tuple[str, ...]], ...]  # its laws in other editions' numbering
    situation: bool


# a concept whose words are one law's title (a file of them says `kind = "law-title"`)
LAW_TITLE = "law-title"
KINDS = ("concept", LAW_TITLE)
# a director's words for a situation at the table, in one language (content/terms/situations)
SITUATION = "situation"


@dataclass(frozen=True)
class Concept:
    """One concept: ``laws`` hold in every edition of ``editions`` unless ``laws_in`` says otherwise."""

    id: str
    name: str
    laws: tuple[str, ...]
    terms: tuple[Term, ...]
    missing: tuple[Missing, ...] = ()
    defined: tuple[Place, ...] = ()
    editions: tuple[str, ...] = EDITIONS
    laws_in: dict[str, tuple[str, ...]] = field(default_factory=dict)
    note: str = ""
    where: str = ""
    kind: str = "concept"  # or LAW_TITLE: its file's `kind` (content/terms/law-titles.toml); or SITUATION

    @property
    def is_law_title(self) -> bool:
        return self.kind == LAW_TITLE

    @property
    def is_situation(self) -> bool:
        return self.kind == SITUATION

    def laws_of(self, edition: str | None = None) -> tuple[str, ...]:
        """The laws in ``edition``'s numbering (the newest edition's when None); () if it lacks the concept."""
        edition = edition or self.editions[-1]
        if edition not in self.editions:
            return ()
        return self.laws_in.get(edition, self.laws)

    def governing(self, edition: str | None = None) -> str | None:
        """The law that defines the concept or is titled by it: the first of :meth:`laws_of`."""
        laws = self.laws_of(edition)
        return laws[0] if laws else None

    def laws_elsewhere(self, concordance: Concordance | None) -> dict[str, tuple[str, ...]]:
        """The concept's laws in each other edition's numbering, where they differ from
        :meth:`laws_of` the newest: ``laws_in`` where it says, else each law through the
        concordance, position by position (2017 ``16C`` → 2007 ``16D``; :func:`in_edition`).  A
        provision no row maps goes to the law the law rows give, ``""`` at its position where
        they say the edition has none (search skips it); an edition without the concept has none."""
        newest = self.editions[-1]
        laws = self.laws_of(newest)
        found: dict[str, tuple[str, ...]] = {}
        for edition in EDITIONS:
            if edition == newest:
                continue
            if edition not in self.editions:
                mapped: tuple[str, ...] = ()
            elif edition in self.laws_in:
                mapped = self.laws_in[edition]
            elif concordance is not None:
                mapped = tuple(in_edition(ref, newest, edition, concordance) for ref in laws)
            else:
                continue
            if mapped != laws:
                found[edition] = mapped
        return found

    def law_numbers(self, edition: str | None = None) -> list[int]:
        """The laws' numbers, in order, once each (``73D`` counts as 73)."""
        return list(dict.fromkeys(n for n in (refs.law_of(r) for r in self.laws_of(edition)) if n))

    def terms_in(self, lang: str) -> list[Term]:
        return [term for term in self.terms if term.lang == lang]

    def forms(self, lang: str) -> list[str]:
        """Every form in ``lang``, in file order, once each."""
        return list(dict.fromkeys(form for term in self.terms_in(lang) for form in term.forms))

    def words(self, lang: str) -> list[str]:
        """Every form in ``lang`` that is a word or phrase (:attr:`Term.words`), in file order, once each."""
        return list(dict.fromkeys(word for term in self.terms_in(lang) for word in term.words))

    def name_in(self, lang: str) -> str | None:
        """The concept's name in ``lang``, as the term pages, the "where to read" pages and search's
        results show it: its first row's base form; where that is a search stem (``no trump*``),
        on English pages the concept's English ``name`` (a later form may be an abbreviation or
        an opposite: ``nt``, ``non-vulnerable``), in another language its first word; None where
        ``lang`` has no word."""
        terms = self.terms_in(lang)
        if not terms:
            return None
        if not is_stem(terms[0].forms[0]):
            return terms[0].forms[0]
        if lang == DEFAULT_LANGUAGE:
            return self.name
        words = self.words(lang)
        return words[0] if words else None

    def missing_in(self, lang: str) -> Missing | None:
        return next((m for m in self.missing if m.lang == lang), None)


def in_edition(ref: str, edition: str, other: str, concordance: Concordance) -> str:
    """``ref`` of ``edition`` as ``other`` numbers it: the first provision the concordance's
    provision rows pair with it; else the law its law rows give (2007 ``23`` → 2017 ``72``),
    ``""`` where they say it has none there (2017 ``23A`` in 2007: the comparable call is new);
    its law's number only where no row speaks of it at all."""
    found = first_counterpart(concordance.corresponding(ref, edition, other))
    if found:
        return found
    number = refs.law_of(ref) or 0
    laws = law_in(concordance, number, edition, other)
    if laws is None:
        return str(number)
    return str(laws[0]) if laws else ""


@dataclass
class TermBase:
    concepts: list[Concept] = field(default_factory=list)
    # a language's phrases for what happens at the table (content/terms/situations): for search only
    situations: list[Concept] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # file:line first

    def by_id(self, concept_id: str) -> Concept | None:
        return self._by_id.get(concept_id)

    @cached_property
    def _by_id(self) -> dict[str, Concept]:
        found: dict[str, Concept] = {}
        for concept in self.concepts:
            found.setdefault(concept.id, concept)
        return found

    def governed_by(self, number: int) -> list[Concept]:
        """The concepts (law titles too) whose governing law in the newest edition is law ``number``,
        in the term base's order: every "where to read Law N" page asks, so they are found once."""
        return list(self._by_governing_law.get(number, ()))

    @cached_property
    def _by_governing_law(self) -> dict[int, list[Concept]]:
        index: dict[int, list[Concept]] = {}
        for concept in self.concepts:
            law = refs.law_of(concept.governing() or "")
            if law is not None:
                index.setdefault(law, []).append(concept)
        return index

    def synonyms(
        self, lang: str, edition: str | None = None, concordance: Concordance | None = None
    ) -> list[SynonymRow]:
        """``(words, refs, note, title, elsewhere, situation)`` per concept, the shape of a search synonym: the
        concept's words in ``lang`` and in English (directors use the English words everywhere), its
        laws with the governing one first, its name in ``lang`` to show beside a result, whether it
        is a law's title (a title wins a tie: the law titled by the words comes first), its laws
        in the other editions' numbering where they differ (:meth:`Concept.laws_elsewhere`), and
        whether it is a situation (its phrases in their own language only, no name to show)."""
        found = []
        for concept in [*self.concepts, *self.situations]:
            laws = concept.laws_of(edition)
            # a title or a situation is typed in the reader's language; a concept's English words everywhere
            own_only = concept.is_law_title or concept.is_situation
            english = concept.forms("en") if not own_only or lang == "en" else []
            words = tuple(dict.fromkeys(f.lower() for f in [*concept.forms(lang), *english]))
            if laws and words:
                elsewhere = tuple(concept.laws_elsewhere(concordance).items()) if edition is None else ()
                note = concept.name_in(lang) or concept.name
                found.append(SynonymRow(words, laws, note, concept.is_law_title, elsewhere, concept.is_situation))
        return found
