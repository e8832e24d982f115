"""Search, one package with one front door: this module.  The design is in ``README.md`` here.

Full-text search is Pagefind's; what it cannot know is ours, in two moments:

* at generate time, :func:`generate`: the search pages (``/search/``, ``/<lang>/search/``), the
  data ``search.js`` reads beside each, the files it fetches when a query needs them
  (situations, the concepts' English words), and the compounds' hidden parts on the pages
  Pagefind indexes;
* after MkDocs, :func:`after_build`: the search pages' cut stylesheets, each text page's
  snippets, Pagefind's index (cut in smaller chunks, its first files preloaded) and which
  pages print each word form.

What it reads: ``content/search.toml`` (:func:`read_vocabulary`, :func:`check_vocabulary`), the
term base (:mod:`bridgelaws.termbase`) and ``content/search/compounds-fi.computed.toml``
(:func:`read_compounds`; ``bridgelaws compounds`` computes it: :func:`update_compounds`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from bridgelaws.search import compounds, vocabulary
from bridgelaws.search.compounds import Compounds, CompoundsError
from bridgelaws.search.engine_data import search_files
from bridgelaws.search.pages import search_data_files, search_pages
from bridgelaws.search.vocabulary import Vocabulary, VocabularyError
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage4_render.page import Page
from bridgelaws.termbase import TermBase

__all__ = [
    "Compounds",
    "CompoundsError",
    "Generated",
    "Vocabulary",
    "VocabularyError",
    "after_build",
    "check_vocabulary",
    "generate",
    "read_compounds",
    "read_vocabulary",
    "update_compounds",
]


def read_vocabulary(content: Path) -> dict[str, Vocabulary]:
    """``content/search.toml``, one :class:`Vocabulary` per language; :class:`VocabularyError`,
    naming the file and line, when it is missing or malformed."""
    return vocabulary.load_vocabulary(content / vocabulary.VOCABULARY_FILE)


def check_vocabulary(content: Path, vocabularies: dict[str, Vocabulary], term_base: TermBase) -> str | None:
    """What ``content/search.toml`` says that the term base does not hold (a ``[bids]`` or
    ``[counts]`` concept it lacks), with the file and line; None when nothing."""
    return vocabulary.unknown_concept_problem(content / vocabulary.VOCABULARY_FILE, vocabularies, term_base)


def read_compounds(content: Path, corpus: Corpus) -> Compounds:
    """Each configured language's compounds (``[<lang>.compounds]`` in ``content/search.toml``):
    the committed Voikko table and the corpus splitter; :class:`CompoundsError` when malformed."""
    return compounds.load(content, corpus, vocabulary.VOCABULARY_FILE)


@dataclass
class Generated:
    """What search adds to generation: ``pages``, the site's pages given with the compounds'
    hidden parts on those Pagefind indexes, then the search pages; ``files``, the files
    ``search.js`` fetches, by path under ``content/docs``."""

    pages: list[Page]
    files: dict[str, str]


def generate(
    corpus: Corpus,
    pages: list[Page],
    vocabularies: dict[str, Vocabulary],
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
    found: Compounds | None = None,
) -> Generated:
    """The search pages and their files, from the vocabulary with the term base's concepts (in
    each edition's numbering through the ``concordance``); and ``pages`` whose front matter
    asks Pagefind to index them (``pagefind``) with each compound followed by its hidden parts
    (:func:`compounds.with_parts`), when ``found`` is given."""
    searched = vocabularies
    if term_base is not None:
        searched = vocabulary.with_term_base(searched, term_base, concordance)
    marked = [
        replace(page, body=compounds.with_parts(page.body, page.lang, found))
        if found is not None and page.meta.get("pagefind")
        else page
        for page in pages
    ]
    files = {**search_files(corpus, searched), **search_data_files(corpus, searched, concordance, term_base)}
    return Generated([*marked, *search_pages(corpus)], files)


def after_build(site: Path, report: Callable[[str], object]) -> None:
    """Search's part of the built site, in order, each step's summary given to ``report``: the
    snippets (from the pages), Pagefind's index and the
    preloads of its first files (from the pages, before the offline lists hash them), then the
    printed forms (from Pagefind's fragments)."""
    # after the build only (BeautifulSoup, Pagefind's files): generate, run far more often, does without them
    from bridgelaws.search import pagefind, printed_forms, snippets

    report(f"snippets: {snippets.write(site)}")
    report(f"pagefind: {' · '.join(pagefind.index_site(site).splitlines())}")
    report(f"pagefind: {pagefind.preload_first_files(site)}")
    report(f"printed forms: {printed_forms.write(site)}")


def update_compounds(content: Path, corpus: Corpus, check: bool) -> tuple[bool, str]:
    """``bridgelaws compounds``: split the Finnish texts' compounds with Voikko into
    ``content/search/compounds-fi.computed.toml``; with ``check``, only whether it was computed
    from today's texts (no Voikko needed).  Whether all is well, and what to say."""
    from bridgelaws.search import voikko  # this command's alone

    words = compounds.text_words(corpus, "fi")
    target = content / compounds.TABLE_FILE
    if check:
        current = compounds.read_table(target)
        if current.digest != compounds.digest(words):
            return False, f"out of date: {target}; run `bridgelaws compounds` (needs Voikko)"
        return True, f"{target}: {len(current.splits)} compounds, up to date"
    table = voikko.voikko_table(words)
    text = compounds.to_toml(words, table)
    old = target.read_text(encoding="utf-8") if target.exists() else None
    if old != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return True, (
        f"{target}: {len(table.splits)} compounds of {len(compounds.candidates(words))} words, "
        f"{len(table.unknown)} unknown to Voikko; {'written' if old != text else 'unchanged'}"
    )
