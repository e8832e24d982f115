"""Search on the built site, without a browser: what it gives Pagefind to index (and what it keeps
out), the files a search page preloads, the search form on every page, and what each search page
loads as it opens."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgelaws.core import facts, urls
from bridgelaws.search import pagefind
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from bridgelaws.stage2_parse.corpus import Corpus


@pytest.mark.site
def test_pagefind_indexes_each_text_language_and_nothing_else(site: Path) -> None:
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert set(entry["languages"]) == set(SEARCH_LANGUAGES)
    for lang, info in entry["languages"].items():
        assert info["page_count"] > 0, lang


@pytest.mark.site
@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_each_search_page_preloads_the_files_pagefind_reads_first(site: Path, lang: str) -> None:
    entry = (site / "pagefind" / "pagefind-entry.json").read_bytes()
    html = (site / urls.search(lang) / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="preload" href="\.\./\.\./pagefind/([^"]+)" as="fetch" crossorigin>', html)
    meta = json.loads(entry)["languages"][lang]["hash"]
    tag = pagefind.entry_tag(entry)
    assert preloads == [f"wasm.{lang}.pagefind", f"pagefind-entry.json?ts={tag}", f"pagefind.{meta}.pf_meta"]
    assert all((site / "pagefind" / name.split("?")[0]).is_file() for name in preloads)


WASM = '<link rel="preload" href="../../pagefind/wasm.fi.pagefind" as="fetch" crossorigin>'


@pytest.mark.parametrize(
    ("page", "meta_hash", "preloaded"),
    [
        (f"<head>{WASM}</head>", "fi_0a1b", True),
        # preloaded already
        (f'<head>{WASM}<link rel="preload" href="../../pagefind/pagefind-entry.json?ts=x"></head>', "fi_0a", False),
        ("<head></head>", "fi_0a1b", False),  # no WebAssembly preload: not a search page
        (WASM.replace("wasm.fi", "wasm.sv"), "fi_0a1b", False),  # another language's
        (f"<head>{WASM}</head>", 'fi_0a1b"><script>', False),  # not a hash Pagefind writes
    ],
)
def test_the_first_files_preloads_go_after_the_webassembly_once(
    tmp_path: Path, page: str, meta_hash: str, preloaded: bool
) -> None:
    (tmp_path / "pagefind").mkdir()
    entry = json.dumps({"version": "1.5.2", "languages": {"fi": {"hash": meta_hash, "wasm": "fi"}}}).encode()
    (tmp_path / "pagefind" / "pagefind-entry.json").write_bytes(entry)
    search_page = tmp_path / urls.search("fi") / "index.html"
    search_page.parent.mkdir(parents=True)
    search_page.write_text(page, encoding="utf-8")
    pagefind.preload_first_files(tmp_path)
    html = search_page.read_text(encoding="utf-8")
    added = pagefind.preload_links("../../pagefind/", pagefind.entry_tag(entry), meta_hash)
    assert html == (page.replace(WASM, WASM + added) if preloaded else page)
    pagefind.preload_first_files(tmp_path)  # a second run adds nothing
    assert search_page.read_text(encoding="utf-8") == html


def test_search_names_each_languages_first_files_as_its_search_page_preloads_them(tmp_path: Path) -> None:
    """/search/'s data gets each language's WebAssembly, entry file (this build's tag) and meta
    file, relative to /search/: the files a language's search page preloads."""
    (tmp_path / "pagefind").mkdir()
    languages = {"fi": {"hash": "fi_0a1b", "wasm": "fi"}, "sv": {"hash": "sv_2c", "wasm": "sv"}, "xx": {"hash": "x"}}
    entry = json.dumps({"version": "1.5.2", "languages": languages}).encode()
    (tmp_path / "pagefind" / "pagefind-entry.json").write_bytes(entry)
    data = tmp_path / urls.search_data("en")
    data.parent.mkdir(parents=True)
    data.write_text(json.dumps({"languages": ["fi", "sv"]}), encoding="utf-8")
    pagefind.preload_first_files(tmp_path)
    tag = pagefind.entry_tag(entry)
    assert json.loads(data.read_text(encoding="utf-8"))["pagefind"] == {
        lang: {
            "wasm": f"../pagefind/wasm.{lang}.pagefind",
            "entry": f"../pagefind/pagefind-entry.json?ts={tag}",
            "meta": f"../pagefind/pagefind.{languages[lang]['hash']}.pf_meta",
        }
        for lang in ("fi", "sv")
    }


@pytest.mark.site
def test_only_law_text_pages_are_searchable(site: Path, corpus: Corpus) -> None:
    def searchable(url: str) -> bool:
        return "data-pagefind-body" in (site / url / "index.html").read_text(encoding="utf-8")

    for entry in corpus.entries:
        for law in entry.document.laws:
            assert searchable(urls.law(entry.meta, law.number)), (entry.meta.id, law.number)
        for point in entry.document.points:
            assert searchable(urls.law(entry.meta, point.number)), (entry.meta.id, point.number)
        assert not searchable(urls.document(entry.meta))
    for url in ["", "fi/", "laws/", "fi/laws/13/", "sv/laws/40/", "compare/13/", "coverage/", "fi/search/"]:
        assert not searchable(url), url


@pytest.mark.site
def test_a_law_page_carries_its_result_fields_and_edition_filter(site: Path) -> None:
    html = (site / "sv" / "2007" / "13" / "index.html").read_text(encoding="utf-8")
    assert 'data-pagefind-meta="key:law:13"' in html
    assert 'data-pagefind-meta="label:13"' in html
    assert 'data-pagefind-filter="edition:2007"' in html


@pytest.mark.site
def test_what_pagefind_leaves_out_is_on_the_pages(site: Path) -> None:
    """The exclusion selectors must name classes the pages really use, or they exclude nothing."""
    classes: set[str] = set()
    for path in ["fi/1997/13", "fi/1997/12", "sv/2007/13", "pl/2017/pzbs/3", "fi/2007/16"]:
        html = (site / path / "index.html").read_text(encoding="utf-8")
        for attribute in re.findall(r'class="([^"]*)"', html):
            classes.update(attribute.split())
    assert all(selector.startswith(".") for selector in pagefind.NOT_LAW_TEXT)
    assert {selector[1:] for selector in pagefind.NOT_LAW_TEXT} <= classes


@pytest.mark.site
@pytest.mark.parametrize(
    ("page", "action"),
    [
        ("index.html", "./search/"),
        ("laws/13/index.html", "../../search/"),
        ("fi/2007/13/index.html", "../../../fi/search/"),
        ("sv/index.html", "../sv/search/"),
        ("tr/2017/45/index.html", "../../../tr/search/"),
        ("pl/2017/pzbs/3/index.html", "../../../../pl/search/"),
    ],
)
def test_every_page_has_a_search_form_for_its_language(site: Path, page: str, action: str) -> None:
    html = (site / page).read_text(encoding="utf-8")
    form = re.search(r'<form class="site-search" role="search" action="([^"]+)"', html)
    assert form is not None
    assert form.group(1) == action


@pytest.mark.site
@pytest.mark.parametrize("lang", [*SEARCH_LANGUAGES, facts.DEFAULT_LANGUAGE])
def test_each_search_page_names_its_data_and_loads_only_its_form(site: Path, lang: str) -> None:
    """The page's data is the file beside it, named by the <template> of the engine's files (which
    preloads it); the page runs search-start.js, and none of the engine's files is among those it
    loads as it opens."""
    html = (site / urls.search(lang) / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    assert 'id="search-results"' in html if lang != facts.DEFAULT_LANGUAGE else 'id="search-by-language"' in html
    template = re.search(r'<template id="search-engine" data-json="data\.json">(.*?)</template>', html, re.S)
    assert template is not None
    assert '<link rel="preload" href="data.json" as="fetch" crossorigin>' in template[1]
    outside = html[: template.start()] + html[template.end() :]
    assert re.findall(r"<script[^>]*application/json[^>]*>", outside) == [
        '<script id="__config" type="application/json">'
    ]
    scripts = re.findall(r'<script[^>]*src="[^"]*/([\w.-]+\.js)"', outside)
    assert "search-start.js" in scripts and not {"search.js", "search-anywhere.js", "pagefind.js"} & set(scripts)
    assert not re.search(r'rel="(?:module)?preload"', outside), "a preload outside the template"
    data = json.loads((site / urls.search_data(lang)).read_text(encoding="utf-8"))
    if lang == facts.DEFAULT_LANGUAGE:  # /search/: what tells a query's language, and where each one's data is
        assert set(data["dataUrls"]) == set(SEARCH_LANGUAGES)
        for code, url in data["dataUrls"].items():
            assert (site / urls.search(lang) / url).resolve() == (site / urls.search_data(code)).resolve()
    else:
        assert data["lang"] == lang and data["docs"] and data["printedForms"]["keys"]
