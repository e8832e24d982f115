"""The site's URL scheme: one place, used by pages, the language switcher and the export.

Stable from the first release (documented in the README):

======================================  =========================================
``/``                                   landing page (English, the default language)
``/<lang>/``                            a language's home (``/fi/``, ``/sv/``, ``/tr/``, ``/pl/``)
``/<lang>/<edition>/``                  a document's start page (``/fi/2007/``)
``/<lang>/<edition>/<law>/#<ref>``      a law, at a provision (``/fi/2007/13/#13A1``)
``/<lang>/<edition>/definitions/``      the document's definitions, ``#def-<term>``
``/fi/1997/sbl/<rule>/``                the Finnish federation's supplementary rules
``/pl/2017/pzbs/<point>/#p3-1-A``       PZBS decisions, at a sub-point
``/<lang>/laws/`` and ``/laws/``        all 93 laws, with the texts that hold each
``/<lang>/laws/<law>/``                 where law N can be read (says so when this language lacks it)
``/compare/<law>/?c=fi-1997,fi-2007``   a law side by side, the chosen texts as columns
``/<lang>/compare/<law>/?c=…``          the same in ``lang``'s interface (``/fi/compare/13/``)
``/numbering/<law>/``                   what moved where in a law between 1997, 2007 and 2017
``/<lang>/numbering/<law>/``            the same in ``lang``'s interface
``/<lang>/search/?q=…``                 search in one language's texts; ``/search/``: the query's language
``/coverage/``, ``/<lang>/coverage/``   which law is in which text
``/404.html``, ``/<lang>/404.html``     the page for a missing address, in its language
``/<lang>/terms/`` and ``/terms/``      the term base's index: each concept by its name, alphabetical
``/<lang>/terms/<first>-<last>/``       the concepts laws first–last govern, their words in every language
``/notes/``, ``/<lang>/notes/``         My notes: the reader's bookmarks and notes (kept in the browser)
``/notes/where.json``                   where each provision is in every other text, for the notes
``/api/laws.json``                      the open-data export: the index of the files below
``/api/documents/<id>.json``            one document's texts (``/api/documents/fi-2007.json``)
``/api/tmx/<id>_<id>.tmx``              a translation memory of two texts (``fi-2007_sv-2007.tmx``)
``/api/terms.tbx``                      the term base as TBX-Basic
======================================  =========================================

Internally URLs are *root-relative without the leading slash* (``fi/2007/13/``) so pages can
link relatively and the site works under a sub-path; the export adds the leading ``/``.
"""

from __future__ import annotations

import functools
import posixpath

from bridgelaws.core import refs
from bridgelaws.core.facts import DEFAULT_LANGUAGE, INTERFACE_LANGUAGES, LAW_COUNT
from bridgelaws.core.model import DocumentMeta


def language_prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


def home(lang: str) -> str:
    return language_prefix(lang)


def document(meta: DocumentMeta) -> str:
    return f"{meta.lang}/{meta.path}/"


def law(meta: DocumentMeta, number: int | str) -> str:
    """A law page (or a regulation's point page): ``fi/2007/13/``, ``pl/2017/pzbs/3/``."""
    return f"{document(meta)}{number}/"


def provision(meta: DocumentMeta, owner: int | str, ref: str) -> str:
    """A provision on its law (or point) page: ``fi/2007/12/#12C1b``, ``pl/2017/pzbs/25/#p25-1-D``."""
    return f"{law(meta, owner)}#{refs.anchor(ref)}"


def definitions(meta: DocumentMeta) -> str:
    return f"{document(meta)}definitions/"


def laws_index(lang: str) -> str:
    return f"{language_prefix(lang)}laws/"


def law_hub(lang: str, number: int) -> str:
    return f"{language_prefix(lang)}laws/{number}/"


def edition_anchor(edition_name: str) -> str:
    """The id of an edition's part of a "where to read" page: ``edition-2017``."""
    return f"edition-{edition_name}"


def law_hub_at(lang: str, number: int, edition_name: str) -> str:
    """Law ``number`` as ``edition_name`` has it, on the "where to read" page: ``laws/23/#edition-2017``
    (a law number holds another rule in another edition)."""
    return f"{law_hub(lang, number)}#{edition_anchor(edition_name)}"


def edition(lang: str, edition_name: str) -> str:
    return f"{lang}/{edition_name}/"


def compare(lang: str, number: int) -> str:
    """The side-by-side view of a law in ``lang``'s interface (the columns carry their own language):
    ``compare/13/``, ``fi/compare/13/``."""
    return f"{language_prefix(lang)}compare/{number}/"


def numbering(lang: str, number: int) -> str:
    """What moved where in law ``number`` between the editions, in ``lang``'s interface (cells link the texts)."""
    return f"{language_prefix(lang)}numbering/{number}/"


