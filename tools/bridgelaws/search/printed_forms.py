"""Which indexed pages print each word form exactly, so search reads those pages first.

Pagefind's index holds stems, not words: Finnish ``toinen``, ``toisen`` and ``toista`` are
one entry, and so are ``sama``, ``samaa``, ``samassa`` and ``samasta``.  Its ranking cannot
tell a page that prints the word a reader typed from one that prints another form of it, so
for a common stem the pages that print the typed form can rank below the dozen a first page
reads (``samasta``: 27 pages found, the two laws that print it 19th and 21st).  search.js
learns which words a page prints only by fetching the page's fragment, one download each.

:func:`write` reads every fragment Pagefind wrote and puts, for each language, the folded
forms its pages print with the pages that print them, in files by the form's first letters
(``pagefind/forms/fi_sam.json``: ``{"samasta": ["fi_5dd869a", …], …}``, the ids Pagefind's
results carry).  When Pagefind finds more pages than a first page reads, search.js fetches the
files of the query's words (0.1–2 KB compressed each) and reads the pages that print a
query word exactly before the others (``printedFirst``); the files' keys are written into each
search page's data (:func:`announce`), so it asks for no file that was not written.  Forms are
folded and stripped as search.js strips a page's words before it compares them with the
query's (``bare``): lower case, no accents, ``ı`` and ``ł`` as ``i`` and ``l``, letters and digits only; a compound's
hidden parts (``⁘johtaja``) count as printed, as search.js counts them.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from bridgelaws.core import urls
from bridgelaws.search import pagefind_chunks
from bridgelaws.search.engine_data import data_json
from bridgelaws.search.langmodel import fold
from bridgelaws.search.pagefind_chunks import PagefindFormatError
from bridgelaws.search.word_files import packed_keys, situation_key

FRAGMENTS = "fragment"
# a fragment's file name is the id Pagefind's results carry: "fi_5dd869a.pf_fragment"
FRAGMENT_NAME = re.compile(r"(?P<lang>[a-z]{2,3})_[0-9a-f]+\.pf_fragment")
NOT_LETTER = re.compile(r"[\W_]+")  # search.js bare(): /[^\p{L}\p{N}]/gu
SHORTEST = 3  # search.js CARRYING_LENGTH: a shorter query word is never looked up


def bare(word: str) -> str:
    """A page's word as search.js compares it ("“herhangi" → "herhangi", "Säännöt," → "saannot")."""
    return NOT_LETTER.sub("", fold(word))


def printed(content: str) -> set[str]:
    """The forms a page's text prints, as search.js splits it (on white space) and strips each word."""
    forms = {bare(word) for word in content.split()}
    return {form for form in forms if len(form) >= SHORTEST and not form.isdigit()}


def read_fragment(path: Path) -> str:
    """A fragment's indexed text."""
    return pagefind_chunks.read_fragment(path, "content")


def forms_by_key(pages: dict[str, str]) -> dict[str, dict[str, list[str]]]:
    """Each form's pages (ids in order), in the files of their keys: {"sam": {"samasta": [id, …]}}."""
    files: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for page, content in pages.items():
        for form in printed(content):
            files[situation_key(form)][form].add(page)
    return {key: {form: sorted(ids) for form, ids in sorted(forms.items())} for key, forms in sorted(files.items())}


def write(site: Path) -> str:
    """Write each language's forms' files under ``site/pagefind/forms/``; a one-line summary."""
    by_lang: dict[str, dict[str, str]] = defaultdict(dict)
    for path in sorted((site / "pagefind" / FRAGMENTS).glob("*.pf_fragment")):
        name = FRAGMENT_NAME.fullmatch(path.name)
        if name is None:
            raise PagefindFormatError(f"{path.name}: not a fragment's name (lang_hash.pf_fragment)")
        by_lang[name["lang"]][path.name.removesuffix(".pf_fragment")] = read_fragment(path)
    summary = []
    for lang, pages in sorted(by_lang.items()):
        files = forms_by_key(pages)
        for key, forms in files.items():
            target = site / urls.printed_forms(lang, key)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(forms, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        announced = announce(site, lang, files)
        summary.append(
            f"{lang} {len(pages)} pages, {len(files)} files{'' if announced else ', no search page to name them'}"
        )
    return "; ".join(summary) or "no fragments"


def announce(site: Path, lang: str, keys: Iterable[str]) -> bool:
    """Write the keys of the language's forms' files into its search page's data
    (``printedForms.keys``, packed as the situations' keys are), so search.js asks only for files
    that exist: a word no page prints in any form starting with its letters (``ja``, a nonsense
    word) fetches nothing, where it fetched a file the server does not have.  Whether the data
    was there to write to."""
    path = site / urls.search_data(lang)
    if not path.is_file():
        return False
    data = json.loads(path.read_text(encoding="utf-8"))
    data["printedForms"] = {**data["printedForms"], "keys": packed_keys(keys)}
    path.write_text(data_json(data), encoding="utf-8")
    return True
