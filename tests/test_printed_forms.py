"""Which pages print each word form: the files search.js reads to put those pages first."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.core import urls
from bridgelaws.search import printed_forms
from bridgelaws.search.engine_data import data_json
from bridgelaws.search.pagefind_chunks import SIGNATURE, PagefindFormatError
from bridgelaws.search.printed_forms import bare, forms_by_key, printed
from bridgelaws.search.word_files import situation_key


@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("“herhangi", "herhangi"),  # a quotation mark glued to the word (Turkish 46)
        ("Säännöt,", "saannot"),  # accents and the comma after it
        ("KISITLAMA", "kisitlama"),  # dotless ı folded to i, as search.js folds
        ("İhlal", "ihlal"),
        ("⁘johtaja", "johtaja"),  # a compound's hidden part counts as printed
        ("12C1(b)", "12c1b"),
        ("namysł", "namysl"),
        ("—", ""),
    ],
)
def test_a_word_is_stripped_as_search_js_strips_a_pages_word(word: str, form: str) -> None:
    assert bare(word) == form


@given(st.text())
@settings(max_examples=300, deadline=None)
def test_a_stripped_word_is_letters_and_digits_and_strips_to_itself(word: str) -> None:
    form = bare(word)
    assert all(char.isalnum() for char in form)
    assert bare(form) == form


def test_a_page_prints_its_words_of_three_letters_or_more_and_no_bare_number() -> None:
    content = "55 § PELINVIEJÄN lähtö väärältä puolelta. A. Jos 1997 ja kilpailunjohtaja ⁘johtaja."
    assert printed(content) == {"pelinviejan", "lahto", "vaaralta", "puolelta", "jos", "kilpailunjohtaja", "johtaja"}


def test_each_form_is_filed_under_its_key_with_every_page_that_prints_it() -> None:
    pages = {"fi_1": "samasta samassa toinen", "fi_2": "Samasta, toisen", "fi_3": "sama"}
    files = forms_by_key(pages)
    assert files == {
        "sam": {"sama": ["fi_3"], "samassa": ["fi_1"], "samasta": ["fi_1", "fi_2"]},
        "toi": {"toinen": ["fi_1"], "toisen": ["fi_2"]},
    }
    for key, forms in files.items():
        assert all(situation_key(form) == key for form in forms)


def _fragment(path: Path, url: str, content: str, signature: bytes = SIGNATURE) -> None:
    body = json.dumps({"url": url, "content": content, "word_count": len(content.split())}).encode()
    path.write_bytes(gzip.compress(signature + body))


def test_the_files_are_written_by_language_where_urls_says(tmp_path: Path) -> None:
    fragments = tmp_path / "pagefind" / "fragment"
    fragments.mkdir(parents=True)
    _fragment(fragments / "fi_0a1b2c3.pf_fragment", "/fi/1997/67/", "samasta tikistä")
    _fragment(fragments / "fi_4d5e6f7.pf_fragment", "/fi/1997/74/", "samasta")
    _fragment(fragments / "tr_89abcde.pf_fragment", "/tr/2017/12/", "herhangi bir")
    search_data = tmp_path / urls.search_data("fi")  # as generate writes it: no keys yet
    search_data.parent.mkdir(parents=True)
    data = {"printedForms": {"url": urls.printed_forms("fi"), "keys": ""}, "x": "<ä"}
    search_data.write_text(data_json(data), encoding="utf-8")
    summary = printed_forms.write(tmp_path)
    assert summary == "fi 2 pages, 2 files; tr 1 pages, 2 files, no search page to name them"
    written = search_data.read_text(encoding="utf-8")
    assert written == data_json({**data, "printedForms": {**data["printedForms"], "keys": "sam tik"}})
    sam = json.loads((tmp_path / urls.printed_forms("fi", "sam")).read_text(encoding="utf-8"))
    assert sam == {"samasta": ["fi_0a1b2c3", "fi_4d5e6f7"]}
    her = json.loads((tmp_path / urls.printed_forms("tr", "her")).read_text(encoding="utf-8"))
    assert her == {"herhangi": ["tr_89abcde"]}  # one language's pages only
    assert not (tmp_path / urls.printed_forms("tr", "sam")).exists()


@pytest.mark.parametrize(
    ("name", "signature", "message"),
    [
        ("fi_0a1b2c3.pf_fragment", b"not_pagefind", "fi_0a1b2c3.pf_fragment: no b'pagefind_dcd' signature"),
        ("0a1b2c3.pf_fragment", SIGNATURE, "0a1b2c3.pf_fragment: not a fragment's name"),
    ],
)
def test_a_fragment_pagefind_did_not_write_stops_the_build_naming_the_file(
    tmp_path: Path, name: str, signature: bytes, message: str
) -> None:
    fragments = tmp_path / "pagefind" / "fragment"
    fragments.mkdir(parents=True)
    _fragment(fragments / name, "/fi/1997/1/", "sana", signature)
    with pytest.raises(PagefindFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        printed_forms.write(tmp_path)


def test_every_word_of_every_indexed_page_is_in_its_forms_file(site: Path) -> None:
    """Nothing left out: each page Pagefind indexed is listed under each form it prints."""
    fragments = sorted((site / "pagefind" / "fragment").glob("*.pf_fragment"))
    assert len(fragments) > 100
    files: dict[str, dict[str, list[str]]] = {}
    for path in fragments:
        page = path.name.removesuffix(".pf_fragment")
        lang = page.split("_")[0]
        for form in printed(printed_forms.read_fragment(path)):
            name = urls.printed_forms(lang, situation_key(form))
            if name not in files:
                files[name] = json.loads((site / name).read_text(encoding="utf-8"))
            assert page in files[name][form], (page, form)
