"""Pagefind's fragments rid of the anchor texts nothing reads (search/pagefind_fragments.py): a
heading's text kept (Pagefind's sub-results), every other anchor's emptied, nothing else of a
fragment changed, each fragment renamed by its content in its language's meta file, and a
fragment that is not written back to the bytes Pagefind wrote stopping the build.

A small site of real pages, indexed by the real Pagefind as the build does."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from bridgelaws.search import pagefind, pagefind_fragments
from bridgelaws.search import pagefind_chunks as chunks

PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main data-pagefind-body><h1 id="top">{title}</h1><h2 id="a">Osa A</h2><p id="a1">Pelaaja tarjoaa.</p>
<dl><dt id="def-revokki">Revokki</dt><dd>Väri jätetty tunnustamatta.</dd></dl>
<div id="box"><span id="s">Kilpailunjohtaja</span></div><h3 id="b">Osa B</h3><p>Lähtö.</p></main></body></html>"""


def index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trimmed: bool) -> Path:
    site = tmp_path / ("trimmed" if trimmed else "as-written")
    for lang, name in (("fi", "alpha"), ("fi", "beta"), ("sv", "gamma")):
        page = site / lang / name / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(PAGE.format(lang=lang, title=name.title()), encoding="utf-8")
    if not trimmed:
        monkeypatch.setattr(pagefind_fragments, "trim", lambda folder: "not trimmed")
    pagefind.index_site(site)
    monkeypatch.undo()
    return site / pagefind.OUTPUT


def fragments_by_url(folder: Path) -> dict[str, dict[str, object]]:
    """Each page's fragment, by URL, from the files its language's meta file names."""
    found = {}
    for lang, info in chunks.read_entry(folder)["languages"].items():
        meta = chunks.read_file(chunks.meta_path(folder, info))
        assert isinstance(meta, list) and isinstance(meta[1], list)
        for page in meta[1]:
            fragment = chunks.read_fragment_data(folder / "fragment" / f"{page[0]}.pf_fragment")
            assert str(page[0]).startswith(f"{lang}_")
            found[str(fragment["url"])] = fragment
    return found


def test_only_the_texts_of_anchors_that_are_not_headings_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = fragments_by_url(index(tmp_path, monkeypatch, trimmed=False))
    folder = index(tmp_path, monkeypatch, trimmed=True)
    trimmed = fragments_by_url(folder)
    assert set(trimmed) == set(written) == {"/fi/alpha/", "/fi/beta/", "/sv/gamma/"}
    for url, fragment in written.items():
        anchors = fragment["anchors"]
        assert isinstance(anchors, list)
        texts = {anchor["id"]: anchor["text"] for anchor in anchors}
        assert texts["def-revokki"] and texts["a1"]  # Pagefind wrote them
        expected = [anchor if anchor["element"] in ("h1", "h2", "h3") else {**anchor, "text": ""} for anchor in anchors]
        assert trimmed[url] == {**fragment, "anchors": expected}, url
    names = {path.name for path in (folder / "fragment").iterdir()}
    assert len(names) == len(trimmed)  # none left under its old name


@pytest.mark.parametrize(
    ("element", "kept"),
    [("h1", True), ("h6", True), ("H2", True), ("p", False), ("dt", False), ("div", False), ("span", False)],
)
def test_a_heading_keeps_its_text_for_pagefinds_sub_results(element: str, kept: bool) -> None:
    anchor = {"element": element, "id": "x", "text": "Otsikko", "location": 3}
    fragment = {"url": "/fi/1/", "content": "Otsikko teksti", "anchors": [anchor]}
    result = pagefind_fragments.trimmed(fragment)
    assert result["anchors"] == [anchor if kept else {**anchor, "text": ""}]
    assert {key: value for key, value in result.items() if key != "anchors"} == {
        "url": "/fi/1/",
        "content": "Otsikko teksti",
    }


@pytest.mark.parametrize("anchors", [None, [{"id": "x", "text": "t", "location": 0}], ["h1"]])
def test_an_anchor_it_does_not_know_stops_the_build(anchors: object) -> None:
    with pytest.raises(chunks.PagefindFormatError):
        pagefind_fragments.trimmed({"url": "/fi/1/", "anchors": anchors})


def test_a_fragment_not_written_back_to_its_bytes_stops_the_build(tmp_path: Path) -> None:
    path = tmp_path / "fi_1234567.pf_fragment"
    path.write_bytes(gzip.compress(chunks.SIGNATURE + b'{"url": "/fi/1/", "anchors": []}'))  # spaced: not Pagefind's
    with pytest.raises(chunks.PagefindFormatError, match="same bytes"):
        chunks.read_fragment_data(path)
    path.write_bytes(gzip.compress(chunks.SIGNATURE + b'{"url":"/fi/1/","anchors":[]}'))
    assert chunks.read_fragment_data(path) == {"url": "/fi/1/", "anchors": []}