def search(lang: str) -> str:
    """``fi/search/``; the default language's ``search/`` sends a query to the language it is
    written in (or shows each likely language's best results)."""
    return f"{language_prefix(lang)}search/"


def search_data(lang: str) -> str:
    """``fi/search/data.json``: what the search page's engine reads besides Pagefind (the texts'
    anchors, the vocabulary, the rules it applies), fetched with the engine on the reader's first
    sign of intent; ``search/data.json``: what tells a query's language on ``/search/``."""
    return f"{search(lang)}data.json"


def search_situations(lang: str, key: str = "{k}") -> str:
    """``fi/search/situations-lah.json``: the language's situations with a word starting with
    ``key`` (its first three letters, folded: "lähti" → ``lah``), fetched by search.js for a
    query of two words or more, one file per query word (a one-word first search carries none)."""
    return f"{search(lang)}situations-{key}.json"


def search_concepts(lang: str, key: str = "{k}") -> str:
    """``fi/search/concepts-rev.json``: the language's concepts of the term base with a word
    starting with ``key`` (its first three letters, folded, as search_situations keys a word),
    fetched by search.js for each word of a query; their keys are on the search page."""
    return f"{search(lang)}concepts-{key}.json"


def search_situation_keys(lang: str) -> str:
    """``fi/search/situations-index.json``: the keys of the language's situations' files (see
    search_situations), fetched with the first of them; a key is three letters at most, so no
    situations' file is called ``index``."""
    return search_situations(lang, "index")


def search_detection_words(lang: str, key: str = "{k}") -> str:
    """``search/words-re.json`` (``lang`` the default language's: /search/'s): the words that tell
    a query's language, every language's and the term base's English, starting with ``key``
    (their first two letters, folded: "revoke" → ``re``), fetched for each word of a query typed
    there; their keys are in the page's data."""
    return f"{search(lang)}words-{key}.json"


def search_detection_model(lang: str) -> str:
    """``search/model.json``: /search/'s letter model, which tells the language of a word no list
    carries, fetched only for a query whose answer it can change."""
    return f"{search(lang)}model.json"


def printed_forms(lang: str, key: str = "{k}") -> str:
    """``pagefind/forms/fi_sam.json``: which of the language's indexed pages print each word form
    starting with ``key`` (its first three letters, folded, as search_situations keys a word),
    fetched by search.js when Pagefind finds more pages than a first page reads
    (:mod:`bridgelaws.search.printed_forms`)."""
    return f"pagefind/forms/{lang}_{key}.json"


def search_english(lang: str, key: str = "{k}") -> str:
    """``fi/search/english-rev.json``: the concepts' English words starting so ("revoke",
    "revoked"), which directors type in every language; fetched by search.js for a query word of
    that key the language's own words leave unnamed (most queries never need them)."""
    return f"{search(lang)}english-{key}.json"


def not_found(lang: str) -> str:
    """The page a host serves for a missing address under the language: ``sv/404.html``
    (``404.html`` at the root; the README says how to set this per host)."""
    return f"{language_prefix(lang)}404.html"


def terms(lang: str) -> str:
    """The term base's index for translators: ``terms/`` (English), ``fi/terms/``."""
    return f"{language_prefix(lang)}terms/"


TERMS_GROUP = 10  # the term base's details come a page per ten laws: 1–9, 10–19 … 90–93


def terms_laws(number: int) -> tuple[int, int]:
    """The first and last law of the term page that holds law ``number``'s concepts: 12 → (10, 19)."""
    first = number // TERMS_GROUP * TERMS_GROUP
    return max(first, 1), min(first + TERMS_GROUP - 1, LAW_COUNT)


def terms_group(lang: str, number: int) -> str:
    """The term page of the concepts law ``number`` governs (and its title), with the laws near it:
    ``fi/terms/10-19/``."""
    first, last = terms_laws(number)
    return f"{terms(lang)}{first}-{last}/"


def web_manifest(lang: str) -> str:
    """The web app manifest that starts in ``lang``: ``fi/manifest.webmanifest``."""
    return f"{home(lang)}manifest.webmanifest"


def notes(lang: str) -> str:
    """My notes, in ``lang``'s interface: ``notes/``, ``fi/notes/``."""
    return f"{language_prefix(lang)}notes/"


def notes_data() -> str:
    """Where each provision is in every other text, for the reader's notes: ``notes/where.json``."""
    return f"{notes(DEFAULT_LANGUAGE)}where.json"


def coverage(lang: str) -> str:
    """Which law is in which text, in ``lang``'s interface: ``coverage/``, ``sv/coverage/``."""
    return f"{language_prefix(lang)}coverage/"


def coverage_text_anchor(meta: DocumentMeta) -> str:
    """The id of a text's entry in the coverage page's legend: ``text-fi-1997-sbl``."""
    return f"text-{meta.id}"


def coverage_text(lang: str, meta: DocumentMeta) -> str:
    """A text's entry in the legend of ``lang``'s coverage page (its language, the federation of a
    national rule set): ``sv/coverage/#text-fi-1997-sbl``."""
    return f"{coverage(lang)}#{coverage_text_anchor(meta)}"


def national_rule_anchor(meta: DocumentMeta, number: str) -> str:
    """The id of a national rule's note on the pages that show it (the law pages and the "where
    to read" pages of the laws it names): ``rule-pl-2017-pzbs-3``, ``rule-fi-1997-sbl-4``."""
    return f"rule-{meta.id}-{number}"


def export() -> str:
    return "api/laws.json"


def export_document(doc_id: str) -> str:
    """One document's texts in the export: ``api/documents/fi-2007.json`` (a manifest id is
    a-z, 0-9 and single hyphens, so it is a safe file name)."""
    return f"api/documents/{doc_id}.json"


def translation_memory(first: str, second: str) -> str:
    """The TMX of two texts whose provisions correspond, the older (or first listed) first:
    ``api/tmx/fi-2007_sv-2007.tmx`` (``_`` is never in a document id)."""
    return f"api/tmx/{first}_{second}.tmx"


def term_base_tbx() -> str:
    """The term base as TBX-Basic: ``api/terms.tbx``."""
    return "api/terms.tbx"


ASSETS = "assets/"  # the theme's stylesheets, scripts and images (overrides/assets)
OFFLINE = "offline/"  # the offline download lists (stage5_site/offline.py)
SITE_FILES = ("sw.js", "pagefind/", "sitemap.xml", "sitemap.xml.gz")


def _folder(url: str) -> str:
    """``compare/13/`` → ``compare/``: the folder a family of pages lives in."""
    return posixpath.dirname(url.rstrip("/")) + "/"


def site_pages() -> list[tuple[str, bool]]:
    """Every URL the site's own pages (not the documents) use, as ``(url, subtree)``:
    ``subtree`` when every URL under it is the site's too (``fi/laws/`` holds ``fi/laws/13/``).

    A document's URL (``<lang>/<path>/``) must not be one of these nor lie under a subtree:
    the manifest check (:mod:`bridgelaws.stage1_read.manifest`) refuses it.
    """
    reserved: list[tuple[str, bool]] = []
    for lang in INTERFACE_LANGUAGES:
        reserved += [
            (home(lang), False),
            (laws_index(lang), True),
            (search(lang), True),
            (terms(lang), True),
            (web_manifest(lang), False),
            (_folder(compare(lang, 1)), True),
            (_folder(numbering(lang, 1)), True),
            (coverage(lang), True),
            (notes(lang), True),
            (not_found(lang), False),
        ]
    reserved += [
        (_folder(export()), True),
        (ASSETS, True),
        (OFFLINE, True),
    ]
    reserved += [(name, name.endswith("/")) for name in SITE_FILES]
    return reserved


def absolute(url: str) -> str:
    """Export form: ``fi/2007/13/#13A`` → ``/fi/2007/13/#13A``."""
    return "/" + url


def relative(from_url: str, to_url: str) -> str:
    """A link from the page at ``from_url`` to ``to_url`` (both root-relative, may carry ``#``).

    >>> relative("fi/2007/13/", "sv/2007/13/#13A")
    '../../../sv/2007/13/#13A'
    """
    target, _, fragment = to_url.partition("#")
    return _relative_path(from_url, target) + (f"#{fragment}" if fragment else "")


@functools.lru_cache(maxsize=1 << 16)  # every link of every page: a page links a few pages often, at many anchors
def _relative_path(from_url: str, target: str) -> str:
    source_dir = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url) + "/"
    path = posixpath.relpath("/" + target, "/" + source_dir) if target != source_dir else "."
    if (target.endswith("/") or not target) and path != ".":
        path += "/"
    if path == ".":
        path = "./"
    return path


def markdown_path(url: str, lang: str, index: bool) -> str:
    """The Markdown file under ``content/docs`` that renders at ``url``.

    A page that heads a folder of pages is an ``index.md``: ``fi/2007/`` → ``fi/2007/index.md``;
    others are named after their last segment: ``fi/2007/13/`` → ``fi/2007/13.md``.  The
    default language lives in ``en/``: ``laws/13/`` → ``en/laws/13.md``.
    """
    if lang != DEFAULT_LANGUAGE and not url.startswith(language_prefix(lang)):
        raise ValueError(f"{url!r} is not a {lang} URL")
    inside = url[len(language_prefix(lang)) :].strip("/")
    if not inside:
        return f"{lang}/index.md"
    return f"{lang}/{inside}/index.md" if index else f"{lang}/{inside}.md"
